"""The RL loops' instructions a move, counted by callgrind inside the loop only: the figure to
decide a speed change by when timing is too noisy to (a busy or shared machine).

Timing moves by several percent between runs of the same tree; callgrind counting the whole
process moves by 3-5% too (imports, set-up and the warm-up game vary). This counts only the
measured games, after a warm-up game and ``gc.freeze()``, with the hash seed fixed: runs of the
same tree agree to about 0.1%. The count is switched on and off around the loop by
``CALLGRIND_TOGGLE_COLLECT``, from a three-line C helper compiled on the fly (so it needs
valgrind, its headers and a C compiler: Debian's ``valgrind`` and ``gcc``).

    PYTHONPATH=. python benchmarks/count_rl.py --game my-city             # the env loop
    PYTHONPATH=. python benchmarks/count_rl.py --game my-city --engine    # the engine's
    PYTHONPATH=. python benchmarks/count_rl.py --game estates --games 20

Compare two trees by running it with each one's ``PYTHONPATH``; under valgrind a game takes
about fifty times as long as without.

``--cache`` also simulates the caches and branch predictors (callgrind's ``--cache-sim`` and
``--branch-sim``, with this machine's cache sizes) and reports, a move, the instruction and data
first-level cache misses and the mispredicted conditional and indirect branches: what makes a
loop's instructions slower than another's (round 19 found the env loop missing the instruction
cache ten times as often as the engine's, which is why cutting its instructions gains less time
than their share). A model, not the processor's counters: compare loops and trees with it, not
with timings.

    PYTHONPATH=. python benchmarks/count_rl.py --game estates --cache
    PYTHONPATH=. python benchmarks/count_rl.py --game estates --cache --engine
"""

from __future__ import annotations

import argparse
import ctypes
import gc
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

_HELPER = """#include <valgrind/callgrind.h>
void toggle(void) { CALLGRIND_TOGGLE_COLLECT; }
"""
_INSIDE = "TYCOON_COUNT_RL_HELPER"


def _count(game_name: str, games: int, engine: bool) -> int:
    """Play the games with the count on (inside valgrind): the moves made."""
    from bench_rl import engine_steps, env_steps

    from tycoon.core import make
    from tycoon.rl import TycoonAECEnv

    toggle = ctypes.CDLL(os.environ[_INSIDE]).toggle
    game = make(game_name, 4)
    env = TycoonAECEnv(make(game_name, 4))
    if engine:
        engine_steps(game, 999)
    else:
        env_steps(env, 999)
    gc.collect()
    gc.freeze()
    moves = 0
    toggle()
    for seed in range(games):
        moves += engine_steps(game, seed) if engine else env_steps(env, seed)
    toggle()
    return moves


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True, help="a registered game, e.g. my-city")
    parser.add_argument("--games", type=int, default=10, help="games counted (seeds 0..N-1)")
    parser.add_argument("--engine", action="store_true", help="the engine's loop, not the env's")
    parser.add_argument(
        "--cache",
        action="store_true",
        help="also the simulated cache misses and mispredicted branches a move",
    )
    args = parser.parse_args()
    if _INSIDE in os.environ:
        print(f"moves {_count(args.game, args.games, args.engine)}", file=sys.stderr)
        return 0
    missing = [tool for tool in ("valgrind", "cc") if shutil.which(tool) is None]
    if missing or not Path("/usr/include/valgrind/callgrind.h").exists():
        print(
            "count_rl needs valgrind, its headers and a C compiler "
            f"({', '.join(missing) or 'valgrind/callgrind.h'} not found)",
            file=sys.stderr,
        )
        return 1
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "toggle.c"
        source.write_text(_HELPER)
        helper = Path(folder) / "toggle.so"
        subprocess.run(["cc", "-shared", "-fPIC", "-o", str(helper), str(source)], check=True)
        environment = dict(os.environ, PYTHONHASHSEED="0", **{_INSIDE: str(helper)})
        done = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                "--collect-atstart=no",
                "--callgrind-out-file=/dev/null",
                *(["--cache-sim=yes", "--branch-sim=yes"] if args.cache else []),
                sys.executable,
                *sys.argv,
            ],
            env=environment,
            capture_output=True,
            text=True,
        )
    collected = re.search(r"Collected : ([\d ]+)", done.stderr)
    events = re.search(r"Events    : ([\w ]+)", done.stderr)
    moves = re.search(r"^moves (\d+)$", done.stderr, re.MULTILINE)
    if done.returncode or collected is None or moves is None or not int(moves.group(1)):
        print(done.stderr[-2000:], file=sys.stderr)
        return 1
    loop = "engine" if args.engine else "env"
    counts = [int(number) for number in collected.group(1).split()]
    count, made = counts[0], int(moves.group(1))
    print(
        f"{args.game}: {loop} loop, {args.games} games, {made:,} moves, "
        f"{count / made / 1000:.2f}k instructions a move"
    )
    if args.cache and events is not None:
        named = dict(zip(events.group(1).split(), counts, strict=False))
        print(
            "a move: "
            + ", ".join(
                f"{label} {named.get(event, 0) / made:,.0f}" for event, label in _CACHE_EVENTS
            )
        )
    return 0


# The simulated events reported with --cache, and what each is.
_CACHE_EVENTS = (
    ("I1mr", "instruction cache misses"),
    ("D1mr", "data cache read misses"),
    ("D1mw", "write misses"),
    ("Bcm", "mispredicted conditional branches"),
    ("Bim", "mispredicted indirect branches"),
)


if __name__ == "__main__":
    sys.exit(main())
