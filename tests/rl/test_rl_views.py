"""The games' views, made faster for the encodings, must stay what they were: equal to the
view made afresh, at every step of random games, for every seat."""

from __future__ import annotations

from typing import Any

import pytest

from tycoon.core import Option, SeededRng, make, sample_choice, to_jsonable
from tycoon.core.registry import get_spec
from tycoon.games.milton_keynes import board as bd


def _bool_options() -> list[Option]:
    return [o for o in get_spec("my-city").options if isinstance(o.default, bool)]


def test_milton_keynes_views_share_plot_lists_and_equal_fresh_ones() -> None:
    """A view's plot lists (river, marshes, known deeds, hands, lots) are handed out again for
    an unchanged mask, so the encoding recognises them by identity; every view still equals
    the one a new game object (nothing kept) makes of the same state, and its lists are the
    mask's plots in order."""
    game = make("milton-keynes", 4)
    rng = SeededRng(7)
    state = game.initial_state(rng)
    shared = 0
    for _ in range(300):
        to_act = game.to_act(state)
        if not to_act:
            break
        for seat in (*range(game.players), None):
            view = game.observe(state, seat)
            again = game.observe(state, seat)
            assert view == make("milton-keynes", 4).observe(state, seat)
            assert view.river_all == bd.cells_of(state.city.river_all)
            assert view.lots == tuple(bd.cells_of(lot) for lot in state.lots)
            assert view.known_deeds == tuple(bd.cells_of(p.known_deeds) for p in state.players)
            assert again.river_all is view.river_all
            assert again.marsh is view.marsh
            shared += all(a is b for a, b in zip(again.known_deeds, view.known_deeds, strict=True))
        state = game.transition(
            state, sample_choice(game.legal_actions(state, to_act[0]), rng), rng
        )
    assert shared > 0


@pytest.mark.parametrize(
    "options",
    [
        {},
        *({o.name: not o.default} for o in _bool_options()),
        {o.name: True for o in _bool_options()},
        {"map": "hex", "parks": True, "park-control": "zones", "zone-lines": True},
    ],
)
def test_my_city_outcome_details_are_the_generic_json_of_its_report(
    options: dict[str, Any],
) -> None:
    """My City's outcome writes its report out field by field: exactly what the generic
    ``to_jsonable`` makes of it, for every option that changes what is scored."""
    game = make("my-city", 4, **options)
    for seed in range(4):
        rng = SeededRng(seed)
        state = game.initial_state(rng)
        while to_act := game.to_act(state):
            legal = game.legal_actions(state, to_act[0])
            state = game.transition(state, sample_choice(legal, rng), rng)
        outcome = game.outcome(state)
        assert outcome is not None
        assert outcome.details == to_jsonable(state.report)


def test_my_city_outcome_does_not_walk_dataclass_fields(monkeypatch: pytest.MonkeyPatch) -> None:
    """The outcome, asked once a game by every environment for its rewards, is written out
    directly: the generic walk through each dataclass's fields (most of its cost) is not
    taken."""
    import dataclasses

    game = make("my-city", 4)
    rng = SeededRng(1)
    state = game.initial_state(rng)
    while to_act := game.to_act(state):
        state = game.transition(
            state, sample_choice(game.legal_actions(state, to_act[0]), rng), rng
        )
    expected = to_jsonable(state.report)

    def walked(*_: Any) -> Any:
        raise AssertionError("the report's dataclass fields were walked")

    monkeypatch.setattr(dataclasses, "fields", walked)
    outcome = game.outcome(state)
    assert outcome is not None and outcome.details == expected


@pytest.mark.parametrize("name", ["estates", "milton-keynes", "my-city", "water-rights"])
def test_views_are_named_tuples_that_serialise_by_their_fields(name: str) -> None:
    """A view is made at every step a learner reads: these games' views are named tuples
    (made with ``tuple.__new__``, a fraction of a frozen dataclass's construction), immutable,
    and their JSON is the object of their fields, in order, as a dataclass's was."""
    game = make(name, 3)
    rng = SeededRng(2)
    state = game.initial_state(rng)
    for _ in range(40):
        to_act = game.to_act(state)
        if not to_act:
            break
        for seat in (*range(game.players), None):
            view = game.observe(state, seat)
            fields = type(view)._fields
            assert issubclass(type(view), tuple) and fields
            with pytest.raises(AttributeError):
                view.seat = 0
            jsonable = to_jsonable(view)
            assert list(jsonable) == list(fields)
            assert jsonable == {f: to_jsonable(getattr(view, f)) for f in fields}
            assert view.seat == seat
        state = game.transition(
            state, sample_choice(game.legal_actions(state, to_act[0]), rng), rng
        )
