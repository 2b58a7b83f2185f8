"""``tycoon join LINK``: play an online seat (or watch a table) in the terminal.

The client speaks the server's WebSocket protocol (docs/server.md), the same one the browser
page speaks: the server pushes each change as this seat's own state message (its view already
rendered as text, its legal moves, its narration, who is connected, the move timer), so others'
moves appear as they happen, and "connected" is what the server counts from sockets. The prompts
are those of ``tycoon play``: a move in the game's notation (checked by the game's own parser
before it is sent, then by the server), ``moves``, ``board``, ``help``, plus ``undo``, ``who``,
``leave`` and ``quit``. The client knows the game only to present it and read notation; it never
holds a state or a seed, and it sees only what the server sends this seat.

A dropped connection is said and retried until the server is back; a wrong link, a server that
cannot be reached and a refused seat are one line and exit status 1.
"""

from __future__ import annotations

import contextlib
import difflib
import html
import json
import queue
import re
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any, Protocol

import typer
from rich.console import Console
from rich.markup import escape
from rich.rule import Rule

from tycoon.cli.terminal import discard_typeahead, make_console
from tycoon.core import TycoonError, make

HELP = """[bold]At your prompt[/bold]
  a move in the game's notation   play it (the server checks it too)
  moves  (or ?)                   the legal moves
  board                           the board again
  undo                            take back your last move, if nothing has happened since
  who                             who is at the table, connected or not, and the move timer
  leave                           a bot plays your seat until you come back with your link
  help                            this help
  quit                            close this client (your seat stays yours; Ctrl-C too)"""

RECENT = 20  # narration lines shown on joining
PATIENCE = 300.0  # seconds a lost server is waited for before the client gives up
MAX_MESSAGE = 16 * 1024 * 1024  # bytes in one message from the server


class JoinError(TycoonError):
    """The link, the server or the seat cannot be used: said in one line, exit status 1."""


# -- the link --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Link:
    """A table link (``http://HOST/table/ID``), with a seat and its token for a player."""

    base: str  # scheme://host[:port][/prefix], no trailing slash
    table: str
    seat: int | None = None
    token: str = ""

    def socket_url(self) -> str:
        scheme, rest = self.base.split("://", 1)
        url = f"{'wss' if scheme == 'https' else 'ws'}://{rest}/ws/table/{self.table}"
        if self.seat is not None:
            query = urllib.parse.urlencode({"seat": self.seat, "token": self.token})
            url += f"?{query}"
        return url

    def api(self, path: str = "") -> str:
        return f"{self.base}/api/tables/{self.table}{path}"

    def text(self) -> str:
        """The link as the lobby gives it."""
        link = f"{self.base}/table/{self.table}"
        if self.seat is not None:
            link += f"#seat={self.seat}&token={self.token}"
        return link


LINK_SHAPE = "http://HOST:PORT/table/ID (a seat's link adds #seat=N&token=...)"


def parse_link(text: str) -> Link:
    """The table and seat a link names, or :class:`JoinError` saying what a link looks like."""
    text = text.strip()
    if "://" not in text:
        text = "http://" + text
    parts = urllib.parse.urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise JoinError(f"{text} is not a table link: give {LINK_SHAPE}")
    match = re.fullmatch(r"(.*)/table/([A-Za-z0-9_-]+)/?", parts.path)
    if match is None:
        raise JoinError(f"{text} is not a table link: give {LINK_SHAPE}")
    base = f"{parts.scheme}://{parts.netloc}{match.group(1)}"
    fragment = urllib.parse.parse_qs(parts.fragment)
    seat_text, token = fragment.get("seat", [""])[0], fragment.get("token", [""])[0]
    if not seat_text and not token:
        return Link(base, match.group(2))
    if not seat_text.isdigit() or not token:
        raise JoinError(f"{text}: a seat's link ends #seat=N&token=... as the lobby gave it")
    return Link(base, match.group(2), int(seat_text), token)


