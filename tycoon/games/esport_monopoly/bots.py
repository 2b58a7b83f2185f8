"""``greedy``: a rule-based Monopoly player, quick enough for thousands of games.

It buys what it lands on while it keeps a cash reserve; bids in auctions up to a value (the
price, more for a deed that completes or blocks a colour group); builds evenly on its full groups
whenever the reserve allows, cheapest fan stands first on its best group; raises money by
mortgaging loose deeds before selling buildings; lifts mortgages when rich; proposes deals that
complete one of its groups (a swap that completes one of the partner's too, or cash) and answers
deals by weighing prices, cash and the groups each side would complete. It remembers the deals it
proposed so it does not repeat a refused one for a while.

Parameters: ``reserve`` (cash kept back, default 150), ``deals`` (1: trade, 0: never propose),
``noise`` (0..1, as for every game's bots: the chance of playing a uniformly random legal choice
instead, default 0).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, TypeVar, cast

from tycoon.core import Action, Rng
from tycoon.core.bitset import set_bits
from tycoon.core.players import Bot
from tycoon.games.esport_monopoly import actions as A
from tycoon.games.esport_monopoly.board import EVENT, Board
from tycoon.games.esport_monopoly.engine import Rules
from tycoon.games.esport_monopoly.state import (
    Auction,
    Buy,
    Choice,
    Deal,
    Fee,
    Manage,
    Pay,
    Place,
    Table,
    View,
    Window,
)

if TYPE_CHECKING:
    from tycoon.games.esport_monopoly.game import EsportMonopoly

# The colour groups in the order the bot likes to build on them (landing frequency and rent per
# pound on the built-in board); a board's other colour groups come after them, in board order.
# (Final: compiled, the numbers are written into the code rather than looked up.)
BUILD_PREFERENCE: Final = (
    "orange",
    "red",
    "lightblue",
    "pink",
    "yellow",
    "darkblue",
    "green",
    "brown",
)
COMPLETE_BONUS: Final = 600  # what completing a colour group is worth to the bot
RIVAL_PENALTY: Final = 700  # what a rival completing a colour group costs it
PENALTY_SHARE: Final = 1  # a rival completing a group costs BONUS * this / (rivals)
REPEAT_AFTER: Final = 12  # player-turns before a refused proposal may be made again


Targets = list[tuple[int, int, tuple[int, ...]]]

# The bot's actions made once per process rather than at each decision (a frozen dataclass is
# built by its interpreted __init__, compiled or not: about a microsecond): by seat, and by seat
# then square; bids and cash amounts as they come (kept up to a bound).
SEATS: Final = range(8)
ACCEPT: Final = tuple(A.Accept(s) for s in SEATS)
REJECT: Final = tuple(A.Reject(s) for s in SEATS)
DROP: Final = tuple(A.Drop(s) for s in SEATS)
KEEP: Final = tuple(A.Keep(s) for s in SEATS)
OFFER: Final = tuple(A.Offer(s) for s in SEATS)
CARD_FINE: Final = tuple(A.PayCardFine(s) for s in SEATS)
TAKE_CHANCE: Final = tuple(A.TakeChance(s) for s in SEATS)
PAY_FINE: Final = tuple(A.PayFine(s) for s in SEATS)
USE_CARD: Final = tuple(A.UseCard(s) for s in SEATS)
OPEN_DEAL: Final = tuple(tuple(A.OpenDeal(s, p) for p in SEATS) for s in SEATS)
GIVE: Final = tuple(tuple(A.Give(s, q) for q in range(40)) for s in SEATS)
TAKE: Final = tuple(tuple(A.Take(s, q) for q in range(40)) for s in SEATS)
REPAY: Final = tuple(tuple(A.Repay(s, q) for q in range(40)) for s in SEATS)
_Amount = TypeVar("_Amount", A.Bid, A.Cash)
_BIDS: dict[tuple[int, int], A.Bid] = {}
_CASH: dict[tuple[int, int], A.Cash] = {}


def bid_of(seat: int, amount: int) -> A.Bid:
    """``A.Bid(seat, amount)``, made once."""
    found = _BIDS.get((seat, amount))
    return found if found is not None else _keep(_BIDS, A.Bid(seat, amount))


def cash_of(seat: int, amount: int) -> A.Cash:
    """``A.Cash(seat, amount)``, made once."""
    found = _CASH.get((seat, amount))
    return found if found is not None else _keep(_CASH, A.Cash(seat, amount))


def _keep(made: dict[tuple[int, int], _Amount], action: _Amount) -> _Amount:
    """Keep ``action`` under its (seat, amount), forgetting them all past 4,096."""
    if len(made) > 4096:
        made.clear()
    made[(action.seat, action.amount)] = action
    return action


class _Tables:
    """The bot's tables for one board, with every seat's deal targets for the last owner tuple
    seen (shared by the bots playing that board: the owner tuple is replaced only when a deed
    changes hands, and each bot would otherwise work them out again)."""

    __slots__ = (
        "bits",
        "board",
        "build_groups",
        "build_order",
        "build_rank",
        "group_bit",
        "owner",
        "targets",
        "worth",
    )

    def __init__(self, board: Board) -> None:
        self.board = board
        colours = range(board.event_groups)
        keys = board.group_keys
        first = [keys.index(k) for k in BUILD_PREFERENCE if k in keys[: board.event_groups]]
        self.build_order = (*first, *(g for g in colours if g not in first))
        self.build_rank = {g: i for i, g in enumerate(self.build_order)}
        # The colour groups in building order, as (group, members, mask of its squares).
        self.build_groups = tuple(
            (g, board.group_members[g], board.group_mask[g]) for g in self.build_order
        )
        # By square: what a mortgaged deed is worth (its price less the mortgage and the fee).
        self.worth = tuple(board.price[s] - board.mortgage[s] - board.fee[s] for s in range(40))
        # By square: a bit for its colour group (0 for squares outside the colour groups).
        group = board.group
        self.group_bit = tuple(
            1 << group[s] if 0 <= group[s] < board.event_groups else 0 for s in range(40)
        )
        self.owner: tuple[int, ...] | None = None
        self.targets: tuple[Targets, ...] = ()
        # By bitmask of squares: its squares in board order (set_bits), made once.
        self.bits: dict[int, tuple[int, ...]] = {}

    def of(self, owner: tuple[int, ...], owned: int = -1) -> tuple[Targets, ...]:
        """By seat, the colour groups (in building order) whose deeds belong to that seat and
        to exactly one other seat, as (group, that other seat, the deeds it holds there).
        ``owned``, when known, has a bit for every square with an owner (the union of the
        holdings): a group with a square outside it is passed over without reading its
        owners."""
        if owner is self.owner:
            return self.targets
        targets: list[Targets] = [[], [], [], [], [], [], [], []]
        for group, members, mask in self.build_groups:
            if owned & mask != mask:
                continue  # an unowned deed: not split between two seats
            first = owner[members[0]]
            second = -1
            split = True
            for s in members:
                o = owner[s]
                if o < 0:
                    split = False
                    break
                if o != first:
                    if second < 0:
                        second = o
                    elif o != second:
                        split = False
                        break
            if split and second >= 0:
                targets[first].append(
                    (group, second, tuple([s for s in members if owner[s] == second]))
                )
                targets[second].append(
                    (group, first, tuple([s for s in members if owner[s] == first]))
                )
        self.owner = owner
        self.targets = tuple(targets)
        return self.targets

    def bought(self, owner: tuple[int, ...], square: int) -> tuple[Targets, ...]:
        """:meth:`of` for ``owner``, the owner tuple last seen but for ``square``, which had no
        owner there: only the square's group can have become split between two seats (it had
        an unowned deed), so the other seats' lists stay as they were."""
        self.owner = owner
        group = self.board.group[square]
        if not 0 <= group < self.board.event_groups:
            return self.targets
        members = self.board.group_members[group]
        first = owner[members[0]]
        second = -1
        for s in members:
            o = owner[s]
            if o < 0:
                return self.targets
            if o != first:
                if second < 0:
                    second = o
                elif o != second:
                    return self.targets
        if second < 0:
            return self.targets
        targets = list(self.targets)
        rank = self.build_rank
        for seat, other in ((first, second), (second, first)):
            mine = list(targets[seat])  # a new list: a bot keeps the old one as its key
            at = 0
            while at < len(mine) and rank[mine[at][0]] < rank[group]:
                at += 1
            mine.insert(at, (group, other, tuple([s for s in members if owner[s] == other])))
            targets[seat] = mine
        self.targets = tuple(targets)
        return self.targets


