"""VARIANTS in combination, and the rules the other files left untested: hand-built positions,
hand-computed scores, chance scripted."""

from __future__ import annotations

from tycoon.core import ScriptedRng, SeededRng
from tycoon.core.players import make_bot
from tycoon.core.text import plain
from tycoon.games.my_city import Place, Rezone, Skip
from tycoon.games.my_city.rules import END_BLOCKED

from .support import (
    blocked_seat_position,
    control,
    every_counter_but,
    fill,
    game,
    play,
    position,
    refuse,
    score,
)

# -- END OF GAME ----------------------------------------------------------------------------


def test_parks_are_the_empty_squares_of_a_blocked_game() -> None:
    """PARKS RULE: "Any empty spaces at the end of the game automatically become parks", also
    when the game ends because "no one is Able to place any more of their counters".
    a8 touches seat 1's C4 a7 (4) and seat 2's R1 b7 (1); b8 also seat 2's I4 c7 and U2 c8
    (1 + 4 + 2 = 7)."""
    city = game(2, parks=True)
    names = list(city.tables.board.names)
    landmark_squares = ["g1", "g2", "h2", *[n for n in names if n[1] in "34"][:13]]
    landmarks = dict(zip(landmark_squares, [lm.name for lm in city.tables.cup], strict=True))
    order = [n for n in names if n not in {"a8", "b8", "h1", "a7"} and n not in landmarks]
    seat0 = ["C4 a7", *fill(order, every_counter_but(city, "C4", "C3", "C2"))]
    seat1 = fill(order, every_counter_but(city, "C1"))
    state = position(city, landmarks, {0: seat0, 1: seat1}, to_move=0)
    after = play(city, state, "C3 h1")
    assert after.is_over and after.end == END_BLOCKED
    report = after.report
    assert report is not None
    assert [park.square for park in report.parks] == ["a8", "b8"]
    assert control(report, "a8") == ((4, 1), (0,))
    assert control(report, "b8") == ((4, 7), (1,))
    assert report.park_points == (1, 1)
    outcome = city.outcome(after)
    assert outcome is not None
    assert outcome.scores == (report.landmark_points[0] + 1.0, report.landmark_points[1] + 1.0)


def test_a_rezoning_can_leave_no_one_able_to_place() -> None:
    """ "The game ends when ... no one is Able to place any more of their counters": judged after
    every move, a rezoning included. h1 is the only empty square, seat 1 holds only C2 (which
    fits there) and seat 2 nothing; seat 1 rezones its R3 g1 into the C2, next to h1, and the R3
    back in its cup cannot go on h1 either (seat 2's R2 h2 is next to it)."""
    city = game(2, rezoning=True)
    names = list(city.tables.board.names)
    # f1, f2 and g2 hold landmarks, so nothing else is next to g1 or h1.
    landmark_squares = ["f1", "f2", "g2", *[n for n in names if n[1] in "34"][:13]]
    landmarks = dict(zip(landmark_squares, [lm.name for lm in city.tables.cup], strict=True))
    order = [n for n in names if n not in {"h1", "g1", "h2"} and n not in landmarks]
    seat0 = ["R3 g1", *fill(order, every_counter_but(city, "R3", "C2"))]
    seat1 = ["R2 h2", *fill(order, every_counter_but(city, "R2"))]
    assert order == []
    state = position(city, landmarks, {0: seat0, 1: seat1}, to_move=0)
    assert not state.is_over
    assert Place(0, "C2", "h1") in city.legal_actions(state, 0)
    after = play(city, state, "rezone g1 C2")
    assert after.is_over and after.end == END_BLOCKED
    assert after.supply == (1 << city.tables.counter_ids["R3"], 0)


# -- RANDOM ZONE SELECTION ------------------------------------------------------------------


