"""The end of the game, scoring, the tie-break and several rounds: the rulebook's end-of-game and
scoring examples and one test per rule and ruling."""

from __future__ import annotations

from tycoon.core import ScriptedRng
from tycoon.games.estates.game import Estates
from tycoon.games.estates.rules import buildings, is_row_complete, round_scores
from tycoon.games.estates.state import CHOOSE, OVER, Board, EstatesState

from .helpers import make_board, make_state, new_game, play, play_all

# -- scoring ----------------------------------------------------------------------------------


def example_building(row: str = "U", complete: bool = True, mayor: str | None = None) -> Board:
    """The scoring example's building: Green 4 under Blue 2 with rooftop 3 = 9, top cube Blue.
    Blue's certificate is seat 1's, Green's seat 2's."""
    rows = {row: "G4.B2^3"}
    lengths = {row: 1 if complete else 2}
    return make_board(rows=rows, lengths=lengths, mayor=mayor, certificates={"B": 1, "G": 2})


def test_scoring_example_this_building_scores_9_for_the_owner_of_blue() -> None:
    """SCORING EXAMPLE: "This building scores 9 points for the owner of Blue." Each cube scores
    its printed value and the rooftop's value is added, for the holder of the certificate of the
    top cube's colour."""
    board = example_building()
    (building,) = buildings(board)
    assert (building.value, building.owner, building.points) == (9, 1, 9)
    assert round_scores(board, (0, 0, 0, 0)) == (0, 9, 0, 0)


def test_scoring_example_in_an_incomplete_row_the_owner_of_blue_loses_9() -> None:
    """ "If this building were in an incomplete row, the owner of Blue would lose 9 points." """
    board = example_building(complete=False)
    assert round_scores(board, (0, 0, 0, 0)) == (0, -9, 0, 0)


def test_scoring_example_with_the_mayor_the_building_is_doubled() -> None:
    """ "If this building were in a row with the Mayor, the score of the building would be
    doubled." - positive or negative: "the Mayor doubles the scores of all buildings (positive
    or negative) in the chosen row"."""
    assert round_scores(example_building(mayor="U"), (0, 0, 0, 0)) == (0, 18, 0, 0)
    assert round_scores(example_building(complete=False, mayor="U"), (0,) * 4) == (0, -18, 0, 0)
    assert round_scores(example_building(mayor="M"), (0, 0, 0, 0)) == (0, 9, 0, 0)


def test_a_building_scores_only_for_the_holder_of_its_top_cubes_certificate() -> None:
    """ "A building scores points only for the player who holds the Company Certificate matching
    the color of the topmost Floor cube." Green's holder gets nothing from the Blue-topped one."""
    board = example_building()
    assert round_scores(board, (0, 0, 0, 0))[2] == 0


def test_cash_box_scores_one_point_per_cheque() -> None:
    """ "Players score 1 point for each Check in their personal cash box." Money in hand scores
    nothing."""
    assert round_scores(example_building(), (3, 0, 1, 0)) == (3, 9, 1, 0)


def test_zero_completed_rows_is_possible_and_every_building_loses() -> None:
    """ "It is possible to have zero completed rows of buildings." """
    board = make_board(
        rows={"U": "B5^1", "M": "G3", "L": "R2^2"}, certificates={"B": 0, "G": 1, "R": 2}
    )
    assert not any(is_row_complete(board, r) for r in range(3))
    assert round_scores(board, (0, 0, 0, 0)) == (-6, -3, -4, 0)


def test_empty_row_shortened_to_zero_counts_as_complete() -> None:
    """RULING: "a row shortened to length 0 counts as complete with no buildings" (option
    empty-row-complete; off, such a row is never complete)."""
    board = make_board(barriers={3: "M-", 1: "M-"})
    assert board.lengths[1] == 0
    assert is_row_complete(board, 1)
    assert not is_row_complete(board, 1, empty_row_complete=False)


# -- the end of the game ----------------------------------------------------------------------


