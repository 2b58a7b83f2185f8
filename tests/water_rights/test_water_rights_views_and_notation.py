"""Hidden information, sample_state, notation, the data files and the presentation hooks."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from tycoon.core import MalformedActionError, Match, OptionError, SeededRng, make, sample_choice
from tycoon.core.text import plain
from tycoon.games.water_rights.actions import (
    AdjustTax,
    AdjustWater,
    Build,
    Collect,
    Destroy,
    Done,
    Draft,
    Feed,
    Fill,
    Post,
    Request,
    SetColours,
    Supply,
)
from tycoon.games.water_rights.catalogue import DATA, CatalogueError, load_rules
from tycoon.games.water_rights.game import WaterRights
from tycoon.games.water_rights.state import EMPTY, OVER

from .helpers import JUNIOR, RIPARIAN, SENIOR, fresh, play


def test_views_hide_other_seats_secret_goals_and_the_deck_orders() -> None:
    """Hidden: each seat's secret goal (its own only), the order of the event, demand, district
    and plant decks (sizes only). Money is public (decided: every payment is made openly)."""
    game, state = fresh()
    for seat in range(4):
        view = game.observe(state, seat)
        assert [g != EMPTY for g in view.secrets] == [r == seat for r in range(4)]
        assert view.district_deck_size == len(state.district_deck)
        assert not hasattr(view, "district_deck")
        assert view.towns == state.towns  # cash, hands, plants: public
    spectator = game.observe(state, None)
    assert spectator.secrets == (EMPTY,) * 4


def test_secret_goals_are_revealed_at_the_end() -> None:
    game, state = fresh()
    over = replace(state, phase=OVER)
    assert game.observe(over, 1).secrets == state.secrets


def test_sample_state_keeps_the_view_and_redraws_the_hidden_parts() -> None:
    game, state = fresh()
    state = play(game, state, "colours green red")
    view = game.observe(state, 2)
    seen = set()
    for seed in range(5):
        sampled = game.sample_state(view, SeededRng(seed))
        assert game.observe(sampled, 2) == view
        assert sorted(sampled.district_deck) == sorted(state.district_deck)
        assert sorted(sampled.event_deck) == sorted(state.event_deck)
        seen.add(sampled.district_deck)
    assert len(seen) > 1


def test_sample_state_deals_each_hidden_secret_from_its_roles_cards(tmp_path: Path) -> None:
    """Choice: a seat's secret goal is dealt from the cards of its role, so a designer who adds
    cards makes secrets truly secret; sample_state deals them again for the others."""
    data = tmp_path / "data"
    shutil.copytree(DATA, data, ignore=shutil.ignore_patterns("clarifications"))
    goals = json.loads((data / "goals.json").read_text())
    goals["secret"].append(
        {"name": "Builder", "role": "Junior", "kind": "districts", "count": 6, "points": 5}
    )
    (data / "goals.json").write_text(json.dumps(goals))
    game = make("water-rights", 4, data=str(data))
    state = game.initial_state(SeededRng(3))
    view = game.observe(state, 1)
    junior_goals = {game.sample_state(view, SeededRng(s)).secrets[JUNIOR] for s in range(30)}
    assert len(junior_goals) == 2


def test_notation_round_trips_every_action_type() -> None:
    game = make("water-rights", 4)
    actions = [
        SetColours(0, ("green", "red")),
        AdjustTax(0, "dollars", 1),
        AdjustTax(0, "tiles", -1),
        AdjustWater(0, "units", -1),
        AdjustWater(0, "dollars", 1),
        Done(1),
        Request(1, 3, False),
        Request(2, 8, True),
        Draft(1, "district", 2),
        Draft(3, "plant", 1),
        Build(1, "fishing-dock", "c3"),
        Fill(3, "c2", False),
        Fill(1, "d4", True),
        Post(2, "junior"),
        Destroy(1, "a6"),
        Feed(3),
        Supply(3, "f1"),
        Collect(2),
    ]
    for action in actions:
        text = game.format_action(action)
        assert game.parse_action(text, action.seat) == action, text
        data = json.loads(json.dumps(game.action_to_json(action)))
        assert game.action_from_json(data) == action
    assert game.parse_action("build Fishing Dock C3", 1) == Build(1, "fishing-dock", "c3")
    assert game.parse_action("colours red green", 0) == SetColours(0, ("green", "red"))


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ("", "write"),
        ("build farmland z9", "not a cell"),
        ("draft river 1", "draft district 2"),
        ("request lots", "request 3"),
        ("fill c2 now", "fill c3 legacy"),
        ("fill z9", "not a cell"),
        ("post king", "post senior"),
        ("tax dollars +2", r"\+1 or -1"),
        ("colours green green", "distinct"),
        ("fly away", "write"),
    ],
)
def test_malformed_moves_say_the_right_form(text: str, hint: str) -> None:
    game = make("water-rights", 4)
    with pytest.raises(MalformedActionError, match=hint):
        game.parse_action(text, 1)


def test_illegal_json_fields_are_explained_not_crashed() -> None:
    game, state = fresh()
    state = play(game, state, "colours green red")
    from tycoon.core import IllegalActionError

    for action in (Build(1, "castle", "a1"), Supply(1, "z9"), Post(1, "king")):
        with pytest.raises(IllegalActionError):
            game.apply(state, action, SeededRng(0))


def test_built_in_catalogues_match_the_clarifications_counts() -> None:
    """RULING: 14 water plants, 26 districts, 10 events, 8 demands, 8 bonus goals, one secret
    goal per role; the untuned set in data/clarifications keeps every number of the text."""
    for directory in ("", str(DATA / "clarifications")):
        rules = load_rules(directory)
        assert sum(k.count for k in rules.kinds if k.is_plant) == 14
        assert sum(k.count for k in rules.kinds if not k.is_plant) == 26
        assert (len(rules.events), len(rules.demands)) == (10, 8)
        assert len(rules.bonus_goals) == 8 and len(rules.secret_goals) == 4
    original = load_rules(str(DATA / "clarifications"))
    table = {k.name: (k.count, k.cost, k.water, k.income) for k in original.kinds}
    assert table["Farmland"] == (4, 2, 2, 3) and table["Factory"] == (2, 5, 2, 7)
    assert table["Orchard"] == (2, 4, 3, 6) and table["Workshop"] == (3, 3, 1, 4)
    assert (
        table["Reservoir"][:2] == (2, 7)
        and original.kinds[original.by_name["Reservoir"]].capacity == 8
    )
    assert original.economy.treasury == 100 and original.economy.king_score_divisor == 5
    junior = original.town(JUNIOR)
    assert bin(junior.water_sources).count("1") == 2
    assert original.economy.district_surcharges == (3, 2, 1, 0, 0)
    assert original.economy.plant_surcharges == (2, 1, 0)


def test_the_clarifications_variant_plays() -> None:
    game = make("water-rights", 4, data="clarifications")
    match = Match(game, 1)
    rng = SeededRng(2)
    while not match.is_over():
        seat = match.to_act()[0]
        match.play(sample_choice(match.legal_actions(seat), rng))
    assert match.outcome() is not None


def test_a_broken_data_file_is_refused_with_its_name(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(DATA, data, ignore=shutil.ignore_patterns("clarifications"))
    districts = json.loads((data / "districts.json").read_text())
    districts["districts"][0]["placement"] = "anywhere"
    (data / "districts.json").write_text(json.dumps(districts))
    with pytest.raises(CatalogueError, match=r"districts\.json 'Farmland'"):
        load_rules(str(data))
    with pytest.raises(OptionError, match="placement"):
        make("water-rights", 4, data=str(data))


def test_render_draws_towns_lines_tax_price_and_bank() -> None:
    """`tycoon play` draws each town (tiles, plants with water, facility), the lines with
    surcharges, the tax rate, the water price and the King's bank."""
    game, state = fresh()
    state = play(game, state, "colours green red")
    state = play(game, state, "draft plant 3")
    text = plain(game.render_text(game.observe(state, 1)))
    for needle in (
        "District line",
        "Plant line",
        "+$3",
        "water bank 40",
        "tax $1 per 2",
        "water $1 per 4 units",
        "[F]",
        "Senior (red power)",
        "Junior (yellow solar)",
        "Your secret goal",
        "hand:",
    ):
        assert needle in text, needle
    assert "King's secret goal" not in text


