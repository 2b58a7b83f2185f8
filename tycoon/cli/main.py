"""The ``tycoon`` command: list games, play in the terminal, simulate, replay records."""

from __future__ import annotations

import inspect
import json
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
from rich.rule import Rule
from rich.table import Table

import tycoon
from tycoon import compiled
from tycoon.cli.accelerate import accelerate
from tycoon.cli.files import (
    AtomicFile,
    RecordSlot,
    WholeFile,
    check_writable,
    load_reference,
    same_file,
)
from tycoon.cli.options import fresh_seed, parse_game_options, parse_seats, short_form
from tycoon.cli.pictures import write_pictures
from tycoon.cli.play import HUMAN, PlaySession, RecordStore, seat_names
from tycoon.cli.sweep import SeatsOption, sweep_command
from tycoon.cli.tallies import difference_cells, ordinal, show_tallies
from tycoon.cli.terminal import StopRequest, make_console, progress_bar, read_line
from tycoon.cli.tournament import tournament
from tycoon.cli.tune import tune_command
from tycoon.core import (
    Match,
    OptionError,
    TycoonError,
    get_spec,
    make,
)
from tycoon.core import (
    replay as replay_record,
)
from tycoon.core.errors import UnknownBotError
from tycoon.core.players import bots_for, make_bot
from tycoon.core.record import split_reference
from tycoon.core.rng import SeededRng
from tycoon.sim import GameTask, Report, Summary, wilson_interval
from tycoon.sim import simulate as run_simulation
from tycoon.sim.outputs import Outputs
from tycoon.sim.report import Tally
from tycoon.sim.runner import check_task

app = typer.Typer(
    help="tycoon: real-estate and city-building board games, exactly by their rules.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
)

GAME_OPTIONS = {"allow_extra_args": True, "ignore_unknown_options": True}
console = make_console()


def _default_seats(game_name: str, players: int) -> list[str]:
    codes = {entry.code for entry in bots_for(game_name)}
    bot = "greedy" if "greedy" in codes else "random"
    return [HUMAN] + [bot] * (players - 1)


def _check_seats(game: Any, seats: list[str]) -> None:
    for seat, code in enumerate(seats):
        if code != HUMAN:
            make_bot(code, game, seat, SeededRng(0))


