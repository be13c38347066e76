"""An independent, deliberately naive model of Euchre where every player plays for
himself: the two-handed game (Keller 1887 ch. 7; Cassell's) and, with three players, the
cutthroat game (the maker alone against the other two).

Written from those texts and REFERENCE 6.1 only, with cards as two-character strings,
not with the engine's tables or phase machine; it borrows the card rules (effective
suit, trick winner, following suit) and the scoring table of ``_naive_euchre``, which
are themselves a second reading of REFERENCE 6.1. Not a test module.

The rules it knows: ``n`` players, five cards each, the next card turned up; round one
from the dealer's left: pass or order it up (the dealer: take it up), the dealer then
discards; round two: name another suit (or, by the options, the turned-down one or no
trump) or pass; all passing twice throws the hand in (or sticks the dealer); the player
left of the dealer leads (Keller: "the game must begin with the non-dealer leading");
the maker plays against all the others; three or four tricks score ``points_make``, five
``points_march``, fewer than three give ``points_euchre`` to *each* other player.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

try:
    from ._naive_euchre import NT, PARTNER_SUIT, SUITS, eff_suit, legal_plays, table_score, trick_winner
except ImportError:
    from _naive_euchre import NT, PARTNER_SUIT, SUITS, eff_suit, legal_plays, table_score, trick_winner  # type: ignore[no-redef]


class NaiveIndividualHand:
    """One hand at a table of ``n`` players each for himself; actions are the engine's
    text forms. Slow on purpose."""

    def __init__(self, opts: dict[str, Any], dealer: int, hands: Sequence[Sequence[str]], stock: Sequence[str]) -> None:
        self.o = opts
        self.n = len(hands)
        self.dealer = dealer
        self.hands = [list(h) for h in hands]
        self.upcard = stock[0]
        if self.upcard == "JK":
            raise NotImplementedError("the joker turned up is not modelled here")
        self.phase = "r1"
        self.turn = (dealer + 1) % self.n
        self.passes = 0
        self.trump: str | None = None
        self.maker: int | None = None
        self.trick: list[tuple[int, str]] = []
        self.leader = -1
        self.tricks: list[tuple[list[tuple[int, str]], int]] = []
        self.won = [0] * self.n
        self.points: tuple[int, ...] = (0,) * self.n
        self.passed_out = False

    def natural(self, seat: int, suit: str) -> bool:
        if suit == NT:
            return True
        return any(eff_suit(c, suit) == suit and c != "J" + PARTNER_SUIT[suit] for c in self.hands[seat])

    def legal(self) -> list[str]:
        o, seat = self.o, self.turn
        if self.phase == "done":
            return []
        if self.phase == "r1":
            if o["require_trump_to_call"] == "natural_trump" and seat != self.dealer and not self.natural(seat, self.upcard[1]):
                return ["pass"]
            return ["pass", "order"]
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
            return out + [f"name-{s}" for s in suits]
        if self.phase == "discard":
            hand = list(self.hands[self.dealer])
            if not o["dealer_may_discard_upcard"]:
                hand.remove(self.upcard)
            return [f"discard-{c}" for c in hand]
        assert self.phase == "play" and self.trump is not None
        return [f"play-{c}" for c in legal_plays(self.hands[seat], [c for _, c in self.trick], self.trump)]

    def apply(self, action: str) -> None:
        assert action in self.legal(), (action, self.legal(), self.phase)
        seat = self.turn
        if self.phase in ("r1", "r2"):
            if action == "pass":
                self.passes += 1
                if self.passes == self.n:
                    if self.phase == "r1":
                        self.phase, self.passes = "r2", 0
                    else:
                        self.passed_out, self.phase, self.turn = True, "done", -1
                        return
                self.turn = (seat + 1) % self.n
                return
            if action == "forfeit":
                self.passed_out = True
                self.points = tuple(0 if s == self.dealer else 1 for s in range(self.n))
                self.phase, self.turn = "done", -1
                return
            self.maker = seat
            if action == "order":
                self.trump = self.upcard[1]
                self.hands[self.dealer].append(self.upcard)
                self.phase, self.turn = "discard", self.dealer
                return
            self.trump = action.split("-")[1].upper()
            self._begin_play()
            return
        if self.phase == "discard":
            self.hands[seat].remove(action[len("discard-"):])
            self._begin_play()
            return
        card = action[len("play-"):]
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) < self.n:
            self.turn = (seat + 1) % self.n
            return
        assert self.trump is not None
        winner = self.trick[trick_winner([c for _, c in self.trick], self.trump)][0]
        self.tricks.append((self.trick, winner))
        self.won[winner] += 1
        self.trick = []
        if len(self.tricks) < 5:
            self.turn = self.leader = winner
            return
        assert self.maker is not None
        side, pts = table_score(self.o, self.won[self.maker], False, False)
        if side == "makers":
            self.points = tuple(pts if s == self.maker else 0 for s in range(self.n))
        else:
            self.points = tuple(0 if s == self.maker else pts for s in range(self.n))
        self.phase, self.turn = "done", -1

    def _begin_play(self) -> None:
        self.phase = "play"
        self.turn = self.leader = (self.dealer + 1) % self.n
