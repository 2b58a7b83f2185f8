"""tycoon: real-estate and city-building board games, exactly by their rules.

>>> import tycoon
>>> game = tycoon.make("my-city", players=4, parks=True)
>>> [spec.name for spec in tycoon.game_specs()]  # doctest: +SKIP
"""

from tycoon import bots as bots  # registers the generic bots
from tycoon import games as _games  # registers every built-in game and its bots
from tycoon.core import game_specs, get_spec, make

__version__ = "0.1.0"

__all__ = ["__version__", "game_specs", "get_spec", "make"]
del _games
