"""Cash collection: the year-1 grant, INQUIRY, DEMOLISH before collecting, REDEVELOP after, and
the credit crunch."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tycoon.core import SeededRng
from tycoon.games.milton_keynes import board as bd
from tycoon.games.milton_keynes import cards as cd
from tycoon.games.milton_keynes.game import MiltonKeynes
from tycoon.games.milton_keynes.state import Phase, Player, State

from .helpers import city, legal_texts, make_state, mask, new_game, play, player, refuse

DECK = "A1 A2 A3 B1 B2 B3 C2 C3 C4 D1 D3 D4 D5 D6 D7 E1 E2 E4 E5 E6"


def before_collection(
    game: MiltonKeynes,
    players: Sequence[Player],
    *specs: tuple[int, str, str],
    year: int = 2,
    **changes: Any,
) -> State:
    return make_state(
        game,
        Phase.BEFORE_COLLECTION,
        players=players,
        city_map=city(game, *specs),
        deck=DECK,
        year=year,
        queue=tuple(s for s in range(game.players) if sum(players[s].permits)),
        **changes,
    )


def test_year_one_collects_30_with_the_grant() -> None:
    """ "If it is the first year, collect 30 stuffed envelopes"."""
    game = new_game(4)
    state = game.initial_state(SeededRng(4))
    while state.phase == Phase.BEFORE_COLLECTION:
        state = play(game, state, (game.to_act(state)[0], "pass"))
    assert all(p.cash == 30 for p in state.players)
    assert state.bank == 190 - 120


def test_later_years_collect_the_income_marker() -> None:
    """ "In all following years, collect an amount of stuffed envelopes equal to where your
    income marker appears on the incomes rail"."""
    game = new_game(2)
    players = [player(hand="LOBBY", marker=23, floor=20), player(marker=14)]
    state = before_collection(game, players)
    state = play(game, state, (0, "pass"))
    assert [p.cash for p in state.players] == [23, 14]


def test_inquiry_moves_the_marker_five_before_collecting() -> None:
    """INQUIRY: "Push your income marker up by five points and collect the new, bigger, amount";
    several may be played."""
    game = new_game(2)
    players = [player(hand="INQUIRY INQUIRY", marker=12), player()]
    state = before_collection(game, players)
    state = play(game, state, (0, "inquiry"), (0, "inquiry"))
    assert state.players[0].marker == 22
    assert state.players[0].floor == 20  # a roundabout passed with INQUIRY raises the floor
    assert list(state.permit_deck[-2:]) == [cd.INQUIRY, cd.INQUIRY]  # under the permit deck
    state = play(game, state, (0, "pass"))
    assert state.players[0].cash == 22


def test_inquiry_marker_caps_at_50_and_returns_after_the_build() -> None:
    game = new_game(2)
    players = [player(hand="INQUIRY", marker=48, floor=45), player()]
    state = before_collection(game, players)
    state = play(game, state, (0, "inquiry"))
    assert state.players[0].marker == 50
    # After the build the marker goes to 10 + blocks, never below the roundabout reached (50).
    assert game.rules.update_incomes(state, []).players[0].marker == 50
    players = [player(hand="INQUIRY", marker=17, floor=15), player()]
    state = play(game, before_collection(game, players), (0, "inquiry"))
    assert (state.players[0].marker, state.players[0].floor) == (22, 20)
    after = game.rules.update_incomes(state, [])
    assert after.players[0].marker == 20  # back down, to the roundabout it reached
    assert after.players[0].cash == state.players[0].cash  # no briefcase: passed with INQUIRY


def test_credit_crunch_reduces_every_amount_by_a_briefcase() -> None:
    """ "Credit Crunch occurs and all players must put back a heavy briefcase (or reduce what they
    are owed by a heavy briefcase) until there is enough for all players to collect"."""
    game = new_game(2)
    players = [player(hand="LOBBY", marker=30, cash=100), player(marker=20, cash=50)]
    state = before_collection(game, players, bank=40)
    state = play(game, state, (0, "pass"))
    # 50 due, 40 in the bank: each due falls by 5 (25 + 15 = 40).
    assert [p.cash for p in state.players] == [125, 65]
    assert state.bank == 0
    assert any("Credit crunch" in line for line in state.log)


def test_demolish_removes_an_edge_block_and_the_owner_keeps_the_deed() -> None:
    """DEMOLISH: "remove one block from any building on the map ... If you don't [pay] then they
    get to keep it in their hand"; incomes change on the map but not on the rail."""
    game = new_game(2)
    players = [player(hand="DEMOLISH", cash=20), player(marker=14, floor=10)]
    state = before_collection(game, players, (1, "CHAV", "B6 B7 B8"))
    assert state.city.blocks[1] == 2
    state = play(game, state, (0, "demolish B8"))
    assert bd.label_list(state.city.buildings[0].mask) == "B6 B7"
    assert state.city.blocks[1] == 1
    assert state.players[1].marker == 14  # the rail moves only after the build
    assert state.players[1].deeds == mask("B8")
    assert state.players[1].known_deeds == mask("B8")


def test_demolish_buying_the_deed_pays_two_briefcases() -> None:
    """ "You have the option of paying two heavy briefcases to the owner of the building for the
    right to take the demolished plot's deed into your hand"."""
    game = new_game(2)
    players = [player(hand="DEMOLISH", cash=20), player(cash=0)]
    state = before_collection(game, players, (1, "CHAV", "B6"))
    state = play(game, state, (0, "demolish B6 buy"))
    assert state.city.buildings == ()  # one block big: removed entirely
    assert state.players[0].deeds == mask("B6") and state.players[0].cash == 10
    assert state.players[1].cash == 10


