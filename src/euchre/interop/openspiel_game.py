"""Our engine as an OpenSpiel Python game, ``python_euchre``, for every playable preset.

Importing this module registers the game with ``pyspiel.register_game``; then
``pyspiel.load_game("python_euchre", {"preset": "dc-club-1862"})`` (or the string form
``"python_euchre(preset=dc-club-1862,mode=game)"``) gives a ``pyspiel.Game`` that
OpenSpiel's algorithms play. The module :mod:`euchre.interop.openspiel` is the other way
round: it maps our cards and actions to OpenSpiel's own C++ ``euchre`` game (one rule set,
24 cards, one deal); this game plays all of ours, to the target if asked.

Parameters (``GAME_TYPE.parameter_specification``): ``preset``, ``mode`` (``hand`` or
``game``), ``max_hands`` and every option of :class:`~euchre.core.rules.Rules` by its name
(:mod:`euchre.interop.openspiel_params`).

The players are the table's seats, 0..n-1 (2 to 6 by preset: at the four-hand table N, E,
S, W, N-S against E-W; two-handed, cutthroat and call-ace each for himself). Actions are
the codes of :class:`~euchre.core.actions.Action`: ``num_distinct_actions`` is
:func:`euchre.interop.features.action_size` (93; 133 under ``call_for_best``, whose cards
given face down are codes 100..132); numbers in the range that are no action of the rules
are never legal. Chance nodes deal the dealer and then the cards one by one
(:mod:`euchre.interop.openspiel_progress`).

Information state: its string is everything the player has seen in order, every hand of
the game so far (:func:`euchre.interop.features.information_state_text`); its tensor is
:func:`euchre.interop.features.information_state` of the hand being played (perfect
recall within the hand; earlier hands enter through the score). Observation:
:func:`euchre.interop.features.observation` and its text. All of them are computed from
the player's :class:`~euchre.core.views.PlayerView`, seats relative to the player (the
one feature encoder, :mod:`euchre.analysis.features`).

:meth:`EuchreState.resample_from_infostate` draws a state the player cannot tell from
this one: every hand's hidden cards are dealt again by
:func:`~euchre.core.sampling.sample_world`, which keeps the player's own cards, every card
played, the upcard taken up, and every void shown (a player who did not follow suit holds
no card of the suit led).

The returns are per seat from what the engine scores per side
(:mod:`euchre.interop.rewards`): zero-sum, and only at the end
(``RewardModel.TERMINAL``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel

from euchre.core.actions import action_text
from euchre.core.cards import card_code
from euchre.core.errors import EuchreValueError
from euchre.core.presets import DEFAULT_PRESET
from euchre.core.rules import Rules
from euchre.interop import features
from euchre.interop.openspiel_params import (
    DEFAULT_MAX_HANDS,
    GAME_NAME,
    MODES,
    PARAMETERS,
    parameters_of,
    rules_from_parameters,
    string_safe,
)
from euchre.interop.openspiel_progress import Progress

__all__ = [
    "DEFAULT_MAX_HANDS", "GAME_NAME", "GAME_TYPE", "MODES", "PARAMETERS", "EuchreGame", "EuchreObserver",
    "EuchreState", "Progress", "load_game", "max_decisions_per_hand", "parameters_of", "rules_from_parameters",
]

MIN_PLAYERS = 2
"""The fewest seats of a table (two-handed)."""

MAX_PLAYERS = 7
"""The most seats a table may have (:class:`~euchre.core.seats.Table`)."""


def max_decisions_per_hand(rules: Rules) -> int:
    """Player decisions in one hand of ``rules``, at most: the calls (the rows of the
    feature layout's ``calls`` section, :func:`~euchre.analysis.features.call_rows`) and
    five cards played by each seat."""
    lay = features.layout(rules)
    return lay.calls + 5 * lay.seats


GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Euchre (the euchre package's engine: every preset, one deal or a game)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_PLAYERS,
    min_num_players=MIN_PLAYERS,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=PARAMETERS,
)
"""The registered game type."""


def load_game(rules: Rules | str = DEFAULT_PRESET, mode: str = "hand", max_hands: int = DEFAULT_MAX_HANDS) -> Any:
    """The ``pyspiel.Game`` of ``python_euchre`` for a preset name or a :class:`Rules`.

    Raises:
        As :func:`rules_from_parameters`; RulesTypeError for rules that are neither.
    """
    if isinstance(rules, str):
        params: dict[str, Any] = {"preset": rules, "mode": mode, "max_hands": max_hands}
    else:
        params = parameters_of(rules, mode, max_hands)
        params.setdefault("mode", mode)
    return pyspiel.load_game(GAME_NAME, string_safe(params))


# ---------------------------------------------------------------------------- pyspiel classes
class EuchreGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no types
    """OpenSpiel's view of the game (see the module docstring for the parameters).

    Raises:
        RulesError / EuchreTypeError / EuchreValueError: bad parameters (see
            :func:`rules_from_parameters`).
    """

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        given = dict(params or {})
        self.rules, self.mode, self.max_hands = rules_from_parameters(given)
        decisions = max_decisions_per_hand(self.rules)
        if self.mode == "hand":
            low, high, length = -float(self.rules.max_hand_points), float(self.rules.max_hand_points), decisions
        else:
            games = 2.0 if self.rules.slams else 1.0
            low, high, length = -games, games, decisions * self.max_hands
        info = pyspiel.GameInfo(
            num_distinct_actions=features.action_size(self.rules),
            max_chance_outcomes=features.CARD_SLOTS,
            num_players=self.rules.table.seats,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0,
            max_game_length=length,
        )
        shown = {k: v for k, v in given.items() if k in PARAMETERS and v != PARAMETERS[k]}
        super().__init__(GAME_TYPE, info, string_safe(shown))

    def new_initial_state(self) -> EuchreState:
        """A new episode: chance chooses the (first) dealer."""
        return EuchreState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> EuchreObserver:
        """The observer of information states (``perfect_recall``) or observations.

        Raises:
            EuchreValueError: observation parameters, or an observation type other than a
                player's own (private information of one player, public information on).
        """
        return EuchreObserver(self.rules, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class EuchreState(pyspiel.State):  # type: ignore[misc]  # pyspiel ships no types
    """A state of ``python_euchre``: a :class:`Progress` behind OpenSpiel's State API."""

    def __init__(self, game: EuchreGame) -> None:
        super().__init__(game)
        self.progress = Progress(game.rules, game.mode, game.max_hands)

    def current_player(self) -> int:
        """The player to act (a seat), ``PlayerId.CHANCE`` while dealing, ``PlayerId.TERMINAL`` at the end."""
        return self.progress.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        """The player's legal action codes, ascending."""
        return self.progress.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The dealer (a seat) or the undealt cards, each equally likely."""
        return self.progress.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.progress.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        """``Dealer N`` / ``Deal JH`` for chance, else the action's text (``order``, ``play-JH``)."""
        if player == pyspiel.PlayerId.CHANCE:
            if self.progress.dealer == -1:
                return f"Dealer {self.progress.rules.table.letters[action]}"
            return f"Deal {card_code(action)}"
        return action_text(int(action))

    def is_terminal(self) -> bool:
        """True once the deal (``hand`` mode) or the game (``game`` mode) is over."""
        return self.progress.over

    def returns(self) -> list[float]:
        """See :meth:`Progress.returns`."""
        return self.progress.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> EuchreState:
        """A state with the same information state for ``player_id``, the hidden cards
        dealt again consistently with what the player has seen (see the module docstring).

        Args:
            player_id: the player (a seat, 0..n-1).
            probability_sampler: a callable returning a float in [0, 1) (OpenSpiel's
                ``UniformProbabilitySampler``); one call seeds the draw.

        Raises:
            EuchreValueError: a player that is not a seat.
        """
        seats = self.progress.seats
        if isinstance(player_id, bool) or not isinstance(player_id, int) or not 0 <= player_id < seats:
            raise EuchreValueError(f"player_id must be 0..{seats - 1}, not {player_id!r}")
        rng = random.Random(int(float(probability_sampler()) * 2**53))
        state = self.get_game().new_initial_state()
        for action in self.progress.resampled_actions(player_id, rng):
            state.apply_action(action)
        return state  # type: ignore[no-any-return]

    def __str__(self) -> str:
        return self.progress.describe()


class EuchreObserver:
    """OpenSpiel's Python observer (``open_spiel/python/observation.py``): ``tensor`` and
    its named sections in ``dict``, filled by :meth:`set_from`; :meth:`string_from`.

    Args:
        rules: the game's rules (the layout's table).
        iig_obs_type: ``perfect_recall`` gives the information state, else the observation.
        params: must be empty.

    Raises:
        EuchreValueError: see :meth:`EuchreGame.make_py_observer`.
    """

    def __init__(self, rules: Rules, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise EuchreValueError(f"{GAME_NAME} takes no observation parameters, not {params!r}")
        if not iig_obs_type.public_info or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            raise EuchreValueError(f"{GAME_NAME} observes for one player (public information and that player's "
                                   "private information), not another observation type")
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        lay = features.layout(rules)
        sections = features.information_state_sections(rules) if self.perfect_recall else lay.sections
        size = sum(n for _, n in sections)
        self.tensor = np.zeros(size, np.float32)
        n, cards = lay.seats, features.CARD_SLOTS
        shapes = {"calls": (lay.calls, n + len(features.CALL_KINDS)), "shown": (n, cards), "played": (n, cards),
                  "trick": (n, cards), "void": (n, 5), "tricks": (features.TRICKS, n, n + cards)}
        self.dict: dict[str, Any] = {}
        at = 0
        for name, n in sections:
            self.dict[name] = self.tensor[at:at + n].reshape(shapes.get(name, (n,)))
            at += n

    def set_from(self, state: EuchreState, player: int) -> None:
        """Fill ``tensor`` with ``player``'s view of ``state``."""
        self.tensor.fill(0)
        state.progress.fill(player, self.tensor, self.perfect_recall)

    def string_from(self, state: EuchreState, player: int) -> str:
        """``player``'s information state or observation of ``state`` as text."""
        return state.progress.text(player, self.perfect_recall)


pyspiel.register_game(GAME_TYPE, EuchreGame)
