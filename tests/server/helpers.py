"""Driving a table through its socket as a client would: choose from the legal moves sent."""

from __future__ import annotations

import random
from typing import Any


def pick(message: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A move message for one of ``message``'s legal choices (an amount drawn in its range)."""
    choice = rng.choice(message["legal"])
    move: dict[str, Any] = {
        "type": "move",
        "choice": choice["choice"],
        "version": message["version"],
    }
    if "low" in choice:
        steps = (choice["high"] - choice["low"]) // choice["step"]
        move["amount"] = choice["low"] + choice["step"] * rng.randint(0, steps)
    return move


def play_socket(
    sockets: dict[int, Any], seed: int, limit: int = 5_000
) -> list[tuple[int, dict[str, Any]]]:
    """Play every seat in ``sockets`` (seat → open test socket) with random legal moves until
    the game is over; returns every message each seat received, in order."""
    rng = random.Random(seed)
    received: list[tuple[int, dict[str, Any]]] = []
    latest: dict[int, dict[str, Any]] = {}
    waiting: dict[int, int | None] = {seat: None for seat in sockets}  # version a move was sent at
    for _ in range(limit):
        for seat, socket in sockets.items():
            if waiting[seat] is None and seat in latest and latest[seat]["legal"]:
                move = pick(latest[seat], rng)
                waiting[seat] = latest[seat]["version"]
                socket.send_json(move)
        sent = [s for s in sockets if waiting[s] is not None]
        # read a seat that sent a move, else the seat that has seen least
        reader = (
            sent[0]
            if sent
            else min(sockets, key=lambda s: latest.get(s, {"version": -1})["version"])
        )
        message = sockets[reader].receive_json()
        received.append((reader, message))
        if message["type"] == "error":
            waiting[reader] = None
            sockets[reader].send_json({"type": "view"})
            continue
        if message["type"] != "state":
            continue
        latest[reader] = message
        sent_at = waiting[reader]
        if sent_at is not None and message["version"] > sent_at:
            waiting[reader] = None
        if all(latest.get(s, {}).get("over") for s in sockets):
            return received
    raise AssertionError("the game did not end")
