"""The game protocol every tycoon game implements, and what a finished game reports.

A game is a class deriving from :class:`Game`, configured once with a player count and validated
options. Its rules are pure functions of immutable states: ``transition`` builds a new state and
never touches its input. :meth:`Game.apply` is the checked entry point used by every face
(terminal, browser, simulation, RL): it refuses out-of-turn, malformed and illegal actions with a
typed error before anything is built, and reports the chance outcomes the step drew.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from tycoon.core.actions import (
    Action,
    AmountRange,
    action_from_json,
    action_to_json,
    check_fields,
    is_legal,
)
from tycoon.core.data import DataError, DataFiles
from tycoon.core.encoding import Encoding
from tycoon.core.errors import (
    GameOverError,
    IllegalActionError,
    MalformedActionError,
    OutOfTurnError,
    TycoonError,
)
from tycoon.core.rng import RecordingRng, Rng
from tycoon.core.spec import GameSpec, OptionValue
from tycoon.core.views import to_jsonable

S = TypeVar("S")
A = TypeVar("A", bound=Action)
V = TypeVar("V")


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: a score and a rank per seat (1 is best; tied seats share a rank)."""

    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    reason: str
    unfinished: bool = False
    details: Mapping[str, Any] = field(default_factory=dict)

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(seat for seat, rank in enumerate(self.ranks) if rank == 1)

    @staticmethod
    def ranks_from(keys: Sequence[Any]) -> tuple[int, ...]:
        """Competition ranks (1, 1, 3, ...) from sort keys where larger is better."""
        return tuple(1 + sum(1 for other in keys if other > key) for key in keys)

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "reason": self.reason,
            "unfinished": self.unfinished,
        }


