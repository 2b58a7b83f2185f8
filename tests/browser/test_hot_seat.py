"""Hot-seat in the browser: two people at one screen and a bot play Milton Keynes (hidden hands
and cash, sealed bids) to the end from the lobby's hot-seat link. Between the people's turns the
page hides everything and asks for the screen to be passed; neither person's page ever shows
the other's secrets."""

from __future__ import annotations

import random
import re
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from server.process import Server

from .clicking import MOVABLE, STEP_TIMEOUT, click_one_move
from .seen import message, secrets_of, shown

pytestmark = pytest.mark.browser

COVERED = "() => document.body.dataset.cover !== undefined"
SHOWN = (
    f"() => document.body.dataset.over === 'yes' || ({COVERED})() || "
    f"document.querySelector('{MOVABLE}') !== null"
)


def create_in_lobby(page: Any, server: Server) -> dict[str, Any]:
    """Make the table as a person would, in the lobby: Milton Keynes, Ann and Bob, a greedy bot;
    then follow the hot-seat link. Returns the table as the API would describe it."""
    page.goto(server.base + "/")
    page.select_option("#game", "milton-keynes")
    page.fill("#players", "3")
    page.press("#players", "Tab")  # leaving the field redraws the seats, as for a person
    page.select_option('[data-seat="0"]', "human")
    page.fill('[data-name="0"]', "Ann")
    page.select_option('[data-seat="1"]', "human")
    page.fill('[data-name="1"]', "Bob")
    page.select_option('[data-seat="2"]', "greedy")
    page.click("#create button[type=submit]")
    link = page.locator("#hot-seat")
    link.wait_for()
    href = link.get_attribute("href")
    path, fragment = href.split("#", 1)
    pairs = parse_qs(fragment)["seats"][0].split(",")
    seats = [{"seat": int(s), "token": t} for s, t in (pair.split(":") for pair in pairs)]
    assert [s["seat"] for s in seats] == [0, 1]
    link.click()
    return {"id": urlsplit(path).path.rsplit("/", 1)[1], "seats": seats}


def test_two_people_take_turns_at_one_screen_and_never_see_each_others_secrets(
    browser: Any, server: Server
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    table = create_in_lobby(page, server)
    rng = random.Random(21)
    covers: list[int] = []
    checked = 0
    page.wait_for_function(SHOWN, timeout=STEP_TIMEOUT)
    assert page.evaluate(COVERED)  # the first person is asked for before anything is shown
    for _ in range(4_000):
        page.wait_for_function(SHOWN, timeout=STEP_TIMEOUT)
        if page.evaluate(COVERED):
            # Behind the cover: nothing of either seat (no board, no moves, no log).
            person = int(page.evaluate("() => document.body.dataset.cover"))
            assert page.locator("#picture svg").count() == 0
            assert page.locator("#table-main").is_hidden()
            assert page.locator("#log").inner_text() == ""
            assert page.locator("#who").inner_text() == "hot-seat: 2 people at this screen"
            name = ["Ann", "Bob"][person]
            assert f"Pass the screen to {name}" in page.locator("#cover").inner_text()
            covers.append(person)
            page.click("#cover-show")
            page.wait_for_function(f"() => !({COVERED})()")
            continue
        if page.evaluate("() => document.body.dataset.over === 'yes'"):
            break
        # A seat is shown: whose, and at which version; it never shows the other's secrets.
        content = page.content()
        at = re.search(r'<body[^>]*data-version="(\d+)"', content)
        seat = covers[-1]  # the person who last asked to see the screen
        assert "hot-seat: 2 people at this screen" in page.locator("#who").inner_text()
        if at is not None:
            mine, other = message(server, table, seat), message(server, table, 1 - seat)
            public = message(server, table, None)
            if mine["version"] == other["version"] == public["version"] == int(at.group(1)):
                for words in secrets_of(other, mine, public):
                    assert not shown(words, content), f"seat {seat}'s screen shows {words!r}"
                    checked += 1
        click_one_move(page, rng)
    else:
        pytest.fail("the game did not end")
    page.wait_for_selector("#result:not([hidden])")
    assert covers.count(0) > 3 and covers.count(1) > 3  # the screen went back and forth
    assert checked > 20
    context.close()


def test_the_lobby_keeps_the_seats_typed_when_the_player_count_changes(
    browser: Any, server: Server
) -> None:
    page = browser.new_page()
    page.goto(server.base + "/")
    page.select_option("#game", "estates")
    page.fill('[data-name="0"]', "Ann")
    page.select_option('[data-seat="1"]', "human")
    page.fill('[data-name="1"]', "Bob")
    page.fill("#players", "5")
    page.press("#players", "Tab")
    assert page.locator("[data-seat]").count() == 5
    assert page.input_value('[data-name="0"]') == "Ann"
    assert page.input_value('[data-name="1"]') == "Bob"
    assert page.input_value('[data-seat="1"]') == "human"
    assert page.input_value('[data-seat="4"]') == "greedy"  # a new seat gets the default
    page.close()


def test_the_lobby_keeps_a_name_typed_after_clicking_out_of_the_player_count(
    browser: Any, server: Server
) -> None:
    """With the mouse: type a count, click into a seat's name and type. Leaving the count redraws
    the seats; the name field clicked into must be the one that stays (it once was replaced, so
    the name typed went nowhere)."""
    page = browser.new_page()
    page.goto(server.base + "/")
    page.select_option("#game", "estates")
    page.click("#players")
    page.keyboard.press("Control+A")
    page.keyboard.type("3")
    page.click('[data-name="0"]')
    page.keyboard.type("Ann")
    assert page.locator("[data-seat]").count() == 3
    assert page.input_value('[data-name="0"]') == "Ann"
    page.click("#players")
    page.keyboard.press("Backspace")  # empty for a moment: the seats stay as they were
    assert page.locator("[data-seat]").count() == 3
    page.keyboard.type("9")  # more than The Estates seats: its most, and the field says so
    page.click('[data-name="1"]')
    page.keyboard.type("Bob")
    assert page.locator("[data-seat]").count() == 5
    assert page.input_value("#players") == "5"
    page.select_option('[data-seat="1"]', "human")
    page.select_option("#game", "my-city")  # another game: its bots, the seats as chosen
    assert page.input_value('[data-name="0"]') == "Ann"
    assert page.input_value('[data-name="1"]') == "Bob"
    assert page.input_value('[data-seat="1"]') == "human"
    page.select_option('[data-seat="2"]', "human")  # a person with no name: an open seat
    page.click("button[type=submit]")
    created = page.locator("#created")
    created.locator("text=Spectators").wait_for()
    text = created.inner_text()
    assert re.search(r"Seat 1: http\S+#seat=0&token=", text)
    assert re.search(r"Seat 2: http\S+#seat=1&token=", text)
    assert "Seat 3: open, for anyone to take" in text
    page.close()
