"""Water Rights for reinforcement learning: a seat's view as numbers, and the table of its moves.

Roles are asymmetric (King, Senior, Riparian, Junior), so towns keep their role order and the
observation says which role the observer plays. Everything is public except the deck orders and
the other roles' secret goals, which a view does not hold. ``docs/rl.md`` lists the slices.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable, Sequence
from functools import partial
from itertools import combinations, compress
from operator import is_not, itemgetter, ne
from typing import TYPE_CHECKING, Any

from tycoon.core import Action, AmountRange
from tycoon.core.encoding import (
    LATER,
    ActionKind,
    BitIds,
    Canvas,
    Encoding,
    FeatureSlice,
    LegalIds,
    bucket_amount,
    field_run,
    float32_bytes,
    float32_packer,
)
from tycoon.games.water_rights.actions import (
    AdjustTax,
    AdjustWater,
    Build,
    Collect,
    Destroy,
    Done,
    Draft,
    Feed,
    Fill,
    Post,
    Request,
    SetColours,
    Supply,
)
from tycoon.games.water_rights.catalogue import (
    CELL_NAMES,
    CELLS,
    COLOURS,
    MAYORS,
    ROLES,
    cells_of,
    tax_rate_allowed,
)
from tycoon.games.water_rights.rules import (
    COLLECTS,
    DESTROYS,
    DONES,
    FEEDS,
    MAYOR_SLUGS,
    SUPPLIES,
    BuildChoices,
    _colour_combos,
    capacity,
    districts_mask,
    fill_choices,
    placement_mask,
    tokens_cost,
    water_available,
)
from tycoon.games.water_rights.state import (
    BUILD,
    CHANGED_COLOURS,
    CHANGED_TAX,
    CHANGED_WATER,
    DISTRIBUTE,
    DRAFT,
    EMPTY,
    KING_POLICY,
    KING_SETUP,
    PHASE_NAMES,
    State,
    Town,
    View,
)

if TYPE_CHECKING:
    from tycoon.games.water_rights.game import WaterRights

REQUEST_BUCKETS = 8
# At most this many ids a seat are kept to be handed out again (see _ids_of).
_KEPT_IDS = 4096
TAXABLE = len(COLOURS) - 1  # grey is never taxed
TOWN_FIGURES = 13
CELL_FIGURES = 5 + len(COLOURS)
TURN_FIGURES = 17


class WaterRightsEncoding(Encoding[View]):
    def __init__(self, game: WaterRights) -> None:
        super().__init__(game)
        rules = game.rules
        self.kinds_table = rules.kinds
        economy = rules.economy
        self._district_line = len(economy.district_surcharges)
        self._plant_line = len(economy.plant_surcharges)
        self._bonus = economy.bonus_face_up
        towns = len(MAYORS)
        roles = len(ROLES)
        slices = [
            FeatureSlice("own role", roles, "one-hot: King, Senior, Riparian, Junior"),
            FeatureSlice("active role", roles, "one-hot: the role acting now"),
            FeatureSlice(
                "phase",
                len(PHASE_NAMES),
                "one-hot: set-up, taxes and water price, "
                "request, drafting, building, distribution, over",
            ),
            FeatureSlice("round", 1, "the round"),
            FeatureSlice(
                "town figures",
                towns * TOWN_FIGURES,
                "per town (Senior, Riparian, "
                "Junior): cash, reserve water, legacy cards, water debt, facility idle "
                "next, no drafting next, demands met, demands failed, cards in hand, "
                "cash still due on them, trading posts, colours earning nothing next, "
                "tiles",
            ),
            FeatureSlice(
                "town cells",
                towns * CELLS * CELL_FIGURES,
                "per town, per cell (a1, "
                "b1, ...): card kind + 1 (0 empty), water, paid, farmland, plant, "
                "then one-hot district colour (green, red, yellow, grey)",
            ),
            FeatureSlice(
                "turn",
                TURN_FIGURES,
                "the active mayor's turn: districts supplied, "
                "fed, own tokens used, bought (3 colours), spare (3 colours), posts "
                "built, built public, tax paid, idle, no drafting, double tax, income, "
                "plants built",
            ),
            FeatureSlice(
                "economy",
                11,
                "treasury, bank, tax dollars, tax tiles, water dollars, "
                "water units, taxed colours (3 bits), the King's last roll, King "
                "changes made",
            ),
            FeatureSlice("event and demand", 2, "this round's event and demand, + 1 (0 none)"),
            FeatureSlice("district line", self._district_line, "card kind + 1 per slot"),
            FeatureSlice("plant line", self._plant_line, "card kind + 1 per slot"),
            FeatureSlice(
                "decks", 6, "districts, plants, events, demands left; events and demands discarded"
            ),
            FeatureSlice("removed", 1, "tiles destroyed"),
            FeatureSlice(
                "bonus goals",
                2 * self._bonus,
                "per face-up bonus goal: its index + 1 and the role that claimed it + 1 (0 none)",
            ),
            FeatureSlice("secret goal", 1, "the observer's secret goal + 1 (0 if none)"),
        ]
        cells = tuple(CELL_NAMES)
        taxable = [name for name in COLOURS[:TAXABLE]]
        colour_sets = tuple(
            tuple(combo) for size in range(TAXABLE + 1) for combo in combinations(taxable, size)
        )
        table = [
            ActionKind(SetColours, (("colours", colour_sets),)),
            ActionKind(AdjustTax, (("part", ("dollars", "tiles")), ("change", (1, -1)))),
            ActionKind(AdjustWater, (("part", ("dollars", "units")), ("change", (1, -1)))),
            ActionKind(Done),
            ActionKind(
                Request, (("legacy", (False, True)),), amount="amount", buckets=REQUEST_BUCKETS
            ),
            ActionKind(
                Draft,
                (
                    ("line", ("district", "plant")),
                    ("slot", tuple(range(1, max(self._district_line, self._plant_line) + 1))),
                ),
            ),
            ActionKind(Build, (("card", tuple(k.slug for k in rules.kinds)), ("cell", cells))),
            ActionKind(Fill, (("cell", cells), ("legacy", (False, True)))),
            ActionKind(Post, (("target", tuple(ROLES[r].lower() for r in MAYORS)),)),
            ActionKind(Destroy, (("cell", cells),)),
            ActionKind(Feed),
            ActionKind(Supply, (("cell", cells),)),
            ActionKind(Collect),
        ]
        self.define(slices, table)
        # Per card: the id of its build on each cell (by cell index), and what each id builds.
        self._build_ids = {
            kind.slug: [self.base_id(Build, (kind.slug, name)) for name in cells]
            for kind in rules.kinds
        }
        self._builds = {
            self.base_id(Build, (kind.slug, name)): (kind.slug, name)
            for kind in rules.kinds
            for name in cells
        }
        self._figures_at = self.slice_of("town figures").start
        self._cells_at = self.slice_of("town cells").start
        self._town_cells = CELLS * CELL_FIGURES
        # Per town, the last town whose figures' and cells' float32 bytes were made, and those
        # bytes (shared by every seat's canvas; the cells patched in place: see _town_bytes);
        # numbers' bytes by value, and per card kind (-1 empty, the last) its colour's one-hot.
        self._towns_made: list[
            tuple[Town, bytes, bytearray, tuple[int | None, int | None, int | None]] | None
        ] = [None for _ in MAYORS]
        self._number_bytes: dict[int, bytes] = {
            value: float32_bytes((value,)) for value in range(-1, 64)
        }
        self._kind_rows = [
            float32_bytes(self._cell_colours(kind)) for kind in range(len(self.kinds_table))
        ] + [float32_bytes([0] * len(COLOURS))]
        # Per town, the names of its records: the town, its figures, its board.
        self._board_names = [
            (f"board {number} town", f"board {number} figures", f"board {number}")
            for number in range(len(MAYORS))
        ]
        self._turn_at = self.slice_of("turn").start
        self._economy_at = self.slice_of("economy").start
        self._lines_at = self.slice_of("district line").start
        self._decks_at = self._lines_at + self._district_line + self._plant_line
        self._goal_at = self.slice_of("secret goal").start
        # The small runs' float32 bytes made for every seat: the head's by its sources (a few
        # hundred values in a game), the last turn, lines and decks made with their sources
        # (each seat's next view mostly meets the one another seat met last); the economy's
        # numbers packed at once, the taxed colours' bits kept by mask.
        self._heads: dict[tuple[Any, ...], bytes] = {}
        self._turn_made: tuple[Any, bytes] = (None, b"")
        self._lines_made: tuple[tuple[Any, ...] | None, bytes] = (None, b"")
        self._decks_made: tuple[tuple[Any, ...] | None, bytes] = (None, b"")
        # (Each line's last tuple and bytes, by a card kind its number's bytes; the bonus goals'
        # bytes by the goals and their owners.)
        no_line: tuple[tuple[int, ...] | None, bytes] = (None, b"")
        self._line_made = (no_line, no_line)
        self._kind_bytes = {
            kind: float32_bytes((kind + 1,)) for kind in range(-1, len(rules.kinds))
        }
        self._bonus_made: dict[tuple[tuple[int, ...], tuple[int, ...]], bytes] = {}
        self._economy_packer = float32_packer(6 + TAXABLE + 4)
        self._colour_bit_rows: dict[int, tuple[int, ...]] = {}
        # For the ids of the King's turn and drafting (see rule_ids): each role's seat, and per
        # seat the actions, made once, with their ids, in the order the game lists them.
        self._seat_of_role: Any = game.seat_of_role
        self._economy = economy
        self._costs = [kind.cost for kind in rules.kinds]
        seats = range(len(ROLES))
        combos = _colour_combos(economy.taxable, economy.taxed)
        self._colour_choices = [
            [
                (self.base_id(SetColours, (names,)), mask, SetColours(seat, names))
                for names, mask in combos
            ]
            for seat in seats
        ]
        self._tax_moves = [
            [
                (
                    (change, 0) if part == "dollars" else (0, change),
                    self.base_id(AdjustTax, (part, change)),
                    AdjustTax(seat, part, change),
                )
                for part in ("dollars", "tiles")
                for change in (1, -1)
            ]
            for seat in seats
        ]
        # (Water moves: part 1 the dollars, 0 the units.)
        self._water_bounds = (
            (economy.water_units_min, economy.water_units_max),
            (economy.water_dollars_min, economy.water_dollars_max),
        )
        self._water_moves = [
            [
                (
                    1 if part == "dollars" else 0,
                    change,
                    self.base_id(AdjustWater, (part, change)),
                    AdjustWater(seat, part, change),
                )
                for part in ("dollars", "units")
                for change in (1, -1)
            ]
            for seat in seats
        ]
        self._dones = [(self.base_id(Done), DONES[seat]) for seat in seats]
        # For the building phase's ids (see rule_ids): the rules, each fill's and destroy's id
        # by cell, and per seat each trading post's target, id and action.
        self._rules = rules
        self._fill_ids = {
            (name, legacy): self.base_id(Fill, (name, legacy))
            for name in CELL_NAMES
            for legacy in (False, True)
        }
        self._destroy_ids = [self.base_id(Destroy, (name,)) for name in CELL_NAMES]
        self._posts = [
            [
                (
                    target,
                    self.base_id(Post, (MAYOR_SLUGS[target],)),
                    Post(seat, MAYOR_SLUGS[target]),
                )
                for target in MAYORS
            ]
            for seat in seats
        ]
        self._build_of = [partial(self._build, seat) for seat in seats]
        # The distribution's and requests' ids (see _short_ids): by class, by class and cell,
        # and a request's first id by legacy.
        self._simple_ids: dict[type, int] = {kind: self.base_id(kind) for kind in (Feed, Collect)}
        self._cell_ids: dict[type, dict[str, int]] = {
            kind: {name: self.base_id(kind, (name,)) for name in CELL_NAMES}
            for kind in (Supply, Destroy)
        }
        self._request_ids = {legacy: self.base_id(Request, (legacy,)) for legacy in (False, True)}
        # (Lines: 1 the districts, 0 the plants; the districts first, as the game lists them.)
        self._draft_lines = [
            [
                (
                    1 if line == "district" else 0,
                    surcharges,
                    [
                        (self.base_id(Draft, (line, slot + 1)), Draft(seat, line, slot + 1))
                        for slot in range(len(surcharges))
                    ],
                )
                for line, surcharges in (
                    ("district", economy.district_surcharges),
                    ("plant", economy.plant_surcharges),
                )
            ]
            for seat in seats
        ]

        # The ids of those turns as an integer's bits (see rule_ids), worked out from the same
        # figures: per seat every action they may offer, by id, made once (equal to the game's,
        # the builds too), and per kind of choice its ids' bits.
        by_id: list[dict[int, Action]] = [{} for _ in seats]
        for seat in seats:
            actions = by_id[seat]
            for colour_id, _, colours in self._colour_choices[seat]:
                actions[colour_id] = colours
            for _, tax_id, tax in self._tax_moves[seat]:
                actions[tax_id] = tax
            for _, _, water_id, water in self._water_moves[seat]:
                actions[water_id] = water
            done_id, done = self._dones[seat]
            actions[done_id] = done
            for _, _, drafts in self._draft_lines[seat]:
                for draft_id, draft in drafts:
                    actions[draft_id] = draft
            for (name, legacy), fill_id in self._fill_ids.items():
                actions[fill_id] = Fill(seat, name, legacy)
            for _, post_id, post in self._posts[seat]:
                actions[post_id] = post
            for cell, destroy_id in enumerate(self._destroy_ids):
                actions[destroy_id] = DESTROYS[seat][cell]
            for build_id, (card, name) in self._builds.items():
                actions[build_id] = Build(seat, card, name)
            actions[self.base_id(Feed)] = FEEDS[seat]
            actions[self.base_id(Collect)] = COLLECTS[seat]
            for cell, name in enumerate(CELL_NAMES):
                actions[self.base_id(Supply, (name,))] = SUPPLIES[seat][cell]
        self._action_of = [actions.__getitem__ for actions in by_id]
        self._kept_ids: list[dict[int, BitIds]] = [{} for _ in seats]
        self._done_bit = 1 << self.base_id(Done)
        self._setup_bits = 0
        for colour_id, _, _ in self._colour_choices[0]:
            self._setup_bits |= 1 << colour_id
        # (By the taxed colours' mask: every other choice of colours.)
        self._colour_choice_bits: dict[int, int] = {}
        for colour_id, mask, _ in self._colour_choices[0]:
            self._colour_choice_bits[mask] = self._setup_bits & ~(1 << colour_id)
        # (By the tax's dollars and tiles, made when first met: the moves the limits allow.)
        self._tax_bits: dict[tuple[int, int], int] = {}
        self._tax_steps = [(step, 1 << tax_id) for step, tax_id, _ in self._tax_moves[0]]
        self._water_steps = [
            (part, change, 1 << water_id) for part, change, water_id, _ in self._water_moves[0]
        ]
        self._draft_bits = [
            (line, surcharges, [1 << draft_id for draft_id, _ in drafts])
            for line, surcharges, drafts in self._draft_lines[0]
        ]
        # (A card's builds are ids side by side in cell order, as are the destroys: a placement
        # mask shifted to the first of them is their bits.)
        self._build_shift = [self._build_ids[kind.slug][0] for kind in rules.kinds]
        for kind in rules.kinds:
            at = self._build_ids[kind.slug]
            if at != list(range(at[0], at[0] + len(at))):
                raise ValueError(f"the builds of {kind.slug} are not side by side")
        self._destroy_shift = self._destroy_ids[0]
        if self._destroy_ids != list(range(self._destroy_shift, self._destroy_shift + CELLS)):
            raise ValueError("the destroys are not side by side")
        self._fill_bits = {key: 1 << fill_id for key, fill_id in self._fill_ids.items()}
        # (The distribution's supplies side by side in cell order too.)
        self._supply_shift = self.base_id(Supply, (CELL_NAMES[0],))
        if [self.base_id(Supply, (name,)) for name in CELL_NAMES] != list(
            range(self._supply_shift, self._supply_shift + CELLS)
        ):
            raise ValueError("the supplies are not side by side")
        self._feed_bit = 1 << self.base_id(Feed)
        self._collect_bit = 1 << self.base_id(Collect)
        self._post_bits = [(target, 1 << post_id) for target, post_id, _ in self._posts[0]]

    def legal_ids(self, legal: Sequence[Any]) -> LegalIds:
        """The building phase's choices give their builds as cells per card: each build's id
        is found from its card and cell, its action made only when the id is looked up (a
        turn may offer a hundred builds); the other choices as usual."""
        if type(legal) is not BuildChoices:
            kind = type(legal)
            if (kind is list or kind is tuple) and (short := self._short_ids(legal)) is not None:
                return short
            return super().legal_ids(legal)
        others = legal.others()
        ids = super().legal_ids(others)
        found = ids.entries
        for slug, cells in legal.builds():
            at = self._build_ids[slug]
            for cell in cells:
                found[at[cell]] = LATER
        # The seat's own Done closes every building phase's choices.
        ids.build = partial(self._build, others[-1].seat)
        return ids

    def _short_ids(self, legal: Sequence[Any]) -> LegalIds | None:
        """The ids of a distribution's or a request's choices as the generic scan finds them,
        by each choice's class and cell (no template lookup): feed, collect, each supply and
        destroy, a request's amount range as its run of buckets. None if a choice is of
        another kind, or a second range (the generic scan then)."""
        found: dict[int, Any] = {}
        ids = LegalIds(found)
        simple = self._simple_ids
        by_cell = self._cell_ids
        for choice in legal:
            kind = type(choice)
            base = simple.get(kind)
            if base is None:
                cells = by_cell.get(kind)
                if cells is not None:
                    base = cells.get(choice.cell)
                elif kind is AmountRange:
                    template = choice.template
                    if type(template) is not Request or choice.field != "amount" or ids.spans:
                        return None
                    base = self._request_ids.get(template.legacy)
                    if base is None:
                        return None
                    ids.span(base, REQUEST_BUCKETS, partial(_request_bucket, choice))
                    continue
                if base is None:
                    return None
            if base not in found:
                found[base] = choice
        return ids

    def rule_ids(self, state: State, seat: int) -> LegalIds | None:
        """The King's turn, a mayor's drafting, building and distribution, worked out from the
        few figures ``king_choices``, ``draft_choices``, ``build_choices`` and
        ``distribute_choices`` read, as an integer's bits (each id's action made once per seat,
        equal to the game's): in the set-up, every choice of taxed colours; later, the other
        choices of colours, the tax and water price moves the limits allow (each kind while the
        King has not changed it this turn), and done; drafting, each card of the two lines the
        town's cash covers with its slot's surcharge, and done; building, see ``_build_bits``;
        distribution, see ``_distribute_bits``. Requests take the listed path."""
        phase = state.phase
        if self._seat_of_role[state.active] != seat:
            return None
        if phase == BUILD:
            return self._ids_of(self._build_bits(state, seat), seat)
        if phase == DRAFT:
            cash = state.towns[state.active - 1].cash
            costs = self._costs
            bits = self._done_bit
            for line, surcharges, slot_bits in self._draft_bits:
                for slot, card in enumerate(state.district_line if line else state.plant_line):
                    if card != EMPTY and costs[card] + surcharges[slot] <= cash:
                        bits |= slot_bits[slot]
            return self._ids_of(bits, seat)
        if phase == DISTRIBUTE:
            return self._ids_of(self._distribute_bits(state), seat)
        if phase == KING_SETUP:
            return self._ids_of(self._setup_bits, seat)
        if phase != KING_POLICY:
            return None
        changes = state.king_changes
        bits = self._done_bit
        if not changes & CHANGED_COLOURS:
            bits |= self._colour_choice_bits.get(state.tax_colours, self._setup_bits)
        if not changes & CHANGED_TAX:
            dollars, tiles = state.tax_dollars, state.tax_tiles
            tax = self._tax_bits.get((dollars, tiles))
            if tax is None:
                tax = 0
                economy = self._economy
                for (tax_dollars, tax_tiles), tax_bit in self._tax_steps:
                    if tax_rate_allowed(economy, dollars + tax_dollars, tiles + tax_tiles):
                        tax |= tax_bit
                self._tax_bits[dollars, tiles] = tax
            bits |= tax
        if not changes & CHANGED_WATER:
            bounds = self._water_bounds
            for part, change, water_bit in self._water_steps:
                value = state.water_dollars if part else state.water_units
                low, high = bounds[part]
                if low <= value + change <= high:
                    bits |= water_bit
        return self._ids_of(bits, seat)

    def _ids_of(self, bits: int, seat: int) -> BitIds:
        """``seat``'s ids of ``bits``, handed out again whenever the same ids come back (shared,
        so that their mask is made once: a King's or a drafting turn's ids mostly come back)."""
        kept = self._kept_ids[seat]
        ids = kept.get(bits)
        if ids is None:
            if len(kept) >= _KEPT_IDS:
                kept.clear()
            ids = kept[bits] = BitIds(bits, self._action_of[seat])
            ids.shared = True
        return ids

    def _build_bits(self, state: State, seat: int) -> int:
        """The building phase's ids as ``legal_ids`` finds them in ``build_choices``' list,
        from the same rules, as bits: each card in hand the town's cash covers (once per kind)
        on each cell its placement allows (the placement mask shifted to the card's builds);
        the plants' fills; a trading post to each mayor without one while the turn, cash and
        capacity allow; each tile (not the facility) the treasury can buy back; and done."""
        rules = self._rules
        role = state.active
        town = state.towns[role - 1]
        layout = rules.town(role)
        kinds = self.kinds_table
        shifts = self._build_shift
        bits = self._done_bit
        seen = 0
        cash = town.cash
        # (A kind is built from the earliest card of it the mayor can pay for: it is offered
        # when one of its cards' due is within the cash.)
        for kind_id, _paid, due in town.hand:
            if due > cash or seen >> kind_id & 1:
                continue
            seen |= 1 << kind_id
            bits |= placement_mask(rules, layout, town, kinds[kind_id]) << shifts[kind_id]
        if state.turn.new_plants & town.plants:
            fill_bits = self._fill_bits
            for fill in fill_choices(rules, state, seat, town):
                bits |= fill_bits[fill.cell, fill.legacy]  # type: ignore[attr-defined]
        economy = self._economy
        if (
            state.turn.posts_built < economy.posts_per_turn
            and cash >= economy.post_cost
            and capacity(rules, town) >= economy.post_min_capacity
        ):
            posts = town.posts
            for target, post_bit in self._post_bits:
                if target != role and not posts >> target & 1:
                    bits |= post_bit
        divisor = economy.destroy_refund_divisor
        treasury = state.treasury
        paid = town.paid
        shift = self._destroy_shift
        for cell in cells_of(town.occupied & ~(1 << layout.facility)):
            if paid[cell] // divisor <= treasury:
                bits |= 1 << (shift + cell)
        return bits

    def _distribute_bits(self, state: State) -> int:
        """The distribution's ids as ``legal_ids`` finds them in ``distribute_choices``' list,
        from the same rules, as bits: feeding the facility while the turn and the water allow;
        each district not supplied this turn whose water and tokens can be had, supplied; each
        such district the treasury can buy back, sold; and collecting."""
        rules = self._rules
        economy = self._economy
        role = state.active
        town = state.towns[role - 1]
        turn = state.turn
        available = water_available(town)
        bits = self._collect_bit
        fed = turn.fed
        if not fed and not turn.idle and available >= economy.facility_water:
            bits |= self._feed_bit
        unsupplied = cells_of(districts_mask(rules.towns[role - 1], town) & ~turn.supplied)
        if unsupplied:
            kinds = self.kinds_table
            cells = town.cells
            own_used = turn.own_used
            shift = self._supply_shift
            for cell in unsupplied:
                kind = kinds[cells[cell]]
                if (
                    kind.water <= available
                    and tokens_cost(rules, state, role, town, fed, own_used, turn, kind) >= 0
                ):
                    bits |= 1 << (shift + cell)
            divisor = economy.destroy_refund_divisor
            treasury = state.treasury
            paid = town.paid
            shift = self._destroy_shift
            for cell in unsupplied:
                if paid[cell] // divisor <= treasury:
                    bits |= 1 << (shift + cell)
        return bits

    def _build(self, seat: int, action_id: int) -> Build:
        card, cell = self._builds[action_id]
        return Build(seat, card, cell)

    def encode(self, view: View, canvas: Canvas) -> None:
        # What the runs below were last made from (the persistent canvas's record; a fresh
        # canvas, written once, gets an empty one, so that every run is written).
        record = canvas.memo if canvas.memo is not None else {}
        whole: tuple[Any, ...] = view  # read by runs of fields (see field_run)
        head_sources = whole[_HEAD]
        memo = canvas.memo
        raw = canvas.raw
        # Over a float32 buffer, the small runs below are written from float32 bytes made once
        # for every seat (kept by their sources: the same numbers as the general way).
        shared = raw if memo is not None else None
        if record.get("head sources") != head_sources:
            record["head sources"] = head_sources
            if shared is not None:
                made = self._heads.get(head_sources)
                if made is None:
                    made = self._heads[head_sources] = float32_bytes(self._head(view))
                shared[0 : len(made)] = made
            else:
                canvas.block("head", 0, self._head(view))
        towns = view.towns
        if raw is not None and memo is not None:
            # A float32 buffer: a town that changed since the seat's last view has its figures'
            # and cells' bytes copied whole from those made once per town for every seat.
            if not canvas.same("towns", towns):
                for number, town in enumerate(towns):
                    town_name = self._board_names[number][0]
                    if memo.get(town_name) is town:
                        continue
                    memo[town_name] = town
                    figures_bytes, cells_bytes = self._town_bytes(number, town)
                    at = 4 * (self._figures_at + number * TOWN_FIGURES)
                    raw[at : at + len(figures_bytes)] = figures_bytes
                    at = 4 * (self._cells_at + number * self._town_cells)
                    raw[at : at + len(cells_bytes)] = cells_bytes
        elif memo is None or not canvas.same("towns", towns):
            for number, town in enumerate(towns):
                # A town that did not change is the same object: its figures and cells are
                # kept. Of a changed board, only the cells that changed are written again.
                town_name, figures_name, name = self._board_names[number]
                if memo is not None and memo.get(town_name) is town:
                    continue
                canvas.block(
                    figures_name,
                    self._figures_at + number * TOWN_FIGURES,
                    _town_figures(town),
                )
                board = (town.cells, town.water, town.paid, town.farms, town.plants)
                start = self._cells_at + number * self._town_cells
                if memo is None:
                    canvas.data[start : start + self._town_cells] = self._cells(town)
                    continue
                memo[town_name] = town
                old = memo.get(name)
                if old is None:
                    canvas.data[start : start + self._town_cells] = self._cells(town)
                elif old != board:
                    self._changed_cells(town, old, canvas, start)
                memo[name] = board
        # The rest in three runs, each written again only when its sources changed: the active
        # mayor's turn (the same object while it lasts), the economy, the cards in sight.
        turn = view.turn
        if record.get("turn") is not turn:
            record["turn"] = turn
            if shared is not None:
                made_turn = self._turn_made
                if made_turn[0] is not turn:
                    made_turn = self._turn_made = (turn, _turn_bytes(turn))
                at = 4 * self._turn_at
                shared[at : at + len(made_turn[1])] = made_turn[1]
            else:
                canvas.block("turn figures", self._turn_at, _turn_figures(turn))
        # (The economy's fields, treasury to demand, read as one run: its sources.)
        economy = whole[_ECONOMY]
        if record.get("economy sources") != economy:
            record["economy sources"] = economy
            (
                treasury,
                bank,
                colours,
                tax_dollars,
                tax_tiles,
                water_dollars,
                water_units,
                changes,
                roll,
                event,
                demand,
            ) = economy
            if shared is not None:
                self._economy_packer.pack_into(
                    shared,
                    4 * self._economy_at,
                    treasury,
                    bank,
                    tax_dollars,
                    tax_tiles,
                    water_dollars,
                    water_units,
                    *self._colour_bits(colours),
                    roll,
                    changes,
                    event + 1,
                    demand + 1,
                )
            else:
                values: list[float] = [
                    treasury,
                    bank,
                    tax_dollars,
                    tax_tiles,
                    water_dollars,
                    water_units,
                ]
                values += self._colour_bits(colours)
                values += (roll, changes, event + 1, demand + 1)
                canvas.block("economy", self._economy_at, values)
        own = view.secrets[view.role] if view.role is not None else EMPTY
        # (The cards in sight, then the decks to the bonus goals' owners, each read as one run:
        # their sources; the observer's secret goal apart. The lines change at a draft, the
        # rest as decks are drawn and cards removed: each written again only when its own
        # changed.)
        lines = whole[_LINES]
        if record.get("line sources") != lines:
            record["line sources"] = lines
            if shared is not None:
                made_lines = self._lines_made
                if made_lines[0] != lines:
                    made_lines = self._lines_made = (lines, self._lines_bytes(view))
                at = 4 * self._lines_at
                shared[at : at + len(made_lines[1])] = made_lines[1]
            else:
                canvas.block("lines", self._lines_at, self._lines(view))
        decks = whole[_DECKS]
        if record.get("deck sources") != decks:
            record["deck sources"] = decks
            if shared is not None:
                made_decks = self._decks_made
                if made_decks[0] != decks:
                    made_decks = self._decks_made = (decks, self._decks_bytes(view))
                at = 4 * self._decks_at
                shared[at : at + len(made_decks[1])] = made_decks[1]
            else:
                canvas.block("decks", self._decks_at, self._decks(view))
        if record.get("own goal") != own:
            record["own goal"] = own
            canvas.block("goal", self._goal_at, (own + 1,))

    def _head(self, view: View) -> list[float]:
        """The own and active roles' and the phase's one-hots, and the round."""
        roles = len(ROLES)
        head: list[float] = [0] * (2 * roles + len(PHASE_NAMES) + 1)
        if view.role is not None and 0 <= view.role < roles:
            head[view.role] = 1
        if 0 <= view.active < roles:
            head[roles + view.active] = 1
        if 0 <= view.phase < len(PHASE_NAMES):
            head[2 * roles + view.phase] = 1
        head[-1] = view.round
        return head

    def _lines(self, view: View) -> list[float]:
        """The cards in sight: each line's card kinds + 1, 0 after the last."""
        cards_in_sight = _padded([kind + 1 for kind in view.district_line], self._district_line)
        cards_in_sight += _padded([kind + 1 for kind in view.plant_line], self._plant_line)
        return cards_in_sight

    def _decks(self, view: View) -> list[float]:
        """The decks' sizes, the discards, the tiles removed and the bonus goals."""
        tail: list[float] = [
            view.district_deck_size,
            view.plant_deck_size,
            view.event_deck_size,
            view.demand_deck_size,
            len(view.event_discard),
            len(view.demand_discard),
            len(view.removed),
        ]
        tail += _padded([goal + 1 for goal in view.bonus], self._bonus)
        tail += _padded([owner + 1 for owner in view.bonus_owner], self._bonus)
        return tail

    def _lines_bytes(self, view: View) -> bytes:
        """``_lines``' float32 bytes, each line's kept while its cards stay the same."""
        district, plant = self._line_made
        line = view.district_line
        if district[0] != line:
            district = (line, self._line_bytes(line, self._district_line))
        line = view.plant_line
        if plant[0] != line:
            plant = (line, self._line_bytes(line, self._plant_line))
        self._line_made = (district, plant)
        return district[1] + plant[1]

    def _line_bytes(self, line: tuple[int, ...], size: int) -> bytes:
        """One line's float32 bytes: its first ``size`` card kinds + 1, 0 after the last."""
        made = b"".join(map(self._kind_bytes.__getitem__, line[:size]))
        return made + _ZERO * (size - len(line)) if len(line) < size else made

    def _decks_bytes(self, view: View) -> bytes:
        """``_decks``' float32 bytes (the bonus goals' kept by their sources)."""
        bonus = (view.bonus, view.bonus_owner)
        bonus_bytes = self._bonus_made.get(bonus)
        if bonus_bytes is None:
            if len(self._bonus_made) >= _KEPT_BONUS:
                self._bonus_made.clear()
            bonus_bytes = self._bonus_made[bonus] = float32_bytes(
                _padded([goal + 1 for goal in view.bonus], self._bonus)
                + _padded([owner + 1 for owner in view.bonus_owner], self._bonus)
            )
        return (
            _DECK_PACKER.pack(
                view.district_deck_size,
                view.plant_deck_size,
                view.event_deck_size,
                view.demand_deck_size,
                len(view.event_discard),
                len(view.demand_discard),
                len(view.removed),
            )
            + bonus_bytes
        )

    def _colour_bits(self, colours: int) -> tuple[int, ...]:
        """The taxed colours' bits (one per taxable colour), made once per mask."""
        bits = self._colour_bit_rows.get(colours)
        if bits is None:
            bits = self._colour_bit_rows[colours] = tuple(
                colours >> bit & 1 for bit in range(TAXABLE)
            )
        return bits

    def _town_bytes(self, number: int, town: Town) -> tuple[bytes, bytearray]:
        """The float32 bytes of town ``number``'s figures and cells (the same numbers as the
        general way): kept for the last town made, the cells patched in place for the next
        one where they changed, so that a town is worked out once however many seats see it.
        A town never seen before is made whole.

        Per cell figure whose tuple is another object, the cells that changed are the bytes
        that differ between the two tuples as ints (the cells' by ``_small``, the water's and
        paid's by ``_unsigned``, each figure always the same way; kept with the town made),
        found by integer arithmetic; a figure with a number outside a byte is scanned for the
        cells whose numbers are other objects instead (a number made again equal is written
        again, the same bytes)."""
        made = self._towns_made[number]
        if made is not None and made[0] is town:
            return made[1], made[2]
        hand = town.hand
        figures_bytes = _TOWN_FIGURES_PACKER.pack(
            town.cash,
            town.reserve,
            town.legacy,
            town.water_debt,
            town.idle_next,
            town.no_draft_next,
            town.demands_met,
            town.demands_failed,
            len(hand),
            sum(map(_DUE, hand)),
            town.posts.bit_count(),
            town.no_income_next.bit_count(),
            town.occupied.bit_count(),
        )
        if made is None:
            cells_bytes = bytearray(float32_bytes(self._cells(town)))
            packs = (_small(town.cells), _unsigned(town.water), _unsigned(town.paid))
            self._towns_made[number] = (town, figures_bytes, cells_bytes, packs)
            return figures_bytes, cells_bytes
        was, _, cells_bytes, (cells_pack, water_pack, paid_pack) = made
        now = town.cells
        if now is not was.cells and now != was.cells:
            number_bytes = self._number_bytes
            now_pack = _small(now)
            rows = self._kind_rows
            for cell in _changed_cells(now, was.cells, cells_pack, now_pack):
                at = cell * _CELL_BYTES
                kind = now[cell]
                cells_bytes[at : at + 4] = number_bytes.get(kind + 1) or _number(
                    number_bytes, kind + 1
                )
                cells_bytes[at + 20 : at + _CELL_BYTES] = rows[kind]
            cells_pack = now_pack
        water = town.water
        if water is not was.water and water != was.water:
            water_pack = self._patch_numbers(cells_bytes, water, was.water, water_pack, 4)
        paid = town.paid
        if paid is not was.paid and paid != was.paid:
            paid_pack = self._patch_numbers(cells_bytes, paid, was.paid, paid_pack, 8)
        changed = town.farms ^ was.farms
        if changed:
            self._patch_flags(cells_bytes, town.farms, changed, 12)
        changed = town.plants ^ was.plants
        if changed:
            self._patch_flags(cells_bytes, town.plants, changed, 16)
        self._towns_made[number] = (
            town,
            figures_bytes,
            cells_bytes,
            (cells_pack, water_pack, paid_pack),
        )
        return figures_bytes, cells_bytes

    def _patch_numbers(
        self,
        cells_bytes: bytearray,
        now: tuple[int, ...],
        old: tuple[int, ...],
        pack: int | None,
        offset: int,
    ) -> int | None:
        """Rewrite a never negative cell figure (at ``offset`` bytes into each cell's numbers)
        where ``now`` differs from ``old`` (``pack``: ``old`` by ``_unsigned``); return ``now``
        by ``_unsigned``."""
        number_bytes = self._number_bytes
        now_pack = _unsigned(now)
        for cell in _changed_cells(now, old, pack, now_pack):
            at = cell * _CELL_BYTES + offset
            value = now[cell]
            cells_bytes[at : at + 4] = number_bytes.get(value) or _number(number_bytes, value)
        return now_pack

    def _patch_flags(self, cells_bytes: bytearray, now: int, changed: int, offset: int) -> None:
        """Rewrite a cell flag (a town's bits ``now``, at ``offset`` bytes into each cell's
        numbers) for the cells whose bit is set in ``changed``."""
        number_bytes = self._number_bytes
        while changed:
            low = changed & -changed
            at = (low.bit_length() - 1) * _CELL_BYTES + offset
            cells_bytes[at : at + 4] = number_bytes[1 if now & low else 0]
            changed ^= low

    def _cells(self, town: Town) -> list[float]:
        row: list[float] = []
        for cell in range(CELLS):
            row.extend(self._cell(town, cell))
        return row

    def _cell(self, town: Town, cell: int) -> list[float]:
        """A cell's :data:`CELL_FIGURES` numbers."""
        kind = town.cells[cell]
        bit = 1 << cell
        row: list[float] = [
            kind + 1,
            town.water[cell],
            town.paid[cell],
            town.farms & bit != 0,
            town.plants & bit != 0,
        ]
        row.extend(self._cell_colours(kind))
        return row

    def _cell_colours(self, kind: int) -> list[float]:
        """The one-hot district colour of a cell holding ``kind`` (none when empty)."""
        colour_row: list[float] = [0] * len(COLOURS)
        if kind != EMPTY:
            colour = self.kinds_table[kind].colour
            if 0 <= colour < len(COLOURS):
                colour_row[colour] = 1
        return colour_row

    def _changed_cells(self, town: Town, old: tuple[Any, ...], canvas: Canvas, start: int) -> None:
        """Write again the numbers of ``town`` that differ from the board ``old`` (cells, water,
        paid, farms, plants) they were written from: per figure, only the cells where it
        changed (found at C speed), one number each (a card placed: its kind and colour)."""
        cells, water, paid, farms, plants = old
        put = canvas.data if canvas.cells is None else canvas.cells
        size = CELL_FIGURES
        now = town.cells
        if now is not cells:
            kinds = self.kinds_table
            colours = len(COLOURS)
            for cell in compress(range(len(now)), map(ne, now, cells)):
                at = start + cell * size
                kind = now[cell]
                put[at] = kind + 1
                for colour in range(colours):
                    put[at + 5 + colour] = 0
                if kind != EMPTY:
                    colour = kinds[kind].colour
                    if 0 <= colour < colours:
                        put[at + 5 + colour] = 1
        for figure, now, was in ((1, town.water, water), (2, town.paid, paid)):
            if now is not was:
                for cell in compress(range(len(now)), map(ne, now, was)):
                    put[start + cell * size + figure] = now[cell]
        for figure, now_bits, was_bits in ((3, town.farms, farms), (4, town.plants, plants)):
            changed = now_bits ^ was_bits
            while changed:
                low = changed & -changed
                cell = low.bit_length() - 1
                put[start + cell * size + figure] = 1 if now_bits & low else 0
                changed ^= low


# The view's runs of fields read at once (see encode; field_run checks they stand side by side).
_HEAD = field_run(View, "role", "players", "round", "phase", "active")
_ECONOMY = field_run(
    View,
    "treasury",
    "bank",
    "tax_colours",
    "tax_dollars",
    "tax_tiles",
    "water_dollars",
    "water_units",
    "king_changes",
    "roll",
    "event",
    "demand",
)
_LINES = field_run(View, "district_line", "plant_line")
_DECKS = field_run(
    View,
    "district_deck_size",
    "plant_deck_size",
    "event_deck_size",
    "event_discard",
    "demand_deck_size",
    "demand_discard",
    "removed",
    "bonus",
    "bonus_owner",
)


def _turn_figures(turn: Any) -> list[float]:
    """The active mayor's turn: :data:`TURN_FIGURES` numbers."""
    figures: list[float] = [turn.supplied.bit_count(), turn.fed, turn.own_used]
    figures += turn.bought
    figures += turn.spare
    figures += (
        turn.posts_built,
        turn.built_public,
        turn.tax_paid,
        turn.idle,
        turn.no_draft,
        turn.double_tax,
        turn.income,
        turn.new_plants.bit_count(),
    )
    return figures


def _turn_bytes(turn: Any) -> bytes:
    """``_turn_figures``' float32 bytes."""
    return _TURN_PACKER.pack(*_turn_figures(turn))


def _town_figures(town: Town) -> list[float]:
    return [
        town.cash,
        town.reserve,
        town.legacy,
        town.water_debt,
        town.idle_next,
        town.no_draft_next,
        town.demands_met,
        town.demands_failed,
        len(town.hand),
        sum(due for _, _, due in town.hand),
        town.posts.bit_count(),
        town.no_income_next.bit_count(),
        town.occupied.bit_count(),
    ]


_TOWN_FIGURES_PACKER = float32_packer(TOWN_FIGURES)
_TURN_PACKER = float32_packer(TURN_FIGURES)
# The decks' and discards' sizes and the tiles removed.
_DECK_PACKER = float32_packer(7)
_ZERO = float32_bytes((0,))
# At most this many bonus goals' bytes are kept (see _decks_bytes).
_KEPT_BONUS = 256
# A cell's numbers' bytes in a town's cells.
_CELL_BYTES = 4 * CELL_FIGURES
_DUE = itemgetter(2)
# A cell figure's tuple as one signed byte a cell (see _small), by length.
_SMALL_PACKERS = {CELLS: struct.Struct(f"<{CELLS}b")}


def _small(values: tuple[int, ...]) -> int | None:
    """``values`` as an int holding one signed byte each (value ``i`` in byte ``i``), so that
    the bytes two tuples differ in are those of the two ints' exclusive or; None if a value
    does not fit a signed byte."""
    packer = _SMALL_PACKERS.get(len(values))
    if packer is None:
        packer = _SMALL_PACKERS[len(values)] = struct.Struct(f"<{len(values)}b")
    try:
        return int.from_bytes(packer.pack(*values), "little")
    except struct.error:
        return None


def _unsigned(values: tuple[int, ...]) -> int | None:
    """``values`` as an int holding one unsigned byte each (as ``_small``, for figures that
    are never negative: cheaper to make); None if a value does not fit."""
    try:
        return int.from_bytes(bytes(values), "little")
    except ValueError:
        return None


def _changed_bytes(changed: int) -> Sequence[int]:
    """The indices of the nonzero bytes of ``changed``, lowest first (one alone, the commonest
    case, found from the lowest and highest bits)."""
    if not changed:
        return ()
    index = ((changed & -changed).bit_length() - 1) >> 3
    if (changed.bit_length() - 1) >> 3 == index:
        return (index,)
    found: list[int] = []
    while changed:
        index = ((changed & -changed).bit_length() - 1) >> 3
        found.append(index)
        changed &= ~(0xFF << (index << 3))
    return found


def _changed_cells(
    now: tuple[int, ...], old: tuple[int, ...], pack: int | None, now_pack: int | None
) -> Iterable[int]:
    """The cells whose figure differs between ``old`` and ``now``: from the bytes their ints
    (``pack``, ``now_pack``) differ in, or, where a number did not fit a byte (None), the cells
    whose numbers are other objects (a number made again equal is written again, the same
    bytes)."""
    if pack is not None and now_pack is not None:
        return _changed_bytes(pack ^ now_pack)
    return compress(range(len(now)), map(is_not, now, old))


def _request_bucket(choice: AmountRange[Any], bucket: int) -> Action:
    """The action of bucket ``bucket`` of a request's amount range (as the generic scan's run
    of :data:`REQUEST_BUCKETS` ids gives it)."""
    built: Action = choice.action(bucket_amount(choice, bucket, REQUEST_BUCKETS))
    return built


def _number(kept: dict[int, bytes], value: int) -> bytes:
    """``value``'s float32 bytes, kept by value."""
    made = kept.get(value)
    if made is None:
        made = kept[value] = float32_bytes((value,))
    return made


def _padded(values: list[float], size: int) -> list[float]:
    """The first ``size`` values, 0 after the last."""
    return [*values[:size], *[0] * (size - len(values))]
