"""How The Estates looks as a picture: the offer rows and the pieces in supply, the three building
rows with their lots, stacked cubes, rooftops, barriers and the Mayor, the certificates, every
seat's public figures (its own money and cash box only) and the auction under way.

Drawn from a view only, so it shows no more than the view: other seats' money and cash boxes
read "secret" until the game is over (or with the ``open-money`` option). Click targets
(``data-target``):

- ``piece:B5``, ``piece:roof``, ``piece:barrier2``, ``piece:mayor``, ``piece:cancel``: a piece the
  auctioneer may put up (a cube in an offer row, or a piece in supply);
- ``lot:U3``: lot 3 of the upper row (placing a cube, a rooftop or a barrier);
- ``street:M``: Main Street in front of the middle row (placing the Mayor);
- ``barrier:2``: barrier 2 standing on the board (the Cancel cube removes it);
- ``box:1``: seat 1's cash box (stowing a cheque);
- ``auction``: the auction under way (a bid, selling or buying).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tycoon.core import Action, svg
from tycoon.games.estates.actions import Auction, Bid, Buy, Cancel, Place, Sell, Stow
from tycoon.games.estates.components import IN_SUPPLY, NO_PIECE, Layout
from tycoon.games.estates.rules import barriers_in_row
from tycoon.games.estates.state import Board, EstatesView

if TYPE_CHECKING:
    from tycoon.games.estates.game import Estates

WIDTH = 640
MARGIN = 12
LINE = 20
CUBE_W = 40
CUBE_H = 16
LOT_W = 48
STREET_W = 62
RIVER_W = 14
ROW_LABEL = 24
# Company colours: distinct hues, each cube also carries its colour letter and value.
COMPANY_FILL = {
    "B": "#2166ac",
    "G": "#1b7837",
    "O": "#f1a340",
    "P": "#762a83",
    "R": "#d6604d",
    "Y": "#fee08b",
}
# Companies a catalogue adds (or letters it changes) take these, by the company's place.
EXTRA_FILLS = ("#8c510a", "#01665e", "#c51b7d", "#4d9221", "#542788", "#b35806", "#35978f")
DIRT = "#e6d8b8"
WHITE_DIRT_FILL = "#ffffff"
PAST_FILL = "#d4d4d4"
RIVER = "#7fb8e0"
ROOF_FILL = "#6b3e26"
BARRIER_FILL = "#444444"
MAYOR_FILL = "#5b2a86"


def piece_key(code: str) -> str:
    return f"piece:{code}"


def lot_key(layout: Layout, row: int, lot: int) -> str:
    return f"lot:{layout.rows[row].letter}{lot}"


def street_key(layout: Layout, row: int) -> str:
    return f"street:{layout.rows[row].letter}"


def barrier_key(value: int) -> str:
    return f"barrier:{value}"


def box_key(seat: int) -> str:
    return f"box:{seat + 1}"


AUCTION_KEY = "auction"


def move_targets(action: Action, layout: Layout) -> tuple[str, ...]:
    if isinstance(action, Auction):
        return (piece_key(action.piece),)
    if isinstance(action, Place):
        if action.lot == 0:
            return (street_key(layout, action.row),)
        return (lot_key(layout, action.row, action.lot),)
    if isinstance(action, Cancel):
        return (barrier_key(action.barrier),)
    if isinstance(action, Stow):
        return (box_key(action.seat),)
    if isinstance(action, Bid | Sell | Buy):
        return (AUCTION_KEY,)
    return ()  # pass, discard


def money_text(amount: int) -> str:
    return f"${amount}M"


def _company_fill(layout: Layout, colour: int) -> str:
    """A company's colour: the built-in companies' by their letters, others from a palette."""
    fill = COMPANY_FILL.get(layout.colours[colour].letter)
    return fill if fill is not None else EXTRA_FILLS[colour % len(EXTRA_FILLS)]


def _fill(layout: Layout, cube: int) -> str:
    return _company_fill(layout, cube // layout.values)


def _cube(
    layout: Layout, cube: int, x: float, y: float, width: float = CUBE_W, **attrs: object
) -> str:
    """A floor cube: its company's colour with its colour letter and value."""
    fill = _fill(layout, cube)
    return "".join(
        (
            svg.rect(x, y, width, CUBE_H, rx=2, fill=fill, stroke=svg.INK, **attrs),
            svg.text(
                x + width / 2,
                y + CUBE_H - 4,
                layout.cube_code(cube),
                fill=svg.text_colour_on(fill),
                font_size=11,
                font_weight="bold",
                text_anchor="middle",
            ),
        )
    )


