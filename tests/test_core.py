"""The engine core: options, rng, actions and their JSON form, sealed commits, records, registry."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sealed_auction import Bid, SealedAuction

from tycoon.core import (
    AmountRange,
    GameRecord,
    IllegalActionError,
    MalformedActionError,
    Match,
    OptionError,
    OutOfTurnError,
    RecordError,
    ReplayError,
    ScriptedRng,
    SealedCommits,
    SeededRng,
    UnknownGameError,
    action_from_json,
    action_to_json,
    count_actions,
    derive_seed,
    expand,
    is_legal,
    load_record,
    make,
    read_records,
    replay_to_end,
    write_records,
)
from tycoon.core.errors import GameOverError, UnknownBotError
from tycoon.core.players import make_bot, parse_seat_code
from tycoon.core.record import digest_of


def auction(**options: Any) -> SealedAuction:
    game = make("sealed-auction", **options)
    assert isinstance(game, SealedAuction)
    return game


# -- options and registry ---------------------------------------------------------------------


def test_make_validates_options_and_players() -> None:
    assert auction(cash="25").options["cash"] == 25
    with pytest.raises(OptionError, match="must be at most 100"):
        auction(cash=500)
    with pytest.raises(OptionError, match="whole number"):
        auction(cash="lots")
    with pytest.raises(OptionError, match="has no option 'bank'"):
        auction(bank=3)
    with pytest.raises(OptionError, match="takes 2-2 players, not 3"):
        make("sealed-auction", 3)
    with pytest.raises(UnknownGameError, match="unknown game 'chess'"):
        make("chess")


def test_game_names_ignore_case_and_underscores() -> None:
    assert make("SEALED_AUCTION").spec.name == "sealed-auction"


# -- rng --------------------------------------------------------------------------------------


def test_seeded_rng_draws_what_randrange_draws() -> None:
    """SeededRng.below is randrange(n) without its argument checks: the same stream, so records
    and seeded simulations made before it stay valid."""
    import random

    sizes = [1, 2, 3, 6, 7, 8, 9, 36, 40, 64, 100, 1000, 2**31 - 1, 2**40, 10**20]
    reference = random.Random(77)
    rng = SeededRng(77)
    for n in sizes * 50:
        assert rng.below(n) == reference.randrange(n)
    with pytest.raises(ValueError):
        rng.below(0)


def test_seeded_rng_seeds_at_first_use() -> None:
    """The generator is seeded at the first draw (or getstate, setstate, fork), not when the
    source is made: each way in gives the stream random.Random(seed) gives, and a copy or a
    pickle made before the first draw draws the same."""
    import copy
    import pickle
    import random

    unused = SeededRng(5)
    assert not hasattr(unused, "_random")  # not seeded until asked
    assert unused.seed == 5
    reference = random.Random(5)
    assert [unused.below(36) for _ in range(20)] == [reference.randrange(36) for _ in range(20)]
    assert hasattr(unused, "_random")
    assert SeededRng(6).getstate() == random.Random(6).getstate()
    assert SeededRng(7).fork().seed == random.Random(7).getrandbits(63)
    later = SeededRng(8)
    later.setstate(random.Random(3).getstate())
    assert later.below(1000) == random.Random(3).randrange(1000)
    for made in (copy.deepcopy(SeededRng(9)), pickle.loads(pickle.dumps(SeededRng(9)))):
        reference = random.Random(9)
        assert [made.below(100) for _ in range(5)] == [reference.randrange(100) for _ in range(5)]


def test_seeded_rng_repeats_and_scripted_rng_replays() -> None:
    first = [SeededRng(9).below(100) for _ in range(3)]
    assert first == [SeededRng(9).below(100) for _ in range(3)]
    scripted = ScriptedRng([4, 0, 2])
    assert scripted.roll(6) == 5
    assert scripted.shuffled(["a", "b"]) == ["b", "a"]
    with pytest.raises(ReplayError, match="does not fit a draw below 2"):
        scripted.below(2)


def test_scripted_rng_runs_out_with_a_clear_error() -> None:
    with pytest.raises(ReplayError, match="no chance outcome left"):
        ScriptedRng([]).below(6)


@given(st.integers(min_value=0, max_value=2**40), st.integers(min_value=0, max_value=10**6))
def test_derived_seeds_are_stable_and_spread(run_seed: int, index: int) -> None:
    assert derive_seed(run_seed, index) == derive_seed(run_seed, index)
    assert derive_seed(run_seed, index) != derive_seed(run_seed, index + 1)
    assert 0 <= derive_seed(run_seed, index) < 2**63


@given(st.lists(st.integers(), max_size=30), st.integers(min_value=0, max_value=1000))
def test_shuffle_is_a_permutation(items: list[int], seed: int) -> None:
    assert sorted(SeededRng(seed).shuffled(items)) == sorted(items)


# -- actions ----------------------------------------------------------------------------------


def test_amount_ranges_describe_numeric_choices_without_enumerating() -> None:
    bids = AmountRange(Bid(0, 0), 2, 10, step=2)
    assert len(bids) == 5 and count_actions([bids]) == 5
    assert is_legal([bids], Bid(0, 6))
    assert not is_legal([bids], Bid(0, 7))
    assert not is_legal([bids], Bid(1, 6))
    assert expand([bids])[-1] == Bid(0, 10)


def test_action_json_round_trips_and_rejects_bad_fields() -> None:
    data = action_to_json(Bid(1, 4))
    assert data == {"type": "Bid", "seat": 1, "amount": 4}
    assert action_from_json(json.loads(json.dumps(data)), [Bid]) == Bid(1, 4)
    with pytest.raises(MalformedActionError, match="must be a whole number"):
        action_from_json({"type": "Bid", "seat": 1, "amount": "4"}, [Bid])
    with pytest.raises(MalformedActionError, match="unknown action type"):
        action_from_json({"type": "Pass", "seat": 1}, [Bid])
    with pytest.raises(MalformedActionError, match="needs a field 'amount'"):
        action_from_json({"type": "Bid", "seat": 1}, [Bid])


# -- sealed commits ---------------------------------------------------------------------------


def test_sealed_commits_hide_values_until_everyone_has_committed() -> None:
    sealed = SealedCommits[int].open((0, 1, 2))
    sealed = sealed.commit(2, 30)
    assert sealed.pending == (0, 1)
    assert sealed.view(0).committed == (2,) and sealed.view(0).own is None
    assert sealed.view(2).own == 30
    assert sealed.view(None).own is None
    with pytest.raises(IllegalActionError, match="already committed"):
        sealed.commit(2, 5)
    with pytest.raises(OutOfTurnError):
        sealed.commit(3, 5)
    with pytest.raises(IllegalActionError, match="only once everyone"):
        sealed.revealed()
    done = sealed.commit(0, 1).commit(1, 2)
    assert done.is_complete and done.revealed() == {0: 1, 1: 2, 2: 30}


def test_sealed_auction_resolves_and_reveals_in_one_transition() -> None:
    """The second bid resolves the round: both bids are revealed and the winner pays."""
    game = auction()
    state = game.initial_state(ScriptedRng([6, 2]))  # values 7 and 3
    state, _ = game.apply(state, Bid(0, 4), SeededRng(0))
    seen_by_1 = game.observe(state, 1)
    assert seen_by_1.bids.committed == (0,) and seen_by_1.bids.own is None
    assert seen_by_1.own_value == 3
    state, outcomes = game.apply(state, Bid(1, 5), ScriptedRng([0, 0]))
    assert outcomes == (0, 0)  # next round's values drawn and recorded
    assert state.history[0].bids == (4, 5) and state.history[0].winner == 1
    assert state.cash == (10, 5) and state.profit == (0, -2)
    assert game.observe(state, 0).bids.committed == ()


def test_errors_leave_the_state_unchanged() -> None:
    game = auction()
    match = Match(game, 3)
    before = match.state
    with pytest.raises(IllegalActionError, match="bid 11 is not a legal move"):
        match.play(Bid(0, 11))
    with pytest.raises(MalformedActionError, match="write: bid 3"):
        match.play_text("raise 3", 0)
    match.play(Bid(0, 1))
    with pytest.raises(OutOfTurnError, match="not Seat 1's turn"):
        match.play(Bid(0, 2))
    assert match.state.bids.commit(1, 1) is not None and before.bids.committed == ()
    assert len(match.steps) == 1


def test_no_action_after_the_end() -> None:
    game = auction()
    match = Match(game, 3)
    for _ in range(3):
        match.play(Bid(0, 0))
        match.play(Bid(1, 0))
    assert match.is_over()
    with pytest.raises(GameOverError, match="the game is over"):
        match.play(Bid(0, 0))


# -- records ----------------------------------------------------------------------------------


def finished_record(seed: int = 11) -> GameRecord:
    match = Match(auction(), seed, ("random", "random"))
    rng = SeededRng(seed)
    while not match.is_over():
        seat = match.to_act()[0]
        match.play(Bid(seat, rng.below(4)))
    return match.record({"index": 0})


def test_records_round_trip_through_json_lines(tmp_path: Path) -> None:
    records = [finished_record(1), finished_record(2)]
    path = tmp_path / "games.jsonl"
    assert write_records(path, records) == 2
    assert list(read_records(path)) == records
    assert load_record(f"{path}#2") == records[1]
    assert replay_to_end(records[1]).state == replay_to_end(load_record(f"{path}#2")).state


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("not json\n", r"line 1 is not valid JSON \(Expecting value at column 1\)"),
        ('{"schema": "tycoon-rec', r"\(Unterminated string starting at column 12\)"),
        ('{"schema": "other"}\n', "not a tycoon game record"),
        ('{"schema": "tycoon-record/9"}\n', "schema 'tycoon-record/9' is not supported"),
        ('{"schema": "tycoon-record/1", "game": "x"}\n', "needs 'steps'"),
        ("[1, 2]\n", "a game record is a JSON object"),
    ],
)
def test_corrupt_record_files_give_clear_errors(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(content)
    with pytest.raises(RecordError, match=message):
        load_record(str(path))


def test_unreadable_record_references(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="no such file"):
        load_record(str(tmp_path / "missing.jsonl"))
    path = tmp_path / "one.jsonl"
    write_records(path, [finished_record()])
    with pytest.raises(RecordError, match="fewer than 5 records"):
        load_record(f"{path}#5")
    with pytest.raises(RecordError, match="is not a record number"):
        load_record(f"{path}#x")
    with pytest.raises(RecordError, match=r"write a record number after '#' \(.*#1 is the first"):
        load_record(f"{path}#")
    binary = tmp_path / "binary.jsonl"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(RecordError):
        load_record(str(binary))


def redigested(data: dict[str, Any]) -> dict[str, Any]:
    """A tampered record whose digest was recomputed (a digest is no signature): replay's own
    checks must still catch it."""
    return {**data, "digest": digest_of(data)}


def test_tampered_records_do_not_replay() -> None:
    record = finished_record()
    data = record.to_json()
    data["steps"][0][1] = "bid 99"
    with pytest.raises(RecordError, match="altered after it was written"):
        GameRecord.from_json(data)
    with pytest.raises(ReplayError, match="step 1"):
        replay_to_end(GameRecord.from_json(redigested(data)))
    data = record.to_json()
    data["version"] = "0"
    with pytest.raises(RecordError, match="made with sealed-auction version 0"):
        replay_to_end(GameRecord.from_json(redigested(data)))
    data = record.to_json()
    data["outcome"]["scores"] = [99, 99]
    with pytest.raises(ReplayError, match="does not end as the record says"):
        replay_to_end(GameRecord.from_json(redigested(data)))
    data = record.to_json()
    data["setup"] = [*data["setup"], 1]
    with pytest.raises(ReplayError, match="more set-up outcomes"):
        replay_to_end(GameRecord.from_json(redigested(data)))


# -- bots -------------------------------------------------------------------------------------


def test_seat_codes_parse_parameters() -> None:
    assert parse_seat_code("Greedy:noise=0.1:depth=2") == ("greedy", {"noise": "0.1", "depth": "2"})
    with pytest.raises(UnknownBotError, match="key=value"):
        parse_seat_code("greedy:noise")


def test_unknown_bots_and_parameters_are_refused() -> None:
    game = auction()
    with pytest.raises(UnknownBotError, match="no bot 'clever'"):
        make_bot("clever", game, 0, SeededRng(0))
    with pytest.raises(UnknownBotError, match="has no parameter 'depth'"):
        make_bot("random:depth=3", game, 0, SeededRng(0))


def test_random_bot_is_seeded_and_plays_legal_moves() -> None:
    game = auction()
    bot = make_bot("random", game, 0, SeededRng(4))
    state = game.initial_state(SeededRng(0))
    legal = game.legal_actions(state, 0)
    choices = [bot.choose(game.observe(state, 0), legal) for _ in range(20)]
    assert all(is_legal(legal, c) for c in choices)
    again = make_bot("random", game, 0, SeededRng(4))
    assert choices == [again.choose(game.observe(state, 0), legal) for _ in range(20)]


def test_views_become_json_whatever_they_are_made_of() -> None:
    from typing import NamedTuple

    from tycoon.core import to_jsonable

    class Point(NamedTuple):
        x: int
        y: int

    sealed = SealedCommits[int].open((0, 1)).commit(1, 5)
    assert to_jsonable(sealed.view(0)) == {"seats": [0, 1], "committed": [1], "own": None}
    assert to_jsonable(Point(1, 2)) == {"x": 1, "y": 2}
    assert to_jsonable({"p": frozenset({3, 1})}) == {"p": [1, 3]}
    assert to_jsonable(AmountRange(Bid(0, 0), 1, 3))["high"] == 3


def test_a_noisy_bot_explores_about_as_often_as_asked() -> None:
    bot = make_bot("random", auction(), 0, SeededRng(1))
    assert not any(bot.explores(0.0) for _ in range(200))
    assert all(bot.explores(1.0) for _ in range(200))
    share = sum(bot.explores(0.25) for _ in range(4000)) / 4000
    assert 0.22 < share < 0.28
