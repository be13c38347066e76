"""Bidding by Monte Carlo rollouts with realistic card play, and worlds that agree with
the bidding.

**Rollout bidding.** At a bidding decision (round one, round two, the takeover, the
alone decision, defending alone; optionally the dealer's discard) the bot samples ``K``
hidden worlds consistent with its :class:`~euchre.core.views.PlayerView`, and for every
legal action applies it in each world and plays the rest of the hand out with the
``intermediate`` heuristic in every seat of the table (four, or two in the two-handed
game). The heuristic sees only each seat's view of
the world, so the play is realistic (nobody knows where the cards are), unlike the
open-hand solver, which overrates every call. The value of an action is the mean of its
points for the bot's side (points the opponents score count against it; points beyond
what a side needs to reach the game target are worth nothing).

Common random numbers: every action is tried in the same worlds with the same heuristic
seeds, so the comparison is paired: an action replaces the heuristic's own choice only if
its mean paired gain exceeds ``margin + z`` standard errors of that gain. When the worlds
cannot tell the actions apart the heuristic's answer stands.

**Bidding inference.** :func:`sample_world` keeps what the view shows (cards seen, voids)
but not what the calls suggest: a player who passed is as likely as anyone to hold both
bowers. :func:`inferred_world` draws worlds and replays their history, asking the
heuristic what each other seat would have called with its sampled cards; it keeps the
first world where every recorded call is the heuristic's, and after ``tries`` draws the
one with the fewest disagreements (a soft filter: it never fails, and a partner or
opponent who bids differently only weakens it); :func:`inferred_worlds` stops trying
within a decision once the calls are clearly not the heuristic's. Calls are bidding
actions only (the discard and the play are not checked).

Measured (duplicate deals against ``intermediate``, ``modern-standard``, 1,000 deals,
seed 2025, :func:`euchre.analysis.duplicate.run_match`; share of the points, 95%
interval): heuristic bidding and PIMC play (the former ``expert``) 51.5% (50.5 to 52.6);
rollout bidding and PIMC play 53.8% (52.5 to 55.2); rollout bidding and PIMC play over
inferred worlds (:data:`DEFAULT_SETTINGS`, the ``expert`` level) 55.8% (54.4 to 57.1),
+0.130 points per hand over the former ``expert`` on the same deals (+0.086 to +0.173).
With the heuristic's card play (seed 11) rollout bidding alone took 52.5% to 52.9%
whatever the worlds (24, 32, 48) and ``z`` (0, 0.5, 1); the inference in the bidding
worlds and rollouts for the discard showed no gain there.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from euchre.bots.bidding import target_of
from euchre.bots.equity import applies, win_chance
from euchre.bots.heuristic import HeuristicBot
from euchre.bots.learned import model_for_view, with_call_bias
from euchre.bots.postponed import postponed_values
from euchre.core.actions import Action
from euchre.core.errors import EuchreError, EuchreTypeError, EuchreValueError, is_finite_number
from euchre.core.hand import HandState, Phase
from euchre.core.sampling import sample_world
from euchre.core.views import PlayerView, view_of
from euchre.solver import solvable, solve_points

BIDDING_PHASES: frozenset[Phase] = frozenset(
    {Phase.BID_ROUND_1, Phase.BID_ROUND_2, Phase.TAKEOVER, Phase.ALONE_DECISION, Phase.DEFEND_ALONE})
"""The decisions the rollout bidder makes (the discard too when asked)."""

INFER_SEATS: tuple[str, ...] = ("none", "opponents", "others")
"""Whose calls :func:`inferred_world` checks: nobody's, the opponents', or every other seat's."""

GIVE_UP_MODES: tuple[str, ...] = ("all", "seat")
"""When :func:`inferred_worlds` stops checking calls (``RolloutSettings.give_up``)."""

Judge = Callable[[PlayerView], int]
"""A model of a player: the action code it takes in a view."""

CALL_MODELS: tuple[str, ...] = ("heuristic", "learned")
"""The model of a bidder the inference checks the calls against (``RolloutSettings.call_model``)."""


