"""The engine protocol under every variant (the conformance suite runs the default options), the
legal-move sequence against a brute-force reading of the rules, and derived state recomputed."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from tycoon.core import (
    GameRecord,
    Match,
    SeededRng,
    expand,
    is_legal,
    replay_to_end,
    sample_choice,
)
from tycoon.games.my_city import CityState, MyCity, Place, Rezone, Skip
from tycoon.games.my_city.moves import CityMoves

from .support import game

CONFIGURATIONS = [
    {"parks": True},
    {"random_zones": True},
    {"rezoning": True},
    {"slums": True, "city_dump": True},
    {"landmark_types": True, "zone_lines": True},
    {"reduced_adjacency": True, "parks": True, "park_control": "zones"},
    {"map": "hex", "rezoning": True, "random_zones": True, "slums": True},
    {"size": 10, "counters": "colony", "rezoning": True},
    {"size": 12, "counters": "medieval", "map": "hex", "zone_lines": True},
]


def brute_force_placements(city: MyCity, state: CityState, seat: int) -> set[Place]:
    """Every counter of the cup (or the draw) on every empty square with no same-type zone
    adjacent, read square by square from the board."""
    tables = city.tables
    board = tables.board
    cup = state.supply[seat]
    counters = [c for c in range(tables.counters) if cup >> c & 1]
    if tables.random_zones:
        counters = list(state.drawn)
    found = set()
    for square in range(board.squares):
        if state.landmark_at[square] >= 0 or state.zone_at[square] >= 0:
            continue
        near = {
            tables.counter_type[state.zone_at[o] % tables.counters]
            for o in board.neighbour_lists[square]
            if state.zone_at[o] >= 0
        }
        for counter in counters:
            if tables.counter_type[counter] not in near:
                found.add(Place(seat, tables.counter_names[counter], board.names[square]))
    return found


@pytest.mark.parametrize("options", CONFIGURATIONS, ids=lambda o: ",".join(f"{k}" for k in o))
def test_variant_obeys_the_protocol(options: dict[str, object]) -> None:
    city = game(3, **options)
    match: Match[Any, Any, Any] = Match(city, 21)
    rng = SeededRng(4)
    while not match.is_over():
        state = match.state
        snapshot = copy.deepcopy(state)
        seat = state.to_move
        assert city.to_act(state) == (seat,)
        for other in range(city.players):
            legal = city.legal_actions(state, other)
            assert (len(legal) > 0) == (other == seat)
        legal = city.legal_actions(state, seat)
        assert isinstance(legal, CityMoves)
        # Derived state recomputed from the public record.
        assert city.state_from_view(city.observe(state, seat)) == state
        assert city.sample_state(city.observe(state, None), rng) == state
        if state.turn % 5 == 0:
            actions = list(legal)
            assert len(actions) == len(legal) == len(set(actions))
            placements = {a for a in actions if isinstance(a, Place)}
            assert placements == brute_force_placements(city, state, seat)
            rezonings = [a for a in actions if isinstance(a, Rezone)]
            assert (Skip(seat) in actions) == (not placements and bool(rezonings))
            assert legal[-1] == actions[-1] and legal[1:3] == actions[1:3]
            with pytest.raises(IndexError):
                legal[len(legal)]
            for action in actions[:: max(1, len(actions) // 25)]:
                assert is_legal(legal, action)
                text = city.format_action(action)
                assert city.parse_action(text, seat) == action
                assert (
                    city.action_from_json(json.loads(json.dumps(city.action_to_json(action))))
                    == action
                )
            assert expand(legal) == actions
        match.play(sample_choice(legal, rng))
        assert state == snapshot
    record = match.record()
    reloaded = GameRecord.from_json(json.loads(record.to_line()))
    assert replay_to_end(reloaded).state == match.state


def test_rezone_moves_follow_the_rules() -> None:
    city = game(2, rezoning=True, slums=True)
    rng = SeededRng(2)
    state = city.initial_state(rng)
    for _ in range(12):
        legal = [a for a in city.legal_actions(state, state.to_move) if isinstance(a, Place)]
        state = city.transition(state, legal[rng.below(len(legal))], rng)
    seat = state.to_move
    rezones = {a for a in city.legal_actions(state, seat) if isinstance(a, Rezone)}
    tables = city.tables
    board = tables.board
    expected = set()
    for square in range(board.squares):
        zone = state.zone_at[square]
        if zone < 0 or zone // tables.counters != seat:
            continue
        near = {
            tables.counter_type[state.zone_at[o] % tables.counters]
            for o in board.neighbour_lists[square]
            if state.zone_at[o] >= 0
        }
        for counter in range(tables.counters):
            if state.supply[seat] >> counter & 1 and tables.counter_type[counter] not in near:
                expected.add(Rezone(seat, board.names[square], tables.counter_names[counter]))
    assert rezones == expected and rezones
