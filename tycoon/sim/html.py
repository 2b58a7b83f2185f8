"""The HTML balance report: one self-contained file, plots drawn with matplotlib's Agg backend and
inlined as PNG data URIs, no scripts, fonts or links to fetch (it opens offline).

Needs the ``[analysis]`` extra (matplotlib, scipy); imported only when a report is asked for.
"""

from __future__ import annotations

import base64
import io
import re
from collections.abc import Mapping, Sequence
from html import escape
from itertools import pairwise
from pathlib import Path
from typing import Any

from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from tycoon.core import make
from tycoon.sim.balance import Check, balance_checks, method_text
from tycoon.sim.frame import Row
from tycoon.sim.report import Report, Tally
from tycoon.sim.stats import difference_interval

STYLE = """
body { font-family: sans-serif; margin: 2em auto; padding: 0 1em; max-width: 70em; color: #222; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
th, td { border: 1px solid #ccc; padding: 0.2em 0.6em; text-align: right; }
td { white-space: nowrap; } .wide { overflow-x: auto; }
.interval { color: #555; font-size: 0.85em; }
th:first-child, td:first-child { text-align: left; }
.warn { color: #a40000; } .ok { color: #1c6b1c; } .note { color: #555; font-size: 0.9em; }
img { max-width: 100%; }
"""


