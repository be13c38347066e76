"""Review of a recorded game: every decision of the chosen seats valued by the expert,
and the ones whose expected value fell short of the best by more than a threshold.

For each decision a seat made in the record (bids, the dealer's discard, going alone,
every card), the seat's :class:`~euchre.core.views.PlayerView` at that moment is valued
with :func:`euchre.bots.advice.action_values`; the *loss* of the decision is the value
of the best action minus the value of the action taken, in points of the hand for the
deciding seat's side. Decisions with one legal action are not reviewed, nor decisions
made holding a card the record does not place (an EGN file that omits unplayed cards or
the dealer's discard: the reader puts them somewhere by guess, ``Game.unrecorded``);
those are counted as ``skipped``.

The figures are the expert's estimates (see :mod:`euchre.bots.advice`): its learned
bidding model's values for rounds one and two where it bids so, else sampled worlds; the
generator of each decision is seeded from the review's seed, the game, the hand and the
decision's place in it, so a review is the same whatever seats are chosen, and small
losses (a few hundredths of a point) are noise rather than mistakes.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from euchre.analysis.duplicate import derive_seed
from euchre.bots.advice import PLAY_WORLDS, ROLLOUT_WORLDS, action_values
from euchre.core.actions import Action
from euchre.core.errors import EuchreError
from euchre.core.game import Game
from euchre.core.hand import HandState, Phase
from euchre.core.views import view_of

DEFAULT_THRESHOLD = 0.25
"""Points of expected value a decision must lose to be listed (about three standard
errors of the paired difference of two actions' values at the default world counts)."""


@dataclass(frozen=True)
class Decision:
    """One reviewed decision.

    Attributes:
        hand: the hand's number in the game, from 1.
        step: the action's place in the hand's history, from 0.
        seat: the deciding seat, from 0 clockwise as the game's table numbers them
            (0 N, 1 E, 2 S, 3 W at the four-hand table).
        phase: the phase of the hand at the decision.
        state: the hand just before the decision (all cards; for display only).
        score: the game score per team (N-S, E-W) before the hand.
        action: the action taken.
        values: the expected points of the hand for the seat's side after each legal
            action (:func:`euchre.bots.advice.action_values`).
    """

    hand: int
    step: int
    seat: int
    phase: Phase
    state: HandState
    score: tuple[int, ...]
    action: Action
    values: dict[Action, float]

    @property
    def best(self) -> Action:
        """The action with the highest value (the earliest legal one among equals)."""
        top = max(self.values.values())
        return next(a for a, v in self.values.items() if v >= top - 1e-9)

    @property
    def loss(self) -> float:
        """Points of expected value lost against the best action (>= 0)."""
        return max(self.values.values()) - self.values[self.action]


@dataclass(frozen=True)
class Review:
    """The review of one game.

    Attributes:
        seats: the seats reviewed.
        threshold: the loss from which a decision is listed.
        hands: the number of hands in the game (finished, and the one in progress if any).
        decisions: every reviewed decision with more than one legal action, in order.
        skipped: decisions of the chosen seats not reviewed because the seat held a card
            the record does not place.
        unvalued: table mode (RULES.md decision 27): revokes and claims made in the play,
            which the values (of the cards that follow suit) do not cover.
    """

    seats: tuple[int, ...]
    threshold: float
    hands: int
    decisions: tuple[Decision, ...]
    skipped: int = 0
    unvalued: int = 0

    @property
    def mistakes(self) -> list[Decision]:
        """The decisions that lost more than the threshold, in game order."""
        return [d for d in self.decisions if d.loss > self.threshold]

    def loss_per_hand(self) -> dict[int, list[float]]:
        """Points lost per hand (1..hands) by each reviewed seat: ``{seat: [loss of
        hand 1, hand 2, ...]}``, summed over all of that seat's decisions (not only the
        listed ones)."""
        out = {seat: [0.0] * self.hands for seat in self.seats}
        for d in self.decisions:
            out[d.seat][d.hand - 1] += d.loss
        return out


def game_hands(game: Game) -> list[tuple[HandState, tuple[int, ...]]]:
    """The hands of a game in order, each with the score before it: the finished hands
    and then the hand in progress if it has any action."""
    score = game.initial_score
    out: list[tuple[HandState, tuple[int, ...]]] = []
    for hand in game.finished_hands:
        out.append((hand, score))
        if hand.result is not None:
            score = tuple(s + p for s, p in zip(score, hand.result.points, strict=True))
    if not game.is_over and game.hand.history:
        out.append((game.hand, score))
    return out


def decision_points(hand: HandState) -> Iterator[tuple[int, HandState, int, Action]]:
    """``(step, state before, seat, action)`` for each action in the hand's history,
    replayed from the deal (the state is a fresh copy for each)."""
    state = hand.as_dealt()
    for step, (seat, code) in enumerate(hand.history):
        yield step, state.copy(), seat, Action(code)
        state.apply(code)


def _decision_rng(seed: int, game_index: int, hand: int, step: int) -> random.Random:
    return random.Random(derive_seed("review", seed, game_index, hand, step))


def review_game(game: Game, seats: Sequence[int] | None = None, *, threshold: float = DEFAULT_THRESHOLD,
                seed: int = 0, game_index: int = 0, worlds: int = ROLLOUT_WORLDS, play_worlds: int = PLAY_WORLDS,
                progress: Callable[[int, int], None] | None = None) -> Review:
    """Value every decision of ``seats`` in a recorded game.

    Args:
        game: a game replayed from a record (:func:`euchre.records.loads`,
            :func:`euchre.records.egn.loads_egn`) or played.
        seats: the seats whose decisions are reviewed, numbered from 0 clockwise as
            ``game.table`` numbers them (0 N, 1 E, 2 S, 3 W at the four-hand table;
            0..4 at call-ace-5, whose titles are Player 1..Player 5); ``None``
            (the default) reviews every seat of the game's table.
        threshold: points of expected value a decision must lose to count as a mistake
            (>= 0).
        seed: seeds the sampled worlds (the same seed gives the same review).
        game_index: the game's number in a match file (for the seeds).
        worlds, play_worlds: worlds per bidding/discard and per card decision.
        progress: called as ``progress(done, total)`` after each decision reviewed.

    Returns:
        The :class:`Review`.

    Raises:
        EuchreError: no seat, or a seat not at the game's table (the message names the
            table's seats as it shows them), a negative or non-finite threshold, or a
            count that is not a whole number >= 1.
    """
    table = game.table
    given = tuple(range(table.seats)) if seats is None else tuple(seats)
    chosen = tuple(sorted(set(given)))
    if not chosen or any(type(s) is not int or not 0 <= s < table.seats for s in chosen):
        shown = ", ".join(table.titles[s] if type(s) is int and 0 <= s < table.seats else f"seat number {s!r} from 0" for s in given)
        raise EuchreError(f"the seats to review must be some of this table's {table.seats} seats "
                          f"({table.seat_list}), not ({shown or 'none'})")
    if not isinstance(threshold, (int, float)) or isinstance(threshold, bool) or not 0 <= threshold < float("inf"):
        raise EuchreError(f"threshold must be a number >= 0, not {threshold!r}")
    hands = game_hands(game)
    todo: list[tuple[int, tuple[int, ...], int, HandState, int, Action]] = []
    skipped = 0
    unvalued = 0
    for number, (hand, score) in enumerate(hands, start=1):
        guessed = game.unrecorded.get(number - 1, 0)
        for step, state, seat, action in decision_points(hand):
            if seat not in chosen or len(state.legal_actions()) < 2:
                continue
            if state.hands[seat] & guessed:
                skipped += 1
                continue
            todo.append((number, score, step, state, seat, action))
    decisions: list[Decision] = []
    for done, (number, score, step, state, seat, action) in enumerate(todo, start=1):
        view = view_of(state, seat, score)
        rng = _decision_rng(seed, game_index, number, step)
        values = action_values(view, rng, worlds=worlds, play_worlds=play_worlds)
        if action not in values:
            # Table mode: a revoke or a claim in the play is not valued (the values are of
            # the cards that follow suit: RULES.md decision 27).
            unvalued += 1
            continue
        decisions.append(Decision(number, step, seat, state.phase, state, score, action, values))
        if progress is not None:
            progress(done, len(todo))
    return Review(chosen, float(threshold), len(hands), tuple(decisions), skipped, unvalued)
