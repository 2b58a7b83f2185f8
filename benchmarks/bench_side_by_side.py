"""Esport Monopoly beside the hobby Monopoly simulator, in one run: player-turns/s of each.

Issue 16 measures tycoon against the fastest public Python Monopoly simulator, a hobby one
with simpler rules (no auctions, one-for-one trades): gamescomputersplay/monopoly. Its code
is not part of tycoon (it is GPL-3.0); get a checkout of your own and name it with ``--hobby``::

    git clone https://github.com/gamescomputersplay/monopoly /tmp/hobby
    git -C /tmp/hobby checkout 8e03f34ad981516fe430b9052ffb953bad843a8a   # the one measured
    PYTHONPATH=. python benchmarks/bench_side_by_side.py --hobby /tmp/hobby
    PYTHONPATH=build/fast python benchmarks/bench_side_by_side.py --hobby /tmp/hobby  # compiled

(``PYTHONPATH=.`` from a worktree, so that its own ``tycoon`` is imported; ``build/fast`` is
``MYPYC_OPT_LEVEL=3 python benchmarks/accelerate.py build/fast``. The simulator always runs
interpreted, as its author runs it.) The simulator measured is the ``monopoly/core`` layout as
of commit 8e03f34 (``settings.py`` and ``monopoly/core/player.py`` of that commit, the other
files as last changed before it: ``game.py`` and ``move_result.py`` 2c73e74, ``board.py``,
``cell.py`` and ``dice.py`` 4e98599, ``game_utils.py`` 6a6a309, ``constants.py`` and
``deck.py`` 217cc41, ``log.py`` dd0d1b4, ``log_settings.py`` 0f1df04). Any checkout whose
``monopoly.core.game.monopoly_game`` and ``monopoly.core.player.Player.make_a_move`` keep
those names and signatures can be measured.

The two sides take turns, a slice of ``--seconds / --slices`` at a time (whole games, at least
one a slice), so that a machine busy with other work slows both alike; the ratio is tycoon's
player-turns/s over the simulator's, and its range is that of the slice pairs.

*Tycoon*: exactly what ``bench_esport_monopoly.py speed`` plays: 4-player Esport Monopoly
(auctions, deals, the building window) with four ``greedy`` bots through the game's own loop
(``tycoon.core.play_bots``), game ``i`` seeded ``derive_seed(--seed, i)``. A player-turn is one
seat's turn as the table counts it (``table.turn`` at the end of the game: a roll and all it
leads to, doubles included, and every decision taken in or out of turn meanwhile).

*The simulator*: its own game function, ``monopoly.core.game.monopoly_game((number, seed))``,
with its default settings (four players with its standard strategy, shuffled seats, 1,500
each, at most 1,000 rounds, a game over when one player is left or every player left has more
than 5,000) and its game log off (``LogSettings.KEEP_GAME_LOG = False``, its own switch); its
bankruptcy log, which no setting turns off, goes to a temporary file. Game seeds are drawn as
its ``scripts/simulate.py`` draws them (``random.seed(--seed)``, then ``randint(0, 2**32 - 1)``
a game), one process. A player-turn is one call of ``Player.make_a_move`` from the game's
round loop (one player's turn: trading, unmortgaging, building, the roll and where it leads; a
double's extra roll is a recursive call within the same turn and is not counted again). The
game returns nothing, so the turns are counted by wrapping that one method from outside (the
simulator's code is not changed); ``--wrapper-cost`` also plays the simulator unwrapped, taking
turns with the other two, and reports what the wrapper costs in games/s.

``--bytecodes GAMES`` times nothing: it plays GAMES games a side under ``sys.settrace`` and
reports the bytecodes and Python calls a player-turn of each (the two execute about as many
machine instructions a player-turn, interpreted, but not as many bytecodes).
"""

from __future__ import annotations

import argparse
import importlib
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

from bench_esport_monopoly import greedy_game  # this directory: the same games, one function
from taking_turns import Rate, take_turns

from tycoon.core import make

HOBBY_URL = "https://github.com/gamescomputersplay/monopoly"


