"""Placing floor cubes, rooftops, building permits (barriers), the Mayor and the Cancel cube:
the rulebook's placement and barrier examples and one test per rule."""

from __future__ import annotations

from tycoon.core import ScriptedRng
from tycoon.games.estates.components import IN_SUPPLY, REMOVED
from tycoon.games.estates.rules import is_row_complete
from tycoon.games.estates.state import Board, EstatesState

from .helpers import cube, legal_texts, make_board, make_state, new_game, play, refuse

GAME = new_game()


def holding(code: str, board: Board | None = None, roof_value: int = 0) -> EstatesState:
    """Seat 0 (the auctioneer) holding ``code`` to place, on ``board``."""
    return make_state(
        GAME,
        board=board,
        phase="place",
        piece_code=code,
        holder=0,
        roof_value=roof_value,
        bids=(-1, -1, -1),
    )


def placed(code: str, where: str, board: Board | None = None, roof_value: int = 0) -> Board:
    return play(GAME, holding(code, board, roof_value), f"place {where}").board


# -- floor cubes ------------------------------------------------------------------------------


def test_placement_example_from_the_street_no_gaps_white_dirt_lower_on_top_roof_finishes() -> None:
    """The placement EXAMPLE: "Starting from the street, the Floor cubes are placed ... Empty
    development lots between the buildings in the same row are not allowed. Development lots
    with white dirt may only have a total of 1 Floor cube. The Rooftop finishes the building.
    All other development lots may have multiple Floor cubes. The Floor cube being placed must
    have a lower number than the cube directly below it." Built up in the middle row (white dirt
    on M3)."""
    board = placed("B5", "M1")
    assert "empty lots between buildings" in refuse(GAME, holding("Y6", board), "place M3")
    board = placed("Y6", "M2", board)
    board = placed("G2", "M3", board)  # white dirt: one cube only
    assert "white dirt" in refuse(GAME, holding("R1", board), "place M3")
    board = placed("R3", "M1", board)  # 3 on 5: lower number on top
    assert "lower number" in refuse(GAME, holding("P4", board), "place M1")
    board = placed("O4", "M2", board)  # 4 on 6
    board = placed("roof", "M2", board, roof_value=3)  # the rooftop finishes M2
    assert "rooftop" in refuse(GAME, holding("P1", board), "place M2")
    assert board.stacks[10:13] == (
        (cube("B5"), cube("R3")),
        (cube("Y6"), cube("O4")),
        (cube("G2"),),
    )
    assert board.roofs[11] == 3 and board.built == (0, 3, 0)


def test_first_cube_of_a_row_goes_on_the_lot_next_to_the_street() -> None:
    """ "The first Floor cube in each row must be placed in the development lot adjacent to the
    street." """
    state = holding("B5")
    assert legal_texts(GAME, state) == ["place U1", "place M1", "place L1"]
    reason = refuse(GAME, state, "place U2")
    assert "the first floor cube in a row goes on the lot next to the street: U1" in reason


def test_additional_cubes_on_top_of_or_next_to_a_cube_no_empty_lots_between() -> None:
    """ "Additional Floor cubes in a row must be placed on top of or adjacent to another Floor
    cube in the same row. Empty development lots between buildings in the same row are not
    allowed." """
    board = make_board(rows={"L": "B6 G6"})
    state = holding("Y4", board)
    assert set(legal_texts(GAME, state)) == {"place U1", "place M1", "place L1", "place L3"}
    assert "next building in the lower row goes on L3" in refuse(GAME, state, "place L4")


def test_cube_on_top_must_have_a_lower_number_than_the_cube_below() -> None:
    """ "To place a Floor cube on top of an existing Floor cube, the cube being placed must have
    a lower number than the cube directly below it." Bad input: a cube placed on a higher (or
    equal) number is refused with the reason, the state unchanged."""
    board = make_board(rows={"U": "B6 G4"})
    reason = refuse(GAME, holding("Y5", board), "place U2")
    assert "lower number than the cube below it: Y5 cannot go on G4" in reason
    assert "lower number" in refuse(GAME, holding("Y4", board), "place U2")
    assert placed("Y3", "U2", board).stacks[1] == (cube("G4"), cube("Y3"))


def test_at_most_six_cubes_on_one_lot() -> None:
    """ "In this way, there can be a maximum of 6 Floor cubes in one square development lot." """
    board = make_board(rows={"U": "B6 G6.R5.Y4.O3.P2"})
    board = placed("B1", "U2", board)
    assert len(board.stacks[1]) == 6
    # Nothing is lower than 1: the stack is full.
    assert all("U2" not in t for t in legal_texts(GAME, holding("G1", board)))


