"""Permits, building kinds, characters and the economy, from ``data/*.json``.

A hand of permits is a tuple of counts indexed by permit number (``INQUIRY`` = 0, ...). The four
CHAV ESTATE cards (INQUIRY, LOBBY, DEMOLISH, REDEVELOP) build a plain CHAV ESTATE or are played for
their action. Building kinds drive scoring and drawing; AIR BASE and SEWAGE REPROCESSOR buildings
score as plain buildings, their permits only requisition a plot.
"""

from __future__ import annotations

from dataclasses import dataclass

from tycoon.games.milton_keynes.board import _load

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


BANK_TOTAL: int = ECONOMY["envelopes"] + ECONOMY["briefcases"] * ECONOMY["briefcase_value"]
RAIL_START: int = ECONOMY["rail_start"]
RAIL_TOP: int = ECONOMY["rail_top"]
GRANT: int = ECONOMY["grant"]
ROUNDABOUT_BONUS: int = ECONOMY["roundabout_bonus"]
INQUIRY_STEP: int = ECONOMY["inquiry_step"]
CRUNCH_STEP: int = ECONOMY["crunch_step"]
DEED_PRICE: int = ECONOMY["deed_price"]
DEMOLISH_PRICE: int = ECONOMY["demolish_buy_price"]
STARTING_DEEDS: int = ECONOMY["starting_deeds"]
ADVANCED_PERMITS: int = ECONOMY["advanced_permits"]
DEFAULT_ROUNDABOUTS: tuple[int, ...] = tuple(ECONOMY["roundabouts"])
