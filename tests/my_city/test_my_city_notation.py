"""Notation: a placement is ``<counter> <square>`` (``C4 e5``), a rezoning ``rezone <square>
<counter>``; squares like chess with row 1 at the top; parsing ignores case."""

from __future__ import annotations

import json

import pytest

from tycoon.core import IllegalActionError, MalformedActionError, SeededRng
from tycoon.games.my_city import Place, Rezone

from .support import game, position


@pytest.mark.parametrize(
    ("text", "action", "written"),
    [
        ("C4 e5", Place(0, "C4", "e5"), "C4 e5"),
        ("c4 E5", Place(0, "C4", "e5"), "C4 e5"),
        ("  place   H1   a8 ", Place(0, "H1", "a8"), "H1 a8"),
        ("s h8", Place(0, "S", "h8"), "S h8"),
        ("rezone e5 C2", Rezone(0, "e5", "C2"), "rezone e5 C2"),
        ("REZONE E5 c2", Rezone(0, "e5", "C2"), "rezone e5 C2"),
    ],
)
def test_notation_round_trips(text: str, action: Place | Rezone, written: str) -> None:
    city = game(2, slums=True, rezoning=True)
    assert city.parse_action(text, 0) == action
    assert city.format_action(action) == written
    assert city.parse_action(written, 0) == action
    data = json.loads(json.dumps(city.action_to_json(action)))
    assert city.action_from_json(data) == action


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("C4", "is not a move: place a counter with <counter> <square>, e.g. C4 e5"),
        ("C4 e5 f6", "is not a move"),
        ("", "is not a move"),
        ("%% not a move %%", "is not a move"),
        ("C9 e5", "there is no counter 'C9': this game's counters are H4-H1, C4-C1"),
        ("Q4 e5", "there is no counter 'Q4'"),
        ("44 e5", "'44' is not a counter: write its zone letter and access, e.g. C4"),
        ("C4 i1", "there is no square 'i1' on this board (a1..h8"),
        ("C4 e9", "there is no square 'e9'"),
        ("C4 5e", "'5e' is not a square: write it like e5"),
        ("rezone e5", "is not a move"),
        ("rezone C2 e5", "there is no counter 'e5'"),
        ("e5 C4", "(a move is written <counter> <square>)"),
    ],
)
def test_malformed_moves_say_how_to_write_them(text: str, message: str) -> None:
    city = game(2)
    with pytest.raises(MalformedActionError) as caught:
        city.parse_action(text, 0)
    assert message in caught.value.reason


def test_usage_mentions_rezoning_only_when_in_play() -> None:
    with pytest.raises(MalformedActionError, match="rezone <square> <counter>"):
        game(2, rezoning=True).parse_action("x", 0)
    with pytest.raises(MalformedActionError) as caught:
        game(2).parse_action("x", 0)
    assert "rezone" not in caught.value.reason


def test_row_one_is_the_top_row() -> None:
    city = game(2)
    board = city.tables.board
    assert board.index("a1") == 0 and board.index("h1") == 7 and board.index("a2") == 8
    assert board.names[-1] == "h8"


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        ("C4 e4", "e4 holds a landmark (Airport)"),
        ("C4 d5", "d5 is taken (Seat 2's R1)"),
        ("C3 f6", "a Commercial zone may not go next to another Commercial zone (e5 is adjacent"),
        ("C1 a8", "you have no C1 in your cup: it is on e5"),
    ],
)
def test_bad_moves_are_refused_with_the_rule_and_change_nothing(move: str, reason: str) -> None:
    city = game(2)
    state = position(city, {"e4": "Airport"}, {0: ["C1 e5"], 1: ["R1 d5"]}, to_move=0)
    action = city.parse_action(move, 0)
    with pytest.raises(IllegalActionError) as caught:
        city.apply(state, action, SeededRng(0))
    assert caught.value.reason.startswith(reason)
    assert city.legal_actions(state, 0) == city.legal_actions(
        position(city, {"e4": "Airport"}, {0: ["C1 e5"], 1: ["R1 d5"]}, to_move=0), 0
    )


def test_json_with_an_unknown_counter_is_refused() -> None:
    city = game(2)
    state = position(city, {"e4": "Airport"}, to_move=0)
    action = city.action_from_json({"type": "Place", "seat": 0, "counter": "Z9", "square": "e5"})
    with pytest.raises(IllegalActionError, match="there is no counter 'Z9'"):
        city.apply(state, action, SeededRng(0))
    action = city.action_from_json({"type": "Place", "seat": 0, "counter": "C4", "square": "E5"})
    with pytest.raises(IllegalActionError, match="there is no square 'E5'"):
        city.apply(state, action, SeededRng(0))
    with pytest.raises(MalformedActionError):
        city.action_from_json({"type": "Place", "seat": 0, "counter": 4, "square": "e5"})