def test_white_dirt_lot_takes_only_one_cube() -> None:
    """ "The 5 development lots with white dirt may only have a total of 1 Floor cube."
    Bad input: a second cube on white dirt (U1 is white dirt)."""
    board = placed("B6", "U1")
    reason = refuse(GAME, holding("Y1", board), "place U1")
    assert "U1 is white dirt: a white-dirt lot takes only one floor cube" in reason


def test_no_building_on_or_past_a_permit_or_the_river() -> None:
    """ "Players cannot build on or past a Building Permit." (At the start each row is limited
    to 4 buildings, from the street to the river.)"""
    full = make_board(rows={"U": "B6 G6 R6 Y6"})
    assert "past the development requirement" in refuse(GAME, holding("P5", full), "place U5")
    short = make_board(rows={"U": "B6"}, barriers={2: "U-"})
    assert "past the development requirement of the upper row (2 lots)" in refuse(
        GAME, holding("P5", make_board(rows={"U": "B6 G6"}, barriers={2: "U-"})), "place U3"
    )
    assert "place U2" in legal_texts(GAME, holding("P5", short))


def test_no_floor_cube_on_a_rooftop() -> None:
    """ "Players may not place a Floor cube on top of a Rooftop." """
    board = make_board(rows={"U": "B6 G6^2"})
    assert "no floor cube may be placed on a rooftop" in refuse(
        GAME, holding("Y1", board), "place U2"
    )


def test_first_cube_of_a_colour_takes_the_company_certificate() -> None:
    """ "If a player places the first Floor cube of any color on the board, that player takes
    the matching Company Certificate" - and keeps it when others place that colour later."""
    board = placed("B5", "U2", make_board(rows={"U": "G6"}))
    assert board.certificates[0] == 0  # Blue to seat 0
    state = make_state(
        GAME, board=board, phase="place", piece_code="B2", holder=3, bids=(-1, -1, -1)
    )
    later = play(GAME, state, "place U3").board
    assert later.certificates[0] == 0


def test_a_player_may_own_several_certificates() -> None:
    board = placed("B5", "U2", make_board(rows={"U": "G6"}))
    board = placed("Y4", "U3", board)
    assert board.certificates[0] == 0 and board.certificates[5] == 0


def test_any_player_may_build_any_colour_in_any_row() -> None:
    """ "During the game, every player may auction, bid, purchase, or place Floor cubes of any
    color." """
    board = make_board(rows={"M": "R6"}, certificates={"R": 2})
    state = make_state(
        GAME, board=board, phase="place", piece_code="R3", holder=1, bids=(5, -1, -1)
    )
    assert "place M1" in legal_texts(GAME, state)


# -- rooftops ---------------------------------------------------------------------------------


def test_rooftop_on_any_floor_cube_without_a_rooftop() -> None:
    """ "Place a Rooftop number face up on any Floor cube without a Rooftop." """
    board = make_board(rows={"U": "B6^1 G3", "L": "R2"})
    state = holding("roof", board, roof_value=5)
    assert legal_texts(GAME, state) == ["place U2", "place L1"]
    assert "already has a rooftop" in refuse(GAME, state, "place U1")
    assert "no building on M1" in refuse(GAME, state, "place M1")
    assert placed("roof", "L1", board, roof_value=5).roofs[20] == 5


def test_rooftop_finishes_the_building() -> None:
    """ "Placing a Rooftop finishes the construction of a building, and no more pieces may be
    added to it." """
    board = placed("roof", "U2", make_board(rows={"U": "B6^1 G3"}), roof_value=2)
    assert all("U2" not in t for t in legal_texts(GAME, holding("Y1", board)))


def test_floor_cubes_and_rooftops_cannot_be_discarded() -> None:
    assert "must be placed" in refuse(GAME, holding("B5"), "discard")


# -- building permits -------------------------------------------------------------------------


def test_barrier_example_the_2_barrier_makes_the_upper_row_2_lots_shorter() -> None:
    """Barrier EXAMPLE: "The 2 Barrier makes the upper row 2 lots shorter." It stands on the
    empty lot just past the new requirement: U3."""
    board = placed("barrier2", "U3")
    assert board.lengths == (2, 4, 4)
    assert board.barriers[1] == 0  # upper row, shortening


def test_barrier_example_the_1_barrier_makes_the_middle_row_1_lot_longer() -> None:
    """Barrier EXAMPLE: "The 1 Barrier makes the middle row 1 lot longer." (M6)"""
    board = placed("barrier1", "M6")
    assert board.lengths == (4, 5, 4)
    assert board.barriers[0] == 1 * 2 + 1  # middle row, lengthening


