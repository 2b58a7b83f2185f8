"""Sweeps over options and data fields: parsing, the grid, patched data, common random numbers,
figures, the command and its report."""

from __future__ import annotations

import csv
import json
import re

import pytest

from tycoon.core import OptionError, get_spec, make
from tycoon.sim import GameResult, GameTask, Report
from tycoon.sim.runner import simulate as run
from tycoon.sim.sweep import (
    DataCells,
    Plan,
    Vary,
    estimate,
    grid,
    imbalance,
    parse_vary,
    sweep,
)

from .support import tycoon


def test_vary_reads_ranges_lists_and_data_fields() -> None:
    my_city, water = get_spec("my-city"), get_spec("water-rights")
    assert parse_vary(my_city, "size=8,12").values() == (8, 12)
    assert parse_vary(my_city, "parks=on,off").values() == (True, False)
    assert parse_vary(my_city, "map=hex,square").values() == ("hex", "square")
    field = parse_vary(water, "economy.king.treasury=150..250:50")
    assert field.data and field.values() == (150, 200, 250)
    assert parse_vary(water, "economy.tax.max_rate.dollars=1.5..2.5:0.5").values() == (
        1.5,
        2.0,
        2.5,
    )
    assert Vary("x", low=1, high=3, step=1, integer=True).values() == (1, 2, 3)


@pytest.mark.parametrize(
    ("game", "text", "message"),
    [
        ("my-city", "size", "write name=low..high:step"),
        ("my-city", "colour=red", "no option 'colour'"),
        ("my-city", "size=8,9", "size"),
        ("my-city", "map=hex,,square", "empty value"),
        ("my-city", "economy.king=1,2", r"no data file economy\.json \(files: counters/"),
        ("water-rights", "economy.king.treasury=250..150:50", "runs backwards"),
        ("water-rights", "economy.king.treasury=a..b:1", "not a number"),
    ],
)
def test_bad_varies_are_refused_with_a_reason(game: str, text: str, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        parse_vary(get_spec(game), text)


def test_grid_is_every_combination_first_vary_slowest() -> None:
    a = Vary("a", (1, 2))
    b = Vary("b", ("x", "y", "z"))
    cells = grid([a, b])
    assert len(cells) == 6 and cells[0] == {"a": 1, "b": "x"} and cells[3] == {"a": 2, "b": "x"}
    with pytest.raises(OptionError, match="needs a step"):
        grid([Vary("c", low=0.0, high=1.0)])


def test_patched_data_sets_only_existing_fields() -> None:
    game = make("water-rights", 4)
    with DataCells() as data:
        value = data.value(
            game, {"economy.king.treasury": 200.0, "economy.json:tax.taxable.1": "red"}
        )
        assert json.loads(value) == {"economy.json": {"king": {"treasury": 200}}}  # red: as is
        assert data.value(game, {"economy.king.treasury": 175.0}) == "tuned"  # the built-in value
        with pytest.raises(OptionError, match=r"economy\.json king\.tresury: no such field"):
            data.value(game, {"economy.king.tresury": 1.0})
        with pytest.raises(OptionError, match=r"no data file board\.json"):
            data.value(game, {"board.x": 1.0})
        with pytest.raises(OptionError, match="whole number"):
            data.value(game, {"economy.king.treasury": 1.5})
        with pytest.raises(OptionError, match="the list has 3 items"):
            data.value(game, {"economy.tax.taxable.7": "red"})


def test_every_cell_plays_the_same_seeds_as_a_plain_run() -> None:
    seats = ("greedy", "greedy", "greedy", "greedy")
    plan = Plan("water-rights", seats, {}, 6, 9)
    cells = sweep(plan, [parse_vary(plan.spec, "economy.king.treasury=175,260")])
    plain = Report("water-rights", seats, {}, 9).extend(
        run(GameTask("water-rights", 4, {"automated-king": False, "data": ""}, seats, 9, False), 6)
    )
    default, richer = cells
    assert default.values == {"economy.king.treasury": 175}  # the built-in value
    assert [line.wins for line in default.report.lines] == [line.wins for line in plain.lines]
    assert default.report.length.mean == plain.length.mean
    assert richer.report.options["data"] != ""  # a patched copy of the data
    assert richer.report.statistics != default.report.statistics  # the King's purse shows
    assert json.loads(str(richer.report.options["data"])) == {
        "economy.json": {"king": {"treasury": 260}}
    }  # the effective patch, self-contained


def test_figures_and_imbalance() -> None:
    report = Report("g", ("a", "b"), {}, 1)
    for _ in range(10):
        report.add(GameResult(0, 0, (2.0, 1.0), (1, 2), False, 10, ("x", "y"), positions=(0, 1)))
    assert estimate(report, "win:1").value == 1.0 and estimate(report, "role:y").value == 0.0
    assert estimate(report, "length").value == 10 and estimate(report, "score:2").value == 1.0
    assert imbalance(report, "roles").value == pytest.approx(0.5)
    assert estimate(report, "position:1").rate
    for bad, message in (("win:3", "seats run from 1 to 2"), ("nonsense", "no figure")):
        with pytest.raises(OptionError, match=message):
            estimate(report, bad)


def test_sweep_command_table_csv_and_report(monkeypatch, capsys, tmp_path) -> None:
    page, table = tmp_path / "sweep.html", tmp_path / "sweep.csv"
    code, out, err = tycoon(
        monkeypatch,
        capsys,
        "sweep",
        "my-city",
        "--vary",
        "size=8,10",
        "--vary",
        "map=square,hex",
        "-n",
        "4",
        "--seats",
        "greedy,random",
        "--figure",
        "win:1",
        "--figure",
        "moves",
        "--report",
        str(page),
        "--csv",
        str(table),
    )
    assert code == 0, err
    assert "win:1" in out and "moves" in out and out.count("square") == 2
    assert "seats greedy, random; base options:" in out
    with open(table, encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert [(r["size"], r["map"]) for r in rows] == [
        ("8", "square"),
        ("8", "hex"),
        ("10", "square"),
        ("10", "hex"),
    ]
    assert all(float(r["win:1 low"]) <= float(r["win:1"]) <= float(r["win:1 high"]) for r in rows)
    text = page.read_text(encoding="utf-8")
    assert len(re.findall(r'src="data:image/png;base64,', text)) == 4  # lines + heat map, each
    assert "common random numbers" in text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--vary", "size=8", "--figure", "nonsense"], "no figure 'nonsense'"),
        (["--vary", "size=8", "--vary", "size=10"], "different option"),
        (["--vary", "colour=1,2"], "no option"),
        (["--vary", "size=8..12:1"], "write size=8,10,12 to try them"),
    ],
)
def test_sweep_mistakes_are_named_before_any_cell(monkeypatch, capsys, args, message) -> None:
    code, out, err = tycoon(monkeypatch, capsys, "sweep", "my-city", "-n", "2", *args)
    assert code == 2 and message in err and out == ""


