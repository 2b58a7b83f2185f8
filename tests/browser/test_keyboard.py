"""Every move can be made with the keyboard: framed elements are focusable buttons named after
their moves; Enter opens the menu, which takes the focus, and Enter plays the move."""

from __future__ import annotations

from typing import Any

import pytest
from server.process import Server

from .clicking import new_table, seat_link, version_of, wait_ready

pytestmark = pytest.mark.browser


def test_a_move_is_made_with_the_keyboard_alone(browser: Any, server: Server) -> None:
    table = new_table(server, "my-city", [{"name": "Ann"}, "greedy"])
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(seat_link(server, table, 0))
    assert wait_ready(page)
    framed = page.locator("#picture [data-target].clickable")
    assert framed.count() > 10
    for index in (0, framed.count() - 1):
        element = framed.nth(index)
        assert element.get_attribute("tabindex") == "0"
        assert element.get_attribute("role") == "button"
        assert element.get_attribute("aria-label")
    counter = page.locator('#picture [data-target^="counter:"].clickable').first
    label = counter.get_attribute("aria-label") or ""
    assert "moves)" in label  # a counter goes to many squares: its label says how many
    before = version_of(page)
    counter.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#menu:not([hidden])")
    focused = page.evaluate("() => document.activeElement.closest('#menu') !== null")
    assert focused, "the menu takes the focus"
    page.keyboard.press("Escape")
    assert page.locator("#menu").is_hidden()
    counter.focus()
    page.keyboard.press(" ")
    page.wait_for_selector("#menu:not([hidden])")
    chosen = page.evaluate("() => document.activeElement.dataset.move")
    page.keyboard.press("Enter")
    page.wait_for_function("(v) => document.body.dataset.version !== v", arg=before)
    log = page.locator("#log").inner_text()
    assert f"Ann (Seat 1): {chosen}" in log
    page.close()
