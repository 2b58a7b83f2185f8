"""What a real ``tycoon serve`` process puts on the wire."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import websockets

from .process import Server, free_port


def test_state_messages_go_uncompressed(tmp_path: Path) -> None:
    """Per-message deflate is not negotiated: compressing every state (a board's picture is
    20-40 KB) cost the event loop more than anything but drawing it (docs/server.md, Load)."""
    server = Server(f"sqlite:///{tmp_path / 'wire.db'}", free_port(), tmp_path / "server.log")
    server.start()
    try:
        made = server.http.post(
            f"{server.base}/api/tables", json={"game": "estates", "seats": ["random", "random"]}
        ).json()
        url = f"ws://127.0.0.1:{server.port}/ws/table/{made['id']}"

        async def first_state() -> tuple[str | None, dict[str, object]]:
            async with websockets.connect(url, compression="deflate") as connection:
                message = json.loads(await connection.recv())
                assert connection.response is not None
                return connection.response.headers.get("Sec-WebSocket-Extensions"), message

        extensions, message = asyncio.run(first_state())
        assert message["type"] == "state"
        assert extensions is None
    finally:
        server.stop()