def _shown(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if value == "":
        return '""'  # the empty text, as it is given: --name ""
    return str(value)


@app.command()
def games(
    name: Annotated[str | None, typer.Argument(help="show one game's options and bots")] = None,
) -> None:
    """The games, their player counts, options with defaults, and bots."""
    if name is not None:
        spec = get_spec(name)
        console.print(f"[bold]{spec.title}[/bold] ({spec.name}): {spec.summary}")
        console.print(
            f"players {spec.min_players}-{spec.max_players} (default {spec.default_players}); "
            f"{spec.dynamics.value}, {spec.information.value} information, "
            f"chance {spec.chance.value}; rules version {spec.version}"
        )
        if spec.aliases:
            console.print("also called: " + ", ".join(spec.aliases))
        table = Table(title="options (tycoon play/simulate ... --name value)")
        for column in ("option", "values", "default", "what it does"):
            table.add_column(column)
        for option in spec.options:
            table.add_row(
                f"--{option.name}", option.describe_kind(), _shown(option.default), option.help
            )
        console.print(table)
        bots = Table(title="seat codes (--seats)")
        bots.add_column("code")
        bots.add_column("parameters")
        bots.add_column("plays")
        bots.add_row(HUMAN, "", "a person at this terminal")
        for entry in bots_for(spec.name):
            bots.add_row(entry.code, ", ".join(entry.params), entry.summary)
        console.print(bots)
        return
    table = Table(title="tycoon games")
    for column in ("game", "title", "players", "options (default)", "bots"):
        table.add_column(column)
    for spec in tycoon.game_specs():
        options = ", ".join(f"{o.name}={_shown(o.default)}" for o in spec.options)
        codes = ", ".join(entry.code for entry in bots_for(spec.name))
        table.add_row(
            spec.name, spec.title, f"{spec.min_players}-{spec.max_players}", options, codes
        )
    console.print(table)
    console.print("More on one game: [bold]tycoon games NAME[/bold]")


@app.command(context_settings=GAME_OPTIONS)
def play(
    ctx: typer.Context,
    game: Annotated[str | None, typer.Argument(help="the game, e.g. my-city")] = None,
    seats: Annotated[
        str | None, typer.Option(help="seat codes in seat order, e.g. human,greedy,random")
    ] = None,
    seed: Annotated[int | None, typer.Option(help="seed for a repeatable game")] = None,
    save: Annotated[
        Path | None, typer.Option(help="keep the game record in this file, after every move")
    ] = None,
    resume: Annotated[
        str | None, typer.Option(help="go on with a saved game (FILE or FILE#N)")
    ] = None,
    delay: Annotated[float, typer.Option(help="seconds to pause after each bot move")] = 0.0,
    plain: Annotated[bool, typer.Option(help="no colours")] = False,
) -> None:
    """Play in the terminal. Game options follow as --name value (see: tycoon games NAME)."""
    out = make_console(plain) if plain else console
    store: RecordStore | None = None
    changes: list[str] = []
    if resume is not None:
        if ctx.args:
            raise OptionError("a resumed game keeps its own options; give none with --resume")
        path_text, number, numbered = split_reference(resume)
        record = load_reference(resume)
        if game is not None and get_spec(game).name != record.game:
            raise OptionError(
                f"{resume} holds a game of {record.game}, not {get_spec(game).name} "
                "(with --resume the game name may be left out)"
            )
        match = Match.from_record(record)
        if match.is_over():
            raise OptionError("that game is already over (watch it with tycoon replay)")
        saved = list(record.seats)
        seat_list = parse_seats(seats) if seats is not None else saved
        if len(seat_list) != match.game.players:
            if seats is None and not saved:
                raise OptionError("the saved game does not say who sits where; give --seats")
            raise OptionError(
                f"the saved game has {match.game.players} seats; give --seats for each"
            )
        _check_seats(match.game, seat_list)
        changes = _seat_changes(match, saved, seat_list)
        match.seats = tuple(seat_list)
        if save is not None:
            check_writable(save, "--save")
            if same_file(save, Path(path_text)):
                store = RecordSlot(Path(path_text), number, record)
            else:
                store = WholeFile(save)
        elif not numbered:  # saved back in its own place, keeping the file's other games
            try:
                check_writable(Path(path_text), "")
            except OptionError as error:
                raise OptionError(
                    f"cannot save the game back: {error.reason} (give --save NEW_FILE)"
                ) from None
            store = RecordSlot(Path(path_text), number, record)
    else:
        if game is None:
            raise OptionError("name a game to play (tycoon games lists them)")
        spec = get_spec(game)
        options = parse_game_options(spec, list(ctx.args))
        seat_list = (
            parse_seats(seats)
            if seats is not None
            else _default_seats(spec.name, spec.default_players)
        )
        configured = make(spec.name, len(seat_list), **options)
        _check_seats(configured, seat_list)
        if save is not None:
            check_writable(save, "--save")
            store = WholeFile(save)
        match = Match(configured, fresh_seed() if seed is None else seed, seat_list)
    session = PlaySession(out, match, seat_list, store=store, delay=delay)
    for change in changes:
        out.print(f"[yellow]{escape(change)}[/yellow]", soft_wrap=True)
    finished = session.run()
    if session.interrupted:
        raise typer.Exit(130)
    if not finished:
        raise typer.Exit(1)


def _seat_changes(match: Any, saved: list[str], seats: list[str]) -> list[str]:
    """What --seats changes in a resumed game, one line a seat (said before play goes on)."""
    if not saved or saved == seats:
        return []
    if len(saved) != len(seats):
        return [f"the saved game seated {','.join(saved)}; now {','.join(seats)} (--seats)"]
    names = seat_names(match.game, match.state, [""] * match.game.players)
    return [
        f"{names[seat]} was {before} in the saved game and is now {after} (--seats)"
        for seat, (before, after) in enumerate(zip(saved, seats, strict=True))
        if before != after
    ]


@app.command(context_settings=GAME_OPTIONS)
def simulate(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help="the game, e.g. my-city")],
    games_count: Annotated[int, typer.Option("-n", "--games", help="how many games", min=1)] = 1000,
    seats: SeatsOption = None,
    seed: Annotated[int, typer.Option(help="run seed: game i gets a seed derived from it")] = 1,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="worker processes", min=1)] = 1,
    out: Annotated[
        Path | None, typer.Option(help="write every game record here (JSON Lines)")
    ] = None,
    json_out: Annotated[bool, typer.Option("--json", help="print the report as JSON")] = False,
    vs: Annotated[
        list[str] | None,
        typer.Option("--vs", help='a variant to compare, e.g. --vs "parks slums" (repeatable)'),
    ] = None,
    rotate: Annotated[
        bool, typer.Option(help="rotate the seat codes one seat further each game")
    ] = False,
    csv_out: Annotated[
        Path | None, typer.Option("--csv", help="write one row per game and seat (CSV)")
    ] = None,
    parquet_out: Annotated[
        Path | None, typer.Option("--parquet", help="the same table as Parquet (\\[analysis])")
    ] = None,
    html_out: Annotated[
        Path | None, typer.Option("--report", help="write an HTML balance report (\\[analysis])")
    ] = None,
    dask: Annotated[
        str | None, typer.Option(help="run on a Dask scheduler, e.g. tcp://host:8786 (\\[dask])")
    ] = None,
) -> None:
    """Simulate many games between bots and report balance: win rates with 95% intervals.

    Each --vs adds a variant (game options on top of the base ones, e.g. --vs "parks size=10");
    every variant plays the same seeds, and the report puts them side by side."""
    spec = get_spec(game)
    base = parse_game_options(spec, list(ctx.args))
    seat_list = parse_seats(seats) if seats is not None else ["random"] * spec.default_players
    if HUMAN in seat_list:
        raise UnknownBotError("simulations seat bots only (human is for tycoon play)")
    variants: list[tuple[str, dict[str, object]]] = [("base", base)]
    for text in vs or []:
        words = shlex.split(text)
        if not any(word.startswith("--") for word in words):
            words = short_form(spec, words)
        variants.append((text, {**base, **parse_game_options(spec, words)}))
    prepared = []
    for label, options in variants:
        configured = make(spec.name, len(seat_list), **options)
        task = GameTask(
            spec.name,
            configured.players,
            dict(configured.options),
            tuple(seat_list),
            seed,
            out is not None,
            rotate,
        )
        check_task(task)
        prepared.append((label, configured, task))
    if out is not None:
        check_writable(out, "--out")
    reports: list[Report] = []
    interrupted = False
    # The records go to a temporary file that replaces --out at the end, or after Ctrl-C with
    # the games finished by then; on any other failure --out is left as it was.
    handle = AtomicFile(out) if out is not None else None
    tables = Outputs(csv_out, parquet_out, html_out, tuple(seat_list), dask)
    try:
        with (
            StopRequest() as stop,
            progress_bar(quiet=json_out) as progress,
        ):
            for label, configured, task in prepared:
                report = Report(spec.name, tuple(seat_list), dict(configured.options), seed)
                report.rotate = rotate
                reports.append(report)
                bar = progress.add_task(f"{spec.name} {label}", total=games_count)
                executor = tables.executor()
                results = run_simulation(task, games_count, jobs=jobs, executor=executor)
                try:
                    for result in results:
                        report.add(result)
                        tables.add(label, result)
                        if handle is not None and result.record is not None:
                            handle.write_line(result.record)
                        progress.advance(bar)
                        if stop.requested:
                            break
                finally:
                    getattr(results, "close", lambda: None)()  # a worker pool shuts down now
                if stop.requested:
                    break
        interrupted = stop.requested
    except KeyboardInterrupt:  # a second Ctrl-C, or one that reached a worker process first
        interrupted = True
    except BaseException:
        if handle is not None:
            handle.discard()
        raise
    finally:
        tables.close()
    if handle is not None and interrupted and not handle.lines:
        handle.discard()  # nothing finished: --out stays as it was
        handle = None
    if handle is not None:
        handle.commit()
    reports = [r for r in reports if r.games]
    labels = [label for label, _, _ in prepared][: len(reports)]
    for written in tables.write(labels, reports):
        make_console(stderr=True).print(written, soft_wrap=True)
    if json_out:
        data: Any = [r.to_json() for r in reports]
        if interrupted:
            data = {"partial": True, "wanted": games_count, "reports": data}
        elif len(reports) == 1:
            data = data[0]
        print(json.dumps(data, indent=1))
    elif reports:
        if interrupted:
            console.print(
                f"[yellow]Interrupted: a partial report of the games finished "
                f"({_finished(labels, reports, games_count)}).[/yellow]",
                soft_wrap=True,
            )
        if len(reports) == 1:
            show_report(reports[0], prepared[0][1])
        else:
            show_comparison(labels, reports, prepared[0][1])
    else:
        console.print(
            "[yellow]Interrupted before any game finished: no report"
            + (f", and {escape(str(out))} was not written" if out is not None else "")
            + ".[/yellow]",
            soft_wrap=True,
        )
    if handle is not None and not json_out:
        console.print(
            f"{handle.lines} game records written to {out} (replay one: tycoon replay {out}#1)",
            soft_wrap=True,
        )
    if interrupted:
        raise typer.Exit(130)


