"""What the RL adapters cost: environment steps/s against the engine's own steps/s, per game.

Both loops play whole games with random legal moves and count the same thing: moves applied
(``transition`` calls; a sealed step's commits count one each). The engine's loop is
``bench_random``'s fast path: ``to_act``, ``legal_actions``, a uniformly sampled choice
(``sample_choice``), ``transition``. The environment's loop is a PettingZoo AEC loop as a
learner runs it: each step reads ``env.last()`` (the seat's view encoded as a numpy
observation, and the action mask) and takes a uniformly random masked-in id with ``env.step``
(found the cheapest way numpy has: the int8 mask's bytes viewed as bools, then ``nonzero``).
The ratio is the share of the engine's speed the wrapper keeps (the target is at least 50%:
the wrapper's own time per move at most the engine's); ``wrapper µs/move`` is that time, the
environment's time per move less the engine's.
The two loops take turns, a slice of ``--seconds`` at a time, so that a machine busy with other
work slows both alike.

    PYTHONPATH=. python benchmarks/bench_rl.py             # every game, usual player counts
    PYTHONPATH=. python benchmarks/bench_rl.py --game my-city --seconds 5
    PYTHONPATH=. python benchmarks/bench_rl.py --cpu --ceiling   # and the bound without features
    PYTHONPATH=. python benchmarks/bench_rl.py --cpu --runs 5    # medians of five runs

On a shared machine one run's ratio can be some points off the next one's, even with the loops
taking turns (the machine's speed changes within a slice); ``--runs`` measures each game again
and reports the medians, with the range of ``env/engine`` over the runs.

``--same-games`` adds the engine's loop on the environment's own games: the moves the learner's
random ids stood for, recorded first, replayed with the engine loop's calls per move. A random
id is not a random choice from the game's list (an amount range has its buckets, a kind of offer
its slots), so the environment's games can differ in cost from the engine's own; this ratio
(``env/same``) is the wrapper's cost alone, on the same moves.

``--ceiling`` adds a loop, for analysis only: the same environment loop with the seat's view
neither built nor encoded (the observation's numbers replaced by a fixed array; masks, ids,
steps and rewards as usual). Its ratio bounds what any faster ``observe`` and encoding could
reach with the rest of the wrapper as it is.

(``PYTHONPATH=.`` from a worktree, so that its own ``tycoon`` is imported.) Compiled, both sides
alike (the engine, the games and their encodings compiled by mypyc, and ``tycoon.rl``'s table;
its PettingZoo and Gymnasium classes stay Python)::

    python benchmarks/accelerate.py build/fast
    PYTHONPATH=build/fast python benchmarks/bench_rl.py --cpu --ceiling
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from functools import partial
from typing import Any

import numpy as np
from taking_turns import Rate, take_turns

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


_BOOL = np.dtype(np.bool_)


def env_steps(env: TycoonAECEnv, seed: int) -> int:
    env.reset(seed=seed)
    rng = random.Random(seed)
    steps = 0
    while True:
        observation, _, terminated, _, _ = env.last()
        if terminated:
            return steps
        # The mask's 0/1 bytes read as bools: numpy finds a bool array's nonzero entries at C
        # speed, an int8 array's one element at a time (My City's 1,537 ids: 0.7 µs against
        # 2.7 µs). The same ids in the same order, so the same games.
        legal = observation["action_mask"].view(_BOOL).nonzero()[0]
        env.step(int(legal[rng.randrange(len(legal))]))
        steps += 1


def recorded_games(name: str, players: int | None, seconds: float) -> list[tuple[int, list[Any]]]:
    """Games the environment loop plays (its seeds 0, 1, ...), each as the game's seed and the
    actions the learner's ids stood for, recorded for about ``seconds`` (at least five games)."""
    env = TycoonAECEnv(make(name, players))
    table = env.table
    games: list[tuple[int, list[Any]]] = []
    start = time.perf_counter()
    while len(games) < 5 or time.perf_counter() - start < seconds:
        recording = _Recording(table)
        env.table = recording  # type: ignore[assignment]
        env_steps(env, len(games))
        env.table = table
        games.append((table.seed, recording.moves))
    return games


