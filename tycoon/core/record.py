"""Game records: (game, version, players, options, seed, setup outcomes, steps), as JSON Lines.

One record is one line of JSON. Every step keeps the acting seat, the action in the game's
notation and the chance outcomes it drew, so a replay hands the outcomes back instead of
re-rolling and reproduces the game bit for bit. ``schema`` versions the format itself.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tycoon.core.errors import RecordError

SCHEMA = "tycoon-record/1"


@dataclass(frozen=True, slots=True)
class Step:
    seat: int
    action: str
    outcomes: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class GameRecord:
    game: str
    version: str
    players: int
    options: Mapping[str, Any]
    seed: int
    setup: tuple[int, ...]
    steps: tuple[Step, ...]
    seats: tuple[str, ...] = ()
    outcome: Mapping[str, Any] | None = None
    meta: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "schema": SCHEMA,
            "game": self.game,
            "version": self.version,
            "players": self.players,
            "options": dict(self.options),
            "seed": self.seed,
            "seats": list(self.seats),
            "setup": list(self.setup),
            "steps": [[s.seat, s.action, list(s.outcomes)] for s in self.steps],
        }
        if self.outcome is not None:
            data["outcome"] = dict(self.outcome)
        if self.meta:
            data["meta"] = dict(self.meta)
        return data

    def to_line(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"), sort_keys=False)

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        if not isinstance(data, dict):
            raise RecordError("a game record is a JSON object")
        schema = data.get("schema")
        if schema != SCHEMA:
            if isinstance(schema, str) and schema.startswith("tycoon-record/"):
                raise RecordError(f"record schema {schema!r} is not supported (this is {SCHEMA})")
            raise RecordError("not a tycoon game record (no 'schema': 'tycoon-record/1')")
        try:
            steps = tuple(
                Step(_int(s[0], "step seat"), _str(s[1], "step action"), _ints(s[2], "outcomes"))
                for s in _list(data["steps"], "steps")
            )
            options = data.get("options", {})
            if not isinstance(options, dict):
                raise RecordError("a record's options are an object")
            outcome = data.get("outcome")
            meta = data.get("meta", {})
            return cls(
                game=_str(data["game"], "game"),
                version=_str(data["version"], "version"),
                players=_int(data["players"], "players"),
                options=options,
                seed=_int(data["seed"], "seed"),
                setup=_ints(data.get("setup", []), "setup"),
                steps=steps,
                seats=tuple(_str(s, "seat code") for s in _list(data.get("seats", []), "seats")),
                outcome=outcome if isinstance(outcome, dict) else None,
                meta=meta if isinstance(meta, dict) else {},
            )
        except KeyError as missing:
            raise RecordError(f"a game record needs {missing}") from None
        except (TypeError, IndexError):
            raise RecordError("a step is [seat, action, [outcomes]]") from None


def _list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise RecordError(f"{what} must be a list")
    return value


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"{what} must be a whole number, not {value!r}")
    return value


def _str(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise RecordError(f"{what} must be text, not {value!r}")
    return value


def _ints(value: Any, what: str) -> tuple[int, ...]:
    return tuple(_int(v, what) for v in _list(value, what))


def write_records(path: str | Path, records: Iterable[GameRecord], append: bool = False) -> int:
    """Write records one per line; returns how many were written."""
    count = 0
    with open(path, "a" if append else "w", encoding="utf-8") as out:
        for record in records:
            out.write(record.to_line())
            out.write("\n")
            count += 1
    return count


def read_records(path: str | Path) -> Iterator[GameRecord]:
    """Every record in a JSON Lines file, with the line number in any error."""
    try:
        handle = open(path, encoding="utf-8")  # noqa: SIM115 (closed below, errors told apart)
    except FileNotFoundError:
        raise RecordError(f"no such file: {path}") from None
    except IsADirectoryError:
        raise RecordError(f"{path} is a directory, not a record file") from None
    except OSError as error:
        raise RecordError(f"cannot read {path}: {error.strerror}") from None
    with handle:
        try:
            for number, line in enumerate(handle, start=1):
                if not line.strip():
                    continue
                try:
                    data = json.loads(line)
                except json.JSONDecodeError as error:
                    raise RecordError(
                        f"{path} line {number} is not valid JSON ({error.msg})"
                    ) from None
                try:
                    yield GameRecord.from_json(data)
                except RecordError as error:
                    raise RecordError(f"{path} line {number}: {error.reason}") from None
        except UnicodeDecodeError:
            raise RecordError(f"{path} is not a text file of game records") from None


def load_record(reference: str) -> GameRecord:
    """``file.jsonl`` (its only or first record) or ``file.jsonl#N`` (the N-th, counting from 1)."""
    path, _, index_text = reference.partition("#")
    index = 1
    if index_text:
        try:
            index = int(index_text)
        except ValueError:
            raise RecordError(f"{index_text!r} after '#' is not a record number") from None
        if index < 1:
            raise RecordError("records are numbered from 1")
    for number, record in enumerate(read_records(path), start=1):
        if number == index:
            return record
    raise RecordError(f"{path} holds fewer than {index} records")
