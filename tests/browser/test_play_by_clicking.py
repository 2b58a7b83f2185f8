"""Every game played to its final screen in chromium by clicking only, one person against bots;
the final board and the scoring are shown, and screenshots are kept (desktop and phone)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from server.process import Server

from .clicking import new_table, play_to_the_end, seat_link

pytestmark = pytest.mark.browser

# Player counts and options that keep each game short; the other seats are greedy bots.
GAMES: list[tuple[str, int, dict[str, Any]]] = [
    ("my-city", 2, {}),
    ("estates", 3, {}),
    ("milton-keynes", 4, {}),
    ("water-rights", 3, {}),
    ("esport-monopoly", 2, {"turn-cap": 8}),
]


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=[g for g, _, _ in GAMES])
def test_a_whole_game_is_played_by_clicking_to_its_final_screen(
    browser: Any, server: Server, screenshots: Path, game: str, players: int, options: Any
) -> None:
    table = new_table(server, game, [{"name": "Ann"}] + ["greedy"] * (players - 1), options=options)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.goto(seat_link(server, table, 0))
    page.wait_for_selector("#picture svg")
    page.screenshot(path=str(screenshots / f"{game}-start.png"), full_page=True)
    clicked = play_to_the_end(page, random.Random(hash(game) % 1000))
    assert clicked > 0
    assert page.locator("#notation-text").input_value() == ""  # the notation box was never used
    # The final screen: the board of the finished game beside the scoring explained.
    page.wait_for_selector("#result:not([hidden])")
    assert page.locator("#picture svg").count() == 1
    assert page.locator("#outcome").inner_text().strip()
    assert page.locator("#picture .clickable").count() == 0
    page.screenshot(path=str(screenshots / f"{game}-final.png"), full_page=True)
    page.set_viewport_size({"width": 375, "height": 800})
    page.screenshot(path=str(screenshots / f"{game}-final-phone.png"), full_page=True)
    state = server.http.get(f"{server.base}/api/tables/{table['id']}").json()
    assert state["status"] == "over"
    assert problems == []
    page.close()
