"""Hidden information (money, cash boxes, face-down rooftops), sample_state and the notation."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tycoon.core import Action, MalformedActionError, Match, SeededRng, sample_choice
from tycoon.games.estates.actions import (
    ACTION_TYPES,
    Auction,
    Bid,
    Buy,
    Cancel,
    Discard,
    Pass,
    Place,
    Sell,
    Stow,
)

from .helpers import make_board, make_state, new_game, play_all

GAME = new_game()


def test_money_in_hand_and_cash_box_are_secret() -> None:
    """ "Players are never required to reveal the amount of money they have." "Illegal Earnings
    ... may never be inspected by other players." A view shows only the viewer's own."""
    state = make_state(GAME, money=[9, 12, 5, 7], box=[1, 0, 3, 2])
    view = GAME.observe(state, 2)
    assert view.money == (None, None, 5, None) and view.box == (None, None, 3, None)
    spectator = GAME.observe(state, None)
    assert spectator.money == (None,) * 4 and spectator.box == (None,) * 4
    # Changing another seat's secret figures leaves the view as it was.
    other = replace(state, money=(1, 30, 5, 2), box=(4, 0, 3, 0))
    assert GAME.observe(other, 2) == view


def test_open_money_option_shows_everyone_s_money() -> None:
    game = new_game(open_money=True)
    state = make_state(game, money=[9, 12, 5, 7], box=[1, 0, 3, 2])
    assert game.observe(state, 0).money == (9, 12, 5, 7)
    assert game.observe(state, None).box == (1, 0, 3, 2)


def test_money_is_shown_once_the_game_is_over() -> None:
    """The tie-break and the cash-box points need the figures: the final view shows them."""
    match: Match[Any, Any, Any] = Match(GAME, 3)
    rng = SeededRng(9)
    while not match.is_over():
        seat = match.to_act()[0]
        match.play(sample_choice(match.legal_actions(seat), rng))
    view = GAME.observe(match.state, 1)
    assert None not in view.money and None not in view.box


def test_face_down_rooftops_are_unknown_to_all() -> None:
    """The rooftops' order is not in the state at all: the next one is drawn when turned over,
    and views hold only how many are face down and which values are left (which every player can
    work out from the board)."""
    board = make_board(rows={"U": "B5^3"})
    state = make_state(GAME, board=board, roofs_left=[1, 1, 2, 2, 3, 4, 4, 5, 5, 6, 6])
    view = GAME.observe(state, 0)
    assert view.roofs_face_down == 11
    assert view.roof_values_left == (1, 1, 2, 2, 3, 4, 4, 5, 5, 6, 6)
    assert view.roof_value == 0


def _bidding_position() -> Any:
    state = make_state(
        GAME, money=[3, 20, 9, 8], box=[2, 0, 4, 2], offer=["B5", "", ""], auctioneer=2
    )
    state = replace(state, stowed=True)
    # Seat 3 bids 7, seat 0 passes, seat 1 bids 15; seat 2 (who stowed) decides.
    return play_all(GAME, state, "auction B5", "bid 7", "pass", "bid 15")


def test_sample_state_keeps_the_view_and_the_cheques_the_auctions_record() -> None:
    """sample_state fills the unknowns consistently with a view: each hidden seat holds, in
    hand and box together, the starting money plus what the auctions paid it less what it paid
    (every winning bid is paid in the open), every bid of the running auction stays covered,
    a cheque stowed this turn stays in the auctioneer's box."""
    state = _bidding_position()
    view = GAME.observe(state, 3)
    assert view.paid == (-7, 8, 1, -2)  # as make_state recorded the cheques it set
    for seed in range(30):
        sample = GAME.sample_state(view, SeededRng(seed))
        assert GAME.observe(sample, 3) == view
        held = [m + b for m, b in zip(sample.money, sample.box, strict=True)]
        assert held == [5, 20, 13, 10]  # 12 plus what each was paid, the truth
        assert (sample.money[3], sample.box[3]) == (8, 2)  # the viewer's own figures
        assert sample.money[1] >= 15  # seat 1 bid 15
        assert sample.box[2] == 1  # seat 2 stowed in its one turn so far
        assert sample.box[0] == sample.box[1] == 0  # no stows without a turn


def test_sample_state_draws_the_cheques_at_random_where_the_record_does_not_fit() -> None:
    """A position set up by hand may hold cheques the record of auctions does not account for:
    the hidden seats then share the cheques nobody in sight holds at random, within the same
    bounds."""
    state = replace(_bidding_position(), paid=(0, 0, 0, 0))
    view = GAME.observe(state, 3)
    seen = set()
    for seed in range(30):
        sample = GAME.sample_state(view, SeededRng(seed))
        assert GAME.observe(sample, 3) == view
        assert sum(sample.money) + sum(sample.box) == 48
        assert (sample.money[3], sample.box[3]) == (8, 2)
        assert sample.money[1] >= 15 and sample.box[2] == 1
        seen.add((sample.money, sample.box))
    assert len(seen) > 5


def test_the_record_of_auctions_follows_every_payment_and_leaves_the_box_split_drawn() -> None:
    """Over a played game the record stays each seat's cheques less the starting money; a
    sample keeps every seat's cheques and redraws only how a seat split them between hand
    and box (stows are secret)."""
    match: Match[Any, Any, Any] = Match(GAME, 4)
    rng = SeededRng(4)
    splits: set[tuple[int, ...]] = set()
    for _ in range(60):
        seat = match.to_act()[0]
        match.play(sample_choice(match.legal_actions(seat), rng))
        state = match.state
        held = [m + b for m, b in zip(state.money, state.box, strict=True)]
        assert list(state.paid) == [h - GAME.starting_money for h in held]
        view = GAME.observe(state, 0)
        sample = GAME.sample_state(view, SeededRng(len(splits)))
        assert [m + b for m, b in zip(sample.money, sample.box, strict=True)] == held
        splits.add(sample.box)
    assert len(splits) > 1


