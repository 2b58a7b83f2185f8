"""How My City looks as a picture: the board with its landmarks and zones, every seat's cup.

Drawn from a view (and the game's tables) only; in My City nothing is hidden, so every seat's cup
is drawn. Click targets (``data-target``):

- ``square:e5``: every square of the board (a placement or rezoning names the square it concerns);
- ``counter:2:C4``: a counter in seat 2's cup (the counter a placement or rezoning puts down).

A zone shows its owner's seat number and colour and its counter (``C4``: zone letter and access);
a landmark its code and value, with the seats controlling it now underneath.
"""

from __future__ import annotations

import math

from tycoon.core import svg
from tycoon.games.my_city.board import squares_of
from tycoon.games.my_city.scoring import score_position
from tycoon.games.my_city.state import CityAction, CityView, Skip
from tycoon.games.my_city.tables import Tables

CELL = 46  # the width of a square (or of a hexagon)
MARGIN = 12
LABEL = 20  # room for the row numbers and column letters
CHIP = 30  # the width of a counter in a cup
LINE = 20
EMPTY_FILL = "#ece8dc"
LANDMARK_FILL = "#3b3b3b"
DRAWN_STROKE = 3


def square_key(name: str) -> str:
    return f"square:{name}"


def counter_key(seat: int, counter: str) -> str:
    return f"counter:{seat + 1}:{counter}"


def move_targets(action: CityAction) -> tuple[str, ...]:
    """The square a placement or rezoning concerns, and the counter from the seat's cup."""
    if isinstance(action, Skip):
        return ()
    return (square_key(action.square), counter_key(action.seat, action.counter))


def _centre(tables: Tables, square: int) -> tuple[float, float]:
    """The centre of ``square`` relative to the board's top-left corner."""
    row, column = tables.board.row_col(square)
    if tables.board.hex:
        radius = CELL / math.sqrt(3)
        x = CELL / 2 + column * CELL + (CELL / 2 if row % 2 else 0)
        y = radius + row * 1.5 * radius
        return x, y
    return CELL / 2 + column * CELL, CELL / 2 + row * CELL


def _board_size(tables: Tables) -> tuple[float, float]:
    size = tables.board.size
    if tables.board.hex:
        radius = CELL / math.sqrt(3)
        return size * CELL + CELL / 2, 2 * radius + (size - 1) * 1.5 * radius
    return size * CELL, size * CELL


def _shape(tables: Tables, x: float, y: float, **attrs: object) -> str:
    """The outline of a square (or hexagon) centred on ``(x, y)``."""
    if tables.board.hex:
        radius = CELL / math.sqrt(3)
        points = [
            (
                x + radius * math.cos(math.radians(90 + 60 * k)),
                y + radius * math.sin(math.radians(90 + 60 * k)),
            )
            for k in range(6)
        ]
        return svg.polygon(points, **attrs)
    half = CELL / 2
    return svg.rect(x - half + 1, y - half + 1, CELL - 2, CELL - 2, rx=3, **attrs)


def _controllers(who: tuple[int, ...], x: float, y: float) -> list[str]:
    """Who controls a landmark or park: a dot per seat in its colour, with its number."""
    parts: list[str] = []
    width = 12
    left = x - width * len(who) / 2 + width / 2
    for index, seat in enumerate(who):
        cx = left + index * width
        colour = svg.seat_colour(seat)
        parts.append(svg.circle(cx, y, 5.5, fill=colour, stroke="#ffffff"))
        parts.append(
            svg.text(
                cx,
                y + 3,
                seat + 1,
                fill=svg.text_colour_on(colour),
                font_size=8,
                font_weight="bold",
                text_anchor="middle",
            )
        )
    return parts


