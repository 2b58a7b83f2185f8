"""Browser tests: Playwright driving Debian's chromium against a real ``tycoon serve`` process.

Chromium comes from the system (``.ci/run`` installs Debian's package when it is missing;
``playwright install`` cannot download here). Without it, or without Playwright, the tests are
skipped with the reason, unless ``CI`` is set: then they must run. Screenshots go to
``artifacts/screenshots/`` (git-ignored; CI keeps the directory).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server.process import ROOT, Server, free_port

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--headless=new",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SCREENSHOTS = ROOT / "artifacts" / "screenshots"


def missing() -> str | None:
    """Why the browser tests cannot run here (``None``: they can)."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright is not installed (pip install -e '.[dev]')"
    if not CHROMIUM.exists() and shutil.which("chromium") is None:
        return "no chromium: apt-get install chromium (as .ci/run does)"
    return None


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    reason = missing()
    if reason is not None:
        if os.environ.get("CI"):
            pytest.fail(f"the browser tests must run in CI: {reason}")
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    executable = CHROMIUM if CHROMIUM.exists() else Path(shutil.which("chromium") or "")
    with sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=str(executable), args=ARGS)
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A real server process for the module, on SQLite, its bots in a thread."""
    where = tmp_path_factory.mktemp("serve")
    running = Server(f"sqlite:///{where / 'tycoon.db'}", free_port(), where / "server.log")
    running.start()
    yield running
    running.stop()


@pytest.fixture(scope="session")
def screenshots() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS
