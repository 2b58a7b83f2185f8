"""Milton Keynes' short lists of choices (replies, purchases, bribes, LOBBY, pass and Inquiry,
requisitions...) get their ids by class and plot, not the generic scan: the ids and their
actions are the scan's at every step of random games, moves drawn among the ids as a learner
draws them."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tycoon.core import make
from tycoon.core.actions import AmountRange
from tycoon.core.encoding import Encoding
from tycoon.rl.core import Table


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_milton_keynes_short_lists_ids_are_the_generic_scans(players: int) -> None:
    game: Any = make("milton-keynes", players)
    encoding: Any = game.encoding()
    table = Table(game)
    phases: set[Any] = set()
    for seed in range(3):
        table.reset(seed)
        rng = random.Random(seed)
        while to_act := table.to_act():
            seat = to_act[0]
            state = table.state
            legal = game.legal_actions(state, seat)
            if type(legal) in (tuple, list):
                every = Encoding.legal_ids(encoding, list(legal))
                ids = encoding.legal_ids(legal)
                assert sorted(ids) == sorted(every)
                for index in every:
                    assert ids[index] == every[index], index
                    assert ids.get(index) == every[index], index
                if encoding._short_ids(legal) is not None:
                    phases.add(state.phase)
            ids_now = sorted(table.legal_ids(seat))
            action = table.action(seat, ids_now[rng.randrange(len(ids_now))])
            assert action is not None
            table.play(action)
    from tycoon.games.milton_keynes.state import Phase

    assert {Phase.PURCHASE, Phase.BRIBE, Phase.TRADE_REPLY, Phase.SALE_LOBBY} <= phases


def test_milton_keynes_short_ids_leave_other_lists_to_the_scan() -> None:
    """A choice of a kind the short way does not know, or two amount ranges, take the scan."""
    from tycoon.games.milton_keynes.actions import Bribe, Demolish, Lobby, Pass

    encoding: Any = make("milton-keynes", 4).encoding()
    assert encoding._short_ids([Pass(0), Demolish(0, "B1", False)]) is None
    two = [AmountRange(Bribe(0, 0), 0, 9), AmountRange(Lobby(0, 0), 0, 9)]
    assert encoding._short_ids(two) is None
    every = Encoding.legal_ids(encoding, two)
    ids = encoding.legal_ids(two)
    assert sorted(ids) == sorted(every) and all(ids[i] == every[i] for i in every)
