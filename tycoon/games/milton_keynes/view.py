"""What one seat may know of a game (plots as sorted index tuples, JSON-ready)."""

from __future__ import annotations

from typing import Any, NamedTuple

from tycoon.core import SealedView
from tycoon.games.milton_keynes.actions import Offer
from tycoon.games.milton_keynes.scoring import Building
from tycoon.games.milton_keynes.state import Commission


class View(NamedTuple):
    """A seat's view (``seat`` None: a spectator). Own hand, cash, bribe, bids and pouch are
    shown; of the others only counts, what is publicly known, and who has committed. Of another
    seat's requisitions only the plots named, and by whom: the pouches are still closed.

    A named tuple rather than a frozen dataclass (as Esport Monopoly's views): one is made for
    every decision a learner or a bot reads, and a named tuple made with ``tuple.__new__``
    costs a fraction of a 52-field frozen dataclass's ``__init__``. It is just as immutable."""

    seat: int | None
    players: int
    phase: str
    year: int
    season: int
    characters: tuple[int, ...]
    buildings: tuple[Building, ...]
    incomes: tuple[int, ...]
    next_building: int
    river_all: tuple[int, ...]
    marsh: tuple[int, ...]
    markers: tuple[int, ...]
    floors: tuple[int, ...]
    blocks: tuple[int, ...]
    deed_counts: tuple[int, ...]
    permit_counts: tuple[int, ...]
    known_deeds: tuple[tuple[int, ...], ...]
    known_permits: tuple[tuple[int, ...], ...]
    cash: int | None  # own cash
    hand_deeds: tuple[int, ...]  # own deeds
    hand_permits: tuple[int, ...]  # own permits, counts by permit number
    deed_deck: int  # cards left
    permit_deck: int
    queue: tuple[int, ...]
    sealed: SealedView[Any] | None
    draft: tuple[Commission, ...]  # own pouch being filled
    lots: tuple[tuple[int, ...], ...]
    bribes: tuple[int, ...]
    order: tuple[int, ...]
    bought: bool
    lobbied: bool
    slots: tuple[int, ...]
    bids: tuple[tuple[int, int], ...]
    bid_flow: tuple[int, ...]
    offer: Offer | None
    offers_left: tuple[int, ...]
    passes: int
    claims: tuple[tuple[int, int], ...]  # requisitions named so far: (seat, plot), in order
    requisitioner: int  # the seat naming a plot to requisition now (-1: none)
    own_claims: tuple[tuple[Commission, int], ...]  # own requisitions named (plot -1: none left)
    own_pending: tuple[Commission, ...]  # own requisitions still to name, the next first
    river_path: tuple[int, ...]
    log: tuple[str, ...]
    deck_mark: int
    stall: int
    counters: tuple[int, ...]
    ended: str
    counted_cash: tuple[int, ...]  # each seat's cash as the open payments so far add up
