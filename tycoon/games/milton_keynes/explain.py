"""Why a well-formed move is not legal: the rule it breaks, in words a player reads."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tycoon.core import Action
from tycoon.core.bitset import set_bits
from tycoon.games.milton_keynes import board as bd
from tycoon.games.milton_keynes import cards as cd
from tycoon.games.milton_keynes.actions import (
    Accept,
    BidPermits,
    Bribe,
    Build,
    Buy,
    ChooseCharacter,
    Decline,
    Demolish,
    Extend,
    Inquiry,
    Lobby,
    LobbyBids,
    Offer,
    Pass,
    PlaceMarsh,
    PlaceRiver,
    Rebid,
    Redevelop,
    Requisition,
    Seal,
    item_key,
)
from tycoon.games.milton_keynes.rules import coloured_in_use, demolishable
from tycoon.games.milton_keynes.state import PHASE_TITLES, Phase, State

if TYPE_CHECKING:
    from tycoon.games.milton_keynes.game import MiltonKeynes

# The phases in which each kind of move is made.
MOVE_PHASES: dict[type[Action], tuple[Phase, ...]] = {
    ChooseCharacter: (Phase.CHARACTERS,),
    PlaceRiver: (Phase.RIVER,),
    PlaceMarsh: (Phase.MARSH,),
    Inquiry: (Phase.BEFORE_COLLECTION,),
    Demolish: (Phase.BEFORE_COLLECTION,),
    Redevelop: (Phase.AFTER_COLLECTION,),
    Pass: (
        Phase.BEFORE_COLLECTION,
        Phase.AFTER_COLLECTION,
        Phase.SALE_LOBBY,
        Phase.PURCHASE,
        Phase.BID_LOBBY,
        Phase.TRADE,
    ),
    Bribe: (Phase.BRIBE,),
    Lobby: (Phase.SALE_LOBBY,),
    Buy: (Phase.PURCHASE,),
    BidPermits: (Phase.PERMIT_BID,),
    LobbyBids: (Phase.BID_LOBBY,),
    Rebid: (Phase.REBID,),
    Offer: (Phase.TRADE,),
    Accept: (Phase.TRADE_REPLY,),
    Decline: (Phase.TRADE_REPLY,),
    Build: (Phase.BUILD,),
    Extend: (Phase.BUILD,),
    Seal: (Phase.BUILD,),
    Requisition: (Phase.REQUISITION,),
}


def explain_illegal(game: MiltonKeynes, state: State, action: Action) -> str:
    phases = MOVE_PHASES.get(type(action), ())
    if state.phase not in phases:
        when = " or ".join(PHASE_TITLES[p] for p in phases)
        return (
            f"{game.format_action(action)!r} is played during {when}; "
            f"now it is {PHASE_TITLES[state.phase]}"
        )
    reason = _reason(game, state, action)
    return reason or f"{game.format_action(action)} is not a legal move now"


def _has_permit(state: State, seat: int, permit: int, reserved: int = 0) -> bool:
    return state.players[seat].permits[permit] > reserved


def _reason(game: MiltonKeynes, state: State, action: Action) -> str | None:
    seat = action.seat
    player = state.players[seat]
    rules = game.rules
    if isinstance(action, Bribe | Lobby):
        if action.amount > player.cash:
            return f"you cannot bribe {action.amount}: you have only {player.cash} in cash"
        if isinstance(action, Lobby) and not _has_permit(state, seat, cd.LOBBY):
            return "you hold no LOBBY permit"
    if isinstance(action, Inquiry):
        if not _has_permit(state, seat, cd.INQUIRY):
            return "you hold no INQUIRY permit"
        return f"your income marker is already at the top of the rail ({rules.economy.rail_top})"
    if isinstance(action, Demolish):
        if not _has_permit(state, seat, cd.DEMOLISH):
            return "you hold no DEMOLISH permit"
        plot = bd.INDEX[action.plot]
        building = state.city.building_at(plot)
        if building is None:
            return f"no building stands on {action.plot}"
        if plot not in demolishable(building):
            return (
                f"{action.plot} is not on the edge of its building: DEMOLISH takes only a block "
                "with at most one internal wall"
            )
        if action.buy:
            if building.owner == seat:
                return "the building is yours: its deed comes back to your hand anyway"
            if state.city.river_all >> plot & 1:
                return "a river deed cannot be taken into a hand: it leaves the game"
            if player.cash < game.rules.economy.demolish_price:
                price = game.rules.economy.demolish_price
                return f"buying the deed costs {price}; you have {player.cash}"
    if isinstance(action, Redevelop):
        if not _has_permit(state, seat, cd.REDEVELOP):
            return "you hold no REDEVELOP permit"
        building = state.city.building_at(bd.INDEX[action.plot])
        if building is None or building.owner != seat:
            return f"you have no building on {action.plot}"
        if bd.LABELS[building.anchor] != action.plot:
            return f"name the building by its first plot, {bd.LABELS[building.anchor]}"
    if isinstance(action, Buy):
        plot = bd.INDEX[action.plot]
        lots = [lot for lot in state.lots if lot >> plot & 1]
        if not lots:
            return f"{action.plot} is in no lot for sale"
        price = game.rules.economy.deed_price * bd.popcount(lots[0])
        if price > player.cash:
            return f"that lot costs {price}; you have {player.cash}"
        first = bd.LABELS[(lots[0] & -lots[0]).bit_length() - 1]
        if first != action.plot:
            return f"name the lot by its first plot, {first}"
    if isinstance(action, BidPermits | LobbyBids | Rebid):
        if isinstance(action, LobbyBids) and not _has_permit(state, seat, cd.LOBBY):
            return "you hold no LOBBY permit"
        if action.left < 0 or action.right < 0:
            return "bids are whole amounts, 0 or more"
        left_slot, right_slot = rules.seat_slots(seat)
        if isinstance(action, Rebid):
            (ll, lh), (rl, rh), total = rules.rebid_bounds(state, seat)
            if not ll <= action.left <= lh or not rl <= action.right <= rh:
                return (
                    f"re-bids lie in {ll}..{lh} (left) and {rl}..{rh} (right): no lower than "
                    "your first bid, never with cash bid on or won from the other permit"
                )
            return f"your re-bids may total at most {total}"
        if action.left + action.right > player.cash:
            return (
                f"your two bids total {action.left + action.right}; you have only "
                f"{player.cash} in cash"
            )
        if action.left and state.slots[left_slot] < 0:
            return "there is no permit on your left: bid 0 there"
        if action.right and state.slots[right_slot] < 0:
            return "there is no permit on your right: bid 0 there"
    if isinstance(action, Offer):
        return _offer_reason(game, state, action)
    if isinstance(action, Accept):
        return "you do not hold everything the offer asks of you"
    if isinstance(action, Build | Extend):
        return _commission_reason(game, state, action)
    if isinstance(action, Requisition):
        return _requisition_reason(game, state, action)
    if (
        isinstance(action, ChooseCharacter)
        and game.catalogue.character_index(action.character) in state.characters
    ):
        return f"{action.character} is already taken"
    if isinstance(action, PlaceRiver):
        return (
            "a river tile goes on an edge first, then next to the last tile (edge or corner), no "
            "right-angle turns, never back towards its starting edge, and must be able to reach "
            "another edge with the tiles left"
        )
    if isinstance(action, PlaceMarsh):
        return (
            "a marsh covers 2x2 plots on the board, touches an edge, and covers no river, marsh "
            "or E9"
        )
    return None


def _offer_reason(game: MiltonKeynes, state: State, action: Offer) -> str | None:
    seat = action.seat
    player = state.players[seat]
    if action.to == seat or not 0 <= action.to < game.players:
        return f"offer to another seat, 1..{game.players}"
    if action.cash > player.cash:
        return f"you offer {action.cash} in cash but have only {player.cash}"
    if -action.cash > game.rules.economy.bank_total - player.cash:
        total = game.rules.economy.bank_total
        return f"nobody can hold {-action.cash} in cash: there are {total} in the game"
    if not action.give and not action.want:
        return "an offer exchanges at least one card (deed or permit), with or without cash"
    for item in action.give:
        if item in bd.INDEX:
            if not player.deeds >> bd.INDEX[item] & 1:
                return f"you do not hold the deed of {item}"
        elif player.permits[cd.PERMIT_INDEX[item]] < action.give.count(item):
            return f"you do not hold {action.give.count(item)} {item}"
    for item in action.want:
        if item in bd.INDEX:
            plot = bd.INDEX[item]
            if player.deeds >> plot & 1:
                return f"you already hold the deed of {item}"
            if state.city.built >> plot & 1 or not game.rules.deeds_in_game(state.city) >> plot & 1:
                return f"no deed of {item} can be in a hand"
        elif action.want.count(item) > game.rules.permit_counts[cd.PERMIT_INDEX[item]]:
            count = game.rules.permit_counts[cd.PERMIT_INDEX[item]]
            return f"the game has only {count} {item} permit{'s' if count > 1 else ''}"
    for side in (action.give, action.want):
        deeds = [item for item in side if item in bd.INDEX]
        if len(set(deeds)) != len(deeds):
            return "an offer names each deed once"
        if list(side) != sorted(side, key=item_key):
            return "list the cards of each side deeds first (by plot), then permits"
    return None


def _commission_reason(game: MiltonKeynes, state: State, action: Build | Extend) -> str | None:
    seat = action.seat
    player = state.players[seat]
    rules = game.rules
    reserved_deeds, reserved_permits, new, extended, reserved_blocks = rules.reserved(state, seat)
    cells = [bd.INDEX[p] for p in action.plots]
    mask = bd.mask_of(cells)
    for p in cells:
        if not player.deeds >> p & 1:
            return f"you do not hold the deed of {bd.LABELS[p]}"
        if reserved_deeds >> p & 1:
            return f"{bd.LABELS[p]} is already in your pouch"
    used = coloured_in_use(state.city)
    if isinstance(action, Build):
        permit = cd.PERMIT_INDEX[action.permit]
        if permit == cd.EXTENSION:
            return "an EXTENSION extends a building: write extend <first plot> with <plots>"
        if not _has_permit(state, seat, permit, reserved_permits[permit]):
            return f"you hold no {action.permit} permit (that is not already in your pouch)"
        if new >= cd.MAX_NEW_BUILDINGS:
            return f"you may commission at most {cd.MAX_NEW_BUILDINGS} new buildings a year"
        kind = cd.KIND_OF_PERMIT[permit]
        limit = cd.KIND_MAX_PLOTS[kind]
        requisition = kind in (cd.AIR_BASE, cd.SEWAGE)
        size = len(cells) + (1 if requisition else 0)
        if size > limit:
            what = "a building" if limit == cd.MAX_PLOTS else f"a {cd.KIND_NAMES[kind]}"
            extra = " with its requisitioned plot" if requisition else ""
            return (
                f"{what} occupies at most {limit} plot{'s' if limit > 1 else ''}{extra} "
                f"(you named {len(cells)})"
            )
        if game.rules.coloured_blocks[kind] >= 0:
            left = game.rules.coloured_blocks[kind] - used[kind] - reserved_blocks[kind]
            if size > left:
                return f"the box has only {left} coloured blocks left for a {cd.KIND_NAMES[kind]}"
        if requisition:
            area = rules.requisition_area(state, seat, permit)
            joined = any(
                bd.is_connected(mask | 1 << r) for r in set_bits(area & bd.neighbourhood(mask))
            )
            if not joined:
                where = "free land plot" if kind == cd.AIR_BASE else "river plot"
                return f"no {where} joins {' '.join(action.plots)} into one building"
            return None
        if not bd.is_connected(mask):
            return f"the plots {' '.join(action.plots)} do not form one joined-up building"
        return None
    if not _has_permit(state, seat, cd.EXTENSION, reserved_permits[cd.EXTENSION]):
        return "you hold no EXTENSION permit (that is not already in your pouch)"
    building = state.city.building_at(bd.INDEX[action.building])
    if building is None or building.owner != seat:
        return f"you have no building on {action.building}"
    if bd.LABELS[building.anchor] != action.building:
        return f"name the building by its first plot, {bd.LABELS[building.anchor]}"
    if building.kind == cd.COMMONS:
        return "a COMMONS is always one plot: it cannot be extended"
    if building.id in extended:
        return "that building already has an EXTENSION in your pouch"
    limit = cd.KIND_MAX_PLOTS[building.kind]
    if len(building.cells) + len(cells) > limit:
        return (
            f"the extended {cd.KIND_NAMES[building.kind]} would have "
            f"{len(building.cells) + len(cells)} plots; at most {limit}"
        )
    if game.rules.coloured_blocks[building.kind] >= 0:
        left = (
            game.rules.coloured_blocks[building.kind]
            - used[building.kind]
            - reserved_blocks[building.kind]
        )
        if len(cells) > left:
            return (
                f"the box has only {left} coloured blocks left for a {cd.KIND_NAMES[building.kind]}"
            )
    if not bd.is_connected(mask | building.mask):
        return "the extension and the building do not form one joined-up building"
    return None


def _requisition_reason(game: MiltonKeynes, state: State, action: Requisition) -> str | None:
    seat = action.seat
    plot = bd.INDEX[action.plot]
    _, item = state.pending[0]
    building = state.city.building_at(plot)
    if building is not None:
        return (
            f"{action.plot} is not free: building #{building.id} "
            f"({cd.KIND_NAMES[building.kind]}) stands there"
        )
    if not game.region >> plot & 1:
        return f"{action.plot} is not in play in a {game.players}-player game"
    if state.players[seat].deeds >> plot & 1:
        return f"you hold the deed of {action.plot}: a requisition takes a plot you do not hold"
    if item.permit == cd.SEWAGE_PERMIT and not state.city.river_all >> plot & 1:
        return "a SEWAGE REPROCESSOR requisitions a river plot"
    if item.permit == cd.AIR_BASE_PERMIT and (state.city.river_all | state.city.marsh) >> plot & 1:
        return "an AIR BASE requisitions a free land plot, not river or marsh"
    if game.rules.named_by(state, seat) >> plot & 1:
        return f"you already requisitioned {action.plot} for another building"
    return (
        f"{action.plot} does not join {' '.join(bd.LABELS[p] for p in item.cells)} into one "
        f"building of at most {cd.MAX_PLOTS} plots"
    )
