"""A throwaway PostgreSQL cluster for the storage tests: ``initdb`` in a temporary directory,
``pg_ctl`` on a free loopback port, removed at the end. No mock and no external service."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def find_binary(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return candidates[-1] if candidates else None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def cluster(fsync: bool = False) -> Iterator[str]:
    """Start a cluster; yields a URL (without a database name) for the superuser ``postgres``.
    Tests run it with ``fsync=off`` (nothing they check needs a power cut survived); the
    benchmark turns it on, as a real host would run it."""
    initdb, pg_ctl = find_binary("initdb"), find_binary("pg_ctl")
    if initdb is None or pg_ctl is None:
        raise FileNotFoundError("PostgreSQL's initdb and pg_ctl are not installed")
    as_postgres: list[str] = []
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root
        as_postgres = ["runuser", "-u", "postgres", "--"]
    root = Path(tempfile.mkdtemp(prefix="tycoon-pg-"))
    data = root / "data"
    if as_postgres:
        shutil.chown(root, "postgres")
    port = _free_port()

    def run(command: list[str]) -> None:
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)

    try:
        run([*as_postgres, initdb, "-D", str(data), "-A", "trust", "-U", "postgres"])
        options = f"-p {port} -k {root} -c listen_addresses=127.0.0.1"
        options += " -c max_connections=300" + ("" if fsync else " -c fsync=off")
        log = str(root / "log")
        run([*as_postgres, pg_ctl, "-D", str(data), "-o", options, "-l", log, "-w", "start"])
        try:
            yield f"postgresql+psycopg://postgres@127.0.0.1:{port}"
        finally:
            subprocess.run(
                [*as_postgres, pg_ctl, "-D", str(data), "-m", "immediate", "-w", "stop"],
                check=False,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.STDOUT,
            )
    finally:
        shutil.rmtree(root, ignore_errors=True)


def create_database(server: str, name: str) -> str:
    """Create database ``name`` in the cluster at ``server``; returns its URL."""
    import psycopg

    plain = server.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(f"{plain}/postgres", autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    return f"{server}/{name}"
