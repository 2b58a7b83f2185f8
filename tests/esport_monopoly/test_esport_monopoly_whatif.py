"""What-if boards (issue 14): a patched board.json is the board the game plays, shows, parses and
values, per game; a record of a what-if game replays; the built-in board is untouched."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tycoon.core import GameRecord, Match, OptionError, SeededRng, make, replay_to_end
from tycoon.core.players import make_bot
from tycoon.games.esport_monopoly import actions as A
from tycoon.games.esport_monopoly.board import BOARD, DATA
from tycoon.games.esport_monopoly.game import EsportMonopoly
from tycoon.games.esport_monopoly.state import END_MOVE, Buy, View

from .helpers import new_game, play, position

GRAND_FINAL = 39  # the dearest deed: £400 built in
CHEAPER = json.dumps({"board.json": {"squares": {str(GRAND_FINAL): {"price": 300}}}})


def at_the_grand_final(game: EsportMonopoly, cash: int) -> Any:
    """Seat 1 has just landed on the unowned Grand Final and may buy it."""
    return position(game, cash=[cash, 1500], at=[GRAND_FINAL, 0], stack=(END_MOVE, Buy(39)))


def test_a_patched_price_is_what_the_game_charges_shows_and_the_bot_pays() -> None:
    built_in, cheaper = new_game(2), new_game(2, data=CHEAPER)
    assert cheaper.board.price[GRAND_FINAL] == 300 and cheaper.board.mortgage[GRAND_FINAL] == 150
    assert built_in.board.price[GRAND_FINAL] == 400 == BOARD.price[GRAND_FINAL]
    for game, price in ((built_in, 400), (cheaper, 300)):
        state = at_the_grand_final(game, 1500)
        assert f"Grand Final (39) for £{price}" in game.render_text(View(0, state.table))
        svg = game.render_svg(View(0, state.table))
        assert svg is not None and f"price £{price}, mortgage value £{price // 2}" in svg
        bought = play(game, state, 0, "buy")
        assert bought.table.cash[0] == 1500 - price
    # With £500 the greedy bot keeps its £150 reserve: it declines at £400 and buys at £300.
    for game, choice in ((built_in, A.Decline), (cheaper, A.BuyDeed)):
        state = at_the_grand_final(game, 500)
        bot = make_bot("greedy", game, 0, SeededRng(1))
        legal = game.legal_actions(state, 0)
        assert isinstance(bot.choose(View(0, state.table), legal), choice)


def test_renamed_squares_are_shown_and_parsed_by_their_new_names() -> None:
    patch = {"board.json": {"squares": {"39": {"name": "Mayfair Major"}}}}
    game = new_game(2, data=json.dumps(patch))
    assert game.parse_action("mortgage mayfair-major", 0) == A.Mortgage(0, 39)
    with pytest.raises(Exception, match="not a square"):
        game.parse_action("mortgage grand-final", 0)
    assert new_game(2).parse_action("mortgage grand-final", 0) == A.Mortgage(0, 39)
    state = at_the_grand_final(game, 1500)
    assert "Mayfair Major (39)" in game.render_text(View(0, state.table))


def test_patched_rents_costs_and_rates_change_play() -> None:
    """Rent by stands, the building cost, the sale rate and a tax, each read from the data."""
    patch = {
        "board.json": {
            "components": {"building_sale_percent": 40},
            "squares": {
                "37": {"rents": [40, 200, 600, 1400, 1700, 2000], "stand_cost": 250},
                "39": {"rents": [50, 210, 600, 1400, 1700, 2000], "stand_cost": 250},
                "4": {"amount": 120},
            },
        }
    }
    game = new_game(2, data=json.dumps(patch))
    owned = position(game, owner={37: 1, 39: 1}, level={39: 1}, at=[35, 0])
    paid = play(game, owned, 0, "roll", dice=[(1, 3)])  # onto 39: one stand
    assert paid.table.cash[0] == 1500 - 210
    paid = play(game, owned, 0, "roll", dice=[(1, 1)])  # onto 37, no stand: doubled, whole group
    assert paid.table.cash[0] == 1500 - 80
    built = play(game, position(game, owner={37: 0, 39: 0}, at=[0, 0]), 0, "build 37")
    assert built.table.cash[0] == 1500 - 250
    managing = play(game, position(game, owner={37: 0, 39: 0}, level={37: 1}), 0, "manage")
    sold = play(game, managing, 0, "sell 37")
    assert sold.table.cash[0] == 1500 + 100  # 40% of 250
    taxed = play(game, position(game, at=[1, 0]), 0, "roll", dice=[(1, 2)])
    assert taxed.table.cash[0] == 1500 - 120


def test_changed_groups_and_kinds_play(tmp_path: Path) -> None:
    """A board (a replaced board.json) where Chance on square 7 is a fourth light-blue event:
    the light blues need all four to build, and landing there offers the deed."""
    board = json.loads((DATA / "board.json").read_text(encoding="utf-8"))
    board["squares"][7] = {
        "index": 7,
        "name": "Campus Open",
        "kind": "event",
        "group": "lightblue",
        "price": 110,
        "rents": [7, 35, 95, 280, 420, 570],
        "stand_cost": 50,
    }
    (tmp_path / "board.json").write_text(json.dumps(board))
    game = new_game(2, data=str(tmp_path))
    assert game.board.group_members[game.board.group[6]] == (6, 7, 8, 9)
    three = position(game, owner={6: 0, 8: 0, 9: 0})
    assert not any(isinstance(a, A.Build) for a in game.legal_actions(three, 0))
    four = position(game, owner={6: 0, 7: 0, 8: 0, 9: 0})
    builds = {a.square for a in game.legal_actions(four, 0) if isinstance(a, A.Build)}
    assert builds == {6, 7, 8, 9}
    landed = play(game, position(game, at=[4, 0]), 0, "roll", dice=[(1, 2)])
    assert landed.table.stack[-1] == Buy(7)
    assert "Campus Open (7) for £110" in game.render_text(View(0, landed.table))
    built_in = new_game(2)
    assert built_in.board.kinds[7] != game.board.kinds[7]


def test_greedy_plays_whole_games_on_a_reshaped_board(tmp_path: Path) -> None:
    """Groups under new keys (the bot's building order, the picture's colours), a fifth
    festival and one shop: whole games of greedy bots play, draw and replay."""
    board = json.loads((DATA / "board.json").read_text(encoding="utf-8"))
    groups = board["groups"]
    board["groups"] = {("bronze" if k == "brown" else k): v for k, v in groups.items()}
    for square in board["squares"]:
        if square.get("group") == "brown":
            square["group"] = "bronze"
    board["squares"][12] = {
        "index": 12,
        "name": "Night Owl Festival",
        "kind": "festival",
        "group": "festival",
        "price": 180,
    }
    board["festival_rents"] = [25, 50, 100, 200, 300]
    board["shop_multipliers"] = [6]
    (tmp_path / "board.json").write_text(json.dumps(board))
    game = make("esport-monopoly", 4, data=str(tmp_path))
    keys = game.board.group_keys  # type: ignore[attr-defined]
    assert "bronze" in keys[:8] and "brown" not in keys and keys[8:] == ("festival", "shop")
    for seed in (1, 2):
        match: Match[Any, Any, Any] = Match(game, seed, ("greedy",) * 4)
        bots = [make_bot("greedy", game, s, SeededRng(seed + s)) for s in range(4)]
        while not match.is_over():
            seat = match.to_act()[0]
            match.play(bots[seat].choose(match.view(seat), match.legal_actions(seat)))
        svg = game.render_svg(match.view(0))
        assert svg is not None and "Night Owl Festival" in svg
        assert "Night Owl Festival" in game.render_text(match.view(0))
        again = replay_to_end(GameRecord.from_json(json.loads(match.record().to_line())))
        assert again.state == match.state


def test_a_what_if_game_records_its_board_and_replays(tmp_path: Path) -> None:
    path = tmp_path / "cheaper.json"
    path.write_text(CHEAPER)
    game = make("esport-monopoly", 4, data=str(path))
    assert json.loads(str(game.options["data"])) == json.loads(CHEAPER)
    match: Match[Any, Any, Any] = Match(game, 7, ("greedy",) * 4)
    bots = [make_bot("greedy", game, s, SeededRng(s)) for s in range(4)]
    while not match.is_over() and len(match.steps) < 600:
        seat = match.to_act()[0]
        match.play(bots[seat].choose(match.view(seat), match.legal_actions(seat)))
    path.unlink()
    record = match.record()
    again = replay_to_end(GameRecord.from_json(json.loads(record.to_line())))
    assert again.state == match.state
    assert again.game.board.price[GRAND_FINAL] == 300  # type: ignore[attr-defined]


def test_a_bad_board_changes_nothing_and_other_games_keep_theirs() -> None:
    with pytest.raises(OptionError, match=r"board\.json squares\.39\.price"):
        make("esport-monopoly", 2, data='{"board.json": {"squares": {"39": {"price": -1}}}}')
    cheaper = new_game(2, data=CHEAPER)
    built_in = new_game(2)
    assert built_in.board is BOARD or built_in.board == BOARD
    assert cheaper.rules.board.price[GRAND_FINAL] == 300
    assert built_in.rules.board.price[GRAND_FINAL] == 400


def test_the_search_evaluation_and_statistics_read_the_games_board() -> None:
    """Dearer rents on the dark blues raise their owner's evaluated prospects; statistics name
    the squares by the board's names."""
    patch = {
        "board.json": {
            "squares": {
                "37": {"name": "Mayfair Major", "rents": [70, 350, 1000, 2200, 2600, 3000]},
                "39": {"rents": [100, 400, 1200, 2800, 3400, 4000]},
            }
        }
    }
    dearer = new_game(2, data=json.dumps(patch))
    built_in = new_game(2)
    shares = []
    for game in (built_in, dearer):
        state = position(game, owner={37: 0, 39: 0}, cash=[1000, 1000])
        evaluation = game.evaluate(state)
        assert evaluation is not None
        shares.append(evaluation[0])
    assert shares[1] > shares[0] > 0.5
    stats = dearer.statistics(position(dearer))
    assert "rent: Mayfair Major" in stats and "rent: World Championship" not in stats
