"""The board and decks in data/ against the numbers in CLARIFICATIONS.md (FACT: the standard UK
components, re-themed)."""

from __future__ import annotations

import json

import pytest

from tycoon.games.esport_monopoly.board import (
    BOARD,
    DATA,
    DECKS,
    EVENT,
    FESTIVAL,
    JAIL_FREE,
    SHOP,
    TAX,
)

B = BOARD

# square: (group, price, rents unimproved/1/2/3/4/arena, stand cost), from CLARIFICATIONS.md
EVENTS = {
    1: ("brown", 60, (2, 10, 30, 90, 160, 250), 50),
    3: ("brown", 60, (4, 20, 60, 180, 320, 450), 50),
    6: ("lightblue", 100, (6, 30, 90, 270, 400, 550), 50),
    8: ("lightblue", 100, (6, 30, 90, 270, 400, 550), 50),
    9: ("lightblue", 120, (8, 40, 100, 300, 450, 600), 50),
    11: ("pink", 140, (10, 50, 150, 450, 625, 750), 100),
    13: ("pink", 140, (10, 50, 150, 450, 625, 750), 100),
    14: ("pink", 160, (12, 60, 180, 500, 700, 900), 100),
    16: ("orange", 180, (14, 70, 200, 550, 750, 950), 100),
    18: ("orange", 180, (14, 70, 200, 550, 750, 950), 100),
    19: ("orange", 200, (16, 80, 220, 600, 800, 1000), 100),
    21: ("red", 220, (18, 90, 250, 700, 875, 1050), 150),
    23: ("red", 220, (18, 90, 250, 700, 875, 1050), 150),
    24: ("red", 240, (20, 100, 300, 750, 925, 1100), 150),
    26: ("yellow", 260, (22, 110, 330, 800, 975, 1150), 150),
    27: ("yellow", 260, (22, 110, 330, 800, 975, 1150), 150),
    29: ("yellow", 280, (24, 120, 360, 850, 1025, 1200), 150),
    31: ("green", 300, (26, 130, 390, 900, 1100, 1275), 200),
    32: ("green", 300, (26, 130, 390, 900, 1100, 1275), 200),
    34: ("green", 320, (28, 150, 450, 1000, 1200, 1400), 200),
    37: ("darkblue", 350, (35, 175, 500, 1100, 1300, 1500), 200),
    39: ("darkblue", 400, (50, 200, 600, 1400, 1700, 2000), 200),
}


def test_board_file_is_valid_json_with_forty_squares() -> None:
    data = json.loads((DATA / "board.json").read_text(encoding="utf-8"))
    assert [s["index"] for s in data["squares"]] == list(range(40))


def test_twenty_two_events_with_the_uk_numbers_and_themed_names() -> None:
    events = [s for s in range(40) if B.kinds[s] == EVENT]
    assert events == sorted(EVENTS)
    for square, (group, price, rents, cost) in EVENTS.items():
        assert B.group_keys[B.group[square]] == group
        assert B.price[square] == price
        assert B.rents[square] == rents
        assert B.stand_cost[square] == cost
        assert B.mortgage[square] == price // 2
    names = [B.names[s] for s in events]
    assert len(set(names)) == 22
    assert not {"Mayfair", "Park Lane", "Old Kent Road"} & set(names)


def test_festivals_shops_taxes_and_corners() -> None:
    assert [s for s in range(40) if B.kinds[s] == FESTIVAL] == [5, 15, 25, 35]
    assert [s for s in range(40) if B.kinds[s] == SHOP] == [12, 28]
    assert all(B.price[s] == 200 for s in (5, 15, 25, 35))
    assert all(B.price[s] == 150 for s in (12, 28))
    assert B.festival_rents == (25, 50, 100, 200)
    assert B.shop_multipliers == (4, 10)
    taxes = {s: B.tax[s] for s in range(40) if B.kinds[s] == TAX}
    assert taxes == {4: 200, 38: 100}
    assert B.names[4] == "Event Travel Expenses"
    assert B.names[38] == "Business Class Travel"
    assert B.names[0] == "GO" and B.names[30] == "Go To Jail" and B.names[20] == "Free Parking"
    assert [s for s in range(40) if B.names[s] == "Chance"] == [7, 22, 36]
    assert [s for s in range(40) if B.names[s] == "Company Mail"] == [2, 17, 33]


