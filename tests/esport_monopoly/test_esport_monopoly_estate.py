"""Building, selling, mortgaging, deals, debt and bankruptcy, and the out-of-turn window: one
test per rule, named after it, the rule quoted; each bad input refused with its reason."""

from __future__ import annotations

from tycoon.games.esport_monopoly.board import CHANCE_DECK, MAIL_DECK
from tycoon.games.esport_monopoly.state import ARENA, STAND, Auction, Deal, Fee, Lots, Place

from .helpers import card, events, legal_texts, new_game, play, play_all, position, refuse

ORANGE = {16: 0, 18: 0, 19: 0}


def manage(game, state, seat, text):
    state = play(game, state, seat, "manage")
    return play(game, state, seat, text)


# -- building ---------------------------------------------------------------------------------


def test_build_needs_every_event_of_the_colour_group() -> None:
    """ "When you own all the events in a colour group, you can buy fan stands"."""
    game = new_game()
    state = position(game, owner={16: 0, 18: 0})
    assert not [t for t in legal_texts(game, state, 0) if t.startswith("build")]
    state = play(game, state, 0, "manage")
    refuse(game, state, 0, "build 16", "you must own every event of the Orange group")


def test_build_a_fan_stand_at_its_listed_price() -> None:
    game = new_game()
    state = position(game, owner=ORANGE)
    assert [t for t in legal_texts(game, state, 0) if t.startswith("build")] == [
        "build 16",
        "build 18",
        "build 19",
    ]
    state = play(game, state, 0, "build 19")  # offered straight from the window
    t = state.table
    assert t.level[19] == 1 and t.cash[0] == 1400 and t.stands == 31
    assert game.to_act(state) == (0,)  # still before the roll


def test_build_evenly() -> None:
    """ "You must build evenly. You cannot build a second fan stand on an event until you have
    built one on each event of its colour group"."""
    game = new_game()
    state = position(game, owner=ORANGE, level={16: 1})
    refuse(game, state, 0, "build 16", "build evenly: Pro League Qualifier has 1 fan stand")
    state = play(game, state, 0, "build 18")
    state = play(game, state, 0, "build 19")
    state = play(game, state, 0, "build 16")
    assert [state.table.level[s] for s in (16, 18, 19)] == [2, 1, 1]


def test_no_building_while_an_event_of_the_group_is_mortgaged() -> None:
    """ "You cannot build on an event if any event in its colour group is mortgaged"."""
    game = new_game()
    state = position(game, owner=ORANGE, mortgaged=[18])
    state = play(game, state, 0, "manage")
    refuse(game, state, 0, "build 16", "while Summer Clash is mortgaged")


def test_four_stands_then_the_arena_exchange() -> None:
    """ "When you have 4 fan stands on an event, you can exchange them for an arena by paying
    the listed price" (the 4 stands go back to the bank)."""
    game = new_game()
    state = position(game, owner=ORANGE, level={16: 4, 18: 4, 19: 4})
    assert state.table.stands == 20
    state = play(game, state, 0, "build 19")
    t = state.table
    assert t.level[19] == 5 and t.cash[0] == 1400 and t.stands == 24 and t.arenas == 11
    state = play(game, state, 0, "manage")
    refuse(game, state, 0, "build 19", "has an arena, the most an event can hold")


def test_no_building_when_the_bank_has_none_left() -> None:
    """ "If there are no buildings left in the Bank, you must wait for other players to sell"."""
    game = new_game()
    state = play(game, position(game, owner=ORANGE, stands=0), 0, "manage")
    refuse(game, state, 0, "build 16", "the bank has no fan stand left")


def test_build_refused_without_the_cash() -> None:
    game = new_game()
    state = play(game, position(game, owner=ORANGE, cash=[99, 1500, 1500, 1500]), 0, "manage")
    refuse(game, state, 0, "build 16", "it costs £100 and you have £99")


def test_sell_buildings_evenly_at_half_price() -> None:
    """ "Buildings can be sold back to the Bank at half the listed price. Fan stands must be
    sold evenly in the same way that they were bought"."""
    game = new_game()
    state = position(game, owner=ORANGE, level={16: 2, 18: 2, 19: 1})
    state = play(game, state, 0, "manage")
    refuse(game, state, 0, "sell 19", "sell evenly")
    state = play(game, state, 0, "sell 16")
    assert state.table.level[16] == 1 and state.table.cash[0] == 1550
    assert state.table.stands == 28


