"""What the RL adapters cost: environment steps/s against the engine's own steps/s, per game.

The engine's rate is ``bench_random``'s fast path (``legal_actions``, a uniformly sampled choice,
``transition``). The environment's rate is a PettingZoo AEC loop as a learner would run it: each
step reads ``env.last()`` (the observation encoded as numpy, and the action mask) and takes a
uniformly random masked-in id. The ratio is the share of the engine's speed the wrapper keeps
(the target is at least 50%).

    PYTHONPATH=. python benchmarks/bench_rl.py             # every game, usual player counts
    PYTHONPATH=. python benchmarks/bench_rl.py --game my-city --seconds 5

(``PYTHONPATH=.`` from a worktree, so that its own ``tycoon`` is imported.)
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import numpy as np

import tycoon
from tycoon.core import Game, SeededRng, make, sample_choice
from tycoon.rl import TycoonAECEnv


def engine_steps(game: Game[Any, Any, Any], seed: int) -> int:
    rng = SeededRng(seed)
    state = game.initial_state(rng)
    steps = 0
    while True:
        to_act = game.to_act(state)
        if not to_act:
            return steps
        action = sample_choice(game.legal_actions(state, to_act[0]), rng)
        state = game.transition(state, action, rng)
        steps += 1


def env_steps(env: TycoonAECEnv, seed: int) -> int:
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = 0
    while True:
        observation, _, terminated, _, _ = env.last()
        if terminated:
            return steps
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(legal[rng.integers(len(legal))]))
        steps += 1


def rate(play: Callable[[int], int], seconds: float) -> tuple[float, int]:
    """Steps per second over whole games for about ``seconds``; and the games played."""
    start = time.perf_counter()
    steps = games = 0
    while time.perf_counter() - start < seconds or games == 0:
        steps += play(games)
        games += 1
    return steps / (time.perf_counter() - start), games


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a game (default: every game)")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--seconds", type=float, default=3.0, help="per game and mode")
    args = parser.parse_args(argv)
    names = args.game or [spec.name for spec in tycoon.game_specs()]
    out = sys.stdout
    out.write(
        f"{'game':16} {'players':>7} {'engine steps/s':>15} {'env steps/s':>12} "
        f"{'env/engine':>10}\n"
    )
    for name in names:
        game = make(name, args.players)
        engine, _ = rate(partial(engine_steps, game), args.seconds)
        env = TycoonAECEnv(make(name, args.players))
        wrapped, _ = rate(partial(env_steps, env), args.seconds)
        out.write(
            f"{name:16} {game.players:>7} {engine:>15,.0f} {wrapped:>12,.0f} "
            f"{wrapped / engine:>10.0%}\n"
        )


if __name__ == "__main__":
    main()