def _seat_badge(seat: int, x: float, y: float, r: float = 8) -> str:
    """A seat's colour with its number on it, centred on ``(x, y)``."""
    colour = svg.seat_colour(seat)
    return svg.circle(x, y, r, fill=colour, stroke=svg.INK) + svg.text(
        x,
        y + r / 2,
        seat + 1,
        fill=svg.text_colour_on(colour),
        font_size=round(r * 1.3),
        font_weight="bold",
        text_anchor="middle",
    )


def _roof(value: object, cx: float, bottom: float) -> str:
    points = [(cx - CUBE_W / 2, bottom), (cx + CUBE_W / 2, bottom), (cx, bottom - CUBE_H)]
    return svg.polygon(points, fill=ROOF_FILL, stroke=svg.INK) + svg.text(
        cx,
        bottom - 3,
        value,
        fill="#ffffff",
        font_size=10,
        font_weight="bold",
        text_anchor="middle",
    )


def _width(layout: Layout) -> float:
    """The picture's width: 640 for the built-in board, wider for more lots, longer offer rows
    or more companies."""
    components = layout.components
    board = MARGIN + _lot_x(layout, layout.lots + 1) + MARGIN
    offer = MARGIN + 20 + components.offer_row_length * (CUBE_W + 4) + MARGIN
    certificates = MARGIN + 90 + len(layout.colours) * 88 + MARGIN
    return max(WIDTH, board, offer, certificates)


def _lot_x(layout: Layout, lot: int) -> float:
    """The left edge of ``lot`` (1-based) relative to the board's left edge."""
    x = ROW_LABEL + STREET_W + (lot - 1) * LOT_W
    if lot > layout.components.river_after_lot:
        x += RIVER_W
    return x


# -- the parts of the picture ---------------------------------------------------------------


def _heading(game: Estates, view: EstatesView, y: float) -> tuple[list[str], float]:
    title = f"The Estates · round {view.round} of {view.rounds} · turn {view.turn}"
    parts = [svg.text(MARGIN, y + 14, title, font_size=16, font_weight="bold")]
    parts.append(svg.text(MARGIN, y + 14 + LINE, _status(game, view), font_size=13))
    return parts, y + 2 * LINE + 6


def _status(game: Estates, view: EstatesView) -> str:
    layout = game.layout
    name = game.seat_name

    def you(seat: int) -> str:
        return name(seat) + (" (you)" if seat == view.seat else "")

    if view.phase == "over":
        return f"Game over: {view.end_reason}"
    piece = layout.piece_name(view.piece, view.roof_value) if view.piece != NO_PIECE else ""
    if view.phase == "choose":
        return f"{you(view.auctioneer)}, the auctioneer, chooses a piece to auction"
    if view.phase == "bid":
        return f"Auction of {piece}: {you(view.to_act[0])} to bid or pass"
    if view.phase == "decide":
        return f"{you(view.auctioneer)} sells {piece} to the high bidder or buys it"
    return f"{you(view.holder)} places {piece}"


