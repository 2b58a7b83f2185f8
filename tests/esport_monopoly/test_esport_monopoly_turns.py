"""Turns, movement, GO, doubles, jail, buying and auctions: one test per rule, named after it,
the rule quoted, dice scripted."""

from __future__ import annotations

from typing import Any

from tycoon.core import ScriptedRng
from tycoon.games.esport_monopoly.state import TURN_CAP, Auction, Buy, Pay, Window

from .helpers import events, legal_texts, new_game, play, position, refuse


def test_roll_moves_the_token_clockwise_by_the_dice() -> None:
    """ "Move your token clockwise round the game board the number of spaces shown on the dice"."""
    game = new_game()
    state = play(game, position(game), 0, "roll", dice=[(2, 4)])
    assert state.table.position[0] == 6
    assert isinstance(state.table.stack[-1], Buy)
    assert events(state, "roll") == [("roll", 0, 2, 4)]


def test_passing_go_collects_the_salary() -> None:
    """ "If your move took you onto or past the GO space, collect £200 from the Bank"."""
    game = new_game()
    state = play(game, position(game, at=[38, 0, 0, 0]), 0, "roll", dice=[(1, 2)])
    assert state.table.position[0] == 1
    assert state.table.cash[0] == 1700


def test_landing_on_go_collects_the_salary() -> None:
    """Onto GO: £200 too."""
    game = new_game()
    state = play(game, position(game, at=[35, 0, 0, 0]), 0, "roll", dice=[(2, 3)])
    assert state.table.position[0] == 0
    assert state.table.cash[0] == 1700
    assert state.table.active == 1


def test_go_salary_option() -> None:
    game = new_game(**{"go-salary": 400})
    state = play(game, position(game, at=[38, 0, 0, 0]), 0, "roll", dice=[(1, 2)])
    assert state.table.cash[0] == 1900


def test_doubles_roll_again() -> None:
    """ "If you rolled a double, roll the dice again and take another move"."""
    game = new_game()
    state = play(game, position(game), 0, "roll", dice=[(3, 3)])
    state = play(game, state, 0, "buy")
    assert state.table.active == 0 and isinstance(state.table.stack[-1], Window)
    assert game.to_act(state) == (0,)
    state = play(game, state, 0, "roll", dice=[(1, 2)])
    assert state.table.position[0] == 9


def test_no_doubles_passes_the_dice_to_the_left() -> None:
    """ "When you finish your move and action, pass the dice to the player on your left"."""
    game = new_game()
    state = play(game, position(game, at=[10, 0, 0, 0]), 0, "roll", dice=[(5, 5)])
    assert state.table.active == 0  # doubles, Free Parking: roll again
    state = play(game, state, 0, "roll", dice=[(1, 3)])  # 24 unowned
    state = play(game, state, 0, "auction")
    for seat in (0, 1, 2, 3):
        state = play(game, state, seat, "pass")
    assert state.table.active == 1
    assert state.table.turn == 1


def test_three_doubles_in_a_turn_go_to_jail() -> None:
    """ "If you roll doubles 3 times on the same turn, you must Go to Jail"."""
    game = new_game()
    state = play(game, position(game, at=[20, 0, 0, 0], doubles=2), 0, "roll", dice=[(2, 2)])
    t = state.table
    assert t.position[0] == 10 and t.jail[0] == 1
    assert t.active == 1
    assert t.cash[0] == 1500


def test_go_to_jail_square_sends_to_jail_without_salary_and_ends_the_turn() -> None:
    """ "You do not collect £200 for passing GO if you are sent to Jail. As soon as you are sent
    to Jail, your turn ends" (even after doubles)."""
    game = new_game()
    state = play(game, position(game, at=[24, 0, 0, 0]), 0, "roll", dice=[(3, 3)])
    t = state.table
    assert t.position[0] == 10 and t.jail[0] == 1 and t.cash[0] == 1500
    assert t.active == 1


def test_just_visiting_does_nothing() -> None:
    """ "If you finish your normal move on the Jail space, nothing happens"."""
    game = new_game()
    state = play(game, position(game, at=[6, 0, 0, 0]), 0, "roll", dice=[(1, 3)])
    assert state.table.position[0] == 10 and state.table.jail[0] == 0
    assert state.table.cash[0] == 1500


def test_free_parking_does_nothing_by_default() -> None:
    """ "Relax! Nothing bad (or good) happens" (the house rule is off by default)."""
    game = new_game()
    state = play(game, position(game, at=[16, 0, 0, 0], pot=0), 0, "roll", dice=[(1, 3)])
    assert state.table.cash[0] == 1500


