"""Issue 10: bad input never escapes. Each case the issue reproduced, refused with a typed error
and a readable reason, nothing changed. (The broad property-based sweep is ``test_fuzz.py``.)"""

from __future__ import annotations

import dataclasses
import io
import json
import os
import stat
import sys
from pathlib import Path
from typing import Any

import pytest

from tycoon.cli.main import run
from tycoon.core import (
    GameRecord,
    MalformedActionError,
    Match,
    Option,
    OptionError,
    OutOfTurnError,
    RecordError,
    SeededRng,
    TycoonError,
    load_record,
    make,
    notation,
    read_records,
    replay_to_end,
    sample_choice,
    write_records,
)
from tycoon.core.record import digest_of, replace_record

# -- the notation toolkit -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "token", ["²", "\u0661\u0662", "1_000", "+3", "-3", "", " 3", "3.0", "1" * 10, "x"]
)
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


# -- options -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        ("nan", "takes a whole number"),
        ("1" * 30, "takes a whole number"),
        ("\u0661", "takes a whole number"),
        pytest.param(10**5000, "takes a whole number", id="huge"),
        ("x" * 5000, "at most 1024 characters"),
        ([3], "takes a whole number"),
    ],
)
def test_odd_option_values_are_refused(value: Any, reason: str) -> None:
    with pytest.raises(OptionError, match=reason):
        make("estates", **{"minimum-bid": value})


@pytest.mark.parametrize(
    "data", ["x" * 5000, "y" * 300, "bad\x00name", "/etc/passwd", "/dev/null/sub"]
)
def test_water_rights_data_that_cannot_be_read_is_an_option_error(data: str) -> None:
    """A 5,000-character ``data`` option raised ``OSError`` (also from ``tycoon simulate``)."""
    with pytest.raises(OptionError, match="data"):
        make("water-rights", data=data)


def test_float_options_refuse_what_is_not_a_finite_number() -> None:
    option = Option("noise", 0.5, "how noisy")
    assert option.validate("0.25") == 0.25
    assert option.validate(1) == 1.0
    for bad in ("nan", "inf", "-Infinity", float("nan"), float("inf"), 10**400, "1" * 400, "0x1"):
        with pytest.raises(OptionError, match="noise"):
            option.validate(bad)


# -- records ----------------------------------------------------------------------------------


def finished(name: str = "my-city", seed: int = 4, cut: int | None = None) -> GameRecord:
    match: Match[Any, Any, Any] = Match(make(name), seed)
    rng = SeededRng(seed)
    while not match.is_over() and (cut is None or len(match.steps) < cut):
        seat = match.to_act()[0]
        match.play(sample_choice(match.legal_actions(seat), rng))
    return match.record()


def write_lines(tmp_path: Path, *lines: str) -> Path:
    path = tmp_path / "games.jsonl"
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


def test_deeply_nested_json_is_a_record_error(tmp_path: Path) -> None:
    path = write_lines(tmp_path, "[" * 100_000 + "]" * 100_000)
    with pytest.raises(RecordError, match="line 1 is not a game record"):
        load_record(str(path))
    data = finished().to_json()
    data["meta"] = {"a": json.loads("[" * 500 + "]" * 500)}
    path = write_lines(tmp_path, json.dumps(data))
    with pytest.raises(RecordError):
        load_record(str(path))


def test_numbers_too_long_for_json_are_a_record_error(tmp_path: Path) -> None:
    line = finished().to_line().replace('"seed":4', '"seed":' + "9" * 5000)
    with pytest.raises(RecordError, match="not a game record"):
        load_record(str(write_lines(tmp_path, line)))


def test_an_outcome_that_is_not_an_object_is_refused() -> None:
    """It was silently dropped, which skipped the end-of-game check."""
    data = finished().to_json()
    for bad in ([1, 2], "won", 3, True):
        data["outcome"] = bad
        data["digest"] = digest_of(data)
        with pytest.raises(RecordError, match="outcome is an object"):
            GameRecord.from_json(data)


@pytest.mark.parametrize(
    ("key", "value", "reason"),
    [
        ("meta", [1], "meta is an object"),
        ("options", {"parks": [True]}, "option 'parks' must be on/off"),
        ("options", {"parks": None}, "option 'parks' must be on/off"),
        ("steps", [[0, "C4 e5"]], "a step is"),
        ("steps", [[True, "C4 e5", []]], "step seat must be a whole number"),
        ("steps", "C4 e5", "steps must be a list"),
        ("players", 4.0, "players must be a whole number"),
        ("seats", [None], "seat code must be text"),
    ],
)
def test_records_of_the_wrong_shape_are_refused(key: str, value: Any, reason: str) -> None:
    data = finished().to_json()
    data[key] = value
    data["digest"] = digest_of(data)
    with pytest.raises(RecordError, match=reason):
        GameRecord.from_json(data)


