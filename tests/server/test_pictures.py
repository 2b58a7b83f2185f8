"""The boards in the state messages: each seat's own picture, each legal choice's click targets,
the last move's (only as far as the seat was told it), no other seat's secrets; replays of
finished games step by step, never of a running one."""

from __future__ import annotations

import contextlib
import dataclasses
import html
import json
import random
import re
import warnings
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from svg_helpers import concrete, picture_of, texts
from test_conformance import json_parts, sealed_values_of_others

import tycoon
from tycoon.core import AmountRange, GameRecord, Match, make, replay
from tycoon.server.app import create_app
from tycoon.server.render import _only_shapes, _plainly_safe, safe_svg

from .helpers import play_socket

SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">{}</svg>'


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    path = tmp_path_factory.mktemp("db") / "tycoon.db"
    # Worker processes: each move's pictures and targets are drawn there, as when serving.
    app = create_app(f"sqlite:///{path}", bot_workers=1, rate=10_000, burst=10_000)
    with TestClient(app) as test_client:
        yield test_client


def new_table(client: TestClient, game: str, seats: list[Any], **extra: Any) -> dict[str, Any]:
    response = client.post("/api/tables", json={"game": game, "seats": seats, **extra})
    assert response.status_code == 200, response.text
    made: dict[str, Any] = response.json()
    return made


def socket_url(table: dict[str, Any], seat: int) -> str:
    token = next(s["token"] for s in table["seats"] if s["seat"] == seat)
    return f"/ws/table/{table['id']}?seat={seat}&token={token}"


def states_of(client: TestClient, table_id: str) -> tuple[GameRecord, list[Any]]:
    record = GameRecord.from_json(json.loads(client.get(f"/api/tables/{table_id}/record").text))
    return record, [match.state for match, _ in replay(record)]


@pytest.fixture(scope="module")
def finished(client: TestClient) -> tuple[dict[str, Any], list[tuple[int, dict[str, Any]]]]:
    """A game of My City, one person against a bot, played to the end through the socket."""
    table = new_table(client, "my-city", [{"name": "Ann"}, "greedy"])
    with client.websocket_connect(socket_url(table, 0)) as socket:
        received = play_socket({0: socket}, seed=3)
    return table, received


def test_each_message_draws_the_seats_own_view_and_each_choice_names_its_targets(
    client: TestClient, finished: tuple[dict[str, Any], list[tuple[int, dict[str, Any]]]]
) -> None:
    table, received = finished
    record, states = states_of(client, table["id"])
    game = make("my-city", 2)
    checked_targets = highlighted = 0
    for seat, message in received:
        if message["type"] != "state":
            continue
        state = states[message["version"]]
        view = game.observe(state, seat)
        assert message["svg"] == game.render_svg(view)
        assert message["svg"] is not None and 'data-target="square:' in message["svg"]
        legal = game.legal_actions(state, seat) if message["legal"] else []
        for sent, choice in zip(message["legal"], legal, strict=True):
            assert sent["targets"] == list(game.move_targets(concrete(choice)))
            checked_targets += bool(sent["targets"])
        if message["version"] == 0:
            assert message["last"] is None
        else:
            step = record.steps[message["version"] - 1]
            last = game.parse_action(step.action, step.seat)
            assert message["last"] == {"seat": step.seat, "targets": list(game.move_targets(last))}
            drawn = {el.get("data-target") for el in picture_of(game, view).iter()}
            highlighted += bool(set(message["last"]["targets"]) & drawn)
    assert checked_targets > 50 and highlighted > 10


