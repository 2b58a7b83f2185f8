"""A seat's legal choices, listed only when read (compiled with the core: making one at every
decision is then a native allocation, not a call of an interpreted class's ``__init__``)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, final


@final  # compiled: its methods and fields reached directly, not through a vtable
class LazyLegal(Sequence[Any]):
    """A seat's legal choices, listed by ``lister(state, seat)`` when first read: a bot that can
    tell its choice from its view alone (a roll, a purchase, a bid) never pays for the list.
    Reads as the list would. ``point`` aims it at another state (the list forgotten), so a loop
    may keep one per seat rather than make one per decision."""

    def __init__(self, lister: Callable[[Any, int], Sequence[Any]], state: Any, seat: int) -> None:
        self._lister = lister
        self._state = state
        self._seat = seat
        self._items: Sequence[Any] | None = None

    def point(self, state: Any) -> None:
        """The same seat's choices at ``state`` from now on (listed again when read)."""
        self._state = state
        self._items = None

    def items(self) -> Sequence[Any]:
        """The legal choices as the game lists them."""
        items = self._items
        if items is None:
            items = self._items = self._lister(self._state, self._seat)
        return items

    def __getitem__(self, index: Any) -> Any:
        return self.items()[index]

    def __len__(self) -> int:
        return len(self.items())

    def __iter__(self) -> Iterator[Any]:
        return iter(self.items())

    def __contains__(self, value: object) -> bool:
        return value in self.items()

    def __repr__(self) -> str:
        return f"LazyLegal({list(self.items())!r})"


__all__ = ["LazyLegal"]
