"""How Milton Keynes looks as text: the 9x9 map, the players, the legal moves, what happened, and
the final scoring. Everything works from views (never a state), so nothing shown can leak.
Text carries Rich-style markup built with :mod:`tycoon.core.text`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tycoon.core import Action, AmountRange
from tycoon.core.text import escape, plural, styled
from tycoon.games.milton_keynes import board as bd
from tycoon.games.milton_keynes import cards as cd
from tycoon.games.milton_keynes.actions import (
    BidPermits,
    Bribe,
    Build,
    Demolish,
    Extend,
    Inquiry,
    Lobby,
    LobbyBids,
    Offer,
    Pass,
    Rebid,
    Redevelop,
    Seal,
)
from tycoon.games.milton_keynes.legal import ListSet, OfferSet, PairSet
from tycoon.games.milton_keynes.scoring import walls
from tycoon.games.milton_keynes.state import PHASE_TITLES, SEASONS, Phase
from tycoon.games.milton_keynes.view import View

if TYPE_CHECKING:
    from tycoon.games.milton_keynes.game import MiltonKeynes
    from tycoon.games.milton_keynes.state import State

RIVER_STYLE = "bold blue"
MARSH_STYLE = "green"
EMPTY_STYLE = "dim"
LOT_STYLE = "bold reverse"
CELL = 3


def offer_text(offer: Offer) -> str:
    give = list(offer.give) + ([f"${offer.cash}"] if offer.cash > 0 else [])
    want = list(offer.want) + ([f"${-offer.cash}"] if offer.cash < 0 else [])
    return f"{' '.join(give) or 'nothing'} for {' '.join(want) or 'nothing'}"


def blocks_text(game: MiltonKeynes, blocks: Sequence[int]) -> str:
    return ", ".join(f"{game.seat_name(seat)} {b}" for seat, b in enumerate(blocks))


def player_label(game: MiltonKeynes, view: View, seat: int) -> str:
    character = view.characters[seat]
    name = game.seat_name(seat)
    if character >= 0:
        name += f" ({game.characters[character].name})"
    return styled(name, f"bold {game.player_colour(view, seat)}")


def _cell(text: str, style: str) -> str:
    return styled(text.center(CELL), style)


def building_code(kind: int, owner: int) -> str:
    """A building on the map: its kind letter and its owner's seat number, ``D:2`` — never the
    letter-and-digit shape of a plot label."""
    return f"{cd.KIND_LETTERS[kind]}:{owner + 1}"


def deed_code(plot: int) -> str:
    """One of the viewer's own deeds on the map: ``+B1`` (the mark shows without colour too)."""
    return "+" + bd.LABELS[plot]


def permits_shown(hand: tuple[int, ...]) -> str:
    """A hand of permits, the CHAV ESTATE cards named as such with their actions:
    ``3 CHAV ESTATEs (2x INQUIRY, LOBBY), DUMP``."""
    chav = tuple(count if p in cd.CHAV_CARDS else 0 for p, count in enumerate(hand))
    other = tuple(0 if p in cd.CHAV_CARDS else count for p, count in enumerate(hand))
    parts = []
    if sum(chav):
        count = sum(chav)
        name = "CHAV ESTATE" if count == 1 else f"{count} CHAV ESTATEs"
        parts.append(f"{name} ({cd.permits_text(chav)})")
    if sum(other):
        parts.append(cd.permits_text(other))
    return ", ".join(parts) if parts else "none"


def render_map(game: MiltonKeynes, view: View) -> list[str]:
    owner_of: dict[int, tuple[int, int, int]] = {}
    for b in view.buildings:
        for p in b.cells:
            owner_of[p] = (b.owner, b.kind, b.id)
    lot_of = {p: i for i, lot in enumerate(view.lots) for p in lot}
    river = set(view.river_all)
    marsh = set(view.marsh)
    hand = set(view.hand_deeds)
    lines = ["    " + " ".join(str(c + 1).center(CELL) for c in range(bd.COLUMNS))]
    for r, row in enumerate(bd.ROWS):
        cells = []
        for c in range(bd.COLUMNS):
            p = r * bd.COLUMNS + c
            if p == bd.MISSING:
                cells.append(_cell("###", "dim"))
            elif p in owner_of:
                owner, kind, _ = owner_of[p]
                cells.append(
                    _cell(building_code(kind, owner), f"bold {game.player_colour(view, owner)}")
                )
            elif p in river:
                cells.append(_cell("~~~", RIVER_STYLE))
            elif p in marsh:
                cells.append(_cell("mmm", MARSH_STYLE))
            elif p in lot_of:
                cells.append(_cell(f"L{lot_of[p] + 1}", LOT_STYLE))
            elif p in hand and view.seat is not None:
                cells.append(
                    _cell(deed_code(p), f"underline {game.player_colour(view, view.seat)}")
                )
            elif not game.region >> p & 1:
                cells.append(" " * CELL)
            else:
                cells.append(_cell("·", EMPTY_STYLE))
        lines.append(f" {row}  " + " ".join(cells))
    return lines