@pytest.mark.parametrize("command", ["simulate", "sweep", "tune"])
def test_help_names_the_extras_a_cluster_needs(monkeypatch, capsys, command) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    code, out, _ = tycoon(monkeypatch, capsys, command, "--help")
    assert code == 0 and "([dask])" in out


def test_sweep_table_keeps_every_interval_whole_in_a_terminal_of_usual_width(
    monkeypatch, capsys
) -> None:
    """Seven figures over a 12x12 board (games of 100+ moves) at the 120 columns the command
    writes to a pipe: each figure sits over its interval, and no interval is cut short with an
    ellipsis."""
    figures = ["win:1", "win:2", "win:3", "win:4", "position:1", "length", "moves"]
    code, out, err = tycoon(
        monkeypatch,
        capsys,
        "sweep",
        "my-city",
        "--vary",
        "size=12",
        "--vary",
        "parks=off,on",
        "-n",
        "2",
        "--seats",
        "greedy,greedy,random,random",
        *(word for figure in figures for word in ("--figure", figure)),
    )
    assert code == 0, err
    assert "…" not in out
    assert re.search(r"│\s+\(\d+\.\d\d-\d+\.\d\d\) │", out)  # a mean's whole interval, one line
    assert max(len(line) for line in out.splitlines()) <= 120


def test_plots_read_at_the_values_swept_and_label_cells_legibly(monkeypatch) -> None:
    from matplotlib.figure import Figure

    from tycoon.sim import html

    drawn: list[Figure] = []

    def keep(figure: Figure) -> str:
        drawn.append(figure)
        return ""

    monkeypatch.setattr(html, "png", keep)
    plan = Plan("my-city", ("random", "random"), {}, 4, 3)
    spec = plan.spec
    varies = [parse_vary(spec, "size=8,10"), parse_vary(spec, "map=square,hex")]
    cells = sweep(plan, varies)
    html.sweep_line_plot(varies, cells, "win:1")
    html.sweep_heat_map(varies, cells, "win:1")
    line, heat = (figure.axes[0] for figure in drawn)
    # Ticks at the sizes swept, not at matplotlib's 8.25, 8.5, ...
    assert list(line.get_xticks()) == [8, 10]
    assert [label.get_text() for label in line.get_xticklabels()] == ["8", "10"]
    # Each cell's figure is dark on the light end of the colour map, light on the dark end.
    shown = [float(text.get_text()) for text in heat.texts]
    low, high = min(shown), max(shown)
    for text, value in zip(heat.texts, shown, strict=True):
        light_cell = (value - low) / (high - low) > 0.55
        assert text.get_color() == ("black" if light_cell else "white")
    assert {text.get_color() for text in heat.texts} == {"black", "white"}


def test_numeric_ticks_are_the_values_when_few() -> None:
    from tycoon.sim.html import MOST_TICKS, numeric_ticks

    assert numeric_ticks([10, 8, 10, 8]) == [8, 10]
    assert numeric_ticks([0.5, 0.25]) == [0.25, 0.5]
    assert numeric_ticks(list(range(MOST_TICKS + 1))) is None


def test_report_tables_put_an_interval_under_its_figure() -> None:
    from tycoon.sim.html import table

    page = table(["win:1", "name"], [["26.2% (15.1-41.5)", "<Bob> (x)y"]])
    assert '<td>26.2%<br><span class="interval">(15.1-41.5)</span></td>' in page
    assert "<td>&lt;Bob&gt; (x)y</td>" in page  # anything else: one escaped line
