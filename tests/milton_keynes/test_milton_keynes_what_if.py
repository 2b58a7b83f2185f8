"""What-if data for Milton Keynes: the map's river, marshes and regions, the permit deck and
coloured blocks, the characters and the income rail come from the game's data; the rules, the
notation, the text and SVG pictures, the greedy bot and the RL encoding follow them; bad files
are refused naming the file and the field."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tycoon.core import Match, OptionError, SeededRng, make, replay_to_end, sample_choice
from tycoon.core.players import make_bot
from tycoon.games.milton_keynes import board as bd
from tycoon.games.milton_keynes import cards as cd
from tycoon.games.milton_keynes.actions import ChooseCharacter
from tycoon.games.milton_keynes.game import MiltonKeynes
from tycoon.games.milton_keynes.state import Phase

from .test_milton_keynes_invariants import check

# The river straight down column 5, one 3x3 marsh in the bottom-left corner.
STANDARD = [
    "....~....",
    "....~....",
    "....~....",
    "....~....",
    "....~...X",
    "....~....",
    "MMM.~....",
    "MMM.~....",
    "MMM.~....",
]
WHAT_IF: dict[str, Any] = {
    "board.json": {
        "standard": STANDARD,
        "river_flow": [f"{row}5" for row in "ABCDEFGHI"],
        "river_tiles": 9,
        "marsh_tiles": 1,
        "marsh_side": 3,
        "regions": {
            "2": {"rows": "ABCDEF", "columns": 9},
            "3": {"rows": "ABCDEFGH", "columns": 8},
            "4": {"rows": "ABCDEFGHI", "columns": 8},
            "5": {"rows": "ABCDEFGHI", "columns": 9},
        },
    },
    "characters.json": {
        "characters": {
            "0": {"permits": ["INQUIRY", "INQUIRY", "LOBBY", "LOBBY", "EXTENSION"]},
        }
    },
    "permits.json": {
        "deck": {"1": {"count": 7}, "5": {"count": 4, "name": "RUBBISH TIP"}},
        "coloured_blocks": {"DUMP": 8},
    },
    "economy.json": {
        "rail_start": 5,
        "rail_top": 40,
        "roundabouts": [5, 15, 25, 35],
        "roundabout_bonus": 10,
        "envelopes": 60,
    },
}
VIOLET = {"code": "violet", "name": "Ms. Violet", "colour": "magenta", "permits": ["DUMP", "DUMP"]}


def patch(extra: bool = True) -> str:
    """WHAT_IF, with a seventh character added (a whole list replaces the built-in one)."""
    data = json.loads(json.dumps(WHAT_IF))
    if extra:
        built_in = cd.MK_DATA.built_in()["characters.json"]["characters"]
        roster = [dict(entry) for entry in built_in] + [VIOLET]
        roster[0]["permits"] = WHAT_IF["characters.json"]["characters"]["0"]["permits"]
        data["characters.json"] = {"characters": roster}
    return json.dumps(data)


def what_if(players: int = 3, **options: Any) -> MiltonKeynes:
    game = make("milton-keynes", players, data=patch(), **options)
    assert isinstance(game, MiltonKeynes)
    return game


def test_the_setup_follows_the_data() -> None:
    game = what_if(3)
    state = game.initial_state(SeededRng(4))
    river = bd.mask_of(bd.INDEX[f"{row}5"] for row in "ABCDEFGHI")
    assert state.city.river_all == river
    assert state.city.marsh == bd.mask_of(bd.INDEX[f"{r}{c}"] for r in "GHI" for c in "123")
    assert state.bank + sum(p.cash for p in state.players) == 60 + 30 * 5
    assert all(p.marker == 5 for p in state.players) and game.roundabouts == (5, 15, 25, 35)
    assert game.region == game.catalogue.map.region(3)
    assert not game.region >> bd.INDEX["I1"] & 1 and game.region >> bd.INDEX["H1"] & 1
    assert len(game.characters) == 7 and game.characters[6].name == "Ms. Violet"
    # The option still overrides the data's roundabouts; the built-in game is unchanged.
    assert what_if(3, roundabouts="10,20").roundabouts == (10, 20)
    built_in = make("milton-keynes", 3)
    assert isinstance(built_in, MiltonKeynes) and built_in.roundabouts == cd.DEFAULT_ROUNDABOUTS
    assert built_in.initial_state(SeededRng(4)).city.river_all == bd.STANDARD_RIVER


def test_characters_and_the_deck_follow_the_data() -> None:
    game = what_if(3, characters="violet,scarlet,blue")
    state = game.initial_state(SeededRng(1))
    hands = [p.permits for p in state.players]
    assert hands[0] == cd.hand_of(["DUMP", "DUMP"])
    assert hands[1] == cd.hand_of(["INQUIRY", "INQUIRY", "LOBBY", "LOBBY", "EXTENSION"])
    in_play = (
        sum(sum(h) for h in hands) + len(state.permit_deck) + sum(1 for p in state.slots if p >= 0)
    )
    assert in_play == sum(game.catalogue.permit_counts) == 32 + 2 + 2
    assert game.seat_roles(state) == ("Ms. Violet", "Scarlet", "Cpt. Blue")
    chooser = what_if(3, characters="choose")
    first = chooser.initial_state(SeededRng(1))
    assert first.phase == Phase.CHARACTERS
    assert chooser.parse_action("character violet", 0) == ChooseCharacter(0, "violet")
    assert ChooseCharacter(0, "violet") in chooser.legal_actions(first, first.queue[0])
    with pytest.raises(OptionError, match="'violet' is not a character"):
        make("milton-keynes", 3, characters="violet,scarlet,blue")


def test_the_rail_pays_from_the_data() -> None:
    game = what_if(3)
    state = game.initial_state(SeededRng(3))
    paid = game.rules.collect(state, SeededRng(0), [])
    assert [p.cash for p in paid.players] == [5 + 20] * 3  # the rail's start and the grant


def test_the_text_svg_and_encoding_show_the_data() -> None:
    game = what_if(3, characters="choose")
    state = game.initial_state(SeededRng(2))
    view = game.observe(state, 0)
    picture = game.render_svg(view)
    assert picture is not None and "Ms. Violet" in picture
    assert 'data-target="character:violet"' in picture
    chosen = what_if(3, characters="violet,scarlet,blue")
    text = chosen.render_text(chosen.observe(chosen.initial_state(SeededRng(2)), 0))
    assert "Ms. Violet" in text
    encoding = game.encoding()
    built_in = make("milton-keynes", 3).encoding()
    size = encoding.slice_of("characters")
    assert size.stop - size.start == 3 * 7
    built_in_size = built_in.slice_of("characters")
    assert built_in_size.stop - built_in_size.start == 3 * 6
    assert len(encoding.features(view)) == encoding.size


@pytest.mark.parametrize(("players", "advanced"), [(2, False), (3, True), (4, False), (5, True)])
def test_random_what_if_games_keep_the_invariants(players: int, advanced: bool) -> None:
    game = what_if(players, advanced=advanced)
    rng = SeededRng(7 * players)
    state = game.initial_state(rng)
    while game.to_act(state):
        check(game, state)
        seat = game.to_act(state)[0]
        state = game.transition(state, sample_choice(game.legal_actions(state, seat), rng), rng)
    check(game, state)
    assert game.outcome(state) is not None


def test_greedy_bots_play_a_what_if_game_and_its_record_replays() -> None:
    game = what_if(3)
    match: Match[Any, Any, Any] = Match(game, 5)
    bots = [make_bot("greedy", game, seat, SeededRng(seat)) for seat in range(3)]
    while not match.is_over():
        for seat in match.to_act():
            if match.is_over() or seat not in match.to_act():
                continue
            legal = match.legal_actions(seat)
            match.play(bots[seat].choose(game.observe(match.state, seat), legal))
    assert match.outcome() is not None
    record = match.record()
    assert replay_to_end(record).state == match.state


def _bad(file: str, change: Any) -> str:
    return json.dumps({file: change})


BAD: list[tuple[str, str]] = [
    (
        _bad("characters.json", {"characters": {"1": {"code": "scarlet"}}}),
        r"characters\.json characters\.1\.code: scarlet names two characters",
    ),
    (
        _bad("characters.json", {"characters": {"1": {"code": "Orange"}}}),
        r"characters\.json characters\.1\.code: small letters a-z only",
    ),
    (
        _bad("characters.json", {"characters": {"2": {"colour": "[red]"}}}),
        r"characters\.json characters\.2\.colour: a terminal colour",
    ),
    (
        _bad("characters.json", {"characters": {"3": {"permits": ["LOBBY", "PARK"]}}}),
        r"characters\.json characters\.3\.permits\.1: 'PARK' is not a permit",
    ),
    (
        _bad("permits.json", {"deck": {"4": {"code": "PARK"}}}),
        r"permits\.json deck\.4\.code: must be COMMONS \(the codes are the rules' own",
    ),
    (
        _bad("permits.json", {"deck": {"0": {"count": 2}}}),
        r"permits\.json deck\.0\.count: 2 INQUIRY permits, but the characters dealt",
    ),
    (
        _bad("permits.json", {"coloured_blocks": {"DUMP": -1}}),
        r"permits\.json coloured_blocks\.DUMP: must be a whole number 0\.\.40",
    ),
    (
        _bad("board.json", {"standard": {"4": "....~...."}}),
        r"board\.json standard\.4: the missing plot is E9 \(X\) and only it",
    ),
    (
        _bad("board.json", {"river_flow": {"1": "D2", "2": "D3"}}),
        r"board\.json river_flow: must list each river plot",
    ),
    (
        _bad("board.json", {"river_flow": {"2": "F4", "3": "E3"}}),
        r"board\.json river_flow: D2 and F4 are not next to each other",
    ),
    (
        _bad("board.json", {"marsh_tiles": 3}),
        r"board\.json standard: 8 marsh plots \('M'\); marsh_tiles 3 of 2x2 make 12",
    ),
    (
        _bad("board.json", {"regions": {"3": {"rows": "ABCZ"}}}),
        r"board\.json regions\.3\.rows: distinct row letters of ABCDEFGHI",
    ),
    (
        _bad("board.json", {"regions": {"5": {"columns": 10}}}),
        r"board\.json regions\.5\.columns: the columns in play, 1\.\.9",
    ),
    (
        _bad("board.json", {"regions": {"5": {"rows": "AB", "columns": 3}}}),
        r"board\.json regions\.5: 6 deeds in play for 5 players, not more than they",
    ),
    (
        _bad("board.json", {"rows": "ABCDEFGH"}),
        r"board\.json rows, columns: the grid is A-I x 1-9",
    ),
    (
        _bad("economy.json", {"roundabouts": [5, 60]}),
        r"economy\.json roundabouts: positions on the rail, 10\.\.50",
    ),
]


@pytest.mark.parametrize(("data", "message"), BAD)
def test_bad_data_is_refused_naming_file_and_field(data: str, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        make("milton-keynes", 3, data=data)


def test_too_few_characters_for_the_players() -> None:
    roster = cd.MK_DATA.built_in()["characters.json"]["characters"][:4]
    data = json.dumps({"characters.json": {"characters": roster}})
    with pytest.raises(OptionError, match=r"characters\.json characters: 4 characters for 5"):
        make("milton-keynes", 5, data=data)
    assert isinstance(make("milton-keynes", 4, data=data), MiltonKeynes)
    assert isinstance(make("milton-keynes", 5, data=data, advanced=True), MiltonKeynes)
