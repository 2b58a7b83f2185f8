"""Issue 16, round 11: the state is a record rather than a named tuple, and the common events
are made once. The state reads, compares, copies and pickles as before; the events made once
are exactly the tuples the steps used to make."""

from __future__ import annotations

import copy
import pickle

from tycoon.core import SeededRng
from tycoon.games.esport_monopoly import engine
from tycoon.games.esport_monopoly.game import EsportMonopoly
from tycoon.games.esport_monopoly.state import Record, State


def test_the_state_reads_compares_and_copies_as_the_named_tuple_did() -> None:
    game = EsportMonopoly(4, {})
    state = game.initial_state(SeededRng(3))
    assert isinstance(state, Record)
    same = State(state.table, state.chance, state.mail)
    assert same == state and hash(same) == hash(state)
    assert same is not state
    other = state._replace(chance=tuple(reversed(state.chance)))
    assert other != state
    assert (other.table, other.chance, other.mail) == (
        state.table,
        tuple(reversed(state.chance)),
        state.mail,
    )
    assert state._replace(mail=state.mail) == state
    assert pickle.loads(pickle.dumps(state)) == state
    assert copy.deepcopy(state) == state
    assert repr(state).startswith("State(table=Table(cash=(")
    assert state != (state.table, state.chance, state.mail)  # not a tuple any more


def test_the_events_made_once_are_the_events_a_step_made() -> None:
    for seat in range(8):
        for outcome in range(36):
            d1, d2 = outcome // 6 + 1, outcome % 6 + 1
            assert engine.ROLL_EVENTS[seat][outcome] == ("roll", seat, d1, d2)
            assert engine.THROWS[outcome] == (d1, d2)
            assert (engine.DIE1[outcome], engine.DIE2[outcome]) == (d1, d2)
        for square in range(40):
            assert engine.MOVE_EVENTS[seat][square] == ("move", seat, square)
            for level in range(6):
                built = engine.BUILT[seat][6 * square + level]
                assert built == (("build", seat, square, level),)
        assert engine.TURN_EVENTS[seat] == ("turn", seat)
        assert engine.AGAIN_EVENTS[seat] == ("again", seat)
        assert engine.JAIL_EVENTS[seat] == ("jail", seat)
        assert engine.ACTIVE[seat] == (seat,)
    for alive in range(256):
        assert engine.SEATS_IN[alive] == bin(alive).count("1")
