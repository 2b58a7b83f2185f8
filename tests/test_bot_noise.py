"""One meaning of a bot's ``noise`` in every game (docs/engine.md, Bots): the chance, 0..1, that
the bot plays a uniformly random legal move instead of its own choice. The README's seat code
``greedy:noise=0.1`` works for every registered game, and ``noise=0`` is the plain greedy bot."""

from __future__ import annotations

from typing import Any

import pytest

import tycoon  # noqa: F401  (registers every game and its bots)
from tycoon.core import Game, SeededRng, UnknownBotError, game_specs, make
from tycoon.core.players import bots_for, make_bot
from tycoon.sim.runner import make_bots, play_match

# Every game that ships with tycoon (the test suite registers a small game of its own too).
GAMES = [
    spec.name
    for spec in game_specs()
    if type(make(spec.name)).__module__.startswith("tycoon.games.")
]


def _steps(game: Game[Any, Any, Any], code: str, seed: int) -> list[Any]:
    seats = [code] * game.players
    match = play_match(game, make_bots(game, seats, seed), seed, seats)
    assert match.outcome() is not None
    steps: list[Any] = match.record().to_json()["steps"]
    return steps


@pytest.mark.parametrize("name", GAMES)
def test_every_greedy_takes_noise_as_a_probability(name: str) -> None:
    game = make(name)
    greedy = next(entry for entry in bots_for(name) if entry.code == "greedy")
    assert "noise" in greedy.params
    for value in ("0.1", "0", "1"):
        bot: Any = make_bot(f"greedy:noise={value}", game, 0, SeededRng(0))
        assert bot.noise == float(value)
    for bad in ("greedy:noise=1.5", "greedy:noise=-0.1", "greedy:noise=lots"):
        with pytest.raises(UnknownBotError, match="noise"):
            make_bot(bad, game, 0, SeededRng(0))


@pytest.mark.parametrize("name", GAMES)
def test_greedy_with_noise_plays_whole_games(name: str) -> None:
    """``greedy:noise=0.1`` plays games to the end, and its random moves change them."""
    game = make(name)
    noisy = [_steps(game, "greedy:noise=0.1", seed) for seed in range(2)]
    plain = [_steps(game, "greedy", seed) for seed in range(2)]
    assert noisy != plain


@pytest.mark.parametrize("name", GAMES)
def test_noise_zero_is_the_plain_greedy_bot(name: str) -> None:
    """No noise draws nothing from the bot's rng: the same games, move for move."""
    game = make(name)
    for seed in range(2):
        assert _steps(game, "greedy:noise=0", seed) == _steps(game, "greedy", seed)
