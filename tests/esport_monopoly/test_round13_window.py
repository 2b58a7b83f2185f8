"""Issue 16, round 13 (the window): greedy's window decision against the plain way it stands
for, at every window of many games (greedy seats, noisy greedy seats and random seats beside
them, several configurations): ``Greedy.windowed`` (management and its building pick worked
out inline) against the window decision as round 12 wrote it (``window`` calling
``management``, which calls ``pick_build``), each on its own copy of the bot, comparing the
choice and everything the bot keeps."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

from tycoon.core import Action, SeededRng, derive_seed, make
from tycoon.core.players import make_bot
from tycoon.games.esport_monopoly import actions as A
from tycoon.games.esport_monopoly import bots as greedy
from tycoon.games.esport_monopoly.bots import Greedy, GreedyBot
from tycoon.games.esport_monopoly.state import Window

CONFIGS: list[tuple[int, dict[str, Any], tuple[str, ...]]] = [
    (4, {}, ("greedy", "greedy", "greedy", "greedy")),
    (4, {}, ("greedy", "greedy:noise=0.3", "greedy", "greedy:reserve=40")),
    (3, {"starting-cash": 900}, ("greedy", "random", "greedy")),
    (5, {"deck": "classic", "free-parking": True}, ("greedy",) * 5),
    (4, {"window": "everyone"}, ("greedy", "greedy:deals=0", "greedy", "greedy")),
    (4, {"ask-rent": True}, ("greedy",) * 4),
    (2, {}, ("greedy", "greedy")),
]


def management_plain(brain: Greedy, t: Any, own_turn: bool) -> Action | None:
    """``Greedy.management`` as round 12 wrote it."""
    seat = brain.seat
    cash = t.cash[seat]
    groups = brain.rules.full_groups(t, seat)
    if groups:
        budget = cash - (brain.reserve if own_turn else brain.reserve // 3)
        best = brain.pick_build(t, groups, budget)
        if best >= 0:
            return brain._build_of[best]
    held = t.holdings[seat]
    mortgaged = held & t.mortgaged
    if mortgaged and cash >= brain.reserve + 33:
        if mortgaged != brain._lift_mortgaged or held != brain._lift_held:
            brain.lift_needs(held, mortgaged)
        if cash >= brain._lift_least:
            for square, need in brain._lift_needs:
                if cash >= need:
                    return brain._lift_of[square]
    if own_turn and brain.trades and not (t.dealt >> seat) & 1:
        targets = brain.deal_targets(t)
        if targets and (
            targets is not brain._deals_key
            or cash >= brain._retry_cash
            or t.turn >= brain._deals_turn
        ):
            brain._deals_key = targets
            brain._deals_turn = t.turn + greedy.REPEAT_AFTER
            plan = brain.find_deal(t)
            if plan is not None:
                brain.plan = plan
                brain._deals_key = None
                return greedy.OPEN_DEAL[seat][plan[0]]
    return None


def window_plain(brain: Greedy, t: Any, legal: Any) -> Action:
    """The window decision as round 12 wrote it (noise left out: both copies play without)."""
    seat = brain.seat
    own_turn = seat == t.active
    if own_turn and t.jail[seat] and brain.unowned(t) >= 6:
        if t.cards[seat]:
            return greedy.USE_CARD[seat]
        if t.cash[seat] >= brain.board.jail_fine + brain.reserve:
            return greedy.PAY_FINE[seat]
    if t.claims:
        for choice in legal:
            if isinstance(choice, A.Claim):
                return choice
    intent = None
    if brain.stuck[0] != t.turn or brain.stuck[1] != t.doubles:
        intent = management_plain(brain, t, own_turn)
    if intent is not None:
        if isinstance(intent, A.Build):
            return intent
        if brain.monopoly.has_menu(t, seat):
            brain.intent = intent
            return brain._manage
    return brain._roll if own_turn else brain._skip


def kept(brain: Greedy) -> dict[str, Any]:
    """What the bot keeps between decisions (its slots), the tables it shares left out."""
    return {
        name: getattr(brain, name)
        for name in Greedy.__slots__
        if name not in ("bot", "monopoly", "rules", "board", "tables")
    }


def twin(brain: Greedy) -> Greedy:
    """A copy of ``brain`` that plays without noise and shares nothing it changes."""
    other = copy.copy(brain)
    other.proposed = dict(brain.proposed)
    other.noise = 0.0
    return other


def windows() -> Iterator[tuple[Any, Any, Any, GreedyBot]]:
    """Every window decision of a greedy seat in seeded games of the configurations, as
    ``(game, state, legal, bot)``, before the bot chooses (the game then goes on with its
    choice)."""
    for players, options, seats in CONFIGS:
        game = make("esport-monopoly", players, **options)
        for seed in range(4):
            rng = SeededRng(seed)
            state = game.initial_state(rng)
            bots = [
                make_bot(code, game, s, SeededRng(derive_seed(seed, s)))
                for s, code in enumerate(seats)
            ]
            for _ in range(6000):
                acting = game.to_act(state)
                if not acting:
                    break
                seat = acting[0]
                legal = game.legal_actions(state, seat)
                bot = bots[seat]
                if isinstance(bot, GreedyBot) and type(state.table.stack[-1]) is Window:
                    yield game, state, legal, bot
                action = bot.choose(game.observe(state, seat), legal)
                state = game.transition(state, action, rng)


def test_window_decision_matches_the_plain_way_at_every_window() -> None:
    counts: dict[str, int] = {}
    for _game, state, legal, bot in windows():
        t = state.table
        fast, plain = twin(bot.brain), twin(bot.brain)
        chosen = fast.windowed(t, legal)
        assert chosen == window_plain(plain, t, legal)
        assert kept(fast) == kept(plain)
        assert chosen in legal
        kind = type(chosen).__name__
        counts[kind] = counts.get(kind, 0) + 1
    assert counts["Roll"] > 2000 and counts["Skip"] > 300 and counts["Build"] > 1000, counts
    assert counts["OpenManage"] > 100 and counts["Claim"] > 50, counts
    assert counts.get("PayFine", 0) + counts.get("UseCard", 0) > 20, counts
