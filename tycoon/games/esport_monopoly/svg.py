"""The picture of a view: the 40-square board with owners, fan stands, arenas, mortgages and
tokens; in its middle the dice, the card piles, the bank and the decision in progress (a deed on
offer, an auction, a deal, a payment); below it one row per player.

Click targets (``data-target``), and the moves that concern them (:func:`move_targets`):

- ``square:N`` every square: build, sell, sell all (every event of the group), mortgage, lift,
  claim, give, take and repay name their square; pay and card (leaving jail) name the jail;
- ``dice``: roll; ``deed``: the deed on offer (buy, or auction it); ``auction``: bid;
- ``deal``: offer, drop, accept, reject; ``deal:cash``: the cash of the deal being written;
- ``seat:N`` (1-based) a player's row: open a deal with that player;
- ``jailcard:chance`` / ``jailcard:mail``: a Get Out of Jail Free card where it lies (there is
  one of each), to give or take in a deal; ``deck:chance``: take a Chance rather than pay.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tycoon.core import Action
from tycoon.core import svg as S
from tycoon.core.text import plural
from tycoon.games.esport_monopoly import actions as A
from tycoon.games.esport_monopoly import render
from tycoon.games.esport_monopoly.board import (
    DECK_NAMES,
    DECK_TITLES,
    EVENT,
    FESTIVAL,
    SHOP,
    Board,
)
from tycoon.games.esport_monopoly.state import (
    ARENA,
    Auction,
    Buy,
    Choice,
    Deal,
    Fee,
    Manage,
    Pay,
    Place,
    Table,
    View,
)

if TYPE_CHECKING:
    from tycoon.games.esport_monopoly.game import EsportMonopoly

CORNER = 84.0
SIDE = 56.0
EDGE = 2 * CORNER + 9 * SIDE  # the board is EDGE x EDGE
BAND = 13.0  # the colour band of an event
ROW = 30.0  # a player's row below the board
GROUP_FILLS = {
    "brown": "#8b5a2b",
    "lightblue": "#9fd8f5",
    "pink": "#d6409f",
    "orange": "#f5932a",
    "red": "#e0262f",
    "yellow": "#fbe64a",
    "green": "#1f9e57",
    "darkblue": "#1c4fa0",
}
OTHER_FILL = "#8c8c8c"  # a colour group of a what-if board under a key of its own
CELL = "#eef3ea"
MORTGAGED = "#d4d4d4"


# -- click targets ----------------------------------------------------------------------------
def move_targets(board: Board, action: Action) -> tuple[str, ...]:
    """The ``data-target`` keys of the elements ``action`` concerns (see the module's notes)."""
    if isinstance(action, A.SellAll):
        return tuple(f"square:{s}" for s in board.group_members[board.group[action.square]])
    if isinstance(
        action, A.Claim | A.Build | A.Sell | A.Mortgage | A.Lift | A.Give | A.Take | A.Repay
    ):
        return (f"square:{action.square}",)
    if isinstance(action, A.Roll):
        return ("dice",)
    if isinstance(action, A.PayFine | A.UseCard):
        return (f"square:{board.jail_square}",)
    if isinstance(action, A.BuyDeed | A.Decline):
        return ("deed",)
    if isinstance(action, A.Bid):
        return ("auction",)
    if isinstance(action, A.OpenDeal):
        return (f"seat:{action.partner + 1}",)
    if isinstance(action, A.GiveCard | A.TakeCard):
        return (f"jailcard:{action.deck}",)
    if isinstance(action, A.Cash):
        return ("deal:cash",)
    if isinstance(action, A.Offer | A.Drop | A.Accept | A.Reject):
        return ("deal",)
    if isinstance(action, A.TakeChance):
        return (f"deck:{DECK_NAMES[0]}",)
    return ()  # wait, skip, manage, back, pass, keep, fine: buttons


# -- geometry -----------------------------------------------------------------------------------
def cell(square: int) -> tuple[float, float, float, float, str]:
    """x, y, width, height of a square and the side of the board it lies on (GO bottom right,
    then clockwise: bottom row leftwards, left column upwards, top row rightwards, right column
    downwards)."""
    far = EDGE - CORNER
    if square % 10 == 0:
        x, y = {0: (far, far), 10: (0.0, far), 20: (0.0, 0.0), 30: (far, 0.0)}[square]
        return x, y, CORNER, CORNER, "corner"
    k = square % 10
    if square < 10:
        return far - k * SIDE, far, SIDE, CORNER, "bottom"
    if square < 20:
        return 0.0, far - k * SIDE, CORNER, SIDE, "left"
    if square < 30:
        return CORNER + (k - 1) * SIDE, 0.0, SIDE, CORNER, "top"
    return far, CORNER + (k - 1) * SIDE, CORNER, SIDE, "right"


def inner_box(board: Board, square: int) -> tuple[float, float, float, float]:
    """The part of a square not taken by an event's colour band."""
    x, y, w, h, side = cell(square)
    if board.kinds[square] != EVENT:
        return x, y, w, h
    return {
        "bottom": (x, y + BAND, w, h - BAND),
        "top": (x, y, w, h - BAND),
        "left": (x, y, w - BAND, h),
        "right": (x + BAND, y, w - BAND, h),
    }[side]


def wrap(words: str, width: int) -> list[str]:
    """``words`` in lines of at most ``width`` characters (a longer word stands alone)."""
    lines: list[str] = []
    for word in words.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def seat_badge(
    x: float, y: float, seat: int, label: str = "", *, hollow: bool = False, size: float = 9
) -> str:
    """A round badge in the seat's colour with its number (and ``label``) written on it."""
    fill = S.seat_colour(seat)
    words = label or str(seat + 1)
    return S.group(
        [
            S.circle(
                x,
                y,
                size,
                fill="#ffffff" if hollow else fill,
                stroke=fill if hollow else S.INK,
                stroke_width=2.5 if hollow else 1,
            ),
            S.text(
                x,
                y + size * 0.38,
                words,
                font_size=size * 1.05,
                font_weight="bold",
                text_anchor="middle",
                fill=S.INK if hollow else S.text_colour_on(fill),
            ),
        ]
    )


def owner_tag(x: float, y: float, seat: int, *, hollow: bool = False) -> str:
    """A deed's owner: a square-cornered tag ``P<n>`` in the seat's colour (tokens are round);
    hollow when the deed is mortgaged."""
    fill = S.seat_colour(seat)
    return S.group(
        [
            S.rect(
                x,
                y,
                20,
                12,
                fill="#ffffff" if hollow else fill,
                stroke=fill if hollow else S.INK,
                stroke_width=2 if hollow else 0.8,
            ),
            S.text(
                x + 10,
                y + 9.5,
                f"P{seat + 1}",
                font_size=9,
                font_weight="bold",
                text_anchor="middle",
                fill=S.INK if hollow else S.text_colour_on(fill),
            ),
        ]
    )


# -- the board -----------------------------------------------------------------------------------
def draw_square(game: EsportMonopoly, t: Table, square: int) -> str:
    board = game.board
    x, y, w, h, side = cell(square)
    kind = board.kinds[square]
    owner = t.owner[square] if kind in (EVENT, FESTIVAL, SHOP) else -1
    mortgaged = owner >= 0 and bool((t.mortgaged >> square) & 1)
    parts = [S.rect(x, y, w, h, fill=MORTGAGED if mortgaged else CELL, stroke=S.INK)]
    # The inner edge carries an event's colour band; text goes on the rest of the square.
    inner = (x, y, w, h)
    group = board.group[square]
    if kind == EVENT:
        fill = GROUP_FILLS.get(board.group_keys[group], OTHER_FILL)
        band = {
            "bottom": (x, y, w, BAND),
            "top": (x, y + h - BAND, w, BAND),
            "left": (x + w - BAND, y, BAND, h),
            "right": (x, y, BAND, h),
        }[side]
        parts.append(S.rect(*band, fill=fill, stroke=S.INK, stroke_width=0.6))
        inner = inner_box(board, square)
        level = t.level[square]
        if level:
            bx, by, bw, bh = band
            if level == 5:
                parts.append(
                    S.text(
                        bx + bw / 2,
                        by + bh / 2 + 3,
                        "ARENA" if bw > bh else "A",
                        font_size=8,
                        font_weight="bold",
                        text_anchor="middle",
                        fill=S.text_colour_on(fill),
                    )
                )
            else:
                for k in range(level):
                    if bw > bh:
                        sx, sy = bx + 4 + k * 12, by + 2.5
                    else:
                        sx, sy = bx + 2.5, by + 4 + k * 12
                    parts.append(
                        S.rect(sx, sy, 8, 8, fill="#ffffff", stroke=S.INK, stroke_width=1.2)
                    )
    ix, iy, iw, ih = inner
    chars = int(iw / 4.6)
    name = board.names[square]
    lines = [f"{square}", *wrap(name, chars)[:3]]
    if square == board.jail_square:
        # The jail is the top-right part of the corner; the rest is for visitors.
        js = w * 0.58
        parts.append(S.rect(x + w - js, y, js, js, fill="#ffffff", stroke=S.INK, stroke_width=2))
        for k in range(1, 4):
            bar = x + w - js + k * js / 4
            parts.append(S.line(bar, y + 14, bar, y + js, stroke=S.MUTED, stroke_width=1))
        parts.append(
            S.text(
                x + w - js / 2,
                y + 11,
                "JAIL",
                font_size=9,
                font_weight="bold",
                text_anchor="middle",
            )
        )
        lines = []
        parts.append(S.text(x + 4, y + h - 6, "10 Just visiting", font_size=8))
    font = 8.0
    for k, words in enumerate(lines):
        parts.append(
            S.text(
                ix + iw / 2,
                iy + 10 + k * 9,
                words,
                font_size=font,
                font_weight="bold" if k == 0 else None,
                text_anchor="middle",
                fill=S.INK,
            )
        )
    foot = iy + ih - 6
    if kind in (EVENT, FESTIVAL, SHOP):
        if owner < 0:
            parts.append(
                S.text(
                    ix + iw / 2, foot, f"£{board.price[square]}", font_size=8, text_anchor="middle"
                )
            )
        else:
            parts.append(owner_tag(ix + 3, foot - 9, owner, hollow=mortgaged))
            note = "MORT" if mortgaged else f"£{game.rules.rent_of(t, square, 7)}"
            if kind == SHOP and not mortgaged:
                both = (t.holdings[owner] & board.group_mask[board.shop_group]).bit_count()
                note = f"{board.shop_multipliers[both - 1]} x dice"
            parts.append(
                S.text(
                    ix + iw - 3,
                    foot,
                    note,
                    font_size=7.5,
                    font_weight="bold" if mortgaged else None,
                    text_anchor="end",
                )
            )
    elif board.tax[square]:
        parts.append(
            S.text(
                ix + iw / 2, foot, f"pay £{board.tax[square]}", font_size=8, text_anchor="middle"
            )
        )
    elif square == 20 and t.pot:
        parts.append(S.text(ix + iw / 2, foot, f"pot £{t.pot}", font_size=9, text_anchor="middle"))
    tip = render.square_name(board, square)
    if owner >= 0:
        tip += f", {game.seat_name(owner)}"
        if t.level[square]:
            tip += f", {render.buildings(t.level[square])}"
        if mortgaged:
            tip += ", mortgaged"
    elif kind in (EVENT, FESTIVAL, SHOP):
        tip += f", for sale at £{board.price[square]}"
    return S.group([S.title(tip), *parts], data_target=f"square:{square}")


def in_focus(t: Table) -> tuple[int, ...]:
    """The squares the decision in progress concerns: the deed on offer or at auction, the
    properties of a deal, the mortgaged deeds just received."""
    top = t.stack[-1] if t.stack else None
    if isinstance(top, Buy):
        return (top.square,)
    if isinstance(top, Auction) and not top.building:
        return (top.lot,)
    if isinstance(top, Deal):
        return (*top.give, *top.take)
    if isinstance(top, Fee):
        return top.squares
    return ()


def draw_tokens(board: Board, t: Table, players: int) -> list[str]:
    """Each player still in, as a numbered disc on its square (jailed players in the cell)."""
    parts: list[str] = []
    here: dict[int, list[int]] = {}
    for seat in range(players):
        if (t.alive >> seat) & 1:
            here.setdefault(t.position[seat], []).append(seat)
    for square, seats in here.items():
        x, y, w, _, _ = cell(square)
        jailed = [s for s in seats if square == board.jail_square and t.jail[s]]
        visiting = [s for s in seats if s not in jailed]
        ix, iy, iw, ih = inner_box(board, square)
        ox, oy = ix + 10, iy + ih * 0.52
        per_row = max(1, int((iw - 4) // 15))
        if square == board.jail_square:
            js = w * 0.58
            for k, seat in enumerate(jailed):
                parts.append(
                    seat_badge(
                        x + w - js + 9 + (k % 3) * 14, y + 24 + (k // 3) * 14, seat, size=6.5
                    )
                )
            ox, oy, per_row = x + 9, y + 20, 2
        for k, seat in enumerate(visiting):
            parts.append(
                seat_badge(ox + (k % per_row) * 15, oy + (k // per_row) * 15, seat, size=7)
            )
    return parts


# -- the middle of the board ---------------------------------------------------------------------
def draw_die(x: float, y: float, value: int) -> str:
    parts = [S.rect(x, y, 30, 30, rx=5, fill="#ffffff", stroke=S.INK, stroke_width=1.5)]
    pips = {
        1: [(15, 15)],
        2: [(8, 8), (22, 22)],
        3: [(8, 8), (15, 15), (22, 22)],
        4: [(8, 8), (22, 8), (8, 22), (22, 22)],
        5: [(8, 8), (22, 8), (15, 15), (8, 22), (22, 22)],
        6: [(8, 8), (22, 8), (8, 15), (22, 15), (8, 22), (22, 22)],
    }.get(value, [])
    parts += [S.circle(x + px, y + py, 2.8, fill=S.INK) for px, py in pips]
    return S.group(parts)


def side_text(game: EsportMonopoly, t: Table, squares: tuple[int, ...], cards: int) -> str:
    board = game.board
    items = [
        board.names[s] + (" (mortgaged)" if (t.mortgaged >> s) & 1 else "") for s in squares
    ] + [f"{DECK_TITLES[k]} jail card" for k in (0, 1) if (cards >> k) & 1]
    return ", ".join(items) or "nothing"


def draw_decision(game: EsportMonopoly, t: Table, x: float, y: float, width: float) -> list[str]:
    """The decision in progress, as a panel: a deed on offer, an auction, a deal..."""
    board = game.board
    top = t.stack[-1] if t.stack else None
    name = game.seat_name
    lines: list[str] = []
    key: str | None = None
    heading = ""
    band: str | None = None
    extra: list[str] = []
    if isinstance(top, Buy):
        key, heading = "deed", f"For sale: {board.names[top.square]}"
        group = board.group[top.square]
        band = GROUP_FILLS.get(board.group_keys[group]) if group >= 0 else None
        lines.append(
            f"price £{board.price[top.square]}, mortgage value £{board.mortgage[top.square]}"
        )
        if board.rents[top.square]:
            lines.append("rents £" + " / ".join(str(r) for r in board.rents[top.square]))
        lines.append(f"{name(t.active)} buys it or sends it to auction")
    elif isinstance(top, Auction):
        key = "auction"
        if top.building:
            heading = "Auction: " + ("an arena" if top.building == ARENA else "a fan stand")
        else:
            heading = f"Auction: {board.names[top.lot]}"
        if top.leader >= 0:
            lines.append(f"highest bid £{top.high} by {name(top.leader)}")
        else:
            lines.append("no bid yet: bidding opens at £1")
        lines.append(f"{name(top.order[top.at])} to bid or pass")
        lines.append("still in: " + ", ".join(name(s) for s in top.order))
    elif isinstance(top, Deal):
        key = "deal"
        p, q = name(top.proposer), name(top.partner)
        heading = f"Deal {p} → {q}" + (" (offered)" if top.sent else " (being written)")
        lines.append(f"{p} gives: {side_text(game, t, top.give, top.give_cards)}")
        lines.append(f"{q} gives: {side_text(game, t, top.take, top.take_cards)}")
        if top.cash > 0:
            cash = f"cash: {p} pays £{top.cash}"
        elif top.cash < 0:
            cash = f"cash: {q} pays £{-top.cash}"
        else:
            cash = "cash: none"
        extra.append(
            S.group(
                [
                    S.rect(x + 8, y + 66, width - 16, 18, rx=3, fill="#ffffff", stroke=S.MUTED),
                    S.text(x + 14, y + 79, cash, font_size=11),
                ],
                data_target="deal:cash",
            )
        )
    elif isinstance(top, Pay):
        heading = f"{name(top.payer)} owes £{top.amount} to {render.who(game, top.payee)}"
        lines.append(f"and has £{t.cash[top.payer]}: sell buildings or mortgage")
        if top.square >= 0:
            lines.append(f"rent for {board.names[top.square]}")
    elif isinstance(top, Fee):
        heading = f"{name(top.seat)} received mortgaged deeds"
        lines.append(", ".join(board.names[s] for s in top.squares))
        lines.append("repay a mortgage (value + 10%) or keep paying 10% now")
    elif isinstance(top, Place):
        what = "an arena" if top.building == ARENA else "a fan stand"
        heading = f"{name(top.seat)} places {what} won at auction"
    elif isinstance(top, Choice):
        heading = f"{name(top.seat)}: pay £{top.amount} or take a Chance"
    elif isinstance(top, Manage):
        heading = f"{name(top.seat)} is managing: build, sell, mortgage, lift or deal"
    if not heading:
        return []
    height = 34.0 + 15 * len(lines) + (24 if extra else 0)
    parts = [
        S.rect(x, y, width, height, rx=6, fill="#ffffff", stroke=S.INK, stroke_width=1.5),
    ]
    if band:
        parts.append(S.rect(x, y, width, 8, fill=band, stroke=S.INK, stroke_width=0.6))
    parts.append(S.text(x + 8, y + 24, heading, font_size=13, font_weight="bold"))
    for k, words in enumerate(lines):
        parts.append(S.text(x + 8, y + 42 + k * 15, words, font_size=11))
    parts += extra
    return [S.group(parts, data_target=key) if key else S.group(parts)]


def draw_middle(game: EsportMonopoly, view: View) -> list[str]:
    board = game.board
    t = view.table
    left = CORNER + 14
    width = EDGE - 2 * CORNER - 28
    parts = [
        S.text(
            EDGE / 2,
            CORNER + 34,
            "ESPORT MONOPOLY",
            font_size=26,
            font_weight="bold",
            text_anchor="middle",
            fill="#1c4fa0",
            letter_spacing=2,
        ),
        S.text(
            EDGE / 2,
            CORNER + 54,
            f"turn {t.turn + 1}",
            font_size=12,
            text_anchor="middle",
            fill=S.MUTED,
        ),
    ]
    # Whose turn and what the game waits for.
    if t.over:
        now = "The game is over."
    else:
        now = render.expected(game, t, view.seat if view.seat is not None else t.active)
    for k, words in enumerate(wrap(now, 62)[:3]):
        parts.append(
            S.text(EDGE / 2, CORNER + 80 + k * 16, words, font_size=13, text_anchor="middle")
        )
    # Dice (click to roll).
    dy = CORNER + 134
    d1, d2 = t.dice
    dice = [
        S.title("the dice: roll"),
        S.rect(left, dy - 6, 120, 58, rx=6, fill="#ffffff", stroke=S.MUTED),
        draw_die(left + 14, dy, d1),
        S.text(left + 60, dy + 20, "ROLL", font_size=9, font_weight="bold", text_anchor="middle"),
        draw_die(left + 76, dy, d2),
        S.text(
            left + 60,
            dy + 46,
            (f"last roll {d1 + d2}" + (", again" if t.again else "")) if d1 else "no roll yet",
            font_size=10,
            text_anchor="middle",
            fill=S.MUTED,
        ),
    ]
    parts.append(S.group(dice, data_target="dice"))
    # The two piles and the bank.
    for deck in (0, 1):
        px = left + 140 + deck * 110
        fill = "#f5932a" if deck == 0 else "#9fd8f5"
        pile = [
            S.title(f"{DECK_TITLES[deck]}: {t.hidden[deck]} unseen on top"),
            S.rect(px, dy - 6, 100, 58, rx=5, fill=fill, stroke=S.INK),
            S.text(
                px + 50,
                dy + 16,
                DECK_TITLES[deck],
                font_size=11,
                font_weight="bold",
                text_anchor="middle",
                fill=S.INK,
            ),
            S.text(
                px + 50,
                dy + 34,
                f"{t.hidden[deck] + len(t.seen[deck])} cards",
                font_size=10,
                text_anchor="middle",
                fill=S.INK,
            ),
        ]
        parts.append(S.group(pile, data_target=f"deck:{DECK_NAMES[deck]}"))
    bx = left + 360
    parts.append(S.text(bx, dy + 6, "Bank", font_size=12, font_weight="bold"))
    parts.append(S.text(bx, dy + 22, f"{t.stands} fan stands", font_size=11))
    parts.append(S.text(bx, dy + 37, f"{t.arenas} arenas", font_size=11))
    if t.pot:
        parts.append(S.text(bx, dy + 52, f"pot £{t.pot}", font_size=11))
    # The decision in progress, then any rent not yet asked for.
    py = CORNER + 206
    parts += draw_decision(game, t, left, py, width)
    cy = py + 118
    for claim in t.claims[:4]:
        parts.append(
            S.text(
                left,
                cy,
                f"Rent to ask for: {game.seat_name(claim.payer)} owes "
                f"{game.seat_name(claim.owner)} £{claim.amount} for {board.names[claim.square]}",
                font_size=11,
            )
        )
        cy += 15
    return parts


# -- the players ---------------------------------------------------------------------------------
def draw_players(game: EsportMonopoly, view: View, y0: float) -> list[str]:
    board = game.board
    t = view.table
    parts = [S.text(8, y0 + 18, "Players", font_size=14, font_weight="bold")]
    for seat in range(game.players):
        y = y0 + 26 + seat * ROW
        alive = bool((t.alive >> seat) & 1)
        row = [
            S.rect(
                4,
                y,
                EDGE - 8,
                ROW - 4,
                rx=4,
                fill="#fff7d6" if seat == view.seat else "#ffffff",
                stroke=S.INK if seat in t.acting else S.MUTED,
                stroke_width=2 if seat in t.acting else 1,
            ),
            seat_badge(20, y + 13, seat, hollow=not alive),
        ]
        name = game.seat_name(seat) + (" (you)" if seat == view.seat else "")
        marks = ("▶ " if seat == t.active and alive else "") + name
        row.append(S.text(34, y + 18, marks, font_size=12, font_weight="bold"))
        if not alive:
            out = t.eliminated.index(seat) + 1 if seat in t.eliminated else 0
            row.append(S.text(200, y + 18, f"bankrupt (out #{out})", font_size=12, fill=S.MUTED))
        else:
            deeds = t.holdings[seat].bit_count()
            where = (
                f" · in jail (roll {t.jail[seat]} of {board.jail_turns})" if t.jail[seat] else ""
            )
            row.append(S.text(200, y + 18, f"£{t.cash[seat]}", font_size=13, font_weight="bold"))
            row.append(
                S.text(
                    262,
                    y + 18,
                    f"{plural(deeds, 'deed')} · worth £{game.rules.net_worth(t, seat)}{where}",
                    font_size=11,
                )
            )
            if seat in t.acting:
                row.append(
                    S.text(
                        EDGE - 12,
                        y + 18,
                        "to act",
                        font_size=11,
                        font_weight="bold",
                        text_anchor="end",
                    )
                )
        parts.append(S.group([S.title(name), *row], data_target=f"seat:{seat + 1}"))
        for deck in (0, 1):
            if (t.cards[seat] >> deck) & 1:
                cx = EDGE - 150 + deck * 62
                parts.append(
                    S.group(
                        [
                            S.title(f"{DECK_TITLES[deck]} Get Out of Jail Free card"),
                            S.rect(
                                cx,
                                y + 3,
                                56,
                                ROW - 10,
                                rx=3,
                                fill="#ffffff",
                                stroke=S.INK,
                                stroke_dasharray="3 2",
                            ),
                            S.text(
                                cx + 28,
                                y + 11,
                                "Chance" if deck == 0 else "Mail",
                                font_size=8,
                                font_weight="bold",
                                text_anchor="middle",
                            ),
                            S.text(cx + 28, y + 20, "jail card", font_size=8, text_anchor="middle"),
                        ],
                        data_target=f"jailcard:{DECK_NAMES[deck]}",
                    )
                )
    return parts


def render_svg(game: EsportMonopoly, view: View) -> str:
    board = game.board
    t = view.table
    parts = [draw_square(game, t, square) for square in range(40)]
    for square in in_focus(t):
        # The squares the decision in progress is about, outlined.
        x, y, w, h, _ = cell(square)
        parts.append(
            S.rect(
                x + 2,
                y + 2,
                w - 4,
                h - 4,
                fill="none",
                stroke=S.HIGHLIGHT,
                stroke_width=3,
                stroke_dasharray="6 3",
            )
        )
    parts += draw_tokens(board, t, game.players)
    parts += draw_middle(game, view)
    parts += draw_players(game, view, EDGE + 4)
    height = EDGE + 34 + game.players * ROW
    who = "spectator" if view.seat is None else game.seat_name(view.seat)
    label = f"Esport Monopoly, turn {t.turn + 1}, as seen by {who}"
    return S.document(EDGE, height, parts, label)


__all__ = ["move_targets", "render_svg"]
