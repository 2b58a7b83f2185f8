"""``ismcts``: information-set Monte Carlo tree search, for every game, from a seat's view alone.

The bot is handed what any bot is handed, its seat's view and legal choices, never a state. Each
iteration of the search draws a *determinisation*, a full state consistent with the view
(``game.sample_state(view, rng)``: other hands, deck orders, hidden cash and another seat's sealed
commit drawn, never read), and walks one tree shared by every determinisation (single-observer
ISMCTS, Cowling, Powley and Whitehouse 2012):

- **selection** among the children whose actions are legal *in this determinisation*, by UCB1
  with availability counts (a child's exploration term counts the visits in which it could have
  been chosen, not the parent's visits); where states recur (deterministic play, see below)
  the children's mean rewards are stretched to the spread between the lowest and the highest
  of them (at least :data:`NORM_FLOOR`): a long game's evaluations are small shares close
  together, which exploration would otherwise swamp, and without chance their differences are
  the moves' own (with chance they are mostly noise, and are left as they are);
- **expansion** of one untried action: the policy's move first, then the next in the game's
  ranking (``Game.rank_actions``) where it offers one, else one drawn at random;
- **plans**: where the game offers whole plans of the seat's own steps at the root decision
  (``Game.search_plans``: a deal written item by item), each is one more root choice, tried
  first after the policy's move; its child takes every step, then the other seats' policy moves
  up to the seat's own next choice (their answers to it), and a plan chosen is played out step
  by step without searching again;
- **rollout** by random play or by the game's fast policy (``Game.rollout_policy``), up to a depth
  after which the game's evaluation (``Game.evaluate``) scores the position, or to the end;
- **backup** of one reward per seat: each node keeps the reward of the seat whose move led to it,
  so every seat, the opponents included, is modelled as playing for itself.

The policy's move in a state is remembered for the search while states recur (deterministic
games, where rollouts walk on from where earlier ones went), and the memory is given up where
they do not.

Chance happens inside ``transition`` with the rng the search passes: every iteration has its own
rng, forked from the bot's, so a search with the same seed and iteration budget repeats exactly.

Amount ranges are discretised: a range of at most :data:`ALL_AMOUNTS` amounts is taken whole,
a wider one as :data:`SPREAD` evenly spread amounts from its low to its high end, plus, where the
game has a rollout policy, the amount that policy picks in the position at hand.

Rewards: a finished game gives seat ``s`` ``0.8 * win + 0.2 * (n - rank) / (n - 1)``, where
``win`` is 1 shared among tied winners; an evaluation gives the game's own estimate in ``[0, 1]``.

Parameters: ``iterations`` (default 200), ``seconds`` (a time budget per decision instead; with
``iterations`` given too, the search runs for that long and at least that many iterations),
``c`` (exploration constant, default 0.7), ``depth`` (rollout steps before evaluation; default
the game's ``search_depth``), ``rollout`` (``policy`` (default: the game's policy where it has
one) or ``random``), ``pool`` (0, the default: every iteration draws fresh randomness; ``k``:
the iterations take ``k`` seeds in turn, common random numbers), ``stretch`` (``recur``, the
default: rewards stretched only where states recur; ``always``), ``opponents`` (``search``, the
default: every seat's moves are searched, each seat playing for itself; ``policy``: the other
seats play the policy's move in the tree too, so that only the bot's own choices branch: a
model of opponents that play like the policy), ``memory`` (``auto``, ``keep`` or ``off``: when
the policy's moves are remembered and rewards stretched; default the game's
``search_memory()``), ``plans`` (``on``, the default: the game's whole plans
(``Game.search_plans``, e.g. a deal written item by item) are root choices of their own, valued
with the other seats answering by the policy, and a plan chosen is played out step by step;
``off``), ``seed``.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tycoon.core.actions import (
    Action,
    AmountRange,
    count_actions,
    is_action_set,
    is_legal,
    sample_choice,
)
from tycoon.core.errors import UnknownBotError
from tycoon.core.game import Game, Outcome
from tycoon.core.players import Bot, register_bot
from tycoon.core.rng import Rng, SeededRng

ALL_AMOUNTS = 7
SPREAD = 5
DEFAULT_ITERATIONS = 200
DEFAULT_C = 0.7
DEFAULT_POOL = 0  # iterations drawing fresh randomness each (0), or k seeds taken in turn
WIN_WEIGHT = 0.8
WIDEN = 1.0
PRIOR_BONUS = 0.5
PRIOR_SHARE = 0.15
PRIOR_SHARE_RECUR = 0.1  # ... where states recur and rewards are stretched (less noise)
NORM_FLOOR = 0.01  # the narrowest spread of mean rewards that normalisation stretches to 1
MEMO_TRIAL = 400  # policy look-ups before a search judges whether states recur
MEMO_RATE = 5  # ... and keeps its memory if at least one in this many was a hit

PLAN_WALK = 200  # at most this many policy moves of other seats walked through after a plan

Policy = Callable[[Any, int, Sequence[Any], Rng], Action]


@dataclass(frozen=True, slots=True)
class Plan:
    """A whole plan of one seat's actions (``Game.search_plans``), searched as one choice: its
    steps are taken one after another, and the other seats' answers are their policy's. (Not an
    :class:`Action`: this module stays interpreted where the core is compiled, and an
    interpreted class cannot derive from a compiled one.)"""

    seat: int
    steps: tuple[Action, ...]


Choice = Action | Plan  # a root choice: one action or a whole plan


def spread_amounts(choice: AmountRange[Any]) -> list[int]:
    """The amounts of ``choice`` a search considers: all of a short range, else ``SPREAD``
    evenly spread amounts including both ends."""
    count = len(choice)
    if count <= ALL_AMOUNTS:
        return list(choice.amounts())
    picks: list[int] = []
    for i in range(SPREAD):
        amount = choice.low + choice.step * round(i * (count - 1) / (SPREAD - 1))
        if amount not in picks:
            picks.append(amount)
    return picks


def candidates(legal: Sequence[Any], suggestion: Action | None = None) -> Sequence[Action]:
    """Concrete actions standing for ``legal``: actions as they are, ranges discretised, and
    ``suggestion`` (a policy's pick) added when a range holds it. A lazy set of concrete
    actions (an :class:`ActionSet` with ``concrete``, e.g. a thousand placements) is kept as
    it is, never listed."""
    if is_action_set(legal) and legal.concrete:
        return legal
    result: list[Action] = []
    for choice in legal:
        if isinstance(choice, AmountRange):
            result.extend(choice.action(amount) for amount in spread_amounts(choice))
            if suggestion is not None and choice.contains(suggestion) and suggestion not in result:
                result.append(suggestion)
        else:
            result.append(choice)
    return result


def outcome_rewards(outcome: Outcome, players: int) -> list[float]:
    """Each seat's reward for a finished game: mostly winning (shared by tied winners), a
    little for a better rank."""
    winners = [s for s, rank in enumerate(outcome.ranks) if rank == 1]
    share = 1.0 / len(winners) if winners else 0.0
    spread = max(players - 1, 1)
    return [
        WIN_WEIGHT * (share if outcome.ranks[s] == 1 else 0.0)
        + (1 - WIN_WEIGHT) * (players - outcome.ranks[s]) / spread
        for s in range(players)
    ]


class Node:
    """A tree node: reached by ``action`` of ``seat`` (the root by none), with that seat's total
    reward, its visits, and how often it was available when its parent was visited."""

    __slots__ = ("action", "available", "children", "ranked", "reward", "seat", "visits")

    def __init__(self, action: Choice | None, seat: int) -> None:
        self.action = action
        self.seat = seat
        self.children: dict[Choice, Node] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0
        self.ranked: list[Action] | None = None  # the game's ranking, asked once when widening


class Search:
    """One search from one view: ``run`` builds the tree, ``best`` reads the choice."""

    def __init__(
        self,
        game: Game[Any, Any, Any],
        seat: int,
        view: Any,
        legal: Sequence[Any],
        rng: SeededRng,
        c: float = DEFAULT_C,
        depth: int = 0,
        policy: Policy | None = None,
        policy_rollouts: bool = True,
        normalise: bool = True,
        pool: int = 0,
        stretch_always: bool = False,
        opponents_policy: bool = False,
        memory: str = "auto",
        plans: bool = True,
    ) -> None:
        self.game = game
        self.use_plans = plans
        self.plans: list[Plan] = []
        # The other seats play the policy's move in the tree (no branching on their choices).
        self.opponents_policy = opponents_policy and policy is not None
        self.seat = seat
        self.view = view
        self.rng = rng
        self.c = c
        self.normalise = normalise
        self.pool = pool
        self.stretch_always = stretch_always
        self.streams: list[int] = []  # the seeds of the pooled iterations' rngs
        self.depth = depth
        self.policy = policy
        self.rollout_policy = policy if policy_rollouts else None
        self.players = game.players
        self.root = Node(None, seat)
        self.root_legal = legal
        self.root_actions: Sequence[Choice] | None = None
        self.root_prior: Action | None = None
        self.iterations = 0
        self.memo: dict[tuple[Any, int], Action] | None = {} if memory != "off" else None
        # "keep": the memory is given up only if none of the first look-ups found its state.
        self.memo_keep = memory == "keep"
        self.lookups = 0
        self.hits = 0
        # The game's ranking of moves, for widening (only asked when there is a policy).
        self.rank: Callable[[Any, int, Sequence[Any]], Sequence[Action] | None] | None = (
            game.rank_actions if policy is not None else None
        )

    # -- the loop -----------------------------------------------------------------------------
    def run(self, iterations: int = 0, seconds: float = 0.0) -> None:
        """Iterate ``iterations`` times; with ``seconds`` too, for that long and at least
        ``iterations`` times (at least once)."""
        if seconds > 0:
            deadline = time.perf_counter() + seconds
            done = 0
            while True:
                self.iterate(self._iteration_rng())
                done += 1
                if done >= iterations and time.perf_counter() >= deadline:
                    return
        for _ in range(iterations):
            self.iterate(self._iteration_rng())

    def _iteration_rng(self) -> Rng:
        """The next iteration's rng: a fresh fork of the search's, or with a ``pool`` of ``k``
        the ``k`` forks' seeds taken in turn (common random numbers: the moves compared at a
        node meet the same determinisations and, as far as play keeps in step, the same
        chance, so that their difference is less the luck of the draw)."""
        if not self.pool:
            return self.rng.fork()
        index = self.iterations % self.pool
        if index == len(self.streams):
            self.streams.append(self.rng.fork().seed)
        return SeededRng(self.streams[index])

    def iterate(self, rng: Rng) -> None:
        game = self.game
        state = game.sample_state(self.view, rng)
        suggestion = self._suggest(state, self.seat, self.root_legal, rng)
        if self.root_actions is None:
            self.root_actions = candidates(self.root_legal, suggestion)
            self.root_prior = suggestion
            if self.use_plans and not is_action_set(self.root_actions):
                self._add_plans(state)
        node = self.root
        path = [node]
        actions = self.root_actions
        legal = self.root_legal
        seat = self.seat
        walked = 0  # new nodes walked through on other seats' policy moves
        while True:
            followed = self.opponents_policy and seat != self.seat and suggestion is not None
            if followed:
                assert suggestion is not None
                child = self._follow(node, suggestion)
            else:
                child = self._select(node, actions, suggestion, rng, state, seat, legal)
            if type(child.action) is Plan:
                state = self._apply_plan(state, child.action, rng)
            else:
                state = game.transition(state, child.action, rng)
            path.append(child)
            if child.visits == 0:
                # Expanded: roll out; a move followed is not a choice, and is walked through
                # (as far as a rollout would go) to the bot's own next choice.
                walked += 1
                if not followed or (self.depth and walked >= self.depth):
                    break
            node = child
            to_act = game.to_act(state)
            if not to_act:
                break
            seat = to_act[0]
            legal = game.legal_actions(state, seat)
            suggestion = self._suggest(state, seat, legal, rng)
            actions = candidates(legal, suggestion)
            if not actions:
                break
        rewards = self._rollout(state, rng)
        for visited in path:
            visited.visits += 1
            visited.reward += rewards[visited.seat]
        self.iterations += 1

    def _select(
        self,
        node: Node,
        actions: Sequence[Choice],
        suggestion: Action | None,
        rng: Rng,
        state: Any = None,
        seat: int = 0,
        legal: Sequence[Any] = (),
    ) -> Node:
        """The child to follow: a new one while the node may widen (the policy's pick first,
        then the game's ranking, then at random), else the best tried one by UCB1 over
        availability; every available child's availability is counted.

        Without a policy every action is tried once before any is tried again; with one, a
        node visited ``v`` times has at most ``1 + WIDEN * sqrt(v)`` children (progressive
        widening), so a small budget is spent refining the policy's move and a few rivals:
        the next ones in the game's ranking (``Game.rank_actions``, asked once a node, in the
        determinisation at hand) where it offers one, else drawn at random."""
        children = node.children
        if is_action_set(actions):  # many actions, few children: test each child
            tried = [child for action, child in children.items() if action in actions]
        else:
            tried = [children[a] for a in actions if a in children]
        for child in tried:
            child.available += 1
        if len(tried) < len(actions) and (
            suggestion is None or len(tried) < 1 + WIDEN * math.sqrt(node.visits)
        ):
            action: Choice
            if suggestion is not None and suggestion not in children and suggestion in actions:
                action = suggestion
            else:
                action = self._widen(node, actions, rng, state, seat, legal)
            child = Node(action, action.seat)
            child.available = 1
            children[action] = child
            return child
        best = tried[0]
        best_score = -math.inf
        c = self.c
        means = [child.reward / child.visits for child in tried]
        low = min(means)
        scale = 1.0
        if self.normalise and (self.memo is not None or self.stretch_always):
            # Only where states recur (no chance, nothing hidden): a difference between means
            # there is the moves', where chance plays it is mostly noise, not to be stretched.
            scale = 1.0 / max(max(means) - low, NORM_FLOOR)
        for child, mean in zip(tried, means, strict=True):
            score = (mean - low) * scale + c * math.sqrt(math.log(child.available) / child.visits)
            if child.action == suggestion:
                score += PRIOR_BONUS / (child.visits + 1)
            if score > best_score:
                best, best_score = child, score
        return best

    def _add_plans(self, state: Any) -> None:
        """The game's whole plans for the root decision (of two steps or more, starting with
        a legal choice), each a root choice of its own, widened first after the policy's."""
        assert self.root_actions is not None
        actions = list(self.root_actions)
        for steps in self.game.search_plans(state, self.seat, self.root_legal):
            if len(steps) < 2 or not is_legal(self.root_legal, steps[0]):
                continue
            plan = Plan(self.seat, tuple(steps))
            if plan not in self.plans:
                self.plans.append(plan)
                actions.append(plan)
        self.root_actions = actions

    def _apply_plan(self, state: Any, plan: Plan, rng: Rng) -> Any:
        """``state`` after ``plan``'s steps, then the other seats' policy moves (their answers
        to it) up to the seat's own next choice."""
        game = self.game
        for step in plan.steps:
            state = game.transition(state, step, rng)
        policy = self.policy
        if policy is None:
            return state
        for _ in range(PLAN_WALK):
            to_act = game.to_act(state)
            if not to_act or to_act[0] == self.seat:
                break
            mover = to_act[0]
            legal = game.legal_actions(state, mover)
            state = game.transition(state, self._play(policy, state, mover, legal, rng), rng)
        return state

    def _follow(self, node: Node, action: Action) -> Node:
        """The child for ``action``, made if new: another seat playing the policy's move."""
        child = node.children.get(action)
        if child is None:
            child = node.children[action] = Node(action, action.seat)
        child.available += 1
        return child

    def _widen(
        self,
        node: Node,
        actions: Sequence[Choice],
        rng: Rng,
        state: Any,
        seat: int,
        legal: Sequence[Any],
    ) -> Choice:
        """An untried action of ``actions``: the best ranked by the game, else one at random."""
        children = node.children
        if node is self.root:
            for plan in self.plans:
                if plan not in children:
                    return plan
        if self.rank is not None and state is not None:
            if node.ranked is None:
                node.ranked = list(self.rank(state, seat, legal) or ())
            if node.ranked:
                allowed = actions if is_action_set(actions) else set(actions)
                for action in node.ranked:
                    if action not in children and action in allowed:
                        return action
        count = len(actions)
        if is_action_set(actions) and 2 * len(children) < count:
            while True:  # most are untried: draw until one is
                drawn: Action = actions[rng.below(count)]
                if drawn not in children:
                    return drawn
        untried = [a for a in actions if a not in children]
        return untried[rng.below(len(untried))]

    def _suggest(self, state: Any, seat: int, legal: Sequence[Any], rng: Rng) -> Action | None:
        """The policy's pick (a prior for widening, and an amount to search within a range)."""
        if self.policy is None:
            return None
        return self._play(self.policy, state, seat, legal, rng)

    def _play(
        self, policy: Policy, state: Any, seat: int, legal: Sequence[Any], rng: Rng
    ) -> Action:
        """The policy's move in ``state``, remembered for the search while states recur.

        Where play is deterministic (no chance after the deal, nothing hidden, as in My City)
        the same states come back in iteration after iteration (a leaf's rollout walks on from
        where its parent's did), and the policy's move in a state is looked up rather than
        worked out again: the policy then breaks its ties once per state. Where states seldom
        recur the memory is given up after :data:`MEMO_TRIAL` look-ups, costing nothing more."""
        memo = self.memo
        if memo is None:
            return policy(state, seat, legal, rng)
        try:
            key = (state, seat)
            action = memo.get(key)
        except TypeError:  # an unhashable state: no memory
            self.memo = None
            return policy(state, seat, legal, rng)
        self.lookups += 1
        if action is not None:
            self.hits += 1
            return action
        if self.lookups >= MEMO_TRIAL and (
            self.hits == 0 if self.memo_keep else self.hits * MEMO_RATE < self.lookups
        ):
            self.memo = None
        action = policy(state, seat, legal, rng)
        if self.memo is not None:
            memo[key] = action
        return action

    def _rollout(self, state: Any, rng: Rng) -> list[float]:
        game = self.game
        policy = self.rollout_policy
        depth = self.depth
        steps = 0
        while True:
            to_act = game.to_act(state)
            if not to_act:
                outcome = game.outcome(state)
                assert outcome is not None
                return outcome_rewards(outcome, self.players)
            if depth and steps >= depth:
                values = game.evaluate(state)
                if values is not None:
                    return list(values)
                return [1.0 / self.players] * self.players
            seat = to_act[0]
            legal = game.legal_actions(state, seat)
            if policy is not None:
                action = self._play(policy, state, seat, legal, rng)
            else:
                action = sample_choice(legal, rng)
            state = game.transition(state, action, rng)
            steps += 1

    # -- the answer ---------------------------------------------------------------------------
    def best(self) -> Choice:
        """The most visited root action (ties: the higher mean reward, then the first); the
        policy's own move counts ``PRIOR_SHARE`` of the iterations more (``PRIOR_SHARE_RECUR``
        where states recur), so that the search
        departs from it only on some evidence."""
        best: Node | None = None
        best_key = (-math.inf, -math.inf)
        share = PRIOR_SHARE_RECUR if self.memo is not None else PRIOR_SHARE
        bonus = share * self.iterations
        for child in self.root.children.values():
            visits = child.visits + (bonus if child.action == self.root_prior else 0.0)
            key = (visits, child.reward / child.visits if child.visits else 0.0)
            if best is None or key > best_key:
                best, best_key = child, key
        if best is None or best.action is None:
            raise UnknownBotError("the search ran no iteration")
        return best.action

    def statistics(self) -> list[tuple[Choice, int, float]]:
        """Each root action with its visits and mean reward, most visited first."""
        rows = [
            (child.action, child.visits, child.reward / child.visits if child.visits else 0.0)
            for child in self.root.children.values()
            if child.action is not None
        ]
        rows.sort(key=lambda row: -row[1])
        return rows


