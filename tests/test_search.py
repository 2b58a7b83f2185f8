"""The information-set MCTS bot: the search itself, its seat codes, and fairness by construction
(it is handed views only, and what its seat cannot see cannot change what it does)."""

from __future__ import annotations

import dataclasses
import math
from typing import Any

import pytest
from sealed_auction import Bid

from tycoon.bots.ismcts import (
    IsmctsBot,
    Node,
    Plan,
    Search,
    candidates,
    outcome_rewards,
    spread_amounts,
)
from tycoon.core import (
    Action,
    AmountRange,
    Match,
    Outcome,
    SealedCommits,
    SeededRng,
    count_actions,
    is_legal,
    make,
    sample_choice,
)
from tycoon.core.errors import UnknownBotError
from tycoon.core.players import bots_for, make_bot
from tycoon.sim import make_bots, play_match

GAMES = ("esport-monopoly", "estates", "milton-keynes", "my-city", "water-rights")
ALL_GAMES = (*GAMES, "sealed-auction")


@dataclasses.dataclass(frozen=True, slots=True)
class Pick(Action):
    amount: int


def decision(name: str, seed: int = 3, skip: int = 12) -> tuple[Any, Any, int]:
    """(game, state, seat) at a decision with several choices, after ``skip`` random steps."""
    game = make(name)
    rng = SeededRng(seed)
    state = game.initial_state(rng)
    if name == "sealed-auction":  # six steps in all
        skip = min(skip, 3)
    steps = 0
    while True:
        to_act = game.to_act(state)
        assert to_act, f"{name} ended before a decision was found"
        seat = to_act[0]
        legal = game.legal_actions(state, seat)
        if steps >= skip and count_actions(legal) > 1:
            return game, state, seat
        state = game.transition(state, sample_choice(legal, rng), rng)
        steps += 1


def search_choice(game: Any, view: Any, legal: Any, seat: int, seed: int = 11) -> Any:
    bot = IsmctsBot(game, seat, SeededRng(seed), {"iterations": "12"})
    return bot.choose(view, legal)


# -- the search -------------------------------------------------------------------------------


def test_a_wide_amount_range_is_spread_over_five_amounts_from_low_to_high() -> None:
    assert spread_amounts(AmountRange(Pick(0, 0), 0, 100)) == [0, 25, 50, 75, 100]
    assert spread_amounts(AmountRange(Pick(0, 0), 10, 30, step=5)) == [10, 15, 20, 25, 30]
    assert spread_amounts(AmountRange(Pick(0, 0), 3, 8)) == [3, 4, 5, 6, 7, 8]


def test_a_policy_suggestion_inside_a_range_joins_the_candidates() -> None:
    legal = [Pick(0, -1), AmountRange(Pick(0, 0), 0, 100)]
    assert candidates(legal) == [Pick(0, -1), *(Pick(0, a) for a in (0, 25, 50, 75, 100))]
    assert Pick(0, 37) in candidates(legal, Pick(0, 37))
    assert Pick(0, 200) not in candidates(legal, Pick(0, 200))
    assert len(candidates(legal, Pick(0, 50))) == 6


def test_rewards_favour_the_winner_and_share_a_tied_win() -> None:
    alone = outcome_rewards(Outcome((3.0, 1.0, 2.0), (1, 3, 2), "x"), 3)
    assert alone[0] > alone[2] > alone[1]
    assert alone[0] == pytest.approx(1.0)
    tied = outcome_rewards(Outcome((3.0, 3.0, 2.0), (1, 1, 3), "x"), 3)
    assert tied[0] == tied[1] == pytest.approx(0.4 + 0.2)
    assert tied[2] == 0.0


def test_a_decision_with_one_legal_choice_runs_no_search() -> None:
    game = make("sealed-auction")
    calls: list[Any] = []

    def counted(view: Any, rng: Any) -> Any:
        calls.append(view)
        raise AssertionError("no determinisation for a forced move")

    game.sample_state = counted  # type: ignore[method-assign]
    bot = IsmctsBot(game, 0, SeededRng(1), {})
    only = AmountRange(Bid(0, 0), 0, 0)
    assert bot.choose(None, [only]) == only.action(0)
    assert calls == []


@pytest.mark.parametrize("name", ALL_GAMES)
def test_the_search_picks_a_legal_move_and_repeats_it_from_the_same_seed(name: str) -> None:
    game, state, seat = decision(name)
    view = game.observe(state, seat)
    legal = game.legal_actions(state, seat)
    first = search_choice(game, view, legal, seat)
    game.check(state, first)
    assert search_choice(game, view, legal, seat) == first


def test_the_search_counts_its_iterations_and_visits_every_root_move() -> None:
    game, state, seat = decision("estates")
    legal = game.legal_actions(state, seat)
    search = Search(game, seat, game.observe(state, seat), legal, SeededRng(2))
    search.run(iterations=60)
    rows = search.statistics()
    assert search.iterations == 60
    assert sum(visits for _, visits, _ in rows) == 60
    assert len(candidates(legal)) <= 60
    assert {action for action, _, _ in rows} == set(candidates(legal))


