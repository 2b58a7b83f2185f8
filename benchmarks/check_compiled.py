"""Check a compiled copy (benchmarks/accelerate.py) plays exactly the games the source plays.

    python benchmarks/check_compiled.py build/fast

For every game, a short simulation with the game's greedy bot against random ones runs once on
the interpreted source and once on the compiled copy; the reports (every score of every game)
must be identical, and the compiled copy must really load compiled modules. So must a couple of
games of the search bot (which stays interpreted, driving the compiled game) against greedy.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(CHECKOUT))  # this checkout's source, whatever tycoon is installed

import tycoon  # noqa: E402

GAMES = 12
SEARCH = "ismcts:iterations=8"  # a short search: its own code and the game's search hooks
SEARCH_GAMES = 2


def simulate(game: str, seats: str, pythonpath: str | None, games: int = GAMES) -> str:
    # Each run is what it says: no compiled build from the user's cache (tycoon accelerate).
    env = {**os.environ, "TYCOON_COMPILED": "0"}
    # The working directory comes first on sys.path: run where no other tycoon can be found.
    cwd = tempfile.gettempdir()
    if pythonpath is not None:
        env["PYTHONPATH"] = cwd = pythonpath
    command = [sys.executable, "-m", "tycoon", "simulate", game, "-n", str(games), "--seats"]
    result = subprocess.run(
        [*command, seats, "--seed", "5", "--json"],
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        check=False,
    )
    if result.returncode:
        raise SystemExit(f"{game}: simulate failed ({pythonpath or 'source'}):\n{result.stderr}")
    return result.stdout


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        raise SystemExit(__doc__)
    compiled = str(Path(argv[0]).resolve())
    probe = subprocess.run(
        [sys.executable, "-c", "import tycoon.core.rng as m; print(m.__file__)"],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": compiled, "TYCOON_COMPILED": "0"},
        cwd=compiled,
        check=True,
    ).stdout.strip()
    if not probe.endswith(".so"):
        raise SystemExit(f"the copy in {compiled} is not compiled ({probe})")
    for spec in tycoon.game_specs():
        codes = {entry.code for entry in tycoon.bots.bots_for(spec.name)}
        first = "greedy" if "greedy" in codes else "random"
        seats = ",".join([first] + ["random"] * (spec.default_players - 1))
        source = simulate(spec.name, seats, str(CHECKOUT))
        fast = simulate(spec.name, seats, compiled)
        if json.loads(source) != json.loads(fast):
            raise SystemExit(f"{spec.name}: the compiled copy plays different games")
        print(f"{spec.name}: {GAMES} games identical, compiled and interpreted")
        if "greedy" in codes:
            players = spec.default_players
            seats = ",".join([SEARCH] + ["greedy"] * (players - 1))
            source = simulate(spec.name, seats, str(CHECKOUT), SEARCH_GAMES)
            fast = simulate(spec.name, seats, compiled, SEARCH_GAMES)
            if json.loads(source) != json.loads(fast):
                raise SystemExit(f"{spec.name}: the search plays differently on the compiled copy")
            print(f"{spec.name}: {SEARCH_GAMES} search games identical, compiled and interpreted")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