def _finished(labels: list[str], reports: list[Report], wanted: int) -> str:
    if len(reports) == 1:
        return f"{reports[0].games} of {wanted}"
    return ", ".join(
        f"{label}: {r.games} of {wanted}" for label, r in zip(labels, reports, strict=True)
    )


def _interval(wins: float, games: int) -> str:
    low, high = wilson_interval(wins, games)
    return f"{_percent(wins / games if games else 0.0)} ({_percent(low)}-{_percent(high)})"


def show_comparison(labels: list[str], reports: list[Report], game: Any) -> None:
    """Variants side by side: win rate with its interval per seat and role, scores, length."""
    table = Table(title=f"{game.spec.title}: {reports[0].games} games a variant, same seeds")
    table.add_column("")
    for label in labels:
        table.add_column(label, justify="right")
    for seat, code in enumerate(reports[0].seats):
        name = f"{game.seat_name(seat)} ({code})"
        table.add_row(
            f"{name} win rate", *(_interval(r.lines[seat].wins, r.games) for r in reports)
        )
        table.add_row("  difference", *difference_cells([r.lines[seat] for r in reports]))
        table.add_row(f"{name} mean score", *(f"{r.lines[seat].scores.mean:.2f}" for r in reports))
    positions = sorted({p for r in reports for p in r.positions})
    roles = sorted({role for r in reports for role in r.roles})
    groups: list[tuple[str, list[Tally | None]]] = [
        (f"{ordinal(p + 1)} to act", [r.positions.get(p) for r in reports]) for p in positions
    ]
    groups += [(role, [r.roles.get(role) for r in reports]) for role in roles]
    for title, lines in groups:
        table.add_row(
            f"{title} win rate",
            *(_interval(line.wins, line.games) if line else "-" for line in lines),
        )
        table.add_row("  difference", *difference_cells(lines))
    table.add_row("game length", *(f"{r.length.mean:.1f} ± {r.length.sd:.1f}" for r in reports))
    if any(r.unfinished for r in reports):
        table.add_row("unfinished", *(str(r.unfinished) for r in reports))
    console.print(table)
    console.print(
        "Win rate with its 95% Wilson interval; tied winners share a win. Difference: from the "
        "first column, in points, with its 95% Newcombe interval; * significant at 5% "
        "(the interval excludes 0)."
    )
    for label, report in zip(labels, reports, strict=True):
        console.print(f"{escape(label)}: {escape(game.settings(report.options))}", soft_wrap=True)