def test_the_search_bids_its_value_rather_than_nothing_in_the_sealed_auction() -> None:
    """With a value of 10 and 10 to spend against a random bidder, bidding 0 nearly always loses
    the item; the search should see that bidding a fair amount pays."""
    game = make("sealed-auction")
    rng = SeededRng(4)
    state = game.initial_state(rng)
    state = dataclasses.replace(state, values=(10, 1))
    view = game.observe(state, 0)
    legal = game.legal_actions(state, 0)
    bot = IsmctsBot(game, 0, SeededRng(5), {"iterations": "400"})
    action = bot.choose(view, legal)
    assert isinstance(action, Bid)
    assert 3 <= action.amount <= 9


def test_the_search_beats_random_play_in_the_sealed_auction() -> None:
    game = make("sealed-auction")
    wins = 0.0
    for seed in range(12):
        seats = (
            ["ismcts:iterations=150", "random"] if seed % 2 else ["random", "ismcts:iterations=150"]
        )
        me = 0 if seed % 2 else 1
        match = play_match(game, make_bots(game, seats, seed), seed, seats)
        outcome = match.outcome()
        assert outcome is not None
        if outcome.ranks[me] == 1:
            wins += 1 / len(outcome.winners)
    assert wins >= 8


# -- seat codes and presets -------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_ismcts_and_the_presets_sit_at_every_game(name: str) -> None:
    codes = {entry.code for entry in bots_for(name)}
    assert {"ismcts", "easy", "normal", "hard"} <= codes


def test_presets_set_a_budget_and_take_the_search_parameters() -> None:
    game = make("estates")
    easy = make_bot("easy", game, 0, SeededRng(1))
    hard = make_bot("hard", game, 0, SeededRng(1))
    assert isinstance(easy, IsmctsBot) and isinstance(hard, IsmctsBot)
    assert easy.iterations < 300 and easy.seconds == 0
    assert hard.seconds == 1.0 and hard.iterations == 200  # never fewer than normal's
    quick = make_bot("hard:iterations=5", game, 0, SeededRng(1))
    assert isinstance(quick, IsmctsBot) and quick.seconds == 0 and quick.iterations == 5
    timed = make_bot("hard:seconds=0.5", game, 0, SeededRng(1))
    assert isinstance(timed, IsmctsBot) and timed.seconds == 0.5 and timed.iterations == 0
    tuned = make_bot("ismcts:c=1.5:depth=10:rollout=random:seed=9", game, 0, SeededRng(1))
    assert isinstance(tuned, IsmctsBot)
    assert (tuned.c, tuned.depth, tuned.use_policy) == (1.5, 10, False)


def test_a_time_budget_with_iterations_runs_for_both(monkeypatch: pytest.MonkeyPatch) -> None:
    """``seconds`` and ``iterations`` together: that long, and at least that many; time alone
    stops at its deadline (at least one iteration)."""
    game, state, seat = decision("estates")
    for iterations, seconds, expected in ((30, 2.0, 30), (0, 2.0, 2), (1, 5.0, 5)):
        search = Search(
            game, seat, game.observe(state, seat), game.legal_actions(state, seat), SeededRng(2)
        )
        # A clock on which each iteration takes a second.
        monkeypatch.setattr(
            "tycoon.bots.ismcts.time.perf_counter", lambda s=search: float(s.iterations)
        )
        search.run(iterations=iterations, seconds=seconds)
        assert search.iterations == expected


@pytest.mark.parametrize(
    "code", ["ismcts:rollout=smart", "ismcts:iterations=0", "ismcts:seed=x", "ismcts:c=-1"]
)
def test_bad_search_parameters_are_refused_with_a_reason(code: str) -> None:
    with pytest.raises(UnknownBotError) as error:
        make_bot(code, make("estates"), 0, SeededRng(1))
    assert "parameter" in error.value.reason


def test_the_seed_parameter_fixes_the_search_whatever_the_seat_rng() -> None:
    game, state, seat = decision("water-rights")
    view = game.observe(state, seat)
    legal = game.legal_actions(state, seat)
    choices = {
        make_bot("ismcts:iterations=10:seed=4", game, seat, SeededRng(r)).choose(view, legal)
        for r in range(3)
    }
    assert len(choices) == 1


# -- fair by construction ---------------------------------------------------------------------


