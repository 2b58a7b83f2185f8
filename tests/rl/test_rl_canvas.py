"""Observations written part by part into each seat's persistent canvas (only what changed since
that seat's last view) must equal a fresh encoding at every step, for every game, player count
and option; and the canvas's own writers, and the lazy legal ids, behave as documented."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest

from tycoon import rl
from tycoon.core import (
    AmountRange,
    SeededRng,
    TycoonError,
    game_specs,
    is_legal,
    make,
    sample_choice,
)
from tycoon.core.encoding import Canvas, Encoding, FeatureSlice, bucket_amount
from tycoon.rl.core import Table


def cases() -> list[Any]:
    result = [
        pytest.param(spec.name, players, {}, id=f"{spec.name}-{players}p")
        for spec in game_specs()
        for players in range(spec.min_players, spec.max_players + 1)
    ]
    for spec in game_specs():
        for option in spec.options:
            if isinstance(option.default, bool):
                values: list[Any] = [not option.default]
            else:
                values = [c for c in option.choices if c != option.default]
            for value in values:
                result.append(
                    pytest.param(
                        spec.name, None, {option.name: value}, id=f"{spec.name}-{option.name}"
                    )
                )
    return result


@pytest.mark.parametrize(("name", "players", "options"), cases())
def test_every_seats_observation_equals_a_fresh_encoding_at_every_step(
    name: str, players: int | None, options: dict[str, Any]
) -> None:
    """Two games on the same table (the canvases outlive a reset), every seat observed after
    every move, whether or not it is to act: the persistent canvases never drift."""
    try:
        game = make(name, players, **options)
    except TycoonError:
        pytest.skip("an option that needs another")
    table = Table(game)
    reference = game.encoding()
    for seed in (1, 2):
        table.reset(seed)
        rng = SeededRng(seed + 10)
        for step in range(90):
            to_act = table.to_act()
            if not to_act:
                break
            # Seats are looked at in a changing order, some skipped, as learners do.
            for seat in range(game.players):
                if (seat + step) % 3 == 2 and seat not in to_act:
                    continue
                observation = table.observation(seat)
                fresh = reference.features(game.observe(table.state, seat))
                assert observation["observation"].tolist() == [float(v) for v in fresh], (
                    seed,
                    step,
                    seat,
                )
                assert observation["action_mask"].tolist() == _plain_mask(table, seat)
            table.play(sample_choice(game.legal_actions(table.state, to_act[0]), rng))


def _plain_mask(table: Table, seat: int) -> list[int]:
    """The mask of ``seat`` made the plain way: every legal id set, or only *wait*."""
    mask = [0] * (table.wait + 1)
    ids = list(table.encoding.legal_ids(table.game.legal_actions(table.state, seat)))
    if seat not in table.game.to_act(table.state) or not ids:
        ids = [table.wait]
    for index in ids:
        mask[index] = 1
    return mask


@pytest.mark.parametrize("name", [spec.name for spec in game_specs()])
def test_a_seat_observed_again_in_the_same_state_is_not_encoded_again(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What a seat's observation and legal ids cost is paid once per state: asking again (as
    ``last()`` then ``action_masks()`` do) copies what was made; the next state is made anew."""
    game = make(name)
    table = Table(game)
    calls = {"encode": 0, "legal_ids": 0}
    encode, legal_ids = table.encoding.encode, table.encoding.legal_ids

    def counted_encode(view: Any, canvas: Canvas) -> None:
        calls["encode"] += 1
        encode(view, canvas)

    def counted_legal_ids(legal: Any) -> Any:
        calls["legal_ids"] += 1
        return legal_ids(legal)

    monkeypatch.setattr(table.encoding, "encode", counted_encode)
    monkeypatch.setattr(table.encoding, "legal_ids", counted_legal_ids)
    table.reset(5)
    rng = SeededRng(6)
    for _ in range(12):
        to_act = table.to_act()
        if not to_act:
            break
        seat = to_act[0]
        before = dict(calls)
        first = table.observation(seat)
        first["observation"][:] = -7  # the caller's copy: what is kept stays as it was
        first["action_mask"][:] = 0
        again = table.observation(seat)
        mask = table.mask(seat)
        assert calls["encode"] == before["encode"] + 1
        assert calls["legal_ids"] <= before["legal_ids"] + 1
        fresh = table.encoding.features(game.observe(table.state, seat))
        assert again["observation"].tolist() == [float(v) for v in fresh]
        assert again["action_mask"].tolist() == mask.tolist() == _plain_mask(table, seat)
        legal_now = np.flatnonzero(mask)
        action = table.action(seat, int(legal_now[rng.below(len(legal_now))]))
        assert action is not None
        table.play(action)


