"""How Water Rights looks as a picture: the King's treasury, water bank, taxes and water price,
the round's card and the goals, the two assembly lines, and the river with the three towns
along it (Senior upstream, Junior downstream), their districts, plants, water, money and hands.

Drawn from a view only: another seat's secret goal is drawn as hidden until the game is over, and
the decks show their sizes, never their order. Click targets (``data-target``):

- ``colour:green``, ``tax:dollars``, ``tax:tiles``, ``price:dollars``, ``price:units``: what the
  King sets;
- ``bank``: the King's water bank (a mayor's water request);
- ``line:district:2``, ``line:plant:1``: a slot of an assembly line (drafting);
- ``cell:senior:c3``: a cell of a town (building, filling, destroying, supplying; the facility's
  cell for feeding it);
- ``hand:senior:farmland``: a card of that kind in a mayor's hand (the card a build uses);
- ``town:junior``: a town's name plate (a trading post with that mayor).
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

from tycoon.core import Action, svg
from tycoon.games.water_rights.actions import (
    AdjustTax,
    AdjustWater,
    Build,
    Destroy,
    Draft,
    Feed,
    Fill,
    Post,
    Request,
    SetColours,
    Supply,
)
from tycoon.games.water_rights.catalogue import (
    CELL_NAMES,
    COLOURS,
    GREY,
    KING,
    MAYORS,
    ROLES,
    SIDE,
    CardKind,
)
from tycoon.games.water_rights.rules import capacity, goal_met, plant_water, tax_due
from tycoon.games.water_rights.state import EMPTY, OVER, PHASE_NAMES, REQUEST, Town, View

if TYPE_CHECKING:
    from tycoon.games.water_rights.game import WaterRights

WIDTH = 660
MARGIN = 12
LINE = 18
CELL = 32
GAP = 18
TOWN_W = SIDE * CELL
WRAP = 100  # characters on a line of small text

COLOUR_FILL = ("#5aae61", "#d6604d", "#fee08b", "#bababa")  # green, red, yellow, grey
PLANT_FILL = "#4393c3"
TERRAIN_FILL = {"G": "#dcefc4", "L": "#efe3c2", "W": "#a6d2f2", "F": "#ffffff"}
TERRAIN_NAME = {"G": "grass", "L": "land", "W": "a water source", "F": "the facility"}
RIVER = "#6baed6"
TOKEN_FILL = COLOUR_FILL


def _role_name(role: int) -> str:
    return ROLES[role].lower()


def cell_key(role: int, cell: str) -> str:
    return f"cell:{_role_name(role)}:{cell}"


def hand_key(role: int, slug: str) -> str:
    return f"hand:{_role_name(role)}:{slug}"


def town_key(role: int) -> str:
    return f"town:{_role_name(role)}"


def move_targets(game: WaterRights, action: Action) -> tuple[str, ...]:
    role = game.role_of_seat[action.seat] if 0 <= action.seat < game.players else -1
    if isinstance(action, SetColours):
        return tuple(f"colour:{colour}" for colour in action.colours)
    if isinstance(action, AdjustTax):
        return (f"tax:{action.part}",)
    if isinstance(action, AdjustWater):
        return (f"price:{action.part}",)
    if isinstance(action, Request):
        return ("bank",)
    if isinstance(action, Draft):
        return (f"line:{action.line}:{action.slot}",)
    if role < 1:
        return ()
    if isinstance(action, Build):
        return (cell_key(role, action.cell), hand_key(role, action.card))
    if isinstance(action, Fill | Destroy | Supply):
        return (cell_key(role, action.cell),)
    if isinstance(action, Post):
        return (f"town:{action.target}",)
    if isinstance(action, Feed):
        return (cell_key(role, CELL_NAMES[game.rules.town(role).facility]),)
    return ()  # done, collect


def _wrapped(x: float, y: float, words: str, **attrs: object) -> tuple[list[str], float]:
    """``words`` as lines of small text from ``(x, y)``; returns them and the y below."""
    parts = []
    for line in textwrap.wrap(words, WRAP) or [""]:
        parts.append(svg.text(x, y + 12, line, font_size=11, **attrs))
        y += 15
    return parts, y


def _seat_badge(seat: int, x: float, y: float, r: float = 8) -> str:
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


def _fill_of(kind: CardKind) -> str:
    return PLANT_FILL if kind.is_plant else COLOUR_FILL[kind.colour]


def _card_words(kind: CardKind) -> str:
    if kind.is_plant:
        return f"{kind.name}: holds {kind.capacity}" + (", recycles" if kind.recycles else "")
    tokens = "+".join(COLOURS[c] for c in kind.tokens) or "no tokens"
    extra = f", {kind.points} points" if kind.points else ""
    return (
        f"{kind.name} ({COLOURS[kind.colour]}): {kind.water} water, {tokens}, ${kind.income}{extra}"
    )


# -- the King, the round and the goals ------------------------------------------------------


def _status(game: WaterRights, view: View) -> str:
    if view.phase == OVER:
        return f"Game over after round {view.round}"
    rounds = game.rules.economy.rounds
    turn = (
        f"your turn ({ROLES[view.active]})"
        if view.role == view.active
        else f"{ROLES[view.active]}'s turn"
    )
    return f"Round {view.round} of {rounds} · {turn}: {PHASE_NAMES[view.phase]}"


def _king(game: WaterRights, view: View, y: float) -> tuple[list[str], float]:
    rules = game.rules
    parts = [svg.text(MARGIN, y + 16, "Water Rights", font_size=17, font_weight="bold")]
    parts.append(svg.text(MARGIN + 130, y + 16, _status(game, view), font_size=13))
    y += LINE + 10
    seat = game.seat_of_role[KING]
    if game.automated:
        who = "King (automated)"
    else:
        parts.append(_seat_badge(seat, MARGIN + 8, y + 8))
        who = "King" + (" (you)" if view.role == KING else "")
    left = MARGIN + (0 if game.automated else 20)
    parts.append(svg.text(left, y + 13, who, font_size=13, font_weight="bold"))
    parts.append(svg.text(MARGIN + 150, y + 13, f"treasury ${view.treasury}", font_size=12))
    parts.append(
        svg.group(
            [
                svg.title(f"the King's water bank: {view.bank} water"),
                svg.rect(MARGIN + 260, y - 2, 110, 20, rx=9, fill=RIVER, stroke=svg.INK),
                svg.text(
                    MARGIN + 315,
                    y + 12,
                    f"water bank {view.bank}",
                    font_size=12,
                    fill="#ffffff",
                    font_weight="bold",
                    text_anchor="middle",
                ),
            ],
            data_target="bank",
        )
    )
    y += LINE + 8
    # The tax: $dollars per tiles same-colour tiles, on the taxed colours; the water price.
    parts.append(svg.text(MARGIN, y + 13, "Tax", font_size=12, font_weight="bold"))
    parts.append(_setting("tax:dollars", f"${view.tax_dollars}", "tax dollars", MARGIN + 34, y))
    parts.append(svg.text(MARGIN + 76, y + 13, "per", font_size=12))
    parts.append(_setting("tax:tiles", f"{view.tax_tiles}", "tiles per tax", MARGIN + 102, y))
    parts.append(svg.text(MARGIN + 144, y + 13, "tiles on", font_size=12))
    for colour in range(3):
        taxed = bool(view.tax_colours >> colour & 1)
        x = MARGIN + 196 + colour * 62
        fill = COLOUR_FILL[colour] if taxed else "#ffffff"
        parts.append(
            svg.group(
                [
                    svg.title(f"{COLOURS[colour]}: {'taxed' if taxed else 'not taxed'}"),
                    svg.rect(
                        x,
                        y,
                        56,
                        18,
                        rx=3,
                        fill=fill,
                        stroke=svg.INK,
                        stroke_dasharray=None if taxed else "3 2",
                    ),
                    svg.text(
                        x + 28,
                        y + 13,
                        COLOURS[colour],
                        font_size=11,
                        fill=svg.text_colour_on(fill),
                        text_anchor="middle",
                        font_weight="bold" if taxed else None,
                    ),
                ],
                data_target=f"colour:{COLOURS[colour]}",
            )
        )
    parts.append(svg.text(MARGIN + 390, y + 13, "Water", font_size=12, font_weight="bold"))
    parts.append(
        _setting("price:dollars", f"${view.water_dollars}", "water price", MARGIN + 434, y)
    )
    parts.append(svg.text(MARGIN + 476, y + 13, "per", font_size=12))
    parts.append(_setting("price:units", f"{view.water_units}", "units per price", MARGIN + 502, y))
    parts.append(svg.text(MARGIN + 544, y + 13, "units", font_size=12))
    y += LINE + 10
    # The round's card.
    if view.event != EMPTY:
        event = rules.events[view.event]
        drawn, y = _wrapped(MARGIN, y, f"Event {event.name} (roll {view.roll}): {event.text}")
        parts.extend(drawn)
    elif view.demand != EMPTY:
        demand = rules.demands[view.demand]
        drawn, y = _wrapped(MARGIN, y, f"Demand {demand.name} (roll {view.roll}): {demand.text}")
        parts.extend(drawn)
    goals = []
    for goal_id, owner in zip(view.bonus, view.bonus_owner, strict=True):
        goal = rules.bonus_goals[goal_id]
        who = "open" if owner == EMPTY else ROLES[owner]
        goals.append(f"{goal.name} ({goal.describe(rules)}) +{goal.points} [{who}]")
    drawn, y = _wrapped(MARGIN, y, "Bonus goals: " + "; ".join(goals))
    parts.extend(drawn)
    goal_id = view.secrets[KING]
    if goal_id != EMPTY and (view.role == KING or view.phase == OVER):
        goal = rules.secret_goals[goal_id]
        whose = "The King's" if view.phase == OVER else "Your"
        drawn, y = _wrapped(
            MARGIN, y, f"{whose} secret goal: {goal.name} ({goal.describe(rules)}) +{goal.points}"
        )
        parts.extend(drawn)
    return parts, y + 6


def _setting(key: str, shown: str, what: str, x: float, y: float) -> str:
    return svg.group(
        [
            svg.title(what),
            svg.rect(x, y, 38, 18, rx=3, fill="#ffffff", stroke=svg.INK),
            svg.text(x + 19, y + 13, shown, font_size=12, font_weight="bold", text_anchor="middle"),
        ],
        data_target=key,
    )


def _lines(game: WaterRights, view: View, y: float) -> tuple[list[str], float]:
    """The two assembly lines: each slot's card, its price and surcharge."""
    rules = game.rules
    economy = rules.economy
    parts: list[str] = []
    for name, line, surcharges, deck in (
        ("district", view.district_line, economy.district_surcharges, view.district_deck_size),
        ("plant", view.plant_line, economy.plant_surcharges, view.plant_deck_size),
    ):
        parts.append(
            svg.text(MARGIN, y + 24, f"{name.capitalize()}s", font_size=12, font_weight="bold")
        )
        parts.append(svg.text(MARGIN, y + 38, f"deck {deck}", font_size=10, fill=svg.MUTED))
        for index, card in enumerate(line):
            x = MARGIN + 62 + index * 116
            slot = [svg.rect(x, y, 110, 44, rx=4, fill="#ffffff", stroke="#999999")]
            if card == EMPTY:
                slot.insert(0, svg.title(f"{name} slot {index + 1}: empty"))
                slot.append(
                    svg.text(
                        x + 55, y + 26, "empty", font_size=11, fill=svg.MUTED, text_anchor="middle"
                    )
                )
            else:
                kind = rules.kinds[card]
                fill = _fill_of(kind)
                price = kind.cost + surcharges[index]
                slot.insert(
                    0,
                    svg.title(
                        f"{name} slot {index + 1}: {_card_words(kind)}, "
                        f"${kind.cost} + ${surcharges[index]}"
                    ),
                )
                slot.append(svg.rect(x + 3, y + 3, 104, 20, rx=3, fill=fill))
                slot.append(
                    svg.text(
                        x + 55,
                        y + 17,
                        kind.name,
                        font_size=11 if len(kind.name) < 15 else 9.5,
                        font_weight="bold",
                        fill=svg.text_colour_on(fill),
                        text_anchor="middle",
                    )
                )
                slot.append(
                    svg.text(
                        x + 55,
                        y + 38,
                        f"{kind.code} · ${price}",
                        font_size=11,
                        text_anchor="middle",
                    )
                )
            parts.append(svg.group(slot, data_target=f"line:{name}:{index + 1}"))
        y += 52
    return parts, y


