"""Scoring: every worked example of the rulebook, then each scoring rule of the encoding
(CLARIFICATIONS.md, Milton Keynes, Scoring), as a pure function of the map."""

from __future__ import annotations

from tycoon.games.milton_keynes import board as bd
from tycoon.games.milton_keynes import cards as cd
from tycoon.games.milton_keynes.scoring import Building, incomes, pair_value, walls

from .helpers import buildings, plots, standard_incomes

SCARLET, BLUE, GREEN, YELLOW = 0, 1, 2, 3


def wall_total(specs: tuple[tuple[int, str, str], ...], k: int, what: str) -> int:
    """The income building ``k`` earns from walls of one sort ("river", "marsh", "building #n")."""
    built = buildings(*specs)
    covered = 0
    for b in built:
        covered |= b.mask
    return sum(
        w.value
        for w in walls(built, bd.STANDARD_RIVER & ~covered, bd.STANDARD_MARSH, k)
        if w.what == what
    )


# -- the worked examples -------------------------------------------------------------------


def test_worked_example_chav_estate_at_the_river_corner_g7_scores_2() -> None:
    """ "Scarlett ... place a CHAV ESTATE ... at the corner of this river (plot G7). The two sides
    of the estate with nice river views bring her an income block each"."""
    assert standard_incomes((SCARLET, "CHAV", "G7")) == (2,)
    assert wall_total(((SCARLET, "CHAV", "G7"),), 0, "river") == 2


def test_worked_example_cpt_blue_h6_h7_beside_g7() -> None:
    """ "Cpt. Blue ... commissions a slightly bigger CHAV ESTATE, using two deeds H6 & H7, next to
    Scarlett's. Since Scarlett's CHAV ESTATE now has a neighbour of roughly the same size, it gets
    another income block ... Cpt. Blue's building has two walls with neighbours (one of which is
    Scarlett's building, the other is the river) ... it also has a single internal wall"."""
    specs = ((SCARLET, "CHAV", "G7"), (BLUE, "CHAV", "H6 H7"))
    assert standard_incomes(*specs) == (3, 3)
    assert wall_total(specs, 1, "internal") == 1
    assert wall_total(specs, 1, "river") == 1
    assert wall_total(specs, 1, "building #1") == 1
    assert wall_total(specs, 0, "building #2") == 1


def test_worked_example_h2_by_the_marsh_and_dr_greens_larger_estate() -> None:
    """ "Scarlett places a rather useless CHAV ESTATE in H2, which generates nothing (the marsh has
    no value as a neighbour). Dr. Green then ... commissioning a much larger CHAV ESTATE next door,
    generating two income blocks from its internal walls ... and a further two from the
    neighbouring wall by the much smaller building"."""
    assert standard_incomes((SCARLET, "CHAV", "H2")) == (0,)
    specs = ((SCARLET, "CHAV", "H2"), (GREEN, "CHAV", "G3 H3 H4"))
    assert standard_incomes(*specs) == (0, 4)
    assert wall_total(specs, 1, "internal") == 2
    assert wall_total(specs, 1, "building #1") == 2
    assert wall_total(specs, 0, "marsh") == 0


def test_worked_example_what_not_to_do_building_next_to_yourself() -> None:
    """ "Scarlett already has a CHAV ESTATE taking up a plot when Cpt. Blue ... build[s] next to it
    with his CHAV ESTATE, generating him two income blocks. Scarlett then builds a second CHAV
    ESTATE which, despite having two neighbours and an internal wall, generates only two income
    blocks. This is due to one of her neighbouring walls (circled) being between her own
    buildings"."""
    first = ((SCARLET, "CHAV", "B6"), (BLUE, "CHAV", "B7 B8"))
    assert standard_incomes(*first)[1] == 2
    specs = (*first, (SCARLET, "CHAV", "C6 C7"))
    assert standard_incomes(*specs)[2] == 2
    assert wall_total(specs, 2, "building #1") == 0  # the wall between her own buildings
    assert wall_total(specs, 2, "building #2") == 1
    assert wall_total(specs, 2, "internal") == 1


