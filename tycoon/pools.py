"""Process pools whose workers end with the process that made them.

A ``ProcessPoolExecutor``'s workers wait on their task queue for ever when the process that made
the pool dies without shutting it down (``kill -9``, the kernel's out-of-memory killer, a crash):
every restart of a crashed server would leave its bot workers behind, and a killed
``tycoon simulate --jobs 8`` eight idle processes. A worker of :func:`process_pool` watches its
parent's sentinel (``multiprocessing.parent_process().sentinel``, which becomes ready when the
parent ends, whichever start method made the worker) from a daemon thread and leaves when it
fires. A pool shut down normally is unaffected: its workers end before their parent does.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from concurrent.futures import ProcessPoolExecutor
from multiprocessing.connection import wait
from multiprocessing.context import BaseContext

ORPHANED = 3  # the exit status of a worker whose parent ended first (nobody reads it)


def process_pool(workers: int, context: BaseContext | None = None) -> ProcessPoolExecutor:
    """A ``ProcessPoolExecutor`` of ``workers`` processes (made by ``context``'s start method,
    the platform's default if ``None``) that end when this process ends, however it ends."""
    return ProcessPoolExecutor(
        max_workers=workers, mp_context=context, initializer=leave_with_parent
    )


def leave_with_parent() -> None:
    """In a worker process: end it as soon as the process that started it has ended. Nothing
    in a process that has no parent process (the main process)."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return
    sentinel = parent.sentinel

    def watch() -> None:
        wait([sentinel])
        os._exit(ORPHANED)  # no clean-up: whatever it was doing was for the dead parent

    threading.Thread(target=watch, name="tycoon-leave-with-parent", daemon=True).start()


__all__ = ["ORPHANED", "leave_with_parent", "process_pool"]
