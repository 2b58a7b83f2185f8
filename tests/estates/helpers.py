"""Building Estates positions by hand, from a small notation, and playing moves in notation.

A row is written lot by lot from Main Street, lots separated by spaces, each lot its cubes from
the bottom up joined by ``.`` and an optional ``^n`` rooftop: ``"B5.Y3^4 G2 R1"`` is a building
of Blue 5 under Yellow 3 with rooftop 4, then Green 2, then Red 1 (no rooftops).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

import pytest

from tycoon.core import IllegalActionError, Rng, ScriptedRng, make
from tycoon.games.estates.components import (
    COLOURS,
    IN_SUPPLY,
    LOTS,
    NO_PIECE,
    NUM_ROWS,
    PIECE_BY_CODE,
    REMOVED,
    ROWS,
    VALUES,
)
from tycoon.games.estates.game import Estates
from tycoon.games.estates.rules import empty_board
from tycoon.games.estates.state import PHASE_NAMES, Board, EstatesState

ROW = {row.letter: index for index, row in enumerate(ROWS)}
COLOUR = {colour.letter: index for index, colour in enumerate(COLOURS)}


def new_game(players: int = 4, **options: Any) -> Estates:
    game = make("estates", players, **options)
    assert isinstance(game, Estates)
    return game


def cube(code: str) -> int:
    """``"B5"`` → the Blue 5 cube's number."""
    return COLOUR[code[0]] * VALUES + int(code[1:]) - 1


def make_board(
    rows: Mapping[str, str] | None = None,
    lengths: Mapping[str, int] | None = None,
    barriers: Mapping[int, str] | None = None,
    mayor: str | None = None,
    cancel_used: bool = False,
    certificates: Mapping[str, int] | None = None,
    removed: Sequence[int] = (),
) -> Board:
    """A board from notation. ``barriers`` maps a barrier value to ``"U-"`` (shortens the
    upper row) or ``"M+"`` (lengthens the middle row); ``lengths`` defaults to 4 plus the
    barriers' signed values; ``certificates`` maps a colour letter to a seat (default: nobody)."""
    board = empty_board()
    stacks = list(board.stacks)
    roofs = list(board.roofs)
    built = [0] * NUM_ROWS
    for letter, text in (rows or {}).items():
        row = ROW[letter]
        for lot, token in enumerate(text.split()):
            cubes_text, _, roof = token.partition("^")
            stacks[row * LOTS + lot] = tuple(cube(c) for c in cubes_text.split("."))
            roofs[row * LOTS + lot] = int(roof) if roof else 0
            built[row] = lot + 1
    barrier_codes = list(board.barriers)
    row_lengths = list(board.lengths)
    for value, where in (barriers or {}).items():
        row = ROW[where[0]]
        lengthens = where[1] == "+"
        barrier_codes[value - 1] = row * 2 + (1 if lengthens else 0)
        row_lengths[row] += value if lengthens else -value
    for value in removed:
        barrier_codes[value - 1] = REMOVED
    for letter, length in (lengths or {}).items():
        row_lengths[ROW[letter]] = length
    owners = [-1] * len(COLOURS)
    for letter, seat in (certificates or {}).items():
        owners[COLOUR[letter]] = seat
    return Board(
        stacks=tuple(stacks),
        roofs=tuple(roofs),
        lengths=tuple(row_lengths),
        built=tuple(built),
        barriers=tuple(barrier_codes),
        mayor=ROW[mayor] if mayor else IN_SUPPLY,
        cancel=REMOVED if cancel_used else IN_SUPPLY,
        certificates=tuple(owners),
    )


def piece(code: str) -> int:
    return PIECE_BY_CODE[code.lower().replace(" ", "")]


def make_state(
    game: Estates,
    board: Board | None = None,
    offer: Sequence[str] | None = None,
    money: Sequence[int] | None = None,
    box: Sequence[int] | None = None,
    phase: str = "choose",
    auctioneer: int = 0,
    piece_code: str | None = None,
    roof_value: int = 0,
    bids: Sequence[int] = (),
    holder: int = -1,
    roofs_left: Sequence[int] | None = None,
    stowed: bool = False,
) -> EstatesState:
    """A position: the initial state of ``game`` (cubes 0..23 in order, seat 0 first) with the
    given parts replaced. ``offer`` holds three strings of cube codes, e.g. ``"B5 Y3 G2"``."""
    base = game.initial_state(ScriptedRng([0] * 24 + [0]))
    n = game.players
    changes: dict[str, Any] = {
        "phase": PHASE_NAMES.index(phase),
        "auctioneer": auctioneer,
        "start_seat": auctioneer,
        "stowed": stowed,
        "piece": piece(piece_code) if piece_code else NO_PIECE,
        "roof_value": roof_value,
        "bids": tuple(bids),
        "holder": holder,
    }
    if board is not None:
        changes["board"] = board
    if offer is not None:
        changes["offer"] = tuple(tuple(cube(c) for c in row.split()) for row in offer)
    if money is not None:
        assert len(money) == n
        changes["money"] = tuple(money)
    if box is not None:
        changes["box"] = tuple(box)
    if roofs_left is not None:
        changes["roofs_left"] = tuple(sorted(roofs_left))
    # The public record of auction payments, as the cheques now held imply.
    held = zip(changes.get("money", base.money), changes.get("box", base.box), strict=True)
    changes["paid"] = tuple(m + b - game.starting_money for m, b in held)
    return replace(base, **changes)


def play(
    game: Estates, state: EstatesState, text: str, seat: int | None = None, rng: Rng | None = None
) -> EstatesState:
    """Play ``text`` (checked) for ``seat`` (default: the seat to act)."""
    if seat is None:
        seat = game.to_act(state)[0]
    action = game.parse_action(text, seat)
    new_state, _ = game.apply(state, action, rng or ScriptedRng([]))
    return new_state


def play_all(game: Estates, state: EstatesState, *texts: str) -> EstatesState:
    for text in texts:
        state = play(game, state, text)
    return state


def refuse(game: Estates, state: EstatesState, text: str, seat: int | None = None) -> str:
    """Assert that ``text`` is refused as illegal, the state untouched; return the reason."""
    if seat is None:
        seat = game.to_act(state)[0]
    snapshot = copy.deepcopy(state)
    action = game.parse_action(text, seat)
    with pytest.raises(IllegalActionError) as caught:
        game.apply(state, action, ScriptedRng([]))
    assert state == snapshot
    return caught.value.reason


def legal_texts(game: Estates, state: EstatesState, seat: int | None = None) -> list[str]:
    from tycoon.core import AmountRange

    if seat is None:
        seat = game.to_act(state)[0]
    texts = []
    for choice in game.legal_actions(state, seat):
        if isinstance(choice, AmountRange):
            texts.append(f"bid {choice.low}..{choice.high}")
        else:
            texts.append(game.format_action(choice))
    return texts
