"""What a game declares about itself before anything is played (OpenSpiel ``GameType``)."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum

from tycoon.core.errors import OptionError

OptionValue = bool | int | float | str


class Dynamics(Enum):
    """How seats take decisions."""

    SEQUENTIAL = "sequential"
    SIMULTANEOUS = "simultaneous"  # some steps are sealed commits by several seats at once


class Chance(Enum):
    """Whether chance takes part."""

    DETERMINISTIC = "deterministic"
    EXPLICIT = "explicit"  # drawn from the seeded rng passed in, every outcome recorded


class Information(Enum):
    """Whether every seat sees the whole state."""

    PERFECT = "perfect"
    IMPERFECT = "imperfect"


@dataclass(frozen=True, slots=True)
class Option:
    """A named game option with its default, its kind and how it is validated.

    ``choices`` restricts a string (or int) to a set; ``low``/``high`` bound a number.
    """

    name: str
    default: OptionValue
    help: str
    choices: tuple[OptionValue, ...] = ()
    low: float | None = None
    high: float | None = None
    longest: int = 0  # the longest text taken (0: MAX_OPTION_TEXT)

    @property
    def kind(self) -> type:
        return type(self.default)

    def describe_kind(self) -> str:
        if self.choices:
            return "|".join(str(c) for c in self.choices)
        kind = self.kind
        if kind is bool:
            return "on|off"
        if kind is int:
            if self.low is not None and self.high is not None:
                return f"{int(self.low)}..{int(self.high)}"
            return "integer"
        if kind is float:
            return "number"
        return "text"

    def validate(self, value: object) -> OptionValue:
        """Return ``value`` converted to this option's kind, or raise :class:`OptionError`.

        Strings are accepted for every kind, so the same path serves the command line.
        """
        kind = self.kind
        converted: OptionValue
        longest = self.longest or MAX_OPTION_TEXT
        if isinstance(value, str) and len(value) > longest:
            raise OptionError(
                f"option {self.name!r} is at most {longest} characters long, not {len(value)}"
            )
        if kind is bool:
            if isinstance(value, bool):
                converted = value
            elif isinstance(value, str) and value.strip().lower() in _TRUE:
                converted = True
            elif isinstance(value, str) and value.strip().lower() in _FALSE:
                converted = False
            else:
                raise OptionError(f"option {self.name!r} is on or off, not {_short(value)}")
        elif kind is int:
            if isinstance(value, bool):
                raise OptionError(f"option {self.name!r} takes a whole number, not {_short(value)}")
            if isinstance(value, int) and -(10**18) < value < 10**18:
                converted = value
            elif isinstance(value, str) and _WHOLE.fullmatch(value.strip()):
                converted = int(value.strip())
            else:
                raise OptionError(
                    f"option {self.name!r} takes a whole number (of at most 18 digits), "
                    f"not {_short(value)}"
                )
        elif kind is float:
            if isinstance(value, bool) or not isinstance(value, int | float | str):
                raise OptionError(f"option {self.name!r} takes a number, not {_short(value)}")
            if isinstance(value, str) and not _NUMBER.fullmatch(value.strip()):
                raise OptionError(f"option {self.name!r} takes a number, not {_short(value)}")
            try:
                converted = float(value)
            except (ValueError, OverflowError):
                raise OptionError(
                    f"option {self.name!r} takes a number, not {_short(value)}"
                ) from None
            if not math.isfinite(converted):
                raise OptionError(
                    f"option {self.name!r} takes a finite number, not {_short(value)}"
                )
        else:
            if not isinstance(value, str):
                raise OptionError(f"option {self.name!r} takes text, not {_short(value)}")
            converted = value.strip()
        if self.choices and converted not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise OptionError(f"option {self.name!r} must be one of {allowed}, not {_short(value)}")
        if isinstance(converted, int | float) and not isinstance(converted, bool):
            if self.low is not None and converted < self.low:
                raise OptionError(f"option {self.name!r} must be at least {_num(self.low)}")
            if self.high is not None and converted > self.high:
                raise OptionError(f"option {self.name!r} must be at most {_num(self.high)}")
        return converted


#: The longest text an option takes (a path to a data directory is the longest in use).
MAX_OPTION_TEXT = 1024

# A whole number as an option writes it: ASCII digits with an optional sign, not too long.
_WHOLE = re.compile(r"[+-]?[0-9]{1,18}")
_NUMBER = re.compile(r"[+-]?([0-9]{1,18}(\.[0-9]{0,18})?|\.[0-9]{1,18})([eE][+-]?[0-9]{1,3})?")

_TRUE = frozenset({"1", "true", "yes", "on", "y"})
_FALSE = frozenset({"0", "false", "no", "off", "n"})


def _short(value: object) -> str:
    try:
        text = repr(value)
    except ValueError:  # an int too long to print
        return "a number too long to print"
    return text if len(text) <= 40 else text[:37] + "..."


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def normalise_name(name: str) -> str:
    """Option and game names compare case-insensitively with ``_`` and ``-`` alike."""
    return name.strip().lower().replace("_", "-")


@dataclass(frozen=True, slots=True)
class GameSpec:
    """A game's declaration: identity, player counts, kind of game, options and version.

    ``version`` changes only when behaviour changes; game records carry it so that a record is
    never replayed under different rules.
    """

    name: str
    title: str
    summary: str
    min_players: int
    max_players: int
    default_players: int
    dynamics: Dynamics
    chance: Chance
    information: Information
    version: str
    options: tuple[Option, ...] = ()
    aliases: tuple[str, ...] = ()
    seat_names: tuple[str, ...] = field(default=())

    def option(self, name: str) -> Option:
        if not isinstance(name, str):
            raise OptionError(f"an option's name is text, not {_short(name)}")
        key = normalise_name(name)
        for option in self.options:
            if option.name == key:
                return option
        known = ", ".join(o.name for o in self.options) or "none"
        raise OptionError(f"{self.name} has no option {_short(name)} (its options: {known})")

    def check_players(self, players: int) -> int:
        if isinstance(players, bool) or not isinstance(players, int):
            raise OptionError(
                f"the number of players must be a whole number, not {_short(players)}"
            )
        if not self.min_players <= players <= self.max_players:
            raise OptionError(
                f"{self.name} takes {self.min_players}-{self.max_players} players, "
                f"not {_short(players)}"
            )
        return players

    def resolve_options(self, given: Mapping[str, object] | None) -> dict[str, OptionValue]:
        """Every option's value: the defaults overridden by ``given``, each validated."""
        values: dict[str, OptionValue] = {o.name: o.default for o in self.options}
        for name, value in (given or {}).items():
            option = self.option(name)
            values[option.name] = option.validate(value)
        return values
