"""Every tycoon game as a PettingZoo and Gymnasium environment (install the ``[rl]`` extra).

>>> from tycoon import rl
>>> env = rl.env("my-city", players=4)                    # PettingZoo AEC
>>> par = rl.parallel_env("milton-keynes", players=3)     # PettingZoo Parallel
>>> gym = rl.gym_env("estates", seat=0, opponents="greedy,random,random")

Observations are ``{"observation": float32[...], "action_mask": int8[...]}``: the encoding of the
seat's view only (its game's ``encoding.py``, documented in ``docs/rl.md``) and the legal ids.
Actions are ids into the game's fixed table of action templates, the last id being *wait*.
``reward`` is ``"rank"`` (+1 first .. -1 last), ``"score"`` or ``"win"``, given at the end.
"""

from __future__ import annotations

from typing import Any

from tycoon.core import make
from tycoon.rl.core import REWARDS, Table, final_rewards
from tycoon.rl.gym_env import TycoonGymEnv
from tycoon.rl.pettingzoo_envs import TycoonAECEnv, TycoonParallelEnv


def env(
    game: str,
    players: int | None = None,
    *,
    reward: str = "rank",
    render_mode: str | None = None,
    **options: Any,
) -> TycoonAECEnv:
    """A PettingZoo AEC environment of ``game`` with these players and options."""
    return TycoonAECEnv(make(game, players, **options), reward=reward, render_mode=render_mode)


def parallel_env(
    game: str,
    players: int | None = None,
    *,
    reward: str = "rank",
    render_mode: str | None = None,
    **options: Any,
) -> TycoonParallelEnv:
    """A PettingZoo Parallel environment: a sealed simultaneous step is one joint step."""
    return TycoonParallelEnv(make(game, players, **options), reward=reward, render_mode=render_mode)


def gym_env(
    game: str,
    seat: int = 0,
    opponents: str = "random",
    players: int | None = None,
    *,
    reward: str = "rank",
    render_mode: str | None = None,
    illegal: str = "raise",
    illegal_reward: float = -1.0,
    **options: Any,
) -> TycoonGymEnv:
    """A Gymnasium environment: ``seat`` learns, the other seats play the bots ``opponents``
    names (one seat code each, comma-separated, or one code for all). Without ``players``, the
    count follows the opponents listed, or the game's usual count for a single code. An illegal
    id raises, or with ``illegal="end"`` ends the episode with ``illegal_reward``."""
    codes = [code for code in opponents.split(",") if code.strip()]
    if players is None and len(codes) > 1:
        players = len(codes) + 1
    return TycoonGymEnv(
        make(game, players, **options),
        seat=seat,
        opponents=opponents,
        reward=reward,
        render_mode=render_mode,
        illegal=illegal,
        illegal_reward=illegal_reward,
    )


__all__ = [
    "REWARDS",
    "Table",
    "TycoonAECEnv",
    "TycoonGymEnv",
    "TycoonParallelEnv",
    "env",
    "final_rewards",
    "gym_env",
    "parallel_env",
]
