"""``tycoon tournament``: bots against each other with rotated seatings, win rates with 95%
intervals, a head-to-head table and openskill ratings (the work: :mod:`tycoon.sim.tournament`)."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from tycoon.cli.options import parse_game_options
from tycoon.cli.terminal import make_console, progress_bar
from tycoon.core import get_spec, make
from tycoon.sim.tournament import (
    Played,
    ResultsFile,
    TournamentReport,
    lineups,
    parse_entries,
    play_tournament,
    results_header,
    tasks,
)


def tournament(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help="the game, e.g. estates")],
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            help="seat codes taking turns at the seats, e.g. ismcts,greedy,random "
            "(repeat one to give it more seats: ismcts,greedy,greedy,greedy)",
        ),
    ],
    games_count: Annotated[int, typer.Option("-n", "--games", help="how many games", min=1)] = 120,
    players: Annotated[
        int | None, typer.Option(help="seats at the table (default: the game's)")
    ] = None,
    seed: Annotated[int, typer.Option(help="tournament seed: the same seed, the same games")] = 1,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="worker processes", min=1)] = 1,
    json_out: Annotated[bool, typer.Option("--json", help="print the report as JSON")] = False,
    results: Annotated[
        Path | None,
        typer.Option(
            "--results",
            help="keep every finished game in this file (JSON lines) and resume from it: games "
            "already there are read, not played again",
            dir_okay=False,
        ),
    ] = None,
) -> None:
    """Play bots against each other, every bot at every seat equally often, and rank them.

    Game g seats the (g + s)-th listed bot at seat s (wrapping round), so over as many games as
    there are listed bots each seat has each of them once. Game options follow the bots
    (e.g. --parks). With --results a stopped tournament goes on where it stopped: run the same
    command again."""
    spec = get_spec(game)
    options = parse_game_options(spec, list(ctx.args))
    configured = make(spec.name, players, **options)
    entries = parse_entries(bots)
    console = make_console()
    err = make_console(stderr=True)
    planned = tasks(spec.name, configured.players, dict(configured.options), entries, seed)
    kept = None
    if results is not None:
        header = results_header(
            spec.name, configured.players, dict(configured.options), entries, seed
        )
        kept = ResultsFile(results, header, lineups(entries, configured.players))
        if kept.done:
            with err.status("checking that the bots still play the file's last game as written"):
                kept.check_still_played(planned)
    done = dict(kept.done) if kept is not None else {}
    stopped = False
    read = sum(1 for number in done if number < games_count)
    with contextlib.ExitStack() as stack:
        if kept is not None:
            stack.enter_context(kept)
        progress = stack.enter_context(progress_bar(quiet=json_out))
        bar = progress.add_task(f"{spec.name} tournament", total=games_count, completed=read)

        def finished(played: Played) -> None:
            if kept is not None:
                kept.add(played)
            progress.advance(bar)

        try:
            report = play_tournament(
                spec.name,
                configured.players,
                dict(configured.options),
                entries,
                games_count,
                seed,
                jobs=jobs,
                on_game=finished,
                done=done,
            )
        except KeyboardInterrupt:
            if kept is None:
                raise
            stopped = True
    if kept is not None:
        assert results is not None
        have = sum(1 for number in kept.done if number < games_count)
        played = have - read
        err.print(
            f"{escape(str(results))}: {read} games read, {played} played, "
            f"{have} of {games_count} kept",
            highlight=False,
            soft_wrap=True,
        )
        if stopped:
            err.print(
                "[yellow]interrupted[/yellow]: run the same command to go on where it stopped"
            )
            raise typer.Exit(130)
    if json_out:
        print(json.dumps(report.to_json(), indent=1))
        return
    for table in report_tables(report, spec.title):
        console.print(table)
    console.print(f"options: {escape(configured.settings())}", soft_wrap=True)
    console.print(
        "Win rate: wins per seat played (tied winners share a win), 95% Wilson interval; fair "
        "share: one seat's chance if all were equal. Head to head: how often the row's bot "
        "finished ahead of the column's where both played (ties count a half). Ratings: "
        "openskill Plackett-Luce; ordinal = mu - 3 sigma."
    )


def _percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def report_tables(report: TournamentReport, title: str) -> list[Table]:
    ratings = report.ratings()
    results = Table(
        title=f"{title}: {report.games} games, {report.players} seats, seed {report.seed}"
    )
    for column in (
        "bot",
        "seats",
        "wins",
        "win rate",
        "95% interval",
        "fair share",
        "x fair",
        "mu",
        "sigma",
        "ordinal",
    ):
        results.add_column(column, justify="left" if column == "bot" else "right")
    for line in sorted(report.lines(), key=lambda line: -ratings[line.code].ordinal):
        low, high = line.interval
        rating = ratings[line.code]
        results.add_row(
            line.code,
            str(line.seats),
            f"{line.wins:g}",
            _percent(line.win_rate),
            f"{_percent(low)} - {_percent(high)}",
            _percent(line.fair_share),
            f"{line.win_rate / line.fair_share:.2f}" if line.fair_share else "-",
            f"{rating.mu:.2f}",
            f"{rating.sigma:.2f}",
            f"{rating.ordinal:.2f}",
        )
    pairs = report.head_to_head()
    codes = report.bots
    head = Table(title="head to head: row finished ahead of column")
    head.add_column("")
    for code in codes:
        head.add_column(code, justify="right")
    for a in codes:
        cells = []
        for b in codes:
            ahead, count = pairs.get((a, b), (0.0, 0))
            cells.append(f"{_percent(ahead / count)} ({count})" if count else "-")
        head.add_row(a, *cells)
    return [results, head]