class IsmctsBot(Bot):
    """The search as a seat: parameters parsed once, one search per decision."""

    def __init__(
        self, game: Game[Any, Any, Any], seat: int, rng: Rng, params: Mapping[str, str]
    ) -> None:
        super().__init__(game, seat, rng, params)
        self.iterations = int(self.float_param("iterations", DEFAULT_ITERATIONS, 1, 10_000_000))
        self.seconds = self.float_param("seconds", 0.0, 0.0, 3600.0)
        if self.seconds > 0 and "iterations" not in self.params:
            self.iterations = 0  # a time budget alone: as many iterations as it allows
        self.c = self.float_param("c", DEFAULT_C, 0.0, 100.0)
        default_depth = game.search_depth()
        self.depth = int(self.float_param("depth", default_depth, 0, 1_000_000))
        rollout = self.params.get("rollout", "policy")
        if rollout not in ("policy", "random"):
            raise UnknownBotError(f"bot parameter rollout is policy or random, not {rollout!r}")
        self.use_policy = rollout == "policy"
        self.pool = int(self.float_param("pool", DEFAULT_POOL, 0, 1_000_000))
        stretch = self.params.get("stretch", "recur")
        if stretch not in ("recur", "always"):
            raise UnknownBotError(f"bot parameter stretch is recur or always, not {stretch!r}")
        self.stretch_always = stretch == "always"
        opponents = self.params.get("opponents", "search")
        if opponents not in ("search", "policy"):
            reason = f"bot parameter opponents is search or policy, not {opponents!r}"
            raise UnknownBotError(reason)
        self.opponents_policy = opponents == "policy"
        memory = self.params.get("memory", game.search_memory())
        if memory not in ("auto", "keep", "off"):
            raise UnknownBotError(f"bot parameter memory is auto, keep or off, not {memory!r}")
        self.memory = memory
        plans = self.params.get("plans", "on")
        if plans not in ("on", "off"):
            raise UnknownBotError(f"bot parameter plans is on or off, not {plans!r}")
        self.use_plans = plans == "on"
        self.pending: tuple[Action, ...] = ()  # the rest of the plan chosen, to play out
        self.chosen: Choice | None = None  # the last search's choice (a plan or a move)
        seed = self.params.get("seed")
        if seed is not None:
            try:
                self.rng = SeededRng(int(seed))
            except ValueError:
                reason = f"bot parameter seed takes a whole number, not {seed!r}"
                raise UnknownBotError(reason) from None
        self.search_rng = SeededRng(self.rng.below(1 << 62))
        self.last: Search | None = None

    def choose(self, view: Any, legal: Sequence[Any]) -> Action:
        if self.pending:
            step, self.pending = self.pending[0], self.pending[1:]
            if is_legal(legal, step):
                return step
            self.pending = ()  # the plan no longer fits: search afresh
        if (len(legal) if is_action_set(legal) and legal.concrete else count_actions(legal)) == 1:
            return sample_choice(legal, self.search_rng)
        policy = self.game.rollout_policy()
        search = Search(
            self.game,
            self.seat,
            view,
            legal,
            self.search_rng.fork(),
            c=self.c,
            depth=self.depth,
            policy=policy,
            policy_rollouts=self.use_policy,
            pool=self.pool,
            stretch_always=self.stretch_always,
            opponents_policy=self.opponents_policy,
            memory=self.memory,
            plans=self.use_plans,
        )
        search.run(iterations=self.iterations, seconds=self.seconds)
        self.last = search
        choice = self.chosen = search.best()
        if isinstance(choice, Plan):
            self.pending = choice.steps[1:]
            return choice.steps[0]
        return choice


