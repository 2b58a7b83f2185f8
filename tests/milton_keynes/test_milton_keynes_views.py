"""Hidden information: what each seat's view shows, and states sampled from a view."""

from __future__ import annotations

import json
from dataclasses import replace

from tycoon.core import SeededRng, sample_choice
from tycoon.core.views import to_jsonable
from tycoon.games.milton_keynes import board as bd
from tycoon.games.milton_keynes.game import MiltonKeynes
from tycoon.games.milton_keynes.state import Phase, State, evolve

from .helpers import make_state, mask, new_game, play, player


def test_view_shows_own_hand_and_cash_and_only_counts_of_the_others() -> None:
    """ "Your hand is secret"; "Keep the amount of cash you have secret!" """
    game = new_game(2)
    players = [player(deeds="A1 A2", hand="LOBBY", cash=7), player(deeds="C3", hand="DUMP", cash=9)]
    state = make_state(game, Phase.TRADE, players=players, queue=(0, 1), offers_left=(3, 3))
    view = game.observe(state, 0)
    assert view.hand_deeds == tuple(sorted((bd.INDEX["A1"], bd.INDEX["A2"])))
    assert view.cash == 7
    assert view.deed_counts == (2, 1) and view.permit_counts == (1, 1)
    text = json.dumps(game.view_to_json(view))
    assert '"cash": 9' not in text
    assert '"cash": 7' in text
    spectator = game.observe(state, None)
    assert spectator.cash is None and spectator.hand_deeds == () and spectator.hand_permits == ()


def test_the_bank_is_not_in_any_view() -> None:
    """Counting the bank would tell the others' cash in total: it is not shown."""
    game = new_game(2)
    view = game.observe(game.initial_state(SeededRng(1)), 0)
    assert not hasattr(view, "bank")


def test_public_knowledge_starting_permits_and_bought_lots() -> None:
    game = new_game(2, characters="blue,green")
    state = game.initial_state(SeededRng(1))
    view = game.observe(state, 0)
    assert view.known_permits[1] == state.players[1].permits
    assert view.known_deeds[1] == ()


def test_other_commits_are_shown_only_as_made() -> None:
    game = new_game(3)
    state = make_state(game, Phase.BRIBE, players=[player(cash=5) for _ in range(3)])
    state = play(game, state, (1, "bribe 3"))
    for seat in (0, 2):
        sealed = game.observe(state, seat).sealed
        assert sealed is not None and sealed.committed == (1,) and sealed.own is None
    assert game.observe(state, 1).sealed.own == 3  # type: ignore[union-attr]


def test_sample_state_keeps_the_view_and_redraws_the_hidden_parts() -> None:
    """sample_state deals the unseen cards and amounts consistently with a view."""
    game = new_game(4)
    rng = SeededRng(11)
    state = game.initial_state(rng)
    varied = 0
    checked_phases = set()
    steps = 0
    while game.to_act(state) and steps < 700:
        steps += 1
        if steps % 5 == 0:
            for seat in range(4):
                view = game.observe(state, seat)
                sample = game.sample_state(view, SeededRng(steps * 10 + seat))
                assert game.observe(sample, seat) == view
                checked_phases.add(state.phase)
                me = sample.players[seat]
                assert me == state.players[seat]
                for other in range(4):
                    if other == seat:
                        continue
                    known = state.players[other].known_deeds
                    assert sample.players[other].deeds & known == known
                    if sample.players[other].deeds != state.players[other].deeds:
                        varied += 1
                total = sum(p.cash for p in sample.players) + sample.bank
                assert total == 190
                assert len(sample.deed_deck) == len(state.deed_deck)
                # The sampled state is playable: the seats to act have legal moves.
                for acting in game.to_act(sample):
                    assert len(game.legal_actions(sample, acting)) > 0
        seat = game.to_act(state)[0]
        state = game.transition(state, sample_choice(game.legal_actions(state, seat), rng), rng)
    assert varied > 0
    assert {Phase.BRIBE, Phase.PURCHASE, Phase.BUILD, Phase.TRADE} <= checked_phases


