"""Water Rights' picture: drawn from a view, well-formed, moves pointing at drawn elements, other
seats' secret goals and the deck orders never shown."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest
from svg_helpers import concrete, picture_of, targets, texts

from tycoon.core import Match, SeededRng, make, sample_choice
from tycoon.core.players import make_bot
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
from tycoon.games.water_rights.catalogue import CELL_NAMES, KING, ROLES
from tycoon.games.water_rights.game import WaterRights
from tycoon.games.water_rights.state import OVER

from .helpers import JUNIOR, RIPARIAN, SENIOR, fresh, game4

SVG = "{http://www.w3.org/2000/svg}"


def game3() -> WaterRights:
    game = make("water-rights", 3)
    assert isinstance(game, WaterRights)
    return game


def words(element: ET.Element) -> str:
    return " | ".join(texts(element))


UNPOINTED = (Done, Collect)


@pytest.mark.parametrize(("players", "seed"), [(3, 11), (4, 13), (4, 15)])
def test_every_picture_parses_and_every_move_points_at_drawn_elements(
    players: int, seed: int
) -> None:
    game = game4() if players == 4 else game3()
    match = Match(game, seed)
    # Noisy greedy bots reach the moves random play rarely does (feeding, supplying).
    bots = [make_bot("greedy:noise=0.3", game, s, SeededRng(seed + s)) for s in range(players)]
    kinds: set[str] = set()
    step = 0
    while not match.is_over():
        state = match.state
        seat = match.to_act()[0]
        legal = game.legal_actions(state, seat)
        step += 1
        if step % 10 == 0:
            for viewer in (*range(players), None):
                picture_of(game, game.observe(state, viewer))
        drawn = targets(picture_of(game, game.observe(state, seat)))
        for choice in legal:
            action = concrete(choice)
            keys = game.move_targets(action)
            if isinstance(action, UNPOINTED):
                assert keys == ()
                continue
            assert keys, f"{game.format_action(action)} points at nothing"
            kinds.add(type(action).__name__)
            missing = [key for key in keys if key not in drawn]
            assert not missing, f"{game.format_action(action)}: {missing} not drawn"
        match.play(bots[seat].choose(game.observe(state, seat), legal))
    for viewer in (*range(players), None):
        picture_of(game, game.observe(match.state, viewer))
    assert {"Request", "Draft", "Build", "Supply", "Feed"} <= kinds
    if players == 4:
        assert {"SetColours", "AdjustTax", "AdjustWater"} <= kinds


def test_each_kind_of_move_names_its_element() -> None:
    game = game4()
    senior = game.seat_of_role[SENIOR]
    facility = CELL_NAMES[game.rules.town(SENIOR).facility]
    assert game.move_targets(SetColours(0, ("green", "red"))) == ("colour:green", "colour:red")
    assert game.move_targets(AdjustTax(0, "tiles", -1)) == ("tax:tiles",)
    assert game.move_targets(AdjustWater(0, "dollars", 1)) == ("price:dollars",)
    assert game.move_targets(Request(senior, 3, False)) == ("bank",)
    assert game.move_targets(Draft(senior, "plant", 2)) == ("line:plant:2",)
    assert game.move_targets(Build(senior, "farmland", "c3")) == (
        "cell:senior:c3",
        "hand:senior:farmland",
    )
    assert game.move_targets(Fill(senior, "c3", True)) == ("cell:senior:c3",)
    assert game.move_targets(Destroy(senior, "d2")) == ("cell:senior:d2",)
    assert game.move_targets(Supply(senior, "a1")) == ("cell:senior:a1",)
    assert game.move_targets(Feed(senior)) == (f"cell:senior:{facility}",)
    assert game.move_targets(Post(senior, "junior")) == ("town:junior",)
    assert game.move_targets(Done(senior)) == game.move_targets(Collect(senior)) == ()
    # With the automated King, seat 0 is the Senior.
    assert game3().move_targets(Supply(0, "b2")) == ("cell:senior:b2",)


def test_the_towns_show_their_seats_tiles_and_hands() -> None:
    game, state = fresh()
    root = picture_of(game, game.observe(state, None))
    drawn = targets(root)
    for role in (SENIOR, RIPARIAN, JUNIOR):
        plate = drawn[f"town:{ROLES[role].lower()}"]
        seat = game.seat_of_role[role]
        assert f"{seat + 1} | {ROLES[role]}" in words(plate)
        town = state.towns[role - 1]
        for kind_id, _paid, _due in town.hand:
            assert f"hand:{ROLES[role].lower()}:{game.rules.kinds[kind_id].slug}" in drawn
        facility = CELL_NAMES[game.rules.town(role).facility]
        assert words(drawn[f"cell:{ROLES[role].lower()}:{facility}"]) == "F"
    assert "King" in words(root)


def _secret_names(game: WaterRights) -> dict[int, str]:
    return {goal.role: goal.name for goal in game.rules.secret_goals}


def test_other_seats_secret_goals_and_the_deck_orders_never_show() -> None:
    game, state = fresh()
    names = _secret_names(game)
    # Another deal of the others' secret goals and other deck orders: nothing changes for a seat.
    other = replace(
        state,
        district_deck=state.district_deck[::-1],
        plant_deck=state.plant_deck[::-1],
        event_deck=state.event_deck[::-1],
        demand_deck=state.demand_deck[::-1],
    )
    for seat in range(4):
        role = game.role_of_seat[seat]
        mine = game.render_svg(game.observe(state, seat))
        assert mine is not None
        assert names[role] in mine
        for other_role, name in names.items():
            if other_role != role:
                assert name not in mine, f"{ROLES[role]} sees {ROLES[other_role]}'s goal"
        secrets = tuple(g if r == role else (g + 1) % 4 for r, g in enumerate(state.secrets))
        assert game.render_svg(game.observe(replace(other, secrets=secrets), seat)) == mine
    spectator = game.render_svg(game.observe(state, None))
    assert spectator is not None and not any(name in spectator for name in names.values())
    assert spectator.count("secret goal hidden") == 3


def test_the_end_reveals_every_secret_goal_and_the_final_scores() -> None:
    game = game4()
    match = Match(game, 5)
    rng = SeededRng(5)
    while not match.is_over():
        match.play(sample_choice(game.legal_actions(match.state, match.to_act()[0]), rng))
    assert match.state.phase == OVER
    outcome = match.outcome()
    assert outcome is not None
    root = picture_of(game, game.observe(match.state, 1))
    text = words(root)
    for name in _secret_names(game).values():
        assert name in text
    # The towns in river order, then the King.
    shown = [int(found) for found in re.findall(r"final score (-?\d+)", text)]
    expected = [outcome.scores[game.seat_of_role[r]] for r in (SENIOR, RIPARIAN, JUNIOR, KING)]
    assert shown == expected
