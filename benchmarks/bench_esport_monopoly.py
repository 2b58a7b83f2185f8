"""Measurements for Esport Monopoly (not a test): throughput and the greedy bot's strength.

    python benchmarks/bench_esport_monopoly.py speed --games 1000
    python benchmarks/bench_esport_monopoly.py winrate --games 1000

``speed`` plays 4-player games of greedy bots with the default 1,000 player-turn cap through the
rules' fast path with ``tycoon.core.play_bots``, the simulation loop (observe, the bot's choice
from its view and its legal actions, listed only if the bot reads them, transition at every
decision: Esport Monopoly's own loop, ``--loop general`` the protocol's loop every game has) and
reports games/s and player-turns/s. ``winrate`` plays
greedy against random through ``Match`` (checked moves), seats alternating, and reports the
greedy seat's win rate.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from tycoon.core import Match, SeededRng, derive_seed, make, play_bots
from tycoon.core.match import general_play_bots
from tycoon.core.players import make_bot

MAX_DECISIONS = 1_000_000  # a game that never ends is a bug, not a measurement


def greedy_game(game: Any, seed: int, index: int, play: Any = play_bots) -> tuple[Any, int]:
    """Game ``index`` of a run seeded ``seed``, every seat ``greedy``, played through ``play``
    (the game's own loop by default): its end state and the decisions made."""
    game_seed = derive_seed(seed, index)
    rng = SeededRng(game_seed)
    state = game.initial_state(rng)
    bots = [
        make_bot("greedy", game, s, SeededRng(derive_seed(game_seed, s)))
        for s in range(game.players)
    ]
    ended: tuple[Any, int] = play(game, state, bots, rng, MAX_DECISIONS)
    return ended


def speed(games: int, players: int, seed: int, loop: str = "game", cpu: bool = False) -> str:
    game = make("esport-monopoly", players)
    play = play_bots if loop == "game" else general_play_bots
    clock = time.process_time if cpu else time.perf_counter
    decisions = turns = capped = 0
    start = clock()
    for index in range(games):
        state, made = greedy_game(game, seed, index, play)
        decisions += made
        turns += state.table.turn
        outcome = game.outcome(state)
        capped += bool(outcome and outcome.unfinished)
    seconds = clock() - start
    return (
        f"{games} games of {players} greedy bots in {seconds:.2f} s{' of CPU' if cpu else ''}: "
        f"{games / seconds:.1f} games/s, {turns / seconds:.0f} player-turns/s, "
        f"{decisions / seconds:.0f} decisions/s; {turns / games:.1f} player-turns and "
        f"{decisions / games:.1f} decisions a game; {capped} capped"
    )


def winrate(games: int, players: int, seed: int) -> str:
    wins = 0.0
    capped = 0
    for index in range(games):
        greedy_seat = index % players
        seats = ["random"] * players
        seats[greedy_seat] = "greedy"
        game = make("esport-monopoly", players)
        game_seed = derive_seed(seed, index)
        match: Match[Any, Any, Any] = Match(game, game_seed, seats)
        bots = [
            make_bot(code, game, s, SeededRng(derive_seed(game_seed, 1_000 + s)))
            for s, code in enumerate(seats)
        ]
        while not match.is_over():
            seat = match.to_act()[0]
            match.play(bots[seat].choose(match.view(seat), match.legal_actions(seat)))
        outcome = match.outcome()
        assert outcome is not None
        capped += outcome.unfinished
        if outcome.ranks[greedy_seat] == 1:
            wins += 1 / len(outcome.winners)
    return (
        f"greedy against {players - 1} random over {games} games (seats alternating): "
        f"won {wins:g} = {100 * wins / games:.1f}% (an even share would be "
        f"{100 / players:.1f}%); {capped} capped"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("speed", "winrate"))
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--loop",
        choices=("game", "general"),
        default="game",
        help="speed: the game's own simulation loop (default) or the general one",
    )
    parser.add_argument(
        "--cpu",
        action="store_true",
        help="speed: time by this process's processor time, not the wall clock (a loaded machine)",
    )
    args = parser.parse_args(argv)
    if args.what == "speed":
        print(speed(args.games, args.players or 4, args.seed, args.loop, args.cpu))
    else:
        print(winrate(args.games, args.players or 2, args.seed))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
