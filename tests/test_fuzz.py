"""Property-based fuzzing of every boundary, over every registered game and player count.

Whatever arrives from outside (notation text, action JSON, action objects of any shape, seats,
stale and foreign actions, actions after the end, damaged record files) either is a legal move
or raises a :class:`TycoonError`; and nothing it touches changes: not the state it was offered
to, not the match, not the file it was read from. (Issue 10.)

Each case plays one seeded random game once and keeps a few of its states; the examples are
derandomized, so a failure here is a failure every time.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import json
import random
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tycoon.core import (
    Action,
    ActionError,
    AmountRange,
    Game,
    GameOverError,
    GameRecord,
    MalformedActionError,
    Match,
    OutOfTurnError,
    SeededRng,
    TycoonError,
    game_specs,
    is_legal,
    load_record,
    make,
    replay_to_end,
    sample_choice,
)
from tycoon.core.actions import INT_LIMIT, field_kinds

FUZZ = settings(
    max_examples=20,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

#: Steps of the random game kept as states to fuzz (and the record's length).
STEPS = 120
KEPT = 8

JUNK = [
    "²",
    "\u0661",
    "\u00bd",
    "9" * 20,
    "9" * 5000,
    "-1",
    "+1",
    "-0",
    "0",
    "00",
    "1_0",
    "1e3",
    "0x1f",
    "$",
    "$²",
    "$-3",
    "\x00",
    "zz",
    "ZZ",
    "for",
    "with",
    "nothing",
    "buy",
    "A0",
    "J1",
    "z9",
    "barrier 9",
    "\u200b",
    "\u0131",
]


@dataclass
class Case:
    game: Game[Any, Any, Any]
    states: list[Any]  # kept states, the last one finished
    snapshots: list[Any]  # deep copies of them, to compare with after each refusal
    examples: list[list[Action]]  # concrete legal actions of a seat to act, per kept state
    vocabulary: list[str]  # every word of the notation seen in play, and junk
    texts: list[str]  # values seen in text fields of actions
    record_line: str  # the record of the game so far (unfinished), one line


def cases() -> list[Any]:
    result = []
    for spec in game_specs():
        for players in range(spec.min_players, spec.max_players + 1):
            result.append(pytest.param(spec.name, players, id=f"{spec.name}-{players}"))
    return result


@functools.cache
def case(name: str, players: int) -> Case:
    game = make(name, players)
    seed = 500 + players
    match: Match[Any, Any, Any] = Match(game, seed)
    rng = SeededRng(seed)
    history = [match.state]
    record_line = ""
    while not match.is_over():
        to_act = match.to_act()
        seat = to_act[rng.below(len(to_act))]
        match.play(sample_choice(match.legal_actions(seat), rng))
        history.append(match.state)
        if len(match.steps) == STEPS:
            record_line = match.record({"fuzz": True}).to_line()
    if not record_line:
        record_line = match.record({"fuzz": True}).to_line()
    every = max(1, (len(history) - 1) // KEPT)
    states = [*history[:-1:every][:KEPT], history[-1]]
    examples: list[list[Action]] = []
    words: set[str] = set()
    texts: set[str] = set()
    for state in states:
        to_act = game.to_act(state)
        found: list[Action] = []
        if to_act:
            legal = game.legal_actions(state, to_act[0])
            for index in range(min(len(legal), 6)):
                choice = legal[index]
                found.append(
                    choice.action(choice.high) if isinstance(choice, AmountRange) else choice
                )
            found.extend(sample_choice(legal, rng) for _ in range(4))
        examples.append(found)
        for action in found:
            words.update(game.format_action(action).split())
            for field in dataclasses.fields(action):
                value = getattr(action, field.name)
                if isinstance(value, str):
                    texts.add(value)
                elif isinstance(value, tuple):
                    texts.update(v for v in value if isinstance(v, str))
    return Case(
        game=game,
        states=states,
        snapshots=[copy.deepcopy(s) for s in states],
        examples=examples,
        vocabulary=sorted(words) + JUNK,
        texts=sorted(texts) or ["zz"],
        record_line=record_line,
    )


def all_examples(c: Case) -> list[Any]:
    return [a for found in c.examples for a in found]


def offer(c: Case, index: int, action: Any) -> None:
    """Offer ``action`` to kept state ``index``: it must be legal there or raise a TycoonError,
    and the state must be unchanged either way."""
    game, state = c.game, c.states[index]
    try:
        game.apply(state, action, SeededRng(0))
    except TycoonError:
        pass
    else:
        to_act = game.to_act(state)
        assert isinstance(action, Action)
        assert type(action.seat) is int and action.seat in to_act
        assert is_legal(game.legal_actions(state, action.seat), action), f"{action!r} applied"
    assert state == c.snapshots[index], f"offering {action!r} changed the state"


def refused(fn: Any, *args: Any) -> Any:
    """``fn(*args)``, or ``None`` if it raised a TycoonError (anything else fails the test)."""
    try:
        return fn(*args)
    except TycoonError:
        return None


# -- strategies ---------------------------------------------------------------------------------

odd_values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.sampled_from([-1, 0, 1, 2, 3, 5, 7, 9, 10, 11, 12, 39, 40, 99, 10**9, -(10**12)]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=8),
    st.sampled_from(JUNK),
    st.lists(st.one_of(st.integers(-3, 60), st.text(max_size=3), st.none()), max_size=4),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


def field_values(c: Case) -> st.SearchStrategy[Any]:
    """Odd values, and values of the right kind near the game's domain."""
    texts = st.sampled_from(c.texts)
    near = st.one_of(
        texts,
        texts.map(str.lower),
        texts.map(str.upper),
        texts.map(lambda t: t + "9"),
        texts.map(lambda t: t[:-1]),
        st.lists(texts, max_size=4).map(tuple),
        st.lists(st.one_of(texts, st.sampled_from(JUNK)), max_size=3).map(list),
    )
    return st.one_of(odd_values, near)


