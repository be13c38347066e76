"""OpenSpiel's ISMCTS bot as a player of our engine (an external opponent for the arena).

:class:`IsmctsBot` wraps OpenSpiel's C++ information-set Monte Carlo tree search
(``pyspiel.ISMCTSBot``, google-deepmind/open_spiel ``open_spiel/algorithms/ismcts.h``;
Cowling, Powley and Whitehouse 2012) with a random-rollout evaluator. It plays OpenSpiel's
``euchre`` game, so it plays only rules OpenSpiel plays: our ``openspiel`` preset (any
``Rules`` that :func:`~euchre.interop.openspiel.openspiel_parameters` accepts).

What the bot may see (DESIGN.md: bots see only a ``PlayerView``):

1. Like every bot it is shown only ``view_of(hand, seat)``: its own cards, the upcard,
   the calls, the tricks, and its own discard when it is the dealer. The true hidden cards
   are never handed to it.
2. OpenSpiel needs a complete state to start from (its states always hold every card).
   :func:`openspiel_state_for_view` makes one: :func:`~euchre.core.sampling.sample_world`
   deals the cards the view does not show at random, consistently with the view, and the
   view's history is replayed on that deal, action by action, into a fresh ``pyspiel``
   state through :mod:`euchre.interop.openspiel`. The state's information state for the
   bot's seat equals the one the true deal gives (checked in ``tests/test_arena.py``).
3. ``pyspiel.ISMCTSBot`` never searches that state itself: every simulation begins with
   ``state.ResampleFromInfostate(player, rng)`` (``max_world_samples = -1``: a fresh
   world each time; ``is_mcts.cc`` ``SampleRootState``), so the search only sees worlds
   drawn from the bot's information set by OpenSpiel's own code; the sampled world of
   step 2 is only the seed of that resampling.

Why step 2 matters: OpenSpiel's ``EuchreState::ResampleFromInfostate`` (``euchre.cc``)
reshuffles only the unplayed cards *dealt to the other players* of the state it is
given; the three undealt kitty cards and the dealer's discard stay where that state
put them. Handed the true state, the search would therefore know which cards are in the
kitty (so exactly which cards the others hold between them) and, for a non-dealer, which
card the dealer discarded. Starting from a world we sampled, those cards are a random
draw among the unseen ones instead. The cost: within one decision the search keeps that
one draw of the kitty (and of an unseen discard), so its worlds are not the full
information set; a new draw is made at every decision.

``pyspiel`` is imported lazily, so this module imports without open_spiel installed.
"""

from __future__ import annotations

import functools
import random
from typing import Any

from euchre.bots.base import require_turn
from euchre.core.actions import Action
from euchre.core.cards import cards_of
from euchre.core.errors import EuchreError, RulesError
from euchre.core.hand import HandState
from euchre.core.rules import Rules
from euchre.core.sampling import sample_world
from euchre.core.views import PlayerView
from euchre.interop.openspiel import (
    action_from_openspiel,
    action_to_openspiel,
    load_openspiel_game,
    new_openspiel_state,
    openspiel_parameters,
)

LEVEL = "ismcts"
"""The arena's level name of this bot (``ismcts`` or ``ismcts:SIMULATIONS``)."""

DEFAULT_SIMULATIONS = 1000
"""Simulations (tree descents, each from a freshly resampled world) per decision."""

DEFAULT_UCT_C = 2.0
"""The UCT exploration constant (OpenSpiel's ISMCTS examples use 2.0)."""

_SEED_RANGE = 2**31 - 1
"""pyspiel takes C++ ``int`` seeds; larger seeds are reduced modulo this."""


def check_rules(rules: Rules) -> None:
    """Check that OpenSpiel's euchre (and so the ISMCTS bot) plays ``rules``.

    Raises:
        RulesError: it does not; the message says to use the ``openspiel`` preset and names
            the options that differ.
    """
    try:
        openspiel_parameters(rules)
    except RulesError as exc:
        raise RulesError(f"bot level {LEVEL} plays OpenSpiel's euchre and needs its rules "
                         f"(use --preset openspiel): {exc}") from None


@functools.lru_cache(maxsize=8)
def _game(rules: Rules) -> Any:
    """OpenSpiel's game for ``rules``, loaded once per process and rule set."""
    return load_openspiel_game(rules)


def openspiel_state_for_view(view: PlayerView, rng: random.Random, game: Any) -> tuple[HandState, Any]:
    """A ``pyspiel.State`` that gives ``view.seat`` exactly the information of ``view``.

    The hidden cards come from :func:`~euchre.core.sampling.sample_world` (random, consistent
    with the view); the view's history is then replayed into a fresh OpenSpiel state
    through :func:`~euchre.interop.openspiel.action_to_openspiel`, each action mapped in the
    phase of our hand before it is applied.

    Args:
        view: the seat's view (any phase before the end of the hand).
        rng: draws the hidden cards.
        game: OpenSpiel's euchre game for ``view.rules``.

    Returns:
        ``(world, state)``: our sampled hand and the OpenSpiel state, both at the view's
        decision (the world gives the phase for mapping OpenSpiel's answer back).

    Raises:
        EuchreError: no deal fits the view, or an action has no OpenSpiel counterpart.
    """
    world = sample_world(view, rng)
    replay = HandState.from_deal(world.rules, world.dealer, [list(cards_of(world.deal_hands[s])) for s in range(4)],
                                 world.stock)
    state = new_openspiel_state(replay, game)
    for _seat, code in world.history:
        state.apply_action(action_to_openspiel(replay, code))
        replay.push(code)
    return replay, state


