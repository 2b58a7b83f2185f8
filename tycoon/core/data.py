"""What-if data: a game's catalogues (the JSON files of its ``data/``), replaced or patched.

A game declares its catalogues with :class:`DataFiles` (``Game.data_files``) and gets a ``data``
option whose value is one of:

- the default's name (``built-in``, or the game's own name for it) or ``""``: the built-in files;
- the name of a built-in variant (a folder of ``data/`` holding a whole other set);
- a **directory**: each catalogue present there replaces the built-in one, the rest stay;
- a **patch file**, or the same JSON written inline (text starting with ``{``): an object keyed
  by catalogue file name, each value a JSON merge patch (RFC 7386) of that file. An object sets
  the fields it names (deeper objects merge), ``null`` removes a field, and one extension lets a
  patch reach into lists: an object whose keys are all list indices (``{"3": {...}}``) patches
  those items of a list. A patch may only change fields that exist, so a misspelt name is an
  error rather than a silent new field (replace the file from a directory to add fields).

Whatever the source, a configured game holds the **effective patch**: the difference between
the data it plays and the built-in data, as canonical JSON text (or the default's or a
variant's name). That text is the option's value, so a game record carries its data and replays
on any machine without the designer's files, and the record's digest covers it.

Every file read is bounded (:data:`MAX_FILE_BYTES`); anything malformed raises
:class:`DataError` naming the file and the field. The game's own loader validates the result.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from tycoon.core.errors import OptionError, json_failure
from tycoon.core.spec import Option

#: The largest data file (or patch) read, in bytes.
MAX_FILE_BYTES = 1_000_000
#: The longest ``data`` option text (an effective patch stored in a record).
MAX_DATA_TEXT = 1_000_000
#: How deep JSON may nest in a data file.
MAX_DEPTH = 40

Json = Any


class DataError(OptionError):
    """A data directory, patch or catalogue that cannot be played; the reason names the file
    and the field."""


def _short(value: object, width: int = 60) -> str:
    text = json.dumps(value, ensure_ascii=False) if _plain(value) else repr(value)
    return text if len(text) <= width else text[: width - 3] + "..."


def _plain(value: object) -> bool:
    try:
        json.dumps(value)
    except (TypeError, ValueError, RecursionError):
        return False
    return True


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def parse_json(text: str, where: str) -> Json:
    """JSON text as data: NaN and infinities refused, nesting bounded; :class:`DataError`
    naming ``where`` otherwise."""
    if len(text) > MAX_FILE_BYTES:
        raise DataError(f"{where}: too large ({len(text)} characters; at most {MAX_FILE_BYTES})")
    try:
        value = json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as error:
        raise DataError(f"{where}: not valid JSON ({json_failure(error)})") from None
    except (ValueError, RecursionError) as error:
        reason = "nested too deeply" if isinstance(error, RecursionError) else str(error)
        raise DataError(f"{where}: not valid JSON ({reason})") from None
    _check_depth(value, where, 0)
    return value


def _check_depth(value: Json, where: str, depth: int) -> None:
    if depth > MAX_DEPTH:
        raise DataError(f"{where}: nested more than {MAX_DEPTH} levels deep")
    if isinstance(value, dict):
        for item in value.values():
            _check_depth(item, where, depth + 1)
    elif isinstance(value, list):
        for item in value:
            _check_depth(item, where, depth + 1)


def read_json(path: Path, where: str) -> Json:
    """A JSON file, bounded in size, as :func:`parse_json` reads it."""
    try:
        with path.open("rb") as handle:  # bounded, whatever the file claims its size is
            raw = handle.read(MAX_FILE_BYTES + 1)
        if len(raw) > MAX_FILE_BYTES:
            raise DataError(f"{where}: too large (more than {MAX_FILE_BYTES} bytes)")
    except FileNotFoundError:
        raise DataError(f"{where}: no such file") from None
    except OSError as error:
        raise DataError(f"{where}: cannot be read ({error.strerror or error})") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise DataError(f"{where}: not UTF-8 text") from None
    return parse_json(text, where)


def same(a: Json, b: Json) -> bool:
    """Equal as JSON (``1`` and ``1.0`` and ``true`` differ)."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def _index(key: str) -> bool:
    return key.isdigit() and len(key) < 10


def _path_text(path: tuple[str, ...]) -> str:
    return ".".join(path) if path else "(the whole file)"


