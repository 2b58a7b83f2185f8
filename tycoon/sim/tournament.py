"""Tournaments between bots: rotated seatings, win rates with 95% intervals, a head-to-head
table and ratings.

The entries are seat codes, repeats allowed (``ismcts,greedy,greedy,greedy`` sets one search bot
against three greedy ones). Game ``g`` seats entry ``(g + s) mod k`` at seat ``s`` (``k``
entries), so over every ``k`` games each seat is taken once by each entry: every bot plays every
seat equally often when the number of games is a multiple of ``k``. The ``k`` lineups are ``k``
simulation tasks (:class:`tycoon.sim.GameTask`), each seeded from the tournament's seed and its
lineup, so results do not depend on how many processes share the work; games are played (and
reported to ``on_game``) in game order.

Results are by bot (entries with the same code pooled): seats played, wins (a win shared by tied
winners counts 1/k each) and the fair share (one seat in ``n`` wins); the head-to-head table
counts, over every pair of seats held by two different bots in one game, how often the first
finished ahead (a tie counts a half); ratings come from openskill's Plackett-Luce model, one
update per game in game order (a bot holding several seats of one game takes the mean of its
seats' updates).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from tycoon.core import OptionValue, derive_seed
from tycoon.core.errors import TycoonError, UnknownBotError
from tycoon.sim.runner import GameResult, GameTask, _play_chunk, check_task, play_indexed
from tycoon.sim.stats import wilson_interval


def lineups(entries: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """The ``k`` seatings of a tournament: lineup ``r`` seats entry ``(r + s) mod k`` at ``s``."""
    k = len(entries)
    return [tuple(entries[(r + s) % k] for s in range(players)) for r in range(k)]


@dataclass(frozen=True, slots=True)
class Played:
    """One game of a tournament: its number, the bots by seat, and how it ended."""

    number: int
    seats: tuple[str, ...]
    result: GameResult


@dataclass
class BotLine:
    code: str
    seats: int = 0
    games: int = 0
    wins: float = 0.0
    fair: float = 0.0  # the wins a bot of average strength would have had

    @property
    def win_rate(self) -> float:
        return self.wins / self.seats if self.seats else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.seats)

    @property
    def fair_share(self) -> float:
        return self.fair / self.seats if self.seats else 0.0


@dataclass
class Rating:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The conservative estimate: mu less three sigmas."""
        return self.mu - 3 * self.sigma


