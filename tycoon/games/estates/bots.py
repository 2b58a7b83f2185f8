"""``greedy``: a one-step-lookahead player for The Estates that sees only its own view.

It judges a board by what every seat's buildings are likely to score: a building counts its
value times ``2p - 1``, where ``p`` is how likely its row is to be finished (a complete row 1; of
the others, the rows needing the least work are taken as the likely finishers, the one needing
the most as the likely loser), doubled in the Mayor's row. Its own prospect minus ``rivalry``
times the average of the others' is what it maximises.

- It values a piece by the best place it could give it (the Mayor, a barrier and the Cancel cube
  may also be discarded, worth nothing); an unseen rooftop by the average over the values left.
- Choosing: it stows a cheque while it keeps ``reserve`` cheques in hand, then puts up the piece
  worth most to itself.
- Bidding: it bids about ``share`` of the piece's worth (in cheques, at ``money`` points a
  cheque), never more than the piece is worth; otherwise it passes.
- Selling or buying: it buys when placing the piece itself beats letting the high bidder place it
  by more than twice the bid's worth (buying costs the bid, selling earns it), else it sells.
- Placing: the placement that leaves the best board.

``noise`` (0..1, as for every game's bots) is the chance of playing a uniformly random legal
choice instead; ``jitter`` (0..5, default 0) adds a random amount in +/- ``jitter`` to every
value it compares, so its play varies without becoming random.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tycoon.core import Action, AmountRange, Game, Rng
from tycoon.core.players import Bot, register_bot
from tycoon.games.estates.actions import (
    Auction,
    Bid,
    Buy,
    Cancel,
    Discard,
    Pass,
    Place,
    Sell,
    Stow,
)
from tycoon.games.estates.rules import (
    RULES,
    BoardRules,
    place_barrier,
    place_mayor,
    remove_barrier,
)
from tycoon.games.estates.state import Board, EstatesView

# How likely a row is to be finished, by its rank among the unfinished rows (least work first),
# for two rows still to finish and for one.
CHANCES_TWO_NEEDED = (0.8, 0.65, 0.2)
CHANCES_ONE_NEEDED = (0.75, 0.25)


def row_chances(
    board: Board, empty_row_complete: bool = True, rules: BoardRules = RULES
) -> list[float]:
    """The estimated chance that each row is complete at the end (``rules``: the game's)."""
    complete = [rules.is_row_complete(board, r, empty_row_complete) for r in range(rules.num_rows)]
    work: list[tuple[int, int]] = []
    lots = rules.lots
    for row in range(rules.num_rows):
        if complete[row]:
            continue
        length = board.lengths[row]
        built = board.built[row]
        base = row * lots
        roofed = sum(1 for i in range(built) if board.roofs[base + i])
        work.append(((length - built) + (length - roofed), row))
    chances = [1.0 if c else 0.0 for c in complete]
    needed = 2 - sum(complete)
    if needed <= 0 or not work:
        return chances
    table = CHANCES_TWO_NEEDED if needed == 2 else CHANCES_ONE_NEEDED
    work.sort()
    # Rows needing the same work share the average of their ranks' chances.
    i = 0
    while i < len(work):
        j = i
        while j + 1 < len(work) and work[j + 1][0] == work[i][0]:
            j += 1
        ranks = [table[min(k, len(table) - 1)] for k in range(i, j + 1)]
        for k in range(i, j + 1):
            chances[work[k][1]] = sum(ranks) / len(ranks)
        i = j + 1
    return chances


def prospects(
    board: Board, players: int, empty_row_complete: bool = True, rules: BoardRules = RULES
) -> list[float]:
    """What each seat's buildings are likely to score (``rules``: the game's)."""
    chances = row_chances(board, empty_row_complete, rules)
    lots = rules.lots
    values = rules.values
    result = [0.0] * players
    stacks = board.stacks
    roofs = board.roofs
    certificates = board.certificates
    for row in range(rules.num_rows):
        weight = 2.0 * chances[row] - 1.0
        if board.mayor == row:
            weight *= 2.0
        base = row * lots
        for index in range(base, base + board.built[row]):
            stack = stacks[index]
            owner = certificates[stack[-1] // values]
            if owner >= 0:
                value = roofs[index] + sum(c % values + 1 for c in stack)
                result[owner] += weight * value
    return result


class GreedyBot(Bot):
    def __init__(
        self, game: Game[Any, Any, Any], seat: int, rng: Rng, params: Mapping[str, str]
    ) -> None:
        super().__init__(game, seat, rng, params)
        self.rivalry = self.float_param("rivalry", 0.5, 0.0, 2.0)
        self.money_worth = self.float_param("money", 0.6, 0.05, 2.0)
        self.share = self.float_param("share", 0.6, 0.0, 1.0)
        self.reserve = int(self.float_param("reserve", 2, 0, 60))
        self.noise = self.float_param("noise", 0.0, 0.0, 1.0)
        self.jitter = self.float_param("jitter", 0.0, 0.0, 5.0)
        self.empty_row_complete = bool(getattr(game, "empty_row_complete", True))
        #: The game's board rules and tables (what-if data may change them).
        self.rules: BoardRules = getattr(game, "board_rules", RULES)
        self.layout = self.rules.layout

    # -- judging boards ----------------------------------------------------------------------

    def utility(self, board: Board, seat: int, players: int) -> float:
        """``seat``'s prospect minus ``rivalry`` times the others' average."""
        values = prospects(board, players, self.empty_row_complete, self.rules)
        others = (sum(values) - values[seat]) / max(players - 1, 1)
        return values[seat] - self.rivalry * others

    def boards_after(
        self, board: Board, piece: int, roof_value: int, holder: int
    ) -> list[tuple[Action, Board]]:
        """Every board ``holder`` could leave with ``piece``, with the action for it."""
        seat = holder
        options: list[tuple[Action, Board]] = []
        rules = self.rules
        layout = self.layout
        lots = layout.lots
        if piece < layout.num_cubes:
            for index in rules.cube_targets(board, piece % layout.values + 1):
                row, lot = divmod(index, lots)
                options.append(
                    (Place(seat, row, lot + 1), rules.place_cube(board, piece, row, lot + 1, seat))
                )
        elif piece == layout.roof:
            for index in rules.roof_targets(board):
                row, lot = divmod(index, lots)
                options.append(
                    (Place(seat, row, lot + 1), rules.place_roof(board, roof_value, row, lot + 1))
                )
        else:
            options.append((Discard(seat), board))
            if layout.is_barrier(piece):
                value = piece - layout.barrier_base
                for row, lot in rules.barrier_targets(board, value):
                    options.append((Place(seat, row, lot), place_barrier(board, value, row, lot)))
            elif piece == layout.mayor:
                for row in range(layout.num_rows):
                    options.append((Place(seat, row, 0), place_mayor(board, row)))
            elif piece == layout.cancel:
                for value in rules.cancel_targets(board):
                    options.append((Cancel(seat, value), remove_barrier(board, value)))
        return options

    def best_board(
        self, board: Board, piece: int, roof_value: int, holder: int, players: int
    ) -> tuple[float, Board]:
        """The best board ``holder`` can make (judged by ``holder``), and its utility to them."""
        best_value = float("-inf")
        best = board
        for _action, after in self.boards_after(board, piece, roof_value, holder):
            value = self.utility(after, holder, players)
            if value > best_value:
                best_value, best = value, after
        return best_value, best

    def worth(self, view: EstatesView, piece: int, roof_value: int, seat: int) -> float:
        """How much better off (in points) ``seat`` is for holding ``piece``."""
        board = view.board
        players = view.players
        now = self.utility(board, seat, players)
        if piece == self.layout.roof and not roof_value:
            values = view.roof_values_left
            if not values:
                return 0.0
            total = 0.0
            for value in set(values):
                best, _ = self.best_board(board, piece, value, seat, players)
                total += (best - now) * values.count(value)
            return total / len(values)
        best, _ = self.best_board(board, piece, roof_value, seat, players)
        return best - now if best != float("-inf") else 0.0

    def _jitter(self) -> float:
        if not self.jitter:
            return 0.0
        return (self.rng.below(2001) - 1000) / 1000.0 * self.jitter

    # -- deciding ----------------------------------------------------------------------------

    def choose(self, view: EstatesView, legal: Sequence[Any]) -> Action:
        if self.explores(self.noise):
            return self.random_choice(legal)
        seat = self.seat
        phase = view.phase
        money = view.money[seat] or 0
        if phase == "choose":
            for choice in legal:
                if isinstance(choice, Stow) and money > self.reserve:
                    return choice
            best: Action | None = None
            best_value = float("-inf")
            for choice in legal:
                if isinstance(choice, Auction):
                    piece = self.layout.piece_by_code[choice.piece.lower()]
                    value = self.worth(view, piece, 0, seat) + self._jitter()
                    if value > best_value:
                        best, best_value = choice, value
            assert best is not None
            return best
        if phase == "bid":
            value = self.worth(view, view.piece, view.roof_value, seat) + self._jitter()
            ranges = [c for c in legal if isinstance(c, AmountRange)]
            passing = next(c for c in legal if isinstance(c, Pass))
            if not ranges or value <= 0:
                return passing
            bids = ranges[0]
            limit = int(value / self.money_worth)  # the most the piece is worth in cheques
            target = max(bids.low, int(self.share * value / self.money_worth))
            amount = min(target, limit, bids.high)
            if amount < bids.low:
                return passing
            action: Action = bids.action(amount)
            assert isinstance(action, Bid)
            return action
        if phase == "decide":
            sell = next(c for c in legal if isinstance(c, Sell))
            buy = next((c for c in legal if isinstance(c, Buy)), None)
            if buy is None:
                return sell
            high, bidder = _high(view.bids, view.auctioneer, view.players)
            players = view.players
            board = view.board
            mine, _ = self.best_board(board, view.piece, view.roof_value, seat, players)
            _, theirs = self.best_board(board, view.piece, view.roof_value, bidder, players)
            if mine == float("-inf"):
                return sell
            gain = mine - self.utility(theirs, seat, players)
            return buy if gain > 2 * high * self.money_worth else sell
        # Placing: the best board for this seat.
        best_action: Action | None = None
        best_value = float("-inf")
        after_boards = dict(self.boards_after(view.board, view.piece, view.roof_value, seat))
        for choice in legal:
            after = after_boards.get(choice)
            if after is None:
                continue
            value = self.utility(after, seat, view.players) + self._jitter()
            if value > best_value:
                best_action, best_value = choice, value
        if best_action is None:
            fallback: Action = legal[0]
            return fallback
        return best_action


def _high(bids: tuple[int, ...], auctioneer: int, players: int) -> tuple[int, int]:
    for i in range(len(bids) - 1, -1, -1):
        if bids[i] >= 0:
            return bids[i], (auctioneer + 1 + i) % players
    return 0, auctioneer


register_bot(
    "greedy",
    GreedyBot,
    "values pieces by how they change every seat's likely building scores; stows cheques, "
    "bids a share of a piece's worth, buys only when keeping the piece beats the bid",
    game="estates",
    params=("rivalry", "money", "share", "reserve", "noise", "jitter"),
    rank=10,
)
