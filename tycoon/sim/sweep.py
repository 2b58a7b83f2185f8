"""Sweeps: the same seeded games over a grid of game options and data fields.

``--vary starting-cash=1000..2000:250`` gives 1000, 1250, ..., 2000; ``--vary map=hex,square`` a
list; ``--vary economy.king.treasury=150..250:25`` (or ``economy.json:king.treasury=...``) a
field of a game's data files: the file ``economy.json``, the field ``king``, ``treasury``; each
cell plays the effective patch of its values (:mod:`tycoon.core.data`). Every cell plays the same
seeds (common random numbers), so the differences between cells are the options', not the
dice's. Figures (win rates, lengths, the game's own figures) are measured per cell with 95%
intervals.
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Executor
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from tycoon.core import (
    DataError,
    DataFiles,
    Game,
    GameSpec,
    OptionError,
    OptionValue,
    game_class,
    get_spec,
    make,
)
from tycoon.core.data import split_field
from tycoon.pools import process_pool
from tycoon.sim.report import Report, Tally
from tycoon.sim.runner import GameResult, GameTask, check_task
from tycoon.sim.runner import simulate as run
from tycoon.sim.stats import Z95

MAX_CELLS = 10_000

Value = OptionValue | float


@dataclass(frozen=True, slots=True)
class Vary:
    """One dimension of a sweep or a search: a game option or a data field, and its values.

    ``low``/``high``/``step`` describe a range (``step`` 0: continuous, for tuning); otherwise
    ``choices`` lists the values."""

    name: str
    choices: tuple[Value, ...] = ()
    low: float = 0.0
    high: float = 0.0
    step: float = 0.0
    integer: bool = False
    data: bool = False  # a data field ("file.key.key") rather than an option

    @property
    def is_range(self) -> bool:
        return not self.choices

    def values(self) -> tuple[Value, ...]:
        """The grid points: the choices, or the range from ``low`` to ``high`` by ``step``."""
        if self.choices:
            return self.choices
        if self.step <= 0:
            raise OptionError(f"--vary {self.name}: a sweep needs a step (low..high:step)")
        count = math.floor((self.high - self.low) / self.step + 1e-9) + 1
        if count > MAX_CELLS:
            raise OptionError(f"--vary {self.name}: {count} values are too many")
        points = [self.low + i * self.step for i in range(count)]
        if self.integer:
            return tuple(round(p) for p in points)
        return tuple(round(p, 10) for p in points)


def _number(text: str, where: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise OptionError(f"{where}: {text!r} is not a number") from None


def parse_vary(spec: GameSpec, text: str) -> Vary:
    """``name=low..high[:step]`` or ``name=a,b,c``: an option of ``spec`` or a data field."""
    name, sep, values = text.partition("=")
    name = name.strip()
    if not sep or not name or not values.strip():
        raise OptionError(
            f"--vary {text!r}: write name=low..high:step or name=a,b,c "
            "(e.g. starting-cash=1000..2000:250)"
        )
    where = f"--vary {name}"
    data = "." in name or ":" in name
    if data:
        try:
            split_field(data_files(spec), name)
        except OptionError as error:
            raise OptionError(f"{where}: {error.reason}") from None
        kind: type = float
    else:
        option = spec.option(name)
        name = option.name
        kind = option.kind
    if ".." in values and kind in (int, float):
        low_text, _, rest = values.partition("..")
        high_text, _, step_text = rest.partition(":")
        low, high = _number(low_text, where), _number(high_text, where)
        step = _number(step_text, where) if step_text else 0.0
        integer = kind is int or (data and all(v == int(v) for v in (low, high, step)))
        if integer and kind is int and not step_text:
            step = 1.0
        if high < low or step < 0:
            raise OptionError(f"{where}: the range {values} runs backwards")
        vary = Vary(name, (), low, high, step, integer, data)
        if not data:  # the options' own bounds, checked at both ends
            for value in (low, high):
                option.validate(str(int(value)) if integer else str(value))
        if not data and option.choices:  # a few allowed values: every point of the range
            points = vary.values() if step else tuple(range(round(low), round(high) + 1))
            for point in points:
                if point not in option.choices:
                    allowed = ",".join(str(c) for c in option.choices)
                    raise OptionError(
                        f"{where}: {point} is not one of {name}'s values; "
                        f"write {name}={allowed} to try them"
                    )
        return vary
    words = [word.strip() for word in values.split(",")]
    if any(not word for word in words):
        raise OptionError(f"{where}: {values!r} has an empty value")
    if data:
        return Vary(name, tuple(_data_value(word) for word in words), data=True)
    return Vary(name, tuple(option.validate(word) for word in words))


def _data_value(word: str) -> Value:
    try:
        value = json.loads(word)
    except json.JSONDecodeError:
        return word
    if isinstance(value, bool | int | float | str):
        return value
    raise OptionError(f"--vary: {word!r} is not a number, true/false or text")


# -- data fields -----------------------------------------------------------------------------


def data_files(spec: GameSpec) -> DataFiles:
    """The catalogues of the game ``spec`` names, or an error if it has none to vary."""
    files = game_class(spec.name).data_files
    if files is None:
        raise OptionError(
            f"{spec.name} has no data files to vary (its options: "
            + ", ".join(o.name for o in spec.options)
            + ")"
        )
    return files


class DataCells:
    """The data of each combination of data-field values, made once: the base ``data``
    option's catalogues with the fields set, as the effective patch (self-contained option text,
    so workers on other machines need no files). ``with DataCells() as cells`` as before."""

    def __init__(self) -> None:
        self.made: dict[tuple[str, tuple[tuple[str, Value], ...]], str] = {}

    def __enter__(self) -> DataCells:
        return self

    def __exit__(self, *exc: object) -> None:
        self.made.clear()

    def value(self, game: Game[Any, Any, Any], fields: Mapping[str, Value]) -> str:
        """The ``data`` option of ``game`` (its base data) with ``fields`` set."""
        files = data_files(game.spec)
        base = str(game.options.get("data", files.default))
        key = (base, tuple(sorted(fields.items())))
        if key not in self.made:
            try:
                self.made[key] = files.with_fields(
                    base, {split_field(files, name): value for name, value in fields.items()}
                )
            except DataError as error:
                raise OptionError(f"--vary: {error.reason}") from None
        return self.made[key]


def cell_options(
    spec: GameSpec,
    players: int,
    base: Mapping[str, OptionValue],
    values: Mapping[str, Value],
    data: DataCells,
) -> dict[str, OptionValue]:
    """The options of one cell: the base ones, the varied options, and a patched data directory
    if any data field varies. Checked by making the game (a bad value is an error here)."""
    options: dict[str, OptionValue] = dict(base)
    fields: dict[str, Value] = {}
    for name, value in values.items():
        if "." in name or ":" in name:
            fields[name] = value
        else:
            options[name] = spec.option(name).validate(
                value if isinstance(value, bool) else str(value)
            )
    if fields:
        base_game = make(spec.name, players, **options)
        options["data"] = data.value(base_game, fields)
    make(spec.name, players, **options)
    return options


# -- figures ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Estimate:
    value: float
    low: float
    high: float
    rate: bool  # a proportion (shown as a percentage) rather than a mean

    def text(self) -> str:
        if math.isnan(self.value):
            return "-"
        if self.rate:
            return f"{100 * self.value:.1f}% ({100 * self.low:.1f}-{100 * self.high:.1f})"
        return f"{self.value:.2f} ({self.low:.2f}-{self.high:.2f})"


def _rate(line: Tally | None) -> Estimate:
    if line is None or not line.games:
        return Estimate(math.nan, math.nan, math.nan, True)
    low, high = line.interval
    return Estimate(line.win_rate, low, high, True)


def _mean(count: int, mean: float, sd: float) -> Estimate:
    if not count:
        return Estimate(math.nan, math.nan, math.nan, False)
    half = Z95 * sd / math.sqrt(count)
    return Estimate(mean, mean - half, mean + half, False)


FIGURE_HELP = (
    "length (mean decisions), win:SEAT, score:SEAT (seat from 1), position:N (turn position), "
    "role:NAME, bot:CODE, imbalance:roles, imbalance:seats, imbalance:positions, or one of the "
    "game's own figures"
)


def estimate(report: Report, name: str) -> Estimate:
    """A figure of a run, with its 95% interval (Wilson for rates, normal for means)."""
    kind, sep, which = name.partition(":")
    players = len(report.seats)
    if name == "length":
        return _mean(report.length.count, report.length.mean, report.length.sd)
    if sep and kind in ("win", "score"):
        if not which.isdigit() or not 1 <= int(which) <= players:
            raise OptionError(f"figure {name!r}: seats run from 1 to {players}")
        line = report.lines[int(which) - 1]
        if kind == "win":
            return _rate(line)
        return _mean(line.scores.count, line.scores.mean, line.scores.sd)
    if sep and kind == "position":
        if not which.isdigit() or not 1 <= int(which) <= players:
            raise OptionError(f"figure {name!r}: turn positions run from 1 to {players}")
        return _rate(report.positions.get(int(which) - 1))
    if sep and kind == "role":
        return _rate(report.roles.get(which))
    if sep and kind == "bot":
        return _rate(report.bots.get(which))
    if sep and kind == "imbalance":
        return imbalance(report, which)
    summary = report.statistics.get(name)
    if summary is not None:
        return _mean(summary.count, summary.mean, summary.sd)
    known = ", ".join(sorted(report.statistics)) or "none"
    raise OptionError(f"no figure {name!r}: figures are {FIGURE_HELP} (this game's: {known})")


def group_lines(report: Report, which: str) -> list[Tally]:
    if which == "roles":
        return list(report.role_lines())
    if which == "seats":
        return list(report.lines)
    if which == "positions":
        return list(report.position_lines())
    raise OptionError(
        f"imbalance:{which}: say imbalance:roles, imbalance:seats or imbalance:positions"
    )


def imbalance(report: Report, which: str) -> Estimate:
    """How far a group's win rates are from their fair share: the root mean square of each
    group's win rate minus ``1/players`` (0 for perfectly even groups). Its interval comes from
    the groups' standard errors (a delta-method approximation)."""
    lines = [line for line in group_lines(report, which) if line.games]
    if not lines:
        return Estimate(math.nan, math.nan, math.nan, True)
    share = 1 / len(report.seats)
    deviations = [line.win_rate - share for line in lines]
    value = math.sqrt(sum(d * d for d in deviations) / len(deviations))
    if value == 0:
        return Estimate(0.0, 0.0, 0.0, True)
    variance = sum(
        (d / (len(lines) * value)) ** 2 * line.win_rate * (1 - line.win_rate) / line.games
        for d, line in zip(deviations, lines, strict=True)
    )
    half = Z95 * math.sqrt(variance)
    return Estimate(value, max(0.0, value - half), value + half, True)


