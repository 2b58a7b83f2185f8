"""``tycoon join LINK`` against the app served in this process (uvicorn on a loopback port, so
the client's real WebSocket transport is used), on the sealed-auction test game: a seat played to
the end, errors to that seat only, undo, a spectator following, reconnecting, and refusals."""

from __future__ import annotations

import io
import re
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

import httpx
import uvicorn
from rich.console import Console
from server.process import free_port  # tests/ is on the path (tests/conftest.py)
from sim.support import tycoon  # tests/ is on the path (tests/conftest.py)

from tycoon.cli.join import (
    END,
    JoinError,
    JoinSession,
    Link,
    SocketTransport,
    join_table,
    new_lines,
    parse_link,
)
from tycoon.server.app import create_app
from tycoon.server.master import Master

PATIENCE = 60.0  # seconds to wait for the server or the client before a test fails


def until(condition: Callable[[], Any], what: str) -> Any:
    deadline = time.monotonic() + PATIENCE
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting for {what}")
        time.sleep(0.02)


class LocalServer:
    """The app on a loopback port, served by uvicorn in a thread of this process."""

    def __init__(self, database: str, port: int) -> None:
        self.database, self.port = database, port
        self.base = f"http://127.0.0.1:{port}"
        self.server: uvicorn.Server | None = None
        self.thread: threading.Thread | None = None

    def start(self) -> LocalServer:
        app = create_app(self.database, bot_workers=0, rate=10_000, burst=10_000)
        config = uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        until(lambda: self.server is not None and self.server.started, "the server to start")
        self.app = app
        return self

    def stop(self) -> None:
        if self.server is not None and self.thread is not None:
            self.server.should_exit = True
            self.thread.join(PATIENCE)
            self.server = None

    def table(self, game: str, seats: list[Any]) -> dict[str, Any]:
        response = httpx.post(f"{self.base}/api/tables", json={"game": game, "seats": seats})
        assert response.status_code == 200, response.text
        made: dict[str, Any] = response.json()
        return made

    def link(self, table: dict[str, Any], seat: int | None = None) -> str:
        if seat is None:
            return f"{self.base}{table['table']}"
        link: str = next(s["link"] for s in table["seats"] if s["seat"] == seat)
        return self.base + link

    def master(self) -> Master:
        master: Master = self.app.state.master
        return master


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LocalServer]:
    local = LocalServer(f"sqlite:///{tmp_path / 'tycoon.db'}", free_port()).start()
    try:
        yield local
    finally:
        local.stop()


class Script:
    """Lines typed by a test: each (when, line) is typed once ``when(session)`` holds, in order;
    then, if ``play_on``, the first legal move at every prompt."""

    def __init__(
        self, steps: list[tuple[Callable[[JoinSession], bool], str]], play_on: bool = True
    ) -> None:
        self.steps = list(steps)
        self.play_on = play_on
        self.session: JoinSession | None = None
        self.typed: list[str] = []
        self.deadline = time.monotonic() + 120  # a step that never comes fails, never hangs

    def poll(self, timeout: float) -> str | None:
        session = self.session
        assert session is not None
        assert time.monotonic() < self.deadline, f"still waiting to type {self.steps[:1]}"
        line: str | None = None
        if self.steps and self.steps[0][0](session):
            line = self.steps.pop(0)[1]
        elif not self.steps and self.play_on and session.at_prompt and session.state:
            line = session.state["legal"][0]["notation"]
        if line is None:
            time.sleep(timeout)
            return None
        self.typed.append(line)
        session.console.print(line, markup=False)  # as the terminal echoes what is typed
        return line

    def discard(self) -> None:
        pass


class Ended:
    """Input that has ended (a closed pipe, Ctrl-D)."""

    def poll(self, timeout: float) -> str | None:
        return END

    def discard(self) -> None:
        pass


def at_prompt(session: JoinSession) -> bool:
    return session.at_prompt


def console() -> Console:
    return Console(file=io.StringIO(), width=120, no_color=True, highlight=False)


def text_of(out: Console) -> str:
    file = out.file
    assert isinstance(file, io.StringIO)
    return file.getvalue()


def session_for(link_text: str, script: Script, out: Console) -> JoinSession:
    link = parse_link(link_text)
    session = JoinSession(out, link, SocketTransport(link.socket_url(), patience=PATIENCE), script)
    script.session = session
    return session


# -- links and narration ---------------------------------------------------------------------------


