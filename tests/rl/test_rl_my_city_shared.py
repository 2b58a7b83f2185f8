"""My City's persistent canvases are written from numbers shared by every seat, made from those
last made for any view of any state: views met in any order (games interleaved, a game played
backwards, seats at random, branches of one game) must still encode exactly as a fresh encoding
does. A placed zone's square is found from the counter that left a cup, when exactly one did;
that holds only when the zones are those last made with that square changed, which the encoding
checks: the branch tests give it views one counter apart whose first zone sits elsewhere."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from tycoon.core import SeededRng, make, sample_choice
from tycoon.core.encoding import Canvas
from tycoon.games.my_city.state import Place


def encodes_as_fresh(game: Any, encoding: Any, canvas: Canvas, state: Any, seat: int) -> bool:
    view = game.observe(state, seat)
    encoding.encode(view, canvas)
    expected = np.array(encoding.features(view), dtype=np.float32)
    return bool(canvas.data.tobytes() == expected.tobytes())


def states_of(game: Any, seed: int) -> list[Any]:
    rng = SeededRng(seed)
    state = game.initial_state(rng)
    states = [state]
    while to_act := game.to_act(state):
        action = sample_choice(game.legal_actions(state, to_act[0]), rng)
        state = game.transition(state, action, rng)
        states.append(state)
    return states


@pytest.mark.parametrize(
    "options",
    [{}, {"rezoning": True}, {"random-zones": True}, {"map": "hex", "slums": True}],
    ids=["default", "rezoning", "random-zones", "hex-slums"],
)
@pytest.mark.parametrize("players", [2, 4])
def test_views_in_any_order_encode_as_a_fresh_encoding(
    players: int, options: dict[str, Any]
) -> None:
    game = make("my-city", players, **options)
    encoding = game.encoding()
    games = [states_of(game, seed) for seed in (1, 2)]
    views = [
        (state, seat)
        for states in (games[0], games[1], games[0][::-1])
        for state in states
        for seat in range(players)
    ]
    random.Random(players).shuffle(views)
    views += [(state, seat) for state in games[1] for seat in (0, players - 1)]
    canvases = [Canvas(np.zeros(encoding.size, dtype=np.float32), {}) for _ in range(players + 1)]
    pick = random.Random(7)
    for state, seat in views:
        view = game.observe(state, seat)
        canvas = canvases[pick.randrange(len(canvases))]
        encoding.encode(view, canvas)
        expected = np.array(encoding.features(view), dtype=np.float32)
        assert canvas.data.tobytes() == expected.tobytes()


@pytest.mark.parametrize("players", [2, 4])
def test_one_counter_apart_in_other_branches(players: int) -> None:
    game = make("my-city", players)
    encoding = game.encoding()
    rng = SeededRng(3)
    state = game.initial_state(rng)
    for _ in range(6):
        state = game.transition(
            state, sample_choice(game.legal_actions(state, state.to_move), rng), rng
        )
    mover = state.to_move
    places = [action for action in game.legal_actions(state, mover) if isinstance(action, Place)]
    first = places[0]
    other = next(
        action
        for action in places
        if action.counter == first.counter and action.square != first.square
    )
    one = game.transition(state, first, rng)
    two = game.transition(state, other, rng)
    two = game.transition(two, sample_choice(game.legal_actions(two, two.to_move), rng), rng)
    # The cups differ by one counter, the board by three squares.
    assert sum(a != b for a, b in zip(one.supply, two.supply, strict=True)) == 1
    assert sum(a != b for a, b in zip(one.zone_at, two.zone_at, strict=True)) == 3
    canvas = Canvas(np.zeros(encoding.size, dtype=np.float32), {})
    for before, after in ((one, two), (two, one), (state, two), (one, two)):
        assert encodes_as_fresh(game, encoding, canvas, before, 0)
        assert encodes_as_fresh(game, encoding, canvas, after, 1 % players)


@pytest.mark.parametrize("players", [2, 4])
def test_views_of_a_game_tree_encode_as_a_fresh_encoding(players: int) -> None:
    game = make("my-city", players)
    encoding = game.encoding()
    rng = SeededRng(5)
    root = game.initial_state(rng)
    tree = [root]
    pick = random.Random(players)
    # Branches grown from states picked at random (all share the root's landmarks).
    while len(tree) < 400:
        state = pick.choice(tree)
        if not game.to_act(state):
            continue
        action = sample_choice(game.legal_actions(state, state.to_move), rng)
        tree.append(game.transition(state, action, rng))
    canvases = [Canvas(np.zeros(encoding.size, dtype=np.float32), {}) for _ in range(2)]
    for _ in range(1500):
        state = pick.choice(tree)
        assert encodes_as_fresh(
            game, encoding, pick.choice(canvases), state, pick.randrange(players)
        )
