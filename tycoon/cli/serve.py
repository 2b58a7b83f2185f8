"""``tycoon serve``: the game server, with an embedded SQLite database by default."""

from __future__ import annotations

import errno
import socket
from pathlib import Path
from typing import Annotated

import typer

from tycoon.cli.terminal import make_console
from tycoon.core import OptionError


def default_database() -> Path:
    """The SQLite file in the user's data directory (platformdirs)."""
    from platformdirs import user_data_dir

    return Path(user_data_dir("tycoon", appauthor=False)) / "tycoon.db"


def check_address(host: str, port: int) -> None:
    """Refuse, before anything starts, an address this process cannot listen on: a port
    another server holds, a host that is not one of this machine's addresses. (uvicorn would
    log the error after the banner had said the server was up.)"""
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError) as problem:
        raise OptionError(f"--host {host}: not an address to listen on ({problem})") from None
    family, kind, protocol, _, address = found[0]
    with socket.socket(family, kind, protocol) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds
        try:
            probe.bind(address)
        except OSError as problem:
            reason = (
                "the port is in use (another server?); choose another with --port"
                if problem.errno == errno.EADDRINUSE
                else problem.strerror or str(problem)
            )
            raise OptionError(f"cannot listen on {host}:{port}: {reason}") from None


def serve(
    host: Annotated[str, typer.Option(help="address to listen on (0.0.0.0: the LAN)")] = (
        "127.0.0.1"
    ),
    port: Annotated[int, typer.Option(help="port to listen on", min=1, max=65535)] = 8000,
    database: Annotated[
        str | None,
        typer.Option(
            help="SQLAlchemy URL of the database (default: an SQLite file in your data folder); "
            "PostgreSQL: postgresql+psycopg://HOST/DB",
            show_default=False,
        ),
    ] = None,
    bot_workers: Annotated[int, typer.Option(help="processes that play the bots", min=0)] = 2,
    idle: Annotated[
        int,
        typer.Option(
            help="minutes after its last use that a table nothing waits on (no connection, no "
            "bot to move, no move timer) leaves memory; it stays stored and is read again "
            "when asked for",
            min=1,
        ),
    ] = 10,
) -> None:
    """Serve tables in the browser: a lobby, private seat links, bots, live views."""
    try:
        import uvicorn

        from tycoon.server.app import create_app
        from tycoon.server.storage import sqlite_url
    except ImportError as missing:
        raise OptionError(
            f"tycoon serve needs the web extra ({missing.name} is missing): "
            'pip install "tycoon[web]"'
        ) from None
    check_address(host, port)
    url = database or sqlite_url(default_database())
    app = create_app(url, bot_workers=bot_workers, forget_after=60 * idle)
    console = make_console()
    console.print(f"tycoon is serving at [bold]http://{host}:{port}[/bold]", soft_wrap=True)
    console.print(f"database: {app.state.database}", soft_wrap=True, highlight=False)
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level="warning",
        ws_max_size=1 << 20,
        # Compressing every state message cost more of the event loop than anything but drawing
        # the board; a state is sent once per move, 20-40 KB (docs/server.md, "Load").
        ws_per_message_deflate=False,
        access_log=False,
    )