@pytest.mark.parametrize("name", ALL_GAMES)
def test_the_search_bot_is_only_ever_handed_views(name: str) -> None:
    """Every ``choose`` call receives an object that ``observe`` returned for that very seat,
    never a state, and the bot keeps no state of the match."""
    game = make(name)
    observed: dict[int, int | None] = {}
    real_observe = game.observe

    def watched(state: Any, seat: int | None) -> Any:
        view = real_observe(state, seat)
        observed[id(view)] = seat
        return view

    game.observe = watched  # type: ignore[method-assign]
    match: Match[Any, Any, Any] = Match(game, 5)
    state_type = type(match.state)
    bot = IsmctsBot(game, 0, SeededRng(2), {"iterations": "3", "depth": "6"})
    other = make_bot("random", game, 1, SeededRng(3))
    calls = 0
    for _ in range(40):
        to_act = match.to_act()
        if not to_act:
            break
        seat = to_act[0]
        view = match.view(seat)
        legal = match.legal_actions(seat)
        if seat == 0:
            assert observed[id(view)] == 0 and not isinstance(view, state_type)
            action = bot.choose(view, legal)
            calls += 1
        else:
            action = make_bot("random", game, seat, SeededRng(seat)).choose(view, legal)
        match.play(action)
    assert calls > 0
    assert other is not None
    for value in vars(bot).values():
        assert not isinstance(value, state_type)


def _differing_state(game: Any, state: Any, seat: int) -> Any:
    """A state with the same view for ``seat`` but other hidden data, where a game hides any."""
    view = game.observe(state, seat)
    for seed in range(20):
        other = game.sample_state(view, SeededRng(100 + seed))
        if other != state:
            return other
    return game.sample_state(view, SeededRng(100))


@pytest.mark.parametrize("name", ALL_GAMES)
def test_another_seats_hidden_data_does_not_change_the_search(name: str) -> None:
    game, state, seat = decision(name, skip=20)
    other = _differing_state(game, state, seat)
    if game.spec.information.value != "perfect":
        assert other != state
    view = game.observe(state, seat)
    assert game.observe(other, seat) == view
    first = search_choice(game, view, game.legal_actions(state, seat), seat)
    second = search_choice(game, game.observe(other, seat), game.legal_actions(other, seat), seat)
    assert first == second


def _sealed_field(state: Any) -> str | None:
    for f in dataclasses.fields(state):
        if isinstance(getattr(state, f.name), SealedCommits):
            return f.name
    return None


def _sealed_pair(name: str) -> tuple[Any, Any, Any]:
    """Two states in a sealed step that differ only in seat 1's commit, seat 0 still to commit."""
    game = make(name)
    for seed in range(30):
        rng = SeededRng(seed)
        state = game.initial_state(rng)
        for _ in range(400):
            to_act = game.to_act(state)
            if not to_act:
                break
            if 0 in to_act and 1 in to_act:
                legal = game.legal_actions(state, 1)
                picks = candidates(legal)
                if len(picks) > 1:
                    return (
                        game,
                        game.transition(state, picks[0], rng),
                        game.transition(state, picks[-1], rng),
                    )
            seat = to_act[0]
            state = game.transition(state, sample_choice(game.legal_actions(state, seat), rng), rng)
    raise AssertionError(f"no sealed step with a choice found in {name}")


@pytest.mark.parametrize("name", ["milton-keynes", "sealed-auction"])
def test_another_seats_sealed_commit_is_drawn_not_read(name: str) -> None:
    game, low, high = _sealed_pair(name)
    field = _sealed_field(low)
    assert field is not None
    assert getattr(low, field) != getattr(high, field)
    view = game.observe(low, 0)
    assert game.observe(high, 0) == view
    drawn = {
        getattr(game.sample_state(view, SeededRng(seed)), field).value_of(1) for seed in range(30)
    }
    assert len(drawn) > 1
    legal = game.legal_actions(low, 0)
    assert search_choice(game, view, legal, 0) == search_choice(
        game, game.observe(high, 0), game.legal_actions(high, 0), 0
    )


# -- what each game offers the search ---------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_every_game_evaluates_a_position_as_shares_of_winning(name: str) -> None:
    game, state, _ = decision(name, skip=30)
    values = game.evaluate(state)
    assert values is not None and len(values) == game.players
    assert all(0.0 <= v <= 1.0 for v in values)
    assert sum(values) == pytest.approx(1.0)
    # Water Rights' rollouts play whole games (its games are short; the evaluation is for a
    # search told a depth); the others stop and evaluate.
    assert (game.search_depth() > 0) == (name != "water-rights")


@pytest.mark.parametrize("name", GAMES)
def test_every_games_rollout_policy_plays_its_greedy_move(name: str) -> None:
    game, state, seat = decision(name, skip=25)
    policy = game.rollout_policy()
    assert policy is not None
    legal = game.legal_actions(state, seat)
    action = policy(state, seat, legal, SeededRng(1))
    game.check(state, action)
    greedy = make_bot("greedy", game, seat, SeededRng(1))
    assert action == greedy.choose(game.observe(state, seat), legal)


