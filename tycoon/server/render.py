"""What the pages show of a game: its text rendering (Rich-style markup) turned into escaped
HTML, and its SVG picture checked to hold nothing that could run, with each legal move's click
targets and the last move's."""

from __future__ import annotations

import html
import itertools
import logging
import re
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from functools import lru_cache
from operator import attrgetter
from typing import Any

from rich.errors import MarkupError, StyleSyntaxError
from rich.markup import RE_TAGS
from rich.style import Style
from rich.text import Span, Text

from tycoon.core import AmountRange, Step, TycoonError
from tycoon.server.bots import cached_game

log = logging.getLogger("tycoon.server")
LEGAL_TARGETS_LIMIT = 2_000  # as many choices as a state message lists

# What sends markup to Rich's own parser: emoji codes, control codes Rich strips.
_UNUSUAL = re.compile(r":\S*?:|[\x07\x08\x0b\x0c\x0d]")


def _simple_markup(markup: str) -> tuple[str, list[Span]] | None:
    """The plain text and spans of ``markup`` as Rich's ``Text.from_markup`` makes them, for
    markup of styles only (``[bold red]...[/]``, ``[/bold red]``), parsed in one sweep without
    building a ``Text`` (the pages render a board per move and seat); ``None`` for anything
    else (a link or handler, an emoji code, a tag that closes nothing), which Rich parses
    instead. ``tests/server/test_render.py`` checks both agree on every game's boards."""
    if _UNUSUAL.search(markup) is not None:
        return None
    pieces: list[str] = []
    length = 0
    stack: list[tuple[int, str]] = []
    spans: list[Span] = []
    position = 0

    def text(piece: str) -> None:
        nonlocal length
        piece = piece.replace("\\[", "[")  # an escaped bracket that opens no tag
        pieces.append(piece)
        length += len(piece)

    for match in RE_TAGS.finditer(markup):
        start, end = match.span()
        whole, escapes, tag = match.groups()
        if start > position:
            text(markup[position:start])
        position = end
        if escapes:  # as Rich's parser: pairs of backslashes, then perhaps an escaped tag
            backslashes, escaped = divmod(len(escapes), 2)
            if backslashes:
                text("\\" * backslashes)
            if escaped:
                text(whole[len(escapes) :])
                continue
        if "=" in tag or tag.startswith("@"):
            return None
        if tag.startswith("/"):
            name = tag[1:].strip()
            if name:
                name = Style.normalize(name)
                for index in range(len(stack) - 1, -1, -1):
                    if stack[index][1] == name:
                        opened, style = stack.pop(index)
                        break
                else:
                    return None
            elif stack:
                opened, style = stack.pop()
            else:
                return None
            spans.append(Span(opened, length, style))
        else:
            stack.append((length, Style.normalize(tag)))
    if position < len(markup):
        text(markup[position:])
    while stack:
        opened, style = stack.pop()
        if style:
            spans.append(Span(opened, length, style))
    return "".join(pieces), sorted(spans[::-1], key=attrgetter("start"))


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
    parsed = _simple_markup(markup)
    if parsed is None:  # escapes, links, handlers, emoji codes, control codes: Rich's parser
        try:
            text = Text.from_markup(markup)
        except MarkupError:
            return html.escape(markup)
        parsed = text.plain, [Span(s.start, s.end, s.style) for s in text.spans]
    plain, every = parsed
    spans = [s for s in every if s.end > s.start]
    cuts = sorted({0, len(plain), *(s.start for s in spans), *(s.end for s in spans)})
    css_of = [style_css(str(span.style)) for span in spans]
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
        css = "; ".join(css_of[n] for n in active if css_of[n])
        out.append(f'<span style="{css}">{chunk}</span>' if css else chunk)
    return "".join(out)


def plain_text(markup: str) -> str:
    """The text of ``markup`` without its styling (for log lines sent as text)."""
    try:
        return Text.from_markup(markup).plain
    except MarkupError:
        return markup


# -- pictures -------------------------------------------------------------------------------------
SVG_NS = "{http://www.w3.org/2000/svg}"
# What a picture made by a game may contain: shapes, text and groups. Anything else (scripts,
# foreign HTML, links, external images, animations that could set attributes) is refused.
SVG_ELEMENTS = frozenset(
    {
        "svg",
        "g",
        "title",
        "desc",
        "text",
        "tspan",
        "rect",
        "circle",
        "ellipse",
        "line",
        "polyline",
        "polygon",
        "path",
        "defs",
        "pattern",
        "clipPath",
        "marker",
        "linearGradient",
        "radialGradient",
        "stop",
    }
)


def safe_svg(drawn: str | None) -> str | None:
    """``drawn`` if it is an SVG document made only of shapes, text and groups, with no event
    handler, link or external reference; otherwise ``None`` (the page then shows the text).

    Pictures are made by the games from a view with every text escaped; this check is the
    second line, so that nothing a page inserts into itself can ever run script."""
    if drawn is None:
        return None
    try:
        root = ET.fromstring(drawn)
    except ET.ParseError:
        log.warning("a picture is not well-formed XML: the text board is shown instead")
        return None
    if _plainly_safe(drawn, root) or _only_shapes(root):
        return drawn
    return None


