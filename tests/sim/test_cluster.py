"""Dask: a local cluster plays exactly the games of one process; sweeps keep finished cells when
interrupted."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from distributed import LocalCluster

from tycoon.core import TycoonError
from tycoon.sim import GameTask
from tycoon.sim.cluster import dask_executor
from tycoon.sim.frame import play_table
from tycoon.sim.runner import simulate as run

from .support import tycoon


@pytest.fixture(scope="module")
def cluster() -> Iterator[LocalCluster]:
    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
    ) as local:
        yield local


def test_a_cluster_plays_the_games_of_one_process(cluster: LocalCluster) -> None:
    task = GameTask("my-city", 3, {}, ("greedy", "random", "random"), 11, True, True)
    alone = list(run(task, 12, chunk=5))
    with dask_executor(cluster.scheduler_address) as executor:
        spread = list(run(task, 12, chunk=5, executor=executor))
    assert spread == alone
    rows = play_table("my-city", n=4, seats=["greedy", "random"], seed=2, dask=cluster)
    assert rows == play_table("my-city", n=4, seats=["greedy", "random"], seed=2)


def test_the_command_line_runs_on_a_cluster(monkeypatch, capsys, cluster: LocalCluster) -> None:
    args = ["my-city", "-n", "6", "--seats", "greedy,random", "--seed", "5", "--json"]
    code, alone, err = tycoon(monkeypatch, capsys, "simulate", *args)
    assert code == 0, err
    address = cluster.scheduler_address
    code, spread, err = tycoon(monkeypatch, capsys, "simulate", *args, "--dask", address)
    assert code == 0, err
    assert spread == alone
    sweep = ["sweep", "my-city", "--vary", "size=8,10", "-n", "3", "--seats", "greedy,random"]
    code, alone, _ = tycoon(monkeypatch, capsys, *sweep)
    code, spread, err = tycoon(monkeypatch, capsys, *sweep, "--dask", address)
    assert code == 0, err
    assert spread == alone
    tune = [*sweep, "--target", "length=60", "--trials", "2", "--confirm", "2"]
    tune[0] = "tune"
    code, alone, _ = tycoon(monkeypatch, capsys, *tune)
    code, spread, err = tycoon(monkeypatch, capsys, *tune, "--dask", address)
    assert code == 0, err
    assert spread == alone and "best of" in spread


def test_no_scheduler_is_a_clear_error() -> None:
    with (
        pytest.raises(TycoonError, match="no Dask scheduler answered"),
        dask_executor("tcp://127.0.0.1:1", timeout="1s"),
    ):
        pass


def test_an_interrupted_sweep_reports_the_cells_that_finished(monkeypatch, capsys) -> None:
    from tycoon.sim import sweep as sweep_module

    real = sweep_module.play_cell
    calls = []

    def interrupted_on_the_second(*args, **kwargs):
        calls.append(1)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(sweep_module, "play_cell", interrupted_on_the_second)
    code, out, _ = tycoon(
        monkeypatch, capsys, "sweep", "my-city", "--vary", "size=8,10,12", "-n", "2"
    )
    assert code == 130
    assert "1 of 3 cells finished" in out and "│ 8 " in out and "│ 10 " not in out
