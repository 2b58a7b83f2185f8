"""The greedy bot: sensible single decisions, and whole games against random."""

from __future__ import annotations

from typing import Any

from tycoon.core import Match, SeededRng, derive_seed, is_legal
from tycoon.core.players import make_bot
from tycoon.games.milton_keynes.state import Phase, evolve

from .helpers import city, make_state, new_game, ordered_deck, play, player


def choose(game: Any, state: Any, seat: int, code: str = "greedy") -> str:
    bot = make_bot(code, game, seat, SeededRng(0))
    legal = game.legal_actions(state, seat)
    action = bot.choose(game.observe(state, seat), legal)
    assert is_legal(legal, action)
    return str(game.format_action(action))


def test_greedy_builds_where_the_income_is() -> None:
    game = new_game(2)
    players = [player(deeds="G7 A9", hand="REDEVELOP"), player()]
    state = make_state(game, Phase.TRADE, players=players, city_map=city(game, (1, "CHAV", "H7")))
    state = game.rules.start_build(state, SeededRng(0), [])
    assert choose(game, state, 0) == "build REDEVELOP G7"


def test_greedy_spends_the_chav_card_whose_action_is_worth_least() -> None:
    game = new_game(2)
    players = [player(deeds="G7", hand="INQUIRY REDEVELOP"), player()]
    state = make_state(game, Phase.TRADE, players=players)
    state = game.rules.start_build(state, SeededRng(0), [])
    assert choose(game, state, 0) == "build REDEVELOP G7"


def test_greedy_uses_a_nature_reserve_by_the_marsh() -> None:
    game = new_game(2)
    players = [player(deeds="A3 B3 C4", hand="LOBBY NATURE-RESERVE"), player()]
    state = make_state(game, Phase.TRADE, players=players)
    state = game.rules.start_build(state, SeededRng(0), [])
    assert choose(game, state, 0).startswith("build NATURE-RESERVE A3 B3")


def test_greedy_buys_the_lot_next_to_its_land_and_bribes_within_its_cash() -> None:
    game = new_game(2)
    from tycoon.games.milton_keynes.state import evolve

    from .helpers import ordered_deck

    players = [player(deeds="C6 C7", cash=12), player(cash=12)]
    state = make_state(game, Phase.AFTER_COLLECTION, players=players, year=2)
    state = evolve(state, deed_deck=ordered_deck("A1 C8 E2"))
    state = game.rules.start_sale(state, 0, SeededRng(0), [])
    bribe = choose(game, state, 0)
    assert bribe.startswith("bribe") and int(bribe.split()[1]) <= 12 - 5
    state = play(game, state, (0, bribe), (1, "bribe 0"))
    assert choose(game, state, 0) == "buy C8"


def test_greedy_declines_a_bad_offer_and_accepts_a_good_one() -> None:
    game = new_game(2)
    players = [player(deeds="A1", cash=30), player(deeds="C6 C7 B7", cash=5)]
    state = make_state(game, Phase.TRADE, players=players, queue=(0, 1), offers_left=(3, 3))
    bad = play(game, state, (0, "offer 2 A1 for C7"))
    assert choose(game, bad, 1) == "decline"
    good = play(game, state, (0, "offer 2 $20 for B7"))
    assert choose(game, good, 1) == "accept"


def test_greedy_plays_inquiry_to_pass_a_roundabout() -> None:
    game = new_game(2)
    players = [player(hand="INQUIRY LOBBY", marker=12, floor=10), player()]
    state = make_state(game, Phase.BEFORE_COLLECTION, players=players, queue=(0,), year=2)
    assert choose(game, state, 0) == "inquiry"


def test_greedy_demolishes_the_leader() -> None:
    game = new_game(2)
    players = [player(hand="DEMOLISH", cash=5), player()]
    specs = ((1, "CHAV", "C5 C6 C7 C8"), (1, "CHAV", "B6"))
    state = make_state(
        game,
        Phase.BEFORE_COLLECTION,
        players=players,
        city_map=city(game, *specs),
        queue=(0,),
        year=2,
    )
    assert choose(game, state, 0).startswith("demolish")


def test_greedy_names_the_best_requisition() -> None:
    """E7's SEWAGE REPROCESSOR: taking E8 keeps two river walls (D8, F7), F7 only one (E8)."""
    game = new_game(2)
    players = [player(deeds="E7", hand="SEWAGE-REPROCESSOR"), player()]
    state = make_state(game, Phase.TRADE, players=players)
    state = game.rules.start_build(state, SeededRng(0), [])
    state = play(game, state, (0, "build SEWAGE-REPROCESSOR E7"), (0, "seal"))
    assert state.phase == Phase.REQUISITION
    assert choose(game, state, 0) == "take E8"


def play_games(players: int, games: int) -> float:
    wins = 0.0
    for i in range(games):
        game = new_game(players)
        seed = derive_seed(7, i)
        seats = ["random"] * players
        seats[i % players] = "greedy"
        bots = [
            make_bot(code, game, s, SeededRng(derive_seed(seed, 100 + s)))
            for s, code in enumerate(seats)
        ]
        match: Match[Any, Any, Any] = Match(game, seed, seats)
        while match.to_act():
            seat = match.to_act()[0]
            match.play(bots[seat].choose(match.view(seat), match.legal_actions(seat)))
        outcome = match.outcome()
        assert outcome is not None
        if outcome.ranks[i % players] == 1:
            wins += 1
    return wins / games


def test_greedy_beats_random_clearly() -> None:
    """Seeded games, greedy in every seat in turn: it should win far above its fair share."""
    assert play_games(4, 8) >= 0.75
    assert play_games(2, 6) >= 0.8


def test_greedy_with_noise_and_against_itself_plays_legal_games() -> None:
    for players in (3, 5):
        game = new_game(players, advanced=players == 3)
        seats = ["greedy:noise=0.2"] * players
        bots = [make_bot(code, game, s, SeededRng(s)) for s, code in enumerate(seats)]
        match: Match[Any, Any, Any] = Match(game, players, seats)
        while match.to_act():
            seat = match.to_act()[0]
            match.play(bots[seat].choose(match.view(seat), match.legal_actions(seat)))
        assert match.outcome() is not None


def test_greedy_keeps_the_bots_bound_on_offers() -> None:
    """The bots' bound on offers is their policy (players are free): with ``offers=0`` the greedy
    bot offers nothing even though an offer would be legal, so the trade phase ends."""
    game = new_game(2, offers=0)
    mine = "B6 B7 C6"  # C7 would add two internal walls
    players = [player(deeds=mine, cash=30, known_deeds=mine), player(deeds="C7", known_deeds="C7")]
    state = make_state(game, Phase.PURCHASE, players=players)
    state = game.rules.start_trade(evolve(state, deed_deck=ordered_deck("A1")), SeededRng(0), [])
    assert choose(game, state, 0) == "pass"
    state = play(game, state, (0, "pass"))
    assert choose(game, state, 1) == "pass"
    state = play(game, state, (1, "pass"))
    assert "Building: nobody can commission anything." in state.log
    # With its usual bound the same bot does offer for the deed next to its land.
    game = new_game(2)
    state = game.rules.start_trade(
        evolve(make_state(game, Phase.PURCHASE, players=players), deed_deck=ordered_deck("A1")),
        SeededRng(0),
        [],
    )
    assert choose(game, state, 0) == "offer 2 $7 for C7"
