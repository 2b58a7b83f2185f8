"""tycoon: real-estate and city-building board games, exactly by their rules.

>>> import tycoon
>>> game = tycoon.make("my-city", players=4, parks=True)
>>> [spec.name for spec in tycoon.game_specs()]  # doctest: +SKIP
"""

# First of all: the ``tycoon`` command switches to the compiled build when one matches this source
# (``tycoon accelerate``), before any module it compiled is imported.
from tycoon import compiled as _compiled

_compiled.activate(__path__)

from tycoon import bots as bots  # noqa: E402  (registers the generic bots)
from tycoon import games as _games  # noqa: E402  (registers every built-in game and its bots)
from tycoon.core import game_specs, get_spec, make  # noqa: E402

__version__ = "0.1.0"

__all__ = ["__version__", "game_specs", "get_spec", "make"]
del _games
