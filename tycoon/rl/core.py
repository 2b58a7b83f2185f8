"""What every tycoon environment shares: one seeded game, the numpy spaces, masks and rewards.

A :class:`Table` holds the game, its encoding, the state and the seeded source of chance. It turns
a seat's view into the observation ``{"observation": float32[size], "action_mask": int8[n + 1]}``
and an action id back into the concrete legal action the encoding gives it. Id ``n`` (the last)
is *wait*: the only id a seat with nothing to decide may take (the Parallel API's no-op).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from tycoon.core import Action, Game, IllegalActionError, Outcome, SeededRng, TycoonError
from tycoon.core.encoding import Canvas, Encoding, LegalIds
from tycoon.core.text import plain

REWARDS = ("rank", "score", "win")
Observation = dict[str, np.ndarray]


def agent_name(seat: int) -> str:
    return f"seat_{seat}"


def final_rewards(outcome: Outcome, reward: str) -> list[float]:
    """Each seat's reward once the game is over.

    - ``rank``: +1 for first place, -1 for last, evenly between (tied seats share a rank, so
      they share a reward); with one seat, +1.
    - ``score``: the game's final score (prestige, money, ... as its outcome reports it).
    - ``win``: 1 for every seat ranked first, 0 for the others.
    """
    players = len(outcome.ranks)
    if reward == "rank":
        if players == 1:
            return [1.0]
        return [1.0 - 2.0 * (rank - 1) / (players - 1) for rank in outcome.ranks]
    if reward == "score":
        return [float(score) for score in outcome.scores]
    if reward == "win":
        return [1.0 if rank == 1 else 0.0 for rank in outcome.ranks]
    raise TycoonError(f"unknown reward {reward!r} (choose from {', '.join(REWARDS)})")


def check_reward(reward: str) -> str:
    if reward not in REWARDS:
        raise TycoonError(f"unknown reward {reward!r} (choose from {', '.join(REWARDS)})")
    return reward


class Table:
    """One game being played, seen seat by seat through the game's encoding."""

    def __init__(self, game: Game[Any, Any, Any]) -> None:
        self.game = game
        self.encoding: Encoding[Any] = game.encoding()
        self.wait = self.encoding.actions
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    low=-np.inf, high=np.inf, shape=(self.encoding.size,), dtype=np.float32
                ),
                "action_mask": spaces.Box(
                    low=0, high=1, shape=(self.encoding.actions + 1,), dtype=np.int8
                ),
            }
        )
        self.action_space = spaces.Discrete(self.encoding.actions + 1)
        self.seed = 0
        self.rng = SeededRng(0)
        self.state: Any = None
        self.steps = 0
        self._legal_cache: tuple[Any, int, LegalIds] | None = None
        # One persistent canvas per seat: its buffer holds the seat's last observation, so an
        # encoding writes only what changed since (each observation handed out is a copy).
        self._canvases: dict[int, Canvas] = {}
        self._mask_bytes = (self.encoding.actions + 1 + 7) // 8
        self._wait_mask = np.zeros(self.encoding.actions + 1, dtype=np.int8)
        self._wait_mask[self.wait] = 1

    def reset(self, seed: int) -> None:
        """A new game from ``seed``: the same seed sets up and plays out the same game."""
        self.seed = seed
        self.rng = SeededRng(seed)
        self.state = self.game.initial_state(self.rng)
        self.steps = 0
        self._legal_cache = None

    def to_act(self) -> tuple[int, ...]:
        result: tuple[int, ...] = self.game.to_act(self.state)
        return result

    def legal_ids(self, seat: int) -> LegalIds:
        """The legal ids of ``seat`` now and their actions (kept for the current state)."""
        cached = self._legal_cache
        if cached is not None and cached[0] is self.state and cached[1] == seat:
            return cached[2]
        ids = self.encoding.legal_ids(self.game.legal_actions(self.state, seat))
        self._legal_cache = (self.state, seat, ids)
        return ids

    def mask(self, seat: int) -> np.ndarray:
        """The legal ids of ``seat`` now as 0/1 (only *wait* when it has nothing to decide)."""
        if seat not in self.to_act():
            return self._wait_mask.copy()
        ids = self.legal_ids(seat)
        if not ids:
            return self._wait_mask.copy()
        bits = ids.bits
        if bits is not None:
            packed = np.frombuffer(bits.to_bytes(self._mask_bytes, "little"), dtype=np.uint8)
            unpacked = np.unpackbits(packed, count=self.wait + 1, bitorder="little")
            return unpacked.view(np.int8)
        mask = np.zeros(self.wait + 1, dtype=np.int8)
        if len(ids) <= 16:
            for index in ids:
                mask[index] = 1
        else:
            mask[np.fromiter(ids, dtype=np.intp, count=len(ids))] = 1
        return mask

    def features(self, seat: int) -> np.ndarray:
        """The encoding of ``seat``'s view now (a new array)."""
        canvas = self._canvases.get(seat)
        if canvas is None:
            canvas = Canvas(np.zeros(self.encoding.size, dtype=np.float32), {})
            self._canvases[seat] = canvas
        self.encoding.encode(self.game.observe(self.state, seat), canvas)
        features: np.ndarray = canvas.data.copy()
        return features

    def observation(self, seat: int) -> Observation:
        return {"observation": self.features(seat), "action_mask": self.mask(seat)}

    def action(self, seat: int, action_id: Any) -> Action | None:
        """The concrete action of ``action_id`` for ``seat``, ``None`` for a legal wait; an id that
        is not legal now raises :class:`IllegalActionError` and changes nothing."""
        if type(action_id) is int:
            index = action_id
        else:
            try:
                index = int(action_id)
            except (TypeError, ValueError):
                raise IllegalActionError(f"an action is an integer id, not {action_id!r}") from None
        ids = self.legal_ids(seat)
        found: Action | None = ids.get(index)
        if found is not None:
            return found
        if index == self.wait and not ids:
            return None
        if not 0 <= index <= self.wait:
            raise IllegalActionError(f"action id {index} is outside 0..{self.wait}")
        label = "wait" if index == self.wait else self.encoding.labels[index]
        reason = "it has a move to make" if index == self.wait else "it is not legal now"
        raise IllegalActionError(
            f"{agent_name(seat)} cannot take action {index} ({label}): {reason}"
        )

    def play(self, action: Action) -> None:
        """Apply a legal action (one the encoding gave, so legality is already settled)."""
        self.state = self.game.transition(self.state, action, self.rng)
        self.steps += 1

    def outcome(self) -> Outcome | None:
        result: Outcome | None = self.game.outcome(self.state)
        return result

    def render(self, seat: int) -> str:
        """The game's text picture of ``seat``'s view, markup stripped."""
        return plain(self.game.render_text(self.game.observe(self.state, seat)))


def seed_from(generator: np.random.Generator) -> int:
    """A game seed drawn from a seeded numpy generator (so resets without a seed still follow
    the first seed given)."""
    return int(generator.integers(0, 2**63 - 1))