# -- the river and the towns ----------------------------------------------------------------


def _score(game: WaterRights, view: View, role: int) -> int:
    """A mayor's final score, from a finished game's view (everything is revealed then)."""
    rules = game.rules
    town = view.towns[role - 1]
    secret = 0
    goal_id = view.secrets[role]
    if goal_id != EMPTY and goal_met(rules, rules.secret_goals[goal_id], role, town, 0):
        secret = rules.secret_goals[goal_id].points
    bonus = sum(
        rules.bonus_goals[g].points
        for g, owner in zip(view.bonus, view.bonus_owner, strict=True)
        if owner == role
    )
    grey = sum(
        rules.kinds[c].points for c in town.cells if c != EMPTY and rules.kinds[c].colour == GREY
    )
    return town.cash + bonus + secret + grey


def _king_score(game: WaterRights, view: View) -> int:
    rules = game.rules
    secret = 0
    goal_id = view.secrets[KING]
    if goal_id != EMPTY and goal_met(rules, rules.secret_goals[goal_id], KING, None, view.treasury):
        secret = rules.secret_goals[goal_id].points
    return view.treasury // rules.economy.king_score_divisor + secret


def _cell(
    game: WaterRights,
    view: View,
    role: int,
    town: Town,
    cell: int,
    x: float,
    y: float,
    active: bool,
) -> str:
    rules = game.rules
    layout = rules.town(role)
    name = CELL_NAMES[cell]
    card = town.cells[cell]
    terrain = layout.terrain[cell]
    parts = [
        svg.rect(
            x,
            y,
            CELL,
            CELL,
            fill=TERRAIN_FILL.get(terrain, "#ffffff"),
            stroke="#ffffff",
            stroke_width=1,
        )
    ]
    if cell == layout.facility:
        token = TOKEN_FILL[layout.colour]
        parts.insert(0, svg.title(f"{name}: the facility (makes {COLOURS[layout.colour]} tokens)"))
        parts.append(
            svg.rect(
                x + 3, y + 3, CELL - 6, CELL - 6, rx=3, fill=token, stroke=svg.INK, stroke_width=2
            )
        )
        parts.append(
            svg.text(
                x + CELL / 2,
                y + 20,
                "F",
                font_size=13,
                font_weight="bold",
                fill=svg.text_colour_on(token),
                text_anchor="middle",
            )
        )
    elif card == EMPTY:
        parts.insert(0, svg.title(f"{name}: {TERRAIN_NAME.get(terrain, 'empty')}"))
        if terrain == "W":
            parts.append(
                svg.text(
                    x + CELL / 2, y + 20, "~", font_size=14, fill="#2b6a99", text_anchor="middle"
                )
            )
    else:
        kind = rules.kinds[card]
        fill = _fill_of(kind)
        supplied = active and not kind.is_plant and bool(view.turn.supplied >> cell & 1)
        detail = _card_words(kind)
        if kind.is_plant:
            detail += f"; water {town.water[cell]}"
        if supplied:
            detail += "; supplied this turn"
        parts.insert(0, svg.title(f"{name}: {detail}"))
        parts.append(
            svg.rect(
                x + 2,
                y + 2,
                CELL - 4,
                CELL - 4,
                rx=3,
                fill=fill,
                stroke=svg.HIGHLIGHT if supplied else svg.INK,
                stroke_width=3 if supplied else 0.6,
            )
        )
        ink = svg.text_colour_on(fill)
        parts.append(
            svg.text(
                x + CELL / 2,
                y + 14,
                kind.code,
                font_size=10,
                font_weight="bold",
                fill=ink,
                text_anchor="middle",
            )
        )
        if kind.is_plant:
            parts.append(
                svg.text(
                    x + CELL / 2,
                    y + 26,
                    f"{town.water[cell]}/{kind.capacity}",
                    font_size=9,
                    fill=ink,
                    text_anchor="middle",
                )
            )
        elif supplied:
            parts.append(
                svg.text(x + CELL / 2, y + 26, "ok", font_size=9, fill=ink, text_anchor="middle")
            )
    return svg.group(parts, data_target=cell_key(role, name))


