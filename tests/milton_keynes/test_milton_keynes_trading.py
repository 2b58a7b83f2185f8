"""Trading: sealed permit bids between neighbours (ties, re-bids, LOBBY), and structured offers."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tycoon.core import AmountRange, SeededRng, is_legal
from tycoon.games.milton_keynes import cards as cd
from tycoon.games.milton_keynes.actions import Offer
from tycoon.games.milton_keynes.game import MiltonKeynes
from tycoon.games.milton_keynes.state import Phase, Player, State

from .helpers import legal_texts, make_state, mask, new_game, permits, play, player, refuse


def bidding(game: MiltonKeynes, players: Sequence[Player], deck: str, **changes: Any) -> State:
    state = make_state(game, Phase.PURCHASE, players=players, permit_deck=deck, **changes)
    return game.rules.start_permits(state, SeededRng(0), [])


def test_one_permit_between_each_pair_of_neighbours() -> None:
    """ "You each will have a permit between you and the player to your left ... another to share
    between you and the player to your right"."""
    game = new_game(3)
    state = bidding(game, [player(cash=10) for _ in range(3)], "DUMP LOBBY COMMONS INQUIRY")
    assert state.phase == Phase.PERMIT_BID
    assert state.slots == (cd.DUMP_PERMIT, cd.LOBBY, cd.COMMONS_PERMIT)
    assert state.permit_deck == (cd.INQUIRY,)
    assert game.rules.seat_slots(0) == (0, 2)  # left: with seat 2 (index 1); right: with seat 3


def test_two_players_share_both_permits() -> None:
    """RULING: "With 2 players both permits lie between the same pair"."""
    game = new_game(2)
    state = bidding(game, [player(cash=10), player(cash=10)], "DUMP LOBBY")
    assert game.rules.slot_pair(0) == (0, 1) and game.rules.slot_pair(1) == (1, 0)
    state = play(game, state, (0, "bid 3 1"), (1, "bid 2 0"))
    # Slot 0 (DUMP): seat 1's left 3 vs seat 2's right 0; slot 1 (LOBBY): seat 2's left 2 vs 1.
    assert state.players[0].permits == permits("DUMP")
    assert state.players[1].permits == permits("LOBBY")
    assert [p.cash for p in state.players] == [10 - 3 + 2, 10 + 3 - 2]


def test_higher_bid_pays_the_lower_bidder_and_takes_the_permit() -> None:
    """ "The player who bids the most pays their bid to the other player and takes the permit -
    the player bidding the least for the permit keeps both bids"."""
    game = new_game(3)
    state = bidding(game, [player(cash=10) for _ in range(3)], "DUMP LOBBY COMMONS")
    state = play(game, state, (0, "bid 5 1"), (1, "bid 1 2"), (2, "bid 2 0"))
    # Slot 0 (DUMP): seat 1 bids 5 against seat 2's 2; slot 1 (LOBBY): seat 2's 1 against seat
    # 3's 0; slot 2 (COMMONS): seat 3's 2 against seat 1's 1.
    assert state.players[0].permits == permits("DUMP")
    assert state.players[0].known_permits == permits("DUMP")
    assert state.players[1].permits == permits("LOBBY")
    assert state.players[2].permits == permits("COMMONS")
    assert [p.cash for p in state.players] == [10 - 5 + 2, 10 + 5 - 1, 10 + 1 - 2]
    assert state.phase == Phase.TRADE


def test_two_bids_together_within_your_cash() -> None:
    """ "You each must therefore tender two bids, one in either fist"."""
    game = new_game(3)
    state = bidding(game, [player(cash=10) for _ in range(3)], "DUMP LOBBY COMMONS")
    assert "your two bids total 11" in refuse(game, state, 0, "bid 6 5")
    legal = game.legal_actions(state, 0)
    assert any(isinstance(c, AmountRange) and c.template.left == 4 and c.high == 6 for c in legal)