def test_narration_announces_phases_payments_and_cards() -> None:
    game, state = fresh()
    before = game.observe(state, None)
    action = game.parse_action("colours green red", 0)
    after_state, _ = game.apply(state, action, SeededRng(0))
    lines = [plain(x) for x in game.narrate(before, action, game.observe(after_state, None))]
    assert "Taxed colours: green and red." in lines
    assert any("Senior's turn" in line for line in lines)
    assert any(line.startswith("Now: the Senior's") for line in lines)


def test_explain_outcome_names_every_role_and_the_parts() -> None:
    game, state = fresh()
    state = replace(state, phase=OVER)
    text = plain(game.explain_outcome(state))
    for role in ("King", "Senior", "Riparian", "Junior"):
        assert role in text
    assert "cash $20" in text and "treasury" in text and "Winner" in text


def test_describe_legal_groups_builds_by_card() -> None:
    game, state = fresh()
    state = play(game, state, "colours green red")
    state = replace(state, phase=4)
    legal = game.legal_actions(state, 1)
    lines = game.describe_legal(game.observe(state, 1), legal)
    assert any(line.startswith("build basic CELL") for line in lines)
    assert lines[-1].startswith("done")


def test_random_games_end_at_both_player_counts() -> None:
    for players in (3, 4):
        game = make("water-rights", players)
        match = Match(game, players)
        rng = SeededRng(9)
        while not match.is_over():
            seat = match.to_act()[0]
            match.play(sample_choice(match.legal_actions(seat), rng))
        outcome = match.outcome()
        assert outcome is not None and len(outcome.scores) == players
        assert set(game.statistics(match.state)) >= {"king_treasury", "junior_score"}


