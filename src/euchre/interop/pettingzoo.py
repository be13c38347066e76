"""Euchre as a PettingZoo AEC environment, for every playable preset (the ``pettingzoo`` extra: ``pip install -e '.[pettingzoo]'``).

Laid out as PettingZoo's classic card games are (``pettingzoo/classic``, e.g. Leduc
hold'em and Texas hold'em): :func:`env` returns :class:`raw_env` inside the classic
wrappers, agents are ``player_0`` .. ``player_3`` (seats N, E, S, W; N-S play together
against E-W), and each agent's observation is a dict:

- ``"observation"``: :func:`euchre.interop.features.observation` of the agent's
  :class:`~euchre.core.views.PlayerView` (787 float32 elements in [0, 1]; the layout is
  in :mod:`euchre.interop.features` and ``docs/research.md``). It is made from the view
  and nothing else, so it holds no card the seat may not see.
- ``"action_mask"``: 93 int8 elements, 1 for each legal action code of
  :class:`~euchre.core.actions.Action` (0 pass, 1 order up, 3..6 name a suit, 20 + card
  the dealer's discard, 60 + card play a card, ...); all 0 for an agent whose turn it is
  not.

The action space is ``Discrete(93)``: an action is an :class:`~euchre.core.actions.Action`
code. An episode is a game to the preset's target (``episode="game"``, the default) or
one deal (``episode="hand"``). Rewards come after each hand (``reward="hand"``: each
agent gets its side's points for the hand minus the other side's, so an episode's
rewards add up to the score difference) or once at the end of the game
(``reward="game"``: +1 to the winners, -1 to the losers, 2 for a slam when the rules
score slams). A game that reaches ``max_hands`` without a winner is truncated with no
game reward.

Illegal moves follow PettingZoo's classic convention: :func:`env` wraps the environment
in ``TerminateIllegalWrapper(illegal_reward=-1)``, so an illegal action ends the episode
with -1 for the agent that took it and 0 for the others. The unwrapped :class:`raw_env`
refuses an illegal action with :class:`~euchre.core.errors.IllegalActionError` and leaves
the game unchanged.

``reset(seed=N)`` makes the game repeat exactly (the seating, the first dealer and every
deal come from the seed); ``reset()`` without a seed goes on with the same generator.

PettingZoo and Gymnasium are imported by this module only.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from euchre.core.errors import ActionTypeError, EuchreTypeError, EuchreValueError, RulesError
from euchre.core.game import Game
from euchre.core.hand import HandState
from euchre.core.presets import DEFAULT_PRESET, PLAYABLE_PRESETS, preset
from euchre.core.rules import Rules
from euchre.core.views import view_of
from euchre.interop import features

ENV_NAME = "euchre_v0"
"""The environment's name in PettingZoo's metadata."""

AGENTS: tuple[str, ...] = ("player_0", "player_1", "player_2", "player_3")
"""The agents, by seat: N, E, S, W."""

REWARDS = ("hand", "game")
"""The reward schemes: points after every hand, or the game's result at its end."""

EPISODES = ("game", "hand")
"""What one episode is: a game to the target, or one deal."""

DEFAULT_MAX_HANDS = 100
"""Hands after which a game with no winner is truncated (a game to 10 is over within 19
hands that score; only thrown-in hands make it longer)."""

ILLEGAL_REWARD = -1
"""The reward of an agent whose illegal action ends the episode (PettingZoo's classic
convention, through ``TerminateIllegalWrapper``)."""

Observation = dict[str, Any]


def env(preset: str = DEFAULT_PRESET, **kwargs: Any) -> AECEnv[str, Observation, int]:
    """The Euchre environment with PettingZoo's classic wrappers: illegal moves end the
    episode with :data:`ILLEGAL_REWARD` for the offender (``TerminateIllegalWrapper``),
    actions outside the action space are refused (``AssertOutOfBoundsWrapper``), and the
    calls must come in PettingZoo's order (``OrderEnforcingWrapper``).

    Args:
        preset: a playable preset (``euchre rules`` lists them).
        **kwargs: the other arguments of :class:`raw_env`.

    Raises:
        As :class:`raw_env`.
    """
    environment: AECEnv[str, Observation, int] = raw_env(preset, **kwargs)
    environment = wrappers.TerminateIllegalWrapper(environment, illegal_reward=ILLEGAL_REWARD)
    environment = wrappers.AssertOutOfBoundsWrapper(environment)
    environment = wrappers.OrderEnforcingWrapper(environment)
    return environment


