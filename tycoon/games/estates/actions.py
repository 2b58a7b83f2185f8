"""The actions of The Estates and their text notation.

==========================  ============================================================
``stow``                    illegal earnings: one cheque into the cash box (turn start)
``auction B5``              put a piece up for auction: a cube (colour letter + value),
``auction roof``            the next rooftop, ``barrier 1``/``2``/``3``, ``mayor``,
``auction barrier 2``       ``cancel`` (the Cancel cube)
``bid 4`` / ``pass``        bid $4M / pass (once each, round from the auctioneer's left)
``sell`` / ``buy``          the auctioneer gives the piece to the high bidder for the bid,
                            or keeps it and pays the bid to the high bidder
``place U3``                put the cube, rooftop or barrier on lot 3 of the upper row
``place M``                 put the Mayor on Main Street in front of the middle row
``cancel 2``                use the Cancel cube on barrier 2
``discard``                 remove the Mayor, a barrier or the Cancel cube from the game
==========================  ============================================================

Rows are ``U`` (upper), ``M`` (middle), ``L`` (lower); lots are 1..10 from Main Street (a
building permit stands on the lot past its row's requirement, so never past lot 10). What-if data
(``components.json``) may rename the colours and rows or change their numbers: the notation
follows the game's :class:`Layout`.
"""

from __future__ import annotations

from dataclasses import dataclass

from tycoon.core import Action, MalformedActionError, notation
from tycoon.games.estates.components import LAYOUT, Layout


@dataclass(frozen=True, slots=True)
class Stow(Action):
    """Illegal earnings: the auctioneer slips one $1M cheque into the cash box."""


@dataclass(frozen=True, slots=True)
class Auction(Action):
    """The auctioneer puts ``piece`` (its code, e.g. ``B5``, ``roof``, ``barrier2``) up."""

    piece: str


@dataclass(frozen=True, slots=True)
class Bid(Action):
    amount: int


@dataclass(frozen=True, slots=True)
class Pass(Action):
    pass


@dataclass(frozen=True, slots=True)
class Sell(Action):
    """The auctioneer gives the piece to the high bidder, who pays the bid to the auctioneer."""


@dataclass(frozen=True, slots=True)
class Buy(Action):
    """The auctioneer keeps the piece and pays the high bid to the high bidder."""


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Put the piece at ``row`` (0..2), ``lot`` (1..10; 0 is Main Street, for the Mayor)."""

    row: int
    lot: int


@dataclass(frozen=True, slots=True)
class Cancel(Action):
    """Use the Cancel cube to remove barrier ``barrier`` (1..3) from the board."""

    barrier: int


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Remove the Mayor, a barrier or the Cancel cube from the game instead of using it."""


ACTION_TYPES: tuple[type[Action], ...] = (
    Stow,
    Auction,
    Bid,
    Pass,
    Sell,
    Buy,
    Place,
    Cancel,
    Discard,
)

ROW_BY_LETTER = LAYOUT.row_by_letter  # the built-in rows

NOTATION_HELP = (
    "write one of: stow · auction B5 · auction roof · auction barrier 2 · auction mayor · "
    "auction cancel · bid 4 · pass · sell · buy · place U3 · place M (the Mayor) · cancel 2 · "
    "discard"
)


def format_action(action: Action, layout: Layout = LAYOUT) -> str:
    kind = type(action)
    if kind is Bid:
        return f"bid {action.amount}"  # type: ignore[attr-defined]
    if kind is Pass:
        return "pass"
    if kind is Place:
        row = layout.rows[action.row].letter  # type: ignore[attr-defined]
        lot = action.lot  # type: ignore[attr-defined]
        return f"place {row}{lot}" if lot else f"place {row}"
    if kind is Auction:
        piece = action.piece  # type: ignore[attr-defined]
        if piece.startswith("barrier"):
            return f"auction barrier {piece[7:]}"
        return f"auction {piece}"
    if kind is Sell:
        return "sell"
    if kind is Buy:
        return "buy"
    if kind is Stow:
        return "stow"
    if kind is Cancel:
        return f"cancel {action.barrier}"  # type: ignore[attr-defined]
    if kind is Discard:
        return "discard"
    raise ValueError(f"not an Estates action: {action!r}")


