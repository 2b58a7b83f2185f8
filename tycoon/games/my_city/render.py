"""How My City looks as text: the board, the legal moves, what happened, the final scoring.

Everything here works from views (and the game's tables), never from a state, so nothing shown
can leak; in My City nothing is hidden anyway. Text carries Rich-style markup.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tycoon.core.text import escape, styled
from tycoon.games.my_city.board import squares_of
from tycoon.games.my_city.scoring import PARK_NAME, Control, ScoreReport, score_position
from tycoon.games.my_city.state import OVER, CityView, Place, Rezone, Skip
from tycoon.games.my_city.tables import PARK_BY_ZONES, Tables

SEAT_COLOURS = ("red", "blue", "green", "yellow", "magenta", "cyan")
LANDMARK_STYLE = "bold reverse"
EMPTY_STYLE = "dim"
CELL = 4  # characters a square takes on the board picture (plus a space)


def seat_label(seat: int) -> str:
    """``Seat 1``, as the engine names seats (the colour is shown by the style)."""
    return f"Seat {seat + 1}"


def seat_colour_label(seat: int) -> str:
    return f"Seat {seat + 1} ({SEAT_COLOURS[seat]})"


def seat_style(seat: int) -> str:
    return f"bold {SEAT_COLOURS[seat]}"


def styled_seat(seat: int) -> str:
    return styled(seat_label(seat), seat_style(seat))


def counter_list(tables: Tables) -> str:
    """Every counter of one set, compactly: ``H4-H1, C4-C1, ..., S``."""
    parts = []
    for kind in range(len(tables.type_codes)):
        names = [tables.counter_names[c] for c in squares_of(tables.type_masks[kind])]
        parts.append(names[0] if len(names) == 1 else f"{names[0]}-{names[-1]}")
    return ", ".join(parts)


def cup_text(tables: Tables, cup: int) -> str:
    """A cup's counters grouped by zone type: ``C 4 3 1 · R 2 · S``."""
    parts = []
    for kind, code in enumerate(tables.type_codes):
        counters = squares_of(cup & tables.type_masks[kind])
        if not counters:
            continue
        if kind == tables.slum_type:
            parts.append(code)
        else:
            parts.append(code + " " + " ".join(str(tables.counter_access[c]) for c in counters))
    return " · ".join(parts) if parts else "empty"


def adjacency_words(tables: Tables) -> str:
    board = tables.board
    if board.hex:
        return " on the hex map"
    return " sharing a side" if board.reduced else " sharing a side or a corner"


def map_words(tables: Tables) -> str:
    size = tables.board.size
    kind = "hex" if tables.board.hex else "square"
    adjacency = ", reduced adjacency" if tables.board.reduced and not tables.board.hex else ""
    return f"{size}x{size} {kind} map{adjacency}"


def variant_words(tables: Tables) -> list[str]:
    words = []
    if tables.parks:
        words.append("parks" + (" (by zones)" if tables.park_control == PARK_BY_ZONES else ""))
    if tables.random_zones:
        words.append("random zones")
    if tables.rezoning:
        words.append(f"rezoning x{tables.rezonings}")
    if tables.city_dump:
        words.append("city dump")
    if tables.slums:
        words.append("slums")
    if tables.landmark_types:
        words.append("landmark types")
    if tables.zone_lines:
        words.append(f"zone lines of {tables.line_length}")
    return words


# -- the board ------------------------------------------------------------------------------


def _cell(tables: Tables, view: CityView, square: int) -> str:
    landmark = view.landmark_at[square]
    if landmark >= 0:
        item = tables.cup[landmark]
        return styled(f"{item.code}{item.value}".center(CELL), LANDMARK_STYLE)
    zone = view.zone_at[square]
    if zone >= 0:
        owner = tables.owner_of(zone)
        text = f"{owner + 1}{tables.counter_names[tables.counter_of(zone)]}"
        return styled(text.center(CELL), seat_style(owner))
    return styled("·".center(CELL), EMPTY_STYLE)


