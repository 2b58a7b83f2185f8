"""A game's text rendering (Rich-style markup) turned into escaped HTML for the pages."""

from __future__ import annotations

import html
import io

from rich.console import Console
from rich.errors import MarkupError
from rich.text import Text


def markup_to_html(markup: str, width: int = 120) -> str:
    """``[bold]Seat 1[/bold] <b>`` → ``<span style="font-weight: bold">Seat 1</span> &lt;b&gt;``.

    Every character of the text is escaped; only Rich's own styling becomes inline CSS. Text
    whose markup does not parse is shown as it is, escaped."""
    try:
        text = Text.from_markup(markup)
    except MarkupError:
        return html.escape(markup)
    console = Console(
        record=True,
        file=io.StringIO(),
        width=width,
        color_system="truecolor",
        force_terminal=True,
        legacy_windows=False,
    )
    console.print(text, soft_wrap=True, end="")
    return console.export_html(inline_styles=True, code_format="{code}")


def plain_text(markup: str) -> str:
    """The text of ``markup`` without its styling (for log lines sent as text)."""
    try:
        return Text.from_markup(markup).plain
    except MarkupError:
        return markup