def _percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def show_report(report: Report, game: Any) -> None:
    settings = escape(game.settings(report.options))
    console.print(
        f"[bold]{game.spec.title}[/bold]: {report.games} games, seed {report.seed}, {settings}"
    )
    table = Table(title="results by seat")
    for column in (
        "seat",
        "bot",
        "wins",
        "win rate",
        "95% interval",
        "mean score",
        "sd",
        "min",
        "max",
    ):
        table.add_column(column, justify="right" if column not in ("seat", "bot") else "left")
    for line in report.lines:
        low, high = line.interval
        table.add_row(
            game.seat_name(line.seat),
            "rotated" if report.rotate else line.code,
            f"{line.wins:g}",
            _percent(line.win_rate),
            f"{_percent(low)} - {_percent(high)}",
            f"{line.scores.mean:.2f}",
            f"{line.scores.sd:.2f}",
            f"{line.scores.minimum:g}",
            f"{line.scores.maximum:g}",
        )
    console.print(table)
    console.print("Tied winners share a win (1/k each); interval: Wilson score, 95%.")
    if report.roles:
        roles = Table(title="results by role")
        for column in ("role", "games", "wins", "win rate", "95% interval", "mean score"):
            roles.add_column(column, justify="left" if column == "role" else "right")
        for role in report.role_lines():
            low, high = role.interval
            roles.add_row(
                role.role,
                str(role.games),
                f"{role.wins:g}",
                _percent(role.win_rate),
                f"{_percent(low)} - {_percent(high)}",
                f"{role.scores.mean:.2f}",
            )
        console.print(roles)
    show_tallies(console, report, game)
    length = report.length
    console.print(
        f"game length (decisions): mean {length.mean:.1f}, sd {length.sd:.1f}, "
        f"min {length.minimum:g}, median {length.quantile(0.5):g}, max {length.maximum:g}"
    )
    if report.unfinished:
        console.print(
            f"[yellow]{report.unfinished} of {report.games} games hit the cap and are ranked as "
            "they stood[/yellow]"
        )
    if report.statistics:
        show_statistics(report)


