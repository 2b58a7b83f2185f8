"""Permits, building kinds, characters and the economy, from ``data/*.json``.

A hand of permits is a tuple of counts indexed by permit number (``INQUIRY`` = 0, ...). The four
CHAV ESTATE cards (INQUIRY, LOBBY, DEMOLISH, REDEVELOP) build a plain CHAV ESTATE or are played for
their action. Building kinds drive scoring and drawing; AIR BASE and SEWAGE REPROCESSOR buildings
score as plain buildings, their permits only requisition a plot.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from tycoon.core import DataFiles
from tycoon.games.milton_keynes.board import DATA, MapData, MKDataError, _load, load_map

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
    rail_start: int  # the income rail's first position (every marker starts here)
    rail_top: int  # its last
    roundabouts: tuple[int, ...]  # the default roundabouts (option ``roundabouts``)


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
    rail_start = _whole(data, "rail_start", 0, 100)
    rail_top = _whole(data, "rail_top", rail_start + 1, 200)
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
        rail_start=rail_start,
        rail_top=rail_top,
        roundabouts=tuple(sorted(set(roundabouts))),
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


_STYLE = re.compile(r"[a-z0-9_# ]{1,30}")
_CODE = re.compile(r"[a-z]{1,20}")
#: The most seats a game has: the characters dealt and the permits they start with must fit it.
MOST_PLAYERS = 5


def _fail(file: str, field: str, reason: str) -> MKDataError:
    return MKDataError(f"{file} {field}: {reason}")


def _text(item: Any, key: str, file: str, where: str, longest: int = 40) -> str:
    value = item.get(key) if isinstance(item, dict) else None
    if not isinstance(value, str) or not value.strip() or len(value) > longest:
        raise _fail(file, f"{where}.{key}", f"must be text of 1..{longest} characters")
    return value


def _count(value: Any, file: str, field: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _fail(file, field, f"must be a whole number {low}..{high}, not {value!r:.40}")
    return value


@dataclass(frozen=True, slots=True)
class Catalogue:
    """Everything a game reads from its data files, checked: the map, the permit deck, the
    characters and the economy (with the income rail)."""

    map: MapData
    permit_names: tuple[str, ...]
    permit_counts: tuple[int, ...]  # the deck, by permit
    coloured_blocks: tuple[int, ...]  # by building kind, -1: no limit
    characters: tuple[Character, ...]
    economy: Economy

    def full_deck(self) -> list[int]:
        deck: list[int] = []
        for permit, count in enumerate(self.permit_counts):
            deck.extend([permit] * count)
        return deck

    def character_index(self, code: str) -> int | None:
        for index, character in enumerate(self.characters):
            if character.code == code:
                return index
        return None

    def parse_character(self, text: str) -> int | None:
        """A character from its code or name (``Cpt. Blue``, ``blue``), case-insensitive."""
        key = text.strip().lower()
        for index, character in enumerate(self.characters):
            if key in (character.code, character.name.lower()):
                return index
        if self.characters == CHARACTERS:
            return parse_character(text)
        return None


def load_permits(data: Any) -> tuple[tuple[str, ...], tuple[int, ...], tuple[int, ...]]:
    """permits.json: the deck's names and counts (its codes are the rules' own, in order) and
    the coloured blocks by building kind."""
    file = "permits.json"
    if not isinstance(data, dict):
        raise _fail(file, "", "the file holds a JSON object")
    deck = data.get("deck")
    if not isinstance(deck, list) or len(deck) != PERMIT_TYPES:
        raise _fail(
            file,
            "deck",
            f"the {PERMIT_TYPES} permits, one entry each ({', '.join(PERMIT_CODES)}): each code "
            "is a rule of the game, so permits cannot be added or removed",
        )
    names: list[str] = []
    counts: list[int] = []
    for i, entry in enumerate(deck):
        if not isinstance(entry, dict) or entry.get("code") != PERMIT_CODES[i]:
            raise _fail(
                file,
                f"deck.{i}.code",
                f"must be {PERMIT_CODES[i]} (the codes are the rules' own, in this order), not "
                f"{(entry.get('code') if isinstance(entry, dict) else entry)!r:.30}",
            )
        names.append(_text(entry, "name", file, f"deck.{i}"))
        counts.append(_count(entry.get("count"), file, f"deck.{i}.count", 0, 30))
    blocks_data = data.get("coloured_blocks")
    kinds = {"COMMONS": COMMONS, "DUMP": DUMP, "ALLOTMENTS": ALLOTMENTS}
    if not isinstance(blocks_data, dict) or set(blocks_data) != set(kinds):
        raise _fail(file, "coloured_blocks", "an object with COMMONS, DUMP and ALLOTMENTS")
    blocks = [-1] * len(KIND_NAMES)
    for name, kind in kinds.items():
        blocks[kind] = _count(blocks_data[name], file, f"coloured_blocks.{name}", 0, 40)
    return tuple(names), tuple(counts), tuple(blocks)


def load_characters(data: Any) -> tuple[Character, ...]:
    """characters.json: each character's code, name, colour (a terminal style) and starting
    permits (codes of the deck)."""
    file = "characters.json"
    if not isinstance(data, dict) or not isinstance(data.get("characters"), list):
        raise _fail(file, "characters", "a list of characters")
    entries = data["characters"]
    if not 1 <= len(entries) <= 12:
        raise _fail(file, "characters", f"1..12 characters, not {len(entries)}")
    characters: list[Character] = []
    for i, entry in enumerate(entries):
        where = f"characters.{i}"
        code = _text(entry, "code", file, where, 20)
        if not _CODE.fullmatch(code):
            raise _fail(file, f"{where}.code", f"small letters a-z only, not {code!r:.30}")
        if any(c.code == code for c in characters):
            raise _fail(file, f"{where}.code", f"{code} names two characters")
        name = _text(entry, "name", file, where)
        colour = _text(entry, "colour", file, where, 30)
        if not _STYLE.fullmatch(colour):
            raise _fail(
                file,
                f"{where}.colour",
                "a terminal colour such as 'blue' or '#2166ac' (small letters, digits, _, #)",
            )
        permits = entry.get("permits")
        if not isinstance(permits, list) or not 0 <= len(permits) <= 12:
            raise _fail(file, f"{where}.permits", "a list of up to 12 permit codes")
        for j, code_text in enumerate(permits):
            if code_text not in PERMIT_INDEX:
                raise _fail(
                    file,
                    f"{where}.permits.{j}",
                    f"{code_text!r:.30} is not a permit ({', '.join(PERMIT_CODES)})",
                )
        characters.append(Character(code, name, colour, hand_of(permits)))
    return tuple(characters)


def check_catalogue(catalogue: Catalogue) -> None:
    """The cross-references between files the rules need."""
    counts = catalogue.permit_counts
    for permit in range(PERMIT_TYPES):
        # The characters dealt take their starting permits out of the deck.
        held = sorted((c.permits[permit] for c in catalogue.characters), reverse=True)
        need = sum(held[:MOST_PLAYERS])
        if need > counts[permit]:
            raise _fail(
                "permits.json",
                f"deck.{permit}.count",
                f"{counts[permit]} {PERMIT_CODES[permit]} permits, but the characters dealt to "
                f"{MOST_PLAYERS} players may start with {need} (characters.json)",
            )
    economy = catalogue.economy
    if sum(counts) < MOST_PLAYERS * economy.advanced_permits:
        raise _fail(
            "permits.json",
            "deck",
            f"{sum(counts)} permits, fewer than the advanced game deals "
            f"({MOST_PLAYERS} players x {economy.advanced_permits}, economy.json advanced_permits)",
        )
    mapdata = catalogue.map
    for players in range(2, MOST_PLAYERS + 1):
        deeds = mapdata.region(players) & ~mapdata.standard_river & ~mapdata.standard_marsh
        if deeds.bit_count() <= players * economy.starting_deeds:
            raise _fail(
                "board.json",
                f"regions.{players}",
                f"{deeds.bit_count()} deeds in play for {players} players, not more than they "
                f"are dealt ({economy.starting_deeds} each, economy.json starting_deeds)",
            )


def load_catalogue(documents: Mapping[str, Any]) -> Catalogue:
    """Every data file checked field by field, then against each other."""
    names, counts, blocks = load_permits(documents["permits.json"])
    catalogue = Catalogue(
        map=load_map(documents["board.json"]),
        permit_names=names,
        permit_counts=counts,
        coloured_blocks=blocks,
        characters=load_characters(documents["characters.json"]),
        economy=load_economy(documents["economy.json"]),
    )
    check_catalogue(catalogue)
    return catalogue


@lru_cache(maxsize=16)
def game_catalogue(data: str) -> Catalogue:
    """The catalogue the ``data`` option names, checked (:class:`MKDataError` naming the file
    and the field)."""
    return load_catalogue(MK_DATA.documents(data))


def game_economy(data: str) -> Economy:
    """The economy the ``data`` option names, checked."""
    return game_catalogue(data).economy


CATALOGUE = game_catalogue(MK_DATA.default)
