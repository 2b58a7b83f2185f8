"""Game-agnostic players and the seat-code registry (bots for one game live with that game)."""

from tycoon.bots import ismcts as _ismcts
from tycoon.bots.ismcts import IsmctsBot, Search
from tycoon.bots.random_bot import RandomBot
from tycoon.core.players import Bot, BotEntry, bots_for, make_bot, parse_seat_code, register_bot

__all__ = [
    "Bot",
    "IsmctsBot",
    "BotEntry",
    "RandomBot",
    "Search",
    "bots_for",
    "make_bot",
    "parse_seat_code",
    "register_bot",
]

_ismcts.register()
