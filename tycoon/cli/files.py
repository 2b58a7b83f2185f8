"""The files the commands read and write (no printing here).

Every file a command writes is checked before any play or simulation starts, and written whole or
not at all: lines go to a temporary file beside the target, which then replaces it in one rename,
so an interrupted or failed save leaves the previous file as it was. A resumed game is saved back
into its own record's place in the file it came from, keeping every other record of that file.

(``tycoon.core`` is getting atomic record writes of its own; until then these are the CLI's.)
"""

from __future__ import annotations

import json
import os
import shlex
import stat
import tempfile
from pathlib import Path

from tycoon.core import (
    GameRecord,
    OptionError,
    RecordError,
    read_records,
    replace_record,
    write_records,
)
from tycoon.core.record import split_reference


def check_writable(path: Path, option: str) -> None:
    """Raise :class:`OptionError` unless ``path`` can be (re)written as a whole file by us."""
    shown = f"{option} {path}" if option else str(path)
    if path.is_dir():
        raise OptionError(f"{shown} is a directory; give a file name")
    if path.exists() and not path.is_file():
        raise OptionError(f"{shown} is not a regular file")
    parent = Path(os.path.realpath(path)).parent
    if not parent.exists():
        raise OptionError(f"{shown}: there is no directory {path.parent}")
    if not parent.is_dir():
        raise OptionError(f"{shown}: {path.parent} is not a directory")
    if path.exists() and not _writable(path):
        raise OptionError(f"{shown}: the file is not writable")
    try:  # the real test: can a file be created (and renamed) in that directory?
        handle, probe = tempfile.mkstemp(dir=parent, prefix=".tycoon-", suffix=".probe")
    except OSError as error:
        raise OptionError(f"{shown}: cannot write in {path.parent} ({error.strerror})") from None
    os.close(handle)
    os.unlink(probe)


def _writable(path: Path) -> bool:
    """Whether the file may be written: by its mode bits for everyone, root included (a file
    made read-only is not replaced just because root could)."""
    if getattr(os, "geteuid", lambda: -1)() == 0:
        return bool(path.stat().st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))
    return os.access(path, os.W_OK)


class AtomicFile:
    """Lines written to a temporary file beside ``path``; :meth:`commit` puts it in place,
    :meth:`discard` throws it away (the file at ``path`` is untouched until the commit).

    Each line is one unbuffered write, and the commit cuts the file back to the last whole line,
    so a Ctrl-C in the middle of a line never leaves half a record behind."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.target = Path(os.path.realpath(path))
        try:
            self.fd, name = tempfile.mkstemp(
                dir=self.target.parent, prefix=f".{self.target.name}.", suffix=".tmp"
            )
        except OSError as error:
            raise RecordError(f"cannot write {path}: {error.strerror}") from None
        self.temporary = Path(name)
        self.open = True
        self.lines = 0
        self.size = 0  # bytes of whole lines written

    def write_line(self, line: str) -> None:
        data = (line + "\n").encode("utf-8")
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(self.fd, view) :]
        except OSError as error:
            self.discard()
            raise RecordError(f"cannot write {self.path}: {error.strerror}") from None
        self.size += len(data)
        self.lines += 1

    def commit(self) -> None:
        try:
            os.ftruncate(self.fd, self.size)
            os.fsync(self.fd)
            os.fchmod(self.fd, _mode_for(self.target))
            os.close(self.fd)
            self.open = False
            os.replace(self.temporary, self.target)
        except OSError as error:
            self.discard()
            raise RecordError(f"cannot write {self.path}: {error.strerror}") from None
        except BaseException:
            self.discard()
            raise

    def discard(self) -> None:
        if self.open:
            self.open = False
            os.close(self.fd)
        self.temporary.unlink(missing_ok=True)


def _mode_for(target: Path) -> int:
    """The replaced file's permissions, or a new file's usual ones (0666 less the umask)."""
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def load_reference(reference: str) -> GameRecord:
    """The record ``FILE`` (its first) or ``FILE#N`` names, with a clear word when the file is
    empty or shorter than N."""
    path, index, _ = split_reference(reference)
    count = 0
    for count, record in enumerate(read_records(path), start=1):
        if count == index:
            return record
    if count == 0:
        raise RecordError(f"{path} holds no game records (it is empty)")
    records = "one record" if count == 1 else f"{count} records"
    raise RecordError(f"{path} holds {records}; there is no record #{index}")


class RecordSlot:
    """The place of record ``number`` in a file of records: saving replaces that line only, so
    the file keeps every other game. The line must still hold the same game (same game, seed
    and moves so far), or nothing is written."""

    def __init__(self, path: Path, number: int, record: GameRecord) -> None:
        self.path = path
        self.number = number
        self.game = record.game
        self.seed = record.seed
        self.steps = record.steps

    @property
    def reference(self) -> str:
        return str(self.path) if self.number == 1 else f"{self.path}#{self.number}"

    @property
    def resume(self) -> str:
        """The options that go on with this game, saving it here again."""
        if self.number == 1:
            return f"--resume {shlex.quote(str(self.path))}"
        path = shlex.quote(str(self.path))
        return f"--resume {path}#{self.number} --save {path}"

    def save(self, record: GameRecord) -> None:
        try:
            lines = self.path.read_text(encoding="utf-8").split("\n")
        except FileNotFoundError:
            lines = []
        except (OSError, UnicodeDecodeError) as error:
            raise RecordError(f"cannot read {self.path} to save into it: {error}") from None
        if lines and lines[-1] == "":
            lines.pop()
        places = [i for i, line in enumerate(lines) if line.strip()]
        if self.number > len(places):
            if places or self.number != 1:
                raise RecordError(
                    f"{self.path} changed since the game was loaded (record #{self.number} is "
                    "gone): not saving over it; give --save NEW_FILE"
                )
            lines, places = [""], [0]
        else:
            self._check_same_game(lines[places[self.number - 1]])
        if lines == [""]:
            write_records(self.path, [record])
        else:
            replace_record(self.path, self.number, record)
        self.steps = record.steps

    def _check_same_game(self, line: str) -> None:
        try:
            saved = GameRecord.from_json(json.loads(line))
        except (ValueError, RecursionError, RecordError):
            saved = None
        if (
            saved is None
            or saved.game != self.game
            or saved.seed != self.seed
            or saved.steps != self.steps[: len(saved.steps)]
        ):
            raise RecordError(
                f"{self.reference} no longer holds the game being played (the file changed): "
                "not saving over it; give --save NEW_FILE"
            )


class WholeFile:
    """A file that holds the one game being played: each save replaces it, atomically."""

    def __init__(self, path: Path) -> None:
        self.path = path

    @property
    def reference(self) -> str:
        return str(self.path)

    @property
    def resume(self) -> str:
        return f"--resume {shlex.quote(str(self.path))}"

    def save(self, record: GameRecord) -> None:
        write_records(self.path, [record])


def same_file(first: Path, second: Path) -> bool:
    return os.path.realpath(first) == os.path.realpath(second)
