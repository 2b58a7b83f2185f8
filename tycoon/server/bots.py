"""Bots off the event loop: a worker function that sees a seat's view and legal choices only.

The worker runs in a process pool. It keeps each table's bots alive between calls (a bot may
remember what it planned), keyed by table, seat and seat code; the master sends every call of one
table to the same worker process so that memory is found again. A bot never receives the state.

A bot's memory is a function of its seed and of what it was asked, in order: the master plays a
bot's move only if the table has not moved while it chose (else it asks again, from the new
view), so the bot's history is exactly the views and legal choices just before each of its moves
that stand. Every call says how many of those there are (``made``). A worker that holds the bot
at that point uses it; one whose bot's last choice was not played (the table moved, a person came
back) goes back to its copy from before that choice; one that does not hold it (a new worker, a
restarted server, a bot evicted from the cache) raises :class:`Forgotten`, and the master asks
again with the history, from which the bot is rebuilt by asking it everything again. So a bot
plays on after a restart exactly as it would have without one.
"""

from __future__ import annotations

import copy
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tycoon.core import Game, SeededRng, make
from tycoon.core.players import Bot, make_bot

CACHE_SIZE = 2_000


class Forgotten(Exception):
    """The worker does not hold this bot at this point of its history: send the history."""


@dataclass
class Held:
    bot: Bot
    made: int  # the moves of its own it has chosen (and that stood, as far as it knows)
    before: Bot | None  # itself before its last choice, if that choice may yet be discarded


_games: OrderedDict[tuple[str, int, str], Game[Any, Any, Any]] = OrderedDict()
_bots: OrderedDict[tuple[str, int, str], Held] = OrderedDict()
_lock = threading.Lock()  # the caches, when the bots run in threads (``--bot-workers 0``)


def _remember(cache: OrderedDict[Any, Any], key: Any, value: Any) -> None:
    cache[key] = value
    cache.move_to_end(key)
    while len(cache) > CACHE_SIZE:
        cache.popitem(last=False)


def cached_game(
    name: str, players: int, options_key: str, options: dict[str, Any]
) -> Game[Any, Any, Any]:
    key = (name, players, options_key)
    with _lock:
        game = _games.get(key)
        if game is None:
            game = make(name, players, **options)
            _remember(_games, key, game)
        else:
            _games.move_to_end(key)
    return game


def _copy(bot: Bot) -> Bot:
    """The bot's own memory copied; the game and what belongs to it shared."""
    memo: dict[int, Any] = {id(bot.game): bot.game}
    for value in vars(bot.game).values():
        memo[id(value)] = value
    return copy.deepcopy(bot, memo)


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
    made: int = 0,
    history: Sequence[tuple[Any, Sequence[Any]]] | None = None,
) -> str:
    """The bot's move, in the game's notation, chosen from ``view`` and ``legal`` alone.

    ``made``: how many of the bot's earlier choices stand; ``history``: the view and legal
    choices of each of them, sent when this worker raised :class:`Forgotten`."""
    game = cached_game(game_name, players, options_key, options)
    key = (table_id, seat, code)
    with _lock:
        held = _bots.pop(key, None)
    bot: Bot | None = None
    if held is not None and held.made == made:
        bot = held.bot
    elif held is not None and held.made == made + 1 and held.before is not None:
        bot = held.before  # its last choice was not played: back to before it
    elif history is not None and len(history) == made:
        bot = make_bot(code, game, seat, SeededRng(bot_seed))
        for seen, choices in history:
            bot.choose(seen, choices)
    elif made == 0:
        bot = make_bot(code, game, seat, SeededRng(bot_seed))
    if bot is None:
        raise Forgotten(f"bot {code} of table {table_id} seat {seat} at its move {made}")
    before = _copy(bot)
    action = bot.choose(view, legal)  # a bot that fails is dropped: rebuilt from history
    with _lock:
        _remember(_bots, key, Held(bot, made + 1, before))
    text: str = game.format_action(action)
    return text
