"""Iterations per second of the ISMCTS search in every game, on one core.

    python benchmarks/bench_search.py                        # every game, default settings
    python benchmarks/bench_search.py --game esport-monopoly --iterations 400
    PYTHONPATH=build/fast python benchmarks/bench_search.py  # the compiled build

Positions are taken from a seeded game between ``greedy`` bots: every decision of seat 1 that
has more than one choice, spread over the whole game, up to ``--positions`` of them. The search
runs from each position's view with the bot's default settings (``rollout=policy``, the game's
depth) unless told otherwise; the figure is iterations divided by the time spent searching.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

import tycoon
from tycoon.bots.ismcts import IsmctsBot
from tycoon.core import Match, SeededRng, count_actions, make
from tycoon.sim import make_bots

GAMES = ("esport-monopoly", "estates", "milton-keynes", "my-city", "water-rights")


def positions(game_name: str, count: int, seed: int) -> list[tuple[Any, Any, Any]]:
    """(game, view, legal) of seat 0's real decisions in a greedy game, evenly spread."""
    game = make(game_name)
    seats = ["greedy"] * game.players
    bots = make_bots(game, seats, seed)
    match: Match[Any, Any, Any] = Match(game, seed, seats)
    found: list[tuple[Any, Any, Any]] = []
    while match.to_act():
        seat = match.to_act()[0]
        legal = match.legal_actions(seat)
        view = match.view(seat)
        if seat == 0 and count_actions(legal) > 1:
            found.append((game, view, legal))
        match.play(bots[seat].choose(view, legal))
    stride = max(1, len(found) // count)
    return found[::stride][:count]


def bench(game_name: str, iterations: int, count: int, params: dict[str, str]) -> float:
    spots = positions(game_name, count, seed=7)
    total = 0
    spent = 0.0
    for i, (game, view, legal) in enumerate(spots):
        bot = IsmctsBot(game, 0, SeededRng(i), {"iterations": str(iterations), **params})
        start = time.perf_counter()
        bot.choose(view, legal)
        spent += time.perf_counter() - start
        assert bot.last is not None
        total += bot.last.iterations
    return total / spent if spent else 0.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=GAMES, help="default: all")
    parser.add_argument("--iterations", type=int, default=200, help="per decision")
    parser.add_argument("--positions", type=int, default=10, help="decisions searched per game")
    parser.add_argument("--rollout", choices=("policy", "random"), default="policy")
    parser.add_argument("--depth", type=int, default=None, help="default: the game's own")
    args = parser.parse_args(argv)
    params = {"rollout": args.rollout}
    if args.depth is not None:
        params["depth"] = str(args.depth)
    compiled = tycoon.core.game.__file__.endswith(".so")
    sys.stdout.write(f"ISMCTS iterations/s ({'compiled' if compiled else 'interpreted'})\n")
    for name in args.game or GAMES:
        rate = bench(name, args.iterations, args.positions, params)
        sys.stdout.write(f"{name:18} {rate:10,.0f}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
