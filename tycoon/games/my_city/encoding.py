"""My City for reinforcement learning: a seat's view as numbers, and the table of its moves.

Everything in My City is public, so the observation is the board and the cups, with seats counted
from the observer (its own zones and cup first). The action table has one id per (counter, square)
placement and, with Rezoning, one per (square, counter) rezoning; ``docs/rl.md`` lists the slices.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tycoon.core.actions import Action
from tycoon.core.encoding import ActionKind, Encoding, FeatureSlice, relative_seat
from tycoon.games.my_city.moves import CityMoves
from tycoon.games.my_city.state import CityView, Place, Rezone, Skip

if TYPE_CHECKING:
    from tycoon.games.my_city.rules import MyCity


class MyCityEncoding(Encoding[CityView]):
    def __init__(self, game: MyCity) -> None:
        tables = game.tables
        self.tables = tables
        squares = tables.board.squares
        counters = tables.counters
        players = game.players
        kinds = len(tables.type_names)
        slices = [
            FeatureSlice(
                "landmark",
                squares,
                "per square: 1 + the landmark's index in the cup "
                "(the rulebook's order), 0 for none",
            ),
            FeatureSlice(
                "zone access",
                players * squares,
                "per seat from the observer, per "
                "square: the access value of that seat's zone there, 0 for none",
            ),
            FeatureSlice(
                "zone owned",
                players * squares,
                "per seat from the observer, per square: 1 if that seat has a zone there",
            ),
            FeatureSlice(
                "zone type",
                kinds * squares,
                "per zone type (the counter set's order, "
                "the slum last), per square: 1 if a zone of that type is there",
            ),
            FeatureSlice("empty", squares, "per square: 1 if it holds neither landmark nor zone"),
            FeatureSlice(
                "cup",
                players * counters,
                "per seat from the observer, per counter: 1 if it is still in that seat's cup",
            ),
            FeatureSlice(
                "drawn", counters, "RANDOM ZONE SELECTION: 1 per counter drawn by the seat to act"
            ),
            FeatureSlice("rezones used", players, "per seat from the observer"),
            FeatureSlice("skips", players, "per seat from the observer: turns it could not move"),
            FeatureSlice("to move", players, "one-hot, seats from the observer (none once over)"),
            FeatureSlice("turn", 1, "moves made so far"),
        ]
        names = tables.counter_names
        square_names = tables.board.names
        table = [
            ActionKind(
                Place,
                (("counter", names), ("square", square_names)),
                meaning="place a counter from the cup on an empty square",
            ),
        ]
        if tables.rezoning:
            table.append(
                ActionKind(
                    Rezone,
                    (("square", square_names), ("counter", names)),
                    meaning="REZONING: replace your zone with a counter",
                )
            )
            table.append(
                ActionKind(Skip, meaning="REZONING: skip the turn when no counter can be placed")
            )
        super().__init__(game)
        self.define(slices, table)
        self._squares = squares
        self._counters = counters
        self._players = players

    def features(self, view: CityView) -> list[float]:
        tables = self.tables
        squares = self._squares
        counters = self._counters
        players = self._players
        seat = view.seat
        out = self.writer(seat)
        landmarks = view.landmark_at
        out.part("landmarks", landmarks, lambda: [landmark + 1 for landmark in landmarks], True)
        access = [0.0] * (players * squares)
        owned = [0.0] * (players * squares)
        kinds = [0.0] * (len(tables.type_names) * squares)
        empty = [0.0] * squares
        counter_access = tables.counter_access
        counter_type = tables.counter_type
        for square, zone in enumerate(view.zone_at):
            if zone < 0:
                if view.landmark_at[square] < 0:
                    empty[square] = 1.0
                continue
            owner = relative_seat(zone // counters, seat, players)
            counter = zone % counters
            access[owner * squares + square] = float(counter_access[counter])
            owned[owner * squares + square] = 1.0
            kinds[counter_type[counter] * squares + square] = 1.0
        out.values.extend(access)
        out.values.extend(owned)
        out.values.extend(kinds)
        out.values.extend(empty)
        for other in range(players):
            out.bits(view.supply[(other + (seat or 0)) % players], counters)
        out.counts(view.drawn, counters)
        for other in range(players):
            out.add(view.rezones_used[(other + (seat or 0)) % players])
        for other in range(players):
            out.add(view.skips[(other + (seat or 0)) % players])
        out.one_hot(
            relative_seat(view.to_move, seat, players) if view.to_move >= 0 else -1, players
        )
        out.add(view.turn)
        return out.values

    def legal_ids(self, legal: Sequence[Any]) -> Mapping[int, Action]:
        if isinstance(legal, CityMoves):
            return _CityIds(self, legal)
        return super().legal_ids(legal)


class _CityIds(Mapping[int, Action]):
    """The ids of a seat's moves, worked out by index arithmetic from the groups of its legal
    moves; an action is built only when it is looked up (a turn may offer hundreds)."""

    def __init__(self, encoding: MyCityEncoding, moves: CityMoves) -> None:
        self.encoding = encoding
        self.seat = moves.seat
        squares = encoding._squares
        counters = encoding._counters
        ids: dict[int, None] = {}
        for group_counters, group_squares in moves.placement_groups():
            for counter in group_counters:
                base = counter * squares
                ids.update(dict.fromkeys([base + square for square in group_squares]))
        rezone_base = counters * squares
        for square, replacements in moves.rezone_groups():
            base = rezone_base + square * counters
            ids.update(dict.fromkeys([base + counter for counter in replacements]))
        # The skip's id follows the rezonings' (offered only with REZONING, when no counter can
        # be placed).
        self.skip_id = rezone_base + squares * counters
        if moves.can_skip:
            ids[self.skip_id] = None
        self.ids = ids

    def __getitem__(self, key: int) -> Action:
        if key not in self.ids:
            raise KeyError(key)
        tables = self.encoding.tables
        squares = self.encoding._squares
        counters = self.encoding._counters
        if key == self.skip_id:
            return Skip(self.seat)
        if key < counters * squares:
            counter, square = divmod(key, squares)
            return Place(self.seat, tables.counter_names[counter], tables.board.names[square])
        square, counter = divmod(key - counters * squares, counters)
        return Rezone(self.seat, tables.board.names[square], tables.counter_names[counter])

    def __iter__(self) -> Iterator[int]:
        return iter(self.ids)

    def __len__(self) -> int:
        return len(self.ids)

    def __contains__(self, key: object) -> bool:
        return key in self.ids