def test_arena_sells_for_half_and_turns_back_into_four_stands() -> None:
    """ "Arenas are sold for half the listed price and immediately exchanged for 4 fan stands"."""
    game = new_game()
    state = position(game, owner=ORANGE, level={16: 5, 18: 5, 19: 5})
    state = manage(game, state, 0, "sell 19")
    t = state.table
    assert t.level[19] == 4 and t.cash[0] == 1550 and t.arenas == 10 and t.stands == 28


def test_sell_every_building_of_a_group_at_once() -> None:
    """Selling a whole group's buildings in one move is a run of even sales at half price."""
    game = new_game()
    state = position(game, owner=ORANGE, level={16: 2, 18: 2, 19: 1})
    state = manage(game, state, 0, "sellall 18")
    refuse(game, play(game, state, 0, "manage"), 0, "sellall 19", "there is no building")
    t = state.table
    assert [t.level[s] for s in (16, 18, 19)] == [0, 0, 0] and t.cash[0] == 1500 + 5 * 50
    assert t.stands == 32


def test_arena_without_four_stands_in_the_bank_sells_the_whole_group() -> None:
    game = new_game()
    state = position(game, owner=ORANGE, level={16: 5, 18: 5, 19: 5}, stands=2)
    state = play(game, state, 0, "manage")
    refuse(game, state, 0, "sell 19", "the bank has only 2")
    assert "sellall 16" in legal_texts(game, state, 0)
    state = play(game, state, 0, "sellall 16")
    t = state.table
    assert [t.level[s] for s in (16, 18, 19)] == [0, 0, 0]
    assert t.cash[0] == 1500 + 3 * 5 * 50 and t.arenas == 12 and t.stands == 2


def test_building_shortage_auction() -> None:
    """ "If buildings are limited and two or more players wish to buy them, the Banker must
    auction them off to the highest bidder"."""
    game = new_game()
    owner = {**ORANGE, 1: 1, 3: 1}
    state = position(game, owner=owner, stands=1)
    state = play(game, state, 0, "build 16")
    top = state.table.stack[-1]
    assert isinstance(top, Auction) and top.building == STAND and top.order == (0, 1)
    state = play_all(game, state, [(0, "bid 10"), (1, "bid 60"), (0, "pass")])
    assert isinstance(state.table.stack[-1], Place)
    assert legal_texts(game, state, 1) == ["build 1", "build 3"]
    state = play(game, state, 1, "build 3")
    t = state.table
    assert t.level[3] == 1 and t.cash[1] == 1440 and t.stands == 0 and t.level[16] == 0


def test_building_shortage_uncontested_is_an_ordinary_purchase() -> None:
    """Only the requester bid: one player wished to buy, so it pays the listed price."""
    game = new_game()
    state = position(game, owner={**ORANGE, 1: 1, 3: 1}, stands=1)
    state = play(game, state, 0, "build 16")
    state = play_all(game, state, [(0, "bid 1"), (1, "pass")])
    t = state.table
    assert t.level[16] == 1 and t.cash[0] == 1400 and t.stands == 0


def test_no_shortage_auction_when_the_bank_has_enough() -> None:
    game = new_game()
    state = position(game, owner={**ORANGE, 1: 1, 3: 1}, stands=5)
    state = play(game, state, 0, "build 16")
    assert state.table.level[16] == 1 and events(state, "auction") == []


# -- mortgages --------------------------------------------------------------------------------


def test_mortgage_pays_the_mortgage_value() -> None:
    """ "Collect the listed value (shown on the back of the card) from the Bank"."""
    game = new_game()
    state = manage(game, position(game, owner={39: 0}), 0, "mortgage 39")
    assert state.table.cash[0] == 1700 and (state.table.mortgaged >> 39) & 1


def test_lift_costs_the_value_plus_ten_percent() -> None:
    """ "To repay a mortgage, pay the listed value plus 10% to the Bank"."""
    game = new_game()
    state = manage(game, position(game, owner={39: 0}, mortgaged=[39]), 0, "lift 39")
    assert state.table.cash[0] == 1280 and not state.table.mortgaged


