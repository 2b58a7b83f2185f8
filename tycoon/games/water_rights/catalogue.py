"""Water Rights' catalogues, read once from the JSON files in ``data/`` and validated.

Everything a designer may want to change lives in those files: the towns, the water plants, the
districts, the events, the demands, the goals and every number of the economy. This module turns
them into frozen tables indexed by small integers (card kinds, colours, roles) so that the rules
run on integers and bitmasks; :func:`load_rules` raises :class:`CatalogueError` naming the file
and the entry when something does not fit.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from tycoon.core.data import DataError, DataFiles
from tycoon.core.text import plural

DATA = Path(__file__).parent / "data"

#: The catalogues a designer may replace or patch (``--data``); ``tuned`` is the built-in set,
#: ``clarifications`` the untuned numbers of the clarifications (``data/clarifications``).
WATER_DATA = DataFiles(
    home=DATA,
    files=(
        "districts.json",
        "plants.json",
        "towns.json",
        "events.json",
        "demands.json",
        "goals.json",
        "economy.json",
    ),
    default="tuned",
    variants=("clarifications",),
)

ROLES = ("King", "Senior", "Riparian", "Junior")
KING, SENIOR, RIPARIAN, JUNIOR = 0, 1, 2, 3
MAYORS = (SENIOR, RIPARIAN, JUNIOR)

COLOURS = ("green", "red", "yellow", "grey")
GREEN, RED, YELLOW, GREY = 0, 1, 2, 3

SIDE = 6
CELLS = SIDE * SIDE
FULL = (1 << CELLS) - 1
COLUMN_A = sum(1 << (row * SIDE) for row in range(SIDE))
COLUMN_F = COLUMN_A << (SIDE - 1)
CELL_NAMES = tuple(f"{'abcdef'[i % SIDE]}{i // SIDE + 1}" for i in range(CELLS))
CELL_INDEX = {name: i for i, name in enumerate(CELL_NAMES)}

PLACEMENTS = ("farmland", "livestock", "dock", "adjacent", "water")
EVENT_EFFECTS = (
    "request_cap_half",
    "request_cap",
    "rain",
    "burst",
    "income_colour",
    "income_card",
    "tax_bonus",
    "tax_per_colour",
    "no_trading",
    "no_tax",
)
DEMAND_KINDS = {
    # demand kind -> the check points it may use
    "pay": ("end_of_turn",),
    "give_water": ("end_of_turn",),
    "supplied_colour": ("at_income", "after_income"),
    "give_own_tokens": ("after_income",),
    "build_grey_or_plant": ("end_of_turn",),
    "own_districts": ("end_of_turn", "after_income"),
    "hold_cash": ("after_income", "end_of_turn"),
    "tax_before_drafting": ("before_drafting",),
}
PENALTY_KINDS = (
    "return_water",
    "pay_per_missing",
    "pay",
    "no_colour_income",
    "no_colour_income_next",
    "facility_idle_next",
    "double_tax",
    "no_drafting_next",
)
GOAL_KINDS = (
    "colour_districts",
    "districts",
    "recycling_plants",
    "capacity",
    "trading_posts",
    "cards",
    "unused_legacy",
    "every_demand_met",
    "treasury",
)
PAYEES = ("supply", "king")


class CatalogueError(DataError, ValueError):
    """A data file that does not describe a playable Water Rights."""


def adjacent(mask: int) -> int:
    """The cells orthogonally next to any cell of ``mask`` (excluding ``mask`` itself)."""
    around = (
        ((mask & ~COLUMN_A) >> 1)
        | ((mask & ~COLUMN_F) << 1)
        | (mask >> SIDE)
        | ((mask << SIDE) & FULL)
    )
    return around & ~mask


def cells_of(mask: int) -> tuple[int, ...]:
    """The cell indices of a mask, in order (kept by mask: the rules and the bots ask for the
    same few masks -- a town's plants, its districts -- again and again)."""
    cells = _CELLS_OF.get(mask)
    if cells is None:
        if len(_CELLS_OF) >= _CELLS_KEPT:
            _CELLS_OF.clear()
        cells = _CELLS_OF[mask] = _cells_of(mask)
    return cells


def _cells_of(mask: int) -> tuple[int, ...]:
    """The cell indices of a mask, in order, worked out bit by bit."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return tuple(found)


# The masks cells_of keeps (a pure function of the mask, so forgetting them changes nothing).
_CELLS_KEPT = 1 << 16
_CELLS_OF: dict[int, tuple[int, ...]] = {}


@dataclass(frozen=True, slots=True)
class CardKind:
    """A district or water-plant card."""

    id: int
    name: str
    slug: str
    code: str
    is_plant: bool
    colour: int  # districts: GREEN..GREY; plants: -1
    count: int
    cost: int
    water: int  # districts: water needed each turn
    tokens: tuple[int, ...]  # districts: token colours needed each turn
    income: int
    points: int
    placement: str
    capacity: int  # plants
    recycles: bool  # plants


@dataclass(frozen=True, slots=True)
class TownLayout:
    role: int
    colour: int  # the colour of tokens its facility makes
    token: str
    water: int
    cash: int
    legacy: int
    dealt: tuple[int, ...]  # card kinds dealt at set-up (built for their price)
    terrain: str  # 36 letters G / W / L / F
    grass: int
    land: int
    water_sources: int
    facility: int  # the facility's cell


@dataclass(frozen=True, slots=True)
class Event:
    id: int
    name: str
    text: str
    effect: str
    amount: int
    colour: int
    card: int
    legacy_cancels: bool


@dataclass(frozen=True, slots=True)
class Demand:
    id: int
    name: str
    text: str
    kind: str
    amount: int
    colour: int
    count: int
    check: str
    penalty: str
    penalty_amount: int
    penalty_colour: int


@dataclass(frozen=True, slots=True)
class Goal:
    id: int
    name: str
    kind: str
    colour: int
    count: int
    cards: tuple[tuple[int, int], ...]  # (card kind, how many)
    points: int
    role: int  # secret goals: the role it is dealt to; bonus goals: -1

    def describe(self, rules: Rules) -> str:
        kind = self.kind
        if kind == "colour_districts":
            return f"{self.count} {COLOURS[self.colour]} districts"
        if kind == "districts":
            return f"{self.count} districts"
        if kind == "recycling_plants":
            return f"{self.count} recycling plants"
        if kind == "capacity":
            return f"plants holding {self.count} water"
        if kind == "trading_posts":
            return f"{self.count} trading posts"
        if kind == "cards":
            return " and ".join(f"{n} {rules.kinds[k].name}" for k, n in self.cards)
        if kind == "unused_legacy":
            return f"end with {plural(self.count, 'unused legacy card')}"
        if kind == "every_demand_met":
            return "meet every demand"
        return f"end with a treasury of ${self.count}"


@dataclass(frozen=True, slots=True)
class Economy:
    rounds: int
    die_sides: int
    odd_roll_draws_demand: bool
    treasury: int
    bank: int
    bank_refill: int
    bank_max: int
    king_score_divisor: int
    tax_dollars: int
    tax_tiles: int
    tax_dollars_min: int
    tax_dollars_max: int
    tax_tiles_min: int
    tax_tiles_max: int
    # The dearest tax allowed, as $rate_dollars per rate_tiles tiles (0, 0: no such cap).
    tax_rate_dollars: int
    tax_rate_tiles: int
    taxable: tuple[int, ...]
    taxed: int
    water_dollars: int
    water_units: int
    water_dollars_min: int
    water_dollars_max: int
    water_units_min: int
    water_units_max: int
    tokens_per_colour: int
    facility_water: int
    post_cost: int
    post_min_capacity: int
    posts_per_turn: int
    tokens_per_dollar: int
    district_surcharges: tuple[int, ...]
    plant_surcharges: tuple[int, ...]
    destroy_refund_divisor: int
    bonus_face_up: int
    draft_to_king: bool
    post_to_king: bool
    dealt_plant_to_king: bool
    tokens_to_seller: bool
    facility_counts_as_tile: bool
    reserve_water_sources: bool
    auto_colours: tuple[int, ...]
    auto_raise_below: int
    auto_lower_above: int
    auto_step: int


@dataclass(frozen=True, slots=True)
class Rules:
    """Every catalogue, indexed: card kinds (districts first, then plants), towns by role."""

    kinds: tuple[CardKind, ...]
    district_ids: tuple[int, ...]
    plant_ids: tuple[int, ...]
    by_slug: dict[str, int]
    by_name: dict[str, int]
    towns: tuple[TownLayout, ...]  # index role - 1
    colour_owner: tuple[int, ...]  # token colour -> the mayor role whose facility makes it
    events: tuple[Event, ...]
    demands: tuple[Demand, ...]
    bonus_goals: tuple[Goal, ...]
    secret_goals: tuple[Goal, ...]
    economy: Economy
    district_deck: tuple[int, ...]  # every district card (kinds, with repeats)
    plant_deck: tuple[int, ...]  # every plant card not dealt at set-up
    # Tables the rules read on every step, worked out once from ``kinds`` (see token_counts_of).
    capacities: tuple[int, ...]  # card kind -> the water its plant holds (districts: 0)
    token_counts: tuple[tuple[tuple[int, int], ...], ...]  # card kind -> (colour, how many)

    def town(self, role: int) -> TownLayout:
        return self.towns[role - 1]

    def secret_goals_for(self, role: int) -> tuple[int, ...]:
        return tuple(g.id for g in self.secret_goals if g.role == role)


def token_counts_of(kind: CardKind) -> tuple[tuple[int, int], ...]:
    """The token colours ``kind`` needs each turn with how many of each, by colour."""
    return tuple((colour, kind.tokens.count(colour)) for colour in sorted(set(kind.tokens)))


def _slug(name: str) -> str:
    return "-".join(name.lower().split())


def _read(documents: Mapping[str, Any], name: str) -> Any:
    document = documents[name]
    if not isinstance(document, dict):
        raise CatalogueError(f"{name}: the file holds a JSON object, not {type(document).__name__}")
    return document


def _need(entry: dict[str, Any], key: str, where: str, kind: type = int) -> Any:
    if key not in entry:
        raise CatalogueError(f"{where} needs {key!r}")
    value = entry[key]
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise CatalogueError(f"{where}: {key!r} must be a whole number, not {value!r}")
    if kind is str and not isinstance(value, str):
        raise CatalogueError(f"{where}: {key!r} must be text, not {value!r}")
    if kind is bool and not isinstance(value, bool):
        raise CatalogueError(f"{where}: {key!r} must be true or false, not {value!r}")
    if kind is list and not isinstance(value, list):
        raise CatalogueError(f"{where}: {key!r} must be a list, not {value!r}")
    if kind is dict and not isinstance(value, dict):
        raise CatalogueError(f"{where}: {key!r} must be an object, not {value!r}")
    return value


def _colour(value: Any, where: str, allow_grey: bool = True) -> int:
    allowed = COLOURS if allow_grey else COLOURS[:3]
    if value not in allowed:
        raise CatalogueError(f"{where}: colour {value!r} is not one of {', '.join(allowed)}")
    return COLOURS.index(value)


def _at_least(value: int, low: int, where: str) -> int:
    if value < low:
        raise CatalogueError(f"{where} must be at least {low}, not {value}")
    return value


def _load_kinds(directory: Mapping[str, Any]) -> tuple[CardKind, ...]:
    kinds: list[CardKind] = []
    districts = _need(_read(directory, "districts.json"), "districts", "districts.json", list)
    for entry in districts:
        where = f"districts.json {entry.get('name', '?')!r}"
        name = _need(entry, "name", where, str)
        placement = _need(entry, "placement", where, str)
        if placement not in PLACEMENTS[:4]:
            raise CatalogueError(f"{where}: placement must be one of {', '.join(PLACEMENTS[:4])}")
        tokens = tuple(
            _colour(t, where, allow_grey=False) for t in _need(entry, "tokens", where, list)
        )
        kinds.append(
            CardKind(
                id=len(kinds),
                name=name,
                slug=_slug(name),
                code=_need(entry, "code", where, str)[:3],
                is_plant=False,
                colour=_colour(_need(entry, "colour", where, str), where),
                count=_at_least(_need(entry, "count", where), 1, f"{where} count"),
                cost=_at_least(_need(entry, "cost", where), 0, f"{where} cost"),
                water=_at_least(_need(entry, "water", where), 0, f"{where} water"),
                tokens=tokens,
                income=_at_least(_need(entry, "income", where), 0, f"{where} income"),
                points=_at_least(_need(entry, "points", where), 0, f"{where} points"),
                placement=placement,
                capacity=0,
                recycles=False,
            )
        )
    plants = _need(_read(directory, "plants.json"), "plants", "plants.json", list)
    for entry in plants:
        where = f"plants.json {entry.get('name', '?')!r}"
        name = _need(entry, "name", where, str)
        kinds.append(
            CardKind(
                id=len(kinds),
                name=name,
                slug=_slug(name),
                code=_need(entry, "code", where, str)[:1],
                is_plant=True,
                colour=-1,
                count=_at_least(_need(entry, "count", where), 1, f"{where} count"),
                cost=_at_least(_need(entry, "cost", where), 0, f"{where} cost"),
                water=0,
                tokens=(),
                income=0,
                points=0,
                placement="water",
                capacity=_at_least(_need(entry, "capacity", where), 1, f"{where} capacity"),
                recycles=_need(entry, "recycles", where, bool),
            )
        )
    slugs = [k.slug for k in kinds]
    for slug in slugs:
        if slugs.count(slug) > 1:
            raise CatalogueError(f"two cards are called {slug!r}")
    if not any(not k.is_plant for k in kinds) or not any(k.is_plant for k in kinds):
        raise CatalogueError("the game needs at least one district and one water plant card")
    return tuple(kinds)


def _load_towns(directory: Mapping[str, Any], by_name: dict[str, int]) -> tuple[TownLayout, ...]:
    towns = _need(_read(directory, "towns.json"), "towns", "towns.json", list)
    found: dict[int, TownLayout] = {}
    for entry in towns:
        where = f"towns.json {entry.get('role', '?')!r}"
        role_name = _need(entry, "role", where, str)
        if role_name not in ROLES[1:]:
            raise CatalogueError(f"{where}: role must be one of {', '.join(ROLES[1:])}")
        role = ROLES.index(role_name)
        rows = _need(entry, "grid", where, list)
        if len(rows) != SIDE or any(not isinstance(r, str) or len(r) != SIDE for r in rows):
            raise CatalogueError(f"{where}: the grid is {SIDE} rows of {SIDE} letters")
        terrain = "".join(rows).upper()
        if set(terrain) - set("GWLF") or terrain.count("F") != 1:
            raise CatalogueError(f"{where}: the grid uses G, W, L and exactly one F")

        def mask(letter: str, terrain: str = terrain) -> int:
            return sum(1 << i for i, c in enumerate(terrain) if c == letter)

        dealt = []
        for card in _need(entry, "dealt", where, list):
            if card not in by_name:
                raise CatalogueError(f"{where}: dealt card {card!r} is not in the catalogue")
            dealt.append(by_name[card])
        found[role] = TownLayout(
            role=role,
            colour=_colour(_need(entry, "colour", where, str), where, allow_grey=False),
            token=_need(entry, "token", where, str),
            water=_at_least(_need(entry, "water", where), 0, f"{where} water"),
            cash=_at_least(_need(entry, "cash", where), 0, f"{where} cash"),
            legacy=_at_least(_need(entry, "legacy", where), 0, f"{where} legacy"),
            dealt=tuple(dealt),
            terrain=terrain,
            grass=mask("G"),
            land=mask("L"),
            water_sources=mask("W"),
            facility=terrain.index("F"),
        )
    if sorted(found) != list(MAYORS):
        raise CatalogueError(
            "towns.json needs exactly one town for each of Senior, Riparian, Junior"
        )
    colours = sorted(t.colour for t in found.values())
    if colours != [GREEN, RED, YELLOW]:
        raise CatalogueError("towns.json: the three facilities make green, red and yellow tokens")
    return tuple(found[r] for r in MAYORS)


def _load_events(directory: Mapping[str, Any], by_name: dict[str, int]) -> tuple[Event, ...]:
    events: list[Event] = []
    for entry in _need(_read(directory, "events.json"), "events", "events.json", list):
        where = f"events.json {entry.get('name', '?')!r}"
        effect = _need(entry, "effect", where, str)
        if effect not in EVENT_EFFECTS:
            raise CatalogueError(f"{where}: effect must be one of {', '.join(EVENT_EFFECTS)}")
        colour = -1
        if effect == "income_colour":
            colour = _colour(_need(entry, "colour", where, str), where)
        card = -1
        if effect == "income_card":
            card_name = _need(entry, "card", where, str)
            if card_name not in by_name:
                raise CatalogueError(f"{where}: card {card_name!r} is not in the catalogue")
            card = by_name[card_name]
        amount = entry.get("amount", 0)
        if effect in (
            "request_cap",
            "rain",
            "burst",
            "income_colour",
            "income_card",
            "tax_bonus",
            "tax_per_colour",
        ):
            amount = _need(entry, "amount", where)
        events.append(
            Event(
                id=len(events),
                name=_need(entry, "name", where, str),
                text=_need(entry, "text", where, str),
                effect=effect,
                amount=amount,
                colour=colour,
                card=card,
                legacy_cancels=bool(entry.get("legacy_cancels", False)),
            )
        )
    if not events:
        raise CatalogueError("events.json holds no event")
    return tuple(events)


def _load_demands(directory: Mapping[str, Any]) -> tuple[Demand, ...]:
    demands: list[Demand] = []
    for entry in _need(_read(directory, "demands.json"), "demands", "demands.json", list):
        where = f"demands.json {entry.get('name', '?')!r}"
        demand = _need(entry, "demand", where, dict)
        penalty = _need(entry, "penalty", where, dict)
        kind = _need(demand, "kind", where, str)
        if kind not in DEMAND_KINDS:
            raise CatalogueError(f"{where}: demand kind must be one of {', '.join(DEMAND_KINDS)}")
        check = _need(entry, "check", where, str)
        if check not in DEMAND_KINDS[kind]:
            allowed = ", ".join(DEMAND_KINDS[kind])
            raise CatalogueError(f"{where}: a {kind} demand is checked {allowed}, not {check}")
        penalty_kind = _need(penalty, "kind", where, str)
        if penalty_kind not in PENALTY_KINDS:
            raise CatalogueError(f"{where}: penalty must be one of {', '.join(PENALTY_KINDS)}")
        if penalty_kind == "double_tax" and check == "end_of_turn":
            raise CatalogueError(f"{where}: a double-tax penalty needs a check before the tax")
        if penalty_kind == "no_colour_income" and check not in ("before_drafting", "at_income"):
            raise CatalogueError(
                f"{where}: a no_colour_income penalty (this turn) needs a check before income "
                "is paid (before_drafting or at_income)"
            )
        if penalty_kind in ("no_colour_income", "no_colour_income_next") and (
            "colour" not in penalty
        ):
            raise CatalogueError(f"{where}: a {penalty_kind} penalty needs a 'colour'")
        if penalty_kind == "pay_per_missing" and kind not in ("give_water", "own_districts"):
            raise CatalogueError(f"{where}: pay_per_missing fits give_water or own_districts")
        demands.append(
            Demand(
                id=len(demands),
                name=_need(entry, "name", where, str),
                text=_need(entry, "text", where, str),
                kind=kind,
                amount=int(demand.get("amount", 0)),
                colour=_colour(demand["colour"], where) if "colour" in demand else -1,
                count=int(demand.get("count", 0)),
                check=check,
                penalty=penalty_kind,
                penalty_amount=int(penalty.get("amount", 0)),
                penalty_colour=_colour(penalty["colour"], where) if "colour" in penalty else -1,
            )
        )
    if not demands:
        raise CatalogueError("demands.json holds no demand")
    return tuple(demands)


def _load_goal(entry: dict[str, Any], gid: int, where: str, by_name: dict[str, int]) -> Goal:
    kind = _need(entry, "kind", where, str)
    if kind not in GOAL_KINDS:
        raise CatalogueError(f"{where}: kind must be one of {', '.join(GOAL_KINDS)}")
    cards: list[tuple[int, int]] = []
    if kind == "cards":
        for name, n in _need(entry, "cards", where, dict).items():
            if name not in by_name:
                raise CatalogueError(f"{where}: card {name!r} is not in the catalogue")
            cards.append((by_name[name], int(n)))
    role = -1
    if "role" in entry:
        if entry["role"] not in ROLES:
            raise CatalogueError(f"{where}: role must be one of {', '.join(ROLES)}")
        role = ROLES.index(entry["role"])
    return Goal(
        id=gid,
        name=_need(entry, "name", where, str),
        kind=kind,
        colour=_colour(entry["colour"], where) if "colour" in entry else -1,
        count=int(entry.get("count", 0)),
        cards=tuple(cards),
        points=_need(entry, "points", where),
        role=role,
    )


def _load_economy(directory: Mapping[str, Any]) -> Economy:
    data = _read(directory, "economy.json")
    w = "economy.json"
    king = _need(data, "king", w, dict)
    tax = _need(data, "tax", w, dict)
    water = _need(data, "water_price", w, dict)
    post = _need(data, "trading_post", w, dict)
    surcharges = _need(data, "surcharges", w, dict)
    payments = _need(data, "payments", w, dict)
    auto = _need(data, "automated_king", w, dict)
    for key in ("draft", "trading_post", "dealt_plant"):
        if payments.get(key) not in PAYEES:
            raise CatalogueError(f"{w}: payments.{key} must be one of {', '.join(PAYEES)}")
    if payments.get("token_purchase") not in ("seller", "supply"):
        raise CatalogueError(f"{w}: payments.token_purchase must be seller or supply")
    odd = _need(data, "odd_roll_draws", w, str)
    if odd not in ("demand", "event"):
        raise CatalogueError(f"{w}: odd_roll_draws is demand or event")
    taxable = tuple(_colour(c, w, allow_grey=False) for c in _need(tax, "taxable", w, list))
    taxed = _need(tax, "taxed", w)
    if not 1 <= taxed <= len(taxable):
        raise CatalogueError(f"{w}: tax.taxed must be between 1 and the number of taxable colours")
    auto_colours = tuple(
        sorted(_colour(c, w, allow_grey=False) for c in _need(auto, "colours", w, list))
    )
    rate_dollars, rate_tiles = 0, 0
    if "max_rate" in tax:
        rate = _need(tax, "max_rate", w, dict)
        rate_dollars = _at_least(_need(rate, "dollars", w), 1, f"{w} tax.max_rate.dollars")
        rate_tiles = _at_least(_need(rate, "tiles", w), 1, f"{w} tax.max_rate.tiles")
    if len(auto_colours) != taxed or not set(auto_colours) <= set(taxable):
        raise CatalogueError(f"{w}: automated_king.colours must be {taxed} taxable colours")
    economy = Economy(
        rounds=_at_least(_need(data, "rounds", w), 1, f"{w} rounds"),
        die_sides=_at_least(_need(data, "die_sides", w), 2, f"{w} die_sides"),
        odd_roll_draws_demand=odd == "demand",
        treasury=_need(king, "treasury", w),
        bank=_need(king, "bank", w),
        bank_refill=_need(king, "bank_refill", w),
        bank_max=_need(king, "bank_max", w),
        king_score_divisor=_at_least(_need(king, "score_divisor", w), 1, f"{w} score_divisor"),
        tax_dollars=_need(tax, "dollars", w),
        tax_tiles=_need(tax, "tiles", w),
        tax_dollars_min=_need(tax, "dollars_min", w),
        tax_dollars_max=_need(tax, "dollars_max", w),
        tax_tiles_min=_at_least(_need(tax, "tiles_min", w), 1, f"{w} tax.tiles_min"),
        tax_tiles_max=_need(tax, "tiles_max", w),
        tax_rate_dollars=rate_dollars,
        tax_rate_tiles=rate_tiles,
        taxable=taxable,
        taxed=taxed,
        water_dollars=_need(water, "dollars", w),
        water_units=_need(water, "units", w),
        water_dollars_min=_need(water, "dollars_min", w),
        water_dollars_max=_need(water, "dollars_max", w),
        water_units_min=_at_least(_need(water, "units_min", w), 1, f"{w} water_price.units_min"),
        water_units_max=_need(water, "units_max", w),
        tokens_per_colour=_need(data, "tokens_per_colour", w),
        facility_water=_need(data, "facility_water", w),
        post_cost=_need(post, "cost", w),
        post_min_capacity=_need(post, "min_capacity", w),
        posts_per_turn=_at_least(_need(post, "per_turn", w), 1, f"{w} trading_post.per_turn"),
        tokens_per_dollar=_at_least(
            _need(post, "tokens_per_dollar", w), 1, f"{w} trading_post.tokens_per_dollar"
        ),
        district_surcharges=tuple(_need(surcharges, "districts", w, list)),
        plant_surcharges=tuple(_need(surcharges, "plants", w, list)),
        destroy_refund_divisor=_at_least(
            _need(data, "destroy_refund_divisor", w), 1, f"{w} destroy_refund_divisor"
        ),
        bonus_face_up=_need(data, "bonus_face_up", w),
        draft_to_king=payments["draft"] == "king",
        post_to_king=payments["trading_post"] == "king",
        dealt_plant_to_king=payments["dealt_plant"] == "king",
        tokens_to_seller=payments["token_purchase"] == "seller",
        facility_counts_as_tile=_need(data, "facility_counts_as_tile", w, bool),
        reserve_water_sources=_need(data, "reserve_water_sources", w, bool),
        auto_colours=auto_colours,
        auto_raise_below=_need(auto, "raise_below", w),
        auto_lower_above=_need(auto, "lower_above", w),
        auto_step=_need(auto, "step", w),
    )
    for low, value, high, name in (
        (economy.tax_dollars_min, economy.tax_dollars, economy.tax_dollars_max, "tax.dollars"),
        (economy.tax_tiles_min, economy.tax_tiles, economy.tax_tiles_max, "tax.tiles"),
        (
            economy.water_dollars_min,
            economy.water_dollars,
            economy.water_dollars_max,
            "water_price.dollars",
        ),
        (
            economy.water_units_min,
            economy.water_units,
            economy.water_units_max,
            "water_price.units",
        ),
    ):
        if not 0 <= low <= value <= high:
            raise CatalogueError(f"{w}: {name} must lie within its min and max")
    if not tax_rate_allowed(economy, economy.tax_dollars, economy.tax_tiles):
        raise CatalogueError(f"{w}: the starting tax rate is dearer than tax.max_rate")
    if not economy.district_surcharges or not economy.plant_surcharges:
        raise CatalogueError(f"{w}: each assembly line needs at least one slot")
    return economy


def tax_rate_allowed(economy: Economy, dollars: int, tiles: int) -> bool:
    """Whether $``dollars`` per ``tiles`` tiles lies within the tax limits: each number within
    its bounds, and the rate no dearer than ``tax.max_rate`` when the data sets one."""
    if not economy.tax_dollars_min <= dollars <= economy.tax_dollars_max:
        return False
    if not economy.tax_tiles_min <= tiles <= economy.tax_tiles_max:
        return False
    if economy.tax_rate_tiles:
        return dollars * economy.tax_rate_tiles <= economy.tax_rate_dollars * tiles
    return True


def load_rules(data: str = "") -> Rules:
    """The catalogues the ``data`` option value names (the tuned built-in set when empty; a
    variant's name, a directory, a patch file or an effective patch), validated."""
    try:
        canonical = WATER_DATA.canonical(data)
    except CatalogueError:
        raise
    except DataError as error:
        raise CatalogueError(error.reason) from None
    return _load_rules(canonical)


@lru_cache(maxsize=16)
def _load_rules(canonical: str) -> Rules:
    try:
        return _build_rules(WATER_DATA.documents(canonical))
    except DataError:
        raise
    except (KeyError, TypeError, AttributeError, ValueError, IndexError) as error:
        # Shapes the checks above do not foresee (an entry that is not an object, say).
        raise CatalogueError(f"the data is malformed ({type(error).__name__}: {error})") from None


def _build_rules(path: Mapping[str, Any]) -> Rules:
    kinds = _load_kinds(path)
    by_name = {k.name: k.id for k in kinds}
    by_slug = {k.slug: k.id for k in kinds}
    towns = _load_towns(path, by_name)
    events = _load_events(path, by_name)
    demands = _load_demands(path)
    goals = _read(path, "goals.json")
    bonus = tuple(
        _load_goal(e, i, f"goals.json bonus {e.get('name', '?')!r}", by_name)
        for i, e in enumerate(_need(goals, "bonus", "goals.json", list))
    )
    secret = tuple(
        _load_goal(e, i, f"goals.json secret {e.get('name', '?')!r}", by_name)
        for i, e in enumerate(_need(goals, "secret", "goals.json", list))
    )
    for goal in secret:
        if goal.role < 0:
            raise CatalogueError(f"goals.json secret {goal.name!r} needs a role")
    economy = _load_economy(path)
    if not 0 <= economy.bonus_face_up <= len(bonus):
        raise CatalogueError("economy.json: bonus_face_up exceeds the bonus goals in goals.json")
    starting_money = sum(town.cash for town in towns)
    if economy.treasury < starting_money:
        raise CatalogueError(
            f"economy.json: king.treasury (${economy.treasury}) must cover the mayors' starting "
            f"money (${starting_money}), which set-up pays from it"
        )
    starting_water = sum(town.water for town in towns)
    if economy.bank < starting_water:
        raise CatalogueError(
            f"economy.json: king.bank ({economy.bank}) must cover the mayors' starting water "
            f"({starting_water}), which set-up gives from it"
        )
    colour_owner = [0, 0, 0]
    for town in towns:
        colour_owner[town.colour] = town.role
    dealt_counts: dict[int, int] = {}
    for town in towns:
        for card in town.dealt:
            dealt_counts[card] = dealt_counts.get(card, 0) + 1
    district_deck: list[int] = []
    plant_deck: list[int] = []
    for kind in kinds:
        spare = kind.count - dealt_counts.get(kind.id, 0)
        if spare < 0:
            raise CatalogueError(f"more {kind.name} cards are dealt than exist ({kind.count})")
        (plant_deck if kind.is_plant else district_deck).extend([kind.id] * spare)
    return Rules(
        kinds=kinds,
        district_ids=tuple(k.id for k in kinds if not k.is_plant),
        plant_ids=tuple(k.id for k in kinds if k.is_plant),
        by_slug=by_slug,
        by_name=by_name,
        towns=towns,
        colour_owner=tuple(colour_owner),
        events=events,
        demands=demands,
        bonus_goals=bonus,
        secret_goals=secret,
        economy=economy,
        district_deck=tuple(district_deck),
        plant_deck=tuple(plant_deck),
        capacities=tuple(kind.capacity for kind in kinds),
        token_counts=tuple(token_counts_of(kind) for kind in kinds),
    )