def default_figures(report: Report) -> list[str]:
    """Each role's win rate (or each seat's), the first player's, and the game length."""
    if report.roles:
        names = [f"role:{role}" for role in sorted(report.roles)]
    else:
        names = [f"win:{seat + 1}" for seat in range(len(report.seats))]
    return [*names, "position:1", "length"]


# -- running ---------------------------------------------------------------------------------


@dataclass
class Cell:
    """One point of a sweep (or one trial of a search): its varied values and its report."""

    values: dict[str, Value]
    report: Report
    complete: bool = True


@dataclass
class Plan:
    """What every cell shares: the game, the seats, the base options, the seeds and the size."""

    game: str
    seats: tuple[str, ...]
    base: dict[str, OptionValue]
    games: int
    seed: int
    rotate: bool = False
    jobs: int = 1
    chunk: int = 25
    spec: GameSpec = field(init=False)

    def __post_init__(self) -> None:
        self.spec = get_spec(self.game)
        self.game = self.spec.name
        make(self.game, len(self.seats), **self.base)


def grid(varies: Sequence[Vary]) -> list[dict[str, Value]]:
    """Every combination of the values, the first vary slowest."""
    axes = [vary.values() for vary in varies]
    if math.prod(len(axis) for axis in axes) > MAX_CELLS:
        raise OptionError(f"the grid has more than {MAX_CELLS} cells")
    names = [vary.name for vary in varies]
    return [dict(zip(names, combo, strict=True)) for combo in itertools.product(*axes)]