@dataclass(frozen=True)
class RolloutSettings:
    """How the rollout bidder decides.

    Attributes:
        worlds: hidden worlds sampled per decision; every legal action is played out in
            each of them.
        z: standard errors of the paired gain an action must show over the heuristic's
            choice to replace it (0: the best mean wins).
        margin: points per hand the gain must exceed besides (noise guard).
        discard: also choose the dealer's discard by rollouts.
        screen: with more candidates than this, the first ``worlds // 2`` worlds screen
            them and only the heuristic's choice and the best ``screen - 1`` others get the
            rest (0: never screen).
        bid_tries: draws per world for the bidding inference in the rollouts' worlds
            (1: plain :func:`sample_world`).
        play_tries: the same for the worlds of the PIMC card play.
        infer: whose calls the inference checks (one of :data:`INFER_SEATS`). The
            levels read every other seat's: against plain PIMC-50, whose bidding the
            heuristic does not model, ``none`` and ``opponents`` each lost 0.035 points
            a hand over 400 duplicate deals (docs/strength.md, "The inference from the
            calls against plain PIMC").
        play_likelihood: the weight of a play world is multiplied by this for every card
            a checked seat played (with a choice of cards that follow suit) that the
            heuristic would not have played with the world's cards
            (:func:`play_disagreements`); 1 weighs every world alike (no inference from the
            play), smaller values trust the heuristic as a model of the others' play more.
        call_bias: points added to the learned bidding model's value of every call (each
            action but a pass) before the bot chooses (``learned`` bots only; with
            ``call_model="learned"`` the judge of the others' calls too): above 0
            bolder, below 0 more cautious. The model values a call with the heuristic
            playing the cards; against searching defenders a call is worth less
            (docs/strength.md, "Inference from the play, and a bias on the learned
            calls": -0.15 gained against plain PIMC, -0.3 less, +0.15 and +0.3 lost;
            the ``expert`` level's is :data:`EXPERT_CALL_BIAS`).
        score_aware: value a hand by the side's chance of winning the game after it
            (:func:`game_value`, where :func:`euchre.bots.equity.applies`) rather than by
            its points (:func:`hand_value`): at the bridge, at 8 or 9 points, the bids and
            lone calls then weigh what the points do for the game. Off in the levels:
            over 800 duplicate games against the same bidding by points it won 50.0%
            (docs/strength.md, "Score awareness").
        call_model: the model of the other bidders the inference checks their calls
            against (one of :data:`CALL_MODELS`): ``heuristic``, the ``intermediate``
            heuristic's call (:func:`heuristic_code`), or ``learned``, the learned
            bidding model's with this ``call_bias`` (:func:`learned_code`) in rounds one
            and two where a model decides the seat's view
            (:func:`euchre.bots.learned.model_for_view`), the heuristic's elsewhere.
            The levels use the heuristic: against plain PIMC-50 ``learned`` lost 0.039
            points a hand (-0.082 to +0.004) over 400 duplicate deals (docs/strength.md,
            "The learned model as the model of the bidders").
        give_up: when the inference of a decision stops checking calls that no world
            drawn agrees with (one of :data:`GIVE_UP_MODES`, :func:`inferred_worlds`):
            ``all``, every seat's calls once the worlds often disagree with any, or
            ``seat``, one seat's once the worlds often disagree with its own. The levels
            use ``all``: against plain PIMC-50 ``seat`` gained +0.006 points a hand
            (-0.015 to +0.027) over 400 duplicate deals (docs/strength.md, "Giving up
            the inference one seat at a time").
        postpone: value the cards of the PIMC play with the bot's next decision
            postponed (:func:`euchre.bots.postponed.postponed_values`: its next card one
            for all the worlds it cannot tell apart, not one per world), to suffer less
            from strategy fusion. Off in the levels: paired on 400 duplicate deals
            against plain PIMC-50 it gained -0.009 points a hand (-0.024 to +0.006;
            docs/strength.md, "Strategy fusion in the card play").
    """

    worlds: int = 32
    z: float = 0.5
    margin: float = 0.0
    discard: bool = False
    screen: int = 3
    bid_tries: int = 12
    play_tries: int = 8
    infer: str = "others"
    play_likelihood: float = 1.0
    call_bias: float = 0.0
    score_aware: bool = False
    call_model: str = "heuristic"
    give_up: str = "all"
    postpone: bool = False

    def __post_init__(self) -> None:
        for name in ("worlds", "bid_tries", "play_tries"):
            value = getattr(self, name)
            if type(value) is not int or value < 1:
                raise EuchreError(f"{name} must be a whole number >= 1, not {value!r}")
        if type(self.screen) is not int or self.screen < 0:
            raise EuchreError(f"screen must be a whole number >= 0, not {self.screen!r}")
        for name in ("z", "margin", "call_bias"):
            value = getattr(self, name)
            if not is_finite_number(value):
                raise EuchreError(f"{name} must be a finite number, not {value!r}")
        like = self.play_likelihood
        if not isinstance(like, (int, float)) or isinstance(like, bool) or not 0 < like <= 1:
            raise EuchreError(f"play_likelihood must be a number in (0, 1], not {like!r}")
        if like < 1 and self.infer == "none":
            raise EuchreError("play_likelihood weighs the plays of the seats the inference checks; "
                              "with infer='none' it checks nobody's")
        for name in ("score_aware", "postpone"):
            if type(getattr(self, name)) is not bool:
                raise EuchreError(f"{name} must be True or False, not {getattr(self, name)!r}")
        if self.infer not in INFER_SEATS:
            raise EuchreError(f"infer must be one of {', '.join(INFER_SEATS)}, not {self.infer!r}")
        if self.call_model not in CALL_MODELS:
            raise EuchreError(f"call_model must be one of {', '.join(CALL_MODELS)}, not {self.call_model!r}")
        if self.give_up not in GIVE_UP_MODES:
            raise EuchreError(f"give_up must be one of {', '.join(GIVE_UP_MODES)}, not {self.give_up!r}")
        for name, default in (("call_model", "heuristic"), ("give_up", "all")):
            if getattr(self, name) == default:
                continue
            if self.infer == "none":
                raise EuchreError(f"{name} changes how the inference checks calls; with infer='none' it checks none")
            if self.bid_tries <= 1 and self.play_tries <= 1:
                raise EuchreError(f"{name} changes the inference, which draws one world and checks nothing "
                                  "with bid_tries and play_tries 1")

    def judge(self) -> Judge:
        """The action code the model of a bidder (:attr:`call_model`) takes in a view."""
        if self.call_model == "learned":
            return functools.partial(learned_code, bias=self.call_bias)
        return heuristic_code


