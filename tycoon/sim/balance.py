"""Balance warnings: which seat, turn position, role or character wins more or less than its fair
share beyond chance (scipy.stats; the ``[analysis]`` extra).

Each group's wins are tested against its fair share ``1/players`` of the games it played with the
exact two-sided binomial test (``scipy.stats.binomtest``; wins shared by tied winners are rounded
to whole games), and the p-values of all the groups in a report are corrected together for the
number of comparisons with Holm's step-down method, which keeps the chance of any false warning in
the report at or below 5%.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tycoon.sim.frame import require
from tycoon.sim.report import Report, Tally

ALPHA = 0.05
TEST_NAME = (
    "exact two-sided binomial test (scipy.stats.binomtest) of each group's wins against its fair "
    "share, Holm-corrected over {count} comparisons, 5% level"
)


@dataclass(frozen=True, slots=True)
class Check:
    kind: str  # "seat", "turn position", "role"
    name: str
    games: int
    wins: float
    share: float  # the fair share of wins
    p_value: float  # the test's own p-value
    adjusted: float  # Holm-corrected for every check in the report

    @property
    def warning(self) -> bool:
        return self.adjusted < ALPHA

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def describe(self) -> str:
        direction = "more" if self.win_rate > self.share else "less"
        # "Seat 2", not "seat Seat 2": a seat named after its number says what it is already.
        named = self.name.lower().startswith(f"{self.kind} ")
        who = self.name if named else f"{self.kind} {self.name}"
        return (
            f"{who} wins {100 * self.win_rate:.1f}% of its {self.games} games, "
            f"{direction} than its fair share {100 * self.share:.1f}% "
            f"(p = {self.p_value:.2g}, Holm-corrected {self.adjusted:.2g})"
        )


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values, in the order given."""
    count = len(p_values)
    order = sorted(range(count), key=lambda i: p_values[i])
    adjusted = [0.0] * count
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (count - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted


def groups(report: Report, seat_names: Sequence[str]) -> list[tuple[str, str, Tally]]:
    """The groups a report's balance is judged on: seats, turn positions, roles."""
    found: list[tuple[str, str, Tally]] = [
        ("seat", seat_names[line.seat], line) for line in report.lines
    ]
    found += [("turn position", str(line.position + 1), line) for line in report.position_lines()]
    found += [("role", line.role, line) for line in report.role_lines()]
    return [group for group in found if group[2].games]


def balance_checks(report: Report, seat_names: Sequence[str]) -> list[Check]:
    """One check per seat, turn position and role of ``report``, corrected together."""
    stats = require("scipy.stats")
    share = 1 / len(report.seats)
    tested = groups(report, seat_names)
    p_values = [
        float(stats.binomtest(round(line.wins), line.games, share).pvalue) for _, _, line in tested
    ]
    adjusted = holm(p_values)
    return [
        Check(kind, name, line.games, line.wins, share, p, a)
        for (kind, name, line), p, a in zip(tested, p_values, adjusted, strict=True)
    ]


def method_text(checks: Sequence[Check]) -> str:
    return TEST_NAME.format(count=len(checks))
