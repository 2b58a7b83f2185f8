"""Invariants recomputed from scratch along seeded random games, with and without options."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tycoon.core import Match, SeededRng, replay_to_end, sample_choice
from tycoon.games.estates.components import LOTS, NUM_ROWS, VALUES, WHITE_DIRT
from tycoon.games.estates.game import Estates
from tycoon.games.estates.state import OVER, EstatesState

from .helpers import new_game


def check_invariants(game: Estates, state: EstatesState) -> None:
    n = game.players
    # Cheques are never created or lost; nobody goes below zero.
    assert sum(state.money) + sum(state.box) == 12 * n
    assert min(state.money) >= 0 and min(state.box) >= 0
    board = state.board
    placed_roofs = 0
    for row in range(NUM_ROWS):
        built = board.built[row]
        # Built lots are exactly the first ones, within the requirement.
        for lot in range(LOTS):
            index = row * LOTS + lot
            stack = board.stacks[index]
            assert bool(stack) == (lot < built)
            values = [c % VALUES + 1 for c in stack]
            assert values == sorted(values, reverse=True) and len(set(values)) == len(values)
            if WHITE_DIRT[index]:
                assert len(stack) <= 1
            if board.roofs[index]:
                assert stack
                placed_roofs += 1
        # A building permit stands on the lot past the requirement: at most LOTS - 1.
        assert built <= board.lengths[row] <= LOTS - 1
        signed = sum(
            (v if code % 2 else -v)
            for v, code in enumerate(board.barriers, start=1)
            if code >= 0 and code // 2 == row
        )
        assert board.lengths[row] == 4 + signed
    if state.phase != OVER or state.round == len(state.results):
        pending_roof = 1 if state.roof_value else 0
        assert placed_roofs + len(state.roofs_left) + pending_roof == 12
    # Every colour on the board has its certificate holder.
    colours = {c // VALUES for stack in board.stacks for c in stack}
    assert all(board.certificates[c] >= 0 for c in colours)
    cubes = [c for stack in board.stacks for c in stack] + [c for r in state.offer for c in r]
    assert len(cubes) == len(set(cubes))


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {}),
        (3, {"rounds": 3}),
        (4, {"minimum_bid": 0}),
        (5, {"open_money": True, "empty_row_complete": False}),
        (4, {"rounds": 2}),
    ],
)
def test_random_games_keep_the_invariants_and_replay(players: int, options: dict[str, Any]) -> None:
    game = new_game(players, **options)
    for seed in range(6):
        match: Match[Any, Any, Any] = Match(game, seed)
        rng = SeededRng(seed + 100)
        steps = 0
        while not match.is_over():
            check_invariants(game, match.state)
            seat = match.to_act()[0]
            if steps % 5 == 0:
                view = game.observe(match.state, seat)
                json.dumps(game.view_to_json(view))
                sample = game.sample_state(view, SeededRng(steps))
                assert game.observe(sample, seat) == view
                check_invariants(game, sample)
            match.play(sample_choice(match.legal_actions(seat), rng))
            steps += 1
        check_invariants(game, match.state)
        outcome = match.outcome()
        assert outcome is not None and len(outcome.ranks) == players
        assert replay_to_end(match.record()).state == match.state
        game.explain_outcome(match.state)
        game.statistics(match.state)
