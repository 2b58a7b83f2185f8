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
from functools import partial
from itertools import compress
from operator import attrgetter, itemgetter, ne
from typing import Any, cast

from tycoon.core import Action, AmountRange, Game
from tycoon.core.bitset import set_bits
from tycoon.core.encoding import (
    ActionKind,
    Canvas,
    Encoding,
    FeatureSlice,
    LegalIds,
    bucket_amount,
    bucket_value,
    field_run,
    relative_seat,
    rotate,
    spread,
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
from tycoon.games.milton_keynes.cards import KIND_NAMES, PERMIT_CODES, PERMIT_TYPES
from tycoon.games.milton_keynes.legal import ListSet, OfferSet, PairSet
from tycoon.games.milton_keynes.scoring import Building
from tycoon.games.milton_keynes.state import Phase, State
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
        # 2: the seat figures lost their "income" column (per building, not per seat).
        self.layout = 2
        players = game.players
        kinds = len(KIND_NAMES)
        # The game's own characters (what-if data may change how many there are).
        roster = game.characters  # type: ignore[attr-defined]  # a Milton Keynes game's own
        self._characters = characters = len(roster)
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
                players * _FIGURES,
                "per seat from the observer: income marker, floor, income blocks on the map, "
                "deeds held, permits held, offers left",
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
            ActionKind(ChooseCharacter, (("character", tuple(c.code for c in roster)),)),
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
        self._pair_base: dict[Any, int] = {
            kind: self.base_id(kind) for kind in (BidPermits, LobbyBids, Rebid)
        }
        self._at = {part.name: self.slice_of(part.name).start for part in self.slices}
        self._counters_at = self._at["counters"]
        # Per observer (a spectator counts as seat 0): each seat counted from it.
        self._relative = [[(other - seat) % players for other in seats] for seat in seats]
        self._figure_columns = range(_FIGURES)
        # The trade phase's ids from the rules (see rule_ids): each seat's Pass, made once, and
        # the game's rules (what the offers are made from).
        self._rules: Any = getattr(game, "rules", None)
        self._pass_id = self.base_id(Pass)
        self._passes = [Pass(other) for other in seats]
        self._targets = [tuple(t for t in seats if t != seat) for seat in seats]
        # A building turn's ids (see _commission_ids).
        self._seal_id = self.base_id(Seal)
        self._extend_id = self.base_id(Extend)
        self._build_base = {code: self.base_id(Build, (code,)) for code in PERMIT_CODES}
        # The short lists' ids (see _short_ids): by class, by class and plot, and the amount
        # kinds' first ids.
        self._simple_ids: dict[type, int] = {
            kind: self.base_id(kind) for kind in (Pass, Decline, Accept, Inquiry, Seal)
        }
        self._plot_ids: dict[type, dict[str, int]] = {
            kind: {label: self.base_id(kind, (label,)) for label in LABELS}
            for kind in (Buy, Redevelop, Requisition)
        }
        self._amount_ids: dict[type, int] = {kind: self.base_id(kind) for kind in (Bribe, Lobby)}

    def legal_ids(self, legal: Sequence[Any]) -> LegalIds:
        kind = type(legal)
        if (kind is tuple or kind is list) and (short := self._short_ids(legal)) is not None:
            return short
        # By exact type: ``isinstance`` against these (Sequence ABCs) costs an ABC check,
        # about 0.3 µs each, for every list that is neither.
        if kind is PairSet:
            return self._pair_ids(cast(PairSet, legal))
        if kind is ListSet:
            return self._commission_ids(cast(ListSet, legal).actions)
        if kind is not OfferSet:
            return super().legal_ids(legal)
        offers = cast(OfferSet, legal)
        if len(offers) <= 1 + OFFER_SLOTS * len(offers.targets):
            return super().legal_ids(legal)
        # Offers are ranked target by target: pick evenly spread ones by position. Every offer
        # is an amount range of its cash, so a target's ids are known without building any:
        # an offer is built when its id is looked up.
        found = super().legal_ids([offers[0]])
        per_target = (len(offers) - 1) // len(offers.targets)
        for number, target in enumerate(offers.targets):
            build = partial(_spread_offer, offers, 1 + number * per_target, per_target)
            found.span(self._offer_base[target], OFFER_SLOTS * OFFER_CASH, build)
        return found

    def rule_ids(self, state: State, seat: int) -> LegalIds | None:
        """A trade turn's ids straight from the state, as the game's offer set gives them
        (``legal_ids`` above): pass, and while the seat has offers left, for each other seat a
        run of ``OFFER_SLOTS`` offers evenly spread over the ranked offers to it, each a run of
        ``OFFER_CASH`` cash buckets. With one card a side at most (the default ``offer-cards``),
        the offers to a seat are every pair of sides but nothing-for-nothing: (1 + the cards the
        seat may give) times (1 + the cards it may ask for), less one, so the count comes from
        two bit counts and no pool nor offer set is made; an offer is made from its rank when
        its id is played. Other decisions (and more cards a side) take the listed path."""
        rules = self._rules
        if state.phase != Phase.TRADE or rules is None or rules.offer_cards != 1:
            return None
        if seat not in rules.to_act(state):
            return None
        found: dict[int, Any] = {self._pass_id: self._passes[seat]}
        ids = LegalIds(found)
        if state.offers_left[seat] <= 0:
            return ids
        player = state.players[seat]
        city = state.city
        deeds = player.deeds
        wantable = rules.deeds_in_game(city) & ~city.built & ~deeds
        gives = 1 + deeds.bit_count() + sum(1 for held in player.permits if held)
        wants = 1 + wantable.bit_count() + PERMIT_TYPES
        per_target = gives * wants - 1
        targets = self._targets[seat]
        if per_target <= OFFER_SLOTS:  # pragma: no cover - every permit may be asked for
            return None
        cash = player.cash
        for target in targets:
            ids.span(
                self._offer_base[target],
                OFFER_SLOTS * OFFER_CASH,
                _RankedOffer(
                    seat,
                    target,
                    deeds,
                    player.permits,
                    wantable,
                    wants,
                    per_target,
                    cash,
                    rules.economy.bank_total - cash,
                ),
            )
        return ids

    def _short_ids(self, legal: Sequence[Any]) -> LegalIds | None:
        """The ids of a short list of choices (a reply, a purchase, a bribe, LOBBY, pass or
        Inquiry, a requisition...) as the generic scan finds them, by each choice's class and
        field (no template lookup, no record of the game's new actions): a concrete action
        takes its template's id (the first listed keeps it), a bribe's or LOBBY's amount range
        its run of buckets. None if a choice is of another kind (the generic scan then)."""
        found: dict[int, Any] = {}
        ids = LegalIds(found)
        simple = self._simple_ids
        by_plot = self._plot_ids
        for choice in legal:
            kind = type(choice)
            base = simple.get(kind)
            if base is None:
                plots = by_plot.get(kind)
                if plots is not None:
                    base = plots.get(choice.plot)
                elif kind is AmountRange:
                    template = choice.template
                    base = self._amount_ids.get(type(template))
                    if base is None or choice.field != "amount" or ids.spans:
                        return None
                    ids.span(base, AMOUNT_BUCKETS, partial(_amount_bucket, choice))
                    continue
                if base is None:
                    return None
            if base not in found:
                found[base] = choice
        return ids

    def _commission_ids(self, actions: tuple[Action, ...]) -> LegalIds:
        """A building turn's ids (seal, then the commissions as ``Rules.commissions`` lists
        them: the new buildings permit by permit, then the extensions), found by their order
        at C speed instead of action by action: each permit's run of builds, and the run of
        extensions, keeps ``slots`` of its members evenly spread (as the generic scan groups
        them). Another shape of list takes the generic scan."""
        kinds = list(map(type, actions))
        builds = kinds.count(Build)
        extends = kinds.count(Extend)
        if kinds != [Seal, *[Build] * builds, *[Extend] * extends]:
            return super().legal_ids(list(actions))
        found: dict[int, Any] = {self._seal_id: actions[0]}
        if builds:
            permits = list(map(_PERMIT_OF, actions[1 : 1 + builds]))
            first = 0
            for permit in dict.fromkeys(permits):
                count = permits.count(permit)
                base = self._build_base.get(permit)
                if base is None or permits[first : first + count].count(permit) != count:
                    # Not in runs, or a permit out of the table: the generic scan.
                    return super().legal_ids(list(actions))
                for slot, choice in enumerate(
                    spread(actions[1 + first : 1 + first + count], COMMISSION_SLOTS)
                ):
                    found[base + slot] = choice
                first += count
        if extends:
            base = self._extend_id
            for slot, choice in enumerate(spread(actions[1 + builds :], EXTENSION_SLOTS)):
                found[base + slot] = choice
        return LegalIds(found)

    def _pair_ids(self, legal: PairSet) -> LegalIds:
        """A pair set's ids without building a pair: every pair is an amount range of its
        right bid for one left bid, of one action class (one template: its kind has no fields),
        so the ids keep PAIR_LEFTS of them spread by position, each a run of PAIR_RIGHTS ids
        over its right bids (as the generic scan of every pair gives them); a pair and its
        action are built only when one of its ids is looked up."""
        head = 0 if legal.extra is None else 1
        base = self._pair_base.get(legal.kind)
        if base is None:  # pragma: no cover - every pair set's kind is in the table
            return super().legal_ids([legal[i] for i in range(len(legal))])
        ids = super().legal_ids([legal[0]]) if head else LegalIds({})
        for slot, index in enumerate(spread(range(head, len(legal)), PAIR_LEFTS)):
            ids.span(base + slot * PAIR_RIGHTS, PAIR_RIGHTS, partial(_pair_bucket, legal, index))
        return ids

    def encode(self, view: View, canvas: Canvas) -> None:
        players = self._players
        seat = view.seat
        at = self._at
        characters = self._characters
        # What each part was last made from (the persistent canvas's record; a fresh canvas,
        # written once, gets an empty one, so that every part is written).
        memo = canvas.memo
        if memo is None:
            memo = {}
        made: Any  # each part's sources, as the record keeps them
        # Parts whose sources (the view's fields each is made from) are equal to those it was
        # last made from are kept as they are: most of a view is as it was at the seat's last.
        # The phase (it moves at most steps) as one 1, the year and season, the characters
        # (chosen once): three parts, each written only when its sources changed.
        put = canvas.data if canvas.cells is None else canvas.cells
        if memo.get("phase") != (made := view.phase):
            memo["phase"] = made
            # Canvas.ones for one slot, inline: the phase and the queue's head move at most
            # steps, and the call measured about 1 µs a step more (4% of the wrapper's time).
            phase = PHASES.get(made, -1)
            was = memo.get("phase one", -1)
            memo["phase one"] = phase
            if was >= 0:
                put[was] = 0
            if phase >= 0:
                put[phase] = 1
        whole: tuple[Any, ...] = view  # read by runs of fields (see field_run)
        if memo.get("year") != (made := whole[_YEAR]):
            memo["year"] = made
            put[_PHASES] = made[0]
            put[_PHASES + 1] = made[1]
        if memo.get("character sources") != (made := (seat, view.characters)):
            memo["character sources"] = made
            chosen = [0] * (players * characters)
            for other, character in enumerate(_per_seat(view.characters, seat, players, -1)):
                if 0 <= character < characters:
                    chosen[other * characters + character] = 1
            canvas.block("characters", _PHASES + 2, chosen)
        buildings = view.buildings
        if memo.get("buildings") is not buildings:
            old = memo.get("buildings")
            memo["buildings"] = buildings
            kept = 0 if old is None or memo.get("buildings seat") != seat else len(old)
            memo["buildings seat"] = seat
            if kept and len(buildings) >= kept and buildings[:kept] == old:
                # Buildings were only added (the map keeps its buildings in order): only
                # theirs are written, the others' numbers are there already.
                self._add_buildings(canvas, buildings[kept:], seat)
            elif kept:
                # Buildings replaced (an extension, a demolition, a redevelopment): the
                # numbers of those gone are cleared, then those of the new ones written (a
                # plot holds one building, so a cleared plot is empty or gets a new one).
                now = {id(building): building for building in buildings}
                was = {id(building): building for building in old or ()}
                self._add_buildings(
                    canvas, tuple([b for key, b in was.items() if key not in now]), seat, 0.0
                )
                self._add_buildings(
                    canvas, tuple([b for key, b in now.items() if key not in was]), seat
                )
            else:
                canvas.put(at["building kind"], self._buildings(buildings, seat))
        if memo.get("river") is not (made := view.river_all):
            memo["river"] = made
            canvas.block("river values", at["river"], _plot_bits(view.river_all))
        if memo.get("marsh") is not (made := view.marsh):
            memo["marsh"] = made
            canvas.block("marsh values", at["marsh"], _plot_bits(view.marsh))
        if memo.get("own deeds") is not (made := view.hand_deeds):
            memo["own deeds"] = made
            start = at["own deeds"]
            canvas.hot("own deed bits", start, start + SIZE, [start + c for c in view.hand_deeds])
        if memo.get("known deeds") != (made := view.known_deeds):
            old = memo.get("known deeds")
            memo["known deeds"] = made
            start = at["known deeds"]
            if (
                old is None
                or canvas.memo is None
                or memo.get("known deeds seat") != seat
                or len(old) != players
                or len(made) != players
            ):
                memo["known deeds seat"] = seat
                if canvas.memo is not None:
                    canvas.data[start : start + players * SIZE] = 0
                for other, plots in enumerate(_per_seat(made, seat, players, ())):
                    for cell in plots:
                        put[start + other * SIZE + cell] = 1
            else:
                # Only the seats whose known deeds changed, only the plots that changed.
                relative = self._relative[seat or 0]
                for other in compress(range(players), map(ne, made, old)):
                    first = start + relative[other] * SIZE
                    now_known = set(made[other])
                    for cell in old[other]:
                        if cell not in now_known:
                            put[first + cell] = 0
                    was_known = set(old[other])
                    for cell in made[other]:
                        if cell not in was_known:
                            put[first + cell] = 1
        if memo.get("on sale") != (made := view.lots):
            memo["on sale"] = made
            start = at["on sale"]
            canvas.hot(
                "on sale bits",
                start,
                start + SIZE,
                [start + cell for lot in view.lots for cell in lot],
            )
        # The seats' figures, the known permits and the observer's own hand: three runs, each
        # made again only when its own sources changed.
        if memo.get("figure sources") != (made := (seat, _SEAT_FIGURES(view))):
            old = memo.get("figure sources")
            memo["figure sources"] = made
            if old is None or old[0] != seat:
                rotated = [_per_seat(figure, seat, players, -1) for figure in made[1]]
                canvas.put(
                    at["seat figures"],
                    [
                        -1 if figure[other] is None else figure[other]
                        for other in range(players)
                        for figure in rotated
                    ],
                )
            else:
                # Only the figures that changed (a column of one number per seat each).
                put = canvas.data if canvas.cells is None else canvas.cells
                first = at["seat figures"]
                for column in compress(self._figure_columns, map(ne, made[1], old[1])):
                    figure = _per_seat(made[1][column], seat, players, -1)
                    for other in range(players):
                        value = figure[other]
                        put[first + other * _FIGURES + column] = -1 if value is None else value
        if memo.get("known permit sources") != (made := (seat, view.known_permits)):
            memo["known permit sources"] = made
            known: list[float] = []
            for permits in _per_seat(view.known_permits, seat, players, ()):
                known += _padded(permits, PERMIT_TYPES)
            canvas.block("known permits", at["known permits"], known)
        if memo.get("own sources") != (made := _OWN(view)):
            memo["own sources"] = made
            canvas.block(
                "own",
                at["cash"],
                [
                    -1 if view.cash is None else view.cash,
                    *_padded(view.hand_permits, PERMIT_TYPES),
                    view.deed_deck,
                    view.permit_deck,
                ],
            )
        # The table slices (queue to the end) in four runs, each made again only when its own
        # sources changed: the queue moves at almost every step, the rest now and then.
        at_queue = at["queue"]
        # (Only the head of the queue is shown: its one moves where the head moved; Canvas.ones
        # inline, as the phase's above.)
        head = (
            at_queue + self._relative[seat or 0][view.queue[0]]
            if view.queue and view.queue[0] >= 0
            else -1
        )
        if memo.get("queue one", -1) != head:
            was = memo.get("queue one", -1)
            memo["queue one"] = head
            if was >= 0:
                put[was] = 0
            if head >= 0:
                put[head] = 1
        sealed = view.sealed
        if memo.get("step sources") != (
            made := (
                seat,
                view.order,
                None
                if sealed is None
                else (sealed.seats, sealed.committed, sealed.own is not None),
                view.bribes,
                len(view.draft),
                view.bought,
                view.lobbied,
            )
        ):
            memo["step sources"] = made
            canvas.block("step", at["order"], self._step(view, seat))
        if memo.get("bid sources") != (made := (seat, view.slots, view.bids, view.bid_flow)):
            memo["bid sources"] = made
            canvas.block("bidding", at["permit slots"], self._bidding(view, seat))
        if memo.get("trade sources") != (
            made := (
                seat,
                view.offer,
                view.passes,
                view.requisitioner,
                len(view.claims),
                view.stall,
                view.deck_mark,
            )
        ):
            memo["trade sources"] = made
            canvas.block("trade", at["offer"], self._trade(view, seat))
        # The running counters move at most steps: a run of their own.
        counters = view.counters
        if memo.get("counter sources") != counters:
            memo["counter sources"] = counters
            canvas.block("counters", self._counters_at, _padded(counters, COUNTERS))

    def _step(self, view: View, seat: int | None) -> list[float]:
        """The turn order, bribes and the sealed step's seats, the draft and the flags."""
        players = self._players
        relative = self._relative[seat or 0]  # (every seat here is a seat, never -1)
        places = [-1] * players
        for place, other in enumerate(view.order):
            places[relative[other]] = place
        sealed = view.sealed
        in_step = [0] * players
        committed = [0] * players
        if sealed is not None:
            for other in sealed.seats:
                in_step[relative[other]] = 1
            for other in sealed.committed:
                committed[relative[other]] = 1
        values: list[float] = places + _per_seat(view.bribes, seat, players, -1)
        values += in_step
        values += committed
        values += (
            sealed is not None and sealed.own is not None,
            len(view.draft),
            view.bought,
            view.lobbied,
        )
        return values

    def _bidding(self, view: View, seat: int | None) -> list[float]:
        """The permit slots, bids and bid flows."""
        players = self._players
        values: list[float] = [permit + 1 for permit in _per_seat(view.slots, seat, players, -1)]
        for pair in _per_seat(view.bids, seat, players, (-1, -1)):
            values += pair
        values += _per_seat(view.bid_flow, seat, players, 0)
        return values

    def _trade(self, view: View, seat: int | None) -> list[float]:
        """The offer, passes, requisitions, the stall and the deck mark."""
        players = self._players
        offer = view.offer
        values: list[float] = [0] * (2 * players + 3)
        if offer is not None:
            offerer = relative_seat(offer.seat, seat, players)
            receiver = relative_seat(offer.to, seat, players)
            if 0 <= offerer < players:
                values[offerer] = 1
            if 0 <= receiver < players:
                values[players + receiver] = 1
            values[2 * players :] = [offer.cash, len(offer.give), len(offer.want)]
        values.append(view.passes)
        requisitioner = [0] * players
        relative = relative_seat(view.requisitioner, seat, players)
        if 0 <= relative < players:
            requisitioner[relative] = 1
        values += requisitioner
        values += (len(view.claims), view.stall, view.deck_mark)
        return values

    def _add_buildings(
        self, canvas: Canvas, added: tuple[Building, ...], seat: int | None, one: float = 1.0
    ) -> None:
        """Set the kind and owner numbers of buildings added to the map (``one`` 0: clear
        those of buildings gone)."""
        players = self._players
        kinds = len(KIND_NAMES)
        put = canvas.data if canvas.cells is None else canvas.cells
        kind_at = self._at["building kind"]
        owner_at = self._at["building owner"]
        for building in added:
            owner = relative_seat(building.owner, seat, players)
            for cell in building.cells:
                put[kind_at + cell * kinds + building.kind] = one
                if owner >= 0:
                    put[owner_at + cell * players + owner] = one

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


# A build's permit (at C speed over a run of builds).
_PERMIT_OF = attrgetter("permit")
# How many phases there are (``len`` of an enum class is a Python call).
_PHASES = len(Phase)


def _spread_offer(legal: OfferSet, first: int, per_target: int, offset: int) -> Action:
    """The action of id ``offset`` among a target's offer ids: slot ``offset // OFFER_CASH``
    (offers evenly spread over the target's ``per_target``, from index ``first``), cash bucket
    ``offset % OFFER_CASH``."""
    slot, bucket = divmod(offset, OFFER_CASH)
    choice = legal[first + round(slot * (per_target - 1) / (OFFER_SLOTS - 1))]
    if not isinstance(choice, AmountRange):  # pragma: no cover - an OfferSet's offers are ranges
        raise TypeError(f"an offer set's offer {choice!r} is not an amount range")
    built: Action = choice.action(bucket_amount(choice, bucket, OFFER_CASH))
    return built


class _RankedOffer:
    """The offers of a trade turn's run of ids to one seat, made by rank as the game's
    ``OfferSet`` (one card a side at most) ranks them, only when an id is played."""

    __slots__ = (
        "ask",
        "cash",
        "deeds",
        "per_target",
        "permits",
        "seat",
        "target",
        "wantable",
        "wants",
    )

    def __init__(
        self,
        seat: int,
        target: int,
        deeds: int,
        permits: tuple[int, ...],
        wantable: int,
        wants: int,
        per_target: int,
        cash: int,
        ask: int,
    ) -> None:
        self.seat = seat
        self.target = target
        self.deeds = deeds
        self.permits = permits
        self.wantable = wantable
        self.wants = wants
        self.per_target = per_target
        self.cash = cash
        self.ask = ask

    def __call__(self, offset: int) -> Action:
        slot, bucket = divmod(offset, OFFER_CASH)
        rest = round(slot * (self.per_target - 1) / (OFFER_SLOTS - 1))
        give_index, want_index = divmod(rest + 1, self.wants)
        give_items = [LABELS[p] for p in set_bits(self.deeds)]
        give_items += [PERMIT_CODES[p] for p, held in enumerate(self.permits) if held]
        want_items = [LABELS[p] for p in set_bits(self.wantable)]
        want_items += PERMIT_CODES
        give = (give_items[give_index - 1],) if give_index else ()
        want = (want_items[want_index - 1],) if want_index else ()
        low = -self.ask
        if self.cash < low:  # pragma: no cover - the bank holds what a seat may ask for
            choice = AmountRange(
                Offer(self.seat, self.target, low, give, want), low, self.cash, field="cash"
            )
            built: Action = choice.action(bucket_amount(choice, bucket, OFFER_CASH))
            return built
        # The offer's cash bucket by the range's arithmetic (``bucket_amount`` of the cash from
        # what it may ask to what it holds), the offer made directly: the range's action.
        cash = bucket_value(low, 1, self.cash - low + 1, bucket, OFFER_CASH)
        return Offer(self.seat, self.target, cash, give, want)


def _amount_bucket(choice: AmountRange[Any], bucket: int) -> Action:
    """The action of bucket ``bucket`` of the amount range ``choice`` (as the generic scan's
    run of :data:`AMOUNT_BUCKETS` ids gives it)."""
    built: Action = choice.action(bucket_amount(choice, bucket, AMOUNT_BUCKETS))
    return built


def _pair_bucket(legal: PairSet, index: int, bucket: int) -> Action:
    """The action of bucket ``bucket`` of the pair at ``index`` (an amount range of its right
    bid)."""
    # The pair's range (``legal[index]``: its left bid, and right bids from the set's lowest
    # to what the total leaves) by its arithmetic, the action made directly: the range's.
    left = legal.left_low + index - (0 if legal.extra is None else 1)
    low = legal.right_low
    high = min(legal.right_high, legal.total - left)
    if high < low or not 0 <= index < len(legal):  # pragma: no cover - the ids' own pairs
        choice = legal[index]
        if not isinstance(choice, AmountRange):
            raise TypeError(f"a pair set's pair {choice!r} is not an amount range")
        built: Action = choice.action(bucket_amount(choice, bucket, PAIR_RIGHTS))
        return built
    return legal.kind(legal.seat, left, bucket_value(low, 1, high - low + 1, bucket, PAIR_RIGHTS))


def _plot_bits(cells: Sequence[int]) -> list[float]:
    row = [0.0] * SIZE
    for cell in cells:
        row[cell] = 1.0
    return row


def _padded(values: Sequence[float], size: int) -> list[float]:
    """The first ``size`` values, 0 after the last."""
    return [*values[:size], *[0] * (size - len(values))]


def _per_seat(values: Sequence[Any], seat: int | None, players: int, fill: Any) -> list[Any]:
    """One value per seat from the observer (``fill`` while the game keeps none per seat)."""
    if len(values) != players:
        return [fill] * players
    return rotate(values, seat)


def _fields(*names: str) -> Any:
    """What reads the view's fields ``names`` as one tuple, at C speed."""
    return itemgetter(*(View._fields.index(name) for name in names))


# The per-seat figures of the hands slice, in its order (what it is made from, and so what must
# change for it to be made again); the observer's own figures; the year and season.
_SEAT_FIGURE_NAMES = ("markers", "floors", "blocks", "deed_counts", "permit_counts", "offers_left")
_SEAT_FIGURES = _fields(*_SEAT_FIGURE_NAMES)
_FIGURES = len(_SEAT_FIGURE_NAMES)  # numbers per seat in the slice
_OWN = _fields("cash", "hand_permits", "deed_deck", "permit_deck")
_YEAR = field_run(View, "year", "season")
