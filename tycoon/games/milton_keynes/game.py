"""Milton Keynes as a tycoon game: spec, options, transitions, views, sampling and notation."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, Final

from tycoon.core import (
    Action,
    Chance,
    DataError,
    Dynamics,
    Game,
    GameSpec,
    Information,
    Option,
    OptionError,
    Outcome,
    Rng,
    SealedCommits,
    SealedView,
    data_option,
    notation,
)
from tycoon.core.bitset import set_bits
from tycoon.games.milton_keynes import board as bd
from tycoon.games.milton_keynes import cards as cd
from tycoon.games.milton_keynes import render
from tycoon.games.milton_keynes.actions import (
    ACTION_TYPES,
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
    check_domain,
    format_action,
    parse,
)
from tycoon.games.milton_keynes.encoding import MiltonKeynesEncoding
from tycoon.games.milton_keynes.explain import explain_illegal
from tycoon.games.milton_keynes.rules import (
    SAFETY_STOP,
    Rules,
    add_permit,
    cells_text,
    count_up,
    drop_known,
    set_at,
)
from tycoon.games.milton_keynes.state import (
    COUNTERS,
    CityMap,
    Commission,
    Phase,
    Player,
    State,
    evolve,
    evolve_player,
)
from tycoon.games.milton_keynes.view import View

LABELS = bd.LABELS
PHASES_BY_NAME = {phase.name.lower(): phase for phase in Phase}


#: The ``roundabouts`` option's default: the data's own roundabouts (built in, every 5).
DEFAULT_ROUNDABOUTS_TEXT = ",".join(str(r) for r in cd.DEFAULT_ROUNDABOUTS)


def _roundabouts(text: str, economy: cd.Economy = cd.ECONOMY_BUILT_IN) -> tuple[int, ...]:
    """The option's roundabouts on ``economy``'s rail; left at its default, the roundabouts of
    ``economy.json`` (which what-if data may change)."""
    if text.replace(" ", "") == DEFAULT_ROUNDABOUTS_TEXT:
        return economy.roundabouts
    parts = [part for part in text.replace(" ", "").split(",") if part]
    if not all(notation.is_number(part) for part in parts):
        raise OptionError(
            f"option 'roundabouts' is a comma-separated list of rail positions, not {text!r}"
        )
    values = tuple(sorted({notation.natural(part, "a rail position") for part in parts}))
    low, high = economy.rail_start, economy.rail_top
    if any(not low <= v <= high for v in values):
        raise OptionError(f"option 'roundabouts': positions lie on the rail, {low}..{high}")
    return values


def _plural(count: int, word: str) -> str:
    return f"the {word}" if count == 1 else f"the {count} {word}es"


# How many masks' plot lists a game keeps for its views before it starts again.
_CELLS_KEPT = 4096
# Each phase's name in a view.
_PHASE_NAMES = {phase: phase.name.lower() for phase in Phase}


# A View from a tuple, without the keyword-argument wrapper of its constructor.
_new_view: Final = tuple.__new__


class MiltonKeynes(Game[State, Action, View]):
    spec = GameSpec(
        name="milton-keynes",
        title="Milton Keynes",
        summary=(
            "sealed bribes for land lots, permit bids between neighbours, sealed building "
            "commissions, income from the walls between buildings (Gavin Wood, 2011)"
        ),
        min_players=2,
        max_players=5,
        default_players=4,
        dynamics=Dynamics.SIMULTANEOUS,
        chance=Chance.EXPLICIT,
        information=Information.IMPERFECT,
        version="2",
        options=(
            Option(
                "characters",
                "random",
                "how characters are given: random (dealt), choose (each picks in seat order), "
                "or a comma-separated list such as scarlet,blue,green,orange",
            ),
            Option(
                "advanced",
                False,
                "advanced rules: players place the river and marshes; no characters, 4 permits",
            ),
            Option(
                "roundabouts",
                DEFAULT_ROUNDABOUTS_TEXT,
                "income-rail positions of the roundabouts (RULING: every 5; left at this "
                "default, those of the data's economy.json)",
            ),
            Option(
                "offers",
                3,
                "bot policy: offers a bot makes in a trade phase at most (players are not bound)",
                low=0,
                high=20,
            ),
            Option(
                "offer-cards",
                1,
                "bot policy: cards on each side of a bot's offer at most (players are not bound)",
                low=1,
                high=4,
            ),
            Option(
                "stall-years",
                3,
                "engine safety stop: years without the deed deck shrinking before the game ends",
                low=1,
                high=20,
            ),
            data_option(
                cd.MK_DATA,
                "the map's river, marshes and regions, the permit deck, the characters, the "
                "income rail and the economy may change",
            ),
        ),
        aliases=("mk", "miltonkeynes"),
    )
    action_types = ACTION_TYPES
    encoding_type = MiltonKeynesEncoding
    data_files = cd.MK_DATA

    def configure(self) -> None:
        n = self.players
        self.advanced = bool(self.options["advanced"])
        try:
            catalogue = cd.game_catalogue(str(self.options["data"]))
        except DataError as error:
            raise OptionError(f"milton-keynes data: {error.reason}") from None
        #: The map, permit deck, characters and economy of this game's data.
        self.catalogue = catalogue
        economy = catalogue.economy
        self.characters = catalogue.characters
        if len(self.characters) < n and not self.advanced:
            raise OptionError(
                f"milton-keynes data: characters.json characters: {len(self.characters)} "
                f"characters for {n} players (each player is one)"
            )
        self.region = catalogue.map.region(n)
        self.roundabouts = _roundabouts(str(self.options["roundabouts"]), economy)
        # Plot lists of masks, for views (see _cells).
        self._cells_of: dict[int, tuple[int, ...]] = {}
        choice = str(self.options["characters"]).strip().lower()
        self.character_mode = choice if choice in ("random", "choose") else "list"
        self.character_list: tuple[int, ...] = ()
        if self.character_mode == "list":
            picks = []
            for part in choice.split(","):
                index = catalogue.parse_character(part)
                if index is None:
                    names = ", ".join(c.code for c in self.characters)
                    raise OptionError(
                        f"option 'characters': {part.strip()!r} is not a character ({names}), "
                        "nor random or choose"
                    )
                picks.append(index)
            if len(picks) != n or len(set(picks)) != n:
                raise OptionError(
                    f"option 'characters' lists {len(picks)} characters; {n} distinct are needed"
                )
            self.character_list = tuple(picks)
        self.rules = Rules(
            n,
            self.region,
            self.roundabouts,
            int(self.options["offers"]),
            int(self.options["offer-cards"]),
            int(self.options["stall-years"]),
            self.seat_name,
            economy,
            catalogue,
        )
        self._cached: tuple[State | None, int, Sequence[Any]] = (None, -1, ())
        if self.advanced and not self.rules.river_options(()):
            raise OptionError(
                f"milton-keynes data: board.json river_tiles: a river of at most "
                f"{catalogue.map.river_tiles} tiles cannot run from an edge to another edge "
                "under the advanced rules"
            )

    # -- set-up -----------------------------------------------------------------------------

    def initial_state(self, rng: Rng) -> State:
        n = self.players
        start = self.catalogue.economy.rail_start
        floor = self.rules.floor_for(start)
        player = Player(0, cd.EMPTY_HAND, 0, start, floor, 0, cd.EMPTY_HAND, 0)
        river = 0 if self.advanced else self.catalogue.map.standard_river
        marsh = 0 if self.advanced else self.catalogue.map.standard_marsh
        city = CityMap((), river, marsh, 0, (), (0,) * n, 1)
        state = State(
            phase=Phase.RIVER,
            year=1,
            season=0,
            players=(player,) * n,
            characters=(-1,) * n,
            bank=self.rules.economy.bank_total,
            deed_deck=(),
            permit_deck=(),
            city=city,
            queue=(0,),
            sealed=None,
            lots=(),
            bribes=(),
            order=tuple(range(n)),
            bought=False,
            lobbied=False,
            slots=(),
            bids=(),
            bid_flow=(0,) * n,
            offer=None,
            offers_left=(0,) * n,
            passes=0,
            drafts=((),) * n,
            claims=(),
            pending=(),
            river_path=(),
            log=(),
            deck_mark=0,
            stall=0,
            counters=(0,) * len(COUNTERS),
            ended="",
        )
        log: list[str] = []
        if self.advanced:
            log.append("Advanced rules: each player in turn places a river tile, from an edge.")
            return evolve(state, log=tuple(log))
        state = self.deal_deeds(state, rng, permits=0)
        if self.character_mode == "choose":
            log.append("Each player chooses a character, in seat order.")
            return evolve(state, phase=Phase.CHARACTERS, queue=tuple(range(n)), log=tuple(log))
        picks = (
            tuple(rng.sample(range(len(self.characters)), n))
            if self.character_mode == "random"
            else self.character_list
        )
        state = evolve(state, characters=picks)
        state = self.give_characters(state, rng, log)
        return evolve(state, log=tuple(log))

    def deal_deeds(self, state: State, rng: Rng, permits: int) -> State:
        """Shuffle the deeds in play and the permit deck; deal 3 deeds (and ``permits``) each."""
        deeds = self.rules.deeds_in_game(state.city)
        deck = tuple(rng.shuffled(list(set_bits(deeds))))
        players = list(state.players)
        permit_deck: tuple[int, ...] = ()
        if permits:
            permit_deck = tuple(rng.shuffled(self.catalogue.full_deck()))
        for seat in range(self.players):
            hand = bd.mask_of(deck[: self.rules.economy.starting_deeds])
            deck = deck[self.rules.economy.starting_deeds :]
            permits_hand = cd.EMPTY_HAND
            for permit in permit_deck[:permits]:
                permits_hand = add_permit(permits_hand, permit)
            permit_deck = permit_deck[permits:]
            players[seat] = evolve_player(players[seat], deeds=hand, permits=permits_hand)
        return evolve(state, deed_deck=deck, permit_deck=permit_deck, players=tuple(players))

    def give_characters(self, state: State, rng: Rng, log: list[str]) -> State:
        """Starting permits by character (public), the rest of the permits shuffled."""
        remaining = list(self.catalogue.permit_counts)
        players = list(state.players)
        for seat, character in enumerate(state.characters):
            hand = self.characters[character].permits
            players[seat] = evolve_player(players[seat], permits=hand, known_permits=hand)
            for permit, count in enumerate(hand):
                remaining[permit] -= count
        deck: list[int] = []
        for permit, count in enumerate(remaining):
            deck.extend([permit] * count)
        shown = ", ".join(
            f"{self.seat_name(seat)} is {self.characters[c].name}"
            for seat, c in enumerate(state.characters)
        )
        log.append(f"Characters: {shown}.")
        state = evolve(state, players=tuple(players), permit_deck=tuple(rng.shuffled(deck)))
        return self.rules.start_year(state, rng, log)

    # -- the protocol -----------------------------------------------------------------------

    def to_act(self, state: State) -> tuple[int, ...]:
        return self.rules.to_act(state)

    def legal_actions(self, state: State, seat: int) -> Sequence[Any]:
        cached_state, cached_seat, cached = self._cached
        if cached_state is state and cached_seat == seat:
            return cached
        if seat not in self.rules.to_act(state):
            return ()
        legal = self.rules.legal(state, seat)
        self._cached = (state, seat, legal)
        return legal

    def transition(self, state: State, action: Action, rng: Rng) -> State:
        log: list[str] = []
        new = self._transition(state, action, rng, log)
        if not log and not new.log:
            return new  # nothing to tell and nothing old to clear
        return evolve(new, log=tuple(log))

    def _transition(self, s: State, action: Action, rng: Rng, log: list[str]) -> State:
        rules = self.rules
        seat = action.seat
        who = self.seat_name(seat)
        if isinstance(action, Bribe):
            assert s.sealed is not None
            sealed = s.sealed.commit(seat, action.amount)
            if not sealed.is_complete:
                return evolve(s, sealed=sealed)
            return rules.reveal_bribes(s, sealed, rng, log)
        if isinstance(action, Pass):
            return self._pass(s, seat, rng, log)
        if isinstance(action, Buy):
            plot = bd.INDEX[action.plot]
            lot = next(lot for lot in s.lots if lot >> plot & 1)
            price = self.rules.economy.deed_price * bd.popcount(lot)
            player = s.players[seat]
            player = evolve_player(
                player,
                cash=player.cash - price,
                counted=player.counted - price,
                deeds=player.deeds | lot,
                known_deeds=player.known_deeds | lot,
            )
            log.append(f"{who} buys {bd.label_list(lot).replace(' ', '+')} for {price}.")
            s = evolve(
                s,
                players=set_at(s.players, seat, player),
                bank=s.bank + price,
                lots=tuple(other for other in s.lots if other != lot),
                queue=s.queue[1:],
                bought=True,
                counters=count_up(s.counters, "lots_bought"),
            )
            return rules.after_purchase(s, rng, log)
        if isinstance(action, Lobby):
            bribes = set_at(s.bribes, seat, action.amount)
            log.append(f"{who} plays a CHAV ESTATE for its LOBBY: bribe now {action.amount}.")
            s = self._spend(s, seat, cd.LOBBY)
            s = evolve(
                s,
                bribes=bribes,
                lobbied=True,
                queue=s.queue[1:],
                counters=count_up(s.counters, "lobbies"),
            )
            return rules.finish_lobby(s, rng, log) if not s.queue else s
        if isinstance(action, BidPermits):
            assert s.sealed is not None
            sealed = s.sealed.commit(seat, (action.left, action.right))
            if not sealed.is_complete:
                return evolve(s, sealed=sealed)
            return rules.reveal_bids(s, sealed, rng, log)
        if isinstance(action, LobbyBids):
            log.append(
                f"{who} plays a CHAV ESTATE for its LOBBY: permit bids now "
                f"{action.left}/{action.right}."
            )
            s = self._spend(s, seat, cd.LOBBY)
            s = evolve(
                s,
                bids=set_at(s.bids, seat, (action.left, action.right)),
                queue=s.queue[1:],
                counters=count_up(s.counters, "lobbies"),
            )
            return rules.resolve_bids(s, rng, log) if not s.queue else s
        if isinstance(action, Rebid):
            assert s.sealed is not None
            sealed = s.sealed.commit(seat, (action.left, action.right))
            if not sealed.is_complete:
                return evolve(s, sealed=sealed)
            return rules.resolve_rebids(s, sealed, rng, log)
        if isinstance(action, Offer):
            log.append(f"{who} offers {self.seat_name(action.to)}: {render.offer_text(action)}.")
            return evolve(
                s,
                phase=Phase.TRADE_REPLY,
                offer=action,
                offers_left=set_at(s.offers_left, seat, max(0, s.offers_left[seat] - 1)),
                passes=0,
            )
        if isinstance(action, Accept | Decline):
            assert s.offer is not None
            if isinstance(action, Accept):
                log.append(f"{who} accepts: {render.offer_text(s.offer)}.")
                s = rules.execute_offer(s, s.offer, log)
            else:
                log.append(f"{who} declines.")
            s = evolve(s, phase=Phase.TRADE, offer=None, queue=s.queue[1:] + s.queue[:1])
            return rules.next_trader(s, rng, log)
        if isinstance(action, Build):
            cells = tuple(bd.INDEX[p] for p in action.plots)
            item = Commission(cd.PERMIT_INDEX[action.permit], cells)
            return evolve(s, drafts=set_at(s.drafts, seat, (*s.drafts[seat], item)))
        if isinstance(action, Extend):
            building = s.city.building_at(bd.INDEX[action.building])
            assert building is not None
            cells = tuple(bd.INDEX[p] for p in action.plots)
            item = Commission(cd.EXTENSION, cells, building.id)
            return evolve(s, drafts=set_at(s.drafts, seat, (*s.drafts[seat], item)))
        if isinstance(action, Seal):
            assert s.sealed is not None
            sealed = s.sealed.commit(seat, s.drafts[seat])
            if not sealed.is_complete:
                return evolve(s, sealed=sealed)
            return rules.start_requisitions(s, sealed, rng, log)
        if isinstance(action, Requisition):
            plot = bd.INDEX[action.plot]
            _, item = s.pending[0]
            log.append(f"{who} requisitions {action.plot}.")  # the pouch stays closed
            s = evolve(s, claims=(*s.claims, (seat, item, plot)), pending=s.pending[1:])
            return rules.next_requisition(s, rng, log)
        if isinstance(action, Inquiry):
            player = s.players[seat]
            marker = min(
                self.rules.economy.rail_top, player.marker + self.rules.economy.inquiry_step
            )
            floor = max(player.floor, rules.floor_for(marker))
            s = self._spend(s, seat, cd.INQUIRY)
            player = evolve_player(s.players[seat], marker=marker, floor=floor)
            log.append(
                f"{who} plays a CHAV ESTATE for its INQUIRY: income marker to {marker} "
                "for this year."
            )
            return evolve(
                s,
                players=set_at(s.players, seat, player),
                counters=count_up(s.counters, "inquiries"),
            )
        if isinstance(action, Demolish):
            return self._demolish(s, seat, bd.INDEX[action.plot], action.buy, log)
        if isinstance(action, Redevelop):
            return self._redevelop(s, seat, bd.INDEX[action.plot], log)
        if isinstance(action, ChooseCharacter):
            index = self.catalogue.character_index(action.character)
            assert index is not None  # check_domain refused other codes
            log.append(f"{who} chooses {self.characters[index].name}.")
            s = evolve(s, characters=set_at(s.characters, seat, index), queue=s.queue[1:])
            if s.queue:
                return s
            return self.give_characters(s, rng, log)
        if isinstance(action, PlaceRiver):
            plot = bd.INDEX[action.plot]
            path = (*s.river_path, plot)
            city = replace(s.city, river_all=s.city.river_all | 1 << plot)
            log.append(f"{who} places a river tile on {action.plot}.")
            nxt = ((seat + 1) % self.players,)
            if rules.river_done(path):
                count = self.catalogue.map.marsh_tiles
                marshes = "the two marshes" if count == 2 else _plural(count, "marsh")
                log.append(f"The river reaches another edge. Now {marshes}, in turn.")
                return evolve(s, river_path=path, city=city, phase=Phase.MARSH, queue=nxt)
            return evolve(s, river_path=path, city=city, queue=nxt)
        if isinstance(action, PlaceMarsh):
            marsh = rules.marsh_cells(bd.INDEX[action.plot])
            assert marsh is not None
            city = replace(s.city, marsh=s.city.marsh | marsh)
            log.append(f"{who} places a marsh on {bd.label_list(marsh)}.")
            s = evolve(s, city=city, queue=((seat + 1) % self.players,))
            mapdata = self.catalogue.map
            if bd.popcount(city.marsh) < mapdata.marsh_tiles * mapdata.marsh_side**2:
                return s
            s = self.deal_deeds(s, rng, permits=self.rules.economy.advanced_permits)
            log.append(
                "Deeds in play: "
                f"{len(s.deed_deck) + self.rules.economy.starting_deeds * self.players}; "
                f"each player has {self.rules.economy.starting_deeds} deeds and "
                f"{self.rules.economy.advanced_permits} permits."
            )
            return rules.start_year(s, rng, log)
        raise TypeError(f"not a Milton Keynes action: {action!r}")  # pragma: no cover

    def _spend(self, s: State, seat: int, permit: int) -> State:
        """A permit played for its action goes to the bottom of the permit deck."""
        player = s.players[seat]
        player = evolve_player(
            player,
            permits=add_permit(player.permits, permit, -1),
            known_permits=drop_known(player.known_permits, permit),
        )
        return evolve(
            s, players=set_at(s.players, seat, player), permit_deck=(*s.permit_deck, permit)
        )

    def _pass(self, s: State, seat: int, rng: Rng, log: list[str]) -> State:
        rules = self.rules
        phase = s.phase
        if phase == Phase.TRADE:
            s = evolve(s, passes=s.passes + 1, queue=s.queue[1:] + s.queue[:1])
            return rules.next_trader(s, rng, log)
        s = evolve(s, queue=s.queue[1:])
        if phase == Phase.PURCHASE:
            return rules.after_purchase(s, rng, log)
        if s.queue:
            return s
        if phase == Phase.BEFORE_COLLECTION:
            return rules.collect(s, rng, log)
        if phase == Phase.AFTER_COLLECTION:
            return rules.start_sale(s, 0, rng, log)
        if phase == Phase.SALE_LOBBY:
            return rules.finish_lobby(s, rng, log)
        if phase == Phase.BID_LOBBY:
            return rules.resolve_bids(s, rng, log)
        raise AssertionError(f"pass in phase {phase}")  # pragma: no cover

    def _demolish(self, s: State, seat: int, plot: int, buy: bool, log: list[str]) -> State:
        building = s.city.building_at(plot)
        assert building is not None
        who = self.seat_name(seat)
        s = self._spend(s, seat, cd.DEMOLISH)
        players = list(s.players)
        owner = building.owner
        cells = tuple(p for p in building.cells if p != plot)
        buildings = tuple(
            replace(b, cells=cells) if b.id == building.id else b
            for b in s.city.buildings
            if b.id != building.id or cells
        )
        text = (
            f"{who} plays a CHAV ESTATE for its DEMOLISH on {LABELS[plot]} of building "
            f"#{building.id}"
        )
        if s.city.river_all >> plot & 1:
            log.append(f"{text}: the river returns and its deed leaves the game.")
        elif buy:
            buyer, seller = players[seat], players[owner]
            players[seat] = evolve_player(
                buyer,
                cash=buyer.cash - self.rules.economy.demolish_price,
                counted=buyer.counted - self.rules.economy.demolish_price,
                deeds=buyer.deeds | 1 << plot,
                known_deeds=buyer.known_deeds | 1 << plot,
            )
            seller = players[owner]
            players[owner] = evolve_player(
                seller,
                cash=seller.cash + self.rules.economy.demolish_price,
                counted=seller.counted + self.rules.economy.demolish_price,
            )
            log.append(
                f"{text} and buys its deed from {self.seat_name(owner)} for "
                f"{self.rules.economy.demolish_price}."
            )
        else:
            holder = players[owner]
            players[owner] = evolve_player(
                holder, deeds=holder.deeds | 1 << plot, known_deeds=holder.known_deeds | 1 << plot
            )
            log.append(f"{text}; the deed goes back to {self.seat_name(owner)}'s hand.")
        city = self.rules.rescore(s.city, buildings)
        log.append("Income blocks on the map: " + render.blocks_text(self, city.blocks) + ".")
        return evolve(
            s, players=tuple(players), city=city, counters=count_up(s.counters, "demolitions")
        )

    def _redevelop(self, s: State, seat: int, plot: int, log: list[str]) -> State:
        building = s.city.building_at(plot)
        assert building is not None
        s = self._spend(s, seat, cd.REDEVELOP)
        deeds = bd.mask_of(p for p in building.cells if not s.city.river_all >> p & 1)
        player = s.players[seat]
        player = evolve_player(
            player, deeds=player.deeds | deeds, known_deeds=player.known_deeds | deeds
        )
        buildings = tuple(b for b in s.city.buildings if b.id != building.id)
        city = self.rules.rescore(s.city, buildings)
        log.append(
            f"{self.seat_name(seat)} plays a CHAV ESTATE for its REDEVELOP: building "
            f"#{building.id} "
            f"({cells_text(building.cells)}) is cleared and its deeds go back to the hand."
        )
        return evolve(
            s,
            players=set_at(s.players, seat, player),
            city=city,
            counters=count_up(s.counters, "redevelopments"),
        )

    # -- views --------------------------------------------------------------------------------

    def _cells(self, mask: int) -> tuple[int, ...]:
        """``bd.cells_of(mask)``, kept by mask: a view's plot lists (the river, the marshes,
        known deeds, a hand, the lots) come back unchanged move after move, so each is made
        once and the same tuple is handed out again (equal, and cheap for an encoding to
        recognise by identity)."""
        cells = self._cells_of.get(mask)
        if cells is None:
            if len(self._cells_of) >= _CELLS_KEPT:
                self._cells_of = {}
            cells = self._cells_of[mask] = bd.cells_of(mask)
        return cells

    def observe(self, state: State, seat: int | None) -> View:
        return self._view(state, seat, None, None)

    def observe_next(
        self, prev_state: State, prev_view: View, state: State, seat: int | None
    ) -> View:
        """``observe(state, seat)``, reusing the parts of the seat's previous view whose inputs
        in the state are the same objects: the seats' figures and own hand (``players``), the
        map's plot lists (``city``), the lots, the sealed step, the requisitions."""
        return self._view(state, seat, prev_state, prev_view)

    def _view(
        self, state: State, seat: int | None, prev_state: State | None, prev_view: View | None
    ) -> View:
        """The view of ``seat``: each part made by its own function below, or taken from
        ``prev_view`` (the view of ``prev_state`` for the same seat) where that part's inputs
        are the very same objects."""
        seats: _SeatsPart | None = None
        plots: tuple[tuple[int, ...], tuple[int, ...]] | None = None
        lots: tuple[tuple[int, ...], ...] | None = None
        sealed: SealedView[Any] | None = None
        sealed_known = False
        claims: tuple[tuple[tuple[int, int], ...], tuple[tuple[Commission, int], ...]] | None
        claims = None
        own_pending: tuple[Commission, ...] | None = None
        if prev_state is not None and prev_view is not None:
            if state.players is prev_state.players:
                seats = _seats_of_view(prev_view)
            if state.city is prev_state.city:
                plots = (prev_view.river_all, prev_view.marsh)
            if state.lots is prev_state.lots:
                lots = prev_view.lots
            if state.sealed is prev_state.sealed:
                sealed = prev_view.sealed
                sealed_known = True
            if state.claims is prev_state.claims:
                claims = (prev_view.claims, prev_view.own_claims)
            if state.pending is prev_state.pending:
                own_pending = prev_view.own_pending
        if seats is None:
            seats = self._seen_seats(state.players, seat)
        if plots is None:
            plots = (self._cells(state.city.river_all), self._cells(state.city.marsh))
        if lots is None:
            lots = tuple([self._cells(lot) for lot in state.lots])
        if not sealed_known:
            sealed = state.sealed.view(seat) if state.sealed is not None else None
        if claims is None:
            claims = _seen_claims(state.claims, seat)
        if own_pending is None:
            own_pending = tuple([item for who, item in state.pending if who == seat])
        markers, floors, deed_counts, permit_counts, known_deeds, known_permits = seats[:6]
        cash, hand_deeds, hand_permits, counted_cash = seats[6:]
        return _new_view(
            View,
            (
                seat,
                self.players,
                _PHASE_NAMES[state.phase],
                state.year,
                state.season,
                state.characters,
                state.city.buildings,
                state.city.incomes,
                state.city.next_id,
                plots[0],
                plots[1],
                markers,
                floors,
                state.city.blocks,
                deed_counts,
                permit_counts,
                known_deeds,
                known_permits,
                cash,
                hand_deeds,
                hand_permits,
                len(state.deed_deck),
                len(state.permit_deck),
                state.queue,
                sealed,
                state.drafts[seat] if seat is not None else (),
                lots,
                state.bribes,
                state.order,
                state.bought,
                state.lobbied,
                state.slots,
                state.bids,
                state.bid_flow,
                state.offer,
                state.offers_left,
                state.passes,
                claims[0],
                (state.pending[0][0] if state.phase == Phase.REQUISITION and state.pending else -1),
                claims[1],
                own_pending,
                state.river_path,
                state.log,
                state.deck_mark,
                state.stall,
                state.counters,
                state.ended,
                counted_cash,
            ),
        )

    def _seen_seats(self, players: tuple[Player, ...], seat: int | None) -> _SeatsPart:
        """What ``seat`` sees of every seat's figures: counts and what is publicly known of the
        others, its own cash and hand (nothing of a hand for a spectator)."""
        cells = self._cells
        own = players[seat] if seat is not None else None
        return (
            tuple([p.marker for p in players]),
            tuple([p.floor for p in players]),
            tuple([p.deeds.bit_count() for p in players]),
            tuple([sum(p.permits) for p in players]),
            tuple([cells(p.known_deeds) for p in players]),
            tuple([p.known_permits for p in players]),
            own.cash if own is not None else None,
            cells(own.deeds) if own is not None else (),
            own.permits if own is not None else (),
            tuple([p.counted for p in players]),
        )

    def sample_state(self, view: View, rng: Rng) -> State:
        """A state consistent with ``view``: other hands dealt from the unseen deeds and permits
        (keeping what is publicly known), each other seat's cash as the open payments add up
        (split at random where they do not fit the view), another seat's sealed bribe or bids
        as the greedy bot would make them there."""
        n = self.players
        me = view.seat
        phase = PHASES_BY_NAME[view.phase]
        river_all = bd.mask_of(view.river_all)
        marsh = bd.mask_of(view.marsh)
        built = 0
        for b in view.buildings:
            built |= b.mask
        city = CityMap(
            view.buildings, river_all, marsh, built, view.incomes, view.blocks, view.next_building
        )
        own_deeds = bd.mask_of(view.hand_deeds)
        # Deeds nobody can see: the deck and the unknown part of the other hands.
        known = [bd.mask_of(k) for k in view.known_deeds]
        known_permits = [list(k) for k in view.known_permits]
        # Cards shown in public for the moment are in their holder's hand too: an offer's cards.
        shown: list[tuple[int, tuple[str, ...]]] = []
        if view.offer is not None:
            shown.append((view.offer.seat, view.offer.give))
        for seat, cards in shown:
            counts = Counter(card for card in cards if card not in bd.INDEX)
            for card in cards:
                if card in bd.INDEX:
                    known[seat] |= 1 << bd.INDEX[card]
            for card, count in counts.items():
                permit = cd.PERMIT_INDEX[card]
                known_permits[seat][permit] = max(known_permits[seat][permit], count)
        lots = tuple(bd.mask_of(lot) for lot in view.lots)
        unseen = self.rules.deeds_in_game(city) & ~built & ~own_deeds
        for seat in range(n):
            if seat != me:
                unseen &= ~known[seat]
        for lot in lots:
            unseen &= ~lot
        if phase in (Phase.RIVER, Phase.MARSH):
            unseen = 0
        pool = rng.shuffled(list(set_bits(unseen)))
        # Permits nobody can see.
        permit_pool_counts = list(self.catalogue.permit_counts)
        if phase in (Phase.RIVER, Phase.MARSH, Phase.CHARACTERS):
            permit_pool_counts = [0] * cd.PERMIT_TYPES
        for seat in range(n):
            hand = view.hand_permits if seat == me else tuple(known_permits[seat])
            for permit, count in enumerate(hand):
                permit_pool_counts[permit] -= count
        for permit in view.slots:
            if permit >= 0:
                permit_pool_counts[permit] -= 1
        permit_pool: list[int] = []
        for permit, count in enumerate(permit_pool_counts):
            permit_pool.extend([permit] * count)
        permit_pool = rng.shuffled(permit_pool)
        # Cash: the others and the bank share what the viewer does not hold.
        floors = [0] * n
        for seat in range(n):
            if seat == me:
                continue
            if phase == Phase.SALE_LOBBY:
                floors[seat] = view.bribes[seat]
            elif phase == Phase.BID_LOBBY:
                floors[seat] = sum(view.bids[seat])
            elif phase == Phase.REBID:
                floors[seat] = max(0, sum(view.bids[seat]) + view.bid_flow[seat])
            if phase == Phase.TRADE_REPLY and view.offer is not None and view.offer.seat == seat:
                floors[seat] = max(floors[seat], view.offer.cash)
        own_cash = view.cash if view.cash is not None else 0
        others = [seat for seat in range(n) if seat != me]
        cash = self._counted_cash(view, others, floors, own_cash)
        if cash is not None:
            bank = self.rules.economy.bank_total - own_cash - sum(cash[s] for s in others)
        else:
            spare = self.rules.economy.bank_total - own_cash - sum(floors)
            cuts = sorted(rng.randint(0, max(0, spare)) for _ in others)
            shares = [b - a for a, b in zip([0, *cuts], [*cuts, max(0, spare)], strict=True)]
            cash = [0] * n
            for seat, share in zip(others, shares, strict=False):
                cash[seat] = floors[seat] + share
            bank = shares[-1]
        if me is not None:
            cash[me] = own_cash
        players = []
        for seat in range(n):
            if seat == me:
                deeds = own_deeds
                permits = view.hand_permits
            else:
                extra = view.deed_counts[seat] - bd.popcount(known[seat])
                deeds = known[seat] | bd.mask_of(pool[:extra])
                pool = pool[extra:]
                permits = tuple(known_permits[seat])
                missing = view.permit_counts[seat] - sum(permits)
                for permit in permit_pool[:missing]:
                    permits = add_permit(permits, permit)
                permit_pool = permit_pool[missing:]

            players.append(
                Player(
                    deeds,
                    permits,
                    cash[seat],
                    view.markers[seat],
                    view.floors[seat],
                    bd.mask_of(view.known_deeds[seat]),
                    view.known_permits[seat],
                    view.counted_cash[seat],
                )
            )
        sealed = self._sample_sealed(view, phase, players, rng)
        drafts = tuple(view.draft if seat == me else () for seat in range(n))
        state = State(
            phase=phase,
            year=view.year,
            season=view.season,
            players=tuple(players),
            characters=view.characters,
            bank=bank,
            deed_deck=tuple(pool[: view.deed_deck]),  # (all of it in a real game)
            permit_deck=tuple(permit_pool[: view.permit_deck]),
            city=city,
            queue=view.queue,
            sealed=sealed,
            lots=lots,
            bribes=view.bribes,
            order=view.order,
            bought=view.bought,
            lobbied=view.lobbied,
            slots=view.slots,
            bids=view.bids,
            bid_flow=view.bid_flow,
            offer=view.offer,
            offers_left=view.offers_left,
            passes=view.passes,
            drafts=drafts,
            claims=(),
            pending=(),
            river_path=view.river_path,
            log=view.log,
            deck_mark=view.deck_mark,
            stall=view.stall,
            counters=view.counters,
            ended=view.ended,
        )
        if phase == Phase.REQUISITION:
            state = self._sample_requisitions(state, view)
        elif phase in (Phase.BRIBE, Phase.PERMIT_BID):
            state = self._modelled_commits(state, view, rng)
        return state

    def _modelled_commits(self, s: State, view: View, rng: Rng) -> State:
        """Another seat's sealed bribe or permit bids, already made but unseen, as the greedy
        bot would have made them in the sampled position (its own sampled hand and cash): the
        way the search plays every seat still to commit, rather than an amount drawn evenly
        between nothing and all its cash."""
        from tycoon.games.milton_keynes.bots import GreedyBot

        sealed = s.sealed
        if sealed is None or view.sealed is None:
            return s
        others = [seat for seat in view.sealed.committed if seat != view.seat]
        if not others:
            return s
        own = tuple((seat, value) for seat, value in sealed.commits if seat == view.seat)
        bare = evolve(s, sealed=SealedCommits(sealed.seats, own))
        modelled = bare.sealed
        assert modelled is not None
        for seat in others:
            legal = self.rules.legal(bare, seat)
            action = GreedyBot(self, seat, rng, {}).choose(self.observe(bare, seat), legal)
            value: Any = sealed.value_of(seat)
            if isinstance(action, Bribe):
                value = action.amount
            elif isinstance(action, BidPermits):
                value = (action.left, action.right)
            modelled = modelled.commit(seat, value)
        return evolve(s, sealed=modelled)

    def _counted_cash(
        self, view: View, others: Sequence[int], floors: Sequence[int], own_cash: int
    ) -> list[int] | None:
        """The other seats' cash as the open payments add up (``view.counted_cash``), where
        that covers what each is known to hold at least and leaves the bank no less than
        nothing; else ``None`` (a position set up by hand), and the cash is drawn at random."""
        counted = view.counted_cash
        if len(counted) != self.players:
            return None
        if any(counted[s] < floors[s] for s in others):
            return None
        if own_cash + sum(counted[s] for s in others) > self.rules.economy.bank_total:
            return None
        return [counted[s] if s in others else 0 for s in range(self.players)]

    def _sample_requisitions(self, s: State, view: View) -> State:
        """The requisitions of a sampled state: the viewer's own as they are; for every plot
        another seat named, and for the seat naming now, a guessed commission of one of its
        sampled deeds (an AIR BASE, or a SEWAGE REPROCESSOR for a river plot), its permit put in
        the sampled hand in place of an unseen one; their pouches hold just these."""
        me = view.seat
        rules = self.rules
        players = list(s.players)
        items: dict[int, list[Commission]] = {}
        used: dict[int, int] = {}

        def guess(seat: int, plot: int) -> Commission:
            deeds = players[seat].deeds
            free = deeds & ~used.get(seat, 0) or deeds
            near = free & bd.NEIGHBOUR_MASK[plot] or free
            permit = cd.SEWAGE_PERMIT if s.city.river_all >> plot & 1 else cd.AIR_BASE_PERMIT
            if not near:
                return Commission(permit, ())
            cell = (near & -near).bit_length() - 1
            used[seat] = used.get(seat, 0) | 1 << cell
            return Commission(permit, (cell,))

        claims: list[tuple[int, Commission, int]] = []
        mine = list(view.own_claims)
        for seat, plot in view.claims:
            if seat == me:
                while mine and mine[0][1] < 0:
                    claims.append((seat, *mine.pop(0)))
                claims.append((seat, *mine.pop(0)))
                continue
            item = guess(seat, plot)
            items.setdefault(seat, []).append(item)
            claims.append((seat, item, plot))
        claims.extend((me, item, plot) for item, plot in mine if me is not None)
        pending = [(me, item) for item in view.own_pending if me is not None]
        head = view.requisitioner
        if head >= 0 and head != me:
            s = evolve(s, claims=tuple(claims))
            named = rules.named_by(s, head)
            options = [
                Commission(permit, (cell,))
                for permit in (cd.AIR_BASE_PERMIT, cd.SEWAGE_PERMIT)
                for cell in set_bits(players[head].deeds & ~used.get(head, 0))
            ]
            item = next(
                (c for c in options if rules.requisition_options(s, head, c, named)),
                options[0] if options else Commission(cd.AIR_BASE_PERMIT, ()),
            )
            items.setdefault(head, []).append(item)
            pending.insert(0, (head, item))
        for seat, guessed in items.items():
            players[seat] = self._hold_permits(players[seat], [c.permit for c in guessed])
        assert s.sealed is not None and view.sealed is not None
        commits = tuple(
            (seat, view.sealed.own if seat == me else tuple(items.get(seat, ())))
            for seat in s.sealed.seats
        )
        return evolve(
            s,
            players=tuple(players),
            claims=tuple(claims),
            pending=tuple(pending),
            sealed=SealedCommits(s.sealed.seats, commits),
        )

    @staticmethod
    def _hold_permits(player: Player, needed: list[int]) -> Player:
        """``player`` holding the ``needed`` permits, each missing one put in place of a permit
        nobody knows of (the number of permits stays as seen)."""
        permits = list(player.permits)
        for permit, count in Counter(needed).items():
            while permits[permit] < count:
                spare = next(
                    (
                        q
                        for q in range(cd.PERMIT_TYPES)
                        if q not in needed and permits[q] > player.known_permits[q]
                    ),
                    -1,
                )
                if spare < 0:
                    break
                permits[spare] -= 1
                permits[permit] += 1
        return evolve_player(player, permits=tuple(permits))

    def _sample_sealed(
        self, view: View, phase: Phase, players: list[Player], rng: Rng
    ) -> SealedCommits[Any] | None:
        if view.sealed is None:
            return None
        sealed: SealedCommits[Any] = SealedCommits(view.sealed.seats, ())
        for seat in view.sealed.committed:
            if seat == view.seat:
                value: Any = view.sealed.own
            elif phase == Phase.BRIBE:
                value = rng.randint(0, players[seat].cash)
            elif phase == Phase.PERMIT_BID:
                left_slot, right_slot = self.rules.seat_slots(seat)
                cash = players[seat].cash
                left = rng.randint(0, cash) if view.slots[left_slot] >= 0 else 0
                right = rng.randint(0, cash - left) if view.slots[right_slot] >= 0 else 0
                value = (left, right)
            elif phase == Phase.REBID:
                value = view.bids[seat]
            else:
                value = ()  # another pouch: sampled empty (requisitions: see below)
            sealed = sealed.commit(seat, value)
        return sealed

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != Phase.OVER:
            return None
        blocks = state.city.blocks
        cash = tuple(p.cash for p in state.players)
        keys = [(blocks[s], cash[s]) for s in range(self.players)]
        unfinished = state.ended == SAFETY_STOP
        return Outcome(
            scores=tuple(float(b) for b in blocks),
            ranks=Outcome.ranks_from(keys),
            reason=f"most income blocks on the map wins, ties on cash ({state.ended})",
            unfinished=unfinished,
            details={"cash": cash, "years": state.year},
        )

    # -- notation and errors -------------------------------------------------------------

    def parse_action(self, text: str, seat: int) -> Action:
        return parse(text, seat, self.catalogue)

    def format_action(self, action: Action) -> str:
        return format_action(action)

    def check_domain(self, action: Action) -> None:
        check_domain(action, self.players, self.catalogue)

    def explain_illegal(self, state: State, action: Action) -> str:
        return explain_illegal(self, state, action)

    # -- presentation -------------------------------------------------------------------

    def render_text(self, view: View) -> str:
        return render.render_text(self, view)

    def describe_legal(self, view: View, legal: Sequence[Any]) -> list[str]:
        return render.describe_legal(self, view, legal)

    def describe_action(self, action: Action, viewer: int | None) -> str:
        return render.describe_action(self, action, viewer)

    def narrate(self, before: View, action: Action, after: View) -> list[str]:
        return render.narrate(self, before, action, after)

    def explain_outcome(self, state: State) -> str:
        return render.explain_outcome(self, state)

    def seat_label(self, view: View, seat: int) -> str:
        character = view.characters[seat] if seat < len(view.characters) else -1
        if character < 0:
            return self.seat_name(seat)
        return f"{self.seat_name(seat)} ({self.characters[character].name})"

    def seat_roles(self, state: State) -> tuple[str, ...] | None:
        if any(c < 0 for c in state.characters):
            return None
        return tuple(self.characters[c].name for c in state.characters)

    def statistics(self, state: State) -> dict[str, float]:
        figures = self.rules.counters_dict(state)
        figures["years"] = float(state.year)
        figures["buildings_standing"] = float(len(state.city.buildings))
        figures["income_blocks_total"] = float(sum(state.city.blocks))
        figures["winning_blocks"] = float(max(state.city.blocks))
        figures["safety_stop"] = 1.0 if state.ended == SAFETY_STOP else 0.0
        return figures

    def player_colour(self, state_or_view: State | View, seat: int) -> str:
        character = state_or_view.characters[seat]
        if character >= 0:
            return self.characters[character].colour
        return cd.SEAT_COLOURS[seat % len(cd.SEAT_COLOURS)]

    def render_svg(self, view: View) -> str | None:
        from tycoon.games.milton_keynes import svg  # loaded on first use: only people look

        return svg.render_svg(self, view)

    def move_targets(self, action: Action) -> tuple[str, ...]:
        from tycoon.games.milton_keynes import svg

        return svg.move_targets(self, action)

    # -- search hooks ------------------------------------------------------------------------
    def rollout_policy(self) -> Callable[[State, int, Sequence[Any], Rng], Action] | None:
        """The ``greedy`` bot, one per seat for the length of one search, on the state's views."""
        from tycoon.core.players import bot_policy
        from tycoon.games.milton_keynes.bots import GreedyBot

        return bot_policy(self, GreedyBot)

    def evaluate(self, state: State) -> Sequence[float] | None:
        """Each seat's chance of winning guessed from the income blocks it has on the map, with
        a quarter block for each deed in hand and one for every tenth of its fair share of the
        money: a softmax at a temperature of two blocks."""
        from math import exp

        n = self.players
        fair = max(self.rules.economy.bank_total // (n + 1), 1)
        keys = [
            state.city.blocks[s]
            + 0.25 * bd.popcount(state.players[s].deeds)
            + state.players[s].cash / fair
            for s in range(n)
        ]
        top = max(keys)
        weights = [exp((k - top) / 2.0) for k in keys]
        total = sum(weights)
        return [w / total for w in weights]

    def search_depth(self) -> int:
        """Rollout steps before the evaluation (a game between greedy bots runs ~300 steps)."""
        return 20


# The seats' part of a view: markers, floors, deed counts, permit counts, known deeds, known
# permits, own cash, own deeds, own permits, counted cash (``MiltonKeynes._seen_seats``).
_SeatsPart = tuple[
    tuple[int, ...],
    tuple[int, ...],
    tuple[int, ...],
    tuple[int, ...],
    tuple[tuple[int, ...], ...],
    tuple[tuple[int, ...], ...],
    "int | None",
    tuple[int, ...],
    tuple[int, ...],
    tuple[int, ...],
]


def _seats_of_view(view: View) -> _SeatsPart:
    """The seats' part of a view, as ``_seen_seats`` made it."""
    return (
        view.markers,
        view.floors,
        view.deed_counts,
        view.permit_counts,
        view.known_deeds,
        view.known_permits,
        view.cash,
        view.hand_deeds,
        view.hand_permits,
        view.counted_cash,
    )


def _seen_claims(
    claims: tuple[tuple[int, Commission, int], ...], seat: int | None
) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[Commission, int], ...]]:
    """The requisitions named so far as ``seat`` sees them: by whom and which plot (the
    commission in the pouch stays closed), and its own with their commissions."""
    return (
        tuple([(who, plot) for who, _, plot in claims if plot >= 0]),
        tuple([(item, plot) for who, item, plot in claims if who == seat]),
    )