def test_components_are_the_standard_uk_ones() -> None:
    assert (B.stands, B.arenas) == (32, 12)
    assert (B.jail_square, B.jail_fine, B.jail_turns, B.doubles_to_jail) == (10, 50, 3, 3)
    assert B.interest_percent == 10 and B.sale_percent == 50


def test_lifting_costs_the_value_plus_ten_percent_rounded_up() -> None:
    assert B.lift[1] == 33  # value 30
    assert B.lift[12] == 83  # value 75: 7.50 rounded up to 8
    assert B.lift[39] == 220  # value 200
    assert B.fee[37] == 18  # value 175: 17.50 rounded up


def test_both_editions_have_sixteen_cards_a_deck_and_one_jail_card_each() -> None:
    assert set(DECKS) == {"current", "classic"}
    for edition, decks in DECKS.items():
        for deck in decks:
            assert len(deck) == 16, edition
            assert sum(1 for c in deck if c.effect == JAIL_FREE) == 1
            assert len({c.id for c in deck}) == 16
            for c in deck:
                assert c.text


def test_current_deck_numbers_follow_the_clarifications() -> None:
    chance, mail = DECKS["current"]
    by_id = {c.id: c for c in chance}
    assert by_id["grand-slam"].to == 24 and by_id["grand-final"].to == 39
    assert by_id["regional"].to == 11 and by_id["spring-festival"].to == 5
    assert by_id["dividend"].amount == 50 and by_id["speeding"].amount == 15
    assert by_id["chairman"].amount == 50 and by_id["loan"].amount == 150
    assert (by_id["repairs"].stand, by_id["repairs"].arena) == (25, 100)
    assert by_id["back-3"].steps == 3
    assert sum(1 for c in chance if c.nearest == FESTIVAL) == 2
    assert by_id["shop"].multiplier == 10
    amounts = {c.id: c.amount for c in mail}
    assert amounts["bank-error"] == 200 and amounts["physio"] == 50 and amounts["stock"] == 50
    assert amounts["holiday"] == 100 and amounts["refund"] == 20 and amounts["birthday"] == 10
    assert amounts["insurance"] == 100 and amounts["hospital"] == 100
    assert amounts["academy"] == 50 and amounts["consultancy"] == 25
    assert amounts["cosplay"] == 10 and amounts["inheritance"] == 100
    repairs = next(c for c in mail if c.id == "street-repairs")
    assert (repairs.stand, repairs.arena) == (40, 115)


