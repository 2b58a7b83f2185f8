"""The RL adapters over every registered game and player count (a game is covered by being
registered): PettingZoo's and Gymnasium's own API checks, seeds, masks, hidden information."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test, seed_test

from tycoon import rl
from tycoon.core import (
    AmountRange,
    IllegalActionError,
    Information,
    SeededRng,
    TycoonError,
    game_specs,
    is_legal,
    make,
    sample_choice,
)
from tycoon.core.encoding import bucket_amount
from tycoon.core.text import plain
from tycoon.rl.core import Table

GAME_NAMES = [spec.name for spec in game_specs()]
DOCS = Path(__file__).parents[2] / "docs" / "rl.md"


def cases() -> list[Any]:
    return [
        pytest.param(spec.name, players, id=f"{spec.name}-{players}p")
        for spec in game_specs()
        for players in range(spec.min_players, spec.max_players + 1)
    ]


def masked_choice(observation: dict[str, np.ndarray], rng: np.random.Generator) -> int:
    return int(rng.choice(np.flatnonzero(observation["action_mask"])))


@pytest.mark.parametrize(("name", "players"), cases())
def test_pettingzoo_aec_api(name: str, players: int) -> None:
    api_test(rl.env(name, players), num_cycles=150)


@pytest.mark.parametrize(("name", "players"), cases())
def test_pettingzoo_parallel_api(name: str, players: int) -> None:
    parallel_api_test(rl.parallel_env(name, players), num_cycles=150)


@pytest.mark.parametrize(("name", "players"), cases())
def test_pettingzoo_seed(name: str, players: int) -> None:
    seed_test(lambda: rl.env(name, players), num_cycles=60)


@pytest.mark.parametrize(("name", "players"), cases())
def test_gymnasium_check_env(name: str, players: int) -> None:
    # check_env steps with actions sampled without the mask: an illegal one ends the episode.
    env = rl.gym_env(name, players=players, opponents="random", illegal="end")
    check_env(env, skip_render_check=False)


@pytest.mark.parametrize(("name", "players"), cases())
def test_masks_and_hidden_information(name: str, players: int) -> None:
    """Along a random game: every legal id stands for a legal action, every kind of legal choice
    has an id, a seat with nothing to decide may only wait, memoised parts of an observation
    match a fresh encoding, and an observation is unchanged when what the seat may not see
    changes (a state sampled from its view)."""
    game = make(name, players)
    table = Table(game)
    table.reset(3)
    rng = SeededRng(4)
    hidden_differs = False
    for step in range(120):
        to_act = table.to_act()
        if not to_act:
            break
        for seat in range(players):
            legal = game.legal_actions(table.state, seat)
            ids = table.legal_ids(seat)
            mask = table.mask(seat)
            if seat not in to_act:
                assert mask.tolist() == [0] * table.wait + [1]
                continue
            assert mask[table.wait] == 0
            assert set(np.flatnonzero(mask)) == set(ids)
            for action_id, action in ids.items():
                assert is_legal(legal, action), f"id {action_id} stands for an illegal {action}"
            kinds = {type(c.template if isinstance(c, AmountRange) else c) for c in legal}
            reached = {type(action) for action in ids.values()}
            assert kinds <= reached, f"no id reaches {kinds - reached}"
            if step % 5 == 0:
                observation = table.observation(seat)
                # Parts reused from earlier steps give what a fresh encoding computes.
                fresh = game.encoding().features(game.observe(table.state, seat))
                assert observation["observation"].tolist() == [float(v) for v in fresh]
                state = table.state
                other = game.sample_state(game.observe(state, seat), SeededRng(step))
                hidden_differs |= other != state
                table.state = other
                try:
                    assert np.array_equal(
                        table.observation(seat)["observation"], observation["observation"]
                    )
                finally:
                    table.state = state
        seat = to_act[0]
        table.play(sample_choice(game.legal_actions(table.state, seat), rng))
    if game.spec.information is Information.IMPERFECT:
        assert hidden_differs, "no sampled state differed: the hidden-data check proved nothing"


@pytest.mark.parametrize("name", GAME_NAMES)
def test_reset_with_a_seed_reproduces_the_game(name: str) -> None:
    def play(seed: int) -> list[Any]:
        env = rl.env(name)
        env.reset(seed=seed)
        rng = np.random.default_rng(0)
        seen = []
        for _ in range(60):
            observation, reward, terminated, _, _ = env.last()
            seen.append((observation["observation"].tolist(), reward))
            if terminated:
                break
            env.step(masked_choice(observation, rng))
        return seen

    assert play(11) == play(11)
    assert play(11) != play(12)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_an_illegal_id_is_refused_and_changes_nothing(name: str) -> None:
    env = rl.env(name)
    env.reset(seed=1)
    observation, *_ = env.last()
    state = env.table.state
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError, match="cannot"):
        env.step(illegal)
    with pytest.raises(IllegalActionError, match="outside"):
        env.step(10**9)
    assert env.table.state is state


@pytest.mark.parametrize("name", GAME_NAMES)
def test_render_shows_the_agents_view_as_plain_text(name: str) -> None:
    env = rl.env(name, render_mode="ansi")
    env.reset(seed=2)
    seat = int(env.agent_selection.removeprefix("seat_"))
    game = env.table.game
    text = env.render()
    assert text == plain(game.render_text(game.observe(env.table.state, seat)))
    assert text and "[/" not in text


@pytest.mark.parametrize(
    "name", [n for n in GAME_NAMES if type(make(n)).__module__.startswith("tycoon.games.")]
)
def test_every_slice_and_action_kind_is_documented(name: str) -> None:
    docs = DOCS.read_text()
    section = docs.split(f"## {make(name).spec.title}", 1)
    assert len(section) == 2, f"docs/rl.md has no section for {name}"
    text = section[1].split("\n## ", 1)[0]
    encoding = make(name).encoding()
    for part in encoding.slices:
        assert f"`{part.name}`" in text, f"slice {part.name!r} is not documented"
    for kind in encoding.kinds:
        assert f"`{kind.action.__name__}`" in text, f"{kind.action.__name__} is not documented"


def test_game_over_rewards_by_rank_score_or_win() -> None:
    def final(reward: str) -> dict[str, float]:
        env = rl.env("my-city", 3, reward=reward)
        env.reset(seed=5)
        rng = np.random.default_rng(5)
        while True:
            observation, _, terminated, _, _ = env.last()
            if terminated:
                return dict(env._cumulative_rewards)
            env.step(masked_choice(observation, rng))

    ranks = final("rank")
    outcome = make("my-city", 3).outcome(_final_state(5))
    assert outcome is not None
    expected = {f"seat_{s}": 1.0 - (rank - 1) for s, rank in enumerate(outcome.ranks)}
    assert ranks == expected
    assert final("score") == {f"seat_{s}": v for s, v in enumerate(outcome.scores)}
    assert final("win") == {f"seat_{s}": float(r == 1) for s, r in enumerate(outcome.ranks)}
    with pytest.raises(TycoonError, match="unknown reward"):
        rl.env("my-city", reward="fame")


@pytest.mark.parametrize("name", [spec.name for spec in game_specs()])
def test_an_aec_step_asks_for_the_outcome_only_once_nobody_is_to_act(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The AEC step finds who acts next and, only when nobody is (the game is over), asks for
    the outcome: once a game, however long (an outcome may build its whole report)."""
    env = rl.env(name)
    game = env.table.game
    asked: list[int] = []
    outcome = game.outcome

    def counted(state: Any) -> Any:
        asked.append(1)
        return outcome(state)

    monkeypatch.setattr(game, "outcome", counted)
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    steps = 0
    while not env.terminations[env.agent_selection]:
        observation, *_ = env.last()
        env.step(masked_choice(observation, rng))
        steps += 1
    assert steps > 1 and len(asked) == 1
    assert all(env.terminations.values()) and len(env.rewards) == game.players


