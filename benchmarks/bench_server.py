"""The game server under load: many concurrent tables over real WebSockets on loopback.

Starts ``python -m tycoon serve`` on a free loopback port with a fresh SQLite file (or uses
``--url`` of a running server), opens ``--tables`` tables each with one scripted human client
and bots in the other seats, and for ``--seconds`` plays: each client answers its own view with a
random legal move, at once or after ``--think`` seconds (drawn between two bounds: a person's
pace). A finished table is replaced by a new one, so the count stays. It reports moves stored per
second (human and bot) and the time from sending a move to receiving the broadcast state that
contains it, p50, p95 and p99 (the issue's target: 200 tables, p99 ≤ 50 ms), after ``--warmup``
seconds in which the tables are created; and, to tell a busy machine from a slow server, how
late the clients' own event loop ran (p99) and the server's CPU time per stored move (all its
processes, and its event loop's thread alone). ``--postgres``
starts a throwaway PostgreSQL cluster (``tests/server/postgres.py``) for the server instead.

    python benchmarks/bench_server.py --tables 200 --seconds 60 --think 2,5
    python benchmarks/bench_server.py --tables 200 --seconds 60 --think 2,5 --postgres
    python benchmarks/bench_server.py --game my-city --bot random --tables 50
    python benchmarks/bench_server.py --tables 200 --think 2,5 --checkout ../main  # before
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import websockets

ROOT = Path(__file__).resolve().parents[1]


@dataclass
class Totals:
    latencies: list[float] = field(default_factory=list)
    moves: int = 0  # every stored move seen by the clients (bots' too)
    human_moves: int = 0
    games: int = 0
    errors: int = 0
    lags: list[float] = field(default_factory=list)  # the clients' own event loop running late
    counting_from: float = 0.0  # latencies are counted after the warm-up (tables being created)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        url, json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        data: dict[str, Any] = json.loads(response.read())
        return data


def cpu_seconds(pid: int) -> float | None:
    """CPU time used so far by process ``pid`` and its descendants (the bot workers), read from
    Linux's ``/proc`` (elsewhere: ``None``): a figure that other jobs sharing the cores disturb
    far less than latency."""
    try:
        parents: dict[int, int] = {}
        used: dict[int, float] = {}
        tick = os.sysconf("SC_CLK_TCK")
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rpartition(")")[2].split()
            except OSError:
                continue  # it ended meanwhile
            child = int(stat.parent.name)
            parents[child] = int(fields[1])
            used[child] = (int(fields[11]) + int(fields[12])) / tick
    except (OSError, ValueError):
        return None
    family = {pid}
    grew = True
    while grew:
        more = {child for child, parent in parents.items() if parent in family} - family
        family |= more
        grew = bool(more)
    return sum(used.get(member, 0.0) for member in family)


def loop_cpu_seconds(pid: int) -> float | None:
    """CPU time used so far by the main thread of process ``pid`` alone: the server's event
    loop (and anything else that runs on it), whose busy time makes every table wait."""
    try:
        fields = Path(f"/proc/{pid}/task/{pid}/stat").read_text().rpartition(")")[2].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError):
        return None


def wait_until_up(url: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{url}/api/games", timeout=1):
                return
        except OSError:
            time.sleep(0.1)
    raise SystemExit("the server did not start")


async def one_table(
    base: str,
    game: str,
    seats: list[Any],
    stop: float,
    totals: Totals,
    rng: random.Random,
    think: tuple[float, float],
) -> None:
    """Play tables one after another until ``stop``, one human client at a time."""
    ws_base = base.replace("http://", "ws://")
    while time.monotonic() < stop:
        made = await asyncio.to_thread(post, f"{base}/api/tables", {"game": game, "seats": seats})
        token = made["seats"][0]["token"]
        url = f"{ws_base}/ws/table/{made['id']}?seat=0&token={token}"
        sent_at: float | None = None
        sent_version = -1
        seen_version = 0
        async with websockets.connect(url, max_size=1 << 22) as connection:
            while time.monotonic() < stop:
                message = json.loads(await connection.recv())
                if message["type"] == "error":
                    totals.errors += 1
                    sent_at = None
                    await connection.send(json.dumps({"type": "view"}))
                    continue
                if message["type"] != "state":
                    continue
                totals.moves += max(0, message["version"] - seen_version)
                seen_version = max(seen_version, message["version"])
                if sent_at is not None and message["version"] > sent_version:
                    if time.monotonic() >= totals.counting_from:
                        totals.latencies.append(time.perf_counter() - sent_at)
                    sent_at = None
                if message["over"]:
                    totals.games += 1
                    break
                if message["legal"] and sent_at is None:
                    if think[1] > 0:  # a person reads the table, then moves
                        await asyncio.sleep(rng.uniform(*think))
                        while True:  # the newest state, if more came meanwhile
                            try:
                                newer = await asyncio.wait_for(connection.recv(), 0.0001)
                            except TimeoutError:
                                break
                            later = json.loads(newer)
                            if later["type"] == "state":
                                totals.moves += max(0, later["version"] - seen_version)
                                seen_version = max(seen_version, later["version"])
                                message = later
                        if message["over"] or not message["legal"]:
                            if message["over"]:
                                totals.games += 1
                                break
                            continue
                    choice = rng.choice(message["legal"])
                    move: dict[str, Any] = {"type": "move", "choice": choice["choice"]}
                    move["version"] = message["version"]
                    if "low" in choice:
                        move["amount"] = choice["low"]
                    sent_version = message["version"]
                    sent_at = time.perf_counter()
                    totals.human_moves += 1
                    await connection.send(json.dumps(move))


async def run(args: argparse.Namespace, base: str) -> Totals:
    totals = Totals()
    games = {g["name"]: g for g in json.loads(urllib.request.urlopen(f"{base}/api/games").read())}
    spec = games[args.game]
    players = args.players or spec["min_players"]
    seats: list[Any] = [{"name": "bench"}] + [args.bot] * (players - 1)
    stop = time.monotonic() + args.seconds
    totals.counting_from = time.monotonic() + args.warmup
    rng = random.Random(args.seed)

    async def watch_lag() -> None:
        """How late this process's loop wakes up: latency the clients add themselves (on a
        busy machine, part of every figure above)."""
        while time.monotonic() < stop:
            before = time.perf_counter()
            await asyncio.sleep(0.01)
            totals.lags.append(time.perf_counter() - before - 0.01)

    low, _, high = args.think.partition(",")
    think = (float(low), float(high or low))
    await asyncio.gather(
        watch_lag(),
        *(
            one_table(base, args.game, seats, stop, totals, random.Random(rng.random()), think)
            for _ in range(args.tables)
        ),
    )
    return totals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=50, help="concurrent tables")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long to play")
    parser.add_argument("--game", default="estates")
    parser.add_argument("--players", type=int, default=0, help="default: the game's minimum")
    parser.add_argument("--bot", default="random", help="seat code of the other seats")
    parser.add_argument("--bot-workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--warmup", type=float, default=5.0, help="seconds (tables being created) not counted"
    )
    parser.add_argument(
        "--think", default="0", help="seconds a client waits before each move: LOW,HIGH (or one)"
    )
    parser.add_argument(
        "--postgres", action="store_true", help="a throwaway PostgreSQL (fsync on), not SQLite"
    )
    parser.add_argument("--url", help="a running server instead of starting one")
    parser.add_argument(
        "--checkout",
        type=Path,
        default=ROOT,
        help="the tycoon checkout whose server to start (compare two versions in one session)",
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not 1 <= args.tables <= 1000 or not 0 < args.seconds <= 600:
        raise SystemExit("--tables 1..1000 and --seconds up to 600")
    if not 0 <= args.warmup < args.seconds:
        raise SystemExit("--warmup is shorter than --seconds")
    server: subprocess.Popen[bytes] | None = None
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
        if args.url:
            base = args.url.rstrip("/")
        else:
            port = free_port()
            base = f"http://127.0.0.1:{port}"
            database = f"sqlite:///{Path(tmp) / 'bench.db'}"
            if args.postgres:
                sys.path.insert(0, str(ROOT))
                from tests.server.postgres import cluster, create_database

                database = create_database(stack.enter_context(cluster(fsync=True)), "bench")
            command = [sys.executable, "-m", "tycoon", "serve", "--port", str(port)]
            command += ["--database", database]
            command += ["--bot-workers", str(args.bot_workers)]
            server = subprocess.Popen(command, cwd=args.checkout, stdout=subprocess.DEVNULL)
            wait_until_up(base)
        started = time.monotonic()
        cpu_before = None if server is None else cpu_seconds(server.pid)
        loop_before = None if server is None else loop_cpu_seconds(server.pid)
        cpu_used: float | None = None
        loop_used: float | None = None
        try:
            totals = asyncio.run(run(args, base))
        finally:
            if server is not None:
                cpu_after = cpu_seconds(server.pid)
                if cpu_before is not None and cpu_after is not None:
                    cpu_used = cpu_after - cpu_before
                loop_after = loop_cpu_seconds(server.pid)
                if loop_before is not None and loop_after is not None:
                    loop_used = loop_after - loop_before
                os.kill(server.pid, signal.SIGTERM)
                server.wait(30)
        elapsed = time.monotonic() - started
    latencies = sorted(totals.latencies) or [0.0]
    p50 = statistics.median(latencies) * 1000

    def percentile(share: float) -> float:
        return latencies[min(len(latencies) - 1, int(len(latencies) * share))] * 1000

    p95, p99 = percentile(0.95), percentile(0.99)
    result = {
        "game": args.game,
        "database": "postgresql" if args.postgres else "sqlite",
        "tables": args.tables,
        "think": args.think,
        "seconds": round(elapsed, 1),
        "moves_per_second": round(totals.moves / elapsed, 1),
        "human_moves": totals.human_moves,
        "games_finished": totals.games,
        "errors": totals.errors,
        "p50_ms": round(p50, 1),
        "p95_ms": round(p95, 1),
        "p99_ms": round(p99, 1),
        "client_lag_p99_ms": round(
            sorted(totals.lags or [0.0])[int(len(totals.lags) * 0.99)] * 1000, 1
        ),
        "server_cpu_ms_per_move": (
            None if cpu_used is None else round(cpu_used * 1000 / max(1, totals.moves), 2)
        ),
        "loop_cpu_ms_per_move": (
            None if loop_used is None else round(loop_used * 1000 / max(1, totals.moves), 2)
        ),
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(
            f"{args.tables} tables of {args.game} on {result['database']}, "
            f"think {args.think} s, {elapsed:.1f} s: "
            f"{result['moves_per_second']} moves/s stored ({totals.human_moves} by clients, "
            f"{totals.games} games finished, {totals.errors} refusals); "
            f"move to broadcast p50 {p50:.1f} ms, p95 {p95:.1f} ms, p99 {p99:.1f} ms; "
            f"server CPU per move {result['server_cpu_ms_per_move']} ms "
            f"(its event loop's thread {result['loop_cpu_ms_per_move']} ms)"
        )


if __name__ == "__main__":
    main()
