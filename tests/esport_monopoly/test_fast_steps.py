"""The rules' fast steps (hot paths straight from table to table) against the general way
(``Work``, the handler, ``advance``, ``freeze``), decision by decision over whole games."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from tycoon.core import SeededRng, derive_seed
from tycoon.core.players import make_bot
from tycoon.games.esport_monopoly import actions as A
from tycoon.games.esport_monopoly.state import Auction, Deal, Manage, Pay, Window

from .helpers import new_game

# (players, seat codes, options): greedy trades, builds and raises money; random seats open
# menus, write deals step by step and bid odd amounts.
CONFIGS: list[tuple[int, str, dict[str, Any]]] = [
    (4, "greedy", {"window": "builders", "first-player": "roll"}),
    (3, "random", {"window": "everyone"}),
    (6, "greedy", {"window": "builders", "free-parking": "on"}),
    (2, "random", {"ask-rent": "on", "window": "builders"}),
    (5, "greedy", {"window": "none", "deck": "classic", "starting-cash": "600"}),
]


def fast_kind(state: Any, action: Any) -> str | None:
    """Which of the decision fast paths ``action`` may take here (by the frame on top)."""
    top = state.table.stack[-1]
    kind = type(action)
    if type(top) is Deal and kind in (A.Give, A.Take, A.Cash, A.Offer):
        return "deal"
    if type(top) is Auction and kind in (A.Bid, A.Pass):
        return "auction"
    if type(top) is Window and kind is A.OpenManage:
        return "menu"
    if type(top) is Manage and kind in (A.OpenDeal, A.Lift):
        return "menu"
    if type(top) is Pay and kind in (A.Mortgage, A.Sell):
        return "debt"
    return None


@pytest.mark.parametrize("config", CONFIGS, ids=[f"{c[0]}-{c[1]}" for c in CONFIGS])
def test_every_step_matches_the_general_way(config: tuple[int, str, dict[str, Any]]) -> None:
    players, code, options = config
    game = new_game(players, **options)
    reference = new_game(players, **options)
    reference.rules.fast = False
    taken: Counter[str] = Counter()
    for index in range(6):
        seed = derive_seed(16, index)
        rng = SeededRng(seed)
        state = game.initial_state(SeededRng(seed))
        bots = [make_bot(code, game, s, SeededRng(derive_seed(seed, s))) for s in range(players)]
        decisions = 0
        while game.to_act(state) and decisions < 3000:
            seat = game.to_act(state)[0]
            action = bots[seat].choose(game.observe(state, seat), game.legal_actions(state, seat))
            draw = rng.below(1 << 30)
            fast = game.transition(state, action, SeededRng(draw))
            slow = reference.transition(state, action, SeededRng(draw))
            assert fast == slow, (index, decisions, action)
            kind = fast_kind(state, action)
            if kind is not None and game.rules.fast_decision(state, action, type(action)):
                taken[kind] += 1
            state = fast
            decisions += 1
    # The comparison covered the fast paths themselves, not only the general way.
    assert set(taken) >= {"auction", "debt"} | ({"deal", "menu"} if code == "greedy" else set())


def test_a_fast_step_falls_back_where_the_general_way_does_more() -> None:
    """A debt that the sale clears, an auction that the pass ends: the general way's business
    (paying, settling), so the fast step declines."""
    game = new_game(2, window="builders")
    state = game.initial_state(SeededRng(1))
    t = state.table
    # Seat 0 owes 100 and mortgages a deed worth 30 with 80 in hand: paid, not a decision.
    owner = list(t.owner)
    owner[1] = 0
    table = t._replace(
        cash=(80, 1500),
        owner=tuple(owner),
        holdings=(1 << 1, 0),
        stack=(*t.stack, Pay(0, 1, 100)),
        acting=(0,),
    )
    paying = state._replace(table=table)
    assert game.rules.fast_decision(paying, A.Mortgage(0, 1), A.Mortgage) is None
    after = game.transition(paying, A.Mortgage(0, 1), SeededRng(1))
    assert after.table.cash == (10, 1600)
    # The last rival passes: the leader wins the deed, not a decision either.
    auction = Auction(lot=1, high=10, leader=0, order=(0, 1), at=1)
    table = t._replace(stack=(*t.stack, auction), acting=(1,))
    bidding = state._replace(table=table)
    assert game.rules.fast_decision(bidding, A.Pass(1), A.Pass) is None
    after = game.transition(bidding, A.Pass(1), SeededRng(1))
    assert after.table.owner[1] == 0
