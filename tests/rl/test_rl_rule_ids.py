"""Ids straight from the rules (``Encoding.rule_ids``) must be the listed path's: the same ids,
each standing for the same action, at every step of random games of every game and player
count; and the environment refuses an id they do not hold, changing nothing."""

from __future__ import annotations

import json
import random
from functools import partial
from typing import Any

import pytest
from estates.test_estates_invariants import WHAT_IF as ESTATES_WHAT_IF  # tests/ on the path

from tycoon.core import IllegalActionError, game_specs, make
from tycoon.core.encoding import Encoding, LegalIds
from tycoon.rl.core import Table

# Games whose encodings work out some decisions' ids from the rules (the test insists that
# random games reach them).
RULED = {"esport-monopoly", "estates", "my-city"}


def cases() -> list[Any]:
    return [
        pytest.param(spec.name, players, id=f"{spec.name}-{players}p")
        for spec in game_specs()
        for players in range(spec.min_players, spec.max_players + 1)
    ]


def _same(ruled: LegalIds, listed: LegalIds) -> None:
    assert sorted(ruled) == sorted(listed)
    for index in listed:
        assert ruled[index] == listed[index], index
        assert ruled.get(index) == listed[index], index
        assert index in ruled


@pytest.mark.parametrize(("name", "players"), cases())
def test_ids_from_the_rules_equal_the_listed_path_at_every_step(name: str, players: int) -> None:
    """Random games, moves drawn among the legal ids as a learner would (so deals are written
    often): wherever the encoding gives ids from the rules, they are the ids and actions of
    the game's listed choices."""
    game = make(name, players)
    table = Table(game)
    reference = game.encoding()
    compared = 0
    for seed in (1, 2, 3):
        table.reset(seed)
        rng = random.Random(seed)
        for _ in range(400):
            to_act = table.to_act()
            if not to_act:
                break
            seat = to_act[0]
            ruled = reference.rule_ids(table.state, seat)
            listed = reference.legal_ids(game.legal_actions(table.state, seat))
            if ruled is not None:
                _same(ruled, listed)
                compared += 1
            _same(table.legal_ids(seat), listed)
            assert table.mask(seat).nonzero()[0].tolist() == sorted(listed)
            ids = sorted(listed)
            action = table.action(seat, ids[rng.randrange(len(ids))])
            assert action is not None
            table.play(action)
    if name in RULED:
        assert compared > 20
    elif type(reference).rule_ids is Encoding.rule_ids:
        assert compared == 0


def _deal_table() -> Table:
    """A 2-player Esport Monopoly table in the middle of writing a deal."""
    table = Table(make("esport-monopoly", 2))
    rng = random.Random(5)
    for seed in range(20):
        table.reset(seed)
        for _ in range(600):
            to_act = table.to_act()
            if not to_act:
                break
            if table.encoding.rule_ids(table.state, to_act[0]) is not None:
                return table
            ids = sorted(table.legal_ids(to_act[0]))
            action = table.action(to_act[0], ids[rng.randrange(len(ids))])
            assert action is not None
            table.play(action)
    raise AssertionError("no deal written in 20 random games")


def test_an_id_the_rules_do_not_hold_is_refused_and_changes_nothing() -> None:
    table = _deal_table()
    seat = table.to_act()[0]
    state = table.state
    ids = table.legal_ids(seat)
    # A deal's ids come as bits, no entry per id (each action built when its id is played).
    assert ids.bits and not ids.entries
    illegal = next(i for i in range(table.wait) if i not in ids)
    with pytest.raises(IllegalActionError, match="not legal now"):
        table.action(seat, illegal)
    with pytest.raises(IllegalActionError, match="has a move to make"):
        table.action(seat, table.wait)
    assert table.state is state
    assert sorted(table.legal_ids(seat)) == sorted(ids)


