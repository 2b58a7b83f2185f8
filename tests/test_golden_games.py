"""Seeded bot games of every game play exactly as recorded in ``golden_games.json``.

The fixture was written before the speed work on the hot paths (issue 16); any change to a
transition, a view, a bot, the play loop or the rng that alters a single action, chance outcome or
score fails here, naming the configuration and the game. See ``golden_games.py`` to rewrite it
after an intended rules change (one that bumps the game's version).
"""

from __future__ import annotations

import json

import pytest
from golden_games import CONFIGS, FIXTURE, GAMES, Config, fingerprint, versions

RECORDED = json.loads(FIXTURE.read_text())


def test_the_fixture_covers_every_configuration() -> None:
    assert sorted(RECORDED["games"]) == sorted(config.key for config in CONFIGS)
    assert all(len(digests) == GAMES for digests in RECORDED["games"].values())


@pytest.mark.parametrize("config", CONFIGS, ids=[config.key for config in CONFIGS])
def test_seeded_games_play_as_recorded(config: Config) -> None:
    version = versions()[config.game]
    recorded_version = RECORDED["versions"][config.game]
    assert version == recorded_version, (
        f"{config.game} is at version {version}, the fixture was recorded at "
        f"{recorded_version}: check the rules change, then run python tests/golden_games.py "
        "--update"
    )
    played = [fingerprint(config, index) for index in range(GAMES)]
    recorded = RECORDED["games"][config.key]
    different = [i for i, (a, b) in enumerate(zip(played, recorded, strict=True)) if a != b]
    assert not different, f"{config.key}: games {different} no longer play as recorded"
