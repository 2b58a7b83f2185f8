"""Water Rights' town cells patched from the bytes the tuples differ in, and by the scan when a
number does not fit a byte: the persistent canvas still holds the fresh encoding."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np

from tycoon.core import SeededRng, make
from tycoon.core.encoding import Canvas


def test_water_rights_cells_outside_a_byte_are_patched_by_the_scan() -> None:
    game = make("water-rights")
    encoding: Any = game.encoding()
    state = game.initial_state(SeededRng(3))
    view = game.observe(state, 1)
    canvas = Canvas(np.zeros(encoding.size, dtype=np.float32), {})
    encoding.encode(view, canvas)
    town = view.towns[0]
    steps = [
        {"water": (300, *town.water[1:]), "paid": (*town.paid[:5], 999, *town.paid[6:])},
        {"water": (2, *town.water[1:]), "paid": (*town.paid[:5], 4, *town.paid[6:])},
        {"water": (2, *town.water[1:-1], 200), "cells": (*town.cells[:-1], 0)},
        {"water": (-3, *town.water[1:]), "cells": (-1, *town.cells[1:])},
        {"water": town.water, "cells": town.cells, "paid": town.paid},
    ]
    for changes in steps:
        towns = list(view.towns)
        towns[0] = replace(town, **changes)
        changed = view._replace(towns=tuple(towns))
        encoding.encode(changed, canvas)
        assert canvas.data.tolist() == [float(v) for v in encoding.features(changed)]
