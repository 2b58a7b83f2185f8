"""TURN SEQUENCE and ZONE PLACEMENT RULES: one counter a turn on an empty square, never next to a
zone of the same type; skip a seat that cannot move; the end of the game."""

from __future__ import annotations

import pytest

from tycoon.core import GameOverError, OutOfTurnError, SeededRng
from tycoon.games.my_city import Place
from tycoon.games.my_city.rules import END_BLOCKED, END_FULL

from .support import blocked_seat_position, every_counter_but, fill, game, play, position, refuse


def test_place_one_counter_on_an_empty_square() -> None:
    """ "On your turn place one of your Zone counters onto an empty square of the board."."""
    city = game(2)
    state = position(city, {"e4": "Airport"})
    after = play(city, state, "C4 e5")
    e5 = city.tables.board.index("e5")
    assert e5 is not None
    assert after.zone_at[e5] == city.tables.counter_ids["C4"]  # seat 0's C4
    assert not after.supply[0] >> city.tables.counter_ids["C4"] & 1
    assert after.supply[1] == city.tables.full_supply
    assert after.to_move == 1
    assert after.turn == 1


def test_may_not_place_on_a_landmark() -> None:
    """ "You may not place your counter on top of another counter" (a landmark is a counter)."""
    city = game(2)
    state = position(city, {"e4": "Airport"})
    assert refuse(city, state, "C4 e4") == "e4 holds a landmark (Airport)"


def test_may_not_place_on_a_zone() -> None:
    """ "You may not place your counter on top of another counter"."""
    city = game(2)
    state = position(city, {"e4": "Airport"}, {1: ["R2 e5"]})
    assert refuse(city, state, "C4 e5") == "e5 is taken (Seat 2's R2)"


@pytest.mark.parametrize("square", ["d4", "d5", "d6", "e6", "f6", "f5", "f4", "e4"])
def test_same_type_ban_on_all_eight_adjacent_squares(square: str) -> None:
    """ "You may not place a Zone counter adjacent to another Zone of the same type." with
    ADJACENCY "share a side (orthogonal) or a point (diagonals)"."""
    city = game(2)
    state = position(city, {"a1": "Airport"}, {0: ["C1 e5"]}, to_move=0)
    reason = refuse(city, state, f"C4 {square}")
    assert "a Commercial zone may not go next to another Commercial zone" in reason
    assert "e5" in reason


def test_same_type_ban_counts_other_players_zones() -> None:
    """RULING: the same-type ban applies to any player's zone of that type."""
    city = game(2)
    state = position(city, {"a1": "Airport"}, {1: ["C1 e5"]}, to_move=0)
    reason = refuse(city, state, "C4 f6")
    assert "Commercial" in reason


def test_other_types_and_distant_squares_are_allowed() -> None:
    city = game(2)
    state = position(city, {"a1": "Airport"}, {1: ["C1 e5"]}, to_move=0)
    legal = city.legal_actions(state, 0)
    assert Place(0, "R4", "f6") in legal  # another type next to it
    assert Place(0, "C4", "g7") in legal  # same type two squares away
    assert Place(0, "C4", "f6") not in legal


def test_a_counter_you_do_not_have() -> None:
    """Each counter exists once per player: a placed counter is no longer in your cup."""
    city = game(2)
    state = position(city, {"a1": "Airport"}, {0: ["C4 e5"], 1: ["R1 h8"]}, to_move=0)
    assert refuse(city, state, "C4 b7") == "you have no C4 in your cup: it is on e5"


def test_only_the_seat_to_move_may_place() -> None:
    city = game(2)
    state = position(city, {"a1": "Airport"}, to_move=0)
    with pytest.raises(OutOfTurnError):
        city.apply(state, Place(1, "C4", "e5"), SeededRng(0))
    assert city.legal_actions(state, 1) == []


def test_skip_a_seat_that_cannot_place() -> None:
    """ "If there are empty spaces, but you are unable to place a counter, skip your turn."."""
    city = game(3)
    state = blocked_seat_position(city)
    after = play(city, state, "H4 a8")
    # Seat 2 has only C1 left, and the only empty square, b8, is next to a Commercial zone.
    assert after.to_move == 2
    assert after.skips == (0, 1, 0)
    lines = city.narrate(city.observe(state, None), Place(0, "H4", "a8"), city.observe(after, None))
    assert any("Seat 2" in line and "skipped" in line for line in lines)
    final = play(city, after, "R4 b8")
    assert final.is_over and final.end == END_FULL


def test_game_ends_when_the_board_is_full() -> None:
    """ "The game ends when there are no empty spaces left on the board"."""
    city = game(2)
    names = list(city.tables.board.names)
    # g7, h7 and g8 hold landmarks, so any counter may go on h8.
    landmark_squares = ["g7", "h7", "g8", *names[:13]]
    landmarks = dict(zip(landmark_squares, [lm.name for lm in city.tables.cup], strict=True))
    order = [n for n in names if n not in landmarks]
    seat0 = fill(order, every_counter_but(city))
    seat1 = fill(order, every_counter_but(city, "P1"))
    assert order == ["h8"]  # 16 landmarks and 47 zones: one square left
    state = position(city, landmarks, {0: seat0, 1: seat1}, to_move=1)
    after = play(city, state, "P1 h8")
    assert after.is_over
    assert after.end == END_FULL
    assert city.to_act(after) == ()
    outcome = city.outcome(after)
    assert outcome is not None and outcome.reason.startswith("the board is full")
    with pytest.raises(GameOverError):
        city.apply(after, Place(0, "C4", "a1"), SeededRng(0))


def test_game_ends_when_no_one_can_place() -> None:
    """ "... or no one is Able to place any more of their counters."."""
    city = game(2)
    names = list(city.tables.board.names)
    # g1, g2 and h2 hold landmarks, so h1 is free for a Commercial zone.
    landmark_squares = ["g1", "g2", "h2", *[n for n in names if n[1] in "34"][:13]]
    landmarks = dict(zip(landmark_squares, [lm.name for lm in city.tables.cup], strict=True))
    special = {"a8", "b8", "h1", "a7"}
    order = [n for n in names if n not in special and n not in landmarks]
    seat0 = ["C4 a7", *fill(order, every_counter_but(city, "C4", "C3", "C2"))]
    seat1 = fill(order, every_counter_but(city, "C1"))
    assert order == []
    state = position(city, landmarks, {0: seat0, 1: seat1}, to_move=0)
    assert not state.is_over
    after = play(city, state, "C3 h1")
    # Only a8 and b8 are empty, next to the C4 on a7; both seats have only Commercial left.
    assert after.is_over
    assert after.end == END_BLOCKED
    assert after.empty.bit_count() == 2
    assert city.legal_actions(after, 0) == [] and city.legal_actions(after, 1) == []
    outcome = city.outcome(after)
    assert outcome is not None and outcome.reason.startswith("no one can place")


def test_a_built_position_where_no_one_can_place_is_already_over() -> None:
    city = game(2)
    names = list(city.tables.board.names)
    landmark_squares = ["g1", "g2", "h2", *[n for n in names if n[1] in "34"][:13]]
    landmarks = dict(zip(landmark_squares, [lm.name for lm in city.tables.cup], strict=True))
    order = [n for n in names if n not in {"a8", "b8", "a7"} and n not in landmarks]
    seat0 = ["C4 a7", *fill(order, every_counter_but(city, "C4", "C2"))]
    seat1 = fill(order, every_counter_but(city, "C1"))
    state = position(city, landmarks, {0: seat0, 1: seat1}, to_move=0)
    assert state.is_over and state.end == END_BLOCKED
