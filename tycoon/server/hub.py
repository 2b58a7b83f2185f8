"""The hub: who is connected to which table, and the fan-out of each one's own messages.

A subscriber is one connection (a browser tab, a terminal client) watching one table as one seat
or as a spectator. Publishing a table builds each subscriber's message with a function of the
viewer, once per viewer, so every seat receives its own view and nothing else. This hub fans out
within one process; several processes would share one through the database's notifications.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

log = logging.getLogger("tycoon.server")


class Subscriber(Protocol):
    seat: int | None

    def push(self, message: dict[str, Any]) -> None:
        """Queue ``message`` for sending; never blocks (a slow connection is closed instead)."""


class Hub:
    def __init__(self) -> None:
        self._subscribers: dict[str, list[Subscriber]] = {}

    def subscribe(self, table_id: str, subscriber: Subscriber) -> None:
        self._subscribers.setdefault(table_id, []).append(subscriber)

    def unsubscribe(self, table_id: str, subscriber: Subscriber) -> None:
        listed = self._subscribers.get(table_id, [])
        if subscriber in listed:
            listed.remove(subscriber)
        if not listed:
            self._subscribers.pop(table_id, None)

    def connected(self, table_id: str) -> tuple[set[int], int]:
        """The seats with at least one connection, and how many spectators watch."""
        seats: set[int] = set()
        spectators = 0
        for subscriber in self._subscribers.get(table_id, []):
            if subscriber.seat is None:
                spectators += 1
            else:
                seats.add(subscriber.seat)
        return seats, spectators

    def viewers(self, table_id: str) -> set[int | None]:
        """The seats (``None``: a spectator) with at least one connection to ``table_id``."""
        return {subscriber.seat for subscriber in self._subscribers.get(table_id, [])}

    def publish(self, table_id: str, message_for: Callable[[int | None], dict[str, Any]]) -> int:
        """Push to every subscriber of ``table_id`` the message built for its own seat; returns
        how many were pushed."""
        built: dict[int | None, dict[str, Any]] = {}
        count = 0
        for subscriber in list(self._subscribers.get(table_id, [])):
            seat = subscriber.seat
            if seat not in built:
                built[seat] = message_for(seat)
            subscriber.push(built[seat])
            count += 1
        return count


async def listen(
    dsn: str, channel: str, origin: str, changed: Callable[[str], Awaitable[None]]
) -> None:
    """Follow PostgreSQL's notifications on ``channel`` (``"<origin>:<table id>"``) and call
    ``changed`` for each table another process changed; reconnects until cancelled."""
    import psycopg

    while True:
        try:
            async with await psycopg.AsyncConnection.connect(dsn, autocommit=True) as connection:
                await connection.execute(f'LISTEN "{channel}"')
                async for note in connection.notifies():
                    sender, _, table_id = note.payload.partition(":")
                    if sender != origin and table_id:
                        try:
                            await changed(table_id)
                        except Exception:
                            log.exception("table %s could not catch up", table_id)
        except asyncio.CancelledError:
            raise
        except Exception as error:  # the database restarted: listen again shortly
            log.warning("listening for table changes failed (%s); retrying", error)
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.sleep(1)