def _request(url: str, body: dict[str, Any] | None = None) -> Any:
    """A JSON request to the server; its refusal's reason or the network's as a JoinError."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method="GET" if body is None else "POST")
    request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())
    except urllib.error.HTTPError as error:
        try:
            reason = json.loads(error.read()).get("error") or error.reason
        except (ValueError, AttributeError, OSError):
            reason = error.reason
        raise JoinError(str(reason)) from None
    except (urllib.error.URLError, OSError, TimeoutError) as error:
        why = getattr(error, "reason", error)
        raise JoinError(f"cannot reach the server at {url.split('/api/')[0]} ({why})") from None
    except ValueError:
        raise JoinError(f"{url.split('/api/')[0]} does not answer as a tycoon server") from None


def table_summary(link: Link) -> dict[str, Any]:
    """The table's public summary (game, players, options, seats); checks the table exists."""
    summary = _request(link.api())
    if not isinstance(summary, dict) or "game" not in summary:
        raise JoinError(f"{link.base} does not answer as a tycoon server")
    return summary


def take_seat(link: Link, seat: int, name: str) -> Link:
    """Take open seat ``seat`` (from 0) of the table by name: the seat's private link."""
    answer = _request(link.api(f"/seats/{seat}"), {"name": name})
    return Link(link.base, link.table, int(answer["seat"]), str(answer["token"]))


# -- the connection --------------------------------------------------------------------------------

# Events from a transport: ("message", dict), ("lost", reason), ("back", ""),
# ("refused", reason) before any state, ("gone", reason) when it cannot (re)connect.
Event = tuple[str, Any]


class Transport(Protocol):
    def start(self) -> None: ...

    def get(self, timeout: float) -> Event | None: ...

    def send(self, message: dict[str, Any]) -> bool: ...

    def close(self) -> None: ...


class SocketTransport:
    """The table's WebSocket, read by a thread of its own that reconnects when it drops."""

    def __init__(self, url: str, patience: float = PATIENCE) -> None:
        self.url = url
        self.patience = patience
        self.events: queue.Queue[Event] = queue.Queue()
        self._socket: Any = None
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._run, name="tycoon-join", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def get(self, timeout: float) -> Event | None:
        try:
            return self.events.get(timeout=timeout)
        except queue.Empty:
            return None

    def send(self, message: dict[str, Any]) -> bool:
        socket = self._socket
        if socket is None:
            return False
        try:
            socket.send(json.dumps(message))
        except Exception:  # closed meanwhile: the reader thread reconnects and says so
            return False
        return True

    def close(self) -> None:
        self._stopped.set()
        socket = self._socket
        if socket is not None:
            with contextlib.suppress(Exception):  # already closed
                socket.close()
        self._thread.join(timeout=5)

    def _run(self) -> None:
        from websockets.exceptions import InvalidStatus, WebSocketException
        from websockets.sync.client import connect

        ever = False  # a state was received once: from then on, drops are retried
        lost_since: float | None = None
        wait = 0.2
        while not self._stopped.is_set():
            try:
                with connect(self.url, open_timeout=10, max_size=MAX_MESSAGE) as socket:
                    self._socket = socket
                    first = True
                    for frame in socket:
                        data = json.loads(frame)
                        if first and data.get("type") == "error":
                            self.events.put(("refused", str(data.get("reason", "refused"))))
                            return
                        if first and ever:
                            self.events.put(("back", ""))
                        first, ever, lost_since, wait = False, True, None, 0.2
                        self.events.put(("message", data))
                    reason = "the server closed the connection"
            except InvalidStatus as error:
                reason = f"the server answered HTTP {error.response.status_code}"
                if not ever:
                    where = self.url.split("?", 1)[0]  # not the token
                    self.events.put(("gone", f"{where} is not a tycoon table ({reason})"))
                    return
            except (OSError, TimeoutError, WebSocketException, ValueError) as error:
                reason = str(error) or type(error).__name__
                if not ever:
                    self.events.put(("gone", f"cannot reach the server ({reason})"))
                    return
            finally:
                self._socket = None
            if self._stopped.is_set():
                return
            now = time.monotonic()
            if lost_since is None:
                lost_since = now
                self.events.put(("lost", reason))
            elif now - lost_since > self.patience:
                self.events.put(("gone", f"the server has been gone for {self.patience:g} s"))
                return
            self._stopped.wait(wait)
            wait = min(wait * 2, 3.0)


