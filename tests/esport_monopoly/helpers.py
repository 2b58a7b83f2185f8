"""Building Esport Monopoly positions by hand and playing moves in notation with scripted dice.

``position(game, owner={6: 0, 8: 0, 9: 0}, level={6: 1}, cash=[...], at=[...])`` lays out a
table; ``play(game, state, seat, "roll", dice=[(3, 4)])`` applies a move through the checked
``apply`` with the dice scripted; ``refuse`` checks that a move is rejected with a reason and
leaves the state as it was.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pytest

from tycoon.core import ActionError, ScriptedRng, expand, make
from tycoon.games.esport_monopoly.board import CHANCE_DECK, MAIL_DECK
from tycoon.games.esport_monopoly.game import EsportMonopoly
from tycoon.games.esport_monopoly.state import WINDOW, Frame, State


def new_game(players: int = 4, **options: Any) -> EsportMonopoly:
    """A game where seat 1 starts and nobody is asked out of turn (the window tests turn the
    out-of-turn window on explicitly)."""
    options.setdefault("first-player", "seat1")
    options.setdefault("window", "none")
    game = make("esport-monopoly", players, **options)
    assert isinstance(game, EsportMonopoly)
    return game


def dice(d1: int, d2: int) -> int:
    """The recorded outcome of a throw of two dice (one draw below 36)."""
    return (d1 - 1) * 6 + (d2 - 1)


def card(game: EsportMonopoly, deck: int, card_id: str) -> int:
    for c in game.decks[deck]:
        if c.id == card_id:
            return c.index
    raise KeyError(card_id)


def position(
    game: EsportMonopoly,
    *,
    active: int = 0,
    cash: Sequence[int] | None = None,
    at: Sequence[int] | None = None,
    owner: Mapping[int, int] | None = None,
    level: Mapping[int, int] | None = None,
    mortgaged: Iterable[int] = (),
    jail: Sequence[int] | None = None,
    cards: Sequence[int] | None = None,
    chance: Sequence[str] = (),
    mail: Sequence[str] = (),
    stack: tuple[Frame, ...] = (WINDOW,),
    doubles: int = 0,
    stands: int | None = None,
    arenas: int | None = None,
    alive: Sequence[int] | None = None,
    pot: int = 0,
    turn: int = 0,
) -> State:
    """A table built by hand; the named cards are put on top of their piles in that order."""
    n = game.players
    base = game.initial_state(ScriptedRng([0] * 30))
    t = base.table
    owners = [-1] * 40
    for square, seat in (owner or {}).items():
        owners[square] = seat
    levels = [0] * 40
    for square, value in (level or {}).items():
        levels[square] = value
    built = sum(v for v in levels if v < 5)
    hotels = sum(1 for v in levels if v == 5)
    holdings = [0] * n
    for square, seat in enumerate(owners):
        if seat >= 0:
            holdings[seat] |= 1 << square
    alive_mask = (1 << n) - 1 if alive is None else sum(1 << s for s in alive)

    def pile(deck: int, ids: Sequence[str]) -> tuple[int, ...]:
        top = [card(game, deck, i) for i in ids]
        held = {game.rules.jail_cards[deck] for c in (cards or [0] * n) if (c >> deck) & 1}
        rest = [c.index for c in game.decks[deck] if c.index not in top and c.index not in held]
        return (*top, *rest)

    chance_pile = pile(CHANCE_DECK, chance)
    mail_pile = pile(MAIL_DECK, mail)
    table = t._replace(
        cash=tuple(cash) if cash is not None else (1500,) * n,
        position=tuple(at) if at is not None else (0,) * n,
        jail=tuple(jail) if jail is not None else (0,) * n,
        cards=tuple(cards) if cards is not None else (0,) * n,
        alive=alive_mask,
        owner=tuple(owners),
        level=tuple(levels),
        mortgaged=sum(1 << s for s in mortgaged),
        holdings=tuple(holdings),
        stands=game.board.stands - built if stands is None else stands,
        arenas=game.board.arenas - hotels if arenas is None else arenas,
        hidden=(len(chance_pile), len(mail_pile)),
        active=active,
        doubles=doubles,
        stack=stack,
        pot=pot,
        turn=turn,
        events=(),
    )
    table = table._replace(acting=game.rules.acting(table))
    return State(table, chance_pile, mail_pile)


def play(
    game: EsportMonopoly,
    state: State,
    seat: int,
    text: str,
    dice: Sequence[tuple[int, int]] = (),
    draws: Sequence[int] = (),
) -> State:
    """Apply ``text`` by ``seat`` (checked), the dice (then any other draws) scripted."""
    outcomes = [(a - 1) * 6 + (b - 1) for a, b in dice] + list(draws)
    rng = ScriptedRng(outcomes)
    action = game.parse_action(text, seat)
    new_state, _ = game.apply(state, action, rng)
    assert rng.exhausted, f"{text}: {len(outcomes) - rng.position} scripted draws left unused"
    return new_state


def play_all(game: EsportMonopoly, state: State, moves: Sequence[tuple[int, str]]) -> State:
    for seat, text in moves:
        state = play(game, state, seat, text)
    return state


def refuse(game: EsportMonopoly, state: State, seat: int, text: str, reason: str) -> str:
    """The move is rejected with a reason containing ``reason``, and nothing changes."""
    snapshot = copy.deepcopy(state)
    with pytest.raises(ActionError) as info:
        game.apply(state, game.parse_action(text, seat), ScriptedRng([]))
    assert reason in str(info.value), str(info.value)
    assert state == snapshot
    return str(info.value)


def legal_texts(game: EsportMonopoly, state: State, seat: int) -> list[str]:
    legal = game.legal_actions(state, seat)
    concrete = [c for c in legal if not hasattr(c, "template")]
    return [game.format_action(a) for a in expand(concrete)]


def events(state: State, tag: str) -> list[tuple[Any, ...]]:
    return [e for e in state.table.events if e[0] == tag]