def _rules_of(name: object, options: object, rules: object) -> Rules:
    if rules is not None:
        if not isinstance(rules, Rules):
            raise EuchreTypeError(f"rules must be a Rules value (e.g. preset('dc-club-1862')), not {type(rules).__name__}")
        if name != DEFAULT_PRESET or options:
            raise EuchreValueError("give either rules, or a preset with options, not both")
        return features.check_rules(features.require_four_hand(rules, "the PettingZoo environment"))
    if not isinstance(name, str):
        raise EuchreTypeError(f"preset must be a preset name, not {type(name).__name__} {name!r}")
    if name not in PLAYABLE_PRESETS:
        raise RulesError(f"preset {name!r} is not playable; playable presets: {', '.join(PLAYABLE_PRESETS)}")
    base = preset(name)
    if options is None:
        return features.check_rules(features.require_four_hand(base, "the PettingZoo environment"))
    if not isinstance(options, Mapping):
        raise EuchreTypeError(f"options must be a mapping of option names to values, not {type(options).__name__}")
    return features.check_rules(features.require_four_hand(base.replace(**dict(options)), "the PettingZoo environment"))


def observation_of(hand: HandState, seat: int, score: tuple[int, int] = (0, 0)) -> Observation:
    """An agent's observation of ``hand``: ``{"observation": ..., "action_mask": ...}``, made
    from the seat's :class:`~euchre.core.views.PlayerView` and nothing else (what
    :meth:`raw_env.observe` returns).

    Args:
        hand: the hand being played.
        seat: the agent's seat (0..3 = N, E, S, W).
        score: the game score (N-S, E-W) before this hand.

    Raises:
        EuchreTypeError / EuchreValueError: as :func:`~euchre.core.views.view_of`.
    """
    view = view_of(hand, seat, score)
    return {"observation": features.observation(view), "action_mask": features.action_mask(view)}