def test_a_huge_water_rights_data_option_in_a_record_is_a_record_error() -> None:
    data = finished("water-rights", cut=3).to_json()
    data["options"]["data"] = "x" * 5000
    data["digest"] = digest_of(data)
    with pytest.raises(RecordError, match="cannot be set up"):
        replay_to_end(GameRecord.from_json(data))
    data["options"]["data"] = "y" * 300
    data["digest"] = digest_of(data)
    with pytest.raises(RecordError, match="cannot be set up"):
        replay_to_end(GameRecord.from_json(data))


def test_a_water_rights_record_with_a_set_up_outcome_changed_is_refused() -> None:
    """It replayed with a different face-up card and was accepted, its outcome still matching."""
    data = finished("water-rights").to_json()
    data["setup"][0] = (data["setup"][0] + 1) % 2
    with pytest.raises(RecordError, match="altered after it was written"):
        GameRecord.from_json(data)


def test_an_unfinished_record_with_an_option_flipped_is_refused() -> None:
    data = finished("my-city", cut=5).to_json()
    assert "outcome" not in data
    data["options"]["parks"] = not data["options"]["parks"]
    with pytest.raises(RecordError, match="altered after it was written"):
        GameRecord.from_json(data)


def test_a_record_without_its_digest_is_refused_but_version_1_files_still_read(
    tmp_path: Path,
) -> None:
    record = finished()
    data = record.to_json()
    assert data["schema"] == "tycoon-record/2"
    assert data["digest"] == digest_of(data)
    del data["digest"]
    with pytest.raises(RecordError, match="needs its 'digest'"):
        GameRecord.from_json(data)
    data["schema"] = "tycoon-record/1"  # written before digests: read without that check
    path = write_lines(tmp_path, json.dumps(data))
    assert load_record(str(path)) == record
    assert replay_to_end(load_record(str(path))).state == replay_to_end(record).state


# -- atomic saving -----------------------------------------------------------------------------