def end_of_game_example(game_players: int = 4, rounds: int = 1) -> tuple[Estates, EstatesState]:
    """The END OF THE GAME example: "The upper and middle rows are complete. The scores of the
    buildings in the upper row are doubled because of the Mayor. ... The upper row has been made 2
    lots shorter while the middle row and bottom row were made longer by 1 and 3 lots." One
    rooftop is still to go on M5; seat 0 auctions it."""
    game = new_game(game_players, rounds=rounds)
    board = make_board(
        rows={
            "U": "B5^2 G3^1",
            "M": "R6^3 Y2^4 O4^1 P5^2 B1",
            "L": "Y6.R4 G2^5",
        },
        barriers={2: "U-", 1: "M+", 3: "L+"},
        mayor="U",
        certificates={"B": 0, "G": 1, "R": 2, "Y": 3, "O": 0, "P": 1},
    )
    state = make_state(
        game,
        board=board,
        box=[2, 0, 1, 3][:game_players] + [0] * (game_players - 4),
        money=[9, 12, 11, 8][:game_players] + [12] * (game_players - 4),
        roofs_left=[1, 6],
        offer=["B2 B3", "", ""],
    )
    return game, state


def test_end_of_game_example_two_complete_rows_end_the_game() -> None:
    """ "As soon as 2 rows of buildings are completed ... buildings must fill the designated
    length, and all buildings in those 2 rows must have a Rooftop." The rooftop 6 on M5 ends it:
    upper (2 lots) and middle (5 lots) complete, lower (7 lots) incomplete."""
    game, state = end_of_game_example()
    assert state.board.lengths == (2, 5, 7)
    state = play(game, state, "auction roof", rng=ScriptedRng([1]))
    state = play_all(game, state, "pass", "pass", "pass", "place M5")
    assert state.phase == OVER and state.end_reason == "two rows are complete"
    outcome = game.outcome(state)
    assert outcome is not None
    # Upper row doubled: U1 7 -> 14 (Blue, seat 0), U2 4 -> 8 (Green, seat 1).
    # Middle: R6+3 = 9 (seat 2), Y2+4 = 6 (seat 3), O4+1 = 5 (seat 0), P5+2 = 7 (seat 1),
    # B1+6 = 7 (seat 0). Lower, incomplete: Y6 R4 = -10 (Red, seat 2), G2+5 = -7 (seat 1).
    # Cash boxes 2, 0, 1, 3.
    assert outcome.scores == (28.0, 8.0, 0.0, 9.0)
    assert outcome.ranks == (1, 3, 4, 2)


def test_game_ends_when_no_rooftops_are_left() -> None:
    """ "It is impossible to complete any more buildings; no more Rooftops or Floor cubes are
    available." The last rooftop placed without completing two rows ends the game."""
    game = new_game()
    board = make_board(rows={"U": "B5 G3"}, certificates={"B": 0, "G": 1})
    state = make_state(game, board=board, roofs_left=[4])
    state = play(game, state, "auction roof", rng=ScriptedRng([0]))
    state = play_all(game, state, "pass", "pass", "pass", "place U1")
    assert state.phase == OVER
    assert state.end_reason == "no rooftops are left, so no building can be completed"
    outcome = game.outcome(state)
    assert outcome is not None and outcome.scores == (-9.0, -3.0, 0.0, 0.0)


def test_game_ends_when_no_floor_cubes_are_left_and_every_building_is_roofed() -> None:
    game = new_game()
    board = make_board(rows={"U": "B5^1 G3"}, certificates={"B": 0, "G": 1})
    state = make_state(game, board=board, roofs_left=[2, 4], offer=["", "", ""])
    state = play(game, state, "auction roof", rng=ScriptedRng([0]))
    state = play_all(game, state, "pass", "pass", "pass", "place U2")
    assert state.phase == OVER
    assert state.end_reason == "no floor cubes are left and every building has its rooftop"


def test_game_goes_on_while_a_building_can_still_be_completed() -> None:
    game = new_game()
    board = make_board(rows={"U": "B5^1 G3"}, certificates={"B": 0, "G": 1})
    state = make_state(game, board=board, roofs_left=[2, 4], offer=["R1", "", ""])
    state = play(game, state, "auction roof", rng=ScriptedRng([0]))
    state = play_all(game, state, "pass", "pass", "pass", "place U2")
    assert state.phase == CHOOSE and state.auctioneer == 1


