"""Whole deals for the search to weigh as one choice (``EsportMonopoly.search_plans``).

Writing a deal is many choices (``deal P``, ``give N``, ``take N``, ``cash N``, ``offer``), too
deep for a search of a few hundred iterations to find item by item. At a decision where a deal can
start (the seat's own pre-roll window, or its management menu, with no deal written this turn),
the planner lists a few complete deals from what the seat sees, each as the steps that write it:

- for each colour group split between the seat and one rival (every deed owned, no buildings),
  the rival's deeds there **bought**: for cash alone, or swapped for the seat's deeds completing
  one of the rival's groups; and the seat's deeds there **sold** to the rival;
- for each colour group the seat holds part of, shared with two rivals or more (or with
  deeds still unowned besides one rival or more), one rival's share there **gathered** for cash,
  a step towards the whole group;
- each at the cash a partner reasoning as ``greedy`` does would accept: the least it accepts
  (the most it pays), and ``greedy``'s own price where that differs (``greedy``'s own proposal is
  among them). The partner's rule is modelled from public facts only (deeds, mortgages, cash).

The search values each deal with the partner answering by the policy and plays the chosen one out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tycoon.core import Action, SeededRng
from tycoon.core.bitset import set_bits
from tycoon.games.esport_monopoly import actions as A
from tycoon.games.esport_monopoly.state import Manage, Table, Window

if TYPE_CHECKING:
    from tycoon.games.esport_monopoly.bots import GreedyBot
    from tycoon.games.esport_monopoly.game import EsportMonopoly

MAX_PLANS = 6  # the deals offered at one decision, the seat's best by greedy's reckoning first

Deal = tuple[int, tuple[int, ...], tuple[int, ...], int]  # partner, give, take, cash paid


def deal_plans(game: EsportMonopoly, t: Table, seat: int) -> list[tuple[Action, ...]]:
    """The deals ``seat`` may write now, each as its steps from this decision (see the module)."""
    top = t.stack[-1]
    if (t.dealt >> seat) & 1 or not t.alive & ~(1 << seat) or not (t.alive >> seat) & 1:
        return []
    prefix: tuple[Action, ...]
    if type(top) is Window and seat == t.active and not t.claims:
        prefix = (A.OpenManage(seat),)
    elif type(top) is Manage and top.seat == seat:
        prefix = ()
    else:
        return []
    scorer = game.deal_scorer()
    deals = candidate_deals(game, scorer, t, seat)
    chosen: list[Deal] = []
    own = greedy_deal(scorer, t, seat, deals)
    if own is not None:
        chosen.append(own)
    deals = [d for d in deals if accepts(scorer, t, seat, d)]
    scored = sorted(deals, key=lambda d: -scorer.deal_score(t, seat, d[0], d[2], d[1], -d[3]))
    for deal in scored:
        if len(chosen) >= MAX_PLANS:
            break
        if deal not in chosen:
            chosen.append(deal)
    plans: list[tuple[Action, ...]] = []
    for partner, give, take, pay in chosen:
        steps: list[Action] = [*prefix, A.OpenDeal(seat, partner)]
        steps += [A.Give(seat, s) for s in give]
        steps += [A.Take(seat, s) for s in take]
        if pay:
            steps.append(A.Cash(seat, pay))
        steps.append(A.Offer(seat))
        plans.append(tuple(steps))
    return plans


def candidate_deals(game: EsportMonopoly, scorer: GreedyBot, t: Table, seat: int) -> list[Deal]:
    """Every deal of the module's kinds, priced so that a ``greedy`` partner accepts it."""
    board = game.board
    level = t.level
    improved = 0  # squares of groups with buildings (not tradeable)
    for members, mask, _ in board.colour_groups:
        if any(level[s] for s in members):
            improved |= mask
    held = t.holdings[seat]
    free = held & ~improved
    deals: list[Deal] = []
    for group, partner, take in scorer.tables.of(t.owner)[seat]:
        mask = board.group_mask[group]
        if not (t.alive >> partner) & 1 or mask & improved:
            continue
        theirs = t.holdings[partner]
        gives: list[tuple[int, ...]] = []  # swaps first, then cash alone (greedy's order)
        for other in scorer.tables.build_order:
            omask = board.group_mask[other]
            need = omask & ~theirs
            if other != group and need != omask and need and need & free == need:
                gives.append(tuple(set_bits(need)))
        gives.append(())
        for give in gives:  # buying the partner's share of the group
            deals += priced(game, scorer, t, seat, partner, give, take)
        mine = tuple(set_bits(held & mask))  # selling the seat's share to the partner
        deals += priced(game, scorer, t, seat, partner, mine, ())
    owner = t.owner
    for members, mask, _ in board.colour_groups:
        if not held & mask or mask & improved or held & mask == mask:
            continue
        rivals = {owner[s] for s in members if owner[s] != seat}
        if len(rivals) < 2:
            continue  # unowned deeds left, or one rival: bought whole above
        for rival in sorted(rivals):  # gathering: one rival's share, a step towards the group
            if rival >= 0 and (t.alive >> rival) & 1:
                take = tuple(s for s in members if owner[s] == rival)
                deals += priced(game, scorer, t, seat, rival, (), take)
    return deals