def test_a_menu_the_game_hands_out_again_keeps_its_ids() -> None:
    """Esport Monopoly hands a seat the same tuple of choices turn after turn (its roll menu):
    once a tuple has come back, its ids and mask are never made again, and they equal what a
    plain scan gives."""
    game = make("esport-monopoly")
    table = Table(game)
    scans: list[Any] = []
    legal_ids = table.encoding.legal_ids

    def counted(legal: Any) -> Any:
        scans.append(legal)
        return legal_ids(legal)

    table.encoding.legal_ids = counted  # type: ignore[method-assign]
    table.reset(2)
    rng = SeededRng(3)
    seen: dict[int, Any] = {}  # the tuples are kept, so their ids stay theirs
    menus: set[int] = set()
    kept = 0
    for _ in range(600):
        to_act = table.to_act()
        if not to_act:
            break
        seat = to_act[0]
        legal = game.legal_actions(table.state, seat)
        scanned = len(scans)
        mask = table.mask(seat)
        if type(legal) is tuple:
            if id(legal) in menus:
                assert len(scans) == scanned, "a menu that came back before was scanned again"
                kept += 1
            elif seen.get(id(legal)) is legal:
                menus.add(id(legal))
            seen[id(legal)] = legal
        assert mask.tolist() == _plain_mask(table, seat)
        table.play(sample_choice(legal, rng))
    assert kept > 10 and table.menus_on


def test_a_game_that_never_hands_out_a_tuple_again_is_not_looked_up() -> None:
    """The Estates makes a new tuple of choices in every state: once many have come and none
    came back, tuples are no longer looked for among those seen (and masks stay right)."""
    game = make("estates")
    table = Table(game)
    # The Estates' ids come from the rules (rule_ids); the listed path is tested here.
    table._rule_ids = None
    rng = SeededRng(4)
    seed = 4
    moves = 0
    while moves < 400:
        table.reset(seed)
        seed += 1
        while to_act := table.to_act():
            seat = to_act[0]
            assert table.mask(seat).tolist() == _plain_mask(table, seat)
            table.play(sample_choice(game.legal_actions(table.state, seat), rng))
            moves += 1
    assert not table.menus_on and not table._once


def test_an_observation_is_a_copy_the_next_step_does_not_change() -> None:
    env = rl.env("my-city", 2)
    env.reset(seed=3)
    first, *_ = env.last()
    kept = first["observation"].copy()
    rng = np.random.default_rng(0)
    for _ in range(6):
        observation, *_ = env.last()
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert np.array_equal(first["observation"], kept)
    assert not np.array_equal(env.last()[0]["observation"], kept)


def _canvases(size: int, dtype: Any = np.float32) -> tuple[Canvas, Canvas]:
    return Canvas(np.zeros(size, dtype=dtype), {}), Canvas([0.0] * size)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_canvas_writers_leave_what_a_fresh_write_leaves(dtype: Any) -> None:
    """Each writer, written again with new values on a persistent canvas, leaves exactly what
    writing only the new values on a fresh canvas leaves (over float32, written through the
    buffer's memory; over float64, by numpy's assignment)."""
    writes: list[Any] = [
        ("block", "b", 0, [1, 2, 3]),
        ("numbers", "n", 3, [4, 0, 6, 7]),
        ("choices", "c", 7, 3, [0, 2, -1]),
        ("flags", "f", 16, 5, 0b10110),
        ("hot", "h", 21, 26, [22, 25]),
        ("sparse", "s", 26, 30, {27: 5.0, 29: -1.0}),
    ]
    again: list[Any] = [
        ("block", "b", 0, [1, 9, 3]),
        ("numbers", "n", 3, [4, 5, 6, 0]),
        ("choices", "c", 7, 3, [1, 2, 0]),
        ("flags", "f", 16, 5, 0b01101),
        ("hot", "h", 21, 26, [21, 25]),
        ("sparse", "s", 26, 30, {26: 2.0, 29: -1.0}),
    ]
    persistent, _ = _canvases(30, dtype)
    assert (persistent.raw is not None) == (dtype is np.float32)
    for method, *args in writes:
        getattr(persistent, method)(*args)
    first = persistent.data.copy()
    for method, *args in again:
        getattr(persistent, method)(*args)
    for sequence, expected in ((writes, first), (again, persistent.data)):
        _, fresh = _canvases(30)
        for method, *args in sequence:
            getattr(fresh, method)(*args)
        assert fresh.data == expected.tolist()
    assert persistent.data.tolist()[:16] == [1, 9, 3, 4, 5, 6, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0]


