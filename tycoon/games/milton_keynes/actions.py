"""The moves of Milton Keynes and their text notation (``parse_action`` / ``format_action``).

Plots are written as labels (``G7``), permits by code (``NATURE-RESERVE``), seats 1-based.

    character scarlet          choose a character (option characters=choose)
    river C1 / marsh A4        advanced rules: a river tile; a marsh by its top-left plot
    inquiry                    play INQUIRY before collecting cash
    demolish G7 [buy]          play DEMOLISH on an edge block (buy: pay 10 for its deed)
    redevelop G7               play REDEVELOP on your building (named by its first plot)
    pass                       nothing (more) now
    bribe 3                    a sealed bribe
    lobby 5                    LOBBY: replace your revealed bribe
    buy G7                     buy the lot holding G7 (named by its first plot)
    bid 3 5                    sealed bids: left permit, right permit
    lobby 3 5                  LOBBY: replace your revealed permit bids
    rebid 4 0                  sealed re-bids on tied permits (left, right)
    offer 2 G7 LOBBY $3 for H3 offer seat 2 your cards and cash for theirs ("nothing" if none)
    accept / decline           answer the offer made to you
    build DUMP G7 G8           put a commission in your pouch: a permit and its deeds
    extend C3 with C6 C7       put an EXTENSION of your building (first plot C3) in your pouch
    seal                       seal your pouch
    take H4                    name the plot your AIR BASE / SEWAGE REPROCESSOR requisitions
"""

from __future__ import annotations

from dataclasses import dataclass

from tycoon.core import Action, MalformedActionError, notation
from tycoon.games.milton_keynes.board import INDEX
from tycoon.games.milton_keynes.cards import (
    CATALOGUE,
    PERMIT_CODES,
    PERMIT_INDEX,
    Catalogue,
    parse_permit,
)


@dataclass(frozen=True, slots=True)
class ChooseCharacter(Action):
    character: str


@dataclass(frozen=True, slots=True)
class PlaceRiver(Action):
    plot: str


@dataclass(frozen=True, slots=True)
class PlaceMarsh(Action):
    plot: str


@dataclass(frozen=True, slots=True)
class Inquiry(Action):
    pass


@dataclass(frozen=True, slots=True)
class Demolish(Action):
    plot: str
    buy: bool


@dataclass(frozen=True, slots=True)
class Redevelop(Action):
    plot: str


@dataclass(frozen=True, slots=True)
class Pass(Action):
    pass


@dataclass(frozen=True, slots=True)
class Bribe(Action):
    amount: int


@dataclass(frozen=True, slots=True)
class Lobby(Action):
    amount: int


@dataclass(frozen=True, slots=True)
class Buy(Action):
    plot: str


@dataclass(frozen=True, slots=True)
class BidPermits(Action):
    left: int
    right: int


@dataclass(frozen=True, slots=True)
class LobbyBids(Action):
    left: int
    right: int


@dataclass(frozen=True, slots=True)
class Rebid(Action):
    left: int
    right: int


@dataclass(frozen=True, slots=True)
class Offer(Action):
    to: int
    cash: int  # positive: the offerer pays it; negative: the offerer asks for it
    give: tuple[str, ...]
    want: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Accept(Action):
    pass


@dataclass(frozen=True, slots=True)
class Decline(Action):
    pass


@dataclass(frozen=True, slots=True)
class Build(Action):
    permit: str
    plots: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Extend(Action):
    building: str
    plots: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Seal(Action):
    pass


@dataclass(frozen=True, slots=True)
class Requisition(Action):
    plot: str


ACTION_TYPES: tuple[type[Action], ...] = (
    ChooseCharacter,
    PlaceRiver,
    PlaceMarsh,
    Inquiry,
    Demolish,
    Redevelop,
    Pass,
    Bribe,
    Lobby,
    Buy,
    BidPermits,
    LobbyBids,
    Rebid,
    Offer,
    Accept,
    Decline,
    Build,
    Extend,
    Seal,
    Requisition,
)

