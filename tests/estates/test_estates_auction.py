"""Setup, the turn and the auction: one test per rule and ruling, named after it."""

from __future__ import annotations

import pytest

from tycoon.core import IllegalActionError, OutOfTurnError, ScriptedRng, SeededRng
from tycoon.games.estates.components import IN_SUPPLY, NUM_CUBES, ROOF
from tycoon.games.estates.state import BID, CHOOSE, DECIDE, PLACE

from .helpers import cube, legal_texts, make_board, make_state, new_game, play, play_all, refuse

# -- setup ------------------------------------------------------------------------------------


def test_setup_draws_24_of_36_cubes_into_three_offer_rows_of_eight() -> None:
    """Setup 3: "Randomly draw out 24 of the Floor cubes. Place them ... in 3 rows of 8 cubes
    each beside the board. The 12 remaining Floor cubes are not used in this game"."""
    game = new_game()
    # A partial shuffle drawing 0 each time keeps the cubes in order; then seat 2 starts.
    state = game.initial_state(ScriptedRng([0] * 24 + [2]))
    assert state.offer == (tuple(range(8)), tuple(range(8, 16)), tuple(range(16, 24)))
    seeded = game.initial_state(SeededRng(5))
    drawn = [c for row in seeded.offer for c in row]
    assert len(drawn) == len(set(drawn)) == 24 and all(0 <= c < NUM_CUBES for c in drawn)


def test_setup_starting_player_is_random() -> None:
    """ "Randomly determine the starting player." """
    game = new_game()
    state = game.initial_state(ScriptedRng([0] * 24 + [2]))
    assert state.auctioneer == 2 and game.to_act(state) == (2,)


def test_setup_each_player_receives_12_million_at_every_player_count() -> None:
    """Setup 6: "Each player receives $12 million in Checks" (FACT: at every player count)."""
    for players in range(2, 6):
        state = new_game(players).initial_state(SeededRng(1))
        assert state.money == (12,) * players and state.box == (0,) * players


def test_setup_rooftops_face_down_pieces_near_the_board() -> None:
    """Setup 4-5: twelve rooftops face down; permits, Cancel cube and Mayor near the board;
    every row requires 4 buildings; no certificate taken."""
    state = new_game().initial_state(SeededRng(1))
    board = state.board
    assert len(state.roofs_left) == 12
    assert board.barriers == (IN_SUPPLY,) * 3 and board.mayor == IN_SUPPLY
    assert board.cancel == IN_SUPPLY
    assert board.lengths == (4, 4, 4) and board.certificates == (-1,) * 6


# -- illegal earnings ---------------------------------------------------------------------------


def test_illegal_earnings_stow_one_million_into_the_cash_box() -> None:
    """ "At the beginning of their turn, the active player may stow away $1 million into their
    personal cash box." """
    game = new_game()
    state = play(game, make_state(game), "stow")
    assert state.money[0] == 11 and state.box[0] == 1
    assert state.phase == CHOOSE and game.to_act(state) == (0,)


def test_illegal_earnings_at_most_one_cheque_a_turn() -> None:
    """CLARIFICATIONS: "at most one $1M cheque a turn"."""
    game = new_game()
    state = play(game, make_state(game), "stow")
    assert "only one $1M cheque a turn" in refuse(game, state, "stow")


def test_illegal_earnings_only_at_the_start_of_the_turn() -> None:
    """Stowing comes first: once a piece is chosen it is too late (and never on another's
    turn)."""
    game = new_game()
    state = play(game, make_state(game, offer=["B5 G2", "", ""]), "auction B5")
    reason = refuse(game, state, "stow", seat=1)
    assert "start of your own turn" in reason


def test_illegal_earnings_need_a_cheque_in_hand() -> None:
    game = new_game()
    state = make_state(game, money=[0, 12, 12, 12])
    assert "stow" not in legal_texts(game, state)
    assert "no cheque in hand" in refuse(game, state, "stow")


def test_illegal_earnings_cannot_be_used_to_bid() -> None:
    """ "Players may not bid with their Illegal Earnings." """
    game = new_game()
    state = make_state(game, money=[12, 3, 12, 12], box=[0, 5, 0, 0], offer=["B5", "", ""])
    state = play(game, state, "auction B5")
    assert legal_texts(game, state) == ["bid 1..3", "pass"]
    reason = refuse(game, state, "bid 4")
    assert "more money than you have in hand ($3M" in reason and "cash box" in reason


def test_illegal_earnings_cannot_pay_for_buying_as_auctioneer() -> None:
    """ "Illegal Earnings may not be used for the remainder of the game": an auctioneer with
    $4M in hand and 3 cheques in the cash box cannot buy against a bid of $5M."""
    game = new_game()
    state = make_state(game, money=[4, 12, 12, 12], box=[3, 0, 0, 0], offer=["B5", "", ""])
    state = play_all(game, state, "auction B5", "bid 5", "pass", "pass")
    assert legal_texts(game, state) == ["sell"]
    assert "you must sell" in refuse(game, state, "buy")


# -- choosing a piece -------------------------------------------------------------------------


