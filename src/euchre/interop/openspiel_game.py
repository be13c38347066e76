"""Our engine as an OpenSpiel Python game, ``python_euchre``, for every playable preset.

Importing this module registers the game with ``pyspiel.register_game``; then
``pyspiel.load_game("python_euchre", {"preset": "dc-club-1862"})`` (or the string form
``"python_euchre(preset=dc-club-1862,mode=game)"``) gives a ``pyspiel.Game`` that
OpenSpiel's algorithms play. The module :mod:`euchre.interop.openspiel` is the other way
round: it maps our cards and actions to OpenSpiel's own C++ ``euchre`` game (one rule set,
24 cards, one deal); this game plays all of ours, to the target if asked.

Parameters (``GAME_TYPE.parameter_specification``):

- ``preset`` (str, default ``modern-standard``): a playable preset (``euchre rules``).
- ``mode`` (str): ``hand`` (default; an episode is one deal, returned as points) or
  ``game`` (a game to the rules' target; +1 to the winners, -1 to the losers, 2 for a
  slam when the rules score slams).
- ``max_hands`` (int, default 100): in ``game`` mode a game that has no winner after this
  many hands ends drawn (all returns 0).
- every option of :class:`~euchre.core.rules.Rules` by its name: a bool or int option
  takes an int (-1, the default, keeps the preset's value; 0 and 1 are false and true for a
  bool), a str option takes a str ("" keeps the preset's; a ``_`` may stand for a ``-`` in
  a value, since OpenSpiel's game strings read ``2-3`` as a number). For example
  ``python_euchre(preset=dc-club-1862,defend_alone=1,game_target=7)``.

The players 0..3 are the seats N, E, S, W (N-S against E-W). Actions are the codes 0..92 of
:class:`~euchre.core.actions.Action` (93 distinct actions; the numbers 18, 19 and 53..59
are never legal). Chance nodes deal: first the dealer (outcomes 0..3, uniform; in ``game``
mode only the first dealer, then the deal passes as the rules say), then one card at a
time, card ``k`` (0-based) to the ``k``-th seat clockwise from the dealer himself, as
OpenSpiel's euchre deals, then the card turned up (and, when the joker is turned up under
``joker_turned_up = turn_next_card``, the next card). Card outcomes are our card numbers
(0..32, 32 the joker), uniform over the undealt cards of the deck, so every deal of 24, 28
or 32 cards (with the joker 25, 29, 33) is as likely as under a shuffle; the kitty's other
cards are never dealt (nothing shows them).

Information state: its string is everything the player has seen in order, every hand of
the game so far (:func:`euchre.interop.features.information_state_text`); its tensor is
:func:`euchre.interop.features.information_state` of the hand being played (1527
elements: perfect recall within the hand; earlier hands enter through the score).
Observation: :func:`euchre.interop.features.observation` (787 elements) and its text.
All of them are computed from the player's :class:`~euchre.core.views.PlayerView`.

:meth:`EuchreState.resample_from_infostate` draws a state the player cannot tell from
this one: every hand's hidden cards are dealt again by
:func:`~euchre.core.sampling.sample_world`, which keeps the player's own cards, every card
played, the upcard taken up, and every void shown (a player who did not follow suit holds
no card of the suit led).

The game's returns are zero-sum and come only at the end (``RewardModel.TERMINAL``).
"""

from __future__ import annotations

import copy
import dataclasses
import random
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import pyspiel

from euchre.core.actions import action_text
from euchre.core.cards import JOKER, card_code, cards_of, deck_cards
from euchre.core.errors import EuchreTypeError, EuchreValueError, IllegalActionError, RulesError
from euchre.core.hand import HandState
from euchre.core.presets import DEFAULT_PRESET, PLAYABLE_PRESETS, preset, preset_of
from euchre.core.rules import OPTION_NAMES, Rules
from euchre.core.sampling import sample_world
from euchre.core.seats import SEAT_LETTERS
from euchre.core.views import PlayerView, view_of
from euchre.interop import features

GAME_NAME = "python_euchre"
"""The game's short name in OpenSpiel's registry."""

MODES = ("hand", "game")
"""An episode is one deal (``hand``) or a game to the target (``game``)."""

DEFAULT_MAX_HANDS = 100
"""In ``game`` mode, hands after which a game with no winner ends drawn."""

