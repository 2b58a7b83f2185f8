"""The Estates' observation written at once into a float32 buffer (its parts' bytes found by
identity per observer, a seat's secret figures shared between its views) holds the general
way's numbers for every seat and a spectator, views taken in any order, with and without open
money."""

from __future__ import annotations

import numpy as np
import pytest

from tycoon.core import SeededRng, make, sample_choice
from tycoon.core.encoding import Canvas


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("open_money", [False, True])
def test_every_observer_s_buffer_equals_the_general_way(players: int, open_money: bool) -> None:
    game = make("estates", players, **{"open-money": open_money})
    encoding = game.encoding()
    rng = SeededRng(players * 7 + open_money)
    state = game.initial_state(rng)
    observers: list[int | None] = [*range(players), None]
    canvases = {seat: Canvas(np.zeros(encoding.size, dtype=np.float32), {}) for seat in observers}
    last: dict[int | None, tuple[object, object]] = {}
    for step in range(400):
        # Every observer now and then, the seat to act always (the table's own pattern).
        to_act = game.to_act(state)
        seen = observers if step % 3 == 0 or not to_act else [to_act[0]]
        for seat in seen:
            before = last.get(seat)
            view = (
                game.observe(state, seat)
                if before is None
                else game.observe_next(before[0], before[1], state, seat)
            )
            assert view == game.observe(state, seat)
            last[seat] = (state, view)
            encoding.encode(view, canvases[seat])
            assert canvases[seat].data.tolist() == encoding.features(view), (step, seat)
        if not to_act:
            break
        state = game.transition(
            state, sample_choice(game.legal_actions(state, to_act[0]), rng), rng
        )


def test_a_turn_or_rooftop_beyond_the_number_table_is_written_all_the_same() -> None:
    """The buffer's numbers come from a table of -2..255 made once; a view whose turn or rooftop
    value lies beyond it (a position set up by hand) is written with the general way's numbers,
    and the next view with the usual ones."""
    game = make("estates", 3)
    encoding = game.encoding()
    rng = SeededRng(5)
    state = game.initial_state(rng)
    canvas = Canvas(np.zeros(encoding.size, dtype=np.float32), {})
    view = game.observe(state, 0)
    for odd in (view._replace(turn=300), view._replace(roof_value=1000), view):
        encoding.encode(odd, canvas)
        assert canvas.data.tolist() == encoding.features(odd)