def render_text(game: MiltonKeynes, view: View) -> str:
    lines: list[str] = []
    phase = Phase[view.phase.upper()]
    season = (
        f", {SEASONS[view.season]}"
        if phase in (Phase.BRIBE, Phase.SALE_LOBBY, Phase.PURCHASE)
        else ""
    )
    lines.append(
        styled(f"Milton Keynes — year {view.year}{season}: {PHASE_TITLES[phase]}", "bold")
        + f"   deed deck {view.deed_deck} · permit deck {view.permit_deck}"
    )
    lines.extend(render_map(game, view))
    lines.extend(legend_lines(game, view))
    if view.buildings:
        lines.append(styled("Buildings", "bold"))
        for b, income in zip(view.buildings, view.incomes, strict=True):
            cells = " ".join(bd.LABELS[p] for p in b.cells)
            code = styled(
                building_code(b.kind, b.owner), f"bold {game.player_colour(view, b.owner)}"
            )
            lines.append(
                f"  #{b.id} {code} {cd.KIND_NAMES[b.kind]} of "
                f"{player_label(game, view, b.owner)}: {cells} — income {income}"
            )
    lines.append(styled("Developers", "bold"))
    for seat in range(view.players):
        known = [bd.LABELS[p] for p in view.known_deeds[seat]]
        known_text = f" (known: {' '.join(known)})" if known and seat != view.seat else ""
        permits_known = permits_shown(view.known_permits[seat])
        permits_text = (
            f" (known: {permits_known})" if seat != view.seat and permits_known != "none" else ""
        )
        cash = f"cash {view.cash}" if seat == view.seat else "cash hidden"
        status = ""
        if view.sealed is not None and seat in view.sealed.seats:
            status = " · committed" if seat in view.sealed.committed else " · deciding"
        lines.append(
            f"  {player_label(game, view, seat)}: income rail {view.markers[seat]} "
            f"(roundabout {view.floors[seat]}), {plural(view.blocks[seat], 'block')} on the map; "
            f"{cash}; "
            f"{plural(view.deed_counts[seat], 'deed')}{known_text}, "
            f"{plural(view.permit_counts[seat], 'permit')}{permits_text}{status}"
        )
    if view.seat is not None:
        deeds = " ".join(bd.LABELS[p] for p in view.hand_deeds) or "none"
        lines.append(
            styled("Your hand", "bold")
            + f": deeds {deeds}; permits {permits_shown(view.hand_permits)}; cash {view.cash}"
        )
    lines.extend(_phase_lines(game, view, phase))
    return "\n".join(lines)


def legend_lines(game: MiltonKeynes, view: View) -> list[str]:
    """What the map's cells mean; every sample is drawn as on the map."""
    kinds = "  ".join(
        f"{letter} {name.lower()}"
        for letter, name in zip(cd.KIND_LETTERS, cd.KIND_NAMES, strict=True)
    )
    owner = view.seat if view.seat is not None else 0
    sample = styled(building_code(cd.DUMP, owner), f"bold {game.player_colour(view, owner)}")
    marks = [
        styled("·", EMPTY_STYLE) + " free plot",
        styled("L1", LOT_STYLE) + " lot for sale",
        styled("~~~", RIVER_STYLE) + " river",
        styled("mmm", MARSH_STYLE) + " marsh",
        styled("###", "dim") + " E9, no plot",
    ]
    if view.seat is not None:
        own = view.hand_deeds[0] if view.hand_deeds else bd.INDEX["G7"]
        deed = styled(deed_code(own), f"underline {game.player_colour(view, view.seat)}")
        marks.insert(0, f"{deed} your deed")
    lines = [
        f"Map: {sample} a building, its kind and owner (here a DUMP of {game.seat_name(owner)})",
        f"     kinds: {kinds}",
        "     " + "  ".join(marks),
    ]
    cells = range(len(bd.ROWS) * bd.COLUMNS)
    if any(not game.region >> p & 1 for p in cells if p != bd.MISSING):
        # Fewer players play on part of the map: the rest is left blank.
        lines.append(f"     blank squares: off the {game.players}-player map")
    return lines


