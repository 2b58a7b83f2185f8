"""The simulation loop (tycoon.core.play_bots): every game plays exactly the games of the plain
loop (observe, list the legal choices, choose, transition), with a bot that reads its choices
lazily listing them only when it reads them."""

from __future__ import annotations

from typing import Any

import pytest

from tycoon.core import LazyLegal, SeededRng, derive_seed, game_specs, get_spec, make, play_bots
from tycoon.core.players import Bot, bots_for, make_bot

GAMES = [spec.name for spec in game_specs()]
SEATS = ("greedy", "random", "greedy:noise=0.2", "greedy")


def seated(game: Any, seed: int) -> list[Bot]:
    """Greedy bots (one noisy) and a random one, where the game has a greedy bot."""
    codes = {entry.code for entry in bots_for(game.spec.name)}
    return [
        make_bot(
            code if code.split(":")[0] in codes else "random",
            game,
            s,
            SeededRng(derive_seed(seed, s)),
        )
        for s, code in zip(range(game.players), SEATS * game.players, strict=False)
    ]


def plain_loop(game: Any, state: Any, bots: list[Bot], rng: SeededRng) -> tuple[Any, int]:
    decisions = 0
    while game.to_act(state):
        seat = game.to_act(state)[0]
        action = bots[seat].choose(game.observe(state, seat), game.legal_actions(state, seat))
        state = game.transition(state, action, rng)
        decisions += 1
    return state, decisions


@pytest.mark.parametrize("name", GAMES)
def test_every_game_plays_the_games_of_the_plain_loop(name: str) -> None:
    game = make(name, min(4, get_spec(name).max_players))
    for seed in (1, 2):
        rng = SeededRng(seed)
        plain = plain_loop(game, game.initial_state(rng), seated(game, seed), rng)
        rng = SeededRng(seed)
        fast = play_bots(game, game.initial_state(rng), seated(game, seed), rng, 10**6)
        assert fast == plain
        assert not game.to_act(fast[0])


def test_the_limit_stops_the_loop_and_the_game_goes_on_from_there() -> None:
    game = make("esport-monopoly", 4)
    rng = SeededRng(3)
    bots = seated(game, 3)
    state, made = play_bots(game, game.initial_state(rng), bots, rng, 25)
    assert made == 25 and game.to_act(state)
    state, more = play_bots(game, state, bots, rng, 10**6)
    rng = SeededRng(3)
    assert (state, made + more) == plain_loop(game, game.initial_state(rng), seated(game, 3), rng)


class Counting:
    """A game whose legal_actions calls are counted."""

    def __init__(self, game: Any) -> None:
        self.list = game.legal_actions
        self.listed = 0

    def legal_actions(self, state: Any, seat: int) -> Any:
        self.listed += 1
        return self.list(state, seat)


def test_lazy_choices_read_as_the_list_and_are_listed_once() -> None:
    game = make("esport-monopoly", 4)
    state = game.initial_state(SeededRng(4))
    seat = game.to_act(state)[0]
    counting = Counting(game)
    lazy = LazyLegal(counting.legal_actions, state, seat)
    assert counting.listed == 0
    listed = list(game.legal_actions(state, seat))
    assert list(lazy) == listed and len(lazy) == len(listed) and lazy[-1] == listed[-1]
    assert listed[0] in lazy and list(lazy[:1]) == listed[:1]
    assert counting.listed == 1


def test_the_greedy_monopoly_bot_rolls_buys_and_bids_without_listing_its_choices() -> None:
    game = make("esport-monopoly", 4)
    counting = Counting(game)
    rng = SeededRng(5)
    bots = [make_bot("greedy", game, s, SeededRng(s)) for s in range(4)]
    assert all(bot.lazy_legal for bot in bots)
    state = game.initial_state(rng)
    original = game.legal_actions
    game.legal_actions = counting.legal_actions  # type: ignore[method-assign]
    try:
        _, decisions = play_bots(game, state, bots, rng, 10**6)
    finally:
        game.legal_actions = original  # type: ignore[method-assign]
    # It lists them only where it picks among them and cannot tell the pick from its view.
    assert counting.listed < decisions / 10