def test_sampled_hands_never_hold_a_deed_the_viewer_holds() -> None:
    game = new_game(3)
    state = game.initial_state(SeededRng(2))
    view = game.observe(state, 0)
    for k in range(10):
        sample = game.sample_state(view, SeededRng(k))
        mine = mask(" ".join(bd.LABELS[p] for p in view.hand_deeds))
        assert all(not p.deeds & mine for p in sample.players[1:])
        assert not set(sample.deed_deck) & set(view.hand_deeds)


def test_sampled_states_keep_cards_shown_in_public_in_their_holders_hands() -> None:
    """An offer's cards are shown: a sample keeps them in hand. A requisition shows only its plot
    and who names it: a sample gives the seat naming a commission that can name a plot."""
    from .helpers import city

    game = new_game(3)
    players = [player(deeds="B7", hand="AIR-BASE"), player(deeds="H1"), player(deeds="H3")]
    state = make_state(game, Phase.TRADE, players=players, city_map=city(game), deck="A1 A2 A3")
    state = game.rules.start_build(state, SeededRng(0), [])
    state = play(game, state, (0, "build AIR-BASE B7"), (0, "seal"))
    assert state.phase == Phase.REQUISITION
    view = game.observe(state, 1)
    kept = 0
    for k in range(5):
        sample = game.sample_state(view, SeededRng(k))
        kept += bool(sample.players[0].deeds & mask("B7"))
        assert sample.players[0].permits[9] == 1  # an AIR BASE to name the plot with
        assert game.observe(sample, 1) == view
        assert len(game.legal_actions(sample, 0)) > 0
    assert kept < 5  # B7 is not known to be in the pouch
    game = new_game(3, **{"offer-cards": 2})
    trade = make_state(
        game,
        Phase.TRADE,
        players=[player(deeds="B7", hand="DUMP", cash=4), player(deeds="H1"), player(cash=2)],
        queue=(0, 1, 2),
        offers_left=(3, 3, 3),
    )
    trade = play(game, trade, (0, "offer 2 B7 DUMP for H1"))
    view = game.observe(trade, 1)
    for k in range(5):
        sample = game.sample_state(view, SeededRng(k))
        assert sample.players[0].deeds & mask("B7") and sample.players[0].permits[5] == 1
        assert game.observe(sample, 1) == view
        play(game, sample, (1, "accept"))  # the sampled offer can be carried out


def requisition_position(game: MiltonKeynes) -> State:
    """Seat 1's two AIR BASEs on F3 and on G4 both need G3 (river, marsh, and a building on
    H4 all round); Seat 2 has an AIR BASE on B7; Seat 3 a CHAV ESTATE; in seat order."""
    from .helpers import city

    players = [
        player(deeds="F3 G4", hand="AIR-BASE AIR-BASE"),
        player(deeds="B7", hand="AIR-BASE"),
        player(deeds="H8", hand="LOBBY"),
    ]
    built = city(game, (2, "CHAV", "H4"))
    state = make_state(game, Phase.TRADE, players=players, city_map=built, deck="A1 A2 A3")
    state = evolve(state, order=(0, 1, 2), deck_mark=4)
    state = game.rules.start_build(state, SeededRng(0), [])
    return play(
        game,
        state,
        (0, "build AIR-BASE F3"),
        (0, "build AIR-BASE G4"),
        (1, "build AIR-BASE B7"),
        (2, "build LOBBY H8"),
        (0, "seal"),
        (2, "seal"),
        (1, "seal"),
    )


