"""VARIANTS: each one an option, with hand-built positions and hand-computed scores."""

from __future__ import annotations

from itertools import pairwise

import pytest

from tycoon.core import MalformedActionError, ScriptedRng, SeededRng
from tycoon.games.my_city import Place, Rezone, Skip
from tycoon.games.my_city.board import make_board
from tycoon.games.my_city.rules import draw_counters

from .support import (
    EVERY_ROW,
    blocked_seat_position,
    control,
    game,
    play,
    position,
    refuse,
    score,
    setup_script,
)

# -- SLUMS ----------------------------------------------------------------------------------


def test_slum_is_worth_minus_one_access() -> None:
    """SLUMS: "A Slum is worth -1 Access points." Alone by a landmark: -1, no controller."""
    city = game(2, slums=True)
    state = position(city, {"e4": "Airport"}, {0: ["S d4"]})
    assert control(score(city, state), "e4") == ((-1, 0), ())


def test_slum_lowers_adjacent_zones_of_every_player() -> None:
    """SLUMS: "All Zone counters adjacent to the Slum are worth -1 Access Points."
    Seat 1: slum f3 (-1) + C2 d4 (2) = 1; seat 2: R3 f4 next to the slum, 3 - 1 = 2."""
    city = game(2, slums=True)
    state = position(city, {"e4": "Airport"}, {0: ["S f3", "C2 d4"], 1: ["R3 f4"]})
    assert control(score(city, state), "e4") == ((1, 2), (1,))


def test_slum_next_to_its_own_zone_can_cancel_it() -> None:
    """Seat 1's slum d4 (-1) lowers its own C2 e5 to 1: total 0, so no controller."""
    city = game(2, slums=True)
    state = position(city, {"e4": "Airport"}, {0: ["S d4", "C2 e5"]})
    assert control(score(city, state), "e4") == ((0, 0), ())


def test_slums_at_the_floor() -> None:
    """RULING: a zone lowered by slums is floored at 0. R1 e5 lies next to two slums (d6, f6):
    it counts 0, not -1, so seat 2 has H2 + 0 = 2 and ties seat 1's C2 for the Airport."""
    city = game(2, slums=True)
    state = position(
        city,
        {"e4": "Airport"},
        {0: ["S d6", "C2 d4"], 1: ["S f6", "R1 e5", "H2 e3"]},
    )
    report = score(city, state)
    assert control(report, "e4") == ((2, 2), (0, 1))
    assert report.totals == (4, 4)


def test_two_slums_lower_a_zone_twice() -> None:
    """R3 e5 next to slums d6 and f6 counts 3 - 1 - 1 = 1."""
    city = game(2, slums=True)
    state = position(city, {"e4": "Airport"}, {0: ["S d6"], 1: ["S f6", "R3 e5"]})
    assert control(score(city, state), "e4") == ((0, 1), (1,))


def test_one_slum_per_player() -> None:
    """ "Each zone counterset gets one Slum Zone Counter."."""
    city = game(2, slums=True)
    assert city.tables.counters == 25
    state = position(city, {"a1": "Airport"}, {0: ["S d4"], 1: ["R1 h8"]}, to_move=0)
    assert refuse(city, state, "S g7") == "you have no S in your cup: it is on d4"


def test_slums_may_not_touch_each_other() -> None:
    """The same-type ban applies to slums: another player's slum may not go next to one."""
    city = game(2, slums=True)
    state = position(city, {"a1": "Airport"}, {0: ["S d4"]}, to_move=1)
    assert "Slum zone may not go next to another Slum zone" in refuse(city, state, "S e5")
    assert Place(1, "S", "f6") in city.legal_actions(state, 1)


def test_no_slum_without_the_option() -> None:
    city = game(2)
    with pytest.raises(MalformedActionError, match="there is no counter 'S'"):
        city.parse_action("S e5", 0)


# -- PARKS RULE -----------------------------------------------------------------------------