@pytest.mark.parametrize("name", GAME_NAMES)
def test_advance_plays_a_move_and_gives_the_seats_to_act_next(name: str) -> None:
    """``Table.advance`` (an AEC step's move) is ``play`` then ``to_act``: the same states, the
    same seats to act, the same count of moves, move after move of a random game."""
    game = make(name)
    table, other = Table(game), Table(make(name))
    table.reset(5)
    other.reset(5)
    rng = SeededRng(6)
    for _ in range(60):
        to_act = table.to_act()
        if not to_act:
            break
        action = sample_choice(game.legal_actions(table.state, to_act[0]), rng)
        other.play(action)
        assert table.advance(action) == other.to_act()
        assert table.state == other.state and table.steps == other.steps
        assert table.to_act() == other.to_act()


def _final_state(seed: int) -> Any:
    """The end of the game ``final`` above plays (same seed, same masked random choices)."""
    env = rl.env("my-city", 3)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    while not env.terminations[env.agent_selection]:
        observation, *_ = env.last()
        env.step(masked_choice(observation, rng))
    return env.table.state


@pytest.mark.parametrize("name", ["sealed-auction", "milton-keynes"])
def test_a_sealed_step_is_one_joint_parallel_step(name: str) -> None:
    """Every seat of a sealed step chooses in the same joint step; the step resolves at once."""
    env = rl.parallel_env(name)
    observations, _ = env.reset(seed=3)
    rng = np.random.default_rng(3)
    for _ in range(3000):
        to_act = env.table.to_act()
        if len(to_act) > 1:
            break
        actions = {agent: masked_choice(observations[agent], rng) for agent in env.agents}
        observations, *_ = env.step(actions)
    else:
        pytest.fail("no sealed step reached")
    assert all(observations[f"seat_{s}"]["action_mask"][env.table.wait] == 0 for s in to_act)
    actions = {agent: masked_choice(observations[agent], rng) for agent in env.agents}
    steps = env.table.steps
    env.step(actions)
    assert env.table.steps == steps + len(to_act)


def test_a_joint_action_without_every_seat_is_refused() -> None:
    env = rl.parallel_env("sealed-auction")
    env.reset(seed=1)
    with pytest.raises(IllegalActionError, match="no id for seat_1"):
        env.step({"seat_0": 0})
    assert env.table.steps == 0


