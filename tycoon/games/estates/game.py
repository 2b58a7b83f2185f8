"""The Estates as a tycoon game: setup, turns, auctions, placement, game end and scoring."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from tycoon.core import (
    Action,
    AmountRange,
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
    data_option,
)
from tycoon.games.estates import render, svg
from tycoon.games.estates.actions import (
    ACTION_TYPES,
    Auction,
    Bid,
    Buy,
    Cancel,
    Discard,
    Pass,
    Place,
    Sell,
    Stow,
    check_domain,
    format_action,
    parse_action,
)
from tycoon.games.estates.components import (
    ESTATES_DATA,
    IN_SUPPLY,
    MAX_MONEY,
    NO_PIECE,
    game_layout,
)
from tycoon.games.estates.encoding import EstatesEncoding
from tycoon.games.estates.rules import (
    board_rules,
    place_barrier,
    place_mayor,
    remove_barrier,
)
from tycoon.games.estates.state import (
    BID,
    CHOOSE,
    DECIDE,
    OVER,
    PHASE_NAMES,
    PLACE,
    Board,
    EstatesState,
    EstatesView,
    RoundResult,
)

# Indices into EstatesState.tally.
SOLD, BOUGHT, FREE, STOWED, TURNS = range(5)


# An EstatesView from a tuple, without the keyword-argument wrapper of its constructor.
_new_view: Final = tuple.__new__


class Estates(Game[EstatesState, Action, EstatesView]):
    spec = GameSpec(
        name="estates",
        title="The Estates",
        summary=(
            "open auctions where the auctioneer may sell or buy; floor cubes stacked into "
            "buildings in three rows, two of which must be finished"
        ),
        min_players=2,
        max_players=5,
        default_players=4,
        dynamics=Dynamics.SEQUENTIAL,
        chance=Chance.EXPLICIT,
        information=Information.IMPERFECT,
        version="3",
        options=(
            Option(
                "rounds",
                1,
                "rounds to play, money carried over; whoever wins 2 rounds wins at once, "
                "otherwise the highest total after the last round",
                low=1,
                high=9,
            ),
            Option(
                "minimum-bid",
                1,
                "the lowest bid in $M (our choice: 1; 0 lets a player bid nothing; at most the "
                "starting money)",
                low=0,
                high=MAX_MONEY,
            ),
            Option(
                "open-money",
                False,
                "show everyone's money in hand and cash box (the rulebook keeps them secret)",
            ),
            Option(
                "empty-row-complete",
                True,
                "RULING: a row shortened to 0 lots counts as complete with no buildings",
            ),
            data_option(ESTATES_DATA, "every field of components.json may change"),
        ),
        aliases=("the-estates",),
    )
    action_types = ACTION_TYPES
    encoding_type = EstatesEncoding
    data_files = ESTATES_DATA

    # -- configuration -----------------------------------------------------------------------

    def configure(self) -> None:
        n = self.players
        try:
            layout = game_layout(str(self.options["data"]))
        except DataError as error:
            raise OptionError(f"estates data: {error.reason}") from None
        #: The tables and board rules of this game's catalogue (``--data`` may change them).
        self.layout = layout
        self.board_rules = board_rules(layout)
        self.components = components = layout.components
        self.starting_money = components.starting_money
        self.round_wins_to_end = components.round_wins_to_end
        self.rounds = int(self.options["rounds"])
        self.minimum_bid = int(self.options["minimum-bid"])
        if self.minimum_bid > self.starting_money:
            # The option's bounds are fixed before the data is read: checked here against
            # this game's own starting money (what-if data may change it).
            raise OptionError(
                f"minimum-bid: at most the starting money (${self.starting_money}M), "
                f"not {self.minimum_bid}"
            )
        self.open_money = bool(self.options["open-money"])
        self.empty_row_complete = bool(self.options["empty-row-complete"])
        # Every concrete action is made once; legal_actions hands out these instances.
        self._single = tuple((s,) for s in range(n))
        self._stow = tuple(Stow(s) for s in range(n))
        self._pass = tuple(Pass(s) for s in range(n))
        self._sell = tuple(Sell(s) for s in range(n))
        self._buy = tuple(Buy(s) for s in range(n))
        self._discard = tuple(Discard(s) for s in range(n))
        self._bid_template = tuple(Bid(s, 0) for s in range(n))
        self._auction = tuple(
            tuple(Auction(s, code) for code in layout.piece_codes) for s in range(n)
        )
        self._place = tuple(
            tuple(
                tuple(Place(s, r, lot) for lot in range(layout.lots + 2))
                for r in range(layout.num_rows)
            )
            for s in range(n)
        )
        # Place actions by lot index (row * lots + lot - 1), for cubes and rooftops.
        self._place_at = tuple(
            tuple(
                self._place[s][i // layout.lots][i % layout.lots + 1]
                for i in range(layout.num_rows * layout.lots)
            )
            for s in range(n)
        )
        self._cancel = tuple(
            tuple(Cancel(s, v) for v in range(layout.num_barriers + 1)) for s in range(n)
        )
        self._cache: tuple[EstatesState | None, int, tuple[Any, ...]] = (None, -1, ())
        # Per seat, the secret figures it sees (its own, None for the others) by its own figure:
        # one tuple per figure, as _seen_figures makes it (see _seen).
        self._seen_made: tuple[dict[int, tuple[int | None, ...]], ...] = tuple({} for _ in range(n))

    # -- setup -------------------------------------------------------------------------------

    def initial_state(self, rng: Rng) -> EstatesState:
        n = self.players
        zeros = (0,) * n
        return self._new_round(
            number=1,
            money=(self.starting_money,) * n,
            wins=zeros,
            totals=zeros,
            results=(),
            tally=(0, 0, 0, 0, 0),
            rng=rng,
            paid=zeros,
        )

    def _new_round(
        self,
        number: int,
        money: tuple[int, ...],
        wins: tuple[int, ...],
        totals: tuple[int, ...],
        results: tuple[RoundResult, ...],
        tally: tuple[int, ...],
        rng: Rng,
        paid: tuple[int, ...],
    ) -> EstatesState:
        """Setup: 24 of the 36 cubes drawn into 3 offer rows of 8, rooftops face down, a random
        first auctioneer. Money is carried in (step 6 of the setup is skipped after round 1)."""
        components = self.components
        drawn = rng.sample(range(self.layout.num_cubes), components.cubes_drawn)
        width = components.offer_row_length
        offer = tuple(
            tuple(drawn[i * width : (i + 1) * width]) for i in range(components.offer_rows)
        )
        start = rng.below(self.players)
        return EstatesState(
            board=self.board_rules.empty_board(),
            offer=offer,
            roofs_left=tuple(sorted(components.rooftops)),
            money=money,
            box=(0,) * self.players,
            phase=CHOOSE,
            auctioneer=start,
            stowed=False,
            piece=NO_PIECE,
            roof_value=0,
            bids=(),
            holder=-1,
            turn=1,
            round=number,
            start_seat=start,
            wins=wins,
            totals=totals,
            results=results,
            tally=_count(tally, TURNS),
            end_reason="",
            paid=paid,
        )

    # -- whose turn, what is legal -----------------------------------------------------------

    def to_act(self, state: EstatesState) -> tuple[int, ...]:
        phase = state.phase
        if phase == BID:
            return self._single[(state.auctioneer + 1 + len(state.bids)) % self.players]
        if phase == PLACE:
            return self._single[state.holder]
        if phase == OVER:
            return ()
        return self._single[state.auctioneer]

    def legal_actions(self, state: EstatesState, seat: int) -> Sequence[Any]:
        # The last answer is kept (states are immutable, so identity means equality); it is
        # one tuple, replaced whole, so concurrent callers never see a mixed entry.
        cached = self._cache
        if cached[0] is state and cached[1] == seat:
            return cached[2]
        legal = self._legal(state, seat)
        self._cache = (state, seat, legal)
        return legal

    def _legal(self, state: EstatesState, seat: int) -> tuple[Any, ...]:
        to_act = self.to_act(state)
        if not to_act or to_act[0] != seat:
            return ()
        phase = state.phase
        if phase == BID:
            money = state.money[seat]
            low = max(self.minimum_bid, high_bid(state.bids) + 1)
            if money >= low:
                return (AmountRange(self._bid_template[seat], low, money), self._pass[seat])
            return (self._pass[seat],)
        if phase == CHOOSE:
            auction = self._auction[seat]
            pieces = tuple(auction[p] for p in self.selectable(state))
            if not state.stowed and state.money[seat] > 0:
                return (self._stow[seat], *pieces)
            return pieces
        if phase == DECIDE:
            if state.money[seat] >= high_bid(state.bids):
                return (self._sell[seat], self._buy[seat])
            return (self._sell[seat],)
        return self._placements(state, seat)

    def selectable(self, state: EstatesState) -> list[int]:
        """The pieces the auctioneer may put up: cubes at either end of an offer row that can
        be placed somewhere (RULING), the next rooftop while a building lacks one, and every
        barrier, the Mayor and the Cancel cube not yet used."""
        layout = self.layout
        board = state.board
        stacks = board.stacks
        roofs = board.roofs
        lots = layout.lots
        values = layout.values
        white = layout.white_dirt
        cap = layout.white_cap
        lengths = board.lengths
        can_start = False
        highest_top = 0  # a cube numbered below this can go on some stack
        unroofed = False
        for row, built in enumerate(board.built):
            if built < lengths[row]:
                can_start = True
            base = row * lots
            for index in range(base, base + built):
                if not roofs[index]:
                    unroofed = True
                    if not white[index] or len(stacks[index]) < cap:
                        top = stacks[index][-1] % values + 1
                        if top > highest_top:
                            highest_top = top
        pieces: list[int] = []
        for offer_row in state.offer:
            if offer_row:
                first = offer_row[0]
                if can_start or first % values + 1 < highest_top:
                    pieces.append(first)
                if len(offer_row) > 1:
                    last = offer_row[-1]
                    if can_start or last % values + 1 < highest_top:
                        pieces.append(last)
        if unroofed and state.roofs_left:
            pieces.append(layout.roof)
        base = layout.barrier_base
        for value, code in enumerate(board.barriers, start=1):
            if code == IN_SUPPLY:
                pieces.append(base + value)
        if board.mayor == IN_SUPPLY:
            pieces.append(layout.mayor)
        if board.cancel == IN_SUPPLY:
            pieces.append(layout.cancel)
        return pieces

    def _placements(self, state: EstatesState, seat: int) -> tuple[Any, ...]:
        layout = self.layout
        board = state.board
        piece = state.piece
        if piece < layout.num_cubes:
            at = self._place_at[seat]
            return tuple(
                at[i] for i in self.board_rules.cube_targets(board, piece % layout.values + 1)
            )
        if piece == layout.roof:
            at = self._place_at[seat]
            return tuple(at[i] for i in self.board_rules.roof_targets(board))
        place = self._place[seat]
        if layout.is_barrier(piece):
            targets = self.board_rules.barrier_targets(board, piece - layout.barrier_base)
            return (*(place[r][lot] for r, lot in targets), self._discard[seat])
        if piece == layout.mayor:
            return (*(place[r][0] for r in range(layout.num_rows)), self._discard[seat])
        cancel = self._cancel[seat]
        return (*(cancel[v] for v in self.board_rules.cancel_targets(board)), self._discard[seat])

    # -- transitions -------------------------------------------------------------------------

    def transition(self, state: EstatesState, action: Action, rng: Rng) -> EstatesState:
        kind = type(action)
        if kind is Bid or kind is Pass:
            return self._bid(state, action.amount if kind is Bid else -1)  # type: ignore[attr-defined]
        if kind is Place or kind is Cancel or kind is Discard:
            return self._end_turn(state, self._placed(state, action), rng)
        if kind is Auction:
            return self._open_auction(state, self.layout.piece_by_code[action.piece.lower()], rng)  # type: ignore[attr-defined]
        if kind is Sell or kind is Buy:
            return self._settle(state, kind is Buy)
        if kind is Stow:
            seat = state.auctioneer
            money = list(state.money)
            box = list(state.box)
            money[seat] -= 1
            box[seat] += 1
            return EstatesState(
                state.board,
                state.offer,
                state.roofs_left,
                tuple(money),
                tuple(box),
                CHOOSE,
                seat,
                True,
                NO_PIECE,
                0,
                (),
                -1,
                state.turn,
                state.round,
                state.start_seat,
                state.wins,
                state.totals,
                state.results,
                _count(state.tally, STOWED),
                "",
                state.paid,
            )
        raise TypeError(f"not an Estates action: {action!r}")

    def _open_auction(self, state: EstatesState, piece: int, rng: Rng) -> EstatesState:
        offer = state.offer
        roofs_left = state.roofs_left
        roof_value = 0
        if piece < self.layout.num_cubes:
            # Take the cube from the end of its offer row.
            rows = list(offer)
            for i, offer_row in enumerate(rows):
                if offer_row and offer_row[0] == piece:
                    rows[i] = offer_row[1:]
                    break
                if offer_row and offer_row[-1] == piece:
                    rows[i] = offer_row[:-1]
                    break
            offer = tuple(rows)
        elif piece == self.layout.roof:
            # Turn the next rooftop over (drawn now: the same as the top of a shuffled pile).
            index = rng.below(len(roofs_left))
            roof_value = roofs_left[index]
            roofs_left = roofs_left[:index] + roofs_left[index + 1 :]
        return EstatesState(
            state.board,
            offer,
            roofs_left,
            state.money,
            state.box,
            BID,
            state.auctioneer,
            state.stowed,
            piece,
            roof_value,
            (),
            -1,
            state.turn,
            state.round,
            state.start_seat,
            state.wins,
            state.totals,
            state.results,
            state.tally,
            "",
            state.paid,
        )

    def _bid(self, state: EstatesState, amount: int) -> EstatesState:
        bids = (*state.bids, amount)
        phase = BID
        holder = -1
        tally = state.tally
        if len(bids) == self.players - 1:
            if max(bids) < 0:
                # Everyone passed: the auctioneer takes the piece for free.
                phase = PLACE
                holder = state.auctioneer
                tally = _count(tally, FREE)
            else:
                phase = DECIDE
        return EstatesState(
            state.board,
            state.offer,
            state.roofs_left,
            state.money,
            state.box,
            phase,
            state.auctioneer,
            state.stowed,
            state.piece,
            state.roof_value,
            bids,
            holder,
            state.turn,
            state.round,
            state.start_seat,
            state.wins,
            state.totals,
            state.results,
            tally,
            "",
            state.paid,
        )

    def _settle(self, state: EstatesState, buy: bool) -> EstatesState:
        amount, bidder = high_bidder(state.bids, state.auctioneer, self.players)
        auctioneer = state.auctioneer
        money = list(state.money)
        paid = list(state.paid)
        if buy:
            # The auctioneer keeps the piece and pays the bid to the high bidder.
            payer, payee = auctioneer, bidder
            holder = auctioneer
        else:
            # The high bidder takes the piece and pays the bid to the auctioneer.
            payer, payee = bidder, auctioneer
            holder = bidder
        money[payer] -= amount
        money[payee] += amount
        paid[payer] -= amount
        paid[payee] += amount
        return EstatesState(
            state.board,
            state.offer,
            state.roofs_left,
            tuple(money),
            state.box,
            PLACE,
            auctioneer,
            state.stowed,
            state.piece,
            state.roof_value,
            state.bids,
            holder,
            state.turn,
            state.round,
            state.start_seat,
            state.wins,
            state.totals,
            state.results,
            _count(state.tally, BOUGHT if buy else SOLD),
            "",
            tuple(paid),
        )

    def _placed(self, state: EstatesState, action: Action) -> Board:
        """The board once the piece has been placed, used or discarded."""
        board = state.board
        piece = state.piece
        kind = type(action)
        if kind is Cancel:
            return remove_barrier(board, action.barrier)  # type: ignore[attr-defined]
        if kind is Discard:
            return self.board_rules.discard_piece(board, piece)
        assert isinstance(action, Place)
        if piece < self.layout.num_cubes:
            return self.board_rules.place_cube(board, piece, action.row, action.lot, state.holder)
        if piece == self.layout.roof:
            return self.board_rules.place_roof(board, state.roof_value, action.row, action.lot)
        if piece == self.layout.mayor:
            return place_mayor(board, action.row)
        return place_barrier(board, piece - self.layout.barrier_base, action.row, action.lot)

    def _end_turn(self, state: EstatesState, board: Board, rng: Rng) -> EstatesState:
        """After a piece is placed or discarded: the round may end, else the next player on
        the left becomes the auctioneer."""
        complete = sum(
            1
            for row in range(self.layout.num_rows)
            if self.board_rules.is_row_complete(board, row, self.empty_row_complete)
        )
        reason = ""
        if complete >= 2:
            reason = "two rows are complete"
        elif not state.roofs_left:
            reason = "no rooftops are left, so no building can be completed"
        elif not any(state.offer) and not self.board_rules.has_unroofed_building(board):
            reason = "no floor cubes are left and every building has its rooftop"
        auctioneer = (state.auctioneer + 1) % self.players
        following = EstatesState(
            board,
            state.offer,
            state.roofs_left,
            state.money,
            state.box,
            CHOOSE,
            auctioneer,
            False,
            NO_PIECE,
            0,
            (),
            -1,
            state.turn + 1,
            state.round,
            state.start_seat,
            state.wins,
            state.totals,
            state.results,
            _count(state.tally, TURNS),
            "",
            state.paid,
        )
        if not reason:
            if self.selectable(following):
                return following
            # Safety net (cannot arise under the rules above, which end the round first).
            reason = "nothing is left that can be auctioned"
        return self._end_round(state, board, reason, rng)

    def _end_round(self, state: EstatesState, board: Board, reason: str, rng: Rng) -> EstatesState:
        n = self.players
        scores = self.board_rules.round_scores(board, state.box, self.empty_row_complete)
        cash = tuple(m + b for m, b in zip(state.money, state.box, strict=True))
        keys = [(scores[s], cash[s]) for s in range(n)]
        best = max(keys)
        winners = tuple(s for s in range(n) if keys[s] == best)
        result = RoundResult(state.round, reason, board, scores, state.money, state.box, winners)
        wins = tuple(w + (1 if s in winners else 0) for s, w in enumerate(state.wins))
        totals = tuple(t + p for t, p in zip(state.totals, scores, strict=True))
        results = (*state.results, result)
        if state.round >= self.rounds or max(wins) >= self.round_wins_to_end:
            return EstatesState(
                board,
                state.offer,
                state.roofs_left,
                state.money,
                state.box,
                OVER,
                state.auctioneer,
                False,
                NO_PIECE,
                0,
                (),
                -1,
                state.turn,
                state.round,
                state.start_seat,
                wins,
                totals,
                results,
                state.tally,
                reason,
                state.paid,
            )
        # Next round: every cheque, the cash box's included, is carried over.
        return self._new_round(
            state.round + 1, cash, wins, totals, results, state.tally, rng, state.paid
        )

    # -- the end -----------------------------------------------------------------------------

    def outcome(self, state: EstatesState) -> Outcome | None:
        if state.phase != OVER:
            return None
        n = self.players
        cash = tuple(m + b for m, b in zip(state.money, state.box, strict=True))
        last = state.results[-1]
        if self.rounds == 1:
            keys: list[tuple[int, ...]] = [(last.scores[s], cash[s]) for s in range(n)]
            return Outcome(
                scores=tuple(float(x) for x in last.scores),
                ranks=Outcome.ranks_from(keys),
                reason=f"the game ends: {last.reason}",
                details={"cheques": cash, "reason": last.reason},
            )
        two_wins = tuple(1 if w >= self.round_wins_to_end else 0 for w in state.wins)
        keys = [(two_wins[s], state.totals[s], cash[s]) for s in range(n)]
        if any(two_wins):
            names = " and ".join(self.seat_name(s) for s in range(n) if two_wins[s])
            reason = f"{names} won {self.round_wins_to_end} rounds"
        else:
            reason = f"all {state.round} rounds played: highest total wins"
        return Outcome(
            scores=tuple(float(t) for t in state.totals),
            ranks=Outcome.ranks_from(keys),
            reason=reason,
            details={
                "cheques": cash,
                "round_scores": tuple(r.scores for r in state.results),
                "wins": state.wins,
            },
        )

    # -- what each seat sees -----------------------------------------------------------------

    def observe(self, state: EstatesState, seat: int | None) -> EstatesView:
        return self.observe_next(None, None, state, seat)

    def observe_next(
        self,
        prev_state: EstatesState | None,
        prev_view: EstatesView | None,
        state: EstatesState,
        seat: int | None,
    ) -> EstatesView:
        """``observe(state, seat)``, reusing what it can: while money is secret a seat's money
        and cash boxes are the tuples made once per own figure (``_seen``), and the round
        results the previous view's (``prev_view``, the view of ``prev_state`` for the same
        seat) where the state's are the very same and as secret as they were (no previous
        view: made whole, as ``observe``). (``observe`` calls this, not the other way round:
        the table asks for the next view at every step, one call fewer.)"""
        open_money = self.open_money
        secret = not open_money and state.phase != OVER
        money: tuple[int | None, ...] | None
        box: tuple[int | None, ...] | None
        if not secret:
            money = state.money
            box = state.box
        elif seat is not None and 0 <= seat < self.players:
            # The tuples _seen makes and keeps, looked up here first (one call fewer a view).
            made = self._seen_made[seat]
            money = made.get(state.money[seat])
            if money is None:
                money = self._seen(state.money, seat, secret)
            box = made.get(state.box[seat])
            if box is None:
                box = self._seen(state.box, seat, secret)
        else:
            money = _seen_figures(state.money, seat, secret)
            box = _seen_figures(state.box, seat, secret)
        results = state.results
        if results and secret:
            # Finished rounds as the seat sees them: the previous view's where they are the
            # very same and were as secret (else masked again; none yet, or open: as they are).
            if (
                prev_view is not None
                and prev_state is not None
                and results is prev_state.results
                and not open_money
                and prev_state.phase != OVER
            ):
                results = prev_view.results
            else:
                results = _seen_results(results, seat, secret)
        return _new_view(
            EstatesView,
            (
                seat,
                self.players,
                state.board,
                state.offer,
                len(state.roofs_left),
                state.roofs_left,
                money,
                box,
                PHASE_NAMES[state.phase],
                state.auctioneer,
                state.stowed,
                state.piece,
                state.roof_value,
                state.bids,
                state.holder,
                self.to_act(state),
                state.turn,
                state.round,
                self.rounds,
                state.start_seat,
                state.wins,
                state.totals,
                results,
                state.tally,
                state.end_reason,
                state.paid,
            ),
        )

    def _seen(
        self, figures: tuple[int, ...], seat: int | None, secret: bool
    ) -> tuple[int | None, ...]:
        """``_seen_figures(figures, seat, secret)``; while secret, for a seat, the tuple made
        before for the same own figure (the others are hidden alike), so that a seat's views
        share it."""
        if (
            not secret
            or seat is None
            or not 0 <= seat < len(figures)
            or len(figures) != self.players
        ):
            return _seen_figures(figures, seat, secret)
        made = self._seen_made[seat]
        figure = figures[seat]
        seen = made.get(figure)
        if seen is None:
            seen = _seen_figures(figures, seat, secret)
            if len(made) >= 1024:
                made.clear()
            made[figure] = seen
        return seen

    def sample_state(self, view: EstatesView, rng: Rng) -> EstatesState:
        """The view's state with every hidden figure redrawn: other seats' money in hand and
        cash boxes, keeping each seat's cheques in hand and box together as the record of the
        auctions tells them (``paid``: every winning bid is paid in the open), each bid of the
        running auction covered, a stowed cheque in the auctioneer's box and no more cheques
        stowed than turns taken this round. Where the record does not fit the view (a position
        set up by hand) the hidden seats share the cheques nobody can see at random."""
        n = self.players
        phase = PHASE_NAMES.index(view.phase)
        money = [m if m is not None else 0 for m in view.money]
        box = [b if b is not None else 0 for b in view.box]
        hidden = [s for s in range(n) if view.money[s] is None]
        if hidden:
            known = sum(money[s] + box[s] for s in range(n) if s not in hidden)
            left = self.starting_money * n - known
            least_hand = dict.fromkeys(hidden, 0)
            least_box = dict.fromkeys(hidden, 0)
            if phase in (BID, DECIDE):
                for i, amount in enumerate(view.bids):
                    bidder = (view.auctioneer + 1 + i) % n
                    if bidder in least_hand:
                        least_hand[bidder] = max(least_hand[bidder], amount)
            if view.stowed and view.auctioneer in least_box:
                least_box[view.auctioneer] = 1
            tracked = self._tracked_cheques(view, hidden, left, least_hand, least_box)
            for s in hidden:
                money[s] = least_hand[s]
                box[s] = least_box[s]
                left -= money[s] + box[s]
                if tracked is not None:
                    money[s] = tracked[s] - box[s]
            if tracked is None:
                for _ in range(max(left, 0)):
                    money[hidden[rng.below(len(hidden))]] += 1
            for s in hidden:
                # Turns this round in which s could have stowed (not the running one unless
                # the cheque is already in).
                turns = sum(1 for t in range(view.turn - 1) if (view.start_seat + t) % n == s)
                if s == view.auctioneer and view.stowed:
                    turns += 1
                room = min(money[s] - least_hand[s], max(turns - box[s], 0))
                if room > 0:
                    moved = rng.below(room + 1)
                    money[s] -= moved
                    box[s] += moved
        results = tuple(_sampled_result(r, self.starting_money * n, rng) for r in view.results)
        return EstatesState(
            board=view.board,
            offer=view.offer,
            roofs_left=view.roof_values_left,
            money=tuple(money),
            box=tuple(box),
            phase=phase,
            auctioneer=view.auctioneer,
            stowed=view.stowed,
            piece=view.piece,
            roof_value=view.roof_value,
            bids=view.bids,
            holder=view.holder,
            turn=view.turn,
            round=view.round,
            start_seat=view.start_seat,
            wins=view.wins,
            totals=view.totals,
            results=results,
            tally=view.tally,
            end_reason=view.end_reason,
            paid=view.paid,
        )

    def _tracked_cheques(
        self,
        view: EstatesView,
        hidden: Sequence[int],
        left: int,
        least_hand: Mapping[int, int],
        least_box: Mapping[int, int],
    ) -> dict[int, int] | None:
        """Each hidden seat's cheques in hand and box together, as the auctions' public record
        gives them (the starting money plus cheques received less cheques paid), where that
        record accounts for the ``left`` cheques nobody in sight holds and covers what each
        seat is known to hold at least; else ``None``."""
        if len(view.paid) != self.players:
            return None
        tracked = {s: self.starting_money + view.paid[s] for s in hidden}
        if sum(tracked.values()) != left:
            return None
        if any(tracked[s] < least_hand[s] + least_box[s] for s in hidden):
            return None
        return tracked

    # -- notation and errors -----------------------------------------------------------------

    def parse_action(self, text: str, seat: int) -> Action:
        return parse_action(text, seat, self.layout)

    def format_action(self, action: Action) -> str:
        return format_action(action, self.layout)

    def check_domain(self, action: Action) -> None:
        check_domain(action, self.layout)

    def explain_illegal(self, state: EstatesState, action: Action) -> str:
        reason = self._refusal(state, action)
        return f"{self.format_action(action)}: {reason}"

    def _refusal(self, state: EstatesState, action: Action) -> str:
        phase = state.phase
        seat = action.seat
        kind = type(action)
        expected = {
            CHOOSE: "choose a piece to auction (stow a cheque first if you wish)",
            BID: "bid or pass",
            DECIDE: "sell the piece to the high bidder or buy it",
            PLACE: f"place {self.layout.piece_name(state.piece, state.roof_value)}",
        }
        allowed = {
            CHOOSE: (Stow, Auction),
            BID: (Bid, Pass),
            DECIDE: (Sell, Buy),
            PLACE: (Place, Cancel, Discard),
        }
        if phase == OVER:
            return "the game is over"
        if kind not in allowed[phase]:
            if kind is Stow:
                return (
                    "illegal earnings are stowed only at the start of your own turn, "
                    f"before choosing a piece; now {expected[phase]}"
                )
            return f"now {expected[phase]}"
        money = state.money[seat]
        if kind is Stow:
            if state.stowed:
                return "you may stow only one $1M cheque a turn"
            return "you have no cheque in hand to stow"
        if kind is Auction:
            return self._auction_refusal(state, action.piece)  # type: ignore[attr-defined]
        if kind is Bid:
            amount = action.amount  # type: ignore[attr-defined]
            high = high_bid(state.bids)
            if high >= 0 and amount <= high:
                return f"each bid must be higher than the last bid (${high}M)"
            if amount < self.minimum_bid:
                return f"bids are whole amounts of at least ${self.minimum_bid}M"
            if amount > money:
                return (
                    f"you cannot bid more money than you have in hand (${money}M; "
                    "illegal earnings in the cash box cannot be used)"
                )
        if kind is Buy:
            high = high_bid(state.bids)
            return f"you cannot pay the high bid of ${high}M with ${money}M in hand: you must sell"
        if kind is Discard:
            return (
                "floor cubes and rooftops must be placed; only the Mayor, a barrier or the "
                "Cancel cube may be discarded"
            )
        if kind is Cancel:
            if state.piece != self.layout.cancel:
                held = self.layout.piece_name(state.piece, state.roof_value)
                return f"you hold {held}, not the Cancel cube"
            refusal = self.board_rules.cancel_refusal(state.board, action.barrier)  # type: ignore[attr-defined]
            if refusal:
                return refusal
        if kind is Place:
            refusal = self._place_refusal(state, action)  # type: ignore[arg-type]
            if refusal:
                return refusal
        return "that is not a legal move now"

    def _auction_refusal(self, state: EstatesState, code: str) -> str:
        piece = self.layout.piece_by_code[code.lower()]
        if piece < self.layout.num_cubes:
            name = self.layout.piece_name(piece)
            if any(piece in row for row in state.offer):
                if not any(row and piece in (row[0], row[-1]) for row in state.offer):
                    return f"{name} is not at either end of an offer row"
                return (
                    f"{name} cannot be placed anywhere on the board, so it cannot be "
                    "auctioned (RULING)"
                )
            return f"{name} is not in the offer rows"
        if piece == self.layout.roof:
            if not state.roofs_left:
                return "no rooftops are left"
            return "a rooftop may be auctioned only while a building has no rooftop"
        if self.layout.is_barrier(piece):
            return f"barrier {piece - self.layout.barrier_base} has already been used or discarded"
        return f"{self.layout.piece_name(piece)} has already been used or discarded"

    def _place_refusal(self, state: EstatesState, action: Place) -> str | None:
        piece = state.piece
        board = state.board
        row, lot = action.row, action.lot
        if piece == self.layout.mayor:
            letter = self.layout.rows[row].letter
            return f"the Mayor stands on Main Street in front of a row: write place {letter}"
        if self.layout.is_barrier(piece):
            return self.board_rules.barrier_refusal(
                board, piece - self.layout.barrier_base, row, lot
            )
        if piece == self.layout.cancel:
            choices = " or ".join(f"cancel {v}" for v in range(1, self.layout.num_barriers + 1))
            return f"the Cancel cube removes a barrier: write {choices or 'discard'}"
        if lot == 0:
            return "only the Mayor goes on Main Street; give a lot, e.g. place U1"
        if piece == self.layout.roof:
            return self.board_rules.roof_refusal(board, row, lot)
        return self.board_rules.cube_refusal(board, piece, row, lot)

    # -- presentation ------------------------------------------------------------------------

    def render_text(self, view: EstatesView) -> str:
        return render.render_view(self, view)

    def describe_legal(self, view: EstatesView, legal: Sequence[Any]) -> list[str]:
        return render.describe_legal(self, view, legal)

    def narrate(self, before: EstatesView, action: Action, after: EstatesView) -> list[str]:
        return render.narrate(self, before, action, after)

    def explain_outcome(self, state: EstatesState) -> str:
        return render.explain_outcome(self, state)

    def statistics(self, state: EstatesState) -> dict[str, float]:
        last = state.results[-1] if state.results else None
        stats: dict[str, float] = {
            "turns": float(state.tally[TURNS]),
            "auctions_sold": float(state.tally[SOLD]),
            "auctions_bought": float(state.tally[BOUGHT]),
            "auctions_all_passed": float(state.tally[FREE]),
            "cheques_stowed": float(state.tally[STOWED]),
            "rounds_played": float(len(state.results)),
        }
        if last is not None:
            board = last.board
            stats["complete_rows"] = float(
                sum(
                    1
                    for r in range(self.layout.num_rows)
                    if self.board_rules.is_row_complete(board, r, self.empty_row_complete)
                )
            )
            stats["buildings"] = float(sum(board.built))
            stats["mayor_placed"] = 1.0 if board.mayor >= 0 else 0.0
            stats["barriers_placed"] = float(sum(1 for b in board.barriers if b >= 0))
            stats["winning_score"] = float(max(last.scores))
            stats["certificates_taken"] = float(sum(1 for c in board.certificates if c >= 0))
        return stats

    def render_svg(self, view: EstatesView) -> str | None:
        return svg.render_svg(self, view)

    def move_targets(self, action: Action) -> tuple[str, ...]:
        return svg.move_targets(action, self.layout)

    # -- search hooks ------------------------------------------------------------------------

    def rollout_policy(
        self,
    ) -> Callable[[EstatesState, int, Sequence[Any], Rng], Action] | None:
        """The ``greedy`` bot, one per seat for the length of one search, on the state's views."""
        from tycoon.core.players import bot_policy
        from tycoon.games.estates.bots import GreedyBot

        return bot_policy(self, GreedyBot)

    def evaluate(self, state: EstatesState) -> Sequence[float] | None:
        """Each seat's chance of winning guessed from what its buildings are likely to score
        (the greedy bot's prospects: complete rows likely or not), its cash box and earlier
        rounds' totals, a little for money in hand: a softmax at a temperature of eight points
        (thirty-two before the second rooftop is turned over, when little is built yet).

        Fitted to greedy games' winners (the log loss by rooftops turned): four points, used
        before, was worse than guessing evenly through the first half of a round."""
        from math import exp

        from tycoon.games.estates.bots import prospects

        n = self.players
        likely = prospects(state.board, n, self.empty_row_complete, self.board_rules)
        keys = [state.totals[s] + likely[s] + state.box[s] + 0.1 * state.money[s] for s in range(n)]
        temperature = 32.0 if len(state.roofs_left) > len(self.components.rooftops) - 2 else 8.0
        top = max(keys)
        weights = [exp((k - top) / temperature) for k in keys]
        whole = sum(weights)
        return [w / whole for w in weights]

    def search_depth(self) -> int:
        """Rollout steps before the evaluation: about two auctions."""
        return 12

    def search_memory(self) -> str:
        """With the cheques counted, determinisations differ only in the hand/box split, and a
        search meets its states again now and then (a rooftop drawn apart): keeping its memory
        and stretching rewards there won 40 of the first 96 games of seed 1 against three
        greedy seats, giving it up (``auto``: fewer than one look-up in five hit) 2.5 of 13."""
        return "keep"


