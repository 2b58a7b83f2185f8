"""Every built-in game through the real ``tycoon`` command, as a person would run it: a
subprocess fed through its input stream (never a terminal)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import tycoon
from tycoon.core import Match, make
from tycoon.sim import make_bots, play_match

BUILT_IN = [spec.name for spec in tycoon.game_specs() if spec.name != "sealed-auction"]


def command(
    *args: str, stdin: str = "", cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "160"}
    return subprocess.run(
        [sys.executable, "-m", "tycoon", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=600,
        env=env,
        cwd=cwd,
    )


def bot_for(name: str) -> str:
    codes = {entry.code for entry in tycoon.bots.bots_for(name)}
    return "greedy" if "greedy" in codes else "random"


@pytest.mark.parametrize("name", BUILT_IN)
def test_bots_play_a_whole_game_in_the_terminal(name: str, tmp_path: Path) -> None:
    spec = tycoon.get_spec(name)
    seats = ",".join([bot_for(name)] * spec.default_players)
    save = tmp_path / "game.jsonl"
    result = command("play", name, "--seats", seats, "--seed", "7", "--save", str(save))
    assert result.returncode == 0, result.stderr
    assert "Game over" in result.stdout and "Traceback" not in result.stderr
    record = json.loads(save.read_text())
    assert record["game"] == name and record["outcome"] is not None
    replayed = command("replay", f"{save}#1", "--all")
    assert replayed.returncode == 0, replayed.stderr
    assert f"step {len(record['steps'])} of {len(record['steps'])}" in replayed.stdout


@pytest.mark.parametrize("name", BUILT_IN)
def test_simulate_runs_every_game(name: str, tmp_path: Path) -> None:
    spec = tycoon.get_spec(name)
    seats = ",".join([bot_for(name)] + ["random"] * (spec.default_players - 1))
    out = tmp_path / "games.jsonl"
    result = command("simulate", name, "-n", "4", "--seats", seats, "--out", str(out), "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["games"] == 4 and len(out.read_text().splitlines()) == 4


def test_a_person_plays_my_city_to_the_end_against_bots(tmp_path: Path) -> None:
    """The human's moves are taken from a bot game with the same seed, so the whole game is
    known in advance; a typo and an illegal move on the way are explained and retried."""
    game = make("my-city", 3)
    seats = ["random", "greedy", "random"]
    reference: Match[Any, Any, Any] = play_match(game, make_bots(game, seats, 11), 11, seats)
    mine = [step.action for step in reference.steps if step.seat == 0]
    first_turn = next(i for i, s in enumerate(reference.steps) if s.seat == 0)
    occupied = reference.steps[first_turn - 1].action.split()[1]  # filled before our first turn
    typed = ["moves", "Z9 a1", f"P1 {occupied}", *mine]
    save = tmp_path / "mine.jsonl"
    result = command(
        "play",
        "my-city",
        "--seats",
        "human,greedy,random",
        "--seed",
        "11",
        "--save",
        str(save),
        stdin="\n".join(typed) + "\n",
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr
    assert "there is no counter 'Z9'" in result.stdout
    assert f"{occupied} is taken" in result.stdout
    assert "Game over" in result.stdout
    assert json.loads(save.read_text())["outcome"] == reference.record().to_json()["outcome"]


def test_input_ending_mid_game_keeps_the_game(tmp_path: Path) -> None:
    save = tmp_path / "g.jsonl"
    game = make("my-city", 2)
    match: Match[Any, Any, Any] = Match(game, 2)
    assert match.to_act() == (0,)
    move = game.format_action(match.legal_actions(0)[0])
    result = command(
        "play",
        "my-city",
        "--seats",
        "human,random",
        "--seed",
        "2",
        "--save",
        str(save),
        stdin=f"{move}\n",
    )
    assert result.returncode == 1
    assert "Game stopped" in result.stdout and "--resume" in result.stdout
    steps = json.loads(save.read_text())["steps"]
    assert steps[0] == [0, move, []] and len(steps) == 2


def test_simulate_shows_which_squares_pay() -> None:
    result = command("simulate", "esport-monopoly", "-n", "3", "--seats", "greedy,greedy,random")
    assert result.returncode == 0, result.stderr
    table = result.stdout.split("rent per game, largest first")[1]
    means = [float(line.split("│")[2]) for line in table.splitlines() if line.count("│") == 4]
    assert len(means) == 28 and means == sorted(means, reverse=True)
