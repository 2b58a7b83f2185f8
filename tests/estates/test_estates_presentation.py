"""What `tycoon play estates` shows: the board, the legal moves, narration, the final scoring."""

from __future__ import annotations

from dataclasses import replace

from tycoon.core import Rng, ScriptedRng
from tycoon.core.text import plain
from tycoon.games.estates.state import EstatesState

from .helpers import make_board, make_state, new_game, play, play_all
from .test_estates_scoring import end_of_game_example

GAME = new_game()


def position() -> EstatesState:
    board = make_board(
        rows={"U": "B5.Y3^4 G2", "L": "R6"},
        barriers={2: "M-"},
        mayor="L",
        certificates={"B": 0, "Y": 1, "G": 2, "R": 3},
    )
    return make_state(
        GAME, board=board, money=[9, 12, 5, 7], box=[2, 0, 1, 0], offer=["B1 G5 R2", "Y6", ""]
    )


def test_render_shows_rows_stacks_roofs_barriers_mayor_and_white_dirt() -> None:
    text = plain(GAME.render_text(GAME.observe(position(), 0)))
    assert "U upper row  needs 4 buildings  2 built, 1 roofed" in text
    assert "M middle row  needs 2 buildings" in text and "barrier 2" in text
    assert "Mayor x2" in text
    lines = text.splitlines()
    upper = lines.index(next(line for line in lines if line.startswith("U upper row")))
    # Stacks are drawn bottom up: rooftop, then Y3 above B5; G2 on the ground line.
    assert lines[upper + 1].split() == ["^4"]
    assert lines[upper + 2].split() == ["Y3"]
    assert lines[upper + 3].split()[:3] == ["B5", "G2", "·"]
    assert "|2" in text  # the barrier on M3
    lower = lines.index(next(line for line in lines if line.startswith("L lower row")))
    # L2 is white dirt (w); past the requirement of 4 the lots beyond the river show -.
    assert lines[lower + 1].split() == ["R6", "w", "·", "·", "≈", *["-"] * 6]


def test_render_shows_offer_rows_certificates_and_only_ones_own_money() -> None:
    text = plain(GAME.render_text(GAME.observe(position(), 2)))
    assert "1: B1 | G5 | R2" in text and "2: Y6" in text and "3: (empty)" in text
    assert "Blue → Seat 1" in text and "Red → Seat 4" in text
    assert "not yet taken: Orange, Purple" in text
    assert "you: $5M in hand, 1 in the cash box (others' money is secret)" in text
    assert "$9M" not in text and "$7M" not in text


def test_render_shows_who_owns_each_building() -> None:
    """Under each row, the owner of each building: the holder of the certificate of its top
    cube's colour (U1 is topped by Yellow, Seat 2's; U2 Green, Seat 3's; L1 Red, Seat 4's)."""
    text = plain(GAME.render_text(GAME.observe(position(), None)))
    lines = text.splitlines()
    upper = lines.index(next(line for line in lines if line.startswith("U upper row")))
    assert lines[upper + 4].split() == ["owner", "S2", "S3"]
    lower = lines.index(next(line for line in lines if line.startswith("L lower row")))
    assert lines[lower + 2].split() == ["owner", "S4"]
    middle = lines.index(next(line for line in lines if line.startswith("M middle row")))
    assert not lines[middle + 2].startswith("owner")  # no buildings, no owner line
    assert "owner Sn = Seat n, who holds the certificate of the building's top cube" in text