def test_worked_example_extension_fills_in_a_five_block_building() -> None:
    """ "Scarlett uses it to 'fill in' her five-block building ... changing it into a six-block
    building, and allowing it to generate a rich amount of income from the neighbouring building
    of Cpt. Blue. He isn't best pleased." (The picture is lost: a U of five around D5, above
    Cpt. Blue's four-plot row on the river.)"""
    blue = (BLUE, "CHAV", "E4 E5 E6 E7")
    assert standard_incomes((SCARLET, "CHAV", "C4 C5 C6 D4 D6"), blue) == (6, 9)
    # Filled in: 7 internal walls, and 6 - 4 = 2 plots bigger on three walls: 2 each.
    assert standard_incomes((SCARLET, "CHAV", "C4 C5 C6 D4 D5 D6"), blue) == (13, 7)


def test_worked_example_sewage_reprocessor_bridges_deeds_over_the_river() -> None:
    """ "Though her original three deeds did not form a single building, she requisitioned the
    missing (river) plot to join them up and make a complete building occupying four plots,
    scoring a great income from the smaller neighbours"."""
    specs = (
        (SCARLET, "SEWAGE", "E4 F4 F5 G4"),
        (BLUE, "CHAV", "E5"),
        (GREEN, "CHAV", "G3"),
    )
    assert not bd.is_connected(bd.mask_of(plots("E4 F5 G4")))
    # 3 internal walls, the river beside E4 (E3), F5 and G4 (G5), 2 a wall from the smaller
    # neighbours: Cpt. Blue's E5 on two walls, Dr. Green's G3 on one.
    assert standard_incomes(*specs)[0] == 3 + 3 + 2 * 2 + 2
    assert wall_total(specs, 0, "river") == 3
    assert wall_total(specs, 0, "building #2") == 4


def test_worked_example_air_base_joins_two_deeds() -> None:
    """ "Her original two deeds did not form a single building, so she requisitioned the missing
    plot to join them up and make a complete three-plot building"."""
    assert not bd.is_connected(bd.mask_of(plots("B7 B9")))
    # Two internal walls and the river below B9 (C9).
    assert standard_incomes((SCARLET, "AIR", "B7 B8 B9")) == (3,)


def test_worked_example_nature_reserve_8_from_the_marsh_6_from_cpt_blue() -> None:
    """ "Scarlett demonstrates an optimal use of the NATURE RESERVE by neighbouring the marsh with
    four sides, generating eight extra income blocks for her! Being two blocks bigger than Cpt.
    Blue's adjacent building, it also generates a further six neighbouring wall income blocks"."""
    specs = ((SCARLET, "NATURE", "A3 B3 C3 C4 C5"), (BLUE, "CHAV", "D3 D4 D5"))
    assert wall_total(specs, 0, "marsh") == 8
    assert wall_total(specs, 0, "building #2") == 6
    assert standard_incomes(*specs)[0] == 4 + 8 + 6


def test_worked_example_commons_scores_8() -> None:
    """ "Scarlett commissioned her COMMONS right in the middle of everything! ... She scores an
    optimal eight income blocks from it"."""
    specs = (
        (SCARLET, "COMMONS", "C6"),
        (BLUE, "CHAV", "B6"),
        (GREEN, "CHAV", "C7 C8"),
        (YELLOW, "CHAV", "D5 D6 D7"),
        (BLUE, "CHAV", "C5"),
    )
    result = standard_incomes(*specs)
    assert result[0] == 8
    # Its neighbours earn nothing from the COMMONS walls.
    for k in range(1, 5):
        assert wall_total(specs, k, "building #1") == 0


