"""Shared test set-up: the sealed-auction test game is registered for the whole session."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from sealed_auction import SealedAuction

import tycoon  # noqa: F401  (registers the built-in games)
from tycoon.core import registry

if "sealed-auction" not in {spec.name for spec in registry.game_specs()}:
    registry.register(SealedAuction)
