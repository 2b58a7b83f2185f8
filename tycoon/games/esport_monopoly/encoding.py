"""Esport Monopoly for reinforcement learning: a seat's view as numbers, and its moves' table.

Everything at the table is public except the order of the unseen cards, which a view does not
hold. Seats are counted from the observer. The top frame of the decision stack (a purchase, an
auction, a payment, a deal being written...) is encoded by its kind and its figures, and a deal's
deeds square by square. ``docs/rl.md`` lists the slices.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

from tycoon.core import AmountRange, Game
from tycoon.core.actions import Action
from tycoon.core.encoding import (
    ActionKind,
    BitIds,
    Canvas,
    Encoding,
    FeatureSlice,
    LegalIds,
    bucket_builder,
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
        # The zeros of the run from the bank to the frame's figures (see encode).
        self._turn: list[float] = [0.0] * (self._at[6] - self._at[5])
        # The ids of the deeds a deal may give or take, by square (see legal_ids).
        self._give_ids: dict[Any, int] = dict(self._rows[A.Give].base)
        self._take_ids: dict[Any, int] = dict(self._rows[A.Take].base)
        # A deal's ids straight from the table (see rule_ids): where each kind's ids start, and
        # what each id stands for (its action class and the value of its field, if any).
        self._give_at = self.base_id(A.Give, (0,))
        self._take_at = self.base_id(A.Take, (0,))
        self._card_ids = [
            (1 << deck, self.base_id(A.GiveCard, (name,)), self.base_id(A.TakeCard, (name,)))
            for deck, name in enumerate(DECK_NAMES)
        ]
        self._cash_at = self.base_id(A.Cash)
        self._offer_id = self.base_id(A.Offer)
        self._drop_id = self.base_id(A.Drop)
        deal: dict[int, tuple[type[Action], Any]] = {}
        for square in squares:
            deal[self._give_at + square] = (A.Give, square)
            deal[self._take_at + square] = (A.Take, square)
        for name in DECK_NAMES:
            deal[self.base_id(A.GiveCard, (name,))] = (A.GiveCard, name)
            deal[self.base_id(A.TakeCard, (name,))] = (A.TakeCard, name)
        deal[self._offer_id] = (A.Offer, None)
        deal[self._drop_id] = (A.Drop, None)
        self._deal_actions = deal
        self._cash_templates = [A.Cash(other, 0) for other in seats]
        self._rules: Any = getattr(game, "rules", None)
        self._game: Any = game
        # The management menu's ids straight from the table (see rule_ids): where each kind
        # of square's ids start, each partner's deal id, back's id; what each id stands for.
        self._square_at = {
            kind: self.base_id(kind, (0,))
            for kind in (A.Build, A.Sell, A.SellAll, A.Mortgage, A.Lift)
        }
        self._partner_ids = [self.base_id(A.OpenDeal, (other,)) for other in seats]
        self._back_id = self.base_id(A.Back)
        menu: dict[int, tuple[type[Action], Any]] = {}
        for kind, at in self._square_at.items():
            for square in squares:
                menu[at + square] = (kind, square)
        for other in seats:
            menu[self._partner_ids[other]] = (A.OpenDeal, other)
        menu[self._back_id] = (A.Back, None)
        self._menu_actions = menu

    def rule_ids(self, state: Any, seat: int) -> LegalIds | None:
        """A deal being written, straight from the table (the costliest list to make: an action
        per deed the deal may still give or take), and the management menu (``_menu_ids``);
        every other decision by the listed path.

        As ``deal_choices`` has it: the proposer's deeds in groups without buildings, not yet
        given; the partner's likewise, not yet taken; each jail card one holds and the deal
        does not yet hold; the cash, from all the partner's to all the proposer's (in buckets);
        offer once the deal holds a deed or a card; drop."""
        t = state.table
        stack = t.stack
        if not stack or self._rules is None:
            return None
        deal = stack[-1]
        if type(deal) is Manage:
            return self._menu_ids(t, seat) if seat in t.acting else None
        if type(deal) is not Deal or deal.sent or seat not in t.acting:
            return None
        rules = self._rules
        p, q = deal.proposer, deal.partner
        # The deeds as bits of the ids (a deed's id is its kind's first id plus its square).
        gives = t.holdings[p] & ~rules.improved(t, p)
        for square in deal.give:
            gives &= ~(1 << square)
        takes = t.holdings[q] & ~rules.improved(t, q)
        for square in deal.take:
            takes &= ~(1 << square)
        bits = gives << self._give_at | takes << self._take_at | 1 << self._drop_id
        cards = t.cards
        for bit, give_id, take_id in self._card_ids:
            if cards[p] & bit and not deal.give_cards & bit:
                bits |= 1 << give_id
            if cards[q] & bit and not deal.take_cards & bit:
                bits |= 1 << take_id
        if deal.give or deal.take or deal.give_cards or deal.take_cards:
            bits |= 1 << self._offer_id
        ids = BitIds(bits, partial(self._deal_action, p))
        cash = AmountRange(self._cash_templates[p], -t.cash[q], t.cash[p])
        ids.span(self._cash_at, CASH_BUCKETS, bucket_builder(cash, CASH_BUCKETS))
        return ids

    def _menu_ids(self, t: Any, seat: int) -> LegalIds:
        """The management menu's ids, as the game lists it (builds, sells, sell-alls and
        mortgages, lifts, a deal with each partner unless one was opened this turn, back),
        from the game's own squares and choices: no list of actions made, no scan."""
        game = self._game
        rules = self._rules
        square_at = self._square_at
        at = square_at[A.Build]
        bits = 1 << self._back_id
        for square in rules.build_squares(t, seat):
            bits |= 1 << at + square
        for action in game.raise_choices(t, seat):
            bits |= 1 << square_at[type(action)] + action.square
        at = square_at[A.Lift]
        for square in rules.lift_squares(t, seat):
            bits |= 1 << at + square
        if not (t.dealt >> seat) & 1:
            partner_ids = self._partner_ids
            for action in game.deal_partners(t, seat):
                bits |= 1 << partner_ids[action.partner]
        return BitIds(bits, partial(self._menu_action, seat))

    def _menu_action(self, seat: int, action_id: int) -> Action:
        """The management menu's action of ``action_id`` for ``seat``."""
        kind, value = self._menu_actions[action_id]
        built: Action = kind(seat) if value is None else kind(seat, value)  # type: ignore[call-arg]
        return built

    def _deal_action(self, proposer: int, action_id: int) -> Action:
        """The deal action of ``action_id`` (not the cash's) for the proposer."""
        kind, value = self._deal_actions[action_id]
        built: Action = kind(proposer) if value is None else kind(proposer, value)  # type: ignore[call-arg]
        return built

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
        # What each part was last made from (the persistent canvas's record; a fresh canvas,
        # written once, gets an empty one, so that every part is written).
        memo = canvas.memo
        if memo is None:
            memo = {}
        cash, position, jail, cards, alive = t.cash, t.position, t.jail, t.cards, t.alive
        # The seats' figures and positions, written again only when one of them changed.
        sources = (start, cash, position, jail, cards, alive)
        if memo.get("seat sources") != sources:
            memo["seat sources"] = sources
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
        if memo.get("owner") is not t.owner:
            memo["owner"] = t.owner
            canvas.choices(
                "owners",
                self._at[1],
                players + 1,
                [players if owner < 0 else (owner - start) % players for owner in t.owner],
            )
        if memo.get("level") is not t.level:
            memo["level"] = t.level
            canvas.numbers("levels", self._at[2], t.level)
        if memo.get("mortgaged") != t.mortgaged:
            canvas.flags("mortgaged", self._at[3], SQUARES, t.mortgaged)
        if memo.get("rent") is not t.rent:
            memo["rent"] = t.rent
            canvas.numbers("rents", self._at[4], t.rent)
        # The bank, the turn, the window, who acts and the top frame: one run, laid out from a
        # template of zeros (see __init__) figure by figure.
        turn = self._turn.copy()
        turn[0] = t.stands
        turn[1] = t.arenas
        turn[2], turn[3] = t.hidden
        turn[4] = len(t.seen[0])
        turn[5] = len(t.seen[1])
        turn[6] = t.pot
        if t.active >= 0:
            turn[7 + (t.active - start) % players] = 1
        at = 7 + players
        turn[at] = t.doubles
        turn[at + 1] = t.again
        turn[at + 2] = t.turn
        turn[at + 3], turn[at + 4] = t.dice
        turn[at + 5] = len(t.claims)
        at += 6
        passed, skipping, dealt = t.passed, t.skipping, t.dealt
        for index, other in enumerate(order):
            turn[at + index] = passed >> other & 1
            turn[at + players + index] = skipping >> other & 1
            turn[at + 2 * players + index] = dealt >> other & 1
        at += 3 * players
        for other in t.acting:
            turn[at + (other - start) % players] = 1
        at += players
        stack = t.stack
        frame = stack[-1] if stack else None
        if frame is not None:
            turn[at + FRAMES.index(type(frame))] = 1
        at += len(FRAMES)
        figures = self._frame_figures(frame, seat)
        turn[at : at + len(figures)] = figures
        canvas.block("turn", self._at[5], turn)
        deeds = self._at[6]
        if isinstance(frame, Deal):
            canvas.hot(
                "deal deeds",
                deeds,
                deeds + 2 * SQUARES,
                [deeds + square for square in frame.give]
                + [deeds + SQUARES + square for square in frame.take],
            )
        elif memo.get("deal deeds") != ():
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