@dataclass
class TournamentReport:
    game: str
    players: int
    entries: tuple[str, ...]
    seed: int
    options: Mapping[str, OptionValue] = field(default_factory=dict)
    played: list[Played] = field(default_factory=list)

    @property
    def bots(self) -> list[str]:
        """The distinct codes, in the order first entered."""
        return list(dict.fromkeys(self.entries))

    @property
    def games(self) -> int:
        return len(self.played)

    def add(self, played: Played) -> None:
        self.played.append(played)

    def lines(self) -> list[BotLine]:
        lines = {code: BotLine(code) for code in self.bots}
        for game in self.played:
            ranks = game.result.ranks
            winners = [s for s, rank in enumerate(ranks) if rank == 1]
            share = 1.0 / len(winners)
            for code in set(game.seats):
                lines[code].games += 1
            for seat, code in enumerate(game.seats):
                line = lines[code]
                line.seats += 1
                line.fair += 1.0 / self.players
                if seat in winners:
                    line.wins += share
        return [lines[code] for code in self.bots]

    def head_to_head(self) -> dict[tuple[str, str], tuple[float, int]]:
        """For each ordered pair of different bots: (times the first finished ahead, pairs of
        seats compared)."""
        table: dict[tuple[str, str], tuple[float, int]] = {}
        for game in self.played:
            ranks = game.result.ranks
            for a, code_a in enumerate(game.seats):
                for b, code_b in enumerate(game.seats):
                    if code_a == code_b:
                        continue
                    ahead, count = table.get((code_a, code_b), (0.0, 0))
                    if ranks[a] < ranks[b]:
                        ahead += 1
                    elif ranks[a] == ranks[b]:
                        ahead += 0.5
                    table[(code_a, code_b)] = (ahead, count + 1)
        return table

    def ratings(self) -> dict[str, Rating]:
        """openskill (Plackett-Luce) ratings, one update per game in game order."""
        try:
            from openskill.models import PlackettLuce
        except ImportError:  # pragma: no cover - the [analysis] extra is not installed
            raise TycoonError(
                "ratings need the openskill package: pip install 'tycoon[analysis]'"
            ) from None
        model = PlackettLuce()
        current = {code: model.rating(name=code) for code in self.bots}
        for game in self.played:
            teams = [[model.rating(mu=current[c].mu, sigma=current[c].sigma)] for c in game.seats]
            rated = model.rate(teams, ranks=[float(r) for r in game.result.ranks])
            updates: dict[str, list[tuple[float, float]]] = {}
            for code, team in zip(game.seats, rated, strict=True):
                updates.setdefault(code, []).append((team[0].mu, team[0].sigma))
            for code, values in updates.items():
                mu = sum(v[0] for v in values) / len(values)
                sigma = sum(v[1] for v in values) / len(values)
                current[code] = model.rating(mu=mu, sigma=sigma, name=code)
        return {code: Rating(r.mu, r.sigma) for code, r in current.items()}

    def to_json(self) -> dict[str, Any]:
        ratings = self.ratings()
        return {
            "game": self.game,
            "players": self.players,
            "entries": list(self.entries),
            "seed": self.seed,
            "options": dict(self.options),
            "games": self.games,
            "bots": [
                {
                    "code": line.code,
                    "seats": line.seats,
                    "wins": line.wins,
                    "win_rate": line.win_rate,
                    "win_rate_95": list(line.interval),
                    "fair_share": line.fair_share,
                    "mu": ratings[line.code].mu,
                    "sigma": ratings[line.code].sigma,
                    "ordinal": ratings[line.code].ordinal,
                }
                for line in self.lines()
            ],
            "head_to_head": [
                {"bot": a, "against": b, "ahead": ahead, "pairs": count}
                for (a, b), (ahead, count) in sorted(self.head_to_head().items())
            ],
        }


def parse_entries(text: str) -> tuple[str, ...]:
    entries = tuple(code.strip() for code in text.split(","))
    if any(not code for code in entries):
        raise UnknownBotError(f"--bots lists seat codes separated by commas, not {text!r}")
    if len(set(entries)) < 2:
        raise UnknownBotError("a tournament needs at least two different bots")
    return entries


def tasks(
    game: str,
    players: int,
    options: Mapping[str, OptionValue],
    entries: Sequence[str],
    seed: int,
) -> list[GameTask]:
    """One simulation task per lineup, each checked, seeded from ``seed`` and its lineup."""
    result = []
    for r, seats in enumerate(lineups(entries, players)):
        task = GameTask(game, players, dict(options), seats, derive_seed(seed, r), False)
        check_task(task)
        result.append(task)
    return result


def play_tournament(
    game: str,
    players: int,
    options: Mapping[str, OptionValue],
    entries: Sequence[str],
    games: int,
    seed: int,
    jobs: int = 1,
    on_game: Callable[[Played], None] | None = None,
) -> TournamentReport:
    """Play ``games`` games with rotated seatings; the report lists them in game order."""
    if games < 1:
        raise TycoonError("a tournament plays at least one game")
    planned = tasks(game, players, options, entries, seed)
    k = len(planned)
    report = TournamentReport(game, players, tuple(entries), seed, dict(options))
    results: dict[int, Played] = {}

    def keep(r: int, result: GameResult) -> None:
        number = r + k * result.index
        played = Played(number, planned[r].seats, result)
        results[number] = played
        if on_game is not None:
            on_game(played)

    if jobs <= 1:
        for n in range(games):
            keep(n % k, play_indexed(planned[n % k], n // k))
    else:
        # Every game is its own piece of work, queued in game order (lineups interleaved) so
        # that no worker waits for a lineup to finish; each result depends on its seed only.
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [
                (n % k, pool.submit(_play_chunk, planned[n % k], range(n // k, n // k + 1)))
                for n in range(games)
            ]
            for r, future in futures:
                for result in future.result():
                    keep(r, result)
    for number in sorted(results):
        report.add(results[number])
    return report
