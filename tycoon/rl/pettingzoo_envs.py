"""PettingZoo environments over any registered tycoon game: AEC (turns) and Parallel (joint steps).

Agents are ``seat_0 .. seat_{n-1}``. The AEC environment selects the seat the game waits for (the
first pending seat during a sealed step, so the commits of a sealed step are taken one after the
other, each hidden from the others' views). The Parallel environment asks every seat at once: the
seats the game waits for choose (all the commits of a sealed step in one joint step), every other
seat must take the *wait* id. Rewards are given once the game is over (see ``final_rewards``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from tycoon.core import Game, IllegalActionError
from tycoon.rl.core import (
    Observation,
    Table,
    agent_name,
    check_reward,
    env_name,
    final_rewards,
    seed_from,
)


def _metadata(table: Table) -> dict[str, Any]:
    return {
        "render_modes": ["ansi"],
        "name": env_name(table.game, table.encoding.layout),
        "is_parallelizable": True,
        "rules_version": table.game.spec.version,
        "layout": table.encoding.layout,
    }


class TycoonAECEnv(AECEnv[str, Observation, int]):
    """A tycoon game as a PettingZoo AEC environment."""

    def __init__(
        self, game: Game[Any, Any, Any], reward: str = "rank", render_mode: str | None = None
    ) -> None:
        super().__init__()
        self.table = Table(game)
        self.metadata = _metadata(self.table)
        self.reward = check_reward(reward)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r} is not supported (only 'ansi')")
        self.render_mode = render_mode
        self.possible_agents = [agent_name(seat) for seat in range(game.players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._generator = np.random.default_rng()
        self.agents: list[str] = []
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection = self.possible_agents[0]

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.table.observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.table.action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._generator = np.random.default_rng(seed)
        self.table.reset(seed_from(self._generator))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self._select()

    def _select(self) -> None:
        to_act = self.table.to_act()
        if to_act:
            self.agent_selection = self.possible_agents[to_act[0]]

    def observe(self, agent: str) -> Observation:
        return self.table.observation(self._seats[agent])

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The selected agent's observation (made now, only for it), cumulative reward,
        termination, truncation and info: PettingZoo's ``last`` without its indirections."""
        agent = self.agent_selection
        table = self.table
        seat = self._seats[agent]
        return (
            # Table.observation's dictionary, made here (one call fewer a step).
            {"observation": table.features(seat), "action_mask": table.mask(seat)}
            if observe
            else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalActionError(f"{agent} must choose an action: it is its turn")
        chosen = self.table.action(self._seats[agent], action)
        if chosen is None:
            raise IllegalActionError(f"{agent} cannot wait: it has a move to make")
        # Rewards come only at the end, so while the game goes on every reward is 0 and
        # nothing needs clearing or adding up (the acting agent's cumulative reward, which
        # PettingZoo sets back to 0 here, is 0 already: set so at reset, changed only once the
        # game is over). One pass: the move, then who acts next (a game is over exactly when
        # nobody is to act, and only then is its outcome asked for).
        table = self.table
        to_act = table.advance(chosen)
        if to_act:
            self.agent_selection = self.possible_agents[to_act[0]]
            return
        outcome = table.outcome()
        if outcome is None:
            raise IllegalActionError(f"{table.game.spec.name}: nobody is to act, yet no outcome")
        self._clear_rewards()
        for seat, value in enumerate(final_rewards(outcome, self.reward)):
            name = self.possible_agents[seat]
            self.rewards[name] = value
            self.terminations[name] = True
            self.infos[name] = {"ranks": outcome.ranks, "scores": outcome.scores}
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return self.table.render(self._seats[self.agent_selection])

    def close(self) -> None:
        pass


class TycoonParallelEnv(ParallelEnv[str, Observation, int]):
    """A tycoon game as a PettingZoo Parallel environment (see the module's docstring)."""

    def __init__(
        self, game: Game[Any, Any, Any], reward: str = "rank", render_mode: str | None = None
    ) -> None:
        self.table = Table(game)
        self.metadata = _metadata(self.table)
        self.reward = check_reward(reward)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r} is not supported (only 'ansi')")
        self.render_mode = render_mode
        self.possible_agents = [agent_name(seat) for seat in range(game.players)]
        self.agents: list[str] = []
        self._generator = np.random.default_rng()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.table.observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.table.action_space

    def _observations(self) -> dict[str, Observation]:
        return {
            agent: self.table.observation(seat) for seat, agent in enumerate(self.possible_agents)
        }

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        if seed is not None:
            self._generator = np.random.default_rng(seed)
        self.table.reset(seed_from(self._generator))
        self.agents = list(self.possible_agents)
        return self._observations(), {agent: {} for agent in self.agents}

    def step(
        self, actions: dict[str, int]
    ) -> tuple[
        dict[str, Observation],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        if not self.agents:
            raise IllegalActionError("the game is over: reset the environment")
        # Check every seat's id before anything is played, so a bad joint action changes nothing.
        table = self.table
        chosen = []
        for seat, agent in enumerate(self.possible_agents):
            if agent not in actions:
                raise IllegalActionError(f"the joint action has no id for {agent}")
            action = table.action(seat, actions[agent])
            if action is not None:
                chosen.append(action)
        for action in chosen:
            table.play(action)
        outcome = table.outcome()
        rewards = dict.fromkeys(self.agents, 0.0)
        done = outcome is not None
        infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        if outcome is not None:
            for seat, value in enumerate(final_rewards(outcome, self.reward)):
                rewards[self.possible_agents[seat]] = value
                infos[self.possible_agents[seat]] = {
                    "ranks": outcome.ranks,
                    "scores": outcome.scores,
                }
        observations = self._observations()
        terminations = dict.fromkeys(self.agents, done)
        truncations = dict.fromkeys(self.agents, False)
        if done:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return "\n".join(
            f"== {agent} ==\n{self.table.render(seat)}"
            for seat, agent in enumerate(self.possible_agents)
        )

    def close(self) -> None:
        pass
