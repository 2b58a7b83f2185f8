"""Bots that remember between moves: their memory survives a restart and a discarded choice.

A bot's memory is rebuilt from what it was asked before each of its moves that stand, so a
restarted server's bots play on exactly as an uninterrupted server's would (a real process
killed with SIGKILL), and zombies (people's seats a bot plays meanwhile) survive a restart."""

from __future__ import annotations

import random
import sys
import time
import warnings
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from tycoon.core import Match, SeededRng, derive_seed, make
from tycoon.core.players import make_bot
from tycoon.server import bots
from tycoon.server.app import create_app
from tycoon.server.master import BOT_SALT
from tycoon.server.storage import SqlStorage

from .process import Server, free_port

GAME = "esport-monopoly"  # dice every turn; its greedy bot keeps plans between moves
SEATS: list[Any] = [{"name": "Ann"}, "random", "greedy"]


def human_moves(
    server: Server, table_id: str, tokens: dict[int, str], rng: random.Random, count: int
) -> None:
    """``count`` random legal moves by the people, waiting for the bots in between."""
    url = f"{server.base}/api/tables/{table_id}/view"
    made = 0
    deadline = time.monotonic() + 120
    while made < count:
        assert time.monotonic() < deadline, "the bots did not play"
        public = server.http.get(url).json()
        if public["over"]:
            return
        people = [s for s in public["to_act"] if s in tokens]
        if not people:
            time.sleep(0.01)
            continue
        seat = people[0]
        mine = server.http.get(url, params={"seat": seat, "token": tokens[seat]}).json()
        if not mine["legal"]:
            continue
        choice = rng.choice(mine["legal"])
        move: dict[str, Any] = {"seat": seat, "token": tokens[seat], "choice": choice["choice"]}
        move["version"] = mine["version"]
        if "low" in choice:
            move["amount"] = choice["low"]
        answer = server.http.post(f"{server.base}/api/tables/{table_id}/moves", json=move)
        if answer.status_code == 200:
            made += 1
        else:
            assert answer.status_code == 409, answer.text  # a bot moved first: choose again


def settled(server: Server, table_id: str, tokens: dict[int, str]) -> dict[str, Any]:
    """The table's public view once the bots have nothing to play (a person to act, or the
    game over), so that no bot moves between reading its version and a kill."""
    url = f"{server.base}/api/tables/{table_id}/view"
    deadline = time.monotonic() + 120
    while True:
        public: dict[str, Any] = server.http.get(url).json()
        if public["over"] or any(s in tokens for s in public["to_act"]):
            return public
        assert time.monotonic() < deadline, "the bots did not play"
        time.sleep(0.01)


def bot_moves(database: str, table_id: str) -> int:
    """How many of the table's stored moves a bot made."""
    storage = SqlStorage(database)
    count = sum(1 for move in storage.moves(table_id) if move.bot is not None)
    storage.close()
    return count


def check_bots_played_as_uninterrupted(database: str, table_id: str) -> int:
    """Replay the stored game with bots that were never interrupted, asked from the same
    views; every stored bot move must be the one they choose. Returns the bot moves checked."""
    storage = SqlStorage(database)
    row = storage.table(table_id)
    stored = storage.moves(table_id)
    storage.close()
    game = make(GAME, row.players)
    match: Match[Any, Any, Any] = Match(game, row.seed)
    players = {
        s.seat: make_bot(s.code, game, s.seat, SeededRng(derive_seed(row.seed, BOT_SALT + s.seat)))
        for s in row.seats
        if not s.is_human
    }
    checked = 0
    for move in stored:
        if move.seat in players:
            bot = players[move.seat]
            chosen = bot.choose(match.view(move.seat), match.legal_actions(move.seat))
            assert game.format_action(chosen) == move.notation, f"bot move {move.index} differs"
            assert move.bot == row.seats[move.seat].code
            checked += 1
        else:
            assert move.bot is None
        match.play(game.parse_action(move.notation, move.seat))
    return checked


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
def test_bots_play_on_after_a_kill_exactly_as_without_one(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'tycoon.db'}"
    server = Server(database, free_port(), tmp_path / "server.log")
    try:
        server.start()
        made = server.http.post(
            f"{server.base}/api/tables", json={"game": GAME, "seats": SEATS}
        ).json()
        table_id = made["id"]
        tokens = {s["seat"]: s["token"] for s in made["seats"]}
        rng = random.Random(5)
        human_moves(server, table_id, tokens, rng, 12)
        server.kill()
        server.start()
        human_moves(server, table_id, tokens, rng, 12)
        # The server draws the seed, so how many bot moves 24 of ours bring varies: play on
        # (a few moves at a time) until the bots have made enough to compare, or the game ends.
        for _ in range(20):
            public = server.http.get(f"{server.base}/api/tables/{table_id}/view").json()
            if public["over"] or bot_moves(database, table_id) >= 20:
                break
            human_moves(server, table_id, tokens, rng, 4)
        last = settled(server, table_id, tokens)
        version, over = last["version"], last["over"]
        server.kill()
    finally:
        server.stop()
    storage = SqlStorage(database)
    stored = len(storage.moves(table_id))
    storage.close()
    assert stored == version  # no undo here: the version counts the moves
    assert check_bots_played_as_uninterrupted(database, table_id) >= (1 if over else 20)


