"""Water Rights' rules as functions of a board: what may be done, and doing it.

A *board* is either a frozen :class:`State` or a mutable :class:`Work` copy of one (same field
names): ``legal_actions`` reads states, a transition copies the state into a ``Work``, changes it
step by step (``# Phase 3: income.`` ...) and freezes it again. Automatic steps (the King's roll,
line refills, tax, end of round) and forced moves (a phase with nothing to decide) run in
:meth:`Work.settle` until a seat must decide.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations
from typing import Any, Protocol

from tycoon.core import Action, ActionSet, AmountRange, Rng
from tycoon.games.water_rights.actions import (
    AdjustTax,
    AdjustWater,
    Build,
    Collect,
    Destroy,
    Done,
    Draft,
    Feed,
    Fill,
    Post,
    Request,
    SetColours,
    Supply,
)
from tycoon.games.water_rights.catalogue import (
    CELL_INDEX,
    CELL_NAMES,
    COLOURS,
    GREY,
    JUNIOR,
    KING,
    MAYORS,
    ROLES,
    SENIOR,
    CardKind,
    Goal,
    Rules,
    TownLayout,
    adjacent,
    cells_of,
    tax_rate_allowed,
)
from tycoon.games.water_rights.state import (
    BUILD,
    CHANGED_COLOURS,
    CHANGED_TAX,
    CHANGED_WATER,
    DISTRIBUTE,
    DRAFT,
    EMPTY,
    KING_POLICY,
    KING_SETUP,
    N_BUILD,
    N_BURST,
    N_DEMAND,
    N_DEMAND_FAILED,
    N_DEMAND_MET,
    N_DESTROY,
    N_DRAFT,
    N_END,
    N_EVENT,
    N_FEED,
    N_FILL,
    N_GOAL,
    N_INCOME,
    N_KING_TURN,
    N_LINES,
    N_MAYOR_TURN,
    N_PENALTY,
    N_POST,
    N_RAIN,
    N_RECYCLE,
    N_REFILL,
    N_REQUEST,
    N_RESHUFFLE,
    N_RETURN,
    N_ROLL,
    N_ROUND,
    N_SKIP,
    N_SUPPLY,
    N_TAX,
    N_TAX_CHANGE,
    N_TAXED,
    N_WATER_PRICE,
    NO_TURN,
    OVER,
    REQUEST,
    State,
    Town,
    Turn,
)

MAYOR_SLUGS = tuple(r.lower() for r in ROLES)
TAXABLE_NAMES = COLOURS[:3]

# The moves the choices offer on every step, made once for each seat (at most four) and cell:
# actions are frozen values, so the lists share them.
FEEDS = tuple(Feed(seat) for seat in range(len(ROLES)))
COLLECTS = tuple(Collect(seat) for seat in range(len(ROLES)))
DONES = tuple(Done(seat) for seat in range(len(ROLES)))
SUPPLIES = tuple(tuple(Supply(seat, cell) for cell in CELL_NAMES) for seat in range(len(ROLES)))
DESTROYS = tuple(tuple(Destroy(seat, cell) for cell in CELL_NAMES) for seat in range(len(ROLES)))


class TownData(Protocol):
    @property
    def cash(self) -> int: ...
    @property
    def reserve(self) -> int: ...
    @property
    def cells(self) -> tuple[int, ...]: ...
    @property
    def water(self) -> tuple[int, ...]: ...
    @property
    def paid(self) -> tuple[int, ...]: ...
    @property
    def hand(self) -> tuple[tuple[int, int, int], ...]: ...
    @property
    def legacy(self) -> int: ...
    @property
    def posts(self) -> int: ...
    @property
    def occupied(self) -> int: ...
    @property
    def farms(self) -> int: ...
    @property
    def plants(self) -> int: ...
    @property
    def docks(self) -> int: ...
    @property
    def demands_failed(self) -> int: ...


class TurnData(Protocol):
    @property
    def supplied(self) -> int: ...
    @property
    def fed(self) -> bool: ...
    @property
    def own_used(self) -> int: ...
    @property
    def bought(self) -> tuple[int, int, int]: ...
    @property
    def spare(self) -> tuple[int, int, int]: ...
    @property
    def posts_built(self) -> int: ...
    @property
    def idle(self) -> bool: ...
    @property
    def no_draft(self) -> bool: ...
    @property
    def no_income(self) -> int: ...
    @property
    def new_plants(self) -> int: ...


class Board(Protocol):
    @property
    def round(self) -> int: ...
    @property
    def phase(self) -> int: ...
    @property
    def active(self) -> int: ...
    @property
    def towns(self) -> Sequence[TownData]: ...
    @property
    def turn(self) -> TurnData: ...
    @property
    def treasury(self) -> int: ...
    @property
    def bank(self) -> int: ...
    @property
    def tax_colours(self) -> int: ...
    @property
    def tax_dollars(self) -> int: ...
    @property
    def tax_tiles(self) -> int: ...
    @property
    def water_dollars(self) -> int: ...
    @property
    def water_units(self) -> int: ...
    @property
    def king_changes(self) -> int: ...
    @property
    def event(self) -> int: ...
    @property
    def demand(self) -> int: ...
    @property
    def district_line(self) -> tuple[int, ...]: ...
    @property
    def plant_line(self) -> tuple[int, ...]: ...


# -- facts about a town -------------------------------------------------------------------------


def plant_water(town: TownData) -> int:
    water = town.water
    total = 0
    for c in cells_of(town.plants):
        total += water[c]
    return total


def capacity(rules: Rules, town: TownData) -> int:
    capacities = rules.capacities
    cells = town.cells
    total = 0
    for c in cells_of(town.plants):
        total += capacities[cells[c]]
    return total


def districts_mask(layout: TownLayout, town: TownData) -> int:
    return town.occupied & ~town.plants & ~(1 << layout.facility)


def colour_counts(rules: Rules, layout: TownLayout, town: TownData) -> list[int]:
    counts = [0, 0, 0, 0]
    kinds = rules.kinds
    cells = town.cells
    for c in cells_of(districts_mask(layout, town)):
        counts[kinds[cells[c]].colour] += 1
    return counts


def count_cards(town: TownData, kind: int) -> int:
    return sum(1 for c in town.cells if c == kind)


def recycling_plants(rules: Rules, town: TownData) -> int:
    kinds = rules.kinds
    return sum(1 for c in cells_of(town.plants) if kinds[town.cells[c]].recycles)


def placement_mask(rules: Rules, layout: TownLayout, town: TownData, kind: CardKind) -> int:
    """The empty cells where ``kind`` may be built now (the building cheat sheet)."""
    free = ~town.occupied
    placement = kind.placement
    if placement == "water":
        return layout.water_sources & free
    # FACT: "all other types of buildings can be built anywhere" -- water sources included,
    # unless the data reserves them for plants and docks (``reserve_water_sources``).
    ground = layout.grass | layout.land
    if not rules.economy.reserve_water_sources:
        ground |= layout.water_sources
    usable = ground & free
    if placement == "farmland":
        grass = layout.grass & free
        return grass & adjacent(town.farms) if town.farms else grass
    if placement == "livestock":
        return usable & adjacent(town.plants)
    if placement == "dock":
        on_water = layout.water_sources & free
        return on_water | (usable & adjacent(town.docks)) if town.docks else on_water
    earlier = town.occupied
    if not rules.economy.facility_counts_as_tile:
        earlier &= ~(1 << layout.facility)
    return usable & adjacent(earlier)


def water_price(board: Board, units: int) -> int:
    """$dollars for every ``water_units`` units, rounding up."""
    return -(-units // board.water_units) * board.water_dollars


def pays_for_water(town: TownData) -> bool:
    """The Junior always pays; Senior and Riparian get water free while they hold a legacy card."""
    return town.legacy == 0


def tax_due(rules: Rules, board: Board, role: int, town: TownData, double: bool = False) -> int:
    event = rules.events[board.event] if board.event != EMPTY else None
    if event is not None and event.effect == "no_tax":
        return 0
    dollars = board.tax_dollars + (event.amount if event and event.effect == "tax_bonus" else 0)
    counts = colour_counts(rules, rules.town(role), town)
    tiles = board.tax_tiles
    taxed = [c for c in range(3) if board.tax_colours >> c & 1]
    total = sum(counts[c] // tiles * dollars for c in taxed)
    if event is not None and event.effect == "tax_per_colour":
        # Royal Levy: the tax is $amount more for each taxed colour.
        total += event.amount * len(taxed)
    return total * 2 if double else total


def district_income(rules: Rules, board: Board, kind: CardKind, no_income: int) -> int:
    if no_income >> kind.colour & 1:
        return 0
    income = kind.income
    if board.event != EMPTY:
        event = rules.events[board.event]
        if (event.effect == "income_colour" and event.colour == kind.colour) or (
            event.effect == "income_card" and event.card == kind.id
        ):
            income += event.amount
    return max(0, income)


def request_limits(rules: Rules, board: Board, town: TownData) -> tuple[int, int, int, bool]:
    """(need, capped, full, capped-by-event): what fills the plants, what the event allows and
    the bank holds, the same without the event cap, and whether an event caps requests."""
    need = max(0, capacity(rules, town) - plant_water(town) - town.reserve)
    full = min(need, board.bank)
    capped = full
    limited = False
    if board.event != EMPTY:
        event = rules.events[board.event]
        if event.effect == "request_cap_half":
            capped, limited = min(full, need // 2), True
        elif event.effect == "request_cap":
            capped, limited = min(full, event.amount), True
    return need, capped, full, limited


def fill_limits(rules: Rules, board: Board, town: TownData, cell: int) -> tuple[int, int]:
    """(shortfall, cap) of a plant built this turn: the exact water that fills it, and what
    this round's event allows in one request (the shortfall itself when no event caps)."""
    shortfall = rules.kinds[town.cells[cell]].capacity - town.water[cell]
    cap = shortfall
    if board.event != EMPTY:
        event = rules.events[board.event]
        if event.effect == "request_cap_half":
            cap = min(cap, shortfall // 2)
        elif event.effect == "request_cap":
            cap = min(cap, event.amount)
    return shortfall, cap


def fill_choices(rules: Rules, board: Board, seat: int, town: TownData) -> list[Action]:
    """FACT (building): "IF BUILDING MORE WATER TILE BUT NOT ENOUGH WATER, YOU CAN DEMAND WATER
    FROM THE KING ONLY THE EXACT AMOUNT YOU NEED TO FILL YOUR WATER TILE AND PAY FOR THE AMOUNT
    THE KING CHARGES": for each plant built this turn and not full, a request of exactly its
    shortfall, priced as any request; an event's cap below it is lifted only by a legacy card."""
    choices: list[Action] = []
    for c in cells_of(board.turn.new_plants & town.plants):
        shortfall, cap = fill_limits(rules, board, town, c)
        if shortfall <= 0 or shortfall > board.bank:
            continue
        if cap >= shortfall:
            if not pays_for_water(town) or water_price(board, shortfall) <= town.cash:
                choices.append(Fill(seat, CELL_NAMES[c], False))
        elif town.legacy > 0:
            choices.append(Fill(seat, CELL_NAMES[c], True))
    return choices


def affordable_units(board: Board, cash: int) -> int:
    return cash // board.water_dollars * board.water_units if board.water_dollars else 1 << 30


def token_cost(
    rules: Rules, board: Board, role: int, town: TownData, turn: TurnData, kind: CardKind
) -> int:
    """Dollars the tokens of ``kind`` cost now (own tokens free, others bought in lots through a
    trading post), or -1 if they cannot be had."""
    return tokens_cost(rules, board, role, town, turn.fed, turn.own_used, turn, kind)


def tokens_cost(
    rules: Rules,
    board: Board,
    role: int,
    town: TownData,
    fed: bool,
    own_used: int,
    turn: TurnData,
    kind: CardKind,
) -> int:
    """:func:`token_cost` with the facility ``fed`` or not and ``own_used`` own tokens used
    (the rest of ``turn``: the tokens bought and spare), for a bot weighing a feed first."""
    economy = rules.economy
    own = rules.towns[role - 1].colour
    dollars = 0
    for colour, n in rules.token_counts[kind.id]:
        if colour == own:
            if not fed or own_used + n > economy.tokens_per_colour:
                return -1
            continue
        extra = n - turn.spare[colour]
        if extra <= 0:
            continue
        if not town.posts >> rules.colour_owner[colour] & 1:
            return -1
        if board.event != EMPTY and rules.events[board.event].effect == "no_trading":
            return -1  # an embargo
        per = economy.tokens_per_dollar
        lots = -(-extra // per)
        if turn.bought[colour] + lots * per > economy.tokens_per_colour:
            return -1
        dollars += lots
    return dollars if dollars <= town.cash else -1


def water_available(town: TownData) -> int:
    return plant_water(town) + town.reserve


# -- choices ------------------------------------------------------------------------------------


class BuildChoices(ActionSet[Action]):
    """The building phase's moves: builds (card x cell, from bitmasks), trading posts, destroys,
    and done; counted and indexed without building every action."""

    __slots__ = ("_builds", "_by_slug", "_others", "_seat", "_size")

    def __init__(
        self, seat: int, builds: list[tuple[str, tuple[int, ...]]], others: list[Action]
    ) -> None:
        self._seat = seat
        self._builds = builds
        self._by_slug: dict[str, frozenset[int]] | None = None  # made when first asked
        self._others = others
        self._size = sum(len(cells) for _, cells in builds) + len(others)

    def __len__(self) -> int:
        return self._size

    def __getitem__(self, index: int) -> Action:  # type: ignore[override]
        if index < 0:
            index += self._size
        if not 0 <= index < self._size:
            raise IndexError(index)
        for slug, cells in self._builds:
            if index < len(cells):
                return Build(self._seat, slug, CELL_NAMES[cells[index]])
            index -= len(cells)
        return self._others[index]

    def __contains__(self, action: object) -> bool:
        if type(action) is Build:
            if action.seat != self._seat:
                return False
            by_slug = self._by_slug
            if by_slug is None:
                by_slug = self._by_slug = {slug: frozenset(cells) for slug, cells in self._builds}
            cells = by_slug.get(action.card)
            return cells is not None and CELL_INDEX.get(action.cell, -1) in cells
        return action in self._others

    def builds(self) -> list[tuple[str, tuple[int, ...]]]:
        return self._builds

    def others(self) -> list[Action]:
        return self._others


def hand_entry(town: TownData, kind: int) -> int:
    """The hand position built for ``kind``: the earliest such card the mayor can pay for."""
    first = -1
    for i, (k, _paid, due) in enumerate(town.hand):
        if k == kind:
            if due <= town.cash:
                return i
            if first < 0:
                first = i
    return first


def king_choices(rules: Rules, board: Board, seat: int) -> list[Action]:
    economy = rules.economy
    combos = _colour_combos(economy.taxable, economy.taxed)
    if board.phase == KING_SETUP:
        return [SetColours(seat, names) for names, _mask in combos]
    choices: list[Action] = []
    changes = board.king_changes
    if not changes & CHANGED_COLOURS:
        for names, mask in combos:
            if mask != board.tax_colours:
                choices.append(SetColours(seat, names))
    if not changes & CHANGED_TAX:
        dollars, tiles = board.tax_dollars, board.tax_tiles
        for part in ("dollars", "tiles"):
            for change in (1, -1):
                if part == "dollars":
                    allowed = tax_rate_allowed(economy, dollars + change, tiles)
                else:
                    allowed = tax_rate_allowed(economy, dollars, tiles + change)
                if allowed:
                    choices.append(AdjustTax(seat, part, change))
    if not changes & CHANGED_WATER:
        for part, value, low, high in (
            ("dollars", board.water_dollars, economy.water_dollars_min, economy.water_dollars_max),
            ("units", board.water_units, economy.water_units_min, economy.water_units_max),
        ):
            for change in (1, -1):
                if low <= value + change <= high:
                    choices.append(AdjustWater(seat, part, change))
    choices.append(DONES[seat])
    return choices


@lru_cache(maxsize=16)
def _colour_combos(taxable: tuple[int, ...], taxed: int) -> tuple[tuple[tuple[str, ...], int], ...]:
    """Each choice of ``taxed`` colours among ``taxable``: the colours' names (in green, red,
    yellow order) and their bit set (worked out once for each economy)."""
    return tuple(
        (tuple(TAXABLE_NAMES[c] for c in combo), sum(1 << c for c in combo))
        for combo in combinations(sorted(taxable), taxed)
    )


def request_choices(rules: Rules, board: Board, seat: int, town: TownData) -> list[Any]:
    """Water request ranges: 0..what the mayor may take (and pay for); with a legacy card,
    1..what fills the plants when an event caps requests. Playing a legacy card is never
    forced: whenever there is a request to make, requesting less (down to 0) without one is
    offered too."""
    _need, capped, full, limited = request_limits(rules, board, town)
    paying = pays_for_water(town)
    high = min(capped, affordable_units(board, town.cash)) if paying else capped
    legacy = limited and town.legacy > 0 and full > capped
    choices: list[Any] = []
    if high > 0 or legacy:
        choices.append(AmountRange(Request(seat, 0, False), 0, high))
    if legacy:
        choices.append(AmountRange(Request(seat, 1, True), 1, full))
    return choices


def can_draft(rules: Rules, board: Board, town: TownData) -> bool:
    """Whether :func:`draft_choices` offers a card, without making the choices."""
    economy = rules.economy
    kinds = rules.kinds
    cash = town.cash
    for i, card in enumerate(board.district_line):
        if card != EMPTY and kinds[card].cost + economy.district_surcharges[i] <= cash:
            return True
    for i, card in enumerate(board.plant_line):
        if card != EMPTY and kinds[card].cost + economy.plant_surcharges[i] <= cash:
            return True
    return False


def _draft(seat: int, line: str, slot: int) -> Draft:
    """The move drafting from ``slot`` of ``line``, made once (as the moves above)."""
    key = (seat, line, slot)
    action = _DRAFTS.get(key)
    if action is None:
        action = _DRAFTS[key] = Draft(seat, line, slot)
    return action


_DRAFTS: dict[tuple[int, str, int], Draft] = {}


def draft_choices(rules: Rules, board: Board, seat: int, town: TownData) -> list[Action]:
    economy = rules.economy
    kinds = rules.kinds
    choices: list[Action] = []
    for line, cards, surcharges in (
        ("district", board.district_line, economy.district_surcharges),
        ("plant", board.plant_line, economy.plant_surcharges),
    ):
        for i, card in enumerate(cards):
            if card != EMPTY and kinds[card].cost + surcharges[i] <= town.cash:
                choices.append(_draft(seat, line, i + 1))
    return choices


def can_build(rules: Rules, board: Board, role: int, town: TownData) -> bool:
    """Whether :func:`build_choices` offers more than ``done`` (asked after every building
    move: the phase ends by itself when not), without making the choices."""
    economy = rules.economy
    layout = rules.towns[role - 1]
    # Destroying a tile, the cheapest to check, then a trading post, water, building.
    divisor = economy.destroy_refund_divisor
    paid = town.paid
    for c in cells_of(town.occupied & ~(1 << layout.facility)):
        if paid[c] // divisor <= board.treasury:
            return True
    if (
        board.turn.posts_built < economy.posts_per_turn
        and town.cash >= economy.post_cost
        and capacity(rules, town) >= economy.post_min_capacity
    ):
        for target in MAYORS:
            if target != role and not town.posts >> target & 1:
                return True
    if fill_choices(rules, board, 0, town):
        return True
    kinds = rules.kinds
    for kind_id, _paid, _due in town.hand:
        entry = hand_entry(town, kind_id)
        if town.hand[entry][2] <= town.cash and placement_mask(rules, layout, town, kinds[kind_id]):
            return True
    return False


def build_choices(rules: Rules, board: Board, seat: int, role: int, town: TownData) -> BuildChoices:
    economy = rules.economy
    layout = rules.town(role)
    kinds = rules.kinds
    builds: list[tuple[str, tuple[int, ...]]] = []
    seen: set[int] = set()
    for kind_id, _paid, _due in town.hand:
        if kind_id in seen:
            continue
        seen.add(kind_id)
        entry = hand_entry(town, kind_id)
        if town.hand[entry][2] > town.cash:
            continue
        kind = kinds[kind_id]
        cells = cells_of(placement_mask(rules, layout, town, kind))
        if cells:
            builds.append((kind.slug, cells))
    others: list[Action] = fill_choices(rules, board, seat, town)
    if (
        board.turn.posts_built < economy.posts_per_turn
        and town.cash >= economy.post_cost
        and capacity(rules, town) >= economy.post_min_capacity
    ):
        for target in MAYORS:
            if target != role and not town.posts >> target & 1:
                others.append(Post(seat, MAYOR_SLUGS[target]))
    divisor = economy.destroy_refund_divisor
    destroys = DESTROYS[seat]
    tiles = town.occupied & ~(1 << layout.facility)
    for c in cells_of(tiles):
        if town.paid[c] // divisor <= board.treasury:
            others.append(destroys[c])
    others.append(DONES[seat])
    return BuildChoices(seat, builds, others)


def distribute_choices(
    rules: Rules, board: Board, seat: int, role: int, town: TownData
) -> list[Action]:
    economy = rules.economy
    turn = board.turn
    available = water_available(town)
    choices: list[Action] = []
    if not turn.fed and not turn.idle and available >= economy.facility_water:
        choices.append(FEEDS[seat])
    kinds = rules.kinds
    unsupplied = cells_of(districts_mask(rules.towns[role - 1], town) & ~turn.supplied)
    for c in unsupplied:
        kind = kinds[town.cells[c]]
        if (
            kind.water <= available
            and tokens_cost(rules, board, role, town, turn.fed, turn.own_used, turn, kind) >= 0
        ):
            choices.append(SUPPLIES[seat][c])
    # FACT (phase 3): a district without its resources earns nothing, "IT IS UP TO THE PLAYER
    # TO KEEP IT OR SELL IT TO THE KING": any district not supplied this turn may be sold.
    divisor = economy.destroy_refund_divisor
    for c in unsupplied:
        if town.paid[c] // divisor <= board.treasury:
            choices.append(DESTROYS[seat][c])
    choices.append(COLLECTS[seat])
    return choices


def can_distribute(rules: Rules, board: Board, role: int, town: TownData) -> bool:
    """Whether :func:`distribute_choices` offers more than ``collect`` (asked after every
    distribution move: the turn ends by itself when not), without making the choices."""
    economy = rules.economy
    turn = board.turn
    unsupplied = cells_of(districts_mask(rules.towns[role - 1], town) & ~turn.supplied)
    # Selling a district, the cheapest to check, then feeding, then supplying.
    divisor = economy.destroy_refund_divisor
    paid = town.paid
    for c in unsupplied:
        if paid[c] // divisor <= board.treasury:
            return True
    available = water_available(town)
    if not turn.fed and not turn.idle and available >= economy.facility_water:
        return True
    kinds = rules.kinds
    for c in unsupplied:
        kind = kinds[town.cells[c]]
        if (
            kind.water <= available
            and tokens_cost(rules, board, role, town, turn.fed, turn.own_used, turn, kind) >= 0
        ):
            return True
    return False


# -- the working copy ---------------------------------------------------------------------------


class TownWork:
    """A mutable copy of a :class:`Town` for the length of one transition."""

    __slots__ = (
        "cash",
        "cells",
        "demands_failed",
        "demands_met",
        "docks",
        "farms",
        "hand",
        "idle_next",
        "legacy",
        "no_draft_next",
        "no_income_next",
        "occupied",
        "paid",
        "plants",
        "posts",
        "reserve",
        "water",
        "water_debt",
    )

    def __init__(self, t: Town) -> None:
        self.cash = t.cash
        self.reserve = t.reserve
        self.cells = t.cells
        self.water = t.water
        self.paid = t.paid
        self.hand = t.hand
        self.legacy = t.legacy
        self.posts = t.posts
        self.occupied = t.occupied
        self.farms = t.farms
        self.plants = t.plants
        self.docks = t.docks
        self.water_debt = t.water_debt
        self.idle_next = t.idle_next
        self.no_draft_next = t.no_draft_next
        self.no_income_next = t.no_income_next
        self.demands_met = t.demands_met
        self.demands_failed = t.demands_failed

    def freeze(self) -> Town:
        return Town(
            self.cash,
            self.reserve,
            self.cells,
            self.water,
            self.paid,
            self.hand,
            self.legacy,
            self.posts,
            self.occupied,
            self.farms,
            self.plants,
            self.docks,
            self.water_debt,
            self.idle_next,
            self.no_draft_next,
            self.no_income_next,
            self.demands_met,
            self.demands_failed,
        )


class TurnWork:
    __slots__ = (
        "bought",
        "built_public",
        "double_tax",
        "fed",
        "idle",
        "income",
        "new_plants",
        "no_draft",
        "no_income",
        "own_used",
        "posts_built",
        "spare",
        "supplied",
        "tax_paid",
    )

    def __init__(self, t: Turn) -> None:
        self.supplied = t.supplied
        self.fed = t.fed
        self.own_used = t.own_used
        self.bought = t.bought
        self.spare = t.spare
        self.posts_built = t.posts_built
        self.built_public = t.built_public
        self.tax_paid = t.tax_paid
        self.idle = t.idle
        self.no_draft = t.no_draft
        self.no_income = t.no_income
        self.double_tax = t.double_tax
        self.income = t.income
        self.new_plants = t.new_plants

    def freeze(self) -> Turn:
        return Turn(
            self.supplied,
            self.fed,
            self.own_used,
            self.bought,
            self.spare,
            self.posts_built,
            self.built_public,
            self.tax_paid,
            self.idle,
            self.no_draft,
            self.no_income,
            self.double_tax,
            self.income,
            self.new_plants,
        )


class Work:
    """A mutable copy of a :class:`State` for one transition (same field names)."""

    __slots__ = (
        "active",
        "automated",
        "bank",
        "bonus",
        "bonus_owner",
        "copied",
        "demand",
        "demand_deck",
        "demand_discard",
        "district_deck",
        "district_line",
        "event",
        "event_deck",
        "event_discard",
        "king_changes",
        "news",
        "phase",
        "plant_deck",
        "plant_line",
        "removed",
        "roll",
        "round",
        "rules",
        "secrets",
        "tax_colours",
        "tax_dollars",
        "tax_tiles",
        "towns",
        "treasury",
        "turn",
        "unchanged",
        "water_dollars",
        "water_units",
    )

    def __init__(self, rules: Rules, automated: bool, s: State) -> None:
        self.rules = rules
        self.automated = automated
        self.round = s.round
        self.phase = s.phase
        self.active = s.active
        self.towns: list[Town | TownWork] = list(s.towns)
        self.unchanged = s.towns
        self.copied = False  # whether a town was copied to change it
        self.turn: Turn | TurnWork = s.turn  # copied on first change (turn_work)
        self.treasury = s.treasury
        self.bank = s.bank
        self.tax_colours = s.tax_colours
        self.tax_dollars = s.tax_dollars
        self.tax_tiles = s.tax_tiles
        self.water_dollars = s.water_dollars
        self.water_units = s.water_units
        self.king_changes = s.king_changes
        self.roll = s.roll
        self.event = s.event
        self.demand = s.demand
        self.district_line = s.district_line
        self.plant_line = s.plant_line
        self.district_deck = s.district_deck
        self.plant_deck = s.plant_deck
        self.event_deck = s.event_deck
        self.event_discard = s.event_discard
        self.demand_deck = s.demand_deck
        self.demand_discard = s.demand_discard
        self.removed = s.removed
        self.bonus = s.bonus
        self.bonus_owner = s.bonus_owner
        self.secrets = s.secrets
        self.news: list[tuple[int, ...]] = []

    def freeze(self) -> State:
        return State(
            self.round,
            self.phase,
            self.active,
            tuple([t.freeze() if isinstance(t, TownWork) else t for t in self.towns])
            if self.copied
            else self.unchanged,
            self.turn.freeze() if isinstance(self.turn, TurnWork) else self.turn,
            self.treasury,
            self.bank,
            self.tax_colours,
            self.tax_dollars,
            self.tax_tiles,
            self.water_dollars,
            self.water_units,
            self.king_changes,
            self.roll,
            self.event,
            self.demand,
            self.district_line,
            self.plant_line,
            self.district_deck,
            self.plant_deck,
            self.event_deck,
            self.event_discard,
            self.demand_deck,
            self.demand_discard,
            self.removed,
            self.bonus,
            self.bonus_owner,
            self.secrets,
            tuple(self.news),
        )

    # -- helpers ---------------------------------------------------------------------------------

    def turn_work(self) -> TurnWork:
        """The mutable turn (copied on first change)."""
        turn = self.turn
        if isinstance(turn, TurnWork):
            return turn
        work = TurnWork(turn)
        self.turn = work
        return work

    def town(self, role: int) -> TownWork:
        """The mutable town of ``role`` (copied on first change)."""
        town = self.towns[role - 1]
        if isinstance(town, TownWork):
            return town
        work = TownWork(town)
        self.towns[role - 1] = work
        self.copied = True
        return work

    def pay_king(self, town: TownWork, amount: int) -> int:
        """The mayor pays up to ``amount`` to the King (what they have, no debt)."""
        paid = min(amount, town.cash)
        town.cash -= paid
        self.treasury += paid
        return paid

    def pay_out(self, town: TownWork, amount: int, to_king: bool) -> None:
        town.cash -= amount
        if to_king:
            self.treasury += amount

    def take_water(self, town: TownWork, amount: int) -> int:
        """Remove up to ``amount`` water in the order that costs the mayor least: recycling
        plants (they refill), then the other plants, fullest first, then the water beside the
        town (which is poured onto the plants at the end of the turn anyway)."""
        kinds = self.rules.kinds
        water = list(town.water)
        left = amount
        others = []
        for c in cells_of(town.plants):
            if kinds[town.cells[c]].recycles:
                take = min(left, water[c])
                water[c] -= take
                left -= take
            else:
                others.append(c)
        while left > 0 and others:
            c = max(others, key=lambda cell: (water[cell], -cell))
            if water[c] == 0:
                break
            water[c] -= 1
            left -= 1
        take = min(left, town.reserve)
        town.reserve -= take
        left -= take
        town.water = tuple(water)
        return amount - left

    def add_water(self, town: TownWork, amount: int) -> int:
        """Pour ``amount`` onto the plants in cell order; what does not fit stays beside."""
        kinds = self.rules.kinds
        water = list(town.water)
        left = amount
        for c in cells_of(town.plants):
            room = kinds[town.cells[c]].capacity - water[c]
            put = min(room, left)
            water[c] += put
            left -= put
        town.water = tuple(water)
        return amount - left

    def pour_reserve(self, town: TownWork) -> None:
        if town.reserve:
            town.reserve -= self.add_water(town, town.reserve)

    def draw_line(
        self, line: tuple[int, ...], deck: tuple[int, ...]
    ) -> tuple[tuple[int, ...], tuple[int, ...], int]:
        """Move the cards up to fill empty slots, then new cards enter at the top slot."""
        cards = [c for c in line if c != EMPTY]
        empties = len(line) - len(cards)
        new = list(deck[:empties])
        new.reverse()
        filled = [EMPTY] * (empties - len(new)) + new + cards
        return tuple(filled), deck[len(new) :], len(new)

    # -- the King --------------------------------------------------------------------------------

    def set_colours(self, names: tuple[str, ...]) -> None:
        self.tax_colours = sum(1 << TAXABLE_NAMES.index(n) for n in names)
        self.news.append((N_TAXED, self.tax_colours))

    def king_action(self, action: Action, rng: Rng) -> None:
        kind = type(action)
        if kind is SetColours:
            self.set_colours(action.colours)  # type: ignore[attr-defined]
            if self.phase == KING_SETUP:
                self.start_mayor(SENIOR, rng)
                return
            self.king_changes |= CHANGED_COLOURS
        elif kind is AdjustTax:
            if action.part == "dollars":  # type: ignore[attr-defined]
                self.tax_dollars += action.change  # type: ignore[attr-defined]
            else:
                self.tax_tiles += action.change  # type: ignore[attr-defined]
            self.king_changes |= CHANGED_TAX
            self.news.append((N_TAX_CHANGE, self.tax_dollars, self.tax_tiles))
        elif kind is AdjustWater:
            if action.part == "dollars":  # type: ignore[attr-defined]
                self.water_dollars += action.change  # type: ignore[attr-defined]
            else:
                self.water_units += action.change  # type: ignore[attr-defined]
            self.king_changes |= CHANGED_WATER
            self.news.append((N_WATER_PRICE, self.water_dollars, self.water_units))
        else:  # Done
            self.start_mayor(SENIOR, rng)

    def start_king_turn(self, rng: Rng) -> None:
        economy = self.rules.economy
        self.news.append((N_ROUND, self.round))
        self.news.append((N_KING_TURN,))
        # The round's card goes to its discard pile.
        if self.event != EMPTY:
            self.event_discard = (*self.event_discard, self.event)
            self.event = EMPTY
        if self.demand != EMPTY:
            self.demand_discard = (*self.demand_discard, self.demand)
            self.demand = EMPTY
        # The water bank fills up.
        refilled = max(self.bank, min(economy.bank_max, self.bank + economy.bank_refill))
        if refilled != self.bank:
            self.news.append((N_REFILL, refilled - self.bank, refilled))
            self.bank = refilled
        # Roll: odd draws a demand, even an event (by default).
        self.roll = rng.roll(economy.die_sides)
        self.news.append((N_ROLL, self.roll))
        if (self.roll % 2 == 1) == economy.odd_roll_draws_demand:
            if not self.demand_deck:
                self.demand_deck = tuple(rng.shuffled(self.demand_discard))
                self.demand_discard = ()
                self.news.append((N_RESHUFFLE, 1))
            self.demand = self.demand_deck[0]
            self.demand_deck = self.demand_deck[1:]
            self.news.append((N_DEMAND, self.demand))
        else:
            if not self.event_deck:
                self.event_deck = tuple(rng.shuffled(self.event_discard))
                self.event_discard = ()
                self.news.append((N_RESHUFFLE, 0))
            self.event = self.event_deck[0]
            self.event_deck = self.event_deck[1:]
            self.news.append((N_EVENT, self.event))
            self.apply_event_now()
        self.king_changes = 0
        if self.automated:
            self.automated_policy()
            self.start_mayor(SENIOR, rng)
        else:
            self.phase = KING_POLICY
            self.active = KING

    def automated_policy(self) -> None:
        economy = self.rules.economy
        price = self.water_dollars
        if self.bank < economy.auto_raise_below:
            price = min(economy.water_dollars_max, price + economy.auto_step)
        elif self.bank > economy.auto_lower_above:
            price = max(economy.water_dollars_min, price - economy.auto_step)
        if price != self.water_dollars:
            self.water_dollars = price
            self.news.append((N_WATER_PRICE, self.water_dollars, self.water_units))

    def apply_event_now(self) -> None:
        event = self.rules.events[self.event]
        kinds = self.rules.kinds
        if event.effect == "rain":
            for role in MAYORS:
                town = self.towns[role - 1]
                if not town.plants:
                    continue
                tw = self.town(role)
                water = list(tw.water)
                added = 0
                for c in cells_of(tw.plants):
                    put = min(event.amount, kinds[tw.cells[c]].capacity - water[c])
                    water[c] += put
                    added += put
                tw.water = tuple(water)
                self.news.append((N_RAIN, role, added))
        elif event.effect == "burst":
            for role in MAYORS:
                town = self.towns[role - 1]
                plants = cells_of(town.plants)
                if not plants:
                    continue
                fullest = max(plants, key=lambda c: (town.water[c], -c))
                lost = min(event.amount, town.water[fullest])
                if lost:
                    tw = self.town(role)
                    water = list(tw.water)
                    water[fullest] -= lost
                    tw.water = tuple(water)
                    self.news.append((N_BURST, role, fullest, lost))

    # -- a mayor's turn --------------------------------------------------------------------------

    def start_mayor(self, role: int, rng: Rng) -> None:
        self.active = role
        self.news.append((N_MAYOR_TURN, role))
        town = self.towns[role - 1]
        turn = TurnWork(NO_TURN)
        # Penalties carried from the last turn take effect now.
        turn.idle = town.idle_next
        turn.no_draft = town.no_draft_next
        turn.no_income = town.no_income_next
        if turn.idle:
            self.news.append((N_PENALTY, role, 0))
        if turn.no_draft:
            self.news.append((N_PENALTY, role, 1))
        if turn.no_income:
            self.news.append((N_PENALTY, role, 2, turn.no_income))
        if turn.idle or turn.no_draft or turn.no_income:
            tw = self.town(role)  # (a town is copied only to change it)
            tw.idle_next = False
            tw.no_draft_next = False
            tw.no_income_next = 0
        self.turn = turn
        self.enter_request(rng)

    def enter_request(self, rng: Rng) -> None:
        self.phase = REQUEST
        town = self.towns[self.active - 1]
        if not request_choices(self.rules, self, 0, town):
            self.after_request(rng)

    def request(self, action: Request, rng: Rng) -> None:
        town = self.town(self.active)
        price = 0
        if action.legacy:
            town.legacy -= 1
        elif pays_for_water(town):
            price = water_price(self, action.amount)
            self.pay_king(town, price)
        self.bank -= action.amount
        put = self.add_water(town, action.amount)
        town.reserve += action.amount - put
        self.news.append((N_REQUEST, self.active, action.amount, price, int(action.legacy)))
        self.after_request(rng)

    def after_request(self, rng: Rng) -> None:
        town = self.towns[self.active - 1]
        if town.water_debt:
            # Tribute penalty: water goes back to the King after the request.
            tw = self.town(self.active)
            returned = self.take_water(tw, tw.water_debt)
            self.bank += returned
            tw.water_debt = 0
            self.news.append((N_RETURN, self.active, returned))
        self.enter_draft(rng)

    def enter_draft(self, rng: Rng) -> None:
        self.phase = DRAFT
        role = self.active
        demand = self.rules.demands[self.demand] if self.demand != EMPTY else None
        if demand is not None and demand.check == "before_drafting":
            self.check_demand(role, demand.id)
        if self.turn.no_draft:
            self.news.append((N_SKIP, role, DRAFT, 1))
            self.enter_build(rng)
        elif not can_draft(self.rules, self, self.towns[role - 1]):
            self.news.append((N_SKIP, role, DRAFT, 0))
            self.enter_build(rng)

    def draft(self, action: Draft, rng: Rng) -> None:
        economy = self.rules.economy
        town = self.town(self.active)
        slot = action.slot - 1
        if action.line == "district":
            card = self.district_line[slot]
            cost = self.rules.kinds[card].cost + economy.district_surcharges[slot]
            line = list(self.district_line)
            line[slot] = EMPTY
            self.district_line = tuple(line)
        else:
            card = self.plant_line[slot]
            cost = self.rules.kinds[card].cost + economy.plant_surcharges[slot]
            line = list(self.plant_line)
            line[slot] = EMPTY
            self.plant_line = tuple(line)
        self.pay_out(town, cost, economy.draft_to_king)
        town.hand = (*town.hand, (card, cost, 0))
        self.news.append((N_DRAFT, self.active, card, cost))
        if not can_draft(self.rules, self, town):
            self.enter_build(rng)

    def enter_build(self, rng: Rng) -> None:
        self.phase = BUILD
        role = self.active
        if not can_build(self.rules, self, role, self.towns[role - 1]):
            self.news.append((N_SKIP, role, BUILD, 0))
            self.enter_distribute(rng)

    def build(self, action: Build) -> None:
        rules = self.rules
        role = self.active
        town = self.town(role)
        kind_id = rules.by_slug[action.card]
        kind = rules.kinds[kind_id]
        cell = CELL_INDEX[action.cell]
        entry = hand_entry(town, kind_id)
        _k, paid, due = town.hand[entry]
        town.hand = town.hand[:entry] + town.hand[entry + 1 :]
        if due:
            self.pay_out(town, due, rules.economy.dealt_plant_to_king)
        bit = 1 << cell
        town.cells = _set(town.cells, cell, kind_id)
        town.paid = _set(town.paid, cell, paid + due)
        town.occupied |= bit
        if kind.is_plant:
            town.plants |= bit
            turn = self.turn_work()
            turn.built_public = True
            turn.new_plants |= bit
            self.pour_reserve(town)
        else:
            if kind.placement == "farmland":
                town.farms |= bit
            elif kind.placement == "dock":
                town.docks |= bit
            if kind.colour == GREY:
                self.turn_work().built_public = True
        self.news.append((N_BUILD, role, kind_id, cell, due))

    def fill(self, action: Fill) -> None:
        """Request exactly the water that fills the plant built this turn on ``action.cell``."""
        town = self.town(self.active)
        cell = CELL_INDEX[action.cell]
        amount = self.rules.kinds[town.cells[cell]].capacity - town.water[cell]
        price = 0
        if action.legacy:
            town.legacy -= 1
        elif pays_for_water(town):
            price = water_price(self, amount)
            self.pay_king(town, price)
        self.bank -= amount
        town.water = _set(town.water, cell, town.water[cell] + amount)
        self.news.append((N_FILL, self.active, cell, amount, price, int(action.legacy)))

    def post(self, action: Post) -> None:
        economy = self.rules.economy
        town = self.town(self.active)
        target = MAYOR_SLUGS.index(action.target)
        self.pay_out(town, economy.post_cost, economy.post_to_king)
        town.posts |= 1 << target
        self.turn_work().posts_built += 1
        self.news.append((N_POST, self.active, target, economy.post_cost))

    def destroy(self, action: Destroy) -> None:
        rules = self.rules
        town = self.town(self.active)
        cell = CELL_INDEX[action.cell]
        kind_id = town.cells[cell]
        refund = town.paid[cell] // rules.economy.destroy_refund_divisor
        self.treasury -= refund
        town.cash += refund
        bit = 1 << cell
        if town.water[cell]:
            self.bank += town.water[cell]
            town.water = _set(town.water, cell, 0)
        town.cells = _set(town.cells, cell, EMPTY)
        town.paid = _set(town.paid, cell, 0)
        town.occupied &= ~bit
        town.farms &= ~bit
        town.plants &= ~bit
        town.docks &= ~bit
        if self.turn.new_plants & bit:
            self.turn_work().new_plants &= ~bit
        self.removed = tuple(sorted((*self.removed, kind_id)))
        self.news.append((N_DESTROY, self.active, kind_id, cell, refund))

    def enter_distribute(self, rng: Rng) -> None:
        self.phase = DISTRIBUTE
        role = self.active
        if not can_distribute(self.rules, self, role, self.towns[role - 1]):
            self.collect(rng)

    def feed(self) -> None:
        town = self.town(self.active)
        used = self.take_water(town, self.rules.economy.facility_water)
        self.turn_work().fed = True
        self.news.append((N_FEED, self.active, used))

    def supply(self, action: Supply) -> None:
        rules = self.rules
        economy = rules.economy
        role = self.active
        town = self.town(role)
        turn = self.turn_work()
        cell = CELL_INDEX[action.cell]
        kind = rules.kinds[town.cells[cell]]
        self.take_water(town, kind.water)
        own = rules.town(role).colour
        spare = list(turn.spare)
        bought = list(turn.bought)
        dollars = 0
        for colour in kind.tokens:
            if colour == own:
                turn.own_used += 1
                continue
            if spare[colour] == 0:
                # Buy a lot of tokens from the colour's maker through the trading post.
                spare[colour] += economy.tokens_per_dollar
                bought[colour] += economy.tokens_per_dollar
                dollars += 1
                town.cash -= 1
                seller = rules.colour_owner[colour]
                if economy.tokens_to_seller:
                    self.town(seller).cash += 1
            spare[colour] -= 1
        turn.spare = (spare[0], spare[1], spare[2])
        turn.bought = (bought[0], bought[1], bought[2])
        turn.supplied |= 1 << cell
        self.news.append((N_SUPPLY, role, kind.id, cell, kind.water, dollars))

    def collect(self, rng: Rng) -> None:
        rules = self.rules
        role = self.active
        town = self.town(role)
        turn = self.turn_work()
        demand = rules.demands[self.demand] if self.demand != EMPTY else None
        if demand is not None and demand.check == "at_income":
            # Decided as income is counted, so a penalty on this turn's income applies.
            self.check_demand(role, demand.id)
        # Phase 3: income from supplied tiles only.
        income = 0
        supplied = cells_of(turn.supplied)
        for c in supplied:
            income += district_income(rules, self, rules.kinds[town.cells[c]], turn.no_income)
        town.cash += income
        turn.income = income
        self.news.append((N_INCOME, role, income, len(supplied)))
        if demand is not None and demand.check == "after_income":
            self.check_demand(role, demand.id)
        # Phase 4: tokens go back, recycling plants refill, water beside the town is poured.
        kinds = rules.kinds
        water = list(town.water)
        refilled = 0
        for c in cells_of(town.plants):
            kind = kinds[town.cells[c]]
            if kind.recycles and water[c] < kind.capacity:
                refilled += kind.capacity - water[c]
                water[c] = kind.capacity
        town.water = tuple(water)
        if refilled:
            self.news.append((N_RECYCLE, role, refilled))
        self.pour_reserve(town)
        # Phase 5: tax to the King.
        if not turn.tax_paid:
            due = tax_due(rules, self, role, town, turn.double_tax)
            paid = self.pay_king(town, due)
            self.news.append((N_TAX, role, paid, due))
        if demand is not None and demand.check == "end_of_turn":
            self.check_demand(role, demand.id)
        self.claim_goals(role)
        self.end_mayor(rng)

    # -- demands ---------------------------------------------------------------------------------

    def demand_met(self, role: int, demand: int, amount: int) -> None:
        self.town(role).demands_met += 1
        self.news.append((N_DEMAND_MET, role, demand, amount))

    def demand_failed(self, role: int, demand: int, amount: int) -> None:
        self.town(role).demands_failed += 1
        self.news.append((N_DEMAND_FAILED, role, demand, amount))

    def check_demand(self, role: int, demand_id: int) -> None:
        """Meet the demand if the mayor can (they must), otherwise apply its penalty."""
        rules = self.rules
        demand = rules.demands[demand_id]
        town = self.town(role)
        turn = self.turn_work()
        kind = demand.kind
        missing = 0
        met = False
        amount = 0
        if kind == "pay":
            if town.cash >= demand.amount:
                self.pay_king(town, demand.amount)
                met, amount = True, demand.amount
        elif kind == "give_water":
            given = self.take_water(town, demand.amount)
            self.bank += given
            missing = demand.amount - given
            met, amount = missing == 0, given
        elif kind == "supplied_colour":
            supplied = sum(
                1
                for c in cells_of(turn.supplied)
                if rules.kinds[town.cells[c]].colour == demand.colour
            )
            met = supplied >= demand.count
        elif kind == "give_own_tokens":
            unused = rules.economy.tokens_per_colour - turn.own_used if turn.fed else 0
            if unused >= demand.amount:
                turn.own_used += demand.amount
                met, amount = True, demand.amount
        elif kind == "build_grey_or_plant":
            met = turn.built_public
        elif kind == "own_districts":
            owned = len(cells_of(districts_mask(rules.town(role), town)))
            missing = max(0, demand.count - owned)
            met = missing == 0
        elif kind == "hold_cash":
            met = town.cash >= demand.amount
        elif kind == "tax_before_drafting":
            due = tax_due(rules, self, role, town)
            if town.cash >= due:
                self.pay_king(town, due)
                turn.tax_paid = True
                self.news.append((N_TAX, role, due, due))
                met, amount = True, due
        if met:
            self.demand_met(role, demand_id, amount)
            return
        # The penalty.
        penalty = demand.penalty
        paid = 0
        if penalty == "return_water":
            town.water_debt += demand.penalty_amount
        elif penalty == "pay_per_missing":
            paid = self.pay_king(town, missing * demand.penalty_amount)
        elif penalty == "pay":
            paid = self.pay_king(town, demand.penalty_amount)
        elif penalty == "no_colour_income":
            turn.no_income |= 1 << demand.penalty_colour
        elif penalty == "no_colour_income_next":
            town.no_income_next |= 1 << demand.penalty_colour
        elif penalty == "facility_idle_next":
            town.idle_next = True
        elif penalty == "double_tax":
            turn.double_tax = True
        elif penalty == "no_drafting_next":
            town.no_draft_next = True
        self.demand_failed(role, demand_id, paid)

    # -- goals, lines, the end -------------------------------------------------------------------

    def claim_goals(self, role: int) -> None:
        owners = list(self.bonus_owner)
        for i, goal_id in enumerate(self.bonus):
            if owners[i] == EMPTY and goal_met(
                self.rules,
                self.rules.bonus_goals[goal_id],
                role,
                self.towns[role - 1],
                self.treasury,
            ):
                owners[i] = role
                self.news.append((N_GOAL, role, goal_id))
        self.bonus_owner = tuple(owners)

    def end_mayor(self, rng: Rng) -> None:
        # The King moves the assembly lines up.
        self.district_line, self.district_deck, districts = self.draw_line(
            self.district_line, self.district_deck
        )
        self.plant_line, self.plant_deck, plants = self.draw_line(self.plant_line, self.plant_deck)
        if districts or plants:
            self.news.append((N_LINES, districts, plants))
        self.turn = NO_TURN
        if self.active < JUNIOR:
            self.start_mayor(self.active + 1, rng)
            return
        # End of the round.
        districts_gone = not self.district_deck and all(c == EMPTY for c in self.district_line)
        if districts_gone or self.round >= self.rules.economy.rounds:
            self.phase = OVER
            self.active = KING
            self.news.append((N_END, int(districts_gone)))
            return
        self.round += 1
        self.start_king_turn(rng)


def goal_met(rules: Rules, goal: Goal, role: int, town: TownData | None, treasury: int) -> bool:
    """Whether ``role`` (with ``town``; ``None`` for the King) has reached ``goal``."""
    kind = goal.kind
    if kind == "treasury":
        return role == KING and treasury >= goal.count
    if town is None:
        return False
    layout = rules.town(role)
    if kind == "colour_districts":
        return colour_counts(rules, layout, town)[goal.colour] >= goal.count
    if kind == "districts":
        return len(cells_of(districts_mask(layout, town))) >= goal.count
    if kind == "recycling_plants":
        return recycling_plants(rules, town) >= goal.count
    if kind == "capacity":
        return capacity(rules, town) >= goal.count
    if kind == "trading_posts":
        return bin(town.posts).count("1") >= goal.count
    if kind == "cards":
        return all(count_cards(town, k) >= n for k, n in goal.cards)
    if kind == "unused_legacy":
        return town.legacy >= goal.count
    if kind == "every_demand_met":
        return town.demands_failed == 0
    return False


def _set(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    return (*values[:index], value, *values[index + 1 :])
