"""The bot protocol: a player that chooses one legal action from a :class:`PlayerView`.

A bot sees only a view (DESIGN.md: "Bots ... see only a PlayerView"); it never gets the
hand state, so hidden cards cannot leak into its choices. Its randomness is passed in as
a seed: two bots of the same level made with the same seed and shown the same views make
the same choices.
"""

from __future__ import annotations

import dataclasses
import random
from typing import ClassVar, Protocol, runtime_checkable

from euchre.core.actions import Action
from euchre.core.errors import EuchreTypeError, EuchreValueError
from euchre.core.hand import Phase
from euchre.core.views import PlayerView


@runtime_checkable
class Bot(Protocol):
    """A player program.

    ``name`` is a short label for displays and logs (the level, e.g. ``"intermediate"``).
    ``choose(view)`` returns one of ``view.legal``; it is only called when
    ``view.turn == view.seat`` and ``view.legal`` is not empty.
    """

    @property
    def name(self) -> str:
        """A short label: the bot's level."""
        ...

    def choose(self, view: PlayerView) -> Action:
        """One action of ``view.legal``."""
        ...


class SeededBot:
    """Common base of the built-in bots: a level name and a seeded generator.

    Args:
        seed: seeds the bot's own ``random.Random`` (an int; the same seed gives the same
            choices for the same views).

    Raises:
        EuchreTypeError: the seed is not an int.
    """

    level: ClassVar[str] = "bot"
    revoke_chance: float = 0.0
    """In table mode, how often the bot plays a card that fails to follow suit when it
    could (:func:`lawful_choice`); 0 for every level but the careless beginner."""

    def __init__(self, seed: int = 0) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise EuchreTypeError(f"a bot's seed must be an int, not {seed!r}")
        self.seed = seed
        self.rng = random.Random(seed)

    @property
    def name(self) -> str:
        """The bot's level, e.g. ``"random"``."""
        return self.level

    def choose(self, view: PlayerView) -> Action:
        """One action of ``view.legal`` (subclasses decide).

        Raises:
            EuchreError: the view offers this seat no action.
        """
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} level={self.level} seed={self.seed}>"


def lawful_choice(view: PlayerView, rng: random.Random, revoke_chance: float = 0.0) -> tuple[Action | None, PlayerView]:
    """What the laws of table mode decide for a built-in bot (``renege_mode =
    penalize_on_claim``; RULES.md decision 27), and the view it decides the rest on.

    A bot claims a revoke exactly when its view proves one (:meth:`PlayerView.proved_revokes`:
    from the tricks, never from hidden cards) and passes in the claims after the last
    trick otherwise. It never revokes, except that with ``revoke_chance`` > 0 (a careless
    beginner, for practising the claim) it plays, that often when it could, a card that
    fails to follow suit; such a bot notices half of its revokes before the trick is
    quitted and corrects them. A revoke it finds in its seat (a bot that took a person's
    place) is always corrected. It calls every exposed card of an adversary that the law
    lets it call: with every hand open, taking a choice from the adversary never costs
    the caller, so the open-hand search would always call (New York 1877 s12).

    Returns:
        ``(action, view)``: the action the laws decide, or None and the view with
        ``legal`` cut to the plays that follow suit (the view itself outside table mode).
    """
    if not view.rules.revokes_possible:
        return None, view
    legal = view.legal
    if view.phase == Phase.REVOKE_CORRECTION:
        if Action.CORRECT_REVOKE in legal and (revoke_chance == 0 or rng.random() < 0.5):
            return Action.CORRECT_REVOKE, view
        return Action.LET_STAND, view
    if view.phase == Phase.CALL_CARD:
        return next((a for a in legal if a.is_card_call), Action.DECLINE_CALL), view
    if Action.CLAIM_REVOKE in legal:
        if view.proved_revokes():
            return Action.CLAIM_REVOKE, view
        if view.phase == Phase.REVOKE_CLAIMS:
            return Action.PASS, view
    following = view.following_actions()
    if not following:  # a card the laws bind it to play (called, or taken back by a correction)
        following = tuple(a for a in legal if a.is_play)
    if revoke_chance > 0 and view.phase == Phase.PLAY:
        wrong = [a for a in legal if a.is_play and a not in following]
        if wrong and rng.random() < revoke_chance:
            return wrong[rng.randrange(len(wrong))], view
    if following == legal:
        return None, view
    return None, dataclasses.replace(view, legal=following)


class RuleBot(SeededBot):
    """A bot with a rule for each phase: :meth:`preferred` gives its answer, and
    :meth:`choose` plays it, with the first legal action as a guard should a rule ever
    produce an illegal one (the tests check that the rules never do)."""

    def choose(self, view: PlayerView) -> Action:
        """The bot's action for this view.

        Raises:
            EuchreError: the view offers this seat no action.
        """
        require_turn(view)
        decided, view = lawful_choice(view, self.rng, self.revoke_chance)
        if decided is not None:
            return decided
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        # A claim before the bidding is always made: a hand that may be thrown in is
        # hopeless, and three nines or tens are the weakest cards to trade for the
        # kitty's three (RULES.md decision 23).
        for claim in (Action.THROW_IN, Action.FARMERS_HAND):
            if claim in legal:
                return claim
        action = self.preferred(view)
        return action if action in legal else legal[0]

    def preferred(self, view: PlayerView) -> Action:
        """The bot's own answer for a view where its seat is to act."""
        raise NotImplementedError


def require_turn(view: PlayerView) -> tuple[Action, ...]:
    """The legal actions of a view, checking that it is the seat's turn.

    Raises:
        EuchreTypeError: ``view`` is not a PlayerView (a bot sees only views).
        EuchreValueError: it is not the view's seat's turn, or no action is legal.
    """
    if not isinstance(view, PlayerView):
        raise EuchreTypeError(f"a bot chooses from a PlayerView (view_of(hand, seat)), not a {type(view).__name__}")
    if view.turn != view.seat or not view.legal:
        raise EuchreValueError(
            f"no decision for seat {view.table.letters[view.seat]}: turn is {view.turn}, phase {view.phase.name}")
    return view.legal
