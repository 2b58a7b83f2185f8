"""Positions built by hand for the Water Rights tests."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path
from typing import Any

from tycoon.core import Action, IllegalActionError, Rng, ScriptedRng, SeededRng, make
from tycoon.games.water_rights.catalogue import CELL_INDEX, DATA, JUNIOR, KING, RIPARIAN, SENIOR
from tycoon.games.water_rights.game import WaterRights
from tycoon.games.water_rights.state import EMPTY, State, Town, Turn

__all__ = [
    "JUNIOR",
    "KING",
    "RIPARIAN",
    "SENIOR",
    "at",
    "build_tile",
    "data_variant",
    "fresh",
    "game4",
    "mayor_turn",
    "play",
    "refused",
    "town",
    "with_town",
]


def game4(**options: Any) -> WaterRights:
    game = make("water-rights", 4, **options)
    assert isinstance(game, WaterRights)
    return game


def data_variant(directory: Path, economy: dict[str, Any]) -> str:
    """A copy of the tuned data in ``directory`` with top-level economy.json keys changed."""
    for source in DATA.glob("*.json"):
        shutil.copy(source, directory / source.name)
    data = json.loads((DATA / "economy.json").read_text())
    data.update(economy)
    (directory / "economy.json").write_text(json.dumps(data))
    return str(directory)


def fresh(game: WaterRights | None = None, seed: int = 0) -> tuple[WaterRights, State]:
    game = game or game4()
    return game, game.initial_state(SeededRng(seed))


def at(cell: str) -> int:
    return CELL_INDEX[cell]


def town(state: State, role: int) -> Town:
    return state.towns[role - 1]


def with_town(state: State, role: int, new: Town) -> State:
    towns = list(state.towns)
    towns[role - 1] = new
    return replace(state, towns=tuple(towns))


def build_tile(
    game: WaterRights, t: Town, name: str, cell: str, water: int = 0, paid: int = 0
) -> Town:
    """``t`` with card ``name`` standing on ``cell`` (placement rules not checked)."""
    rules = game.rules
    kind = rules.kinds[rules.by_name[name]]
    i = at(cell)
    bit = 1 << i
    cells = list(t.cells)
    cells[i] = kind.id
    waters = list(t.water)
    waters[i] = water
    paids = list(t.paid)
    paids[i] = paid
    return replace(
        t,
        cells=tuple(cells),
        water=tuple(waters),
        paid=tuple(paids),
        occupied=t.occupied | bit,
        farms=t.farms | (bit if kind.placement == "farmland" else 0),
        plants=t.plants | (bit if kind.is_plant else 0),
        docks=t.docks | (bit if kind.placement == "dock" else 0),
    )


def mayor_turn(
    state: State, role: int, phase: int, turn: Turn | None = None, **town_changes: Any
) -> State:
    """``state`` with ``role`` to act in ``phase``, its town changed by ``town_changes``."""
    new = replace(town(state, role), **town_changes)
    state = with_town(state, role, new)
    return replace(state, active=role, phase=phase, turn=turn or Turn(), news=())


def play(game: WaterRights, state: State, text: str, rng: Rng | None = None) -> State:
    """Apply the move written ``text`` by the seat to act (checked)."""
    seat = game.to_act(state)[0]
    action = game.parse_action(text, seat)
    new, _ = game.apply(state, action, rng or SeededRng(0))
    return new


def refused(game: WaterRights, state: State, text: str) -> str:
    """The reason the move ``text`` is refused; the state must be unchanged."""
    seat = game.to_act(state)[0]
    action: Action = game.parse_action(text, seat)
    before = state
    try:
        game.apply(state, action, ScriptedRng([]))
    except IllegalActionError as error:
        assert state == before
        return error.reason
    raise AssertionError(f"{text!r} was accepted")


EMPTY_CELL = EMPTY
