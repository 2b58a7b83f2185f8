"""Esport Monopoly's own simulation loop (``Game.bot_loop``): what ``tycoon.core.play_bots``
does for any game, with the protocol's indirections taken out of the per-decision path.

Every decision still goes observe → the bot's choice from its view and its (lazily listed)
choices → transition, in the same order with the same draws, so the loop plays exactly the games
of the general loop; ``tests/esport_monopoly/test_loop.py`` compares the two view by view. What
it saves: the seats to act read straight off the table, the view made without a method call,
and the transition's dispatch (the window's roll, building, skip and wait and the purchase at
the end of a move go straight to the rules' fast steps). The lazily listed choices are core's
``LazyLegal`` (compiled with the core): one per greedy seat, pointed at each state in turn (the
greedy bot reads its choices during its decision only), one made per decision for any other
bot. A ``greedy`` seat is asked through its brain (``bots.Greedy``, a native class when
compiled), handed the table its view would hold: ``Greedy.choose(view, legal)`` is
``decide(view.table, legal)``, and at a window ``windowed(view.table, legal)``; the tests play
unwrapped greedy seats through both loops.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from tycoon.core import Rng
from tycoon.core.lazy import LazyLegal
from tycoon.games.esport_monopoly import actions as A
from tycoon.games.esport_monopoly.bots import GreedyBot
from tycoon.games.esport_monopoly.state import State, View, Window

if TYPE_CHECKING:
    from tycoon.games.esport_monopoly.game import EsportMonopoly

_ROLL: Final = A.Roll  # Final: compiled, read from a C static, not the module's dictionary
_BUILD: Final = A.Build
_SKIP: Final = A.Skip
_WAIT: Final = A.Wait
_BUY_DEED: Final = A.BuyDeed
_new: Final = tuple.__new__  # a View from a tuple, without the keyword-argument wrapper
_VIEW: Final = View  # a C static, not a dictionary lookup of the imported name
_WINDOW: Final = Window


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
    choices = [LazyLegal(legal_actions, state, seat) for seat in range(len(bots))]
    for decisions in range(limit):
        t = state.table
        acting = t.acting
        if not acting:
            return state, decisions
        seat = acting[0]
        brain = brains[seat]
        window = type(t.stack[-1]) is _WINDOW
        if brain is not None:
            # The seat's choices, made once and pointed at this state (greedy reads its
            # choices during the decision only, and keeps none of them).
            mine = choices[seat]
            mine.point(state)
            # choose(View(seat, t), legal); at a window without decide's dispatch.
            action = brain.windowed(t, mine) if window else brain.decide(t, mine)
        else:
            legal = (
                LazyLegal(legal_actions, state, seat) if lazy[seat] else legal_actions(state, seat)
            )
            action = bots[seat].choose(_new(_VIEW, (seat, t)), legal)
        done: State | None
        if not fast:
            state = rules.step(state, action, rng)
            continue
        # What step does, without its call: the window's fast roll, build, skip and wait,
        # and the purchase at the end of a move, straight from table to table; then the
        # other fast decisions, then the general way.
        kind = type(action)
        if window:
            if kind is _ROLL:
                if not t.claims:
                    if t.jail[t.active]:
                        state = rules.fast_jail_roll(state, rng)
                    else:
                        state = rules.fast_roll(state, rng)
                    continue
            elif not t.over:
                if kind is _BUILD:
                    assert isinstance(action, _BUILD)  # not typing.cast: a Python call
                    done = rules.fast_build(state, action.seat, action.square)
                    if done is not None:
                        state = done
                        continue
                elif kind is _SKIP:
                    state = rules.fast_pass(state, action.seat, True)
                    continue
                elif kind is _WAIT:
                    state = rules.fast_pass(state, action.seat, False)
                    continue
        elif kind is _BUY_DEED:
            done = rules.fast_buy(state, action.seat)
            if done is not None:
                state = done
                continue
        if not t.over:
            done = rules.fast_decision(state, action, kind)
            if done is not None:
                state = done
                continue
        state = rules.general_step(state, action, rng)
    return state, max(limit, 0)


__all__ = ["play_bots"]