def evaluation_log_likelihoods(name: str, games: int = 6) -> tuple[float, float]:
    """The mean log likelihood the game's evaluation gives the eventual winner of greedy games
    (a shared win split), asked every fifth step: over each game's first half, and over all."""
    first: list[float] = []
    every: list[float] = []
    for index in range(games):
        game = make(name)
        seed = 500 + index
        seats = ("greedy",) * game.players
        match = Match(game, seed, seats)
        bots = make_bots(game, seats, seed)
        asked: list[tuple[int, list[float]]] = []
        steps = 0
        while to_act := match.to_act():
            if steps % 5 == 0:
                values = game.evaluate(match.state)
                assert values is not None
                asked.append((steps, list(values)))
            seat = to_act[0]
            match.play(bots[seat].choose(match.view(seat), match.legal_actions(seat)))
            steps += 1
        outcome = match.outcome()
        assert outcome is not None
        winners = [s for s, rank in enumerate(outcome.ranks) if rank == 1]
        for step, values in asked:
            likelihood = sum(math.log(max(values[s], 1e-12)) for s in winners) / len(winners)
            every.append(likelihood)
            if 2 * step < steps:
                first.append(likelihood)
    return sum(first) / len(first), sum(every) / len(every)


@pytest.mark.parametrize("name", ("esport-monopoly", "estates", "milton-keynes", "water-rights"))
def test_every_games_evaluation_is_no_more_sure_than_it_knows(name: str) -> None:
    """An evaluation sure of a winner it cannot yet tell makes the search chase noise (Water
    Rights' softmax of three points gave greedy games' winners a log likelihood of -5, an even
    guess's being -1.39, and the search lost to greedy): over the first half of greedy games it
    does about as well as an even guess or better, and over whole games better."""
    even = -math.log(make(name).players)
    first_half, whole = evaluation_log_likelihoods(name)
    assert first_half >= even - 0.05
    assert whole > even


def test_water_rights_evaluation_tells_the_likely_winner_before_the_last_rounds() -> None:
    """What a town's tiles will earn in the rounds left tells the winner early (the score now
    alone gives an even guess's likelihood over the first half of greedy games, -1.39)."""
    first_half, whole = evaluation_log_likelihoods("water-rights")
    assert first_half > -math.log(4) + 0.05
    assert whole > -math.log(4) + 0.2


def test_water_rights_evaluation_counts_what_tiles_will_earn() -> None:
    game, state, _ = decision("water-rights", skip=30)
    assert state.round < game.rules.economy.rounds
    seat = next(s for s, role in enumerate(game.role_of_seat) if role != 0)
    role = game.role_of_seat[seat]
    town = state.towns[role - 1]
    earner = max(range(len(game.rules.kinds)), key=lambda k: game.rules.kinds[k].income)
    cell = town.cells.index(-1) if -1 in town.cells else 0
    cells = tuple(earner if i == cell else c for i, c in enumerate(town.cells))
    towns = tuple(
        dataclasses.replace(t, cells=cells) if i == role - 1 else t
        for i, t in enumerate(state.towns)
    )
    richer = game.evaluate(dataclasses.replace(state, towns=towns))
    before = game.evaluate(state)
    assert richer is not None and before is not None and richer[seat] > before[seat]


def test_the_sealed_auction_offers_no_hooks_and_the_search_plays_random_rollouts() -> None:
    game = make("sealed-auction")
    assert game.rollout_policy() is None and game.evaluate(game.initial_state(SeededRng(1))) is None
    assert game.search_depth() == 0


def test_milton_keynes_prefers_the_seat_with_more_income_blocks() -> None:
    game, state, _ = decision("milton-keynes", skip=30)
    city = state.city
    more = dataclasses.replace(city, blocks=(city.blocks[0] + 6, *city.blocks[1:]))
    values = game.evaluate(dataclasses.replace(state, city=more))
    assert values is not None
    before = game.evaluate(state)
    assert before is not None and values[0] > before[0] and values[0] == max(values)


def test_esport_monopoly_prefers_the_richer_seat() -> None:
    game, state, _ = decision("esport-monopoly", skip=30)
    table = state.table
    cash = (table.cash[0] + 2000, *table.cash[1:])
    richer = state._replace(table=table._replace(cash=cash))
    values = game.evaluate(richer)
    before = game.evaluate(state)
    assert values is not None and before is not None
    assert values[0] == max(values) and values[0] > before[0]


def test_with_a_policy_the_search_tries_its_move_first_and_widens_slowly() -> None:
    game, state, seat = decision("my-city", skip=8)
    legal = game.legal_actions(state, seat)

    def last_choice(state: Any, seat: int, legal: Any, rng: Any) -> Any:
        return candidates(legal)[-1]

    search = Search(
        game, seat, game.observe(state, seat), legal, SeededRng(3), policy=last_choice, depth=1
    )
    search.run(iterations=16)
    children = list(search.root.children.values())
    assert len(candidates(legal)) > 20
    assert children[0].action == candidates(legal)[-1]
    assert 2 <= len(children) <= 1 + 4  # 1 + WIDEN * sqrt(15)


def test_without_a_policy_every_root_move_is_tried_once_before_any_twice() -> None:
    game, state, seat = decision("estates")
    legal = game.legal_actions(state, seat)
    search = Search(game, seat, game.observe(state, seat), legal, SeededRng(2))
    search.run(iterations=len(candidates(legal)))
    assert all(visits == 1 for _, visits, _ in search.statistics())


