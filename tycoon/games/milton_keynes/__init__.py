"""Milton Keynes (Gavin Wood, 2011): the complete game.

Implements the rulebook (``../shared/rulebooks/000_9da6683cf1aa08d0.txt``) with the rulings of
``CLARIFICATIONS.md`` (Milton Keynes): the 9x9 map with river and marshes (standard layout, or
placed by the players under the advanced rules), six characters and their starting permits, the
deed deck by player count, cash collection (year-1 grant, INQUIRY, DEMOLISH, REDEVELOP, credit
crunch), spring and autumn sales with sealed bribes and LOBBY, trading with structured offers and
sealed permit bids between neighbours (tie re-bids, LOBBY), building with sealed commission pouches
(EXTENSION, AIR BASE and SEWAGE REPROCESSOR requisitions, coloured-block limits), wall scoring
recomputed over the whole map, the income rail with roundabouts, and the end when the deed deck is
empty after a build. Every ruling and choice is listed in ``docs/milton-keynes.md``.

Version history:
    1  the first complete implementation.
    2  issue 9: requisitions show only the plot named and by whom until the pouches are opened;
       players may offer any cards, any number of times (the offer bounds bind only the bots).
"""

from tycoon.core import register
from tycoon.core.players import register_bot
from tycoon.games.milton_keynes.bots import greedy_factory
from tycoon.games.milton_keynes.game import MiltonKeynes

register(MiltonKeynes)
register_bot(
    "greedy",
    greedy_factory,
    "values land and buildings with the scoring engine: bribes, buys, bids, trades and builds "
    "for the most income blocks",
    game="milton-keynes",
    params=("noise",),
    rank=10,
)

__all__ = ["MiltonKeynes"]