def notation_texts(c: Case) -> st.SearchStrategy[str]:
    words = st.lists(st.sampled_from(c.vocabulary), min_size=0, max_size=6).map(" ".join)
    formatted = st.sampled_from([c.game.format_action(a) for a in all_examples(c)] or ["x"])
    mutated = st.tuples(formatted, st.integers(0, 60), st.text(max_size=4)).map(
        lambda t: t[0][: t[1]] + t[2] + t[0][t[1] :]
    )
    replaced = st.tuples(
        formatted,
        st.integers(0, 8),
        st.one_of(st.sampled_from(JUNK), st.sampled_from(c.vocabulary)),
    ).map(lambda t: _replace_word(*t))
    return st.one_of(
        replaced, replaced, words, mutated, st.text(max_size=30), formatted.map(str.swapcase)
    )


def _replace_word(text: str, index: int, word: str) -> str:
    """``text`` with one of its words (the last, if ``index`` is past it) replaced by ``word``."""
    words = text.split()
    if not words:
        return word
    words[min(index, len(words) - 1)] = word
    return " ".join(words)


# -- the properties -----------------------------------------------------------------------------

CASES = cases()


@pytest.mark.parametrize(("name", "players"), CASES)
@FUZZ
@given(data=st.data())
def test_any_notation_is_a_move_or_refused(name: str, players: int, data: st.DataObject) -> None:
    c = case(name, players)
    text = data.draw(notation_texts(c), label="text")
    seat = data.draw(st.integers(-2, players + 1), label="seat")
    action = refused(c.game.parse_action, text, seat)
    if action is not None:
        assert isinstance(action, c.game.action_types)
        assert c.game.parse_action(c.game.format_action(action), seat) == action
        for index in range(len(c.states)):
            offer(c, index, action)
    # Every word of every move seen, in turn, replaced by one odd word.
    word = data.draw(
        st.one_of(st.sampled_from(JUNK), st.text(min_size=1, max_size=3)), label="word"
    )
    for index, found in enumerate(c.examples):
        for example in found:
            words = c.game.format_action(example).split()
            for position in range(len(words)):
                text = " ".join([*words[:position], word, *words[position + 1 :]])
                action = refused(c.game.parse_action, text, example.seat)
                if action is not None:
                    offer(c, index, action)


