"""Parallel simulation: the speed-up of ``--jobs 2`` over ``--jobs 1`` and the overhead of a local
Dask cluster against the process pool, on the same seeded games (checked identical).

    python -m benchmarks.bench_parallel                       # water-rights, 4 greedy bots
    python -m benchmarks.bench_parallel --game my-city --seats greedy,greedy,greedy -n 600
    python -m benchmarks.bench_parallel --no-dask --json

(``python -m`` from the checkout imports its own ``tycoon``.)
Wall-clock seconds of the whole run as a user sees it: the pool's start-up is included (a pool
is made per run); the Dask cluster's start-up is reported on its own, since a cluster is started
once and serves many runs. Needs the ``[dask]`` extra for the Dask figure.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable
from typing import Any

import tycoon  # noqa: F401  (registers the games)
from tycoon.core import make
from tycoon.sim import GameResult, GameTask
from tycoon.sim.runner import simulate


def timed(play: Callable[[], list[GameResult]]) -> tuple[float, list[GameResult]]:
    start = time.perf_counter()
    results = play()
    return time.perf_counter() - start, results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", default="water-rights")
    parser.add_argument("--seats", default="greedy,greedy,greedy,greedy")
    parser.add_argument("-n", "--games", type=int, default=400)
    parser.add_argument("--chunk", type=int, default=25)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-dask", action="store_true", help="skip the Dask figure")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    load = os.getloadavg()[0]
    seats = tuple(args.seats.split(","))
    game = make(args.game, len(seats))
    task = GameTask(game.spec.name, game.players, dict(game.options), seats, args.seed, False)

    one, alone = timed(lambda: list(simulate(task, args.games, jobs=1, chunk=args.chunk)))
    two, pooled = timed(lambda: list(simulate(task, args.games, jobs=2, chunk=args.chunk)))
    figures: dict[str, Any] = {
        "game": game.spec.name,
        "seats": list(seats),
        "games": args.games,
        "chunk": args.chunk,
        "cpus": os.cpu_count(),
        "load_average_1min": round(load, 2),  # other work sharing the machine
        "jobs1_seconds": round(one, 3),
        "jobs2_seconds": round(two, 3),
        "speedup_jobs2": round(one / two, 3),
        "identical": pooled == alone,
    }
    if not args.no_dask:
        from distributed import LocalCluster

        from tycoon.sim.cluster import dask_executor

        start = time.perf_counter()
        with LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster:
            started = time.perf_counter() - start
            with dask_executor(cluster) as executor:
                on_dask, spread = timed(
                    lambda: list(simulate(task, args.games, chunk=args.chunk, executor=executor))
                )
        figures |= {
            "dask_startup_seconds": round(started, 3),
            "dask_seconds": round(on_dask, 3),
            "dask_over_pool": round(on_dask / two, 3),
            "identical": figures["identical"] and spread == alone,
        }
    if args.json:
        print(json.dumps(figures, indent=1))
    else:
        print(
            f"{figures['game']}, {args.games} games ({','.join(seats)}), chunks of {args.chunk}, "
            f"{figures['cpus']} CPUs, load average {figures['load_average_1min']} at the start"
        )
        print(f"  --jobs 1: {one:.2f} s   --jobs 2: {two:.2f} s   speed-up {one / two:.2f}x")
        if "dask_seconds" in figures:
            print(
                f"  local Dask cluster (2 worker processes): {figures['dask_seconds']:.2f} s, "
                f"{figures['dask_over_pool']:.2f}x the pool's time "
                f"(cluster start-up {figures['dask_startup_seconds']:.2f} s, not counted)"
            )
        print(f"  same games everywhere: {'yes' if figures['identical'] else 'NO'}")
    return 0 if figures["identical"] else 1


if __name__ == "__main__":
    sys.exit(main())
