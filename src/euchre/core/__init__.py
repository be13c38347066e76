"""The rules of Euchre: pure, standard library only, no I/O, no global randomness.

The public names most callers need are re-exported here; see each module for details.
"""

from euchre.core.actions import Action
from euchre.core.cards import NO_TRUMP, Card, Suit
from euchre.core.errors import (
    ActionTypeError,
    CardError,
    EuchreError,
    EuchreTypeError,
    EuchreValueError,
    IllegalActionError,
    RecordError,
    RulesError,
)
from euchre.core.game import Game, GameResult, Setup
from euchre.core.hand import HandResult, HandState, Phase, Trick, debug_checks, set_debug_checks
from euchre.core.presets import PLAYABLE_PRESETS, PRESET_NAMES, preset
from euchre.core.rules import Rules
from euchre.core.sampling import sample_world
from euchre.core.seats import FOUR_HANDED, Seat, Table
from euchre.core.views import PlayerView, view_of

__all__ = [
    "FOUR_HANDED", "NO_TRUMP", "PLAYABLE_PRESETS", "PRESET_NAMES", "Action", "ActionTypeError", "Card",
    "CardError", "EuchreError", "EuchreTypeError", "EuchreValueError", "Game", "GameResult",
    "HandResult", "HandState", "IllegalActionError", "Phase", "PlayerView", "RecordError", "Rules",
    "RulesError", "Seat", "Setup", "Suit", "Table", "Trick", "debug_checks", "preset", "sample_world",
    "set_debug_checks", "view_of",
]
