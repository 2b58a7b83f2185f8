"""Issue 16, round 5: the greedy bot's cheaper ways of working out what it worked out before,
against the plain ways they replace, at every decision of many games (the deal targets with
groups holding an unowned deed passed over, the building picked from its groups in building
order, the unowned deeds counted from the holdings), and the window's search for who acts
started after the seats already asked, against the search from the start."""

from __future__ import annotations

from typing import Any

from tycoon.games.esport_monopoly.bots import Greedy, _Tables
from tycoon.games.esport_monopoly.state import Window

from .test_greedy_paths import greedy_decisions


def pick_build_by_key(bot: Greedy, t: Any, groups: Any, budget: int) -> int:
    """``pick_build`` as it was written: the least (rank, level, -square) over every group."""
    best = -1
    best_key = (99, 9, 0)
    for members, mask, cost in groups:
        if cost > budget or t.mortgaged & mask:
            continue
        low = 9
        square = -1
        for s in members:
            if t.level[s] <= low:
                low = t.level[s]
                square = s
        if low == 5 or (low == 4 and t.arenas < 1) or (low < 4 and t.stands < 1):
            continue
        key = (bot.tables.build_rank[bot.board.group[square]], low, -square)
        if key < best_key:
            best_key = key
            best = square
    return best


def test_greedy_shortcuts_match_the_plain_ways_at_every_decision() -> None:
    counts = {"targets": 0, "builds": 0, "picked": 0, "unowned": 0}
    for game, state, seat, _legal, bot in greedy_decisions():
        t = state.table
        brain = bot.brain
        # Deal targets: with the owned squares given, as without (fresh tables each time).
        board = game.rules.board
        owned = 0
        for held in t.holdings:
            owned |= held
        assert _Tables(board).of(t.owner, owned) == _Tables(board).of(t.owner)
        counts["targets"] += any(_Tables(board).of(t.owner))
        # The unowned deeds, from the holdings and from the owners.
        assert brain.unowned(t) == sum(1 for s in board.properties if t.owner[s] < 0)
        counts["unowned"] += 1
        groups = game.rules.full_groups(t, seat)
        if groups:
            for budget in (t.cash[seat] - 150, t.cash[seat] - 50, t.cash[seat], 10_000):
                chosen = brain.pick_build(t, groups, budget)
                assert chosen == pick_build_by_key(brain, t, groups, budget)
                counts["builds"] += 1
                counts["picked"] += chosen >= 0
    assert counts["targets"] > 500 and counts["builds"] > 2000 and counts["picked"] > 500, counts


def test_window_search_after_the_seats_asked_matches_the_search_from_the_start() -> None:
    """After a building or a skip in the window, the fast steps search for who acts from the
    seat that acted (the seats asked before it left out): the whole search agrees."""
    checked = 0
    for game, state, _seat, _legal, _bot in greedy_decisions():
        t = state.table
        if type(t.stack[-1]) is Window and not t.over:
            assert t.acting == game.rules.window_seats(t)
            checked += 1
    assert checked > 2000


def test_whole_groups_cache_moved_on_by_a_purchase_matches_working_it_out() -> None:
    """A deed bought at the end of a move updates the rules' whole-groups cache for the new
    owner tuple (only the bought deed's group can have become whole) instead of working it
    out again: at every decision, the cache read for the table agrees with the plain way."""
    whole = 0
    for game, state, _seat, _legal, _bot in greedy_decisions():
        t = state.table
        rules = game.rules
        plain: list[list[Any]] = [[] for _ in range(game.players)]
        mask = 0
        for entry in rules.colour_groups:
            first = t.owner[entry[0][0]]
            if first >= 0 and all(t.owner[s] == first for s in entry[0]):
                plain[first].append(entry)
                mask |= 1 << first
        for seat in range(game.players):
            assert list(rules.full_groups(t, seat)) == plain[seat]
        assert rules.group_owners(t) == mask
        whole += bool(mask)
    assert whole > 1000
