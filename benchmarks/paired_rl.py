"""Variants of the RL environment timed against the tree's own on the same games, taking turns.

For deciding a change by its time in the loop itself rather than by instructions counted
(``count_rl.py``): the wrapper's code runs cold, so a change's time in the loop can differ from
what its instructions or a micro-benchmark say. Every loop (the engine's, the tree's environment,
an identical second copy of it as the noise control, and each variant) plays the same seeded
games in a round, the loops taking turns (the order reversed every other round); each round gives
each loop's time a move, and what is reported is the median over rounds of each loop's time
against the tree's in the same round (on this project's shared machine the control reads within
about ±1%).

A variant module defines ``variants(game, players)``: a dictionary of names to functions that
each make an environment, for example a ``TycoonAECEnv`` whose table or encoding has one method
replaced (the loop is ``bench_rl.env_steps``: ``last()``, a random masked-in id, ``step``)::

    PYTHONPATH=.:my_variants python benchmarks/paired_rl.py --game estates --variants mine
    PYTHONPATH=. python benchmarks/paired_rl.py --game my-city --rounds 20   # tree and control

Interpreted only: a compiled table's methods cannot be replaced.
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from bench_rl import engine_steps, env_steps

from tycoon.core import TycoonError, make
from tycoon.rl import TycoonAECEnv

Loop = Callable[[int], int]


def loops_for(
    game: str, players: int | None, variants: dict[str, Callable[[], Any]]
) -> dict[str, Loop]:
    """The engine's loop, the tree's environment loop, its control and each variant's."""
    engine_game = make(game, players)
    envs: dict[str, Any] = {
        "tree": TycoonAECEnv(make(game, players)),
        "control": TycoonAECEnv(make(game, players)),
    }
    for name, made in variants.items():
        if name in envs or name == "engine":
            raise SystemExit(f"a variant may not be called {name!r}")
        envs[name] = made()
    loops: dict[str, Loop] = {"engine": partial(engine_steps, engine_game)}
    for name, env in envs.items():
        loops[name] = partial(env_steps, env)
    return loops


def paired(loops: dict[str, Loop], rounds: int, seconds: float) -> dict[str, list[float]]:
    """Each loop's time a move, round by round, every loop playing the same games in a round (as
    many as the tree's loop plays in about ``seconds``)."""
    for loop in loops.values():
        loop(999_999)  # warm-up: a game none of the rounds plays
    start = time.process_time()
    games = 0
    while games < 1 or time.process_time() - start < seconds:
        loops["tree"](1_000_000 + games)
        games += 1
    times: dict[str, list[float]] = {name: [] for name in loops}
    for number in range(rounds):
        order = list(loops.items())
        if number % 2:
            order.reverse()
        for name, loop in order:
            begin = time.process_time()
            moves = sum(loop(seed) for seed in range(number * games, (number + 1) * games))
            times[name].append((time.process_time() - begin) / max(moves, 1))
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True, help="a registered game, e.g. estates")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--seconds", type=float, default=0.5, help="a loop's share of a round")
    parser.add_argument("--variants", help="a module defining variants(game, players)")
    args = parser.parse_args(argv)
    try:
        make(args.game, args.players)
    except TycoonError as error:
        parser.error(str(error))
    variants: dict[str, Callable[[], Any]] = {}
    if args.variants:
        try:
            module = importlib.import_module(args.variants)
        except ModuleNotFoundError as error:
            parser.error(f"no variant module {args.variants!r} ({error}; is it on PYTHONPATH?)")
        if not callable(getattr(module, "variants", None)):
            parser.error(f"{args.variants!r} defines no variants(game, players)")
        variants = module.variants(args.game, args.players)
    times = paired(loops_for(args.game, args.players, variants), args.rounds, args.seconds)
    tree, engine = times["tree"], times["engine"]
    print(f"{args.game}, {args.players} players, {args.rounds} rounds (medians)")
    print(f"{'loop':>14} {'µs a move':>10} {'vs tree':>8} {'env/engine':>11}")
    for name, own in times.items():
        against = statistics.median(t / b for t, b in zip(own, tree, strict=True)) - 1
        share = statistics.median(e / t for t, e in zip(own, engine, strict=True))
        print(f"{name:>14} {1e6 * statistics.median(own):10.2f} {against:+8.1%} {share:11.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
