"""Set-up, turn order and the King's turn (rulebook: the King's sheet; CLARIFICATIONS: Water
Rights FACT and RULING, economy)."""

from __future__ import annotations

import copy
import json
from dataclasses import replace
from pathlib import Path

import pytest

from tycoon.core import OptionError, ScriptedRng, SeededRng, make
from tycoon.games.water_rights.actions import AdjustTax, Collect, SetColours
from tycoon.games.water_rights.catalogue import DATA
from tycoon.games.water_rights.game import WaterRights
from tycoon.games.water_rights.state import (
    DISTRIBUTE,
    DRAFT,
    EMPTY,
    KING_POLICY,
    KING_SETUP,
    OVER,
    State,
)

from .helpers import (
    JUNIOR,
    KING,
    RIPARIAN,
    SENIOR,
    data_variant,
    fresh,
    game4,
    mayor_turn,
    play,
    refused,
    town,
)


def test_setup_starting_water_money_legacy_and_basic_plant() -> None:
    """FACT: water Senior 5, Riparian 5, Junior 3; money $20, $20, $15; one Basic water plant
    each; Senior and Riparian hold 2 Water Rights Legacy cards."""
    game, state = fresh()
    basic = game.rules.by_name["Basic"]
    for role, water, cash, legacy in ((SENIOR, 5, 20, 2), (RIPARIAN, 5, 20, 2), (JUNIOR, 3, 15, 0)):
        t = town(state, role)
        assert (t.reserve, t.cash, t.legacy) == (water, cash, legacy)
        assert t.hand == ((basic, 0, 2),)  # dealt, built for its $2
    assert state.treasury == game.rules.economy.treasury - (20 + 20 + 15)
    assert state.bank == 40


def test_setup_distribute_money_from_the_treasury() -> None:
    """FACT (set-up): "DISTRIBUTE MONEY FROM THE TREASURY: RIPARIAN 20, SENIOR 20, JUNIOR 15".
    The mayors' $55 leaves the King's treasury: the clarifications' $100 leaves him $45; the
    tuned $175 leaves him $120, at 4 seats and with the automated King at 3."""
    _game, state = fresh(game4(data="clarifications"))
    assert state.treasury == 100 - 55 == 45
    assert sum(t.cash for t in state.towns) == 55
    _game, state = fresh()
    assert state.treasury == 175 - 55 == 120
    three = make("water-rights", 3)
    assert isinstance(three, WaterRights)
    assert three.initial_state(SeededRng(0)).treasury == 120


def test_setup_treasury_must_cover_the_starting_money(tmp_path: Path) -> None:
    """Data validation: a treasury smaller than the mayors' starting money ($55) is refused."""
    king = dict(json.loads((DATA / "economy.json").read_text())["king"], treasury=54)
    directory = data_variant(tmp_path, {"king": king})
    with pytest.raises(OptionError, match="must cover the mayors' starting money"):
        make("water-rights", 4, data=directory)


def test_setup_starting_water_leaves_the_kings_bank() -> None:
    """Issue 9, item 6. The King's sheet, set-up: "DISTRIBUTE WATER TO PLAYERS LIKE SO:
    RIPARIAN 5 UNITS, SENIOR 5 UNITS, JUNIOR 3 UNITS" -- from the King's water bank, as the
    money comes from his treasury. No water is made at set-up: the bank and the mayors' water
    add up to the data's bank. The tuned bank (53) so still holds 40 after set-up, at 4 seats
    and with the automated King; the clarifications' 40 holds 27."""
    for game, start, left in ((game4(), 53, 40), (game4(data="clarifications"), 40, 27)):
        _game, state = fresh(game)
        assert game.rules.economy.bank == start
        assert state.bank == left == start - 13
        held = sum(t.reserve + sum(t.water) for t in state.towns)
        assert (held, state.bank + held) == (13, start)
    three = make("water-rights", 3)
    assert isinstance(three, WaterRights)
    assert three.initial_state(SeededRng(0)).bank == 40


def test_setup_bank_must_cover_the_starting_water(tmp_path: Path) -> None:
    """Data validation: a water bank smaller than the mayors' starting water (13) is refused."""
    king = dict(json.loads((DATA / "economy.json").read_text())["king"], bank=12)
    directory = data_variant(tmp_path, {"king": king})
    with pytest.raises(OptionError, match="must cover the mayors' starting water"):
        make("water-rights", 4, data=directory)


