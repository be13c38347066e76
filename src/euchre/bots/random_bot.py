"""The random bot: every legal action equally likely (a baseline for measurements)."""

from __future__ import annotations

from euchre.bots.base import SeededBot, require_turn
from euchre.core.actions import Action
from euchre.core.views import PlayerView


class RandomBot(SeededBot):
    """Chooses uniformly among ``view.legal`` with its seeded generator."""

    level = "random"

    def choose(self, view: PlayerView) -> Action:
        """A uniformly random legal action.

        Raises:
            EuchreError: the view offers this seat no action.
        """
        legal = require_turn(view)
        return legal[self.rng.randrange(len(legal))]