def test_esport_monopolys_policy_carries_out_a_plan_made_before_the_search_began() -> None:
    """Greedy opens its management menu (or a deal) meaning to build (or offer) in the next
    step; a policy made afresh for a search at that next step does the same, not "back"."""
    game = make("esport-monopoly")
    seats = ["greedy"] * game.players
    bots = make_bots(game, seats, 5)
    match: Match[Any, Any, Any] = Match(game, 5, seats)
    planned = 0
    while match.to_act() and planned < 3:
        seat = match.to_act()[0]
        legal = match.legal_actions(seat)
        top = match.state.table.stack[-1]
        action = bots[seat].choose(match.view(seat), legal)
        if type(top).__name__ in ("Manage", "Deal") and not getattr(top, "sent", False):
            policy = game.rollout_policy()
            assert policy is not None
            assert policy(match.state, seat, legal, SeededRng(1)) == action
            planned += 1
        match.play(action)
    assert planned == 3


def test_with_a_ranking_the_search_widens_in_the_games_order() -> None:
    game, state, seat = decision("my-city", skip=8)
    legal = game.legal_actions(state, seat)
    ranking = [legal[i] for i in (7, 3, 11, 5, 2)]
    asked: list[int] = []

    def ranked(state: Any, seat: int, legal: Any) -> Any:
        asked.append(seat)
        return ranking

    game.rank_actions = ranked

    def last_choice(state: Any, seat: int, legal: Any, rng: Any) -> Any:
        return legal[len(legal) - 1]

    search = Search(
        game, seat, game.observe(state, seat), legal, SeededRng(3), policy=last_choice, depth=1
    )
    search.run(iterations=16)
    order = [child.action for child in search.root.children.values()]
    assert order[0] == legal[len(legal) - 1]
    assert order[1:] == ranking[: len(order) - 1]
    assert len(order) >= 3
    assert asked.count(seat) >= 1


def test_a_lazy_action_set_is_searched_without_being_listed() -> None:
    game, state, seat = decision("my-city", skip=8)
    legal = game.legal_actions(state, seat)
    assert candidates(legal) is legal
    listed: list[int] = []
    real = type(legal).__getitem__

    def counted(self: Any, index: Any) -> Any:
        listed.append(1)
        return real(self, index)

    bot = IsmctsBot(game, seat, SeededRng(1), {"iterations": "20"})
    type(legal).__getitem__ = counted  # type: ignore[method-assign]
    try:
        game.check(state, bot.choose(game.observe(state, seat), legal))
    finally:
        type(legal).__getitem__ = real  # type: ignore[method-assign]
    assert len(legal) > 100 and len(listed) < len(legal)


def test_my_city_ranks_moves_by_the_greedy_bots_judgement_best_first() -> None:
    from tycoon.games.my_city.bots import _Position
    from tycoon.games.my_city.rules import RANKED

    game, state, seat = decision("my-city", skip=8)
    legal = game.legal_actions(state, seat)
    ranked = game.rank_actions(state, seat, legal)
    assert ranked is not None and len(ranked) == RANKED
    assert all(move in legal for move in ranked)
    bot = make_bot("greedy", game, seat, SeededRng(1))
    position = _Position(game.tables, game.observe(state, seat), seat, bot.line_steps)  # type: ignore[attr-defined]
    tables = game.tables

    def key(move: Any) -> Any:
        square = tables.board.index(move.square)
        return position.evaluate(square, tables.counter_ids[move.counter], False)

    keys = [key(move) for move in ranked]
    assert keys == sorted(keys, reverse=True)
    assert keys[0] == max(key(move) for move in legal)
    assert key(bot.choose(game.observe(state, seat), legal)) == keys[0]


def test_esport_monopoly_values_the_rent_a_deed_charges_beyond_its_price() -> None:
    """A deed bought with cash leaves net worth unchanged but brings rent: the evaluation
    favours the seat holding it."""
    from tycoon.games.esport_monopoly.board import BOARD

    game, state, _ = decision("esport-monopoly", skip=30)
    table = state.table
    square = next(q for q in range(40) if BOARD.price[q] and table.owner[q] < 0)
    owner = list(table.owner)
    owner[square] = 0
    bought = table._replace(
        owner=tuple(owner),
        holdings=(table.holdings[0] | 1 << square, *table.holdings[1:]),
        cash=(table.cash[0] - BOARD.price[square], *table.cash[1:]),
    )
    after = state._replace(table=bought)
    assert game.rules.net_worth(bought, 0) == game.rules.net_worth(table, 0)
    before_values = game.evaluate(state)
    after_values = game.evaluate(after)
    assert before_values is not None and after_values is not None
    assert after_values[0] > before_values[0]


