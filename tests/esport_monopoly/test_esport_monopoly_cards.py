"""Every Chance and Company Mail card of both editions, with scripted dice and the card on top.

"Take the top card from the appropriate pile, follow the instructions on it immediately, then
return it face down to the bottom of the pile. If it is a Get Out of Jail Free card, keep it."
"""

from __future__ import annotations

import pytest

from tycoon.games.esport_monopoly.board import CHANCE_DECK, MAIL_DECK
from tycoon.games.esport_monopoly.state import Buy, Choice, Window

from .helpers import card, events, legal_texts, new_game, play, position

# Rolls reaching a Chance square (7, 22, 36) or a Company Mail square (2, 17, 33).
TO_CHANCE = {7: (4, (1, 2)), 22: (19, (1, 2)), 36: (31, (2, 3))}
TO_MAIL = {17: (14, (1, 2)), 33: (30, (1, 2))}


def draw(
    edition: str,
    deck: int,
    card_id: str,
    square: int | None = None,
    extra_dice: list[tuple[int, int]] | None = None,
    **layout: object,
):
    game = new_game(deck=edition)
    table = TO_CHANCE if deck == CHANCE_DECK else TO_MAIL
    square = square if square is not None else next(iter(table))
    start, roll = table[square]
    key = "chance" if deck == CHANCE_DECK else "mail"
    at = [start, 0, 0, 0]
    state = position(game, at=at, **{key: [card_id]}, **layout)  # type: ignore[arg-type]
    state = play(game, state, 0, "roll", dice=[roll, *(extra_dice or [])])
    assert events(state, "card")[0][1:] == (0, deck, card(game, deck, card_id))
    return game, state


MONEY_CARDS = [
    ("current", CHANCE_DECK, "dividend", 50),
    ("current", CHANCE_DECK, "speeding", -15),
    ("current", CHANCE_DECK, "loan", 150),
    ("current", MAIL_DECK, "bank-error", 200),
    ("current", MAIL_DECK, "physio", -50),
    ("current", MAIL_DECK, "stock", 50),
    ("current", MAIL_DECK, "holiday", 100),
    ("current", MAIL_DECK, "refund", 20),
    ("current", MAIL_DECK, "insurance", 100),
    ("current", MAIL_DECK, "hospital", -100),
    ("current", MAIL_DECK, "academy", -50),
    ("current", MAIL_DECK, "consultancy", 25),
    ("current", MAIL_DECK, "cosplay", 10),
    ("current", MAIL_DECK, "inheritance", 100),
    ("classic", CHANCE_DECK, "academy", -150),
    ("classic", CHANCE_DECK, "tilt", -20),
    ("classic", CHANCE_DECK, "speeding", -15),
    ("classic", CHANCE_DECK, "loan", 150),
    ("classic", CHANCE_DECK, "crossword", 100),
    ("classic", CHANCE_DECK, "dividend", 50),
    ("classic", MAIL_DECK, "hospital", -100),
    ("classic", MAIL_DECK, "physio", -50),
    ("classic", MAIL_DECK, "insurance", -50),
    ("classic", MAIL_DECK, "bank-error", 200),
    ("classic", MAIL_DECK, "annuity", 100),
    ("classic", MAIL_DECK, "inheritance", 100),
    ("classic", MAIL_DECK, "stock", 50),
    ("classic", MAIL_DECK, "interest", 25),
    ("classic", MAIL_DECK, "refund", 20),
    ("classic", MAIL_DECK, "cosplay", 10),
]


@pytest.mark.parametrize(("edition", "deck", "card_id", "delta"), MONEY_CARDS)
def test_money_card(edition: str, deck: int, card_id: str, delta: int) -> None:
    """Collect from or pay the bank the amount on the card."""
    _, state = draw(edition, deck, card_id)
    assert state.table.cash == (1500 + delta, 1500, 1500, 1500)


def test_card_goes_under_its_pile() -> None:
    """ "Return it face down to the bottom of the pile": it is now the known bottom card."""
    game, state = draw("current", CHANCE_DECK, "dividend")
    assert state.table.seen[CHANCE_DECK] == (card(game, CHANCE_DECK, "dividend"),)
    assert state.table.hidden == (15, 16)
    assert len(state.chance) == 15


