"""The whole truth of a game of Milton Keynes, as frozen values (plots as bit masks)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from enum import IntEnum
from operator import attrgetter
from typing import Any, TypeVar

from tycoon.core import SealedCommits
from tycoon.games.milton_keynes.actions import Offer
from tycoon.games.milton_keynes.scoring import Building


class Phase(IntEnum):
    CHARACTERS = 0  # choose a character, in seat order (option characters=choose)
    RIVER = 1  # advanced rules: place the river tiles in turn
    MARSH = 2  # advanced rules: place the two marshes
    BEFORE_COLLECTION = 3  # INQUIRY and DEMOLISH, seat by seat
    AFTER_COLLECTION = 4  # REDEVELOP, seat by seat
    BRIBE = 5  # sealed bribes
    SALE_LOBBY = 6  # LOBBY after the bribes are revealed, in bribe order
    PURCHASE = 7  # buy a lot or pass, in bribe order, round after round
    PERMIT_BID = 8  # sealed bids for the permits between neighbours
    BID_LOBBY = 9  # LOBBY after the permit bids are revealed
    REBID = 10  # sealed re-bids of tied pairs
    TRADE = 11  # offers, in turn, until everyone passes
    TRADE_REPLY = 12  # the player offered to accepts or declines
    BUILD = 13  # commission pouches, sealed
    REQUISITION = 14  # AIR BASE and SEWAGE REPROCESSOR plots named, in bribe order
    OVER = 15


PHASE_TITLES = {
    Phase.CHARACTERS: "choosing characters",
    Phase.RIVER: "placing the river",
    Phase.MARSH: "placing the marshes",
    Phase.BEFORE_COLLECTION: "cash collection (INQUIRY, DEMOLISH)",
    Phase.AFTER_COLLECTION: "cash collection (REDEVELOP)",
    Phase.BRIBE: "sale: sealed bribes",
    Phase.SALE_LOBBY: "sale: LOBBY",
    Phase.PURCHASE: "sale: purchases",
    Phase.PERMIT_BID: "trading: sealed permit bids",
    Phase.BID_LOBBY: "trading: LOBBY on permit bids",
    Phase.REBID: "trading: tied permits re-bid",
    Phase.TRADE: "trading: offers",
    Phase.TRADE_REPLY: "trading: an offer awaits its answer",
    Phase.BUILD: "building: commission pouches",
    Phase.REQUISITION: "building: requisitions",
    Phase.OVER: "game over",
}

SEASONS = ("spring", "autumn")


@dataclass(frozen=True, slots=True)
class Player:
    """One developer. ``deeds`` and ``permits`` are the hand (hidden), ``cash`` is hidden;
    ``known_deeds`` / ``known_permits`` are what everyone knows to be in the hand (bought, won,
    traded, returned in public, or a character's starting permits); ``counted`` is the cash
    anyone who kept count knows the player to hold: every payment to or from a player (cash
    collected, bribes and bids once revealed, prices, trades, bonuses) is made in the open."""

    deeds: int
    permits: tuple[int, ...]
    cash: int
    marker: int
    floor: int  # the highest roundabout reached: the marker never goes below it
    known_deeds: int
    known_permits: tuple[int, ...]
    counted: int


@dataclass(frozen=True, slots=True)
class CityMap:
    """What stands on the board: buildings with their income, the river and the marsh."""

    buildings: tuple[Building, ...]
    river_all: int  # every river plot (river tiles, whether built on or not)
    marsh: int
    built: int  # every plot with a building
    incomes: tuple[int, ...]  # income blocks per building, in the order of ``buildings``
    blocks: tuple[int, ...]  # income blocks per seat
    next_id: int

    @property
    def river(self) -> int:
        """The river still on the map (not built on by a SEWAGE REPROCESSOR)."""
        return self.river_all & ~self.built

    def building_at(self, plot: int) -> Building | None:
        if not self.built >> plot & 1:
            return None
        for building in self.buildings:
            if plot in building.cells:
                return building
        return None

    def income_of(self, building_id: int) -> int:
        for building, income in zip(self.buildings, self.incomes, strict=True):
            if building.id == building_id:
                return income
        return 0


@dataclass(frozen=True, slots=True)
class Commission:
    """One item in a building commission pouch: a permit and the plots of its deeds (sorted);
    ``extends`` is the building an EXTENSION adds to (-1 for a new building)."""

    permit: int
    cells: tuple[int, ...]
    extends: int = -1


@dataclass(frozen=True, slots=True)
class State:
    phase: Phase
    year: int
    season: int
    players: tuple[Player, ...]
    characters: tuple[int, ...]  # character index per seat, -1 when none
    bank: int
    deed_deck: tuple[int, ...]  # plots, top first
    permit_deck: tuple[int, ...]  # permit numbers, top first
    city: CityMap
    queue: tuple[int, ...]  # the seats still to act in a sequential step, the head first
    sealed: SealedCommits[Any] | None
    lots: tuple[int, ...]  # lots on sale, as plot masks
    bribes: tuple[int, ...]  # revealed bribes by seat (after LOBBY: the final ones)
    order: tuple[int, ...]  # bribe order of the latest sale (seat order before any sale)
    bought: bool  # a lot was bought in this purchase round
    lobbied: bool  # a LOBBY changed a bribe in this sale (the order is drawn again)
    slots: tuple[int, ...]  # the permit between seats k and k+1, -1 for none
    bids: tuple[tuple[int, int], ...]  # revealed permit bids by seat: (left, right)
    bid_flow: tuple[int, ...]  # cash gained minus paid by each seat in the bid resolution
    offer: Offer | None  # the offer waiting for its answer (public)
    offers_left: tuple[int, ...]
    passes: int  # consecutive passes in the trade phase
    drafts: tuple[tuple[Commission, ...], ...]  # each seat's pouch being filled (hidden)
    claims: tuple[tuple[int, Commission, int], ...]  # requisitions named: (seat, item, plot)
    pending: tuple[tuple[int, Commission], ...]  # requisitions still to name, in bribe order
    river_path: tuple[int, ...]  # advanced rules: the river tiles placed so far
    log: tuple[str, ...]  # what the latest transition did, in public
    deck_mark: int  # deed deck size at the start of the year (for the safety stop)
    stall: int  # years in a row the deed deck did not shrink
    counters: tuple[int, ...]  # statistics: see COUNTERS
    ended: str  # why the game ended ("" while it goes on)


COUNTERS = (
    "lots_bought",
    "trades",
    "demolitions",
    "redevelopments",
    "inquiries",
    "lobbies",
    "credit_crunches",
    "commissions_returned",
    "buildings_built",
    "extensions",
    "permits_bid_won",
    "permits_tied_out",
)
COUNTER_INDEX = {name: i for i, name in enumerate(COUNTERS)}


T = TypeVar("T")


def fast_replacer(cls: type[T]) -> Callable[..., T]:
    """A ``dataclasses.replace`` for one frozen, slotted class, about three times faster (the
    hot path of every transition): it reads every field at once and sets the slots directly."""
    names = tuple(f.name for f in fields(cls))  # type: ignore[arg-type]
    position = {name: i for i, name in enumerate(names)}
    getter = attrgetter(*names)
    setters = tuple(getattr(cls, name).__set__ for name in names)
    new = object.__new__

    def evolve(obj: T, **changes: Any) -> T:
        values = list(getter(obj))
        for name, value in changes.items():
            values[position[name]] = value
        result: T = new(cls)
        for setter, value in zip(setters, values, strict=True):
            setter(result, value)
        return result

    return evolve


evolve = fast_replacer(State)
evolve_player = fast_replacer(Player)