class raw_env(AECEnv[str, Observation, int], EzPickle):  # type: ignore[misc]  # PettingZoo ships no types; the name is its own
    """Euchre for four agents, unwrapped (see the module docstring; :func:`env` adds the
    classic wrappers).

    Args:
        preset: a playable preset name (default ``modern-standard``).
        options: options to change in the preset, e.g. ``{"defend_alone": True}``
            (:meth:`~euchre.core.rules.Rules.replace`).
        rules: a complete :class:`~euchre.core.rules.Rules` instead of preset and options.
        reward: ``"hand"`` (points after each hand) or ``"game"`` (the result at the end).
        episode: ``"game"`` (to the target) or ``"hand"`` (one deal; needs ``reward="hand"``).
        max_hands: hands after which a game with no winner is truncated (>= 1).
        render_mode: None or ``"ansi"`` (``render()`` returns the table as text, every
            hand shown: for people watching, never for agents).

    Raises:
        RulesError: the preset is unknown or not playable, or an option is wrong.
        EuchreTypeError / EuchreValueError: another argument of the wrong type or value.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo reads it from the class
        "render_modes": ["ansi"],
        "name": ENV_NAME,
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(self, preset: str = DEFAULT_PRESET, *, options: Mapping[str, Any] | None = None,
                 rules: Rules | None = None, reward: str = "hand", episode: str = "game",
                 max_hands: int = DEFAULT_MAX_HANDS, render_mode: str | None = None) -> None:
        EzPickle.__init__(self, preset, options=options, rules=rules, reward=reward, episode=episode,
                          max_hands=max_hands, render_mode=render_mode)
        super().__init__()
        self.rules = _rules_of(preset, options, rules)
        if reward not in REWARDS:
            raise EuchreValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        if episode not in EPISODES:
            raise EuchreValueError(f"episode must be one of {', '.join(EPISODES)}, not {episode!r}")
        if episode == "hand" and reward == "game":
            raise EuchreValueError("an episode of one hand has no game result: use reward='hand' with episode='hand'")
        if isinstance(max_hands, bool) or not isinstance(max_hands, int):
            raise EuchreTypeError(f"max_hands must be a whole number, not {max_hands!r}")
        if max_hands < 1:
            raise EuchreValueError(f"max_hands must be at least 1, not {max_hands}")
        if render_mode not in (None, "ansi"):
            raise EuchreValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.reward_scheme = reward
        self.episode = episode
        self.max_hands = max_hands
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(low=0.0, high=1.0, shape=(features.OBSERVATION_SIZE,), dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(features.ACTION_SIZE,), dtype=np.int8),
            }) for a in AGENTS
        }
        self.action_spaces = {a: spaces.Discrete(features.ACTION_SIZE) for a in AGENTS}
        self._rng = random.Random()
        self._game: Game | None = None
        self._hand: HandState | None = None
        self._score_before: tuple[int, int] = (0, 0)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in AGENTS}
        self.agent_selection = AGENTS[0]

    # ------------------------------------------------------------------ spaces
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's observation space (the same object on every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's action space, ``Discrete(93)`` (the same object on every call)."""
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ episode
    @property
    def game(self) -> Game:
        """The game being played (for analysis and tests; agents see only their observation).

        Raises:
            EuchreValueError: before the first ``reset()``."""
        if self._game is None:
            raise EuchreValueError("the environment has no game before reset()")
        return self._game

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new episode: the draw for seats and the first dealer, then the first deal.

        Args:
            seed: seeds the episode's random generator (seating, dealers, every deal); the
                same seed gives the same episode. None goes on with the generator as it is.
            options: ``{"game": g}`` starts the episode from the :class:`~euchre.core.game.Game`
                ``g`` as it stands (a given deal, a score to start from, a recorded
                position) instead of a new game; ``g`` is played on, not copied. Other keys
                are ignored (PettingZoo's ``api_test`` passes one of its own).

        Raises:
            EuchreTypeError: the seed is not an int or None, or ``options["game"]`` is not a Game.
            EuchreValueError: that game is over or has other rules than the environment.
        """
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, int | np.integer):
                raise EuchreTypeError(f"seed must be a whole number or None, not {seed!r}")
            self._rng = random.Random(int(seed))
        given = options.get("game") if isinstance(options, dict) else None
        if given is not None:
            if not isinstance(given, Game):
                raise EuchreTypeError(f"options['game'] must be a Game, not {type(given).__name__}")
            if given.is_over or given.rules != self.rules:
                raise EuchreValueError("options['game'] must be a game in progress under the environment's rules")
            self._game = given
        else:
            self._game = Game(self.rules, seed=self._rng.getrandbits(63), max_hands=self.max_hands)
        self._hand = self._game.hand
        self._score_before = (self._game.score[0], self._game.score[1])
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos = {a: {} for a in AGENTS}
        self.agent_selection = AGENTS[self._game.turn]

    def observe(self, agent: str) -> Observation:
        """The agent's observation: ``{"observation": ..., "action_mask": ...}`` from its
        seat's :class:`~euchre.core.views.PlayerView` of the hand being played (of the last
        hand once the episode is over).

        Raises:
            EuchreValueError: before ``reset()``, or an agent that is not one of :data:`AGENTS`.
        """
        if self._hand is None:
            raise EuchreValueError("observe() before reset()")
        if agent not in AGENTS:
            raise EuchreValueError(f"no agent {agent!r}; the agents are {', '.join(AGENTS)}")
        return observation_of(self._hand, AGENTS.index(agent), self._score_before)

    def step(self, action: int | None) -> None:
        """The agent to act (``agent_selection``) takes ``action``, an action code; a
        terminated or truncated agent takes None.

        Raises:
            IllegalActionError: the action is not legal now (nothing changes; :func:`env`
                turns this into the end of the episode instead).
            ActionTypeError: the action is not a whole number.
            ValueError: a finished agent was given an action (PettingZoo's own check).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self.game
        if isinstance(action, bool) or not isinstance(action, int | np.integer):
            raise ActionTypeError(f"an action is a whole number (an Action code 0..{features.ACTION_SIZE - 1}), "
                                  f"not {type(action).__name__} {action!r}")
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        result = game.apply(int(action))
        if result is not None:
            finished = game.finished_hands[-1]
            if self.reward_scheme == "hand":
                for seat, a in enumerate(AGENTS):
                    team = self.rules.table.team[seat]
                    self.rewards[a] = float(result.points[team] - result.points[1 - team])
            if self.episode == "hand":
                self._end(finished, truncated=False)
            elif game.result is not None:
                if self.reward_scheme == "game":
                    for seat, a in enumerate(AGENTS):
                        won = self.rules.table.team[seat] == game.result.winner
                        tie = game.result.winner is None  # a progressive round's equal scores: nobody wins
                        self.rewards[a] = 0.0 if tie else float(game.result.games if won else -game.result.games)
                self._end(finished, truncated=False)
            elif game.is_over:
                self._end(finished, truncated=True)
            else:
                self._hand = game.hand
                self._score_before = (game.score[0], game.score[1])
        if not (self.terminations[agent] or self.truncations[agent]):
            self.agent_selection = AGENTS[game.turn]
        self._accumulate_rewards()

    def _end(self, last_hand: HandState, truncated: bool) -> None:
        """The episode is over: every agent terminated (or truncated); observations show
        the last hand."""
        self._hand = last_hand
        if truncated:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self.terminations = dict.fromkeys(self.agents, True)

    # ------------------------------------------------------------------ display
    def render(self) -> str | None:
        """With ``render_mode="ansi"``: the hand being played as text, every seat's cards
        shown, and the score; else None."""
        if self.render_mode != "ansi" or self._hand is None:
            return None
        return f"{self._hand!r} score N-S {self._score_before[0]} E-W {self._score_before[1]}"

    def close(self) -> None:
        """Nothing to release."""
