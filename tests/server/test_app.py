"""The app through FastAPI's TestClient: every game played to the end by the socket, private
views that never carry another seat's secrets, refusals that change nothing, bad input."""

from __future__ import annotations

import json
import random
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from starlette.websockets import WebSocketDisconnect

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

import tycoon
from tycoon.core import GameRecord, make, replay
from tycoon.core.players import bots_for
from tycoon.server.app import MESSAGE_LIMIT, STRIKES, create_app
from tycoon.server.render import markup_to_html

from .helpers import pick, play_socket

GAMES = [spec.name for spec in tycoon.game_specs()]


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    path = tmp_path_factory.mktemp("db") / "tycoon.db"
    app = create_app(f"sqlite:///{path}", bot_workers=1, rate=10_000, burst=10_000)
    with TestClient(app) as test_client:
        yield test_client


def bot_code(game: str) -> str:
    codes = [entry.code for entry in bots_for(game)]
    return "greedy" if "greedy" in codes else codes[0]


def new_table(client: TestClient, game: str, seats: list[Any], **extra: Any) -> dict[str, Any]:
    response = client.post("/api/tables", json={"game": game, "seats": seats, **extra})
    assert response.status_code == 200, response.text
    made: dict[str, Any] = response.json()
    return made


def next_error(socket: Any) -> str:
    """The reason of the next error, past any states a bot's moves push meanwhile."""
    while True:
        message = socket.receive_json()
        if message["type"] == "error":
            reason: str = message["reason"]
            return reason


def socket_url(table: dict[str, Any], seat: int) -> str:
    token = next(s["token"] for s in table["seats"] if s["seat"] == seat)
    return f"/ws/table/{table['id']}?seat={seat}&token={token}"


@pytest.mark.parametrize("game", GAMES)
def test_every_game_plays_to_the_end_by_the_socket_and_its_record_replays(
    client: TestClient, game: str
) -> None:
    spec = make(game).spec
    seats: list[Any] = [{"name": "Ann"}] + [bot_code(game)] * (spec.min_players - 1)
    table = new_table(client, game, seats)
    refused = client.get(f"/api/tables/{table['id']}/record")
    assert refused.status_code == 409 and "once the game is over" in refused.json()["error"]
    with client.websocket_connect(socket_url(table, 0)) as socket:
        received = play_socket({0: socket}, seed=11)
    master = client.app.state.master  # type: ignore[attr-defined]
    for _ in range(500):  # over and unwatched: no longer held in memory
        if table["id"] not in master.tables:
            break
        time.sleep(0.01)
    assert table["id"] not in master.tables
    last = received[-1][1]
    assert last["over"] and last["result"] and last["outcome"]["ranks"]
    record = client.get(f"/api/tables/{table['id']}/record")
    assert record.status_code == 200
    parsed = GameRecord.from_json(json.loads(record.text))
    assert parsed.game == spec.name and len(parsed.steps) == last["version"]
    assert parsed.seats == ("human", *[bot_code(game)] * (spec.min_players - 1))
    *_, (match, _) = replay(parsed)
    outcome = match.outcome()
    assert outcome is not None and outcome.to_json() == last["outcome"]
    assert make(game, spec.min_players).view_to_json(match.view(0)) == last["view"]


def test_hidden_information_never_reaches_another_seat(client: TestClient) -> None:
    """Milton Keynes, two people: everything seat 1 receives is exactly its own view, its own
    board, its own narration; never seat 0's hand, cash or sealed bribe (and the reverse)."""
    table = new_table(client, "milton-keynes", [{"name": "Ann"}, {"name": "Bob"}])
    with (
        client.websocket_connect(socket_url(table, 0)) as first,
        client.websocket_connect(socket_url(table, 1)) as second,
    ):
        received = play_socket({0: first, 1: second}, seed=5)
    record = GameRecord.from_json(json.loads(client.get(f"/api/tables/{table['id']}/record").text))
    game = make("milton-keynes", 2)
    states = [match.state for match, _ in replay(record)]
    assert len(states) > 100
    checked_secret = 0
    for number, (seat, message) in enumerate(received):
        if message["type"] != "state":
            continue
        assert "seed" not in message and "record" not in message
        assert str(record.seed) not in json.dumps(message)
        state = states[message["version"]]
        own = game.observe(state, seat)
        assert message["view"] == game.view_to_json(own)
        if number % 25 == 0:
            assert message["board"] == markup_to_html(game.render_text(own))
        other = game.view_to_json(game.observe(state, 1 - seat))
        for key in ("cash", "hand_deeds", "hand_permits", "draft", "sealed"):
            if other[key] != message["view"][key]:
                checked_secret += 1  # the other seat's private field differs and was not sent
        if message["legal"]:
            assert seat in game.to_act(state)
    assert checked_secret > 100


