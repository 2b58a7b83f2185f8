"""Building: sealed commission pouches, limits, EXTENSION, requisitions, coloured blocks, the
income rail after the build, and the end of the game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from tycoon.core import SeededRng
from tycoon.core.bitset import set_bits
from tycoon.games.milton_keynes import board as bd
from tycoon.games.milton_keynes import cards as cd
from tycoon.games.milton_keynes.game import MiltonKeynes
from tycoon.games.milton_keynes.state import CityMap, Phase, Player, State, evolve

from .helpers import (
    city,
    legal_texts,
    make_state,
    mask,
    new_game,
    ordered_deck,
    play,
    player,
    refuse,
)

DECK = "A1 A2"


def building_phase(
    game: MiltonKeynes,
    players: Sequence[Player],
    *specs: tuple[int, str, str],
    deck: str = DECK,
    **changes: Any,
) -> State:
    state = make_state(
        game, Phase.TRADE, players=players, city_map=city(game, *specs), deck=deck, **changes
    )
    return game.rules.start_build(
        evolve(state, deck_mark=len(state.deed_deck) + 1), SeededRng(0), []
    )


def seal_all(game: MiltonKeynes, state: State) -> State:
    while state.phase == Phase.BUILD:
        state = play(game, state, (game.to_act(state)[0], "seal"))
    return state


def test_commission_places_the_building_and_scores_it() -> None:
    """ "To build a building, you must have ready (in your hand) one permit and one or more deeds
    ... place any permits on the bottom of the permit deck and any deeds face up in front of
    you"."""
    game = new_game(2)
    players = [player(deeds="G7 A3", hand="LOBBY DUMP"), player(deeds="B1", hand="INQUIRY")]
    state = building_phase(game, players)
    assert state.phase == Phase.BUILD
    state = play(game, state, (0, "build LOBBY G7"))
    assert state.players[0].deeds == mask("G7 A3")  # still in hand until the pouch is opened
    state = seal_all(game, state)
    assert [b.cells for b in state.city.buildings] == [(bd.INDEX["G7"],)]
    assert state.city.buildings[0].kind == cd.CHAV
    assert state.city.incomes == (2,)
    assert state.players[0].deeds == mask("A3")
    assert state.players[0].permits[cd.LOBBY] == 0
    assert state.permit_deck[-1] == cd.LOBBY
    assert state.players[0].marker == 12  # 10 + 2 income blocks


def test_worked_example_g7_then_cpt_blue_h6_h7_rescored_over_the_whole_map() -> None:
    """The G7 example played through two build phases: Scarlett's income rises to 3 when Cpt.
    Blue builds H6-H7 a year later (the whole map is scored again)."""
    game = new_game(3)
    players = [player(deeds="G7", hand="INQUIRY"), player(deeds="H6 H7", hand="DEMOLISH"), player()]
    state = play(game, building_phase(game, players), (0, "build INQUIRY G7"))
    state = seal_all(game, state)
    assert state.city.blocks[:2] == (2, 0)
    assert state.players[0].marker == 12
    later = evolve(state, phase=Phase.TRADE, deed_deck=ordered_deck("A1 A2"), deck_mark=3)
    state = game.rules.start_build(later, SeededRng(0), [])
    state = play(game, state, (1, "build DEMOLISH H6 H7"))
    state = seal_all(game, state)
    assert state.city.blocks[:2] == (3, 3)
    assert [p.marker for p in state.players[:2]] == [13, 13]


def test_at_most_two_new_buildings_a_year() -> None:
    """ "You can build up to two distinct buildings each year"."""
    game = new_game(2)
    players = [player(deeds="A1 C3 E5", hand="LOBBY LOBBY DUMP"), player()]
    state = building_phase(game, players)
    state = play(game, state, (0, "build LOBBY A1"), (0, "build LOBBY C3"))
    assert "at most 2 new buildings" in refuse(game, state, 0, "build DUMP E5")
    assert not any(m.startswith("build") for m in legal_texts(game, state, 0))


