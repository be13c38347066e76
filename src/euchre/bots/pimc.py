"""Plain Perfect Information Monte Carlo: the textbook baseline, for measurement only.

``pimc:N`` (the arena's name) decides every decision, bids included, the same way: it
draws ``N`` worlds uniformly from the deals consistent with its
:class:`~euchre.core.views.PlayerView` (:func:`~euchre.core.sampling.sample_world`: the
cards seen, the upcard's fate, the voids shown in play; no inference from what the calls
or the plays suggest), values each legal action in each world by open-hand search with
every later choice open-handed too, and takes the action with the best mean value (ties:
the lowest action code). Nothing else: no heuristic, no rollouts, no score awareness.

The open-hand value of a world after an action is the minimax, over the rest of the hand
with every card known, of the hand's points for the deciding seat's side less the other
side's: every later call (passes, orders, suits named, alone, the takeover, defending
alone, the dealer's discard, a lone player's call for best) is chosen by its seat to
maximise its own side's value, and once the play begins the open-hand solver
(:func:`euchre.solver.analyse`) gives the value of the best card. A hand passed out is
worth 0 (the redeal is another hand). This is the method the literature calls PIMC (e.g.
Long et al., "Understanding the Success of Perfect Information Monte Carlo Sampling in
Game Tree Search", AAAI 2010) and the baseline the strength issue names.

Partnership tables only (the four-hand presets): at the tables of players each for
himself "the other side" is several players, whom the minimax cannot merge; those are
refused. Table mode is refused too (the laws' questions are not a game of open cards).
"""

from __future__ import annotations

import random

from euchre.bots.base import SeededBot, require_turn
from euchre.core.actions import PLAY_BASE, Action
from euchre.core.errors import EuchreError
from euchre.core.hand import HandState, Phase
from euchre.core.sampling import sample_world
from euchre.core.views import PlayerView
from euchre.solver import analyse

DEFAULT_WORLDS = 50
"""The baseline's worlds per decision (``pimc`` without a number: PIMC-50)."""


def _open_value(state: HandState, team: int) -> float:
    """The hand's points for ``team`` less the other side's, with every later choice made
    open-handed by its seat's side (``state`` is left as it was)."""
    if state.is_over:
        result = state.result
        if result is None:  # pragma: no cover - a finished hand has a result
            raise EuchreError("internal error: a finished hand has no result")
        return float(result.points[team] - result.points[state.table.other_team(team)])
    table = state.table
    if state.phase == Phase.PLAY:
        sol = analyse(state)
        best = sol.best_points
        return float(best if sol.team == team else -best)
    mover = table.team[state.turn]
    best_value: float | None = None
    for code in state.legal_codes():
        state.push(code)
        try:
            value = _open_value(state, team)
        finally:
            state.pop()
        mine = value if mover == team else -value
        if best_value is None or mine > best_value:
            best_value = mine
    if best_value is None:  # pragma: no cover - every phase but DONE has a legal action
        raise EuchreError(f"internal error: no legal action in {state.phase.name}")
    return best_value if mover == team else -best_value


def open_values(world: HandState, team: int) -> dict[int, float]:
    """Per legal action code of the seat to act in ``world`` (every card known), the
    open-hand value for ``team`` after it (:func:`_open_value`)."""
    if world.phase == Phase.PLAY:  # one solve gives every card's value
        sol = analyse(world)
        sign = 1 if sol.team == team else -1
        return {code: float(sign * sol.points[code - PLAY_BASE]) for code in world.legal_codes()}
    out = {}
    for code in world.legal_codes():
        world.push(code)
        try:
            out[code] = _open_value(world, team)
        finally:
            world.pop()
    return out


def parse_pimc(text: str) -> int | None:
    """The worlds of a ``pimc[:N]`` level name (``pimc`` alone: :data:`DEFAULT_WORLDS`),
    or None when ``text`` names no pimc level.

    Raises:
        EuchreError: ``pimc:`` followed by anything but a whole number 1..10000."""
    t = text.strip().lower()
    if t == "pimc":
        return DEFAULT_WORLDS
    if not t.startswith("pimc:"):
        return None
    n = t[5:]
    if not (n.isascii() and n.isdigit() and 1 <= int(n) <= 10_000):
        raise EuchreError(f"pimc:N takes a whole number of worlds 1..10000, not {text!r}")
    return int(n)


def check_plain_pimc_rules(view: PlayerView) -> None:
    """Refuse rules the baseline does not play (see the module docstring).

    Raises:
        EuchreError: a table of more than two sides, or table mode.
    """
    rules = view.rules
    if len(rules.table.teams) != 2 or rules.table.individual:
        raise EuchreError("pimc plays the partnership tables only (two sides of two)")
    if rules.revokes_possible:
        raise EuchreError("pimc does not play table mode (renege_mode = penalize_on_claim)")


class PlainPimcBot(SeededBot):
    """Plain PIMC over ``worlds`` worlds a decision (see the module docstring).

    Args:
        seed: seeds the generator that draws the worlds.
        worlds: worlds per decision (>= 1).

    Raises:
        EuchreError: ``worlds`` is not a whole number >= 1.
    """

    level = "pimc"

    def __init__(self, seed: int = 0, worlds: int = DEFAULT_WORLDS) -> None:
        super().__init__(seed)
        if type(worlds) is not int or worlds < 1:
            raise EuchreError(f"worlds must be a whole number >= 1, not {worlds!r}")
        self.worlds = worlds

    @property
    def name(self) -> str:
        return f"pimc:{self.worlds}"

    def action_values(self, view: PlayerView, rng: random.Random | None = None) -> dict[Action, float]:
        """The mean open-hand value of each legal action over the worlds (points for the
        viewer's side less the other side's).

        Raises:
            EuchreError: rules the baseline does not play.
        """
        check_plain_pimc_rules(view)
        legal = require_turn(view)
        rng = self.rng if rng is None else rng
        team = view.table.team[view.seat]
        totals = {int(a): 0.0 for a in legal}
        if len(legal) > 1:
            for _ in range(self.worlds):
                values = open_values(sample_world(view, rng), team)
                for code in totals:
                    totals[code] += values[code]
        return {Action(code): total / self.worlds for code, total in totals.items()}

    def choose(self, view: PlayerView) -> Action:
        """The legal action with the best mean open-hand value (ties: the lowest code)."""
        values = self.action_values(view)
        best = max(values.values())
        return min((a for a, v in values.items() if v >= best - 1e-9), key=int)
