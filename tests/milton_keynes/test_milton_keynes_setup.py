"""The components and the set-up: board, deeds by player count, permits, characters, bank."""

from __future__ import annotations

import pytest

from tycoon.core import OptionError, ScriptedRng, SeededRng
from tycoon.core.bitset import set_bits
from tycoon.games.milton_keynes import board as bd
from tycoon.games.milton_keynes import cards as cd
from tycoon.games.milton_keynes.state import Phase

from .helpers import new_game, play


def test_board_is_9_by_9_without_e9() -> None:
    """ "All but one have a label; ... It would be called 'E9', but ... the square is not in the
    game" (80 plots)."""
    assert len(bd.LABELS) == 81
    assert bd.popcount(bd.EXISTS) == 80
    assert not bd.EXISTS >> bd.INDEX["E9"] & 1
    assert bd.INDEX["E9"] not in bd.NEIGHBOURS[bd.INDEX["D9"]]


def test_standard_layout_river_and_marshes_as_ruled() -> None:
    """RULING: river C1 D2 E3 F4 G5 G6 F7 E8 D8 C9; marshes F1 F2 G1 G2 and A4 A5 B4 B5."""
    assert bd.cells_of(bd.STANDARD_RIVER) == tuple(sorted(bd.RIVER_FLOW))
    assert bd.label_list(bd.STANDARD_MARSH) == "A4 A5 B4 B5 F1 F2 G1 G2"
    # Each river tile touches the next by an edge or a corner.
    for a, b in zip(bd.RIVER_FLOW, bd.RIVER_FLOW[1:], strict=False):
        assert abs(bd.row_of(a) - bd.row_of(b)) <= 1 and abs(bd.column_of(a) - bd.column_of(b)) <= 1


def test_derived_layout_facts_of_the_worked_examples() -> None:
    """DERIVED: G7 has exactly two river walls; H5-H8, I6, I7 are not river; a marsh touches H2
    from the top left; a marsh covers 2x2 plots."""
    g7 = bd.INDEX["G7"]
    assert sum(1 for q in bd.NEIGHBOURS[g7] if bd.STANDARD_RIVER >> q & 1) == 2
    for label in ("H5", "H6", "H7", "H8", "I6", "I7"):
        assert not bd.STANDARD_RIVER >> bd.INDEX[label] & 1
    assert bd.STANDARD_MARSH >> bd.INDEX["G2"] & 1 and bd.STANDARD_MARSH >> bd.INDEX["G1"] & 1


def test_deed_dots_match_the_three_example_deeds() -> None:
    """ "G9, has two filled dots ... G8, has no filled dots ... G6 has four dots"."""
    assert bd.dots(bd.INDEX["G9"]) == 2
    assert bd.dots(bd.INDEX["G8"]) == 0
    assert bd.dots(bd.INDEX["G6"]) == 4
    assert bd.dots(bd.INDEX["H3"]) == 1 and bd.dots(bd.INDEX["I3"]) == 3


@pytest.mark.parametrize(("players", "deeds"), [(2, 39), (3, 47), (4, 53), (5, 62)])
def test_deed_deck_by_player_count(players: int, deeds: int) -> None:
    """ "With the standard layout the deck holds 39 / 47 / 53 / 62 deeds for 2 / 3 / 4 / 5
    players", by the dots: 2 players 0 dots, 3 up to 1, 4 up to 2, 5 up to 3."""
    game = new_game(players)
    in_game = game.rules.deeds_in_game(game.initial_state(SeededRng(1)).city)
    assert bd.popcount(in_game) == deeds
    max_dots = {2: 0, 3: 1, 4: 2, 5: 3}[players]
    assert in_game == bd.mask_of(p for p in set_bits(bd.EXISTS) if bd.dots(p) <= max_dots)