def test_random_zones_skip_only_a_seat_whose_whole_cup_cannot_be_used() -> None:
    """ "If there are empty spaces, but you are unable to place a counter, skip your turn." with
    RANDOM ZONE SELECTION: seat 2 holds only C1, which fits nowhere, and is skipped; seat 3
    holds R4-R1 and I4-I2, and only the Industrial counters fit on b8 (next to seat 2's R3 c7),
    so it is not skipped and its draw is one of the 15 pairs holding an Industrial counter
    (drawing again while neither counter could be used)."""
    city = game(3, random_zones=True)
    special = {"a8", "b8", "a7", "b7", "c7", "c8"}
    order = [n for n in city.tables.board.names if n not in special]
    seat1 = [
        "P4 b7",
        "R3 c7",
        "P2 c8",
        *fill(order, every_counter_but(city, "C1", "P4", "R3", "P2")),
    ]
    seat0 = ["C4 a7", *fill(order, every_counter_but(city, "C4", "H4", "H3"))]
    seat2 = fill(order, every_counter_but(city, "R4", "R3", "R2", "R1", "I4", "I3", "I2"))
    assert order == []
    state = position(city, {}, {0: seat0, 1: seat1, 2: seat2}, to_move=0, drawn=("H4", "H3"))
    names = city.tables.counter_names
    # The pairs in counter order: (R4, I4) ... (R1, I2), then (I4, I3), (I4, I2), (I3, I2).
    after = city.transition(state, Place(0, "H4", "a8"), ScriptedRng([14]))
    assert after.to_move == 2 and after.skips == (0, 1, 0)
    assert [names[c] for c in after.drawn] == ["I3", "I2"]
    after = city.transition(state, Place(0, "H4", "a8"), ScriptedRng([0]))
    assert [names[c] for c in after.drawn] == ["R4", "I4"]
    assert {a.counter for a in city.legal_actions(after, 2)} == {"I4"}
    seen = set()
    for seed in range(40):
        drawn = city.transition(state, Place(0, "H4", "a8"), SeededRng(seed)).drawn
        assert any(names[c].startswith("I") for c in drawn)
        seen.add(drawn)
    assert len(seen) > 5


# -- PARKS RULE with other variants ---------------------------------------------------------


def test_parks_with_slums() -> None:
    """PARKS RULE and SLUMS: a park is controlled like a landmark, so the slum's -1 and its
    lowering count there too. Park e4: seat 1's slum d4 (-1), seat 2's R3 e5 next to the slum
    (3 - 1 = 2). Park c3 touches only the slum: -1, no controller."""
    city = game(2, parks=True, slums=True)
    state = position(city, {"h8": "Airport"}, {0: ["S d4"], 1: ["R3 e5"]})
    report = score(city, state)
    assert control(report, "e4") == ((-1, 2), (1,))
    assert control(report, "c3") == ((-1, 0), ())


def test_parks_by_zones_count_a_slum_as_a_zone() -> None:
    """CHOICE (park-control zones): the slum is one of its owner's zones: park c3 touches only
    seat 1's slum, so seat 1 controls it; park e4 touches one zone of each seat and is shared."""
    city = game(2, parks=True, slums=True, park_control="zones")
    state = position(city, {"h8": "Airport"}, {0: ["S d4"], 1: ["R3 e5"]})
    report = score(city, state)
    assert control(report, "c3") == ((1, 0), (0,))
    assert control(report, "e4") == ((1, 1), (0, 1))


def test_parks_have_no_landmark_type() -> None:
    """CHOICE: parks count for no landmark type. Seat 1's R4 e5 takes the 8 parks around it, seat
    2's C1 b1 the Zoo (2) and the parks c1 a2 b2 c2 (4); only seat 2 controls a Recreation
    landmark, and parks give no type bonus."""
    city = game(2, parks=True, landmark_types=True)
    state = position(city, {"a1": "Zoo"}, {0: ["R4 e5"], 1: ["C1 b1"]})
    report = score(city, state)
    assert report.park_points == (8, 4)
    assert [(b.kind, b.winners) for b in report.types if b.winners] == [("Recreation", (1,))]
    assert report.type_points == (0, 1)
    assert report.totals == (8, 7)


def test_parks_on_the_hex_map() -> None:
    """PARKS RULE on the hex map: a lone zone touches the 6 hexagons around it."""
    city = game(2, parks=True, map="hex")
    state = position(city, {"h8": "Airport"}, {0: ["C4 d4"]})
    report = score(city, state)
    assert report.park_points == (6, 0)
    owned = sorted(park.square for park in report.parks if park.controllers)
    assert owned == ["c4", "d3", "d5", "e3", "e4", "e5"]


# -- SLUMS with other variants --------------------------------------------------------------