def render_board(tables: Tables, view: CityView) -> str:
    board = tables.board
    size = board.size
    title = f"My City · {tables.counter_set.title} counters · {map_words(tables)}"
    extras = variant_words(tables)
    if extras:
        title += " · " + ", ".join(extras)
    lines = [styled(title, "bold")]
    if view.is_over:
        lines.append(f"Game over after {view.turn} moves: {view.end}.")
    else:
        lines.append(f"Move {view.turn + 1}: {styled_seat(view.to_move)} to play.")
    if view.turn == 0 and view.opening_rolls:
        rounds = "; then ".join(
            ", ".join(f"{seat_label(s)} {roll}" for s, roll in enumerate(rolls) if roll)
            for rolls in view.opening_rolls
        )
        lines.append(f"{styled_seat(view.first)} goes first (rolls: {rounds}).")
    header = "    " + " ".join(chr(ord("a") + c).center(CELL) for c in range(size))
    lines.append(header)
    for row in range(size):
        indent = "  " if board.hex and row % 2 else ""
        cells = " ".join(_cell(tables, view, row * size + c) for c in range(size))
        lines.append(f"{row + 1:>3} {indent}{cells}")
    lines.append(
        styled("A zone shows its owner's seat number, zone letter and access (1C4);", "dim")
        + styled(" a landmark its code and value.", "dim")
    )

    report = score_position(tables, view.landmark_at, view.zone_at)
    lines.append("")
    lines.append(styled("Landmarks", "bold") + " (value, type: access by seat → who controls now)")
    untouched = []
    for control in report.landmarks:
        if any(control.access):
            lines.append("  " + _control_line(tables, control))
        else:
            untouched.append(escape(f"{control.square} {control.name} ({control.value})"))
    if untouched:
        lines.append("  no access yet: " + ", ".join(untouched))
    lines.append("")
    lines.append(styled("Seats", "bold"))
    for seat in range(tables.players):
        cup = view.supply[seat]
        marks = []
        if seat == view.to_move:
            marks.append(styled("to play", "bold"))
        if seat == view.seat:
            marks.append("you")
        if view.is_over:
            marks.append(f"final prestige {report.totals[seat]}")
        else:
            marks.append(f"prestige now {report.totals[seat]}")
        if tables.rezoning:
            marks.append(f"rezonings left {tables.rezonings - view.rezones_used[seat]}")
        if view.skips[seat]:
            marks.append(f"skipped {view.skips[seat]}")
        lines.append(f"  {styled(seat_colour_label(seat), seat_style(seat))}: {', '.join(marks)}")
        lines.append(f"      cup ({cup.bit_count()}): {escape(cup_text(tables, cup))}")
    if view.drawn and not view.is_over:
        drawn = " and ".join(tables.describe_counter(c) for c in view.drawn)
        lines.append(f"  {styled_seat(view.to_move)} drew {escape(drawn)} this turn.")
    return "\n".join(lines)


def _access_text(access: Sequence[int], unit: str = "access") -> str:
    shown = [f"{seat + 1}:{value}" for seat, value in enumerate(access) if value]
    return " ".join(shown) if shown else f"no {unit}"


def _control_line(tables: Tables, control: Control, scored: bool = False) -> str:
    """``e4 Airport (4, Transportation): 1:5 2:4 → Seat 1``, and the points once ``scored``."""
    kind = f", {control.kind}" if control.kind else ""
    head = escape(f"{control.square:>3} {control.name} ({control.value}{kind})")
    by_zones = control.name == PARK_NAME and tables.park_control == PARK_BY_ZONES
    access = _access_text(control.access, "zones" if by_zones else "access")
    if not control.controllers:
        return f"{head}: {access} → no one"
    who = ", ".join(styled_seat(s) for s in control.controllers)
    if not scored:
        return f"{head}: {access} → {who}"
    each = " each" if len(control.controllers) > 1 else ""
    sign = "+" if control.value >= 0 else ""
    return f"{head}: {access} → {who} {sign}{control.value}{each}"


# -- legal moves ----------------------------------------------------------------------------


def _squares_phrase(tables: Tables, squares: list[int], empty: list[int]) -> str:
    names = tables.board.names
    if len(squares) == len(empty):
        return f"any empty square ({len(squares)})"
    allowed = set(squares)
    excluded = [s for s in empty if s not in allowed]
    if len(excluded) < len(squares):
        return f"any empty square except {' '.join(names[s] for s in excluded)}"
    return " ".join(names[s] for s in squares)


