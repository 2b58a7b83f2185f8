"""Water Rights' actions and their text notation.

King:   ``colours green red`` · ``tax dollars +1`` · ``tax tiles -1`` · ``water dollars +1`` ·
        ``water units -1`` · ``done``
Mayors: ``request 3`` · ``request 3 legacy`` · ``draft district 2`` · ``draft plant 1`` · ``done``
        · ``build farmland c3`` · ``fill c3`` · ``fill c3 legacy`` · ``post junior`` ·
        ``destroy c3`` · ``feed`` · ``supply c3`` · ``collect``

Cells are a column a-f (left to right) and a row 1-6 (top to bottom). Card names are written in
lower case with hyphens (``fishing-dock``); spaces are accepted when parsing.
"""

from __future__ import annotations

from dataclasses import dataclass

from tycoon.core import Action, MalformedActionError, notation
from tycoon.games.water_rights.catalogue import CELL_INDEX, COLOURS, ROLES


@dataclass(frozen=True, slots=True)
class SetColours(Action):
    """The King picks the taxed colours (written in green, red, yellow order)."""

    colours: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class AdjustTax(Action):
    """The King moves the tax dollars or the tiles per dollar by one."""

    part: str  # "dollars" | "tiles"
    change: int  # +1 | -1


@dataclass(frozen=True, slots=True)
class AdjustWater(Action):
    """The King moves the water price dollars or units by one."""

    part: str  # "dollars" | "units"
    change: int


@dataclass(frozen=True, slots=True)
class Done(Action):
    """End the King's turn, or end a mayor's drafting or building."""


@dataclass(frozen=True, slots=True)
class Request(Action):
    """A mayor requests water from the King's bank (playing a legacy card lifts an event cap)."""

    amount: int
    legacy: bool


@dataclass(frozen=True, slots=True)
class Draft(Action):
    line: str  # "district" | "plant"
    slot: int  # 1-based


@dataclass(frozen=True, slots=True)
class Build(Action):
    card: str  # the card's slug
    cell: str


@dataclass(frozen=True, slots=True)
class Fill(Action):
    """While building: request from the King exactly the water that fills the plant built this
    turn on ``cell`` (a legacy card lifts an event cap)."""

    cell: str
    legacy: bool


@dataclass(frozen=True, slots=True)
class Post(Action):
    """Build a trading post with another mayor (by role name, lower case)."""

    target: str


@dataclass(frozen=True, slots=True)
class Destroy(Action):
    cell: str


@dataclass(frozen=True, slots=True)
class Feed(Action):
    """Give the facility its water: the mayor's own tokens for the turn."""


@dataclass(frozen=True, slots=True)
class Supply(Action):
    cell: str


@dataclass(frozen=True, slots=True)
class Collect(Action):
    """End distribution: collect income, discard tokens, refill recyclers, pay tax."""


ACTION_TYPES: tuple[type[Action], ...] = (
    SetColours,
    AdjustTax,
    AdjustWater,
    Done,
    Request,
    Draft,
    Build,
    Post,
    Destroy,
    Feed,
    Supply,
    Collect,
    Fill,
)

TAXABLE_NAMES = COLOURS[:3]
MAYOR_NAMES = tuple(r.lower() for r in ROLES[1:])

FORMS = (
    "colours green red | tax dollars +1 | tax tiles -1 | water dollars +1 | water units -1 | "
    "done | request 3 | request 3 legacy | draft district 2 | draft plant 1 | "
    "build farmland c3 | fill c3 | fill c3 legacy | post junior | destroy c3 | feed | "
    "supply c3 | collect"
)


def format_action(action: Action) -> str:
    kind = type(action)
    if kind is Supply:
        return f"supply {action.cell}"  # type: ignore[attr-defined]
    if kind is Build:
        return f"build {action.card} {action.cell}"  # type: ignore[attr-defined]
    if kind is Draft:
        return f"draft {action.line} {action.slot}"  # type: ignore[attr-defined]
    if kind is Request:
        legacy = " legacy" if action.legacy else ""  # type: ignore[attr-defined]
        return f"request {action.amount}{legacy}"  # type: ignore[attr-defined]
    if kind is Done:
        return "done"
    if kind is Feed:
        return "feed"
    if kind is Collect:
        return "collect"
    if kind is Destroy:
        return f"destroy {action.cell}"  # type: ignore[attr-defined]
    if kind is Fill:
        legacy = " legacy" if action.legacy else ""  # type: ignore[attr-defined]
        return f"fill {action.cell}{legacy}"  # type: ignore[attr-defined]
    if kind is Post:
        return f"post {action.target}"  # type: ignore[attr-defined]
    if kind is SetColours:
        return "colours " + " ".join(action.colours)  # type: ignore[attr-defined]
    if kind is AdjustTax:
        return f"tax {action.part} {action.change:+d}"  # type: ignore[attr-defined]
    if kind is AdjustWater:
        return f"water {action.part} {action.change:+d}"  # type: ignore[attr-defined]
    raise TypeError(f"not a Water Rights action: {action!r}")


