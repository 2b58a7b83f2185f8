"""Shared test set-up: the sealed-auction test game is registered for the whole session, and the
tests run on the source."""

from __future__ import annotations

import os
import sys
from pathlib import Path

# The tests test this source: never a compiled build from the user's cache (tycoon accelerate),
# in this process or in the ``tycoon`` commands the tests start.
os.environ["TYCOON_COMPILED"] = "0"

sys.path.insert(0, str(Path(__file__).parent))

from sealed_auction import SealedAuction

import tycoon  # noqa: F401  (registers the built-in games)
from tycoon.core import registry

if "sealed-auction" not in {spec.name for spec in registry.game_specs()}:
    registry.register(SealedAuction)