def describe_legal(tables: Tables, view: CityView, legal: Sequence[Any]) -> list[str]:
    """The legal moves grouped by zone type (placements) and by square (rezonings), then the
    skip."""
    board = tables.board
    placements: dict[str, set[int]] = {}
    rezones: dict[int, list[str]] = {}
    can_skip = False
    for action in legal:
        if isinstance(action, Skip):
            can_skip = True
            continue
        if isinstance(action, Place):
            index = board.index(action.square)
            if index is not None:
                placements.setdefault(action.counter, set()).add(index)
        elif isinstance(action, Rezone):
            index = board.index(action.square)
            if index is not None:
                rezones.setdefault(index, []).append(action.counter)
    if not placements and not rezones:
        return ["no legal move"]
    empty = [s for s in range(board.squares) if view.landmark_at[s] < 0 and view.zone_at[s] < 0]
    lines: list[str] = []
    if placements:
        counter = next(iter(placements))
        example = f"{counter} {board.names[min(placements[counter])]}"
        lines.append(f"Place a counter: <counter> <square>, e.g. {example}")
        groups: dict[tuple[int, ...], list[str]] = {}
        for counter in sorted(placements, key=lambda c: tables.counter_ids[c]):
            groups.setdefault(tuple(sorted(placements[counter])), []).append(counter)
        for squares, counters in groups.items():
            kinds = sorted({tables.counter_type[tables.counter_ids[c]] for c in counters})
            kind_names = ", ".join(tables.type_names[k] for k in kinds)
            phrase = _squares_phrase(tables, list(squares), empty)
            lines.append(f"  {' '.join(counters)} ({kind_names}): {phrase}")
    if rezones:
        left = tables.rezonings - view.rezones_used[view.to_move] if view.to_move != OVER else 0
        lines.append(
            f"Rezone one of your zones ({left} of {tables.rezonings} left): "
            "rezone <square> <counter>, e.g. "
            + f"rezone {board.names[next(iter(rezones))]} {next(iter(rezones.values()))[0]}"
        )
        for square, counters in sorted(rezones.items()):
            zone = view.zone_at[square]
            current = tables.counter_names[tables.counter_of(zone)] if zone >= 0 else "?"
            lines.append(f"  {board.names[square]} (now {current}) → {' '.join(counters)}")
    if can_skip:
        lines.append("You cannot place a counter: rezone, or skip your turn with skip")
    return lines


# -- narration ------------------------------------------------------------------------------


def narrate(
    tables: Tables, before: CityView, action: Place | Rezone | Skip, after: CityView
) -> list[str]:
    """What happened in one move, worked out from the views before and after it."""
    board = tables.board
    lines: list[str] = []
    if isinstance(action, Skip):
        lines.append(f"{styled_seat(action.seat)} cannot place a counter and skips its turn.")
        return lines + _narrate_next(tables, before, after, action.seat)
    counter = tables.counter_ids.get(action.counter)
    square = board.index(action.square)
    if counter is None or square is None:
        return lines
    if isinstance(action, Rezone):
        old_zone = before.zone_at[square]
        replaced = tables.counter_names[tables.counter_of(old_zone)] if old_zone >= 0 else "?"
        left = tables.rezonings - after.rezones_used[action.seat]
        lines.append(
            f"{styled_seat(action.seat)} rezones {action.square}: {replaced} goes back to the "
            f"cup, {escape(tables.describe_counter(counter))} takes its place "
            f"({left} rezoning{'s' if left != 1 else ''} left)."
        )
    # Control of the landmarks around the square.
    first = score_position(tables, before.landmark_at, before.zone_at)
    second = score_position(tables, after.landmark_at, after.zone_at)
    for old, new in zip(first.landmarks, second.landmarks, strict=True):
        if old.access == new.access:
            continue
        name = escape(f"{new.name} ({new.square})")
        if old.controllers == new.controllers:
            continue
        if not new.controllers:
            lines.append(f"{name} now has no controller.")
        elif len(new.controllers) == 1:
            seat = new.controllers[0]
            lines.append(f"{styled_seat(seat)} now controls {name} with {new.access[seat]} access.")
        else:
            who = " and ".join(styled_seat(s) for s in new.controllers)
            best = new.access[new.controllers[0]]
            lines.append(f"{who} now share {name} with {best} access each.")
    return lines + _narrate_next(tables, before, after, -1)


def _narrate_next(tables: Tables, before: CityView, after: CityView, skipper: int) -> list[str]:
    """The seats skipped after a move (``skipper`` skipped by choice, not counted), the end of the
    game or the next draw."""
    lines: list[str] = []
    for seat in range(tables.players):
        if after.skips[seat] - (seat == skipper) > before.skips[seat]:
            lines.append(f"{styled_seat(seat)} cannot move and is skipped.")
    if after.is_over:
        lines.append(styled(f"Game over: {after.end}.", "bold"))
    elif after.drawn:
        drawn = " and ".join(tables.describe_counter(c) for c in after.drawn)
        lines.append(f"{styled_seat(after.to_move)} draws {escape(drawn)}.")
    return lines


