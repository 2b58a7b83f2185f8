"""``tycoon tune``: search game options and data fields toward a target with Optuna (the search
lives in :mod:`tycoon.sim.tune`; this module reads the command line and prints)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from tycoon.cli.sweep import FigureOption, SeatsOption, VaryOption, console, make_plan, plan_text
from tycoon.cli.terminal import progress_bar
from tycoon.core import OptionError
from tycoon.sim.frame import check_writable, require
from tycoon.sim.sweep import (
    Cell,
    Vary,
    check_figures,
    default_figures,
    estimate,
    executor_for,
    parse_vary,
    value_text,
)
from tycoon.sim.tune import TARGET_HELP, Tuning, parse_target, tune


def tune_command(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help="the game, e.g. water-rights")],
    vary: VaryOption,
    target: Annotated[str, typer.Option(help=f"what to aim for: {TARGET_HELP}")],
    trials: Annotated[int, typer.Option(help="settings to try", min=1)] = 20,
    games_count: Annotated[int, typer.Option("-n", "--games", help="games a trial", min=1)] = 200,
    confirm: Annotated[
        int | None,
        typer.Option(help="games to replay the best settings on fresh seeds (default: -n)", min=0),
    ] = None,
    seats: SeatsOption = None,
    seed: Annotated[int, typer.Option(help="run seed: every trial plays the same seeds")] = 1,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="worker processes", min=1)] = 1,
    rotate: Annotated[bool, typer.Option(help="rotate the seat codes game by game")] = False,
    figure: FigureOption = None,
    html_out: Annotated[
        Path | None, typer.Option("--report", help="write an HTML report of the search")
    ] = None,
    dask: Annotated[str | None, typer.Option(help="run on a Dask scheduler (\\[dask])")] = None,
) -> None:
    """Search game options or data fields toward a target with Optuna, e.g. --vary
    economy.king.treasury=150..300 --target equal-roles; report the best settings with their
    figures and 95% intervals, measured again on fresh seeds."""
    require("optuna")
    plan = make_plan(game, list(ctx.args), seats, games_count, seed, rotate, jobs)
    varies: list[Vary] = [parse_vary(plan.spec, text) for text in vary]
    names = [v.name for v in varies]
    if len(set(names)) != len(names):
        raise OptionError("each --vary names a different option or field")
    aim = parse_target(target)
    check_figures(plan, [aim.figure, *(figure or [])])
    if html_out is not None:
        check_writable(html_out, "--report")
        require("matplotlib")
    replay = games_count if confirm is None else confirm
    tuning = Tuning(aim, [])
    interrupted = False
    total = trials * games_count + replay
    with executor_for(jobs, dask) as executor, progress_bar() as bar:
        task = bar.add_task(f"{plan.game} tune", total=total)
        try:
            tune(plan, varies, aim, trials, replay, executor, lambda _: bar.advance(task), tuning)
        except KeyboardInterrupt:
            interrupted = True
            tuning.best = tuning.ranked()[0] if tuning.trials else None
    if tuning.best is None:
        if interrupted:
            raise KeyboardInterrupt
        return
    figures = list(
        dict.fromkeys([aim.figure, *(figure or default_figures(tuning.best.cell.report))])
    )
    show_tuning(plan.spec.title, names, tuning, figures)
    console.print(escape(plan_text(plan)), soft_wrap=True)
    if html_out is not None:
        from tycoon.sim.html import write_tune_report

        write_tune_report(
            html_out, f"{plan.spec.title}: tuning", names, tuning, figures, plan_text(plan)
        )
        console.print(f"HTML report written to {html_out}")
    if interrupted:
        console.print(
            f"[yellow]interrupted after {len(tuning.trials) + tuning.repeats} of {trials} "
            "trials; the best of those is shown[/yellow]"
        )
        raise typer.Exit(130)


def show_tuning(title: str, names: list[str], tuning: Tuning, figures: list[str]) -> None:
    best = tuning.best
    assert best is not None
    settings = ", ".join(f"{n}={value_text(best.values[n])}" for n in names)
    console.print(
        f"[bold]{title}[/bold]: best of {tuning.tried_text()} for "
        f"{tuning.target.text}: [bold]{settings}[/bold]"
    )
    table = Table(title="the best settings' figures (95% intervals)")
    table.add_column("figure")
    table.add_column(f"search ({best.cell.report.games} games)", justify="right")
    confirmed: Cell | None = tuning.confirmed
    if confirmed is not None:
        table.add_column(f"fresh seeds ({confirmed.report.games} games)", justify="right")
    for name in figures:
        cells = [estimate(best.cell.report, name).text()]
        if confirmed is not None:
            cells.append(estimate(confirmed.report, name).text())
        table.add_row(name, *cells)
    console.print(table)
    ranked = Table(title="trials, closest first")
    for column in ("trial", *names, "distance"):
        ranked.add_column(column, justify="right")
    for trial in tuning.ranked()[:10]:
        ranked.add_row(
            str(trial.number + 1),
            *(value_text(trial.values[n]) for n in names),
            f"{trial.distance:.4g}",
        )
    console.print(ranked)
    console.print(
        f"distance: |{tuning.target.figure} - {tuning.target.value:g}| on the search's seeds "
        "(win rates as fractions). Trust the fresh seeds' figures: the search picks a setting that "
        "was also lucky."
    )
