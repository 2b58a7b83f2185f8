"""The simulation report's tables by turn position and by bot, and the differences between
variants (``tycoon simulate``; printing only, the figures come from :mod:`tycoon.sim`)."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from tycoon.core import TycoonError
from tycoon.sim.report import Report, Tally
from tycoon.sim.stats import difference_interval


def _percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def show_tallies(console: Console, report: Report, game: Any) -> None:
    """Win rate by turn position (is going first an advantage?) and by bot."""
    share = 1 / game.players
    tables: list[tuple[str, str, list[tuple[str, Tally]]]] = [
        (
            f"results by turn position (fair share {_percent(share)})",
            "position",
            [(ordinal(line.position + 1), line) for line in report.position_lines()],
        ),
        (
            "results by bot" + (" (codes rotated over the seats)" if report.rotate else ""),
            "bot",
            [(line.code, line) for line in report.bot_lines()],
        ),
    ]
    for title, first, lines in tables:
        if not lines or (first == "bot" and len(lines) < 2 and not report.rotate):
            continue
        table = Table(title=title)
        for column in (first, "games", "wins", "win rate", "95% interval", "mean score"):
            table.add_column(column, justify="left" if column == first else "right")
        for name, line in lines:
            low, high = line.interval
            table.add_row(
                name,
                str(line.games),
                f"{line.wins:g}",
                _percent(line.win_rate),
                f"{_percent(low)} - {_percent(high)}",
                f"{line.scores.mean:.2f}",
            )
        console.print(table)
    show_warnings(console, report, game)


def show_warnings(console: Console, report: Report, game: Any) -> None:
    """The balance warnings of the HTML report, in brief (needs scipy, the [analysis] extra;
    without it the terminal report simply has none)."""
    try:
        from tycoon.sim.balance import balance_checks, method_text

        checks = balance_checks(report, [game.seat_name(s) for s in range(game.players)])
    except (ImportError, TycoonError):
        return
    flagged = [check for check in checks if check.warning]
    for check in flagged:
        console.print(
            f"[yellow]balance warning:[/yellow] {escape(check.describe())}", soft_wrap=True
        )
    if not flagged:
        console.print(
            "no seat, turn position or role wins more or less than its fair share beyond chance"
        )
    note = (
        " (the seats hold different bots: try --rotate)"
        if len(report.bots) > 1 and not report.rotate
        else ""
    )
    console.print(f"[dim]test: {escape(method_text(checks))}{note}[/dim]", soft_wrap=True)


def ordinal(number: int) -> str:
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(number if number < 20 else number % 10, "th")
    return f"{number}{suffix}"


def difference_cells(lines: list[Tally | None]) -> list[str]:
    """Each variant's win rate minus the first one's, with its interval ("" for the first)."""
    cells = [""]
    base = lines[0]
    for line in lines[1:]:
        if base is None or line is None:
            cells.append("-")
            continue
        d, low, high = difference_interval(base.wins, base.games, line.wins, line.games)
        mark = " *" if low > 0 or high < 0 else ""
        cells.append(f"{100 * d:+.1f} ({100 * low:+.1f} to {100 * high:+.1f}){mark}")
    return cells
