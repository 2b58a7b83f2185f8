"""States and views of The Estates: frozen, slotted, built of tuples of small integers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

# Phases of a turn.
CHOOSE = 0  # the auctioneer may stow a cheque, then picks a piece
BID = 1  # once round from the auctioneer's left: bid or pass
DECIDE = 2  # the auctioneer sells to the high bidder or buys the piece
PLACE = 3  # the piece's new holder places (or, for some pieces, discards) it
OVER = 4

PHASE_NAMES = ("choose", "bid", "decide", "place", "over")


@dataclass(frozen=True, slots=True)
class Board:
    """Everything on the table that belongs to the board: public to every seat."""

    stacks: tuple[tuple[int, ...], ...]  # per lot (row-major), cube codes bottom to top
    roofs: tuple[int, ...]  # per lot: rooftop value, 0 for none
    lengths: tuple[int, ...]  # development requirement per row
    built: tuple[int, ...]  # built lots per row (always lots 1..built)
    barriers: tuple[int, ...]  # per barrier 1, 2, 3: IN_SUPPLY, REMOVED or row * 2 + lengthens
    mayor: int  # IN_SUPPLY, REMOVED or the row in front of which it stands
    cancel: int  # IN_SUPPLY or REMOVED (used or discarded)
    certificates: tuple[int, ...]  # owner seat per colour, -1 while nobody holds it


@dataclass(frozen=True, slots=True)
class RoundResult:
    """A finished round: its final board and the scores, made public when it ended.

    ``money`` (cheques in hand at the round's end) stays secret in views until the game is over,
    except the viewer's own and those of players tied on the round's top score (the tie-break
    compares their cheques); there it is ``None``. In a state it is always known."""

    number: int
    reason: str
    board: Board
    scores: tuple[int, ...]
    money: tuple[int | None, ...]  # cheques in hand at the end of the round
    box: tuple[int, ...]  # cheques in the cash box at the end of the round
    winners: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class EstatesState:
    """The whole truth. Money in hand and the cash boxes are the only secrets; the order of the
    face-down rooftops is not kept at all (the next rooftop is drawn when it is turned over)."""

    board: Board
    offer: tuple[tuple[int, ...], ...]  # the offer rows, left to right
    roofs_left: tuple[int, ...]  # face-down rooftop values, sorted
    money: tuple[int, ...]  # cheques in hand per seat (secret)
    box: tuple[int, ...]  # cheques in each cash box (secret)
    phase: int
    auctioneer: int
    stowed: bool  # the auctioneer has stowed a cheque this turn
    piece: int  # the piece under auction or being placed, NO_PIECE otherwise
    roof_value: int  # the rooftop turned over for this auction, 0 otherwise
    bids: tuple[int, ...]  # this auction, from the auctioneer's left: amount, or -1 for a pass
    holder: int  # who places the piece (phase PLACE), -1 otherwise
    turn: int  # turns begun this round
    round: int  # 1-based
    start_seat: int  # first auctioneer of this round
    wins: tuple[int, ...]  # rounds won per seat
    totals: tuple[int, ...]  # scores of finished rounds added up per seat
    results: tuple[RoundResult, ...]
    tally: tuple[int, ...]  # this game's sold, bought, taken-free auctions and stowed cheques
    end_reason: str  # why the last round ended ("" while playing)
    # Per seat, the cheques received less the cheques paid in this game's auctions: public (every
    # winning bid is paid in the open), so a seat's cheques in hand and box together are the
    # starting money plus this, whatever it keeps hidden.
    paid: tuple[int, ...]


class EstatesView(NamedTuple):
    """What one seat (or a spectator, ``seat=None``) may know.

    A named tuple rather than a frozen dataclass (as Esport Monopoly's views): one is made for
    every decision a learner or a bot reads, and a named tuple made with ``tuple.__new__``
    costs a fraction of a 26-field frozen dataclass's ``__init__``. It is just as immutable.

    ``money`` and ``box`` hold the viewer's own figures and ``None`` for everyone else (all are
    shown with the ``open-money`` option and once the game is over). ``paid`` is what any player
    who kept count of the auctions knows: each seat's cheques received less cheques paid, so that
    its hand and cash box together hold the starting money plus that.
    """

    seat: int | None
    players: int
    board: Board
    offer: tuple[tuple[int, ...], ...]
    roofs_face_down: int
    roof_values_left: tuple[int, ...]  # the values still face down (deducible from the board)
    money: tuple[int | None, ...]
    box: tuple[int | None, ...]
    phase: str
    auctioneer: int
    stowed: bool
    piece: int
    roof_value: int
    bids: tuple[int, ...]
    holder: int
    to_act: tuple[int, ...]
    turn: int
    round: int
    rounds: int
    start_seat: int
    wins: tuple[int, ...]
    totals: tuple[int, ...]
    results: tuple[RoundResult, ...]
    tally: tuple[int, ...]
    end_reason: str
    paid: tuple[int, ...]  # the public record of auction payments (see EstatesState)