def test_a_block_written_through_memory_holds_what_numpy_would() -> None:
    """Ints, bools, floats that float32 rounds, negative numbers: the same float32 numbers as
    numpy's own assignment."""
    values: list[Any] = [
        3,
        True,
        False,
        0.1,
        -1,
        2**24 + 1,
        1e-3,
        -2.5,
        1e30,
        np.int64(7),
        np.float64(0.3),
    ]
    canvas, _ = _canvases(len(values) + 2)
    canvas.block("b", 1, values)
    expected = np.zeros(len(values) + 2, dtype=np.float32)
    expected[1:-1] = values
    assert canvas.data.tobytes() == expected.tobytes()


def test_canvas_same_remembers_sources_only_on_a_persistent_canvas() -> None:
    persistent, fresh = _canvases(2)
    board = (1, 2)
    assert not persistent.same("board", board)
    assert persistent.same("board", board)
    assert not persistent.same("board", tuple([1, 2]))  # equal is not enough: the very object
    assert not fresh.same("board", board) and not fresh.same("board", board)


def test_an_encoding_needs_features_or_encode() -> None:
    game = make("sealed-auction")

    class Empty(Encoding[Any]):
        def __init__(self) -> None:
            super().__init__(game)
            self.define([FeatureSlice("x", 1, "nothing")], [])

    with pytest.raises(NotImplementedError, match="neither"):
        Empty().features(None)
    with pytest.raises(NotImplementedError, match="neither"):
        Empty().encode(None, Canvas([0.0]))


def test_amount_ids_build_their_action_only_when_looked_up() -> None:
    from sealed_auction import Bid

    game = make("sealed-auction")
    encoding = game.encoding()
    ids = encoding.legal_ids([AmountRange(Bid(0, 0), 3, 13)])
    assert len(ids) > 1
    amounts = sorted(ids[i].amount for i in ids)  # type: ignore[attr-defined]
    assert amounts[0] == 3 and amounts[-1] == 13
    assert ids.get(10**6) is None and ids.get(next(iter(ids))) is not None


@pytest.mark.parametrize("name", [spec.name for spec in game_specs()])
def test_a_games_own_legal_ids_equal_the_generic_scan_of_every_choice(name: str) -> None:
    """Where a game finds its ids its own way (building only the choices the ids keep, or none),
    the ids and their actions are those the generic scan of every listed choice gives."""
    game = make(name)
    encoding = game.encoding()
    compared: set[str] = set()  # the kinds of legal collections compared
    for seed in (1, 2):
        rng = SeededRng(seed)
        state = game.initial_state(rng)
        for _ in range(150):
            to_act = game.to_act(state)
            if not to_act:
                break
            legal = game.legal_actions(state, to_act[0])
            if len(legal) <= 3000:
                ids = encoding.legal_ids(legal)
                every = Encoding.legal_ids(encoding, [legal[i] for i in range(len(legal))])
                assert sorted(ids) == sorted(every)
                assert all(ids[i] == every[i] for i in every)
                compared.add(type(legal).__name__)
            state = game.transition(state, sample_choice(legal, rng), rng)
    if name == "milton-keynes":
        assert {"PairSet", "OfferSet"} <= compared
    assert compared


