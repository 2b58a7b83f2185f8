"""Running a simulation's games on a Dask distributed cluster (the ``[dask]`` extra).

The games go out in the same chunks as to a process pool and come back in index order, each seeded
from the run seed and its index, so a cluster gives exactly the results of ``--jobs 1``.
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from typing import Any

from tycoon.core.errors import TycoonError
from tycoon.sim.frame import require


@contextmanager
def dask_executor(address: str | Any, timeout: str = "10s") -> Iterator[Executor]:
    """An executor on the cluster whose scheduler listens at ``address`` (``tcp://host:8786``),
    or on a ``distributed`` cluster object (``LocalCluster``) given directly; ``timeout``: how
    long to wait for the scheduler to answer."""
    distributed = require("distributed", "dask")
    try:
        client = distributed.Client(address, timeout=timeout)
    except (OSError, TimeoutError, ValueError) as error:
        raise TycoonError(
            f"--dask {address}: no Dask scheduler answered there ({error})"
        ) from error
    try:
        executor: Executor = client.get_executor()
        yield executor
    finally:
        client.close()