PARAMS = (
    "iterations",
    "seconds",
    "c",
    "depth",
    "rollout",
    "pool",
    "stretch",
    "opponents",
    "memory",
    "plans",
    "seed",
)

# Difficulty presets a player understands, each the search at a budget.
PRESETS: dict[str, tuple[str, dict[str, str]]] = {
    "easy": ("the search at 50 iterations a move (quick, beatable)", {"iterations": "50"}),
    "normal": ("the search at 200 iterations a move", {"iterations": "200"}),
    "hard": (
        "the search for about one second a move, and never fewer iterations than normal",
        {"seconds": "1", "iterations": str(DEFAULT_ITERATIONS)},
    ),
}


def preset_factory(defaults: dict[str, str]) -> Callable[..., Bot]:
    def factory(game: Game[Any, Any, Any], seat: int, rng: Rng, params: Any) -> Bot:
        merged = dict(defaults)
        merged.update(params)
        if "seconds" in params and "iterations" not in params:
            merged.pop("iterations", None)
        if "iterations" in params and "seconds" not in params:
            merged.pop("seconds", None)
        return IsmctsBot(game, seat, rng, merged)

    return factory


def register() -> None:
    """The seat code ``ismcts`` and the presets ``easy``, ``normal``, ``hard``, for every game."""
    register_bot(
        "ismcts",
        IsmctsBot,
        "information-set Monte Carlo tree search from its own view "
        f"({DEFAULT_ITERATIONS} iterations a move unless told)",
        params=PARAMS,
        rank=50,
    )
    for rank, (name, (summary, defaults)) in enumerate(PRESETS.items(), start=2):
        register_bot(name, preset_factory(defaults), summary, params=PARAMS, rank=10 * rank)