def test_setup_three_bonus_goals_face_up_and_one_secret_goal_per_seat() -> None:
    """FACT: 3 Bonus Goal cards face up; one Secret Goal per seat (the card of its role)."""
    game, state = fresh()
    assert len(state.bonus) == 3 and len(set(state.bonus)) == 3
    assert state.bonus_owner == (EMPTY, EMPTY, EMPTY)
    for role, goal in enumerate(state.secrets):
        assert game.rules.secret_goals[goal].role == role


def test_setup_assembly_lines_are_full() -> None:
    """RULING: a district line of 5 slots and a water-plant line of 3; the three Basic plants
    are the dealt ones, so 26 - 5 districts and 14 - 3 - 3 plants stay in the decks."""
    _game, state = fresh()
    assert EMPTY not in state.district_line and len(state.district_line) == 5
    assert EMPTY not in state.plant_line and len(state.plant_line) == 3
    assert len(state.district_deck) == 21
    assert len(state.plant_deck) == 8


def test_king_first_turn_declares_two_taxed_colours_grey_exempt() -> None:
    """FACT: declare the initial tax on 2 colours chosen from green, red, yellow (grey districts
    are tax exempt); the initial rate is $1 for every 2 same-colour tiles, the water price $1
    for every 4 units."""
    game, state = fresh()
    assert state.phase == KING_SETUP and game.to_act(state) == (0,)
    legal = game.legal_actions(state, 0)
    assert {game.format_action(a) for a in legal} == {
        "colours green red",
        "colours green yellow",
        "colours red yellow",
    }
    assert (state.tax_dollars, state.tax_tiles) == (1, 2)
    assert (state.water_dollars, state.water_units) == (1, 4)
    assert "grey" in refused_parse(game, "colours green grey")


def refused_parse(game: object, text: str) -> str:
    from tycoon.core import MalformedActionError

    with pytest.raises(MalformedActionError) as error:
        game.parse_action(text, 0)  # type: ignore[attr-defined]
    return str(error.value)


def test_turn_order_king_then_senior_riparian_junior() -> None:
    """FACT: the game proceeds from the King, then the Senior, Riparian and Junior mayors."""
    game, state = fresh()
    order = [state.active]
    state = play(game, state, "colours green red")
    seen = [state.active]
    for _ in range(200):
        if state.active == KING:
            break
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        action = next(
            (a for a in legal if game.format_action(a) in ("done", "collect")),
            None,
        )
        if action is None:
            action = legal[0].action(0) if hasattr(legal[0], "action") else legal[0]
        state, _ = game.apply(state, action, ScriptedRng([1]))
        if state.active != seen[-1]:
            seen.append(state.active)
    assert order + seen == [KING, SENIOR, RIPARIAN, JUNIOR, KING]


def _end_of_round(game: WaterRights, state: State, roll: int, extra: tuple[int, ...] = ()) -> State:
    """The Junior collects; the King's next turn begins with ``roll`` (scripted)."""
    state = mayor_turn(state, JUNIOR, DISTRIBUTE)
    new, _ = game.apply(state, Collect(3), ScriptedRng([roll - 1, *extra]))
    return new


@pytest.mark.parametrize("roll", [1, 3, 5])
def test_king_odd_roll_draws_a_demand(roll: int) -> None:
    """FACT: roll the die: odds = Demand card."""
    game, state = fresh()
    state = play(game, state, "colours green red")
    top = state.demand_deck[0]
    new = _end_of_round(game, state, roll)
    assert new.roll == roll and new.demand == top and new.event == EMPTY
    assert new.phase == KING_POLICY and new.round == 2


@pytest.mark.parametrize("roll", [2, 4, 6])
def test_king_even_roll_draws_an_event(roll: int) -> None:
    """FACT: roll the die: even = Event card."""
    game, state = fresh()
    state = play(game, state, "colours green red")
    top = state.event_deck[0]
    new = _end_of_round(game, state, roll)
    assert new.event == top and new.demand == EMPTY


def test_water_bank_refills_by_10_up_to_60() -> None:
    """RULING: water bank 40, +10 at the start of each King turn, max 60."""
    game, state = fresh()
    state = play(game, state, "colours green red")
    assert _end_of_round(game, replace(state, bank=40), 2).bank == 50
    assert _end_of_round(game, replace(state, bank=55), 2).bank == 60
    assert _end_of_round(game, replace(state, bank=62), 2).bank == 62