def assert_hidden(game: MiltonKeynes, state: State, owner: int, item: object) -> None:
    """No seat but ``owner`` (nor a spectator) sees ``item`` of ``owner``'s pouch."""
    part = json.dumps(to_jsonable(item))[1:-1]
    for viewer in (*range(game.players), None):
        if viewer != owner:
            text = json.dumps(game.view_to_json(game.observe(state, viewer)))
            assert part not in text, f"{item} of seat {owner} shows to {viewer}"


def test_requisitions_show_the_plot_named_and_by_whom_and_nothing_else_of_a_pouch() -> None:
    """ "tell everyone which plot you want to requisition": before the pouches are opened the
    others see the plots named and by whom, never the permit or deeds of a commission, nor that
    a seat's requisition found no plot (issue 9, item 2)."""
    game = new_game(3)
    state = requisition_position(game)
    assert state.phase == Phase.REQUISITION and game.to_act(state) == (0,)
    assert state.sealed is not None
    pouches = state.sealed.revealed()
    first, second = pouches[0]
    (third,) = pouches[1]
    for owner, item in ((0, first), (0, second), (1, third)):
        assert_hidden(game, state, owner, item)
    for viewer in (1, 2, None):
        view = game.observe(state, viewer)
        assert view.requisitioner == 0 and view.claims == () and view.own_claims == ()
        text = game.render_text(view)
        assert "F3" not in text and "G4" not in text and "Seat 1 names a plot" in text
    assert game.observe(state, 1).own_pending == (third,)
    assert "Name the plot your AIR-BASE F3 requisitions" in game.render_text(game.observe(state, 0))
    # Seat 1 names G3: everyone is told the plot and who named it, nothing more; its second
    # AIR BASE finds no plot left, and that is not told before the pouches are opened.
    take = game.parse_action("take G3", 0)
    before = game.observe(state, 1)
    state = game.transition(state, take, SeededRng(0))
    assert game.to_act(state) == (1,)
    assert state.log == ("Seat 1 requisitions G3.",)
    assert game.narrate(before, take, game.observe(state, 1)) == ["Seat 1 requisitions G3."]
    assert game.describe_action(take, 1) == "take G3"
    for owner, item in ((0, first), (0, second), (1, third)):
        assert_hidden(game, state, owner, item)
    seen = game.observe(state, 1)
    assert seen.claims == ((0, bd.INDEX["G3"]),) and seen.requisitioner == 1
    text = game.render_text(seen)
    assert "Seat 1 requisitions G3" in text and "G4" not in text and "F3" not in text
    own = game.render_text(game.observe(state, 0))
    assert "You requisition G3 for your AIR-BASE F3" in own
    assert "Your AIR-BASE G4 finds no free plot" in own
    # Seat 2 names B8: the pouches are opened and everything is told.
    state = play(game, state, (1, "take B8"))
    assert "Seat 1's AIR-BASE finds no free plot to requisition." in state.log
    assert "Seat 1 takes back AIR-BASE with G4." in state.log
    assert [bd.label_list(b.mask) for b in state.city.buildings] == ["H4", "F3 G3", "B7 B8", "H8"]


def test_states_sampled_while_plots_are_named_match_every_view_and_can_be_played() -> None:
    """A sample keeps the viewer's own requisitions (named, passed over, still to name) and
    guesses the others' from the plots they named; every seat's view of it is the one sampled."""
    game = new_game(3)
    state = play(game, requisition_position(game), (0, "take G3"))
    for viewer in (0, 1, 2):
        view = game.observe(state, viewer)
        for k in range(4):
            sample = game.sample_state(view, SeededRng(k))
            assert game.observe(sample, viewer) == view
            assert game.to_act(sample) == (1,) and len(game.legal_actions(sample, 1)) > 0
            assert sample.sealed is not None and sample.sealed.is_complete
            if viewer == 0:
                assert sample.claims == state.claims  # its own, G4's passed over included
            else:
                assert sample.claims[0][2] == bd.INDEX["G3"]
                assert sample.players[0].permits[9] >= 1  # an AIR BASE for the guess


