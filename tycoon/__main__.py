"""``python -m tycoon`` is the ``tycoon`` command."""

from tycoon.cli.main import run

run()
