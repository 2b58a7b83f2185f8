"""The conformance suite: every registered game passes it by being registered.

Seeded random games are played to the end at every player count, checking at each step that
legality, immutability, views, notation and errors behave; then records replay identically.
(OpenSpiel ``random_sim_test``, pgx ``api_test``, PettingZoo ``seed_test``.)
"""

from __future__ import annotations

import copy
import dataclasses
import itertools
import json
import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tycoon.core import (
    Action,
    ActionError,
    AmountRange,
    Game,
    GameRecord,
    IllegalActionError,
    Information,
    MalformedActionError,
    Match,
    OptionError,
    OutOfTurnError,
    SealedCommits,
    SeededRng,
    game_specs,
    is_legal,
    make,
    replay_to_end,
    sample_choice,
)
from tycoon.core.encoding import Canvas
from tycoon.core.views import to_jsonable
from tycoon.server.render import safe_svg

MAX_STEPS = 20_000
GAME_NAMES = [spec.name for spec in game_specs()]


def player_counts(name: str) -> list[int]:
    spec = make(name).spec
    return list(range(spec.min_players, spec.max_players + 1))


def cases() -> list[tuple[str, int, int]]:
    result = []
    for name in GAME_NAMES:
        for players in player_counts(name):
            result.append((name, players, 1000 + players))
    return result


def variant_cases() -> list[Any]:
    """Every on/off option flipped and every other choice of a choice option, one at a time, at
    the game's usual player count (numeric options keep their defaults)."""
    result = []
    for name in GAME_NAMES:
        spec = make(name).spec
        for option in spec.options:
            if isinstance(option.default, bool):
                values: list[Any] = [not option.default]
            else:
                values = [c for c in option.choices if c != option.default]
            for value in values:
                options = {option.name: value}
                try:
                    make(name, **options)
                except OptionError:
                    continue  # an option that needs another (refused with a reason)
                result.append(pytest.param(name, options, id=f"{name}-{option.name}={value}"))
    return result


def play_random(game: Game[Any, Any, Any], seed: int) -> Match[Any, Any, Any]:
    match: Match[Any, Any, Any] = Match(game, seed)
    rng = SeededRng(seed + 7)
    for _ in range(MAX_STEPS):
        to_act = match.to_act()
        if not to_act:
            break
        seat = to_act[rng.below(len(to_act))]
        match.play(sample_choice(match.legal_actions(seat), rng))
    assert match.is_over(), f"{game.spec.name} did not end within {MAX_STEPS} steps"
    return match


def concrete_examples(legal: Any, rng: SeededRng, limit: int = 12) -> list[Action]:
    """A few concrete legal actions: sampled, plus both ends of every range."""
    found: list[Action] = []
    for choice in itertools.islice(legal, limit):
        if isinstance(choice, AmountRange):
            found.append(choice.action(choice.low))
            found.append(choice.action(choice.high))
        else:
            found.append(choice)
    for _ in range(4):
        found.append(sample_choice(legal, rng))
    return found


@pytest.mark.parametrize(("name", "players", "seed"), cases())
def test_random_game_obeys_the_protocol(name: str, players: int, seed: int) -> None:
    """Play a seeded random game, checking the protocol at every step."""
    check_protocol(make(name, players), seed)


@pytest.mark.parametrize(("name", "options"), variant_cases())
def test_every_option_obeys_the_protocol(name: str, options: dict[str, Any]) -> None:
    """The same checks with each option changed: views, notation and replay under every rule."""
    game = make(name, **options)
    # An option may reveal everything (The Estates' open money): no hidden data to vary then.
    check_protocol(game, 77, require_hidden=False)
    match = play_random(game, 78)
    assert replay_to_end(match.record()).state == match.state