def test_a_building_of_seven_plots_is_refused() -> None:
    """ "Each building must occupy no more than six plots, and the plots must form a single
    joined-up area"."""
    game = new_game(2)
    players = [player(deeds="B6 B7 B8 C6 C7 C8 D6", hand="LOBBY"), player()]
    state = building_phase(game, players)
    reason = refuse(game, state, 0, "build LOBBY B6 B7 B8 C6 C7 C8 D6")
    assert "at most 6 plots (you named 7)" in reason
    assert "one joined-up building" in refuse(game, state, 0, "build LOBBY B6 B8")


def test_a_deed_you_do_not_hold_is_refused() -> None:
    game = new_game(2)
    state = building_phase(game, [player(deeds="B6", hand="LOBBY"), player(deeds="B7")])
    assert "you do not hold the deed of B7" in refuse(game, state, 0, "build LOBBY B6 B7")
    assert "no DUMP permit" in refuse(game, state, 0, "build DUMP B6")


def test_dump_at_most_three_plots_commons_one() -> None:
    """ "The DUMP can only occupy a maximum of three plots"; "it can only ever be one plot big"."""
    game = new_game(2)
    players = [player(deeds="B6 B7 B8 C6", hand="DUMP COMMONS"), player()]
    state = building_phase(game, players)
    assert "a DUMP occupies at most 3 plots" in refuse(game, state, 0, "build DUMP B6 B7 B8 C6")
    assert "a COMMONS occupies at most 1 plot" in refuse(game, state, 0, "build COMMONS B6 B7")
    state = play(game, state, (0, "build DUMP B6 B7 B8"), (0, "build COMMONS C6"))
    state = seal_all(game, state)
    assert [b.kind for b in state.city.buildings] == [cd.DUMP, cd.COMMONS]


def test_extension_does_not_count_towards_the_two_buildings() -> None:
    """EXTENSION: "It doesn't need any other permit to be used and it doesn't count towards your
    two-building per year limit either!" The building keeps its permit's kind."""
    game = new_game(2)
    players = [player(deeds="C3 H1 H3 B7", hand="LOBBY LOBBY EXTENSION"), player()]
    state = building_phase(game, players, (0, "NATURE", "C4"))
    state = play(game, state, (0, "build LOBBY H1"), (0, "build LOBBY H3"))
    state = play(game, state, (0, "extend C4 with C3"))
    state = seal_all(game, state)
    nature = state.city.buildings[0]
    assert nature.kind == cd.NATURE and bd.label_list(nature.mask) == "C3 C4"
    assert len(state.city.buildings) == 3


def test_worked_example_extension_fills_in_the_five_block_building() -> None:
    """The EXTENSION example through the build phase: the U of five around D5 filled in; Cpt.
    Blue's four-plot building beside it loses two blocks."""
    game = new_game(2)
    players = [player(deeds="D5", hand="EXTENSION"), player()]
    specs = ((0, "CHAV", "C4 C5 C6 D4 D6"), (1, "CHAV", "E4 E5 E6 E7"))
    state = building_phase(game, players, *specs)
    assert state.city.blocks == (6, 9)
    state = play(game, state, (0, "extend C4 with D5"))
    state = seal_all(game, state)
    assert state.city.blocks == (13, 7)


def test_extension_limits() -> None:
    """ "the resulting building must still be six or fewer plots"; a DUMP at most 3 even
    extended; "Don't extend the COMMONS: you're not allowed"."""
    game = new_game(2)
    players = [player(deeds="B9 D3 H1", hand="EXTENSION"), player()]
    specs = (
        (0, "CHAV", "B3 B4 B5 B6 B7 B8"),
        (0, "DUMP", "C3 C4 C5"),
        (0, "COMMONS", "G3"),
    )
    state = building_phase(game, players, *specs)
    assert "at most 6" in refuse(game, state, 0, "extend B3 with B9")
    assert "at most 3" in refuse(game, state, 0, "extend C3 with D3")
    assert "cannot be extended" in refuse(game, state, 0, "extend G3 with H1")


