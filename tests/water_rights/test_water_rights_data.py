"""The data files against every number of the rulebook and of CLARIFICATIONS.md (Water Rights).

``data/clarifications/`` must hold exactly the clarifications' design; the built-in (tuned) data
may differ only where docs/water-rights.md says it was tuned, and must keep every FACT of the
role sheets.
"""

from __future__ import annotations

import pytest

from tycoon.games.water_rights.catalogue import (
    COLOURS,
    DATA,
    JUNIOR,
    KING,
    RIPARIAN,
    ROLES,
    SENIOR,
    Rules,
    load_rules,
)

CLARIFIED = str(DATA / "clarifications")

# RULING, districts (26): colour, count, cost, water, tokens needed, income (+ points).
DISTRICTS = {
    "Farmland": ("green", 4, 2, 2, (), 3, 0),
    "Livestock": ("green", 3, 3, 3, ("green",), 5, 0),
    "Fishing Dock": ("green", 2, 3, 1, ("red",), 4, 0),
    "Orchard": ("green", 2, 4, 3, ("yellow",), 6, 0),
    "Workshop": ("red", 3, 3, 1, ("red",), 4, 0),
    "Factory": ("red", 2, 5, 2, ("red", "red"), 7, 0),
    "Mill": ("red", 2, 4, 2, ("red", "green"), 6, 0),
    "Market": ("yellow", 3, 3, 1, ("yellow",), 4, 0),
    "Inn": ("yellow", 2, 4, 2, ("green", "yellow"), 6, 0),
    "Bank": ("yellow", 1, 6, 1, ("yellow", "yellow", "red"), 8, 0),
    "School": ("grey", 1, 4, 1, ("green",), 2, 2),
    "Clinic": ("grey", 1, 5, 2, ("red",), 3, 2),
}
# RULING, water plants (14): count, cost, capacity, recycles.
PLANTS = {
    "Basic": (3, 2, 2, False),
    "Cistern": (3, 3, 4, False),
    "Water Tower": (2, 5, 6, False),
    "Recycling Plant": (3, 5, 3, True),
    "Reservoir": (2, 7, 8, False),
    "Advanced Recycler": (1, 9, 6, True),
}
# RULING, the board.
TOWNS = {
    RIPARIAN: ["GGLWGG", "GGLWLG", "GLLWLF", "GGLWLG", "GGLWGG", "LLLWGG"],
    SENIOR: ["GGLLGG", "GWLLGF", "GWLLLG", "GLLWLG", "GGLLGG", "LLGGGG"],
    JUNIOR: ["GLLGGG", "GLWLGF", "LLLLLG", "GGLWLG", "GGLLGG", "LLGGGG"],
}
# RULING, goals: bonus (name-free: kind, colour, count, points) and secret per role.
BONUS = {
    ("colour_districts", "green", 4, 6),
    ("colour_districts", "red", 3, 6),
    ("colour_districts", "yellow", 3, 6),
    ("recycling_plants", "", 2, 5),
    ("capacity", "", 15, 5),
    ("trading_posts", "", 2, 4),
    ("colour_districts", "grey", 2, 5),
    ("districts", "", 10, 8),
}


def _district_table(rules: Rules) -> dict[str, tuple[object, ...]]:
    return {
        k.name: (
            COLOURS[k.colour],
            k.count,
            k.cost,
            k.water,
            tuple(COLOURS[c] for c in k.tokens),
            k.income,
            k.points,
        )
        for k in rules.kinds
        if not k.is_plant
    }


def test_clarifications_data_holds_every_district_and_plant_of_the_ruling() -> None:
    """RULING: the 26 districts and 14 water plants, every number as in CLARIFICATIONS."""
    rules = load_rules(CLARIFIED)
    assert _district_table(rules) == DISTRICTS
    plants = {k.name: (k.count, k.cost, k.capacity, k.recycles) for k in rules.kinds if k.is_plant}
    assert plants == PLANTS


def test_clarifications_data_holds_the_towns_of_the_ruling() -> None:
    """RULING, the board: each mayor's 6x6 town, and the facility's token colour (Senior red,
    Riparian green, Junior yellow)."""
    rules = load_rules(CLARIFIED)
    for role, grid in TOWNS.items():
        assert rules.town(role).terrain == "".join(grid), ROLES[role]
    colours = {role: COLOURS[rules.town(role).colour] for role in TOWNS}
    assert colours == {SENIOR: "red", RIPARIAN: "green", JUNIOR: "yellow"}


def test_clarifications_data_holds_the_economy_of_the_ruling() -> None:
    """RULING, economy: treasury $100, bank 40 (+10 a King turn, max 60), 8 tokens a colour,
    d6 (odd: demand), district surcharges +3 +2 +1 +0 +0, plant surcharges +2 +1 +0, King
    scores floor(treasury / 5); automated King taxes green and red, water price +1 below 15,
    -1 above 45; 3 bonus goals face up; 10 rounds."""
    e = load_rules(CLARIFIED).economy
    assert (e.treasury, e.bank, e.bank_refill, e.bank_max) == (100, 40, 10, 60)
    assert (e.tokens_per_colour, e.die_sides, e.odd_roll_draws_demand) == (8, 6, True)
    assert e.district_surcharges == (3, 2, 1, 0, 0) and e.plant_surcharges == (2, 1, 0)
    assert (e.king_score_divisor, e.bonus_face_up, e.rounds) == (5, 3, 10)
    assert e.auto_colours == (COLOURS.index("green"), COLOURS.index("red"))
    assert (e.auto_raise_below, e.auto_lower_above, e.auto_step) == (15, 45, 1)


