"""Every game's observation layout and action table are pinned to its encoding's ``layout``
number: changing the slices (their names, order or sizes) or the action labels at any player
count or option fails here until the encoding bumps ``layout`` and the fingerprint below is
updated (and ``docs/rl.md`` regenerated), so that an environment's name tells a policy trained
on the old layout that this is another. (A change to what a slice's numbers mean that keeps its
name and size is a layout change too, which no fingerprint can see: bump it by hand.)"""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

pytest.importorskip("pettingzoo")

import tycoon
from tycoon.core import OptionError, make
from tycoon.rl import env, gym_env, parallel_env

# game -> (layout, fingerprint of every player count's and every option's layout)
LAYOUTS = {
    "esport-monopoly": (1, "eb02252edf6f7f4a"),
    "estates": (1, "c5486a4f042e85bf"),
    "milton-keynes": (2, "ccba075e6e19abdd"),
    "my-city": (1, "e0a6d24f401f05ab"),
    "water-rights": (1, "07e399b82249cd57"),
}


def configurations(name: str) -> list[dict[str, Any]]:
    """Every player count with the default options, then each option flipped (or each other
    choice of it) at the usual player count."""
    spec = make(name).spec
    found: list[dict[str, Any]] = [
        {"players": players} for players in range(spec.min_players, spec.max_players + 1)
    ]
    for option in spec.options:
        if isinstance(option.default, bool):
            values: list[Any] = [not option.default]
        elif option.choices:
            values = [choice for choice in option.choices if choice != option.default]
        else:
            continue
        for value in values:
            try:
                make(name, **{option.name: value})
            except OptionError:
                continue
            found.append({option.name: value})
    return found


def fingerprint(name: str) -> str:
    digest = hashlib.sha256()
    for options in configurations(name):
        players = options.pop("players", None)
        encoding = make(name, players, **options).encoding()
        digest.update(repr((players, sorted(options.items()))).encode())
        digest.update(repr([(part.name, part.size) for part in encoding.slices]).encode())
        digest.update(repr(encoding.labels).encode())
    return digest.hexdigest()[:16]


def real_games() -> list[str]:
    return [
        spec.name
        for spec in tycoon.game_specs()
        if type(make(spec.name)).__module__.startswith("tycoon.games.")
    ]


def test_every_game_has_a_pinned_layout() -> None:
    assert sorted(real_games()) == sorted(LAYOUTS)


@pytest.mark.parametrize("name", sorted(LAYOUTS))
def test_a_layout_changes_only_with_its_number(name: str) -> None:
    layout, expected = LAYOUTS[name]
    assert make(name).encoding().layout == layout
    assert fingerprint(name) == expected, (
        f"{name}'s observation slices or action table changed: bump its encoding's layout "
        f"(now {layout}), set the fingerprint here to {fingerprint(name)!r} and regenerate "
        "docs/rl.md"
    )


@pytest.mark.parametrize("name", sorted(LAYOUTS))
def test_the_environments_carry_the_rules_and_layout_versions(name: str) -> None:
    game = make(name)
    layout = game.encoding().layout
    expected = f"tycoon_{name.replace('-', '_')}_v{game.spec.version}_layout{layout}"
    for made in (env(name), parallel_env(name), gym_env(name)):
        assert made.metadata["name"] == expected
        assert made.metadata["layout"] == layout
        assert made.metadata["rules_version"] == game.spec.version
