"""The terminal face: a Rich console, reading a line that may come from a pipe, throwing away
keys typed ahead, private hot-seat turns, and Ctrl-C as a request to stop."""

from __future__ import annotations

import signal
import sys
import threading
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

# Erase the screen (ED 2), then the scrollback (ED 3), cursor home.
ERASE_ALL = "\x1b[2J\x1b[3J\x1b[H"


def make_console(plain: bool = False, stderr: bool = False) -> Console:
    return Console(
        stderr=stderr,
        highlight=False,
        no_color=plain,
        width=None if sys.stdout.isatty() else 120,
    )


def read_line(console: Console, prompt: str) -> str | None:
    """One line typed after ``prompt``; ``None`` at the end of input. Piped input is echoed so
    a transcript reads like a session."""
    try:
        line = console.input(prompt)
    except EOFError:
        console.print()
        return None
    if not sys.stdin.isatty():
        console.print(line, markup=False, highlight=False)
    return line.strip()


def discard_typeahead() -> None:
    """Forget whatever was typed at the terminal and not read yet, so that nothing typed before
    a decision was shown is taken as the answer to it (piped input is left alone)."""
    if sys.platform == "win32" or not sys.stdin.isatty():
        return
    import termios

    try:
        termios.tcflush(sys.stdin.fileno(), termios.TCIFLUSH)
    except (termios.error, OSError, ValueError):
        return  # not a terminal we can flush after all: nothing typed ahead to drop


class PrivateTurn:
    """A hot-seat player's private turn. It is shown on the main screen, where a long board can
    be scrolled back like any output; when the turn ends, the screen and the whole scrollback are
    erased (ED 2, then ED 3: tmux and many terminals first move a cleared screen into the
    scrollback, so the order matters), and the caller shows the public story again. The
    alternate screen is not used: it has no scrollback, and a Water Rights board is taller than
    most terminals. On a pipe nothing is sent."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self.active = False

    def enter(self) -> None:
        self.active = True

    def leave(self) -> bool:
        """End the private turn; True if the terminal was erased."""
        if not self.active:
            return False
        self.active = False
        if not self.console.is_terminal:
            return False
        self.console.file.write(ERASE_ALL)
        self.console.file.flush()
        return True


class StopRequest:
    """While active, a first Ctrl-C only asks the work to stop (:attr:`requested`), so it stops
    at a point where everything finished so far is whole; a second Ctrl-C interrupts at once."""

    def __init__(self) -> None:
        self.requested = False
        self._previous: Any = None

    def __enter__(self) -> StopRequest:
        if threading.current_thread() is threading.main_thread():
            self._previous = signal.signal(signal.SIGINT, self._handle)
        return self

    def _handle(self, signum: int, frame: Any) -> None:
        if self.requested:
            raise KeyboardInterrupt
        self.requested = True

    def __exit__(self, *exc: object) -> None:
        if self._previous is not None:
            signal.signal(signal.SIGINT, self._previous)
            self._previous = None


def progress_bar(quiet: bool = False) -> Progress:
    """The progress bar of a long command (simulate, sweep, tune, tournament): on standard
    error, gone when done, and shown only on a terminal and unless ``quiet`` (JSON output)."""
    err = make_console(stderr=True)
    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err,
        transient=True,
        disable=quiet or not err.is_terminal,
    )
