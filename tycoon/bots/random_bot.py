"""``random``: a uniformly random legal choice (each choice alike, then a uniform amount)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tycoon.core.actions import Action, sample_choice
from tycoon.core.players import Bot, register_bot


class RandomBot(Bot):
    def choose(self, view: Any, legal: Sequence[Any]) -> Action:
        return sample_choice(legal, self.rng)


register_bot(
    "random",
    RandomBot,
    "uniformly random legal moves (seeded, so simulations repeat)",
)