def _square(
    tables: Tables,
    view: CityView,
    square: int,
    controllers: dict[str, tuple[int, ...]],
    parks: dict[str, tuple[int, ...]],
) -> str:
    x, y = _centre(tables, square)
    name = tables.board.names[square]
    landmark = view.landmark_at[square]
    zone = view.zone_at[square]
    parts: list[str] = []
    if landmark >= 0:
        item = tables.cup[landmark]
        kind = f", {item.kind}" if item.kind else ""
        who = controllers.get(name, ())
        held = ", controlled by " + ", ".join(f"Seat {s + 1}" for s in who) if who else ""
        parts.append(svg.title(f"{name}: {item.name} (worth {item.value}{kind}){held}"))
        parts.append(_shape(tables, x, y, fill=LANDMARK_FILL, stroke=svg.INK))
        parts.append(
            svg.text(
                x,
                y - 3,
                f"{item.code}{item.value}",
                fill="#ffffff",
                font_size=13,
                font_weight="bold",
                text_anchor="middle",
            )
        )
        parts.extend(_controllers(who, x, y + 11))
    elif zone >= 0:
        owner = tables.owner_of(zone)
        counter = tables.counter_of(zone)
        colour = svg.seat_colour(owner)
        ink = svg.text_colour_on(colour)
        parts.append(
            svg.title(f"{name}: Seat {owner + 1}'s {tables.describe_counter(counter)} zone")
        )
        parts.append(_shape(tables, x, y, fill=colour, stroke=svg.INK))
        parts.append(
            svg.text(
                x,
                y + 5,
                tables.counter_names[counter],
                fill=ink,
                font_size=15,
                font_weight="bold",
                text_anchor="middle",
            )
        )
        parts.append(
            svg.text(x, y - 10, f"{owner + 1}", fill=ink, font_size=9, text_anchor="middle")
        )
    else:
        parts.append(_shape(tables, x, y, fill=EMPTY_FILL, stroke="#c9c3b3"))
        park = parks.get(name) if view.is_over else None
        if park is None:
            parts.insert(0, svg.title(f"{name}: empty"))
            parts.append(
                svg.text(x, y + 4, name, fill=svg.MUTED, font_size=10, text_anchor="middle")
            )
        else:
            # PARKS RULE: at the end an empty square is a 1-point park, controlled like a landmark.
            held = ", controlled by " + ", ".join(f"Seat {s + 1}" for s in park) if park else ""
            parts.insert(0, svg.title(f"{name}: a park (worth 1){held}"))
            parts.append(
                svg.text(x, y - 3, "park", fill=svg.INK, font_size=10, text_anchor="middle")
            )
            parts.extend(_controllers(park, x, y + 11))
    return svg.group(parts, data_target=square_key(name))


def _chip(tables: Tables, seat: int, counter: int, x: float, y: float, drawn: bool) -> str:
    colour = svg.seat_colour(seat)
    name = tables.counter_names[counter]
    words = f"Seat {seat + 1}'s {tables.describe_counter(counter)}"
    return svg.group(
        [
            svg.title(words + (", drawn this turn" if drawn else "")),
            svg.rect(
                x,
                y,
                CHIP - 3,
                LINE,
                rx=4,
                fill=colour,
                stroke=svg.HIGHLIGHT if drawn else svg.INK,
                stroke_width=DRAWN_STROKE if drawn else 0.5,
            ),
            svg.text(
                x + (CHIP - 3) / 2,
                y + 14,
                name,
                fill=svg.text_colour_on(colour),
                font_size=11,
                font_weight="bold",
                text_anchor="middle",
            ),
        ],
        data_target=counter_key(seat, name),
    )


