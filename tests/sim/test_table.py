"""The designer's table: one row per game and seat, turn positions, rotation, CSV, Parquet,
pandas; and the report's tables by turn position and by bot."""

from __future__ import annotations

import csv
import doctest
from collections import Counter
from pathlib import Path

import pandas
import pytest

from tycoon.core import TycoonError
from tycoon.sim import GameTask, Report
from tycoon.sim import simulate as simulate_anything
from tycoon.sim.frame import COLUMNS, play_table
from tycoon.sim.runner import simulate as run
from tycoon.sim.runner import turn_positions

from .support import tycoon

DOCS = Path(__file__).parents[2] / "docs"


def test_turn_position_is_the_order_of_first_action() -> None:
    assert turn_positions(4, [2, 2, 3, 0, 2, 1]) == (2, 3, 0, 1)
    assert turn_positions(3, [1]) == (1, 0, 2)  # never acted: last, in seat order
    assert turn_positions(2, []) == (0, 1)


def test_rotation_moves_each_code_one_seat_further_each_game() -> None:
    task = GameTask("my-city", 3, {}, ("greedy", "random", "dummy"), 1, False, True)
    assert task.seats_for(0) == ("greedy", "random", "dummy")
    assert task.seats_for(1) == ("dummy", "greedy", "random")
    assert task.seats_for(2) == ("random", "dummy", "greedy")
    assert task.seats_for(3) == task.seats_for(0)
    fixed = GameTask("my-city", 3, {}, ("greedy", "random", "dummy"), 1, False)
    assert fixed.seats_for(1) == ("greedy", "random", "dummy")


def test_the_table_has_a_row_per_game_and_seat_that_agrees_with_the_report() -> None:
    seats = ("greedy", "random", "random")
    task = GameTask("my-city", 3, {}, seats, 5, False, True)
    results = list(run(task, 9))
    rows = play_table("my-city", n=9, seats=list(seats), seed=5, rotate=True)
    assert len(rows) == 27 and list(rows[0])[: len(COLUMNS)] == list(COLUMNS)
    report = Report("my-city", seats, {}, 5).extend(results)
    for seat in range(3):
        seat_rows = [row for row in rows if row["seat"] == seat + 1]
        assert sum(row["win"] for row in seat_rows) == pytest.approx(report.lines[seat].wins)
        assert Counter(row["code"] for row in seat_rows) == {"greedy": 3, "random": 6}
    for index in range(9):
        game_rows = [row for row in rows if row["index"] == index]
        assert sorted(row["position"] for row in game_rows) == [1, 2, 3]
        assert sum(row["win"] for row in game_rows) == pytest.approx(1.0)
        assert {row["seed"] for row in game_rows} == {results[index].seed}
        assert {row["length"] for row in game_rows} == {results[index].steps}
        assert game_rows[0]["moves"] == results[index].statistics["moves"]
    firsts = Counter(
        row["code"] for row in rows if row["position"] == 1
    )  # my-city: the opening roll's winner moves first
    assert sum(firsts.values()) == 9
    by_position = {line.position: line.wins for line in report.position_lines()}
    assert by_position == {
        p: pytest.approx(sum(r["win"] for r in rows if r["position"] == p + 1)) for p in range(3)
    }
    assert report.bots["greedy"].games == 9 and report.bots["random"].games == 18


def test_notebook_simulate_returns_a_dataframe_of_the_same_games() -> None:
    frame = simulate_anything("my-city", n=6, seats=["greedy", "random", "random"], seed=2)
    assert isinstance(frame, pandas.DataFrame)
    rows = play_table("my-city", n=6, seats=["greedy", "random", "random"], seed=2)
    assert frame.to_dict("records") == rows
    assert list(frame.columns[: len(COLUMNS)]) == list(COLUMNS)
    written = simulate_anything("my-city", n=6, seats="greedy, random,random", seed=2)
    assert written.equals(frame)  # seats written as on the command line
    with pytest.raises(TycoonError, match="no option"):
        simulate_anything("my-city", n=2, colour="red")
    with pytest.raises(TycoonError, match="number of games"):
        simulate_anything("my-city", n=0)


def test_the_notebook_example_in_the_designer_guide_runs() -> None:
    failures, tried = doctest.testfile(str(DOCS / "designer.md"), module_relative=False)
    assert tried > 0 and failures == 0


def test_cli_writes_csv_and_parquet_with_the_same_rows(monkeypatch, capsys, tmp_path) -> None:
    csv_file, parquet_file = tmp_path / "games.csv", tmp_path / "games.parquet"
    code, out, err = tycoon(
        monkeypatch,
        capsys,
        "simulate",
        "my-city",
        "-n",
        "6",
        "--seats",
        "greedy,random,random",
        "--seed",
        "3",
        "--rotate",
        "--csv",
        str(csv_file),
        "--parquet",
        str(parquet_file),
    )
    assert code == 0, err
    assert "18 rows" in err and "results by turn position" in out and "results by bot" in out
    with open(csv_file, encoding="utf-8", newline="") as handle:
        written = list(csv.DictReader(handle))
    expected = play_table("my-city", n=6, seats=["greedy", "random", "random"], seed=3, rotate=True)
    assert [row["code"] for row in written] == [row["code"] for row in expected]
    assert [float(row["win"]) for row in written] == [row["win"] for row in expected]
    frame = pandas.read_parquet(parquet_file)
    assert frame.to_dict("records") == expected


def test_cli_variants_label_their_rows(monkeypatch, capsys, tmp_path) -> None:
    csv_file = tmp_path / "games.csv"
    code, _, err = tycoon(
        monkeypatch,
        capsys,
        "simulate",
        "sealed-auction",
        "-n",
        "5",
        "--seats",
        "random,random",
        "--vs",
        "cash=3",
        "--csv",
        str(csv_file),
    )
    assert code == 0, err
    with open(csv_file, encoding="utf-8", newline="") as handle:
        written = list(csv.DictReader(handle))
    assert next(iter(written[0])) == "variant"
    assert Counter(row["variant"] for row in written) == {"base": 10, "cash=3": 10}


@pytest.mark.parametrize("flag", ["--csv", "--parquet", "--report"])
def test_an_unwritable_output_is_refused_before_any_game(
    monkeypatch, capsys, tmp_path, flag
) -> None:
    code, out, err = tycoon(
        monkeypatch, capsys, "simulate", "my-city", "-n", "2", flag, str(tmp_path)
    )
    assert code == 2 and "is a directory" in err and out == ""
    code, out, err = tycoon(
        monkeypatch, capsys, "simulate", "my-city", "-n", "2", flag, str(tmp_path / "no" / "f")
    )
    assert code == 2 and "does not exist" in err and out == ""
