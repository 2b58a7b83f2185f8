"""The ``tycoon`` command where a pipe cannot stand in for a person: a real SIGINT (Ctrl-C) to
the running command, and a real terminal (tmux) for hot-seat secrecy and for keys typed ahead.

The terminal tests drive ``python -m tycoon`` in a detached tmux session of their own (a private
server socket) and read the whole pane history with ``capture-pane -S -``. They are skipped only
when tmux is missing (CI installs it).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tycoon.core import make
from tycoon.sim import make_bots, play_match

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "NO_COLOR": "1", "COLUMNS": "120"}
ENV.pop("TMUX", None)
PATIENCE = 120.0  # seconds to wait for the program before a test fails (never a measurement)


def until(condition: Callable[[], Any], what: str, detail: Callable[[], str] = str) -> Any:
    deadline = time.monotonic() + PATIENCE
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting for {what}\n{detail()}")
        time.sleep(0.05)


# -- Ctrl-C: a real SIGINT to the command (issue 9 item 11) --------------------------------------


def _as_at_a_keyboard() -> None:
    # A job started in the background by a non-interactive shell (as CI may start the suite)
    # inherits SIGINT ignored; a person's Ctrl-C at a terminal is never ignored.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def started(*args: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "tycoon", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=ENV,
        cwd=ROOT,
        preexec_fn=_as_at_a_keyboard,
    )


def read_until(process: subprocess.Popen[bytes], text: bytes) -> bytes:
    assert process.stdout is not None
    seen = b""
    while text not in seen:
        chunk = os.read(process.stdout.fileno(), 65536)
        assert chunk, f"the command ended before printing {text!r}: {seen.decode()[-2000:]}"
        seen += chunk
    return seen


@pytest.mark.parametrize("saved", [True, False])
def test_ctrl_c_in_play_says_where_the_game_is(tmp_path: Path, saved: bool) -> None:
    save = tmp_path / "game.jsonl"
    extra = ("--save", str(save)) if saved else ()
    process = started("play", "estates", "--seats", "human,random", "--seed", "3", *extra)
    try:
        before = read_until(process, b"Seat 1>")  # the bot has auctioned; the human is asked
        process.send_signal(signal.SIGINT)
        rest, err = process.communicate(timeout=PATIENCE)
    finally:
        process.kill()
    out = (before + rest).decode()
    assert process.returncode == 130, err.decode()
    assert "Traceback" not in out + err.decode()
    if saved:
        assert f"Game interrupted; it is saved in {save} (go on with: tycoon play --resume" in out
        record = json.loads(save.read_text())
        assert record["game"] == "estates" and len(record["steps"]) == 1
    else:
        assert "Game interrupted; it was not saved (--save FILE keeps a game)." in out
        assert not save.exists()


@pytest.mark.parametrize("as_json", [False, True])
def test_ctrl_c_in_simulate_reports_the_games_finished(tmp_path: Path, as_json: bool) -> None:
    out_file = tmp_path / "games.jsonl"
    out_file.write_text("an older file\n")
    extra = ("--json",) if as_json else ()
    process = started(
        *("simulate", "estates", "-n", "1000000", "--seats", "random,random", "--seed", "2"),
        *("--out", str(out_file), *extra),
    )
    try:

        def some_games_finished() -> bool:
            return any(
                p.name.startswith(".games.jsonl.") and p.stat().st_size > 0
                for p in tmp_path.iterdir()
            )

        until(some_games_finished, "the first finished games")
        process.send_signal(signal.SIGINT)
        out_bytes, err_bytes = process.communicate(timeout=PATIENCE)
    finally:
        process.kill()
    out, err = out_bytes.decode(), err_bytes.decode()
    assert process.returncode == 130, err
    assert "Traceback" not in out + err
    records = out_file.read_text().splitlines()
    assert records and all(json.loads(line)["outcome"] is not None for line in records)
    assert [json.loads(line)["meta"]["index"] for line in records] == list(range(len(records)))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.jsonl"]
    if as_json:
        report = json.loads(out)
        assert report["partial"] is True and report["wanted"] == 1000000
        assert report["reports"][0]["games"] == len(records)
    else:
        assert f"partial report of the games finished ({len(records)} of 1000000)" in out
        assert "results by seat" in out
        assert f"{len(records)} game records written to {out_file}" in out


# -- a real terminal ----------------------------------------------------------------------------

TMUX = shutil.which("tmux")
needs_tmux = pytest.mark.skipif(TMUX is None, reason="needs tmux (CI installs it)")


class Terminal:
    """A 120x40 terminal in a detached tmux session, running a plain shell."""

    def __init__(self, directory: Path) -> None:
        assert TMUX is not None
        self.socket = f"tycoon-test-{uuid.uuid4().hex[:12]}"
        config = directory / "tmux.conf"
        config.write_text("set -g history-limit 100000\nset -g status off\n")
        self.tmux(
            *("-f", str(config), "new-session", "-d", "-s", "play", "-x", "120", "-y", "40"),
            *("-c", str(ROOT), "env", "PS1=$ ", "bash", "--norc", "--noprofile"),
        )

    def tmux(self, *args: str) -> str:
        assert TMUX is not None
        result = subprocess.run(
            [TMUX, "-L", self.socket, *args],
            capture_output=True,
            text=True,
            env=ENV,
            timeout=PATIENCE,
            check=True,
        )
        return result.stdout

    def type(self, text: str) -> None:
        """Type ``text`` and press Enter."""
        self.tmux("send-keys", "-t", "play", "-l", text)
        self.tmux("send-keys", "-t", "play", "Enter")

    def keys(self, *keys: str) -> None:
        self.tmux("send-keys", "-t", "play", *keys)

    def screen(self) -> str:
        """What is on the screen now (the alternate screen, while a program shows it)."""
        return self.tmux("capture-pane", "-p", "-t", "play")

    def history(self) -> str:
        """The main screen with its whole scrollback (or the alternate screen while shown)."""
        return self.tmux("capture-pane", "-p", "-t", "play", "-S", "-")

    def last_line(self) -> str:
        lines = [line.rstrip() for line in self.screen().splitlines() if line.strip()]
        return lines[-1] if lines else ""

    def close(self) -> None:
        subprocess.run([TMUX or "tmux", "-L", self.socket, "kill-server"], capture_output=True)


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[Terminal]:
    term = Terminal(tmp_path)
    try:
        until(lambda: term.last_line().endswith("$"), "the shell prompt", term.screen)
        yield term
    finally:
        term.close()


def tycoon_line(*args: str) -> str:
    return " ".join([sys.executable, "-m", "tycoon", *args])


def steps_saved(save: Path) -> int:
    try:
        return len(json.loads(save.read_text())["steps"])
    except (FileNotFoundError, ValueError, KeyError):
        return 0


def hot_seat(
    terminal: Terminal,
    game_name: str,
    players: int,
    seed: int,
    save: Path,
    private: list[str],
    enough: Callable[[list[str], int], bool],
) -> list[str]:
    """Play a hot-seat game of humans only, typing the moves of a random-bot game with the same
    seed, and check at every hand-over that nothing of a private screen (the ``private`` texts,
    or a command typed at a prompt) is anywhere in the terminal's history. Stops with Ctrl-C once
    ``enough(moves typed, hand-overs checked)``; returns the private screens seen."""
    game = make(game_name, players)
    seats = ["random"] * players
    reference = play_match(game, make_bots(game, seats, seed), seed, seats)
    typed_prompt = re.compile(r"^\S.*> \S", re.MULTILINE)  # a prompt with a command after it
    terminal.type(
        tycoon_line("play", game_name, "--seats", ",".join(["human"] * players))
        + f" --seed {seed} --save {save}"
    )
    screens: list[str] = []
    handovers = 0
    for done, step in enumerate(reference.steps):
        line = until(
            lambda: terminal.last_line() if terminal.last_line().endswith((">", "Enter.")) else "",
            f"a prompt before move {done + 1}",
            terminal.screen,
        )
        if line.endswith("Enter."):  # a hand-over: the main screen, with its history
            history = terminal.history()
            for text in private:
                assert text not in history, f"{text!r} is still in the terminal at a hand-over"
            assert not typed_prompt.search(history), "a typed command is still in the terminal"
            handovers += 1
            if enough([s.action for s in reference.steps[:done]], handovers):
                break
            terminal.keys("Enter")
            until(lambda: terminal.last_line().endswith(">"), "the private screen", terminal.screen)
        screen = terminal.screen()
        assert any(text in screen for text in private), "a private screen shows private things"
        screens.append(screen)
        terminal.type(step.action)
        until(lambda: steps_saved(save) > done, f"move {done + 1} ({step.action})", terminal.screen)  # noqa: B023
    else:
        raise AssertionError("the reference game ended before enough was checked")
    terminal.keys("C-c")
    until(lambda: "Game interrupted; it is saved in" in terminal.history(), "the Ctrl-C message")
    history = terminal.history()
    for text in private:
        assert text not in history
    return screens


@needs_tmux
def test_estates_hot_seat_leaves_nothing_private_in_the_terminal(
    terminal: Terminal, tmp_path: Path
) -> None:
    screens = hot_seat(
        terminal,
        "estates",
        2,
        3,
        tmp_path / "game.jsonl",
        ["Money: you:"],
        lambda moves, handovers: handovers >= 6,
    )
    assert all("Money: you: $" in screen for screen in screens)


@needs_tmux
def test_milton_keynes_hot_seat_leaves_no_bribe_hand_or_pouch(
    terminal: Terminal, tmp_path: Path
) -> None:
    pouch_seen: list[int] = []

    def enough(moves: list[str], handovers: int) -> bool:
        if not pouch_seen and any(m.startswith("build ") for m in moves):
            pouch_seen.append(handovers)  # the pouch was on the builder's screen
        return bool(pouch_seen) and handovers > pouch_seen[0]

    screens = hot_seat(
        terminal,
        "milton-keynes",
        3,
        3,
        tmp_path / "game.jsonl",
        ["Your hand:", "Your pouch:"],
        enough,
    )
    assert any("Your pouch:" in screen for screen in screens)
    assert any("bribe" in screen for screen in screens)


@needs_tmux
def test_keys_typed_before_a_decision_is_shown_never_answer_it(
    terminal: Terminal, tmp_path: Path
) -> None:
    save = tmp_path / "game.jsonl"
    # The bot (Seat 2) auctions first and then waits 3 seconds; "quit" is typed at once, long
    # before Seat 1's bid is asked for, so it must be thrown away.
    terminal.type(
        tycoon_line("play", "estates", "--seats", "human,random", "--seed", "3")
        + f" --delay 3 --save {save}"
    )
    terminal.type("quit")
    until(
        lambda: terminal.last_line().endswith("Seat 1>") or "Game stopped" in terminal.screen(),
        "Seat 1's prompt",
        terminal.screen,
    )
    terminal.type("moves")
    until(
        lambda: terminal.screen().count("Legal moves:") >= 2 or "Game stopped" in terminal.screen(),
        "the legal moves again",
        terminal.screen,
    )
    assert "Game stopped" not in terminal.history()
    terminal.type("pass")
    until(lambda: steps_saved(save) >= 2, "Seat 1's pass", terminal.screen)
    terminal.keys("C-c")
    until(lambda: "Game interrupted" in terminal.screen(), "the Ctrl-C message", terminal.screen)