def test_offer_ids_are_known_without_building_an_offer(monkeypatch: pytest.MonkeyPatch) -> None:
    """Milton Keynes' offer ids come as one run per target (every offer is a range of its cash):
    the mask is made without building any offer, and an id's offer is built when played. (With
    two cards a side: with one, the default, the ids come from the rules and no offer set is
    indexed at all, tests/rl/test_rl_rule_ids_trade_and_king.py.)"""
    from tycoon.games.milton_keynes.legal import OfferSet

    game = make("milton-keynes", **{"offer-cards": 2})
    table = Table(game)
    table.reset(1)
    rng = SeededRng(1)
    built: list[int] = []
    getitem = OfferSet.__getitem__

    def counted(self: OfferSet, index: Any) -> Any:
        built.append(index)
        return getitem(self, index)

    for _ in range(400):
        to_act = table.to_act()
        legal = game.legal_actions(table.state, to_act[0])
        if isinstance(legal, OfferSet) and len(legal) > 200:
            break
        table.play(sample_choice(legal, rng))
    else:
        pytest.fail("no long offer set came up")
    monkeypatch.setattr(OfferSet, "__getitem__", counted)
    seat = to_act[0]
    mask = table.mask(seat)
    ids = table.legal_ids(seat)
    assert built == [0]  # the pass only
    assert ids.spans and mask.sum() == len(ids) == len(list(ids))
    offer = max(ids)
    assert offer in ids and offer + 1 not in ids and ids.get(table.wait) is None
    action = ids[offer]
    assert is_legal(legal, action) and len(built) == 2
    with pytest.raises(KeyError):
        ids[table.wait]


def test_pair_ids_are_known_without_building_a_pair(monkeypatch: pytest.MonkeyPatch) -> None:
    """Milton Keynes' permit bids, lobbying and re-bids (pair sets: a range of right bids per
    left bid) give their ids as one run per kept left bid, no pair built, long or short: the
    pass only is looked at; an id's pair and action are built when it is played, equal to what
    the generic scan of every pair gives."""
    from tycoon.games.milton_keynes.legal import PairSet

    game = make("milton-keynes")
    encoding = game.encoding()
    built: list[int] = []
    getitem = PairSet.__getitem__

    def counted(self: PairSet, index: Any) -> Any:
        built.append(index)
        return getitem(self, index)

    rng = SeededRng(7)
    sets = 0
    for seed in range(1, 6):
        state = game.initial_state(SeededRng(seed))
        while to_act := game.to_act(state):
            legal = game.legal_actions(state, to_act[0])
            if isinstance(legal, PairSet):
                sets += 1
                every = Encoding.legal_ids(encoding, [legal[i] for i in range(len(legal))])
                monkeypatch.setattr(PairSet, "__getitem__", counted)
                built.clear()
                ids = encoding.legal_ids(legal)
                assert built == ([0] if legal.extra is not None else [])
                assert sorted(ids) == sorted(every) and len(ids) == len(every)
                assert all(ids[i] == every[i] for i in every)
                monkeypatch.undo()
            state = game.transition(state, sample_choice(legal, rng), rng)
    assert sets > 5


def _counting_keys(encoding: Encoding[Any]) -> list[int]:
    """Replace every row's field getter of ``encoding`` by one that counts its calls."""
    calls = [0]
    for row in encoding._rows.values():
        key = row.key
        if key is None:
            continue

        def counted(action: Any, key: Any = key) -> Any:
            calls[0] += 1
            return key(action)

        row.key = counted
    return calls


def test_an_action_listed_again_is_looked_up_by_identity() -> None:
    """The Estates keeps its actions and lists the same objects state after state: an action
    seen once is not taken apart field by field again, and its id is the same."""
    from tycoon.games.estates.actions import Place

    game = make("estates")
    encoding = game.encoding()
    calls = _counting_keys(encoding)
    places = [Place(seat=0, row=row, lot=lot) for row in range(3) for lot in range(1, 6)]
    first = encoding.legal_ids(places)
    assert calls[0] == len(places)
    again = encoding.legal_ids(list(reversed(places)))
    assert calls[0] == len(places)
    assert sorted(again) == sorted(first) and all(again[i] is first[i] for i in first)
    equal = [Place(seat=0, row=place.row, lot=place.lot) for place in places]
    assert sorted(encoding.legal_ids(equal)) == sorted(first)  # equal, not the same: looked up
    assert calls[0] == 2 * len(places)


