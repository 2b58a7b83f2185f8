"""``benchmarks/rl_costs.py``'s variants play whole games, and each leaves out what it says: the
blank one hands out zeros, the one that only observes makes views, the stale ones keep their
part as first made (so their observations part from the tree's), the others leave the numbers
as they are."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

sys.path.insert(0, str(Path(__file__).parents[2] / "benchmarks"))

from paired_rl import main
from rl_costs import ESTATES_PARTS, stale_estates, variants

from tycoon.core import make
from tycoon.rl import TycoonAECEnv


def _observations(env: TycoonAECEnv, seed: int) -> list[np.ndarray]:
    """Every observation of one game played with the same random masked-in ids."""
    env.reset(seed=seed)
    rng = random.Random(seed)
    seen: list[np.ndarray] = []
    while True:
        observation, _, terminated, _, _ = env.last()
        if terminated:
            return seen
        seen.append(observation["observation"])
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(legal[rng.randrange(len(legal))]))


def test_the_variants_for_every_game_play_to_the_end() -> None:
    for game in ("my-city", "estates"):
        made = variants(game, 3)
        assert {"blank", "observe only", "copy twice"} <= set(made)
        tree = _observations(TycoonAECEnv(make(game, 3)), 5)
        for name, variant in made.items():
            seen = _observations(variant(), 5)
            assert len(seen) == len(tree), name  # the same moves: masks and ids untouched
            if name == "blank" or name == "observe only":
                assert not any(observation.any() for observation in seen), name
            elif name == "copy twice":
                assert all(np.array_equal(a, b) for a, b in zip(seen, tree, strict=True))
            else:
                assert not all(np.array_equal(a, b) for a, b in zip(seen, tree, strict=True)), name


def test_only_the_estates_has_stale_parts() -> None:
    assert set(variants("estates", 4)) - set(variants("my-city", 4)) == {
        *(f"stale {part}" for part in ESTATES_PARTS),
        "all stale",
    }
    with pytest.raises(ValueError, match="no such part"):
        stale_estates(4, ("roof",))


def test_observe_only_makes_each_seats_views() -> None:
    env: Any = variants("estates", 3)["observe only"]()
    calls: list[int] = []
    game = env.table.game
    own = game.observe_next

    def counted(*args: Any) -> Any:
        calls.append(args[3])
        return own(*args)

    game.observe_next = counted
    _observations(env, 2)
    assert len(set(calls)) == 3


def test_paired_rl_takes_the_module(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--game", "estates", "--players", "3", "--rounds", "1", "--seconds", "0"]
    assert main([*args, "--variants", "rl_costs"]) == 0
    out = capsys.readouterr().out
    for name in ("blank", "stale board", "all stale"):
        assert f" {name} " in out


def test_milton_keynes_checks_only_plays_the_same_moves_writing_less() -> None:
    made = variants("milton-keynes", 3)
    assert set(made) - set(variants("my-city", 3)) == {"checks only"}
    tree = _observations(TycoonAECEnv(make("milton-keynes", 3)), 4)
    seen = _observations(made["checks only"](), 4)
    assert len(seen) == len(tree)  # the same moves: masks and ids untouched
    # The parts written through the canvas (the map, the seats, the table) stay zeros; only
    # the few single numbers the encoding sets itself (the phase, the year, the queue) move.
    assert any(observation.any() for observation in seen)
    assert all(
        np.count_nonzero(a) < np.count_nonzero(b) for a, b in zip(seen[5:], tree[5:], strict=True)
    )
