"""``tycoon join`` for real: a ``tycoon serve`` process and the client in a tmux terminal, playing
one seat of Water Rights against two bots to the end, the server killed (``kill -9``) and started
again mid-game, and nothing private to the other seats anywhere in the terminal's history."""

from __future__ import annotations

import re
import shlex
import sys
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("websockets")

import httpx
from rich.text import Text
from server.process import Server, free_port
from test_cli_terminal import Terminal, needs_tmux, until

from tycoon.core import GameRecord, replay

GAME = "water-rights"


def plain_lines(markup: str) -> set[str]:
    return {line.strip() for line in Text.from_markup(markup).plain.splitlines()}


def secrets_of_others(record: GameRecord, me: int) -> set[str]:
    """Lines the other seats saw on their boards while the game ran that neither ``me`` nor a
    spectator ever saw (long enough to be told apart, short enough not to wrap)."""
    mine: set[str] = set()
    theirs: set[str] = set()
    for match, _step in replay(record):
        game = match.game
        for viewer in (None, me):
            mine |= plain_lines(game.render_text(game.observe(match.state, viewer)))
        if game.is_over(match.state):
            continue  # the end reveals every secret goal
        for other in range(game.players):
            if other != me:
                theirs |= plain_lines(game.render_text(game.observe(match.state, other)))
    return {line for line in theirs - mine if 12 <= len(line) <= 110}


@needs_tmux
def test_a_seat_plays_to_the_end_in_a_terminal_and_survives_a_server_crash(
    tmp_path: Path,
) -> None:
    server = Server(f"sqlite:///{tmp_path / 'tycoon.db'}", free_port(), tmp_path / "server.log")
    server.start()
    terminal = Terminal(tmp_path)
    try:
        until(lambda: terminal.last_line().endswith("$"), "the shell prompt", terminal.screen)
        made = server.http.post(
            f"{server.base}/api/tables",
            json={"game": GAME, "seats": [{"name": "Ann"}, "greedy", "greedy"]},
        ).json()
        seat = made["seats"][0]
        link = server.base + seat["link"]
        command = [sys.executable, "-m", "tycoon", "join", link]
        terminal.type(" ".join(shlex.quote(word) for word in command) + "; echo client-exit-$?")

        def view() -> dict[str, Any]:
            try:
                response = server.http.get(
                    f"{server.base}/api/tables/{made['id']}/view",
                    params={"seat": 0, "token": seat["token"]},
                )
            except httpx.HTTPError:
                return {}
            state: dict[str, Any] = response.json() if response.status_code == 200 else {}
            return state

        typed: list[int] = []  # the versions a move was typed at
        crashed = False
        while True:
            state = until(view, "the table's state")
            if state["over"]:
                break
            asked = (
                bool(state["legal"])
                and terminal.last_line().endswith(">")
                and terminal.history().count("Ann (Senior) to move") > len(typed)  # a new one
            )
            if not asked or (typed and typed[-1] == state["version"]):
                time.sleep(0.05)
                continue
            choice = state["legal"][0]
            terminal.type(choice["notation"])  # an amount's notation carries its lowest amount
            typed.append(state["version"])
            until(
                lambda: view().get("version", -1) > typed[-1] or "Traceback" in terminal.history(),
                f"move {len(typed)} ({choice['notation']})",
                terminal.screen,
            )
            if len(typed) == 3 and not crashed:  # mid-game: the server dies and comes back
                server.kill()
                crashed = True
                until(lambda: "reconnecting" in terminal.history(), "the lost connection")
                server.start()
                until(
                    lambda: "Reconnected to the server." in terminal.history(),
                    "the client to reconnect",
                    terminal.screen,
                )
        ended = re.compile(r"^client-exit-(\d+)$", re.MULTILINE)
        until(lambda: ended.search(terminal.history()), "the client to end", terminal.screen)
        history = terminal.history()
        assert "client-exit-0" in history, history[-3000:]
        assert "Traceback" not in history
        assert crashed and len(typed) > 3
        assert "You play Ann (Senior)" in history and "Senior (drafting)>" in history
        assert (
            history.index("reconnecting")
            < history.index("Reconnected")
            < history.index("Game over")
        )
        assert "wins." in history or "share the win." in history
        record = GameRecord.from_json(
            httpx.get(f"{server.base}/api/tables/{made['id']}/record").json()
        )
        secrets = secrets_of_others(record, 0)
        assert any("Your secret goal:" in line for line in secrets)  # the check is not empty
        for line in secrets:
            assert line not in history, f"another seat's secret {line!r} reached the terminal"
    finally:
        terminal.close()
        server.stop()


@needs_tmux
def test_ctrl_c_leaves_the_table_and_says_how_to_come_back(tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 'tycoon.db'}", free_port(), tmp_path / "server.log")
    server.start()
    terminal = Terminal(tmp_path)
    try:
        until(lambda: terminal.last_line().endswith("$"), "the shell prompt", terminal.screen)
        made = server.http.post(
            f"{server.base}/api/tables",
            json={"game": GAME, "seats": [{"name": "Ann"}, "greedy", "greedy"]},
        ).json()
        link = server.base + made["seats"][0]["link"]
        command = [sys.executable, "-m", "tycoon", "join", link]
        terminal.type(" ".join(shlex.quote(word) for word in command) + "; echo client-exit-$?")
        until(lambda: terminal.last_line().endswith("(drafting)>"), "the prompt", terminal.screen)
        terminal.keys("C-c")
        ended = re.compile(r"^client-exit-(\d+)$", re.MULTILINE)
        found = until(lambda: ended.search(terminal.history()), "the client to end")
        history = terminal.history()
        assert found.group(1) == "130" and "Traceback" not in history
        assert f"Come back with: tycoon join '{link}'" in history.replace("\n", "")
        summary = server.http.get(f"{server.base}/api/tables/{made['id']}").json()
        assert summary["status"] == "playing"  # the seat stays Ann's, the game waits
    finally:
        terminal.close()
        server.stop()
