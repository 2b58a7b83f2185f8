"""The rules as procedures on a scratch copy of the state (``Work``), frozen again at the end.

``Rules.step`` copies the table into a :class:`Work` (references only: every field is an
immutable tuple or int, replaced when it changes), applies one action, then ``advance`` works off
the automatic frames of the stack (end of a move, payments that can be made, auction ends,
bankruptcy auctions) until a seat must decide. The input state is never touched.
"""

from __future__ import annotations

from collections.abc import Callable
from types import FunctionType
from typing import Any, Final

from tycoon.core import Action, Rng
from tycoon.core.bitset import set_bits
from tycoon.games.esport_monopoly import actions as A
from tycoon.games.esport_monopoly.board import (
    ADVANCE,
    BACK,
    CHANCE,
    CHANCE_DECK,
    COLLECT,
    COLLECT_EACH,
    EVENT,
    FESTIVAL,
    FINE_OR_CHANCE,
    GO_TO_JAIL,
    GOTO,
    JAIL_FREE,
    MAIL,
    MAIL_DECK,
    NEAREST,
    PARKING,
    PAY,
    PAY_EACH,
    REPAIRS,
    SHOP,
    TAX,
    TO_JAIL,
    Board,
    Card,
)
from tycoon.games.esport_monopoly.state import (
    ARENA,
    BANK,
    END_MOVE,
    JAIL_MOVE,
    LAST_STANDING,
    POT,
    STAND,
    TURN_CAP,
    WINDOW,
    Auction,
    Buy,
    Choice,
    Claim,
    Deal,
    EndMove,
    Event,
    Fee,
    Frame,
    JailMove,
    Lots,
    Manage,
    Now,
    Pay,
    Place,
    State,
    Table,
    Window,
    made_table,
)

