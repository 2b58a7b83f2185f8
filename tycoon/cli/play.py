"""Playing in the terminal: humans at the keyboard (hot-seat), bots at their seats.

With more than one human at a game of hidden information, each human is asked privately: the
next player confirms they have the keyboard before their view is shown, and when their turn ends
the screen and the whole scrollback are erased and only the public story is shown again, so
nothing of a private turn stays reachable. Narration uses a spectator's view, so it never shows
what only one seat may know; with a single human it uses that human's view.

Keys typed before a decision is shown are thrown away, so they never answer it. Ctrl-C stops the
game and says where it is saved, as quitting does.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Sequence
from typing import Any, Protocol

from rich.console import Console, RenderableType
from rich.markup import escape
from rich.rule import Rule

from tycoon.cli.terminal import PrivateTurn, discard_typeahead, read_line
from tycoon.core import GameRecord, Information, Match, SeededRng, TycoonError, derive_seed
from tycoon.core.players import Bot, make_bot

HUMAN = "human"
STORY_LINES = 400  # the public story shown again after a private turn: its last lines

HELP = """[bold]At your prompt[/bold]
  a move in the game's notation   play it
  moves  (or ?)                   the legal moves
  board                           the board again
  help                            this help
  quit                            stop (the game is kept if you gave --save)"""


# What reading a person's move may raise besides a TycoonError while a game's notation parser
# still lets some odd text through (a digit like '²'): said as a mistake, never a traceback.
class RecordStore(Protocol):
    """Where the game is kept after every move."""

    @property
    def reference(self) -> str: ...

    @property
    def resume(self) -> str: ...

    def save(self, record: GameRecord) -> None: ...


def seat_names(game: Any, state: Any, codes: Sequence[str]) -> list[str]:
    """Each seat as a spectator knows it, with its seat code: "Seat 2 (Cpt. Blue, greedy)"."""
    public = game.observe(state, None)
    names = []
    for seat in range(game.players):
        label = game.seat_label(public, seat)
        code = codes[seat] if seat < len(codes) else ""
        if code and code != HUMAN:
            label = f"{label[:-1]}, {code})" if label.endswith(")") else f"{label} ({code})"
        names.append(label)
    return names


class PlaySession:
    def __init__(
        self,
        console: Console,
        match: Match[Any, Any, Any],
        seats: list[str],
        store: RecordStore | None = None,
        delay: float = 0.0,
    ) -> None:
        self.console = console
        self.match = match
        self.game = match.game
        self.seats = seats
        self.store = store
        self.delay = delay
        self.interrupted = False
        self.humans = [seat for seat, code in enumerate(seats) if code == HUMAN]
        salt = len(match.steps)  # a resumed game's bots get fresh, still reproducible, seeds
        self.bots: dict[int, Bot] = {
            seat: make_bot(
                code, self.game, seat, SeededRng(derive_seed(match.seed, 1_000 + seat + salt))
            )
            for seat, code in enumerate(seats)
            if code != HUMAN
        }
        self.private = len(self.humans) > 1 and self.game.spec.information is Information.IMPERFECT
        self.narrator: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.last_human: int | None = None
        self.labels = seat_names(self.game, match.state, seats)
        self.turn = PrivateTurn(console)
        self.story: deque[RenderableType] = deque(maxlen=STORY_LINES)  # the public lines

    # -- output -------------------------------------------------------------------------------
    def name(self, seat: int) -> str:
        return self.labels[seat]

    def show_board(self, viewer: int | None) -> None:
        self.console.print(self.game.render_text(self.match.view(viewer)), soft_wrap=True)

    def show_moves(self, seat: int) -> None:
        view = self.match.view(seat)
        lines = self.game.describe_legal(view, self.match.legal_actions(seat))
        self.console.print("[bold]Legal moves:[/bold]")
        for line in lines:
            self.console.print(f"  {line}", soft_wrap=True)

    def say(self, line: RenderableType) -> None:
        """A public line of the game's story (shown again after a private turn is erased)."""
        self.console.print(line, soft_wrap=True)
        self.story.append(line)

    def leave_private(self) -> None:
        if self.turn.leave():
            for line in self.story:
                self.console.print(line, soft_wrap=True)

    def save_record(self) -> None:
        if self.store is not None:
            self.store.save(self.match.record())

    def stopped(self, how: str) -> None:
        self.save_record()
        if self.store is not None:
            where = (
                f"it is saved in {self.store.reference} "
                f"(go on with: tycoon play {self.store.resume})"
            )
        else:
            where = "it was not saved (--save FILE keeps a game)"
        self.console.print(f"[yellow]Game {how}; {escape(where)}.[/yellow]", soft_wrap=True)

    # -- the game loop --------------------------------------------------------------------------
    def run(self) -> bool:
        """Play until the end (True) or until a human quits, input ends or Ctrl-C is pressed
        (False; :attr:`interrupted` tells the last apart)."""
        try:
            return self.play_on()
        except KeyboardInterrupt:
            self.leave_private()
            self.console.print()
            self.interrupted = True
            self.stopped("interrupted")
            return False
        finally:
            self.leave_private()

    def play_on(self) -> bool:
        game = self.game
        self.say(
            Rule(f"{game.spec.title}: " + ", ".join(self.name(s) for s in range(game.players)))
        )
        if not self.humans:
            self.show_board(None)
        while not self.match.is_over():
            to_act = self.match.to_act()
            bots_first = [s for s in to_act if s in self.bots] or list(to_act)
            seat = bots_first[0]
            if seat in self.bots:
                view = self.match.view(seat)
                action = self.bots[seat].choose(view, self.match.legal_actions(seat))
                self.play(action)
                self.save_record()
                if self.delay:
                    time.sleep(self.delay)
            elif not self.ask(seat):
                self.leave_private()
                self.stopped("stopped")
                return False
        self.finish()
        return True

    def mistake(self, reason: str) -> None:
        self.console.print(
            f"[red]{escape(reason)}[/red] (type 'moves' for the legal moves)", soft_wrap=True
        )

    def play(self, action: Any) -> None:
        """Play ``action`` (a :class:`TycoonError` if it cannot be: then nothing changed) and
        narrate it; the caller saves."""
        before = self.match.view(self.narrator)
        self.match.play(action)
        after = self.match.view(self.narrator)
        text = self.game.describe_action(action, self.narrator)
        self.say(f"[bold]{self.name(action.seat)}[/bold]: {text}")
        for line in self.game.narrate(before, action, after):
            self.say(f"  {line}")

    def ask(self, seat: int) -> bool:
        """Prompt a human until they make a legal move; False if they quit or input ends."""
        if self.private and self.last_human != seat:
            self.leave_private()
            discard_typeahead()
            answer = read_line(
                self.console,
                f"Pass the keyboard to [bold]{self.name(seat)}[/bold] and press Enter. ",
            )
            if answer is None:
                return False
        self.last_human = seat
        if self.private:
            self.turn.enter()
        view = self.match.view(seat)
        label = self.game.prompt_label(view, seat)
        heading = f"{self.name(seat)} to move" + (f": {label}" if label else "")
        self.console.print(Rule(escape(heading)))
        self.show_board(seat)
        self.show_moves(seat)
        prompt = escape(self.game.seat_name(seat) + (f" ({label})" if label else ""))
        discard_typeahead()  # keys typed before this decision was shown never answer it
        while True:
            line = read_line(self.console, f"[bold]{prompt}>[/bold] ")
            if line is None:
                return False
            word = line.lower()
            if not word:
                continue
            if word in ("quit", "exit"):
                return False
            if word in ("help", "h"):
                self.console.print(HELP)
                continue
            if word in ("moves", "?", "m"):
                self.show_moves(seat)
                continue
            if word in ("board", "b"):
                self.show_board(seat)
                continue
            try:
                action = self.game.parse_action(line, seat)
            except TycoonError as error:
                self.mistake(error.reason)
                continue
            try:
                self.play(action)
            except TycoonError as error:
                self.mistake(error.reason)
                continue
            self.save_record()
            if self.private and seat not in self.match.to_act():
                self.leave_private()
            return True

    def finish(self) -> None:
        self.leave_private()
        self.console.print(Rule("Game over"))
        self.show_board(self.narrator)
        self.console.print(self.game.explain_outcome(self.match.state), soft_wrap=True)
        outcome = self.match.outcome()
        assert outcome is not None
        winners = ", ".join(self.name(s) for s in outcome.winners)
        verb = "wins" if len(outcome.winners) == 1 else "share the win"
        self.console.print(f"[bold green]{winners} {verb}.[/bold green]")
        self.save_record()