def test_worked_example_sewage_reprocessor_requisitions_the_river_plot() -> None:
    """SEWAGE REPROCESSOR: "the free (river) plot must form part of the final building. You're
    allowed to use it to bridge up two plots on either side of the river though" — the example
    joins E4, F5 and G4 over F4."""
    game = new_game(3)
    players = [
        player(deeds="E4 F5 G4", hand="SEWAGE-REPROCESSOR"),
        player(deeds="E5", hand="LOBBY"),
        player(deeds="G3", hand="LOBBY"),
    ]
    state = building_phase(game, players)
    state = play(game, state, (0, "build SEWAGE-REPROCESSOR E4 F5 G4"))
    state = play(game, state, (1, "build LOBBY E5"), (2, "build LOBBY G3"))
    state = seal_all(game, state)
    assert state.phase == Phase.REQUISITION and game.to_act(state) == (0,)
    assert legal_texts(game, state, 0) == ["take F4"]
    state = play(game, state, (0, "take F4"))
    sewage = state.city.buildings[0]
    assert bd.label_list(sewage.mask) == "E4 F4 F5 G4" and sewage.kind == cd.SEWAGE
    assert not state.city.river >> bd.INDEX["F4"] & 1
    assert state.city.incomes[0] == 12


def test_worked_example_air_base_requisitions_the_missing_plot_from_the_deck() -> None:
    """AIR BASE: "requisition any unused plot on the map! ... you must still use at least one
    deed ... You are allowed to join up otherwise disparate deeds" — B7 and B9 joined by B8,
    whose deed comes out of the deed deck."""
    game = new_game(4)
    players = [player(deeds="B7 B9", hand="AIR-BASE")] + [player() for _ in range(3)]
    state = building_phase(game, players, deck="A1 B8 C2")
    state = play(game, state, (0, "build AIR-BASE B7 B9"))
    state = seal_all(game, state)
    assert legal_texts(game, state, 0) == ["take B8"]
    state = play(game, state, (0, "take B8"))
    assert bd.label_list(state.city.buildings[0].mask) == "B7 B8 B9"
    # The next year has begun: its spring lots and the deck hold A1 and C2, never B8.
    remaining = set(state.deed_deck) | {p for lot in state.lots for p in set_bits(lot)}
    assert remaining == set(ordered_deck("A1 C2"))


def test_air_base_takes_the_deed_from_whoever_holds_it() -> None:
    game = new_game(2)
    players = [player(deeds="B7", hand="AIR-BASE"), player(deeds="B8", hand="LOBBY")]
    state = building_phase(game, players)
    state = play(game, state, (0, "build AIR-BASE B7"), (1, "seal"), (0, "seal"))
    state = play(game, state, (0, "take B8"))
    assert state.players[1].deeds == 0
    assert any("loses the deed of B8" in line for line in state.log)


def test_requisition_conflict_with_a_commissioned_deed_goes_back_to_the_hand() -> None:
    """ "If another player is building on it this turn, then you must put the AIR BASE and any
    corresponding deeds back in your hand"."""
    game = new_game(2)
    players = [player(deeds="B7", hand="AIR-BASE"), player(deeds="B8", hand="LOBBY")]
    state = building_phase(game, players)
    state = play(game, state, (0, "build AIR-BASE B7"), (1, "build LOBBY B8"))
    state = seal_all(game, state)
    state = play(game, state, (0, "take B8"))
    assert [b.owner for b in state.city.buildings] == [1]
    assert state.players[0].deeds == mask("B7") and state.players[0].permits[cd.AIR_BASE_PERMIT]
    assert state.players[0].known_deeds == mask("B7")  # the opened pouch went back in public


def test_two_requisitions_of_the_same_plot_both_go_back() -> None:
    """ "If someone else is building another SEWAGE REPROCESSOR and you cannot agree to use
    different plots. You both must put the permit and the corresponding deed(s) back"."""
    game = new_game(2)
    players = [
        player(deeds="E4", hand="SEWAGE-REPROCESSOR"),
        player(deeds="G4", hand="SEWAGE-REPROCESSOR"),
    ]
    state = building_phase(game, players, order=(0, 1))
    state = play(game, state, (0, "build SEWAGE-REPROCESSOR E4"))
    state = play(game, state, (1, "build SEWAGE-REPROCESSOR G4"))
    state = seal_all(game, state)
    assert "take F4" in legal_texts(game, state, 0)
    state = play(game, state, (0, "take F4"), (1, "take F4"))
    assert state.city.buildings == ()
    assert state.counters[7] == 2  # commissions_returned


