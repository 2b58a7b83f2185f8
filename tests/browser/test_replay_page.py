"""A finished game stepped through in the browser from an uploaded record, with the keyboard and
the buttons, as a seat and as a spectator."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from server.process import Server

from tycoon.core import Match, SeededRng, make, sample_choice

pytestmark = pytest.mark.browser


def test_an_uploaded_record_replays_step_by_step(
    browser: Any, server: Server, tmp_path: Path, screenshots: Path
) -> None:
    game = make("estates", 3)
    match = Match(game, 5)
    rng = SeededRng(2)
    while not match.is_over():
        seat = match.to_act()[0]
        match.play(sample_choice(match.legal_actions(seat), rng))
    record = tmp_path / "game.jsonl"
    record.write_text(match.record().to_line() + "\n")
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    step = "(n) => document.body.dataset.step === n"
    page.goto(server.base + "/replay")
    page.set_input_files("#file", str(record))
    page.click("#upload button")
    page.wait_for_function(step, arg=str(len(match.steps)))  # it opens at the end
    assert page.locator("#outcome").inner_text().strip()
    page.keyboard.press("Home")
    page.wait_for_function(step, arg="0")
    assert page.locator("#move").inner_text() == "The game is set up."
    page.keyboard.press("ArrowRight")
    page.wait_for_function(step, arg="1")
    page.click("#next")
    page.wait_for_function(step, arg="2")
    page.keyboard.press("ArrowLeft")
    page.wait_for_function(step, arg="1")
    spectator = page.locator("#picture svg").inner_html()
    page.select_option("#viewer", "0")
    page.wait_for_function(
        "() => document.querySelector('#picture svg').innerHTML.includes('(you)')"
    )
    assert "(you)" not in spectator
    first = match.steps[0]
    expected = game.describe_action(game.parse_action(first.action, first.seat), 0)
    assert expected in page.locator("#move").inner_text()
    page.click("#last")
    page.wait_for_function(step, arg=str(len(match.steps)))
    assert page.locator("#result").is_visible()
    page.screenshot(path=str(screenshots / "replay.png"), full_page=True)
    page.close()


def test_a_finished_table_is_listed_in_the_lobby_and_replays(browser: Any, server: Server) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(server.base + "/")  # open before the game: the lobby lists it once it ends
    made = page.request.post(
        server.base + "/api/tables", data={"game": "my-city", "seats": ["greedy", "random"]}
    ).json()
    for _ in range(600):  # two bots play it through
        if page.request.get(f"{server.base}/api/tables/{made['id']}").json()["status"] == "over":
            break
        page.wait_for_timeout(50)
    listed = page.request.get(server.base + "/api/tables?status=over").json()
    mine = next(t for t in listed if t["id"] == made["id"])
    assert "seed" not in mine and [s["bot"] for s in mine["seats"]] == ["greedy", "random"]
    replay_link = f"a[href='/table/{made['id']}/replay']"
    link = page.locator(f"#finished {replay_link}")
    link.wait_for(timeout=25_000)  # the lobby lists its tables again every 10 s
    item = page.locator("#finished li", has=page.locator(replay_link))
    assert "bot greedy, bot random" in item.inner_text()
    record = page.locator(f"#finished a[href='/api/tables/{made['id']}/record']")
    assert record.get_attribute("download") == f"my-city-{made['id']}.jsonl"
    link.click()
    page.wait_for_url(f"**/table/{made['id']}/replay")
    # (The new page may not have a body yet when the function first runs.)
    page.wait_for_function(
        "() => document.body && document.body.dataset.step && document.body.dataset.step !== '0'"
    )
    assert page.locator("#outcome").inner_text().strip()
    page.close()
