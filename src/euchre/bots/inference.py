"""Worlds that agree with the bidding: a seat's hidden cards drawn so that its calls fit them.

**Bidding inference.** :func:`sample_world` keeps what the view shows (cards seen, voids)
but not what the calls suggest: a player who passed is as likely as anyone to hold both
bowers. :func:`inferred_world` draws worlds and replays their history, asking the
heuristic what each other seat would have called with its sampled cards; it keeps the
first world where every recorded call is the heuristic's, and after ``tries`` draws the
one with the fewest disagreements (a soft filter: it never fails, and a partner or
opponent who bids differently only weakens it); :func:`inferred_worlds` stops trying
within a decision once the calls are clearly not the heuristic's. Calls are bidding
actions only (the discard and the play are not checked).

The play's own evidence is weighed by :func:`play_disagreements`.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Callable, Iterator

from euchre.bots.heuristic import HeuristicBot
from euchre.bots.learned import model_for_view, with_call_bias
from euchre.core.errors import EuchreTypeError, EuchreValueError, is_finite_number
from euchre.core.hand import HandState, Phase
from euchre.core.sampling import sample_world
from euchre.core.views import PlayerView, view_of

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
    the same. The first ``n`` worlds of :func:`iter_inferred_worlds`.

    Raises:
        EuchreError: no deal fits the view.
        EuchreTypeError: ``judge`` not callable, or giving something other than an int.
        EuchreValueError: ``give_up`` not one of :data:`GIVE_UP_MODES`, or ``n`` not a
            whole number >= 0.
    """
    if type(n) is not int or n < 0:
        raise EuchreValueError(f"the worlds to draw are a whole number >= 0, not {n!r}")
    return list(itertools.islice(iter_inferred_worlds(view, rng, tries, infer, judge, give_up), n))


def iter_inferred_worlds(view: PlayerView, rng: random.Random, tries: int, infer: str = "others",
                         judge: Judge = heuristic_code, give_up: str = "all") -> Iterator[HandState]:
    """The worlds of :func:`inferred_worlds`, one at a time, without end: its first ``n``
    are that function's ``n`` worlds for the same ``rng`` state, so a caller may draw some,
    look, and draw on (the race of the PIMC card play,
    :attr:`~euchre.bots.rollout_settings.RolloutSettings.play_race`).

    Raises:
        as :func:`inferred_worlds` (the argument errors at once, before any world).
    """
    _check_judge(judge)
    if give_up not in GIVE_UP_MODES:
        raise EuchreValueError(f"give_up must be one of {', '.join(GIVE_UP_MODES)}, not {give_up!r}")
    return _worlds(view, rng, tries, infer, judge, give_up)


def _worlds(view: PlayerView, rng: random.Random, tries: int, infer: str, judge: Judge,
            give_up: str) -> Iterator[HandState]:
    seats = _checked_seats(view, infer)
    failures = [0] * view.table.seats
    by_seat = give_up == "seat"
    for i in itertools.count():
        world, agrees, blame = _inferred(view, rng, tries, seats, judge, by_seat)
        yield world
        if agrees:
            continue
        # "all": the count is kept under the viewer's own seat, never checked
        blamed = [s for s in range(view.table.seats) if blame >> s & 1] if by_seat else [view.seat]
        for seat in blamed:
            failures[seat] += 1
            if failures[seat] >= GIVE_UP_FAILURES and 4 * failures[seat] > i + 1:
                seats = seats & ~(1 << seat) if give_up == "seat" else 0
