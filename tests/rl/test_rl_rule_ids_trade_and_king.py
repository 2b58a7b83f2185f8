"""Milton Keynes' trade turns and Water Rights' King turns, drafting, building and distribution
give their ids from the rules (``rule_ids``): they must be the listed path's, id for id and
action for action, at every step of random games, and the list must not be made where the
rules stand in for it."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tycoon.core import make
from tycoon.core.encoding import LegalIds
from tycoon.rl.core import Table


def _same(ruled: LegalIds, listed: LegalIds) -> None:
    assert sorted(ruled) == sorted(listed)
    for index in listed:
        assert ruled[index] == listed[index], index
        assert ruled.get(index) == listed[index], index


def _play_comparing(name: str, players: int, seeds: range, **options: Any) -> set[Any]:
    """Random games (moves drawn among the ids, as a learner draws them), the ids from the
    rules compared with the listed path's wherever the encoding gives them; the phases where
    it did."""
    game = make(name, players, **options)
    table = Table(game)
    reference = game.encoding()
    phases: set[Any] = set()
    for seed in seeds:
        table.reset(seed)
        rng = random.Random(seed)
        while to_act := table.to_act():
            seat = to_act[0]
            ruled = reference.rule_ids(table.state, seat)
            listed = reference.legal_ids(game.legal_actions(table.state, seat))
            if ruled is not None:
                _same(ruled, listed)
                phases.add(table.state.phase)
            _same(table.legal_ids(seat), listed)
            assert table.mask(seat).nonzero()[0].tolist() == sorted(listed)
            ids = sorted(listed)
            action = table.action(seat, ids[rng.randrange(len(ids))])
            assert action is not None
            table.play(action)
    return phases


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_milton_keynes_trade_ids_from_the_rules_are_the_listed_ones(players: int) -> None:
    from tycoon.games.milton_keynes.state import Phase

    assert _play_comparing("milton-keynes", players, range(2)) == {Phase.TRADE}


def test_milton_keynes_trade_ids_with_more_cards_a_side_take_the_listed_path() -> None:
    assert _play_comparing("milton-keynes", 3, range(1), **{"offer-cards": 2}) == set()


def test_a_trade_turn_is_not_listed_when_its_ids_come_from_the_rules(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A trade turn's offers are neither listed nor pooled: every offer id's action is made
    from its rank, equal to the offer set's, with the game's list refused."""
    from tycoon.games.milton_keynes.state import Phase

    game: Any = make("milton-keynes", 4)
    table = Table(game)
    rng = random.Random(7)
    checked = 0
    for seed in range(10):
        table.reset(seed)
        while (to_act := table.to_act()) and checked < 10:
            seat = to_act[0]
            state = table.state
            if state.phase == Phase.TRADE and state.offers_left[seat] > 0:
                expected = game.encoding().legal_ids(game.legal_actions(state, seat))
                table._legal.clear()
                with monkeypatch.context() as patch:

                    def listed(*_: Any) -> Any:
                        raise AssertionError("the trade turn's offers were listed")

                    patch.setattr(game, "legal_actions", listed)
                    patch.setattr(game.rules, "offers", listed)
                    ids = table.legal_ids(seat)
                    _same(ids, expected)
                    assert len(ids) > 1 + 3 * 8
                checked += 1
            ids_now = sorted(table.legal_ids(seat))
            action = table.action(seat, ids_now[rng.randrange(len(ids_now))])
            assert action is not None
            table.play(action)
    assert checked == 10


@pytest.mark.parametrize("data", ["tuned", "clarifications"])
@pytest.mark.parametrize("players", [3, 4])
def test_water_rights_king_and_draft_ids_from_the_rules_are_the_listed_ones(
    players: int, data: str
) -> None:
    from tycoon.games.water_rights.state import (
        BUILD,
        DISTRIBUTE,
        DRAFT,
        KING_POLICY,
        KING_SETUP,
    )

    phases = _play_comparing("water-rights", players, range(3), data=data)
    # (With three players the King is played by the game itself.)
    mayors = {DRAFT, BUILD, DISTRIBUTE}
    assert phases == ({KING_SETUP, KING_POLICY} | mayors if players == 4 else mayors)


def test_water_rights_king_and_draft_turns_are_not_listed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The King's turns, drafting, building and distribution give their ids without the
    game's list (which makes every action anew), equal to it."""
    from tycoon.games.water_rights.state import (
        BUILD,
        DISTRIBUTE,
        DRAFT,
        KING_POLICY,
        KING_SETUP,
    )

    game: Any = make("water-rights", 4)
    table = Table(game)
    rng = random.Random(1)
    phases: set[int] = set()
    for seed in range(3):
        table.reset(seed)
        while to_act := table.to_act():
            seat = to_act[0]
            state = table.state
            if state.phase in (KING_SETUP, KING_POLICY, DRAFT, BUILD, DISTRIBUTE):
                expected = table.encoding.legal_ids(game.legal_actions(state, seat))
                table._legal.clear()
                with monkeypatch.context() as patch:

                    def listed(*_: Any) -> Any:
                        raise AssertionError("the choices were listed")

                    patch.setattr(game, "legal_actions", listed)
                    _same(table.legal_ids(seat), expected)
                phases.add(state.phase)
            ids = sorted(table.legal_ids(seat))
            action = table.action(seat, ids[rng.randrange(len(ids))])
            assert action is not None
            table.play(action)
    assert phases == {KING_SETUP, KING_POLICY, DRAFT, BUILD, DISTRIBUTE}


def test_milton_keynes_building_ids_equal_the_generic_scan() -> None:
    """A building turn's ids, found by the order of its list (seal, each permit's builds, the
    extensions), are those the generic scan of every choice gives; a list in another order
    (shuffled) takes the generic scan, so gives them too."""
    from tycoon.core.encoding import Encoding
    from tycoon.games.milton_keynes.legal import ListSet

    game = make("milton-keynes", 4)
    table = Table(game)
    encoding = game.encoding()
    rng = random.Random(3)
    kinds: set[str] = set()
    turns = 0
    for seed in range(6):
        table.reset(seed)
        while to_act := table.to_act():
            seat = to_act[0]
            legal = game.legal_actions(table.state, seat)
            if type(legal) is ListSet and len(legal) > 1:
                every = Encoding.legal_ids(encoding, list(legal.actions))
                _same(encoding.legal_ids(legal), every)
                shuffled = list(legal.actions)
                rng.shuffle(shuffled)
                _same(encoding.legal_ids(ListSet(shuffled)), Encoding.legal_ids(encoding, shuffled))
                kinds.update(type(action).__name__ for action in legal.actions)
                turns += 1
            ids = sorted(table.legal_ids(seat))
            action = table.action(seat, ids[rng.randrange(len(ids))])
            assert action is not None
            table.play(action)
    assert turns > 20 and {"Seal", "Build", "Extend"} <= kinds
