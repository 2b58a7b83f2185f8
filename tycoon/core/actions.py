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
import types
import typing
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Generic, TypeGuard, TypeVar

from tycoon.core.errors import MalformedActionError
from tycoon.core.rng import Rng


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action: the seat that takes it."""

    seat: int


A = TypeVar("A", bound=Action)
# What an ActionSet holds: actions, or amount ranges too where it is not ``concrete``. Unbound,
# so that a compiled ActionSet hands out a range where it holds one (a TypeVar bound to Action
# makes mypyc check each item it yields against Action).
C = TypeVar("C")


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


class ActionSet(Sequence[C]):
    """A sequence of concrete actions computed on demand, with a fast membership test.

    Subclasses implement ``__len__``, ``__getitem__`` (an int index) and ``__contains__``.
    One that holds concrete actions only, never an :class:`AmountRange`, says so with
    ``concrete = True``: a search may then index it without listing it.
    """

    concrete: bool = False

    def __iter__(self) -> Iterator[C]:
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


def is_action_set(legal: object) -> TypeGuard[ActionSet[Any]]:
    """Whether ``legal`` is an :class:`ActionSet`. Code that stays interpreted asks this rather
    than ``isinstance``: in a mypyc build the compiled class shares ``Sequence``'s ABC registry,
    so Python's ``isinstance`` takes a tuple (or a str) for an ActionSet too, where this check,
    compiled, tests the type itself."""
    return isinstance(legal, ActionSet)


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
    name = data["type"]
    by_name = _by_name(types)
    cls = by_name.get(name) if type(name) is str else None
    if cls is None:
        known = ", ".join(sorted(by_name))
        raise MalformedActionError(f"unknown action type {_short(name)} (known: {known})")
    values: dict[str, Any] = {}
    for field_name, hint, test in field_kinds(cls):
        value = data.get(field_name, _MISSING)
        if value is _MISSING:
            raise MalformedActionError(f"{cls.__name__} needs a field {field_name!r}")
        if test(value):
            values[field_name] = value
        else:  # a list for a tuple, or a value of the wrong kind
            values[field_name] = _check_kind(cls.__name__, field_name, value, hint)
    if len(data) != len(values) + 1:
        extra = sorted(str(key) for key in data if key != "type" and key not in values)
        raise MalformedActionError(f"{cls.__name__} has no field {_short(extra[0])}")
    action: Action = cls(**values)
    return action


_BY_NAME: dict[tuple[type[Action], ...], dict[str, type[Action]]] = {}


def _by_name(types: Sequence[type[Action]]) -> dict[str, type[Action]]:
    key = tuple(types)
    table = _BY_NAME.get(key)
    if table is None:
        table = _BY_NAME[key] = {t.__name__: t for t in key}
    return table


def check_fields(action: Action) -> None:
    """Raise :class:`MalformedActionError` unless every field of ``action`` holds a value of the
    kind its annotation names: ``int`` is a plain int (never ``bool``), ``str`` is text, a
    ``tuple[str, ...]`` is a tuple of text, and so on. The rules may trust an action that passes.
    """
    for field_name, hint, test in field_kinds(type(action)):
        value = getattr(action, field_name, _MISSING)
        if not test(value):
            what = "missing" if value is _MISSING else _short(value)
            raise MalformedActionError(
                f"{type(action).__name__}.{field_name} must be {_describe(hint)}, not {what}"
            )


_MISSING: Final = object()

Test = typing.Callable[[Any], bool]

_FIELD_KINDS: dict[type, tuple[tuple[str, Any, Test], ...]] = {}


def field_kinds(cls: type[Action]) -> tuple[tuple[str, Any, Test], ...]:
    """(name, annotation, test) for each field of an action class, worked out once per class."""
    kinds = _FIELD_KINDS.get(cls)
    if kinds is None:
        hints = typing.get_type_hints(cls)
        kinds = tuple(
            (f.name, hints[f.name], _test(hints[f.name])) for f in dataclasses.fields(cls)
        )
        _FIELD_KINDS[cls] = kinds
    return kinds


#: Whole numbers in actions are machine-size: no game counts anywhere near this, and an int of
#: thousands of digits cannot even be printed in an error message.
INT_LIMIT: Final = 2**63


def _is_int(value: Any) -> bool:
    return type(value) is int and -INT_LIMIT < value < INT_LIMIT


def _is_str(value: Any) -> bool:
    return type(value) is str


def _is_bool(value: Any) -> bool:
    return type(value) is bool


def _is_none(value: Any) -> bool:
    return value is None


def _anything(value: Any) -> bool:
    return value is not _MISSING


def _test(hint: Any) -> Test:
    """A fast test of whether a value is of the kind ``hint`` names."""
    if hint is int:
        return _is_int
    if hint is str:
        return _is_str
    if hint is bool:
        return _is_bool
    if hint is type(None):
        return _is_none
    origin = typing.get_origin(hint)
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            inner = _test(args[0])
            return lambda value: type(value) is tuple and all(inner(v) for v in value)
        tests = tuple(_test(arg) for arg in args)
        return lambda value: (
            type(value) is tuple
            and len(value) == len(tests)
            and all(t(v) for t, v in zip(tests, value, strict=True))
        )
    if origin in (typing.Union, types.UnionType):
        options = tuple(_test(arg) for arg in typing.get_args(hint))
        return lambda value: any(t(value) for t in options)
    if origin is typing.Literal:
        allowed = typing.get_args(hint)
        return lambda value: any(type(value) is type(a) and value == a for a in allowed)
    if isinstance(hint, type) and hint is not object:
        return lambda value: isinstance(value, hint)
    return _anything


def _describe(hint: Any) -> str:
    names = {
        int: "a whole number (below 2^63 either way)",
        str: "text",
        bool: "true or false",
        type(None): "null",
    }
    if hint in names:
        return names[hint]
    origin = typing.get_origin(hint)
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return f"a list of {_plural(_describe(args[0]))}"
        return f"a list of {len(args)} values"
    if origin in (typing.Union, types.UnionType):
        return " or ".join(_describe(arg) for arg in typing.get_args(hint))
    if origin is typing.Literal:
        return " or ".join(repr(a) for a in typing.get_args(hint))
    return getattr(hint, "__name__", str(hint))


def _plural(description: str) -> str:
    plurals = {
        "a whole number (below 2^63 either way)": "whole numbers (below 2^63 either way)",
        "text": "texts",
        "true or false": "booleans",
    }
    return plurals.get(description, description)


def _short(value: Any) -> str:
    """A value as an error quotes it: its repr, cut short if long."""
    try:
        text = repr(value)
    except Exception:  # a hostile object's repr, or an int too long to print
        text = "a number too long to print" if type(value) is int else f"<{type(value).__name__}>"
    return text if len(text) <= 40 else text[:37] + "..."


def _check_kind(owner: str, name: str, value: Any, hint: Any) -> Any:
    """``value`` (JSON) as the kind ``hint`` names: lists become tuples; anything else is
    refused with a reason."""
    origin = typing.get_origin(hint)
    if origin is tuple:
        args = typing.get_args(hint)
        if not isinstance(value, list | tuple):
            raise MalformedActionError(f"{owner}.{name} must be a list")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_check_kind(owner, name, v, args[0]) for v in value)
        if len(value) != len(args):
            raise MalformedActionError(f"{owner}.{name} must be a list of {len(args)} values")
        return tuple(_check_kind(owner, name, v, a) for v, a in zip(value, args, strict=True))
    if origin in (typing.Union, types.UnionType):
        for arg in typing.get_args(hint):
            try:
                return _check_kind(owner, name, value, arg)
            except MalformedActionError:
                continue
        raise MalformedActionError(f"{owner}.{name} has the wrong kind of value: {_short(value)}")
    if not _test(hint)(value):
        raise MalformedActionError(f"{owner}.{name} must be {_describe(hint)}, not {_short(value)}")
    return value