def test_parks_empty_squares_score_one_each() -> None:
    """PARKS RULE: "Any empty spaces at the end of the game automatically become parks that are
    worth 1 Prestige point each", controlled like landmarks (most adjacent access).
    Seat 1's C4 c3 wins b2 c2 d2 b3 b4 c4 d4 (7); seat 2's R2 d3 wins e2 e3 e4 (3)."""
    city = game(2, parks=True)
    state = position(city, {"a1": "Airport"}, {0: ["C4 c3"], 1: ["R2 d3"]})
    report = score(city, state)
    assert report.park_points == (7, 3)
    assert report.totals == (7, 3)
    assert control(report, "c2") == ((4, 2), (0,))
    assert control(report, "e3") == ((0, 2), (1,))
    assert control(report, "h8") == ((0, 0), ())
    assert control(report, "a1") == ((0, 0), ())  # the Airport: b2 is empty, so no access
    assert len(report.parks) == 64 - 3


def test_parks_by_adjacent_zones() -> None:
    """Option park-control zones: a park goes to the most adjacent zones; c2 d2 c4 d4 touch one
    zone of each seat and are shared: 4 + 3 each."""
    city = game(2, parks=True, park_control="zones")
    state = position(city, {"a1": "Airport"}, {0: ["C4 c3"], 1: ["R2 d3"]})
    report = score(city, state)
    assert control(report, "c2") == ((1, 1), (0, 1))
    assert report.park_points == (7, 7)


def test_no_parks_without_the_option() -> None:
    city = game(2)
    state = position(city, {"a1": "Airport"}, {0: ["C4 c3"], 1: ["R2 d3"]})
    report = score(city, state)
    assert report.parks == () and report.totals == (0, 0)


# -- LANDMARK TYPE SCORING ------------------------------------------------------------------


def test_most_landmarks_of_a_type_scores_one() -> None:
    """LANDMARK TYPE SCORING: "If you control the most Landmarks of a given type, you get an
    extra 1 Prestige Point." Seat 1 controls two Transportation, seat 2 one Civic."""
    city = game(2, landmark_types=True)
    state = position(
        city,
        {"a1": "Airport", "h1": "Seaport", "a8": "City Hall"},
        {0: ["C1 b1", "R1 g1"], 1: ["H1 b8"]},
    )
    report = score(city, state)
    bonuses = {bonus.kind: (bonus.counts, bonus.winners) for bonus in report.types}
    assert bonuses["Transportation"] == ((2, 0), (0,))
    assert bonuses["Civic"] == ((0, 1), (1,))
    assert bonuses["Services"] == ((0, 0), ())
    assert report.type_points == (1, 1)
    assert report.totals == (9, 4)


def test_tied_type_leaders_all_score() -> None:
    """RULING: every player tied for the most landmarks of a type scores the extra point."""
    city = game(2, landmark_types=True)
    state = position(city, {"a1": "Airport", "h1": "Seaport"}, {0: ["C1 b1"], 1: ["H1 g1"]})
    report = score(city, state)
    assert report.type_points == (1, 1)


def test_a_shared_landmark_counts_for_each_controller() -> None:
    """A landmark controlled jointly counts for each of its controllers."""
    city = game(3, landmark_types=True)
    state = position(city, {"e4": "Zoo"}, {0: ["C1 e5"], 1: ["H1 e3"]})
    report = score(city, state)
    recreation = next(b for b in report.types if b.kind == "Recreation")
    assert recreation.counts == (1, 1, 0) and recreation.winners == (0, 1)
    assert report.totals == (3, 3, 0)


def test_the_city_dump_has_no_type() -> None:
    city = game(2, landmark_types=True, city_dump=True)
    state = position(city, {"e4": "City Dump"}, {0: ["C1 e5"]})
    report = score(city, state)
    assert all(not bonus.winners for bonus in report.types)
    assert report.totals == (-1, 0)