def check_protocol(game: Game[Any, Any, Any], seed: int, require_hidden: bool = True) -> None:
    match: Match[Any, Any, Any] = Match(game, seed)
    rng = SeededRng(seed)
    seen: list[Action] = []
    hidden_differs = False
    steps = 0
    while not match.is_over():
        steps += 1
        assert steps < MAX_STEPS, "game did not end"
        state = match.state
        to_act = game.to_act(state)
        assert to_act, "a game that is not over has a seat to act"
        assert len(set(to_act)) == len(to_act)
        for seat in range(game.players):
            legal = game.legal_actions(state, seat)
            if seat in to_act:
                assert len(legal) > 0, f"seat {seat} is to act but has no legal action"
            else:
                assert len(legal) == 0, f"seat {seat} is not to act but has legal actions"
        sealed_parts = sealed_values_of_others(state)
        for viewer in (*range(game.players), None):
            view = game.observe(state, viewer)
            view_json = game.view_to_json(view)
            json.dumps(view_json)
            if sealed_parts:
                # No view shows a part of another seat's sealed value while it stays sealed.
                shown = set(json_parts(view_json))
                for owner, part in sealed_parts:
                    assert owner == viewer or part not in shown, (
                        f"the view of {viewer} shows {part} of seat {owner}'s sealed value"
                    )
            if viewer is not None and steps % 7 == 1:
                # No view leaks: a state differing only in what viewer may not see looks the same.
                other = game.sample_state(view, SeededRng(steps))
                assert game.observe(other, viewer) == view, "sample_state or observe leaks"
                if other != state:
                    hidden_differs = True
        seat = to_act[rng.below(len(to_act))]
        legal = game.legal_actions(state, seat)
        for example in concrete_examples(legal, rng):
            assert is_legal(legal, example)
            text = game.format_action(example)
            assert game.parse_action(text, seat) == example, f"notation {text!r} round-trips"
            assert game.action_from_json(json.loads(json.dumps(game.action_to_json(example)))) == (
                example
            )
            seen.append(example)
        # Bad input: an action by another seat, garbage text, and stale actions are refused.
        snapshot = copy.deepcopy(state)
        action = sample_choice(legal, rng)
        for other_seat in range(game.players):
            if other_seat not in to_act:
                with pytest.raises(OutOfTurnError):
                    game.apply(state, dataclasses.replace(action, seat=other_seat), SeededRng(0))
                break
        with pytest.raises(MalformedActionError):
            game.parse_action("%% not a move %%", seat)
        for stale in seen[-40:]:
            if stale.seat == seat and not is_legal(legal, stale):
                with pytest.raises(IllegalActionError):
                    game.apply(state, stale, SeededRng(0))
                break
        assert state == snapshot, "a refused action changed the state"
        # apply never mutates its input.
        match.play(action)
        assert state == snapshot, "apply mutated the state it was given"
    outcome = match.outcome()
    assert outcome is not None
    assert len(outcome.scores) == game.players and len(outcome.ranks) == game.players
    assert min(outcome.ranks) == 1
    assert all(len(game.legal_actions(match.state, s)) == 0 for s in range(game.players))
    with pytest.raises(ActionError):
        game.apply(match.state, seen[-1], SeededRng(0))
    if game.spec.information is Information.IMPERFECT and require_hidden:
        assert hidden_differs, "sample_state never varied hidden data: the leak test proved nothing"


def json_parts(value: Any) -> list[str]:
    """Every JSON object inside ``value`` (itself included), as canonical text."""
    found: list[str] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            found.append(json.dumps(item, sort_keys=True))
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def sealed_values_of_others(state: Any) -> list[tuple[int, str]]:
    """(seat, part) for every structured part (a JSON object: a commission, a card...) of every
    value committed in a sealed step the state still holds; no other seat may see it."""
    parts: list[tuple[int, str]] = []
    if not dataclasses.is_dataclass(state):
        return parts
    for field in dataclasses.fields(state):
        sealed = getattr(state, field.name)
        if isinstance(sealed, SealedCommits):
            for seat, value in sealed.commits:
                parts.extend((seat, part) for part in json_parts(to_jsonable(value)))
    return parts


@pytest.mark.parametrize(("name", "players", "seed"), cases())
def test_record_replays_bit_identically(name: str, players: int, seed: int) -> None:
    game = make(name, players)
    match = play_random(game, seed)
    record = match.record()
    line = record.to_line()
    reloaded = GameRecord.from_json(json.loads(line))
    assert reloaded == record
    replayed = replay_to_end(reloaded)
    assert replayed.state == match.state
    assert replayed.record().to_line() == line


@pytest.mark.parametrize("name", GAME_NAMES)
def test_same_seed_same_game(name: str) -> None:
    game = make(name)
    first = play_random(game, 42).record().to_line()
    second = play_random(make(name), 42).record().to_line()
    assert first == second
    assert play_random(make(name), 43).record().to_line() != first


@pytest.mark.parametrize("name", GAME_NAMES)
def test_resumed_match_continues_like_the_original(name: str) -> None:
    """A match rebuilt from a partial record draws the same chance as the uninterrupted one."""
    game = make(name)
    full = play_random(game, 5)
    partial = full.record()
    cut = len(partial.steps) // 2
    half = dataclasses.replace(partial, steps=partial.steps[:cut], outcome=None)
    resumed = Match.from_record(half)
    for step in partial.steps[cut:]:
        resumed.play_text(step.action, step.seat)
    assert resumed.record().to_line() == partial.to_line()


