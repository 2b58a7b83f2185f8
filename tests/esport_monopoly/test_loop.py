"""Esport Monopoly's own simulation loop (``Game.bot_loop``, used by ``play_bots``) against the
general loop of ``tycoon.core``: many seeded games, greedy and random seats, varied options,
compared decision by decision (every view each bot saw, its choice), then the end state and
the rng's next draw (every draw made in the same order)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from tycoon.core import SeededRng, derive_seed, make, play_bots
from tycoon.core.lazy import LazyLegal
from tycoon.core.match import general_play_bots
from tycoon.core.players import Bot, make_bot

Seen = list[tuple[int, Any, Any]]


class Watched(Bot):
    """A bot's choices as they are made, with the view it made them from."""

    def __init__(self, inner: Bot, seen: Seen) -> None:
        self.inner = inner
        self.seen = seen
        self.lazy_legal = inner.lazy_legal

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        action = self.inner.choose(view, legal)
        self.seen.append((self.inner.seat, view, action))
        return action


CONFIGS: list[tuple[int, tuple[str, ...], dict[str, Any]]] = [
    (4, ("greedy",) * 4, {}),
    (2, ("greedy", "greedy"), {}),
    (6, ("greedy",) * 6, {}),
    (4, ("greedy:noise=0.2", "random", "greedy", "random"), {}),
    (3, ("greedy", "random", "greedy"), {"ask-rent": True, "deck": "classic"}),
    (4, ("greedy",) * 4, {"free-parking": True}),
    (4, ("greedy",) * 4, {"window": "everyone"}),
    (4, ("greedy", "greedy:deals=0", "greedy", "random"), {"window": "none", "turn-cap": 80}),
    (5, ("greedy:reserve=400",) * 5, {"starting-cash": 800}),
]


def play(
    loop: Any, players: int, seats: tuple[str, ...], options: dict[str, Any], seed: int
) -> tuple[Seen, Any, int, int]:
    game = make("esport-monopoly", players, **options)
    rng = SeededRng(seed)
    state = game.initial_state(rng)
    seen: Seen = []
    bots = [
        Watched(make_bot(code, game, s, SeededRng(derive_seed(seed, s))), seen)
        for s, code in enumerate(seats)
    ]
    state, decisions = loop(game, state, bots, rng, 10**6)
    return seen, state, decisions, rng.below(1 << 30)


@pytest.mark.parametrize("config", range(len(CONFIGS)))
def test_the_games_own_loop_plays_the_games_of_the_general_loop(config: int) -> None:
    players, seats, options = CONFIGS[config]
    assert make("esport-monopoly", players, **options).bot_loop() is not None
    for seed in range(8):
        seen, state, decisions, draw = play(play_bots, players, seats, options, seed)
        ref_seen, ref_state, ref_decisions, ref_draw = play(
            general_play_bots, players, seats, options, seed
        )
        assert decisions == ref_decisions == len(seen) > 0
        for number, (step, ref_step) in enumerate(zip(seen, ref_seen, strict=True)):
            assert step == ref_step, (seed, number)
        assert state == ref_state and draw == ref_draw
        assert state.table.over


def test_the_games_own_loop_stops_at_the_limit_and_goes_on_from_there() -> None:
    game = make("esport-monopoly", 4)
    reference: list[Any] = []
    for limits in ((37, 10**6), (10**6,)):
        rng = SeededRng(9)
        state = game.initial_state(rng)
        bots = [make_bot("greedy", game, s, SeededRng(s)) for s in range(4)]
        total = 0
        for limit in limits:
            state, made = play_bots(game, state, bots, rng, limit)
            assert made <= limit
            total += made
        reference.append((state, total))
    assert reference[0] == reference[1]


def test_lazy_choices_pointed_at_another_state_list_that_states_choices_once() -> None:
    """The own loop keeps one LazyLegal per greedy seat and points it at each state: after
    ``point`` it reads as the new state's list, listed afresh, once."""
    game = make("esport-monopoly", 4)
    state = game.initial_state(SeededRng(4))
    seat = game.to_act(state)[0]
    listed_times = [0]

    def lister(s: Any, who: int) -> Any:
        listed_times[0] += 1
        return game.legal_actions(s, who)

    lazy = LazyLegal(lister, state, seat)
    assert listed_times[0] == 0
    listed = list(game.legal_actions(state, seat))
    assert list(lazy) == listed and len(lazy) == len(listed) and lazy[-1] == listed[-1]
    assert listed[0] in lazy and list(lazy[:1]) == listed[:1]
    assert repr(lazy) == f"LazyLegal({listed!r})"
    assert listed_times[0] == 1
    later = game.transition(state, listed[0], SeededRng(5))
    lazy.point(later)
    assert listed_times[0] == 1
    assert list(lazy) == list(game.legal_actions(later, seat)) and listed_times[0] == 2


@pytest.mark.parametrize("config", [0, 3, 7])
def test_unwrapped_greedy_seats_decided_by_their_brains_play_the_general_loops_games(
    config: int,
) -> None:
    """The own loop asks a greedy seat's brain directly (the other tests wrap every bot, so
    they see the general call): the same games, end state and next draw as the general loop."""
    players, seats, options = CONFIGS[config]
    for seed in range(4):
        results = []
        for loop in (play_bots, general_play_bots):
            game = make("esport-monopoly", players, **options)
            rng = SeededRng(seed)
            state = game.initial_state(rng)
            bots = [
                make_bot(code, game, s, SeededRng(derive_seed(seed, s)))
                for s, code in enumerate(seats)
            ]
            state, decisions = loop(game, state, bots, rng, 10**6)
            results.append((state, decisions, rng.below(1 << 30)))
        assert results[0] == results[1]
        assert results[0][0].table.over


def test_a_window_frame_made_elsewhere_plays_the_same_game() -> None:
    """The own loop tells a window by the one window frame the rules make (state.WINDOW); a
    copied state holds a copy of it, which the loop plays as any other decision (the brain's
    decide, the general step) until the rules open the next window: the same game, end state
    and next draw as from the state itself."""
    import copy

    from tycoon.games.esport_monopoly.state import WINDOW

    players, seats, options = CONFIGS[0]
    for seed in range(3):
        results = []
        for copied in (False, True):
            game = make("esport-monopoly", players, **options)
            rng = SeededRng(seed)
            state = game.initial_state(rng)
            if copied:
                state = copy.deepcopy(state)
                assert state.table.stack[-1] == WINDOW and state.table.stack[-1] is not WINDOW
            bots = [
                make_bot(code, game, s, SeededRng(derive_seed(seed, s)))
                for s, code in enumerate(seats)
            ]
            state, decisions = play_bots(game, state, bots, rng, 10**6)
            results.append((state, decisions, rng.below(1 << 30)))
        assert results[0] == results[1]