def test_shortening_a_row_to_zero_can_end_the_game() -> None:
    """RULING: the empty row counts as complete, so with one other complete row the game ends
    at once; with empty-row-complete off it goes on."""
    for flag, over in ((True, True), (False, False)):
        game = new_game(empty_row_complete=flag)
        board = make_board(rows={"U": "B5^1"}, lengths={"U": 1}, barriers={3: "M-"})
        assert board.lengths[1] == 1
        state = make_state(game, board=board, offer=["R1", "", ""])
        state = play_all(game, state, "auction barrier 1", "pass", "pass", "pass", "place M1")
        assert (state.phase == OVER) is over


def test_tie_goes_to_the_most_cheques_in_hand_and_cash_box() -> None:
    """ "In case of a tie, the tied player with the most amount of Checks in hand, including
    their personal cash box, is the winner." """
    game = new_game()
    board = make_board(rows={"U": "B5"}, certificates={"B": 0})
    # Seats 1 and 2 both score 2 (cash box); seat 2 has more cheques in all.
    state = make_state(game, board=board, roofs_left=[4], money=[10, 8, 9, 12], box=[0, 2, 2, 1])
    state = play(game, state, "auction roof", rng=ScriptedRng([0]))
    state = play_all(game, state, "pass", "pass", "pass", "place U1")
    outcome = game.outcome(state)
    assert outcome is not None
    assert outcome.scores == (-9.0, 2.0, 2.0, 1.0)
    assert outcome.ranks == (4, 2, 1, 3)
    assert state.results[-1].winners == (2,)


# -- several rounds ---------------------------------------------------------------------------


def test_several_rounds_money_carried_over_including_the_cash_box() -> None:
    """ "At the end of each round, set up the game as in the Setup section of the rules,
    excluding Step 6. Players start the next round with their Checks from the previous game,
    including the Checks from their personal cash box." """
    game, state = end_of_game_example(rounds=3)
    state = play(game, state, "auction roof", rng=ScriptedRng([1]))
    # Ending the round draws the next round's 24 cubes and first auctioneer (seat 3).
    state = play_all(game, state, "pass", "pass", "pass")
    state = play(game, state, "place M5", rng=ScriptedRng([0] * 24 + [3]))
    assert state.phase == CHOOSE and state.round == 2 and state.auctioneer == 3
    assert state.money == (11, 12, 12, 11) and state.box == (0, 0, 0, 0)
    assert state.totals == (28, 8, 0, 9) and state.wins == (1, 0, 0, 0)
    assert state.board.built == (0, 0, 0) and len(state.roofs_left) == 12
    assert sum(len(r) for r in state.offer) == 24
    assert game.outcome(state) is None


def finish_round(game: Estates, state: EstatesState, next_start: int = 0) -> EstatesState:
    """End the running round from the end-of-game example's board (seat 0 wins it)."""
    from dataclasses import replace

    _, example = end_of_game_example(rounds=3)
    state = replace(
        state,
        board=example.board,
        roofs_left=(1, 6),
        auctioneer=0,
        offer=example.offer,
        box=(2, 0, 1, 3),
        money=tuple(m - b for m, b in zip(state.money, (2, 0, 1, 3), strict=True)),
    )
    state = play(game, state, "auction roof", rng=ScriptedRng([1]))
    state = play_all(game, state, "pass", "pass", "pass")
    return play(game, state, "place M5", rng=ScriptedRng([0] * 24 + [next_start]))


def test_several_rounds_a_player_who_wins_two_rounds_wins_at_once() -> None:
    """ "However, if a player wins 2 rounds, the game is over, and that player is the final
    winner." (Three rounds agreed; seat 0 wins the first two.)"""
    game, state = end_of_game_example(rounds=3)
    state = finish_round(game, state)
    assert state.round == 2
    state = finish_round(game, state)
    assert state.phase == OVER and state.wins == (2, 0, 0, 0)
    outcome = game.outcome(state)
    assert outcome is not None and outcome.winners == (0,)
    assert "won 2 rounds" in outcome.reason
    assert outcome.scores == (56.0, 16.0, 0.0, 18.0)


