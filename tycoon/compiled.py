"""The compiled build: this tycoon compiled with mypyc, kept in the user's cache directory.

``tycoon accelerate`` compiles the engine and the games of the installed tycoon into
``<user cache>/tycoon/compiled`` (platformdirs; ``TYCOON_COMPILED_DIR`` names another place) and
writes a stamp there: tycoon's version, a hash of its source, the Python it was built for. When
the ``tycoon`` command starts, :func:`activate` (called from ``tycoon/__init__.py`` before any
other module of tycoon is imported) puts the build's package first on ``tycoon.__path__`` if its
stamp matches the source being run, so every module it compiled is imported compiled; the
command then says so in one line. A build that does not match (tycoon upgraded or edited since,
another Python) is not used: the command says why and runs from the source.

Only the ``tycoon`` command switches by itself. Its child processes (``simulate --jobs``, the
server's bot workers) inherit ``TYCOON_COMPILED=1`` and switch too; a program importing tycoon
opts in with ``TYCOON_COMPILED=1``, and ``TYCOON_COMPILED=0`` turns the build off everywhere.

This module uses the standard library only: it runs before the rest of tycoon is imported.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import sysconfig
from dataclasses import dataclass
from pathlib import Path

#: ``"0"``: never use the compiled build; ``"1"``: use it in any process (not only the command).
ENV_SWITCH = "TYCOON_COMPILED"
#: Where the build lives instead of the user's cache directory.
ENV_DIR = "TYCOON_COMPILED_DIR"
STAMP = "stamp.json"
#: The source tycoon this process started from (the build is made from it and checked against it).
SOURCE = Path(__file__).resolve().parent
#: Files of the package that the hash covers (code and the data it loads).
HASHED_SUFFIXES = (".py", ".json", ".html", ".js", ".css", ".toml", ".txt")


@dataclass(frozen=True, slots=True)
class Status:
    """What :func:`activate` found: a build in use, or one left unused and why."""

    location: Path
    active: bool
    reason: str  # why an existing build is not used ("" when it is)

    def line(self) -> str:
        """The one line the command shows about it."""
        if self.active:
            return f"using the compiled build in {self.location}"
        return f"not using the compiled build in {self.location}: {self.reason}; using the source"


#: Set by :func:`activate`: ``None`` when there is no build to speak of (or it was not looked for).
STATUS: Status | None = None


def default_location() -> Path | None:
    """Where ``tycoon accelerate`` builds: ``TYCOON_COMPILED_DIR``, else the user's cache
    directory (``None`` without platformdirs)."""
    chosen = os.environ.get(ENV_DIR)
    if chosen:
        return Path(chosen).expanduser().resolve()
    try:
        from platformdirs import user_cache_dir
    except ImportError:
        return None
    return Path(user_cache_dir("tycoon", appauthor=False)) / "compiled"


def source_hash(root: Path = SOURCE) -> str:
    """SHA-256 over the package's code and data files (relative path and content, in order)."""
    digest = hashlib.sha256()
    files = sorted(
        path
        for path in root.rglob("*")
        if path.suffix in HASHED_SUFFIXES and "__pycache__" not in path.parts and path.is_file()
    )
    for path in files:
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()


def version_of(root: Path = SOURCE) -> str:
    """The ``__version__`` written in a tycoon package's ``__init__.py`` (read, not imported)."""
    for line in (root / "__init__.py").read_text().splitlines():
        if line.startswith("__version__"):
            return line.partition("=")[2].strip().strip("\"'")
    return "unknown"


def stamp_for(root: Path = SOURCE) -> dict[str, str]:
    """The stamp a build of the source ``root`` carries: what must match for it to be used."""
    return {
        "tycoon": version_of(root),
        "source": source_hash(root),
        "python": sys.implementation.cache_tag or "unknown",
        "platform": sysconfig.get_platform(),
    }


def read_stamp(location: Path) -> dict[str, str] | None:
    """The stamp of the build in ``location``; ``None`` if there is no build there."""
    try:
        data = json.loads((location / STAMP).read_text())
    except FileNotFoundError:
        return None
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def mismatch(stamp: dict[str, str], wanted: dict[str, str]) -> str:
    """Why a build stamped ``stamp`` cannot serve the source stamped ``wanted`` ("" if it can)."""
    if not stamp:
        return "its stamp is unreadable (run tycoon accelerate again)"
    if stamp.get("python") != wanted["python"] or stamp.get("platform") != wanted["platform"]:
        return (
            f"it was built for {stamp.get('python')} on {stamp.get('platform')}, this is "
            f"{wanted['python']} on {wanted['platform']} (run tycoon accelerate again)"
        )
    if stamp.get("tycoon") != wanted["tycoon"]:
        return (
            f"it was built for tycoon {stamp.get('tycoon')}, this is tycoon {wanted['tycoon']} "
            "(run tycoon accelerate again)"
        )
    if stamp.get("source") != wanted["source"]:
        return (
            f"tycoon's source has changed since it was built (tycoon {wanted['tycoon']}); "
            "run tycoon accelerate again"
        )
    return ""


def check(location: Path, root: Path = SOURCE) -> Status | None:
    """Whether the build in ``location`` may stand in for the source ``root``."""
    stamp = read_stamp(location)
    if stamp is None:
        return None
    reason = mismatch(stamp, stamp_for(root))
    if not reason and not (location / "tycoon" / "__init__.py").is_file():
        reason = "the build is incomplete (run tycoon accelerate again)"
    return Status(location, not reason, reason)


def is_command() -> bool:
    """Whether this process is the ``tycoon`` command (the script, or ``python -m tycoon``)."""
    if sys.argv and Path(sys.argv[0]).stem in ("tycoon", "tycoon-script"):
        return True
    args = iter(list(getattr(sys, "orig_argv", ()))[1:])
    for arg in args:  # the interpreter's own options, up to -m
        if arg == "-m":
            return next(args, "") == "tycoon"
        if arg in ("-X", "-W"):
            next(args, "")
        elif arg == "-c" or not arg.startswith("-"):
            return False
    return False


def activate(package_path: list[str]) -> Status | None:
    """Put a matching compiled build first on the ``tycoon`` package's ``package_path``; keep
    the result in :data:`STATUS` for the command to show. Nothing happens outside the command
    (unless ``TYCOON_COMPILED=1``), with ``TYCOON_COMPILED=0``, or without a build."""
    global STATUS
    switch = os.environ.get(ENV_SWITCH, "")
    if switch == "0" or (switch != "1" and not is_command()):
        return None
    location = default_location()
    if location is None:
        return None
    status = check(location)
    if status is not None and status.active:
        package_path.insert(0, str(location / "tycoon"))
        sys.path.append(str(location))  # the library the compiled modules share
        os.environ[ENV_SWITCH] = "1"  # child processes (workers) use it too
    STATUS = status
    return status


def in_use() -> bool:
    """Whether the compiled build was activated in this process."""
    return STATUS is not None and STATUS.active