def _bad(text: str, form: str) -> MalformedActionError:
    return MalformedActionError(f"{text!r} is not a Water Rights move (write: {form})")


def _cell(text: str, word: str, form: str) -> str:
    cell = word.lower()
    if cell not in CELL_INDEX:
        raise MalformedActionError(
            f"{word!r} in {text!r} is not a cell (columns a-f, rows 1-6, e.g. c3; write: {form})"
        )
    return cell


def _change(text: str, word: str, form: str) -> int:
    if word in ("+1", "1", "-1"):
        return notation.signed(word, "a change")
    raise MalformedActionError(f"{text!r}: the King moves a number by +1 or -1 (write: {form})")


def parse_action(text: str, seat: int) -> Action:
    words = notation.words(text)
    if not words:
        raise _bad(text, FORMS)
    head, rest = words[0], words[1:]
    if head == "done" and not rest:
        return Done(seat)
    if head == "feed" and not rest:
        return Feed(seat)
    if head == "collect" and not rest:
        return Collect(seat)
    if head == "supply":
        if len(rest) != 1:
            raise _bad(text, "supply c3")
        return Supply(seat, _cell(text, rest[0], "supply c3"))
    if head == "destroy":
        if len(rest) != 1:
            raise _bad(text, "destroy c3")
        return Destroy(seat, _cell(text, rest[0], "destroy c3"))
    if head == "fill":
        form = "fill c3 | fill c3 legacy"
        if not 1 <= len(rest) <= 2 or (len(rest) == 2 and rest[1] != "legacy"):
            raise _bad(text, form)
        return Fill(seat, _cell(text, rest[0], form), len(rest) == 2)
    if head == "build":
        if len(rest) < 2:
            raise _bad(text, "build farmland c3")
        return Build(seat, "-".join(rest[:-1]), _cell(text, rest[-1], "build farmland c3"))
    if head == "draft":
        if (
            len(rest) != 2
            or rest[0] not in ("district", "plant")
            or not notation.is_number(rest[1])
        ):
            raise _bad(text, "draft district 2 | draft plant 1")
        return Draft(seat, rest[0], notation.natural(rest[1], "a slot"))
    if head == "request":
        form = "request 3 | request 3 legacy"
        if not 1 <= len(rest) <= 2 or not notation.is_number(rest[0]):
            raise _bad(text, form)
        if len(rest) == 2 and rest[1] != "legacy":
            raise _bad(text, form)
        return Request(seat, notation.natural(rest[0], "a request"), len(rest) == 2)
    if head == "post":
        if len(rest) != 1 or rest[0] not in MAYOR_NAMES:
            raise _bad(text, "post senior | post riparian | post junior")
        return Post(seat, rest[0])
    if head in ("colours", "colors"):
        form = "colours green red (distinct colours among green, red, yellow)"
        if not rest or any(c not in TAXABLE_NAMES for c in rest) or len(set(rest)) != len(rest):
            raise _bad(text, form)
        return SetColours(seat, tuple(sorted(rest, key=TAXABLE_NAMES.index)))
    if head == "tax":
        if len(rest) != 2 or rest[0] not in ("dollars", "tiles"):
            raise _bad(text, "tax dollars +1 | tax tiles -1")
        return AdjustTax(seat, rest[0], _change(text, rest[1], "tax dollars +1"))
    if head == "water":
        if len(rest) != 2 or rest[0] not in ("dollars", "units"):
            raise _bad(text, "water dollars +1 | water units -1")
        return AdjustWater(seat, rest[0], _change(text, rest[1], "water dollars +1"))
    raise _bad(text, FORMS)
