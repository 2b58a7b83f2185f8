"""The terminal face: a Rich console, reading a line that may come from a pipe, throwing away
keys typed ahead, and a private screen for hot-seat turns."""

from __future__ import annotations

import signal
import sys
import threading
from typing import Any

from rich.console import Console

# Erase the screen (ED 2), cursor home; and also the scrollback (ED 3).
ERASE_SCREEN = "\x1b[2J\x1b[H"
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


class PrivateScreen:
    """A hot-seat player's private turn, shown on the terminal's alternate screen.

    Entering switches to a cleared alternate screen; leaving erases it (and, for a terminal that
    has no alternate screen, the main screen and its scrollback) before switching back, so
    nothing of a private turn stays on screen or in the scrollback. On a pipe nothing is sent.
    """

    def __init__(self, console: Console) -> None:
        self.console = console
        self.active = False

    def enter(self) -> None:
        if self.active:
            return
        self.active = True
        if self.console.is_terminal:
            self.console.set_alt_screen(True)
            self._send(ERASE_SCREEN)

    def leave(self) -> None:
        if not self.active:
            return
        self.active = False
        if self.console.is_terminal:
            self._send(ERASE_ALL)
            self.console.set_alt_screen(False)

    def _send(self, codes: str) -> None:
        self.console.file.write(codes)
        self.console.file.flush()


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
