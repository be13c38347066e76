"""An independent, deliberately naive model of partnership Euchre, and deal builders.

Written from REFERENCE 6.1 and RULES.md decisions 8-11 only, with cards as two-character
strings ("JH", "TC", "JK" for the joker), NOT with euchre.core's tables or phase machine,
so that tests can compare the engine against a second reading of the same rule text.
The only things borrowed from the engine are the notations (card codes, action texts)
and the Rules value itself (read as a plain dict of options). The "engine helpers" at the
end build engine hands from card codes and drive them through the public API.

Not a test module (pytest does not collect it); the rule tests, the perft counts and the
property tests import it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from euchre.core.cards import card_code, parse_card
from euchre.core.game import Game, Setup
from euchre.core.hand import HandState, Phase
from euchre.core.rules import Rules
from euchre.core.state import FIELDS

FOUR_HAND_PRESETS: tuple[str, ...] = ()
"""The playable presets of the four-hand partnership table (the ones this model knows);
filled in below."""

SUITS = "CDHS"
PARTNER_SUIT = {"C": "S", "S": "C", "D": "H", "H": "D"}
PLAIN_ORDER = "AKQJT987"  # high to low; the jack is plain except in trump's colour
TRUMP_REST = "AKQT987"  # trump below the bowers, high to low
RANKS = {24: "9TJQKA", 28: "89TJQKA", 32: "789TJQKA"}
NT = "NT"


# --------------------------------------------------------------------- cards
def deck(size: int, joker: bool) -> list[str]:
    """The cards of a deck (S001 L4): 24 = 9..A, 28 = 8..A, 32 = 7..A, plus the joker."""
    cards = [r + s for s in SUITS for r in RANKS[size]]
    if joker:
        cards.append("JK")
    return cards


def split(text: str) -> list[str]:
    """ "JH AH 9C" -> ["JH", "AH", "9C"] (10 may be written T or 10)."""
    return [c.upper().replace("10", "T") for c in text.split()]


def eff_suit(card: str, trump: str) -> str:
    """REFERENCE 6.1 effective suit: the joker and the left bower are trump."""
    if card == "JK":
        return trump
    if trump != NT and card[0] == "J" and card[1] == PARTNER_SUIT[trump]:
        return trump
    return card[1]


def strength(card: str, trump: str, led: str) -> tuple[int, int]:
    """Comparable strength of a card in a trick led in ``led`` (REFERENCE 6.1)."""
    suit = eff_suit(card, trump)
    if trump != NT and suit == trump:
        if card == "JK":
            return (2, 100)
        if card == "J" + trump:
            return (2, 99)
        if card[0] == "J":
            return (2, 98)
        return (2, 90 - TRUMP_REST.index(card[0]))
    if suit == led:
        return (1, -PLAIN_ORDER.index(card[0]))
    return (0, 0)


def trick_winner(cards: Sequence[str], trump: str) -> int:
    """Index of the winning card: the highest trump, else the highest of the suit led
    (led suit = effective suit of the first card)."""
    led = eff_suit(cards[0], trump)
    return max(range(len(cards)), key=lambda i: strength(cards[i], trump, led))


def legal_plays(hand: Sequence[str], trick: Sequence[str], trump: str) -> list[str]:
    """Must follow the effective suit led if able; otherwise anything."""
    if not trick:
        return list(hand)
    led = eff_suit(trick[0], trump)
    follow = [c for c in hand if eff_suit(c, trump) == led]
    return follow or list(hand)


# ------------------------------------------------------------------- scoring
def table_score(o: dict[str, Any], t: int, maker_alone: bool, defender_alone: bool) -> tuple[str, int]:
    """REFERENCE 6.1 "Scoring" (+ RULES.md decisions 8 and 10): ("makers"|"defenders", points)."""
    if maker_alone and defender_alone and o["defend_alone_scoring"] == "odd_trick_scores_4":
        return ("makers", 4) if t >= 3 else ("defenders", 4)
    if t <= 2:
        if defender_alone:
            return "defenders", o["points_defend_alone_euchre"]
        if maker_alone:
            return "defenders", o["points_lone_euchred"]
        if t == 0 and o["super_euchre"]:
            return "defenders", 4
        return "defenders", o["points_euchre"]
    if t == 5:
        return "makers", o["points_lone_march"] if maker_alone else o["points_march"]
    return "makers", o["points_lone_make"] if maker_alone else o["points_make"]


# ------------------------------------------------------------- the naive hand
class NaiveHand:
    """One hand under REFERENCE 6.1; actions are the engine's text forms (``pass``,
    ``order``, ``order-alone``, ``name-H``, ``name-H-alone``, ``name-NT``, ``alone``,
    ``partner``, ``take-over``, ``defend-alone``, ``forfeit``, ``discard-JH``, ``play-JH``).

    Slow on purpose (copies itself on every action)."""

    def __init__(self, opts: dict[str, Any], dealer: int, hands: Sequence[Sequence[str]],
                 stock: Sequence[str]) -> None:
        self.o = opts
        self.dealer = dealer
        self.hands = [list(h) for h in hands]
        self.upcard = stock[0]
        self.blind = False
        if self.upcard == "JK":
            if opts["joker_turned_up"] == "turn_next_card":
                self.upcard = stock[1]  # S003 L12
            else:
                self.blind = True  # the dealer names trump blind
        self.phase = "blind" if self.blind else "r1"
        self.turn = dealer if self.blind else (dealer + 1) % 4
        # The claims before the bidding (RULES.md decision 23): every seat from the eldest
        # says once pass or a claim; the three face-down cards lie under the upcard.
        self.kitty_down = list(stock[2:5] if stock[0] == "JK" else stock[1:4])
        self.farmers: list[int] = []
        self.claims_asked = 0
        self.same_dealer = False
        if not self.blind and any(opts.get(k) for k in ("farmers_hand", "nines_tens_redeal", "ace_no_face_redeal")):
            self.phase = "claims"
        self.passes = 0
        self.round = 1
        self.trump: str | None = None
        self.maker: int | None = None
        self.lone: int | None = None
        self.lone_def: int | None = None
        self.out: set[int] = set()
        self.taken = False
        self.discarded = False
        self.alone_decided = False
        self.steps: list[str] = []
        self.step = 0
        self.def_queue: list[int] = []
        self.receiver = -1  # call_for_best: the lone player getting his partner's best card
        self.trick: list[tuple[int, str]] = []
        self.leader = -1
        self.tricks: list[tuple[list[tuple[int, str]], int]] = []
        self.won = [0, 0]
        self.points = (0, 0)
        self.passed_out = False
        self.history: list[tuple[int, str]] = []

    # -- helpers
    @property
    def eldest(self) -> int:
        return (self.dealer + 1) % 4

    @property
    def dealers_partner(self) -> int:
        return (self.dealer + 2) % 4

    def copy(self) -> NaiveHand:
        other = NaiveHand.__new__(NaiveHand)
        other.__dict__.update(self.__dict__)
        other.hands = [list(h) for h in self.hands]
        other.out = set(self.out)
        other.def_queue = list(self.def_queue)
        other.trick = list(self.trick)
        other.tricks = list(self.tricks)
        other.won = list(self.won)
        other.history = list(self.history)
        other.farmers = list(self.farmers)
        return other

    def after(self, action: str) -> NaiveHand:
        other = self.copy()
        other.apply(action)
        return other

    def natural(self, seat: int, suit: str) -> bool:
        """natural_trump: holds a trump other than the left bower (the joker counts)."""
        if suit == NT:
            return True
        return any(eff_suit(c, suit) == suit and c != "J" + PARTNER_SUIT[suit] for c in self.hands[seat])

    @property
    def with_call(self) -> bool:
        return self.o["alone_declare_timing"] == "with_call"

    # -- legal actions
    def legal(self) -> list[str]:
        o, seat = self.o, self.turn
        if self.phase == "done":
            return []
        if self.phase == "claims":
            hand = self.hands[seat]
            ranks = [c[0] for c in hand]
            out = ["pass"]
            if o["farmers_hand"] and (ranks.count("9") == 3 or ranks.count("T") == 3):
                out.append("farmers-hand")
            if "JK" not in hand:
                if o["nines_tens_redeal"] and all(r in "9T" for r in ranks) and all(c[1] != self.upcard[1] for c in hand):
                    out.append("throw-in")
                elif o["ace_no_face_redeal"] and "A" in ranks and not any(r in "JQK" for r in ranks):
                    out.append("throw-in")
            return out
        if self.phase == "r1":
            up = self.upcard[1]
            if seat == self.dealers_partner and not o["dealer_partner_may_assist"]:
                return ["pass"]
            if (o["require_trump_to_call"] == "natural_trump" and seat != self.dealer
                    and not self.natural(seat, up)):
                return ["pass"]
            if seat == self.dealers_partner and o["canadian_loner"]:
                return ["pass", "order-alone"]
            out = ["pass", "order"]
            if o["alone_allowed"] and self.with_call:
                out.append("order-alone")
            return out
        if self.phase == "r2":
            stuck = seat == self.dealer and o["all_pass_round2"] == "stick_the_dealer"
            out = []
            if seat != self.dealer or o["all_pass_round2"] in ("deal_passes_left", "same_dealer_redeals"):
                out.append("pass")
            elif o["all_pass_round2"] == "dealer_forfeit_or_call":
                out.append("forfeit")
            down = self.upcard[1]
            may_down = o["round2_may_name_turned_down"] or (stuck and o["stuck_dealer_may_name_turned_down"])
            suits = [s for s in SUITS if may_down or s != down]
            if o["require_trump_to_call"] == "natural_trump":
                held = [s for s in suits if self.natural(seat, s)]
                if held or not stuck:
                    suits = held
            if o["no_trump_call"]:
                suits.append(NT)
            out += [f"name-{s}" for s in suits]
            if o["alone_allowed"] and self.with_call:
                out += [f"name-{s}-alone" for s in suits]
            return out
        if self.phase == "blind":
            out = [f"name-{s}" for s in SUITS]
            if o["alone_allowed"] and self.with_call:
                out += [f"name-{s}-alone" for s in SUITS]
            return out
        if self.phase == "takeover":
            return ["pass", "take-over"]
        if self.phase == "discard":
            hand = list(self.hands[self.dealer])
            if not o["dealer_may_discard_upcard"]:
                hand.remove(self.upcard)
            return [f"discard-{c}" for c in hand]
        if self.phase == "alone":
            return ["alone", "partner"]
        if self.phase == "defend":
            return ["pass", "defend-alone"]
        # The upcard stays with the dealer until played: neither given nor discarded
        # again (S001 L10; Leeds & Dwight s88; RULES.md decision 10).
        kept = [] if o["dealer_may_discard_upcard"] else [self.upcard]
        if self.phase == "give":  # the partner chooses any card of his
            return [f"give-{c}" for c in self.hands[seat] if c not in kept]
        if self.phase == "bestdiscard":  # X-15c: the lone player then discards one of six
            return [f"discard-{c}" for c in self.hands[seat] if c not in kept]
        assert self.phase == "play"
        assert self.trump is not None
        return [f"play-{c}" for c in legal_plays(self.hands[seat], [c for _, c in self.trick], self.trump)]

    # -- applying
    def apply(self, action: str) -> None:
        assert action in self.legal(), (action, self.legal(), self.phase)
        seat = self.turn
        self.history.append((seat, action))
        getattr(self, "_apply_" + self.phase)(seat, action)

    def _apply_claims(self, seat: int, action: str) -> None:
        hand = self.hands[seat]
        if action == "throw-in":
            self.passed_out = True
            self.same_dealer = all(c[0] in "9T" for c in hand)  # nines and tens; else ace, no face
            self.phase, self.turn = "done", -1
            return
        if action == "farmers-hand":
            self.farmers.append(seat)
        self.claims_asked += 1
        self.turn = (seat + 1) % 4
        if self.claims_asked < 4:
            return
        if len(self.farmers) > 1:  # a misdeal; the same dealer deals again
            self.passed_out, self.same_dealer = True, True
            self.phase, self.turn = "done", -1
            return
        if self.farmers:
            f = self.farmers[0]
            ranks = [c[0] for c in self.hands[f]]
            low = "9" if ranks.count("9") == 3 else "T"
            self.hands[f] = [c for c in self.hands[f] if c[0] != low] + self.kitty_down
        self.phase = "r1"

    def _apply_r1(self, seat: int, action: str) -> None:
        if action == "pass":
            self.passes += 1
            if self.passes == 4:
                self.phase, self.passes, self.round = "r2", 0, 2
            self.turn = (seat + 1) % 4
            return
        self.trump, self.maker, self.taken = self.upcard[1], seat, True
        if action.endswith("alone"):
            self._make_lone(seat)
        self._begin_after_trump()

    def _apply_r2(self, seat: int, action: str) -> None:
        if action == "pass":
            self.passes += 1
            if self.passes == 4:
                self.passed_out = True
                self.phase, self.turn = "done", -1
            else:
                self.turn = (seat + 1) % 4
            return
        if action == "forfeit":
            self.passed_out = True
            self.points = (1, 0) if (self.dealer + 1) % 2 == 0 else (0, 1)
            self.phase, self.turn = "done", -1
            return
        self._name(seat, action)

    def _apply_blind(self, seat: int, action: str) -> None:
        self.taken = True
        self._name(seat, action)

    def _name(self, seat: int, action: str) -> None:
        parts = action.split("-")
        self.trump, self.maker = parts[1].upper(), seat
        if parts[-1] == "alone":
            self._make_lone(seat)
        self._begin_after_trump()

    def _make_lone(self, seat: int) -> None:
        self.lone = seat
        self.out = {(seat + 2) % 4}
        self.alone_decided = True

    # RULES.md decision 9: the order of the decisions after trump is fixed.
    def _begin_after_trump(self) -> None:
        if self.with_call:
            self.steps = ["takeover", "discard", "best", "defend", "play"]
        else:
            self.steps = ["discard", "alone", "takeover", "discard", "best", "defend", "play"]
        self.step = 0
        self._advance()

    def _takeover_seat(self) -> int | None:
        o = self.o
        if not o["alone_allowed"] or self.round != 1 or self.blind:
            return None  # round two: every partner has passed (S000 L187)
        if o["alone_who"] == "maker_or_partner" and self.maker in (self.eldest, self.dealers_partner):
            assert self.maker is not None
            return (self.maker + 2) % 4
        if o["alone_who"] == "maker_or_dealer_when_assisted" and self.maker == self.dealers_partner and self.lone is None:
            return self.dealer
        return None

    def _advance(self) -> None:
        o = self.o
        while True:
            name = self.steps[self.step]
            if name == "takeover":
                seat = self._takeover_seat()
                if seat is not None:
                    self.phase, self.turn = "takeover", seat
                    return
            elif name == "discard":
                if self.taken and not self.discarded and self.dealer not in self.out:
                    self.hands[self.dealer].append(self.upcard)
                    self.phase, self.turn = "discard", self.dealer
                    return
            elif name == "alone":
                if not self.alone_decided and o["alone_allowed"]:
                    assert self.maker is not None
                    self.phase, self.turn = "alone", self.maker
                    return
            elif name == "best":
                # RULES.md decision 20: a lone maker gets his partner's best card once his
                # lone hand and the dealer's discard are settled.
                if o["call_for_best"] != "none" and self.lone is not None:
                    self.phase, self.turn, self.receiver = "give", (self.lone + 2) % 4, self.lone
                    return
            elif name == "defend":
                if o["defend_alone"] and (self.lone is not None or o["defend_alone_against"] == "any_maker"):
                    assert self.maker is not None
                    order = [(self.dealer + 1 + i) % 4 for i in range(4)]
                    self.def_queue = [s for s in order if s % 2 != self.maker % 2]
                    self.phase, self.turn = "defend", self.def_queue.pop(0)
                    return
            else:
                self._begin_play()
                return
            self.step += 1

    def _apply_takeover(self, seat: int, action: str) -> None:
        if action == "take-over":
            self._make_lone(seat)
        self.step += 1
        self._advance()

    def _apply_discard(self, seat: int, action: str) -> None:
        self.hands[seat].remove(action[len("discard-"):])
        self.discarded = True
        self.step += 1
        self._advance()

    def _apply_alone(self, seat: int, action: str) -> None:
        self.alone_decided = True
        if action == "alone":
            self._make_lone(seat)
        self.step += 1
        self._advance()

    def _apply_defend(self, seat: int, action: str) -> None:
        if action == "defend-alone":
            self.lone_def = seat
            self.out.add((seat + 2) % 4)
            if self.o["call_for_best"] == "lone_maker_and_lone_defender":  # X-15c
                self.phase, self.turn, self.receiver = "give", (seat + 2) % 4, seat
                return
        elif self.def_queue:
            self.turn = self.def_queue.pop(0)
            return
        self.step += 1
        self._advance()

    def _apply_give(self, seat: int, action: str) -> None:
        card = action[len("give-"):]
        self.hands[seat].remove(card)
        self.hands[self.receiver].append(card)
        self.phase, self.turn = "bestdiscard", self.receiver

    def _apply_bestdiscard(self, seat: int, action: str) -> None:
        self.hands[seat].remove(action[len("discard-"):])
        if seat == self.lone:
            self.step += 1
            self._advance()
        else:
            self._begin_play()

    def _next_active(self, seat: int) -> int:
        while seat in self.out:
            seat = (seat + 1) % 4
        return seat

    def _begin_play(self) -> None:
        lead = self.o["alone_lead"]
        if self.lone is not None and lead == "lone_player":
            start = self.lone
        elif self.lone is not None and lead == "left_of_lone_player":
            start = (self.lone + 1) % 4
        else:
            start = self.eldest
        self.phase = "play"
        self.turn = self.leader = self._next_active(start)

    def _apply_play(self, seat: int, action: str) -> None:
        card = action[len("play-"):]
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) < 4 - len(self.out):
            self.turn = self._next_active((seat + 1) % 4)
            return
        assert self.trump is not None
        winner = self.trick[trick_winner([c for _, c in self.trick], self.trump)][0]
        self.tricks.append((self.trick, winner))
        self.won[winner % 2] += 1
        self.trick = []
        if len(self.tricks) < 5:
            self.turn = self.leader = winner
            return
        assert self.maker is not None
        team = self.maker % 2
        side, pts = table_score(self.o, self.won[team], self.lone is not None, self.lone_def is not None)
        scorer = team if side == "makers" else 1 - team
        self.points = (pts, 0) if scorer == 0 else (0, pts)
        self.phase, self.turn = "done", -1


def naive_perft(state: NaiveHand, depth: int | None = None,
                stop: Callable[[NaiveHand], bool] | None = None) -> int:
    """Number of action sequences from ``state``: to ``depth`` actions, or until
    ``stop(state)`` holds, or to the end of the hand (a finished hand is one leaf)."""
    if state.phase == "done" or depth == 0 or (stop is not None and stop(state)):
        return 1
    nxt = None if depth is None else depth - 1
    return sum(naive_perft(state.after(a), nxt, stop) for a in state.legal())


def naive_play_count(hands: list[list[str]], trump: str, out: set[int], leader: int,
                     trick: tuple[tuple[int, str], ...] = (), done: int = 0) -> int:
    """Play sequences to the end of the hand from a position (plain recursion)."""
    if done == 5:
        return 1
    active = 4 - len(out)
    if len(trick) == active:
        cards = [c for _, c in trick]
        winner = trick[trick_winner(cards, trump)][0]
        return naive_play_count(hands, trump, out, winner, (), done + 1)
    if trick:
        seat = (trick[-1][0] + 1) % 4
        while seat in out:
            seat = (seat + 1) % 4
    else:
        seat = leader
    total = 0
    for card in legal_plays(hands[seat], [c for _, c in trick], trump):
        hands[seat].remove(card)
        total += naive_play_count(hands, trump, out, leader, (*trick, (seat, card)), done)
        hands[seat].append(card)
    return total


# ------------------------------------------------------------ deal building
@dataclass
class Script:
    """A hand written out in full: the deal, the dealer's discard, the tricks."""

    hands: list[list[str]]
    stock: list[str]
    discard: str | None
    tricks: list[list[tuple[int, str]]]
    winners: list[int]


