"""Spring and autumn sales: lots, sealed bribes, LOBBY, purchase order, unsold lots."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tycoon.core import ScriptedRng, SeededRng
from tycoon.games.milton_keynes import board as bd
from tycoon.games.milton_keynes import cards as cd
from tycoon.games.milton_keynes.game import MiltonKeynes
from tycoon.games.milton_keynes.state import Phase, Player, State, evolve

from .helpers import (
    labels,
    legal_texts,
    make_state,
    mask,
    new_game,
    ordered_deck,
    play,
    player,
    refuse,
)


def sale(
    game: MiltonKeynes, players: Sequence[Player], deck: str, year: int = 2, **changes: Any
) -> State:
    """A state just before the spring deal of ``year``, then dealt."""
    state = make_state(game, Phase.AFTER_COLLECTION, players=players, year=year, **changes)
    state = evolve(state, deed_deck=ordered_deck(deck))
    return game.rules.start_sale(state, 0, SeededRng(0), [])


def lot_labels(state: State) -> list[str]:
    return ["+".join(labels(bd.cells_of(lot)).split()) for lot in state.lots]


def test_worked_example_three_player_lot_merging_g7_g8_h1_f6() -> None:
    """ "In the example above, a three-player game, three deeds are dealt. ... this is the second
    year, so the two lots that would be adjacent to each other (G8 & G7) are combined into a
    single lot (of price two heavy briefcases) and a replacement deed is dealt (F6). ... We are
    left with three lots: G7 & G8, H1 and F6"."""
    game = new_game(3)
    state = sale(game, [player() for _ in range(3)], "G8 H1 G7 F6 A1 A2")
    assert lot_labels(state) == ["G7+G8", "H1", "F6"]
    assert [cd.DEED_PRICE * bd.popcount(lot) for lot in state.lots] == [10, 5, 5]
    assert state.deed_deck == ordered_deck("A1 A2")


def test_first_year_lots_are_single_deeds() -> None:
    """ "In the first year, the lots are always just one deed"."""
    game = new_game(3)
    state = sale(game, [player() for _ in range(3)], "G8 H1 G7 F6", year=1)
    assert lot_labels(state) == ["G8", "H1", "G7"]


def test_lot_chains_merge_and_dealing_stops_when_the_deck_runs_out() -> None:
    """DERIVED: "deeds that are orthogonal neighbours form one lot, chains merge; deal more
    deeds until there are as many lots as players or the deck is empty"."""
    game = new_game(3)
    three = [player() for _ in range(3)]
    # B3 joins the lots B2 and B4 into one; two more deeds make three lots.
    state = sale(game, three, "B2 B4 B3 A9 H8 H9")
    assert lot_labels(state) == ["B2+B3+B4", "A9", "H8"]
    assert state.deed_deck == ordered_deck("H9")
    state = sale(game, three, "B2 B3")
    assert lot_labels(state) == ["B2+B3"]
    assert state.deed_deck == ()


def test_sealed_bribes_are_hidden_until_everyone_commits() -> None:
    game = new_game(2)
    state = sale(game, [player(cash=10), player(cash=10)], "A1 A3 B1 C3")
    assert state.phase == Phase.BRIBE and set(game.to_act(state)) == {0, 1}
    state = play(game, state, (0, "bribe 4"))
    view = game.observe(state, 1)
    assert view.sealed is not None and view.sealed.committed == (0,) and view.sealed.own is None
    assert game.observe(state, 0).sealed.own == 4  # type: ignore[union-attr]
    assert game.describe_action(game.parse_action("bribe 4", 0), 1) == "has sealed a bribe"
    state = play(game, state, (1, "bribe 2"))
    assert state.bribes == (4, 2) and state.order == (0, 1)


def test_bribe_beyond_your_cash_is_refused() -> None:
    game = new_game(2)
    state = sale(game, [player(cash=10), player(cash=10)], "A1 A3 B1 C3")
    reason = refuse(game, state, 0, "bribe 11")
    assert "you have only 10" in reason