def _offer(layout: Layout, view: EstatesView, y: float) -> tuple[list[str], float]:
    parts = [
        svg.text(MARGIN, y + 12, "Offer rows (a cube at either end may be auctioned)", font_size=12)
    ]
    y += LINE
    for number, offer_row in enumerate(view.offer, start=1):
        parts.append(svg.text(MARGIN, y + CUBE_H - 3, f"{number}", font_size=12, fill=svg.MUTED))
        if not offer_row:
            parts.append(svg.text(MARGIN + 20, y + 12, "empty", font_size=11, fill=svg.MUTED))
        for index, cube in enumerate(offer_row):
            end = index in (0, len(offer_row) - 1)
            x = MARGIN + 20 + index * (CUBE_W + 4)
            cube_shape = _cube(layout, cube, x, y, stroke_width=2.5 if end else 0.5)
            place = "at an end of" if end else "inside"
            parts.append(
                svg.group(
                    [
                        svg.title(f"{layout.cube_name(cube)}, {place} offer row {number}"),
                        cube_shape,
                    ],
                    data_target=piece_key(layout.cube_code(cube)),
                )
            )
        y += CUBE_H + 6
    return parts, y + 4


def _supply(layout: Layout, view: EstatesView, y: float) -> tuple[list[str], float]:
    """The rooftops, barriers, Mayor and Cancel cube not yet on the board."""
    board = view.board
    parts = [svg.text(MARGIN, y + 12, "In supply", font_size=12)]
    x = MARGIN + 70
    top = y
    if view.roofs_face_down:
        left = " ".join(map(str, view.roof_values_left))
        parts.append(
            svg.group(
                [
                    svg.title(f"{view.roofs_face_down} rooftops face down (values {left})"),
                    _roof("?", x + CUBE_W / 2, top + CUBE_H + 2),
                    svg.text(
                        x + CUBE_W + 4, top + 14, f"{view.roofs_face_down} rooftops", font_size=11
                    ),
                ],
                data_target=piece_key("roof"),
            )
        )
        x += CUBE_W + 90
    for value, code in enumerate(board.barriers, start=1):
        if code != IN_SUPPLY:
            continue
        parts.append(
            svg.group(
                [
                    svg.title(f"barrier {value}: shortens or lengthens a row by {value}"),
                    svg.rect(x, top, 26, CUBE_H + 2, rx=2, fill=BARRIER_FILL),
                    svg.text(
                        x + 13,
                        top + 13,
                        f"|{value}",
                        fill="#ffffff",
                        font_size=11,
                        font_weight="bold",
                        text_anchor="middle",
                    ),
                ],
                data_target=piece_key(layout.piece_code(layout.barrier_base + value)),
            )
        )
        x += 32
    if board.mayor == IN_SUPPLY:
        parts.append(
            svg.group(
                [
                    svg.title("the Mayor: doubles the scores of the row it stands in front of"),
                    svg.rect(x, top, 48, CUBE_H + 2, rx=8, fill=MAYOR_FILL),
                    svg.text(
                        x + 24,
                        top + 13,
                        "Mayor",
                        fill="#ffffff",
                        font_size=11,
                        text_anchor="middle",
                    ),
                ],
                data_target=piece_key("mayor"),
            )
        )
        x += 54
    if board.cancel == IN_SUPPLY:
        parts.append(
            svg.group(
                [
                    svg.title("the Cancel cube: removes a barrier from the board"),
                    svg.rect(x, top, 52, CUBE_H + 2, rx=2, fill="#ffffff", stroke=svg.INK),
                    svg.text(x + 26, top + 13, "Cancel", font_size=11, text_anchor="middle"),
                ],
                data_target=piece_key("cancel"),
            )
        )
    if len(parts) == 1:
        parts.append(svg.text(x, top + 12, "nothing", font_size=11, fill=svg.MUTED))
    return parts, y + CUBE_H + 14