# Module constants are Final: compiled, each is read from a C static rather than looked up in
# the module's dictionary (or, for a literal, written into the code).
# A name imported from a module where it is not Final is looked up in this module's dictionary
# at each use, compiled: the hot paths use these copies (K_ for board.py's constants).
K_TAX: Final = TAX
K_GO_TO_JAIL: Final = GO_TO_JAIL
K_CHANCE: Final = CHANCE
K_MAIL: Final = MAIL
K_PARKING: Final = PARKING
K_CHANCE_DECK: Final = CHANCE_DECK
K_MAIL_DECK: Final = MAIL_DECK
K_PAY: Final = PAY
K_REPAIRS: Final = REPAIRS
K_ADVANCE: Final = ADVANCE
K_GOTO: Final = GOTO
K_BACK: Final = BACK
K_COLLECT: Final = COLLECT
K_JAIL_FREE: Final = JAIL_FREE
K_TO_JAIL: Final = TO_JAIL
K_EVENT: Final = EVENT
K_FESTIVAL: Final = FESTIVAL
K_SHOP: Final = SHOP
K_NEAREST: Final = NEAREST
K_PAY_EACH: Final = PAY_EACH
K_COLLECT_EACH: Final = COLLECT_EACH
WINDOW_BUILDERS: Final = "builders"
WINDOW_EVERYONE: Final = "everyone"
WINDOW_NONE: Final = "none"
DICE: Final = tuple((o // 6 + 1, o % 6 + 1) for o in range(36))
# Compiled, a value typed ``tuple[int, int]`` (or ``tuple[int]``) is unboxed into a C struct
# when read and boxed into a new tuple when stored: tables read on the hot paths are typed
# as tuples of any length (or of ``Any``), so their items are stored as they are.
THROWS: Final[tuple[tuple[int, ...], ...]] = DICE  # the table's ``dice`` by outcome
DIE1: Final = tuple(d1 for d1, _ in DICE)
DIE2: Final = tuple(d2 for _, d2 in DICE)
BUY: Final = tuple(Buy(s) for s in range(40))
WINDOW_STACK: Final[tuple[Frame, ...]] = (WINDOW,)
ACTIVE: Final[tuple[tuple[int, ...], ...]] = tuple((seat,) for seat in range(8))
SEATS_IN: Final = tuple(alive.bit_count() for alive in range(256))  # by mask of seats still in
# The common events, made once (a step's events are compared by value, never by identity).
ROLL_EVENTS: Final[tuple[tuple[Event, ...], ...]] = tuple(
    tuple(("roll", seat, d1, d2) for d1, d2 in DICE) for seat in range(8)
)
MOVE_EVENTS: Final[tuple[tuple[Event, ...], ...]] = tuple(
    tuple(("move", seat, square) for square in range(40)) for seat in range(8)
)
TURN_EVENTS: Final[tuple[Event, ...]] = tuple(("turn", seat) for seat in range(8))
AGAIN_EVENTS: Final[tuple[Event, ...]] = tuple(("again", seat) for seat in range(8))
JAIL_EVENTS: Final[tuple[Event, ...]] = tuple(("jail", seat) for seat in range(8))
# A building's events, by seat then square and level (6 * square + level).
BUILT: Final[tuple[tuple[tuple[Event, ...], ...], ...]] = tuple(
    tuple((("build", seat, square, lv),) for square in range(40) for lv in range(6))
    for seat in range(8)
)
NO_COST: Final = 1 << 62  # a least building cost for a seat without a whole group
ROLLS: Final = tuple(A.Roll(seat) for seat in range(8))  # made once: see slow_roll


def frame_seats(top: Frame, active: int) -> tuple[int, ...]:
    """Who decides at ``top``, a decision frame other than the window (``active``: whose turn
    it is)."""
    kind = type(top)
    if kind is Buy:
        return ACTIVE[active]
    if kind is Auction:
        assert isinstance(top, Auction)
        return ACTIVE[top.order[top.at]]
    if kind is Pay:
        assert isinstance(top, Pay)
        return ACTIVE[top.payer]
    if kind is Deal:
        assert isinstance(top, Deal)
        return ACTIVE[top.partner if top.sent else top.proposer]
    # A tuple of classes, not ``Manage | Fee | ...``: mypyc tests a tuple's native classes
    # inline but makes the union object at every call (and so does the interpreter).
    assert isinstance(top, (Manage, Fee, Place, Choice))
    return ACTIVE[top.seat]


def written(d: Deal, action: Action) -> Deal | None:
    """The deal ``d`` after a step of writing it (give, take, cash, offer); None for another
    action."""
    kind = type(action)
    if kind is GIVE:
        assert isinstance(action, A.Give)
        give = tuple(sorted((*d.give, action.square)))
        return Deal(d.proposer, d.partner, give, d.take, d.cash, d.give_cards, d.take_cards)
    if kind is TAKE:
        assert isinstance(action, A.Take)
        take = tuple(sorted((*d.take, action.square)))
        return Deal(d.proposer, d.partner, d.give, take, d.cash, d.give_cards, d.take_cards)
    if kind is CASH:
        assert isinstance(action, A.Cash)
        return Deal(
            d.proposer, d.partner, d.give, d.take, action.amount, d.give_cards, d.take_cards
        )
    if kind is OFFER:
        return Deal(d.proposer, d.partner, d.give, d.take, d.cash, d.give_cards, d.take_cards, True)
    return None


def bid_on(a: Auction, seat: int, amount: int) -> Auction:
    """The auction after ``seat`` bids ``amount``."""
    rivals = a.rivals or (a.building != 0 and seat != a.requester)
    return Auction(
        a.lot, amount, seat, a.order, (a.at + 1) % len(a.order), a.building, a.requester, rivals
    )


def passed_on(a: Auction) -> Auction:
    """The auction after the seat to bid passes (it leaves the bidding)."""
    rest = a.order[: a.at] + a.order[a.at + 1 :]
    at = a.at % len(rest) if rest else 0
    return Auction(a.lot, a.high, a.leader, rest, at, a.building, a.requester, a.rivals)


def popcount(mask: int) -> int:
    return mask.bit_count()


ROLL: Final = A.Roll
BUILD: Final = A.Build
SKIP: Final = A.Skip
WAIT: Final = A.Wait
BUY_DEED: Final = A.BuyDeed
OPEN_MANAGE: Final = A.OpenManage
OPEN_DEAL: Final = A.OpenDeal
LIFT: Final = A.Lift
MORTGAGE: Final = A.Mortgage
SELL: Final = A.Sell
GIVE: Final = A.Give
TAKE: Final = A.Take
CASH: Final = A.Cash
OFFER: Final = A.Offer
BID: Final = A.Bid
PASS: Final = A.Pass
REPAY: Final = A.Repay
DECLINE: Final = A.Decline
ACCEPT: Final = A.Accept
KEEP_FEE: Final = A.Keep
SELL_ALL: Final = A.SellAll


class _Thrown(Rng):
    """Hands back a draw already made, then draws from ``rng``."""

    __slots__ = ("outcome", "rng")

    def __init__(self, outcome: int, rng: Rng) -> None:
        self.outcome = outcome
        self.rng = rng

    def below(self, n: int) -> int:
        outcome = self.outcome
        if outcome >= 0:
            self.outcome = -1
            return outcome
        return self.rng.below(n)


class Work:
    """A mutable scratch copy of a table for one transition (fields are replaced, never
    mutated in place, so the input state shares them safely)."""

    __slots__ = (
        "active",
        "again",
        "alive",
        "arenas",
        "cards",
        "cash",
        "chance",
        "claims",
        "dealt",
        "dice",
        "doubles",
        "eliminated",
        "ev",
        "hidden",
        "holdings",
        "jail",
        "level",
        "mail",
        "mortgaged",
        "over",
        "owner",
        "passed",
        "position",
        "pot",
        "rent",
        "rng",
        "seen",
        "skipping",
        "stack",
        "stands",
        "turn",
    )

    # Tuples of any length, not pairs: compiled, a ``tuple[int, int]`` attribute is kept
    # unboxed in C and boxed into a new tuple each time the work is frozen.
    seen: tuple[tuple[int, ...], ...]
    hidden: tuple[int, ...]
    dice: tuple[int, ...]

    def __init__(self, state: State, rng: Rng) -> None:
        # The table's fields (the events start afresh and who acts is worked out again when
        # the work is frozen).
        t = state.table
        self.cash = t.cash
        self.position = t.position
        self.jail = t.jail
        self.cards = t.cards
        self.alive = t.alive
        self.eliminated = t.eliminated
        self.owner = t.owner
        self.level = t.level
        self.mortgaged = t.mortgaged
        self.holdings = t.holdings
        self.stands = t.stands
        self.arenas = t.arenas
        self.seen = t.seen
        self.hidden = t.hidden
        self.pot = t.pot
        self.active = t.active
        self.doubles = t.doubles
        self.again = t.again
        self.turn = t.turn
        self.dice = t.dice
        self.stack = t.stack
        self.passed = t.passed
        self.skipping = t.skipping
        self.dealt = t.dealt
        self.claims = t.claims
        self.rent = t.rent
        self.over = t.over
        self.chance = state.chance
        self.mail = state.mail
        self.ev: list[Event] = []
        self.rng = rng

    # -- small updates (each replaces a tuple) --------------------------------------------------
    def add_cash(self, seat: int, amount: int) -> None:
        cash = list(self.cash)
        cash[seat] += amount
        self.cash = tuple(cash)

    def set_jail(self, seat: int, value: int) -> None:
        jail = list(self.jail)
        jail[seat] = value
        self.jail = tuple(jail)

    def set_position(self, seat: int, square: int) -> None:
        position = list(self.position)
        position[seat] = square
        self.position = tuple(position)

    def set_cards(self, seat: int, mask: int) -> None:
        cards = list(self.cards)
        cards[seat] = mask
        self.cards = tuple(cards)

    def set_level(self, square: int, value: int) -> None:
        level = list(self.level)
        level[square] = value
        self.level = tuple(level)

    def set_owner(self, square: int, seat: int) -> None:
        """Give the deed ``square`` to ``seat`` (-1: back to the bank)."""
        old = self.owner[square]
        owner = list(self.owner)
        owner[square] = seat
        self.owner = tuple(owner)
        holdings = list(self.holdings)
        bit = 1 << square
        if old >= 0:
            holdings[old] &= ~bit
        if seat >= 0:
            holdings[seat] |= bit
        self.holdings = tuple(holdings)

    def push(self, frame: Frame) -> None:
        self.stack = (*self.stack, frame)

    def pop(self) -> None:
        self.stack = self.stack[:-1]

    def replace_top(self, frame: Frame) -> None:
        self.stack = (*self.stack[:-1], frame)


Tableish = Table | Work


class Rules:
    """The rules, configured for a player count and options."""

    # Slots: CPython 3.11 keeps an instance's attributes in a shared-key table only up to
    # 29 of them; past that the instance gets its own dictionary, and a method called on
    # it (self.method(), rules.fast_roll(...)) is no longer specialised (about 20 ns more a
    # call, measured). With slots, method calls and attribute reads stay specialised.
    __slots__ = (
        "_bought",
        "_builders",
        "_full_groups",
        "_handlers",
        "_least_cost",
        "_owners_key",
        "_owners_mask",
        "_seats_from",
        "after",
        "ask_rent",
        "before",
        "board",
        "colour_groups",
        "decks",
        "fast",
        "festival_mask",
        "fines_to",
        "free_parking",
        "group",
        "group_mask",
        "group_members",
        "half",
        "in_order",
        "jail_cards",
        "kinds",
        "next_in",
        "ownable",
        "players",
        "salary",
        "shop_mask",
        "stand_cost",
        "starting_cash",
        "turn_cap",
        "window",
    )

    def __init__(
        self,
        players: int,
        board: Board,
        decks: tuple[tuple[Card, ...], tuple[Card, ...]],
        starting_cash: int,
        salary: int,
        ask_rent: bool,
        free_parking: bool,
        turn_cap: int,
        window: str,
    ) -> None:
        self.players = players
        # The board's tables, as attributes the hot paths read (one attribute read each).
        self.board = board
        self.kinds = board.kinds
        self.ownable = board.ownable
        self.group = board.group
        self.group_mask = board.group_mask
        self.group_members = board.group_members
        self.colour_groups = board.colour_groups
        self.stand_cost = board.stand_cost
        self.half = board.half
        self.festival_mask = board.festival_mask
        self.shop_mask = board.shop_mask
        self.decks = decks
        self.starting_cash = starting_cash
        self.salary = salary
        self.ask_rent = ask_rent
        self.free_parking = free_parking
        self.fines_to = POT if free_parking else BANK
        self.turn_cap = turn_cap
        self.window = window  # WINDOW_BUILDERS, WINDOW_EVERYONE or WINDOW_NONE
        self.jail_cards = tuple(
            next((c.index for c in deck if c.effect == JAIL_FREE), -1) for deck in decks
        )
        # Seats in turn order after each seat.
        self.after = tuple(
            tuple((seat + i) % players for i in range(1, players)) for seat in range(players)
        )
        # seats_from's answers, by the seats still in and the seat first (alive << 3 | seat).
        self._seats_from: dict[int, tuple[int, ...]] = {}
        # By active seat then seat: the seats asked before it in that window (turn order).
        self.before = tuple(
            tuple(
                sum(1 << s for s in self.after[active][: self.after[active].index(seat)])
                if seat != active
                else 0
                for seat in range(players)
            )
            for active in range(players)
        )
        # By active seat then set of seats (a mask): those of the set other than the active
        # seat, in turn order after it.
        self.in_order = tuple(
            tuple(
                tuple(seat for seat in self.after[active] if (seats >> seat) & 1)
                for seats in range(1 << players)
            )
            for active in range(players)
        )
        # By seat then set of seats still in (a mask): the next seat in turn order that is
        # still in (the last seat after it when none is).
        self.next_in = tuple(
            tuple(
                next((s for s in self.after[seat] if (alive >> s) & 1), self.after[seat][-1])
                for alive in range(1 << players)
            )
            for seat in range(players)
        )
        self._builders = window == WINDOW_BUILDERS
        self.fast = True  # the fast roll (tests turn it off to compare with the general way)
        self._handlers: dict[type[Action], Callable[[Work, Any], None]] = {
            A.Roll: self.on_roll,
            A.PayFine: self.on_roll,
            A.UseCard: self.on_roll,
            A.Wait: self.on_wait,
            A.Skip: self.on_skip,
            A.Claim: self.on_claim,
            A.OpenManage: self.on_open_manage,
            A.Back: self.on_back,
            A.Build: self.on_build,
            A.Sell: self.on_sell,
            A.SellAll: self.on_sell_all,
            A.Mortgage: self.on_mortgage,
            A.Lift: self.on_lift,
            A.BuyDeed: self.on_buy,
            A.Decline: self.on_decline,
            A.Bid: self.on_bid,
            A.Pass: self.on_pass,
            A.OpenDeal: self.on_open_deal,
            A.Give: self.on_give,
            A.Take: self.on_take,
            A.GiveCard: self.on_give_card,
            A.TakeCard: self.on_take_card,
            A.Cash: self.on_cash,
            A.Offer: self.on_offer,
            A.Drop: self.on_drop,
            A.Accept: self.on_accept,
            A.Reject: self.on_reject,
            A.Repay: self.on_repay,
            A.Keep: self.on_keep,
            A.PayCardFine: self.on_card_fine,
            A.TakeChance: self.on_take_chance,
        }
        self._owners_key: tuple[int, ...] = ()
        # The last deed bought from the bank that moved the cache on (_owners_bought), as (the
        # owner tuple before, the square, the owner tuple after): greedy's deal targets move on
        # with it too (bots._Tables.bought).
        self._bought: tuple[tuple[int, ...], int, tuple[int, ...]] = ((), -1, ())
        self._owners_mask = 0
        self._full_groups: tuple[tuple[tuple[tuple[int, ...], int, int], ...], ...] = ()
        # By seat: the least building cost of its whole groups (NO_COST without any).
        self._least_cost: tuple[int, ...] = ()

    # -- reading the table --------------------------------------------------------------------
    def window_seats(self, t: Tableish) -> tuple[int, ...]:
        """Who acts in the pre-roll window: the other seats asked out of turn answer first, in
        turn order; the player to roll acts once they all have.

        Asked out of turn ("builders", the default): seats that could build right now or have
        rent to ask for. "everyone": every other solvent seat. "none": nobody.
        """
        return self.window_seats_of(
            t.active,
            t.alive & ~(t.passed | t.skipping),
            t.owner,
            t.claims,
            t.cash,
            t.level,
            t.mortgaged,
            t.stands,
            t.arenas,
        )

    def window_seats_of(
        self,
        active: int,
        alive: int,
        owner: tuple[int, ...],
        claims: tuple[Claim, ...],
        cash: tuple[int, ...],
        level: tuple[int, ...],
        mortgaged: int,
        stands: int,
        arenas: int,
    ) -> tuple[int, ...]:
        """:meth:`window_seats` from the fields it reads (``alive``: the seats still in that
        have not passed or skipped), so the fast steps need not build a table to ask."""
        if not self._builders:
            if self.window == WINDOW_NONE:
                return ACTIVE[active]
            for seat in self.after[active]:  # everyone
                if (alive >> seat) & 1:
                    return ACTIVE[seat]
            return ACTIVE[active]
        if owner is not self._owners_key:
            self._full_groups_of(owner)
        candidates = alive & self._owners_mask & ~(1 << active)
        found = ACTIVE[active]  # the roller, unless a seat before it is owed rent or can build
        if claims:
            # The first seat owed rent acts unless a seat asked before it can build.
            owed = 0
            for claim in claims:
                owed |= 1 << claim.owner
            owed &= alive & ~(1 << active)
            if owed:
                first = self.in_order[active][owed][0]
                found = ACTIVE[first]
                candidates &= self.before[active][first]
        if not candidates:
            return found
        # The first candidate able to build (can_build_any, inline), in turn order.
        full_groups = self._full_groups
        least_cost = self._least_cost
        for seat in self.in_order[active][candidates]:
            money = cash[seat]
            if money < least_cost[seat]:
                continue  # short of every group's building cost (about half the seats asked)
            for members, mask, cost in full_groups[seat]:
                if mortgaged & mask or money < cost:
                    continue
                if stands and arenas:
                    # Either building is there: any event below an arena can take one.
                    for s in members:
                        if level[s] < 5:
                            return ACTIVE[seat]
                    continue
                low = 5
                for s in members:  # a loop, not min() of a list: no list, no call
                    if level[s] < low:
                        low = level[s]
                if low < 4:
                    if stands:
                        return ACTIVE[seat]
                elif low == 4 and arenas:
                    return ACTIVE[seat]
        return found

    def can_build_any(self, t: Tableish, seat: int) -> bool:
        """Whether ``seat`` may put a building anywhere now (build_squares, stopping early)."""
        owner = t.owner
        if owner is not self._owners_key:
            self._full_groups_of(owner)
        cash = t.cash[seat]
        level = t.level
        for members, mask, cost in self._full_groups[seat]:
            if t.mortgaged & mask or cash < cost:
                continue
            low = min([level[s] for s in members])
            if low < 4:
                if t.stands:
                    return True
            elif low == 4 and t.arenas:
                return True
        return False

    def group_owners(self, t: Tableish) -> int:
        """Bitmask of seats owning at least one whole colour group."""
        owner = t.owner
        if owner is not self._owners_key:
            self._full_groups_of(owner)
        return self._owners_mask

    def full_groups(self, t: Tableish, seat: int) -> tuple[tuple[tuple[int, ...], int, int], ...]:
        """The colour groups ``seat`` owns whole, as (members, mask, building cost)."""
        owner = t.owner
        if owner is not self._owners_key:
            self._full_groups_of(owner)
        return self._full_groups[seat]

    def _owners_bought(self, owner: tuple[int, ...], seat: int, square: int) -> None:
        """The whole groups' cache moved on to ``owner``, the cached owner tuple but for
        ``square``, unowned there and ``seat``'s here: only its group can have become whole
        (the other seats' groups stay the same tuples)."""
        group = self.group[square]
        if 0 <= group < len(self.colour_groups):
            entry = self.colour_groups[group]
            for s in entry[0]:
                if owner[s] != seat:
                    break
            else:
                groups = list(self._full_groups)
                mine = groups[seat]
                # By equality, not identity: compiled, a (members, mask, cost) tuple read out
                # of the board's table is a new object each time.
                groups[seat] = tuple([e for e in self.colour_groups if e == entry or e in mine])
                self._full_groups = tuple(groups)
                self._owners_mask |= 1 << seat
                least = list(self._least_cost)
                least[seat] = min(least[seat], entry[2])
                self._least_cost = tuple(least)
        self._bought = (self._owners_key, square, owner)
        self._owners_key = owner

    def bought(self, w: Work, square: int, seat: int) -> None:
        """``w.set_owner(square, seat)`` for a deed the bank held (a purchase or an auction
        won), the whole-groups cache moved on with it when it was the work's (as after the
        fast purchase) rather than worked out again for the new owner tuple."""
        before = w.owner
        w.set_owner(square, seat)
        if before is self._owners_key and before[square] < 0:
            self._owners_bought(w.owner, seat, square)

    def _full_groups_of(self, owner: tuple[int, ...]) -> None:
        # Cached per owner tuple, which is replaced only when a deed changes hands.
        groups: list[tuple[tuple[tuple[int, ...], int, int], ...]] = [()] * self.players
        least = [NO_COST] * self.players
        mask = 0
        for group in self.colour_groups:
            members = group[0]
            first = owner[members[0]]
            if first < 0:
                continue
            for s in members:
                if owner[s] != first:
                    break
            else:
                mask |= 1 << first
                groups[first] = (*groups[first], group)
                least[first] = min(least[first], group[2])
        self._owners_key = owner
        self._least_cost = tuple(least)
        self._owners_mask = mask
        self._full_groups = tuple(groups)

    def max_raise(self, t: Tableish, seat: int) -> int:
        """Cash plus everything selling every building and mortgaging every deed would bring."""
        total = t.cash[seat]
        level = t.level
        mortgage = self.board.mortgage
        half = self.half
        free = t.holdings[seat] & ~t.mortgaged
        while free:  # set_bits(), inline: no generator on this hot path
            low = free & -free
            free ^= low
            square = low.bit_length() - 1
            total += mortgage[square] + level[square] * half[square]
        return total

    def can_manage(self, t: Tableish, seat: int) -> bool:
        """Whether the management menu holds anything: an unmortgaged deed can always be
        mortgaged or have a building sold; a mortgaged one may be affordable to lift."""
        held = t.holdings[seat]
        if held & ~t.mortgaged:
            return True
        cash = t.cash[seat]
        return any(self.board.lift[s] <= cash for s in set_bits(held))

    def build_squares(
        self, t: Tableish, seat: int, building: int = 0, paid: bool = False
    ) -> list[int]:
        """Events where ``seat`` may put its next building now (``building``: only stands or
        only arenas; ``paid``: the building is paid for already, as after a shortage auction)."""
        owner = t.owner
        if owner is not self._owners_key:
            self._full_groups_of(owner)
        groups = self._full_groups[seat]
        if not groups:
            return []
        cash = 1 << 62 if paid else t.cash[seat]
        mortgaged = t.mortgaged
        level = t.level
        result: list[int] = []
        for members, mask, cost in groups:
            if mortgaged & mask or cash < cost:
                continue
            low = min([level[s] for s in members])
            if low == 5:
                continue
            if low == 4:
                if building == STAND or t.arenas < 1:
                    continue
            elif building == ARENA or t.stands < 1:
                continue
            for s in members:
                if level[s] == low:
                    result.append(s)
        return result

    def improved(self, t: Tableish, seat: int) -> int:
        """Bitmask of the squares of ``seat``'s colour groups that have buildings (only whole
        groups can have any)."""
        mask = 0
        level = t.level
        for members, group_mask, _ in self.full_groups(t, seat):
            for s in members:
                if level[s]:
                    mask |= group_mask
                    break
        return mask

    def sell_squares(self, t: Tableish, seat: int) -> list[int]:
        """Events of ``seat`` where one building may be sold now (evenly; an arena only if the
        bank has the 4 fan stands it turns back into)."""
        result: list[int] = []
        level = t.level
        for members, _, _ in self.full_groups(t, seat):
            high = max([level[s] for s in members])
            if high == 0 or (high == 5 and t.stands < 4):
                continue
            result.extend(s for s in members if level[s] == high)
        return result

    def sell_all_squares(self, t: Tableish, seat: int) -> list[int]:
        """The first event of each of ``seat``'s groups with buildings: all of them may be sold
        at once (as a run of even sales; an arena with the four stands it stood for)."""
        level = t.level
        return [
            members[0]
            for members, _, _ in self.full_groups(t, seat)
            if any(level[s] for s in members)
        ]

    def mortgage_squares(self, t: Tableish, seat: int) -> list[int]:
        return list(set_bits(t.holdings[seat] & ~t.mortgaged & ~self.improved(t, seat)))

    def lift_squares(self, t: Tableish, seat: int) -> list[int]:
        cash = t.cash[seat]
        return [s for s in set_bits(t.holdings[seat] & t.mortgaged) if self.board.lift[s] <= cash]

    def tradeable(self, t: Tableish, seat: int) -> list[int]:
        """Deeds ``seat`` may put in a deal: those of groups without buildings."""
        return list(set_bits(t.holdings[seat] & ~self.improved(t, seat)))

    def rent_of(self, t: Tableish, square: int, dice_total: int) -> int:
        """The rent an owned, unmortgaged property charges now."""
        return self.rent_from(
            square, dice_total, t.level[square], t.holdings[t.owner[square]], t.mortgaged
        )

    def rent_from(self, square: int, dice_total: int, lv: int, held: int, mortgaged: int) -> int:
        """:meth:`rent_of` from the fields it reads (``lv``: the square's level, ``held``: its
        owner's deeds), so the fast roll passes what it has already read (compiled, a field
        read through ``Table | Work`` is a generic attribute lookup)."""
        kind = self.kinds[square]
        if kind == K_EVENT:
            if lv:
                return self.board.rents[square][lv]
            mask = self.group_mask[self.group[square]]
            base = self.board.rents[square][0]
            if held & mask == mask and not mortgaged & mask:
                return 2 * base
            return base
        if kind == K_FESTIVAL:
            return self.board.festival_rents[popcount(held & self.festival_mask) - 1]
        both = popcount(held & self.shop_mask)
        return self.board.shop_multipliers[both - 1] * dice_total

    def net_worth(self, t: Tableish, seat: int) -> int:
        """Cash, deeds at their price (mortgaged ones at the mortgage value), buildings at cost,
        Get Out of Jail Free cards at £50."""
        if not (t.alive >> seat) & 1:
            return 0
        total = t.cash[seat] + self.board.jail_card_value * popcount(t.cards[seat])
        for square in set_bits(t.holdings[seat]):
            if (t.mortgaged >> square) & 1:
                total += self.board.mortgage[square]
            else:
                total += self.board.price[square] + t.level[square] * self.stand_cost[square]
        return total

    # -- the step -----------------------------------------------------------------------------
    def step(self, state: State, action: Action, rng: Rng) -> State:
        kind = type(action)
        if self.fast:
            t = state.table
            if type(t.stack[-1]) is Window:
                if kind is ROLL:
                    if not t.claims:
                        if t.jail[t.active]:
                            return self.fast_jail_roll(state, rng)
                        return self.fast_roll(state, rng)
                elif not t.over:
                    if kind is BUILD:
                        assert isinstance(action, A.Build)
                        done = self.build_table(t, action.seat, action.square)
                        if done is not None:
                            return State(done, state.chance, state.mail)
                    elif kind is SKIP or kind is WAIT:
                        done = self.pass_table(t, action.seat, kind is SKIP)
                        return State(done, state.chance, state.mail)
            elif kind is BUY_DEED:
                done = self.buy_table(t, action.seat)
                if done is not None:
                    return State(done, state.chance, state.mail)
            if not t.over:
                done = self.decision_table(t, action, kind)
                if done is not None:
                    return State(done, state.chance, state.mail)
        return self.general_step(state, action, rng)

    def general_step(self, state: State, action: Action, rng: Rng) -> State:
        """:meth:`step` the general way: the action's handler on a :class:`Work` copy, then
        :meth:`advance` and :meth:`freeze` (the fast steps are checked against it)."""
        w = Work(state, rng)
        self._handlers[type(action)](w, action)
        self.advance(w)
        return self.freeze(w)

    def fast_roll(self, state: State, rng: Rng) -> State:
        """:meth:`roll_now` from a state to a state (``step`` and the tests)."""
        now = Now(state)
        self.roll_now(now, rng)
        return now.state()

    def roll_now(self, now: Now, rng: Rng, thrown: int = -1) -> None:
        """The common roll, straight from table to table: a move onto a square whose effect
        needs no draw and no decision but perhaps buying or raising cash (a deed; rent or tax,
        paid in cash or owed by a player who can raise it; "go to jail"; nothing), or onto a
        card square whose card is one of those (collect, pay, repairs, a Get Out of Jail Free
        card, go to jail, pay or collect from each seat when every payer has the cash) or
        moves the token on to such a square (advance, go to, go back, to the nearest festival
        or shop: the shop's new throw only when the roller can pay any throw).
        Anything else goes the general way with the dice already thrown. A test plays
        thousands of rolls both ways and compares the states. Writes the new table (and
        piles) into ``now``. ``thrown``: the dice of a roll out of jail (:meth:`jail_roll_now`:
        doubles, or the last try with the fine paid before the move), else drawn here."""
        t = now.table
        chance = now.chance
        mail = now.mail
        # The table's fields it reads, each once (compiled, a struct member of the native
        # class: an int read as a C integer, an object without a type check).
        cash = t.cash
        position = t.position
        jail = t.jail
        cards = t.cards
        alive = t.alive
        owner = t.owner
        level = t.level
        mortgaged = t.mortgaged
        holdings = t.holdings
        stands = t.stands
        arenas = t.arenas
        seen = t.seen
        hidden = t.hidden
        pot = t.pot
        seat = t.active
        doubles = t.doubles
        turn = t.turn
        passed = t.passed
        skipping = t.skipping
        dealt = t.dealt
        rent = t.rent
        outcome = rng.below(36) if thrown < 0 else thrown
        d1 = DIE1[outcome]  # a lookup: // and % are not specialised by CPython 3.11
        d2 = DIE2[outcome]
        if d1 == d2 and thrown < 0:
            doubles += 1
            if doubles >= self.board.doubles_to_jail:
                now.put(self.slow_roll(now.state(), rng, outcome))
                return
        square = position[seat] + d1 + d2
        passed_go = square >= 40
        if passed_go:
            square -= 40
        # The events: the roll and the move, made once; a list only when more happen.
        rolled = ROLL_EVENTS[seat][outcome]
        moved_to = MOVE_EVENTS[seat][square]
        ev: list[Event] | None = None
        mine = cash[seat]  # the seat's cash as the move goes (the tuple made once, if changed)
        paid_to = -1  # the landlord paid rent, if any
        paid = 0
        if passed_go:
            mine += self.salary
            ev = [rolled, ("salary", seat, self.salary), moved_to]
        if thrown >= 0:
            # on_roll in jail: out on doubles, or at the last try paying the fine first (the
            # general way when the cash is short); no roll again either way.
            jailed = list(jail)
            jailed[seat] = 0
            jail = tuple(jailed)
            freed: list[Event]
            if d1 == d2:
                freed = [rolled, ("free", seat, "doubles")]
            else:
                fine = self.board.jail_fine
                if cash[seat] < fine:
                    now.put(self.slow_roll(now.state(), rng, outcome))
                    return
                mine -= fine
                if self.free_parking:
                    pot += fine
                freed = [rolled, ("free", seat, "third"), ("pay", seat, self.fines_to, fine, -1)]
            ev = [*freed, *ev[1:]] if ev is not None else [*freed, moved_to]
        buy = False
        debt: Pay | None = None  # a payment the player must raise cash for
        multiplier = 0  # a "nearest" card's rent multiplier for the square it moves to
        throw = outcome  # the dice on the table (a "nearest shop" card throws them again)
        landing = True
        while landing:  # a card that moves the token lands it again
            landing = False
            if self.ownable[square]:
                landlord = owner[square]
                if landlord < 0:
                    buy = True
                else:
                    if landlord == seat or (mortgaged >> square) & 1:
                        continue
                    if self.ask_rent:
                        now.put(self.slow_roll(now.state(), rng, outcome))
                        return
                    if multiplier and self.kinds[square] == K_SHOP:
                        # land's new throw, times the card's multiplier: the general way
                        # unless the seat can pay any throw (it cannot be taken back).
                        if mine < 12 * multiplier:
                            now.put(self.slow_roll(now.state(), rng, outcome))
                            return
                        throw = rng.below(36)
                        amount = multiplier * (DIE1[throw] + DIE2[throw])
                        assert ev is not None  # a card was drawn
                        ev.append(("dice", seat, DIE1[throw], DIE2[throw]))
                    else:
                        amount = self.rent_from(
                            square, d1 + d2, level[square], holdings[landlord], mortgaged
                        )
                        if multiplier:
                            amount *= multiplier
                    if mine < amount:
                        # Short: a payment to raise, unless the player cannot (bankruptcy).
                        if (
                            not (alive >> landlord) & 1
                            or mine - cash[seat] + self.max_raise(t, seat) < amount
                        ):
                            now.put(self.slow_roll(now.state(), rng, outcome))
                            return
                        debt = Pay(seat, landlord, amount, square)
                    else:
                        mine -= amount
                        paid_to = landlord
                        paid = amount
                        earned = list(rent)
                        earned[square] += amount
                        rent = tuple(earned)
                        if ev is None:
                            ev = [rolled, moved_to]
                        ev.append(("pay", seat, landlord, amount, square))
                continue
            kind = self.kinds[square]
            amount = 0  # a fine or tax to pay
            if kind == K_TAX:
                amount = self.board.tax[square]
            elif kind == K_GO_TO_JAIL:
                if ev is None:
                    ev = [rolled, moved_to]
                ev.append(JAIL_EVENTS[seat])
                square = self.board.jail_square
                jailed = list(jail)
                jailed[seat] = 1
                jail = tuple(jailed)
                continue
            elif kind in (K_CHANCE, K_MAIL):
                # draw, then do_card, for the cards that need no decision, no other player
                # and no draw (the others go the general way).
                deck = K_CHANCE_DECK if kind == K_CHANCE else K_MAIL_DECK
                unseen = chance if deck == K_CHANCE_DECK else mail
                pile = seen[deck]
                index = unseen[0] if unseen else pile[0]
                card = self.decks[deck][index]
                effect = card.effect
                if effect == K_PAY:
                    amount = card.amount
                elif effect == K_REPAIRS:
                    for s in set_bits(holdings[seat]):
                        lv = level[s]
                        amount += card.arena if lv == 5 else lv * card.stand
                elif effect in (K_ADVANCE, K_GOTO, K_BACK, K_NEAREST):
                    landing = True
                elif (
                    effect != K_COLLECT
                    and effect != K_JAIL_FREE
                    and effect != K_TO_JAIL
                    and effect != K_PAY_EACH
                    and effect != K_COLLECT_EACH
                ):
                    now.put(self.slow_roll(now.state(), rng, outcome))
                    return
                if ev is None:
                    ev = [rolled, moved_to]
                if unseen:
                    if deck == K_CHANCE_DECK:
                        chance = unseen[1:]
                        hidden = (hidden[0] - 1, hidden[1])
                    else:
                        mail = unseen[1:]
                        hidden = (hidden[0], hidden[1] - 1)
                else:
                    pile = pile[1:]
                if effect == K_JAIL_FREE:
                    held = list(cards)
                    held[seat] |= 1 << deck
                    cards = tuple(held)
                else:
                    pile = (*pile, index)
                seen = (pile, seen[1]) if deck == K_CHANCE_DECK else (seen[0], pile)
                ev.append(("card", seat, deck, index))
                if effect == K_COLLECT:
                    mine += card.amount
                    ev.append(("pay", BANK, seat, card.amount, -1))
                elif effect == K_TO_JAIL:
                    ev.append(JAIL_EVENTS[seat])
                    square = self.board.jail_square
                    jailed = list(jail)
                    jailed[seat] = 1
                    jail = tuple(jailed)
                elif landing:
                    if effect == K_BACK:
                        square = (square - card.steps) % 40
                    elif effect == K_NEAREST:
                        target = (
                            self.board.next_festival
                            if card.nearest == K_FESTIVAL
                            else self.board.next_shop
                        )[square]
                        if target < square:
                            mine += self.salary
                            ev.append(("salary", seat, self.salary))
                        square = target
                        multiplier = card.multiplier
                    else:
                        salary = effect == K_ADVANCE and card.to <= square
                        square = card.to
                        if salary:
                            mine += self.salary
                            ev.append(("salary", seat, self.salary))
                    ev.append(MOVE_EVENTS[seat][square])
                elif effect in (K_PAY_EACH, K_COLLECT_EACH):
                    # charge_all: paid now when every payer has the cash, else the general
                    # way (the payments owed wait their turns).
                    each = card.amount
                    others = [s for s in self.after[seat] if (alive >> s) & 1]
                    money = list(cash)
                    if effect == K_PAY_EACH:
                        if mine < each * len(others):
                            now.put(self.slow_roll(now.state(), rng, outcome))
                            return
                        for s in others:
                            mine -= each
                            money[s] += each
                            ev.append(("pay", seat, s, each, -1))
                    else:
                        for s in others:
                            if cash[s] < each:
                                now.put(self.slow_roll(now.state(), rng, outcome))
                                return
                        for s in others:
                            mine += each
                            money[s] -= each
                            ev.append(("pay", s, seat, each, -1))
                    cash = tuple(money)
            elif kind == K_PARKING and self.free_parking and pot:
                now.put(self.slow_roll(now.state(), rng, outcome))
                return
            if amount > 0:
                if mine < amount:
                    if mine - cash[seat] + self.max_raise(t, seat) < amount:
                        now.put(self.slow_roll(now.state(), rng, outcome))
                        return
                    debt = Pay(seat, self.fines_to, amount)
                else:
                    mine -= amount
                    if self.free_parking:
                        pot += amount
                    if ev is None:
                        ev = [rolled, moved_to]
                    ev.append(("pay", seat, self.fines_to, amount, -1))
        moved = list(position)
        moved[seat] = square
        if mine != cash[seat] or paid_to >= 0:
            money = list(cash)
            money[seat] = mine
            if paid_to >= 0:
                money[paid_to] += paid
            cash = tuple(money)
        active = seat
        stack: tuple[Frame, ...] = WINDOW_STACK
        again = False
        last: Event | None = None  # the event that ends the move, if it does
        if buy:
            stack = (END_MOVE, BUY[square])
            again = d1 == d2 and thrown < 0
        elif debt is not None:
            stack = (END_MOVE, debt)
            again = d1 == d2 and thrown < 0
        elif d1 == d2 and jail is t.jail:
            passed = dealt = 0
            last = AGAIN_EVENTS[seat]
        else:
            turn += 1
            if self.turn_cap and turn >= self.turn_cap:
                now.put(self.slow_roll(now.state(), rng, outcome))
                return
            active = self.next_in[seat][alive]
            skipping &= ~(1 << active)
            doubles = 0
            passed = dealt = 0
            last = TURN_EVENTS[active]
        events: tuple[Event, ...]
        if ev is not None:
            if last is not None:
                ev.append(last)
            events = tuple(ev)
        elif last is not None:
            events = (rolled, moved_to, last)
        else:
            events = (rolled, moved_to)
        acting: tuple[int, ...]
        asked = alive & ~skipping
        if (
            buy
            or debt is not None
            # window_seats_of's first answer, without its call: nobody out of turn owns a
            # whole group (and no rent is to be asked: the roll clears the claims).
            or (
                self._builders
                and owner is self._owners_key
                and not asked & self._owners_mask & ~(1 << active)
            )
        ):
            acting = ACTIVE[active]
        else:
            acting = self.window_seats_of(
                active,
                asked,
                owner,
                (),
                cash,
                level,
                mortgaged,
                stands,
                arenas,
            )
        table = Table(
            cash,
            tuple(moved),
            jail,
            cards,
            alive,
            t.eliminated,
            owner,
            level,
            mortgaged,
            holdings,
            stands,
            arenas,
            seen,
            hidden,
            pot,
            active,
            doubles,
            again,
            turn,
            THROWS[throw],
            stack,
            passed,
            skipping,
            dealt,
            (),
            events,
            rent,
            0,
            acting,
        )
        now.table = table
        now.chance = chance
        now.mail = mail

    def fast_jail_roll(self, state: State, rng: Rng) -> State:
        """:meth:`jail_roll_now` from a state to a state (``step`` and the tests)."""
        now = Now(state)
        self.jail_roll_now(now, rng)
        return now.state()

    def jail_roll_now(self, now: Now, rng: Rng) -> None:
        """A roll in jail that stays there (no doubles, not the last try: on_roll, then the end
        of the move and the next seat's window), straight from table to table; doubles and
        the last try go on as :meth:`roll_now` with the dice thrown, the turn cap the general
        way. No rent may be waiting to be asked for (the general way clears it). Writes into
        ``now``."""
        t = now.table
        seat = t.active
        outcome = rng.below(36)
        d1 = DIE1[outcome]
        d2 = DIE2[outcome]
        jail = t.jail[seat]
        turn = t.turn + 1
        if d1 == d2 or jail >= self.board.jail_turns:
            self.roll_now(now, rng, outcome)
            return
        if self.turn_cap and turn >= self.turn_cap:
            now.put(self.slow_roll(now.state(), rng, outcome))
            return
        jailed = list(t.jail)
        jailed[seat] = jail + 1
        now.table = self._end_move(
            t,
            turn,
            (ROLL_EVENTS[seat][outcome],),
            t.cash,
            tuple(jailed),
            t.owner,
            t.holdings,
            THROWS[outcome],
            t.mortgaged,
            t.level,
            t.stands,
            t.arenas,
            t.rent,
            t.pot,
        )

    def _turn_after_move(self, t: Table) -> int:
        """The player-turn after the active seat's move ends: the same one when it rolled
        doubles and goes again, the next otherwise; -1 when that reaches the turn cap (the
        general way ends the game)."""
        active = t.active
        if (t.alive >> active) & 1 and t.again and not t.jail[active]:
            return t.turn
        turn = t.turn + 1
        if self.turn_cap and turn >= self.turn_cap:
            return -1
        return turn

    def _end_move(
        self,
        t: Table,
        turn: int,
        events: tuple[Event, ...],
        cash: tuple[int, ...],
        jail: tuple[int, ...],
        owner: tuple[int, ...],
        holdings: tuple[int, ...],
        dice: tuple[int, ...],
        mortgaged: int,
        level: tuple[int, ...],
        stands: int,
        arenas: int,
        rent: tuple[int, ...],
        pot: int,
    ) -> Table:
        """The end of a move (advance, after ``events``): the window before the next roll,
        the active seat's again (``turn`` is the table's) or the next living seat's; the
        fields the move changed are passed in, the others are ``t``'s."""
        active = t.active
        alive = t.alive
        skipping = t.skipping
        doubles = t.doubles
        if turn == t.turn:
            events = (*events, AGAIN_EVENTS[active])
        else:
            active = self.next_in[active][alive]
            skipping &= ~(1 << active)
            doubles = 0
            events = (*events, TURN_EVENTS[active])
        claims = t.claims
        acting = self.window_seats_of(
            active, alive & ~skipping, owner, claims, cash, level, mortgaged, stands, arenas
        )
        table = Table(
            cash,
            t.position,
            jail,
            t.cards,
            alive,
            t.eliminated,
            owner,
            level,
            mortgaged,
            holdings,
            stands,
            arenas,
            t.seen,
            t.hidden,
            pot,
            active,
            doubles,
            False,
            turn,
            dice,
            WINDOW_STACK,
            0,
            skipping,
            0,
            claims,
            events,
            rent,
            t.over,
            acting,
        )
        return table

    def fast_build(self, state: State, seat: int, square: int) -> State | None:
        """:meth:`build_table` from a state to a state (the tests)."""
        table = self.build_table(state.table, seat, square)
        return None if table is None else State(table, state.chance, state.mail)

    def build_table(self, t: Table, seat: int, square: int) -> Table | None:
        """A building bought in the window (on_build, then advance, straight from table to
        table); None when a building-shortage auction could follow (the general way)."""
        level: list[int] = list(t.level)
        lv = level[square]
        stands = t.stands
        arenas = t.arenas
        players = SEATS_IN[t.alive]
        if lv == 4:
            if arenas < players:
                return None
            arenas -= 1
            stands += 4
        else:
            if stands < players:
                return None
            stands -= 1
        cash: list[int] = list(t.cash)
        cash[seat] -= self.stand_cost[square]
        level[square] = lv + 1
        new_cash = tuple(cash)
        new_level = tuple(level)
        active = t.active
        if seat == active and lv != 4:
            # Who acts (the table's) is unchanged: the roller building acts again.
            acting = t.acting
        else:
            # Four stands back in the bank: ask everyone. Otherwise who acts is the builder or
            # a seat after it: the seats asked before it could not build or ask for rent, and
            # still cannot (the same cash, deeds and buildings, fewer stands in the bank).
            asked = t.passed | t.skipping
            if lv != 4:
                asked |= self.before[active][seat]
            acting = self.window_seats_of(
                active,
                t.alive & ~asked,
                t.owner,
                t.claims,
                new_cash,
                new_level,
                t.mortgaged,
                stands,
                arenas,
            )
        table = Table(
            new_cash,
            t.position,
            t.jail,
            t.cards,
            t.alive,
            t.eliminated,
            t.owner,
            new_level,
            t.mortgaged,
            t.holdings,
            stands,
            arenas,
            t.seen,
            t.hidden,
            t.pot,
            active,
            t.doubles,
            t.again,
            t.turn,
            t.dice,
            t.stack,
            t.passed,
            t.skipping,
            t.dealt,
            t.claims,
            BUILT[seat][6 * square + lv + 1],
            t.rent,
            t.over,
            acting,
        )
        return table

    def fast_pass(self, state: State, seat: int, skip: bool) -> State:
        """:meth:`pass_table` from a state to a state (the tests)."""
        return State(self.pass_table(state.table, seat, skip), state.chance, state.mail)

    def pass_table(self, t: Table, seat: int, skip: bool) -> Table:
        """'wait' or 'skip' in the window (on_wait / on_skip, then advance)."""
        passed = t.passed
        skipping = t.skipping
        if skip:
            skipping |= 1 << seat
        else:
            passed |= 1 << seat
        active = t.active
        alive = t.alive
        cash = t.cash
        owner = t.owner
        level = t.level
        mortgaged = t.mortgaged
        stands = t.stands
        arenas = t.arenas
        claims = t.claims
        # The seats asked before this one could not build or ask for rent, and still cannot.
        acting = self.window_seats_of(
            active,
            alive & ~(passed | skipping | self.before[active][seat]),
            owner,
            claims,
            cash,
            level,
            mortgaged,
            stands,
            arenas,
        )
        table = Table(
            cash,
            t.position,
            t.jail,
            t.cards,
            alive,
            t.eliminated,
            owner,
            level,
            mortgaged,
            t.holdings,
            stands,
            arenas,
            t.seen,
            t.hidden,
            t.pot,
            active,
            t.doubles,
            t.again,
            t.turn,
            t.dice,
            t.stack,
            passed,
            skipping,
            t.dealt,
            claims,
            (),
            t.rent,
            t.over,
            acting,
        )
        return table

    def fast_buy(self, state: State, seat: int) -> State | None:
        """:meth:`buy_table` from a state to a state (the tests)."""
        table = self.buy_table(state.table, seat)
        return None if table is None else State(table, state.chance, state.mail)

    def buy_table(self, t: Table, seat: int) -> Table | None:
        """A deed bought at the end of a plain move (on_buy, then advance: the end of the move
        and the next window), straight from table to table; None for anything else."""
        stack = t.stack
        if len(stack) != 2 or type(stack[0]) is not EndMove or t.over:
            return None
        top = stack[1]
        assert isinstance(top, Buy)
        square = top.square
        turn = self._turn_after_move(t)
        if turn < 0:
            return None
        price = self.board.price[square]
        cash = list(t.cash)
        cash[seat] -= price
        old = t.owner[square]
        owner = list(t.owner)
        owner[square] = seat
        holdings = list(t.holdings)
        bit = 1 << square
        if old >= 0:
            holdings[old] &= ~bit
        holdings[seat] |= bit
        new_owner = tuple(owner)
        if old < 0 and t.owner is self._owners_key:
            self._owners_bought(new_owner, seat, square)
        return self._end_move(
            t,
            turn,
            (("buy", seat, square, price),),
            tuple(cash),
            t.jail,
            new_owner,
            tuple(holdings),
            t.dice,
            t.mortgaged,
            t.level,
            t.stands,
            t.arenas,
            t.rent,
            t.pot,
        )

    def fast_decision(self, state: State, action: Action, kind: type) -> State | None:
        """:meth:`decision_table` from a state to a state (the tests)."""
        table = self.decision_table(state.table, action, kind)
        return None if table is None else State(table, state.chance, state.mail)

    def decision_table(self, t: Table, action: Action, kind: type) -> Table | None:
        """A step that changes a few fields and leaves a seat to decide (opening the menu or
        a deal, a step of writing a deal, a bid or a pass that leaves the auction open, a lift
        from the menu or a deal's fee repaid, a mortgage or sale that leaves a debt still
        short, or raises enough to pay a roll's debt and end the move), straight from table to
        table; None for anything else (the general way). The game must not be over."""
        stack = t.stack
        top = stack[-1]
        top_kind = type(top)
        seat = action.seat
        if top_kind is Deal:
            assert isinstance(top, Deal)
            if kind is ACCEPT:
                return self._accepted(t, top, stack[:-1])
            deal = written(top, action)
            if deal is None:
                return None
            if deal.sent:
                return self._decided(
                    t, (*stack[:-1], deal), (("offer", deal.proposer, deal.partner),)
                )
            return self._decided(t, (*stack[:-1], deal), ())
        if top_kind is Auction:
            assert isinstance(top, Auction)
            if kind is BID:
                assert isinstance(action, A.Bid)
                a = bid_on(top, seat, action.amount)
                events: tuple[Event, ...] = (("bid", seat, action.amount),)
            elif kind is PASS:
                a = passed_on(top)
                events = (("out", seat),)
            else:
                return None
            return self._auction_on(t, a, events, stack[:-1])
        if top_kind is Buy and kind is DECLINE:
            # on_decline: the deed goes to auction among the seats still in, from the roller.
            assert isinstance(top, Buy)
            square = top.square
            key = (t.alive << 3) | t.active
            order = self._seats_from.get(key)
            if order is None:
                return None  # seats_from works it out the general way (and keeps it)
            a = Auction(square, 0, -1, order, 0, 0, -1, False)
            return self._auction_on(t, a, (("auction", square, 0),), stack[:-1])
        if top_kind is Window:
            if kind is OPEN_MANAGE:
                return self._decided(t, (*stack, Manage(seat)), ())
            return None
        if top_kind is Manage:
            if kind is OPEN_DEAL:
                assert isinstance(action, A.OpenDeal)
                table = Table(
                    t.cash,
                    t.position,
                    t.jail,
                    t.cards,
                    t.alive,
                    t.eliminated,
                    t.owner,
                    t.level,
                    t.mortgaged,
                    t.holdings,
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
                    (*stack[:-1], Deal(seat, action.partner)),
                    t.passed,
                    t.skipping,
                    t.dealt | 1 << seat,
                    t.claims,
                    (),
                    t.rent,
                    t.over,
                    ACTIVE[seat],
                )
                return table
            if kind is LIFT and type(stack[-2]) is Window:
                assert isinstance(action, A.Lift)
                return self._lifted(t, seat, action.square, stack[:-1])
            return None
        if top_kind is Fee and kind is REPAY:
            # on_repay: one of the deeds a deal brought in mortgaged repaid; the seat decides
            # on the rest, or what is under the fee goes on (_fee_done).
            assert isinstance(top, Fee)
            assert isinstance(action, A.Repay)
            square = action.square
            rest = tuple([s for s in top.squares if s != square])
            price = self.board.lift[square]
            money = list(t.cash)
            money[seat] -= price
            return self._fee_done(
                t,
                tuple(money),
                t.mortgaged & ~(1 << square),
                (*stack[:-1], Fee(top.seat, rest)) if rest else stack[:-1],
                (("lift", seat, square, price),),
            )
        if top_kind is Fee and kind is KEEP_FEE:
            # on_keep: the fee on the deeds kept mortgaged, paid now when the cash is there
            # (charge; else the general way), then what is under the fee goes on.
            assert isinstance(top, Fee)
            fee = self.board.fee
            total = 0
            for s in top.squares:
                total += fee[s]
            kept: tuple[Event, ...] = (("fee", seat, top.squares, total),)
            cash = t.cash
            if total > 0:
                if cash[seat] < total:
                    return None
                money = list(cash)
                money[seat] -= total
                cash = tuple(money)
                kept = (*kept, ("pay", seat, BANK, total, -1))
            return self._fee_done(t, cash, t.mortgaged, stack[:-1], kept)
        if top_kind is Pay and (kind is MORTGAGE or kind is SELL or kind is SELL_ALL):
            assert isinstance(top, Pay)
            assert isinstance(action, (A.Mortgage, A.Sell, A.SellAll))
            payer = top.payer
            alive = t.alive
            if not (alive >> payer) & 1 or (top.payee >= 0 and not (alive >> top.payee) & 1):
                return None
            square = action.square
            raised = list(t.cash)
            mortgaged = t.mortgaged
            level = t.level
            stands = t.stands
            arenas = t.arenas
            if kind is MORTGAGE:
                value = self.board.mortgage[square]
                mortgaged |= 1 << square
                events = (("mortgage", seat, square, value),)
            elif kind is SELL_ALL:
                # sell_group: every building of the group, an arena with the stands it
                # stood for.
                levels = list(level)
                value = 0
                for s in self.group_members[self.group[square]]:
                    lv = levels[s]
                    if lv == 5:
                        arenas += 1
                    else:
                        stands += lv
                    value += lv * self.half[s]
                    levels[s] = 0
                level = tuple(levels)
                events = (("sellall", seat, square, value),)
            else:
                lv = level[square]
                if lv == 5:
                    arenas += 1
                    stands -= 4
                else:
                    stands += 1
                levels = list(level)
                levels[square] = lv - 1
                level = tuple(levels)
                value = self.half[square]
                events = (("sell", seat, square, lv - 1, value),)
            raised[seat] += value
            if raised[payer] >= top.amount:
                return self._settled(t, raised, top, mortgaged, level, stands, arenas, events)
            # advance: the debt is still short and can still be raised. max_raise is what it
            # was when the payer was asked (at least the debt, or advance would have declared
            # the bankruptcy): a mortgage or a sale brings in exactly what it counted for that
            # deed or building.
            table = Table(
                tuple(raised),
                t.position,
                t.jail,
                t.cards,
                alive,
                t.eliminated,
                t.owner,
                level,
                mortgaged,
                t.holdings,
                stands,
                arenas,
                t.seen,
                t.hidden,
                t.pot,
                t.active,
                t.doubles,
                t.again,
                t.turn,
                t.dice,
                stack,
                t.passed,
                t.skipping,
                t.dealt,
                t.claims,
                events,
                t.rent,
                t.over,
                ACTIVE[payer],
            )
            return table
        return None

    def _auction_on(
        self, t: Table, a: Auction, events: tuple[Event, ...], below: tuple[Frame, ...]
    ) -> Table | None:
        """advance with the auction ``a`` on ``below`` (auction_waits): the bidders who cannot
        outbid skipped, then the next bidder's decision; or a deed's auction over at the end
        of a plain move (sold or not, auction_won; then the end of the move and the next
        window); None for anything else (the general way)."""
        while True:
            order = a.order
            if not order or (len(order) == 1 and order[0] == a.leader):
                break
            seat = order[a.at]
            if seat == a.leader or t.cash[seat] > a.high:
                return self._decided(t, (*below, a), events)
            rest = order[: a.at] + order[a.at + 1 :]
            a = Auction(
                a.lot,
                a.high,
                a.leader,
                rest,
                a.at % len(rest) if rest else 0,
                a.building,
                a.requester,
                a.rivals,
            )
        if a.building or len(below) != 1 or type(below[0]) is not EndMove:
            return None
        turn = self._turn_after_move(t)
        if turn < 0:
            return None
        square = a.lot
        cash = t.cash
        owner = t.owner
        holdings = t.holdings
        mortgaged = t.mortgaged
        if not order:
            events = (*events, ("unsold", square, 0))
        else:
            winner = a.leader
            money = list(cash)
            money[winner] -= a.high
            cash = tuple(money)
            old = owner[square]
            owners = list(owner)
            owners[square] = winner
            held = list(holdings)
            bit = 1 << square
            if old >= 0:
                held[old] &= ~bit
            held[winner] |= bit
            holdings = tuple(held)
            new_owner = tuple(owners)
            if old < 0 and owner is self._owners_key:
                self._owners_bought(new_owner, winner, square)
            owner = new_owner
            mortgaged &= ~bit
            events = (*events, ("won", winner, square, a.high))
        return self._end_move(
            t,
            turn,
            events,
            cash,
            t.jail,
            owner,
            holdings,
            t.dice,
            mortgaged,
            t.level,
            t.stands,
            t.arenas,
            t.rent,
            t.pot,
        )

    def _fee_done(
        self,
        t: Table,
        cash: tuple[int, ...],
        mortgaged: int,
        stack: tuple[Frame, ...],
        events: tuple[Event, ...],
    ) -> Table | None:
        """A deal's fee settled (repaid or kept) with this cash and these mortgages, leaving
        ``stack``: a fee or the window on top goes on (:meth:`_with_top`), the end of a
        plain move ends it (advance: the next window); None for anything else."""
        if not stack:
            return None
        under = type(stack[-1])
        if under is Window or under is Fee:
            return self._with_top(t, cash, mortgaged, t.owner, t.holdings, t.cards, stack, events)
        if len(stack) != 1 or under is not EndMove:
            return None
        turn = self._turn_after_move(t)
        if turn < 0:
            return None
        return self._end_move(
            t,
            turn,
            events,
            cash,
            t.jail,
            t.owner,
            t.holdings,
            t.dice,
            mortgaged,
            t.level,
            t.stands,
            t.arenas,
            t.rent,
            t.pot,
        )

    def _lifted(self, t: Table, seat: int, square: int, stack: tuple[Frame, ...]) -> Table:
        """``seat`` lifts the mortgage on ``square`` from the menu, leaving ``stack`` (the
        window on top)."""
        price = self.board.lift[square]
        money = list(t.cash)
        money[seat] -= price
        return self._with_top(
            t,
            tuple(money),
            t.mortgaged & ~(1 << square),
            t.owner,
            t.holdings,
            t.cards,
            stack,
            (("lift", seat, square, price),),
        )

    def _accepted(self, t: Table, d: Deal, below: tuple[Frame, ...]) -> Table | None:
        """on_accept with the window under the deal: the deeds, cash and cards change hands,
        and a fee is asked for the mortgaged deeds each side received (the proposer's under
        the partner's); None for anything else (the general way)."""
        if not below or type(below[-1]) is not Window:
            return None
        p = d.proposer
        q = d.partner
        owners = list(t.owner)
        held = list(t.holdings)
        for s in d.give:  # set_owner(s, q)
            old = owners[s]
            owners[s] = q
            bit = 1 << s
            if old >= 0:
                held[old] &= ~bit
            held[q] |= bit
        for s in d.take:  # set_owner(s, p)
            old = owners[s]
            owners[s] = p
            bit = 1 << s
            if old >= 0:
                held[old] &= ~bit
            held[p] |= bit
        cash = t.cash
        if d.cash:
            money = list(cash)
            money[p] -= d.cash
            money[q] += d.cash
            cash = tuple(money)
        cards = t.cards
        if d.give_cards or d.take_cards:
            hands = list(cards)
            hands[p] = (hands[p] & ~d.give_cards) | d.take_cards
            hands[q] = (hands[q] & ~d.take_cards) | d.give_cards
            cards = tuple(hands)
        mortgaged = t.mortgaged
        stack = below
        to_proposer = tuple([s for s in d.take if (mortgaged >> s) & 1])
        if to_proposer:
            stack = (*stack, Fee(p, to_proposer))
        to_partner = tuple([s for s in d.give if (mortgaged >> s) & 1])
        if to_partner:
            stack = (*stack, Fee(q, to_partner))
        return self._with_top(
            t,
            cash,
            mortgaged,
            tuple(owners),
            tuple(held),
            cards,
            stack,
            (("deal", p, q, 1),),
        )

    def _with_top(
        self,
        t: Table,
        cash: tuple[int, ...],
        mortgaged: int,
        owner: tuple[int, ...],
        holdings: tuple[int, ...],
        cards: tuple[int, ...],
        stack: tuple[Frame, ...],
        events: tuple[Event, ...],
    ) -> Table:
        """The table with these cash, mortgages, owners, holdings and cards, ``stack`` (its
        top a window or a decision frame) and ``events``; who acts read off the top (as
        :meth:`acting`)."""
        top = stack[-1]
        acting = (
            self.window_seats_of(
                t.active,
                t.alive & ~(t.passed | t.skipping),
                owner,
                t.claims,
                cash,
                t.level,
                mortgaged,
                t.stands,
                t.arenas,
            )
            if type(top) is Window
            else frame_seats(top, t.active)
        )
        table = Table(
            cash,
            t.position,
            t.jail,
            cards,
            t.alive,
            t.eliminated,
            owner,
            t.level,
            mortgaged,
            holdings,
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
            stack,
            t.passed,
            t.skipping,
            t.dealt,
            t.claims,
            events,
            t.rent,
            t.over,
            acting,
        )
        return table

    def _settled(
        self,
        t: Table,
        cash: list[int],
        top: Pay,
        mortgaged: int,
        level: tuple[int, ...],
        stands: int,
        arenas: int,
        events: tuple[Event, ...],
    ) -> Table | None:
        """advance after a sale or mortgage that raised enough (``cash``, and the fields it
        changed): the debt paid (transfer), then the end of the move and the next window, when
        the debt was all that was left of the move (a roll's rent or tax); None otherwise (the
        general way)."""
        stack = t.stack
        if len(stack) != 2 or type(stack[0]) is not EndMove:
            return None
        turn = self._turn_after_move(t)
        if turn < 0:
            return None
        payer = top.payer
        payee = top.payee
        amount = top.amount
        rent = t.rent
        pot = t.pot
        cash[payer] -= amount
        if payee >= 0:
            cash[payee] += amount
            if top.square >= 0:
                earned = list(rent)
                earned[top.square] += amount
                rent = tuple(earned)
        elif payee == POT:
            pot += amount
        paid: Event = ("pay", payer, payee, amount, top.square)
        return self._end_move(
            t,
            turn,
            (*events, paid),
            tuple(cash),
            t.jail,
            t.owner,
            t.holdings,
            t.dice,
            mortgaged,
            level,
            stands,
            arenas,
            rent,
            pot,
        )

    def _decided(self, t: Table, stack: tuple[Frame, ...], events: tuple[Event, ...]) -> Table:
        """The table with a new decision stack (its top a decision frame that is not a
        window) and these events; who acts read off the top (as :meth:`acting`)."""
        table = Table(
            t.cash,
            t.position,
            t.jail,
            t.cards,
            t.alive,
            t.eliminated,
            t.owner,
            t.level,
            t.mortgaged,
            t.holdings,
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
            stack,
            t.passed,
            t.skipping,
            t.dealt,
            t.claims,
            events,
            t.rent,
            t.over,
            frame_seats(stack[-1], t.active),
        )
        return table

    def slow_roll(self, state: State, rng: Rng, outcome: int) -> State:
        """The general way, with the dice already thrown."""
        w = Work(state, _Thrown(outcome, rng))
        self.on_roll(w, ROLLS[state.table.active])
        self.advance(w)
        return self.freeze(w)

    def freeze(self, w: Work) -> State:
        table = Table(
            w.cash,
            w.position,
            w.jail,
            w.cards,
            w.alive,
            w.eliminated,
            w.owner,
            w.level,
            w.mortgaged,
            w.holdings,
            w.stands,
            w.arenas,
            w.seen,
            w.hidden,
            w.pot,
            w.active,
            w.doubles,
            w.again,
            w.turn,
            w.dice,
            w.stack,
            w.passed,
            w.skipping,
            w.dealt,
            w.claims,
            tuple(w.ev),
            w.rent,
            w.over,
            self.acting(w),
        )
        return State(table, w.chance, w.mail)

    def acting(self, t: Tableish) -> tuple[int, ...]:
        """The seats that must decide now."""
        if t.over:
            return ()
        top = t.stack[-1]
        kind = type(top)
        if kind is Window:
            return self.window_seats(t)
        return frame_seats(top, t.active)

    # -- money ----------------------------------------------------------------------------------
    def transfer(self, w: Work, payer: int, payee: int, amount: int, square: int = -1) -> None:
        w.add_cash(payer, -amount)
        if payee >= 0:
            w.add_cash(payee, amount)
            if square >= 0:
                rent = list(w.rent)
                rent[square] += amount
                w.rent = tuple(rent)
        elif payee == POT:
            w.pot += amount
        w.ev.append(("pay", payer, payee, amount, square))

    def charge(self, w: Work, payer: int, payee: int, amount: int, square: int = -1) -> None:
        """Pay now if the cash is there, otherwise leave a payment the payer must raise."""
        if amount <= 0:
            return
        if w.cash[payer] >= amount:
            self.transfer(w, payer, payee, amount, square)
        else:
            w.push(Pay(payer, payee, amount, square))

    def charge_all(self, w: Work, payments: list[tuple[int, int, int]]) -> None:
        """Several payments: one payer paying several seats pays all at once if it can, else
        each payment waits its turn; several payers each pay now or owe."""
        payers = {p for p, _, _ in payments}
        if len(payers) == 1:
            payer = payments[0][0]
            if w.cash[payer] >= sum(a for _, _, a in payments):
                for _, payee, amount in payments:
                    self.transfer(w, payer, payee, amount)
            else:
                for _, payee, amount in reversed(payments):
                    w.push(Pay(payer, payee, amount))
            return
        owing = []
        for payer, payee, amount in payments:
            if w.cash[payer] >= amount:
                self.transfer(w, payer, payee, amount)
            else:
                owing.append(Pay(payer, payee, amount))
        for pay in reversed(owing):
            w.push(pay)

    def credit(self, w: Work, seat: int, amount: int) -> None:
        w.add_cash(seat, amount)
        w.ev.append(("pay", BANK, seat, amount, -1))

    # -- moving -------------------------------------------------------------------------------
    def roll_dice(self, w: Work) -> tuple[int, int]:
        outcome = w.rng.below(36)
        w.dice = THROWS[outcome]
        return DIE1[outcome], DIE2[outcome]

    def go_to(self, w: Work, seat: int, square: int, salary: bool) -> None:
        if salary:
            w.add_cash(seat, self.salary)
            w.ev.append(("salary", seat, self.salary))
        w.set_position(seat, square)
        w.ev.append(MOVE_EVENTS[seat][square])

    def move(self, w: Work, seat: int, steps: int) -> None:
        square = w.position[seat] + steps
        passed = square >= 40
        if passed:
            square -= 40
        self.go_to(w, seat, square, passed)
        self.land(w, seat, square)

    def send_to_jail(self, w: Work, seat: int) -> None:
        w.set_position(seat, self.board.jail_square)
        w.set_jail(seat, 1)
        w.again = False
        w.ev.append(JAIL_EVENTS[seat])

    def land(self, w: Work, seat: int, square: int, multiplier: int = 0) -> None:
        """What the square does to the player who stopped on it; ``multiplier`` is a card's
        (festival: that many times the rent; ESL shop: that many times a new roll)."""
        if self.ownable[square]:
            owner = w.owner[square]
            if owner < 0:
                w.push(Buy(square))
            elif owner != seat and not (w.mortgaged >> square) & 1:
                if multiplier and self.kinds[square] == SHOP:
                    d1, d2 = self.roll_dice(w)
                    w.ev.append(("dice", seat, d1, d2))
                    rent = multiplier * (d1 + d2)
                else:
                    rent = self.rent_of(w, square, w.dice[0] + w.dice[1])
                    if multiplier:
                        rent *= multiplier
                if self.ask_rent:
                    w.claims = (*w.claims, Claim(seat, owner, square, rent))
                    w.ev.append(("owed", seat, owner, rent, square))
                else:
                    self.charge(w, seat, owner, rent, square)
            return
        kind = self.kinds[square]
        if kind == CHANCE:
            self.draw(w, seat, CHANCE_DECK)
        elif kind == MAIL:
            self.draw(w, seat, MAIL_DECK)
        elif kind == TAX:
            self.charge(w, seat, self.fines_to, self.board.tax[square])
        elif kind == GO_TO_JAIL:
            self.send_to_jail(w, seat)
        elif kind == PARKING and self.free_parking and w.pot:
            w.ev.append(("pot", seat, w.pot))
            w.add_cash(seat, w.pot)
            w.pot = 0

    # -- cards --------------------------------------------------------------------------------
    def draw(self, w: Work, seat: int, deck: int) -> None:
        """Take the top card, put it under the pile (a Get Out of Jail Free card is kept
        instead), and do what it says."""
        unseen = w.chance if deck == CHANCE_DECK else w.mail
        seen = w.seen[deck]
        if unseen:
            index = unseen[0]
            unseen = unseen[1:]
            hidden = list(w.hidden)
            hidden[deck] -= 1
            w.hidden = (hidden[0], hidden[1])
            if deck == CHANCE_DECK:
                w.chance = unseen
            else:
                w.mail = unseen
        else:
            index = seen[0]
            seen = seen[1:]
        card = self.decks[deck][index]
        if card.effect == JAIL_FREE:
            w.set_cards(seat, w.cards[seat] | (1 << deck))
        else:
            seen = (*seen, index)
        w.seen = (seen, w.seen[1]) if deck == CHANCE_DECK else (w.seen[0], seen)
        w.ev.append(("card", seat, deck, index))
        self.do_card(w, seat, card)

    def return_card(self, w: Work, seat: int, deck: int) -> None:
        """A used (or surrendered) Get Out of Jail Free card goes under its pile."""
        w.set_cards(seat, w.cards[seat] & ~(1 << deck))
        seen = (*w.seen[deck], self.jail_cards[deck])
        w.seen = (seen, w.seen[1]) if deck == CHANCE_DECK else (w.seen[0], seen)

    def do_card(self, w: Work, seat: int, card: Card) -> None:
        effect = card.effect
        here = w.position[seat]
        if effect == ADVANCE:
            self.go_to(w, seat, card.to, card.to <= here)
            self.land(w, seat, card.to)
        elif effect == NEAREST:
            target = (
                self.board.next_festival if card.nearest == FESTIVAL else self.board.next_shop
            )[here]
            self.go_to(w, seat, target, target < here)
            self.land(w, seat, target, card.multiplier)
        elif effect == GOTO:
            self.go_to(w, seat, card.to, False)
            self.land(w, seat, card.to)
        elif effect == BACK:
            target = (here - card.steps) % 40
            self.go_to(w, seat, target, False)
            self.land(w, seat, target)
        elif effect == COLLECT:
            self.credit(w, seat, card.amount)
        elif effect == PAY:
            self.charge(w, seat, self.fines_to, card.amount)
        elif effect == TO_JAIL:
            self.send_to_jail(w, seat)
        elif effect == REPAIRS:
            total = 0
            for square in set_bits(w.holdings[seat]):
                lv = w.level[square]
                total += card.arena if lv == 5 else lv * card.stand
            self.charge(w, seat, self.fines_to, total)
        elif effect == PAY_EACH:
            others = [s for s in self.after[seat] if (w.alive >> s) & 1]
            self.charge_all(w, [(seat, s, card.amount) for s in others])
        elif effect == COLLECT_EACH:
            others = [s for s in self.after[seat] if (w.alive >> s) & 1]
            self.charge_all(w, [(s, seat, card.amount) for s in others])
        elif effect == FINE_OR_CHANCE:
            w.push(Choice(seat, card.amount))
        # JAIL_FREE: kept by draw.

    # -- the flow of turns ----------------------------------------------------------------------
    def advance(self, w: Work) -> None:
        """Work off automatic frames until a seat must decide or the game is over."""
        while True:
            if w.over:
                w.stack = ()
                return
            top = w.stack[-1]
            kind = type(top)
            if kind is EndMove:
                w.pop()
                self.end_move(w)
            elif kind is Pay:
                assert isinstance(top, Pay)
                payer = top.payer
                if not (w.alive >> payer) & 1 or (
                    top.payee >= 0 and not (w.alive >> top.payee) & 1
                ):
                    w.pop()
                elif w.cash[payer] >= top.amount:
                    w.pop()
                    self.transfer(w, payer, top.payee, top.amount, top.square)
                elif self.max_raise(w, payer) >= top.amount:
                    return
                else:
                    w.pop()
                    self.bankrupt(w, payer, top.payee, top.square)
            elif kind is Auction:
                assert isinstance(top, Auction)
                if not self.auction_waits(w, top):
                    continue
                return
            elif kind is JailMove:
                w.pop()
                if (w.alive >> w.active) & 1:
                    self.move(w, w.active, w.dice[0] + w.dice[1])
            elif kind is Lots:
                assert isinstance(top, Lots)
                w.pop()
                first, rest = top.squares[0], top.squares[1:]
                if rest:
                    w.push(Lots(rest))
                w.push(self.open_auction(w, first, self.seats_from(w, w.active)))
            else:
                return

    def seats_from(self, w: Work, seat: int) -> tuple[int, ...]:
        """Solvent seats in turn order starting with ``seat`` (or the next one if it is out)."""
        alive = w.alive
        key = (alive << 3) | seat
        known = self._seats_from.get(key)
        if known is None:
            order = (seat, *self.after[seat])
            known = self._seats_from[key] = tuple([s for s in order if (alive >> s) & 1])
        return known

    def end_move(self, w: Work) -> None:
        active = w.active
        if (w.alive >> active) & 1 and w.again and not w.jail[active]:
            w.again = False
            self.open_window(w)
            w.ev.append(AGAIN_EVENTS[active])
        else:
            self.next_turn(w)

    def open_window(self, w: Work) -> None:
        w.stack = (WINDOW,)
        w.passed = 0
        w.dealt = 0

    def next_turn(self, w: Work) -> None:
        w.turn += 1
        if self.turn_cap and w.turn >= self.turn_cap:
            w.over = TURN_CAP
            w.stack = ()
            w.ev.append(("cap", w.turn))
            return
        for seat in self.after[w.active]:
            if (w.alive >> seat) & 1:
                break
        w.active = seat
        w.skipping &= ~(1 << seat)
        w.doubles = 0
        w.again = False
        self.open_window(w)
        w.ev.append(TURN_EVENTS[seat])

    # -- auctions -----------------------------------------------------------------------------
    def open_auction(
        self,
        w: Work,
        lot: int,
        order: tuple[int, ...],
        building: int = 0,
        requester: int = -1,
    ) -> Auction:
        w.ev.append(("auction", lot, building))
        return Auction(lot, 0, -1, order, 0, building, requester, False)

    def auction_waits(self, w: Work, a: Auction) -> bool:
        """Settle an auction that is over or skip a bidder who cannot outbid; True when a
        bidder must decide."""
        order = a.order
        if not order:
            w.pop()
            w.ev.append(("unsold", a.lot, a.building))
            return False
        if len(order) == 1 and order[0] == a.leader:
            w.pop()
            self.auction_won(w, a)
            return False
        seat = order[a.at]
        if seat != a.leader and w.cash[seat] <= a.high:
            rest = order[: a.at] + order[a.at + 1 :]
            w.replace_top(
                Auction(
                    a.lot,
                    a.high,
                    a.leader,
                    rest,
                    a.at % len(rest) if rest else 0,
                    a.building,
                    a.requester,
                    a.rivals,
                )
            )
            return False
        return True

    def auction_won(self, w: Work, a: Auction) -> None:
        winner = a.leader
        if not a.building:
            w.add_cash(winner, -a.high)
            self.bought(w, a.lot, winner)
            w.mortgaged &= ~(1 << a.lot)
            w.ev.append(("won", winner, a.lot, a.high))
            return
        # A building-shortage auction: contested, the bid is the price; uncontested, the
        # requester simply buys at the listed price.
        price = a.high if a.rivals else self.stand_cost[a.lot]
        w.add_cash(winner, -price)
        w.ev.append(("won-building", winner, a.building, price))
        if winner == a.requester:
            self.place(w, winner, a.lot)
            return
        squares = self.build_squares(w, winner, a.building, paid=True)
        if len(squares) == 1:
            self.place(w, winner, squares[0])
        elif squares:
            w.push(Place(winner, a.building))

    # -- buildings ------------------------------------------------------------------------------
    def place(self, w: Work, seat: int, square: int) -> None:
        """Put the next building on ``square`` (paid for already)."""
        lv = w.level[square]
        if lv == 4:
            w.arenas -= 1
            w.stands += 4
        else:
            w.stands -= 1
        w.set_level(square, lv + 1)
        w.ev.extend(BUILT[seat][6 * square + lv + 1])

    def eligible_builders(self, w: Work, building: int) -> list[int]:
        return [
            s
            for s in range(self.players)
            if (w.alive >> s) & 1 and self.build_squares(w, s, building)
        ]

    def build(self, w: Work, seat: int, square: int) -> None:
        """Buy a building, or start a building-shortage auction when the bank has fewer left
        than there are players able to build one."""
        building = ARENA if w.level[square] == 4 else STAND
        stock = w.arenas if building == ARENA else w.stands
        if stock < popcount(w.alive):
            wanting = self.eligible_builders(w, building)
            if len(wanting) >= 2 and stock < len(wanting):
                order = tuple(s for s in (seat, *self.after[seat]) if s in wanting)
                w.push(self.open_auction(w, square, order, building, seat))
                return
        w.add_cash(seat, -self.stand_cost[square])
        self.place(w, seat, square)

    def sell(self, w: Work, seat: int, square: int) -> None:
        lv = w.level[square]
        if lv == 5:
            w.arenas += 1
            w.stands -= 4
        else:
            w.stands += 1
        w.set_level(square, lv - 1)
        w.add_cash(seat, self.half[square])
        w.ev.append(("sell", seat, square, lv - 1, self.half[square]))

    def sell_group(self, w: Work, seat: int, square: int) -> None:
        """Sell every building of the group: each arena returns to the bank with the four fan
        stands it stood for, sold at once."""
        total = 0
        for s in self.group_members[self.group[square]]:
            lv = w.level[s]
            if lv == 5:
                w.arenas += 1
            else:
                w.stands += lv
            total += lv * self.half[s]
            if lv:
                w.set_level(s, 0)
        w.add_cash(seat, total)
        w.ev.append(("sellall", seat, square, total))

    def mortgage(self, w: Work, seat: int, square: int) -> None:
        w.mortgaged |= 1 << square
        w.add_cash(seat, self.board.mortgage[square])
        w.ev.append(("mortgage", seat, square, self.board.mortgage[square]))

    def lift(self, w: Work, seat: int, square: int) -> None:
        w.mortgaged &= ~(1 << square)
        w.add_cash(seat, -self.board.lift[square])
        w.ev.append(("lift", seat, square, self.board.lift[square]))

    # -- bankruptcy -----------------------------------------------------------------------------
    def bankrupt(self, w: Work, debtor: int, creditor: int, square: int) -> None:
        """The debtor cannot raise enough: everything is sold and mortgaged, the cash raised
        paid, and the deeds go to the creditor (10% due on each) or, to the bank, to auction."""
        squares = list(set_bits(w.holdings[debtor]))
        for s in squares:
            lv = w.level[s]
            if lv:
                if lv == 5:
                    w.arenas += 1
                else:
                    w.stands += lv
                w.add_cash(debtor, lv * self.half[s])
                w.set_level(s, 0)
            if not (w.mortgaged >> s) & 1:
                w.mortgaged |= 1 << s
                w.add_cash(debtor, self.board.mortgage[s])
        raised = w.cash[debtor]
        w.add_cash(debtor, -raised)
        cards = w.cards[debtor]
        w.set_cards(debtor, 0)
        # What happens is announced in order: what the debtor raised is paid, then who is out,
        # to whom, and where the deeds and cards go.
        if raised:
            if creditor >= 0:
                w.add_cash(creditor, raised)
                if square >= 0:
                    rent = list(w.rent)
                    rent[square] += raised
                    w.rent = tuple(rent)
            elif creditor == POT:
                w.pot += raised
            w.ev.append(("pay", debtor, creditor, raised, square if creditor >= 0 else -1))
        w.ev.append(("bankrupt", debtor, creditor, tuple(squares), cards))
        if creditor >= 0:
            for s in squares:
                w.set_owner(s, creditor)
            w.set_cards(creditor, w.cards[creditor] | cards)
        else:
            for s in squares:
                w.set_owner(s, -1)
                w.mortgaged &= ~(1 << s)
            for deck in (CHANCE_DECK, MAIL_DECK):
                if (cards >> deck) & 1:
                    seen = (*w.seen[deck], self.jail_cards[deck])
                    w.seen = (seen, w.seen[1]) if deck == CHANCE_DECK else (w.seen[0], seen)
        w.alive &= ~(1 << debtor)
        w.eliminated = (*w.eliminated, debtor)
        w.claims = tuple(c for c in w.claims if debtor not in (c.payer, c.owner))
        active = debtor == w.active
        stack = tuple(f for f in w.stack if not self.concerns(f, debtor, active))
        if active and stack and isinstance(stack[0], Window):
            stack = (END_MOVE, *stack[1:])  # the bankrupt player's turn is over
        w.stack = stack
        if popcount(w.alive) == 1:
            w.over = LAST_STANDING
            w.ev.append(("winner", w.alive.bit_length() - 1))
            return
        if creditor >= 0:
            if squares:
                w.push(Fee(creditor, tuple(squares)))
        elif squares:
            w.push(Lots(tuple(squares)))

    @staticmethod
    def concerns(frame: Frame, seat: int, active: bool) -> bool:
        """Whether a pending frame is moot once ``seat`` is out."""
        if isinstance(frame, Pay):
            return seat in (frame.payer, frame.payee)
        if isinstance(frame, (Manage, Fee, Place, Choice)):
            return frame.seat == seat
        if isinstance(frame, Deal):
            return seat in (frame.proposer, frame.partner)
        return active and isinstance(frame, Buy)

    # -- handlers, one per action ---------------------------------------------------------------
    def on_roll(self, w: Work, action: Action) -> None:
        seat = w.active
        if w.claims:
            w.claims = tuple(c for c in w.claims if c.payer == seat)
        w.stack = (END_MOVE,)
        kind = type(action)
        if kind is A.PayFine:
            self.transfer(w, seat, self.fines_to, self.board.jail_fine)
            w.set_jail(seat, 0)
            w.ev.append(("free", seat, "fine"))
        elif kind is A.UseCard:
            deck = CHANCE_DECK if w.cards[seat] & 1 else MAIL_DECK
            self.return_card(w, seat, deck)
            w.set_jail(seat, 0)
            w.ev.append(("free", seat, "card"))
        d1, d2 = self.roll_dice(w)
        w.ev.append(("roll", seat, d1, d2))
        jail = w.jail[seat]
        if jail:
            w.again = False
            if d1 == d2:
                w.set_jail(seat, 0)
                w.ev.append(("free", seat, "doubles"))
                self.move(w, seat, d1 + d2)
            elif jail >= self.board.jail_turns:
                w.set_jail(seat, 0)
                w.ev.append(("free", seat, "third"))
                w.push(JAIL_MOVE)
                w.push(Pay(seat, self.fines_to, self.board.jail_fine))
            else:
                w.set_jail(seat, jail + 1)
            return
        if d1 == d2:
            w.doubles += 1
            if w.doubles >= self.board.doubles_to_jail:
                self.send_to_jail(w, seat)
                return
            w.again = True
        else:
            w.again = False
        self.move(w, seat, d1 + d2)

    def on_wait(self, w: Work, action: Action) -> None:
        w.passed |= 1 << action.seat

    def on_skip(self, w: Work, action: Action) -> None:
        w.skipping |= 1 << action.seat

    def on_claim(self, w: Work, action: A.Claim) -> None:
        for claim in w.claims:
            if claim.owner == action.seat and claim.square == action.square:
                break
        w.claims = tuple(c for c in w.claims if c is not claim)
        w.ev.append(("claim", claim.owner, claim.payer, claim.amount, claim.square))
        self.charge(w, claim.payer, claim.owner, claim.amount, claim.square)

    def on_open_manage(self, w: Work, action: Action) -> None:
        w.push(Manage(action.seat))

    def on_back(self, w: Work, action: Action) -> None:
        w.pop()

    def _pop_manage(self, w: Work) -> None:
        if isinstance(w.stack[-1], Manage):
            w.pop()

    def on_build(self, w: Work, action: A.Build) -> None:
        top = w.stack[-1]
        if isinstance(top, Place):
            w.pop()
            self.place(w, action.seat, action.square)
            return
        if isinstance(top, Manage):
            w.pop()
        self.build(w, action.seat, action.square)

    def on_sell(self, w: Work, action: A.Sell) -> None:
        self._pop_manage(w)
        self.sell(w, action.seat, action.square)

    def on_sell_all(self, w: Work, action: A.SellAll) -> None:
        self._pop_manage(w)
        self.sell_group(w, action.seat, action.square)

    def on_mortgage(self, w: Work, action: A.Mortgage) -> None:
        self._pop_manage(w)
        self.mortgage(w, action.seat, action.square)

    def on_lift(self, w: Work, action: A.Lift) -> None:
        w.pop()
        self.lift(w, action.seat, action.square)

    def on_buy(self, w: Work, action: Action) -> None:
        top = w.stack[-1]
        assert isinstance(top, Buy)
        w.pop()
        price = self.board.price[top.square]
        w.add_cash(action.seat, -price)
        self.bought(w, top.square, action.seat)
        w.ev.append(("buy", action.seat, top.square, price))

    def on_decline(self, w: Work, action: Action) -> None:
        top = w.stack[-1]
        assert isinstance(top, Buy)
        w.pop()
        w.push(self.open_auction(w, top.square, self.seats_from(w, w.active)))

    def on_bid(self, w: Work, action: A.Bid) -> None:
        a = w.stack[-1]
        assert isinstance(a, Auction)
        w.replace_top(bid_on(a, action.seat, action.amount))
        w.ev.append(("bid", action.seat, action.amount))

    def on_pass(self, w: Work, action: Action) -> None:
        a = w.stack[-1]
        assert isinstance(a, Auction)
        w.replace_top(passed_on(a))
        w.ev.append(("out", action.seat))

    def on_open_deal(self, w: Work, action: A.OpenDeal) -> None:
        w.pop()  # the management menu
        w.dealt |= 1 << action.seat
        w.push(Deal(action.seat, action.partner))

    def _deal(self, w: Work) -> Deal:
        top = w.stack[-1]
        assert isinstance(top, Deal)
        return top

    def on_give(self, w: Work, action: A.Give) -> None:
        self._write(w, action)

    def on_take(self, w: Work, action: A.Take) -> None:
        self._write(w, action)

    def _write(self, w: Work, action: Action) -> None:
        deal = written(self._deal(w), action)
        assert deal is not None
        w.replace_top(deal)

    def on_give_card(self, w: Work, action: A.GiveCard) -> None:
        d = self._deal(w)
        bit = 1 << (0 if action.deck == "chance" else 1)
        w.replace_top(
            Deal(d.proposer, d.partner, d.give, d.take, d.cash, d.give_cards | bit, d.take_cards)
        )

    def on_take_card(self, w: Work, action: A.TakeCard) -> None:
        d = self._deal(w)
        bit = 1 << (0 if action.deck == "chance" else 1)
        w.replace_top(
            Deal(d.proposer, d.partner, d.give, d.take, d.cash, d.give_cards, d.take_cards | bit)
        )

    def on_cash(self, w: Work, action: A.Cash) -> None:
        self._write(w, action)

    def on_offer(self, w: Work, action: Action) -> None:
        d = self._deal(w)
        self._write(w, action)
        w.ev.append(("offer", d.proposer, d.partner))

    def on_drop(self, w: Work, action: Action) -> None:
        w.pop()

    def on_reject(self, w: Work, action: Action) -> None:
        d = self._deal(w)
        w.pop()
        w.ev.append(("deal", d.proposer, d.partner, 0))

    def on_accept(self, w: Work, action: Action) -> None:
        d = self._deal(w)
        w.pop()
        p, q = d.proposer, d.partner
        for s in d.give:
            w.set_owner(s, q)
        for s in d.take:
            w.set_owner(s, p)
        if d.cash:
            w.add_cash(p, -d.cash)
            w.add_cash(q, d.cash)
        if d.give_cards or d.take_cards:
            w.set_cards(p, (w.cards[p] & ~d.give_cards) | d.take_cards)
            w.set_cards(q, (w.cards[q] & ~d.take_cards) | d.give_cards)
        w.ev.append(("deal", p, q, 1))
        mortgaged = w.mortgaged
        to_partner = tuple([s for s in d.give if (mortgaged >> s) & 1])
        to_proposer = tuple([s for s in d.take if (mortgaged >> s) & 1])
        if to_proposer:
            w.push(Fee(p, to_proposer))
        if to_partner:
            w.push(Fee(q, to_partner))

    def on_repay(self, w: Work, action: A.Repay) -> None:
        top = w.stack[-1]
        assert isinstance(top, Fee)
        rest = tuple([s for s in top.squares if s != action.square])
        if rest:
            w.replace_top(Fee(top.seat, rest))
        else:
            w.pop()
        self.lift(w, action.seat, action.square)

    def on_keep(self, w: Work, action: Action) -> None:
        top = w.stack[-1]
        assert isinstance(top, Fee)
        w.pop()
        fee = self.board.fee
        total = 0
        for s in top.squares:
            total += fee[s]
        w.ev.append(("fee", action.seat, top.squares, total))
        self.charge(w, action.seat, BANK, total)

    def on_card_fine(self, w: Work, action: Action) -> None:
        top = w.stack[-1]
        assert isinstance(top, Choice)
        w.pop()
        self.charge(w, action.seat, self.fines_to, top.amount)

    def on_take_chance(self, w: Work, action: Action) -> None:
        w.pop()
        self.draw(w, action.seat, CHANCE_DECK)


# Interpreted, this module's tables are made by made_table rather than by calling the class
# (the same Table, its slots filled in a plain function: CPython 3.11 enters a function in
# place but calls a class through type.__call__; -2.5% instructions a player-turn). Compiled,
# Table(...) stays the native constructor (this module's functions are then not Python
# functions). Rebound last: the module's own uses of the class (``Tableish``) are made by now.
if isinstance(popcount, FunctionType):
    globals()["Table"] = made_table

__all__ = ["Rules", "Work", "popcount"]
