"""Issue 16, round 11 (the window): shortcuts against the plain ways they stand for, at every
decision of many greedy games."""

from __future__ import annotations

import copy

from tycoon.core.bitset import set_bits
from tycoon.games.esport_monopoly.bots import COMPLETE_BONUS, PENALTY_SHARE, _Tables
from tycoon.games.esport_monopoly.state import Window

from .test_greedy_paths import greedy_decisions


def test_deal_search_scores_each_deal_as_deal_score_does() -> None:
    """``Greedy.find_deal`` tells both sides' ``deal_score`` from the deal's shape: its
    premises (the target group and the given one split between the two seats alone, neither
    built on) and its figures hold for every deal it could try. (``test_round6_shortcuts``
    compares its answers with the search that calls ``deal_score``.)"""
    tried = swaps = 0
    for _game, state, seat, _legal, bot in greedy_decisions():
        t = state.table
        if type(t.stack[-1]) is not Window or t.active != seat:
            continue
        brain = bot.brain
        targets = brain.deal_targets(t)
        penalty = PENALTY_SHARE * COMPLETE_BONUS // max(1, t.alive.bit_count() - 1)
        for group, partner, take in targets:
            if not (t.alive >> partner) & 1:
                continue
            gives = [
                tuple(set_bits(bot.board.group_mask[other] & t.holdings[seat]))
                for other, rival, _ in targets
                if rival == partner and other != group
            ]
            for give in [*gives, ()]:
                for squares in (take, give):
                    if not squares:
                        continue
                    members = bot.board.group_members[bot.board.group[squares[0]]]
                    assert {t.owner[s] for s in members} == {seat, partner}
                    assert not any(t.level[s] for s in members)
                worth_taken = brain.worth_of(take, t.mortgaged)
                worth_given = brain.worth_of(give, t.mortgaged)
                theirs = worth_given - worth_taken - penalty + (COMPLETE_BONUS if give else 0)
                assert theirs == brain.deal_score(t, partner, seat, give, take, 0)
                for pay in (-37, 0, 1 - theirs):
                    mine = worth_taken - worth_given - pay + COMPLETE_BONUS
                    mine -= penalty if give else 0
                    assert mine == brain.deal_score(t, seat, partner, take, give, -pay)
                tried += 1
                swaps += bool(give)
    assert tried > 2000 and swaps > 200, (tried, swaps)


def test_deal_targets_moved_on_by_a_purchase_match_working_them_out() -> None:
    """``_Tables.bought`` (every seat's deal targets after a deed bought from the bank) against
    ``_Tables.of`` for the new owners, at every such purchase of many games; and each greedy
    seat's deal targets (moved on that way when the rules' whole-groups cache was) against
    working them out, at every decision."""
    purchases = split = 0
    before = None
    for game, state, seat, _legal, bot in greedy_decisions():
        t = state.table
        board = game.rules.board
        if before is not None and len(before) == len(t.owner):
            changed = [s for s in range(40) if before[s] != t.owner[s]]
            if len(changed) == 1 and before[changed[0]] < 0:
                tables = _Tables(board)
                tables.of(before)
                old = tables.targets
                moved = tables.bought(t.owner, changed[0])
                assert moved == _Tables(board).of(t.owner)
                assert all(a is b for a, b in zip(old, moved, strict=True) if a == b)
                purchases += 1
                split += moved != old
        before = t.owner
        brain = copy.copy(bot.brain)  # asked at every decision, not only the bot's own
        assert brain.deal_targets(t) == _Tables(board).of(t.owner)[seat]
    assert purchases > 600 and split > 100, (purchases, split)


def test_purchase_told_before_the_deeds_worth_matches_the_plain_rule() -> None:
    """``Greedy.buy_or_not`` buys without valuing the deed when the reserve is kept anyway:
    the same answer as the rule with the value read first, at every purchase of many games."""
    asked = valued = 0
    for _game, state, seat, legal, bot in greedy_decisions():
        t = state.table
        top = t.stack[-1]
        if type(top).__name__ != "Buy":
            continue
        brain = bot.brain
        price = bot.board.price[top.square]
        cash = t.cash[seat]
        worth = brain.value(t, top.square)
        reserve = brain.reserve // 2 if worth > price else brain.reserve
        buys = cash >= price and (cash - price >= reserve or worth > price)
        assert brain.buy_or_not(t, top.square, legal) == (brain._buy if buys else brain._decline)
        asked += 1
        valued += cash >= price and cash - price < brain.reserve
    assert asked > 600 and valued > 50, (asked, valued)
