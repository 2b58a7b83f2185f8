"""The pages' markup to HTML: the one-sweep parser agrees with Rich's on every game's boards."""

from __future__ import annotations

import random
from typing import Any

import pytest
from rich.text import Text

import tycoon
from tycoon.core import AmountRange, Match, make
from tycoon.server.render import _simple_markup, markup_to_html


def rich_parse(markup: str) -> tuple[str, list[tuple[int, int, str]]]:
    text = Text.from_markup(markup)
    return text.plain, [(s.start, s.end, str(s.style)) for s in text.spans]


def simple_parse(markup: str) -> tuple[str, list[tuple[int, int, str]]] | None:
    parsed = _simple_markup(markup)
    if parsed is None:
        return None
    plain, spans = parsed
    return plain, [(s.start, s.end, str(s.style)) for s in spans]


@pytest.mark.parametrize(
    "markup",
    [
        "plain <b> & text",
        "[bold]a[/bold] [red]b[/] c",
        "[bold][red]x[/bold]y[/red]z",  # closes out of order, by name
        "[bold red]x[/red bold] [Bold]y[/bold]",  # normalised style names
        "[bold]unclosed [italic]both",
        "[b]x[/b][#ff0000 on blue]y[/]",
        "a [1] b [not a tag] [/]",  # "[1]" is text; "[/]" closes nothing: Rich refuses
        "[dim]x[/dim][/dim]",
        "[link=https://x]l[/link] [@click]h[/]",
        "escaped \\[bold] and :smile: and \r\n",
        "escaped \\[bold]x[/bold] \\\\[red]y[/red] \\\\\\[b]z \\[1]",
        "",
    ],
)
def test_the_one_sweep_parser_agrees_with_rich_or_leaves_it_to_rich(markup: str) -> None:
    simple = simple_parse(markup)
    try:
        expected = rich_parse(markup)
    except Exception:
        assert simple is None
        return
    assert simple is None or simple == expected
    assert markup_to_html.__wrapped__(markup) == markup_to_html(markup)


@pytest.mark.parametrize("game_name", [spec.name for spec in tycoon.game_specs()])
def test_every_games_boards_parse_as_rich_parses_them(game_name: str) -> None:
    game = make(game_name)
    match: Match[Any, Any, Any] = Match(game, 5)
    rng = random.Random(5)
    checked = 0
    for _ in range(60):
        for viewer in (None, *range(game.players)):
            markup = game.render_text(match.view(viewer))
            simple = simple_parse(markup)
            assert simple is not None, "a board that needs Rich's parser: the fast path is unused"
            assert simple == rich_parse(markup)
            checked += 1
        if match.is_over():
            break
        seat = match.to_act()[0]
        choice = rng.choice(list(match.legal_actions(seat)))
        if isinstance(choice, AmountRange):
            choice = choice.action(choice.low)
        match.play(choice)
    assert checked > game.players
