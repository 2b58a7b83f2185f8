"""Board geometry: square names, adjacency and lines, as bitmasks built once per topology.

Squares are numbered ``row * size + column`` from the top left. They are written like chess
squares, column letter then row number, with **row 1 at the top** (the row the setup rolls first):
``a1`` is the top-left square, ``h8`` the bottom-right one of the 8 x 8 board.

- Square map: adjacency is the 8 squares sharing a side or a corner; with Reduced Adjacency only the
  4 sharing a side. Zone lines run along rows and columns.
- Hex map: the same N x N grid of hexagons in offset rows: rows 2, 4, ... (the even row numbers)
  sit half a hexagon to the right. Every hexagon has 6 neighbours, all sharing a side, so Reduced
  Adjacency changes nothing there. Zone lines run along the 3 axes: rows, and the two diagonals.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

COLUMNS = "abcdefghijklmnopqrstuvwxyz"

Point = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Board:
    size: int
    hex: bool
    reduced: bool  # Reduced Adjacency (only matters on the square map)
    names: tuple[str, ...]  # square names by index
    neighbours: tuple[int, ...]  # bitmask of the adjacent squares, by index
    neighbour_lists: tuple[tuple[int, ...], ...]  # the same, as indices
    lines: tuple[tuple[int, ...], ...]  # every full line of squares along a line axis
    full: int  # bitmask of every square

    @property
    def squares(self) -> int:
        return self.size * self.size

    def index(self, name: str) -> int | None:
        """The index of a square written like ``e5`` (any case), or ``None`` if off the board."""
        return _index_table(self.size).get(name.strip().lower())

    def row_col(self, square: int) -> Point:
        return divmod(square, self.size)

    @property
    def last_square(self) -> str:
        return self.names[-1]


@cache
def _index_table(size: int) -> dict[str, int]:
    return {square_name(size, i): i for i in range(size * size)}


def square_name(size: int, square: int) -> str:
    row, column = divmod(square, size)
    return f"{COLUMNS[column]}{row + 1}"


def mask_of(squares: tuple[int, ...] | list[int]) -> int:
    mask = 0
    for square in squares:
        mask |= 1 << square
    return mask


def squares_of(mask: int) -> list[int]:
    """The set bits of ``mask``, lowest first."""
    result: list[int] = []
    while mask:
        low = mask & -mask
        result.append(low.bit_length() - 1)
        mask ^= low
    return result


def nth_square(mask: int, n: int) -> int:
    """The ``n``-th set bit of ``mask`` (0 is the lowest)."""
    for _ in range(n):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


@cache
def make_board(size: int, hex: bool, reduced: bool) -> Board:
    """The board of this size and topology (cached: one table per topology)."""
    neighbour_lists = tuple(
        tuple(sorted(_neighbours(size, hex, reduced, row, column)))
        for row in range(size)
        for column in range(size)
    )
    return Board(
        size=size,
        hex=hex,
        reduced=reduced,
        names=tuple(square_name(size, i) for i in range(size * size)),
        neighbours=tuple(mask_of(list(n)) for n in neighbour_lists),
        neighbour_lists=neighbour_lists,
        lines=_lines(size, hex),
        full=(1 << (size * size)) - 1,
    )


def _neighbours(size: int, hex: bool, reduced: bool, row: int, column: int) -> list[int]:
    if hex:
        # Offset rows: odd indices (rows 2, 4, ...) are shifted half a hexagon right.
        shift = row % 2
        steps = [
            (0, -1),
            (0, 1),
            (-1, -1 + shift),
            (-1, shift),
            (1, -1 + shift),
            (1, shift),
        ]
    elif reduced:
        steps = [(-1, 0), (1, 0), (0, -1), (0, 1)]
    else:
        steps = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]
    result = []
    for dr, dc in steps:
        r, c = row + dr, column + dc
        if 0 <= r < size and 0 <= c < size:
            result.append(r * size + c)
    return result


def _lines(size: int, hex: bool) -> tuple[tuple[int, ...], ...]:
    """Every maximal line of squares along the zone-line axes, each from one edge to the other."""

    def along(step: Callable[[int, int], Point]) -> list[tuple[int, ...]]:
        successors: dict[Point, Point] = {}
        for row in range(size):
            for column in range(size):
                nxt = step(row, column)
                if 0 <= nxt[0] < size and 0 <= nxt[1] < size:
                    successors[(row, column)] = nxt
        targets = set(successors.values())
        found = []
        for row in range(size):
            for column in range(size):
                if (row, column) in targets:
                    continue
                line = [(row, column)]
                while line[-1] in successors:
                    line.append(successors[line[-1]])
                found.append(tuple(r * size + c for r, c in line))
        return found

    def east(row: int, column: int) -> Point:
        return row, column + 1

    def south(row: int, column: int) -> Point:
        return row + 1, column

    def south_east(row: int, column: int) -> Point:
        return row + 1, column + row % 2

    def south_west(row: int, column: int) -> Point:
        return row + 1, column - 1 + row % 2

    axes = (east, south_east, south_west) if hex else (east, south)
    lines: list[tuple[int, ...]] = []
    for axis in axes:
        lines.extend(along(axis))
    return tuple(lines)
