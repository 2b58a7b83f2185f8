"""The Estates' picture: drawn from a view, well-formed, moves pointing at drawn elements, and
other seats' money and cash boxes never shown."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace
from typing import Any

import pytest
from svg_helpers import concrete, picture_of, targets, texts

from tycoon.core import Match, SeededRng, sample_choice
from tycoon.games.estates.actions import (
    Auction,
    Bid,
    Buy,
    Cancel,
    Discard,
    Pass,
    Place,
    Sell,
    Stow,
)

from .helpers import make_board, make_state, new_game

SVG = "{http://www.w3.org/2000/svg}"


def words(element: ET.Element) -> str:
    return " | ".join(texts(element))


POINTED = (Auction, Bid, Sell, Buy, Place, Cancel, Stow)


@pytest.mark.parametrize(
    ("players", "options", "seed"),
    [(2, {}, 1), (3, {"rounds": 2}, 2), (4, {}, 3), (5, {"open-money": True}, 4)],
)
def test_every_picture_parses_and_every_move_points_at_drawn_elements(
    players: int, options: dict[str, Any], seed: int
) -> None:
    game = new_game(players, **options)
    match = Match(game, seed)
    rng = SeededRng(seed)
    kinds: set[str] = set()
    step = 0
    while not match.is_over():
        state = match.state
        seat = match.to_act()[0]
        legal = game.legal_actions(state, seat)
        step += 1
        if step % 3:
            match.play(sample_choice(legal, rng))
            continue
        if step % 15 == 0:
            for viewer in (*range(players), None):
                picture_of(game, game.observe(state, viewer))
        drawn = targets(picture_of(game, game.observe(state, seat)))
        for choice in legal:
            action = concrete(choice)
            keys = game.move_targets(action)
            if isinstance(action, Pass | Discard):
                assert keys == ()
                continue
            assert isinstance(action, POINTED) and keys, f"{action} points at nothing"
            kinds.add(type(action).__name__)
            missing = [key for key in keys if key not in drawn]
            assert not missing, f"{game.format_action(action)}: {missing} not drawn"
        match.play(sample_choice(legal, rng))
    for viewer in (*range(players), None):
        picture_of(game, game.observe(match.state, viewer))
    assert {"Auction", "Bid", "Sell", "Place", "Stow"} <= kinds


def test_each_kind_of_move_names_its_element() -> None:
    game = new_game()
    assert game.move_targets(Auction(0, "B5")) == ("piece:B5",)
    assert game.move_targets(Auction(0, "barrier2")) == ("piece:barrier2",)
    assert game.move_targets(Place(1, 0, 3)) == ("lot:U3",)
    assert game.move_targets(Place(1, 2, 0)) == ("street:L",)
    assert game.move_targets(Cancel(2, 1)) == ("barrier:1",)
    assert game.move_targets(Stow(3)) == ("box:4",)
    assert game.move_targets(Bid(1, 5)) == ("auction",)
    assert game.move_targets(Buy(0)) == game.move_targets(Sell(0)) == ("auction",)
    assert game.move_targets(Pass(1)) == game.move_targets(Discard(1)) == ()


def test_the_cancel_cube_and_the_mayor_point_at_the_board() -> None:
    game = new_game(3)
    board = make_board(rows={"U": "B5 G3"}, barriers={2: "M+"}, certificates={"B": 0, "G": 1})
    cancel = make_state(game, board=board, phase="place", piece_code="cancel", holder=1)
    drawn = targets(picture_of(game, game.observe(cancel, 1)))
    legal = game.legal_actions(cancel, 1)
    assert Cancel(1, 2) in legal
    assert "barrier:2" in drawn and "barrier 2 lengthens" in (
        drawn["barrier:2"].findtext(f"{SVG}title") or ""
    )
    mayor = make_state(game, board=board, phase="place", piece_code="mayor", holder=2)
    drawn = targets(picture_of(game, game.observe(mayor, 2)))
    for row in "UML":
        assert Place(2, "UML".index(row), 0) in game.legal_actions(mayor, 2)
        assert f"street:{row}" in drawn


def test_the_board_shows_stacks_roofs_owners_and_the_mayor() -> None:
    game = new_game(2)
    board = make_board(rows={"U": "B5.Y3^4 G2"}, mayor="U", certificates={"B": 0, "Y": 1, "G": 1})
    state = make_state(game, board=board)
    root = picture_of(game, game.observe(state, None))
    drawn = targets(root)
    assert words(drawn["lot:U1"]) == "B5 | Y3 | 4"
    assert "Y3 on B5 under rooftop 4" in (drawn["lot:U1"].findtext(f"{SVG}title") or "")
    assert words(drawn["lot:U2"]) == "G2"
    assert "Mayor" in words(drawn["street:U"]) and "Mayor" not in words(drawn["street:M"])
    assert "piece:mayor" not in drawn and "piece:barrier1" in drawn
    # The certificates and the seats carry their seat's number as well as its colour.
    assert "Yellow | 2" in words(root) and "Blue | 1" in words(root)


def test_other_seats_money_and_cash_boxes_never_show() -> None:
    game = new_game(4)
    state = make_state(game, money=[3, 27, 31, 19], box=[1, 13, 17, 11])
    mine = game.render_svg(game.observe(state, 0))
    assert mine is not None
    assert "$3M in hand" in mine and "box 1" in mine
    for secret in ("$27M", "$31M", "$19M", "box 13", "box 17", "box 11"):
        assert secret not in mine
    assert mine.count("money secret") == 3
    # Other seats' hidden figures, redistributed, leave seat 0's picture unchanged.
    other = replace(state, money=(3, 40, 12, 5), box=(1, 0, 2, 30))
    assert game.render_svg(game.observe(other, 0)) == mine
    spectator = game.render_svg(game.observe(state, None))
    assert spectator is not None and spectator.count("money secret") == 4
    assert game.render_svg(game.observe(other, None)) == spectator
    # With open money everyone's figures are shown.
    shown = new_game(4, **{"open-money": True})
    opened = shown.render_svg(shown.observe(make_state(shown, money=[3, 27, 31, 19]), 0))
    assert opened is not None and "$27M in hand" in opened


def test_an_empty_supply_says_so() -> None:
    game = new_game(2)
    board = make_board(barriers={1: "U-", 2: "M+", 3: "L+"}, mayor="M", cancel_used=True)
    state = make_state(game, board=board, roofs_left=[])
    text = words(picture_of(game, game.observe(state, 0)))
    assert "In supply | nothing" in text


def test_the_heading_and_the_auction_under_way() -> None:
    game = new_game(3)
    state = make_state(game, phase="bid", auctioneer=0, piece_code="B5", bids=[4])
    root = picture_of(game, game.observe(state, 2))
    text = words(root)
    assert "Auction of the Blue 5 floor cube: Seat 3 (you) to bid or pass" in text
    auction = targets(root)["auction"]
    assert "Seat 2 bid $4M" in words(auction)