def test_slum_on_the_hex_map_lowers_its_six_neighbours_only() -> None:
    """SLUMS on the hex map: "All Zone counters adjacent to the Slum are worth -1", adjacent
    being the 6 hexagons around it. Around the Airport d5: seat 1 has its slum d4 (-1) and C4 c6
    (4, not next to d4) = 3; seat 2 has R3 e5 (next to d4: 2) and H3 c5 (3: on the square map it
    would touch d4 diagonally, not on hexagons) = 5. On the square map the same position gives
    seat 2 only 4 (both its zones lowered) and seat 1 still 3."""
    zones = {0: ["S d4", "C4 c6"], 1: ["R3 e5", "H3 c5"]}
    hex_city = game(2, slums=True, map="hex")
    assert control(score(hex_city, position(hex_city, {"d5": "Airport"}, zones)), "d5") == (
        (3, 5),
        (1,),
    )
    square_city = game(2, slums=True)
    state = position(square_city, {"d5": "Airport"}, zones)
    assert control(score(square_city, state), "d5") == ((3, 4), (1,))


def test_a_slum_counts_in_a_zone_line() -> None:
    """CHOICE (ZONE SCORING and SLUMS): the slum is one of your zones, so it does not break your
    line: H4 C4 S I4 U4 along row 2 is a line of five."""
    city = game(2, zone_lines=True, slums=True)
    state = position(city, {"h8": "Airport"}, {0: ["H4 a2", "C4 b2", "S c2", "I4 d2", "U4 e2"]})
    report = score(city, state)
    assert report.line_points == (1, 0)
    assert report.lines[0].squares == ("a2", "b2", "c2", "d2", "e2")


# -- ZONE SCORING ---------------------------------------------------------------------------


def test_zone_line_broken_by_an_empty_square() -> None:
    """ZONE SCORING: "an orthogonal, unbroken line": the gap d2 leaves lines of 3 and 4, and it
    still breaks the line once it becomes a park at the end."""
    zones = {0: ["H4 a2", "C4 b2", "R4 c2", "I4 e2", "U4 f2", "P4 g2", "H3 h2"]}
    for options in ({}, {"parks": True}):
        city = game(2, zone_lines=True, **options)
        state = position(city, {"h8": "Airport"}, zones)
        assert score(city, state).line_points == (0, 0)
    city = game(2, zone_lines=True)
    state = position(city, {"h8": "Airport"}, {0: [*zones[0], "C3 d2"]})
    assert score(city, state).line_points == (1, 0)


def test_zone_lines_stay_orthogonal_with_reduced_adjacency() -> None:
    """REDUCED ADJACENCY changes what is adjacent, not what a line is: a column of five scores,
    a diagonal of five does not."""
    city = game(2, zone_lines=True, reduced_adjacency=True)
    column = ["H4 c1", "C4 c2", "R4 c3", "I4 c4", "U4 c5"]
    diagonal = ["H3 d1", "C3 e2", "R3 f3", "I3 g4", "U3 h5"]
    state = position(city, {"h8": "Airport"}, {0: column, 1: diagonal})
    assert score(city, state).line_points == (1, 0)


# -- CITY DUMP ------------------------------------------------------------------------------


def test_city_dump_shared_controllers_each_lose_one() -> None:
    """CITY DUMP (-1) with the tie rule: "If tied, all controllers get the points": each of the
    tied controllers loses 1."""
    city = game(3, city_dump=True)
    state = position(city, {"e4": "City Dump"}, {0: ["C2 d4"], 1: ["R2 f4"], 2: ["H1 e5"]})
    report = score(city, state)
    assert control(report, "e4") == ((2, 2, 1), (0, 1))
    assert report.totals == (-1, -1, 0)


def test_city_dump_on_a_bigger_map() -> None:
    """RULING (CITY DUMP with a bigger map): the dump joins the 2N landmarks in the cup and 2N
    are drawn, two a row: 21 in the cup and 20 placed on the 10 x 10 map."""
    city = game(2, city_dump=True, size=10)
    assert len(city.tables.cup) == 21 and city.tables.cup[-1].name == "City Dump"
    for seed in range(10):
        state = city.initial_state(SeededRng(seed))
        placed = [i for i in state.landmark_at if i >= 0]
        assert len(placed) == 20 == len(set(placed))


# -- REZONING -------------------------------------------------------------------------------


