"""The rules' fast steps (hot paths straight from table to table) against the general way
(``Work``, the handler, ``advance``, ``freeze``), decision by decision over whole games."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from tycoon.core import ScriptedRng, SeededRng, derive_seed
from tycoon.core.players import make_bot
from tycoon.games.esport_monopoly import actions as A
from tycoon.games.esport_monopoly.board import (
    ADVANCE,
    BACK,
    CHANCE,
    CHANCE_DECK,
    COLLECT,
    COLLECT_EACH,
    GOTO,
    JAIL_FREE,
    MAIL,
    MAIL_DECK,
    NEAREST,
    PAY,
    PAY_EACH,
    REPAIRS,
    TO_JAIL,
)
from tycoon.games.esport_monopoly.engine import Rules
from tycoon.games.esport_monopoly.state import (
    END_MOVE,
    Auction,
    Buy,
    Deal,
    Fee,
    Manage,
    Pay,
    Window,
)

from .helpers import dice, new_game, position

# (players, seat codes, options): greedy trades, builds and raises money; random seats open
# menus, write deals step by step and bid odd amounts.
CONFIGS: list[tuple[int, str, dict[str, Any]]] = [
    (4, "greedy", {"window": "builders", "first-player": "roll"}),
    (3, "random", {"window": "everyone"}),
    (6, "greedy", {"window": "builders", "free-parking": "on"}),
    (2, "random", {"ask-rent": "on", "window": "builders"}),
    (5, "greedy", {"window": "none", "deck": "classic", "starting-cash": "600"}),
]


def fast_kind(state: Any, action: Any) -> str | None:
    """Which of the decision fast paths ``action`` may take here (by the frame on top)."""
    top = state.table.stack[-1]
    kind = type(action)
    if type(top) is Deal and kind in (A.Give, A.Take, A.Cash, A.Offer):
        return "deal"
    if type(top) is Deal and kind is A.Accept:
        return "accept"
    if type(top) is Auction and kind in (A.Bid, A.Pass):
        return "auction"
    if type(top) is Buy and kind is A.Decline:
        return "decline"
    if type(top) is Window and kind is A.OpenManage:
        return "menu"
    if type(top) is Manage and kind in (A.OpenDeal, A.Lift):
        return "menu"
    if type(top) is Pay and kind in (A.Mortgage, A.Sell):
        return "debt"
    if type(top) is Pay and kind is A.SellAll:
        return "sellall"
    if type(top) is Fee and kind in (A.Repay, A.Keep):
        return "fee"
    return None


@pytest.mark.parametrize("config", CONFIGS, ids=[f"{c[0]}-{c[1]}" for c in CONFIGS])
def test_every_step_matches_the_general_way(config: tuple[int, str, dict[str, Any]]) -> None:
    players, code, options = config
    game = new_game(players, **options)
    reference = new_game(players, **options)
    reference.rules.fast = False
    taken: Counter[str] = Counter()
    for index in range(6):
        seed = derive_seed(16, index)
        rng = SeededRng(seed)
        state = game.initial_state(SeededRng(seed))
        bots = [make_bot(code, game, s, SeededRng(derive_seed(seed, s))) for s in range(players)]
        decisions = 0
        while game.to_act(state) and decisions < 3000:
            seat = game.to_act(state)[0]
            action = bots[seat].choose(game.observe(state, seat), game.legal_actions(state, seat))
            draw = rng.below(1 << 30)
            fast = game.transition(state, action, SeededRng(draw))
            slow = reference.transition(state, action, SeededRng(draw))
            assert fast == slow, (index, decisions, action)
            kind = fast_kind(state, action)
            if kind is not None:
                done = game.rules.fast_decision(state, action, type(action))
                if done is not None:
                    paid = kind == "debt" and type(done.table.stack[-1]) is Window
                    sold = kind in ("auction", "decline") and type(done.table.stack[-1]) is Window
                    taken["settled" if paid else "sold" if sold else kind] += 1
            state = fast
            decisions += 1
    # The comparison covered the fast paths themselves, not only the general way.
    assert set(taken) >= {"auction", "decline", "sold", "debt", "settled"} | (
        {"deal", "accept", "menu", "fee", "sellall"} if code == "greedy" else set()
    )


def test_a_fast_step_falls_back_where_the_general_way_does_more() -> None:
    """A debt that the sale clears, an auction that the pass ends: the general way's business
    (paying, settling), so the fast step declines."""
    game = new_game(2, window="builders")
    state = game.initial_state(SeededRng(1))
    t = state.table
    # Seat 0 owes 100 and mortgages a deed worth 30 with 80 in hand: paid, not a decision.
    owner = list(t.owner)
    owner[1] = 0
    table = t._replace(
        cash=(80, 1500),
        owner=tuple(owner),
        holdings=(1 << 1, 0),
        stack=(*t.stack, Pay(0, 1, 100)),
        acting=(0,),
    )
    paying = state._replace(table=table)
    assert game.rules.fast_decision(paying, A.Mortgage(0, 1), A.Mortgage) is None
    after = game.transition(paying, A.Mortgage(0, 1), SeededRng(1))
    assert after.table.cash == (10, 1600)
    # The last rival passes: the leader wins the deed, not a decision either.
    auction = Auction(lot=1, high=10, leader=0, order=(0, 1), at=1)
    table = t._replace(stack=(*t.stack, auction), acting=(1,))
    bidding = state._replace(table=table)
    assert game.rules.fast_decision(bidding, A.Pass(1), A.Pass) is None
    after = game.transition(bidding, A.Pass(1), SeededRng(1))
    assert after.table.owner[1] == 0


@pytest.mark.parametrize("mortgaged", [(), (1,)])
@pytest.mark.parametrize("cash", [1500, 10])
def test_an_auction_at_the_end_of_a_move_ends_table_to_table(
    mortgaged: tuple[int, ...], cash: int
) -> None:
    """The last rival passes (or cannot outbid) at the end of a plain move: the leader wins
    the deed (its mortgage lifted, as auction_won does: a bankrupt's deeds go back to the
    bank mortgaged), then the move ends, table to table as the general way does it."""
    game = new_game(3, window="builders")
    reference = new_game(3, window="builders")
    reference.rules.fast = False
    state = position(
        game,
        active=0,
        cash=[1500, 1500, cash],
        owner={3: 0},
        mortgaged=mortgaged,
        stack=(END_MOVE, Auction(lot=1, high=10, leader=0, order=(0, 1, 2), at=1)),
    )
    done = game.rules.fast_decision(state, A.Pass(1), A.Pass)
    assert done is not None
    slow = reference.transition(state, A.Pass(1), SeededRng(1))
    assert done == slow
    if cash == 10:  # seat 2 cannot outbid: skipped, and the deed is sold
        assert ("won", 0, 1, 10) in slow.table.events
        assert not slow.table.mortgaged & 2 and slow.table.owner[1] == 0


@pytest.mark.parametrize("deck_option", ["current", "classic"])
def test_a_roll_onto_a_card_square_matches_the_general_way_card_by_card(
    deck_option: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every card of both piles, drawn from the unseen top and from the seen bottom, by a rich
    and by a poor player, on a doubles and on a plain roll, with deeds owned to land on: the
    fast roll against the general way; the cards that need no decision and no other player
    (collect, pay, repairs, the jail card, go to jail, paying or collecting from each seat when
    all can pay, and the moves onto such squares, to the nearest festival or shop too) are
    drawn by the fast roll itself."""
    game = new_game(3, deck=deck_option, **{"free-parking": "on"})
    reference = new_game(3, deck=deck_option, **{"free-parking": "on"})
    reference.rules.fast = False
    rules = game.rules
    general: list[int] = []
    slow_roll = Rules.slow_roll

    def counted(self: Rules, state: Any, rng: Any, outcome: int) -> Any:
        if self is rules:
            general.append(outcome)
        return slow_roll(self, state, rng, outcome)

    monkeypatch.setattr(Rules, "slow_roll", counted)  # Rules has slots: patched on the class
    fast_effects: set[int] = set()
    squares = [s for s in range(40) if rules.kinds[s] in (CHANCE, MAIL)]
    owner = {1: 1, 3: 1, 5: 2, 11: 1, 24: 2, 39: 1, 19: 2, 12: 1, 28: 2, 6: 1, 8: 1, 9: 1}
    level = {6: 2, 8: 2, 9: 3}  # seat 1's repairs come to something
    for square in squares:
        deck = CHANCE_DECK if rules.kinds[square] == CHANCE else MAIL_DECK
        for card in game.decks[deck]:
            ids = {"chance": (card.id,)} if deck == CHANCE_DECK else {"mail": (card.id,)}
            # A rich and a poor roller beside rich rivals, and a rich one beside a poor rival
            # (a collection from each seat it cannot pay).
            for cash, rival, throw in (
                (1500, 1500, (1, 3)),
                (30, 1500, (2, 2)),
                (1500, 5, (1, 3)),
            ):
                state = position(
                    game,
                    active=1,
                    cash=[rival, cash, 1500],
                    at=[0, (square - sum(throw)) % 40, 0],
                    owner=owner,
                    level=level,
                    **ids,  # type: ignore[arg-type]
                )
                t = state.table
                pile = state.chance if deck == CHANCE_DECK else state.mail
                seen = (pile, t.seen[1]) if deck == CHANCE_DECK else (t.seen[0], pile)
                hidden = (0, t.hidden[1]) if deck == CHANCE_DECK else (t.hidden[0], 0)
                from_seen = state._replace(
                    table=t._replace(seen=seen, hidden=hidden),
                    chance=() if deck == CHANCE_DECK else state.chance,
                    mail=() if deck == MAIL_DECK else state.mail,
                )
                for start in (state, from_seen):
                    before = len(general)
                    draws = [dice(*throw), 5, 7, 11]
                    fast = rules.step(start, A.Roll(1), ScriptedRng(draws))
                    slow = reference.rules.step(start, A.Roll(1), ScriptedRng(draws))
                    assert fast == slow, (square, card.id, cash, start is from_seen)
                    assert ("card", 1, deck, card.index) in fast.table.events
                    if len(general) == before:
                        fast_effects.add(card.effect)
    drawn_fast = {COLLECT, PAY, REPAIRS, JAIL_FREE, TO_JAIL, ADVANCE, BACK, COLLECT_EACH}
    # Only the current piles have "nearest" and "pay each", only the classic ones "go to".
    drawn_fast |= {NEAREST, PAY_EACH} if deck_option == "current" else {GOTO}
    assert fast_effects == drawn_fast


