"""The greedy bot: the move that most improves its prestige margin, from its view alone."""

from __future__ import annotations

from typing import Any

import pytest

from tycoon.core import Match, SeededRng, UnknownBotError, derive_seed
from tycoon.core.players import make_bot
from tycoon.games.my_city import GreedyBot, MyCity, Place, Skip
from tycoon.games.my_city.bots import _Position
from tycoon.games.my_city.scoring import score_position

from .support import game, position, random_move


def greedy(city: MyCity, seat: int = 0, code: str = "greedy") -> GreedyBot:
    bot = make_bot(code, city, seat, SeededRng(1))
    assert isinstance(bot, GreedyBot)
    return bot


def neighbours(city: MyCity, square: str) -> set[str]:
    board = city.tables.board
    index = board.index(square)
    assert index is not None
    return {board.names[n] for n in board.neighbour_lists[index]}


def test_greedy_takes_the_most_prestige() -> None:
    """Next to both the Airport (4) and the City Hall (3) beats next to either alone."""
    city = game(2)
    state = position(city, {"e4": "Airport", "e6": "City Hall", "a8": "Zoo"}, to_move=0)
    action = greedy(city).choose(city.observe(state, 0), city.legal_actions(state, 0))
    assert isinstance(action, Place)
    assert action.square in neighbours(city, "e4") & neighbours(city, "e6")


def test_greedy_contests_a_landmark_an_opponent_holds() -> None:
    """Taking the Airport from the leader gains 8 on the margin; a free Seaport only 4."""
    city = game(2)
    state = position(city, {"e4": "Airport", "a8": "Seaport"}, {1: ["R3 e3"]}, to_move=0)
    action = greedy(city).choose(city.observe(state, 0), city.legal_actions(state, 0))
    assert isinstance(action, Place)
    assert action.square in neighbours(city, "e4")
    assert action.counter.endswith("4")


def test_greedy_keeps_strong_counters_when_nothing_is_at_stake() -> None:
    city = game(2)
    state = position(city, {"a1": "Airport"}, {0: ["C1 b1"], 1: ["R1 h8"]}, to_move=0)
    legal = [Place(0, "C4", "e5"), Place(0, "C2", "e5"), Place(0, "H3", "e5")]
    assert greedy(city).choose(city.observe(state, 0), legal) == Place(0, "C2", "e5")


def test_greedy_parameters() -> None:
    city = game(2)
    assert greedy(city, code="greedy:noise=0.5").noise == 0.5
    with pytest.raises(UnknownBotError):
        make_bot("greedy:noise=2", city, 0, SeededRng(1))
    with pytest.raises(UnknownBotError):
        make_bot("greedy:depth=2", city, 0, SeededRng(1))


VARIANTS = [
    {},
    {"slums": True, "parks": True},
    {"slums": True, "landmark_types": True, "zone_lines": True, "rezoning": True},
    {"parks": True, "park_control": "zones", "city_dump": True, "reduced_adjacency": True},
    {"map": "hex", "zone_lines": True, "slums": True, "rezoning": True, "random_zones": True},
]


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: ",".join(o) or "base")
def test_greedy_evaluation_matches_a_full_rescore(options: dict[str, object]) -> None:
    """The bot's incremental margin equals the margin of the position scored from scratch."""
    city = game(3, **options)
    rng = SeededRng(11)
    state = city.initial_state(rng)
    bot = greedy(city, seat=0)
    checked = 0
    while not state.is_over:
        seat = state.to_move
        if state.turn % 4 == 1:
            model = _Position(city.tables, city.observe(state, seat), seat, bot.line_steps)
            for _ in range(12):
                action = random_move(city, state, rng)
                if isinstance(action, Skip):
                    continue
                square = city.tables.board.index(action.square)
                counter = city.tables.counter_ids[action.counter]
                assert square is not None
                key = model.evaluate(square, counter, not isinstance(action, Place))
                after = city.transition(state, action, SeededRng(0))
                totals = score_position(city.tables, after.landmark_at, after.zone_at).totals
                margin = totals[seat] - max(t for s, t in enumerate(totals) if s != seat)
                assert key[0] == margin, city.format_action(action)
                checked += 1
        state = city.transition(state, random_move(city, state, rng), rng)
    assert checked > 50


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: ",".join(o) or "base")
def test_greedy_plays_every_variant_legally(options: dict[str, object]) -> None:
    city = game(4, **options)
    match: Match[Any, Any, Any] = Match(city, 3, ["greedy"] * 4)
    bots = [make_bot("greedy", city, s, SeededRng(s)) for s in range(4)]
    while not match.is_over():
        seat = match.to_act()[0]
        match.play(bots[seat].choose(match.view(seat), match.legal_actions(seat)))
    assert match.outcome() is not None


def test_greedy_beats_random() -> None:
    """Greedy against three random seats wins (or shares the win) almost every game."""
    wins = 0
    games = 40
    for index in range(games):
        city = game(4)
        seed = derive_seed(77, index)
        match: Match[Any, Any, Any] = Match(city, seed)
        seat_rng = SeededRng(seed)
        bots = [
            make_bot("greedy" if s == 0 else "random", city, s, seat_rng.fork()) for s in range(4)
        ]
        while not match.is_over():
            seat = match.to_act()[0]
            match.play(bots[seat].choose(match.view(seat), match.legal_actions(seat)))
        outcome = match.outcome()
        assert outcome is not None
        wins += 0 in outcome.winners
    assert wins >= 36