DEFAULT_SETTINGS = RolloutSettings()
"""The rollout bidder's settings (measured; see the module docstring): the ``advanced``
level's, and the ``expert`` level's but for :data:`EXPERT_SETTINGS`."""

EXPERT_CALL_BIAS = -0.15
"""Points the ``expert`` level takes from the learned model's value of every call. The
model learned the worth of a call with the heuristic defending; a searching defender
beats more calls. Paired on the same duplicate deals against plain PIMC-50 it gained
+0.040 (modern-standard, seed 1, 400 deals), +0.022 (seed 2, 250) and +0.030 (openspiel,
seed 1, 400) points a hand, and against ``intermediate`` +0.005 (docs/strength.md,
"Inference from the play, and a bias on the learned calls"); -0.3 gained less and +0.15
and +0.3 lost."""

EXPERT_SETTINGS = dataclasses.replace(DEFAULT_SETTINGS, call_bias=EXPERT_CALL_BIAS)
"""The ``expert`` level's settings: :data:`DEFAULT_SETTINGS` with the call bias
:data:`EXPERT_CALL_BIAS` (the level bids by the learned model)."""

EXPERT_PLAY_WORLDS = 100
"""Worlds per card decision of the ``expert`` level. Against ``intermediate`` on the same
2,000 duplicate deals (seed 3), 100 worlds instead of 40 gained about +0.02 points per
hand (docs/strength.md, "Tuning the expert")."""


# ---------------------------------------------------------------- bidding inference

def _checked_seats(view: PlayerView, infer: str) -> int:
    """Bit mask of the seats whose calls the inference checks."""
    table = view.table
    if infer == "opponents":
        return sum(1 << s for s in table.opponents(view.seat))
    if infer == "others":
        return table.everyone & ~(1 << view.seat)
    return 0


JUDGED_MEMO = 1 << 13
"""Views whose heuristic action :func:`heuristic_code` remembers (least recently used
dropped first). The worlds of one decision give a seat the same cards at a recorded call
about half the time (its cards played since are known), and the bot's next decisions in
the hand ask again about the same calls."""