@pytest.mark.parametrize(("name", "players"), CASES)
@FUZZ
@given(data=st.data())
def test_any_action_json_is_a_move_or_refused(name: str, players: int, data: st.DataObject) -> None:
    c = case(name, players)
    examples = all_examples(c) or [None]
    base = data.draw(st.sampled_from(examples), label="action")
    blob: dict[Any, Any] = c.game.action_to_json(base) if base is not None else {"type": "Pass"}
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        how = data.draw(st.sampled_from(["set", "drop", "add", "type"]), label="how")
        key = data.draw(st.sampled_from(sorted(blob, key=str) or ["type"]), label="key")
        if how == "set":
            blob[key] = data.draw(field_values(c), label="value")
        elif how == "drop":
            blob.pop(key, None)
        elif how == "add":
            blob[data.draw(st.text(max_size=6), label="new")] = data.draw(odd_values)
        else:
            names = [t.__name__ for t in c.game.action_types]
            blob["type"] = data.draw(st.one_of(st.sampled_from(names), odd_values), label="type")
    document = data.draw(st.sampled_from([blob, [blob], None, "x", 3]), label="document")
    action = refused(c.game.action_from_json, document)
    if action is not None:
        assert isinstance(action, c.game.action_types)
        for index in range(len(c.states)):
            offer(c, index, action)


@pytest.mark.parametrize(("name", "players"), CASES)
@settings(FUZZ, max_examples=8)
@given(data=st.data())
def test_action_objects_of_any_shape_are_refused(
    name: str, players: int, data: st.DataObject
) -> None:
    """Fields of the wrong kind (``bool`` for ``int``, ``None``, floats, text, lists) and of the
    right kind outside the game's domain, built without the dataclass's constructor: one action
    of every class of the game, offered to every kept state."""
    c = case(name, players)
    right_kind = data.draw(st.booleans(), label="right kind")
    acting = data.draw(st.booleans(), label="by a seat to act")
    for cls in c.game.action_types:
        action = object.__new__(cls)
        for field_name, _, test in field_kinds(cls):
            if field_name == "seat":
                value = data.draw(st.one_of(st.integers(-2, players + 1), odd_values))
            elif right_kind:
                value = data.draw(field_values(c).filter(test))
            else:
                value = data.draw(field_values(c))
            object.__setattr__(action, field_name, value)
        for index, state in enumerate(c.states):
            to_act = c.game.to_act(state)
            if acting and to_act:  # past the seat check, on to the domain and the explanation
                object.__setattr__(action, "seat", to_act[0])
            offer(c, index, action)


@pytest.mark.parametrize(("name", "players"), CASES)
@FUZZ
@given(seat=st.one_of(st.integers(), st.booleans(), st.none(), st.floats(), st.text(max_size=2)))
def test_wrong_negative_and_bool_seats_are_refused(name: str, players: int, seat: Any) -> None:
    c = case(name, players)
    for index, found in enumerate(c.examples):
        for action in found[:3]:
            moved = object.__new__(type(action))
            for field in dataclasses.fields(action):
                object.__setattr__(moved, field.name, getattr(action, field.name))
            object.__setattr__(moved, "seat", seat)
            to_act = c.game.to_act(c.states[index])
            if type(seat) is not int or not -INT_LIMIT < seat < INT_LIMIT:
                with pytest.raises(MalformedActionError, match="seat must be a whole number"):
                    c.game.apply(c.states[index], moved, SeededRng(0))
            elif seat not in to_act:
                with pytest.raises(OutOfTurnError):
                    c.game.apply(c.states[index], moved, SeededRng(0))
            else:
                offer(c, index, moved)
            assert c.states[index] == c.snapshots[index]


@pytest.mark.parametrize(("name", "players"), CASES)
@FUZZ
@given(data=st.data())
def test_stale_foreign_and_late_actions_are_refused(
    name: str, players: int, data: st.DataObject
) -> None:
    c = case(name, players)
    # Stale: an action legal at another moment of the same game.
    stale = data.draw(st.sampled_from(all_examples(c) or [None]), label="stale")
    if stale is not None:
        for index in range(len(c.states)):
            offer(c, index, stale)
        with pytest.raises(ActionError):  # after the end, any action at all
            c.game.apply(c.states[-1], stale, SeededRng(0))
        if isinstance(stale, c.game.action_types):
            with pytest.raises(GameOverError):
                c.game.apply(c.states[-1], dataclasses.replace(stale, seat=0), SeededRng(0))
    # Foreign: an action of another game (or not an action at all).
    other = data.draw(st.sampled_from([p.values[0] for p in CASES]), label="other game")
    foreign_case = case(other, make(other).spec.default_players)
    foreign = data.draw(st.sampled_from(all_examples(foreign_case) or [None]), label="foreign")
    if foreign is not None and not isinstance(foreign, c.game.action_types):
        for index in range(len(c.states)):
            with pytest.raises(MalformedActionError, match="not an action of"):
                c.game.apply(c.states[index], foreign, SeededRng(0))
    junk = data.draw(odd_values, label="junk")
    for index in range(len(c.states)):
        with pytest.raises(MalformedActionError):
            c.game.apply(c.states[index], junk, SeededRng(0))
        assert c.states[index] == c.snapshots[index]