def merge(target: Json, patch: Json, file: str, strict: bool, path: tuple[str, ...] = ()) -> Json:
    """``target`` with the merge ``patch`` applied (RFC 7386, with list items by index); with
    ``strict`` only existing fields may be set. Neither argument is changed."""
    if not isinstance(patch, dict):
        if strict and path and target is not None and type(target) is not type(patch):
            numbers = all(
                isinstance(v, int | float) and not isinstance(v, bool) for v in (target, patch)
            )
            if not numbers:
                raise DataError(
                    f"{file} {_path_text(path)}: holds {_kind(target)}, not {_kind(patch)} "
                    f"({_short(patch)})"
                )
            if (
                isinstance(target, int)
                and not isinstance(target, bool)
                and isinstance(patch, float)
            ):
                if patch != int(patch):
                    raise DataError(
                        f"{file} {_path_text(path)}: holds a whole number, not {_short(patch)}"
                    )
                return int(patch)
        return patch
    if isinstance(target, list) and all(_index(key) for key in patch):
        items = list(target)
        for key, value in patch.items():
            at = int(key)
            if at >= len(items):
                raise DataError(
                    f"{file} {_path_text((*path, key))}: the list has {len(items)} items "
                    f"(indices 0..{len(items) - 1})"
                )
            if value is None:
                raise DataError(f"{file} {_path_text((*path, key))}: a list item cannot be removed")
            items[at] = merge(items[at], value, file, strict, (*path, key))
        return items
    if strict and path and not isinstance(target, dict):
        raise DataError(
            f"{file} {_path_text(path)}: holds {_kind(target)}, which a patch object cannot set "
            "field by field"
        )
    result: dict[str, Json] = dict(target) if isinstance(target, dict) else {}
    for key, value in patch.items():
        if value is None:
            if strict and key not in result:
                raise DataError(f"{file} {_path_text((*path, key))}: no such field to remove")
            result.pop(key, None)
        elif key in result:
            result[key] = merge(result[key], value, file, strict, (*path, key))
        elif strict:
            known = ", ".join(sorted(result)) or "none"
            raise DataError(
                f"{file} {_path_text((*path, key))}: no such field (fields here: {known}); "
                "a patch changes fields that exist"
            )
        else:
            result[key] = merge(None, value, file, strict, (*path, key))
    return result


def _kind(value: Json) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return "null"


def diff(base: Json, target: Json, file: str, path: tuple[str, ...] = ()) -> Json:
    """The merge patch that turns ``base`` into ``target`` (lists of equal length item by
    item). ``null`` in ``target`` cannot be expressed and is refused."""
    if isinstance(base, dict) and isinstance(target, dict):
        out: dict[str, Json] = {}
        for key in base:
            if key not in target:
                out[key] = None
        for key, value in target.items():
            if key not in base:
                _no_null(value, file, (*path, key))
                out[key] = value
            elif not same(base[key], value):
                out[key] = diff(base[key], value, file, (*path, key))
        return out
    if isinstance(base, list) and isinstance(target, list) and base and len(base) == len(target):
        return {
            str(i): diff(b, t, file, (*path, str(i)))
            for i, (b, t) in enumerate(zip(base, target, strict=True))
            if not same(b, t)
        }
    _no_null(target, file, path)
    if isinstance(target, dict):  # an object replacing a non-object: written out whole
        return target
    return target


def _no_null(value: Json, file: str, path: tuple[str, ...]) -> None:
    if value is None:
        raise DataError(f"{file} {_path_text(path)}: null is not a value a data file may hold")
    if isinstance(value, dict):
        for key, item in value.items():
            _no_null(item, file, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            _no_null(item, file, (*path, str(i)))


def leaves(patch: Json, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Json]]:
    """Every (field path, new value) a patch sets; an object replacing a list or a scalar is
    one leaf."""
    if isinstance(patch, dict) and patch:
        for key, value in patch.items():
            yield from leaves(value, (*path, key))
    else:
        yield path, patch