# -- the keyboard ----------------------------------------------------------------------------------

END = "\x04"  # what a line source gives at the end of input


class Lines(Protocol):
    def poll(self, timeout: float) -> str | None: ...

    def discard(self) -> None: ...


class KeyboardLines:
    """Lines typed at the terminal (or piped), read by a daemon thread so the screen stays live
    while nothing is typed; piped lines are echoed, as ``tycoon play`` does."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, name="tycoon-keys", daemon=True).start()

    def _read(self) -> None:
        while True:
            try:
                line = sys.stdin.readline()
            except (OSError, ValueError):
                line = ""
            if not line:
                self.lines.put(END)
                return
            self.lines.put(line.rstrip("\r\n"))

    def poll(self, timeout: float) -> str | None:
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            return None
        if line != END and not sys.stdin.isatty():
            self.console.print(line, markup=False, highlight=False)
        return line

    def discard(self) -> None:
        """Keys typed before a decision was shown never answer it (piped input is kept)."""
        if not sys.stdin.isatty():
            return
        discard_typeahead()
        while True:
            try:
                self.lines.get_nowait()
            except queue.Empty:
                return


# -- the session -----------------------------------------------------------------------------------


def new_lines(old: list[str], new: list[str]) -> list[str]:
    """The narration lines of ``new`` that ``old`` (an earlier copy of the same bounded log)
    did not show: those after the last stretch both share."""
    if not old:
        return list(new)
    blocks = [
        b
        for b in difflib.SequenceMatcher(None, old, new, autojunk=False).get_matching_blocks()
        if b.size
    ]
    if not blocks:
        return list(new)
    last = blocks[-1]
    return new[last.b + last.size :]


def board_text(message: dict[str, Any]) -> str:
    """The seat's board as Rich markup (older servers send only the HTML: its text, unstyled)."""
    text = message.get("text")
    if isinstance(text, str):
        return text
    plain = html.unescape(re.sub(r"<[^>]+>", "", str(message.get("board", ""))))
    return escape(plain)


