"""The board and both card decks, loaded once from ``data/`` into flat tables.

Squares are numbered 0 (GO) to 39 clockwise. The hot paths index plain tuples by square and use
bitmasks over squares (bit ``1 << square``) for groups, holdings and mortgages, so nothing is
looked up by name while a game is played.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data"

# Square kinds.
GO, EVENT, FESTIVAL, SHOP, CHANCE, MAIL, TAX, JAIL, PARKING, GO_TO_JAIL = range(10)
KIND_NAMES = (
    "go",
    "event",
    "festival",
    "shop",
    "chance",
    "mail",
    "tax",
    "jail",
    "parking",
    "gotojail",
)
PROPERTY_KINDS = frozenset({EVENT, FESTIVAL, SHOP})

# Card effects.
(
    ADVANCE,
    GOTO,
    NEAREST,
    COLLECT,
    PAY,
    JAIL_FREE,
    BACK,
    TO_JAIL,
    REPAIRS,
    PAY_EACH,
    COLLECT_EACH,
    FINE_OR_CHANCE,
) = range(12)
EFFECT_NAMES = (
    "advance",
    "goto",
    "nearest",
    "collect",
    "pay",
    "jail_free",
    "back",
    "jail",
    "repairs",
    "pay_each",
    "collect_each",
    "fine_or_chance",
)

CHANCE_DECK, MAIL_DECK = 0, 1
DECK_NAMES = ("chance", "mail")
DECK_TITLES = ("Chance", "Company Mail")


@dataclass(frozen=True, slots=True)
class Card:
    """One card: its id within its deck, text, effect and the effect's numbers."""

    deck: int
    index: int
    id: str
    text: str
    effect: int
    to: int = 0  # advance / goto target square
    amount: int = 0  # collect / pay / each / fine
    steps: int = 0  # back
    stand: int = 0  # repairs per fan stand
    arena: int = 0  # repairs per arena
    nearest: int = 0  # FESTIVAL or SHOP
    multiplier: int = 0  # nearest: rent multiplier (festival) or dice multiplier (shop)


@dataclass(frozen=True, slots=True)
class Board:
    """Every table the rules use, by square (40 entries) or by group."""

    names: tuple[str, ...]
    kinds: tuple[int, ...]
    group: tuple[int, ...]  # group index, -1 for squares that are not properties
    group_keys: tuple[str, ...]  # "brown", ..., "festival", "shop"
    group_titles: tuple[str, ...]
    group_members: tuple[tuple[int, ...], ...]
    group_mask: tuple[int, ...]
    price: tuple[int, ...]
    mortgage: tuple[int, ...]  # mortgage value: half the price
    lift: tuple[int, ...]  # cost of lifting a mortgage: value + 10% (rounded up)
    fee: tuple[int, ...]  # the 10% due when a mortgaged deed changes hands (rounded up)
    rents: tuple[tuple[int, ...], ...]  # events: unimproved, 1-4 stands, arena
    stand_cost: tuple[int, ...]
    tax: tuple[int, ...]
    festival_rents: tuple[int, ...]
    shop_multipliers: tuple[int, ...]
    properties: tuple[int, ...]
    property_mask: int
    event_mask: int
    next_festival: tuple[int, ...]
    next_shop: tuple[int, ...]
    event_groups: int  # groups 0 .. event_groups-1 are colour groups of events
    festival_group: int
    shop_group: int
    stands: int
    arenas: int
    jail_square: int
    jail_fine: int
    jail_turns: int
    doubles_to_jail: int
    interest_percent: int
    sale_percent: int
    jail_card_value: int


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def load_board() -> Board:
    data = json.loads((DATA / "board.json").read_text(encoding="utf-8"))
    squares = data["squares"]
    comp = data["components"]
    groups = data["groups"]
    keys = tuple(groups)
    kinds = tuple(KIND_NAMES.index(s["kind"]) for s in squares)
    group = tuple(keys.index(s["group"]) if "group" in s else -1 for s in squares)
    members = tuple(tuple(i for i, g in enumerate(group) if g == k) for k in range(len(keys)))
    price = tuple(int(s.get("price", 0)) for s in squares)
    mortgage = tuple(p // 2 for p in price)
    interest = int(comp["mortgage_interest_percent"])
    fee = tuple(_ceil_div(m * interest, 100) for m in mortgage)
    lift = tuple(m + f for m, f in zip(mortgage, fee, strict=True))
    properties = tuple(i for i, k in enumerate(kinds) if k in PROPERTY_KINDS)

    def nearest(kind: int) -> tuple[int, ...]:
        result = []
        for start in range(40):
            step = 1
            while kinds[(start + step) % 40] != kind:
                step += 1
            result.append((start + step) % 40)
        return tuple(result)

    return Board(
        names=tuple(s["name"] for s in squares),
        kinds=kinds,
        group=group,
        group_keys=keys,
        group_titles=tuple(groups.values()),
        group_members=members,
        group_mask=tuple(sum(1 << i for i in m) for m in members),
        price=price,
        mortgage=mortgage,
        lift=lift,
        fee=fee,
        rents=tuple(tuple(s.get("rents", ())) for s in squares),
        stand_cost=tuple(int(s.get("stand_cost", 0)) for s in squares),
        tax=tuple(int(s.get("amount", 0)) for s in squares),
        festival_rents=tuple(data["festival_rents"]),
        shop_multipliers=tuple(data["shop_multipliers"]),
        properties=properties,
        property_mask=sum(1 << i for i in properties),
        event_mask=sum(1 << i for i, k in enumerate(kinds) if k == EVENT),
        next_festival=nearest(FESTIVAL),
        next_shop=nearest(SHOP),
        event_groups=keys.index("festival"),
        festival_group=keys.index("festival"),
        shop_group=keys.index("shop"),
        stands=int(comp["fan_stands"]),
        arenas=int(comp["arenas"]),
        jail_square=int(comp["jail_square"]),
        jail_fine=int(comp["jail_fine"]),
        jail_turns=int(comp["jail_turns"]),
        doubles_to_jail=int(comp["doubles_to_jail"]),
        interest_percent=interest,
        sale_percent=int(comp["building_sale_percent"]),
        jail_card_value=int(comp["jail_card_value"]),
    )


def _card(deck: int, index: int, raw: dict[str, Any]) -> Card:
    effect = EFFECT_NAMES.index(raw["effect"])
    kind = raw.get("kind")
    return Card(
        deck=deck,
        index=index,
        id=str(raw["id"]),
        text=str(raw["text"]),
        effect=effect,
        to=int(raw.get("to", 0)),
        amount=int(raw.get("amount", 0)),
        steps=int(raw.get("steps", 0)),
        stand=int(raw.get("stand", 0)),
        arena=int(raw.get("arena", 0)),
        nearest=FESTIVAL if kind == "festival" else SHOP if kind == "shop" else 0,
        multiplier=int(raw.get("multiplier", 0)),
    )


def load_decks() -> dict[str, tuple[tuple[Card, ...], tuple[Card, ...]]]:
    """Each edition's (Chance, Company Mail) decks, cards in printed order."""
    data = json.loads((DATA / "decks.json").read_text(encoding="utf-8"))
    return {
        edition: tuple(  # type: ignore[misc]
            tuple(_card(d, i, raw) for i, raw in enumerate(decks[name]))
            for d, name in enumerate(DECK_NAMES)
        )
        for edition, decks in data.items()
    }


BOARD = load_board()
DECKS = load_decks()
