"""Water Rights: a King and three mayors (Senior, Riparian, Junior) share a river's water.

Implements the role sheets of ``shared/rulebooks/002_8b907037ed60a873.txt`` with the full design
of the Water Rights section of ``CLARIFICATIONS.md`` (towns, water plants, districts, events,
demands, goals, end and scoring), every card and number kept in ``data/*.json``. The rules
document is ``docs/water-rights.md``; it lists every ruling followed and every choice made where
nothing settled a case.

Seats: with 4 players seat 0 is the King and seats 1-3 the Senior, Riparian and Junior mayors;
with 3 players the King is the automated policy of the clarifications and seats 0-2 are the
mayors.

Version history:
- 1: first implementation.
- 2: rules review. A legacy card is never forced (a capped request without one, down to 0, is
  always offered); Royal Levy adds $1 per taxed colour (was: $1 on the rate's dollars); Grain
  Quota's penalty takes this turn's green income (was: next turn's), checked as income is
  counted (new check point ``at_income`` and penalty ``no_colour_income`` in the data).
"""

from tycoon.core import register
from tycoon.games.water_rights.bots import register_bots
from tycoon.games.water_rights.game import WaterRights

register(WaterRights)
register_bots()

__all__ = ["WaterRights"]
