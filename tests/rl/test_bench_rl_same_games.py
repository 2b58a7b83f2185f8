"""``bench_rl.py --same-games`` times the engine on the environment's own games: the moves
recorded from the AEC loop must replay to the same finished game, for every game."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")

import tycoon
from tycoon.core import SeededRng, make

sys.path.insert(0, str(Path(__file__).parents[2] / "benchmarks"))

from bench_rl import engine_replays, env_steps, recorded_games

from tycoon.rl import TycoonAECEnv


@pytest.mark.parametrize("name", [spec.name for spec in tycoon.game_specs()])
def test_the_recorded_games_replay_to_the_environments_ends(name: str) -> None:
    games = recorded_games(name, None, 0.0)
    assert len(games) == 5
    env = TycoonAECEnv(make(name))
    game = make(name)
    for number, (seed, moves) in enumerate(games):
        assert env_steps(env, number) == len(moves)  # the same game as the recording's
        rng = SeededRng(seed)
        state = game.initial_state(rng)
        for action in moves:
            state = game.transition(state, action, rng)
        assert game.to_act(state) == ()
        assert game.outcome(state) == env.table.outcome()
        assert engine_replays(game, games, number) == len(moves)


def test_runs_report_the_medians_and_the_range_of_the_ratio(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from bench_rl import main

    main(["--game", "estates", "--seconds", "0.02", "--slices", "1", "--runs", "3", "--cpu"])
    header, row = capsys.readouterr().out.splitlines()
    assert "range" in header.split()
    fields = row.split()
    assert fields[0] == "estates"
    low, high = (float(part.rstrip("%")) for part in fields[-1].split("-"))
    assert 0 < low <= float(fields[4].rstrip("%")) <= high
    with pytest.raises(SystemExit):
        main(["--game", "estates", "--runs", "0"])