def test_links_name_the_table_and_the_seat() -> None:
    seat = parse_link("http://127.0.0.1:8000/table/AbC_9-x#seat=1&token=t0k-en_")
    assert seat == Link("http://127.0.0.1:8000", "AbC_9-x", 1, "t0k-en_")
    assert seat.socket_url() == "ws://127.0.0.1:8000/ws/table/AbC_9-x?seat=1&token=t0k-en_"
    assert seat.text() == "http://127.0.0.1:8000/table/AbC_9-x#seat=1&token=t0k-en_"
    watch = parse_link("https://games.example/tycoon/table/T1")
    assert watch == Link("https://games.example/tycoon", "T1")
    assert watch.socket_url() == "wss://games.example/tycoon/ws/table/T1"
    assert parse_link("localhost:8000/table/T1").base == "http://localhost:8000"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "hello",
        "ftp://host/table/T1",
        "http://host/lobby",
        "http://host/table/",
        "http://host/table/T1#seat=x&token=abc",
        "http://host/table/T1#seat=1",
        "http://host/table/T1#token=abc",
    ],
)
def test_a_wrong_link_says_what_a_link_looks_like(text: str) -> None:
    with pytest.raises(JoinError) as refused:
        parse_link(text)
    assert "table" in refused.value.reason and "seat" in refused.value.reason


def test_only_narration_not_yet_shown_is_printed() -> None:
    assert new_lines([], ["a", "b"]) == ["a", "b"]
    assert new_lines(["a", "b"], ["a", "b", "c"]) == ["c"]
    assert new_lines(["a", "b", "a", "b"], ["a", "b", "a", "b", "a", "b"]) == ["a", "b"]
    assert new_lines(["a", "b", "c"], ["b", "c", "d"]) == ["d"]  # the oldest line dropped
    assert new_lines(["a", "b", "back"], ["a", "b"]) == []  # rebuilt after a restart
    assert new_lines(["a", "b"], ["a", "b"]) == []


# -- playing a seat --------------------------------------------------------------------------------


def test_a_seat_plays_to_the_end_with_the_prompts_of_play(server: LocalServer) -> None:
    table = server.table("sealed-auction", [{"name": "Ann"}, "random"])
    out = console()
    script = Script(
        [
            (at_prompt, "help"),
            (at_prompt, "moves"),
            (at_prompt, "board"),
            (at_prompt, "who"),
            (at_prompt, "undo"),  # the bot has bid since: refused, with the reason
            (at_prompt, "bid lots"),  # the game's parser refuses it here, nothing is sent
            (at_prompt, "bid 11"),  # parses, but the server refuses it: more than the cash
        ]
    )
    status = session_for(server.link(table, 0), script, out).run()
    text = text_of(out)
    assert status == 0, text
    assert "You play Ann (Seat 1)" in text
    assert "At your prompt" in text and "undo" in text  # help
    assert "Legal moves:" in text and "bid 0  (any amount 0..10)" in text
    assert "Seat 1>" in text
    assert "Seat 2 (bot: random): bot" in text  # who
    assert "'bid lots' is not a bid (write: bid 3)" in text
    assert "cannot undo: another seat has acted since your last move" in text
    assert "Seat 1> undo\ncannot undo" in text  # one prompt: the server's answer follows it
    assert "bid 11" in script.typed and "bid 11 is not a legal move now" in text
    assert "Seat 2 (bot: random): commits a sealed bid" in text  # the other's bid stays sealed
    assert "bids revealed:" in text
    assert "Game over" in text and ("wins." in text or "share the win." in text)
    assert f"/api/tables/{table['id']}/record" in text
    record = httpx.get(f"{server.base}/api/tables/{table['id']}/record").text
    assert '"bid 0"' in record  # the moves typed are the moves stored
    assert "Traceback" not in text


def test_undo_takes_back_the_last_move_and_asks_again(server: LocalServer) -> None:
    table = server.table("sealed-auction", [{"name": "Ann"}, {"name": "Bob"}])
    out = console()

    def my_bid_stands(session: JoinSession) -> bool:
        state = session.state
        return state is not None and state["version"] == 1 and bool(state.get("can_undo"))

    def asked_again(session: JoinSession) -> bool:  # an undo never gives back a used version
        return session.at_prompt and session.state is not None and session.state["version"] == 2

    script = Script([(at_prompt, "bid 4"), (my_bid_stands, "undo"), (asked_again, "quit")])
    status = session_for(server.link(table, 0), script, out).run()
    text = text_of(out)
    assert status == 1, text  # quit: the seat stays, the game goes on
    assert "Ann (Seat 1): bid 4" in text and "Ann (Seat 1) takes back the last move" in text
    assert text.index("bid 4") < text.index("Waiting for Bob (Seat 2)") < text.index("takes back")
    assert text.count("Ann (Seat 1) to move") == 2  # asked again after the undo
    assert "Come back with: tycoon join 'http://" in text
    master = server.master()
    live = master.tables[table["id"]]
    assert live.version == 2 and not live.match.steps  # the bid is gone, its version too


