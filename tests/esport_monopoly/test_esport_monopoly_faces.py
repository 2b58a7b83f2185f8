"""Notation, views and hidden card order, the text faces, the fast roll against the general
way, and the greedy bot."""

from __future__ import annotations

import pytest

from tycoon.core import (
    Action,
    MalformedActionError,
    OptionError,
    SeededRng,
    derive_seed,
    is_legal,
    make,
    sample_choice,
)
from tycoon.core.players import make_bot
from tycoon.core.text import plain
from tycoon.games.esport_monopoly import actions as A
from tycoon.games.esport_monopoly.board import CHANCE_DECK

from .helpers import new_game, play, position

EXAMPLES = [
    A.Roll(0),
    A.PayFine(1),
    A.UseCard(2),
    A.Wait(3),
    A.Skip(0),
    A.Claim(1, 39),
    A.OpenManage(0),
    A.Back(0),
    A.Build(0, 16),
    A.Sell(1, 19),
    A.SellAll(2, 31),
    A.Mortgage(0, 5),
    A.Lift(0, 12),
    A.BuyDeed(0),
    A.Decline(0),
    A.Bid(2, 125),
    A.Pass(3),
    A.OpenDeal(0, 2),
    A.Give(0, 1),
    A.Take(0, 39),
    A.GiveCard(0, "chance"),
    A.TakeCard(0, "mail"),
    A.Cash(0, -250),
    A.Cash(0, 40),
    A.Offer(0),
    A.Drop(0),
    A.Accept(1),
    A.Reject(1),
    A.Repay(1, 6),
    A.Keep(1),
    A.PayCardFine(0),
    A.TakeChance(0),
]


def test_every_action_type_has_an_example() -> None:
    assert {type(a) for a in EXAMPLES} == set(A.ACTION_TYPES)


@pytest.mark.parametrize("action", EXAMPLES, ids=lambda a: A.format_action(a))
def test_notation_round_trips(action: Action) -> None:
    game = new_game()
    text = game.format_action(action)
    assert game.parse_action(text, action.seat) == action
    assert game.action_from_json(game.action_to_json(action)) == action


def test_squares_may_be_written_by_name() -> None:
    game = new_game()
    assert game.parse_action("build grand-final", 0) == A.Build(0, 39)
    assert game.parse_action("MORTGAGE rookie-cup", 1) == A.Mortgage(1, 1)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("fly", "is not a move of Esport Monopoly"),
        ("build 45", "there is no square 45"),
        ("build nowhere", "is not a square"),
        ("bid lots", "takes a whole number"),
        ("deal 0", "deal takes a seat number from 1"),
        ("give card joker", "the card is 'chance' or 'mail'"),
        ("", "an empty move"),
    ],
)
def test_bad_text_is_malformed_with_the_right_form(text: str, reason: str) -> None:
    with pytest.raises(MalformedActionError) as info:
        new_game().parse_action(text, 0)
    assert reason in str(info.value)


def test_bad_options_are_refused() -> None:
    with pytest.raises(OptionError):
        make("esport-monopoly", 4, deck="fancy")
    with pytest.raises(OptionError):
        make("esport-monopoly", 9)
    with pytest.raises(OptionError):
        make("esport-monopoly", 4, window="sometimes")


def test_views_hide_only_the_order_of_unseen_cards() -> None:
    """Very little is secret: the card order (unknown to all)."""
    game = new_game()
    state = position(game, at=[4, 0, 0, 0], chance=["dividend"])
    state = play(game, state, 0, "roll", dice=[(1, 2)])
    view = game.observe(state, 1)
    assert view.table is state.table and view.table.hidden == (15, 16)
    assert game.observe(state, None).table == view.table
    other = game.sample_state(view, SeededRng(3))
    assert game.observe(other, 1) == view
    assert other.chance != state.chance and sorted(other.chance) == sorted(state.chance)
    assert other.table.seen[CHANCE_DECK] == state.table.seen[CHANCE_DECK]


def test_sample_state_leaves_out_held_jail_cards() -> None:
    game = new_game()
    state = position(game, cards=[1, 2, 0, 0])
    other = game.sample_state(game.observe(state, 0), SeededRng(1))
    assert len(other.chance) == 15 and len(other.mail) == 15
    assert game.rules.jail_cards[0] not in other.chance