def test_demolish_only_edge_blocks() -> None:
    """ "DEMOLISH can only be played on a block that is on the edge of a building, i.e. a block
    that has at most one internal wall" (a 2x2 building has none)."""
    game = new_game(2)
    players = [player(hand="DEMOLISH", cash=20), player()]
    state = before_collection(game, players, (1, "CHAV", "B6 B7 C6 C7"), (1, "CHAV", "H1 H2 H3"))
    moves = legal_texts(game, state, 0)
    assert not any(m.startswith("demolish B") or m.startswith("demolish C") for m in moves)
    assert "demolish H1" in moves and "demolish H3" in moves and "demolish H2" not in moves
    reason = refuse(game, state, 0, "demolish H2")
    assert "edge" in reason


def test_demolished_river_deed_leaves_the_game() -> None:
    """ "you can't take a river deed into your hand; if the demolished block happened to be a part
    of the river, then the deed goes back out of the game and the river tile goes back"."""
    game = new_game(2)
    players = [player(hand="DEMOLISH", cash=20), player()]
    state = before_collection(game, players, (1, "SEWAGE", "F5 G5"))
    assert "demolish G5 buy" not in legal_texts(game, state, 0)
    state = play(game, state, (0, "demolish G5"))
    assert state.players[1].deeds == 0
    assert state.city.river >> bd.INDEX["G5"] & 1


def test_redevelop_after_collection_returns_the_deeds() -> None:
    """REDEVELOP: "do so directly after you collect cash ... Pick up one of your (already built)
    building's deeds ... Don't alter the income markers until the end of the next build phase"."""
    game = new_game(2)
    players = [player(hand="REDEVELOP", marker=13), player()]
    state = before_collection(game, players, (0, "SEWAGE", "F5 G5"), (0, "CHAV", "B6"))
    state = play(game, state, (0, "pass"))
    assert state.phase == Phase.AFTER_COLLECTION
    assert state.players[0].cash == 13
    assert "redevelop F5" in legal_texts(game, state, 0)
    state = play(game, state, (0, "redevelop F5"))
    assert state.players[0].deeds == mask("F5")  # the river deed leaves the game
    assert [b.cells for b in state.city.buildings] == [(bd.INDEX["B6"],)]
    assert state.players[0].marker == 13
    assert state.phase == Phase.AFTER_COLLECTION  # more REDEVELOP may follow; then pass


def test_redevelop_names_the_building_by_its_first_plot() -> None:
    game = new_game(2)
    players = [player(hand="REDEVELOP"), player()]
    state = before_collection(game, players, (0, "CHAV", "B6 B7"))
    state = play(game, state, (0, "pass"))
    assert "first plot, B6" in refuse(game, state, 0, "redevelop B7")


def test_players_without_permits_are_not_asked() -> None:
    """Only a player holding a permit may play one: the others (their permit count is public) are
    not asked."""
    game = new_game(2)
    players = [player(), player()]
    state = before_collection(game, players)
    assert state.phase == Phase.BEFORE_COLLECTION
    state = game.rules.start_year(state, SeededRng(0), [])
    assert state.phase == Phase.BRIBE  # collection and the spring deal happened


def test_inquiry_in_the_first_year_adds_to_the_grant() -> None:
    """ "In the first year you get a special extra 'government grant' of 20 stuffed envelopes";
    "Prior to collecting cash, you may choose to play one or more INQUIRY cards ... be sure to
    collect the newer, bigger amount!" (RULING: year 1 pays the marker plus the grant of 20)."""
    game = new_game(2)
    players = [player(hand="INQUIRY"), player()]
    state = before_collection(game, players, year=1)
    state = play(game, state, (0, "inquiry"), (0, "pass"))
    assert [p.cash for p in state.players] == [15 + 20, 10 + 20]


def test_demolish_updates_every_income_block_on_the_map_at_once() -> None:
    """DEMOLISH: "After playing DEMOLISH, update all the income blocks on the map, but don't alter
    the income markers until the end of the next build phase: you all still receive the cash you
    were expecting this year" — the neighbour of the smaller building gains at once."""
    game = new_game(2)
    players = [player(hand="DEMOLISH", marker=12, floor=10), player(marker=14, floor=10)]
    state = before_collection(game, players, (0, "CHAV", "C8"), (1, "CHAV", "B6 B7 B8"))
    # C8: two river walls, nothing from the 3-plot neighbour; B6-B8: 2 internal + 2 over C8.
    assert state.city.blocks == (2, 4)
    state = play(game, state, (0, "demolish B6"))
    # B7-B8 is now within one plot of C8: 1 each way; one internal wall left.
    assert state.city.blocks == (3, 2)
    state = play(game, state, (0, "pass"))
    assert [p.cash for p in state.players] == [12, 14]  # the markers did not move


def test_redevelop_clears_only_your_own_building() -> None:
    """REDEVELOP: "Pick up one of your (already built) building's deeds"."""
    game = new_game(2)
    players = [player(hand="REDEVELOP"), player()]
    state = before_collection(game, players, (0, "CHAV", "C8"), (1, "CHAV", "B6 B7"))
    state = play(game, state, (0, "pass"))
    assert legal_texts(game, state, 0) == ["pass", "redevelop C8"]
    assert "no building on B6" in refuse(game, state, 0, "redevelop B6")