class JoinSession:
    """One seat (or a spectator) at an online table, in the terminal."""

    def __init__(
        self,
        console: Console,
        link: Link,
        transport: Transport,
        lines: Lines,
        game: Any = None,
    ) -> None:
        self.console = console
        self.link = link
        self.transport = transport
        self.lines = lines
        self.game = game  # for notation and seat names only; None: the server parses
        self.state: dict[str, Any] | None = None
        self.log: list[str] = []
        self.connected: dict[int, bool] = {}
        self.waiting_for: tuple[int, ...] | None = None
        self.asked: int | None = None  # the version whose decision was last shown
        self.at_prompt = False  # a prompt is shown and not yet answered
        self.input_over = False

    # -- output --------------------------------------------------------------------------------
    @property
    def seat(self) -> int | None:
        return self.link.seat

    def name(self, seat: int) -> str:
        assert self.state is not None
        info = self.state["seats"][seat]
        label = str(info["label"])
        if info.get("name"):
            return f"{info['name']} ({label})"
        if info.get("bot"):
            return f"{label} (bot: {info['bot']})"
        return label

    def out(self, renderable: Any = "", **options: Any) -> None:
        """Print, first ending the prompt's line if a prompt is shown."""
        if self.at_prompt:
            self.console.print()
            self.at_prompt = False
        self.console.print(renderable, **options)

    def say(self, text: str, style: str = "") -> None:
        line = f"[{style}]{escape(text)}[/{style}]" if style else escape(text)
        self.out(line, soft_wrap=True)

    def my_turn(self) -> bool:
        state = self.state
        return (
            state is not None
            and self.seat is not None
            and not state["over"]
            and self.seat in state["to_act"]
            and bool(state["legal"])
        )

    def prompt_text(self) -> str:
        assert self.state is not None and self.seat is not None
        label = str(self.state.get("prompt") or "")
        if self.game is not None:
            who = str(self.game.seat_name(self.seat))
        else:
            who = str(self.state["seats"][self.seat]["label"])
        return who + (f" ({label})" if label else "")

    def show_prompt(self) -> None:
        self.console.print(f"[bold]{escape(self.prompt_text())}>[/bold] ", end="")
        self.at_prompt = True

    def show_board(self) -> None:
        assert self.state is not None
        self.out(board_text(self.state), soft_wrap=True)

    def show_moves(self) -> None:
        assert self.state is not None
        self.out("[bold]Legal moves:[/bold]")
        for line in self.state.get("help") or []:
            self.out(f"  {escape(line)}", soft_wrap=True)
        count = self.state.get("legal_count", 0)
        if count > len(self.state.get("legal") or []):
            self.out(f"  ({count} moves in all: type one in the game's notation)")

    def show_who(self) -> None:
        state = self.state
        assert state is not None
        for info in state["seats"]:
            seat = int(info["seat"])
            notes = []
            if seat == self.seat:
                notes.append("you")
            if info.get("bot"):
                notes.append("bot")
            elif not info.get("taken"):
                notes.append("open seat")
            elif info.get("connected"):
                notes.append("connected")
            else:
                notes.append("not connected")
            if info.get("zombie"):
                notes.append("a bot plays for them")
            if info.get("to_act"):
                notes.append("to move")
            self.say(f"  {self.name(seat)}: {', '.join(notes)}")
        watching = state.get("spectators", 0)
        if watching:
            self.say(f"  and {watching} watching")
        if state.get("timer"):
            self.say(f"  move timer: {state['timer']:g} s")

    def show_decision(self) -> None:
        """This seat is to act at a new version: heading, board, legal moves, timer, prompt."""
        state = self.state
        assert state is not None and self.seat is not None
        label = str(state.get("prompt") or "")
        heading = f"{self.name(self.seat)} to move" + (f": {label}" if label else "")
        self.out(Rule(escape(heading)))
        self.show_board()
        self.show_moves()
        if state.get("deadline") is not None:
            self.say(
                f"You have {round(state['deadline'])} s for this move "
                "(then a bot plays for you until you are back).",
                "yellow",
            )
        self.lines.discard()  # keys typed before this decision was shown never answer it
        self.show_prompt()

    # -- events --------------------------------------------------------------------------------
    def on_state(self, message: dict[str, Any]) -> None:
        first = self.state is None
        previous = self.state
        self.state = message
        if first:
            self.welcome(message)
        else:
            for line in new_lines(self.log, message["log"]):
                self.say(line)
            self.connections(message)
        self.log = list(message["log"])
        if previous is not None and message["version"] < previous["version"]:
            self.asked = None  # a move was taken back: the decision is asked again
        if message["over"]:
            return
        if self.my_turn():
            if self.asked != message["version"]:
                self.asked = message["version"]
                self.waiting_for = None
                self.show_decision()
            elif not self.at_prompt:
                self.show_prompt()
            return
        to_act = tuple(message["to_act"])
        if to_act != self.waiting_for:
            self.waiting_for = to_act
            people = [s for s in to_act if not message["seats"][s].get("bot")]
            if people:  # bots move at once, and their moves are narrated
                deadline = message.get("deadline")
                left = "" if deadline is None else f" ({round(deadline)} s left)"
                self.say("Waiting for " + ", ".join(self.name(s) for s in people) + left, "dim")

    def welcome(self, message: dict[str, Any]) -> None:
        self.out(Rule(escape(f"{message['title']}: table {message['table']}")))
        if self.seat is None:
            self.say("You are watching (a spectator): the game goes on by itself.")
        else:
            self.say(f"You play {self.name(self.seat)}. Type 'help' for the commands.")
        self.show_who()
        recent = message["log"][-RECENT:]
        if len(message["log"]) > len(recent):
            self.say("…", "dim")
        for line in recent:
            self.say(line)
        self.connected = {s["seat"]: bool(s["connected"]) for s in message["seats"]}
        if not self.my_turn() and not message["over"]:
            self.show_board()

    def connections(self, after: dict[str, Any]) -> None:
        """Announce the people who connected or went away since the last state."""
        for info in after["seats"]:
            seat = int(info["seat"])
            now = bool(info["connected"])
            if seat == self.seat or info.get("bot"):
                self.connected[seat] = now
                continue
            if self.connected.get(seat) != now:
                self.say(
                    f"{self.name(seat)} " + ("has connected" if now else "has disconnected"),
                    "dim",
                )
            self.connected[seat] = now

    def finish(self) -> None:
        state = self.state
        assert state is not None
        self.out(Rule("Game over"))
        self.show_board()
        result = state.get("result_text")
        if isinstance(result, str):
            self.out(result, soft_wrap=True)
        winners = [self.name(s) for s in state.get("winners", [])]
        if winners:
            verb = "wins" if len(winners) == 1 else "share the win"
            self.out(f"[bold green]{escape(', '.join(winners))} {verb}.[/bold green]")
        self.say(f"The game's record: {self.link.api('/record')}")

    # -- commands --------------------------------------------------------------------------------
    def command(self, line: str) -> bool:
        """Act on a typed line; False when the client should stop (quit, leave)."""
        self.at_prompt = False
        word = line.strip().lower()
        if not word:
            if self.my_turn():
                self.show_prompt()
            return True
        if word in ("quit", "exit"):
            return False
        if word in ("help", "h"):
            self.out(HELP)
        elif word in ("board", "b"):
            self.show_board()
        elif word in ("who", "w"):
            self.show_who()
        elif word in ("moves", "?", "m"):
            if self.my_turn():
                self.show_moves()
            else:
                self.not_your_turn()
        elif self.seat is None:
            self.say("A spectator only watches: 'board', 'who', 'help' or 'quit'.", "red")
        elif word == "undo":
            self.send({"type": "undo"})
            return True  # the server answers: the decision again, or why not
        elif word == "leave":
            self.send({"type": "leave"})
            self.say("You left: a bot plays your seat until you come back with your link.")
            return False
        elif not self.my_turn():
            self.not_your_turn()
        else:
            self.move(line.strip())
            return True
        if self.my_turn():
            self.show_prompt()
        return True

    def not_your_turn(self) -> None:
        assert self.state is not None
        if self.state["over"]:
            self.say("The game is over.", "red")
            return
        waiting = ", ".join(self.name(s) for s in self.state["to_act"])
        self.say(f"It is not your turn (waiting for {waiting}).", "red")

    def mistake(self, reason: str) -> None:
        self.out(f"[red]{escape(reason)}[/red] (type 'moves' for the legal moves)", soft_wrap=True)
        if self.my_turn():
            self.show_prompt()

    def move(self, text: str) -> None:
        assert self.state is not None and self.seat is not None
        if self.game is not None:
            try:
                self.game.parse_action(text, self.seat)
            except TycoonError as error:
                self.mistake(error.reason)
                return
        self.send({"type": "move", "notation": text, "version": self.state["version"]})

    def send(self, message: dict[str, Any]) -> None:
        if not self.transport.send(message):
            self.say("Not connected to the server just now: try again once it is back.", "red")
            if self.my_turn():
                self.show_prompt()

    # -- the loop --------------------------------------------------------------------------------
    def handle(self, event: Event) -> int | None:
        """One event from the transport; an exit status when the client is done."""
        kind, data = event
        if kind == "message":
            if data.get("type") == "state":
                self.on_state(data)
                if data["over"]:
                    self.finish()
                    return 0
            elif data.get("type") == "error":
                self.mistake(str(data.get("reason", "refused")))
        elif kind == "lost":
            self.say(f"The connection to the server was lost ({data}); reconnecting…", "yellow")
        elif kind == "back":
            self.say("Reconnected to the server.", "yellow")
        elif kind in ("refused", "gone"):
            raise JoinError(str(data))
        return None

    def run(self) -> int:
        """Until the game is over (0), the player stops (1) or Ctrl-C (130); a
        :class:`JoinError` when the server refuses or cannot be reached."""
        self.transport.start()
        try:
            while True:
                event = self.transport.get(0.05)
                while event is not None:
                    status = self.handle(event)
                    if status is not None:
                        return status
                    event = self.transport.get(0)
                if self.state is None or self.input_over:
                    continue
                line = self.lines.poll(0.05)
                if line is None:
                    continue
                if line == END:
                    if self.seat is None:
                        self.input_over = True  # a spectator watches on without a keyboard
                        continue
                    self.out()
                    return self.stopped()
                if not self.command(line):
                    return self.stopped()
        except KeyboardInterrupt:
            self.out()
            self.stopped()
            return 130
        finally:
            self.transport.close()

    def stopped(self) -> int:
        if self.seat is None:
            self.say("Stopped watching.", "yellow")
        else:
            self.say(
                "You left the client; your seat stays yours. Come back with: "
                f"tycoon join '{self.link.text()}'",
                "yellow",
            )
        return 1