def show_statistics(report: Report) -> None:
    """Per-game figures, mean over games. Figures named "group: item" (a game's "rent: <square>")
    get a table of their own, largest first: the classic "which squares pay" table."""
    groups: dict[str, list[tuple[str, Summary]]] = {}
    for key, summary in report.statistics.items():
        group, sep, item = key.partition(": ")
        if sep:
            groups.setdefault(group, []).append((item, summary))
        else:
            groups.setdefault("", []).append((key, summary))
    for group in sorted(groups, key=lambda g: (g != "", g)):
        rows = groups[group]
        if group:
            rows.sort(key=lambda row: (-row[1].mean, row[0]))
        else:
            rows.sort()
        title = f"{group} per game, largest first" if group else "per-game figures"
        table = Table(title=f"{title} (mean over {report.games} games)")
        table.add_column(group or "figure")
        table.add_column("mean", justify="right")
        table.add_column("sd", justify="right")
        for item, summary in rows:
            table.add_row(item, f"{summary.mean:.2f}", f"{summary.sd:.2f}")
        console.print(table)


@app.command()
def replay(
    reference: Annotated[str, typer.Argument(help="FILE or FILE#N (the N-th record, from 1)")],
    viewer: Annotated[
        int | None, typer.Option("--as", help="see the game as this seat (1, 2, ...)")
    ] = None,
    all_steps: Annotated[
        bool, typer.Option("--all", help="print every move and board without stopping")
    ] = False,
    plain: Annotated[bool, typer.Option(help="no colours")] = False,
    svg: Annotated[
        Path | None,
        typer.Option(help="write one SVG picture per step into this directory instead"),
    ] = None,
    force: Annotated[
        bool, typer.Option(help="with --svg: a directory that holds files may be filled")
    ] = False,
) -> None:
    """Step through a recorded game, board and moves (Enter: next, p: back, NUMBER: go, q: quit),
    or draw every step as an SVG picture (--svg DIR)."""
    out = make_console(plain) if plain else console
    record = load_reference(reference)
    game, frames = _frames(record)
    if viewer is not None and not 1 <= viewer <= game.players:
        raise OptionError(f"--as takes a seat from 1 to {game.players}")
    seat = None if viewer is None else viewer - 1
    if svg is not None:
        _replay_pictures(game, [frame.state for frame in frames], seat, svg, force)
        return
    if force:
        raise OptionError("--force goes with --svg DIR")
    seats = ", ".join(seat_names(game, frames[0].state, record.seats))
    out.print(f"[bold]{game.spec.title}[/bold], seed {record.seed}: {seats}")
    if game.settings() != "default options":
        out.print(escape(game.settings()))
    total = len(frames) - 1

    def show(index: int) -> None:
        state = frames[index].state
        out.print(Rule(f"step {index} of {total}" if index else "set-up"))
        for line in _step_lines(game, frames[index], seat):
            out.print(line, soft_wrap=True)
        out.print(game.render_text(game.observe(state, seat)), soft_wrap=True)
        if index == total and game.is_over(state):
            out.print(game.explain_outcome(state), soft_wrap=True)

    if all_steps:
        for index in range(len(frames)):
            show(index)
        return
    index = 0
    show(index)
    while True:
        line = read_line(out, f"[dim]step {index}/{total}[/dim] (Enter next, p back, number, q) ")
        if line is None or line.lower() in ("q", "quit"):
            return
        if line.lower() in ("p", "prev", "back"):
            index = max(0, index - 1)
        elif line.isdigit():
            index = min(total, int(line))
        elif line == "" or line.lower() in ("n", "next"):
            if index == total:
                out.print("That was the last step.")
                return
            index += 1
        else:
            out.print("Enter: next step; p: back; a number: that step; q: quit")
            continue
        show(index)