# "1 deeds": a count of one with a plural noun, for the nouns the games count.
ONE_OF_MANY = re.compile(
    r"(?<![\d.,])(?<!Seat )(?<!seat )(?<!Player )1 (?:deed|permit|block|card|plant|district|"
    r"building|lot|stand|arena|player|seat|move|point|coin|share|round|year|turn|house|park|"
    r"slum|tile|step)s\b"
)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_story_and_the_board_count_in_words(name: str) -> None:
    """Counts read as English: "1 deed", "3 deeds", never "deed(s)", in what is told of every
    move and on the board shown at every step."""
    game = make(name)
    match: Match[Any, Any, Any] = Match(game, 5)
    rng = SeededRng(12)
    before = game.observe(match.state, None)
    steps = 0
    while not match.is_over():
        seat = match.to_act()[0]
        action = sample_choice(match.legal_actions(seat), rng)
        match.play(action)
        after = game.observe(match.state, None)
        told = [*game.narrate(before, action, after), game.render_text(after)]
        # Every seat's board too, in the terminal and as the browser draws it (every few
        # steps: a random game of Esport Monopoly runs thousands).
        steps += 1
        for viewer in range(game.players) if steps % 5 == 0 else ():
            view = game.observe(match.state, viewer)
            told += [game.render_text(view), game.render_svg(view) or ""]
        assert not [line for line in told if "(s)" in line], told
        assert not [found for line in told for found in ONE_OF_MANY.findall(line)], told
        before = after


@pytest.mark.parametrize(("name", "players", "seed"), cases())
def test_announcements_do_not_leak(name: str, players: int, seed: int) -> None:
    """How a move is announced to a seat may tell no more than that seat's view: two moves that
    leave a viewer's view the same must be announced to it the same way (a sealed bid of 3 and
    one of 7 are both just "commits a bid")."""
    game = make(name, players)
    match: Match[Any, Any, Any] = Match(game, seed)
    rng = SeededRng(seed + 3)
    steps = 0
    while not match.is_over() and steps < 400:
        steps += 1
        state = match.state
        seat = match.to_act()[0]
        legal = game.legal_actions(state, seat)
        first, second = sample_choice(legal, rng), sample_choice(legal, rng)
        if first != second:
            after_first = game.transition(state, first, SeededRng(steps))
            after_second = game.transition(state, second, SeededRng(steps))
            for viewer in (*range(game.players), None):
                if viewer == seat:
                    continue
                if game.observe(after_first, viewer) == game.observe(after_second, viewer):
                    assert game.describe_action(first, viewer) == game.describe_action(
                        second, viewer
                    ), f"announcing {first} to {viewer} tells more than its view"
        match.play(first)


@pytest.mark.parametrize("name", GAME_NAMES)
@settings(max_examples=6, deadline=None, derandomize=True)
@given(seed=st.integers(min_value=0, max_value=2**32), players=st.integers(0, 7))
def test_any_seed_replays_and_keeps_views_consistent(name: str, seed: int, players: int) -> None:
    """Property: for any seed and player count, a random game replays to the same state, and at
    its end every seat's view is matched by a state sampled from it."""
    counts = player_counts(name)
    game = make(name, counts[players % len(counts)])
    match = play_random(game, seed)
    assert replay_to_end(match.record()).state == match.state
    for viewer in range(game.players):
        view = game.observe(match.state, viewer)
        assert game.observe(game.sample_state(view, SeededRng(seed)), viewer) == view


@pytest.mark.parametrize(("name", "players", "seed"), cases())
def test_every_picture_parses_and_is_fit_to_serve(name: str, players: int, seed: int) -> None:
    """The SVG a random game draws is well-formed XML with only shapes, text and groups (the
    server's check passes it unchanged): for the seat to act every few steps (about forty
    pictures a game), for every viewer now and then, and for every viewer at the end."""
    game = make(name, players)
    if type(game).render_svg is Game.render_svg:
        pytest.skip(f"{name} draws no picture")
    match: Match[Any, Any, Any] = Match(game, seed)
    rng = SeededRng(seed + 11)
    every = 1
    for step in itertools.count():
        over = match.is_over()
        if over or step % every == 0:
            everyone = over or step % (every * 5) == 0
            for viewer in (*range(game.players), None) if everyone else match.to_act():
                picture = game.render_svg(match.view(viewer))
                assert picture is not None
                ET.fromstring(picture)  # raises on anything but well-formed XML
                assert safe_svg(picture) == picture, f"step {step}: the server would refuse it"
        if over:
            break
        if step == 40:
            every = 25  # long games: the rest sparsely
        assert step < MAX_STEPS
        seat = match.to_act()[rng.below(len(match.to_act()))]
        match.play(sample_choice(match.legal_actions(seat), rng))