def test_render_shows_what_everyone_would_score_from_the_viewers_knowledge() -> None:
    """What each seat would score if the game ended now: its buildings as they stand (negative
    in an incomplete row, doubled in the Mayor's row) and, for the viewer alone, the cheques in
    its own cash box; the others' cash boxes are secret and are not counted or shown."""
    text = plain(GAME.render_text(GAME.observe(position(), 2)))
    assert "If the game ended now (incomplete rows count against their owners):" in text
    assert "  Seat 1: buildings 0, cash box secret" in text
    assert "  Seat 2: buildings -12, cash box secret" in text
    assert "  Seat 3 (you): buildings -2 + 1 cheque in the cash box = -1" in text
    assert "  Seat 4: buildings -12, cash box secret" in text
    # Seat 1's 2 stowed cheques are not revealed to Seat 3: other cash boxes and money in
    # hand change nothing Seat 3 is shown.
    richer = replace(position(), box=(5, 3, 1, 4), money=(6, 9, 5, 3))
    assert plain(GAME.render_text(GAME.observe(richer, 2))) == text
    own = plain(GAME.render_text(GAME.observe(position(), 0)))
    assert "  Seat 1 (you): buildings 0 + 2 cheques in the cash box = 2" in own
    spectator = plain(GAME.render_text(GAME.observe(position(), None)))
    assert "cash box secret" in spectator and "(you)" not in spectator
    everyone = new_game(4, open_money=True)
    shown = plain(everyone.render_text(everyone.observe(position(), None)))
    assert "  Seat 2: buildings -12 + 0 cheques in the cash box = -12" in shown


def test_render_shows_the_auction_bid_by_bid() -> None:
    state = play_all(GAME, position(), "auction B1", "bid 2", "pass")
    text = plain(GAME.render_text(GAME.observe(state, 3)))
    assert "Auction of the Blue 1 floor cube by Seat 1: Seat 2 bid $2M, Seat 3 passed" in text
    assert "Waiting for Seat 4 to bid or pass." in text


def test_describe_legal_groups_the_choices() -> None:
    state = position()
    lines = GAME.describe_legal(GAME.observe(state, 0), GAME.legal_actions(state, 0))
    assert lines[0].startswith("stow  (illegal earnings")
    assert "auction B1 · auction R2 · auction Y6  (floor cubes" in lines[1]
    assert lines[2].startswith("auction roof · auction barrier 1 · auction barrier 3")
    state = play_all(GAME, state, "auction R2", "bid 3")
    lines = GAME.describe_legal(GAME.observe(state, 2), GAME.legal_actions(state, 2))
    assert lines == ["bid 4..5  (high bid $3M by Seat 2; you have $5M in hand)", "pass"]
    state = play_all(GAME, state, "pass", "pass")
    lines = GAME.describe_legal(GAME.observe(state, 0), GAME.legal_actions(state, 0))
    assert lines == [
        "sell  (Seat 2 pays you $3M and takes it)",
        "buy  (you pay Seat 2 $3M and keep it)",
    ]
    state = play(GAME, state, "sell")
    lines = GAME.describe_legal(GAME.observe(state, 1), GAME.legal_actions(state, 1))
    assert "place U3  (a new building)" in lines
    assert "place M1  (a new building)" in lines
    assert "place L1  (on top of R6)" in lines


def narrate(
    state: EstatesState, text: str, viewer: int | None = None, rng: Rng | None = None
) -> tuple[EstatesState, list[str]]:
    before = GAME.observe(state, viewer)
    after_state = play(GAME, state, text, rng=rng)
    action = GAME.parse_action(text, GAME.to_act(state)[0])
    return after_state, GAME.narrate(before, action, GAME.observe(after_state, viewer))


def test_narration_of_an_auction_bid_by_bid() -> None:
    state = position()
    state, lines = narrate(state, "stow")
    assert lines == ["Seat 1 stows a $1M cheque in the cash box (illegal earnings)."]
    state, lines = narrate(state, "auction roof", rng=ScriptedRng([0]))
    assert lines == ["Seat 1 turns over the next rooftop: a 1, and puts it up for auction."]
    state, lines = narrate(state, "bid 2")
    assert lines == ["Seat 2 bids $2M."]
    state, lines = narrate(state, "pass")
    assert lines == ["Seat 3 passes."]
    state, lines = narrate(state, "bid 4")
    state, lines = narrate(state, "sell")
    assert lines == ["Seat 1 sells the rooftop 1 to Seat 4, who pays $4M."]
    state, lines = narrate(state, "place U2")
    assert lines == ["Seat 4 puts the rooftop 1 on U2.", "Seat 2 is the auctioneer now."]


