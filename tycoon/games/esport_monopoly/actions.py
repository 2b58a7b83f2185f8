"""Actions and their text notation.

Squares are written by number (0 = GO ... 39) or by name with hyphens (``grand-final``); seats by
number from 1 (``deal 2`` opens a deal with seat 2). Every notation round-trips exactly.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from tycoon.core import Action, MalformedActionError, notation
from tycoon.games.esport_monopoly.board import DECK_NAMES, Board


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """roll: roll the dice (in jail: try for doubles)."""


@dataclass(frozen=True, slots=True)
class PayFine(Action):
    """pay: in jail, pay the £50 fine and roll."""


@dataclass(frozen=True, slots=True)
class UseCard(Action):
    """card: in jail, use a Get Out of Jail Free card and roll."""


@dataclass(frozen=True, slots=True)
class Wait(Action):
    """wait: let this pre-roll window go by (a seat whose turn it is not)."""


@dataclass(frozen=True, slots=True)
class Skip(Action):
    """skip: do not ask me again out of turn before my own turn."""


@dataclass(frozen=True, slots=True)
class Claim(Action):
    """claim N: ask for the rent owed on square N (owner-must-ask option)."""

    square: int


@dataclass(frozen=True, slots=True)
class OpenManage(Action):
    """manage: open the menu to build, sell, mortgage or lift (one action)."""


@dataclass(frozen=True, slots=True)
class Back(Action):
    """back: close the management menu without doing anything."""


@dataclass(frozen=True, slots=True)
class Build(Action):
    """build N: buy a fan stand (or the arena) for event N."""

    square: int


@dataclass(frozen=True, slots=True)
class Sell(Action):
    """sell N: sell one building of event N back to the bank at half price."""

    square: int


@dataclass(frozen=True, slots=True)
class SellAll(Action):
    """sellall N: sell every building of N's colour group (written with any of its events;
    the group's first event stands for it)."""

    square: int


@dataclass(frozen=True, slots=True)
class Mortgage(Action):
    """mortgage N: mortgage the unimproved property N."""

    square: int


@dataclass(frozen=True, slots=True)
class Lift(Action):
    """lift N: repay the mortgage of N (its value plus 10%)."""

    square: int


@dataclass(frozen=True, slots=True)
class BuyDeed(Action):
    """buy: buy the property landed on at its listed price."""


@dataclass(frozen=True, slots=True)
class Decline(Action):
    """auction: do not buy; the property goes to auction."""


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """bid N: bid £N in the auction."""

    amount: int


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """pass: drop out of the auction."""


@dataclass(frozen=True, slots=True)
class OpenDeal(Action):
    """deal P: start writing a deal with seat P."""

    partner: int


@dataclass(frozen=True, slots=True)
class Give(Action):
    """give N: add your property N to the deal."""

    square: int


@dataclass(frozen=True, slots=True)
class Take(Action):
    """take N: ask for the partner's property N in the deal."""

    square: int


@dataclass(frozen=True, slots=True)
class GiveCard(Action):
    """give card chance|mail: add your Get Out of Jail Free card to the deal."""

    deck: str


@dataclass(frozen=True, slots=True)
class TakeCard(Action):
    """take card chance|mail: ask for the partner's Get Out of Jail Free card."""

    deck: str


@dataclass(frozen=True, slots=True)
class Cash(Action):
    """cash N: you pay £N in the deal (negative: the partner pays you)."""

    amount: int


@dataclass(frozen=True, slots=True)
class Offer(Action):
    """offer: send the deal to the partner."""


@dataclass(frozen=True, slots=True)
class Drop(Action):
    """drop: abandon the deal you are writing."""


@dataclass(frozen=True, slots=True)
class Accept(Action):
    """accept: accept the deal offered to you."""


@dataclass(frozen=True, slots=True)
class Reject(Action):
    """reject: turn the deal down."""


@dataclass(frozen=True, slots=True)
class Repay(Action):
    """repay N: lift the mortgage of the deed N you just received (value + 10%)."""

    square: int


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """keep: keep the received mortgaged deeds mortgaged, paying 10% of each value now."""


@dataclass(frozen=True, slots=True)
class PayCardFine(Action):
    """fine: pay the fine on the card rather than take a Chance."""


@dataclass(frozen=True, slots=True)
class TakeChance(Action):
    """chance: take a Chance card rather than pay the fine."""


ACTION_TYPES: tuple[type[Action], ...] = (
    Roll,
    PayFine,
    UseCard,
    Wait,
    Skip,
    Claim,
    OpenManage,
    Back,
    Build,
    Sell,
    SellAll,
    Mortgage,
    Lift,
    BuyDeed,
    Decline,
    Bid,
    Pass,
    OpenDeal,
    Give,
    Take,
    GiveCard,
    TakeCard,
    Cash,
    Offer,
    Drop,
    Accept,
    Reject,
    Repay,
    Keep,
    PayCardFine,
    TakeChance,
)