def _canonical_text(patch: Mapping[str, Json]) -> str:
    return json.dumps(patch, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@dataclass(frozen=True)
class DataFiles:
    """A game's catalogues: the JSON files (paths relative to ``home``) a designer may replace or
    patch; ``variants`` are built-in alternative sets (folders of ``home`` by that name)."""

    home: Path
    files: tuple[str, ...]
    default: str = "built-in"
    variants: tuple[str, ...] = ()

    # -- the option --------------------------------------------------------------------------

    def option_help(self) -> str:
        names = ", ".join(repr(v) for v in (self.default, *self.variants))
        return (
            f"the catalogues to play ({', '.join(self.files)}): {names}, a directory of "
            "replacement files, or a JSON patch file (see docs/designer.md)"
        )

    # -- reading ------------------------------------------------------------------------------

    def built_in(self, variant: str = "") -> dict[str, Json]:
        """The built-in catalogues (of a variant), by file name."""
        return _built_in(self, variant)

    def reads_files(self, value: str) -> bool:
        """Whether ``value`` names files to read (a directory or a patch file) rather than
        built-in data or an inline patch: a server taking options from strangers refuses it."""
        text = value.strip()
        return not (text in ("", self.default, *self.variants) or text.startswith("{"))

    def canonical(self, value: str) -> str:
        """The option value that says exactly which data ``value`` names: the default's name, a
        variant's name, or the effective patch as canonical JSON. A path is read here."""
        return _canonical(self, value)

    def documents(self, value: str) -> dict[str, Json]:
        """Every catalogue, by file name, as the (canonical) option ``value`` says. Callers must
        not change what they get (it is shared)."""
        return _documents(self, self.canonical(value))

    def changes(self, value: str) -> dict[str, Json]:
        """The effective patch of ``value`` against the built-in data ({} when the same)."""
        canonical = self.canonical(value)
        if canonical in (self.default, *self.variants):
            if canonical == self.default:
                return {}
            return self._diff_all(self.built_in(canonical))
        patch: dict[str, Json] = json.loads(canonical)
        return patch

    def describe(self, value: str, limit: int = 8) -> str:
        """A line saying which data ``value`` plays: ``built-in``, a variant's name, or the
        changed fields (``economy.json: king.treasury=200``)."""
        canonical = self.canonical(value)
        if canonical in (self.default, *self.variants):
            return canonical
        return describe_patch(json.loads(canonical), limit)

    def with_fields(self, value: str, fields: Mapping[tuple[str, tuple[str, ...]], Json]) -> str:
        """The canonical option value of ``value``'s data with each (file, field path) set to
        a value; only existing fields, and a whole number stays whole."""
        documents = dict(self.documents(value))
        for (file, path), new in fields.items():
            if file not in documents:
                raise DataError(f"no data file {file} (files: {', '.join(self.files)})")
            if not path:
                raise DataError(f"{file}: name a field inside the file")
            patch: Json = new
            for key in reversed(path):
                patch = {key: patch}
            documents[file] = merge(documents[file], patch, file, strict=True)
        return self._from_documents(documents)

    # -- internals ----------------------------------------------------------------------------

    def _diff_all(self, documents: Mapping[str, Json]) -> dict[str, Json]:
        base = self.built_in()
        out: dict[str, Json] = {}
        for file in self.files:
            if not same(base[file], documents[file]):
                out[file] = diff(base[file], documents[file], file)
        return out

    def _from_documents(self, documents: Mapping[str, Json]) -> str:
        patch = self._diff_all(documents)
        if not patch:
            return self.default
        text = _canonical_text(patch)
        if len(text) > MAX_DATA_TEXT:
            raise DataError(
                f"the changed data is too large to keep in a record ({len(text)} characters of "
                f"changes; at most {MAX_DATA_TEXT})"
            )
        return text

    def _patched(self, patch: Json, where: str, strict: bool) -> str:
        if not isinstance(patch, dict):
            raise DataError(
                f"{where}: a data patch is a JSON object keyed by file name "
                f'(e.g. {{"{self.files[0]}": {{...}}}})'
            )
        documents = dict(self.built_in())
        for file, file_patch in patch.items():
            if file not in documents:
                raise DataError(
                    f"{where}: {_short(file, 40)} is not a data file of this game "
                    f"(files: {', '.join(self.files)})"
                )
            if strict and not isinstance(file_patch, dict):
                raise DataError(f"{file}: a file's patch is an object of the fields it changes")
            documents[file] = merge(documents[file], file_patch, file, strict)
        return self._from_documents(documents)

    def _directory(self, directory: Path) -> str:
        documents = dict(self.built_in())
        # Only the folders the data files live in are looked at (never a whole tree).
        folders = sorted({str(Path(name).parent) for name in self.files})
        try:
            present = sorted(
                str(p.relative_to(directory))
                for folder in folders
                for p in (directory / folder).glob("*.json")
                if p.is_file()
            )
        except OSError as error:
            raise DataError(
                f"data directory {str(directory)[:200]}: cannot be read ({error})"
            ) from None
        unknown = [name for name in present if name not in self.files]
        if unknown:
            raise DataError(
                f"data directory {str(directory)[:200]}: {', '.join(unknown[:5])} "
                f"{'is not a data file' if len(unknown) == 1 else 'are not data files'} "
                f"of this game (files: {', '.join(self.files)})"
            )
        if not present:
            raise DataError(
                f"data directory {str(directory)[:200]} holds none of the data files "
                f"({', '.join(self.files)})"
            )
        for name in present:
            documents[name] = read_json(directory / name, name)
            _no_null(documents[name], name, ())
        return self._from_documents(documents)


@lru_cache(maxsize=64)
def _built_in(files: DataFiles, variant: str) -> dict[str, Json]:
    home = files.home / variant if variant else files.home
    return {name: read_json(home / name, name) for name in files.files}


def _canonical(files: DataFiles, value: str) -> str:
    text = value.strip()
    if text in ("", files.default):
        return files.default
    if text in files.variants:
        return text
    if text.startswith("{"):
        return _inline(files, text)
    # A path is read every time (the designer may have changed the files since).
    path = Path(text)
    try:
        is_dir, is_file = path.is_dir(), path.is_file()
    except (OSError, ValueError):
        is_dir = is_file = False
    if is_dir:
        return files._directory(path)
    if is_file:
        return files._patched(read_json(path, text[:200]), text[:200], strict=True)
    names = ", ".join(repr(v) for v in (files.default, *files.variants))
    raise DataError(
        f"data {_short(text, 80)}: no such directory or patch file (or use {names}, "
        "or an inline JSON patch)"
    )


@lru_cache(maxsize=256)
def _inline(files: DataFiles, text: str) -> str:
    patch = parse_json(text, "the data patch")
    # A stored effective patch (canonical JSON) may add fields a replaced file added.
    strict = _canonical_text(patch) != text if isinstance(patch, dict) else True
    return files._patched(patch, "the data patch", strict)


@lru_cache(maxsize=64)
def _documents(files: DataFiles, canonical: str) -> dict[str, Json]:
    if canonical == files.default:
        return files.built_in()
    if canonical in files.variants:
        return files.built_in(canonical)
    patch = json.loads(canonical)
    documents = dict(files.built_in())
    for file, file_patch in patch.items():
        documents[file] = merge(documents[file], file_patch, file, strict=False)
    return documents


def data_option(files: DataFiles, extra: str = "") -> Option:
    """The ``data`` option of a game whose catalogues are ``files``."""
    help_text = files.option_help() + (f"; {extra}" if extra else "")
    return Option("data", files.default, help_text, longest=MAX_DATA_TEXT)


def describe_patch(patch: Mapping[str, Json], limit: int = 8) -> str:
    """``economy.json: king.treasury=200, tax.taxed=3; towns.json: ...`` (at most ``limit``
    fields, then how many more)."""
    parts: list[str] = []
    shown = 0
    hidden = 0
    for file, file_patch in patch.items():
        fields: list[str] = []
        for path, value in leaves(file_patch):
            if shown >= limit:
                hidden += 1
                continue
            shown += 1
            text = "removed" if value is None else _short(value, 40)
            fields.append(f"{_path_text(path)}={text}")
        if fields:
            parts.append(f"{file}: {', '.join(fields)}")
    line = "; ".join(parts)
    if hidden:
        line += f" (and {hidden} more)"
    return line


def split_field(files: DataFiles, name: str) -> tuple[str, tuple[str, ...]]:
    """A data field as ``--vary`` names it: ``FILE.json:key.key`` or ``stem.key.key`` (the file
    ``stem.json``); a number in the path is a list index."""
    if ".json:" in name:
        file, _, rest = name.partition(".json:")
        file += ".json"
        keys = tuple(rest.split(".")) if rest else ()
    else:
        stem, *rest_keys = name.split(".")
        file = stem + ".json"
        keys = tuple(rest_keys)
    if file not in files.files:
        raise DataError(f"{name}: no data file {file} (files: {', '.join(files.files)})")
    if not keys or any(not key for key in keys):
        raise DataError(f"{name}: name a field inside {file} (e.g. {file}:key.key)")
    return file, keys
