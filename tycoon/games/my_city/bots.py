"""``greedy``: the move that most improves the bot's prestige margin over its best opponent.

The bot scores the position as if the game ended now (every variant's scoring included) and
ranks each legal move by, in order:

1. its prestige margin afterwards: own prestige minus the best opponent's;
2. the contest: for each landmark (or park) the move touches, its value times the change in the
   bot's access lead there, the lead clamped to +/- (highest access + 1), so that securing a close
   landmark counts and piling onto a safe or hopeless one does not;
3. the weaker counter: of two moves equal so far, the one spending less access, keeping strong
   counters for later;
4. a random choice among the moves still tied.

Skipping (offered with Rezoning when it cannot place) counts as keeping the position as it is and
spending nothing, so it rezones only when that gains margin or contest.

It sees only its view and its legal moves. Each move is evaluated incrementally: only the
landmarks and parks adjacent to the square (and, for a slum, to the zones it lowers) and the lines
through the square change, and moves with the same square and the same access are evaluated once.
``noise`` (0..1) is the chance of playing a uniformly random legal move instead.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from tycoon.core import Action, Game, Rng, sample_choice
from tycoon.core.players import Bot
from tycoon.games.my_city.moves import CityMoves
from tycoon.games.my_city.scoring import controllers_of, effective_access
from tycoon.games.my_city.state import CityView, Place, Rezone, Skip
from tycoon.games.my_city.tables import PARK_BY_ZONES, PARK_VALUE, TYPE_BONUS, Tables

Key = tuple[int, int, int]


class _Position:
    """The position of one view, scored as if the game ended now, ready for move deltas."""

    def __init__(
        self, tables: Tables, view: CityView, seat: int, line_steps: list[list[tuple[int, int]]]
    ) -> None:
        self.tables = tables
        self.seat = seat
        self.zone_at = view.zone_at
        self.line_steps = line_steps
        players = tables.players
        counters = tables.counters
        board = tables.board
        self.effective = effective_access(tables, view.zone_at)
        slum_type = tables.slum_type
        self.slums_near = [0] * board.squares
        if tables.slums:
            for square, zone in enumerate(view.zone_at):
                if zone >= 0 and tables.counter_type[zone % counters] == slum_type:
                    for other in board.neighbour_lists[square]:
                        self.slums_near[other] += 1
        # Scoring points: landmarks, and (with parks) the empty squares.
        self.value: dict[int, int] = {}
        self.kind: dict[int, int] = {}
        self.by_zones: set[int] = set()
        kinds = {name: index for index, name in enumerate(tables.counter_set.landmark_types)}
        for square, landmark in enumerate(view.landmark_at):
            if landmark >= 0:
                item = tables.cup[landmark]
                self.value[square] = item.value
                self.kind[square] = kinds.get(item.kind, -1) if item.kind else -1
            elif tables.parks and view.zone_at[square] < 0:
                self.value[square] = PARK_VALUE
                self.kind[square] = -1
                if tables.park_control == PARK_BY_ZONES:
                    self.by_zones.add(square)
        self.access: dict[int, list[int]] = {}
        self.controllers: dict[int, tuple[int, ...]] = {}
        self.points = [0] * players
        self.type_counts = [[0] * players for _ in kinds]
        for point in self.value:
            access = [0] * players
            for other in board.neighbour_lists[point]:
                zone = view.zone_at[other]
                if zone >= 0:
                    access[zone // counters] += (
                        1 if point in self.by_zones else self.effective[other]
                    )
            self.access[point] = access
            controllers = controllers_of(access)
            self.controllers[point] = controllers
            for s in controllers:
                self.points[s] += self.value[point]
                if self.kind[point] >= 0:
                    self.type_counts[self.kind[point]][s] += 1
        self.type_points = [0] * players
        if tables.landmark_types:
            for counts in self.type_counts:
                for s in controllers_of(counts):
                    self.type_points[s] += TYPE_BONUS
        self.clamp = max(tables.counter_access) + 1
        totals = [p + t for p, t in zip(self.points, self.type_points, strict=True)]
        self.margin = totals[seat] - max(t for s, t in enumerate(totals) if s != seat)
        self.leads = {point: self._lead(access) for point, access in self.access.items()}
        # The scoring points around each square.
        self.points_near = [
            [point for point in around if point in self.value] for around in board.neighbour_lists
        ]

    def counter_access(self, counter: int, square: int) -> int:
        """The access ``counter`` would count for on ``square``."""
        tables = self.tables
        if tables.counter_type[counter] == tables.slum_type:
            return tables.counter_access[counter]
        value = tables.counter_access[counter] - tables.slum_penalty * self.slums_near[square]
        return max(0, value)

    def evaluate(self, square: int, counter: int, rezone: bool) -> Key:
        """The (margin, contest, thrift) of putting ``counter`` on ``square``."""
        tables = self.tables
        seat = self.seat
        players = tables.players
        neighbours = tables.board.neighbour_lists
        counters = tables.counters
        slum = tables.counter_type[counter] == tables.slum_type
        new = self.counter_access(counter, square)
        deltas: dict[int, list[int]] = {}

        def add(point: int, owner: int, amount: int) -> None:
            # The square itself stops being a park once a zone is on it.
            if amount and point != square:
                delta = deltas.get(point)
                if delta is None:
                    delta = deltas[point] = [0] * players
                delta[owner] += amount

        old_slum = False
        old = 0
        if rezone:
            old_zone = self.zone_at[square]
            old_slum = tables.counter_type[old_zone % counters] == tables.slum_type
            old = self.effective[square]
        for point in self.points_near[square]:
            if point in self.by_zones:
                if not rezone:
                    add(point, seat, 1)
            else:
                add(point, seat, new - old)
        if slum != old_slum and tables.slums:
            # A slum arriving lowers each adjacent zone by its penalty; one leaving restores it.
            penalty = tables.slum_penalty
            for other in neighbours[square]:
                zone = self.zone_at[other]
                if zone < 0 or tables.counter_type[zone % counters] == tables.slum_type:
                    continue
                base = tables.counter_access[zone % counters]
                near = self.slums_near[other] + (1 if slum else -1)
                change = max(0, base - penalty * near) - self.effective[other]
                if change:
                    for point in self.points_near[other]:
                        if point not in self.by_zones:
                            add(point, zone // counters, change)
        removed = () if rezone or square not in self.value else (square,)
        lines = tables.zone_lines and not rezone
        thrift = -tables.counter_access[counter]
        if not deltas and not removed and not lines:
            return (self.margin, 0, thrift)
        points = list(self.points)
        type_counts: list[list[int]] | None = None
        contest = 0
        for point in removed:
            for s in self.controllers[point]:
                points[s] -= self.value[point]
        for point, delta in deltas.items():
            after = [a + d for a, d in zip(self.access[point], delta, strict=True)]
            value = self.value[point]
            contest += value * (self._lead(after) - self.leads[point])
            old_controllers = self.controllers[point]
            new_controllers = controllers_of(after)
            if old_controllers == new_controllers:
                continue
            for s in old_controllers:
                points[s] -= value
            for s in new_controllers:
                points[s] += value
            kind = self.kind[point]
            if kind >= 0 and tables.landmark_types:
                if type_counts is None:
                    type_counts = [list(counts) for counts in self.type_counts]
                for s in old_controllers:
                    type_counts[kind][s] -= 1
                for s in new_controllers:
                    type_counts[kind][s] += 1
        type_points = self.type_points
        if type_counts is not None:
            type_points = [0] * players
            for counts in type_counts:
                for s in controllers_of(counts):
                    type_points[s] += TYPE_BONUS
        totals = [p + t for p, t in zip(points, type_points, strict=True)]
        if lines:
            totals[seat] += self._line_gain(square)
        best_other = max(totals[s] for s in range(players) if s != seat)
        return (totals[seat] - best_other, contest, thrift)

    def _lead(self, access: list[int]) -> int:
        """The bot's access lead over the best other seat, clamped."""
        seat = self.seat
        others = -(10**9)
        for s, a in enumerate(access):
            if s != seat and a > others:
                others = a
        return max(-self.clamp, min(self.clamp, access[seat] - others))

    def _line_gain(self, square: int) -> int:
        """Lines of the bot's zones gained by adding one on ``square``."""
        tables = self.tables
        need = tables.line_length
        counters = tables.counters
        zone_at = self.zone_at
        seat = self.seat
        gain = 0
        for line, position in self.line_steps[square]:
            squares = tables.board.lines[line]
            runs = [0, 0]
            for side, step in enumerate((-1, 1)):
                index = position + step
                while 0 <= index < len(squares):
                    zone = zone_at[squares[index]]
                    if zone < 0 or zone // counters != seat:
                        break
                    runs[side] += 1
                    index += step
            left, right = runs
            gain += (left + right + 1 >= need) - (left >= need) - (right >= need)
        return gain