def _number(word: str, what: str, text: str) -> int:
    try:
        return notation.natural(word, what)
    except MalformedActionError as error:
        raise MalformedActionError(f"{text!r}: {error.reason} ({NOTATION_HELP})") from None


def parse_action(text: str, seat: int, layout: Layout = LAYOUT) -> Action:
    """Read the notation above (case and extra spaces do not matter)."""
    words = notation.words(text)
    if not words:
        raise MalformedActionError(f"an empty move ({NOTATION_HELP})")
    verb, rest = words[0], words[1:]
    if verb in ("stow", "pass", "sell", "buy", "discard") and not rest:
        simple: dict[str, type[Action]] = {
            "stow": Stow,
            "pass": Pass,
            "sell": Sell,
            "buy": Buy,
            "discard": Discard,
        }
        return simple[verb](seat)
    if verb == "bid" and len(rest) == 1:
        word = rest[0].removeprefix("$").removesuffix("m")
        return Bid(seat, _number(word, "a bid", text))
    if verb == "auction" and rest:
        code = "".join(rest)
        if code in ("rooftop", "roof"):
            code = "roof"
        elif code.startswith("permit"):
            code = "barrier" + code[6:]
        piece = layout.piece_by_code.get(code)
        if piece is None:
            raise MalformedActionError(
                f"{text!r}: there is no piece {' '.join(rest)!r} ({_pieces_help(layout)})"
            )
        return Auction(seat, layout.piece_code(piece))
    if verb == "place" and rest:
        code = "".join(rest)
        row = layout.row_by_letter.get(code[0])
        if row is None:
            letters = "/".join(r.letter for r in layout.rows)
            raise MalformedActionError(f"{text!r}: a row is {letters} ({NOTATION_HELP})")
        lot = _number(code[1:], "a lot", text) if len(code) > 1 else 0
        # The lot past the board (11) is read, so that a barrier meant to stand there is refused
        # with the rule (a row requires at most 9 buildings) rather than as a typo.
        if not 0 <= lot <= layout.lots + 1:
            raise MalformedActionError(f"{text!r}: lots are 1..{layout.lots}")
        return Place(seat, row, lot)
    if verb == "cancel" and rest:
        code = "".join(rest)
        if code.startswith("barrier"):
            code = code[7:]
        value = _number(code, "the barrier", text)
        if f"barrier{value}" not in layout.piece_by_code:
            raise MalformedActionError(f"{text!r}: there is no barrier {value}")
        return Cancel(seat, value)
    raise MalformedActionError(f"{text!r} is not a move of The Estates ({NOTATION_HELP})")


def _pieces_help(layout: Layout) -> str:
    colour = layout.colours[0].letter
    return (
        f"a cube is a colour letter and a value such as {colour}{min(5, layout.values)}; "
        f"or roof, {layout.barrier_words()}, mayor, cancel"
    )


def check_domain(action: Action, layout: Layout = LAYOUT) -> None:
    """Refuse (:class:`MalformedActionError`) an action whose fields, of the right kinds, name
    no piece, row, lot or barrier of the game, so that explanations may trust them."""
    if isinstance(action, Auction):
        if action.piece not in layout.piece_codes:
            raise MalformedActionError(
                f"there is no piece {action.piece[:12]!r} ({_pieces_help(layout)})"
            )
    elif isinstance(action, Place):
        rows = layout.num_rows
        if not 0 <= action.row < rows:
            raise MalformedActionError(f"there is no row {action.row}: rows are 0..{rows - 1}")
        if not 0 <= action.lot <= layout.lots + 1:  # past the board: see parse_action
            raise MalformedActionError(
                f"there is no lot {action.lot}: lots are 1..{layout.lots} "
                "(0: Main Street, for the Mayor)"
            )
    elif isinstance(action, Cancel) and f"barrier{action.barrier}" not in layout.piece_by_code:
        raise MalformedActionError(f"there is no barrier {action.barrier}")
