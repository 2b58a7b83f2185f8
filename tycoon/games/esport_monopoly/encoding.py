"""Esport Monopoly for reinforcement learning: a seat's view as numbers, and its moves' table.

Everything at the table is public except the order of the unseen cards, which a view does not
hold. Seats are counted from the observer. The top frame of the decision stack (a purchase, an
auction, a payment, a deal being written...) is encoded by its kind and its figures, and a deal's
deeds square by square. ``docs/rl.md`` lists the slices.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Sequence
from functools import partial
from itertools import compress
from operator import is_not, itemgetter, ne
from typing import Any

from tycoon.core import Game
from tycoon.core.actions import Action
from tycoon.core.encoding import (
    ActionKind,
    BitIds,
    Canvas,
    Encoding,
    FeatureSlice,
    LegalIds,
    bucket_value,
    float32_bytes,
    float32_packer,
)
from tycoon.games.esport_monopoly import actions as A
from tycoon.games.esport_monopoly.board import DECK_NAMES, SQUARES
from tycoon.games.esport_monopoly.state import (
    Auction,
    Buy,
    Choice,
    Deal,
    EndMove,
    Fee,
    JailMove,
    Lots,
    Manage,
    Pay,
    Place,
    View,
    Window,
)

FRAMES = (Window, EndMove, JailMove, Buy, Auction, Lots, Pay, Manage, Deal, Fee, Place, Choice)
FRAME_FIGURES = 8
BID_BUCKETS = 10
CASH_BUCKETS = 11
# No frame yet (a part's record before its first write).
_NONE = object()


class EsportMonopolyEncoding(Encoding[View]):
    def __init__(self, game: Game[Any, Any, View]) -> None:
        super().__init__(game)
        players = game.players
        self._players = players
        slices = [
            FeatureSlice(
                "seats",
                players * 6,
                "per seat from the observer: cash, position, "
                "jail roll (0 free), Get Out of Jail Free cards (Chance, Company Mail), "
                "still in the game",
            ),
            FeatureSlice(
                "position", players * SQUARES, "per seat from the observer: one-hot square"
            ),
            FeatureSlice(
                "owner",
                SQUARES * (players + 1),
                "per square: one-hot owner from the observer, the last for none",
            ),
            FeatureSlice("level", SQUARES, "per square: 0-4 fan stands, 5 an arena"),
            FeatureSlice("mortgaged", SQUARES, "per square: 1 if mortgaged"),
            FeatureSlice("rent", SQUARES, "per square: rent collected so far"),
            FeatureSlice(
                "bank",
                7,
                "fan stands and arenas left, unseen Chance and Company Mail "
                "cards on top of each pile, known cards below, free-parking pot",
            ),
            FeatureSlice(
                "turn",
                players + 6,
                "one-hot seat whose turn it is, from the "
                "observer; doubles rolled, rolls again, turns completed, the dice (2), "
                "claims of rent open",
            ),
            FeatureSlice(
                "window",
                3 * players,
                "per seat from the observer: let the window go by, skipping, opened a deal",
            ),
            FeatureSlice("to act", players, "per seat from the observer: 1 if it is to act"),
            FeatureSlice(
                "frame",
                len(FRAMES) + FRAME_FIGURES,
                "the top frame of the decision "
                "stack: one-hot kind (window, end of move, jail move, buy, auction, "
                "lots, pay, manage, deal, fee, place, choice), then its figures: buy: "
                "square; auction: lot, high bid, leader, building, seats in; pay: payer, "
                "payee (-1 the bank, -2 the pot), amount, square; manage: seat; deal: "
                "proposer, partner, cash, "
                "cards given, cards taken, sent; fee: seat, deeds; place: seat, "
                "building; choice: seat, amount (seats from the observer)",
            ),
            FeatureSlice(
                "deal deeds",
                2 * SQUARES,
                "the deal being written: per square, given "
                "by the proposer; then per square, taken from the partner",
            ),
            FeatureSlice(
                "stack",
                2,
                "frames on the decision stack; game over (0 playing, 1 last standing, 2 turn cap)",
            ),
        ]
        squares = tuple(range(SQUARES))
        seats = tuple(range(players))
        table = [
            ActionKind(A.Roll),
            ActionKind(A.PayFine),
            ActionKind(A.UseCard),
            ActionKind(A.Wait),
            ActionKind(A.Skip),
            ActionKind(A.Claim, (("square", squares),)),
            ActionKind(A.OpenManage),
            ActionKind(A.Back),
            ActionKind(A.Build, (("square", squares),)),
            ActionKind(A.Sell, (("square", squares),)),
            ActionKind(A.SellAll, (("square", squares),)),
            ActionKind(A.Mortgage, (("square", squares),)),
            ActionKind(A.Lift, (("square", squares),)),
            ActionKind(A.BuyDeed),
            ActionKind(A.Decline),
            ActionKind(A.Bid, amount="amount", buckets=BID_BUCKETS),
            ActionKind(A.Pass),
            ActionKind(A.OpenDeal, (("partner", seats),)),
            ActionKind(A.Give, (("square", squares),)),
            ActionKind(A.Take, (("square", squares),)),
            ActionKind(A.GiveCard, (("deck", DECK_NAMES),)),
            ActionKind(A.TakeCard, (("deck", DECK_NAMES),)),
            ActionKind(A.Cash, amount="amount", buckets=CASH_BUCKETS),
            ActionKind(A.Offer),
            ActionKind(A.Drop),
            ActionKind(A.Accept),
            ActionKind(A.Reject),
            ActionKind(A.Repay, (("square", squares),)),
            ActionKind(A.Keep),
            ActionKind(A.PayCardFine),
            ActionKind(A.TakeChance),
        ]
        self.define(slices, table)
        self._at = [
            self.slice_of(name).start
            for name in ("position", "owner", "level", "mortgaged", "rent", "bank", "deal deeds")
        ] + [self.slice_of("stack").start]
        self._orders = [[(start + k) % players for k in range(players)] for start in range(players)]
        # Per observer: where each seat's six figures start (see _seats), and the seats.
        seat_range = range(players)
        self._seat_slots = [
            [6 * ((other - start) % players) for other in range(players)]
            for start in range(players)
        ]
        self._seat_range = seat_range
        # Per observer (by its seat; 0 for a spectator): a seat's one-hot row from the observer
        # (index -1, nobody: zeros), a bit set's rows (bit ``i`` for seat ``i``), and the rows
        # of the tuples of seats to act met so far (see encode).
        self._seat_rows: list[
            tuple[
                list[tuple[int, ...]], list[tuple[int, ...]], dict[tuple[int, ...], tuple[int, ...]]
            ]
        ] = []
        for start in range(players):
            order = self._orders[start]
            one = [
                tuple(1 if (other - start) % players == at else 0 for at in range(players))
                for other in range(players)
            ] + [(0,) * players]
            bits = [tuple(mask >> other & 1 for other in order) for mask in range(1 << players)]
            self._seat_rows.append((one, bits, {(other,): one[other] for other in range(players)}))
        # Per observer: an owner's column in a square's one-hot row, by the owner (index -1,
        # nobody: the last column).
        self._owner_columns = [
            [(other - start) % players for other in range(players)] + [players]
            for start in range(players)
        ]
        # Per observer: each seat counted from it, then -2 and -1 as they are (the pot, the
        # bank or nobody; a list's index -2 and -1), for the frames' figures.
        self._relative = [
            [(other - start) % players for other in range(players)] + [-2, -1]
            for start in range(players)
        ]
        # Where each frame kind's one lies in the observation (-1: no frame, no one).
        frame_at = self._at[6] - len(FRAMES) - FRAME_FIGURES
        # Where the window's, the seats to act's and the frame's numbers start (see encode).
        self._window_at = self._at[5] + 7 + players + 5
        self._acting_at = self._window_at + 1 + 3 * players
        self._frame_at = self._acting_at + players
        assert self._frame_at == frame_at
        self._kind_at: dict[type, int] = {kind: frame_at + at for at, kind in enumerate(FRAMES)}
        self._kind_at[type(None)] = -1
        # Each frame kind's one-hot as float32 bytes (no frame: zeros).
        self._kind_bytes: dict[type, bytes] = {
            kind: float32_bytes([1 if other is kind else 0 for other in FRAMES])
            for kind in (*FRAMES, type(None))
        }
        self._frame_bytes: dict[type, bytes] = {
            kind: one_hot + float32_bytes(_NO_FIGURES) for kind, one_hot in self._kind_bytes.items()
        }
        # The packers of the moment's, the window's and the seats to act's numbers (the bank's
        # is _BANK_NUMBERS), written through a float32 canvas's memory (Canvas.put's, made once).
        self._moment_numbers = float32_packer(players + 5)
        self._window_numbers = float32_packer(1 + 3 * players)
        self._acting_numbers = float32_packer(players)
        # The ids of the deeds a deal may give or take, by square (see legal_ids).
        self._give_ids: dict[Any, int] = dict(self._rows[A.Give].base)
        self._take_ids: dict[Any, int] = dict(self._rows[A.Take].base)
        # The ids straight from the table (see rule_ids): each kind's first id, and what each
        # id without an amount stands for (its action class and the value of its field, if
        # any); per seat, what makes an id's action.
        kinds: tuple[type[Action], ...] = tuple(kind.action for kind in self.kinds)
        self._ids_of: dict[type[Action], int] = {
            kind: self.base_id(kind, tuple(values[0] for _, values in row.kind.fields))
            for kind, row in self._rows.items()
        }
        actions_of: dict[int, tuple[type[Action], Any]] = {}
        for kind in kinds:
            row = self._rows[kind]
            if row.kind.amount is not None:
                continue
            if not row.kind.fields:
                actions_of[self.base_id(kind)] = (kind, None)
                continue
            for value in row.kind.fields[0][1]:
                actions_of[self.base_id(kind, (value,))] = (kind, value)
        # Per seat, every such action made once, by id (None for the amounts' ids): an id's
        # action is looked up, not made, each time (actions are immutable values).
        self._made: list[list[Any]] = [
            [
                None
                if entry is None
                else (entry[0](seat) if entry[1] is None else entry[0](seat, entry[1]))  # type: ignore[call-arg]
                for entry in (actions_of.get(index) for index in range(self.actions))
            ]
            for seat in seats
        ]
        self._builders: list[Callable[[int], Action]] = [made.__getitem__ for made in self._made]
        self._give_at = self.base_id(A.Give, (0,))
        self._take_at = self.base_id(A.Take, (0,))
        self._card_ids = [
            (1 << deck, self.base_id(A.GiveCard, (name,)), self.base_id(A.TakeCard, (name,)))
            for deck, name in enumerate(DECK_NAMES)
        ]
        self._cash_at = self.base_id(A.Cash)
        self._offer_id = self.base_id(A.Offer)
        # Every deal being written may drop and name any cash bucket.
        self._deal_fixed = 1 << self.base_id(A.Drop) | ((1 << CASH_BUCKETS) - 1) << self._cash_at
        self._rules: Any = getattr(game, "rules", None)
        self._game: Any = game
        board = getattr(game, "board", None)
        self._lift: tuple[int, ...] = tuple(board.lift) if board is not None else ()
        # The lifting costs in order, and the squares that cost no more than each (after
        # none, the first, the first two...): the squares a seat's cash lifts are
        # _lift_squares[bisect_right(_lift_costs, cash)] (see _menu_ids).
        by_cost = sorted(range(len(self._lift)), key=self._lift.__getitem__)
        self._lift_costs = [self._lift[square] for square in by_cost]
        self._lift_squares = [0]
        for square in by_cost:
            self._lift_squares.append(self._lift_squares[-1] | 1 << square)
        self._partner_ids = [self.base_id(A.OpenDeal, (other,)) for other in seats]
        self._back_bit = 1 << self.base_id(A.Back)
        # The window's shared ids, per seat by their bits (see _window_ids); per seat, roll or
        # menu.
        self._windows: list[dict[int, BitIds]] = [{} for _ in seats]
        self._roll_bit = 1 << self.base_id(A.Roll)
        self._fine_bit = 1 << self.base_id(A.PayFine)
        self._card_bit = 1 << self.base_id(A.UseCard)
        self._wait_bits = 1 << self.base_id(A.Wait) | 1 << self.base_id(A.Skip)
        self._manage_bit = 1 << self.base_id(A.OpenManage)
        self._claim_at = self.base_id(A.Claim, (0,))
        self._build_at = self.base_id(A.Build, (0,))
        self._sell_at = self._ids_of[A.Sell]
        self._sell_all_at = self._ids_of[A.SellAll]
        self._mortgage_at = self._ids_of[A.Mortgage]
        self._lift_at = self._ids_of[A.Lift]
        self._jail_fine: int = board.jail_fine if board is not None else 0
        # Per seat: what its whole groups give the window and the menu, with what it was
        # worked out from (see _groups_of).
        self._group_memo: list[tuple[Any, ...]] = [(None, (), 0, 0, (None, None, 0)) for _ in seats]
        self._roll_ids: list[BitIds] = []
        for seat in seats:
            ids = BitIds(
                1 << self.base_id(A.Roll) | 1 << self.base_id(A.OpenManage), self._builders[seat]
            )
            ids.shared = True
            self._roll_ids.append(ids)
        # An auction's: the bids' buckets and pass, the range's actions made when looked up
        # (_bid_action); per seat, pass alone (shared).
        self._bid_at = self.base_id(A.Bid)
        self._bid_bits = ((1 << BID_BUCKETS) - 1) << self._bid_at | 1 << self.base_id(A.Pass)
        self._pass_ids = [self._shared(1 << self.base_id(A.Pass), seat) for seat in seats]
        # A purchase's, per seat: by whether it can pay (1) and has the menu (2), shared.
        self._price: tuple[int, ...] = tuple(board.price) if board is not None else ()
        decline = 1 << self.base_id(A.Decline)
        buy = 1 << self.base_id(A.BuyDeed)
        manage = 1 << self.base_id(A.OpenManage)
        self._buy_ids = [
            [
                self._shared(decline | (buy if mask & 1 else 0) | (manage if mask & 2 else 0), seat)
                for mask in range(4)
            ]
            for seat in seats
        ]
        # The owners and levels tuples a deal's ids last read, and each seat's improved
        # squares (``rules.improved``) worked out for them (see rule_ids).
        self._improved: tuple[Any, Any, dict[int, int]] = (None, None, {})
        # Per (seat, seats still in): the ids of the deals that seat may open.
        self._partner_bits: dict[tuple[int, int], int] = {}
        # Per proposer: its last deal's ids, with their bits and cash range (see rule_ids).
        self._last_deal: list[tuple[int, int, int, Any]] = [(-1, 0, 0, None) for _ in seats]

    def rule_ids(self, state: Any, seat: int) -> LegalIds | None:
        """The commonest decisions straight from the table: the pre-roll window
        (``_window_ids``), the management menu (``_menu_ids``) and a deal being written (the
        costliest list to make: an action per deed the deal may still give or take); every
        other decision by the listed path.

        As ``deal_choices`` has it: the proposer's deeds in groups without buildings, not yet
        given; the partner's likewise, not yet taken; each jail card one holds and the deal
        does not yet hold; the cash, from all the partner's to all the proposer's (in buckets);
        offer once the deal holds a deed or a card; drop."""
        t = state.table
        stack = t.stack
        if not stack or self._rules is None or seat not in t.acting:
            return None
        deal = stack[-1]
        kind = type(deal)
        if kind is Window:
            # The common case first, inline (_window_ids's own first test): the seat whose turn
            # it is may roll or open the menu.
            rules = self._rules
            if (
                seat == t.active
                and t.owner is rules._owners_key
                and not rules._full_groups[seat]
                and not t.jail[seat]
                and not t.claims
                and not (t.dealt >> seat) & 1
            ):
                return self._roll_ids[seat]
            return self._window_ids(t, seat)
        if kind is Manage:
            return self._menu_ids(t, seat)
        if kind is Auction:
            # Bid (the range from one above the high bid to all the seat's cash, in buckets)
            # while the seat's cash beats the high bid; pass.
            cash = t.cash[seat]
            if cash > deal.high:
                return BitIds(self._bid_bits, partial(_bid_action, self, seat, deal.high + 1, cash))
            return self._pass_ids[seat]
        if kind is Buy:
            # Buy if the seat has the price, decline, the menu if it holds anything.
            can_buy: bool = t.cash[seat] >= self._price[deal.square]
            menu: bool = (not (t.dealt >> seat) & 1 and (t.alive & ~(1 << seat)) != 0) or (
                self._rules.can_manage(t, seat)
            )
            return self._buy_ids[seat][can_buy + 2 * menu]
        if kind is not Deal or deal.sent:
            return None
        p, q = deal.proposer, deal.partner
        # The seats' improved squares kept while the owners and levels are the very same
        # tuples (a deal being written changes neither: worked out once a deal, not a step).
        improved = self._improved
        if improved[0] is not t.owner or improved[1] is not t.level:
            improved = self._improved = (t.owner, t.level, {})
        known = improved[2]
        of_p = known.get(p)
        if of_p is None:
            of_p = known[p] = self._rules.improved(t, p)
        of_q = known.get(q)
        if of_q is None:
            of_q = known[q] = self._rules.improved(t, q)
        # The deeds as bits of the ids (a deed's id is its kind's first id plus its square).
        gives = t.holdings[p] & ~of_p
        for square in deal.give:
            gives &= ~(1 << square)
        takes = t.holdings[q] & ~of_q
        for square in deal.take:
            takes &= ~(1 << square)
        # The cash's buckets (always all of them) are bits too: their actions are made from
        # the range when looked up (_deal_action).
        bits = gives << self._give_at | takes << self._take_at | self._deal_fixed
        cards = t.cards
        if cards[p] | cards[q]:
            # (Jail cards are seldom held: looked at deck by deck only when one is.)
            for bit, give_id, take_id in self._card_ids:
                if cards[p] & bit and not deal.give_cards & bit:
                    bits |= 1 << give_id
                if cards[q] & bit and not deal.take_cards & bit:
                    bits |= 1 << take_id
        if deal.give or deal.take or deal.give_cards or deal.take_cards:
            bits |= 1 << self._offer_id
        # The proposer's last deal ids handed out again when they are the same bits and cash
        # range (about half of a deal's steps: one that named the cash changes neither), so
        # shared: the table keeps their mask and copies it.
        low = -t.cash[q]
        high = t.cash[p]
        last = self._last_deal[p]
        if last[0] == bits and last[1] == low and last[2] == high:
            ids: BitIds = last[3]
            return ids
        ids = BitIds(bits, partial(_deal_action, self, p, low, high))
        ids.shared = True
        self._last_deal[p] = (bits, low, high, ids)
        return ids

    def _window_ids(self, t: Any, seat: int) -> LegalIds:
        """The pre-roll window's ids, as ``legal_actions`` and ``window_choices`` list them
        (roll, or wait and skip out of turn; in jail the fine and the card; the seat's claims
        of rent; builds where it owns whole groups; the menu), from the same figures as bits:
        the ids of one set of bits are made once per seat and handed out again (shared)."""
        rules = self._rules
        if t.owner is not rules._owners_key:
            rules.group_owners(t)
        groups = rules._full_groups[seat]
        dealt = (t.dealt >> seat) & 1
        if seat == t.active:
            jail = t.jail[seat]
            if not groups and not jail and not t.claims and not dealt:
                # The common case: roll or open the menu.
                return self._roll_ids[seat]
            bits = self._roll_bit
            if jail:
                if t.cash[seat] >= self._jail_fine:
                    bits |= self._fine_bit
                if t.cards[seat]:
                    bits |= self._card_bit
        else:
            bits = self._wait_bits
        if t.claims:
            at = self._claim_at
            for claim in t.claims:
                if claim.owner == seat:
                    bits |= 1 << at + claim.square
        if groups:
            # Builds where the whole groups' figures allow one and the seat's cash pays.
            cash = t.cash[seat]
            for cost, built in self._groups_of(t, seat, groups)[1]:
                if cost <= cash:
                    bits |= built
        if (not dealt and (t.alive & ~(1 << seat)) != 0) or rules.can_manage(t, seat):
            bits |= self._manage_bit
        known = self._windows[seat]
        ids = known.get(bits)
        if ids is None:
            ids = BitIds(bits, self._builders[seat])
            ids.shared = True
            if len(known) > 10_000:
                known.clear()
            known[bits] = ids
        return ids

    def _groups_of(self, t: Any, seat: int, groups: Any) -> tuple[Any, ...]:
        """What ``seat``'s whole groups ``groups`` give the window and the menu, as
        ``build_squares`` and ``raise_choices`` work it out: each group it may build on
        (members not mortgaged, a building of the right sort in the bank), as the build cost
        and the ids of its lowest squares; the ids of the sells and sell-alls; the squares of
        the groups with buildings. Kept per seat while the groups, the levels and mortgages
        of their own squares and the bank's stands and arenas (as far as they matter) are
        the same: another seat's building or mortgage (half the changes) keeps them."""
        level = t.level
        mortgaged = t.mortgaged
        stands = t.stands
        kept = self._group_memo[seat]
        # The groups' squares' levels (read at C speed) and deeds, made once per groups.
        parts = kept[4]
        same = parts[0] == groups
        if not same:
            squares: list[int] = []
            deeds = 0
            for members, mask, _ in groups:
                squares += members
                deeds |= mask
            parts = (groups, itemgetter(*squares), deeds)
        key = (parts[1](level), mortgaged & parts[2], stands >= 1, stands >= 4, t.arenas >= 1)
        if same and kept[0] == key:
            return kept
        builds: list[tuple[int, int]] = []
        sells = 0
        improved = 0
        build_at = self._build_at
        sell_at = self._sell_at
        for members, mask, cost in groups:
            low = high = level[members[0]]
            for s in members:
                if level[s] < low:
                    low = level[s]
                if level[s] > high:
                    high = level[s]
            if not mortgaged & mask and low != 5 and (key[4] if low == 4 else key[2]):
                built = 0
                for s in members:
                    if level[s] == low:
                        built |= 1 << build_at + s
                builds.append((cost, built))
            if high:
                improved |= mask
                sells |= 1 << self._sell_all_at + members[0]
                if high < 5 or key[3]:
                    for s in members:
                        if level[s] == high:
                            sells |= 1 << sell_at + s
        kept = self._group_memo[seat] = (key, tuple(builds), sells, improved, parts)
        return kept

    def _menu_ids(self, t: Any, seat: int) -> LegalIds:
        """The management menu's ids, as the game lists it (builds, sells, sell-alls and
        mortgages, lifts, a deal with each partner unless one was opened this turn, back),
        from the game's own squares and figures: no list of actions made, no scan.

        Sells, sell-alls and mortgages as ``raise_choices`` gives them: per whole group with
        buildings, its highest events (an arena only if the bank has 4 stands) and the
        group's first event; mortgages for the deeds unmortgaged outside those groups."""
        rules = self._rules
        if t.owner is not rules._owners_key:
            rules.group_owners(t)
        groups = rules._full_groups[seat]
        bits = self._back_bit
        cash = t.cash[seat]
        improved = 0
        if groups:
            _, builds, sells, improved, _ = self._groups_of(t, seat, groups)
            for cost, built in builds:
                if cost <= cash:
                    bits |= built
            bits |= sells
        holdings = t.holdings[seat]
        mortgaged = t.mortgaged
        bits |= (holdings & ~mortgaged & ~improved) << self._mortgage_at
        lifts = holdings & mortgaged
        if lifts:
            # The mortgaged deeds whose lifting the cash pays, at once (no loop per deed).
            affordable = self._lift_squares[bisect_right(self._lift_costs, cash)]
            bits |= (lifts & affordable) << self._lift_at
        if not (t.dealt >> seat) & 1:
            alive = t.alive
            partners = self._partner_bits.get((seat, alive))
            if partners is None:
                partners = 0
                for action in self._game.deal_partners(t, seat):
                    partners |= 1 << self._partner_ids[action.partner]
                self._partner_bits[(seat, alive)] = partners
            bits |= partners
        return BitIds(bits, self._builders[seat])

    def _shared(self, bits: int, seat: int) -> BitIds:
        """Ids of ``seat`` handed out again (shared, their mask kept)."""
        ids = BitIds(bits, self._builders[seat])
        ids.shared = True
        return ids

    def _action(self, seat: int, action_id: int) -> Action:
        """The action of ``action_id`` (one without an amount) for ``seat``."""
        built: Action = self._made[seat][action_id]
        return built

    def legal_ids(self, legal: Sequence[Any]) -> LegalIds:
        """A deal's choices (a list that starts with the deeds it may give, then those it may
        take, made anew each time) find their deeds' ids by square; the rest as usual."""
        if type(legal) is not list or not legal or type(legal[0]) not in (A.Give, A.Take):
            return super().legal_ids(legal)
        give, take = self._give_ids, self._take_ids
        found: dict[int, Any] = {}
        index: int | None
        position = 0
        for choice in legal:
            kind = type(choice)
            if kind is A.Give:
                index = give.get(choice.square)
            elif kind is A.Take:
                index = take.get(choice.square)
            else:
                break
            if index is None:
                break
            if index not in found:
                found[index] = choice
            position += 1
        ids = super().legal_ids(legal[position:])
        ids.entries.update(found)  # other kinds' ids: never these
        return ids

    def encode(self, view: View, canvas: Canvas) -> None:
        seat = view.seat
        start = seat or 0
        t = view.table
        # What each part was last made from: a list of slots (see _RECORD) the persistent
        # canvas's record keeps (read by index: a dictionary lookup by name a part cost about
        # three times as much); a fresh canvas, written once, gets a new one, so that every
        # part is written.
        memo = canvas.memo
        if memo is None:
            memo = {}
        record = memo.get(_RECORD)
        if record is None:
            record = memo[_RECORD] = list(_NEW_RECORD)
        # The seats' figures and positions (cash, position, jail, cards, alive), field by field
        # only where a field changed.
        seats = (t.cash, t.position, t.jail, t.cards, t.alive)
        old = record[_SEATS]
        if old != seats:
            record[_SEATS] = seats
            self._seats(seats, old, start, canvas)
        # The board: owners, levels and mortgages looked at one by one only when one of them
        # changed (the three fields at once, compared item by item, identity first).
        # (Each by its own slot: the owners and levels are new tuples only when one changed,
        # the mortgages are one integer's bits. The four compared at once first, identity
        # first: none changed at most views.)
        board = (t.owner, t.level, t.mortgaged, t.rent)
        if record[_BOARD] != board:
            record[_BOARD] = board
            owner, level, mortgaged, rent = board
            was_owner = record[_OWNER]
            if was_owner is not owner:
                record[_OWNER] = owner
                self._owners(owner, was_owner, start, canvas)
            was_level = record[_LEVEL]
            if was_level is not level:
                record[_LEVEL] = level
                _renumber(canvas, "levels", self._at[2], level, was_level)
            was_mortgaged = record[_MORTGAGED]
            if was_mortgaged != mortgaged:
                record[_MORTGAGED] = mortgaged
                # (Only the squares whose bit changed are written again: the canvas's flags.)
                canvas.flags("mortgaged", self._at[3], SQUARES, mortgaged)
            was = record[_RENT]
            if was is not rent:
                record[_RENT] = rent
                _renumber(canvas, "rents", self._at[4], rent, was)
        # The run from the bank to the frame, in parts each written only when its own sources
        # changed: between two views of a seat the stack changes most of the time, the dice,
        # the turn, the bank and the window now and then (the run was made whole every move).
        # The seat-dependent numbers come from the observer's tables (see __init__), and
        # every part's place and the raw buffer are looked up only where the part is written.
        # The bank and the moment (adjacent fields) looked at apart only when one changed.
        head = (
            t.stands,
            t.arenas,
            t.seen,
            t.hidden,
            t.pot,
            t.active,
            t.doubles,
            t.again,
            t.turn,
            t.dice,
        )
        if record[_HEAD] != head:
            record[_HEAD] = head
            at = self._at[5]
            raw = canvas.raw
            bank = head[:5]
            if record[_BANK] != bank:
                record[_BANK] = bank
                stands, arenas, seen, hidden, pot = bank
                bank_row = (stands, arenas, hidden[0], hidden[1], len(seen[0]), len(seen[1]), pot)
                if raw is not None:
                    _BANK_NUMBERS.pack_into(raw, 4 * at, *bank_row)
                else:
                    canvas.put(at, bank_row)
            moment = head[5:]
            if record[_MOMENT] != moment:
                record[_MOMENT] = moment
                active, doubles, again, turns, dice = moment
                one = self._seat_rows[start][0]
                moment_row = (*one[active], doubles, again, turns, dice[0], dice[1])
                if raw is not None:
                    self._moment_numbers.pack_into(raw, 4 * (at + 7), *moment_row)
                else:
                    canvas.put(at + 7, moment_row)
        window = (t.passed, t.skipping, t.dealt, t.claims)
        if record[_WINDOW] != window:
            record[_WINDOW] = window
            at = self._window_at
            raw = canvas.raw
            bits = self._seat_rows[start][1]
            passed, skipping, dealt, claims = window
            flags = (len(claims), *bits[passed], *bits[skipping], *bits[dealt])
            if raw is not None:
                self._window_numbers.pack_into(raw, 4 * at, *flags)
            else:
                canvas.put(at, flags)
        acting = t.acting
        if record[_ACTING] != acting:
            record[_ACTING] = acting
            at = self._acting_at
            raw = canvas.raw
            acting_rows = self._seat_rows[start][2]
            row = acting_rows.get(acting)
            if row is None:
                players = self._players
                row = acting_rows[acting] = tuple(
                    [1 if (other + start) % players in acting else 0 for other in range(players)]
                )
            if raw is not None:
                self._acting_numbers.pack_into(raw, 4 * at, *row)
            else:
                canvas.put(at, row)
        # The top frame: its kind and figures, and a deal's deeds, made again only when the
        # stack (and then the frame) is another object (both immutable).
        stack = t.stack
        moved = record[_STACK] is not stack
        if moved:
            record[_STACK] = stack
            frame: Any = stack[-1] if stack else None
            if record[_FRAME] is not frame:
                record[_FRAME] = frame
                at = self._frame_at
                raw = canvas.raw
                kind = type(frame)
                figures = _FIGURES[kind]
                if raw is not None:
                    # A float32 buffer: the kind's one-hot and the figures written whole, the
                    # one-hot's bytes made once per kind (with the zero figures of a kind
                    # that has none); nothing written when the kind and its figures are those
                    # the canvas holds (another frame of the same kind and figures: a window
                    # after a window, a deal that gained a deed).
                    if kind is Deal:
                        # (The commonest frame's figures made here: one call fewer.)
                        rel = self._relative[start]
                        numbers: tuple[float, ...] | None = (
                            rel[frame.proposer],
                            rel[frame.partner],
                            frame.cash,
                            frame.give_cards,
                            frame.take_cards,
                            frame.sent,
                            0,
                            0,
                        )
                    else:
                        numbers = None if figures is None else figures(frame, self._relative[start])
                    if record[_KIND] is not kind or record[_FIGURES_WRITTEN] != numbers:
                        record[_KIND] = kind
                        record[_FIGURES_WRITTEN] = numbers
                        raw[4 * at : 4 * at + _FRAME_BYTES] = (
                            self._frame_bytes[kind]
                            if numbers is None
                            else self._kind_bytes[kind] + _FIGURE_BYTES.pack(*numbers)
                        )
                else:
                    numbers = (
                        _NO_FIGURES if figures is None else figures(frame, self._relative[start])
                    )
                    # Its kind's one moved where the kind changed, its figures written where
                    # they changed (a deal being written keeps its kind and figures, its deeds
                    # grow).
                    if record[_KIND] is not kind:
                        record[_KIND] = kind
                        canvas.ones("frame kind", at, at + len(FRAMES), (self._kind_at[kind],))
                    canvas.block("figures", at + len(FRAMES), numbers)
                # A deal's deeds (none for another frame), as added or gone since the deal
                # the canvas holds (a deal grows a deed a step).
                was_deal = record[_DEAL]
                if kind is Deal:
                    deal = (frame.give, frame.take)
                elif was_deal is not _NO_DEAL:
                    deal = _NO_DEAL
                else:
                    deal = None
                if deal is not None:
                    record[_DEAL] = deal
                    cells = canvas.cells
                    if was_deal is _NONE or cells is None:
                        self._deal_deeds(deal, was_deal, canvas)
                    else:
                        deeds = self._at[6]
                        if deal[0] != was_deal[0]:
                            _move_ones(cells, deeds, was_deal[0], deal[0])
                        if deal[1] != was_deal[1]:
                            _move_ones(cells, deeds + SQUARES, was_deal[1], deal[1])
        # The stack's depth (when the stack is another) and the game's end, each written
        # when it changed, number by number.
        if moved:
            depth = len(stack)
            if record[_DEPTH] != depth:
                record[_DEPTH] = depth
                (canvas.data if canvas.cells is None else canvas.cells)[self._at[7]] = depth
        over = t.over
        if record[_OVER] != over:
            record[_OVER] = over
            (canvas.data if canvas.cells is None else canvas.cells)[self._at[7] + 1] = over

    def _deal_deeds(
        self, deal: tuple[tuple[int, ...], tuple[int, ...]], was: Any, canvas: Canvas
    ) -> None:
        """A deal's deeds, given and taken, as ones by square, on a fresh canvas or a
        persistent one written for the first time (``was`` _NONE: its deeds cleared first)."""
        deeds = self._at[6]
        if canvas.memo is not None and was is _NONE:
            canvas.data[deeds : deeds + 2 * SQUARES] = 0
        put = canvas.data if canvas.cells is None else canvas.cells
        _move_ones(put, deeds, (), deal[0])
        _move_ones(put, deeds + SQUARES, (), deal[1])

    def _seats(self, seats: tuple[Any, ...], old: Any, start: int, canvas: Canvas) -> None:
        """The seats' figures (six a seat) and one-hot positions, from the observer; on a
        persistent canvas only the fields that changed since ``old``."""
        cash, position, jail, cards, alive = seats
        order = self._orders[start]
        if old is None or canvas.cells is None:
            values: list[float] = []
            for other in order:
                values += (
                    cash[other],
                    position[other],
                    jail[other],
                    cards[other] & 1,
                    cards[other] >> 1 & 1,
                    alive >> other & 1,
                )
            canvas.put(0, values)
            canvas.choices("position", self._at[0], SQUARES, [position[other] for other in order])
            if canvas.memo is not None:
                # Moved one by one from now on (below), never by that record.
                del canvas.memo["position"]
            return
        cells = canvas.cells
        was_cash, was_position, was_jail, was_cards, was_alive = old
        if cash != was_cash:
            # Only the seats whose cash changed (found at C speed): one or two a move.
            slots = self._seat_slots[start]
            for other in compress(self._seat_range, map(is_not, cash, was_cash)):
                cells[slots[other]] = cash[other]
        if position != was_position:
            # Each seat that moved: its number, and its one moved in its row of squares.
            row = self._at[0]
            for at, other in enumerate(order):
                now, was = position[other], was_position[other]
                if now != was:
                    cells[6 * at + 1] = now
                    if 0 <= was < SQUARES:
                        cells[row + was] = 0
                    if 0 <= now < SQUARES:
                        cells[row + now] = 1
                row += SQUARES
        if jail != was_jail:
            for at, other in enumerate(order):
                cells[6 * at + 2] = jail[other]
        if cards != was_cards:
            for at, other in enumerate(order):
                cells[6 * at + 3] = cards[other] & 1
                cells[6 * at + 4] = cards[other] >> 1 & 1
        if alive != was_alive:
            for at, other in enumerate(order):
                cells[6 * at + 5] = alive >> other & 1

    def _owners(self, owner: tuple[int, ...], was: Any, start: int, canvas: Canvas) -> None:
        """The squares' one-hot owners from the observer: on a persistent canvas that holds
        the owners ``was``, only the rows whose owner changed."""
        cells = canvas.cells
        if was is None or cells is None:
            players = self._players
            canvas.choices(
                "owners",
                self._at[1],
                players + 1,
                [players if held < 0 else (held - start) % players for held in owner],
            )
            return
        # The squares whose owner changed (found at C speed), each row's one moved: no row of
        # forty made.
        at = self._at[1]
        width = self._players + 1
        column = self._owner_columns[start]
        for square in compress(range(SQUARES), map(ne, owner, was)):
            row = at + square * width
            cells[row + column[was[square]]] = 0
            cells[row + column[owner[square]]] = 1


