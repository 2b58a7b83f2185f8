"""The web face: HTTP JSON API, one WebSocket per connection, and the lobby and table pages.

Only this package knows about HTTP. Every request that acts or reads a seat's view carries that
seat's credential; the seed, the record and other seats' views of a running game are never sent.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import json
import logging
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates

import tycoon
from tycoon.core import TycoonError, get_spec
from tycoon.core.players import bots_for
from tycoon.server.collector import scheduled_collections
from tycoon.server.hub import listen
from tycoon.server.master import (
    FORGET_AFTER,
    BadRequest,
    LiveTable,
    Master,
    NotFound,
    Refused,
    SeatRequest,
    TooLarge,
)
from tycoon.server.replays import RECORD_LIMIT, ReplayError, Replays, Unfinished, parse_upload
from tycoon.server.storage import (
    CHANNEL,
    HUMAN,
    OVER,
    PLAYING,
    SqlStorage,
    Storage,
    StorageError,
    TableRow,
    UnknownTableError,
)

log = logging.getLogger("tycoon.server")

HERE = Path(__file__).parent
MESSAGE_LIMIT = 64 * 1024  # bytes in one message from a client
LISTED_IDLE = 7 * 86_400  # seconds without a move after which the lobby no longer lists a table
# What a move may carry besides who sends it: its notation or its choice (and amount), and the
# version of the table it was chosen at.
MOVE_FIELDS = ("notation", "choice", "amount", "version")
RATE = 20.0  # messages per second a connection may send, on average
BURST = 40.0  # and at once
STRIKES = 100  # messages refused for speed before the connection is closed
OUTBOX = 64  # replies queued for a connection that reads nothing before it is closed


class SocketClient:
    """One WebSocket: its seat (``None``: spectator), its outbox, its rate limit.

    A newer state replaces an older one still waiting to be sent (each carries the whole view
    and narration), so a slow connection costs one pending state, never a growing queue."""

    def __init__(
        self, socket: WebSocket, seat: int | None, rate: float = RATE, burst: float = BURST
    ) -> None:
        self.socket = socket
        self.seat = seat
        self.rate = rate
        self.burst = burst
        self.notes: collections.deque[dict[str, Any]] = collections.deque()
        self.state: dict[str, Any] | None = None
        self.ready = asyncio.Event()
        self.tokens = burst
        self.checked = time.monotonic()
        self.strikes = 0
        self.closed = False
        self.overrun = False

    def push(self, message: dict[str, Any]) -> None:
        if self.closed:
            return
        if message.get("type") == "state":
            self.state = message
        elif len(self.notes) >= OUTBOX:  # it reads nothing: close it; its link resumes it
            self.overrun = True
            self.closed = True
        else:
            self.notes.append(message)
        self.ready.set()

    def close(self, violation: bool = False) -> None:
        self.closed = True
        self.overrun = self.overrun or violation
        self.ready.set()

    def allow(self) -> bool:
        """The token bucket: ``rate`` messages a second on average, ``burst`` at once."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.checked) * self.rate)
        self.checked = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        self.strikes += 1
        return False

    async def writer(self) -> None:
        try:
            while True:
                await self.ready.wait()
                self.ready.clear()
                while self.notes or self.state is not None:
                    if self.notes:
                        await self.socket.send_text(json.dumps(self.notes.popleft()))
                    elif self.state is not None:
                        message, self.state = self.state, None
                        await self.socket.send_text(json.dumps(message))
                if self.closed:
                    break
        except (WebSocketDisconnect, RuntimeError, OSError):
            pass
        self.closed = True
        with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
            await self.socket.close(code=1008 if self.overrun else 1000)