FORMS = {
    "character": "character <name>, e.g. character scarlet",
    "river": "river <plot>, e.g. river C1",
    "marsh": "marsh <top-left plot>, e.g. marsh A4",
    "demolish": "demolish <plot> [buy], e.g. demolish G7 buy",
    "redevelop": "redevelop <first plot of your building>, e.g. redevelop G7",
    "bribe": "bribe <amount>, e.g. bribe 3",
    "lobby": "lobby <amount> after bribes, or lobby <left> <right> after permit bids",
    "buy": "buy <a plot of the lot>, e.g. buy G7",
    "bid": "bid <left> <right>, e.g. bid 3 0",
    "rebid": "rebid <left> <right>, e.g. rebid 4 0",
    "offer": "offer <seat> <cards and $cash you give> for <cards and $cash you want>, "
    "e.g. offer 2 G7 $3 for LOBBY (write nothing for an empty side)",
    "build": "build <PERMIT> <plots>, e.g. build DUMP G7 G8",
    "extend": "extend <first plot of your building> with <plots>, e.g. extend C3 with C4",
    "take": "take <plot>, e.g. take H4",
}
SIMPLE_WORDS = ("inquiry", "pass", "accept", "decline", "seal")


def item_key(item: str) -> tuple[int, int]:
    """Canonical order of cards in an offer: deeds by plot, then permits by number."""
    if item in INDEX:
        return (0, INDEX[item])
    return (1, PERMIT_INDEX[item])


def plots_key(label: str) -> int:
    return INDEX[label]


def _malformed(text: str, word: str) -> MalformedActionError:
    form = FORMS.get(word)
    if form is None:
        known = ", ".join(sorted({*FORMS, *SIMPLE_WORDS}))
        return MalformedActionError(f"{text!r} is not a Milton Keynes move (moves: {known})")
    return MalformedActionError(f"{text!r} is not understood: write {form}")


def _plot(text: str, word: str, token: str) -> str:
    label = token.strip().upper()
    if label not in INDEX:
        raise MalformedActionError(
            f"{token!r} is not a plot (plots are A1..I9, rows A-I and columns 1-9): "
            f"write {FORMS[word]}"
        )
    return label


def _plots(text: str, word: str, tokens: list[str]) -> tuple[str, ...]:
    labels = [_plot(text, word, t) for t in tokens]
    if not labels:
        raise _malformed(text, word)
    if len(set(labels)) != len(labels):
        raise MalformedActionError(f"{text!r} names a plot twice")
    return tuple(sorted(labels, key=plots_key))


def _amount(text: str, word: str, token: str) -> int:
    body = token.removeprefix("$")
    if not notation.is_number(body):
        raise _malformed(text, word)
    return notation.natural(body, "an amount")


def _side(text: str, tokens: list[str]) -> tuple[tuple[str, ...], int]:
    """Cards and cash on one side of an offer."""
    items: list[str] = []
    cash = 0
    if [t.lower() for t in tokens] == ["nothing"]:
        return (), 0
    if not tokens:
        raise _malformed(text, "offer")
    for token in tokens:
        if token.startswith("$"):
            if cash or not notation.is_number(token[1:]):
                raise MalformedActionError(
                    f"{text!r}: cash is written once a side as $<amount> (at least 1)"
                )
            cash = notation.natural(token[1:], "cash", low=1)
            continue
        label = token.upper()
        if label in INDEX:
            items.append(label)
            continue
        permit = parse_permit(token)
        if permit is None:
            raise MalformedActionError(
                f"{text!r}: {token!r} is neither a plot, a permit "
                f"({', '.join(PERMIT_CODES)}) nor $cash"
            )
        items.append(PERMIT_CODES[permit])
    deeds = [i for i in items if i in INDEX]
    if len(set(deeds)) != len(deeds):
        raise MalformedActionError(f"{text!r} names a deed twice")
    return tuple(sorted(items, key=item_key)), cash