class Game(Generic[S, A, V]):
    """Base class of every game. Subclasses set :attr:`spec` and :attr:`action_types` and
    implement the methods that raise ``NotImplementedError`` here."""

    spec: ClassVar[GameSpec]
    action_types: ClassVar[tuple[type[Action], ...]] = ()
    #: The game's catalogues, when a designer may replace or patch them (its ``data`` option).
    data_files: ClassVar[DataFiles | None] = None

    def __init__(self, players: int | None = None, options: Mapping[str, object] | None = None):
        spec = self.spec
        self.players: int = spec.check_players(spec.default_players if players is None else players)
        self.options: dict[str, OptionValue] = spec.resolve_options(options)
        if self.data_files is not None:
            # A path becomes the effective patch here, so records carry the data itself.
            try:
                self.options["data"] = self.data_files.canonical(str(self.options["data"]))
            except DataError as error:
                raise DataError(f"{spec.name} data: {error.reason}") from None
        self.configure()

    def settings(self, options: Mapping[str, object] | None = None) -> str:
        """The options (this game's, or ``options`` of this game) that differ from the defaults,
        as a line: ``size=10, data [economy.json: king.treasury=260]``; the data by its changed
        fields."""
        parts: list[str] = []
        for name, value in (self.options if options is None else options).items():
            if name == "data" and self.data_files is not None:
                described = self.data_files.describe(str(value))
                if described != self.data_files.default:
                    parts.append(f"data [{described}]")
            elif value != self.spec.option(name).default:
                parts.append(f"{name}={value}")
        return ", ".join(parts) or "default options"

    def data(self) -> dict[str, Any]:
        """The catalogues this game plays, by file name (shared: read, never change them)."""
        if self.data_files is None:
            return {}
        return self.data_files.documents(str(self.options["data"]))

    def configure(self) -> None:
        """Build whatever tables the options call for (boards, decks); called once."""

    def __repr__(self) -> str:
        changed = {k: v for k, v in self.options.items() if v != self.spec.option(k).default}
        return f"{type(self).__name__}(players={self.players}, options={changed})"

    # -- rules: every game implements these -------------------------------------------------

    def initial_state(self, rng: Rng) -> S:
        """The state before the first decision, set up with draws from ``rng``."""
        raise NotImplementedError

    def to_act(self, state: S) -> tuple[int, ...]:
        """The seats that must decide now: one, several in a sealed step, none once over."""
        raise NotImplementedError

    def legal_actions(self, state: S, seat: int) -> Sequence[Any]:
        """The choices of ``seat`` (actions and amount ranges); empty unless it is to act."""
        raise NotImplementedError

    def transition(self, state: S, action: A, rng: Rng) -> S:
        """The state after a legal ``action`` (unchecked: call :meth:`apply` from outside)."""
        raise NotImplementedError

    def observe(self, state: S, seat: int | None) -> V:
        """What ``seat`` may know (``None``: a spectator). The only way faces see a state."""
        raise NotImplementedError

    def observe_next(self, prev_state: S, prev_view: V, state: S, seat: int | None) -> V:
        """Exactly ``observe(state, seat)``, given ``prev_view``, which is ``observe(prev_state,
        seat)`` (the same seat): a game may reuse the parts of the previous view whose inputs in
        the state are the very same objects (states are immutable and share their unchanged
        parts), computing the others with the same part functions as :meth:`observe`, so that
        one place still decides what a seat sees. By default, :meth:`observe`. The conformance
        suite checks that it equals :meth:`observe` at every step of every game."""
        return self.observe(state, seat)

    def outcome(self, state: S) -> Outcome | None:
        """Scores and ranks once the game is over, otherwise ``None``."""
        raise NotImplementedError

    def sample_state(self, view: V, rng: Rng) -> S:
        """A full state consistent with ``view``, unknowns drawn from ``rng`` (for search)."""
        raise NotImplementedError

    def parse_action(self, text: str, seat: int) -> A:
        """The action written ``text`` in this game's notation, taken by ``seat``."""
        raise NotImplementedError

    def format_action(self, action: A) -> str:
        """This game's notation of ``action``; ``parse_action`` reads it back."""
        raise NotImplementedError

    # -- provided -----------------------------------------------------------------------------

    def is_over(self, state: S) -> bool:
        return self.outcome(state) is not None

    def check(self, state: S, action: Action) -> None:
        """Raise the right typed error if ``action`` cannot be applied to ``state``.

        In order: an object that is no action of this game (:class:`MalformedActionError`), a
        field of the wrong kind, ``bool`` for ``int`` included (:class:`MalformedActionError`), a
        finished game (:class:`GameOverError`), a seat that does not exist or is not to act
        (:class:`OutOfTurnError`), then an action that is not legal: a field value outside the
        game's domain (:meth:`check_domain`, :class:`MalformedActionError`) or one the rules do
        not allow now (:class:`IllegalActionError`, with :meth:`explain_illegal`'s reason). The
        legal path costs one type test per field on top of the legality test.
        """
        if not isinstance(action, self.action_types):
            raise MalformedActionError(
                f"{_describe_object(action)} is not an action of {self.spec.name}"
            )
        check_fields(action)
        to_act = self.to_act(state)
        if not to_act:
            raise GameOverError("the game is over")
        seat = action.seat
        if seat not in to_act:
            waiting = ", ".join(self.seat_name(s) for s in to_act)
            if not 0 <= seat < self.players:
                raise OutOfTurnError(
                    f"there is no seat {seat} in this game: seats are 0 to {self.players - 1} "
                    f"(waiting for {waiting})"
                )
            raise OutOfTurnError(f"it is not {self.seat_name(seat)}'s turn (waiting for {waiting})")
        if not is_legal(self.legal_actions(state, seat), action):
            self.check_domain(action)  # type: ignore[arg-type]
            raise IllegalActionError(self.explain_illegal(state, action))  # type: ignore[arg-type]

    def check_domain(self, action: A) -> None:
        """Raise :class:`MalformedActionError` if a field of ``action`` (of the right kind) holds
        a value outside the game's domain: a piece, plot or cell that does not exist, a row off
        the board, a negative amount. Called by :meth:`check` only for an action that is not
        legal, before :meth:`explain_illegal`, which may then trust every field."""

    def apply(self, state: S, action: A, rng: Rng) -> tuple[S, tuple[int, ...]]:
        """Check ``action``, then return the new state and the chance outcomes it drew."""
        self.check(state, action)
        recorder = RecordingRng(rng)
        new_state = self.transition(state, action, recorder)
        return new_state, tuple(recorder.drawn)

    def explain_illegal(self, state: S, action: A) -> str:
        """Why a well-formed action is not legal; games override it with the rule broken."""
        return f"{self.format_action(action)} is not a legal move now"

    def seat_label(self, view: V, seat: int) -> str:
        """A seat's name as a view shows it, e.g. with the character it drew at set-up; faces
        use it in announcements. Only public facts belong here."""
        return self.seat_name(seat)

    def seat_name(self, seat: int) -> str:
        names = self.spec.seat_names
        if 0 <= seat < len(names):
            return names[seat]
        return f"Seat {seat + 1}"

    def action_to_json(self, action: A) -> dict[str, Any]:
        return action_to_json(action)

    def action_from_json(self, data: Mapping[str, Any]) -> A:
        action = action_from_json(data, self.action_types)
        return action  # type: ignore[return-value]

    def view_to_json(self, view: V) -> Any:
        return to_jsonable(view)

    # -- presentation (text); games override for something better ----------------------------

    def render_text(self, view: V) -> str:
        """A picture of a view as text with Rich-style markup (``[red]...[/red]``, ``[bold]``);
        literal brackets are escaped with :func:`tycoon.core.text.escape`."""
        return json.dumps(self.view_to_json(view), indent=1)

    def describe_legal(self, view: V, legal: Sequence[Any]) -> list[str]:
        """The legal choices, in notation, grouped for a person to read."""
        lines: list[str] = []
        for choice in legal:
            if isinstance(choice, AmountRange):
                low = self.format_action(choice.action(choice.low))
                lines.append(f"{low}  (any amount {choice.low}..{choice.high})")
            else:
                lines.append(self.format_action(choice))
        return lines

    def describe_action(self, action: A, viewer: int | None) -> str:
        """How ``action`` is announced to ``viewer``: the notation, unless it is secret (a
        sealed commit by another seat is announced only as having been made)."""
        return self.format_action(action)

    def prompt_label(self, view: V, seat: int) -> str:
        """A few words for ``seat``'s prompt naming the decision at hand (the phase, say), so a
        person sees what their next command will answer; "" (the default) names nothing."""
        return ""

    def narrate(self, before: V, action: A, after: V) -> list[str]:
        """What a seat saw happen in one step (dice, cards, payments, phase changes), worked out
        from its views before and after, so narration can never leak."""
        return []

    def seat_roles(self, state: S) -> tuple[str, ...] | None:
        """Each seat's role or character, for reports by role (``None``: seats have none)."""
        return None

    def statistics(self, state: S) -> dict[str, float]:
        """Per-game figures a designer may want averaged over a simulation (finished state)."""
        return {}

    def explain_outcome(self, state: S) -> str:
        """A person-readable account of the final scoring."""
        outcome = self.outcome(state)
        if outcome is None:
            return "the game is not over"
        parts = [
            f"{self.seat_name(s)}: {outcome.scores[s]:g} (rank {outcome.ranks[s]})"
            for s in range(self.players)
        ]
        return f"{outcome.reason}\n" + "\n".join(parts)

    # -- pictures (SVG); games override ---------------------------------------------------------

    def render_svg(self, view: V) -> str | None:
        """A picture of a view as one self-contained SVG document (``None``: the game draws no
        picture). Built with :mod:`tycoon.core.svg`; elements a move may concern carry a
        ``data-target`` key, named for each action by :meth:`move_targets`."""
        return None

    def move_targets(self, action: A) -> tuple[str, ...]:
        """The ``data-target`` keys of the drawn elements ``action`` concerns (the square it
        places on, the lot it buys): a click on one of them offers the action, and the elements
        of the last move are highlighted. Empty: the action stays a button."""
        return ()

    # -- reinforcement learning (``tycoon.rl``) -----------------------------------------------

    #: Builds this game's :class:`~tycoon.core.encoding.Encoding` from a configured game.
    encoding_type: ClassVar[type[Encoding[Any]] | None] = None

    def encoding(self) -> Encoding[V]:
        """A new fixed-size encoding of this configuration's views and actions (built from the
        options; callers keep it); a game without one raises
        :class:`~tycoon.core.errors.TycoonError`."""
        factory = type(self).encoding_type
        if factory is None:
            title = self.spec.title
            raise TycoonError(f"{title} offers no encoding for reinforcement learning")
        encoding: Encoding[V] = factory(self)
        return encoding

    # -- simulation: an optional loop of the game's own ----------------------------------------

    def bot_loop(self) -> Callable[[S, Sequence[Any], Rng, int], tuple[S, int]] | None:
        """This game's own simulation loop for :func:`~tycoon.core.match.play_bots`, or ``None``
        (the default: the general loop). It takes the state, one bot per seat, the rng and the
        decision limit, and must play exactly the games the general loop plays: every bot sees
        the same views and choices, makes the same choices, and every draw comes in the same
        order (tests/test_play_bots.py compares the two for every game that offers one)."""
        return None

    # -- search: what a search bot may ask of a game (all optional) ----------------------------

    def rollout_policy(self) -> Callable[[S, int, Sequence[Any], Rng], Action] | None:
        """A fast policy for a search's rollouts, or ``None`` (rollouts play at random).

        Called once per search decision, so the policy may keep what it learns across one
        search; it is handed a determinised state, the seat to act, its legal choices and the
        rollout's rng, and returns one of the choices (an amount within a range)."""
        return None

    def evaluate(self, state: S) -> Sequence[float] | None:
        """Each seat's prospects in an unfinished ``state`` as a reward in ``[0, 1]`` (about the
        chance of winning, summing to about 1), where a depth-limited rollout stops; ``None``
        (the default): the game offers no evaluation, and rollouts play to the end."""
        return None

    def search_depth(self) -> int:
        """How many steps a search's rollout plays before it asks :meth:`evaluate` (0: to the
        end). Long games with an evaluation set it; the ``depth`` bot parameter overrides it."""
        return 0

    def search_memory(self) -> str:
        """When a search remembers the policy's move in each state it meets (and, with that
        memory, stretches close rewards to their spread): ``"auto"`` (the default) while at
        least one look-up in five finds its state again, ``"keep"`` while any does (games
        whose determinisations differ only in what matters little), ``"off"`` never. The
        ``memory`` bot parameter overrides it."""
        return "auto"

    def search_plans(self, state: S, seat: int, legal: Sequence[Any]) -> Sequence[Sequence[Action]]:
        """Whole plans a search may value as one choice at this decision: each a sequence of
        ``seat``'s own actions, the first one of ``legal`` and each next one legal after the one
        before (as writing a deal item by item is), worked out from what ``seat`` sees of
        ``state`` (a determinisation). ``()`` (the default): none, every step is searched alone.
        Games whose good moves are too many steps deep for a search's budget offer them."""
        return ()

    def rank_actions(self, state: S, seat: int, legal: Sequence[Any]) -> Sequence[Action] | None:
        """Some of ``seat``'s legal actions in ``state``, best first by the game's own judgement
        (as many as are worth a search's look), or ``None`` (the default): a search widens a
        node with actions drawn at random. Games with many choices a move offer it, so that a
        search's budget goes to the plausible rivals of its policy's move."""
        return None


def _describe_object(value: object) -> str:
    """What an error says of an object that should have been an action."""
    if isinstance(value, Action):
        return f"a {type(value).__name__} action"
    return f"a {type(value).__name__}"
