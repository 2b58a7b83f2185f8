"""Timing two or more loops that take turns, a slice at a time, so that a machine busy with
other work slows them alike (the benchmarks that compare one loop with another)."""

from __future__ import annotations

from collections.abc import Callable, Sequence


class Rate:
    """What whole games played by ``play(game_number)`` count (moves, steps, player-turns:
    what ``play`` returns), over how many games and seconds, timed by ``clock``."""

    def __init__(self, play: Callable[[int], int], clock: Callable[[], float]) -> None:
        self.play = play
        self.clock = clock
        self.count = 0
        self.games = 0
        self.seconds = 0.0
        self.slices: list[float] = []  # the count a second of each slice

    def run(self, seconds: float) -> None:
        """Whole games for about ``seconds`` (at least one)."""
        start = self.clock()
        count = 0
        while True:
            count += self.play(self.games)
            self.games += 1
            elapsed = self.clock() - start
            if elapsed >= seconds:
                self.count += count
                self.seconds += elapsed
                self.slices.append(count / elapsed)
                return

    @property
    def per_second(self) -> float:
        return self.count / self.seconds


def take_turns(loops: Sequence[Rate], seconds: float, slices: int) -> None:
    """Each loop plays for about ``seconds`` in all, in ``slices`` turns, one after another."""
    for _ in range(slices):
        for loop in loops:
            loop.run(seconds / slices)
