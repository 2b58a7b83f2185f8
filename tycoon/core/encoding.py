"""What a reinforcement-learning adapter needs from a game, in plain Python.

A game offers an :class:`Encoding`: a fixed-length list of numbers describing one seat's *view*
(never the state), laid out in named slices so that every number is documented, and a fixed table
of action templates, each with an integer id. ``tycoon.rl`` turns these into numpy spaces and
PettingZoo / Gymnasium environments; integer ids exist only there and here, the engine keeps its
typed actions. (OpenSpiel builds such a table at import in ``block_dominoes``; PettingZoo's chess
maps moves to a fixed action table and masks the illegal ones.)

The template table is declared as :class:`ActionKind` rows: an action class, the fields whose
values pick a template (with every value they may take under the game's options), and either

- ``slots``: how many legal choices sharing those field values get ids of their own (for actions
  whose other fields, such as a set of cards, are too many to enumerate): all of them if there
  are no more, otherwise ``slots`` of them evenly spread along the order ``legal_actions`` lists
  them, the first and last included; and
- ``amount``: an :class:`AmountRange` over that field is cut into ``buckets`` evenly spaced
  amounts, the range's low and high included (``buckets=1``: the low end only).

A kind has ``slots`` times ``buckets`` ids per combination of its field values.

Given the legal choices of the moment, :meth:`Encoding.legal_ids` says which ids are legal and the
concrete legal action each stands for; the action mask is its keys.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from tycoon.core.actions import Action, AmountRange

if TYPE_CHECKING:
    from tycoon.core.game import Game

V = TypeVar("V")


@dataclass(frozen=True, slots=True)
class FeatureSlice:
    """A run of ``size`` numbers in an observation: its name and what each number means."""

    name: str
    size: int
    meaning: str


@dataclass(frozen=True, slots=True)
class ActionKind:
    """One action class's rows in the template table (see the module's docstring)."""

    action: type[Action]
    fields: tuple[tuple[str, tuple[Hashable, ...]], ...] = ()
    slots: int = 1
    amount: str | None = None
    buckets: int = 0
    meaning: str = ""

    def __post_init__(self) -> None:
        if self.amount is not None and self.buckets < 1:
            raise ValueError(f"{self.action.__name__}: an amount needs at least one bucket")
        if self.slots < 1:
            raise ValueError(f"{self.action.__name__}: a kind needs at least one slot")

    @property
    def width(self) -> int:
        """Ids per combination of field values: slots, times buckets for an amount."""
        return self.slots * (self.buckets if self.amount is not None else 1)

    @property
    def size(self) -> int:
        return self.width * math.prod(len(values) for _, values in self.fields)


def bucket_amount(choice: AmountRange[Any], bucket: int, buckets: int) -> int:
    """The amount of ``bucket`` (0-based) of ``buckets`` spread evenly over ``choice``: bucket 0
    is the low end, the last bucket the high end, the others rounded to the nearest step."""
    count = len(choice)
    if buckets == 1 or count == 1:
        return choice.low
    index = round(bucket * (count - 1) / (buckets - 1))
    return choice.low + choice.step * index


@dataclass(frozen=True, slots=True)
class _Row:
    kind: ActionKind
    base: dict[tuple[Hashable, ...], int] = field(default_factory=dict)


class Encoding(Generic[V]):
    """A game's fixed-size encoding of views and actions. A subclass's ``__init__(game)`` calls
    :meth:`define` with the slices and the action kinds, and it implements :meth:`features`."""

    def __init__(self, game: Game[Any, Any, V]) -> None:
        self.game = game
        self.slices: tuple[FeatureSlice, ...] = ()
        self.kinds: tuple[ActionKind, ...] = ()
        self.size = 0
        self.labels: tuple[str, ...] = ()
        self._rows: dict[type[Action], _Row] = {}
        self._memos: dict[int | None, dict[str, tuple[object, list[float]]]] = {}

    def define(self, slices: Sequence[FeatureSlice], kinds: Sequence[ActionKind]) -> None:
        """Lay out the observation and build the action table (a subclass's ``__init__`` calls
        this once, from the game's configuration)."""
        self.slices = tuple(slices)
        self.kinds = tuple(kinds)
        self.size = sum(s.size for s in self.slices)
        self._rows = {}
        labels: list[str] = []
        for kind in self.kinds:
            if kind.action in self._rows:
                raise ValueError(f"{kind.action.__name__} appears twice in the action table")
            row = _Row(kind)
            for values in _combinations([v for _, v in kind.fields]):
                row.base[values] = len(labels)
                described = " ".join(
                    f"{n}={v}" for (n, _), v in zip(kind.fields, values, strict=True)
                )
                buckets = kind.buckets if kind.amount is not None else 1
                for slot in range(kind.slots):
                    for bucket in range(buckets):
                        parts = [kind.action.__name__, described]
                        if kind.slots > 1:
                            parts.append(f"#{slot + 1}")
                        if kind.amount is not None:
                            parts.append(f"{kind.amount}=bucket {bucket + 1}/{kind.buckets}")
                        labels.append(" ".join(p for p in parts if p))
            self._rows[kind.action] = row
        self.labels = tuple(labels)

    @property
    def actions(self) -> int:
        """How many action ids there are."""
        return len(self.labels)

    def features(self, view: V) -> list[float]:
        """The view as exactly :attr:`size` numbers, slice after slice."""
        raise NotImplementedError

    def writer(self, seat: int | None) -> FeatureWriter:
        """A feature writer whose memo of encoded parts is this observer's (parts encoded
        relative to the observer), beside a memo shared by every observer."""
        memos = self._memos
        memo = memos.get(seat)
        if memo is None:
            memo = memos[seat] = {}
        shared = memos.get(-1)
        if shared is None:
            shared = memos[-1] = {}
        return FeatureWriter(memo, shared)

    def base_id(self, action: type[Action], values: tuple[Hashable, ...] = ()) -> int:
        """The first id of ``action``'s template with these field values."""
        return self._rows[action].base[values]

    def slice_of(self, name: str) -> slice:
        """Where the slice called ``name`` lies in a feature list."""
        start = 0
        for part in self.slices:
            if part.name == name:
                return slice(start, start + part.size)
            start += part.size
        raise KeyError(name)

    def legal_ids(self, legal: Sequence[Any]) -> Mapping[int, Action]:
        """Every id legal among ``legal`` and the concrete legal action it stands for.

        Choices are grouped by template (action class and field values, in the order listed);
        a group with more choices than the kind's ``slots`` keeps ``slots`` of them evenly spread
        along it, the first and last included. Slot by slot, an amount range is cut into the
        kind's buckets; a concrete action takes the slot's first id."""
        rows = self._rows
        groups: dict[int, tuple[ActionKind, list[Any]]] = {}
        # By index, not by iteration: a compiled ActionSet's iterator insists on actions, and
        # some sets (Milton Keynes' permit-bid pairs) hold amount ranges.
        for index in range(len(legal)):
            choice = legal[index]
            action = choice.template if isinstance(choice, AmountRange) else choice
            row = rows.get(type(action))
            if row is None:
                continue
            base = row.base.get(_key(row.kind, action))
            if base is None:
                continue
            group = groups.get(base)
            if group is None:
                groups[base] = (row.kind, [choice])
            else:
                group[1].append(choice)
        found: dict[int, tuple[Any, int | None]] = {}
        for base, (kind, choices) in groups.items():
            buckets = max(kind.buckets, 1)
            for slot, choice in enumerate(spread(choices, kind.slots)):
                first = base + slot * buckets
                if isinstance(choice, AmountRange):
                    if choice.field == kind.amount:
                        for bucket in range(buckets):
                            found[first + bucket] = (choice, bucket_amount(choice, bucket, buckets))
                    else:
                        found[first] = (choice, choice.low)
                else:
                    found[first] = (choice, None)
        return LegalIds(found)


class LegalIds(Mapping[int, Action]):
    """Legal ids and their actions; an amount's action is built only when it is looked up."""

    __slots__ = ("entries",)

    def __init__(self, entries: dict[int, tuple[Any, int | None]]) -> None:
        self.entries = entries

    def __getitem__(self, key: int) -> Action:
        choice, amount = self.entries[key]
        if amount is None:
            action: Action = choice
            return action
        built: Action = choice.action(amount)
        return built

    def __iter__(self) -> Iterator[int]:
        return iter(self.entries)

    def __len__(self) -> int:
        return len(self.entries)

    def __contains__(self, key: object) -> bool:
        return key in self.entries


def spread(items: Sequence[Any], count: int) -> Sequence[Any]:
    """``items`` if there are at most ``count``, else ``count`` of them evenly spread, the first
    and the last included."""
    size = len(items)
    if size <= count:
        return items
    if count == 1:
        return [items[0]]
    return [items[round(i * (size - 1) / (count - 1))] for i in range(count)]


def _key(kind: ActionKind, action: Action) -> tuple[Hashable, ...]:
    return tuple(getattr(action, name) for name, _ in kind.fields)


def _combinations(domains: list[tuple[Hashable, ...]]) -> Iterator[tuple[Hashable, ...]]:
    if not domains:
        yield ()
        return
    for head in domains[0]:
        for rest in _combinations(domains[1:]):
            yield (head, *rest)


class FeatureWriter:
    """Builds a feature list: helpers for the usual shapes of a view's data. Numbers may be ints
    or bools (the adapters turn the list into floats at once); ``None`` (unknown) becomes -1."""

    __slots__ = ("memo", "shared", "values")

    def __init__(
        self,
        memo: dict[str, tuple[object, list[float]]] | None = None,
        shared: dict[str, tuple[object, list[float]]] | None = None,
    ) -> None:
        self.values: list[float] = []
        self.memo = memo
        self.shared = shared

    def add(self, value: float | None) -> None:
        """One number (``None``, unknown, as -1)."""
        self.values.append(-1 if value is None else value)

    def extend(self, values: Sequence[float]) -> None:
        """Numbers that are never ``None``."""
        self.values.extend(values)

    def known(self, values: Sequence[float | None]) -> None:
        """Numbers some of which may be unknown (``None``, as -1)."""
        self.values.extend([-1 if value is None else value for value in values])

    def padded(self, values: Sequence[float], size: int, fill: float = -1) -> None:
        """The first ``size`` values, ``fill`` after the last."""
        if len(values) >= size:
            self.values.extend(values[:size])
        else:
            self.values.extend(values)
            self.values.extend([fill] * (size - len(values)))

    def one_hot(self, index: int, size: int) -> None:
        """``size`` numbers, 1 at ``index`` (none when it is outside 0..size-1)."""
        row = [0] * size
        if 0 <= index < size:
            row[index] = 1
        self.values.extend(row)

    def bits(self, mask: int, size: int) -> None:
        """Bit ``i`` of ``mask`` for ``i`` in 0..size-1."""
        self.values.extend([mask >> i & 1 for i in range(size)])

    def counts(self, items: Sequence[int], size: int) -> None:
        """How many times each of 0..size-1 occurs in ``items``."""
        row = [0] * size
        for item in items:
            if 0 <= item < size:
                row[item] += 1
        self.values.extend(row)

    def part(
        self,
        name: str,
        source: object,
        encode: Callable[[], list[float]],
        shared: bool = False,
    ) -> None:
        """The numbers ``encode()`` makes of ``source``, reused while ``source`` is the very same
        object as last time (views share unchanged parts of immutable states, so a board that
        did not change is not encoded again). ``shared``: the numbers do not depend on the
        observer, so every seat's writer may reuse them. Without a memo, ``encode()`` every
        time."""
        memo = self.shared if shared else self.memo
        if memo is None:
            self.values.extend(encode())
            return
        cached = memo.get(name)
        if cached is not None and cached[0] is source:
            self.values.extend(cached[1])
            return
        values = encode()
        memo[name] = (source, values)
        self.values.extend(values)


def rotate(values: Sequence[Any], seat: int | None) -> list[Any]:
    """Per-seat values from ``seat``'s point of view: its own first, then the seats after it."""
    if not seat:
        return list(values)
    return [*values[seat:], *values[:seat]]


def relative_seat(other: int, seat: int | None, players: int) -> int:
    """``other`` counted from ``seat`` (0: itself, 1: the next seat); -1 stays -1 (nobody)."""
    if other < 0 or seat is None:
        return other
    return (other - seat) % players