def test_a_kind_whose_actions_are_always_new_is_no_longer_remembered() -> None:
    """A game that makes its actions anew each time never lists one again: once such a kind has
    filled the record of actions seen, it is not remembered any more, and its ids stay right."""
    from tycoon.games.estates.actions import Place

    game = make("estates")
    encoding = game.encoding()
    row = encoding._rows[Place]
    for _ in range(700):
        ids = encoding.legal_ids(
            [Place(seat=0, row=r, lot=lot) for r in range(3) for lot in (1, 2)]
        )
    assert not row.remember and len(ids) == 6
    assert sorted(ids) == sorted(
        encoding.base_id(Place, (r, lot)) for r in range(3) for lot in (1, 2)
    )


def test_the_buckets_of_a_one_slot_amount_come_as_one_run() -> None:
    """A range of amounts of a kind with one slot gives its buckets as a run of ids (set in the
    mask at once), the first range of the template only, each bucket's action built when looked
    up."""
    from sealed_auction import Bid

    game = make("sealed-auction")
    encoding = game.encoding()
    kind = next(kind for kind in encoding.kinds if kind.action is Bid)
    ids = encoding.legal_ids([AmountRange(Bid(0, 0), 3, 13), AmountRange(Bid(0, 0), 5, 6)])
    assert not ids.entries and len(ids.spans) == 1
    first, count, _ = ids.spans[0]
    assert count == kind.buckets == len(ids)
    assert ids[first].amount == 3 and ids[first + count - 1].amount == 13  # type: ignore[attr-defined]


def test_the_buckets_of_each_slot_of_an_amount_come_as_a_run() -> None:
    """A kind of several slots and an amount (Milton Keynes' permit bids: a range of right bids
    per left bid) gives each kept slot's buckets as one run of ids, no entry made per bucket;
    each id's action is the bucket's amount of its slot's range, as the entries were."""
    from tycoon.games.milton_keynes.actions import BidPermits

    game = make("milton-keynes")
    encoding = game.encoding()
    kind = next(kind for kind in encoding.kinds if kind.action is BidPermits)
    ranges = [AmountRange(BidPermits(0, left, 0), 0, 2 + left, field="right") for left in range(7)]
    ids = encoding.legal_ids(ranges)
    assert not ids.entries and len(ids.spans) == kind.slots
    assert len(ids) == len(set(ids)) == kind.slots * kind.buckets
    base = encoding.base_id(BidPermits)
    kept = [ranges[round(i * 6 / (kind.slots - 1))] for i in range(kind.slots)]
    for slot, choice in enumerate(kept):
        for bucket in range(kind.buckets):
            action = ids[base + slot * kind.buckets + bucket]
            assert action == choice.action(bucket_amount(choice, bucket, kind.buckets))
            assert ids.get(base + slot * kind.buckets + bucket) == action


def test_a_water_rights_board_rewrites_only_the_numbers_that_changed() -> None:
    """A town's figures and cells are made once per town for every seat as float32 bytes,
    those of its last town patched where its board changed (a card placed: its cell's kind
    and colours; water added: that cell's water; farmland: that bit), and copied whole into a
    seat's buffer: every other number of the kept bytes is poisoned first (a number written
    again would lose its poison), and a seat's canvas then holds the kept bytes."""
    import struct
    from dataclasses import replace

    from tycoon.games.water_rights.encoding import CELL_FIGURES

    game = make("water-rights")
    encoding: Any = game.encoding()
    state = game.initial_state(SeededRng(1))
    view = game.observe(state, 0)
    canvas = Canvas(np.zeros(encoding.size, dtype=np.float32), {})
    encoding.encode(view, canvas)
    town = view.towns[1]
    cells = list(town.cells)
    cells[7] = next(kind for kind in range(len(game.rules.kinds)) if kind != cells[7])  # type: ignore[attr-defined]
    water = list(town.water)
    water[20] += 1
    towns = list(view.towns)
    towns[1] = replace(town, cells=tuple(cells), water=tuple(water), farms=town.farms ^ 1 << 3)
    changed = view._replace(towns=tuple(towns))
    touched = {7 * CELL_FIGURES + figure for figure in (0, 5, 6, 7, 8)}
    touched |= {20 * CELL_FIGURES + 1, 3 * CELL_FIGURES + 3}
    kept = encoding._towns_made[1][2]
    for index in range(encoding._town_cells):
        if index not in touched:
            struct.pack_into("<f", kept, 4 * index, 99.0)
    encoding.encode(changed, canvas)
    fresh = encoding.features(changed)
    start = encoding._cells_at + encoding._town_cells
    for index in range(encoding._town_cells):
        expected = fresh[start + index] if index in touched else 99
        assert canvas.data[start + index] == expected, index
    # Unpoisoned (a town never seen is made whole), every seat's numbers are the fresh ones.
    encoding._towns_made[1] = None
    other = Canvas(np.zeros(encoding.size, dtype=np.float32), {})
    encoding.encode(changed._replace(seat=1), other)
    assert other.data.tolist() == [float(v) for v in encoding.features(changed._replace(seat=1))]