def _percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def png(figure: Figure) -> str:
    """An ``<img>`` holding the figure as an inline PNG."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=90, bbox_inches="tight")
    data = base64.b64encode(buffer.getvalue()).decode("ascii")
    return f'<img alt="plot" src="data:image/png;base64,{data}">'


WITH_INTERVAL = re.compile(r"(\S+) (\([^()]*\))")


def _cell(value: object) -> str:
    """A table cell; a figure with its interval, ``26.2% (15.1-41.5)``, on two lines (the
    interval smaller, below) so that wide tables keep every column in view."""
    text = str(value)
    found = WITH_INTERVAL.fullmatch(text)
    if found is None:
        return f"<td>{escape(text)}</td>"
    figure, interval = found.groups()
    return f'<td>{escape(figure)}<br><span class="interval">{escape(interval)}</span></td>'


def table(header: Sequence[str], body: Sequence[Sequence[object]]) -> str:
    head = "".join(f"<th>{escape(str(cell))}</th>" for cell in header)
    rows = "".join("<tr>" + "".join(_cell(cell) for cell in row) + "</tr>" for row in body)
    return f'<div class="wide"><table><tr>{head}</tr>{rows}</table></div>'


def win_rate_plot(title: str, names: Sequence[str], lines: Sequence[Tally], share: float) -> str:
    """Win rates as bars with their 95% Wilson intervals, the fair share as a dashed line."""
    figure = Figure(figsize=(max(4.0, 0.9 * len(names) + 2), 3.2))
    axes = figure.subplots()
    rates = [line.win_rate for line in lines]
    below = [max(0.0, rate - line.interval[0]) for rate, line in zip(rates, lines, strict=True)]
    above = [max(0.0, line.interval[1] - rate) for rate, line in zip(rates, lines, strict=True)]
    axes.bar(list(names), rates, yerr=[below, above], capsize=4, color="#4c72b0")
    axes.axhline(share, linestyle="--", color="#888", label=f"fair share {_percent(share)}")
    axes.set_ylabel("win rate (95% interval)")
    axes.set_title(title)
    axes.set_ylim(0, min(1.0, max(above[i] + rates[i] for i in range(len(rates))) * 1.15 + 0.01))
    axes.legend(loc="upper right", fontsize="small")
    axes.tick_params(axis="x", labelrotation=20 if len(names) > 4 else 0)
    return png(figure)


def tally_table(first: str, names: Sequence[str], lines: Sequence[Tally]) -> str:
    body = [
        (
            name,
            line.games,
            f"{line.wins:g}",
            _percent(line.win_rate),
            f"{_percent(line.interval[0])} - {_percent(line.interval[1])}",
            f"{line.scores.mean:.2f}",
        )
        for name, line in zip(names, lines, strict=True)
    ]
    header = (first, "games", "wins", "win rate", "95% interval", "mean score")
    return table(header, body)


def score_plot(rows: Sequence[Row], seat_names: Sequence[str]) -> str:
    figure = Figure(figsize=(max(4.0, 1.2 * len(seat_names) + 2), 3.2))
    axes = figure.subplots()
    scores = [
        [row["score"] for row in rows if row["seat"] == s + 1] for s in range(len(seat_names))
    ]
    axes.boxplot(scores, tick_labels=list(seat_names))
    axes.set_title("score distribution by seat")
    axes.set_ylabel("final score")
    return png(figure)


def length_plot(report: Report) -> str:
    figure = Figure(figsize=(6, 3))
    axes = figure.subplots()
    histogram = report.length.histogram
    lengths = sorted(histogram)
    bins = min(40, max(1, len(lengths)))
    axes.hist(lengths, bins=bins, weights=[histogram[n] for n in lengths], color="#55a868")
    axes.set_title("game length")
    axes.set_xlabel("decisions in the game")
    axes.set_ylabel("games")
    return png(figure)


def warnings_html(checks: Sequence[Check], mixed_bots: bool) -> str:
    flagged = [check for check in checks if check.warning]
    parts = ["<h2>Balance warnings</h2>"]
    if flagged:
        parts.append(
            "<ul>"
            + "".join(f'<li class="warn">{escape(c.describe())}</li>' for c in flagged)
            + "</ul>"
        )
    else:
        parts.append(
            '<p class="ok">No seat, turn position or role wins more or less than its fair share '
            "beyond chance.</p>"
        )
    parts.append(f'<p class="note">Test: {escape(method_text(checks))}.')
    if mixed_bots:
        parts.append(
            " The seats hold different bots, so a seat's or position's share may be its bot's: "
            "--rotate moves the bots over the seats."
        )
    parts.append("</p>")
    body = [
        (
            c.kind,
            c.name,
            c.games,
            _percent(c.win_rate),
            _percent(c.share),
            f"{c.p_value:.3g}",
            f"{c.adjusted:.3g}",
            "warning" if c.warning else "within chance",
        )
        for c in checks
    ]
    header = ("by", "group", "games", "win rate", "fair share", "p", "Holm p", "result")
    parts.append(table(header, body))
    return "".join(parts)


def figures_html(report: Report) -> str:
    if not report.statistics:
        return ""
    body = [
        (key, f"{s.mean:.2f}", f"{s.sd:.2f}", f"{s.minimum:g}", f"{s.maximum:g}")
        for key, s in sorted(report.statistics.items())
    ]
    return f"<h2>The game's figures (over {report.games} games)</h2>" + table(
        ("figure", "mean", "sd", "min", "max"), body
    )


def report_html(report: Report, rows: Sequence[Row], game: Any) -> str:
    """One run's sections: warnings, win rates by seat, turn position, role and bot, scores,
    length, the game's figures."""
    seat_names = [game.seat_name(seat) for seat in range(game.players)]
    share = 1 / game.players
    parts = [
        warnings_html(
            balance_checks(report, seat_names), len(report.bots) > 1 and not report.rotate
        )
    ]
    groups: list[tuple[str, str, list[str], list[Tally]]] = [
        ("by seat", "seat", seat_names, list(report.lines)),
        (
            "by turn position",
            "position",
            [f"{line.position + 1}" for line in report.position_lines()],
            list(report.position_lines()),
        ),
        ("by role", "role", [line.role for line in report.role_lines()], list(report.role_lines())),
        ("by bot", "bot", [line.code for line in report.bot_lines()], list(report.bot_lines())),
    ]
    for title, first, names, lines in groups:
        if not lines:
            continue
        parts.append(f"<h2>Win rate {title}</h2>")
        parts.append(win_rate_plot(f"win rate {title}", names, lines, share))
        parts.append(tally_table(first, names, lines))
    if report.rotate:
        parts.append('<p class="note">Seat codes rotated over the seats game by game.</p>')
    else:
        parts.append(
            '<p class="note">Bots: '
            + escape(", ".join(f"{n}: {c}" for n, c in zip(seat_names, report.seats, strict=True)))
            + "</p>"
        )
    if rows:
        parts.append("<h2>Scores</h2>" + score_plot(rows, seat_names))
    length = report.length
    parts.append("<h2>Game length</h2>" + length_plot(report))
    parts.append(
        f"<p>mean {length.mean:.1f}, sd {length.sd:.1f}, min {length.minimum:g}, "
        f"median {length.quantile(0.5):g}, max {length.maximum:g} decisions"
        + (f"; {report.unfinished} games hit the cap" if report.unfinished else "")
        + "</p>"
    )
    parts.append(figures_html(report))
    return "".join(parts)


