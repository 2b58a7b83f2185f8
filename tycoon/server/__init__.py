"""Play online: the game server behind ``tycoon serve``.

``storage`` keeps tables, seats and moves (SQLAlchemy Core; SQLite or PostgreSQL), ``master``
checks and applies moves and runs bots, ``hub`` fans each seat's own view out to its sockets, and
``app`` serves the HTTP API, the WebSocket and the pages. Only this package knows about HTTP, and
nothing here knows a game's rules or names: every game is driven through ``tycoon.core``.
"""
