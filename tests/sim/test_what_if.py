"""What-if data on the command line: simulate, --vs, replay, sweep and the error line."""

from __future__ import annotations

import json

from tycoon.core import replay_to_end

from .support import tycoon


def test_the_commands_take_data_and_say_which_data_ran(monkeypatch, capsys, tmp_path) -> None:
    """simulate --data and --vs data=...: the report names the changed fields; --out records
    replay without the file; a bad file is one line naming file and field, no traceback."""
    from tycoon.core import read_records

    rich = tmp_path / "rich.json"
    rich.write_text(json.dumps({"decks.json": {"current": {"chance": {"7": {"amount": 500}}}}}))
    out = tmp_path / "games.jsonl"
    seats = "greedy,greedy"
    code, text, _ = tycoon(
        monkeypatch, capsys, "simulate", "esport-monopoly", "-n", "2", "--seats", seats,
        "--seed", "1", "--data", str(rich), "--out", str(out),
    )  # fmt: skip
    assert code == 0
    assert "data [decks.json: current.chance.7.amount=500]" in text
    records = list(read_records(out))
    rich.unlink()
    assert all(replay_to_end(r).outcome() is not None for r in records)
    code, text, _ = tycoon(
        monkeypatch, capsys, "replay", f"{out}#1", "--all",
    )  # fmt: skip
    assert code == 0 and "data [decks.json: current.chance.7.amount=500]" in text
    cheap = tmp_path / "cheap.json"
    cheap.write_text(json.dumps({"decks.json": {"current": {"mail": {"1": {"amount": 1}}}}}))
    code, text, _ = tycoon(
        monkeypatch, capsys, "simulate", "esport-monopoly", "-n", "2", "--seats", seats,
        "--seed", "1", "--vs", f"data={cheap}",
    )  # fmt: skip
    assert code == 0 and "data [decks.json: current.mail.1.amount=1]" in text
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"decks.json": {"current": {"mail": {"1": {"amount": "x"}}}}}))
    code, text, err = tycoon(
        monkeypatch, capsys, "play", "esport-monopoly", "--seats", seats, "--data", str(bad),
    )  # fmt: skip
    assert code == 2 and "Traceback" not in err
    assert "decks.json current.mail.1.amount: holds a whole number, not text" in err


def test_sweep_varies_a_data_field_of_every_game(monkeypatch, capsys) -> None:
    code, text, err = tycoon(
        monkeypatch, capsys, "sweep", "estates", "--vary",
        "components.json:starting_money=10,14", "-n", "2", "--seats", "greedy,greedy",
    )  # fmt: skip
    assert code == 0, err
    assert "components.json:starting_money" in text


def test_the_html_report_says_which_data_ran(monkeypatch, capsys, tmp_path) -> None:
    page = tmp_path / "report.html"
    code, _, err = tycoon(
        monkeypatch, capsys, "simulate", "estates", "-n", "2", "--seats", "greedy,greedy",
        "--data", '{"components.json": {"starting_money": 20}}', "--report", str(page),
    )  # fmt: skip
    assert code == 0, err
    assert "data [components.json: starting_money=20]" in page.read_text()
