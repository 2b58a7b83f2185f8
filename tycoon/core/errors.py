"""Typed errors with reasons a person can read.

Every error a user can cause derives from :class:`TycoonError`, so the command line (and later the
server) can turn it into one clear line instead of a traceback. Whenever one of these is raised the
state the caller holds is unchanged: states are immutable and errors are raised before anything new
is built.
"""

from __future__ import annotations

from json import JSONDecodeError


class TycoonError(Exception):
    """Base class of every error caused by what a user asked for."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason

    def __str__(self) -> str:
        return self.reason


class ActionError(TycoonError):
    """An action that cannot be applied to the state it was offered to."""


class MalformedActionError(ActionError):
    """Text or JSON that does not describe an action of this game at all."""


class IllegalActionError(ActionError):
    """A well-formed action that the rules do not allow now."""


class OutOfTurnError(ActionError):
    """An action by a seat that is not among the seats to act (or for another seat)."""


class GameOverError(IllegalActionError):
    """An action offered after the game has ended."""


class OptionError(TycoonError):
    """An unknown option, a value of the wrong kind, or a bad player count."""


class UnknownGameError(TycoonError):
    """A game name that is not registered."""


class UnknownBotError(TycoonError):
    """A seat code that names no bot, or bad bot parameters."""


class RecordError(TycoonError):
    """A game record that cannot be read, is not a tycoon record, or does not replay."""


class ReplayError(RecordError):
    """A record whose recorded chance outcomes or actions do not fit the game."""


def json_failure(error: JSONDecodeError, *, line: bool = True) -> str:
    """Where and why JSON text failed to parse, as a phrase: "Expecting value at line 1, column
    7" (``line=False``: the column only, for text read line by line). ``json``'s own messages
    sometimes end in "at" ("Unterminated string starting at"), which the place then completes."""
    place = f"line {error.lineno}, column {error.colno}" if line else f"column {error.colno}"
    joint = " " if error.msg.endswith(" at") else " at "
    return f"{error.msg}{joint}{place}"