# The encoding's record in a canvas's memo: what each part was last made from, by slot (None
# or _NONE: not yet, so the part is written).
_RECORD = "esport monopoly record"
_SEATS, _OWNER, _RENT, _HEAD, _BANK, _MOMENT, _WINDOW, _ACTING = range(8)
_STACK, _FRAME, _KIND, _DEPTH, _OVER, _FIGURES_WRITTEN = range(8, 14)
_LEVEL, _MORTGAGED, _DEAL, _BOARD = range(14, 18)
_NEW_RECORD: tuple[Any, ...] = (
    (None,) * 8 + (_NONE,) * 3 + (None, _NONE, None) + (None,) * 2 + (_NONE, None)
)
_NO_FIGURES: tuple[float, ...] = (0,) * FRAME_FIGURES
_FIGURE_BYTES = float32_packer(FRAME_FIGURES)
# A frame's bytes: its kind's one-hot and its figures.
_FRAME_BYTES = 4 * (len(FRAMES) + FRAME_FIGURES)
# No deal: no deed given, none taken.
_NO_DEAL: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
# A frame's figures, padded with zeros to FRAME_FIGURES, by its kind (None: no figures); ``rel``
# gives a seat counted from the observer, and -1 and -2 (nobody, the bank, the pot) as they are.
_Figures = Callable[[Any, Sequence[int]], tuple[float, ...]]
_FIGURES: dict[type, _Figures | None] = {
    type(None): None,
    Window: None,
    EndMove: None,
    JailMove: None,
    Lots: None,
    Buy: lambda f, rel: (f.square, 0, 0, 0, 0, 0, 0, 0),
    Auction: lambda f, rel: (f.lot, f.high, rel[f.leader], f.building, len(f.order), 0, 0, 0),
    Pay: lambda f, rel: (rel[f.payer], rel[f.payee], f.amount, f.square, 0, 0, 0, 0),
    Manage: lambda f, rel: (rel[f.seat], 0, 0, 0, 0, 0, 0, 0),
    Deal: lambda f, rel: (
        rel[f.proposer],
        rel[f.partner],
        f.cash,
        f.give_cards,
        f.take_cards,
        f.sent,
        0,
        0,
    ),
    Fee: lambda f, rel: (rel[f.seat], len(f.squares), 0, 0, 0, 0, 0, 0),
    Place: lambda f, rel: (rel[f.seat], f.building, 0, 0, 0, 0, 0, 0),
    Choice: lambda f, rel: (rel[f.seat], f.amount, 0, 0, 0, 0, 0, 0),
}