@pytest.mark.parametrize(("name", "players", "seed"), cases())
def test_incremental_views_equal_observe_at_every_step(name: str, players: int, seed: int) -> None:
    """``observe_next`` (a view made from the previous one, reusing its parts whose inputs did
    not change) is exactly ``observe`` at every step of a random game, for every viewer: made
    from the previous step's view, and from a view some moves old (as the RL wrapper keeps
    one per seat, made when the seat was last to act); and the persistent canvas fed with the
    incremental views holds the fresh encoding of ``observe`` (so the leak test, which goes
    through ``observe``, covers the incremental path too)."""
    game = make(name, players)
    encoding = game.encoding() if type(game).encoding_type is not None else None
    np = pytest.importorskip("numpy") if encoding is not None else None
    match: Match[Any, Any, Any] = Match(game, seed)
    rng = SeededRng(seed + 5)
    viewers = (*range(game.players), None)
    previous = {viewer: (match.state, game.observe(match.state, viewer)) for viewer in viewers}
    kept = dict(previous)
    canvases: dict[int, Any] = {}
    steps = 0
    while not match.is_over() and steps < 1500:
        steps += 1
        seat = match.to_act()[0]
        match.play(sample_choice(match.legal_actions(seat), rng))
        state = match.state
        to_act = game.to_act(state)
        for viewer in viewers:
            fresh = game.observe(state, viewer)
            was, seen = previous[viewer]
            view = game.observe_next(was, seen, state, viewer)
            assert view == fresh, (steps, viewer, "from the previous step")
            previous[viewer] = (state, view)
            if viewer in to_act or steps % 5 == 0 or not to_act:
                was, seen = kept[viewer]
                view = game.observe_next(was, seen, state, viewer)
                assert view == fresh, (steps, viewer, "from an older view")
                kept[viewer] = (state, view)
                if encoding is not None and np is not None and viewer is not None:
                    canvas = canvases.get(viewer)
                    if canvas is None:
                        canvas = Canvas(np.zeros(encoding.size, dtype=np.float32), {})
                        canvases[viewer] = canvas
                    encoding.encode(view, canvas)
                    assert canvas.data.tolist() == [
                        float(np.float32(value)) for value in encoding.features(fresh)
                    ], (steps, viewer, "the persistent canvas")


def test_observe_next_is_observe_unless_a_game_offers_its_own() -> None:
    """The protocol's default: a game that does not offer an incremental view gets observe's."""

    class Plain(Game[int, Action, tuple[int, int | None]]):
        def observe(self, state: int, seat: int | None) -> tuple[int, int | None]:
            return (state, seat)

    game = object.__new__(Plain)
    assert game.observe_next(1, (1, 0), 2, 0) == (2, 0)
    assert game.observe_next(1, (1, None), 3, None) == (3, None)


def check_rule_ids(game: Game[Any, Any, Any], seed: int) -> int:
    """Play a random game; at every step, wherever the encoding works the seat's ids out from
    the rules (``Encoding.rule_ids``), they are the ids of the game's listed choices, each
    standing for an equal action. Returns how many decisions were compared."""
    if type(game).encoding_type is None:
        return 0
    encoding = game.encoding()
    match: Match[Any, Any, Any] = Match(game, seed)
    rng = SeededRng(seed + 3)
    compared = 0
    for _ in range(1500):
        to_act = match.to_act()
        if not to_act:
            break
        for seat in to_act:
            ruled = encoding.rule_ids(match.state, seat)
            if ruled is None:
                continue
            listed = encoding.legal_ids(game.legal_actions(match.state, seat))
            assert sorted(ruled) == sorted(listed), (seat, match.state)
            for index in listed:
                assert ruled[index] == listed[index], (index, match.state)
                assert ruled.get(index) == listed[index], (index, match.state)
            compared += 1
        seat = to_act[rng.below(len(to_act))]
        match.play(sample_choice(match.legal_actions(seat), rng))
    return compared


@pytest.mark.parametrize(("name", "players", "seed"), cases())
def test_ids_from_the_rules_equal_the_listed_ids_at_every_step(
    name: str, players: int, seed: int
) -> None:
    """A game's encoding that lists ids straight from the rules (``rule_ids``) gives exactly
    ``legal_ids(legal_actions(...))`` at every step of a random game (a game registered with
    such a hook is covered by being registered)."""
    pytest.importorskip("numpy")
    check_rule_ids(make(name, players), seed)


@pytest.mark.parametrize(("name", "options"), variant_cases())
def test_ids_from_the_rules_follow_every_option(name: str, options: dict[str, Any]) -> None:
    pytest.importorskip("numpy")
    check_rule_ids(make(name, **options), 17)
