"""Simulation: many seeded games between bots, aggregated into balance reports."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from typing import Any, overload

from tycoon.sim import runner
from tycoon.sim.report import BotLine, PositionLine, Report, RoleLine, SeatLine
from tycoon.sim.runner import GameResult, GameTask, make_bots, play_match
from tycoon.sim.stats import Summary, wilson_interval


@overload
def simulate(
    task: GameTask,
    games: int,
    jobs: int = 1,
    chunk: int = 25,
    on_result: Callable[[GameResult], None] | None = None,
    executor: Executor | None = None,
) -> Iterator[GameResult]: ...


@overload
def simulate(
    task: str,
    *,
    n: int = 1000,
    seats: Sequence[str] | None = None,
    seed: int = 1,
    jobs: int = 1,
    rotate: bool = False,
    dask: Any = None,
    **options: Any,
) -> Any: ...


def simulate(task: GameTask | str, *args: Any, **kwargs: Any) -> Any:
    """Two faces of one simulation.

    ``simulate("my-city", n=1000, seats=[...], seed=1, jobs=1, **options)``: a game's name gives
    the designer's table, a pandas DataFrame with one row per game and seat (see
    :mod:`tycoon.sim.frame`). ``simulate(task, games, jobs=...)``: a :class:`GameTask` gives the
    results of its games one by one, in index order, as the command line consumes them.
    """
    if isinstance(task, str):
        from tycoon.sim.frame import simulate_frame

        return simulate_frame(task, *args, **kwargs)
    return runner.simulate(task, *args, **kwargs)


__all__ = [
    "BotLine",
    "GameResult",
    "GameTask",
    "PositionLine",
    "Report",
    "RoleLine",
    "SeatLine",
    "Summary",
    "make_bots",
    "play_match",
    "simulate",
    "wilson_interval",
]