def comparison_html(labels: Sequence[str], reports: Sequence[Report], game: Any) -> str:
    """Variants against the first: each win rate's difference with its 95% interval."""
    base = reports[0]
    seat_names = [game.seat_name(seat) for seat in range(game.players)]
    keys: list[tuple[str, tuple[str, int | str]]] = [
        (f"{name} win rate", ("seat", s)) for s, name in enumerate(seat_names)
    ]
    keys += [(f"turn position {p + 1} win rate", ("position", p)) for p in sorted(base.positions)]
    keys += [(f"{role} win rate", ("role", role)) for role in sorted(base.roles)]
    body: list[list[str]] = []
    diffs: dict[str, list[tuple[float, float, float]]] = {}
    for title, key in keys:
        row = [title]
        base_line = _line(base, key)
        row.append(_percent(base_line.win_rate) if base_line else "-")
        for label, report in zip(labels[1:], reports[1:], strict=True):
            line = _line(report, key)
            if base_line is None or line is None:
                row.append("-")
                continue
            d, low, high = difference_interval(
                base_line.wins, base_line.games, line.wins, line.games
            )
            mark = " significant" if low > 0 or high < 0 else ""
            row.append(
                f"{_percent(line.win_rate)}: {100 * d:+.1f} ({100 * low:+.1f} to {100 * high:+.1f})"
                + mark
            )
            diffs.setdefault(label, []).append((d, low, high))
        body.append(row)
    body.append(
        ["mean game length", *(f"{r.length.mean:.1f} ± {r.length.sd:.1f}" for r in reports)]
    )
    body.append(["unfinished", *(str(r.unfinished) for r in reports)])
    parts = [
        f"<h2>Variants compared with {escape(labels[0])} "
        f"({base.games} games each, same seeds)</h2>",
        table(("", *labels), body),
        '<p class="note">Each variant: win rate, then its difference from the first in percentage '
        "points with the 95% Newcombe (hybrid score) interval; significant: the interval excludes "
        "0 (5% level, each comparison on its own).</p>",
    ]
    figure = Figure(figsize=(max(5.0, 0.8 * len(keys) + 2), 3.4))
    axes = figure.subplots()
    width = 0.8 / max(1, len(diffs))
    for offset, (label, values) in enumerate(diffs.items()):
        xs = [i + offset * width for i in range(len(values))]
        ds = [100 * d for d, _, _ in values]
        errors = [
            [max(0.0, 100 * (d - lo)) for d, lo, _ in values],
            [max(0.0, 100 * (hi - d)) for d, _, hi in values],
        ]
        axes.bar(xs, ds, width=width, yerr=errors, capsize=3, label=label)
    axes.axhline(0, color="#444", linewidth=0.8)
    axes.set_xticks(range(len(keys)), [title.replace(" win rate", "") for title, _ in keys])
    axes.tick_params(axis="x", labelrotation=30)
    axes.set_ylabel(f"win rate minus {labels[0]} (points)")
    axes.legend(fontsize="small")
    parts.append(png(figure))
    return "".join(parts)


def _line(report: Report, key: tuple[str, int | str]) -> Tally | None:
    kind, which = key
    if isinstance(which, int):
        return report.lines[which] if kind == "seat" else report.positions.get(which)
    return report.roles.get(which)


def page(title: str, body: str) -> str:
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{escape(title)}</title><style>{STYLE}</style></head>"
        f"<body><h1>{escape(title)}</h1>{body}</body></html>\n"
    )


def settings_text(report: Report, game: Any) -> str:
    """The report's options that differ from the defaults, and which data it ran."""
    text: str = game.settings(report.options)
    return text


def write_report(
    path: Path, labels: Sequence[str], reports: Sequence[Report], rows: Mapping[str, Sequence[Row]]
) -> None:
    """The simulation's report: one run, or variants side by side and then each in full."""
    first = reports[0]
    game = make(first.game, len(first.seats), **first.options)
    title = f"{game.spec.title}: balance report"
    intro = (
        f"<p>{first.games} games a run, seed {first.seed}, seats "
        f"{escape(', '.join(first.seats))}{' rotated' if first.rotate else ''}; rules version "
        f"{game.spec.version}. Win rates: tied winners share a win; 95% Wilson intervals.</p>"
    )
    sections = [intro]
    if len(reports) > 1:
        sections.append(comparison_html(labels, reports, game))
    for label, report in zip(labels, reports, strict=True):
        configured = make(report.game, len(report.seats), **report.options)
        if len(reports) > 1:
            sections.append(
                f"<h1>{escape(label)}: {escape(settings_text(report, configured))}</h1>"
            )
        else:
            sections.append(f"<p>{escape(settings_text(report, configured))}</p>")
        sections.append(report_html(report, rows.get(label, ()), configured))
    path.write_text(page(title, "".join(sections)), encoding="utf-8")