def _phase_lines(game: MiltonKeynes, view: View, phase: Phase) -> list[str]:
    lines = []
    if view.lots:
        price = game.rules.economy.deed_price
        shown = ", ".join(
            f"L{i + 1} {'+'.join(bd.LABELS[p] for p in lot)} ({price * len(lot)})"
            for i, lot in enumerate(view.lots)
        )
        lines.append(f"Lots for sale: {shown}")
    if view.bribes and phase in (Phase.SALE_LOBBY, Phase.PURCHASE):
        lines.append(
            "Bribes: " + ", ".join(f"{game.seat_name(s)} {view.bribes[s]}" for s in view.order)
        )
    if phase in (Phase.PERMIT_BID, Phase.BID_LOBBY, Phase.REBID) and view.slots:
        for k, permit in enumerate(view.slots):
            if permit < 0:
                continue
            a, b = game.rules.slot_pair(k)
            bid = ""
            if view.bids:
                bid = f" — bids {view.bids[a][0]} / {view.bids[b][1]}"
            lines.append(
                f"Permit {cd.permit_title(permit)} between {game.seat_name(a)} (its left) and "
                f"{game.seat_name(b)} (its right){bid}"
            )
    if view.sealed is not None and view.seat is not None and view.sealed.own is not None:
        own = view.sealed.own
        if phase == Phase.BRIBE:
            lines.append(f"Your sealed bribe: {own}")
        elif phase in (Phase.PERMIT_BID, Phase.REBID):
            lines.append(f"Your sealed bids (left/right): {own[0]}/{own[1]}")
    if view.offer is not None:
        lines.append(
            f"Offer from {game.seat_name(view.offer.seat)} to {game.seat_name(view.offer.to)}: "
            f"{offer_text(view.offer)}"
        )
    pouch = view.draft
    if (
        view.sealed is not None
        and view.sealed.own is not None
        and phase in (Phase.BUILD, Phase.REQUISITION)
    ):
        pouch = view.sealed.own
    if view.seat is not None and pouch and phase in (Phase.BUILD, Phase.REQUISITION):
        lines.append("Your pouch: " + "; ".join(commission_text(view, item) for item in pouch))
    lines.extend(_requisition_lines(game, view))
    if view.ended:
        lines.append(styled(f"Game over: {view.ended}", "bold"))
    return lines


def _requisition_lines(game: MiltonKeynes, view: View) -> list[str]:
    """The plots named so far and by whom; the viewer's own also with their commission (the
    other pouches are still closed)."""
    lines = []
    own = iter(plot_item for plot_item in view.own_claims if plot_item[1] >= 0)
    for seat, plot in view.claims:
        if seat == view.seat:
            item, _ = next(own)
            lines.append(
                f"You requisition {bd.LABELS[plot]} for your {commission_text(view, item)}"
            )
        else:
            lines.append(f"{game.seat_name(seat)} requisitions {bd.LABELS[plot]}")
    for item, plot in view.own_claims:
        if plot < 0:
            lines.append(
                f"Your {commission_text(view, item)} finds no free plot: it goes back to your hand"
            )
    if view.requisitioner >= 0:
        if view.requisitioner == view.seat and view.own_pending:
            item = view.own_pending[0]
            lines.append(f"Name the plot your {commission_text(view, item)} requisitions")
        else:
            lines.append(f"{game.seat_name(view.requisitioner)} names a plot to requisition")
    return lines


def commission_text(view: View, item: Any) -> str:
    cells = " ".join(bd.LABELS[p] for p in item.cells)
    if item.extends >= 0:
        return f"EXTENSION of #{item.extends} with {cells}"
    return f"{cd.permit_title(item.permit)} {cells}"


