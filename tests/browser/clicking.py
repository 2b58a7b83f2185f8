"""A person at the table page who only clicks: on the framed elements of the board, on the
menu they open, on the buttons of moves that have nothing to point at. Never the notation box."""

from __future__ import annotations

import random
from typing import Any

from server.process import Server

# Ready: the game is over, or this page may move (a framed element, or a move button).
READY = """() => document.body.dataset.over === 'yes' ||
  document.querySelector('#picture .clickable, #moves button[data-move], #moves .amount') !== null"""
# A move was sent and answered: a newer state, or an error for this seat.
ANSWERED = """(version) => document.body.dataset.version !== version ||
  document.getElementById('error').textContent !== ''"""
STEP_TIMEOUT = 60_000  # milliseconds for a bot to move or a state to arrive (a busy machine)


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
    field.fill(str(value))
    box.locator("button").click()


def click_one_move(page: Any, rng: random.Random) -> None:
    """Make one legal move by clicking, then wait until the server has answered it (if a newer
    state took the choice away meanwhile, nothing is clicked)."""
    version = version_of(page)
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
        buttons.nth(index).click()
    elif kind == "amount":
        _amount(amounts.nth(index), rng)
    else:
        board.nth(index).click()
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
                    moves.nth(index).click()
                else:
                    _amount(boxes.nth(index), rng)
                break
            more = page.locator("#picture .clickable:not(.chosen)")
            assert more.count(), "a menu without moves: " + menu.inner_html()
            more.nth(rng.randrange(more.count())).click()
        else:
            raise AssertionError("a menu never narrowed down to a move")
    page.wait_for_function(ANSWERED, arg=version, timeout=STEP_TIMEOUT)
    error = page.locator("#error").text_content()
    assert not error or "moved on" in error, f"a clicked move was refused: {error}"


def play_to_the_end(page: Any, rng: random.Random, limit: int = 1_500) -> int:
    """Click moves until the game is over; returns how many moves were clicked."""
    for clicked in range(limit):
        if not wait_ready(page):
            return clicked
        click_one_move(page, rng)
    raise AssertionError("the game did not end by clicking")