def tycoon_player(seed: int, players: int = 4) -> Callable[[int], int]:
    """Game ``index`` as ``bench_esport_monopoly.py speed`` plays it; returns its player-turns."""
    game = make("esport-monopoly", players)

    def play(index: int) -> int:
        state, _ = greedy_game(game, seed, index)
        turns: int = state.table.turn
        return turns

    return play


def fail(message: str) -> NoReturn:
    sys.stderr.write(f"bench_side_by_side.py: {message}\n")
    raise SystemExit(2)


def load_hobby(directory: str) -> tuple[Callable[[tuple[int, int]], None], type[Any], Any]:
    """The simulator's game function, its ``Player`` class and its ``LogSettings``, imported
    from ``directory``; exits (2) with one line when it is missing or not that simulator."""
    root = Path(directory).resolve()
    if (
        not (root / "monopoly" / "core" / "game.py").is_file()
        or not (root / "settings.py").is_file()
    ):
        fail(
            f"--hobby {directory}: no monopoly/core/game.py and settings.py there "
            f"(a checkout of {HOBBY_URL} is needed)"
        )
    sys.path.insert(0, str(root))
    try:
        game = importlib.import_module("monopoly.core.game")
        player = importlib.import_module("monopoly.core.player")
        log_settings = importlib.import_module("monopoly.log_settings")
    except Exception as error:  # its import failing in any way means it is not usable here
        fail(f"--hobby {directory}: importing the simulator failed ({error!r})")
    if not str(Path(game.__file__ or "").resolve()).startswith(str(root)):
        fail(f"--hobby {directory}: another 'monopoly' package was imported ({game.__file__})")
    found = (
        getattr(game, "monopoly_game", None),
        getattr(player, "Player", None),
        getattr(log_settings, "LogSettings", None),
    )
    if found[0] is None or found[1] is None or found[2] is None:
        fail(
            f"--hobby {directory}: not {HOBBY_URL} as measured "
            "(monopoly_game, Player or LogSettings missing)"
        )
    if not callable(getattr(found[1], "make_a_move", None)):
        fail(f"--hobby {directory}: its Player has no make_a_move")
    return found[0], found[1], found[2]


class Hobby:
    """The simulator's games, seeded as its ``scripts/simulate.py`` seeds them."""

    def __init__(self, directory: str, seed: int, log_dir: str) -> None:
        self.monopoly_game, self.player, log_settings = load_hobby(directory)
        log_settings.KEEP_GAME_LOG = False  # its own switch for the game log
        log_settings.BANKRUPTCIES_PATH = Path(log_dir) / "bankruptcies.tsv"
        self.draw = random.Random(seed)  # as simulate.py's random.seed(seed), then randint
        self.seeds: list[int] = []
        self.original = self.player.make_a_move
        self.turns = 0
        self.depth = 0

    def seed_of(self, index: int) -> int:
        while len(self.seeds) <= index:
            self.seeds.append(self.draw.randint(0, 2**32 - 1))
        return self.seeds[index]

    def count_turns(self) -> None:
        """Wrap ``Player.make_a_move`` to count the calls the round loop makes (not a double's
        recursive ones)."""
        original = self.original
        hobby = self

        def make_a_move(player: Any, board: Any, players: Any, dice: Any, log: Any) -> Any:
            if hobby.depth:
                return original(player, board, players, dice, log)
            hobby.turns += 1
            hobby.depth = 1
            try:
                return original(player, board, players, dice, log)
            finally:
                hobby.depth = 0

        self.player.make_a_move = make_a_move

    def uncounted(self) -> None:
        self.player.make_a_move = self.original

    def play(self, index: int) -> int:
        """Game ``index`` with turns counted; returns its player-turns."""
        self.count_turns()
        before = self.turns
        self.monopoly_game((index + 1, self.seed_of(index)))
        return self.turns - before

    def play_unwrapped(self, index: int) -> int:
        """Game ``index`` without the counting wrapper (returns 0: nothing is counted)."""
        self.uncounted()
        self.monopoly_game((index + 1, self.seed_of(index)))
        return 0


