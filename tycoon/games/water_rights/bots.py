"""``greedy``: a one-step heuristic player for every Water Rights role, the King included.

Mayors value a card by the income it can earn in the rounds left (less the tokens it needs and
its price), draft the best cards while they can pay, build plants first and districts where they
leave room (farmland on grass, other districts on land, a water source only as a last resort
while two stay free for plants), build trading posts with the makers of the tokens their
districts need, feed the facility when their own tokens earn money, supply the best-paying
districts first, and request the water that fills their plants (the Senior keeps one
legacy card for his secret goal), and while building the water for a plant just built when
it is free or needed. The King taxes the colours that bring in most, raises the tax
towards its maximum, and steers the water price by the state of his bank.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import itemgetter
from typing import Any

from tycoon.core import Action, AmountRange, Game, Rng
from tycoon.core.players import Bot, register_bot
from tycoon.games.water_rights.actions import (
    AdjustTax,
    AdjustWater,
    Build,
    Collect,
    Done,
    Draft,
    Feed,
    Fill,
    Post,
    SetColours,
)
from tycoon.games.water_rights.catalogue import (
    CELL_INDEX,
    CELL_NAMES,
    MAYORS,
    SENIOR,
    CardKind,
    Rules,
    TownLayout,
    adjacent,
    cells_of,
)
from tycoon.games.water_rights.rules import (
    SUPPLIES,
    BuildChoices,
    TownData,
    capacity,
    district_income,
    districts_mask,
    placement_mask,
    tax_due,
    tokens_cost,
    water_available,
    water_price,
)
from tycoon.games.water_rights.state import (
    BUILD,
    DRAFT,
    EMPTY,
    KING_POLICY,
    KING_SETUP,
    REQUEST,
    View,
)

TAXABLE = ("green", "red", "yellow")
MAYOR_NAMES = ("king", "senior", "riparian", "junior")
# Water sources a mayor keeps free (beyond the plants in hand) before a district may take one.
SPARE_SOURCES = 2


class GreedyBot(Bot):
    def __init__(
        self, game: Game[Any, Any, Any], seat: int, rng: Rng, params: Mapping[str, str]
    ) -> None:
        super().__init__(game, seat, rng, params)
        self.noise = self.float_param("noise", 0.0, 0.0, 1.0)
        self.rules: Rules = game.rules  # type: ignore[attr-defined]

    def choose(self, view: View, legal: Sequence[Any]) -> Action:
        if self.noise and self.explores(self.noise):
            return self.random_choice(legal)
        phase = view.phase
        if phase in (KING_SETUP, KING_POLICY):
            return self.king(view, legal)
        if phase == REQUEST:
            return self.request(view, legal)
        if phase == DRAFT:
            return self.draft(view, legal)
        if phase == BUILD:
            assert isinstance(legal, BuildChoices)
            return self.build(view, legal)
        return self.distribute(view, legal)

    # -- the King --------------------------------------------------------------------------------

    def king(self, view: View, legal: Sequence[Any]) -> Action:
        rules = self.rules
        economy = rules.economy
        colour_moves = [a for a in legal if isinstance(a, SetColours)]
        if view.phase == KING_SETUP:
            wanted = tuple(TAXABLE[c] for c in economy.auto_colours)
            for action in colour_moves:
                if action.colours == wanted:
                    return action
            return colour_moves[0]
        # Tax the colours that bring in most.
        best, best_take = None, self._tax_take(view, view.tax_colours)
        for action in colour_moves:
            mask = sum(1 << TAXABLE.index(c) for c in action.colours)
            take = self._tax_take(view, mask)
            if take > best_take:
                best, best_take = action, take
        if best is not None:
            return best
        # Raise the tax towards its maximum.
        # (Each loop names its own variable: mypyc checks a variable's type at run time.)
        for tax in legal:
            if isinstance(tax, AdjustTax) and tax.part == "dollars" and tax.change > 0:
                return tax
        for tiles in legal:
            if isinstance(tiles, AdjustTax) and tiles.part == "tiles" and tiles.change < 0:
                return tiles
        # Steer the water price by the bank: dearer when low, cheaper when full.
        for price in legal:
            if isinstance(price, AdjustWater) and price.part == "dollars":
                if price.change > 0 and view.bank < 25:
                    return price
                if price.change < 0 and view.bank > 50:
                    return price
        return next(a for a in legal if isinstance(a, Done))

    def _tax_take(self, view: View, mask: int) -> int:
        rules = self.rules
        total = 0
        for role in MAYORS:
            town = view.towns[role - 1]
            probe = _TaxProbe(view, mask)
            total += tax_due(rules, probe, role, town)  # type: ignore[arg-type]
        return total

    # -- mayors ----------------------------------------------------------------------------------

    def _role(self, view: View) -> int:
        return view.active

    def _rounds_left(self, view: View) -> int:
        return self.rules.economy.rounds - view.round + 1

    def request(self, view: View, legal: Sequence[Any]) -> Action:
        role = self._role(view)
        town = view.towns[role - 1]
        normal = next(
            (c for c in legal if isinstance(c, AmountRange) and not c.template.legacy), None
        )
        lifted = next((c for c in legal if isinstance(c, AmountRange) and c.template.legacy), None)
        if lifted is not None:
            keep = 1 if role == SENIOR else 0
            gain = lifted.high - (normal.high if normal is not None else 0)
            if town.legacy > keep and gain >= 3:
                return _amount(lifted, lifted.high)
        if normal is None:
            assert lifted is not None
            return _amount(lifted, lifted.high)
        if town.legacy > 0:
            return _amount(normal, normal.high)
        # Paying: the water the districts need, in whole lots of the price.
        need = self._water_need(role, town) - water_available(town)
        lots = -(-max(0, need) // view.water_units) * view.water_units
        return _amount(normal, max(normal.low, min(normal.high, lots)))

    def _water_need(self, role: int, town: TownData) -> int:
        return _TownFacts(self.rules, role, town).need

    def draft(self, view: View, legal: Sequence[Any]) -> Action:
        rules = self.rules
        economy = rules.economy
        role = self._role(view)
        town = view.towns[role - 1]
        facts = _TownFacts(rules, role, town)
        keep = self._cash_to_keep(view, town, facts)
        best: Action | None = None
        best_value = 0.0
        for action in legal:
            if not isinstance(action, Draft):
                continue
            if action.line == "district":
                card = view.district_line[action.slot - 1]
                price = rules.kinds[card].cost + economy.district_surcharges[action.slot - 1]
            else:
                card = view.plant_line[action.slot - 1]
                price = rules.kinds[card].cost + economy.plant_surcharges[action.slot - 1]
            kind = rules.kinds[card]
            posts = self._new_posts(role, town, kind, facts.needed_posts) * economy.post_cost
            if town.cash - price - posts < keep:
                continue
            value = self._card_value(view, role, town, kind, facts) - price
            if value > best_value:
                best, best_value = action, value
        return best if best is not None else next(a for a in legal if isinstance(a, Done))

    def _cash_to_keep(self, view: View, town: TownData, facts: _TownFacts) -> int:
        """Money for the cards still to pay, next turn's water (if paying) and a token lot."""
        keep = sum(due for _k, _p, due in town.hand) + 1
        keep += bin(facts.needed_posts).count("1") * self.rules.economy.post_cost
        if town.legacy == 0:
            keep += -(-facts.need // view.water_units) * view.water_dollars
        return keep

    def _card_value(
        self, view: View, role: int, town: TownData, kind: CardKind, facts: _TownFacts
    ) -> float:
        rules = self.rules
        economy = rules.economy
        layout = rules.town(role)
        turns = self._rounds_left(view)
        plant_cap = facts.plant_cap
        need = facts.need
        free_sources = facts.free_sources
        plants_waiting = facts.plants_waiting
        if kind.is_plant:
            if free_sources - plants_waiting <= 0:
                return -1.0
            if need == 0:
                return -1.0  # no district to water yet: districts first
            shortage = max(0, need + 2 - plant_cap)
            value = min(kind.capacity, shortage) * 1.8 * max(1, turns - 1)
            if plant_cap < economy.post_min_capacity <= plant_cap + kind.capacity:
                value += 8.0
            if kind.recycles:
                used = min(kind.capacity, need)
                value += used * (1.2 if town.legacy == 0 else 0.3) * turns
            return value
        if kind.placement == "dock" and free_sources - plants_waiting <= 2:
            return -1.0
        if kind.placement in ("farmland", "dock") and not placement_mask(rules, layout, town, kind):
            return -1.0
        extra = kind.water
        if layout.colour in kind.tokens and need == facts.need_without_facility:
            extra += economy.facility_water
        token_cost = 0.0
        posts_needed = 0
        for colour, count in rules.token_counts[kind.id]:
            if colour == layout.colour:
                continue
            token_cost += count / economy.tokens_per_dollar
            if not town.posts >> rules.colour_owner[colour] & 1:
                if plant_cap < economy.post_min_capacity:
                    return -1.0
                posts_needed += 1
        income = kind.income - token_cost
        now = facts.available - need >= extra
        working = turns if now and not posts_needed else turns - 1
        value = income * working + kind.points - posts_needed * economy.post_cost
        if need + extra > plant_cap:
            value *= 0.3
        return value

    def build(self, view: View, legal: BuildChoices) -> Action:
        rules = self.rules
        role = self._role(view)
        town = view.towns[role - 1]
        layout = rules.town(role)
        builds = legal.builds()
        # Plants first, then the dearest districts.
        ordered = sorted(
            builds,
            key=lambda b: (
                not rules.kinds[rules.by_slug[b[0]]].is_plant,
                -rules.kinds[rules.by_slug[b[0]]].income,
            ),
        )
        for slug, cells in ordered:
            kind = rules.kinds[rules.by_slug[slug]]
            cell = self._best_cell(layout, town, kind, cells)
            if cell >= 0:
                return Build(self.seat, slug, CELL_NAMES[cell])
        fill = self._fill(view, role, town, legal.others())
        if fill is not None:
            return fill
        needed = _TownFacts(rules, role, town).needed_posts
        for action in legal.others():
            if isinstance(action, Post) and needed >> MAYOR_NAMES.index(action.target) & 1:
                return action
        return next(a for a in legal.others() if isinstance(a, Done))

    def _fill(
        self, view: View, role: int, town: TownData, others: Sequence[Action]
    ) -> Action | None:
        """The water for a plant just built: taken when free (a legacy card held), with a
        legacy card under an event's cap on the same terms as a start-of-turn request, and
        when paying only while the districts need more water than the town holds."""
        rules = self.rules
        keep = 1 if role == SENIOR else 0
        for fill in others:
            if not isinstance(fill, Fill):
                continue
            cell = CELL_INDEX[fill.cell]
            amount = rules.kinds[town.cells[cell]].capacity - town.water[cell]
            if fill.legacy:
                if town.legacy > keep and amount >= 3:
                    return fill
            elif town.legacy > 0:
                return fill
            elif self._water_need(role, town) > water_available(town):
                dues = sum(due for _k, _p, due in town.hand)
                if town.cash - water_price(view, amount) > dues:
                    return fill
        return None

    def _best_cell(
        self, layout: TownLayout, town: TownData, kind: CardKind, cells: Sequence[int]
    ) -> int:
        if kind.is_plant:
            return cells[0]
        free = ~town.occupied
        # A district may stand on a water source (unless the data reserves them), but the
        # bot does so only as a last resort and while enough sources stay free for its plants.
        rules = self.rules
        spare_sources = (
            bin(layout.water_sources & free).count("1")
            - sum(1 for k, _p, _d in town.hand if rules.kinds[k].is_plant)
            - 1
        )
        best, best_score = -1, -1e9
        for cell in cells:
            terrain = layout.terrain[cell]
            room = bin(adjacent(1 << cell) & free).count("1")
            score = float(room)
            if kind.placement == "farmland":
                score += bin(adjacent(1 << cell) & layout.grass & free).count("1")
            elif terrain == "G":
                score -= 2.5
            if terrain == "W":
                if kind.placement == "dock":
                    score -= 4.0
                elif spare_sources >= SPARE_SOURCES:
                    score -= 8.0
                else:
                    continue
            if score > best_score:
                best, best_score = cell, score
        return best

    def _new_posts(self, role: int, town: TownData, kind: CardKind, needed: int) -> int:
        """How many trading posts ``kind`` needs beyond those built or already ``needed`` (a
        bit set of roles, :attr:`_TownFacts.needed_posts`)."""
        owners = self.rules.colour_owner
        extra = 0
        for colour in kind.tokens:
            owner = owners[colour]
            if owner != role and not (town.posts | needed) >> owner & 1:
                extra |= 1 << owner
        return bin(extra).count("1")

    def distribute(self, view: View, legal: Sequence[Any]) -> Action:
        """Plan the turn's supplies (with and without feeding the facility) and play the plan."""
        rules = self.rules
        economy = rules.economy
        role = self._role(view)
        town = view.towns[role - 1]
        layout = rules.town(role)
        turn = view.turn
        feed: Action | None = None
        for action in legal:
            if isinstance(action, Feed):
                feed = action
                break
        water = water_available(town)
        own_colour = layout.colour
        kinds = rules.kinds
        cells = town.cells
        # (rank, cell, water, value, uses own tokens) of each district worth supplying: the
        # best value for its water first (a district worth nothing is never supplied).
        items: list[tuple[float, int, int, float, bool]] = []
        for cell in cells_of(districts_mask(layout, town) & ~turn.supplied):
            kind = kinds[cells[cell]]
            own = own_colour in kind.tokens
            if own and not turn.fed and feed is None:
                continue
            value = float(district_income(rules, view, kind, turn.no_income))
            others = len(kind.tokens) - kind.tokens.count(own_colour)
            if others:
                value -= 0.5 * others
            # Worth something, and its tokens to be had with the facility fed (as it would be
            # to supply these).
            if (
                value > 0
                and tokens_cost(rules, view, role, town, True, turn.own_used, turn, kind) >= 0
            ):
                need = kind.water
                items.append((-value / max(1, need), cell, need, value, own))
        items.sort(key=itemgetter(0))  # stable: ties keep the cells' order
        demand = rules.demands[view.demand] if view.demand != EMPTY else None
        quota = demand is not None and demand.kind == "give_own_tokens"

        def plan(budget: int, own: bool) -> tuple[float, list[int]]:
            chosen: list[int] = []
            total = 0.0
            for _rank, cell, need, value, uses_own in items:
                if need > budget:
                    continue
                if uses_own and not own:
                    continue
                chosen.append(cell)
                budget -= need
                total += value
            return total, chosen

        fed = turn.fed
        best_total, best_plan = plan(water, fed)
        if feed is not None:
            fed_total, _fed_plan = plan(water - economy.facility_water, True)
            if quota:
                fed_total += 3.0
            if fed_total > best_total:
                return feed
        supplies = SUPPLIES[self.seat]
        for cell in best_plan:
            supply = supplies[cell]
            if supply in legal:
                return supply
        for collect in legal:
            if isinstance(collect, Collect):
                return collect
        raise AssertionError("a distribution always offers collect")


class _TownFacts:
    """What a mayor's valuations ask of its town again and again, worked out once a decision:
    the water its districts (built and in hand) need each turn, with the facility's when they
    use its tokens, and without it; the roles it needs a trading post with and has none; its
    plants' capacity with the plants in hand; the free water sources, the plants waiting for
    one, and the water it holds."""

    __slots__ = (
        "available",
        "free_sources",
        "need",
        "need_without_facility",
        "needed_posts",
        "plant_cap",
        "plants_waiting",
    )

    def __init__(self, rules: Rules, role: int, town: TownData) -> None:
        layout = rules.town(role)
        kinds = rules.kinds
        own = layout.colour
        owners = rules.colour_owner
        posts = town.posts
        cells = town.cells
        need = 0
        own_tokens = False
        needed = 0
        for c in cells_of(districts_mask(layout, town)):
            kind = kinds[cells[c]]
            need += kind.water
            for colour in kind.tokens:
                if colour == own:
                    own_tokens = True
                else:
                    owner = owners[colour]
                    if owner != role and not posts >> owner & 1:
                        needed |= 1 << owner
        plant_cap = capacity(rules, town)
        plants_waiting = 0
        for kind_id, _paid, _due in town.hand:
            kind = kinds[kind_id]
            if kind.is_plant:
                plant_cap += kind.capacity
                plants_waiting += 1
                continue
            need += kind.water
            for colour in kind.tokens:
                if colour == own:
                    own_tokens = True
                else:
                    owner = owners[colour]
                    if owner != role and not posts >> owner & 1:
                        needed |= 1 << owner
        self.need_without_facility = need
        self.need = need + (rules.economy.facility_water if own_tokens else 0)
        self.needed_posts = needed
        self.plant_cap = plant_cap
        self.plants_waiting = plants_waiting
        self.free_sources = bin(layout.water_sources & ~town.occupied).count("1")
        self.available = water_available(town)


def _amount(choice: AmountRange[Any], amount: int) -> Action:
    action: Action = choice.action(amount)
    return action


class _TaxProbe:
    """A board whose taxed colours are ``mask`` (the King weighing a switch)."""

    def __init__(self, view: View, mask: int) -> None:
        self.tax_colours = mask
        self.tax_dollars = view.tax_dollars
        self.tax_tiles = view.tax_tiles
        self.event = view.event


def register_bots() -> None:
    register_bot(
        "greedy",
        GreedyBot,
        "one-step heuristics for every role: mayors draft and supply the best-paying districts, "
        "the King taxes the richest colours",
        game="water-rights",
        params=("noise",),
        rank=10,
    )
