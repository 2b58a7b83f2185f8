"""Finished games stepped through in the browser, as any seat or as a spectator.

A replay is built from a game record: one uploaded (a record file, as ``tycoon replay`` reads) or
that of a finished table. A record holds the seed and every hidden move, so only records of
finished games are replayed: a running table's record never leaves the server, and an uploaded
record whose game is not over is refused. The states of the few replays last asked for are kept
in memory; a step's message is built from one seat's view of its state, like a table's.
"""

from __future__ import annotations

import collections
import hashlib
import json
from dataclasses import dataclass
from typing import Any

from tycoon.core import GameRecord, Step, TycoonError, replay
from tycoon.core.errors import RecordError
from tycoon.server.render import markup_to_html, picture_fields, plain_text

KEPT = 16  # replays whose states are kept in memory
RECORD_LIMIT = 8 * 1024 * 1024  # bytes of an uploaded record file


class ReplayError(TycoonError):
    """A record that cannot be replayed here (malformed, or it does not replay)."""

    status = 400


class Unfinished(ReplayError):
    """A game that is not over: its record is secret, so it is not replayed."""

    status = 409


class UnknownReplay(ReplayError):
    """No replay by that key (never made, or forgotten since)."""

    status = 404


@dataclass(frozen=True)
class Replay:
    """A finished game's states, one after set-up and one after each step."""

    key: str
    record: GameRecord
    game: Any
    states: tuple[Any, ...]
    steps: tuple[Step, ...]
    labels: tuple[str, ...]

    def message(self, number: int, viewer: int | None) -> dict[str, Any]:
        """Step ``number`` (0: after set-up) as ``viewer`` (a seat, or ``None``) saw it."""
        game = self.game
        if viewer is not None and not 0 <= viewer < game.players:
            raise ReplayError(f"seat is a number from 1 to {game.players}")
        if not 0 <= number < len(self.states):
            raise ReplayError(f"step is a number from 0 to {len(self.states) - 1}")
        state = self.states[number]
        view = game.observe(state, viewer)
        step = self.steps[number - 1] if number > 0 else None
        move: str | None = None
        narration: list[str] = []
        if step is not None:
            action = game.parse_action(step.action, step.seat)
            move = f"{self.labels[step.seat]}: {plain_text(game.describe_action(action, viewer))}"
            before = game.observe(self.states[number - 1], viewer)
            narration = [plain_text(line) for line in game.narrate(before, action, view)]
        pictures = picture_fields(game, view, viewer, (), step)
        message: dict[str, Any] = {
            "type": "replay",
            "replay": self.key,
            "game": game.spec.name,
            "title": game.spec.title,
            "step": number,
            "steps": len(self.states) - 1,
            "seat": viewer,
            "seats": list(self.labels),
            "svg": pictures["svg"],
            "last": pictures["last"],
            "board": markup_to_html(game.render_text(view)),
            "move": move,
            "narration": narration,
            "over": game.is_over(state),
        }
        if message["over"]:
            outcome = game.outcome(state)
            message["outcome"] = outcome.to_json() if outcome is not None else None
            message["result"] = markup_to_html(game.explain_outcome(state))
        return message


def build(key: str, record: GameRecord) -> Replay:
    """Replay ``record`` to its end; a record whose game is not over is refused."""
    states: list[Any] = []
    try:
        for match, _step in replay(record):
            states.append(match.state)
    except TycoonError as problem:
        raise ReplayError(f"the record does not replay: {problem.reason}") from None
    game = match.game
    if not game.is_over(states[-1]):
        raise Unfinished("only finished games are replayed (a running game's record is secret)")
    first = game.observe(states[0], None)
    names = record.meta.get("names")
    labels = []
    for seat in range(game.players):
        label = game.seat_label(first, seat)
        name = names[seat] if isinstance(names, list) and seat < len(names) else None
        labels.append(f"{name} ({label})" if isinstance(name, str) and name else label)
    return Replay(key, record, game, tuple(states), tuple(record.steps), tuple(labels))


def parse_upload(text: str, number: int) -> GameRecord:
    """The ``number``-th record (from 1) of a record file's text (JSON Lines)."""
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        raise ReplayError("the file holds no game record")
    if not 1 <= number <= len(lines):
        raise ReplayError(f"the file holds {len(lines)} records: choose one from 1 to {len(lines)}")
    try:
        return GameRecord.from_json(json.loads(lines[number - 1]))
    except json.JSONDecodeError:
        raise ReplayError(f"record {number} is not JSON: is this a tycoon record file?") from None
    except RecordError as problem:
        raise ReplayError(f"record {number} is not a game record: {problem.reason}") from None


class Replays:
    """The replays last asked for, by key (an upload's digest, or ``table:ID``)."""

    def __init__(self, kept: int = KEPT) -> None:
        self.kept = kept
        self.held: collections.OrderedDict[str, Replay] = collections.OrderedDict()

    def get(self, key: str) -> Replay:
        found = self.held.get(key)
        if found is None:
            raise UnknownReplay("no such replay (it may be forgotten: open the record again)")
        self.held.move_to_end(key)
        return found

    def add(self, key: str, record: GameRecord) -> Replay:
        if key in self.held:
            return self.get(key)
        made = build(key, record)
        self.held[key] = made
        while len(self.held) > self.kept:
            self.held.popitem(last=False)
        return made

    def upload(self, record: GameRecord) -> Replay:
        digest = hashlib.sha256(record.to_line().encode("utf-8")).hexdigest()[:24]
        return self.add(digest, record)

    def summary(self, found: Replay) -> dict[str, Any]:
        game = found.game
        return {
            "replay": found.key,
            "game": game.spec.name,
            "title": game.spec.title,
            "players": game.players,
            "seats": list(found.labels),
            "steps": len(found.states) - 1,
        }
