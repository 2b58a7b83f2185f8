"""A mayor's turn, phase by phase (rulebook: the mayors' sheets; CLARIFICATIONS: Water Rights)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from tycoon.core import SeededRng
from tycoon.core.actions import is_legal
from tycoon.core.text import plain
from tycoon.games.water_rights.actions import Collect, Destroy, Fill, Request, Supply
from tycoon.games.water_rights.game import WaterRights
from tycoon.games.water_rights.rules import _set, capacity, tax_due, token_cost
from tycoon.games.water_rights.state import (
    BUILD,
    DISTRIBUTE,
    DRAFT,
    EMPTY,
    N_SKIP,
    REQUEST,
    State,
    Turn,
)

from .helpers import (
    JUNIOR,
    RIPARIAN,
    SENIOR,
    at,
    build_tile,
    data_variant,
    fresh,
    game4,
    mayor_turn,
    play,
    refused,
    town,
    with_town,
)


def lines(
    game: WaterRights,
    state: State,
    districts: tuple[str, ...] = (),
    plants: tuple[str, ...] = (),
) -> State:
    """``state`` with the lines holding exactly the named cards (the rest empty)."""
    by = game.rules.by_name
    d = [by[n] if n else EMPTY for n in districts] + [EMPTY] * (5 - len(districts))
    p = [by[n] if n else EMPTY for n in plants] + [EMPTY] * (3 - len(plants))
    return replace(state, district_line=tuple(d), plant_line=tuple(p))


def test_worked_example_basic_plant_for_2_feeds_a_district_needing_2() -> None:
    """Sheets' example: 'start first turn by building a Basic waterplant (pay $2 to build and
    store 2 units of water on top) and a building that requires 2 water units to generate'."""
    game, state = fresh()
    state = play(game, state, "colours green red")
    state = lines(game, state, districts=("", "", "", "", "Farmland"))
    assert state.active == SENIOR and state.phase == DRAFT  # round 1: nothing to request
    state = play(game, state, "draft district 5")  # Farmland $2 + $0 slot surcharge
    senior = town(state, SENIOR)
    assert senior.cash == 18 and state.phase == BUILD
    state = play(game, state, "build basic b2")  # pays the Basic's $2, stores 2 water on it
    senior = town(state, SENIOR)
    assert senior.cash == 16 and senior.water[at("b2")] == 2 and senior.reserve == 3
    state = play(game, state, "build farmland a1")
    state = play(game, state, "done")
    assert state.phase == DISTRIBUTE
    state = play(game, state, "supply a1")  # the plant's 2 water generate the farmland
    assert town(state, SENIOR).water[at("b2")] == 0 or state.active != SENIOR
    if state.active == SENIOR:
        state = play(game, state, "collect")
    senior = town(state, SENIOR)
    assert senior.cash == 16 + 3  # Farmland earns $3; one green tile pays no tax
    assert senior.water[at("b2")] == 2 and senior.reserve == 1  # refilled from beside the town


def _senior(game: WaterRights, state: State, phase: int, **changes: Any) -> State:
    return mayor_turn(state, SENIOR, phase, **changes)


def _with_plants(game: WaterRights, state: State, role: int, *plants: Any) -> Any:
    t = town(state, role)
    for name, cell, water in plants:
        t = build_tile(
            game, t, name, cell, water=water, paid=game.rules.kinds[game.rules.by_name[name]].cost
        )
    return replace(t, hand=(), reserve=0)


def test_request_only_what_fills_the_plants() -> None:
    """FACT: a mayor may request only the amount that will fill all their water plants. Bad
    input: water beyond plant capacity is refused with the reason, the state unchanged."""
    game, state = fresh()
    state = play(game, state, "colours green red")
    t = _with_plants(game, state, SENIOR, ("Cistern", "b2", 1), ("Basic", "b3", 0))
    state = mayor_turn(state, SENIOR, REQUEST, **{f: getattr(t, f) for f in t.__dataclass_fields__})
    assert "only what fills your plants" in refused(game, state, "request 6")
    state = play(game, state, "request 5")
    senior = town(state, SENIOR)
    assert senior.water[at("b2")] == 4 and senior.water[at("b3")] == 2
    assert state.phase in (DRAFT, BUILD, DISTRIBUTE)