# -- ZONE SCORING ---------------------------------------------------------------------------

LINE = ["H4", "C4", "R4", "I4", "U4", "P4", "H3", "C3", "R3", "I3"]


def line_zones(squares: list[str]) -> list[str]:
    return [f"{counter} {square}" for counter, square in zip(LINE, squares, strict=False)]


@pytest.mark.parametrize(
    ("squares", "lines"),
    [
        (["a2", "b2", "c2", "d2", "e2"], 1),
        (["a2", "b2", "c2", "d2"], 0),
        (["a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2"], 1),
        (["c1", "c2", "c3", "c4", "c5", "c6"], 1),
        (["a1", "b2", "c3", "d4", "e5"], 0),
        (["a2", "b2", "c2", "d2", "e2", "a3", "a4", "a5", "a6"], 2),
    ],
    ids=["five", "four", "eight", "column", "diagonal", "row-and-column"],
)
def test_zone_line_of_five_or_more(squares: list[str], lines: int) -> None:
    """ZONE SCORING: "Score 1 prestige point for making an orthogonal, unbroken line of Five or
    more Zones in a row." RULING: one point per maximal line; a zone may be in two lines."""
    city = game(2, zone_lines=True)
    state = position(city, {"h8": "Airport"}, {0: line_zones(squares)})
    report = score(city, state)
    assert report.line_points == (lines, 0)
    assert len(report.lines) == lines


def test_zone_line_broken_by_another_player_or_a_landmark() -> None:
    city = game(2, zone_lines=True)
    state = position(
        city,
        {"c2": "Airport"},
        {0: line_zones(["a2", "b2", "d2", "e2", "f2", "g2"]), 1: ["C1 b5"]},
    )
    assert score(city, state).line_points == (0, 0)
    state = position(
        city,
        {"h8": "Airport"},
        {0: line_zones(["a5", "c5", "d5", "e5", "f5"]), 1: ["C1 b5"]},
    )
    assert score(city, state).line_points == (0, 0)


def test_zone_line_length_option() -> None:
    city = game(2, zone_lines=True, line_length=3)
    state = position(city, {"h8": "Airport"}, {0: line_zones(["a2", "b2", "c2"])})
    report = score(city, state)
    assert report.lines[0].squares == ("a2", "b2", "c2")
    assert report.totals == (1, 0)


def test_two_lines_in_one_row_of_a_bigger_map() -> None:
    city = game(2, zone_lines=True, size=12)
    squares = ["a3", "b3", "c3", "d3", "e3", "g3", "h3", "i3", "j3", "k3"]
    state = position(city, {"l12": "Airport"}, {0: line_zones(squares)})
    assert score(city, state).line_points == (2, 0)


# -- CITY DUMP ------------------------------------------------------------------------------


def test_city_dump_is_worth_minus_one() -> None:
    """CITY DUMP: "It is worth -1 (negative one) Prestige Points." Its controller loses 1."""
    city = game(2, city_dump=True)
    state = position(city, {"e4": "City Dump", "a1": "Zoo"}, {0: ["C4 d4"], 1: ["R1 b1"]})
    report = score(city, state)
    assert control(report, "e4") == ((4, 0), (0,))
    assert report.totals == (-1, 2)


def test_city_dump_17_in_the_cup_16_placed() -> None:
    """RULING: with the dump, 17 landmarks are in the cup and 16 are drawn."""
    city = game(4, city_dump=True)
    assert len(city.tables.cup) == 17
    dumped = 0
    for seed in range(30):
        state = city.initial_state(SeededRng(seed))
        placed = [i for i in state.landmark_at if i >= 0]
        assert len(placed) == 16 and len(set(placed)) == 16
        dumped += 16 in placed
    assert 0 < dumped < 30
    # Scripted: every cup draw takes the last one left, so the dump is placed first, on a1.
    cup = [16 - k for k in range(16)]
    state = city.initial_state(ScriptedRng(setup_script(EVERY_ROW, cup, rolls=(8, 1, 2, 3))))
    a1 = city.tables.board.index("a1")
    assert a1 is not None and city.tables.cup[state.landmark_at[a1]].name == "City Dump"