def scripted_hand(size: int, joker: bool, dealer: int, trump: str, maker: int,
                  winners: Sequence[int], *, lone: bool = False, defender: int | None = None,
                  round1: bool = False, alone_lead: str = "first_active_left_of_dealer") -> Script:
    """Build a deal and a legal play in which trick ``i`` is won by ``winners[i]``.

    Tricks 1-4 are each played in one effective suit (everyone follows, so the play is
    legal), the winner holding that suit's best remaining card; in trick 5 the winner
    holds the best remaining trump and the others hold plain cards. With ``round1`` the
    upcard is the lowest plain-printed trump and the dealer plays it in the trump trick;
    otherwise the upcard is a low card of a suit of the other colour (turned down).
    """
    out: set[int] = set()
    if lone:
        out.add((maker + 2) % 4)
    if defender is not None:
        out.add((defender + 2) % 4)
    active = [s for s in range(4) if s not in out]
    assert all(w in active for w in winners), "a sitting-out seat cannot win a trick"
    pools: dict[str, list[str]] = {s: [] for s in SUITS}
    for c in deck(size, joker):
        pools[eff_suit(c, trump)].append(c)
    for s in SUITS:
        pools[s].sort(key=lambda c, s=s: strength(c, trump, s), reverse=True)
    greens = [s for s in SUITS if s not in (trump, PARTNER_SUIT[trump])]
    dealer_active = dealer not in out
    if round1:
        upcard = [c for c in pools[trump] if c[1] == trump and c[0] != "J"][-1]
    else:
        upcard = pools[greens[0]][-1]
    pools[upcard[1] if not round1 else trump].remove(upcard)
    # which of tricks 1-4 is the trump trick (the dealer must not win it in round one)
    trump_at = 0
    if round1 and dealer_active:
        trump_at = next(i for i in range(4) if winners[i] != dealer)
    others = [*greens, PARTNER_SUIT[trump]]
    order = [*others[:trump_at], trump, *others[trump_at:]]
    # opening leader
    start = (dealer + 1) % 4
    if lone and alone_lead == "lone_player":
        start = maker
    elif lone and alone_lead == "left_of_lone_player":
        start = (maker + 1) % 4
    while start in out:
        start = (start + 1) % 4
    played: list[list[str]] = [[], [], [], []]
    tricks: list[list[tuple[int, str]]] = []
    leader = start
    for i in range(5):
        seats = [(leader + k) % 4 for k in range(4) if (leader + k) % 4 not in out]
        w = winners[i]
        trick = []
        for seat in seats:
            if i < 4:
                suit = order[i]
                if seat == w:
                    card = pools[suit].pop(0)
                elif round1 and dealer_active and suit == trump and seat == dealer:
                    card = upcard
                else:
                    card = pools[suit].pop()
            elif seat == w:
                card = pools[trump].pop(0)
            else:
                card = next(pools[s].pop() for s in [*greens, PARTNER_SUIT[trump]] if pools[s])
            played[seat].append(card)
            trick.append((seat, card))
        tricks.append(trick)
        leader = w
    rest = [c for s in SUITS for c in pools[s]]
    hands = [list(p) for p in played]
    discard = None
    if round1 and dealer_active:
        discard = rest.pop()
        hands[dealer].remove(upcard)
        hands[dealer].append(discard)
    for seat in sorted(out):
        hands[seat] = [rest.pop() for _ in range(5)]
    return Script(hands, [upcard, *rest], discard, tricks, list(winners))


