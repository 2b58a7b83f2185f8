"""Issue 16, round 12: the table is a record (a slotted class, compiled a native class) rather
than a named tuple. Over the tables of played games it reads, compares, copies, pickles, shows
and turns into JSON as the named tuple with the same fields did; the fast steps that build it
field by field are compared with the general way in test_fast_steps.py and the golden games."""

from __future__ import annotations

import copy
import inspect
import pickle
from collections import namedtuple
from typing import Any

from tycoon.core import SeededRng, derive_seed, make
from tycoon.core.players import make_bot
from tycoon.core.views import to_jsonable
from tycoon.games.esport_monopoly.state import Record, State, Table

# The named tuple the table was (round 11), with the same fields in the same order.
OldTable = namedtuple("OldTable", Table._fields)  # type: ignore[misc]


def played_tables(players: int, seed: int) -> tuple[Any, list[Table]]:
    game = make("esport-monopoly", players)
    rng = SeededRng(seed)
    state = game.initial_state(rng)
    bots = [make_bot("greedy", game, s, SeededRng(derive_seed(seed, s))) for s in range(players)]
    tables = [state.table]
    while game.to_act(state) and len(tables) < 400:
        seat = game.to_act(state)[0]
        action = bots[seat].choose(game.observe(state, seat), game.legal_actions(state, seat))
        state = game.transition(state, action, rng)
        tables.append(state.table)
    return game, tables


def test_the_table_is_a_record_whose_fields_are_its_arguments_in_order() -> None:
    assert len(Table._fields) == 29
    assert tuple(inspect.signature(Table).parameters) == Table._fields
    _, tables = played_tables(4, 1)
    t = tables[-1]
    assert isinstance(t, Record)
    seen: object = t
    assert not isinstance(seen, tuple)  # not a tuple any more
    assert t.values() == tuple(getattr(t, name) for name in Table._fields)
    assert Table(*t.values()) == t


def test_the_table_compares_copies_and_shows_as_the_named_tuple_did() -> None:
    for players, seed in ((2, 4), (4, 5), (6, 6)):
        game, tables = played_tables(players, seed)
        for t in tables[::7]:
            old = OldTable(*t.values())
            same = Table(*t.values())
            assert same == t and hash(same) == hash(t) and same is not t
            assert repr(t) == repr(old).replace("OldTable(", "Table(", 1)
            assert pickle.loads(pickle.dumps(t)) == t
            assert copy.deepcopy(t) == t
            assert t != old  # not a tuple any more
            view = game.view_to_json(game.observe(State(t, (), ()), 0))
            assert view["table"] == to_jsonable(old._asdict())
            for name in Table._fields:
                value = getattr(t, name)
                changed = t._replace(**{name: value})
                assert changed == t and changed is not t
        a, b = tables[3], tables[4]
        for name in Table._fields:  # _replace changes exactly the field named
            moved = a._replace(**{name: getattr(b, name)})
            assert moved.values() == OldTable(*a.values())._replace(**{name: getattr(b, name)})
            assert (moved == a) == (getattr(a, name) == getattr(b, name))