def test_several_rounds_highest_total_wins_after_the_agreed_rounds() -> None:
    """ "At the very end of all the rounds, the player with the highest total score wins". And
    "If all players have negative scores, the player with the least negative score is the
    winner." Two rounds agreed; nobody has won two; equal totals go to the most cheques."""
    from dataclasses import replace

    game = new_game(rounds=2)
    board = make_board(
        rows={"U": "B5", "M": "G3", "L": "R1"}, certificates={"B": 0, "G": 1, "R": 2}
    )
    state = make_state(game, board=board, roofs_left=[1], money=[12, 13, 11, 12])
    state = replace(state, wins=(1, 0, 0, 0), totals=(-1, -2, -3, -20), round=2)
    state = play(game, state, "auction roof", rng=ScriptedRng([0]))
    state = play_all(game, state, "pass", "pass", "pass", "place L1")
    # Round 2: U -5 (seat 0), M -3 (seat 1), L -(1 + 1) (seat 2), seat 3 nothing: seat 3 wins it.
    assert state.phase == OVER and state.wins == (1, 0, 0, 1)
    outcome = game.outcome(state)
    assert outcome is not None
    assert outcome.scores == (-6.0, -5.0, -5.0, -20.0)
    assert outcome.winners == (1,) and outcome.ranks == (3, 1, 2, 4)
    assert "all 2 rounds played" in outcome.reason


def test_several_rounds_two_round_wins_beat_a_higher_total() -> None:
    from dataclasses import replace

    game = new_game(rounds=3)
    board = make_board(rows={"U": "B5"}, certificates={"B": 0})
    state = make_state(game, board=board, roofs_left=[1])
    state = replace(state, wins=(0, 0, 0, 1), totals=(40, 0, 0, 1), round=2)
    state = play(game, state, "auction roof", rng=ScriptedRng([0]))
    state = play_all(game, state, "pass", "pass", "pass", "place U1")
    # Seat 0 loses 6; seats 1-3 score 0 and tie: all cheques equal, so all three win the round.
    assert state.wins == (0, 1, 1, 2) and state.phase == OVER
    outcome = game.outcome(state)
    assert outcome is not None and outcome.winners == (3,)
    assert outcome.scores == (34.0, 0.0, 0.0, 1.0)


def test_cancel_cube_completing_the_second_row_ends_the_game_at_once() -> None:
    """ "The game ends ... As soon as 2 rows of buildings are completed": also when the second
    row is completed by the Cancel cube removing the barrier that lengthened it."""
    game = new_game()
    board = make_board(
        rows={"U": "B5^1 G3^2 R2^3 Y1^4", "M": "O4^1 P5^2 B1^3 G2^4"},
        barriers={1: "U+"},
        certificates={"B": 0, "G": 1, "R": 2, "Y": 3, "O": 0, "P": 1},
    )
    assert [is_row_complete(board, r) for r in range(3)] == [False, True, False]
    state = make_state(game, board=board)
    state = play_all(game, state, "auction cancel", "pass", "pass", "pass", "cancel 1")
    assert state.phase == OVER and state.end_reason == "two rows are complete"


def test_several_rounds_each_round_is_set_up_again_as_in_the_setup() -> None:
    """ "At the end of each round, set up the game as in the Setup section of the rules,
    excluding Step 6": certificates back near Main Street, new cubes drawn, rooftops, barriers,
    Mayor and Cancel cube back beside the board, a starting player drawn again."""
    game, state = end_of_game_example(rounds=2)
    assert any(c >= 0 for c in state.board.certificates)
    state = play(game, state, "auction roof", rng=ScriptedRng([1]))
    state = play_all(game, state, "pass", "pass", "pass")
    state = play(game, state, "place M5", rng=ScriptedRng([5] + [0] * 23 + [1]))
    assert state.round == 2 and state.phase == CHOOSE
    board = state.board
    assert board.certificates == (-1,) * 6
    assert board.barriers == (-1,) * 3 and board.mayor == -1 and board.cancel == -1
    assert board.lengths == (4, 4, 4) and board.built == (0, 0, 0)
    assert state.roofs_left == (1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6)
    assert state.auctioneer == 1 and state.start_seat == 1 and state.turn == 1
    assert state.offer[0][0] == 5  # drawn again: the sixth cube comes first
    assert len(state.results) == 1 and state.results[0].board.mayor == 0