# ===================================================================== engine helpers
# Small conveniences for building engine states from card codes and driving them. They
# only call the engine's public API (from_deal, apply, legal_actions).


def cards(text: str) -> list[int]:
    """Engine card numbers of ``"JH AH 9C"``."""
    return [parse_card(c) for c in split(text)]


def codes(ints: Sequence[int]) -> list[str]:
    """Card codes of engine card numbers."""
    return [card_code(c) for c in ints]


def make_state(rules: Rules, dealer: int, hands: Sequence[str | None], upcard: str,
               rest: str | None = None) -> HandState:
    """A hand from card codes: ``hands`` by seat N, E, S, W (None = fill with unused
    cards), the upcard, and optionally the rest of the stock (else the unused cards)."""
    used = set(split(upcard)) | {c for h in hands if h for c in split(h)} | set(split(rest or ""))
    spare = [c for c in deck(rules.deck, rules.joker) if c not in used]
    full = []
    for h in hands:
        if h is None:
            full.append([spare.pop(0) for _ in range(5)])
        else:
            full.append(split(h))
    stock = [*split(upcard), *(split(rest) if rest is not None else []), *spare]
    return HandState.from_deal(rules, dealer, [cards(" ".join(h)) for h in full], cards(" ".join(stock)))


def state_from_script(rules: Rules, dealer: int, script: Script) -> HandState:
    """The engine hand for a :class:`Script`."""
    return HandState.from_deal(rules, dealer, [cards(" ".join(h)) for h in script.hands],
                               cards(" ".join(script.stock)))


