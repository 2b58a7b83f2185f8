"""Issue 11 in the browser: two people in two browser contexts and a bot play Milton Keynes live
to the end, neither page ever holding the other's secrets; a closed tab reopened resumes."""

from __future__ import annotations

import random
import re
import time
from typing import Any

import pytest
from server.process import Server

from .clicking import MOVABLE, click_one_move, new_table, seat_link, version_of, wait_ready
from .seen import message, secrets_of, shown

pytestmark = pytest.mark.browser


def test_two_people_and_a_bot_play_live_and_never_see_each_others_secrets(
    browser: Any, server: Server
) -> None:
    table = new_table(server, "milton-keynes", [{"name": "Ann"}, {"name": "Bob"}, "greedy"])
    pages = []
    for seat in (0, 1):
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.goto(seat_link(server, table, seat))
        page.wait_for_selector("#picture svg")
        pages.append(page)
    rng = random.Random(12)
    checked = 0
    over = [False, False]
    for _ in range(3_000):
        if all(over):
            break
        for seat, page in enumerate(pages):
            if over[seat]:
                continue
            # Each page against the other seat's secrets, at a version both agree on.
            mine, other = message(server, table, seat), message(server, table, 1 - seat)
            public = message(server, table, None)
            if mine["version"] == other["version"] == public["version"]:
                # The page reaches that version, or passes it when the bot moved meanwhile (a
                # page shows the latest view, so it may never show that one): compare only
                # what the page showed at exactly that version.
                page.wait_for_function(
                    "(v) => Number(document.body.dataset.version) >= v", arg=mine["version"]
                )
                content = page.content()
                at = re.search(r'<body[^>]*data-version="(\d+)"', content)
                if at is not None and int(at.group(1)) == mine["version"]:
                    for words in secrets_of(other, mine, public):
                        assert not shown(words, content), f"seat {seat}'s page shows {words!r}"
                        checked += 1
            if page.locator(
                "#picture .clickable, #moves button[data-move], #moves .amount"
            ).count():
                click_one_move(page, rng)
            over[seat] = page.evaluate("() => document.body.dataset.over === 'yes'")
            if not over[seat] and not any(p.locator(MOVABLE).count() for p in pages):
                page.wait_for_timeout(50)  # the bot is thinking
    assert all(over), "the game did not end"
    for page in pages:
        page.wait_for_selector("#result:not([hidden])")
    assert checked > 50
    assert version_of(pages[0]) == version_of(pages[1])


def test_a_closed_tab_reopened_with_its_link_resumes(browser: Any, server: Server) -> None:
    table = new_table(server, "estates", [{"name": "Ann"}, "greedy"])
    link = seat_link(server, table, 0)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(link)
    rng = random.Random(4)
    for _ in range(3):
        assert wait_ready(page)
        click_one_move(page, rng)
    assert wait_ready(page)
    before = version_of(page)
    board = page.locator("#picture svg").text_content()  # the position, not the page's marks
    page.close()
    seats = server.http.get(f"{server.base}/api/tables/{table['id']}").json()["seats"]
    assert seats[0]["name"] == "Ann"
    # The table's version now, from the server: on a loaded machine the closed page may have
    # been a message behind (the bot's move on its way), so the page is compared with this.
    token = next(s["token"] for s in table["seats"] if s["seat"] == 0)
    deadline = time.monotonic() + 120  # patience under load
    while True:  # Ann to move, so that nothing moves meanwhile
        seen = server.http.get(
            f"{server.base}/api/tables/{table['id']}/view", params={"seat": 0, "token": token}
        ).json()
        if seen["legal"] or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    now = seen["version"]
    assert seen["legal"] and now >= int(before)
    again = context.new_page()
    again.goto(link)
    again.wait_for_selector("#picture svg")
    again.wait_for_function("(v) => document.body.dataset.version === v", arg=str(now))
    assert "(here)" in again.locator("#seats").inner_text()
    if now == int(before):
        assert again.locator("#picture svg").text_content() == board
    assert wait_ready(again)
    click_one_move(again, rng)
    again.wait_for_function("(v) => document.body.dataset.version !== v", arg=str(now))
    context.close()


def test_a_bot_to_move_is_shown_thinking(browser: Any, server: Server) -> None:
    """While a search bot takes its seconds over a move, the seats list says it is thinking
    (a person to move is "to move"); then the move arrives and it is the person's turn."""
    table = new_table(server, "estates", ["ismcts:seconds=3", {"name": "Ann"}])
    token = next(s["token"] for s in table["seats"] if s["seat"] == 1)
    base = f"{server.base}/api/tables/{table['id']}"
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(seat_link(server, table, 1))
    page.wait_for_selector("#picture svg")
    mine = server.http.get(f"{base}/view", params={"seat": 1, "token": token}).json()
    if mine["legal"]:  # Ann is the first auctioneer: she auctions a piece, the bot bids
        auction = next(m for m in mine["legal"] if m["notation"].startswith("auction"))
        move = {"seat": 1, "token": token, "choice": auction["choice"]}
        assert server.http.post(f"{base}/moves", json=move).status_code == 200
    seats = page.locator("#seats")
    page.wait_for_function(
        "() => /bot ismcts.*\\(thinking…\\)/.test(document.querySelector('#seats').innerText)"
    )
    assert "Ann" in seats.inner_text() and "(to move)" not in seats.inner_text()
    page.wait_for_function(
        "() => /Ann.*\\(to move\\)/.test(document.querySelector('#seats').innerText)",
        timeout=30_000,
    )
    assert "thinking" not in seats.inner_text()
    context.close()
