"""Valuing a search bot's departures from its policy (``tycoon.bots.analysis``)."""

from __future__ import annotations

from typing import Any

import pytest

from tycoon.bots.analysis import Departure, GamePlayed, departures, option_values
from tycoon.bots.ismcts import Plan
from tycoon.core import Match, make
from tycoon.core.errors import TycoonError
from tycoon.games.esport_monopoly.state import Deal
from tycoon.sim import make_bots


def monopoly_offer() -> tuple[Any, Any, int, tuple[Any, ...]]:
    """(game, view, seat, legal) at the first deal offered in a seeded greedy game."""
    game = make("esport-monopoly")
    seats = ["greedy"] * game.players
    bots = make_bots(game, seats, 5)
    match = Match(game, 5, seats)
    while match.to_act():
        seat = match.to_act()[0]
        legal = tuple(match.legal_actions(seat))
        top = match.state.table.stack[-1]
        if isinstance(top, Deal) and top.sent:
            return game, match.view(seat), seat, legal
        match.play(bots[seat].choose(match.view(seat), legal))
    raise AssertionError("no deal was offered")


def test_option_values_are_rewards_drawn_alike_for_every_option_and_repeat() -> None:
    game, view, seat, legal = monopoly_offer()
    accept = legal[0]
    values = option_values(game, view, seat, (accept, accept, legal[1]), 6, seed=3)
    assert values[0] == values[1]  # the same move meets the same randomness: the same value
    assert all(0.0 <= v <= 1.0 for v in values)
    again = option_values(game, view, seat, (accept, accept, legal[1]), 6, seed=3)
    assert again == values


def test_option_values_tell_a_deal_worth_refusing_from_one_worth_taking() -> None:
    # Over a few offers, accepting and refusing do not fare the same: the yardstick separates
    # moves rather than returning one figure for all.
    game, view, seat, legal = monopoly_offer()
    accept, reject = option_values(game, view, seat, legal, 20, seed=1)
    assert accept != reject


def test_option_values_need_a_playout() -> None:
    game, view, seat, legal = monopoly_offer()
    with pytest.raises(TycoonError, match="at least one playout"):
        option_values(game, view, seat, legal, 0)


def test_departures_list_only_moves_that_differ_from_the_policys_and_each_game() -> None:
    game = make("esport-monopoly")
    events = list(departures(game, "ismcts:iterations=30:seed=2", "greedy", 1, 2, seed=4))
    played = [e for e in events if isinstance(e, GamePlayed)]
    left = [e for e in events if isinstance(e, Departure)]
    assert len(played) == 1 and played[0].decisions > 0 and 1 <= played[0].rank <= 4
    assert left, "thirty iterations a move depart from greedy somewhere in a game"
    for d in left:
        assert d.bot_move != d.policy_move
        if isinstance(d.bot_move, Plan):  # a whole plan chosen, valued whole
            assert d.kind == "Plan" and len(d.bot_move.steps) >= 2
        else:
            assert d.kind == type(d.policy_move).__name__
        assert 0.0 <= d.policy_value <= 1.0 and 0.0 <= d.bot_value <= 1.0
        assert d.gain == d.bot_value - d.policy_value
    again = list(departures(game, "ismcts:iterations=30:seed=2", "greedy", 1, 2, seed=4))
    assert again == events


def test_departures_need_a_search_bot() -> None:
    game = make("esport-monopoly")
    with pytest.raises(TycoonError, match="not a search bot"):
        list(departures(game, "greedy", "greedy", 1, 2))


def test_option_values_take_a_whole_plan_step_by_step() -> None:
    """A plan is valued as its steps taken in turn: the same as its first step only where the
    policy would carry on as the plan does, and unchanged by replaying it."""
    from test_search import _planned_decision

    game, state, seat, legal = _planned_decision()
    view = game.observe(state, seat)
    plan = Plan(seat, tuple(game.search_plans(state, seat, legal)[0]))
    values = option_values(game, view, seat, [plan, plan.steps[0]], 4, seed=2)
    assert all(0.0 <= v <= 1.0 for v in values)
    assert option_values(game, view, seat, [plan], 4, seed=2) == values[:1]