def _replay_pictures(
    game: Any, states: list[Any], seat: int | None, directory: Path, force: bool
) -> None:
    err = make_console(stderr=True)
    with Progress(
        TextColumn("[bold]pictures"),
        BarColumn(),
        MofNCompleteColumn(),
        console=err,
        transient=True,
        disable=not err.is_terminal,
    ) as progress:
        bar = progress.add_task("pictures", total=len(states))
        written = write_pictures(
            game, states, seat, directory, force, lambda: progress.advance(bar)
        )
    who = "the spectator's view" if seat is None else f"{game.seat_name(seat)}'s view"
    console.print(
        f"{len(written)} pictures of {escape(who)} written to {escape(str(directory))} "
        f"({written[0].name} is the set-up, {written[-1].name} the last step)",
        soft_wrap=True,
    )


@dataclass(frozen=True)
class Frame:
    """The state after set-up or after one step, with that step's action and the state before."""

    state: Any
    before: Any = None
    action: Any = None
    who: str = ""


def _frames(record: Any) -> tuple[Any, list[Frame]]:
    game: Any = None
    frames: list[Frame] = []
    names: list[str] = []
    for match, step in replay_record(record):
        game = match.game
        if step is None:
            frames.append(Frame(match.state))
            names = seat_names(game, match.state, record.seats)
            continue
        frames.append(
            Frame(
                match.state,
                frames[-1].state,
                game.parse_action(step.action, step.seat),
                names[step.seat],
            )
        )
    return game, frames


def _step_lines(game: Any, frame: Frame, viewer: int | None) -> list[str]:
    if frame.action is None:
        return []
    text = game.describe_action(frame.action, viewer)
    before, after = game.observe(frame.before, viewer), game.observe(frame.state, viewer)
    narration = game.narrate(before, frame.action, after)
    return [f"[bold]{frame.who}[/bold]: {text}", *(f"  {line}" for line in narration)]


# The designer's commands after play, simulate and replay (the list keeps this order), then
# the servers'.
app.command("sweep", context_settings=GAME_OPTIONS)(sweep_command)
app.command("tune", context_settings=GAME_OPTIONS)(tune_command)
app.command(context_settings=GAME_OPTIONS)(tournament)
from tycoon.cli.serve import serve  # noqa: E402  (the web server, registered on its own)

app.command()(serve)
from tycoon.cli.join import join  # noqa: E402  (an online seat in the terminal)

app.command()(join)
app.command()(accelerate)


def _flowing_summaries(typer_app: typer.Typer) -> None:
    """Give each command a one-line summary, its docstring's first paragraph with the source's
    line breaks taken out: Typer's Rich list of commands keeps single line breaks, which broke
    the summaries of wrapped docstrings mid-sentence (the command's own page already joins them)."""
    for info in typer_app.registered_commands:
        if info.short_help is None and info.callback is not None:
            doc = inspect.cleandoc(info.help or info.callback.__doc__ or "")
            info.short_help = " ".join(doc.split("\n\n")[0].split())


_flowing_summaries(app)


def run() -> None:
    """Entry point: user mistakes print one clear line and exit non-zero, never a traceback."""
    err = make_console(stderr=True)
    status = compiled.STATUS
    if status is not None:  # the compiled build (tycoon accelerate): in use, or why not
        line = escape(status.line())
        err.print(f"[dim]{line}[/dim]" if status.active else line, soft_wrap=True)
    try:
        code = app(standalone_mode=False)
    except TycoonError as error:
        err.print(f"[red]error:[/red] {escape(error.reason)}", soft_wrap=True)
        sys.exit(2)
    except typer.Exit as done:
        sys.exit(done.exit_code)
    except typer.TyperException as error:  # a bad value or a missing argument on the line
        if type(error).__name__ == "NoArgsIsHelpError":
            getattr(error, "show")()  # noqa: B009  (`tycoon` alone: the help)
            sys.exit(0)
        message = error.format_message() if hasattr(error, "format_message") else str(error)
        context = getattr(error, "ctx", None)
        hint = f" (see: {context.command_path} --help)" if context is not None else ""
        err.print(f"[red]error:[/red] {escape(message)}{hint}", soft_wrap=True)
        sys.exit(getattr(error, "exit_code", 2))
    except (KeyboardInterrupt, typer.Abort):
        err.print("[yellow]interrupted[/yellow]")
        sys.exit(130)
    sys.exit(code if isinstance(code, int) else 0)


if __name__ == "__main__":
    run()
