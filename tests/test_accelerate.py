"""``tycoon accelerate`` and the compiled build: the stamp check, the switch and the fall-back.

Builds here are fakes (a copy of the source, stamped) except in the last test, a real mypyc build
at -O0, which takes minutes: it runs when ``TYCOON_BUILD_TEST=1``. CI builds the same way
(benchmarks/accelerate.py calls tycoon.compiled) and checks that the build plays the source's
games (check_compiled.py); inside the test run a build competed with the other tests for CPU.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tycoon import compiled
from tycoon.cli import accelerate as accelerate_module
from tycoon.cli.main import run

ROOT = Path(__file__).resolve().parent.parent


def fake_build(location: Path, **changes: str) -> Path:
    """A build of this source that is only a copy (nothing compiled), stamped as a real one
    would be, with ``changes`` to the stamp."""
    shutil.copytree(
        compiled.SOURCE, location / "tycoon", ignore=shutil.ignore_patterns("__pycache__")
    )
    stamp = {**compiled.stamp_for(), **changes}
    (location / compiled.STAMP).write_text(json.dumps(stamp))
    return location


def command(
    *args: str, env: dict[str, str], code: str | None = None
) -> subprocess.CompletedProcess[str]:
    """``python -m tycoon ARGS`` (or ``python -c CODE``) from the repository, in ``env``."""
    argv = ["-c", code] if code is not None else ["-m", "tycoon", *args]
    return subprocess.run(
        [sys.executable, *argv],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, **env},
        check=False,
        timeout=120,
    )


def test_a_build_of_this_source_matches_and_any_other_does_not(tmp_path) -> None:
    assert compiled.check(tmp_path / "none") is None  # no build: nothing to say
    good = compiled.check(fake_build(tmp_path / "good"))
    assert good is not None and good.active and good.reason == ""
    stale = compiled.check(fake_build(tmp_path / "stale", source="0" * 64))
    assert stale is not None and not stale.active
    assert "source has changed" in stale.reason and "tycoon accelerate" in stale.reason
    old = compiled.check(fake_build(tmp_path / "old", tycoon="0.0.1"))
    assert old is not None and not old.active and "built for tycoon 0.0.1" in old.reason
    other = compiled.check(fake_build(tmp_path / "other", python="cpython-399"))
    assert other is not None and not other.active and "cpython-399" in other.reason


def test_the_source_hash_follows_every_code_and_data_file(tmp_path) -> None:
    shutil.copytree(compiled.SOURCE, tmp_path / "tycoon", ignore=shutil.ignore_patterns("*.pyc"))
    copy = tmp_path / "tycoon"
    before = compiled.source_hash(copy)
    assert before == compiled.source_hash(compiled.SOURCE)
    rules = copy / "games" / "esport_monopoly" / "engine.py"
    rules.write_text(rules.read_text() + "\n# an edit\n")
    edited = compiled.source_hash(copy)
    assert edited != before
    data = next((copy / "games").rglob("*.json"))
    data.write_text(data.read_text() + " ")
    assert compiled.source_hash(copy) not in (before, edited)


def test_a_stale_build_is_named_and_the_command_runs_from_source(tmp_path) -> None:
    stale = fake_build(tmp_path / "build", source="0" * 64)
    result = command("games", env={"TYCOON_COMPILED_DIR": str(stale), "TYCOON_COMPILED": ""})
    assert result.returncode == 0 and "esport-monopoly" in result.stdout
    assert "not using the compiled build" in result.stderr
    assert "source has changed since it was built" in result.stderr
    assert result.stderr.count("\n") == 1


def test_a_matching_build_is_used_by_the_command_and_said_so(tmp_path) -> None:
    build = fake_build(tmp_path / "build")
    env = {"TYCOON_COMPILED_DIR": str(build), "TYCOON_COMPILED": ""}
    result = command("games", env=env)
    assert result.returncode == 0 and "esport-monopoly" in result.stdout
    assert result.stderr.strip() == f"using the compiled build in {build}"
    # The build's modules are the ones imported, and child processes are told to use it.
    probe = (
        "import tycoon, os, tycoon.core.rng as m; print(m.__file__, os.environ['TYCOON_COMPILED'])"
    )
    where = command(code=probe, env={**env, "TYCOON_COMPILED": "1"}).stdout.split()
    assert Path(where[0]).is_relative_to(build) and where[1] == "1"
    # A program importing tycoon is left on the source unless it asks; 0 turns the build off.
    for switch in ("", "0"):
        source = command(
            code=probe.replace(", os.environ['TYCOON_COMPILED']", ""),
            env={**env, "TYCOON_COMPILED": switch},
        )
        assert Path(source.stdout.strip()).is_relative_to(compiled.SOURCE)
    off = command("games", env={**env, "TYCOON_COMPILED": "0"})
    assert off.returncode == 0 and off.stderr == ""


def test_accelerate_without_a_c_compiler_fails_clearly_and_builds_nothing(
    tmp_path, monkeypatch, capsys
) -> None:
    monkeypatch.setenv("TYCOON_COMPILED_DIR", str(tmp_path / "build"))
    monkeypatch.setattr(accelerate_module, "find_compiler", lambda: "")
    monkeypatch.setattr(sys, "argv", ["tycoon", "accelerate"])
    with pytest.raises(SystemExit) as exit_info:
        run()
    err = capsys.readouterr().err
    assert exit_info.value.code == 2
    assert "cannot build the compiled tycoon: no C compiler found" in err
    assert not (tmp_path / "build").exists() and not (tmp_path / "build.building").exists()


def test_accelerate_without_mypyc_fails_clearly(monkeypatch) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util,
        "find_spec",
        lambda name, *args: None if name == "mypyc" else real(name, *args),
    )
    assert "needs mypyc, which comes with mypy" in accelerate_module.missing_tools()


def test_accelerate_keeps_an_up_to_date_build_and_removes_it(tmp_path, monkeypatch, capsys) -> None:
    build = fake_build(tmp_path / "build")
    monkeypatch.setenv("TYCOON_COMPILED_DIR", str(build))
    for args, said in (
        (["accelerate"], "is up to date"),
        (["accelerate", "--remove"], "removed the compiled build"),
        (["accelerate", "--remove"], "there is no compiled build"),
    ):
        monkeypatch.setattr(sys, "argv", ["tycoon", *args])
        with pytest.raises(SystemExit) as exit_info:
            run()
        assert exit_info.value.code == 0 and said in capsys.readouterr().out
    assert not build.exists()


def test_the_modules_compiled_are_the_core_the_search_and_every_game() -> None:
    modules = accelerate_module.module_paths(compiled.SOURCE)
    assert "tycoon/bots/ismcts.py" in modules
    games = {Path(m).parent.name for m in modules if m.startswith("tycoon/games/")}
    assert games == {p.parent.name for p in (compiled.SOURCE / "games").glob("*/__init__.py")}
    assert "tycoon/core/rng.py" in modules and "tycoon/games/milton_keynes/state.py" not in modules
    assert not any(m.endswith("__init__.py") for m in modules)
    # set_bits runs on the games' hot paths: left out, it ran interpreted inside compiled games.
    assert "tycoon/core/bitset.py" in modules
    # The RL table too, the [rl] extra being installed with [dev]; not its PettingZoo classes.
    assert "tycoon/rl/core.py" in modules and "tycoon/rl/pettingzoo_envs.py" not in modules


@pytest.mark.skipif(
    os.environ.get("TYCOON_BUILD_TEST") != "1",
    reason="a real mypyc build takes minutes: set TYCOON_BUILD_TEST=1 to run it",
)
def test_a_real_build_at_o0_is_used_and_plays_the_same_game(tmp_path) -> None:
    build = tmp_path / "build"
    env = {"TYCOON_COMPILED_DIR": str(build), "TYCOON_COMPILED": ""}
    made = command("accelerate", "--opt-level", "0", env=env)
    assert made.returncode == 0, made.stderr
    assert list((build / "tycoon" / "core").glob("rng.*.so"))
    args = ("simulate", "esport-monopoly", "-n", "3", "--seats", "greedy,random", "--seed", "3")
    fast = command(*args, "--json", env=env)
    slow = command(*args, "--json", env={**env, "TYCOON_COMPILED": "0"})
    assert fast.stderr.startswith("using the compiled build")
    assert json.loads(fast.stdout) == json.loads(slow.stdout)


def test_a_c_compiler_named_in_cc_that_is_missing_is_said_before_building(monkeypatch) -> None:
    # setuptools compiles with $CC when it is set, so that is the compiler to look for.
    monkeypatch.setenv("CC", "no-such-compiler-here -O2")
    assert accelerate_module.find_compiler() == ""
    reason = accelerate_module.missing_tools()
    assert reason.startswith("no C compiler found (looked for no-such-compiler-here -O2)")
    monkeypatch.setenv("CC", sys.executable)  # a command that is there
    assert accelerate_module.find_compiler() == shutil.which(sys.executable)