def test_a_spectator_follows_the_game_live_and_sees_no_sealed_bid(server: LocalServer) -> None:
    table = server.table("sealed-auction", [{"name": "Ann"}, "random"])
    ann = parse_link(server.link(table, 0))
    out = console()
    link = parse_link(server.link(table))
    watcher = JoinSession(out, link, SocketTransport(link.socket_url()), Ended())  # no keyboard
    outcome: list[int] = []
    thread = threading.Thread(target=lambda: outcome.append(watcher.run()))
    thread.start()
    until(lambda: "You are watching" in text_of(out), "the spectator's welcome")
    bids = ["bid 2", "bid 1", "bid 0"]
    for number, bid in enumerate(bids, 1):
        httpx.post(
            f"{server.base}/api/tables/{table['id']}/moves",
            json={"seat": ann.seat, "token": ann.token, "notation": bid},
        ).raise_for_status()
        # Live, and sealed: Ann's commit shown while the game goes on, without its amount. (Not
        # "the next version": the bot commits in the same rounds, and under load its commit
        # can be the version the spectator sees first.)
        commits = "Ann (Seat 1): commits a sealed bid"
        until(lambda: text_of(out).count(commits) >= number, "Ann's sealed bid to appear")  # noqa: B023
    thread.join(PATIENCE)
    text = text_of(out)
    assert outcome == [0], text
    assert "Game over" in text and "bids revealed: Seat 1 2" in text
    assert "Waiting for Ann (Seat 1)" in text and "Waiting for Seat 2" not in text  # a bot's
    for bid in bids:
        assert f"Ann (Seat 1): {bid}" not in text
    assert watcher.command("bid 1") and "A spectator only watches" in text_of(out)


def test_the_client_reconnects_when_the_server_comes_back(server: LocalServer) -> None:
    table = server.table("sealed-auction", [{"name": "Ann"}, "random"])
    out = console()

    def one_bid_made(session: JoinSession) -> bool:
        return session.at_prompt and session.state is not None and session.state["version"] >= 3

    script = Script([(at_prompt, "bid 1"), (one_bid_made, "")], play_on=False)
    session = session_for(server.link(table, 0), script, out)
    outcome: list[int] = []
    thread = threading.Thread(target=lambda: outcome.append(session.run()))
    thread.start()
    until(lambda: not script.steps, "the first round")
    server.stop()
    until(lambda: "reconnecting" in text_of(out), "the client to notice")
    server.start()
    until(lambda: "Reconnected to the server." in text_of(out), "the client to reconnect")
    script.play_on = True
    thread.join(PATIENCE)
    text = text_of(out)
    assert outcome == [0], text
    assert text.index("reconnecting") < text.index("Reconnected") < text.index("Game over")


# -- refusals: one line, exit status 1 -------------------------------------------------------------


def refused(monkeypatch, capsys, *args: str) -> str:
    code, out, err = tycoon(monkeypatch, capsys, "join", *args)
    assert code == 2, out + err
    assert err.startswith("error: ") and err.count("\n") == 1, err
    assert "Traceback" not in out + err
    return err


def test_a_wrong_token_an_unknown_table_or_a_dead_server_is_one_line(
    monkeypatch, capsys, server: LocalServer
) -> None:
    table = server.table("sealed-auction", [{"name": "Ann"}, "random"])
    link = server.link(table, 0)
    wrong = link.rsplit("token=", 1)[0] + "token=not-the-token"
    assert "that link does not hold seat 1 of this table" in refused(monkeypatch, capsys, wrong)
    assert "no table" in refused(monkeypatch, capsys, f"{server.base}/table/NoSuchTable")
    dead = f"http://127.0.0.1:{free_port()}/table/{table['id']}"
    assert "cannot reach the server at http://127.0.0.1:" in refused(monkeypatch, capsys, dead)
    assert "is not a table link" in refused(monkeypatch, capsys, "http://example/lobby")
    seat_two = "--seat", "2", "--name", "Bob"
    assert "seat" in refused(monkeypatch, capsys, server.link(table), *seat_two)  # a bot's


