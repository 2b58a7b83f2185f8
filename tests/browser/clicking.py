"""A person at the table page who only clicks: on the framed elements of the board, on the
menu they open, on the buttons of moves that have nothing to point at. Never the notation box."""

from __future__ import annotations

import random
from typing import Any

from server.process import Server

try:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
except ImportError:  # the tests skip (or fail in CI) in conftest.py; this module still imports

    class PlaywrightTimeout(Exception):  # type: ignore[no-redef]
        pass


# What a person may click to move: a framed element, a move's button, an amount's box.
MOVABLE = "#picture .clickable, #moves button[data-move], #moves .amount"
# Ready: the game is over, or this page may move.
READY = (
    f"() => document.body.dataset.over === 'yes' || document.querySelector('{MOVABLE}') !== null"
)
# A move was sent and answered: a newer state, or an error for this seat.
ANSWERED = """(version) => document.body.dataset.version !== version ||
  document.getElementById('error').textContent !== ''"""
STEP_TIMEOUT = 60_000  # milliseconds for a bot to move or a state to arrive (a busy machine)
CLICK_TIMEOUT = 5_000  # milliseconds for an element to be clickable
STUCK = 25  # clicks without the table moving on before the page is reloaded


def new_table(server: Server, game: str, seats: list[Any], **extra: Any) -> dict[str, Any]:
    response = server.http.post(
        f"{server.base}/api/tables", json={"game": game, "seats": seats, **extra}
    )
    assert response.status_code == 200, response.text
    made: dict[str, Any] = response.json()
    return made


def seat_link(server: Server, table: dict[str, Any], seat: int) -> str:
    link: str = next(s["link"] for s in table["seats"] if s["seat"] == seat)
    return server.base + link


def version_of(page: Any) -> str:
    version: str = page.evaluate("() => document.body.dataset.version || ''")
    return version


def wait_ready(page: Any) -> bool:
    """Wait until this page may move (True) or the game is over (False)."""
    page.wait_for_function(READY, timeout=STEP_TIMEOUT)
    over: bool = page.evaluate("() => document.body.dataset.over === 'yes'")
    return not over


def _amount(box: Any, rng: random.Random) -> None:
    """Set an amount input to a value inside its bounds (usually the lowest) and play it."""
    field = box.locator("input[type=number]")
    low = int(field.get_attribute("min"))
    high = int(field.get_attribute("max"))
    step = int(field.get_attribute("step") or 1)
    value = low if rng.random() < 0.7 else low + step * rng.randint(0, (high - low) // step)
    field.fill(str(value), timeout=CLICK_TIMEOUT)
    box.locator("button").click(timeout=CLICK_TIMEOUT)


def click_one_move(page: Any, rng: random.Random) -> None:
    try:
        _click_one_move(page, rng)
    except PlaywrightTimeout:
        # a newer state took the element away between finding and clicking it: look again
        if page.locator("#menu").is_visible():
            page.keyboard.press("Escape")


def _click_one_move(page: Any, rng: random.Random) -> None:
    """Make one legal move by clicking, then wait until the server has answered it (if a newer
    state took the choice away meanwhile, nothing is clicked)."""
    version = version_of(page)
    if page.locator("#menu").is_visible():
        page.keyboard.press("Escape")  # a choice left half-made: start afresh
    board = page.locator("#picture .clickable")
    buttons = page.locator("#moves button[data-move]")
    amounts = page.locator("#moves .amount")
    entries = [("board", i) for i in range(board.count())]
    entries += [("button", i) for i in range(buttons.count())]
    entries += [("amount", i) for i in range(amounts.count())]
    if not entries:
        return  # a newer state arrived meanwhile (not this seat's turn): wait again
    kind, index = rng.choice(entries)
    if kind == "button":
        buttons.nth(index).click(timeout=CLICK_TIMEOUT)
    elif kind == "amount":
        _amount(amounts.nth(index), rng)
    else:
        board.nth(index).click(timeout=CLICK_TIMEOUT)
        for _ in range(6):  # narrowing down: each click keeps the moves concerning every pick
            if page.evaluate(ANSWERED, version):
                break  # one move concerned it: it was played
            menu = page.locator("#menu")
            if menu.is_hidden():
                return  # the click unselected everything: start again
            moves = menu.locator("button[data-move]")
            boxes = menu.locator(".amount")
            choices = [("button", i) for i in range(moves.count())]
            choices += [("amount", i) for i in range(boxes.count())]
            if choices:
                kind, index = rng.choice(choices)
                if kind == "button":
                    moves.nth(index).click(timeout=CLICK_TIMEOUT)
                else:
                    _amount(boxes.nth(index), rng)
                break
            more = page.locator("#picture .clickable:not(.chosen)")
            assert more.count(), "a menu without moves: " + menu.inner_html()
            more.nth(rng.randrange(more.count())).click(timeout=CLICK_TIMEOUT)
        else:
            raise AssertionError("a menu never narrowed down to a move")
    page.wait_for_function(ANSWERED, arg=version, timeout=STEP_TIMEOUT)
    error = page.locator("#error").text_content()
    # Only a view the table had already left can be answered so (another seat acted first in a
    # step where several act); any other refusal of a move the page offered is a failure.
    stale = ("moved on", "not your turn")
    assert not error or any(s in error for s in stale), f"a clicked move was refused: {error}"


def play_to_the_end(page: Any, rng: random.Random, limit: int = 1_500) -> int:
    """Click moves until the game is over; returns how many moves were clicked."""
    still, seen, reloads = 0, "", 0
    for clicked in range(limit):
        if not wait_ready(page):
            return clicked
        click_one_move(page, rng)
        now = version_of(page)
        still = still + 1 if now == seen else 0
        seen = now
        if still >= STUCK:
            # Seen rarely on a loaded machine (Milton Keynes): the page keeps offering moves the
            # server refuses as stale. A person reloads; more than twice in a game fails.
            reloads += 1
            error = page.locator("#error").text_content()
            assert reloads <= 2, f"the page stopped following the table at move {now}: {error}"
            page.reload()
            page.wait_for_selector("#picture svg")
            still = 0
    raise AssertionError("the game did not end by clicking")