def _axis_values(cells: Sequence[Any], name: str) -> list[Any]:
    seen: list[Any] = []
    for cell in cells:
        if cell.values[name] not in seen:
            seen.append(cell.values[name])
    return seen


def sweep_line_plot(varies: Sequence[Any], cells: Sequence[Any], figure_name: str) -> str:
    """The figure across the first varied value, one line (with 95% error bars) per
    combination of the others."""
    from tycoon.sim.sweep import estimate, value_text

    first = varies[0].name
    others = [vary.name for vary in varies[1:]]
    figure = Figure(figsize=(6.5, 3.4))
    axes = figure.subplots()
    series: dict[str, list[Any]] = {}
    for cell in cells:
        label = ", ".join(f"{n}={value_text(cell.values[n])}" for n in others) or figure_name
        series.setdefault(label, []).append(cell)
    numeric = all(
        isinstance(cell.values[first], int | float) and not isinstance(cell.values[first], bool)
        for cell in cells
    )
    axis = _axis_values(cells, first)
    # Several lines at the same x would hide each other's error bars: each is nudged aside by a
    # small step (a category's place is its index).
    places = sorted(axis) if numeric else list(range(len(axis)))
    gaps = [b - a for a, b in pairwise(places)]
    nudge = 0.06 * min(gaps, default=1.0) if len(series) > 1 else 0.0
    for index, (label, members) in enumerate(series.items()):
        shift = (index - (len(series) - 1) / 2) * nudge
        xs = [
            (cell.values[first] if numeric else axis.index(cell.values[first])) + shift
            for cell in members
        ]
        found = [estimate(cell.report, figure_name) for cell in members]
        scale = 100.0 if found and found[0].rate else 1.0
        ys = [scale * f.value for f in found]
        errors = [
            [max(0.0, scale * (f.value - f.low)) for f in found],
            [max(0.0, scale * (f.high - f.value)) for f in found],
        ]
        axes.errorbar(xs, ys, yerr=errors, marker="o", capsize=3, label=label)
    rate = estimate(cells[0].report, figure_name).rate
    if not numeric:
        axes.set_xticks(places, [value_text(v) for v in axis])
    else:
        ticks = numeric_ticks(axis)
        if ticks is not None:
            axes.set_xticks(ticks, [value_text(v) for v in ticks])
        elif all(isinstance(v, int) for v in axis):
            axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    axes.set_xlabel(first)
    axes.set_ylabel(f"{figure_name}{' (%)' if rate else ''}, 95% interval")
    axes.set_title(f"{figure_name} across {first}")
    if len(series) > 1:
        axes.legend(fontsize="small")
    return png(figure)


def sweep_heat_map(varies: Sequence[Any], cells: Sequence[Any], figure_name: str) -> str:
    """The figure over the first two varied values as a heat map, each cell's value written."""
    from tycoon.sim.sweep import estimate, value_text

    rows_name, columns_name = varies[0].name, varies[1].name
    rows_axis = _axis_values(cells, rows_name)
    columns_axis = _axis_values(cells, columns_name)
    grid = [[math_nan()] * len(columns_axis) for _ in rows_axis]
    rate = False
    for cell in cells:
        found = estimate(cell.report, figure_name)
        rate = found.rate
        i = rows_axis.index(cell.values[rows_name])
        j = columns_axis.index(cell.values[columns_name])
        grid[i][j] = 100 * found.value if rate else found.value
    figure = Figure(
        figsize=(max(4.0, 0.9 * len(columns_axis) + 2.5), max(3.0, 0.5 * len(rows_axis) + 1.5))
    )
    axes = figure.subplots()
    image = axes.imshow(grid, cmap="viridis", aspect="auto", origin="lower")
    figure.colorbar(image, ax=axes, label=f"{figure_name}{' (%)' if rate else ''}")
    axes.set_xticks(range(len(columns_axis)), [value_text(v) for v in columns_axis])
    axes.set_yticks(range(len(rows_axis)), [value_text(v) for v in rows_axis])
    axes.set_xlabel(columns_name)
    axes.set_ylabel(rows_name)
    axes.set_title(f"{figure_name}")
    shown = [value for row in grid for value in row if value == value]
    low, high = min(shown, default=0.0), max(shown, default=0.0)
    for i, row in enumerate(grid):
        for j, value in enumerate(row):
            # Dark text on the light end of the colour map, light text on the dark end.
            light = high > low and (value - low) / (high - low) > 0.55
            axes.text(
                j,
                i,
                f"{value:.1f}",
                ha="center",
                va="center",
                color="black" if light else "white",
                fontsize=8,
            )
    return png(figure)


