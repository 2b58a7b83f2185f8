"""Simulation: many seeded games between bots, aggregated into balance reports."""

from tycoon.sim.report import Report, RoleLine, SeatLine
from tycoon.sim.runner import GameResult, GameTask, make_bots, play_match, simulate
from tycoon.sim.stats import Summary, wilson_interval

__all__ = [
    "GameResult",
    "GameTask",
    "Report",
    "RoleLine",
    "SeatLine",
    "Summary",
    "make_bots",
    "play_match",
    "simulate",
    "wilson_interval",
]