def test_appending_keeps_every_record_already_in_the_file(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    first, second, third = finished(seed=1), finished(seed=2), finished(seed=3)
    assert write_records(path, [first]) == 1
    assert write_records(path, [second, third], append=True) == 2
    assert list(read_records(path)) == [first, second, third]
    assert write_records(tmp_path / "new.jsonl", [first], append=True) == 1
    assert list(read_records(tmp_path / "new.jsonl")) == [first]


def test_replacing_one_record_keeps_the_others_byte_for_byte(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    first, second, third = finished(seed=1), finished(seed=2), finished(seed=3)
    write_records(path, [first, second])
    before = path.read_text(encoding="utf-8").splitlines()
    replace_record(path, 2, third)
    after = path.read_text(encoding="utf-8").splitlines()
    assert after[0] == before[0]
    assert list(read_records(path)) == [first, third]
    with pytest.raises(RecordError, match="fewer than 3 records"):
        replace_record(path, 3, first)
    with pytest.raises(RecordError, match="numbered from 1"):
        replace_record(path, 0, first)
    assert list(read_records(path)) == [first, third]


def test_a_crash_mid_save_loses_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "games.jsonl"
    first, second = finished(seed=1), finished(seed=2)
    write_records(path, [first, second])
    content = path.read_bytes()

    def crash(*_: Any) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", crash)
    with pytest.raises(RecordError, match="cannot write"):
        write_records(path, [finished(seed=3)], append=True)
    with pytest.raises(RecordError, match="cannot write"):
        replace_record(path, 1, finished(seed=3))
    with pytest.raises(RecordError, match="cannot write"):
        write_records(path, [finished(seed=3)])
    assert path.read_bytes() == content
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.jsonl"], "no temporary file left"


def test_saving_keeps_the_file_mode_and_writes_through_a_link(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    write_records(path, [finished(seed=1)])
    path.chmod(0o640)
    link = tmp_path / "link.jsonl"
    link.symlink_to(path)
    write_records(link, [finished(seed=2)], append=True)
    assert link.is_symlink()
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert len(list(read_records(path))) == 2
    with pytest.raises(RecordError, match="is a directory"):
        write_records(tmp_path, [finished(seed=1)])


def test_milton_keynes_roundabouts_are_ascii_positions() -> None:
    assert make("milton-keynes", roundabouts="20, 30").options["roundabouts"] == "20, 30"
    for bad in ("\u0661\u0665", "²0", "20;30", "-20"):
        with pytest.raises(OptionError, match="roundabouts"):
            make("milton-keynes", roundabouts=bad)


@pytest.mark.parametrize("name", ["name", "players", "seed"])
def test_a_record_option_of_any_name_is_an_option_error(name: str) -> None:
    """``make(game, players, **options)`` raised ``TypeError`` for an option called ``name``."""
    data = finished().to_json()
    data["options"] = {name: "x"}
    data["digest"] = digest_of(data)
    with pytest.raises(RecordError, match=f"has no option '{name}'"):
        replay_to_end(GameRecord.from_json(data))
    with pytest.raises(OptionError, match="has no option 'name'"):
        make("my-city", name="x")


# -- at the terminal ---------------------------------------------------------------------------


def tycoon_cli(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str, stdin: str
) -> tuple[int, str]:
    monkeypatch.setattr(sys, "argv", ["tycoon", *args])
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    with pytest.raises(SystemExit) as exit_info:
        run()
    captured = capsys.readouterr()
    code = exit_info.value.code
    return (code if isinstance(code, int) else 0), captured.out + captured.err


def test_a_superscript_bid_at_the_terminal_is_one_line_not_a_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``printf 'bid ²\\n' | tycoon play estates --seats human,random`` printed a traceback."""
    _, output = tycoon_cli(
        monkeypatch, capsys, "play", "estates", "--seats", "human,random", stdin="bid ²\n"
    )
    assert "a bid must be a whole number written with the digits 0-9" in output
    assert "Traceback" not in output


def test_simulate_with_a_huge_water_rights_data_option_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, output = tycoon_cli(
        monkeypatch,
        capsys,
        "simulate",
        "water-rights",
        "--games",
        "1",
        "--data",
        "x" * 5000,
        stdin="",
    )
    # The data option holds patches (up to a megabyte): this long text names no file.
    assert code == 2 and "no such directory or patch file" in output


@pytest.mark.parametrize("value", [2**63, -(2**63), 10**5000], ids=["2^63", "-2^63", "huge"])
def test_whole_numbers_in_actions_are_machine_size(value: int) -> None:
    """A 5,000-digit amount passed the kind check, then could not be printed in the reason."""
    match, action = first_legal("estates")
    bid = match.game.action_from_json({"type": "Bid", "seat": action.seat, "amount": 5})
    with pytest.raises(MalformedActionError, match=r"Bid\.amount must be a whole number"):
        match.play(dataclasses.replace(bid, amount=value))
    with pytest.raises(MalformedActionError, match=r"Bid\.amount must be a whole number"):
        match.game.action_from_json({"type": "Bid", "seat": 0, "amount": value})
    with pytest.raises(MalformedActionError, match="seat must be a whole number"):
        match.play(dataclasses.replace(action, seat=value))
    assert not match.steps


@pytest.mark.parametrize("name", GAMES)
def test_action_json_refuses_huge_numbers_and_odd_type_names(name: str) -> None:
    """Esport Monopoly's fast JSON path took any int (and ``str()`` of any ``type``)."""
    game = make(name)
    for data in (
        {"type": 10**5000, "seat": 0},
        {"type": ["Bid"], "seat": 0},
        {"type": "Pass", "seat": 10**30},
        {"type": "Pass", "seat": True},
    ):
        with pytest.raises(MalformedActionError):
            game.action_from_json(data)


def test_record_objects_from_python_with_odd_keys_and_values_are_record_errors() -> None:
    """A server hands ``from_json`` a dict it decoded itself: keys and values of any kind."""
    base = {"schema": "tycoon-record/1", "game": "my-city", "version": "1", "players": 2}
    for data in (
        {**base, "seed": 1, "steps": [], "options": {3: [1]}},
        {**base, "seed": 1, "steps": [], "options": {"parks": {1, 2}}},
        {"schema": "tycoon-record/2", "digest": "x", "game": {1, 2}},
        {"schema": ["tycoon-record/2"]},
        {**base, "seed": 10**5000, "steps": []},
    ):
        with pytest.raises(RecordError):
            GameRecord.from_json(data)