def _request_position(
    role: int, event: str = "", legacy: int | None = None, cash: int | None = None
) -> tuple[WaterRights, State]:
    game, state = fresh()
    state = play(game, state, "colours green red")
    t = _with_plants(game, state, role, ("Reservoir", "d4" if role != RIPARIAN else "d2", 0))
    changes = {f: getattr(t, f) for f in t.__dataclass_fields__}
    if legacy is not None:
        changes["legacy"] = legacy
    if cash is not None:
        changes["cash"] = cash
    state = mayor_turn(state, role, REQUEST, **changes)
    if event:
        state = replace(state, event=next(e.id for e in game.rules.events if e.name == event))
    return game, state


@pytest.mark.parametrize("role", [SENIOR, RIPARIAN])
def test_senior_and_riparian_get_water_free_while_holding_a_legacy_card(role: int) -> None:
    """FACT: Senior and Riparian get water free while they hold a legacy card."""
    game, state = _request_position(role)
    before = state.treasury
    state = play(game, state, "request 8")
    assert town(state, role).cash == town(_request_position(role)[1], role).cash
    assert state.treasury == before and state.bank == 40 - 8


def test_junior_always_pays_one_dollar_per_four_units_rounded_up() -> None:
    """FACT: the Junior always pays for water: $1 for every 4 units, rounding up."""
    game, state = _request_position(JUNIOR)
    cash, treasury = town(state, JUNIOR).cash, state.treasury
    state = play(game, state, "request 5")
    assert town(state, JUNIOR).cash == cash - 2 and state.treasury == treasury + 2


def test_junior_cannot_request_more_than_he_can_pay_for() -> None:
    game, state = _request_position(JUNIOR, cash=1)
    assert "costs $2; you have $1" in refused(game, state, "request 5")
    play(game, state, "request 4")


def test_senior_pays_like_the_junior_once_both_legacy_cards_are_used() -> None:
    """FACT: once these cards are used up, you have to pay for water just like the Junior."""
    game, state = _request_position(SENIOR, legacy=0)
    cash = town(state, SENIOR).cash
    state = play(game, state, "request 8")
    assert town(state, SENIOR).cash == cash - 2


def test_drought_caps_requests_at_half_and_a_legacy_card_cancels_it() -> None:
    """RULING: Drought caps requests at half the need; a legacy card cancels the cap (FACT:
    legacy cards are played against the King when he limits the water you may request)."""
    game, state = _request_position(SENIOR, event="Drought")
    assert "caps requests at 4" in refused(game, state, "request 5")
    state = play(game, state, "request 8 legacy")
    senior = town(state, SENIOR)
    assert senior.legacy == 1 and senior.water[at("d4")] == 8 and senior.cash == 20


def test_water_restriction_allows_at_most_2_a_request() -> None:
    """RULING: Water Restriction: at most 2 per request; a legacy card cancels."""
    game, state = _request_position(RIPARIAN, event="Water Restriction")
    assert "caps requests at 2" in refused(game, state, "request 3")
    play(game, state, "request 2")
    play(game, state, "request 8 legacy")


def test_legacy_card_with_none_left_is_refused() -> None:
    """Bad input: a legacy card with none left (the Junior never holds one; a Senior who used
    both) is refused with the reason, the state unchanged."""
    game, state = _request_position(JUNIOR, event="Drought")
    assert "holds no Water Rights Legacy card" in refused(game, state, "request 8 legacy")
    game, state = _request_position(SENIOR, event="Drought", legacy=0)
    assert "no Water Rights Legacy card left" in refused(game, state, "request 8 legacy")
    game, state = _request_position(SENIOR)
    assert "only cancels an event's limit" in refused(game, state, "request 8 legacy")


def test_a_legacy_card_is_never_forced_on_a_mayor() -> None:
    """FACT: legacy cards "can be played against the King's penalty when he tries to limit the
    amount of water you can request ... use them wisely": playing one is the mayor's choice.
    With Drought and a need of 1 the cap is 0; the mayor may still request nothing and keep
    the card (the only move offered used to be the legacy request)."""
    game, state = _request_position(SENIOR, event="Drought")
    senior = town(state, SENIOR)
    reservoir = at("d4")
    state = with_town(state, SENIOR, replace(senior, water=_set(senior.water, reservoir, 7)))
    legal = game.legal_actions(state, SENIOR)
    assert is_legal(legal, Request(SENIOR, 0, False)) and is_legal(legal, Request(SENIOR, 1, True))
    described = game.describe_legal(game.observe(state, SENIOR), legal)
    assert described[0].startswith("request 0  - take no water")
    assert described[1].startswith("request N legacy  - N from 1 to 1")
    kept = play(game, state, "request 0")
    assert town(kept, SENIOR).legacy == 2 and kept.phase != REQUEST
    assert "at least 1 water" in refused(game, state, "request 0 legacy")
    played = play(game, state, "request 1 legacy")
    assert town(played, SENIOR).legacy == 1 and town(played, SENIOR).water[reservoir] == 8


