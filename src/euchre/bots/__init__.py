"""Players that choose actions from a :class:`~euchre.core.views.PlayerView`.

``make_bot(level, seed)`` makes a bot of one of :data:`BOT_LEVELS` (weakest first:
``random``, ``beginner``, ``intermediate``, ``advanced``, ``expert``) or of
:data:`PRACTICE_LEVELS` (``careless``: the beginner who revokes now and then in table
mode); ``play_game`` plays a whole game with four
bots, showing each only its view; ``play_match`` plays a seat-balanced match.
"""

from euchre.bots.base import Bot, SeededBot
from euchre.bots.beginner import BeginnerBot
from euchre.bots.heuristic import HeuristicBot
from euchre.bots.levels import BOT_LEVELS, PLAYER_LEVELS, PRACTICE_LEVELS, make_bot
from euchre.bots.random_bot import RandomBot
from euchre.bots.runner import MatchResult, play_game, play_match

__all__ = [
    "BOT_LEVELS", "PLAYER_LEVELS", "PRACTICE_LEVELS", "BeginnerBot", "Bot", "HeuristicBot", "MatchResult", "RandomBot",
    "SeededBot", "make_bot", "play_game", "play_match",
]
