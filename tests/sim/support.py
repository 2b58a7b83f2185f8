"""Running the ``tycoon`` command inside a test (stdin never a terminal)."""

from __future__ import annotations

import io
import sys

import pytest

from tycoon.cli.main import run


def tycoon(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str, stdin: str = ""
) -> tuple[int, str, str]:
    """Run the ``tycoon`` command in this process: its exit status, standard output and error."""
    monkeypatch.setattr(sys, "argv", ["tycoon", *args])
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    with pytest.raises(SystemExit) as exit_info:
        run()
    captured = capsys.readouterr()
    code = exit_info.value.code
    return (code if isinstance(code, int) else 0), captured.out, captured.err
