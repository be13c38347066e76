"""How the arena asks a bot for its decisions: as our table does, or as an outside program would.

Two protocols (``euchre arena --protocol``):

* ``table`` (the arena's own, and the default): one bot object per seat and per play of a
  deal, made from that seat's seed (:func:`euchre.analysis.duplicate.play_duplicate_deal`),
  asked for every decision of its seat in the hand. Whatever the object keeps between
  two of its decisions (its random stream, anything it chose to remember) it keeps.
* ``outside``: what a program that runs our bots from outside does (a separate arena on
  another engine, an OpenSpiel or PettingZoo loop): for every decision a *fresh* bot is
  made from a seed drawn for that decision alone, and it is shown only that decision's
  :class:`~euchre.core.views.PlayerView` with the score 0-0 (one hand at a time). Nothing
  is carried from one decision to the next but what the view says.

:class:`OutsideBot` gives the second protocol to any :data:`BotFactory`; the arena wraps
each side's factory in it (:func:`outside_factory`). The seed of a decision is
:func:`decision_seed`: a function of the seat's seed and of the view (its seat, dealer,
upcard, own cards and the length of the history), so it is drawn afresh at every
decision (two decisions of one hand differ in their history's length, two hands of a game
in their deal) and yet a run repeats exactly from its seed, and the player adapters of
:mod:`euchre.interop.players` reproduce the arena's choices decision by decision.
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass

from euchre.analysis.duplicate import BotFactory, MatchRecord, derive_seed
from euchre.analysis.stats import mean_interval
from euchre.core.actions import Action
from euchre.core.errors import EuchreTypeError, EuchreValueError
from euchre.core.views import PlayerView

PROTOCOLS: tuple[str, ...] = ("table", "outside")
"""The protocols by name: one bot per seat and play asked for every decision (``table``),
or a fresh bot for each decision shown only its view at 0-0 (``outside``)."""

PROTOCOL_CHOICES: tuple[str, ...] = (*PROTOCOLS, "both")
"""What ``euchre arena --protocol`` takes: a protocol, or ``both`` (every pairing under
each, on the same deals, side by side)."""


def decision_seed(seed: int, view: PlayerView) -> int:
    """The seed of the fresh bot that makes the decision of ``view`` under the outside
    protocol, for the seat whose seed is ``seed``.

    A pure function of the seed and of what the view shows (seat, dealer, upcard, the
    seat's cards, the number of actions so far), so no state is needed to draw it.

    Raises:
        EuchreTypeError: ``seed`` is not an int or ``view`` not a PlayerView.
    """
    if type(seed) is not int:
        raise EuchreTypeError(f"a seat's seed is an int, not {seed!r}")
    if not isinstance(view, PlayerView):
        raise EuchreTypeError(f"a decision's seed is drawn from a PlayerView, not a {type(view).__name__}")
    cards = "-".join(str(c) for c in view.hand)
    return derive_seed("decision", seed, view.seat, view.dealer, view.upcard, cards, len(view.history))


def at_love(view: PlayerView) -> PlayerView:
    """``view`` with the game score 0 for every side (the outside protocol plays one hand
    at a time: it shows no game score)."""
    if all(points == 0 for points in view.score):
        return view
    return dataclasses.replace(view, score=(0,) * len(view.score))


class OutsideBot:
    """A seat's player under the outside protocol (see the module docstring): each
    :meth:`choose` makes a new bot with ``factory(decision_seed(seed, view))`` and asks it
    once, the view's score set to 0-0.

    Args:
        factory: makes a bot from an int seed (:data:`~euchre.analysis.duplicate.BotFactory`;
            picklable for worker processes: then this object is too).
        seed: the seat's seed (an int).

    Raises:
        EuchreTypeError: ``factory`` is not callable or ``seed`` not an int.

    Attributes:
        made: bots made so far (one per decision; for tests and reports).
    """

    def __init__(self, factory: BotFactory, seed: int = 0) -> None:
        if not callable(factory):
            raise EuchreTypeError(f"the outside protocol needs a bot factory (a seed -> bot callable), not {factory!r}")
        if type(seed) is not int:
            raise EuchreTypeError(f"a seat's seed is an int, not {seed!r}")
        self.factory = factory
        self.seed = seed
        self.made = 0
        self._name: str | None = None

    @property
    def name(self) -> str:
        """The wrapped level's name (known after the first decision), ``outside`` before."""
        return self._name if self._name is not None else "outside"

    def choose(self, view: PlayerView) -> Action:
        """The choice of a fresh bot, made for this decision, shown only ``view`` at 0-0."""
        bot = self.factory(decision_seed(self.seed, view))
        self.made += 1
        self._name = bot.name
        return bot.choose(at_love(view))


def outside_factory(factory: BotFactory) -> BotFactory:
    """``factory`` under the outside protocol: a picklable factory of :class:`OutsideBot`."""
    return functools.partial(OutsideBot, factory)


def under_protocol(factory: BotFactory, protocol: str) -> BotFactory:
    """``factory`` as the protocol asks it: itself under ``table``, wrapped by
    :func:`outside_factory` under ``outside``.

    Raises:
        EuchreValueError: an unknown protocol (the message lists them).
    """
    if protocol == "table":
        return factory
    if protocol == "outside":
        return outside_factory(factory)
    raise EuchreValueError(f"unknown protocol {protocol!r}; protocols: {', '.join(PROTOCOLS)}")


def protocols_of(choice: str) -> tuple[str, ...]:
    """The protocols a ``--protocol`` choice runs: one, or both in :data:`PROTOCOLS` order.

    Raises:
        EuchreValueError: not one of :data:`PROTOCOL_CHOICES`.
    """
    if choice == "both":
        return PROTOCOLS
    if choice in PROTOCOLS:
        return (choice,)
    raise EuchreValueError(f"unknown protocol {choice!r}; choose one of {', '.join(PROTOCOL_CHOICES)}")


@dataclass(frozen=True)
class ProtocolGap:
    """One pairing under both protocols on the same deals, paired deal by deal.

    Attributes:
        deals: duplicate deals compared (the same in both).
        table_margin, outside_margin: A's margin per side-hand under each protocol.
        difference: ``outside_margin - table_margin`` (points per hand).
        difference_ci: its 95% interval over the deals (the per-deal differences of
            margin, normal approximation), None with fewer than two deals.
    """

    deals: int
    table_margin: float
    outside_margin: float
    difference: float
    difference_ci: tuple[float, float] | None


def protocol_gap(table: MatchRecord, outside: MatchRecord) -> ProtocolGap:
    """The paired difference of A's margin, outside less table, over the deals both
    records played (the same index in each).

    Raises:
        EuchreValueError: the records do not hold the same deals (indices and dealers).
    """
    if [(d.index, d.dealer) for d in table.deals] != [(d.index, d.dealer) for d in outside.deals]:
        raise EuchreValueError("the two protocols' records must hold the same deals to be paired")
    n = len(table.deals)
    hands = sum(d.side_hands for d in table.deals)
    if not n or not hands:
        return ProtocolGap(0, 0.0, 0.0, 0.0, None)
    t_margin = sum(d.a_points - d.b_points for d in table.deals) / hands
    o_margin = sum(d.a_points - d.b_points for d in outside.deals) / hands
    diffs = [o.margin - t.margin for t, o in zip(table.deals, outside.deals, strict=True)]
    ci = mean_interval(diffs)
    return ProtocolGap(n, t_margin, o_margin, o_margin - t_margin, None if ci is None else (ci[1], ci[2]))
