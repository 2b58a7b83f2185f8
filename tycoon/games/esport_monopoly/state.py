"""The state of a game: a public table, and the hidden order of the two card piles.

Almost everything at a Monopoly table is public, so the state is split in two: :class:`Table`
holds everything every seat sees (money, tokens, deeds, buildings, the decision stack, the
events of the last step), and :class:`State` adds the order of the cards nobody has seen yet.
A view is just the table and who is looking, so ``observe`` costs one small object.

Decisions are kept as a stack of frames (``Table.stack``): the bottom frame is the pre-roll
window of the player whose turn it is; a roll replaces it with ``EndMove`` and pushes whatever the
move calls for (a purchase, an auction, a payment that needs money raised, ...). Automatic frames
(``EndMove``, ``JailMove``, ``Lots``, a payment that can be made) are worked off by the engine
until a seat must decide.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Final, NamedTuple, final

_NEW: Final = object.__new__  # made_table's allocation

# Who gets money that is not paid to a player.
BANK: Final = -1
POT: Final = -2  # the free-parking pot (house rule)

# Buildings, as a building-shortage auction's lot.
STAND: Final = 1
ARENA: Final = 2

# Why a game stopped (Table.over).
PLAYING: Final = 0
LAST_STANDING: Final = 1
TURN_CAP: Final = 2


# -- frames of the decision stack -------------------------------------------------------------
class Record:
    """Base of the frames made at most decisions (auction, payment, menu, deal): an immutable
    record of ``_fields``, set once in ``__init__`` (``Final``), equal by type and fields,
    shown and turned into JSON as the dataclasses of the other frames are. Not a frozen
    dataclass because building one costs about 1 µs, interpreted (``object.__setattr__`` per
    field) and compiled alike (mypyc runs the dataclass's own ``__init__``), where a class
    with its own ``__init__`` costs a third of that interpreted and a fiftieth compiled."""

    __slots__ = ()
    _fields: ClassVar[tuple[str, ...]] = ()

    def values(self) -> tuple[Any, ...]:
        return tuple([getattr(self, name) for name in self._fields])

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Record)
        return self.values() == other.values()

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.values()))

    def __repr__(self) -> str:
        shown = ", ".join([f"{name}={getattr(self, name)!r}" for name in self._fields])
        return f"{type(self).__name__}({shown})"

    def to_json(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self._fields}


@dataclass(frozen=True, slots=True)
class Window:
    """Before a roll: the player whose turn it is may roll (or leave jail); every seat may
    build, sell, mortgage, lift, deal or claim rent."""


@dataclass(frozen=True, slots=True)
class EndMove:
    """Automatic: the move is over; roll again after doubles, otherwise pass the dice."""


@dataclass(frozen=True, slots=True)
class JailMove:
    """Automatic: after paying on a third failed jail roll, move by that roll."""


@dataclass(frozen=True, slots=True)
class Buy:
    """The player on an unowned property buys it at the listed price or sends it to auction."""

    square: int


@final
class Auction(Record):
    """An open auction, bidding round the table among ``order`` (seats still in).

    ``building`` is 0 for a deed (``lot`` its square), or STAND / ARENA in a building-shortage
    auction (``lot`` the event the requester wanted to build on). ``rivals`` records whether a
    seat other than the requester bid: only then did two players want the building.
    """

    __slots__ = ("at", "building", "high", "leader", "lot", "order", "requester", "rivals")
    _fields: ClassVar[tuple[str, ...]] = (
        "lot",
        "high",
        "leader",
        "order",
        "at",
        "building",
        "requester",
        "rivals",
    )  # in order

    def __init__(
        self,
        lot: int,
        high: int,
        leader: int,
        order: tuple[int, ...],
        at: int,
        building: int = 0,
        requester: int = -1,
        rivals: bool = False,
    ) -> None:
        self.lot: Final = lot
        self.high: Final = high
        self.leader: Final = leader
        self.order: Final = order
        self.at: Final = at
        self.building: Final = building
        self.requester: Final = requester
        self.rivals: Final = rivals


@dataclass(frozen=True, slots=True)
class Lots:
    """Automatic: deeds of a player bankrupt to the bank, still to be auctioned in this order."""

    squares: tuple[int, ...]


@final
class Pay(Record):
    """A payment; a decision only while the payer is short and must sell or mortgage."""

    __slots__ = ("amount", "payee", "payer", "square")
    _fields: ClassVar[tuple[str, ...]] = ("payer", "payee", "amount", "square")  # in order

    def __init__(self, payer: int, payee: int, amount: int, square: int = -1) -> None:
        self.payer: Final = payer
        self.payee: Final = payee  # a seat, BANK or POT
        self.amount: Final = amount
        self.square: Final = square  # the property whose rent this is, else -1


@final
class Manage(Record):
    """``seat`` opened its management menu: one build, sale, mortgage or lift (or back)."""

    __slots__ = ("seat",)
    _fields: ClassVar[tuple[str, ...]] = ("seat",)  # in order

    def __init__(self, seat: int) -> None:
        self.seat: Final = seat


@final
class Deal(Record):
    """A deal being written by ``proposer`` (``sent`` False) or answered by ``partner``.

    ``cash`` is paid by the proposer (negative: paid by the partner); card masks hold bit 0 for
    the Chance and bit 1 for the Company Mail Get Out of Jail Free card.
    """

    __slots__ = ("cash", "give", "give_cards", "partner", "proposer", "sent", "take", "take_cards")
    _fields: ClassVar[tuple[str, ...]] = (
        "proposer",
        "partner",
        "give",
        "take",
        "cash",
        "give_cards",
        "take_cards",
        "sent",
    )  # in order

    def __init__(
        self,
        proposer: int,
        partner: int,
        give: tuple[int, ...] = (),
        take: tuple[int, ...] = (),
        cash: int = 0,
        give_cards: int = 0,
        take_cards: int = 0,
        sent: bool = False,
    ) -> None:
        self.proposer: Final = proposer
        self.partner: Final = partner
        self.give: Final = give
        self.take: Final = take
        self.cash: Final = cash
        self.give_cards: Final = give_cards
        self.take_cards: Final = take_cards
        self.sent: Final = sent


@dataclass(frozen=True, slots=True)
class Fee:
    """``seat`` received the mortgaged deeds ``squares``: repay a mortgage now, or keep the rest
    mortgaged paying 10% of each value."""

    seat: int
    squares: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Place:
    """``seat`` won a building-shortage auction and places the building on one of its events."""

    seat: int
    building: int


@dataclass(frozen=True, slots=True)
class Choice:
    """A card offering a choice: pay ``amount`` or take a Chance card (classic deck)."""

    seat: int
    amount: int


Frame = (
    Window | EndMove | JailMove | Buy | Auction | Lots | Pay | Manage | Deal | Fee | Place | Choice
)

WINDOW: Final = Window()
END_MOVE: Final = EndMove()
JAIL_MOVE: Final = JailMove()

# An event of the last step, for narration: a tag then numbers, e.g. ("rent", payer, owner,
# amount, square). See render.py for every tag.
Event = tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class Claim:
    """Rent not yet asked for (the "owner must ask" option): lapses when the next player rolls."""

    payer: int
    owner: int
    square: int
    amount: int


@final
class Table(Record):
    """Everything every seat sees.

    A :class:`Record` like :class:`State`: rebuilt at every step, so it is made by a native
    call with its fields as arguments (compiled, one allocation and the fields stored as C
    struct members, read without a type check; interpreted, its fields are slots). Its
    pairs (``seen``, ``hidden``, ``dice``) are typed as tuples of any length: compiled, a
    ``tuple[int, int]`` field is kept unboxed and boxed into a new tuple at every read.
    Immutable by convention (``Final`` fields); ``_replace`` makes a changed copy."""

    __slots__ = (
        "acting",
        "active",
        "again",
        "alive",
        "arenas",
        "cards",
        "cash",
        "claims",
        "dealt",
        "dice",
        "doubles",
        "eliminated",
        "events",
        "hidden",
        "holdings",
        "jail",
        "level",
        "mortgaged",
        "over",
        "owner",
        "passed",
        "position",
        "pot",
        "rent",
        "seen",
        "skipping",
        "stack",
        "stands",
        "turn",
    )
    _fields: ClassVar[tuple[str, ...]] = (
        "cash",
        "position",
        "jail",
        "cards",
        "alive",
        "eliminated",
        "owner",
        "level",
        "mortgaged",
        "holdings",
        "stands",
        "arenas",
        "seen",
        "hidden",
        "pot",
        "active",
        "doubles",
        "again",
        "turn",
        "dice",
        "stack",
        "passed",
        "skipping",
        "dealt",
        "claims",
        "events",
        "rent",
        "over",
        "acting",
    )  # in order

    def __init__(
        self,
        cash: tuple[int, ...],
        position: tuple[int, ...],
        jail: tuple[int, ...],
        cards: tuple[int, ...],
        alive: int,
        eliminated: tuple[int, ...],
        owner: tuple[int, ...],
        level: tuple[int, ...],
        mortgaged: int,
        holdings: tuple[int, ...],
        stands: int,
        arenas: int,
        seen: tuple[tuple[int, ...], ...],
        hidden: tuple[int, ...],
        pot: int,
        active: int,
        doubles: int,
        again: bool,
        turn: int,
        dice: tuple[int, ...],
        stack: tuple[Frame, ...],
        passed: int,
        skipping: int,
        dealt: int,
        claims: tuple[Claim, ...],
        events: tuple[Event, ...],
        rent: tuple[int, ...],
        over: int,
        acting: tuple[int, ...],
    ) -> None:
        self.cash: Final = cash
        self.position: Final = position
        self.jail: Final = jail  # 0: free; k > 0: in jail, about to make jail roll number k
        # Get Out of Jail Free cards held: bit 0 Chance, bit 1 Company Mail
        self.cards: Final = cards
        self.alive: Final = alive  # bitmask of seats still in the game
        self.eliminated: Final = eliminated  # bankrupt seats, first out first
        self.owner: Final = owner  # by square: a seat, or -1
        self.level: Final = level  # by square: 0-4 fan stands, 5 an arena
        self.mortgaged: Final = mortgaged  # bitmask of mortgaged squares
        self.holdings: Final = holdings  # by seat: bitmask of the squares it owns
        self.stands: Final = stands  # fan stands left in the bank
        self.arenas: Final = arenas  # arenas left in the bank
        self.seen: Final = seen  # known bottom of each pile (Chance, Company Mail), top first
        self.hidden: Final = hidden  # how many unseen cards lie on top of each pile (two)
        self.pot: Final = pot  # free-parking pot (house rule)
        self.active: Final = active  # whose turn it is
        self.doubles: Final = doubles  # doubles rolled this turn
        self.again: Final = again  # the last roll was doubles: roll again when the move is over
        self.turn: Final = turn  # player-turns completed
        self.dice: Final = dice  # the last roll (two dice)
        self.stack: Final = stack
        self.passed: Final = passed  # seats that let the current window go by ("wait")
        # seats not to be asked out of turn again before their own turn ("skip")
        self.skipping: Final = skipping
        self.dealt: Final = dealt  # seats that opened a deal in the current window (once each)
        self.claims: Final = claims
        self.events: Final = events  # what happened in the last step
        self.rent: Final = rent  # rent collected so far, by square
        self.over: Final = over  # PLAYING, LAST_STANDING or TURN_CAP
        self.acting: Final = acting  # the seats to act now (worked out once per step)

    def _replace(
        self,
        *,
        cash: tuple[int, ...] | None = None,
        position: tuple[int, ...] | None = None,
        jail: tuple[int, ...] | None = None,
        cards: tuple[int, ...] | None = None,
        alive: int | None = None,
        eliminated: tuple[int, ...] | None = None,
        owner: tuple[int, ...] | None = None,
        level: tuple[int, ...] | None = None,
        mortgaged: int | None = None,
        holdings: tuple[int, ...] | None = None,
        stands: int | None = None,
        arenas: int | None = None,
        seen: tuple[tuple[int, ...], ...] | None = None,
        hidden: tuple[int, ...] | None = None,
        pot: int | None = None,
        active: int | None = None,
        doubles: int | None = None,
        again: bool | None = None,
        turn: int | None = None,
        dice: tuple[int, ...] | None = None,
        stack: tuple[Frame, ...] | None = None,
        passed: int | None = None,
        skipping: int | None = None,
        dealt: int | None = None,
        claims: tuple[Claim, ...] | None = None,
        events: tuple[Event, ...] | None = None,
        rent: tuple[int, ...] | None = None,
        over: int | None = None,
        acting: tuple[int, ...] | None = None,
    ) -> Table:
        """A copy with some fields changed (as a named tuple's ``_replace``; the hot paths
        call :class:`Table` with every field instead)."""
        return Table(
            self.cash if cash is None else cash,
            self.position if position is None else position,
            self.jail if jail is None else jail,
            self.cards if cards is None else cards,
            self.alive if alive is None else alive,
            self.eliminated if eliminated is None else eliminated,
            self.owner if owner is None else owner,
            self.level if level is None else level,
            self.mortgaged if mortgaged is None else mortgaged,
            self.holdings if holdings is None else holdings,
            self.stands if stands is None else stands,
            self.arenas if arenas is None else arenas,
            self.seen if seen is None else seen,
            self.hidden if hidden is None else hidden,
            self.pot if pot is None else pot,
            self.active if active is None else active,
            self.doubles if doubles is None else doubles,
            self.again if again is None else again,
            self.turn if turn is None else turn,
            self.dice if dice is None else dice,
            self.stack if stack is None else stack,
            self.passed if passed is None else passed,
            self.skipping if skipping is None else skipping,
            self.dealt if dealt is None else dealt,
            self.claims if claims is None else claims,
            self.events if events is None else events,
            self.rent if rent is None else rent,
            self.over if over is None else over,
            self.acting if acting is None else acting,
        )

    def values(self) -> tuple[Any, ...]:
        """The fields in order, in one tuple (as the named tuple was; the RL encoding reads
        runs of them, ``field_run``)."""
        return (
            self.cash,
            self.position,
            self.jail,
            self.cards,
            self.alive,
            self.eliminated,
            self.owner,
            self.level,
            self.mortgaged,
            self.holdings,
            self.stands,
            self.arenas,
            self.seen,
            self.hidden,
            self.pot,
            self.active,
            self.doubles,
            self.again,
            self.turn,
            self.dice,
            self.stack,
            self.passed,
            self.skipping,
            self.dealt,
            self.claims,
            self.events,
            self.rent,
            self.over,
            self.acting,
        )

    def __reduce__(self) -> tuple[Any, ...]:
        return (Table, self.values())


def made_table(
    cash: tuple[int, ...],
    position: tuple[int, ...],
    jail: tuple[int, ...],
    cards: tuple[int, ...],
    alive: int,
    eliminated: tuple[int, ...],
    owner: tuple[int, ...],
    level: tuple[int, ...],
    mortgaged: int,
    holdings: tuple[int, ...],
    stands: int,
    arenas: int,
    seen: tuple[tuple[int, ...], ...],
    hidden: tuple[int, ...],
    pot: int,
    active: int,
    doubles: int,
    again: bool,
    turn: int,
    dice: tuple[int, ...],
    stack: tuple[Frame, ...],
    passed: int,
    skipping: int,
    dealt: int,
    claims: tuple[Claim, ...],
    events: tuple[Event, ...],
    rent: tuple[int, ...],
    over: int,
    acting: tuple[int, ...],
) -> Table:
    """``Table(...)``, interpreted, without the class call: CPython 3.11 calls a class through
    ``type.__call__`` (its 29 arguments packed into a tuple, ``__init__`` looked up and run in
    a new C-level frame of the interpreter), where a plain function is entered in place. The
    same :class:`Table`, its slots filled here rather than by ``__init__``. The engine uses it
    interpreted only (compiled, ``Table(...)`` is a native constructor, cheaper than both);
    ``tests/esport_monopoly/test_round13_now.py`` compares the two."""
    table: Any = _NEW(Table)
    table.cash = cash
    table.position = position
    table.jail = jail
    table.cards = cards
    table.alive = alive
    table.eliminated = eliminated
    table.owner = owner
    table.level = level
    table.mortgaged = mortgaged
    table.holdings = holdings
    table.stands = stands
    table.arenas = arenas
    table.seen = seen
    table.hidden = hidden
    table.pot = pot
    table.active = active
    table.doubles = doubles
    table.again = again
    table.turn = turn
    table.dice = dice
    table.stack = stack
    table.passed = passed
    table.skipping = skipping
    table.dealt = dealt
    table.claims = claims
    table.events = events
    table.rent = rent
    table.over = over
    table.acting = acting
    made: Table = table  # typed again, without a cast's call
    return made


@final
class State(Record):
    """The whole truth: the table and the order of the unseen top of each card pile.

    A :class:`Record` (made once a step, read by name), not a named tuple: compiled, a named
    tuple is made through Python's call protocol (``tuple.__new__``: an argument tuple, its
    slice and the fields copied into a new tuple), a native class with its own ``__init__``
    in one allocation (about 170 ns against 55 ns, measured); interpreted it costs about the
    same to make and less to read (its fields are slots)."""

    __slots__ = ("chance", "mail", "table")
    _fields: ClassVar[tuple[str, ...]] = ("table", "chance", "mail")  # in order

    def __init__(self, table: Table, chance: tuple[int, ...], mail: tuple[int, ...]) -> None:
        self.table: Final = table
        self.chance: Final = chance  # unseen Chance cards on top of the pile, top first
        self.mail: Final = mail  # unseen Company Mail cards on top of the pile, top first

    def _replace(
        self,
        *,
        table: Table | None = None,
        chance: tuple[int, ...] | None = None,
        mail: tuple[int, ...] | None = None,
    ) -> State:
        """A copy with some fields changed (as a named tuple's ``_replace``)."""
        return State(
            self.table if table is None else table,
            self.chance if chance is None else chance,
            self.mail if mail is None else mail,
        )

    def __reduce__(self) -> tuple[Any, ...]:
        return (State, (self.table, self.chance, self.mail))


@final
class Now:
    """A game being played on by a loop, held in pieces: its current ``table`` and the unseen
    tops of the piles (``chance``, ``mail``), written by the rules' loop steps
    (``Rules.roll_now``, ...), and the :class:`State` they make, made only when asked for
    (:meth:`state`). Most steps change the table alone, and the loop reads the table alone,
    so a step makes one record (the table) rather than two. Whoever writes ``chance`` or
    ``mail`` writes a new ``table`` with them (every step makes a new table), so the state
    is stale exactly when its table is not ``table``."""

    __slots__ = ("chance", "made", "mail", "table")

    def __init__(self, state: State) -> None:
        self.table: Table = state.table
        self.chance: tuple[int, ...] = state.chance
        self.mail: tuple[int, ...] = state.mail
        self.made: State = state

    def state(self) -> State:
        """The current state (made once from the pieces, then kept until the table changes)."""
        made = self.made
        if made.table is not self.table:
            made = State(self.table, self.chance, self.mail)
            self.made = made
        return made

    def put(self, state: State) -> None:
        """Go on from ``state`` (a step made the whole state)."""
        self.table = state.table
        self.chance = state.chance
        self.mail = state.mail
        self.made = state


class View(NamedTuple):
    """What a seat (or a spectator, ``seat`` None) sees: the table. The order of unseen cards is
    the only secret, and nobody knows it. (A named tuple: one is made for every decision, and
    a frozen dataclass costs several times as much to make.)"""

    seat: int | None
    table: Table
