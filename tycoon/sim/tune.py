"""Tuning: search option and data values toward a stated target with Optuna (``[analysis]``).

A target is ``equal-roles`` (``equal-seats``, ``equal-positions``): make the groups' win rates
even, that is minimise ``imbalance:roles``; or ``FIGURE=VALUE`` (``length=120``,
``role:King=25%``): bring a figure to a value. Every trial plays the same seeds (common random
numbers), so trials differ by their settings only; the best settings are then played again on
fresh seeds, and those figures are the ones to trust (a search picks, among many noisy trials,
one that was also lucky).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from tycoon.core import OptionError
from tycoon.sim.frame import require
from tycoon.sim.runner import GameResult
from tycoon.sim.sweep import Cell, DataCells, Plan, Value, Vary, cell_options, estimate, play_cell

GROUPS = {"equal-roles": "roles", "equal-seats": "seats", "equal-positions": "positions"}
TARGET_HELP = (
    "equal-roles, equal-seats, equal-positions, or FIGURE=VALUE (length=120, role:King=25%)"
)


@dataclass(frozen=True, slots=True)
class Target:
    """What a search minimises: a figure's distance from a value (0 for ``imbalance``)."""

    text: str
    figure: str
    value: float

    def distance(self, cell: Cell) -> float:
        found = estimate(cell.report, self.figure)
        if math.isnan(found.value):
            return math.inf
        return abs(found.value - self.value)


def parse_target(text: str) -> Target:
    if text in GROUPS:
        return Target(text, f"imbalance:{GROUPS[text]}", 0.0)
    figure, sep, value = text.partition("=")
    if not sep or not figure.strip() or not value.strip():
        raise OptionError(f"--target {text!r}: say {TARGET_HELP}")
    value = value.strip()
    scale = 100.0 if value.endswith("%") else 1.0
    try:
        number = float(value.rstrip("%")) / scale
    except ValueError:
        raise OptionError(f"--target {text!r}: {value!r} is not a number") from None
    return Target(text, figure.strip(), number)


@dataclass
class Trial:
    number: int
    values: dict[str, Value]
    distance: float
    cell: Cell


@dataclass
class Tuning:
    target: Target
    trials: list[Trial]
    best: Trial | None = None
    confirmed: Cell | None = None  # the best settings on fresh seeds
    repeats: int = 0  # settings Optuna proposed again (not played again: the same games)

    def ranked(self) -> list[Trial]:
        return sorted(self.trials, key=lambda trial: (trial.distance, trial.number))

    def tried_text(self) -> str:
        """``7 different settings in 10 trials`` (Optuna may propose a setting again; it is not
        played again: the same seeds, the same games), or ``7 settings tried``."""
        tried = len(self.trials)
        if self.repeats:
            return f"{tried} different settings in {tried + self.repeats} trials"
        return f"{tried} settings tried"


def suggest(trial: Any, vary: Vary) -> Value:
    """An Optuna trial's value for one dimension."""
    if vary.choices:
        return trial.suggest_categorical(vary.name, list(vary.choices))  # type: ignore[no-any-return]
    if vary.integer:
        step = max(1, round(vary.step)) if vary.step else 1
        return int(trial.suggest_int(vary.name, round(vary.low), round(vary.high), step=step))
    return float(
        trial.suggest_float(vary.name, vary.low, vary.high, step=vary.step if vary.step else None)
    )


def tune(
    plan: Plan,
    varies: Sequence[Vary],
    target: Target,
    trials: int,
    confirm: int,
    executor: Executor | None = None,
    on_result: Callable[[GameResult], None] | None = None,
    tuning: Tuning | None = None,
) -> Tuning:
    """Search ``trials`` settings with Optuna's TPE sampler (seeded with the run seed, so a
    search repeats), then play the best on ``confirm`` games of fresh seeds (0: skip). Trials are
    appended to ``tuning`` as they finish, so an interrupted search keeps them."""
    optuna = require("optuna")
    # A trial that fails is tycoon's error to report, in one line: not Optuna's traceback.
    optuna.logging.set_verbosity(optuna.logging.ERROR)
    result = tuning if tuning is not None else Tuning(target, [])
    seen: dict[tuple[tuple[str, Value], ...], Trial] = {}
    with DataCells() as data:
        for vary in varies:  # the ends of every range and every choice are playable
            ends: tuple[Value, ...] = (
                (round(vary.low), round(vary.high)) if vary.integer else (vary.low, vary.high)
            )
            for value in vary.choices or ends:
                cell_options(plan.spec, len(plan.seats), plan.base, {vary.name: value}, data)

        def objective(trial: Any) -> float:
            values = {vary.name: suggest(trial, vary) for vary in varies}
            key = tuple(sorted(values.items()))
            if key in seen:  # the same settings on the same seeds: the same games
                result.repeats += 1
                return seen[key].distance
            cell = play_cell(plan, values, data, executor, on_result)
            done = Trial(len(result.trials), values, target.distance(cell), cell)
            seen[key] = done
            result.trials.append(done)
            return done.distance

        sampler = optuna.samplers.TPESampler(seed=plan.seed % 2**32)
        study = optuna.create_study(direction="minimize", sampler=sampler)
        study.optimize(objective, n_trials=trials, catch=())
        result.best = result.ranked()[0] if result.trials else None
        if result.best is not None and confirm > 0:
            fresh = Plan(
                plan.game,
                plan.seats,
                plan.base,
                confirm,
                plan.seed + 1,
                plan.rotate,
                plan.jobs,
                plan.chunk,
            )
            result.confirmed = play_cell(fresh, result.best.values, data, executor, on_result)
    return result