NUM_PLAYERS = 4

MAX_DECISIONS_PER_HAND = 11 + 20
"""Player decisions in one hand, at most: 11 calls (round one, four, then a takeover, the
discard, the alone decision and two defenders: 9; or both rounds, eight, then the alone
decision and two defenders: 11) and 20 cards played."""

MAX_CHANCE_PER_HAND = 20 + 2
"""Chance outcomes of one hand's deal: 20 cards, the card turned up, and the next one when
the joker turned up is set aside."""

_UNSET_INT = -1
_UNSET_STR = ""
_FIELDS = {f.name: f for f in dataclasses.fields(Rules)}


def _unset(name: str) -> int | str:
    return _UNSET_STR if isinstance(_FIELDS[name].default, str) else _UNSET_INT


PARAMETERS: dict[str, Any] = {
    "preset": DEFAULT_PRESET,
    "mode": "hand",
    "max_hands": DEFAULT_MAX_HANDS,
    **{name: _unset(name) for name in OPTION_NAMES},
}
"""The game's parameters and their defaults (see the module docstring)."""

GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Euchre (the euchre package's engine: every preset, one deal or a game)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=NUM_PLAYERS,
    min_num_players=NUM_PLAYERS,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=PARAMETERS,
)
"""The registered game type."""


# ---------------------------------------------------------------------------- parameters
def _option_value(name: str, value: Any) -> Any:
    """A parameter's value as the option's own value (bool, int or str)."""
    default = _FIELDS[name].default
    if isinstance(default, bool):
        if value not in (0, 1) or isinstance(value, bool):
            raise RulesError(f"parameter {name} is 0 (false), 1 (true) or -1 (the preset's), not {value!r}")
        return bool(value)
    if isinstance(default, int):
        return value
    choices = _FIELDS[name].metadata["choices"]
    if choices is not None and value not in choices and value.replace("_", "-") in choices:
        return value.replace("_", "-")
    return value


def rules_from_parameters(params: Mapping[str, Any]) -> tuple[Rules, str, int]:
    """The rules, mode and hand limit that game parameters ask for.

    Args:
        params: a mapping of parameter names (see :data:`PARAMETERS`) to values; missing
            ones take their defaults.

    Returns:
        ``(rules, mode, max_hands)``.

    Raises:
        RulesError: an unknown parameter, a preset that is not playable, or an option value
            the rules refuse (the message names it).
        EuchreTypeError: a value of the wrong type.
        EuchreValueError: a mode or hand limit that is not allowed.
    """
    if not isinstance(params, Mapping):
        raise EuchreTypeError(f"game parameters are a mapping of names to values, not {type(params).__name__}")
    unknown = sorted(set(params) - set(PARAMETERS))
    if unknown:
        raise RulesError(f"unknown parameter(s) of {GAME_NAME}: {', '.join(unknown)}")
    given = {**PARAMETERS, **params}
    for name, value in given.items():
        if type(value) is not type(PARAMETERS[name]):
            raise EuchreTypeError(f"parameter {name} takes a {type(PARAMETERS[name]).__name__}, not {value!r}")
    name = given["preset"]
    if name not in PLAYABLE_PRESETS:
        raise RulesError(f"preset {name!r} is not playable; playable presets: {', '.join(PLAYABLE_PRESETS)}")
    if given["mode"] not in MODES:
        raise EuchreValueError(f"mode is one of {', '.join(MODES)}, not {given['mode']!r}")
    if given["max_hands"] < 1:
        raise EuchreValueError(f"max_hands must be at least 1, not {given['max_hands']}")
    changes = {opt: _option_value(opt, given[opt]) for opt in OPTION_NAMES if given[opt] != _unset(opt)}
    rules = features.require_four_hand(preset(name).replace(**changes), f"OpenSpiel's {GAME_NAME}")
    return features.check_rules(rules), given["mode"], given["max_hands"]