def test_clarifications_data_holds_the_goals_of_the_ruling() -> None:
    """RULING, goals: 8 bonus goals; secret goals Senior unused legacy card +6, Riparian 2
    fishing docks and a livestock +6, Junior every demand met +8, King treasury $150 +10."""
    rules = load_rules(CLARIFIED)
    bonus = {
        (g.kind, COLOURS[g.colour] if g.colour >= 0 else "", g.count, g.points)
        for g in rules.bonus_goals
    }
    assert bonus == BONUS and len(rules.bonus_goals) == 8
    secret = {ROLES[g.role]: g for g in rules.secret_goals}
    assert (secret["Senior"].kind, secret["Senior"].count, secret["Senior"].points) == (
        "unused_legacy",
        1,
        6,
    )
    river = dict((rules.kinds[k].name, n) for k, n in secret["Riparian"].cards)
    assert river == {"Fishing Dock": 2, "Livestock": 1} and secret["Riparian"].points == 6
    assert (secret["Junior"].kind, secret["Junior"].points) == ("every_demand_met", 8)
    assert (secret["King"].kind, secret["King"].count, secret["King"].points) == (
        "treasury",
        150,
        10,
    )


def test_events_and_demands_of_the_ruling() -> None:
    """RULING: the 10 events and 8 demands with their numbers (both data sets)."""
    for directory in ("", CLARIFIED):
        rules = load_rules(directory)
        events = {e.name: (e.effect, e.amount, e.legacy_cancels) for e in rules.events}
        assert events == {
            "Drought": ("request_cap_half", 0, True),
            "Water Restriction": ("request_cap", 2, True),
            "Heavy Rain": ("rain", 2, False),
            "Pipe Burst": ("burst", 2, False),
            "Festival": ("income_colour", 1, False),
            "Bumper Harvest": ("income_colour", 1, False),
            "Blight": ("income_card", -1, False),
            "Royal Levy": ("tax_per_colour", 1, False),
            "Trade Embargo": ("no_trading", 0, False),
            "Tax Holiday": ("no_tax", 0, False),
        }
        demands = {
            d.name: (d.kind, d.amount, d.count, d.check, d.penalty, d.penalty_amount)
            for d in rules.demands
        }
        assert demands == {
            "Tribute": ("pay", 3, 0, "end_of_turn", "return_water", 3),
            "Water Levy": ("give_water", 2, 0, "end_of_turn", "pay_per_missing", 2),
            "Grain Quota": ("supplied_colour", 0, 2, "at_income", "no_colour_income", 0),
            "Power Quota": ("give_own_tokens", 2, 0, "after_income", "facility_idle_next", 0),
            "Public Works": ("build_grey_or_plant", 0, 0, "end_of_turn", "pay", 4),
            "Census": ("own_districts", 0, 4, "end_of_turn", "pay_per_missing", 1),
            "Audit": ("hold_cash", 5, 0, "after_income", "double_tax", 0),
            "Loyalty": ("tax_before_drafting", 0, 0, "before_drafting", "no_drafting_next", 0),
        }


@pytest.mark.parametrize("directory", ["", CLARIFIED])
def test_both_data_sets_keep_every_fact_of_the_role_sheets(directory: str) -> None:
    """FACT: water Senior 5, Riparian 5, Junior 3; money $20, $20, $15; one Basic plant each
    (costs $2, holds 2); Senior and Riparian 2 legacy cards, the Junior none; tax $1 per 2 tiles
    on 2 of green/red/yellow; water $1 per 4 units; trading post $5 with plants holding 10, one
    a turn, tokens 2 for $1; the facility needs 2 water; other buildings anywhere (water sources
    not reserved) and the treasury can pay the mayors' starting money."""
    rules = load_rules(directory)
    start = {
        role: (rules.town(role).water, rules.town(role).cash, rules.town(role).legacy)
        for role in (SENIOR, RIPARIAN, JUNIOR)
    }
    assert start == {SENIOR: (5, 20, 2), RIPARIAN: (5, 20, 2), JUNIOR: (3, 15, 0)}
    basic = rules.by_name["Basic"]
    assert all(rules.town(r).dealt == (basic,) for r in (SENIOR, RIPARIAN, JUNIOR))
    assert (rules.kinds[basic].cost, rules.kinds[basic].capacity) == (2, 2)
    e = rules.economy
    assert (e.tax_dollars, e.tax_tiles, e.taxed) == (1, 2, 2)
    assert sorted(COLOURS[c] for c in e.taxable) == ["green", "red", "yellow"]
    assert (e.water_dollars, e.water_units) == (1, 4)
    assert (e.post_cost, e.post_min_capacity, e.posts_per_turn, e.tokens_per_dollar) == (
        5,
        10,
        1,
        2,
    )
    assert e.facility_water == 2 and e.destroy_refund_divisor == 2
    assert not e.reserve_water_sources and e.treasury >= 20 + 20 + 15
    assert KING == 0
