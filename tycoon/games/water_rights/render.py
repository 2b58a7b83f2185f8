"""Water Rights as text: the towns, the lines, the King's figures, narration and the final score."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tycoon.core import Action, AmountRange
from tycoon.core.text import escape, plural, styled
from tycoon.games.water_rights.actions import (
    Collect,
    Destroy,
    Done,
    Draft,
    Feed,
    Fill,
    Post,
    Request,
    Supply,
)
from tycoon.games.water_rights.catalogue import (
    CELL_INDEX,
    CELL_NAMES,
    COLOURS,
    KING,
    MAYORS,
    ROLES,
    SIDE,
    CardKind,
)
from tycoon.games.water_rights.rules import (
    BuildChoices,
    capacity,
    pays_for_water,
    plant_water,
    tax_due,
    water_price,
)
from tycoon.games.water_rights.state import (
    BUILD,
    DRAFT,
    EMPTY,
    N_BUILD,
    N_BURST,
    N_DEMAND,
    N_DEMAND_FAILED,
    N_DEMAND_MET,
    N_DESTROY,
    N_DRAFT,
    N_END,
    N_EVENT,
    N_FEED,
    N_FILL,
    N_GOAL,
    N_INCOME,
    N_KING_TURN,
    N_LINES,
    N_MAYOR_TURN,
    N_PENALTY,
    N_POST,
    N_RAIN,
    N_RECYCLE,
    N_REFILL,
    N_REQUEST,
    N_RESHUFFLE,
    N_RETURN,
    N_ROLL,
    N_ROUND,
    N_SKIP,
    N_SUPPLY,
    N_TAX,
    N_TAX_CHANGE,
    N_TAXED,
    N_WATER_PRICE,
    OVER,
    PHASE_NAMES,
    REQUEST,
    View,
)

if TYPE_CHECKING:
    from tycoon.games.water_rights.game import WaterRights

COLOUR_STYLES = ("green", "red", "yellow", "bright_black")
TERRAIN_GLYPHS = {"G": ("  ,  ", "green"), "L": ("  .  ", "yellow"), "W": (" ~~~ ", "blue")}


def _colour_names(mask: int) -> str:
    names = [COLOURS[c] for c in range(3) if mask >> c & 1]
    return " and ".join(names) if names else "none yet"


def _card(kind: CardKind) -> str:
    if kind.is_plant:
        return styled(kind.name, "blue")
    return styled(kind.name, COLOUR_STYLES[kind.colour])


def _card_details(kind: CardKind) -> str:
    if kind.is_plant:
        return f"holds {kind.capacity}" + (", recycles" if kind.recycles else "")
    tokens = "+".join(COLOURS[c] for c in kind.tokens) or "no tokens"
    extra = f", +{kind.points} pts" if kind.points else ""
    return f"{kind.water} water, {tokens} -> ${kind.income}{extra}"


def render_view(game: WaterRights, view: View) -> str:
    rules = game.rules
    economy = rules.economy
    lines: list[str] = []
    if view.phase == OVER:
        heading = f"Water Rights - game over after round {view.round}"
    else:
        heading = (
            f"Water Rights - round {view.round} of {economy.rounds} - "
            f"{ROLES[view.active]}'s turn: {PHASE_NAMES[view.phase]}"
        )
    lines.append(styled(heading, "bold"))
    king = "automated King" if game.automated else "King"
    lines.append(
        f"{king}: treasury {styled('$' + str(view.treasury), 'bold')} - water bank "
        f"{styled(str(view.bank), 'bold blue')} - tax ${view.tax_dollars} per "
        f"{view.tax_tiles} same-colour tiles on {_colour_names(view.tax_colours)} - water "
        f"${view.water_dollars} per {view.water_units} units (rounded up)"
    )
    if view.event != EMPTY:
        event = rules.events[view.event]
        lines.append(
            f"Round card (roll {view.roll}): {styled('Event ' + event.name, 'bold cyan')} - "
            f"{escape(event.text)}"
        )
    elif view.demand != EMPTY:
        demand = rules.demands[view.demand]
        lines.append(
            f"Round card (roll {view.roll}): {styled('Demand ' + demand.name, 'bold magenta')}"
            f" - {escape(demand.text)}"
        )
    goals = []
    for goal_id, owner in zip(view.bonus, view.bonus_owner, strict=True):
        goal = rules.bonus_goals[goal_id]
        who = "open" if owner == EMPTY else ROLES[owner]
        goals.append(f"{goal.name} ({goal.describe(rules)}) +{goal.points} [{who}]")
    lines.append("Bonus goals: " + escape("; ".join(goals)))
    for role, goal_id in enumerate(view.secrets):
        if goal_id != EMPTY and (view.role == role or view.phase == OVER):
            goal = rules.secret_goals[goal_id]
            whose = "Your" if view.role == role else f"{ROLES[role]}'s"
            lines.append(
                f"{whose} secret goal: {goal.name} - {escape(goal.describe(rules))} +{goal.points}"
            )
    lines.append("")
    lines.append(
        _render_line(game, "District line", view.district_line, economy.district_surcharges)
    )
    lines.append(_render_line(game, "Plant line   ", view.plant_line, economy.plant_surcharges))
    lines.append(
        f"Decks: {view.district_deck_size} districts, {view.plant_deck_size} plants, "
        f"{view.event_deck_size} events, {view.demand_deck_size} demands (order hidden)"
    )
    for role in MAYORS:
        lines.append("")
        lines.extend(_render_town(game, view, role))
    lines.append("")
    lines.extend(render_legend(game))
    return "\n".join(lines)


def render_legend(game: WaterRights) -> list[str]:
    """The key to the town grids, in the grids' own styles: terrain, the facility, plants
    (code, water/capacity) and every district code by colour."""
    rules = game.rules
    kinds = rules.kinds
    terrain = "   ".join(
        f"{styled(glyph.strip(), style)} {name}"
        for glyph, style, name in (
            (*TERRAIN_GLYPHS["G"], "grass"),
            (*TERRAIN_GLYPHS["L"], "land"),
            (*TERRAIN_GLYPHS["W"], "water source"),
        )
    )
    plant = max((kinds[k] for k in rules.plant_ids), key=lambda k: k.capacity)
    district = kinds[rules.district_ids[0]]
    lines = [
        styled("Key:", "bold")
        + f" {terrain}   {styled('[F]', 'bold')} the town's facility (its own tokens)",
        f"     {styled(f'{plant.code}5/{plant.capacity}', 'bold blue')} a water plant: its code, "
        f"the water on it / what it holds   {styled(district.code, COLOUR_STYLES[district.colour])}"
        f" a district ({styled(district.code + '*', COLOUR_STYLES[district.colour])} supplied "
        "this turn)",
        "     plants: "
        + ", ".join(
            f"{styled(kinds[k].code, 'bold blue')} {kinds[k].name}" for k in rules.plant_ids
        ),
    ]
    for colour, name in enumerate(COLOURS):
        codes = [kinds[k] for k in rules.district_ids if kinds[k].colour == colour]
        if codes:
            lines.append(
                f"     {name} districts: "
                + ", ".join(f"{styled(k.code, COLOUR_STYLES[colour])} {k.name}" for k in codes)
            )
    return lines


def _render_line(
    game: WaterRights, title: str, line: tuple[int, ...], surcharges: tuple[int, ...]
) -> str:
    parts = []
    for i, card in enumerate(line):
        if card == EMPTY:
            parts.append(f"{i + 1}: (empty, +${surcharges[i]})")
            continue
        kind = game.rules.kinds[card]
        parts.append(
            f"{i + 1}: {_card(kind)} ${kind.cost}+${surcharges[i]}=${kind.cost + surcharges[i]}"
            f" {escape('(' + _card_details(kind) + ')')}"
        )
    return f"{title}: " + " | ".join(parts)


def _render_town(game: WaterRights, view: View, role: int) -> list[str]:
    rules = game.rules
    layout = rules.town(role)
    town = view.towns[role - 1]
    active = view.active == role and view.phase not in (OVER,) and view.phase >= REQUEST
    turn = view.turn if active else None
    posts = [ROLES[r] for r in MAYORS if town.posts >> r & 1]
    title = f"{ROLES[role]} ({COLOURS[layout.colour]} {layout.token})"
    if view.role == role:
        title += " - you"
    header = (
        f"{styled(title, 'bold ' + COLOUR_STYLES[layout.colour])}: ${town.cash} - legacy cards "
        f"{town.legacy} - water in plants {plant_water(town)}/{capacity(rules, town)}"
        + (f" + {town.reserve} beside the town" if town.reserve else "")
        + f" - trading posts: {', '.join(posts) or 'none'}"
    )
    out = [header]
    out.append("     " + "".join(f"  {c}  " for c in "abcdef"))
    for row in range(SIDE):
        cells = []
        for col in range(SIDE):
            cell = row * SIDE + col
            cells.append(_render_cell(game, view, role, cell, turn is not None))
        out.append(f"  {row + 1}  " + "".join(cells))
    if town.hand:
        hand = []
        for kind_id, paid, due in town.hand:
            kind = rules.kinds[kind_id]
            note = f"build for ${due}" if due else f"paid ${paid}"
            hand.append(f"{_card(kind)} {escape('(' + note + ')')}")
        out.append("  hand: " + ", ".join(hand))
    flags = []
    if town.water_debt:
        flags.append(f"owes {town.water_debt} water after the next request")
    if town.idle_next:
        flags.append("facility idle next turn")
    if town.no_draft_next:
        flags.append("no drafting next turn")
    if town.no_income_next:
        flags.append(f"no {_colour_names(town.no_income_next)} income next turn")
    if town.demands_failed or town.demands_met:
        flags.append(f"demands met {town.demands_met}, failed {town.demands_failed}")
    if flags:
        out.append("  " + "; ".join(flags))
    if turn is not None:
        own = rules.economy.tokens_per_colour - turn.own_used if turn.fed else 0
        spare = ", ".join(f"{turn.spare[c]} {COLOURS[c]}" for c in range(3) if turn.spare[c])
        due = tax_due(rules, view, role, town, turn.double_tax)
        status = [
            "facility " + ("fed" if turn.fed else "idle (penalty)" if turn.idle else "not fed"),
            f"own tokens left {own}",
        ]
        if spare:
            status.append(f"bought tokens left {spare}")
        status.append("tax paid" if turn.tax_paid else f"tax due ${due}")
        if turn.no_draft:
            status.append("no drafting this turn")
        out.append("  this turn: " + "; ".join(status) + " (* = supplied)")
    return out


def _render_cell(game: WaterRights, view: View, role: int, cell: int, active: bool) -> str:
    rules = game.rules
    layout = rules.town(role)
    town = view.towns[role - 1]
    if cell == layout.facility:
        return styled(" [F] ", "bold " + COLOUR_STYLES[layout.colour])
    card = town.cells[cell]
    if card == EMPTY:
        glyph, style = TERRAIN_GLYPHS[layout.terrain[cell]]
        return styled(glyph, style)
    kind = rules.kinds[card]
    if kind.is_plant:
        text = f"{kind.code}{town.water[cell]}/{kind.capacity}"
        return styled(f"{text:<5}", "bold blue")
    mark = "*" if active and view.turn.supplied >> cell & 1 else " "
    return styled(f"{kind.code}{mark} ", COLOUR_STYLES[kind.colour])


# -- moves --------------------------------------------------------------------------------------


def describe_legal(game: WaterRights, view: View, legal: Sequence[Any]) -> list[str]:
    rules = game.rules
    economy = rules.economy
    out: list[str] = []
    if isinstance(legal, BuildChoices):
        town = view.towns[view.active - 1]
        for slug, cells in legal.builds():
            kind = rules.kinds[rules.by_slug[slug]]
            where = " ".join(CELL_NAMES[c] for c in cells)
            out.append(f"build {slug} CELL  - {kind.name} on one of: {where}")
        for action in legal.others():
            if isinstance(action, Fill):
                cell = CELL_INDEX[action.cell]
                kind = rules.kinds[town.cells[cell]]
                amount = kind.capacity - town.water[cell]
                if action.legacy:
                    cost = "play a legacy card to lift the event's cap (free)"
                elif pays_for_water(town):
                    cost = f"for ${water_price(view, amount)}"
                else:
                    cost = "free while you hold a legacy card"
                out.append(
                    f"{game.format_action(action)}  - request exactly the {amount} water that "
                    f"fill the {kind.name} just built on {action.cell}, {cost}"
                )
            elif isinstance(action, Post):
                out.append(f"post {action.target}  - trading post, ${economy.post_cost}")
            elif isinstance(action, Destroy):
                cell = CELL_INDEX[action.cell]
                kind = rules.kinds[town.cells[cell]]
                refund = town.paid[cell] // economy.destroy_refund_divisor
                out.append(f"destroy {action.cell}  - sell {kind.name} to the King for ${refund}")
            else:
                out.append("done  - end building")
        return out
    for choice in legal:
        if isinstance(choice, AmountRange):
            template = choice.template
            if isinstance(template, Request) and template.legacy:
                out.append(
                    f"request N legacy  - N from {choice.low} to {choice.high}: play a legacy "
                    "card to lift the event's cap (free)"
                )
            elif choice.high == 0:
                out.append("request 0  - take no water (the cap allows none without a legacy card)")
            else:
                town = view.towns[view.active - 1]
                cost = (
                    f"pay ${view.water_dollars} per {view.water_units} units, rounded up"
                    if town.legacy == 0
                    else "free while you hold a legacy card"
                )
                out.append(f"request N  - N from {choice.low} to {choice.high} water ({cost})")
            continue
        action = choice
        text = game.format_action(action)
        if isinstance(action, Draft):
            line = view.district_line if action.line == "district" else view.plant_line
            surcharges = (
                economy.district_surcharges
                if action.line == "district"
                else economy.plant_surcharges
            )
            kind = rules.kinds[line[action.slot - 1]]
            total = kind.cost + surcharges[action.slot - 1]
            out.append(
                f"{text}  - {kind.name} for ${total} {escape('(' + _card_details(kind) + ')')}"
            )
        elif isinstance(action, Supply):
            town = view.towns[view.active - 1]
            kind = rules.kinds[town.cells[CELL_INDEX[action.cell]]]
            out.append(f"{text}  - {kind.name}: {escape(_card_details(kind))}")
        elif isinstance(action, Feed):
            out.append(
                f"{text}  - give the facility {economy.facility_water} water for "
                f"{economy.tokens_per_colour} own tokens this turn"
            )
        elif isinstance(action, Destroy):
            town = view.towns[view.active - 1]
            cell = CELL_INDEX[action.cell]
            kind = rules.kinds[town.cells[cell]]
            refund = town.paid[cell] // economy.destroy_refund_divisor
            out.append(
                f"{text}  - sell {kind.name} (not supplied: it earns nothing this turn) to the "
                f"King for ${refund}"
            )
        elif isinstance(action, Collect):
            out.append(f"{text}  - collect income, then discard, refill and pay tax")
        elif isinstance(action, Done):
            label = {DRAFT: "end drafting", BUILD: "end building"}.get(view.phase, "end the turn")
            out.append(f"{text}  - {label}")
        else:
            out.append(text)
    return out


def describe_action(game: WaterRights, action: Action) -> str:
    return game.format_action(action)


# -- narration ----------------------------------------------------------------------------------


def narrate(game: WaterRights, before: View, action: Action, after: View) -> list[str]:
    """Sentences for what happened in one step, from the news in the viewer's view (public)."""
    rules = game.rules
    kinds = rules.kinds
    out: list[str] = []
    for item in after.news:
        code = item[0]
        if code == N_ROUND:
            out.append(styled(f"Round {item[1]} begins.", "bold"))
        elif code == N_KING_TURN:
            out.append("The King's turn.")
        elif code == N_REFILL:
            out.append(f"The King's water bank fills by {item[1]} to {item[2]}.")
        elif code == N_ROLL:
            odd_demand = rules.economy.odd_roll_draws_demand
            draws = "a Demand" if (item[1] % 2 == 1) == odd_demand else "an Event"
            out.append(f"The King rolls {item[1]}: {draws} card.")
        elif code == N_EVENT:
            event = rules.events[item[1]]
            out.append(f"Event: {styled(event.name, 'bold cyan')} - {escape(event.text)}")
        elif code == N_DEMAND:
            demand = rules.demands[item[1]]
            out.append(f"Demand: {styled(demand.name, 'bold magenta')} - {escape(demand.text)}")
        elif code == N_RESHUFFLE:
            out.append(f"The {'demand' if item[1] else 'event'} discards are shuffled into a deck.")
        elif code == N_RAIN:
            out.append(f"Heavy rain: the {ROLES[item[1]]}'s plants gain {item[2]} water.")
        elif code == N_BURST:
            out.append(
                f"A pipe bursts: the {ROLES[item[1]]} loses {item[3]} water from the plant on "
                f"{CELL_NAMES[item[2]]}."
            )
        elif code == N_TAXED:
            out.append(f"Taxed colours: {_colour_names(item[1])}.")
        elif code == N_TAX_CHANGE:
            out.append(f"Tax rate: ${item[1]} per {item[2]} same-colour district tiles.")
        elif code == N_WATER_PRICE:
            out.append(f"Water price: ${item[1]} per {item[2]} units.")
        elif code == N_MAYOR_TURN:
            out.append(styled(f"The {ROLES[item[1]]}'s turn.", "bold"))
        elif code == N_PENALTY:
            what = ("the facility is idle", "no drafting", "")[item[2]]
            if item[2] == 2:
                what = f"no income from {_colour_names(item[3])} districts"
            out.append(f"Penalty for the {ROLES[item[1]]} this turn: {what}.")
        elif code == N_SKIP:
            reason = "a penalty" if item[3] else "nothing to do"
            out.append(f"The {ROLES[item[1]]} skips {PHASE_NAMES[item[2]]} ({reason}).")
        elif code == N_REQUEST and item[2] == 0:
            out.append(f"The {ROLES[item[1]]} requests no water.")
        elif code == N_REQUEST:
            how = "playing a legacy card" if item[4] else f"for ${item[3]}" if item[3] else "free"
            out.append(f"The {ROLES[item[1]]} takes {item[2]} water from the King's bank, {how}.")
        elif code == N_FILL:
            how = "playing a legacy card" if item[5] else f"for ${item[4]}" if item[4] else "free"
            out.append(
                f"The {ROLES[item[1]]} takes {item[3]} water from the King's bank to fill the "
                f"plant just built on {CELL_NAMES[item[2]]}, {how}."
            )
        elif code == N_RETURN:
            out.append(f"The {ROLES[item[1]]} returns {item[2]} water to the King (penalty).")
        elif code == N_DRAFT:
            out.append(f"The {ROLES[item[1]]} drafts {_card(kinds[item[2]])} for ${item[3]}.")
        elif code == N_BUILD:
            paid = f" for ${item[4]}" if item[4] else ""
            out.append(
                f"The {ROLES[item[1]]} builds {_card(kinds[item[2]])} on "
                f"{CELL_NAMES[item[3]]}{paid}."
            )
        elif code == N_POST:
            out.append(
                f"The {ROLES[item[1]]} builds a trading post with the {ROLES[item[2]]} "
                f"for ${item[3]}."
            )
        elif code == N_DESTROY:
            out.append(
                f"The {ROLES[item[1]]} destroys {_card(kinds[item[2]])} on {CELL_NAMES[item[3]]} "
                f"and sells it to the King for ${item[4]}."
            )
        elif code == N_FEED:
            out.append(f"The {ROLES[item[1]]} feeds the facility {item[2]} water.")
        elif code == N_SUPPLY:
            bought = f", buying tokens for ${item[5]}" if item[5] else ""
            out.append(
                f"The {ROLES[item[1]]} supplies {_card(kinds[item[2]])} on {CELL_NAMES[item[3]]} "
                f"({item[4]} water{bought})."
            )
        elif code == N_INCOME:
            out.append(
                f"The {ROLES[item[1]]} collects ${item[2]} from "
                f"{plural(item[3], 'supplied district')}."
            )
        elif code == N_DEMAND_MET:
            demand = rules.demands[item[2]]
            out.append(f"The {ROLES[item[1]]} meets the demand {demand.name}.")
        elif code == N_DEMAND_FAILED:
            demand = rules.demands[item[2]]
            paid = f" (pays ${item[3]})" if item[3] else ""
            out.append(
                f"The {ROLES[item[1]]} fails the demand {demand.name}: penalty{paid} - "
                f"{escape(demand.text)}"
            )
        elif code == N_RECYCLE:
            out.append(f"The {ROLES[item[1]]}'s recycling plants refill {item[2]} water.")
        elif code == N_TAX:
            short = f" (of ${item[3]} due)" if item[2] != item[3] else ""
            out.append(f"The {ROLES[item[1]]} pays ${item[2]} tax to the King{short}.")
        elif code == N_GOAL:
            goal = rules.bonus_goals[item[2]]
            out.append(f"The {ROLES[item[1]]} claims the bonus goal {goal.name} (+{goal.points}).")
        elif code == N_LINES:
            out.append(
                f"The King moves the lines up: {plural(item[1], 'new district')}, "
                f"{plural(item[2], 'new plant')}."
            )
        elif code == N_END:
            why = "the district supply ran out" if item[1] else "the last round is over"
            out.append(styled(f"The game ends: {why}.", "bold"))
    if after.phase != OVER and (after.phase, after.active) != (before.phase, before.active):
        out.append(f"Now: the {ROLES[after.active]}'s {PHASE_NAMES[after.phase]}.")
    return out


