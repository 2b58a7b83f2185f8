"""My City for reinforcement learning: a seat's view as numbers, and the table of its moves.

Everything in My City is public, so the observation is the board and the cups, with seats counted
from the observer (its own zones and cup first). The action table has one id per (counter, square)
placement and, with Rezoning, one per (square, counter) rezoning; ``docs/rl.md`` lists the slices.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from operator import is_not
from typing import TYPE_CHECKING, Any

from tycoon.core.actions import Action
from tycoon.core.encoding import (
    ActionKind,
    BitIds,
    Canvas,
    Encoding,
    FeatureSlice,
    LegalIds,
    check_fields,
    float32_bytes,
    float32_packer,
)
from tycoon.games.my_city.moves import CityMoves, choosable
from tycoon.games.my_city.state import CityView, Place, Rezone, Skip

if TYPE_CHECKING:
    from tycoon.games.my_city.rules import MyCity


_BITS = [[value >> bit & 1 for bit in range(8)] for value in range(256)]
# The view's fields, all of them in order: encode unpacks the view whole.
check_fields(
    CityView,
    "seat",
    "landmark_at",
    "zone_at",
    "supply",
    "rezones_used",
    "to_move",
    "drawn",
    "first",
    "opening_rolls",
    "turn",
    "skips",
    "end",
)


class MyCityEncoding(Encoding[CityView]):
    def __init__(self, game: MyCity) -> None:
        tables = game.tables
        self.tables = tables
        squares = tables.board.squares
        counters = tables.counters
        players = game.players
        kinds = len(tables.type_names)
        slices = [
            FeatureSlice(
                "landmark",
                squares,
                "per square: 1 + the landmark's index in the cup "
                "(the rulebook's order), 0 for none",
            ),
            FeatureSlice(
                "zone access",
                players * squares,
                "per seat from the observer, per "
                "square: the access value of that seat's zone there, 0 for none",
            ),
            FeatureSlice(
                "zone owned",
                players * squares,
                "per seat from the observer, per square: 1 if that seat has a zone there",
            ),
            FeatureSlice(
                "zone type",
                kinds * squares,
                "per zone type (the counter set's order, "
                "the slum last), per square: 1 if a zone of that type is there",
            ),
            FeatureSlice("empty", squares, "per square: 1 if it holds neither landmark nor zone"),
            FeatureSlice(
                "cup",
                players * counters,
                "per seat from the observer, per counter: 1 if it is still in that seat's cup",
            ),
            FeatureSlice(
                "drawn", counters, "RANDOM ZONE SELECTION: 1 per counter drawn by the seat to act"
            ),
            FeatureSlice("rezones used", players, "per seat from the observer"),
            FeatureSlice("skips", players, "per seat from the observer: turns it could not move"),
            FeatureSlice("to move", players, "one-hot, seats from the observer (none once over)"),
            FeatureSlice("turn", 1, "moves made so far"),
        ]
        names = tables.counter_names
        square_names = tables.board.names
        table = [
            ActionKind(
                Place,
                (("counter", names), ("square", square_names)),
                meaning="place a counter from the cup on an empty square",
            ),
        ]
        if tables.rezoning:
            table.append(
                ActionKind(
                    Rezone,
                    (("square", square_names), ("counter", names)),
                    meaning="REZONING: replace your zone with a counter",
                )
            )
            table.append(
                ActionKind(Skip, meaning="REZONING: skip the turn when no counter can be placed")
            )
        super().__init__(game)
        self.define(slices, table)
        self._squares = squares
        self._counters = counters
        self._players = players
        self._kinds = kinds
        self._zones_at = self.slice_of("zone access").start
        self._zones_end = self.slice_of("empty").stop
        self._cup_at = self.slice_of("cup").start
        self._drawn_at = self.slice_of("drawn").start
        self._tail_at = self.slice_of("rezones used").start
        self._empty_at = self.slice_of("empty").start
        self._cup_bytes = (counters + 7) // 8
        # Per observer: the seats from it (its own first).
        self._orders = [[(start + k) % players for k in range(players)] for start in range(players)]
        # Per observer, per zone (seat * counters + counter): where its numbers go, less the
        # square (access, owned, type), and its access value.
        self._entries = [
            [
                (
                    self._zones_at + owner * squares,
                    self._zones_at + (players + owner) * squares,
                    self._zones_at + (2 * players + tables.counter_type[counter]) * squares,
                    tables.counter_access[counter],
                )
                for zone in range(players * counters)
                for owner, counter in [((zone // counters - observer) % players, zone % counters)]
            ]
            for observer in range(players)
        ]
        # Placement ids are counter * squares + square: a placement group's ids are its squares'
        # bits repeated at the offset of each of its counters, that is, the squares' mask times
        # the counters' offsets added up (no carries: the copies do not overlap). The offsets of
        # a byte of counters are looked up, byte by byte.
        self._spread = [
            [
                sum(1 << (8 * byte + bit) * squares for bit in range(8) if value >> bit & 1)
                for value in range(256)
            ]
            for byte in range((counters + 7) // 8)
        ]
        self._offsets: dict[int, int] = {}  # counters' mask: their offsets added up
        # Per seat, the placements made so far, by id (see _CityIds.action_of).
        self._places: list[list[Place | None]] = [
            [None] * (counters * squares) for _ in range(players)
        ]
        # An empty board's zones.
        self._no_zones = (-1,) * squares
        # The skip's id: after the placements' and the rezonings' (see legal_ids).
        self._skip_id = 2 * counters * squares
        # Per zone type: the shift and mask of its counters within a cup's bits, its placement
        # ids' offsets for each subset of them taken down to its first counter's (a smaller
        # number to multiply), and that counter's first id (see rule_ids), when every type's
        # counters are a run of at most eight bits (as the tables number them); else None.
        kind_tables: list[tuple[int, int, list[int], int]] | None = []
        for type_mask in tables.type_masks:
            shift = (type_mask & -type_mask).bit_length() - 1
            run = type_mask >> shift if type_mask else 0
            if kind_tables is None or run & (run + 1) or run > 255:
                kind_tables = None
                continue
            base = shift * squares
            kind_tables.append(
                (
                    shift,
                    run,
                    [self._offsets_of(sub << shift) >> base for sub in range(run + 1)],
                    base,
                )
            )
        self._kind_tables = kind_tables
        self._shared_init()

    def _shared_init(self) -> None:
        """The shared observation: every seat's numbers made once per state (see encode), as
        one float32 buffer laid out by absolute seat, each seat-by-seat part twice over (seats
        0 .. P-1, then again), so that an observer's rotated part (its own seat first) is one
        run of it; each observer's observation is the join of its runs."""
        squares = self._squares
        counters = self._counters
        players = self._players
        kinds = self._kinds
        doubled = 2 * players
        self._m_access = access = squares
        self._m_owned = owned = access + doubled * squares
        self._m_types = types = owned + doubled * squares
        self._m_empty = empty = types + kinds * squares
        self._m_cups = cups = empty + squares
        self._m_drawn = drawn = cups + doubled * counters
        self._m_rezones = rezones = drawn + counters
        self._m_skips = skips = rezones + doubled
        self._m_to_move = to_move = skips + doubled
        self._m_turn = turn = to_move + doubled
        size = turn + 1
        self._master = master = bytearray(4 * size)
        self._m_raw = raw = memoryview(master)
        self._m_cells = raw.cast("f")
        self._m_zero = bytes(4 * size)

        def run(start: int, stop: int) -> memoryview:
            return raw[4 * start : 4 * stop]

        # Per observer, its observation's runs (the observation's slices in order).
        self._pieces = [
            [
                run(0, squares),
                run(access + seat * squares, access + (seat + players) * squares),
                run(owned + seat * squares, owned + (seat + players) * squares),
                run(types, cups),
                run(cups + seat * counters, cups + (seat + players) * counters),
                run(drawn, drawn + counters),
                run(rezones + seat, rezones + seat + players),
                run(skips + seat, skips + seat + players),
                run(to_move + seat, to_move + seat + players),
                run(turn, turn + 1),
            ]
            for seat in range(players)
        ]
        # Per zone (seat * counters + counter): its access and owned cells (each twice), its
        # type's cell (less the square) and its access value.
        counter_type = self.tables.counter_type
        counter_access = self.tables.counter_access
        self._m_entries = [
            (
                access + owner * squares,
                access + (owner + players) * squares,
                owned + owner * squares,
                owned + (owner + players) * squares,
                types + counter_type[counter] * squares,
                counter_access[counter],
            )
            for zone in range(players * counters)
            for owner, counter in [divmod(zone, counters)]
        ]
        # The seat to move's one-hot, twice over, by seat, the last for none (-1: over), and
        # where it goes.
        self._m_movers = [
            float32_bytes([1 if seat % players == mover else 0 for seat in range(doubled)])
            for mover in [*range(players), -1]
        ]
        self._m_mover_run = run(to_move, to_move + doubled)
        # Per byte value: its eight bits as float32 (a cup written whole).
        self._m_bits = [float32_bytes(bits) for bits in _BITS]
        self._m_cups_run = run(cups, cups + players * counters)
        self._m_cups_twice = cups + players * counters
        self._m_seats = range(players)
        self._m_cups_again = run(cups + players * counters, cups + doubled * counters)
        # What the shared numbers were last made from (landmarks None: nothing made yet), and
        # the zones as a list (kept equal to the zones last made).
        self._m_landmarks: Any = None
        self._m_zones: tuple[int, ...] = ()
        self._m_zone_list: list[int] = []
        self._m_supply: tuple[int, ...] = ()
        self._m_drawn_of: Any = None
        self._m_rezones_of: Any = None
        self._m_skips_of: Any = None

    def _new_game(self, landmarks: tuple[int, ...], supply: tuple[int, ...]) -> None:
        """The shared numbers from zeros for a new game: the landmarks, the empty row and the
        cups written, an empty board taken as what was last made."""
        raw = self._m_raw
        squares = self._squares
        counters = self._counters
        raw[:] = self._m_zero
        packer = float32_packer(squares)
        packer.pack_into(raw, 0, *[landmark + 1 for landmark in landmarks])
        packer.pack_into(
            raw, 4 * self._m_empty, *[1 if landmark < 0 else 0 for landmark in landmarks]
        )
        # Every cup at once, eight counters a byte of float32 bits.
        bits = self._m_bits
        size = 4 * counters
        row = b"".join(
            [
                b"".join([bits[mask >> 8 * byte & 255] for byte in range(self._cup_bytes)])[:size]
                for mask in supply
            ]
        )
        self._m_cups_run[:] = row
        self._m_cups_again[:] = row
        self._m_landmarks = landmarks
        self._m_zones = self._no_zones
        self._m_zone_list = list(self._no_zones)
        self._m_supply = supply
        self._m_drawn_of = ()
        self._m_rezones_of = self._m_skips_of = None

    def encode(self, view: CityView, canvas: Canvas) -> None:
        raw = canvas.raw
        if raw is None or canvas.memo is None:
            self._encode_listed(view, canvas)
            return
        # A persistent float32 canvas: the shared numbers made for this view's state from
        # those last made (for any seat's view of any state), only the parts whose sources are
        # other objects written again, and in them only what changed; then the observer's runs
        # of them joined and written whole.
        cells = self._m_cells
        # (Every field, in order: checked by check_fields above.)
        observer, landmarks, zones, supply, rezones, mover, drawn, _, _, turn, skips, _ = view
        if landmarks is not self._m_landmarks:
            self._new_game(landmarks, supply)
        before = self._m_supply
        # The zone placed since, when exactly one counter left one cup (-1: none yet, -2: any
        # other change).
        placed = -1
        if supply is not before:
            # Only the counters that left (or came back to) a cup.
            counters = self._counters
            at = self._m_cups
            again = self._m_cups_twice
            for seat in self._m_seats:
                mask = supply[seat]
                was = before[seat]
                if mask is not was:
                    changed = was ^ mask
                    low = changed & -changed
                    base = seat * counters
                    if changed == low and was & low and placed == -1:
                        counter = low.bit_length() - 1
                        cells[at + base + counter] = cells[again + base + counter] = 0
                        placed = base + counter
                    elif changed:
                        placed = -2
                        while changed:
                            low = changed & -changed
                            counter = base + low.bit_length() - 1
                            cells[at + counter] = cells[again + counter] = (
                                mask >> counter - base & 1
                            )
                            changed ^= low
            self._m_supply = supply
        old = self._m_zones
        if zones is not old:
            listed = self._m_zone_list
            changes: Any = None
            if placed >= 0:
                # The counter placed gives its square; the zones must then be the last made
                # with that square changed (else, as for any other change, all are compared).
                try:
                    square = zones.index(placed)
                except ValueError:
                    square = -1
                if square >= 0:
                    listed[square] = placed
                    if tuple(listed) == zones:
                        changes = (square,)
                    else:
                        listed[square] = old[square]
            if changes is None:
                # The squares whose zone changed, found at C speed (by identity: the zones are
                # small ints, one object per value).
                changes = compress(range(self._squares), map(is_not, zones, old))
            entries = self._m_entries
            empty = self._m_empty
            for square in changes:
                zone = zones[square]
                was = old[square]
                if was < 0:
                    if landmarks[square] < 0:
                        cells[empty + square] = 0
                else:
                    access, again, owned, twice, kind, _ = entries[was]
                    cells[access + square] = cells[again + square] = 0
                    cells[owned + square] = cells[twice + square] = cells[kind + square] = 0
                if zone < 0:
                    if landmarks[square] < 0:
                        cells[empty + square] = 1
                else:
                    access, again, owned, twice, kind, value = entries[zone]
                    cells[access + square] = cells[again + square] = value
                    cells[owned + square] = cells[twice + square] = cells[kind + square] = 1
                # (Once written: a zone that fails leaves the list as the zones last made.)
                listed[square] = zone
            self._m_zones = zones
        if drawn is not self._m_drawn_of:
            counters = self._counters
            counts = [0] * counters
            for counter in drawn:
                if 0 <= counter < counters:
                    counts[counter] += 1
            float32_packer(counters).pack_into(self._m_raw, 4 * self._m_drawn, *counts)
            self._m_drawn_of = drawn
        if rezones is not self._m_rezones_of or skips is not self._m_skips_of:
            float32_packer(4 * self._players).pack_into(
                self._m_raw, 4 * self._m_rezones, *rezones, *rezones, *skips, *skips
            )
            self._m_rezones_of = rezones
            self._m_skips_of = skips
        self._m_mover_run[:] = self._m_movers[mover]
        cells[self._m_turn] = turn
        raw[:] = b"".join(self._pieces[observer or 0])

    def _encode_listed(self, view: CityView, canvas: Canvas) -> None:
        """A fresh canvas, or one without a float32 buffer: each part written on its own."""
        data = canvas.data
        players = self._players
        seat = view.seat
        start = seat or 0
        landmarks = view.landmark_at
        if not canvas.same("landmarks", landmarks):
            canvas.block("landmark values", 0, [landmark + 1 for landmark in landmarks])
        self._zones(view, canvas)
        counters = self._counters
        supply = view.supply
        memo = canvas.memo
        previous = memo.get("supply") if memo is not None else None
        if previous is None:
            # Every seat's cup, made in a list and written at once.
            cups: list[int] = []
            for other in range(players):
                mask = supply[(other + start) % players]
                row: list[int] = []
                for byte in range(self._cup_bytes):
                    row += _BITS[mask >> 8 * byte & 255]
                cups += row[:counters]
            canvas.put(self._cup_at, cups)
            if memo is not None:
                memo["supply"] = supply
        elif previous is not supply:
            # Only the counters that left (or came back to) a cup since the last view.
            put = data if canvas.cells is None else canvas.cells
            at = self._cup_at
            for other in self._orders[start]:
                mask = supply[other]
                changed = previous[other] ^ mask
                while changed:
                    low = changed & -changed
                    counter = low.bit_length() - 1
                    put[at + counter] = mask >> counter & 1
                    changed ^= low
                at += counters
            if memo is not None:
                memo["supply"] = supply
        drawn = view.drawn
        if drawn or (memo is not None and memo.get("drawn")):
            counts = [0] * counters
            for counter in drawn:
                if 0 <= counter < counters:
                    counts[counter] += 1
            canvas.block("drawn", self._drawn_at, counts)
        # The rezonings, skips and the seat to move change now and then (the seat to move,
        # seen from the seat to act, hardly ever): one run; the move count alone every step.
        rezones = view.rezones_used
        skips = view.skips
        sources = (start, rezones, skips, view.to_move)
        if memo is None or memo.get("tail sources") != sources:
            if memo is not None:
                memo["tail sources"] = sources
            to_move = [0] * players
            if view.to_move >= 0:
                to_move[(view.to_move - start) % players] = 1
            canvas.block(
                "tail",
                self._tail_at,
                [rezones[(other + start) % players] for other in range(players)]
                + [skips[(other + start) % players] for other in range(players)]
                + to_move,
            )
        # The move count, every step.
        (data if canvas.cells is None else canvas.cells)[self._tail_at + 3 * players] = view.turn

    def _zones(self, view: CityView, canvas: Canvas) -> None:
        """The zone slices (access, owned, type, empty), square by square; on a persistent
        canvas only the squares whose zone changed since its last view are written again."""
        zones = view.zone_at
        landmarks = view.landmark_at
        memo = canvas.memo
        previous = memo.get("zones") if memo is not None else None
        data = canvas.data
        entries = self._entries[view.seat or 0]
        empty = self._empty_at
        if previous is not None and previous[0] is landmarks:
            old = previous[1]
            if old is zones:
                return
            # The squares that changed, found at C speed (no Python step per square), written
            # one by one through the buffer's memory where there is one.
            put = data if canvas.cells is None else canvas.cells
            # (By identity: the zones are small ints, one object per value; an equal zone
            # of another object would only be written again as it was.)
            for square in compress(range(len(zones)), map(is_not, zones, old)):
                zone = zones[square]
                was = old[square]
                if was < 0:
                    if landmarks[square] < 0:
                        put[empty + square] = 0
                else:
                    access, owned, kind, _ = entries[was]
                    put[access + square] = put[owned + square] = put[kind + square] = 0
                if zone < 0:
                    if landmarks[square] < 0:
                        put[empty + square] = 1
                else:
                    access, owned, kind, value = entries[zone]
                    put[access + square] = value
                    put[owned + square] = put[kind + square] = 1
        else:
            if memo is not None:
                data[self._zones_at : self._zones_end] = 0
            put = data if canvas.cells is None else canvas.cells
            for square, zone in enumerate(zones):
                if zone < 0:
                    if landmarks[square] < 0:
                        put[empty + square] = 1
                else:
                    access, owned, kind, value = entries[zone]
                    put[access + square] = value
                    put[owned + square] = put[kind + square] = 1
        if memo is not None:
            memo["zones"] = (landmarks, zones)

    def rule_ids(self, state: Any, seat: int) -> LegalIds | None:
        """A placement turn's ids straight from the state (what ``CityMoves`` reads: the seat's
        cup or the counters it drew, and the squares open to each zone type), no moves' object
        made; with REZONING (rezonings and the skip) the listed path."""
        tables = self.tables
        if tables.rezoning or state.to_move != seat:
            return None
        counters = choosable(tables, state, seat)
        kind_tables = self._kind_tables
        bits = 0
        if kind_tables is not None:
            # Each type's counters in the cup as a small number, its offsets looked up by it.
            # (By index, not a zip: zip's keyword, strict or not, costs about a quarter of a
            # microsecond a call.)
            allowed = state.allowed
            for kind, (shift, run, offsets_by, base) in enumerate(kind_tables):
                on = allowed[kind]
                if on:
                    of_kind = counters >> shift & run
                    if of_kind:
                        bits |= on * offsets_by[of_kind] << base
            return _CityIds(self, bits, seat)
        type_masks = tables.type_masks
        offsets_of = self._offsets
        for kind, on in enumerate(state.allowed):
            if on:
                of_kind = counters & type_masks[kind]
                if of_kind:
                    offsets = offsets_of.get(of_kind)
                    if offsets is None:
                        offsets = self._offsets_of(of_kind)
                    bits |= on * offsets
        return _CityIds(self, bits, seat)

    def _offsets_of(self, of_kind: int) -> int:
        """The placement ids' offsets of the counters of ``of_kind`` (a mask of counters) added
        up (see __init__), remembered."""
        offsets = 0
        for byte, table in enumerate(self._spread):
            offsets |= table[of_kind >> 8 * byte & 255]
        self._offsets[of_kind] = offsets
        return offsets

    def legal_ids(self, legal: Sequence[Any]) -> LegalIds:
        if isinstance(legal, CityMoves):
            bits = 0
            offsets_of = self._offsets
            for of_kind, on, _, _ in legal.placements:
                offsets = offsets_of.get(of_kind)
                if offsets is None:
                    offsets = self._offsets_of(of_kind)
                bits |= on * offsets
            rezone_base = self._counters * self._squares
            for square, replacements, _ in legal.rezones:
                bits |= replacements << rezone_base + square * self._counters
            # The skip's id follows the rezonings' (offered only with REZONING, when no
            # counter can be placed).
            if legal.can_skip:
                bits |= 1 << self._skip_id
            return _CityIds(self, bits, legal.seat)
        return super().legal_ids(legal)


