"""``greedy``: a Milton Keynes player that values land and buildings with the scoring engine.

It sees only its view. Every decision is a one-step look-ahead on the income blocks of the map:

- a holding (its deeds) is worth the income its connected pieces would earn built as plain
  buildings where they lie; a lot is worth what it adds to that;
- bribes a little of a lot's worth, buys the best affordable lot, plays LOBBY to win a valuable
  first pick by one;
- bids for permits by how much it needs them (more pieces of land than permits) and what the
  special ones would earn; re-bids one more when it still wants the permit;
- offers cash for deeds publicly known to be held by others next to its land, and accepts an offer
  when what it gets is worth more than what it gives;
- commissions the building or extension that raises its income blocks the most for the permit it
  uses (CHAV cards with a useful action are dearer), names the best requisition;
- plays INQUIRY when it passes a roundabout or it has permits to spare, and DEMOLISH where it hurts
  the leader more than it hurts itself.

``greedy:noise=0.1`` makes a uniformly random legal move that often instead.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tycoon.core import Action, AmountRange, Rng
from tycoon.core.bitset import set_bits
from tycoon.core.players import Bot
from tycoon.games.milton_keynes import board as bd
from tycoon.games.milton_keynes import cards as cd
from tycoon.games.milton_keynes.actions import (
    Accept,
    BidPermits,
    Bribe,
    Build,
    Buy,
    ChooseCharacter,
    Decline,
    Demolish,
    Extend,
    Inquiry,
    Lobby,
    LobbyBids,
    Offer,
    Pass,
    Rebid,
    Requisition,
    Seal,
)
from tycoon.games.milton_keynes.legal import ListSet, OfferSet, PairSet
from tycoon.games.milton_keynes.scoring import Building, blocks_by_owner, incomes
from tycoon.games.milton_keynes.state import Phase
from tycoon.games.milton_keynes.view import View

if TYPE_CHECKING:
    from tycoon.games.milton_keynes.game import MiltonKeynes

# What keeping a CHAV card for its action is worth, in income blocks, when building with it.
ACTION_VALUE = {cd.INQUIRY: 1.5, cd.DEMOLISH: 1.0, cd.LOBBY: 0.5, cd.REDEVELOP: 0.0}
CHARACTER_PREFERENCE = ("green", "yellow", "gray", "blue", "orange", "scarlet")
BLOCK_IN_CASH = 4.0  # how much cash one more income block is worth to the bot


class Position:
    """The map and hand of one view, with the scoring engine ready for what-ifs."""

    def __init__(self, view: View, seat: int, region: int) -> None:
        self.view = view
        self.seat = seat
        self.region = region
        self.buildings = list(view.buildings)
        self.river_all = bd.mask_of(view.river_all)
        self.marsh = bd.mask_of(view.marsh)
        self.built = 0
        for b in self.buildings:
            self.built |= b.mask
        self.deeds = bd.mask_of(view.hand_deeds)
        self.permits = list(view.hand_permits)
        self.cash = view.cash if view.cash is not None else 0
        self.players = view.players
        self._memo: dict[int, float] = {}
        # The pouch so far stands on the map for the bot's what-ifs.
        for number, item in enumerate(view.draft):
            self.deeds &= ~bd.mask_of(item.cells)
            self.permits[item.permit] -= 1
            if item.extends < 0:
                kind = cd.KIND_OF_PERMIT[item.permit]
                self.buildings.append(Building(-2 - number, seat, kind, item.cells))
            else:
                self.buildings = [
                    Building(b.id, b.owner, b.kind, tuple(sorted({*b.cells, *item.cells})))
                    if b.id == item.extends
                    else b
                    for b in self.buildings
                ]
            self.built |= bd.mask_of(item.cells)
        self._base = self.blocks(())

    def blocks(self, extra: Sequence[Building], removed: Sequence[int] = ()) -> tuple[int, ...]:
        buildings = [b for b in self.buildings if b.id not in removed] + list(extra)
        built = 0
        for b in buildings:
            built |= b.mask
        values = incomes(buildings, self.river_all & ~built, self.marsh)
        return blocks_by_owner(buildings, values, self.players)

    def mine(self, extra: Sequence[Building], removed: Sequence[int] = ()) -> int:
        return self.blocks(extra, removed)[self.seat]

    def gain(self, cells: tuple[int, ...], kind: int, extends: int = -1) -> int:
        """My income blocks won by building ``cells`` (or extending building ``extends``)."""
        if extends >= 0:
            old = next(b for b in self.buildings if b.id == extends)
            grown = Building(old.id, old.owner, old.kind, tuple(sorted({*old.cells, *cells})))
            return self.mine([grown], [extends]) - self._base[self.seat]
        return self.mine([Building(-1, self.seat, kind, cells)]) - self._base[self.seat]

    def piece_value(self, piece: int) -> float:
        """What a connected piece of my land would earn built as a plain building."""
        if piece not in self._memo:
            cells = bd.cells_of(piece)[: cd.MAX_PLOTS]
            self._memo[piece] = float(self.gain(cells, cd.CHAV))
        return self._memo[piece]

    def holding_value(self, deeds: int) -> float:
        free = deeds & ~self.built
        return sum(self.piece_value(piece) for piece in bd.components(free))

    def lot_value(self, lot: int) -> float:
        """What a lot adds to my holding: only the pieces it touches change."""
        touched = [p for p in bd.components(self.deeds) if p & (bd.neighbourhood(lot) | lot)]
        before = sum(self.piece_value(p) for p in touched)
        merged = lot
        for p in touched:
            merged |= p
        after = sum(self.piece_value(p) for p in bd.components(merged))
        return after - before

    def pieces(self) -> int:
        return len(bd.components(self.deeds))

    def permit_count(self) -> int:
        return sum(self.permits) - self.permits[cd.EXTENSION]


class GreedyBot(Bot):
    def __init__(self, game: Any, seat: int, rng: Rng, params: Mapping[str, str]) -> None:
        super().__init__(game, seat, rng, params)
        self.noise = self.float_param("noise", 0.0, 0.0, 1.0)
        self.mk: MiltonKeynes = game

    def choose(self, view: Any, legal: Sequence[Any]) -> Action:
        if self.explores(self.noise):
            return self.random_choice(legal)
        assert isinstance(view, View)
        phase = Phase[view.phase.upper()]
        position = Position(view, self.seat, self.mk.region)
        handler = {
            Phase.BRIBE: self.bribe,
            Phase.SALE_LOBBY: self.sale_lobby,
            Phase.PURCHASE: self.purchase,
            Phase.PERMIT_BID: self.bid,
            Phase.BID_LOBBY: self.bid_lobby,
            Phase.REBID: self.rebid,
            Phase.TRADE: self.offer,
            Phase.TRADE_REPLY: self.reply,
            Phase.BUILD: self.build,
            Phase.REQUISITION: self.requisition,
            Phase.BEFORE_COLLECTION: self.before_collection,
            Phase.CHARACTERS: self.character,
        }.get(phase)
        if handler is not None:
            action = handler(position, legal)
            if action is not None:
                return action
        return self.first_pass(legal)

    # -- helpers -------------------------------------------------------------------------

    def first_pass(self, legal: Sequence[Any]) -> Action:
        for choice in legal:
            if isinstance(choice, Pass | Seal | Decline):
                return choice
        choice = legal[0]
        if isinstance(choice, AmountRange):
            low: Action = choice.action(choice.low)
            return low
        assert isinstance(choice, Action)
        return choice

    def lot_choices(self, position: Position) -> list[tuple[float, int]]:
        found = []
        for cells in position.view.lots:
            lot = bd.mask_of(cells)
            found.append((position.lot_value(lot), lot))
        return sorted(found, reverse=True)

    # -- sales ---------------------------------------------------------------------------

    def bribe(self, position: Position, legal: Sequence[Any]) -> Action:
        best = 0.0
        price = 0
        for value, lot in self.lot_choices(position):
            cost = self.mk.rules.economy.deed_price * bd.popcount(lot)
            if cost <= position.cash and value > best:
                best, price = value, cost
        spare = max(0, position.cash - price)
        amount = min(spare, round(best), 6) if best > 0 else 0
        return Bribe(self.seat, amount)

    def sale_lobby(self, position: Position, legal: Sequence[Any]) -> Action | None:
        view = position.view
        if not any(isinstance(c, AmountRange) for c in legal) or not view.order:
            return None
        if view.order[0] == self.seat:
            return None
        top = max(view.bribes[s] for s in range(view.players) if s != self.seat)
        choices = self.lot_choices(position)
        if not choices:
            return None
        value, lot = choices[0]
        price = self.mk.rules.economy.deed_price * bd.popcount(lot)
        amount = top + 1
        if value >= 3 and amount + price <= position.cash and amount <= value + 2:
            return Lobby(self.seat, amount)
        return None

    def purchase(self, position: Position, legal: Sequence[Any]) -> Action | None:
        best: tuple[float, str] | None = None
        for choice in legal:
            if not isinstance(choice, Buy):
                continue
            lot = next(bd.mask_of(c) for c in position.view.lots if bd.INDEX[choice.plot] in c)
            price = self.mk.rules.economy.deed_price * bd.popcount(lot)
            value = position.lot_value(lot) - price / (3 * BLOCK_IN_CASH)
            if position.cash - price >= 0 and (best is None or value > best[0]):
                best = (value, choice.plot)
        if best is not None and best[0] > -0.5:
            return Buy(self.seat, best[1])
        return None

    # -- permits and trades ------------------------------------------------------------------

    def permit_value(self, position: Position, permit: int) -> float:
        need = position.pieces() - position.permit_count()
        value = 3.0 + 2.0 * max(0, need)
        if permit == cd.NATURE_PERMIT and position.deeds & bd.neighbourhood(position.marsh):
            value += 4
        if permit == cd.COMMONS_PERMIT:
            value += 2
        if permit == cd.EXTENSION and not any(b.owner == self.seat for b in position.buildings):
            value -= 2
        if permit in (cd.AIR_BASE_PERMIT, cd.SEWAGE_PERMIT):
            value += 1
        if permit == cd.INQUIRY:
            value += 1
        return max(0.0, value)

    def bid(self, position: Position, legal: Sequence[Any]) -> Action:
        view = position.view
        left_slot, right_slot = self.mk.rules.seat_slots(self.seat)
        wants = []
        for slot in (left_slot, right_slot):
            permit = view.slots[slot] if view.slots else -1
            wants.append(self.permit_value(position, permit) if permit >= 0 else 0.0)
        budget = position.cash // 2
        left = min(int(wants[0]), budget)
        right = min(int(wants[1]), max(0, budget - left))
        action = BidPermits(self.seat, left, right)
        return action if isinstance(legal, PairSet) and action in legal else self.first_pass(legal)

    def bid_lobby(self, position: Position, legal: Sequence[Any]) -> Action | None:
        if not isinstance(legal, PairSet):
            return None
        view = position.view
        left_slot, right_slot = self.mk.rules.seat_slots(self.seat)
        mine = view.bids[self.seat]
        new = list(mine)
        changed = False
        for side, slot in enumerate((left_slot, right_slot)):
            permit = view.slots[slot]
            if permit < 0:
                continue
            a, b = self.mk.rules.slot_pair(slot)
            other = view.bids[b][1] if a == self.seat else view.bids[a][0]
            value = self.permit_value(position, permit)
            if other >= mine[side] and other + 1 <= value:
                new[side] = other + 1
                changed = True
        action = LobbyBids(self.seat, new[0], new[1])
        if changed and action in legal:
            return action
        return None

    def rebid(self, position: Position, legal: Sequence[Any]) -> Action:
        assert isinstance(legal, PairSet)
        view = position.view
        left_slot, right_slot = self.mk.rules.seat_slots(self.seat)
        amounts = [legal.left_low, legal.right_low]
        for side, slot in enumerate((left_slot, right_slot)):
            permit = view.slots[slot]
            low = (legal.left_low, legal.right_low)[side]
            if permit >= 0 and self.permit_value(position, permit) >= low + 1:
                amounts[side] = low + 1
        action = Rebid(self.seat, amounts[0], amounts[1])
        if action in legal:
            return action
        return Rebid(self.seat, legal.left_low, legal.right_low)

    def offer(self, position: Position, legal: Sequence[Any]) -> Action | None:
        if not isinstance(legal, OfferSet) or not legal.enumerated:
            return None  # the bots' bound on offers (option offers) is reached
        view = position.view
        if view.offers_left[self.seat] < self.mk.rules.offer_limit:
            return None  # one offer a trade phase is enough
        near = bd.neighbourhood(position.deeds)
        best: tuple[float, int, int] | None = None
        for other in range(view.players):
            if other == self.seat:
                continue
            for plot in view.known_deeds[other]:
                if not near >> plot & 1:
                    continue
                value = position.lot_value(1 << plot)
                if value >= 2 and (best is None or value > best[0]):
                    best = (value, other, plot)
        if best is None:
            return None
        value, other, plot = best
        price = min(position.cash, int(value * 2) + 3)
        if price < 3:
            return None
        action = Offer(self.seat, other, price, (), (bd.LABELS[plot],))
        return action if action in legal else None

    def reply(self, position: Position, legal: Sequence[Any]) -> Action:
        offer = position.view.offer
        if offer is None or not any(isinstance(c, Accept) for c in legal):
            return Decline(self.seat)
        gain = offer.cash / BLOCK_IN_CASH  # cash the offerer pays me (negative: I pay)
        gained_deeds = bd.mask_of(bd.INDEX[i] for i in offer.give if i in bd.INDEX)
        lost_deeds = bd.mask_of(bd.INDEX[i] for i in offer.want if i in bd.INDEX)
        after = (position.deeds | gained_deeds) & ~lost_deeds
        gain += position.holding_value(after) - position.holding_value(position.deeds)
        for item in offer.give:
            if item not in bd.INDEX:
                gain += self.permit_value(position, cd.PERMIT_INDEX[item]) / BLOCK_IN_CASH
        for item in offer.want:
            if item not in bd.INDEX:
                gain -= self.permit_value(position, cd.PERMIT_INDEX[item]) / BLOCK_IN_CASH
        return Accept(self.seat) if gain > 0.5 else Decline(self.seat)

    # -- building ------------------------------------------------------------------------

    def permit_cost(self, position: Position, permit: int) -> float:
        if permit in ACTION_VALUE:
            # Spend the CHAV card whose action is worth least (a spare copy costs nothing more).
            return ACTION_VALUE[permit] if position.permits[permit] <= 1 else 0.2
        return 0.5

    def build(self, position: Position, legal: Sequence[Any]) -> Action:
        assert isinstance(legal, ListSet)
        by_anchor = {bd.LABELS[b.anchor]: b for b in position.buildings if b.id >= 0}
        best: tuple[float, Action] | None = None
        for action in legal.actions:
            if isinstance(action, Build):
                permit = cd.PERMIT_INDEX[action.permit]
                kind = cd.KIND_OF_PERMIT[permit]
                cells = tuple(bd.INDEX[p] for p in action.plots)
                if kind in (cd.AIR_BASE, cd.SEWAGE):
                    value = self.best_requisition(position, cells, permit)[0]
                else:
                    value = float(position.gain(cells, kind))
                value -= self.permit_cost(position, permit)
            elif isinstance(action, Extend):
                target = by_anchor[action.building]
                cells = tuple(bd.INDEX[p] for p in action.plots)
                value = position.gain(cells, target.kind, target.id) - 0.3
            else:
                continue
            if best is None or value > best[0]:
                best = (value, action)
        if best is not None and best[0] > 0:
            return best[1]
        return Seal(self.seat)

    def best_requisition(
        self, position: Position, cells: tuple[int, ...], permit: int
    ) -> tuple[float, int]:
        free = self.mk.region & ~position.built & ~bd.mask_of(position.view.hand_deeds)
        if permit == cd.AIR_BASE_PERMIT:
            area = free & ~position.river_all & ~position.marsh
        else:
            area = free & position.river_all
        deeds = bd.mask_of(cells)
        best = (-1.0, -1)
        for r in set_bits(area & bd.neighbourhood(deeds)):
            if not bd.is_connected(deeds | 1 << r):
                continue
            kind = cd.KIND_OF_PERMIT[permit]
            value = float(position.gain(tuple(sorted((*cells, r))), kind))
            if value > best[0]:
                best = (value, r)
        return best

    def requisition(self, position: Position, legal: Sequence[Any]) -> Action:
        view = position.view
        item = view.own_pending[0]
        best: tuple[float, Action] | None = None
        for choice in legal:
            assert isinstance(choice, Requisition)
            r = bd.INDEX[choice.plot]
            cells = tuple(sorted((*item.cells, r)))
            value = float(position.gain(cells, cd.KIND_OF_PERMIT[item.permit]))
            if best is None or value > best[0]:
                best = (value, choice)
        assert best is not None
        return best[1]

    # -- cash collection -----------------------------------------------------------------

    def before_collection(self, position: Position, legal: Sequence[Any]) -> Action | None:
        view = position.view
        for choice in legal:
            if isinstance(choice, Inquiry):
                marker = view.markers[self.seat]
                floor = self.mk.rules.floor_for(
                    min(
                        self.mk.rules.economy.rail_top,
                        marker + self.mk.rules.economy.inquiry_step,
                    )
                )
                spare = position.permit_count() > position.pieces() + 1
                if floor > view.floors[self.seat] or spare:
                    return choice
        demolitions = [c for c in legal if isinstance(c, Demolish)]
        if not demolitions:
            return None
        base = position.blocks(())
        best: tuple[float, Action] | None = None
        for choice in demolitions:
            if choice.buy:
                continue
            plot = bd.INDEX[choice.plot]
            target = next(b for b in position.buildings if plot in b.cells)
            rest = tuple(p for p in target.cells if p != plot)
            extra = [Building(target.id, target.owner, target.kind, rest)] if rest else []
            after = position.blocks(extra, [target.id])
            leader = max((s for s in range(view.players) if s != self.seat), key=lambda s: base[s])
            value = (after[self.seat] - base[self.seat]) - (after[leader] - base[leader])
            if best is None or value > best[0]:
                best = (value, choice)
        if best is None or best[0] < 2:
            return None
        action = best[1]
        assert isinstance(action, Demolish)
        plot = bd.INDEX[action.plot]
        if position.cash >= 15 and bd.neighbourhood(position.deeds) >> plot & 1:
            buying = Demolish(self.seat, action.plot, True)
            if buying in legal:
                return buying
        return action

    def character(self, position: Position, legal: Sequence[Any]) -> Action:
        offered = {c.character: c for c in legal if isinstance(c, ChooseCharacter)}
        for code in CHARACTER_PREFERENCE:
            if code in offered:
                return offered[code]
        return self.first_pass(legal)


def greedy_factory(game: Any, seat: int, rng: Rng, params: Mapping[str, str]) -> Bot:
    return GreedyBot(game, seat, rng, params)
