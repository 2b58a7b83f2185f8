"""When the server's cyclic garbage collector may stop the world.

CPython's collector runs a *full* collection (every tracked object: each live table's states,
the states kept for undo, every rendered message) on its own, whenever enough objects have
outlived the young generations. With 200 tables that is 160,000 objects and 100 to 250 ms with
the event loop stopped, a few times a minute under load: every move in flight then waits, which
made the benchmark's p95 and p99 (docs/server.md, "Load").

The server's policy instead: the objects alive once it has started (modules, classes,
functions, the tables resumed) are frozen out of every collection (``gc.freeze``, they live as
long as the process); the young generations are collected as usual (cheap, and where nearly
all cyclic garbage dies); and full collections run only on a schedule (every
``interval`` seconds), so a garbage cycle that outlived the young generations waits at most
that long to be freed and the loop stops for a full collection only that often.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
from collections.abc import AsyncIterator

FULL_EVERY = 300.0  # seconds between full collections
NEVER = 1 << 30  # young collections before a full one: never, on its own


@contextlib.asynccontextmanager
async def scheduled_collections(interval: float = FULL_EVERY) -> AsyncIterator[None]:
    """While this runs, full collections happen only every ``interval`` seconds (and at its
    start); the collector's previous thresholds are restored at the end."""
    if interval <= 0:
        raise ValueError("the interval between full collections is a positive number of seconds")
    young, middle, old = gc.get_threshold()
    gc.collect()
    gc.freeze()
    gc.set_threshold(young, middle, NEVER)

    async def collect() -> None:
        while True:
            await asyncio.sleep(interval)
            gc.collect()

    task = asyncio.get_running_loop().create_task(collect())
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        gc.set_threshold(young, middle, old)
        gc.unfreeze()