def test_sealed_steps_show_only_that_the_other_seat_committed(client: TestClient) -> None:
    table = new_table(client, "sealed-auction", [{"name": "Ann"}, {"name": "Bob"}])
    urls = [socket_url(table, 0), socket_url(table, 1)]
    with client.websocket_connect(urls[0]) as first, client.websocket_connect(urls[1]) as second:
        state = first.receive_json()
        while not state["legal"]:
            state = first.receive_json()
        bid = next(c for c in state["legal"] if "low" in c)
        first.send_json({"type": "move", "choice": bid["choice"], "amount": bid["high"]})
        seen = second.receive_json()
        while seen["version"] < 1:
            seen = second.receive_json()
        assert seen["view"]["bids"]["committed"] == [0]
        assert seen["view"]["bids"]["own"] is None
        assert seen["log"][-1] == "Ann (Seat 1): commits a sealed bid"
        mine = first.receive_json()
        while mine["version"] < 1:
            mine = first.receive_json()
        assert mine["view"]["bids"]["own"] == bid["high"]


def test_a_wrong_token_another_seat_or_a_spectator_cannot_act(client: TestClient) -> None:
    table = new_table(client, "estates", [{"name": "Ann"}, {"name": "Bob"}])
    table_id = table["id"]
    tokens = {s["seat"]: s["token"] for s in table["seats"]}
    public = client.get(f"/api/tables/{table_id}/view").json()
    actor = public["to_act"][0]
    other = 1 - actor
    url = f"/api/tables/{table_id}/view"
    before = client.get(url, params={"seat": actor, "token": tokens[actor]})
    notation = before.json()["legal"][0]["notation"]
    attempts = [
        {"seat": actor, "token": "guess", "notation": notation},
        {"seat": actor, "token": tokens[other], "notation": notation},
        {"seat": other, "token": tokens[other], "notation": notation},  # not its turn
        {"seat": 7, "token": tokens[actor], "notation": notation},
    ]
    for attempt in attempts:
        answer = client.post(f"/api/tables/{table_id}/moves", json=attempt)
        assert answer.status_code in (400, 403, 404), answer.text
        assert answer.json()["error"]
    assert client.get(url, params={"seat": other, "token": "x"}).status_code == 403
    with client.websocket_connect(f"/ws/table/{table_id}?seat={other}&token={tokens[actor]}") as ws:
        assert ws.receive_json() == {
            "type": "error",
            "reason": f"that link does not hold seat {other + 1} of this table",
        }
    with client.websocket_connect(f"/ws/table/{table_id}") as spectator:
        seen = spectator.receive_json()
        assert seen["seat"] is None and seen["legal"] == []
        spectator.send_json({"type": "move", "notation": notation})
        assert spectator.receive_json() == {
            "type": "error",
            "reason": "a spectator cannot make moves",
        }
    after = client.get(url, params={"seat": actor, "token": tokens[actor]})
    assert after.json() == before.json()
    good = client.post(
        f"/api/tables/{table_id}/moves",
        json={"seat": actor, "token": tokens[actor], "notation": notation},
    )
    assert good.json() == {"ok": True, "version": 1}


def test_an_illegal_malformed_or_stale_move_gets_its_reason_and_changes_nothing(
    client: TestClient,
) -> None:
    table = new_table(client, "estates", [{"name": "Ann"}, {"name": "Bob"}])
    actor = client.get(f"/api/tables/{table['id']}/view").json()["to_act"][0]
    with client.websocket_connect(socket_url(table, actor)) as socket:
        state = socket.receive_json()
        assert state["legal"]
        socket.send_json({"type": "move", "notation": "fly to the moon"})
        malformed = socket.receive_json()
        assert malformed["type"] == "error" and malformed["reason"]
        socket.send_json({"type": "move", "choice": 999})
        assert socket.receive_json()["reason"].startswith("there is no choice 999")
        socket.send_json({"type": "move", "choice": 0, "version": state["version"] + 5})
        assert "moved on" in socket.receive_json()["reason"]
        socket.send_json({"type": "view"})
        again = socket.receive_json()
        assert again == state