def test_mortgage_refused_with_buildings_in_the_group() -> None:
    """ "You must sell all buildings on a colour group to the Bank before you can mortgage one
    of its events"."""
    game = new_game()
    state = play(game, position(game, owner=ORANGE, level={19: 1}), 0, "manage")
    refuse(game, state, 0, "mortgage 16", "sell every building of the Orange group")
    refuse(game, state, 0, "mortgage 39", "you do not own Grand Final")


def test_mortgaged_property_charges_no_rent_and_lift_refused_without_cash() -> None:
    game = new_game()
    state = position(game, owner={39: 0}, mortgaged=[39], cash=[100, 1500, 1500, 1500])
    state = play(game, state, 0, "manage")
    refuse(game, state, 0, "lift 39", "costs the value plus 10%, £220")


# -- deals ------------------------------------------------------------------------------------


def test_deal_trades_deeds_cash_and_jail_cards() -> None:
    """ "Property can be traded for any combination of cash, other property or Get Out of Jail
    Free cards. The amount is decided by the players making the deal"."""
    game = new_game()
    state = position(game, owner={1: 0, 39: 1}, cards=[1, 0, 0, 0])
    state = manage(game, state, 0, "deal 2")
    assert isinstance(state.table.stack[-1], Deal)
    state = play_all(
        game,
        state,
        [(0, "give 1"), (0, "take 39"), (0, "give card chance"), (0, "cash 300"), (0, "offer")],
    )
    assert game.to_act(state) == (1,)
    assert legal_texts(game, state, 1) == ["accept", "reject"]
    state = play(game, state, 1, "accept")
    t = state.table
    assert t.owner[1] == 1 and t.owner[39] == 0
    assert t.cash[:2] == (1200, 1800) and t.cards[:2] == (0, 1)
    assert game.to_act(state) == (0,)


def test_deal_rejected_changes_nothing() -> None:
    game = new_game()
    state = position(game, owner={1: 0, 39: 1})
    before = state.table
    state = manage(game, state, 0, "deal 2")
    state = play_all(game, state, [(0, "take 39"), (0, "cash 50"), (0, "offer"), (1, "reject")])
    t = state.table
    assert t.owner == before.owner and t.cash == before.cash
    assert events(state, "deal") == [("deal", 0, 1, 0)]


def test_deal_with_an_improved_property_refused() -> None:
    """ "You must sell all buildings on a colour group to the Bank before you can sell one of
    its events"."""
    game = new_game()
    state = position(game, owner={**ORANGE, 39: 1}, level={16: 1})
    state = manage(game, state, 0, "deal 2")
    refuse(game, state, 0, "give 18", "only unimproved properties can be traded")
    refuse(game, state, 0, "take 1", "Seat 2 does not own Rookie Cup")
    refuse(game, state, 0, "cash 2000", "you can pay at most £1500")
    refuse(game, state, 0, "offer", "the deal is empty")


def test_deal_including_a_mortgaged_property_pay_ten_percent_now() -> None:
    """ "After buying a mortgaged property, you must either repay it immediately or just pay
    10% of the listed value and keep the card face down"."""
    game = new_game()
    state = position(game, owner={39: 1, 37: 1}, mortgaged=[39, 37])
    state = manage(game, state, 0, "deal 2")
    state = play_all(
        game, state, [(0, "take 39"), (0, "take 37"), (0, "cash 100"), (0, "offer"), (1, "accept")]
    )
    top = state.table.stack[-1]
    assert isinstance(top, Fee) and top.seat == 0 and top.squares == (37, 39)
    assert legal_texts(game, state, 0) == ["repay 37", "repay 39", "keep"]
    kept = play(game, state, 0, "keep")
    assert kept.table.cash[0] == 1400 - 18 - 20
    assert (kept.table.mortgaged >> 39) & 1 and (kept.table.mortgaged >> 37) & 1
    repaid = play(game, state, 0, "repay 39")
    assert repaid.table.cash[0] == 1400 - 220 and not (repaid.table.mortgaged >> 39) & 1
    repaid = play(game, repaid, 0, "keep")
    assert repaid.table.cash[0] == 1400 - 220 - 18
    # "If you later decide to repay the mortgage to the Bank, you will have to pay the 10% fee
    # again": lifting later costs the value plus 10% in full.
    later = manage(game, kept, 0, "lift 39")
    assert later.table.cash[0] == kept.table.cash[0] - 220


