"""The Water Rights game class: set-up, turn order, legality, views, scoring and notation."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from tycoon.core import (
    Action,
    Chance,
    Dynamics,
    Game,
    GameSpec,
    Information,
    Option,
    OptionError,
    Outcome,
    Rng,
    data_option,
)
from tycoon.games.water_rights import actions as notation
from tycoon.games.water_rights import render, svg
from tycoon.games.water_rights.actions import (
    ACTION_TYPES,
    AdjustTax,
    AdjustWater,
    Build,
    Collect,
    Destroy,
    Done,
    Draft,
    Feed,
    Fill,
    Post,
    Request,
    SetColours,
    Supply,
)
from tycoon.games.water_rights.catalogue import (
    CELL_INDEX,
    CELLS,
    COLOURS,
    GREY,
    JUNIOR,
    KING,
    MAYORS,
    RIPARIAN,
    ROLES,
    SENIOR,
    WATER_DATA,
    CatalogueError,
    Economy,
    Rules,
    load_rules,
)
from tycoon.games.water_rights.encoding import WaterRightsEncoding
from tycoon.games.water_rights.rules import (
    DONES,
    MAYOR_SLUGS,
    TAXABLE_NAMES,
    Work,
    build_choices,
    can_build,
    can_distribute,
    capacity,
    distribute_choices,
    draft_choices,
    fill_limits,
    goal_met,
    hand_entry,
    king_choices,
    pays_for_water,
    placement_mask,
    plant_water,
    request_choices,
    request_limits,
    token_cost,
    water_available,
)
from tycoon.games.water_rights.state import (
    BUILD,
    CHANGED_COLOURS,
    CHANGED_TAX,
    CHANGED_WATER,
    DISTRIBUTE,
    DRAFT,
    EMPTY,
    KING_POLICY,
    KING_SETUP,
    N_ROUND,
    NO_TURN,
    OVER,
    PHASE_NAMES,
    REQUEST,
    State,
    Town,
    View,
)

# The search's guess at a role's final score (Game.evaluate), by role: points a round left,
# points a round left for each point of income its tiles earn and for each tile, and points for
# each water on its plants. Least squares on 300 games between greedy bots, tuned data.
FINAL_SCORE_MODEL: dict[int, tuple[float, float, float, float]] = {
    KING: (7.9, 0.0, 0.0, 0.0),
    SENIOR: (7.8, 0.49, -0.72, 2.0),
    RIPARIAN: (5.6, 0.39, -0.73, 2.5),
    JUNIOR: (4.7, 0.34, -0.46, 3.6),
}


# A View from a tuple, without the keyword-argument wrapper of its constructor.
_new_view: Final = tuple.__new__


class WaterRights(Game[State, Action, View]):
    spec = GameSpec(
        name="water-rights",
        title="Water Rights",
        summary=(
            "a King sells water and sets taxes while three mayors draft districts and water "
            "plants, build their towns and trade tokens (asymmetric roles)"
        ),
        min_players=3,
        max_players=4,
        default_players=4,
        dynamics=Dynamics.SEQUENTIAL,
        chance=Chance.EXPLICIT,
        information=Information.IMPERFECT,
        version="4",
        options=(
            Option(
                "automated-king",
                False,
                "replace the King by the automated policy (needs 3 players; 3 players always "
                "play with the automated King)",
            ),
            data_option(
                WATER_DATA,
                "'tuned' is the tuned built-in data, 'clarifications' the untuned numbers of "
                "the clarifications",
            ),
        ),
        aliases=("waterrights", "water"),
        seat_names=ROLES,
    )
    action_types = ACTION_TYPES
    encoding_type = WaterRightsEncoding
    data_files = WATER_DATA

    def configure(self) -> None:
        if self.players == 4 and self.options["automated-king"]:
            raise OptionError(
                "the automated King replaces the King's seat: play water-rights with 3 players"
            )
        self.automated = self.players == 3
        try:
            self.rules: Rules = load_rules(str(self.options["data"]))
        except CatalogueError as error:
            raise OptionError(f"water-rights data: {error}") from None
        # Seat <-> role: with the automated King, seat s plays role s + 1.
        offset = 1 if self.automated else 0
        self.role_of_seat = tuple(s + offset for s in range(self.players))
        self.seat_of_role = tuple(r - offset for r in range(4))

    def seat_name(self, seat: int) -> str:
        if 0 <= seat < self.players:
            return ROLES[self.role_of_seat[seat]]
        return f"seat {seat + 1}"

    # -- set-up -------------------------------------------------------------------------------

    def initial_state(self, rng: Rng) -> State:
        rules = self.rules
        economy = rules.economy
        district_deck = tuple(rng.shuffled(rules.district_deck))
        plant_deck = tuple(rng.shuffled(rules.plant_deck))
        event_deck = tuple(rng.shuffled(range(len(rules.events))))
        demand_deck = tuple(rng.shuffled(range(len(rules.demands))))
        bonus = tuple(rng.sample(range(len(rules.bonus_goals)), economy.bonus_face_up))
        secrets = []
        for role in range(4):
            options = rules.secret_goals_for(role)
            secrets.append(rng.choice(options) if options else EMPTY)
        towns = []
        for layout in rules.towns:
            towns.append(
                Town(
                    cash=layout.cash,
                    reserve=layout.water,
                    cells=(EMPTY,) * CELLS,
                    water=(0,) * CELLS,
                    paid=(0,) * CELLS,
                    hand=tuple((k, 0, rules.kinds[k].cost) for k in layout.dealt),
                    legacy=layout.legacy,
                    posts=0,
                    occupied=1 << layout.facility,
                    farms=0,
                    plants=0,
                    docks=0,
                    water_debt=0,
                    idle_next=False,
                    no_draft_next=False,
                    no_income_next=0,
                    demands_met=0,
                    demands_failed=0,
                )
            )
        empty_districts = (EMPTY,) * len(economy.district_surcharges)
        empty_plants = (EMPTY,) * len(economy.plant_surcharges)
        state = State(
            round=1,
            phase=KING_SETUP,
            active=KING,
            towns=tuple(towns),
            turn=NO_TURN,
            # FACT (set-up): "distribute money from the treasury" -- the mayors' starting money.
            treasury=economy.treasury - sum(layout.cash for layout in rules.towns),
            # The starting water (5/5/3) is distributed from the King's water bank, as the
            # starting money is from his treasury ("distribute water to players like so").
            bank=economy.bank - sum(layout.water for layout in rules.towns),
            tax_colours=0,
            tax_dollars=economy.tax_dollars,
            tax_tiles=economy.tax_tiles,
            water_dollars=economy.water_dollars,
            water_units=economy.water_units,
            king_changes=0,
            roll=0,
            event=EMPTY,
            demand=EMPTY,
            district_line=empty_districts,
            plant_line=empty_plants,
            district_deck=district_deck,
            plant_deck=plant_deck,
            event_deck=event_deck,
            event_discard=(),
            demand_deck=demand_deck,
            demand_discard=(),
            removed=(),
            bonus=bonus,
            bonus_owner=(EMPTY,) * len(bonus),
            secrets=tuple(secrets),
            news=(),
        )
        work = Work(rules, self.automated, state)
        work.district_line, work.district_deck, _ = work.draw_line(empty_districts, district_deck)
        work.plant_line, work.plant_deck, _ = work.draw_line(empty_plants, plant_deck)
        work.news.append((N_ROUND, 1))
        if self.automated:
            work.set_colours(tuple(TAXABLE_NAMES[c] for c in economy.auto_colours))
            work.start_mayor(SENIOR, rng)
        return work.freeze()

    # -- turn order and legality -----------------------------------------------------------------

    def to_act(self, state: State) -> tuple[int, ...]:
        if state.phase == OVER:
            return ()
        return (self.seat_of_role[state.active],)

    def legal_actions(self, state: State, seat: int) -> Sequence[Any]:
        phase = state.phase
        if phase == OVER or self.seat_of_role[state.active] != seat:
            return ()
        rules = self.rules
        if phase in (KING_SETUP, KING_POLICY):
            return king_choices(rules, state, seat)
        role = state.active
        town = state.towns[role - 1]
        if phase == REQUEST:
            return request_choices(rules, state, seat, town)
        if phase == DRAFT:
            choices = draft_choices(rules, state, seat, town)
            choices.append(DONES[seat])
            return choices
        if phase == BUILD:
            return build_choices(rules, state, seat, role, town)
        return distribute_choices(rules, state, seat, role, town)

    def transition(self, state: State, action: Action, rng: Rng) -> State:
        work = Work(self.rules, self.automated, state)
        kind = type(action)
        phase = state.phase
        if phase in (KING_SETUP, KING_POLICY):
            work.king_action(action, rng)
        elif kind is Request:
            work.request(action, rng)  # type: ignore[arg-type]
        elif kind is Draft:
            work.draft(action, rng)  # type: ignore[arg-type]
        elif kind is Done:
            if phase == DRAFT:
                work.enter_build(rng)
            else:
                work.enter_distribute(rng)
        elif kind is Destroy and phase == DISTRIBUTE:
            # Selling a district that earns nothing this turn (phase 3 of the sheets).
            work.destroy(action)  # type: ignore[arg-type]
            role = work.active
            if not can_distribute(self.rules, work, role, work.towns[role - 1]):
                work.collect(rng)
        elif kind is Build or kind is Post or kind is Destroy or kind is Fill:
            if kind is Build:
                work.build(action)  # type: ignore[arg-type]
            elif kind is Fill:
                work.fill(action)  # type: ignore[arg-type]
            elif kind is Post:
                work.post(action)  # type: ignore[arg-type]
            else:
                work.destroy(action)  # type: ignore[arg-type]
            role = work.active
            if not can_build(self.rules, work, role, work.towns[role - 1]):
                work.enter_distribute(rng)
        elif kind is Feed or kind is Supply:
            if kind is Feed:
                work.feed()
            else:
                work.supply(action)  # type: ignore[arg-type]
            role = work.active
            if not can_distribute(self.rules, work, role, work.towns[role - 1]):
                work.collect(rng)
        else:  # Collect
            work.collect(rng)
        return work.freeze()

    def explain_illegal(self, state: State, action: Action) -> str:
        return self._why_illegal(state, action)

    # -- views -----------------------------------------------------------------------------------

    def observe(self, state: State, seat: int | None) -> View:
        return self._view(state, seat, None)

    def observe_next(
        self, prev_state: State, prev_view: View, state: State, seat: int | None
    ) -> View:
        """``observe(state, seat)``, reusing the previous view's secret goals when the state's
        are the same object and as secret as they were."""
        if state.secrets is prev_state.secrets and (state.phase == OVER) == (
            prev_state.phase == OVER
        ):
            return self._view(state, seat, prev_view.secrets)
        return self._view(state, seat, None)

    def _view(self, state: State, seat: int | None, secrets: tuple[int, ...] | None) -> View:
        """The view of ``seat``; its secret goals are ``_seen_secrets``' (or ``secrets``, given
        when they are those of a previous view of the same inputs)."""
        role = self.role_of_seat[seat] if seat is not None else None
        if secrets is None:
            secrets = _seen_secrets(state, role)
        return _new_view(
            View,
            (
                seat,
                role,
                self.players,
                state.round,
                state.phase,
                state.active,
                state.towns,
                state.turn,
                state.treasury,
                state.bank,
                state.tax_colours,
                state.tax_dollars,
                state.tax_tiles,
                state.water_dollars,
                state.water_units,
                state.king_changes,
                state.roll,
                state.event,
                state.demand,
                state.district_line,
                state.plant_line,
                len(state.district_deck),
                len(state.plant_deck),
                len(state.event_deck),
                state.event_discard,
                len(state.demand_deck),
                state.demand_discard,
                state.removed,
                state.bonus,
                state.bonus_owner,
                secrets,
                state.news,
            ),
        )

    def sample_state(self, view: View, rng: Rng) -> State:
        """The view's state with the decks' orders redrawn from the cards not in sight, and the
        other seats' secret goals dealt again from their roles' cards."""
        rules = self.rules
        remaining = [kind.count for kind in rules.kinds]
        for card in (*view.district_line, *view.plant_line, *view.removed):
            if card != EMPTY:
                remaining[card] -= 1
        for town in view.towns:
            for card in town.cells:
                if card != EMPTY:
                    remaining[card] -= 1
            for card, _paid, _due in town.hand:
                remaining[card] -= 1
        districts = [k for k in rules.district_ids for _ in range(remaining[k])]
        plants = [k for k in rules.plant_ids for _ in range(remaining[k])]
        seen_events = {*view.event_discard, view.event}
        events = [e for e in range(len(rules.events)) if e not in seen_events]
        seen_demands = {*view.demand_discard, view.demand}
        demands = [d for d in range(len(rules.demands)) if d not in seen_demands]
        secrets = []
        for role, goal in enumerate(view.secrets):
            if goal != EMPTY:
                secrets.append(goal)
            else:
                options = rules.secret_goals_for(role)
                secrets.append(rng.choice(options) if options else EMPTY)
        return State(
            round=view.round,
            phase=view.phase,
            active=view.active,
            towns=view.towns,
            turn=view.turn,
            treasury=view.treasury,
            bank=view.bank,
            tax_colours=view.tax_colours,
            tax_dollars=view.tax_dollars,
            tax_tiles=view.tax_tiles,
            water_dollars=view.water_dollars,
            water_units=view.water_units,
            king_changes=view.king_changes,
            roll=view.roll,
            event=view.event,
            demand=view.demand,
            district_line=view.district_line,
            plant_line=view.plant_line,
            district_deck=tuple(rng.shuffled(districts))[: view.district_deck_size],
            plant_deck=tuple(rng.shuffled(plants))[: view.plant_deck_size],
            event_deck=tuple(rng.shuffled(events))[: view.event_deck_size],
            event_discard=view.event_discard,
            demand_deck=tuple(rng.shuffled(demands))[: view.demand_deck_size],
            demand_discard=view.demand_discard,
            removed=view.removed,
            bonus=view.bonus,
            bonus_owner=view.bonus_owner,
            secrets=tuple(secrets),
            news=view.news,
        )

    # -- the end ---------------------------------------------------------------------------------

    def scores(self, state: State) -> dict[int, dict[str, int]]:
        """Each role's score and its parts (cash or treasury, bonus, secret, grey points)."""
        rules = self.rules
        result: dict[int, dict[str, int]] = {}
        for role in range(4):
            town = state.towns[role - 1] if role != KING else None
            secret = 0
            goal_id = state.secrets[role]
            if goal_id != EMPTY:
                goal = rules.secret_goals[goal_id]
                if goal_met(rules, goal, role, town, state.treasury):
                    secret = goal.points
            if town is None:
                money = state.treasury // rules.economy.king_score_divisor
                result[role] = {
                    "money": money,
                    "bonus": 0,
                    "secret": secret,
                    "grey": 0,
                    "total": money + secret,
                    "tiebreak": state.bank,
                }
                continue
            bonus = sum(
                rules.bonus_goals[g].points
                for g, owner in zip(state.bonus, state.bonus_owner, strict=True)
                if owner == role
            )
            grey = sum(
                rules.kinds[c].points
                for c in town.cells
                if c != EMPTY and rules.kinds[c].colour == GREY
            )
            result[role] = {
                "money": town.cash,
                "bonus": bonus,
                "secret": secret,
                "grey": grey,
                "total": town.cash + bonus + secret + grey,
                "tiebreak": plant_water(town),
            }
        return result

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != OVER:
            return None
        scores = self.scores(state)
        roles = self.role_of_seat
        keys = [(scores[r]["total"], scores[r]["tiebreak"]) for r in roles]
        if _districts_gone(state):
            reason = "the district supply ran out"
        else:
            reason = f"{self.rules.economy.rounds} rounds played"
        return Outcome(
            scores=tuple(float(scores[r]["total"]) for r in roles),
            ranks=Outcome.ranks_from(keys),
            reason=reason,
            details={ROLES[r]: dict(s) for r, s in scores.items()},
        )

    # -- notation --------------------------------------------------------------------------------

    def parse_action(self, text: str, seat: int) -> Action:
        return notation.parse_action(text, seat)

    def format_action(self, action: Action) -> str:
        return notation.format_action(action)

    # -- presentation ----------------------------------------------------------------------------

    def render_text(self, view: View) -> str:
        return render.render_view(self, view)

    def describe_legal(self, view: View, legal: Sequence[Any]) -> list[str]:
        return render.describe_legal(self, view, legal)

    def describe_action(self, action: Action, viewer: int | None) -> str:
        return render.describe_action(self, action)

    def prompt_label(self, view: View, seat: int) -> str:
        """The phase the next command answers (phases may end by themselves)."""
        return PHASE_NAMES[view.phase]

    def narrate(self, before: View, action: Action, after: View) -> list[str]:
        return render.narrate(self, before, action, after)

    def explain_outcome(self, state: State) -> str:
        return render.explain_outcome(self, state)

    def seat_roles(self, state: State) -> tuple[str, ...] | None:
        return tuple(ROLES[r] for r in self.role_of_seat)

    def statistics(self, state: State) -> dict[str, float]:
        rules = self.rules
        stats: dict[str, float] = {
            "rounds": float(state.round),
            "king_treasury": float(state.treasury),
            "water_bank": float(state.bank),
            "tax_dollars": float(state.tax_dollars),
            "water_dollars": float(state.water_dollars),
            "district_deck_left": float(len(state.district_deck)),
        }
        for role in MAYORS:
            town = state.towns[role - 1]
            name = ROLES[role].lower()
            layout = rules.town(role)
            built = town.occupied & ~(1 << layout.facility)
            stats[f"{name}_cash"] = float(town.cash)
            stats[f"{name}_tiles"] = float(bin(built).count("1"))
            stats[f"{name}_capacity"] = float(capacity(rules, town))
            stats[f"{name}_demands_failed"] = float(town.demands_failed)
            stats[f"{name}_posts"] = float(bin(town.posts).count("1"))
        for role, parts in self.scores(state).items():
            stats[f"{ROLES[role].lower()}_score"] = float(parts["total"])
        return stats

    # -- reasons ---------------------------------------------------------------------------------

    def _why_illegal(self, state: State, action: Action) -> str:
        rules = self.rules
        economy = rules.economy
        phase = state.phase
        role = state.active
        kind = type(action)
        text = self.format_action(action)
        malformed = _malformed(rules, action)
        if malformed:
            return f"{text}: {malformed}"
        phase_name = PHASE_NAMES[phase]
        king_moves = (SetColours, AdjustTax, AdjustWater)
        if phase in (KING_SETUP, KING_POLICY):
            if kind not in king_moves and kind is not Done:
                return f"{text}: it is the King's turn; mayors' moves wait for their turns"
            if phase == KING_SETUP and kind is not SetColours:
                return f"{text}: at set-up the King first picks the taxed colours (colours ...)"
            if kind is SetColours:
                names = action.colours  # type: ignore[attr-defined]
                if len(names) != economy.taxed:
                    return f"{text}: the King taxes exactly {economy.taxed} colours"
                if state.king_changes & CHANGED_COLOURS:
                    return f"{text}: the King switches the taxed colours once a turn"
                return f"{text}: those colours are taxed already"
            if kind is AdjustTax:
                if state.king_changes & CHANGED_TAX:
                    return f"{text}: the King moves the tax rate by 1 once a turn"
                return f"{text}: {_tax_limits(economy, state, action)}"  # type: ignore[arg-type]
            if kind is AdjustWater:
                if state.king_changes & CHANGED_WATER:
                    return f"{text}: the King moves the water price by 1 once a turn"
                return f"{text}: the water price must stay within its limits"
            return f"{text} is not a legal move now"
        if kind in king_moves:
            return f"{text}: only the King sets taxes and the water price, on his own turn"
        town = state.towns[role - 1]
        if kind is Fill:
            if phase != BUILD:
                return (
                    f"{text}: a plant built this turn is filled while building (now: {phase_name})"
                )
            return self._why_not_fill(state, action)  # type: ignore[arg-type]
        if kind is Request:
            if phase == BUILD:
                return (
                    f"{text}: water is requested at the start of the turn; while building, "
                    "'fill CELL' asks for exactly the water a plant built this turn lacks"
                )
            if phase != REQUEST:
                return f"{text}: water is requested at the start of the turn (now: {phase_name})"
            amount = action.amount  # type: ignore[attr-defined]
            need, capped, full, limited = request_limits(rules, state, town)
            if action.legacy:  # type: ignore[attr-defined]
                if town.legacy == 0:
                    if rules.town(role).legacy == 0:
                        return (
                            f"{text}: the {ROLES[role]} holds no Water Rights Legacy card "
                            "and always pays for water"
                        )
                    return f"{text}: you have no Water Rights Legacy card left"
                if not limited:
                    return f"{text}: a legacy card only cancels an event's limit on requests"
                if full <= capped:
                    return f"{text}: the limit does not hold you back; keep your legacy card"
                if amount < 1:
                    return f"{text}: a legacy card is played on a request of at least 1 water"
            if amount > need:
                return (
                    f"{text}: you may request only what fills your plants: they hold "
                    f"{plant_water(town) + town.reserve} of {capacity(rules, town)}, "
                    f"so at most {need}"
                )
            if amount > state.bank:
                return f"{text}: the King's bank holds only {state.bank} water"
            if not action.legacy and amount > capped:  # type: ignore[attr-defined]
                return f"{text}: this round's event caps requests at {capped}" + (
                    " (a legacy card cancels the cap)" if town.legacy else ""
                )
            if town.legacy == 0 and not action.legacy:  # type: ignore[attr-defined]
                price = -(-amount // state.water_units) * state.water_dollars
                if price > town.cash:
                    return f"{text}: {amount} water costs ${price}; you have ${town.cash}"
            return f"{text} is not a legal request"
        if kind is Draft:
            if phase != DRAFT:
                return f"{text}: drafting comes before building (now: {phase_name})"
            line = state.district_line if action.line == "district" else state.plant_line  # type: ignore[attr-defined]
            surcharges = (
                economy.district_surcharges
                if action.line == "district"  # type: ignore[attr-defined]
                else economy.plant_surcharges
            )
            slot = action.slot  # type: ignore[attr-defined]
            if not 1 <= slot <= len(line):
                return f"{text}: the {action.line} line has slots 1..{len(line)}"  # type: ignore[attr-defined]
            card = line[slot - 1]
            if card == EMPTY:
                return f"{text}: that slot is empty (the line moves up only after the turn)"
            cost = rules.kinds[card].cost + surcharges[slot - 1]
            if cost > town.cash:
                return (
                    f"{text}: {rules.kinds[card].name} costs ${rules.kinds[card].cost} + "
                    f"${surcharges[slot - 1]} slot surcharge = ${cost}; you have ${town.cash}"
                )
            return f"{text} is not a legal draft"
        if kind is Done:
            if phase in (DRAFT, BUILD):
                return f"{text} is not a legal move now"
            return f"{text}: there is nothing to end now (now: {phase_name}; collect ends it)"
        if kind is Destroy and phase == DISTRIBUTE:
            return self._why_not_sell_now(state, action)  # type: ignore[arg-type]
        if kind in (Build, Post, Destroy) and phase != BUILD:
            return f"{text}: building comes after drafting (now: {phase_name})"
        if kind is Build:
            return self._why_not_build(state, action)  # type: ignore[arg-type]
        if kind is Post:
            target = MAYOR_SLUGS.index(action.target)  # type: ignore[attr-defined]
            if target == role:
                return f"{text}: a trading post is built with another mayor"
            if state.turn.posts_built >= economy.posts_per_turn:
                return f"{text}: only one trading post a turn (you built one this turn)"
            if town.posts >> target & 1:
                return f"{text}: you already have a trading post with the {ROLES[target]}"
            if capacity(rules, town) < economy.post_min_capacity:
                return (
                    f"{text}: a trading post needs water plants holding at least "
                    f"{economy.post_min_capacity} (yours hold {capacity(rules, town)})"
                )
            if town.cash < economy.post_cost:
                return f"{text}: a trading post costs ${economy.post_cost}; you have ${town.cash}"
            return f"{text} is not legal now"
        if kind is Destroy:
            cell = CELL_INDEX[action.cell]  # type: ignore[attr-defined]
            if cell == rules.town(role).facility:
                return f"{text}: the facility is printed on the board and cannot be destroyed"
            if town.cells[cell] == EMPTY:
                return f"{text}: there is no tile on {action.cell}"  # type: ignore[attr-defined]
            refund = town.paid[cell] // economy.destroy_refund_divisor
            return f"{text}: the King's treasury (${state.treasury}) cannot pay ${refund}"
        if kind in (Feed, Supply, Collect) and phase != DISTRIBUTE:
            return f"{text}: water and tokens are distributed after building (now: {phase_name})"
        if kind is Feed:
            if state.turn.fed:
                return f"{text}: the facility is already fed this turn"
            if state.turn.idle:
                return f"{text}: your facility is idle this turn (a demand's penalty)"
            return (
                f"{text}: the facility needs {economy.facility_water} water; you have "
                f"{water_available(town)}"
            )
        if kind is Supply:
            cell = CELL_INDEX[action.cell]  # type: ignore[attr-defined]
            card = town.cells[cell]
            if card == EMPTY or rules.kinds[card].is_plant:
                return f"{text}: there is no district on {action.cell}"  # type: ignore[attr-defined]
            if state.turn.supplied >> cell & 1:
                return f"{text}: that district is already supplied this turn"
            district = rules.kinds[card]
            if district.water > water_available(town):
                return (
                    f"{text}: {district.name} needs {district.water} water; your plants hold "
                    f"{water_available(town)}"
                )
            if token_cost(rules, state, role, town, state.turn, district) < 0:
                needed = ", ".join(COLOURS[c] for c in district.tokens)
                return (
                    f"{text}: {district.name} needs tokens ({needed}): your own need a fed "
                    "facility, others a trading post with their maker, no embargo and the money"
                )
            return f"{text} is not legal now"
        return f"{text} is not a legal move now"

    def _why_not_fill(self, state: State, action: Fill) -> str:
        """Why the water for the plant on ``action.cell`` may not be requested now."""
        rules = self.rules
        role = state.active
        town = state.towns[role - 1]
        text = self.format_action(action)
        cell = CELL_INDEX[action.cell]
        if not (state.turn.new_plants & town.plants) >> cell & 1:
            return (
                f"{text}: only a water plant built this turn is filled while building (the "
                "water for the others is requested at the start of the turn)"
            )
        name = rules.kinds[town.cells[cell]].name
        shortfall, cap = fill_limits(rules, state, town, cell)
        if shortfall <= 0:
            return f"{text}: the {name} on {action.cell} is full"
        if shortfall > state.bank:
            return (
                f"{text}: the {name} needs exactly {shortfall} water; the King's bank holds "
                f"only {state.bank}"
            )
        if action.legacy:
            if town.legacy == 0:
                return f"{text}: you have no Water Rights Legacy card left"
            return f"{text}: a legacy card only cancels an event's limit on requests"
        if cap < shortfall:
            return (
                f"{text}: the {name} needs exactly {shortfall} water and this round's event "
                f"caps requests at {cap}"
                + (" (a legacy card cancels the cap)" if town.legacy else "")
            )
        if pays_for_water(town):
            price = -(-shortfall // state.water_units) * state.water_dollars
            return f"{text}: {shortfall} water costs ${price}; you have ${town.cash}"
        return f"{text} is not legal now"

    def _why_not_sell_now(self, state: State, action: Destroy) -> str:
        """Why a tile may not be sold to the King during distribution."""
        rules = self.rules
        town = state.towns[state.active - 1]
        text = self.format_action(action)
        cell = CELL_INDEX[action.cell]
        if cell == rules.town(state.active).facility:
            return f"{text}: the facility is printed on the board and cannot be destroyed"
        card = town.cells[cell]
        if card == EMPTY:
            return f"{text}: there is no tile on {action.cell}"
        if rules.kinds[card].is_plant:
            return (
                f"{text}: while distributing only a district that earns nothing this turn is "
                "sold; water plants are sold while building"
            )
        if state.turn.supplied >> cell & 1:
            return f"{text}: {rules.kinds[card].name} is supplied and earns this turn; keep it"
        refund = town.paid[cell] // rules.economy.destroy_refund_divisor
        return f"{text}: the King's treasury (${state.treasury}) cannot pay ${refund}"

    def _why_not_build(self, state: State, action: Build) -> str:
        rules = self.rules
        role = state.active
        town = state.towns[role - 1]
        layout = rules.town(role)
        text = self.format_action(action)
        kind_id = rules.by_slug.get(action.card)
        if kind_id is None:
            return f"{text}: there is no card called {action.card!r}"
        kind = rules.kinds[kind_id]
        entry = hand_entry(town, kind_id)
        if entry < 0:
            return f"{text}: you hold no {kind.name} card (draft it first)"
        due = town.hand[entry][2]
        if due > town.cash:
            return f"{text}: building {kind.name} costs ${due}; you have ${town.cash}"
        cell = CELL_INDEX[action.cell]
        if town.occupied >> cell & 1:
            return f"{text}: {action.cell} is taken"
        terrain = {"G": "grass", "W": "a water source", "L": "land", "F": "the facility"}[
            layout.terrain[cell]
        ]
        if placement_mask(rules, layout, town, kind) >> cell & 1:
            return f"{text} is not legal now"
        placement = kind.placement
        if placement == "water":
            return (
                f"{text}: a water plant must be built on a water source "
                f"({action.cell} is {terrain})"
            )
        if placement == "farmland":
            if layout.terrain[cell] != "G":
                return f"{text}: farmland must be built on grass ({action.cell} is {terrain})"
            return f"{text}: later farmland must be next to farmland (not diagonally)"
        if (
            layout.terrain[cell] == "W"
            and placement != "dock"
            and rules.economy.reserve_water_sources
        ):
            return f"{text}: water sources are kept for water plants and fishing docks"
        if placement == "livestock":
            return f"{text}: livestock must be built next to a water plant"
        if placement == "dock":
            return (
                f"{text}: the first fishing dock must be on water; later ones on water "
                "or next to a dock"
            )
        return f"{text}: a {kind.name} must be built next to an earlier tile"

    def render_svg(self, view: View) -> str | None:
        return svg.render_svg(self, view)

    def move_targets(self, action: Action) -> tuple[str, ...]:
        return svg.move_targets(self, action)

    # -- search hooks ----------------------------------------------------------------------------

    def rollout_policy(self) -> Callable[[State, int, Sequence[Any], Rng], Action] | None:
        """The ``greedy`` bot, one per seat for the length of one search, on the state's views."""
        from tycoon.core.players import bot_policy
        from tycoon.games.water_rights.bots import GreedyBot

        return bot_policy(self, GreedyBot)

    def evaluate(self, state: State) -> Sequence[float] | None:
        """Each seat's chance of winning guessed from the score its role is likely to end with:
        its score now, plus for each round left what its role, its tiles' income and its tiles
        earn a round (:data:`FINAL_SCORE_MODEL`), plus what the water on its plants is worth;
        a softmax at a temperature of 8 points in the last round, 4 more for each round left.

        Both were fitted to 300 greedy games (least squares on the final score, the log loss
        on the winner by round): the score now alone says little before the last rounds (the
        softmax of 3 points on it, used before, was far surer than it knew, so the search
        chased noise); with what tiles earn, the winner's likelihood in round 6 is -1.04
        against an even guess's -1.39."""
        from math import exp

        rules = self.rules
        scores = self.scores(state)
        rounds_left = max(rules.economy.rounds - state.round, 0)
        keys = []
        for role in self.role_of_seat:
            per_round, per_income, per_tile, per_water = FINAL_SCORE_MODEL[role]
            key = scores[role]["total"] + per_round * rounds_left
            if role != KING and rounds_left:
                town = state.towns[role - 1]
                kinds = [rules.kinds[c] for c in town.cells if c != EMPTY]
                income = sum(kind.income for kind in kinds)
                key += (per_income * income + per_tile * len(kinds)) * rounds_left
                key += per_water * sum(town.water)
            keys.append(key)
        temperature = 8.0 + 4.0 * rounds_left
        top = max(keys)
        weights = [exp((k - top) / temperature) for k in keys]
        whole = sum(weights)
        return [w / whole for w in weights]

    def search_depth(self) -> int:
        """Rollouts play whole games (0): a game is short (ten rounds, about 20 ms of ``greedy``
        play) and :meth:`evaluate`, fitted to greedy games, misleads a search that stops
        early: it credits a drafted district's income before its water, tokens and posts are
        paid for, and the search cut off after 16 steps drafted more than it could run (its only
        departures from ``greedy``, valued by whole games, lost 0.06 of reward each) and won 4
        of 20 games against ``greedy``. Played to the end it wins far more (see
        ``docs/water-rights.md``), at about 13 times the cost of an iteration."""
        return 0


def _malformed(rules: Rules, action: Action) -> str:
    """What is wrong with an action's fields whatever the position (from JSON, say)."""
    cell = getattr(action, "cell", None)
    if cell is not None and cell not in CELL_INDEX:
        return f"{cell!r} is not a cell (columns a-f, rows 1-6)"
    kind = type(action)
    if kind is Build and action.card not in rules.by_slug:  # type: ignore[attr-defined]
        return f"there is no card called {action.card!r}"  # type: ignore[attr-defined]
    if kind is Post and action.target not in MAYOR_SLUGS[1:]:  # type: ignore[attr-defined]
        return "a trading post is built with senior, riparian or junior"
    if kind is Draft and action.line not in ("district", "plant"):  # type: ignore[attr-defined]
        return "draft from the district or the plant line"
    if kind in (AdjustTax, AdjustWater) and action.change not in (1, -1):  # type: ignore[attr-defined]
        return "the King moves a number by +1 or -1"
    if kind is SetColours and (
        any(c not in TAXABLE_NAMES for c in action.colours)  # type: ignore[attr-defined]
        or len(set(action.colours)) != len(action.colours)  # type: ignore[attr-defined]
    ):
        return "the taxed colours are distinct colours among green, red, yellow"
    if kind is Request and action.amount < 0:  # type: ignore[attr-defined]
        return "a request is a number of water units, 0 or more"
    return ""


def _tax_limits(economy: Economy, state: State, action: AdjustTax) -> str:
    """Why moving the tax as ``action`` says leaves its limits."""
    dollars, tiles = state.tax_dollars, state.tax_tiles
    if action.part == "dollars":
        dollars += action.change
    else:
        tiles += action.change
    low, high, value, unit = (
        (economy.tax_dollars_min, economy.tax_dollars_max, dollars, "dollars")
        if action.part == "dollars"
        else (economy.tax_tiles_min, economy.tax_tiles_max, tiles, "tiles")
    )
    if not low <= value <= high:
        return f"the tax rate must stay within its limits (tax {unit} {low} to {high})"
    return (
        f"the tax rate must stay within its limits (at most ${economy.tax_rate_dollars} per "
        f"{economy.tax_rate_tiles} tiles; ${dollars} per {tiles} is dearer)"
    )


def _districts_gone(state: State) -> bool:
    return not state.district_deck and all(c == EMPTY for c in state.district_line)


def _seen_secrets(state: State, role: int | None) -> tuple[int, ...]:
    """The secret goals as the seat of ``role`` sees them: its own, every goal once the game
    is over, ``EMPTY`` for the others."""
    if state.phase == OVER:
        return state.secrets
    return tuple([goal if other == role else EMPTY for other, goal in enumerate(state.secrets)])
