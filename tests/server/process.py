"""A real ``python -m tycoon serve`` process on a free loopback port, for tests."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def running(pid: int) -> bool:
    """Whether ``pid`` is a live process (a zombie nobody has reaped yet counts as ended)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "\nState:\tZ" not in status


def descendants(pid: int, depth: int = 99) -> list[int]:
    """The processes below ``pid`` (children, theirs, ... ``depth`` levels), read from /proc."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue  # ended meanwhile
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found: list[int] = []
    level = [pid]
    for _ in range(depth):
        level = [child for child, of in parents.items() if of in level]
        found += level
    return found


class Server:
    def __init__(self, database: str, port: int, log: Path, bot_workers: int = 0) -> None:
        self.database, self.port, self.log = database, port, log
        self.bot_workers = bot_workers
        self.process: subprocess.Popen[bytes] | None = None
        self.base = f"http://127.0.0.1:{port}"
        self.http = httpx.Client(timeout=10)

    def start(self) -> str:
        out = open(self.log, "ab")  # noqa: SIM115 (handed to the child process)
        command = [sys.executable, "-m", "tycoon", "serve", "--port", str(self.port)]
        command += ["--database", self.database, "--bot-workers", str(self.bot_workers)]
        self.process = subprocess.Popen(command, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
        out.close()
        deadline = time.monotonic() + 120  # patience under load (start-up compiles from source)
        while time.monotonic() < deadline:
            assert self.process.poll() is None, self.log.read_text()
            try:
                self.http.get(f"{self.base}/api/games", timeout=1).raise_for_status()
                return self.log.read_text()
            except httpx.HTTPError:
                time.sleep(0.05)
        raise AssertionError("the server did not start: " + self.log.read_text())

    def kill(self) -> None:
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        self.http.close()
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