# -- REDUCED ADJACENCY ----------------------------------------------------------------------


def test_reduced_adjacency_for_control() -> None:
    """REDUCED ADJACENCY: "Only squares that share a side are considered adjacent." The
    diagonal C4 d5 gives no access; the R1 e5 beside the Airport controls it."""
    city = game(2, reduced_adjacency=True)
    state = position(city, {"e4": "Airport"}, {0: ["C4 d5"], 1: ["R1 e5"]})
    assert control(score(city, state), "e4") == ((0, 1), (1,))
    full = game(2)
    state = position(full, {"e4": "Airport"}, {0: ["C4 d5"], 1: ["R1 e5"]})
    assert control(score(full, state), "e4") == ((4, 1), (0,))


def test_reduced_adjacency_for_the_same_type_ban() -> None:
    """RULING: the ban follows the adjacency in force: with it reduced, diagonals may match."""
    city = game(2, reduced_adjacency=True)
    state = position(city, {"a1": "Airport"}, {1: ["C1 e5"]}, to_move=0)
    legal = city.legal_actions(state, 0)
    assert Place(0, "C4", "f6") in legal
    assert Place(0, "C4", "f5") not in legal
    assert "sharing a side" in refuse(city, state, "C4 f5")


def test_reduced_adjacency_for_slums() -> None:
    """A slum lowers only the zones beside it: R3 e5 is diagonal to the slum d6 and keeps 3."""
    city = game(2, reduced_adjacency=True, slums=True)
    state = position(city, {"e4": "Airport"}, {0: ["S d6"], 1: ["R3 e5"]})
    assert control(score(city, state), "e4") == ((0, 3), (1,))


def test_reduced_adjacency_for_parks() -> None:
    city = game(2, reduced_adjacency=True, parks=True)
    state = position(city, {"a1": "Airport"}, {0: ["C4 c3"]})
    assert score(city, state).park_points == (4, 0)


# -- HEX MAP --------------------------------------------------------------------------------


def hex_neighbours(square: str, reduced: bool = False) -> set[str]:
    board = make_board(8, True, reduced)
    index = board.index(square)
    assert index is not None
    return {board.names[n] for n in board.neighbour_lists[index]}


def test_hex_map_has_six_neighbours_in_offset_rows() -> None:
    """Hex map: rows 2, 4, ... sit half a hexagon right; every hexagon has 6 neighbours."""
    assert hex_neighbours("d4") == {"c4", "e4", "d3", "e3", "d5", "e5"}
    assert hex_neighbours("d5") == {"c5", "e5", "c4", "d4", "c6", "d6"}
    assert hex_neighbours("a1") == {"b1", "a2"}
    assert hex_neighbours("a2") == {"b2", "a1", "b1", "a3", "b3"}
    board = make_board(8, True, False)
    for square, around in enumerate(board.neighbour_lists):
        assert len(around) <= 6
        for other in around:
            assert square in board.neighbour_lists[other]


def test_hex_reduced_adjacency_changes_nothing() -> None:
    """On hexagons every neighbour shares a side, so reduced adjacency has no effect."""
    assert make_board(8, True, True).neighbours == make_board(8, True, False).neighbours


def test_hex_control_and_ban() -> None:
    city = game(2, map="hex")
    state = position(city, {"d4": "Airport"}, {0: ["C4 e3", "R1 c3"], 1: ["H2 d5"]}, to_move=1)
    # c3 is not a neighbour of d4 on the hex map (d4's upper neighbours are d3 and e3).
    assert control(score(city, state), "d4") == ((4, 2), (0,))
    legal = city.legal_actions(state, 1)
    assert Place(1, "C1", "e2") not in legal  # next to C4 e3
    assert Place(1, "C1", "c2") in legal


