"""Build a mypyc-compiled copy of tycoon into a directory (CI and benchmarks).

    python benchmarks/accelerate.py build/fast                  # the core and every game
    PYTHONPATH=build/fast python benchmarks/bench_random.py --game my-city

The same build as ``tycoon accelerate`` (``tycoon/cli/accelerate.py``), which users run to have
the ``tycoon`` command pick the build up by itself; here it goes into a directory of your choice
and is used with ``PYTHONPATH`` (``TYCOON_COMPILED_DIR=build/fast`` makes the command use it
too). ``MYPYC_OPT_LEVEL`` sets the C optimisation level (CI builds at 0, quicker to build). Rebuild
after any change to the source. Compiled frozen dataclasses cannot be deep-copied, so the few
tests that snapshot a state with ``copy.deepcopy`` are for the interpreted build only.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

SOURCE = Path(__file__).resolve().parent.parent / "tycoon"
sys.path.insert(0, str(SOURCE.parent))  # build with this checkout's code, whatever is installed

from tycoon.cli.accelerate import build  # noqa: E402
from tycoon.core import TycoonError  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default="build/fast", help="where to build the copy")
    args = parser.parse_args(argv)
    out = Path(args.out).resolve()
    try:
        count = build(SOURCE, out, int(os.environ.get("MYPYC_OPT_LEVEL", "3")))
    except TycoonError as error:
        sys.stderr.write(error.reason + "\n")
        return 1
    sys.stdout.write(f"compiled {count} modules into {out / 'tycoon'}\n")
    sys.stdout.write(f"use it with: PYTHONPATH={out} python ...\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