@functools.lru_cache(maxsize=JUDGED_MEMO)
def heuristic_code(seen: PlayerView) -> int:
    """The action code the ``intermediate`` heuristic takes in ``seen``.

    A pure function of the view, so remembered: a fresh bot of seed 0 decides (its only
    draw, the blind naming of a joker upcard, is the first of its random stream, as it was
    for the single judge of a replay, which asked nothing else that draws).
    """
    return int(HeuristicBot(0).choose(seen))


def learned_code(seen: PlayerView, bias: float = 0.0) -> int:
    """The action code the learned bidding model takes in ``seen`` with ``bias`` points
    added to every call (:func:`euchre.bots.learned.with_call_bias`), where a model
    decides the view (:func:`euchre.bots.learned.model_for_view`: rounds one and two of
    the rules it was trained under, no side within a march of the game); elsewhere
    :func:`heuristic_code`. Remembered as that is.

    Raises:
        EuchreTypeError: ``seen`` not a :class:`~euchre.core.views.PlayerView`, or
            ``bias`` not a finite number.
    """
    if not isinstance(seen, PlayerView):
        raise EuchreTypeError(f"the learned judge reads a PlayerView, not {type(seen).__name__}")
    if not is_finite_number(bias):
        raise EuchreTypeError(f"the learned judge's bias is a finite number of points, not {bias!r}")
    return _learned_code(seen, float(bias))


@functools.lru_cache(maxsize=JUDGED_MEMO)
def _learned_code(seen: PlayerView, bias: float) -> int:
    model = model_for_view(seen)
    if model is None:
        return heuristic_code(seen)
    values = with_call_bias(model.values(seen), bias)
    return int(max(seen.legal, key=lambda a: values[a]))


def _judged(world: HandState, view: PlayerView, seats: int, phases: frozenset[Phase],
            choice: Callable[[PlayerView], int], limit: int,
            judge: Judge = heuristic_code) -> int:
    """How many recorded actions of ``seats`` in ``phases``, with more than one choice by
    ``choice(seat's view)``, ``judge`` (the model of a player: a view's action code)
    would not have taken in ``world`` (up to ``limit``)."""
    if not seats:
        return 0
    state = world.as_dealt()
    calls_only = Phase.PLAY not in phases
    found = 0
    for seat, code in world.history[:len(view.history)]:
        if calls_only and state.phase in (Phase.PLAY, Phase.DONE):
            break  # no call comes once the play has begun
        if seats >> seat & 1 and state.phase in phases:
            seen = view_of(state, seat, view.score)
            if choice(seen) > 1 and _judged_code(judge, seen) != code:
                found += 1
                if found >= limit:
                    return found
        state.apply(code)
    return found


def _judged_code(judge: Judge, seen: PlayerView) -> int:
    got = judge(seen)
    if not isinstance(got, int) or isinstance(got, bool):
        raise EuchreTypeError(f"a judge gives an action code (an int), not {type(got).__name__} {got!r}")
    return got


def _check_judge(judge: object) -> None:
    if not callable(judge):
        raise EuchreTypeError(f"a judge is a function of a view giving an action code, not {type(judge).__name__}")


def disagreements(world: HandState, view: PlayerView, seats: int, limit: int = 99,
                  judge: Judge = heuristic_code) -> int:
    """How many recorded calls of ``seats`` (a bit mask) in ``view``'s history the
    model of a bidder ``judge`` (the heuristic unless given; see
    :meth:`RolloutSettings.judge`) would not have made with the cards ``world`` gives
    those seats.

    Only bidding decisions (:data:`BIDDING_PHASES`) with a real choice are checked; the
    count stops at ``limit``.

    Raises:
        EuchreTypeError: ``judge`` not callable, or giving something other than an int.
    """
    _check_judge(judge)
    return _call_disagreements(world, view, seats, limit, judge)


def _call_disagreements(world: HandState, view: PlayerView, seats: int, limit: int, judge: Judge) -> int:
    """:func:`disagreements` with the judge already checked (the draws' inner loop)."""
    return _judged(world, view, seats, BIDDING_PHASES, lambda seen: len(seen.legal), limit, judge)


_PLAY = frozenset({Phase.PLAY})