@pytest.mark.parametrize(
    ("squares", "lines"),
    [
        (["a1", "b1", "c1", "d1", "e1"], 1),
        (["a1", "a2", "b3", "b4", "c5"], 1),
        (["e1", "d2", "d3", "c4", "c5"], 1),
        (["a1", "a2", "a3", "a4", "a5"], 0),
    ],
    ids=["row", "south-east", "south-west", "zigzag-column"],
)
def test_hex_zone_lines_run_along_three_axes(squares: list[str], lines: int) -> None:
    city = game(2, map="hex", zone_lines=True)
    state = position(city, {"h8": "Airport"}, {0: line_zones(squares)})
    assert score(city, state).line_points == (lines, 0)


def test_hex_render_offsets_rows() -> None:
    city = game(2, map="hex")
    state = city.initial_state(SeededRng(1))
    from tycoon.core.text import plain

    rows = plain(city.render_text(city.observe(state, 0))).splitlines()
    row1 = next(line for line in rows if line.startswith("  1 "))
    row2 = next(line for line in rows if line.startswith("  2 "))
    assert row2.startswith("  2   ") and not row1.startswith("  1   ")


# -- BIGGER MAP -----------------------------------------------------------------------------


@pytest.mark.parametrize(("size", "last", "top"), [(10, "j10", 7), (12, "l12", 10)])
def test_bigger_map(size: int, last: str, top: int) -> None:
    """ALTERNATE MAPS: "Play on a bigger map (requiring larger counter sets)": 2 landmarks a
    row, and access values that let two players' counters fill the board."""
    city = game(2, size=size)
    state = city.initial_state(SeededRng(3))
    assert sum(1 for i in state.landmark_at if i >= 0) == 2 * size
    assert city.tables.board.names[-1] == last
    assert max(city.tables.counter_access) == top
    assert 2 * city.tables.counters >= size * size - 2 * size
    assert city.parse_action(f"c{top} {last.upper()}", 0) == Place(0, f"C{top}", last)
    with pytest.raises(MalformedActionError, match="no counter"):
        city.parse_action(f"C{top + 1} a1", 0)
    legal = city.legal_actions(state, state.to_move)
    assert len(legal) == city.tables.counters * (size * size - 2 * size)


# -- REZONING -------------------------------------------------------------------------------


def test_rezoning_swaps_a_zone_for_one_from_the_cup() -> None:
    """REZONING: "as a move, you may replace one of your zones in Play with one from your cup."
    RULING: the replaced counter goes back to the cup."""
    city = game(2, rezoning=True)
    state = position(city, {"e4": "Airport"}, {0: ["C1 e5"], 1: ["R3 e3"]}, to_move=0)
    assert control(score(city, state), "e4") == ((1, 3), (1,))
    after = play(city, state, "rezone e5 C4")
    ids = city.tables.counter_ids
    assert after.supply[0] >> ids["C1"] & 1 and not after.supply[0] >> ids["C4"] & 1
    assert after.rezones_used == (1, 0)
    assert after.to_move == 1 and after.turn == state.turn + 1
    assert control(score(city, after), "e4") == ((4, 3), (0,))


def test_rezoning_into_another_type() -> None:
    city = game(2, rezoning=True)
    state = position(city, {"e4": "Airport"}, {0: ["C1 e5"], 1: ["R3 e3"]}, to_move=0)
    after = play(city, state, "rezone e5 H4")
    e5 = city.tables.board.index("e5")
    assert e5 is not None and after.zone_at[e5] == city.tables.counter_ids["H4"]
    # The Commercial zone is gone: Commercial may now go next to e5 again.
    assert Place(1, "C4", "f6") in city.legal_actions(after, 1)