class IsmctsBot:
    """OpenSpiel's ISMCTS (C++, ``pyspiel.ISMCTSBot``) choosing from a :class:`PlayerView`.

    Args:
        rules: the rule set; OpenSpiel must play it (the ``openspiel`` preset).
        seed: seeds the world sampling and the search (an int). Our sampling repeats from
            the seed; OpenSpiel's C++ search does not always: three bots seeded alike
            disagreed on 1 of 30 decisions at 200 simulations (so an arena row with
            ``ismcts`` varies a little from run to run; docs/strength.md).
        simulations: simulations per decision (>= 1; default 1000).
        uct_c: the UCT exploration constant (> 0; returns are points, -4..4).

    Raises:
        RulesError: OpenSpiel does not play ``rules``.
        EuchreError: a bad seed, simulation count or constant.
        ImportError: open_spiel is not installed (raised on the first decision).

    The final choice is the action visited most (``MAX_VISIT_COUNT``); leaves are valued
    by one random rollout. See the module docstring for what the search may see.
    """

    def __init__(self, rules: Rules, seed: int = 0, simulations: int = DEFAULT_SIMULATIONS,
                 uct_c: float = DEFAULT_UCT_C) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise EuchreError(f"a bot's seed must be an int, not {seed!r}")
        if not isinstance(simulations, int) or isinstance(simulations, bool) or simulations < 1:
            raise EuchreError(f"ISMCTS needs at least 1 simulation per decision, not {simulations!r}")
        if not isinstance(uct_c, int | float) or isinstance(uct_c, bool) or not uct_c > 0:
            raise EuchreError(f"the UCT constant must be a number > 0, not {uct_c!r}")
        check_rules(rules)
        self.rules = rules
        self.seed = seed
        self.simulations = simulations
        self.uct_c = float(uct_c)
        self.rng = random.Random(seed)
        self._bot: Any = None
        self._evaluator: Any = None

    @property
    def name(self) -> str:
        """``ismcts:SIMULATIONS``."""
        return f"{LEVEL}:{self.simulations}"

    def _search(self) -> Any:
        if self._bot is None:
            import pyspiel

            s = self.seed % _SEED_RANGE
            evaluator = pyspiel.RandomRolloutEvaluator(1, s)
            self._bot = pyspiel.ISMCTSBot(
                s, evaluator, self.uct_c, self.simulations, -1,
                pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, False)
            self._evaluator = evaluator  # keep it alive as long as the bot
        return self._bot

    def choose(self, view: PlayerView) -> Action:
        """The action ISMCTS chooses for ``view`` (one of ``view.legal``).

        A single legal action is played without a search.

        Raises:
            EuchreError: the view offers this seat no action, its rules are not OpenSpiel's,
                or OpenSpiel chose an action our engine does not list (a bug in one of the
                engines; the message names it).
        """
        legal = require_turn(view)
        if len(legal) == 1:
            return legal[0]
        if view.rules != self.rules:
            check_rules(view.rules)
        game = _game(view.rules)
        world, state = openspiel_state_for_view(view, self.rng, game)
        os_action = int(self._search().step(state))
        action = action_from_openspiel(world, os_action)
        if action not in legal:
            raise EuchreError(f"ISMCTS chose OpenSpiel action {os_action} ({action!s}), "
                              f"not legal here: {', '.join(map(str, legal))}")
        return action

    def __repr__(self) -> str:
        return f"<IsmctsBot simulations={self.simulations} seed={self.seed}>"



MAX_SIMULATIONS = 1_000_000
"""The most simulations an ``ismcts:N`` level may ask for (OpenSpiel takes a C ``int``,
and a million already takes minutes a decision)."""


def parse_level(text: str) -> int | None:
    """The simulation count of an ISMCTS level name, or None when ``text`` names another level.

    ``ismcts`` gives :data:`DEFAULT_SIMULATIONS`; ``ismcts:N`` gives ``N`` (case and spaces
    ignored).

    Raises:
        EuchreError: ``ismcts:`` followed by something other than a whole number >= 1.
    """
    name, sep, count = text.strip().lower().partition(":")
    if name != LEVEL:
        return None
    if not sep:
        return DEFAULT_SIMULATIONS
    count = count.strip()
    if not (count.isascii() and count.isdigit() and 1 <= int(count) <= MAX_SIMULATIONS):
        raise EuchreError(f"bot level {text.strip()[:40]!r}: write ismcts:N with N simulations per decision "
                          f"(a whole number from 1 to {MAX_SIMULATIONS:,})")
    return int(count)
