"""How seats are named to people: with the character each drew, which everyone sees."""

from __future__ import annotations

from tycoon.cli.play import seat_names
from tycoon.core import SeededRng, make


def test_seats_are_named_with_their_characters() -> None:
    game = make("milton-keynes", 4)
    state = game.initial_state(SeededRng(3))
    public = game.observe(state, None)
    roles = game.seat_roles(state)
    assert roles is not None
    for seat in range(4):
        assert game.seat_label(public, seat) == f"Seat {seat + 1} ({roles[seat]})"
    names = seat_names(game, state, ["human", "greedy", "random", "greedy"])
    assert names[0] == f"Seat 1 ({roles[0]})"
    assert names[1] == f"Seat 2 ({roles[1]}, greedy)"


def test_advanced_rules_have_no_characters_to_name() -> None:
    game = make("milton-keynes", 3, advanced=True)
    state = game.initial_state(SeededRng(3))
    assert game.seat_label(game.observe(state, None), 0) == "Seat 1"
