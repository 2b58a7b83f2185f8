"""The board rules of The Estates as pure functions of a :class:`Board`.

Where a piece may go, when a row is complete, what a building is worth and to whom. Each
``*_refusal`` function says, in words, which rule a placement breaks (``None`` if it is legal);
the game's ``explain_illegal`` uses them, and tests check them against the rulebook's text.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from tycoon.games.estates.components import (
    BARRIER_BASE,
    CANCEL,
    COLOURS,
    COMPONENTS,
    IN_SUPPLY,
    LOTS,
    MAX_REQUIREMENT,
    MAYOR,
    NUM_ROWS,
    REMOVED,
    ROWS,
    VALUES,
    WHITE_DIRT,
    cube_code,
    is_barrier,
    lot_code,
)
from tycoon.games.estates.state import Board

INITIAL_REQUIREMENT = COMPONENTS.initial_requirement


def empty_board(colours: int = len(COLOURS)) -> Board:
    return Board(
        stacks=((),) * (NUM_ROWS * LOTS),
        roofs=(0,) * (NUM_ROWS * LOTS),
        lengths=(INITIAL_REQUIREMENT,) * NUM_ROWS,
        built=(0,) * NUM_ROWS,
        barriers=(IN_SUPPLY,) * len(COMPONENTS.barriers),
        mayor=IN_SUPPLY,
        cancel=IN_SUPPLY,
        certificates=(-1,) * colours,
    )


def row_name(row: int) -> str:
    return f"the {ROWS[row].name} row"


# -- completion -----------------------------------------------------------------------------


def is_row_complete(board: Board, row: int, empty_row_complete: bool = True) -> bool:
    """Every lot up to the requirement built and roofed (FACT). A row shortened to length 0
    counts as complete with no buildings (RULING, option ``empty-row-complete``)."""
    length = board.lengths[row]
    if length == 0:
        return empty_row_complete
    if board.built[row] != length:
        return False
    roofs = board.roofs
    base = row * LOTS
    return all(roofs[base + i] for i in range(length))


def complete_rows(board: Board, empty_row_complete: bool = True) -> tuple[bool, ...]:
    return tuple(is_row_complete(board, r, empty_row_complete) for r in range(NUM_ROWS))


def has_unroofed_building(board: Board) -> bool:
    roofs = board.roofs
    for row in range(NUM_ROWS):
        base = row * LOTS
        for i in range(board.built[row]):
            if not roofs[base + i]:
                return True
    return False


# -- floor cubes ----------------------------------------------------------------------------


def top_value(board: Board, index: int) -> int:
    """The number on the top cube of a lot (0 if the lot is empty)."""
    stack = board.stacks[index]
    return stack[-1] % VALUES + 1 if stack else 0


def cube_targets(board: Board, value: int) -> list[int]:
    """The lots (indices) where a cube numbered ``value`` may go, in board order."""
    targets: list[int] = []
    stacks = board.stacks
    roofs = board.roofs
    for row in range(NUM_ROWS):
        base = row * LOTS
        built = board.built[row]
        for index in range(base, base + built):
            if not roofs[index] and not WHITE_DIRT[index] and stacks[index][-1] % VALUES >= value:
                targets.append(index)
        if built < board.lengths[row]:
            targets.append(base + built)
    return targets


def cube_refusal(board: Board, cube: int, row: int, lot: int) -> str | None:
    """Why a cube may not go on ``lot`` of ``row`` (``None``: it may)."""
    value = cube % VALUES + 1
    where = f"{ROWS[row].letter}{lot}"
    if not 1 <= lot <= LOTS:
        return f"a floor cube goes on a lot 1..{LOTS}, not {where}"
    length = board.lengths[row]
    built = board.built[row]
    index = row * LOTS + lot - 1
    if lot > length:
        return (
            f"{where} is past the development requirement of {row_name(row)} ({length} lots): "
            "no building on or past a building permit or the river"
        )
    if lot > built + 1 and built == 0:
        return (
            f"the first floor cube in a row goes on the lot next to the street: {ROWS[row].letter}1"
        )
    if lot > built + 1:
        return (
            f"empty lots between buildings are not allowed: the next building in "
            f"{row_name(row)} goes on {ROWS[row].letter}{built + 1}"
        )
    if lot == built + 1:
        return None
    if board.roofs[index]:
        return f"{where} has a rooftop: no floor cube may be placed on a rooftop"
    if WHITE_DIRT[index]:
        return f"{where} is white dirt: a white-dirt lot takes only one floor cube"
    below = board.stacks[index][-1]
    if below % VALUES + 1 <= value:
        return (
            f"a floor cube must have a lower number than the cube below it: "
            f"{cube_code(cube)} cannot go on {cube_code(below)}"
        )
    return None


# -- rooftops -------------------------------------------------------------------------------


def roof_targets(board: Board) -> list[int]:
    roofs = board.roofs
    return [
        row * LOTS + i
        for row in range(NUM_ROWS)
        for i in range(board.built[row])
        if not roofs[row * LOTS + i]
    ]


def roof_refusal(board: Board, row: int, lot: int) -> str | None:
    where = f"{ROWS[row].letter}{lot}"
    if not 1 <= lot <= LOTS or lot > board.built[row]:
        return f"there is no building on {where} to put a rooftop on"
    if board.roofs[row * LOTS + lot - 1]:
        return f"{where} already has a rooftop: the building is finished"
    return None


# -- building permits (barriers) ------------------------------------------------------------


def barrier_row(code: int) -> int:
    return code // 2


def barrier_lengthens(code: int) -> bool:
    return code % 2 == 1


def barriers_in_row(board: Board, row: int) -> list[int]:
    """The values of the barriers standing in ``row``."""
    return [i + 1 for i, code in enumerate(board.barriers) if code >= 0 and code // 2 == row]


def barrier_targets(board: Board, value: int) -> list[tuple[int, int]]:
    """(row, lot) where barrier ``value`` may stand: on the empty lot just past the row's new
    requirement, the current requirement shortened or lengthened by ``value``."""
    targets: list[tuple[int, int]] = []
    for row in range(NUM_ROWS):
        length = board.lengths[row]
        shorter = length - value
        if shorter >= board.built[row]:
            targets.append((row, shorter + 1))
        longer = length + value
        if longer <= MAX_REQUIREMENT:
            targets.append((row, longer + 1))
    return targets


def barrier_refusal(board: Board, value: int, row: int, lot: int) -> str | None:
    length = board.lengths[row]
    built = board.built[row]
    shorter, longer = length - value, length + value
    if lot - 1 not in (shorter, longer):
        choices = [f"{ROWS[row].letter}{n + 1} (needs {n})" for n in (shorter, longer) if n >= 0]
        return (
            f"barrier {value} shortens or lengthens {row_name(row)} (now {length} lots) by "
            f"exactly {value}: it may stand on " + " or ".join(choices)
        )
    if lot - 1 == shorter and shorter < built:
        return (
            f"barrier {value} cannot shorten {row_name(row)} to {shorter} lots: "
            f"{built} lots are already built"
        )
    if lot - 1 == longer and longer > MAX_REQUIREMENT:
        return (
            f"{row_name(row)} cannot require more than {MAX_REQUIREMENT} buildings: its building "
            f"permit stands on a lot, and the board has {LOTS}"
        )
    return None


def cancel_targets(board: Board) -> list[int]:
    """The barriers the Cancel cube may remove."""
    return [
        value for value in range(1, len(board.barriers) + 1) if cancel_refusal(board, value) is None
    ]


def cancel_refusal(board: Board, value: int) -> str | None:
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
            f"removing barrier {value} would shorten {row_name(row)} to {length} lots, "
            f"below its {board.built[row]} built lots"
        )
    if not 0 <= length <= MAX_REQUIREMENT:
        return f"removing barrier {value} would leave {row_name(row)} needing {length} lots"
    return None


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


def place_cube(board: Board, cube: int, row: int, lot: int, seat: int) -> Board:
    """The board with ``cube`` placed by ``seat`` on ``lot`` of ``row`` (on top of a building or
    as the row's next building); the first cube of a colour earns its company certificate."""
    index = row * LOTS + lot - 1
    stacks = list(board.stacks)
    stacks[index] = (*stacks[index], cube)
    built = board.built
    if lot > built[row]:
        built = (*built[:row], lot, *built[row + 1 :])
    certificates = board.certificates
    colour = cube // VALUES
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


def place_roof(board: Board, value: int, row: int, lot: int) -> Board:
    """The board with a rooftop ``value`` finishing the building on ``lot`` of ``row``."""
    index = row * LOTS + lot - 1
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


def discard_piece(board: Board, piece: int) -> Board:
    """The board with the Mayor, a barrier or the Cancel cube removed from the game."""
    barriers = board.barriers
    mayor = board.mayor
    cancel = board.cancel
    if is_barrier(piece):
        index = piece - BARRIER_BASE - 1
        barriers = (*barriers[:index], REMOVED, *barriers[index + 1 :])
    elif piece == MAYOR:
        mayor = REMOVED
    elif piece == CANCEL:
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

    @property
    def code(self) -> str:
        return lot_code(self.index)


def buildings(board: Board, empty_row_complete: bool = True) -> Iterator[Building]:
    """Every building (every lot holding cubes) with what it scores (FACT): the cubes' numbers
    plus the rooftop, for the holder of the certificate of the top cube's colour; positive in a
    complete row, negative otherwise; doubled in the Mayor's row."""
    for row in range(NUM_ROWS):
        complete = is_row_complete(board, row, empty_row_complete)
        doubled = board.mayor == row
        base = row * LOTS
        for index in range(base, base + board.built[row]):
            cubes = board.stacks[index]
            roof = board.roofs[index]
            value = sum(c % VALUES + 1 for c in cubes) + roof
            colour = cubes[-1] // VALUES
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


def building_points(board: Board, players: int, empty_row_complete: bool = True) -> list[int]:
    points = [0] * players
    for building in buildings(board, empty_row_complete):
        if building.owner >= 0:
            points[building.owner] += building.points
    return points


def round_scores(
    board: Board, box: tuple[int, ...], empty_row_complete: bool = True
) -> tuple[int, ...]:
    """Buildings plus one point per cheque in the cash box."""
    points = building_points(board, len(box), empty_row_complete)
    return tuple(p + b for p, b in zip(points, box, strict=True))