def test_requisition_of_an_occupied_plot_is_refused() -> None:
    game = new_game(2)
    players = [player(deeds="B7", hand="AIR-BASE"), player()]
    state = building_phase(game, players, (1, "CHAV", "B8"))
    state = play(game, state, (0, "build AIR-BASE B7"), (0, "seal"))
    assert "B8 is not free: building #1" in refuse(game, state, 0, "take B8")
    assert "does not join" in refuse(game, state, 0, "take D1")
    assert "not in play" in refuse(game, state, 0, "take H1")


def test_coloured_blocks_limit_what_can_stand() -> None:
    """FACT: 2 red COMMONS blocks. RULING: "a commission that would need blocks the box no
    longer has is returned to the hand" (in bribe order)."""
    game = new_game(3)
    players = [player(deeds="A1", hand="COMMONS"), player(deeds="H8", hand="COMMONS"), player()]
    state = building_phase(game, players, (2, "COMMONS", "C3"), order=(1, 0, 2))
    state = play(game, state, (0, "build COMMONS A1"), (1, "build COMMONS H8"))
    state = seal_all(game, state)
    kinds = [(b.owner, b.kind) for b in state.city.buildings]
    assert kinds == [(2, cd.COMMONS), (1, cd.COMMONS)]  # seat 2 bribed first: it gets the block
    assert state.players[0].deeds == mask("A1")
    # With both red blocks on the map no COMMONS can even go in a pouch.
    nxt = building_phase(
        game,
        [player(deeds="A1", hand="COMMONS"), player(), player()],
        (2, "COMMONS", "C3"),
        (1, "COMMONS", "H8"),
    )
    assert "coloured blocks left" in refuse(game, nxt, 0, "build COMMONS A1")


def test_pouch_contents_are_hidden_until_opened() -> None:
    game = new_game(2)
    players = [player(deeds="B7", hand="LOBBY"), player(deeds="H1", hand="LOBBY")]
    state = building_phase(game, players)
    state = play(game, state, (0, "build LOBBY B7"))
    assert game.observe(state, 1).draft == ()
    assert game.observe(state, 1).deed_counts[0] == 1
    assert len(game.observe(state, 0).draft) == 1
    assert game.describe_action(game.parse_action("build LOBBY B7", 0), 1) == (
        "puts a commission in the pouch"
    )
    state = play(game, state, (0, "seal"))
    assert game.observe(state, 1).sealed.own is None  # type: ignore[union-attr]


def test_income_rail_after_the_build_with_roundabout_briefcases() -> None:
    """ "Add ten to this number and move your income marker to this point ... if you pass a
    roundabout while moving up the income rail at this point, you may collect a free heavy
    briefcase" (RULING: once per roundabout newly passed, reaching counts)."""
    game = new_game(2)
    players = [player(deeds="C6", hand="COMMONS", marker=12, floor=10), player()]
    specs = ((1, "CHAV", "B6"), (1, "CHAV", "C7"), (1, "CHAV", "D6"), (1, "CHAV", "C5"))
    state = building_phase(game, players, *specs, bank=100, deck="")
    state = play(game, state, (0, "build COMMONS C6"))
    state = seal_all(game, state)
    assert state.city.blocks[0] == 8
    assert state.players[0].marker == 18 and state.players[0].floor == 15
    assert state.players[0].cash == 5  # one briefcase: roundabout 15


def test_marker_never_below_the_highest_roundabout_reached() -> None:
    """ "you need never move your income marker back below one of the roundabouts"."""
    game = new_game(2)
    players = [player(marker=27, floor=25), player()]
    state = building_phase(game, players, deck="")
    state = seal_all(game, state)
    assert state.players[0].marker == 25


def test_marker_capped_at_50() -> None:
    game = new_game(2)
    state = make_state(game, Phase.BUILD, players=[player(marker=48, floor=45), player()])
    state = evolve(state, city=game.rules.rescore(state.city, ()))
    rich = CityMap((), 0, 0, 0, (), (60, 0), 1)
    assert game.rules.update_incomes(evolve(state, city=rich), []).players[0].marker == 50


