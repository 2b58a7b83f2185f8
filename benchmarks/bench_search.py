"""Iterations per second of the ISMCTS search in every game, on one core.

    python benchmarks/bench_search.py                        # every game, default settings
    python benchmarks/bench_search.py --game esport-monopoly --iterations 400
    PYTHONPATH=build/fast python benchmarks/bench_search.py  # the compiled build
    python benchmarks/bench_search.py --game esport-monopoly --departures 4 --playouts 150

Positions are taken from a seeded game between ``greedy`` bots: every decision of seat 1 that
has more than one choice, spread over the whole game, up to ``--positions`` of them. The search
runs from each position's view with the bot's default settings (``rollout=policy``, the game's
depth) unless told otherwise; the figure is iterations divided by the processor time spent
searching (process time, so that other work on a shared machine does not count).

``--departures N`` plays N games of the search (``--bot``, default ``ismcts``) against
``greedy`` seats and lists every decision where it left the policy's move, with both moves'
values by ``--playouts`` whole games of the policy's play from the view (common random numbers;
``tycoon.bots.analysis``), then the count and mean gain by kind of decision.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from typing import Any

import tycoon
from tycoon.bots.analysis import Departure, departures
from tycoon.bots.ismcts import IsmctsBot, Plan
from tycoon.core import Match, SeededRng, count_actions, make
from tycoon.sim import make_bots

GAMES = ("esport-monopoly", "estates", "milton-keynes", "my-city", "water-rights")


def positions(
    game_name: str, count: int, seed: int, keep_state: bool = False
) -> list[tuple[Any, ...]]:
    """(game, view, legal[, state]) of seat 0's real decisions in a greedy game, evenly
    spread (the state only to measure determinisations: the search never sees it)."""
    game = make(game_name)
    seats = ["greedy"] * game.players
    bots = make_bots(game, seats, seed)
    match: Match[Any, Any, Any] = Match(game, seed, seats)
    found: list[tuple[Any, ...]] = []
    while match.to_act():
        seat = match.to_act()[0]
        legal = match.legal_actions(seat)
        view = match.view(seat)
        if seat == 0 and count_actions(legal) > 1:
            found.append((game, view, legal, match.state) if keep_state else (game, view, legal))
        match.play(bots[seat].choose(view, legal))
    stride = max(1, len(found) // count)
    return found[::stride][:count]


def bench(game_name: str, iterations: int, count: int, params: dict[str, str]) -> float:
    spots = positions(game_name, count, seed=7)
    total = 0
    spent = 0.0
    for i, (game, view, legal) in enumerate(spots):
        bot = IsmctsBot(game, 0, SeededRng(i), {"iterations": str(iterations), **params})
        start = time.process_time()
        bot.choose(view, legal)
        spent += time.process_time() - start
        assert bot.last is not None
        total += bot.last.iterations
    return total / spent if spent else 0.0


def numbers(value: Any, path: str, out: dict[str, list[int]]) -> None:
    """Every whole number inside ``value`` (dataclasses, named tuples, tuples), by field path
    (the items of a tuple share one path, ``cash[]``)."""
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        if abs(value) < 1 << 20:  # larger ones are bit sets, not amounts
            out.setdefault(path, []).append(value)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            numbers(getattr(value, f.name), f"{path}.{f.name}" if path else f.name, out)
    elif isinstance(value, tuple) and hasattr(value, "_fields"):
        for name in value._fields:
            numbers(getattr(value, name), f"{path}.{name}" if path else name, out)
    elif isinstance(value, tuple):
        for item in value[:64]:
            numbers(item, f"{path}[]", out)


def hidden_error(game_name: str, count: int, draws: int) -> dict[str, float]:
    """How far ``sample_state`` falls from the real state: the mean absolute difference of
    every whole number it had to draw (fields that differ in at least one draw), by field. For
    amounts (cash, bids) this is how far off a draw is; for deck orders, how far apart the card
    numbers are, which says only that they are shuffled."""
    errors: dict[str, list[float]] = {}
    for game, view, _legal, state in positions(game_name, count, seed=7, keep_state=True):
        real: dict[str, list[int]] = {}
        numbers(state, "", real)
        for d in range(draws):
            sampled: dict[str, list[int]] = {}
            numbers(game.sample_state(view, SeededRng(d)), "", sampled)
            for path, values in real.items():
                other = sampled.get(path)
                if other is None or len(other) != len(values) or other == values:
                    continue
                diff = sum(abs(a - b) for a, b in zip(values, other, strict=True))
                errors.setdefault(path, []).append(diff / len(values))
    return {path: sum(v) / (count * draws) for path, v in sorted(errors.items())}


def described(game: Any, move: Any) -> str:
    """A move in the game's notation; a whole plan as its steps."""
    if isinstance(move, Plan):
        return "[" + ", ".join(game.format_action(step) for step in move.steps) + "]"
    return str(game.format_action(move))


