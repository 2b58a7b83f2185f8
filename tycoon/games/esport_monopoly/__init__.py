"""Esport Monopoly (ESL's re-themed Monopoly), the current UK rules, exactly.

Implements: 2-8 players; dice, doubles and three doubles to jail; GO salary; buying at the listed
price or an open auction opening at £1; rent for events (doubled on an unmortgaged full group),
fan stands and arenas, festivals (1-4 owned) and ESL shops (4x or 10x the dice); taxes; every
card of the current (and classic) Chance and Company Mail decks; jail (fine, card or doubles
within three turns); even building and selling, the arena exchange, building-shortage auctions,
mortgages (+10% to lift), deals (unimproved deeds, cash, jail cards) with the 10% fee on
mortgaged deeds, debt and bankruptcy to a player or to the bank; a turn cap for simulation.

Out-of-turn play happens in a window before every roll (see ``Rules.window_seats``); the rulings
followed and every choice made are listed in docs/esport-monopoly.md.

Version history:
  1  first version.
  2  a deal must buy or sell a deed or a Get Out of Jail Free card (cash alone is refused).
"""

from __future__ import annotations

from tycoon.core import register
from tycoon.core.players import register_bot
from tycoon.games.esport_monopoly.bots import make_greedy
from tycoon.games.esport_monopoly.game import EsportMonopoly

register(EsportMonopoly)
register_bot(
    "greedy",
    make_greedy,  # type: ignore[arg-type]
    "buys, bids up to a value, builds on full groups, mortgages to survive, trades for groups",
    game=EsportMonopoly.spec.name,
    params=("reserve", "deals", "noise"),
    rank=10,
)

__all__ = ["EsportMonopoly"]