def test_only_cubes_at_either_end_of_an_offer_row_can_be_auctioned() -> None:
    """ "Floor cubes: May only be selected from either end of the 3 rows." """
    game = new_game()
    state = make_state(game, offer=["B5 G2 R3", "Y1", ""])
    cubes = [t for t in legal_texts(game, state) if "auction" in t and "barrier" not in t]
    cubes = [t for t in cubes if t[-1].isdigit()]
    assert cubes == ["auction B5", "auction R3", "auction Y1"]
    assert "not at either end of an offer row" in refuse(game, state, "auction G2")
    assert "not in the offer rows" in refuse(game, state, "auction P6")


def test_an_auctioned_cube_leaves_its_offer_row() -> None:
    game = new_game()
    state = make_state(game, offer=["B5 G2 R3", "Y1", ""])
    after = play(game, state, "auction R3")
    assert after.offer == ((cube("B5"), cube("G2")), (cube("Y1"),), ())
    assert after.phase == BID and after.piece == cube("R3")


def test_cube_with_no_legal_placement_cannot_be_auctioned() -> None:
    """RULING: "A cube with no legal placement cannot be put up for auction"."""
    game = new_game()
    # Every row is built to its requirement; the only open stack has a 3 on top.
    board = make_board(
        rows={"U": "B6^1 G6^1", "M": "R6^1 Y6^1", "L": "P3 O6^2"},
        lengths={"U": 2, "M": 2, "L": 2},
    )
    state = make_state(game, board=board, offer=["B2 G5", "", ""])
    texts = legal_texts(game, state)
    assert "auction B2" in texts and "auction G5" not in texts
    assert "cannot be placed anywhere" in refuse(game, state, "auction G5")


def test_rooftop_only_while_a_building_lacks_one() -> None:
    """ "Rooftops: May only be selected if there is at least 1 building without a Rooftop on
    the board and there are available Rooftops." """
    game = new_game()
    state = make_state(game)
    assert "auction roof" not in legal_texts(game, state)
    assert "building has no rooftop" in refuse(game, state, "auction roof")
    roofed = make_state(game, board=make_board(rows={"U": "B5^3"}))
    assert "auction roof" not in legal_texts(game, roofed)
    open_building = make_state(game, board=make_board(rows={"U": "B5^3 G2"}))
    assert "auction roof" in legal_texts(game, open_building)


def test_rooftop_is_turned_over_before_its_auction() -> None:
    """ "Before the auction for a Rooftop, flip over the Rooftop to reveal its number." The
    face-down pile is drawn from when it is turned over (scripted here)."""
    game = new_game()
    state = make_state(game, board=make_board(rows={"U": "B5"}), roofs_left=[1, 2, 4, 6])
    after = play(game, state, "auction roof", rng=ScriptedRng([2]))
    assert after.piece == ROOF and after.roof_value == 4
    assert after.roofs_left == (1, 2, 6)


def test_permits_mayor_and_cancel_only_while_not_used() -> None:
    """ "Building Permits, Mayor, or Cancel cube: May only be selected if not on the board and
    not discarded." """
    game = new_game()
    board = make_board(barriers={2: "U-"}, mayor="M", cancel_used=True)
    state = make_state(game, board=board)
    texts = legal_texts(game, state)
    assert "auction barrier 1" in texts and "auction barrier 3" in texts
    assert "auction barrier 2" not in texts and "auction mayor" not in texts
    assert "auction cancel" not in texts
    assert "already been used" in refuse(game, state, "auction barrier 2")
    assert "already been used" in refuse(game, state, "auction mayor")


# -- the auction ------------------------------------------------------------------------------


def test_auction_goes_once_round_from_the_auctioneers_left() -> None:
    """ "Beginning with the player to their left, each other player in clockwise order bids
    for the chosen piece or passes." """
    game = new_game()
    state = play(game, make_state(game, auctioneer=2, offer=["B5", "", ""]), "auction B5")
    order = []
    for text in ("bid 1", "pass", "bid 3"):
        order.append(game.to_act(state)[0])
        state = play(game, state, text)
    assert order == [3, 0, 1]
    assert state.phase == DECIDE and game.to_act(state) == (2,)


def test_first_bid_may_be_any_amount_up_to_ones_money() -> None:
    """ "The first player to bid may begin at any amount." (whole $M, at least $1M by our
    choice, option minimum-bid)."""
    game = new_game()
    state = play(game, make_state(game, money=[12, 7, 12, 12], offer=["B5", "", ""]), "auction B5")
    assert legal_texts(game, state) == ["bid 1..7", "pass"]
    assert "at least $1M" in refuse(game, state, "bid 0")


def test_minimum_bid_option_zero_allows_bidding_nothing() -> None:
    game = new_game(minimum_bid=0)
    state = play(game, make_state(game, offer=["B5", "", ""]), "auction B5")
    assert legal_texts(game, state)[0] == "bid 0..12"


