"""The terminal's narrator's voice, and each action of a hand told in one short line.

:class:`PlayNarrator` names the seats as the viewer sees them ("South (you)"), explains a
historic or jargon phrase the first time it appears in a game
(:data:`euchre.text.glosses.GLOSSES`), and tells each call, claim, card played, trick won
and correction as it happens; :class:`euchre.cli.narrator.Narrator` adds the game's and
the hands' starts and ends and the status line.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from rich.console import Console
from rich.text import Text

from euchre.cli.render import (
    card_text,
    cards_text,
    counters_line,
    per_side,
    suit_text,
    turned_down_text,
)
from euchre.core.actions import Action, is_discard_code
from euchre.core.cards import cards_of
from euchre.core.hand import HandState, Phase
from euchre.core.rules import Rules
from euchre.core.seats import FOUR_HANDED, Table
from euchre.text.glosses import glosses_in
from euchre.text.revoke_words import claim_outcome
from euchre.text.words import claim_round_length, describe, is_spoken, role_of


class PlayNarrator:
    """Prints each action of a hand as it happens (or as it is replayed), one short line each.

    Args:
        console: where to print.
        viewer: the seat whose eyes we use (its cards and its discard are shown), or
            None for a spectator who sees every card.
        delay: seconds to wait after each event (``watch``); 0 for none.
        show_deal: print every seat's cards at the start of each hand (spectators).
    """

    def __init__(self, console: Console, *, viewer: int | None = None, delay: float = 0.0,
                 show_deal: bool = False) -> None:
        self.console = console
        self.viewer = viewer
        self.delay = delay
        self.show_deal = show_deal
        self.events_in_hand = 0
        self.table: Table = FOUR_HANDED
        """The table's shape (set from the game or hand narrated)."""
        self.rules: Rules | None = None
        """The rules of the game or hand narrated (None before the first): the glosses
        are worded for its table (:func:`euchre.text.glosses.gloss_for`)."""
        self.glossed: set[str] = set()
        """The phrases already glossed in this game (each is explained once)."""

    # -- names ----------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        """``"South (you)"``, ``"North (partner)"``, or the seat's title at the table
        (``"Player 2"``)."""
        v = self.viewer
        title = self.table.titles[seat]
        if v is not None and seat == v:
            return f"{title} (you)"
        if v is not None and seat in self.table.mates[v]:
            return f"{title} (partner)"
        return title

    def sitting_out(self, seat: int) -> str:
        """Who sits out while ``seat`` plays (or defends) alone: ``"; North (partner) sits
        out"``, or "" for a player who has no partner."""
        mates = self.table.mates[seat]
        if not mates:
            return ""
        verb = "sits" if len(mates) == 1 else "sit"
        return f"; {' and '.join(self.seat_name(m) for m in mates)} {verb} out"

    def _counters(self, rules: Rules, score: Sequence[int], indent: str = "") -> None:
        """The counters line under a score, for a counter ``score_display``."""
        line = counters_line(rules, score)
        if line is not None:
            self.console.print(indent + line, markup=False)

    def _pause(self) -> None:
        if self.delay > 0:
            time.sleep(self.delay)

    def gloss(self, text: str) -> None:
        """Explain, one line each, the historic or jargon phrases in ``text`` ("making it
        next", "at the bridge", ...) not yet explained in this game."""
        for g in glosses_in(text, self.glossed, self.rules):
            self.console.print(f"  {g.line()}", style="dim", markup=False)

    # -- an action ------------------------------------------------------
    def action(self, hand: HandState, seat: int, code: int, phase: Phase) -> None:
        """One action just applied to ``hand`` (the state after it), taken by ``seat`` in
        ``phase``: the call in the preset's words, the card played, and what follows
        (trump fixed, who is alone, the trick's winner)."""
        c = self.console
        rules = hand.rules
        who = self.seat_name(seat)
        self.events_in_hand += 1
        if code == Action.CLAIM_REVOKE:
            self._revoke_claimed(hand, seat)
            return
        if phase == Phase.REVOKE_CLAIMS:  # a pass in the claims after the last trick
            c.print(f'  {who}: "No claim."')
            self._pause()
            return
        if phase == Phase.PLAY:
            self._played(hand, seat, code)
            return
        if phase == Phase.REVOKE_CORRECTION:
            if code == Action.CORRECT_REVOKE:
                self._corrected(hand, seat)
            elif not hand.trick_cards:  # the last card let stand: the trick is quitted
                self._trick_won(hand)
                self._pause()
            return
        if phase == Phase.CALL_CARD:
            words = describe(code, seat, dealer=hand.dealer, phase=phase, joker_card=rules.joker_card)
            c.print(f'  {who}: "{words}"')
            self._pause()
            return
        claims = claim_round_length(hand.history, rules, hand.upcard)
        claim = len(hand.history) <= claims  # this action was one of the claim round's
        words = describe(code, seat, dealer=hand.dealer, phase=phase, style=rules.call_words,
                         upcard=hand.upcard, viewer=self.viewer, table=hand.table, claim=claim,
                         joker_card=rules.joker_card)
        if claim:
            self._claimed(hand, seat, code, words, claims)
            return
        if is_discard_code(code) and phase == Phase.DISCARD:
            line = Text(f"  {who} takes up ")
            line.append_text(card_text(hand.upcard, hand.rules.joker_card))
            if self.viewer is None or self.viewer == seat:
                line.append(" and discards ")
                line.append_text(card_text(Action(code).card, hand.rules.joker_card))
                line.append(" face down.")
            else:
                line.append(" and discards a card face down.")
            c.print(line)
            self._pause()
            return
        if phase in (Phase.GIVE_BEST, Phase.BEST_DISCARD):
            # Calling for best: the card given and the discard are face down,
            # seen only by the two partners and by the discarder himself.
            face_down = "" if words.endswith("face down") else " face down"
            c.print(f"  {who} {words}{face_down}.")
            self._pause()
            return
        role = role_of(seat, hand.dealer, hand.table)
        if is_spoken(code):
            note = ""
            if code == Action.PASS and phase == Phase.TAKEOVER:
                note = " (will not play alone)"
            elif code == Action.PASS and phase == Phase.DEFEND_ALONE:
                note = " (will not defend alone)"
            c.print(f'  {who}, {role}: "{words}"{note}')
            self.gloss(words)
        else:  # pragma: no cover - every non-play, non-discard action is spoken
            c.print(f"  {who} {words}")
        self._consequences(hand, seat, code, phase)
        self._pause()

    def _claimed(self, hand: HandState, seat: int, code: int, words: str, claims: int) -> None:
        """A decision of the claim round before the bidding (RULES.md decision 23): the
        words, the cards a claim shows (every seat sees them), and once the round is
        over the farmer's exchange."""
        c = self.console
        who = self.seat_name(seat)
        if code != Action.PASS:  # a pass here claims nothing; the round's end says so once
            c.print(f'  {who}, {role_of(seat, hand.dealer, hand.table)}: "{words}"')
            mask = next((m for s, m in hand.shown if s == seat), 0)
            line = Text(f"  {who} shows ")
            line.append_text(cards_text(cards_of(mask), joker_card=hand.rules.joker_card))
            line.append(".")
            c.print(line)
        if hand.phase != Phase.DONE and hand.claims_left == 0:
            farmers = [s for s, m in hand.shown]
            if not farmers:
                c.print("  No hand is claimed.")
            elif len(farmers) == 1:
                c.print(f"  {self.seat_name(farmers[0])} exchanges the three shown for the three cards "
                        "face down under the upcard.", style="bold")
        self._pause()

    def _revoke_claimed(self, hand: HandState, seat: int) -> None:
        """A revoke claimed (table mode, RULES.md decision 27): the call, and whether it
        is upheld, with the proof (the revoke's trick and the later trick that shows the
        suit), or what the claim that failed costs."""
        c = self.console
        c.print(f'  {self.seat_name(seat)}: "Renege!"', style="bold")
        established = [hand.revokes[i] for i in hand.established]
        for sentence in claim_outcome(hand.rules, hand.claim_log, established, hand.proofs, len(hand.claim_log) - 1,
                                      self.seat_name):
            c.print(f"  {sentence}", style="bold")
        self._pause()

    def _consequences(self, hand: HandState, seat: int, code: int, phase: Phase) -> None:
        c = self.console
        fixed_now = phase in (Phase.BID_ROUND_1, Phase.BID_ROUND_2, Phase.BLIND_NAME) and hand.trump != -1 \
            and code not in (Action.PASS, Action.FORFEIT)
        if phase == Phase.BID_ROUND_1 and code == Action.PASS and hand.phase == Phase.BID_ROUND_2:
            turned = Text("  The upcard ")
            turned.append_text(card_text(hand.upcard, hand.rules.joker_card))
            turned.append(f" is turned down, {turned_down_text(hand.rules)}; a new suit may be named.")
            c.print(turned)
        if fixed_now:
            table = hand.table
            side = table.teams[table.team[seat]]
            if len(side) == 1:
                c.print(f"  Trump: {suit_text(hand.trump)}. Maker: {self.seat_name(seat)}.", style="bold")
            else:
                makers = " and ".join(self.seat_name(s) for s in (seat, *table.mates[seat]))
                c.print(f"  Trump: {suit_text(hand.trump)}. Makers: {table.team_names[table.team[seat]]}, {makers}.",
                        style="bold")
        alone_now = code in (Action.ORDER_UP_ALONE, Action.GO_ALONE, Action.TAKE_OVER_ALONE) or (
            Action(code).is_naming and Action(code).is_alone)
        if alone_now and hand.alone != -1:
            c.print(f"  {self.seat_name(hand.alone)} plays alone{self.sitting_out(hand.alone)}.", style="bold")
        if code == Action.DEFEND_ALONE and hand.defender_alone != -1:
            d = hand.defender_alone
            c.print(f"  {self.seat_name(d)} defends alone{self.sitting_out(d)}.", style="bold")

    def _played(self, hand: HandState, seat: int, code: int) -> None:
        c = self.console
        card = Action(code).card
        complete = not hand.trick_cards  # the trick just completed is in hand.tricks
        number = len(hand.tricks) if complete else len(hand.tricks) + 1
        first = not complete and len(hand.trick_cards) == 1
        if first:
            c.print(f"  Trick {number} - {self.seat_name(seat)} leads:")
        line = Text(f"    {self.seat_name(seat):<{self._name_width()}} ")
        line.append_text(card_text(card, hand.rules.joker_card))
        c.print(line)
        if hand.called != -1 and card == hand.called and seat != hand.maker:
            # Call-ace (RULES.md decision 21): the called card's fall is what discloses
            # the maker's partner to the table.
            c.print(f"  That is the called card: {self.seat_name(seat)} is {self.seat_name(hand.maker)}'s partner.",
                    style="bold")
        if complete:
            self._trick_won(hand)
        self._pause()

    def _trick_won(self, hand: HandState) -> None:
        """The trick just quitted (the last of ``hand.tricks``): who won it, with what."""
        trick = hand.tricks[-1]
        win_card = trick.cards[trick.seats.index(trick.winner)]
        line = Text(f"  {self.seat_name(trick.winner)} wins trick {len(hand.tricks)} with ")
        line.append_text(card_text(win_card, hand.rules.joker_card))
        line.append(f".  Tricks: {per_side(hand.table, hand.tricks_won)}")
        self.console.print(line, style="bold")

    def _corrected(self, hand: HandState, seat: int) -> None:
        """Table mode: ``seat`` corrected a revoke before the trick was quitted (New York
        1877 s11): his card lies exposed, the cards played after it are taken back."""
        history = hand.history
        last = max(k for k in range(len(history) - 1) if history[k][0] == seat and Action(history[k][1]).is_play)
        card = Action(history[last][1]).card
        later = sum(1 for _, code in history[last + 1:-1] if Action(code).is_play)
        line = Text(f'  {self.seat_name(seat)}: "I correct my revoke." ')
        line.append_text(card_text(card, hand.rules.joker_card))
        line.append(" goes back to the hand face up, an exposed card; a card of the suit led is played instead.")
        if later and self.table.mates[seat]:
            line.append(" The cards played after it are taken back: the opponents may play others, the partner "
                        "plays his again.")
        elif later:  # every player after him is an opponent (no partners: issue 34)
            line.append(" The cards played after it are taken back: their players may play others.")
        self.console.print(line)
        self._pause()

    def _name_width(self) -> int:
        """The width of the seat column in a trick: the longest seat name with a mark."""
        return max(16, max(len(t) for t in self.table.titles) + 10)