class GreedyBot(Bot):
    def __init__(
        self, game: Game[Any, Any, Any], seat: int, rng: Rng, params: Mapping[str, str]
    ) -> None:
        super().__init__(game, seat, rng, params)
        self.noise = self.float_param("noise", 0.0, 0.0, 1.0)
        tables: Tables = game.tables  # type: ignore[attr-defined]
        self.tables = tables
        self.line_steps: list[list[tuple[int, int]]] = [[] for _ in range(tables.board.squares)]
        for line_index, line in enumerate(tables.board.lines):
            for position, square in enumerate(line):
                self.line_steps[square].append((line_index, position))

    def choose(self, view: Any, legal: Sequence[Any]) -> Action:
        if self.explores(self.noise):
            return self.random_choice(legal)
        position = _Position(self.tables, view, self.seat, self.line_steps)
        cache: dict[tuple[int, int, bool], Key] = {}
        best: Key | None = None
        chosen: tuple[int, int, bool] | None = None
        ties = 0
        for square, counter, rezone in self._candidates(legal):
            # Counters of one access value on one square do the same; evaluate them once.
            effect = (square, self.tables.counter_access[counter], rezone)
            key = cache.get(effect)
            if key is None:
                key = cache[effect] = position.evaluate(square, counter, rezone)
            if best is None or key > best:
                best, chosen, ties = key, (square, counter, rezone), 1
            elif key == best:
                ties += 1
                if self.rng.below(ties) == 0:
                    chosen = (square, counter, rezone)
        if self._may_skip(legal) and (best is None or best[:2] <= (position.margin, 0)):
            return Skip(self.seat)
        if chosen is None:
            return sample_choice(legal, self.rng)
        square, counter, rezone = chosen
        names = self.tables.board.names
        if rezone:
            return Rezone(self.seat, names[square], self.tables.counter_names[counter])
        return Place(self.seat, self.tables.counter_names[counter], names[square])

    def ranked(self, view: Any, legal: Sequence[Any], limit: int) -> list[Action]:
        """Up to ``limit`` legal moves best first by the bot's ranking (margin, contest,
        thrift; ties in the order of ``legal``), skipping ranked as keeping the position: the
        rivals of its move that a search looks at."""
        position = _Position(self.tables, view, self.seat, self.line_steps)
        cache: dict[tuple[int, int, bool], Key] = {}
        keyed: list[tuple[Key, int, tuple[int, int, bool]]] = []
        for order, (square, counter, rezone) in enumerate(self._candidates(legal)):
            effect = (square, self.tables.counter_access[counter], rezone)
            key = cache.get(effect)
            if key is None:
                key = cache[effect] = position.evaluate(square, counter, rezone)
            keyed.append((key, -order, (square, counter, rezone)))
        if self._may_skip(legal):
            keyed.append(((position.margin, 0, 0), 1, (-1, -1, False)))
        keyed.sort(reverse=True)
        names = self.tables.board.names
        counter_names = self.tables.counter_names
        moves: list[Action] = []
        for _key, _order, (square, counter, rezone) in keyed[:limit]:
            if square < 0:
                moves.append(Skip(self.seat))
            elif rezone:
                moves.append(Rezone(self.seat, names[square], counter_names[counter]))
            else:
                moves.append(Place(self.seat, counter_names[counter], names[square]))
        return moves

    def _may_skip(self, legal: Sequence[Any]) -> bool:
        if isinstance(legal, CityMoves):
            return legal.can_skip
        return Skip(self.seat) in legal

    def _candidates(self, legal: Sequence[Any]) -> Iterator[tuple[int, int, bool]]:
        """(square, counter, is a rezoning) for every legal move."""
        if isinstance(legal, CityMoves):
            for counters, squares in legal.placement_groups():
                for counter in counters:
                    for square in squares:
                        yield square, counter, False
            for square, rezone_counters in legal.rezone_groups():
                for counter in rezone_counters:
                    yield square, counter, True
            return
        tables = self.tables
        for action in legal:
            if isinstance(action, Skip):
                continue
            where = tables.board.index(action.square)
            which = tables.counter_ids.get(action.counter)
            if where is not None and which is not None:
                yield where, which, isinstance(action, Rezone)
