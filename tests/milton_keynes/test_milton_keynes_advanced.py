"""The advanced rules: the players place the river and the marshes; no characters, four permits."""

from __future__ import annotations

from tycoon.core import SeededRng
from tycoon.games.milton_keynes import board as bd
from tycoon.games.milton_keynes.game import MiltonKeynes
from tycoon.games.milton_keynes.state import Phase, State

from .helpers import legal_texts, new_game, play, refuse

STANDARD_RIVER = "C1 D2 E3 F4 G5 G6 F7 E8 D8 C9"


def place_standard_river(game: MiltonKeynes, state: State) -> State:
    for i, label in enumerate(STANDARD_RIVER.split()):
        state = play(game, state, (i % game.players, f"river {label}"))
    return state


def test_advanced_game_starts_with_river_placement_from_an_edge() -> None:
    """ "the player with the most recent birthday should place a river tile on one of the edges"
    (the first seat plays that part)."""
    game = new_game(4, advanced=True)
    state = game.initial_state(SeededRng(1))
    assert state.phase == Phase.RIVER and game.to_act(state) == (0,)
    options = legal_texts(game, state, 0)
    assert "river A1" in options and "river C1" in options
    assert "river E5" not in options and "river E9" not in options
    assert "edge first" in refuse(game, state, 0, "river E5")


def test_the_standard_river_is_a_legal_advanced_river() -> None:
    """Each tile "should connect with the last tile either on an edge or diagonally, however no
    corners are allowed and it should take the river no closer to its starting edge(s). It stops
    when it reaches an edge on which it didn't start"."""
    game = new_game(4, advanced=True)
    state = place_standard_river(game, game.initial_state(SeededRng(1)))
    assert state.phase == Phase.MARSH
    assert state.city.river_all == bd.STANDARD_RIVER
    assert game.to_act(state) == (2,)  # "continue around"


def test_river_no_right_angle_turns_and_no_way_back() -> None:
    game = new_game(2, advanced=True)
    state = play(game, game.initial_state(SeededRng(1)), (0, "river C1"), (1, "river D2"))
    options = legal_texts(game, state, 0)
    assert "river E3" in options and "river D3" in options and "river E2" in options
    assert "river E1" not in options  # a right angle after a diagonal step
    assert "river C3" not in options  # a right angle the other way
    assert "river C2" not in options and "river D1" not in options  # back towards the edge
    assert "river C1" not in options


def test_river_must_be_able_to_reach_another_edge_with_ten_tiles() -> None:
    game = new_game(2, advanced=True)
    state = game.initial_state(SeededRng(1))
    # Down the left edge from A1 the river would need nine tiles to reach the bottom edge; from A1
    # eastwards along the top it reaches the right edge: both finish.
    state = play(game, state, (0, "river A1"), (1, "river B2"))
    assert all(option.startswith("river") for option in legal_texts(game, state, 0))
    rules = game.rules
    for plot in rules.river_options((bd.INDEX["A1"], bd.INDEX["B2"])):
        assert rules._completes(
            plot, rules._step(bd.INDEX["B2"], plot), 7, rules._start_edges(bd.INDEX["A1"])
        )


def test_marshes_border_an_edge_and_avoid_the_river() -> None:
    """ "continue around, placing the two marshes. Each must border an edge of the board"."""
    game = new_game(4, advanced=True)
    state = place_standard_river(game, game.initial_state(SeededRng(1)))
    options = legal_texts(game, state, 2)
    assert "marsh F1" in options and "marsh A4" in options
    assert "marsh D5" not in options  # touches no edge
    assert "marsh B1" not in options  # would cover the river at C1
    assert "marsh D8" not in options  # would cover E9
    assert "touches an edge" in refuse(game, state, 2, "marsh D5")


def test_after_the_marshes_deeds_and_four_permits_are_dealt_without_characters() -> None:
    """ "Finally, remove the river and marsh deeds from the deed deck. Shuffle the deed and permit
    deck, dealing three deeds to each player as normal, but do not choose a character, instead
    deal out four permits in addition to the deeds"."""
    game = new_game(4, advanced=True)
    state = place_standard_river(game, game.initial_state(SeededRng(1)))
    state = play(game, state, (2, "marsh F1"), (3, "marsh A4"))
    assert state.phase in (Phase.BEFORE_COLLECTION, Phase.BRIBE)
    assert state.year == 1
    assert len(state.deed_deck) == 53 - 12
    for p in state.players:
        assert bd.popcount(p.deeds) == 3 and sum(p.permits) == 4
        assert sum(p.known_permits) == 0  # dealt face down
    assert len(state.permit_deck) == 32 - 16
    assert game.seat_roles(state) is None


def test_advanced_deeds_follow_the_player_count_region() -> None:
    """ "Deeds are included by the region of their label (dots 0-3), then the covered plots are
    removed" — with a river across row H of a three-player map, row H loses those plots."""
    game = new_game(3, advanced=True)
    state = game.initial_state(SeededRng(1))
    for i in range(9):
        label = f"H{i + 1}"
        state = play(game, state, (i % 3, f"river {label}"))
    assert state.phase == Phase.MARSH
    state = play(game, state, (0, "marsh A1"), (1, "marsh A7"))
    in_game = game.rules.deeds_in_game(state.city)
    assert bd.popcount(in_game) == 56 - 8  # rows A-G x 1-8 less the marshes; row H is river