def test_request_is_limited_by_the_kings_bank() -> None:
    game, state = _request_position(SENIOR)
    state = replace(state, bank=3)
    assert "bank holds only 3" in refused(game, state, "request 4")


def test_draft_pays_card_price_plus_slot_surcharge() -> None:
    """FACT: draft from the lines paying the price on the card plus the value on the slot; any
    number of cards. RULING: district slots +3 +2 +1 +0 +0, plant slots +2 +1 +0."""
    game, state = fresh()
    state = play(game, state, "colours green red")
    state = lines(game, state, ("Workshop", "Farmland"), ("Cistern",))
    state = play(game, state, "draft district 1")  # Workshop 3 + 3
    assert town(state, SENIOR).cash == 14
    state = play(game, state, "draft plant 1")  # Cistern 3 + 2
    assert town(state, SENIOR).cash == 9
    state = play(game, state, "draft district 2")  # Farmland 2 + 2
    senior = town(state, SENIOR)
    assert senior.cash == 5 and len(senior.hand) == 4
    assert state.district_line[:2] == (EMPTY, EMPTY)


def test_draft_without_the_money_is_refused() -> None:
    """Bad input: drafting without the money is refused with the reason, the state unchanged."""
    game, state = fresh()
    state = play(game, state, "colours green red")
    state = lines(game, state, ("Bank", "Farmland"))
    state = _senior(game, state, DRAFT, cash=4)
    reason = refused(game, state, "draft district 1")
    assert "Bank costs $6 + $3 slot surcharge = $9; you have $4" in reason
    assert "empty" in refused(game, state, "draft district 3")


def test_no_drafting_after_the_draft_phase() -> None:
    game, state = fresh()
    state = play(game, state, "colours green red")
    state = _senior(game, state, BUILD)
    assert "drafting comes before building" in refused(game, state, "draft district 1")


def _build_position(
    game: WaterRights, state: State, role: int, hand: list[str], **changes: Any
) -> State:
    by = game.rules.by_name
    return mayor_turn(state, role, BUILD, hand=tuple((by[n], 3, 0) for n in hand), **changes)


def _event(game: WaterRights, name: str) -> int:
    return next(e.id for e in game.rules.events if e.name == name)


def test_water_for_a_plant_just_built_is_requested_while_building() -> None:
    """Issue 9, item 4. The sheets' build example: "IF BUILDING MORE WATER TILE BUT NOT ENOUGH
    WATER, YOU CAN DEMAND WATER FROM THE KING ONLY THE EXACT AMOUNT YOU NEED TO FILL YOUR WATER
    TILE AND PAY FOR THE AMOUNT THE KING CHARGES". The Junior builds a Reservoir (8) with his 3
    starting units on it and asks for exactly the 5 that fill it, paying the King's price."""
    game, state = fresh()
    state = play(game, state, "colours green red")
    state = _build_position(game, state, JUNIOR, ["Reservoir", "Cistern"], reserve=3)
    assert "'fill CELL' asks for exactly the water" in refused(game, state, "request 5")
    state = play(game, state, "build reservoir c2")
    junior = town(state, JUNIOR)
    assert junior.water[at("c2")] == 3 and junior.reserve == 0
    legal = game.legal_actions(state, 3)
    assert Fill(3, "c2", False) in legal
    lines = game.describe_legal(game.observe(state, 3), legal)
    assert (
        "fill c2  - request exactly the 5 water that fill the Reservoir just built on c2, "
        + ("for $2")
        in lines
    )
    bank, treasury, cash = state.bank, state.treasury, junior.cash
    before = game.observe(state, None)
    action = game.parse_action("fill c2", 3)
    state, _ = game.apply(state, action, SeededRng(0))
    junior = town(state, JUNIOR)
    assert junior.water[at("c2")] == 8 and state.bank == bank - 5
    assert junior.cash == cash - 2 and state.treasury == treasury + 2  # $1 per 4, rounded up
    narration = [plain(x) for x in game.narrate(before, action, game.observe(state, None))]
    assert (
        "The Junior takes 5 water from the King's bank to fill the plant just built on c2, for $2."
        in narration
    )
    assert "is full" in refused(game, state, "fill c2")
    assert not any(isinstance(a, Fill) for a in game.legal_actions(state, 3))


