"""Invariants recomputed from scratch along seeded random games, with and without options."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tycoon.core import Match, SeededRng, replay_to_end, sample_choice
from tycoon.games.estates.game import Estates
from tycoon.games.estates.state import OVER, EstatesState

from .helpers import new_game

#: A what-if catalogue that changes every table: 4 rows of 12 lots, 4 companies of cubes 1..7,
#: two barriers, white dirt taking two cubes, 8 rooftops, 2 offer rows of 9, $20M each.
WHAT_IF = {
    "components.json": {
        "starting_money": 20,
        "colours": [
            {"name": "Blue", "letter": "B", "style": "bold blue"},
            {"name": "Cyan", "letter": "C", "style": "bold cyan"},
            {"name": "Red", "letter": "R", "style": "bold red"},
            {"name": "Teal", "letter": "T", "style": "#008080"},
        ],
        "cube_values": [1, 2, 3, 4, 5, 6, 7],
        "cubes_drawn": 18,
        "offer_rows": 2,
        "offer_row_length": 9,
        "rooftops": [2, 3, 4, 5, 6, 7, 8, 9],
        "barriers": [1, 2],
        "rows": [
            {"name": "north", "letter": "N", "white_dirt": [2]},
            {"name": "upper", "letter": "U", "white_dirt": [1, 7]},
            {"name": "middle", "letter": "M", "white_dirt": [3, 5, 12]},
            {"name": "south", "letter": "S", "white_dirt": []},
        ],
        "lots_per_row": 12,
        "river_after_lot": 5,
        "initial_requirement": 5,
        "cubes_on_white_dirt": 2,
    }
}


def check_invariants(game: Estates, state: EstatesState) -> None:
    n = game.players
    layout = game.layout
    components = layout.components
    lots, values, white = layout.lots, layout.values, layout.white_dirt
    # Cheques are never created or lost; nobody goes below zero.
    assert sum(state.money) + sum(state.box) == components.starting_money * n
    assert min(state.money) >= 0 and min(state.box) >= 0
    board = state.board
    placed_roofs = 0
    assert len(board.stacks) == layout.num_rows * lots
    for row in range(layout.num_rows):
        built = board.built[row]
        # Built lots are exactly the first ones, within the requirement.
        for lot in range(lots):
            index = row * lots + lot
            stack = board.stacks[index]
            assert bool(stack) == (lot < built)
            numbers = [c % values + 1 for c in stack]
            assert numbers == sorted(numbers, reverse=True) and len(set(numbers)) == len(numbers)
            if white[index]:
                assert len(stack) <= layout.white_cap
            if board.roofs[index]:
                assert stack
                placed_roofs += 1
        # A building permit stands on the lot past the requirement: at most lots - 1.
        assert built <= board.lengths[row] <= lots - 1
        signed = sum(
            (v if code % 2 else -v)
            for v, code in enumerate(board.barriers, start=1)
            if code >= 0 and code // 2 == row
        )
        assert board.lengths[row] == layout.initial_requirement + signed
    if state.phase != OVER or state.round == len(state.results):
        pending_roof = 1 if state.roof_value else 0
        assert placed_roofs + len(state.roofs_left) + pending_roof == len(components.rooftops)
    # Every colour on the board has its certificate holder.
    colours = {c // values for stack in board.stacks for c in stack}
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
        (3, {"data": json.dumps(WHAT_IF)}),
        (5, {"data": json.dumps(WHAT_IF), "rounds": 2}),
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
