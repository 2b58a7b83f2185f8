"""How the game looks: the map, the legal moves, narration, the final scoring, roles, figures."""

from __future__ import annotations

from tycoon.core import SeededRng, sample_choice
from tycoon.core.text import plain
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
    assert "mmm" in row_g and "~~~" in row_g and "E1" in row_g
    assert "N2" in flat and "C3" in flat
    assert "#1 CHAV ESTATE of Seat 1 (Scarlet): G7 — income 2" in flat
    assert "#2 NATURE RESERVE of Seat 2 (Cpt. Blue)" in flat
    assert "###" in flat  # E9
    assert "[bold red]" in text and "[bold blue]" in text  # owners' colours
    assert "cash hidden" in flat and "Your hand" in flat
    assert len(lines[1].split()) == 9  # the column numbers


def test_map_of_a_four_player_game_leaves_row_i_blank() -> None:
    game = new_game(4)
    flat = plain(game.render_text(game.observe(game.initial_state(SeededRng(1)), None)))
    row_i = next(line for line in flat.splitlines() if line.startswith(" I "))
    assert row_i.strip() == "I"


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
