"""``tycoon replay FILE#N --svg DIR``: one SVG picture per step of a recorded game.

Each picture is the game's ``render_svg`` of a view (the spectator's, or one seat's), never of a
state. Files are named ``step-0000.svg`` (the set-up), ``step-0001.svg`` (after the first step)
and so on, zero-padded so they sort. Nothing the user did not ask for is overwritten: a directory
that already holds files is refused unless ``force`` is given (then this replay's names are
replaced and a previous run's other ``step-N.svg`` files removed, so the directory holds exactly
this game's pictures). No printing here: the command reports progress through a callback.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from tycoon.core import OptionError

STEP_FILE = re.compile(r"step-\d+\.svg")


def step_names(count: int) -> list[str]:
    """The file names of ``count`` pictures (the set-up and each step), sorting in step order."""
    width = max(4, len(str(count - 1)))
    return [f"step-{index:0{width}d}.svg" for index in range(count)]


def check_directory(directory: Path, force: bool) -> None:
    """Refuse a directory we may not fill: a file, or one holding files (unless ``force``)."""
    if directory.exists() and not directory.is_dir():
        raise OptionError(f"--svg {directory} is not a directory")
    if directory.is_dir() and any(directory.iterdir()) and not force:
        raise OptionError(
            f"--svg {directory} is not empty; give an empty or new directory "
            "(or --force to replace a previous run's pictures there)"
        )
    parent = directory if directory.is_dir() else directory.parent
    while not parent.exists() and parent != parent.parent:
        parent = parent.parent
    if not parent.is_dir() or not os.access(parent, os.W_OK | os.X_OK):
        raise OptionError(f"--svg {directory}: cannot write in {parent}")


def write_pictures(
    game: Any,
    states: Sequence[Any],
    viewer: int | None,
    directory: Path,
    force: bool = False,
    advance: Callable[[], None] = lambda: None,
) -> list[Path]:
    """Write one SVG of ``viewer``'s view of each state into ``directory`` (created if missing);
    returns the files written, in step order. Checks everything before writing anything."""
    check_directory(directory, force)
    first = game.render_svg(game.observe(states[0], viewer))
    if first is None:
        raise OptionError(f"{game.spec.title} draws no pictures (it has no SVG rendering)")
    names = step_names(len(states))
    directory.mkdir(parents=True, exist_ok=True)
    if force:
        keep = set(names)
        for old in directory.iterdir():
            if STEP_FILE.fullmatch(old.name) and old.name not in keep and old.is_file():
                old.unlink()
    written: list[Path] = []
    for index, (name, state) in enumerate(zip(names, states, strict=True)):
        svg = first if index == 0 else game.render_svg(game.observe(state, viewer))
        target = directory / name
        _write_whole(target, svg)
        written.append(target)
        advance()
    return written


def _write_whole(target: Path, text: str) -> None:
    """Write ``text`` to a temporary file beside ``target`` that then replaces it, so a
    picture is never half written (with the permissions of a plain new file)."""
    temporary = target.with_name(f".{target.name}.tmp")
    try:
        temporary.write_text(text, encoding="utf-8")
        os.replace(temporary, target)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
