"""The games' views, made faster for the encodings, must stay what they were: equal to the
view made afresh, at every step of random games, for every seat."""

from __future__ import annotations

from tycoon.core import SeededRng, make, sample_choice
from tycoon.games.milton_keynes import board as bd


def test_milton_keynes_views_share_plot_lists_and_equal_fresh_ones() -> None:
    """A view's plot lists (river, marshes, known deeds, hands, lots) are handed out again for
    an unchanged mask, so the encoding recognises them by identity; every view still equals
    the one a new game object (nothing kept) makes of the same state, and its lists are the
    mask's plots in order."""
    game = make("milton-keynes", 4)
    rng = SeededRng(7)
    state = game.initial_state(rng)
    shared = 0
    for _ in range(300):
        to_act = game.to_act(state)
        if not to_act:
            break
        for seat in (*range(game.players), None):
            view = game.observe(state, seat)
            again = game.observe(state, seat)
            assert view == make("milton-keynes", 4).observe(state, seat)
            assert view.river_all == bd.cells_of(state.city.river_all)
            assert view.lots == tuple(bd.cells_of(lot) for lot in state.lots)
            assert view.known_deeds == tuple(bd.cells_of(p.known_deeds) for p in state.players)
            assert again.river_all is view.river_all
            assert again.marsh is view.marsh
            shared += all(a is b for a, b in zip(again.known_deeds, view.known_deeds, strict=True))
        state = game.transition(
            state, sample_choice(game.legal_actions(state, to_act[0]), rng), rng
        )
    assert shared > 0