def test_free_parking_house_rule_pays_out_the_taxes_and_fines() -> None:
    """Option free-parking: taxes and fines go to a pot that Free Parking pays out."""
    game = new_game(**{"free-parking": True})
    state = play(game, position(game, at=[1, 0, 0, 0]), 0, "roll", dice=[(1, 2)])
    assert state.table.pot == 200 and state.table.cash[0] == 1300
    state = play(game, position(game, at=[16, 0, 0, 0], pot=350), 0, "roll", dice=[(1, 3)])
    assert state.table.cash[0] == 1850 and state.table.pot == 0


# -- jail -----------------------------------------------------------------------------------


def test_jail_pay_fifty_then_roll_and_move_as_normal() -> None:
    """ "Pay £50 at the start of your next turn, then roll and move as normal"."""
    game = new_game()
    state = position(game, at=[10, 0, 0, 0], jail=[1, 0, 0, 0])
    assert legal_texts(game, state, 0)[:2] == ["roll", "pay"]
    state = play(game, state, 0, "pay", dice=[(4, 4)])
    t = state.table
    assert t.cash[0] == 1450 and t.jail[0] == 0 and t.position[0] == 18
    assert t.doubles == 1  # a normal roll: doubles roll again


def test_jail_get_out_of_jail_free_card_then_roll() -> None:
    """ "Use a Get Out of Jail Free card ... Put the card to the bottom of the appropriate pile,
    then roll and move"."""
    game = new_game()
    state = position(game, at=[10, 0, 0, 0], jail=[2, 0, 0, 0], cards=[0b10, 0, 0, 0])
    state = play(game, state, 0, "card", dice=[(1, 2)])
    t = state.table
    assert t.jail[0] == 0 and t.cards[0] == 0 and t.position[0] == 13
    assert t.seen[1][-1] == game.rules.jail_cards[1]  # under the Company Mail pile


def test_jail_doubles_leave_and_move_but_do_not_roll_again() -> None:
    """ "If you get a double, move out of Jail and round the board using this roll"."""
    game = new_game()
    state = play(
        game, position(game, at=[10, 0, 0, 0], jail=[1, 0, 0, 0]), 0, "roll", dice=[(3, 3)]
    )
    t = state.table
    assert t.jail[0] == 0 and t.position[0] == 16 and t.cash[0] == 1500
    state = play(game, state, 0, "auction")
    for seat in range(4):
        state = play(game, state, seat, "pass")
    assert state.table.active == 1


def test_jail_failed_roll_stays_in_jail() -> None:
    game = new_game()
    state = play(
        game, position(game, at=[10, 0, 0, 0], jail=[1, 0, 0, 0]), 0, "roll", dice=[(1, 2)]
    )
    t = state.table
    assert t.jail[0] == 2 and t.position[0] == 10 and t.active == 1


def test_jail_third_failed_roll_pays_fifty_and_moves() -> None:
    """ "If you do not get a double on your third roll, you must pay £50 to the Bank then move
    the number of spaces rolled"."""
    game = new_game()
    state = play(
        game, position(game, at=[10, 0, 0, 0], jail=[3, 0, 0, 0]), 0, "roll", dice=[(2, 4)]
    )
    t = state.table
    assert t.jail[0] == 0 and t.cash[0] == 1450 and t.position[0] == 16
    assert isinstance(t.stack[-1], Buy)


def test_jail_third_failed_roll_without_cash_raises_the_fine_first() -> None:
    """The £50 is a debt like any other: raised by mortgaging before moving."""
    game = new_game()
    state = position(
        game, at=[10, 0, 0, 0], jail=[3, 0, 0, 0], cash=[20, 1500, 1500, 1500], owner={1: 0}
    )
    state = play(game, state, 0, "roll", dice=[(2, 4)])
    assert isinstance(state.table.stack[-1], Pay) and game.to_act(state) == (0,)
    assert legal_texts(game, state, 0) == ["mortgage 1"]
    state = play(game, state, 0, "mortgage 1")
    t = state.table
    assert t.cash[0] == 0 and t.position[0] == 16


def test_pay_refused_out_of_jail_and_without_cash() -> None:
    game = new_game()
    refuse(game, position(game), 0, "pay", "only a player in jail")
    state = position(game, at=[10, 0, 0, 0], jail=[1, 0, 0, 0], cash=[40, 1500, 1500, 1500])
    refuse(game, state, 0, "pay", "the fine is £50 and you have £40")


# -- buying and auctions ------------------------------------------------------------------------


def test_buy_an_unowned_property_at_the_listed_price() -> None:
    """ "You can buy the property you land on for the listed price"."""
    game = new_game()
    state = play(game, position(game), 0, "roll", dice=[(2, 4)])
    state = play(game, state, 0, "buy")
    t = state.table
    assert t.owner[6] == 0 and t.cash[0] == 1400 and t.active == 1