def test_round_card_is_discarded_at_the_next_king_turn_and_decks_reshuffle() -> None:
    """RULING: a card lasts for its round; an empty deck is refilled by shuffling its discards."""
    game, state = fresh()
    state = play(game, state, "colours green red")
    state = replace(state, demand=3, demand_deck=(), demand_discard=(0, 1))
    new = _end_of_round(game, state, 1, extra=(0, 0, 0))
    assert new.demand in (0, 1, 3)
    assert sorted((*new.demand_deck, *new.demand_discard, new.demand)) == [0, 1, 3]


def test_king_may_switch_colours_and_move_each_number_once_a_turn() -> None:
    """FACT: the King may switch the taxed colours, raise or lower the tax rate by 1 (either the
    cost or the number of tiles) and the water price by 1 ($ or units)."""
    game, state = fresh()
    state = play(game, state, "colours green red")
    state = _end_of_round(game, state, 2)
    state = play(game, state, "colours red yellow")
    assert state.tax_colours == 0b110
    state = play(game, state, "tax dollars +1")
    assert state.tax_dollars == 2
    state = play(game, state, "water units -1")
    assert state.water_units == 3
    assert "once a turn" in refused(game, state, "colours green red")
    assert "once a turn" in refused(game, state, "tax tiles +1")
    assert "once a turn" in refused(game, state, "water dollars +1")
    state = play(game, state, "done")
    assert state.active == SENIOR


def test_king_tax_and_water_numbers_stay_within_their_limits() -> None:
    """RULING (economy.json): the tax dollars, tiles, water dollars and units have bounds."""
    game, state = fresh()
    economy = game.rules.economy
    state = play(game, state, "colours green red")
    state = _end_of_round(game, state, 2)
    low = replace(state, tax_tiles=economy.tax_tiles_min, water_dollars=economy.water_dollars_min)
    assert "limits" in refused(game, low, "tax tiles -1")
    assert "limits" in refused(game, low, "water dollars -1")


@pytest.mark.parametrize("data", ["", "clarifications"])
def test_king_may_lower_the_tiles_per_dollar_from_the_start(data: str) -> None:
    """Issue 9, item 7. The King's sheet: "RAISE /LOWER TAX RATE BY +/-1 (FOR EITHER THE COST,
    OR THE AMOUNT OF DISTRICT TILE)". From the starting $1 per 2 tiles, `tax tiles -1` is
    legal with the tuned data (the default) and with the clarifications' numbers."""
    game, state = fresh(game4(data=data))
    state = play(game, state, "colours green red")
    state = _end_of_round(game, state, 2)
    assert state.phase == KING_POLICY and (state.tax_dollars, state.tax_tiles) == (1, 2)
    assert AdjustTax(0, "tiles", -1) in game.legal_actions(state, 0)
    state = play(game, state, "tax tiles -1")
    assert (state.tax_dollars, state.tax_tiles) == (1, 1)


def test_tuned_tax_is_capped_at_3_dollars_per_2_tiles() -> None:
    """The tuning's limit (a King at $3 per tile ruined every mayor) is kept as a rate: at most
    $3 per 2 tiles (economy.json tax.max_rate), so $1 per tile is allowed, $2 per tile not."""
    game, state = fresh()
    state = play(game, state, "colours green red")
    state = _end_of_round(game, state, 2)
    one_per_tile = replace(state, tax_tiles=1)
    assert "at most $3 per 2 tiles; $2 per 1 is dearer" in refused(
        game, one_per_tile, "tax dollars +1"
    )
    top = replace(state, tax_dollars=3)
    assert "$3 per 1 is dearer" in refused(game, top, "tax tiles -1")
    assert AdjustTax(0, "tiles", 1) in game.legal_actions(top, 0)
    # The clarifications' numbers set no such cap: $3 per tile stays allowed there.
    game, state = fresh(game4(data="clarifications"))
    state = play(game, state, "colours green red")
    state = _end_of_round(game, replace(state, tax_dollars=3), 2)
    assert AdjustTax(0, "tiles", -1) in game.legal_actions(state, 0)


def test_starting_tax_must_respect_the_rate_cap(tmp_path: Path) -> None:
    """Data validation: the starting tax may not be dearer than tax.max_rate."""
    tax = dict(json.loads((DATA / "economy.json").read_text())["tax"], dollars=2, tiles=1)
    directory = data_variant(tmp_path, {"tax": tax})
    with pytest.raises(OptionError, match=r"starting tax rate is dearer than tax\.max_rate"):
        make("water-rights", 4, data=directory)


