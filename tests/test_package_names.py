"""Public names never hide a package: ``import tycoon.games.<game>.<module> as m`` works."""

from __future__ import annotations

import types

import tycoon
import tycoon.core


def test_a_games_module_imports_with_as() -> None:
    import tycoon.games.milton_keynes.scoring as m

    assert isinstance(m, types.ModuleType)
    assert m.__name__ == "tycoon.games.milton_keynes.scoring"
    assert isinstance(tycoon.games, types.ModuleType)


def test_game_specs_lists_the_registered_games() -> None:
    names = [spec.name for spec in tycoon.game_specs()]
    assert names == sorted(names)
    assert {"estates", "milton-keynes", "my-city", "water-rights"} <= set(names)
    assert tycoon.core.game_specs() == tycoon.game_specs()
