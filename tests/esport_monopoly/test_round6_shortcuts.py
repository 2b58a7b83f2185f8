"""Issue 16, round 6: two shortcuts against the plain ways they replace, at every decision of
many greedy games: greedy's deal search lists the deeds it could give from its own deal targets
(the groups split between it and the partner alone) rather than from every colour group, and
reads the built-on groups from the seats' whole groups; a sale or mortgage that leaves a debt
short keeps the debt payable without working out ``max_raise`` again (it is unchanged)."""

from __future__ import annotations

import copy
from typing import Any

from tycoon.core.bitset import set_bits
from tycoon.games.esport_monopoly.bots import REPEAT_AFTER, Greedy
from tycoon.games.esport_monopoly.state import Pay, Window

from .test_greedy_paths import greedy_decisions


def find_deal_plain(bot: Greedy, t: Any) -> tuple[Any, int]:
    """``Greedy.find_deal`` as it was written before round 6 (its answer and retry cash)."""
    bot._retry_cash = 1 << 62
    targets = bot.deal_targets(t)
    if not targets:
        return None, bot._retry_cash
    seat = bot.seat
    held = t.holdings[seat]
    cash = t.cash[seat]
    improved = 0
    for members, mask, _ in bot.board.colour_groups:
        if any(t.level[s] for s in members):
            improved |= mask
    free = held & ~improved
    for group, partner, take in targets:
        if not (t.alive >> partner) & 1 or bot.board.group_mask[group] & improved:
            continue
        theirs = t.holdings[partner]
        gives: list[tuple[int, ...]] = []
        for other in bot.tables.build_order:
            omask = bot.board.group_mask[other]
            need = omask & ~theirs
            if other != group and need != omask and need and need & free == need:
                gives.append(tuple(set_bits(need)))
        gives.append(())
        for give in gives:
            proposal = (partner, give, take)
            last = bot.proposed.get(proposal)
            if last is not None and t.turn - last < REPEAT_AFTER:
                continue
            theirs_score = bot.deal_score(t, partner, seat, give, take, 0)
            pay = (
                1 - theirs_score if theirs_score <= 0 else -min(theirs_score // 2, t.cash[partner])
            )
            if pay > cash - bot.reserve:
                bot._retry_cash = min(bot._retry_cash, pay + bot.reserve)
                continue
            fees = sum(bot.board.fee[s] for s in take if (t.mortgaged >> s) & 1)
            if pay + fees > cash:
                continue
            if bot.deal_score(t, seat, partner, take, give, -pay) <= 0:
                continue
            bot.proposed[proposal] = t.turn
            return (partner, give, take, pay), bot._retry_cash
    return None, bot._retry_cash


def test_deal_search_matches_the_search_over_every_group() -> None:
    searched = found = 0
    for _game, state, seat, _legal, bot in greedy_decisions():
        t = state.table
        if type(t.stack[-1]) is not Window or t.active != seat:
            continue
        brain = bot.brain
        mine, plain = copy.copy(brain), copy.copy(brain)
        mine.proposed = dict(brain.proposed)
        plain.proposed = dict(brain.proposed)
        deal = mine.find_deal(t)
        assert (deal, mine._retry_cash) == find_deal_plain(plain, t)
        assert mine.proposed == plain.proposed
        searched += 1
        found += deal is not None
    assert searched > 2000 and found > 50, (searched, found)


def test_a_raise_at_a_debt_leaves_max_raise_unchanged_and_the_debt_payable() -> None:
    before: list[tuple[Any, Any]] = []  # the last debt decision and the choice made there

    def remember(state: Any, _legal: Any, action: Any) -> None:
        before[:] = [(state, action)]

    debts = raised = 0
    for game, state, seat, _legal, _bot in greedy_decisions(remember):
        t = state.table
        top = t.stack[-1]
        if isinstance(top, Pay) and seat == top.payer:
            rules = game.rules
            assert rules.max_raise(t, seat) >= top.amount
            debts += 1
            last, action = before[0]
            if (
                last.table.stack[-1] == top
                and type(action).__name__ in ("Mortgage", "Sell")
                and last.table.acting == t.acting
            ):
                assert rules.max_raise(last.table, seat) == rules.max_raise(t, seat)
                raised += 1
    assert debts > 200 and raised > 50, (debts, raised)
