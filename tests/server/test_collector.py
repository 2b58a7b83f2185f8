"""The server's garbage-collection policy: no full collection on its own, one on schedule."""

from __future__ import annotations

import asyncio
import gc
from typing import Any

import pytest

from tycoon.server.collector import scheduled_collections


class Cycle:
    def __init__(self) -> None:
        self.me = self


def full_collections_during(work: Any) -> int:
    """How many full (generation 2) collections ran while ``work`` ran."""
    seen: list[int] = []

    def count(phase: str, info: dict[str, int]) -> None:
        if phase == "start" and info["generation"] == 2:
            seen.append(1)

    gc.callbacks.append(count)
    try:
        asyncio.run(work())
    finally:
        gc.callbacks.remove(count)
    return len(seen)


def churn() -> None:
    """Enough long-lived-enough objects that CPython would run full collections on its own."""
    kept: list[list[Cycle]] = []
    for _ in range(40):
        kept.append([Cycle() for _ in range(5_000)])
        if len(kept) > 4:
            del kept[0]


def test_without_the_policy_the_collector_runs_full_collections_on_its_own() -> None:
    async def work() -> None:
        churn()

    assert full_collections_during(work) > 0


def test_the_policy_runs_full_collections_only_on_schedule() -> None:
    before = gc.get_threshold()

    async def quiet() -> None:
        async with scheduled_collections(interval=3600):
            gc.callbacks.append(started)
            churn()
            gc.callbacks.remove(started)

    during: list[int] = []

    def started(phase: str, info: dict[str, int]) -> None:
        if phase == "start" and info["generation"] == 2:
            during.append(1)

    full_collections_during(quiet)
    assert during == []
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0


def test_the_scheduled_full_collection_frees_garbage_cycles() -> None:
    freed: list[int] = []

    class Watched:
        def __init__(self) -> None:
            self.me = self

        def __del__(self) -> None:
            freed.append(1)

    async def work() -> None:
        async with scheduled_collections(interval=0.2):
            held = Watched()
            gc.collect(1)  # it survives the young generations: now it is old
            del held
            gc.collect(1)
            assert freed == []  # garbage, but only a full collection finds it
            for _ in range(100):
                if freed:
                    return
                await asyncio.sleep(0.05)

    gc.collect()
    full_collections_during(work)
    assert freed == [1]


def test_the_interval_is_positive() -> None:
    async def work() -> None:
        async with scheduled_collections(interval=0):
            pass

    with pytest.raises(ValueError, match="positive"):
        asyncio.run(work())