def test_one_deal_per_player_per_window() -> None:
    game = new_game()
    state = position(game, owner={1: 0, 39: 1})
    state = manage(game, state, 0, "deal 2")
    state = play(game, state, 0, "drop")
    state = play(game, state, 0, "manage")
    assert not [t for t in legal_texts(game, state, 0) if t.startswith("deal")]
    refuse(game, state, 0, "deal 3", "one deal per player per window")


# -- bankruptcy -----------------------------------------------------------------------------------


def test_bankruptcy_to_a_player_with_mortgaged_deeds_ten_percent_due() -> None:
    """ "If the debt is to another player - give them all your mortgaged properties and any Get
    Out of Jail Free cards. The player must pay 10% interest on each mortgaged property, even
    if they don't want to pay off the mortgage yet"."""
    game = new_game()
    state = position(
        game,
        at=[34, 0, 0, 0],
        owner={37: 1, 39: 1, 1: 0, 3: 0, 6: 0},
        level={37: 5, 39: 5, 1: 1, 3: 1},
        mortgaged=[6],
        cards=[2, 0, 0, 0],
        cash=[100, 1500, 1500, 1500],
    )
    state = play(game, state, 0, "roll", dice=[(2, 3)])  # Grand Final with an arena: £2,000
    t = state.table
    raised = 100 + 25 + 25 + 30 + 30  # cash, two stands sold, two deeds mortgaged
    assert t.eliminated == (0,) and t.cash[0] == 0
    assert t.cash[1] == 1500 + raised
    assert all(t.owner[s] == 1 for s in (1, 3, 6)) and t.cards[1] == 2
    assert all((t.mortgaged >> s) & 1 for s in (1, 3, 6))
    assert t.stands == 32 - 0 and t.level[1] == 0
    top = t.stack[-1]
    assert isinstance(top, Fee) and top.seat == 1 and top.squares == (1, 3, 6)
    state = play(game, state, 1, "keep")
    assert state.table.cash[1] == 1500 + raised - (3 + 3 + 5)
    assert state.table.active == 1  # the bankrupt player's turn is over
    assert events(state, "turn") == [("turn", 1)]


def test_bankruptcy_to_the_bank_auctions_the_deeds_unmortgaged() -> None:
    """ "If your debt is to the Bank - all your mortgaged properties must be put up for auction.
    These are sold unmortgaged (face up). Return any Get Out of Jail Free cards to the bottom of
    the appropriate piles"."""
    game = new_game()
    state = position(
        game,
        at=[35, 0, 0, 0],
        owner={1: 0, 3: 0},
        mortgaged=[1],
        cards=[1, 0, 0, 0],
        cash=[40, 1500, 1500, 1500],
    )
    state = play(game, state, 0, "roll", dice=[(1, 2)])  # Business Class Travel: £100
    t = state.table
    assert t.eliminated == (0,) and t.owner[1] == -1 and t.owner[3] == -1 and not t.mortgaged
    assert t.seen[CHANCE_DECK][-1] == card(game, CHANCE_DECK, "jail-free") and t.cards[0] == 0
    assert isinstance(t.stack[-2], Lots) and t.stack[-1] == Auction(1, 0, -1, (1, 2, 3), 0)
    state = play_all(game, state, [(1, "bid 5"), (2, "pass"), (3, "pass")])
    assert state.table.owner[1] == 1 and not state.table.mortgaged
    top = state.table.stack[-1]
    assert isinstance(top, Auction) and top.lot == 3
    state = play_all(game, state, [(1, "pass"), (2, "bid 70"), (3, "pass")])
    t = state.table
    assert t.owner[3] == 2 and t.cash[2] == 1430 and t.active == 1


def test_last_player_standing_wins() -> None:
    """ "Be the only player left in the game after everyone else has gone bankrupt"."""
    game = new_game(players=2)
    state = position(game, at=[34, 0], owner={39: 1}, level={39: 5}, cash=[100, 1500])
    state = play(game, state, 0, "roll", dice=[(2, 3)])
    outcome = game.outcome(state)
    assert outcome is not None and not outcome.unfinished
    assert outcome.ranks == (2, 1) and outcome.winners == (1,)
    assert game.to_act(state) == ()
    assert "last player standing" in game.explain_outcome(state)


