"""The legal moves of a seat as a lazy sequence: placements, then rezonings, then a skip.

Placements are grouped by zone type: every counter of that type in the seat's cup (with Random
Zone Selection, among the counters it drew) times every empty square where that type may go. The
sequence's length is a sum of products of bit counts, an item is found by index arithmetic, and
membership checks the rule itself, so a random pick costs a few operations per zone type however
many moves there are. A seat that cannot place but may rezone is also offered to skip its turn
("If there are empty spaces, but you are unable to place a counter, skip your turn"; rezoning is
optional), written last.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import overload

from tycoon.core import ActionSet
from tycoon.games.my_city.board import nth_square, squares_of
from tycoon.games.my_city.state import CityAction, CityState, Place, Rezone, Skip
from tycoon.games.my_city.tables import Tables


def choosable(tables: Tables, state: CityState, seat: int) -> int:
    """The counters ``seat`` may choose from this turn: its cup, or what it drew."""
    if tables.random_zones:
        mask = 0
        for counter in state.drawn:
            mask |= 1 << counter
        return mask
    return state.supply[seat]


def rezone_targets(
    tables: Tables, state: CityState, seat: int, counters: int
) -> list[tuple[int, int]]:
    """(square, counters) for each of ``seat``'s zones: the counters of ``counters`` that may
    replace it; empty if ``seat`` may not rezone now."""
    if (
        not tables.rezoning
        or state.rezones_used[seat] >= tables.rezonings
        or not counters
        or state.is_over
    ):
        return []
    neighbours = tables.board.neighbours
    zone_masks = state.zone_masks
    type_masks = tables.type_masks
    targets: list[tuple[int, int]] = []
    for square in squares_of(state.owned[seat]):
        around = neighbours[square]
        mask = 0
        for kind, zones in enumerate(zone_masks):
            # The replacement obeys the same-type ban; the zone it replaces is on the square
            # itself, never adjacent to it.
            if not zones & around:
                mask |= type_masks[kind]
        targets.append((square, mask & counters))
    return targets


class CityMoves(ActionSet[CityAction]):
    """Every legal move of ``seat`` in ``state`` (empty unless it is ``seat``'s turn)."""

    concrete = True

    def __init__(self, tables: Tables, state: CityState, seat: int) -> None:
        self.tables = tables
        self.seat = seat
        self.state = state
        self.placements: list[tuple[int, int, int, int]] = []  # counters, squares, n squares, n
        self.rezones: list[tuple[int, int, int]] = []  # square, counters, n
        self.placement_count = 0
        self.rezone_count = 0
        self.can_skip = False
        if state.to_move != seat:
            return
        counters = choosable(tables, state, seat)
        type_masks = tables.type_masks
        for kind, squares in enumerate(state.allowed):
            if not squares:
                continue
            of_kind = counters & type_masks[kind]
            if of_kind:
                n_squares = squares.bit_count()
                n = of_kind.bit_count() * n_squares
                self.placements.append((of_kind, squares, n_squares, n))
                self.placement_count += n
        if tables.rezoning:
            for square, mask in rezone_targets(tables, state, seat, counters):
                if mask:
                    n = mask.bit_count()
                    self.rezones.append((square, mask, n))
                    self.rezone_count += n
        # Unable to place, the seat may skip rather than rezone (it is asked to move at all only
        # when it has a placement or a rezoning).
        self.can_skip = not self.placement_count and self.rezone_count > 0

    def __len__(self) -> int:
        return self.placement_count + self.rezone_count + self.can_skip

    @overload
    def __getitem__(self, index: int) -> CityAction: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[CityAction]: ...

    def __getitem__(self, index: int | slice) -> CityAction | Sequence[CityAction]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("move index out of range")
        tables = self.tables
        if index < self.placement_count:
            for counters, squares, n_squares, n in self.placements:
                if index < n:
                    counter_index, square_index = divmod(index, n_squares)
                    return Place(
                        self.seat,
                        tables.counter_names[nth_square(counters, counter_index)],
                        tables.board.names[nth_square(squares, square_index)],
                    )
                index -= n
        index -= self.placement_count
        for square, counters, n in self.rezones:
            if index < n:
                return Rezone(
                    self.seat,
                    tables.board.names[square],
                    tables.counter_names[nth_square(counters, index)],
                )
            index -= n
        return Skip(self.seat)  # the one index left: the skip

    def __contains__(self, action: object) -> bool:
        if isinstance(action, Skip):
            return self.can_skip and action.seat == self.seat
        if not isinstance(action, Place | Rezone) or action.seat != self.seat:
            return False
        tables = self.tables
        counter = tables.counter_ids.get(action.counter)
        square = tables.board.index(action.square)
        if counter is None or square is None or tables.board.names[square] != action.square:
            return False
        if isinstance(action, Place):
            for counters, squares, _, _ in self.placements:
                if counters >> counter & 1:
                    return bool(squares >> square & 1)
            return False
        for target, counters, _ in self.rezones:
            if target == square:
                return bool(counters >> counter & 1)
        return False

    def placement_groups(self) -> list[tuple[list[int], list[int]]]:
        """(counters, squares) for each zone type the seat may place now."""
        return [
            (squares_of(counters), squares_of(squares))
            for counters, squares, _, _ in self.placements
        ]

    def rezone_groups(self) -> list[tuple[int, list[int]]]:
        """(square, counters) for each of the seat's zones it may rezone now."""
        return [(square, squares_of(counters)) for square, counters, _ in self.rezones]
