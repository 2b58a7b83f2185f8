"""What-if data (tycoon.core.data): directories, patch files, inline patches, the effective patch
kept as the game's data option, errors naming file and field, and records that replay."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tycoon.core import DataError, DataFiles, GameRecord, Match, OptionError, make, replay_to_end
from tycoon.core.data import MAX_FILE_BYTES, describe_patch, diff, merge, split_field
from tycoon.games.water_rights.catalogue import WATER_DATA


@pytest.fixture
def files(tmp_path: Path) -> DataFiles:
    home = tmp_path / "home"
    (home / "sub").mkdir(parents=True)
    (home / "economy.json").write_text(
        json.dumps({"cash": 1500, "salary": 200, "rents": [2, 10, 30], "deck": [{"a": 1}]})
    )
    (home / "sub" / "board.json").write_text(json.dumps({"size": 8, "name": "classic"}))
    return DataFiles(home=home, files=("economy.json", "sub/board.json"))


def test_a_patch_file_sets_fields_and_the_game_keeps_the_effective_patch(
    files: DataFiles, tmp_path: Path
) -> None:
    patch = tmp_path / "cash.json"
    patch.write_text(json.dumps({"economy.json": {"cash": 1200, "rents": {"1": 12}}}))
    value = files.canonical(str(patch))
    assert json.loads(value) == {"economy.json": {"cash": 1200, "rents": {"1": 12}}}
    assert files.canonical(value) == value  # canonical is a fixed point
    documents = files.documents(value)
    assert documents["economy.json"]["cash"] == 1200
    assert documents["economy.json"]["rents"] == [2, 12, 30]
    assert documents["sub/board.json"] == {"size": 8, "name": "classic"}
    assert files.describe(value) == "economy.json: cash=1200, rents.1=12"
    assert files.built_in()["economy.json"]["cash"] == 1500  # nothing shared was changed


def test_only_paths_read_files(files: DataFiles) -> None:
    assert files.reads_files("/etc/passwd") and files.reads_files("mine")
    assert not any(files.reads_files(v) for v in ("", "built-in", ' {"economy.json": {}}'))


def test_an_inline_patch_and_a_no_op_patch(files: DataFiles) -> None:
    assert json.loads(files.canonical('{"sub/board.json": {"size": 10}}')) == {
        "sub/board.json": {"size": 10}
    }
    assert files.canonical('{"economy.json": {"cash": 1500}}') == "built-in"
    assert files.canonical("") == files.canonical("built-in") == "built-in"
    assert files.describe("") == "built-in"


def test_a_directory_replaces_only_the_files_it_holds(files: DataFiles, tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "economy.json").write_text(
        json.dumps({"cash": 1000, "salary": 200, "rents": [2, 10, 30], "deck": [{"a": 1}], "x": 1})
    )
    value = files.canonical(str(folder))
    assert json.loads(value) == {"economy.json": {"cash": 1000, "x": 1}}
    assert files.documents(value)["sub/board.json"]["size"] == 8  # not in the folder: built in
    # The stored patch adds a field, as the replaced file did, and still replays.
    assert files.documents(value)["economy.json"]["x"] == 1
    (folder / "typo.json").write_text("{}")
    with pytest.raises(DataError, match=r"typo\.json is not a data file"):
        files.canonical(str(folder))


@pytest.mark.parametrize(
    ("patch", "message"),
    [
        ({"economy.json": {"cahs": 1}}, r"economy\.json cahs: no such field"),
        ({"economy.json": {"cash": "lots"}}, r"economy\.json cash: holds a whole number, not text"),
        ({"economy.json": {"cash": 1.5}}, r"economy\.json cash: holds a whole number, not 1\.5"),
        ({"economy.json": {"rents": {"5": 1}}}, r"economy\.json rents\.5: the list has 3 items"),
        ({"economy.json": {"rents": {"0": None}}}, "a list item cannot be removed"),
        ({"economy.json": {"deck": {"0": {"b": 2}}}}, r"economy\.json deck\.0\.b: no such field"),
        ({"board.json": {}}, r"board\.json\" is not a data file"),
        ([1, 2], "a JSON object keyed by file name"),
        ({"economy.json": {"cash": True}}, r"cash: holds a whole number, not true/false"),
        ({"economy.json": [1]}, r"economy\.json: a file's patch is an object"),
    ],
)
def test_bad_patches_name_the_file_and_the_field(
    files: DataFiles, tmp_path: Path, patch: object, message: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(patch))
    with pytest.raises(DataError, match=message):
        files.canonical(str(path))


def test_damaged_huge_and_missing_files_are_errors(files: DataFiles, tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"economy.json": {"cash": 12')
    with pytest.raises(
        DataError, match=r"broken\.json: not valid JSON \(Expecting ',' delimiter at line 1, col"
    ):
        files.canonical(str(broken))
    nan = tmp_path / "nan.json"
    nan.write_text('{"economy.json": {"cash": NaN}}')
    with pytest.raises(DataError, match="NaN is not a JSON number"):
        files.canonical(str(nan))
    huge = tmp_path / "huge.json"
    huge.write_text(" " * (MAX_FILE_BYTES + 1))
    with pytest.raises(DataError, match="too large"):
        files.canonical(str(huge))
    deep = tmp_path / "deep.json"
    deep.write_text('{"economy.json":' + "[" * 100 + "]" * 100 + "}")
    with pytest.raises(DataError, match="nested"):
        files.canonical(str(deep))
    with pytest.raises(DataError, match="no such directory or patch file"):
        files.canonical(str(tmp_path / "nowhere"))
    folder = tmp_path / "folder"
    folder.mkdir()
    (folder / "economy.json").write_text(json.dumps({"cash": None}))
    with pytest.raises(DataError, match=r"economy\.json cash: null"):
        files.canonical(str(folder))


def test_merge_and_diff_round_trip() -> None:
    base = {"a": 1, "b": {"c": [1, 2, 3]}, "d": "x"}
    target = {"a": 2, "b": {"c": [1, 5, 3]}, "e": [1]}
    patch = diff(base, target, "f.json")
    assert patch == {"a": 2, "b": {"c": {"1": 5}}, "d": None, "e": [1]}
    assert merge(base, patch, "f.json", strict=False) == target
    assert describe_patch({"f.json": patch}, limit=2) == "f.json: d=removed, a=2 (and 2 more)"


def test_vary_names_a_field_two_ways(files: DataFiles) -> None:
    assert split_field(files, "economy.cash") == ("economy.json", ("cash",))
    assert split_field(files, "sub/board.json:size") == ("sub/board.json", ("size",))
    with pytest.raises(DataError, match="name a field"):
        split_field(files, "economy.json:")
    with pytest.raises(DataError, match=r"no data file towns\.json"):
        split_field(files, "towns.x")


def test_water_rights_records_carry_their_data_and_replay(tmp_path: Path) -> None:
    """A game on a patch file records the effective patch (not the path): the record replays
    after the file is gone, its digest covers the data, and the old forms still replay."""
    patch = tmp_path / "treasury.json"
    patch.write_text(json.dumps({"economy.json": {"king": {"treasury": 260}}}))
    game = make("water-rights", 4, data=str(patch))
    assert game.options["data"] == '{"economy.json":{"king":{"treasury":260}}}'
    assert game.rules.economy.treasury == 260  # type: ignore[attr-defined]
    match = Match(game, 5)
    for _ in range(40):
        seat = match.to_act()[0]
        match.play(match.legal_actions(seat)[0])
    record = match.record()
    patch.unlink()
    again = replay_to_end(GameRecord.from_json(json.loads(record.to_line())))
    assert again.state == match.state
    altered = json.loads(record.to_line())
    altered["options"]["data"] = '{"economy.json":{"king":{"treasury":261}}}'
    with pytest.raises(Exception, match="digest"):
        GameRecord.from_json(altered)
    for old in ("", "tuned", "clarifications"):  # what earlier records hold
        assert make("water-rights", 4, data=old).options["data"] in ("tuned", "clarifications")


def test_a_bad_data_option_is_an_option_error_that_changes_nothing(tmp_path: Path) -> None:
    patch = tmp_path / "bad.json"
    patch.write_text(json.dumps({"economy.json": {"king": {"treasury": -5}}}))
    with pytest.raises(OptionError, match=r"economy\.json: king\.treasury"):
        make("water-rights", 4, data=str(patch))
    assert WATER_DATA.built_in()["economy.json"]["king"]["treasury"] == 175