def test_only_the_exact_water_of_a_plant_built_this_turn_is_requested_while_building() -> None:
    """Item 4's limits: only a plant built this turn, only its exact shortfall (so the bank must
    hold all of it and a paying mayor must pay all of it), free for a mayor who holds a legacy
    card, and an event's cap below the shortfall is lifted only by playing a legacy card."""
    game, state = fresh()
    state = play(game, state, "colours green red")
    old = build_tile(game, town(state, SENIOR), "Cistern", "b2", water=1)
    state = _build_position(
        game,
        state,
        SENIOR,
        ["Water Tower"],
        reserve=0,
        cells=old.cells,
        water=old.water,
        occupied=old.occupied,
        plants=old.plants,
    )
    assert "only a water plant built this turn" in refused(game, state, "fill b2")
    state = play(game, state, "build water-tower d4")
    assert "needs exactly 6 water; the King's bank holds only 5" in refused(
        game, replace(state, bank=5), "fill d4"
    )
    assert "only a water plant built this turn" in refused(game, state, "fill b2")
    drought = replace(state, event=_event(game, "Drought"))
    assert [a for a in game.legal_actions(drought, 1) if isinstance(a, Fill)] == [
        Fill(1, "d4", True)
    ]
    assert "caps requests at 3 (a legacy card cancels the cap)" in refused(game, drought, "fill d4")
    lifted = play(game, drought, "fill d4 legacy")
    assert town(lifted, SENIOR).legacy == 1 and town(lifted, SENIOR).water[at("d4")] == 6
    cash, treasury = town(state, SENIOR).cash, state.treasury
    state = play(game, state, "fill d4")  # free: the Senior holds a legacy card
    senior = town(state, SENIOR)
    assert senior.water[at("d4")] == 6 and senior.water[at("b2")] == 1
    assert (senior.cash, state.treasury, senior.legacy) == (cash, treasury, 2)
    # A paying Junior who cannot pay the whole shortfall cannot ask for part of it.
    game, state = fresh()
    state = play(game, state, "colours green red")
    state = _build_position(game, state, JUNIOR, ["Water Tower"], reserve=0, cash=1)
    state = replace(state, water_dollars=2)
    state = play(game, state, "build water-tower c2")
    assert not any(isinstance(a, Fill) for a in game.legal_actions(state, 3))
    assert "6 water costs $4; you have $1" in refused(game, state, "fill c2")
    assert "filled while building" in refused(game, replace(state, phase=DISTRIBUTE), "fill c2")


def test_water_plant_only_on_a_water_source_and_may_stand_alone() -> None:
    """FACT: a water plant must be built right on a water source, can be built on its own."""
    game, state = fresh()
    state = play(game, state, "colours green red")
    state = _build_position(game, state, SENIOR, ["Cistern"])
    assert "water plant must be built on a water source (a1 is grass)" in refused(
        game, state, "build cistern a1"
    )
    state = play(game, state, "build cistern d4")
    assert town(state, SENIOR).cells[at("d4")] == game.rules.by_name["Cistern"]


def test_farm_on_land_is_refused() -> None:
    """FACT: farmland must be built on grass only. Bad input: a farm on land is refused."""
    game, state = fresh()
    state = play(game, state, "colours green red")
    state = _build_position(game, state, SENIOR, ["Farmland"])
    assert "farmland must be built on grass (c1 is land)" in refused(
        game, state, "build farmland c1"
    )
    play(game, state, "build farmland a1")


def test_later_farmland_only_next_to_farmland() -> None:
    """FACT: farmland can only expand to tiles immediately adjacent to a farm tile
    (non-diagonal)."""
    game, state = fresh()
    state = play(game, state, "colours green red")
    t = build_tile(game, town(state, SENIOR), "Farmland", "e5")
    state = _build_position(
        game, state, SENIOR, ["Farmland"], occupied=t.occupied, farms=t.farms, cells=t.cells
    )
    assert "next to farmland" in refused(game, state, "build farmland a1")
    assert "next to farmland" in refused(game, state, "build farmland f6")  # diagonal
    play(game, state, "build farmland f5")
    play(game, state, "build farmland e6")


def test_livestock_next_to_a_water_plant() -> None:
    """FACT: livestock must be built adjacent to a water plant."""
    game, state = fresh()
    state = play(game, state, "colours green red")
    t = build_tile(game, town(state, SENIOR), "Cistern", "d4")
    state = _build_position(
        game, state, SENIOR, ["Livestock"], occupied=t.occupied, plants=t.plants, cells=t.cells
    )
    assert "next to a water plant" in refused(game, state, "build livestock a1")
    play(game, state, "build livestock c4")
    play(game, state, "build livestock d5")


