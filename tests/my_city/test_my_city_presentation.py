"""The faces' hooks: the board as text, the legal moves for a person, narration, the final
scoring explained, the JSON view, statistics."""

from __future__ import annotations

import json

from tycoon.core import SeededRng
from tycoon.core.text import plain
from tycoon.games.my_city import Place, Rezone, render

from .support import game, position, random_move, score


def test_board_shows_coordinates_landmarks_zones_and_cups() -> None:
    city = game(2)
    state = position(city, {"e4": "Airport"}, {0: ["C4 e5"], 1: ["R2 d4"]}, to_move=0)
    text = city.render_text(city.observe(state, 0))
    assert "[bold red]" in text and "[bold blue]" in text
    lines = plain(text).splitlines()
    assert lines[2].split() == ["a", "b", "c", "d", "e", "f", "g", "h"]
    row4 = lines[3 + 3].split()
    row5 = lines[3 + 4].split()
    assert row4[0] == "4" and row4[4] == "2R2" and row4[5] == "AP4"
    assert row5[0] == "5" and row5[5] == "1C4"
    body = plain(text)
    assert "e4 Airport (4, Transportation): 1:4 2:2 → Seat 1" in body
    assert "Seat 1 (red): to play, you, prestige now 4" in body
    assert "cup (23): H 4 3 2 1 · C 3 2 1 · R 4 3 2 1" in body


def test_board_of_a_finished_game_and_of_variants() -> None:
    city = game(3, rezoning=True, random_zones=True, slums=True)
    rng = SeededRng(2)
    state = city.initial_state(rng)
    text = plain(city.render_text(city.observe(state, None)))
    assert "rezonings left 3" in text and "drew" in text
    while not state.is_over:
        state = city.transition(state, random_move(city, state, rng), rng)
    text = plain(city.render_text(city.observe(state, None)))
    assert "Game over after" in text and "final prestige" in text


def test_legal_moves_are_grouped_for_a_person() -> None:
    city = game(2, rezoning=True)
    state = position(city, {"e4": "Airport"}, {0: ["C1 e5"], 1: ["R1 h8"]}, to_move=0)
    lines = city.describe_legal(city.observe(state, 0), city.legal_actions(state, 0))
    assert len(lines) < 15
    assert lines[0].startswith("Place a counter: <counter> <square>, e.g. ")
    assert any(
        line.strip().startswith("C4 C3 C2 (Commercial): any empty square except")
        and line.endswith("d4 f4 d5 f5 d6 e6 f6")
        for line in lines
    )
    assert any(line.startswith("Rezone one of your zones (3 of 3 left)") for line in lines)
    assert any(line.strip().startswith("e5 (now C1) → H4 H3") for line in lines)


def test_legal_moves_from_a_plain_list() -> None:
    city = game(2)
    state = position(city, {"e4": "Airport"}, to_move=0)
    lines = city.describe_legal(
        city.observe(state, 0), [Place(0, "C4", "a1"), Place(0, "C4", "b1")]
    )
    assert lines[1].strip() == "C4 (Commercial): a1 b1"
    assert city.describe_legal(city.observe(state, 1), []) == ["no legal move"]


def test_narration_tells_control_changes_and_draws() -> None:
    city = game(2, random_zones=True)
    state = position(city, {"e4": "Airport"}, {1: ["R2 d4"]}, to_move=0, drawn=("C4", "H1"))
    before = city.observe(state, 1)
    action = Place(0, "C4", "e5")
    after_state = city.transition(state, action, SeededRng(0))
    lines = [plain(line) for line in city.narrate(before, action, city.observe(after_state, 1))]
    assert "Seat 1 now controls Airport (e4) with 4 access." in lines
    assert any(line.startswith("Seat 2 draws ") for line in lines)


def test_narration_of_a_rezoning_and_a_tie() -> None:
    city = game(2, rezoning=True)
    state = position(city, {"e4": "Airport"}, {0: ["C1 e5"], 1: ["R2 d4"]}, to_move=0)
    action = Rezone(0, "e5", "C2")
    after = city.transition(state, action, SeededRng(0))
    lines = [plain(x) for x in city.narrate(city.observe(state, 0), action, city.observe(after, 0))]
    assert lines[0] == (
        "Seat 1 rezones e5: C1 goes back to the cup, C2 (Commercial) takes its place "
        "(2 rezonings left)."
    )
    assert "Seat 1 and Seat 2 now share Airport (e4) with 2 access each." in lines


def test_final_scoring_is_explained() -> None:
    city = game(2, parks=True, landmark_types=True, zone_lines=True)
    names = list(city.tables.board.names)
    landmarks = dict(zip(names[:16], [lm.name for lm in city.tables.cup], strict=True))
    order = names[16:]
    zones = {seat: [f"{c} {order.pop(0)}" for c in city.tables.counter_names] for seat in (0, 1)}
    state = position(city, landmarks, zones)
    assert state.is_over
    text = plain(city.explain_outcome(state))
    assert text.startswith("Game over: the board is full. The most prestige wins.")
    assert "a2 Fire Station (2, Services): 1:7 → Seat 1 +2" in text
    assert "Landmark types: +1 to each seat with the most controlled landmarks of a type." in text
    assert "Zone lines: +1 for each unbroken line of 5 or more of your zones." in text
    assert "Seat 1: a3 b3 c3 d3 e3 f3 g3 h3 +1" in text
    assert "Parks: each empty square is a park worth 1" in text and "no empty squares" in text
    report = state.report
    assert report is not None
    assert f"1st Seat 1: {report.totals[0]} = landmarks" in text
    assert city.explain_outcome(position(city, {"a1": "Zoo"})) == "the game is not over"


def test_parks_in_the_final_scoring() -> None:
    city = game(2, parks=True)
    state = position(city, {"a1": "Airport"}, {0: ["C4 c3"], 1: ["R2 d3"]})
    report = score(city, state)
    text = plain(render.explain_report(city.tables, report, "the board is full"))
    assert "c2 Park (1): 1:4 2:2 → Seat 1 +1" in text
    assert "h8 Park (1): no access → no one" in text
    assert "1st Seat 1: 7 = landmarks 0 + parks 7" in text


def test_json_view_is_readable() -> None:
    city = game(2, random_zones=True)
    state = position(city, {"e4": "Airport"}, {0: ["C4 e5"]}, to_move=1, drawn=("H1", "R2"))
    data = city.view_to_json(city.observe(state, 0))
    json.dumps(data)
    squares = {entry["square"]: entry for entry in data["squares"]}
    assert squares["e5"] == {"square": "e5", "zone": "C4", "owner": 0}
    assert squares["e4"]["landmark"] == {
        "name": "Airport",
        "code": "AP",
        "value": 4,
        "type": "Transportation",
    }
    assert data["drawn"] == ["H1", "R2"] and data["to_move"] == 1
    assert "C4" not in data["cups"][0] and len(data["cups"][1]) == 24


def test_statistics_of_a_finished_game() -> None:
    city = game(4)
    rng = SeededRng(8)
    state = city.initial_state(rng)
    while not state.is_over:
        state = city.transition(state, random_move(city, state, rng), rng)
    stats = city.statistics(state)
    assert stats["moves"] == state.turn
    assert stats["controlled_landmarks"] <= 16
    assert stats["winning_score"] >= stats["winning_margin"] >= 0
