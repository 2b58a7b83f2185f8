"""Game records: (game, version, players, options, seed, setup outcomes, steps), as JSON Lines.

One record is one line of JSON. Every step keeps the acting seat, the action in the game's
notation and the chance outcomes it drew, so a replay hands the outcomes back instead of
re-rolling and reproduces the game bit for bit. ``schema`` versions the format itself.

Since ``tycoon-record/2`` a record carries ``digest``: the SHA-256 of its canonical JSON (every
key but ``digest``, keys sorted, no spaces). A record whose content no longer matches its digest
was altered after it was written (a set-up outcome changed, an option flipped) and is refused.
The digest detects damage and careless or naive edits; it is not a signature (anyone can compute
it), so a server that must trust records from strangers keeps its own copy or signs them.
``tycoon-record/1`` files, written before digests, are still read, without that check.

Files are written atomically (a temporary file in the same directory, flushed to disk, then
renamed over the target), so a crash mid-save leaves either the old file or the new one.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import stat
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tycoon.core import notation
from tycoon.core.errors import MalformedActionError, RecordError, json_failure

SCHEMA = "tycoon-record/2"
SCHEMA_V1 = "tycoon-record/1"
READABLE = (SCHEMA_V1, SCHEMA)

#: Whole numbers in a record (seeds included) have at most 100 digits.
MAX_INT = 10**100

#: The longest record line read (a record of tens of thousands of steps is a few megabytes).
MAX_LINE = 64 * 1024 * 1024


def digest_of(content: Mapping[str, Any]) -> str:
    """The digest of a record's JSON object: SHA-256 of its canonical form, ``digest`` left out."""
    body = {key: value for key, value in content.items() if key != "digest"}
    try:
        canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    except (TypeError, ValueError, RecursionError):
        raise RecordError("a game record holds values that are not plain JSON") from None
    return "sha256:" + hashlib.sha256(canonical.encode("ascii")).hexdigest()


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
        data["digest"] = digest_of(data)
        return data

    def to_line(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"), sort_keys=False)

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        """The record a JSON object holds; :class:`RecordError` with the reason for anything that
        is not a well-formed record, including one altered since it was written."""
        if not isinstance(data, dict):
            raise RecordError("a game record is a JSON object")
        schema = data.get("schema")
        if schema not in READABLE:
            if isinstance(schema, str) and schema.startswith("tycoon-record/"):
                raise RecordError(
                    f"record schema {schema[:40]!r} is not supported "
                    f"(this tycoon reads {' and '.join(READABLE)})"
                )
            raise RecordError(f"not a tycoon game record (no 'schema': '{SCHEMA}')")
        if schema == SCHEMA:
            written = data.get("digest")
            if not isinstance(written, str):
                raise RecordError(f"a {SCHEMA} record needs its 'digest'")
            if written != digest_of(data):
                raise RecordError(
                    "the record was altered after it was written: its content does not match "
                    "its digest"
                )
        try:
            steps = tuple(_step(s) for s in _list(data["steps"], "steps"))
            options = data.get("options", {})
            if not isinstance(options, dict):
                raise RecordError("a record's options are an object")
            for name, value in options.items():
                if type(value) not in (bool, int, float, str) or (
                    type(value) is int and not -MAX_INT < value < MAX_INT
                ):
                    raise RecordError(
                        f"option {_short(name)} must be on/off, a number or text, not "
                        f"{type(value).__name__}"
                    )
            outcome = data.get("outcome")
            if outcome is not None and not isinstance(outcome, dict):
                raise RecordError("a record's outcome is an object")
            meta = data.get("meta", {})
            if not isinstance(meta, dict):
                raise RecordError("a record's meta is an object")
            return cls(
                game=_str(data["game"], "game"),
                version=_str(data["version"], "version"),
                players=_int(data["players"], "players"),
                options=options,
                seed=_int(data["seed"], "seed"),
                setup=_ints(data.get("setup", []), "setup"),
                steps=steps,
                seats=tuple(_str(s, "seat code") for s in _list(data.get("seats", []), "seats")),
                outcome=outcome,
                meta=meta,
            )
        except KeyError as missing:
            raise RecordError(f"a game record needs {missing}") from None


def _step(value: Any) -> Step:
    if not isinstance(value, list) or len(value) != 3:
        raise RecordError("a step is [seat, action, [outcomes]]")
    return Step(
        _int(value[0], "step seat"), _str(value[1], "step action"), _ints(value[2], "outcomes")
    )


def _list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise RecordError(f"{what} must be a list")
    return value


def _int(value: Any, what: str) -> int:
    if type(value) is not int or not -MAX_INT < value < MAX_INT:
        raise RecordError(
            f"{what} must be a whole number of at most 100 digits, not {_short(value)}"
        )
    return value


def _str(value: Any, what: str) -> str:
    if type(value) is not str:
        raise RecordError(f"{what} must be text, not {_short(value)}")
    return value


def _short(value: Any) -> str:
    try:
        text = repr(value)
    except ValueError:  # an int too long to print
        text = "a number too long to print"
    return text if len(text) <= 40 else text[:37] + "..."


def _ints(value: Any, what: str) -> tuple[int, ...]:
    return tuple(_int(v, what) for v in _list(value, what))


def write_records(path: str | Path, records: Iterable[GameRecord], append: bool = False) -> int:
    """Write records one per line, replacing the file, or after what it holds with ``append``;
    returns how many were written. Atomic either way: a crash leaves the old file or the new."""
    new = "".join(record.to_line() + "\n" for record in records).encode("utf-8")
    count = new.count(b"\n")
    existing = b""
    if append:
        existing = _read_bytes(path, missing_ok=True)
        if existing and not existing.endswith(b"\n"):
            existing += b"\n"
    write_atomic(path, existing + new)
    return count


def replace_record(path: str | Path, index: int, record: GameRecord) -> None:
    """Replace the ``index``-th record of the file (counting from 1, as ``file#N``), keeping
    every other line exactly as it is; atomic."""
    if type(index) is not int or index < 1:
        raise RecordError("records are numbered from 1")
    lines = _read_bytes(path).splitlines(keepends=True)
    number = 0
    for position, line in enumerate(lines):
        if not line.strip():
            continue
        number += 1
        if number == index:
            lines[position] = (record.to_line() + "\n").encode("utf-8")
            write_atomic(path, b"".join(lines))
            return
    raise RecordError(f"{path} holds fewer than {index} records")


def write_atomic(path: str | Path, data: bytes) -> None:
    """Replace the file at ``path`` (following a symbolic link) with ``data``: written to a
    temporary file in the same directory, flushed to disk, then renamed over it, so that a
    crash at any moment leaves the old content or the new one, never a mixture or nothing. A
    new file gets the usual permissions; an existing one keeps its own."""
    target = Path(os.path.realpath(path))
    temporary = target.with_name(f".{target.name}.{secrets.token_hex(6)}.tmp")
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        mode = None
    except OSError as error:
        raise RecordError(f"cannot write {path}: {error.strerror}") from None
    if target.is_dir():
        raise RecordError(f"{path} is a directory, not a record file")
    try:
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(data)
                out.flush()
                os.fsync(out.fileno())
            if mode is not None:
                os.chmod(temporary, mode)
            os.replace(temporary, target)
        except BaseException:
            temporary.unlink(missing_ok=True)
            raise
    except OSError as error:
        raise RecordError(f"cannot write {path}: {error.strerror or error}") from None
    _sync_directory(target.parent)


def _sync_directory(directory: Path) -> None:
    """Flush a directory's entries (the rename) to disk where the system allows it."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _read_bytes(path: str | Path, missing_ok: bool = False) -> bytes:
    try:
        with open(path, "rb") as handle:
            return handle.read()
    except FileNotFoundError:
        if missing_ok:
            return b""
        raise RecordError(f"no such file: {path}") from None
    except IsADirectoryError:
        raise RecordError(f"{path} is a directory, not a record file") from None
    except OSError as error:
        raise RecordError(f"cannot read {path}: {error.strerror}") from None


def read_records(path: str | Path) -> Iterator[GameRecord]:
    """Every record in a JSON Lines file, with the line number in any error."""
    try:
        handle = open(path, encoding="utf-8")  # noqa: SIM115 (closed below, errors told apart)
    except FileNotFoundError:
        raise RecordError(f"no such file: {path}") from None
    except IsADirectoryError:
        raise RecordError(f"{path} is a directory, not a record file") from None
    except (OSError, ValueError) as error:
        reason = error.strerror if isinstance(error, OSError) else str(error)
        raise RecordError(f"cannot read {path}: {reason}") from None
    with handle:
        try:
            for number, line in enumerate(handle, start=1):
                if not line.strip():
                    continue
                if len(line) > MAX_LINE:
                    raise RecordError(f"{path} line {number} is too long for a game record")
                try:
                    data = json.loads(line)
                except json.JSONDecodeError as error:
                    reason = json_failure(error, line=False)
                    raise RecordError(
                        f"{path} line {number} is not valid JSON ({reason})"
                    ) from None
                except (ValueError, RecursionError):
                    raise RecordError(
                        f"{path} line {number} is not a game record (numbers too long or "
                        "nesting too deep)"
                    ) from None
                try:
                    yield GameRecord.from_json(data)
                except RecordError as error:
                    raise RecordError(f"{path} line {number}: {error.reason}") from None
        except UnicodeDecodeError:
            raise RecordError(f"{path} is not a text file of game records") from None
        except OSError as error:
            raise RecordError(f"cannot read {path}: {error.strerror}") from None


def split_reference(reference: str) -> tuple[str, int, bool]:
    """``FILE`` or ``FILE#N`` → (file, N counting from 1, whether N was given)."""
    path, hash_sign, index_text = reference.partition("#")
    if not index_text:
        if hash_sign:  # "FILE#": a number left out, not the first record meant
            raise RecordError(
                f"{reference}: write a record number after '#' ({path}#1 is the first)"
            )
        return path, 1, False
    try:
        index = notation.natural(index_text, "a record number")
    except MalformedActionError:
        raise RecordError(f"{index_text[:20]!r} after '#' is not a record number") from None
    if index < 1:
        raise RecordError("records are numbered from 1")
    return path, index, True


def load_record(reference: str) -> GameRecord:
    """``file.jsonl`` (its only or first record) or ``file.jsonl#N`` (the N-th, counting from 1)."""
    path, index, _ = split_reference(reference)
    for number, record in enumerate(read_records(path), start=1):
        if number == index:
            return record
    raise RecordError(f"{path} holds fewer than {index} records")
