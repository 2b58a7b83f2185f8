"""Helpers for the text games render: Rich-style markup without depending on Rich."""

from __future__ import annotations

import re

_TAG = re.compile(r"(?<!\\)\[(/?[a-z #0-9_.,]*)\]")


def escape(text: str) -> str:
    """Escape literal ``[`` so markup readers print it as it is."""
    return text.replace("[", r"\[")


def plain(markup: str) -> str:
    """The text with markup tags removed and escapes undone (for files and plain terminals)."""
    return _TAG.sub("", markup).replace(r"\[", "[")


def styled(text: str, style: str) -> str:
    """``text`` (escaped) wrapped in a style tag, e.g. ``styled("C4", "bold red")``."""
    return f"[{style}]{escape(text)}[/{style}]" if style else escape(text)


def plural(count: int, noun: str) -> str:
    """``1 deed``, ``3 deeds``, ``0 deeds`` (a noun whose plural adds an s)."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"
