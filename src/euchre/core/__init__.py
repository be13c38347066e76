"""The rules of Euchre: pure, standard library only, no I/O, no global randomness.

The public names most callers need are re-exported here; see each module for details.
"""

from euchre.core.actions import Action
from euchre.core.cards import NO_TRUMP, Card, Suit
from euchre.core.errors import CardError, EuchreError, IllegalActionError, RecordError, RulesError
from euchre.core.game import Game, GameResult, Setup
from euchre.core.hand import HandResult, HandState, Phase, Trick
from euchre.core.rules import PLAYABLE_PRESETS, PRESET_NAMES, Rules, preset
from euchre.core.seats import Seat
from euchre.core.views import PlayerView, sample_world, view_of

__all__ = [
    "NO_TRUMP", "PLAYABLE_PRESETS", "PRESET_NAMES", "Action", "Card", "CardError",
    "EuchreError", "Game", "GameResult", "HandResult", "HandState", "IllegalActionError",
    "Phase", "PlayerView", "RecordError", "Rules", "RulesError", "Seat", "Setup", "Suit",
    "Trick", "preset", "sample_world", "view_of",
]
