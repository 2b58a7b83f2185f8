"""Balance-report arithmetic: shared wins, Wilson intervals, summaries, roles."""

from __future__ import annotations

import pytest

from tycoon.sim import GameResult, GameTask, Report, Summary, simulate, wilson_interval


def result(
    index: int, scores: tuple[float, ...], roles: tuple[str, ...] | None = None
) -> GameResult:
    ranks = tuple(1 + sum(1 for other in scores if other > s) for s in scores)
    return GameResult(index, index, scores, ranks, False, 10 + index, roles)


def test_wilson_interval_matches_the_textbook_values() -> None:
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(0, 10)[1] == pytest.approx(
        0.2775, abs=1e-4
    )
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_tied_winners_share_a_win_and_roles_are_tallied() -> None:
    report = Report("g", ("a", "b", "c"), {}, 1)
    report.add(result(0, (5, 5, 1), ("x", "y", "z")))
    report.add(result(1, (1, 2, 9), ("y", "z", "x")))
    assert [line.wins for line in report.lines] == [0.5, 0.5, 1.0]
    assert report.roles["x"].wins == 1.5 and report.roles["x"].games == 2
    assert report.roles["y"].wins == 0.5 and report.roles["z"].wins == 0.0
    assert report.length.mean == 10.5
    assert report.to_json()["seat_results"][2]["win_rate"] == 0.5


def test_summary_mean_spread_and_median() -> None:
    summary = Summary()
    for value in (2, 4, 4, 4, 5, 5, 7, 9):
        summary.add(value)
    assert summary.mean == 5 and summary.sd == pytest.approx(2.138, abs=1e-3)
    assert summary.quantile(0.5) == 4 and summary.minimum == 2 and summary.maximum == 9


def test_simulation_results_come_in_index_order_with_derived_seeds() -> None:
    task = GameTask("sealed-auction", 2, {"cash": 10}, ("random", "random"), 3, False)
    results = list(simulate(task, 7, chunk=3))
    assert [r.index for r in results] == list(range(7))
    again = list(simulate(task, 7, chunk=5))
    assert results == again
