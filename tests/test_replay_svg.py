"""``tycoon replay FILE#N --svg DIR [--as SEAT]``: one SVG picture per step, named so they sort,
each the game's drawing of the view asked for; nothing the user did not name is overwritten."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from sim.support import tycoon  # tests/ is on the path (tests/conftest.py)

from tycoon.core import GameRecord, make, read_records, replay
from tycoon.sim import make_bots, play_match


def record_file(tmp_path: Path, game_name: str, seed: int = 5) -> tuple[Path, GameRecord]:
    game = make(game_name, 2)
    seats = ["random", "random"]
    record = play_match(game, make_bots(game, seats, seed), seed, seats).record()
    path = tmp_path / "games.jsonl"
    path.write_text(record.to_line() + "\n")
    return path, next(iter(read_records(path)))


def expected_pictures(record: GameRecord, viewer: int | None) -> list[str]:
    pictures = []
    for match, _step in replay(record):
        game = match.game
        svg = game.render_svg(game.observe(match.state, viewer))
        assert svg is not None
        pictures.append(svg)
    return pictures


@pytest.mark.parametrize("viewer", [None, 2])
def test_one_picture_per_step_of_the_view_asked_for(
    monkeypatch, capsys, tmp_path: Path, viewer: int | None
) -> None:
    path, record = record_file(tmp_path, "estates")
    target = tmp_path / "new" / "pictures"  # made, with its missing parent
    extra = [] if viewer is None else ["--as", str(viewer)]
    code, out, err = tycoon(
        monkeypatch, capsys, "replay", f"{path}#1", "--svg", str(target), *extra
    )
    assert code == 0, err
    expected = expected_pictures(record, None if viewer is None else viewer - 1)
    names = sorted(p.name for p in target.iterdir())
    assert len(names) == len(record.steps) + 1 == len(expected)
    assert names[0] == "step-0000.svg" and names[1] == "step-0001.svg"
    assert names[-1] == f"step-{len(record.steps):04d}.svg"
    for name, svg in zip(names, expected, strict=True):
        text = (target / name).read_text()
        assert text == svg
        ET.fromstring(text)  # each is a whole XML document
    assert f"{len(names)} pictures" in out and str(target) in out


def test_a_seat_picture_differs_from_the_spectators_and_its_own_is_used(
    monkeypatch, capsys, tmp_path: Path
) -> None:
    path, record = record_file(tmp_path, "milton-keynes")
    seat_dir, public_dir = tmp_path / "seat", tmp_path / "public"
    assert (
        tycoon(monkeypatch, capsys, "replay", str(path), "--svg", str(seat_dir), "--as", "1")[0]
        == 0
    )
    assert tycoon(monkeypatch, capsys, "replay", str(path), "--svg", str(public_dir))[0] == 0
    differing = [
        p.name for p in seat_dir.iterdir() if p.read_text() != (public_dir / p.name).read_text()
    ]
    assert differing, "seat 1's pictures show what only seat 1 knows"
    assert (seat_dir / "step-0000.svg").read_text() == expected_pictures(record, 0)[0]


def test_a_directory_with_files_is_refused_unless_forced(
    monkeypatch, capsys, tmp_path: Path
) -> None:
    path, record = record_file(tmp_path, "estates")
    target = tmp_path / "pictures"
    target.mkdir()
    mine = target / "notes.txt"
    mine.write_text("my notes")
    stale = target / "step-9999.svg"  # a previous, longer run's last picture
    stale.write_text("<svg/>")
    code, _, err = tycoon(monkeypatch, capsys, "replay", str(path), "--svg", str(target))
    assert code == 2 and "is not empty" in err and "--force" in err
    assert sorted(p.name for p in target.iterdir()) == ["notes.txt", "step-9999.svg"]
    code, _, err = tycoon(monkeypatch, capsys, "replay", str(path), "--svg", str(target), "--force")
    assert code == 0, err
    assert mine.read_text() == "my notes" and not stale.exists()
    assert len(list(target.glob("step-*.svg"))) == len(record.steps) + 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--as", "3"], "--as takes a seat from 1 to 2"),
        (["--as", "0"], "--as takes a seat from 1 to 2"),
    ],
)
def test_a_bad_seat_writes_nothing(monkeypatch, capsys, tmp_path: Path, args, message) -> None:
    path, _ = record_file(tmp_path, "estates")
    target = tmp_path / "pictures"
    code, _, err = tycoon(monkeypatch, capsys, "replay", str(path), "--svg", str(target), *args)
    assert code == 2 and message in err and err.count("\n") == 1
    assert not target.exists()


def test_a_bad_file_or_target_is_one_clear_line(monkeypatch, capsys, tmp_path: Path) -> None:
    target = tmp_path / "pictures"
    code, _, err = tycoon(
        monkeypatch, capsys, "replay", str(tmp_path / "none.jsonl"), "--svg", str(target)
    )
    assert code == 2 and "no such file" in err and not target.exists()
    path, _ = record_file(tmp_path, "estates")
    code, _, err = tycoon(monkeypatch, capsys, "replay", f"{path}#4", "--svg", str(target))
    assert code == 2 and "there is no record #4" in err and not target.exists()
    a_file = tmp_path / "a-file"
    a_file.write_text("keep")
    code, _, err = tycoon(monkeypatch, capsys, "replay", str(path), "--svg", str(a_file))
    assert code == 2 and "is not a directory" in err and a_file.read_text() == "keep"
    code, _, err = tycoon(monkeypatch, capsys, "replay", str(path), "--force")
    assert code == 2 and "--force goes with --svg" in err


def test_a_game_that_draws_no_pictures_says_so(monkeypatch, capsys, tmp_path: Path) -> None:
    path, _ = record_file(tmp_path, "sealed-auction")  # the test game has no SVG rendering
    target = tmp_path / "pictures"
    code, _, err = tycoon(monkeypatch, capsys, "replay", str(path), "--svg", str(target))
    assert code == 2 and "draws no pictures" in err and not target.exists()
