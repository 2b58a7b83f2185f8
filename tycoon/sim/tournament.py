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

A long tournament may keep its games in a results file (:class:`ResultsFile`, JSON lines: the
tournament's settings, then one line per finished game, written as each finishes): run again
with the same file and settings, it reads the games already there and plays only the rest, so a
tournament stopped by Ctrl-C, a closed laptop or a session's end goes on where it stopped, and
the file is the evidence behind a reported figure.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from tycoon.core import OptionValue, derive_seed, get_spec
from tycoon.core.errors import TycoonError, UnknownBotError
from tycoon.pools import process_pool
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
    done: Mapping[int, GameResult] | None = None,
) -> TournamentReport:
    """Play ``games`` games with rotated seatings; the report lists them in game order.

    ``done`` holds games already played (by number, from a :class:`ResultsFile`): they are
    reported as they are and not played again (nor passed to ``on_game``)."""
    if games < 1:
        raise TycoonError("a tournament plays at least one game")
    planned = tasks(game, players, options, entries, seed)
    k = len(planned)
    report = TournamentReport(game, players, tuple(entries), seed, dict(options))
    results: dict[int, Played] = {}
    done = done or {}
    for number, result in done.items():
        if number < games:
            results[number] = Played(number, planned[number % k].seats, result)
    to_play = [n for n in range(games) if n not in results]

    def keep(r: int, result: GameResult) -> None:
        number = r + k * result.index
        played = Played(number, planned[r].seats, result)
        results[number] = played
        if on_game is not None:
            on_game(played)

    if jobs <= 1 or len(to_play) <= 1:
        for n in to_play:
            keep(n % k, play_indexed(planned[n % k], n // k))
    else:
        # Every game is its own piece of work, queued in game order (lineups interleaved) so
        # that no worker waits for a lineup to finish; each result depends on its seed only.
        pool = process_pool(jobs)
        try:
            futures = [
                (n % k, pool.submit(_play_chunk, planned[n % k], range(n // k, n // k + 1)))
                for n in to_play
            ]
            for r, future in futures:
                for result in future.result():
                    keep(r, result)
        finally:
            # Stopped (Ctrl-C, an error): the games not yet started are dropped, not played.
            pool.shutdown(wait=True, cancel_futures=True)
    for number in sorted(results):
        report.add(results[number])
    return report


RESULTS_FORMAT = 1


def results_header(
    game: str,
    players: int,
    options: Mapping[str, OptionValue],
    entries: Sequence[str],
    seed: int,
) -> dict[str, Any]:
    """What makes two runs the same tournament: the game and its rules version, the table, the
    bots and the seed (a game's result depends on nothing else)."""
    return {
        "tycoon-tournament": RESULTS_FORMAT,
        "game": game,
        "version": get_spec(game).version,
        "players": players,
        "options": dict(options),
        "entries": list(entries),
        "seed": seed,
    }


def _game_line(played: Played) -> str:
    r = played.result
    return json.dumps(
        {
            "number": played.number,
            "seats": list(played.seats),
            "seed": r.seed,
            "ranks": list(r.ranks),
            "scores": list(r.scores),
            "unfinished": r.unfinished,
            "steps": r.steps,
            "roles": list(r.roles) if r.roles is not None else None,
            "positions": list(r.positions),
            "statistics": dict(r.statistics),
        },
        separators=(",", ":"),
    )


class ResultsFile:
    """A tournament's finished games, kept one JSON line each so that the tournament resumes.

    The first line holds :func:`results_header`; a file whose first line is not a tournament's
    is refused (so a mistyped path never has games appended to someone else's file), and so is
    one holding another tournament's games or a damaged line (named by number): nothing is
    changed. Only a last line cut short by a stop in the middle of writing it is dropped, and
    its game played again. While a run writes the file, another run is refused it (a lock, on
    systems that have ``fcntl``)."""

    def __init__(self, path: Path, header: Mapping[str, Any], lineups: Sequence[tuple[str, ...]]):
        self.path = path
        self.header = dict(header)
        self.lineups = list(lineups)
        self.done: dict[int, GameResult] = {}
        self._keep_bytes = 0  # where a cut-short last line starts (the file's length if none)
        self._unended = False  # the last line is whole but its end was never written
        self._handle: IO[str] | None = None
        self._load()

    def _fail(self, reason: str) -> TycoonError:
        return TycoonError(f"{self.path}: {reason}")

    def _load(self) -> None:
        try:
            data = self.path.read_bytes()
        except FileNotFoundError:
            return
        except IsADirectoryError:
            raise self._fail("is a directory, not a results file") from None
        except OSError as error:
            raise self._fail(f"cannot be read ({error.strerror})") from None
        self._keep_bytes = len(data)
        if not data:
            return
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise self._fail("is not a tournament results file (not UTF-8 text)") from None
        lines = text.split("\n")
        if lines[-1] == "":
            lines.pop()
        elif len(lines) > 1:
            # The last line has no end: a stop in the middle of writing it. Drop it if damaged,
            # else end it before the next game is written after it.
            try:
                json.loads(lines[-1])
                self._unended = True
            except ValueError:
                self._keep_bytes -= len(lines.pop().encode("utf-8"))
        try:
            first = json.loads(lines[0])
        except ValueError:
            first = None
        if not isinstance(first, dict) or first.get("tycoon-tournament") is None:
            raise self._fail(
                "is not a tournament results file (its first line is not a tournament's "
                "settings); name a new file or one a tournament wrote"
            )
        if first.get("tycoon-tournament") != RESULTS_FORMAT:
            raise self._fail(f"has results format {first.get('tycoon-tournament')!r}, not 1")
        differ = [key for key, value in self.header.items() if first.get(key) != value]
        if differ:
            what = ", ".join(
                f"{key} {_show(first.get(key))} there, {_show(self.header[key])} here"
                for key in differ
            )
            raise self._fail(
                f"holds another tournament's games ({what}); name a new file, or run the same "
                "tournament to go on with this one"
            )
        for number, line in enumerate(lines[1:], start=2):
            result = self._parse(line, number)
            if result.index in self.done:
                raise self._fail(f"line {number} repeats game {result.index}")
            self.done[result.index] = result

    def _parse(self, line: str, line_number: int) -> GameResult:
        """Game ``number``'s result from its line, checked against the tournament's lineups."""

        def bad(reason: str) -> TycoonError:
            return self._fail(f"line {line_number} is damaged ({reason})")

        try:
            data = json.loads(line)
        except ValueError:
            raise bad("not JSON") from None
        if not isinstance(data, dict):
            raise bad("not a game's result")
        players = int(self.header["players"])
        number = data.get("number")
        if not isinstance(number, int) or isinstance(number, bool) or number < 0:
            raise bad("no game number")
        k = len(self.lineups)
        if data.get("seats") != list(self.lineups[number % k]):
            raise bad(f"game {number}'s seats are not this tournament's")
        seed = data.get("seed")
        ranks: Any = data.get("ranks")
        scores = data.get("scores")
        steps = data.get("steps")
        roles = data.get("roles")
        positions = data.get("positions", [])
        statistics = data.get("statistics", {})
        if not _ints(ranks, players) or not all(1 <= r <= players for r in ranks):
            raise bad(f"ranks must be {players} places from 1 to {players}")
        if (
            not isinstance(scores, list)
            or len(scores) != players
            or not all(_number(x) for x in scores)
        ):
            raise bad(f"scores must be {players} numbers")
        if not isinstance(seed, int) or not isinstance(steps, int) or steps < 0:
            raise bad("seed and steps must be whole numbers")
        if seed != derive_seed(derive_seed(int(self.header["seed"]), number % k), number // k):
            raise bad(f"game {number}'s seed is not this tournament's")
        if not isinstance(data.get("unfinished"), bool):
            raise bad("unfinished must be true or false")
        if roles is not None and not (
            isinstance(roles, list)
            and len(roles) == players
            and all(isinstance(x, str) for x in roles)
        ):
            raise bad(f"roles must be {players} names")
        if positions and not _ints(positions, players):
            raise bad(f"positions must be {players} whole numbers")
        if not isinstance(statistics, dict) or not all(
            isinstance(key, str) and _number(value) for key, value in statistics.items()
        ):
            raise bad("statistics must map names to numbers")
        return GameResult(
            index=number,
            seed=seed,
            scores=tuple(float(x) for x in scores),
            ranks=tuple(ranks),
            unfinished=data["unfinished"],
            steps=steps,
            roles=tuple(roles) if roles is not None else None,
            statistics={key: float(value) for key, value in statistics.items()},
            codes=tuple(self.lineups[number % k]),
            positions=tuple(positions),
        )

    def check_still_played(self, planned: Sequence[GameTask]) -> int | None:
        """Play again the last game the file holds (with ``planned``, the tournament's
        :func:`tasks`) and refuse the file if it ends otherwise than written: the bots or the
        rules have changed since (a bot's code has no version of its own), and their games
        pooled with the file's would be two tournaments' reported as one. Returns the game's
        number (``None``: the file holds no game yet)."""
        if not self.done:
            return None
        number = next(reversed(self.done))  # the last one written, by the latest run
        written = self.done[number]
        k = len(planned)
        now = play_indexed(planned[number % k], number // k)
        seen = (now.ranks, tuple(float(x) for x in now.scores), now.steps, now.unfinished)
        if seen != (written.ranks, written.scores, written.steps, written.unfinished):
            raise self._fail(
                f"game {number} now ends otherwise than this file says (ranks "
                f"{list(written.ranks)} in {written.steps} steps there, {list(now.ranks)} in "
                f"{now.steps} here): the bots or the rules have changed since it was written, "
                "so its games are another tournament's; name a new file"
            )
        return number

    def __enter__(self) -> ResultsFile:
        """Open the file for appending (made with its header if new; a cut-short last line cut
        off), locked against another run."""
        try:
            handle = open(self.path, "a+", encoding="utf-8")
        except OSError as error:
            raise self._fail(f"cannot be written ({error.strerror})") from None
        try:
            _lock(handle, self.path)
            handle.seek(0, os.SEEK_END)
            if handle.tell() != self._keep_bytes:
                if handle.tell() < self._keep_bytes:
                    raise self._fail("changed while it was being read; run again")
                handle.truncate(self._keep_bytes)
            if self._keep_bytes == 0:
                handle.write(json.dumps(self.header, separators=(",", ":")) + "\n")
            elif self._unended:
                handle.write("\n")
            handle.flush()
        except BaseException:
            handle.close()
            raise
        self._handle = handle
        return self

    def __exit__(self, *exc: object) -> None:
        if self._handle is not None:
            self._handle.close()
            self._handle = None

    def add(self, played: Played) -> None:
        """Keep one finished game (written through at once, so a stop loses at most the games
        being played)."""
        assert self._handle is not None, "use the results file in a with block"
        self._handle.write(_game_line(played) + "\n")
        self._handle.flush()
        self.done[played.number] = played.result


def _lock(handle: IO[str], path: Path) -> None:
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not a POSIX system: no lock
        return
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        raise TycoonError(
            f"{path}: another tournament is writing it; wait for it or name another file"
        ) from None


def _ints(value: Any, count: int) -> bool:
    return (
        isinstance(value, list)
        and len(value) == count
        and all(isinstance(x, int) and not isinstance(x, bool) for x in value)
    )


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _show(value: Any) -> str:
    return json.dumps(value) if not isinstance(value, str) else value