def test_fishing_dock_first_on_water_then_next_to_a_dock() -> None:
    """FACT: a fishing dock must be built on water only, but can expand adjacently as long as
    the first tile is on water."""
    game, state = fresh()
    state = play(game, state, "colours green red")
    state = _build_position(game, state, RIPARIAN, ["Fishing Dock", "Fishing Dock"])
    assert "first fishing dock must be on water" in refused(game, state, "build fishing-dock c3")
    state = play(game, state, "build fishing-dock d3")
    state = play(game, state, "build fishing-dock c3")
    riparian = town(state, RIPARIAN)
    assert riparian.docks == (1 << at("d3")) | (1 << at("c3"))


def test_other_tiles_next_to_an_earlier_tile_the_facility_counts() -> None:
    """FACT: all other buildings can be built anywhere and must be built next to earlier tiles.
    Choice: the pre-printed facility counts as an earlier tile."""
    game, state = fresh()
    state = play(game, state, "colours green red")
    state = _build_position(game, state, SENIOR, ["Workshop", "Workshop"])
    assert "next to an earlier tile" in refused(game, state, "build workshop a1")
    state = play(game, state, "build workshop e2")  # next to the facility on f2
    state = play(game, state, "build workshop d2")
    assert town(state, SENIOR).occupied >> at("d2") & 1


def test_all_other_types_of_buildings_can_be_built_anywhere_water_sources_included() -> None:
    """FACT (building cheat sheet): "ALL OTHER TYPES OF BUILDINGS CAN BE BUILT ANYWHERE, AND MUST
    BE BUILT ADJACENTLY TO THE OTHER PREVIOUS TILES" -- a district other than a water plant,
    farmland, livestock or fishing dock may stand on a water source (the Senior's b2) when it is
    next to an earlier tile; livestock too, next to a water plant (b3 by the plant on b2)."""
    game, state = fresh()
    state = play(game, state, "colours green red")
    t = build_tile(game, town(state, SENIOR), "Workshop", "c2")
    state = _build_position(game, state, SENIOR, ["Workshop"], occupied=t.occupied, cells=t.cells)
    seat = game.to_act(state)[0]
    assert is_legal(game.legal_actions(state, seat), game.parse_action("build workshop b2", seat))
    built = play(game, state, "build workshop b2")
    assert town(built, SENIOR).cells[at("b2")] == game.rules.by_name["Workshop"]
    assert "next to an earlier tile" in refused(game, state, "build workshop d4")  # still adjacent
    t = build_tile(game, town(state, SENIOR), "Cistern", "b2")
    state = _build_position(
        game, state, SENIOR, ["Livestock"], occupied=t.occupied, plants=t.plants, cells=t.cells
    )
    state = play(game, state, "build livestock b3")
    assert town(state, SENIOR).cells[at("b3")] == game.rules.by_name["Livestock"]


def test_reserve_water_sources_flag_keeps_them_for_plants_and_docks(tmp_path: Path) -> None:
    """Data flag ``reserve_water_sources`` (false by default, the sheets): when true, water
    sources are kept for water plants and fishing docks (the behaviour of rules version 2)."""
    game = game4(data=data_variant(tmp_path, {"reserve_water_sources": True}))
    assert game.rules.economy.reserve_water_sources
    game, state = fresh(game)
    state = play(game, state, "colours green red")
    t = build_tile(game, town(state, SENIOR), "Workshop", "c2")
    t = build_tile(game, t, "Cistern", "b3")
    position = _build_position(
        game,
        state,
        SENIOR,
        ["Workshop", "Livestock", "Cistern"],
        occupied=t.occupied,
        plants=t.plants,
        cells=t.cells,
    )
    reason = refused(game, position, "build workshop b2")
    assert "kept for water plants and fishing docks" in reason
    assert "kept for water plants and fishing docks" in refused(
        game, position, "build livestock b2"
    )
    play(game, position, "build cistern b2")
    play(game, position, "build livestock a3")
    state = _build_position(game, state, RIPARIAN, ["Fishing Dock"])
    play(game, state, "build fishing-dock d3")