def _town(
    game: WaterRights, view: View, role: int, left: float, top: float
) -> tuple[list[str], float]:
    rules = game.rules
    layout = rules.town(role)
    town = view.towns[role - 1]
    seat = game.seat_of_role[role]
    active = view.active == role and view.phase not in (OVER,) and view.phase >= REQUEST
    parts: list[str] = []
    # The name plate: seat colour and number, role, token colour.
    token = TOKEN_FILL[layout.colour]
    plate = [
        svg.title(f"{ROLES[role]}, seat {seat + 1}: makes {COLOURS[layout.colour]} tokens"),
        svg.rect(
            left,
            top,
            TOWN_W,
            24,
            rx=4,
            fill=svg.seat_colour(seat),
            stroke=svg.HIGHLIGHT if active else svg.INK,
            stroke_width=3 if active else 1,
        ),
        svg.circle(left + 13, top + 12, 9, fill="#ffffff", stroke=svg.INK),
        svg.text(
            left + 13, top + 16, seat + 1, font_size=11, font_weight="bold", text_anchor="middle"
        ),
        svg.text(
            left + 28,
            top + 17,
            ROLES[role] + (" (you)" if view.role == role else ""),
            font_size=13,
            font_weight="bold",
            fill=svg.text_colour_on(svg.seat_colour(seat)),
        ),
        svg.rect(left + TOWN_W - 58, top + 4, 54, 16, rx=3, fill=token, stroke=svg.INK),
        svg.text(
            left + TOWN_W - 31,
            top + 16,
            COLOURS[layout.colour],
            font_size=10,
            fill=svg.text_colour_on(token),
            text_anchor="middle",
        ),
    ]
    parts.append(svg.group(plate, data_target=town_key(role)))
    y = top + 30
    facts = [
        f"${town.cash} · legacy {town.legacy}",
        f"water {plant_water(town)}/{capacity(rules, town)}"
        + (f" + {town.reserve} beside" if town.reserve else ""),
    ]
    posts = [ROLES[r] for r in MAYORS if town.posts >> r & 1]
    facts.append("posts: " + (", ".join(posts) if posts else "none"))
    for fact in facts:
        parts.append(svg.text(left, y + 11, fact, font_size=11))
        y += 14
    y += 4
    for row in range(SIDE):
        for column in range(SIDE):
            cell = row * SIDE + column
            parts.append(
                _cell(game, view, role, town, cell, left + column * CELL, y + row * CELL, active)
            )
    for row in range(SIDE):
        parts.append(
            svg.text(
                left - 3,
                y + row * CELL + CELL / 2 + 3,
                row + 1,
                font_size=9,
                fill=svg.MUTED,
                text_anchor="end",
            )
        )
    for column in range(SIDE):
        parts.append(
            svg.text(
                left + column * CELL + CELL / 2,
                y + SIDE * CELL + 11,
                "abcdef"[column],
                font_size=9,
                fill=svg.MUTED,
                text_anchor="middle",
            )
        )
    y += SIDE * CELL + 16
    # The hand: cards drafted or dealt, waiting to be built.
    if town.hand:
        parts.append(svg.text(left, y + 11, "hand", font_size=11))
        y += 14
    for index, (kind_id, paid, due) in enumerate(town.hand):
        kind = rules.kinds[kind_id]
        fill = _fill_of(kind)
        x = left + (index % 2) * (TOWN_W / 2)
        row_y = y + (index // 2) * 20
        note = f"build for ${due}" if due else f"paid ${paid}"
        parts.append(
            svg.group(
                [
                    svg.title(f"{_card_words(kind)}; {note}"),
                    svg.rect(x, row_y, TOWN_W / 2 - 4, 18, rx=3, fill=fill, stroke=svg.INK),
                    svg.text(
                        x + 4,
                        row_y + 13,
                        f"{kind.name}" + (f" ${due}" if due else ""),
                        font_size=10,
                        fill=svg.text_colour_on(fill),
                    ),
                ],
                data_target=hand_key(role, kind.slug),
            )
        )
    y += ((len(town.hand) + 1) // 2) * 20
    notes: list[str] = []
    if town.water_debt:
        notes.append(f"owes {town.water_debt} water")
    if town.idle_next:
        notes.append("facility idle next turn")
    if town.no_draft_next:
        notes.append("no drafting next turn")
    if town.demands_met or town.demands_failed:
        notes.append(f"demands met {town.demands_met}, failed {town.demands_failed}")
    if active:
        turn = view.turn
        own = rules.economy.tokens_per_colour - turn.own_used if turn.fed else 0
        notes.append("facility " + ("fed" if turn.fed else "idle" if turn.idle else "not fed"))
        notes.append(f"own tokens {own}")
        spare = [f"{turn.spare[c]} {COLOURS[c]}" for c in range(3) if turn.spare[c]]
        if spare:
            notes.append("bought " + ", ".join(spare))
        if turn.tax_paid:
            notes.append("tax paid")
        else:
            notes.append(f"tax due ${tax_due(rules, view, role, town, turn.double_tax)}")
    goal_id = view.secrets[role]
    if view.phase == OVER:
        if goal_id != EMPTY:
            notes.append(f"secret goal {rules.secret_goals[goal_id].name}")
        notes.append(f"final score {_score(game, view, role)}")
    elif view.role == role and goal_id != EMPTY:
        goal = rules.secret_goals[goal_id]
        notes.append(f"your secret goal: {goal.name} ({goal.describe(rules)}) +{goal.points}")
    else:
        notes.append("secret goal hidden")
    for note in notes:
        for line in textwrap.wrap(note, 34):
            parts.append(svg.text(left, y + 11, line, font_size=10))
            y += 13
    return parts, y


def render_svg(game: WaterRights, view: View) -> str:
    parts, y = _king(game, view, MARGIN)
    drawn, y = _lines(game, view, y)
    parts.extend(drawn)
    # The river runs from the Senior's town (upstream) past the Riparian's to the Junior's.
    parts.append(svg.rect(MARGIN, y + 4, WIDTH - 2 * MARGIN, 14, rx=7, fill=RIVER))
    parts.append(svg.text(MARGIN + 8, y + 15, "river: upstream", font_size=10, fill="#ffffff"))
    parts.append(
        svg.text(
            WIDTH - MARGIN - 8,
            y + 15,
            "downstream →",
            font_size=10,
            fill="#ffffff",
            text_anchor="end",
        )
    )
    y += 26
    bottom = y
    for index, role in enumerate(MAYORS):
        left = MARGIN + 8 + index * (TOWN_W + GAP)
        drawn, end = _town(game, view, role, left, y)
        parts.extend(drawn)
        bottom = max(bottom, end)
    y = bottom + 8
    if view.phase == OVER:
        parts.append(
            svg.text(
                MARGIN,
                y + 12,
                f"King: final score {_king_score(game, view)}",
                font_size=12,
                font_weight="bold",
            )
        )
        y += LINE
    return svg.document(WIDTH, y + MARGIN, parts, f"Water Rights: {_status(game, view)}")
