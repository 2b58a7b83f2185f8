"""Sets of small whole numbers held as one integer's bits (squares, plots, cells, action ids):
bit ``i`` set for member ``i``."""

from __future__ import annotations

from collections.abc import Iterator


def set_bits(mask: int) -> Iterator[int]:
    """The members of ``mask`` (the positions of its ones), lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low