def play_disagreements(world: HandState, view: PlayerView, seats: int) -> int:
    """How many cards ``seats`` (a bit mask) played in ``view``'s history that the
    heuristic would not have played with the cards ``world`` gives them.

    Only plays with a real choice are checked: more than one card that follows suit
    (:meth:`~euchre.core.views.PlayerView.following_actions`).
    """
    return _judged(world, view, seats, _PLAY, lambda seen: len(seen.following_actions()), 99)


def _inferred(view: PlayerView, rng: random.Random, tries: int, seats: int,
              judge: Judge, blame: bool = False) -> tuple[HandState, bool, int]:
    """:func:`inferred_world` for a seat mask; also whether the world fully agrees and,
    with ``blame``, the mask of the checked seats whose calls it disagrees with (judged
    on the world as drawn, before :meth:`~euchre.core.hand.HandState.lawful`, as the
    count is)."""
    # In table mode the world plays on with every player following suit: the bots never
    # revoke and value their cards so (HandState.lawful; RULES.md decision 27).
    if tries <= 1 or not seats or not any(seats >> s & 1 for s, _ in view.history):
        return sample_world(view, rng).lawful(), True, 0
    best: HandState | None = None
    best_count = 1 << 30
    for _ in range(tries):
        world = sample_world(view, rng)
        count = _call_disagreements(world, view, seats, best_count, judge)
        if count == 0:
            return world.lawful(), True, 0
        if count < best_count:
            best, best_count = world, count
    assert best is not None  # tries >= 2, so at least one world was drawn
    blamed = sum(1 << s for s in range(view.table.seats)
                 if seats >> s & 1 and _call_disagreements(best, view, 1 << s, 1, judge)) if blame else 0
    return best.lawful(), False, blamed


def inferred_world(view: PlayerView, rng: random.Random, tries: int, infer: str = "others",
                   judge: Judge = heuristic_code) -> HandState:
    """A world consistent with ``view`` in which, if possible, every checked seat's calls
    are what the heuristic (or the model of a bidder ``judge``) would have called with
    its sampled cards.

    Draws up to ``tries`` worlds with :func:`sample_world` and returns the first one with
    no disagreement (:func:`disagreements`), else the one with the fewest (the first of
    them). With ``tries == 1`` or nothing to check it is :func:`sample_world`.

    Raises:
        EuchreError: no deal fits the view.
        EuchreTypeError: ``judge`` not callable, or giving something other than an int.
    """
    _check_judge(judge)
    return _inferred(view, rng, tries, _checked_seats(view, infer), judge)[0]


GIVE_UP_FAILURES = 3
"""See :func:`inferred_worlds`."""


def inferred_worlds(view: PlayerView, rng: random.Random, n: int, tries: int, infer: str = "others",
                    judge: Judge = heuristic_code, give_up: str = "all") -> list[HandState]:
    """``n`` worlds drawn as :func:`inferred_world` does, giving up the inference for the
    rest once :data:`GIVE_UP_FAILURES` worlds, more than a quarter of those drawn, found
    no world agreeing with every call: the calls were then not the heuristic's (a player
    who bids otherwise), and further tries would only cost time. With ``give_up="seat"``
    the count is kept for each checked seat (the worlds kept in which that seat's calls
    disagree), and only that seat's calls stop being checked: one player who bids
    otherwise no longer costs the inference from the others' calls.

    At a table where only one other seat's calls are checked (two-handed) both ways are
    the same.

    Raises:
        EuchreError: no deal fits the view.
        EuchreTypeError: ``judge`` not callable, or giving something other than an int.
        EuchreValueError: ``give_up`` not one of :data:`GIVE_UP_MODES`.
    """
    _check_judge(judge)
    if give_up not in GIVE_UP_MODES:
        raise EuchreValueError(f"give_up must be one of {', '.join(GIVE_UP_MODES)}, not {give_up!r}")
    seats = _checked_seats(view, infer)
    out: list[HandState] = []
    failures = [0] * view.table.seats
    by_seat = give_up == "seat"
    for i in range(n):
        world, agrees, blame = _inferred(view, rng, tries, seats, judge, by_seat)
        out.append(world)
        if agrees:
            continue
        # "all": the count is kept under the viewer's own seat, never checked
        blamed = [s for s in range(view.table.seats) if blame >> s & 1] if by_seat else [view.seat]
        for seat in blamed:
            failures[seat] += 1
            if failures[seat] >= GIVE_UP_FAILURES and 4 * failures[seat] > i + 1:
                seats = seats & ~(1 << seat) if give_up == "seat" else 0
    return out


