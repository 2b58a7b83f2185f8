"""The tokens every game's notation is made of, read once and strictly.

Every game writes moves as a few words: keywords, whole numbers (amounts, bids, lots), sometimes a
signed change, a seat number counted from 1, and names from a fixed table (plots, cells, squares,
pieces). These helpers read each token and raise :class:`MalformedActionError` with a reason a
person can read for anything else, so a notation parser never calls ``int()`` or ``isdigit()`` on
raw text (``str.isdigit`` accepts ``²``, and ``int`` accepts other scripts' digits, ``1_000``
and numbers of any length).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final, TypeVar

from tycoon.core.errors import MalformedActionError

#: The longest number a move may hold: nine digits (under a billion) is far beyond any game's
#: amounts, and keeps every number a machine-size integer.
MAX_DIGITS: Final = 9

#: The longest text a move may be; anything longer is refused before it is split into words.
MAX_TEXT: Final = 500

_DIGITS: Final = frozenset("0123456789")

T = TypeVar("T")


def words(text: object, *, lower: bool = True) -> list[str]:
    """The words of a move (split on whitespace, lower-cased unless ``lower`` is false).

    Refuses anything that is not text and text longer than :data:`MAX_TEXT` characters."""
    if not isinstance(text, str):
        raise MalformedActionError(f"a move is text, not {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise MalformedActionError(f"a move is at most {MAX_TEXT} characters long")
    return (text.lower() if lower else text).split()


def is_number(token: str) -> bool:
    """Whether ``token`` is a whole number written with ASCII digits, at most
    :data:`MAX_DIGITS` long (``²``, Arabic-Indic digits, ``+3`` and ``1_000`` are not)."""
    return 0 < len(token) <= MAX_DIGITS and _DIGITS.issuperset(token)


def natural(token: str, what: str, *, low: int = 0, high: int | None = None) -> int:
    """The non-negative whole number ``token`` (ASCII digits only), at least ``low`` and at most
    ``high`` when given; ``what`` names it in the error ("a bid", "the lot")."""
    if not is_number(token):
        if len(token) > MAX_DIGITS and _DIGITS.issuperset(token):
            raise MalformedActionError(f"{what} has too many digits (at most {MAX_DIGITS})")
        raise MalformedActionError(
            f"{what} must be a whole number written with the digits 0-9, not {_show(token)}"
        )
    return _bounded(int(token), what, low, high)


def signed(token: str, what: str, *, low: int | None = None, high: int | None = None) -> int:
    """A whole number with an optional ``+`` or ``-`` sign (``+1``, ``-1``, ``3``)."""
    sign = -1 if token[:1] == "-" else 1
    body = token[1:] if token[:1] in ("+", "-") else token
    if not is_number(body):
        raise MalformedActionError(
            f"{what} must be a whole number such as +1 or -1, written with the digits 0-9, "
            f"not {_show(token)}"
        )
    value = sign * int(body)
    if low is not None and value < low:
        raise MalformedActionError(f"{what} must be at least {low}, not {value}")
    if high is not None and value > high:
        raise MalformedActionError(f"{what} must be at most {high}, not {value}")
    return value


def amount(token: str, what: str, *, prefix: str = "$", suffix: str = "", low: int = 0) -> int:
    """An amount of money: a whole number, optionally written with ``prefix`` before it and
    ``suffix`` after it (``$4``, ``4m``)."""
    body = token
    if prefix and body.startswith(prefix):
        body = body[len(prefix) :]
    if suffix and body.endswith(suffix):
        body = body[: -len(suffix)]
    return natural(body, what, low=low)


def seat_number(token: str, players: int | None = None, what: str = "a seat") -> int:
    """The seat (counted from 0) written ``token`` as a number counted from 1; at most
    ``players`` when given. ``what`` starts the error: "deal takes a seat"."""
    if not is_number(token) or int(token) < 1 or (players is not None and int(token) > players):
        span = f"1 to {players}" if players is not None else "from 1"
        raise MalformedActionError(f"{what} number {span}, not {_show(token)}")
    return int(token) - 1


def keyword(token: str, choices: Iterable[str], what: str) -> str:
    """``token`` if it is one of ``choices``, else an error listing them."""
    options = tuple(choices)
    if token in options:
        return token
    raise MalformedActionError(f"{what} is one of {', '.join(options)}, not {_show(token)}")


def lookup(token: str, table: Mapping[str, T], what: str, hint: str = "") -> T:
    """The entry of ``table`` named ``token`` (plots, cells, squares, pieces): ``what`` names the
    kind of thing and ``hint`` says how they are written."""
    if token in table:
        return table[token]
    raise MalformedActionError(f"{_show(token)} is not {what}" + (f" ({hint})" if hint else ""))


def _bounded(value: int, what: str, low: int, high: int | None) -> int:
    if value < low:
        raise MalformedActionError(f"{what} must be at least {low}, not {value}")
    if high is not None and value > high:
        raise MalformedActionError(f"{what} must be at most {high}, not {value}")
    return value


def _show(token: str) -> str:
    """A token as an error quotes it, shortened if long."""
    if len(token) > 24:
        return repr(token[:20] + "...")
    return repr(token)
