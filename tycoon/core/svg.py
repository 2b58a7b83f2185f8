"""Helpers for the SVG pictures games draw of a view: escaping, elements, a shared palette.

Every game draws a *view* (never a state) as one self-contained SVG document: no external fonts,
images or scripts, so a picture opens offline and a server can send it to a browser as it is.
Elements that a move may concern carry a ``data-target`` key (``"square:A1"``, ``"row:2"``); the
game's ``move_targets(action)`` names the keys a legal action concerns, so one generic piece of
browser code turns a click on an element into that move for every game, and highlights the
elements of the last move the same way.

Colours: :data:`SEAT_COLOURS` is the Okabe-Ito palette, which people with the common forms of
colour blindness can tell apart; pictures also write a seat's number or letter on its pieces, so
colour is never the only cue.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

# Okabe and Ito (2008), "Color Universal Design": distinguishable under protanopia, deuteranopia
# and tritanopia. Seat 1 first. Black is kept for text.
SEAT_COLOURS: tuple[str, ...] = (
    "#E69F00",  # orange
    "#56B4E9",  # sky blue
    "#009E73",  # bluish green
    "#F0E442",  # yellow
    "#0072B2",  # blue
    "#D55E00",  # vermillion
    "#CC79A7",  # reddish purple
    "#999999",  # grey
)
INK = "#1a1a1a"
PAPER = "#fbfaf6"
MUTED = "#8a8a8a"
HIGHLIGHT = "#000000"
FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif"

Attrs = Mapping[str, object]


def seat_colour(seat: int) -> str:
    """The colour of ``seat`` (0-based), cycling after eight seats."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def text_colour_on(fill: str) -> str:
    """Black or white, whichever reads better on ``fill`` (``#rrggbb``)."""
    if len(fill) != 7 or not fill.startswith("#"):
        return INK
    red, green, blue = (int(fill[i : i + 2], 16) for i in (1, 3, 5))
    luminance = 0.2126 * red + 0.7152 * green + 0.0722 * blue
    return INK if luminance > 140 else "#ffffff"


def escape(text: object) -> str:
    """``text`` safe inside an XML element or a double-quoted attribute."""
    return (
        str(text)
        .replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
    )


def _number(value: float) -> str:
    if isinstance(value, bool):
        return str(int(value))
    if isinstance(value, int) or float(value).is_integer():
        return str(int(value))
    return f"{value:.2f}".rstrip("0").rstrip(".")


def attributes(attrs: Attrs) -> str:
    """`` name="value"`` pairs; ``None`` and ``False`` values are left out, names written with
    ``_`` as ``-`` (``stroke_width`` → ``stroke-width``, ``data_target`` → ``data-target``);
    a trailing ``_`` is dropped (``class_`` → ``class``)."""
    parts: list[str] = []
    for name, value in attrs.items():
        if value is None or value is False:
            continue
        key = name.rstrip("_").replace("_", "-")
        if isinstance(value, int | float) and not isinstance(value, bool):
            shown = _number(value)
        else:
            shown = escape(value)
        parts.append(f' {key}="{shown}"')
    return "".join(parts)


def element(tag: str, content: str | Iterable[str] = "", /, **attrs: object) -> str:
    """One element; ``content`` is markup already (escape text with :func:`escape`)."""
    inner = content if isinstance(content, str) else "".join(content)
    if inner:
        return f"<{tag}{attributes(attrs)}>{inner}</{tag}>"
    return f"<{tag}{attributes(attrs)}/>"


def text(x: float, y: float, words: object, **attrs: object) -> str:
    """A ``<text>`` element with ``words`` escaped."""
    return element("text", escape(words), x=x, y=y, **attrs)


def rect(x: float, y: float, width: float, height: float, **attrs: object) -> str:
    return element("rect", x=x, y=y, width=width, height=height, **attrs)


def circle(cx: float, cy: float, r: float, **attrs: object) -> str:
    return element("circle", cx=cx, cy=cy, r=r, **attrs)


def line(x1: float, y1: float, x2: float, y2: float, **attrs: object) -> str:
    return element("line", x1=x1, y1=y1, x2=x2, y2=y2, **attrs)


def polygon(points: Iterable[tuple[float, float]], **attrs: object) -> str:
    shown = " ".join(f"{_number(x)},{_number(y)}" for x, y in points)
    return element("polygon", points=shown, **attrs)


def group(content: Iterable[str], **attrs: object) -> str:
    return element("g", content, **attrs)


def title(words: object) -> str:
    """A ``<title>``: the tooltip and the accessible name of its parent element."""
    return element("title", escape(words))


def document(width: float, height: float, content: Iterable[str], label: str) -> str:
    """A complete SVG document scaled to its container's width (readable on a phone), with
    ``label`` as its accessible name."""
    body = "".join(content)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_number(width)} '
        f'{_number(height)}" width="100%" role="img" aria-label="{escape(label)}" '
        f'font-family="{escape(FONT)}" style="max-width:{_number(width)}px;background:{PAPER}">'
        f"{title(label)}{body}</svg>"
    )