def test_worked_example_dump_uses_small_neighbours_and_denies_the_large_one() -> None:
    """ "Scarlett commissioned her DUMP to take advantage of neighbouring the small buildings of
    Dr. Green and Cpt. Blue without generating Dr. Green any income for his large building
    below"."""
    specs = (
        (SCARLET, "DUMP", "B6 B7 B8"),
        (GREEN, "CHAV", "A6"),
        (BLUE, "CHAV", "A8"),
        (GREEN, "CHAV", "C6 C7 C8 D6 D7"),
    )
    assert wall_total(specs, 0, "building #2") == 2
    assert wall_total(specs, 0, "building #3") == 2
    assert wall_total(specs, 0, "building #4") == 0
    assert wall_total(specs, 3, "building #1") == 0  # nobody wants to live next to the DUMP
    assert wall_total(specs, 1, "building #1") == 0
    assert standard_incomes(*specs)[0] == 2 + 2 + 2  # two internal walls too


def test_worked_example_allotments_8_to_its_owner_2_to_cpt_blue() -> None:
    """ "Scarlett builds a huge ALLOTMENTS ... Although its internal walls generate no income for
    her, she built it so it neighbours her other buildings on four walls, generating eight income
    blocks for her. She unfortunately generates for Cpt. Blue two extra income blocks"."""
    specs = (
        (SCARLET, "ALLOTMENTS", "H3 H4 H5 H6 H7 H8"),
        (SCARLET, "CHAV", "G3"),
        (SCARLET, "CHAV", "G8"),
        (SCARLET, "CHAV", "I4"),
        (SCARLET, "CHAV", "I6"),
        (BLUE, "CHAV", "H2"),
    )
    to_scarlet = sum(wall_total(specs, k, "building #1") for k in range(1, 5))
    assert to_scarlet == 8
    assert wall_total(specs, 5, "building #1") == 2
    assert standard_incomes(*specs)[0] == 0  # no internal walls, nothing from the river at H5


# -- the encoding, rule by rule --------------------------------------------------------------


def test_rule_1_internal_wall_scores_1_counted_once() -> None:
    """Rule 1: "Internal wall (both plots in B): 1"."""
    assert standard_incomes((SCARLET, "CHAV", "B6 B7")) == (1,)
    assert standard_incomes((SCARLET, "CHAV", "B6 B7 C6 C7")) == (4,)


def test_rule_1_allotments_internal_walls_score_0() -> None:
    assert standard_incomes((SCARLET, "ALLOTMENTS", "B6 B7 C6")) == (0,)


def test_rule_2_river_wall_scores_1_commons_too_allotments_0() -> None:
    """Rule 2: "Wall to river still on the map: 1 (COMMONS too); ALLOTMENTS 0"."""
    assert standard_incomes((SCARLET, "COMMONS", "G7")) == (2,)
    assert standard_incomes((SCARLET, "ALLOTMENTS", "G7")) == (0,)


def test_rule_2_river_plot_inside_a_sewage_reprocessor_is_building_not_river() -> None:
    """ "A river plot inside a SEWAGE REPROCESSOR building is building, not river"."""
    # G7 alone has two river walls; with the SEWAGE REPROCESSOR on G6 beside it, one is gone.
    specs = ((BLUE, "SEWAGE", "G6 H6"), (SCARLET, "CHAV", "G7"))
    assert wall_total(specs, 1, "river") == 1
    assert wall_total(specs, 1, "building #1") == 1


def test_rule_3_marsh_scores_0_except_nature_reserve_2() -> None:
    """Rule 3: "Wall to marsh: 0; NATURE RESERVE 2"."""
    assert standard_incomes((SCARLET, "CHAV", "H1")) == (0,)
    assert standard_incomes((SCARLET, "NATURE", "H1")) == (2,)


def test_rule_4_empty_plot_edge_and_e9_score_0() -> None:
    """Rule 4: "Wall to an empty plot, the board edge or E9: 0"."""
    assert standard_incomes((SCARLET, "CHAV", "A9")) == (0,)
    assert standard_incomes((SCARLET, "CHAV", "F9")) == (0,)  # E9 above it