def test_an_open_seat_is_taken_by_name_once(monkeypatch, capsys, server: LocalServer) -> None:
    table = server.table("sealed-auction", ["human", "random"])
    code, out, err = tycoon(
        monkeypatch,
        capsys,
        *("join", server.link(table), "--seat", "1", "--name", "Cy"),
        stdin="quit\n",
    )
    assert code == 1, out + err
    assert "Your seat's private link" in out and "#seat=0&token=" in out
    assert "You play Cy (Seat 1)" in out and "Seat 1>" in out
    again = refused(monkeypatch, capsys, server.link(table), "--seat", "1", "--name", "Di")
    assert "taken" in again


def test_join_table_needs_both_seat_and_name(server: LocalServer) -> None:
    table = server.table("sealed-auction", ["human", "random"])
    lines = Script([], play_on=False)
    with pytest.raises(JoinError, match="both --seat N and --name NAME"):
        join_table(console(), server.link(table), seat=1, lines=lines)


def test_the_end_of_input_stops_a_seat(server: LocalServer) -> None:
    table = server.table("sealed-auction", [{"name": "Ann"}, "random"])
    out = console()
    link = parse_link(server.link(table, 0))
    seat = JoinSession(out, link, SocketTransport(link.socket_url()), Ended())
    assert seat.run() == 1 and "your seat stays yours" in text_of(out)


def test_the_state_message_carries_what_a_terminal_prints(server: LocalServer) -> None:
    from tycoon.server.render import markup_to_html

    table = server.table("water-rights", [{"name": "Ann"}, "greedy", "greedy"])
    seat = parse_link(server.link(table, 0))
    url = f"{server.base}/api/tables/{table['id']}/view"
    message = httpx.get(url, params={"seat": 0, "token": seat.token}).json()
    match = server.master().tables[table["id"]].match
    view = match.view(0)
    assert message["text"] == match.game.render_text(view)
    assert message["board"] == markup_to_html(message["text"])
    assert message["prompt"] == match.game.prompt_label(view, 0) == "drafting"
    watching = httpx.get(url).json()
    assert watching["text"] == match.game.render_text(match.view(None))
    assert "prompt" not in watching and "result_text" not in watching


def test_the_move_timer_and_who_comes_and_goes_are_shown(server: LocalServer) -> None:
    from websockets.sync.client import connect

    response = httpx.post(
        f"{server.base}/api/tables",
        json={"game": "sealed-auction", "seats": [{"name": "Ann"}, {"name": "Bob"}], "timer": 600},
    )
    table = response.json()
    out = console()
    bob = parse_link(server.link(table, 1))

    def bob_came_and_went(session: JoinSession) -> bool:
        return "Bob (Seat 2) has disconnected" in text_of(out)

    script = Script([(bob_came_and_went, "quit")], play_on=False)
    ann = session_for(server.link(table, 0), script, out)
    thread = threading.Thread(target=ann.run)
    thread.start()
    until(lambda: ann.at_prompt, "Ann's prompt")
    with connect(bob.socket_url()) as socket:
        socket.recv()
        until(lambda: "Bob (Seat 2) has connected" in text_of(out), "Bob to be seen")
    thread.join(PATIENCE)
    text = text_of(out)
    left = re.search(r"You have (\d+) s for this move", text)
    assert left is not None and 500 < int(left.group(1)) <= 600
    assert "Bob (Seat 2): not connected" in text  # who, on joining
    assert text.index("has connected") < text.index("has disconnected")


def test_leave_hands_the_seat_to_a_bot_until_its_person_is_back(server: LocalServer) -> None:
    table = server.table("sealed-auction", [{"name": "Ann"}, "random"])
    out = console()
    status = session_for(server.link(table, 0), Script([(at_prompt, "leave")]), out).run()
    assert status == 1
    assert "You left: a bot plays your seat until you come back with your link." in text_of(out)
    summary = f"{server.base}/api/tables/{table['id']}"
    until(lambda: httpx.get(summary).json()["status"] == "over", "the bot to finish")
    out = console()
    assert session_for(server.link(table, 0), Script([]), out).run() == 0  # over: the result
    text = text_of(out)
    assert "Game over" in text  # played to its end without Ann: a bot played her seat
    assert "Ann (Seat 1): bid" in text  # her seat's moves, narrated to her