def test_permit_deck_is_32_cards_16_simple_16_other() -> None:
    """RULING: CHAV ESTATE INQUIRY x4, LOBBY x5, DEMOLISH x3, REDEVELOP x4; COMMONS x2, DUMP x2,
    ALLOTMENTS x1, NATURE RESERVE x2, EXTENSION x3, AIR BASE x3, SEWAGE REPROCESSOR x3."""
    assert len(cd.full_deck()) == 32
    assert sum(cd.PERMIT_COUNTS[p] for p in cd.CHAV_CARDS) == 16
    assert dict(zip(cd.PERMIT_CODES, cd.PERMIT_COUNTS, strict=True)) == {
        "INQUIRY": 4,
        "LOBBY": 5,
        "DEMOLISH": 3,
        "REDEVELOP": 4,
        "COMMONS": 2,
        "DUMP": 2,
        "ALLOTMENTS": 1,
        "NATURE-RESERVE": 2,
        "EXTENSION": 3,
        "AIR-BASE": 3,
        "SEWAGE-REPROCESSOR": 3,
    }


def test_all_six_starting_hands_exist_at_once() -> None:
    """DERIVED: any five characters may be chosen, so every starting hand must fit the deck."""
    total = [0] * cd.PERMIT_TYPES
    for character in cd.CHARACTERS:
        for permit, count in enumerate(character.permits):
            total[permit] += count
    assert all(t <= c for t, c in zip(total, cd.PERMIT_COUNTS, strict=True))


def test_characters_and_their_starting_permits() -> None:
    """The table of characters: Scarlet 3x INQUIRY, LOBBY; Mr. Orange 2x DEMOLISH, COMMONS,
    REDEVELOP; ... Cpt. Blue AIR BASE, SEWAGE REPROCESSOR, DEMOLISH."""
    by_code = {c.code: cd.permits_text(c.permits) for c in cd.CHARACTERS}
    assert by_code["scarlet"] == "3x INQUIRY, LOBBY"
    assert by_code["orange"] == "2x DEMOLISH, REDEVELOP, COMMONS"
    assert by_code["gray"] == "LOBBY, REDEVELOP, DUMP, EXTENSION"
    assert by_code["yellow"] == "2x LOBBY, REDEVELOP, NATURE-RESERVE"
    assert by_code["blue"] == "DEMOLISH, AIR-BASE, SEWAGE-REPROCESSOR"
    assert by_code["green"] == "LOBBY, REDEVELOP, ALLOTMENTS, NATURE-RESERVE"


def test_coloured_blocks_in_the_box() -> None:
    """FACT: 2 red COMMONS, 6 brown DUMPS, 6 green ALLOTMENTS."""
    assert cd.COLOURED_BLOCKS[cd.COMMONS] == 2
    assert cd.COLOURED_BLOCKS[cd.DUMP] == 6
    assert cd.COLOURED_BLOCKS[cd.ALLOTMENTS] == 6
    assert cd.COLOURED_BLOCKS[cd.CHAV] == -1


def test_bank_holds_190() -> None:
    """FACT: 40 envelopes of 1 and 30 briefcases of 5."""
    assert cd.BANK_TOTAL == 190
    assert new_game().initial_state(SeededRng(3)).bank == 190


def test_setup_deals_three_deeds_and_starting_permits() -> None:
    """ "Shuffle the deed deck and deal three deeds to each player"; each takes their
    character's permits; markers start at 10."""
    game = new_game(4, characters="scarlet,orange,gray,blue")
    state = game.initial_state(SeededRng(5))
    for seat, player in enumerate(state.players):
        assert bd.popcount(player.deeds) == 3
        assert player.permits == cd.CHARACTERS[state.characters[seat]].permits
        assert player.known_permits == player.permits  # a character's permits are public
        assert player.marker == 10 and player.cash == 0
    assert len(state.deed_deck) == 53 - 12
    assert len(state.permit_deck) == 32 - 4 - 4 - 4 - 3
    assert state.phase == Phase.BEFORE_COLLECTION and state.year == 1


def test_random_characters_are_dealt_with_the_rng() -> None:
    game = new_game(3)
    rng = ScriptedRng([0] * 200)
    state = game.initial_state(rng)
    assert len(set(state.characters)) == 3
    assert game.seat_roles(state) == tuple(cd.CHARACTERS[c].name for c in state.characters)


