"""Two server processes behind one PostgreSQL database: a move made through one reaches the
sockets held by the other (PostgreSQL LISTEN/NOTIFY), which then knows the table has moved on."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

from .process import Server, free_port


def test_a_move_made_through_one_process_reaches_the_sockets_of_another(
    postgres_url: str, tmp_path: Path
) -> None:
    first = Server(postgres_url, free_port(), tmp_path / "first.log")
    second = Server(postgres_url, free_port(), tmp_path / "second.log")
    try:
        first.start()
        second.start()
        made = first.http.post(
            f"{first.base}/api/tables",
            json={"game": "estates", "seats": [{"name": "Ann"}, {"name": "Bob"}]},
        ).json()
        table_id = made["id"]
        tokens = {s["seat"]: s["token"] for s in made["seats"]}
        public = second.http.get(f"{second.base}/api/tables/{table_id}/view").json()
        actor = public["to_act"][0]
        other = 1 - actor
        url = second.base.replace("http://", "ws://")
        with connect(f"{url}/ws/table/{table_id}?seat={other}&token={tokens[other]}") as ws:
            seen: dict[str, Any] = json.loads(ws.recv(timeout=10))
            assert seen["version"] == 0
            mine = first.http.get(
                f"{first.base}/api/tables/{table_id}/view",
                params={"seat": actor, "token": tokens[actor]},
            ).json()
            choice = mine["legal"][0]
            move = {"seat": actor, "token": tokens[actor], "choice": choice["choice"]}
            if "low" in choice:
                move["amount"] = choice["low"]
            assert first.http.post(f"{first.base}/api/tables/{table_id}/moves", json=move).json()[
                "ok"
            ]
            while seen["version"] == 0:  # pushed by the other process, through PostgreSQL
                seen = json.loads(ws.recv(timeout=10))
            assert seen["version"] == 1
            through_first = first.http.get(
                f"{first.base}/api/tables/{table_id}/view",
                params={"seat": other, "token": tokens[other]},
            ).json()
            assert seen["view"] == through_first["view"]
            assert seen["log"] == through_first["log"]
        # the other process knows the move: one chosen from the old view is stale there
        stale = second.http.post(
            f"{second.base}/api/tables/{table_id}/moves", json={**move, "version": 0}
        )
        assert stale.status_code == 409 and "moved on" in stale.json()["error"]
        assert second.http.get(f"{second.base}/api/tables/{table_id}").json()["version"] == 1
    finally:
        first.stop()
        second.stop()
