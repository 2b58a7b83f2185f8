"""The tournament results kept in ``benchmarks/results`` (the README's bot-strength figures):
every file is a whole, valid results file of the game's current rules version, and is listed,
with the command that resumes it, in that folder's README."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tycoon.sim.tournament import ResultsFile, lineups, results_header

RESULTS = Path(__file__).resolve().parent.parent / "benchmarks" / "results"
FILES = sorted(RESULTS.glob("*.jsonl"))


def test_there_are_results_files() -> None:
    assert FILES, f"no results files in {RESULTS}"


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_a_kept_results_file_is_whole_and_of_the_current_rules(path: Path) -> None:
    first = json.loads(path.read_text(encoding="utf-8").split("\n", 1)[0])
    header = results_header(
        first["game"], first["players"], first["options"], first["entries"], first["seed"]
    )
    # A rules version bump makes the file another tournament's: its games would no longer
    # stand for the current rules, so the figures built on them must be played again.
    results = ResultsFile(path, header, lineups(first["entries"], first["players"]))
    data = path.read_bytes()
    assert data.endswith(b"\n"), "the last game's line was cut short"
    assert len(results.done) == data.count(b"\n") - 1
    assert results.done, "a results file with no games"


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_every_results_file_is_listed_with_its_command(path: Path) -> None:
    readme = (RESULTS / "README.md").read_text(encoding="utf-8")
    row = next((line for line in readme.splitlines() if f"`{path.name}`" in line), None)
    assert row is not None, f"{path.name} is not listed in benchmarks/results/README.md"
    assert f"--results benchmarks/results/{path.name}" in row
