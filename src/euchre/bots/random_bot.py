"""The random bot: every legal action equally likely (a baseline for measurements)."""

from __future__ import annotations

from euchre.bots.base import SeededBot, lawful_choice, require_turn
from euchre.core.actions import Action
from euchre.core.views import PlayerView


class RandomBot(SeededBot):
    """Chooses uniformly among ``view.legal`` with its seeded generator (in table mode
    among the plays that follow suit, claiming a revoke its view proves:
    :func:`~euchre.bots.base.lawful_choice`)."""

    level = "random"

    def choose(self, view: PlayerView) -> Action:
        """A uniformly random legal action.

        Raises:
            EuchreError: the view offers this seat no action.
        """
        require_turn(view)
        decided, view = lawful_choice(view, self.rng)
        if decided is not None:
            return decided
        legal = view.legal
        return legal[self.rng.randrange(len(legal))]
