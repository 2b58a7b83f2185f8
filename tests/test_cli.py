"""The ``tycoon`` command, driven through its input stream (never a terminal), on the
sealed-auction test game; the built-in games have their own play tests."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from server.process import free_port
from sim.support import tycoon  # tests/ is on the path (tests/conftest.py)


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
        # An empty --seats is a mistake, not the default seats.
        (["simulate", "sealed-auction", "--seats", ""], "seat codes separated by commas"),
        (["play", "sealed-auction", "--seats", ""], "seat codes separated by commas"),
        (["sweep", "sealed-auction", "--vary", "cash=5,10", "--seats", ""], "separated by"),
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


# -- files: checked before anything starts, written atomically, other games kept (issues 9, 10) --


def stopped_game(monkeypatch, capsys, save: Path) -> None:
    """A sealed-auction game stopped after one bid of the human: three steps, saved in ``save``."""
    code, _, _ = tycoon(
        monkeypatch,
        capsys,
        *("play", "sealed-auction", "--seats", "human,random", "--seed", "5"),
        *("--save", str(save)),
        stdin="bid 1\n",
    )
    assert code == 1


def finished_records(monkeypatch, capsys, path: Path, games: int) -> list[str]:
    code, _, _ = tycoon(
        monkeypatch,
        capsys,
        *("simulate", "sealed-auction", "-n", str(games), "--seats", "random,random"),
        *("--out", str(path)),
    )
    assert code == 0
    return path.read_text().splitlines()


@pytest.mark.parametrize(
    ("command", "where", "message"),
    [
        ("play", "missing/dir/x.jsonl", "there is no directory"),
        ("play", "a-directory", "is a directory; give a file name"),
        ("play", "read-only.jsonl", "the file is not writable"),
        ("simulate", "missing/x.jsonl", "there is no directory"),
        ("simulate", "a-directory", "is a directory; give a file name"),
        ("simulate", "read-only.jsonl", "the file is not writable"),
    ],
)
def test_bad_output_paths_are_refused_before_anything_starts(
    monkeypatch, capsys, tmp_path: Path, command: str, where: str, message: str
) -> None:
    (tmp_path / "a-directory").mkdir()
    read_only = tmp_path / "read-only.jsonl"
    read_only.write_text("keep me\n")
    read_only.chmod(0o444)
    target = tmp_path / where
    if command == "play":
        args = ["play", "sealed-auction", "--seats", "human,random", "--save", str(target)]
    else:
        args = ["simulate", "sealed-auction", "-n", "5", "--out", str(target)]
    code, out, err = tycoon(monkeypatch, capsys, *args, stdin="bid 1\nbid 1\n")
    assert code == 2
    assert err.startswith("error:") and message in err
    assert err.count("\n") == 1 and "Traceback" not in err + out
    assert out == ""  # nothing was played or simulated
    assert read_only.read_text() == "keep me\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-directory", "read-only.jsonl"]
    assert list((tmp_path / "a-directory").iterdir()) == []


def test_resuming_a_file_of_several_games_keeps_the_others(
    monkeypatch, capsys, tmp_path: Path
) -> None:
    games = tmp_path / "games.jsonl"
    stopped_game(monkeypatch, capsys, games)
    others = finished_records(monkeypatch, capsys, tmp_path / "others.jsonl", 2)
    games.write_text(games.read_text() + "\n" + "\n".join(others) + "\n")  # a blank line too
    code, out, _ = tycoon(monkeypatch, capsys, "play", "--resume", str(games), stdin="bid 0\n")
    assert code == 1 and f"it is saved in {games} (go on with" in out
    lines = games.read_text().split("\n")
    assert lines[1:] == ["", *others, ""]  # the other games, byte for byte, blank line kept
    assert len(json.loads(lines[0])["steps"]) == 5
    code, out, _ = tycoon(monkeypatch, capsys, "play", "--resume", str(games), stdin="bid 0\n")
    assert code == 0 and "Game over" in out
    lines = games.read_text().split("\n")
    assert lines[1:] == ["", *others, ""]
    assert json.loads(lines[0])["outcome"] is not None


def test_resuming_a_numbered_record_into_its_own_file_keeps_the_others(
    monkeypatch, capsys, tmp_path: Path
) -> None:
    games = tmp_path / "games.jsonl"
    stopped_game(monkeypatch, capsys, tmp_path / "stopped.jsonl")
    others = finished_records(monkeypatch, capsys, tmp_path / "others.jsonl", 2)
    stopped = (tmp_path / "stopped.jsonl").read_text().strip()
    games.write_text(f"{others[0]}\n{stopped}\n{others[1]}\n")
    code, out, _ = tycoon(
        monkeypatch,
        capsys,
        *("play", "--resume", f"{games}#2", "--save", str(games)),
        stdin="bid 0\n",
    )
    assert code == 1 and f"it is saved in {games}#2 (go on with" in out
    assert f"tycoon play --resume {games}#2 --save {games})" in out
    lines = games.read_text().splitlines()
    assert [lines[0], lines[2]] == others and len(json.loads(lines[1])["steps"]) == 5


def test_a_record_changed_meanwhile_is_not_saved_over(monkeypatch, capsys, tmp_path: Path) -> None:
    from tycoon.cli.files import RecordSlot
    from tycoon.core import GameRecord, Match, RecordError, load_record

    games = tmp_path / "games.jsonl"
    stopped_game(monkeypatch, capsys, games)
    record = load_record(str(games))
    slot = RecordSlot(games, 1, record)
    other = finished_records(monkeypatch, capsys, tmp_path / "other.jsonl", 1)[0]
    games.write_text(other + "\n")
    match = Match.from_record(record)
    with pytest.raises(RecordError, match="no longer holds the game being played"):
        slot.save(match.record())
    assert games.read_text() == other + "\n"
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []
    assert isinstance(GameRecord.from_json(json.loads(other)), GameRecord)


def test_a_failed_save_leaves_the_file_as_it_was(tmp_path: Path) -> None:
    from tycoon.cli.files import AtomicFile

    path = tmp_path / "games.jsonl"
    path.write_text("old\n")
    out = AtomicFile(path)
    out.write_line("new")
    out.discard()  # what an interrupted run does
    assert path.read_text() == "old\n" and [p.name for p in tmp_path.iterdir()] == ["games.jsonl"]
    out = AtomicFile(path)
    out.write_line("one")
    out.write_line("two")
    out.commit()
    assert path.read_text() == "one\ntwo\n"
    assert [p.name for p in tmp_path.iterdir()] == ["games.jsonl"]


def test_a_simulation_that_fails_leaves_its_out_file_as_it_was(
    monkeypatch, capsys, tmp_path: Path
) -> None:
    from tycoon.sim import simulate as real

    def failing(task, games, jobs=1, executor=None):
        for index, result in enumerate(real(task, games, jobs=jobs)):
            if index == 2:
                raise RuntimeError("a bug in a game")
            yield result

    out_file = tmp_path / "games.jsonl"
    out_file.write_text("an older file\n")
    monkeypatch.setattr("tycoon.cli.main.run_simulation", failing)
    with pytest.raises(RuntimeError, match="a bug in a game"):
        tycoon(monkeypatch, capsys, "simulate", "sealed-auction", "-n", "5", "--out", str(out_file))
    assert out_file.read_text() == "an older file\n"
    assert [p.name for p in tmp_path.iterdir()] == ["games.jsonl"]
    monkeypatch.setattr("tycoon.cli.main.run_simulation", real)
    assert len(finished_records(monkeypatch, capsys, out_file, 3)) == 3


# -- resuming: the game named and the seats given must fit the record (issue 9 item 12) --------


def test_resume_refuses_a_record_of_another_game(monkeypatch, capsys, tmp_path: Path) -> None:
    save = tmp_path / "game.jsonl"
    stopped_game(monkeypatch, capsys, save)
    code, out, err = tycoon(monkeypatch, capsys, "play", "estates", "--resume", str(save))
    assert code == 2 and err.count("\n") == 1 and out == ""
    assert f"{save} holds a game of sealed-auction, not estates" in err
    code, out, _ = tycoon(
        monkeypatch, capsys, "play", "sealed-auction", "--resume", str(save), stdin="quit\n"
    )
    assert code == 1 and "Seat 1>" in out


def test_resume_says_which_seats_changed(monkeypatch, capsys, tmp_path: Path) -> None:
    save = tmp_path / "game.jsonl"
    stopped_game(monkeypatch, capsys, save)
    code, out, _ = tycoon(monkeypatch, capsys, "play", "--resume", str(save), stdin="quit\n")
    assert code == 1 and "in the saved game" not in out
    code, _, err = tycoon(
        monkeypatch, capsys, "play", "--resume", str(save), "--seats", "human,wizard"
    )
    assert code == 2 and "no bot 'wizard'" in err
    code, out, _ = tycoon(
        monkeypatch, capsys, "play", "--resume", str(save), "--seats", "random,random"
    )
    assert code == 0 and "Game over" in out
    assert "Seat 1 was human in the saved game and is now random (--seats)" in out
    assert "Seat 2 was" not in out
    assert json.loads(save.read_text())["seats"] == ["random", "random"]


# -- one clear line for odd files, and defaults that show (issue 9 item 15) ---------------------


def test_an_empty_record_file_says_so(monkeypatch, capsys, tmp_path: Path) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n")
    for args in (["replay", str(empty)], ["play", "--resume", str(empty)]):
        code, _, err = tycoon(monkeypatch, capsys, *args)
        assert code == 2 and f"error: {empty} holds no game records (it is empty)" in err
    code, _, err = tycoon(monkeypatch, capsys, "replay", f"{empty}#0")
    assert code == 2 and "records are numbered from 1" in err


def test_games_names_the_water_rights_data_default(monkeypatch, capsys) -> None:
    """Issue 9, item 15: the default of ``data`` is shown as what it is, the tuned data."""
    code, out, _ = tycoon(monkeypatch, capsys, "games")
    assert code == 0 and "data=tuned" in out
    code, out, _ = tycoon(monkeypatch, capsys, "games", "water-rights")
    row = next(line for line in out.splitlines() if "--data" in line)
    assert "│ tuned" in row


# -- the prompt: every TycoonError is a mistake, odd text never a traceback ---------------------


def test_every_tycoon_error_at_the_prompt_is_reported(monkeypatch, capsys) -> None:
    from sealed_auction import SealedAuction

    from tycoon.core import RecordError

    original = SealedAuction.parse_action

    def parse(self, text: str, seat: int):
        if text == "odd":
            raise RecordError("an odd reason")
        return original(self, text, seat)

    monkeypatch.setattr(SealedAuction, "parse_action", parse)
    code, out, err = tycoon(
        monkeypatch,
        capsys,
        *("play", "sealed-auction", "--seats", "human,random", "--seed", "3"),
        stdin="odd\nquit\n",
    )
    assert code == 1 and "Traceback" not in out + err
    assert "an odd reason (type 'moves' for the legal moves)" in out


def test_a_superscript_number_is_not_a_traceback() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "tycoon", "play", "estates", "--seats", "human,random"],
        input="bid ²\nquit\n",
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "NO_COLOR": "1"},
    )
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    assert "(type 'moves' for the legal moves)" in result.stdout
    assert "Game stopped; it was not saved" in result.stdout


def test_water_rights_prompts_name_the_phase(monkeypatch, capsys) -> None:
    code, out, _ = tycoon(
        monkeypatch,
        capsys,
        *("play", "water-rights", "--seats", "human,random,random,random", "--seed", "2"),
        stdin="quit\n",
    )
    assert code == 1
    assert "King to move: set-up: taxed colours" in out
    assert "King (set-up: taxed colours)> quit" in out


@pytest.mark.parametrize("finished", [0, 2])
def test_an_interrupted_simulation_keeps_what_finished(
    monkeypatch, capsys, tmp_path: Path, finished: int
) -> None:
    """Ctrl-C arriving as KeyboardInterrupt (a second Ctrl-C, or one a worker got first)."""
    from tycoon.sim import simulate as real

    def interrupted(task, games, jobs=1, executor=None):
        for index, result in enumerate(real(task, games, jobs=jobs)):
            if index == finished:
                raise KeyboardInterrupt
            yield result

    out_file = tmp_path / "games.jsonl"
    out_file.write_text("an older file\n")
    monkeypatch.setattr("tycoon.cli.main.run_simulation", interrupted)
    code, out, err = tycoon(
        monkeypatch, capsys, "simulate", "sealed-auction", "-n", "5", "--out", str(out_file)
    )
    assert code == 130 and "Traceback" not in out + err
    assert [p.name for p in tmp_path.iterdir()] == ["games.jsonl"]
    if finished:
        assert "a partial report of the games finished (2 of 5)" in out
        assert "Sealed Auction: 2 games" in out and "results by seat" in out
        assert f"2 game records written to {out_file}" in out
        assert len(out_file.read_text().splitlines()) == 2
    else:
        assert f"Interrupted before any game finished: no report, and {out_file} was not" in out
        assert out_file.read_text() == "an older file\n"


def test_command_list_gives_each_command_one_flowing_summary(monkeypatch, capsys) -> None:
    """`tycoon --help` lists every command with its docstring's first paragraph as prose: the
    source's line breaks (docstrings wrap at 100 columns) are not carried into the list, where
    Rich would break the summary mid-sentence."""
    monkeypatch.setenv("COLUMNS", "220")
    code, out, _ = tycoon(monkeypatch, capsys, "--help")
    assert code == 0
    assert "tabulate figures across it" in out  # sweep's summary, wrapped in its docstring
    assert "quit), or draw every step" in out  # replay's
    import typer

    from tycoon.cli.main import app

    for command in typer.main.get_command(app).commands.values():  # type: ignore[attr-defined]
        summary = command.short_help or (command.help or "").split("\n\n")[0]
        assert "\n" not in summary.strip(), command.name


def test_every_help_page_fits_an_80_column_terminal(monkeypatch, capsys) -> None:
    """Rich cuts a word longer than its column with "…" (an example URL lost its host and
    database): no command's help may lose text in a standard 80-column terminal."""
    import typer

    from tycoon.cli.main import app

    monkeypatch.setenv("COLUMNS", "80")
    for name in ["", *typer.main.get_command(app).commands]:  # type: ignore[attr-defined]
        code, out, _ = tycoon(monkeypatch, capsys, *([name] if name else []), "--help")
        assert code == 0, name
        assert "…" not in out, (name, [line for line in out.splitlines() if "…" in line])