def test_tied_bids_rebid_no_lower_and_without_cash_from_the_other_side() -> None:
    """ "In the case of a tie ... you may repeat the process between you, providing you never offer
    less than the original offer and you do not use cash that is used for or gained from the
    permit on the other side"."""
    game = new_game(3)
    state = bidding(game, [player(cash=10) for _ in range(3)], "DUMP LOBBY COMMONS")
    state = play(game, state, (0, "bid 3 4"), (1, "bid 0 3"), (2, "bid 0 1"))
    # Slot 0 (DUMP): seat 1's left 3 against seat 2's right 3, tied. Slot 1 (LOBBY): seat 3
    # pays 1 to seat 2. Slot 2 (COMMONS): seat 1's right 4 against seat 3's left 0.
    assert state.phase == Phase.REBID and state.sealed is not None
    assert state.sealed.seats == (0, 1)
    (left_low, left_high), right, _ = game.rules.rebid_bounds(state, 0)
    assert (left_low, left_high) == (3, 10 - 4)  # at least 3; not the 4 bid on the right
    assert right == (0, 0)
    assert "no lower than" in refuse(game, state, 0, "rebid 2 0")
    assert "no lower than" in refuse(game, state, 0, "rebid 7 0")
    assert game.rules.rebid_bounds(state, 1)[1] == (3, 10)  # 1 gained on the other side: unusable
    state = play(game, state, (0, "rebid 5 0"), (1, "rebid 0 4"))
    assert state.players[0].permits == permits("DUMP COMMONS")
    assert state.players[2].permits == permits("LOBBY")
    assert [p.cash for p in state.players] == [10 - 4 - 5, 10 + 1 + 5, 10 + 4 - 1]


def test_still_tied_the_permit_goes_under_the_deck_and_both_keep_their_bids() -> None:
    """ "If neither of you offer more ... the permit is replaced at the bottom of the permit deck
    and you both keep your bids"."""
    game = new_game(2)
    state = bidding(game, [player(cash=10), player(cash=10)], "DUMP LOBBY INQUIRY")
    state = play(game, state, (0, "bid 2 0"), (1, "bid 0 2"))
    # Slot 0: 2 vs 2 tied; slot 1: seat 2's left 0 vs seat 1's right 0, tied too.
    state = play(game, state, (0, "rebid 2 0"), (1, "rebid 0 2"))
    assert state.permit_deck == (cd.INQUIRY, cd.DUMP_PERMIT, cd.LOBBY)
    assert [p.cash for p in state.players] == [10, 10]
    assert state.phase == Phase.TRADE


def test_lobby_replaces_permit_bids_after_the_reveal() -> None:
    """LOBBY: "you can alter your bribe (in the deed sales) or bid (in the Trade phase) after
    you've seen what the other players have in their hands"."""
    game = new_game(3)
    players = [player(cash=10, hand="LOBBY"), player(cash=10), player(cash=10)]
    state = bidding(game, players, "DUMP LOBBY COMMONS", order=(1, 2, 0))
    state = play(game, state, (0, "bid 1 0"), (1, "bid 0 2"), (2, "bid 0 0"))
    assert state.phase == Phase.BID_LOBBY and state.queue == (0,)
    assert legal_texts(game, state, 0)[0] == "pass"
    state = play(game, state, (0, "lobby 3 0"))
    assert state.players[0].permits == permits("DUMP")
    assert state.players[0].cash == 10 - 3


def test_offer_accepted_exchanges_cards_and_cash() -> None:
    """ "Trades must be one-off exchanges of cash and/or deeds/permits in hand"."""
    game = new_game(2)
    players = [player(cash=10, deeds="A1", hand="DUMP"), player(cash=10, deeds="G3")]
    state = make_state(game, Phase.PURCHASE, players=players)
    state = game.rules.start_trade(state, SeededRng(0), [])
    assert game.to_act(state) == (0,)
    state = play(game, state, (0, "offer 2 A1 $3 for G3"))
    assert state.phase == Phase.TRADE_REPLY and game.to_act(state) == (1,)
    assert legal_texts(game, state, 1) == ["decline", "accept"]
    state = play(game, state, (1, "accept"))
    assert state.players[0].deeds == mask("G3") and state.players[0].cash == 7
    assert state.players[1].deeds == mask("A1") and state.players[1].cash == 13
    assert state.players[0].known_deeds == mask("G3")  # a trade is public
    assert game.to_act(state) == (1,)  # the next seat's turn


def test_offer_of_cards_the_other_does_not_hold_can_only_be_declined() -> None:
    game = new_game(2)
    players = [player(cash=10, deeds="A1"), player(cash=2, hand="LOBBY")]
    state = make_state(game, Phase.PURCHASE, players=players)
    state = game.rules.start_trade(state, SeededRng(0), [])
    state = play(game, state, (0, "offer 2 A1 for DUMP"))
    assert legal_texts(game, state, 1) == ["decline"]
    assert "do not hold" in refuse(game, state, 1, "accept")
    state = play(game, state, (1, "decline"), (1, "offer 1 LOBBY for A1"), (0, "accept"))
    assert state.players[0].permits == permits("LOBBY")


