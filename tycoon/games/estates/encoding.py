"""The Estates for reinforcement learning: a seat's view as numbers, and the table of its moves.

Money and cash boxes of other seats are secret in a view (``None``) and are encoded as -1; seats
are counted from the observer. Bids are cut into buckets over the legal range (the lowest legal
bid and all the seat's money included). ``docs/rl.md`` lists the slices.
"""

from __future__ import annotations

from itertools import compress
from operator import is_not, ne
from typing import Any

from tycoon.core import Action, Game
from tycoon.core.encoding import (
    ActionKind,
    Canvas,
    Encoding,
    FeatureSlice,
    FeatureWriter,
    LegalIds,
    bucket_value,
    check_fields,
    field_run,
    float32_bytes,
    relative_seat,
    rotate,
)
from tycoon.games.estates.actions import (
    Auction,
    Bid,
    Buy,
    Cancel,
    Discard,
    Pass,
    Place,
    Sell,
    Stow,
)
from tycoon.games.estates.components import Layout
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
)

BID_BUCKETS = 12
# A game's encoding follows its own catalogue (``game.layout``): a what-if game's slices have
# that catalogue's sizes (rows, lots, companies, pieces, offer rows, rooftop values).


# Each phase's place in the phase slice.
PHASE_INDEX = {name: index for index, name in enumerate(PHASE_NAMES)}
# The view's fields the auction's figures are made from, read as one slice (see encode).
_FIGURES = field_run(EstatesView, "roof_value", "bids")
# The view's fields, all of them in order: encode unpacks the view whole (no slice made).
check_fields(
    EstatesView,
    "seat",
    "players",
    "board",
    "offer",
    "roofs_face_down",
    "roof_values_left",
    "money",
    "box",
    "phase",
    "auctioneer",
    "stowed",
    "piece",
    "roof_value",
    "bids",
    "holder",
    "to_act",
    "turn",
    "round",
    "rounds",
    "start_seat",
    "wins",
    "totals",
    "results",
    "tally",
    "end_reason",
    "paid",
)