def test_game_ends_when_the_deed_deck_is_empty_after_a_build() -> None:
    """ "The game finishes once the deed deck is empty at the end of the build phase ... the
    developer with the greatest number of income blocks on the map. If there is a tie, then the
    tied player with the greatest amount of cash in their hand wins"."""
    game = new_game(2)
    players = [player(cash=3), player(cash=4)]
    state = building_phase(game, players, (0, "CHAV", "G7"), (1, "CHAV", "C6 C7"), deck="")
    state = seal_all(game, state)
    assert state.phase == Phase.OVER
    outcome = game.outcome(state)
    assert outcome is not None
    assert outcome.scores == (2.0, 1.0) and outcome.ranks == (1, 2)
    tie = building_phase(game, players, (0, "CHAV", "B6"), (1, "CHAV", "C8"), deck="")
    tie = seal_all(game, tie)
    assert game.outcome(tie).ranks == (2, 1)  # type: ignore[union-attr]


def test_engine_safety_stop_when_the_deck_stops_shrinking() -> None:
    """Engine safety stop: "if the deck has not shrunk for 3 years, the game ends"."""
    game = new_game(2)
    state = building_phase(game, [player(deeds="A3", hand="LOBBY"), player()], stall=2)
    state = evolve(state, deck_mark=len(state.deed_deck))
    state = seal_all(game, state)
    assert state.phase == Phase.OVER and state.ended == "safety stop"
    assert game.outcome(state).unfinished  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("permit", "kind"),
    [
        ("INQUIRY", cd.CHAV),
        ("LOBBY", cd.CHAV),
        ("DEMOLISH", cd.CHAV),
        ("REDEVELOP", cd.CHAV),
        ("COMMONS", cd.COMMONS),
        ("DUMP", cd.DUMP),
        ("ALLOTMENTS", cd.ALLOTMENTS),
        ("NATURE-RESERVE", cd.NATURE),
    ],
)
def test_every_permit_builds_its_kind_of_building(permit: str, kind: int) -> None:
    """ "The permit determines what type of building it will be"; the four CHAV ESTATE cards all
    build a plain CHAV ESTATE."""
    game = new_game(2)
    state = building_phase(game, [player(deeds="H1", hand=permit), player()], deck="")
    state = seal_all(game, play(game, state, (0, f"build {permit} H1")))
    assert [b.kind for b in state.city.buildings] == [kind]
    expected = {cd.NATURE: 2, cd.ALLOTMENTS: 0}.get(kind, 0)  # H1 lies under the marsh at G1
    assert state.city.incomes == (expected,)


def test_river_outside_a_smaller_map_still_lies_on_the_board() -> None:
    """CHOICE: the river tile on C9 stays on the board in a 3-player game (column 9 out of play)."""
    game = new_game(3)
    state = building_phase(game, [player(deeds="C8", hand="LOBBY"), player(), player()], deck="")
    assert not game.region >> bd.INDEX["C9"] & 1
    state = seal_all(game, play(game, state, (0, "build LOBBY C8")))
    assert state.city.incomes == (2,)  # C9 and D8 are river


def test_roundabout_briefcase_only_while_the_bank_holds_one() -> None:
    game = new_game(2)
    players = [player(marker=12, floor=10), player()]
    state = make_state(game, Phase.BUILD, players=players, bank=0)
    rich = CityMap((), 0, 0, 0, (), (8, 0), 1)
    after = game.rules.update_incomes(evolve(state, city=rich), [])
    assert after.players[0].marker == 18 and after.players[0].cash == 0