@pytest.mark.parametrize("edition", ["current", "classic"])
@pytest.mark.parametrize("deck", [CHANCE_DECK, MAIL_DECK])
def test_advance_to_go_collects_the_salary(edition: str, deck: int) -> None:
    _, state = draw(edition, deck, "go")
    assert state.table.position[0] == 0 and state.table.cash[0] == 1700


@pytest.mark.parametrize("edition", ["current", "classic"])
def test_advance_to_the_grand_slam_series_passing_go_via_a_card(edition: str) -> None:
    """ "Advance to square 24 (+200 if passing GO)": from Chance 36, GO is passed."""
    _, state = draw(edition, CHANCE_DECK, "grand-slam", square=36)
    assert state.table.position[0] == 24 and state.table.cash[0] == 1700
    assert isinstance(state.table.stack[-1], Buy)
    _, state = draw(edition, CHANCE_DECK, "grand-slam", square=7)
    assert state.table.position[0] == 24 and state.table.cash[0] == 1500


@pytest.mark.parametrize("edition", ["current", "classic"])
def test_advance_to_the_grand_final_pays_its_rent(edition: str) -> None:
    _, state = draw(edition, CHANCE_DECK, "grand-final", owner={39: 2})
    assert state.table.position[0] == 39
    assert state.table.cash == (1450, 1500, 1550, 1500)


@pytest.mark.parametrize("edition", ["current", "classic"])
def test_advance_to_the_regional_series(edition: str) -> None:
    _, state = draw(edition, CHANCE_DECK, "regional", square=22)
    assert state.table.position[0] == 11 and state.table.cash[0] == 1700


def test_trip_to_the_spring_pixel_festival_passes_go() -> None:
    _, state = draw("current", CHANCE_DECK, "spring-festival", square=7)
    assert state.table.position[0] == 5 and state.table.cash[0] == 1700


def test_classic_trip_to_the_summer_lan_festival() -> None:
    _, state = draw("classic", CHANCE_DECK, "summer-festival", square=36)
    assert state.table.position[0] == 15 and state.table.cash[0] == 1700


@pytest.mark.parametrize("card_id", ["festival-1", "festival-2"])
def test_nearest_festival_pays_double_rent(card_id: str) -> None:
    """ "Nearest festival, pay twice the rent or buy it"."""
    _, state = draw("current", CHANCE_DECK, card_id, owner={15: 1, 25: 1})
    assert state.table.position[0] == 15
    assert state.table.cash[:2] == (1400, 1600)  # 2 festivals: £50, twice


def test_nearest_festival_unowned_may_be_bought() -> None:
    _, state = draw("current", CHANCE_DECK, "festival-1", square=36)
    assert state.table.position[0] == 5 and state.table.cash[0] == 1700  # past GO
    assert state.table.stack[-1] == Buy(5)


def test_nearest_esl_shop_pays_ten_times_a_new_roll() -> None:
    """ "Nearest ESL shop, pay 10x a new roll or buy it" (even with only one shop owned)."""
    _, state = draw("current", CHANCE_DECK, "shop", owner={12: 1}, extra_dice=[(3, 4)])
    assert state.table.position[0] == 12
    assert state.table.cash[:2] == (1430, 1570)
    assert events(state, "dice") == [("dice", 0, 3, 4)]


def test_nearest_esl_shop_unowned_may_be_bought() -> None:
    _, state = draw("current", CHANCE_DECK, "shop", square=22)
    assert state.table.position[0] == 28 and state.table.stack[-1] == Buy(28)


@pytest.mark.parametrize("edition", ["current", "classic"])
@pytest.mark.parametrize("deck", [CHANCE_DECK, MAIL_DECK])
def test_get_out_of_jail_free_is_kept(edition: str, deck: int) -> None:
    game, state = draw(edition, deck, "jail-free")
    assert state.table.cards[0] == 1 << deck
    assert card(game, deck, "jail-free") not in state.table.seen[deck]
    assert len(state.chance if deck == CHANCE_DECK else state.mail) == 15


@pytest.mark.parametrize("edition", ["current", "classic"])
def test_back_three_spaces_lands_on_the_tax(edition: str) -> None:
    _, state = draw(edition, CHANCE_DECK, "back-3", square=7)
    assert state.table.position[0] == 4 and state.table.cash[0] == 1300


