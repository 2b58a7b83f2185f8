"""A Gymnasium environment: one seat learns, tycoon's bots play every other seat from their views.

``reset`` plays the bots until the learner's first decision; each ``step`` applies the learner's
action and plays the bots until the learner must decide again or the game ends. The reward is 0
until the last step, then the learner's final reward (see ``final_rewards``).

An id that is not legal raises :class:`IllegalActionError` (``illegal="raise"``, the default), or
with ``illegal="end"`` ends the episode at once with ``illegal_reward`` (for trainers and checkers
that sample actions without the mask, such as Gymnasium's ``check_env``).
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np

from tycoon.core import Game, IllegalActionError, SeededRng, TycoonError, derive_seed
from tycoon.core.players import Bot, make_bot
from tycoon.rl.core import Observation, Table, check_reward, env_name, final_rewards, seed_from


def parse_opponents(opponents: str, game: Game[Any, Any, Any], seat: int) -> list[str]:
    """Seat codes for the seats other than ``seat``, in seat order: a comma-separated list with
    one code per other seat, or a single code every other seat plays."""
    codes = [code.strip() for code in opponents.split(",") if code.strip()]
    others = game.players - 1
    if len(codes) == 1:
        codes = codes * others
    if len(codes) != others:
        raise TycoonError(
            f"{game.players} players need {others} opponent seat codes, not {len(codes)} "
            f"({opponents!r})"
        )
    return codes


class TycoonGymEnv(gymnasium.Env[Observation, np.int64]):
    """One seat of a tycoon game as a Gymnasium environment against bots."""

    def __init__(
        self,
        game: Game[Any, Any, Any],
        seat: int = 0,
        opponents: str = "random",
        reward: str = "rank",
        render_mode: str | None = None,
        illegal: str = "raise",
        illegal_reward: float = -1.0,
    ) -> None:
        if illegal not in ("raise", "end"):
            raise TycoonError(f"illegal is 'raise' or 'end', not {illegal!r}")
        if not 0 <= seat < game.players:
            raise TycoonError(f"seat {seat} is not a seat of a {game.players}-player game")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r} is not supported (only 'ansi')")
        self.table = Table(game)
        self.metadata = {
            "render_modes": ["ansi"],
            "name": env_name(game, self.table.encoding.layout),
            "rules_version": game.spec.version,
            "layout": self.table.encoding.layout,
        }
        self.seat = seat
        self.codes = parse_opponents(opponents, game, seat)
        self.reward = check_reward(reward)
        self.render_mode = render_mode
        self.illegal = illegal
        self.illegal_reward = illegal_reward
        self._ended = False
        self.observation_space = self.table.observation_space  # type: ignore[assignment]
        self.action_space = self.table.action_space
        self._generator = np.random.default_rng()
        self._bots: dict[int, Bot] = {}
        self._make_bots(0)  # a wrong seat code is refused here, not at the first reset

    def _make_bots(self, seed: int) -> None:
        game = self.table.game
        others = [s for s in range(game.players) if s != self.seat]
        self._bots = {
            other: make_bot(code, game, other, SeededRng(derive_seed(seed, other + 1)))
            for other, code in zip(others, self.codes, strict=True)
        }

    def _play_bots(self) -> None:
        """Let the bots move until the learner must decide or the game is over."""
        table = self.table
        game = table.game
        while True:
            to_act = table.to_act()
            if not to_act or self.seat in to_act:
                return
            seat = to_act[0]
            legal = game.legal_actions(table.state, seat)
            action = self._bots[seat].choose(game.observe(table.state, seat), legal)
            table.play(action)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._generator = np.random.default_rng(seed)
        game_seed = seed_from(self._generator)
        self.table.reset(game_seed)
        self._make_bots(game_seed)
        self._play_bots()
        self._ended = False
        return self.table.observation(self.seat), {}

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        table = self.table
        if self._ended or table.outcome() is not None:
            raise IllegalActionError("the episode is over: reset the environment")
        try:
            chosen = table.action(self.seat, action)
        except IllegalActionError as error:
            if self.illegal == "raise":
                raise
            # illegal="end": the episode ends on the spot with illegal_reward; the game is
            # left as it was.
            self._ended = True
            observation = table.observation(self.seat)
            return observation, self.illegal_reward, True, False, {"illegal": error.reason}
        if chosen is None:
            raise IllegalActionError("the learner cannot wait: it has a move to make")
        table.play(chosen)
        self._play_bots()
        outcome = table.outcome()
        observation = table.observation(self.seat)
        if outcome is None:
            return observation, 0.0, False, False, {}
        reward = final_rewards(outcome, self.reward)[self.seat]
        info = {"ranks": outcome.ranks, "scores": outcome.scores}
        return observation, reward, True, False, info

    def action_masks(self) -> np.ndarray:
        """The legal ids now, as booleans (the hook sb3-contrib's MaskablePPO reads)."""
        return self.table.mask(self.seat).astype(bool)

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return self.table.render(self.seat)
