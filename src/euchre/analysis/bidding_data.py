"""Training data for the learned bidding (:mod:`euchre.bots.learned`): every bidding
decision of self-play hands, with the outcome of every action the bidder could take.

For each deal (dealt from the deal's own seed, the dealer rotating with the deal's
index) the hand is played by four ``intermediate`` heuristics. At each of its decisions
in round one or two with more than one legal action the bidder's features are recorded
(:func:`euchre.bots.learned.features`), and every legal action is tried: the hand is
copied, the action applied and the rest played out by the same players (each seeing
only its own view). The heuristic's own choice needs no extra play-out: its outcome is
the one the hand itself reaches. The target of an action is the hand's points for the
bidder's side less the opponents' (:func:`euchre.bots.rollout.hand_value` at 0-0, where
no hand ends a game to 10); an output no action of the view maps to (an alone output in
rules that declare alone later, a stuck dealer's pass) takes the value of the action
the heuristic chose, and its mask is 0.

With ``play_worlds`` N > 0 the players are searching players instead: every seat bids,
discards and decides alone as the heuristic does, and plays its cards by Perfect
Information Monte Carlo over N worlds drawn from its view
(:class:`euchre.bots.search.PimcBot`), in the hand and in every play-out: a call's
worth when searching players make and defend it (issue 37; under ``openspiel`` the
heuristic's outcomes came within 0.04 points of theirs, docs/strength.md, "Bidding
values from searching players").

Deterministic by seed: deal ``i`` of seed ``s`` is the same on every machine and in
every worker (:func:`deal_seed`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
from numpy.typing import NDArray

from euchre.analysis.parallel import Backend, open_pool
from euchre.bots.heuristic import HeuristicBot
from euchre.bots.learned import ROUND_OUTPUTS, WIDTH, features, output_actions
from euchre.bots.rollout import hand_value, play_out
from euchre.bots.search import PimcBot
from euchre.core.errors import EuchreError
from euchre.core.hand import HandState, Phase
from euchre.core.presets import preset
from euchre.core.views import view_of

CHUNK = 200
"""Deals per task handed to a worker."""

SEARCH_CHUNK = 20
"""Deals per task when searching players play the cards (each deal about 25 times
slower at 10 worlds: 0.1 s against 4 ms)."""


@dataclass
class RoundData:
    """The rows of one round: features ``x`` (N, WIDTH), targets ``y`` (N, outputs) and
    ``mask`` (N, outputs), 1 where the target is the outcome of that very action."""

    x: list[list[float]] = field(default_factory=list)
    y: list[list[float]] = field(default_factory=list)
    mask: list[list[int]] = field(default_factory=list)

    def extend(self, other: RoundData) -> None:
        """Append ``other``'s rows after these."""
        self.x += other.x
        self.y += other.y
        self.mask += other.mask

    def arrays(self) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.int8]]:
        """The rows as arrays (float64, float64, int8)."""
        outputs = len(self.y[0]) if self.y else 0
        return (np.array(self.x, dtype=np.float64).reshape(-1, WIDTH), np.array(self.y, dtype=np.float64).reshape(-1, outputs),
                np.array(self.mask, dtype=np.int8).reshape(-1, outputs))


def deal_seed(seed: int, index: int) -> int:
    """The seed of deal ``index`` of a data set of seed ``seed``."""
    return (seed * 1_000_003 + index) & 0xFFFF_FFFF_FFFF


def _bots(seed: int, play_worlds: int = 0) -> list[HeuristicBot]:
    if play_worlds:
        return [PimcBot(seed * 4 + s, worlds=play_worlds) for s in range(4)]
    return [HeuristicBot(seed * 4 + s) for s in range(4)]


def _check_play_worlds(play_worlds: object) -> None:
    if type(play_worlds) is not int or play_worlds < 0:
        raise EuchreError(f"play_worlds is a whole number >= 0 (0: the heuristic plays the cards), not {play_worlds!r}")


