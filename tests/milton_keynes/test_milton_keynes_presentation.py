"""How the game looks: the map, the legal moves, narration, the final scoring, roles, figures."""

from __future__ import annotations

import re

from tycoon.core import SeededRng, sample_choice
from tycoon.core.text import plain
from tycoon.games.milton_keynes import board as bd
from tycoon.games.milton_keynes.state import Phase

from .helpers import city, make_state, new_game, play, player


def test_map_shows_river_marsh_buildings_by_owner_and_type_and_income() -> None:
    game = new_game(4, characters="scarlet,blue,green,gray")
    specs = ((0, "CHAV", "G7"), (1, "NATURE", "A3 B3 C3"), (2, "COMMONS", "D6"))
    state = make_state(game, Phase.TRADE, city_map=city(game, *specs), characters=(0, 4, 5, 2))
    text = game.render_text(game.observe(state, 0))
    flat = plain(text)
    lines = flat.splitlines()
    row_g = next(line for line in lines if line.startswith(" G "))
    assert "mmm" in row_g and "~~~" in row_g and "E:1" in row_g
    assert "N:2" in flat and "C:3" in flat
    assert "#1 E:1 CHAV ESTATE of Seat 1 (Scarlet): G7 — income 2" in flat
    assert "#2 N:2 NATURE RESERVE of Seat 2 (Cpt. Blue)" in flat
    assert "###" in flat  # E9
    assert "[bold red]" in text and "[bold blue]" in text  # owners' colours
    assert "cash hidden" in flat and "Your hand" in flat
    assert len(lines[1].split()) == 9  # the column numbers


def test_map_of_a_four_player_game_leaves_row_i_blank() -> None:
    game = new_game(4)
    flat = plain(game.render_text(game.observe(game.initial_state(SeededRng(1)), None)))
    row_i = next(line for line in flat.splitlines() if line.startswith(" I "))
    assert row_i.strip() == "I"
    # ... and the legend says why the squares are blank; with five players none is.
    assert "blank squares: off the 4-player map" in flat
    five = new_game(5)
    assert "blank squares" not in plain(
        five.render_text(five.observe(five.initial_state(SeededRng(1)), None))
    )


def test_describe_legal_groups_offers_bids_and_commissions() -> None:
    game = new_game(2)
    players = [player(deeds="A1 A2 B1", hand="LOBBY DUMP", cash=8), player(cash=5)]
    state = make_state(game, Phase.TRADE, players=players, queue=(0, 1), offers_left=(3, 3))
    lines = game.describe_legal(game.observe(state, 0), game.legal_actions(state, 0))
    assert lines[0].startswith("pass")
    assert any(line.startswith("offer <seat>") for line in lines)
    build = game.rules.start_build(state, SeededRng(0), [])
    lines = game.describe_legal(game.observe(build, 0), game.legal_actions(build, 0))
    assert lines[0].startswith("seal")
    assert any("build DUMP" in line for line in lines)
    bids = game.rules.start_permits(
        make_state(game, Phase.PURCHASE, players=players, permit_deck="COMMONS EXTENSION"),
        SeededRng(0),
        [],
    )
    lines = game.describe_legal(game.observe(bids, 0), game.legal_actions(bids, 0))
    assert lines == [
        "bid <left> <right>: left 0..8 for COMMONS (shared with Seat 2); right 0..8 for "
        "EXTENSION (shared with Seat 2); together at most 8"
    ]


def test_narration_announces_phases_reveals_and_payments() -> None:
    game = new_game(2)
    players = [player(cash=10), player(cash=10)]
    state = make_state(game, Phase.AFTER_COLLECTION, players=players, deck="A1 A3 C1", year=2)
    state = game.rules.start_sale(state, 0, SeededRng(0), [])
    before = game.observe(state, 1)
    state = play(game, state, (0, "bribe 3"))
    after = game.observe(state, 1)
    action = game.parse_action("bribe 3", 0)
    assert game.describe_action(action, 1) == "has sealed a bribe"
    assert game.describe_action(action, 0) == "bribe 3"
    assert game.narrate(before, action, after) == []
    state = play(game, state, (1, "bribe 1"))
    lines = game.narrate(after, game.parse_action("bribe 1", 1), game.observe(state, 1))
    assert any("Bribes revealed: Seat 1 3, Seat 2 1" in line for line in lines)


def test_year_phases_are_announced() -> None:
    game = new_game(3)
    rng = SeededRng(3)
    state = game.initial_state(rng)
    seen: list[str] = []
    while state.year < 3 and game.to_act(state):
        seat = game.to_act(state)[0]
        state = game.transition(state, sample_choice(game.legal_actions(state, seat), rng), rng)
        seen.extend(state.log)
    text = "\n".join(seen)
    for words in (
        "Year 2 begins",
        "Cash collected",
        "Spring sale",
        "Autumn sale",
        "Trading:",
        "Building:",
        "Income rail:",
    ):
        assert words in text


