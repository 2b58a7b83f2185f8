"""Issue 16, round 9: shortcuts against the plain ways they stand for, at every decision of
many games: the window's search for who acts (a seat short of its cheapest group's building
cost passed over, and "any event below an arena" when the bank has both buildings) against
the search as it was written; the least building cost per seat kept with the whole groups;
greedy's building pick told "nothing" below its cheapest group's cost; and the own loop's
choices listed at its current state."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from tycoon.core import SeededRng, derive_seed, make
from tycoon.core.players import make_bot
from tycoon.games.esport_monopoly.engine import NO_COST, Rules
from tycoon.games.esport_monopoly.loop import SeatChoices
from tycoon.games.esport_monopoly.state import Now, Window

from .test_greedy_paths import greedy_decisions
from .test_greedy_shortcuts import pick_build_by_key


def whole_groups(rules: Rules, t: Any, seat: int) -> list[Any]:
    """The colour groups ``seat`` owns whole, worked out from the owners."""
    return [e for e in rules.colour_groups if all(t.owner[s] == seat for s in e[0])]


def can_build_plain(rules: Rules, t: Any, seat: int) -> bool:
    """Whether ``seat`` may put a building anywhere now (as window_seats_of was written)."""
    for members, mask, cost in whole_groups(rules, t, seat):
        if t.mortgaged & mask or t.cash[seat] < cost:
            continue
        low = min(t.level[s] for s in members)
        if (low < 4 and t.stands) or (low == 4 and t.arenas):
            return True
    return False


def window_seats_plain(rules: Rules, t: Any) -> tuple[int, ...]:
    """Who acts in the window, searched the plain way: in turn order after the roller, the
    first seat still in (not passed or skipped) that is owed rent or, by the window's rule,
    asked (every seat, or one that could build now); the roller when there is none."""
    active = t.active
    alive = t.alive & ~(t.passed | t.skipping)
    if rules.window == "none":
        return (active,)
    owed = 0
    for claim in t.claims:
        owed |= 1 << claim.owner
    for seat in rules.after[active]:
        if not (alive >> seat) & 1:
            continue
        if rules.window == "everyone" or (owed >> seat) & 1 or can_build_plain(rules, t, seat):
            return (seat,)
    return (active,)


def ask_rent_decisions() -> Iterator[tuple[Any, Any]]:
    """Every decision of seeded greedy games with rent to be asked for (claims in the window)."""
    game = make("esport-monopoly", 4, **{"ask-rent": True})
    for seed in range(4):
        rng = SeededRng(seed)
        state = game.initial_state(rng)
        bots = [make_bot("greedy", game, s, SeededRng(derive_seed(seed, s))) for s in range(4)]
        while game.to_act(state):
            seat = game.to_act(state)[0]
            yield game, state
            legal = game.legal_actions(state, seat)
            state = game.transition(state, bots[seat].choose(game.observe(state, seat), legal), rng)


def test_window_search_matches_the_plain_search_at_every_window() -> None:
    counts = {"windows": 0, "out of turn": 0, "short of a building": 0, "claims": 0}
    decisions = [(game, state) for game, state, _, _, _ in greedy_decisions()]
    for game, state in [*decisions, *ask_rent_decisions()]:
        t = state.table
        if type(t.stack[-1]) is not Window or t.over:
            continue
        rules = game.rules
        assert t.acting == window_seats_plain(rules, t) == rules.window_seats(t)
        counts["windows"] += 1
        counts["out of turn"] += t.acting[0] != t.active
        counts["claims"] += bool(t.claims)
        # The bank short of one building or both (rare in play): the same table otherwise.
        for stands, arenas in ((0, 0), (0, 2), (3, 0)):
            short = t._replace(stands=stands, arenas=arenas)
            assert rules.window_seats(short) == window_seats_plain(rules, short)
            counts["short of a building"] += rules.window_seats(short) != rules.window_seats(t)
    assert counts["windows"] > 5000 and counts["out of turn"] > 1000, counts
    assert counts["short of a building"] > 500 and counts["claims"] > 100, counts


def test_least_building_cost_per_seat_kept_with_the_whole_groups() -> None:
    """The rules' least building cost per seat (kept when the whole groups are worked out or
    moved on by a purchase) is the least cost of the seat's whole groups."""
    checked = 0
    for game, state, _seat, _legal, _bot in greedy_decisions():
        t = state.table
        rules = game.rules
        rules.group_owners(t)  # the cache brought to this table
        for seat in range(game.players):
            costs = [cost for _, _, cost in whole_groups(rules, t, seat)]
            assert rules._least_cost[seat] == min(costs, default=NO_COST)
            checked += bool(costs)
    assert checked > 5000


def test_greedy_picks_nothing_below_its_cheapest_groups_cost() -> None:
    """pick_build tells "nothing" below the least cost of the groups without scanning them,
    and management asks it only at or above that cost: the same picks as the plain key."""
    checked = {"below": 0, "at": 0}
    for game, state, seat, _legal, bot in greedy_decisions():
        t = state.table
        groups = game.rules.full_groups(t, seat)
        if not groups:
            continue
        brain = bot.brain
        least = min(cost for _, _, cost in groups)
        for budget in (least - 1, least, t.cash[seat] - 50):
            picked = brain.pick_build(t, groups, budget)
            assert picked == pick_build_by_key(brain, t, groups, budget)
        assert brain._least_cost == least
        checked["below"] += t.cash[seat] - 150 < least
        checked["at"] += t.cash[seat] - 150 >= least
    assert checked["below"] > 1000 and checked["at"] > 1000, checked


def test_seat_choices_list_the_loops_current_state_once() -> None:
    game = make("esport-monopoly", 4)
    state = game.initial_state(SeededRng(4))
    seat = game.to_act(state)[0]
    listed_times = [0]

    def lister(s: Any, who: int) -> Any:
        listed_times[0] += 1
        return game.legal_actions(s, who)

    now = Now(state)
    choices = SeatChoices(lister, now, seat)
    assert listed_times[0] == 0
    listed = list(game.legal_actions(state, seat))
    assert list(choices) == listed and len(choices) == len(listed) and choices[-1] == listed[-1]
    assert listed[0] in choices and list(choices[:1]) == listed[:1]
    assert repr(choices) == f"SeatChoices({listed!r})"
    assert listed_times[0] == 1
    later = game.transition(state, listed[0], SeededRng(5))
    now.put(later)
    assert listed_times[0] == 1
    assert list(choices) == list(game.legal_actions(later, seat)) and listed_times[0] == 2
    assert len(choices) and listed_times[0] == 2
