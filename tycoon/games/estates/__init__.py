"""The Estates (Klaus Zoch, 2018): open auctions where the auctioneer may sell or buy, floor
cubes stacked into buildings in three rows, two of which must be finished.

Implements the whole rulebook (``rulebooks/001_91a7672cb3a7af94.txt``) with the rulings of
``CLARIFICATIONS.md``: 2-5 players with $12M each; 24 of 36 floor cubes in three offer rows of
eight (only end cubes available); twelve face-down rooftops turned over before their auction;
barriers 1, 2, 3, the Mayor and the Cancel cube; company certificates to the first placer of each
colour; the 3 x 10 board with its white-dirt lots. A turn: optional illegal earnings (one cheque
to the secret cash box), a piece put up, one round of open bids from the auctioneer's left, the
auctioneer sells or buys (must sell if unable to pay), everyone passing gives the piece free;
then the piece is placed at once, or the Mayor, a barrier or the Cancel cube is discarded. The
game ends when two rows are complete or no building can be completed any more; buildings score
for the holder of their top cube's certificate, positive in complete rows, negative otherwise,
doubled in the Mayor's row, plus a point per stowed cheque; ties go to the most cheques. Option
``rounds`` plays several rounds (money carried over, first to two round wins).

Rulings and choices (each also in docs/estates.md): a row shortened to 0 counts as complete
(RULING, option ``empty-row-complete``); a cube with no legal place cannot be auctioned (RULING);
a bidder who cannot beat the high bid may only pass (RULING); bids start at $1M (choice, option
``minimum-bid``); the next rooftop is drawn when it is turned over (the same chance as a shuffled
pile, and nothing hidden to leak); a building permit stands on the lot just past its row's
requirement, so a row requires at most 9 of its 10 lots (RULING); stowing is seen by all, the
amounts in hand and in cash boxes are not (option ``open-money`` shows them); in several rounds
the first auctioneer is drawn again each round.

Version history:
- 1: first complete implementation.
- 2: several rounds: a finished round's money in hand is secret in views until the game is over
  (the viewer's own and those of players tied on the round's top score excepted); the end of
  a round is narrated building by building with its winner.
- 3: a building permit always stands on a lot of the board, so no row requires more than 9
  buildings (version 2 let a 2 or 3 barrier lengthen a row to 10, its permit off the board).
"""

from tycoon.core import register
from tycoon.games.estates import bots as _bots  # registers the greedy bot
from tycoon.games.estates.game import Estates

register(Estates)

__all__ = ["Estates"]
del _bots
