"""My City's shared numbers find a placed zone's square from the counter that left a cup, when
exactly one did; that is only so when the zones are those last made with that square changed,
which the encoding checks. Here the views come from branches of one game (the same landmarks):
a counter placed on different squares in two branches, then one more counter placed in one of
them, so that the two views' cups differ by that one counter while the first one's square moved.
"""

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
