"""Milton Keynes for reinforcement learning: a seat's view as numbers, and the table of its moves.

The observation holds the map plot by plot, what the seat knows of each seat's cards, its own
hand, cash and sealed commits, and the public state of the sale, the permit auction and the
trade; seats are counted from the observer. Moves with several amounts or card sets are many:
their ids stand for evenly spread representatives (``docs/rl.md``). Offers are looked up by
position in the game's ranked offer set, so a turn with thousands of possible offers costs only
the ids it has.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tycoon.core import AmountRange, Game
from tycoon.core.encoding import (
    ActionKind,
    Encoding,
    FeatureSlice,
    LegalIds,
    bucketed,
    relative_seat,
    rotate,
)
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
from tycoon.games.milton_keynes.board import LABELS, SIZE
from tycoon.games.milton_keynes.cards import CHARACTERS, KIND_NAMES, PERMIT_CODES, PERMIT_TYPES
from tycoon.games.milton_keynes.legal import OfferSet
from tycoon.games.milton_keynes.scoring import Building
from tycoon.games.milton_keynes.state import Phase
from tycoon.games.milton_keynes.view import View

AMOUNT_BUCKETS = 8  # bribes and LOBBY
PAIR_LEFTS = 5  # permit bids: left amounts spread over the legal ones
PAIR_RIGHTS = 5  # ... and right amounts bucketed for each
OFFER_SLOTS = 8  # offers to a seat, evenly spread over the ranked offer set
OFFER_CASH = 3  # cash of an offer: asked most, midway, given most
COMMISSION_SLOTS = 8  # commissions per permit, evenly spread
EXTENSION_SLOTS = 8
COUNTERS = 12
PHASES = {phase.name.lower(): phase.value for phase in Phase}


class MiltonKeynesEncoding(Encoding[View]):
    def __init__(self, game: Game[Any, Any, View]) -> None:
        super().__init__(game)
        players = game.players
        kinds = len(KIND_NAMES)
        characters = len(CHARACTERS)
        slices = [
            FeatureSlice("phase", len(Phase), "one-hot, in the game's order of phases"),
            FeatureSlice("year", 2, "year and season"),
            FeatureSlice(
                "characters",
                players * characters,
                "per seat from the observer: one-hot character (none yet: all 0)",
            ),
            FeatureSlice(
                "building kind",
                SIZE * kinds,
                "per plot (A1, A2, ...), per building "
                "kind: 1 if a building of that kind stands there",
            ),
            FeatureSlice(
                "building owner",
                SIZE * players,
                "per plot, per seat from the observer: 1 if that seat's building stands there",
            ),
            FeatureSlice("river", SIZE, "per plot: 1 for river"),
            FeatureSlice("marsh", SIZE, "per plot: 1 for marsh"),
            FeatureSlice("own deeds", SIZE, "per plot: 1 if the observer holds its deed"),
            FeatureSlice(
                "known deeds",
                players * SIZE,
                "per seat from the observer, per plot: 1 if that seat is known to hold the deed",
            ),
            FeatureSlice("on sale", SIZE, "per plot: 1 if it is in a lot on sale"),
            FeatureSlice(
                "seat figures",
                players * 7,
                "per seat from the observer: income, "
                "markers, floors, blocks, deeds held, permits held, offers left",
            ),
            FeatureSlice(
                "known permits",
                players * PERMIT_TYPES,
                "per seat from the observer, per permit: how many it is known to hold",
            ),
            FeatureSlice("cash", 1, "the observer's cash"),
            FeatureSlice("hand permits", PERMIT_TYPES, "the observer's permits, per permit"),
            FeatureSlice("decks", 2, "deeds and permits left to draw"),
            FeatureSlice(
                "queue", players, "one-hot: the seat at the head of the queue, from the observer"
            ),
            FeatureSlice(
                "order",
                players,
                "per seat from the observer: its place in the bribe "
                "order (0 first), -1 if not in it",
            ),
            FeatureSlice(
                "bribes", players, "revealed bribes per seat from the observer, -1 for none"
            ),
            FeatureSlice(
                "sealed",
                2 * players + 1,
                "per seat from the observer: in the sealed "
                "step, has committed; then the observer's own commit is made (1/0)",
            ),
            FeatureSlice("pouch", 1, "commissions in the observer's pouch being filled"),
            FeatureSlice("purchase", 2, "bought a lot, played LOBBY (1/0)"),
            FeatureSlice(
                "permit slots",
                players,
                "the permit between seat k and k+1 (index + 1, 0 for none), from the observer",
            ),
            FeatureSlice(
                "permit bids",
                2 * players,
                "revealed (left, right) bids per seat from the observer, -1 for none",
            ),
            FeatureSlice("bid flow", players, "per seat from the observer"),
            FeatureSlice(
                "offer",
                2 * players + 3,
                "the offer on the table: one-hot offerer and "
                "one-hot receiver from the observer, cash, cards given, cards wanted",
            ),
            FeatureSlice("passes", 1, "passes in a row in the trade"),
            FeatureSlice("requisitioner", players, "one-hot, from the observer"),
            FeatureSlice("claims", 1, "requisitions named so far"),
            FeatureSlice("stall", 2, "stalled years and the deck mark"),
            FeatureSlice("counters", COUNTERS, "the game's running statistics counters"),
        ]
        plots = tuple(LABELS)
        seats = tuple(range(players))
        table = [
            ActionKind(ChooseCharacter, (("character", tuple(c.code for c in CHARACTERS)),)),
            ActionKind(PlaceRiver, (("plot", plots),)),
            ActionKind(PlaceMarsh, (("plot", plots),)),
            ActionKind(Inquiry),
            ActionKind(Demolish, (("plot", plots), ("buy", (False, True)))),
            ActionKind(Redevelop, (("plot", plots),)),
            ActionKind(Pass),
            ActionKind(Bribe, amount="amount", buckets=AMOUNT_BUCKETS),
            ActionKind(Lobby, amount="amount", buckets=AMOUNT_BUCKETS),
            ActionKind(Buy, (("plot", plots),)),
            ActionKind(BidPermits, slots=PAIR_LEFTS, amount="right", buckets=PAIR_RIGHTS),
            ActionKind(LobbyBids, slots=PAIR_LEFTS, amount="right", buckets=PAIR_RIGHTS),
            ActionKind(Rebid, slots=PAIR_LEFTS, amount="right", buckets=PAIR_RIGHTS),
            ActionKind(
                Offer, (("to", seats),), slots=OFFER_SLOTS, amount="cash", buckets=OFFER_CASH
            ),
            ActionKind(Accept),
            ActionKind(Decline),
            ActionKind(Build, (("permit", PERMIT_CODES),), slots=COMMISSION_SLOTS),
            ActionKind(Extend, slots=EXTENSION_SLOTS),
            ActionKind(Seal),
            ActionKind(Requisition, (("plot", plots),)),
        ]
        self.define(slices, table)
        self._players = players
        self._offer_base = {target: self.base_id(Offer, (target,)) for target in seats}

    def legal_ids(self, legal: Sequence[Any]) -> LegalIds:
        if not isinstance(legal, OfferSet) or len(legal) <= 1 + OFFER_SLOTS * len(legal.targets):
            return super().legal_ids(legal)
        # Offers are ranked target by target: pick evenly spread ones by position.
        found = super().legal_ids([legal[0]])
        entries = found.entries
        per_target = (len(legal) - 1) // len(legal.targets)
        for number, target in enumerate(legal.targets):
            first = 1 + number * per_target
            for slot in range(OFFER_SLOTS):
                choice = legal[first + round(slot * (per_target - 1) / (OFFER_SLOTS - 1))]
                base = self._offer_base[target] + slot * OFFER_CASH
                if isinstance(choice, AmountRange):
                    for bucket in range(OFFER_CASH):
                        entries[base + bucket] = bucketed(choice, bucket, OFFER_CASH)
                else:
                    entries[base] = choice
        return found

    def features(self, view: View) -> list[float]:
        players = self._players
        seat = view.seat
        out = self.writer(seat)
        out.one_hot(PHASES.get(view.phase, -1), len(Phase))
        out.extend([view.year, view.season])
        for character in _per_seat(view.characters, seat, players, -1):
            out.one_hot(int(character), len(CHARACTERS))
        buildings = view.buildings
        out.part("buildings", buildings, lambda: self._buildings(buildings, seat))
        river, marsh = view.river_all, view.marsh
        out.part("river", river, lambda: _plot_bits(river), shared=True)
        out.part("marsh", marsh, lambda: _plot_bits(marsh), shared=True)
        out.values.extend(_plot_bits(view.hand_deeds))
        for known in _per_seat(view.known_deeds, seat, players, ()):
            out.values.extend(_plot_bits(known))
        out.values.extend(_plot_bits([cell for lot in view.lots for cell in lot]))
        figures = (
            view.incomes,
            view.markers,
            view.floors,
            view.blocks,
            view.deed_counts,
            view.permit_counts,
            view.offers_left,
        )
        for other in range(players):
            for figure in figures:
                values = _per_seat(figure, seat, players, -1)
                out.add(values[other])
        for permits in _per_seat(view.known_permits, seat, players, ()):
            out.padded(permits, PERMIT_TYPES, fill=0)
        out.add(view.cash)
        out.padded(view.hand_permits, PERMIT_TYPES, fill=0)
        out.extend([view.deed_deck, view.permit_deck])
        out.one_hot(relative_seat(view.queue[0], seat, players) if view.queue else -1, players)
        places = [-1] * players
        for place, other in enumerate(view.order):
            places[relative_seat(other, seat, players)] = place
        out.extend(places)
        out.extend(_per_seat(view.bribes, seat, players, -1))
        sealed = view.sealed
        in_step = [0.0] * players
        committed = [0.0] * players
        if sealed is not None:
            for other in sealed.seats:
                in_step[relative_seat(other, seat, players)] = 1.0
            for other in sealed.committed:
                committed[relative_seat(other, seat, players)] = 1.0
        out.values.extend(in_step)
        out.values.extend(committed)
        out.add(sealed is not None and sealed.own is not None)
        out.add(len(view.draft))
        out.extend([view.bought, view.lobbied])
        out.extend([permit + 1 for permit in _per_seat(view.slots, seat, players, -1)])
        for pair in _per_seat(view.bids, seat, players, (-1, -1)):
            out.extend(list(pair))
        out.extend(_per_seat(view.bid_flow, seat, players, 0))
        offer = view.offer
        if offer is None:
            out.values.extend([0.0] * (2 * players) + [0.0, 0.0, 0.0])
        else:
            out.one_hot(relative_seat(offer.seat, seat, players), players)
            out.one_hot(relative_seat(offer.to, seat, players), players)
            out.extend([offer.cash, len(offer.give), len(offer.want)])
        out.add(view.passes)
        out.one_hot(relative_seat(view.requisitioner, seat, players), players)
        out.add(len(view.claims))
        out.extend([view.stall, view.deck_mark])
        out.padded(view.counters, COUNTERS, fill=0)
        return out.values

    def _buildings(self, buildings: tuple[Building, ...], seat: int | None) -> list[float]:
        players = self._players
        kinds = len(KIND_NAMES)
        kind_at = [0.0] * (SIZE * kinds)
        owner_at = [0.0] * (SIZE * players)
        for building in buildings:
            owner = relative_seat(building.owner, seat, players)
            for cell in building.cells:
                kind_at[cell * kinds + building.kind] = 1.0
                if owner >= 0:
                    owner_at[cell * players + owner] = 1.0
        return kind_at + owner_at


def _plot_bits(cells: Sequence[int]) -> list[float]:
    row = [0.0] * SIZE
    for cell in cells:
        row[cell] = 1.0
    return row


def _per_seat(values: Sequence[Any], seat: int | None, players: int, fill: Any) -> list[Any]:
    """One value per seat from the observer (``fill`` while the game keeps none per seat)."""
    if len(values) != players:
        return [fill] * players
    return rotate(values, seat)