def test_buy_refused_without_the_cash() -> None:
    game = new_game()
    state = play(game, position(game, cash=[90, 1500, 1500, 1500]), 0, "roll", dice=[(2, 4)])
    assert "buy" not in legal_texts(game, state, 0)
    refuse(game, state, 0, "buy", "costs £100 and you have £90")


def test_declined_property_goes_to_auction_opening_at_one_pound() -> None:
    """ "If you don't want to pay the listed price, the property goes up for auction ... Any
    player can start the bidding for as little as £1"."""
    game = new_game()
    state = play(game, position(game), 0, "roll", dice=[(2, 4)])
    state = play(game, state, 0, "auction")
    top = state.table.stack[-1]
    assert isinstance(top, Auction) and top.lot == 6 and top.order == (0, 1, 2, 3)
    legal = game.legal_actions(state, 0)
    assert legal[0].low == 1 and legal[0].high == 1500
    state = play(game, state, 0, "pass")
    state = play(game, state, 1, "bid 1")
    state = play(game, state, 2, "pass")
    state = play(game, state, 3, "pass")
    t = state.table
    assert t.owner[6] == 1 and t.cash[1] == 1499


def test_auction_the_last_bidder_must_buy() -> None:
    """ "If no one makes a higher bid, the last player to bid must buy the property"."""
    game = new_game()
    state = play(game, position(game), 0, "roll", dice=[(2, 4)])
    state = play(game, state, 0, "auction")
    for seat, text in (
        (0, "bid 10"),
        (1, "bid 50"),
        (2, "pass"),
        (3, "bid 60"),
        (0, "pass"),
        (1, "bid 80"),
    ):
        state = play(game, state, seat, text)
    assert game.to_act(state) == (3,)
    state = play(game, state, 3, "pass")
    assert state.table.owner[6] == 1 and state.table.cash[1] == 1420


def test_auction_bid_at_or_below_the_current_bid_is_refused() -> None:
    game = new_game()
    state = play(game, position(game), 0, "roll", dice=[(2, 4)])
    state = play(game, state, 0, "auction")
    refuse(game, state, 0, "bid 0", "the bidding opens at £1")
    state = play(game, state, 0, "bid 40")
    refuse(game, state, 1, "bid 40", "a bid must beat the current £40")
    refuse(game, state, 1, "bid 39", "a bid must beat the current £40")
    refuse(game, state, 1, "bid 2000", "you have only £1500")


def test_auction_without_bids_leaves_the_property_with_the_bank() -> None:
    game = new_game()
    state = play(game, position(game), 0, "roll", dice=[(2, 4)])
    state = play(game, state, 0, "auction")
    for seat in range(4):
        state = play(game, state, seat, "pass")
    assert state.table.owner[6] == -1 and events(state, "unsold")


def test_auction_skips_a_bidder_who_cannot_outbid() -> None:
    game = new_game()
    state = play(game, position(game, cash=[1500, 30, 1500, 1500]), 0, "roll", dice=[(2, 4)])
    state = play(game, state, 0, "auction")
    state = play(game, state, 0, "bid 30")
    assert game.to_act(state) == (2,)


def test_turn_cap_stops_the_game_unfinished_ranked_by_net_worth() -> None:
    """RULING: simulations use a turn cap (default 1,000 player-turns); capped games are
    unfinished and ranked by net worth."""
    game = new_game(**{"turn-cap": 5})
    state = position(game, turn=4, owner={39: 2}, cash=[1500, 1400, 1500, 1600])
    state = play(game, state, 0, "roll", dice=[(1, 3)])  # Event Travel Expenses: £200
    outcome = game.outcome(state)
    assert state.table.over == TURN_CAP and game.to_act(state) == ()
    assert outcome is not None and outcome.unfinished
    assert outcome.ranks == (4, 3, 1, 2)
    assert outcome.scores == (1300.0, 1400.0, 1900.0, 1600.0)


def test_who_goes_first_the_highest_roller() -> None:
    """ "Each player rolls the two dice. The highest roller takes the first turn": the roll-off
    (re-rolling ties) makes every seat equally likely to start, so it is one draw of a seat."""
    options: dict[str, Any] = {"first-player": "roll"}
    game = new_game(**options)
    state = game.initial_state(ScriptedRng([2] + [0] * 40))
    assert state.table.active == 2 and game.to_act(state) == (2,)
    assert state.table.events == (("turn", 2),)
    assert new_game().initial_state(ScriptedRng([0] * 40)).table.active == 0  # seat1 option