def test_offers_refused_for_a_deed_you_do_not_hold() -> None:
    game = new_game(2)
    players = [player(cash=10, deeds="A1"), player(cash=10)]
    state = game.rules.start_trade(
        make_state(game, Phase.PURCHASE, players=players), SeededRng(0), []
    )
    assert "you do not hold the deed of B1" in refuse(game, state, 0, "offer 2 B1 for nothing")
    assert "at least one card" in refuse(game, state, 0, "offer 2 $5 for nothing")
    assert "have only 10" in refuse(game, state, 0, "offer 2 A1 $11 for nothing")


def trading(game: MiltonKeynes, players: Sequence[Player]) -> State:
    state = make_state(game, Phase.PURCHASE, players=players)
    return game.rules.start_trade(state, SeededRng(0), [])


def test_trading_ends_when_everyone_passes_in_a_row() -> None:
    """ "the phase ends when every player has passed": a player with no bot offers left still
    decides (it may make more offers), and the phase ends only when everyone passes in a row."""
    game = new_game(2, offers=1)
    players = [player(cash=10, deeds="A1", hand="DUMP"), player(cash=10, deeds="G3")]
    state = trading(game, players)
    state = play(game, state, (0, "pass"), (1, "offer 1 nothing for DUMP $1"), (0, "decline"))
    assert game.to_act(state) == (0,)
    state = play(game, state, (0, "pass"))
    # Seat 2 has made its one bot offer, but it is asked all the same (formerly skipped).
    assert state.phase == Phase.TRADE and game.to_act(state) == (1,)
    state = play(game, state, (1, "pass"))
    assert state.phase == Phase.BUILD


def test_a_player_may_make_any_number_of_offers() -> None:
    """Trading is free ("in a liberal manner"); the rulings bound only the bots' offers (option
    ``offers``, 3 by default): a fourth offer in one phase is legal (issue 9, item 9)."""
    game = new_game(2)
    players = [player(cash=10, deeds="A1 A2 A3 A4", hand="DUMP"), player(cash=10, deeds="G3")]
    state = trading(game, players)
    for deed in ("A1", "A2", "A3"):
        state = play(game, state, (0, f"offer 2 {deed} for G3"), (1, "decline"), (1, "pass"))
    assert state.offers_left[0] == 0 and game.to_act(state) == (0,)
    legal = game.legal_actions(state, 0)
    assert list(legal) == [game.parse_action("pass", 0)]  # a bot has made its offers
    state = play(game, state, (0, "offer 2 A4 for G3"), (1, "accept"))
    assert state.players[0].deeds == mask("A1 A2 A3 G3")


def test_offers_bound_zero_still_lets_a_player_offer() -> None:
    """``offers=0``: bots make no offer (they only pass), a player still may."""
    game = new_game(2, offers=0)
    players = [player(cash=10, deeds="A1", hand="DUMP"), player(cash=10, deeds="G3")]
    state = trading(game, players)
    assert state.phase == Phase.TRADE
    assert list(game.legal_actions(state, 0)) == [game.parse_action("pass", 0)]
    state = play(game, state, (0, "offer 2 A1 DUMP for G3"), (1, "accept"))
    assert state.players[1].deeds == mask("A1")
    state = play(game, state, (1, "pass"), (0, "pass"))
    assert state.phase == Phase.BUILD


def test_a_player_may_offer_any_cards_on_each_side() -> None:
    """ "Trades must be one-off exchanges of cash and/or deeds/permits in hand": any number of
    cards on each side for a player; the bots consider at most ``offer-cards`` (1 by default),
    and only those are enumerated (issue 9, item 9)."""
    game = new_game(3)
    players = [
        player(cash=10, deeds="A1 A2 A3", hand="DUMP LOBBY LOBBY"),
        player(cash=10, deeds="G3 G4", hand="COMMONS INQUIRY"),
        player(cash=5),
    ]
    state = trading(game, players)
    legal = game.legal_actions(state, 0)
    for choice in legal:
        if isinstance(choice, AmountRange):
            assert len(choice.template.give) <= 1 and len(choice.template.want) <= 1
    state = play(game, state, (0, "offer 2 A1 A2 A3 LOBBY LOBBY DUMP $4 for G3 G4 COMMONS INQUIRY"))
    state = play(game, state, (1, "accept"))
    assert state.players[0].deeds == mask("G3 G4")
    assert state.players[0].permits == permits("COMMONS INQUIRY")
    assert state.players[1].deeds == mask("A1 A2 A3")
    assert state.players[1].permits == permits("DUMP LOBBY LOBBY")
    assert [p.cash for p in state.players] == [6, 14, 5]


