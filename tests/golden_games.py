"""Recorded games: a fingerprint of seeded bot games of every game, committed as a fixture.

A hot-path change (a faster transition, a cheaper view, a bot that skips work, a new play loop,
an rng that draws faster) must not change a single game. Each configuration below plays a few
seeded games through the simulator (``tycoon.sim.runner.play_match``: views, legal actions, bot
choices, checked moves, records) and keeps the SHA-256 of what was played: the record's set-up
draws, steps (every action in notation, every chance outcome) and outcome, and the statistics.
``golden_games.json`` holds digests that the code before the speed work produced;
``test_golden_games.py`` plays the games again and compares, game by game.

A rules change that bumps a game's ``version`` changes its games on purpose: check the change,
then write the fixture again::

    python tests/golden_games.py --update
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

FIXTURE = Path(__file__).with_name("golden_games.json")
GAMES = 6  # seeded games per configuration
SEED = 16


@dataclass(frozen=True)
class Config:
    """One configuration: a game, its options and the seat codes (one per player)."""

    game: str
    seats: tuple[str, ...]
    options: tuple[tuple[str, Any], ...] = ()

    @property
    def key(self) -> str:
        options = ",".join(f"{name}={value}" for name, value in self.options)
        return f"{self.game} [{options}] {','.join(self.seats)}"


def _configs() -> list[Config]:
    greedy4 = ("greedy",) * 4
    noisy4 = ("greedy:noise=0.2", "random", "random", "random")
    configs = [
        Config(game, seats)
        for game in ("esport-monopoly", "estates", "milton-keynes", "my-city", "water-rights")
        for seats in (greedy4, noisy4)
    ]
    # Esport Monopoly's fast paths branch on these options: each gets its own games.
    monopoly = "esport-monopoly"
    configs += [
        Config(monopoly, ("greedy", "greedy")),
        Config(monopoly, ("greedy",) * 6),
        Config(monopoly, greedy4, (("ask-rent", True),)),
        Config(monopoly, greedy4, (("free-parking", True),)),
        Config(monopoly, greedy4, (("deck", "classic"),)),
        Config(monopoly, greedy4, (("window", "everyone"),)),
        Config(monopoly, greedy4, (("window", "none"), ("first-player", "seat1"))),
        Config(monopoly, ("greedy:deals=0", "greedy:reserve=400", "random"), (("turn-cap", 60),)),
    ]
    return configs


CONFIGS = _configs()


def fingerprint(config: Config, index: int) -> str:
    """The digest of game ``index`` of ``config``: its record line and its statistics."""
    from tycoon.core import derive_seed, make
    from tycoon.sim.runner import make_bots, play_match

    game = make(config.game, len(config.seats), **dict(config.options))
    seed = derive_seed(SEED, index)
    match = play_match(game, make_bots(game, config.seats, seed), seed, config.seats)
    # The play only (set-up draws, every step, the outcome, the statistics), not the options or
    # version the record also carries: an option added with a default changes no game.
    record = match.record().to_json()
    played = {key: record[key] for key in ("setup", "steps", "outcome")}
    played["statistics"] = game.statistics(match.state)
    content = json.dumps(played, sort_keys=True)
    return hashlib.sha256(content.encode()).hexdigest()[:20]


def versions() -> dict[str, str]:
    import tycoon

    played = {config.game for config in CONFIGS}
    return {spec.name: spec.version for spec in tycoon.game_specs() if spec.name in played}


def compute() -> dict[str, Any]:
    return {
        "versions": versions(),
        "games": {config.key: [fingerprint(config, i) for i in range(GAMES)] for config in CONFIGS},
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--update", action="store_true", help="write the fixture")
    args = parser.parse_args(argv)
    data = compute()
    text = json.dumps(data, indent=1, sort_keys=True) + "\n"
    if args.update:
        FIXTURE.write_text(text)
        sys.stdout.write(f"wrote {FIXTURE}\n")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    raise SystemExit(main(sys.argv[1:]))