def parse(text: str, seat: int, catalogue: Catalogue = CATALOGUE) -> Action:
    """The action written ``text`` by ``seat``; :class:`MalformedActionError` otherwise (the
    characters are ``catalogue``'s: the game's data)."""
    words = notation.words(text, lower=False)
    if not words:
        raise MalformedActionError("an empty move: type a move, or 'moves' for the legal ones")
    word = words[0].lower()
    rest = words[1:]
    if word in SIMPLE_WORDS:
        if rest:
            raise MalformedActionError(f"{text!r}: {word} takes nothing after it")
        simple: dict[str, type[Action]] = {
            "inquiry": Inquiry,
            "pass": Pass,
            "accept": Accept,
            "decline": Decline,
            "seal": Seal,
        }
        return simple[word](seat)
    if word == "character":
        characters = catalogue.characters
        character = catalogue.parse_character(" ".join(rest)) if rest else None
        if character is None:
            names = ", ".join(c.code for c in characters)
            raise MalformedActionError(f"{text!r}: choose one of {names}")
        return ChooseCharacter(seat, characters[character].code)
    if word in ("river", "marsh", "take", "redevelop", "buy"):
        if len(rest) != 1:
            raise _malformed(text, word)
        label = _plot(text, word, rest[0])
        plot_types: dict[str, type[PlaceRiver | PlaceMarsh | Requisition | Redevelop | Buy]] = {
            "river": PlaceRiver,
            "marsh": PlaceMarsh,
            "take": Requisition,
            "redevelop": Redevelop,
            "buy": Buy,
        }
        return plot_types[word](seat, label)
    if word == "demolish":
        if len(rest) not in (1, 2) or (len(rest) == 2 and rest[1].lower() != "buy"):
            raise _malformed(text, word)
        return Demolish(seat, _plot(text, word, rest[0]), len(rest) == 2)
    if word == "bribe":
        if len(rest) != 1:
            raise _malformed(text, word)
        return Bribe(seat, _amount(text, word, rest[0]))
    if word == "lobby":
        if len(rest) == 1:
            return Lobby(seat, _amount(text, word, rest[0]))
        if len(rest) == 2:
            return LobbyBids(seat, _amount(text, word, rest[0]), _amount(text, word, rest[1]))
        raise _malformed(text, word)
    if word in ("bid", "rebid"):
        if len(rest) != 2:
            raise _malformed(text, word)
        left, right = _amount(text, word, rest[0]), _amount(text, word, rest[1])
        return BidPermits(seat, left, right) if word == "bid" else Rebid(seat, left, right)
    if word == "offer":
        lowered = [w.lower() for w in rest]
        if len(rest) < 4 or "for" not in lowered or not notation.is_number(rest[0]):
            raise _malformed(text, word)
        to = notation.seat_number(rest[0], what=f"{text!r}: an offer goes to a seat")
        split = lowered.index("for")
        give, paid = _side(text, rest[1:split])
        want, asked = _side(text, rest[split + 1 :])
        if paid and asked:
            raise MalformedActionError(f"{text!r}: put cash on one side only")
        return Offer(seat, to, paid - asked, give, want)
    if word == "build":
        if len(rest) < 2:
            raise _malformed(text, word)
        permit = parse_permit(rest[0])
        two_words = parse_permit(" ".join(rest[:2])) if len(rest) > 2 else None
        if two_words is not None:  # "build nature reserve A3 B3"
            permit, rest = two_words, rest[1:]
        if permit is None:
            raise MalformedActionError(
                f"{text!r}: {rest[0]!r} is not a permit ({', '.join(PERMIT_CODES)})"
            )
        return Build(seat, PERMIT_CODES[permit], _plots(text, word, rest[1:]))
    if word == "extend":
        if len(rest) < 3 or rest[1].lower() != "with":
            raise _malformed(text, word)
        return Extend(seat, _plot(text, word, rest[0]), _plots(text, word, rest[2:]))
    raise _malformed(text, word)


