"""An encoding described in Markdown: the slices of its observation and its action table (the
per-game sections of ``docs/rl.md`` are written from it: ``python -m tycoon.rl.describe``)."""

from __future__ import annotations

import sys
from typing import Any

from tycoon.core import Game, game_specs, make
from tycoon.rl.core import env_name


def describe(game: Game[Any, Any, Any]) -> str:
    """The observation's slices and the action kinds of ``game``'s encoding, as Markdown."""
    encoding = game.encoding()
    spec = game.spec
    lines = [
        f"## {spec.title}",
        "",
        f"Sizes below are for {game.players} players and the default options: observation "
        f"{encoding.size} numbers, {encoding.actions} action ids (+1 for *wait*). Layout "
        f"{encoding.layout}: the environments are named `{env_name(game, encoding.layout)}`.",
        "",
        "| slice | size | start | what each number is |",
        "|---|---|---|---|",
    ]
    start = 0
    for part in encoding.slices:
        lines.append(f"| `{part.name}` | {part.size} | {start} | {part.meaning} |")
        start += part.size
    lines += [
        "",
        "| action | fields (values) | slots | amount buckets | ids | meaning |",
        "|---|---|---|---|---|---|",
    ]
    for kind in encoding.kinds:
        meaning = kind.meaning or _first_line(kind.action.__doc__ or "", kind.action.__name__)
        fields = ", ".join(f"{name} ({len(values)})" for name, values in kind.fields) or "-"
        buckets = f"{kind.amount}: {kind.buckets}" if kind.amount is not None else "-"
        lines.append(
            f"| `{kind.action.__name__}` | {fields} | {kind.slots} | {buckets} | {kind.size} | "
            f"{meaning} |"
        )
    return "\n".join(lines) + "\n"


def _first_line(doc: str, name: str) -> str:
    """A docstring's first sentence (dataclasses without one get ``Name(fields)``: nothing)."""
    text = " ".join(doc.split())
    return "" if text.startswith(f"{name}(") else text


def main() -> None:  # pragma: no cover - a documentation helper
    sections = [
        describe(make(spec.name))
        for spec in game_specs()
        if type(make(spec.name)).__module__.startswith("tycoon.games.")
    ]
    sys.stdout.write("\n".join(sections))


if __name__ == "__main__":  # pragma: no cover
    main()