def render_svg(tables: Tables, view: CityView) -> str:
    board = tables.board
    size = board.size
    report = score_position(tables, view.landmark_at, view.zone_at)
    controllers = {c.square: c.controllers for c in report.landmarks}
    parks = {c.square: c.controllers for c in report.parks}
    board_width, board_height = _board_size(tables)
    left, top = MARGIN + LABEL, MARGIN + 2 * LINE + LABEL
    chips_per_row = max(1, min(tables.counters, 16))
    width = max(left + board_width + MARGIN, left + 150 + chips_per_row * CHIP + MARGIN, 440)
    parts: list[str] = []

    # The heading: the game, whose turn it is or why it ended.
    heading = f"My City · {size}x{size} {'hex' if board.hex else 'square'} map"
    parts.append(svg.text(MARGIN, MARGIN + 14, heading, font_size=16, font_weight="bold"))
    if view.is_over:
        status = f"Game over after {view.turn} moves: {view.end}"
    else:
        status = f"Move {view.turn + 1}: Seat {view.to_move + 1} to play"
        if view.seat == view.to_move:
            status += " (you)"
    parts.append(svg.text(MARGIN, MARGIN + 14 + LINE, status, font_size=13))

    # Column letters, row numbers and the squares.
    for column in range(size):
        x, _ = _centre(tables, column)
        parts.append(
            svg.text(
                left + x,
                top - 6,
                chr(ord("a") + column),
                fill=svg.MUTED,
                font_size=11,
                text_anchor="middle",
            )
        )
    for row in range(size):
        _, y = _centre(tables, row * size)
        parts.append(
            svg.text(
                left - 6, top + y + 4, row + 1, fill=svg.MUTED, font_size=11, text_anchor="end"
            )
        )
    squares = [_square(tables, view, square, controllers, parks) for square in range(board.squares)]
    parts.append(svg.group(squares, transform=f"translate({left:g},{top:g})"))

    # The seats: colour and number, prestige now, cups (everything is public in My City).
    y = top + board_height + LINE
    drawn = set(view.drawn) if not view.is_over else set()
    for seat in range(tables.players):
        colour = svg.seat_colour(seat)
        marks = [f"Seat {seat + 1}"]
        if seat == view.seat:
            marks.append("(you)")
        score = f"{'final ' if view.is_over else ''}prestige {report.totals[seat]}"
        details = ["to play", score] if seat == view.to_move else [score]
        if tables.rezoning:
            details.append(f"rezonings left {tables.rezonings - view.rezones_used[seat]}")
        if view.skips[seat]:
            details.append(f"skipped {view.skips[seat]}")
        parts.append(svg.rect(MARGIN, y, 18, 18, rx=9, fill=colour, stroke=svg.INK))
        parts.append(
            svg.text(
                MARGIN + 9,
                y + 13,
                seat + 1,
                fill=svg.text_colour_on(colour),
                font_size=11,
                font_weight="bold",
                text_anchor="middle",
            )
        )
        weight = "bold" if seat == view.to_move or seat == view.seat else None
        parts.append(
            svg.text(MARGIN + 26, y + 14, " ".join(marks), font_size=13, font_weight=weight)
        )
        parts.append(svg.text(MARGIN + 150, y + 14, " · ".join(details), font_size=12))
        y += LINE + 4
        cup = squares_of(view.supply[seat])
        parts.append(svg.text(MARGIN + 26, y + 14, f"cup ({len(cup)})", font_size=11))
        if not cup:
            parts.append(svg.text(MARGIN + 150, y + 14, "empty", fill=svg.MUTED, font_size=11))
        for index, counter in enumerate(cup):
            row, column = divmod(index, chips_per_row)
            chip_y = y + row * (LINE + 4)
            mine = seat == view.to_move and counter in drawn
            parts.append(_chip(tables, seat, counter, MARGIN + 150 + column * CHIP, chip_y, mine))
        rows = max(1, math.ceil(len(cup) / chips_per_row))
        y += rows * (LINE + 4) + 8
    if drawn:
        names = " and ".join(tables.counter_names[c] for c in sorted(drawn))
        parts.append(
            svg.text(
                MARGIN,
                y + 12,
                f"Seat {view.to_move + 1} drew {names} this turn (outlined): play one of them",
                font_size=12,
            )
        )
        y += LINE
    label = f"My City, {status}"
    return svg.document(width, y + MARGIN, parts, label)
