"""The Estates' bids run as float32 bytes (``EstatesEncoding._bids_of``), joined from its number
table, must be the numbers the general way writes, amounts beyond the table included."""

from __future__ import annotations

import pytest

from tycoon.core import make
from tycoon.core.encoding import float32_bytes
from tycoon.games.estates.encoding import EstatesEncoding


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_bids_bytes_are_its_numbers_padded_with_not_yet(players: int) -> None:
    encoding = make("estates", players).encoding()
    assert isinstance(encoding, EstatesEncoding)
    others = players - 1
    for bids in [(), (3,), (3, -1), (-1, -1), (3, -1, 7), (300,), (5, 1000, -1), (255, 256)]:
        shown = list(bids[:others])
        expected = float32_bytes(shown + [-2] * (others - len(shown)))
        assert encoding._bids_of(bids) == expected
        assert encoding._bids_bytes[bids] == expected
