"""A game's text rendering (Rich-style markup) turned into escaped HTML for the pages."""

from __future__ import annotations

import html
import itertools
from functools import lru_cache

from rich.errors import MarkupError, StyleSyntaxError
from rich.style import Style
from rich.text import Text


@lru_cache(maxsize=1024)
def style_css(style: str) -> str:
    """Inline CSS for a Rich style such as ``"bold red"`` (unknown styles: none)."""
    try:
        parsed = Style.parse(style)
    except StyleSyntaxError:
        return ""
    parts = []
    if parsed.bold:
        parts.append("font-weight: bold")
    if parsed.dim:
        parts.append("opacity: 0.7")
    if parsed.italic:
        parts.append("font-style: italic")
    if parsed.underline:
        parts.append("text-decoration: underline")
    if parsed.strike:
        parts.append("text-decoration: line-through")
    if parsed.color is not None and not parsed.color.is_default:
        parts.append(f"color: {parsed.color.get_truecolor().hex}")
    if parsed.bgcolor is not None and not parsed.bgcolor.is_default:
        parts.append(f"background-color: {parsed.bgcolor.get_truecolor().hex}")
    return "; ".join(parts)


@lru_cache(maxsize=512)
def markup_to_html(markup: str) -> str:
    """``[bold]Seat 1[/bold] <b>`` → ``<span style="font-weight: bold">Seat 1</span> &lt;b&gt;``.

    Every character of the text is escaped; only Rich's styling becomes inline CSS. Text whose
    markup does not parse is shown as it is, escaped."""
    try:
        text = Text.from_markup(markup)
    except MarkupError:
        return html.escape(markup)
    plain = text.plain
    spans = [s for s in text.spans if s.end > s.start]
    cuts = sorted({0, len(plain), *(s.start for s in spans), *(s.end for s in spans)})
    opening: dict[int, list[int]] = {}
    for number, span in enumerate(spans):
        opening.setdefault(span.start, []).append(number)
    active: list[int] = []  # the spans covering the current piece, in markup order
    out: list[str] = []
    for start, end in itertools.pairwise(cuts):
        active = [n for n in active if spans[n].end > start]
        if start in opening:
            active = sorted(active + opening[start])
        chunk = html.escape(plain[start:end])
        css = "; ".join(c for c in (style_css(str(spans[n].style)) for n in active) if c)
        out.append(f'<span style="{css}">{chunk}</span>' if css else chunk)
    return "".join(out)


def plain_text(markup: str) -> str:
    """The text of ``markup`` without its styling (for log lines sent as text)."""
    try:
        return Text.from_markup(markup).plain
    except MarkupError:
        return markup
