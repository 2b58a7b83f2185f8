"""Train a My City agent with action masking (sb3-contrib's MaskablePPO) against random players.

Needs the ``[train]`` extra (``pip install ".[train]"``; for a CPU-only PyTorch install
``torch`` first from a CPU build). From the repository root:

    python examples/train_my_city.py                          # 2 players, 100,000 steps
    python examples/train_my_city.py --players 3 --steps 150000 --curve curve.csv

The learner plays seat 0 of ``--envs`` games at once (a vectorised environment: one batched
forward pass of the network serves every game, which is what makes training fast on a CPU), with
the final rank as its only reward (+1 won, -1 lost; no shaping). Every ``--every`` steps the
policy (greedy: its most likely masked-in id) plays ``--games`` evaluation games against the same
opponents, all at once, on seeds it never trained on; before training, a uniformly random masked
policy plays the same games: the baseline the agent has to beat. Win rates come with 95% Wilson
intervals. The learning curve goes to ``--curve`` (CSV) and ``--picture`` (PNG).
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from pathlib import Path
from typing import Any, cast

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.vec_env import DummyVecEnv

from tycoon import rl
from tycoon.rl.gym_env import TycoonGymEnv
from tycoon.sim.stats import wilson_interval

Row = tuple[int, int, int, float]  # steps, wins, games, mean rank reward


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


def evaluate(envs: list[Features], model: MaskablePPO | None, seed: int) -> tuple[int, float]:
    """Wins of seat 0 and its mean rank reward, one game per environment of ``envs`` played
    side by side (game ``k`` on seed ``seed + k``); ``model`` None: uniformly random masked ids.
    The policy acts greedily, one batched forward pass for every game still going."""
    rng = np.random.default_rng(seed)
    observations = {k: env.reset(seed=seed + k)[0] for k, env in enumerate(envs)}
    wins = 0
    total = 0.0
    while observations:
        going = list(observations)
        masks = np.stack([envs[k].action_masks() for k in going])
        if model is None:
            actions = [int(rng.choice(np.flatnonzero(mask))) for mask in masks]
        else:
            batch = np.stack([observations[k] for k in going])
            predicted, _ = model.predict(batch, action_masks=masks, deterministic=True)
            actions = [int(action) for action in predicted]
        for k, action in zip(going, actions, strict=True):
            observation, reward, terminated, _, info = envs[k].step(np.int64(action))
            if terminated:
                wins += info["ranks"][0] == 1
                total += float(reward)
                del observations[k]
            else:
                observations[k] = observation
    return wins, total / len(envs)


def report(out: Any, label: str, wins: int, games: int, reward: float) -> None:
    low, high = wilson_interval(wins, games)
    out.write(
        f"{label:>22}: wins {wins / games:6.1%} (95% {low:.1%}-{high:.1%}) of {games}, "
        f"mean rank reward {reward:+.3f}\n"
    )
    out.flush()


class Curve(BaseCallback):
    """Evaluates the policy every ``every`` steps and keeps the learning curve."""

    def __init__(self, envs: list[Features], every: int, seed: int, out: Any) -> None:
        super().__init__()
        self.eval_envs = envs
        self.every = every
        self.seed = seed
        self.out = out
        self.rows: list[Row] = []
        self.next = every

    def _on_step(self) -> bool:
        if self.num_timesteps >= self.next:
            self.next += self.every
            self.record(self.num_timesteps)
        return True

    def record(self, steps: int) -> None:
        model = cast(MaskablePPO, self.model)
        wins, reward = evaluate(self.eval_envs, model, self.seed)
        games = len(self.eval_envs)
        self.rows.append((steps, wins, games, reward))
        report(self.out, f"{steps:,} steps", wins, games, reward)


def save_curve(rows: list[Row], path: Path) -> None:
    with path.open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["steps", "wins", "games", "win_rate", "low95", "high95", "mean_reward"])
        for steps, wins, games, reward in rows:
            low, high = wilson_interval(wins, games)
            writer.writerow(
                [
                    steps,
                    wins,
                    games,
                    f"{wins / games:.4f}",
                    f"{low:.4f}",
                    f"{high:.4f}",
                    f"{reward:.4f}",
                ]
            )


def save_picture(rows: list[Row], baseline: Row, path: Path, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    steps = [row[0] for row in rows]
    rates = [row[1] / row[2] for row in rows]
    bands = [wilson_interval(row[1], row[2]) for row in rows]
    figure, axes = plt.subplots(figsize=(7, 4), dpi=100)
    axes.fill_between(
        steps, [b[0] for b in bands], [b[1] for b in bands], alpha=0.25, label="95% Wilson interval"
    )
    axes.plot(steps, rates, marker="o", label="MaskablePPO (greedy)")
    base = baseline[1] / baseline[2]
    axes.axhline(base, color="grey", linestyle="--", label=f"random masked policy ({base:.0%})")
    axes.set_xlabel("training steps (the learner's decisions)")
    axes.set_ylabel(f"win rate over {baseline[2]} games")
    axes.set_ylim(0, 1)
    axes.set_title(title)
    axes.grid(alpha=0.3)
    axes.legend(loc="lower right")
    figure.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path)
    plt.close(figure)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--opponents", default="random")
    parser.add_argument("--steps", type=int, default=100_000)
    parser.add_argument("--every", type=int, default=10_000)
    parser.add_argument("--games", type=int, default=200, help="evaluation games each time")
    parser.add_argument("--envs", type=int, default=16, help="games played side by side")
    parser.add_argument("--threads", type=int, default=1, help="PyTorch CPU threads")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--curve", type=Path, default=Path("examples/my_city_curve.csv"))
    parser.add_argument(
        "--picture", type=Path, default=Path("docs/pictures/my_city_learning_curve.png")
    )
    args = parser.parse_args(argv)
    out = sys.stdout
    start = time.perf_counter()
    torch.set_num_threads(args.threads)
    eval_envs = [make_env(args.players, args.opponents) for _ in range(args.games)]
    eval_seed = 1_000_000
    wins, reward = evaluate(eval_envs, None, eval_seed)
    baseline: Row = (0, wins, args.games, reward)
    report(out, "random masked policy", wins, args.games, reward)
    env = DummyVecEnv([lambda: make_env(args.players, args.opponents) for _ in range(args.envs)])
    n_steps = max(2048 // args.envs, 16)
    model = MaskablePPO(
        "MlpPolicy",
        env,
        seed=args.seed,
        n_steps=n_steps,
        batch_size=512,
        n_epochs=10,
        learning_rate=3e-4,
        gamma=1.0,
        gae_lambda=0.95,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [128, 128]},
        verbose=0,
    )
    curve = Curve(eval_envs, args.every, eval_seed, out)
    curve.rows.append(baseline)
    model.learn(total_timesteps=args.steps, callback=curve)
    elapsed = time.perf_counter() - start
    save_curve(curve.rows, args.curve)
    title = (
        f"My City, {args.players} players, MaskablePPO against {args.opponents} "
        f"({elapsed / 60:.1f} min)"
    )
    save_picture(curve.rows, baseline, args.picture, title)
    out.write(
        f"wall time {elapsed:.0f} s; learning curve written to {args.curve} and {args.picture}\n"
    )


if __name__ == "__main__":
    main()
