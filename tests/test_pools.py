"""Worker processes end with the process that made their pool, however it ends: a pool's
workers outlive a ``kill -9`` of their parent otherwise, waiting on their queue for ever."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from server.process import running  # tests/ is on the path (tests/conftest.py)

from tycoon.pools import process_pool

ROOT = Path(__file__).resolve().parents[1]

PARENT = """
import os, sys, time
from multiprocessing import get_context
from tycoon.pools import process_pool


def pid_after(seconds):
    time.sleep(seconds)
    return os.getpid()


if __name__ == "__main__":
    pool = process_pool(2, get_context(sys.argv[1]))
    both = [pool.submit(pid_after, 0.5) for _ in range(2)]  # at once: two workers
    print(*sorted({future.result() for future in both}), flush=True)
    if sys.argv[2] == "busy":
        pool.submit(time.sleep, 600)  # a worker amid a long task when its parent dies
    time.sleep(600)
"""


def wait_until_ended(pids: list[int], seconds: float = 20) -> list[int]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        alive = [pid for pid in pids if running(pid)]
        if not alive:
            return []
        time.sleep(0.05)
    return alive


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
@pytest.mark.parametrize("method", ["fork", "forkserver", "spawn"])
@pytest.mark.parametrize("work", ["idle", "busy"])
def test_workers_end_when_their_parent_is_killed(tmp_path: Path, method: str, work: str) -> None:
    script = tmp_path / "parent.py"  # a file, so that spawned workers can import its function
    script.write_text(PARENT)
    parent = subprocess.Popen(
        [sys.executable, str(script), method, work],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    workers: list[int] = []
    try:
        assert parent.stdout is not None
        workers = [int(pid) for pid in parent.stdout.readline().split()]
        assert workers and parent.pid not in workers
        time.sleep(0.2)
        assert all(running(pid) for pid in workers)
        os.kill(parent.pid, signal.SIGKILL)
        parent.wait(10)
        assert wait_until_ended(workers) == []
    finally:
        if parent.poll() is None:
            parent.kill()
        for pid in workers:  # none, unless the test failed
            if running(pid):
                os.kill(pid, signal.SIGKILL)


def test_a_pool_shut_down_normally_works_as_any_pool() -> None:
    with process_pool(2) as pool:
        assert sorted(pool.map(abs, [-3, 1, -2])) == [1, 2, 3]