def test_bribes_go_to_the_bank_and_set_the_purchase_order() -> None:
    """ "everyone uncovers and discards their bribe into the bank. You each then take turns to
    purchase a single lot ... from the player who bribed the most to the player who bribed the
    least"."""
    game = new_game(3)
    state = sale(game, [player(cash=20) for _ in range(3)], "A1 A3 C1 C3 E1", bank=100)
    state = play(game, state, (0, "bribe 1"), (1, "bribe 5"), (2, "bribe 3"))
    assert state.phase == Phase.PURCHASE
    assert state.order == (1, 2, 0)
    assert [p.cash for p in state.players] == [19, 15, 17]
    assert state.bank == 109
    assert game.to_act(state) == (1,)


def test_bribe_ties_go_to_fewest_cards_then_a_seeded_draw() -> None:
    """ "If some players are tied, then the player of them with the fewest cards in their hand
    gets first choice; if there is still no clear winner, players play rock/scissors/paper"
    (RULING: a seeded draw)."""
    game = new_game(3)
    players = [player(cash=9, deeds="H1 H2"), player(cash=9), player(cash=9)]
    state = sale(game, players, "A1 A3 C1 C3 E1")
    state = play(game, state, (0, "bribe 2"), (1, "bribe 2"))
    # Seats 1 and 2 tie on bribe and cards: the draw shuffles them (below(2) -> 0 swaps).
    state = play(game, state, (2, "bribe 2"), rng=ScriptedRng([0]))
    assert state.order == (2, 1, 0)


def test_purchases_cost_a_briefcase_a_deed_and_go_round_again() -> None:
    """ "The price of a lot is one heavy briefcase for each deed in it. If there are any lots still
    for sale after all players have had a chance at buying one, it continues around again,
    restarting with the player who made the highest bribe, until all players pass. If any still
    remain, they are placed on the bottom of the deeds deck"."""
    game = new_game(2)
    state = sale(game, [player(cash=30), player(cash=30)], "A1 A2 A3 C1 C3 E1 E2")
    assert lot_labels(state) == ["A1+A2+A3", "C1"]
    state = play(game, state, (0, "bribe 0"), (1, "bribe 1"))
    assert state.order == (1, 0)
    assert "buy A1" in legal_texts(game, state, 1)
    state = play(game, state, (1, "buy C1"), (0, "pass"))
    assert state.phase == Phase.PURCHASE and game.to_act(state) == (1,)  # round again
    state = play(game, state, (1, "buy A1"))
    assert state.players[1].deeds == mask("A1 A2 A3 C1")
    assert state.players[1].cash == 29 - 5 - 15
    assert state.players[1].known_deeds == mask("A1 A2 A3 C1")  # bought in public
    assert state.season == 1 and state.phase == Phase.BRIBE  # the autumn sale


def test_unsold_lots_go_under_the_deed_deck() -> None:
    game = new_game(2)
    state = sale(game, [player(cash=3), player(cash=3)], "A1 A3 C1 C3 E1")
    state = play(game, state, (0, "bribe 0"), (1, "bribe 0"), rng=ScriptedRng([0]))
    # Nobody can afford a lot: both pass, the lots go under the deck, the autumn deals next.
    state = play(game, state, (game.to_act(state)[0], "pass"), (game.to_act(state)[0] ^ 1, "pass"))
    assert state.season == 1
    assert state.deed_deck[-2:] == ordered_deck("A1 A3")


def test_lot_named_by_its_first_plot() -> None:
    game = new_game(2)
    state = sale(game, [player(cash=30), player(cash=30)], "A3 A2 C1 C3")
    state = play(game, state, (0, "bribe 1"), (1, "bribe 0"))
    assert "first plot, A2" in refuse(game, state, 0, "buy A3")
    assert "no lot" in refuse(game, state, 0, "buy B5")


