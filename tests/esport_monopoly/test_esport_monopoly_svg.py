"""The picture (issue 12): every view draws as well-formed SVG, every legal move's click targets
are drawn in the mover's picture, and a picture shows nothing a seat may not know."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from typing import Any

import pytest

from tycoon.core import Action, AmountRange, Match, SeededRng, sample_choice
from tycoon.games.esport_monopoly import actions as A
from tycoon.games.esport_monopoly.board import BOARD
from tycoon.games.esport_monopoly.state import Auction, Buy, Deal, State

from .helpers import new_game, position

B = BOARD
# Moves that concern something drawn: each must name at least one target.
TARGETED = (
    A.Roll,
    A.PayFine,
    A.UseCard,
    A.Claim,
    A.Build,
    A.Sell,
    A.SellAll,
    A.Mortgage,
    A.Lift,
    A.BuyDeed,
    A.Decline,
    A.Bid,
    A.OpenDeal,
    A.Give,
    A.Take,
    A.GiveCard,
    A.TakeCard,
    A.Cash,
    A.Offer,
    A.Drop,
    A.Accept,
    A.Reject,
    A.Repay,
    A.TakeChance,
)


def targets_of(picture: str) -> set[str]:
    root = ET.fromstring(picture)
    return {key for e in root.iter() if (key := e.get("data-target")) is not None}


def concrete(choice: Any) -> Action:
    action: Action = choice.action(choice.low) if isinstance(choice, AmountRange) else choice
    return action


def check_pictures(game: Any, state: State, seen: Counter[str]) -> None:
    pictures = {}
    for viewer in (*range(game.players), None):
        picture = game.render_svg(game.observe(state, viewer))
        assert picture is not None
        pictures[viewer] = targets_of(picture)  # parses as XML
    for seat in range(game.players):
        for choice in game.legal_actions(state, seat):
            action = concrete(choice)
            keys = game.move_targets(action)
            if isinstance(action, TARGETED):
                assert keys, f"{game.format_action(action)} has no click target"
            assert set(keys) <= pictures[seat], (
                f"{game.format_action(action)}: {set(keys) - pictures[seat]} not drawn"
            )
            if keys:
                seen[type(action).__name__] += 1


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [
        (2, 1, {}),
        (4, 2, {"window": "everyone"}),
        (6, 3, {"deck": "classic", "free-parking": True}),
        (8, 4, {"ask-rent": True, "starting-cash": 300}),
    ],
)
def test_random_games_draw_every_target(players: int, seed: int, options: dict[str, Any]) -> None:
    game = new_game(players, **{"turn-cap": 150, **options})
    match = Match(game, seed)
    rng = SeededRng(seed)
    seen: Counter[str] = Counter()
    steps = 0
    while not match.is_over() and steps < 600:
        if steps % 10 == 0:
            check_pictures(game, match.state, seen)
        to_act = match.to_act()
        seat = to_act[rng.below(len(to_act))]
        match.play(sample_choice(match.legal_actions(seat), rng))
        steps += 1
    check_pictures(game, match.state, seen)  # the final picture too
    # The games went through the kinds of move that point at the board.
    assert {"Roll", "Mortgage", "OpenDeal"} <= set(seen), seen


def test_positions_with_offers_auctions_and_deals_draw_their_targets() -> None:
    game = new_game(3)
    seen: Counter[str] = Counter()
    owner = {1: 0, 3: 0, 6: 1, 8: 1, 9: 1}
    for frame in (
        Buy(39),
        Auction(lot=39, high=20, leader=1, order=(0, 1, 2), at=0),
        Deal(0, 1, give=(1,), take=(6,), cash=-40),
        Deal(0, 1, give=(1,), cash=40, sent=True),
    ):
        state = position(game, owner=owner, cards=[1, 2, 0], stack=(frame,))
        check_pictures(game, state, seen)
    assert {"BuyDeed", "Decline", "Bid", "Give", "Take", "Cash", "Offer", "Accept"} <= set(seen)
    assert {"GiveCard", "TakeCard"} <= set(seen)


def test_targets_name_squares_groups_and_panels() -> None:
    game = new_game(4)
    assert game.move_targets(A.Build(0, 39)) == ("square:39",)
    assert game.move_targets(A.SellAll(0, 37)) == ("square:37", "square:39")
    assert game.move_targets(A.Roll(1)) == ("dice",)
    assert game.move_targets(A.PayFine(1)) == ("square:10",)
    assert game.move_targets(A.OpenDeal(0, 2)) == ("seat:3",)
    assert game.move_targets(A.TakeCard(0, "mail")) == ("jailcard:mail",)
    for button in (A.Wait(0), A.Skip(0), A.OpenManage(0), A.Back(0), A.Pass(0), A.Keep(0)):
        assert game.move_targets(button) == ()


def test_the_picture_shows_owners_buildings_mortgages_and_tokens() -> None:
    game = new_game(3)
    state = position(
        game, owner={1: 1, 3: 1, 5: 2}, level={1: 2, 3: 5}, mortgaged=[5], at=[0, 3, 5]
    )
    picture = game.render_svg(game.observe(state, 0))
    assert picture is not None
    root = ET.fromstring(picture)
    ns = "{http://www.w3.org/2000/svg}"

    def words(key: str) -> list[str]:
        square = next(e for e in root.iter() if e.get("data-target") == key)
        return [e.text or "" for e in square.iter(f"{ns}text")]

    assert "P2" in words("square:3") and "ARENA" in words("square:3")
    assert "P3" in words("square:5") and "MORT" in words("square:5")
    stands = [
        e
        for e in next(e for e in root.iter() if e.get("data-target") == "square:1").iter(
            f"{ns}rect"
        )
        if e.get("width") == "8"
    ]
    assert len(stands) == 2
    assert "Seat 1 (you)" in picture
    assert "0 deeds · worth" in picture and "1 deed · worth" in picture  # seat 1, seat 3
    # Tokens: a disc per seat with its number, in the seat's colour.
    assert picture.count('fill="#56B4E9"') >= 2  # seat 2: its tags on 1 and 3, its token


def test_the_spectator_and_a_finished_game_draw() -> None:
    game = new_game(2, **{"turn-cap": 4})
    match = Match(game, 5)
    rng = SeededRng(5)
    while not match.is_over():
        seat = match.to_act()[0]
        match.play(sample_choice(match.legal_actions(seat), rng))
    picture = game.render_svg(game.observe(match.state, None))
    assert picture is not None
    assert "The game is over." in picture
    assert "spectator" in ET.fromstring(picture).get("aria-label", "")


def test_the_hidden_card_order_does_not_change_any_picture() -> None:
    game = new_game(4)
    match = Match(game, 11)
    rng = SeededRng(11)
    for _ in range(120):
        seat = match.to_act()[0]
        match.play(sample_choice(match.legal_actions(seat), rng))
    state = match.state
    other = State(state.table, tuple(reversed(state.chance)), tuple(reversed(state.mail)))
    assert other != state
    for viewer in (*range(game.players), None):
        assert game.render_svg(game.observe(state, viewer)) == game.render_svg(
            game.observe(other, viewer)
        )
    # No card of either pile is written in a picture (only how many there are).
    picture = game.render_svg(game.observe(state, 0))
    assert picture is not None
    for deck in game.decks:
        for card in deck:
            assert card.text not in picture


def test_the_squares_of_the_decision_in_progress_are_outlined() -> None:
    game = new_game(3)
    owner = {1: 0, 3: 0, 6: 1, 8: 1, 9: 1}
    for frame, count in (
        (Buy(39), 1),
        (Auction(lot=39, high=0, leader=-1, order=(0, 1, 2), at=0), 1),
        (Deal(0, 1, give=(1, 3), take=(6,)), 3),
        (Auction(lot=6, high=0, leader=-1, order=(0, 1), at=0, building=1, requester=0), 0),
    ):
        state = position(game, owner=owner, stack=(frame,))
        picture = game.render_svg(game.observe(state, 2))
        assert picture is not None
        assert picture.count('stroke-dasharray="6 3"') == count