def _row(game: Estates, board: Board, row: int, y: float) -> tuple[list[str], float]:
    layout = game.layout
    info = layout.rows[row]
    length = board.lengths[row]
    built = board.built[row]
    base = row * layout.lots
    stack_height = max([len(board.stacks[base + i]) + 1 for i in range(layout.lots)] + [3])
    complete = game.board_rules.is_row_complete(board, row, game.empty_row_complete)
    walls = barriers_in_row(board, row)
    head = f"{info.letter} · {info.name} row · needs {length} · {built} built · " + (
        "complete" if complete else "incomplete"
    )
    if board.mayor == row:
        head += " · the Mayor doubles its scores"
    parts = [svg.text(MARGIN, y + 13, head, font_size=12, font_weight="bold")]
    y += LINE
    height = stack_height * CUBE_H + 6
    bottom = y + height - 3
    # The row letter and Main Street (where the Mayor stands).
    parts.append(
        svg.text(MARGIN + 6, y + height / 2 + 6, info.letter, font_size=18, font_weight="bold")
    )
    street = [
        svg.title(f"Main Street in front of the {info.name} row"),
        svg.rect(MARGIN + ROW_LABEL, y, STREET_W - 6, height, fill="#bdbdbd", rx=2),
    ]
    if board.mayor == row:
        street.append(
            svg.rect(
                MARGIN + ROW_LABEL + 4,
                y + height / 2 - 10,
                STREET_W - 14,
                20,
                rx=9,
                fill=MAYOR_FILL,
            )
        )
        street.append(
            svg.text(
                MARGIN + ROW_LABEL + STREET_W / 2 - 3,
                y + height / 2 + 4,
                "Mayor",
                fill="#ffffff",
                font_size=11,
                text_anchor="middle",
            )
        )
    parts.append(svg.group(street, data_target=street_key(layout, row)))
    # The lots, each a column of cubes bottom to top with its rooftop.
    for lot in range(1, layout.lots + 1):
        index = base + lot - 1
        x = MARGIN + _lot_x(layout, lot)
        stack = board.stacks[index]
        if lot > length:
            fill, what = PAST_FILL, "past the requirement"
        elif layout.white_dirt[index]:
            cap = layout.white_cap
            only = "one floor cube" if cap == 1 else f"{cap} floor cubes"
            fill, what = WHITE_DIRT_FILL, f"white dirt: {only} only"
        else:
            fill, what = DIRT, "empty"
        cells = [svg.rect(x + 1, y, LOT_W - 2, height, fill=fill, stroke="#b0a58a", rx=2)]
        if stack:
            roof = board.roofs[index]
            codes = " on ".join(layout.cube_code(c) for c in reversed(stack))
            what = f"{codes}" + (f" under rooftop {roof}" if roof else ", no rooftop")
            for level, cube in enumerate(stack):
                cells.append(
                    _cube(layout, cube, x + (LOT_W - CUBE_W) / 2, bottom - (level + 1) * CUBE_H)
                )
            if roof:
                cells.append(_roof(roof, x + LOT_W / 2, bottom - len(stack) * CUBE_H))
        else:
            cells.append(
                svg.text(
                    x + LOT_W / 2,
                    bottom - 4,
                    lot,
                    font_size=10,
                    fill=svg.MUTED,
                    text_anchor="middle",
                )
            )
        cells.insert(0, svg.title(f"{layout.lot_code(index)}: {what}"))
        parts.append(svg.group(cells, data_target=lot_key(layout, row, lot)))
    # Barriers stand on the lot just past the requirement.
    for offset, value in enumerate(walls):
        x = MARGIN + _lot_x(layout, length + 1) + 4 + offset * 14
        code = board.barriers[value - 1]
        how = "lengthens" if code % 2 else "shortens"
        parts.append(
            svg.group(
                [
                    svg.title(f"barrier {value} {how} the {info.name} row"),
                    svg.rect(x, y + 3, 12, height - 6, fill=BARRIER_FILL, rx=2),
                    svg.text(
                        x + 6,
                        y + 16,
                        value,
                        fill="#ffffff",
                        font_size=10,
                        font_weight="bold",
                        text_anchor="middle",
                    ),
                ],
                data_target=barrier_key(value),
            )
        )
    # The river after the requirement's first lots.
    river_x = MARGIN + _lot_x(layout, layout.components.river_after_lot) + LOT_W
    parts.append(svg.rect(river_x + 2, y - 2, RIVER_W - 4, height + 4, fill=RIVER))
    y += height
    # Whose each building is and what it scores now.
    for building in game.board_rules.buildings(board, game.empty_row_complete):
        if building.index // layout.lots != row:
            continue
        x = MARGIN + _lot_x(layout, building.index % layout.lots + 1) + LOT_W / 2
        if building.owner >= 0:
            parts.append(_seat_badge(building.owner, x - 9, y + 10, 7))
        sign = "+" if building.points > 0 else ""
        parts.append(
            svg.text(x + 9, y + 14, f"{sign}{building.points}", font_size=10, text_anchor="middle")
        )
    return parts, y + LINE + 2