def test_where_states_recur_the_policy_is_asked_once_per_state() -> None:
    """My City has no chance after the deal and nothing hidden: rollouts walk on from where
    earlier ones went, and the search looks the policy's moves up instead of asking again."""
    game, state, seat = decision("my-city", skip=8)
    legal = game.legal_actions(state, seat)
    greedy = game.rollout_policy()
    assert greedy is not None
    asked: list[Any] = []

    def policy(state: Any, seat: int, legal: Any, rng: Any) -> Any:
        asked.append((state, seat))
        return greedy(state, seat, legal, rng)

    search = Search(game, seat, game.observe(state, seat), legal, SeededRng(3), policy=policy)
    search.run(iterations=60)
    assert search.memo is not None and search.hits > 0
    assert len(asked) == len(set(asked)) == search.lookups - search.hits


def test_where_states_do_not_recur_the_search_keeps_no_memory() -> None:
    """Water Rights rolls dice and draws cards (and every determinisation deals the decks
    afresh): states seldom recur. (The Estates no longer serves: with each seat's cheques
    counted, its determinisations differ little, and states before a rooftop is drawn do.)"""
    game, state, seat = decision("water-rights", skip=20)
    legal = game.legal_actions(state, seat)
    search = Search(
        game,
        seat,
        game.observe(state, seat),
        legal,
        SeededRng(3),
        policy=game.rollout_policy(),
        depth=game.search_depth(),
    )
    search.run(iterations=80)
    assert search.lookups >= 400 and search.memo is None


def _two_children(search: Search) -> tuple[Any, Any]:
    """The root with a well-tried child of mean reward 0.05 and a little-tried one of 0.04."""
    from tycoon.bots.ismcts import Node

    good, poor = Pick(0, 1), Pick(0, 2)
    root = search.root
    root.visits = 20
    for action, visits, mean in ((good, 15, 0.05), (poor, 5, 0.04)):
        child = Node(action, 0)
        child.visits, child.available, child.reward = visits, 19, mean * visits
        root.children[action] = child
    return good, poor


@pytest.mark.parametrize("normalise", [True, False])
def test_close_rewards_are_stretched_so_the_better_move_is_followed(normalise: bool) -> None:
    """Evaluations of a long game's position are small shares (0.04 against 0.05): unscaled,
    exploration swamps the difference; normalised to the spread at the node, it counts."""
    game = make("sealed-auction")
    search = Search(game, 0, None, [], SeededRng(1), normalise=normalise)
    good, poor = _two_children(search)
    chosen = search._select(search.root, [good, poor], None, SeededRng(2))
    assert chosen.action == (good if normalise else poor)


def test_where_chance_plays_close_rewards_are_not_stretched() -> None:
    """Once the search has given up its memory (states do not recur: chance or hidden data),
    a difference between mean rewards is mostly noise and is left as it is."""
    game = make("sealed-auction")
    search = Search(game, 0, None, [], SeededRng(1))
    good, poor = _two_children(search)
    search.memo = None
    chosen = search._select(search.root, [good, poor], None, SeededRng(2))
    assert chosen.action == poor


def test_a_pool_takes_the_same_seeds_in_turn_and_repeats_exactly() -> None:
    """Common random numbers: with ``pool=3`` the iterations' rngs are three seeds taken in
    turn, so the moves compared meet the same determinisations; a seeded search repeats."""
    game, state, seat = decision("water-rights", skip=40)
    view, legal = game.observe(state, seat), game.legal_actions(state, seat)
    seen: list[int] = []

    def searched(pool: int) -> Search:
        search = Search(game, seat, view, legal, SeededRng(5), depth=4, pool=pool)
        iterate = search.iterate

        def recording(rng: Any) -> None:
            seen.append(rng.seed)
            iterate(rng)

        search.iterate = recording  # type: ignore[method-assign]
        search.run(iterations=9)
        return search

    first = searched(3)
    assert seen[:3] == seen[3:6] == seen[6:9] and len(set(seen)) == 3
    again = searched(3)
    assert seen[9:] == seen[:9] and again.statistics() == first.statistics()
    seen.clear()
    searched(0)
    assert len(set(seen)) == 9


def test_the_bot_takes_a_pool_and_stretches_where_told() -> None:
    game = make("water-rights")
    bot = make_bot("ismcts:pool=8:stretch=always", game, 0, SeededRng(1))
    assert isinstance(bot, IsmctsBot) and bot.pool == 8 and bot.stretch_always
    with pytest.raises(UnknownBotError, match="stretch"):
        make_bot("ismcts:stretch=sometimes", game, 0, SeededRng(1))


def test_told_to_stretch_always_close_rewards_are_stretched_where_chance_plays() -> None:
    game = make("sealed-auction")
    search = Search(game, 0, None, [], SeededRng(1), stretch_always=True)
    good, _ = _two_children(search)
    search.memo = None
    assert search._select(search.root, [good, Pick(0, 2)], None, SeededRng(2)).action == good


def _other_seat_branching(node: Any, seat: int) -> int:
    """The most children, among the tree's nodes, that are another seat's moves."""
    others = sum(1 for child in node.children.values() if child.seat != seat)
    return max([others, *(_other_seat_branching(c, seat) for c in node.children.values())])


