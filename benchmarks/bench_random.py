"""Throughput of every registered game on one core: games/s and steps/s.

By default each game plays seeded random playouts through the rules' fast path (``transition``
with uniformly sampled legal choices, as a search or an RL rollout does). ``--checked`` goes through
``Match.play`` instead (legality checks, notation, recording), as the simulator does. ``--seats``
plays bots (they see views, as in real play), e.g. ``--seats greedy,greedy,greedy,greedy``.

    python benchmarks/bench_random.py                    # every game, default player counts
    python benchmarks/bench_random.py --game my-city --players 4 --seconds 10
    python benchmarks/bench_random.py --game my-city --option map=hex --option slums=on
    python benchmarks/bench_random.py --cpu              # by this process's processor time

``--cpu`` times by the process's processor time instead of the wall clock, for a machine busy
with other work: time spent waiting for a core no longer counts, though work sharing the
caches still slows the figure a little, so a quiet machine's figures stay the reference.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import tycoon
from tycoon.core import Game, Match, SeededRng, derive_seed, make, sample_choice
from tycoon.core.players import Bot, make_bot


@dataclass
class Result:
    game: str
    players: int
    mode: str
    games: int
    steps: int
    seconds: float

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds

    @property
    def steps_per_second(self) -> float:
        return self.steps / self.seconds


def playout_fast(game: Game[Any, Any, Any], seed: int) -> int:
    rng = SeededRng(seed)
    state = game.initial_state(rng)
    steps = 0
    while True:
        to_act = game.to_act(state)
        if not to_act:
            return steps
        seat = to_act[0]
        action = sample_choice(game.legal_actions(state, seat), rng)
        state = game.transition(state, action, rng)
        steps += 1


def playout_checked(game: Game[Any, Any, Any], seed: int) -> int:
    match: Match[Any, Any, Any] = Match(game, seed)
    rng = SeededRng(seed + 1)
    while True:
        to_act = match.to_act()
        if not to_act:
            return len(match.steps)
        seat = to_act[0]
        match.play(sample_choice(match.legal_actions(seat), rng))


def playout_bots(game: Game[Any, Any, Any], seed: int, seats: list[str]) -> int:
    rng = SeededRng(seed)
    state = game.initial_state(rng)
    bots: list[Bot] = [
        make_bot(code, game, seat, SeededRng(derive_seed(seed, seat)))
        for seat, code in enumerate(seats)
    ]
    steps = 0
    while True:
        to_act = game.to_act(state)
        if not to_act:
            return steps
        seat = to_act[0]
        action = bots[seat].choose(game.observe(state, seat), game.legal_actions(state, seat))
        state = game.transition(state, action, rng)
        steps += 1


def run(
    name: str,
    options: dict[str, str],
    players: int | None,
    seconds: float,
    games: int | None,
    mode: str,
    seats: list[str] | None,
    seed: int,
    clock: Callable[[], float] = time.perf_counter,
) -> Result:
    game = make(name, players, **options)
    if seats is not None and len(seats) != game.players:
        raise SystemExit(f"--seats names {len(seats)} seats; {name} has {game.players}")
    played = steps = 0
    start = clock()
    while True:
        game_seed = derive_seed(seed, played)
        if seats is not None:
            steps += playout_bots(game, game_seed, seats)
        elif mode == "checked":
            steps += playout_checked(game, game_seed)
        else:
            steps += playout_fast(game, game_seed)
        played += 1
        elapsed = clock() - start
        if games is not None and played >= games:
            break
        if games is None and elapsed >= seconds:
            break
    label = "bots:" + ",".join(seats) if seats is not None else mode
    return Result(game.spec.name, game.players, label, played, steps, elapsed)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a game (repeatable); default: all")
    parser.add_argument("--players", type=int, help="player count (default: the game's usual)")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per game (default 3)")
    parser.add_argument("--games", type=int, help="play exactly this many games instead")
    parser.add_argument("--checked", action="store_true", help="play through Match.play")
    parser.add_argument("--seats", help="comma-separated bot seat codes instead of random")
    parser.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="a game option"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print JSON lines")
    parser.add_argument(
        "--cpu", action="store_true", help="time by processor time, not the wall clock"
    )
    args = parser.parse_args(argv)
    names = args.game or [spec.name for spec in tycoon.game_specs()]
    seats = args.seats.split(",") if args.seats else None
    mode = "checked" if args.checked else "fast"
    options = dict(item.partition("=")[::2] for item in args.option)
    for name in names:
        clock = time.process_time if args.cpu else time.perf_counter
        result = run(
            name, options, args.players, args.seconds, args.games, mode, seats, args.seed, clock
        )
        if args.json:
            print(
                json.dumps(
                    {
                        **result.__dict__,
                        "games_per_second": result.games_per_second,
                        "steps_per_second": result.steps_per_second,
                    }
                )
            )
        else:
            print(
                f"{result.game:16} {result.players}p {result.mode:10} "
                f"{result.games_per_second:9.1f} games/s {result.steps_per_second:11.0f} steps/s "
                f"({result.games} games, {result.steps / result.games:.1f} steps/game)"
            )
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