def test_sample_state_of_a_spectator_view_redraws_everyone() -> None:
    state = make_state(GAME, money=[3, 20, 9, 8], box=[2, 0, 4, 2])
    view = GAME.observe(state, None)
    sample = GAME.sample_state(view, SeededRng(1))
    assert GAME.observe(sample, None) == view and sum(sample.money) + sum(sample.box) == 48


# -- notation ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("stow", Stow(1)),
        ("auction B5", Auction(1, "B5")),
        ("auction roof", Auction(1, "roof")),
        ("auction barrier 2", Auction(1, "barrier2")),
        ("auction mayor", Auction(1, "mayor")),
        ("auction cancel", Auction(1, "cancel")),
        ("bid 7", Bid(1, 7)),
        ("pass", Pass(1)),
        ("sell", Sell(1)),
        ("buy", Buy(1)),
        ("place U3", Place(1, 0, 3)),
        ("place L11", Place(1, 2, 11)),
        ("place M", Place(1, 1, 0)),
        ("cancel 2", Cancel(1, 2)),
        ("discard", Discard(1)),
    ],
)
def test_notation_round_trips(text: str, action: Action) -> None:
    assert GAME.parse_action(text, 1) == action
    assert GAME.format_action(action) == text
    assert type(action) in ACTION_TYPES


def test_notation_is_forgiving_about_case_and_spaces() -> None:
    assert GAME.parse_action("  Auction  b5 ", 0) == Auction(0, "B5")
    assert GAME.parse_action("auction rooftop", 0) == Auction(0, "roof")
    assert GAME.parse_action("auction barrier2", 0) == Auction(0, "barrier2")
    assert GAME.parse_action("place u 3", 0) == Place(0, 0, 3)
    assert GAME.parse_action("bid $4M", 0) == Bid(0, 4)


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ("", "empty"),
        ("auction", "not a move"),
        ("auction B7", "no piece"),
        ("auction Z1", "no piece"),
        ("bid", "not a move"),
        ("bid -2", "whole number"),
        ("bid lots", "whole number"),
        ("place X3", "a row is U/M/L"),
        ("place U12", "lots are 1..10"),
        ("place Ux", "whole number"),
        ("cancel 4", "no barrier 4"),
        ("stow now", "not a move"),
    ],
)
def test_malformed_notation_is_refused_with_the_right_form(text: str, hint: str) -> None:
    with pytest.raises(MalformedActionError) as caught:
        GAME.parse_action(text, 0)
    assert hint in caught.value.reason


# -- several rounds: what a finished round reveals ----------------------------------------------


def _finished_round_state(money: tuple[int, ...], box: tuple[int, ...]) -> Any:
    """Round 1 of 3 ended by the last rooftop: U1 (Blue, seat 0) and M1 (Green, seat 1) lose."""
    from tycoon.core import ScriptedRng

    from .helpers import play

    game = new_game(rounds=3)
    board = make_board(rows={"U": "B5", "M": "G3"}, certificates={"B": 0, "G": 1})
    state = make_state(game, board=board, roofs_left=[1], money=list(money), box=list(box))
    state = play(game, state, "auction roof", rng=ScriptedRng([0]))
    state = play_all(game, state, "pass", "pass", "pass")
    state = play(game, state, "place U1", rng=ScriptedRng([0] * 24 + [2]))
    assert state.round == 2 and len(state.results) == 1
    return game, state


def test_several_rounds_money_in_hand_at_a_rounds_end_stays_secret() -> None:
    """ "Players are never required to reveal the amount of money they have." After a round
    only the scores are recorded ("After each round, scores for each player are recorded"); the
    cash boxes are in the scores, but money in hand is not, and since every cheque is carried
    over it would give away everyone's money for the next round."""
    game, state = _finished_round_state((14, 8, 9, 11), (1, 3, 0, 2))
    result = state.results[0]
    assert result.money == (14, 8, 9, 11)  # the truth is kept
    view = game.observe(state, 2)
    assert view.results[0].money == (None, None, 9, None)
    assert view.results[0].scores == result.scores and view.results[0].box == result.box
    assert game.observe(state, None).results[0].money == (None,) * 4
    # Another distribution of money in hand at the round's end looks the same to seat 2.
    from dataclasses import replace as swap

    other = swap(state, results=(swap(result, money=(8, 14, 9, 11)),))
    assert game.observe(other, 2) == view
    # sample_state redraws it consistently: 48 cheques in all, the viewer's own kept.
    for seed in range(10):
        sample = game.sample_state(view, SeededRng(seed))
        assert game.observe(sample, 2) == view
        past = sample.results[0]
        assert None not in past.money and past.money[2] == 9
        assert sum(m for m in past.money if m is not None) + sum(past.box) == 48
    # Everything is shown once the game is over.
    assert game.observe(replace(state, phase=4), 2).results[0].money == (14, 8, 9, 11)


def test_several_rounds_cheques_of_players_tied_for_a_round_are_shown() -> None:
    """ "In case of a tie, the tied player with the most amount of Checks in hand, including
    their personal cash box, is the winner": players tied on a round's top score compare their
    cheques, so theirs are shown; the others' stay secret."""
    # Seats 2 and 3 score 0 + box: 1 each; seat 2 has more cheques and wins the round.
    game, state = _finished_round_state((16, 8, 12, 7), (0, 3, 1, 1))
    result = state.results[0]
    assert result.scores[2] == result.scores[3] == max(result.scores)
    assert result.winners == (2,)
    view = game.observe(state, 0)
    assert view.results[0].money == (16, None, 12, 7)
