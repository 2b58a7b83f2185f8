"""Players that are programs: the bot protocol and the registry of seat codes.

A bot sees exactly what its seat may see: its view and its legal choices, never the state. Seat
codes name bots with optional parameters, ``name:key=value:key=value`` (for example
``greedy:noise=0.1``). A code is either generic (playable in every game, like ``random``) or
registered for one game (like My City's ``greedy``). ``human`` is not a bot: faces handle it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tycoon.core.actions import Action, sample_choice
from tycoon.core.errors import UnknownBotError
from tycoon.core.game import Game
from tycoon.core.rng import Rng, SeededRng
from tycoon.core.spec import normalise_name


class Bot:
    """Base class of every bot. ``params`` are the seat code's parameters, already parsed.

    ``lazy_legal``: the bot may be handed its legal choices as a
    :class:`~tycoon.core.match.LazyLegal` (listed only when read) by the simulation loop; a bot
    that tells apart the kinds of sequence it gets (an ``ActionSet``) leaves it False."""

    lazy_legal = False

    def __init__(
        self, game: Game[Any, Any, Any], seat: int, rng: Rng, params: Mapping[str, str]
    ) -> None:
        self.game = game
        self.seat = seat
        self.rng = rng
        self.params = dict(params)

    def choose(self, view: Any, legal: Sequence[Any]) -> Action:
        """One of ``legal``, chosen from ``view`` alone."""
        raise NotImplementedError

    def explores(self, probability: float) -> bool:
        """True with ``probability``: a bot with a ``noise`` parameter plays a uniformly random
        legal move this often (so designers can weaken a bot, or vary its play), seeded."""
        return probability > 0 and self.rng.below(1_000_000) < probability * 1_000_000

    def random_choice(self, legal: Sequence[Any]) -> Action:
        """A uniformly random legal move, from this bot's own seeded rng."""
        return sample_choice(legal, self.rng)

    def float_param(self, name: str, default: float, low: float, high: float) -> float:
        text = self.params.get(name)
        if text is None:
            return default
        try:
            value = float(text)
        except ValueError:
            raise UnknownBotError(f"bot parameter {name} takes a number, not {text!r}") from None
        if not low <= value <= high:
            raise UnknownBotError(f"bot parameter {name} must be within {low}..{high}")
        return value


BotFactory = Callable[[Game[Any, Any, Any], int, Rng, Mapping[str, str]], Bot]


@dataclass(frozen=True, slots=True)
class BotEntry:
    code: str
    summary: str
    factory: BotFactory
    game: str | None  # None: plays every game
    params: tuple[str, ...] = ()
    rank: int = 0  # its place in lists (weakest first)


_BOTS: dict[tuple[str, str | None], BotEntry] = {}


def register_bot(
    code: str,
    factory: BotFactory,
    summary: str,
    game: str | None = None,
    params: tuple[str, ...] = (),
    rank: int = 0,
) -> None:
    """Register a seat code, for one game (by its spec name) or for all (``game=None``).
    ``rank`` places it in the lists a player chooses from, weakest first: the random bot 0, a
    game's rule-based bot 10, the search's presets 20 to 40, the search with its own settings
    50 (bots of one rank by code)."""
    _BOTS[(normalise_name(code), game)] = BotEntry(
        normalise_name(code), summary, factory, game, params, rank
    )


def parse_seat_code(text: str) -> tuple[str, dict[str, str]]:
    """``"greedy:noise=0.1"`` → ``("greedy", {"noise": "0.1"})``."""
    name, *parts = text.strip().split(":")
    if not name:
        raise UnknownBotError(f"empty seat code in {text!r}")
    params: dict[str, str] = {}
    for part in parts:
        key, sep, value = part.partition("=")
        if not sep or not key.strip():
            raise UnknownBotError(f"seat code parameters are key=value, not {part!r} in {text!r}")
        params[normalise_name(key)] = value.strip()
    return normalise_name(name), params


def bots_for(game_name: str) -> list[BotEntry]:
    """The bots that can sit at ``game_name``, weakest first (by rank); a game's own entry
    hides a generic one."""
    entries: dict[str, BotEntry] = {}
    for (code, game), entry in _BOTS.items():
        if game is None and code not in entries:
            entries[code] = entry
        if game == game_name:
            entries[code] = entry
    return sorted(entries.values(), key=lambda entry: (entry.rank, entry.code))


def make_bot(code_text: str, game: Game[Any, Any, Any], seat: int, rng: Rng) -> Bot:
    """A bot for ``seat`` from its seat code, or :class:`UnknownBotError` with the choices."""
    code, params = parse_seat_code(code_text)
    entry = _BOTS.get((code, game.spec.name)) or _BOTS.get((code, None))
    if entry is None:
        known = ", ".join(e.code for e in bots_for(game.spec.name))
        raise UnknownBotError(f"no bot {code!r} for {game.spec.name} (bots: {known})")
    unknown = sorted(set(params) - set(entry.params))
    if unknown:
        allowed = ", ".join(entry.params) or "none"
        raise UnknownBotError(
            f"bot {code!r} has no parameter {unknown[0]!r} (parameters: {allowed})"
        )
    return entry.factory(game, seat, rng, params)


def bot_policy(
    game: Game[Any, Any, Any], factory: Callable[..., Bot]
) -> Callable[[Any, int, Sequence[Any], Rng], Action]:
    """A search's rollout policy played by a bot (``factory`` as registered, e.g. a game's
    ``GreedyBot``): one bot per seat for the length of one search, choosing from each seat's
    view of the rollout's state with the rollout's rng."""
    bots = [factory(game, seat, SeededRng(seat), {}) for seat in range(game.players)]

    def act(state: Any, seat: int, legal: Sequence[Any], rng: Rng) -> Action:
        bot = bots[seat]
        bot.rng = rng
        return bot.choose(game.observe(state, seat), legal)

    return act