def _certificates(layout: Layout, view: EstatesView, y: float) -> tuple[list[str], float]:
    parts = [svg.text(MARGIN, y + 12, "Certificates", font_size=12)]
    for colour, owner in enumerate(view.board.certificates):
        info = layout.colours[colour]
        fill = _company_fill(layout, colour)
        x = MARGIN + 90 + colour * 88
        holder = f"Seat {owner + 1}" if owner >= 0 else "nobody yet"
        card = [
            svg.title(f"{info.name} certificate: {holder}"),
            svg.rect(x, y, 82, 22, rx=3, fill=fill, stroke=svg.INK),
            svg.text(
                x + 6,
                y + 15,
                info.name,
                fill=svg.text_colour_on(fill),
                font_size=11,
                font_weight="bold",
            ),
        ]
        if owner >= 0:
            card.append(_seat_badge(owner, x + 70, y + 11, 8))
        else:
            card.append(
                svg.text(
                    x + 70,
                    y + 15,
                    "-",
                    fill=svg.text_colour_on(fill),
                    font_size=12,
                    text_anchor="middle",
                )
            )
        parts.append(svg.group(card))
    return parts, y + 32


def _seats(game: Estates, view: EstatesView, y: float) -> tuple[list[str], float]:
    width = _width(game.layout)
    points = [0] * view.players
    for building in game.board_rules.buildings(view.board, game.empty_row_complete):
        if building.owner >= 0:
            points[building.owner] += building.points
    bids: dict[int, int] = {}
    for i, amount in enumerate(view.bids):
        bids[(view.auctioneer + 1 + i) % view.players] = amount
    last = view.results[-1] if view.results and view.phase == "over" else None
    parts: list[str] = []
    for seat in range(view.players):
        parts.append(_seat_badge(seat, MARGIN + 9, y + 9, 9))
        label = game.seat_name(seat) + (" (you)" if seat == view.seat else "")
        weight = "bold" if seat in view.to_act or seat == view.seat else None
        parts.append(svg.text(MARGIN + 24, y + 14, label, font_size=13, font_weight=weight))
        marks = []
        if view.phase != "over" and seat == view.auctioneer:
            marks.append("auctioneer")
        if seat in view.to_act:
            marks.append("to act")
        if seat in bids:
            marks.append(f"bid {money_text(bids[seat])}" if bids[seat] >= 0 else "passed")
        money = view.money[seat]
        marks.append(f"{money_text(money)} in hand" if money is not None else "money secret")
        if last is not None:
            marks.append(f"scored {last.scores[seat]}")
        else:
            marks.append(f"buildings now {points[seat]:+d}")
        if view.rounds > 1:
            marks.append(f"rounds won {view.wins[seat]}, total {view.totals[seat]}")
        parts.append(svg.text(MARGIN + 130, y + 14, " · ".join(marks), font_size=12))
        box = view.box[seat]
        shown = f"box {box}" if box is not None else "box ?"
        described = (
            f"cash box: {box} cheque{'s' if box != 1 else ''}"
            if box is not None
            else "cash box: secret"
        )
        parts.append(
            svg.group(
                [
                    svg.title(f"{game.seat_name(seat)}'s {described}"),
                    svg.rect(width - MARGIN - 58, y, 58, 18, rx=3, fill="#ffffff", stroke=svg.INK),
                    svg.text(
                        width - MARGIN - 29, y + 13, shown, font_size=11, text_anchor="middle"
                    ),
                ],
                data_target=box_key(seat),
            )
        )
        y += LINE + 4
    return parts, y