def bid(state: HandState, *, maker: int, trump: str, round1: bool = False, alone: bool = False,
        defender: int | None = None, discard: str | None = None,
        apply: Callable[[str], object] | None = None) -> None:
    """Drive the bidding: everyone passes until ``maker`` accepts (round one) or names
    ``trump`` (round two), alone or not (with the call or after bidding, as the rules
    say); takeovers are declined; ``defender`` defends alone; the dealer discards
    ``discard``; with ``call_for_best`` the first card is given and the first discarded.
    ``apply`` defaults to ``state.apply`` (pass ``game.apply`` for a game)."""
    do = apply or state.apply
    with_call = state.rules.alone_declare_timing == "with_call"
    while state.phase not in (Phase.PLAY, Phase.DONE):
        t, ph = state.turn, state.phase
        if ph == Phase.BID_ROUND_1:
            a = ("order-alone" if alone and with_call else "order") if (round1 and t == maker) else "pass"
        elif ph == Phase.BID_ROUND_2:
            a = (f"name-{trump}" + ("-alone" if alone and with_call else "")) if t == maker else "pass"
        elif ph == Phase.TAKEOVER:
            a = "pass"
        elif ph == Phase.DISCARD:
            assert discard is not None, "the dealer must discard"
            a = f"discard-{discard}"
        elif ph == Phase.ALONE_DECISION:
            a = "alone" if alone else "partner"
        elif ph == Phase.DEFEND_ALONE:
            a = "defend-alone" if t == defender else "pass"
        elif ph in (Phase.GIVE_BEST, Phase.BEST_DISCARD):
            a = str(state.legal_actions()[0])  # call_for_best: any card given, any discarded
        else:
            raise AssertionError(f"unexpected phase {ph}")
        do(a)


