"""The rules of Milton Keynes: set-up, the five phases of a year, and the end.

Every transition builds a new :class:`State`; the automatic steps (dealing lots, revealing sealed
amounts, collecting cash, scoring the map, moving income markers) run inside the transition that
triggers them, until a seat must decide. ``log`` records in words what the transition did in
public, for narration.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Any, ClassVar

from tycoon.core import Action, AmountRange, Rng, SealedCommits
from tycoon.core.bitset import set_bits
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
    PlaceMarsh,
    PlaceRiver,
    Rebid,
    Redevelop,
    Requisition,
    Seal,
)
from tycoon.games.milton_keynes.legal import (
    ListSet,
    OfferSet,
    PairSet,
    Pool,
    connected_sets,
    connected_supersets,
    make_pool,
    sets_with_one_extra,
)
from tycoon.games.milton_keynes.scoring import Building, blocks_by_owner, incomes
from tycoon.games.milton_keynes.state import (
    COUNTER_INDEX,
    COUNTERS,
    SEASONS,
    CityMap,
    Commission,
    Phase,
    Player,
    State,
    evolve,
    evolve_player,
)

LABELS = bd.LABELS
SAFETY_STOP = "safety stop"


# -- small helpers ---------------------------------------------------------------------------------


def set_at(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1 :])


def add_permit(hand: tuple[int, ...], permit: int, count: int = 1) -> tuple[int, ...]:
    return (*hand[:permit], hand[permit] + count, *hand[permit + 1 :])


def drop_known(hand: tuple[int, ...], permit: int, count: int = 1) -> tuple[int, ...]:
    return (*hand[:permit], max(0, hand[permit] - count), *hand[permit + 1 :])


def count_up(counters: tuple[int, ...], name: str, by: int = 1) -> tuple[int, ...]:
    i = COUNTER_INDEX[name]
    return (*counters[:i], counters[i] + by, *counters[i + 1 :])


def lot_text(lot: int) -> str:
    return "+".join(LABELS[p] for p in set_bits(lot))


def cells_text(cells: Sequence[int]) -> str:
    return " ".join(LABELS[p] for p in cells)


def internal_neighbours(building: Building, plot: int) -> int:
    return sum(1 for q in bd.NEIGHBOURS[plot] if q in building.cells)


def demolishable(building: Building) -> list[int]:
    """DEMOLISH takes a block with at most one internal wall (it can never split a building)."""
    return [p for p in building.cells if internal_neighbours(building, p) <= 1]


def coloured_in_use(city: CityMap) -> list[int]:
    used = [0] * 7
    for building in city.buildings:
        used[building.kind] += len(building.cells)
    return used


@lru_cache(maxsize=1024)
def give_pool(deeds: int, permits: tuple[int, ...]) -> Pool:
    """What a hand may give in an offer: each deed once, each permit as many as held."""
    entries = [(LABELS[p], 1) for p in set_bits(deeds)]
    entries += [(cd.PERMIT_CODES[p], n) for p, n in enumerate(permits) if n]
    return make_pool(tuple(entries))


@lru_cache(maxsize=256)
def want_pool(wantable: int, limit: int, counts: tuple[int, ...] = cd.PERMIT_COUNTS) -> Pool:
    """What an offer may ask for: any deed not built on or held, any permit (at most ``limit``
    of each, or as many as the game has, ``counts``, with ``limit`` 0)."""
    entries = [(LABELS[p], 1) for p in set_bits(wantable)]
    entries += [(code, limit or counts[i]) for i, code in enumerate(cd.PERMIT_CODES)]
    return make_pool(tuple(entries))


class Rules:
    """The rule functions, configured for one player count and set of options."""

    def __init__(
        self,
        players: int,
        region: int,
        roundabouts: tuple[int, ...],
        offer_limit: int,
        offer_cards: int,
        stall_years: int,
        seat_label: Any,
        economy: cd.Economy = cd.ECONOMY_BUILT_IN,
        catalogue: cd.Catalogue = cd.CATALOGUE,
    ) -> None:
        self.players = players
        self.economy = economy
        #: The game's data: its map, permit deck, coloured blocks and characters.
        self.catalogue = catalogue
        self.map = catalogue.map
        self.permit_counts = catalogue.permit_counts
        self.coloured_blocks = catalogue.coloured_blocks
        self.characters = catalogue.characters
        self.region = region
        self.roundabouts = roundabouts
        self.offer_limit = offer_limit
        self.offer_cards = offer_cards
        self.stall_years = stall_years
        self.who = seat_label  # seat -> name, for the log

    # -- the income rail ----------------------------------------------------------------------

    def floor_for(self, position: int) -> int:
        best = 0
        for r in self.roundabouts:
            if r <= position:
                best = max(best, r)
        return best

    # -- the map --------------------------------------------------------------------------------

    def rescore(self, city: CityMap, buildings: tuple[Building, ...]) -> CityMap:
        built = 0
        for b in buildings:
            for p in b.cells:
                built |= 1 << p
        values = incomes(buildings, city.river_all & ~built, city.marsh)
        return replace(
            city,
            buildings=buildings,
            built=built,
            incomes=values,
            blocks=blocks_by_owner(buildings, values, self.players),
        )

    def deeds_in_game(self, city: CityMap) -> int:
        return self.region & ~city.river_all & ~city.marsh

    # -- the year ---------------------------------------------------------------------------

    def start_year(self, s: State, rng: Rng, log: list[str]) -> State:
        log.append(f"Year {s.year} begins: cash collection.")
        queue = tuple(seat for seat in range(self.players) if sum(s.players[seat].permits))
        s = evolve(s, phase=Phase.BEFORE_COLLECTION, queue=queue, deck_mark=len(s.deed_deck))
        if not queue:
            return self.collect(s, rng, log)
        return s

    def collect(self, s: State, rng: Rng, log: list[str]) -> State:
        grant = self.economy.grant if s.year == 1 else 0
        dues = [p.marker + grant for p in s.players]
        crunched = 0
        while sum(dues) > s.bank and any(dues):
            dues = [max(0, d - self.economy.crunch_step) for d in dues]
            crunched += 1
        players = tuple(
            evolve_player(p, cash=p.cash + d, counted=p.counted + d)
            for p, d in zip(s.players, dues, strict=True)
        )
        if crunched:
            log.append(
                f"Credit crunch: the bank cannot pay everyone; each amount due falls by "
                f"{self.economy.crunch_step * crunched}."
            )
        paid = ", ".join(f"{self.who(seat)} {d}" for seat, d in enumerate(dues))
        log.append(f"Cash collected{' (with the year-1 grant)' if grant else ''}: {paid}.")
        counters = count_up(s.counters, "credit_crunches") if crunched else s.counters
        s = evolve(s, players=players, bank=s.bank - sum(dues), counters=counters)
        owners = {b.owner for b in s.city.buildings}
        queue = tuple(
            seat
            for seat in range(self.players)
            if seat in owners and sum(players[seat].permits) > 0
        )
        s = evolve(s, phase=Phase.AFTER_COLLECTION, queue=queue)
        if not queue:
            return self.start_sale(s, 0, rng, log)
        return s

    # -- sales ----------------------------------------------------------------------------------

    def deal_lots(
        self, deck: tuple[int, ...], merge: bool
    ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Lots for a sale (FACT): one deed each in year 1; later, neighbouring deeds form one lot
        (chains merge) and deeds are dealt until there are as many lots as players."""
        lots: list[int] = []
        used = 0
        while len(lots) < self.players and used < len(deck):
            plot = deck[used]
            used += 1
            mask = 1 << plot
            if merge:
                touching = [lot for lot in lots if lot & bd.NEIGHBOUR_MASK[plot]]
                if touching:
                    first = lots.index(touching[0])
                    for lot in touching:
                        mask |= lot
                    lots[first] = mask
                    lots = [lot for i, lot in enumerate(lots) if i == first or lot not in touching]
                    continue
            lots.append(mask)
        return tuple(lots), deck[used:]

    def start_sale(self, s: State, season: int, rng: Rng, log: list[str]) -> State:
        lots, deck = self.deal_lots(s.deed_deck, merge=s.year > 1)
        name = SEASONS[season].capitalize()
        if not lots:
            log.append(f"{name} sale: the deed deck is empty, nothing is for sale.")
            s = evolve(s, season=season, lots=())
            return (
                self.start_sale(s, 1, rng, log) if season == 0 else self.start_permits(s, rng, log)
            )
        offered = ", ".join(
            f"{lot_text(lot)} ({self.economy.deed_price * bd.popcount(lot)})" for lot in lots
        )
        log.append(f"{name} sale: lots {offered}. Everyone bribes, sealed.")
        return evolve(
            s,
            phase=Phase.BRIBE,
            season=season,
            lots=lots,
            deed_deck=deck,
            sealed=SealedCommits.open(tuple(range(self.players))),
            bribes=(),
            lobbied=False,
            queue=(),
        )

    def cards_in_hand(self, player: Player) -> int:
        return bd.popcount(player.deeds) + sum(player.permits)

    def bribe_order(self, s: State, bribes: tuple[int, ...], rng: Rng) -> tuple[int, ...]:
        """Highest bribe first; ties: fewest cards in hand, then a seeded draw (the engine's rock,
        paper, scissors)."""
        keys = {
            seat: (-bribes[seat], self.cards_in_hand(s.players[seat]))
            for seat in range(self.players)
        }
        order: list[int] = []
        for key in sorted(set(keys.values())):
            group = [seat for seat in range(self.players) if keys[seat] == key]
            if len(group) > 1:
                group = rng.shuffled(group)
            order.extend(group)
        return tuple(order)

    def reveal_bribes(
        self, s: State, sealed: SealedCommits[Any], rng: Rng, log: list[str]
    ) -> State:
        revealed = sealed.revealed()
        bribes = tuple(int(revealed[seat]) for seat in range(self.players))
        order = self.bribe_order(s, bribes, rng)
        shown = ", ".join(f"{self.who(seat)} {bribes[seat]}" for seat in order)
        log.append(f"Bribes revealed: {shown}.")
        queue = tuple(seat for seat in order if sum(s.players[seat].permits))
        s = evolve(s, phase=Phase.SALE_LOBBY, sealed=None, bribes=bribes, order=order, queue=queue)
        if not queue:
            return self.finish_lobby(s, rng, log)
        return s

    def finish_lobby(self, s: State, rng: Rng, log: list[str]) -> State:
        order = self.bribe_order(s, s.bribes, rng) if s.lobbied else s.order
        players = tuple(
            evolve_player(p, cash=p.cash - s.bribes[seat], counted=p.counted - s.bribes[seat])
            for seat, p in enumerate(s.players)
        )
        log.append(
            f"Bribes paid to the bank ({sum(s.bribes)}); purchase order: "
            + ", ".join(self.who(seat) for seat in order)
            + "."
        )
        return evolve(
            s,
            phase=Phase.PURCHASE,
            players=players,
            bank=s.bank + sum(s.bribes),
            order=order,
            queue=order,
            bought=False,
        )

    def after_purchase(self, s: State, rng: Rng, log: list[str]) -> State:
        if not s.lots:
            return self.end_sale(s, rng, log)
        if not s.queue:
            if s.bought:
                return evolve(s, queue=s.order, bought=False)
            return self.end_sale(s, rng, log)
        return s

    def end_sale(self, s: State, rng: Rng, log: list[str]) -> State:
        if s.lots:
            returned = [p for lot in s.lots for p in set_bits(lot)]
            log.append(
                "Unsold lots go under the deed deck: "
                + ", ".join(lot_text(lot) for lot in s.lots)
                + "."
            )
            s = evolve(s, deed_deck=s.deed_deck + tuple(returned), lots=())
        s = evolve(s, queue=())
        if s.season == 0:
            return self.start_sale(s, 1, rng, log)
        return self.start_permits(s, rng, log)

    # -- permits between neighbours --------------------------------------------------------

    def slot_pair(self, slot: int) -> tuple[int, int]:
        """Slot ``k`` lies between seat ``k`` (its left permit) and seat ``k + 1`` (its right)."""
        return slot, (slot + 1) % self.players

    def seat_slots(self, seat: int) -> tuple[int, int]:
        """A seat's (left, right) permit slots; with two players both lie between the pair."""
        return seat, (seat - 1) % self.players

    def start_permits(self, s: State, rng: Rng, log: list[str]) -> State:
        deck = s.permit_deck
        slots = []
        for _ in range(self.players):
            if deck:
                slots.append(deck[0])
                deck = deck[1:]
            else:
                slots.append(-1)
        s = evolve(s, permit_deck=deck, slots=tuple(slots), bids=(), bid_flow=(0,) * self.players)
        if all(p < 0 for p in slots):
            log.append("Trading: the permit deck is empty, no permits to bid on.")
            return self.start_trade(evolve(s, slots=()), rng, log)
        shown = ", ".join(
            f"{self.who(a)}|{self.who(b)}: {cd.PERMIT_CODES[p]}"
            for k, p in enumerate(slots)
            if p >= 0
            for a, b in [self.slot_pair(k)]
        )
        log.append(f"Trading: permits between neighbours {shown}. Everyone bids, sealed.")
        bidders = tuple(
            seat
            for seat in range(self.players)
            if any(slots[k] >= 0 for k in self.seat_slots(seat))
        )
        return evolve(s, phase=Phase.PERMIT_BID, sealed=SealedCommits.open(bidders))

    def reveal_bids(self, s: State, sealed: SealedCommits[Any], rng: Rng, log: list[str]) -> State:
        revealed = sealed.revealed()
        bids = tuple(tuple(revealed.get(seat, (0, 0))) for seat in range(self.players))
        shown = ", ".join(
            f"{self.who(seat)} {bids[seat][0]}/{bids[seat][1]}" for seat in sorted(revealed)
        )
        log.append(f"Permit bids revealed (left/right): {shown}.")
        queue = tuple(
            seat for seat in s.order if seat in revealed and sum(s.players[seat].permits) > 0
        )
        s = evolve(s, phase=Phase.BID_LOBBY, sealed=None, bids=bids, queue=queue)
        if not queue:
            return self.resolve_bids(s, rng, log)
        return s

    def resolve_bids(self, s: State, rng: Rng, log: list[str]) -> State:
        players = list(s.players)
        flow = [0] * self.players
        tied = []
        deck = s.permit_deck
        counters = s.counters
        for k, permit in enumerate(s.slots):
            if permit < 0:
                continue
            a, b = self.slot_pair(k)
            x, y = s.bids[a][0], s.bids[b][1]
            if x == y:
                tied.append(k)
                continue
            winner, loser, price = (a, b, x) if x > y else (b, a, y)
            w, lo = players[winner], players[loser]
            players[winner] = evolve_player(
                w,
                cash=w.cash - price,
                counted=w.counted - price,
                permits=add_permit(w.permits, permit),
                known_permits=add_permit(w.known_permits, permit),
            )
            lo = players[loser]
            players[loser] = evolve_player(lo, cash=lo.cash + price, counted=lo.counted + price)
            flow[winner] -= price
            flow[loser] += price
            counters = count_up(counters, "permits_bid_won")
            log.append(
                f"{self.who(winner)} takes {cd.PERMIT_CODES[permit]} and pays {price} to "
                f"{self.who(loser)}."
            )
        s = evolve(s, players=tuple(players), bid_flow=tuple(flow), counters=counters)
        if tied:
            seats = sorted({seat for k in tied for seat in self.slot_pair(k)})
            shown = ", ".join(cd.PERMIT_CODES[s.slots[k]] for k in tied)
            log.append(f"Tied bids on {shown}: the pairs re-bid, sealed, no lower than before.")
            slots = tuple(p if k in tied else -1 for k, p in enumerate(s.slots))
            return evolve(
                s,
                phase=Phase.REBID,
                slots=slots,
                sealed=SealedCommits.open(tuple(seats)),
                queue=(),
                permit_deck=deck,
            )
        return self.start_trade(evolve(s, slots=(), permit_deck=deck), rng, log)

    def rebid_bounds(self, s: State, seat: int) -> tuple[tuple[int, int], tuple[int, int], int]:
        """Re-bid ranges: no lower than the first bid, never using cash bid on or gained from the
        permit on the other side."""
        left_slot, right_slot = self.seat_slots(seat)
        bid_left, bid_right = s.bids[seat]
        cash_at_bid = s.players[seat].cash - s.bid_flow[seat]
        left_tied = s.slots[left_slot] >= 0 and self.slot_pair(left_slot)[0] == seat
        right_tied = s.slots[right_slot] >= 0 and self.slot_pair(right_slot)[1] == seat
        left = (bid_left, cash_at_bid - bid_right) if left_tied else (0, 0)
        right = (bid_right, cash_at_bid - bid_left) if right_tied else (0, 0)
        return left, right, cash_at_bid

    def resolve_rebids(
        self, s: State, sealed: SealedCommits[Any], rng: Rng, log: list[str]
    ) -> State:
        rebids = sealed.revealed()
        players = list(s.players)
        deck = s.permit_deck
        counters = s.counters
        for k, permit in enumerate(s.slots):
            if permit < 0:
                continue
            a, b = self.slot_pair(k)
            x, y = rebids[a][0], rebids[b][1]
            if x == y:
                deck = (*deck, permit)
                counters = count_up(counters, "permits_tied_out")
                log.append(
                    f"Still tied at {x} on {cd.PERMIT_CODES[permit]}: it goes under the permit "
                    "deck and both keep their bids."
                )
                continue
            winner, loser, price = (a, b, x) if x > y else (b, a, y)
            w = players[winner]
            players[winner] = evolve_player(
                w,
                cash=w.cash - price,
                counted=w.counted - price,
                permits=add_permit(w.permits, permit),
                known_permits=add_permit(w.known_permits, permit),
            )
            lo = players[loser]
            players[loser] = evolve_player(lo, cash=lo.cash + price, counted=lo.counted + price)
            counters = count_up(counters, "permits_bid_won")
            log.append(
                f"Re-bids {x}/{y}: {self.who(winner)} takes {cd.PERMIT_CODES[permit]} and pays "
                f"{price} to {self.who(loser)}."
            )
        s = evolve(
            s, players=tuple(players), permit_deck=deck, sealed=None, slots=(), counters=counters
        )
        return self.start_trade(s, rng, log)

    # -- trading ----------------------------------------------------------------------------

    def start_trade(self, s: State, rng: Rng, log: list[str]) -> State:
        log.append("Trading: offers in turn until everyone passes.")
        s = evolve(
            s,
            phase=Phase.TRADE,
            sealed=None,
            offers_left=(self.offer_limit,) * self.players,
            passes=0,
            queue=s.order,
            offer=None,
        )
        return self.next_trader(s, rng, log)

    def next_trader(self, s: State, rng: Rng, log: list[str]) -> State:
        """The trade phase ends when every player has passed in a row (a player may always make
        another offer: ``offers_left`` bounds only the offers the bots consider)."""
        if s.passes >= self.players:
            return self.start_build(s, rng, log)
        return s

    def offer_is_feasible(self, s: State, offer: Offer) -> bool:
        """Whether the player offered to holds what is asked (the offerer always holds what they
        give: nothing changes between an offer and its answer)."""
        target = s.players[offer.to]
        if offer.cash < 0 and target.cash < -offer.cash:
            return False
        wanted = Counter(offer.want)
        for item, count in wanted.items():
            if item in bd.INDEX:
                if not target.deeds >> bd.INDEX[item] & 1:
                    return False
            elif target.permits[cd.PERMIT_INDEX[item]] < count:
                return False
        return True

    def execute_offer(self, s: State, offer: Offer, log: list[str]) -> State:
        players = list(s.players)
        giver, taker = players[offer.seat], players[offer.to]
        give_deeds = bd.mask_of(bd.INDEX[i] for i in offer.give if i in bd.INDEX)
        want_deeds = bd.mask_of(bd.INDEX[i] for i in offer.want if i in bd.INDEX)
        give_permits = Counter(cd.PERMIT_INDEX[i] for i in offer.give if i not in bd.INDEX)
        want_permits = Counter(cd.PERMIT_INDEX[i] for i in offer.want if i not in bd.INDEX)

        def move(
            player: Player,
            lose_deeds: int,
            lose: Counter[int],
            gain_deeds: int,
            gain: Counter[int],
            cash: int,
        ) -> Player:
            permits = list(player.permits)
            known = list(player.known_permits)
            for permit, count in lose.items():
                permits[permit] -= count
                known[permit] = max(0, known[permit] - count)
            for permit, count in gain.items():
                permits[permit] += count
                known[permit] += count
            deeds = (player.deeds & ~lose_deeds) | gain_deeds
            return evolve_player(
                player,
                deeds=deeds,
                permits=tuple(permits),
                cash=player.cash + cash,
                counted=player.counted + cash,
                known_deeds=(player.known_deeds & ~lose_deeds) | gain_deeds,
                known_permits=tuple(known),
            )

        players[offer.seat] = move(
            giver, give_deeds, give_permits, want_deeds, want_permits, -offer.cash
        )
        players[offer.to] = move(
            taker, want_deeds, want_permits, give_deeds, give_permits, offer.cash
        )
        return evolve(s, players=tuple(players), counters=count_up(s.counters, "trades"))

    # -- building ---------------------------------------------------------------------------

    def start_build(self, s: State, rng: Rng, log: list[str]) -> State:
        builders = tuple(
            seat
            for seat in range(self.players)
            if sum(s.players[seat].permits) and s.players[seat].deeds
        )
        s = evolve(
            s,
            phase=Phase.BUILD,
            queue=(),
            offer=None,
            drafts=((),) * self.players,
            claims=(),
            pending=(),
        )
        if not builders:
            log.append("Building: nobody can commission anything.")
            return self.resolve_build(evolve(s, sealed=None), {}, rng, log)
        log.append("Building: everyone fills a commission pouch, sealed.")
        return evolve(s, sealed=SealedCommits.open(builders))

    def requisition_area(self, s: State, seat: int, permit: int) -> int:
        """The plots a requisition may name (before joining): AIR BASE any free land plot in play,
        SEWAGE REPROCESSOR a river plot in play; never a plot whose deed the player holds."""
        player = s.players[seat]
        free = self.region & ~s.city.built & ~player.deeds
        if permit == cd.AIR_BASE_PERMIT:
            return free & ~s.city.river_all & ~s.city.marsh
        return free & s.city.river_all

    def requisition_options(self, s: State, seat: int, item: Commission, named: int) -> int:
        area = self.requisition_area(s, seat, item.permit) & ~named
        deeds = bd.mask_of(item.cells)
        options = 0
        for r in set_bits(area & bd.neighbourhood(deeds)):
            if len(item.cells) + 1 <= cd.MAX_PLOTS and bd.is_connected(deeds | 1 << r):
                options |= 1 << r
        return options

    def start_requisitions(
        self, s: State, sealed: SealedCommits[Any], rng: Rng, log: list[str]
    ) -> State:
        pouches = sealed.revealed()
        pending = tuple(
            (seat, item)
            for seat in s.order
            for item in pouches.get(seat, ())
            if item.permit in (cd.AIR_BASE_PERMIT, cd.SEWAGE_PERMIT)
        )
        log.append("All pouches are sealed.")
        s = evolve(s, sealed=sealed, pending=pending, claims=())
        return self.next_requisition(s, rng, log)

    def named_by(self, s: State, seat: int) -> int:
        return bd.mask_of(plot for who, _, plot in s.claims if who == seat and plot >= 0)

    def next_requisition(self, s: State, rng: Rng, log: list[str]) -> State:
        assert s.sealed is not None
        pouches = s.sealed.revealed()
        while s.pending:
            seat, item = s.pending[0]
            if self.requisition_options(s, seat, item, self.named_by(s, seat)):
                return evolve(s, phase=Phase.REQUISITION)
            # Nothing to name: nothing is said (the pouch is still closed); it goes back when
            # the pouches are opened.
            s = evolve(s, claims=(*s.claims, (seat, item, -1)), pending=s.pending[1:])
        return self.resolve_build(s, pouches, rng, log)

    def resolve_build(self, s: State, pouches: dict[int, Any], rng: Rng, log: list[str]) -> State:
        items = [(seat, item) for seat in s.order for item in pouches.get(seat, ())]
        claim_of = {(seat, item): plot for seat, item, plot in s.claims}
        returned: set[tuple[int, Commission]] = set()
        # Requisition conflicts: the same plot named twice, or a plot someone else commissions.
        named = Counter(plot for _, _, plot in s.claims if plot >= 0)
        for seat, claimed, plot in s.claims:
            if plot < 0:
                returned.add((seat, claimed))
                log.append(
                    f"{self.who(seat)}'s {cd.PERMIT_CODES[claimed.permit]} finds no free plot to "
                    "requisition."
                )
                continue
            if named[plot] > 1 or any(
                other != seat and plot in item.cells for other, item in items
            ):
                returned.add((seat, claimed))
                log.append(f"{self.who(seat)}'s requisition of {LABELS[plot]} conflicts.")
        # Coloured blocks, in bribe order: a commission the box cannot supply goes back.
        used = coloured_in_use(s.city)
        by_id = {b.id: b for b in s.city.buildings}
        for seat, item in items:
            if (seat, item) in returned:
                continue
            kind = by_id[item.extends].kind if item.extends >= 0 else cd.KIND_OF_PERMIT[item.permit]
            limit = self.coloured_blocks[kind]
            if limit < 0:
                continue
            need = len(item.cells) + (1 if claim_of.get((seat, item), -1) >= 0 else 0)
            if used[kind] + need > limit:
                returned.add((seat, item))
                log.append(
                    f"{self.who(seat)}'s {cd.KIND_NAMES[kind]} needs {need} coloured blocks; "
                    f"the box has {limit - used[kind]} left."
                )
                continue
            used[kind] += need
        # Place the buildings and extensions.
        players = list(s.players)
        buildings = {b.id: b for b in s.city.buildings}
        building_order = [b.id for b in s.city.buildings]
        next_id = s.city.next_id
        deck = s.deed_deck
        permit_deck = s.permit_deck
        counters = s.counters
        built_text: list[tuple[int, str]] = []
        for seat, item in items:
            player = players[seat]
            if (seat, item) in returned:
                permit_code = cd.permit_title(item.permit)
                log.append(
                    f"{self.who(seat)} takes back {permit_code} with {cells_text(item.cells)}."
                )
                players[seat] = evolve_player(
                    player,
                    known_deeds=player.known_deeds | bd.mask_of(item.cells),
                    known_permits=add_permit(player.known_permits, item.permit)
                    if player.known_permits[item.permit] < player.permits[item.permit]
                    else player.known_permits,
                )
                counters = count_up(counters, "commissions_returned")
                continue
            cells = set(item.cells)
            claim = claim_of.get((seat, item), -1)
            if claim >= 0:
                cells.add(claim)
                if not s.city.river_all >> claim & 1:
                    # The requisitioned deed comes from the deck or from whoever holds it.
                    if claim in deck:
                        deck = tuple(p for p in deck if p != claim)
                    else:
                        for other in range(self.players):
                            holder = players[other]
                            if holder.deeds >> claim & 1:
                                players[other] = evolve_player(
                                    holder,
                                    deeds=holder.deeds & ~(1 << claim),
                                    known_deeds=holder.known_deeds & ~(1 << claim),
                                )
                                log.append(
                                    f"{self.who(other)} loses the deed of {LABELS[claim]} to the "
                                    "requisition."
                                )
            deeds = bd.mask_of(item.cells)
            player = players[seat]
            players[seat] = evolve_player(
                player,
                deeds=player.deeds & ~deeds,
                known_deeds=player.known_deeds & ~deeds,
                permits=add_permit(player.permits, item.permit, -1),
                known_permits=drop_known(player.known_permits, item.permit),
            )
            permit_deck = (*permit_deck, item.permit)
            if item.extends >= 0:
                old = buildings[item.extends]
                buildings[item.extends] = replace(old, cells=tuple(sorted({*old.cells, *cells})))
                counters = count_up(counters, "extensions")
                built_text.append(
                    (
                        item.extends,
                        f"{self.who(seat)} extends building #{item.extends} with "
                        f"{cells_text(sorted(cells))}",
                    )
                )
            else:
                kind = cd.KIND_OF_PERMIT[item.permit]
                buildings[next_id] = Building(next_id, seat, kind, tuple(sorted(cells)))
                building_order.append(next_id)
                counters = count_up(counters, "buildings_built")
                built_text.append(
                    (
                        next_id,
                        f"{self.who(seat)} builds #{next_id} {cd.KIND_NAMES[kind]} on "
                        f"{cells_text(sorted(cells))}",
                    )
                )
                next_id += 1
        city = replace(s.city, next_id=next_id)
        city = self.rescore(city, tuple(buildings[b] for b in building_order))
        for building_id, text in built_text:
            log.append(f"{text} (income {city.income_of(building_id)}).")
        s = evolve(
            s,
            players=tuple(players),
            city=city,
            deed_deck=deck,
            permit_deck=permit_deck,
            counters=counters,
            sealed=None,
            drafts=((),) * self.players,
            pending=(),
            claims=(),
        )
        return self.end_year(s, rng, log)

    def update_incomes(self, s: State, log: list[str]) -> State:
        """After the build: marker to the rail's start (10) + income blocks (at most the rail's
        top, 50), never below the highest roundabout reached; each roundabout newly passed pays
        a heavy briefcase from the bank."""
        players = list(s.players)
        bank = s.bank
        moves = []
        for seat, player in enumerate(players):
            target = min(self.economy.rail_top, self.economy.rail_start + s.city.blocks[seat])
            marker = max(player.floor, target)
            passed = sum(1 for r in self.roundabouts if player.floor < r <= marker)
            bonus = 0
            for _ in range(passed):
                if bank >= self.economy.roundabout_bonus:
                    bank -= self.economy.roundabout_bonus
                    bonus += self.economy.roundabout_bonus
            players[seat] = evolve_player(
                player,
                marker=marker,
                floor=max(player.floor, self.floor_for(marker)),
                cash=player.cash + bonus,
                counted=player.counted + bonus,
            )
            extra = (
                f" (+{bonus} for {passed} roundabout{'s' if passed > 1 else ''})" if passed else ""
            )
            moves.append(f"{self.who(seat)} {marker}{extra}")
        log.append("Income rail: " + ", ".join(moves) + ".")
        return evolve(s, players=tuple(players), bank=bank)

    def end_year(self, s: State, rng: Rng, log: list[str]) -> State:
        s = self.update_incomes(s, log)
        if not s.deed_deck:
            log.append("The deed deck is empty: Milton Keynes is a city. The game ends.")
            return evolve(
                s, phase=Phase.OVER, ended="the deed deck is empty after a build", queue=()
            )
        stall = s.stall + 1 if len(s.deed_deck) >= s.deck_mark else 0
        if stall >= self.stall_years:
            log.append(
                f"The deed deck has not shrunk for {stall} years: the game stops "
                "(engine safety stop)."
            )
            return evolve(s, phase=Phase.OVER, ended=SAFETY_STOP, stall=stall, queue=())
        return self.start_year(evolve(s, year=s.year + 1, stall=stall), rng, log)

    # -- legal moves --------------------------------------------------------------------------

    def to_act(self, s: State) -> tuple[int, ...]:
        phase = s.phase
        if phase == Phase.OVER:
            return ()
        if s.sealed is not None and phase in (
            Phase.BRIBE,
            Phase.PERMIT_BID,
            Phase.REBID,
            Phase.BUILD,
        ):
            return s.sealed.pending
        if phase == Phase.TRADE_REPLY:
            assert s.offer is not None
            return (s.offer.to,)
        if phase == Phase.REQUISITION:
            return (s.pending[0][0],)
        return s.queue[:1]

    def legal(self, s: State, seat: int) -> Sequence[Any]:
        phase = s.phase
        player = s.players[seat]
        if phase == Phase.BRIBE:
            return (AmountRange(Bribe(seat, 0), 0, player.cash),)
        if phase == Phase.PURCHASE:
            buys: list[Action] = [Pass(seat)]
            for lot in s.lots:
                if self.economy.deed_price * bd.popcount(lot) <= player.cash:
                    buys.append(Buy(seat, LABELS[(lot & -lot).bit_length() - 1]))
            return buys
        if phase == Phase.SALE_LOBBY:
            if player.permits[cd.LOBBY]:
                return (Pass(seat), AmountRange(Lobby(seat, 0), 0, player.cash))
            return (Pass(seat),)
        if phase == Phase.PERMIT_BID:
            left_slot, right_slot = self.seat_slots(seat)
            cash = player.cash
            left = (0, cash) if s.slots[left_slot] >= 0 else (0, 0)
            right = (0, cash) if s.slots[right_slot] >= 0 else (0, 0)
            return PairSet(BidPermits, seat, left, right, cash)
        if phase == Phase.BID_LOBBY:
            if not player.permits[cd.LOBBY]:
                return (Pass(seat),)
            left_slot, right_slot = self.seat_slots(seat)
            cash = player.cash
            left = (0, cash) if s.slots[left_slot] >= 0 else (0, 0)
            right = (0, cash) if s.slots[right_slot] >= 0 else (0, 0)
            return PairSet(LobbyBids, seat, left, right, cash, extra=Pass(seat))
        if phase == Phase.REBID:
            left, right, total = self.rebid_bounds(s, seat)
            return PairSet(Rebid, seat, left, right, total)
        if phase == Phase.TRADE:
            return self.offers(s, seat)
        if phase == Phase.TRADE_REPLY:
            assert s.offer is not None
            if self.offer_is_feasible(s, s.offer):
                return (Decline(seat), Accept(seat))
            return (Decline(seat),)
        if phase == Phase.BUILD:
            return ListSet([Seal(seat), *self.commissions(s, seat)])
        if phase == Phase.REQUISITION:
            assert s.sealed is not None
            _, item = s.pending[0]
            options = self.requisition_options(s, seat, item, self.named_by(s, seat))
            return [Requisition(seat, LABELS[p]) for p in set_bits(options)]
        if phase == Phase.BEFORE_COLLECTION:
            moves: list[Action] = [Pass(seat)]
            if player.permits[cd.INQUIRY] and player.marker < self.economy.rail_top:
                moves.append(Inquiry(seat))
            if player.permits[cd.DEMOLISH]:
                for b in s.city.buildings:
                    for p in demolishable(b):
                        moves.append(Demolish(seat, LABELS[p], False))
                        if (
                            b.owner != seat
                            and not s.city.river_all >> p & 1
                            and player.cash >= self.economy.demolish_price
                        ):
                            moves.append(Demolish(seat, LABELS[p], True))
            return moves
        if phase == Phase.AFTER_COLLECTION:
            moves = [Pass(seat)]
            if player.permits[cd.REDEVELOP]:
                for b in s.city.buildings:
                    if b.owner == seat:
                        moves.append(Redevelop(seat, LABELS[b.anchor]))
            return moves
        if phase == Phase.CHARACTERS:
            taken = set(s.characters)
            return [
                ChooseCharacter(seat, c.code)
                for i, c in enumerate(self.characters)
                if i not in taken
            ]
        if phase == Phase.RIVER:
            return [PlaceRiver(seat, LABELS[p]) for p in self.river_options(s.river_path)]
        if phase == Phase.MARSH:
            return [PlaceMarsh(seat, LABELS[p]) for p in self.marsh_options(s.city)]
        return ()

    def offers(self, s: State, seat: int) -> OfferSet:
        player = s.players[seat]
        wantable = self.deeds_in_game(s.city) & ~s.city.built & ~player.deeds
        targets = tuple(t for t in range(self.players) if t != seat)
        ask = self.economy.bank_total - player.cash
        return OfferSet(
            Pass(seat),
            seat,
            targets,
            give_pool(player.deeds, player.permits),
            want_pool(wantable, self.offer_cards, self.permit_counts),
            player.cash,
            ask,
            self.offer_cards,
            want_full=want_pool(wantable, 0, self.permit_counts),
            enumerate_offers=s.offers_left[seat] > 0,
        )

    # -- commissions ----------------------------------------------------------------------

    def reserved(self, s: State, seat: int) -> tuple[int, list[int], int, set[int], list[int]]:
        """What a seat's pouch already holds: deeds, permits, new buildings, extended ids, and
        coloured blocks by kind."""
        deeds = 0
        permits = [0] * cd.PERMIT_TYPES
        new = 0
        extended: set[int] = set()
        blocks = [0] * 7
        by_id = {b.id: b for b in s.city.buildings}
        for item in s.drafts[seat]:
            deeds |= bd.mask_of(item.cells)
            permits[item.permit] += 1
            if item.extends >= 0:
                extended.add(item.extends)
                blocks[by_id[item.extends].kind] += len(item.cells)
            else:
                new += 1
                blocks[cd.KIND_OF_PERMIT[item.permit]] += len(item.cells)
        return deeds, permits, new, extended, blocks

    def commissions(self, s: State, seat: int) -> list[Action]:
        player = s.players[seat]
        deeds_reserved, permits_reserved, new, extended, blocks_reserved = self.reserved(s, seat)
        available = player.deeds & ~deeds_reserved
        used = coloured_in_use(s.city)
        found: list[Action] = []
        if not available:
            return found
        if new < cd.MAX_NEW_BUILDINGS:
            cache: dict[int, list[int]] = {}
            for permit in range(cd.PERMIT_TYPES):
                if permit == cd.EXTENSION or player.permits[permit] <= permits_reserved[permit]:
                    continue
                kind = cd.KIND_OF_PERMIT[permit]
                room = cd.KIND_MAX_PLOTS[kind]
                if self.coloured_blocks[kind] >= 0:
                    room = min(
                        room, self.coloured_blocks[kind] - used[kind] - blocks_reserved[kind]
                    )
                code = cd.PERMIT_CODES[permit]
                if kind in (cd.AIR_BASE, cd.SEWAGE):
                    area = self.requisition_area(s, seat, permit) & bd.neighbourhood(available)
                    sets = sorted(sets_with_one_extra(available, area, room))
                else:
                    if room not in cache:
                        cache[room] = connected_sets(available, room)
                    sets = cache[room]
                for mask in sets:
                    found.append(Build(seat, code, tuple(LABELS[p] for p in set_bits(mask))))
        if player.permits[cd.EXTENSION] > permits_reserved[cd.EXTENSION]:
            for b in s.city.buildings:
                if b.owner != seat or b.kind == cd.COMMONS or b.id in extended:
                    continue
                room = cd.KIND_MAX_PLOTS[b.kind] - len(b.cells)
                if self.coloured_blocks[b.kind] >= 0:
                    room = min(
                        room, self.coloured_blocks[b.kind] - used[b.kind] - blocks_reserved[b.kind]
                    )
                if room <= 0:
                    continue
                for mask in connected_supersets(b.mask, available, room):
                    if mask:
                        found.append(
                            Extend(
                                seat,
                                LABELS[b.anchor],
                                tuple(LABELS[p] for p in set_bits(mask)),
                            )
                        )
        return found

    # -- advanced set-up: the river and the marshes -----------------------------------------

    def river_options(self, path: tuple[int, ...]) -> list[int]:
        if not path:
            return [
                p
                for p in set_bits(bd.EDGE_MASK & bd.EXISTS)
                if self._completes(p, (0, 0), self.map.river_tiles - 1, self._start_edges(p))
            ]
        starts = self._start_edges(path[0])
        last = path[-1]
        direction = self._step(path[-2], last) if len(path) > 1 else (0, 0)
        remaining = self.map.river_tiles - len(path)
        return [
            p
            for p in self._river_steps(last, direction, starts, set(path))
            if self._completes(p, self._step(last, p), remaining - 1, starts)
        ]

    @staticmethod
    def _start_edges(plot: int) -> tuple[int, ...]:
        return tuple(e for e, mask in enumerate(bd.EDGES) if mask >> plot & 1)

    @staticmethod
    def _step(a: int, b: int) -> tuple[int, int]:
        return (bd.row_of(b) - bd.row_of(a), bd.column_of(b) - bd.column_of(a))

    @staticmethod
    def _edge_distance(plot: int, edge: int) -> int:
        r, c = bd.row_of(plot), bd.column_of(plot)
        return (r, len(bd.ROWS) - 1 - r, c, bd.COLUMNS - 1 - c)[edge]

    def _river_steps(
        self, last: int, direction: tuple[int, int], starts: tuple[int, ...], taken: set[int]
    ) -> list[int]:
        found = []
        r, c = bd.row_of(last), bd.column_of(last)
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                if dr == dc == 0:
                    continue
                rr, cc = r + dr, c + dc
                if not (0 <= rr < len(bd.ROWS) and 0 <= cc < bd.COLUMNS):
                    continue
                p = rr * bd.COLUMNS + cc
                if p == bd.MISSING or p in taken:
                    continue
                if direction != (0, 0) and direction[0] * dr + direction[1] * dc <= 0:
                    continue  # no right-angle corners (nor sharper turns)
                if any(self._edge_distance(p, e) < self._edge_distance(last, e) for e in starts):
                    continue  # never back towards the starting edge
                found.append(p)
        return found

    def _finished(self, plot: int, starts: tuple[int, ...]) -> bool:
        return any(bd.EDGES[e] >> plot & 1 for e in range(4) if e not in starts)

    def _completes(
        self, plot: int, direction: tuple[int, int], remaining: int, starts: tuple[int, ...]
    ) -> bool:
        if self._finished(plot, starts):
            return True
        return self._completes_from(plot, direction, remaining, starts)

    def _completes_from(
        self, plot: int, direction: tuple[int, int], remaining: int, starts: tuple[int, ...]
    ) -> bool:
        key = (plot, direction, remaining, starts)
        memo = self._river_memo
        if key in memo:
            return memo[key]
        result = False
        if remaining > 0:
            for p in self._river_steps(plot, direction, starts, {plot}):
                if self._completes(p, self._step(plot, p), remaining - 1, starts):
                    result = True
                    break
        memo[key] = result
        return result

    # Whether a river can still reach another edge, by (plot, last step, tiles left, start edges):
    # pure geometry, shared by every game.
    _river_memo: ClassVar[dict[tuple[int, tuple[int, int], int, tuple[int, ...]], bool]] = {}

    def river_done(self, path: tuple[int, ...]) -> bool:
        return len(path) > 1 and self._finished(path[-1], self._start_edges(path[0]))

    def marsh_cells(self, plot: int) -> int | None:
        r, c = bd.row_of(plot), bd.column_of(plot)
        if r + self.map.marsh_side > len(bd.ROWS) or c + self.map.marsh_side > bd.COLUMNS:
            return None
        mask = 0
        for dr in range(self.map.marsh_side):
            for dc in range(self.map.marsh_side):
                mask |= 1 << ((r + dr) * bd.COLUMNS + c + dc)
        return mask if mask & bd.EXISTS == mask else None

    def marsh_options(self, city: CityMap) -> list[int]:
        found = []
        for p in range(bd.SIZE):
            cells = self.marsh_cells(p)
            if cells is None or cells & (city.river_all | city.marsh) or not cells & bd.EDGE_MASK:
                continue
            found.append(p)
        return found

    def counters_dict(self, s: State) -> dict[str, float]:
        return {name: float(s.counters[i]) for i, name in enumerate(COUNTERS)}
