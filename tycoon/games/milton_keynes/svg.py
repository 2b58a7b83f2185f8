"""The picture of a view: the 9x9 map with the river, the marshes, buildings by owner and kind,
lots for sale and the viewer's own deeds; the income rail with its roundabouts beside it; below,
the phase and what it is waiting for, the viewer's hand (deeds, permits, cash, pouch), the bribes,
permit slots and offer in progress, and one row per developer (counts and what is public of the
others, who has committed).

Click targets (``data-target``), and the moves that concern them (:func:`move_targets`):

- ``plot:G7`` every plot: river, marsh (its four plots), demolish, redevelop, requisition, and
  the plots of a commission (build, extend);
- ``lot:G7`` a lot for sale, named by its first plot: buy;
- ``permit:LOBBY`` a permit card in the viewer's hand: the card a move spends (INQUIRY, LOBBY,
  DEMOLISH, REDEVELOP, the permit of a commission, EXTENSION);
- ``bribe`` the sale's bribes: bribe, lobby; ``slot:K`` the permit between seats K+1 and K+2:
  permit bids, lobby on bids and re-bids name the seat's two slots;
- ``seat:N`` (1-based) a developer's row: an offer to that developer; ``offer`` the offer
  waiting for its answer: accept, decline; ``character:CODE`` a character to choose.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tycoon.core import Action
from tycoon.core import svg as S
from tycoon.core.text import plural
from tycoon.games.milton_keynes import board as bd
from tycoon.games.milton_keynes import cards as cd
from tycoon.games.milton_keynes.actions import (
    Accept,
    BidPermits,
    Bribe,
    Build,
    ChooseCharacter,
    Decline,
    Demolish,
    Extend,
    Inquiry,
    Lobby,
    LobbyBids,
    Offer,
    PlaceMarsh,
    PlaceRiver,
    Rebid,
    Redevelop,
    Requisition,
)
from tycoon.games.milton_keynes.actions import Buy as BuyLot
from tycoon.games.milton_keynes.render import (
    building_code,
    commission_text,
    offer_text,
    permits_shown,
)
from tycoon.games.milton_keynes.state import PHASE_TITLES, SEASONS, Commission, Phase
from tycoon.games.milton_keynes.view import View

if TYPE_CHECKING:
    from tycoon.games.milton_keynes.game import MiltonKeynes

CELL = 52.0
LEFT = 26.0  # the map's left edge (row letters on its left)
TOP = 58.0  # the map's top edge (title above, column numbers just above)
MAP = CELL * bd.COLUMNS
RAIL_X = LEFT + MAP + 34  # the income rail, right of the map
WIDTH = RAIL_X + 120
RIVER = "#cde6fb"
RIVER_INK = "#2b6cb0"
MARSH = "#c9dcb0"
MARSH_INK = "#5b7a3a"
LAND = "#f4efe2"
OFF = "#dedede"
LOT = "#fff1a8"
LINE = 17.0  # a line of text in the panels
SEALED_PHASES = (Phase.BRIBE, Phase.PERMIT_BID, Phase.REBID, Phase.BUILD)


def plot_key(label: str) -> str:
    return f"plot:{label}"


# -- click targets -----------------------------------------------------------------------------
def move_targets(game: MiltonKeynes, action: Action) -> tuple[str, ...]:
    """The ``data-target`` keys of the elements ``action`` concerns (see the module's notes)."""
    if isinstance(action, PlaceRiver | Requisition):
        return (plot_key(action.plot),)
    if isinstance(action, PlaceMarsh):
        top = bd.INDEX[action.plot]
        r, c = bd.row_of(top), bd.column_of(top)
        side = game.catalogue.map.marsh_side
        cells = [
            (r + dr) * bd.COLUMNS + c + dc
            for dr in range(side)
            for dc in range(side)
            if r + dr < len(bd.ROWS) and c + dc < bd.COLUMNS
        ]
        return tuple(plot_key(bd.LABELS[p]) for p in cells if p != bd.MISSING)
    if isinstance(action, Inquiry):
        return ("permit:INQUIRY",)
    if isinstance(action, Demolish):
        return (plot_key(action.plot), "permit:DEMOLISH")
    if isinstance(action, Redevelop):
        return (plot_key(action.plot), "permit:REDEVELOP")
    if isinstance(action, Bribe):
        return ("bribe",)
    if isinstance(action, Lobby):
        return ("bribe", "permit:LOBBY")
    if isinstance(action, BuyLot):
        return (f"lot:{action.plot}",)
    if isinstance(action, BidPermits | Rebid | LobbyBids):
        left, right = game.rules.seat_slots(action.seat)
        slots = tuple(dict.fromkeys((f"slot:{left}", f"slot:{right}")))
        return (*slots, "permit:LOBBY") if isinstance(action, LobbyBids) else slots
    if isinstance(action, Offer):
        return (f"seat:{action.to + 1}",)
    if isinstance(action, Accept | Decline):
        return ("offer",)
    if isinstance(action, Build):
        return (*(plot_key(p) for p in action.plots), f"permit:{action.permit}")
    if isinstance(action, Extend):
        labels = (action.building, *action.plots)
        return (*(plot_key(p) for p in labels), "permit:EXTENSION")
    if isinstance(action, ChooseCharacter):
        return (f"character:{action.character}",)
    return ()  # pass, seal: buttons


# -- pieces -------------------------------------------------------------------------------------
def seat_disc(x: float, y: float, seat: int, r: float = 8.0, *, hollow: bool = False) -> str:
    """A seat as a disc in its colour with its number written on it."""
    fill = S.seat_colour(seat)
    return S.group(
        [
            S.circle(
                x,
                y,
                r,
                fill="#ffffff" if hollow else fill,
                stroke=fill if hollow else S.INK,
                stroke_width=2.2 if hollow else 1,
            ),
            S.text(
                x,
                y + r * 0.4,
                seat + 1,
                font_size=r * 1.15,
                font_weight="bold",
                text_anchor="middle",
                fill=S.INK if hollow else S.text_colour_on(fill),
            ),
        ]
    )


def cell_xy(plot: int) -> tuple[float, float]:
    return LEFT + bd.column_of(plot) * CELL, TOP + bd.row_of(plot) * CELL


def outline(cells: set[int], **attrs: object) -> list[str]:
    """The outer edges of a set of plots (walls to plots outside it), as lines."""
    lines = []
    for p in cells:
        x, y = cell_xy(p)
        r, c = bd.row_of(p), bd.column_of(p)
        sides = (
            (r - 1, c, x, y, x + CELL, y),
            (r + 1, c, x, y + CELL, x + CELL, y + CELL),
            (r, c - 1, x, y, x, y + CELL),
            (r, c + 1, x + CELL, y, x + CELL, y + CELL),
        )
        for rr, cc, x1, y1, x2, y2 in sides:
            inside = 0 <= rr < len(bd.ROWS) and 0 <= cc < bd.COLUMNS
            if not inside or rr * bd.COLUMNS + cc not in cells:
                lines.append(S.line(x1, y1, x2, y2, **attrs))
    return lines


# -- the map ------------------------------------------------------------------------------------
def draw_map(game: MiltonKeynes, view: View) -> list[str]:
    river = set(view.river_all)
    marsh = set(view.marsh)
    built = {p: b for b in view.buildings for p in b.cells}
    lots = {p: k for k, lot in enumerate(view.lots) for p in lot}
    mine = set(view.hand_deeds)
    known = {p: s for s, deeds in enumerate(view.known_deeds) for p in deeds if s != view.seat}
    claims = {plot: seat for seat, plot in view.claims}
    pouched = {p for item in own_pouch(view) for p in item.cells}
    parts: list[str] = []
    for c in range(bd.COLUMNS):
        parts.append(
            S.text(LEFT + (c + 0.5) * CELL, TOP - 6, c + 1, font_size=12, text_anchor="middle")
        )
    for r, row in enumerate(bd.ROWS):
        parts.append(
            S.text(LEFT - 9, TOP + (r + 0.5) * CELL + 4, row, font_size=12, text_anchor="middle")
        )
    for p in range(bd.SIZE):
        x, y = cell_xy(p)
        label = bd.LABELS[p]
        if p == bd.MISSING:
            parts.append(S.rect(x, y, CELL, CELL, fill="#6b6b6b", stroke=S.INK))
            parts.append(
                S.text(
                    x + CELL / 2,
                    y + CELL / 2 + 4,
                    "rock",
                    font_size=10,
                    text_anchor="middle",
                    fill="#ffffff",
                )
            )
            continue
        in_play = bool(game.region >> p & 1)
        cell: list[str] = [S.title(plot_title(game, view, p, built, river, marsh, lots))]
        b = built.get(p)
        if b is not None:
            fill = S.seat_colour(b.owner)
            ink = S.text_colour_on(fill)
            cell.append(S.rect(x, y, CELL, CELL, fill=fill, stroke="#00000033"))
            if p in river:  # a SEWAGE REPROCESSOR built on the river
                cell.append(wave(x, y + CELL - 12, RIVER_INK))
            cell.append(
                S.text(
                    x + CELL / 2,
                    y + 24,
                    building_code(b.kind, b.owner),
                    font_size=17,
                    font_weight="bold",
                    text_anchor="middle",
                    fill=ink,
                )
            )
            if p == b.anchor:
                income = view.incomes[view.buildings.index(b)]
                cell.append(
                    S.text(
                        x + CELL / 2,
                        y + 42,
                        f"#{b.id} +{income}",
                        font_size=10,
                        text_anchor="middle",
                        fill=ink,
                    )
                )
        else:
            fill = LAND if in_play else OFF
            if p in river:
                fill = RIVER
            elif p in marsh:
                fill = MARSH
            elif p in lots:
                fill = LOT
            cell.append(S.rect(x, y, CELL, CELL, fill=fill, stroke="#00000040"))
            if p in river:
                cell += [wave(x, y + 18, RIVER_INK), wave(x, y + 32, RIVER_INK)]
            elif p in marsh:
                cell.append(
                    S.text(
                        x + CELL / 2,
                        y + 31,
                        "marsh",
                        font_size=10,
                        text_anchor="middle",
                        fill=MARSH_INK,
                        font_style="italic",
                    )
                )
            if p in lots:
                cell.append(
                    S.text(
                        x + CELL / 2,
                        y + 20,
                        f"L{lots[p] + 1}",
                        font_size=13,
                        font_weight="bold",
                        text_anchor="middle",
                    )
                )
            if p in mine:
                colour = S.seat_colour(view.seat or 0)
                cell.append(
                    S.rect(
                        x + 4,
                        y + 4,
                        CELL - 8,
                        CELL - 8,
                        fill="none",
                        stroke=colour,
                        stroke_width=3,
                        stroke_dasharray="6 3",
                    )
                )
                cell.append(
                    S.text(
                        x + CELL / 2,
                        y + CELL - 9,
                        "in pouch" if p in pouched else "your deed",
                        font_size=8,
                        text_anchor="middle",
                    )
                )
            elif p in known:
                cell.append(
                    S.text(
                        x + CELL / 2,
                        y + CELL - 9,
                        f"deed of P{known[p] + 1}",
                        font_size=8,
                        text_anchor="middle",
                        fill=S.INK,
                    )
                )
            if p in claims:
                cell.append(seat_disc(x + CELL - 11, y + 11, claims[p], 8, hollow=True))
                cell.append(S.text(x + 4, y + 12, "req.", font_size=8, font_weight="bold"))
        cell.append(S.text(x + 3, y + CELL - 3, label, font_size=7, fill=S.MUTED))
        parts.append(S.group(cell, data_target=plot_key(label)))
    # Walls round each building, then each lot for sale (a lot is one click target).
    for b in view.buildings:
        parts += outline(set(b.cells), stroke=S.INK, stroke_width=3, stroke_linecap="round")
    for k, lot in enumerate(view.lots):
        shapes = [
            S.title(
                f"lot L{k + 1}: "
                + " ".join(bd.LABELS[p] for p in lot)
                + f", {game.rules.economy.deed_price * len(lot)}"
            )
        ]
        for p in lot:
            x, y = cell_xy(p)
            shapes.append(S.rect(x, y, CELL, CELL, fill="#000000", fill_opacity=0))
        shapes += outline(set(lot), stroke=S.INK, stroke_width=2.5, stroke_dasharray="7 4")
        x, y = cell_xy(lot[0])
        shapes.append(
            S.text(
                x + CELL / 2,
                y + 34,
                f"${game.rules.economy.deed_price * len(lot)}",
                font_size=10,
                text_anchor="middle",
            )
        )
        parts.append(S.group(shapes, data_target=f"lot:{bd.LABELS[lot[0]]}"))
    return parts


def wave(x: float, y: float, colour: str) -> str:
    step = CELL / 4
    path = f"M{x + 4:.1f},{y:.1f}" + "".join(
        f" q{step / 2:.1f},-5 {step:.1f},0" if k % 2 == 0 else f" q{step / 2:.1f},5 {step:.1f},0"
        for k in range(3)
    )
    return S.element("path", d=path, fill="none", stroke=colour, stroke_width=2)


def plot_title(
    game: MiltonKeynes,
    view: View,
    p: int,
    built: dict[int, Any],
    river: set[int],
    marsh: set[int],
    lots: dict[int, int],
) -> str:
    label = bd.LABELS[p]
    b = built.get(p)
    if b is not None:
        income = view.incomes[view.buildings.index(b)]
        return (
            f"{label}: {cd.KIND_NAMES[b.kind]} #{b.id} of {game.seat_name(b.owner)}, "
            f"income {income}"
        )
    if p in river:
        return f"{label}: river"
    if p in marsh:
        return f"{label}: marsh"
    if p in lots:
        return f"{label}: lot L{lots[p] + 1} for sale"
    if not game.region >> p & 1:
        return f"{label}: not in play with {view.players} players"
    return f"{label}: free plot"


# -- the income rail ----------------------------------------------------------------------------
def draw_rail(game: MiltonKeynes, view: View) -> list[str]:
    economy = game.rules.economy
    low, high = economy.rail_start, economy.rail_top
    top = max(high, *view.markers)
    step = MAP / (top - low + 1)
    # Numbers every 5 positions on a rail the length of the built-in one, sparser on longer.
    every = 5 if top - low <= 60 else 10 if top - low <= 120 else 20

    def level_y(v: int) -> float:
        return TOP + MAP - (v - low + 0.5) * step

    x = RAIL_X
    parts = [
        S.text(
            x + 40, TOP - 6, "income rail", font_size=11, font_weight="bold", text_anchor="middle"
        ),
        S.line(x, level_y(low), x, level_y(top), stroke=S.INK, stroke_width=2),
    ]
    for v in range(low, top + 1):
        y = level_y(v)
        if v in game.roundabouts:
            parts.append(S.circle(x, y, 5, fill="#ffffff", stroke=S.INK, stroke_width=1.5))
            parts.append(S.text(x - 9, y + 4, v, font_size=10, text_anchor="end"))
        elif v % every == 0:
            parts.append(S.line(x - 4, y, x + 4, y, stroke=S.INK))
            parts.append(S.text(x - 9, y + 4, v, font_size=10, text_anchor="end"))
    for seat, marker in enumerate(view.markers):
        # Each seat has its own column beside the rail: markers never hide one another.
        parts.append(
            S.group(
                [
                    S.title(f"{game.seat_name(seat)}: {marker} on the income rail"),
                    S.line(
                        x,
                        level_y(marker),
                        x + 12 + seat * 16,
                        level_y(marker),
                        stroke=S.seat_colour(seat),
                        stroke_width=1.5,
                    ),
                    seat_disc(x + 14 + seat * 16, level_y(marker), seat, 7.2),
                ]
            )
        )
    return parts


# -- the panels below the map -------------------------------------------------------------------
class Panel:
    """Lines and boxes stacked downwards from ``y``."""

    def __init__(self, y: float) -> None:
        self.y = y
        self.parts: list[str] = []

    def heading(self, words: str) -> None:
        self.y += 22
        self.parts.append(S.text(10, self.y, words, font_size=14, font_weight="bold"))
        self.y += 6

    def line(self, words: str, *, bold: bool = False, note: bool = False) -> None:
        """One line of text: ``bold`` for what the game waits for, ``note`` for a small grey
        legend. (No ``**attrs`` here: mypyc cannot describe a method's defaults before them.)"""
        self.y += LINE
        if note:
            self.parts.append(S.text(10, self.y - 4, words, font_size=9.5, fill=S.MUTED))
        else:
            weight = "bold" if bold else None
            self.parts.append(S.text(10, self.y - 4, words, font_size=12, font_weight=weight))


def to_act(view: View) -> tuple[int, ...]:
    """The seats the game waits for, as the view tells."""
    phase = Phase[view.phase.upper()]
    if phase == Phase.OVER:
        return ()
    if view.sealed is not None and phase in SEALED_PHASES:
        return view.sealed.pending
    if phase == Phase.TRADE_REPLY and view.offer is not None:
        return (view.offer.to,)
    if view.requisitioner >= 0:
        return (view.requisitioner,)
    return view.queue[:1]


def own_pouch(view: View) -> tuple[Commission, ...]:
    """The viewer's commissions while the pouches are being filled (sealed: as sealed)."""
    phase = Phase[view.phase.upper()]
    if phase not in (Phase.BUILD, Phase.REQUISITION):
        return ()
    if phase == Phase.BUILD and view.sealed is not None and view.sealed.own is not None:
        return tuple(view.sealed.own)
    return view.draft


def draw_hand(game: MiltonKeynes, view: View, panel: Panel) -> None:
    if view.seat is None:
        return
    panel.heading(f"Your hand — cash ${view.cash}")
    deeds = " ".join(bd.LABELS[p] for p in view.hand_deeds) or "none"
    panel.line(f"deeds: {deeds}")
    x = 10.0
    y = panel.y + 4
    for permit, count in enumerate(view.hand_permits):
        if not count:
            continue
        code = cd.PERMIT_CODES[permit]
        chav = permit in cd.CHAV_CARDS
        width = 16 + 7.8 * len(code) + (26 if count > 1 else 0)
        if x + width > WIDTH - 8:
            x, y = 10.0, y + 40
        card = [
            S.title(cd.permit_title(permit) + (f" x{count}" if count > 1 else "")),
            S.rect(x, y, width, 34, rx=4, fill="#ffffff", stroke=S.INK, stroke_width=1.2),
            S.text(x + 7, y + 13, "CHAV ESTATE" if chav else "permit", font_size=8, fill=S.MUTED),
            S.text(x + 7, y + 27, code, font_size=11, font_weight="bold"),
        ]
        if count > 1:
            card.append(S.text(x + width - 6, y + 27, f"x{count}", font_size=11, text_anchor="end"))
        panel.parts.append(S.group(card, data_target=f"permit:{code}"))
        x += width + 6
    if any(view.hand_permits):
        panel.y = y + 38
    else:
        panel.line("permits: none")
    pouch = own_pouch(view)
    if pouch:
        sealed = view.sealed is not None and view.seat in view.sealed.committed
        panel.line(
            ("Your sealed pouch: " if sealed else "Your pouch: ")
            + "; ".join(commission_text(view, item) for item in pouch)
        )
    for item, plot in view.own_claims:
        where = bd.LABELS[plot] if plot >= 0 else "no free plot: back to your hand"
        panel.line(f"Your {commission_text(view, item)} requisitions {where}")
    if view.requisitioner == view.seat and view.own_pending:
        panel.line(
            f"Name the plot your {commission_text(view, view.own_pending[0])} takes",
            bold=True,
        )


def draw_phase(game: MiltonKeynes, view: View, panel: Panel) -> None:
    phase = Phase[view.phase.upper()]
    name = game.seat_name
    if phase == Phase.CHARACTERS:
        panel.heading("Characters")
        taken = {c: s for s, c in enumerate(view.characters) if c >= 0}
        x, y = 10.0, panel.y + 2
        bottom = y
        for k, character in enumerate(game.characters):
            lines = (
                [f"taken by P{taken[k] + 1}"]
                if k in taken
                else cd.permits_text(character.permits).split(", ")
            )
            box = [
                S.title(f"{character.name}: {cd.permits_text(character.permits)}"),
                S.rect(x, y, 98, 62, rx=4, fill="#ffffff" if k not in taken else OFF, stroke=S.INK),
                S.text(
                    x + 49,
                    y + 15,
                    character.name,
                    font_size=11,
                    font_weight="bold",
                    text_anchor="middle",
                ),
            ]
            box += [
                S.text(x + 49, y + 28 + i * 10, line, font_size=8, text_anchor="middle")
                for i, line in enumerate(lines[:4])
            ]
            key = None if k in taken else f"character:{character.code}"
            panel.parts.append(S.group(box, data_target=key))
            bottom = y + 66
            x += 104
            if x + 98 > WIDTH:
                x, y = 10.0, y + 68
        panel.y = bottom
    if view.lots:
        price = game.rules.economy.deed_price
        shown = ", ".join(
            f"L{k + 1} {'+'.join(bd.LABELS[p] for p in lot)} (${price * len(lot)})"
            for k, lot in enumerate(view.lots)
        )
        panel.line(f"Lots for sale: {shown}")
    if phase in (Phase.BRIBE, Phase.SALE_LOBBY, Phase.PURCHASE):
        bribes = Panel(panel.y + 3)
        if phase == Phase.BRIBE:
            own = view.sealed.own if view.sealed is not None else None
            bribes.line("Bribes are sealed" + (f" — yours: ${own}" if own is not None else ""))
        else:
            bribes.line(
                "Bribes, in order: "
                + ", ".join(
                    f"{name(s)} ${view.bribes[s]}" for s in view.order if s < len(view.bribes)
                )
            )
        height = bribes.y - panel.y + 6
        panel.parts.append(
            S.group(
                [
                    S.rect(
                        6, panel.y + 2, WIDTH - 12, height, rx=4, fill="#ffffff", stroke=S.MUTED
                    ),
                    *bribes.parts,
                ],
                data_target="bribe",
            )
        )
        panel.y += height + 4
    if phase in (Phase.PERMIT_BID, Phase.BID_LOBBY, Phase.REBID) and view.slots:
        panel.heading("Permits between neighbours")
        for k, permit in enumerate(view.slots):
            a, b = game.rules.slot_pair(k)
            what = cd.permit_title(permit) if permit >= 0 else "no permit"
            words = f"{what}: {name(a)} (left) / {name(b)} (right)"
            if view.bids:
                words += f" — bids {view.bids[a][0]} / {view.bids[b][1]}"
            box = [
                S.rect(6, panel.y + 2, WIDTH - 12, LINE + 2, rx=4, fill="#ffffff", stroke=S.MUTED),
                S.text(12, panel.y + LINE - 1, words, font_size=12),
            ]
            panel.parts.append(S.group(box, data_target=f"slot:{k}"))
            panel.y += LINE + 6
        if view.sealed is not None and view.sealed.own is not None:
            own = view.sealed.own
            panel.line(f"Your sealed bids (left/right): {own[0]}/{own[1]}")
    if view.offer is not None:
        offer = view.offer
        words = f"Offer from {name(offer.seat)} to {name(offer.to)}: {offer_text(offer)}"
        panel.parts.append(
            S.group(
                [
                    S.rect(
                        6,
                        panel.y + 4,
                        WIDTH - 12,
                        LINE + 4,
                        rx=4,
                        fill="#fff7d6",
                        stroke=S.INK,
                        stroke_width=1.5,
                    ),
                    S.text(12, panel.y + LINE + 1, words, font_size=12, font_weight="bold"),
                ],
                data_target="offer",
            )
        )
        panel.y += LINE + 10
    for seat, plot in view.claims:
        if seat != view.seat:
            panel.line(f"{name(seat)} requisitions {bd.LABELS[plot]}")
    if view.requisitioner >= 0 and view.requisitioner != view.seat:
        panel.line(f"{name(view.requisitioner)} names a plot to requisition")
    if view.ended:
        panel.line(f"Game over: {view.ended}", bold=True)


def draw_players(game: MiltonKeynes, view: View, panel: Panel) -> None:
    panel.heading("Developers")
    acting = to_act(view)
    sealed = view.sealed
    phase = Phase[view.phase.upper()]
    for seat in range(view.players):
        y = panel.y + 2
        character = view.characters[seat] if seat < len(view.characters) else -1
        name = game.seat_name(seat)
        if character >= 0:
            name += f" ({game.characters[character].name})"
        if seat == view.seat:
            name += " — you"
        status = ""
        if sealed is not None and seat in sealed.seats and phase in SEALED_PHASES:
            status = "committed" if seat in sealed.committed else "deciding"
        elif seat in acting:
            status = "to act"
        cash = f"${view.cash}" if seat == view.seat else "cash hidden"
        facts = (
            f"rail {view.markers[seat]} (roundabout {view.floors[seat]}) · "
            f"{plural(view.blocks[seat], 'block')} · {cash} · "
            f"{plural(view.deed_counts[seat], 'deed')} · "
            f"{plural(view.permit_counts[seat], 'permit')}"
        )
        known = []
        if seat != view.seat:
            if view.known_deeds[seat]:
                known.append(" ".join(bd.LABELS[p] for p in view.known_deeds[seat]))
            if any(view.known_permits[seat]):
                known.append(permits_shown(view.known_permits[seat]))
        row = [
            S.title(name),
            S.rect(
                6,
                y,
                WIDTH - 12,
                44 if known else 32,
                rx=4,
                fill="#fff7d6" if seat == view.seat else "#ffffff",
                stroke=S.INK if seat in acting else S.MUTED,
                stroke_width=2 if seat in acting else 1,
            ),
            seat_disc(22, y + 16, seat, 9),
            S.text(38, y + 13, name, font_size=12, font_weight="bold"),
            S.text(38, y + 27, facts, font_size=10.5),
        ]
        if known:
            row.append(
                S.text(38, y + 40, "known in hand: " + "; ".join(known), font_size=10, fill=S.MUTED)
            )
        if status:
            row.append(
                S.text(
                    WIDTH - 14, y + 13, status, font_size=11, font_weight="bold", text_anchor="end"
                )
            )
        panel.parts.append(S.group(row, data_target=f"seat:{seat + 1}"))
        panel.y += (44 if known else 32) + 4


def render_svg(game: MiltonKeynes, view: View) -> str:
    phase = Phase[view.phase.upper()]
    season = (
        f", {SEASONS[view.season]}"
        if phase in (Phase.BRIBE, Phase.SALE_LOBBY, Phase.PURCHASE)
        else ""
    )
    heading = f"Milton Keynes — year {view.year}{season}: {PHASE_TITLES[phase]}"
    parts = [
        S.text(10, 20, heading, font_size=16, font_weight="bold"),
        S.text(
            10,
            37,
            f"deed deck {view.deed_deck} · permit deck {view.permit_deck}",
            font_size=11,
            fill=S.MUTED,
        ),
    ]
    parts += draw_map(game, view)
    parts += draw_rail(game, view)
    panel = Panel(TOP + MAP + 4)
    kinds = ", ".join(
        f"{letter} {name.lower()}"
        for letter, name in zip(cd.KIND_LETTERS, cd.KIND_NAMES, strict=True)
    )
    panel.line(
        "Buildings: kind and owner (D:2 is a dump of Seat 2), #number +income.",
        note=True,
    )
    panel.line(
        f"Kinds: {kinds}",
        note=True,
    )
    acting = to_act(view)
    if acting:
        waiting = ", ".join(game.seat_name(s) for s in acting)
        panel.line(f"Waiting for: {waiting}", bold=True)
    draw_phase(game, view, panel)
    draw_hand(game, view, panel)
    draw_players(game, view, panel)
    parts += panel.parts
    who = "spectator" if view.seat is None else game.seat_name(view.seat)
    label = f"Milton Keynes, year {view.year}, {PHASE_TITLES[phase]}, as seen by {who}"
    return S.document(WIDTH, panel.y + 10, parts, label)


__all__ = ["move_targets", "render_svg"]