_BANK_NUMBERS = float32_packer(7)


def _renumber(
    canvas: Canvas, name: str, at: int, now: tuple[int, ...], was: tuple[int, ...] | None
) -> None:
    """Squares' numbers from ``at`` on, ``now`` where the part held ``was`` (the tuple it was
    last written from; ``None``: not yet, or a fresh canvas): only the numbers that are other
    objects are written (found at C speed by identity, cheaper than by value; a tuple made from
    another shares the numbers it did not change, and an equal number of another object is only
    written again as it was)."""
    cells = canvas.cells
    if was is None or cells is None or len(was) != len(now):
        canvas.numbers(name, at, now)
        return
    for index in compress(range(len(now)), map(is_not, now, was)):
        cells[at + index] = now[index]


def _move_ones(put: Any, at: int, was: Sequence[int], now: Sequence[int]) -> None:
    """Squares ``was`` marked from ``at`` on become squares ``now``: a 0 where one left, a 1
    where one came (a deal gains or loses a deed a step)."""
    for square in was:
        if square not in now:
            put[at + square] = 0
    for square in now:
        if square not in was:
            put[at + square] = 1


def _deal_action(
    encoding: EsportMonopolyEncoding, proposer: int, low: int, high: int, key: int
) -> Action:
    """The action of a deal's id ``key``: a cash bucket's made from the cash range (all the
    partner's, ``low``, to all the proposer's, ``high``), any other looked up."""
    bucket = key - encoding._cash_at
    if 0 <= bucket < CASH_BUCKETS:
        # ``bucket_amount`` of the range (step 1) from its figures and the action made
        # directly: no range, no ``dataclasses.replace`` (held to the listed path's action by
        # the rule-ids tests).
        amount = bucket_value(low, 1, high - low + 1, bucket, CASH_BUCKETS)
        return A.Cash(proposer, amount)
    made: Action = encoding._made[proposer][key]
    return made


def _bid_action(
    encoding: EsportMonopolyEncoding, seat: int, low: int, high: int, key: int
) -> Action:
    """The action of an auction's id ``key``: a bid's bucket's made from the range of bids
    (``low`` to ``high``), pass looked up."""
    bucket = key - encoding._bid_at
    if 0 <= bucket < BID_BUCKETS:
        return A.Bid(seat, bucket_value(low, 1, high - low + 1, bucket, BID_BUCKETS))
    made: Action = encoding._made[seat][key]
    return made
