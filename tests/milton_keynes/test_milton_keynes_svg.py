"""The picture (issue 12): every view draws as well-formed SVG, every legal move's click targets
are drawn in the mover's picture, and a picture shows nothing a seat may not know."""

from __future__ import annotations

import itertools
import xml.etree.ElementTree as ET
from collections import Counter
from typing import Any

import pytest

from tycoon.core import Action, AmountRange, Match, SeededRng, sample_choice
from tycoon.games.milton_keynes import actions as A
from tycoon.games.milton_keynes import cards as cd
from tycoon.games.milton_keynes.game import MiltonKeynes
from tycoon.games.milton_keynes.state import Commission, Phase, State, evolve

from .helpers import city, make_state, new_game, play, player, plots

# Moves that concern something drawn: each must name at least one target.
TARGETED = (
    A.ChooseCharacter,
    A.PlaceRiver,
    A.PlaceMarsh,
    A.Inquiry,
    A.Demolish,
    A.Redevelop,
    A.Bribe,
    A.Lobby,
    A.Buy,
    A.BidPermits,
    A.LobbyBids,
    A.Rebid,
    A.Offer,
    A.Accept,
    A.Decline,
    A.Build,
    A.Extend,
    A.Requisition,
)


def targets_of(picture: str | None) -> set[str]:
    assert picture is not None
    root = ET.fromstring(picture)
    return {key for e in root.iter() if (key := e.get("data-target")) is not None}


def examples(legal: Any, rng: SeededRng) -> list[Action]:
    """The first legal choices (every one of a short list) and a few sampled ones, ranges at
    their low end."""
    found: list[Action] = []
    for choice in [*itertools.islice(legal, 40), *(sample_choice(legal, rng) for _ in range(6))]:
        action: Action = choice.action(choice.low) if isinstance(choice, AmountRange) else choice
        found.append(action)
    return found


def check_pictures(game: MiltonKeynes, state: State, rng: SeededRng, seen: Counter[str]) -> None:
    drawn = {
        viewer: targets_of(game.render_svg(game.observe(state, viewer)))
        for viewer in (*range(game.players), None)
    }
    for seat in game.to_act(state):
        for action in examples(game.legal_actions(state, seat), rng):
            keys = game.move_targets(action)
            if isinstance(action, TARGETED):
                assert keys, f"{game.format_action(action)} has no click target"
            missing = set(keys) - drawn[seat]
            assert not missing, f"{game.format_action(action)}: {missing} not drawn"
            if keys:
                seen[type(action).__name__] += 1


@pytest.mark.parametrize(
    ("players", "seed", "options", "kinds"),
    [
        (2, 1, {"characters": "choose"}, {"ChooseCharacter", "Buy", "Bribe", "BidPermits"}),
        (3, 2, {"advanced": True}, {"PlaceRiver", "PlaceMarsh", "Buy", "Build"}),
        (4, 3, {}, {"Buy", "Offer", "Build", "BidPermits"}),
        (5, 4, {}, {"Buy", "Offer", "Build", "Decline"}),
    ],
)
def test_random_games_draw_every_target(
    players: int, seed: int, options: dict[str, Any], kinds: set[str]
) -> None:
    game = new_game(players, **options)
    match = Match(game, seed)
    rng = SeededRng(seed)
    seen: Counter[str] = Counter()
    steps = 0
    while not match.is_over() and steps < 300:
        if steps % 3 == 0:
            check_pictures(game, match.state, rng, seen)
        to_act = match.to_act()
        seat = to_act[rng.below(len(to_act))]
        match.play(sample_choice(match.legal_actions(seat), rng))
        steps += 1
    check_pictures(game, match.state, rng, seen)
    assert kinds <= set(seen), seen


def test_targets_name_plots_lots_permits_slots_and_seats() -> None:
    game = new_game(4)
    assert game.move_targets(A.Buy(0, "G7")) == ("lot:G7",)
    assert game.move_targets(A.Build(0, "DUMP", ("G7", "G8"))) == (
        "plot:G7",
        "plot:G8",
        "permit:DUMP",
    )
    assert game.move_targets(A.PlaceMarsh(0, "A4")) == (
        "plot:A4",
        "plot:A5",
        "plot:B4",
        "plot:B5",
    )
    assert game.move_targets(A.BidPermits(1, 3, 0)) == ("slot:1", "slot:0")
    assert game.move_targets(A.LobbyBids(0, 1, 1)) == ("slot:0", "slot:3", "permit:LOBBY")
    assert game.move_targets(A.Offer(0, 2, 3, ("G7",), ())) == ("seat:3",)
    assert game.move_targets(A.Inquiry(2)) == ("permit:INQUIRY",)
    assert game.move_targets(A.Pass(0)) == ()
    assert game.move_targets(A.Seal(0)) == ()