def test_trading_post_costs_5_and_needs_plants_holding_10() -> None:
    """FACT: pay $5 to build a trading post with a neighbour; your city must have water plants
    that hold at least 10 (RULING: capacity)."""
    game, state = fresh()
    state = play(game, state, "colours green red")
    t = build_tile(game, town(state, SENIOR), "Reservoir", "d4")
    state = _build_position(
        game, state, SENIOR, [], occupied=t.occupied, plants=t.plants, cells=t.cells
    )
    assert "holding at least 10 (yours hold 8)" in refused(game, state, "post junior")
    t = build_tile(game, t, "Basic", "b2")
    state = _build_position(
        game, state, SENIOR, [], occupied=t.occupied, plants=t.plants, cells=t.cells
    )
    assert capacity(game.rules, town(state, SENIOR)) == 10
    state = play(game, state, "post junior")
    senior = town(state, SENIOR)
    assert senior.cash == 15 and senior.posts == 1 << JUNIOR


def test_second_trading_post_in_a_turn_is_refused() -> None:
    """FACT: only one trading post per turn. Bad input: a second is refused, state unchanged."""
    game, state = fresh()
    state = play(game, state, "colours green red")
    t = build_tile(game, town(state, SENIOR), "Reservoir", "d4")
    t = build_tile(game, t, "Basic", "b2")
    state = _build_position(
        game, state, SENIOR, [], occupied=t.occupied, plants=t.plants, cells=t.cells
    )
    state = play(game, state, "post junior")
    assert "only one trading post a turn" in refused(game, state, "post riparian")
    assert "already have a trading post" in refused(
        game, replace(state, turn=Turn()), "post junior"
    )


def test_destroy_a_tile_and_sell_it_to_the_king_for_half() -> None:
    """FACT: destroy a tile and sell it to the King for half the price you originally paid."""
    game, state = fresh()
    state = play(game, state, "colours green red")
    t = build_tile(game, town(state, SENIOR), "Factory", "e2", paid=7)
    state = _build_position(
        game, state, SENIOR, [], occupied=t.occupied, cells=t.cells, paid=t.paid
    )
    treasury = state.treasury
    assert "facility" in refused(game, state, "destroy f2")
    assert "no tile on a1" in refused(game, state, "destroy a1")
    state = play(game, state, "destroy e2")
    senior = town(state, SENIOR)
    assert senior.cash == 23 and state.treasury == treasury - 3
    assert senior.cells[at("e2")] == EMPTY and state.removed == (game.rules.by_name["Factory"],)


def _distribution(
    game: WaterRights,
    state: State,
    role: int,
    tiles: Any,
    plants: Any,
    turn: Turn | None = None,
    **changes: Any,
) -> State:
    t = town(state, role)
    for name, cell, water in plants:
        t = build_tile(game, t, name, cell, water=water)
    for name, cell in tiles:
        t = build_tile(game, t, name, cell)
    fields = {f: getattr(t, f) for f in ("cells", "water", "occupied", "plants", "farms", "docks")}
    fields.update(changes)
    return mayor_turn(state, role, DISTRIBUTE, turn=turn, reserve=0, hand=(), **fields)


def test_own_tokens_need_the_facility_fed_2_water() -> None:
    """FACT: your own resource is free but you must give the facility 2 water a turn."""
    game, state = fresh()
    state = play(game, state, "colours green red")
    state = _distribution(game, state, SENIOR, [("Workshop", "e2")], [("Cistern", "d4", 4)])
    assert "fed facility" in refused(game, state, "supply e2")
    state = play(game, state, "feed")
    assert state.turn.fed and town(state, SENIOR).water[at("d4")] == 2
    state = play(game, state, "supply e2")
    senior = town(state, SENIOR)
    assert senior.cash == 20 + 3  # Workshop (tuned income $3)


def test_tokens_bought_through_a_trading_post_two_for_a_dollar_paid_to_the_seller() -> None:
    """FACT: a neighbour's tokens are bought 2 pieces for $1 through a trading post and go back
    at the end of the turn."""
    game, state = fresh()
    state = play(game, state, "colours green red")
    state = _distribution(
        game, state, SENIOR, [("School", "e2"), ("Inn", "e1")], [("Reservoir", "d4", 8)]
    )
    assert "trading post" in refused(game, state, "supply e2")
    state = _distribution(
        game,
        state,
        SENIOR,
        [("School", "e2"), ("Mill", "e3")],
        [("Reservoir", "d4", 8)],
        posts=1 << RIPARIAN,
    )
    riparian_cash = town(state, RIPARIAN).cash
    state = play(game, state, "supply e2")  # needs 1 green: buys 2 for $1
    assert town(state, SENIOR).cash == 19 and town(state, RIPARIAN).cash == riparian_cash + 1
    assert state.turn.spare[0] == 1
    state = play(game, state, "feed")
    state = play(game, state, "supply e3")  # red own + the spare green: nothing more to pay
    assert town(state, RIPARIAN).cash == riparian_cash + 1