def test_rule_5a_two_allotments_score_1_each() -> None:
    assert pair_value(cd.ALLOTMENTS, 3, 0, cd.ALLOTMENTS, 1, 1) == 1
    assert standard_incomes((SCARLET, "ALLOTMENTS", "B6"), (BLUE, "ALLOTMENTS", "B7")) == (1, 1)


def test_rule_5b_next_to_allotments_scores_2_whoever_owns_it() -> None:
    assert pair_value(cd.CHAV, 1, 0, cd.ALLOTMENTS, 6, 0) == 2
    assert pair_value(cd.DUMP, 1, 0, cd.ALLOTMENTS, 6, 1) == 2


def test_rule_5c_allotments_earn_nothing_from_neighbours() -> None:
    assert pair_value(cd.ALLOTMENTS, 6, 0, cd.CHAV, 1, 1) == 0


def test_rule_5d_own_building_scores_0() -> None:
    assert pair_value(cd.CHAV, 6, 0, cd.CHAV, 1, 0) == 0
    assert pair_value(cd.COMMONS, 1, 0, cd.CHAV, 1, 0) == 0


def test_rule_5e_next_to_a_dump_scores_0_even_a_commons() -> None:
    """ "the neighbours (even the COMMONS!) generate no income blocks from neighbouring walls with
    the DUMP"."""
    assert pair_value(cd.CHAV, 6, 0, cd.DUMP, 1, 1) == 0
    assert pair_value(cd.COMMONS, 1, 0, cd.DUMP, 3, 1) == 0


def test_rule_5f_commons_scores_2_whatever_the_sizes() -> None:
    assert pair_value(cd.COMMONS, 1, 0, cd.CHAV, 6, 1) == 2


def test_rule_5g_next_to_a_commons_scores_0() -> None:
    assert pair_value(cd.CHAV, 6, 0, cd.COMMONS, 1, 1) == 0
    assert pair_value(cd.NATURE, 6, 0, cd.COMMONS, 1, 1) == 0


def test_rule_5h_by_size_and_dump_or_commons_beside_a_commons() -> None:
    """Rule 5h: "size(B) - size(C) >= 2 gives 2, a difference within 1 gives 1, <= -2 gives 0
    (this covers DUMP next to COMMONS, and COMMONS next to COMMONS, 1 each)"."""
    assert pair_value(cd.CHAV, 3, 0, cd.CHAV, 1, 1) == 2
    assert pair_value(cd.CHAV, 2, 0, cd.CHAV, 1, 1) == 1
    assert pair_value(cd.CHAV, 1, 0, cd.CHAV, 2, 1) == 1
    assert pair_value(cd.CHAV, 1, 0, cd.CHAV, 3, 1) == 0
    assert pair_value(cd.COMMONS, 1, 0, cd.COMMONS, 1, 1) == 1
    assert pair_value(cd.DUMP, 2, 0, cd.COMMONS, 1, 1) == 1
    assert pair_value(cd.DUMP, 3, 0, cd.COMMONS, 1, 1) == 2


def test_air_base_and_sewage_buildings_score_as_plain_buildings() -> None:
    for kind in ("AIR", "SEWAGE"):
        assert standard_incomes((SCARLET, kind, "B6 B7"), (BLUE, "CHAV", "B8")) == (2, 1)


def test_scoring_is_a_pure_function_of_the_map() -> None:
    built = buildings((SCARLET, "CHAV", "G7"), (BLUE, "CHAV", "H6 H7"))
    first = incomes(built, bd.STANDARD_RIVER, bd.STANDARD_MARSH)
    again = incomes(tuple(reversed(built)), bd.STANDARD_RIVER, bd.STANDARD_MARSH)
    assert first == tuple(reversed(again))
    assert isinstance(built[0], Building)
