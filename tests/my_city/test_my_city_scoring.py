"""END OF GAME SCORING: the most adjacent access controls a landmark; tied leaders all score."""

from __future__ import annotations

from tycoon.core import Outcome

from .support import control, game, position, score


def test_most_access_controls_a_landmark() -> None:
    """ "A landmark is controlled by the player with the most Access points adjacent to it."
    Seat 1: C4 (diagonal) + R1 (side) = 5; seat 2: H3 + I1 = 4."""
    city = game(2)
    state = position(city, {"e4": "Airport"}, {0: ["C4 d5", "R1 e3"], 1: ["H3 f4", "I1 f5"]})
    report = score(city, state)
    assert control(report, "e4") == ((5, 4), (0,))
    assert report.totals == (4, 0)


def test_tie_example_jane_and_jim_both_score_the_airport() -> None:
    """ "Players may tie for control of a landmark ... If Jane and Jim both Control the Airport,
    they both get 4 points"."""
    city = game(2)
    state = position(city, {"e4": "Airport"}, {0: ["C4 d5"], 1: ["H3 f4", "I1 f5"]})
    report = score(city, state)
    assert control(report, "e4") == ((4, 4), (0, 1))
    assert report.totals == (4, 4)
    assert Outcome.ranks_from(report.totals) == (1, 1)


def test_no_access_no_controller() -> None:
    """RULING: a landmark nobody has access to has no controller."""
    city = game(3)
    state = position(city, {"e4": "Airport", "a8": "Zoo"}, {0: ["C4 a1"]})
    report = score(city, state)
    assert control(report, "e4") == ((0, 0, 0), ())
    assert control(report, "a8") == ((0, 0, 0), ())
    assert report.totals == (0, 0, 0)


def test_a_zone_two_squares_away_is_not_adjacent() -> None:
    """ADJACENCY RULE: only squares sharing a side or a point are adjacent."""
    city = game(2)
    state = position(city, {"e4": "Airport"}, {0: ["C4 g4"], 1: ["R1 e2"]})
    assert control(score(city, state), "e4") == ((0, 0), ())


def test_one_zone_counts_for_every_adjacent_landmark() -> None:
    """Access counts towards each landmark the zone is adjacent to: 4 (Airport) + 3 (City Hall)."""
    city = game(2)
    state = position(city, {"e4": "Airport", "e6": "City Hall"}, {0: ["C2 e5"], 1: ["R1 a1"]})
    report = score(city, state)
    assert control(report, "e4") == ((2, 0), (0,))
    assert control(report, "e6") == ((2, 0), (0,))
    assert report.totals == (7, 0)


def test_highest_score_wins() -> None:
    """ "Each player adds up all their Prestige Points. The highest score wins.":
    seat 1 takes the Airport and the Zoo (6), seat 2 the City Hall (3), seat 3 nothing."""
    city = game(3)
    state = position(
        city,
        {"b2": "Airport", "b7": "Zoo", "g2": "City Hall"},
        {0: ["C4 a1", "R1 a7"], 1: ["C3 h1"], 2: ["H1 d4"]},
    )
    report = score(city, state)
    assert report.totals == (6, 3, 0)
    assert Outcome.ranks_from(report.totals) == (1, 2, 3)


def test_outcome_carries_the_score_report() -> None:
    city = game(2)
    names = list(city.tables.board.names)
    landmarks = dict(zip(names[:16], [lm.name for lm in city.tables.cup], strict=True))
    order = names[16:]
    zones = {0: [f"{c} {order.pop(0)}" for c in city.tables.counter_names]}
    zones[1] = [f"{c} {order.pop(0)}" for c in city.tables.counter_names]
    state = position(city, landmarks, zones)
    assert state.is_over
    outcome = city.outcome(state)
    assert outcome is not None
    assert outcome.scores == tuple(float(t) for t in score(city, state).totals)
    details = outcome.details
    assert len(details["landmarks"]) == 16
    first = details["landmarks"][0]
    assert set(first) == {"square", "name", "value", "kind", "access", "controllers"}
    assert details["totals"] == list(score(city, state).totals)
    text = city.explain_outcome(state)
    for landmark in city.tables.cup:
        assert landmark.name in text
    assert "Totals" in text
