"""A game of Euchre to the target: drawing for partners and the first deal, dealer
rotation and pass-outs, the score, "at the bridge", the winner, laps and slams.

Sources: S000 L113-117, S001 L7-9, S002 L13 (drawing, first dealer, rotation);
REFERENCE 6.1 (pass-outs, game end); D.C. ch. IV, X-15a, X-20 (laps and slams);
REFERENCE 1I I6 (the bridge).
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from euchre.core.actions import Action
from euchre.core.cards import ACE, JACK, card_code, deck_cards
from euchre.core.deal import choose_packets
from euchre.core.errors import EuchreError, EuchreTypeError, EuchreValueError, IllegalActionError, RulesTypeError
from euchre.core.hand import HandResult, HandState
from euchre.core.rules import Rules
from euchre.core.seats import FOUR_HANDED, Seat

DealProvider = Callable[[int, int], HandState]
"""Makes the next hand: called with (hand index from 0, dealer seat)."""


def draw_value(card: int, order: str) -> int:
    """A card's value when drawing for partners and deal, low to high.

    ``ace_low``: A, 7, 8, 9, 10, J, Q, K (S000 L113, S001 L7); ``jack_high``: 7, 8, 9,
    10, Q, K, A, J (X-12); ``whist``: 7 ... 10, J, Q, K, A. Suits do not count.
    """
    rank = card & 7
    if order == "ace_low":
        return 0 if rank == ACE else rank + 1
    if order == "jack_high":
        if rank == JACK:
            return 8
        return rank if rank < JACK else rank - 1
    return rank


@dataclass(frozen=True)
class Setup:
    """How the table was formed.

    Attributes:
        seating: ``seating[seat]`` is the index of the player (0..n-1, in the order the
            players were given) who sits there.
        first_dealer: the seat of the first dealer.
        draws: the cards each player drew, in order, ``(player index, card number)``,
            for the draw for partners and/or the first deal (empty when none was made).
        method: a short description of what was done.

    Raises:
        EuchreTypeError: a field of the wrong type (lists are taken as tuples).
        EuchreValueError: a seating that is not the players 0..n-1 each once, a first
            dealer who is not a seat, a draw that is not (player 0..3, card number).
    """

    seating: tuple[int, ...]
    first_dealer: int
    draws: tuple[tuple[int, int], ...] = ()
    method: str = ""

    def __post_init__(self) -> None:
        seating, draws = self.seating, self.draws
        if isinstance(seating, list):
            seating = tuple(seating)
        if isinstance(draws, list):
            draws = tuple(tuple(d) if isinstance(d, list) else d for d in draws)
        if not isinstance(seating, tuple) or any(type(p) is not int for p in seating):
            raise EuchreTypeError(f"a setup's seating is a tuple of player numbers, not {self.seating!r}")
        if not 2 <= len(seating) <= 7 or sorted(seating) != list(range(len(seating))):
            raise EuchreValueError(f"a setup's seating must hold the players 0..n-1 each once, not {seating!r}")
        if isinstance(self.first_dealer, bool) or not isinstance(self.first_dealer, int) or (
                isinstance(self.first_dealer, enum.Enum) and not isinstance(self.first_dealer, Seat)):
            raise EuchreTypeError(f"the setup's first dealer must be a seat number, not {self.first_dealer!r}")
        if not 0 <= self.first_dealer < len(seating):
            raise EuchreValueError(f"the setup's first dealer must be a seat 0..{len(seating) - 1}, not {self.first_dealer}")
        if not isinstance(draws, tuple) or not all(
                isinstance(d, tuple) and len(d) == 2 and type(d[0]) is int and type(d[1]) is int for d in draws):
            raise EuchreTypeError(f"a setup's draws are (player, card number) pairs, not {self.draws!r}")
        if not all(0 <= p < len(seating) and 0 <= c < 32 for p, c in draws):
            raise EuchreValueError(f"a setup's draws are (player 0..{len(seating) - 1}, card number 0..31) pairs, "
                                   f"not {draws!r}")
        if not isinstance(self.method, str):
            raise EuchreTypeError(f"a setup's method is a text, not {self.method!r}")
        object.__setattr__(self, "seating", seating)
        object.__setattr__(self, "first_dealer", int(self.first_dealer))
        object.__setattr__(self, "draws", draws)


class _DrawPack:
    """The pack drawn from before the first deal (without the joker). When it runs out
    (ties drawn again and again, or a face-up deal for the first jack after the draw
    for partners used the jacks up) the cards are gathered and shuffled again, as
    players would."""

    def __init__(self, size: int, rng: random.Random) -> None:
        self.size = size
        self.rng = rng
        self.cards: list[int] = []
        self._shuffle()

    def _shuffle(self) -> None:
        self.cards = deck_cards(self.size, False)
        self.rng.shuffle(self.cards)

    def draw(self) -> int:
        if not self.cards:
            self._shuffle()
        return self.cards.pop()


def _draw_until_ordered(players: Sequence[int], pack: _DrawPack, order: str,
                        draws: list[tuple[int, int]]) -> list[int]:
    """Each player draws a card; tied players draw again (S001 L7, D.C. Law 1) until
    all are ordered. Returns the players from lowest to highest."""
    keys: dict[int, tuple[int, ...]] = {p: () for p in players}
    pending = list(players)
    while pending:
        for p in pending:
            card = pack.draw()
            draws.append((p, card))
            keys[p] = keys[p] + (draw_value(card, order),)
        groups: dict[tuple[int, ...], list[int]] = {}
        for p in players:
            groups.setdefault(keys[p], []).append(p)
        pending = [p for g in groups.values() if len(g) > 1 for p in g]
    return sorted(players, key=lambda p: keys[p])


def teams_from_draw(order_low_to_high: Sequence[int]) -> tuple[tuple[int, int], tuple[int, int]]:
    """The partnerships after a draw: the two highest play the two lowest (S000 L113,
    S001 L7, S002 L13). Returns ``(lowest pair, highest pair)`` of player indices."""
    lo = order_low_to_high
    return (lo[0], lo[1]), (lo[2], lo[3])


def setup_table(rules: Rules, rng: random.Random) -> Setup:
    """Form partnerships and choose the first dealer by the rules' methods.

    Seating: at the four-hand table, after a draw for partners player 0 sits North and
    his partner South, the other two East and West in player order; ``fixed_seats``
    keeps players 0..n-1 in seats 0..n-1 (N, E, S, W at the four-hand table). Where
    every player plays for himself only the first dealer is drawn for (a draw for
    partners would form none), and ``random`` seats the players at random.
    ``first_jack``/``first_black_jack``: one player, chosen at random (whoever happens
    to pick up the pack), deals cards face up one at a time clockwise, starting with the
    player to his left; the first (black) jack deals (X-28, X-29). The start is drawn
    with ``rng`` so that every seat is equally likely to deal first: from a fixed start
    the seats nearer to it would deal first more often. Drawing uses a pack without the
    joker.
    """
    pack = _DrawPack(rules.deck, rng)
    table = rules.table
    n = table.seats
    draws: list[tuple[int, int]] = []
    seating: tuple[int, ...] = tuple(range(n))
    order: list[int] | None = None
    method = rules.partnership_method
    if method == "cut_high_vs_low" and table is FOUR_HANDED:
        order = _draw_until_ordered(range(4), pack, rules.cut_rank_order, draws)
        low, high = teams_from_draw(order)
        pair0 = low if 0 in low else high
        other = high if pair0 is low else low
        seating = (0, min(other), max(pair0), max(other))
    elif method == "random":
        players = list(range(n))
        rng.shuffle(players)
        seating = tuple(players)
    seat_of = {p: s for s, p in enumerate(seating)}

    fd = rules.first_dealer_method
    if fd in ("lowest_cut", "highest_cut"):
        if order is None:
            order = _draw_until_ordered(range(n), pack, rules.cut_rank_order, draws)
        chosen = order[0] if fd == "lowest_cut" else order[-1]
        first = seat_of[chosen]
    elif fd in ("first_jack", "first_black_jack"):
        faced: list[int] = []
        while True:
            card = pack.draw()
            faced.append(card)
            if card & 7 == JACK and (fd == "first_jack" or card >> 3 in (0, 3)):
                break
        # The dealer of the face-up cards is drawn last, so that the pack is used as
        # before whatever the start; the k-th card goes to the k-th seat from his left.
        shuffler = rng.randrange(table.seats)
        seat = shuffler
        for card in faced:
            seat = table.left[seat]
            draws.append((seating[seat], card))
        first = seat
    else:
        first = rng.randrange(n)
    return Setup(seating, first, tuple(draws), f"{method}; {fd}")


def bridge_team(rules: Rules, score: Sequence[int]) -> int | None:
    """The team "at the bridge", or None (display and advice only; REFERENCE 1I I6).

    Stated for a 5-point game and kept relative to the target here: a side one point
    from game whose opponents are at most ``target - 3`` (``uspcc``, S001 L24), also at
    least 1 (``dc_1862``, X-05), or exactly 1 (``hoyle_1857``, S002 L49-51). #interp for
    targets other than 5.
    """
    d = rules.bridge_definition
    t = rules.game_target
    if d == "none" or t < 3 or not rules.plays_to_target:
        return None
    for team, own in enumerate(score):
        if own != t - 1:
            continue
        # Where every player plays for himself each opponent must stand so (#interp).
        others = [s for other, s in enumerate(score) if other != team]
        if d == "uspcc" and all(opp <= t - 3 for opp in others):
            return team
        if d == "dc_1862" and all(1 <= opp <= t - 3 for opp in others):
            return team
        if d == "hoyle_1857" and all(opp == 1 for opp in others):
            return team
    return None


TIE = -1
"""The side number that tools outside the game (duplicate matches, ``euchre sim``,
self-play) give a finished game that nobody won: a progressive round whose highest
scores are equal (``GameResult.winner`` None; RULES.md decision 24). None there means a
game that did not end."""


def outcome_of(game: Game) -> int | None:
    """The winning side of a finished game, :data:`TIE` when it ended with nobody the
    winner, or None when it has not ended (the hand limit stopped it)."""
    if game.result is None:
        return None
    return TIE if game.result.winner is None else game.result.winner


@dataclass(frozen=True)
class GameResult:
    """The end of a game.

    Attributes:
        winner: the winning side (0 N-S, 1 E-W at the four-hand table); in progressive
            play the side with the most points after the round's hands, or None when
            the highest are equal (the event breaks the tie: RULES.md decision 24).
        score: the final score per side.
        games: games counted for the win: 2 for a slam (every other side on 0) when
            ``slams`` is on, else 1 (X-15a, X-20).
        carry: with ``laps``, the points per side carried into the next game (the
            winner's points beyond the target), else all 0.
        player_points: per seat, the points that player scored: his side's (as each
            player of a progressive evening records them on his tally, X-32).
    """

    winner: int | None
    score: tuple[int, ...]
    games: int
    carry: tuple[int, ...]
    player_points: tuple[int, ...] = ()


@dataclass(frozen=True)
class Settlement:
    """The game after one hand is settled (:func:`settle_hand`).

    Attributes:
        score: the score per side after the hand.
        dealer: who deals the next hand (the same dealer or the next: all seeds).
        result: the end of the game when the hand decided it, else None.
    """

    score: tuple[int, ...]
    dealer: int
    result: GameResult | None


def settle_hand(rules: Rules, score: Sequence[int], dealer: int, hands_counted: int, result: HandResult) -> Settlement:
    """Add one hand's points to a game's score and say who deals next and whether the
    game is over: the one reading of these rules for :class:`Game` and the referee of
    real cards (:mod:`euchre.referee`).

    A side at or past the target wins; where several sides score with one hand (every
    opponent of a euchred maker, where all play for themselves) the highest wins, and
    equal highest play on (RULES.md decision 18); a revoke's penalty is scored first
    (Leeds & Dwight 1888 s4; decision 27). A progressive round ends after its hands
    (decision 24). The deal passes left (all seeds), except after a hand thrown in for
    the same dealer (decision 23) or passed out under ``same_dealer_redeals`` (S003 L19).

    Args:
        rules: the game's rules.
        score: the score per side before the hand.
        dealer: the hand's dealer.
        hands_counted: hands that counted before this one (progressive play).
        result: the hand's result.
    """
    table = rules.table
    new = [s + p for s, p in zip(score, result.points, strict=True)]
    target = rules.game_target
    top = max(new)
    round_over = not rules.plays_to_target and hands_counted + result.played >= rules.progressive_hands
    leaders: list[int] = []
    if rules.plays_to_target:
        leaders = [t for t, s in enumerate(new) if s == top] if top >= target else []
        if result.penalties:
            # The penalty of a revoke is scored first (Leeds & Dwight 1888 s4): a side
            # that reaches the target by it wins, whatever the hand gave the others
            # (RULES.md decision 27).
            # Equal on the penalties alone, the score after the whole hand decides.
            first = [s + p for s, p in zip(score, result.penalties, strict=True)]
            first_top = max(first)
            first_leaders = [t for t, s in enumerate(first) if s == first_top]
            if first_top >= target and len(first_leaders) == 1:
                leaders = first_leaders
        if len(leaders) > 1:
            leaders = []
    next_dealer = dealer
    if not leaders and not round_over and not (result.dealer_deals_again or (
            result.passed_out and not result.forfeit and not result.thrown_in
            and rules.all_pass_round2 == "same_dealer_redeals")):
        next_dealer = table.left[dealer]  # the deal passes left (all seeds)
    points = tuple(new[table.team[s]] for s in range(table.seats))
    game_result: GameResult | None = None
    if leaders:
        winner = leaders[0]
        others = [s for t, s in enumerate(new) if t != winner]
        games = 2 if (rules.slams and not any(others)) else 1
        carry = tuple((new[winner] - target) if (t == winner and rules.laps) else 0 for t in range(len(new)))
        game_result = GameResult(winner, tuple(new), games, carry, points)
    elif round_over:
        # A progressive round: the hands are played; the most points win the table,
        # equal highest are a tie (X-32, X-49; RULES.md decision 24).
        best = [t for t, s in enumerate(new) if s == top]
        game_result = GameResult(best[0] if len(best) == 1 else None, tuple(new), 1, (0,) * len(new), points)
    return Settlement(tuple(new), next_dealer, game_result)


class Game:
    """A game to the target.

    ``game.hand`` is the hand in progress; ``game.apply(action)`` plays it (checked).
    When a hand ends it is scored, the game end is checked after the hand (REFERENCE
    4.5 "Fixed"), and the next hand is dealt at once: the finished hands are in
    ``game.finished_hands``. ``game.result`` is set when a side reaches the target.
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
        self.score = list(self.initial_score)
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
        saved = (hand, list(self.score), self.dealer, self.result, self.rng.getstate())
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
        other.score = list(self.score)
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
        self.score = list(settled.score)
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
        return (f"<Game score {score}, hand {len(self.finished_hands) + 1}, "
                f"dealer {table.letters[self.dealer]}, upcard {card_code(self.hand.upcard)}>")
