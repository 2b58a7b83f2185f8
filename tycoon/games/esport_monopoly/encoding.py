"""Esport Monopoly for reinforcement learning: a seat's view as numbers, and its moves' table.

Everything at the table is public except the order of the unseen cards, which a view does not
hold. Seats are counted from the observer. The top frame of the decision stack (a purchase, an
auction, a payment, a deal being written...) is encoded by its kind and its figures, and a deal's
deeds square by square. ``docs/rl.md`` lists the slices.
"""

from __future__ import annotations

from typing import Any

from tycoon.core import Game
from tycoon.core.encoding import ActionKind, Encoding, FeatureSlice, FeatureWriter, relative_seat
from tycoon.games.esport_monopoly import actions as A
from tycoon.games.esport_monopoly.board import BOARD, DECK_NAMES
from tycoon.games.esport_monopoly.state import (
    Auction,
    Buy,
    Choice,
    Deal,
    EndMove,
    Fee,
    JailMove,
    Lots,
    Manage,
    Pay,
    Place,
    View,
    Window,
)

SQUARES = len(BOARD.names)
FRAMES = (Window, EndMove, JailMove, Buy, Auction, Lots, Pay, Manage, Deal, Fee, Place, Choice)
FRAME_FIGURES = 8
BID_BUCKETS = 10
CASH_BUCKETS = 11