def test_lobby_replaces_a_revealed_bribe_in_bribe_order() -> None:
    """LOBBY: "alter your bribe ... after you've seen what the other players have in their hands
    ... You get to change what you put in your hand and therefore how much you pay and whether you
    win the first choice" (RULING: in bribe order, each seeing the earlier changes)."""
    game = new_game(2)
    players = [player(cash=20, hand="LOBBY"), player(cash=20, hand="LOBBY")]
    state = sale(game, players, "A1 A3 C1 C3")
    state = play(game, state, (0, "bribe 2"), (1, "bribe 5"))
    assert state.phase == Phase.SALE_LOBBY and state.queue == (1, 0)
    state = play(game, state, (1, "pass"), (0, "lobby 6"))
    assert state.phase == Phase.PURCHASE
    assert state.bribes == (6, 5) and state.order == (0, 1)
    assert state.players[0].cash == 14 and state.players[0].permits[cd.LOBBY] == 0
    assert state.permit_deck[-1] == cd.LOBBY


def test_lobby_needs_the_card() -> None:
    game = new_game(2)
    players = [player(cash=20, hand="INQUIRY"), player(cash=20, hand="LOBBY")]
    state = sale(game, players, "A1 A3 C1 C3")
    state = play(game, state, (0, "bribe 2"), (1, "bribe 5"), (1, "pass"))
    assert legal_texts(game, state, 0) == ["pass"]
    assert "no LOBBY" in refuse(game, state, 0, "lobby 3")


def test_every_seat_holding_permits_is_asked_about_lobby() -> None:
    """Whether a player holds LOBBY is hidden: everyone holding a permit is asked (pass)."""
    game = new_game(3)
    players = [player(cash=5, hand="DUMP"), player(cash=5), player(cash=5, hand="LOBBY")]
    state = sale(game, players, "A1 A3 C1 C3 E1")
    state = play(game, state, (0, "bribe 1"), (1, "bribe 2"), (2, "bribe 3"))
    assert state.queue == (2, 0)


def test_a_player_who_passed_may_buy_in_a_later_round() -> None:
    """ "If there are any lots still for sale after all players have had a chance at buying one,
    it continues around again, restarting with the player who made the highest bribe, until all
    players pass. If any still remain, they are placed on the bottom of the deeds deck"."""
    game = new_game(3)
    state = sale(game, [player(cash=20) for _ in range(3)], "A1 A3 C3 E5 E7")
    assert lot_labels(state) == ["A1", "A3", "C3"]
    state = play(game, state, (0, "bribe 3"), (1, "bribe 2"), (2, "bribe 1"))
    state = play(game, state, (0, "pass"), (1, "buy A1"), (2, "pass"))
    # Somebody bought: round two starts again with the highest bribe, who passed before.
    assert state.phase == Phase.PURCHASE and game.to_act(state) == (0,)
    state = play(game, state, (0, "buy A3"), (1, "pass"), (2, "pass"))
    # Round three: everyone passes; C3 goes under the deed deck and the autumn sale begins.
    assert state.phase == Phase.PURCHASE and game.to_act(state) == (0,)
    state = play(game, state, (0, "pass"), (1, "pass"), (2, "pass"))
    assert state.players[0].deeds == mask("A3") and state.players[1].deeds == mask("A1")
    assert state.season == 1 and state.phase == Phase.BRIBE
    # C3 went under the deck (after E5 and E7): the autumn deals it last.
    assert lot_labels(state) == ["E5", "E7", "C3"] and state.deed_deck == ()


def test_after_lobby_ties_count_the_cards_in_hand_again() -> None:
    """ "If some players are tied, then the player of them with the fewest cards in their hand
    gets first choice": after LOBBY the order is worked out again from the final bribes and the
    hands as they are then (the LOBBY card is gone)."""
    game = new_game(2)
    players = [player(cash=10, hand="LOBBY"), player(cash=10, deeds="B1")]
    state = sale(game, players, "A1 A3 C3 E5")
    state = play(game, state, (0, "bribe 2"), (1, "bribe 3"))
    assert state.order == (1, 0) and state.queue == (0,)  # seat 2 holds no permit: not asked
    state = play(game, state, (0, "lobby 3"))
    # Tied at 3: seat 1 now holds no card, seat 2 holds one deed.
    assert state.bribes == (3, 3) and state.order == (0, 1)
    assert [p.cash for p in state.players] == [7, 7]
    assert game.to_act(state) == (0,)
