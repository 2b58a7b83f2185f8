"""The ``tycoon`` command, driven through its input stream (never a terminal), on the
sealed-auction test game; the built-in games have their own play tests."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from tycoon.cli.main import run


def tycoon(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    *args: str,
    stdin: str = "",
) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "argv", ["tycoon", *args])
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    with pytest.raises(SystemExit) as exit_info:
        run()
    captured = capsys.readouterr()
    code = exit_info.value.code
    return (code if isinstance(code, int) else 0), captured.out, captured.err


def test_games_lists_every_game_with_options(monkeypatch, capsys) -> None:
    code, out, _ = tycoon(monkeypatch, capsys, "games")
    assert code == 0 and "sealed-auction" in out and "cash=10" in out
    code, out, _ = tycoon(monkeypatch, capsys, "games", "sealed-auction")
    assert code == 0 and "--cash" in out and "random" in out and "human" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "chess"], "unknown game 'chess'"),
        (["play", "sealed-auction", "--bank", "3"], "has no option 'bank'"),
        (["play", "sealed-auction", "--cash", "lots"], "takes a whole number"),
        (["play", "sealed-auction", "--cash"], "needs a value"),
        (["play", "sealed-auction", "--seats", "human,wizard"], "no bot 'wizard'"),
        (["play", "sealed-auction", "--seats", "human,random,random"], "takes 2-2 players"),
        (["simulate", "sealed-auction", "--seats", "human,random"], "bots only"),
        (["replay", "/nonexistent/games.jsonl"], "no such file"),
    ],
)
def test_user_mistakes_print_one_clear_line(monkeypatch, capsys, args, message) -> None:
    code, out, err = tycoon(monkeypatch, capsys, *args)
    assert code == 2
    assert message in err
    assert err.count("\n") == 1 and "Traceback" not in err + out


def test_play_against_a_bot_with_typos_and_illegal_moves(monkeypatch, capsys) -> None:
    moves = "moves\nraise 3\nbid 99\nbid 2\nbid 1\nbid 0\n"
    code, out, _ = tycoon(
        monkeypatch,
        capsys,
        "play",
        "sealed-auction",
        "--seats",
        "human,random",
        "--seed",
        "3",
        stdin=moves,
    )
    assert code == 0
    assert "Legal moves:" in out and "any amount 0..10" in out
    assert "is not a bid (write: bid 3)" in out
    assert "bid 99 is not a legal move now" in out
    assert "Seat 2 (random): commits a sealed bid" in out
    assert "bids revealed: Seat 1 2, Seat 2" in out
    assert "Game over" in out and ("wins" in out or "share the win" in out)


def test_hot_seat_asks_each_human_privately(monkeypatch, capsys) -> None:
    stdin = "\nbid 1\n\nbid 2\n" * 3
    code, out, _ = tycoon(
        monkeypatch,
        capsys,
        "play",
        "sealed-auction",
        "--seats",
        "human,human",
        "--seed",
        "1",
        stdin=stdin,
    )
    assert code == 0
    assert out.count("Pass the keyboard to") == 6
    # Seat 2 learns only that seat 1 committed, never the amount, before bidding.
    first_turn_of_seat_2 = out.split("Pass the keyboard to Seat 2")[1].split("Seat 2>")[0]
    assert '"committed": [\n   0\n  ]' in first_turn_of_seat_2.replace("\r", "")
    assert '"own": null' in first_turn_of_seat_2


def test_a_stopped_game_is_saved_and_resumes(monkeypatch, capsys, tmp_path: Path) -> None:
    save = tmp_path / "game.jsonl"
    code, out, _ = tycoon(
        monkeypatch,
        capsys,
        "play",
        "sealed-auction",
        "--seats",
        "human,random",
        "--seed",
        "5",
        "--save",
        str(save),
        stdin="bid 1\n",
    )
    assert code == 1 and f"it is saved in {save} (go on with: tycoon play --resume {save})" in out
    saved = json.loads(save.read_text())
    assert len(saved["steps"]) == 3  # bid 1, the bot's bid, and the bot's next bid
    code, out, _ = tycoon(
        monkeypatch, capsys, "play", "--resume", str(save), stdin="bid 0\nbid 0\n"
    )
    assert code == 0 and "Game over" in out
    assert len(json.loads(save.read_text())["steps"]) == 6


def test_simulate_reports_and_does_not_depend_on_jobs(monkeypatch, capsys, tmp_path: Path) -> None:
    out_file = tmp_path / "games.jsonl"
    code, out, _ = tycoon(
        monkeypatch,
        capsys,
        "simulate",
        "sealed-auction",
        "-n",
        "60",
        "--seats",
        "random,random",
        "--seed",
        "4",
        "--out",
        str(out_file),
    )
    assert code == 0 and "results by seat" in out and "95% interval" in out
    assert len(out_file.read_text().splitlines()) == 60
    reports = []
    for jobs in ("1", "2"):
        code, out, _ = tycoon(
            monkeypatch,
            capsys,
            "simulate",
            "sealed-auction",
            "-n",
            "60",
            "--seats",
            "random,random",
            "--seed",
            "4",
            "--jobs",
            jobs,
            "--json",
        )
        assert code == 0
        reports.append(json.loads(out))
    assert reports[0] == reports[1]
    assert reports[0]["games"] == 60
    assert sum(line["wins"] for line in reports[0]["seat_results"]) == pytest.approx(60)


def test_replay_steps_through_a_record(monkeypatch, capsys, tmp_path: Path) -> None:
    out_file = tmp_path / "games.jsonl"
    tycoon(
        monkeypatch,
        capsys,
        "simulate",
        "sealed-auction",
        "-n",
        "3",
        "--seats",
        "random,random",
        "--out",
        str(out_file),
    )
    code, out, _ = tycoon(monkeypatch, capsys, "replay", f"{out_file}#2", "--all")
    assert code == 0 and "step 6 of 6" in out and "three items sold" in out
    code, out, _ = tycoon(monkeypatch, capsys, "replay", f"{out_file}#2", stdin="\n\np\n6\nq\n")
    assert code == 0
    assert "step 2 of 6" in out and "step 1 of 6" in out and "step 6 of 6" in out
    code, _, err = tycoon(monkeypatch, capsys, "replay", f"{out_file}#9")
    assert code == 2 and "holds 3 records; there is no record #9" in err


def test_simulate_compares_variants_side_by_side(monkeypatch, capsys) -> None:
    code, out, _ = tycoon(
        monkeypatch,
        capsys,
        "simulate",
        "sealed-auction",
        "-n",
        "40",
        "--seats",
        "random,random",
        "--vs",
        "cash=3",
        "--vs",
        "--cash 50",
    )
    assert code == 0
    assert "same seeds" in out and "cash=3" in out and "--cash 50" in out
    assert "Seat 1 (random) win rate" in out
    code, out, _ = tycoon(
        monkeypatch,
        capsys,
        "simulate",
        "sealed-auction",
        "-n",
        "40",
        "--seats",
        "random,random",
        "--vs",
        "cash=3",
        "--json",
    )
    reports = json.loads(out)
    assert [r["options"]["cash"] for r in reports] == [10, 3]
    code, _, err = tycoon(
        monkeypatch,
        capsys,
        "simulate",
        "sealed-auction",
        "--vs",
        "cash=0",
    )
    assert code == 2 and "must be at least 1" in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "sealed-auction", "--seed", "x"], "Invalid value for '--seed'"),
        (["simulate", "sealed-auction", "-n", "0"], "greater than or equal to 1"),
        (["replay"], "Missing argument"),
        (["conquer"], "No such command 'conquer'"),
    ],
)
def test_command_line_mistakes_print_one_clear_line(monkeypatch, capsys, args, message) -> None:
    code, out, err = tycoon(monkeypatch, capsys, *args)
    assert code == 2 and message in err and err.startswith("error:")
    assert err.count("\n") == 1 and "Traceback" not in err + out