def high_bid(bids: tuple[int, ...]) -> int:
    """The highest bid so far (each bid beats the last, so the last real bid), -1 if none."""
    for amount in reversed(bids):
        if amount >= 0:
            return amount
    return -1


def high_bidder(bids: tuple[int, ...], auctioneer: int, players: int) -> tuple[int, int]:
    """(amount, seat) of the highest bid."""
    for i in range(len(bids) - 1, -1, -1):
        if bids[i] >= 0:
            return bids[i], (auctioneer + 1 + i) % players
    raise ValueError("nobody has bid")


def _seen_figures(
    figures: tuple[int, ...], seat: int | None, secret: bool
) -> tuple[int | None, ...]:
    """Per-seat secret figures (money in hand, cash boxes) as ``seat`` sees them: its own, and
    ``None`` for the others while they are ``secret``."""
    if not secret:
        return figures
    return tuple([figure if other == seat else None for other, figure in enumerate(figures)])


def _seen_results(
    results: tuple[RoundResult, ...], seat: int | None, secret: bool
) -> tuple[RoundResult, ...]:
    """The finished rounds as ``seat`` sees them (see ``_masked_result``)."""
    if not secret or not results:
        return results
    return tuple([_masked_result(result, seat) for result in results])


def _masked_result(result: RoundResult, seat: int | None) -> RoundResult:
    """A finished round as ``seat`` sees it before the game is over: the scores and cash boxes
    (which the scores include) are public; money in hand only the seat's own and that of players
    tied on the round's top score, whose cheques break the tie."""
    scores = result.scores
    best = max(scores)
    tied = sum(1 for x in scores if x == best) > 1
    money = tuple(
        m if s == seat or (tied and scores[s] == best) else None for s, m in enumerate(result.money)
    )
    return RoundResult(
        result.number, result.reason, result.board, scores, money, result.box, result.winners
    )


def _sampled_result(result: RoundResult, cheques: int, rng: Rng) -> RoundResult:
    """A past round with the hidden money in hand redrawn: the cheques not in the cash boxes
    nor known are shared at random among the hidden seats."""
    hidden = [s for s, m in enumerate(result.money) if m is None]
    if not hidden:
        return result
    money = [m or 0 for m in result.money]
    left = cheques - sum(result.box) - sum(money)
    for _ in range(max(left, 0)):
        money[hidden[rng.below(len(hidden))]] += 1
    return RoundResult(
        result.number,
        result.reason,
        result.board,
        result.scores,
        tuple(money),
        result.box,
        result.winners,
    )


def _count(tally: tuple[int, ...], index: int) -> tuple[int, ...]:
    return (*tally[:index], tally[index] + 1, *tally[index + 1 :])
