"""Water Rights' distribution and request choices get their ids by class and cell, not the
generic scan: the ids and their actions are the scan's at every step of random games, moves
drawn among the ids as a learner draws them."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tycoon.core import make
from tycoon.core.actions import AmountRange
from tycoon.core.encoding import Encoding
from tycoon.rl.core import Table


@pytest.mark.parametrize("players", [3, 4])
def test_water_rights_short_lists_ids_are_the_generic_scans(players: int) -> None:
    from tycoon.games.water_rights.state import DISTRIBUTE, REQUEST

    game: Any = make("water-rights", players)
    encoding: Any = game.encoding()
    table = Table(game)
    phases: set[Any] = set()
    for seed in range(4):
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
    assert {REQUEST, DISTRIBUTE} <= phases


def test_water_rights_short_ids_leave_other_lists_to_the_scan() -> None:
    from tycoon.games.water_rights.actions import Collect, Request, SetColours

    encoding: Any = make("water-rights", 4).encoding()
    assert encoding._short_ids([Collect(1), SetColours(0, ())]) is None
    two = [AmountRange(Request(1, 0, False), 0, 5), AmountRange(Request(1, 0, True), 0, 5)]
    assert encoding._short_ids(two) is None
    every = Encoding.legal_ids(encoding, two)
    ids = encoding.legal_ids(two)
    assert sorted(ids) == sorted(every) and all(ids[i] == every[i] for i in every)
