"""Esport Monopoly as a tycoon game: spec and options, legal actions, reasons for illegal ones,
views, outcome and statistics. The procedures of the rules are in ``engine.py``; the text faces
(board, moves, narration) in ``render.py``."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from tycoon.core import (
    Action,
    AmountRange,
    Chance,
    DataError,
    Dynamics,
    Game,
    GameSpec,
    Information,
    Option,
    OptionError,
    Outcome,
    Rng,
    SeededRng,
    action_from_json,
    data_option,
    to_jsonable,
)
from tycoon.core.actions import field_kinds
from tycoon.core.bitset import set_bits
from tycoon.games.esport_monopoly import actions as A
from tycoon.games.esport_monopoly import render
from tycoon.games.esport_monopoly.board import (
    CHANCE_DECK,
    DECK_NAMES,
    EVENT,
    MAIL_DECK,
    MONOPOLY_DATA,
    game_data,
)
from tycoon.games.esport_monopoly.encoding import EsportMonopolyEncoding
from tycoon.games.esport_monopoly.engine import Rules
from tycoon.games.esport_monopoly.state import (
    PLAYING,
    TURN_CAP,
    WINDOW,
    Auction,
    Buy,
    Choice,
    Deal,
    Fee,
    Manage,
    Pay,
    Place,
    State,
    Table,
    View,
    Window,
)

_new_view = tuple.__new__  # a View from a tuple, without the keyword-argument wrapper
_JSON_FIELDS: dict[str, tuple[type[Action], tuple[tuple[str, Callable[[Any], bool]], ...]]] = {
    cls.__name__: (cls, tuple((name, test) for name, _, test in field_kinds(cls)))
    for cls in A.ACTION_TYPES
}


if TYPE_CHECKING:
    from tycoon.games.esport_monopoly.bots import GreedyBot


class EsportMonopoly(Game[State, Action, View]):
    """The current UK Monopoly rules, re-themed by ESL: events, fan stands, arenas, festivals,
    ESL shops, Chance and Company Mail."""

    spec = GameSpec(
        name="esport-monopoly",
        title="Esport Monopoly",
        summary=(
            "ESL's Monopoly: buy events, festivals and ESL shops, build fan stands and arenas, "
            "deal and auction; the last player solvent wins"
        ),
        min_players=2,
        max_players=8,
        default_players=4,
        dynamics=Dynamics.SEQUENTIAL,
        chance=Chance.EXPLICIT,
        information=Information.IMPERFECT,
        version="2",
        options=(
            Option("starting-cash", 1500, "cash each player starts with (£)", low=0, high=100_000),
            Option("go-salary", 200, "salary for passing or landing on GO (£)", low=0, high=10_000),
            Option(
                "deck",
                "current",
                "Chance and Company Mail cards: the current UK deck or the classic one",
                choices=("current", "classic"),
            ),
            Option(
                "ask-rent",
                False,
                "the owner must ask for rent before the next player rolls (for human tables)",
            ),
            Option(
                "free-parking",
                False,
                "house rule: taxes and fines go to a pot that Free Parking pays out",
            ),
            Option(
                "turn-cap",
                1000,
                "stop after this many player-turns and rank by net worth (0: no cap)",
                low=0,
                high=1_000_000,
            ),
            Option(
                "window",
                "builders",
                "who is asked out of turn before each roll: 'builders' (seats that could build "
                "now or have rent to ask for), 'everyone', or 'none'",
                choices=("builders", "everyone", "none"),
            ),
            Option(
                "first-player",
                "roll",
                "who starts: 'roll' (the roll-off: a random seat) or 'seat1'",
                choices=("roll", "seat1"),
            ),
            data_option(
                MONOPOLY_DATA,
                "the board's prices, rents, costs, taxes, groups and names, and the cards",
            ),
        ),
        aliases=("esport_monopoly", "monopoly"),
    )
    action_types = A.ACTION_TYPES
    encoding_type = EsportMonopolyEncoding
    data_files = MONOPOLY_DATA

    def configure(self) -> None:
        opts = self.options
        try:
            board, editions = game_data(str(opts["data"]))
        except DataError as error:
            raise OptionError(f"esport-monopoly data: {error.reason}") from None
        self.board = board
        self.rules = Rules(
            players=self.players,
            board=board,
            decks=editions[str(opts["deck"])],
            starting_cash=int(opts["starting-cash"]),
            salary=int(opts["go-salary"]),
            ask_rent=bool(opts["ask-rent"]),
            free_parking=bool(opts["free-parking"]),
            turn_cap=int(opts["turn-cap"]),
            window=str(opts["window"]),
        )
        self.decks = self.rules.decks
        n = self.players
        self._roll = tuple(A.Roll(s) for s in range(n))
        self._pay = tuple(A.PayFine(s) for s in range(n))
        self._card = tuple(A.UseCard(s) for s in range(n))
        self._wait = tuple(A.Wait(s) for s in range(n))
        self._skip = tuple(A.Skip(s) for s in range(n))
        self._roll_menu = tuple((A.Roll(s), A.OpenManage(s)) for s in range(n))
        self._manage = tuple(A.OpenManage(s) for s in range(n))
        self._buy = tuple(A.BuyDeed(s) for s in range(n))
        self._decline = tuple(A.Decline(s) for s in range(n))
        self._pass = tuple(A.Pass(s) for s in range(n))
        # By seat and square (building them is most of what listing the choices costs).
        self._builds = tuple(tuple(A.Build(p, s) for s in range(40)) for p in range(n))
        self._sells = tuple(tuple(A.Sell(p, s) for s in range(40)) for p in range(n))
        self._sell_alls = tuple(tuple(A.SellAll(p, s) for s in range(40)) for p in range(n))
        self._mortgages = tuple(tuple(A.Mortgage(p, s) for s in range(40)) for p in range(n))
        self._lifts = tuple(tuple(A.Lift(p, s) for s in range(40)) for p in range(n))
        self._deals: dict[tuple[int, int], tuple[A.OpenDeal, ...]] = {}
        self._window_cache: dict[tuple[Any, ...], tuple[Any, ...]] = {}
        self._deal_scorer: GreedyBot | None = None  # the planner's model of a partner
        self._json_table: Table | None = None
        self._json_cache: Any = None

    # -- set-up ---------------------------------------------------------------------------------
    def initial_state(self, rng: Rng) -> State:
        n = self.players
        first = rng.below(n) if self.options["first-player"] == "roll" else 0
        chance = tuple(rng.shuffled(range(len(self.decks[CHANCE_DECK]))))
        mail = tuple(rng.shuffled(range(len(self.decks[MAIL_DECK]))))
        cash = self.rules.starting_cash
        table = Table(
            cash=(cash,) * n,
            position=(0,) * n,
            jail=(0,) * n,
            cards=(0,) * n,
            alive=(1 << n) - 1,
            eliminated=(),
            owner=(-1,) * 40,
            level=(0,) * 40,
            mortgaged=0,
            holdings=(0,) * n,
            stands=self.board.stands,
            arenas=self.board.arenas,
            seen=((), ()),
            hidden=(len(chance), len(mail)),
            pot=0,
            active=first,
            doubles=0,
            again=False,
            turn=0,
            dice=(0, 0),
            stack=(WINDOW,),
            passed=0,
            skipping=0,
            dealt=0,
            claims=(),
            events=(("turn", first),),
            rent=(0,) * 40,
            over=PLAYING,
            acting=(),
        )
        return State(table._replace(acting=self.rules.acting(table)), chance, mail)

    # -- who acts and what they may do ------------------------------------------------------------
    def to_act(self, state: State) -> tuple[int, ...]:
        return state.table.acting

    def seats_to_act(self, t: Table) -> tuple[int, ...]:
        return t.acting

    def legal_actions(self, state: State, seat: int) -> Sequence[Any]:
        t = state.table
        if seat not in t.acting:
            return ()
        if type(t.stack[-1]) is not Window:
            return self.legal(t, seat)
        if seat == t.active and not t.jail[seat] and not t.claims and not (t.dealt >> seat) & 1:
            # The common case, quickly: roll, any builds, the menu.
            owner = t.owner
            rules = self.rules
            if owner is not rules._owners_key:
                rules.group_owners(t)
            if not rules._full_groups[seat]:
                return self._roll_menu[seat]
        return self.window_choices(t, seat)

    def legal(self, t: Table, seat: int) -> Sequence[Any]:
        """The choices of a seat that is to act."""
        top = t.stack[-1]
        kind = type(top)
        rules = self.rules
        if kind is Window:
            return self.window_choices(t, seat)
        if kind is Buy:
            assert isinstance(top, Buy)
            choices: list[Any] = []
            if t.cash[seat] >= self.board.price[top.square]:
                choices.append(self._buy[seat])
            choices.append(self._decline[seat])
            if self.has_menu(t, seat):
                choices.append(self._manage[seat])
            return choices
        if kind is Auction:
            assert isinstance(top, Auction)
            cash = t.cash[seat]
            if cash > top.high:
                return (AmountRange(A.Bid(seat, 0), top.high + 1, cash), self._pass[seat])
            return (self._pass[seat],)
        if kind is Pay:
            return self.raise_choices(t, seat)
        if kind is Manage:
            builds = self._builds[seat]
            lifts = self._lifts[seat]
            choices = [builds[s] for s in rules.build_squares(t, seat)]
            choices += self.raise_choices(t, seat)  # sell, sell all, mortgage
            choices += [lifts[s] for s in rules.lift_squares(t, seat)]
            if not (t.dealt >> seat) & 1:
                choices.extend(self.deal_partners(t, seat))
            choices.append(A.Back(seat))
            return choices
        if kind is Deal:
            assert isinstance(top, Deal)
            if top.sent:
                return (A.Accept(seat), A.Reject(seat))
            return self.deal_choices(t, top)
        if kind is Fee:
            assert isinstance(top, Fee)
            cash = t.cash[seat]
            choices = [A.Repay(seat, s) for s in top.squares if self.board.lift[s] <= cash]
            choices.append(A.Keep(seat))
            return choices
        if kind is Place:
            assert isinstance(top, Place)
            squares = rules.build_squares(t, seat, top.building, paid=True)
            builds = self._builds[seat]
            return [builds[s] for s in squares]
        assert isinstance(top, Choice)
        return (A.PayCardFine(seat), A.TakeChance(seat))

    def has_menu(self, t: Table, seat: int) -> bool:
        """Whether the management menu holds anything besides 'back'."""
        if not (t.dealt >> seat) & 1 and t.alive & ~(1 << seat):
            return True
        return self.rules.can_manage(t, seat)

    def window_key(
        self, t: Table, seat: int, menu: bool, claims: tuple[int, ...], builds: tuple[int, ...]
    ) -> tuple[Any, ...]:
        """What a seat's window choices (and so their action ids) depend on, besides ``menu``
        (:meth:`has_menu`), its ``claims`` of rent and the squares it may ``builds`` on: the
        window's choices and ids are made once per key."""
        if seat == t.active:
            jail = t.jail[seat]
            return (
                seat,
                1 if jail else 0,
                t.cash[seat] >= self.board.jail_fine if jail else False,
                t.cards[seat] != 0 if jail else False,
                menu,
                claims,
                builds,
            )
        return (seat, 2, False, False, menu, claims, builds)

    def window_choices(self, t: Table, seat: int) -> tuple[Any, ...]:
        rules = self.rules
        menu = (not (t.dealt >> seat) & 1 and (t.alive & ~(1 << seat)) != 0) or rules.can_manage(
            t, seat
        )  # has_menu
        claims = tuple(c.square for c in t.claims if c.owner == seat) if t.claims else ()
        if t.owner is not rules._owners_key:
            rules.group_owners(t)
        builds = tuple(rules.build_squares(t, seat)) if rules._full_groups[seat] else ()
        key = self.window_key(t, seat, menu, claims, builds)
        cached = self._window_cache.get(key)
        if cached is not None:
            return cached
        choices: list[Any] = []
        if seat == t.active:
            choices.append(self._roll[seat])
            if t.jail[seat]:
                if t.cash[seat] >= self.board.jail_fine:
                    choices.append(self._pay[seat])
                if t.cards[seat]:
                    choices.append(self._card[seat])
        else:
            choices.append(self._wait[seat])
            choices.append(self._skip[seat])
        choices.extend(A.Claim(seat, s) for s in claims)
        build = self._builds[seat]
        choices.extend(build[s] for s in builds)
        if menu:
            choices.append(self._manage[seat])
        result = tuple(choices)
        if len(self._window_cache) > 10_000:
            self._window_cache.clear()
        self._window_cache[key] = result
        return result

    def deal_partners(self, t: Table, seat: int) -> tuple[A.OpenDeal, ...]:
        key = (seat, t.alive)
        partners = self._deals.get(key)
        if partners is None:
            partners = tuple(
                A.OpenDeal(seat, p) for p in self.rules.after[seat] if (t.alive >> p) & 1
            )
            self._deals[key] = partners
        return partners

    def raise_choices(self, t: Table, seat: int) -> list[Any]:
        """Sell, sell-all and mortgage choices (as Rules.sell_squares, sell_all_squares and
        mortgage_squares give them, worked out in one pass over the seat's groups)."""
        rules = self.rules
        sells = self._sells[seat]
        sell_alls = self._sell_alls[seat]
        mortgages = self._mortgages[seat]
        choices: list[Any] = []
        whole: list[Any] = []
        improved = 0
        level = t.level
        few_stands = t.stands < 4
        for members, mask, _ in rules.full_groups(t, seat):
            high = 0
            for s in members:
                if level[s] > high:
                    high = level[s]
            if high:
                improved |= mask
                whole.append(sell_alls[members[0]])
                if high < 5 or not few_stands:
                    choices.extend([sells[s] for s in members if level[s] == high])
        choices += whole
        free = t.holdings[seat] & ~t.mortgaged & ~improved
        while free:
            low = free & -free
            choices.append(mortgages[low.bit_length() - 1])
            free ^= low
        return choices

    def deal_choices(self, t: Table, d: Deal) -> list[Any]:
        rules = self.rules
        p, q = d.proposer, d.partner
        choices: list[Any] = [A.Give(p, s) for s in rules.tradeable(t, p) if s not in d.give]
        choices += [A.Take(p, s) for s in rules.tradeable(t, q) if s not in d.take]
        for deck, name in enumerate(DECK_NAMES):
            bit = 1 << deck
            if t.cards[p] & bit and not d.give_cards & bit:
                choices.append(A.GiveCard(p, name))
            if t.cards[q] & bit and not d.take_cards & bit:
                choices.append(A.TakeCard(p, name))
        choices.append(AmountRange(A.Cash(p, 0), -t.cash[q], t.cash[p]))
        if d.give or d.take or d.give_cards or d.take_cards:
            # A deal buys or sells property (or a jail card): cash alone is no deal.
            choices.append(A.Offer(p))
        choices.append(A.Drop(p))
        return choices

    # -- the step ---------------------------------------------------------------------------------
    def transition(self, state: State, action: Action, rng: Rng) -> State:
        return self.rules.step(state, action, rng)

    # -- why a move is illegal --------------------------------------------------------------------
    def explain_illegal(self, state: State, action: Action) -> str:
        return self.why_not(state.table, action)

    def why_not(self, t: Table, action: Action) -> str:
        """The rule a well-formed action by a seat to act breaks, in a sentence."""
        seat = action.seat
        top = t.stack[-1]
        text = A.format_action(action)
        square = getattr(action, "square", None)
        if square is not None and not 0 <= square < 40:
            return f"{text}: there is no square {square}"
        expected = render.expected(self, t, seat)
        if isinstance(action, A.Build):
            if isinstance(top, Manage | Place | Window):
                return self.why_not_build(t, seat, action.square) or f"{text} is not possible now"
            return f"build: open the management menu first ('manage'); now {expected}"
        if isinstance(action, A.Sell | A.SellAll | A.Mortgage) and isinstance(top, Manage | Pay):
            if isinstance(action, A.Sell):
                return self.why_not_sell(t, seat, action.square) or f"{text} is not possible now"
            if isinstance(action, A.SellAll):
                if t.owner[action.square] != seat:
                    return (
                        f"sellall {action.square}: you do not own {self.board.names[action.square]}"
                    )
                return (
                    f"sellall {action.square}: there is no building on the group of "
                    f"{self.board.names[action.square]} (write the group's first event)"
                )
            return self.why_not_mortgage(t, seat, action.square) or f"{text} is not possible now"
        if isinstance(action, A.Lift) and isinstance(top, Manage):
            return self.why_not_lift(t, seat, action.square)
        if isinstance(action, A.Sell | A.SellAll | A.Mortgage | A.Lift):
            return f"{text}: open the management menu first ('manage'); now {expected}"
        if isinstance(action, A.Bid) and isinstance(top, Auction):
            if action.amount <= top.high:
                if top.leader < 0:
                    return f"bid {action.amount}: the bidding opens at £1"
                return f"bid {action.amount}: a bid must beat the current £{top.high}"
            return f"bid {action.amount}: you have only £{t.cash[seat]} and bids are in cash"
        if isinstance(action, A.BuyDeed) and isinstance(top, Buy):
            price = self.board.price[top.square]
            return (
                f"{self.board.names[top.square]} costs £{price} and you have £{t.cash[seat]}: "
                "raise cash (manage) or let it go to auction"
            )
        if isinstance(action, A.PayFine):
            if not t.jail[seat] or seat != t.active or not isinstance(top, Window):
                fine = self.board.jail_fine
                return f"pay: only a player in jail pays the £{fine} fine, before rolling"
            return f"pay: the fine is £{self.board.jail_fine} and you have £{t.cash[seat]}"
        if isinstance(action, A.UseCard):
            if not t.jail[seat] or seat != t.active or not isinstance(top, Window):
                return "card: a Get Out of Jail Free card is used in jail, before rolling"
            return "card: you hold no Get Out of Jail Free card"
        if isinstance(action, A.OpenDeal) and not isinstance(top, Manage):
            return f"deal: deals are opened from the management menu ('manage'); now {expected}"
        if isinstance(action, A.OpenDeal):
            if action.partner == seat:
                return "deal: you cannot deal with yourself"
            if not 0 <= action.partner < self.players or not (t.alive >> action.partner) & 1:
                return f"deal {action.partner + 1}: no such player in the game"
            return "deal: one deal per player per window (an engine limit so play goes on)"
        if isinstance(top, Deal) and not top.sent and seat == top.proposer:
            reason = self.why_not_deal_item(t, top, action)
            if reason:
                return reason
        if isinstance(action, A.Claim):
            return f"claim {action.square}: no rent is owed to you there (or it has lapsed)"
        if isinstance(action, A.Repay) and isinstance(top, Fee):
            if action.square not in top.squares:
                return f"repay {action.square}: it is not one of the mortgaged deeds you received"
            return (
                f"repay {action.square}: it costs £{self.board.lift[action.square]} and you have "
                f"£{t.cash[seat]}; keep it mortgaged paying "
                f"{self.board.interest_percent}% instead (keep)"
            )
        if isinstance(action, A.Wait | A.Skip) and seat == t.active:
            return f"{text}: the player whose turn it is rolls (or builds, or manages)"
        return f"{text} is not possible now: {expected}"

    def why_not_build(self, t: Table, seat: int, square: int) -> str:
        name = self.board.names[square]
        if self.board.kinds[square] != EVENT:
            return f"build {square}: {name} is not an event; only events take fan stands"
        if t.owner[square] != seat:
            return f"build {square}: you do not own {name}"
        group = self.board.group[square]
        title = self.board.group_titles[group]
        mask = self.board.group_mask[group]
        if t.holdings[seat] & mask != mask:
            return f"build {square}: you must own every event of the {title} group"
        if t.mortgaged & mask:
            mortgaged = ", ".join(self.board.names[s] for s in set_bits(t.mortgaged & mask))
            return (
                f"build {square}: you cannot build on the {title} group while {mortgaged} "
                "is mortgaged"
            )
        level = t.level[square]
        if level == 5:
            return f"build {square}: {name} has an arena, the most an event can hold"
        lowest = min(t.level[s] for s in self.board.group_members[group])
        if level > lowest:
            other = next(s for s in self.board.group_members[group] if t.level[s] == lowest)
            return (
                f"build {square}: build evenly: {name} has {render.buildings(level)} but "
                f"{self.board.names[other]} has {render.buildings(lowest)}"
            )
        if level == 4 and t.arenas < 1:
            return f"build {square}: the bank has no arena left (building shortage)"
        if level < 4 and t.stands < 1:
            return f"build {square}: the bank has no fan stand left (building shortage)"
        cost = self.board.stand_cost[square]
        if t.cash[seat] < cost:
            return f"build {square}: it costs £{cost} and you have £{t.cash[seat]}"
        return ""

    def why_not_sell(self, t: Table, seat: int, square: int) -> str:
        name = self.board.names[square]
        if t.owner[square] != seat:
            return f"sell {square}: you do not own {name}"
        level = t.level[square]
        if level == 0:
            return f"sell {square}: {name} has no building to sell"
        highest = max(t.level[s] for s in self.board.group_members[self.board.group[square]])
        if level < highest:
            other = next(
                s
                for s in self.board.group_members[self.board.group[square]]
                if t.level[s] == highest
            )
            return (
                f"sell {square}: sell evenly: {self.board.names[other]} has "
                f"{render.buildings(highest)} "
                f"and must be sold down first"
            )
        if level == 5 and t.stands < 4:
            return (
                f"sell {square}: an arena is exchanged for 4 fan stands and the bank has only "
                f"{t.stands}; sell the whole group (sellall {square})"
            )
        return ""

    def why_not_mortgage(self, t: Table, seat: int, square: int) -> str:
        name = self.board.names[square]
        if not self.board.ownable[square] or t.owner[square] != seat:
            return f"mortgage {square}: you do not own {name}"
        if (t.mortgaged >> square) & 1:
            return f"mortgage {square}: {name} is already mortgaged"
        group = self.board.group[square]
        if any(t.level[s] for s in self.board.group_members[group]):
            return (
                f"mortgage {square}: sell every building of the "
                f"{self.board.group_titles[group]} group "
                "to the bank before mortgaging one of its events"
            )
        return ""

    def why_not_lift(self, t: Table, seat: int, square: int) -> str:
        name = self.board.names[square]
        if not self.board.ownable[square] or t.owner[square] != seat:
            return f"lift {square}: you do not own {name}"
        if not (t.mortgaged >> square) & 1:
            return f"lift {square}: {name} is not mortgaged"
        return (
            f"lift {square}: lifting costs the value plus {self.board.interest_percent}%, "
            f"£{self.board.lift[square]}, and you have "
            f"£{t.cash[seat]}"
        )

    def why_not_deal_item(self, t: Table, d: Deal, action: Action) -> str:
        if isinstance(action, A.Give | A.Take):
            whose = d.proposer if isinstance(action, A.Give) else d.partner
            square = action.square
            name = self.board.names[square]
            who = "you do" if whose == d.proposer else f"{self.seat_name(whose)} does"
            if not self.board.ownable[square] or t.owner[square] != whose:
                return f"{A.format_action(action)}: {who} not own {name}"
            if square in (d.give if isinstance(action, A.Give) else d.take):
                return f"{A.format_action(action)}: {name} is already in the deal"
            group = self.board.group[square]
            return (
                f"{A.format_action(action)}: only unimproved properties can be traded: sell "
                f"every building of the {self.board.group_titles[group]} group to the bank first"
            )
        if isinstance(action, A.Cash):
            return (
                f"cash {action.amount}: you can pay at most £{t.cash[d.proposer]} and ask at most "
                f"£{t.cash[d.partner]}"
            )
        if isinstance(action, A.GiveCard | A.TakeCard):
            return f"{A.format_action(action)}: that Get Out of Jail Free card is not available"
        if isinstance(action, A.Offer):
            if d.cash:
                return (
                    "offer: a deal buys or sells property or a Get Out of Jail Free card; "
                    "cash alone is no deal: add a property or a card"
                )
            return "offer: the deal is empty; add a property or a card (and any cash) first"
        return ""

    # -- views ----------------------------------------------------------------------------------
    def observe(self, state: State, seat: int | None) -> View:
        return _new_view(View, (seat, state.table))

    def observe_next(
        self, prev_state: State, prev_view: View, state: State, seat: int | None
    ) -> View:
        # Exactly observe (a view is the seat and the table, all of it public), without the
        # default's call through to it (one call fewer a step).
        return _new_view(View, (seat, state.table))

    def view_to_json(self, view: View) -> Any:
        """The generic JSON form, with the table's part converted once per table (every seat
        sees the same table)."""
        table = view.table
        if table is not self._json_table:
            self._json_table = table
            self._json_cache = {name: to_jsonable(getattr(table, name)) for name in Table._fields}
        return {"seat": view.seat, "table": self._json_cache}

    def action_from_json(self, data: Mapping[str, Any]) -> Action:
        """The generic decoder, with a fast path for well-formed data (the generic one looks up
        type hints on every call)."""
        if isinstance(data, Mapping):
            name = data.get("type")
            fields = _JSON_FIELDS.get(name) if type(name) is str else None
            if fields is not None and len(data) == len(fields[1]) + 1:
                cls, kinds = fields
                values: dict[str, Any] = {}
                for name, test in kinds:
                    value = data.get(name)
                    if not test(value):
                        break
                    values[name] = value
                else:
                    return cls(**values)
        return action_from_json(data, self.action_types)

    def sample_state(self, view: View, rng: Rng) -> State:
        """The unseen top of each pile, shuffled: every card neither seen since the start nor
        held by a player."""
        t = view.table
        piles: list[tuple[int, ...]] = []
        for deck in (CHANCE_DECK, MAIL_DECK):
            held = any((c >> deck) & 1 for c in t.cards)
            known = set(t.seen[deck])
            unseen = [
                c.index
                for c in self.decks[deck]
                if c.index not in known and not (held and c.index == self.rules.jail_cards[deck])
            ]
            piles.append(tuple(rng.shuffled(unseen)))
        return State(t, piles[0], piles[1])

    # -- the end ----------------------------------------------------------------------------------
    def outcome(self, state: State) -> Outcome | None:
        t = state.table
        if not t.over:
            return None
        n = self.players
        worth = [self.rules.net_worth(t, s) for s in range(n)]
        out = {s: i for i, s in enumerate(t.eliminated)}
        keys = [((t.alive >> s) & 1, worth[s] if (t.alive >> s) & 1 else out[s]) for s in range(n)]
        if t.over == TURN_CAP:
            reason = f"the turn cap ({t.turn} player-turns) was reached: ranked by net worth"
        else:
            winner = t.alive.bit_length() - 1
            reason = f"{self.seat_name(winner)} is the last player standing"
        return Outcome(
            scores=tuple(float(w) for w in worth),
            ranks=Outcome.ranks_from(keys),
            reason=reason,
            unfinished=t.over == TURN_CAP,
            details={"net_worth": worth, "eliminated": list(t.eliminated), "turns": t.turn},
        )

    def statistics(self, state: State) -> dict[str, float]:
        t = state.table
        stats = {f"rent: {self.board.names[s]}": float(t.rent[s]) for s in self.board.properties}
        stats["player-turns"] = float(t.turn)
        stats["bankruptcies"] = float(len(t.eliminated))
        return stats

    # -- notation and presentation --------------------------------------------------------------
    def parse_action(self, text: str, seat: int) -> Action:
        return A.parse_action(text, seat, self.board)

    def format_action(self, action: Action) -> str:
        return A.format_action(action)

    def render_text(self, view: View) -> str:
        return render.render_text(self, view)

    def describe_legal(self, view: View, legal: Sequence[Any]) -> list[str]:
        return render.describe_legal(self, view, legal)

    def describe_action(self, action: Action, viewer: int | None) -> str:
        return render.describe_action(self, action)

    def narrate(self, before: View, action: Action, after: View) -> list[str]:
        return render.narrate(self, before, action, after)

    def explain_outcome(self, state: State) -> str:
        return render.explain_outcome(self, state)

    def render_svg(self, view: View) -> str | None:
        from tycoon.games.esport_monopoly import svg  # loaded on first use: only people look

        return svg.render_svg(self, view)

    def move_targets(self, action: Action) -> tuple[str, ...]:
        from tycoon.games.esport_monopoly import svg

        return svg.move_targets(self.board, action)

    # -- simulation -------------------------------------------------------------------------------
    def bot_loop(self) -> Callable[[State, Sequence[Any], Rng, int], tuple[State, int]] | None:
        """The game's own simulation loop (``loop.py``): the same games, fewer indirections."""
        from tycoon.games.esport_monopoly import loop

        return partial(loop.play_bots, self)

    # -- search hooks ---------------------------------------------------------------------------
    def rollout_policy(self) -> Callable[[State, int, Sequence[Any], Rng], Action] | None:
        """The ``greedy`` bot, one per seat, as the fast policy: made afresh whenever the rng
        handed in changes (each search iteration has its own), so that what a bot remembers of
        the offers it made (not to repeat a refused one for a while) stays within one
        iteration's play, as in a real game, rather than silencing its offers in every later
        iteration that reaches the same turns."""
        from tycoon.games.esport_monopoly.bots import GreedyBot

        bots = [GreedyBot(self, seat, SeededRng(seat), {}) for seat in range(self.players)]
        current: list[Rng | None] = [None]
        used: set[int] = set()  # the seats whose bots played since the rng last changed

        def act(state: State, seat: int, legal: Sequence[Any], rng: Rng) -> Action:
            bot = bots[seat]
            if rng is not current[0]:
                current[0] = rng
                for s in used:
                    old = bots[s].brain
                    if old.proposed or old.stuck[0] >= 0 or old.plan or old.intent:
                        bots[s] = GreedyBot(self, s, SeededRng(s), {})
                    elif old._deals_turn:
                        old._deals_turn = 0  # the bot's one other memory of earlier play
                used.clear()
                bot = bots[seat]
            used.add(seat)
            bot.rng = rng
            brain = bot.brain
            t = state.table
            top = t.stack[-1]
            # The bot plans in one step what it does in the next (what to manage, the deal to
            # write); a search may start between the two, so the plan is worked out again.
            if isinstance(top, Manage) and brain.intent is None:
                brain.intent = brain.management(t, seat == t.active)
            elif isinstance(top, Deal) and not top.sent:
                plan = brain.plan
                if plan is None or plan[0] != top.partner:
                    brain.plan = brain.find_deal(t)
            return brain.choose(View(seat, t), legal)

        return act

    def evaluate(self, state: State) -> Sequence[float] | None:
        """Each seat's share of the squared prospects of the players still in (the bankrupt
        none): a richer seat's lead counts more than in proportion, as rents compound. A seat's
        prospects are its net worth plus the rent its deeds charge now (a dice total of 7 for
        the shops), as if each rival landed on each square once in :data:`RENT_TURNS` moves,
        for :data:`RENT_HORIZON` moves: a colour group with stands is worth far more than it
        cost. (Fitted on greedy games: the winner's Brier error falls from 0.50 with net worth
        alone to 0.45.)"""
        t = state.table
        rules = self.rules
        rivals = t.alive.bit_count() - 1
        mortgaged = t.mortgaged
        scale = RENT_HORIZON * rivals / RENT_TURNS
        worth: list[float] = []
        for s in range(self.players):
            value = float(rules.net_worth(t, s))
            if value > 0:
                rent = sum(rules.rent_of(t, q, 7) for q in set_bits(t.holdings[s] & ~mortgaged))
                value += scale * rent
            worth.append(value * value)
        total = sum(worth)
        if total <= 0:
            return [1.0 / self.players] * self.players
        return [w / total for w in worth]

    def search_depth(self) -> int:
        return SEARCH_DEPTH

    def search_plans(
        self, state: State, seat: int, legal: Sequence[Any]
    ) -> Sequence[Sequence[Action]]:
        """Whole deals the seat may write now, each as the steps that write it (``planner.py``):
        a colour group split with one rival bought (for cash, or swapped for deeds completing one
        of the rival's groups) or sold, priced so that a partner reasoning as ``greedy`` does
        accepts; at the seat's own pre-roll window or its management menu, one deal a turn."""
        from tycoon.games.esport_monopoly import planner

        return planner.deal_plans(self, state.table, seat)

    def deal_scorer(self) -> GreedyBot:
        """A ``greedy`` bot kept for its deal reckoning (the planner's model of a partner)."""
        scorer = self._deal_scorer
        if scorer is None:
            from tycoon.games.esport_monopoly import planner

            scorer = self._deal_scorer = planner.seeded_scorer(self)
        return scorer


# Steps a search rollout plays before the evaluation (a greedy game runs about 350 steps).
SEARCH_DEPTH = 30
# The evaluation's rent: collected from each rival once in RENT_TURNS of its moves (a square of
# the 40), over RENT_HORIZON moves to come.
RENT_TURNS = 40
RENT_HORIZON = 30

__all__ = ["EsportMonopoly"]