@contextmanager
def executor_for(jobs: int, dask: Any = None) -> Iterator[Executor | None]:
    """One pool (or Dask client) for all the cells of a sweep or search."""
    if dask is not None:
        from tycoon.sim.cluster import dask_executor

        with dask_executor(dask) as executor:
            yield executor
    elif jobs > 1:
        pool = process_pool(jobs)
        try:
            yield pool
        finally:  # an interrupted run does not wait for the games still queued
            pool.shutdown(cancel_futures=True)
    else:
        yield None


def play_cell(
    plan: Plan,
    values: Mapping[str, Value],
    data: DataCells,
    executor: Executor | None,
    on_result: Callable[[GameResult], None] | None = None,
) -> Cell:
    """Play the plan's games with ``values`` on top of its base options."""
    options = cell_options(plan.spec, len(plan.seats), plan.base, values, data)
    configured = make(plan.game, len(plan.seats), **options)
    task = GameTask(
        plan.game,
        configured.players,
        dict(configured.options),
        plan.seats,
        plan.seed,
        False,
        plan.rotate,
    )
    check_task(task)
    report = Report(plan.game, plan.seats, dict(configured.options), plan.seed)
    report.rotate = plan.rotate
    cell = Cell(dict(values), report, complete=False)
    jobs = plan.jobs if executor is None else 1
    for result in run(task, plan.games, jobs=jobs, chunk=plan.chunk, executor=executor):
        report.add(result)
        if on_result is not None:
            on_result(result)
    cell.complete = True
    return cell


