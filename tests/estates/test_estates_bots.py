"""The ``greedy`` bot: registered, legal, and sensible in the positions it is built for."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tycoon.core import Match, ScriptedRng, SeededRng, UnknownBotError, derive_seed, is_legal
from tycoon.core.players import Bot, bots_for, make_bot
from tycoon.games.estates.actions import Auction, Bid, Buy, Pass, Place, Sell, Stow
from tycoon.games.estates.bots import GreedyBot, row_chances
from tycoon.games.estates.state import EstatesState

from .helpers import make_board, make_state, new_game, play, play_all

GAME = new_game()


def greedy(seat: int, code: str = "greedy") -> Bot:
    return make_bot(code, GAME, seat, SeededRng(seat))


def choose(bot: Bot, state: EstatesState) -> Any:
    legal = GAME.legal_actions(state, bot.seat)
    action = bot.choose(GAME.observe(state, bot.seat), legal)
    assert is_legal(legal, action)
    return action


def test_greedy_is_registered_for_the_estates_with_its_parameters() -> None:
    entry = next(e for e in bots_for("estates") if e.code == "greedy")
    assert entry.params == ("rivalry", "money", "share", "reserve", "noise", "jitter")
    assert isinstance(greedy(0, "greedy:reserve=4:noise=0.5:jitter=2.5"), GreedyBot)
    with pytest.raises(UnknownBotError, match=r"noise must be within 0\.0\.\.1\.0"):
        make_bot("greedy:noise=3", GAME, 0, SeededRng(0))  # the old 0..5 jitter is `jitter`
    with pytest.raises(UnknownBotError, match="jitter"):
        make_bot("greedy:jitter=6", GAME, 0, SeededRng(0))
    with pytest.raises(UnknownBotError):
        make_bot("greedy:share=3", GAME, 0, SeededRng(0))


def test_greedy_stows_a_cheque_while_it_keeps_a_reserve() -> None:
    assert isinstance(choose(greedy(0), make_state(GAME)), Stow)
    poor = make_state(GAME, money=[2, 12, 12, 12])
    assert isinstance(choose(greedy(0), poor), Auction)


def test_greedy_puts_up_the_piece_worth_most_to_it() -> None:
    # Seat 0 owns Blue; its Blue building in an almost finished upper row wants a rooftop.
    board = make_board(rows={"U": "B6^1 B5^2 B4^3 B6", "M": "G6"}, certificates={"B": 0, "G": 1})
    state = make_state(GAME, board=board, stowed=True, offer=["R1", "", ""], roofs_left=[6, 6])
    assert choose(greedy(0), state) == Auction(0, "roof")


def test_row_chances_favour_the_rows_needing_least_work() -> None:
    board = make_board(rows={"U": "B6^1 B5^2 B4^3 B6", "M": "G6"})
    # Work left: upper 1 rooftop; middle 3 cubes + 4 rooftops; lower 4 + 4.
    assert row_chances(board) == [0.8, 0.65, 0.2]
    complete = make_board(rows={"U": "B6^1 B5^2 B4^3 B6^4"})
    assert row_chances(complete)[0] == 1.0


def test_greedy_places_a_rooftop_on_its_own_building() -> None:
    board = make_board(rows={"U": "B6^1 G5", "M": "B4"}, certificates={"B": 0, "G": 1})
    state = make_state(GAME, board=board, phase="place", piece_code="roof", roof_value=6, holder=0)
    assert choose(greedy(0), state) == Place(0, 1, 1)  # on its Blue 4, not on Green's G5
    assert choose(greedy(1), replace(state, holder=1)) == Place(1, 0, 2)


def test_greedy_bids_a_share_of_the_worth_and_passes_on_worthless_pieces() -> None:
    board = make_board(rows={"U": "B6^1 B5^2 B4^3 B6"}, certificates={"B": 1})
    state = make_state(GAME, board=board, offer=["R1", "", ""], roofs_left=[6, 6])
    state = play(GAME, state, "auction roof", rng=ScriptedRng([0]))
    assert state.roof_value == 6
    bid = choose(greedy(1), state)
    assert isinstance(bid, Bid) and 1 <= bid.amount <= 12
    # Seat 2 owns nothing on the board: the rooftop is worth nothing to it, so it passes.
    state = play_all(GAME, state, f"bid {bid.amount}")
    assert isinstance(choose(greedy(2), state), Pass)


def test_greedy_sells_for_a_high_bid_and_buys_a_cheap_valuable_piece() -> None:
    # The rooftop could finish seat 0's upper row (U4) or go on Green's G6 (M1) instead.
    board = make_board(rows={"U": "B6^1 B5^2 B4^3 B6", "M": "G6"}, certificates={"B": 0, "G": 2})
    state = make_state(
        GAME, board=board, money=[40, 40, 4, 4], offer=["R1", "", ""], roofs_left=[6, 6]
    )
    state = play(GAME, state, "auction roof", rng=ScriptedRng([0]))
    assert state.roof_value == 6
    cheap = play_all(GAME, state, "bid 1", "pass", "pass")
    assert isinstance(choose(greedy(0), cheap), Buy)
    dear = play_all(GAME, state, "bid 35", "pass", "pass")
    assert isinstance(choose(greedy(0), dear), Sell)


def test_greedy_plays_whole_games_legally_at_every_player_count() -> None:
    for players in range(2, 6):
        game = new_game(players)
        match: Match[Any, Any, Any] = Match(game, players)
        bots = [
            make_bot("greedy" if s % 2 == 0 else "random", game, s, SeededRng(s))
            for s in range(players)
        ]
        while not match.is_over():
            seat = match.to_act()[0]
            match.play(bots[seat].choose(match.view(seat), match.legal_actions(seat)))


def test_greedy_beats_random_clearly() -> None:
    """Over 60 seeded 4-player games (greedy in a rotating seat, three random players), greedy
    wins far more than its fair quarter. Deterministic: the seeds are fixed."""
    wins = 0.0
    games = 60
    for i in range(games):
        seat = i % 4
        seed = derive_seed(77, i)
        rng = SeededRng(seed)
        bots = [
            make_bot("greedy" if s == seat else "random", GAME, s, rng.fork()) for s in range(4)
        ]
        match: Match[Any, Any, Any] = Match(GAME, seed)
        while not match.is_over():
            to_act = match.to_act()[0]
            match.play(bots[to_act].choose(match.view(to_act), match.legal_actions(to_act)))
        outcome = match.outcome()
        assert outcome is not None
        if seat in outcome.winners:
            wins += 1 / len(outcome.winners)
    assert wins / games > 0.5


def test_jitter_varies_the_greedy_bots_valuations() -> None:
    """``jitter`` (the old 0..5 meaning of ``noise``) adds +/- jitter to each value compared:
    seeded games change, every move stays legal, and the games end."""
    from tycoon.sim.runner import make_bots, play_match

    def steps(code: str, seed: int) -> list[Any]:
        seats = [code] * GAME.players
        match = play_match(GAME, make_bots(GAME, seats, seed), seed, seats)
        assert match.outcome() is not None
        result: list[Any] = match.record().to_json()["steps"]
        return result

    assert [steps("greedy:jitter=5", s) for s in range(2)] != [steps("greedy", s) for s in range(2)]
