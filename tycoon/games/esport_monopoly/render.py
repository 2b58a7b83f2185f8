"""Text faces: the board, the legal moves grouped for a person, and narration of each step
(dice, cards, rents, payments) worked out from the events the step left on the table."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tycoon.core import Action, AmountRange
from tycoon.core.text import escape, plain, plural, styled
from tycoon.games.esport_monopoly import actions as A
from tycoon.games.esport_monopoly.board import DECK_TITLES, EVENT, FESTIVAL, SHOP, Board
from tycoon.games.esport_monopoly.state import (
    ARENA,
    BANK,
    POT,
    TURN_CAP,
    Auction,
    Buy,
    Choice,
    Deal,
    Fee,
    Manage,
    Pay,
    Place,
    State,
    Table,
    View,
    Window,
)

if TYPE_CHECKING:
    from tycoon.games.esport_monopoly.game import EsportMonopoly

GROUP_STYLES = {
    "brown": "#a0522d",
    "lightblue": "#5fd7ff",
    "pink": "#ff5fd7",
    "orange": "#ff8700",
    "red": "red",
    "yellow": "yellow",
    "green": "green",
    "darkblue": "#5f87ff",
    "festival": "bold",
    "shop": "cyan",
}
SEAT_STYLES = (
    "bold red",
    "bold blue",
    "bold green",
    "bold magenta",
    "bold yellow",
    "bold cyan",
    "bold white",
    "bold #ff8700",
)


def buildings(level: int) -> str:
    if level == 5:
        return "an arena"
    if level == 0:
        return "no fan stand"
    return f"{level} fan stand{'s' if level > 1 else ''}"


def square_name(board: Board, square: int) -> str:
    return f"{board.names[square]} ({square})"


def styled_square(board: Board, square: int) -> str:
    group = board.group[square]
    if group < 0:
        return escape(board.names[square])
    return styled(board.names[square], GROUP_STYLES.get(board.group_keys[group], "bold"))


def who(game: EsportMonopoly, seat: int) -> str:
    if seat == BANK:
        return "the bank"
    if seat == POT:
        return "the Free Parking pot"
    return game.seat_name(seat)


def styled_seat(game: EsportMonopoly, seat: int) -> str:
    return styled(game.seat_name(seat), SEAT_STYLES[seat % len(SEAT_STYLES)])


def expected(game: EsportMonopoly, t: Table, seat: int) -> str:
    """What the game is waiting for, in a phrase."""
    board = game.board
    if t.over:
        return "the game is over"
    top = t.stack[-1]
    active = game.seat_name(t.active)
    if isinstance(top, Window):
        if t.jail[t.active]:
            return f"{active} is in jail: roll for doubles, pay £{board.jail_fine} or use a card"
        return f"{active} is about to roll (anyone may build, mortgage, deal or wait)"
    if isinstance(top, Buy):
        deed, price = square_name(board, top.square), board.price[top.square]
        return f"{active} may buy {deed} for £{price} or auction it"
    if isinstance(top, Auction):
        if top.building:
            lot = "a fan stand" if top.building == 1 else "an arena"
        else:
            lot = square_name(board, top.lot)
        high = f"£{top.high} by {game.seat_name(top.leader)}" if top.leader >= 0 else "no bid yet"
        return f"the auction of {lot} ({high}): {game.seat_name(top.order[top.at])} to bid or pass"
    if isinstance(top, Pay):
        return (
            f"{game.seat_name(top.payer)} owes £{top.amount} to {who(game, top.payee)} and has "
            f"£{t.cash[top.payer]}: sell buildings or mortgage"
        )
    if isinstance(top, Manage):
        return f"{game.seat_name(top.seat)} chooses a build, sale, mortgage or lift (or back)"
    if isinstance(top, Deal):
        if top.sent:
            return f"{game.seat_name(top.partner)} accepts or rejects the deal"
        return f"{game.seat_name(top.proposer)} writes a deal with {game.seat_name(top.partner)}"
    if isinstance(top, Fee):
        deeds = ", ".join(square_name(board, s) for s in top.squares)
        fees = sum(board.fee[s] for s in top.squares)
        return (
            f"{game.seat_name(top.seat)} received mortgaged {deeds}: repay mortgages now "
            f"(value + 10%) or keep them mortgaged paying 10% (£{fees} for all)"
        )
    if isinstance(top, Place):
        return f"{game.seat_name(top.seat)} places the building won at auction"
    assert isinstance(top, Choice)
    return f"{game.seat_name(top.seat)} pays £{top.amount} or takes a Chance"


def describe_deal(game: EsportMonopoly, t: Table, d: Deal) -> str:
    board = game.board

    def side(squares: tuple[int, ...], cards: int) -> list[str]:
        parts = [
            square_name(board, s) + (" [mortgaged]" if (t.mortgaged >> s) & 1 else "")
            for s in squares
        ]
        parts += [f"{DECK_TITLES[k]} jail card" for k in (0, 1) if (cards >> k) & 1]
        return parts

    gives = side(d.give, d.give_cards)
    takes = side(d.take, d.take_cards)
    if d.cash > 0:
        gives.append(f"£{d.cash}")
    elif d.cash < 0:
        takes.append(f"£{-d.cash}")
    p, q = game.seat_name(d.proposer), game.seat_name(d.partner)
    return f"{p} gives {', '.join(gives) or 'nothing'}; {q} gives {', '.join(takes) or 'nothing'}"


def render_text(game: EsportMonopoly, view: View) -> str:
    board = game.board
    t = view.table
    n = game.players
    lines: list[str] = []
    tokens: dict[int, list[str]] = {}
    for seat in range(n):
        if (t.alive >> seat) & 1:
            tokens.setdefault(t.position[seat], []).append(
                styled(str(seat + 1), SEAT_STYLES[seat % len(SEAT_STYLES)])
            )
    cells: list[str] = []
    for square in range(40):
        name = styled_square(board, square)
        info = ""
        kind = board.kinds[square]
        if kind in (EVENT, FESTIVAL, SHOP):
            owner = t.owner[square]
            if owner < 0:
                info = f"£{board.price[square]}"
            else:
                info = styled(f"P{owner + 1}", SEAT_STYLES[owner % len(SEAT_STYLES)])
                level = t.level[square]
                if level == 5:
                    info += " " + styled("ARENA", "bold")
                elif level:
                    info += " " + "▮" * level
                if (t.mortgaged >> square) & 1:
                    info += " " + styled("mortgaged", "dim")
                elif kind == SHOP:
                    both = (t.holdings[owner] & board.group_mask[board.shop_group]).bit_count()
                    info += f" rent {board.shop_multipliers[both - 1]}x dice"
                else:
                    info += f" rent £{game.rules.rent_of(t, square, 0)}"
        elif board.tax[square]:
            info = f"pay £{board.tax[square]}"
        elif square == 20 and t.pot:
            info = f"pot £{t.pot}"
        token = " ".join(tokens.get(square, []))
        if square == board.jail_square:
            jailed = [s for s in range(n) if (t.alive >> s) & 1 and t.jail[s]]
            if jailed:
                token += " in jail: " + " ".join(str(s + 1) for s in jailed)
        cells.append(
            f"{square:2} {name}" + (f" {info}" if info else "") + (f" « {token}" if token else "")
        )
    lines.append(styled("Esport Monopoly", "bold") + f" — turn {t.turn + 1}")
    width = max(len(plain(c)) for c in cells[:20]) + 3
    for left, right in zip(cells[:20], cells[20:], strict=True):
        lines.append(left + " " * (width - len(plain(left))) + right)
    lines.append("")
    lines.append(styled("Players", "bold"))
    for seat in range(n):
        name = styled_seat(game, seat)
        if not (t.alive >> seat) & 1:
            lines.append(f"  {name}: bankrupt")
            continue
        deeds = [s for s in range(40) if t.owner[s] == seat]
        mark = "▶ " if seat == t.active else "  "
        extra = []
        if t.jail[seat]:
            extra.append(f"in jail (roll {t.jail[seat]} of {board.jail_turns})")
        if t.cards[seat]:
            extra.append(plural(t.cards[seat].bit_count(), "jail card"))
        extra.append(f"net worth £{game.rules.net_worth(t, seat)}")
        lines.append(
            f"{mark}{name}: £{t.cash[seat]}, on {escape(board.names[t.position[seat]])}, "
            f"{plural(len(deeds), 'deed')}; " + ", ".join(extra)
        )
    lines.append(
        f"Bank: {t.stands} fan stands, {t.arenas} arenas"
        + (f"; Free Parking pot £{t.pot}" if t.pot else "")
    )
    if t.dice != (0, 0):
        lines.append(f"Last roll: {t.dice[0]} + {t.dice[1]}")
    if view.seat is not None and (t.alive >> view.seat) & 1:
        mine = [s for s in range(40) if t.owner[s] == view.seat]
        if mine:
            parts = []
            for s in mine:
                part = f"{styled_square(board, s)} ({s})"
                if t.level[s]:
                    part += f" {buildings(t.level[s])}"
                if (t.mortgaged >> s) & 1:
                    part += " mortgaged"
                parts.append(part)
            lines.append(f"Your deeds: {', '.join(parts)}")
    for claim in t.claims:
        lines.append(
            f"Rent not yet asked for: {game.seat_name(claim.payer)} owes "
            f"{game.seat_name(claim.owner)} £{claim.amount} for "
            f"{escape(square_name(board, claim.square))}"
        )
    top = t.stack[-1] if t.stack else None
    if isinstance(top, Deal):
        lines.append("Deal: " + escape(describe_deal(game, t, top)))
    if t.over:
        lines.append(styled("The game is over.", "bold"))
    else:
        lines.append(styled("Now: ", "bold") + escape(expected(game, t, view.seat or 0)))
    return "\n".join(lines)


def describe_choice(board: Board, action: Action) -> str:
    text = A.format_action(action)
    square = getattr(action, "square", None)
    if square is not None:
        return f"{text} ({board.names[square]})"
    return text


def describe_legal(game: EsportMonopoly, view: View, legal: Sequence[Any]) -> list[str]:
    board = game.board
    groups: dict[str, list[str]] = {}
    order = ("turn", "deal", "build", "sell", "mortgage", "lift", "other")
    t = view.table
    for choice in legal:
        if isinstance(choice, AmountRange):
            template = choice.template
            word = "bid" if isinstance(template, A.Bid) else "cash"
            note = " (you pay; negative: they pay you)" if word == "cash" else ""
            groups.setdefault("turn", []).append(
                f"{word} N  (N from {choice.low} to {choice.high}){note}"
            )
            continue
        action: Action = choice
        if isinstance(action, A.Build):
            cost = A.format_action(action)
            label = f"{cost} ({board.names[action.square]}, £{board.stand_cost[action.square]})"
            groups.setdefault("build", []).append(label)
        elif isinstance(action, A.Sell):
            half = board.stand_cost[action.square] * board.sale_percent // 100
            label = f"{describe_choice(board, action)[:-1]}, +£{half})"
            groups.setdefault("sell", []).append(label)
        elif isinstance(action, A.SellAll):
            members = board.group_members[board.group[action.square]]
            total = sum(
                t.level[s] * board.stand_cost[s] * board.sale_percent // 100 for s in members
            )
            label = f"{describe_choice(board, action)[:-1]}, the whole group, +£{total})"
            groups.setdefault("sell", []).append(label)
        elif isinstance(action, A.Mortgage):
            label = f"{describe_choice(board, action)[:-1]}, +£{board.mortgage[action.square]})"
            groups.setdefault("mortgage", []).append(label)
        elif isinstance(action, A.Lift):
            label = f"{describe_choice(board, action)[:-1]}, £{board.lift[action.square]})"
            groups.setdefault("lift", []).append(label)
        elif isinstance(action, A.OpenDeal | A.Give | A.Take | A.GiveCard | A.TakeCard):
            groups.setdefault("deal", []).append(describe_choice(board, action))
        elif isinstance(action, A.BuyDeed):
            top = t.stack[-1]
            price = f" (£{board.price[top.square]})" if isinstance(top, Buy) else ""
            groups.setdefault("turn", []).append("buy" + price)
        else:
            groups.setdefault("turn", []).append(describe_choice(board, action))
    lines = []
    titles = {
        "turn": "Moves",
        "deal": "Deal",
        "build": "Build",
        "sell": "Sell",
        "mortgage": "Mortgage",
        "lift": "Lift a mortgage",
        "other": "Other",
    }
    for key in order:
        if key in groups:
            lines.append(f"{titles[key]}: " + " | ".join(escape(x) for x in groups[key]))
    return lines


def describe_action(game: EsportMonopoly, action: Action) -> str:
    board = game.board
    return escape(describe_choice(board, action))


def narrate_event(game: EsportMonopoly, t: Table, event: tuple[Any, ...]) -> str | None:
    board = game.board
    tag = event[0]
    name = game.seat_name
    if tag == "turn":
        return f"{name(event[1])}'s turn."
    if tag == "again":
        return f"{name(event[1])} rolled doubles and rolls again."
    if tag in ("roll", "dice"):
        seat, d1, d2 = event[1:4]
        double = " (doubles)" if d1 == d2 else ""
        return f"{name(seat)} rolls {d1} + {d2} = {d1 + d2}{double}."
    if tag == "move":
        return f"{name(event[1])} moves to {square_name(board, event[2])}."
    if tag == "salary":
        return f"{name(event[1])} collects £{event[2]} salary at GO."
    if tag == "pay":
        payer, payee, amount, square = event[1:5]
        if payer == BANK:
            return f"{name(payee)} collects £{amount} from the bank."
        if square >= 0 and payee >= 0:
            deed = square_name(board, square)
            return f"{name(payer)} pays £{amount} rent to {name(payee)} for {deed}."
        return f"{name(payer)} pays £{amount} to {who(game, payee)}."
    if tag == "owed":
        payer, owner, amount, square = event[1:5]
        return (
            f"{name(payer)} owes {name(owner)} £{amount} rent for {square_name(board, square)} "
            "if they ask before the next roll."
        )
    if tag == "claim":
        return f"{name(event[1])} asks {name(event[2])} for £{event[3]} rent."
    if tag == "card":
        seat, deck, index = event[1:4]
        card = game.decks[deck][index]
        return f"{name(seat)} draws {DECK_TITLES[deck]}: “{card.text}”"
    if tag == "jail":
        return f"{name(event[1])} goes to jail."
    if tag == "free":
        how = {
            "fine": f"pays the £{board.jail_fine} fine",
            "card": "uses a Get Out of Jail Free card",
            "doubles": "rolls doubles",
            "third": f"fails a third time and must pay £{board.jail_fine}",
        }[str(event[2])]
        return f"{name(event[1])} {how} and leaves jail."
    if tag == "pot":
        return f"{name(event[1])} collects the Free Parking pot of £{event[2]}."
    if tag == "buy":
        return f"{name(event[1])} buys {square_name(board, event[2])} for £{event[3]}."
    if tag == "auction":
        lot = (
            square_name(board, event[1])
            if not event[2]
            else ("a fan stand" if event[2] != ARENA else "an arena") + " (building shortage)"
        )
        return f"Auction of {lot}: bidding opens at £1."
    if tag == "bid":
        return f"{name(event[1])} bids £{event[2]}."
    if tag == "out":
        return f"{name(event[1])} passes."
    if tag == "won":
        return f"{name(event[1])} wins {square_name(board, event[2])} for £{event[3]}."
    if tag == "won-building":
        what = "an arena" if event[2] == ARENA else "a fan stand"
        return f"{name(event[1])} buys {what} for £{event[3]}."
    if tag == "unsold":
        return "Nobody bids: the lot stays with the bank."
    if tag == "build":
        return (
            f"{name(event[1])} builds on {square_name(board, event[2])}: now {buildings(event[3])}."
        )
    if tag == "sell":
        return (
            f"{name(event[1])} sells a building on {square_name(board, event[2])} for £{event[4]}: "
            f"now {buildings(event[3])}."
        )
    if tag == "sellall":
        group = board.group_titles[board.group[event[2]]]
        return f"{name(event[1])} sells every building of the {group} group for £{event[3]}."
    if tag == "mortgage":
        return f"{name(event[1])} mortgages {square_name(board, event[2])} for £{event[3]}."
    if tag == "lift":
        deed = square_name(board, event[2])
        return f"{name(event[1])} lifts the mortgage on {deed} for £{event[3]}."
    if tag == "offer":
        return f"{name(event[1])} offers {name(event[2])} a deal."
    if tag == "deal":
        verb = "accepts" if event[3] else "rejects"
        return f"{name(event[2])} {verb} the deal from {name(event[1])}."
    if tag == "fee":
        deeds = ", ".join(square_name(board, s) for s in event[2])
        return f"{name(event[1])} keeps {deeds} mortgaged and pays £{event[3]} (10% of each value)."
    if tag == "bankrupt":
        debtor, creditor, squares, cards = event[1:5]
        line = f"{name(debtor)} is bankrupt to {who(game, creditor)} and leaves the game!"
        count = cards.bit_count()
        jail_cards = f"{count} Get Out of Jail Free card{'s' if count > 1 else ''}"
        deeds = ", ".join(square_name(board, s) for s in squares)
        if creditor >= 0:
            given = [f"{deeds} (mortgaged)"] if squares else []
            if count:
                given.append(jail_cards)
            if given:
                line += f" {name(creditor)} receives {' and '.join(given)}."
        else:
            if squares:
                line += f" The bank auctions {deeds}, unmortgaged."
            if count == 1:
                line += " Its Get Out of Jail Free card goes under its pile."
            elif count:
                line += " Its Get Out of Jail Free cards go under their piles."
        return line
    if tag == "winner":
        return f"{name(event[1])} is the last player standing and wins!"
    if tag == "cap":
        return f"The turn cap ({event[1]} player-turns) is reached: the game stops."
    return None


def narrate(game: EsportMonopoly, before: View, action: Action, after: View) -> list[str]:
    t = after.table
    lines: list[str] = []
    if isinstance(action, A.Offer):
        top = t.stack[-1] if t.stack else None
        if isinstance(top, Deal):
            lines.append("The offer: " + escape(describe_deal(game, t, top)))
    if isinstance(action, A.Accept):
        top = before.table.stack[-1]
        if isinstance(top, Deal):
            lines.append("Terms: " + escape(describe_deal(game, before.table, top)))
    for event in t.events:
        line = narrate_event(game, t, event)
        if line:
            lines.append(escape(line))
    if t.stack and isinstance(t.stack[-1], Pay):
        lines.append(escape(expected(game, t, t.active)))
    return lines


def explain_outcome(game: EsportMonopoly, state: State) -> str:
    outcome = game.outcome(state)
    if outcome is None:
        return "the game is not over"
    t = state.table
    lines = [outcome.reason]
    for seat in sorted(range(game.players), key=lambda s: outcome.ranks[s]):
        if (t.alive >> seat) & 1:
            worth = game.rules.net_worth(t, seat)
            deeds = bin(t.holdings[seat]).count("1")
            lines.append(
                f"{outcome.ranks[seat]}. {game.seat_name(seat)}: net worth £{worth} "
                f"(cash £{t.cash[seat]}, {plural(deeds, 'deed')})"
            )
        else:
            out = t.eliminated.index(seat) + 1
            lines.append(f"{outcome.ranks[seat]}. {game.seat_name(seat)}: bankrupt (out #{out})")
    if t.over == TURN_CAP:
        lines.append(
            "Net worth: cash, deeds at their price (mortgaged ones at the mortgage value), "
            "buildings at cost, jail cards at £50."
        )
    return "\n".join(lines)