def _auction(game: Estates, view: EstatesView, y: float) -> tuple[list[str], float]:
    layout = game.layout
    if view.phase in ("choose", "over") or view.piece == NO_PIECE:
        return [], y
    piece = view.piece
    width = _width(layout)
    inner = [svg.rect(MARGIN, y, width - 2 * MARGIN, 46, rx=4, fill="#fff7e0", stroke=svg.INK)]
    if piece < layout.num_cubes:
        inner.append(_cube(layout, piece, MARGIN + 8, y + 6))
    elif piece == layout.roof:
        inner.append(_roof(view.roof_value, MARGIN + 8 + CUBE_W / 2, y + 6 + CUBE_H))
    else:
        short = (
            f"|{piece - layout.barrier_base}"
            if layout.is_barrier(piece)
            else ("Mayor" if piece == layout.mayor else "Cancel" if piece == layout.cancel else "?")
        )
        inner.append(svg.text(MARGIN + 8, y + 18, short, font_size=12, font_weight="bold"))
    what = layout.piece_name(piece, view.roof_value)
    inner.append(
        svg.text(
            MARGIN + 58,
            y + 18,
            f"Auction of {what} by {game.seat_name(view.auctioneer)}",
            font_size=12,
        )
    )
    offers = []
    for i, amount in enumerate(view.bids):
        bidder = (view.auctioneer + 1 + i) % view.players
        offers.append(
            f"{game.seat_name(bidder)} "
            + (f"bid {money_text(amount)}" if amount >= 0 else "passed")
        )
    if view.phase == "place":
        offers.append(f"{game.seat_name(view.holder)} places it")
    inner.append(svg.text(MARGIN + 58, y + 36, ", ".join(offers) or "no bids yet", font_size=12))
    return [svg.group(inner, data_target=AUCTION_KEY)], y + 54


def render_svg(game: Estates, view: EstatesView) -> str:
    layout = game.layout
    y = float(MARGIN)
    parts: list[str] = []
    drawn, y = _heading(game, view, y)
    parts.extend(drawn)
    drawn, y = _auction(game, view, y)
    parts.extend(drawn)
    drawn, y = _offer(layout, view, y)
    parts.extend(drawn)
    drawn, y = _supply(layout, view, y)
    parts.extend(drawn)
    # Lot numbers over the board, Main Street on the left, the river after the initial
    # requirement.
    parts.append(svg.text(MARGIN + ROW_LABEL, y + 12, "Main St", font_size=10, fill=svg.MUTED))
    for lot in range(1, layout.lots + 1):
        parts.append(
            svg.text(
                MARGIN + _lot_x(layout, lot) + LOT_W / 2,
                y + 12,
                lot,
                font_size=10,
                fill=svg.MUTED,
                text_anchor="middle",
            )
        )
    y += 16
    for row in range(layout.num_rows):
        drawn, y = _row(game, view.board, row, y)
        parts.extend(drawn)
    drawn, y = _certificates(layout, view, y)
    parts.extend(drawn)
    drawn, y = _seats(game, view, y)
    parts.extend(drawn)
    return svg.document(_width(layout), y + MARGIN, parts, f"The Estates: {_status(game, view)}")
