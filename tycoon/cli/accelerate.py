"""``tycoon accelerate``: build the compiled (mypyc) build of this tycoon, or remove it.

The engine and the games are plain typed Python that mypyc compiles unchanged (STYLE: "typed,
mypyc-compatible Python is the fast path before any rewrite"); compiled, the same games (same
seeds, same moves) run faster. The build is a copy of the package with the engine and the games
compiled to C extensions, made outside the source tree (so a compiled module can never shadow an
edited source file) and stamped with the version and a hash of the source it was made from; see
:mod:`tycoon.compiled` for how the command picks it up. ``benchmarks/accelerate.py`` builds the
same way into a directory of its own (CI). Needs mypyc (it comes with mypy) and a C compiler.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import time
from pathlib import Path
from typing import Annotated

import typer

from tycoon import compiled
from tycoon.cli.terminal import make_console
from tycoon.core import TycoonError

CORE = (
    "actions",
    "bitset",
    "encoding",
    "errors",
    "game",
    "lazy",
    "rng",
    "sealed",
    "spec",
    "views",
    "text",
)
# The search bot's own tree (selection, expansion, backing up) runs between the game's compiled
# moves: compiled, Esport Monopoly's search makes 15-40% more iterations a second, the others
# 0-13% (benchmarks/bench_search.py, interleaved with a build that left it interpreted).
BOTS = ("ismcts",)

# Modules left interpreted: Milton Keynes' state builds its frozen dataclasses with
# object.__new__ (a fast replace), which compiled classes refuse.
INTERPRETED = {"milton_keynes": ("state.py",)}

# The RL adapters' table (ids, masks and observations of every step; the PettingZoo and
# Gymnasium classes stay interpreted), compiled when the [rl] extra's numpy and gymnasium are
# installed: mypyc type-checks a module's imports.
RL = ("tycoon/rl/core.py",)
RL_NEEDS = ("numpy", "gymnasium")


def module_paths(source: Path) -> list[str]:
    """The core's modules, the search bot and every module of every game but its ``__init__``
    (which registers it), relative to the directory holding the package; and the RL table where
    the ``[rl]`` extra is installed.

    Every game is compiled, always: an interpreted class cannot derive from a compiled one, and
    every game's actions, action sets and game class derive from the core's, while importing
    tycoon registers (imports) every game. A build of the core and one game failed at import.
    """
    paths = [f"tycoon/core/{name}.py" for name in CORE]
    paths.extend(f"tycoon/bots/{name}.py" for name in BOTS)
    packages = sorted(p.parent for p in (source / "games").glob("*/__init__.py"))
    for package in packages:
        paths.extend(
            f"tycoon/games/{package.name}/{module.name}"
            for module in sorted(package.glob("*.py"))
            if module.name != "__init__.py" and module.name not in INTERPRETED.get(package.name, ())
        )
    if all(importlib.util.find_spec(name) is not None for name in RL_NEEDS):
        paths.extend(RL)
    return paths


def missing_tools() -> str:
    """Why a build cannot be made here ("" if it can): mypyc, setuptools, a C compiler."""
    if importlib.util.find_spec("mypyc") is None:
        return "it needs mypyc, which comes with mypy: pip install 'tycoon[accelerate]'"
    if importlib.util.find_spec("setuptools") is None:
        return "it needs setuptools to drive the C compiler: pip install 'tycoon[accelerate]'"
    compiler = find_compiler()
    if compiler is not None and not compiler:
        return (
            f"no C compiler found (looked for {compiler_command() or 'cc'}): "
            "install one (Debian/Ubuntu: apt install gcc; macOS: xcode-select --install)"
        )
    return ""


def compiler_command() -> str:
    """The command that names the C compiler: ``CC`` from the environment, else Python's."""
    return os.environ.get("CC") or str(sysconfig.get_config_var("CC") or "")


def find_compiler() -> str | None:
    """The C compiler Python builds extensions with (``CC`` from the environment, as setuptools
    takes it, else the one Python was built with): its path, "" if it is not installed, or
    ``None`` where neither names one (Windows: left to mypyc to find)."""
    command = compiler_command()
    if not command:
        return None
    return shutil.which(command.split()[0]) or ""


def build(source: Path, out: Path, opt_level: int = 3) -> int:
    """Compile ``source`` (a tycoon package directory) into ``out``, stamped; return how many
    modules were compiled. The build is made beside ``out`` and moved there only once it is
    complete, so a failed build leaves what was there before. :class:`TycoonError` says why a
    build failed."""
    reason = missing_tools()
    if reason:
        raise TycoonError(f"cannot build the compiled tycoon: {reason}")
    stamp = compiled.stamp_for(source)
    out = out.resolve()
    work = out.with_name(out.name + ".building")
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    try:
        shutil.copytree(
            source, work / "tycoon", ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd")
        )
        modules = module_paths(source)
        result = subprocess.run(
            [sys.executable, "-m", "mypyc", *modules],
            cwd=work,
            capture_output=True,
            text=True,
            check=False,
            env={**os.environ, "MYPYC_OPT_LEVEL": str(opt_level), compiled.ENV_SWITCH: "0"},
        )
        if result.returncode:
            tail = (result.stdout + result.stderr).strip().splitlines()[-12:]
            raise TycoonError("mypyc could not compile tycoon:\n" + "\n".join(tail))
        shutil.rmtree(work / "build", ignore_errors=True)  # C sources and object files
        (work / compiled.STAMP).write_text(json.dumps(stamp, indent=1) + "\n")
        if out.exists():
            shutil.rmtree(out)
        work.rename(out)
    finally:
        if work.exists():
            shutil.rmtree(work, ignore_errors=True)
    return len(modules)


def location_or_error() -> Path:
    location = compiled.default_location()
    if location is None:
        raise TycoonError(
            "tycoon accelerate keeps the build in the user's cache directory, found with "
            f"platformdirs: pip install 'tycoon[accelerate]' (or set {compiled.ENV_DIR})"
        )
    return location


def accelerate(
    remove: Annotated[bool, typer.Option("--remove", help="delete the compiled build")] = False,
    force: Annotated[bool, typer.Option("--force", help="rebuild even if up to date")] = False,
    opt_level: Annotated[
        int, typer.Option(help="the C compiler's optimisation level (0: quick to build)", min=0)
    ] = 3,
) -> None:
    """Compile tycoon's engine and games (mypyc) for faster play, simulation and bots."""
    out = make_console()
    location = location_or_error()
    if remove:
        if not location.exists():
            out.print(f"there is no compiled build in {location}")
            return
        shutil.rmtree(location)
        out.print(f"removed the compiled build in {location}: tycoon runs from source")
        return
    if opt_level > 3:
        raise TycoonError("--opt-level is 0, 1, 2 or 3")
    status = compiled.check(location)
    if status is not None and status.active and not force:
        out.print(f"the compiled build in {location} is up to date (--force builds it again)")
        return
    reason = missing_tools()
    if reason:
        raise TycoonError(f"cannot build the compiled tycoon: {reason}")
    count = len(module_paths(compiled.SOURCE))
    out.print(
        f"compiling {count} modules of tycoon {compiled.version_of()} with mypyc into "
        f"{location} (this takes a few minutes)..."
    )
    start = time.monotonic()
    build(compiled.SOURCE, location, opt_level=opt_level)
    minutes, seconds = divmod(round(time.monotonic() - start), 60)
    out.print(
        f"built in {minutes}m{seconds:02d}s: tycoon play, simulate, tournament and serve now use "
        "it (tycoon accelerate --remove to go back to the source)"
    )