def test_gym_opponents_are_bots_named_by_seat_codes() -> None:
    env = rl.gym_env("my-city", opponents="greedy,random")
    assert env.table.game.players == 3
    assert env.codes == ["greedy", "random"]
    with pytest.raises(TycoonError, match="opponent seat codes"):
        rl.gym_env("my-city", players=4, opponents="greedy,random")
    with pytest.raises(TycoonError, match="no bot"):
        rl.gym_env("my-city", opponents="genius")


def test_gym_episode_ends_with_the_learners_reward() -> None:
    env = rl.gym_env("my-city", opponents="random", players=2)
    observation, _ = env.reset(seed=8)
    rng = np.random.default_rng(8)
    terminated = False
    reward = 0.0
    while not terminated:
        assert np.array_equal(env.action_masks(), observation["action_mask"].astype(bool))
        observation, reward, terminated, _, info = env.step(masked_choice(observation, rng))
    rank = info["ranks"][0]
    assert reward == 1.0 - 2.0 * (rank - 1)


def test_amount_buckets_include_both_ends_of_the_range() -> None:
    from sealed_auction import Bid

    choice = AmountRange(Bid(0, 0), 3, 13)
    amounts = [bucket_amount(choice, b, 6) for b in range(6)]
    assert amounts == [3, 5, 7, 9, 11, 13]
    assert bucket_amount(AmountRange(Bid(0, 0), 0, 10, step=5), 1, 3) == 5
    assert bucket_amount(choice, 0, 1) == 3


def test_gym_illegal_id_raises_or_ends_the_episode_without_playing_it() -> None:
    strict = rl.gym_env("my-city", players=2)
    observation, _ = strict.reset(seed=4)
    state = strict.table.state
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError):
        strict.step(illegal)
    assert strict.table.state is state
    lenient = rl.gym_env("my-city", players=2, illegal="end", illegal_reward=-5.0)
    lenient.reset(seed=4)
    _, reward, terminated, _, info = lenient.step(illegal)
    assert (reward, terminated) == (-5.0, True) and "not legal" in info["illegal"]
    assert lenient.table.state == state
    with pytest.raises(IllegalActionError, match="reset"):
        lenient.step(illegal)


def variant_cases() -> list[Any]:
    """Every on/off option flipped and every other choice of a choice option, one at a time
    (the encoding is sized from the options: a bigger board, rezoning, slums...)."""
    result = []
    for spec in game_specs():
        for option in spec.options:
            if isinstance(option.default, bool):
                values: list[Any] = [not option.default]
            else:
                values = [c for c in option.choices if c != option.default]
            for value in values:
                result.append(
                    pytest.param(spec.name, {option.name: value}, id=f"{spec.name}-{option.name}")
                )
    return result


@pytest.mark.parametrize(("name", "options"), variant_cases())
def test_every_option_keeps_observations_and_masks_consistent(
    name: str, options: dict[str, Any]
) -> None:
    try:
        game = make(name, **options)
    except TycoonError:
        pytest.skip("an option that needs another")
    table = Table(game)
    table.reset(5)
    rng = SeededRng(6)
    for _ in range(50):
        to_act = table.to_act()
        if not to_act:
            break
        seat = to_act[0]
        legal = game.legal_actions(table.state, seat)
        assert table.observation(seat)["observation"].shape == (table.encoding.size,)
        ids = table.legal_ids(seat)
        assert all(is_legal(legal, action) for action in ids.values())
        kinds = {type(c.template if isinstance(c, AmountRange) else c) for c in legal}
        assert kinds <= {type(action) for action in ids.values()}
        table.play(sample_choice(legal, rng))


def test_a_game_without_an_encoding_is_refused_with_a_reason() -> None:
    from sealed_auction import SealedAuction

    unencoded = type("Unencoded", (SealedAuction,), {"encoding_type": None})
    with pytest.raises(TycoonError, match="offers no encoding"):
        unencoded().encoding()


@pytest.mark.parametrize("wrong", [1.0, 1.5, "1", np.float32(1), np.array([1]), [1]])
def test_an_action_that_is_not_an_integer_id_is_refused_and_changes_nothing(wrong) -> None:
    """Integer ids only, as Gymnasium's Discrete space holds them: a float (even a whole one), a
    string or a one-element array is refused, never rounded into some legal id."""
    env = rl.env("my-city", players=2)
    env.reset(seed=3)
    state = env.table.state
    with pytest.raises(IllegalActionError, match="integer id"):
        env.step(wrong)
    assert env.table.state is state
    gym = rl.gym_env("my-city", players=2)
    observation, _ = gym.reset(seed=3)
    with pytest.raises(IllegalActionError, match="integer id"):
        gym.step(wrong)
    legal = int(np.flatnonzero(observation["action_mask"])[0])
    for fine in (np.int64(legal), np.array(legal), legal):
        env.reset(seed=3)
        env.step(fine)  # type: ignore[arg-type]  # numpy ids, as learners pass them
        assert env.table.steps == 1