def test_seats_and_roles_at_three_players() -> None:
    game = make("water-rights", 3)
    assert isinstance(game, WaterRights)
    assert game.role_of_seat == (SENIOR, RIPARIAN, JUNIOR)


def test_town_grids_have_a_legend_in_colour_and_in_plain_text() -> None:
    """Issue 9, item 17: the town grid's symbols (`,` grass, `.` land, `~~~` water, `Wsh`,
    `Dck`, `V5/8`...) are explained under the grids, as My City does, in the grids' colours;
    every card code of the catalogue is named."""
    game, state = fresh()
    markup = game.render_text(game.observe(state, 1))
    for needle in (
        "[green],[/green] grass",
        "[yellow].[/yellow] land",
        "[blue]~~~[/blue] water source",
        "[red]Wsh[/red] Workshop",
        "[green]Dck[/green] Fishing Dock",
        "[bold blue]V5/8[/bold blue] a water plant",
    ):
        assert needle in markup, needle
    text = plain(markup)
    legend = text[text.index("Key:") :]
    assert "Key: , grass   . land   ~~~ water source   [F] the town's facility" in legend
    for kind in game.rules.kinds:
        assert f"{kind.code} {kind.name}" in legend, kind.name
    assert text.index("Key:") > text.rindex("Junior (yellow solar)")


def test_the_legend_shows_in_the_terminal_with_plain() -> None:
    """Item 17 through the real command: `tycoon play ... --plain` prints the key uncoloured."""
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "tycoon",
            "play",
            "water-rights",
            "--plain",
            "--seed",
            "1",
            "--seats",
            "human,greedy,greedy,greedy",
        ],
        input="",
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "COLUMNS": "160"},
    )
    assert "Key: , grass   . land   ~~~ water source" in result.stdout, result.stderr
    assert "     red districts: Wsh Workshop, Fac Factory, Mil Mill" in result.stdout
    assert "[green]" not in result.stdout and "\x1b[" not in result.stdout