def test_rezoning_three_times_per_game() -> None:
    """ "Three times per game": a fourth rezoning is refused."""
    city = game(2, rezoning=True)
    state = position(city, {"e4": "Airport"}, {0: ["C1 e5"]}, to_move=0, rezones_used=(3, 0))
    assert refuse(city, state, "rezone e5 C4") == "you have used all your rezonings (3 a game)"
    assert not any(isinstance(a, Rezone) for a in city.legal_actions(state, 0))


def test_rezonings_option() -> None:
    city = game(2, rezoning=True, rezonings=1)
    state = position(city, {"e4": "Airport"}, {0: ["C1 e5"], 1: ["R1 h8"]}, to_move=0)
    state = play(city, state, "rezone e5 C2")
    state = play(city, state, "R4 a1")
    assert refuse(city, state, "rezone e5 C3") == "you have used all your rezonings (1 a game)"


def test_rezoning_obeys_the_same_type_ban() -> None:
    city = game(2, rezoning=True)
    state = position(city, {"e4": "Airport"}, {0: ["C1 e5"], 1: ["R3 f6"]}, to_move=0)
    reason = refuse(city, state, "rezone e5 R4")
    assert "a Residential zone may not go next to another Residential zone (f6" in reason


def test_rezoning_only_your_own_zones() -> None:
    city = game(2, rezoning=True)
    state = position(city, {"e4": "Airport"}, {0: ["C1 e5"], 1: ["R3 f6"]}, to_move=0)
    assert "f6 is not one of your zones" in refuse(city, state, "rezone f6 C4")
    assert "d4 is not one of your zones" in refuse(city, state, "rezone d4 C4")


def test_rezoning_with_a_counter_in_play_is_refused() -> None:
    city = game(2, rezoning=True)
    state = position(city, {"e4": "Airport"}, {0: ["C1 e5", "C4 a8"]}, to_move=0)
    assert refuse(city, state, "rezone e5 C4") == "you have no C4 in your cup: it is on a8"


def test_no_rezoning_without_the_option() -> None:
    city = game(2)
    state = position(city, {"e4": "Airport"}, {0: ["C1 e5"]}, to_move=0)
    assert refuse(city, state, "rezone e5 C4").startswith("rezoning is not in play")


def test_a_seat_that_can_only_rezone_chooses_to_rezone_or_skip() -> None:
    """A seat that cannot place but can rezone is not skipped by the game: it is asked, and
    since rezoning is optional ("you may replace"), it may rezone or skip its turn."""
    city = game(3, rezoning=True)
    state = play(city, blocked_seat_position(city), "H4 a8")
    assert state.to_move == 1 and state.skips == (0, 0, 0)
    *rezonings, last = city.legal_actions(state, 1)
    assert rezonings and all(isinstance(a, Rezone) and a.counter == "C1" for a in rezonings)
    assert last == Skip(1)


def test_the_game_ends_when_no_one_can_place_even_with_rezonings_left() -> None:
    """CHOICE: the end is judged on placing ("no one is Able to place any more of their
    counters"); rezonings left do not keep the game going."""
    city = game(3, rezoning=True)
    state = play(city, blocked_seat_position(city), "H4 a8")
    state = play(city, state, "rezone a1 C1")  # seat 2 swaps its H4 for C1
    assert state.to_move == 2
    state = play(city, state, "R4 b8")
    assert state.is_over and state.end == "the board is full"


# -- RANDOM ZONE SELECTION ------------------------------------------------------------------


def test_random_zones_draw_two_at_the_start_of_a_turn() -> None:
    """RANDOM ZONE SELECTION: "draw 2 random counters and Use 1 and throw back the other".
    Pair 25 of the 276 pairs of a full cup, in order, is (H3, C4)."""
    city = game(2, random_zones=True)
    rng = ScriptedRng([*setup_script(EVERY_ROW, rolls=(8, 1)), 25])
    state = city.initial_state(rng)
    assert rng.exhausted
    names = city.tables.counter_names
    assert [names[c] for c in state.drawn] == ["H3", "C4"]
    legal = city.legal_actions(state, 0)
    assert {a.counter for a in legal} == {"H3", "C4"}
    assert "you drew H3 or C4 this turn" in refuse(city, state, f"R4 {legal[0].square}")


