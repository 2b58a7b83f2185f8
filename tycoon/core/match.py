"""A game being played: state, live rng and record, with checked moves; and replay of records."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from tycoon.core.actions import Action
from tycoon.core.errors import ActionError, RecordError, ReplayError, TycoonError
from tycoon.core.game import Game, Outcome
from tycoon.core.lazy import LazyLegal
from tycoon.core.record import GameRecord, Step
from tycoon.core.registry import game_class
from tycoon.core.rng import RecordingRng, Rng, ScriptedRng, SeededRng

if TYPE_CHECKING:
    from tycoon.core.players import Bot

S = TypeVar("S")
A = TypeVar("A", bound=Action)
V = TypeVar("V")


class Match(Generic[S, A, V]):
    """One game from its seed: every face (terminal, simulation, server) plays through this."""

    def __init__(self, game: Game[S, A, V], seed: int, seats: Sequence[str] = ()) -> None:
        self.game = game
        self.seed = seed
        self.seats = tuple(seats)
        self.rng = SeededRng(seed)
        recorder = RecordingRng(self.rng)
        self.state: S = game.initial_state(recorder)
        self.setup: tuple[int, ...] = tuple(recorder.drawn)
        self.steps: list[Step] = []

    # -- reading ------------------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        return self.game.to_act(self.state)

    def legal_actions(self, seat: int) -> Sequence[Any]:
        return self.game.legal_actions(self.state, seat)

    def view(self, seat: int | None) -> V:
        return self.game.observe(self.state, seat)

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    # -- playing ------------------------------------------------------------------------------
    def play(self, action: A) -> tuple[int, ...]:
        """Check and apply ``action``; on any error nothing changes."""
        state, outcomes = self.game.apply(self.state, action, self.rng)
        self.steps.append(Step(action.seat, self.game.format_action(action), outcomes))
        self.state = state
        return outcomes

    def play_text(self, text: str, seat: int) -> A:
        action = self.game.parse_action(text, seat)
        self.play(action)
        return action

    def record(self, meta: Mapping[str, Any] | None = None) -> GameRecord:
        outcome = self.outcome()
        return GameRecord(
            game=self.game.spec.name,
            version=self.game.spec.version,
            players=self.game.players,
            options=dict(self.game.options),
            seed=self.seed,
            setup=self.setup,
            steps=tuple(self.steps),
            seats=self.seats,
            outcome=outcome.to_json() if outcome is not None else None,
            meta=dict(meta or {}),
        )

    # -- replay -------------------------------------------------------------------------------
    @classmethod
    def from_record(cls, record: GameRecord) -> Match[Any, Any, Any]:
        """The match as it stood at the end of ``record``, ready to go on (resume)."""
        return replay_to_end(record)


def play_bots(
    game: Game[S, A, V], state: S, bots: Sequence[Bot], rng: Rng, limit: int
) -> tuple[S, int]:
    """Play ``state`` on with a bot at every seat, unchecked (each bot chooses one of its
    choices), for at most ``limit`` decisions: the simulation loop without a record. A bot
    that declares ``lazy_legal`` gets its choices as a :class:`LazyLegal`, so they are listed
    only if it reads them; the others get the game's list. Returns the state reached and the
    number of decisions made (the game is over unless that is ``limit``). A game that offers
    its own loop (:meth:`~tycoon.core.game.Game.bot_loop`) plays it, to the same effect."""
    own = game.bot_loop()
    if own is not None:
        return own(state, bots, rng, limit)
    return general_play_bots(game, state, bots, rng, limit)


def general_play_bots(
    game: Game[S, A, V], state: S, bots: Sequence[Bot], rng: Rng, limit: int
) -> tuple[S, int]:
    """:func:`play_bots` through the game's protocol alone (every game's reference loop)."""
    lazy = [bot.lazy_legal for bot in bots]
    to_act = game.to_act
    observe = game.observe
    legal_actions = game.legal_actions
    transition = game.transition
    decisions = 0
    while decisions < limit:
        acting = to_act(state)
        if not acting:
            break
        seat = acting[0]
        legal = LazyLegal(legal_actions, state, seat) if lazy[seat] else legal_actions(state, seat)
        action: Any = bots[seat].choose(observe(state, seat), legal)
        state = transition(state, action, rng)
        decisions += 1
    return state, decisions


def replay_to_end(record: GameRecord) -> Match[Any, Any, Any]:
    """Replay every step of ``record`` and return the match as it then stands."""
    steps = replay(record)
    match, _ = next(steps)
    for _match, _step in steps:
        pass
    return match


def game_for(record: GameRecord) -> Game[Any, Any, Any]:
    """The configured game a record was made with; refuses a record of other rules."""
    try:
        game = game_class(record.game)(record.players, record.options)
    except TycoonError as error:
        raise RecordError(f"the record's game cannot be set up: {error.reason}") from None
    if game.spec.version != record.version:
        raise RecordError(
            f"the record was made with {record.game} version {record.version}; "
            f"this tycoon has version {game.spec.version}"
        )
    return game


def replay(record: GameRecord) -> Iterator[tuple[Match[Any, Any, Any], Step | None]]:
    """Yield the match after set-up and after each step, recorded outcomes handed back.

    The same :class:`Match` object is yielded each time, updated in place. A record whose
    actions or outcomes do not fit the game raises :class:`ReplayError` naming the step.
    """
    game = game_for(record)
    match: Match[Any, Any, Any] = Match.__new__(Match)
    match.game = game
    match.seed = record.seed
    match.seats = record.seats
    match.rng = SeededRng(record.seed)
    scripted = ScriptedRng(record.setup, shadow=match.rng)
    match.state = game.initial_state(scripted)
    if not scripted.exhausted:
        raise ReplayError("the record holds more set-up outcomes than the game draws")
    match.setup = record.setup
    match.steps = []
    yield match, None
    for number, step in enumerate(record.steps, start=1):
        try:
            action = game.parse_action(step.action, step.seat)
            scripted = ScriptedRng(step.outcomes, shadow=match.rng)
            state, _ = game.apply(match.state, action, scripted)
        except ActionError as error:
            raise ReplayError(f"step {number} ({step.action!r}) does not replay: {error}") from None
        except ReplayError as error:
            raise ReplayError(f"step {number} ({step.action!r}): {error.reason}") from None
        if not scripted.exhausted:
            raise ReplayError(f"step {number} holds more chance outcomes than it draws")
        match.state = state
        match.steps.append(step)
        yield match, step
    if record.outcome is not None:
        outcome = match.outcome()
        if outcome is None or outcome.to_json() != dict(record.outcome):
            raise ReplayError("the replayed game does not end as the record says")
