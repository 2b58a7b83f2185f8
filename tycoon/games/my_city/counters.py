"""Counter sets: the landmarks and zone counters of a game, read from ``data/counters/*.json``.

A counter set names its landmarks (value, landmark type, the smallest board they are used on),
the City Dump variant's negative landmark, its zone types (a one-letter code and the access values
of one counter each, per board size) and the Slums variant's counter. The rulebook's own set is
``classic``; the others are the ALTERNATE COUNTERSETS variant. Files are read once and checked
here; a test loads every file.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from tycoon.core import DataError, DataFiles

DATA = Path(__file__).parent / "data" / "counters"
BOARD_SIZES = (8, 10, 12)


class CounterSetError(DataError, ValueError):
    """A counter-set file that does not describe a playable set."""


@dataclass(frozen=True, slots=True)
class Landmark:
    name: str
    code: str  # two letters, for the board picture
    value: int  # prestige points to each controller
    kind: str | None  # its landmark type (None: counts for no type, like the City Dump)
    min_size: int  # used on boards of this size and bigger


@dataclass(frozen=True, slots=True)
class ZoneType:
    name: str
    code: str  # one letter: a counter is written code + access, e.g. C4
    access: tuple[tuple[int, tuple[int, ...]], ...]  # (board size, access values), per size

    def access_for(self, size: int) -> tuple[int, ...]:
        for board, values in self.access:
            if board == size:
                return values
        raise CounterSetError(f"zone type {self.name} has no access values for a {size}x{size} map")


@dataclass(frozen=True, slots=True)
class SlumType:
    name: str
    code: str
    access: int  # its own access (the rulebook: -1)
    penalty: int  # what it takes off every adjacent zone (the rulebook: 1), floored at 0


@dataclass(frozen=True, slots=True)
class CounterSet:
    name: str
    title: str
    description: str
    landmark_types: tuple[str, ...]
    landmarks: tuple[Landmark, ...]
    dump: Landmark
    zones: tuple[ZoneType, ...]
    slum: SlumType

    def landmarks_for(self, size: int) -> tuple[Landmark, ...]:
        """The landmarks in the cup on an ``size`` x ``size`` board (the dump apart)."""
        return tuple(landmark for landmark in self.landmarks if landmark.min_size <= size)


def counter_set_names() -> tuple[str, ...]:
    """Every counter set shipped, by file name (``classic`` first)."""
    names = sorted(path.stem for path in DATA.glob("*.json"))
    return tuple(sorted(names, key=lambda name: (name != "classic", name)))


#: The catalogues a designer may replace or patch (``--data``): one file per counter set.
MY_CITY_DATA = DataFiles(
    home=DATA.parent, files=tuple(f"counters/{name}.json" for name in counter_set_names())
)


@cache
def load_counter_set(name: str, data: str = "") -> CounterSet:
    """The counter set ``name`` of the ``data`` option's catalogues (built in when empty), read
    and checked once."""
    file = f"counters/{name}.json"
    if file not in MY_CITY_DATA.files:
        raise CounterSetError(f"no counter set {name!r} (sets: {', '.join(counter_set_names())})")
    document = MY_CITY_DATA.documents(data)[file]
    counter_set = _parse(document, file)
    try:
        check_counter_set(counter_set)
    except CounterSetError as error:
        raise CounterSetError(f"{file}: {error}") from None
    if counter_set.name != name:
        raise CounterSetError(
            f"{file} name: must be {name!r}, the file's name, not {counter_set.name!r}"
        )
    return counter_set


def _field(item: Any, key: str, where: str, kind: type) -> Any:
    if not isinstance(item, dict):
        raise CounterSetError(f"{where}: must be an object")
    if key not in item:
        raise CounterSetError(f"{where}: needs {key!r}")
    value = item[key]
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise CounterSetError(f"{where}.{key}: must be a whole number, not {value!r:.40}")
    if kind is str and (not isinstance(value, str) or not value.strip()):
        raise CounterSetError(f"{where}.{key}: must be text, not {value!r:.40}")
    if kind is list and not isinstance(value, list):
        raise CounterSetError(f"{where}.{key}: must be a list")
    if kind is dict and not isinstance(value, dict):
        raise CounterSetError(f"{where}.{key}: must be an object")
    return value


def _parse(data: Any, source: str) -> CounterSet:
    """The counter set a file holds; :class:`CounterSetError` naming the file and the field."""
    where = source
    landmarks = tuple(
        Landmark(
            _field(item, "name", f"{where} landmarks.{i}", str),
            _field(item, "code", f"{where} landmarks.{i}", str),
            _field(item, "value", f"{where} landmarks.{i}", int),
            _field(item, "type", f"{where} landmarks.{i}", str),
            _field(item, "min_size", f"{where} landmarks.{i}", int),
        )
        for i, item in enumerate(_field(data, "landmarks", where, list))
    )
    dump_data = _field(data, "dump", where, dict)
    dump = Landmark(
        _field(dump_data, "name", f"{where} dump", str),
        _field(dump_data, "code", f"{where} dump", str),
        _field(dump_data, "value", f"{where} dump", int),
        None,
        8,
    )
    zones: list[ZoneType] = []
    for i, item in enumerate(_field(data, "zones", where, list)):
        at = f"{where} zones.{i}"
        access: list[tuple[int, tuple[int, ...]]] = []
        for size, values in _field(item, "access", at, dict).items():
            if not size.isdigit() or int(size) not in BOARD_SIZES:
                raise CounterSetError(f"{at}.access.{size}: board sizes are 8, 10 and 12")
            if not isinstance(values, list) or not all(
                isinstance(v, int) and not isinstance(v, bool) for v in values
            ):
                raise CounterSetError(f"{at}.access.{size}: must be a list of whole numbers")
            access.append((int(size), tuple(values)))
        zones.append(
            ZoneType(
                _field(item, "name", at, str), _field(item, "code", at, str), tuple(sorted(access))
            )
        )
    for size in BOARD_SIZES:
        for i, zone in enumerate(zones):
            if size not in dict(zone.access):
                raise CounterSetError(
                    f"{where} zones.{i}.access: needs values for a {size}x{size} map"
                )
    slum_data = _field(data, "slum", where, dict)
    slum = SlumType(
        _field(slum_data, "name", f"{where} slum", str),
        _field(slum_data, "code", f"{where} slum", str),
        _field(slum_data, "access", f"{where} slum", int),
        _field(slum_data, "penalty", f"{where} slum", int),
    )
    types = _field(data, "landmark_types", where, list)
    if not all(isinstance(t, str) and t for t in types):
        raise CounterSetError(f"{where} landmark_types: must be a list of names")
    return CounterSet(
        name=_field(data, "name", where, str),
        title=_field(data, "title", where, str),
        description=_field(data, "description", where, str),
        landmark_types=tuple(types),
        landmarks=landmarks,
        dump=dump,
        zones=tuple(zones),
        slum=slum,
    )


def check_counter_set(counter_set: CounterSet) -> None:
    """Raise :class:`CounterSetError` unless the set is playable on every board size.

    On an N x N board the cup holds exactly 2N landmarks (two a row), and at two players the zone
    counters fill every other square, as 2 x 24 counters fill the 48 free squares of the 8 x 8
    board in the rulebook.
    """
    name = counter_set.name
    codes = [landmark.code for landmark in (*counter_set.landmarks, counter_set.dump)]
    for code in codes:
        if len(code) != 2 or not code.isalpha() or not code.isupper():
            raise CounterSetError(f"{name}: landmark code {code!r} is not two capital letters")
    if len(set(codes)) != len(codes):
        raise CounterSetError(f"{name}: two landmarks share a code")
    names = [landmark.name for landmark in (*counter_set.landmarks, counter_set.dump)]
    if len(set(names)) != len(names):
        raise CounterSetError(f"{name}: two landmarks share a name")
    for landmark in counter_set.landmarks:
        if landmark.kind not in counter_set.landmark_types:
            raise CounterSetError(f"{name}: {landmark.name} has an unknown type {landmark.kind!r}")
        if landmark.value < 1:
            raise CounterSetError(f"{name}: {landmark.name} must be worth at least 1")
        if landmark.min_size not in BOARD_SIZES:
            raise CounterSetError(f"{name}: {landmark.name} has min_size {landmark.min_size}")
    zone_codes = [zone.code for zone in counter_set.zones] + [counter_set.slum.code]
    for code in zone_codes:
        if len(code) != 1 or not code.isalpha() or not code.isupper():
            raise CounterSetError(f"{name}: zone code {code!r} is not one capital letter")
    if len(set(zone_codes)) != len(zone_codes):
        raise CounterSetError(f"{name}: two zone types (or the slum) share a code")
    if counter_set.slum.penalty < 0:
        raise CounterSetError(f"{name}: the slum penalty cannot be negative")
    for size in BOARD_SIZES:
        cup = counter_set.landmarks_for(size)
        if len(cup) != 2 * size:
            raise CounterSetError(
                f"{name}: a {size}x{size} map needs {2 * size} landmarks, the set has {len(cup)}"
            )
        per_player = 0
        for zone in counter_set.zones:
            values = zone.access_for(size)
            if len(set(values)) != len(values) or min(values) < 1:
                raise CounterSetError(
                    f"{name}: {zone.name} needs distinct positive access values on {size}x{size}"
                )
            per_player += len(values)
        free = size * size - 2 * size
        if 2 * per_player < free:
            raise CounterSetError(
                f"{name}: two players' counters ({2 * per_player}) do not fill the {free} free "
                f"squares of a {size}x{size} map"
            )
