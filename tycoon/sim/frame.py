"""The designer's table: one row per game and seat, for CSV, Parquet and pandas.

Columns, in order: ``index`` (the game's number in the run, from 0), ``seed`` (the game's own
seed), ``seat`` (from 1), ``code`` (the seat's bot), ``position`` (turn position, 1: the first to
act), ``role`` (role or character; empty if the game has none), ``score``, ``rank``, ``win`` (1, or
1/k for k tied winners, else 0), ``length`` (decisions in the game), ``unfinished`` (hit the
engine's cap), then the game's own figures (the same on every seat's row of a game). A run
comparing variants (``--vs``) puts each row's ``variant`` first.

Writing CSV needs nothing beyond Python; Parquet and DataFrames need the ``[analysis]`` extra.
"""

from __future__ import annotations

import csv
import importlib
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from tycoon.core.errors import TycoonError
from tycoon.sim.runner import GameResult

COLUMNS = (
    "index",
    "seed",
    "seat",
    "code",
    "position",
    "role",
    "score",
    "rank",
    "win",
    "length",
    "unfinished",
)

Row = dict[str, Any]


def figure_column(name: str) -> str:
    """A game figure's column: its own name, unless it would hide one of the fixed columns."""
    return f"figure: {name}" if name in COLUMNS else name


def result_rows(result: GameResult, seats: Sequence[str]) -> list[Row]:
    """The rows of one game, one per seat, in seat order."""
    codes = result.codes or tuple(seats)
    winners = [seat for seat, rank in enumerate(result.ranks) if rank == 1]
    figures = {figure_column(k): v for k, v in sorted(result.statistics.items())}
    rows: list[Row] = []
    for seat, score in enumerate(result.scores):
        rows.append(
            {
                "index": result.index,
                "seed": result.seed,
                "seat": seat + 1,
                "code": codes[seat],
                "position": result.positions[seat] + 1 if result.positions else seat + 1,
                "role": result.roles[seat] if result.roles is not None else "",
                "score": score,
                "rank": result.ranks[seat],
                "win": 1.0 / len(winners) if seat in winners else 0.0,
                "length": result.steps,
                "unfinished": result.unfinished,
                **figures,
            }
        )
    return rows


def rows(results: Iterable[GameResult], seats: Sequence[str]) -> Iterator[Row]:
    for result in results:
        yield from result_rows(result, seats)


def columns_of(table: Sequence[Row]) -> list[str]:
    """The fixed columns, then every figure any game reported, sorted by name."""
    keys = {key for row in table for key in row}
    lead = ["variant"] if "variant" in keys else []
    return [*lead, *COLUMNS, *sorted(keys - set(COLUMNS) - set(lead))]


def write_csv(path: Path, table: Sequence[Row]) -> None:
    """Write the table as CSV (a game lacking a figure leaves its cell empty)."""
    with open(path, "w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=columns_of(table), restval="")
        writer.writeheader()
        writer.writerows(table)


def require(module: str, extra: str = "analysis") -> Any:
    """Import an optional dependency, or explain which extra brings it."""
    try:
        return importlib.import_module(module)
    except ImportError as error:
        raise TycoonError(
            f"this needs {module.split('.')[0]}, which comes with tycoon's [{extra}] extra "
            f'(pip install "tycoon[{extra}]")'
        ) from error


def to_dataframe(table: Sequence[Row]) -> Any:
    """The table as a pandas DataFrame with the columns in their documented order."""
    pandas = require("pandas")
    return pandas.DataFrame(list(table), columns=columns_of(table))


def write_parquet(path: Path, table: Sequence[Row]) -> None:
    require("pyarrow")
    to_dataframe(table).to_parquet(path, index=False)


def check_writable(path: Path, flag: str) -> None:
    """Refuse, before any game is played, a file that could not be written."""
    if path.is_dir():
        raise TycoonError(f"{flag} {path}: that is a directory, not a file")
    if not path.parent.exists():
        raise TycoonError(f"{flag} {path}: the folder {path.parent} does not exist")


def play_table(
    game: str,
    n: int = 1000,
    seats: Sequence[str] | None = None,
    seed: int = 1,
    jobs: int = 1,
    rotate: bool = False,
    dask: Any = None,
    **options: Any,
) -> list[Row]:
    """Play ``n`` seeded games between bots and return the rows (see :func:`simulate_frame`)."""
    from tycoon.core import get_spec, make
    from tycoon.sim.runner import GameTask
    from tycoon.sim.runner import simulate as run

    spec = get_spec(game)
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise TycoonError(f"n is the number of games, a whole number from 1, not {n!r}")
    if isinstance(seats, str):  # "greedy,random" as on the command line
        seats = [code.strip() for code in seats.split(",")]
    codes = list(seats) if seats is not None else ["random"] * spec.default_players
    configured = make(spec.name, len(codes), **options)
    task = GameTask(
        spec.name, configured.players, dict(configured.options), tuple(codes), seed, False, rotate
    )
    if dask is not None:
        from tycoon.sim.cluster import dask_executor

        with dask_executor(dask) as executor:
            return list(rows(run(task, n, executor=executor), codes))
    return list(rows(run(task, n, jobs=jobs), codes))


def simulate_frame(
    game: str,
    n: int = 1000,
    seats: Sequence[str] | None = None,
    seed: int = 1,
    jobs: int = 1,
    rotate: bool = False,
    dask: Any = None,
    **options: Any,
) -> Any:
    """Play ``n`` games of ``game`` between the bots ``seats`` (default: random bots at the
    game's usual count) and return a pandas DataFrame with one row per game and seat.

    Game options are keywords (``starting_cash=1200`` or ``**{"starting-cash": 1200}``); the
    games are those ``tycoon simulate`` plays with the same seed, seats and options, on ``jobs``
    processes or a Dask cluster (``dask``: a scheduler address or a cluster object).
    """
    return to_dataframe(play_table(game, n, seats, seed, jobs, rotate, dask, **options))