# ---------------------------------------------------------------- rollouts

def hand_value(points: tuple[int, ...], team: int, score: tuple[int, ...], target: int) -> float:
    """The worth of a hand's points for ``team`` (one side of the table: a partnership,
    or one player where every player plays for himself): its points minus the mean of
    the other sides' points, each capped at what its side still needs to reach
    ``target`` (with two sides: minus the other side's).

    The mean, not the most any other side took: where every player plays for himself
    several players score on one hand (each defender on a euchre at cutthroat and
    call-ace, the maker and his secret partner on a call-ace make), and a point to any of
    them is a point against the player. To first order a player's share of all the
    points, ``p / (p + others)`` with ``n`` players level, moves with ``p - mean(others)``.
    Against the most any other took, a euchre was worth nothing to a defender (2 - 2) and a
    call made with a partner nothing to the call-ace maker (1 - 1); measured at
    ``cutthroat-3`` (500 duplicate deals, seed 11, against ``advanced``) the mean gained
    +0.056 points a hand (+0.033 to +0.078) on the same deals (docs/strength.md).
    """
    need_me = max(target - score[team], 1)
    others = [min(points[t], max(target - score[t], 1)) for t in range(len(points)) if t != team]
    return float(min(points[team], need_me) - sum(others) / len(others))


def game_value(points: tuple[int, ...], team: int, view: PlayerView) -> float:
    """The worth of a hand's points for ``team`` by what they do for the game: the
    side's chance of winning it from the score after the hand, the other side to deal
    next (:func:`euchre.bots.equity.win_chance`; 0 to 1).

    Raises:
        EuchreError: the model does not apply to ``view.rules`` (:func:`euchre.bots.equity.applies`).
    """
    table = view.table
    after = (view.score[0] + points[0], view.score[1] + points[1])
    return win_chance(view.rules, after, team, table.team[table.eldest(view.dealer)])


def play_out(world: HandState, bots: list[HeuristicBot], score: tuple[int, ...]) -> tuple[int, ...]:
    """Play ``world`` (changed in place) to its end with ``bots`` by seat, each shown only
    its view; the points per team."""
    while not world.is_over:
        seat = world.turn
        world.apply(bots[seat].choose(view_of(world, seat, score)))
    assert world.result is not None  # the phase machine scores every finished hand
    return world.result.points


@dataclass(frozen=True)
class Verdict:
    """One rollout decision.

    Attributes:
        action: the action chosen.
        fallback: the heuristic's own choice.
        means: mean value per action tried: points per hand for the bot's side
            (:func:`hand_value`), or its chance of winning the game when ``by_game``
            (:func:`game_value`).
        gains: per action, the mean paired gain over ``fallback`` and its standard error.
        by_game: the values are chances of winning the game (score-aware settings).
    """

    action: Action
    fallback: Action
    means: dict[Action, float]
    gains: dict[Action, tuple[float, float]]
    by_game: bool = False


def _gain(values: list[float], base: list[float]) -> tuple[float, float]:
    """Mean and standard error of the paired differences."""
    n = min(len(values), len(base))
    diffs = [values[i] - base[i] for i in range(n)]
    mean = sum(diffs) / n
    if n < 2:
        return mean, math.inf
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(var / n)


