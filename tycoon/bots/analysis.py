"""Where a search bot departs from the game's policy, and whether the departures pay.

A search that plays its policy's move almost always cannot do much better than the policy; one
that departs often may depart for noise. :func:`departures` plays games between a bot (e.g.
``ismcts``) at one seat and policy bots (e.g. ``greedy``) at the others, and at every decision
where the bot's move differs from the policy's, values both moves by :func:`option_values`: the
mean reward (:func:`tycoon.bots.ismcts.outcome_rewards`) of ``playouts`` whole games played on by
the game's rollout policy from determinisations of the seat's view, each playout drawing the
same randomness for every move compared (common random numbers, so that the difference is the
moves' rather than the dice's). The values say how a move fares against the policy's own play,
a yardstick (not the truth) that needs no evaluation and no depth limit.

``python benchmarks/bench_search.py --game esport-monopoly --departures 4`` prints a summary.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from tycoon.bots.ismcts import IsmctsBot, Plan, outcome_rewards
from tycoon.core import Action, Game, Match, SeededRng, derive_seed, sample_choice
from tycoon.core.errors import TycoonError
from tycoon.core.players import make_bot

MAX_STEPS = 100_000  # a playout longer than this is a game that does not end


def option_values(
    game: Game[Any, Any, Any],
    view: Any,
    seat: int,
    options: Sequence[Action | Plan],
    playouts: int,
    seed: int = 0,
) -> list[float]:
    """Each option's mean reward for ``seat`` over ``playouts`` games played on to the end by
    the game's rollout policy (random play where it has none) from determinisations of
    ``view``; playout ``m`` uses the same seed for every option. An option may be a whole
    :class:`~tycoon.bots.ismcts.Plan`, whose steps are taken in turn."""
    if playouts < 1:
        raise TycoonError("option values need at least one playout")
    values = []
    for option in options:
        total = 0.0
        for m in range(playouts):
            rng = SeededRng(derive_seed(seed, m))
            state = game.sample_state(view, rng)
            for step in option.steps if isinstance(option, Plan) else (option,):
                state = game.transition(state, step, rng)
            policy = game.rollout_policy()
            steps = 0
            while True:
                to_act = game.to_act(state)
                if not to_act:
                    break
                mover = to_act[0]
                legal = game.legal_actions(state, mover)
                if policy is not None:
                    action = policy(state, mover, legal, rng)
                else:
                    action = sample_choice(legal, rng)
                state = game.transition(state, action, rng)
                steps += 1
                if steps > MAX_STEPS:
                    raise TycoonError(f"a playout of {game.spec.name} did not end")
            outcome = game.outcome(state)
            assert outcome is not None
            total += outcome_rewards(outcome, game.players)[seat]
        values.append(total / playouts)
    return values


@dataclass(frozen=True, slots=True)
class Departure:
    """A decision where the bot left its policy's move: the game and decision number, the kind
    of decision (the policy move's class, or ``Plan`` where the bot chose a whole plan), both
    moves and their values (see
    :func:`option_values`)."""

    game: int
    decision: int
    kind: str
    policy_move: Action
    bot_move: Action | Plan
    policy_value: float
    bot_value: float

    @property
    def gain(self) -> float:
        return self.bot_value - self.policy_value


@dataclass(frozen=True, slots=True)
class GamePlayed:
    """One game of :func:`departures`: the bot's decisions searched and its rank."""

    game: int
    decisions: int
    rank: int


def departures(
    game: Game[Any, Any, Any],
    bot_code: str,
    opponent_code: str,
    games: int,
    playouts: int,
    seed: int = 1,
) -> Iterator[Departure | GamePlayed]:
    """Play ``games`` games, the search bot ``bot_code`` at seat ``g mod players`` of game
    ``g`` and ``opponent_code`` at the others; yield each departure from the policy's move as
    it happens and each game when it ends."""
    for g in range(games):
        seat = g % game.players
        codes = [opponent_code] * game.players
        codes[seat] = bot_code
        game_seed = derive_seed(seed, g)
        bots = [
            make_bot(code, game, s, SeededRng(derive_seed(game_seed, s)))
            for s, code in enumerate(codes)
        ]
        bot = bots[seat]
        if not isinstance(bot, IsmctsBot):
            raise TycoonError(f"{bot_code!r} is not a search bot: it has no policy to depart from")
        match: Match[Any, Any, Any] = Match(game, game_seed, codes)
        searched = 0
        while True:
            to_act = match.to_act()
            if not to_act:
                break
            mover = to_act[0]
            view = match.view(mover)
            legal = match.legal_actions(mover)
            before = bot.last
            action = bots[mover].choose(view, legal)
            search = bot.last
            if mover == seat and search is not None and search is not before:
                searched += 1
                prior = search.root_prior
                chosen = bot.chosen if isinstance(bot.chosen, Plan) else action
                if prior is not None and prior != chosen:
                    moves = (prior, chosen)
                    values = option_values(
                        game, view, seat, moves, playouts, derive_seed(game_seed, searched)
                    )
                    kind = "Plan" if isinstance(chosen, Plan) else type(prior).__name__
                    yield Departure(g, searched, kind, prior, chosen, values[0], values[1])
            match.play(action)
        outcome = match.outcome()
        assert outcome is not None
        yield GamePlayed(g, searched, outcome.ranks[seat])