MOST_TICKS = 12


def numeric_ticks(values: Sequence[float]) -> list[float] | None:
    """The x ticks of a sweep's line plot over numeric values: exactly the values swept when
    there are few (a sweep over 8 and 10 is read at 8 and 10, not at 8.25 or 9.5), else None
    (matplotlib's own ticks, whole numbers only when every value is one)."""
    ordered = sorted(set(values))
    if len(ordered) <= MOST_TICKS:
        return ordered
    return None


def math_nan() -> float:
    return float("nan")


def write_sweep_report(
    path: Path, title: str, varies: Sequence[Any], cells: Sequence[Any], figures: Sequence[str]
) -> None:
    """A sweep's report: the table of figures across the grid, a line plot of each figure, and a
    heat map of each over the first two varied values."""
    from tycoon.sim.sweep import estimate, value_text

    names = [vary.name for vary in varies]
    body = [
        [
            *(value_text(cell.values[n]) for n in names),
            *(estimate(cell.report, f).text() for f in figures),
        ]
        for cell in cells
    ]
    parts = [
        f"<p>{len(cells)} cells, {cells[0].report.games} games each on the same seeds (common "
        "random numbers); seats "
        f"{escape(', '.join(cells[0].report.seats))}. Each figure with its 95% interval (Wilson "
        "for win rates, normal for means).</p>",
        table((*names, *figures), body),
    ]
    for name in figures:
        parts.append(f"<h2>{escape(name)}</h2>")
        parts.append(sweep_line_plot(varies, cells, name))
        if len(varies) >= 2:
            parts.append(sweep_heat_map(varies, cells, name))
    path.write_text(page(title, "".join(parts)), encoding="utf-8")


def write_tune_report(
    path: Path,
    title: str,
    names: Sequence[str],
    tuning: Any,
    figures: Sequence[str],
    played: str = "",
) -> None:
    """A search's report: the best settings with their figures, every trial, and each varied
    value against the distance from the target; ``played`` says who played (seats, base
    options)."""
    from tycoon.sim.sweep import estimate, value_text

    best = tuning.best
    settings = ", ".join(f"{n}={value_text(best.values[n])}" for n in names)
    header = ["figure", f"search ({best.cell.report.games} games)"]
    if tuning.confirmed is not None:
        header.append(f"fresh seeds ({tuning.confirmed.report.games} games)")
    body = []
    for name in figures:
        row = [name, estimate(best.cell.report, name).text()]
        if tuning.confirmed is not None:
            row.append(estimate(tuning.confirmed.report, name).text())
        body.append(row)
    parts = [
        f"<p>Target {escape(tuning.target.text)}; {escape(tuning.tried_text())} (Optuna, TPE "
        "sampler), each on the same seeds. Best: <b>"
        f"{escape(settings)}</b>. Figures with 95% intervals; the fresh seeds' figures are the "
        f"ones to trust.</p><p>{escape(played[:1].upper() + played[1:])}</p>",
        table(header, body),
    ]
    figure = Figure(figsize=(4.0 * max(1, len(names)), 3.2))
    axes_list = figure.subplots(1, max(1, len(names)), squeeze=False)[0]
    for axes, name in zip(axes_list, names, strict=False):
        xs = [
            trial.values[name]
            if not isinstance(trial.values[name], str)
            else value_text(trial.values[name])
            for trial in tuning.trials
        ]
        axes.scatter(xs, [trial.distance for trial in tuning.trials], color="#4c72b0")
        numbers = [x for x in xs if not isinstance(x, str)]
        if len(numbers) == len(xs):
            ticks = numeric_ticks(numbers)
            if ticks is not None:
                axes.set_xticks(ticks, [value_text(v) for v in ticks])
        axes.set_xlabel(name)
        axes.set_ylabel(f"distance from {tuning.target.text}")
    parts.append(png(figure))
    trials = [
        [str(t.number + 1), *(value_text(t.values[n]) for n in names), f"{t.distance:.4g}"]
        for t in tuning.ranked()
    ]
    parts.append("<h2>Trials, closest first</h2>" + table(("trial", *names, "distance"), trials))
    path.write_text(page(title, "".join(parts)), encoding="utf-8")
