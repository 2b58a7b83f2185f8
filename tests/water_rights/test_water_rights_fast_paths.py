"""The shortcuts that make Water Rights fast answer exactly as the plain computations they stand
for: the catalogue's per-card tables, the cells of a mask kept by mask, the predicates a
transition asks instead of making every choice, and the token cost with the facility fed."""

from __future__ import annotations

from dataclasses import replace
from itertools import product

import pytest

from tycoon.core import Match, SeededRng, derive_seed, make
from tycoon.core.players import make_bot
from tycoon.games.water_rights.catalogue import CELLS, FULL, MAYORS, cells_of, load_rules
from tycoon.games.water_rights.game import WaterRights
from tycoon.games.water_rights.rules import (
    build_choices,
    can_build,
    can_distribute,
    can_draft,
    distribute_choices,
    draft_choices,
    token_cost,
    tokens_cost,
)
from tycoon.games.water_rights.state import OVER, State


@pytest.mark.parametrize("data", ["", "clarifications"])
def test_the_catalogues_tables_hold_every_cards_capacity_and_tokens(data: str) -> None:
    """``Rules.capacities`` and ``Rules.token_counts``, read on every step, say for every card
    of the catalogue what its own fields say: the water its plant holds, and each token colour
    it needs with how many."""
    rules = load_rules(data)
    assert len(rules.capacities) == len(rules.kinds) == len(rules.token_counts)
    for kind in rules.kinds:
        assert rules.capacities[kind.id] == kind.capacity
        counts: dict[int, int] = {}
        for colour in kind.tokens:
            counts[colour] = counts.get(colour, 0) + 1
        assert rules.token_counts[kind.id] == tuple(sorted(counts.items()))


def test_cells_of_a_mask_are_its_set_bits_in_order_every_time() -> None:
    """``cells_of`` keeps the cells of the masks it has seen: asked again (and after a mask
    with other cells), it gives the same answer as reading the bits one by one."""
    rng = SeededRng(5)
    masks = [0, FULL, *(1 << c for c in range(CELLS))]
    masks += [rng.below(1 << 30) | rng.below(1 << 30) << 6 for _ in range(300)]
    for _round in range(2):
        for mask in masks:
            assert cells_of(mask) == tuple(c for c in range(CELLS) if mask >> c & 1)


def _positions(seats: tuple[str, ...], games: int) -> list[tuple[WaterRights, State]]:
    """(game, state) of every step of seeded games between ``seats``."""
    game = make("water-rights", len(seats))
    assert isinstance(game, WaterRights)
    found: list[tuple[WaterRights, State]] = []
    for i in range(games):
        seed = derive_seed(11, i)
        match = Match(game, seed)
        rng = SeededRng(seed)
        bots = [make_bot(code, game, s, rng.fork()) for s, code in enumerate(seats)]
        while not match.is_over():
            found.append((game, match.state))
            seat = match.to_act()[0]
            match.play(bots[seat].choose(match.view(seat), match.legal_actions(seat)))
    return found


@pytest.mark.parametrize(
    "seats",
    [("greedy",) * 4, ("random",) * 4, ("greedy:noise=0.3", "random", "greedy", "random")],
)
def test_the_predicates_agree_with_the_choices_they_stand_for(seats: tuple[str, ...]) -> None:
    """After each building or distribution move the transition asks whether anything but
    ``done`` / ``collect`` is left, and entering the draft whether a card can be drafted: the
    predicates answer as counting the choices would, in every position of whole games, for
    every mayor's town (the active one or not), whatever the phase, with the King's treasury
    as it is and empty; and the token cost with the facility fed is that of the turn with
    ``fed`` set."""
    checked = 0
    for game, real in _positions(seats, 2):
        rules = game.rules
        assert real.phase != OVER
        # With an empty treasury the King buys back no tile: the other choices decide.
        for state, role in product((real, replace(real, treasury=0)), MAYORS):
            town = state.towns[role - 1]
            assert can_draft(rules, state, town) == bool(draft_choices(rules, state, 0, town))
            assert can_build(rules, state, role, town) == (
                len(build_choices(rules, state, 0, role, town)) > 1
            )
            assert can_distribute(rules, state, role, town) == (
                len(distribute_choices(rules, state, 0, role, town)) > 1
            )
            turn = state.turn
            fed = replace(turn, fed=True)
            for kind in rules.kinds:
                assert tokens_cost(
                    rules, state, role, town, True, turn.own_used, turn, kind
                ) == token_cost(rules, state, role, town, fed, kind)
            checked += 1
    assert checked > 1000