def error(reason: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": reason}, status_code=status)


def status_of(problem: TycoonError) -> int:
    if isinstance(problem, Refused):
        return problem.status
    if isinstance(problem, UnknownTableError):
        return 404
    if isinstance(problem, StorageError):
        return 409
    if isinstance(problem, ReplayError):
        return problem.status
    return 400


def game_catalogue() -> list[dict[str, Any]]:
    """Every game with its player counts, options (defaults shown) and bots."""
    result = []
    for spec in tycoon.game_specs():
        result.append(
            {
                "name": spec.name,
                "title": spec.title,
                "summary": spec.summary,
                "min_players": spec.min_players,
                "max_players": spec.max_players,
                "default_players": spec.default_players,
                "options": [
                    {
                        "name": o.name,
                        "default": o.default,
                        "kind": o.kind.__name__,
                        "choices": list(o.choices),
                        "low": o.low,
                        "high": o.high,
                        "help": o.help,
                    }
                    for o in spec.options
                ],
                "bots": [{"code": b.code, "summary": b.summary} for b in bots_for(spec.name)],
            }
        )
    return result


def table_summary(table: LiveTable) -> dict[str, Any]:
    """What anyone may know of a table: no seed, no view, no credential."""
    return {
        "id": table.id,
        "game": table.row.game,
        "title": table.match.game.spec.title,
        "players": table.row.players,
        "options": table.row.options,
        "version": table.version,
        "status": "over" if table.match.is_over() else PLAYING,
        "timer": table.row.timer,
        "seats": [
            {
                "seat": s,
                "label": table.labels[s],
                "name": table.names[s],
                "bot": table.codes[s] if table.is_bot(s) else None,
                "open": not table.is_bot(s) and table.token_hashes[s] is None,
            }
            for s in range(len(table.codes))
        ],
    }


async def shown_summary(table: LiveTable) -> dict[str, Any]:
    """The table's summary as its viewers see it: read under the table's lock, since a move is
    applied in memory before it is stored and shown (a table told "over" while its last move
    could still be refused, or before the list of finished games has it, would be wrong)."""
    async with table.lock:
        return table_summary(table)


FINISHED_LISTED = 20  # finished games the lobby lists, the latest first


def finished_summary(row: TableRow) -> dict[str, Any]:
    """A finished table as the lobby lists it, with its replay and record: who sat where, and
    when it ended (no seed or credential; a finished game's record is public anyway)."""
    return {
        "id": row.id,
        "game": row.game,
        "title": get_spec(row.game).title,
        "players": row.players,
        "finished": row.updated,
        "seats": [
            {
                "seat": seat.seat,
                "name": seat.name,
                "bot": None if seat.is_human else seat.code,
            }
            for seat in row.seats
        ],
        "replay": f"/table/{row.id}/replay",
        "record": f"/api/tables/{row.id}/record",
    }


def seat_link(table_id: str, seat: int, token: str) -> str:
    """A seat's private link: the credential travels in the fragment, never in a page request."""
    return f"/table/{table_id}#seat={seat}&token={token}"


async def read_json(request: Request, limit: int = MESSAGE_LIMIT) -> dict[str, Any]:
    # Read no more than the limit: a body far too large is refused without being held whole.
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise TooLarge(f"a request body has at most {limit} bytes")
    chunks = bytearray()
    async for chunk in request.stream():
        chunks += chunk
        if len(chunks) > limit:
            raise TooLarge(f"a request body has at most {limit} bytes")
    body = bytes(chunks)
    try:
        data = json.loads(body)
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise BadRequest("the request body is not valid JSON") from None
    if not isinstance(data, dict):
        raise BadRequest("the request body is a JSON object")
    return data


def only(data: dict[str, Any], fields: tuple[str, ...], what: str) -> None:
    """Refuse an object with a field it does not take (a misspelt "option" would otherwise be
    dropped without a word and the table made without it)."""
    for key in data:
        if key not in fields:
            raise BadRequest(f"{what} has no field {key[:40]!r}; its fields: {', '.join(fields)}")


def seat_request(data: dict[str, Any], what: str, fields: tuple[str, ...] = ()) -> tuple[int, str]:
    """The seat and token a seat's request carries (with ``fields`` besides, and no other)."""
    only(data, ("seat", "token", *fields), what)
    seat, token = data.get("seat"), data.get("token")
    if isinstance(seat, bool) or not isinstance(seat, int) or not isinstance(token, str):
        raise Refused(f"{what} needs your seat and its token")
    return seat, token


def _int_or_none(value: Any, what: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadRequest(f"{what} is a whole number")
    return value


async def forget_idle_tables(master: Master, idle: float) -> None:
    """Every so often (a tenth of ``idle``, at most a minute), drop from memory the tables
    untouched for ``idle`` seconds that nothing waits on (``Master.forget_idle``)."""
    while True:
        await asyncio.sleep(min(idle / 10, 60.0))
        try:
            master.forget_idle(idle)
        except Exception:  # never the server's end: the tables simply stay loaded
            log.exception("idle tables could not be dropped from memory")


def create_app(
    database_url: str | None = None,
    *,
    storage: Storage | None = None,
    bot_workers: int = 2,
    resume: bool = True,
    rate: float = RATE,
    burst: float = BURST,
    forget_after: float = FORGET_AFTER,
) -> FastAPI:
    """The server's app. ``database_url`` is any SQLAlchemy URL (SQLite by default in the
    caller); ``bot_workers`` processes play the bots (0: a thread, for tests and tiny hosts);
    each connection may send ``rate`` messages a second on average, ``burst`` at once; a table
    nothing waits on leaves memory after ``forget_after`` seconds untouched (it stays stored)."""
    if not forget_after > 0:
        raise ValueError("forget_after is a positive number of seconds")
    if storage is None:
        if database_url is None:
            raise StorageError("give the app a database URL")
        storage = SqlStorage(database_url)
    store = storage

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        master = Master(store, bot_workers=bot_workers)
        app.state.master = master
        if resume:
            await master.resume_all()
        listener: asyncio.Task[None] | None = None
        if isinstance(store, SqlStorage) and store.notifies:  # several processes, one database
            listener = asyncio.get_running_loop().create_task(
                listen(store.listen_dsn(), CHANNEL, store.origin, master.sync)
            )
        sweeper = asyncio.get_running_loop().create_task(forget_idle_tables(master, forget_after))
        try:
            async with scheduled_collections():
                yield
        finally:
            sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sweeper
            if listener is not None:
                listener.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await listener
            await master.close()

    app = FastAPI(title="tycoon", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.database = getattr(store, "where", type(store).__name__)
    replays = Replays()
    templates = Jinja2Templates(directory=str(HERE / "templates"))
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")

    def master_of(request: Request | WebSocket) -> Master:
        master: Master = request.app.state.master
        return master

    @app.exception_handler(TycoonError)
    async def refused(_request: Request, problem: TycoonError) -> JSONResponse:
        return error(problem.reason, status_of(problem))

    # -- pages ----------------------------------------------------------------------------------
    @app.get("/", response_class=HTMLResponse)
    async def lobby(request: Request) -> Response:
        return templates.TemplateResponse(
            request, "lobby.html", {"games": game_catalogue(), "human": HUMAN}
        )

    @app.get("/table/{table_id}", response_class=HTMLResponse)
    async def table_page(request: Request, table_id: str) -> Response:
        table = await master_of(request).table(table_id)
        return templates.TemplateResponse(
            request, "table.html", {"table": await shown_summary(table)}
        )

    @app.get("/replay", response_class=HTMLResponse)
    async def replay_page(request: Request) -> Response:
        return templates.TemplateResponse(request, "replay.html", {"table": None})

    @app.get("/table/{table_id}/replay", response_class=HTMLResponse)
    async def table_replay_page(request: Request, table_id: str) -> Response:
        table = await master_of(request).table(table_id)
        return templates.TemplateResponse(
            request, "replay.html", {"table": await shown_summary(table)}
        )

    # -- replays of finished games --------------------------------------------------------------
    @app.post("/api/replays")
    async def upload_replay(request: Request) -> dict[str, Any]:
        data = await read_json(request, RECORD_LIMIT)
        only(data, ("text", "number"), "a replay")
        text, number = data.get("text"), data.get("number", 1)
        if not isinstance(text, str):
            raise BadRequest('send the record file\'s text: {"text": "...", "number": 1}')
        if isinstance(number, bool) or not isinstance(number, int):
            raise BadRequest("number is the record's place in the file, from 1")
        record = parse_upload(text, number)
        found = await asyncio.to_thread(replays.upload, record)
        return replays.summary(found)

    @app.post("/api/tables/{table_id}/replay")
    async def table_replay(request: Request, table_id: str) -> dict[str, Any]:
        master = master_of(request)
        table = await master.table(table_id)
        async with table.lock:
            if not table.match.is_over():
                raise Unfinished("a table is replayed once its game is over (its record is secret)")
            record = master.record(table)
        found = await asyncio.to_thread(replays.add, f"table-{table_id}", record)
        return replays.summary(found)

    @app.get("/api/replays/{key}/steps/{number}")
    async def replay_step(key: str, number: int, seat: int | None = None) -> dict[str, Any]:
        found = replays.get(key)
        return await asyncio.to_thread(found.message, number, seat)

    # -- the JSON API ---------------------------------------------------------------------------
    @app.get("/api/games")
    async def list_games() -> list[dict[str, Any]]:
        return game_catalogue()

    @app.get("/api/tables")
    async def list_tables(request: Request, status: str = PLAYING) -> list[dict[str, Any]]:
        master = master_of(request)
        if status == OVER:  # the latest finished games, from storage alone (none is loaded)
            rows = await asyncio.to_thread(master.storage.list_tables, OVER, FINISHED_LISTED)
            return [finished_summary(row) for row in rows]
        if status != PLAYING:
            raise TycoonError(f"status is {PLAYING} or {OVER}, not {status[:20]!r}")
        # A table nobody has moved at for a week leaves the list (its links still work).
        since = time.time() - LISTED_IDLE
        rows = await asyncio.to_thread(master.storage.list_tables, PLAYING, 100, since)
        result = []
        for row in rows:
            try:
                result.append(await shown_summary(await master.table(row.id)))
            except TycoonError:
                continue
        return result

    @app.post("/api/tables")
    async def create_table(request: Request) -> dict[str, Any]:
        data = await read_json(request)
        only(data, ("game", "players", "options", "timer", "seats"), "a new table")
        game = data.get("game")
        if not isinstance(game, str):
            raise BadRequest('name the game, e.g. {"game": "my-city", ...}')
        spec = get_spec(game)
        seats = data.get("seats", [HUMAN] * spec.default_players)
        if not isinstance(seats, list) or not seats:
            raise BadRequest('seats is a list, e.g. ["human", "greedy"] or [{"name": "Ann"}]')
        requests = []
        for seat in seats:
            if isinstance(seat, str):
                requests.append(SeatRequest(seat.strip() or HUMAN))
            elif isinstance(seat, dict):
                only(seat, ("code", "name"), "a seat")
                code, name = seat.get("code", HUMAN), seat.get("name")
                if not isinstance(code, str) or not (name is None or isinstance(name, str)):
                    raise BadRequest('a seat is {"code": ..., "name": ...}')
                requests.append(SeatRequest(code.strip() or HUMAN, name or None))
            else:
                raise BadRequest('each seat is a seat code or {"code": ..., "name": ...}')
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise BadRequest("options is an object of option names and values")
        players = _int_or_none(data.get("players"), "players")
        timer = data.get("timer", 0)
        if isinstance(timer, bool) or not isinstance(timer, int | float):
            raise BadRequest("timer is a number of seconds (0: no move timer)")
        master = master_of(request)
        table_id, tokens = await master.create_table(
            spec.name, players, options, requests, timer=timer
        )
        return {
            "id": table_id,
            "table": f"/table/{table_id}",
            "seats": [
                {"seat": seat, "token": token, "link": seat_link(table_id, seat, token)}
                for seat, token in sorted(tokens.items())
            ],
        }

    @app.get("/api/tables/{table_id}")
    async def show_table(request: Request, table_id: str) -> dict[str, Any]:
        return await shown_summary(await master_of(request).table(table_id))

    @app.post("/api/tables/{table_id}/seats/{seat}")
    async def take_seat(request: Request, table_id: str, seat: int) -> dict[str, Any]:
        data = await read_json(request)
        only(data, ("name",), "taking a seat")
        name = data.get("name")
        if not isinstance(name, str):
            raise BadRequest("give your name to take a seat")
        token = await master_of(request).take_seat(table_id, seat, name)
        return {"seat": seat, "token": token, "link": seat_link(table_id, seat, token)}

    @app.get("/api/tables/{table_id}/view")
    async def view(
        request: Request, table_id: str, seat: int | None = None, token: str = ""
    ) -> dict[str, Any]:
        master = master_of(request)
        table = await master.table(table_id)
        if seat is not None:
            master.authenticate(table, seat, token)
        async with table.lock:
            return master.message(table, seat)

    @app.post("/api/tables/{table_id}/moves")
    async def move(request: Request, table_id: str) -> dict[str, Any]:
        data = await read_json(request)
        seat, token = seat_request(data, "a move", MOVE_FIELDS)
        notation = data.get("notation")
        if notation is not None and not isinstance(notation, str):
            raise BadRequest("notation is text")
        version = await master_of(request).act(
            table_id,
            seat,
            token,
            notation=notation,
            choice=_int_or_none(data.get("choice"), "choice"),
            amount=_int_or_none(data.get("amount"), "amount"),
            version=_int_or_none(data.get("version"), "version"),
        )
        return {"ok": True, "version": version}

    @app.post("/api/tables/{table_id}/leave")
    async def leave(request: Request, table_id: str) -> dict[str, Any]:
        data = await read_json(request)
        seat, token = seat_request(data, "leaving")
        await master_of(request).leave(table_id, seat, token)
        return {"ok": True}

    @app.post("/api/tables/{table_id}/undo")
    async def undo(request: Request, table_id: str) -> dict[str, Any]:
        data = await read_json(request)
        seat, token = seat_request(data, "an undo")
        version = await master_of(request).undo(table_id, seat, token)
        return {"ok": True, "version": version}

    @app.get("/api/tables/{table_id}/record")
    async def record(request: Request, table_id: str) -> Response:
        master = master_of(request)
        table = await master.table(table_id)
        try:
            line = master.record(table).to_line()
        except Refused as problem:
            return error(problem.reason, 409)
        return PlainTextResponse(
            line + "\n",
            media_type="application/x-ndjson",
            headers={"Content-Disposition": f'attachment; filename="tycoon-{table_id}.jsonl"'},
        )

    # -- the socket -----------------------------------------------------------------------------
    @app.websocket("/ws/table/{table_id}")
    async def socket(websocket: WebSocket, table_id: str) -> None:
        await websocket.accept()
        master = master_of(websocket)
        params = websocket.query_params
        try:
            table = await master.table(table_id)
            seat: int | None = None
            if params.get("seat") not in (None, ""):
                try:
                    seat = int(params["seat"])
                except ValueError:
                    raise NotFound("seat is a seat number") from None
                master.authenticate(table, seat, params.get("token", ""))
        except TycoonError as problem:
            with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
                await websocket.send_text(json.dumps({"type": "error", "reason": problem.reason}))
                await websocket.close(code=1008)
            return
        if seat is not None:
            async with table.lock:
                master.come_back(table, seat)  # a person who timed out or left takes over again
        client = SocketClient(websocket, seat, rate, burst)
        writer = asyncio.get_running_loop().create_task(client.writer())
        master.hub.subscribe(table_id, client)
        master.publish(table)  # its first view; the others see it arrive
        try:
            await _serve(master, table, client, params.get("token", ""))
        finally:
            master.hub.unsubscribe(table_id, client)
            master.publish(table)  # the others see who is still here
            master.forget_if_idle(table)
            client.close()
            await asyncio.wait([writer], timeout=5)
            writer.cancel()

    return app


def _reply(client: SocketClient, reason: str) -> None:
    client.push({"type": "error", "reason": reason})


async def _serve(master: Master, table: LiveTable, client: SocketClient, token: str) -> None:
    """Read one connection's messages until it closes; bad input is answered, never fatal."""
    websocket = client.socket
    while not client.closed:
        try:
            frame = await websocket.receive()
        except (WebSocketDisconnect, RuntimeError, OSError):
            return
        if frame["type"] == "websocket.disconnect":
            return
        text = frame.get("text")
        if not client.allow():
            if client.strikes >= STRIKES:
                _reply(client, "too many messages: the connection is closed")
                client.close(violation=True)
                return
            _reply(client, f"too many messages: at most {client.rate:g} a second")
            continue
        if not isinstance(text, str):
            _reply(client, "messages are JSON text, not binary frames")
            continue
        if len(text.encode("utf-8")) > MESSAGE_LIMIT:
            _reply(client, f"a message has at most {MESSAGE_LIMIT} bytes")
            continue
        try:
            data = json.loads(text)
        except json.JSONDecodeError:
            _reply(client, 'a message is a JSON object, e.g. {"type": "move", ...}')
            continue
        if not isinstance(data, dict):
            _reply(client, 'a message is a JSON object, e.g. {"type": "move", ...}')
            continue
        kind = data.get("type")
        try:
            only(data, ("type", *MOVE_FIELDS) if kind == "move" else ("type",), "this message")
        except BadRequest as problem:
            _reply(client, problem.reason)
            continue
        if kind == "ping":
            client.push({"type": "pong"})
        elif kind == "view":
            current = await master.table(table.id)  # rebuilt if another process undid a move
            async with current.lock:
                client.push(master.message(current, client.seat))
        elif kind == "move":
            if client.seat is None:
                _reply(client, "a spectator cannot make moves")
                continue
            try:
                notation = data.get("notation")
                if notation is not None and not isinstance(notation, str):
                    raise BadRequest("notation is text")
                await master.act(
                    table.id,
                    client.seat,
                    token,
                    notation=notation,
                    choice=_int_or_none(data.get("choice"), "choice"),
                    amount=_int_or_none(data.get("amount"), "amount"),
                    version=_int_or_none(data.get("version"), "version"),
                )
            except TycoonError as problem:
                _reply(client, problem.reason)
        elif kind == "leave":
            if client.seat is not None:
                await master.leave(table.id, client.seat, token)
        elif kind == "undo":
            if client.seat is None:
                _reply(client, "a spectator cannot undo")
                continue
            try:
                await master.undo(table.id, client.seat, token)
            except TycoonError as problem:
                _reply(client, problem.reason)
        else:
            _reply(client, 'unknown message type: send "move", "undo", "leave", "view" or "ping"')
