"""A bidding policy learned from self-play outcomes: the values of rounds one and two
of the bidding by a small neural network over features of the bidder's view.

**What is learned.** For a bidding decision of round one (pass, order up, order up
alone) or round two (pass, name a suit, alone or not) the model gives each action's
*value*: the expected points of the hand for the bidder's side less the opponents'
(:func:`euchre.bots.rollout.hand_value` at a score where no hand ends the game), when
every later decision of the hand, the bidding included, is the ``intermediate``
heuristic's. That is the quantity the ``expert``'s rollouts estimate over 32 sampled
worlds (:func:`euchre.bots.rollout.rollout_decision`); the model estimates it from
hundreds of thousands of real deals instead, in microseconds.

**The features** (:func:`features`, :data:`FEATURE_NAMES`): the bidder's role (dealer,
dealer's partner, eldest, third hand), the rank of the upcard, and for each of four
suits taken as trump (the upcard's suit, next, then the two cross suits, the one this
hand is stronger in first, :func:`suit_order`) the heuristic's estimate of the tricks
the hand takes (:mod:`euchre.bots.bidding`; for the dealer in round one, after taking up
and discarding), what the upcard adds to a dealing partner, the bowers and the ace,
king, queen, ten and nine of that trump held, the count of trumps, of off-suit aces and
of off suits void. Only the view is read (the cards in hand, the upcard, the seats).

**The model file** (``euchre/data/bidding-<preset>.json``): per round the features'
mean and scale, the weights of one hidden layer of rectified units and the output
layer, the action each output values, and how it was made (preset, deals, seed, the
command). :data:`MODEL_SHA256` records each shipped file's checksum; the script
``scripts/train_bidding.py`` makes it (data by :mod:`euchre.analysis.bidding_data`,
training by scikit-learn's ``MLPRegressor``).

A model applies only to the rules it was trained under (:func:`model_for`): the
four-hand partnership game of its preset.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from euchre.bots.bidding import Seats, _named_estimate, _upcard_estimate, target_of
from euchre.bots.knowledge import Knowledge, knowledge_of
from euchre.core.actions import Action
from euchre.core.cards import ACE, JACK, SAME_COLOUR, SUIT_MASK
from euchre.core.errors import EuchreError, MissingExtraError
from euchre.core.hand import Phase
from euchre.core.presets import preset
from euchre.core.rules import Rules
from euchre.core.views import PlayerView

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray


def _need_numpy() -> None:
    """Check that numpy can be imported, before a function imports it: the network's
    arrays are the one thing of the bots that needs a package beyond the standard library
    (the ``bots`` extra), and only where a model decides (:func:`model_for`: the rules of
    a shipped model; the expert's bidding elsewhere, and every other level, need none).

    Raises:
        MissingExtraError: numpy is not installed.
    """
    try:
        import numpy  # noqa: F401
    except ImportError as exc:
        raise MissingExtraError("the expert bot's learned bidding", "bots", "numpy") from exc

ROLES: tuple[str, ...] = ("dealer", "partner", "eldest", "third")
"""The bidder's role, by seats after the dealer: the dealer, the dealer's partner, the
eldest hand (left of the dealer), the third hand (right of the dealer)."""

UPCARD_RANKS: tuple[int, ...] = (2, 3, 4, 5, 6, 7)
"""The ranks of a 24-card deck's upcard (9, 10, J, Q, K, A as :mod:`euchre.core.cards` numbers them)."""

TRUMP_CARDS: tuple[str, ...] = ("right", "left", "A", "K", "Q", "T", "9")
"""The trumps a suit block records as held or not, highest first."""

SUIT_BLOCKS: tuple[str, ...] = ("up", "next", "cross1", "cross2")
"""The four suits as trump, in the order of :func:`suit_order`."""

_BLOCK_FIELDS: tuple[str, ...] = ("own", "upcard_help", *TRUMP_CARDS, "trumps", "off_aces", "voids")

FEATURE_NAMES: tuple[str, ...] = (
    *(f"role.{r}" for r in ROLES),
    *(f"upcard.{'9TJQKA'[i]}" for i in range(len(UPCARD_RANKS))),
    *(f"{b}.{f}" for b in SUIT_BLOCKS for f in _BLOCK_FIELDS),
)
"""The name of every feature, in order (``up.own``: the tricks estimate with the upcard's
suit as trump, ``cross1.left``: the left bower of the first cross suit held, ...)."""

WIDTH = len(FEATURE_NAMES)
"""The number of features."""

ROUND_OUTPUTS: dict[int, tuple[str, ...]] = {
    1: ("pass", "order", "order-alone"),
    2: ("pass", "next", "next-alone", "cross1", "cross1-alone", "cross2", "cross2-alone"),
}
"""The actions each round's model values, in the order of its outputs."""

MODEL_SHA256: dict[str, str] = {
    # .venv/bin/python scripts/train_bidding.py --preset modern-standard --deals 60000
    #     --round2-deals 200000 --seed 1 --workers 2 --out src/euchre/data/bidding-modern-standard.json
    # (172,295 round-one and 64,448 round-two rows; 1,252 s on two cores)
    "modern-standard": "4f109a1b1f2e422c42df1aa98e9f14d92ceb7646d3b9a25c254482dc31aaff6f",
    # .venv/bin/python scripts/train_bidding.py --preset openspiel --deals 60000
    #     --round2-deals 100000 --seed 1 --workers 2 --out src/euchre/data/bidding-openspiel.json
    # (172,301 round-one and 39,677 round-two rows; 799 s on two cores)
    "openspiel": "ee3d5ed0c0740716f12aae6b80862c66b5ac1b31fc5ec671af8a8f587e9a76df",
}
"""The SHA-256 of each shipped model file by preset (``scripts/train_bidding.py`` prints
it; a test checks the files against it)."""


def role_of(view: PlayerView) -> int:
    """The bidder's role, an index of :data:`ROLES`."""
    seats = Seats.of(view)
    if seats.me == seats.dealer:
        return 0
    if seats.partner == seats.dealer:
        return 1
    return 2 if seats.me == seats.eldest else 3


def suit_order(view: PlayerView, own: dict[int, float]) -> tuple[int, int, int, int]:
    """The suits in the order of :data:`SUIT_BLOCKS`: the upcard's suit, next (its
    colour's other suit), then the two cross suits, the one with the higher estimate
    ``own`` (tricks by suit) first, the lower suit number on a tie."""
    up = view.upcard >> 3
    nxt = SAME_COLOUR[up]
    cross = sorted((s for s in range(4) if s not in (up, nxt)), key=lambda s: (-own[s], s))
    return up, nxt, cross[0], cross[1]


def _block(hand: int, trump: int, own: float, help_: float) -> list[float]:
    """The features of one suit as trump for the cards ``hand`` (a mask)."""
    right = trump * 8 + JACK
    left = SAME_COLOUR[trump] * 8 + JACK
    ranks = (ACE, ACE - 1, ACE - 2, ACE - 4, ACE - 5)  # A, K, Q, 10, 9
    held = [hand >> right & 1, hand >> left & 1, *(hand >> (trump * 8 + r) & 1 for r in ranks)]
    trumps = (hand & SUIT_MASK[trump][trump]).bit_count()
    off = [s for s in range(4) if s != trump]
    aces = sum(hand >> (s * 8 + ACE) & 1 for s in off)
    voids = sum(1 for s in off if not hand & SUIT_MASK[trump][s])
    return [own, help_, *map(float, held), float(trumps), float(aces), float(voids)]


def features(view: PlayerView, kn: Knowledge | None = None) -> tuple[NDArray[np.float64], tuple[int, int, int, int]]:
    """The features of a round-one or round-two bidding view (:data:`FEATURE_NAMES`) and
    the suits of its blocks (:func:`suit_order`).

    Raises:
        EuchreError: the view is not a four-hand partnership game's bidding decision with a
            24-card deck (the tables the models are trained for).
    """
    if view.phase not in (Phase.BID_ROUND_1, Phase.BID_ROUND_2):
        raise EuchreError(f"the learned bidding values rounds one and two, not {view.phase.name}")
    if view.table.seats != 4 or view.table.individual or view.rules.deck != 24 or view.rules.joker:
        raise EuchreError("the learned bidding is trained for the four-hand partnership game with a 24-card deck")
    kn = kn if kn is not None else knowledge_of(view)
    seats = Seats.of(view)
    up = view.upcard >> 3
    estimates = {s: (_upcard_estimate(view, kn, s, seats) if s == up else _named_estimate(view, kn, s)) for s in range(4)}
    order = suit_order(view, {s: e.own for s, e in estimates.items()})
    row: list[float] = [0.0] * (len(ROLES) + len(UPCARD_RANKS))
    row[role_of(view)] = 1.0
    row[len(ROLES) + UPCARD_RANKS.index(view.upcard & 7)] = 1.0
    for s in order:
        e = estimates[s]
        row += _block(e.hand, s, e.own, e.upcard_help)
    _need_numpy()
    import numpy as np

    return np.array(row, dtype=np.float64), order


def output_actions(view: PlayerView, order: tuple[int, int, int, int]) -> tuple[Action, ...]:
    """The action each output of the view's round values (:data:`ROUND_OUTPUTS`), for
    the suits ``order`` of :func:`features`."""
    if view.phase == Phase.BID_ROUND_1:
        return (Action.PASS, Action.ORDER_UP, Action.ORDER_UP_ALONE)
    named = [Action.name_trump(s, alone) for s in order[1:] for alone in (False, True)]
    return (Action.PASS, *named)


def value_bounds(rules: Rules, action: Action) -> tuple[float, float]:
    """The least and the most a hand can be worth to the bidder's side (its points less
    the opponents') after a bidding action: making trump with a partner, at most a march;
    alone, at most a lone march; anything else, and at worst, the most one hand can score
    under the rules (:attr:`euchre.core.rules.Rules.max_hand_points`: a euchre, a
    super-euchre, a lone defence, as the rules have them).

    Returns:
        ``(lowest, highest)`` in points.
    """
    most = float(rules.max_hand_points)
    if action == Action.PASS:
        return (-most, most)
    return (-most, float(rules.points_lone_march if action.is_alone else rules.points_march))


@dataclass(frozen=True)
class Layer:
    """One round's network: ``relu((x - mean) / scale @ w1 + b1) @ w2 + b2``.

    Attributes:
        mean, scale: per feature, shape (WIDTH,).
        w1, b1: the hidden layer, shapes (WIDTH, H) and (H,).
        w2, b2: the outputs, shapes (H, len(outputs)) and (len(outputs),).
        outputs: the action each output values (:data:`ROUND_OUTPUTS` names).
    """

    mean: NDArray[np.float64]
    scale: NDArray[np.float64]
    w1: NDArray[np.float64]
    b1: NDArray[np.float64]
    w2: NDArray[np.float64]
    b2: NDArray[np.float64]
    outputs: tuple[str, ...]

    def predict(self, x: NDArray[np.float64]) -> NDArray[np.float64]:
        """The outputs for features ``x`` of shape (WIDTH,) or (N, WIDTH)."""
        _need_numpy()
        import numpy as np

        hidden = np.maximum((x - self.mean) / self.scale @ self.w1 + self.b1, 0.0)
        out: NDArray[np.float64] = hidden @ self.w2 + self.b2
        return out


@dataclass(frozen=True)
class BiddingModel:
    """A learned bidding model (see the module docstring).

    Attributes:
        preset: the preset whose rules it was trained under.
        rules: those rules.
        rounds: the network of round 1 and of round 2.
        meta: how it was made (deals, seed, command, ...), as the file records it.
    """

    preset: str
    rules: Rules
    rounds: dict[int, Layer]
    meta: dict[str, Any]

    def values(self, view: PlayerView, kn: Knowledge | None = None) -> dict[Action, float]:
        """The value of each legal action of a round-one or round-two view: points of the
        hand for the bidder's side less the opponents' (see the module docstring), held
        within what the hand can score after that action (:func:`value_bounds`; a
        network can stray past it on a hand rarer than its data, a lone march valued at
        4.5 points).

        Raises:
            EuchreError: a view the model is not for (another phase or table), or an action
                it has no output for.
        """
        x, order = features(view, kn)
        round_no = 1 if view.phase == Phase.BID_ROUND_1 else 2
        layer = self.rounds[round_no]
        out = layer.predict(x)
        by_action = dict(zip(output_actions(view, order), (float(v) for v in out), strict=True))
        missing = [a for a in view.legal if a not in by_action]
        if missing:
            raise EuchreError(f"the learned bidding has no value for {', '.join(str(a) for a in missing)}")
        held = {}
        for action in view.legal:
            low, high = value_bounds(view.rules, action)
            held[action] = min(max(by_action[action], low), high)
        return held

    def choose(self, view: PlayerView, kn: Knowledge | None = None) -> Action:
        """The legal action of highest value (the earlier legal action on a tie).

        Raises:
            EuchreError: as :meth:`values`.
        """
        values = self.values(view, kn)
        return max(view.legal, key=lambda a: values[a])


def _array(data: Any, shape: tuple[int, ...], what: str) -> NDArray[np.float64]:
    _need_numpy()
    import numpy as np

    try:
        array = np.asarray(data, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise EuchreError(f"the bidding model's {what} is not an array of numbers") from exc
    if array.shape != shape or not np.all(np.isfinite(array)):
        raise EuchreError(f"the bidding model's {what} has shape {array.shape}, not {shape}, or a number that is not finite")
    return array


def parse_model(text: str) -> BiddingModel:
    """A :class:`BiddingModel` from the JSON text of a model file.

    Raises:
        EuchreError: not JSON, an unknown preset, a feature list other than
            :data:`FEATURE_NAMES`, outputs other than :data:`ROUND_OUTPUTS`, or arrays of
            the wrong shapes.
    """
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise EuchreError(f"the bidding model is not JSON: {exc}") from exc
    if not isinstance(data, dict) or not isinstance(data.get("rounds"), dict):
        raise EuchreError("the bidding model is a JSON object with 'rounds'")
    if data.get("features") != list(FEATURE_NAMES):
        raise EuchreError("the bidding model's features are not this version's FEATURE_NAMES")
    name = data.get("preset")
    if not isinstance(name, str):
        raise EuchreError(f"the bidding model names no preset: {name!r}")
    rules = preset(name)
    rounds: dict[int, Layer] = {}
    for round_no, outputs in ROUND_OUTPUTS.items():
        raw = data["rounds"].get(str(round_no))
        if not isinstance(raw, dict) or raw.get("outputs") != list(outputs):
            raise EuchreError(f"the bidding model's round {round_no} does not value {', '.join(outputs)}")
        b1 = _array(raw.get("b1"), (len(raw.get("b1") or ()),), f"round {round_no} b1")
        hidden = b1.shape[0]
        rounds[round_no] = Layer(
            mean=_array(raw.get("mean"), (WIDTH,), f"round {round_no} mean"),
            scale=_array(raw.get("scale"), (WIDTH,), f"round {round_no} scale"),
            w1=_array(raw.get("w1"), (WIDTH, hidden), f"round {round_no} w1"),
            b1=b1,
            w2=_array(raw.get("w2"), (hidden, len(outputs)), f"round {round_no} w2"),
            b2=_array(raw.get("b2"), (len(outputs),), f"round {round_no} b2"),
            outputs=outputs,
        )
        if (rounds[round_no].scale <= 0).any():
            raise EuchreError(f"the bidding model's round {round_no} scale has a number <= 0")
    meta = data.get("meta")
    return BiddingModel(name, rules, rounds, meta if isinstance(meta, dict) else {})


def model_file(preset_name: str) -> str:
    """The file name of a preset's shipped model, within the package's ``data``."""
    return f"bidding-{preset_name}.json"


def shipped_bytes(preset_name: str) -> bytes | None:
    """The bytes of a preset's shipped model file, or None when none is shipped."""
    path = resources.files("euchre") / "data" / model_file(preset_name)
    return path.read_bytes() if path.is_file() else None


@cache
def shipped_model(preset_name: str) -> BiddingModel | None:
    """A preset's shipped model, or None when none is shipped.

    Raises:
        EuchreError: the file does not match :data:`MODEL_SHA256` or does not parse.
    """
    raw = shipped_bytes(preset_name)
    if raw is None:
        return None
    digest = hashlib.sha256(raw).hexdigest()
    if MODEL_SHA256.get(preset_name) != digest:
        raise EuchreError(f"the shipped bidding model of {preset_name} has SHA-256 {digest}, not the recorded one")
    return parse_model(raw.decode("utf-8"))


def model_for(rules: Rules) -> BiddingModel | None:
    """The shipped model trained under these rules, or None: the rules must be the
    model's own but for ``game_target`` (the model values the points of one hand, and
    :func:`model_for_view` leaves the last march of a game to the rollouts)."""
    for name in MODEL_SHA256:
        if not _same_hand_rules(preset(name), rules):
            continue  # a file holds its own preset's model (test_learned_bidding): numpy not needed for others
        model = shipped_model(name)
        if model is not None and _same_hand_rules(model.rules, rules):
            return model
    return None


def with_call_bias(values: dict[Action, float], bias: float) -> dict[Action, float]:
    """``values`` (points per hand by action) with ``bias`` points added to every call,
    every action but the pass (``RolloutSettings.call_bias``)."""
    if not bias:
        return dict(values)
    return {a: v if a == Action.PASS else v + bias for a, v in values.items()}


def _same_hand_rules(trained: Rules, rules: Rules) -> bool:
    if rules == trained:
        return True
    if rules.game_target == trained.game_target:
        return False
    try:
        return rules.replace(game_target=trained.game_target) == trained
    except EuchreError:
        return False


def model_for_view(view: PlayerView) -> BiddingModel | None:
    """The shipped model that decides this view, or None where none does: the view is not
    round one or two of the bidding, no model was trained under its rules
    (:func:`model_for`: the same but for the game target), or a side is within a march
    of the game target (the model values points of one hand, not what they do for the
    game; there the rollouts of
    :func:`euchre.bots.rollout.rollout_decision` value the game).
    """
    if view.phase not in (Phase.BID_ROUND_1, Phase.BID_ROUND_2):
        return None
    model = model_for(view.rules)
    if model is None:
        return None
    target = target_of(view)
    if any(target - points <= view.rules.points_march for points in view.score):
        return None
    return model
