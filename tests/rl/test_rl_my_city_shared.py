"""My City's persistent canvases are written from numbers shared by every seat, made from those
last made for any view of any state: views met in any order (games interleaved, a game played
backwards, seats at random) must still encode exactly as a fresh encoding does."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from tycoon.core import SeededRng, make, sample_choice
from tycoon.core.encoding import Canvas


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
