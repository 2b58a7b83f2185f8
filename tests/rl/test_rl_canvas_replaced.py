"""Milton Keynes' persistent canvas writes, of buildings replaced on the map and of deeds known
to be held, only the numbers that changed: poisoned numbers it must not write stay poisoned,
and the canvas then holds the fresh encoding."""

from __future__ import annotations

from typing import Any

import numpy as np

from rl.test_rl_canvas import assert_writes_only  # tests/ on the path
from tycoon.core import SeededRng, make
from tycoon.core.encoding import Canvas


def _start() -> tuple[Any, Any, Canvas, Any]:
    from tycoon.games.milton_keynes.scoring import Building

    game = make("milton-keynes")
    encoding: Any = game.encoding()
    view = game.observe(game.initial_state(SeededRng(3)), 1)
    first = Building(1, 2, 0, (10, 11))
    second = Building(2, 0, 3, (40,))
    view = view._replace(buildings=(first, second), known_deeds=((3, 4), (), (7,), (20, 21)))
    canvas = Canvas(np.zeros(encoding.size, dtype=np.float32), {})
    encoding.encode(view, canvas)
    return game, encoding, canvas, view


def test_milton_keynes_rewrites_only_buildings_replaced() -> None:
    """A building extended (replaced by a larger one) and another demolished: the numbers of
    their plots only are written; the building left as it was is not."""
    from tycoon.games.milton_keynes.scoring import Building

    game, encoding, canvas, view = _start()
    first, second = view.buildings
    extended = Building(1, 2, 0, (10, 11, 12))
    changed = view._replace(buildings=(extended,))
    players = game.players
    kinds = encoding.slice_of("building kind")
    owners = encoding.slice_of("building owner")
    per_plot = (owners.start - kinds.start) // 81
    touched: set[int] = set()
    for building in (first, second, extended):
        owner = (building.owner - 1) % players
        for cell in building.cells:
            touched.add(kinds.start + cell * per_plot + building.kind)
            touched.add(owners.start + cell * players + owner)
    watched = [*range(kinds.start, owners.stop)]
    assert_writes_only(encoding, canvas, changed, watched, touched)


def test_milton_keynes_rewrites_only_known_deeds_that_changed() -> None:
    """A seat shown to hold one more deed and another one fewer: those two numbers only."""
    game, encoding, canvas, view = _start()
    players = game.players
    changed = view._replace(known_deeds=((3, 4), (), (7, 9), (21,)))
    known = encoding.slice_of("known deeds")
    touched = {
        known.start + ((2 - 1) % players) * 81 + 9,
        known.start + ((3 - 1) % players) * 81 + 20,
    }
    assert_writes_only(encoding, canvas, changed, [*range(known.start, known.stop)], touched)