# -- the end ------------------------------------------------------------------------------------


def explain_outcome(game: WaterRights, state: Any) -> str:
    outcome = game.outcome(state)
    if outcome is None:
        return "the game is not over"
    rules = game.rules
    scores = game.scores(state)
    lines = [styled(f"Game over: {outcome.reason}.", "bold")]
    for seat in range(game.players):
        role = game.role_of_seat[seat]
        parts = scores[role]
        goal_id = state.secrets[role]
        secret = ""
        if goal_id != EMPTY:
            goal = rules.secret_goals[goal_id]
            reached = "reached" if parts["secret"] else "missed"
            secret = (
                f"secret goal {goal.name} ({goal.describe(rules)}) {reached}: +{parts['secret']}"
            )
        if role == KING:
            detail = (
                f"treasury ${state.treasury} / {rules.economy.king_score_divisor} = "
                f"{parts['money']}; {secret}; tie-break: water bank {parts['tiebreak']}"
            )
        else:
            detail = (
                f"cash ${parts['money']}; bonus goals +{parts['bonus']}; {secret}; grey districts "
                f"+{parts['grey']}; tie-break: water in plants {parts['tiebreak']}"
            )
        lines.append(
            f"{styled(ROLES[role], 'bold')}: {parts['total']} points "
            f"(rank {outcome.ranks[seat]}) - " + escape(detail)
        )
    if game.automated:
        king = scores[KING]
        lines.append(
            f"(The automated King, not a seat, ends with treasury ${state.treasury}: "
            f"{king['total']} points.)"
        )
    winners = " and ".join(game.seat_name(s) for s in outcome.winners)
    lines.append(styled(f"Winner: {winners}.", "bold green"))
    return "\n".join(lines)
