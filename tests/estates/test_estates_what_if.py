"""What-if data for The Estates: every field of components.json may change, and the rules, the
notation, the text and SVG pictures, the greedy bot and the RL encoding follow the game's own
catalogue; bad catalogues are refused naming the file and the field."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tycoon.core import (
    AmountRange,
    MalformedActionError,
    Match,
    OptionError,
    SeededRng,
    make,
    replay_to_end,
)
from tycoon.core.players import make_bot
from tycoon.games.estates.actions import Auction, Place
from tycoon.games.estates.components import ESTATES_DATA
from tycoon.games.estates.game import Estates
from tycoon.games.estates.state import Board, EstatesState

from .test_estates_invariants import WHAT_IF, check_invariants

PATCH = json.dumps(WHAT_IF)


def what_if(players: int = 3, **options: Any) -> Estates:
    game = make("estates", players, data=PATCH, **options)
    assert isinstance(game, Estates)
    return game


def board_with(game: Estates, stacks: dict[int, tuple[int, ...]], built: tuple[int, ...]) -> Board:
    board = game.board_rules.empty_board()
    all_stacks = list(board.stacks)
    for index, stack in stacks.items():
        all_stacks[index] = stack
    return Board(
        tuple(all_stacks),
        board.roofs,
        board.lengths,
        built,
        board.barriers,
        board.mayor,
        board.cancel,
        board.certificates,
    )


def test_the_setup_follows_the_catalogue() -> None:
    game = what_if()
    state = game.initial_state(SeededRng(3))
    assert len(state.board.stacks) == 4 * 12 and state.board.lengths == (5, 5, 5, 5)
    assert [len(row) for row in state.offer] == [9, 9]
    assert state.roofs_left == (2, 3, 4, 5, 6, 7, 8, 9)
    assert state.money == (20, 20, 20)
    assert len(state.board.barriers) == 2 and len(state.board.certificates) == 4
    assert all(0 <= cube < 4 * 7 for row in state.offer for cube in row)
    # The built-in game is unchanged.
    built_in = make("estates", 3).initial_state(SeededRng(3))
    assert len(built_in.board.stacks) == 30 and [len(r) for r in built_in.offer] == [8, 8, 8]


def test_the_notation_follows_the_catalogue() -> None:
    game = what_if()
    assert game.parse_action("auction T7", 0) == Auction(0, "T7")
    assert game.parse_action("place S12", 1) == Place(1, 3, 12)
    assert game.format_action(Place(1, 3, 12)) == "place S12"
    assert game.parse_action("cancel 2", 0).barrier == 2  # type: ignore[attr-defined]
    with pytest.raises(MalformedActionError, match=r"(?i)no piece 'O1'"):
        game.parse_action("auction O1", 0)  # no Orange company in this catalogue
    with pytest.raises(MalformedActionError, match="no barrier 3"):
        game.parse_action("cancel 3", 0)
    with pytest.raises(MalformedActionError, match="a row is N/U/M/S"):
        game.parse_action("place L2", 0)
    with pytest.raises(MalformedActionError, match=r"(?i)no piece 'T7'"):
        make("estates", 3).parse_action("auction T7", 0)


def test_white_dirt_takes_as_many_cubes_as_the_catalogue_says() -> None:
    """cubes_on_white_dirt 2: a second, lower cube may go on a white-dirt lot, not a third."""
    game = what_if()
    rules, layout = game.board_rules, game.layout
    upper1 = 1 * 12  # lot U1 (white dirt)
    seven = layout.piece_by_code["b7"]
    five = layout.piece_by_code["b5"]
    board = board_with(game, {upper1: (seven,)}, built=(0, 1, 0, 0))
    assert upper1 in rules.cube_targets(board, 5)
    assert rules.cube_refusal(board, five, 1, 1) is None
    board = board_with(game, {upper1: (seven, five)}, built=(0, 1, 0, 0))
    assert upper1 not in rules.cube_targets(board, 2)
    assert "takes only 2 floor cubes" in str(rules.cube_refusal(board, five - 3, 1, 1))
    # Built in, white dirt takes one cube.
    built_in = make("estates", 3)
    assert isinstance(built_in, Estates)
    b6 = built_in.layout.piece_by_code["b6"]
    one = board_with(built_in, {0: (b6,)}, built=(1, 0, 0))
    assert 0 not in built_in.board_rules.cube_targets(one, 5)


def test_the_text_and_svg_show_the_catalogue() -> None:
    game = what_if()
    state = game.initial_state(SeededRng(5))
    view = game.observe(state, 0)
    text = game.render_text(view)
    assert "north row" in text and "south row" in text
    assert "the river after lot 5" in text and "w = white dirt (2 cubes)" in text
    assert "$20M" in text
    picture = game.render_svg(view)
    assert picture is not None
    assert 'data-target="lot:S12"' in picture and 'data-target="street:N"' in picture
    assert "Teal certificate" in picture and "white dirt: 2 floor cubes only" in picture
    built_in = make("estates", 3)
    default = built_in.render_svg(built_in.observe(built_in.initial_state(SeededRng(5)), 0))
    assert default is not None and _width(picture) > _width(default)
    assert game.move_targets(Place(0, 3, 12)) == ("lot:S12",)


def _width(picture: str) -> float:
    return float(picture.split('viewBox="', 1)[1].split('"', 1)[0].split()[2])


def test_the_encoding_follows_the_catalogue() -> None:
    game = what_if()
    encoding = game.encoding()
    built_in = make("estates", 3).encoding()
    assert encoding.slice_of("floors").stop - encoding.slice_of("floors").start == 48
    assert built_in.slice_of("floors").stop - built_in.slice_of("floors").start == 30
    state = game.initial_state(SeededRng(2))
    view = game.observe(state, 0)
    features = encoding.features(view)
    assert len(features) == encoding.size != built_in.size
    ids = encoding.legal_ids(game.legal_actions(state, state.auctioneer))
    assert len(ids) == len(game.legal_actions(state, state.auctioneer))


def test_greedy_bots_play_a_what_if_game_and_its_record_replays() -> None:
    game = what_if(4)
    match: Match[Any, Any, Any] = Match(game, 11)
    bots = [make_bot("greedy", game, seat, SeededRng(seat)) for seat in range(4)]
    while not match.is_over():
        check_invariants(game, match.state)
        seat = match.to_act()[0]
        legal = match.legal_actions(seat)
        match.play(bots[seat].choose(game.observe(match.state, seat), legal))
    assert match.outcome() is not None
    record = match.record()
    assert json.loads(str(record.options["data"])) == WHAT_IF
    assert replay_to_end(record).state == match.state
    state: EstatesState = match.state
    assert len(state.results[-1].board.stacks) == 48


def test_changed_numbers_change_play() -> None:
    """Starting money and the rooftops: a richer game bids more; fewer rooftops end sooner."""
    patch = {"components.json": {"rooftops": [6, 6]}}
    game = make("estates", 3, data=json.dumps(patch))
    assert isinstance(game, Estates)
    state = game.initial_state(SeededRng(1))
    assert state.roofs_left == (6, 6)
    rich = make("estates", 3, data='{"components.json": {"starting_money": 40}}')
    rich_state = rich.initial_state(SeededRng(1))
    auctioneer = rich_state.auctioneer
    first = next(c for c in rich.legal_actions(rich_state, auctioneer) if isinstance(c, Auction))
    rich_state = rich.transition(rich_state, first, SeededRng(1))
    bidder = rich.to_act(rich_state)[0]
    bids = [c for c in rich.legal_actions(rich_state, bidder) if isinstance(c, AmountRange)]
    assert bids and bids[0].high == 40


BAD: list[tuple[Any, str]] = [
    ({"rows": [{"name": "only", "letter": "U", "white_dirt": []}]}, r"rows: 2\.\.6 rows, not 1"),
    (
        {"rows": {"0": {"white_dirt": [1, 1]}}},
        r"components\.json rows\.0\.white_dirt: a lot is listed twice",
    ),
    ({"rows": {"1": {"letter": "m"}}}, r"rows\.1\.letter: one capital letter"),
    ({"colours": {"2": {"style": "bold]red"}}}, r"colours\.2\.style: a terminal style"),
    ({"colours": {"2": {"name": ""}}}, r"colours\.2\.name: must be text"),
    ({"cube_values": [1, 3]}, r"cube_values: the values 1, 2, \.\.\. n"),
    ({"cubes_drawn": 40}, r"cubes_drawn: 1\.\.36 \(the cubes there are\), not 40"),
    ({"barriers": [2]}, r"barriers: valued 1, 2, \.\.\. n"),
    ({"river_after_lot": 5}, r"river_after_lot: the river marks the initial requirement"),
    ({"initial_requirement": 10, "river_after_lot": 10}, r"initial_requirement: 1\.\.9"),
    ({"cubes_on_white_dirt": 0}, r"cubes_on_white_dirt: a white-dirt lot takes at least one"),
    ({"lots_per_row": 3}, r"initial_requirement: 1\.\.2"),
    ({"rooftops": []}, r"rooftops: 1\.\.60 rooftops"),
    ({"starting_money": 5000}, r"starting_money: at most 1000"),
]


def test_the_minimum_bid_is_bounded_by_this_games_starting_money() -> None:
    """The option's bound follows the data: a richer what-if allows a higher minimum bid, a
    poorer one refuses a minimum above its own starting money."""
    rich = make(
        "estates", 3, data='{"components.json": {"starting_money": 40}}', **{"minimum-bid": 35}
    )
    assert isinstance(rich, Estates) and rich.minimum_bid == 35
    with pytest.raises(
        OptionError, match=r"minimum-bid: at most the starting money \(\$5M\), not 6"
    ):
        make("estates", 3, data='{"components.json": {"starting_money": 5}}', **{"minimum-bid": 6})
    with pytest.raises(OptionError, match=r"minimum-bid"):
        make("estates", 3, **{"minimum-bid": 1001})


@pytest.mark.parametrize(("patch", "message"), BAD)
def test_bad_catalogues_are_refused_naming_file_and_field(patch: Any, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        make("estates", 3, data=json.dumps({"components.json": patch}))


def test_a_bad_replacement_file_is_refused(tmp_path: Path) -> None:
    raw = dict(ESTATES_DATA.built_in()["components.json"])
    raw["colours"] = [*raw["colours"], {"name": "Teal", "letter": "U", "style": "cyan"}]
    (tmp_path / "components.json").write_text(json.dumps(raw))
    with pytest.raises(
        OptionError, match=r"rows\.0\.letter: U is already the letter of colours\.6"
    ):
        make("estates", 3, data=str(tmp_path))
    raw["colours"][-1]["letter"] = "T"
    (tmp_path / "components.json").write_text(json.dumps(raw))
    game = make("estates", 3, data=str(tmp_path))
    assert isinstance(game, Estates) and game.layout.num_cubes == 42