def bytecodes(play: Callable[[int], int], games: int) -> tuple[int, int, int]:
    """Player-turns, bytecodes and Python frames entered (generators resumed included) in
    games ``0 .. games - 1`` of ``play``, counted with ``sys.settrace`` opcode events (its
    interpreted code only: a compiled module runs no bytecode)."""
    counts = [0, 0]

    def trace(frame: Any, event: str, arg: Any) -> Any:
        frame.f_trace_opcodes = True
        if event == "opcode":
            counts[0] += 1
        elif event == "call":
            counts[1] += 1
        return trace

    turns = 0
    sys.settrace(trace)
    try:
        for index in range(games):
            turns += play(index)
    finally:
        sys.settrace(None)
    return turns, counts[0], counts[1]


def compiled() -> bool:
    import tycoon.games.esport_monopoly.engine as engine

    return (engine.__file__ or "").endswith(".so")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hobby", required=True, help=f"a checkout of {HOBBY_URL}")
    parser.add_argument("--seconds", type=float, default=60.0, help="per side")
    parser.add_argument("--slices", type=int, default=12, help="turns each side takes")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--cpu",
        action="store_true",
        help="time by this process's CPU time rather than the wall clock",
    )
    parser.add_argument(
        "--wrapper-cost",
        action="store_true",
        help="also play the simulator without the turn-counting wrapper (games/s compared)",
    )
    parser.add_argument(
        "--bytecodes",
        type=int,
        default=0,
        metavar="GAMES",
        help="count bytecodes and Python calls a player-turn over GAMES games a side "
        "(traced, not timed) instead of timing",
    )
    args = parser.parse_args(argv)
    if args.bytecodes > 0:
        with tempfile.TemporaryDirectory(prefix="hobby-logs-") as log_dir:
            hobby = Hobby(args.hobby, args.seed, log_dir)
            sides = [
                (
                    f"tycoon ({'compiled' if compiled() else 'interpreted'})",
                    tycoon_player(args.seed),
                ),
                ("hobby simulator (its counting wrapper included)", hobby.play),
            ]
            for name, play in sides:
                turns, codes, calls = bytecodes(play, args.bytecodes)
                print(
                    f"{name}: {turns:,} player-turns in {args.bytecodes} games: "
                    f"{codes / turns:,.0f} bytecodes and {calls / turns:.1f} Python calls "
                    "a player-turn"
                )
            hobby.uncounted()
        return 0
    clock = time.process_time if args.cpu else time.perf_counter
    with tempfile.TemporaryDirectory(prefix="hobby-logs-") as log_dir:
        hobby = Hobby(args.hobby, args.seed, log_dir)
        ours = Rate(tycoon_player(args.seed), clock)
        theirs = Rate(hobby.play, clock)
        loops = [ours, theirs]
        if args.wrapper_cost:
            loops.append(Rate(hobby.play_unwrapped, clock))
        take_turns(loops, args.seconds, args.slices)
        hobby.uncounted()
        if os.path.exists(Path(log_dir) / "bankruptcies.tsv"):
            os.remove(Path(log_dir) / "bankruptcies.tsv")
    build = "compiled" if compiled() else "interpreted"
    ratios = [a / b for a, b in zip(ours.slices, theirs.slices, strict=True)]
    print(
        f"tycoon esport-monopoly, 4 greedy ({build}): {ours.games:,} games, "
        f"{ours.count / ours.games:.1f} player-turns a game: {ours.per_second:,.0f} player-turns/s"
    )
    print(
        f"hobby simulator, 4 players (interpreted): {theirs.games:,} games, "
        f"{theirs.count / theirs.games:.1f} player-turns a game: "
        f"{theirs.per_second:,.0f} player-turns/s"
    )
    print(
        f"ratio tycoon / hobby: {ours.per_second / theirs.per_second:.2f} "
        f"(slice pairs {min(ratios):.2f}-{max(ratios):.2f}; {args.slices} slices of "
        f"{args.seconds / args.slices:.1f} s a side)"
    )
    if args.wrapper_cost:
        bare = loops[2]
        wrapped_rate = theirs.games / theirs.seconds
        bare_rate = bare.games / bare.seconds
        print(
            f"hobby without the counting wrapper: {bare.games:,} games, {bare_rate:.1f} games/s "
            f"against {wrapped_rate:.1f} counted ({wrapped_rate / bare_rate - 1:+.1%})"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
