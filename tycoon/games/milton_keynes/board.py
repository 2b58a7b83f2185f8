"""The map of Milton Keynes: 9 rows (A-I) by 9 columns (1-9), E9 missing, plots as bit masks.

A plot is an index ``row * 9 + column`` (A1 = 0, I9 = 80); a set of plots is an int bit mask.
Adjacency is orthogonal for walls, lots and connected buildings; the advanced rules' river also
uses diagonal steps. The standard layout, the regions in play by player count and the deed dots
come from ``data/board.json`` (see ``docs/milton-keynes.md``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

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


def iter_cells(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


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
    for p in iter_cells(mask):
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
        for p in iter_cells(frontier):
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
            for p in iter_cells(frontier):
                grown |= NEIGHBOUR_MASK[p]
            frontier = grown & rest & ~seen
            seen |= frontier
        pieces.append(seen)
        rest &= ~seen
    return pieces


def label_list(mask: int) -> str:
    return " ".join(LABELS[p] for p in iter_cells(mask))


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
