"""Balance warnings (scipy.stats, Holm), differences between variants, the HTML report."""

from __future__ import annotations

import re

import pytest
from scipy import stats

from tycoon.sim import GameResult, Report
from tycoon.sim.balance import balance_checks, holm, method_text
from tycoon.sim.stats import difference_interval

from .support import tycoon


def result(index: int, scores: tuple[float, ...], positions: tuple[int, ...]) -> GameResult:
    ranks = tuple(1 + sum(1 for other in scores if other > s) for s in scores)
    return GameResult(index, index, scores, ranks, False, 10, None, positions=positions)


def test_newcombe_difference_matches_his_worked_example() -> None:
    # Newcombe (1998), method 10: 56/70 against 48/80 gives 0.2000 (0.0524 to 0.3339).
    d, low, high = difference_interval(48, 80, 56, 70)
    assert d == pytest.approx(0.2) and low == pytest.approx(0.0524, abs=1e-4)
    assert high == pytest.approx(0.3339, abs=1e-4)
    d, low, high = difference_interval(5, 10, 5, 10)
    assert d == 0 and low < 0 < high


def test_holm_steps_down_and_stays_monotone() -> None:
    assert holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert holm([0.5]) == [0.5] and holm([]) == []
    assert holm([0.4, 0.9]) == pytest.approx([0.8, 0.9])


def test_a_seat_that_always_wins_is_warned_about_and_a_fair_run_is_not() -> None:
    skewed = Report("g", ("a", "b"), {}, 1)
    fair = Report("g", ("a", "b"), {}, 1)
    for i in range(40):
        skewed.add(result(i, (2, 1), (i % 2, 1 - i % 2)))
        fair.add(result(i, (2, 1) if i % 2 else (1, 2), (0, 1)))
    checks = balance_checks(skewed, ["North", "South"])
    assert [(c.kind, c.name) for c in checks] == [
        ("seat", "North"),
        ("seat", "South"),
        ("turn position", "1"),
        ("turn position", "2"),
    ]
    north = checks[0]
    assert north.warning and north.p_value == pytest.approx(stats.binomtest(40, 40, 0.5).pvalue)
    assert north.adjusted == pytest.approx(min(1.0, 4 * north.p_value))
    assert not any(c.warning for c in checks if c.kind == "turn position")
    text = north.describe()
    assert "North wins 100.0%" in text and "more than its fair share" in text
    assert not any(c.warning for c in balance_checks(fair, ["North", "South"]))
    assert "binomtest" in method_text(checks) and "Holm" in method_text(checks)


def test_html_report_is_one_self_contained_file(monkeypatch, capsys, tmp_path) -> None:
    page = tmp_path / "report.html"
    code, _, err = tycoon(
        monkeypatch,
        capsys,
        "simulate",
        "water-rights",
        "-n",
        "8",
        "--seats",
        "greedy,random,random,random",
        "--report",
        str(page),
    )
    assert code == 0, err
    text = page.read_text(encoding="utf-8")
    assert not re.search(r"(src|href)=\"(?!data:)", text) and "<script" not in text
    images = re.findall(r'src="data:image/png;base64,', text)
    assert len(images) >= 6  # seat, position, role, bot, scores, length
    for heading in (
        "Balance warnings",
        "Win rate by seat",
        "Win rate by turn position",
        "Win rate by role",
        "Win rate by bot",
        "Scores",
        "Game length",
        "The game's figures",
    ):
        assert heading in text, heading
    assert "scipy.stats.binomtest" in text and "Holm-corrected" in text
    assert "The seats hold different bots" in text
    code, _, err = tycoon(
        monkeypatch,
        capsys,
        "simulate",
        "my-city",
        "-n",
        "4",
        "--seats",
        "greedy,random",
        "--rotate",
        "--report",
        str(page),
    )
    assert code == 0, err
    rotated = page.read_text(encoding="utf-8")
    assert "The seats hold different bots" not in rotated and "rotated over the seats" in rotated


def test_variants_show_differences_with_intervals(monkeypatch, capsys, tmp_path) -> None:
    page = tmp_path / "report.html"
    code, out, err = tycoon(
        monkeypatch,
        capsys,
        "simulate",
        "my-city",
        "-n",
        "12",
        "--seats",
        "greedy,greedy,random",
        "--vs",
        "parks",
        "--report",
        str(page),
    )
    assert code == 0, err
    assert "difference" in out and "Newcombe" in out
    rows = [line for line in out.splitlines() if "difference" in line]
    assert len(rows) == 6  # three seats, three turn positions
    assert all(re.search(r"[+-]\d+\.\d \([+-]\d+\.\d to [+-]\d+\.\d\)", line) for line in rows)
    text = page.read_text(encoding="utf-8")
    assert "Variants compared with base" in text and "Newcombe" in text
    assert text.count("<h2>Balance warnings</h2>") == 2


def test_the_terminal_report_names_balance_warnings(monkeypatch, capsys) -> None:
    args = ["simulate", "my-city", "-n", "20", "--seats", "greedy,random"]
    code, out, err = tycoon(monkeypatch, capsys, *args)
    assert code == 0, err
    assert "balance warning: Seat 2 wins 0.0% of its 20 games, less than" in out
    assert "scipy.stats.binomtest" in out and "try --rotate" in out


def test_a_warning_names_its_group_once() -> None:
    """A seat named after its number reads "Seat 2 wins", not "seat Seat 2 wins"; a seat given
    a person's name, a turn position and a role keep saying what kind of group they are."""
    from tycoon.sim.balance import Check

    def text(kind: str, name: str) -> str:
        return Check(kind, name, 20, 0.0, 0.5, 0.01, 0.02).describe()

    assert text("seat", "Seat 2").startswith("Seat 2 wins 0.0% of its 20 games")
    assert text("seat", "Ann").startswith("seat Ann wins")
    assert text("turn position", "1").startswith("turn position 1 wins")
    assert text("role", "King").startswith("role King wins")
