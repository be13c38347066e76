"""Where an episode of ``python_euchre`` stands, without OpenSpiel's classes: the deal card
by card, the hand being played, the hands finished and the score, at a table of any shape
(:mod:`euchre.interop.openspiel_game` wraps a :class:`Progress` in OpenSpiel's State).

Chance deals: first the dealer (outcomes 0..n-1, uniform; in ``game`` mode only the first
dealer, then the deal passes as the rules say), then one card at a time, card ``k``
(0-based) to the ``k``-th seat clockwise from the dealer himself (as OpenSpiel's euchre
deals), five to each of the ``n`` seats, then the card turned up (and, when the joker is
turned up under ``joker_turned_up = turn_next_card``, the next card). Card outcomes are our
card numbers (0..32, 32 the joker), uniform over the undealt cards. A finished hand is
settled by the core's :func:`~euchre.core.game.settle_hand`, the one reading of the score,
the game's end and who deals next.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import pyspiel

from euchre.core.actions import action_text
from euchre.core.cards import JOKER, card_code, cards_of, deck_cards
from euchre.core.errors import EuchreValueError, IllegalActionError
from euchre.core.game import settle_hand
from euchre.core.hand import HandState
from euchre.core.rules import Rules
from euchre.core.sampling import sample_world
from euchre.core.views import PlayerView, view_of
from euchre.interop import features
from euchre.interop.rewards import game_values, seat_rewards

CARDS_EACH = 5
"""Cards dealt to each seat."""


class Progress:
    """Where an episode stands, without OpenSpiel: the deal so far, the hand being played,
    the hands finished and the score. :class:`EuchreState` holds one (its only Python
    attribute, so OpenSpiel's clone, which deep-copies the attributes, copies this cheaply).

    Args:
        rules: the rules; ``mode``: ``hand`` or ``game``; ``max_hands``: see the module.
    """

    def __init__(self, rules: Rules, mode: str, max_hands: int) -> None:
        self.rules = rules
        self.seats = rules.table.seats
        self.dealt_cards = CARDS_EACH * self.seats
        self.mode = mode
        self.max_hands = max_hands
        self.deck = tuple(deck_cards(rules.deck, rules.joker))
        self.actions: list[int] = []
        self.dealer = -1
        self.dealt: list[int] = []
        self.hand: HandState | None = None
        self.finished: list[HandState] = []
        self.scores_before: list[tuple[int, ...]] = []
        self.score = [0] * len(rules.table.teams)
        self.result: Any = None  # the GameResult of a game ended
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
            return [(s, 1 / self.seats) for s in range(self.seats)]
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
        """Each player's return: 0 until the end; then per seat from the side values
        (:func:`~euchre.interop.rewards.seat_rewards`): in ``hand`` mode the hand's points
        per side, in ``game`` mode the games won (2 for a slam where the rules score one;
        all 0 for a game drawn at ``max_hands`` or a progressive round ended level). At
        the four-hand table: the side's points (games) minus the other side's."""
        table = self.rules.table
        if not self.over:
            return [0.0] * self.seats
        if self.mode == "hand":
            result = self.finished[-1].result
            return seat_rewards(table, result.points if result is not None else [0] * len(table.teams))
        return seat_rewards(table, game_values(table, self.result))

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
        turned = self.dealt[self.dealt_cards:]
        if not turned or (turned == [JOKER] and self.rules.joker_turned_up == "turn_next_card"):
            return  # more cards to deal
        order = self.deal_order(self.dealer)
        hands: list[list[int]] = [[] for _ in range(self.seats)]
        for k, card in enumerate(self.dealt[:self.dealt_cards]):
            hands[order[k % self.seats]].append(card)
        dealt = set(self.dealt)
        stock = turned + [c for c in self.deck if c not in dealt]
        self.hand = HandState.from_deal(self.rules, self.dealer, hands, stock)
        self.scores_before.append(tuple(self.score))

    def _end_hand(self) -> None:
        """Score the hand; end the episode or get ready to deal the next hand, as the core's
        :func:`~euchre.core.game.settle_hand` says (the score, the game won, a progressive
        round over, who deals next)."""
        hand = self.hand
        if hand is None or hand.result is None:  # pragma: no cover - called only at a hand's end
            raise EuchreValueError("internal error: no finished hand to score")
        counted = sum(1 for h in self.finished if h.result is not None and h.result.played)
        settled = settle_hand(self.rules, self.score, self.dealer, counted, hand.result)
        self.finished.append(hand)
        self.score = list(settled.score)
        if self.mode == "hand":
            self.over = True
            return
        if settled.result is not None:
            self.result = settled.result
            self.over = True
            return
        if len(self.finished) >= self.max_hands:
            self.over = True
            return
        self.dealer = settled.dealer
        self.hand = None
        self.dealt = []

    # -------------------------------------------------------------- what a player knows
    def hands_seen(self) -> list[tuple[HandState, tuple[int, ...]]]:
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
        return sorted(c for k, c in enumerate(self.dealt[:self.dealt_cards]) if order[k % self.seats] == seat)

    def fill(self, seat: int, out: Any, perfect_recall: bool) -> None:
        """Write the seat's information state (``perfect_recall``) or observation into the
        zeroed array ``out``."""
        view = self.view(seat)
        if view is not None:
            (features.fill_information_state if perfect_recall else features.fill_observation)(view, out)
            return
        # While the cards are dealt: the dealer, the seat's own cards so far, the score and
        # the target, in the observation's layout (relative seats and sides)
        lay = features.layout(self.rules)
        table = self.rules.table
        scale = [1 / h for h in lay.high]
        if self.dealer != -1:
            at = lay.offset["dealer"] + table.seats_from(seat, self.dealer)
            out[at] = 1
        for c in self._own_dealt(seat):
            out[lay.offset["hand"] + c] = 1
        order = table.clockwise_from(seat)
        sides = list(dict.fromkeys(table.team[s] for s in order))
        for r, t in enumerate(sides):
            at = lay.offset["score"] + r
            out[at] = min(self.score[t], lay.high[at]) * scale[at]
        at = lay.offset["target"]
        out[at] = min(self.rules.game_target, lay.high[at]) * scale[at]

    def text(self, seat: int, perfect_recall: bool) -> str:
        """The seat's information state string (``perfect_recall``: every hand so far) or
        observation string (the hand being played)."""
        parts = []
        if perfect_recall:
            parts = [f"hand {i + 1}: {features.information_state_text(view_of(h, seat, before))}"
                     for i, (h, before) in enumerate(self.hands_seen())]
        view = self.view(seat)
        if self.dealing:
            letters = self.rules.table.letters
            dealer = letters[self.dealer] if self.dealer != -1 else "-"
            cards = " ".join(card_code(c) for c in self._own_dealt(seat)) or "-"
            parts.append(f"hand {len(self.finished) + 1}: seat {letters[seat]} dealer {dealer} "
                         f"score {'-'.join(map(str, self.score))} dealing, cards {cards}")
        elif not perfect_recall and view is not None:
            parts.append(features.observation_text(view))
        return " | ".join(parts)

    def describe(self) -> str:
        """The whole state as text (every card; for debugging and OpenSpiel's checks)."""
        letters = self.rules.table.letters
        head = (f"{self.mode} hand {len(self.finished) + (0 if self.dealing or self.over else 1)} "
                f"score {'-'.join(map(str, self.score))}")
        if self.over:
            return f"{head} over: {self.finished[-1]!r} {self.finished[-1].result!r}"
        if self.hand is None:
            dealer = letters[self.dealer] if self.dealer != -1 else "-"
            return f"{head} dealer {dealer} dealing {' '.join(card_code(c) for c in self.dealt) or '-'}"
        calls = " ".join(f"{letters[s]}:{action_text(c)}" for s, c in self.hand.history) or "-"
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
            known = set(self._own_dealt(seat)) | set(self.dealt[self.dealt_cards:])
            unseen = [c for c in self.deck if c not in known]
            rng.shuffle(unseen)
            for k, card in enumerate(self.dealt):
                out.append(card if (k >= self.dealt_cards or order[k % self.seats] == seat) else unseen.pop())
        return out

    def _deal_actions(self, hand: HandState) -> list[int]:
        """The chance outcomes that deal ``hand``: its cards in the order of
        :meth:`deal_order` (each seat's lowest first), then the card(s) turned up."""
        order = self.deal_order(hand.dealer)
        cards = [list(cards_of(hand.deal_hands[s])) for s in range(self.seats)]
        out = [cards[order[k % self.seats]][k // self.seats] for k in range(self.dealt_cards)]
        out.extend([JOKER, hand.upcard] if hand.joker_aside else [hand.upcard])
        return out


def _replayed(rules: dict[str, Any], mode: str, max_hands: int, actions: tuple[int, ...]) -> Progress:
    """A :class:`Progress` rebuilt by replaying its actions (unpickling)."""
    progress = Progress(Rules.from_dict(rules), mode, max_hands)
    for a in actions:
        progress.apply(a)
    return progress