def test_render_shows_owners_buildings_mortgages_tokens_and_money() -> None:
    """The board shows each deed's owner, buildings, mortgage and the rent it charges now (the
    Title Deed's figure a player would read), the tokens and everyone's money."""
    game = new_game()
    state = position(
        game,
        at=[0, 16, 16, 39],
        owner={16: 0, 18: 0, 19: 0, 39: 1, 5: 2},
        level={16: 2, 18: 2, 19: 5},
        mortgaged=[5],
        jail=[0, 0, 0, 0],
    )
    text = plain(game.render_text(game.observe(state, 0)))
    assert "16 Pro League Qualifier P1 ▮▮ rent £200 « 2 3" in text
    assert "19 Masters Stage P1 ARENA rent £1000" in text
    assert "39 Grand Final P2 rent £50 « 4" in text
    assert " 5 Spring Pixel Festival P3 mortgaged" in text
    assert " 0 GO « 1" in text and " 1 Rookie Cup £60" in text
    assert "Seat 1: £1500" in text and "Your deeds:" in text
    assert "Now: Seat 1 is about to roll" in text
    assert "Seat 1: £1500, on GO, 3 deeds;" in text
    assert "Seat 2: £1500, on Pro League Qualifier, 1 deed;" in text
    assert "Seat 4: £1500, on Grand Final, 0 deeds;" in text and "(s)" not in text
    state = position(game, owner={12: 1, 28: 2, 1: 1, 3: 1})
    text = plain(game.render_text(game.observe(state, 0)))
    assert "12 ESL Shop Online P2 rent 4x dice" in text
    assert " 1 Rookie Cup P2 rent £4" in text  # doubled: the whole brown group
    state = position(game, owner={12: 1, 28: 1})
    assert "28 ESL Shop Arena P2 rent 10x dice" in plain(game.render_text(game.observe(state, 0)))


def test_narration_announces_dice_moves_rent_and_cards() -> None:
    game = new_game()
    state = position(game, at=[34, 4, 0, 0], owner={39: 1}, chance=["dividend"])
    after = play(game, state, 0, "roll", dice=[(2, 3)])
    lines = game.narrate(game.observe(state, None), A.Roll(0), game.observe(after, None))
    assert lines[:3] == [
        "Seat 1 rolls 2 + 3 = 5.",
        "Seat 1 moves to Grand Final (39).",
        "Seat 1 pays £50 rent to Seat 2 for Grand Final (39).",
    ]
    later = play(game, after, 1, "roll", dice=[(1, 2)])
    lines = game.narrate(game.observe(after, None), A.Roll(1), game.observe(later, None))
    assert any("draws Chance" in line and "dividend" in line for line in lines)
    assert "Seat 2 collects £50 from the bank." in lines


def test_narration_says_where_a_bankrupt_players_deeds_and_cards_go() -> None:
    """Bankruptcy is announced with what follows from it: to a player, "give them all your
    mortgaged properties and any Get Out of Jail Free cards"; to the bank, the properties are
    auctioned unmortgaged and the cards return to the bottom of their piles."""
    game = new_game()
    state = position(
        game,
        at=[34, 0, 0, 0],
        owner={37: 1, 39: 1, 1: 0, 6: 0},
        level={37: 5, 39: 5},
        mortgaged=[6],
        cards=[2, 0, 0, 0],
        cash=[100, 1500, 1500, 1500],
    )
    after = play(game, state, 0, "roll", dice=[(2, 3)])
    lines = game.narrate(game.observe(state, 1), A.Roll(0), game.observe(after, 1))
    assert (
        "Seat 1 is bankrupt to Seat 2 and leaves the game! Seat 2 receives Rookie Cup (1), "
        "Campus Clash (6) (mortgaged) and 1 Get Out of Jail Free card."
    ) in lines
    state = position(
        game, at=[35, 0, 0, 0], owner={1: 0, 3: 0}, cards=[3, 0, 0, 0], cash=[0, 1500, 1500, 1500]
    )
    after = play(game, state, 0, "roll", dice=[(1, 2)])
    lines = game.narrate(game.observe(state, 2), A.Roll(0), game.observe(after, 2))
    assert (
        "Seat 1 is bankrupt to the bank and leaves the game! The bank auctions Rookie Cup (1), "
        "Qualifier Open (3), unmortgaged. Its Get Out of Jail Free cards go under their piles."
    ) in lines


def test_narration_tells_a_bankruptcy_in_the_order_it_happens() -> None:
    """A debtor who cannot pay raises what it can, pays it to its creditor, and only then is
    bankrupt and leaves the game: the narration says so in that order (issue 9)."""
    game = new_game()
    state = position(
        game,
        at=[34, 0, 0, 0],
        owner={37: 1, 39: 1, 1: 0, 6: 0},
        level={37: 5, 39: 5},
        mortgaged=[6],
        cash=[100, 1500, 1500, 1500],
    )
    after = play(game, state, 0, "roll", dice=[(2, 3)])
    lines = game.narrate(game.observe(state, 1), A.Roll(0), game.observe(after, 1))
    paid = lines.index("Seat 1 pays £130 rent to Seat 2 for Grand Final (39).")
    gone = next(i for i, line in enumerate(lines) if "Seat 1 is bankrupt to Seat 2" in line)
    assert lines[:2] == ["Seat 1 rolls 2 + 3 = 5.", "Seat 1 moves to Grand Final (39)."]
    assert paid < gone
    # To the bank too: what was raised (two deeds mortgaged, £30 each) is paid, then the
    # bankruptcy.
    state = position(game, at=[35, 0, 0, 0], owner={1: 0, 3: 0}, cash=[0, 1500, 1500, 1500])
    after = play(game, state, 0, "roll", dice=[(1, 2)])
    lines = game.narrate(game.observe(state, 2), A.Roll(0), game.observe(after, 2))
    paid = lines.index("Seat 1 pays £60 to the bank.")
    gone = next(i for i, line in enumerate(lines) if "Seat 1 is bankrupt to the bank" in line)
    assert paid < gone