def _own_depth(node: Any, seat: int, depth: int = 0) -> int:
    """How many of the bot's own moves deep the tree goes."""
    deepest = depth
    for child in node.children.values():
        deepest = max(deepest, _own_depth(child, seat, depth + (child.seat == seat)))
    return deepest


def test_told_opponents_play_the_policy_only_the_bots_own_choices_branch() -> None:
    """My City is deterministic after the deal: a seat playing the policy has one move in a
    state, so with ``opponents=policy`` no node holds two of another seat's moves, while the
    search of every seat's moves branches on them; the tree reaches the bot's next choices."""
    game, state, seat = decision("my-city", skip=8)
    legal = game.legal_actions(state, seat)
    view = game.observe(state, seat)
    trees = {}
    for follow in (False, True):
        search = Search(
            game,
            seat,
            view,
            legal,
            SeededRng(3),
            policy=game.rollout_policy(),
            depth=game.search_depth(),
            opponents_policy=follow,
        )
        search.run(iterations=150)
        trees[follow] = search
    assert _other_seat_branching(trees[False].root, seat) >= 2
    assert _other_seat_branching(trees[True].root, seat) == 1
    assert _own_depth(trees[True].root, seat) >= 2


def test_the_bot_takes_the_opponents_model() -> None:
    game = make("esport-monopoly")
    follow = make_bot("ismcts:opponents=policy", game, 0, SeededRng(1))
    plain = make_bot("ismcts", game, 0, SeededRng(1))
    assert isinstance(follow, IsmctsBot) and isinstance(plain, IsmctsBot)
    assert follow.opponents_policy and not plain.opponents_policy
    with pytest.raises(UnknownBotError, match="opponents is search or policy"):
        make_bot("ismcts:opponents=smart", game, 0, SeededRng(1))


def _looked_up(memory: str, hits: int) -> Search:
    """A search whose policy is looked up 400 times, ``hits`` of them for a state met before."""
    game = make("sealed-auction")
    search = Search(game, 0, None, [], SeededRng(1), memory=memory)

    def policy(state: Any, seat: int, legal: Any, rng: Any) -> Any:
        return Pick(seat, 1)

    search._play(policy, ("new", 0), 0, [], SeededRng(2))
    for _ in range(hits):
        search._play(policy, ("new", 0), 0, [], SeededRng(2))
    for i in range(1, 400 - hits):  # the memory is judged at a look-up that misses
        search._play(policy, ("new", i), 0, [], SeededRng(2))
    return search


def test_the_memory_is_kept_where_one_look_up_in_five_finds_its_state_or_as_the_game_says() -> None:
    """``auto`` gives the memory up below one hit in five look-ups; ``keep`` only with no hit at
    all; ``off`` never keeps one (and so never stretches rewards)."""
    assert _looked_up("auto", 90).memo is not None
    assert _looked_up("auto", 30).memo is None
    kept = _looked_up("keep", 30)
    assert kept.memo is not None and kept.hits == 30
    assert _looked_up("keep", 0).memo is None
    off = _looked_up("off", 90)
    assert off.memo is None and off.lookups == 0


def test_the_bot_takes_its_memory_from_the_game_unless_told() -> None:
    """The Estates keeps the memory wherever states recur at all (its determinisations differ
    only in each seat's hand/box split); other games judge by the hit rate."""
    estates, city = make("estates"), make("my-city")
    assert estates.search_memory() == "keep" and city.search_memory() == "auto"
    bot = make_bot("ismcts", estates, 0, SeededRng(1))
    assert isinstance(bot, IsmctsBot) and bot.memory == "keep"
    told = make_bot("ismcts:memory=auto", estates, 0, SeededRng(1))
    assert isinstance(told, IsmctsBot) and told.memory == "auto"
    plain = make_bot("hard:memory=off", city, 0, SeededRng(1))
    assert isinstance(plain, IsmctsBot) and plain.memory == "off"
    with pytest.raises(UnknownBotError, match="memory is auto, keep or off"):
        make_bot("ismcts:memory=sometimes", city, 0, SeededRng(1))


def _planned_decision() -> tuple[Any, Any, int, Any]:
    """(game, state, seat, legal) at the first decision of a greedy Esport Monopoly game where
    the game offers whole plans (deals)."""
    game = make("esport-monopoly")
    seats = ["greedy"] * game.players
    bots = make_bots(game, seats, 0)
    match: Match[Any, Any, Any] = Match(game, 0, seats)
    while match.to_act():
        seat = match.to_act()[0]
        legal = match.legal_actions(seat)
        if game.search_plans(match.state, seat, legal):
            return game, match.state, seat, legal
        match.play(bots[seat].choose(match.view(seat), legal))
    raise AssertionError("no decision with plans")


