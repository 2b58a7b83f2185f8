"""Observations written part by part into each seat's persistent canvas (only what changed since
that seat's last view) must equal a fresh encoding at every step, for every game, player count
and option; and the canvas's own writers, and the lazy legal ids, behave as documented."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from tycoon import rl
from tycoon.core import AmountRange, SeededRng, TycoonError, game_specs, make, sample_choice
from tycoon.core.encoding import Canvas, Encoding, FeatureSlice
from tycoon.rl.core import Table


def cases() -> list[Any]:
    result = [
        pytest.param(spec.name, players, {}, id=f"{spec.name}-{players}p")
        for spec in game_specs()
        for players in range(spec.min_players, spec.max_players + 1)
    ]
    for spec in game_specs():
        for option in spec.options:
            if isinstance(option.default, bool):
                values: list[Any] = [not option.default]
            else:
                values = [c for c in option.choices if c != option.default]
            for value in values:
                result.append(
                    pytest.param(
                        spec.name, None, {option.name: value}, id=f"{spec.name}-{option.name}"
                    )
                )
    return result


@pytest.mark.parametrize(("name", "players", "options"), cases())
def test_every_seats_observation_equals_a_fresh_encoding_at_every_step(
    name: str, players: int | None, options: dict[str, Any]
) -> None:
    """Two games on the same table (the canvases outlive a reset), every seat observed after
    every move, whether or not it is to act: the persistent canvases never drift."""
    try:
        game = make(name, players, **options)
    except TycoonError:
        pytest.skip("an option that needs another")
    table = Table(game)
    reference = game.encoding()
    for seed in (1, 2):
        table.reset(seed)
        rng = SeededRng(seed + 10)
        for step in range(90):
            to_act = table.to_act()
            if not to_act:
                break
            # Seats are looked at in a changing order, some skipped, as learners do.
            for seat in range(game.players):
                if (seat + step) % 3 == 2 and seat not in to_act:
                    continue
                observed = table.observation(seat)["observation"]
                fresh = reference.features(game.observe(table.state, seat))
                assert observed.tolist() == [float(v) for v in fresh], (seed, step, seat)
            table.play(sample_choice(game.legal_actions(table.state, to_act[0]), rng))


def test_an_observation_is_a_copy_the_next_step_does_not_change() -> None:
    env = rl.env("my-city", 2)
    env.reset(seed=3)
    first, *_ = env.last()
    kept = first["observation"].copy()
    rng = np.random.default_rng(0)
    for _ in range(6):
        observation, *_ = env.last()
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert np.array_equal(first["observation"], kept)
    assert not np.array_equal(env.last()[0]["observation"], kept)


def _canvases(size: int) -> tuple[Canvas, Canvas]:
    return Canvas(np.zeros(size, dtype=np.float32), {}), Canvas([0.0] * size)


def test_canvas_writers_leave_what_a_fresh_write_leaves() -> None:
    """Each writer, written again with new values on a persistent canvas, leaves exactly what
    writing only the new values on a fresh canvas leaves."""
    writes: list[Any] = [
        ("block", "b", 0, [1, 2, 3]),
        ("numbers", "n", 3, [4, 0, 6, 7]),
        ("choices", "c", 7, 3, [0, 2, -1]),
        ("flags", "f", 16, 5, 0b10110),
        ("hot", "h", 21, 26, [22, 25]),
        ("sparse", "s", 26, 30, {27: 5.0, 29: -1.0}),
    ]
    again: list[Any] = [
        ("block", "b", 0, [1, 9, 3]),
        ("numbers", "n", 3, [4, 5, 6, 0]),
        ("choices", "c", 7, 3, [1, 2, 0]),
        ("flags", "f", 16, 5, 0b01101),
        ("hot", "h", 21, 26, [21, 25]),
        ("sparse", "s", 26, 30, {26: 2.0, 29: -1.0}),
    ]
    persistent, _ = _canvases(30)
    for method, *args in writes:
        getattr(persistent, method)(*args)
    first = persistent.data.copy()
    for method, *args in again:
        getattr(persistent, method)(*args)
    for sequence, expected in ((writes, first), (again, persistent.data)):
        _, fresh = _canvases(30)
        for method, *args in sequence:
            getattr(fresh, method)(*args)
        assert fresh.data == expected.tolist()
    assert persistent.data.tolist()[:16] == [1, 9, 3, 4, 5, 6, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0]


def test_canvas_same_remembers_sources_only_on_a_persistent_canvas() -> None:
    persistent, fresh = _canvases(2)
    board = (1, 2)
    assert not persistent.same("board", board)
    assert persistent.same("board", board)
    assert not persistent.same("board", tuple([1, 2]))  # equal is not enough: the very object
    assert not fresh.same("board", board) and not fresh.same("board", board)


def test_an_encoding_needs_features_or_encode() -> None:
    game = make("sealed-auction")

    class Empty(Encoding[Any]):
        def __init__(self) -> None:
            super().__init__(game)
            self.define([FeatureSlice("x", 1, "nothing")], [])

    with pytest.raises(NotImplementedError, match="neither"):
        Empty().features(None)
    with pytest.raises(NotImplementedError, match="neither"):
        Empty().encode(None, Canvas([0.0]))


def test_amount_ids_build_their_action_only_when_looked_up() -> None:
    from sealed_auction import Bid

    game = make("sealed-auction")
    encoding = game.encoding()
    ids = encoding.legal_ids([AmountRange(Bid(0, 0), 3, 13)])
    assert len(ids) > 1
    amounts = sorted(ids[i].amount for i in ids)  # type: ignore[attr-defined]
    assert amounts[0] == 3 and amounts[-1] == 13
    assert ids.get(10**6) is None and ids.get(next(iter(ids))) is not None