def _only_shapes(root: ET.Element) -> bool:
    """Every element of ``root`` is a shape, text or group, with no event handler, link or
    outside reference (logged otherwise)."""
    for node in root.iter():
        tag = node.tag if isinstance(node.tag, str) else ""
        if not tag.startswith(SVG_NS) or tag[len(SVG_NS) :] not in SVG_ELEMENTS:
            log.warning("a picture holds a %s element: the text board is shown instead", tag)
            return False
        for name, value in node.attrib.items():
            bare = name.rsplit("}", 1)[-1].lower()
            lowered = value.lower()
            outside = OUTSIDE_URL.search(lowered) is not None  # each url() only to an #id
            if bare.startswith("on") or bare in ("href", "src") or outside or "script:" in lowered:
                log.warning("a picture holds a %s attribute: the text board is shown", name)
                return False
    return True


SVG_TAGS = frozenset(SVG_NS + name for name in SVG_ELEMENTS)
OUTSIDE_URL = re.compile(r"url\((?!\s*#)")


def _plainly_safe(drawn: str, root: ET.Element) -> bool:
    """The common case of :func:`safe_svg`, checked in one sweep (a board is drawn and checked
    for every move): ``True`` only if the full check would pass. No character reference or
    declaration (nothing hides a letter from a search of the text), no ``url(`` but to a local
    ``#id`` and no ``script:`` anywhere, so no attribute value can hold one; then only the sets
    of element and attribute names are left to check. ``False``: the full check decides."""
    lowered = drawn.lower()
    if "&#" in drawn or "<!" in drawn or "script:" in lowered or OUTSIDE_URL.search(lowered):
        return False
    tags: set[object] = set()
    names: set[str] = set()
    for node in root.iter():
        tags.add(node.tag)
        names.update(node.keys())
    if not tags <= SVG_TAGS:
        return False
    return not any(
        bare.startswith("on") or bare in ("href", "src")
        for bare in {name.rsplit("}", 1)[-1].lower() for name in names}
    )


def picture_fields(
    game: Any,
    view: Any,
    viewer: int | None,
    legal: Sequence[Any],
    last: Step | None,
) -> dict[str, Any]:
    """What the page needs to draw the board and play by clicking on it, for ``viewer``:

    ``svg``, the game's picture of the viewer's own view (or ``None``); ``targets``, for each
    legal choice (same order as ``legal``) the ``data-target`` keys it concerns (an amount: those
    of its lowest value); ``last``, the seat and keys of the last move, drawn highlighted. The
    keys of another seat's move are given only when the move is announced to the viewer as it is
    announced to its own seat, so a sealed or secret move highlights nothing."""
    targets: list[list[str]] = []
    for index, choice in enumerate(legal):
        if index >= LEGAL_TARGETS_LIMIT:
            break
        action = choice.action(choice.low) if isinstance(choice, AmountRange) else choice
        targets.append(list(game.move_targets(action)))
    last_move: dict[str, Any] | None = None
    if last is not None:
        try:
            action = game.parse_action(last.action, last.seat)
        except TycoonError:
            action = None
        if action is not None:
            public = viewer == last.seat or game.describe_action(
                action, viewer
            ) == game.describe_action(action, last.seat)
            last_move = {
                "seat": last.seat,
                "targets": list(game.move_targets(action)) if public else [],
            }
    return {"svg": safe_svg(game.render_svg(view)), "targets": targets, "last": last_move}


def legal_to_json(game: Any, legal: Sequence[Any]) -> list[dict[str, Any]]:
    """Each legal choice with its index: a move's notation, or an amount's bounds."""
    result: list[dict[str, Any]] = []
    for index, choice in enumerate(legal):
        if index >= LEGAL_TARGETS_LIMIT:
            break
        if isinstance(choice, AmountRange):
            result.append(
                {
                    "choice": index,
                    "notation": game.format_action(choice.action(choice.low)),
                    "low": choice.low,
                    "high": choice.high,
                    "step": choice.step,
                    "field": choice.field,
                }
            )
        else:
            result.append({"choice": index, "notation": game.format_action(choice)})
    return result


def state_parts(
    game: Any, view: Any, viewer: int | None, legal: Sequence[Any] | None, last: Step | None
) -> dict[str, Any]:
    """The parts of ``viewer``'s state message drawn from its own view alone: the view as JSON,
    the board (Rich markup and HTML), the picture and its click targets, and for a seat to act
    (``legal`` its choices; ``None``: not to act) its choices, their help and the prompt."""
    text = game.render_text(view)
    parts: dict[str, Any] = {
        "view": game.view_to_json(view),
        "text": text,  # the same rendering as Rich markup, for terminal clients
        "board": markup_to_html(text),
        "legal": [],
        "help": [],
    }
    if viewer is not None and legal is not None:
        parts["legal"] = legal_to_json(game, legal)
        parts["legal_count"] = len(legal)
        parts["help"] = [plain_text(line) for line in game.describe_legal(view, legal)]
        parts["prompt"] = game.prompt_label(view, viewer)
    pictures = picture_fields(game, view, viewer, legal or (), last)  # svg, last, click targets
    parts["svg"], parts["last"] = pictures["svg"], pictures["last"]
    for choice, keys in zip(parts["legal"], pictures["targets"], strict=False):
        choice["targets"] = keys
    return parts


def drawn_in_worker(
    name: str,
    players: int,
    options_key: str,
    options: dict[str, Any],
    view: Any,
    viewer: int | None,
    legal: Sequence[Any] | None,
    last: Step | None,
) -> dict[str, Any]:
    """:func:`state_parts` in a worker process, from the viewer's own view (never a state)."""
    return state_parts(cached_game(name, players, options_key, options), view, viewer, legal, last)