def test_a_games_plans_are_root_choices_widened_first() -> None:
    game, state, seat, legal = _planned_decision()
    plans = [tuple(p) for p in game.search_plans(state, seat, legal)]
    search = Search(
        game,
        seat,
        game.observe(state, seat),
        legal,
        SeededRng(3),
        policy=game.rollout_policy(),
        depth=game.search_depth(),
    )
    search.run(iterations=1)
    assert [plan.steps for plan in search.plans] == plans
    assert all(isinstance(plan, Plan) and plan.seat == seat for plan in search.plans)
    root = search.root
    actions = search.root_actions
    assert actions is not None and all(plan in actions for plan in search.plans)
    widened = []
    for _ in plans:
        action = search._widen(root, actions, SeededRng(1), state, seat, legal)
        root.children[action] = Node(action, seat)
        widened.append(action)
    assert widened == search.plans
    full = Search(
        game, seat, game.observe(state, seat), legal, SeededRng(3), policy=game.rollout_policy()
    )
    full.run(iterations=40)
    assert all(full.root.children[plan].visits for plan in full.plans)


def test_a_plan_is_valued_after_its_steps_and_the_other_seats_policy_answers() -> None:
    """Applying a plan (a deal) leaves the seat to act again, the deal answered by its partner
    playing the policy."""
    game, state, seat, legal = _planned_decision()
    search = Search(
        game, seat, game.observe(state, seat), legal, SeededRng(3), policy=game.rollout_policy()
    )
    search.run(iterations=1)
    for plan in search.plans:
        after = search._apply_plan(state, plan, SeededRng(1))
        assert game.to_act(after)[0] == seat
        assert type(after.table.stack[-1]).__name__ != "Deal"
        assert after.table.dealt >> seat & 1


def test_the_bot_plays_a_chosen_plan_out_without_searching_again(monkeypatch: Any) -> None:
    game, state, seat, legal = _planned_decision()
    plan = Plan(seat, tuple(game.search_plans(state, seat, legal)[0]))
    monkeypatch.setattr(Search, "best", lambda self: plan)
    bot = make_bot("ismcts:iterations=5", game, seat, SeededRng(1))
    assert isinstance(bot, IsmctsBot)
    played = []
    for _ in plan.steps:
        assert game.to_act(state)[0] == seat
        action = bot.choose(game.observe(state, seat), game.legal_actions(state, seat))
        searched = bot.last
        played.append(action)
        state = game.transition(state, action, SeededRng(0))
        assert bot.last is searched
    assert tuple(played) == plan.steps and bot.pending == ()


def test_a_plan_that_no_longer_fits_is_given_up_for_a_search() -> None:
    game, state, seat, legal = _planned_decision()
    bot = make_bot("ismcts:iterations=5", game, seat, SeededRng(1))
    assert isinstance(bot, IsmctsBot)
    bot.pending = (Pick(seat, 99),)
    action = bot.choose(game.observe(state, seat), legal)
    assert bot.last is not None and bot.last.iterations == 5  # searched afresh
    assert is_legal(legal, action)


def test_told_plans_off_or_in_a_game_without_them_the_search_has_none() -> None:
    game, state, seat, legal = _planned_decision()
    view = game.observe(state, seat)
    off = make_bot("ismcts:iterations=5:plans=off", game, seat, SeededRng(1))
    on = make_bot("ismcts:iterations=5", game, seat, SeededRng(1))
    assert isinstance(off, IsmctsBot) and isinstance(on, IsmctsBot)
    off.choose(view, legal)
    on.choose(view, legal)
    assert off.last is not None and off.last.plans == []
    assert on.last is not None and on.last.plans
    city, city_state, city_seat = decision("my-city", skip=8)
    bot = make_bot("ismcts:iterations=5", city, city_seat, SeededRng(1))
    assert isinstance(bot, IsmctsBot)
    bot.choose(city.observe(city_state, city_seat), city.legal_actions(city_state, city_seat))
    assert bot.last is not None and bot.last.plans == []
    with pytest.raises(UnknownBotError, match="plans is on or off"):
        make_bot("ismcts:plans=some", game, 0, SeededRng(1))


def test_esport_monopolys_policy_offers_its_deal_again_in_every_iteration() -> None:
    """A greedy bot does not repeat a refused offer for a while; the policy's bots start afresh
    with each iteration's rng, so an offer made in one iteration is made again in the next
    rather than silenced for every iteration reaching that turn."""
    game = make("esport-monopoly")
    seats = ["greedy"] * game.players
    bots = make_bots(game, seats, 0)
    match: Match[Any, Any, Any] = Match(game, 0, seats)
    checked = 0
    while match.to_act() and checked < 3:
        seat = match.to_act()[0]
        legal = match.legal_actions(seat)
        action = bots[seat].choose(match.view(seat), legal)
        if type(match.state.table.stack[-1]).__name__ == "Window" and type(action).__name__ == (
            "OpenManage"
        ):
            policy = game.rollout_policy()
            assert policy is not None
            first = policy(match.state, seat, legal, SeededRng(1))
            assert policy(match.state, seat, legal, SeededRng(2)) == first == action
            checked += 1
        match.play(action)
    assert checked == 3
