"""The Estates' components and board, loaded once from ``data/components.json``.

Pieces are small integers so that states stay lean: a floor cube is ``colour * 6 + value - 1``
(0..35), then come the rooftop, the three building permits (barriers 1, 2, 3), the Mayor and the
Cancel cube. A lot is ``row * LOTS + lot - 1`` (rows 0..2 are upper, middle, lower; lots 1..10 are
counted from Main Street).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from functools import cache
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
    if not isinstance(value, str) or not value:
        raise ComponentsError(f"components.json {where}.{key}: must be text")
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
            _text(c, "style", f"colours.{i}"),
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


def validate(c: Components) -> None:
    """The invariants the rules code relies on."""
    letters = [col.letter for col in c.colours] + [r.letter for r in c.rows]
    if len(set(letters)) != len(letters) or not all(len(x) == 1 and x.isupper() for x in letters):
        raise ComponentsError(
            "components.json colours, rows: letters must be distinct capital letters"
        )
    if not c.colours or not c.cube_values or not c.rows:
        raise ComponentsError("components.json colours, cube_values, rows: none may be empty")
    if c.cube_values != tuple(range(1, len(c.cube_values) + 1)):
        raise ComponentsError("components.json cube_values: must be 1..n")
    if len(c.colours) * len(c.cube_values) < c.cubes_drawn:
        raise ComponentsError("components.json cubes_drawn: more cubes drawn than exist")
    if c.offer_rows * c.offer_row_length != c.cubes_drawn:
        raise ComponentsError(
            "components.json offer_rows: the offer rows must hold exactly the cubes drawn"
        )
    if c.barriers != tuple(range(1, len(c.barriers) + 1)):
        raise ComponentsError("components.json barriers: must be valued 1..n")
    if not 0 < c.initial_requirement < c.lots_per_row:
        raise ComponentsError(
            "components.json initial_requirement: must fit the row with a lot past it for a permit"
        )
    if c.river_after_lot != c.initial_requirement:
        raise ComponentsError(
            "components.json river_after_lot: the river marks the initial requirement"
        )
    if not all(1 <= v <= max(c.cube_values) for v in c.rooftops):
        raise ComponentsError("components.json rooftops: values out of range")
    for row in c.rows:
        if not all(1 <= lot <= c.lots_per_row for lot in row.white_dirt):
            raise ComponentsError(
                f"components.json rows: white dirt of the {row.name} row is off the board"
            )
    if c.cubes_on_white_dirt != 1:
        raise ComponentsError(
            "components.json cubes_on_white_dirt: white-dirt lots take exactly one floor cube"
        )


COMPONENTS = load_components()

#: What a game may change from the built-in catalogue: the rest (colours, cubes, rooftops,
#: barriers, rows and lots) shapes the pieces and the notation, fixed when the game is loaded.
VARIABLE_FIELDS = ("starting_money", "round_wins_to_end", "cheques_in_box")


@cache
def game_components(data: str) -> Components:
    """The catalogue the ``data`` option names, validated; only :data:`VARIABLE_FIELDS` may
    differ from the built-in one."""
    components = load_components(raw=ESTATES_DATA.documents(data)["components.json"])
    fixed = replace(components, **{name: getattr(COMPONENTS, name) for name in VARIABLE_FIELDS})
    if fixed != COMPONENTS:
        changed = [
            f.name
            for f in fields(Components)
            if f.name not in VARIABLE_FIELDS
            and getattr(components, f.name) != getattr(COMPONENTS, f.name)
        ]
        raise ComponentsError(
            f"components.json {', '.join(changed)}: The Estates plays only the built-in "
            f"pieces and board; what-if data may change {', '.join(VARIABLE_FIELDS)}"
        )
    return components


COLOURS = COMPONENTS.colours
ROWS = COMPONENTS.rows
NUM_ROWS = len(ROWS)
LOTS = COMPONENTS.lots_per_row
VALUES = len(COMPONENTS.cube_values)
# A building permit stands on the empty lot just past its row's requirement ("Place a Building
# Permit on an empty development lot"), so a row requires at most one lot fewer than it has.
MAX_REQUIREMENT = LOTS - 1
NUM_CUBES = len(COLOURS) * VALUES

# Piece codes after the cubes.
ROOF = NUM_CUBES
BARRIER_BASE = NUM_CUBES  # barrier v is BARRIER_BASE + v
MAYOR = NUM_CUBES + len(COMPONENTS.barriers) + 1
CANCEL = MAYOR + 1
NUM_PIECES = CANCEL + 1
NO_PIECE = -1

# Where a barrier, the Mayor or the Cancel cube is when not on the board.
IN_SUPPLY = -1
REMOVED = -2

# White dirt by lot index.
WHITE_DIRT: tuple[bool, ...] = tuple(
    (lot + 1) in ROWS[row].white_dirt for row in range(NUM_ROWS) for lot in range(LOTS)
)


def cube_value(cube: int) -> int:
    return cube % VALUES + 1


def cube_colour(cube: int) -> int:
    return cube // VALUES


def cube_code(cube: int) -> str:
    """The notation of a cube: colour letter and value, e.g. ``B5``."""
    return f"{COLOURS[cube // VALUES].letter}{cube % VALUES + 1}"


def cube_name(cube: int) -> str:
    """A cube as a person says it, e.g. ``Blue 5``."""
    return f"{COLOURS[cube // VALUES].name} {cube % VALUES + 1}"


def is_barrier(piece: int) -> bool:
    return BARRIER_BASE < piece < MAYOR


def piece_code(piece: int) -> str:
    """The notation of a piece in an ``auction`` action."""
    if piece < NUM_CUBES:
        return cube_code(piece)
    if piece == ROOF:
        return "roof"
    if is_barrier(piece):
        return f"barrier{piece - BARRIER_BASE}"
    if piece == MAYOR:
        return "mayor"
    if piece == CANCEL:
        return "cancel"
    raise ValueError(f"no piece {piece}")


def piece_name(piece: int, roof_value: int = 0) -> str:
    """A piece as a person says it."""
    if piece < NUM_CUBES:
        return f"the {cube_name(piece)} floor cube"
    if piece == ROOF:
        return f"the rooftop {roof_value}" if roof_value else "a rooftop"
    if is_barrier(piece):
        return f"barrier {piece - BARRIER_BASE}"
    if piece == MAYOR:
        return "the Mayor"
    return "the Cancel cube"


PIECE_BY_CODE: dict[str, int] = {piece_code(p).lower(): p for p in range(NUM_PIECES)}


def lot_code(index: int) -> str:
    """A lot as written in the notation: row letter and lot number, e.g. ``U3``."""
    return f"{ROWS[index // LOTS].letter}{index % LOTS + 1}"
