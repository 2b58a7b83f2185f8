"""The ``tycoon`` command line (the only part of tycoon that prints)."""
