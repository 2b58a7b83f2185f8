"""Bots off the event loop: a worker function that sees a seat's view and legal choices only.

The worker runs in a process pool. It keeps each table's bots alive between calls (a bot may
remember what it planned), keyed by table and seat; the master sends every call of one table to
the same worker process so that memory is found again. A bot never receives the state.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from tycoon.core import Game, SeededRng, make
from tycoon.core.players import Bot, make_bot

CACHE_SIZE = 2_000

_games: OrderedDict[tuple[str, int, str], Game[Any, Any, Any]] = OrderedDict()
_bots: OrderedDict[tuple[str, int, str], Bot] = OrderedDict()


def _remember(cache: OrderedDict[Any, Any], key: Any, value: Any) -> None:
    cache[key] = value
    cache.move_to_end(key)
    while len(cache) > CACHE_SIZE:
        cache.popitem(last=False)


def _game(
    name: str, players: int, options_key: str, options: dict[str, Any]
) -> Game[Any, Any, Any]:
    key = (name, players, options_key)
    game = _games.get(key)
    if game is None:
        game = make(name, players, **options)
        _remember(_games, key, game)
    else:
        _games.move_to_end(key)
    return game


def choose(
    table_id: str,
    game_name: str,
    players: int,
    options_key: str,
    options: dict[str, Any],
    code: str,
    seat: int,
    bot_seed: int,
    view: Any,
    legal: Sequence[Any],
) -> str:
    """The bot's move, in the game's notation, chosen from ``view`` and ``legal`` alone."""
    game = _game(game_name, players, options_key, options)
    key = (table_id, seat, code)
    bot = _bots.get(key)
    if bot is None:
        bot = make_bot(code, game, seat, SeededRng(bot_seed))
        _remember(_bots, key, bot)
    else:
        _bots.move_to_end(key)
    action = bot.choose(view, legal)
    text: str = game.format_action(action)
    return text