def describe_legal(game: MiltonKeynes, view: View, legal: Sequence[Any]) -> list[str]:
    lines: list[str] = []
    phase = Phase[view.phase.upper()]
    if isinstance(legal, OfferSet):
        lines.append("pass  (no offer)")
        seats = ", ".join(str(t + 1) for t in legal.targets)
        give = " ".join(legal.give_items) or "no cards"
        lines.append(
            f"offer <seat> <cards and $cash you give> for <cards and $cash you want>  "
            f"(seats {seats}; any number of cards a side, at least one card in all; "
            "cash on one side only)"
        )
        lines.append(f"    you can give: {give}, up to ${legal.cash_high}")
        lines.append("    you can ask for: any deed not built on, any permits, cash")
        lines.append(
            "    e.g. offer 2 G7 $3 for LOBBY · offer 3 $10 for H2 H3 · "
            "offer 2 DUMP G7 for LOBBY C4"
        )
        return lines
    if isinstance(legal, PairSet):
        if legal.extra is not None:
            lines.append(game.format_action(legal.extra) + _note(legal.extra, phase))
        probe = legal.kind(legal.seat, 0, 0)
        word = {BidPermits: "bid", LobbyBids: "lobby", Rebid: "rebid"}[type(probe)]
        left_slot, right_slot = game.rules.seat_slots(legal.seat)
        parts = []
        for name, slot, low, high in (
            ("left", left_slot, legal.left_low, legal.left_high),
            ("right", right_slot, legal.right_low, legal.right_high),
        ):
            if view.slots and view.slots[slot] >= 0:
                a, b = game.rules.slot_pair(slot)
                other = b if a == legal.seat else a
                parts.append(
                    f"{name} {low}..{high} for {cd.permit_title(view.slots[slot])} "
                    f"(shared with {game.seat_name(other)})"
                )
            else:
                parts.append(f"{name} 0")
        lines.append(
            f"{word} <left> <right>: " + "; ".join(parts) + f"; together at most {legal.total}"
        )
        return lines
    if isinstance(legal, ListSet):
        groups: dict[str, list[str]] = {}
        for action in legal.actions:
            if isinstance(action, Build):
                permit = cd.PERMIT_INDEX[action.permit]
                key = f"build {action.permit}"
                if permit in cd.CHAV_CARDS:
                    key += f"  (a CHAV ESTATE, spending its {action.permit} card)"
                groups.setdefault(key, []).append(game.format_action(action))
            elif isinstance(action, Extend):
                groups.setdefault(f"extend {action.building}", []).append(
                    game.format_action(action)
                )
            else:
                lines.append(game.format_action(action) + _note(action, phase))
        for key, moves in groups.items():
            note = key[key.index("  ") :] if "  " in key else ""
            if len(moves) <= 6:
                lines.extend(move + note for move in moves)
            else:
                word = key[: len(key) - len(note)]
                lines.append(
                    f"{word} ... : {len(moves)} choices, e.g. " + ", ".join(moves[:4]) + note
                )
        return lines
    for choice in legal:
        if isinstance(choice, AmountRange):
            word = game.format_action(choice.template).split()[0]
            note = f"  (play a CHAV ESTATE for its LOBBY: a new bribe, 0..{choice.high})"
            if not isinstance(choice.template, Lobby):
                note = f"  (0..{choice.high})"
            lines.append(f"{word} <amount>{note}")
        else:
            lines.append(game.format_action(choice) + _note(choice, phase))
    return lines


PASS_NOTES = {
    Phase.BEFORE_COLLECTION: "  (play nothing more: collect your cash)",
    Phase.AFTER_COLLECTION: "  (no REDEVELOP)",
    Phase.SALE_LOBBY: "  (keep your bribe)",
    Phase.BID_LOBBY: "  (keep your bids)",
    Phase.PURCHASE: "  (buy nothing now)",
    Phase.TRADE: "  (no offer)",
}


CHAV_NOTES: dict[type[Action], str] = {
    Inquiry: "  (play a CHAV ESTATE for its INQUIRY: +5 on the income rail this year)",
    Demolish: "  (play a CHAV ESTATE for its DEMOLISH)",
    Redevelop: "  (play a CHAV ESTATE for its REDEVELOP)",
}


def _note(action: Action, phase: Phase) -> str:
    if type(action) in CHAV_NOTES:
        return CHAV_NOTES[type(action)]
    if isinstance(action, Seal):
        return "  (seal your pouch as it is)"
    if isinstance(action, Pass):
        return PASS_NOTES.get(phase, "")
    return ""


def describe_action(game: MiltonKeynes, action: Action, viewer: int | None) -> str:
    if viewer != action.seat:
        if isinstance(action, Bribe):
            return "has sealed a bribe"
        if isinstance(action, BidPermits):
            return "has sealed permit bids"
        if isinstance(action, Rebid):
            return "has sealed a re-bid"
        if isinstance(action, Build | Extend):
            return "puts a commission in the pouch"
        if isinstance(action, Seal):
            return "has sealed the commission pouch"
    return escape(game.format_action(action))


def narrate(game: MiltonKeynes, before: View, action: Action, after: View) -> list[str]:
    return [escape(line) for line in after.log]


def explain_outcome(game: MiltonKeynes, state: State) -> str:
    outcome = game.outcome(state)
    if outcome is None:
        return "the game is not over"
    view = game.observe(state, None)
    lines = [
        f"Game over after {state.year} years: {state.ended}. Most income blocks wins; ties on cash."
    ]
    order = sorted(range(game.players), key=lambda s: outcome.ranks[s])
    for seat in order:
        buildings = [
            (b, income)
            for b, income in zip(state.city.buildings, state.city.incomes, strict=True)
            if b.owner == seat
        ]
        lines.append(
            f"{outcome.ranks[seat]}. {player_label(game, view, seat)}: "
            f"{state.city.blocks[seat]} income blocks, cash {state.players[seat].cash}"
        )
        for b, income in buildings:
            index = state.city.buildings.index(b)
            detail = ", ".join(
                w.describe()
                for w in walls(state.city.buildings, state.city.river, state.city.marsh, index)
                if w.value
            )
            lines.append(
                f"     #{b.id} {cd.KIND_NAMES[b.kind]} {' '.join(bd.LABELS[p] for p in b.cells)}: "
                f"{income}" + (f" ({escape(detail)})" if detail else "")
            )
    return "\n".join(lines)
