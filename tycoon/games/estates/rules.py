"""The board rules of The Estates as pure functions of a :class:`Board`.

Where a piece may go, when a row is complete, what a building is worth and to whom. Each
``*_refusal`` function says, in words, which rule a placement breaks (``None`` if it is legal);
the game's ``explain_illegal`` uses them, and tests check them against the rulebook's text.

The rules read the game's own tables (:class:`BoardRules`, made from its :class:`Layout`, so
what-if data may change the rows, lots, cubes and barriers); the module-level functions are those
of the built-in catalogue.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from tycoon.games.estates.components import (
    IN_SUPPLY,
    LAYOUT,
    REMOVED,
    Layout,
)
from tycoon.games.estates.state import Board


def barrier_row(code: int) -> int:
    return code // 2


def barrier_lengthens(code: int) -> bool:
    return code % 2 == 1


def barriers_in_row(board: Board, row: int) -> list[int]:
    """The values of the barriers standing in ``row``."""
    return [i + 1 for i, code in enumerate(board.barriers) if code >= 0 and code // 2 == row]


def place_barrier(board: Board, value: int, row: int, lot: int) -> Board:
    """The board with barrier ``value`` on ``lot`` of ``row``: the requirement becomes
    ``lot - 1``; barriers already in the row move onto the same lot."""
    length = lot - 1
    lengths = list(board.lengths)
    lengthens = length > lengths[row]
    lengths[row] = length
    barriers = list(board.barriers)
    barriers[value - 1] = row * 2 + (1 if lengthens else 0)
    return Board(
        board.stacks,
        board.roofs,
        tuple(lengths),
        board.built,
        tuple(barriers),
        board.mayor,
        board.cancel,
        board.certificates,
    )


def remove_barrier(board: Board, value: int) -> Board:
    """The board after the Cancel cube removes barrier ``value``: the row's requirement undoes
    the barrier's value (4 again once no barrier is left), and the Cancel cube is gone."""
    code = board.barriers[value - 1]
    row = code // 2
    lengths = list(board.lengths)
    lengths[row] -= value if code % 2 else -value
    barriers = list(board.barriers)
    barriers[value - 1] = REMOVED
    return Board(
        board.stacks,
        board.roofs,
        tuple(lengths),
        board.built,
        tuple(barriers),
        board.mayor,
        REMOVED,
        board.certificates,
    )


def place_mayor(board: Board, row: int) -> Board:
    return Board(
        board.stacks,
        board.roofs,
        board.lengths,
        board.built,
        board.barriers,
        row,
        board.cancel,
        board.certificates,
    )


def barrier_lot(board: Board, row: int) -> int:
    """The lot where a row's barriers stand (0 if none)."""
    return board.lengths[row] + 1 if barriers_in_row(board, row) else 0


# -- scoring --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Building:
    """One scored building: where, its cubes and rooftop, whose it is and what it scores."""

    index: int
    cubes: tuple[int, ...]
    roof: int
    colour: int
    owner: int  # -1 if nobody holds the certificate (cannot happen in play)
    value: int  # cubes + rooftop
    complete_row: bool
    doubled: bool
    points: int  # signed, doubled with the Mayor


