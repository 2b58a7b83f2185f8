"""The greedy bot's shortcuts against the choices they stand for, at every decision of many
games: raising money worked out from the table against the least costly of the listed choices;
the management menu, the lifts and deals it offers, and each step of a deal told without the
list against the list."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from tycoon.core import SeededRng, derive_seed, is_legal, make
from tycoon.core.players import make_bot
from tycoon.games.esport_monopoly import actions as A
from tycoon.games.esport_monopoly import bots as greedy
from tycoon.games.esport_monopoly.bots import GreedyBot
from tycoon.games.esport_monopoly.game import EsportMonopoly
from tycoon.games.esport_monopoly.state import Deal, Manage, Pay, Window

CONFIGS: list[tuple[int, dict[str, Any]]] = [
    (4, {}),
    (2, {}),
    (6, {"starting-cash": 800}),
    (3, {"deck": "classic", "free-parking": True}),
    (4, {"window": "everyone"}),
]


def greedy_decisions(
    on_choice: Callable[[Any, Any, Any], None] | None = None,
) -> Iterator[tuple[Any, Any, int, Any, GreedyBot]]:
    """Every decision of greedy games over the configurations and six seeds each, as
    ``(game, state, seat, legal, bot)``; the caller's checks run before the bot chooses, the
    game then goes on with the bot's choice from its view (handed to ``on_choice(state, legal,
    action)`` first)."""
    for players, options in CONFIGS:
        game = make("esport-monopoly", players, **options)
        for seed in range(6):
            rng = SeededRng(seed)
            state = game.initial_state(rng)
            bots = [
                make_bot("greedy", game, s, SeededRng(derive_seed(seed, s))) for s in range(players)
            ]
            while game.to_act(state):
                seat = game.to_act(state)[0]
                legal = game.legal_actions(state, seat)
                bot = bots[seat]
                assert isinstance(bot, GreedyBot)
                yield game, state, seat, legal, bot
                action = bot.choose(game.observe(state, seat), legal)
                if on_choice is not None:
                    on_choice(state, legal, action)
                state = game.transition(state, action, rng)


def test_raising_money_from_the_table_chooses_as_from_the_list() -> None:
    debts = 0
    sales = 0
    for game, state, seat, legal, bot in greedy_decisions():
        if isinstance(state.table.stack[-1], Pay):
            view = game.observe(state, seat)
            chosen = bot.raise_money(view.table, legal)
            assert chosen == bot.raise_money_listed(view.table, legal), chosen
            assert chosen in legal
            debts += 1
            sales += type(chosen).__name__ != "Mortgage"
    assert debts > 200 and sales > 50


def test_menus_lifts_deals_and_deal_steps_told_without_the_list_match_the_list() -> None:
    checked = {"menu": 0, "intent": 0, "deal": 0}

    def deal_step_is_legal(state: Any, legal: Any, action: Any) -> None:
        top = state.table.stack[-1]
        if isinstance(top, Deal) and not top.sent:
            assert is_legal(legal, action), action
            checked["deal"] += 1

    for game, state, seat, legal, bot in greedy_decisions(deal_step_is_legal):
        t = state.table
        top = t.stack[-1]
        if isinstance(top, Window):
            assert isinstance(game, EsportMonopoly)
            assert game.has_menu(t, seat) == isinstance(legal[-1], A.OpenManage)
            checked["menu"] += 1
        elif isinstance(top, Manage) and bot.intent is not None:
            assert bot.offered(t, bot.intent, legal) == (bot.intent in legal)
            checked["intent"] += 1
    assert checked["menu"] > 1000 and checked["intent"] > 50 and checked["deal"] > 50, checked


def test_the_actions_greedy_makes_once_are_the_actions_they_stand_for() -> None:
    for seat in range(8):
        assert greedy.ACCEPT[seat] == A.Accept(seat) and greedy.OFFER[seat] == A.Offer(seat)
        assert greedy.REJECT[seat] == A.Reject(seat) and greedy.DROP[seat] == A.Drop(seat)
        assert greedy.KEEP[seat] == A.Keep(seat) and greedy.PAY_FINE[seat] == A.PayFine(seat)
        assert greedy.USE_CARD[seat] == A.UseCard(seat)
        assert greedy.CARD_FINE[seat] == A.PayCardFine(seat)
        assert greedy.TAKE_CHANCE[seat] == A.TakeChance(seat)
        assert greedy.OPEN_DEAL[seat][7 - seat] == A.OpenDeal(seat, 7 - seat)
        for square in (0, 13, 39):
            assert greedy.GIVE[seat][square] == A.Give(seat, square)
            assert greedy.TAKE[seat][square] == A.Take(seat, square)
            assert greedy.REPAY[seat][square] == A.Repay(seat, square)
        for amount in (-120, 0, 7, 260):
            assert greedy.bid_of(seat, amount) == A.Bid(seat, amount)
            assert greedy.bid_of(seat, amount) is greedy.bid_of(seat, amount)
            assert greedy.cash_of(seat, amount) == A.Cash(seat, amount)
            assert greedy.cash_of(seat, amount) is greedy.cash_of(seat, amount)
