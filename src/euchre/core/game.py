"""A game of Euchre to the target: drawing for partners and the first deal, dealer
rotation and pass-outs, the score, "at the bridge", the winner, laps and slams.

Sources: S000 L113-117, S001 L7-9, S002 L13 (drawing, first dealer, rotation);
REFERENCE 6.1 (pass-outs, game end); D.C. ch. IV, X-15a, X-20 (laps and slams);
REFERENCE 1I I6 (the bridge).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from euchre.core.actions import Action
from euchre.core.cards import card_code
from euchre.core.deal import choose_packets
from euchre.core.drawing import Setup, draw_value, setup_table, teams_from_draw
from euchre.core.errors import EuchreError, EuchreTypeError, EuchreValueError, IllegalActionError, RulesTypeError
from euchre.core.hand import HandResult, HandState
from euchre.core.rules import Rules
from euchre.core.settling import TIE, GameResult, Settlement, bridge_team, outcome_of, settle_hand

__all__ = ["TIE", "DealProvider", "Game", "GameResult", "Settlement", "Setup", "bridge_team", "draw_value",
           "outcome_of", "settle_hand", "setup_table", "teams_from_draw"]

DealProvider = Callable[[int, int], HandState]
"""Makes the next hand: called with (hand index from 0, dealer seat)."""


class Game:
    """A game to the target.

    ``game.hand`` is the hand in progress; ``game.apply(action)`` plays it (checked).
    When a hand ends it is scored, the game end is checked after the hand (REFERENCE
    4.5 "Fixed"), and the next hand is dealt at once: the finished hands are in
    ``game.finished_hands``. ``game.result`` is set when a side reaches the target.
    ``game.score`` is the score now, a tuple of points per side (``table.teams``' order):
    a value, so a caller holding it cannot change the game's score by accident.
    ``game.unrecorded`` maps a hand's index (from 0) to a bit mask of the cards that a
    record read into the game did not place (an EGN file that omits unplayed cards or
    the discard: they were put in a seat's hand, or chosen as the discard, by guess);
    it is empty for games played or read from a complete record.

    For search over whole games, :meth:`copy` makes an independent game and
    :meth:`push` / :meth:`pop` play and take back one action without the checks of
    :meth:`apply` (the contract of :meth:`HandState.push`); a push that ends a hand
    scores it and deals the next one, and its pop undoes all of that, the random
    generator included.

    Args:
        rules: the rule set.
        seed: seeds the game's own random generator (setup and shuffles). The same seed
            gives the same game.
        initial_score: the score per team to start from (e.g. laps carried over).
        setup: a given table setup instead of drawing one.
        deal_provider: a function making each hand instead of shuffling (for replays).
        max_hands: stop a game that has not ended after this many hands (a guard for
            rule sets that could pass out for ever; the result stays None).

    Raises:
        RulesTypeError: ``rules`` is not a Rules.
        EuchreTypeError: an argument of the wrong type (a seed that is not an int, a
            setup that is not a Setup, a provider that is not callable).
        EuchreValueError: a wrong value (a score below 0 or already at the target, a
            first dealer who is not a seat, ``max_hands`` below 1).
    """

    def __init__(self, rules: Rules, seed: int | None = None, *,
                 initial_score: Sequence[int] | None = None, setup: Setup | None = None,
                 deal_provider: DealProvider | None = None, max_hands: int = 10_000) -> None:
        if not isinstance(rules, Rules):
            raise RulesTypeError(f"rules must be a Rules value (e.g. preset('modern-standard')), not {type(rules).__name__}")
        if seed is not None and (type(seed) is not int):
            raise EuchreTypeError(f"seed must be a whole number or None, not {seed!r}")
        table = rules.table
        teams = len(table.teams)
        if initial_score is None:
            initial_score = (0,) * teams
        if not isinstance(initial_score, (list, tuple)) or any(type(s) is not int for s in initial_score):
            raise EuchreTypeError(f"initial_score must be {teams} whole numbers (one per team), not {initial_score!r}")
        if len(initial_score) != teams or any(s < 0 for s in initial_score):
            raise EuchreValueError(f"initial_score must be {teams} whole numbers >= 0, not {initial_score!r}")
        if type(max_hands) is not int:
            raise EuchreTypeError(f"max_hands must be a whole number, not {max_hands!r}")
        if max_hands < 1:
            raise EuchreValueError(f"max_hands must be at least 1, not {max_hands}")
        if setup is not None and not isinstance(setup, Setup):
            raise EuchreTypeError(f"setup must be a Setup, not {type(setup).__name__}")
        if setup is not None:
            if len(setup.seating) != table.seats:
                raise EuchreValueError(f"the setup seats {len(setup.seating)} players; the table has {table.seats}")
            table.seat(setup.first_dealer, "the setup's first dealer")
        if deal_provider is not None and not callable(deal_provider):
            raise EuchreTypeError(f"deal_provider must be a function (hand index, dealer) -> HandState, not {deal_provider!r}")
        if rules.plays_to_target and max(initial_score) >= rules.game_target:
            raise EuchreValueError(f"initial_score {tuple(initial_score)} already reaches the target {rules.game_target}")
        self.rules = rules
        self.table = table
        self.seed = seed
        self.rng = random.Random(seed)
        self.setup = setup if setup is not None else setup_table(rules, self.rng)
        self.initial_score = tuple(int(s) for s in initial_score)
        self.score: tuple[int, ...] = self.initial_score
        self.dealer = self.setup.first_dealer
        self.finished_hands: list[HandState] = []
        self.unrecorded: dict[int, int] = {}
        self.result: GameResult | None = None
        self.max_hands = max_hands
        self._deal_provider = deal_provider
        self._stack: list[tuple[Any, ...] | None] = []
        # deal_pattern_scope = per_game: the first dealer's choice of packets is kept
        # for the whole game (S001 L9; X-28); per_deal or a fixed pattern: None.
        self.packets: str | None = None
        if deal_provider is None and rules.deal_packets == "dealer_choice" and rules.deal_pattern_scope == "per_game":
            self.packets = choose_packets(rules.deal_packets, self.rng)
        self.hand: HandState = self._new_hand()

    def _new_hand(self, dealer: int | None = None, index: int = 0) -> HandState:
        """Deal hand number ``index`` (from 0) by ``dealer`` (default: the current one)."""
        dealer = self.dealer if dealer is None else dealer
        if self._deal_provider is not None:
            hand = self._deal_provider(index, dealer)
            if not isinstance(hand, HandState):
                raise EuchreTypeError(f"the deal provider must return a HandState, not {type(hand).__name__}")
            if hand.dealer != dealer or hand.rules != self.rules or hand.history or hand._stack \
                    or any(hand is h for h in self.finished_hands) or hand is getattr(self, "hand", None):
                raise EuchreValueError(f"the deal provider must return a new HandState of these rules, dealt by seat "
                                       f"{dealer}, before any action (hand {index + 1})")
            return hand
        return HandState.deal(self.rules, dealer, self.rng, packets=self.packets)

    @property
    def hands_counted(self) -> int:
        """The finished hands that count as played: all but those passed out or thrown
        in (redealt, in progressive play, without counting: RULES.md decision 24)."""
        return sum(1 for h in self.finished_hands
                   if h.result is not None and h.result.played)

    @property
    def is_over(self) -> bool:
        """True once a side has won, a progressive round has played its hands (or the
        hand limit was reached)."""
        return self.result is not None or len(self.finished_hands) >= self.max_hands

    @property
    def turn(self) -> int:
        """The seat to act, or -1 when the game is over."""
        return -1 if self.is_over else self.hand.turn

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions in the hand in progress (empty when the game is over), as an
        immutable tuple."""
        return () if self.is_over else self.hand.legal_actions()

    def legal_codes(self) -> tuple[int, ...]:
        """The legal action codes in the hand in progress (empty when the game is over)."""
        return () if self.is_over else self.hand.legal_codes()

    def apply(self, action: int | str) -> HandResult | None:
        """Apply an action to the hand in progress (checked).

        Returns:
            The :class:`HandResult` when this action ended the hand, else None.

        Raises:
            IllegalActionError: the action is not legal (the state is unchanged), or the
                game is over.
        """
        if self.is_over:
            raise IllegalActionError("the game is over; no action is legal", str(action))
        hand = self.hand
        before = hand._snapshot()
        hand.apply(action)
        if not hand.is_over:
            return None
        try:
            return self._end_hand()
        except BaseException:
            hand._restore(before)  # nothing half-applied: the action is undone
            raise

    def push(self, code: int) -> None:
        """Apply an action code to the hand in progress WITHOUT the checks of
        :meth:`apply`, saving what :meth:`pop` needs to take it back. When the action
        ends the hand, the hand is scored, the game end checked and the next hand dealt,
        as :meth:`apply` does.

        For search only; the contract is that of :meth:`HandState.push` (``code`` is one
        of :meth:`legal_codes`, checked only in debug mode). Pushing after the game is
        over raises :class:`IllegalActionError`."""
        if self.is_over:
            raise IllegalActionError("the game is over; no action is legal", repr(code))
        hand = self.hand
        hand.push(code)
        if not hand.is_over:
            self._stack.append(None)
            return
        saved = (hand, self.score, self.dealer, self.result, self.rng.getstate())
        try:
            self._end_hand()
        except BaseException:
            hand.pop()
            raise
        self._stack.append(saved)

    def pop(self) -> None:
        """Take back the last :meth:`push` (and the scoring and the deal it caused).

        Raises:
            EuchreValueError: nothing to take back.
        """
        top = self._stack[-1] if self._stack else None
        if not self._stack or (top is None and not self.hand._stack) or (
                top is not None and (not self.finished_hands or self.finished_hands[-1] is not top[0]
                                     or (self.hand is not top[0] and (self.hand._stack or self.hand.history)))):
            # Nothing pushed, or the game moved on by apply() since the push: apply
            # between push and pop is not supported, and nothing is taken back.
            raise EuchreValueError("pop() without a matching push() (apply() between push and pop is not supported)")
        saved = self._stack.pop()
        if saved is not None:
            hand, score, dealer, result, rng_state = saved
            self.finished_hands.pop()
            self.hand, self.score, self.dealer, self.result = hand, score, dealer, result
            self.rng.setstate(rng_state)
        self.hand.pop()

    def copy(self) -> Game:
        """An independent copy: the same rules, setup, score and hands, the hand in
        progress copied (:meth:`HandState.copy`), and a random generator in the same
        state, so the copy deals the same next hands. The undo stack is not copied: the
        copy starts with nothing to pop."""
        other = Game.__new__(Game)
        other.__dict__.update(self.__dict__)
        # A pop can take a finished hand back into play, so the copy has its own.
        other.finished_hands = [h.copy() for h in self.finished_hands]
        other.unrecorded = dict(self.unrecorded)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.hand = self.hand.copy()
        other._stack = []
        return other

    def restore(self, snapshot: Game) -> None:
        """Make this game what ``snapshot`` (a :meth:`copy` taken earlier) is, in place:
        whoever holds this object sees the game taken back (the terminal's ``undo``).
        ``snapshot`` itself is not changed and may be restored again.

        Raises:
            EuchreTypeError: ``snapshot`` is not a Game.
            EuchreValueError: it is a game of other rules or another seed.
        """
        if not isinstance(snapshot, Game):
            raise EuchreTypeError(f"restore takes a Game (from copy()), not {type(snapshot).__name__}")
        if snapshot.rules != self.rules or snapshot.seed != self.seed:
            raise EuchreValueError("restore takes a copy of this game, not of a game with other rules or seed")
        self.__dict__.update(snapshot.copy().__dict__)

    def _end_hand(self) -> HandResult:
        hand = self.hand
        result = hand.result
        if result is None:  # pragma: no cover - the phase machine sets it at DONE
            raise EuchreError("internal error: a finished hand has no result")
        settled = settle_hand(self.rules, self.score, self.dealer, self.hands_counted, result)
        next_hand = None
        if settled.result is None and len(self.finished_hands) + 1 < self.max_hands:
            next_hand = self._new_hand(settled.dealer, len(self.finished_hands) + 1)  # may raise: nothing is changed yet
        self.finished_hands.append(hand)
        self.score = tuple(settled.score)
        self.dealer = settled.dealer
        if settled.result is not None:
            self.result = settled.result
        elif next_hand is not None:
            self.hand = next_hand
        return result

    def bridge(self) -> int | None:
        """The team at the bridge now, or None (see :func:`bridge_team`)."""
        return bridge_team(self.rules, self.score)

    def next_game(self, seed: int | None = None) -> Game:
        """A new game after this one, with laps carried over; the deal passes left.
        (The rules refuse ``laps`` with a target so low that a carry could reach it:
        see :class:`~euchre.core.rules.Rules`.)

        Raises:
            EuchreValueError: this game is not over.
            EuchreTypeError: ``seed`` is not an int or None.
        """
        if self.result is None:
            raise EuchreValueError("the game is not over")
        setup = Setup(self.setup.seating, self.table.left[self.dealer], (), "next game")
        return Game(self.rules, seed, initial_score=self.result.carry, setup=setup)

    def __repr__(self) -> str:
        table = self.table
        score = ", ".join(f"{name} {s}" for name, s in zip(table.team_names, self.score, strict=True))
        if self.is_over:  # the last hand is finished_hands[-1]: no hand in progress
            return f"<Game score {score}, over after {len(self.finished_hands)} hands>"
        return (f"<Game score {score}, hand {len(self.finished_hands) + 1}, "
                f"dealer {table.letters[self.dealer]}, upcard {card_code(self.hand.upcard)}>")