# Words of the notation.
_PLAIN: dict[str, Callable[[int], Action]] = {
    "roll": Roll,
    "pay": PayFine,
    "card": UseCard,
    "wait": Wait,
    "skip": Skip,
    "manage": OpenManage,
    "back": Back,
    "buy": BuyDeed,
    "auction": Decline,
    "pass": Pass,
    "offer": Offer,
    "drop": Drop,
    "accept": Accept,
    "reject": Reject,
    "keep": Keep,
    "fine": PayCardFine,
    "chance": TakeChance,
}
_PLAIN_WORD: dict[object, str] = {cls: word for word, cls in _PLAIN.items()}
_SQUARE: dict[str, Callable[[int, int], Action]] = {
    "claim": Claim,
    "build": Build,
    "sell": Sell,
    "sellall": SellAll,
    "mortgage": Mortgage,
    "lift": Lift,
    "give": Give,
    "take": Take,
    "repay": Repay,
}
_SQUARE_WORD: dict[object, str] = {cls: word for word, cls in _SQUARE.items()}
_CARD_WORD = {GiveCard: "give", TakeCard: "take"}


def slug(name: str) -> str:
    return "-".join(name.lower().replace("/", " ").split())


@lru_cache(maxsize=16)
def _by_slug(names: tuple[str, ...]) -> dict[str, int]:
    """Squares by their names' slugs (a board's deeds have names of their own)."""
    return {slug(name): i for i, name in enumerate(names)}


FORMS = (
    "roll | pay | card | wait | skip | manage | back | buy | auction | pass | offer | drop | "
    "accept | reject | keep | fine | chance | bid N | cash N | deal SEAT | "
    "build/sell/sellall/mortgage/lift/claim/give/take/repay SQUARE | "
    "give card chance|mail | take card chance|mail"
)


def parse_square(text: str, board: Board) -> int:
    word = text.strip().lower()
    by_slug = _by_slug(board.names)
    if word in by_slug:
        return by_slug[word]
    if notation.is_number(word):
        square = notation.natural(word, "a square")
        if 0 <= square < 40:
            return square
        raise MalformedActionError(f"there is no square {square}: squares are 0 (GO) to 39")
    raise MalformedActionError(
        f"{text!r} is not a square: write its number 0-39 or its name with hyphens "
        "(e.g. grand-final)"
    )


def _parse_int(text: str, what: str) -> int:
    try:
        return notation.signed(text, what)
    except MalformedActionError:
        shown = text if len(text) <= 24 else text[:20] + "..."
        raise MalformedActionError(
            f"{what} takes a whole number of pounds (at most {notation.MAX_DIGITS} digits), "
            f"not {shown!r}"
        ) from None


def parse_action(text: str, seat: int, board: Board) -> Action:
    """The move ``text`` names (squares by number or by their name on ``board``)."""
    words = notation.words(text)
    if not words:
        raise MalformedActionError(f"an empty move: write one of {FORMS}")
    head, rest = words[0], words[1:]
    if head in _PLAIN and not rest:
        return _PLAIN[head](seat)
    if head in ("give", "take") and len(rest) == 2 and rest[0] == "card":
        if rest[1] not in DECK_NAMES:
            raise MalformedActionError(f"the card is 'chance' or 'mail', not {rest[1]!r}")
        return (GiveCard if head == "give" else TakeCard)(seat, rest[1])
    if head in _SQUARE and len(rest) == 1:
        square = parse_square(rest[0], board)
        if head == "sellall" and board.group[square] >= 0:
            square = board.group_members[board.group[square]][0]  # any event names its group
        return _SQUARE[head](seat, square)
    if head == "bid" and len(rest) == 1:
        return Bid(seat, _parse_int(rest[0], "bid"))
    if head == "cash" and len(rest) == 1:
        return Cash(seat, _parse_int(rest[0], "cash"))
    if head == "deal" and len(rest) == 1:
        return OpenDeal(seat, notation.seat_number(rest[0], what="deal takes a seat"))
    raise MalformedActionError(f"{text!r} is not a move of Esport Monopoly: write one of {FORMS}")


def format_action(action: Action) -> str:
    cls = type(action)
    word = _PLAIN_WORD.get(cls)
    if word is not None:
        return word
    word = _SQUARE_WORD.get(cls)
    if word is not None:
        return f"{word} {action.square}"  # type: ignore[attr-defined]
    if isinstance(action, GiveCard | TakeCard):
        return f"{_CARD_WORD[type(action)]} card {action.deck}"
    if isinstance(action, Bid):
        return f"bid {action.amount}"
    if isinstance(action, Cash):
        return f"cash {action.amount}"
    if isinstance(action, OpenDeal):
        return f"deal {action.partner + 1}"
    raise TypeError(f"not an Esport Monopoly action: {action!r}")