def test_get_out_of_jail_card_can_be_sold_in_a_deal() -> None:
    game = new_game()
    state = position(game, cards=[0, 2, 0, 0])
    state = manage(game, state, 0, "deal 2")
    state = play_all(
        game, state, [(0, "take card mail"), (0, "cash 40"), (0, "offer"), (1, "accept")]
    )
    assert state.table.cards[:2] == (2, 0) and state.table.cash[:2] == (1460, 1540)
    assert MAIL_DECK == 1


# -- the out-of-turn window ---------------------------------------------------------------------


def test_builders_window_asks_a_seat_that_can_build_before_the_roll() -> None:
    """ "You can do the following even when it isn't your turn - even if you're in Jail!":
    before each roll, a seat that could build now is asked first (default window)."""
    game = new_game(window="builders")
    state = position(game, owner={1: 2, 3: 2}, jail=[0, 0, 1, 0], at=[0, 0, 10, 0])
    assert game.to_act(state) == (2,)
    assert legal_texts(game, state, 2)[:4] == ["wait", "skip", "build 1", "build 3"]
    assert game.legal_actions(state, 0) == ()
    state = play(game, state, 2, "build 3")
    assert game.to_act(state) == (2,)
    state = play(game, state, 2, "wait")
    assert game.to_act(state) == (0,)
    refuse(game, state, 0, "wait", "the player whose turn it is rolls")


def test_wait_lasts_one_roll_and_skip_until_your_own_turn() -> None:
    game = new_game(window="builders")
    owners = {1: 2, 3: 2}
    waited = play(game, position(game, owner=owners), 2, "wait")
    waited = play(game, waited, 0, "roll", dice=[(1, 2)])  # Qualifier Open: seat 3's deed
    assert waited.table.active == 1 and game.to_act(waited) == (2,)
    skipped = play(game, position(game, owner=owners), 2, "skip")
    skipped = play(game, skipped, 0, "roll", dice=[(1, 2)])
    assert game.to_act(skipped) == (1,)


def test_everyone_window_asks_every_other_seat_in_turn_order() -> None:
    game = new_game(window="everyone")
    state = position(game)
    assert game.to_act(state) == (1,)
    state = play_all(game, state, [(1, "wait"), (2, "skip"), (3, "wait")])
    assert game.to_act(state) == (0,)


def test_none_window_asks_nobody_out_of_turn() -> None:
    game = new_game(window="none")
    assert game.to_act(position(game, owner={1: 2, 3: 2})) == (0,)


def test_deal_of_cash_alone_is_refused() -> None:
    """ "You can do a deal with another player to buy or sell unimproved property ... Property
    can be traded for any combination of cash, other property or Get Out of Jail Free cards":
    a deal buys or sells a property (or a jail card); cash handed over for nothing is no deal."""
    game = new_game()
    state = position(game, owner={1: 0, 39: 1})
    state = manage(game, state, 0, "deal 2")
    for text in ("cash 500", "cash -500"):
        written = play(game, state, 0, text)
        assert "offer" not in legal_texts(game, written, 0)
        refuse(game, written, 0, "offer", "cash alone is no deal")
    # With a property in it, the same cash makes a deal.
    state = play_all(game, state, [(0, "cash 500"), (0, "take 39")])
    assert "offer" in legal_texts(game, state, 0)


def test_building_shortage_auction_of_an_arena() -> None:
    """ "If buildings are limited and two or more players wish to buy them, the Banker must
    auction them off to the highest bidder" (arenas too: the last arena, two players ready for
    one; the winner's 4 fan stands go back to the bank)."""
    game = new_game()
    owner = {**ORANGE, 1: 1, 3: 1}
    state = position(game, owner=owner, level={16: 4, 18: 4, 19: 4, 1: 4, 3: 4}, arenas=1)
    stands = state.table.stands
    state = play(game, state, 0, "build 16")
    top = state.table.stack[-1]
    assert isinstance(top, Auction) and top.building == ARENA and top.order == (0, 1)
    state = play_all(game, state, [(0, "bid 50"), (1, "bid 120"), (0, "pass")])
    assert isinstance(state.table.stack[-1], Place)
    assert legal_texts(game, state, 1) == ["build 1", "build 3"]
    state = play(game, state, 1, "build 3")
    t = state.table
    assert t.level[3] == 5 and t.cash[:2] == (1500, 1380)
    assert t.arenas == 0 and t.stands == stands + 4 and t.level[16] == 4