def test_barrier_example_3_after_2_in_the_same_row_gives_5() -> None:
    """Barrier EXAMPLE: "The 2 Barrier has previously made the middle row 2 lots shorter. Now,
    placing the 3 Barrier, the middle row is lengthened by 3 lots. ... the total development
    requirement is 5 buildings." The earlier barrier moves onto the new one's lot."""
    board = placed("barrier2", "M3")
    assert board.lengths[1] == 2
    board = placed("barrier3", "M6", board)
    assert board.lengths[1] == 5
    from tycoon.games.estates.rules import barrier_lot, barriers_in_row

    assert barriers_in_row(board, 1) == [2, 3] and barrier_lot(board, 1) == 6


def test_barrier_goes_exactly_value_lots_shorter_or_longer() -> None:
    """A barrier of value v goes on an empty lot at the row's current required length ± v."""
    state = holding("barrier2")
    assert legal_texts(GAME, state) == [
        "place U3",
        "place U7",
        "place M3",
        "place M7",
        "place L3",
        "place L7",
        "discard",
    ]
    assert "by exactly 2" in refuse(GAME, state, "place U4")


def test_barrier_cannot_shorten_a_row_below_its_built_lots() -> None:
    """ "A Building Permit cannot shorten the development requirement of a row if the current
    amount of developed lots already exceeds what the adjusted requirement would be." Bad
    input: the barrier is refused with the reason, the state unchanged."""
    board = make_board(rows={"U": "B6 G6 R6"})
    state = holding("barrier2", board)
    assert "place U3" not in legal_texts(GAME, state)
    reason = refuse(GAME, state, "place U3")
    assert "cannot shorten the upper row to 2 lots: 3 lots are already built" in reason
    # Shortening exactly to the built lots is allowed.
    assert placed("barrier1", "U4", board).lengths[0] == 3


def test_barrier_shortening_to_the_built_lots_can_complete_a_row() -> None:
    board = placed("barrier1", "U4", make_board(rows={"U": "B6^1 G6^2 R6^3"}))
    assert is_row_complete(board, 0)


def test_barrier_can_lengthen_a_completed_row_making_it_incomplete() -> None:
    """ "It is possible for a completed row of buildings to be lengthened by placing a Building
    Permit, making that row now incomplete." """
    board = make_board(rows={"U": "B6^1 G6^2 R6^3 Y6^4"})
    assert is_row_complete(board, 0)
    after = placed("barrier1", "U6", board)
    assert not is_row_complete(after, 0) and after.lengths[0] == 5


def test_a_building_permit_stands_on_a_lot_so_a_row_requires_at_most_nine() -> None:
    """ "Place a Building Permit on an empty development lot in the desired row": the permit
    stands on the lot just past the requirement, and the board has 10 lots, so no row can
    require more than 9 buildings (CLARIFICATIONS). A row at 7 may not take barrier 3 (to 10:
    its permit would stand off the board, "lot 11")."""
    board = make_board(barriers={1: "L+", 2: "L+"})
    assert board.lengths[2] == 7
    state = holding("barrier3", board)
    texts = legal_texts(GAME, state)
    assert "place L11" not in texts and "place L5" in texts  # shortening to 4 is still fine
    reason = refuse(GAME, state, "place L11")
    assert "the lower row cannot require more than 9 buildings" in reason
    assert "its building permit stands on a lot, and the board has 10" in reason
    from tycoon.games.estates.rules import barrier_targets

    assert (2, 11) not in barrier_targets(make_board(lengths={"L": 9}), 1)
    assert (2, 11) not in barrier_targets(make_board(lengths={"L": 8}), 2)
    assert (2, 10) in barrier_targets(make_board(lengths={"L": 8}), 1)
    assert placed("barrier1", "L10", make_board(lengths={"L": 8})).lengths[2] == 9


def test_a_permit_can_stand_on_the_last_lot() -> None:
    """The longest row: 4 + 2 + 3 = 9 buildings, its permits on lot 10, the last lot."""
    board = make_board(barriers={2: "L+"})
    state = holding("barrier3", board)
    assert "place L10" in legal_texts(GAME, state)
    after = play(GAME, state, "place L10")
    assert after.board.lengths[2] == 9
    assert GAME.render_text(GAME.observe(after, 0)).count("|2,3") == 1


def test_barrier_may_be_discarded_instead() -> None:
    """ "A Building Permit must be placed immediately after its auction, or it is removed from
    the game." """
    state = play(GAME, holding("barrier3"), "discard")
    assert state.board.barriers[2] == REMOVED
    assert "auction barrier 3" not in legal_texts(GAME, state)


