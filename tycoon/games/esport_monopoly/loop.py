"""Esport Monopoly's own simulation loop (``Game.bot_loop``): what ``tycoon.core.play_bots``
does for any game, with the protocol's indirections taken out of the per-decision path.

Every decision still goes observe → the bot's choice from its view and its (lazily listed)
choices → transition, in the same order with the same draws, so the loop plays exactly the games
of the general loop; ``tests/esport_monopoly/test_loop.py`` compares the two view by view. What
it saves: the seats to act read straight off the table, the view made without a method call,
and the transition's dispatch (the window's roll, building, skip and wait and the purchase at
the end of a move go straight to the rules' fast steps). A greedy seat's lazily listed choices
are a :class:`SeatChoices`, one per seat, that lists the choices at the loop's current state
when read there (the greedy bot reads its choices during its decision only, at about one
decision in ten): the loop writes its state once a decision instead of pointing a list at it.
Any other lazy bot gets core's ``LazyLegal``, one made per decision. A ``greedy`` seat is
asked through its brain (``bots.Greedy``, a native class when compiled), handed the table its
view would hold: ``Greedy.choose(view, legal)`` is ``decide(view.table, legal)``, and at a
window ``windowed(view.table, legal)``; the tests play unwrapped greedy seats through both
loops.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Final, final

from tycoon.core import Rng
from tycoon.core.lazy import LazyLegal
from tycoon.games.esport_monopoly import actions as A
from tycoon.games.esport_monopoly.bots import GreedyBot
from tycoon.games.esport_monopoly.state import WINDOW, Now, State, Table, View

if TYPE_CHECKING:
    from tycoon.games.esport_monopoly.game import EsportMonopoly

_ROLL: Final = A.Roll  # Final: compiled, read from a C static, not the module's dictionary
_BUILD: Final = A.Build
_SKIP: Final = A.Skip
_WAIT: Final = A.Wait
_BUY_DEED: Final = A.BuyDeed
_new: Final = tuple.__new__  # a View from a tuple, without the keyword-argument wrapper
_VIEW: Final = View  # a C static, not a dictionary lookup of the imported name
_WINDOW: Final = WINDOW  # the window frame: one object, made once (state.WINDOW)


@final  # compiled: its methods and fields reached directly, not through a vtable
class SeatChoices(Sequence[Any]):
    """A seat's legal choices at the loop's current state (``now``), listed by
    ``lister(state, seat)`` when first read at that state (and again once the loop has moved
    on): read as the list would be."""

    __slots__ = ("_items", "_lister", "_now", "_of", "_seat")

    def __init__(self, lister: Callable[[Any, int], Sequence[Any]], now: Now, seat: int) -> None:
        self._lister = lister
        self._now = now
        self._seat = seat
        self._of: Table | None = None  # the table of the state the list was made at
        self._items: Sequence[Any] = ()

    def items(self) -> Sequence[Any]:
        """The legal choices at the loop's current state, as the game lists them."""
        now = self._now
        table = now.table
        if table is not self._of:
            self._items = self._lister(now.state(), self._seat)
            self._of = table
        return self._items

    def __getitem__(self, index: Any) -> Any:
        return self.items()[index]

    def __len__(self) -> int:
        return len(self.items())

    def __iter__(self) -> Iterator[Any]:
        return iter(self.items())

    def __contains__(self, value: object) -> bool:
        return value in self.items()

    def __repr__(self) -> str:
        return f"SeatChoices({list(self.items())!r})"


def play_bots(
    game: EsportMonopoly, state: State, bots: Sequence[Any], rng: Rng, limit: int
) -> tuple[State, int]:
    """Play ``state`` on with ``bots`` for at most ``limit`` decisions (as ``play_bots``)."""
    rules = game.rules  # its methods called on it, not through bound-method locals: compiled,
    fast = rules.fast  # that is a native call rather than a call through Python's protocol
    legal_actions = game.legal_actions
    lazy = [bot.lazy_legal for bot in bots]
    # A greedy seat's decisions straight from its brain, from the table its view would hold:
    # compiled, a native call rather than a method looked up on the (interpreted-derived) bot
    # with its arguments parsed, and no view made.
    brains = [bot.brain if type(bot) is GreedyBot else None for bot in bots]
    # The game in pieces (the table, the piles), written by the rules' loop steps; the
    # state made only where it is read (the general step, a choices list, another bot).
    now = Now(state)
    choices = [SeatChoices(legal_actions, now, seat) for seat in range(len(bots))]
    for decisions in range(limit):
        t = now.table
        acting = t.acting
        if not acting:
            return now.state(), decisions
        seat = acting[0]
        brain = brains[seat]
        # By identity, not by class: a window frame made elsewhere (a copied state) is then
        # played as any other decision (decide, the general step), the same game.
        window = t.stack[-1] is _WINDOW
        if brain is not None:
            # The seat's choices, made once, listed at the loop's state if read (greedy reads
            # its choices during the decision only, and keeps none of them).
            # choose(View(seat, t), legal); at a window without decide's dispatch.
            mine = choices[seat]
            action = brain.windowed(t, mine) if window else brain.decide(t, mine)
        else:
            state = now.state()
            legal = (
                LazyLegal(legal_actions, state, seat) if lazy[seat] else legal_actions(state, seat)
            )
            action = bots[seat].choose(_new(_VIEW, (seat, t)), legal)
        done: Table | None
        if not fast:
            now.put(rules.step(now.state(), action, rng))
            continue
        # What step does, without its call: the window's fast roll, build, skip and wait,
        # and the purchase at the end of a move, straight from table to table; then the
        # other fast decisions, then the general way.
        kind = type(action)
        if window:
            if kind is _ROLL:
                if not t.claims:
                    if t.jail[t.active]:
                        rules.jail_roll_now(now, rng)
                    else:
                        rules.roll_now(now, rng)
                    continue
            elif not t.over:
                if kind is _BUILD:
                    assert isinstance(action, _BUILD)  # not typing.cast: a Python call
                    done = rules.build_table(t, action.seat, action.square)
                    if done is not None:
                        now.table = done
                        continue
                elif kind is _SKIP:
                    now.table = rules.pass_table(t, action.seat, True)
                    continue
                elif kind is _WAIT:
                    now.table = rules.pass_table(t, action.seat, False)
                    continue
        elif kind is _BUY_DEED:
            done = rules.buy_table(t, action.seat)
            if done is not None:
                now.table = done
                continue
        if not t.over:
            done = rules.decision_table(t, action, kind)
            if done is not None:
                now.table = done
                continue
        now.put(rules.general_step(now.state(), action, rng))
    return now.state(), max(limit, 0)


__all__ = ["play_bots"]
