"""Build a mypyc-compiled copy of tycoon: the same typed code, compiled to C extensions.

    python benchmarks/accelerate.py build/fast                  # core + every listed game
    python benchmarks/accelerate.py build/fast --game my-city   # core + one game
    PYTHONPATH=build/fast python benchmarks/bench_random.py --game my-city

The engine and the games are plain typed Python that mypyc compiles unchanged (STYLE: "typed,
mypyc-compatible Python is the fast path before any rewrite"); compiled, the same games (same
seeds, same moves) run faster. The copy is made outside the source tree so a compiled module can
never shadow an edited source file: rebuild it after any change. Needs mypy (a dev dependency,
which ships mypyc) and a C compiler. Compiled
frozen dataclasses cannot be deep-copied, so the few tests that snapshot a state with
``copy.deepcopy`` are for the interpreted build only.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

SOURCE = Path(__file__).resolve().parent.parent / "tycoon"

CORE = ("actions", "encoding", "errors", "game", "rng", "sealed", "spec", "views", "text")

GAMES = ("esport-monopoly", "estates", "milton-keynes", "my-city", "water-rights")

# Modules left interpreted: Milton Keynes' state builds its frozen dataclasses with
# object.__new__ (a fast replace), which compiled classes refuse.
INTERPRETED = {"milton-keynes": ("state.py",)}


def module_paths(games: list[str]) -> list[str]:
    """The core's modules and every module of each game but its ``__init__`` (which registers it).

    Whole packages are compiled because an interpreted class cannot derive from a compiled one
    (actions, action sets, the game class all derive from the core's).
    """
    paths = [f"tycoon/core/{name}.py" for name in CORE]
    for game in games:
        package = SOURCE / "games" / game.replace("-", "_")
        paths.extend(
            f"tycoon/games/{package.name}/{module.name}"
            for module in sorted(package.glob("*.py"))
            if module.name != "__init__.py" and module.name not in INTERPRETED.get(game, ())
        )
    return paths


def build(out: Path, games: list[str]) -> int:
    target = out / "tycoon"
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(SOURCE, target, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    modules = module_paths(games)
    result = subprocess.run(
        [sys.executable, "-m", "mypyc", *modules],
        cwd=out,
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode:
        sys.stderr.write(result.stdout[-4000:] + result.stderr[-4000:])
        return result.returncode
    sys.stdout.write(f"compiled {len(modules)} modules into {target}\n")
    sys.stdout.write(f"use it with: PYTHONPATH={out} python ...\n")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default="build/fast", help="where to build the copy")
    parser.add_argument("--game", action="append", choices=GAMES, help="default: all")
    args = parser.parse_args(argv)
    return build(Path(args.out).resolve(), args.game or list(GAMES))


if __name__ == "__main__":
    raise SystemExit(main())
