"""The search's whole deals (``planner.py``, ``EsportMonopoly.search_plans``): each plan is legal
step by step and ends in an offer, priced so that a ``greedy`` partner accepts it (at the least
it accepts), ``greedy``'s own proposal is among them, and they read nothing a seat cannot see."""

from __future__ import annotations

from functools import cache
from typing import Any

from tycoon.core import Action, Match, SeededRng, make
from tycoon.core.actions import is_legal
from tycoon.games.esport_monopoly import actions as A
from tycoon.games.esport_monopoly.bots import GreedyBot
from tycoon.games.esport_monopoly.game import EsportMonopoly
from tycoon.games.esport_monopoly.planner import MAX_PLANS
from tycoon.games.esport_monopoly.state import WINDOW, Deal, Manage, State, Window
from tycoon.sim import make_bots

from .helpers import new_game, position


@cache
def planned_decisions() -> tuple[tuple[EsportMonopoly, State, int, tuple[Any, ...]], ...]:
    """Every decision of three greedy games where the planner offers deals, with its plans."""
    game = make("esport-monopoly")
    assert isinstance(game, EsportMonopoly)
    found = []
    for seed in range(3):
        seats = ["greedy"] * game.players
        bots = make_bots(game, seats, seed)
        match: Match[Any, Any, Any] = Match(game, seed, seats)
        while match.to_act():
            seat = match.to_act()[0]
            legal = match.legal_actions(seat)
            plans = tuple(game.search_plans(match.state, seat, legal))
            if plans:
                found.append((game, match.state, seat, plans))
            match.play(bots[seat].choose(match.view(seat), legal))
    return tuple(found)


def written(game: EsportMonopoly, state: State, seat: int, plan: Any) -> State:
    """``state`` after ``plan``, each step checked to be the seat's and legal in turn."""
    for step in plan:
        assert game.to_act(state)[0] == seat
        assert is_legal(game.legal_actions(state, seat), step), step
        state = game.transition(state, step, SeededRng(0))
    return state


def test_every_plan_is_legal_step_by_step_and_ends_in_an_offer() -> None:
    decisions = planned_decisions()
    assert len(decisions) > 20
    for game, state, seat, plans in decisions:
        assert 1 <= len(plans) <= MAX_PLANS
        assert len(set(plans)) == len(plans)
        for plan in plans:
            after = written(game, state, seat, plan)
            top = after.table.stack[-1]
            assert isinstance(top, Deal) and top.sent and top.proposer == seat
            assert top.take or top.give


def test_a_greedy_partner_accepts_every_plan_but_greedys_own_offer() -> None:
    """Every plan is one a ``greedy`` partner accepts, except ``greedy``'s own proposal (kept
    whatever the partner says, as ``greedy`` makes it: it may not count the partner's fees)."""
    accepted = 0
    for game, state, seat, plans in planned_decisions():
        own = None
        if type(state.table.stack[-1]) is Window:
            own = GreedyBot(game, seat, SeededRng(0), {}).find_deal(state.table)
        for plan in plans:
            after = written(game, state, seat, plan).table
            deal = after.stack[-1]
            assert isinstance(deal, Deal)
            if GreedyBot(game, deal.partner, SeededRng(0), {}).likes(after, deal):
                accepted += 1
            else:
                assert (deal.partner, deal.give, deal.take, deal.cash) == own, plan
    assert accepted > 20


def test_greedys_own_proposal_is_always_among_the_plans() -> None:
    """At the seat's own window, what a fresh ``greedy`` (remembering no refused offer) would
    propose is a plan: the search can only add options to it."""
    compared = 0
    for game, state, seat, plans in planned_decisions():
        if type(state.table.stack[-1]) is not Window:
            continue
        proposal = GreedyBot(game, seat, SeededRng(0), {}).find_deal(state.table)
        if proposal is None:
            continue
        partner, give, take, cash = proposal
        steps: list[Action] = [A.OpenManage(seat), A.OpenDeal(seat, partner)]
        steps += [A.Give(seat, s) for s in give] + [A.Take(seat, s) for s in take]
        steps += [A.Cash(seat, cash)] if cash else []
        steps.append(A.Offer(seat))
        assert tuple(steps) in plans
        compared += 1
    assert compared >= 5


