"""Water Rights' states and views: frozen dataclasses of small integers, tuples and bitmasks.

Roles are fixed integers (0 King, 1 Senior, 2 Riparian, 3 Junior) whatever the seats are: with
three players the King is automated and seat ``s`` plays role ``s + 1``. A town is a tuple of 36
cells (card kind or ``EMPTY``), the water on each plant and what each tile cost, plus bitmasks of
occupied cells, farmland, plants and docks kept up to date for the placement rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

EMPTY = -1

# Phases.
KING_SETUP = 0  # round 1: the King picks the taxed colours
KING_POLICY = 1  # later rounds: the King adjusts tax and water price, then ends his turn
REQUEST = 2  # a mayor requests (or buys) water
DRAFT = 3  # a mayor drafts from the assembly lines
BUILD = 4  # a mayor builds, builds a trading post, or destroys a tile
DISTRIBUTE = 5  # a mayor feeds the facility, supplies districts, then collects income
OVER = 6
PHASE_NAMES = (
    "set-up: taxed colours",
    "taxes and water price",
    "water request",
    "drafting",
    "building",
    "distribution and income",
    "game over",
)

# What the King has changed this turn (one change of each kind a turn).
CHANGED_COLOURS = 1
CHANGED_TAX = 2
CHANGED_WATER = 4


@dataclass(frozen=True, slots=True)
class Town:
    """One mayor's town and holdings; everything here is public."""

    cash: int
    reserve: int  # water not yet on a plant (the starting water before plants are built)
    cells: tuple[int, ...]  # card kind on each of the 36 cells, or EMPTY
    water: tuple[int, ...]  # water on the plant of each cell
    paid: tuple[int, ...]  # what was paid for the tile on each cell
    hand: tuple[tuple[int, int, int], ...]  # drafted or dealt cards: (kind, paid, still due)
    legacy: int  # Water Rights Legacy cards held
    posts: int  # bitmask of the roles this mayor has a trading post with
    occupied: int  # bitmask: tiles and the facility
    farms: int  # bitmask: farmland
    plants: int  # bitmask: water plants
    docks: int  # bitmask: fishing docks
    water_debt: int  # water to return after the next request (Tribute penalty)
    idle_next: bool  # the facility makes no tokens next turn
    no_draft_next: bool  # no drafting next turn
    no_income_next: int  # bitmask of colours earning nothing next turn
    demands_met: int
    demands_failed: int


@dataclass(frozen=True, slots=True)
class Turn:
    """The active mayor's scratch for the turn (tokens, supplies, one-a-turn limits)."""

    supplied: int = 0  # bitmask of districts supplied this turn
    fed: bool = False  # the facility got its water
    own_used: int = 0  # own tokens used
    bought: tuple[int, int, int] = (0, 0, 0)  # tokens bought this turn, by colour
    spare: tuple[int, int, int] = (0, 0, 0)  # bought tokens not used yet, by colour
    posts_built: int = 0
    built_public: bool = False  # built a grey district or a water plant
    tax_paid: bool = False  # tax already paid (Loyalty)
    idle: bool = False
    no_draft: bool = False
    no_income: int = 0  # bitmask of colours earning nothing
    double_tax: bool = False
    income: int = 0  # collected this turn
    new_plants: int = 0  # bitmask: water plants built this turn (may be filled while building)


NO_TURN = Turn()