def test_cancel_cube_removes_a_barrier_and_undoes_its_value() -> None:
    """ "The Cancel cube allows the player to discard a previously-placed Building Permit ...
    If there are any Building Permits in the same development lot as the removed piece, adjust
    the development requirement of the row to reflect the value of the removed Building Permit.
    If there are no Building Permits in a row after the removal ... the development requirement
    is the original 4 development lots." """
    board = make_board(barriers={2: "M-", 3: "M+"})
    assert board.lengths[1] == 5
    after = placed_cancel(board, 3)
    assert after.lengths[1] == 2 and after.barriers[2] == REMOVED and after.cancel == REMOVED
    after = placed_cancel(make_board(barriers={2: "M-"}), 2)
    assert after.lengths[1] == 4


def placed_cancel(board: Board, value: int) -> Board:
    return play(GAME, holding("cancel", board), f"cancel {value}").board


def test_cancel_cannot_remove_a_lengthening_barrier_below_built_lots() -> None:
    """ "A Building Permit that lengthens a row may not be removed if the development
    requirement would be shorter than the current amount of developed lots." Bad input."""
    board = make_board(rows={"U": "B6 G6 R6 Y6 P6"}, barriers={1: "U+"})
    state = holding("cancel", board)
    assert legal_texts(GAME, state) == ["discard"]
    reason = refuse(GAME, state, "cancel 1")
    assert "would shorten the upper row to 4 lots, below its 5 built lots" in reason


def test_cancel_cube_with_no_barrier_on_the_board_can_only_be_discarded() -> None:
    """ "The Cancel cube must be used immediately after its auction, or it is removed from the
    game." """
    state = holding("cancel")
    assert legal_texts(GAME, state) == ["discard"]
    assert "not on the board" in refuse(GAME, state, "cancel 2")
    assert play(GAME, state, "discard").board.cancel == REMOVED


# -- the Mayor --------------------------------------------------------------------------------


def test_mayor_goes_on_main_street_in_front_of_any_row() -> None:
    """ "The player places the Mayor on Main Street in front of any of the 3 rows." """
    state = holding("mayor")
    assert legal_texts(GAME, state) == ["place U", "place M", "place L", "discard"]
    assert play(GAME, state, "place L").board.mayor == 2
    assert "Main Street" in refuse(GAME, state, "place U3")


def test_mayor_may_be_discarded_instead() -> None:
    """ "The Mayor must be placed immediately after its auction, or it is removed from the
    game." """
    board = play(GAME, holding("mayor"), "discard").board
    assert board.mayor == REMOVED


def test_auction_then_placement_in_one_go() -> None:
    """A whole turn in notation: a rooftop turned over, bought and placed."""
    board = make_board(rows={"U": "B6"}, certificates={"B": 1})
    state = make_state(GAME, board=board, roofs_left=[2, 5])
    state = play(GAME, state, "auction roof", rng=ScriptedRng([1]))
    for text in ("bid 2", "pass", "pass", "sell", "place U1"):
        state = play(GAME, state, text)
    assert state.board.roofs[0] == 5 and state.money == (14, 10, 12, 12)
    assert state.board.barriers == (IN_SUPPLY,) * 3


def test_cancel_cube_removing_a_lengthening_barrier_can_complete_a_row() -> None:
    """The Cancel cube removes a barrier and "the development requirement of the row" follows:
    a row lengthened beyond its roofed buildings is complete again once that barrier goes."""
    board = make_board(rows={"U": "B6^1 G6^2 R6^3 Y6^4"}, barriers={2: "U+"})
    assert board.lengths[0] == 6 and not is_row_complete(board, 0)
    after = placed_cancel(board, 2)
    assert after.lengths[0] == 4 and is_row_complete(after, 0)
    assert after.barriers[1] == REMOVED


def test_cancel_cube_cannot_leave_a_row_needing_fewer_than_no_lots() -> None:
    """Our rule beside "may not be removed if the development requirement would be shorter than
    the current amount of developed lots": no removal may leave a row needing fewer than 0 lots
    (4 - 3 + 1 - 2 = 0; removing the lengthening 1 would leave -1)."""
    board = make_board(barriers={3: "L-", 1: "L+", 2: "L-"})
    assert board.lengths[2] == 0
    state = holding("cancel", board)
    assert legal_texts(GAME, state) == ["cancel 2", "cancel 3", "discard"]
    assert "would shorten the lower row to -1 lots" in refuse(GAME, state, "cancel 1")