def assert_writes_only(
    encoding: Any, canvas: Canvas, view: Any, watched: Sequence[int], touched: set[int]
) -> None:
    """Encoding ``view`` on the persistent ``canvas`` writes, of the ``watched`` numbers, only
    the ``touched`` ones (every other one is poisoned first: a number written again would lose
    its poison), and the canvas then holds the fresh encoding of ``view``."""
    kept = canvas.data.copy()
    for index in watched:
        if index not in touched:
            canvas.data[index] = 99
    encoding.encode(view, canvas)
    fresh = encoding.features(view)
    for index in watched:
        assert canvas.data[index] == (fresh[index] if index in touched else 99), index
        if index not in touched:
            canvas.data[index] = kept[index]
    assert canvas.data.tolist() == [float(v) for v in fresh]


def test_ones_move_slot_by_slot_where_they_moved() -> None:
    """``Canvas.ones``: a fresh canvas gets a 1 at each position (-1: none); a persistent one
    is cleared over the part the first time, then each slot's 1 moves only where it moved."""
    fresh = Canvas([0.0] * 8)
    fresh.ones("part", 2, 8, (3, -1, 6))
    assert fresh.data == [0, 0, 0, 1, 0, 0, 1, 0]
    canvas = Canvas(np.full(8, 7, dtype=np.float32), {})
    canvas.ones("part", 2, 8, (3, -1, 6))
    assert canvas.data.tolist() == [7, 7, 0, 1, 0, 0, 1, 0]
    canvas.data[7] = 5  # outside every slot's ones: a move of another slot leaves it alone
    canvas.ones("part", 2, 8, (3, 4, 2))
    assert canvas.data.tolist() == [7, 7, 1, 1, 1, 0, 0, 5]
    canvas.ones("part", 2, 8, (-1, 4, 2))
    assert canvas.data.tolist() == [7, 7, 1, 0, 1, 0, 0, 5]


def test_a_part_made_from_equal_sources_is_kept() -> None:
    """``Canvas.unchanged``: on a persistent canvas, true when the part's sources are equal to
    those it was last made from (even new objects of the same values), false the first time and
    after a change; always false on a fresh canvas (which is written once, in full)."""
    canvas = Canvas(np.zeros(4, dtype=np.float32), {})
    assert not canvas.unchanged("part", (1, (2, 3)))
    assert canvas.unchanged("part", (1, tuple([2, 3])))
    assert not canvas.unchanged("part", (1, (2, 4)))
    assert canvas.unchanged("part", (1, (2, 4)))
    assert not canvas.unchanged("other", (1, (2, 4)))
    fresh = Canvas([0.0] * 4)
    assert not fresh.unchanged("part", (1,)) and not fresh.unchanged("part", (1,))