def test_a_big_offer_is_refused_only_for_a_reason() -> None:
    game = new_game(2)
    players = [player(cash=10, deeds="A1 A2", hand="LOBBY"), player(cash=10, deeds="G3")]
    state = trading(game, players)
    assert "do not hold 2 LOBBY" in refuse(game, state, 0, "offer 2 A1 LOBBY LOBBY for G3")
    assert "only 1 ALLOTMENTS" in refuse(game, state, 0, "offer 2 A1 for ALLOTMENTS ALLOTMENTS")
    assert "already hold the deed of A2" in refuse(game, state, 0, "offer 2 A1 for G3 A2")
    # The notation puts the cards in order; a move built otherwise is told how.
    unordered = Offer(0, 1, 0, ("LOBBY", "A1"), ())
    assert not is_legal(game.legal_actions(state, 0), unordered)
    assert "deeds first" in game.explain_illegal(state, unordered)
    twice = Offer(0, 1, 0, ("A1", "A1"), ())
    assert not is_legal(game.legal_actions(state, 0), twice)
    assert "each deed once" in game.explain_illegal(state, twice)


def test_offer_cards_option_lets_bots_consider_bigger_offers() -> None:
    game = new_game(2, **{"offer-cards": 2})
    players = [player(cash=10, deeds="A1 A2"), player(cash=10, deeds="G3")]
    state = trading(game, players)
    legal = game.legal_actions(state, 0)
    sizes = {len(choice.template.give) for choice in legal if isinstance(choice, AmountRange)}
    assert sizes == {0, 1, 2}
    state = play(game, state, (0, "offer 2 A1 A2 for G3"), (1, "accept"))
    assert state.players[1].deeds == mask("A1 A2")


def test_two_players_re_bid_both_tied_permits_within_the_cash_they_had() -> None:
    """Re-bids: "providing you never offer less than the original offer and you do not use cash
    that is used for ... the permit on the other side" — with both permits tied the two re-bids
    together stay within the cash held at the bids; a permit still tied goes under the deck."""
    game = new_game(2)
    state = bidding(game, [player(cash=10), player(cash=10)], "DUMP COMMONS")
    state = play(game, state, (0, "bid 3 3"), (1, "bid 3 3"))
    assert state.phase == Phase.REBID and state.sealed is not None
    assert game.rules.rebid_bounds(state, 0) == ((3, 7), (3, 7), 10)
    assert "at most 10" in refuse(game, state, 0, "rebid 7 7")
    assert "no lower than" in refuse(game, state, 0, "rebid 2 3")
    state = play(game, state, (0, "rebid 7 3"), (1, "rebid 3 4"))
    # DUMP: seat 1's 7 against seat 2's 4; COMMONS: seat 2's 3 against seat 1's 3, still tied.
    assert state.players[0].permits == permits("DUMP")
    assert state.players[1].permits == permits()
    assert [p.cash for p in state.players] == [3, 17]
    assert state.permit_deck == (cd.COMMONS_PERMIT,)


def test_a_permit_deck_that_runs_out_leaves_a_slot_empty() -> None:
    """CHOICE: with fewer permits than pairs, the first slots are dealt and the rest stay empty;
    a seat with no permit on either side does not bid."""
    game = new_game(3)
    state = bidding(game, [player(cash=10) for _ in range(3)], "DUMP")
    assert state.slots == (cd.DUMP_PERMIT, -1, -1)
    assert state.sealed is not None and state.sealed.seats == (0, 1)
    assert "no permit on your right" in refuse(game, state, 0, "bid 1 1")
    state = play(game, state, (0, "bid 4 0"), (1, "bid 0 2"))
    assert state.players[0].permits == permits("DUMP")
    assert [p.cash for p in state.players] == [6, 14, 10]


def test_lobby_on_permit_bids_goes_in_bribe_order() -> None:
    """RULING: "LOBBY: after bribes or permit bids are revealed, players holding LOBBY may replace
    their own amount, in bribe order"."""
    game = new_game(3)
    players = [player(cash=10, hand="LOBBY") for _ in range(3)]
    state = bidding(game, players, "DUMP LOBBY COMMONS", order=(2, 0, 1))
    state = play(game, state, (0, "bid 1 0"), (1, "bid 0 0"), (2, "bid 0 1"))
    assert state.phase == Phase.BID_LOBBY and state.queue == (2, 0, 1)
    state = play(game, state, (2, "lobby 0 4"))
    assert state.bids[2] == (0, 4) and game.to_act(state) == (0,)
    # Seat 1 sees seat 3's new bid before its own turn.
    assert game.observe(state, 0).bids[2] == (0, 4)
