"""My City's rules: setup, turns, placement, rezoning, skipping, the end of the game and its
outcome."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, Final

from tycoon.core import (
    Action,
    Chance,
    Dynamics,
    Game,
    GameSpec,
    Information,
    MalformedActionError,
    Option,
    Outcome,
    Rng,
    SeededRng,
    data_option,
    notation,
)
from tycoon.games.my_city import render, svg
from tycoon.games.my_city.board import squares_of
from tycoon.games.my_city.counters import BOARD_SIZES, MY_CITY_DATA, counter_set_names
from tycoon.games.my_city.encoding import MyCityEncoding
from tycoon.games.my_city.moves import CityMoves, choosable, rezone_targets
from tycoon.games.my_city.scoring import report_json, score_position
from tycoon.games.my_city.state import (
    OVER,
    CityAction,
    CityState,
    CityView,
    Place,
    Rezone,
    Skip,
)
from tycoon.games.my_city.tables import (
    LANDMARKS_PER_ROW,
    PARK_BY_ACCESS,
    PARK_BY_ZONES,
    Tables,
    build_tables,
)

END_FULL = "the board is full"
END_BLOCKED = "no one can place a counter"

_COUNTER_TEXT = re.compile(r"^[a-z]-?\d*$", re.IGNORECASE)
_SQUARE_TEXT = re.compile(r"^[a-z]\d+$", re.IGNORECASE)

OPTIONS = (
    Option(
        "counters",
        "classic",
        "counter set: names, values and types of landmarks and zones (ALTERNATE COUNTERSETS)",
        choices=counter_set_names(),
    ),
    Option("map", "square", "square grid or hex map (ALTERNATE MAPS)", choices=("square", "hex")),
    Option(
        "size",
        8,
        "a size x size board, a size-sided die, 2 landmarks a row (bigger map: 10 or 12)",
        choices=BOARD_SIZES,
    ),
    Option("parks", False, "PARKS RULE: each empty square at the end is a 1-point landmark"),
    Option(
        "park-control",
        PARK_BY_ACCESS,
        "with parks: a park goes to the most adjacent access (like any landmark) or the most "
        "adjacent zones",
        choices=(PARK_BY_ACCESS, PARK_BY_ZONES),
    ),
    Option(
        "random-zones",
        False,
        "RANDOM ZONE SELECTION: each turn draw 2 of your counters, use 1, return the other",
    ),
    Option(
        "reduced-adjacency",
        False,
        "REDUCED ADJACENCY: only squares sharing a side are adjacent",
    ),
    Option(
        "rezoning",
        False,
        "REZONING: as your move, swap one of your zones in play for a counter from your cup",
    ),
    Option("rezonings", 3, "with rezoning: how many times each player may rezone", low=1, high=24),
    Option("city-dump", False, "CITY DUMP: a -1 landmark joins the cup (17 drawn from, 16 placed)"),
    Option("slums", False, "SLUMS: one slum counter each; access -1, adjacent zones -1"),
    Option(
        "landmark-types",
        False,
        "LANDMARK TYPE SCORING: +1 to the most landmarks controlled of each type",
    ),
    Option(
        "zone-lines",
        False,
        "ZONE SCORING: +1 per unbroken orthogonal line of 5 or more of your zones",
    ),
    Option("line-length", 5, "with zone-lines: the shortest line that scores", low=3, high=12),
    data_option(MY_CITY_DATA, "the counters option picks which set of the data is played"),
)


# A CityView from a tuple, without the keyword-argument wrapper of its constructor.
_new_view: Final = tuple.__new__


class MyCity(Game[CityState, CityAction, CityView]):
    """My City (Warpspawn Games): zone counters placed around landmarks; most prestige wins."""

    spec = GameSpec(
        name="my-city",
        title="My City",
        summary="place zone counters around landmarks on an 8x8 board; most access controls",
        min_players=2,
        max_players=6,
        default_players=4,
        dynamics=Dynamics.SEQUENTIAL,
        chance=Chance.EXPLICIT,
        information=Information.PERFECT,
        version="2",
        options=OPTIONS,
        aliases=("mycity", "my_city"),
    )
    action_types = (Place, Rezone, Skip)
    encoding_type = MyCityEncoding
    data_files = MY_CITY_DATA

    def configure(self) -> None:
        self.tables: Tables = build_tables(self.players, self.options)
        self._square_ids = {name: i for i, name in enumerate(self.tables.board.names)}

    # -- setup --------------------------------------------------------------------------------

    def initial_state(self, rng: Rng) -> CityState:
        tables = self.tables
        size = tables.board.size
        squares = tables.board.squares
        # SETUP: for each row roll the die twice, rerolling duplicates; the two columns get
        # landmarks drawn from the cup (here: one draw per spot, in reading order).
        spots: list[int] = []
        for row in range(size):
            columns: list[int] = []
            while len(columns) < LANDMARKS_PER_ROW:
                column = rng.roll(size) - 1
                if column not in columns:
                    columns.append(column)
            spots.extend(row * size + column for column in sorted(columns))
        cup = list(range(len(tables.cup)))
        landmark_at = [-1] * squares
        for spot in spots:
            landmark_at[spot] = cup.pop(rng.below(len(cup)))
        # Each player rolls the die; high roll goes first, ties among the highest re-roll.
        contenders = list(range(self.players))
        rounds: list[tuple[int, ...]] = []
        while len(contenders) > 1:
            rolls = [0] * self.players
            for seat in contenders:
                rolls[seat] = rng.roll(size)
            rounds.append(tuple(rolls))
            best = max(rolls)
            contenders = [seat for seat in contenders if rolls[seat] == best]
        first = contenders[0]
        empty = (1 << squares) - 1
        for spot in spots:
            empty &= ~(1 << spot)
        kinds = len(tables.type_names)
        return self._next_turn(
            landmark_at=tuple(landmark_at),
            zone_at=(-1,) * squares,
            supply=(tables.full_supply,) * self.players,
            rezones_used=(0,) * self.players,
            first=first,
            opening_rolls=tuple(rounds),
            turn=0,
            skips=(0,) * self.players,
            empty=empty,
            zone_masks=(0,) * kinds,
            allowed=(empty,) * kinds,
            owned=(0,) * self.players,
            mover=(first - 1) % self.players,
            rng=rng,
        )

    # -- turns --------------------------------------------------------------------------------

    def to_act(self, state: CityState) -> tuple[int, ...]:
        return () if state.to_move == OVER else (state.to_move,)

    def legal_actions(self, state: CityState, seat: int) -> Sequence[Any]:
        return CityMoves(self.tables, state, seat)

    def transition(self, state: CityState, action: CityAction, rng: Rng) -> CityState:
        tables = self.tables
        seat = action.seat
        if isinstance(action, Skip):
            return self._skip(state, seat, rng)
        counter = tables.counter_ids[action.counter]
        square = self._square_ids[action.square]
        kind = tables.counter_type[counter]
        around = tables.board.neighbours[square]
        bit = 1 << square
        supply = list(state.supply)
        zone_masks = list(state.zone_masks)
        empty = state.empty
        owned = state.owned
        rezones_used = state.rezones_used
        if type(action) is Place:
            # Place the counter: the square is no longer free for anyone, and no longer free
            # around it for this zone type.
            empty ^= bit
            keep = ~bit
            allowed = [squares & keep for squares in state.allowed]
            allowed[kind] &= ~around
            zone_masks[kind] |= bit
            owned = (*owned[:seat], owned[seat] | bit, *owned[seat + 1 :])
            supply[seat] ^= 1 << counter
        else:
            # Rezone: the old zone goes back to the cup, the new one takes its square.
            old = state.zone_at[square] % tables.counters
            old_kind = tables.counter_type[old]
            supply[seat] = (supply[seat] ^ (1 << counter)) | (1 << old)
            zone_masks[old_kind] ^= bit
            zone_masks[kind] |= bit
            allowed = list(state.allowed)
            allowed[old_kind] = self._allowed_for(zone_masks[old_kind], empty)
            allowed[kind] &= ~around
            rezones_used = (
                *rezones_used[:seat],
                rezones_used[seat] + 1,
                *rezones_used[seat + 1 :],
            )
        zone_at = (
            *state.zone_at[:square],
            seat * tables.counters + counter,
            *state.zone_at[square + 1 :],
        )
        return self._next_turn(
            landmark_at=state.landmark_at,
            zone_at=zone_at,
            supply=tuple(supply),
            rezones_used=rezones_used,
            first=state.first,
            opening_rolls=state.opening_rolls,
            turn=state.turn + 1,
            skips=state.skips,
            empty=empty,
            zone_masks=tuple(zone_masks),
            allowed=tuple(allowed),
            owned=owned,
            mover=seat,
            rng=rng,
        )

    def _skip(self, state: CityState, seat: int, rng: Rng) -> CityState:
        """``seat``, unable to place, skips its turn instead of rezoning: nothing on the board
        changes, the skip is counted, and the turn passes on."""
        skips = (*state.skips[:seat], state.skips[seat] + 1, *state.skips[seat + 1 :])
        return self._next_turn(
            landmark_at=state.landmark_at,
            zone_at=state.zone_at,
            supply=state.supply,
            rezones_used=state.rezones_used,
            first=state.first,
            opening_rolls=state.opening_rolls,
            turn=state.turn + 1,
            skips=skips,
            empty=state.empty,
            zone_masks=state.zone_masks,
            allowed=state.allowed,
            owned=state.owned,
            mover=seat,
            rng=rng,
        )

    def _allowed_for(self, zones: int, empty: int) -> int:
        """The empty squares not adjacent to any of ``zones``."""
        neighbours = self.tables.board.neighbours
        banned = 0
        for square in squares_of(zones):
            banned |= neighbours[square]
        return empty & ~banned

    def _usable(
        self,
        supply: int,
        placeable: int,
        zone_masks: tuple[int, ...],
        owned: int,
        rezones_used: int,
    ) -> int:
        """The counters of a cup that some legal move could put on the board."""
        usable = supply & placeable
        tables = self.tables
        if tables.rezoning and rezones_used < tables.rezonings and supply and owned:
            neighbours = tables.board.neighbours
            for square in squares_of(owned):
                around = neighbours[square]
                for kind, zones in enumerate(zone_masks):
                    if not zones & around:
                        usable |= supply & tables.type_masks[kind]
        return usable

    def _placeable(self, allowed: tuple[int, ...]) -> int:
        """The counters (of any cup) that fit on some empty square."""
        placeable = 0
        for kind, squares in enumerate(allowed):
            if squares:
                placeable |= self.tables.type_masks[kind]
        return placeable

    def _end_reason(self, empty: int, placeable: int, supply: tuple[int, ...]) -> str:
        """Why the game is over ("" if it is not): the board is full, or no one can place."""
        if not empty:
            return END_FULL
        if not any(cup & placeable for cup in supply):
            return END_BLOCKED
        return ""

    def settled(self, state: CityState) -> CityState:
        """``state``, or the same position over and scored if the board is full or no one can
        place (for positions built by hand)."""
        if state.is_over:
            return state
        end = self._end_reason(state.empty, self._placeable(state.allowed), state.supply)
        if not end:
            return state
        return replace(
            state,
            to_move=OVER,
            drawn=(),
            end=end,
            report=score_position(self.tables, state.landmark_at, state.zone_at),
        )

    def _next_turn(
        self,
        *,
        landmark_at: tuple[int, ...],
        zone_at: tuple[int, ...],
        supply: tuple[int, ...],
        rezones_used: tuple[int, ...],
        first: int,
        opening_rolls: tuple[tuple[int, ...], ...],
        turn: int,
        skips: tuple[int, ...],
        empty: int,
        zone_masks: tuple[int, ...],
        allowed: tuple[int, ...],
        owned: tuple[int, ...],
        mover: int,
        rng: Rng,
    ) -> CityState:
        """The state with the next seat able to move to act (clockwise after ``mover``), its
        counters drawn with Random Zone Selection; or the game over and scored."""
        tables = self.tables
        players = self.players
        to_move = OVER
        drawn: tuple[int, ...] = ()
        placeable = self._placeable(allowed)
        end = self._end_reason(empty, placeable, supply)
        if not end:
            # Skip each seat that cannot move; someone can place, so someone moves.
            skipped = [0] * players
            usable = 0
            for step in range(1, players + 1):
                seat = (mover + step) % players
                usable = self._usable(
                    supply[seat], placeable, zone_masks, owned[seat], rezones_used[seat]
                )
                if usable:
                    to_move = seat
                    break
                skipped[seat] += 1
            if any(skipped):
                skips = tuple(a + b for a, b in zip(skips, skipped, strict=True))
            if tables.random_zones:
                drawn = draw_counters(supply[to_move], usable, rng)
        report = score_position(tables, landmark_at, zone_at) if to_move == OVER else None
        return CityState(
            landmark_at=landmark_at,
            zone_at=zone_at,
            supply=supply,
            rezones_used=rezones_used,
            to_move=to_move,
            drawn=drawn,
            first=first,
            opening_rolls=opening_rolls,
            turn=turn,
            skips=skips,
            end=end,
            empty=empty,
            zone_masks=zone_masks,
            allowed=allowed,
            owned=owned,
            report=report,
        )

    # -- views --------------------------------------------------------------------------------

    def observe(self, state: CityState, seat: int | None) -> CityView:
        # Positional, in the view's field order, without the constructor's keyword wrapper.
        return _new_view(
            CityView,
            (
                seat,
                state.landmark_at,
                state.zone_at,
                state.supply,
                state.rezones_used,
                state.to_move,
                state.drawn,
                state.first,
                state.opening_rolls,
                state.turn,
                state.skips,
                state.end,
            ),
        )

    def sample_state(self, view: CityView, rng: Rng) -> CityState:
        """Nothing is hidden in My City: the state rebuilt from the view (``rng`` unused)."""
        return self.state_from_view(view)

    def state_from_view(self, view: CityView) -> CityState:
        """The full state of a view, its bitmasks recomputed from the board."""
        tables = self.tables
        kinds = tables.counter_type
        empty = 0
        zone_masks = [0] * len(tables.type_names)
        owned = [0] * self.players
        for square, zone in enumerate(view.zone_at):
            bit = 1 << square
            if zone >= 0:
                zone_masks[kinds[zone % tables.counters]] |= bit
                owned[zone // tables.counters] |= bit
            elif view.landmark_at[square] < 0:
                empty |= bit
        allowed = tuple(self._allowed_for(zones, empty) for zones in zone_masks)
        report = (
            score_position(tables, view.landmark_at, view.zone_at) if view.to_move == OVER else None
        )
        return CityState(
            landmark_at=view.landmark_at,
            zone_at=view.zone_at,
            supply=view.supply,
            rezones_used=view.rezones_used,
            to_move=view.to_move,
            drawn=view.drawn,
            first=view.first,
            opening_rolls=view.opening_rolls,
            turn=view.turn,
            skips=view.skips,
            end=view.end,
            empty=empty,
            zone_masks=tuple(zone_masks),
            allowed=allowed,
            owned=tuple(owned),
            report=report,
        )

    def view_to_json(self, view: CityView) -> Any:
        return render.view_json(self.tables, view)

    # -- the end ------------------------------------------------------------------------------

    def outcome(self, state: CityState) -> Outcome | None:
        report = state.report
        if report is None:
            return None
        return Outcome(
            scores=tuple(float(total) for total in report.totals),
            ranks=Outcome.ranks_from(report.totals),
            reason=f"{state.end}: most prestige wins",
            details=report_json(report),
        )

    def explain_outcome(self, state: CityState) -> str:
        if state.report is None:
            return "the game is not over"
        return render.explain_report(self.tables, state.report, state.end)

    def statistics(self, state: CityState) -> dict[str, float]:
        report = state.report or score_position(self.tables, state.landmark_at, state.zone_at)
        controlled = [c for c in report.landmarks if c.controllers]
        totals = sorted(report.totals, reverse=True)
        figures = {
            "moves": float(state.turn),
            "empty_squares": float(state.empty.bit_count()),
            "skipped_turns": float(sum(state.skips)),
            "controlled_landmarks": float(len(controlled)),
            "shared_landmarks": float(sum(1 for c in controlled if len(c.controllers) > 1)),
            "winning_score": float(totals[0]),
            "winning_margin": float(totals[0] - totals[1]),
        }
        tables = self.tables
        if tables.rezoning:
            figures["rezonings"] = float(sum(state.rezones_used))
        if tables.parks:
            figures["park_points"] = float(sum(report.park_points))
        if tables.landmark_types:
            figures["type_bonuses"] = float(sum(report.type_points))
        if tables.zone_lines:
            figures["line_bonuses"] = float(sum(report.line_points))
        return figures

    # -- notation -----------------------------------------------------------------------------

    def format_action(self, action: CityAction) -> str:
        if isinstance(action, Skip):
            return "skip"
        if isinstance(action, Rezone):
            return f"rezone {action.square} {action.counter}"
        return f"{action.counter} {action.square}"

    def parse_action(self, text: str, seat: int) -> CityAction:
        words = notation.words(text, lower=False)
        if len(words) == 1 and words[0].lower() in ("skip", "pass"):
            return Skip(seat)
        if words and words[0].lower() == "place":
            words = words[1:]
        try:
            if len(words) == 3 and words[0].lower() == "rezone":
                return Rezone(seat, self._parse_square(words[1]), self._parse_counter(words[2]))
            if len(words) == 2 and words[0].lower() != "rezone":
                return Place(seat, self._parse_counter(words[0]), self._parse_square(words[1]))
        except MalformedActionError as error:
            form = "rezone <square> <counter>" if len(words) == 3 else "<counter> <square>"
            raise MalformedActionError(f"{error.reason} (a move is written {form})") from None
        raise MalformedActionError(f"{text.strip()!r} is not a move: {self._usage()}")

    def _usage(self) -> str:
        usage = "place a counter with <counter> <square>, e.g. C4 e5"
        if self.tables.rezoning:
            usage += (
                "; rezone with rezone <square> <counter>, e.g. rezone e5 C2; skip when you cannot "
                "place"
            )
        return usage

    def _parse_counter(self, word: str) -> str:
        name = word.upper()
        if name in self.tables.counter_ids:
            return name
        counters = render.counter_list(self.tables)
        if _COUNTER_TEXT.match(word):
            raise MalformedActionError(
                f"there is no counter {word!r}: this game's counters are {counters}"
            )
        raise MalformedActionError(
            f"{word!r} is not a counter: write its zone letter and access, e.g. C4 ({counters})"
        )

    def _parse_square(self, word: str) -> str:
        index = self.tables.board.index(word)
        if index is not None:
            return self.tables.board.names[index]
        board = self.tables.board
        where = f"a1..{board.last_square}, column letter then row number, row 1 at the top"
        if _SQUARE_TEXT.match(word):
            raise MalformedActionError(f"there is no square {word!r} on this board ({where})")
        raise MalformedActionError(f"{word!r} is not a square: write it like e5 ({where})")

    def explain_illegal(self, state: CityState, action: CityAction) -> str:
        tables = self.tables
        board = tables.board
        seat = action.seat
        if isinstance(action, Skip):
            return self._explain_skip(state, seat)
        counter = tables.counter_ids.get(action.counter)
        square = self._square_ids.get(action.square)
        if counter is None:
            known = render.counter_list(tables)
            return f"there is no counter {action.counter!r}: this game's counters are {known}"
        if square is None:
            return f"there is no square {action.square!r} (a1..{board.last_square})"
        name = tables.counter_names[counter]
        kind = tables.counter_type[counter]
        kind_name = tables.type_names[kind]
        where = board.names[square]
        landmark = state.landmark_at[square]
        zone = state.zone_at[square]
        cup = state.supply[seat]
        if isinstance(action, Rezone):
            if not tables.rezoning:
                return "rezoning is not in play (it is the rezoning option)"
            if state.rezones_used[seat] >= tables.rezonings:
                return f"you have used all your rezonings ({tables.rezonings} a game)"
            if zone < 0 or tables.owner_of(zone) != seat:
                return f"{where} is not one of your zones: you may only rezone your own"
        else:
            if landmark >= 0:
                return f"{where} holds a landmark ({tables.cup[landmark].name})"
            if zone >= 0:
                owner = render.seat_label(tables.owner_of(zone))
                return (
                    f"{where} is taken ({owner}'s {tables.counter_names[zone % tables.counters]})"
                )
        if not cup >> counter & 1:
            placed = [
                s for s, z in enumerate(state.zone_at) if z == seat * tables.counters + counter
            ]
            if placed:
                return f"you have no {name} in your cup: it is on {board.names[placed[0]]}"
            return f"you have no {name} in your cup"
        if tables.random_zones and not choosable(tables, state, seat) >> counter & 1:
            drawn = " or ".join(tables.counter_names[c] for c in state.drawn)
            return f"you drew {drawn} this turn: use one of those (random zone selection)"
        neighbours = board.neighbour_lists[square]
        clash = [
            board.names[other]
            for other in neighbours
            if state.zone_at[other] >= 0
            and tables.counter_type[state.zone_at[other] % tables.counters] == kind
            and other != square
        ]
        if clash:
            adjacency = render.adjacency_words(tables)
            return (
                f"a {kind_name} zone may not go next to another {kind_name} zone "
                f"({', '.join(clash)} is adjacent to {where}{adjacency})"
            )
        if isinstance(action, Rezone) and not rezone_targets(tables, state, seat, cup):
            return "you cannot rezone now"
        return f"{self.format_action(action)} is not a legal move now"

    def _explain_skip(self, state: CityState, seat: int) -> str:
        """Why ``seat`` may not skip: it can place a counter (then it must), or has nothing to
        skip instead of."""
        legal = CityMoves(self.tables, state, seat)
        if legal.placement_count:
            example = self.format_action(legal[0])
            return (
                f"you can place a counter (e.g. {example}): a turn is skipped only when you "
                "cannot place"
            )
        return "skip is not a legal move now"

    # -- presentation -------------------------------------------------------------------------

    def render_text(self, view: CityView) -> str:
        return render.render_board(self.tables, view)

    def describe_legal(self, view: CityView, legal: Sequence[Any]) -> list[str]:
        return render.describe_legal(self.tables, view, legal)

    def narrate(self, before: CityView, action: CityAction, after: CityView) -> list[str]:
        return render.narrate(self.tables, before, action, after)

    def render_svg(self, view: CityView) -> str | None:
        return svg.render_svg(self.tables, view)

    def move_targets(self, action: CityAction) -> tuple[str, ...]:
        return svg.move_targets(action)

    # -- search hooks -------------------------------------------------------------------------

    def rollout_policy(self) -> Callable[[CityState, int, Sequence[Any], Rng], Action] | None:
        """The ``greedy`` bot, one per seat for the length of one search, on the state's views."""
        from tycoon.core.players import bot_policy
        from tycoon.games.my_city.bots import GreedyBot

        return bot_policy(self, GreedyBot)

    def evaluate(self, state: CityState) -> Sequence[float] | None:
        """Each seat's chance of winning guessed from the position scored as if it ended now: a
        softmax of the totals at a temperature of three prestige."""
        from math import exp

        totals = score_position(self.tables, state.landmark_at, state.zone_at).totals
        top = max(totals)
        weights = [exp((t - top) / 3.0) for t in totals]
        whole = sum(weights)
        return [w / whole for w in weights]

    def search_depth(self) -> int:
        """Rollout steps before the evaluation: one round of placements."""
        return self.players

    def rank_actions(
        self, state: CityState, seat: int, legal: Sequence[Any]
    ) -> Sequence[Action] | None:
        """The ``greedy`` bot's best :data:`RANKED` moves from the seat's view, best first."""
        from tycoon.games.my_city.bots import GreedyBot

        bot = GreedyBot(self, seat, SeededRng(seat), {})
        return bot.ranked(self.observe(state, seat), legal, RANKED)


# Moves a search looks at in a position, the greedy bot's best first (of up to about 1,000).
RANKED = 12


def draw_counters(supply: int, usable: int, rng: Rng) -> tuple[int, ...]:
    """RANDOM ZONE SELECTION: two counters drawn from a cup, at least one of them usable.

    Drawing two and drawing again while neither can be used gives every pair holding a usable
    counter the same chance; that pair is drawn here in one go (one recorded draw). A cup of one
    counter gives that counter.
    """
    counters = squares_of(supply)
    if len(counters) == 1:
        return (counters[0],)
    pairs = [
        (a, b)
        for i, a in enumerate(counters)
        for b in counters[i + 1 :]
        if (usable >> a | usable >> b) & 1
    ]
    return pairs[rng.below(len(pairs))]