def sweep(
    plan: Plan,
    varies: Sequence[Vary],
    executor: Executor | None = None,
    on_result: Callable[[GameResult], None] | None = None,
    cells: list[Cell] | None = None,
) -> list[Cell]:
    """Play every cell of the grid on the same seeds. Finished cells are appended to ``cells``
    as they finish, so a caller that is interrupted keeps them."""
    done = cells if cells is not None else []
    points = grid(varies)
    with DataCells() as data:
        for values in points:  # every cell checked before any game is played
            cell_options(plan.spec, len(plan.seats), plan.base, values, data)
        for values in points:
            done.append(play_cell(plan, values, data, executor, on_result))
    return done


def value_text(value: Value) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def cell_table(cells: Sequence[Cell], figures: Sequence[str]) -> list[dict[str, Any]]:
    """One row per cell: the varied values, then each figure with its interval's ends."""
    table: list[dict[str, Any]] = []
    for cell in cells:
        row: dict[str, Any] = dict(cell.values)
        row["games"] = cell.report.games
        for name in figures:
            found = estimate(cell.report, name)
            row[name], row[f"{name} low"], row[f"{name} high"] = found.value, found.low, found.high
        table.append(row)
    return table


def check_figures(plan: Plan, figures: Sequence[str]) -> None:
    """Raise, before a sweep, for a figure no run of this game can report: one game of the base
    options shows the game's own figures."""
    from tycoon.sim.runner import play_indexed

    configured = make(plan.game, len(plan.seats), **plan.base)
    task = GameTask(plan.game, configured.players, dict(configured.options), plan.seats, 0, False)
    report = Report(plan.game, plan.seats, dict(configured.options), 0)
    report.add(play_indexed(task, 0))
    for name in figures:
        estimate(report, name)