def test_the_map_shows_buildings_by_owner_lots_and_own_deeds() -> None:
    game = new_game(3)
    state = make_state(
        game,
        Phase.PURCHASE,
        players=[player(deeds="A1", cash=10), player(cash=10), player(cash=10)],
        city_map=city(game, (1, "DUMP", "C4 C5")),
        lots=(sum(1 << p for p in plots("H1 H2")),),
        queue=(0,),
    )
    picture = game.render_svg(game.observe(state, 0))
    assert picture is not None
    root = ET.fromstring(picture)
    ns = "{http://www.w3.org/2000/svg}"

    def words(key: str) -> list[str]:
        found = next(e for e in root.iter() if e.get("data-target") == key)
        return [e.text or "" for e in found.iter(f"{ns}text")]

    assert "D:2" in words("plot:C4") and "D:2" in words("plot:C5")  # kind and owner's number
    assert "your deed" in words("plot:A1")
    assert "$10" in words("lot:H1")
    assert "L1" in words("plot:H2")
    assert 'fill="#56B4E9"' in picture  # seat 2's colour on its building
    spectator = game.render_svg(game.observe(state, None))
    assert spectator is not None and "your deed" not in spectator


def test_a_picture_never_shows_another_seats_hand_cash_bribe_or_pouch() -> None:
    game = new_game(3)

    def position(deeds: str, hand: str, cash: int, bribe: int) -> State:
        players = [
            player(deeds="A1 A2", hand="LOBBY", cash=7),
            player(deeds=deeds, hand=hand, cash=cash),
            player(deeds="D4", hand="DUMP", cash=5),
        ]
        state = make_state(game, Phase.BRIBE, players=players)
        return play(game, state, (1, f"bribe {bribe}"))

    one = position("C3 H7", "AIR-BASE", 977, 613)
    two = position("B2 G3", "NATURE-RESERVE", 955, 588)
    for viewer in (0, 2, None):
        picture = game.render_svg(game.observe(one, viewer))
        assert picture == game.render_svg(game.observe(two, viewer))
        assert picture is not None
        for secret in ("977", "613", "AIR-BASE"):
            assert secret not in picture
        assert "committed" in picture  # what is public: seat 2 has sealed its bribe
    own = game.render_svg(game.observe(one, 1))
    assert own is not None
    for secret in ("977", "613", "AIR-BASE"):
        assert secret in own

    # A pouch being filled is seen by its owner only.
    build = make_state(game, Phase.BUILD, players=[player(hand="DUMP") for _ in range(3)])
    pouch = (Commission(cd.DUMP_PERMIT, plots("G7")),)
    filled = evolve(build, drafts=((), pouch, ()))
    for viewer in (0, 2, None):
        assert game.render_svg(game.observe(build, viewer)) == game.render_svg(
            game.observe(filled, viewer)
        )
    assert game.render_svg(game.observe(build, 1)) != game.render_svg(game.observe(filled, 1))


def test_sampled_hidden_data_never_changes_a_picture() -> None:
    """States differing only in what a seat may not see (as ``sample_state`` redraws them)."""
    game = new_game(4)
    match = Match(game, 9)
    rng = SeededRng(9)
    differed = 0
    for step in range(160):
        state = match.state
        if step % 20 == 0:
            for viewer in range(game.players):
                view = game.observe(state, viewer)
                other = game.sample_state(view, SeededRng(step + viewer))
                differed += other != state
                assert game.render_svg(game.observe(other, viewer)) == game.render_svg(view)
        seat = match.to_act()[rng.below(len(match.to_act()))]
        match.play(sample_choice(match.legal_actions(seat), rng))
    assert differed


def test_card_plays_and_extensions_point_at_the_map_and_the_hand() -> None:
    """INQUIRY, DEMOLISH, REDEVELOP and EXTENSION (rare in random play), in built positions."""
    game = new_game(3)
    rng = SeededRng(3)
    seen: Counter[str] = Counter()
    hand = "INQUIRY DEMOLISH REDEVELOP EXTENSION"
    players = [player(deeds="A3 B2", hand=hand, cash=30), player(cash=5), player(cash=5)]
    buildings = city(game, (0, "CHAV", "A1 A2"), (1, "DUMP", "H1 H2"), (2, "COMMONS", "A7"))
    for phase in (Phase.BEFORE_COLLECTION, Phase.AFTER_COLLECTION, Phase.BUILD):
        state = make_state(game, phase, players=players, city_map=buildings, queue=(0, 1, 2))
        check_pictures(game, state, rng, seen)
    assert {"Inquiry", "Demolish", "Redevelop", "Extend", "Build"} <= set(seen), seen
