"""``paired_rl.py`` times every loop on the same games in each round, the order of the loops
reversed every other round, and refuses a variant named like one of its own loops."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")

sys.path.insert(0, str(Path(__file__).parents[2] / "benchmarks"))

from paired_rl import loops_for, main, paired

from tycoon.core import make
from tycoon.rl import TycoonAECEnv


def test_every_loop_plays_the_same_games_each_round() -> None:
    played: dict[str, list[int]] = {"tree": [], "a": [], "b": []}
    order: list[str] = []

    def loop(name: str) -> object:
        def run(seed: int) -> int:
            played[name].append(seed)
            order.append(name)
            return 10

        return run

    loops = {name: loop(name) for name in played}
    times = paired(loops, rounds=3, seconds=0.0)  # type: ignore[arg-type]
    assert {name: len(each) for name, each in times.items()} == {"tree": 3, "a": 3, "b": 3}
    assert played["a"][1:] == played["b"][1:] == [0, 1, 2]  # after the warm-up
    assert played["tree"][2:] == [0, 1, 2]  # warm-up, then the one game of calibration
    # Rounds alternate the order of the loops.
    body = [name for name in order if name in ("a", "b")][2:]
    assert body == ["a", "b", "b", "a", "a", "b"]


def test_a_variant_may_not_take_a_loops_name() -> None:
    with pytest.raises(SystemExit, match="may not be called 'control'"):
        loops_for("my-city", 3, {"control": lambda: TycoonAECEnv(make("my-city", 3))})


def test_the_tree_and_its_control_are_reported(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--game", "my-city", "--players", "2", "--rounds", "2", "--seconds", "0"]) == 0
    out = capsys.readouterr().out
    for name in ("engine", "tree", "control"):
        assert f" {name} " in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--game", "no-such-game"], "unknown game 'no-such-game'"),
        (["--game", "my-city", "--players", "9"], "my-city"),
        (["--game", "my-city", "--variants", "no_such_module"], "no variant module"),
        (["--game", "my-city", "--variants", "json"], "defines no variants"),
    ],
)
def test_bad_arguments_get_a_clear_error(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main([*args, "--rounds", "1", "--seconds", "0"])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err