def test_describe_legal_groups_the_moves() -> None:
    game = new_game()
    state = position(game, owner={16: 0, 18: 0, 19: 0})
    lines = game.describe_legal(game.observe(state, 0), game.legal_actions(state, 0))
    assert lines[0] == "Moves: roll | manage"
    assert lines[1].startswith("Build: build 16 (Pro League Qualifier, £100)")
    state = play(game, state, 0, "roll", dice=[(2, 4)])
    state = play(game, state, 0, "auction")
    lines = game.describe_legal(game.observe(state, 0), game.legal_actions(state, 0))
    assert lines == ["Moves: bid N  (N from 1 to 1500) | pass"]
    # Selling shows what the bank pays: half the listed price, an arena with its four stands.
    state = play(
        game, position(game, owner={16: 0, 18: 0, 19: 0}, level={16: 4, 18: 4, 19: 5}), 0, "manage"
    )
    lines = game.describe_legal(game.observe(state, 0), game.legal_actions(state, 0))
    assert (
        "Sell: sell 19 (Masters Stage, +£50) | sellall 16 (Pro League Qualifier, the whole "
        "group, +£650)"
    ) in lines


def test_fast_roll_matches_the_general_way() -> None:
    """The fast roll (a hot path) against the reference procedure, roll by roll."""
    for players, seats in ((4, "greedy"), (3, "random"), (6, "greedy")):
        game = new_game(players, window="builders")
        reference = new_game(players, window="builders")
        reference.rules.fast = False
        rng = SeededRng(players)
        state = game.initial_state(SeededRng(players))
        bots = [make_bot(seats, game, s, SeededRng(s)) for s in range(players)]
        rolls = 0
        while game.to_act(state) and rolls < 400:
            seat = game.to_act(state)[0]
            action = bots[seat].choose(game.observe(state, seat), game.legal_actions(state, seat))
            seed = rng.below(1 << 30)
            fast = game.transition(state, action, SeededRng(seed))
            slow = reference.transition(state, action, SeededRng(seed))
            assert fast == slow, (rolls, action)
            rolls += isinstance(action, A.Roll)
            state = fast


def play_bots(players: int, seats: list[str], seed: int, **options: object):
    game = make("esport-monopoly", players, **options)
    rng = SeededRng(seed)
    state = game.initial_state(rng)
    bots = [
        make_bot(code, game, s, SeededRng(derive_seed(seed, s))) for s, code in enumerate(seats)
    ]
    steps = 0
    while game.to_act(state):
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        action = bots[seat].choose(game.observe(state, seat), legal)
        assert is_legal(legal, action), (steps, action)
        state = game.transition(state, action, rng)
        steps += 1
    return game, state


@pytest.mark.parametrize("players", [2, 4, 8])
def test_greedy_bots_play_legal_moves_to_the_end(players: int) -> None:
    for seed in range(3):
        game, state = play_bots(players, ["greedy"] * players, seed)
        assert game.outcome(state) is not None


def test_greedy_answers_every_kind_of_prompt_legally_against_random() -> None:
    for seed in range(4):
        play_bots(
            3,
            ["greedy", "random", "greedy"],
            seed,
            window="everyone",
            deck="classic",
            **{"ask-rent": True},
        )


def test_greedy_beats_random() -> None:
    wins = 0
    for seed in range(30):
        game, state = play_bots(2, ["greedy", "random"], seed)
        outcome = game.outcome(state)
        assert outcome is not None
        wins += outcome.ranks[0] == 1
    assert wins >= 25


def test_greedy_trades_to_complete_colour_groups() -> None:
    _, state = play_bots(4, ["greedy"] * 4, 7)
    assert state.table.over
    game2 = new_game()
    state = position(game2, owner={16: 0, 18: 0, 19: 1, 31: 1, 32: 1, 34: 0})
    bot = make_bot("greedy", game2, 0, SeededRng(0))
    choice = bot.choose(game2.observe(state, 0), game2.legal_actions(state, 0))
    assert choice == A.OpenManage(0)
    state = play(game2, state, 0, "manage")
    assert bot.choose(game2.observe(state, 0), game2.legal_actions(state, 0)) == A.OpenDeal(0, 1)


def test_random_choices_stay_legal_with_every_option() -> None:
    game = make(
        "esport-monopoly",
        3,
        deck="classic",
        window="everyone",
        **{"ask-rent": True, "free-parking": True, "turn-cap": 60},
    )
    rng = SeededRng(11)
    state = game.initial_state(rng)
    while game.to_act(state):
        seats = game.to_act(state)
        seat = seats[rng.below(len(seats))]
        state = game.apply(state, sample_choice(game.legal_actions(state, seat), rng), rng)[0]
    assert game.outcome(state) is not None