@pytest.mark.parametrize("command", ["simulate", "play", "sweep"])
def test_a_player_count_option_points_to_the_seats(monkeypatch, capsys, command: str) -> None:
    """`--players 4` reads like a game option, but the seats are the players: the error says
    how to give them instead of "estates has no option 'players'"."""
    vary = ["--vary", "rounds=1..2"] if command == "sweep" else []
    code, out, err = tycoon(monkeypatch, capsys, command, "estates", *vary, "--players", "4")
    assert code != 0
    assert "--players: the players are the seats" in out + err
    assert (
        "--seats greedy,greedy,greedy" in out + err and "estates seats 2 to 5 players" in out + err
    )
    assert "Traceback" not in out + err


def test_serve_on_a_damaged_database_file_says_so_in_one_line(
    monkeypatch, capsys, tmp_path: Path
) -> None:
    damaged = tmp_path / "tycoon.db"
    damaged.write_text("this was a spreadsheet once\n" * 50)
    port = str(free_port())
    code, out, err = tycoon(
        monkeypatch, capsys, "serve", "--port", port, "--database", f"sqlite:///{damaged}"
    )
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("error: cannot open database")
    assert damaged.read_text() == "this was a spreadsheet once\n" * 50


def test_serve_on_a_port_in_use_says_so_before_announcing_anything(
    monkeypatch, capsys, tmp_path: Path
) -> None:
    """Another server holds the port: one line, exit 2, no "serving at" banner and no
    database made (uvicorn alone logged the error after the banner said the server was up)."""
    database = tmp_path / "tycoon.db"
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        port = str(other.getsockname()[1])
        code, out, err = tycoon(
            monkeypatch, capsys, "serve", "--port", port, "--database", f"sqlite:///{database}"
        )
    assert code == 2 and out == ""
    assert err == f"error: cannot listen on 127.0.0.1:{port}: the port is in use (another " + (
        "server?); choose another with --port\n"
    )
    assert not database.exists()


def test_a_variant_without_dashes_reads_each_option_and_its_value() -> None:
    """``--vs "size 10"`` is size 10 (it once read "--10" as an option and said size needed a
    value); a switch takes only on/off-like words; any other word is an option, so an unknown
    one is named with the game's options."""
    from tycoon.cli.options import parse_game_options, short_form
    from tycoon.core import OptionError, get_spec

    spec = get_spec("my-city")

    def read(text: str) -> dict[str, object]:
        return parse_game_options(spec, short_form(spec, text.split()))

    assert read("size 10") == read("size=10") == {"size": 10}
    assert read("parks on size 12 no-slums") == {"parks": True, "size": 12, "slums": False}
    assert read("parks size 12") == {"parks": True, "size": 12}
    for text, words in [
        ("size 10 foo", "has no option 'foo' (its options: counters, map, size"),
        ("parks maybe", "has no option 'maybe'"),
        ("size", "option --size needs a value (8|10|12)"),
        ("size 99", "option 'size' must be one of 8, 10, 12, not '99'"),
    ]:
        with pytest.raises(OptionError) as error:
            read(text)
        assert words in error.value.reason, text
