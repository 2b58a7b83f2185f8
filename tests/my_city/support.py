"""Shared helpers for the My City tests: games, positions from notation, scripted setups."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from tycoon.core import IllegalActionError, Rng, SeededRng, make, sample_choice
from tycoon.games.my_city import CityState, MyCity, Place, Rezone, Skip, build_position
from tycoon.games.my_city.scoring import ScoreReport, score_position


def game(players: int = 2, **options: Any) -> MyCity:
    made = make("my-city", players, **options)
    assert isinstance(made, MyCity)
    return made


def position(
    city: MyCity,
    landmarks: Mapping[str, str],
    zones: Mapping[int, Sequence[str]] | None = None,
    **kwargs: Any,
) -> CityState:
    return build_position(city, landmarks, zones, **kwargs)


def score(city: MyCity, state: CityState) -> ScoreReport:
    return score_position(city.tables, state.landmark_at, state.zone_at)


def control(report: ScoreReport, square: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(access by seat, controllers) of the landmark or park on ``square``."""
    for item in (*report.landmarks, *report.parks):
        if item.square == square:
            return item.access, item.controllers
    raise AssertionError(f"nothing scored on {square}")


def play(city: MyCity, state: CityState, text: str, seat: int | None = None) -> CityState:
    """Apply a move written in notation (checked), by the seat to move unless told."""
    who = state.to_move if seat is None else seat
    new_state, _ = city.apply(state, city.parse_action(text, who), SeededRng(0))
    return new_state


def random_move(city: MyCity, state: CityState, rng: Rng) -> Place | Rezone | Skip:
    """A uniformly random legal move of the seat to move."""
    action = sample_choice(city.legal_actions(state, state.to_move), rng)
    assert isinstance(action, Place | Rezone | Skip)
    return action


def refuse(city: MyCity, state: CityState, text: str, seat: int | None = None) -> str:
    """Apply a move that must be illegal; return the reason, checking nothing changed."""
    who = state.to_move if seat is None else seat
    action = city.parse_action(text, who)
    before = state
    with pytest.raises(IllegalActionError) as caught:
        city.apply(state, action, SeededRng(0))
    assert state == before
    return caught.value.reason


def setup_script(
    rows: Sequence[tuple[int, int]],
    cup: Sequence[int] | None = None,
    rolls: Sequence[int] = (),
) -> list[int]:
    """The draws of a setup: two die faces per row (1-based), then the cup draws (an index into
    what is left each time; default 0, the first left), then the first-player rolls (faces)."""
    draws = [face - 1 for pair in rows for face in pair]
    draws += list(cup) if cup is not None else [0] * (2 * len(rows))
    draws += [face - 1 for face in rolls]
    return draws


def fill(order: list[str], counters: Sequence[str]) -> list[str]:
    """Placements of ``counters`` on the first squares of ``order`` (taken off it)."""
    return [f"{counter} {order.pop(0)}" for counter in counters]


def every_counter_but(city: MyCity, *kept: str) -> list[str]:
    return [c for c in city.tables.counter_names if c not in kept]


def blocked_seat_position(city: MyCity) -> CityState:
    """Three seats, the board full but for a8 and b8 (next to seat 1's C4 on a7). Seat 1 (to
    move) has H4 and H3 left; seat 2 only C1, which fits nowhere; seat 3 R4-R1, I4-I2."""
    special = {"a8", "b8", "a7", "b7", "c7", "c8"}
    order = [n for n in city.tables.board.names if n not in special]
    seat1 = [
        "P4 b7",
        "P3 c7",
        "P2 c8",
        *fill(order, every_counter_but(city, "C1", "P4", "P3", "P2")),
    ]
    seat0 = ["C4 a7", *fill(order, every_counter_but(city, "C4", "H4", "H3"))]
    seat2 = fill(order, every_counter_but(city, "R4", "R3", "R2", "R1", "I4", "I3", "I2"))
    assert not order
    return build_position(city, {}, {0: seat0, 1: seat1, 2: seat2}, to_move=0)


EVERY_ROW = [(1, 2), (3, 4), (5, 6), (7, 8), (1, 8), (2, 7), (3, 6), (4, 5)]