def play_script(state: HandState, script: Script, apply: Callable[[str], object] | None = None) -> None:
    """Play the scripted tricks, checking the seat to play and each trick's winner."""
    do = apply or state.apply
    for i, trick in enumerate(script.tricks):
        for seat, c in trick:
            assert state.turn == seat, f"trick {i + 1}: expected {'NESW'[seat]} to play, engine says {state.turn}"
            do(f"play-{c}")
        assert state.tricks[i].winner == script.winners[i], f"trick {i + 1} winner"


def snapshot(state: HandState) -> dict[str, Any]:
    """Every observable field of a hand, copied (for before/after comparisons)."""
    snap: dict[str, Any] = {}
    for name in FIELDS:
        if name in ("_stack", "_legal"):
            continue
        value = getattr(state, name)
        snap[name] = list(value) if isinstance(value, list) else value
    snap["legal"] = list(state.legal_codes())
    return snap


def play_scripted(rules: Rules, winners: Sequence[int], *, dealer: int = 3, maker: int = 0, trump: str = "H",
                  lone: bool = False, defender: int | None = None, round1: bool = False) -> HandState:
    """Deal a :func:`scripted_hand`, bid it (``maker`` makes ``trump``) and play it out."""
    script = scripted_hand(rules.deck, rules.joker, dealer, trump, maker, winners, lone=lone,
                           defender=defender, round1=round1, alone_lead=rules.alone_lead)
    state = state_from_script(rules, dealer, script)
    bid(state, maker=maker, trump=trump, round1=round1, alone=lone, defender=defender, discard=script.discard)
    assert state.alone == (maker if lone else -1)
    assert state.defender_alone == (-1 if defender is None else defender)
    play_script(state, script)
    assert state.is_over and state.result is not None
    return state


def game_with_first_hand(rules: Rules, dealer: int, first: HandState,
                         initial: tuple[int, int] = (0, 0)) -> Game:
    """A game whose first hand is ``first`` (dealt by ``dealer``); later hands are dealt
    from fixed seeds."""
    def provider(index: int, seat: int) -> HandState:
        if index == 0:
            assert seat == dealer
            return first
        return HandState.deal(rules, seat, random.Random(index))

    return Game(rules, 1, initial_score=initial, setup=Setup((0, 1, 2, 3), dealer), deal_provider=provider)


def _four_hand_presets() -> tuple[str, ...]:
    from euchre.core.presets import PLAYABLE_PRESETS, preset
    from euchre.core.seats import FOUR_HANDED

    return tuple(name for name in PLAYABLE_PRESETS if preset(name).table is FOUR_HANDED)


FOUR_HAND_PRESETS = _four_hand_presets()
