"""The map of Milton Keynes: 9 rows (A-I) by 9 columns (1-9), E9 missing, plots as bit masks.

A plot is an index ``row * 9 + column`` (A1 = 0, I9 = 80); a set of plots is an int bit mask.
Adjacency is orthogonal for walls, lots and connected buildings; the advanced rules' river also
uses diagonal steps. The standard layout, the regions in play by player count and the deed dots
come from ``data/board.json`` (see ``docs/milton-keynes.md``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any

from tycoon.core import DataError
from tycoon.core.bitset import set_bits

DATA = Path(__file__).parent / "data"


def _load(name: str) -> Any:
    with (DATA / name).open(encoding="utf-8") as handle:
        return json.load(handle)


BOARD_DATA: dict[str, Any] = _load("board.json")
ROWS: str = BOARD_DATA["rows"]
COLUMNS: int = BOARD_DATA["columns"]
SIZE = len(ROWS) * COLUMNS
LABELS: tuple[str, ...] = tuple(f"{ROWS[i // COLUMNS]}{i % COLUMNS + 1}" for i in range(SIZE))
INDEX: dict[str, int] = {label: i for i, label in enumerate(LABELS)}
MISSING = INDEX["E9"]
EXISTS = ((1 << SIZE) - 1) & ~(1 << MISSING)


def bit(plot: int) -> int:
    return 1 << plot


def cells_of(mask: int) -> tuple[int, ...]:
    """The plots of a mask in index order."""
    result = []
    while mask:
        low = mask & -mask
        result.append(low.bit_length() - 1)
        mask ^= low
    return tuple(result)


def mask_of(plots: Any) -> int:
    mask = 0
    for plot in plots:
        mask |= 1 << plot
    return mask


def popcount(mask: int) -> int:
    return mask.bit_count()


def row_of(plot: int) -> int:
    return plot // COLUMNS


def column_of(plot: int) -> int:
    return plot % COLUMNS


def _neighbours(plot: int, diagonal: bool) -> tuple[int, ...]:
    r, c = divmod(plot, COLUMNS)
    steps = [(-1, 0), (0, -1), (0, 1), (1, 0)]
    if diagonal:
        steps += [(-1, -1), (-1, 1), (1, -1), (1, 1)]
    found = []
    for dr, dc in steps:
        rr, cc = r + dr, c + dc
        if 0 <= rr < len(ROWS) and 0 <= cc < COLUMNS:
            q = rr * COLUMNS + cc
            if q != MISSING:
                found.append(q)
    return tuple(sorted(found))


# Orthogonal neighbours of each plot that exist (E9 and the board's edge are no neighbours).
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(p, False) for p in range(SIZE))
NEIGHBOUR_MASK: tuple[int, ...] = tuple(mask_of(n) for n in NEIGHBOURS)


def neighbourhood(mask: int) -> int:
    """Every plot orthogonally next to a plot of ``mask`` (``mask`` itself excluded)."""
    result = 0
    for p in set_bits(mask):
        result |= NEIGHBOUR_MASK[p]
    return result & ~mask


def is_connected(mask: int) -> bool:
    """Whether the plots of ``mask`` form one orthogonally joined area (empty: no)."""
    if not mask:
        return False
    start = mask & -mask
    seen = start
    frontier = start
    while frontier:
        grown = 0
        for p in set_bits(frontier):
            grown |= NEIGHBOUR_MASK[p]
        frontier = grown & mask & ~seen
        seen |= frontier
    return seen == mask


def components(mask: int) -> list[int]:
    """The orthogonally connected pieces of ``mask``."""
    pieces = []
    rest = mask
    while rest:
        start = rest & -rest
        seen = start
        frontier = start
        while frontier:
            grown = 0
            for p in set_bits(frontier):
                grown |= NEIGHBOUR_MASK[p]
            frontier = grown & rest & ~seen
            seen |= frontier
        pieces.append(seen)
        rest &= ~seen
    return pieces


def label_list(mask: int) -> str:
    return " ".join(LABELS[p] for p in set_bits(mask))


def _layout_mask(symbol: str) -> int:
    mask = 0
    for r, line in enumerate(BOARD_DATA["standard"]):
        for c, char in enumerate(line):
            if char == symbol:
                mask |= 1 << (r * COLUMNS + c)
    return mask


STANDARD_RIVER = _layout_mask("~")
STANDARD_MARSH = _layout_mask("M")
RIVER_FLOW: tuple[int, ...] = tuple(INDEX[label] for label in BOARD_DATA["river_flow"])
RIVER_TILES: int = BOARD_DATA["river_tiles"]
MARSH_TILES: int = BOARD_DATA["marsh_tiles"]
MARSH_SIDE: int = BOARD_DATA["marsh_side"]


class MKDataError(DataError, ValueError):
    """A Milton Keynes data file the rules cannot play; the reason names the file and field."""


def region(players: int) -> int:
    """The plots in play for ``players`` (FACT: rows A-H for four or fewer, columns 1-8 for three
    or fewer, rows A-G for two), E9 excluded."""
    spec = BOARD_DATA["regions"][str(players)]
    mask = 0
    for r, row in enumerate(ROWS):
        if row not in spec["rows"]:
            continue
        for c in range(spec["columns"]):
            mask |= 1 << (r * COLUMNS + c)
    return mask & EXISTS


def dots(plot: int) -> int:
    """The filled dots in a deed's corner (DERIVED): 0 for A-G x 1-8, 1 for row H x 1-8, 2 for
    column 9 rows A-H, 3 for row I, 4 for the standard river and marsh plots."""
    if (STANDARD_RIVER | STANDARD_MARSH) >> plot & 1:
        return 4
    r, c = row_of(plot), column_of(plot)
    if r == 8:
        return 3
    if c == 8:
        return 2
    if r == 7:
        return 1
    return 0


EDGE_TOP = mask_of(p for p in range(SIZE) if row_of(p) == 0)
EDGE_BOTTOM = mask_of(p for p in range(SIZE) if row_of(p) == len(ROWS) - 1)
EDGE_LEFT = mask_of(p for p in range(SIZE) if column_of(p) == 0)
EDGE_RIGHT = mask_of(p for p in range(SIZE) if column_of(p) == COLUMNS - 1)
EDGES: tuple[int, ...] = (EDGE_TOP, EDGE_BOTTOM, EDGE_LEFT, EDGE_RIGHT)
EDGE_MASK = EDGE_TOP | EDGE_BOTTOM | EDGE_LEFT | EDGE_RIGHT


# -- what-if maps ---------------------------------------------------------------------------------

_SYMBOLS = "~M.X"


@dataclass(frozen=True, slots=True)
class MapData:
    """What a game reads from board.json: the standard river and marshes, the regions in play by
    player count and the advanced rules' tiles. The grid (rows A-I, columns 1-9, E9 missing) is
    the plots' labels and bit masks, the same for every catalogue."""

    standard_river: int
    standard_marsh: int
    river_flow: tuple[int, ...]
    regions: tuple[int, ...]  # by player count (0 and 1 unused)
    river_tiles: int
    marsh_tiles: int
    marsh_side: int

    def region(self, players: int) -> int:
        return self.regions[players]