_TABLES: dict[int, _Tables] = {}  # by the board's id (each entry keeps its board alive)


def tables(board: Board) -> _Tables:
    """The bot's tables for ``board``, made once (boards are cached by their data)."""
    found = _TABLES.get(id(board))
    if found is None or found.board is not board:
        if len(_TABLES) > 64:
            _TABLES.clear()
        found = _TABLES[id(board)] = _Tables(board)
    return found


class GreedyBot(Bot):
    """The ``greedy`` seat: a :class:`Bot` whose decisions are its :class:`Greedy`'s (``brain``).

    The two are apart because core's ``Bot`` stays interpreted: compiled, a class deriving from
    it is a Python class (each attribute read a dictionary lookup, each method call through
    Python's protocol), while :class:`Greedy` derives from nothing and compiles to a native
    class. The game's own simulation loop calls the brain directly."""

    # It reads its choices only where it picks among them (raising money, managing, writing a
    # deal, placing a building); a roll, a skip, a purchase and a bid come from the view.
    lazy_legal = True

    def __init__(
        self,
        game: Any,
        seat: int,
        rng: Rng,
        params: Mapping[str, str],
    ) -> None:
        super().__init__(game, seat, rng, params)
        self.reserve = int(self.float_param("reserve", 150, 0, 5000))
        self.trades = self.float_param("deals", 1, 0, 1) >= 0.5
        self.noise = self.float_param("noise", 0.0, 0.0, 1.0)
        self.brain = Greedy(game, seat, self.reserve, self.trades, self.noise, self)
        self.board = self.brain.board
        self.tables = self.brain.tables

    def choose(self, view: View, legal: Sequence[Any]) -> Action:
        return self.brain.choose(view, legal)

    @property
    def intent(self) -> Action | None:
        """The management action the bot opened its menu for."""
        return self.brain.intent

    def raise_money(self, t: Table, legal: Sequence[Any]) -> Action:
        return self.brain.raise_money(t, legal)

    def raise_money_listed(self, t: Table, legal: Sequence[Any]) -> Action:
        return self.brain.raise_money_listed(t, legal)

    def offered(self, t: Table, intent: Action, legal: Sequence[Any]) -> bool:
        return self.brain.offered(t, intent, legal)

    def deal_score(
        self,
        t: Table,
        me: int,
        other: int,
        gets: tuple[int, ...],
        gives: tuple[int, ...],
        cash_in: int,
    ) -> int:
        return self.brain.deal_score(t, me, other, gets, gives, cash_in)

    def likes(self, t: Table, d: Deal) -> bool:
        return self.brain.likes(t, d)

    def find_deal(self, t: Table) -> tuple[int, tuple[int, ...], tuple[int, ...], int] | None:
        return self.brain.find_deal(t)