def test_mayor_moves_are_refused_on_the_kings_turn() -> None:
    """The King's turn comes first; a mayor's move then names the turn."""
    game, state = fresh()
    assert "King's turn" in refused(game, state, "draft district 1")


def test_assembly_line_moves_up_after_each_mayor_and_not_during_the_turn() -> None:
    """FACT: the line does not move during a turn; the King moves the cards up to fill empty
    slots once each player's turn is finished. RULING: new cards enter the +3 slot."""
    game, state = fresh()
    state = play(game, state, "colours green red")
    line = state.district_line
    deck = state.district_deck
    state = replace(state, treasury=0)  # nothing to destroy-sell: keeps phases simple
    state = play(game, state, "draft district 2")
    assert state.district_line[1] == EMPTY and state.district_line[0] == line[0]
    state = play(game, state, "draft district 4") if state.phase == DRAFT else state
    assert state.district_line[3] == EMPTY
    # Finish the Senior's turn.
    for _ in range(50):
        if state.active != SENIOR:
            break
        seat = game.to_act(state)[0]
        texts = [game.format_action(a) for a in game.legal_actions(state, seat)]
        pick = next(t for t in ("done", "collect") if t in texts)
        state = play(game, state, pick)
    # Remaining cards slid to the cheap end; two new cards entered at +3, the first drawn
    # going furthest.
    assert state.district_line == (deck[1], deck[0], line[0], line[2], line[4])


def test_three_players_play_with_the_automated_king() -> None:
    """RULING: an option replaces the King by an automated King (taxes green and red; water
    price +1 when the bank is below 15, -1 above 45) for 3 players. Choice: 3 players always
    means the automated King; seats are Senior, Riparian, Junior."""
    game = make("water-rights", 3)
    state = game.initial_state(ScriptedRng([0] * 60))
    assert game.seat_roles(state) == ("Senior", "Riparian", "Junior")
    assert [game.seat_name(s) for s in range(3)] == ["Senior", "Riparian", "Junior"]
    assert state.tax_colours == 0b011 and state.active == SENIOR
    assert game.to_act(state) == (0,)
    explicit = make("water-rights", 3, automated_king=True)
    assert isinstance(explicit, WaterRights) and explicit.automated
    with pytest.raises(OptionError, match="3 players"):
        make("water-rights", 4, automated_king=True)


@pytest.mark.parametrize(("bank", "price"), [(10, 2), (30, 1), (50, 1)])
def test_automated_king_steers_the_water_price_by_the_bank(bank: int, price: int) -> None:
    """RULING: the automated King raises the water price by 1 when the bank is below 15 and
    lowers it above 45 (after the +10 refill), never below the minimum."""
    game = make("water-rights", 3)
    state = game.initial_state(ScriptedRng([0] * 60))
    state = mayor_turn(replace(state, bank=bank - 10), JUNIOR, DISTRIBUTE)
    new, _ = game.apply(state, Collect(2), ScriptedRng([1]))
    assert new.water_dollars == price and new.active == SENIOR


def test_seat_roles_for_reports_by_role() -> None:
    game, state = fresh()
    assert game.seat_roles(state) == ("King", "Senior", "Riparian", "Junior")


def test_refused_moves_leave_the_state_unchanged() -> None:
    game, state = fresh()
    snapshot = copy.deepcopy(state)
    refused(game, state, "supply a1")
    assert state == snapshot
    assert SetColours(0, ("green", "red")) in game.legal_actions(state, 0)


def test_game_ends_after_ten_rounds() -> None:
    """RULING: the game ends after 10 rounds."""
    game, state = fresh()
    state = play(game, state, "colours green red")
    state = replace(state, round=10)
    state = mayor_turn(state, JUNIOR, DISTRIBUTE)
    new, _ = game.apply(state, Collect(3), ScriptedRng([]))
    assert new.phase == OVER and game.outcome(new) is not None
    assert game.outcome(new).reason == "10 rounds played"  # type: ignore[union-attr]


def test_game_ends_after_the_round_the_district_supply_runs_out() -> None:
    """RULING: the game ends after the round in which the district deck and line are empty."""
    game, state = fresh()
    state = play(game, state, "colours green red")
    state = replace(state, district_deck=(), district_line=(EMPTY,) * 5)
    state = mayor_turn(state, JUNIOR, DISTRIBUTE)
    new, _ = game.apply(state, Collect(3), ScriptedRng([]))
    assert new.phase == OVER
    assert game.outcome(new).reason == "the district supply ran out"  # type: ignore[union-attr]


def test_game4_default() -> None:
    assert game4().players == 4