def parameters_of(rules: Rules, mode: str = "hand", max_hands: int = DEFAULT_MAX_HANDS) -> dict[str, Any]:
    """Game parameters that play ``rules`` (the inverse of :func:`rules_from_parameters`):
    the playable preset that differs from ``rules`` in the fewest options, and each option
    that differs; ``mode`` and ``max_hands`` when they are not the defaults.

    Raises:
        RulesTypeError: ``rules`` is not a Rules.
    """
    name = preset_of(rules) or min(PLAYABLE_PRESETS, key=lambda p: sum(
        getattr(rules, opt) != getattr(preset(p), opt) for opt in OPTION_NAMES))
    base = preset(name)
    out: dict[str, Any] = {"preset": name}
    if mode != "hand":
        out["mode"] = mode
    if max_hands != DEFAULT_MAX_HANDS:
        out["max_hands"] = max_hands
    for opt in OPTION_NAMES:
        value = getattr(rules, opt)
        if value != getattr(base, opt):
            out[opt] = int(value) if isinstance(value, bool) else value
    return out


def _string_safe(params: Mapping[str, Any]) -> dict[str, Any]:
    """Parameters as OpenSpiel writes them in a game string, which must read back the same:
    a text of digits and ``-`` (a packet pattern such as ``2-3``) would read as a number,
    so its ``-`` are written ``_`` (:func:`rules_from_parameters` reads them back)."""
    out = dict(params)
    for k, v in out.items():
        if isinstance(v, str) and v and set(v) <= set("+-0123456789."):
            out[k] = v.replace("-", "_")
    return out


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
    return pyspiel.load_game(GAME_NAME, _string_safe(params))


