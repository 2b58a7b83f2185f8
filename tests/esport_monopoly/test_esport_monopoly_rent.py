"""Rent on every kind of property, taxes, and the owner-must-ask option: one test per rule."""

from __future__ import annotations

from typing import Any

from tycoon.games.esport_monopoly.state import Pay

from .helpers import events, legal_texts, new_game, play, position


def land_on(square: int, start: int, d1: int, d2: int, **layout: object) -> tuple[int, ...]:
    """Cash of every seat after seat 0 moves from ``start`` onto ``square``."""
    game = new_game()
    state = position(game, at=[start, 0, 0, 0], **layout)  # type: ignore[arg-type]
    state = play(game, state, 0, "roll", dice=[(d1, d2)])
    assert state.table.position[0] == square
    return state.table.cash


def test_rent_for_an_unimproved_event() -> None:
    """ "The rent for an unimproved event is printed on the matching Title Deed card"."""
    assert land_on(39, 34, 2, 3, owner={39: 1}) == (1450, 1550, 1500, 1500)


def test_rent_doubled_on_a_full_group_without_buildings() -> None:
    """ "This is doubled if the owner owns all events in its colour group and none of them are
    mortgaged"."""
    assert land_on(39, 34, 2, 3, owner={37: 1, 39: 1}) == (1400, 1600, 1500, 1500)


def test_rent_not_doubled_when_an_event_of_the_group_is_mortgaged() -> None:
    assert land_on(39, 34, 2, 3, owner={37: 1, 39: 1}, mortgaged=[37]) == (
        1450,
        1550,
        1500,
        1500,
    )


def test_no_rent_on_a_mortgaged_property() -> None:
    """ "You do not pay rent if the property is mortgaged"."""
    assert land_on(39, 34, 2, 3, owner={37: 1, 39: 1}, mortgaged=[39]) == (1500,) * 4


def test_no_rent_on_your_own_property() -> None:
    """ "A property that you own: nothing happens"."""
    assert land_on(39, 34, 2, 3, owner={39: 0}) == (1500,) * 4


def test_rent_per_fan_stand_and_for_an_arena() -> None:
    """Improved events charge the rent for their stands or arena on the Title Deed."""
    group = {31: 1, 32: 1, 34: 1}
    assert land_on(34, 29, 2, 3, owner=group, level={31: 2, 32: 2, 34: 3})[0] == 500
    assert land_on(34, 29, 2, 3, owner=group, level={31: 5, 32: 5, 34: 5})[0] == 100


def test_owner_in_jail_still_collects_rent() -> None:
    """ "You can do the following even when it isn't your turn - even if you're in Jail!"""
    cash = land_on(39, 34, 2, 3, owner={39: 1}, jail=[0, 2, 0, 0])
    assert cash[1] == 1550


def test_festival_rent_by_how_many_the_owner_has() -> None:
    """Festivals: 1, 2, 3, 4 owned: £25, £50, £100, £200."""
    for count, rent in ((1, 25), (2, 50), (3, 100), (4, 200)):
        owner = {s: 1 for s in (5, 15, 25, 35)[:count]}
        if 5 not in owner:
            owner[5] = 1
        cash = land_on(5, 1, 1, 3, owner=owner)
        assert cash[0] == 1500 - rent, count


def test_festival_count_includes_mortgaged_festivals() -> None:
    """Rent depends on how many festivals the owner owns (mortgaged ones count too)."""
    cash = land_on(5, 1, 1, 3, owner={5: 1, 15: 1, 25: 1}, mortgaged=[25])
    assert cash[0] == 1400


def test_esl_shop_rent_is_four_times_the_dice() -> None:
    """ "Roll the dice and multiply the result by 4" (the dice just thrown)."""
    cash = land_on(12, 5, 3, 4, owner={12: 1})
    assert cash[:2] == (1472, 1528)


def test_esl_shop_rent_is_ten_times_the_dice_with_both() -> None:
    """ "If the owning player owns both ESL shops, multiply the result by 10!"."""
    cash = land_on(28, 23, 2, 3, owner={12: 1, 28: 1})
    assert cash[:2] == (1450, 1550)


