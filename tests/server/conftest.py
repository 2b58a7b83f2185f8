"""Server tests: skipped whole when the ``[web]`` extra is not installed; a fresh database each.

Storage tests run on SQLite and on PostgreSQL (a throwaway cluster started once per session;
skipped where PostgreSQL is not installed, unless ``TYCOON_REQUIRE_POSTGRES`` is set, as in CI).
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("sqlalchemy")

from .postgres import cluster, create_database


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    try:
        with cluster() as url:
            yield url
    except (FileNotFoundError, OSError) as missing:
        if os.environ.get("TYCOON_REQUIRE_POSTGRES"):
            raise
        pytest.skip(f"no PostgreSQL here: {missing}")


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty database for one test, of each kind in turn."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'tycoon.db'}"
        return
    yield fresh_database(request.getfixturevalue("postgres_server"))


@pytest.fixture
def postgres_url(postgres_server: str) -> str:
    """A fresh, empty PostgreSQL database."""
    return fresh_database(postgres_server)


def fresh_database(server: str) -> str:
    return create_database(server, "t_" + secrets.token_hex(6))