def test_every_payment_is_made_in_the_open_so_the_counted_cash_is_the_cash() -> None:
    """Cash collected, bribes and bids once revealed, prices, trades and bonuses are all seen
    by everyone: the count each player could keep (``counted_cash`` in every view) is each
    seat's cash all game long, though no view shows another seat's ``cash``."""
    game = new_game(4)
    rng = SeededRng(5)
    state = game.initial_state(rng)
    changed = 0
    steps = 0
    while game.to_act(state) and steps < 900:
        steps += 1
        cash = tuple(p.cash for p in state.players)
        assert tuple(p.counted for p in state.players) == cash
        assert game.observe(state, 2).counted_cash == cash
        seat = game.to_act(state)[0]
        state = game.transition(state, sample_choice(game.legal_actions(state, seat), rng), rng)
        changed += cash != tuple(p.cash for p in state.players)
    assert changed > 10


def test_sample_state_gives_the_others_the_cash_the_open_payments_add_up_to() -> None:
    game = new_game(4)
    rng = SeededRng(12)
    state = game.initial_state(rng)
    for _ in range(120):
        seat = game.to_act(state)[0]
        state = game.transition(state, sample_choice(game.legal_actions(state, seat), rng), rng)
    assert len({p.cash for p in state.players}) > 1
    view = game.observe(state, 1)
    for k in range(5):
        sample = game.sample_state(view, SeededRng(k))
        assert game.observe(sample, 1) == view
        assert [p.cash for p in sample.players] == [p.cash for p in state.players]
        assert sample.bank == state.bank


def test_where_the_count_does_not_fit_a_set_up_position_the_cash_is_drawn() -> None:
    """A position set up by hand may count more cash than the bank ever paid out: the others'
    cash is then drawn at random, within the bank's total."""
    game = new_game(3)
    players = [player(cash=5) for _ in range(3)]
    players[2] = replace(players[2], counted=500)
    state = make_state(game, Phase.BRIBE, players=players)
    view = game.observe(state, 0)
    drawn = set()
    for k in range(20):
        sample = game.sample_state(view, SeededRng(k))
        assert game.observe(sample, 0) == view
        assert sum(p.cash for p in sample.players) + sample.bank == 190
        drawn.add(sample.players[2].cash)
    assert len(drawn) > 3


def test_another_seats_sealed_bribe_is_drawn_as_the_greedy_bot_would_bribe() -> None:
    """A bribe already sealed is drawn as the greedy bot would make it holding the sampled
    hand and cash (the search plays the seats still to commit that way too), not evenly
    between nothing and all the seat's cash."""
    from tycoon.core.players import make_bot
    from tycoon.core.sealed import SealedCommits
    from tycoon.games.milton_keynes.actions import Bribe

    game = new_game(4)
    rng = SeededRng(3)
    state = game.initial_state(rng)
    bots = [make_bot("greedy", game, seat, SeededRng(seat)) for seat in range(4)]
    while not (state.phase == Phase.BRIBE and state.sealed is not None and state.sealed.committed):
        seat = game.to_act(state)[0]
        state = game.transition(
            state,
            bots[seat].choose(game.observe(state, seat), game.legal_actions(state, seat)),
            rng,
        )
    assert state.sealed is not None
    committed = state.sealed.committed
    viewer = next(seat for seat in range(4) if seat not in committed)
    view = game.observe(state, viewer)
    for k in range(8):
        sample = game.sample_state(view, SeededRng(k))
        assert game.observe(sample, viewer) == view and sample.sealed is not None
        bare = evolve(sample, sealed=SealedCommits(sample.sealed.seats, ()))
        for seat in committed:
            greedy = make_bot("greedy", game, seat, SeededRng(0))
            expected = greedy.choose(game.observe(bare, seat), game.legal_actions(bare, seat))
            assert isinstance(expected, Bribe)
            assert sample.sealed.value_of(seat) == expected.amount
