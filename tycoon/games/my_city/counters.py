"""Counter sets: the landmarks and zone counters of a game, read from ``data/counters/*.json``.

A counter set names its landmarks (value, landmark type, the smallest board they are used on),
the City Dump variant's negative landmark, its zone types (a one-letter code and the access values
of one counter each, per board size) and the Slums variant's counter. The rulebook's own set is
``classic``; the others are the ALTERNATE COUNTERSETS variant. Files are read once and checked
here; a test loads every file.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data" / "counters"
BOARD_SIZES = (8, 10, 12)


class CounterSetError(ValueError):
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


@cache
def load_counter_set(name: str) -> CounterSet:
    """The counter set ``name``, read and checked once."""
    path = DATA / f"{name}.json"
    if not path.is_file():
        raise CounterSetError(f"no counter set {name!r} (sets: {', '.join(counter_set_names())})")
    with path.open(encoding="utf-8") as handle:
        data = json.load(handle)
    counter_set = _parse(data, path.name)
    check_counter_set(counter_set)
    return counter_set


def _parse(data: Any, source: str) -> CounterSet:
    try:
        landmarks = tuple(
            Landmark(
                str(item["name"]),
                str(item["code"]),
                int(item["value"]),
                str(item["type"]),
                int(item["min_size"]),
            )
            for item in data["landmarks"]
        )
        dump_data = data["dump"]
        dump = Landmark(
            str(dump_data["name"]), str(dump_data["code"]), int(dump_data["value"]), None, 8
        )
        zones = tuple(
            ZoneType(
                str(item["name"]),
                str(item["code"]),
                tuple(
                    (int(size), tuple(int(v) for v in values))
                    for size, values in sorted(item["access"].items(), key=lambda kv: int(kv[0]))
                ),
            )
            for item in data["zones"]
        )
        slum_data = data["slum"]
        slum = SlumType(
            str(slum_data["name"]),
            str(slum_data["code"]),
            int(slum_data["access"]),
            int(slum_data["penalty"]),
        )
        return CounterSet(
            name=str(data["name"]),
            title=str(data["title"]),
            description=str(data["description"]),
            landmark_types=tuple(str(t) for t in data["landmark_types"]),
            landmarks=landmarks,
            dump=dump,
            zones=zones,
            slum=slum,
        )
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise CounterSetError(f"{source}: malformed counter set ({error!r})") from None


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