def test_a_deal_is_not_listed_when_its_ids_come_from_the_rules(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The environment asks the rules for a deal's ids: the game's list is not made."""
    table = _deal_table()
    seat = table.to_act()[0]
    expected = sorted(table.encoding.legal_ids(table.game.legal_actions(table.state, seat)))
    table._legal.clear()

    def listed(*_: Any) -> Any:
        raise AssertionError("the deal's choices were listed")

    monkeypatch.setattr(table.game, "legal_actions", listed)
    assert sorted(table.legal_ids(seat)) == expected
    assert table.mask(seat).nonzero()[0].tolist() == expected


def test_water_rights_build_ids_are_found_without_building_a_build(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The building phase's ids come from its cards' cells: no Build is made for the mask (the
    generic scan made every one), and an id's Build is made when it is looked up."""
    from tycoon.games.water_rights import rules

    game = make("water-rights", 4)
    encoding = game.encoding()
    table = Table(game)
    rng = random.Random(3)
    table.reset(3)
    checked = 0
    while checked < 5:
        to_act = table.to_act()
        assert to_act, "the game ended before five building phases"
        legal = game.legal_actions(table.state, to_act[0])
        if type(legal) is rules.BuildChoices and legal.builds():
            every = Encoding.legal_ids(encoding, [legal[i] for i in range(len(legal))])
            with monkeypatch.context() as patch:

                def unbuilt(*_: Any) -> Any:
                    raise AssertionError("a build was made to find its id")

                patch.setattr(rules.BuildChoices, "__getitem__", unbuilt)
                found = encoding.legal_ids(legal)
            assert sorted(found) == sorted(every)
            assert all(found[i] == every[i] for i in every)
            checked += 1
        choices = sorted(table.legal_ids(to_act[0]))
        action = table.action(to_act[0], choices[rng.randrange(len(choices))])
        assert action is not None
        table.play(action)


@pytest.mark.parametrize(
    "options",
    [
        {"minimum-bid": 0},
        {"minimum-bid": 4, "rounds": 3},
        {"empty-row-complete": False, "open-money": True},
        {"data": "what-if"},
    ],
    ids=["bid-0", "bid-4-3-rounds", "rows-open", "what-if"],
)
@pytest.mark.parametrize("players", [3, 5])
def test_the_estates_ids_from_the_rules_follow_options_and_catalogues(
    options: dict[str, Any], players: int
) -> None:
    """The Estates works out every decision's ids from the rules (the costliest lists being a
    turn's pieces and placements): the listed path's ids and actions, step for step, with the
    minimum bid, rounds, rows and a what-if catalogue (its rows, lots and pieces) changed."""
    if options.get("data") == "what-if":
        options = {"data": json.dumps(ESTATES_WHAT_IF)}
    game = make("estates", players, **options)
    table = Table(game)
    encoding = game.encoding()
    phases: set[int] = set()
    for seed in (1, 2):
        table.reset(seed)
        rng = random.Random(seed)
        while to_act := table.to_act():
            seat = to_act[0]
            ruled = encoding.rule_ids(table.state, seat)
            assert ruled is not None
            phases.add(table.state.phase)
            _same(ruled, encoding.legal_ids(game.legal_actions(table.state, seat)))
            ids = sorted(ruled)
            action = table.action(seat, ids[rng.randrange(len(ids))])
            assert action is not None
            table.play(action)
    assert phases == {0, 1, 2, 3}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_estates_rule_ids_are_given_to_the_seat_to_act_only(players: int) -> None:
    """The Estates' ids from the rules find the seat to act from the phase themselves (the
    next bidder, the holder, the auctioneer; nobody once over): they are given to the seat the
    game's ``to_act`` names and to no other, at every step and in the final state."""
    game = make("estates", players)
    table = Table(game)
    encoding = game.encoding()
    rng = random.Random(players)
    for seed in (1, 2):
        table.reset(seed)
        while True:
            to_act = game.to_act(table.state)
            for seat in range(players):
                given = encoding.rule_ids(table.state, seat) is not None
                assert given == (seat in to_act), (seed, seat, table.state.phase)
            if not to_act:
                break
            ids = sorted(table.legal_ids(to_act[0]))
            action = table.action(to_act[0], ids[rng.randrange(len(ids))])
            assert action is not None
            table.play(action)


def test_a_bids_ids_are_shared_and_their_mask_kept_and_copied() -> None:
    """The Estates hands out a bid's ids again for the same seat, lowest bid and money (shared
    ids, mask kept), and a seat's bid ids for other bids and money take the kept mask of its
    first ones with the same ids: every mask handed out equals the one made afresh from the
    ids, is a new array, and a learner writing into one changes none of the others."""
    game = make("estates", 4)
    table = Table(game)
    rng = random.Random(2)
    seen: dict[int, Any] = {}
    reused = 0
    kept_by: dict[int, set[int]] = {}  # ids objects by the kept mask they hold
    for seed in (1, 2, 3):
        table.reset(seed)
        while to_act := table.to_act():
            seat = to_act[0]
            ids = table.legal_ids(seat)
            mask = table.mask(seat)
            assert mask.tolist() == table._mask_of(ids, seat).tolist()
            assert table.mask(seat) is not mask
            if ids.shared:
                assert ids.kept is not None and ids.kept is not mask
                if id(ids) in seen and seen[id(ids)][0] is ids:
                    reused += 1
                    assert seen[id(ids)][1] is not mask
                seen[id(ids)] = (ids, mask)
                kept_by.setdefault(id(ids.kept), set()).add(id(ids))
                mask[:] = 0  # a learner's write: the kept mask must not change
            choices = sorted(ids)
            action = table.action(seat, choices[rng.randrange(len(choices))])
            assert action is not None
            table.play(action)
    assert reused > 10
    assert max(len(holders) for holders in kept_by.values()) > 10


def test_masks_made_from_a_seats_last_mask_are_the_ids_and_copies() -> None:
    """Esport Monopoly's deals and menus give a seat ids that differ from its last by a few: its
    mask is then its last one (kept private) with those few set anew. Every mask handed out is
    the ids' mask made afresh, and a learner writing into one changes none of the later."""
    game = make("esport-monopoly", 4)
    table = Table(game)
    rng = random.Random(4)
    derived = 0
    for seed in (1, 2):
        table.reset(seed)
        for _ in range(1500):
            to_act = table.to_act()
            if not to_act:
                break
            seat = to_act[0]
            ids = table.legal_ids(seat)
            last = table._last_bits.get(seat)
            mask = table.mask(seat)
            if last is not None and table._last_bits.get(seat) is not last:
                derived += last[1] is table._last_bits[seat][1]
            assert mask.nonzero()[0].tolist() == sorted(ids)
            mask[:] = 1  # a learner's write: nothing kept may change
            choices = sorted(ids)
            action = table.action(seat, choices[rng.randrange(len(choices))])
            assert action is not None
            table.play(action)
    assert derived > 50


def test_esport_monopoly_buckets_by_arithmetic_equal_bucket_amount() -> None:
    """A deal's cash and an auction's bids are made from their bucket by arithmetic (no
    ``AmountRange``): the same amounts as ``bucket_amount`` for every span and bucket, and the
    same actions as the range's."""
    from tycoon.core import AmountRange
    from tycoon.core.encoding import BitIds, bucket_amount, bucket_value
    from tycoon.games.esport_monopoly import actions as A
    from tycoon.games.esport_monopoly.encoding import (
        BID_BUCKETS,
        CASH_BUCKETS,
        _bid_action,
        _deal_action,
    )

    for low in (-1500, -37, -1, 0, 1, 11, 250):
        for span in (*range(0, 40), 99, 100, 101, 1234, 5000):
            for buckets in (BID_BUCKETS, CASH_BUCKETS):
                whole = AmountRange(A.Cash(0, 0), low, low + span)
                for bucket in range(buckets):
                    assert bucket_value(low, 1, span + 1, bucket, buckets) == bucket_amount(
                        whole, bucket, buckets
                    )
    encoding: Any = make("esport-monopoly", 3).encoding()
    # As rule_ids makes a deal's and an auction's ids.
    deal = BitIds(0, partial(_deal_action, encoding, 2, -300, 457))
    bid = BitIds(0, partial(_bid_action, encoding, 1, 61, 140))
    for bucket in range(CASH_BUCKETS):
        cash = AmountRange(A.Cash(2, 0), -300, 457)
        assert deal.action_of(encoding._cash_at + bucket) == cash.action(
            bucket_amount(cash, bucket, CASH_BUCKETS)
        )
    for bucket in range(BID_BUCKETS):
        bids = AmountRange(A.Bid(1, 0), 61, 140)
        assert bid.action_of(encoding._bid_at + bucket) == bids.action(
            bucket_amount(bids, bucket, BID_BUCKETS)
        )


def test_a_deals_improved_squares_follow_the_owners_and_levels() -> None:
    """A deal's ids keep each seat's improved squares while the owners and levels are the very
    same tuples: another owner or level tuple (a group made whole, a building) is read again,
    so a deed of an improved group is no longer offered."""
    from tycoon.games.esport_monopoly.state import Deal

    table = Table(make("esport-monopoly", 3))
    rng = random.Random(7)
    table.reset(7)
    while True:
        seat = table.to_act()[0]
        top = table.state.table.stack[-1]
        if type(top) is Deal and not top.sent:
            break
        ids = sorted(table.legal_ids(seat))
        action = table.action(seat, ids[rng.randrange(len(ids))])
        assert action is not None
        table.play(action)
    game: Any = table.game
    encoding: Any = table.encoding
    state = table.state
    t = state.table
    deal = t.stack[-1]
    proposer = deal.proposer
    _same(encoding.rule_ids(state, seat), encoding.legal_ids(game.legal_actions(state, seat)))
    # The proposer is given a whole colour group (its deeds taken from whoever held them).
    members, _, _ = game.rules.colour_groups[0]
    owner = list(t.owner)
    for square in members:
        owner[square] = proposer
    holdings = tuple(
        sum(1 << square for square, held in enumerate(owner) if held == other)
        for other in range(game.players)
    )
    whole = t._replace(owner=tuple(owner), holdings=holdings)
    for level in (0, 1, 0):
        levels = list(t.level)
        levels[members[0]] = level
        changed = state._replace(table=whole._replace(level=tuple(levels)))
        ruled = encoding.rule_ids(changed, seat)
        _same(ruled, encoding.legal_ids(game.legal_actions(changed, seat)))
        give = encoding._give_at + members[0]
        assert (give in ruled) == (level == 0 and members[0] not in deal.give)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_my_city_ids_stand_for_the_games_own_legal_actions(players: int) -> None:
    """My City's ids (from the rules, and from its moves' masks) are worked out by arithmetic and
    their placements made once per seat and id: at every step of random games, as the table
    hands them out, the actions of the ids are exactly the game's own legal actions (listed
    one by one, not through the encoding)."""
    game = make("my-city", players)
    table = Table(game)
    for seed in (1, 2):
        table.reset(seed)
        rng = random.Random(seed)
        while to_act := table.to_act():
            seat = to_act[0]
            legal = game.legal_actions(table.state, seat)
            own = [legal[index] for index in range(len(legal))]
            ids = table.legal_ids(seat)
            actions = [ids[index] for index in ids]
            assert len(actions) == len(own)
            assert set(actions) == set(own)
            order = sorted(ids)
            chosen = table.action(seat, order[rng.randrange(len(order))])
            assert chosen is not None
            table.play(chosen)
