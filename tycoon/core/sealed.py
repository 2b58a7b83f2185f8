"""Sealed simultaneous decisions as commits (OpenSpiel simultaneous nodes, boardgame.io ALL_ONCE).

During a sealed step every listed seat that has not committed is to act, in any order; a commit is
hidden from every other seat's view, which shows only *that* it committed; when the last commit
arrives the game resolves the step and reveals every value in the same transition. A game keeps a
:class:`SealedCommits` in its state, returns :attr:`SealedCommits.pending` as the seats to act, and
puts :meth:`SealedCommits.view` in each seat's view.
"""

from __future__ import annotations

from typing import Any, Final, Generic, TypeVar

from tycoon.core.errors import IllegalActionError, OutOfTurnError

T = TypeVar("T")


class SealedView(Generic[T]):
    """What one seat may know of a sealed step: who is in it, who has committed, its own value."""

    __slots__ = ("committed", "own", "seats")

    def __init__(self, seats: tuple[int, ...], committed: tuple[int, ...], own: T | None) -> None:
        self.seats: Final = seats
        self.committed: Final = committed
        self.own: Final = own

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SealedView):
            return NotImplemented
        return (self.seats, self.committed, self.own) == (other.seats, other.committed, other.own)

    def __hash__(self) -> int:
        return hash((self.seats, self.committed, self.own))

    def __repr__(self) -> str:
        return f"SealedView(seats={self.seats}, committed={self.committed}, own={self.own!r})"

    @property
    def pending(self) -> tuple[int, ...]:
        return tuple(s for s in self.seats if s not in self.committed)

    def to_json(self) -> dict[str, Any]:
        return {"seats": list(self.seats), "committed": list(self.committed), "own": self.own}


class SealedCommits(Generic[T]):
    """The commits of one sealed step, kept in seat order. Immutable: :meth:`commit` returns a
    new value (a plain slotted class rather than a generic dataclass, which mypyc cannot
    compile)."""

    __slots__ = ("commits", "seats")

    def __init__(self, seats: tuple[int, ...], commits: tuple[tuple[int, T], ...] = ()) -> None:
        self.seats: Final = seats
        self.commits: Final = commits

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SealedCommits):
            return NotImplemented
        return self.seats == other.seats and self.commits == other.commits

    def __hash__(self) -> int:
        return hash((self.seats, self.commits))

    def __repr__(self) -> str:
        return f"SealedCommits(seats={self.seats}, commits={self.commits!r})"

    def to_json(self) -> dict[str, Any]:
        return {"seats": list(self.seats), "commits": [[s, v] for s, v in self.commits]}

    @classmethod
    def open(cls, seats: tuple[int, ...]) -> SealedCommits[T]:
        if not seats or len(set(seats)) != len(seats):
            raise ValueError("a sealed step needs distinct seats")
        return cls(tuple(sorted(seats)), ())

    @property
    def pending(self) -> tuple[int, ...]:
        done = {seat for seat, _ in self.commits}
        return tuple(s for s in self.seats if s not in done)

    @property
    def committed(self) -> tuple[int, ...]:
        return tuple(seat for seat, _ in self.commits)

    @property
    def is_complete(self) -> bool:
        return len(self.commits) == len(self.seats)

    def has_committed(self, seat: int) -> bool:
        return any(s == seat for s, _ in self.commits)

    def value_of(self, seat: int) -> T | None:
        for s, value in self.commits:
            if s == seat:
                return value
        return None

    def commit(self, seat: int, value: T) -> SealedCommits[T]:
        """A new record with ``seat``'s value added; this one is unchanged."""
        if seat not in self.seats:
            raise OutOfTurnError(f"seat {seat} takes no part in this sealed decision")
        if self.has_committed(seat):
            raise IllegalActionError(f"seat {seat} has already committed")
        commits = tuple(sorted((*self.commits, (seat, value)), key=lambda c: c[0]))
        return SealedCommits(self.seats, commits)

    def revealed(self) -> dict[int, T]:
        """Every value by seat; only once every seat has committed."""
        if not self.is_complete:
            raise IllegalActionError("sealed values are revealed only once everyone has committed")
        return dict(self.commits)

    def view(self, viewer: int | None) -> SealedView[T]:
        """The view of ``viewer`` (``None`` for a spectator): never another seat's value."""
        own = self.value_of(viewer) if viewer is not None else None
        return SealedView(self.seats, self.committed, own)