def test_a_choice_that_was_not_played_is_forgotten_by_the_bot() -> None:
    """The table moved while the bot chose: asked again from the same point, it is the bot it
    was before that choice (its dice and plans as they were), not one that chose twice."""
    game = make(GAME, 2)
    match: Match[Any, Any, Any] = Match(game, 8)
    seat = match.to_act()[0]
    view, legal = match.view(seat), match.legal_actions(seat)
    first = [  # asked again and again at its move 0: its choices were never played
        bots.choose("t-discard", GAME, 2, "{}", {}, "random", seat, 99, view, legal, 0)
        for _ in range(6)
    ]
    fresh = make_bot("random", game, seat, SeededRng(99))
    assert first == [game.format_action(fresh.choose(view, legal))] * 6
    with pytest.raises(bots.Forgotten):
        bots.choose("t-other", GAME, 2, "{}", {}, "random", seat, 99, view, legal, 3)
    rebuilt = bots.choose(
        "t-other", GAME, 2, "{}", {}, "random", seat, 99, view, legal, 1, [(view, legal)]
    )
    fresh.choose(view, legal)  # its second choice, after the first one from the history
    again = make_bot("random", game, seat, SeededRng(99))
    again.choose(view, legal)
    assert rebuilt == game.format_action(again.choose(view, legal))


def test_a_zombie_survives_a_restart_until_its_person_comes_back(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'x.db'}"
    seats = [{"name": "Ann"}, {"name": "Bob"}]
    with TestClient(create_app(url, bot_workers=0)) as first:
        made = first.post("/api/tables", json={"game": "estates", "seats": seats}).json()
        table_id, tokens = made["id"], {s["seat"]: s["token"] for s in made["seats"]}
        view = f"/api/tables/{table_id}/view"
        actor = first.get(view).json()["to_act"][0]
        leave = {"seat": actor, "token": tokens[actor]}
        assert first.post(f"/api/tables/{table_id}/leave", json=leave).status_code == 200
        assert first.get(view).json()["seats"][actor]["zombie"]
    with TestClient(create_app(url, bot_workers=0)) as second:
        state = second.get(view).json()
        assert state["seats"][actor]["zombie"]  # still played by a bot after the restart
        deadline = time.monotonic() + 120  # patience under load
        while actor in state["to_act"] and not state["over"]:  # and the bot plays on
            assert time.monotonic() < deadline
            time.sleep(0.02)
            state = second.get(view).json()
        assert state["version"] >= 1
        socket_url = f"/ws/table/{table_id}?seat={actor}&token={tokens[actor]}"
        with second.websocket_connect(socket_url) as socket:  # the person is back
            assert not socket.receive_json()["seats"][actor]["zombie"]
    with TestClient(create_app(url, bot_workers=0)) as third:
        assert not third.get(view).json()["seats"][actor]["zombie"]
    storage = SqlStorage(url)
    assert not storage.table(table_id).seats[actor].zombie
    assert any(m.bot == "greedy" and m.seat == actor for m in storage.moves(table_id))
