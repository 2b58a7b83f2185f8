"""Tuning with Optuna: targets, a repeatable search, fresh-seed confirmation, the command."""

from __future__ import annotations

import re

import pytest

from tycoon.core import OptionError
from tycoon.sim.sweep import Plan, parse_vary
from tycoon.sim.tune import parse_target, tune

from .support import tycoon


def test_targets_read_groups_and_figure_values() -> None:
    assert parse_target("equal-roles").figure == "imbalance:roles"
    assert parse_target("equal-positions").value == 0.0
    length = parse_target("length=120")
    assert (length.figure, length.value) == ("length", 120.0)
    assert parse_target("role:King=25%").value == pytest.approx(0.25)
    for bad in ("length", "length=abc", "=3"):
        with pytest.raises(OptionError, match="--target"):
            parse_target(bad)


def test_the_search_finds_the_setting_nearest_the_target_and_repeats() -> None:
    plan = Plan("my-city", ("greedy", "random"), {}, 3, 4)
    varies = [parse_vary(plan.spec, "size=8,10,12")]
    first = tune(plan, varies, parse_target("length=75"), trials=5, confirm=2)
    again = tune(plan, varies, parse_target("length=75"), trials=5, confirm=2)
    assert first.best is not None and first.best.values == {"size": 10}
    lengths = {t.values["size"]: t.cell.report.length.mean for t in first.trials}
    assert first.best.distance == pytest.approx(abs(lengths[10] - 75))
    assert all(first.best.distance <= abs(length - 75) for length in lengths.values())
    assert [t.values for t in first.trials] == [t.values for t in again.trials]
    assert first.confirmed is not None and first.confirmed.report.games == 2
    assert first.confirmed.report.seed != plan.seed  # fresh seeds


def test_tune_command_on_water_rights_roles(monkeypatch, capsys, tmp_path) -> None:
    page = tmp_path / "tune.html"
    code, out, err = tycoon(
        monkeypatch,
        capsys,
        "tune",
        "water-rights",
        "--vary",
        "economy.king.treasury=175..275:50",
        "--target",
        "equal-roles",
        "--trials",
        "2",
        "-n",
        "3",
        "--confirm",
        "2",
        "--seats",
        "greedy,greedy,greedy,greedy",
        "--report",
        str(page),
    )
    assert code == 0, err
    assert re.search(r"for equal-roles: economy\.king\.treasury=(175|225|275)", out)
    assert "imbalance:roles" in out and "role:King" in out and "fresh seeds (2 games)" in out
    assert "seats greedy, greedy, greedy, greedy; base options: default options" in out
    text = page.read_text(encoding="utf-8")
    assert "Trials, closest first" in text and "data:image/png;base64," in text
    assert "Seats greedy, greedy, greedy, greedy; base options: default options" in text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--vary", "size=8,10", "--target", "nonsense=3"], "no figure 'nonsense'"),
        (["--vary", "size=8,10", "--target", "fair"], "--target 'fair'"),
        (["--vary", "size=8,9", "--target", "length=3"], "size"),
        # a range over an option of a few values: every point checked, not only the ends
        (["--vary", "size=8..12", "--target", "length=3"], "9 is not one of size's values"),
    ],
)
def test_tune_mistakes_are_named_before_any_trial(monkeypatch, capsys, args, message) -> None:
    code, out, err = tycoon(monkeypatch, capsys, "tune", "my-city", "-n", "2", *args)
    assert code == 2 and message in err and out == ""


def test_an_interrupted_search_reports_its_best_trial_so_far(monkeypatch, capsys) -> None:
    from tycoon.sim import tune as tune_module
    from tycoon.sim.sweep import play_cell as real

    calls = []

    def interrupted_on_the_third(*args, **kwargs):
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(tune_module, "play_cell", interrupted_on_the_third)
    code, out, _ = tycoon(
        monkeypatch,
        capsys,
        "tune",
        "my-city",
        "--vary",
        "size=8,10,12",
        "--target",
        "length=75",
        "--trials",
        "6",
        "-n",
        "2",
        "--seats",
        "greedy,random",
    )
    assert code == 130
    assert "interrupted after 2 of 6 trials" in out and "best of 2 settings tried" in out


def test_settings_proposed_again_are_counted_not_played_again(monkeypatch, capsys) -> None:
    from tycoon.sim import tune as tune_module
    from tycoon.sim.sweep import play_cell as real

    played = []

    def counted(*args, **kwargs):
        played.append(args[1])
        return real(*args, **kwargs)

    monkeypatch.setattr(tune_module, "play_cell", counted)
    code, out, err = tycoon(
        monkeypatch, capsys, "tune", "my-city", "--vary", "size=8,10", "--target", "length=75",
        "--trials", "5", "-n", "2", "--confirm", "0", "--seats", "random,random",
    )  # fmt: skip
    assert code == 0, err
    assert len(played) == 2  # two settings exist: five trials play each once
    assert "best of 2 different settings in 5 trials" in out
