"""Balance reports: win rates with 95% intervals by seat and by role, scores, game length."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tycoon.sim.runner import GameResult
from tycoon.sim.stats import Summary, wilson_interval


@dataclass
class Tally:
    """Games played, wins (tied winners share one) and scores of one seat or one role."""

    games: int = 0
    wins: float = 0.0
    scores: Summary = field(default_factory=Summary)

    def add(self, score: float, win_share: float) -> None:
        self.games += 1
        self.wins += win_share
        self.scores.add(score)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)


@dataclass
class SeatLine(Tally):
    seat: int = 0
    code: str = ""


@dataclass
class RoleLine(Tally):
    role: str = ""


@dataclass
class PositionLine(Tally):
    position: int = 0  # 0: the first player


@dataclass
class BotLine(Tally):
    code: str = ""


@dataclass
class Report:
    """Everything a designer reads after a run; filled one game result at a time."""

    game: str
    seats: tuple[str, ...]
    options: dict[str, Any]
    seed: int
    games: int = 0
    unfinished: int = 0
    lines: list[SeatLine] = field(default_factory=list)
    roles: dict[str, RoleLine] = field(default_factory=dict)
    length: Summary = field(default_factory=Summary)
    statistics: dict[str, Summary] = field(default_factory=dict)
    positions: dict[int, PositionLine] = field(default_factory=dict)
    bots: dict[str, BotLine] = field(default_factory=dict)
    rotate: bool = False

    def __post_init__(self) -> None:
        self.lines = [SeatLine(seat=i, code=code) for i, code in enumerate(self.seats)]

    def add(self, result: GameResult) -> None:
        self.games += 1
        self.unfinished += int(result.unfinished)
        self.length.add(result.steps)
        winners = [s for s, rank in enumerate(result.ranks) if rank == 1]
        share = 1.0 / len(winners)
        for seat, line in enumerate(self.lines):
            line.add(result.scores[seat], share if seat in winners else 0.0)
        if result.roles is not None:
            for seat, role in enumerate(result.roles):
                role_line = self.roles.setdefault(role, RoleLine(role=role))
                role_line.add(result.scores[seat], share if seat in winners else 0.0)
        codes = result.codes or self.seats
        for seat, code in enumerate(codes):
            bot_line = self.bots.setdefault(code, BotLine(code=code))
            bot_line.add(result.scores[seat], share if seat in winners else 0.0)
        for seat, position in enumerate(result.positions):
            position_line = self.positions.setdefault(position, PositionLine(position=position))
            position_line.add(result.scores[seat], share if seat in winners else 0.0)
        for key, value in result.statistics.items():
            self.statistics.setdefault(key, Summary()).add(value)

    def extend(self, results: Iterable[GameResult]) -> Report:
        for result in results:
            self.add(result)
        return self

    def role_lines(self) -> Sequence[RoleLine]:
        return [self.roles[name] for name in sorted(self.roles)]

    def position_lines(self) -> Sequence[PositionLine]:
        return [self.positions[p] for p in sorted(self.positions)]

    def bot_lines(self) -> Sequence[BotLine]:
        return [self.bots[code] for code in sorted(self.bots)]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "seats": list(self.seats),
            "options": self.options,
            "seed": self.seed,
            "games": self.games,
            "unfinished": self.unfinished,
            "seat_results": [
                {
                    "seat": line.seat + 1,
                    "code": line.code,
                    "wins": line.wins,
                    "win_rate": line.win_rate,
                    "win_rate_95": list(line.interval),
                    "score": line.scores.to_json(),
                }
                for line in self.lines
            ],
            "role_results": [
                {
                    "role": line.role,
                    "games": line.games,
                    "wins": line.wins,
                    "win_rate": line.win_rate,
                    "win_rate_95": list(line.interval),
                    "score": line.scores.to_json(),
                }
                for line in self.role_lines()
            ],
            "position_results": [
                {"position": line.position + 1, **_tally_json(line)}
                for line in self.position_lines()
            ],
            "bot_results": [{"code": line.code, **_tally_json(line)} for line in self.bot_lines()],
            "rotate": self.rotate,
            "length": self.length.to_json(),
            "statistics": {k: v.to_json() for k, v in sorted(self.statistics.items())},
        }


def _tally_json(line: Tally) -> dict[str, Any]:
    return {
        "games": line.games,
        "wins": line.wins,
        "win_rate": line.win_rate,
        "win_rate_95": list(line.interval),
        "score": line.scores.to_json(),
    }