def test_bad_input_is_answered_and_the_server_keeps_serving(client: TestClient) -> None:
    assert client.get("/api/tables/nope").status_code == 404
    assert client.get("/table/nope").json() == {"error": "there is no table 'nope'"}
    bad = client.post(
        "/api/tables", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert bad.status_code == 400 and "not valid JSON" in bad.json()["error"]
    unknown = client.post("/api/tables", json={"game": "chess"})
    assert unknown.status_code == 400 and "chess" in unknown.json()["error"]
    wrong_bot = client.post("/api/tables", json={"game": "my-city", "seats": ["human", "genius"]})
    assert wrong_bot.status_code == 400 and "genius" in wrong_bot.json()["error"]
    big = client.post("/api/tables", content=b"[" + b"1," * MESSAGE_LIMIT + b"1]")
    assert big.status_code == 413 and "at most" in big.json()["error"]
    with client.websocket_connect("/ws/table/nope") as socket:
        assert socket.receive_json() == {"type": "error", "reason": "there is no table 'nope'"}
    table = new_table(client, "my-city", [{"name": "Ann"}, "greedy"])
    with client.websocket_connect(socket_url(table, 0)) as socket:
        socket.receive_json()
        socket.send_text("{oops")
        assert "JSON object" in next_error(socket)
        socket.send_text("[1, 2]")
        assert "JSON object" in next_error(socket)
        socket.send_text(json.dumps({"type": "move", "notation": "x" * (MESSAGE_LIMIT + 1)}))
        assert "at most" in next_error(socket)
        socket.send_json({"type": "dance"})
        assert "unknown message type" in next_error(socket)
        socket.send_bytes(b"\x00\x01")
        assert next_error(socket) == "messages are JSON text, not binary frames"
    assert client.get("/api/tables").status_code == 200
    assert client.get(f"/api/tables/{table['id']}").json()["status"] == "playing"


def test_a_field_an_endpoint_does_not_take_is_refused_and_changes_nothing(
    client: TestClient,
) -> None:
    """A misspelt or foreign field is named in the error, not dropped: a table asked for with
    "option" instead of "options", or a seat written {"kind": "bot", "bot": "greedy"}, would
    otherwise be made without what was asked (an open seat instead of a bot)."""
    cases = [
        ({"game": "my-city", "option": {"size": 8}}, "a new table has no field 'option'"),
        (
            {"game": "my-city", "seats": [{"name": "Ann"}, {"kind": "bot", "bot": "greedy"}]},
            "a seat has no field 'kind'",
        ),
        # An option named like make's own argument is an unknown option (it was a 500).
        ({"game": "my-city", "options": {"players": 9}}, "my-city has no option 'players'"),
    ]
    tables = {t["id"] for t in client.get("/api/tables").json()}
    for body, reason in cases:
        answer = client.post("/api/tables", json=body)
        assert answer.status_code == 400 and answer.json()["error"].startswith(reason), answer.text
    # No table was made (earlier tests' bot tables may move or end meanwhile: ids only).
    assert {t["id"] for t in client.get("/api/tables").json()} <= tables
    table = new_table(client, "my-city", [{"name": "Ann"}, {"name": "Bob"}])
    token = table["seats"][0]["token"]
    before = client.get(f"/api/tables/{table['id']}").json()["version"]
    moved = client.post(
        f"/api/tables/{table['id']}/moves",
        json={"seat": 0, "token": token, "choise": 0},
    )
    assert moved.status_code == 400 and "a move has no field 'choise'" in moved.json()["error"]
    for endpoint in ("leave", "undo"):
        answer = client.post(
            f"/api/tables/{table['id']}/{endpoint}", json={"seat": 0, "token": token, "x": 1}
        )
        assert answer.status_code == 400 and "no field 'x'" in answer.json()["error"]
    with client.websocket_connect(socket_url(table, 0)) as socket:
        socket.receive_json()
        socket.send_json({"type": "move", "choise": 0})
        assert next_error(socket).startswith("this message has no field 'choise'; its fields:")
        socket.send_json({"type": "view", "seat": 1})
        assert "no field 'seat'" in next_error(socket)
    after = client.get(f"/api/tables/{table['id']}").json()
    assert after["version"] == before and after["seats"][0]["name"] == "Ann"


def test_a_table_may_not_read_files_on_the_server(client: TestClient, tmp_path: Path) -> None:
    patch = tmp_path / "patch.json"
    patch.write_text('{"economy.json": {"rounds": 2}}')
    for value in (str(patch), str(tmp_path), "/etc"):
        answer = client.post(
            "/api/tables",
            json={"game": "water-rights", "options": {"data": value}, "seats": ["random"] * 4},
        )
        assert answer.status_code == 400, value
        assert "not a file on the server" in answer.json()["error"]
    inline = client.post(
        "/api/tables",
        json={
            "game": "water-rights",
            "options": {"data": '{"economy.json": {"rounds": 2}}'},
            "seats": ["random"] * 4,
        },
    )
    assert inline.status_code == 200, inline.json()


def test_a_flood_of_messages_is_refused_then_cut_off(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'x.db'}", bot_workers=0, rate=5, burst=10)
    with TestClient(app) as test_client:
        table = new_table(test_client, "my-city", [{"name": "Ann"}, {"name": "Bob"}])
        with test_client.websocket_connect(socket_url(table, 0)) as socket:
            socket.receive_json()
            for _ in range(10):
                socket.send_json({"type": "ping"})
            assert [socket.receive_json() for _ in range(10)] == [{"type": "pong"}] * 10
            for _ in range(STRIKES + 1):
                socket.send_json({"type": "ping"})
            answers = []
            with pytest.raises(WebSocketDisconnect) as closed:
                while True:
                    answers.append(socket.receive_json())
            assert closed.value.code == 1008
            assert {"type": "error", "reason": "too many messages: at most 5 a second"} in answers
            assert answers[-1] == {
                "type": "error",
                "reason": "too many messages: the connection is closed",
            }
        # the table and the server go on
        with test_client.websocket_connect(socket_url(table, 1)) as other:
            assert other.receive_json()["type"] == "state"


@pytest.fixture
def own_client(tmp_path: Path) -> Iterator[TestClient]:
    """A server of its own: no earlier test's bot tables finishing meanwhile."""
    app = create_app(f"sqlite:///{tmp_path / 'own.db'}", bot_workers=1)
    with TestClient(app) as test_client:
        yield test_client


def test_finished_tables_are_listed_apart_latest_first(own_client: TestClient) -> None:
    client = own_client
    first = new_table(client, "my-city", ["random", "random"])
    second = new_table(client, "my-city", ["random", "random"])
    deadline = time.monotonic() + 120  # bots play both games out (seconds; more under load)
    while time.monotonic() < deadline:
        done = [client.get(f"/api/tables/{t['id']}").json()["status"] for t in (first, second)]
        if done == ["over", "over"]:
            break
        time.sleep(0.01)
    assert done == ["over", "over"], done
    finished = client.get("/api/tables", params={"status": "over"}).json()
    ids = [t["id"] for t in finished]
    assert {first["id"], second["id"]} <= set(ids)
    ends = [t["finished"] for t in finished]
    assert ends == sorted(ends, reverse=True)  # the latest ended first
    assert first["id"] not in {t["id"] for t in client.get("/api/tables").json()}
    listed = finished[ids.index(first["id"])]
    assert listed["replay"] == f"/table/{first['id']}/replay" and "seed" not in json.dumps(listed)
    assert client.get(listed["record"]).status_code == 200
    refused = client.get("/api/tables", params={"status": "secret"})
    assert refused.status_code == 400 and "status is playing or over" in refused.json()["error"]


def test_a_table_nobody_moved_at_for_a_week_leaves_the_lobby_but_still_plays(
    client: TestClient,
) -> None:
    table = new_table(client, "estates", [{"name": "Ann"}, {"name": "Bob"}])
    assert table["id"] in {t["id"] for t in client.get("/api/tables").json()}
    storage = client.app.state.master.storage  # type: ignore[attr-defined]
    eight_days_ago = time.time() - 8 * 86_400
    with storage.engine.begin() as db:
        db.execute(
            sa.text("UPDATE tables SET updated = :t WHERE id = :id"),
            {"t": eight_days_ago, "id": table["id"]},
        )
    assert table["id"] not in {t["id"] for t in client.get("/api/tables").json()}
    assert client.get(f"/api/tables/{table['id']}").json()["status"] == "playing"


def test_a_table_left_alone_leaves_the_servers_memory_and_its_link_plays_on(
    tmp_path: Path,
) -> None:
    """The server's sweeper drops a table nobody watches or moves at; its socket then reads it
    again from storage and the game goes on from where it was."""
    app = create_app(f"sqlite:///{tmp_path / 'idle.db'}", bot_workers=0, forget_after=0.3)
    with TestClient(app) as idle_client:
        master = idle_client.app.state.master  # type: ignore[attr-defined]
        table = new_table(idle_client, "estates", [{"name": "Ann"}, {"name": "Bob"}])
        with idle_client.websocket_connect(socket_url(table, 0)) as socket:
            seen = socket.receive_json()
            time.sleep(0.6)
            assert table["id"] in master.tables  # watched: kept
        for _ in range(300):
            if table["id"] not in master.tables:
                break
            time.sleep(0.01)
        assert table["id"] not in master.tables
        mover = seen["to_act"][0]
        with idle_client.websocket_connect(socket_url(table, mover)) as socket:
            again = socket.receive_json()
            assert again["version"] == seen["version"] and again["legal"]
            socket.send_json(pick(again, random.Random(0)))
            assert socket.receive_json()["version"] == seen["version"] + 1
        assert idle_client.get(f"/api/tables/{table['id']}").json()["status"] == "playing"


def test_an_empty_seat_is_taken_by_name_and_its_link_resumes(client: TestClient) -> None:
    table = new_table(client, "estates", ["human", "human"])
    assert table["seats"] == []
    listed = {t["id"]: t for t in client.get("/api/tables").json()}[table["id"]]
    assert [s["open"] for s in listed["seats"]] == [True, True]
    taken = client.post(f"/api/tables/{table['id']}/seats/1", json={"name": "Cleo"})
    assert taken.status_code == 200
    link = taken.json()["link"]
    assert link.startswith(f"/table/{table['id']}#seat=1&token=")
    again = client.post(f"/api/tables/{table['id']}/seats/1", json={"name": "Dan"})
    assert again.status_code == 409 and "already taken" in again.json()["error"]
    token = taken.json()["token"]
    url = f"/ws/table/{table['id']}?seat=1&token={token}"
    with client.websocket_connect(url) as socket:
        first = socket.receive_json()
        assert [s["connected"] for s in first["seats"]] == [False, True]
        assert [s["name"] for s in first["seats"]] == [None, "Cleo"]
    with client.websocket_connect(url) as socket:  # a closed tab reopened with its link
        assert socket.receive_json()["view"] == first["view"]
    page = client.get(f"/table/{table['id']}")
    assert page.status_code == 200 and "table.js" in page.text and token not in page.text


def test_the_lobby_lists_games_with_their_options_and_bots(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    for spec in tycoon.game_specs():
        assert spec.title in page.text
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert {o["name"]: o["default"] for o in games["my-city"]["options"]}
    # Weakest first, so that a player choosing an opponent reads them in order of strength.
    weakest_first = ["random", "greedy", "easy", "normal", "hard", "ismcts"]
    for game in games.values():  # (the tests' own game has no greedy bot)
        codes = [b["code"] for b in game["bots"]]
        assert codes == [code for code in weakest_first if code in codes], codes
    assert [b["code"] for b in games["my-city"]["bots"]] == weakest_first
    assert client.get("/static/table.js").status_code == 200


def test_rich_markup_becomes_escaped_html() -> None:
    html = markup_to_html("[bold]Seat 1[/bold] <script>alert(1)</script> & [red]x[/red]")
    assert "<script>" not in html and "&lt;script&gt;" in html and "&amp;" in html
    assert '<span style="font-weight: bold">Seat 1</span>' in html
    assert markup_to_html("[/oops]") == "[/oops]"


def test_a_move_is_stored_before_it_is_broadcast(tmp_path: Path) -> None:
    """What a socket is told has happened is already in the database."""
    url = f"sqlite:///{tmp_path / 'x.db'}"
    with TestClient(create_app(url, bot_workers=0)) as test_client:
        table = new_table(test_client, "estates", [{"name": "Ann"}, {"name": "Bob"}])
        storage = test_client.app.state.master.storage  # type: ignore[attr-defined]
        actor = test_client.get(f"/api/tables/{table['id']}/view").json()["to_act"][0]
        with test_client.websocket_connect(socket_url(table, actor)) as socket:
            state = socket.receive_json()
            socket.send_json({"type": "move", "choice": 0, "version": state["version"]})
            moved = socket.receive_json()
            while moved["version"] == 0:
                moved = socket.receive_json()
            assert len(storage.moves(table["id"])) == moved["version"] == 1


def test_an_amount_outside_its_legal_range_is_refused(client: TestClient) -> None:
    table = new_table(client, "sealed-auction", [{"name": "Ann"}, {"name": "Bob"}])
    with client.websocket_connect(socket_url(table, 0)) as socket:
        state = socket.receive_json()
        [bid] = [c for c in state["legal"] if "low" in c]
        assert (bid["low"], bid["high"]) == (0, state["view"]["cash"][0])
        socket.send_json({"type": "move", "choice": bid["choice"], "amount": bid["high"] + 1})
        assert next_error(socket) == f"the amount must be from 0 to {bid['high']}"
        socket.send_json({"type": "move", "choice": bid["choice"]})
        assert next_error(socket) == "that choice needs a whole amount"
        socket.send_json({"type": "view"})
        assert socket.receive_json()["version"] == 0
