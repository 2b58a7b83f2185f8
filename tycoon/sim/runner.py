"""Play many seeded games with bots, in one process or a pool, in a fixed order.

Game ``i`` of a run seeded ``s`` always gets seed ``derive_seed(s, i)`` and its bots seeds derived
from that, so results never depend on how many processes share the work (``--jobs``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

from tycoon.core import Game, Match, OptionValue, SeededRng, derive_seed, make
from tycoon.core.errors import TycoonError
from tycoon.core.players import Bot, make_bot
from tycoon.pools import process_pool

MAX_DECISIONS = 1_000_000  # an engine guard: no real game comes near it


@dataclass(frozen=True, slots=True)
class GameTask:
    game: str
    players: int
    options: Mapping[str, OptionValue]
    seats: tuple[str, ...]
    run_seed: int
    keep_records: bool
    rotate: bool = False

    def seats_for(self, index: int) -> tuple[str, ...]:
        """The seat codes of game ``index``: as given, or rotated one seat further each game
        (``rotate``), so that over a multiple of the player count every bot has sat everywhere."""
        if not self.rotate:
            return self.seats
        shift = index % len(self.seats)
        return tuple(
            self.seats[(seat - shift) % len(self.seats)] for seat in range(len(self.seats))
        )


@dataclass(frozen=True, slots=True)
class GameResult:
    index: int
    seed: int
    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    unfinished: bool
    steps: int
    roles: tuple[str, ...] | None
    statistics: Mapping[str, float] = field(default_factory=dict)
    record: str | None = None
    codes: tuple[str, ...] = ()  # each seat's bot in this game (empty: the run's seats)
    positions: tuple[int, ...] = ()  # each seat's turn position, 0 for whoever acted first


def turn_positions(players: int, acting: Iterable[int]) -> tuple[int, ...]:
    """Each seat's turn position: the order in which the seats first acted (0: the first player).

    Games choose their first player in many ways (a roll, a rotating start, an option), and each
    leaves it where it likes; who acted first is the one measure they share. A sealed step lists
    its seats in seat order. Seats that never acted come last, in seat order."""
    order: list[int] = []
    for seat in acting:
        if seat not in order:
            order.append(seat)
            if len(order) == players:
                break
    order += [seat for seat in range(players) if seat not in order]
    positions = [0] * players
    for position, seat in enumerate(order):
        positions[seat] = position
    return tuple(positions)


def make_bots(game: Game[Any, Any, Any], seats: Sequence[str], seed: int) -> list[Bot]:
    """One bot per seat, each with its own rng derived from the game's seed."""
    return [
        make_bot(code, game, seat, SeededRng(derive_seed(seed, 1_000 + seat)))
        for seat, code in enumerate(seats)
    ]


def play_match(
    game: Game[Any, Any, Any], bots: Sequence[Bot], seed: int, seats: Sequence[str] = ()
) -> Match[Any, Any, Any]:
    """A whole game between bots. Seats of a sealed step commit in seat order (they cannot see
    each other's commits, so the order changes nothing)."""
    match: Match[Any, Any, Any] = Match(game, seed, seats)
    decisions = 0
    while True:
        to_act = match.to_act()
        if not to_act:
            return match
        seat = to_act[0]
        action = bots[seat].choose(match.view(seat), match.legal_actions(seat))
        match.play(action)
        decisions += 1
        if decisions > MAX_DECISIONS:
            raise TycoonError(f"{game.spec.name} did not end after {MAX_DECISIONS} decisions")


def play_indexed(task: GameTask, index: int) -> GameResult:
    game = make(task.game, task.players, **task.options)
    seed = derive_seed(task.run_seed, index)
    codes = task.seats_for(index)
    match = play_match(game, make_bots(game, codes, seed), seed, codes)
    outcome = match.outcome()
    assert outcome is not None
    record = match.record({"index": index}).to_line() if task.keep_records else None
    return GameResult(
        index=index,
        seed=seed,
        scores=outcome.scores,
        ranks=outcome.ranks,
        unfinished=outcome.unfinished,
        steps=len(match.steps),
        roles=game.seat_roles(match.state),
        statistics=game.statistics(match.state),
        record=record,
        codes=codes,
        positions=turn_positions(game.players, (step.seat for step in match.steps)),
    )


def _play_chunk(task: GameTask, indices: range) -> list[GameResult]:
    import tycoon  # noqa: F401  (a fresh worker process registers the games)

    return [play_indexed(task, i) for i in indices]


def check_task(task: GameTask) -> None:
    """Raise a clear error before any work if the game, options or seats are wrong."""
    game = make(task.game, task.players, **task.options)
    make_bots(game, task.seats, 0)


def simulate(
    task: GameTask,
    games: int,
    jobs: int = 1,
    chunk: int = 25,
    on_result: Callable[[GameResult], None] | None = None,
    executor: Executor | None = None,
) -> Iterator[GameResult]:
    """Yield the results of games ``0 .. games-1`` in index order."""
    check_task(task)
    chunks = [range(i, min(i + chunk, games)) for i in range(0, games, chunk)]
    if jobs <= 1 and executor is None:
        for indices in chunks:
            for result in _play_chunk(task, indices):
                if on_result is not None:
                    on_result(result)
                yield result
        return
    own = executor is None
    pool = executor if executor is not None else process_pool(jobs)
    try:
        futures = [pool.submit(_play_chunk, task, indices) for indices in chunks]
        for future in futures:
            for result in future.result():
                if on_result is not None:
                    on_result(result)
                yield result
    finally:
        if own:
            pool.shutdown(cancel_futures=True)
