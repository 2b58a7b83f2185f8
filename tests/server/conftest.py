"""Server tests: skipped whole when the ``[web]`` extra is not installed; a fresh database each."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("sqlalchemy")


@pytest.fixture(params=["sqlite"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty database for one test (each storage test runs on every kind listed)."""
    yield f"sqlite:///{tmp_path / 'tycoon.db'}"