# -- the final scoring ----------------------------------------------------------------------


def explain_report(tables: Tables, report: ScoreReport, end: str) -> str:
    lines = [styled(f"Game over: {end}. The most prestige wins.", "bold"), ""]
    lines.append(
        "Landmarks: the seat with the most access from its adjacent zones controls each; "
        "tied leaders all score its value; no access, no controller."
    )
    for control in report.landmarks:
        lines.append("  " + _control_line(tables, control, scored=True))
    if tables.parks:
        by = "adjacent zones" if tables.park_control == PARK_BY_ZONES else "adjacent access"
        lines.append("")
        lines.append(f"Parks: each empty square is a park worth 1, controlled by the most {by}.")
        if not report.parks:
            lines.append("  no empty squares")
        for control in report.parks:
            lines.append("  " + _control_line(tables, control, scored=True))
    if tables.landmark_types:
        lines.append("")
        lines.append(
            "Landmark types: +1 to each seat with the most controlled landmarks of a type."
        )
        for bonus in report.types:
            counts = _access_text(bonus.counts, "landmarks")
            if bonus.winners:
                who = ", ".join(styled_seat(s) for s in bonus.winners)
                lines.append(f"  {escape(bonus.kind)}: {counts} → {who} +{bonus.points}")
            else:
                lines.append(f"  {escape(bonus.kind)}: nobody controls one")
    if tables.zone_lines:
        lines.append("")
        lines.append(
            f"Zone lines: +1 for each unbroken line of {tables.line_length} or more of your zones."
        )
        if not report.lines:
            lines.append("  none")
        for line in report.lines:
            squares = " ".join(line.squares)
            lines.append(f"  {styled_seat(line.seat)}: {squares} +{line.points}")
    lines.append("")
    lines.append("Totals:")
    ranks = [1 + sum(1 for o in report.totals if o > t) for t in report.totals]
    for seat in sorted(range(tables.players), key=lambda s: (ranks[s], s)):
        parts = [f"landmarks {report.landmark_points[seat]}"]
        if tables.parks:
            parts.append(f"parks {report.park_points[seat]}")
        if tables.landmark_types:
            parts.append(f"types {report.type_points[seat]}")
        if tables.zone_lines:
            parts.append(f"lines {report.line_points[seat]}")
        breakdown = " + ".join(parts)
        lines.append(
            f"  {_ordinal(ranks[seat])} {styled_seat(seat)}: {report.totals[seat]}"
            + (f" = {breakdown}" if len(parts) > 1 else "")
        )
    return "\n".join(lines)


def _ordinal(rank: int) -> str:
    suffix = "th" if 10 <= rank % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(rank % 10, "th")
    return f"{rank}{suffix}"


# -- JSON -----------------------------------------------------------------------------------


def view_json(tables: Tables, view: CityView) -> dict[str, Any]:
    """A view as readable JSON: squares by name, counters in notation."""
    board = tables.board
    squares: list[dict[str, Any]] = []
    for square in range(board.squares):
        entry: dict[str, Any] = {"square": board.names[square]}
        landmark = view.landmark_at[square]
        zone = view.zone_at[square]
        if landmark >= 0:
            item = tables.cup[landmark]
            entry["landmark"] = {
                "name": item.name,
                "code": item.code,
                "value": item.value,
                "type": item.kind,
            }
        elif zone >= 0:
            entry["zone"] = tables.counter_names[tables.counter_of(zone)]
            entry["owner"] = tables.owner_of(zone)
        squares.append(entry)
    return {
        "seat": view.seat,
        "map": "hex" if board.hex else "square",
        "size": board.size,
        "counters": tables.counter_set.name,
        "squares": squares,
        "cups": [[tables.counter_names[c] for c in squares_of(cup)] for cup in view.supply],
        "rezonings_used": list(view.rezones_used),
        "to_move": None if view.to_move == OVER else view.to_move,
        "drawn": [tables.counter_names[c] for c in view.drawn],
        "first": view.first,
        "opening_rolls": [list(r) for r in view.opening_rolls],
        "turn": view.turn,
        "skips": list(view.skips),
        "end": view.end or None,
    }