def local_game(summary: dict[str, Any]) -> Any:
    """The game as configured at the table, for notation and names (None if this tycoon
    cannot make it: then the server alone reads the moves)."""
    try:
        return make(str(summary["game"]), int(summary["players"]), **dict(summary["options"]))
    except (TycoonError, KeyError, TypeError, ValueError):
        return None


def join_table(
    console: Console,
    link_text: str,
    seat: int | None = None,
    name: str | None = None,
    lines: Lines | None = None,
    transport_factory: Callable[[str], Transport] = SocketTransport,
) -> int:
    """Join the table ``link_text`` names (taking open seat ``seat`` by ``name`` if given);
    returns the exit status. Raises :class:`JoinError` for a link, server or seat refused."""
    link = parse_link(link_text)
    try:
        import websockets.sync.client  # noqa: F401  (the socket's client, from the [web] extra)
    except ImportError:
        raise JoinError("tycoon join needs the web extra: pip install 'tycoon[web]'") from None
    if (seat is None) != (name is None):
        raise JoinError("to take an open seat give both --seat N and --name NAME")
    summary = table_summary(link)
    if seat is not None and name is not None:
        if link.seat is not None:
            raise JoinError("that link already holds a seat; --seat and --name take an open one")
        players = len(summary.get("seats", []))
        if not 1 <= seat <= players:
            raise JoinError(f"this table has seats 1 to {players}")
        link = take_seat(link, seat - 1, name)
        console.print(
            "Your seat's private link (keep it; it opens your seat again): "
            f"[bold]{escape(link.text())}[/bold]",
            soft_wrap=True,
        )
    session = JoinSession(
        console,
        link,
        transport_factory(link.socket_url()),
        lines if lines is not None else KeyboardLines(console),
        local_game(summary),
    )
    return session.run()


def join(
    link: Annotated[
        str, typer.Argument(help="a seat's private link from the lobby, or a table's link")
    ],
    seat: Annotated[
        int | None, typer.Option(help="with a table's link: take this open seat (1, 2, ...)")
    ] = None,
    name: Annotated[str | None, typer.Option(help="with --seat: your name at the table")] = None,
    plain: Annotated[bool, typer.Option(help="no colours")] = False,
) -> None:
    """Play an online seat in the terminal (its private link), or watch a table (its link)."""
    out = make_console(plain)
    try:
        status = join_table(out, link, seat, name)
    except JoinError as error:
        make_console(stderr=True).print(f"[red]error:[/red] {escape(error.reason)}", soft_wrap=True)
        raise typer.Exit(2) from None  # a user mistake, as everywhere: status 2
    raise typer.Exit(status)