def test_explain_outcome_lists_every_building_and_its_walls() -> None:
    game = new_game(2)
    specs = ((0, "CHAV", "G7"), (1, "CHAV", "C6 C7"))
    state = make_state(
        game, Phase.OVER, city_map=city(game, *specs), ended="the deed deck is empty"
    )
    text = plain(game.explain_outcome(state))
    assert "1. Seat 1: 2 income blocks" in text
    assert "G7|F7 river: 1" in text
    assert "C6|C7 internal: 1" in text


def test_seat_roles_are_the_characters_and_statistics_are_figures() -> None:
    game = new_game(3, characters="green,blue,scarlet")
    state = game.initial_state(SeededRng(1))
    assert game.seat_roles(state) == ("Dr. Green", "Cpt. Blue", "Scarlet")
    figures = game.statistics(state)
    assert figures["years"] == 1.0 and "trades" in figures and "lots_bought" in figures


def test_developer_lines_count_cards_in_good_english() -> None:
    """The board names one card in the singular: "1 deed, 1 permit"."""
    game = new_game(2)
    state = make_state(
        game, Phase.PURCHASE, players=[player(deeds="A1", hand="LOBBY"), player(deeds="A2 A3")]
    )
    text = game.render_text(game.observe(state, 0))
    assert "1 deed, 1 permit" in text and "2 deeds, 0 permits" in text


def map_cells(flat: str) -> dict[str, str]:
    """Plot label -> what its cell shows, read from a plain map."""
    cells = {}
    for line in flat.splitlines():
        if len(line) > 4 and line[1] in bd.ROWS and line[2:4] == "  ":
            for column in range(bd.COLUMNS):
                start = 4 + column * 4
                cells[f"{line[1]}{column + 1}"] = line[start : start + 3].strip()
    return cells


def test_buildings_own_deeds_and_plots_cannot_be_confused_without_colour() -> None:
    """Issue 9, item 16: DUMP #6 showed as `D6` and AIR BASE #1 as `B1` next to the deed `B1`;
    in --plain the legend's `+ your deeds` matched nothing. Buildings now show their kind and
    owner (`D:2`), the viewer's deeds a `+` (`+B1`), and no cell has a plot label's shape."""
    game = new_game(4)
    chav = tuple((0, "CHAV", f"H{c}") for c in range(1, 6))
    specs = (*chav, (1, "DUMP", "D6"), (2, "AIR", "A1"))
    players = [player(deeds="B1 C6"), player(), player(), player()]
    state = make_state(game, Phase.TRADE, players=players, city_map=city(game, *specs))
    flat = plain(game.render_text(game.observe(state, 0)))
    cells = map_cells(flat)
    assert cells["D6"] == "D:2" and cells["A1"] == "B:3" and cells["H1"] == "E:1"
    assert cells["B1"] == "+B1" and cells["C6"] == "+C6" and cells["B2"] == "·"
    assert not [text for text in cells.values() if re.fullmatch("[A-I][1-9]", text)]
    assert "+B1 your deed" in flat  # the legend shows the mark as the map does
    assert "D:1 a building, its kind and owner (here a DUMP of Seat 1)" in flat
    assert "#6 D:2 DUMP of Seat 2: D6" in flat
    spectator = plain(game.render_text(game.observe(state, None)))
    assert "your deed" not in spectator and "+B1" not in spectator
    assert map_cells(spectator)["B1"] == "·"


def test_chav_estate_permits_are_named_where_they_are_played() -> None:
    """Issue 9, item 16: INQUIRY, LOBBY, DEMOLISH and REDEVELOP are CHAV ESTATE cards: the hand,
    the moves offered and the narration say so."""
    game = new_game(2)
    players = [
        player(deeds="G7", hand="INQUIRY DEMOLISH REDEVELOP LOBBY", cash=20),
        player(hand="LOBBY"),
    ]
    built = city(game, (1, "CHAV", "C6 C7"), (0, "CHAV", "A1"))
    state = make_state(game, Phase.BEFORE_COLLECTION, players=players, city_map=built, queue=(0, 1))
    view = game.observe(state, 0)
    flat = plain(game.render_text(view))
    assert "permits 4 CHAV ESTATEs (INQUIRY, LOBBY, DEMOLISH, REDEVELOP)" in flat
    moves = game.describe_legal(view, game.legal_actions(state, 0))
    assert "inquiry  (play a CHAV ESTATE for its INQUIRY: +5 on the income rail this year)" in moves
    assert "demolish C6  (play a CHAV ESTATE for its DEMOLISH)" in moves
    state = play(game, state, (0, "inquiry"), (0, "demolish C6"))
    assert any(line.startswith("Seat 1 plays a CHAV ESTATE for its DEMOLISH") for line in state.log)
    built_state = game.rules.start_build(
        make_state(game, Phase.TRADE, players=players, city_map=built), SeededRng(0), []
    )
    moves = game.describe_legal(game.observe(built_state, 0), game.legal_actions(built_state, 0))
    assert "build INQUIRY G7  (a CHAV ESTATE, spending its INQUIRY card)" in moves
    built_state = play(game, built_state, (0, "build INQUIRY G7"))
    pouch = plain(game.render_text(game.observe(built_state, 0)))
    assert "Your pouch: CHAV ESTATE (INQUIRY) G7" in pouch
