"""The registry of games: ``make("my-city", players=4, parks=True)``.

Games register themselves with :func:`register` when their package is imported; the ``tycoon``
package imports every built-in game, and tests may register small games of their own.
"""

from __future__ import annotations

from typing import Any

from tycoon.core.errors import UnknownGameError
from tycoon.core.game import Game
from tycoon.core.spec import GameSpec, normalise_name

_GAMES: dict[str, type[Game[Any, Any, Any]]] = {}
_NAMES: dict[str, str] = {}


def register(cls: type[Game[Any, Any, Any]]) -> type[Game[Any, Any, Any]]:
    """Register a game class under its spec's name and aliases (usable as a decorator)."""
    spec = cls.spec
    for name in (spec.name, *spec.aliases):
        key = normalise_name(name)
        owner = _NAMES.get(key)
        if owner is not None and owner != spec.name:
            raise ValueError(f"the game name {name!r} is taken by {owner}")
        _NAMES[key] = spec.name
    _GAMES[spec.name] = cls
    return cls


def unregister(name: str) -> None:
    """Remove a game (tests register temporary games and take them away again)."""
    spec = game_class(name).spec
    for alias in (spec.name, *spec.aliases):
        _NAMES.pop(normalise_name(alias), None)
    _GAMES.pop(spec.name, None)


def game_class(name: str) -> type[Game[Any, Any, Any]]:
    key = _NAMES.get(normalise_name(name))
    if key is None:
        known = ", ".join(sorted(_GAMES)) or "none"
        raise UnknownGameError(f"unknown game {name!r} (known games: {known})")
    return _GAMES[key]


def get_spec(name: str) -> GameSpec:
    return game_class(name).spec


def make(name: str, /, players: int | None = None, **options: Any) -> Game[Any, Any, Any]:
    """A configured game: ``players`` defaults to the game's usual count (``name`` is
    positional, so that an option called ``name`` is an option)."""
    return game_class(name)(players, options)


def game_specs() -> list[GameSpec]:
    """Every registered game's spec, by name."""
    return [_GAMES[name].spec for name in sorted(_GAMES)]
