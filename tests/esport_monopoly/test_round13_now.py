"""Issue 16, round 13: the engine's tables made by ``made_table`` interpreted (checked against
the class's own ``__init__``), and the loop holding the game in pieces (``Now``: the table
and the piles) and making the ``State`` only where it is read. Checked here: the state made
from the pieces, kept while the table stays, made again when a step writes a new table (with
the piles it wrote); and every table-level step against its state-to-state form along played
games (the forms themselves are compared with the general way in ``test_fast_steps.py``, and
the loop with the general loop in ``test_loop.py``)."""

from __future__ import annotations

from types import FunctionType

from tycoon.core import SeededRng, derive_seed, make, play_bots
from tycoon.core.players import make_bot
from tycoon.games.esport_monopoly import actions as A
from tycoon.games.esport_monopoly import engine
from tycoon.games.esport_monopoly.game import EsportMonopoly
from tycoon.games.esport_monopoly.state import Now, State, Table, made_table


def test_now_makes_the_state_only_when_the_table_changed() -> None:
    game = make("esport-monopoly", 4)
    state = game.initial_state(SeededRng(3))
    now = Now(state)
    assert now.state() is state and now.table is state.table
    later = game.transition(state, A.Roll(state.table.active), SeededRng(9))
    now.table = later.table
    now.chance = later.chance
    now.mail = later.mail
    made = now.state()
    assert made == later and made is not later and now.state() is made
    now.put(state)
    assert now.state() is state and (now.table, now.chance, now.mail) == (
        state.table,
        state.chance,
        state.mail,
    )


def test_roll_now_writes_the_piles_it_draws_from() -> None:
    game = make("esport-monopoly", 4)
    assert isinstance(game, EsportMonopoly)
    rules = game.rules
    drew = 0
    for index in range(40):
        state = game.initial_state(SeededRng(derive_seed(5, index)))
        bots = [make_bot("greedy", game, s, SeededRng(derive_seed(index, s))) for s in range(4)]
        state, _ = play_bots(game, state, bots, SeededRng(index), 40)
        t = state.table
        if t.over or t.claims or t.jail[t.active] or type(t.stack[-1]).__name__ != "Window":
            continue
        now = Now(state)
        rules.roll_now(now, SeededRng(index + 100))
        general = rules.general_step(state, A.Roll(t.active), SeededRng(index + 100))
        assert now.state() == general
        drew += now.chance != state.chance or now.mail != state.mail
    assert drew  # some roll drew from an unseen pile top


def test_state_forms_are_the_table_steps() -> None:
    game = make("esport-monopoly", 4)
    assert isinstance(game, EsportMonopoly)
    rules = game.rules
    state: State = game.initial_state(SeededRng(8))
    seen = 0
    for step in range(3000):
        t = state.table
        if not t.acting:
            break
        seat = t.acting[0]
        for action in game.legal_actions(state, seat):
            kind = type(action)
            if kind is A.Build:
                assert isinstance(action, A.Build)
                made = rules.fast_build(state, seat, action.square)
                table = rules.build_table(t, seat, action.square)
            elif kind is A.Skip or kind is A.Wait:
                made = rules.fast_pass(state, seat, kind is A.Skip)
                table = rules.pass_table(t, seat, kind is A.Skip)
            elif kind is A.BuyDeed:
                made = rules.fast_buy(state, seat)
                table = rules.buy_table(t, seat)
            elif not t.over:
                made = rules.fast_decision(state, action, kind)
                table = rules.decision_table(t, action, kind)
            else:
                continue
            if made is None:
                assert table is None
            else:
                seen += 1
                assert table == made.table and (made.chance, made.mail) == (
                    state.chance,
                    state.mail,
                )
        state = game.transition(state, game.legal_actions(state, seat)[0], SeededRng(step))
    assert seen > 100


def test_made_table_is_the_table_the_class_makes() -> None:
    """``made_table`` (the engine's tables, interpreted) against ``Table(...)`` over the tables
    of played games: the same class, every field set, equal, hashed and shown alike."""
    game = make("esport-monopoly", 4)
    state = game.initial_state(SeededRng(2))
    bots = [make_bot("greedy", game, s, SeededRng(derive_seed(2, s))) for s in range(4)]
    for index in range(60):
        state, _ = play_bots(game, state, bots, SeededRng(index), 7)
        t = state.table
        made = made_table(*t.values())
        again = Table(*t.values())
        assert type(made) is Table and made.values() == again.values() == t.values()
        assert made == again and hash(made) == hash(again) and repr(made) == repr(again)
    made_by = vars(engine)["Table"]  # what the engine calls to make a table
    assert made_by is (made_table if isinstance(engine.popcount, FunctionType) else Table)
