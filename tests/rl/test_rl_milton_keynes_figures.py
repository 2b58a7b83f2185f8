"""Milton Keynes' seat figures: per seat from the observer, its income marker, floor, income blocks
on the map, deeds and permits held and offers left, as the state holds them, at every step of
random games and on a map with as many buildings as seats (where the per-building incomes were
once read as if they were per seat)."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import numpy as np

from tycoon.core import SeededRng, make
from tycoon.core.encoding import Canvas
from tycoon.rl import TycoonAECEnv


def _figures(state: Any, observer: int, players: int) -> list[float]:
    """The seat figures worked out from the state itself, seat by seat from the observer."""
    values: list[float] = []
    for step in range(players):
        seat = (observer + step) % players
        player = state.players[seat]
        values += [
            player.marker,
            player.floor,
            state.city.blocks[seat],
            player.deeds.bit_count(),
            sum(player.permits),
            state.offers_left[seat] if len(state.offers_left) == players else -1,
        ]
    return values


def test_seat_figures_are_each_seats_own_at_every_step() -> None:
    env = TycoonAECEnv(make("milton-keynes", 4))
    part = env.table.encoding.slice_of("seat figures")
    assert part.stop - part.start == 4 * 6
    for seed in range(3):
        env.reset(seed=seed)
        rng = random.Random(seed)
        while True:
            observation, _, terminated, _, _ = env.last()
            if terminated:
                break
            seat = env._seats[env.agent_selection]
            expected = _figures(env.table.state, seat, 4)
            assert observation["observation"][part].tolist() == expected
            legal = observation["action_mask"].nonzero()[0]
            env.step(int(legal[rng.randrange(len(legal))]))


def test_seat_figures_on_a_map_with_as_many_buildings_as_seats() -> None:
    from tycoon.games.milton_keynes.scoring import Building

    game: Any = make("milton-keynes", 4)
    encoding: Any = game.encoding()
    state = game.initial_state(SeededRng(5))
    buildings = tuple(Building(k + 1, 2, k % 4, (10 * k + 1,)) for k in range(4))
    state = replace(state, city=game.rules.rescore(state.city, buildings))
    view = game.observe(state, 2)
    canvas = Canvas(np.zeros(encoding.size, dtype=np.float32), {})
    encoding.encode(view, canvas)
    part = encoding.slice_of("seat figures")
    assert canvas.data[part].tolist() == _figures(state, 2, 4)
    fresh = encoding.features(view)
    assert fresh[part] == _figures(state, 2, 4)