def test_pictures_and_targets_never_show_another_seats_secrets(client: TestClient) -> None:
    """Milton Keynes, two people: each seat's picture is drawn from its own view; no text that
    only the other seat's picture holds (its hand, cash, sealed pouch or bids) and no part of
    the other's sealed commits ever reaches it; the other seat's sealed moves highlight nothing."""
    table = new_table(client, "milton-keynes", [{"name": "Ann"}, {"name": "Bob"}])
    with (
        client.websocket_connect(socket_url(table, 0)) as first,
        client.websocket_connect(socket_url(table, 1)) as second,
    ):
        received = play_socket({0: first, 1: second}, seed=8)
    record, states = states_of(client, table["id"])
    game = make("milton-keynes", 2)
    secrets_checked = sealed_checked = hidden_moves = 0
    for number, (seat, message) in enumerate(received):
        if message["type"] != "state":
            continue
        state = states[message["version"]]
        own = game.render_svg(game.observe(state, seat))
        assert message["svg"] == own
        sent = json.dumps(message, ensure_ascii=False)
        parts = set(json_parts(message))
        for owner, part in sealed_values_of_others(state):
            if owner != seat:
                assert part not in parts
                sealed_checked += 1
        if number % 5 == 0:
            other = texts(picture_of(game, game.observe(state, 1 - seat)))
            public = set(texts(picture_of(game, game.observe(state, None))))
            mine = set(texts(picture_of(game, game.observe(state, seat))))
            for words in set(other) - public - mine:
                if " " not in words or len(words) < 12:
                    continue  # a permit's name alone is also public elsewhere
                for shown in {words, html.escape(words, quote=False), html.escape(words)}:
                    whole = re.compile(r"(?<![0-9A-Za-z])" + re.escape(shown) + r"(?![0-9A-Za-z])")
                    assert not whole.search(sent), f"seat {seat} was sent {words!r} of the other"
                secrets_checked += 1
        if message["version"] > 0:
            step = record.steps[message["version"] - 1]
            action = game.parse_action(step.action, step.seat)
            told = game.describe_action(action, seat)
            if step.seat != seat and told != game.describe_action(action, step.seat):
                assert message["last"]["targets"] == []
                hidden_moves += 1
    assert secrets_checked > 100 and sealed_checked > 10 and hidden_moves > 5


@pytest.mark.parametrize(
    "inside",
    [
        "<script>alert(1)</script>",
        '<rect width="1" height="1" onclick="alert(1)"/>',
        '<g onload="alert(1)"/>',
        '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>',
        '<a href="javascript:alert(1)"><text>x</text></a>',
        '<image href="http://example.org/x.png"/>',
        '<rect width="1" height="1" style="fill: url(http://example.org/x)"/>',
        "<text>unclosed",
        '<rect width="1" height="1" ONCLICK="alert(1)"/>',
        '<use xmlns:x="http://www.w3.org/1999/xlink" x:href="#a"/>',
        '<g xmlns:x="http://www.w3.org/1999/xlink"><rect x:href="http://example.org/"/></g>',
        '<rect style="fill: url(#a)"/><rect style="fill: url(http://example.org/x)"/>',
        '<rect style="fill: url(#a) url(http://example.org/x)"/>',
        '<rect style="fill: &#117;rl(http://example.org/x)"/>',
        '<rect style="fill: URL( http://example.org/x)"/>',
        '<svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(1)</svg:script>',
        '<rect fill="java&#115;cript:alert(1)"/>',
    ],
)
def test_a_picture_that_could_run_or_fetch_anything_is_not_sent(inside: str) -> None:
    drawn = SVG.format(inside)
    assert safe_svg(drawn) is None
    with contextlib.suppress(ET.ParseError):
        assert not _plainly_safe(drawn, ET.fromstring(drawn))


def test_every_games_boards_pass_the_quick_check_and_the_full_one_agrees() -> None:
    """The quick check (one sweep over the text, for each board sent) accepts the games'
    boards as they are drawn, and never accepts what the element-by-element check refuses."""
    for spec in tycoon.game_specs():
        game = make(spec.name, spec.min_players)
        match = Match(game, 3)
        rng = random.Random(spec.name)
        for _ in range(12):
            if match.is_over():
                break
            for viewer in (None, *range(game.players)):
                drawn = game.render_svg(match.view(viewer))
                if drawn is None:
                    continue
                root = ET.fromstring(drawn)
                assert _plainly_safe(drawn, root), spec.name
                assert _only_shapes(root), spec.name
            seat = match.to_act()[0]
            choice = rng.choice(list(match.legal_actions(seat)))
            match.play(choice.action(choice.low) if isinstance(choice, AmountRange) else choice)