def deal_rows(preset_name: str, seed: int, index: int, rounds: tuple[int, ...] = (1, 2),
              play_worlds: int = 0) -> dict[int, RoundData]:
    """The rows of one deal (see the module docstring), by round; decisions of a round
    not in ``rounds`` are played but not recorded (and cost no play-outs).

    Args:
        play_worlds: 0, the heuristic plays the cards in every seat; N > 0, PIMC over N
            worlds per card decision.

    Raises:
        EuchreError: an unknown preset, or one that is not the four-hand partnership game
            with a 24-card deck; ``play_worlds`` not a whole number >= 0.
    """
    _check_play_worlds(play_worlds)
    rules = preset(preset_name)
    rng = random.Random(deal_seed(seed, index))
    state = HandState.deal(rules, rules.table.left_of(0, index), rng)  # the deal passes left from North
    score = (0, 0)
    target = rules.game_target
    play_seed = rng.getrandbits(32)
    # (round, features, the action each output values, the bidder's team, the outcomes so far)
    pending: list[tuple[int, list[float], tuple[int, ...], int, dict[int, float]]] = []
    bots = _bots(play_seed, play_worlds)
    while not state.is_over:
        seat = state.turn
        view = view_of(state, seat, score)
        action = bots[seat].choose(view)
        round_no = 1 if state.phase == Phase.BID_ROUND_1 else 2 if state.phase == Phase.BID_ROUND_2 else 0
        if round_no in rounds and len(view.legal) > 1:
            x, order = features(view)
            team = view.table.team[seat]
            outcomes: dict[int, float] = {}
            for other in view.legal:
                if other == action:
                    continue
                world = state.copy()
                world.apply(other)
                points = play_out(world, _bots(play_seed, play_worlds), score)
                outcomes[int(other)] = hand_value(points, team, score, target)
            outcomes[-1] = int(action)
            pending.append((round_no, x.tolist(), tuple(int(a) for a in output_actions(view, order)), team, outcomes))
        state.apply(action)
    assert state.result is not None  # a finished hand is scored
    points = state.result.points
    out = {r: RoundData() for r in ROUND_OUTPUTS}
    for round_no, x_row, actions, team, outcomes in pending:
        chosen = int(outcomes.pop(-1))
        outcomes[chosen] = hand_value(points, team, score, target)
        out[round_no].x.append(x_row)
        out[round_no].y.append([outcomes.get(a, outcomes[chosen]) for a in actions])
        out[round_no].mask.append([int(a in outcomes) for a in actions])
    return out


def _chunk(preset_name: str, seed: int, start: int, stop: int, rounds: tuple[int, ...],
           play_worlds: int) -> dict[int, RoundData]:
    merged = {r: RoundData() for r in ROUND_OUTPUTS}
    for i in range(start, stop):
        for round_no, data in deal_rows(preset_name, seed, i, rounds, play_worlds).items():
            merged[round_no].extend(data)
    return merged


def make_data(preset_name: str, start: int, stop: int, seed: int, rounds: tuple[int, ...] = (1, 2), workers: int = 1,
              progress: Callable[[int], None] | None = None, play_worlds: int = 0) -> dict[int, RoundData]:
    """The rows of deals ``start`` to ``stop - 1``, by round, in deal order whatever the
    workers.

    Args:
        preset_name: the rules (a preset of the four-hand partnership game, 24 cards).
        start, stop: the deals' indices (0 <= start < stop).
        seed: the data set's seed.
        rounds: the rounds whose decisions are recorded (see :func:`deal_rows`).
        workers: processes.
        progress: called with the number of deals each finished task held.
        play_worlds: who plays the cards (see :func:`deal_rows`).

    Raises:
        EuchreError: deals out of range, rules the features are not for, or
            ``play_worlds`` not a whole number >= 0.
    """
    if not (type(start) is int and type(stop) is int and 0 <= start < stop) or type(workers) is not int or workers < 1:
        raise EuchreError(f"deals run from start to stop, 0 <= start < stop, with workers >= 1, not {start!r}, {stop!r}, {workers!r}")
    preset(preset_name)  # an unknown preset fails here, not in a worker
    _check_play_worlds(play_worlds)
    chunk = CHUNK if not play_worlds else SEARCH_CHUNK
    tasks = [(preset_name, seed, first, min(first + chunk, stop), rounds, play_worlds)
             for first in range(start, stop, chunk)]
    parts: dict[int, dict[int, RoundData]] = {}
    with open_pool(Backend(workers=workers), len(tasks)) as pool:
        for index, part in pool.run(_chunk, tasks):
            parts[index] = part
            if progress is not None:
                progress(tasks[index][3] - tasks[index][2])
    merged = {r: RoundData() for r in ROUND_OUTPUTS}
    for index in range(len(tasks)):
        for round_no, data in parts[index].items():
            merged[round_no].extend(data)
    return merged
