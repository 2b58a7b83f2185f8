"""The board and both card decks, loaded once from ``data/`` into flat tables.

Squares are numbered 0 (GO) to 39 clockwise. The hot paths index plain tuples by square and use
bitmasks over squares (bit ``1 << square``) for groups, holdings and mortgages, so nothing is
looked up by name while a game is played.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from tycoon.core import DataError, DataFiles

DATA = Path(__file__).parent / "data"
#: Every board has 40 squares (board.json is checked): the encoding's layout and the moves'
#: arithmetic rely on it, whatever the squares hold.
SQUARES = 40

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
    colour_groups: tuple[tuple[tuple[int, ...], int, int], ...]  # (members, mask, building cost)
    price: tuple[int, ...]
    mortgage: tuple[int, ...]  # mortgage value: half the price
    lift: tuple[int, ...]  # cost of lifting a mortgage: value + 10% (rounded up)
    fee: tuple[int, ...]  # the 10% due when a mortgaged deed changes hands (rounded up)
    rents: tuple[tuple[int, ...], ...]  # events: unimproved, 1-4 stands, arena
    stand_cost: tuple[int, ...]
    half: tuple[int, ...]  # what a building sells back for
    tax: tuple[int, ...]
    festival_rents: tuple[int, ...]
    shop_multipliers: tuple[int, ...]
    properties: tuple[int, ...]
    ownable: tuple[bool, ...]
    property_mask: int
    event_mask: int
    festival_mask: int
    shop_mask: int
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


class MonopolyDataError(DataError, ValueError):
    """A board or deck file the rules cannot play; the reason names the file and the field."""


#: The catalogues a designer may replace or patch (``--data``).
MONOPOLY_DATA = DataFiles(home=DATA, files=("board.json", "decks.json"))


def _whole(value: Any, where: str, low: int = 0, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise MonopolyDataError(f"{where}: must be a whole number >= {low}, not {value!r:.40}")
    if high is not None and value > high:
        raise MonopolyDataError(f"{where}: must be at most {high}, not {value}")
    return value


def _obj(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise MonopolyDataError(f"{where}: must be an object")
    return value


def _key(entry: dict[str, Any], key: str, where: str) -> Any:
    if key not in entry:
        raise MonopolyDataError(f"{where}: needs {key!r}")
    return entry[key]


def _wholes(value: Any, where: str, length: int) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) != length:
        raise MonopolyDataError(f"{where}: must be a list of {length} whole numbers")
    return tuple(_whole(v, f"{where}.{i}") for i, v in enumerate(value))


#: The most a price, rent, tax or cost on the board may be (£), so a typo cannot make a game
#: of astronomical numbers.
MAX_POUNDS = 1_000_000


def _text(value: Any, where: str, longest: int = 60) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > longest:
        raise MonopolyDataError(f"{where}: must be text of 1 to {longest} characters")
    return value


def group_order(groups: dict[str, Any]) -> tuple[str, ...]:
    """The groups' keys as the rules number them: the colour groups in the file's order, then
    ``festival`` and ``shop`` (wherever the file has them: a patch cannot reorder keys)."""
    colours = tuple(k for k in groups if k not in ("festival", "shop"))
    return (*colours, "festival", "shop")


def _check_board(data: Any) -> None:
    """Every field of board.json the rules read, with the file and field named: the types and
    ranges, and the cross-references the engine relies on (GO on square 0, the jail where the
    components say, each colour group's events sharing one building cost, a festival rent for
    each festival and a shop multiplier for each shop)."""
    w = "board.json"
    data = _obj(data, w)
    comp = _obj(_key(data, "components", w), f"{w} components")
    for name, low, high in (
        ("fan_stands", 0, 1000),
        ("arenas", 0, 1000),
        ("jail_fine", 0, MAX_POUNDS),
        ("jail_turns", 1, 100),
        ("doubles_to_jail", 1, 100),
        ("mortgage_interest_percent", 0, 100),
        ("building_sale_percent", 0, 100),
        ("jail_card_value", 0, MAX_POUNDS),
    ):
        _whole(_key(comp, name, f"{w} components"), f"{w} components.{name}", low, high)
    groups = _obj(_key(data, "groups", w), f"{w} groups")
    keys = group_order(groups)
    for required in ("festival", "shop"):
        if required not in groups:
            raise MonopolyDataError(f"{w} groups: needs {required!r}")
    if len(keys) < 3:
        raise MonopolyDataError(f"{w} groups: needs at least one colour group")
    for key, title in groups.items():
        _text(title, f"{w} groups.{key}")
    festival_rents = _key(data, "festival_rents", w)
    shop_multipliers = _key(data, "shop_multipliers", w)
    squares = _key(data, "squares", w)
    if not isinstance(squares, list) or len(squares) != 40:
        raise MonopolyDataError(f"{w} squares: the board has 40 squares")
    members: dict[str, list[int]] = {key: [] for key in keys}
    slugs: dict[str, int] = {}
    for i, raw in enumerate(squares):
        where = f"{w} squares.{i}"
        square = _obj(raw, where)
        if square.get("index") != i:
            raise MonopolyDataError(f"{where}.index: must be {i} (squares in board order)")
        name = _text(square.get("name"), f"{where}.name")
        kind = _key(square, "kind", where)
        if kind not in KIND_NAMES:
            raise MonopolyDataError(f"{where}.kind: must be one of {', '.join(KIND_NAMES)}")
        if (kind == "go") != (i == 0):
            raise MonopolyDataError(f"{where}.kind: GO is square 0 and only square 0")
        if kind in ("event", "festival", "shop"):
            _whole(_key(square, "price", where), f"{where}.price", 1, MAX_POUNDS)
            group = _key(square, "group", where)
            if group not in groups:
                raise MonopolyDataError(f"{where}.group: {group!r:.40} is not in groups")
            colour = group not in ("festival", "shop")
            if (kind == "event") != colour or (not colour and group != kind):
                wanted = "a colour group" if kind == "event" else repr(kind)
                article = "an" if kind == "event" else "a"
                raise MonopolyDataError(f"{where}.group: {article} {kind} belongs to {wanted}")
            members[group].append(i)
            # Moves name a deed by its name (build rookie-cup), so deeds' names differ.
            slug = "-".join(name.lower().replace("/", " ").split())
            if slug.isdigit() or slug in slugs:
                why = "is a number" if slug.isdigit() else f"is square {slugs[slug]}'s too"
                raise MonopolyDataError(f"{where}.name: {name!r:.40} {why}; deeds need own names")
            slugs[slug] = i
        if kind == "event":
            rents = _wholes(_key(square, "rents", where), f"{where}.rents", 6)
            if max(rents) > MAX_POUNDS:
                raise MonopolyDataError(f"{where}.rents: must be at most {MAX_POUNDS}")
            cost = _whole(_key(square, "stand_cost", where), f"{where}.stand_cost", 1, MAX_POUNDS)
            first = members[square["group"]][0]
            if cost != squares[first]["stand_cost"]:
                raise MonopolyDataError(
                    f"{where}.stand_cost: {cost} differs from square {first}'s "
                    f"{squares[first]['stand_cost']}; a colour group's events share one cost"
                )
        if kind == "tax":
            _whole(_key(square, "amount", where), f"{where}.amount", 0, MAX_POUNDS)
    for key, held in members.items():
        if not held:
            raise MonopolyDataError(f"{w} groups.{key}: no square belongs to it")
    for field, values, group in (
        ("festival_rents", festival_rents, "festival"),
        ("shop_multipliers", shop_multipliers, "shop"),
    ):
        # One number for each count of them an owner may hold.
        count = len(members[group])
        if not isinstance(values, list) or len(values) != count:
            raise MonopolyDataError(
                f"{w} {field}: must be a list of {count} whole numbers (one for each number of "
                f"{group}s owned: the board has {count})"
            )
        for j, value in enumerate(values):
            _whole(value, f"{w} {field}.{j}", 0, MAX_POUNDS)
    jail = _whole(
        _key(comp, "jail_square", f"{w} components"), f"{w} components.jail_square", 0, 39
    )
    if squares[jail]["kind"] != "jail":
        raise MonopolyDataError(f"{w} components.jail_square: square {jail} is not the jail")


def load_board(data: Any = None) -> Board:
    """The board of ``data`` (the built-in board.json when None), checked field by field."""
    if data is None:
        data = MONOPOLY_DATA.built_in()["board.json"]
    _check_board(data)
    squares = data["squares"]
    comp = data["components"]
    groups = data["groups"]
    keys = group_order(groups)
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

    group_mask = tuple(sum(1 << i for i in m) for m in members)
    stand_cost = tuple(int(s.get("stand_cost", 0)) for s in squares)
    sale = int(comp["building_sale_percent"])
    event_groups = keys.index("festival")
    return Board(
        names=tuple(s["name"] for s in squares),
        kinds=kinds,
        group=group,
        group_keys=keys,
        group_titles=tuple(groups[k] for k in keys),
        group_members=members,
        group_mask=group_mask,
        colour_groups=tuple(
            (members[g], group_mask[g], stand_cost[members[g][0]]) for g in range(event_groups)
        ),
        price=price,
        mortgage=mortgage,
        lift=lift,
        fee=fee,
        rents=tuple(tuple(s.get("rents", ())) for s in squares),
        stand_cost=stand_cost,
        half=tuple(c * sale // 100 for c in stand_cost),
        tax=tuple(int(s.get("amount", 0)) for s in squares),
        festival_rents=tuple(data["festival_rents"]),
        shop_multipliers=tuple(data["shop_multipliers"]),
        properties=properties,
        ownable=tuple(k in PROPERTY_KINDS for k in kinds),
        property_mask=sum(1 << i for i in properties),
        event_mask=sum(1 << i for i, k in enumerate(kinds) if k == EVENT),
        festival_mask=group_mask[keys.index("festival")],
        shop_mask=group_mask[keys.index("shop")],
        next_festival=nearest(FESTIVAL),
        next_shop=nearest(SHOP),
        event_groups=event_groups,
        festival_group=keys.index("festival"),
        shop_group=keys.index("shop"),
        stands=int(comp["fan_stands"]),
        arenas=int(comp["arenas"]),
        jail_square=int(comp["jail_square"]),
        jail_fine=int(comp["jail_fine"]),
        jail_turns=int(comp["jail_turns"]),
        doubles_to_jail=int(comp["doubles_to_jail"]),
        interest_percent=interest,
        sale_percent=sale,
        jail_card_value=int(comp["jail_card_value"]),
    )


def _card(deck: int, index: int, raw: Any, where: str) -> Card:
    raw = _obj(raw, where)
    effect_name = _key(raw, "effect", where)
    if effect_name not in EFFECT_NAMES:
        raise MonopolyDataError(f"{where}.effect: must be one of {', '.join(EFFECT_NAMES)}")
    effect = EFFECT_NAMES.index(effect_name)
    if not isinstance(raw.get("id"), str) or not isinstance(raw.get("text"), str):
        raise MonopolyDataError(f"{where}: needs an 'id' and a 'text'")
    needs: tuple[str, ...] = {
        ADVANCE: ("to",),
        GOTO: ("to",),
        NEAREST: ("kind", "multiplier"),
        COLLECT: ("amount",),
        PAY: ("amount",),
        BACK: ("steps",),
        REPAIRS: ("stand", "arena"),
        PAY_EACH: ("amount",),
        COLLECT_EACH: ("amount",),
        FINE_OR_CHANCE: ("amount",),
    }.get(effect, ())
    for key in needs:
        _key(raw, key, where)
    kind = raw.get("kind")
    if effect == NEAREST and kind not in ("festival", "shop"):
        raise MonopolyDataError(f"{where}.kind: the nearest 'festival' or 'shop'")
    return Card(
        deck=deck,
        index=index,
        id=raw["id"],
        text=raw["text"],
        effect=effect,
        to=_whole(raw.get("to", 0), f"{where}.to", 0, 39),
        amount=_whole(raw.get("amount", 0), f"{where}.amount"),
        steps=_whole(raw.get("steps", 0), f"{where}.steps", 0, 39),
        stand=_whole(raw.get("stand", 0), f"{where}.stand"),
        arena=_whole(raw.get("arena", 0), f"{where}.arena"),
        nearest=FESTIVAL if kind == "festival" else SHOP if kind == "shop" else 0,
        multiplier=_whole(
            raw.get("multiplier", 0), f"{where}.multiplier", 1 if effect == NEAREST else 0
        ),
    )


DeckPair = tuple[tuple[Card, ...], tuple[Card, ...]]


def load_decks(data: Any = None) -> dict[str, DeckPair]:
    """Each edition's (Chance, Company Mail) decks, cards in printed order, checked field by
    field (``data``: the built-in decks.json when None)."""
    if data is None:
        data = MONOPOLY_DATA.built_in()["decks.json"]
    data = _obj(data, "decks.json")
    editions: dict[str, DeckPair] = {}
    for edition in DECK_EDITIONS:
        decks = _obj(_key(data, edition, "decks.json"), f"decks.json {edition}")
        pair: list[tuple[Card, ...]] = []
        for d, name in enumerate(DECK_NAMES):
            where = f"decks.json {edition}.{name}"
            cards = _key(decks, name, f"decks.json {edition}")
            if not isinstance(cards, list) or not cards:
                raise MonopolyDataError(f"{where}: must be a list of at least one card")
            deck = tuple(_card(d, i, raw, f"{where}.{i}") for i, raw in enumerate(cards))
            if sum(1 for card in deck if card.effect == JAIL_FREE) > 1:
                raise MonopolyDataError(f"{where}: a deck holds at most one jail_free card")
            pair.append(deck)
        editions[edition] = (pair[0], pair[1])
    return editions


#: The editions of the deck option.
DECK_EDITIONS = ("current", "classic")


@lru_cache(maxsize=16)
def game_data(data: str) -> tuple[Board, dict[str, DeckPair]]:
    """The board and the decks (by edition) the ``data`` option names, checked."""
    documents = MONOPOLY_DATA.documents(data)
    return load_board(documents["board.json"]), load_decks(documents["decks.json"])


BOARD = load_board()
DECKS = load_decks()
