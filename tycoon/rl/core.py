"""What every tycoon environment shares: one seeded game, the numpy spaces, masks and rewards.

A :class:`Table` holds the game, its encoding, the state and the seeded source of chance. It turns
a seat's view into the observation ``{"observation": float32[size], "action_mask": int8[n + 1]}``
and an action id back into the concrete legal action the encoding gives it. Id ``n`` (the last)
is *wait*: the only id a seat with nothing to decide may take (the Parallel API's no-op).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from tycoon.core import Action, Game, IllegalActionError, Outcome, SeededRng, TycoonError
from tycoon.core.encoding import Canvas, Encoding, LegalIds
from tycoon.core.text import plain

REWARDS = ("rank", "score", "win")
Observation = dict[str, np.ndarray]


def agent_name(seat: int) -> str:
    return f"seat_{seat}"


def env_name(game: Game[Any, Any, Any], layout: int) -> str:
    """The environments' name for ``game`` whose encoding is at ``layout``: the game, the
    version of its rules and the version of its encoding's layout
    (``tycoon_milton_keynes_v2_layout2``), so that a policy saved with the name is not run on
    other rules or another observation layout unawares."""
    name = game.spec.name.replace("-", "_")
    return f"tycoon_{name}_v{game.spec.version}_layout{layout}"


def final_rewards(outcome: Outcome, reward: str) -> list[float]:
    """Each seat's reward once the game is over.

    - ``rank``: +1 for first place, -1 for last, evenly between (tied seats share a rank, so
      they share a reward); with one seat, +1.
    - ``score``: the game's final score (prestige, money, ... as its outcome reports it).
    - ``win``: 1 for every seat ranked first, 0 for the others.
    """
    players = len(outcome.ranks)
    if reward == "rank":
        if players == 1:
            return [1.0]
        return [1.0 - 2.0 * (rank - 1) / (players - 1) for rank in outcome.ranks]
    if reward == "score":
        return [float(score) for score in outcome.scores]
    if reward == "win":
        return [1.0 if rank == 1 else 0.0 for rank in outcome.ranks]
    raise TycoonError(f"unknown reward {reward!r} (choose from {', '.join(REWARDS)})")


def check_reward(reward: str) -> str:
    if reward not in REWARDS:
        raise TycoonError(f"unknown reward {reward!r} (choose from {', '.join(REWARDS)})")
    return reward


class Table:
    """One game being played, seen seat by seat through the game's encoding.

    Nothing is computed for a seat until its observation, mask or legal ids are asked for (the
    AEC loop asks only for the seat to act), and what is computed is kept for the state it was
    computed from, seat by seat: asking again for the same state (``last()`` then
    ``action_masks()``, a repeated ``observe``) copies what was kept. A seat's observation is
    written into its persistent canvas (only the parts that changed since its last view); a
    mask is made from the legal ids into a new array handed out as it is (not kept, so not
    copied), and kept with the ids for a legal-choices tuple the game hands out again (a game's
    cached menu), so a seat offered the same menu gets it by one copy. Legal ids come from the
    encoding's ``rule_ids`` where it works a decision out from the rules, else from the game's
    list of choices (``legal_actions``, then the encoding's ``legal_ids``).
    """

    def __init__(self, game: Game[Any, Any, Any]) -> None:
        self.game = game
        self.encoding: Encoding[Any] = game.encoding()
        self.wait = self.encoding.actions
        # The encoding's ids straight from the rules, where it offers them (else the game's
        # list of choices is scanned).
        self._rule_ids = (
            self.encoding.rule_ids
            if type(self.encoding).rule_ids is not Encoding.rule_ids
            else None
        )
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    low=-np.inf, high=np.inf, shape=(self.encoding.size,), dtype=np.float32
                ),
                "action_mask": spaces.Box(
                    low=0, high=1, shape=(self.encoding.actions + 1,), dtype=np.int8
                ),
            }
        )
        self.action_space = spaces.Discrete(self.encoding.actions + 1)
        self.seed = 0
        self.rng = SeededRng(0)
        self.state: Any = None
        self.steps = 0
        # The state to_act was last asked of, and its answer.
        self._acting_state: Any = _NOTHING
        self._acting: tuple[int, ...] = ()
        # Per seat: the state its legal ids were made for, the ids and a mask kept for them
        # (only *wait*, or a menu's: kept private, the mask handed out is a copy) or None.
        self._legal: dict[int, tuple[Any, LegalIds, np.ndarray | None]] = {}
        # Legal-choices tuples by identity (each kept, so its id stays its own), with their ids
        # and mask, for games that hand out the same tuple again: those seen once (a few, the
        # most recent) and those seen again (menus, kept while there are not too many).
        self._once: dict[int, tuple[Any, LegalIds]] = {}
        self._menus: dict[int, tuple[Any, LegalIds, np.ndarray]] = {}
        # Whether tuples are looked for among those: a game that has handed out many tuples and
        # never one again (a new tuple each state) is not looked up any more.
        self.menus_on = True
        self._tuples = 0
        self._menu_hits = 0
        # Per seat (one record, so one lookup a step): its persistent canvas, whose buffer holds
        # the seat's last observation, so an encoding writes only what changed since (each
        # observation handed out is a copy); the state the canvas was last written for; and the
        # state its last view was made for, with that view (the next view is made from it by
        # the game's ``observe_next``, which reuses the parts that did not change).
        self._seats: dict[int, _Seat] = {}
        self._mask_bytes = (self.encoding.actions + 1 + 7) // 8
        # Per seat: the bits of its last mask unpacked or made from the one before, a
        # private copy of that mask and how many ids it has (see _mask_of).
        self._last_bits: dict[int, tuple[int, np.ndarray, int]] = {}
        self._no_mask = np.zeros(self.encoding.actions + 1, dtype=np.int8)
        self._wait_mask = self._no_mask.copy()
        self._wait_mask[self.wait] = 1

    def reset(self, seed: int) -> None:
        """A new game from ``seed``: the same seed sets up and plays out the same game."""
        self.seed = seed
        self.rng = SeededRng(seed)
        self.state = self.game.initial_state(self.rng)
        self.steps = 0

    def to_act(self) -> tuple[int, ...]:
        state = self.state
        if state is not self._acting_state:
            self._acting = self.game.to_act(state)
            self._acting_state = state
        return self._acting

    def _legal_entry(self, seat: int) -> tuple[Any, LegalIds, np.ndarray | None]:
        """The legal ids of ``seat`` for the current state (made once per state), with a mask
        kept for them (only *wait*, or a menu's) or ``None`` (made when asked for)."""
        state = self.state
        entry = self._legal.get(seat)
        if entry is not None and entry[0] is state:
            return entry
        if state is not self._acting_state:
            self._acting = self.game.to_act(state)
            self._acting_state = state
        if seat not in self._acting:
            entry = (state, _NO_IDS, self._wait_mask)
        elif self._rule_ids is not None and (ruled := self._rule_ids(state, seat)) is not None:
            # Ids the encoding hands out again (shared) keep their mask once made.
            # (None ids: only *wait*; ids as bits without runs are none when the bits are 0,
            # found without a call to ``__len__``.)
            kept = ruled.kept
            if kept is None:
                bits = ruled.bits
                if bits is not None:
                    if not bits and not ruled.spans:
                        kept = self._wait_mask
                elif (
                    not ruled.entries and not ruled.spans and (type(ruled) is LegalIds or not ruled)
                ):
                    # (Plain ids are their entries and runs: counted without ``__len__``.)
                    kept = self._wait_mask
            entry = (state, ruled, kept)
        else:
            legal = self.game.legal_actions(state, seat)
            menus = self.menus_on and type(legal) is tuple
            menu = self._menu(legal) if menus else None  # type: ignore[arg-type]
            if menu is not None:
                self._menu_hits += 1
                entry = (state, menu[1], menu[2])
            else:
                ids = self.encoding.legal_ids(legal)
                entry = (state, ids, None if ids else self._wait_mask)
                if menus:
                    if len(self._once) >= _ONCE:
                        self._once.clear()
                    self._once[id(legal)] = (legal, ids)
                    self._tuples += 1
                    if self._tuples >= _TRIAL and not self._menu_hits:
                        self.menus_on = False
                        self._once.clear()
        self._legal[seat] = entry
        return entry

    def _menu(self, legal: tuple[Any, ...]) -> tuple[Any, LegalIds, np.ndarray] | None:
        """What was made for this very tuple of choices before, if it was (its mask made now,
        the second time it comes)."""
        key = id(legal)
        menu = self._menus.get(key)
        if menu is not None and menu[0] is legal:
            return menu
        once = self._once.pop(key, None)
        if once is None or once[0] is not legal:
            return None
        if len(self._menus) >= _MENUS:
            self._menus.clear()
        menu = (legal, once[1], self._mask_of(once[1], -1))
        self._menus[key] = menu
        return menu

    def _mask_of(self, ids: LegalIds, seat: int) -> np.ndarray:
        """The 0/1 mask of ``ids`` (a new array; only *wait* when there are none), for
        ``seat``."""
        bits = ids.bits
        if bits is not None:
            # Ids as an integer's bits (and maybe runs): a few alone set one by one (found one
            # by one), more unpacked at once.
            count = bits.bit_count()
            if not ids.spans and count <= _FEW_BITS:
                if not count:
                    mask: np.ndarray = self._wait_mask.copy()
                    return mask
                mask = self._no_mask.copy()
                while bits:
                    low = bits & -bits
                    mask[low.bit_length() - 1] = 1
                    bits ^= low
                return mask
            # The runs added to the bits first (integer arithmetic costs less than numpy's
            # slice assignment), then every id unpacked at once. Positional arguments and
            # dtype objects: numpy parses keywords and turns a type into a dtype on every
            # call, which here costs as much as the work.
            every = count
            if ids.spans:
                for first, run, _ in ids.spans:
                    bits |= ((1 << run) - 1) << first
                every = bits.bit_count()
            # A seat's decisions in a row often differ by a few ids (a deal being written, the
            # menu opened again): its last mask made from bits (kept private) has those few
            # set anew, and is copied. (Only if the counts are near: a few changed ids change
            # the count by as few, and comparing two counts costs less than comparing two
            # masks of a thousand bits.)
            last = self._last_bits.get(seat)
            if last is not None and -_FEW_BITS <= last[2] - every <= _FEW_BITS:
                changed = last[0] ^ bits
                if changed.bit_count() <= _FEW_BITS:
                    kept = last[1]
                    while changed:
                        low = changed & -changed
                        index = low.bit_length() - 1
                        kept[index] = bits >> index & 1
                        changed ^= low
                    self._last_bits[seat] = (bits, kept, every)
                    mask = kept.copy()
                    return mask
            packed = np.frombuffer(bits.to_bytes(self._mask_bytes, "little"), _UINT8)
            unpacked: np.ndarray = np.unpackbits(packed, None, self.wait + 1, "little")
            mask = unpacked.view(_INT8)
            if count <= _KEEP_BITS:
                # Kept private (the mask handed out may be changed by its holder).
                self._last_bits[seat] = (bits, mask.copy(), every)
            return mask
        entries = ids.entries
        if ids.spans:
            mask = self._no_mask.copy()
            for index in entries:
                mask[index] = 1
            for first, run, _ in ids.spans:
                mask[first : first + run] = 1
            return mask
        # Plain ids are their entries (counted and read without calls to ``__len__`` and
        # ``__iter__``); a subclass may hold its ids its own way.
        listed = entries if type(ids) is LegalIds else ids
        count = len(listed)
        if not count:
            mask = self._wait_mask.copy()
            return mask
        if count <= _FEW:
            # A few ids: set one by one in a copy of the zeros (cheaper than any conversion).
            mask = self._no_mask.copy()
            for index in listed:
                mask[index] = 1
            return mask
        mask = self._no_mask.copy()
        mask[np.fromiter(ids, dtype=np.intp, count=count)] = 1
        return mask

    def legal_ids(self, seat: int) -> LegalIds:
        """The legal ids of ``seat`` now and their actions (none for a seat not to act)."""
        return self._legal_entry(seat)[1]

    def mask(self, seat: int) -> np.ndarray:
        """The legal ids of ``seat`` now as 0/1 (only *wait* when it has nothing to decide); a
        new array."""
        _, ids, kept = self._legal_entry(seat)
        if kept is None:
            made = self._mask_of(ids, seat)
            if not ids.shared:
                return made
            # Kept with the ids (their entry in the table's record keeps it for this state)
            # and handed out as a copy.
            ids.kept = made
            self._legal[seat] = (self.state, ids, made)
            kept = made
        mask: np.ndarray = kept.copy()
        return mask

    def features(self, seat: int) -> np.ndarray:
        """The encoding of ``seat``'s view now (a new array)."""
        state = self.state
        record = self._seats.get(seat)
        if record is None:
            record = self._seats[seat] = _Seat(
                Canvas(np.zeros(self.encoding.size, dtype=np.float32), {})
            )
        canvas = record.canvas
        if record.encoded is not state:
            # Marked stale first: an encoding that fails leaves the canvas half written.
            record.encoded = _NOTHING
            if record.seen is _NOTHING:
                view = self.game.observe(state, seat)
            else:
                view = self.game.observe_next(record.seen, record.view, state, seat)
            record.seen = state
            record.view = view
            self.encoding.encode(view, canvas)
            record.encoded = state
        features: np.ndarray = canvas.data.copy()
        return features

    def observation(self, seat: int) -> Observation:
        return {"observation": self.features(seat), "action_mask": self.mask(seat)}

    def action(self, seat: int, action_id: Any) -> Action | None:
        """The concrete action of ``action_id`` for ``seat``, ``None`` for a legal wait; an id that
        is not legal now raises :class:`IllegalActionError` and changes nothing."""
        if type(action_id) is int:
            index = action_id
        elif isinstance(action_id, int | np.integer) or (
            isinstance(action_id, np.ndarray)
            and action_id.shape == ()
            and np.issubdtype(action_id.dtype, np.integer)
        ):
            # What Gymnasium's Discrete space holds: Python and numpy integers (a 0-d array
            # too). A float is refused rather than truncated: 1.5 is no action id.
            index = int(action_id)
        else:
            raise IllegalActionError(f"an action is an integer id, not {action_id!r}")
        entry = self._legal.get(seat)
        if entry is None or entry[0] is not self.state:
            entry = self._legal_entry(seat)
        ids = entry[1]
        bits = ids.bits
        if bits is not None and index >= 0 and bits >> index & 1:
            # One of the ids' bits (the commonest case): its action made or looked up
            # directly (what ``get`` does first, one call fewer; only ids as bits have bits,
            # so no ``isinstance``, which costs a game's BitIds subclass an ABC check).
            made: Action = ids.action_of(index)
            return made
        found: Action | None = ids.get(index)
        if found is not None:
            return found
        if index == self.wait and not ids:
            return None
        if not 0 <= index <= self.wait:
            raise IllegalActionError(f"action id {index} is outside 0..{self.wait}")
        label = "wait" if index == self.wait else self.encoding.labels[index]
        reason = "it has a move to make" if index == self.wait else "it is not legal now"
        raise IllegalActionError(
            f"{agent_name(seat)} cannot take action {index} ({label}): {reason}"
        )

    def play(self, action: Action) -> None:
        """Apply a legal action (one the encoding gave, so legality is already settled)."""
        self.state = self.game.transition(self.state, action, self.rng)
        self.steps += 1

    def advance(self, action: Action) -> tuple[int, ...]:
        """``play(action)``, then ``to_act()``: the seats to act next (one call for the two, as
        an AEC step makes them)."""
        state = self.state = self.game.transition(self.state, action, self.rng)
        self.steps += 1
        acting: tuple[int, ...] = self.game.to_act(state)
        self._acting_state = state
        self._acting = acting
        return acting

    def outcome(self) -> Outcome | None:
        result: Outcome | None = self.game.outcome(self.state)
        return result

    def render(self, seat: int) -> str:
        """The game's text picture of ``seat``'s view, markup stripped."""
        return plain(self.game.render_text(self.game.observe(self.state, seat)))


# Stands for "no state yet" in the per-state records (no state is this object).
_NOTHING = object()


class _Seat:
    """What a table keeps for one seat's observations (see ``Table.__init__``)."""

    __slots__ = ("canvas", "encoded", "seen", "view")

    def __init__(self, canvas: Canvas) -> None:
        self.canvas = canvas
        self.encoded: Any = _NOTHING
        self.seen: Any = _NOTHING
        self.view: Any = None


_NO_IDS = LegalIds({})
_UINT8 = np.dtype(np.uint8)
_INT8 = np.dtype(np.int8)
# At most this many ids are set one by one in a mask; more are unpacked from bits or indexed.
_FEW = 40
# ... or, when they come as an integer's bits (found one by one), this many; and a mask made
# from a seat's last one (a copy) when at most this many ids differ.
_FEW_BITS = 6
# A mask unpacked from at most this many bits is kept for the seat's next one.
_KEEP_BITS = 64
# How many legal-choices tuples seen once, and seen again, are remembered before each record
# starts again.
_ONCE = 16
_MENUS = 64
# After this many tuples of choices, none of which came back, tuples are no longer looked up.
_TRIAL = 256


def seed_from(generator: np.random.Generator) -> int:
    """A game seed drawn from a seeded numpy generator (so resets without a seed still follow
    the first seed given)."""
    return int(generator.integers(0, 2**63 - 1))