def test_narration_of_a_free_piece_and_a_certificate() -> None:
    state = position()
    for text in ("auction Y6", "pass", "pass"):
        state = play(GAME, state, text)
    state, lines = narrate(state, "pass")
    assert lines[-1] == "Everyone passed: Seat 1 takes the Yellow 6 floor cube for free."
    state = make_state(GAME, offer=["O4", "", ""])
    state = play_all(GAME, state, "auction O4", "pass", "pass", "pass")
    state, lines = narrate(state, "place M1")
    assert lines[:2] == [
        "Seat 1 places the Orange 4 on M1 as a new building.",
        "Seat 1 takes the Orange certificate.",
    ]


def test_narration_of_the_end_of_the_game() -> None:
    game, state = end_of_game_example()
    state = play(game, state, "auction roof", rng=ScriptedRng([1]))
    state = play_all(game, state, "pass", "pass", "pass")
    before = GAME.observe(state, None)
    after_state = play(GAME, state, "place M5")
    lines = GAME.narrate(before, GAME.parse_action("place M5", 0), GAME.observe(after_state, None))
    assert "The middle row is complete." in lines
    assert "Round 1 is over: two rows are complete." in lines
    assert "Scores of the round: Seat 1 28, Seat 2 8, Seat 3 0, Seat 4 9." in lines


def test_final_scoring_is_explained_building_by_building() -> None:
    game, state = end_of_game_example()
    state = play(game, state, "auction roof", rng=ScriptedRng([1]))
    state = play_all(game, state, "pass", "pass", "pass", "place M5")
    text = plain(GAME.explain_outcome(state))
    assert "The upper row (needs 2) is complete: its buildings score, the Mayor doubles it." in text
    assert "U1: B5 = 5 + rooftop 2 = 7, top cube Blue → Seat 1: +14, doubled by the Mayor" in text
    assert "M5: B1 = 1 + rooftop 6 = 7, top cube Blue → Seat 1: +7" in text
    assert (
        "L1: Y6 R4 = 6 + 4 (no rooftop) = 10, top cube Red → Seat 3: -10, negative: the row is "
        "incomplete" in text
    )
    assert "Seat 1: 26 + 2 = 28" in text
    assert "Final ranking: 1. Seat 1 (28), 2. Seat 4 (9), 3. Seat 2 (8), 4. Seat 3 (0)" in text


def test_statistics_of_a_finished_game() -> None:
    game, state = end_of_game_example()
    state = play(game, state, "auction roof", rng=ScriptedRng([1]))
    state = play_all(game, state, "pass", "pass", "pass", "place M5")
    stats = GAME.statistics(state)
    assert stats["complete_rows"] == 2 and stats["mayor_placed"] == 1
    assert stats["auctions_all_passed"] == 1 and stats["winning_score"] == 28


def test_narration_of_a_round_ending_explains_it_and_keeps_money_secret() -> None:
    """Several rounds: when a round ends and the board is set up again, its scoring is told
    building by building and its winner named; others' money in hand stays secret."""
    game, state = end_of_game_example(rounds=3)
    state = play(game, state, "auction roof", rng=ScriptedRng([1]))
    state = play_all(game, state, "pass", "pass", "pass")
    before = game.observe(state, 1)
    action = game.parse_action("place M5", 0)
    after_state, _ = game.apply(state, action, ScriptedRng([0] * 24 + [3]))
    lines = game.narrate(before, action, game.observe(after_state, 1))
    text = "\n".join(lines)
    assert "Round 1 is over: two rows are complete." in lines
    assert "  M5: B1 = 1 + rooftop 6 = 7, top cube Blue → Seat 1: +7" in lines
    assert "Round winner: Seat 1" in lines
    assert "  Seat 2: 8 + 0 = 8  (cheques in hand 12)" in lines  # the viewer's own
    assert "  Seat 1: 26 + 2 = 28" in lines  # another's money in hand is not told
    assert "Round 2 begins" in text