def rollout_decision(view: PlayerView, rng: random.Random, fallback: Action,
                     settings: RolloutSettings = DEFAULT_SETTINGS) -> Verdict:
    """Choose among ``view.legal`` by rollouts (see the module docstring).

    Args:
        view: a view where this seat is to act.
        rng: the bot's generator (worlds and the playout bots' seeds come from it).
        fallback: the heuristic's choice, kept unless another action is clearly better.
        settings: see :class:`RolloutSettings`.

    Raises:
        EuchreError: no deal fits the view.
    """
    candidates = list(view.legal)
    if fallback not in candidates:
        fallback = candidates[0]
    team = view.table.team[view.seat]
    seats = range(view.table.seats)
    target = target_of(view)
    by_game = settings.score_aware and applies(view.rules)
    values: dict[Action, list[float]] = {a: [] for a in candidates}
    worlds = inferred_worlds(view, rng, settings.worlds, settings.bid_tries, settings.infer, settings.judge(),
                             settings.give_up)
    seeds = [rng.getrandbits(32) for _ in worlds]

    def run(actions: list[Action], start: int, stop: int) -> None:
        for i in range(start, stop):
            for action in actions:
                world = worlds[i].copy()
                world.apply(action)
                bots = [HeuristicBot(seeds[i] * 4 + s) for s in seats]
                points = play_out(world, bots, view.score)
                values[action].append(game_value(points, team, view) if by_game
                                      else hand_value(points, team, view.score, target))

    k = settings.worlds
    if settings.screen and len(candidates) > settings.screen and k >= 4:
        half = k // 2
        run(candidates, 0, half)
        others = sorted((a for a in candidates if a != fallback), key=lambda a: -sum(values[a]))
        keep = [fallback, *others[:settings.screen - 1]]
        run(keep, half, k)
    else:
        run(candidates, 0, k)
    means = {a: sum(v) / len(v) for a, v in values.items()}
    gains = {a: _gain(values[a], values[fallback]) for a in candidates if a != fallback}
    best = fallback
    best_gain = 0.0
    for action in candidates:  # legal order: ties go to the earlier action
        if action == fallback:
            continue
        gain, se = gains[action]
        if gain > settings.margin + settings.z * se and gain > best_gain:
            best, best_gain = action, gain
    return Verdict(best, fallback, means, gains, by_game)


# ---------------------------------------------------------------- the bot

@dataclass(frozen=True)
class SearchValues:
    """The values a search bot computed for its last decision (what a data set records
    beside the action chosen).

    Attributes:
        method: ``"rollout"`` (bidding and, when searched, the discard: the mean over the
            sampled worlds of the hand's value for the bot's side after each action, played
            out by the heuristic in all four seats; :func:`hand_value`), ``"rollout-game"``
            (the same with score-aware settings: the side's chance of winning the game
            after the hand, 0 to 1; :func:`game_value`) or ``"pimc"`` (the play: the mean
            over the sampled worlds of the open-hand solver's points for the bot's side
            after each card; :func:`euchre.solver.solve_points`; a weighted mean with
            ``play_likelihood`` below 1) or ``"learned"`` (rounds
            one and two by the learned bidding model: its estimate of the same quantity as
            ``"rollout"``, :mod:`euchre.bots.learned`; ``worlds`` is 0).
        worlds: the worlds sampled (with rollout screening, an action screened out was
            valued over the first half of them only).
        values: the value of every action in ``view.legal`` (points of the hand for the
            bot's side, negative when the other side is expected to score; a chance for
            ``"rollout-game"``).
    """

    method: str
    worlds: int
    values: dict[Action, float]