class _Recording:
    """A table whose moves are written down as they are made (the table may be compiled, so its
    methods cannot be replaced: this stands in front of it)."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.moves: list[Any] = []

    def advance(self, action: Any) -> tuple[int, ...]:
        self.moves.append(action)
        acting: tuple[int, ...] = self.table.advance(action)
        return acting

    def __getattr__(self, name: str) -> Any:
        return getattr(self.table, name)


def engine_replays(
    game: Game[Any, Any, Any], games: list[tuple[int, list[Any]]], number: int
) -> int:
    """The engine's loop on one of the environment's games: per move the same calls as
    ``engine_steps`` (``to_act``, ``legal_actions``, a uniformly sampled choice, from a source
    of its own so the game's chance is untouched), then ``transition`` with the move the
    environment's learner made. The recorded games are played in turn, again from the first."""
    seed, moves = games[number % len(games)]
    rng = SeededRng(seed)
    picker = SeededRng(number)
    state = game.initial_state(rng)
    for action in moves:
        to_act = game.to_act(state)
        sample_choice(game.legal_actions(state, to_act[0]), picker)
        state = game.transition(state, action, rng)
    return len(moves)


def featureless(game: Game[Any, Any, Any]) -> TycoonAECEnv:
    """An environment whose observations skip the view: no ``observe``, no encoding, a fixed
    array of zeros instead (only to bound what the rest of the wrapper costs)."""
    env = TycoonAECEnv(game)
    table = env.table
    blank = np.zeros(table.encoding.size, dtype=np.float32)
    seats = env._seats

    # The environment's own last() with the observation's numbers a copy of the fixed array
    # (the table may be compiled, so its features cannot be replaced).
    def last(observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        agent = env.agent_selection
        return (
            {"observation": blank.copy(), "action_mask": table.mask(seats[agent])}
            if observe
            else None,
            env._cumulative_rewards[agent],
            env.terminations[agent],
            env.truncations[agent],
            env.infos[agent],
        )

    env.last = last  # type: ignore[method-assign]
    return env


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a game (default: every game)")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--seconds", type=float, default=3.0, help="per game and loop")
    parser.add_argument("--slices", type=int, default=6, help="turns each loop takes")
    parser.add_argument(
        "--cpu",
        action="store_true",
        help="time by this process's CPU time rather than the wall clock (steadier on a busy "
        "machine)",
    )
    parser.add_argument(
        "--same-games",
        action="store_true",
        help="also time the engine's loop on the environment's own games (the learner's moves "
        "replayed), which tells the wrapper's cost from the cost of the moves its random ids pick",
    )
    parser.add_argument(
        "--ceiling",
        action="store_true",
        help="also time the environment loop without building and encoding views (a bound)",
    )
    parser.add_argument(
        "--runs",
        type=int,
        default=1,
        help="measure each game this many times and report the medians (and the range of "
        "env/engine): on a shared machine one run's ratio can be some points off",
    )
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    names = args.game or [spec.name for spec in tycoon.game_specs()]
    out = sys.stdout
    out.write(
        f"{'game':16} {'players':>7} {'engine steps/s':>15} {'env steps/s':>12} "
        f"{'env/engine':>10} {'wrapper µs/move':>16}"
        + (f" {'range':>11}" if args.runs > 1 else "")
        + (f" {'without features':>16}" if args.ceiling else "")
        + (
            f" {'engine, same games':>18} {'env/same':>8} {'wrapper µs (same)':>17}"
            if args.same_games
            else ""
        )
        + "\n"
    )
    for name in names:
        game = make(name, args.players)
        rows = [measure(name, game, args) for _ in range(args.runs)]
        engine, wrapped, *bound = (statistics.median(column) for column in zip(*rows, strict=True))
        same = bound.pop() if args.same_games else None
        # Each ratio is the median of the runs' own ratios (each run's loops took turns).
        ratios = sorted(row[1] / row[0] for row in rows)
        wrapper = statistics.median(1e6 / row[1] - 1e6 / row[0] for row in rows)
        out.write(
            f"{name:16} {game.players:>7} {engine:>15,.0f} {wrapped:>12,.0f} "
            f"{statistics.median(ratios):>10.0%} {wrapper:>16.1f}"
            + (f" {ratios[0]:>6.0%}-{ratios[-1]:<4.0%}" if args.runs > 1 else "")
            + "".join(
                f" {statistics.median(row[2 + index] / row[0] for row in rows):>16.0%}"
                for index in range(len(bound))
            )
            + (
                f" {same:>18,.0f}"
                f" {statistics.median(row[1] / row[-1] for row in rows):>8.0%}"
                f" {statistics.median(1e6 / row[1] - 1e6 / row[-1] for row in rows):>17.1f}"
                if same is not None
                else ""
            )
            + "\n"
        )


def measure(name: str, game: Game[Any, Any, Any], args: argparse.Namespace) -> list[float]:
    """One run for one game: the loops' rates (engine, environment, then the ceiling's and the
    engine's on the same games when asked for), the loops taking turns."""
    env = TycoonAECEnv(make(name, args.players))
    clock = time.process_time if args.cpu else time.perf_counter
    loops = [Rate(partial(engine_steps, game), clock), Rate(partial(env_steps, env), clock)]
    if args.ceiling:
        loops.append(Rate(partial(env_steps, featureless(make(name, args.players))), clock))
    if args.same_games:
        games = recorded_games(name, args.players, args.seconds)
        loops.append(Rate(partial(engine_replays, game, games), clock))
    take_turns(loops, args.seconds, args.slices)
    return [loop.per_second for loop in loops]


if __name__ == "__main__":
    main()
