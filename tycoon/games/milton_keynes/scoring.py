"""Income blocks: a pure function of the map (buildings, the river still on the map, the marsh).

Every building scores each of its walls by the first rule that matches (CLARIFICATIONS.md,
Milton Keynes, Scoring), and the whole map is recomputed whenever it changes:

1. internal wall (both plots in B): 1; ALLOTMENTS 0 (counted once per wall);
2. wall to river still on the map: 1 (COMMONS too); ALLOTMENTS 0;
3. wall to marsh: 0; NATURE RESERVE 2;
4. wall to an empty plot, the board edge or E9: 0;
5. wall to another building C:
   a. both ALLOTMENTS: 1 each;  b. C is ALLOTMENTS (any owner): 2;  c. B is ALLOTMENTS: 0;
   d. C belongs to B's owner: 0;  e. C is a DUMP: 0;  f. B is a COMMONS (C not a COMMONS): 2;
   g. C is a COMMONS and B is neither COMMONS nor DUMP: 0;
   h. by size: size(B) - size(C) >= 2 gives 2, within 1 gives 1, <= -2 gives 0.

Rule f is read with the rulebook's "any neighbours (that aren't the DUMP or COMMONS)" and rule h's
note that COMMONS next to COMMONS scores 1 each: a COMMONS beside a COMMONS falls through to h.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tycoon.games.milton_keynes.board import LABELS, NEIGHBOURS, SIZE, mask_of
from tycoon.games.milton_keynes.cards import ALLOTMENTS, COMMONS, DUMP, NATURE


@dataclass(frozen=True, slots=True)
class Building:
    """A building on the map: its number, owner, kind and plots (sorted indices)."""

    id: int
    owner: int
    kind: int
    cells: tuple[int, ...]

    @property
    def size(self) -> int:
        return len(self.cells)

    @property
    def mask(self) -> int:
        return mask_of(self.cells)

    @property
    def anchor(self) -> int:
        """The plot that names the building in notation: its first plot."""
        return self.cells[0]


def pair_value(
    b_kind: int, b_size: int, b_owner: int, c_kind: int, c_size: int, c_owner: int
) -> int:
    """Rule 5: what building B earns from one wall it shares with another building C."""
    if b_kind == ALLOTMENTS and c_kind == ALLOTMENTS:
        return 1
    if c_kind == ALLOTMENTS:
        return 2
    if b_kind == ALLOTMENTS:
        return 0
    if c_owner == b_owner:
        return 0
    if c_kind == DUMP:
        return 0
    if b_kind == COMMONS and c_kind != COMMONS:
        return 2
    if c_kind == COMMONS and b_kind != DUMP and b_kind != COMMONS:
        return 0
    difference = b_size - c_size
    if difference >= 2:
        return 2
    if difference >= -1:
        return 1
    return 0


def _locate(buildings: Sequence[Building]) -> list[int]:
    at = [-1] * SIZE
    for k, building in enumerate(buildings):
        for p in building.cells:
            at[p] = k
    return at


def incomes(buildings: Sequence[Building], river: int, marsh: int) -> tuple[int, ...]:
    """The income blocks on each building (in the order given). ``river`` is the river still on
    the map (a river plot built on by a SEWAGE REPROCESSOR is building, not river)."""
    at = _locate(buildings)
    result = []
    for k, b in enumerate(buildings):
        kind, size, owner = b.kind, len(b.cells), b.owner
        allotments = kind == ALLOTMENTS
        total = 0
        for p in b.cells:
            for q in NEIGHBOURS[p]:
                j = at[q]
                if j == k:
                    if q > p and not allotments:
                        total += 1
                elif j >= 0:
                    c = buildings[j]
                    total += pair_value(kind, size, owner, c.kind, len(c.cells), c.owner)
                elif river >> q & 1:
                    if not allotments:
                        total += 1
                elif marsh >> q & 1 and kind == NATURE:
                    total += 2
        result.append(total)
    return tuple(result)


def blocks_by_owner(
    buildings: Sequence[Building], building_incomes: Sequence[int], players: int
) -> tuple[int, ...]:
    totals = [0] * players
    for building, income in zip(buildings, building_incomes, strict=True):
        totals[building.owner] += income
    return tuple(totals)


@dataclass(frozen=True, slots=True)
class Wall:
    """One scored wall of a building, for explanations: the plot, what lies beyond, the value."""

    plot: int
    beyond: int  # the neighbouring plot
    what: str  # "internal", "river", "marsh", "empty" or "building #n"
    value: int

    def describe(self) -> str:
        return f"{LABELS[self.plot]}|{LABELS[self.beyond]} {self.what}: {self.value}"


def walls(buildings: Sequence[Building], river: int, marsh: int, k: int) -> list[Wall]:
    """Every wall of building ``k`` that scores or borders something, with its value."""
    at = _locate(buildings)
    b = buildings[k]
    found = []
    for p in b.cells:
        for q in NEIGHBOURS[p]:
            j = at[q]
            if j == k:
                if q > p:
                    found.append(Wall(p, q, "internal", 0 if b.kind == ALLOTMENTS else 1))
            elif j >= 0:
                c = buildings[j]
                value = pair_value(b.kind, b.size, b.owner, c.kind, c.size, c.owner)
                found.append(Wall(p, q, f"building #{c.id}", value))
            elif river >> q & 1:
                found.append(Wall(p, q, "river", 0 if b.kind == ALLOTMENTS else 1))
            elif marsh >> q & 1:
                found.append(Wall(p, q, "marsh", 2 if b.kind == NATURE else 0))
    return found
