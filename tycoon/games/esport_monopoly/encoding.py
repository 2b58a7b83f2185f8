"""Esport Monopoly for reinforcement learning: a seat's view as numbers, and its moves' table.

Everything at the table is public except the order of the unseen cards, which a view does not
hold. Seats are counted from the observer. The top frame of the decision stack (a purchase, an
auction, a payment, a deal being written...) is encoded by its kind and its figures, and a deal's
deeds square by square. ``docs/rl.md`` lists the slices.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tycoon.core import Game
from tycoon.core.encoding import (
    ActionKind,
    Canvas,
    Encoding,
    FeatureSlice,
    LegalIds,
    relative_seat,
)
from tycoon.games.esport_monopoly import actions as A
from tycoon.games.esport_monopoly.board import DECK_NAMES, SQUARES
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
        self._at = [
            self.slice_of(name).start
            for name in ("position", "owner", "level", "mortgaged", "rent", "bank", "deal deeds")
        ] + [self.slice_of("stack").start]
        self._orders = [[(start + k) % players for k in range(players)] for start in range(players)]
        # The ids of the deeds a deal may give or take, by square (see legal_ids).
        self._give_ids: dict[Any, int] = dict(self._rows[A.Give].base)
        self._take_ids: dict[Any, int] = dict(self._rows[A.Take].base)

    def legal_ids(self, legal: Sequence[Any]) -> LegalIds:
        """A deal's choices (a list that starts with the deeds it may give, then those it may
        take, made anew each time) find their deeds' ids by square; the rest as usual."""
        if type(legal) is not list or not legal or type(legal[0]) not in (A.Give, A.Take):
            return super().legal_ids(legal)
        give, take = self._give_ids, self._take_ids
        found: dict[int, Any] = {}
        index: int | None
        position = 0
        for choice in legal:
            kind = type(choice)
            if kind is A.Give:
                index = give.get(choice.square)
            elif kind is A.Take:
                index = take.get(choice.square)
            else:
                break
            if index is None:
                break
            if index not in found:
                found[index] = choice
            position += 1
        ids = super().legal_ids(legal[position:])
        ids.entries.update(found)  # other kinds' ids: never these
        return ids

    def encode(self, view: View, canvas: Canvas) -> None:
        players = self._players
        seat = view.seat
        start = seat or 0
        order = self._orders[start]
        t = view.table
        cash, position, jail, cards, alive = t.cash, t.position, t.jail, t.cards, t.alive
        seats: list[float] = []
        for other in order:
            seats += (
                cash[other],
                position[other],
                jail[other],
                cards[other] & 1,
                cards[other] >> 1 & 1,
                alive >> other & 1,
            )
        canvas.block("seats", 0, seats)
        canvas.choices("position", self._at[0], SQUARES, [position[other] for other in order])
        if not canvas.same("owner", t.owner):
            canvas.choices(
                "owners",
                self._at[1],
                players + 1,
                [players if owner < 0 else (owner - start) % players for owner in t.owner],
            )
        if not canvas.same("level", t.level):
            canvas.numbers("levels", self._at[2], t.level)
        canvas.flags("mortgaged", self._at[3], SQUARES, t.mortgaged)
        if not canvas.same("rent", t.rent):
            canvas.numbers("rents", self._at[4], t.rent)
        active = [0] * players
        if t.active >= 0:
            active[(t.active - start) % players] = 1
        acting = [0] * players
        for other in t.acting:
            acting[(other - start) % players] = 1
        stack = t.stack
        frame = stack[-1] if stack else None
        kind = [0] * len(FRAMES)
        if frame is not None:
            kind[FRAMES.index(type(frame))] = 1
        figures = self._frame_figures(frame, seat)
        figures += [0] * (FRAME_FIGURES - len(figures))
        passed, skipping, dealt = t.passed, t.skipping, t.dealt
        canvas.block(
            "turn",
            self._at[5],
            [t.stands, t.arenas, *t.hidden, len(t.seen[0]), len(t.seen[1]), t.pot]
            + active
            + [t.doubles, t.again, t.turn, *t.dice, len(t.claims)]
            + [passed >> other & 1 for other in order]
            + [skipping >> other & 1 for other in order]
            + [dealt >> other & 1 for other in order]
            + acting
            + kind
            + figures,
        )
        deeds = self._at[6]
        if isinstance(frame, Deal):
            canvas.hot(
                "deal deeds",
                deeds,
                deeds + 2 * SQUARES,
                [deeds + square for square in frame.give]
                + [deeds + SQUARES + square for square in frame.take],
            )
        else:
            canvas.hot("deal deeds", deeds, deeds + 2 * SQUARES, ())
        canvas.block("stack", self._at[7], [len(stack), t.over])

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