def test_sewage_reprocessor_takes_a_river_plot_and_air_base_a_land_plot() -> None:
    """SEWAGE REPROCESSOR: "the free plot must be on the river!"; AIR BASE: "take one empty plot"
    (CHOICE: a free land plot, never river or marsh)."""
    game = new_game(2)
    players = [player(deeds="E4 F3", hand="SEWAGE-REPROCESSOR AIR-BASE"), player()]
    state = building_phase(game, players)
    state = play(game, state, (0, "build SEWAGE-REPROCESSOR E4"), (0, "build AIR-BASE F3"))
    state = seal_all(game, state)
    assert state.phase == Phase.REQUISITION
    assert legal_texts(game, state, 0) == ["take E3", "take F4"]
    assert "requisitions a river plot" in refuse(game, state, 0, "take D4")
    state = play(game, state, (0, "take F4"))
    assert legal_texts(game, state, 0) == ["take G3"]  # F2 is marsh, E3 and F4 river
    assert "not river or marsh" in refuse(game, state, 0, "take F2")
    assert "not river or marsh" in refuse(game, state, 0, "take E3")
    state = play(game, state, (0, "take G3"))
    assert [bd.label_list(b.mask) for b in state.city.buildings] == ["E4 F4", "F3 G3"]


def test_a_requisition_with_no_plot_left_to_name_goes_back_to_the_hand() -> None:
    """Requisitions: "the plot must join the building into one connected shape"; CHOICE: a
    commission with no plot left to name goes back to the hand (here both AIR BASEs need G3)."""
    game = new_game(2)
    players = [player(deeds="F3 G4", hand="AIR-BASE AIR-BASE"), player()]
    state = building_phase(game, players)
    state = play(game, state, (0, "build AIR-BASE F3"), (0, "build AIR-BASE G4"))
    state = seal_all(game, state)
    assert legal_texts(game, state, 0) == ["take G3"]
    state = play(game, state, (0, "take G3"))
    assert any("finds no free plot" in line for line in state.log)
    assert [bd.label_list(b.mask) for b in state.city.buildings] == ["F3 G3"]
    assert state.players[0].deeds == mask("G4")
    assert state.players[0].permits[cd.AIR_BASE_PERMIT] == 1
    assert state.players[0].known_deeds == mask("G4")  # the returned commission was seen


def test_each_roundabout_reached_in_the_update_pays_a_briefcase() -> None:
    """ "if you pass a roundabout while moving up the income rail at this point, you may collect
    a free heavy briefcase" (RULING: reaching a roundabout counts as passing it; once per
    roundabout newly passed)."""
    game = new_game(2)
    players = [player(marker=12, floor=10), player(marker=17, floor=15)]
    state = make_state(game, Phase.BUILD, players=players, bank=100)
    rich = CityMap((), 0, 0, 0, (), (10, 4), 1)
    after = game.rules.update_incomes(evolve(state, city=rich), [])
    # Seat 1: 12 -> 20 reaches 15 and 20; seat 2: 17 -> 15, held on its roundabout, nothing.
    assert [p.marker for p in after.players] == [20, 15]
    assert [p.floor for p in after.players] == [20, 15]
    assert [p.cash for p in after.players] == [10, 0]
    assert after.bank == 90


def test_the_game_ends_when_an_air_base_takes_the_last_deed_of_the_deck() -> None:
    """ "The game finishes once the deed deck is empty at the end of the build phase" — a
    requisition that takes the last deed out of the deck empties it."""
    game = new_game(4)
    players = [player(deeds="B7 B9", hand="AIR-BASE")] + [player() for _ in range(3)]
    state = building_phase(game, players, deck="B8")
    state = play(game, state, (0, "build AIR-BASE B7 B9"))
    state = play(game, seal_all(game, state), (0, "take B8"))
    assert state.deed_deck == () and state.phase == Phase.OVER


def test_tied_on_income_blocks_and_on_cash_the_players_share_a_rank() -> None:
    """ "If there is a tie, then the tied player with the greatest amount of cash in their hand
    wins" (tied on both: a shared rank)."""
    game = new_game(3)
    players = [player(cash=4), player(cash=4), player(cash=9)]
    specs = ((0, "CHAV", "B1"), (1, "CHAV", "D1"), (2, "CHAV", "A1"))
    state = seal_all(game, building_phase(game, players, *specs, deck=""))
    assert state.city.blocks == (2, 2, 1)
    outcome = game.outcome(state)
    assert outcome is not None
    assert outcome.ranks == (1, 1, 3)
