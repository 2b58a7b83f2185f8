"""The move notation: every kind of move round-trips; bad text is refused with the right form."""

from __future__ import annotations

import pytest

from tycoon.core import MalformedActionError
from tycoon.games.milton_keynes.actions import (
    Build,
    Demolish,
    Extend,
    Offer,
    format_action,
    parse,
)

EXAMPLES = [
    "character scarlet",
    "river C1",
    "marsh A4",
    "inquiry",
    "demolish G7",
    "demolish G7 buy",
    "redevelop G7",
    "pass",
    "bribe 3",
    "lobby 5",
    "buy G7",
    "bid 3 5",
    "lobby 3 5",
    "rebid 4 0",
    "offer 2 G7 LOBBY $3 for H3",
    "offer 3 nothing for H2 $4",
    "offer 2 DUMP for nothing",
    "accept",
    "decline",
    "build NATURE-RESERVE A3 B3 C3 C4 C5",
    "build AIR-BASE B7 B9",
    "extend C3 with C6 C7",
    "seal",
    "take H4",
]


@pytest.mark.parametrize("text", EXAMPLES)
def test_notation_round_trips(text: str) -> None:
    action = parse(text, 1)
    assert format_action(action) == text
    assert parse(format_action(action), 1) == action


def test_parsing_is_forgiving_about_case_and_order() -> None:
    assert parse("BUILD nature reserve c5 a3 b3", 0) == Build(
        0, "NATURE-RESERVE", ("A3", "B3", "C5")
    )
    assert parse("Demolish g7 BUY", 2) == Demolish(2, "G7", True)
    assert parse("extend c3 with d4 c4", 0) == Extend(0, "C3", ("C4", "D4"))
    assert parse("offer 2 lobby g7 for $2", 0) == Offer(0, 1, -2, ("G7", "LOBBY"), ())
    assert parse("build sewage E4", 0) == Build(0, "SEWAGE-REPROCESSOR", ("E4",))


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ("", "empty"),
        ("bribe lots", "bribe <amount>"),
        ("build CASTLE A1", "not a permit"),
        ("build DUMP Z9", "not a plot"),
        ("build DUMP A1 A1", "twice"),
        ("extend C3 C4", "extend <first plot"),
        ("offer two A1 for B1", "offer <seat>"),
        ("offer 2 $3 A1 for $2", "one side only"),
        ("offer 2 WIDGET for A1", "neither a plot"),
        ("take", "take <plot>"),
        ("character nobody", "choose one of"),
        ("fly away", "not a Milton Keynes move"),
        ("pass now", "takes nothing"),
    ],
)
def test_malformed_moves_name_the_right_form(text: str, hint: str) -> None:
    with pytest.raises(MalformedActionError) as error:
        parse(text, 0)
    assert hint in error.value.reason