def _side_text(items: tuple[str, ...], cash: int) -> str:
    parts = list(items)
    if cash > 0:
        parts.append(f"${cash}")
    return " ".join(parts) if parts else "nothing"


def format_action(action: Action) -> str:
    """The notation of ``action``; :func:`parse` reads it back."""
    if isinstance(action, ChooseCharacter):
        return f"character {action.character}"
    if isinstance(action, PlaceRiver):
        return f"river {action.plot}"
    if isinstance(action, PlaceMarsh):
        return f"marsh {action.plot}"
    if isinstance(action, Inquiry):
        return "inquiry"
    if isinstance(action, Demolish):
        return f"demolish {action.plot}" + (" buy" if action.buy else "")
    if isinstance(action, Redevelop):
        return f"redevelop {action.plot}"
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Bribe):
        return f"bribe {action.amount}"
    if isinstance(action, Lobby):
        return f"lobby {action.amount}"
    if isinstance(action, Buy):
        return f"buy {action.plot}"
    if isinstance(action, BidPermits):
        return f"bid {action.left} {action.right}"
    if isinstance(action, LobbyBids):
        return f"lobby {action.left} {action.right}"
    if isinstance(action, Rebid):
        return f"rebid {action.left} {action.right}"
    if isinstance(action, Offer):
        give = _side_text(action.give, action.cash)
        want = _side_text(action.want, -action.cash)
        return f"offer {action.to + 1} {give} for {want}"
    if isinstance(action, Accept):
        return "accept"
    if isinstance(action, Decline):
        return "decline"
    if isinstance(action, Build):
        return f"build {action.permit} " + " ".join(action.plots)
    if isinstance(action, Extend):
        return f"extend {action.building} with " + " ".join(action.plots)
    if isinstance(action, Seal):
        return "seal"
    if isinstance(action, Requisition):
        return f"take {action.plot}"
    raise TypeError(f"not a Milton Keynes action: {action!r}")


_PLOT_FIELDS = (PlaceRiver, PlaceMarsh, Demolish, Redevelop, Buy, Requisition)


def check_domain(action: Action, players: int, catalogue: Catalogue = CATALOGUE) -> None:
    """Refuse (:class:`MalformedActionError`) an action whose fields, of the right kinds, name
    no plot, permit, character or seat of the game, so that explanations may trust them."""
    if isinstance(action, _PLOT_FIELDS):
        _domain_plot(action.plot)
    elif isinstance(action, ChooseCharacter):
        codes = {c.code for c in catalogue.characters}
        if action.character not in codes:
            names = ", ".join(sorted(codes))
            raise MalformedActionError(f"there is no character {action.character!r} ({names})")
    elif isinstance(action, Build):
        if action.permit not in PERMIT_INDEX:
            raise MalformedActionError(
                f"there is no permit {action.permit!r} ({', '.join(PERMIT_CODES)})"
            )
        _domain_plots(action.plots)
    elif isinstance(action, Extend):
        _domain_plot(action.building)
        _domain_plots(action.plots)
    elif isinstance(action, Offer):
        if not 0 <= action.to < players:
            raise MalformedActionError(f"an offer goes to a seat 0..{players - 1}, not {action.to}")
        for item in (*action.give, *action.want):
            if item not in INDEX and item not in PERMIT_INDEX:
                raise MalformedActionError(
                    f"{item!r} in an offer is neither a plot (A1..I9) nor a permit "
                    f"({', '.join(PERMIT_CODES)})"
                )


def _domain_plot(label: str) -> None:
    if label not in INDEX:
        raise MalformedActionError(
            f"there is no plot {label[:12]!r} (plots are A1..I9, rows A-I and columns 1-9)"
        )


def _domain_plots(labels: tuple[str, ...]) -> None:
    if len(labels) > len(INDEX):
        raise MalformedActionError("that names more plots than the board has")
    for label in labels:
        _domain_plot(label)