class EstatesEncoding(Encoding[EstatesView]):
    def __init__(self, game: Game[Any, Any, EstatesView]) -> None:
        super().__init__(game)
        players = game.players
        layout: Layout = game.layout  # type: ignore[attr-defined]  # an Estates game's own
        components = layout.components
        self._values = layout.values
        self._colours = colours = len(layout.colours)
        self._num_pieces = layout.num_pieces
        self._offer_rows = components.offer_rows
        self._offer_slots = components.offer_row_length
        self._max_roof = max_roof = max(components.rooftops)
        num_rows = layout.num_rows
        lots = num_rows * layout.lots
        offer = components.offer_rows * self._offer_slots
        barriers = layout.num_barriers
        slices = [
            FeatureSlice("floors", lots, "per lot (row by row, lot 1 first): cubes stacked"),
            FeatureSlice(
                "top colour",
                lots * colours,
                "per lot, per colour: 1 if the top cube is of that colour",
            ),
            FeatureSlice("top value", lots, "per lot: the top cube's value, 0 when empty"),
            FeatureSlice("roof", lots, "per lot: its rooftop's value, 0 for none"),
            FeatureSlice("lengths", num_rows, "per row: the development requirement"),
            FeatureSlice("built", num_rows, "per row: lots built"),
            FeatureSlice(
                "barriers",
                barriers,
                "per barrier: -1 in supply, -2 removed, else row * 2 + (1 if it lengthens)",
            ),
            FeatureSlice("mayor", 1, "-1 in supply, -2 removed, else its row"),
            FeatureSlice("cancel", 1, "-1 in supply, -2 used or discarded"),
            FeatureSlice(
                "certificates",
                colours * (players + 1),
                "per colour: one-hot holder, seats from the observer, the last for nobody",
            ),
            FeatureSlice(
                "offer colour",
                offer,
                "per offer row, per position: the cube's colour + 1, 0 for none",
            ),
            FeatureSlice(
                "offer value", offer, "per offer row, per position: the cube's value, 0 for none"
            ),
            FeatureSlice("roofs face down", 1, "rooftops left to draw"),
            FeatureSlice("roof values left", max_roof, "per value 1..: face-down rooftops"),
            FeatureSlice(
                "money", players, "cheques in hand per seat from the observer, -1 if secret"
            ),
            FeatureSlice("box", players, "cheques in each cash box, -1 if secret"),
            FeatureSlice("phase", len(PHASE_NAMES), "one-hot: choose, bid, decide, place, over"),
            FeatureSlice("auctioneer", players, "one-hot, seats from the observer"),
            FeatureSlice("stowed", 1, "1 if the auctioneer stowed a cheque this turn"),
            FeatureSlice(
                "piece", layout.num_pieces, "one-hot: the piece under auction or being placed"
            ),
            FeatureSlice("roof value", 1, "the rooftop turned over for this auction, 0 if none"),
            FeatureSlice(
                "bids",
                players - 1,
                "this auction's bids from the auctioneer's left: amount, -1 a pass, -2 not yet",
            ),
            FeatureSlice(
                "holder", players, "one-hot: who places the piece, seats from the observer"
            ),
            FeatureSlice("to act", players, "one-hot, seats from the observer"),
            FeatureSlice("turn", 1, "turns begun this round"),
            FeatureSlice("round", 2, "this round and the rounds of the game"),
            FeatureSlice("wins", players, "rounds won per seat from the observer"),
            FeatureSlice("totals", players, "scores of finished rounds per seat"),
        ]
        kinds = [
            ActionKind(Stow, meaning="illegal earnings: a cheque into the cash box"),
            ActionKind(
                Auction,
                (("piece", layout.piece_codes),),
                meaning="put a piece up for auction",
            ),
            ActionKind(
                Bid,
                amount="amount",
                buckets=BID_BUCKETS,
                meaning="bid: buckets from the lowest legal bid to all your money",
            ),
            ActionKind(Pass, meaning="pass in the auction"),
            ActionKind(Sell, meaning="sell the piece to the high bidder"),
            ActionKind(Buy, meaning="buy the piece, paying the high bidder"),
            ActionKind(
                Place,
                (("row", tuple(range(num_rows))), ("lot", tuple(range(layout.lots + 2)))),
                meaning="place the piece (lot 0: the Mayor on Main Street, the lot past the "
                "board: a barrier at a row's far end)",
            ),
            ActionKind(
                Cancel,
                (("barrier", tuple(range(1, barriers + 1))),),
                meaning="use the Cancel cube on a barrier",
            ),
            ActionKind(Discard, meaning="remove the Mayor, a barrier or the Cancel cube"),
        ]
        self.define(slices, kinds)
        self._players = players
        self._certificates_at = self.slice_of("certificates").start
        self._roof_at = self.slice_of("roof").start
        self._offer_at = self.slice_of("offer colour").start
        self._roofs_at = self.slice_of("roofs face down").start
        self._turn_at = self.slice_of("money").start
        self._orders = [rotate(list(range(players)), seat) for seat in range(players)]
        seats = range(players)
        self._lot_numbers = range(lots)
        # The turn slices' middle run (phase .. to act), laid out as the slices are: where each
        # figure lies in it, and its numbers with nothing set (bids -2: none yet).
        self._moment_start = self._turn_at + 2 * players
        phases = len(PHASE_NAMES)
        self._auctioneer_at = phases
        self._stowed_at = phases + players
        self._piece_at = self._stowed_at + 1
        self._roof_value_at = self._piece_at + self._num_pieces
        self._bids_at = self._roof_value_at + 1
        self._holder_at = self._bids_at + players - 1
        self._to_act_at = self._holder_at + players
        self._moment: list[float] = [0] * (self._to_act_at + players)
        self._moment[self._bids_at : self._holder_at] = [-2] * (players - 1)
        self._score_start = self._moment_start + len(self._moment)
        # Where the moment's ones lie in the observation (-1 none; a list's index -1, so
        # the tables end with it): by phase; per observer, by the auctioneer, the holder
        # (the seat to act is the holder's table moved along), and by the piece.
        moment = self._moment_start
        self._phase_at = {name: moment + index for name, index in PHASE_INDEX.items()}
        self._stowed_one = moment + self._stowed_at
        pieces = [moment + self._piece_at + piece for piece in range(self._num_pieces)] + [-1]
        self._moment_tables = [
            (
                [moment + self._auctioneer_at + (other - start) % players for other in seats]
                + [-1],
                [moment + self._holder_at + (other - start) % players for other in seats] + [-1],
                pieces,
            )
            for start in range(players)
        ]
        # On a buffer of float32 numbers the whole observation is written at every view,
        # joined from the float32 bytes of its parts (see encode), made once: a
        # number's, each phase's one-hot, per observer each seat's one-hot (auctioneer,
        # holder, seat to act; index -1, the last, for none), each piece's one-hot; and, kept
        # as they first come, a bids tuple's run and per observer money and boxes' run.
        self._number_bytes = {value: float32_bytes((value,)) for value in range(-2, 256)}
        self._phase_bytes = {
            name: float32_bytes([1 if index == at else 0 for index in range(phases)])
            for name, at in PHASE_INDEX.items()
        }
        self._seat_bytes = [
            [
                float32_bytes([1 if (other - start) % players == at else 0 for at in seats])
                for other in seats
            ]
            + [float32_bytes([0] * players)]
            for start in seats
        ]
        self._stowed_bytes = (float32_bytes((0,)), float32_bytes((1,)))
        # Per observer (the last for a spectator): the last certificates, money and boxes,
        # and score met, with their bytes (see encode).
        self._observers = [_Observer() for _ in range(players + 1)]
        # Per observer, a certificate's one-hot row by its holder (index -1, the last: nobody).
        self._holder_rows = [
            [
                float32_bytes([1 if index == (holder - start) % players else 0 for index in seats])
                + float32_bytes((0,))
                for holder in seats
            ]
            + [float32_bytes([0] * players + [1])]
            for start in seats
        ]
        self._piece_bytes = [
            float32_bytes([1 if index == piece else 0 for index in range(self._num_pieces)])
            for piece in range(self._num_pieces)
        ] + [float32_bytes([0] * self._num_pieces)]
        self._bids_bytes: dict[tuple[int, ...], bytes] = {}
        # The bids' run after k bids: -2 (not yet) for the others, by k.
        self._bid_pads = [float32_bytes([-2] * (players - 1 - k)) for k in range(players)]
        # Per observer: money's or boxes' bytes by their figures.
        self._figures: list[dict[Any, bytes]] = [{} for _ in seats]
        # The last board, offer and rooftops left encoded and their bytes, shared by every
        # observer (see _Made); each colour's one-hot row of a lot's top cube as float32
        # bytes (index -1, the last: none).
        self._made = _Made()
        self._colour_rows = [
            float32_bytes([1 if index == colour else 0 for index in range(colours)])
            for colour in range(colours)
        ] + [float32_bytes([0] * colours)]
        # A cube's colour + 1 and value + 1 as float32 bytes, by cube; an offer row's zeros
        # after k cubes, by k.
        cubes = range(layout.num_cubes)
        self._cube_colour_bytes = [float32_bytes((cube // self._values + 1,)) for cube in cubes]
        self._cube_value_bytes = [float32_bytes((cube % self._values + 1,)) for cube in cubes]
        self._offer_pads = [bytes(4 * (self._offer_slots - k)) for k in range(self._offer_slots)]
        # An offer row's bytes (colours, values) by its cubes (see _offer_row).
        self._offer_rows_made: dict[tuple[int, ...], tuple[bytes, bytes]] = {}
        # For ids straight from the rules: each seat's actions, made once, with their ids.
        self._layout = layout
        self._minimum_bid: int = game.minimum_bid  # type: ignore[attr-defined]
        self._bid_id = self.base_id(Bid)
        # A bid's ids by seat, lowest legal bid and money (see rule_ids).
        self._bid_ids: dict[Any, LegalIds] = {}
        # Per seat, the first bid's ids made with the buckets and without: every other
        # seat's bid ids of the same kind are the same ids (with other actions), so they take
        # what an adapter made of these (their ``kept``: tycoon.rl's mask).
        self._bid_like: tuple[list[LegalIds | None], ...] = tuple([None, None] for _ in seats)
        self._pass_id = self.base_id(Pass)
        self._stow_id = self.base_id(Stow)
        self._sell_id = self.base_id(Sell)
        self._buy_id = self.base_id(Buy)
        self._discard_id = self.base_id(Discard)
        self._auction_id = self.base_id(Auction, (layout.piece_codes[0],))
        self._place_id = self.base_id(Place, (0, 0))
        self._cancel_id = self.base_id(Cancel, (1,))
        self._lot_span = layout.lots + 2  # Place ids per row
        seats = range(players)
        self._seat_actions = tuple((Stow(s), Pass(s), Sell(s), Buy(s), Discard(s)) for s in seats)
        # Each seat's ids to sell, or to sell or buy, made once (see rule_ids).
        self._decide_ids: tuple[list[LegalIds | None], ...] = tuple([None, None] for _ in seats)
        # Each seat's bids by amount, made as they are first played (see _Bids).
        self._bids: tuple[dict[int, Bid], ...] = tuple({} for _ in seats)
        self._auctions = tuple(
            tuple(Auction(s, code) for code in layout.piece_codes) for s in seats
        )
        self._places = tuple(
            tuple(Place(s, row, lot) for row in range(num_rows) for lot in range(layout.lots + 2))
            for s in seats
        )
        # Per seat, each piece's auction and each lot's placement (by the lot's index on the
        # board, row by row) as an (id, action) entry of rule_ids' ids.
        self._auction_entries = tuple(
            [(self._auction_id + piece, auction) for piece, auction in enumerate(auctions)]
            for auctions in self._auctions
        )
        lot_at = [
            index // layout.lots * self._lot_span + index % layout.lots + 1 for index in range(lots)
        ]
        self._lot_entries = tuple(
            [(self._place_id + at, places[at]) for at in lot_at] for places in self._places
        )
        self._cancels = tuple(
            tuple(Cancel(s, value) for value in range(1, barriers + 1)) for s in seats
        )

    def _encode_listed(self, view: EstatesView, canvas: Canvas) -> None:
        """The general way (any canvas's data; the reference the float32 buffer's bytes are
        tested against)."""
        players = self._players
        seat = view.seat
        # What each part was last made from (the persistent canvas's record; a fresh canvas,
        # written once, gets an empty one, so that every part is written).
        memo = canvas.memo
        if memo is None:
            memo = {}
        # The general way (a list, the reference the buffer's bytes are tested against; on a
        # persistent canvas, each part written only when what it is made from changed).
        board = view.board
        last = memo.get("board")
        if last is not board:
            memo["board"] = board
            self._board(board, last, seat, canvas)
        offer = view.offer
        if memo.get("offer") is not offer:
            memo["offer"] = offer
            canvas.block("offer values", self._offer_at, self._offer(offer))
        roofs = view.roof_values_left
        if memo.get("roofs") is not roofs:
            memo["roofs"] = roofs
            canvas.block(
                "roof counts", self._roofs_at, self._roof_counts(roofs, view.roofs_face_down)
            )
        start = seat or 0
        order = self._orders[start]
        # The turn slices in three runs: money and boxes, the auction's moment (phase to
        # the seat to act), the score.
        money = view.money
        box = view.box
        if memo.get("purse") != (money, box):
            memo["purse"] = (money, box)
            canvas.put(
                self._turn_at,
                [-1 if money[other] is None else money[other] for other in order]
                + [-1 if box[other] is None else box[other] for other in order],
            )
        # The auction's moment: its ones (phase, auctioneer, stowed, piece, holder, seat to
        # act), each group's one moved only where it moved (-1: none set), found in the
        # observer's tables; its figures (the rooftop turned over, the bids) and the turn
        # number written when they changed.
        moment = self._moment_start
        auctioneers, holders, pieces = self._moment_tables[start]
        to_act = view.to_act
        ones = (
            self._phase_at[view.phase],
            auctioneers[view.auctioneer],
            self._stowed_one if view.stowed else -1,
            pieces[view.piece],
            holders[view.holder],
            holders[to_act[0]] + self._to_act_at - self._holder_at if to_act else -1,
        )
        canvas.ones("moment", moment, moment + len(self._moment), ones)
        whole: tuple[Any, ...] = view  # read by a run of fields (see field_run)
        figures = whole[_FIGURES]
        if memo.get("figure sources") != figures:
            memo["figure sources"] = figures
            roof_value, bids = figures
            values: list[float] = [roof_value, *bids[: players - 1]]
            if len(bids) < players - 1:
                values += [-2] * (players - 1 - len(bids))
            canvas.put(moment + self._roof_value_at, values)
        # The turn moves at every auction, the rest of the score only between rounds.
        turn = view.turn
        if memo.get("turn") != turn:
            memo["turn"] = turn
            canvas.data[self._score_start] = turn
        wins, totals = view.wins, view.totals
        score = (start, view.round, wins, totals)
        if memo.get("score sources") != score:
            memo["score sources"] = score
            canvas.block(
                "score",
                self._score_start + 1,
                [view.round, view.rounds]
                + [wins[other] for other in order]
                + [totals[other] for other in order],
            )

    def encode(self, view: EstatesView, canvas: Canvas) -> None:
        """On a float32 buffer, the whole observation written at once as float32 bytes (the
        same numbers as the general way, ``_encode_listed``), joined from its parts' bytes:
        the board's (made once per board for every seat), the certificates' (per observer,
        joined from each holder's row), the offer's and the rooftops' counts (once per
        tuple), money and boxes (per observer, kept by identity, then by value), each one-hot
        of the auction's moment and each number (made once), the bids (kept by tuple) and
        the score (per observer, kept by identity)."""
        raw = canvas.raw
        if raw is None:
            self._encode_listed(view, canvas)
            return
        (
            seat,
            _,
            board,
            offer,
            face_down,
            roofs,
            money,
            box,
            phase,
            auctioneer,
            stowed,
            piece,
            roof_value,
            bids,
            holder,
            to_act,
            turn,
            round_,
            rounds,
            _,
            wins,
            totals,
            _,
            _,
            _,
            _,
        ) = view  # every field, in order (checked by check_fields above)
        if seat is None:
            start = 0
            slot = self._players
        else:
            start = slot = seat
        made = self._made
        if made.board is not board:
            self._board_bytes(board)
        certificates = board.certificates
        observer = self._observers[slot]
        if observer.certificates is not certificates:
            self._certificates_for(certificates, seat, observer)
        if made.offer is not offer:
            made.offer = offer
            made.offer_bytes = self._offer_bytes(offer)
        if made.roofs is not roofs or made.face_down != face_down:
            made.roofs = roofs
            made.face_down = face_down
            made.roof_bytes = float32_bytes(self._roof_counts(roofs, face_down))
        if observer.money is not money:
            observer.money = money
            observer.money_bytes = self._figures_for(money, start)
        if observer.box is not box:
            observer.box = box
            observer.box_bytes = self._figures_for(box, start)
        bid_bytes = self._bids_bytes.get(bids)
        if bid_bytes is None:
            bid_bytes = self._bids_of(bids)
        if observer.wins is not wins or observer.totals is not totals or observer.round != round_:
            self._score_for(wins, totals, round_, rounds, start, observer)
        numbers = self._number_bytes
        seats = self._seat_bytes[start]
        try:
            joined = b"".join(
                (
                    made.board_bytes,
                    observer.certificate_bytes,
                    made.offer_bytes,
                    made.roof_bytes,
                    observer.money_bytes,
                    observer.box_bytes,
                    self._phase_bytes[phase],
                    seats[auctioneer],
                    self._stowed_bytes[stowed],  # a bool: 0 or 1
                    self._piece_bytes[piece],
                    numbers[roof_value],
                    bid_bytes,
                    seats[holder],
                    seats[to_act[0] if to_act else -1],
                    numbers[turn],
                    observer.score_bytes,
                )
            )
        except KeyError:
            # A rooftop's value or a turn beyond the number table (never in the rulebook's
            # game): added, and joined again (any other key missing is an error).
            if roof_value in numbers and turn in numbers:
                raise
            numbers[roof_value] = float32_bytes((roof_value,))
            numbers[turn] = float32_bytes((turn,))
            self.encode(view, canvas)
            return
        raw[:] = joined

    def _certificates_for(
        self, certificates: tuple[int, ...], seat: int | None, observer: _Observer
    ) -> None:
        """The certificates' one-hot rows as float32 bytes for the observer ``seat``, joined
        from each holder's row, kept as the observer's last."""
        rows = self._holder_rows[0 if seat is None else seat]
        observer.certificates = certificates
        observer.certificate_bytes = b"".join([rows[holder] for holder in certificates])

    def _figures_for(self, figures: tuple[int | None, ...], start: int) -> bytes:
        """Money or boxes per seat from the observer ``start`` (-1 secret) as float32 bytes,
        kept by value."""
        kept = self._figures[start]
        made = kept.get(figures)
        if made is None:
            made = float32_bytes(
                [-1 if figures[other] is None else figures[other] for other in self._orders[start]]
            )
            made = _keep(kept, figures, made)
        return made

    def _score_for(
        self,
        wins: tuple[int, ...],
        totals: tuple[int, ...],
        round_: int,
        rounds: int,
        start: int,
        observer: _Observer,
    ) -> None:
        """The round, the rounds and each seat's wins and totals from the observer ``start``
        as float32 bytes, kept as the observer's last by identity."""
        order = self._orders[start]
        observer.score_bytes = float32_bytes(
            [round_, rounds] + [wins[other] for other in order] + [totals[other] for other in order]
        )
        observer.wins = wins
        observer.totals = totals
        observer.round = round_

    def _roof_counts(self, roofs: tuple[int, ...], face_down: int) -> list[float]:
        """The rooftops face down, then how many of each value 1.. are left."""
        max_roof = self._max_roof
        counts: list[float] = [0] * (max_roof + 1)
        for value in roofs:
            if 1 <= value <= max_roof:
                counts[value] += 1
        counts[0] = face_down
        return counts

    def _bids_of(self, bids: tuple[int, ...]) -> bytes:
        """The bids' run (amount, -1 a pass, -2 not yet) as float32 bytes, kept by tuple:
        joined from the number table at C speed (made whole for an amount beyond it)."""
        shown = bids[: self._players - 1]
        try:
            made = b"".join(map(self._number_bytes.__getitem__, shown)) + self._bid_pads[len(shown)]
        except KeyError:
            made = float32_bytes(list(shown) + [-2] * (self._players - 1 - len(shown)))
        kept = self._bids_bytes
        if len(kept) >= 4096:
            kept.clear()
        kept[bids] = made
        return made

    def rule_ids(self, state: EstatesState, seat: int) -> LegalIds | None:
        """Every decision's ids straight from the state, as ``Estates.legal_actions`` lists
        them: a bid's buckets from the lowest legal bid to all the seat's money (if it covers
        it) and pass; stow (a cheque in hand, none stowed this turn) and each piece the
        auctioneer may put up (the game's ``selectable``); sell, and buy if the auctioneer's
        money covers the high bid; the lots, rows or barriers the piece may go to (the board
        rules' targets), and discard for the Mayor, a barrier or the Cancel cube. The actions
        are this encoding's own, made once per seat (equal to the game's)."""
        phase = state.phase
        if phase == BID:
            # The seat to act is the next bidder from the auctioneer's left (as the game's
            # to_act finds it). A bid's ids depend on the seat, the lowest legal bid and the
            # seat's money only: the same ids (shared) are handed out again for the same three.
            bids = state.bids
            if (state.auctioneer + 1 + len(bids)) % self._players != seat:
                return None
            money = state.money[seat]
            low = max(self._minimum_bid, _high_bid(bids) + 1)
            key = (seat, low, money) if money >= low else seat
            ids = self._bid_ids.get(key)
            if ids is None:
                ids = self._bid_ids_for(seat, low, money, key)
            return ids
        # Else the holder placing the piece, or the auctioneer (none once over).
        if phase == PLACE:
            if state.holder != seat:
                return None
        elif phase == OVER or state.auctioneer != seat:
            return None
        game: Any = self.game
        found: dict[int, Action] = {}
        if phase == CHOOSE:
            if not state.stowed and state.money[seat] > 0:
                found[self._stow_id] = self._seat_actions[seat][0]
            # Each piece's (id, action), made once per seat: the entries at C speed.
            found.update(map(self._auction_entries[seat].__getitem__, game.selectable(state)))
            return LegalIds(found)
        if phase == DECIDE:
            # Sell, and buy when the seat's money covers the high bid: the same ids (shared)
            # for each seat and either answer.
            can_buy = state.money[seat] >= _high_bid(state.bids)
            ids = self._decide_ids[seat][can_buy]
            if ids is None:
                _, _, sell, buy, _ = self._seat_actions[seat]
                found[self._sell_id] = sell
                if can_buy:
                    found[self._buy_id] = buy
                ids = LegalIds(found)
                ids.shared = True
                self._decide_ids[seat][can_buy] = ids
            return ids
        if phase != PLACE:
            return None
        layout = self._layout
        rules = game.board_rules
        board = state.board
        piece = state.piece
        places = self._places[seat]
        first = self._place_id
        span = self._lot_span
        if piece < layout.num_cubes or piece == layout.roof:
            targets = (
                rules.cube_targets(board, piece % layout.values + 1)
                if piece < layout.num_cubes
                else rules.roof_targets(board)
            )
            # Each lot's (id, action), made once per seat: the entries at C speed.
            return LegalIds(dict(map(self._lot_entries[seat].__getitem__, targets)))
        if layout.is_barrier(piece):
            for row, lot in rules.barrier_targets(board, piece - layout.barrier_base):
                at = row * span + lot
                found[first + at] = places[at]
        elif piece == layout.mayor:
            for row in range(layout.num_rows):
                found[first + row * span] = places[row * span]
        else:
            cancels = self._cancels[seat]
            for value in rules.cancel_targets(board):
                found[self._cancel_id + value - 1] = cancels[value - 1]
        found[self._discard_id] = self._seat_actions[seat][4]
        return LegalIds(found)

    def _bid_ids_for(self, seat: int, low: int, money: int, key: Any) -> LegalIds:
        """A bid's ids for ``seat`` (pass, and the buckets from ``low`` to ``money`` if it
        covers ``low``), shared and kept by ``key``."""
        ids = LegalIds({self._pass_id: self._seat_actions[seat][1]})
        can_bid = money >= low
        if can_bid:
            ids.span(self._bid_id, BID_BUCKETS, _Bids(self._bids[seat], seat, low, money))
        ids.shared = True
        like = self._bid_like[seat]
        first = like[can_bid]
        if first is None:
            like[can_bid] = ids
        else:
            ids.kept = first.kept
        if len(self._bid_ids) >= 4096:
            self._bid_ids.clear()
        self._bid_ids[key] = ids
        return ids

    def _board(self, board: Board, last: Board | None, seat: int | None, canvas: Canvas) -> None:
        """The board's slices, part by part (a new board shares its unchanged parts): on a
        persistent canvas, which holds the board ``last``, only the parts that are other
        objects than its (all of them without one)."""
        stacks = board.stacks
        values = self._values
        colours = self._colours
        memo = canvas.memo
        old = memo.get("stacks") if memo is not None else None
        if old is None:
            lots = len(stacks)
            canvas.data[0 : lots * (2 + colours)] = [
                *[len(stack) for stack in stacks],
                *[
                    1 if stack and stack[-1] // values == colour else 0
                    for stack in stacks
                    for colour in range(colours)
                ],
                *[stack[-1] % values + 1 if stack else 0 for stack in stacks],
            ]
        elif old is not stacks:
            # A new board shares the stacks of the lots nothing was placed on: the lots whose
            # stack is another object are found at C speed by identity (a cube or two among
            # thirty lots; a stack made again equal is written again, the same numbers).
            self._patch_stacks(canvas.data if canvas.cells is None else canvas.cells, stacks, old)
        if memo is not None:
            memo["stacks"] = stacks
        # The rooftops (a tuple a new board shares until one is placed), then the rest.
        roofs = board.roofs
        if last is None or roofs is not last.roofs:
            canvas.block("lot roofs", self._roof_at, roofs)
        if (
            last is None
            or board.lengths is not last.lengths
            or board.built is not last.built
            or board.barriers is not last.barriers
            or board.mayor != last.mayor
            or board.cancel != last.cancel
        ):
            canvas.block(
                "pieces",
                self._roof_at + len(roofs),
                [*board.lengths, *board.built, *board.barriers, board.mayor, board.cancel],
            )
        if last is None or board.certificates is not last.certificates:
            self._certificates(board, seat, canvas)

    def _certificates(self, board: Board, seat: int | None, canvas: Canvas) -> None:
        """The certificates' one-hot holders, seats from the observer ``seat``."""
        players = self._players
        canvas.choices(
            "certificate holders",
            self._certificates_at,
            players + 1,
            [
                players if holder < 0 else relative_seat(holder, seat, players)
                for holder in board.certificates
            ],
        )

    def _board_bytes(self, board: Board) -> None:
        """Keep in ``_made`` the float32 bytes of the board's slices before the certificates
        (the same numbers as ``_board`` writes, for every observer), for the last board made:
        patched in place for the next one where its parts are other objects (a new board
        shares the stacks of the lots nothing was placed on, its rooftops until one is
        placed), number by number through a float view of them, so that a board is worked
        out once however many seats see it. A board never seen before is made whole."""
        kept = self._made
        made = kept.board
        if made is board:
            return
        stacks = board.stacks
        if made is None or len(made.stacks) != len(stacks):
            numbers = bytearray(float32_bytes(self._board_numbers(board)))
            kept.board = board
            kept.board_bytes = numbers
            kept.floats = memoryview(numbers).cast("f")
            return
        floats = kept.floats
        if made.stacks is not stacks:
            self._patch_stacks(floats, stacks, made.stacks)
        # The rooftops, requirements, lots built and barriers: the numbers that differ.
        at = self._roof_at
        roofs = board.roofs
        if roofs is not made.roofs:
            _patch(floats, at, roofs, made.roofs)
        at += len(roofs)
        if board.lengths is not made.lengths:
            _patch(floats, at, board.lengths, made.lengths)
        at += len(board.lengths)
        if board.built is not made.built:
            _patch(floats, at, board.built, made.built)
        at += len(board.built)
        if board.barriers is not made.barriers:
            _patch(floats, at, board.barriers, made.barriers)
        at += len(board.barriers)
        floats[at] = board.mayor
        floats[at + 1] = board.cancel
        kept.board = board

    def _patch_stacks(
        self, data: Any, stacks: tuple[tuple[int, ...], ...], old: tuple[tuple[int, ...], ...]
    ) -> None:
        """Into ``data`` (a canvas's numbers, or the board bytes' float view), where it holds
        the stacks ``old``: the lots whose stack is another object in ``stacks``, found at C
        speed by identity (a cube or two among thirty lots; a stack made again equal is
        written again, the same numbers): their height, top colour's one (the old top's
        cleared) and top value."""
        values = self._values
        colours = self._colours
        lots = len(stacks)
        values_at = lots * (1 + colours)
        for lot in compress(self._lot_numbers, map(is_not, stacks, old)):
            stack = stacks[lot]
            was = old[lot]
            data[lot] = len(stack)
            if was:
                data[lots + lot * colours + was[-1] // values] = 0
            if stack:
                data[lots + lot * colours + stack[-1] // values] = 1
            data[values_at + lot] = stack[-1] % values + 1 if stack else 0

    def _board_numbers(self, board: Board) -> list[float]:
        """The board's numbers before the certificates, made whole (see ``_board``)."""
        stacks = board.stacks
        values = self._values
        colours = self._colours
        return [
            *[len(stack) for stack in stacks],
            *[
                1 if stack and stack[-1] // values == colour else 0
                for stack in stacks
                for colour in range(colours)
            ],
            *[stack[-1] % values + 1 if stack else 0 for stack in stacks],
            *board.roofs,
            *board.lengths,
            *board.built,
            *board.barriers,
            board.mayor,
            board.cancel,
        ]

    def _offer_bytes(self, offer: tuple[tuple[int, ...], ...]) -> bytes:
        """The offer's numbers (see ``_offer``) as float32 bytes, joined from each cube's."""
        kept = self._offer_rows_made
        colours: list[bytes] = []
        values: list[bytes] = []
        for row in range(self._offer_rows):
            cubes = offer[row] if row < len(offer) else ()
            made = kept.get(cubes)
            if made is None:
                made = self._offer_row(cubes)
            colours.append(made[0])
            values.append(made[1])
        return b"".join(colours) + b"".join(values)

    def _offer_row(self, cubes: tuple[int, ...]) -> tuple[bytes, bytes]:
        """An offer row's colours + 1 and values + 1 as float32 bytes (zeros after its cubes),
        kept by the row (a new offer shares the rows nothing was taken from)."""
        slots = self._offer_slots
        pad = self._offer_pads[len(cubes)] if len(cubes) < slots else b""
        made = (
            b"".join(map(self._cube_colour_bytes.__getitem__, cubes[:slots])) + pad,
            b"".join(map(self._cube_value_bytes.__getitem__, cubes[:slots])) + pad,
        )
        kept = self._offer_rows_made
        if len(kept) >= 4096:
            kept.clear()
        kept[cubes] = made
        return made

    def _offer(self, offer: tuple[tuple[int, ...], ...]) -> list[float]:
        out = FeatureWriter()
        values = self._values
        slots = self._offer_slots
        for row in range(self._offer_rows):
            cubes = offer[row] if row < len(offer) else ()
            out.padded([cube // values + 1 for cube in cubes], slots, fill=0)
        for row in range(self._offer_rows):
            cubes = offer[row] if row < len(offer) else ()
            out.padded([cube % values + 1 for cube in cubes], slots, fill=0)
        return out.values


class _Observer:
    """What an observer's last observation was made from (the certificates, money, boxes and
    score met: kept by identity, the round by value) and those parts' float32 bytes."""

    __slots__ = (
        "box",
        "box_bytes",
        "certificate_bytes",
        "certificates",
        "money",
        "money_bytes",
        "round",
        "score_bytes",
        "totals",
        "wins",
    )

    def __init__(self) -> None:
        self.certificates: object = None
        self.certificate_bytes = b""
        self.money: object = None
        self.money_bytes = b""
        self.box: object = None
        self.box_bytes = b""
        self.wins: object = None
        self.totals: object = None
        self.round = -1
        self.score_bytes = b""


class _Bids:
    """The bid of bucket ``i`` of ``BID_BUCKETS`` from ``low`` to ``high`` (a seat's money), as
    ``bucket_builder`` over ``AmountRange(Bid(seat, 0), low, high)`` makes it, without the range
    and ``dataclasses.replace``: the amount by ``bucket_value``'s arithmetic, the action looked
    up among the seat's bids made before (``made``, by amount)."""

    __slots__ = ("count", "low", "made", "seat")

    def __init__(self, made: dict[int, Bid], seat: int, low: int, high: int) -> None:
        self.made = made
        self.seat = seat
        self.low = low
        self.count = high - low + 1

    def __call__(self, bucket: int) -> Action:
        amount = bucket_value(self.low, 1, self.count, bucket, BID_BUCKETS)
        found = self.made.get(amount)
        if found is None:
            found = self.made[amount] = Bid(self.seat, amount)
        return found


def _patch(floats: memoryview[float], at: int, new: tuple[int, ...], old: tuple[int, ...]) -> None:
    """Write into ``floats`` from ``at`` the numbers of ``new`` that differ from ``old`` (as
    long), found at C speed."""
    for index in compress(range(len(new)), map(ne, new, old)):
        floats[at + index] = new[index]


class _Made:
    """The parts every observer's observation shares, with the objects they were last made
    from (by identity; the rooftops face down by value): the board's numbers before the
    certificates (a bytearray patched in place for the next board through ``floats``, a
    float view of it: see ``EstatesEncoding._board_bytes``), the offer's and the rooftops'
    counts."""

    __slots__ = (
        "board",
        "board_bytes",
        "face_down",
        "floats",
        "offer",
        "offer_bytes",
        "roof_bytes",
        "roofs",
    )

    def __init__(self) -> None:
        self.board: Board | None = None
        self.board_bytes = bytearray()
        self.floats: memoryview[float] = memoryview(b"").cast("f")
        self.offer: object = None
        self.offer_bytes = b""
        self.roofs: object = None
        self.face_down = 0
        self.roof_bytes = b""


def _keep(kept: dict[Any, bytes], source: Any, made: bytes) -> bytes:
    """``made`` kept in ``kept`` by its ``source`` (emptied first once it holds 4,096)."""
    if len(kept) >= 4096:
        kept.clear()
    kept[source] = made
    return made


def _high_bid(bids: tuple[int, ...]) -> int:
    """The highest bid so far (each bid beats the last, so the last real bid), -1 if none (as
    the game's ``high_bid``)."""
    for amount in reversed(bids):
        if amount >= 0:
            return amount
    return -1
