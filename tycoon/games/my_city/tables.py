"""The tables one configuration of My City plays with, built once from its options.

Counters are numbered within a seat's set: zone type by zone type in the counter set's order,
access values as listed (``C4`` before ``C3``), the slum last when Slums are in play. A seat's
supply (its cup) is a bitmask over these numbers; a zone on the board is stored as
``seat * counters + counter``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from tycoon.core.spec import OptionValue
from tycoon.games.my_city.board import Board, make_board
from tycoon.games.my_city.counters import CounterSet, Landmark, load_counter_set

# Rules that are numbers, named once (the rulebook's values).
LANDMARKS_PER_ROW = 2  # SETUP: "Each of the 8 rows will have 2 Landmarks"
PARK_VALUE = 1  # PARKS RULE: empty squares "become parks that are worth 1 Prestige point each"
TYPE_BONUS = 1  # LANDMARK TYPE SCORING: "an extra 1 Prestige Point"
LINE_BONUS = 1  # ZONE SCORING: "Score 1 prestige point for ... a line of Five or more Zones"

PARK_BY_ACCESS = "access"
PARK_BY_ZONES = "zones"


@dataclass(frozen=True, slots=True)
class Tables:
    players: int
    board: Board
    counter_set: CounterSet
    cup: tuple[Landmark, ...]  # the landmarks in the setup cup (the dump last, if in play)
    type_names: tuple[str, ...]  # zone type names, the slum last if in play
    type_codes: tuple[str, ...]
    slum_type: int  # index of the slum's zone type, or -1 without Slums
    slum_penalty: int
    counters: int  # counters in one seat's set
    counter_names: tuple[str, ...]  # "C4", "S"
    counter_type: tuple[int, ...]
    counter_access: tuple[int, ...]
    counter_ids: Mapping[str, int]  # canonical name -> counter number
    type_masks: tuple[int, ...]  # per zone type: bitmask of its counter numbers
    full_supply: int
    # options
    parks: bool
    park_control: str
    random_zones: bool
    rezoning: bool
    rezonings: int
    landmark_types: bool
    zone_lines: bool
    line_length: int
    slums: bool
    city_dump: bool

    def counter_of(self, zone: int) -> int:
        return zone % self.counters

    def owner_of(self, zone: int) -> int:
        return zone // self.counters

    def describe_counter(self, counter: int) -> str:
        """``C4 (Commercial)``."""
        return f"{self.counter_names[counter]} ({self.type_names[self.counter_type[counter]]})"


def build_tables(players: int, options: Mapping[str, OptionValue]) -> Tables:
    counter_set = load_counter_set(str(options["counters"]), str(options.get("data", "")))
    size = int(options["size"])
    board = make_board(size, options["map"] == "hex", bool(options["reduced-adjacency"]))
    slums = bool(options["slums"])
    city_dump = bool(options["city-dump"])
    cup = counter_set.landmarks_for(size) + ((counter_set.dump,) if city_dump else ())

    type_names = [zone.name for zone in counter_set.zones]
    type_codes = [zone.code for zone in counter_set.zones]
    names: list[str] = []
    kinds: list[int] = []
    access: list[int] = []
    for index, zone in enumerate(counter_set.zones):
        for value in zone.access_for(size):
            names.append(f"{zone.code}{value}")
            kinds.append(index)
            access.append(value)
    slum_type = -1
    if slums:
        slum_type = len(type_names)
        type_names.append(counter_set.slum.name)
        type_codes.append(counter_set.slum.code)
        names.append(counter_set.slum.code)
        kinds.append(slum_type)
        access.append(counter_set.slum.access)
    type_masks = [0] * len(type_names)
    for counter, kind in enumerate(kinds):
        type_masks[kind] |= 1 << counter

    return Tables(
        players=players,
        board=board,
        counter_set=counter_set,
        cup=cup,
        type_names=tuple(type_names),
        type_codes=tuple(type_codes),
        slum_type=slum_type,
        slum_penalty=counter_set.slum.penalty,
        counters=len(names),
        counter_names=tuple(names),
        counter_type=tuple(kinds),
        counter_access=tuple(access),
        counter_ids={name: counter for counter, name in enumerate(names)},
        type_masks=tuple(type_masks),
        full_supply=(1 << len(names)) - 1,
        parks=bool(options["parks"]),
        park_control=str(options["park-control"]),
        random_zones=bool(options["random-zones"]),
        rezoning=bool(options["rezoning"]),
        rezonings=int(options["rezonings"]),
        landmark_types=bool(options["landmark-types"]),
        zone_lines=bool(options["zone-lines"]),
        line_length=int(options["line-length"]),
        slums=slums,
        city_dump=city_dump,
    )
