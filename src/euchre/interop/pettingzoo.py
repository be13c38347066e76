"""Euchre as a PettingZoo AEC environment, for every playable preset (the ``pettingzoo`` extra: ``pip install -e '.[pettingzoo]'``).

Laid out as PettingZoo's classic card games are (``pettingzoo/classic``, e.g. Leduc
hold'em and Texas hold'em): :func:`env` returns :class:`raw_env` inside the classic
wrappers, and the agents are the table's seats, ``player_0`` .. ``player_{n-1}`` (at the
four-hand table N, E, S, W, N-S playing together against E-W; two-handed, cutthroat and
call-ace seat 2 to 6 players each for himself). Each agent's observation is a dict:

- ``"observation"``: :func:`euchre.interop.features.observation` of the agent's
  :class:`~euchre.core.views.PlayerView`: the one feature encoder's elements
  (:mod:`euchre.analysis.features`; seats and sides relative to the agent, relative seat
  0 the agent itself, then the next seats in turn order) scaled into [0, 1], float32
  (1,064 elements at the four-hand table; the layout is in ``docs/research.md``). It is
  made from the view and nothing else, so it holds no card the seat may not see.
- ``"action_mask"``: one int8 element per action code, 1 for each legal action code of
  :class:`~euchre.core.actions.Action` (0 pass, 1 order up, 3..6 name a suit, 20 + card
  the dealer's discard, 53..56 call-ace's call, 60 + card play a card, 100 + card give a
  card for best); all 0 for an agent whose turn it is not.

The action space is ``Discrete(features.action_size(rules))`` (93 codes; 133 under
``call_for_best``). An episode is a game to the preset's target (``episode="game"``, the
default) or one deal (``episode="hand"``). Rewards come after each hand
(``reward="hand"``) or once at the end of the game (``reward="game"``), per seat from what
the engine scores per side (:func:`euchre.interop.rewards.seat_rewards`): at the
partnership and two-handed tables a seat's side's points for the hand minus the other
side's, so an episode's rewards add up to the score difference, and +1 to the winners, -1
to the losers (2 for a slam when the rules score slams); where several players play each
for himself, the player's points (or games) minus the mean of the others'. At call-ace the
maker and his hidden partner each score for himself, as the engine scores them. A game
that reaches ``max_hands`` without a winner is truncated with no game reward.

**No parallel API.** PettingZoo's ``aec_to_parallel`` needs every live agent to act at
once at each step (``metadata["is_parallelizable"]``); in Euchre one seat acts at a time,
in an order the play decides (the trick's winner leads, a lone player's partner sits out,
the dealer discards between two bids), so the game has no simultaneous moves to offer and
``is_parallelizable`` is False, as for PettingZoo's own classic card games.

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
from euchre.interop.rewards import game_values, seat_rewards

ENV_NAME = "euchre_v0"
"""The environment's name in PettingZoo's metadata."""

def agent_names(seats: int) -> tuple[str, ...]:
    """The agents of a table of ``seats``, by seat: ``player_0`` .. ``player_{seats-1}``."""
    return tuple(f"player_{s}" for s in range(seats))


AGENTS: tuple[str, ...] = agent_names(4)
"""The agents of the four-hand table, by seat: N, E, S, W."""

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
        return features.check_rules(rules)
    if not isinstance(name, str):
        raise EuchreTypeError(f"preset must be a preset name, not {type(name).__name__} {name!r}")
    if name not in PLAYABLE_PRESETS:
        raise RulesError(f"preset {name!r} is not playable; playable presets: {', '.join(PLAYABLE_PRESETS)}")
    base = preset(name)
    if options is None:
        return features.check_rules(base)
    if not isinstance(options, Mapping):
        raise EuchreTypeError(f"options must be a mapping of option names to values, not {type(options).__name__}")
    return features.check_rules(base.replace(**dict(options)))


def observation_of(hand: HandState, seat: int, score: tuple[int, ...] | None = None) -> Observation:
    """An agent's observation of ``hand``: ``{"observation": ..., "action_mask": ...}``, made
    from the seat's :class:`~euchre.core.views.PlayerView` and nothing else (what
    :meth:`raw_env.observe` returns).

    Args:
        hand: the hand being played.
        seat: the agent's seat (0..seats-1; N, E, S, W at the four-hand table).
        score: the game score per side before this hand (None: all 0).

    Raises:
        EuchreTypeError / EuchreValueError: as :func:`~euchre.core.views.view_of`.
    """
    view = view_of(hand, seat, score)
    return {"observation": features.observation(view), "action_mask": features.action_mask(view)}


class raw_env(AECEnv[str, Observation, int], EzPickle):  # type: ignore[misc]  # PettingZoo ships no types; the name is its own
    """Euchre for one agent per seat, unwrapped (see the module docstring; :func:`env` adds the
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
        self.seat_agents = agent_names(self.rules.table.seats)
        agents = self.seat_agents
        self.possible_agents = list(agents)
        self.agents = list(agents)
        size = features.layout(self.rules).size
        actions = features.action_size(self.rules)
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(low=0.0, high=1.0, shape=(size,), dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
            }) for a in agents
        }
        self.action_spaces = {a: spaces.Discrete(actions) for a in agents}
        self._rng = random.Random()
        self._game: Game | None = None
        self._hand: HandState | None = None
        self._score_before: tuple[int, ...] = (0,) * len(self.rules.table.teams)
        self.rewards = dict.fromkeys(agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(agents, 0.0)
        self.terminations = dict.fromkeys(agents, False)
        self.truncations = dict.fromkeys(agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in agents}
        self.agent_selection = agents[0]

    # ------------------------------------------------------------------ spaces
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's observation space (the same object on every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's action space, ``Discrete(features.action_size(rules))`` (the same
        object on every call)."""
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
        self._score_before = tuple(self._game.score)
        agents = self.seat_agents
        self.agents = list(agents)
        self.rewards = dict.fromkeys(agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(agents, 0.0)
        self.terminations = dict.fromkeys(agents, False)
        self.truncations = dict.fromkeys(agents, False)
        self.infos = {a: {} for a in agents}
        self.agent_selection = agents[self._game.turn]

    def observe(self, agent: str) -> Observation:
        """The agent's observation: ``{"observation": ..., "action_mask": ...}`` from its
        seat's :class:`~euchre.core.views.PlayerView` of the hand being played (of the last
        hand once the episode is over).

        Raises:
            EuchreValueError: before ``reset()``, or an agent that is not one of
                ``possible_agents``.
        """
        if self._hand is None:
            raise EuchreValueError("observe() before reset()")
        if agent not in self.seat_agents:
            raise EuchreValueError(f"no agent {agent!r}; the agents are {', '.join(self.seat_agents)}")
        return observation_of(self._hand, self.seat_agents.index(agent), self._score_before)

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
            raise ActionTypeError(f"an action is a whole number (an Action code 0..{features.action_size(self.rules) - 1}), "
                                  f"not {type(action).__name__} {action!r}")
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        result = game.apply(int(action))
        if result is not None:
            finished = game.finished_hands[-1]
            table = self.rules.table
            if self.reward_scheme == "hand":
                for a, r in zip(self.seat_agents, seat_rewards(table, result.points), strict=True):
                    self.rewards[a] = r
            if self.episode == "hand":
                self._end(finished, truncated=False)
            elif game.result is not None:
                if self.reward_scheme == "game":
                    # a progressive round's equal scores: nobody wins, all 0
                    values = seat_rewards(table, game_values(table, game.result))
                    for a, r in zip(self.seat_agents, values, strict=True):
                        self.rewards[a] = r
                self._end(finished, truncated=False)
            elif game.is_over:
                self._end(finished, truncated=True)
            else:
                self._hand = game.hand
                self._score_before = tuple(game.score)
        if not (self.terminations[agent] or self.truncations[agent]):
            self.agent_selection = self.seat_agents[game.turn]
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
        table = self.rules.table
        score = " ".join(f"{name} {points}" for name, points in zip(table.team_names, self._score_before, strict=True))
        return f"{self._hand!r} score {score}"

    def close(self) -> None:
        """Nothing to release."""