class BoardRules:
    """The board rules over one catalogue's tables (copied onto the instance: the hot paths read
    plain attributes)."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.num_rows = layout.num_rows
        self.lots = layout.lots
        self.values = layout.values
        self.white_dirt = layout.white_dirt
        self.white_cap = layout.white_cap
        self.max_requirement = layout.max_requirement
        self.initial_requirement = layout.initial_requirement
        self.rows = layout.rows
        self.colours = layout.colours
        self.barrier_base = layout.barrier_base
        self.mayor = layout.mayor
        self.cancel = layout.cancel
        self.num_barriers = layout.num_barriers
        self.cube_code = layout.cube_code
        self.is_barrier = layout.is_barrier
        self.lot_code = layout.lot_code

    def empty_board(self, colours: int = -1) -> Board:
        """The board at the start of a round (``colours``: certificates, by default one for each
        company of the catalogue)."""
        return Board(
            stacks=((),) * (self.num_rows * self.lots),
            roofs=(0,) * (self.num_rows * self.lots),
            lengths=(self.initial_requirement,) * self.num_rows,
            built=(0,) * self.num_rows,
            barriers=(IN_SUPPLY,) * self.num_barriers,
            mayor=IN_SUPPLY,
            cancel=IN_SUPPLY,
            certificates=(-1,) * (len(self.colours) if colours < 0 else colours),
        )

    def row_name(self, row: int) -> str:
        return f"the {self.rows[row].name} row"

    # -- completion -----------------------------------------------------------------------------

    def is_row_complete(self, board: Board, row: int, empty_row_complete: bool = True) -> bool:
        """Every lot up to the requirement built and roofed (FACT). A row shortened to length 0
        counts as complete with no buildings (RULING, option ``empty-row-complete``)."""
        length = board.lengths[row]
        if length == 0:
            return empty_row_complete
        if board.built[row] != length:
            return False
        roofs = board.roofs
        base = row * self.lots
        return all(roofs[base + i] for i in range(length))

    def complete_rows(self, board: Board, empty_row_complete: bool = True) -> tuple[bool, ...]:
        return tuple(
            self.is_row_complete(board, r, empty_row_complete) for r in range(self.num_rows)
        )

    def has_unroofed_building(self, board: Board) -> bool:
        roofs = board.roofs
        for row in range(self.num_rows):
            base = row * self.lots
            for i in range(board.built[row]):
                if not roofs[base + i]:
                    return True
        return False

    # -- floor cubes ----------------------------------------------------------------------------

    def top_value(self, board: Board, index: int) -> int:
        """The number on the top cube of a lot (0 if the lot is empty)."""
        stack = board.stacks[index]
        return stack[-1] % self.values + 1 if stack else 0

    def cube_targets(self, board: Board, value: int) -> list[int]:
        """The lots (indices) where a cube numbered ``value`` may go, in board order."""
        targets: list[int] = []
        stacks = board.stacks
        roofs = board.roofs
        lots = self.lots
        values = self.values
        white = self.white_dirt
        cap = self.white_cap
        lengths = board.lengths
        for row, built in enumerate(board.built):
            base = row * lots
            for index in range(base, base + built):
                if (
                    not roofs[index]
                    and stacks[index][-1] % values >= value
                    and (not white[index] or len(stacks[index]) < cap)
                ):
                    targets.append(index)
            if built < lengths[row]:
                targets.append(base + built)
        return targets

    def cube_refusal(self, board: Board, cube: int, row: int, lot: int) -> str | None:
        """Why a cube may not go on ``lot`` of ``row`` (``None``: it may)."""
        value = cube % self.values + 1
        where = f"{self.rows[row].letter}{lot}"
        if not 1 <= lot <= self.lots:
            return f"a floor cube goes on a lot 1..{self.lots}, not {where}"
        length = board.lengths[row]
        built = board.built[row]
        index = row * self.lots + lot - 1
        if lot > length:
            return (
                f"{where} is past the development requirement of {self.row_name(row)} "
                f"({length} lots): no building on or past a building permit or the river"
            )
        if lot > built + 1 and built == 0:
            return (
                "the first floor cube in a row goes on the lot next to the street: "
                f"{self.rows[row].letter}1"
            )
        if lot > built + 1:
            return (
                f"empty lots between buildings are not allowed: the next building in "
                f"{self.row_name(row)} goes on {self.rows[row].letter}{built + 1}"
            )
        if lot == built + 1:
            return None
        if board.roofs[index]:
            return f"{where} has a rooftop: no floor cube may be placed on a rooftop"
        if self.white_dirt[index] and len(board.stacks[index]) >= self.white_cap:
            cap = self.white_cap
            many = "one floor cube" if cap == 1 else f"{cap} floor cubes"
            return f"{where} is white dirt: a white-dirt lot takes only {many}"
        below = board.stacks[index][-1]
        if below % self.values + 1 <= value:
            return (
                f"a floor cube must have a lower number than the cube below it: "
                f"{self.cube_code(cube)} cannot go on {self.cube_code(below)}"
            )
        return None

    # -- rooftops -------------------------------------------------------------------------------

    def roof_targets(self, board: Board) -> list[int]:
        roofs = board.roofs
        return [
            row * self.lots + i
            for row in range(self.num_rows)
            for i in range(board.built[row])
            if not roofs[row * self.lots + i]
        ]

    def roof_refusal(self, board: Board, row: int, lot: int) -> str | None:
        where = f"{self.rows[row].letter}{lot}"
        if not 1 <= lot <= self.lots or lot > board.built[row]:
            return f"there is no building on {where} to put a rooftop on"
        if board.roofs[row * self.lots + lot - 1]:
            return f"{where} already has a rooftop: the building is finished"
        return None

    # -- building permits (barriers) ------------------------------------------------------------

    def barrier_targets(self, board: Board, value: int) -> list[tuple[int, int]]:
        """(row, lot) where barrier ``value`` may stand: on the empty lot just past the row's new
        requirement, the current requirement shortened or lengthened by ``value``."""
        targets: list[tuple[int, int]] = []
        for row in range(self.num_rows):
            length = board.lengths[row]
            shorter = length - value
            if shorter >= board.built[row]:
                targets.append((row, shorter + 1))
            longer = length + value
            if longer <= self.max_requirement:
                targets.append((row, longer + 1))
        return targets

    def barrier_refusal(self, board: Board, value: int, row: int, lot: int) -> str | None:
        length = board.lengths[row]
        built = board.built[row]
        shorter, longer = length - value, length + value
        if lot - 1 not in (shorter, longer):
            choices = [
                f"{self.rows[row].letter}{n + 1} (needs {n})" for n in (shorter, longer) if n >= 0
            ]
            return (
                f"barrier {value} shortens or lengthens {self.row_name(row)} (now {length} lots) "
                f"by exactly {value}: it may stand on " + " or ".join(choices)
            )
        if lot - 1 == shorter and shorter < built:
            return (
                f"barrier {value} cannot shorten {self.row_name(row)} to {shorter} lots: "
                f"{built} lots are already built"
            )
        if lot - 1 == longer and longer > self.max_requirement:
            return (
                f"{self.row_name(row)} cannot require more than {self.max_requirement} buildings: "
                f"its building permit stands on a lot, and the board has {self.lots}"
            )
        return None

    def cancel_targets(self, board: Board) -> list[int]:
        """The barriers the Cancel cube may remove."""
        return [
            value
            for value in range(1, len(board.barriers) + 1)
            if self.cancel_refusal(board, value) is None
        ]

    def cancel_refusal(self, board: Board, value: int) -> str | None:
        if not 1 <= value <= len(board.barriers):
            return f"there is no barrier {value}"
        code = board.barriers[value - 1]
        if code < 0:
            return f"barrier {value} is not on the board"
        row = code // 2
        signed = value if code % 2 else -value
        length = board.lengths[row] - signed
        if length < board.built[row]:
            return (
                f"removing barrier {value} would shorten {self.row_name(row)} to {length} lots, "
                f"below its {board.built[row]} built lots"
            )
        if not 0 <= length <= self.max_requirement:
            return (
                f"removing barrier {value} would leave {self.row_name(row)} needing {length} lots"
            )
        return None

    def place_cube(self, board: Board, cube: int, row: int, lot: int, seat: int) -> Board:
        """The board with ``cube`` placed by ``seat`` on ``lot`` of ``row`` (on top of a building or
        as the row's next building); the first cube of a colour earns its company certificate."""
        index = row * self.lots + lot - 1
        stacks = list(board.stacks)
        stacks[index] = (*stacks[index], cube)
        built = board.built
        if lot > built[row]:
            built = (*built[:row], lot, *built[row + 1 :])
        certificates = board.certificates
        colour = cube // self.values
        if certificates[colour] < 0:
            certificates = (*certificates[:colour], seat, *certificates[colour + 1 :])
        return Board(
            tuple(stacks),
            board.roofs,
            board.lengths,
            built,
            board.barriers,
            board.mayor,
            board.cancel,
            certificates,
        )

    def discard_piece(self, board: Board, piece: int) -> Board:
        """The board with the Mayor, a barrier or the Cancel cube removed from the game."""
        barriers = board.barriers
        mayor = board.mayor
        cancel = board.cancel
        if self.is_barrier(piece):
            index = piece - self.barrier_base - 1
            barriers = (*barriers[:index], REMOVED, *barriers[index + 1 :])
        elif piece == self.mayor:
            mayor = REMOVED
        elif piece == self.cancel:
            cancel = REMOVED
        else:
            raise ValueError("floor cubes and rooftops cannot be discarded")
        return Board(
            board.stacks,
            board.roofs,
            board.lengths,
            board.built,
            barriers,
            mayor,
            cancel,
            board.certificates,
        )

    def place_roof(self, board: Board, value: int, row: int, lot: int) -> Board:
        """The board with a rooftop ``value`` finishing the building on ``lot`` of ``row``."""
        index = row * self.lots + lot - 1
        roofs = board.roofs
        return Board(
            board.stacks,
            (*roofs[:index], value, *roofs[index + 1 :]),
            board.lengths,
            board.built,
            board.barriers,
            board.mayor,
            board.cancel,
            board.certificates,
        )

    def buildings(self, board: Board, empty_row_complete: bool = True) -> Iterator[Building]:
        """Every building (every lot holding cubes) with what it scores (FACT): the cubes' numbers
        plus the rooftop, for the holder of the certificate of the top cube's colour; positive in a
        complete row, negative otherwise; doubled in the Mayor's row."""
        for row in range(self.num_rows):
            complete = self.is_row_complete(board, row, empty_row_complete)
            doubled = board.mayor == row
            base = row * self.lots
            for index in range(base, base + board.built[row]):
                cubes = board.stacks[index]
                roof = board.roofs[index]
                value = sum(c % self.values + 1 for c in cubes) + roof
                colour = cubes[-1] // self.values
                points = value if complete else -value
                if doubled:
                    points *= 2
                yield Building(
                    index,
                    cubes,
                    roof,
                    colour,
                    board.certificates[colour],
                    value,
                    complete,
                    doubled,
                    points,
                )

    def building_points(
        self, board: Board, players: int, empty_row_complete: bool = True
    ) -> list[int]:
        points = [0] * players
        for building in self.buildings(board, empty_row_complete):
            if building.owner >= 0:
                points[building.owner] += building.points
        return points

    def round_scores(
        self, board: Board, box: tuple[int, ...], empty_row_complete: bool = True
    ) -> tuple[int, ...]:
        """Buildings plus one point per cheque in the cash box."""
        points = self.building_points(board, len(box), empty_row_complete)
        return tuple(p + b for p, b in zip(points, box, strict=True))


@lru_cache(maxsize=64)
def board_rules(layout: Layout) -> BoardRules:
    """The rules over ``layout`` (one instance per layout)."""
    return RULES if layout is LAYOUT else BoardRules(layout)


#: The rules of the built-in catalogue, and its functions by their module-level names.
RULES = BoardRules(LAYOUT)
empty_board = RULES.empty_board
row_name = RULES.row_name
is_row_complete = RULES.is_row_complete
complete_rows = RULES.complete_rows
has_unroofed_building = RULES.has_unroofed_building
top_value = RULES.top_value
cube_targets = RULES.cube_targets
cube_refusal = RULES.cube_refusal
roof_targets = RULES.roof_targets
roof_refusal = RULES.roof_refusal
barrier_targets = RULES.barrier_targets
barrier_refusal = RULES.barrier_refusal
cancel_targets = RULES.cancel_targets
cancel_refusal = RULES.cancel_refusal
place_cube = RULES.place_cube
place_roof = RULES.place_roof
discard_piece = RULES.discard_piece
buildings = RULES.buildings
building_points = RULES.building_points
round_scores = RULES.round_scores