def _fail(field: str, reason: str) -> MKDataError:
    return MKDataError(f"board.json {field}: {reason}")


def _whole(data: dict[str, Any], key: str, low: int, high: int) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _fail(key, f"must be a whole number {low}..{high}, not {value!r:.40}")
    return value


def load_map(data: Any) -> MapData:
    """board.json checked: the grid's shape, the standard layout (river cells joined in flow
    order from an edge to an edge, marshes of whole tiles), the regions and the tiles."""
    if not isinstance(data, dict):
        raise _fail("", "the file holds a JSON object")
    if data.get("rows") != ROWS or data.get("columns") != COLUMNS:
        raise _fail(
            "rows, columns" if data.get("rows") != ROWS else "columns",
            f"the grid is {ROWS[0]}-{ROWS[-1]} x 1-{COLUMNS} (plots are labelled and kept as bit "
            "masks on it, in the notation, the pictures and the RL encoding); a map changes "
            "which plots are river, marsh or in play, not the grid",
        )
    layout = data.get("standard")
    if not isinstance(layout, list) or len(layout) != len(ROWS):
        raise _fail("standard", f"{len(ROWS)} lines, one per row {ROWS[0]}-{ROWS[-1]}")
    river = marsh = 0
    for r, line in enumerate(layout):
        if not isinstance(line, str) or len(line) != COLUMNS or set(line) - set(_SYMBOLS):
            raise _fail(
                f"standard.{r}",
                f"{COLUMNS} characters of '~' river, 'M' marsh, '.' land, 'X' the missing plot",
            )
        for c, char in enumerate(line):
            plot = r * COLUMNS + c
            if (char == "X") != (plot == MISSING):
                raise _fail(
                    f"standard.{r}",
                    f"the missing plot is {LABELS[MISSING]} (X) and only it, not {LABELS[plot]}",
                )
            if char == "~":
                river |= 1 << plot
            elif char == "M":
                marsh |= 1 << plot
    river_tiles = _whole(data, "river_tiles", 2, 12)
    marsh_tiles = _whole(data, "marsh_tiles", 1, 4)
    marsh_side = _whole(data, "marsh_side", 1, 3)
    flow_data = data.get("river_flow")
    if not isinstance(flow_data, list) or not all(label in INDEX for label in flow_data):
        raise _fail("river_flow", "the river's plots (labels such as C1) in flow order")
    flow = tuple(INDEX[label] for label in flow_data)
    if mask_of(flow) != river or len(flow) != len(set(flow)):
        raise _fail("river_flow", "must list each river plot ('~' in standard) once")
    if len(flow) != river_tiles:
        raise _fail(
            "river_tiles",
            f"the standard river has {len(flow)} plots, so river_tiles must be {len(flow)}",
        )
    for a, b in pairwise(flow):
        if max(abs(row_of(a) - row_of(b)), abs(column_of(a) - column_of(b))) != 1:
            raise _fail(
                "river_flow",
                f"{LABELS[a]} and {LABELS[b]} are not next to each other: the river flows "
                "plot to plot (diagonal steps allowed)",
            )
    if not EDGE_MASK >> flow[0] & 1 or not EDGE_MASK >> flow[-1] & 1:
        raise _fail("river_flow", "the river runs from an edge of the map to an edge")
    if marsh.bit_count() != marsh_tiles * marsh_side**2:
        raise _fail(
            "standard",
            f"{marsh.bit_count()} marsh plots ('M'); marsh_tiles {marsh_tiles} of "
            f"{marsh_side}x{marsh_side} make {marsh_tiles * marsh_side**2}",
        )
    regions_data = data.get("regions")
    if not isinstance(regions_data, dict):
        raise _fail("regions", "an object keyed by player count 2..5")
    regions = [0, 0]
    for players in range(2, 6):
        spec = regions_data.get(str(players))
        where = f"regions.{players}"
        if not isinstance(spec, dict):
            raise _fail(where, "needs rows and columns")
        rows = spec.get("rows")
        if (
            not isinstance(rows, str)
            or not rows
            or set(rows) - set(ROWS)
            or len(set(rows)) != len(rows)
        ):
            raise _fail(f"{where}.rows", f"distinct row letters of {ROWS}")
        columns = spec.get("columns")
        if isinstance(columns, bool) or not isinstance(columns, int) or not 1 <= columns <= COLUMNS:
            raise _fail(f"{where}.columns", f"the columns in play, 1..{COLUMNS}")
        mask = 0
        for r, row in enumerate(ROWS):
            if row in rows:
                for c in range(columns):
                    mask |= 1 << (r * COLUMNS + c)
        regions.append(mask & EXISTS)
    return MapData(
        standard_river=river,
        standard_marsh=marsh,
        river_flow=flow,
        regions=tuple(regions),
        river_tiles=river_tiles,
        marsh_tiles=marsh_tiles,
        marsh_side=marsh_side,
    )


#: The built-in map.
MAP = load_map(BOARD_DATA)