class RolloutBot(HeuristicBot):
    """Rollout bidding (:func:`rollout_decision`) and PIMC card play.

    Args:
        seed: seeds the bot's generator (worlds, playout seeds, the heuristic's choices).
        settings: see :class:`RolloutSettings`.
        play_worlds: worlds per card decision for PIMC card play over the open-hand
            solver (as :class:`~euchre.bots.search.PimcBot`), with the bidding inference
            of ``settings.play_tries``; 0 plays the cards as the heuristic does.
        rollouts: bid by rollouts (True) or as the heuristic does (False: only the
            card play searches; the ``advanced`` level).
        learned: decide rounds one and two of the bidding by the learned bidding model
            (:mod:`euchre.bots.learned`) where one was trained under the view's rules and
            every side still needs more than a march's points (the model values points,
            not what they do for the game); elsewhere as ``rollouts`` says.

    Raises:
        EuchreError: ``play_worlds`` is not a whole number >= 0, ``seed`` not an int, or a
            setting that would have no effect (``call_bias`` without ``learned`` or the
            learned judge, ``play_likelihood`` below 1 without ``play_worlds``,
            ``call_model`` or ``give_up`` without an inference that checks calls).
    """

    level = "rollout"

    def __init__(self, seed: int = 0, settings: RolloutSettings = DEFAULT_SETTINGS, play_worlds: int = 40,
                 rollouts: bool = True, learned: bool = False) -> None:
        super().__init__(seed)
        if type(play_worlds) is not int or play_worlds < 0:
            raise EuchreError(f"play_worlds must be a whole number >= 0, not {play_worlds!r}")
        if not isinstance(settings, RolloutSettings):
            raise EuchreError(f"settings must be RolloutSettings, not {type(settings).__name__}")
        if settings.call_bias and not learned and settings.call_model != "learned":
            raise EuchreError("call_bias changes the learned bidding and the learned judge only; "
                              "it needs learned=True or call_model='learned'")
        infers = (rollouts and settings.bid_tries > 1) or (play_worlds and settings.play_tries > 1)
        for name, default in (("call_model", "heuristic"), ("give_up", "all")):
            if getattr(settings, name) != default and not infers:
                raise EuchreError(f"{name} changes the inference, which this bot does not use "
                                  "(no rollouts with bid_tries > 1, no card play with play_tries > 1)")
        if settings.play_likelihood < 1 and not play_worlds:
            raise EuchreError("play_likelihood weighs the worlds of the PIMC card play; it needs play_worlds >= 1")
        if settings.postpone and not play_worlds:
            raise EuchreError("postpone changes the PIMC card play; it needs play_worlds >= 1")
        self.settings = settings
        self.play_worlds = play_worlds
        self.rollouts = bool(rollouts)
        self.learned = bool(learned)
        self.last_search: SearchValues | None = None
        """The values behind the last :meth:`choose`, or None when it did not search (one
        legal action, a phase it decides by the heuristic, or no world fitted the view)."""

    def choose(self, view: PlayerView) -> Action:
        """The bot's action for this view; :attr:`last_search` holds the values its
        search found, if it searched.

        Raises:
            EuchreError: the view offers this seat no action.
        """
        self.last_search = None
        return super().choose(view)

    def preferred(self, view: PlayerView) -> Action:
        """Rollouts for the bidding, PIMC (or the heuristic) for the play."""
        fallback = super().preferred(view)
        phase = view.phase
        model = model_for_view(view) if self.learned else None
        if model is not None:
            values = with_call_bias(model.values(view), self.settings.call_bias)
            self.last_search = SearchValues("learned", 0, values)
            return max(view.legal, key=lambda a: values[a])
        if self.rollouts and (phase in BIDDING_PHASES or (phase == Phase.DISCARD and self.settings.discard)):
            try:
                verdict = rollout_decision(view, self.rng, fallback, self.settings)
            except EuchreError:
                return fallback
            method = "rollout-game" if verdict.by_game else "rollout"
            self.last_search = SearchValues(method, self.settings.worlds, dict(verdict.means))
            return verdict.action
        if phase == Phase.PLAY and self.play_worlds and solvable(view.rules):
            return self._pimc_card(view, fallback)
        return fallback

    def _pimc_card(self, view: PlayerView, fallback: Action) -> Action:
        plays = [a for a in view.legal if a.is_play]
        if len(plays) == 1:
            return plays[0]
        settings = self.settings
        totals = {a.card: 0.0 for a in plays}
        seats = _checked_seats(view, settings.infer) if settings.play_likelihood < 1 else 0
        weight_sum = 0.0
        solved = []
        # play_tries == 1: PimcBot's own sampling
        for world in inferred_worlds(view, self.rng, self.play_worlds, settings.play_tries, settings.infer,
                                     settings.judge(), settings.give_up):
            weight = settings.play_likelihood ** play_disagreements(world, view, seats) if seats else 1.0
            weight_sum += weight
            values = solve_points(world)
            if settings.postpone:
                solved.append((world, weight, values))
            for card in totals:
                totals[card] += weight * values[card]
        totals = {card: total / weight_sum for card, total in totals.items()}
        if settings.postpone:
            totals = {card: value for card, value in postponed_values(solved, view.seat).items() if card in totals}
        self.last_search = SearchValues("pimc", self.play_worlds, {a: totals[a.card] for a in plays})
        best = max(totals.values())
        best_cards = [c for c, v in totals.items() if v >= best - 1e-9]
        if fallback.is_play and fallback.card in best_cards:
            return fallback
        return Action.play(min(best_cards))
