"""A small two-seat sealed-bid auction kept with the tests to prove the sealed-commit primitive.

Three rounds. At the start of each round every seat is dealt a private value 1..10 for the item.
Both seats bid at once, sealed (0..their cash); when the second bid arrives both are revealed, the
higher bidder pays their bid and scores value - bid, a tie is settled by a coin flip. Values are
revealed with the bids. Most profit wins.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from tycoon.core import (
    Action,
    AmountRange,
    Chance,
    Dynamics,
    Game,
    GameSpec,
    Information,
    MalformedActionError,
    Option,
    Outcome,
    Rng,
    SealedCommits,
    SealedView,
    notation,
)
from tycoon.core.encoding import ActionKind, Encoding, FeatureSlice, FeatureWriter, rotate

ROUNDS = 3


@dataclass(frozen=True, slots=True)
class Bid(Action):
    amount: int


@dataclass(frozen=True, slots=True)
class RoundResult:
    bids: tuple[int, ...]
    values: tuple[int, ...]
    winner: int


@dataclass(frozen=True, slots=True)
class AuctionState:
    round: int
    values: tuple[int, ...]  # this round's private values, by seat
    cash: tuple[int, ...]
    profit: tuple[int, ...]
    bids: SealedCommits[int]
    history: tuple[RoundResult, ...]


@dataclass(frozen=True, slots=True)
class AuctionView:
    seat: int | None
    round: int
    own_value: int | None
    cash: tuple[int, ...]
    profit: tuple[int, ...]
    bids: SealedView[int]
    history: tuple[RoundResult, ...]


class AuctionEncoding(Encoding[AuctionView]):
    """The view as numbers for the RL adapters, seats counted from the observer; bids are cut
    into 11 buckets of the seat's cash, low and high included."""

    def __init__(self, game: Game[Any, Any, AuctionView]) -> None:
        super().__init__(game)
        players = game.players
        self.define(
            [
                FeatureSlice("round", 1, "items sold so far"),
                FeatureSlice("own value", 1, "this round's private value (-1 once over)"),
                FeatureSlice("cash", players, "per seat from the observer"),
                FeatureSlice("profit", players, "per seat from the observer"),
                FeatureSlice("committed", players, "per seat from the observer: has bid"),
                FeatureSlice("own bid", 1, "the observer's sealed bid, -1 before it bids"),
            ],
            [ActionKind(Bid, amount="amount", buckets=11)],
        )

    def features(self, view: AuctionView) -> list[float]:
        out = FeatureWriter()
        out.add(view.round)
        out.add(view.own_value)
        out.extend(rotate(view.cash, view.seat))
        out.extend(rotate(view.profit, view.seat))
        seats = range(self.game.players)
        out.extend(rotate([s in view.bids.committed for s in seats], view.seat))
        out.add(view.bids.own)
        return out.values


class SealedAuction(Game[AuctionState, Bid, AuctionView]):
    spec = GameSpec(
        name="sealed-auction",
        title="Sealed Auction",
        summary="a two-seat sealed-bid auction (test game for sealed commits)",
        min_players=2,
        max_players=2,
        default_players=2,
        dynamics=Dynamics.SIMULTANEOUS,
        chance=Chance.EXPLICIT,
        information=Information.IMPERFECT,
        version="1",
        options=(Option("cash", 10, "starting cash of each seat", low=1, high=100),),
    )
    action_types = (Bid,)
    encoding_type = AuctionEncoding

    def initial_state(self, rng: Rng) -> AuctionState:
        cash = int(self.options["cash"])
        return AuctionState(
            round=0,
            values=tuple(rng.roll(10) for _ in range(self.players)),
            cash=(cash,) * self.players,
            profit=(0,) * self.players,
            bids=SealedCommits.open(tuple(range(self.players))),
            history=(),
        )

    def to_act(self, state: AuctionState) -> tuple[int, ...]:
        return () if state.round >= ROUNDS else state.bids.pending

    def legal_actions(self, state: AuctionState, seat: int) -> Sequence[Any]:
        if seat not in self.to_act(state):
            return ()
        return (AmountRange(Bid(seat, 0), 0, state.cash[seat]),)

    def transition(self, state: AuctionState, action: Bid, rng: Rng) -> AuctionState:
        bids = state.bids.commit(action.seat, action.amount)
        if not bids.is_complete:
            return replace(state, bids=bids)
        # Reveal bids and settle the round.
        amounts = tuple(bids.revealed()[s] for s in range(self.players))
        best = max(amounts)
        leaders = [s for s, a in enumerate(amounts) if a == best]
        winner = leaders[rng.below(len(leaders))] if len(leaders) > 1 else leaders[0]
        cash = list(state.cash)
        profit = list(state.profit)
        cash[winner] -= best
        profit[winner] += state.values[winner] - best
        result = RoundResult(amounts, state.values, winner)
        next_round = state.round + 1
        values = tuple(rng.roll(10) for _ in range(self.players)) if next_round < ROUNDS else ()
        return AuctionState(
            round=next_round,
            values=values,
            cash=tuple(cash),
            profit=tuple(profit),
            bids=SealedCommits.open(tuple(range(self.players))),
            history=(*state.history, result),
        )

    def observe(self, state: AuctionState, seat: int | None) -> AuctionView:
        own = state.values[seat] if seat is not None and state.values else None
        return AuctionView(
            seat, state.round, own, state.cash, state.profit, state.bids.view(seat), state.history
        )

    def outcome(self, state: AuctionState) -> Outcome | None:
        if state.round < ROUNDS:
            return None
        return Outcome(
            scores=tuple(float(p) for p in state.profit),
            ranks=Outcome.ranks_from(state.profit),
            reason="three items sold",
        )

    def sample_state(self, view: AuctionView, rng: Rng) -> AuctionState:
        values = (
            tuple(
                (view.own_value if s == view.seat and view.own_value is not None else rng.roll(10))
                for s in range(self.players)
            )
            if view.round < ROUNDS
            else ()
        )
        bids = SealedCommits[int].open(view.bids.seats)
        for s in view.bids.committed:
            amount = (
                view.bids.own
                if s == view.seat and view.bids.own is not None
                else (rng.randint(0, view.cash[s]))
            )
            bids = bids.commit(s, amount)
        return AuctionState(view.round, values, view.cash, view.profit, bids, view.history)

    def parse_action(self, text: str, seat: int) -> Bid:
        words = notation.words(text)
        if len(words) != 2 or words[0] != "bid" or not notation.is_number(words[1]):
            raise MalformedActionError(f"{text!r} is not a bid (write: bid 3)")
        return Bid(seat, notation.natural(words[1], "a bid"))

    def format_action(self, action: Bid) -> str:
        return f"bid {action.amount}"

    def describe_action(self, action: Bid, viewer: int | None) -> str:
        if viewer == action.seat:
            return self.format_action(action)
        return "commits a sealed bid"

    def narrate(self, before: AuctionView, action: Bid, after: AuctionView) -> list[str]:
        if after.round == before.round:
            return []
        result = after.history[-1]
        bids = ", ".join(f"{self.seat_name(s)} {b}" for s, b in enumerate(result.bids))
        return [f"bids revealed: {bids}; {self.seat_name(result.winner)} wins the item"]