@pytest.mark.parametrize(("name", "players"), CASES)
@FUZZ
@given(data=st.data())
def test_refused_moves_leave_a_match_as_it_was(
    name: str, players: int, data: st.DataObject
) -> None:
    c = case(name, players)
    match: Match[Any, Any, Any] = Match(c.game, 500 + players)
    before = match.record().to_line()
    seat = match.to_act()[0]
    text = data.draw(notation_texts(c), label="text")
    try:
        match.play_text(text, seat)
    except TycoonError:
        assert match.record().to_line() == before
    else:
        assert len(match.steps) == 1
        return
    value = data.draw(field_values(c), label="seat")
    to_act = match.to_act()
    action = sample_choice(match.legal_actions(seat), SeededRng(1))
    bad = object.__new__(type(action))
    for field in dataclasses.fields(action):
        object.__setattr__(bad, field.name, getattr(action, field.name))
    object.__setattr__(bad, "seat", value)
    try:
        match.play(bad)
    except TycoonError:
        assert match.record().to_line() == before
    else:  # the same move by another seat to act (in a sealed step, say) may be legal too
        assert type(value) is int and value in to_act
    # Whatever was accepted, the record replays to the same game.
    assert replay_to_end(GameRecord.from_json(json.loads(match.record().to_line()))).state == (
        match.state
    )


# -- damaged records --------------------------------------------------------------------------


def damaged(line: str, how: str, where: int, value: Any) -> str:
    """``line`` (one record) damaged in one way."""
    raw = line.encode()
    at = where % max(1, len(raw))
    if how == "truncate":
        return raw[:at].decode(errors="replace")
    if how == "bitflip":
        flipped = bytearray(raw)
        flipped[at] ^= 1 << (where % 8)
        return bytes(flipped).decode("utf-8", errors="surrogateescape")
    if how == "nest":
        depth = 10 + where % 100_000
        return "[" * depth + line + "]" * depth
    data = json.loads(line)
    key = sorted(data)[where % len(data)]
    if how == "value":
        data[key] = value
    elif how == "inner" and isinstance(data[key], list | dict) and data[key]:
        inner = data[key]
        index = where % len(inner)
        if isinstance(inner, dict):
            inner[sorted(inner)[index]] = value
        else:
            inner[index] = value
    elif how == "drop":
        del data[key]
    return json.dumps(data)


@pytest.mark.parametrize(("name", "players"), CASES)
@FUZZ
@given(
    how=st.sampled_from(["truncate", "bitflip", "nest", "value", "inner", "drop"]),
    where=st.integers(0, 10**6),
    value=odd_values,
)
def test_damaged_records_are_refused_and_left_alone(
    name: str, players: int, how: str, where: int, value: Any
) -> None:
    c = case(name, players)
    line = damaged(c.record_line, how, where, value)
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "record.jsonl"
        path.write_text(line + "\n", encoding="utf-8", errors="surrogateescape")
        content = path.read_bytes()
        record = refused(load_record, str(path))
        if record is not None:
            # Only a harmless change reads back (a truncated tail of nothing, say): then it
            # must be the very same record and replay (or be refused by the replay).
            assert record == GameRecord.from_json(json.loads(c.record_line))
            refused(replay_to_end, record)
        assert path.read_bytes() == content, "reading a record changed its file"
        assert sorted(p.name for p in Path(directory).iterdir()) == ["record.jsonl"]


def test_the_fuzz_covers_every_registered_game() -> None:
    assert {p.values[0] for p in CASES} == {spec.name for spec in game_specs()}
    for param in CASES:
        c = case(*param.values)
        assert c.game.is_over(c.states[-1]), "the last kept state is finished"
        assert any(c.examples), "there are legal actions to mutate"


def test_a_damaged_record_mutation_does_damage() -> None:
    """The damage helper really changes the line (so the property above can fail)."""
    line = case("my-city", 2).record_line
    rng = random.Random(0)
    for how in ("truncate", "bitflip", "nest", "value", "drop"):
        assert damaged(line, how, rng.randrange(1, 10**6), "x") != line
