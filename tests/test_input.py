"""Issue 10: bad input never escapes. Each case the issue reproduced, refused with a typed error
and a readable reason, nothing changed. (The broad property-based sweep is ``test_fuzz.py``.)"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from tycoon.core import (
    GameRecord,
    MalformedActionError,
    Match,
    OutOfTurnError,
    SeededRng,
    TycoonError,
    make,
    notation,
    replay_to_end,
)

# -- the notation toolkit -----------------------------------------------------------------------


@pytest.mark.parametrize("token", ["²", "١٢", "1_000", "+3", "-3", "", " 3", "3.0", "1" * 10, "x"])
def test_natural_refuses_everything_but_ascii_digits(token: str) -> None:
    with pytest.raises(MalformedActionError, match="a bid"):
        notation.natural(token, "a bid")


def test_natural_reads_numbers_and_bounds() -> None:
    assert notation.natural("0", "n") == 0
    assert notation.natural("007", "n") == 7
    assert notation.natural("999999999", "n") == 999_999_999
    with pytest.raises(MalformedActionError, match="too many digits"):
        notation.natural("9" * 5000, "n")
    with pytest.raises(MalformedActionError, match="at least 1"):
        notation.natural("0", "n", low=1)
    with pytest.raises(MalformedActionError, match="at most 5"):
        notation.natural("6", "n", high=5)


def test_signed_amount_and_seat_tokens() -> None:
    assert notation.signed("+1", "a change") == 1
    assert notation.signed("-12", "a change") == -12
    assert notation.signed("4", "a change") == 4
    for bad in ("--1", "+", "-²", "+-1", "1-"):
        with pytest.raises(MalformedActionError, match="a change"):
            notation.signed(bad, "a change")
    assert notation.amount("$4", "a bid") == 4
    assert notation.amount("4m", "a bid", suffix="m") == 4
    with pytest.raises(MalformedActionError):
        notation.amount("$$4", "a bid")
    assert notation.seat_number("2", 4) == 1
    for bad in ("0", "5", "-1", "²", "x"):
        with pytest.raises(MalformedActionError, match="seat number 1 to 4"):
            notation.seat_number(bad, 4)


def test_words_keyword_and_lookup() -> None:
    assert notation.words("  Bid   4 ") == ["bid", "4"]
    assert notation.words("Bid 4", lower=False) == ["Bid", "4"]
    with pytest.raises(MalformedActionError, match="a move is text"):
        notation.words(None)
    with pytest.raises(MalformedActionError, match="at most"):
        notation.words("x" * (notation.MAX_TEXT + 1))
    assert notation.keyword("plant", ("district", "plant"), "a deck") == "plant"
    with pytest.raises(MalformedActionError, match="a deck is one of district, plant"):
        notation.keyword("pond", ("district", "plant"), "a deck")
    assert notation.lookup("a1", {"a1": 0}, "a cell") == 0
    with pytest.raises(MalformedActionError, match="'zz' is not a cell"):
        notation.lookup("zz", {"a1": 0}, "a cell")


# -- each game's notation -----------------------------------------------------------------------

NOTATION_CASES = [
    ("estates", "bid ²"),
    ("estates", "bid " + "9" * 5000),
    ("estates", "place U²"),
    ("estates", "cancel ²"),
    ("esport-monopoly", "bid ²"),
    ("esport-monopoly", "cash -" + "9" * 5000),
    ("esport-monopoly", "mortgage ²"),
    ("esport-monopoly", "mortgage " + "9" * 5000),
    ("esport-monopoly", "deal ²"),
    ("water-rights", "draft plant ²"),
    ("water-rights", "request " + "9" * 5000),
    ("water-rights", "request ²"),
    ("milton-keynes", "bribe ²"),
    ("milton-keynes", "rebid ² 0"),
    ("milton-keynes", "offer 2 $² for A1"),
    ("milton-keynes", "offer ² A1 for $3"),
    ("milton-keynes", "offer " + "9" * 5000 + " A1 for $3"),
    ("my-city", "C4 e²"),
    ("sealed-auction", "bid ²"),
]


@pytest.mark.parametrize(("name", "text"), NOTATION_CASES)
def test_notation_numbers_are_ascii_digits_of_sane_length(name: str, text: str) -> None:
    with pytest.raises(MalformedActionError):
        make(name).parse_action(text, 0)


@pytest.mark.parametrize("name", ["estates", "esport-monopoly", "water-rights", "milton-keynes"])
@pytest.mark.parametrize("text", [None, 3, b"bid 3", "bid 3 " * 200])
def test_notation_that_is_not_short_text_is_refused(name: str, text: Any) -> None:
    with pytest.raises(MalformedActionError):
        make(name).parse_action(text, 0)


# -- seats and wrong-typed fields -------------------------------------------------------------


GAMES = ["estates", "esport-monopoly", "water-rights", "milton-keynes", "my-city"]


def first_legal(name: str) -> tuple[Match[Any, Any, Any], Any]:
    match: Match[Any, Any, Any] = Match(make(name), 3)
    seat = match.to_act()[0]
    legal = match.legal_actions(seat)
    from tycoon.core import sample_choice

    return match, sample_choice(legal, SeededRng(1))


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seat", [-1, -100, 4, 99])
def test_a_seat_out_of_range_is_out_of_turn(name: str, seat: int) -> None:
    match, action = first_legal(name)
    before = match.state
    with pytest.raises(OutOfTurnError, match=f"there is no seat {seat}"):
        match.game.apply(match.state, dataclasses.replace(action, seat=seat), SeededRng(0))
    data = match.game.action_to_json(action) | {"seat": seat}
    with pytest.raises(OutOfTurnError):
        match.game.apply(match.state, match.game.action_from_json(data), SeededRng(0))
    assert match.state is before and not match.steps


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("value", [None, 1.0, "0", True, False, [0], (0,)])
def test_every_field_of_the_wrong_kind_is_malformed(name: str, value: Any) -> None:
    match, action = first_legal(name)
    for field in dataclasses.fields(action):
        bad = object.__new__(type(action))
        for f in dataclasses.fields(action):
            object.__setattr__(bad, f.name, getattr(action, f.name))
        object.__setattr__(bad, field.name, value)
        if type(value) is type(getattr(action, field.name)):
            continue  # the right kind: a domain question (see below), not a malformed field
        with pytest.raises(MalformedActionError, match=f"{field.name} must be"):
            match.game.apply(match.state, bad, SeededRng(0))
        with pytest.raises(MalformedActionError):
            match.play(bad)
    assert not match.steps


def test_roll_with_seat_false_is_refused() -> None:
    """``bool`` passed as ``int``: ``Roll(seat=False)`` applied."""
    game = make("esport-monopoly")
    state = game.initial_state(SeededRng(1))
    seat = game.to_act(state)[0]
    roll = game.action_from_json({"type": "Roll", "seat": seat})
    game.apply(state, roll, SeededRng(0))
    with pytest.raises(MalformedActionError, match="seat must be a whole number"):
        game.apply(state, dataclasses.replace(roll, seat=bool(seat)), SeededRng(0))
    with pytest.raises(MalformedActionError, match="seat must be a whole number"):
        game.action_from_json({"type": "Roll", "seat": False})


def test_a_match_never_records_a_bool_seat() -> None:
    """A ``Match`` that accepted ``seat=True`` wrote a record its own replay refused."""
    match, action = first_legal("my-city")
    with pytest.raises(MalformedActionError):
        match.play(dataclasses.replace(action, seat=True))
    match.play(action)
    assert replay_to_end(GameRecord.from_json(match.record().to_json())).state == match.state


def test_an_action_of_another_game_is_malformed() -> None:
    match, _ = first_legal("estates")
    _, foreign = first_legal("my-city")
    with pytest.raises(MalformedActionError, match="not an action of estates"):
        match.game.apply(match.state, foreign, SeededRng(0))
    with pytest.raises(MalformedActionError, match="a str is not an action"):
        match.game.apply(match.state, "bid 3", SeededRng(0))


def test_json_type_that_is_not_text_is_malformed() -> None:
    game = make("estates")
    for data in ({"type": ["Bid"]}, {"type": None}, {"type": {"a": 1}}):
        with pytest.raises(MalformedActionError, match="unknown action type"):
            game.action_from_json(data)
    with pytest.raises(MalformedActionError, match="has no field"):
        game.action_from_json({"type": "Bid", "seat": 0, "amount": 1, 3: 4})  # type: ignore[dict-item]


def test_every_error_here_is_a_tycoon_error() -> None:
    assert issubclass(MalformedActionError, TycoonError)


# -- field values outside a game's domain -------------------------------------------------------

DOMAIN_CASES = [
    ("estates", {"type": "Auction", "piece": "zz"}, "there is no piece 'zz'"),
    ("estates", {"type": "Auction", "piece": "b5"}, "there is no piece 'b5'"),
    ("estates", {"type": "Place", "row": 7, "lot": 3}, "there is no row 7"),
    ("estates", {"type": "Place", "row": -100, "lot": 3}, "there is no row -100"),
    ("estates", {"type": "Place", "row": 0, "lot": 40}, "there is no lot 40"),
    ("estates", {"type": "Cancel", "barrier": 9}, "there is no barrier 9"),
    ("milton-keynes", {"type": "Buy", "plot": "ZZ"}, "there is no plot 'ZZ'"),
    ("milton-keynes", {"type": "Demolish", "plot": "zz", "buy": True}, "there is no plot"),
    ("milton-keynes", {"type": "Redevelop", "plot": "J1"}, "there is no plot 'J1'"),
    ("milton-keynes", {"type": "Build", "permit": "zz", "plots": []}, "there is no permit"),
    ("milton-keynes", {"type": "Build", "permit": "DUMP", "plots": ["A0"]}, "no plot 'A0'"),
    ("milton-keynes", {"type": "Extend", "building": "ZZ", "plots": []}, "there is no plot"),
    ("milton-keynes", {"type": "ChooseCharacter", "character": "x"}, "no character 'x'"),
    (
        "milton-keynes",
        {"type": "Offer", "to": 1, "cash": 0, "give": ["zz"], "want": []},
        "'zz' in an offer is neither a plot",
    ),
    (
        "milton-keynes",
        {"type": "Offer", "to": 9, "cash": 0, "give": [], "want": []},
        "an offer goes to a seat",
    ),
]


@pytest.mark.parametrize(("name", "data", "reason"), DOMAIN_CASES)
def test_field_values_outside_the_domain_are_refused(
    name: str, data: dict[str, Any], reason: str
) -> None:
    """These passed the JSON codec and crashed ``explain_illegal`` (``KeyError``,
    ``IndexError``)."""
    match: Match[Any, Any, Any] = Match(make(name), 3)
    before = match.state
    action = match.game.action_from_json({**data, "seat": match.to_act()[0]})
    with pytest.raises(MalformedActionError, match=reason):
        match.play(action)
    assert match.state is before and not match.steps