# ---------------------------------------------------------------------------- the game's state
class Progress:
    """Where an episode stands, without OpenSpiel: the deal so far, the hand being played,
    the hands finished and the score. :class:`EuchreState` holds one (its only Python
    attribute, so OpenSpiel's clone, which deep-copies the attributes, copies this cheaply).

    Args:
        rules: the rules; ``mode``: ``hand`` or ``game``; ``max_hands``: see the module.
    """

    def __init__(self, rules: Rules, mode: str, max_hands: int) -> None:
        self.rules = rules
        self.mode = mode
        self.max_hands = max_hands
        self.deck = tuple(deck_cards(rules.deck, rules.joker))
        self.actions: list[int] = []
        self.dealer = -1
        self.dealt: list[int] = []
        self.hand: HandState | None = None
        self.finished: list[HandState] = []
        self.scores_before: list[tuple[int, int]] = []
        self.score = [0, 0]
        self.winner = -1
        self.games = 0
        self.over = False

    # -------------------------------------------------------------- copying
    def __deepcopy__(self, memo: dict[int, Any]) -> Progress:
        other = copy.copy(self)
        other.actions = list(self.actions)
        other.dealt = list(self.dealt)
        other.hand = self.hand.copy() if self.hand is not None and not self.hand.is_over else self.hand
        other.finished = list(self.finished)  # a finished hand never changes again
        other.scores_before = list(self.scores_before)
        other.score = list(self.score)
        return other

    def __reduce__(self) -> tuple[Callable[..., Progress], tuple[Any, ...]]:
        return (_replayed, (self.rules.to_dict(), self.mode, self.max_hands, tuple(self.actions)))

    # -------------------------------------------------------------- queries
    @property
    def dealing(self) -> bool:
        """True while chance deals (the dealer or a card)."""
        return not self.over and self.hand is None

    def current_player(self) -> int:
        """The seat to act, or ``pyspiel.PlayerId.CHANCE`` / ``TERMINAL``."""
        if self.over:
            return int(pyspiel.PlayerId.TERMINAL)
        if self.hand is None:
            return int(pyspiel.PlayerId.CHANCE)
        return self.hand.turn

    def deal_order(self, dealer: int) -> tuple[int, ...]:
        """The seats in the order they receive cards: the dealer first, then clockwise."""
        return self.rules.table.clockwise_from(dealer)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of the chance node and their probabilities (uniform).

        Raises:
            EuchreValueError: this is not a chance node."""
        if not self.dealing:
            raise EuchreValueError("chance_outcomes() at a node that is not a chance node")
        if self.dealer == -1:
            return [(s, 1 / NUM_PLAYERS) for s in range(NUM_PLAYERS)]
        taken = set(self.dealt)
        left = [c for c in self.deck if c not in taken]
        return [(c, 1 / len(left)) for c in left]

    def legal_actions(self) -> list[int]:
        """The legal actions, ascending: chance outcomes at a chance node, none at the end."""
        if self.over:
            return []
        if self.hand is None:
            return [a for a, _ in self.chance_outcomes()]
        return sorted(self.hand.legal_codes())

    def returns(self) -> list[float]:
        """Each player's return: 0 until the end; then in ``hand`` mode the player's side's
        points minus the other side's, in ``game`` mode +games for the winners and -games
        for the losers (0 for a game drawn at ``max_hands``)."""
        if not self.over:
            return [0.0] * NUM_PLAYERS
        team = self.rules.table.team
        if self.mode == "hand":
            points = self.finished[-1].result.points if self.finished[-1].result is not None else (0, 0)
            return [float(points[team[s]] - points[1 - team[s]]) for s in range(NUM_PLAYERS)]
        if self.winner == -1:
            return [0.0] * NUM_PLAYERS
        return [float(self.games if team[s] == self.winner else -self.games) for s in range(NUM_PLAYERS)]

    # -------------------------------------------------------------- acting
    def apply(self, action: int) -> None:
        """Apply a chance outcome or a player's action code.

        Raises:
            IllegalActionError: the action is not legal here (nothing changes).
        """
        if self.over:
            raise IllegalActionError("the episode is over; no action is legal", str(action))
        if self.hand is not None:
            self.hand.apply(action)
            self.actions.append(action)
            if self.hand.is_over:
                self._end_hand()
            return
        if action not in self.legal_actions():
            raise IllegalActionError(f"chance outcome {action} is not one of this node's outcomes", str(action))
        self.actions.append(action)
        if self.dealer == -1:
            self.dealer = action
            return
        self.dealt.append(action)
        turned = self.dealt[20:]
        if not turned or (turned == [JOKER] and self.rules.joker_turned_up == "turn_next_card"):
            return  # more cards to deal
        order = self.deal_order(self.dealer)
        hands: list[list[int]] = [[] for _ in range(NUM_PLAYERS)]
        for k, card in enumerate(self.dealt[:20]):
            hands[order[k % NUM_PLAYERS]].append(card)
        dealt = set(self.dealt)
        stock = turned + [c for c in self.deck if c not in dealt]
        self.hand = HandState.from_deal(self.rules, self.dealer, hands, stock)
        self.scores_before.append((self.score[0], self.score[1]))

    def _end_hand(self) -> None:
        """Score the hand; end the episode or get ready to deal the next hand. The same
        steps as :class:`euchre.core.game.Game` (``_end_hand``): the score, the game won
        when a side reaches the target (a slam counts 2 under ``slams``), the deal passing
        left unless a passed-out hand is dealt again by the same dealer."""
        hand = self.hand
        if hand is None or hand.result is None:  # pragma: no cover - called only at a hand's end
            raise EuchreValueError("internal error: no finished hand to score")
        result = hand.result
        self.finished.append(hand)
        self.score = [self.score[0] + result.points[0], self.score[1] + result.points[1]]
        if self.mode == "hand":
            self.over = True
            return
        if not self.rules.plays_to_target:
            # A progressive round (RULES.md decision 24): the hands played, not passed
            # out, end it; the side with more points wins, equal points are a draw.
            played = sum(1 for h in self.finished if h.result is not None
                         and h.result.played)
            if played >= self.rules.progressive_hands:
                a, b = self.score
                self.winner = 0 if a > b else 1 if b > a else -1
                self.games = 1
                self.over = True
                return
        target = self.rules.game_target
        leaders = [t for t in (0, 1) if self.score[t] >= target] if self.rules.plays_to_target else []
        if leaders:
            self.winner = leaders[0]
            self.games = 2 if (self.rules.slams and self.score[1 - self.winner] == 0) else 1
            self.over = True
            return
        if len(self.finished) >= self.max_hands:
            self.over = True
            return
        if not (result.passed_out and not result.forfeit and self.rules.all_pass_round2 == "same_dealer_redeals"):
            self.dealer = self.rules.table.left[self.dealer]
        self.hand = None
        self.dealt = []

    # -------------------------------------------------------------- what a player knows
    def hands_seen(self) -> list[tuple[HandState, tuple[int, int]]]:
        """Every hand dealt so far in full, with the score before it."""
        hands = list(self.finished)
        if self.hand is not None and not self.hand.is_over:
            hands.append(self.hand)
        return list(zip(hands, self.scores_before, strict=True))

    def view(self, seat: int) -> PlayerView | None:
        """The seat's view of the hand being played (the last one at the end), or None
        while its cards are being dealt."""
        seen = self.hands_seen()
        if self.dealing or not seen:
            return None
        hand, before = seen[-1]
        return view_of(hand, seat, before)

    def _own_dealt(self, seat: int) -> list[int]:
        """The cards dealt so far to ``seat`` in the deal under way, lowest first (the order
        they came in is not part of what the seat knows)."""
        if self.dealer == -1:
            return []
        order = self.deal_order(self.dealer)
        return sorted(c for k, c in enumerate(self.dealt[:20]) if order[k % NUM_PLAYERS] == seat)

    def fill(self, seat: int, out: Any, perfect_recall: bool) -> None:
        """Write the seat's information state (``perfect_recall``) or observation into the
        zeroed array ``out``."""
        view = self.view(seat)
        if view is not None:
            (features.fill_information_state if perfect_recall else features.fill_observation)(view, out)
            return
        lay = features.OBSERVATION_LAYOUT
        out[lay["seat"].start + seat] = 1
        if self.dealer != -1:
            out[lay["dealer"].start + self.dealer] = 1
        for c in self._own_dealt(seat):
            out[lay["hand"].start + c] = 1
        target = self.rules.game_target if self.rules.plays_to_target else features.PROGRESSIVE_SCALE
        out[lay["score"].start] = min(self.score[0] / target, 1.0)
        out[lay["score"].start + 1] = min(self.score[1] / target, 1.0)

    def text(self, seat: int, perfect_recall: bool) -> str:
        """The seat's information state string (``perfect_recall``: every hand so far) or
        observation string (the hand being played)."""
        parts = []
        if perfect_recall:
            parts = [f"hand {i + 1}: {features.information_state_text(view_of(h, seat, before))}"
                     for i, (h, before) in enumerate(self.hands_seen())]
        view = self.view(seat)
        if self.dealing:
            dealer = SEAT_LETTERS[self.dealer] if self.dealer != -1 else "-"
            cards = " ".join(card_code(c) for c in self._own_dealt(seat)) or "-"
            parts.append(f"hand {len(self.finished) + 1}: seat {SEAT_LETTERS[seat]} dealer {dealer} "
                         f"score {self.score[0]}-{self.score[1]} dealing, cards {cards}")
        elif not perfect_recall and view is not None:
            parts.append(features.observation_text(view))
        return " | ".join(parts)

    def describe(self) -> str:
        """The whole state as text (every card; for debugging and OpenSpiel's checks)."""
        head = f"{self.mode} hand {len(self.finished) + (0 if self.dealing or self.over else 1)} score {self.score[0]}-{self.score[1]}"
        if self.over:
            return f"{head} over: {self.finished[-1]!r} {self.finished[-1].result!r}"
        if self.hand is None:
            dealer = SEAT_LETTERS[self.dealer] if self.dealer != -1 else "-"
            return f"{head} dealer {dealer} dealing {' '.join(card_code(c) for c in self.dealt) or '-'}"
        calls = " ".join(f"{SEAT_LETTERS[s]}:{action_text(c)}" for s, c in self.hand.history) or "-"
        return f"{head} {self.hand!r} history {calls}"

    # -------------------------------------------------------------- resampling
    def resampled_actions(self, seat: int, rng: random.Random) -> list[int]:
        """The actions of an episode that ``seat`` cannot tell from this one, its hidden
        cards dealt again: for every hand, a world from :func:`sample_world` of the seat's
        view (the same calls and plays, the seat's own cards, every shown void kept); for a
        deal under way, the other seats' cards dealt so far drawn from the unseen ones."""
        out = self.actions[:1]  # the first dealer is public
        for hand, before in self.hands_seen():
            world = sample_world(view_of(hand, seat, before), rng)
            out.extend(self._deal_actions(world))
            out.extend(code for _, code in world.history)
        if self.dealing and self.dealer != -1:
            order = self.deal_order(self.dealer)
            known = set(self._own_dealt(seat)) | set(self.dealt[20:])
            unseen = [c for c in self.deck if c not in known]
            rng.shuffle(unseen)
            for k, card in enumerate(self.dealt):
                out.append(card if (k >= 20 or order[k % NUM_PLAYERS] == seat) else unseen.pop())
        return out

    def _deal_actions(self, hand: HandState) -> list[int]:
        """The chance outcomes that deal ``hand``: its 20 cards in the order of
        :meth:`deal_order` (each seat's lowest first), then the card(s) turned up."""
        order = self.deal_order(hand.dealer)
        cards = [list(cards_of(hand.deal_hands[s])) for s in range(NUM_PLAYERS)]
        out = [cards[order[k % NUM_PLAYERS]][k // NUM_PLAYERS] for k in range(20)]
        out.extend([JOKER, hand.upcard] if hand.joker_aside else [hand.upcard])
        return out


def _replayed(rules: dict[str, Any], mode: str, max_hands: int, actions: tuple[int, ...]) -> Progress:
    """A :class:`Progress` rebuilt by replaying its actions (unpickling)."""
    progress = Progress(Rules.from_dict(rules), mode, max_hands)
    for a in actions:
        progress.apply(a)
    return progress


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
        if self.mode == "hand":
            low, high, length = -float(self.rules.max_hand_points), float(self.rules.max_hand_points), MAX_DECISIONS_PER_HAND
        else:
            games = 2.0 if self.rules.slams else 1.0
            low, high, length = -games, games, MAX_DECISIONS_PER_HAND * self.max_hands
        info = pyspiel.GameInfo(
            num_distinct_actions=features.ACTION_SIZE,
            max_chance_outcomes=features.CARD_SLOTS,
            num_players=NUM_PLAYERS,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0,
            max_game_length=length,
        )
        shown = {k: v for k, v in given.items() if k in PARAMETERS and v != PARAMETERS[k]}
        super().__init__(GAME_TYPE, info, _string_safe(shown))

    def new_initial_state(self) -> EuchreState:
        """A new episode: chance chooses the (first) dealer."""
        return EuchreState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> EuchreObserver:
        """The observer of information states (``perfect_recall``) or observations.

        Raises:
            EuchreValueError: observation parameters, or an observation type other than a
                player's own (private information of one player, public information on).
        """
        return EuchreObserver(iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class EuchreState(pyspiel.State):  # type: ignore[misc]  # pyspiel ships no types
    """A state of ``python_euchre``: a :class:`Progress` behind OpenSpiel's State API."""

    def __init__(self, game: EuchreGame) -> None:
        super().__init__(game)
        self.progress = Progress(game.rules, game.mode, game.max_hands)

    def current_player(self) -> int:
        """The player to act (0..3), ``PlayerId.CHANCE`` while dealing, ``PlayerId.TERMINAL`` at the end."""
        return self.progress.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        """The player's legal action codes, ascending."""
        return self.progress.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The dealer (0..3) or the undealt cards, each equally likely."""
        return self.progress.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.progress.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        """``Dealer N`` / ``Deal JH`` for chance, else the action's text (``order``, ``play-JH``)."""
        if player == pyspiel.PlayerId.CHANCE:
            if self.progress.dealer == -1:
                return f"Dealer {SEAT_LETTERS[action]}"
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
            player_id: the player (0..3).
            probability_sampler: a callable returning a float in [0, 1) (OpenSpiel's
                ``UniformProbabilitySampler``); one call seeds the draw.

        Raises:
            EuchreValueError: a player that is not 0..3.
        """
        if isinstance(player_id, bool) or not isinstance(player_id, int) or not 0 <= player_id < NUM_PLAYERS:
            raise EuchreValueError(f"player_id must be 0..3, not {player_id!r}")
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
        iig_obs_type: ``perfect_recall`` gives the information state, else the observation.
        params: must be empty.

    Raises:
        EuchreValueError: see :meth:`EuchreGame.make_py_observer`.
    """

    def __init__(self, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise EuchreValueError(f"{GAME_NAME} takes no observation parameters, not {params!r}")
        if not iig_obs_type.public_info or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            raise EuchreValueError(f"{GAME_NAME} observes for one player (public information and that player's "
                                   "private information), not another observation type")
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        sections = features.INFORMATION_STATE_SECTIONS if self.perfect_recall else features.OBSERVATION_SECTIONS
        size = sum(n for _, n in sections)
        self.tensor = np.zeros(size, np.float32)
        shapes = {"calls": (features.MAX_CALLS, features.CALL_WIDTH), "played": (4, features.CARD_SLOTS),
                  "trick": (4, features.CARD_SLOTS), "tricks": (features.TRICKS, 4, 4 + features.CARD_SLOTS)}
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