def test_each_bid_must_be_higher_than_the_last() -> None:
    """ "Each subsequent bid must be higher than the previous bid." Bad input: a bid not above
    the last is refused with the reason and the state unchanged."""
    game = new_game()
    state = play_all(game, make_state(game, offer=["B5", "", ""]), "auction B5", "bid 4")
    assert legal_texts(game, state) == ["bid 5..12", "pass"]
    assert "higher than the last bid ($4M)" in refuse(game, state, "bid 4")
    assert "higher than the last bid ($4M)" in refuse(game, state, "bid 2")


def test_no_bid_beyond_ones_money() -> None:
    """ "The player may not place a bid for more money than they have." Bad input."""
    game = new_game()
    state = make_state(game, money=[12, 5, 12, 12], offer=["B5", "", ""])
    state = play(game, state, "auction B5")
    reason = refuse(game, state, "bid 6")
    assert "cannot bid more money than you have in hand ($5M" in reason


def test_each_player_bids_only_once() -> None:
    """ "Each player may only bid once." After one round the auctioneer decides."""
    game = new_game()
    state = play_all(
        game, make_state(game, offer=["B5", "", ""]), "auction B5", "bid 1", "bid 2", "bid 3"
    )
    assert state.phase == DECIDE and game.to_act(state) == (0,)
    with pytest.raises(OutOfTurnError):
        play(game, state, "bid 4", seat=1)


def test_a_player_who_cannot_beat_the_high_bid_may_only_pass() -> None:
    """RULING: "a player who cannot beat the high bid passes"."""
    game = new_game()
    state = make_state(game, money=[12, 12, 6, 12], offer=["B5", "", ""])
    state = play_all(game, state, "auction B5", "bid 6")
    assert legal_texts(game, state) == ["pass"]


def test_auctioneer_sells_to_the_highest_bidder_who_pays_the_auctioneer() -> None:
    """Option A: "The auctioneer gives the chosen piece to the highest bidder who then pays
    their bid to the auctioneer." """
    game = new_game()
    state = make_state(game, offer=["B5", "", ""])
    state = play_all(game, state, "auction B5", "bid 2", "bid 5", "pass", "sell")
    assert state.money == (17, 12, 7, 12)
    assert state.phase == PLACE and state.holder == 2 and game.to_act(state) == (2,)


def test_auctioneer_buys_by_paying_the_highest_bid_to_the_bidder() -> None:
    """Option B: "The auctioneer keeps the chosen piece and pays the highest bid to the highest
    bidder." """
    game = new_game()
    state = make_state(game, offer=["B5", "", ""])
    state = play_all(game, state, "auction B5", "bid 2", "bid 5", "pass", "buy")
    assert state.money == (7, 12, 17, 12)
    assert state.holder == 0 and game.to_act(state) == (0,)


def test_auctioneer_who_cannot_pay_must_sell() -> None:
    """CLARIFICATIONS: "one who cannot pay must sell". Bad input: buying beyond one's money."""
    game = new_game()
    state = make_state(game, money=[4, 12, 12, 12], offer=["B5", "", ""])
    state = play_all(game, state, "auction B5", "bid 5", "pass", "pass")
    assert legal_texts(game, state) == ["sell"]
    assert "you must sell" in refuse(game, state, "buy")


def test_all_pass_the_auctioneer_receives_the_piece_for_free() -> None:
    """ "If all players pass, the auctioneer receives the piece for free to place or discard." """
    game = new_game()
    state = make_state(game, offer=["B5", "", ""])
    state = play_all(game, state, "auction B5", "pass", "pass", "pass")
    assert state.phase == PLACE and state.holder == 0 and state.money == (12,) * 4


def test_winner_places_at_once_then_the_next_player_on_the_left_auctions() -> None:
    """ "After placing or discarding the piece, the turn is over and the next player in
    clockwise order begins their turn as the new auctioneer." """
    game = new_game()
    state = make_state(game, auctioneer=3, offer=["B5 G4", "", ""])
    state = play_all(game, state, "auction B5", "bid 1", "pass", "pass", "sell", "place U1")
    assert state.phase == CHOOSE and state.auctioneer == 0 and not state.stowed
    assert state.board.stacks[0] == (cube("B5"),)


def test_two_player_auction_has_one_bidder() -> None:
    game = new_game(2)
    state = make_state(game, offer=["B5", "", ""])
    state = play_all(game, state, "auction B5", "bid 3")
    assert state.phase == DECIDE


def test_actions_out_of_phase_are_refused_with_what_to_do() -> None:
    game = new_game()
    state = play(game, make_state(game, offer=["B5", "", ""]), "auction B5")
    assert "bid or pass" in refuse(game, state, "place U1")
    state = play_all(game, state, "bid 1", "pass", "pass")
    assert "sell the piece to the high bidder or buy it" in refuse(game, state, "pass")


def test_refused_moves_raise_illegal_action_error() -> None:
    game = new_game()
    state = make_state(game)
    try:
        game.apply(state, game.parse_action("sell", 0), ScriptedRng([]))
    except IllegalActionError as error:
        assert "choose a piece" in error.reason
    else:  # pragma: no cover - the assertion above is the test
        raise AssertionError("sell was accepted in the choose phase")
