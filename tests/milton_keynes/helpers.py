"""Building Milton Keynes positions by hand and playing moves in notation.

Buildings are written ``(owner, "KIND", "G7 H7")``; hands as plot labels and permit codes.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest

from tycoon.core import IllegalActionError, Rng, SealedCommits, SeededRng, make
from tycoon.games.milton_keynes import board as bd
from tycoon.games.milton_keynes import cards as cd
from tycoon.games.milton_keynes.game import MiltonKeynes
from tycoon.games.milton_keynes.scoring import Building, incomes
from tycoon.games.milton_keynes.state import CityMap, Phase, Player, State, evolve

KINDS = {
    "CHAV": cd.CHAV,
    "COMMONS": cd.COMMONS,
    "DUMP": cd.DUMP,
    "ALLOTMENTS": cd.ALLOTMENTS,
    "NATURE": cd.NATURE,
    "AIR": cd.AIR_BASE,
    "SEWAGE": cd.SEWAGE,
}


def new_game(players: int = 4, **options: Any) -> MiltonKeynes:
    game = make("milton-keynes", players, **options)
    assert isinstance(game, MiltonKeynes)
    return game


def plots(text: str) -> tuple[int, ...]:
    return tuple(sorted(bd.INDEX[label] for label in text.split()))


def mask(text: str) -> int:
    return bd.mask_of(plots(text))


def building(number: int, owner: int, kind: str, cells: str) -> Building:
    return Building(number, owner, KINDS[kind], plots(cells))


def buildings(*specs: tuple[int, str, str]) -> tuple[Building, ...]:
    return tuple(building(i + 1, *spec) for i, spec in enumerate(specs))


def standard_incomes(*specs: tuple[int, str, str]) -> tuple[int, ...]:
    """The income of each building on the standard map (river and marsh as ruled)."""
    built = buildings(*specs)
    covered = 0
    for b in built:
        covered |= b.mask
    return incomes(built, bd.STANDARD_RIVER & ~covered, bd.STANDARD_MARSH)


def permits(text: str = "") -> tuple[int, ...]:
    return cd.hand_of(text.split())


def player(
    deeds: str = "",
    hand: str = "",
    cash: int = 0,
    marker: int = 10,
    floor: int = 10,
    known_deeds: str = "",
    known: str = "",
) -> Player:
    return Player(
        mask(deeds), permits(hand), cash, marker, floor, mask(known_deeds), permits(known), cash
    )


def city(game: MiltonKeynes, *specs: tuple[int, str, str]) -> CityMap:
    base = CityMap((), bd.STANDARD_RIVER, bd.STANDARD_MARSH, 0, (), (0,) * game.players, 1)
    built = buildings(*specs)
    result = game.rules.rescore(base, built)
    return replace(result, next_id=len(built) + 1)


def make_state(
    game: MiltonKeynes,
    phase: Phase,
    players: Sequence[Player] | None = None,
    city_map: CityMap | None = None,
    deck: str = "",
    permit_deck: str = "",
    bank: int | None = None,
    **changes: Any,
) -> State:
    """A state in ``phase`` with the given hands and map; the rest as after set-up."""
    base = game.initial_state(SeededRng(0))
    hands = tuple(players) if players is not None else tuple(player() for _ in range(game.players))
    total = sum(p.cash for p in hands)
    fields: dict[str, Any] = {
        "phase": phase,
        "players": hands,
        "city": city_map if city_map is not None else city(game),
        "deed_deck": plots(deck) if deck else (),
        "permit_deck": tuple(cd.PERMIT_INDEX[p] for p in permit_deck.split()),
        "bank": bank if bank is not None else cd.BANK_TOTAL - total,
        "queue": (),
        "sealed": None,
        "log": (),
        "characters": (-1,) * game.players,
    }
    if phase in (Phase.BRIBE, Phase.PERMIT_BID, Phase.BUILD):
        fields["sealed"] = SealedCommits.open(tuple(range(game.players)))
    fields.update(changes)
    return evolve(base, **fields)


def ordered_deck(labels: str) -> tuple[int, ...]:
    """A deed deck in the order written (top first)."""
    return tuple(bd.INDEX[label] for label in labels.split())


def play(
    game: MiltonKeynes, state: State, *moves: tuple[int, str], rng: Rng | None = None
) -> State:
    """Apply moves written ``(seat, "notation")`` through the checked path."""
    source = rng if rng is not None else SeededRng(1)
    for seat, text in moves:
        state, _ = game.apply(state, game.parse_action(text, seat), source)
    return state


def refuse(game: MiltonKeynes, state: State, seat: int, text: str) -> str:
    """Check that a move is refused with a reason and leaves the state as it was."""
    snapshot = copy.deepcopy(state)
    with pytest.raises(IllegalActionError) as error:
        game.apply(state, game.parse_action(text, seat), SeededRng(0))
    assert state == snapshot
    return error.value.reason


def legal_texts(game: MiltonKeynes, state: State, seat: int) -> list[str]:
    from tycoon.core import AmountRange

    texts = []
    for choice in game.legal_actions(state, seat):
        if isinstance(choice, AmountRange):
            texts.append(game.format_action(choice.template) + f" [{choice.low}..{choice.high}]")
        else:
            texts.append(game.format_action(choice))
    return texts


def labels(cells: Sequence[int]) -> str:
    return " ".join(bd.LABELS[p] for p in cells)