@pytest.mark.parametrize("name", [spec.name for spec in game_specs()])
def test_a_seats_next_view_is_made_from_its_last_by_observe_next(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The table asks the game for a seat's first view with ``observe`` and for every later one
    with ``observe_next``, given the state and view it last made for that seat (a game then
    reuses what did not change); the observations stay the fresh encoding of ``observe``."""
    game = make(name)
    table = Table(game)
    calls: list[tuple[str, Any, Any, Any]] = []
    observe, observe_next = game.observe, game.observe_next

    def counted_observe(state: Any, seat: int | None) -> Any:
        view = observe(state, seat)
        calls.append(("observe", None, state, view))
        return view

    def counted_next(prev_state: Any, prev_view: Any, state: Any, seat: int | None) -> Any:
        view = observe_next(prev_state, prev_view, state, seat)
        calls.append(("next", (prev_state, prev_view), state, view))
        return view

    monkeypatch.setattr(game, "observe", counted_observe)
    monkeypatch.setattr(game, "observe_next", counted_next)
    table.reset(3)
    rng = SeededRng(4)
    last: dict[int, tuple[Any, Any]] = {}
    for _ in range(40):
        to_act = table.to_act()
        if not to_act:
            break
        seat = to_act[0]
        calls.clear()
        observation = table.observation(seat)
        # The table's own call is the last one made (the default observe_next calls observe).
        kind, given, state, view = calls[-1]
        assert state is table.state
        assert kind == ("next" if seat in last else "observe")
        if seat in last:
            assert given[0] is last[seat][0] and given[1] is last[seat][1]
        last[seat] = (state, view)
        fresh = table.encoding.features(observe(table.state, seat))
        assert observation["observation"].tolist() == [float(v) for v in fresh]
        ids = np.flatnonzero(observation["action_mask"])
        action = table.action(seat, int(ids[rng.below(len(ids))]))
        assert action is not None
        table.play(action)


def test_a_run_of_fields_is_found_by_name_and_a_wrong_run_refused() -> None:
    """Encodings read several view fields as one slice; the slice comes from the fields' names,
    so a reordered view fails when the encoding is defined instead of encoding other numbers."""
    from typing import NamedTuple

    from tycoon.core.encoding import field_run

    class Seen(NamedTuple):
        seat: int
        cash: int
        dice: tuple[int, int]
        turn: int

    seen: tuple[object, ...] = Seen(0, 1500, (3, 4), 7)
    assert seen[field_run(Seen, "cash", "dice")] == (1500, (3, 4))
    assert seen[field_run(Seen, "turn")] == (7,)
    for names in [("dice", "cash"), ("cash", "turn"), ("nothing",), ("turn", "nothing")]:
        with pytest.raises(ValueError, match="side by side"):
            field_run(Seen, *names)


def test_a_view_unpacked_whole_has_its_fields_checked() -> None:
    """The Estates' and My City's encodings unpack a view whole (``a, b, _ = view``): the
    fields' names are checked once, so a field added or moved fails loudly."""
    from typing import NamedTuple

    from tycoon.core.encoding import check_fields

    class Seen(NamedTuple):
        seat: int
        cash: int
        turn: int

    check_fields(Seen, "seat", "cash", "turn")
    for names in [("seat", "turn", "cash"), ("seat", "cash"), ("seat", "cash", "turn", "dice")]:
        with pytest.raises(ValueError, match="fields are seat, cash, turn"):
            check_fields(Seen, *names)


def test_byte_patterns_written_into_a_buffer_equal_the_general_way() -> None:
    """The parts an encoding writes into a float32 buffer as joined bytes (The Estates' turn
    run and offer, Esport Monopoly's top frame) hold what the general way writes into a list,
    numbers beyond the prepared tables included (a turn number, a rooftop value or bids never
    met before)."""
    for name in ("estates", "esport-monopoly"):
        game = make(name, 4)
        encoding = game.encoding()
        rng = SeededRng(3)
        state = game.initial_state(rng)
        canvases = [
            Canvas(np.zeros(encoding.size, dtype=np.float32), {}) for _ in range(game.players)
        ]
        for _ in range(60):
            seat = game.to_act(state)[0]
            views = [game.observe(state, seat)]
            if name == "estates":
                views.append(
                    views[0]._replace(turn=300, roof_value=257, bids=(299, -1), money=(400,) * 4)
                )
            for view in views:
                encoding.encode(view, canvases[seat])
                assert canvases[seat].data.tolist() == encoding.features(view), name
            state = game.transition(state, sample_choice(game.legal_actions(state, seat), rng), rng)
            if not game.to_act(state):
                break
