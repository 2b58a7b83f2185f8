"""Positions built from notation, for tests, examples and analysis.

>>> game = make("my-city", players=2)
>>> state = build_position(game, {"e4": "Airport"}, {0: ["C4 e5"], 1: ["R3 d5"]})

Landmarks are given by name or code; zones as placements in the game's notation, per seat. The
same-type ban is not checked (so that a test can set up any position), but squares and counters
must be free. Random Zone Selection's draw, when in play, is given as counter names.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tycoon.core import Game
from tycoon.games.my_city.rules import MyCity
from tycoon.games.my_city.state import CityState, CityView, Place


def build_position(
    game: Game[Any, Any, Any],
    landmarks: Mapping[str, str],
    zones: Mapping[int, Sequence[str]] | None = None,
    *,
    to_move: int = 0,
    rezones_used: Sequence[int] | None = None,
    drawn: Sequence[str] = (),
    first: int = 0,
    turn: int | None = None,
) -> CityState:
    """The state with these landmarks and zones, ``to_move`` to act (or over, if the board is
    full or no one can place a counter)."""
    if not isinstance(game, MyCity):
        raise TypeError("build_position needs a My City game")
    tables = game.tables
    board = tables.board
    by_name = {}
    for index, landmark in enumerate(tables.cup):
        by_name[landmark.name.lower()] = index
        by_name[landmark.code.lower()] = index
    landmark_at = [-1] * board.squares
    for square_text, name in landmarks.items():
        square = board.index(square_text)
        if square is None:
            raise ValueError(f"no square {square_text!r}")
        found = by_name.get(name.lower())
        if found is None:
            raise ValueError(f"no landmark {name!r} in this game's cup")
        if found in landmark_at:
            raise ValueError(f"{name} is placed twice")
        landmark_at[square] = found
    zone_at = [-1] * board.squares
    supply = [tables.full_supply] * game.players
    moves = 0
    for seat, placements in (zones or {}).items():
        for text in placements:
            action = game.parse_action(text, seat)
            if not isinstance(action, Place):
                raise ValueError(f"{text!r} is not a placement")
            square = board.names.index(action.square)
            counter = tables.counter_ids[action.counter]
            if landmark_at[square] >= 0 or zone_at[square] >= 0:
                raise ValueError(f"{action.square} is not empty")
            if not supply[seat] >> counter & 1:
                raise ValueError(f"seat {seat} places {action.counter} twice")
            supply[seat] ^= 1 << counter
            zone_at[square] = seat * tables.counters + counter
            moves += 1
    view = CityView(
        seat=None,
        landmark_at=tuple(landmark_at),
        zone_at=tuple(zone_at),
        supply=tuple(supply),
        rezones_used=tuple(rezones_used or (0,) * game.players),
        to_move=to_move,
        drawn=tuple(tables.counter_ids[d.upper()] for d in drawn),
        first=first,
        opening_rolls=(),
        turn=moves if turn is None else turn,
        skips=(0,) * game.players,
        end="",
    )
    return game.settled(game.state_from_view(view))
