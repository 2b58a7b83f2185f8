"""Playing in the terminal: humans at the keyboard (hot-seat), bots at their seats.

With more than one human at a game of hidden information, each human is asked privately: the
screen is cleared and the next player confirms they have the keyboard before their view is shown,
and again after a sealed commit. Narration on the shared screen uses a spectator's view, so it
never shows what only one seat may know; with a single human it uses that human's view.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.rule import Rule

from tycoon.cli.terminal import read_line
from tycoon.core import Information, Match, SeededRng, derive_seed, write_records
from tycoon.core.errors import ActionError
from tycoon.core.players import Bot, make_bot

HUMAN = "human"

HELP = """[bold]At your prompt[/bold]
  a move in the game's notation   play it
  moves  (or ?)                   the legal moves
  board                           the board again
  help                            this help
  quit                            stop (the game is kept if you gave --save)"""


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
        save: Path | None = None,
        delay: float = 0.0,
    ) -> None:
        self.console = console
        self.match = match
        self.game = match.game
        self.seats = seats
        self.save = save
        self.delay = delay
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

    def save_record(self) -> None:
        if self.save is not None:
            write_records(self.save, [self.match.record()])

    # -- the game loop --------------------------------------------------------------------------
    def run(self) -> bool:
        """Play until the end (True) or until a human quits or input ends (False)."""
        game = self.game
        self.console.print(
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
                if self.delay:
                    time.sleep(self.delay)
            elif not self.ask(seat):
                self.save_record()
                where = (
                    f"; it is saved in {self.save} (resume with --resume {self.save})"
                    if self.save
                    else ""
                )
                self.console.print(f"[yellow]Game stopped{where}.[/yellow]", soft_wrap=True)
                return False
        self.finish()
        return True

    def play(self, action: Any) -> None:
        before = self.match.view(self.narrator)
        self.match.play(action)
        after = self.match.view(self.narrator)
        text = self.game.describe_action(action, self.narrator)
        self.console.print(f"[bold]{self.name(action.seat)}[/bold]: {text}", soft_wrap=True)
        for line in self.game.narrate(before, action, after):
            self.console.print(f"  {line}", soft_wrap=True)
        self.save_record()

    def ask(self, seat: int) -> bool:
        """Prompt a human until they make a legal move; False if they quit or input ends."""
        if self.private and self.last_human != seat:
            self.console.clear()
            answer = read_line(
                self.console,
                f"Pass the keyboard to [bold]{self.name(seat)}[/bold] and press Enter. ",
            )
            if answer is None:
                return False
        self.last_human = seat
        self.console.print(Rule(f"{self.name(seat)} to move"))
        self.show_board(seat)
        self.show_moves(seat)
        while True:
            line = read_line(self.console, f"[bold]{self.game.seat_name(seat)}>[/bold] ")
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
                self.play(action)
            except ActionError as error:
                self.console.print(
                    f"[red]{escape(error.reason)}[/red] (type 'moves' for the legal moves)",
                    soft_wrap=True,
                )
                continue
            if self.private and seat not in self.match.to_act():
                self.console.clear()
            return True

    def finish(self) -> None:
        self.console.print(Rule("Game over"))
        self.show_board(self.narrator)
        self.console.print(self.game.explain_outcome(self.match.state), soft_wrap=True)
        outcome = self.match.outcome()
        assert outcome is not None
        winners = ", ".join(self.name(s) for s in outcome.winners)
        verb = "wins" if len(outcome.winners) == 1 else "share the win"
        self.console.print(f"[bold green]{winners} {verb}.[/bold green]")
        self.save_record()
