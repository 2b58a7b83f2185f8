"""The game-agnostic engine: protocol, spec, rng, actions, sealed commits, records, registry.

No game names, no I/O beyond reading and writing records, no clock, no global random.
"""

from tycoon.core import notation
from tycoon.core.actions import (
    Action,
    ActionSet,
    AmountRange,
    Choice,
    action_from_json,
    action_to_json,
    count_actions,
    expand,
    is_legal,
    sample_choice,
)
from tycoon.core.data import DataError, DataFiles, data_option
from tycoon.core.errors import (
    ActionError,
    GameOverError,
    IllegalActionError,
    MalformedActionError,
    OptionError,
    OutOfTurnError,
    RecordError,
    ReplayError,
    TycoonError,
    UnknownBotError,
    UnknownGameError,
)
from tycoon.core.game import Game, Outcome
from tycoon.core.lazy import LazyLegal
from tycoon.core.match import Match, game_for, play_bots, replay, replay_to_end
from tycoon.core.record import (
    GameRecord,
    Step,
    load_record,
    read_records,
    replace_record,
    write_records,
)
from tycoon.core.registry import game_class, game_specs, get_spec, make, register, unregister
from tycoon.core.rng import RecordingRng, Rng, ScriptedRng, SeededRng, derive_seed
from tycoon.core.sealed import SealedCommits, SealedView
from tycoon.core.spec import Chance, Dynamics, GameSpec, Information, Option, OptionValue
from tycoon.core.views import to_jsonable

__all__ = [
    "Action",
    "ActionError",
    "ActionSet",
    "AmountRange",
    "Chance",
    "Choice",
    "DataError",
    "DataFiles",
    "Dynamics",
    "Game",
    "GameOverError",
    "GameRecord",
    "GameSpec",
    "IllegalActionError",
    "Information",
    "MalformedActionError",
    "LazyLegal",
    "Match",
    "Option",
    "OptionError",
    "OptionValue",
    "OutOfTurnError",
    "Outcome",
    "RecordError",
    "RecordingRng",
    "ReplayError",
    "Rng",
    "ScriptedRng",
    "SealedCommits",
    "SealedView",
    "SeededRng",
    "Step",
    "TycoonError",
    "UnknownBotError",
    "UnknownGameError",
    "action_from_json",
    "action_to_json",
    "count_actions",
    "data_option",
    "derive_seed",
    "expand",
    "game_class",
    "game_for",
    "game_specs",
    "get_spec",
    "is_legal",
    "load_record",
    "make",
    "notation",
    "read_records",
    "register",
    "replace_record",
    "play_bots",
    "replay",
    "replay_to_end",
    "sample_choice",
    "to_jsonable",
    "unregister",
    "write_records",
]
