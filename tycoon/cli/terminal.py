"""The terminal face: a Rich console, and reading a line that may come from a pipe."""

from __future__ import annotations

import sys

from rich.console import Console


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
