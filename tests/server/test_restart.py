"""A real server process killed with SIGKILL mid-game and started again: every table resumes
exactly, with the same views and the same future draws as a game that was never interrupted."""

from __future__ import annotations

import os
import random
import signal
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from tycoon.core import Match, make
from tycoon.server.storage import SqlStorage

from .process import Server, descendants, free_port, running

GAME = "esport-monopoly"  # dice every turn: the draws after the restart are checked


def views(server: Server, table_id: str, tokens: dict[int, str]) -> list[Any]:
    url = f"{server.base}/api/tables/{table_id}/view"
    seen = [server.http.get(url, params={"seat": s, "token": t}).json() for s, t in tokens.items()]
    return [*seen, server.http.get(url).json()]


def play(
    server: Server, table_id: str, tokens: dict[int, str], rng: random.Random, count: int
) -> int:
    """``count`` random legal moves by whichever seat is to act (fewer if the game ends: the
    table's seed is the server's own, so a game's length is not known here); how many."""
    for made in range(count):
        url = f"{server.base}/api/tables/{table_id}/view"
        to_act = server.http.get(url).json()["to_act"]
        if not to_act:
            return made
        seat = to_act[0]
        mine = server.http.get(url, params={"seat": seat, "token": tokens[seat]}).json()
        choice = rng.choice(mine["legal"])
        move: dict[str, Any] = {"seat": seat, "token": tokens[seat], "choice": choice["choice"]}
        move["version"] = mine["version"]
        if "low" in choice:
            move["amount"] = choice["low"]
        answer = server.http.post(f"{server.base}/api/tables/{table_id}/moves", json=move)
        assert answer.status_code == 200, answer.text
    return count


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
def test_a_killed_server_resumes_every_table_exactly(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'tycoon.db'}"
    server = Server(database, free_port(), tmp_path / "server.log")
    try:
        banner = server.start()
        assert f"http://127.0.0.1:{server.port}" in banner and "tycoon.db" in banner
        rng = random.Random(3)
        # Random moves may bankrupt a player early (the seed is the server's, about one game
        # in 150 ends within 60 moves): a table that ends before the kill is played again.
        for _ in range(5):
            made = server.http.post(
                f"{server.base}/api/tables",
                json={"game": GAME, "seats": [{"name": "Ann"}, {"name": "Bob"}]},
            ).json()
            table_id = made["id"]
            tokens = {s["seat"]: s["token"] for s in made["seats"]}
            if play(server, table_id, tokens, rng, 30) == 30:
                break
        before = views(server, table_id, tokens)
        server.kill()
        server.start()
        assert views(server, table_id, tokens) == before
        later = play(server, table_id, tokens, rng, 30)
        after = views(server, table_id, tokens)
    finally:
        server.stop()
    # The same moves in one uninterrupted match from the stored seed draw the same dice.
    storage = SqlStorage(database)
    stored = storage.moves(table_id)
    assert len(stored) == 30 + later == after[0]["version"] and later > 0
    game = make(GAME, 2)
    match: Match[Any, Any, Any] = Match(game, storage.table(table_id).seed)
    for move in stored:
        outcomes = match.play(game.parse_action(move.notation, move.seat))
        assert outcomes == move.outcomes, f"move {move.index} drew differently"
    assert any(move.outcomes for move in stored[30:])
    for seat, seen in enumerate(after[:2]):
        assert seen["view"] == game.view_to_json(match.view(seat))
    assert after[2]["view"] == game.view_to_json(match.view(None))


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
def test_every_acknowledged_move_survives_a_kill_under_load(tmp_path: Path) -> None:
    """Many tables moving at once (the writer commits them in batches), killed mid-flight:
    every move the server acknowledged is stored, and each table resumes from its moves."""
    database = f"sqlite:///{tmp_path / 'tycoon.db'}"
    server = Server(database, free_port(), tmp_path / "server.log")
    acknowledged: dict[str, int] = {}
    stop = threading.Event()

    def keep_playing(table_id: str, tokens: dict[int, str], seed: int) -> None:
        rng = random.Random(seed)
        with httpx.Client(timeout=10) as http:
            url = f"{server.base}/api/tables/{table_id}"
            try:
                while not stop.is_set():
                    seat = http.get(f"{url}/view").json()["to_act"][0]
                    mine = http.get(f"{url}/view", params={"seat": seat, "token": tokens[seat]})
                    choice = rng.choice(mine.json()["legal"])
                    move = {"seat": seat, "token": tokens[seat], "choice": choice["choice"]}
                    if "low" in choice:
                        move["amount"] = choice["low"]
                    answer = http.post(f"{url}/moves", json=move)
                    if answer.status_code == 200:
                        acknowledged[table_id] = answer.json()["version"]
            except (httpx.HTTPError, KeyError, IndexError):
                return  # the server was killed

    try:
        server.start()
        tables: dict[str, dict[int, str]] = {}
        for _ in range(16):
            made = server.http.post(
                f"{server.base}/api/tables",
                json={"game": GAME, "seats": [{"name": "Ann"}, {"name": "Bob"}]},
            ).json()
            tables[made["id"]] = {s["seat"]: s["token"] for s in made["seats"]}
        threads = [
            threading.Thread(target=keep_playing, args=(table_id, tokens, n))
            for n, (table_id, tokens) in enumerate(tables.items())
        ]
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 60
        while sum(acknowledged.values()) < 150 and time.monotonic() < deadline:
            time.sleep(0.05)
        server.kill()  # moves in flight: some acknowledged, some not
        stop.set()
        for thread in threads:
            thread.join(30)
        assert sum(acknowledged.values()) >= 150
        storage = SqlStorage(database)
        for table_id, version in acknowledged.items():
            assert len(storage.moves(table_id)) >= version, f"table {table_id} lost a move"
        server.start()
        for table_id, tokens in tables.items():
            stored = storage.moves(table_id)
            seen = views(server, table_id, tokens)
            assert seen[0]["version"] == len(stored)
            game = make(GAME, 2)
            match: Match[Any, Any, Any] = Match(game, storage.table(table_id).seed)
            for move in stored:
                match.play(game.parse_action(move.notation, move.seat))
            assert seen[2]["view"] == game.view_to_json(match.view(None))
        storage.close()
    finally:
        stop.set()
        server.stop()


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_a_killed_server_leaves_no_worker_process_behind(tmp_path: Path) -> None:
    """The server's bot and drawing workers (a forkserver and its children) end with it when it
    is killed: a server restarted after each crash would otherwise gather idle processes."""
    server = Server(f"sqlite:///{tmp_path / 'tycoon.db'}", free_port(), tmp_path / "server.log", 1)
    try:
        server.start()
        made = server.http.post(
            f"{server.base}/api/tables",
            json={"game": GAME, "seats": [{"name": "Ann"}, {"name": "Bob"}, "greedy"]},
        ).json()
        tokens = {s["seat"]: s["token"] for s in made["seats"]}
        url = f"{server.base}/api/tables/{made['id']}/view"
        assert server.process is not None
        pid = server.process.pid
        rng = random.Random(5)
        deadline = time.monotonic() + 120
        # Play until the bot has moved: a worker then runs below the forkserver (a grandchild).
        while len(workers := descendants(pid)) == len(descendants(pid, depth=1)):
            assert time.monotonic() < deadline, "the bot never played"
            to_act = server.http.get(url).json()["to_act"]
            if to_act and to_act[0] in tokens:  # the people's moves; the bot's come between
                play(server, made["id"], tokens, rng, 1)
            else:
                time.sleep(0.05)
        server.kill()
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and any(running(pid) for pid in workers):
            time.sleep(0.05)
        left = [pid for pid in workers if running(pid)]
        for pid in left:  # none, unless the test failed
            os.kill(pid, signal.SIGKILL)
        assert left == []
    finally:
        server.stop()
