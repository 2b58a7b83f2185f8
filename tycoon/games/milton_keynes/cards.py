"""Permits, building kinds, characters and the economy, from ``data/*.json``.

A hand of permits is a tuple of counts indexed by permit number (``INQUIRY`` = 0, ...). The four
CHAV ESTATE cards (INQUIRY, LOBBY, DEMOLISH, REDEVELOP) build a plain CHAV ESTATE or are played for
their action. Building kinds drive scoring and drawing; AIR BASE and SEWAGE REPROCESSOR buildings
score as plain buildings, their permits only requisition a plot.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from tycoon.core import DataError, DataFiles
from tycoon.core.data import diff, leaves, same
from tycoon.games.milton_keynes.board import BOARD_DATA, DATA, _load

PERMITS_DATA = _load("permits.json")
ECONOMY = _load("economy.json")
CHARACTERS_DATA = _load("characters.json")

PERMIT_CODES: tuple[str, ...] = tuple(entry["code"] for entry in PERMITS_DATA["deck"])
PERMIT_NAMES: tuple[str, ...] = tuple(entry["name"] for entry in PERMITS_DATA["deck"])
PERMIT_COUNTS: tuple[int, ...] = tuple(entry["count"] for entry in PERMITS_DATA["deck"])
PERMIT_INDEX: dict[str, int] = {code: i for i, code in enumerate(PERMIT_CODES)}
PERMIT_TYPES = len(PERMIT_CODES)

INQUIRY = PERMIT_INDEX["INQUIRY"]
LOBBY = PERMIT_INDEX["LOBBY"]
DEMOLISH = PERMIT_INDEX["DEMOLISH"]
REDEVELOP = PERMIT_INDEX["REDEVELOP"]
COMMONS_PERMIT = PERMIT_INDEX["COMMONS"]
DUMP_PERMIT = PERMIT_INDEX["DUMP"]
ALLOTMENTS_PERMIT = PERMIT_INDEX["ALLOTMENTS"]
NATURE_PERMIT = PERMIT_INDEX["NATURE-RESERVE"]
EXTENSION = PERMIT_INDEX["EXTENSION"]
AIR_BASE_PERMIT = PERMIT_INDEX["AIR-BASE"]
SEWAGE_PERMIT = PERMIT_INDEX["SEWAGE-REPROCESSOR"]
CHAV_CARDS: tuple[int, ...] = (INQUIRY, LOBBY, DEMOLISH, REDEVELOP)

# Building kinds.
CHAV, COMMONS, DUMP, ALLOTMENTS, NATURE, AIR_BASE, SEWAGE = range(7)
KIND_NAMES = (
    "CHAV ESTATE",
    "COMMONS",
    "DUMP",
    "ALLOTMENTS",
    "NATURE RESERVE",
    "AIR BASE",
    "SEWAGE REPROCESSOR",
)
KIND_LETTERS = ("E", "C", "D", "A", "N", "B", "S")
KIND_OF_PERMIT: tuple[int, ...] = tuple(
    {
        COMMONS_PERMIT: COMMONS,
        DUMP_PERMIT: DUMP,
        ALLOTMENTS_PERMIT: ALLOTMENTS,
        NATURE_PERMIT: NATURE,
        AIR_BASE_PERMIT: AIR_BASE,
        SEWAGE_PERMIT: SEWAGE,
        EXTENSION: -1,
    }.get(p, CHAV)
    for p in range(PERMIT_TYPES)
)

# FACT: a building has at most 6 connected plots; a DUMP at most 3 even extended; a COMMONS is one
# plot and cannot be extended.
MAX_PLOTS = 6
KIND_MAX_PLOTS: tuple[int, ...] = (6, 1, 3, 6, 6, 6, 6)
MAX_NEW_BUILDINGS = 2

# FACT: coloured blocks in the box (COMMONS red, DUMP brown, ALLOTMENTS green), by kind.
_BLOCKS = PERMITS_DATA["coloured_blocks"]
COLOURED_BLOCKS: tuple[int, ...] = tuple(
    {COMMONS: _BLOCKS["COMMONS"], DUMP: _BLOCKS["DUMP"], ALLOTMENTS: _BLOCKS["ALLOTMENTS"]}.get(
        kind, -1
    )
    for kind in range(7)
)

EMPTY_HAND: tuple[int, ...] = (0,) * PERMIT_TYPES


def hand_of(codes: list[str] | tuple[str, ...]) -> tuple[int, ...]:
    counts = [0] * PERMIT_TYPES
    for code in codes:
        counts[PERMIT_INDEX[code]] += 1
    return tuple(counts)


def full_deck() -> list[int]:
    deck: list[int] = []
    for permit, count in enumerate(PERMIT_COUNTS):
        deck.extend([permit] * count)
    return deck


def parse_permit(text: str) -> int | None:
    """A permit from its code, case-insensitive, ``_`` or space for ``-`` (``nature reserve``)."""
    key = text.strip().upper().replace("_", "-").replace(" ", "-")
    aliases = {"SEWAGE": "SEWAGE-REPROCESSOR", "NATURE": "NATURE-RESERVE", "AIRBASE": "AIR-BASE"}
    return PERMIT_INDEX.get(aliases.get(key, key))


def permit_title(permit: int) -> str:
    """A permit named as the card it is: the four actions are CHAV ESTATE cards."""
    code = PERMIT_CODES[permit]
    return f"CHAV ESTATE ({code})" if permit in CHAV_CARDS else code


def permits_text(hand: tuple[int, ...]) -> str:
    parts = []
    for permit, count in enumerate(hand):
        if count:
            parts.append(PERMIT_CODES[permit] if count == 1 else f"{count}x {PERMIT_CODES[permit]}")
    return ", ".join(parts) if parts else "none"


@dataclass(frozen=True, slots=True)
class Character:
    code: str
    name: str
    colour: str
    permits: tuple[int, ...]  # the starting hand, as counts


CHARACTERS: tuple[Character, ...] = tuple(
    Character(entry["code"], entry["name"], entry["colour"], hand_of(entry["permits"]))
    for entry in CHARACTERS_DATA["characters"]
)
CHARACTER_INDEX: dict[str, int] = {c.code: i for i, c in enumerate(CHARACTERS)}
SEAT_COLOURS = ("red", "blue", "green", "yellow", "magenta")


def parse_character(text: str) -> int | None:
    key = text.strip().lower().replace(".", "").replace("cpt ", "").replace("mr ", "")
    key = key.replace("cllr ", "").replace("lord ", "").replace("dr ", "")
    if key == "scarlett":
        key = "scarlet"
    if key == "grey":
        key = "gray"
    return CHARACTER_INDEX.get(key)


RAIL_START: int = ECONOMY["rail_start"]
RAIL_TOP: int = ECONOMY["rail_top"]
DEFAULT_ROUNDABOUTS: tuple[int, ...] = tuple(ECONOMY["roundabouts"])


# -- what-if data ------------------------------------------------------------------------------

#: The catalogues a designer may replace or patch (``--data``).
MK_DATA = DataFiles(
    home=DATA, files=("board.json", "characters.json", "economy.json", "permits.json")
)

#: The economy.json fields a game may change; the rest (the income rail, the map, the permit
#: deck and the characters) shape the tables the rules are built on at import.
VARIABLE_ECONOMY = (
    "envelopes",
    "briefcases",
    "briefcase_value",
    "grant",
    "roundabout_bonus",
    "inquiry_step",
    "crunch_step",
    "deed_price",
    "demolish_buy_price",
    "starting_deeds",
    "advanced_permits",
)


class MKDataError(DataError, ValueError):
    """A Milton Keynes data file the rules cannot play; the reason names the file and field."""


@dataclass(frozen=True, slots=True)
class Economy:
    """The numbers of economy.json a game plays with."""

    bank_total: int  # envelopes + briefcases x briefcase value
    grant: int
    roundabout_bonus: int
    inquiry_step: int
    crunch_step: int
    deed_price: int
    demolish_price: int
    starting_deeds: int
    advanced_permits: int


def _whole(data: dict[str, Any], key: str, low: int, high: int | None = None) -> int:
    where = f"economy.json {key}"
    if key not in data:
        raise MKDataError(f"{where}: missing")
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise MKDataError(f"{where}: must be a whole number >= {low}, not {value!r:.40}")
    if high is not None and value > high:
        raise MKDataError(f"{where}: must be at most {high}, not {value}")
    return value


def load_economy(data: Any) -> Economy:
    """economy.json checked field by field (counts, ranges, the rail and its roundabouts)."""
    if not isinstance(data, dict):
        raise MKDataError("economy.json: the file holds a JSON object")
    rail_start = _whole(data, "rail_start", 0)
    rail_top = _whole(data, "rail_top", rail_start + 1)
    roundabouts = data.get("roundabouts")
    if not isinstance(roundabouts, list) or not all(
        isinstance(r, int) and not isinstance(r, bool) and rail_start <= r <= rail_top
        for r in roundabouts
    ):
        raise MKDataError(
            f"economy.json roundabouts: positions on the rail, {rail_start}..{rail_top}"
        )
    envelopes = _whole(data, "envelopes", 0)
    briefcases = _whole(data, "briefcases", 0)
    value = _whole(data, "briefcase_value", 1)
    bonus = _whole(data, "roundabout_bonus", 0)
    if bonus % value:
        raise MKDataError(
            f"economy.json roundabout_bonus: paid in briefcases, a multiple of {value}"
        )
    deeds = _whole(data, "starting_deeds", 1, 6)
    economy = Economy(
        bank_total=envelopes + briefcases * value,
        grant=_whole(data, "grant", 0),
        roundabout_bonus=bonus,
        inquiry_step=_whole(data, "inquiry_step", 1, rail_top - rail_start),
        crunch_step=_whole(data, "crunch_step", 1),
        deed_price=_whole(data, "deed_price", 0),
        demolish_price=_whole(data, "demolish_buy_price", 0),
        starting_deeds=deeds,
        advanced_permits=_whole(data, "advanced_permits", 0, 8),
    )
    if economy.bank_total < 1:
        # A bank short of the incomes is a credit crunch (the rules cut every due), not an error.
        raise MKDataError("economy.json envelopes, briefcases: the bank holds no money")
    return economy


ECONOMY_BUILT_IN = load_economy(ECONOMY)
# The built-in figures (a game reads its own, ``rules.economy``, which --data may change).
BANK_TOTAL = ECONOMY_BUILT_IN.bank_total
GRANT = ECONOMY_BUILT_IN.grant
ROUNDABOUT_BONUS = ECONOMY_BUILT_IN.roundabout_bonus
INQUIRY_STEP = ECONOMY_BUILT_IN.inquiry_step
CRUNCH_STEP = ECONOMY_BUILT_IN.crunch_step
DEED_PRICE = ECONOMY_BUILT_IN.deed_price
DEMOLISH_PRICE = ECONOMY_BUILT_IN.demolish_price
STARTING_DEEDS = ECONOMY_BUILT_IN.starting_deeds
ADVANCED_PERMITS = ECONOMY_BUILT_IN.advanced_permits


@lru_cache(maxsize=16)
def game_economy(data: str) -> Economy:
    """The economy the ``data`` option names, checked; the other files (and the rail) must be
    the built-in ones, refused by field otherwise."""
    documents = MK_DATA.documents(data)
    economy = load_economy(documents["economy.json"])
    fixed_economy = {
        k: v for k, v in documents["economy.json"].items() if k not in VARIABLE_ECONOMY
    }
    built_in = {k: v for k, v in ECONOMY.items() if k not in VARIABLE_ECONOMY}
    for file, mine, theirs in (
        ("economy.json", fixed_economy, built_in),
        ("board.json", documents["board.json"], BOARD_DATA),
        ("characters.json", documents["characters.json"], CHARACTERS_DATA),
        ("permits.json", documents["permits.json"], PERMITS_DATA),
    ):
        if not same(mine, theirs):
            changed = [".".join(path) for path, _ in leaves(diff(theirs, mine, file))]
            raise MKDataError(
                f"{file} {', '.join(changed[:4])}: Milton Keynes plays the built-in map, "
                "characters, permit deck and income rail in this version; what-if data may "
                f"change these economy.json fields: {', '.join(VARIABLE_ECONOMY)}"
            )
    return economy