def test_what_if_decks_change_a_card_and_keep_the_rest() -> None:
    """--data: the current Chance deck's dividend pays 500; the record keeps the patch."""
    from tycoon.core import make

    patch = '{"decks.json": {"current": {"chance": {"7": {"amount": 500}}}}}'
    game = make("esport-monopoly", 2, data=patch)
    chance = game.rules.decks[0]  # type: ignore[attr-defined]
    assert (chance[7].id, chance[7].amount) == ("dividend", 500)
    assert DECKS["current"][0][7].amount == 50  # the built-in deck is unchanged
    assert json.loads(str(game.options["data"])) == json.loads(patch)
    classic = make("esport-monopoly", 2, data=patch, deck="classic")
    assert classic.rules.decks == DECKS["classic"]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("patch", "message"),
    [
        (
            {"decks.json": {"current": {"chance": {"0": {"to": 40}}}}},
            r"decks\.json current\.chance\.0\.to: must be at most 39",
        ),
        (
            {"decks.json": {"current": {"mail": {"1": {"amount": -5}}}}},
            r"decks\.json current\.mail\.1\.amount: must be a whole number >= 0",
        ),
        (
            {"decks.json": {"current": {"chance": {"0": {"effect": "teleport"}}}}},
            r"decks\.json current\.chance\.0\.effect: must be one of",
        ),
        (
            {"decks.json": {"current": {"chance": {"0": {"effect": "jail_free"}}}}},
            r"decks\.json current\.chance: a deck holds at most one jail_free card",
        ),
        (
            {"decks.json": {"current": {"chance": []}}},
            r"decks\.json current\.chance: must be a list of at least one card",
        ),
        (
            {"board.json": {"squares": {"1": {"price": 0}}}},
            r"board\.json squares\.1\.price: must be a whole number >= 1",
        ),
        (
            {"board.json": {"squares": {"1": {"group": "teal"}}}},
            r"board\.json squares\.1\.group: 'teal' is not in groups",
        ),
        (
            {"board.json": {"components": {"jail_square": 11}}},
            r"board\.json components\.jail_square: square 11 is not the jail",
        ),
        (
            {"board.json": {"squares": {"1": {"rents": [2, 10, 30]}}}},
            r"board\.json squares\.1\.rents: must be a list of 6 whole numbers",
        ),
        (
            {
                "board.json": {
                    "squares": {
                        "1": {"group": "pink", "stand_cost": 100},
                        "3": {"group": "pink", "stand_cost": 100},
                    }
                }
            },
            r"board\.json groups\.brown: no square belongs to it",
        ),
        (
            {"board.json": {"squares": {"3": {"stand_cost": 60}}}},
            r"board\.json squares\.3\.stand_cost: 60 differs from square 1's 50",
        ),
        (
            {"board.json": {"squares": {"5": {"group": "brown"}}}},
            r"board\.json squares\.5\.group: a festival belongs to 'festival'",
        ),
        (
            {"board.json": {"squares": {"1": {"group": "shop"}}}},
            r"board\.json squares\.1\.group: an event belongs to a colour group",
        ),
        (
            {"board.json": {"squares": {"1": {"group": "pink"}, "3": {"group": "pink"}}}},
            r"board\.json squares\.11\.stand_cost: 100 differs from square 1's 50",
        ),
        (
            {"board.json": {"squares": {"3": {"name": "Rookie  cup"}}}},
            r"board\.json squares\.3\.name: 'Rookie  cup' is square 1's too",
        ),
        (
            {"board.json": {"squares": {"0": {"kind": "parking"}}}},
            r"board\.json squares\.0\.kind: GO is square 0 and only square 0",
        ),
        (
            {"board.json": {"squares": {"12": {"kind": "festival", "group": "festival"}}}},
            r"board\.json festival_rents: must be a list of 5 whole numbers \(one for each",
        ),
        (
            {"board.json": {"festival_rents": {"2": -1}}},
            r"board\.json festival_rents\.2: must be a whole number >= 0",
        ),
        (
            {"board.json": {"components": {"doubles_to_jail": 0}}},
            r"board\.json components\.doubles_to_jail: must be a whole number >= 1",
        ),
        (
            {"board.json": {"components": {"building_sale_percent": 150}}},
            r"board\.json components\.building_sale_percent: must be at most 100",
        ),
        (
            {"board.json": {"squares": {"4": {"amount": 2_000_000}}}},
            r"board\.json squares\.4\.amount: must be at most 1000000",
        ),
        (
            {"board.json": {"squares": {"9": {"name": ""}}}},
            r"board\.json squares\.9\.name: must be text of 1 to 60 characters",
        ),
    ],
)
def test_bad_what_if_data_names_the_file_and_field(patch: object, message: str) -> None:
    from tycoon.core import OptionError, make

    with pytest.raises(OptionError, match=message):
        make("esport-monopoly", 2, data=json.dumps(patch))
