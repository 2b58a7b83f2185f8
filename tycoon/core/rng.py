"""Chance through an explicit, seeded and recorded random source.

Every chance event of every game reduces to draws of ``below(n)``: a whole number in ``[0, n)``.
That one primitive is what gets recorded, so a game record replays without re-rolling: a
:class:`ScriptedRng` hands back the recorded draws, and tests script exact outcomes the same way
(``ScriptedRng([2, 5])`` makes the next two draws 2 and 5). Nothing in tycoon uses the module-level
``random``.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import TypeVar

from tycoon.core.errors import ReplayError

T = TypeVar("T")


class Rng:
    """A source of chance. Subclasses provide :meth:`below`; the rest is built on it."""

    def below(self, n: int) -> int:
        """A uniformly drawn whole number in ``[0, n)``; ``n`` is at least 1."""
        raise NotImplementedError

    def roll(self, sides: int) -> int:
        """A die roll, 1..sides."""
        return self.below(sides) + 1

    def randint(self, low: int, high: int) -> int:
        """A whole number in ``[low, high]``, both included."""
        return low + self.below(high - low + 1)

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise ValueError("choice from an empty sequence")
        return items[self.below(len(items))]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A shuffled copy (Fisher-Yates, one draw per position but the last)."""
        result = list(items)
        for i in range(len(result) - 1, 0, -1):
            j = self.below(i + 1)
            result[i], result[j] = result[j], result[i]
        return result

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """``k`` distinct items in drawn order (a partial Fisher-Yates shuffle)."""
        pool = list(items)
        if not 0 <= k <= len(pool):
            raise ValueError("sample larger than the population")
        for i in range(k):
            j = i + self.below(len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]


class SeededRng(Rng):
    """The live source: Python's Mersenne Twister seeded with a whole number."""

    __slots__ = ("_random", "seed")

    # The Mersenne Twister, left unset until the first draw seeds it: seeding costs about 5 µs
    # (its 624-word state worked out from the seed), and many sources never draw (every seat
    # of a game gets one; a greedy bot without noise draws nothing). The same stream either
    # way: tests/test_core.py compares it with random.Random(seed).
    _random: random.Random

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def _source(self) -> random.Random:
        """The seeded generator, made at the first use."""
        try:
            return self._random
        except AttributeError:
            source = self._random = random.Random(self.seed)
            return source

    def below(self, n: int) -> int:
        # What ``randrange(n)`` does for a whole n > 0 (CPython 3.11+ ``_randbelow``: draw
        # n.bit_length() bits until the number is below n), without its argument checks: every
        # chance event goes through here. tests/test_core.py compares it with randrange.
        if n <= 0:
            raise ValueError(f"below({n}): n must be at least 1")
        k = n.bit_length()
        try:  # no test at each draw: a try costs nothing until it catches (CPython 3.11)
            bits = self._random.getrandbits
        except AttributeError:  # not seeded yet
            bits = self._source().getrandbits
        r = bits(k)
        while r >= n:
            r = bits(k)
        return r

    def getstate(self) -> object:
        """The source's position, for :meth:`setstate` (a face undoing a step it could not keep)."""
        return self._source().getstate()

    def setstate(self, state: object) -> None:
        self._source().setstate(state)  # type: ignore[arg-type]

    def fork(self) -> SeededRng:
        """An independent source derived from this one's next draw (for bots, searches)."""
        return SeededRng(self._source().getrandbits(63))


class RecordingRng(Rng):
    """Draws from ``inner`` and keeps every outcome in :attr:`drawn`."""

    __slots__ = ("drawn", "inner")

    def __init__(self, inner: Rng) -> None:
        self.inner = inner
        self.drawn: list[int] = []

    def below(self, n: int) -> int:
        value = self.inner.below(n)
        self.drawn.append(value)
        return value


class ScriptedRng(Rng):
    """Hands back given outcomes in order; used by replays and by tests.

    If ``shadow`` is given, it is asked for a draw of the same size each time, so a live source
    can be brought to exactly where it was when the outcomes were recorded (resuming a game).
    """

    __slots__ = ("outcomes", "position", "shadow")

    def __init__(self, outcomes: Sequence[int], shadow: Rng | None = None) -> None:
        self.outcomes = tuple(outcomes)
        self.position = 0
        self.shadow = shadow

    def below(self, n: int) -> int:
        if self.position >= len(self.outcomes):
            raise ReplayError(
                f"the record has no chance outcome left for a draw below {n} "
                f"(it holds {len(self.outcomes)})"
            )
        value = self.outcomes[self.position]
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < n:
            raise ReplayError(f"recorded chance outcome {value!r} does not fit a draw below {n}")
        self.position += 1
        if self.shadow is not None:
            self.shadow.below(n)
        return value

    @property
    def exhausted(self) -> bool:
        return self.position == len(self.outcomes)


def derive_seed(run_seed: int, index: int) -> int:
    """The seed of game ``index`` in a run seeded ``run_seed``: independent of how work is split."""
    digest = hashlib.sha256(f"tycoon:{run_seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1
