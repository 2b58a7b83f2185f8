"""SETUP: landmarks on two rolled squares a row, drawn from a cup; the high roll goes first."""

from __future__ import annotations

import pytest

from tycoon.core import ReplayError, ScriptedRng, SeededRng
from tycoon.core.text import plain
from tycoon.games.my_city import CityState, MyCity

from .support import EVERY_ROW, game, setup_script


def landmark_squares(city: MyCity, state: CityState) -> list[str]:
    names = city.tables.board.names
    return [names[s] for s, index in enumerate(state.landmark_at) if index >= 0]


def test_setup_example_roll_5_and_2() -> None:
    """ "For each row on the board roll the eight sided die twice ... (Example: You roll a 5 and a
    2. Place Landmarks on the second and fifth spaces of that row)"."""
    city = game(2)
    rows = [(5, 2), *EVERY_ROW[1:]]
    state = city.initial_state(ScriptedRng(setup_script(rows, rolls=(8, 1))))
    first_row = [name for name in landmark_squares(city, state) if name.endswith("1")]
    assert first_row == ["b1", "e1"]


def test_setup_rerolls_duplicates() -> None:
    """ "Reroll duplicates.": a second roll equal to the first is rolled again."""
    city = game(2)
    draws = [2, 2, 2, 5]  # row 1: 3, 3 (again), 3 (again), 6
    draws += [face - 1 for pair in EVERY_ROW[1:] for face in pair]
    draws += [0] * 16 + [7, 0]
    rng = ScriptedRng(draws)
    state = city.initial_state(rng)
    assert rng.exhausted
    assert [n for n in landmark_squares(city, state) if n.endswith("1") and len(n) == 2] == [
        "c1",
        "f1",
    ]


def test_each_row_has_two_landmarks_and_all_sixteen_are_placed() -> None:
    """ "Each of the 8 rows will have 2 Landmarks", drawn from the common set of 16."""
    city = game(4)
    for seed in range(20):
        state = city.initial_state(SeededRng(seed))
        for row in range(8):
            row_marks = [i for i in state.landmark_at[row * 8 : row * 8 + 8] if i >= 0]
            assert len(row_marks) == 2
        placed = sorted(i for i in state.landmark_at if i >= 0)
        assert placed == list(range(16))


def test_landmarks_are_drawn_from_the_cup_in_reading_order() -> None:
    """ "2 Random Landmarks drawn from a cup": one draw from what is left for each spot."""
    city = game(2)
    cup = [15] + [0] * 15  # the first spot gets the last landmark in the cup (Museum)
    state = city.initial_state(ScriptedRng(setup_script(EVERY_ROW, cup, rolls=(2, 1))))
    a1 = city.tables.board.index("a1")
    b1 = city.tables.board.index("b1")
    assert a1 is not None and b1 is not None
    assert city.tables.cup[state.landmark_at[a1]].name == "Museum"
    assert city.tables.cup[state.landmark_at[b1]].name == "Airport"


def test_high_roll_goes_first() -> None:
    """ "Each player rolls a die. High roll goes first."."""
    city = game(3)
    state = city.initial_state(ScriptedRng(setup_script(EVERY_ROW, rolls=(3, 7, 5))))
    assert state.first == 1
    assert state.to_move == 1
    assert state.opening_rolls == ((3, 7, 5),)


def test_tied_high_rolls_roll_again() -> None:
    """RULING: ties for the high roll are re-rolled, by the tied players only."""
    city = game(3)
    rng = ScriptedRng(setup_script(EVERY_ROW, rolls=(7, 7, 2, 1, 6)))
    state = city.initial_state(rng)
    assert rng.exhausted
    assert state.first == 1
    assert state.opening_rolls == ((7, 7, 2), (1, 6, 0))
    text = plain(city.render_text(city.observe(state, None)))
    assert (
        "Seat 2 goes first (rolls: Seat 1 7, Seat 2 7, Seat 3 2; then Seat 1 1, Seat 2 6)." in text
    )


def test_turns_go_clockwise_from_the_first_player() -> None:
    """ "The next player places one counter, and so on, going clockwise around the table."."""
    city = game(4)
    state = city.initial_state(ScriptedRng(setup_script(EVERY_ROW, rolls=(1, 2, 8, 3))))
    assert state.to_move == 2
    order = []
    rng = SeededRng(1)
    for _ in range(5):
        order.append(state.to_move)
        state = city.transition(state, city.legal_actions(state, state.to_move)[0], rng)
    assert order == [2, 3, 0, 1, 2]


def test_a_bigger_map_rolls_a_bigger_die() -> None:
    """Bigger map: a 10 x 10 board is set up with a ten-sided die, two landmarks a row."""
    city = game(2, size=10)
    rows = [(10, 1)] * 10
    state = city.initial_state(ScriptedRng(setup_script(rows, rolls=(10, 9))))
    names = landmark_squares(city, state)
    assert len(names) == 20
    assert names[:2] == ["a1", "j1"]
    with pytest.raises(ReplayError):
        city.initial_state(ScriptedRng([10]))  # a face of 11: beyond a ten-sided die


def test_setup_is_recorded_and_repeatable() -> None:
    city = game(4, parks=True)
    assert city.initial_state(SeededRng(9)) == city.initial_state(SeededRng(9))