def departure_report(game_name: str, bot: str, games: int, playouts: int) -> None:
    game = make(game_name)
    gains: dict[str, list[float]] = {}
    decisions = 0
    for event in departures(game, bot, "greedy", games, playouts):
        if isinstance(event, Departure):
            gains.setdefault(event.kind, []).append(event.gain)
            sys.stdout.write(
                f"game {event.game} decision {event.decision:3}: "
                f"{described(game, event.policy_move)} ({event.policy_value:.3f}) -> "
                f"{described(game, event.bot_move)} ({event.bot_value:.3f})\n"
            )
        else:
            decisions += event.decisions
            sys.stdout.write(f"game {event.game}: {event.decisions} decisions, rank {event.rank}\n")
    total = sum(len(g) for g in gains.values())
    sys.stdout.write(f"{game_name}: {total} departures in {decisions} decisions of {bot}\n")
    for kind, values in sorted(gains.items()):
        mean = sum(values) / len(values)
        sys.stdout.write(f"  {kind:16} {len(values):4} departures, mean gain {mean:+.4f}\n")
    if total:
        every = sum(sum(g) for g in gains.values())
        sys.stdout.write(f"  gain per game {every / games:+.4f} (reward: 0.8 a win, 0.2 by rank)\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=GAMES, help="default: all")
    parser.add_argument("--iterations", type=int, default=200, help="per decision")
    parser.add_argument("--positions", type=int, default=10, help="decisions searched per game")
    parser.add_argument("--rollout", choices=("policy", "random"), default="policy")
    parser.add_argument("--depth", type=int, default=None, help="default: the game's own")
    parser.add_argument(
        "--hidden", action="store_true", help="also: how far determinisations fall from the truth"
    )
    parser.add_argument(
        "--departures", type=int, default=0, help="games in which to value the departures"
    )
    parser.add_argument("--bot", default="ismcts", help="the search's seat code (--departures)")
    parser.add_argument("--playouts", type=int, default=100, help="per move valued")
    args = parser.parse_args(argv)
    if args.departures:
        for name in args.game or GAMES:
            departure_report(name, args.bot, args.departures, args.playouts)
        return 0
    params = {"rollout": args.rollout}
    if args.depth is not None:
        params["depth"] = str(args.depth)
    compiled = tycoon.core.game.__file__.endswith(".so")
    sys.stdout.write(f"ISMCTS iterations/s ({'compiled' if compiled else 'interpreted'})\n")
    for name in args.game or GAMES:
        rate = bench(name, args.iterations, args.positions, params)
        sys.stdout.write(f"{name:18} {rate:10,.0f}\n")
    if args.hidden:
        sys.stdout.write("\nmean absolute error of sampled hidden numbers, by state field\n")
        for name in args.game or GAMES:
            for path, error in hidden_error(name, args.positions, 10).items():
                sys.stdout.write(f"{name:18} {path:40} {error:8.2f}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
