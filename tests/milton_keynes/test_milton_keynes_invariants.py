"""Invariants recomputed from scratch along random games: money, deeds and permits are conserved,
the map's incomes are the scoring of the map, buildings obey their limits."""

from __future__ import annotations

import pytest

from tycoon.core import SeededRng, sample_choice
from tycoon.games.milton_keynes import board as bd
from tycoon.games.milton_keynes import cards as cd
from tycoon.games.milton_keynes.game import MiltonKeynes
from tycoon.games.milton_keynes.scoring import blocks_by_owner, incomes
from tycoon.games.milton_keynes.state import Phase, State

from .helpers import new_game


def check(game: MiltonKeynes, state: State) -> None:
    catalogue = game.catalogue
    # Money: the bank's (190 built in), nobody below zero.
    assert all(p.cash >= 0 for p in state.players) and state.bank >= 0
    assert sum(p.cash for p in state.players) + state.bank == catalogue.economy.bank_total
    city = state.city
    if state.phase in (Phase.RIVER, Phase.MARSH):
        return
    # Deeds: every deed in play is in exactly one place.
    places = [p.deeds for p in state.players] + [city.built & ~city.river_all]
    places += [*state.lots, bd.mask_of(state.deed_deck)]
    union = 0
    for place in places:
        assert not union & place, "a deed in two places"
        union |= place
    assert union == game.rules.deeds_in_game(city)
    assert len(set(state.deed_deck)) == len(state.deed_deck)
    # Permits: 32, in hands, on the table, under the deck or played (back under the deck).
    if state.phase != Phase.CHARACTERS:
        held = sum(sum(p.permits) for p in state.players)
        table = sum(1 for p in state.slots if p >= 0)
        assert held + table + len(state.permit_deck) == len(catalogue.full_deck())
    for p in state.players:
        assert all(k <= h for k, h in zip(p.known_permits, p.permits, strict=True))
        assert p.known_deeds & ~p.deeds == 0
        assert p.floor <= p.marker <= catalogue.economy.rail_top
    # The map: incomes are the scoring of the map; limits hold.
    assert city.incomes == incomes(city.buildings, city.river_all & ~city.built, city.marsh)
    assert city.blocks == blocks_by_owner(city.buildings, city.incomes, game.players)
    used = [0] * 7
    for b in city.buildings:
        assert 1 <= b.size <= cd.KIND_MAX_PLOTS[b.kind]
        assert bd.is_connected(b.mask)
        used[b.kind] += b.size
    for kind in (cd.COMMONS, cd.DUMP, cd.ALLOTMENTS):
        assert used[kind] <= catalogue.coloured_blocks[kind]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_invariants_hold_along_random_games(players: int) -> None:
    for seed in range(2):
        game = new_game(players, advanced=seed == 1)
        rng = SeededRng(100 * players + seed)
        state = game.initial_state(rng)
        while game.to_act(state):
            check(game, state)
            seat = game.to_act(state)[0]
            state = game.transition(state, sample_choice(game.legal_actions(state, seat), rng), rng)
        check(game, state)
        assert game.outcome(state) is not None