def test_back_three_spaces_onto_company_mail_draws_again() -> None:
    _, state = draw("current", CHANCE_DECK, "back-3", square=36, mail=["stock"])
    assert state.table.position[0] == 33 and state.table.cash[0] == 1550
    assert [e[2] for e in events(state, "card")] == [CHANCE_DECK, MAIL_DECK]


@pytest.mark.parametrize("edition", ["current", "classic"])
@pytest.mark.parametrize("deck", [CHANCE_DECK, MAIL_DECK])
def test_go_to_jail_card(edition: str, deck: int) -> None:
    """ "Go to Jail. Do not pass GO, do not collect £200"."""
    _, state = draw(edition, deck, "jail", square=36 if deck == CHANCE_DECK else 33)
    t = state.table
    assert t.position[0] == 10 and t.jail[0] == 1 and t.cash[0] == 1500 and t.active == 1


@pytest.mark.parametrize(
    ("edition", "deck", "card_id", "per_stand", "per_arena"),
    [
        ("current", CHANCE_DECK, "repairs", 25, 100),
        ("current", MAIL_DECK, "street-repairs", 40, 115),
        ("classic", CHANCE_DECK, "repairs", 25, 100),
        ("classic", CHANCE_DECK, "street-repairs", 40, 115),
    ],
)
def test_repairs_per_stand_and_per_arena(
    edition: str, deck: int, card_id: str, per_stand: int, per_arena: int
) -> None:
    owner = {16: 0, 18: 0, 19: 0, 37: 0, 39: 0}
    level = {16: 3, 18: 3, 19: 2, 37: 5, 39: 5}
    _, state = draw(edition, deck, card_id, owner=owner, level=level)
    assert state.table.cash[0] == 1500 - 8 * per_stand - 2 * per_arena


def test_chairman_pays_each_player_fifty() -> None:
    _, state = draw("current", CHANCE_DECK, "chairman")
    assert state.table.cash == (1350, 1550, 1550, 1550)


def test_chairman_short_of_cash_pays_in_turn_order() -> None:
    """RULING (ours): payments to several players are made in turn order; a player who cannot
    pay them all is bankrupt to the first one left unpaid, who gets what remains."""
    game, state = draw("current", CHANCE_DECK, "chairman", cash=[120, 1500, 1500, 1500])
    assert state.table.cash == (0, 1550, 1550, 1520)
    assert state.table.eliminated == (0,)
    assert game.to_act(state) == (1,)


@pytest.mark.parametrize("edition", ["current", "classic"])
def test_birthday_collects_ten_from_every_player(edition: str) -> None:
    _, state = draw(edition, MAIL_DECK, "birthday")
    assert state.table.cash == (1530, 1490, 1490, 1490)


def test_birthday_payer_short_of_cash_raises_it_out_of_turn() -> None:
    game, state = draw("current", MAIL_DECK, "birthday", cash=[1500, 5, 1500, 1500], owner={1: 1})
    assert game.to_act(state) == (1,)
    assert legal_texts(game, state, 1) == ["mortgage 1"]
    state = play(game, state, 1, "mortgage 1")
    assert state.table.cash == (1530, 25, 1490, 1490)
    assert isinstance(state.table.stack[-1], Window) and state.table.active == 1


def test_classic_go_back_to_the_rookie_cup_collects_nothing() -> None:
    _, state = draw("classic", MAIL_DECK, "rookie-cup", square=17)
    assert state.table.position[0] == 1 and state.table.cash[0] == 1500
    assert state.table.stack[-1] == Buy(1)


def test_classic_pay_a_fine_or_take_a_chance() -> None:
    game, state = draw("classic", MAIL_DECK, "fine-or-chance", chance=["dividend"])
    assert isinstance(state.table.stack[-1], Choice)
    assert legal_texts(game, state, 0) == ["fine", "chance"]
    fined = play(game, state, 0, "fine")
    assert fined.table.cash[0] == 1490
    chanced = play(game, state, 0, "chance")
    assert chanced.table.cash[0] == 1550


def test_every_card_of_both_editions_is_covered() -> None:
    """Each card id of both decks appears in a test above."""
    import inspect
    import sys

    source = inspect.getsource(sys.modules[__name__])
    game = new_game(deck="classic")
    for edition in ("current", "classic"):
        decks = new_game(deck=edition).decks
        for deck in decks:
            for c in deck:
                assert f'"{c.id}"' in source, (edition, c.id)
    assert game.decks
