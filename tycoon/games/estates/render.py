"""Presentation of The Estates: the board as text, the legal moves grouped, what happened in a
step and the final scoring explained building by building. Everything here works from views
(or, for the final scoring, from the public round results), so it cannot leak a secret."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tycoon.core import Action, AmountRange
from tycoon.core.text import escape, styled
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
from tycoon.games.estates.components import IN_SUPPLY, Layout
from tycoon.games.estates.rules import Building, barriers_in_row
from tycoon.games.estates.state import Board, EstatesState, EstatesView, RoundResult

if TYPE_CHECKING:
    from tycoon.games.estates.game import Estates

CELL = 5  # width of a lot column


def cube_markup(cube: int, layout: Layout) -> str:
    return styled(layout.cube_code(cube), layout.colours[cube // layout.values].style)


def _cubes(count: int) -> str:
    return "one cube" if count == 1 else f"{count} cubes"


def money_text(amount: int) -> str:
    return f"${amount}M"


def _high(bids: tuple[int, ...], auctioneer: int, players: int) -> tuple[int, int]:
    for i in range(len(bids) - 1, -1, -1):
        if bids[i] >= 0:
            return bids[i], (auctioneer + 1 + i) % players
    return -1, -1


# -- the board --------------------------------------------------------------------------------


def _pad(markup: str, visible: int) -> str:
    return markup + " " * max(CELL - visible, 0)


def _row_lines(game: Estates, board: Board, row: int) -> list[str]:
    layout = game.layout
    info = layout.rows[row]
    length = board.lengths[row]
    built = board.built[row]
    roofed = sum(1 for i in range(built) if board.roofs[row * layout.lots + i])
    complete = game.board_rules.is_row_complete(board, row, game.empty_row_complete)
    head = [
        f"{styled(info.letter, 'bold')} {info.name} row",
        f"needs {length} building{'s' if length != 1 else ''}",
        f"{built} built, {roofed} roofed",
    ]
    walls = barriers_in_row(board, row)
    if walls:
        head.append(f"barrier{'s' if len(walls) > 1 else ''} {'+'.join(map(str, walls))}")
    if board.mayor == row:
        head.append(styled("Mayor x2", "bold magenta"))
    head.append(styled("complete", "bold green") if complete else styled("incomplete", "dim"))
    lines = ["  ".join(head)]
    # Each lot as a column, bottom to top.
    columns: list[list[tuple[str, int]]] = []
    barrier_lot = length + 1 if walls else 0
    for lot in range(1, layout.lots + 1):
        index = row * layout.lots + lot - 1
        stack = board.stacks[index]
        cells: list[tuple[str, int]] = []
        if stack:
            cells.extend((cube_markup(c, layout), 2) for c in stack)
            if board.roofs[index]:
                cells.append((styled(f"^{board.roofs[index]}", "bold"), 2))
        elif lot == barrier_lot:
            text = "|" + ",".join(map(str, walls))
            cells.append((styled(text, "bold"), len(text)))
        elif lot > length:
            cells.append((styled("-", "dim"), 1))
        elif layout.white_dirt[index]:
            cells.append((styled("w", "dim"), 1))
        else:
            cells.append((styled("·", "dim"), 1))
        columns.append(cells)
    height = max(len(c) for c in columns)
    river = layout.components.river_after_lot
    for level in range(height - 1, -1, -1):
        parts = []
        for lot, cells in enumerate(columns, start=1):
            if level < len(cells):
                markup, width = cells[level]
                parts.append(_pad(markup, width))
            else:
                parts.append(" " * CELL)
            if lot == river:
                parts.append(styled("≈ ", "blue") if level == 0 else "  ")
        lines.append("      " + "".join(parts).rstrip())
    if built:
        # Whose each building is: the holder of its top cube's certificate.
        parts = []
        for lot in range(1, built + 1):
            owner = board.certificates[
                board.stacks[row * layout.lots + lot - 1][-1] // layout.values
            ]
            parts.append(f"{f'S{owner + 1}' if owner >= 0 else '?':<{CELL}}")
            if lot == river:
                parts.append("  ")
        lines.append(styled("owner", "dim") + " " + "".join(parts).rstrip())
    return lines


def _lot_header(layout: Layout) -> str:
    parts = []
    for lot in range(1, layout.lots + 1):
        parts.append(f"{lot:<{CELL}}")
        if lot == layout.components.river_after_lot:
            parts.append("  ")
    return "  lot " + "".join(parts).rstrip()


def render_board(game: Estates, board: Board) -> list[str]:
    layout = game.layout
    lines = [
        styled("Main Street", "bold")
        + f" is on the left, the river after lot {layout.components.river_after_lot} (≈); "
        f"w = white dirt ({_cubes(layout.white_cap)}), - = past the requirement, |n = barrier n; "
        "owner Sn = Seat n, who holds the certificate of the building's top cube"
    ]
    lines.append(styled(_lot_header(layout), "dim"))
    for row in range(layout.num_rows):
        lines.extend(_row_lines(game, board, row))
    return lines


def render_view(game: Estates, view: EstatesView) -> str:
    layout = game.layout
    name = game.seat_name
    n = view.players
    board = view.board
    title = f"The Estates · round {view.round} of {view.rounds} · turn {view.turn}"
    if view.phase == "over":
        title += " · game over"
    else:
        title += f" · {name(view.auctioneer)} is the auctioneer"
    lines = [styled(title, "bold")]
    if view.rounds > 1:
        lines.append(
            "Rounds won: "
            + ", ".join(f"{name(s)} {view.wins[s]}" for s in range(n))
            + " · totals so far: "
            + ", ".join(f"{name(s)} {view.totals[s]}" for s in range(n))
        )
    lines.extend(render_board(game, board))
    # Offer rows.
    lines.append(styled("Offer rows", "bold") + " (only a cube at either end can be auctioned):")
    for i, offer_row in enumerate(view.offer, start=1):
        if not offer_row:
            lines.append(f"  {i}: (empty)")
            continue
        cubes = [cube_markup(c, layout) for c in offer_row]
        if len(cubes) > 2:
            text = f"{cubes[0]} | {' '.join(cubes[1:-1])} | {cubes[-1]}"
        else:
            text = " | ".join(cubes)
        lines.append(f"  {i}: {text}")
    # The other pieces.
    barrier_texts = []
    for value, code in enumerate(board.barriers, start=1):
        if code == IN_SUPPLY:
            barrier_texts.append(f"{value} in supply")
        elif code >= 0:
            row = code // 2
            how = "lengthens" if code % 2 else "shortens"
            barrier_texts.append(f"{value} {how} {layout.rows[row].letter}")
        else:
            barrier_texts.append(f"{value} gone")
    left = " ".join(map(str, view.roof_values_left)) or "none"
    lines.append(
        f"Rooftops: {view.roofs_face_down} face down (values still to come: {left}) · "
        f"Barriers: {', '.join(barrier_texts)}"
    )
    mayor = (
        "in supply"
        if board.mayor == IN_SUPPLY
        else (f"in front of {layout.rows[board.mayor].letter}" if board.mayor >= 0 else "discarded")
    )
    cancel = "in supply" if board.cancel == IN_SUPPLY else "gone"
    lines.append(f"Mayor: {mayor} · Cancel cube: {cancel}")
    held = []
    free = []
    for colour, owner in enumerate(board.certificates):
        label = styled(layout.colours[colour].name, layout.colours[colour].style)
        if owner >= 0:
            held.append(f"{label} → {escape(name(owner))}")
        else:
            free.append(label)
    cert = " · ".join(held) if held else "none taken"
    if free:
        cert += " · not yet taken: " + ", ".join(free)
    lines.append(f"Certificates: {cert}")
    # Money.
    money_parts = []
    for s in range(n):
        if view.money[s] is None:
            continue
        who = "you" if s == view.seat else name(s)
        money_parts.append(
            f"{who}: {money_text(view.money[s] or 0)} in hand, {view.box[s]} in the cash box"
        )
    if money_parts:
        secret = "" if all(m is not None for m in view.money) else " (others' money is secret)"
        lines.append("Money: " + "; ".join(money_parts) + secret)
    else:
        lines.append("Money: every player's money is secret")
    if view.phase != "over":
        lines.extend(_scores_now(game, view))
    # The auction under way.
    lines.extend(_auction_lines(game, view))
    if view.phase == "over":
        lines.append(styled(f"The game is over: {view.end_reason}.", "bold"))
    return "\n".join(lines)


def _scores_now(game: Estates, view: EstatesView) -> list[str]:
    """What each seat would score if the round ended now, from the view alone: buildings as they
    stand, and the cheques in a cash box only where the view shows them."""
    points = [0] * view.players
    for building in game.board_rules.buildings(view.board, game.empty_row_complete):
        if building.owner >= 0:
            points[building.owner] += building.points
    when = "the game" if view.rounds == 1 else "this round"
    lines = [
        styled(f"If {when} ended now", "bold") + " (incomplete rows count against their owners):"
    ]
    for s in range(view.players):
        who = game.seat_name(s) + (" (you)" if s == view.seat else "")
        box = view.box[s]
        if box is None:
            lines.append(f"  {who}: buildings {points[s]}, cash box secret")
        else:
            cheques = f"{box} cheque{'s' if box != 1 else ''}"
            lines.append(
                f"  {who}: buildings {points[s]} + {cheques} in the cash box = {points[s] + box}"
            )
    return lines


def _auction_lines(game: Estates, view: EstatesView) -> list[str]:
    layout = game.layout
    name = game.seat_name
    if view.phase in ("choose", "over"):
        if view.phase == "choose":
            extra = " (has stowed a cheque this turn)" if view.stowed else ""
            return [f"{name(view.auctioneer)} chooses a piece to auction{extra}."]
        return []
    piece = layout.piece_name(view.piece, view.roof_value)
    parts = []
    for i, amount in enumerate(view.bids):
        bidder = (view.auctioneer + 1 + i) % view.players
        parts.append(f"{name(bidder)} {'bid ' + money_text(amount) if amount >= 0 else 'passed'}")
    line = f"Auction of {piece} by {name(view.auctioneer)}"
    if parts:
        line += ": " + ", ".join(parts)
    lines = [line]
    if view.phase == "bid":
        lines.append(f"Waiting for {name(view.to_act[0])} to bid or pass.")
    elif view.phase == "decide":
        amount, bidder = _high(view.bids, view.auctioneer, view.players)
        lines.append(
            f"{name(view.auctioneer)} sells to {name(bidder)} for {money_text(amount)} "
            "or buys it by paying that to them."
        )
    elif view.phase == "place":
        lines.append(f"{name(view.holder)} places {piece}.")
    return lines


# -- legal moves ------------------------------------------------------------------------------


def describe_legal(game: Estates, view: EstatesView, legal: Sequence[Any]) -> list[str]:
    layout = game.layout
    name = game.seat_name
    lines: list[str] = []
    cubes: list[str] = []
    others: list[str] = []
    for choice in legal:
        if isinstance(choice, AmountRange):
            money = view.money[view.seat] if view.seat is not None else None
            high, bidder = _high(view.bids, view.auctioneer, view.players)
            about = f"high bid {money_text(high)} by {name(bidder)}" if high >= 0 else "no bid yet"
            lines.append(
                f"bid {choice.low}..{choice.high}  ({about}; you have "
                f"{money_text(money or 0)} in hand)"
            )
            continue
        kind = type(choice)
        text = game.format_action(choice)
        if kind is Stow:
            lines.append(f"{text}  (illegal earnings: $1M into your cash box, 1 point at the end)")
        elif kind is Auction:
            piece = layout.piece_by_code[choice.piece.lower()]
            (cubes if piece < layout.num_cubes else others).append(text)
        elif kind is Pass:
            lines.append("pass")
        elif kind is Sell or kind is Buy:
            high, bidder = _high(view.bids, view.auctioneer, view.players)
            if kind is Sell:
                lines.append(f"sell  ({name(bidder)} pays you {money_text(high)} and takes it)")
            else:
                lines.append(f"buy  (you pay {name(bidder)} {money_text(high)} and keep it)")
        elif kind is Place:
            lines.append(f"{text}  ({_place_note(view, choice, layout)})")
        elif kind is Cancel:
            lines.append(f"{text}  ({_cancel_note(view.board, choice.barrier, layout)})")
        elif kind is Discard:
            lines.append(f"discard  (remove {layout.piece_name(view.piece)} from the game)")
        else:
            lines.append(text)
    if cubes:
        lines.append(" · ".join(cubes) + "  (floor cubes at the ends of the offer rows)")
    if others:
        lines.append(" · ".join(others))
    return lines


def _place_note(view: EstatesView, action: Place, layout: Layout) -> str:
    board = view.board
    piece = view.piece
    row = layout.rows[action.row]
    if piece == layout.mayor:
        return f"doubles every building of the {row.name} row"
    if layout.is_barrier(piece):
        return f"the {row.name} row will need {action.lot - 1}"
    index = action.row * layout.lots + action.lot - 1
    if piece == layout.roof:
        stack = board.stacks[index]
        value = sum(c % layout.values + 1 for c in stack) + view.roof_value
        owner_colour = layout.colours[stack[-1] // layout.values].name
        return f"finishes a building worth {value} to {owner_colour}"
    if board.stacks[index]:
        return f"on top of {layout.cube_code(board.stacks[index][-1])}"
    colour = piece // layout.values
    note = "a new building"
    if board.certificates[colour] < 0:
        note += f", and the {layout.colours[colour].name} certificate"
    return note


def _cancel_note(board: Board, value: int, layout: Layout) -> str:
    code = board.barriers[value - 1]
    row = code // 2
    signed = value if code % 2 else -value
    return f"the {layout.rows[row].name} row will need {board.lengths[row] - signed}"


# -- narration --------------------------------------------------------------------------------


def narrate(game: Estates, before: EstatesView, action: Action, after: EstatesView) -> list[str]:
    layout = game.layout
    name = game.seat_name
    actor = name(action.seat)
    kind = type(action)
    lines: list[str] = []
    round_over = after.round != before.round or after.phase == "over"
    if kind is Stow:
        lines.append(f"{actor} stows a $1M cheque in the cash box (illegal earnings).")
    elif kind is Auction:
        piece = layout.piece_by_code[action.piece.lower()]  # type: ignore[attr-defined]
        if piece == layout.roof:
            lines.append(
                f"{actor} turns over the next rooftop: a {after.roof_value}, and puts it up "
                "for auction."
            )
        else:
            lines.append(f"{actor} puts {layout.piece_name(piece)} up for auction.")
    elif kind is Bid:
        lines.append(f"{actor} bids {money_text(action.amount)}.")  # type: ignore[attr-defined]
    elif kind is Pass:
        lines.append(f"{actor} passes.")
        if after.phase == "place" and after.holder == before.auctioneer:
            lines.append(
                f"Everyone passed: {name(before.auctioneer)} takes "
                f"{layout.piece_name(before.piece, before.roof_value)} for free."
            )
    elif kind is Sell or kind is Buy:
        amount, bidder = _high(before.bids, before.auctioneer, before.players)
        sold = layout.piece_name(before.piece, before.roof_value)
        if kind is Sell:
            lines.append(f"{actor} sells {sold} to {name(bidder)}, who pays {money_text(amount)}.")
        else:
            lines.append(f"{actor} buys {sold}, paying {money_text(amount)} to {name(bidder)}.")
    elif kind is Place or kind is Cancel or kind is Discard:
        lines.extend(_placement_lines(game, before, action, after, round_over))
    if round_over:
        result = after.results[-1]
        lines.append(f"Round {result.number} is over: {result.reason}.")
        scores = ", ".join(f"{name(s)} {result.scores[s]}" for s in range(after.players))
        lines.append(f"Scores of the round: {scores}.")
        if after.phase != "over":
            # The board is set up again: say how the round scored before it goes.
            lines.extend(explain_round(game, result)[1:])
            lines.append(
                f"Round {after.round} begins with fresh cubes and rooftops; every cheque is "
                f"carried over. {name(after.auctioneer)} auctions first."
            )
        else:
            lines.append("The game is over.")
    elif before.phase == "place" and after.phase == "choose":
        lines.append(f"{name(after.auctioneer)} is the auctioneer now.")
    return lines


def _placement_lines(
    game: Estates, before: EstatesView, action: Action, after: EstatesView, round_over: bool
) -> list[str]:
    layout = game.layout
    name = game.seat_name
    actor = name(action.seat)
    piece = before.piece
    board_after = after.results[-1].board if round_over else after.board
    lines: list[str] = []
    if isinstance(action, Discard):
        lines.append(f"{actor} discards {layout.piece_name(piece)}: it leaves the game.")
    elif isinstance(action, Cancel):
        value = action.barrier
        code = before.board.barriers[value - 1]
        row = code // 2
        lines.append(
            f"{actor} uses the Cancel cube on barrier {value}: the {layout.rows[row].name} row now "
            f"needs {board_after.lengths[row]}."
        )
    elif isinstance(action, Place):
        info = layout.rows[action.row]
        where = f"{info.letter}{action.lot}"
        if piece == layout.mayor:
            lines.append(f"{actor} places the Mayor in front of the {info.name} row (x2).")
        elif layout.is_barrier(piece):
            lines.append(
                f"{actor} places barrier {piece - layout.barrier_base} on {where}: "
                f"the {info.name} row now needs {board_after.lengths[action.row]}."
            )
        elif piece == layout.roof:
            lines.append(f"{actor} puts the rooftop {before.roof_value} on {where}.")
        else:
            index = action.row * layout.lots + action.lot - 1
            on = before.board.stacks[index]
            spot = f"on top of {layout.cube_code(on[-1])}" if on else "as a new building"
            lines.append(f"{actor} places the {layout.cube_name(piece)} on {where} {spot}.")
            colour = piece // layout.values
            if before.board.certificates[colour] < 0:
                lines.append(f"{actor} takes the {layout.colours[colour].name} certificate.")
    for row in range(layout.num_rows):
        was = game.board_rules.is_row_complete(before.board, row, game.empty_row_complete)
        now = game.board_rules.is_row_complete(board_after, row, game.empty_row_complete)
        if now and not was:
            lines.append(f"The {layout.rows[row].name} row is complete.")
        elif was and not now:
            lines.append(f"The {layout.rows[row].name} row is no longer complete.")
    return lines


# -- the final scoring ------------------------------------------------------------------------


def _building_line(game: Estates, building: Building) -> str:
    layout = game.layout
    cubes = " ".join(layout.cube_code(c) for c in building.cubes)
    values = " + ".join(str(c % layout.values + 1) for c in building.cubes)
    roof = f" + rooftop {building.roof}" if building.roof else " (no rooftop)"
    colour = layout.colours[building.colour].name
    owner = game.seat_name(building.owner) if building.owner >= 0 else "nobody"
    sign = "+" if building.points >= 0 else "-"
    how = "" if building.complete_row else ", negative: the row is incomplete"
    if building.doubled:
        how += ", doubled by the Mayor"
    where = layout.lot_code(building.index)
    return (
        f"  {where}: {cubes} = {values}{roof} = {building.value}, top cube "
        f"{colour} → {owner}: {sign}{abs(building.points)}{how}"
    )


def explain_round(game: Estates, result: RoundResult) -> list[str]:
    layout = game.layout
    name = game.seat_name
    board = result.board
    n = len(result.scores)
    lines = [styled(f"Round {result.number}: {result.reason}", "bold")]
    per_seat = [0] * n
    by_row: dict[int, list[Building]] = {r: [] for r in range(layout.num_rows)}
    for building in game.board_rules.buildings(board, game.empty_row_complete):
        by_row[building.index // layout.lots].append(building)
        if building.owner >= 0:
            per_seat[building.owner] += building.points
    for row in range(layout.num_rows):
        complete = game.board_rules.is_row_complete(board, row, game.empty_row_complete)
        state = "complete: its buildings score" if complete else "incomplete: its buildings lose"
        mayor = ", the Mayor doubles it" if board.mayor == row else ""
        lines.append(
            f"The {layout.rows[row].name} row (needs {board.lengths[row]}) is {state}{mayor}."
        )
        if not by_row[row]:
            lines.append("  no buildings")
        lines.extend(_building_line(game, b) for b in by_row[row])
    lines.append("Scores (buildings + one point a cheque in the cash box):")
    for s in range(n):
        money = result.money[s]
        lines.append(
            f"  {name(s)}: {per_seat[s]} + {result.box[s]} = {result.scores[s]}"
            + (f"  (cheques in hand {money})" if money is not None else "")
        )
    winners = result.winners
    best = [s for s in range(n) if result.scores[s] == max(result.scores)]
    if len(best) > 1:
        lines.append("Tied on points: the most cheques in hand and in the cash box breaks the tie.")
    lines.append(
        ("Round winner: " if len(winners) == 1 else "Round winners (tied): ")
        + ", ".join(name(s) for s in winners)
    )
    return lines


def explain_outcome(game: Estates, state: EstatesState) -> str:
    outcome = game.outcome(state)
    if outcome is None:
        return "the game is not over"
    name = game.seat_name
    lines: list[str] = []
    for result in state.results:
        lines.extend(explain_round(game, result))
    n = game.players
    if game.rounds > 1:
        lines.append(styled("After the rounds:", "bold"))
        for s in range(n):
            lines.append(f"  {name(s)}: {state.wins[s]} round(s) won, total {state.totals[s]}")
    lines.append(outcome.reason)
    order = sorted(range(n), key=lambda s: outcome.ranks[s])
    lines.append(
        "Final ranking: "
        + ", ".join(f"{outcome.ranks[s]}. {name(s)} ({outcome.scores[s]:g})" for s in order)
    )
    return "\n".join(lines)
