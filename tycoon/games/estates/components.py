"""The Estates' components and board, from ``data/components.json`` (or what-if data).

Pieces are small integers so that states stay lean: a floor cube is ``colour * values + value -
1`` (0..35 built in), then come the rooftop, the building permits (barriers 1, 2, 3), the Mayor
and the Cancel cube. A lot is ``row * lots + lot - 1`` (rows 0..2 are upper, middle, lower; lots
1..10 are counted from Main Street). Every table a game plays with is in its :class:`Layout`,
made from the catalogue its ``data`` option names; the module-level names are the built-in ones.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from tycoon.core import DataError, DataFiles
from tycoon.core.data import read_json

DATA_FILE = Path(__file__).parent / "data" / "components.json"


@dataclass(frozen=True, slots=True)
class Colour:
    """A company: its name, its one-letter code in the notation and its terminal style."""

    name: str
    letter: str
    style: str


@dataclass(frozen=True, slots=True)
class RowInfo:
    """One development row of the board."""

    name: str
    letter: str
    white_dirt: tuple[int, ...]  # lots (1-based) that take a single floor cube


@dataclass(frozen=True, slots=True)
class Components:
    starting_money: int
    cheques_in_box: int
    colours: tuple[Colour, ...]
    cube_values: tuple[int, ...]
    cubes_drawn: int
    offer_rows: int
    offer_row_length: int
    rooftops: tuple[int, ...]
    barriers: tuple[int, ...]
    rows: tuple[RowInfo, ...]
    lots_per_row: int
    river_after_lot: int
    initial_requirement: int
    cubes_on_white_dirt: int
    round_wins_to_end: int


class ComponentsError(DataError, ValueError):
    """A components.json that the rules cannot play; the reason names the file and the field."""


def _ints(data: Any, name: str) -> tuple[int, ...]:
    if not isinstance(data, list) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in data
    ):
        raise ComponentsError(f"components.json {name}: must be a list of whole numbers")
    return tuple(data)


def _int(data: Any, name: str, low: int = 0) -> int:
    if not isinstance(data, int) or isinstance(data, bool) or data < low:
        raise ComponentsError(f"components.json {name}: must be a whole number >= {low}")
    return data


def _text(item: Any, key: str, where: str) -> str:
    if not isinstance(item, dict):
        raise ComponentsError(f"components.json {where}: must be an object")
    value = item.get(key)
    if not isinstance(value, str) or not value.strip() or len(value) > 40:
        raise ComponentsError(f"components.json {where}.{key}: must be text of 1..40 characters")
    return value


def _style(value: str, where: str) -> str:
    if not re.fullmatch(r"[a-z0-9_# ]+", value):
        raise ComponentsError(
            f"components.json {where}: a terminal style such as 'bold red' or '#d04040' "
            f"(small letters, digits, _, # and spaces), not {value!r:.40}"
        )
    return value


def _get(raw: dict[str, Any], key: str) -> Any:
    if key not in raw:
        raise ComponentsError(f"components.json: needs {key!r}")
    return raw[key]


#: The catalogue a designer may replace or patch (``--data``).
ESTATES_DATA = DataFiles(home=DATA_FILE.parent, files=("components.json",))


def load_components(path: Path | None = None, raw: Any = None) -> Components:
    """Read (``path``, the built-in file when neither is given) or take (``raw``) the catalogue
    and validate it; raises :class:`ComponentsError` naming the field."""
    if raw is None:
        raw = read_json(path or DATA_FILE, "components.json")
    if not isinstance(raw, dict):
        raise ComponentsError("components.json: the file holds a JSON object")
    colour_list = _get(raw, "colours")
    row_list = _get(raw, "rows")
    if not isinstance(colour_list, list) or not isinstance(row_list, list):
        raise ComponentsError("components.json colours, rows: must be lists")
    colours = tuple(
        Colour(
            _text(c, "name", f"colours.{i}"),
            _text(c, "letter", f"colours.{i}"),
            _style(_text(c, "style", f"colours.{i}"), f"colours.{i}.style"),
        )
        for i, c in enumerate(colour_list)
    )
    rows = tuple(
        RowInfo(
            _text(r, "name", f"rows.{i}"),
            _text(r, "letter", f"rows.{i}"),
            _ints(r.get("white_dirt"), f"rows.{i}.white_dirt"),
        )
        for i, r in enumerate(row_list)
    )
    components = Components(
        starting_money=_int(_get(raw, "starting_money"), "starting_money", 1),
        cheques_in_box=_int(_get(raw, "cheques_in_box"), "cheques_in_box"),
        colours=colours,
        cube_values=_ints(_get(raw, "cube_values"), "cube_values"),
        cubes_drawn=_int(_get(raw, "cubes_drawn"), "cubes_drawn"),
        offer_rows=_int(_get(raw, "offer_rows"), "offer_rows"),
        offer_row_length=_int(_get(raw, "offer_row_length"), "offer_row_length"),
        rooftops=_ints(_get(raw, "rooftops"), "rooftops"),
        barriers=_ints(_get(raw, "barriers"), "barriers"),
        rows=rows,
        lots_per_row=_int(_get(raw, "lots_per_row"), "lots_per_row"),
        river_after_lot=_int(_get(raw, "river_after_lot"), "river_after_lot"),
        initial_requirement=_int(_get(raw, "initial_requirement"), "initial_requirement"),
        cubes_on_white_dirt=_int(_get(raw, "cubes_on_white_dirt"), "cubes_on_white_dirt"),
        round_wins_to_end=_int(_get(raw, "round_wins_to_end"), "round_wins_to_end", 1),
    )
    validate(components)
    return components


# Bounds a catalogue must keep (the notation writes a cube as a letter and one digit; the board,
# its drawing and the RL encoding grow with the rows and lots, within reason).
MAX_COLOURS = 9
MAX_VALUES = 9
MAX_ROWS = 6
MAX_LOTS = 20
MAX_BARRIERS = 9
MAX_ROOFTOPS = 60
MAX_ROOF_VALUE = 20
MAX_MONEY = 1000
MAX_ROUND_WINS = 9


def _fail(field: str, reason: str) -> ComponentsError:
    return ComponentsError(f"components.json {field}: {reason}")


def validate(c: Components) -> None:
    """The invariants the rules, the notation and the drawings rely on; each refusal names the
    field and why."""
    if not 1 <= len(c.colours) <= MAX_COLOURS:
        raise _fail("colours", f"1..{MAX_COLOURS} companies, not {len(c.colours)}")
    if not 2 <= len(c.rows) <= MAX_ROWS:
        raise _fail(
            "rows",
            f"2..{MAX_ROWS} rows, not {len(c.rows)} (a round ends when two rows are complete)",
        )
    seen: dict[str, str] = {}
    letters = (
        ("colours", tuple(col.letter for col in c.colours)),
        ("rows", tuple(row.letter for row in c.rows)),
    )
    for kind, items in letters:
        for i, letter in enumerate(items):
            if len(letter) != 1 or not ("A" <= letter <= "Z"):
                raise _fail(f"{kind}.{i}.letter", f"one capital letter A-Z, not {letter!r:.20}")
            if letter in seen:
                raise _fail(
                    f"{kind}.{i}.letter",
                    f"{letter} is already the letter of {seen[letter]}: colour and row letters "
                    "must all differ (the notation reads B5 as a cube, U3 as a lot)",
                )
            seen[letter] = f"{kind}.{i}"
    names = [col.name.lower() for col in c.colours]
    if len(set(names)) != len(names):
        raise _fail("colours", "two companies have the same name")
    rows = [row.name.lower() for row in c.rows]
    if len(set(rows)) != len(rows):
        raise _fail("rows", "two rows have the same name")
    if not 1 <= len(c.cube_values) <= MAX_VALUES or c.cube_values != tuple(
        range(1, len(c.cube_values) + 1)
    ):
        raise _fail(
            "cube_values", f"the values 1, 2, ... n of each colour's cubes, n <= {MAX_VALUES}"
        )
    cubes = len(c.colours) * len(c.cube_values)
    if not 1 <= c.cubes_drawn <= cubes:
        raise _fail("cubes_drawn", f"1..{cubes} (the cubes there are), not {c.cubes_drawn}")
    if c.offer_rows < 1 or c.offer_row_length < 1:
        raise _fail("offer_rows", "at least one offer row of at least one cube")
    if c.offer_rows * c.offer_row_length != c.cubes_drawn:
        raise _fail(
            "offer_rows",
            f"{c.offer_rows} offer rows of {c.offer_row_length} hold "
            f"{c.offer_rows * c.offer_row_length} cubes, but {c.cubes_drawn} are drawn",
        )
    if len(c.barriers) > MAX_BARRIERS or c.barriers != tuple(range(1, len(c.barriers) + 1)):
        raise _fail("barriers", f"valued 1, 2, ... n (at most {MAX_BARRIERS})")
    if not 2 <= c.lots_per_row <= MAX_LOTS:
        raise _fail("lots_per_row", f"2..{MAX_LOTS}, not {c.lots_per_row}")
    if not 0 < c.initial_requirement < c.lots_per_row:
        raise _fail(
            "initial_requirement",
            f"1..{c.lots_per_row - 1}: it must fit the row with a lot past it for a permit",
        )
    if c.river_after_lot != c.initial_requirement:
        raise _fail(
            "river_after_lot",
            f"the river marks the initial requirement ({c.initial_requirement}), "
            f"not {c.river_after_lot}",
        )
    if not c.rooftops or len(c.rooftops) > MAX_ROOFTOPS:
        raise _fail("rooftops", f"1..{MAX_ROOFTOPS} rooftops")
    if not all(1 <= v <= MAX_ROOF_VALUE for v in c.rooftops):
        raise _fail("rooftops", f"values 1..{MAX_ROOF_VALUE}")
    for i, row in enumerate(c.rows):
        for lot in row.white_dirt:
            if not 1 <= lot <= c.lots_per_row:
                raise _fail(
                    f"rows.{i}.white_dirt",
                    f"white dirt lot {lot} is off the board (lots 1..{c.lots_per_row})",
                )
        if len(set(row.white_dirt)) != len(row.white_dirt):
            raise _fail(f"rows.{i}.white_dirt", "a lot is listed twice")
    if c.cubes_on_white_dirt < 1:
        raise _fail("cubes_on_white_dirt", "a white-dirt lot takes at least one floor cube")
    if c.starting_money > MAX_MONEY:
        raise _fail("starting_money", f"at most {MAX_MONEY}")
    if c.round_wins_to_end > MAX_ROUND_WINS:
        raise _fail("round_wins_to_end", f"at most {MAX_ROUND_WINS}")


# Where a barrier, the Mayor or the Cancel cube is when not on the board.
IN_SUPPLY = -1
REMOVED = -2
NO_PIECE = -1


class Layout:
    """The tables a game plays with, made once from its :class:`Components`: the pieces' codes
    (a floor cube is ``colour * values + value - 1``; then the rooftop, the barriers 1..n, the
    Mayor and the Cancel cube), the lots (``row * lots + lot - 1``) and the white dirt, with the
    codes and names of the notation."""

    __slots__ = (
        "barrier_base",
        "cancel",
        "colours",
        "components",
        "initial_requirement",
        "lots",
        "max_requirement",
        "mayor",
        "num_barriers",
        "num_cubes",
        "num_pieces",
        "num_rows",
        "piece_by_code",
        "piece_codes",
        "roof",
        "row_by_letter",
        "rows",
        "values",
        "white_cap",
        "white_dirt",
    )

    def __init__(self, components: Components) -> None:
        self.components = components
        self.colours = components.colours
        self.rows = components.rows
        self.num_rows = len(self.rows)
        self.lots = components.lots_per_row
        self.values = len(components.cube_values)
        self.num_cubes = len(self.colours) * self.values
        self.num_barriers = len(components.barriers)
        self.roof = self.num_cubes
        self.barrier_base = self.num_cubes  # barrier v is barrier_base + v
        self.mayor = self.num_cubes + self.num_barriers + 1
        self.cancel = self.mayor + 1
        self.num_pieces = self.cancel + 1
        # A building permit stands on the empty lot just past its row's requirement ("Place a
        # Building Permit on an empty development lot"), so a row requires at most one lot
        # fewer than it has.
        self.max_requirement = self.lots - 1
        self.initial_requirement = components.initial_requirement
        self.white_dirt: tuple[bool, ...] = tuple(
            (lot + 1) in self.rows[row].white_dirt
            for row in range(self.num_rows)
            for lot in range(self.lots)
        )
        self.white_cap = components.cubes_on_white_dirt
        self.piece_codes: tuple[str, ...] = tuple(self._code(p) for p in range(self.num_pieces))
        self.piece_by_code: dict[str, int] = {
            code.lower(): p for p, code in enumerate(self.piece_codes)
        }
        self.row_by_letter: dict[str, int] = {
            row.letter.lower(): index for index, row in enumerate(self.rows)
        }

    def cube_value(self, cube: int) -> int:
        return cube % self.values + 1

    def cube_colour(self, cube: int) -> int:
        return cube // self.values

    def cube_code(self, cube: int) -> str:
        """The notation of a cube: colour letter and value, e.g. ``B5``."""
        return f"{self.colours[cube // self.values].letter}{cube % self.values + 1}"

    def cube_name(self, cube: int) -> str:
        """A cube as a person says it, e.g. ``Blue 5``."""
        return f"{self.colours[cube // self.values].name} {cube % self.values + 1}"

    def is_barrier(self, piece: int) -> bool:
        return self.barrier_base < piece < self.mayor

    def _code(self, piece: int) -> str:
        if piece < self.num_cubes:
            return self.cube_code(piece)
        if piece == self.roof:
            return "roof"
        if self.is_barrier(piece):
            return f"barrier{piece - self.barrier_base}"
        if piece == self.mayor:
            return "mayor"
        if piece == self.cancel:
            return "cancel"
        raise ValueError(f"no piece {piece}")

    def piece_code(self, piece: int) -> str:
        """The notation of a piece in an ``auction`` action."""
        if 0 <= piece < self.num_pieces:
            return self.piece_codes[piece]
        raise ValueError(f"no piece {piece}")

    def piece_name(self, piece: int, roof_value: int = 0) -> str:
        """A piece as a person says it."""
        if piece < self.num_cubes:
            return f"the {self.cube_name(piece)} floor cube"
        if piece == self.roof:
            return f"the rooftop {roof_value}" if roof_value else "a rooftop"
        if self.is_barrier(piece):
            return f"barrier {piece - self.barrier_base}"
        if piece == self.mayor:
            return "the Mayor"
        return "the Cancel cube"

    def lot_code(self, index: int) -> str:
        """A lot as written in the notation: row letter and lot number, e.g. ``U3``."""
        return f"{self.rows[index // self.lots].letter}{index % self.lots + 1}"

    def barrier_words(self) -> str:
        """``barrier 1..3`` (or what this catalogue has) for help texts."""
        if not self.num_barriers:
            return "no barriers"
        if self.num_barriers <= 2:
            return " or ".join(f"barrier {v}" for v in range(1, self.num_barriers + 1))
        return f"barrier 1..{self.num_barriers}"


COMPONENTS = load_components()
#: The built-in tables (a game reads its own: ``Estates.layout``, which ``--data`` may change).
LAYOUT = Layout(COMPONENTS)


@lru_cache(maxsize=64)
def game_components(data: str) -> Components:
    """The catalogue the ``data`` option names, validated (every field may change)."""
    return load_components(raw=ESTATES_DATA.documents(data)["components.json"])


@lru_cache(maxsize=64)
def game_layout(data: str) -> Layout:
    """The tables of the catalogue the ``data`` option names (one per catalogue)."""
    components = game_components(data)
    return LAYOUT if components == COMPONENTS else _layout_of(components)


@lru_cache(maxsize=64)
def _layout_of(components: Components) -> Layout:
    return Layout(components)


# The built-in tables by their old names, for tests and tools that look at the standard game.
COLOURS = LAYOUT.colours
ROWS = LAYOUT.rows
NUM_ROWS = LAYOUT.num_rows
LOTS = LAYOUT.lots
VALUES = LAYOUT.values
MAX_REQUIREMENT = LAYOUT.max_requirement
NUM_CUBES = LAYOUT.num_cubes
ROOF = LAYOUT.roof
BARRIER_BASE = LAYOUT.barrier_base
MAYOR = LAYOUT.mayor
CANCEL = LAYOUT.cancel
NUM_PIECES = LAYOUT.num_pieces
WHITE_DIRT = LAYOUT.white_dirt
PIECE_BY_CODE = LAYOUT.piece_by_code
cube_value = LAYOUT.cube_value
cube_colour = LAYOUT.cube_colour
cube_code = LAYOUT.cube_code
cube_name = LAYOUT.cube_name
is_barrier = LAYOUT.is_barrier
piece_code = LAYOUT.piece_code
piece_name = LAYOUT.piece_name
lot_code = LAYOUT.lot_code
