"""A game told in the terminal as it happens: :class:`Narrator`, used by ``play``, ``watch`` and ``replay``.

The draw for partners and the first deal, each hand's start and end, the game's end,
and the status line a player asks for; each action of a hand is told by its base,
:class:`~euchre.cli.narrate_play.PlayNarrator`. Everything fits 80 columns and never
relies on colour alone (:mod:`euchre.cli.render`).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from euchre.cli.narrate_play import PlayNarrator
from euchre.cli.render import (
    card_text,
    cards_text,
    per_side,
    result_line,
    score_line,
    setup_lines,
    side_verb,
    sorted_hand,
    suit_text,
)
from euchre.core.actions import Action
from euchre.core.cards import JOKER, cards_of
from euchre.core.game import Game, GameResult
from euchre.core.hand import HandState, Phase
from euchre.text.glosses import joker_word
from euchre.text.words import suit_word


class Narrator(PlayNarrator):
    """Prints a game as it happens (or as it is replayed), one short line per event
    (arguments: :class:`~euchre.cli.narrate_play.PlayNarrator`'s)."""

    # -- a game ---------------------------------------------------------
    def game_start(self, game: Game, *, setup: bool = True) -> None:
        """A new game: glosses are given again, and with ``setup`` the draw for partners
        and the first deal is shown (what was drawn, and who deals first)."""
        self.glossed = set()
        self.table = game.table
        self.rules = game.rules
        if setup:
            for line in setup_lines(game.setup, game.rules):
                self.console.print(line, markup=False)

    # -- a hand ---------------------------------------------------------
    def hand_start(self, hand: HandState, number: int, score: Sequence[int]) -> None:
        """The header of a new hand: its number, the dealer, the score, the upcard."""
        c = self.console
        self.table = hand.table
        self.rules = hand.rules
        c.print()
        c.rule(f"Hand {number}", style="bold")
        score_text = score_line(hand.rules, score, self.viewer)
        c.print(f"Dealer: {self.seat_name(hand.dealer)}.  {score_text}")
        self._counters(hand.rules, score)
        self.gloss(score_text)
        if self.show_deal:
            width = max(6, *(len(t) for t in self.table.titles))
            for s in range(self.table.seats):
                line = Text(f"  {self.table.titles[s]:<{width}} ")
                line.append_text(cards_text(sorted_hand(hand.hand_of(s), -1), joker_card=hand.rules.joker_card))
                c.print(line)
        up = Text("Upcard: ")
        up.append_text(card_text(hand.upcard, hand.rules.joker_card))
        if hand.joker_aside:
            up.append(f" (the {joker_word(hand.rules)} was turned up and set aside)")
        elif hand.upcard == JOKER and hand.rules.joker_turned_up == "dealer_names_trump_blind":
            up.append(f" (the {joker_word(hand.rules)}: the dealer names trump before looking at his cards)")
        c.print(up)
        self.events_in_hand = 0
        self._pause()

    def hand_end(self, hand: HandState, score: Sequence[int]) -> None:
        """The end-of-hand summary: tricks, points and their label, the new score."""
        result = hand.result
        if result is None:
            return
        said = result_line(result, hand.table)
        self.console.print(Text("  " + said, style="bold"))
        self.gloss(result.label)
        score_text = score_line(hand.rules, score, self.viewer)
        self.console.print("  " + score_text)
        self._counters(hand.rules, score, "  ")
        self.gloss(score_text)
        self._pause()

    def game_end(self, game: Game) -> None:
        """The game's result."""
        c = self.console
        c.print()
        result = game.result
        if result is None:
            c.rule("Game stopped")
            c.print(f"Not finished. {score_line(game.rules, game.score, self.viewer)}")
            return
        w = result.winner
        s = result.score
        table = game.table
        if not game.rules.plays_to_target or w is None:  # a progressive round (a game to a target has a winner)
            c.rule("Round over", style="bold")
            self._round_over(game, result)
            return
        c.rule("Game over", style="bold")
        rest = [str(s[t]) for t in range(len(s)) if t != w]
        others = rest[0] if len(rest) == 1 else ", ".join(rest[:-1]) + " and " + rest[-1]
        text = f"{table.team_names[w]} {side_verb(table, w, 'win', 'wins')} the game, {s[w]} to {others}"
        if result.games == 2:
            text += " (a slam: it counts as two games)"
        if self.viewer is not None:
            text += ". You win!" if game.table.team[self.viewer] == w else ". You lose."
        else:
            text += "."
        c.print(text, style="bold")

    def _round_over(self, game: Game, result: GameResult) -> None:
        """The end of a progressive round (RULES.md decision 24): the score, who won the
        table or a tie, and the points each player records on his tally."""
        c = self.console
        table = game.table
        s = result.score
        w = result.winner
        scores = ", ".join(f"{table.team_names[t]} {s[t]}" for t in range(len(s)))
        n = game.rules.progressive_hands
        text = f"The round's {n} hand{'s are' if n != 1 else ' is'} played: {scores}. "
        if w is None:
            text += "A tie."
        else:
            text += f"{table.team_names[w]} {side_verb(table, w, 'win', 'wins')} the table."
            if self.viewer is not None:
                text += " You win!" if table.team[self.viewer] == w else " You lose."
        c.print(text, style="bold")
        tally = ", ".join(f"{self.seat_name(p)} {result.player_points[p]}" for p in range(table.seats))
        c.print(f"Points for each player's tally: {tally}.")

    # -- state for a player -----------------------------------------------
    def status(self, hand: HandState, score: Sequence[int], full: bool = False) -> None:
        """A compact summary for a player about to decide: the upcard (from round two on;
        in round one the header has just shown it) or trump, who is alone, tricks won
        and the game score (with "at the bridge") in the play, the trick on the table;
        with ``full`` (``show``) also the dealer, the score and the upcard in any phase."""
        c = self.console
        rules = hand.rules
        score_text = score_line(rules, score, self.viewer)
        if full:
            c.print(f"Dealer: {self.seat_name(hand.dealer)}.")
            if hand.phase != Phase.PLAY:
                c.print(score_text)
                self._counters(rules, score)
                self.gloss(score_text)
        if hand.trump == -1:
            if not full and (hand.phase == Phase.BID_ROUND_1 or self.events_in_hand == 0):
                return  # the hand's header showed the upcard (and the round-one question names it)
            up = Text("Upcard: ")
            if hand.phase == Phase.BID_ROUND_2 and rules.turn_down_display == "face_down_on_stock":
                # S000 L123: the dealer turns it face down; what it was is for the
                # players to remember, as at the table.
                up.append("turned face down on the stock")
                if not self._may_name_turned_down(hand):
                    up.append(" (its suit may not be named)")
            else:
                up.append_text(card_text(hand.upcard, hand.rules.joker_card))
                if hand.phase == Phase.BID_ROUND_2:
                    up.append(" (turned down, face up under the stock)" if self._may_name_turned_down(hand)
                              else f" (turned down: {suit_word(hand.upcard >> 3)} may not be named)")
            c.print(up)
            return
        line = f"Trump: {suit_text(hand.trump)}, called by {self.seat_name(hand.maker)}."
        if hand.alone != -1:
            line += f" {self.seat_name(hand.alone)} alone{self.sitting_out(hand.alone)}."
        if hand.defender_alone != -1:
            d = hand.defender_alone
            line += f" {self.seat_name(d)} defends alone{self.sitting_out(d)}."
        c.print(line)
        called = self._called_line(hand)
        if called is not None:
            c.print(called)
        if hand.phase in (Phase.PLAY, Phase.REVOKE_CORRECTION, Phase.CALL_CARD):
            c.print(f"Tricks: {per_side(hand.table, hand.tricks_won)}")
            c.print(score_text)
            self._counters(rules, score)
            self.gloss(score_text)
            if hand.trick_cards:
                t = Text("On the table: ")
                for i, (s, card) in enumerate(zip(hand.trick_seats, hand.trick_cards, strict=True)):
                    if i:
                        t.append(", ")
                    t.append(f"{self.table.titles[s]} ")
                    t.append_text(card_text(card, hand.rules.joker_card))
                c.print(t)
            if any(hand.exposed):  # table mode: cards of corrected revokes lie face up
                t = Text("Exposed, face up: ")
                for i, s in enumerate(s for s in range(self.table.seats) if hand.exposed[s]):
                    if i:
                        t.append(", ")
                    t.append(f"{self.table.titles[s]} ")
                    t.append_text(cards_text(list(cards_of(hand.exposed[s])), joker_card=hand.rules.joker_card))
                c.print(t)

    def _called_line(self, hand: HandState) -> Text | None:
        """Call-ace: the card the maker called and, once it has been played, its holder,
        his partner (RULES.md decision 21); only what the table has seen, so the holder
        is not named before the card falls. None where no card was called."""
        if hand.called == -1:
            return None
        played = [(s, c) for t in hand.tricks for s, c in zip(t.seats, t.cards, strict=True)]
        played += list(zip(hand.trick_seats, hand.trick_cards, strict=True))
        holder = next((s for s, c in played if c == hand.called), -1)
        line = Text("Called: ")
        line.append_text(card_text(hand.called, hand.rules.joker_card))
        if holder == -1:
            line.append(f" (not played yet: whoever holds it is {self.seat_name(hand.maker)}'s secret partner)")
        else:
            line.append(f", played by {self.seat_name(holder)}: {self.seat_name(hand.maker)}'s partner")
        return line

    @staticmethod
    def _may_name_turned_down(hand: HandState) -> bool:
        """Whether the seat to act may name the turned-down suit in round two (a stuck
        dealer may, under some rules, where the others may not)."""
        down = hand.upcard >> 3
        if hand.turn != -1:
            return any(Action(a).is_naming and Action(a).named_suit == down for a in hand.legal_actions())
        return hand.rules.round2_may_name_turned_down

