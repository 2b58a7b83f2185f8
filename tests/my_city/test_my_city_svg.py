"""My City's picture: drawn from a view, well-formed, every legal move pointing at it."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

import pytest
from svg_helpers import picture_of, targets, texts

from tycoon.core import AmountRange, Match, SeededRng, svg
from tycoon.games.my_city import Place, Rezone, Skip

from .support import game, position, random_move

SVG = "{http://www.w3.org/2000/svg}"


def words(element: ET.Element) -> list[str]:
    return texts(element)


CONFIGS: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (4, {}),
    (3, {"map": "hex", "size": 10}),
    (6, {"size": 10, "slums": True, "rezoning": True, "random-zones": True}),
    (5, {"reduced-adjacency": True, "city-dump": True, "parks": True, "rezoning": True}),
]


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_every_picture_parses_and_every_move_points_at_drawn_elements(
    players: int, options: dict[str, Any]
) -> None:
    city = game(players, **options)
    match = Match(city, 40 + players)
    rng = SeededRng(players)
    kinds_seen: set[str] = set()
    step = 0
    while not match.is_over():
        state = match.state
        seat = match.to_act()[0]
        legal = city.legal_actions(state, seat)
        if step % 6 == 0:
            for viewer in (*range(players), None):
                picture_of(city, city.observe(state, viewer))
            drawn = targets(picture_of(city, city.observe(state, seat)))
            for choice in legal:
                action = choice.action(choice.low) if isinstance(choice, AmountRange) else choice
                keys = city.move_targets(action)
                if isinstance(action, Skip):
                    assert keys == ()
                    continue
                kinds_seen.add(type(action).__name__)
                assert keys, f"{action} has nothing to point at"
                missing = [key for key in keys if key not in drawn]
                assert not missing, f"{city.format_action(action)}: {missing} not drawn"
        match.play(random_move(city, state, rng))
        step += 1
    for viewer in (*range(players), None):
        picture_of(city, city.observe(match.state, viewer))
    assert "Place" in kinds_seen
    if options.get("rezoning"):
        assert "Rezone" in kinds_seen


def test_a_placement_points_at_its_square_and_the_counter_in_the_cup() -> None:
    city = game(2, rezoning=True)
    state = position(city, {"e4": "Airport"}, {0: ["C4 d5"], 1: ["H3 f4"]})
    assert city.move_targets(Place(0, "C3", "e5")) == ("square:e5", "counter:1:C3")
    assert city.move_targets(Rezone(1, "f4", "R2")) == ("square:f4", "counter:2:R2")
    assert city.move_targets(Skip(0)) == ()
    drawn = targets(picture_of(city, city.observe(state, 0)))
    assert "counter:1:C4" not in drawn  # on the board, no longer in the cup
    assert "counter:1:C3" in drawn and "counter:2:H3" not in drawn


def test_a_zone_shows_its_owner_by_colour_and_number_and_a_landmark_its_controllers() -> None:
    city = game(2)
    state = position(city, {"e4": "Airport"}, {0: ["C4 d5"], 1: ["H3 f4", "I1 f5"]})
    drawn = targets(picture_of(city, city.observe(state, None)))
    zone = drawn["square:f4"]
    shape = zone.find(f"{SVG}rect")
    assert shape is not None and shape.get("fill") == svg.seat_colour(1)
    assert words(zone) == ["H3", "2"]
    # Seat 2 has 3 + 1 access to the airport against seat 1's 4: both control it, shown by number.
    airport = drawn["square:e4"]
    assert words(airport) == ["AP4", "1", "2"]
    assert "Airport" in (airport.findtext(f"{SVG}title") or "")
    empty = drawn["square:a1"]
    assert words(empty) == ["a1"]


def test_the_heading_names_the_seat_to_play_and_the_end() -> None:
    city = game(3)
    state = position(city, {"e4": "Airport"}, {0: ["C4 d5"]}, to_move=2)
    root = picture_of(city, city.observe(state, 2))
    assert "Move 2: Seat 3 to play (you)" in words(root)
    assert "Seat 3 (you)" in words(root)
    assert "to play · prestige 0" in words(root)
    spectator = picture_of(city, city.observe(state, None))
    assert not any("(you)" in line for line in words(spectator))
    match = Match(city, 7)
    rng = SeededRng(7)
    while not match.is_over():
        match.play(random_move(city, match.state, rng))
    final = words(picture_of(city, city.observe(match.state, 0)))
    assert any(line.startswith("Game over after") for line in final)
    totals = match.outcome()
    assert totals is not None
    assert f"final prestige {int(totals.scores[0])}" in " ".join(final)


def test_the_drawn_counters_are_outlined_with_random_zone_selection() -> None:
    city = game(2, **{"random-zones": True})
    state = position(city, {"e4": "Airport"}, drawn=("C4", "R2"))
    drawn = targets(picture_of(city, city.observe(state, 1)))
    for name in ("C4", "R2"):
        chip = drawn[f"counter:1:{name}"].find(f"{SVG}rect")
        assert chip is not None and chip.get("stroke-width") == "3"
    other = drawn["counter:1:C3"].find(f"{SVG}rect")
    assert other is not None and other.get("stroke-width") == "0.5"


def test_the_picture_is_a_function_of_the_view() -> None:
    """Nothing is hidden in My City: a state rebuilt from a seat's view draws the same picture
    for every seat, and the picture never depends on more than the view."""
    city = game(4)
    match = Match(city, 3)
    rng = SeededRng(3)
    for _ in range(20):
        match.play(random_move(city, match.state, rng))
    for viewer in (*range(4), None):
        view = city.observe(match.state, viewer)
        rebuilt = city.sample_state(view, SeededRng(1))
        assert city.render_svg(city.observe(rebuilt, viewer)) == city.render_svg(view)


def test_parks_show_who_controls_them_at_the_end() -> None:
    city = game(2, parks=True)
    match = Match(city, 11)
    rng = SeededRng(11)
    while not match.is_over():
        match.play(random_move(city, match.state, rng))
    report = match.state.report
    assert report is not None and report.parks, "a game that filled the board proves nothing"
    drawn = targets(picture_of(city, city.observe(match.state, None)))
    for park in report.parks:
        shown = words(drawn[f"square:{park.square}"])
        assert shown == ["park", *(str(seat + 1) for seat in park.controllers)]