@pytest.mark.parametrize("cash", [30, 119, 120, 1500])
def test_a_nearest_shop_card_throws_again_in_the_fast_roll_only_when_any_throw_is_paid(
    cash: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The card to the nearest shop throws the dice again for the rent (ten times the throw):
    a draw the fast roll cannot take back, so it goes the general way unless the roller can
    pay any throw (120). A roller with no deeds and 30 goes bankrupt there the general way;
    with the draw taken first, the general way would throw again and differ."""
    game = new_game(3)
    reference = new_game(3)
    reference.rules.fast = False
    rules = game.rules
    general: list[int] = []
    slow_roll = Rules.slow_roll

    def counted(self: Rules, state: Any, rng: Any, outcome: int) -> Any:
        if self is rules:
            general.append(outcome)
        return slow_roll(self, state, rng, outcome)

    monkeypatch.setattr(Rules, "slow_roll", counted)
    shop = next(c for c in game.decks[CHANCE_DECK] if c.effect == NEAREST and c.multiplier == 10)
    square = next(s for s in range(40) if rules.kinds[s] == CHANCE)
    state = position(
        game,
        active=1,
        cash=[1500, cash, 1500],
        at=[0, (square - 4) % 40, 0],
        owner={12: 2, 28: 2},
        chance=(shop.id,),
    )
    draws = [dice(1, 3), 5, 7, 11]
    fast = rules.step(state, A.Roll(1), ScriptedRng(draws))
    slow = reference.rules.step(state, A.Roll(1), ScriptedRng(draws))
    assert fast == slow
    assert ("dice", 1, 1, 6) in fast.table.events  # the second draw, 5: a 1 and a 6
    assert bool(general) == (cash < 120)


@pytest.mark.parametrize("cap", [0, 12])
@pytest.mark.parametrize("cash", [1500, 30])
def test_a_roll_in_jail_matches_the_general_way_for_every_throw(cap: int, cash: int) -> None:
    """Every throw of a roll in jail, at each try, with a seat owning a whole group out of turn
    (so who acts next is searched), at and before the turn cap, by a rich and a poor player
    (short of the fine at the last try): the fast jail roll (staying in) against the general
    way; doubles and the last try go on as the fast roll (the fine short: the general way),
    and so does the cap."""
    options = {"window": "builders", **({"turn-cap": str(cap)} if cap else {})}
    game = new_game(3, **options)
    reference = new_game(3, **options)
    reference.rules.fast = False
    rules = game.rules
    tries = game.rules.board.jail_turns
    assert game.rules.board.jail_fine > 30  # the poor player is short of the fine
    owner = {1: 0, 3: 0, 6: 2, 13: 2, 14: 1}  # seat 0 owns the brown group: it may build
    stayed = 0
    for jail in range(1, tries + 1):
        for turn in (cap - 1, cap - 2) if cap else (5,):
            for outcome in range(36):
                state = position(
                    game,
                    active=1,
                    cash=[1500, cash, 1500],
                    jail=[0, jail, 0],
                    at=[0, 10, 20],
                    owner=owner,
                    turn=turn,
                )
                draws = [outcome, 7, 11]
                fast = game.transition(state, A.Roll(1), ScriptedRng(draws))
                slow = reference.transition(state, A.Roll(1), ScriptedRng(draws))
                assert fast == slow, (jail, turn, outcome)
                d1, d2 = dice_of(outcome)
                if d1 != d2 and jail < tries and not (cap and turn + 1 >= cap):
                    stayed += 1
                    assert rules.fast_jail_roll(state, ScriptedRng([outcome])) == fast
                    assert fast.table.jail[1] == jail + 1 and fast.table.active == 2
                    assert fast.table.acting == (0,)
    assert stayed == 30 * (tries - 1)


def dice_of(outcome: int) -> tuple[int, int]:
    return outcome // 6 + 1, outcome % 6 + 1