class Greedy:
    """The greedy bot's state and decisions (see :class:`GreedyBot`); ``bot`` is the seat's
    bot, whose seeded noise (a random legal move now and then) it asks for."""

    # Slots: see Rules in engine.py (more than 29 attributes would cost every method call).
    __slots__ = (
        "_build_of",
        "_buy",
        "_deals_key",
        "_deals_turn",
        "_decline",
        "_least_cost",
        "_lift_held",
        "_lift_least",
        "_lift_mortgaged",
        "_lift_needs",
        "_lift_of",
        "_manage",
        "_mortgage_of",
        "_pass",
        "_ranked",
        "_ranked_of",
        "_retry_cash",
        "_roll",
        "_sell_all_of",
        "_sell_of",
        "_skip",
        "_targets",
        "_targets_owner",
        "board",
        "bot",
        "intent",
        "monopoly",
        "noise",
        "plan",
        "proposed",
        "reserve",
        "rules",
        "seat",
        "stuck",
        "tables",
        "trades",
    )

    def __init__(
        self, game: Any, seat: int, reserve: int, trades: bool, noise: float, bot: Bot
    ) -> None:
        self.seat = seat
        self.reserve = reserve
        self.trades = trades
        self.noise = noise
        self.bot = bot
        self.monopoly: EsportMonopoly = game
        self.rules: Rules = game.rules  # typed: compiled, its attributes are read natively
        self.board: Board = game.rules.board
        self.tables = tables(self.board)
        # The game's action objects for this seat (made once per game: building a frozen
        # dataclass costs more than most of a decision), by square for the management ones.
        self._roll: A.Roll = game._roll_menu[seat][0]
        self._skip: A.Skip = game._skip[seat]
        self._buy: A.BuyDeed = game._buy[seat]
        self._decline: A.Decline = game._decline[seat]
        self._pass: A.Pass = game._pass[seat]
        self._manage: A.OpenManage = game._manage[seat]
        self._build_of: tuple[A.Build, ...] = game._builds[seat]
        self._lift_of: tuple[A.Lift, ...] = game._lifts[seat]
        self._sell_of: tuple[A.Sell, ...] = game._sells[seat]
        self._sell_all_of: tuple[A.SellAll, ...] = game._sell_alls[seat]
        self._mortgage_of: tuple[A.Mortgage, ...] = game._mortgages[seat]
        self.intent: Action | None = None
        self.stuck = (-1, -1)
        self.plan: tuple[int, tuple[int, ...], tuple[int, ...], int] | None = None
        self.proposed: dict[tuple[int, tuple[int, ...], tuple[int, ...]], int] = {}
        self._deals_key: list[tuple[int, int, tuple[int, ...]]] | None = None
        self._retry_cash = 1 << 62  # cash at which a deal found unaffordable becomes possible
        self._targets_owner: tuple[int, ...] | None = None
        self._targets: list[tuple[int, int, tuple[int, ...]]] = []
        self._deals_turn = 0
        # management's mortgage lifts (see lift_needs).
        self._lift_needs: list[tuple[int, int]] = []
        self._lift_least = 0
        self._lift_held = -1
        self._lift_mortgaged = -1
        # pick_build's groups in building order, and the groups tuple they were sorted from.
        self._ranked: tuple[tuple[tuple[int, ...], int, int], ...] = ()
        self._ranked_of: Sequence[tuple[tuple[int, ...], int, int]] | None = None
        self._least_cost = 0

    # -- the decision ---------------------------------------------------------------------------
    def choose(self, view: View, legal: Sequence[Any]) -> Action:
        return self.decide(view.table, legal)

    def decide(self, t: Table, legal: Sequence[Any]) -> Action:
        """:meth:`choose` from the view's table (all a view holds but the seat, which is the
        bot's own): the own loop hands it the table without making the view."""
        top = t.stack[-1]
        kind = type(top)
        if kind is Window:
            return self.windowed(t, legal)  # its noise included
        if self.noise and self.bot.explores(self.noise):
            return self.bot.random_choice(legal)
        seat = self.seat
        if kind is Buy:
            assert isinstance(top, Buy)
            return self.buy_or_not(t, top.square, legal)
        if kind is Auction:
            assert isinstance(top, Auction)
            return self.bid(t, top, legal)
        if kind is Pay:
            return self.raise_money(t, legal)
        if kind is Manage:
            intent, self.intent = self.intent, None
            if intent is not None and self.offered(t, intent, legal):
                return intent
            self.stuck = (t.turn, t.doubles)  # no managing again this window: no loop
            return cast(Action, legal[-1])  # back
        if kind is Deal:
            assert isinstance(top, Deal)
            if top.sent:
                return ACCEPT[seat] if self.likes(t, top) else REJECT[seat]
            return self.write_deal(t, top, legal)
        if kind is Fee:
            assert isinstance(top, Fee)
            cash = t.cash[seat]
            for square in top.squares:
                if cash - self.board.lift[square] >= 3 * self.reserve:
                    return REPAY[seat][square]
            return KEEP[seat]
        if kind is Place:
            return self.best_build(legal)
        assert isinstance(top, Choice)
        return CARD_FINE[seat] if t.cash[seat] >= top.amount + self.reserve else TAKE_CHANCE[seat]

    # -- before rolling ---------------------------------------------------------------------------
    def windowed(self, t: Table, legal: Sequence[Any], jail_done: bool = False) -> Action:
        """:meth:`decide` at a window (the own loop calls it there directly): the most common
        decision, mostly ending in a roll or a skip. Ask for rent owed; then the one management
        action wanted (build, lift, or open a deal: :meth:`management`, worked out here inline,
        its building pick by :meth:`ranked_build`: the own loop's commonest decision, a call
        less); else roll (own turn; in jail :meth:`pre_roll` first, which comes back
        with ``jail_done``) or skip until the bot's own turn (the window's first and second
        choices, not read from the list, which may go unlisted).
        ``tests/esport_monopoly/test_round13_window.py`` compares it with :meth:`management`
        at every window of many games."""
        seat = self.seat
        own_turn = seat == t.active
        if not jail_done:
            if self.noise and self.bot.explores(self.noise):
                return self.bot.random_choice(legal)
            if own_turn and t.jail[seat]:
                return self.pre_roll(t, legal)
        if t.claims:
            for choice in legal:
                if isinstance(choice, A.Claim):
                    return choice
        stuck = self.stuck
        if stuck[0] == t.turn and stuck[1] == t.doubles:
            return self._roll if own_turn else self._skip  # no managing again this window
        cash = t.cash[seat]
        owner = t.owner
        rules = self.rules
        if owner is rules._owners_key:
            groups = rules._full_groups[seat]
        else:
            groups = rules.full_groups(t, seat)
        if groups:
            if groups is not self._ranked_of:
                self.rank_groups(groups)
            budget = cash - (self.reserve if own_turn else self.reserve // 3)
            if budget >= self._least_cost:
                square = self.ranked_build(t, budget)
                if square >= 0:
                    return self._build_of[square]  # offered directly in the window
        intent: Action | None = None
        held = t.holdings[seat]
        mortgaged = held & t.mortgaged
        if mortgaged and cash >= self.reserve + 33:
            intent = self.lift_intent(held, mortgaged, cash)
        if own_turn and intent is None and self.trades and not (t.dealt >> seat) & 1:
            targets = self._targets if owner is self._targets_owner else self.deal_targets(t)
            if targets and (
                targets is not self._deals_key
                or cash >= self._retry_cash
                or t.turn >= self._deals_turn
            ):
                intent = self.deal_intent(t, targets)
        if intent is not None and self.monopoly.has_menu(t, seat):
            # The window's last choice is then 'manage' (told without listing them).
            self.intent = intent
            return self._manage
        return self._roll if own_turn else self._skip

    def pre_roll(self, t: Table, legal: Sequence[Any]) -> Action:
        seat = self.seat
        if t.jail[seat]:
            early = self.unowned(t) >= 6
            if early:
                if t.cards[seat]:
                    return USE_CARD[seat]
                if t.cash[seat] >= self.board.jail_fine + self.reserve:
                    return PAY_FINE[seat]
        return self.windowed(t, legal, True)

    def unowned(self, t: Table) -> int:
        """How many deeds have no owner (the deeds outside every seat's holdings)."""
        owned = 0
        for held in t.holdings:
            owned |= held
        return (self.board.property_mask & ~owned).bit_count()

    def management(self, t: Table, own_turn: bool) -> Action | None:
        """The one management action wanted now (build, lift, or open a deal), if any (what
        :meth:`windowed` works out inline)."""
        seat = self.seat
        cash = t.cash[seat]
        groups = self.rules.full_groups(t, seat)
        if groups:
            # Out of turn (asked because it could build) it keeps a smaller reserve: a rival is
            # about to roll.
            budget = cash - (self.reserve if own_turn else self.reserve // 3)
            best = self.pick_build(t, groups, budget)
            if best >= 0:
                return self._build_of[best]
        held = t.holdings[seat]
        mortgaged = held & t.mortgaged
        if mortgaged and cash >= self.reserve + 33:
            lift = self.lift_intent(held, mortgaged, cash)
            if lift is not None:
                return lift
        if own_turn and self.trades and not (t.dealt >> seat) & 1:
            targets = self.deal_targets(t)
            if targets and (
                targets is not self._deals_key
                or cash >= self._retry_cash
                or t.turn >= self._deals_turn
            ):
                return self.deal_intent(t, targets)
        return None

    def lift_intent(self, held: int, mortgaged: int, cash: int) -> Action | None:
        """Lift a mortgage when rich: the first mortgaged deed (in board order) whose lift
        leaves the margin (a smaller one on full groups, which then can be built on)."""
        if mortgaged != self._lift_mortgaged or held != self._lift_held:
            self.lift_needs(held, mortgaged)
        if cash >= self._lift_least:
            for square, need in self._lift_needs:
                if cash >= need:
                    return self._lift_of[square]
        return None

    def deal_intent(self, t: Table, targets: Targets) -> Action | None:
        """Look for a deal (``targets``: the bot's deal targets, which changed since it last
        looked, or its cash reached what an unaffordable one needed, or it is time again)."""
        self._deals_key = targets
        self._deals_turn = t.turn + REPEAT_AFTER
        plan = self.find_deal(t)
        if plan is None:
            return None
        self.plan = plan
        self._deals_key = None  # look again next turn
        return OPEN_DEAL[self.seat][plan[0]]

    def lift_needs(self, held: int, mortgaged: int) -> None:
        """For :meth:`management`: the cash at which each mortgaged deed would be lifted (its
        lift plus the margin), in board order, and the least of them; kept for the deeds held
        and mortgaged, which a decision rarely changes."""
        needs: list[tuple[int, int]] = []
        rest = mortgaged
        while rest:  # set_bits(mortgaged), inline: no generator
            low = rest & -rest
            rest ^= low
            square = low.bit_length() - 1
            mask = self.board.group_mask[self.board.group[square]]
            margin = self.reserve * (1 if held & mask == mask else 4)
            needs.append((square, self.board.lift[square] + margin))
        self._lift_needs = needs
        self._lift_least = min([need for _, need in needs])
        self._lift_held = held
        self._lift_mortgaged = mortgaged

    def pick_build(
        self, t: Table, groups: Sequence[tuple[tuple[int, ...], int, int]], budget: int
    ) -> int:
        """The event to build on next within ``budget``: the best-ranked group first, its least
        built event (the last on the board among equals); -1 if none."""
        if groups is not self._ranked_of:
            self.rank_groups(groups)
        if budget < self._least_cost:
            return -1
        return self.ranked_build(t, budget)

    def rank_groups(self, groups: Sequence[tuple[tuple[int, ...], int, int]]) -> None:
        """For :meth:`pick_build`: ``groups`` in building order (each group's rank is its
        own: the first that can be built on is the best) and the least building cost among
        them, kept for the groups tuple, which is replaced only when a deed changes hands."""
        rank = self.tables.build_rank
        group = self.board.group
        self._ranked = tuple(sorted(groups, key=lambda g: rank[group[g[0][0]]]))
        self._least_cost = min([cost for _, _, cost in groups])
        self._ranked_of = groups

    def ranked_build(self, t: Table, budget: int) -> int:
        """:meth:`pick_build` over the groups last ranked (:meth:`rank_groups`)."""
        level = t.level
        mortgaged = t.mortgaged
        for members, mask, cost in self._ranked:
            if cost > budget or mortgaged & mask:
                continue
            low = 9
            square = -1
            for s in members:
                lv = level[s]
                if lv <= low:
                    low = lv
                    square = s
            if low < 4:
                if t.stands:
                    return square
            elif low == 4 and t.arenas:
                return square
        return -1

    def best_build(self, legal: Sequence[Any]) -> Action:
        builds = [c for c in legal if isinstance(c, A.Build)]
        return min(
            builds, key=lambda b: (self.tables.build_rank[self.board.group[b.square]], -b.square)
        )

    # -- buying and auctions ----------------------------------------------------------------------
    def value(self, t: Table, square: int) -> int:
        """What a deed is worth to the bot in an auction."""
        price = self.board.price[square]
        group = self.board.group[square]
        mask = self.board.group_mask[group] & ~(1 << square)
        mine = t.holdings[self.seat] & mask
        if mine == mask:
            return price * 2 if group < self.board.event_groups else price * 3 // 2
        # The one owner of the group's other deeds, if they all have the same (-2: none).
        rival = -2
        owner = t.owner
        rest = mask
        while rest:
            low = rest & -rest
            rest ^= low
            o = owner[low.bit_length() - 1]
            if rival == -2:
                rival = o
            elif o != rival:
                rival = -1
                break
        if rival >= 0 and rival != self.seat:
            return price * 3 // 2  # a rival would complete the group
        return price if mine or not t.holdings[self.seat] else price * 9 // 10

    def buy_or_not(self, t: Table, square: int, legal: Sequence[Any]) -> Action:
        seat = self.seat
        price = self.board.price[square]
        cash = t.cash[seat]
        if cash >= price:  # buying is a choice (the list is not read)
            if cash - price >= self.reserve:
                return self._buy  # the reserve kept whatever the deed is worth (told first)
            worth = self.value(t, square)
            reserve = self.reserve // 2 if worth > price else self.reserve
            if cash - price >= reserve or (worth > price and cash >= price):
                return self._buy
        return self._decline

    def bid(self, t: Table, a: Auction, legal: Sequence[Any]) -> Action:
        seat = self.seat
        cash = t.cash[seat]
        if a.building:
            wants = bool(self.rules.build_squares(t, seat, a.building))
            limit = self.board.stand_cost[a.lot] * 3 // 2 if wants else 0
        else:
            limit = self.value(t, a.lot)
        limit = min(limit, cash - self.reserve // 2)
        if limit > a.high and cash > a.high:  # bidding is a choice (the list is not read)
            return bid_of(seat, limit)  # straight to its limit: auctions short
        return self._pass

    # -- debt ---------------------------------------------------------------------------------
    def raise_money(self, t: Table, legal: Sequence[Any]) -> Action:
        """Mortgage loose deeds first (the cheapest), then sell buildings on the group ranked
        last for building (a whole group's at once when the debt needs it all), then mortgage
        group deeds (the cheapest).

        The choice :meth:`raise_money_listed` makes from the list, worked out from the table
        without listing the choices (a test compares the two at every debt of many games):
        the list holds the even sales of each group with buildings, the sales of whole groups,
        then the mortgages of deeds of groups without buildings, and the first of the cheapest
        by :meth:`raise_money_listed`'s cost is taken. A loose deed (outside the seat's whole
        colour groups, which alone may have buildings) is the cheapest kind: when there is one
        the buildings are not read."""
        seat = self.seat
        board = self.board
        held = t.holdings[seat]
        groups = self.rules.full_groups(t, seat)
        grouped = 0  # the squares of the seat's whole colour groups
        for _, mask, _ in groups:
            grouped |= mask
        free = held & ~t.mortgaged
        loose = free & ~grouped
        if loose:
            return self._mortgage_of[self.cheapest(loose)]
        level = t.level
        top = t.stack[-1]
        short = top.amount - t.cash[seat] if isinstance(top, Pay) else 0
        few_stands = t.stands < 4
        improved = 0
        sale: Action | None = None
        sale_rank = -1
        for members, mask, _ in groups:
            high = 0
            highest = -1  # the first event built highest
            built = 0
            for s in members:
                lv = level[s]
                built += lv
                if lv > high:
                    high = lv
                    highest = s
            if not high:
                continue
            improved |= mask
            rank = self.tables.build_rank[board.group[members[0]]]
            if rank <= sale_rank:
                continue
            sale_rank = rank
            first = members[0]
            value = built * board.stand_cost[first] // 2
            if short >= value or (high == 5 and few_stands):
                sale = self._sell_all_of[first]  # needed whole (or no even sale is offered)
            else:
                sale = self._sell_of[highest]
        if sale is not None:
            return sale
        if free & ~improved:
            return self._mortgage_of[self.cheapest(free & ~improved)]
        return self.raise_money_listed(t, legal)

    def cheapest(self, squares: int) -> int:
        """The cheapest deed of the bitmask ``squares`` (the first on the board among equals)."""
        price = self.board.price
        best = -1
        while squares:
            low = squares & -squares
            squares ^= low
            square = low.bit_length() - 1
            if best < 0 or price[square] < price[best]:
                best = square
        return best

    def raise_money_listed(self, t: Table, legal: Sequence[Any]) -> Action:
        """:meth:`raise_money` by reading the list of choices: the least costly of them."""
        seat = self.seat
        held = t.holdings[seat]
        top = t.stack[-1]
        short = top.amount - t.cash[seat] if isinstance(top, Pay) else 0

        def cost(choice: Any) -> tuple[int, int, int]:
            square = choice.square
            group = self.board.group[square]
            mask = self.board.group_mask[group]
            whole = held & mask == mask and self.board.kinds[square] == EVENT
            if isinstance(choice, A.Mortgage):
                return (2 if whole else 0, self.board.price[square], 0)
            if isinstance(choice, A.SellAll):
                value = (
                    sum(t.level[s] for s in self.board.group_members[group])
                    * self.board.stand_cost[square]
                    // 2
                )
                return (1, -self.tables.build_rank[group], -1 if short >= value else 1)
            return (1, -self.tables.build_rank[group], 0)

        return cast(Action, min(legal, key=cost))

    # -- deals --------------------------------------------------------------------------------
    def penalty(self, t: Table) -> int:
        """What a rival completing a colour group costs the bot: all of it with one rival, a
        share of it with several (the harm is spread over every other player)."""
        return 2 * COMPLETE_BONUS // max(1, t.alive.bit_count() - 1)

    def deal_score(
        self,
        t: Table,
        me: int,
        other: int,
        gets: tuple[int, ...],
        gives: tuple[int, ...],
        cash_in: int,
    ) -> int:
        """How much better off ``me`` is after a deal with ``other``, in pounds: cash, deeds at
        their price (less the mortgage and fee of mortgaged ones) and colour groups completed
        or broken on either side."""
        held = t.holdings[me]
        theirs = t.holdings[other]
        mortgaged = t.mortgaged
        moved_in = 0
        moved_out = 0
        score = cash_in
        groups = 0  # bit g: colour group g is touched
        for s in gets:
            moved_in |= 1 << s
            score += self.tables.worth[s] if (mortgaged >> s) & 1 else self.board.price[s]
            groups |= self.tables.group_bit[s]
        for s in gives:
            moved_out |= 1 << s
            score -= self.tables.worth[s] if (mortgaged >> s) & 1 else self.board.price[s]
            groups |= self.tables.group_bit[s]
        after_mine = (held | moved_in) & ~moved_out
        after_theirs = (theirs | moved_out) & ~moved_in
        penalty = PENALTY_SHARE * COMPLETE_BONUS // max(1, t.alive.bit_count() - 1)
        while groups:
            low = groups & -groups
            groups ^= low
            mask = self.board.group_mask[low.bit_length() - 1]
            if after_mine & mask == mask and held & mask != mask:
                score += COMPLETE_BONUS
            if held & mask == mask and after_mine & mask != mask:
                score -= 2 * COMPLETE_BONUS
            if after_theirs & mask == mask and theirs & mask != mask:
                score -= penalty
        return score

    def deal_targets(self, t: Table) -> list[tuple[int, int, tuple[int, ...]]]:
        """Colour groups the bot owns part of whose other deeds all belong to one solvent
        rival, as (group, rival, deeds to take); worked out once per owner tuple."""
        owner = t.owner
        if owner is self._targets_owner:
            return self._targets
        tables = self.tables
        if owner is tables.owner:
            targets = tables.targets[self.seat]
        else:
            before, square, after = self.rules._bought
            if after is owner and before is tables.owner:
                targets = tables.bought(owner, square)[self.seat]  # a deed bought from the bank
            else:
                owned = 0
                for held in t.holdings:
                    owned |= held
                targets = tables.of(owner, owned)[self.seat]
        self._targets_owner = owner
        if targets != self._targets:
            self._targets = targets  # a new list object only when the targets change
        return self._targets

    def find_deal(self, t: Table) -> tuple[int, tuple[int, ...], tuple[int, ...], int] | None:
        """A deal that completes one of the bot's colour groups and that a player valuing deeds
        as the bot does would accept (cash added to balance it), if there is one.

        Each side's :meth:`deal_score` is told without calling it, from the shape of the deals
        tried (a test compares the two at every deal tried in many games): the bot's target
        group is split between it and the partner alone, and so is the group of any deeds it
        gives (another of its targets with that partner); neither has buildings (only whole
        groups have any). So the bot completes the target group and the partner the given
        one, nothing else is completed or broken, and each side scores the worth of the deeds
        it gets less the worth of those it gives, plus the bonus for its completed group, less
        the penalty for the other's."""
        self._retry_cash = 1 << 62
        targets = self.deal_targets(t)
        if not targets:
            return None
        seat = self.seat
        held = t.holdings[seat]
        cash = t.cash[seat]
        mortgaged = t.mortgaged
        group_mask = self.board.group_mask
        bits = self.tables.bits
        penalty = PENALTY_SHARE * COMPLETE_BONUS // max(1, t.alive.bit_count() - 1)
        for group, partner, take in targets:
            if not (t.alive >> partner) & 1:
                continue
            worth_taken = self.worth_of(take, mortgaged)
            # The deeds the bot could give: its part of each other group split between it and
            # the partner alone (its targets with that partner, in building order).
            gives: list[tuple[int, ...]] = []
            for other, rival, _ in targets:
                if rival == partner and other != group:
                    mine = group_mask[other] & held
                    squares = bits.get(mine)
                    if squares is None:  # tuple(set_bits(mine)), made once per set of squares
                        squares = bits[mine] = tuple(set_bits(mine))
                    gives.append(squares)
            gives.append(())
            for give in gives:
                proposal = (partner, give, take)
                last = self.proposed.get(proposal)
                if last is not None and t.turn - last < REPEAT_AFTER:
                    continue
                # deal_score(t, partner, seat, give, take, 0), then deal_score(t, seat,
                # partner, take, give, -pay): see the docstring.
                worth_given = self.worth_of(give, mortgaged) if give else 0
                theirs_score = worth_given - worth_taken - penalty
                if give:
                    theirs_score += COMPLETE_BONUS
                if theirs_score <= 0:
                    pay = 1 - theirs_score
                else:
                    pay = -min(theirs_score // 2, t.cash[partner])
                if pay > cash - self.reserve:
                    self._retry_cash = min(self._retry_cash, pay + self.reserve)
                    continue
                fees = 0  # the fees on the mortgaged deeds taken (a loop: no generator)
                for s in take:
                    if (mortgaged >> s) & 1:
                        fees += self.board.fee[s]
                if pay + fees > cash:
                    continue
                score = worth_taken - worth_given - pay + COMPLETE_BONUS
                if give:
                    score -= penalty
                if score <= 0:
                    continue
                self.proposed[proposal] = t.turn
                return (partner, give, take, pay)
        return None

    def worth_of(self, squares: tuple[int, ...], mortgaged: int) -> int:
        """What ``squares`` are worth in a deal (as :meth:`deal_score` counts them): each deed
        its price, less the mortgage and the fee when mortgaged."""
        worth = self.tables.worth
        price = self.board.price
        total = 0
        for s in squares:
            total += worth[s] if (mortgaged >> s) & 1 else price[s]
        return total

    def write_deal(self, t: Table, d: Deal, legal: Sequence[Any]) -> Action:
        seat = self.seat
        plan = self.plan
        if plan is None or plan[0] != d.partner:
            return DROP[seat]
        _, give, take, cash = plan
        # Each step of the plan if it is among the choices (told as the game lists them, from
        # the deeds each side may trade and the cash each has, without listing them all: a
        # deed is tradeable when its holder holds it and its group has no buildings,
        # Rules.tradeable).
        for square in give:
            if square not in d.give:
                if (t.holdings[seat] & ~self.rules.improved(t, seat)) >> square & 1:
                    return GIVE[seat][square]
                return DROP[seat]
        for square in take:
            if square not in d.take:
                partner = d.partner
                if (t.holdings[partner] & ~self.rules.improved(t, partner)) >> square & 1:
                    return TAKE[seat][square]
                return DROP[seat]
        if cash != d.cash:
            if -t.cash[d.partner] <= cash <= t.cash[seat]:
                return cash_of(seat, cash)
            return DROP[seat]
        self.plan = None
        return OFFER[seat]

    def offered(self, t: Table, intent: Action, legal: Sequence[Any]) -> bool:
        """Whether the management menu offers ``intent``: a lift or a deal told as the game
        lists them (without listing the whole menu), anything else looked up in the list."""
        kind = type(intent)
        if kind is A.Lift:
            # Rules.lift_squares: a mortgaged deed of the seat's whose lift it can pay.
            assert isinstance(intent, A.Lift)
            square = intent.square
            seat = self.seat
            mortgaged = t.holdings[seat] & t.mortgaged
            return bool(mortgaged >> square & 1) and self.board.lift[square] <= t.cash[seat]
        if kind is A.OpenDeal:
            return not (t.dealt >> self.seat) & 1 and intent in self.monopoly.deal_partners(
                t, self.seat
            )
        return intent in legal

    def likes(self, t: Table, d: Deal) -> bool:
        """Whether the deal offered to the bot is worth taking."""
        seat = self.seat
        fees = sum(self.board.fee[s] for s in d.give if (t.mortgaged >> s) & 1)
        if t.cash[seat] + d.cash < fees:
            return False
        cards = 50 * ((d.give_cards.bit_count()) - (d.take_cards.bit_count()))
        return self.deal_score(t, seat, d.proposer, d.give, d.take, d.cash + cards) > 0


def make_greedy(game: EsportMonopoly, seat: int, rng: Rng, params: Mapping[str, str]) -> GreedyBot:
    return GreedyBot(game, seat, rng, params)