def test_event_travel_expenses_pays_two_hundred_to_the_bank() -> None:
    assert land_on(4, 1, 1, 2) == (1300, 1500, 1500, 1500)


def test_business_class_travel_pays_one_hundred_to_the_bank() -> None:
    assert land_on(38, 35, 1, 2) == (1400, 1500, 1500, 1500)


def test_rent_statistics_count_per_square() -> None:
    game = new_game()
    state = play(game, position(game, at=[34, 0, 0, 0], owner={39: 1}), 0, "roll", dice=[(2, 3)])
    stats = game.statistics(state)
    assert stats["rent: Grand Final"] == 50
    assert stats["rent: Rookie Cup"] == 0
    assert len([k for k in stats if k.startswith("rent: ")]) == 28


def test_rent_owed_is_raised_by_selling_and_mortgaging() -> None:
    """ "If you ever owe ... more cash than you have, try to raise the money by selling
    buildings and/or mortgaging properties"."""
    game = new_game()
    state = position(
        game,
        at=[34, 0, 0, 0],
        owner={37: 1, 39: 1, 1: 0, 3: 0},
        level={1: 1, 3: 1},
        cash=[0, 1500, 1500, 1500],
    )
    state = play(game, state, 0, "roll", dice=[(2, 3)])
    top = state.table.stack[-1]
    assert isinstance(top, Pay) and top.amount == 100 and game.to_act(state) == (0,)
    assert sorted(legal_texts(game, state, 0)) == ["sell 1", "sell 3", "sellall 1"]
    state = play(game, state, 0, "sell 1")
    state = play(game, state, 0, "sell 3")
    assert sorted(legal_texts(game, state, 0)) == ["mortgage 1", "mortgage 3"]
    state = play(game, state, 0, "mortgage 3")
    assert state.table.cash[0] == 80 and isinstance(state.table.stack[-1], Pay)
    state = play(game, state, 0, "mortgage 1")
    t = state.table
    assert t.cash[0] == 110 - 100 and t.cash[1] == 1600
    assert t.active == 1


# -- the owner must ask (option) -----------------------------------------------------------------


ASK_RENT: dict[str, Any] = {"ask-rent": True, "window": "builders"}


def test_owner_must_ask_for_rent_before_the_next_roll() -> None:
    """ "The owner must ask you for the rent before the player to your left rolls the dice. If
    they forget to ask, you don't have to pay!" (option ask-rent)."""
    game = new_game(4, **ASK_RENT)
    state = play(game, position(game, at=[34, 0, 0, 0], owner={39: 2}), 0, "roll", dice=[(2, 3)])
    assert state.table.cash[0] == 1500 and events(state, "owed")
    assert game.to_act(state) == (2,)  # asked out of turn: it has rent to ask for
    assert "claim 39" in legal_texts(game, state, 2)
    asked = play(game, state, 2, "claim 39")
    assert asked.table.cash[0] == 1450 and asked.table.cash[2] == 1550
    assert asked.table.claims == ()


def test_owner_must_ask_rent_lapses_when_the_next_player_rolls() -> None:
    game = new_game(4, **ASK_RENT)
    state = play(game, position(game, at=[34, 0, 0, 0], owner={39: 2}), 0, "roll", dice=[(2, 3)])
    state = play(game, state, 2, "wait")
    state = play(game, state, 1, "roll", dice=[(1, 2)])
    assert state.table.claims == () and state.table.cash[0] == 1500


def test_rent_doubled_on_an_unimproved_event_when_another_of_its_group_has_a_stand() -> None:
    """ "The rent for an unimproved event ... is doubled if the owner owns all events in its
    colour group and none of them are mortgaged": an event still without a building is
    unimproved, even when another event of its group has a fan stand."""
    layout: dict[str, Any] = {"owner": {37: 1, 39: 1}, "level": {37: 1}}
    assert land_on(39, 34, 2, 3, **layout) == (1400, 1600, 1500, 1500)
    assert land_on(37, 34, 1, 2, **layout) == (1325, 1675, 1500, 1500)
