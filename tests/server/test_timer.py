"""Move timers and leavers (Board Game Arena's zombie mode): a person who runs out of time or
leaves is played by a bot until they come back and take their seat over."""

from __future__ import annotations

import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from tycoon.server.app import create_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'x.db'}", bot_workers=0)) as test_client:
        yield test_client


def new_table(client: TestClient, timer: float) -> tuple[str, dict[int, str]]:
    made = client.post(
        "/api/tables",
        json={"game": "estates", "seats": [{"name": "Ann"}, {"name": "Bob"}], "timer": timer},
    ).json()
    return made["id"], {s["seat"]: s["token"] for s in made["seats"]}


def test_a_person_who_runs_out_of_time_is_played_by_a_bot(client: TestClient) -> None:
    table_id, _ = new_table(client, timer=0.3)
    with client.websocket_connect(f"/ws/table/{table_id}") as spectator:
        first = spectator.receive_json()
        assert first["timer"] == 0.3 and first["deadline"] is not None
        late = first["to_act"][0]
        seen = first
        while seen["version"] == 0:
            seen = spectator.receive_json()
    assert seen["seats"][late]["zombie"]
    assert any("ran out of time: a bot (greedy) plays for them" in line for line in seen["log"])
    assert not seen["seats"][late]["bot"]  # still the person's seat


def test_a_leaver_is_played_by_a_bot_until_they_come_back(client: TestClient) -> None:
    table_id, tokens = new_table(client, timer=0)
    url = f"/api/tables/{table_id}/view"
    actor = client.get(url).json()["to_act"][0]
    other = 1 - actor
    assert client.get(url).json()["deadline"] is None
    left = client.post(
        f"/api/tables/{table_id}/leave", json={"seat": actor, "token": tokens[actor]}
    )
    assert left.json() == {"ok": True}
    deadline = time.monotonic() + 120  # patience under load, never a measurement
    state: dict[str, Any] = client.get(url).json()
    while other not in state["to_act"]:  # the bot plays every turn of the leaver's
        assert time.monotonic() < deadline
        time.sleep(0.02)
        state = client.get(url).json()
    assert state["version"] >= 1 and state["seats"][actor]["zombie"]
    assert any("left: a bot (greedy) plays for them" in line for line in state["log"])
    socket_url = f"/ws/table/{table_id}?seat={actor}&token={tokens[actor]}"
    with client.websocket_connect(socket_url) as socket:  # back: they take their seat over
        back = socket.receive_json()
        assert not back["seats"][actor]["zombie"]
        assert (
            back["log"][-1] == "Ann (Seat 1) is back" or back["log"][-1] == "Bob (Seat 2) is back"
        )
    mine = client.get(url, params={"seat": other, "token": tokens[other]}).json()
    while other in mine["to_act"]:
        choice = mine["legal"][0]
        move = {"seat": other, "token": tokens[other], "choice": choice["choice"]}
        if "low" in choice:
            move["amount"] = choice["low"]
        assert client.post(f"/api/tables/{table_id}/moves", json=move).status_code == 200
        mine = client.get(url, params={"seat": other, "token": tokens[other]}).json()
    if actor in mine["to_act"]:
        version = mine["version"]
        time.sleep(0.3)
        assert client.get(url).json()["version"] == version  # nobody plays for a person now
