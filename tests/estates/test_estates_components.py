"""The catalogue in data/components.json: every count the rulebook and CLARIFICATIONS fix."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from tycoon.games.estates.components import (
    COLOURS,
    COMPONENTS,
    DATA_FILE,
    LOTS,
    NUM_CUBES,
    PIECE_BY_CODE,
    ROWS,
    WHITE_DIRT,
    load_components,
    lot_code,
    piece_code,
    validate,
)


def test_data_file_loads_and_validates() -> None:
    assert load_components(DATA_FILE) == COMPONENTS


def test_contents_36_floor_cubes_6_colours_numbered_1_to_6() -> None:
    """FACT: "36 FLOOR CUBES WITH NUMBERS IN 6 DIFFERENT COLORS" (values 1-6)."""
    assert len(COLOURS) == 6
    assert COMPONENTS.cube_values == (1, 2, 3, 4, 5, 6)
    assert NUM_CUBES == 36
    assert "Blue" in {c.name for c in COLOURS}  # the scoring example names Blue


def test_setup_24_cubes_in_3_offer_rows_of_8() -> None:
    """FACT: "Randomly draw out 24 of the Floor cubes. Place them ... in 3 rows of 8"."""
    assert COMPONENTS.cubes_drawn == 24
    assert (COMPONENTS.offer_rows, COMPONENTS.offer_row_length) == (3, 8)


def test_twelve_rooftops_valued_1_to_6_twice() -> None:
    """FACT: 12 rooftops valued 1, 1, 2, 2, ... 6, 6."""
    assert sorted(COMPONENTS.rooftops) == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]


def test_three_barriers_valued_1_2_3() -> None:
    assert COMPONENTS.barriers == (1, 2, 3)


def test_money_12_million_each_60_cheques() -> None:
    """FACT: "Each player receives $12 million in Checks"; 60 $1 million checks."""
    assert COMPONENTS.starting_money == 12
    assert COMPONENTS.cheques_in_box == 60
    assert COMPONENTS.starting_money * 5 <= COMPONENTS.cheques_in_box


def test_board_3_rows_of_10_lots_river_after_lot_4() -> None:
    assert len(ROWS) == 3 and LOTS == 10
    assert COMPONENTS.river_after_lot == 4 and COMPONENTS.initial_requirement == 4


def test_white_dirt_lots_u1_u7_m3_m5_l2() -> None:
    """FACT (CLARIFICATIONS): top row lots 1 and 7, middle row lots 3 and 5, bottom row lot 2."""
    white = sorted(lot_code(i) for i, is_white in enumerate(WHITE_DIRT) if is_white)
    assert white == ["L2", "M3", "M5", "U1", "U7"]
    assert sum(WHITE_DIRT) == 5  # "The 5 development lots with white dirt"


def test_every_piece_code_is_unique_and_round_trips() -> None:
    codes = [piece_code(p) for p in range(len(PIECE_BY_CODE))]
    assert len(set(codes)) == len(codes)
    assert all(PIECE_BY_CODE[c.lower()] == p for p, c in enumerate(codes))


def test_validation_rejects_broken_catalogues(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="letters"):
        validate(replace(COMPONENTS, rows=(*ROWS[:2], replace(ROWS[2], letter="B"))))
    with pytest.raises(ValueError, match="offer rows"):
        validate(replace(COMPONENTS, offer_row_length=7))
    with pytest.raises(ValueError, match="white dirt"):
        validate(replace(COMPONENTS, rows=(replace(ROWS[0], white_dirt=(11,)), *ROWS[1:])))
    with pytest.raises(ValueError, match="a lot past it for a permit"):
        validate(replace(COMPONENTS, initial_requirement=10, river_after_lot=10))
    raw = json.loads(DATA_FILE.read_text())
    raw["rooftops"] = [1, 2, "three"]
    broken = tmp_path / "components.json"
    broken.write_text(json.dumps(raw))
    with pytest.raises(ValueError, match="rooftops"):
        load_components(broken)


def test_what_if_starting_money_and_round_wins() -> None:
    """--data: each player starts with $15M and three round wins end a multi-round game."""
    from tycoon.core import SeededRng, make

    patch = '{"components.json": {"starting_money": 15, "round_wins_to_end": 3}}'
    game = make("estates", 3, data=patch, rounds=5)
    state = game.initial_state(SeededRng(1))
    assert state.money == (15, 15, 15)
    assert game.round_wins_to_end == 3  # type: ignore[attr-defined]
    assert make("estates", 3).initial_state(SeededRng(1)).money == (12, 12, 12)


@pytest.mark.parametrize(
    ("patch", "message"),
    [
        ({"starting_money": 0}, r"components\.json starting_money: must be a whole number >= 1"),
        ({"starting_money": "12"}, r"components\.json starting_money: holds a whole number"),
        ({"round_wins_to_end": 0}, r"components\.json round_wins_to_end: must be a whole"),
        ({"offer_row_length": 7}, r"components\.json offer_rows: 3 offer rows of 7 hold 21"),
        ({"rooftops": {"0": 21}}, r"components\.json rooftops: values 1\.\.20"),
        ({"colours": {"0": {"letter": "G"}}}, r"components\.json colours\.1\.letter: G is alr"),
        ({"lots_per_row": 25}, r"components\.json lots_per_row: 2\.\.20, not 25"),
    ],
)
def test_bad_what_if_components_name_the_field(patch: object, message: str) -> None:
    from tycoon.core import OptionError, make

    with pytest.raises(OptionError, match=message):
        make("estates", 3, data=json.dumps({"components.json": patch}))