@dataclass(frozen=True, slots=True)
class State:
    round: int
    phase: int
    active: int  # role acting: KING or a mayor
    towns: tuple[Town, ...]  # index role - 1
    turn: Turn
    treasury: int
    bank: int
    tax_colours: int  # bitmask of taxed colours
    tax_dollars: int
    tax_tiles: int
    water_dollars: int
    water_units: int
    king_changes: int
    roll: int  # the King's last die roll (0: none yet)
    event: int  # the event of this round, or EMPTY
    demand: int  # the demand of this round, or EMPTY
    district_line: tuple[int, ...]
    plant_line: tuple[int, ...]
    district_deck: tuple[int, ...]  # hidden order: the next card is the first
    plant_deck: tuple[int, ...]
    event_deck: tuple[int, ...]
    event_discard: tuple[int, ...]
    demand_deck: tuple[int, ...]
    demand_discard: tuple[int, ...]
    removed: tuple[int, ...]  # destroyed tiles, sorted
    bonus: tuple[int, ...]  # face-up bonus goals
    bonus_owner: tuple[int, ...]  # the role that claimed each, or EMPTY
    secrets: tuple[int, ...]  # each role's secret goal
    news: tuple[tuple[int, ...], ...]  # what the last step did, for narration


class View(NamedTuple):
    """What one seat may know: everything but the deck orders and others' secret goals.

    A named tuple rather than a frozen dataclass (as Esport Monopoly's views): one is made for
    every decision a learner or a bot reads, and a named tuple made with ``tuple.__new__``
    costs a fraction of a 32-field frozen dataclass's ``__init__``. It is just as immutable."""

    seat: int | None
    role: int | None
    players: int
    round: int
    phase: int
    active: int
    towns: tuple[Town, ...]
    turn: Turn
    treasury: int
    bank: int
    tax_colours: int
    tax_dollars: int
    tax_tiles: int
    water_dollars: int
    water_units: int
    king_changes: int
    roll: int
    event: int
    demand: int
    district_line: tuple[int, ...]
    plant_line: tuple[int, ...]
    district_deck_size: int
    plant_deck_size: int
    event_deck_size: int
    event_discard: tuple[int, ...]
    demand_deck_size: int
    demand_discard: tuple[int, ...]
    removed: tuple[int, ...]
    bonus: tuple[int, ...]
    bonus_owner: tuple[int, ...]
    secrets: tuple[int, ...]  # EMPTY where hidden from this seat
    news: tuple[tuple[int, ...], ...]


# News: what one step did, as (code, numbers...), turned into sentences by ``narrate``.
N_ROUND = 0  # (round)
N_KING_TURN = 1  # ()
N_REFILL = 2  # (added, bank)
N_ROLL = 3  # (roll)
N_EVENT = 4  # (event)
N_DEMAND = 5  # (demand)
N_RAIN = 6  # (role, added)
N_BURST = 7  # (role, cell, lost)
N_TAXED = 8  # (colour mask) the taxed colours now
N_WATER_PRICE = 9  # (dollars, units) the water price now
N_MAYOR_TURN = 10  # (role)
N_SKIP = 11  # (role, phase, reason: 0 nothing to do, 1 a penalty)
N_REQUEST = 12  # (role, amount, price, legacy)
N_RETURN = 13  # (role, amount) water returned for a Tribute penalty
N_DRAFT = 14  # (role, kind, cost)
N_BUILD = 15  # (role, kind, cell, paid now)
N_POST = 16  # (role, target, cost)
N_DESTROY = 17  # (role, kind, cell, refund)
N_FEED = 18  # (role, water)
N_SUPPLY = 19  # (role, kind, cell, water, dollars paid for tokens)
N_INCOME = 20  # (role, amount, districts)
N_DEMAND_MET = 21  # (role, demand, amount)
N_DEMAND_FAILED = 22  # (role, demand, amount)
N_RECYCLE = 23  # (role, amount)
N_TAX = 24  # (role, paid, due)
N_GOAL = 25  # (role, bonus goal)
N_LINES = 26  # (districts drawn, plants drawn)
N_END = 27  # (reason: 0 rounds played, 1 districts ran out)
N_PENALTY = 28  # (role, penalty code: 0 facility idle, 1 no drafting, 2 colour mask no income)
N_RESHUFFLE = 29  # (0 events, 1 demands)
N_TAX_CHANGE = 30  # (dollars, tiles) the tax rate now
N_FILL = 31  # (role, cell, amount, price, legacy) water requested for a plant just built