def test_eight_tokens_per_colour_own_and_bought() -> None:
    """RULING: 8 tokens per colour; a fed facility yields its 8 tokens for the turn. A mayor's
    own districts use at most 8 own tokens a turn, and at most 8 of another colour can be
    bought through a trading post in a turn."""
    game, state = fresh()
    state = play(game, state, "colours green red")
    rules = game.rules
    assert rules.economy.tokens_per_colour == 8
    workshop = rules.kinds[rules.by_name["Workshop"]]
    # Own tokens: 7 used, one left for a Workshop (1 red), none for a second.
    state = _distribution(
        game,
        state,
        SENIOR,
        [("Workshop", "e2"), ("Workshop", "e3")],
        [("Reservoir", "d4", 8)],
        turn=Turn(fed=True, own_used=7),
    )
    assert token_cost(rules, state, SENIOR, town(state, SENIOR), state.turn, workshop) == 0
    used_up = replace(state, turn=Turn(fed=True, own_used=8))
    assert "needs tokens" in refused(game, used_up, "supply e2")
    cash = town(state, SENIOR).cash
    state = play(game, state, "supply e2")  # the 8th token: e3 cannot be supplied any more
    legal = game.legal_actions(state, 1)
    assert legal == [Destroy(1, "e3"), Collect(1)]  # keep it (collect) or sell it
    state = play(game, state, "collect")
    assert state.active == RIPARIAN
    assert town(state, SENIOR).cash == cash + workshop.income - 1  # one Workshop; $1 red tax
    # Bought tokens: the Riparian has bought 8 red this turn and has none spare: no more.
    state = _distribution(
        game,
        state,
        RIPARIAN,
        [("Workshop", "e2")],
        [("Reservoir", "d2", 8)],
        turn=Turn(bought=(0, 8, 0)),
        posts=1 << SENIOR,
    )
    assert "needs tokens" in refused(game, state, "supply e2")
    state = replace(state, turn=Turn(bought=(0, 6, 0)))
    state = play(game, state, "supply e2")
    assert state.turn.bought == (0, 8, 0)


def test_undersupplied_tiles_earn_nothing() -> None:
    """FACT: tiles that don't have enough resources will not generate money."""
    game, state = fresh()
    state = play(game, state, "colours green red")
    state = _distribution(
        game, state, RIPARIAN, [("Farmland", "a1"), ("Farmland", "a2")], [("Cistern", "d3", 2)]
    )
    state = play(game, state, "supply a1")
    assert state.active == RIPARIAN and Supply(2, "a2") not in game.legal_actions(state, 2)
    state = play(game, state, "collect")  # keep the dry farmland
    assert state.active != RIPARIAN
    assert town(state, RIPARIAN).cash == 20 + 3 - 1  # one farmland earned; 2 green tiles: $1 tax


def test_a_district_that_earns_nothing_may_be_sold_while_distributing() -> None:
    """Issue 9, item 5. The sheets, phase 3 (distribute and collect): "TILES THAT DON'T HAVE
    ENOUGH RESOURCES WILL NOT GENERATE MONEY. IT IS UP TO THE PLAYER TO KEEP IT OR SELL IT TO
    THE KING." A district not supplied this turn may be sold for half its price during
    distribution too; a supplied district, a plant and the facility may not."""
    game, state = fresh()
    state = play(game, state, "colours green red")
    state = _distribution(
        game, state, RIPARIAN, [("Farmland", "a1"), ("Farmland", "a2")], [("Cistern", "d3", 2)]
    )
    paid = list(town(state, RIPARIAN).paid)
    paid[at("a1")], paid[at("a2")], paid[at("d3")] = 2, 5, 3
    state = with_town(state, RIPARIAN, replace(town(state, RIPARIAN), paid=tuple(paid)))
    state = play(game, state, "supply a1")
    legal = game.legal_actions(state, 2)
    assert Destroy(2, "a2") in legal and Destroy(2, "a1") not in legal
    assert "supplied and earns this turn" in refused(game, state, "destroy a1")
    assert "water plants are sold while building" in refused(game, state, "destroy d3")
    assert "facility" in refused(game, state, "destroy f3")
    assert "cannot pay $2" in refused(game, replace(state, treasury=1), "destroy a2")
    lines = game.describe_legal(game.observe(state, 2), legal)
    assert "destroy a2  - sell Farmland (not supplied: it earns nothing this turn) to the King" in (
        "\n".join(lines)
    )
    treasury = state.treasury
    state = play(game, state, "destroy a2")  # nothing left to decide: income, then tax
    riparian = town(state, RIPARIAN)
    assert state.active == JUNIOR and riparian.cells[at("a2")] == EMPTY
    assert riparian.cash == 20 + 2 + 3  # the sale, one farmland's income; 1 green tile: no tax
    assert state.treasury == treasury - 2


