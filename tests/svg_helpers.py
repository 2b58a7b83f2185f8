"""What the games' picture tests share: parse a seat's picture, find its click targets, read its
text, and the concrete action a legal choice stands for."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from tycoon.core import Action, AmountRange

SVG = "{http://www.w3.org/2000/svg}"


def picture_of(game: Any, view: Any) -> ET.Element:
    """The game's picture of ``view``, parsed (it must draw one, and it must be XML)."""
    drawn = game.render_svg(view)
    assert drawn is not None
    return ET.fromstring(drawn)


def targets(root: ET.Element) -> dict[str, ET.Element]:
    """Every element that carries a ``data-target`` key, by key."""
    return {key: el for el in root.iter() if (key := el.get("data-target")) is not None}


def texts(element: ET.Element) -> list[str]:
    """The words of every ``<text>`` inside ``element``, in order."""
    return [t.text or "" for t in element.iter(f"{SVG}text")]


def concrete(choice: Any) -> Action:
    """The action a legal choice stands for (an amount range: at its low end)."""
    action = choice.action(choice.low) if isinstance(choice, AmountRange) else choice
    assert isinstance(action, Action)
    return action
