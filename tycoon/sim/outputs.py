"""What a simulation writes besides its terminal report: the table (CSV, Parquet) and the HTML
report, collected game by game; and where its games run (here or on a Dask cluster)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from concurrent.futures import Executor
from contextlib import contextmanager
from pathlib import Path

from tycoon.sim.frame import Row, check_writable, require, result_rows, write_csv, write_parquet
from tycoon.sim.report import Report
from tycoon.sim.runner import GameResult


@contextmanager
def executor_for(dask: str | None) -> Iterator[Executor | None]:
    """``None`` (the local process pool or this process) unless a Dask address is given."""
    if dask is None:
        yield None
        return
    from tycoon.sim.cluster import dask_executor

    with dask_executor(dask) as executor:
        yield executor


class Outputs:
    """The files a run was asked for; the paths and extras are checked before any game."""

    def __init__(
        self,
        csv: Path | None,
        parquet: Path | None,
        html: Path | None,
        seats: Sequence[str],
    ) -> None:
        self.csv, self.parquet, self.html = csv, parquet, html
        self.seats = tuple(seats)
        for path, flag in ((csv, "--csv"), (parquet, "--parquet"), (html, "--report")):
            if path is not None:
                check_writable(path, flag)
        if parquet is not None:
            require("pandas")
            require("pyarrow")
        if html is not None:
            for module in ("matplotlib", "scipy"):
                require(module)
        self.rows: dict[str, list[Row]] = {}

    @property
    def wanted(self) -> bool:
        return any(path is not None for path in (self.csv, self.parquet, self.html))

    def add(self, label: str, result: GameResult) -> None:
        if self.wanted:
            self.rows.setdefault(label, []).extend(result_rows(result, self.seats))

    def table(self, labels: Sequence[str]) -> list[Row]:
        """Every row; with several variants, each row starts with its variant's label."""
        if len(labels) == 1:
            return list(self.rows.get(labels[0], []))
        return [{"variant": label, **row} for label in labels for row in self.rows.get(label, [])]

    def write(self, labels: Sequence[str], reports: Sequence[Report]) -> list[str]:
        """Write the files; one line for each, saying what went where."""
        done: list[str] = []
        if not self.wanted:
            return done
        table = self.table(labels)
        if self.csv is not None:
            write_csv(self.csv, table)
            done.append(f"{len(table)} rows (one per game and seat) written to {self.csv}")
        if self.parquet is not None:
            write_parquet(self.parquet, table)
            done.append(f"{len(table)} rows (one per game and seat) written to {self.parquet}")
        if self.html is not None:
            from tycoon.sim.html import write_report

            write_report(self.html, list(labels), list(reports), self.rows)
            done.append(f"HTML report written to {self.html}")
        return done