def test_rezoning_a_slum_out_and_back_in() -> None:
    """CHOICE (REZONING and SLUMS): a slum may be rezoned out (it goes back to the cup and stops
    lowering its neighbours) and in again, obeying the same-type ban like any zone."""
    city = game(2, rezoning=True, slums=True)
    state = position(
        city,
        {"e4": "Airport"},
        {0: ["S d4", "C1 a8", "C2 e1"], 1: ["R3 e5", "S f2"]},
        to_move=0,
    )
    assert control(score(city, state), "e4") == ((-1, 2), (1,))
    state = play(city, state, "rezone d4 C4")
    assert state.supply[0] >> city.tables.counter_ids["S"] & 1
    assert control(score(city, state), "e4") == ((4, 3), (0,))
    state = play(city, state, "H1 h8")
    reason = refuse(city, state, "rezone e1 S")
    assert "a Slum zone may not go next to another Slum zone (f2" in reason
    assert Rezone(0, "a8", "S") in city.legal_actions(state, 0)
    state = play(city, state, "rezone a8 S")
    assert state.rezones_used == (2, 0)


def test_a_rezoned_counter_can_be_placed_again() -> None:
    """DERIVED (REZONING, "swap"): the replaced counter is back in your cup and may be placed on
    a later turn."""
    city = game(2, rezoning=True)
    state = position(city, {"e4": "Airport"}, {0: ["C1 e5"], 1: ["R3 e3"]}, to_move=0)
    state = play(city, state, "rezone e5 C4")
    state = play(city, state, "H1 h8")
    assert Place(0, "C1", "a8") in city.legal_actions(state, 0)
    state = play(city, state, "C1 a8")
    assert not state.supply[0] >> city.tables.counter_ids["C1"] & 1


def test_a_seat_that_cannot_place_may_skip_instead_of_rezoning() -> None:
    """ "If there are empty spaces, but you are unable to place a counter, skip your turn." and
    REZONING: "as a move, you *may* replace one of your zones": rezoning is optional, so a seat
    that cannot place is offered to skip even though it could rezone. Seat 2 holds only C1, and
    the only empty square, b8, is next to seat 1's C4 a7."""
    city = game(3, rezoning=True)
    state = play(city, blocked_seat_position(city), "H4 a8")
    assert state.to_move == 1 and state.skips == (0, 0, 0)
    legal = city.legal_actions(state, 1)
    assert not any(isinstance(action, Place) for action in legal)
    assert any(isinstance(action, Rezone) for action in legal)
    assert Skip(1) in legal and list(legal)[-1] == Skip(1)
    after = play(city, state, "skip")
    assert after.to_move == 2 and after.skips == (0, 1, 0) and after.turn == state.turn + 1
    assert (after.zone_at, after.supply, after.rezones_used) == (
        state.zone_at,
        state.supply,
        state.rezones_used,
    )
    lines = [
        plain(x)
        for x in city.narrate(city.observe(state, None), Skip(1), city.observe(after, None))
    ]
    assert lines == ["Seat 2 cannot place a counter and skips its turn."]
    assert any(
        "skip your turn with skip" in line
        for line in city.describe_legal(city.observe(state, 1), legal)
    )
    final = play(city, after, "R4 b8")
    assert final.is_over


def test_a_seat_that_can_place_may_not_skip() -> None:
    """Skipping is for a seat "unable to place a counter": one that can place must place (or
    rezone), and is told so; without rezoning no skip is ever offered (a seat with no move at
    all is skipped by the game)."""
    city = game(3, rezoning=True)
    state = blocked_seat_position(city)
    assert Skip(0) not in city.legal_actions(state, 0)
    reason = refuse(city, state, "skip")
    assert "you can place a counter" in reason and "only when you cannot place" in reason
    plain = game(3)
    assert Skip(1) not in plain.legal_actions(play(plain, blocked_seat_position(plain), "H4 a8"), 1)
    assert city.parse_action("pass", 1) == Skip(1) and city.format_action(Skip(1)) == "skip"


def test_greedy_skips_rather_than_rezone_for_nothing() -> None:
    """The greedy bot, unable to place, rezones only when that gains it margin or contest: here
    no rezoning changes any landmark (there are none), so it skips."""
    city = game(3, rezoning=True)
    state = play(city, blocked_seat_position(city), "H4 a8")
    bot = make_bot("greedy", city, 1, SeededRng(3))
    assert bot.choose(city.observe(state, 1), city.legal_actions(state, 1)) == Skip(1)
