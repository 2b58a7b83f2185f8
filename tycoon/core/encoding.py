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
concrete legal action each stands for; the action mask is its keys (or its ``bits``).

An encoding writes a view into a :class:`Canvas` (:meth:`Encoding.encode`). ``tycoon.rl`` keeps
one persistent canvas per seat over a numpy buffer, so an encoding writes only the parts that
changed since that seat's last view (views share the unchanged parts of immutable states);
:meth:`Encoding.features` encodes afresh into a list, the reference the persistent canvases are
tested against.
"""

from __future__ import annotations

import math
import struct
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import chain, compress
from operator import attrgetter, ne
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from tycoon.core.actions import Action, AmountRange
from tycoon.core.bitset import set_bits

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
    return bucket_value(choice.low, choice.step, len(choice), bucket, buckets)


def bucket_value(low: int, step: int, count: int, bucket: int, buckets: int) -> int:
    """:func:`bucket_amount` of the ``count`` amounts from ``low`` by ``step``, without an
    :class:`AmountRange` (for encodings that make the action straight from the figures)."""
    if count < 1:
        raise ValueError(f"an empty range of amounts from {low} ({count} of them)")
    if buckets == 1 or count == 1:
        return low
    return low + step * round(bucket * (count - 1) / (buckets - 1))


@dataclass(slots=True)
class _Row:
    """A kind's ids: the first id per combination of field values, looked up by ``key`` (the
    field values of an action: a tuple for several fields, the value itself for one field,
    ``None`` for none); ``simple`` for one id per template (one slot, no amount)."""

    kind: ActionKind
    base: dict[Any, int] = field(default_factory=dict)
    key: Callable[[Any], Any] | None = None
    simple: bool = True
    # Whether its actions are remembered by identity, and how many were since the record of
    # them last started again (see Encoding._remember).
    remember: bool = True
    stored: int = 0


class Encoding(Generic[V]):
    """A game's fixed-size encoding of views and actions. A subclass's ``__init__(game)`` calls
    :meth:`define` with the slices and the action kinds, and it implements :meth:`features`."""

    def __init__(self, game: Game[Any, Any, V]) -> None:
        self.game = game
        self.slices: tuple[FeatureSlice, ...] = ()
        self.kinds: tuple[ActionKind, ...] = ()
        self.size = 0
        self.labels: tuple[str, ...] = ()
        # The version of this encoding's layout: its observation's slices (their order, sizes
        # and meaning) and its action table. A game's encoding bumps it whenever either changes
        # (``tests/rl/test_rl_layouts.py`` fails until it does), so that a policy trained on one
        # layout can tell it is given another: the environments carry it in their name.
        self.layout = 1
        self._rows: dict[type[Action], _Row] = {}
        # Actions already looked up, by identity: id(action) -> (action, its id or -1).
        self._known: dict[int, tuple[Any, int]] = {}

    def define(self, slices: Sequence[FeatureSlice], kinds: Sequence[ActionKind]) -> None:
        """Lay out the observation and build the action table (a subclass's ``__init__`` calls
        this once, from the game's configuration)."""
        self.slices = tuple(slices)
        self.kinds = tuple(kinds)
        self.size = sum(s.size for s in self.slices)
        self._rows = {}
        self._known = {}
        labels: list[str] = []
        for kind in self.kinds:
            if kind.action in self._rows:
                raise ValueError(f"{kind.action.__name__} appears twice in the action table")
            names = [name for name, _ in kind.fields]
            row = _Row(
                kind,
                key=attrgetter(*names) if names else None,
                simple=kind.slots == 1 and kind.amount is None,
            )
            for values in _combinations([v for _, v in kind.fields]):
                row.base[_lookup(values)] = len(labels)
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
        """The view as exactly :attr:`size` numbers, slice after slice, encoded afresh (nothing
        reused). A subclass implements this or :meth:`encode`."""
        if type(self).encode is Encoding.encode:
            raise NotImplementedError(
                f"{type(self).__name__} implements neither features nor encode"
            )
        canvas = Canvas([0.0] * self.size)
        self.encode(view, canvas)
        values: list[float] = canvas.data
        return values

    def encode(self, view: V, canvas: Canvas) -> None:
        """Write the view's :attr:`size` numbers into ``canvas`` (see :class:`Canvas`: a
        persistent canvas holds the last observation of the same seat, so an encoding may write
        only what changed). By default, the whole of :meth:`features`."""
        if type(self).features is Encoding.features:
            raise NotImplementedError(
                f"{type(self).__name__} implements neither features nor encode"
            )
        canvas.block("features", 0, self.features(view))

    def base_id(self, action: type[Action], values: tuple[Hashable, ...] = ()) -> int:
        """The first id of ``action``'s template with these field values."""
        return self._rows[action].base[_lookup(values)]

    def slice_of(self, name: str) -> slice:
        """Where the slice called ``name`` lies in a feature list."""
        start = 0
        for part in self.slices:
            if part.name == name:
                return slice(start, start + part.size)
            start += part.size
        raise KeyError(name)

    def legal_ids(self, legal: Sequence[Any]) -> LegalIds:
        """Every id legal among ``legal`` and the concrete legal action it stands for.

        Choices are grouped by template (action class and field values, in the order listed);
        a group with more choices than the kind's ``slots`` keeps ``slots`` of them evenly spread
        along it, the first and last included. Slot by slot, an amount range is cut into the
        kind's buckets; a concrete action takes the slot's first id. An amount's action is built
        only when its id is looked up (a range's buckets come as one run of ids per slot,
        :meth:`LegalIds.span`).

        A concrete action of a one-id template is remembered by identity with its id (games
        keep their actions and hand out the same objects state after state), so it is looked
        up once, not taken apart field by field each time it is listed."""
        rows = self._rows
        known = self._known
        found: dict[int, Any] = {}
        ids = LegalIds(found)
        groups: dict[int, tuple[ActionKind, list[Any]]] | None = None
        spanned: set[int] | None = None
        # By index, not by iteration: a compiled ActionSet's iterator insists on actions, and
        # some sets (Milton Keynes' permit-bid pairs) hold amount ranges.
        choices = legal if type(legal) in (list, tuple) else [legal[i] for i in range(len(legal))]
        for choice in choices:
            hit = known.get(id(choice))
            if hit is not None and hit[0] is choice:
                known_id = hit[1]
                if known_id >= 0 and known_id not in found:
                    found[known_id] = choice
                continue
            is_range = isinstance(choice, AmountRange)
            action = choice.template if is_range else choice
            row = rows.get(type(action))
            if row is None:
                continue
            key = row.key
            base = row.base.get(key(action) if key is not None else None)
            if base is None:
                if row.remember and not is_range:
                    self._remember(choice, -1, row)
                continue
            if row.simple:
                if is_range:
                    if base not in found:
                        found[base] = _Bucket(choice, 0, 1)
                else:
                    if row.remember:
                        self._remember(choice, base, row)
                    if base not in found:
                        found[base] = choice
                continue
            kind = row.kind
            if kind.slots == 1:
                # The first choice of the template takes its ids.
                if base in found or (spanned is not None and base in spanned):
                    continue
                if not is_range:
                    found[base] = choice
                elif choice.field == kind.amount:
                    if spanned is None:
                        spanned = set()
                    spanned.add(base)
                    ids.span(base, kind.buckets, _Buckets(choice, kind.buckets))
                else:
                    found[base] = _Bucket(choice, 0, 1)
                continue
            if groups is None:
                groups = {}
            group = groups.get(base)
            if group is None:
                groups[base] = (kind, [choice])
            else:
                group[1].append(choice)
        if groups is None:
            return ids
        for base, (kind, members) in groups.items():
            buckets = max(kind.buckets, 1)
            for slot, choice in enumerate(spread(members, kind.slots)):
                first = base + slot * buckets
                if isinstance(choice, AmountRange):
                    if choice.field == kind.amount:
                        # The slot's buckets as one run (no entry made per bucket).
                        ids.span(first, buckets, _Buckets(choice, buckets))
                    else:
                        found[first] = _Bucket(choice, 0, 1)
                else:
                    found[first] = choice
        return ids

    def _remember(self, choice: Any, base: int, row: _Row) -> None:
        """Keep ``choice`` (so its identity stays its own) with its id, -1 for none. When the
        record is full it starts again, and a kind that filled much of it stops being
        remembered: its game makes its actions anew each time, never listing one again."""
        known = self._known
        if len(known) >= _KNOWN:
            known.clear()
            for other in self._rows.values():
                if other.stored > _KNOWN // 4:
                    other.remember = False
                other.stored = 0
        known[id(choice)] = (choice, base)
        row.stored += 1

    def rule_ids(self, state: Any, seat: int) -> LegalIds | None:
        """The legal ids of ``seat``, to act in ``state``, worked out straight from the rules
        (without the game's typed list of choices), or ``None`` where this encoding does not
        (the listed path: ``legal_ids(game.legal_actions(state, seat))``, the reference).

        A game's encoding may offer this for the decisions whose lists are costly to make: it
        reads only what the seat may know (what ``legal_actions`` reads: whose decision, the
        phase, prices, the seat's own cash ...) and gives each id's action built from its
        template only when it is looked up (:data:`LATER` entries and ``build``). It must give
        the ids and actions the listed path gives, state for state (``tests/rl``, at every step
        of random games of every game and player count)."""
        return None


# How many actions an encoding remembers by identity before it starts again.
_KNOWN = 4096


class _Later:
    """The type of :data:`LATER`."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "LATER"


#: A :class:`LegalIds` entry whose action its ``build`` makes from the id when looked up.
LATER = _Later()


class _Buckets:
    """The actions of a run of ``buckets`` ids over an amount range (built when looked up)."""

    __slots__ = ("buckets", "choice")

    def __init__(self, choice: AmountRange[Any], buckets: int) -> None:
        self.choice = choice
        self.buckets = buckets

    def __call__(self, bucket: int) -> Action:
        built: Action = self.choice.action(bucket_amount(self.choice, bucket, self.buckets))
        return built


class _Bucket:
    """An id standing for one bucket of an amount range (its action built when looked up)."""

    __slots__ = ("bucket", "buckets", "choice")

    def __init__(self, choice: AmountRange[Any], bucket: int, buckets: int) -> None:
        self.choice = choice
        self.bucket = bucket
        self.buckets = buckets

    def action(self) -> Action:
        built: Action = self.choice.action(bucket_amount(self.choice, self.bucket, self.buckets))
        return built


def bucket_builder(choice: AmountRange[Any], buckets: int) -> Callable[[int], Action]:
    """What builds bucket ``i`` of ``buckets`` of ``choice`` (for :meth:`LegalIds.span`: the run
    of a one-slot amount kind's ids, as :meth:`Encoding.legal_ids` gives it)."""
    return _Buckets(choice, buckets)


def bucketed(choice: AmountRange[Any], bucket: int, buckets: int) -> Any:
    """A :class:`LegalIds` entry for ``bucket`` of ``buckets`` of ``choice`` (built if looked
    up)."""
    return _Bucket(choice, bucket, buckets)


class LegalIds(Mapping[int, Action]):
    """Legal ids and their actions; an amount's action is built only when it is looked up.

    Iterating gives the ids (in no particular order); ``bits``, when not ``None``, is the same
    set as an integer (bit ``i`` set for id ``i``), for masks made without a loop over the ids.
    ``spans`` are runs of ids known legal without building their actions (see :meth:`span`);
    an entry :data:`LATER` has its action made by ``build(id)`` when it is looked up.

    An encoding may hand out the same ids again for another state where they are the same
    (their actions too): it marks them ``shared``, and an adapter may then keep what it made
    from them in ``kept`` (``tycoon.rl``: their mask, handed out as copies). Ids not shared
    keep nothing. What is kept depends on which ids are legal only, not on their actions, so
    an encoding may give new shared ids the ``kept`` of others holding the same ids.
    """

    __slots__ = ("build", "entries", "kept", "shared", "spans")

    bits: int | None = None

    def __init__(
        self, entries: dict[int, Any], build: Callable[[int], Action] | None = None
    ) -> None:
        self.entries = entries
        self.spans: list[tuple[int, int, Callable[[int], Action]]] = []
        # What makes the action of an id whose entry is LATER (see Encoding.rule_ids).
        self.build = build
        # Handed out again for other states (see the class's docstring), and what an adapter
        # made from them.
        self.shared = False
        self.kept: Any = None

    def span(self, first: int, count: int, build: Callable[[int], Action]) -> None:
        """Ids ``first .. first + count - 1`` are legal, id ``first + i`` standing for the action
        ``build(i)``, built only when that id is looked up (a mask sets the run at once). The
        run must not overlap the other ids."""
        self.spans.append((first, count, build))

    def _spanned(self, key: int) -> Action | None:
        """The action of ``key`` if a span holds it."""
        for first, count, build in self.spans:
            if first <= key < first + count:
                return build(key - first)
        return None

    def __getitem__(self, key: int) -> Action:
        entry = self.entries.get(key)
        if entry is None:
            spanned = self._spanned(key)
            if spanned is None:
                raise KeyError(key)
            return spanned
        if type(entry) is _Bucket:
            return entry.action()
        if entry is LATER and self.build is not None:
            return self.build(key)
        action: Action = entry
        return action

    def __iter__(self) -> Iterator[int]:
        if not self.spans:
            return iter(self.entries)
        return chain(self.entries, *(range(f, f + count) for f, count, _ in self.spans))

    def __len__(self) -> int:
        if not self.spans:
            return len(self.entries)
        return len(self.entries) + sum(count for _, count, _ in self.spans)

    def __contains__(self, key: object) -> bool:
        if key in self.entries:
            return True
        if type(key) is int:
            return any(first <= key < first + count for first, count, _ in self.spans)
        return False

    def action_of(self, key: int) -> Action:
        """The action of ``key``, one of the ids (what :class:`BitIds` makes from its bits; an
        adapter that has found ``key`` among ``bits`` calls this without asking which class
        the ids are: ``isinstance`` against a subclass of an ABC such as this ``Mapping`` goes
        through ``ABCMeta.__instancecheck__``, about 0.35 µs)."""
        return self[key]

    def get(self, key: int, default: Any = None) -> Any:
        """The action of ``key``, or ``default`` if it is not a legal id (without the
        exception ``Mapping.get`` goes through)."""
        entry = self.entries.get(key)
        if entry is None:
            spanned = self._spanned(key)
            if spanned is not None:
                return spanned
            # Ids a subclass holds its own way (not as entries or spans).
            if key in self:
                return self[key]
            return default
        if type(entry) is _Bucket:
            return entry.action()
        if entry is LATER and self.build is not None:
            return self.build(key)
        action: Action = entry
        return action


class BitIds(LegalIds):
    """Legal ids held as one integer's bits (bit ``i`` set for id ``i``), and runs (``spans``):
    no entry per id is made (a turn may offer hundreds) and an adapter unpacks its mask from
    the bits. The action of an id is made only when it is looked up, by :meth:`action_of`
    (``build(id)`` unless a subclass says otherwise)."""

    __slots__ = ("bits",)

    def __init__(self, bits: int, build: Callable[[int], Action] | None = None) -> None:
        # LegalIds.__init__'s fields set here (one call fewer: ids are made at every step).
        self.entries = {}
        self.spans = []
        self.build = build
        self.shared = False
        self.kept = None
        self.bits: int | None = bits

    def action_of(self, key: int) -> Action:
        """The action of ``key``, one of the bits' ids."""
        if self.build is None:
            raise KeyError(key)
        return self.build(key)

    def get(self, key: int, default: Any = None) -> Any:
        if type(key) is int and key >= 0 and (self.bits or 0) >> key & 1:
            return self.action_of(key)
        found = self._spanned(key)
        return default if found is None else found

    def __getitem__(self, key: int) -> Action:
        found: Action | None = self.get(key)
        if found is None:
            raise KeyError(key)
        return found

    def __iter__(self) -> Iterator[int]:
        yield from set_bits(self.bits or 0)
        for first, count, _ in self.spans:
            yield from range(first, first + count)

    def __len__(self) -> int:
        # Counted when asked (a table reads the bits, not their count, so ids made every step
        # are not counted every step).
        total = (self.bits or 0).bit_count()
        for _, count, _ in self.spans:
            total += count
        return total

    def __contains__(self, key: object) -> bool:
        if type(key) is not int or key < 0:
            return False
        if (self.bits or 0) >> key & 1:
            return True
        return any(first <= key < first + count for first, count, _ in self.spans)


class Canvas:
    """Where an observation is written: ``data``, :attr:`Encoding.size` numbers.

    A *fresh* canvas (``memo`` None; :meth:`Encoding.features` makes one over a list of zeros)
    is written once. A *persistent* one (``tycoon.rl`` keeps one per seat over a numpy array,
    zeros at first) is written view after view, and ``memo`` remembers what each named part of
    it was made from, so that only what changed is written again: the numbers of an unchanged
    part are already there. Its ``data`` must also take one number for a whole slice.

    Every method writes a named part; a part must be written in full each time (the methods do
    so: they compare with what the part holds and write the difference). Over a buffer of
    4-byte floats (a float32 numpy array), the methods write through the buffer's memory
    (``struct``, a memoryview) rather than numpy's item and slice assignment: the same numbers,
    written in less time.
    """

    __slots__ = ("cells", "data", "memo", "raw")

    def __init__(self, data: Any, memo: dict[str, Any] | None = None) -> None:
        self.data = data
        self.memo = memo
        # The buffer's bytes (for struct.pack_into) and its floats (one at a time), when it is a
        # contiguous buffer of 4-byte floats; otherwise None, and data is written by index.
        self.raw: memoryview | None = None
        self.cells: Any = None
        try:
            cells = memoryview(data)
        except TypeError:
            return
        if cells.format == "f" and cells.ndim == 1 and cells.c_contiguous and not cells.readonly:
            self.raw = cells.cast("B")
            self.cells = cells

    def same(self, name: str, source: object) -> bool:
        """True if the part ``name`` was last made from this very object (views share the
        unchanged parts of immutable states), so it holds its numbers already; otherwise the
        caller writes the part and ``source`` is remembered. Always false on a fresh canvas."""
        memo = self.memo
        if memo is None:
            return False
        if name in memo and memo[name] is source:
            return True
        memo[name] = source
        return False

    def unchanged(self, name: str, sources: tuple[Any, ...]) -> bool:
        """True if the part ``name`` was last made from equal ``sources`` (the view's fields it
        is made from, immutable: compared by identity first, then by value), so it holds its
        numbers already; otherwise the caller writes the part and ``sources`` are remembered.
        Always false on a fresh canvas. For parts whose sources a view makes anew each time
        (new tuples of the same numbers), where :meth:`same` would never hold."""
        memo = self.memo
        if memo is None:
            return False
        if memo.get(name) == sources:
            return True
        memo[name] = sources
        return False

    def block(self, name: str, start: int, values: Sequence[float]) -> None:
        """The numbers ``values`` from ``start`` on (written only if they differ from the
        part's last numbers). ``values`` must not be changed afterwards."""
        memo = self.memo
        if memo is not None:
            if memo.get(name) == values:
                return
            memo[name] = values
        raw = self.raw
        if raw is not None:
            float32_packer(len(values)).pack_into(raw, 4 * start, *values)
            return
        self.data[start : start + len(values)] = values

    def put(self, start: int, values: Sequence[float]) -> None:
        """The numbers ``values`` from ``start`` on, written as they are: for an encoding that
        keeps track itself of what a part of a persistent canvas was made from (its memo) and
        rewrites only a piece of it."""
        raw = self.raw
        if raw is not None:
            float32_packer(len(values)).pack_into(raw, 4 * start, *values)
            return
        self.data[start : start + len(values)] = values

    def numbers(self, name: str, start: int, values: Sequence[float]) -> None:
        """The numbers ``values`` from ``start`` on; on a persistent canvas only those that
        changed since the part was last written (for long runs that change a little at a
        time). ``values`` must keep its length and not be changed afterwards."""
        memo = self.memo
        data = self.data
        old = None
        if memo is not None:
            old = memo.get(name)
            memo[name] = values
        if old is None:
            data[start : start + len(values)] = values
            return
        if old is values or old == values:
            return
        put = data if self.cells is None else self.cells
        # The numbers that changed, found at C speed (a Python step per changed number only).
        for index in compress(range(len(values)), map(ne, values, old)):
            put[start + index] = values[index]

    def choices(self, name: str, start: int, width: int, values: Sequence[int]) -> None:
        """One-hot rows of ``width`` numbers from ``start`` on, row ``i`` with its 1 at
        ``values[i]`` (none for a value outside ``0..width-1``); on a persistent canvas only
        the rows that changed are written. ``values`` must not be changed afterwards."""
        memo = self.memo
        data = self.data
        old = None
        if memo is not None:
            old = memo.get(name)
            memo[name] = values
        if old is None:
            if memo is not None:
                data[start : start + width * len(values)] = 0
            for row, value in enumerate(values):
                if 0 <= value < width:
                    data[start + row * width + value] = 1
            return
        if old is values or old == values:
            return
        put = data if self.cells is None else self.cells
        for row in compress(range(len(values)), map(ne, values, old)):
            value, was = values[row], old[row]
            if 0 <= was < width:
                put[start + row * width + was] = 0
            if 0 <= value < width:
                put[start + row * width + value] = 1

    def flags(self, name: str, start: int, size: int, mask: int) -> None:
        """Bit ``i`` of ``mask`` at ``start + i`` for ``i`` in ``0..size-1``; on a persistent
        canvas only the bits that changed are written."""
        memo = self.memo
        data = self.data
        old = None
        if memo is not None:
            old = memo.get(name)
            memo[name] = mask
        if old is None:
            data[start : start + size] = [mask >> bit & 1 for bit in range(size)]
            return
        changed = (old ^ mask) & ((1 << size) - 1)
        put = data if self.cells is None else self.cells
        while changed:
            low = changed & -changed
            bit = low.bit_length() - 1
            put[start + bit] = mask >> bit & 1
            changed ^= low

    def hot(self, name: str, start: int, stop: int, positions: Sequence[int]) -> None:
        """The part ``start:stop`` is 0 except 1 at ``positions`` (indices into ``data``)."""
        data = self.data
        memo = self.memo
        if memo is None:
            for position in positions:
                data[position] = 1
            return
        old = memo.get(name)
        if old is None:
            data[start:stop] = 0
            old = ()
        elif old == positions:
            return
        put = data if self.cells is None else self.cells
        for position in old:
            if position not in positions:
                put[position] = 0
        for position in positions:
            if position not in old:
                put[position] = 1
        memo[name] = positions

    def ones(self, name: str, start: int, stop: int, positions: tuple[int, ...]) -> None:
        """The part ``start:stop`` is 0 except a 1 at each of ``positions`` (indices into
        ``data``, one per slot; -1: no 1 in that slot). For ones that move one at a time (a
        phase, the head of a queue, an auction's moment): each slot's 1 is moved only where it
        moved, without looking at the others."""
        memo = self.memo
        put = self.data if self.cells is None else self.cells
        old = None if memo is None else memo.get(name)
        if old is None:
            if memo is not None:
                self.data[start:stop] = 0
            for one in positions:
                if one >= 0:
                    put[one] = 1
        elif old != positions:
            # (The same slots as the positions kept, so as many; ``strict`` is left out: a
            # keyword costs ``zip`` 0.16 µs a call, more than the loop.)
            for one, was in zip(positions, old):  # noqa: B905
                if one != was:
                    if was >= 0:
                        put[was] = 0
                    if one >= 0:
                        put[one] = 1
        if memo is not None:
            memo[name] = positions

    def sparse(self, name: str, start: int, stop: int, entries: dict[int, float]) -> None:
        """The part ``start:stop`` is 0 except ``entries`` (index into ``data``: number)."""
        data = self.data
        memo = self.memo
        if memo is None:
            for position, value in entries.items():
                data[position] = value
            return
        old: dict[int, float] | None = memo.get(name)
        if old is None:
            data[start:stop] = 0
            old = {}
        elif old == entries:
            return
        put = data if self.cells is None else self.cells
        for position in old:
            if position not in entries:
                put[position] = 0
        for position, value in entries.items():
            if old.get(position) != value:
                put[position] = value
        memo[name] = entries


# struct formats of n 4-byte floats, by n (made as blocks of that length are first written).
_PACKERS: dict[int, struct.Struct] = {}


def float32_packer(size: int) -> struct.Struct:
    """The ``struct`` format of ``size`` 4-byte floats (as a float32 buffer holds them), made
    once per size."""
    packer = _PACKERS.get(size)
    if packer is None:
        packer = _PACKERS[size] = struct.Struct(f"{size}f")
    return packer


def float32_bytes(values: Sequence[float]) -> bytes:
    """``values`` as the bytes a float32 buffer holds them in: for an encoding that writes a
    part into a canvas's ``raw`` memory from bytes it made once."""
    return float32_packer(len(values)).pack(*values)


def spread(items: Sequence[Any], count: int) -> Sequence[Any]:
    """``items`` if there are at most ``count``, else ``count`` of them evenly spread, the first
    and the last included."""
    size = len(items)
    if size <= count:
        return items
    if count == 1:
        return [items[0]]
    return [items[round(i * (size - 1) / (count - 1))] for i in range(count)]


def _lookup(values: tuple[Hashable, ...]) -> Any:
    """The key of a combination of field values, as a row's ``key`` getter gives it."""
    if not values:
        return None
    return values[0] if len(values) == 1 else values


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

    __slots__ = ("values",)

    def __init__(self) -> None:
        self.values: list[float] = []

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


def rotate(values: Sequence[Any], seat: int | None) -> list[Any]:
    """Per-seat values from ``seat``'s point of view: its own first, then the seats after it."""
    if not seat:
        return list(values)
    return [*values[seat:], *values[:seat]]


def field_run(kind: Any, *names: str) -> slice:
    """The slice of a named tuple ``kind`` holding the fields ``names``, which must stand side
    by side in that order (checked once, when an encoding is defined: a view's or table's
    fields reordered then fail loudly instead of encoding the wrong numbers). An encoding reads
    several fields at once with it, ``view[run]``, one tuple to compare with the last."""
    fields: tuple[str, ...] = kind._fields
    start = fields.index(names[0]) if names[0] in fields else -1
    if fields[start : start + len(names)] != names or start < 0:
        raise ValueError(f"{kind.__name__} has no fields {', '.join(names)} side by side")
    return slice(start, start + len(names))


def check_fields(kind: Any, *names: str) -> None:
    """Check that the named tuple ``kind`` has exactly the fields ``names``, in that order (once,
    when an encoding is defined): an encoding that unpacks a view whole, ``a, b, _ = view``,
    then fails loudly if a field is added or moved, instead of encoding the wrong numbers."""
    fields: tuple[str, ...] = kind._fields
    if fields != names:
        raise ValueError(
            f"{kind.__name__}'s fields are {', '.join(fields)}, not {', '.join(names)}"
        )


def relative_seat(other: int, seat: int | None, players: int) -> int:
    """``other`` counted from ``seat`` (0: itself, 1: the next seat); -1 stays -1 (nobody)."""
    if other < 0 or seat is None:
        return other
    return (other - seat) % players
