"""My City (Warpspawn Games, Lloyd Krassner): zone counters around landmarks on a chess board.

Implements the rulebook (``../shared/rulebooks/003_18ee1578426afe3c.txt``) and every variant on
its page, each an option and all combinable: alternate counter sets (``data/counters``), parks
rule, hex map, bigger map, random zone selection, reduced adjacency, rezoning, city dump, slums,
landmark-type scoring and zone line scoring. The rulings followed (CLARIFICATIONS.md) and every
choice made where nothing settled a question are in ``docs/my-city.md``; in short:

- 2-6 players; setup as written (two distinct rolled columns a row, landmarks drawn from a cup,
  first player by high roll with ties re-rolled), clockwise turns from the first player.
- The same-type ban counts any player's zones, under the adjacency in force.
- Control: most access among adjacent zones, more than 0; tied leaders all score.
- A seat that cannot move is skipped; one that cannot place but could rezone may skip instead
  (``skip``); the game ends when the board is full or no one can place.
- Random Zone Selection draws again while neither counter could be used (one draw of a pair).
- A rezoning swaps: the replaced counter goes back to its owner's cup.

Modules: ``rules`` (the game), ``tables`` (per-configuration tables), ``board`` (geometry),
``counters`` (counter-set data), ``state`` (actions, state, view), ``moves`` (the legal-move
sequence), ``scoring`` (the score report), ``render`` (text), ``bots`` (``greedy``),
``position`` (positions from notation).

Version history:
- 1: first release.
- 2: with Rezoning, a seat that cannot place a counter may skip its turn instead of rezoning.
"""

from tycoon.core import register
from tycoon.core.players import register_bot
from tycoon.games.my_city.bots import GreedyBot
from tycoon.games.my_city.position import build_position
from tycoon.games.my_city.rules import MyCity
from tycoon.games.my_city.state import CityState, CityView, Place, Rezone, Skip

register(MyCity)
register_bot(
    "greedy",
    GreedyBot,
    "the placement that most improves its prestige margin over the best opponent",
    game=MyCity.spec.name,
    params=("noise",),
    rank=10,
)

__all__ = [
    "CityState",
    "CityView",
    "GreedyBot",
    "MyCity",
    "Place",
    "Rezone",
    "Skip",
    "build_position",
]