def greedy_deal(scorer: GreedyBot, t: Table, seat: int, deals: list[Deal]) -> Deal | None:
    """``greedy``'s own proposal among ``deals`` (its first, in their order, that buys deeds at
    its own price within its reserve and that it values above nothing), ``None`` if none: what
    ``GreedyBot.find_deal`` proposes, but for the refused offers it remembers."""
    board = scorer.board
    for deal in deals:
        partner, give, take, pay = deal
        if not take:
            continue
        value = scorer.deal_score(t, partner, seat, give, take, 0)
        own = 1 - value if value <= 0 else -min(value // 2, t.cash[partner])
        if pay != own or pay > t.cash[seat] - scorer.reserve:
            continue
        fees = sum(board.fee[s] for s in take if (t.mortgaged >> s) & 1)
        if pay + fees > t.cash[seat] or scorer.deal_score(t, seat, partner, take, give, -pay) <= 0:
            continue
        return deal
    return None


def priced(
    game: EsportMonopoly,
    scorer: GreedyBot,
    t: Table,
    seat: int,
    partner: int,
    give: tuple[int, ...],
    take: tuple[int, ...],
) -> list[Deal]:
    """``give`` for ``take`` with the cash a ``greedy`` partner accepts: the least it accepts,
    and ``greedy``'s own price where that differs; none the seat cannot pay."""
    board = game.board
    value = scorer.deal_score(t, partner, seat, give, take, 0)
    least = max(1 - value, -t.cash[partner])
    own = 1 - value if value <= 0 else -min(value // 2, t.cash[partner])
    partner_fees = sum(board.fee[s] for s in give if (t.mortgaged >> s) & 1)
    my_fees = sum(board.fee[s] for s in take if (t.mortgaged >> s) & 1)
    deals: list[Deal] = []
    for pay in (least, own) if own != least else (least,):
        if (pay != own or not take) and (value + pay <= 0 or t.cash[partner] + pay < partner_fees):
            continue  # refused (greedy's own purchase is kept, as greedy may offer it)
        if pay + my_fees > t.cash[seat]:
            continue  # unaffordable
        deals.append((partner, give, take, pay))
    return deals


def accepts(scorer: GreedyBot, t: Table, seat: int, deal: Deal) -> bool:
    """Whether a ``greedy`` partner accepts ``deal`` from ``seat`` (``GreedyBot.likes``)."""
    partner, give, take, pay = deal
    fees = sum(scorer.board.fee[s] for s in give if (t.mortgaged >> s) & 1)
    if t.cash[partner] + pay < fees:
        return False
    return scorer.deal_score(t, partner, seat, give, take, pay) > 0


def seeded_scorer(game: EsportMonopoly) -> GreedyBot:
    """A ``greedy`` bot used only for its deal reckoning (which reads no seat of its own)."""
    from tycoon.games.esport_monopoly.bots import GreedyBot

    return GreedyBot(game, 0, SeededRng(0), {})


__all__ = ["accepts", "candidate_deals", "deal_plans", "greedy_deal", "priced", "seeded_scorer"]
