"""Where an environment's time goes in the loop: variants for ``paired_rl.py`` that each leave
out (or add) one part of a step's work, for analysis only (their observations are wrong).

A part's cost in the loop is the variant's time a move against the tree's (the control shows the
noise). Measured alone, warm, a part can cost a third of what it costs in the loop, where the
engine's work between two steps has pushed the wrapper's code and data out of the caches: these
variants measure it where it runs.

Every game:

- ``blank``: no view made, nothing encoded (the observation a copy of a fixed array of zeros;
  masks, ids, steps and rewards as usual): ``bench_rl.py --ceiling``'s environment;
- ``observe only``: the seat's next view made (``observe_next``) but not encoded: with ``blank``,
  the view's cost, and with the tree, the encoding's;
- ``copy twice``: the observation copied once more: the cost of its copy.

The Estates, each rarely changing part of its encoding kept as first made (one part per variant,
then ``all stale``): ``stale board``, ``stale offer``, ``stale certificates``, ``stale figures``
(money and cash boxes), ``stale bids``.

Milton Keynes, ``checks only``: every part's sources made and compared with what the part was
last made from (as in the tree), but no part's numbers made or written (the step, bidding and
trade blocks answered by a fixed list, the canvas's block, put and hot writes skipped; the few
single numbers the encoding sets itself still set). With ``observe only`` and the tree, it
splits the encoding into its checks and its work.

    PYTHONPATH=.:benchmarks python benchmarks/paired_rl.py --game estates --variants rl_costs

Interpreted only: a compiled table's methods cannot be replaced.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from bench_rl import featureless

from tycoon.core import make
from tycoon.core.encoding import Canvas
from tycoon.rl import TycoonAECEnv
from tycoon.rl.core import Table, _Seat

Made = Callable[[], TycoonAECEnv]
Features = Callable[[int], np.ndarray]


def variants(game: str, players: int | None) -> dict[str, Made]:
    """The variants for ``game`` (see the module's docstring), by name."""
    made: dict[str, Made] = {
        "blank": lambda: blank(game, players),
        "observe only": lambda: observe_only(game, players),
        "copy twice": lambda: copy_twice(game, players),
    }
    if game == "estates":
        for part in ESTATES_PARTS:
            made[f"stale {part}"] = _stale_maker(players, (part,))
        made["all stale"] = _stale_maker(players, ESTATES_PARTS)
    if game == "milton-keynes":
        made["checks only"] = lambda: checks_only_milton_keynes(players)
    return made


def _with_features(
    game: str, players: int | None, features_of: Callable[[Table], Features]
) -> TycoonAECEnv:
    """An environment whose table's ``features`` is ``features_of(table)``."""
    env = TycoonAECEnv(make(game, players))
    env.table.features = features_of(env.table)  # type: ignore[method-assign, assignment]
    return env


def blank(game: str, players: int | None) -> TycoonAECEnv:
    """Observations a copy of zeros: no view, no encoding (``bench_rl.py --ceiling``'s loop)."""
    return featureless(make(game, players))


def observe_only(game: str, players: int | None) -> TycoonAECEnv:
    """Each seat's next view made from its last (as the table makes it), then not encoded."""

    def features_of(table: Table) -> Features:
        rules = table.game
        zeros = np.zeros(table.encoding.size, dtype=np.float32)
        seen: dict[int, tuple[Any, Any]] = {}

        def features(seat: int) -> np.ndarray:
            state = table.state
            last = seen.get(seat)
            if last is None or last[0] is not state:
                view = (
                    rules.observe(state, seat)
                    if last is None
                    else rules.observe_next(last[0], last[1], state, seat)
                )
                seen[seat] = (state, view)
            return zeros.copy()

        return features

    return _with_features(game, players, features_of)


def copy_twice(game: str, players: int | None) -> TycoonAECEnv:
    """The tree's observations, copied once more."""

    def features_of(table: Table) -> Features:
        own = table.features
        return lambda seat: own(seat).copy()

    return _with_features(game, players, features_of)


# The Estates' parts made only when what they come from changed (see its encoding's encode).
ESTATES_PARTS = ("board", "offer", "certificates", "figures", "bids")


def stale_estates(players: int | None, parts: tuple[str, ...]) -> TycoonAECEnv:
    """The Estates with ``parts`` of its encoding kept as first made: after the first, the part
    is not worked out again (its bytes stay; only what it was made from is recorded, so the
    check that finds it changed costs what it does in the tree)."""
    unknown = set(parts) - set(ESTATES_PARTS)
    if unknown:
        raise ValueError(f"no such part of The Estates' encoding: {', '.join(sorted(unknown))}")
    env = TycoonAECEnv(make("estates", players))
    encoding: Any = env.table.encoding
    if "board" in parts:
        board_bytes = encoding._board_bytes

        def stale_board(board: Any) -> None:
            if encoding._made.board is None:
                board_bytes(board)
            else:
                encoding._made.board = board

        encoding._board_bytes = stale_board
    if "offer" in parts:
        encoding._offer_bytes = _first(encoding._offer_bytes)
    if "certificates" in parts:
        certificates_for = encoding._certificates_for

        def stale_certificates(certificates: Any, seat: int | None, observer: Any) -> None:
            if not observer.certificate_bytes:
                certificates_for(certificates, seat, observer)
            else:
                observer.certificates = certificates

        encoding._certificates_for = stale_certificates
    if "figures" in parts:
        figures_for = encoding._figures_for
        figures: dict[int, bytes] = {}

        def stale_figures(seen: Any, start: int) -> bytes:
            made = figures.get(start)
            if made is None:
                made = figures[start] = figures_for(seen, start)
            return made

        encoding._figures_for = stale_figures
    if "bids" in parts:
        first_bids = _first(encoding._bids_of)

        def stale_bids(bids: tuple[int, ...]) -> bytes:
            # Kept by the tuple as the tree keeps them (so the next lookup finds them).
            made = encoding._bids_bytes[bids] = first_bids(bids)
            return made

        encoding._bids_of = stale_bids
    return env


def checks_only_milton_keynes(players: int | None) -> TycoonAECEnv:
    """Milton Keynes with its encoding's parts checked but not made or written (see the
    module's docstring)."""
    env = TycoonAECEnv(make("milton-keynes", players))
    table = env.table
    encoding: Any = table.encoding
    for builder in ("_step", "_bidding", "_trade"):
        fixed: list[float] = [0.0]
        setattr(encoding, builder, lambda view, seat, fixed=fixed: fixed)
    for seat in range(table.game.players):
        table._seats[seat] = _Seat(_Unwritten(np.zeros(encoding.size, dtype=np.float32), {}))
    return env


class _Unwritten(Canvas):
    """A persistent canvas whose part writers write nothing."""

    __slots__ = ()

    def block(self, name: str, start: int, values: Any) -> None:
        return

    def put(self, start: int, values: Any) -> None:
        return

    def hot(self, name: str, start: int, stop: int, positions: Any) -> None:
        return


def _first(make_bytes: Callable[[Any], bytes]) -> Callable[[Any], bytes]:
    """``make_bytes`` answering every call with its first answer."""
    made: list[bytes] = []

    def first(source: Any) -> bytes:
        if not made:
            made.append(make_bytes(source))
        return made[0]

    return first


def _stale_maker(players: int | None, parts: tuple[str, ...]) -> Made:
    return lambda: stale_estates(players, parts)