def test_choose_characters_in_seat_order() -> None:
    """ "You all must now choose which property developer you are going to play"."""
    game = new_game(2, characters="choose")
    state = game.initial_state(SeededRng(2))
    assert state.phase == Phase.CHARACTERS and game.to_act(state) == (0,)
    state = play(game, state, (0, "character blue"))
    assert "character blue" not in [game.format_action(a) for a in game.legal_actions(state, 1)]
    state = play(game, state, (1, "character Dr. Green"))
    assert game.seat_roles(state) == ("Cpt. Blue", "Dr. Green")
    assert state.players[0].permits == cd.CHARACTERS[cd.CHARACTER_INDEX["blue"]].permits
    assert state.phase == Phase.BEFORE_COLLECTION


def test_character_option_is_validated() -> None:
    with pytest.raises(OptionError):
        new_game(2, characters="scarlet,nobody")
    with pytest.raises(OptionError):
        new_game(2, characters="scarlet,scarlet")
    with pytest.raises(OptionError):
        new_game(2, roundabouts="10,99")


def test_economy_data_file() -> None:
    """FACT: the rail runs 10..50; year 1 pays a grant of 20; a lot costs a briefcase a deed; the
    demolished deed costs two briefcases. RULING: roundabouts every 5."""
    assert (cd.RAIL_START, cd.RAIL_TOP, cd.GRANT) == (10, 50, 20)
    assert cd.DEFAULT_ROUNDABOUTS == (10, 15, 20, 25, 30, 35, 40, 45, 50)
    assert (cd.DEED_PRICE, cd.DEMOLISH_PRICE, cd.ROUNDABOUT_BONUS) == (5, 10, 5)
    assert (cd.INQUIRY_STEP, cd.CRUNCH_STEP, cd.STARTING_DEEDS, cd.ADVANCED_PERMITS) == (5, 5, 3, 4)
    assert new_game(2, roundabouts="15, 30,45").roundabouts == (15, 30, 45)


def test_what_if_economy_grant_bank_and_prices() -> None:
    """--data: a grant of 30, a bank of 300 and deeds at 7 a plot, kept in the game's options."""
    import json

    from tycoon.core import make

    patch = {"economy.json": {"grant": 30, "envelopes": 150, "deed_price": 7}}
    game = make("milton-keynes", 3, data=json.dumps(patch))
    economy = game.rules.economy  # type: ignore[attr-defined]
    assert (economy.grant, economy.bank_total, economy.deed_price) == (30, 300, 7)
    assert json.loads(str(game.options["data"])) == patch
    state = game.initial_state(SeededRng(3))
    assert state.bank + sum(p.cash for p in state.players) == 300
    paid = game.rules.collect(state, SeededRng(0), [])  # type: ignore[attr-defined]
    assert [p.cash for p in paid.players] == [10 + 30] * 3  # income 10 and the grant of 30
    assert make("milton-keynes", 3).rules.economy == cd.ECONOMY_BUILT_IN  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("patch", "message"),
    [
        ({"economy.json": {"grant": -1}}, r"economy\.json grant: must be a whole number >= 0"),
        ({"economy.json": {"deed_price": "5"}}, r"economy\.json deed_price: holds a whole number"),
        ({"economy.json": {"roundabout_bonus": 3}}, r"economy\.json roundabout_bonus: paid in"),
        ({"economy.json": {"envelopes": 0, "briefcases": 0}}, r"economy\.json envelopes, brief"),
        ({"economy.json": {"roundabouts": {"0": 60}}}, r"economy\.json roundabouts: positions"),
        (
            {"economy.json": {"rail_top": 5}},
            r"economy\.json rail_top: must be a whole number >= 11",
        ),
        ({"permits.json": {"deck": {"0": {"count": 31}}}}, r"permits\.json deck\.0\.count: must"),
        ({"board.json": {"columns": 8}}, r"board\.json columns: the grid is A-I x 1-9"),
    ],
)
def test_bad_what_if_economy_names_the_file_and_field(patch: object, message: str) -> None:
    import json

    from tycoon.core import make

    with pytest.raises(OptionError, match=message):
        make("milton-keynes", 3, data=json.dumps(patch))