def test_discard_tokens_recycling_plants_refill_and_pour_the_water_beside() -> None:
    """FACT: discard all resources; only unused water stays on plants; a plant with the recycle
    symbol is replenished to its maximum storage."""
    game, state = fresh()
    state = play(game, state, "colours green red")
    state = _distribution(
        game,
        state,
        SENIOR,
        [("Farmland", "a1")],
        [("Recycling Plant", "b2", 3), ("Cistern", "d4", 1)],
    )
    state = play(game, state, "supply a1")  # takes the recycler's water first
    assert town(state, SENIOR).water[at("b2")] == 1 and town(state, SENIOR).water[at("d4")] == 1
    state = play(game, state, "feed")  # nothing left to supply: the turn ends by itself
    assert state.active == RIPARIAN
    senior = town(state, SENIOR)
    assert senior.water[at("b2")] == 3  # the recycler refills to its maximum
    assert senior.water[at("d4")] == 0  # the cistern keeps only its unused water
    assert state.turn.fed is False and state.turn.spare == (0, 0, 0)  # tokens discarded


def test_water_beside_the_town_is_poured_onto_plants_when_there_is_room() -> None:
    """Choice: the starting water waits beside the town and is poured onto plants as soon as a
    plant is built or there is room at the end of the turn."""
    game, state = fresh()
    state = play(game, state, "colours green red")
    state = _build_position(game, state, JUNIOR, ["Cistern"], reserve=3)
    state = play(game, state, "build cistern d4")
    junior = town(state, JUNIOR)
    assert junior.water[at("d4")] == 3 and junior.reserve == 0


def test_tax_one_dollar_per_two_tiles_of_each_taxed_colour_grey_exempt() -> None:
    """FACT: tax $1 for every 2 same-colour district tiles, on the two taxed colours; grey
    districts are tax exempt."""
    game, state = fresh()
    state = play(game, state, "colours green red")
    t = town(state, SENIOR)
    for name, cell in (
        ("Farmland", "a1"),
        ("Farmland", "a2"),
        ("Farmland", "a3"),
        ("Workshop", "e2"),
        ("Workshop", "e3"),
        ("Market", "e1"),
        ("Market", "d1"),
        ("School", "c1"),
        ("Clinic", "d2"),
    ):
        t = build_tile(game, t, name, cell)
    state = mayor_turn(state, SENIOR, DISTRIBUTE, cells=t.cells, occupied=t.occupied)
    assert tax_due(game.rules, state, SENIOR, town(state, SENIOR)) == 1 + 1  # 3 green, 2 red
    yellow_red = replace(state, tax_colours=0b110)
    assert tax_due(game.rules, yellow_red, SENIOR, town(state, SENIOR)) == 1 + 1
    cash = town(state, SENIOR).cash
    state = play(game, state, "collect")
    assert town(state, SENIOR).cash == cash - 2


def test_tax_is_paid_as_far_as_the_money_goes() -> None:
    """Choice: a mayor who cannot pay the whole tax pays what they have (no debt)."""
    game, state = fresh()
    state = play(game, state, "colours green red")
    t = town(state, SENIOR)
    for name, cell in (("Workshop", "e2"), ("Workshop", "e3")):
        t = build_tile(game, t, name, cell)
    state = mayor_turn(state, SENIOR, DISTRIBUTE, cells=t.cells, occupied=t.occupied, cash=0)
    treasury = state.treasury
    state = play(game, state, "collect")
    assert town(state, SENIOR).cash == 0 and state.treasury == treasury


def test_phases_with_nothing_to_decide_are_skipped() -> None:
    """Choice: a phase whose only move is to end it passes by itself, and is announced."""
    game, state = fresh()
    state = play(game, state, "colours green red")
    assert state.phase == DRAFT  # no plants: nothing to request in round 1
    state = _senior(game, lines(game, state), DRAFT, hand=(), reserve=0)
    state = play(game, state, "done")
    assert state.active == RIPARIAN
    assert (N_SKIP, SENIOR, BUILD, 0) in state.news


def test_move_out_of_phase_names_the_phase() -> None:
    game, state = fresh()
    state = play(game, state, "colours green red")
    assert "water is requested at the start" in refused(game, state, "request 1")
    assert "after building" in refused(game, state, "feed")
