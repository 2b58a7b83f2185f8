"""Lazy sets of legal moves: permit-bid pairs, trade offers, and building commissions.

The core's :class:`ActionSet` is a sequence with a fast membership test. Bid pairs and offers are
ranked (index <-> action by arithmetic, nothing enumerated); commissions are enumerated once per
position (connected plot sets of at most six plots) and then tested by set membership.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, overload

from tycoon.core import Action, ActionSet, AmountRange
from tycoon.core.bitset import set_bits
from tycoon.games.milton_keynes.actions import Offer, item_key
from tycoon.games.milton_keynes.board import NEIGHBOUR_MASK


class ListSet(ActionSet[Action]):
    """A fixed list of actions with a hashed membership test."""

    __slots__ = ("_actions", "_members")

    def __init__(self, actions: Sequence[Action]) -> None:
        self._actions = tuple(actions)
        self._members: frozenset[Action] | None = None

    def __len__(self) -> int:
        return len(self._actions)

    @overload
    def __getitem__(self, index: int) -> Action: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...
    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        return self._actions[index]

    def __contains__(self, action: object) -> bool:
        if self._members is None:
            self._members = frozenset(self._actions)
        return action in self._members

    @property
    def actions(self) -> tuple[Action, ...]:
        return self._actions


class PairSet(ActionSet[Any]):
    """Every ``make(seat, left, right)`` with ``left`` in ``[left_low, left_high]``, ``right`` in
    ``[right_low, right_high]`` and ``left + right <= total``, as one amount range of ``right``
    per value of ``left``; optionally a first extra action (a pass). Used for permit bids, LOBBY on
    bids and re-bids."""

    __slots__ = (
        "extra",
        "kind",
        "left_high",
        "left_low",
        "right_high",
        "right_low",
        "seat",
        "total",
    )

    def __init__(
        self,
        kind: Callable[[int, int, int], Action],
        seat: int,
        left: tuple[int, int],
        right: tuple[int, int],
        total: int,
        extra: Action | None = None,
    ) -> None:
        self.kind = kind
        self.seat = seat
        self.left_low, self.left_high = left[0], min(left[1], total - right[0])
        self.right_low, self.right_high = right
        self.total = total
        self.extra = extra

    def __len__(self) -> int:
        return max(0, self.left_high - self.left_low + 1) + (1 if self.extra is not None else 0)

    @overload
    def __getitem__(self, index: int) -> Any: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Any]: ...
    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        size = len(self)
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError(index)
        if self.extra is not None:
            if index == 0:
                return self.extra
            index -= 1
        left = self.left_low + index
        high = min(self.right_high, self.total - left)
        return AmountRange(
            self.kind(self.seat, left, self.right_low), self.right_low, high, field="right"
        )

    def __contains__(self, action: object) -> bool:
        if self.extra is not None and action == self.extra:
            return True
        probe = self.kind(self.seat, 0, 0)
        if type(action) is not type(probe) or getattr(action, "seat", None) != self.seat:
            return False
        left = getattr(action, "left", None)
        right = getattr(action, "right", None)
        if type(left) is not int or type(right) is not int:
            return False
        return (
            self.left_low <= left <= self.left_high
            and self.right_low <= right <= self.right_high
            and left + right <= self.total
        )


@lru_cache(maxsize=2048)
def multiset_table(caps: tuple[int, ...], limit: int) -> tuple[tuple[int, ...], ...]:
    """``table[i][k]``: how many sub-multisets of items ``i..`` (item ``j`` at most ``caps[j]``
    times) have at most ``k`` items."""
    n = len(caps)
    table = [[1] * (limit + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        below = table[i + 1]
        row = table[i]
        for k in range(limit + 1):
            row[k] = sum(below[k - c] for c in range(min(caps[i], k) + 1))
    return tuple(tuple(row) for row in table)


def unrank_multiset(index: int, caps: tuple[int, ...], limit: int) -> list[int]:
    """The counts of the ``index``-th sub-multiset (0 is the empty one)."""
    table = multiset_table(caps, limit)
    counts = []
    k = limit
    for i in range(len(caps)):
        below = table[i + 1]
        for c in range(min(caps[i], k) + 1):
            block = below[k - c]
            if index < block:
                counts.append(c)
                k -= c
                break
            index -= block
        else:  # pragma: no cover - index out of range
            raise IndexError("multiset index out of range")
    return counts


@dataclass(frozen=True, slots=True)
class Pool:
    """The cards one side of an offer may hold: each item with how many copies at most."""

    items: tuple[str, ...]
    caps: tuple[int, ...]
    index: dict[str, int]


@lru_cache(maxsize=4096)
def make_pool(entries: tuple[tuple[str, int], ...]) -> Pool:
    items = tuple(item for item, _ in entries)
    return Pool(items, tuple(cap for _, cap in entries), {item: i for i, item in enumerate(items)})


class OfferSet(ActionSet[Any]):
    """Every offer the rules allow, to be tested by membership: to another seat, any cards of
    one's hand for any cards the other may hold (a side may be empty, but not both), and cash
    from ``-cash_ask`` (asked) to ``cash_give`` (paid) on one side.

    As a sequence it holds only pass, then (while ``enumerate_offers``) the offers the bots
    consider — at most ``limit`` cards a side — each as an amount range of its cash, ranked by
    arithmetic; offers with more cards are described by their notation, never enumerated."""

    __slots__ = (
        "_give_caps",
        "_give_index",
        "_per_target",
        "_want_caps",
        "_want_full",
        "_want_index",
        "_wants",
        "cash_high",
        "cash_low",
        "enumerated",
        "give_items",
        "limit",
        "passing",
        "seat",
        "targets",
        "want_items",
    )

    def __init__(
        self,
        passing: Action,
        seat: int,
        targets: tuple[int, ...],
        give: Pool,
        want: Pool,
        cash_give: int,
        cash_ask: int,
        limit: int,
        want_full: Pool | None = None,
        enumerate_offers: bool = True,
    ) -> None:
        self.passing = passing
        self.seat = seat
        self.targets = targets
        self.give_items = give.items
        self._give_caps = give.caps
        self.want_items = want.items
        self._want_caps = want.caps
        self._give_index = give.index
        self._want_index = want.index
        self._want_full = want_full if want_full is not None else want
        self.cash_low = -cash_ask
        self.cash_high = cash_give
        self.limit = limit
        self.enumerated = enumerate_offers
        gives = multiset_table(self._give_caps, limit)[0][limit]
        self._wants = multiset_table(self._want_caps, limit)[0][limit]
        self._per_target = gives * self._wants - 1  # every pair of sides but nothing-for-nothing

    def __len__(self) -> int:
        if not self.enumerated:
            return 1
        return 1 + len(self.targets) * self._per_target

    @overload
    def __getitem__(self, index: int) -> Any: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Any]: ...
    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        size = len(self)
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError(index)
        if index == 0:
            return self.passing
        target, rest = divmod(index - 1, self._per_target)
        give_index, want_index = divmod(rest + 1, self._wants)
        give = self._items(self.give_items, self._give_caps, give_index)
        want = self._items(self.want_items, self._want_caps, want_index)
        template = Offer(self.seat, self.targets[target], self.cash_low, give, want)
        return AmountRange(template, self.cash_low, self.cash_high, field="cash")

    def _items(self, items: tuple[str, ...], caps: tuple[int, ...], index: int) -> tuple[str, ...]:
        if self.limit == 1:  # one card a side: 0 is none, i is the i-th item
            return (items[index - 1],) if index else ()
        counts = unrank_multiset(index, caps, self.limit)
        chosen: list[str] = []
        for item, count in zip(items, counts, strict=True):
            chosen.extend([item] * count)
        return tuple(chosen)

    @staticmethod
    def _fits(chosen: object, pool: Pool) -> bool:
        """Whether ``chosen`` is a sub-multiset of ``pool``, written in the canonical order."""
        if not isinstance(chosen, tuple):
            return False
        counts: dict[str, int] = {}
        for item in chosen:
            if not isinstance(item, str) or item not in pool.index:
                return False
            counts[item] = counts.get(item, 0) + 1
        if any(count > pool.caps[pool.index[item]] for item, count in counts.items()):
            return False
        return list(chosen) == sorted(chosen, key=item_key)

    def __contains__(self, action: object) -> bool:
        if action == self.passing:
            return True
        if not isinstance(action, Offer) or action.seat != self.seat:
            return False
        if action.to not in self.targets or type(action.cash) is not int:
            return False
        if not self.cash_low <= action.cash <= self.cash_high:
            return False
        if not action.give and not action.want:
            return False
        give_pool = Pool(self.give_items, self._give_caps, self._give_index)
        return self._fits(action.give, give_pool) and self._fits(action.want, self._want_full)


# -- connected plot sets -----------------------------------------------------------------------


def connected_sets(available: int, max_size: int) -> list[int]:
    """Every connected set of at most ``max_size`` plots of ``available`` (each once)."""
    found: list[int] = []
    if max_size <= 0:
        return found
    lower = 0
    for v in set_bits(available):
        vbit = 1 << v
        lower_and_v = lower | vbit
        _grow(
            vbit,
            NEIGHBOUR_MASK[v] & available & ~lower_and_v,
            lower_and_v,
            max_size - 1,
            available,
            found,
        )
        lower = lower_and_v
    return found


def connected_supersets(seed: int, available: int, max_extra: int) -> list[int]:
    """Every set ``S`` of at most ``max_extra`` plots of ``available`` such that ``seed | S`` is
    connected (``seed`` itself connected), returned as ``S`` (the empty set first)."""
    found: list[int] = []
    frontier = 0
    for p in set_bits(seed):
        frontier |= NEIGHBOUR_MASK[p]
    frontier &= available & ~seed
    _grow(seed, frontier, seed, max_extra, available, found)
    return [s & ~seed for s in found]


def _grow(
    sub: int, frontier: int, forbidden: int, room: int, available: int, out: list[int]
) -> None:
    out.append(sub)
    if room == 0:
        return
    rest = frontier
    while rest:
        wbit = rest & -rest
        rest ^= wbit
        w = wbit.bit_length() - 1
        grown = (rest | NEIGHBOUR_MASK[w]) & available & ~sub & ~forbidden & ~wbit
        _grow(sub | wbit, grown, forbidden | wbit, room - 1, available, out)
        forbidden |= wbit


def sets_with_one_extra(deeds: int, extras: int, max_size: int) -> set[int]:
    """Every non-empty set ``S`` of ``deeds`` (at most ``max_size - 1``) that some single plot of
    ``extras`` joins into one connected set ``S | {r}`` of at most ``max_size`` plots."""
    found: set[int] = set()
    if max_size < 2:
        return found
    for r in set_bits(extras):
        rbit = 1 << r
        for s in connected_supersets(rbit, deeds, max_size - 1):
            if s:
                found.add(s)
    return found