class EsportMonopolyEncoding(Encoding[View]):
    def __init__(self, game: Game[Any, Any, View]) -> None:
        super().__init__(game)
        players = game.players
        self._players = players
        slices = [
            FeatureSlice(
                "seats",
                players * 6,
                "per seat from the observer: cash, position, "
                "jail roll (0 free), Get Out of Jail Free cards (Chance, Company Mail), "
                "still in the game",
            ),
            FeatureSlice(
                "position", players * SQUARES, "per seat from the observer: one-hot square"
            ),
            FeatureSlice(
                "owner",
                SQUARES * (players + 1),
                "per square: one-hot owner from the observer, the last for none",
            ),
            FeatureSlice("level", SQUARES, "per square: 0-4 fan stands, 5 an arena"),
            FeatureSlice("mortgaged", SQUARES, "per square: 1 if mortgaged"),
            FeatureSlice("rent", SQUARES, "per square: rent collected so far"),
            FeatureSlice(
                "bank",
                7,
                "fan stands and arenas left, unseen Chance and Company Mail "
                "cards on top of each pile, known cards below, free-parking pot",
            ),
            FeatureSlice(
                "turn",
                players + 6,
                "one-hot seat whose turn it is, from the "
                "observer; doubles rolled, rolls again, turns completed, the dice (2), "
                "claims of rent open",
            ),
            FeatureSlice(
                "window",
                3 * players,
                "per seat from the observer: let the window go by, skipping, opened a deal",
            ),
            FeatureSlice("to act", players, "per seat from the observer: 1 if it is to act"),
            FeatureSlice(
                "frame",
                len(FRAMES) + FRAME_FIGURES,
                "the top frame of the decision "
                "stack: one-hot kind (window, end of move, jail move, buy, auction, "
                "lots, pay, manage, deal, fee, place, choice), then its figures: buy: "
                "square; auction: lot, high bid, leader, building, seats in; pay: payer, "
                "payee (-1 the bank, -2 the pot), amount, square; manage: seat; deal: "
                "proposer, partner, cash, "
                "cards given, cards taken, sent; fee: seat, deeds; place: seat, "
                "building; choice: seat, amount (seats from the observer)",
            ),
            FeatureSlice(
                "deal deeds",
                2 * SQUARES,
                "the deal being written: per square, given "
                "by the proposer; then per square, taken from the partner",
            ),
            FeatureSlice(
                "stack",
                2,
                "frames on the decision stack; game over (0 playing, 1 last standing, 2 turn cap)",
            ),
        ]
        squares = tuple(range(SQUARES))
        seats = tuple(range(players))
        table = [
            ActionKind(A.Roll),
            ActionKind(A.PayFine),
            ActionKind(A.UseCard),
            ActionKind(A.Wait),
            ActionKind(A.Skip),
            ActionKind(A.Claim, (("square", squares),)),
            ActionKind(A.OpenManage),
            ActionKind(A.Back),
            ActionKind(A.Build, (("square", squares),)),
            ActionKind(A.Sell, (("square", squares),)),
            ActionKind(A.SellAll, (("square", squares),)),
            ActionKind(A.Mortgage, (("square", squares),)),
            ActionKind(A.Lift, (("square", squares),)),
            ActionKind(A.BuyDeed),
            ActionKind(A.Decline),
            ActionKind(A.Bid, amount="amount", buckets=BID_BUCKETS),
            ActionKind(A.Pass),
            ActionKind(A.OpenDeal, (("partner", seats),)),
            ActionKind(A.Give, (("square", squares),)),
            ActionKind(A.Take, (("square", squares),)),
            ActionKind(A.GiveCard, (("deck", DECK_NAMES),)),
            ActionKind(A.TakeCard, (("deck", DECK_NAMES),)),
            ActionKind(A.Cash, amount="amount", buckets=CASH_BUCKETS),
            ActionKind(A.Offer),
            ActionKind(A.Drop),
            ActionKind(A.Accept),
            ActionKind(A.Reject),
            ActionKind(A.Repay, (("square", squares),)),
            ActionKind(A.Keep),
            ActionKind(A.PayCardFine),
            ActionKind(A.TakeChance),
        ]
        self.define(slices, table)

    def features(self, view: View) -> list[float]:
        players = self._players
        seat = view.seat
        start = seat or 0
        order = [(start + k) % players for k in range(players)]
        t = view.table
        out = FeatureWriter()
        for other in order:
            out.extend(
                [
                    t.cash[other],
                    t.position[other],
                    t.jail[other],
                    t.cards[other] & 1,
                    t.cards[other] >> 1 & 1,
                    t.alive >> other & 1,
                ]
            )
        for other in order:
            out.one_hot(t.position[other], SQUARES)
        for owner in t.owner:
            relative = relative_seat(owner, seat, players)
            out.one_hot(players if relative < 0 else relative, players + 1)
        out.extend(t.level)
        out.bits(t.mortgaged, SQUARES)
        out.extend(t.rent)
        out.extend([t.stands, t.arenas, *t.hidden, len(t.seen[0]), len(t.seen[1]), t.pot])
        out.one_hot(relative_seat(t.active, seat, players), players)
        out.extend([t.doubles, t.again, t.turn, *t.dice, len(t.claims)])
        for mask in (t.passed, t.skipping, t.dealt):
            out.extend([mask >> other & 1 for other in order])
        acting = [0.0] * players
        for other in t.acting:
            acting[relative_seat(other, seat, players)] = 1.0
        out.values.extend(acting)
        frame = t.stack[-1] if t.stack else None
        out.one_hot(FRAMES.index(type(frame)) if frame is not None else -1, len(FRAMES))
        out.padded(self._frame_figures(frame, seat), FRAME_FIGURES, fill=0)
        give = [0.0] * SQUARES
        take = [0.0] * SQUARES
        if isinstance(frame, Deal):
            for square in frame.give:
                give[square] = 1.0
            for square in frame.take:
                take[square] = 1.0
        out.values.extend(give)
        out.values.extend(take)
        out.extend([len(t.stack), t.over])
        return out.values

    def _frame_figures(self, frame: object, seat: int | None) -> list[float]:
        players = self._players

        def rel(other: int) -> float:
            return float(relative_seat(other, seat, players))

        if isinstance(frame, Buy):
            return [frame.square]
        if isinstance(frame, Auction):
            return [frame.lot, frame.high, rel(frame.leader), frame.building, len(frame.order)]
        if isinstance(frame, Pay):
            return [
                rel(frame.payer),
                frame.payee if frame.payee < 0 else rel(frame.payee),
                frame.amount,
                frame.square,
            ]
        if isinstance(frame, Manage):
            return [rel(frame.seat)]
        if isinstance(frame, Deal):
            return [
                rel(frame.proposer),
                rel(frame.partner),
                frame.cash,
                frame.give_cards,
                frame.take_cards,
                frame.sent,
            ]
        if isinstance(frame, Fee):
            return [rel(frame.seat), len(frame.squares)]
        if isinstance(frame, Place):
            return [rel(frame.seat), frame.building]
        if isinstance(frame, Choice):
            return [rel(frame.seat), frame.amount]
        return []