class _CityIds(BitIds):
    """The ids of a seat's moves as one integer's bits, worked out by arithmetic on the masks of
    its legal moves; an action is built only when it is looked up (a turn may offer hundreds)."""

    __slots__ = ("encoding", "places", "seat")

    def __init__(self, encoding: MyCityEncoding, bits: int, seat: int) -> None:
        # BitIds.__init__'s fields set here (one call fewer: a seat's ids are made every turn).
        self.entries = {}
        self.spans = []
        self.build = None
        self.shared = False
        self.kept = None
        self.bits = bits
        self.encoding = encoding
        self.seat = seat
        # The seat's placements made so far, by id (the placements' ids come first).
        self.places = encoding._places[seat]

    def action_of(self, key: int) -> Action:
        places = self.places
        if key < len(places):
            # A placement made once per seat and id, then looked up (actions are immutable
            # values; a frozen dataclass costs about a microsecond to make).
            place = places[key]
            if place is None:
                tables = self.encoding.tables
                counter, square = divmod(key, tables.board.squares)
                place = places[key] = Place(
                    self.seat, tables.counter_names[counter], tables.board.names[square]
                )
            return place
        encoding = self.encoding
        if key == encoding._skip_id:
            return Skip(self.seat)
        tables = encoding.tables
        square, counter = divmod(key - len(places), encoding._counters)
        return Rezone(self.seat, tables.board.names[square], tables.counter_names[counter])
