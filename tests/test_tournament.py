"""``tycoon tournament``: rotated seatings, results independent of --jobs, win rates, the
head-to-head table and ratings, on the sealed-auction test game and The Estates."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from sim.support import tycoon  # tests/ is on the path (tests/conftest.py)

from tycoon.core import OptionValue
from tycoon.core.errors import TycoonError, UnknownBotError
from tycoon.sim.runner import GameResult
from tycoon.sim.tournament import (
    Played,
    TournamentReport,
    lineups,
    parse_entries,
    play_tournament,
)


def result(ranks: tuple[int, ...], index: int = 0) -> GameResult:
    return GameResult(index, 0, tuple(float(-r) for r in ranks), ranks, False, 1, None)


def test_every_bot_takes_every_seat_equally_often_over_a_rotation() -> None:
    for entries, players in ((("a", "b", "c"), 4), (("a", "b", "b", "b"), 4), (("a", "b"), 3)):
        seatings = lineups(entries, players)
        assert len(seatings) == len(entries)
        for seat in range(players):
            held = Counter(lineup[seat] for lineup in seatings)
            assert held == Counter(entries)


def test_one_search_bot_against_three_greedy_holds_one_seat_a_game() -> None:
    for lineup in lineups(("ismcts", "greedy", "greedy", "greedy"), 4):
        assert lineup.count("ismcts") == 1


def test_win_rates_count_seats_and_share_tied_wins() -> None:
    report = TournamentReport("x", 3, ("a", "b"), 1)
    report.add(Played(0, ("a", "b", "a"), result((1, 2, 3))))
    report.add(Played(1, ("b", "a", "b"), result((1, 1, 3))))
    a, b = report.lines()
    assert (a.code, a.seats, a.wins) == ("a", 3, 1.5)
    assert (b.code, b.seats, b.wins) == ("b", 3, 0.5)
    assert a.fair_share == pytest.approx(1 / 3)
    assert a.win_rate == pytest.approx(0.5)
    low, high = a.interval
    assert low < 0.5 < high


def test_head_to_head_compares_every_pair_of_seats_of_two_bots() -> None:
    report = TournamentReport("x", 3, ("a", "b"), 1)
    report.add(Played(0, ("a", "b", "a"), result((1, 2, 3))))
    report.add(Played(1, ("b", "a", "b"), result((1, 1, 3))))
    table = report.head_to_head()
    # game 0: a1 beats b, b beats a3; game 1: tie with the first b, a beats the second b
    assert table[("a", "b")] == (2.5, 4)
    assert table[("b", "a")] == (1.5, 4)


def test_ratings_put_the_bot_that_keeps_winning_on_top() -> None:
    report = TournamentReport("x", 2, ("a", "b"), 1)
    for g in range(10):
        seats = ("a", "b") if g % 2 == 0 else ("b", "a")
        report.add(Played(g, seats, result((1, 2) if g % 2 == 0 else (2, 1), g)))
    ratings = report.ratings()
    assert ratings["a"].mu > 25 > ratings["b"].mu
    assert ratings["a"].ordinal == pytest.approx(ratings["a"].mu - 3 * ratings["a"].sigma)
    assert ratings["a"].sigma < 25 / 3


def test_a_tournament_plays_in_game_order_and_does_not_depend_on_jobs() -> None:
    one = play_tournament("sealed-auction", 2, {}, ("ismcts:iterations=20", "random"), 6, seed=4)
    two = play_tournament(
        "sealed-auction", 2, {}, ("ismcts:iterations=20", "random"), 6, seed=4, jobs=2
    )
    assert [p.number for p in one.played] == list(range(6))
    assert [(p.seats, p.result.seed, p.result.ranks) for p in one.played] == [
        (p.seats, p.result.seed, p.result.ranks) for p in two.played
    ]
    assert [p.seats for p in one.played[:2]] == [
        ("ismcts:iterations=20", "random"),
        ("random", "ismcts:iterations=20"),
    ]
    other = play_tournament("sealed-auction", 2, {}, ("ismcts:iterations=20", "random"), 6, seed=5)
    assert [p.result.seed for p in other.played] != [p.result.seed for p in one.played]


@pytest.mark.parametrize("text", ["greedy", "greedy,,random", "random,random"])
def test_a_tournament_needs_two_different_bots(text: str) -> None:
    with pytest.raises(UnknownBotError):
        parse_entries(text)


def test_a_bot_unknown_to_the_game_is_refused_before_any_game() -> None:
    with pytest.raises(TycoonError) as error:
        play_tournament("estates", 4, {}, ("greedy", "nobody"), 4, seed=1)
    assert "nobody" in error.value.reason


def test_the_tournament_command_prints_rates_pairs_and_ratings(monkeypatch, capsys) -> None:
    code, out, _ = tycoon(
        monkeypatch, capsys, "tournament", "sealed-auction", "--bots", "easy,random", "-n", "4"
    )
    assert code == 0
    for words in ("win rate", "95% interval", "head to head", "ordinal", "easy", "random"):
        assert words in out


def test_the_tournament_command_writes_json_and_reads_game_options(monkeypatch, capsys) -> None:
    code, out, _ = tycoon(
        monkeypatch,
        capsys,
        "tournament",
        "sealed-auction",
        "--bots",
        "ismcts:iterations=5,random",
        "-n",
        "4",
        "--seed",
        "2",
        "--json",
        "--cash",
        "20",
    )
    assert code == 0
    data = json.loads(out)
    assert data["games"] == 4 and data["options"]["cash"] == 20
    assert {bot["code"] for bot in data["bots"]} == {"ismcts:iterations=5", "random"}
    assert sum(bot["seats"] for bot in data["bots"]) == 8


def test_the_tournament_command_refuses_a_lone_bot_in_one_line(monkeypatch, capsys) -> None:
    code, _, err = tycoon(
        monkeypatch, capsys, "tournament", "sealed-auction", "--bots", "random", "-n", "2"
    )
    assert code == 2 and "two different bots" in err


# -- results files: a stopped tournament goes on where it stopped ---------------------------------

SETTINGS: tuple[str, int, dict[str, OptionValue], tuple[str, ...]] = (
    "sealed-auction",
    2,
    {},
    ("ismcts:iterations=5", "random"),
)


def kept_run(path, games: int, seed: int = 4, jobs: int = 1):
    """Play ``games`` games of the test tournament keeping them in ``path``; the report and the
    numbers of the games actually played."""
    from tycoon.sim.tournament import ResultsFile, results_header

    game, players, options, entries = SETTINGS
    kept = ResultsFile(
        path, results_header(game, players, options, entries, seed), lineups(entries, players)
    )
    played: list[int] = []

    def finished(p: Played) -> None:
        kept.add(p)
        played.append(p.number)

    with kept:
        report = play_tournament(
            game,
            players,
            options,
            entries,
            games,
            seed,
            jobs=jobs,
            on_game=finished,
            done=dict(kept.done),
        )
    return report, played


def summary(report: TournamentReport) -> list[tuple[object, ...]]:
    return [
        (p.number, p.seats, p.result.seed, p.result.ranks, p.result.scores, p.result.steps)
        for p in report.played
    ]


def test_a_kept_tournament_resumes_with_the_games_it_lacks_and_reports_as_one_run(tmp_path) -> None:
    path = tmp_path / "games.jsonl"
    _first, played = kept_run(path, 3)
    assert played == [0, 1, 2]
    resumed, played = kept_run(path, 6, jobs=2)
    assert played == [3, 4, 5]  # the first three were read, not played again
    fresh = play_tournament(*SETTINGS, 6, 4)
    assert summary(resumed) == summary(fresh)
    assert resumed.to_json() == fresh.to_json()
    assert len(path.read_text().splitlines()) == 1 + 6
    again, played = kept_run(path, 6)
    assert played == [] and summary(again) == summary(fresh)


def test_a_line_cut_short_by_a_stop_is_dropped_and_its_game_played_again(tmp_path) -> None:
    path = tmp_path / "games.jsonl"
    kept_run(path, 4)
    whole = path.read_bytes()
    path.write_bytes(whole[: whole.rstrip(b"\n").rfind(b"\n") + 25])  # game 3 half written
    report, played = kept_run(path, 4)
    assert played == [3]
    assert path.read_bytes() == whole
    assert summary(report) == summary(play_tournament(*SETTINGS, 4, 4))


def test_a_whole_last_line_without_its_end_is_kept_and_ended(tmp_path) -> None:
    path = tmp_path / "games.jsonl"
    kept_run(path, 3)
    whole = path.read_bytes()
    path.write_bytes(whole.rstrip(b"\n"))
    _, played = kept_run(path, 4)
    assert played == [3]
    lines = path.read_text().splitlines()
    assert len(lines) == 5 and [json.loads(line).get("number") for line in lines[1:]] == [
        0,
        1,
        2,
        3,
    ]


def damage(line: str) -> str:
    data = json.loads(line)
    data["seats"] = list(reversed(data["seats"]))
    return json.dumps(data)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda lines: [*lines[:2], "{not json", *lines[3:]], "line 3 is damaged (not JSON)"),
        (lambda lines: [*lines[:2], damage(lines[2]), *lines[3:]], "seats are not this"),
        (lambda lines: [*lines, lines[1]], "repeats game 0"),
        (
            lambda lines: [lines[0].replace('"seed":4', '"seed":5'), *lines[1:]],
            "holds another tournament's games (seed 5 there, 4 here)",
        ),
        (lambda lines: ["hello", *lines[1:]], "is not a tournament results file"),
        (
            lambda lines: [*lines[:1], lines[1].replace('"ranks":[', '"ranks":[7,'), *lines[2:]],
            "line 2 is damaged (ranks must be 2 places",
        ),
    ],
)
def test_a_damaged_or_foreign_results_file_is_refused_and_left_as_it_was(
    tmp_path, change, words
) -> None:
    path = tmp_path / "games.jsonl"
    kept_run(path, 3)
    text = "\n".join(change(path.read_text().splitlines())) + "\n"
    path.write_text(text)
    with pytest.raises(TycoonError) as error:
        kept_run(path, 5)
    assert words in error.value.reason and str(path) in error.value.reason
    assert path.read_text() == text


def test_a_results_file_being_written_is_refused_to_a_second_run(tmp_path) -> None:
    from tycoon.sim.tournament import ResultsFile, results_header

    path = tmp_path / "games.jsonl"
    game, players, options, entries = SETTINGS
    header = results_header(game, players, options, entries, 4)
    with (
        ResultsFile(path, header, lineups(entries, players)),
        pytest.raises(TycoonError) as error,
        ResultsFile(path, header, lineups(entries, players)),
    ):
        pass
    assert "another tournament is writing it" in error.value.reason


def test_the_tournament_command_keeps_and_resumes_its_games(monkeypatch, capsys, tmp_path) -> None:
    path = tmp_path / "games.jsonl"
    line = ("tournament", "sealed-auction", "--bots", "ismcts:iterations=5,random", "--json")
    code, out, err = tycoon(monkeypatch, capsys, *line, "-n", "3", "--results", str(path))
    assert code == 0 and "0 games read, 3 played, 3 of 3 kept" in err
    code, out, err = tycoon(monkeypatch, capsys, *line, "-n", "5", "--results", str(path))
    assert code == 0 and "3 games read, 2 played, 5 of 5 kept" in err
    code, fresh, _ = tycoon(monkeypatch, capsys, *line, "-n", "5")
    assert json.loads(out) == json.loads(fresh)


def test_a_results_file_written_by_other_bots_is_refused_and_left_as_it_was(
    monkeypatch, capsys, tmp_path
) -> None:
    """A bot's code has no version: when the bots play otherwise than when the file was
    written (here the random bot draws from another random source), the file's last game no
    longer ends as written, and resuming it is refused rather than pooling two bots' games."""
    from tycoon.bots.random_bot import RandomBot
    from tycoon.core import SeededRng
    from tycoon.core.actions import sample_choice

    path = tmp_path / "games.jsonl"
    line = ("tournament", "sealed-auction", "--bots", "ismcts:iterations=5,random", "--json")
    code, _, err = tycoon(monkeypatch, capsys, *line, "-n", "4", "--results", str(path))
    assert code == 0
    written = path.read_bytes()
    code, _, err = tycoon(monkeypatch, capsys, *line, "-n", "5", "--results", str(path))
    assert code == 0 and "4 games read, 1 played, 5 of 5 kept" in err  # same bots: goes on
    written = path.read_bytes()
    monkeypatch.setattr(
        RandomBot, "choose", lambda self, view, legal: sample_choice(legal, SeededRng(7))
    )
    code, out, err = tycoon(monkeypatch, capsys, *line, "-n", "8", "--results", str(path))
    assert code != 0 and out == ""
    assert "game 4 now ends otherwise than this file says" in err
    assert "the bots or the rules have changed since" in err
    assert path.read_bytes() == written


def test_the_tournament_command_writes_no_file_for_a_bad_bot(monkeypatch, capsys, tmp_path) -> None:
    path = tmp_path / "games.jsonl"
    code, _, err = tycoon(
        monkeypatch,
        capsys,
        "tournament",
        "sealed-auction",
        "--bots",
        "nobody,random",
        "--results",
        str(path),
    )
    assert code != 0 and "nobody" in err
    assert not path.exists()