def test_random_zones_the_other_counter_goes_back() -> None:
    city = game(2, random_zones=True)
    state = position(city, {"a1": "Airport"}, to_move=0, drawn=("H3", "C4"))
    after = city.transition(state, Place(0, "H3", "e5"), ScriptedRng([0]))
    ids = city.tables.counter_ids
    assert after.supply[0] >> ids["C4"] & 1
    assert not after.supply[0] >> ids["H3"] & 1
    assert after.to_move == 1 and len(after.drawn) == 2


def test_random_zones_draw_again_when_neither_counter_fits() -> None:
    """CHOICE: a draw of two counters that both cannot be used is drawn again: every pair
    with a usable counter is equally likely (one recorded draw among those pairs)."""
    supply = 0b111  # counters 0, 1, 2; only counter 2 can be used
    assert draw_counters(supply, 0b100, ScriptedRng([0])) == (0, 2)
    assert draw_counters(supply, 0b100, ScriptedRng([1])) == (1, 2)
    seen = {draw_counters(supply, 0b100, SeededRng(seed)) for seed in range(50)}
    assert seen == {(0, 2), (1, 2)}


def test_random_zones_last_counter_is_drawn_alone() -> None:
    rng = ScriptedRng([])
    assert draw_counters(0b1000, 0b1000, rng) == (3,)


def test_random_zones_with_rezoning_use_a_drawn_counter() -> None:
    """CHOICE: with Random Zone Selection a rezoning puts one of the drawn counters in play."""
    city = game(2, random_zones=True, rezoning=True)
    state = position(city, {"e4": "Airport"}, {0: ["C1 e5"]}, to_move=0, drawn=("H3", "R4"))
    legal = city.legal_actions(state, 0)
    assert Rezone(0, "e5", "R4") in legal
    assert Rezone(0, "e5", "C4") not in legal
    assert "you drew H3 or R4" in refuse(city, state, "rezone e5 C4")


# -- ALTERNATE COUNTERSETS ------------------------------------------------------------------


def test_alternate_counter_set_plays_with_its_own_counters() -> None:
    """ALTERNATE COUNTERSETS: "Change the names and values of the landmarks and zones."."""
    city = game(2, counters="colony")
    assert city.tables.counters == 25
    assert city.tables.counter_names[:5] == ("H5", "H4", "H3", "H2", "H1")
    state = position(city, {"e4": "Spaceport"}, {0: ["H5 e5"], 1: ["G4 e3", "M2 d3"]})
    assert control(score(city, state), "e4") == ((5, 6), (1,))
    assert score(city, state).totals == (0, 5)
    medieval = game(2, counters="medieval", slums=True)
    assert medieval.tables.counter_names[-1] == "H"  # the Hovel is its slum
    assert medieval.parse_action("h c3", 0) == Place(0, "H", "c3")


def test_every_variant_together() -> None:
    """All variants combine: a seeded random game of each map plays to the end."""
    for options in (
        {"map": "square", "size": 10},
        {"map": "hex", "size": 8},
        {"map": "square", "size": 8, "reduced_adjacency": True},
    ):
        city = game(
            3,
            counters="medieval",
            parks=True,
            random_zones=True,
            rezoning=True,
            city_dump=True,
            slums=True,
            landmark_types=True,
            zone_lines=True,
            **options,
        )
        rng = SeededRng(5)
        state = city.initial_state(rng)
        turns = []
        while not state.is_over:
            turns.append(state.turn)
            legal = city.legal_actions(state, state.to_move)
            state = city.transition(state, legal[rng.below(len(legal))], rng)
        assert all(b == a + 1 for a, b in pairwise(turns))
        assert sum(state.rezones_used) > 0
        outcome = city.outcome(state)
        assert outcome is not None