def test_shapes_text_and_groups_are_sent_as_they_are() -> None:
    picture = SVG.format(
        '<g data-target="square:a1"><title>a1 &amp; b</title><rect width="4" height="4" '
        'fill="#E69F00"/><text x="1" y="3">a1 &lt;b&gt;</text></g>'
        '<rect width="1" height="1" fill="url( #shade)"/>'
    )
    assert safe_svg(picture) == picture
    assert safe_svg(None) is None


def test_a_finished_table_replays_step_by_step_as_any_seat_or_a_spectator(
    client: TestClient, finished: tuple[dict[str, Any], list[tuple[int, dict[str, Any]]]]
) -> None:
    table, _ = finished
    record, states = states_of(client, table["id"])
    game = make("my-city", 2)
    assert client.get(f"/table/{table['id']}/replay").status_code == 200
    summary = client.post(f"/api/tables/{table['id']}/replay").json()
    assert summary["steps"] == len(record.steps) and summary["title"] == "My City"
    assert summary["seats"][0].startswith("Ann")
    url = f"/api/replays/{summary['replay']}/steps"
    for number in (0, 1, len(record.steps) // 2, len(record.steps)):
        for seat in (0, 1, None):
            query = "" if seat is None else f"?seat={seat}"
            step = client.get(f"{url}/{number}{query}").json()
            view = game.observe(states[number], seat)
            assert step["svg"] == game.render_svg(view) and step["step"] == number
            assert step["over"] == (number == len(record.steps))
            assert (step["move"] is None) == (number == 0)
    last = client.get(f"{url}/{len(record.steps)}").json()
    assert last["result"] and last["outcome"]["ranks"]
    assert client.get(f"{url}/{len(record.steps) + 1}").status_code == 400
    assert client.get(f"{url}/0?seat=5").status_code == 400
    assert client.get("/api/replays/nothing/steps/0").status_code == 404


def test_an_uploaded_record_replays_only_if_its_game_is_over(
    client: TestClient, finished: tuple[dict[str, Any], list[tuple[int, dict[str, Any]]]]
) -> None:
    table, _ = finished
    line = client.get(f"/api/tables/{table['id']}/record").text
    assert client.get("/replay").status_code == 200
    made = client.post("/api/replays", json={"text": "\n" + line + line, "number": 2})
    assert made.status_code == 200, made.text
    assert made.json()["steps"] == len(GameRecord.from_json(json.loads(line)).steps)
    record = GameRecord.from_json(json.loads(line))
    cut = dataclasses.replace(record, steps=record.steps[:5], outcome=None)
    refused = client.post("/api/replays", json={"text": cut.to_line()})
    assert refused.status_code == 409 and "finished" in refused.json()["error"]
    for body, status, reason in [
        ({"text": "not json"}, 400, "not JSON"),
        ({"text": line, "number": 3}, 400, "from 1 to 1"),
        ({"text": ""}, 400, "no game record"),
        ({"text": '{"game": "chess"}'}, 400, "not a game record"),
        ({"number": 1}, 400, "text"),  # not a request for a replay at all, as bad JSON is
        ({"text": line, "numbre": 1}, 400, "a replay has no field 'numbre'"),
    ]:
        answer = client.post("/api/replays", json=body)
        assert answer.status_code == status and reason in answer.json()["error"], answer.text


def test_a_running_table_is_never_replayed(client: TestClient) -> None:
    table = new_table(client, "estates", [{"name": "Ann"}, "greedy"])
    refused = client.post(f"/api/tables/{table['id']}/replay")
    assert refused.status_code == 409 and "over" in refused.json()["error"]


def test_the_table_page_loads_the_board_script_and_holds_no_credential(
    client: TestClient, tmp_path: Path
) -> None:
    table = new_table(client, "estates", [{"name": "Ann"}, "greedy"])
    page = client.get(f"/table/{table['id']}").text
    assert "/static/board.js" in page and 'id="picture"' in page
    assert table["seats"][0]["token"] not in page
    for name in ("board.js", "table.js", "replay.js"):
        assert client.get(f"/static/{name}").status_code == 200
