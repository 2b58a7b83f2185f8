"""``tycoon sweep`` and ``tycoon tune``: seeded games over a grid of options and data fields, and
a search of them toward a target (the logic lives in :mod:`tycoon.sim.sweep` and
:mod:`tycoon.sim.tune`; this module reads the command line and prints)."""

from __future__ import annotations

import csv
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from tycoon.cli.options import parse_game_options, parse_seats
from tycoon.cli.play import HUMAN
from tycoon.cli.terminal import make_console, progress_bar
from tycoon.core import OptionError, get_spec, make
from tycoon.core.errors import UnknownBotError
from tycoon.sim.frame import check_writable, require
from tycoon.sim.sweep import (
    FIGURE_HELP,
    Cell,
    Plan,
    Vary,
    cell_table,
    check_figures,
    default_figures,
    estimate,
    executor_for,
    grid,
    parse_vary,
    sweep,
    value_text,
)

console = make_console()

VaryOption = Annotated[
    list[str],
    typer.Option(
        "--vary",
        help="name=low..high:step or name=a,b,c: a game option or a data field (file.key)",
    ),
]
FigureOption = Annotated[
    list[str] | None,
    typer.Option("--figure", help=f"a figure to show (repeatable): {FIGURE_HELP}"),
]


SeatsOption = Annotated[
    str | None,
    typer.Option(
        help="bot seat codes, e.g. greedy,random (default: random in each of the game's usual "
        "seats)"
    ),
]


def plan_text(plan: Plan) -> str:
    """Who played and with what: said under a sweep's or a tuning's figures."""
    seats = ", ".join(plan.seats) + (" rotated" if plan.rotate else "")
    base = make(plan.game, len(plan.seats), **plan.base)
    return f"seats {seats}; base options: {base.settings()}"


def make_plan(
    game: str,
    words: list[str],
    seats: str | None,
    games_count: int,
    seed: int,
    rotate: bool,
    jobs: int,
) -> Plan:
    spec = get_spec(game)
    base = {
        name: spec.option(name).validate(v) for name, v in parse_game_options(spec, words).items()
    }
    seat_list = parse_seats(seats) if seats is not None else ["random"] * spec.default_players
    if HUMAN in seat_list:
        raise UnknownBotError("sweeps seat bots only (human is for tycoon play)")
    return Plan(spec.name, tuple(seat_list), base, games_count, seed, rotate, jobs)


def show_cells(
    title: str, varies: Sequence[str], cells: Sequence[Cell], figures: list[str]
) -> None:
    table = Table(title=title)
    for name in varies:
        table.add_column(name)
    # Each figure on two lines, its value over its interval: the table stays as narrow as its
    # numbers, and a narrow terminal folds an interval rather than cutting it with an ellipsis
    # (its bounds are the point).
    texts = [
        [estimate(cell.report, name).text().replace(" (", "\n(", 1) for name in figures]
        for cell in cells
    ]
    for name in figures:
        table.add_column(name, justify="right", overflow="fold")
    for cell, row in zip(cells, texts, strict=True):
        table.add_row(*(value_text(cell.values[name]) for name in varies), *row)
    console.print(table)
    console.print(
        "Each figure with its 95% interval (Wilson for win rates, normal for means); every cell "
        "played the same seeds."
    )


def write_table_csv(path: Path, rows: list[dict[str, object]]) -> None:
    with open(path, "w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]) if rows else [])
        writer.writeheader()
        writer.writerows(rows)


def sweep_command(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help="the game, e.g. my-city")],
    vary: VaryOption,
    games_count: Annotated[int, typer.Option("-n", "--games", help="games a cell", min=1)] = 200,
    seats: SeatsOption = None,
    seed: Annotated[int, typer.Option(help="run seed: every cell plays the same seeds")] = 1,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="worker processes", min=1)] = 1,
    rotate: Annotated[bool, typer.Option(help="rotate the seat codes game by game")] = False,
    figure: FigureOption = None,
    html_out: Annotated[
        Path | None, typer.Option("--report", help="write an HTML report with plots")
    ] = None,
    csv_out: Annotated[
        Path | None, typer.Option("--csv", help="write one row per cell (CSV)")
    ] = None,
    dask: Annotated[str | None, typer.Option(help="run on a Dask scheduler (\\[dask])")] = None,
) -> None:
    """Play the same seeded games over a grid of game options or data fields and tabulate
    figures across it, e.g. --vary size=8..12:2 --vary map=square,hex. Base game options follow
    as --name value."""
    plan = make_plan(game, list(ctx.args), seats, games_count, seed, rotate, jobs)
    varies: list[Vary] = [parse_vary(plan.spec, text) for text in vary]
    names = [v.name for v in varies]
    if len(set(names)) != len(names):
        raise OptionError("each --vary names a different option or field")
    for path, flag in ((html_out, "--report"), (csv_out, "--csv")):
        if path is not None:
            check_writable(path, flag)
    if html_out is not None:
        require("matplotlib")
    if figure:
        check_figures(plan, figure)
    cells_total = len(grid(varies))
    cells: list[Cell] = []
    interrupted = False
    with executor_for(jobs, dask) as executor, progress_bar() as bar:
        task = bar.add_task(f"{plan.game} sweep", total=cells_total * games_count)
        try:
            sweep(plan, varies, executor, lambda _: bar.advance(task), cells)
        except KeyboardInterrupt:
            interrupted = True
    if not cells:
        if interrupted:
            raise KeyboardInterrupt
        return
    figures = list(figure) if figure else default_figures(cells[0].report)
    title = f"{plan.spec.title}: {games_count} games a cell, seed {seed}"
    show_cells(title, names, cells, figures)
    console.print(escape(plan_text(plan)), soft_wrap=True)
    if csv_out is not None:
        write_table_csv(csv_out, cell_table(cells, figures))
        console.print(f"{len(cells)} cells written to {csv_out}")
    if html_out is not None:
        from tycoon.sim.html import write_sweep_report

        write_sweep_report(html_out, title, varies, cells, figures)
        console.print(f"HTML report written to {html_out}")
    if interrupted:
        console.print(
            f"[yellow]interrupted: {len(cells)} of {cells_total} cells finished; "
            "these are their figures[/yellow]"
        )
        raise typer.Exit(130)