def test_a_deed_completing_a_group_is_bought_at_the_least_a_greedy_partner_accepts() -> None:
    """Seat 0 holds two of the light blues (6, 8), seat 1 the third (9): the planner offers to
    buy it for cash at the least a greedy seat 1 accepts (a pound less is refused), and greedy's
    own higher price too."""
    game = new_game()
    state = position(game, active=0, owner={6: 0, 8: 0, 9: 1, 1: 2}, cash=[1500] * 4)
    plans = game.search_plans(state, 0, game.legal_actions(state, 0))
    buys = [p for p in plans if A.Take(0, 9) in p and not any(type(s) is A.Give for s in p)]
    assert buys
    amounts = sorted(s.amount for p in buys for s in p if type(s) is A.Cash)
    least = amounts[0]
    partner = GreedyBot(game, 1, SeededRng(0), {})
    for plan in buys:
        deal = written(game, state, 0, plan).table.stack[-1]
        assert isinstance(deal, Deal)
        assert partner.likes(state.table, deal)
    short = Deal(0, 1, (), (9,), least - 1, 0, 0, True)
    assert not partner.likes(state.table, short)
    sells = [p for p in plans if A.Give(0, 6) in p and A.Give(0, 8) in p]
    assert sells  # selling the seat's share to seat 1 is weighed too


def test_no_plans_where_no_deal_can_start() -> None:
    """Another seat's turn, a deal already written this turn, or nothing to trade: no plans;
    at the seat's own management menu the plans start with the deal itself."""
    game = new_game()
    owner = {6: 0, 8: 0, 9: 1}
    state = position(game, active=0, owner=owner, cash=[1500] * 4)
    assert game.search_plans(state, 0, game.legal_actions(state, 0))
    other = position(game, active=2, owner=owner, cash=[1500] * 4)
    assert not game.search_plans(other, 0, ())
    dealt = state._replace(table=state.table._replace(dealt=1))
    assert not game.search_plans(dealt, 0, game.legal_actions(dealt, 0))
    loose = position(game, active=0, owner={6: 0, 1: 1}, cash=[1500] * 4)
    assert not game.search_plans(loose, 0, game.legal_actions(loose, 0))
    menu = position(game, active=0, owner=owner, cash=[1500] * 4, stack=(WINDOW, Manage(0)))
    plans = game.search_plans(menu, 0, game.legal_actions(menu, 0))
    assert plans and all(type(plan[0]) is A.OpenDeal for plan in plans)


def test_the_plans_read_nothing_a_seat_cannot_see() -> None:
    """Determinisations of one view (the unseen cards reshuffled) give the same plans."""
    game, state, seat, plans = planned_decisions()[0]
    view = game.observe(state, seat)
    for r in range(4):
        drawn = game.sample_state(view, SeededRng(r))
        assert tuple(game.search_plans(drawn, seat, game.legal_actions(drawn, seat))) == plans


def test_a_group_shared_with_two_rivals_is_gathered_one_share_at_a_time() -> None:
    """Seat 0 holds one light blue (6), seats 1 and 2 one each (8, 9): the planner offers to buy
    each rival's share for cash, at a price a greedy rival accepts."""
    game = new_game()
    state = position(game, active=0, owner={6: 0, 8: 1, 9: 2}, cash=[1500] * 4)
    plans = game.search_plans(state, 0, game.legal_actions(state, 0))
    for rival, square in ((1, 8), (2, 9)):
        found = [p for p in plans if A.OpenDeal(0, rival) in p and A.Take(0, square) in p]
        assert found
        for plan in found:
            deal = written(game, state, 0, plan).table.stack[-1]
            assert isinstance(deal, Deal) and deal.take == (square,) and not deal.give
            assert GreedyBot(game, rival, SeededRng(0), {}).likes(state.table, deal)
