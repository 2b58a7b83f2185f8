"""Train a My City agent with action masking (sb3-contrib's MaskablePPO) against random players.

Needs the ``[train]`` extra (``pip install ".[train]"``; for a CPU-only PyTorch install
``torch`` first from a CPU build). From the repository root:

    python examples/train_my_city.py                          # 2 players, 40,000 steps
    python examples/train_my_city.py --players 3 --steps 100000 --curve curve.csv

Every ``--every`` steps the policy (greedy: the most likely masked-in id) plays ``--games``
evaluation games against the same opponents, with seeds it never trained on; the learning curve
(steps, win rate, mean rank reward) is written to ``--curve`` as CSV and summarised on stdout.
Before training the same evaluation is run with a uniformly random masked policy: the baseline
the agent has to beat.
"""

from __future__ import annotations

import argparse
import csv
import sys
from pathlib import Path
from typing import Any, cast

import gymnasium
import numpy as np
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback

from tycoon import rl
from tycoon.rl.gym_env import TycoonGymEnv


class Features(gymnasium.ObservationWrapper[np.ndarray, np.int64, dict[str, np.ndarray]]):
    """The observation vector alone (the mask reaches MaskablePPO through ``action_masks``)."""

    def __init__(self, env: TycoonGymEnv) -> None:
        super().__init__(env)
        self.tycoon = env
        self.observation_space = env.table.observation_space["observation"]

    def observation(self, observation: dict[str, np.ndarray]) -> np.ndarray:
        return observation["observation"]

    def action_masks(self) -> np.ndarray:
        return self.tycoon.action_masks()


def make_env(players: int, opponents: str) -> Features:
    return Features(rl.gym_env("my-city", players=players, opponents=opponents))


def evaluate(
    env: Features, model: MaskablePPO | None, games: int, seed: int
) -> tuple[float, float]:
    """Win rate and mean rank reward over ``games`` games (``model`` None: random masked ids)."""
    rng = np.random.default_rng(seed)
    wins = 0
    total = 0.0
    for game in range(games):
        observation, _ = env.reset(seed=seed + game)
        while True:
            masks = env.action_masks()
            if model is None:
                action = int(rng.choice(np.flatnonzero(masks)))
            else:
                predicted, _ = model.predict(observation, action_masks=masks, deterministic=True)
                action = int(predicted)
            observation, reward, terminated, _, info = env.step(np.int64(action))
            if terminated:
                wins += info["ranks"][0] == 1
                total += float(reward)
                break
    return wins / games, total / games


class Curve(BaseCallback):
    """Evaluates the policy every ``every`` steps and keeps the learning curve."""

    def __init__(self, env: Features, every: int, games: int, out: Any) -> None:
        super().__init__()
        self.eval_env = env
        self.every = every
        self.games = games
        self.out = out
        self.rows: list[tuple[int, float, float]] = []

    def _on_step(self) -> bool:
        if self.num_timesteps % self.every == 0:
            self.record(self.num_timesteps)
        return True

    def record(self, steps: int) -> None:
        model = cast(MaskablePPO, self.model)
        win_rate, reward = evaluate(self.eval_env, model, self.games, seed=10_000)
        self.rows.append((steps, win_rate, reward))
        self.out.write(f"{steps:>8} steps: wins {win_rate:6.1%}, mean rank reward {reward:+.3f}\n")
        self.out.flush()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--opponents", default="random")
    parser.add_argument("--steps", type=int, default=40_000)
    parser.add_argument("--every", type=int, default=5_000)
    parser.add_argument("--games", type=int, default=100, help="evaluation games each time")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--curve", type=Path, default=Path("my_city_curve.csv"))
    args = parser.parse_args(argv)
    out = sys.stdout
    env = make_env(args.players, args.opponents)
    eval_env = make_env(args.players, args.opponents)
    env.reset(seed=args.seed)
    win_rate, reward = evaluate(eval_env, None, args.games, seed=10_000)
    out.write(f"random masked policy: wins {win_rate:6.1%}, mean rank reward {reward:+.3f}\n")
    model = MaskablePPO(
        "MlpPolicy",
        env,
        seed=args.seed,
        n_steps=1024,
        batch_size=256,
        learning_rate=3e-4,
        ent_coef=0.01,
        verbose=0,
    )
    curve = Curve(eval_env, args.every, args.games, out)
    curve.rows.append((0, win_rate, reward))
    model.learn(total_timesteps=args.steps, callback=curve)
    with args.curve.open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["steps", "win_rate", "mean_rank_reward"])
        writer.writerows(curve.rows)
    out.write(f"learning curve written to {args.curve}\n")


if __name__ == "__main__":
    main()
