"""Actions as typed values, numeric choices as ranges, and the JSON form of an action.

An action is a frozen dataclass deriving from :class:`Action`, carrying the acting seat. Its text
notation belongs to the game (``Game.parse_action`` / ``Game.format_action``); its JSON form is
generic: ``{"type": <class name>, <field>: <value>, ...}``.

``legal_actions`` returns a sequence of *choices*: concrete actions, and :class:`AmountRange` for a
numeric choice (a bid, an amount of money) so that amounts are described, not enumerated
(pokerkit). A game whose concrete actions are many may return an :class:`ActionSet`, a sequence
computed on demand with a fast membership test.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Generic, TypeVar

from tycoon.core.errors import MalformedActionError
from tycoon.core.rng import Rng


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action: the seat that takes it."""

    seat: int


A = TypeVar("A", bound=Action)


class AmountRange(Generic[A]):
    """Every action equal to ``template`` except that field ``field`` is any of
    ``low, low + step, ..., high``.

    An immutable value (a plain slotted class rather than a generic dataclass, which mypyc cannot
    compile).
    """

    __slots__ = ("field", "high", "low", "step", "template")

    def __init__(self, template: A, low: int, high: int, step: int = 1, field: str = "amount"):
        if step < 1 or high < low:
            raise ValueError(f"empty or malformed amount range {low}..{high}")
        self.template: Final = template
        self.low: Final = low
        self.high: Final = high
        self.step: Final = step
        self.field: Final = field

    def _key(self) -> tuple[Action, int, int, int, str]:
        return (self.template, self.low, self.high, self.step, self.field)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, AmountRange):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (
            f"AmountRange({self.template!r}, {self.low}, {self.high}, step={self.step}, "
            f"field={self.field!r})"
        )

    def __len__(self) -> int:
        return (self.high - self.low) // self.step + 1

    def amounts(self) -> range:
        return range(self.low, self.high + 1, self.step)

    def action(self, amount: int) -> A:
        """The action with this amount; raises ``ValueError`` outside the range."""
        if not self.holds_amount(amount):
            raise ValueError(f"{amount} is not in {self.low}..{self.high}")
        return dataclasses.replace(self.template, **{self.field: amount})

    def holds_amount(self, amount: int) -> bool:
        return self.low <= amount <= self.high and (amount - self.low) % self.step == 0

    def contains(self, action: Action) -> bool:
        if type(action) is not type(self.template):
            return False
        for f in dataclasses.fields(action):
            if f.name == self.field:
                continue
            if getattr(action, f.name) != getattr(self.template, f.name):
                return False
        amount = getattr(action, self.field)
        return isinstance(amount, int) and self.holds_amount(amount)

    def sample(self, rng: Rng) -> A:
        return self.action(self.low + self.step * rng.below(len(self)))

    def to_json(self) -> dict[str, Any]:
        return {
            "template": action_to_json(self.template),
            "low": self.low,
            "high": self.high,
            "step": self.step,
            "field": self.field,
        }


class ActionSet(Sequence[A]):
    """A sequence of concrete actions computed on demand, with a fast membership test.

    Subclasses implement ``__len__``, ``__getitem__`` (an int index) and ``__contains__``.
    """

    def __iter__(self) -> Iterator[A]:
        for i in range(len(self)):
            yield self[i]

    def __contains__(self, action: object) -> bool:  # pragma: no cover - abstract
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence):
            return NotImplemented
        return list(self) == list(other)

    def __hash__(self) -> int:  # pragma: no cover - sets of actions are not hashed
        raise TypeError("ActionSet is not hashable")


Choice = Action | AmountRange[Any]


def is_legal(legal: Sequence[Any], action: Action) -> bool:
    """Whether ``action`` is one of the choices in ``legal``."""
    if isinstance(legal, ActionSet):
        return action in legal
    for choice in legal:
        if isinstance(choice, AmountRange):
            if choice.contains(action):
                return True
        elif choice == action:
            return True
    return False


def count_actions(legal: Sequence[Any]) -> int:
    """How many concrete actions ``legal`` stands for (ranges counted amount by amount; an
    ActionSet may hold ranges too, so it is walked like any sequence)."""
    return sum(len(c) if isinstance(c, AmountRange) else 1 for c in legal)


def expand(legal: Sequence[Any]) -> list[Action]:
    """Every concrete action ``legal`` stands for (use with care on wide ranges)."""
    result: list[Action] = []
    for choice in legal:
        if isinstance(choice, AmountRange):
            result.extend(choice.action(a) for a in choice.amounts())
        else:
            result.append(choice)
    return result


def sample_choice(legal: Sequence[Any], rng: Rng) -> Action:
    """A random legal action: each choice equally likely, then a uniform amount within a range."""
    if not legal:
        raise ValueError("no legal action to choose from")
    choice = legal[rng.below(len(legal))]
    if isinstance(choice, AmountRange):
        sampled: Action = choice.sample(rng)
        return sampled
    assert isinstance(choice, Action)
    return choice


def action_to_json(action: Action) -> dict[str, Any]:
    """The JSON form: the class name as ``type`` and every field."""
    data: dict[str, Any] = {"type": type(action).__name__}
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        data[f.name] = list(value) if isinstance(value, tuple) else value
    return data


def action_from_json(data: Mapping[str, Any], types: Sequence[type[Action]]) -> Action:
    """Build an action of one of ``types`` from its JSON form, checking every field's kind."""
    if not isinstance(data, Mapping) or "type" not in data:
        raise MalformedActionError("an action in JSON is an object with a 'type'")
    by_name = {t.__name__: t for t in types}
    cls = by_name.get(str(data["type"]))
    if cls is None:
        known = ", ".join(sorted(by_name))
        raise MalformedActionError(f"unknown action type {data['type']!r} (known: {known})")
    hints = typing.get_type_hints(cls)
    values: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        if f.name not in data:
            raise MalformedActionError(f"{cls.__name__} needs a field {f.name!r}")
        values[f.name] = _check_kind(cls.__name__, f.name, data[f.name], hints[f.name])
    extra = set(data) - {"type"} - set(values)
    if extra:
        raise MalformedActionError(f"{cls.__name__} has no field {sorted(extra)[0]!r}")
    action: Action = cls(**values)
    return action


def _check_kind(owner: str, name: str, value: Any, hint: Any) -> Any:
    origin = typing.get_origin(hint)
    if origin is tuple:
        args = typing.get_args(hint)
        if not isinstance(value, list | tuple):
            raise MalformedActionError(f"{owner}.{name} must be a list")
        inner = args[0] if args else Any
        return tuple(_check_kind(owner, name, v, inner) for v in value)
    if origin in (typing.Union, getattr(__import__("types"), "UnionType", None)):
        for arg in typing.get_args(hint):
            try:
                return _check_kind(owner, name, value, arg)
            except MalformedActionError:
                continue
        raise MalformedActionError(f"{owner}.{name} has the wrong kind of value: {value!r}")
    if hint is type(None):
        if value is not None:
            raise MalformedActionError(f"{owner}.{name} must be null")
        return None
    if hint is bool:
        if not isinstance(value, bool):
            raise MalformedActionError(f"{owner}.{name} must be true or false")
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise MalformedActionError(f"{owner}.{name} must be a whole number")
        return value
    if hint is str:
        if not isinstance(value, str):
            raise MalformedActionError(f"{owner}.{name} must be text")
        return value
    return value
