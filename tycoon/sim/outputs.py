"""What a simulation writes besides its terminal report: the table (CSV, Parquet) and the HTML
report, collected game by game; and where its games run (here, or on a Dask cluster)."""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Executor
from contextlib import ExitStack
from pathlib import Path

from tycoon.sim.frame import Row, check_writable, require, result_rows, write_csv, write_parquet
from tycoon.sim.report import Report
from tycoon.sim.runner import GameResult


class Outputs:
    """The files a run was asked for; the paths and extras are checked before any game."""

    def __init__(
        self,
        csv: Path | None,
        parquet: Path | None,
        html: Path | None,
        seats: Sequence[str],
        dask: str | None = None,
    ) -> None:
        self.csv, self.parquet, self.html = csv, parquet, html
        self.seats = tuple(seats)
        self.dask = dask
        self._cluster: ExitStack | None = None
        self._executor: Executor | None = None
        if dask is not None:
            require("distributed", "dask")
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

    def executor(self) -> Executor | None:
        """Where the games run: ``None`` (this process or the local pool of ``--jobs``) unless a
        Dask scheduler was named, whose client is opened once and kept until :meth:`close`."""
        if self.dask is None:
            return None
        if self._executor is None:
            from tycoon.sim.cluster import dask_executor

            self._cluster = ExitStack()
            self._executor = self._cluster.enter_context(dask_executor(self.dask))
        return self._executor

    def close(self) -> None:
        if self._cluster is not None:
            self._cluster.close()
            self._cluster, self._executor = None, None

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
