"""My City's actions, state and view.

Everything in My City is public (the board, every cup, the counters drawn with Random Zone
Selection), so a view holds the whole public record of the state; the state adds bitmasks derived
from it for speed (rebuilt from a view by ``MyCity.sample_state``) and, once the game is over, the
final score report.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from tycoon.core import Action
from tycoon.games.my_city.scoring import ScoreReport


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Place ``counter`` (``C4``; the slum ``S``) from your cup on the empty ``square`` (``e5``)."""

    counter: str
    square: str


@dataclass(frozen=True, slots=True)
class Rezone(Action):
    """REZONING: replace your zone on ``square`` with ``counter`` from your cup."""

    square: str
    counter: str


@dataclass(frozen=True, slots=True)
class Skip(Action):
    """Skip your turn: offered only when you cannot place a counter (with REZONING, even though a
    rezoning is possible, since rezoning is optional)."""


CityAction = Place | Rezone | Skip

OVER = -1  # ``to_move`` once the game has ended


@dataclass(frozen=True, slots=True)
class CityState:
    # The public record.
    landmark_at: tuple[int, ...]  # per square: the landmark's index in the cup, or -1
    zone_at: tuple[int, ...]  # per square: seat * counters + counter, or -1
    supply: tuple[int, ...]  # per seat: bitmask of the counters still in its cup
    rezones_used: tuple[int, ...]  # per seat
    to_move: int  # the seat to act, OVER once the game has ended
    drawn: tuple[int, ...]  # RANDOM ZONE SELECTION: the counters the seat to act drew
    first: int  # the seat that won the opening roll
    opening_rolls: tuple[tuple[int, ...], ...]  # each round of the roll for first player (0: out)
    turn: int  # moves made so far
    skips: tuple[int, ...]  # per seat: turns skipped because it could not place
    end: str  # why the game ended ("" while it goes on)
    # Derived from the record, kept for speed.
    empty: int  # bitmask of the empty squares
    zone_masks: tuple[int, ...]  # per zone type: squares holding a zone of that type
    allowed: tuple[int, ...]  # per zone type: empty squares not adjacent to a zone of that type
    owned: tuple[int, ...]  # per seat: squares holding its zones
    report: ScoreReport | None  # the final scoring, once over

    @property
    def is_over(self) -> bool:
        return self.to_move == OVER


class CityView(NamedTuple):
    """What a seat (``None``: a spectator) sees: in My City, the whole public record.

    A named tuple rather than a frozen dataclass (as Esport Monopoly's views): one is made for
    every decision, and a named tuple made with ``tuple.__new__`` costs less than a frozen
    dataclass's ``__init__``. It is just as immutable."""

    seat: int | None
    landmark_at: tuple[int, ...]
    zone_at: tuple[int, ...]
    supply: tuple[int, ...]
    rezones_used: tuple[int, ...]
    to_move: int
    drawn: tuple[int, ...]
    first: int
    opening_rolls: tuple[tuple[int, ...], ...]
    turn: int
    skips: tuple[int, ...]
    end: str

    @property
    def is_over(self) -> bool:
        return self.to_move == OVER
