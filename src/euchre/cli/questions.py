"""What the person at the keyboard is shown before a decision: the table, the hand, the question.

The person sees their hand (during the bidding sorted by suit, without numbers, so that
the numbers typed are those of the call menu; from the first card choice on sorted by
effective suit, trump first, and numbered), the upcard, every call in the preset's words
(jargon explained once per game), each card as it is played, tricks, score, the dealer
and "at the bridge"; then the question and its menu of calls. The answers are read by
:class:`euchre.cli.prompts.HumanPlayer`.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console
from rich.text import Text

from euchre.cli.narrator import Narrator
from euchre.cli.not_now import CARD_PHASES
from euchre.cli.render import card_text, cards_text, numbered_hand, sorted_hand, suit_text
from euchre.core.actions import GIVE_BASE, Action, is_give_code
from euchre.core.cards import EFFECTIVE_SUIT, NO_TRUMP, Card
from euchre.core.game import Game
from euchre.core.hand import Phase
from euchre.core.views import PlayerView
from euchre.text.glosses import joker_word
from euchre.text.side_words import (
    a_point_to_the_opponents,
    another_side,
    has_partners,
)
from euchre.text.words import describe_pending, in_claim_round, plain, role_of


class Questions:
    """What a person choosing at the keyboard is shown, and asked.

    Args:
        game: the game (read for the public table state shown with each question).
        console: where to print.
        narrator: the narrator, for the status lines and seat names.
        read: reads one line after showing a prompt (``console.input``); raises
            EOFError at the end of the input.
    """

    def __init__(self, game: Game, console: Console, narrator: Narrator, read: Callable[[str], str],
                 hint_seed: int = 0, *, auto_play: bool = False, rules_title: str = "",
                 save: Callable[[str], None] | None = None) -> None:
        self.game = game
        self.console = console
        self.narrator = narrator
        self.read = read
        self.hint_seed = hint_seed
        self.auto_play = auto_play
        self.rules_title = rules_title or "these rules"
        self.save = save
        self.show_full = False  # show the whole table at the next question (after an undo)
        self._sorted_told = -1  # the hand (index) in which the re-sorted hand was announced

    def _shown(self, view: PlayerView) -> list[int]:
        return sorted_hand(view.hand, view.trump)

    def _is_card_phase(self, view: PlayerView) -> bool:
        return view.phase in CARD_PHASES

    def _menu(self, view: PlayerView) -> tuple[list[Action], list[str]]:
        menu = list(view.legal)
        words = [describe_pending(view, a, viewer=view.seat) for a in menu]
        return menu, words

    def _led(self, view: PlayerView) -> int | None:
        if not view.trick_cards or view.trump == -1:
            return None
        return EFFECTIVE_SUIT[view.trump][view.trick_cards[0]]

    def _announce_sorted(self, view: PlayerView) -> None:
        """Once a hand, at the first card choice: the hand is now sorted with trump first
        (the order changes when trump is fixed) and numbered for the choice."""
        index = len(self.game.finished_hands)
        if self._sorted_told == index:
            return
        self._sorted_told = index
        if view.trump == NO_TRUMP:
            self.console.print("No trump: your hand is now sorted by suit, and numbered.")
        else:
            self.console.print(f"Trump is {suit_text(view.trump)}: your hand is now sorted trump first, and numbered.")

    def _show(self, view: PlayerView, full: bool) -> None:
        c = self.console
        c.print()
        self.narrator.status(self.game.hand, self.game.score, full=full)
        shown = self._shown(view)
        if self._is_card_phase(view):
            self._announce_sorted(view)
        if view.phase == Phase.PLAY:
            playable = {a.card for a in view.legal if a.is_play}
            line = Text("Your hand: ")
            line.append_text(numbered_hand(shown, playable, view.rules.joker_card))
            c.print(line)
            following = {a.card for a in view.following_actions()}
            called = bool(view.history) and Action(max(view.history[-1][1], 0)).is_card_call
            if called and not (len(playable) == 1 and next(iter(playable)) in view.exposed[view.seat]):
                c.print("Your exposed card was called, but you hold the suit led: playing it would be a revoke, "
                        "so the call does not bind you.")
            if called and len(playable) == 1 and len(shown) > 1:
                c.print("Your exposed card was called: you must play it.")
            elif len(playable) == 1 and (view.seat, int(Action.play(next(iter(playable))))) in view.history:
                c.print("Your partner corrected a revoke: you play your card again (only the opponents may change "
                        "theirs).")
            elif len(playable) < len(shown):
                options = [f"{i} {Card(x).pretty(view.rules.joker_card)}" for i, x in enumerate(shown, 1) if x in playable]
                c.print(f"You must follow suit: play {' or '.join(options)}.")
            elif len(following) < len(shown):
                # Table mode (RULES.md decision 27): any card may be played.
                options = [f"{i} {Card(x).pretty(view.rules.joker_card)}" for i, x in enumerate(shown, 1) if x in following]
                who = "the other side" if has_partners(view.table) else "another player"
                c.print(f"Follow suit with {' or '.join(options)}: any other card is a revoke, which {who} may claim.")
            elif not view.trick_cards:
                c.print("You lead.")
            if Action.CLAIM_REVOKE in view.legal:
                fine = view.rules.false_claim_penalty
                who = "A player of the other side" if has_partners(view.table) else "Another player"
                c.print(f"{who} failed to follow suit: if you think it was a revoke, type renege "
                        "to claim it" + (f" (a claim that fails costs {fine} point{'s' if fine != 1 else ''})."
                                         if fine else "."))
            return
        if view.phase == Phase.DISCARD:
            line = Text("You took up ")
            line.append_text(card_text(view.upcard, view.rules.joker_card))
            line.append(". Your hand: ")
            allowed = {a.card for a in view.legal}
            line.append_text(numbered_hand(shown, allowed, view.rules.joker_card))
            c.print(line)
            c.print("Choose a card to discard face down.")
            return
        if view.phase in (Phase.GIVE_BEST, Phase.BEST_DISCARD):
            self._show_best(view, shown)
            return
        if shown:  # not numbered: the numbers typed now are the menu's
            line = Text("Your hand: ")
            line.append_text(cards_text(shown, "  ", view.rules.joker_card))
            c.print(line)
        menu, words = self._menu(view)
        c.print(Text(self._question(view)))
        c.print(f"Your call, {view.table.titles[view.seat]} ({self._role(view)}):")
        for i, (action, w) in enumerate(zip(menu, words, strict=True), 1):
            gloss = plain(action, upcard=view.upcard, joker_card=view.rules.joker_card, table=view.table)
            extra = "" if gloss.lower().rstrip(".") in w.lower() else f"  ({gloss})"
            c.print(f"  {i}  {w}{extra}", markup=False)
        self.narrator.gloss(" ".join(words))

    def _show_best(self, view: PlayerView, shown: list[int]) -> None:
        """Calling for best (X-20, X-15c): the partner gives his best card face down,
        then the lone player discards one."""
        c = self.console
        partner = view.table.partner[view.seat]
        allowed = {a.card for a in view.legal}
        if view.phase == Phase.GIVE_BEST:
            c.print(f"Your partner {view.table.titles[partner]} plays alone and calls for your best card.")
            line = Text("Your hand: ")
            line.append_text(numbered_hand(shown, allowed, view.rules.joker_card))
            c.print(line)
            c.print("Choose the card to give face down (the opponents do not see it).")
            return
        given = next((code - GIVE_BASE for s, code in reversed(view.history) if s == partner and is_give_code(code)), None)
        line = Text(f"Your partner {view.table.titles[partner]} gave you ")
        if given is not None:
            line.append_text(card_text(given, view.rules.joker_card))
        line.append(" face down. Your hand: ")
        line.append_text(numbered_hand(shown, allowed, view.rules.joker_card))
        c.print(line)
        c.print("Choose a card to discard face down.")

    def _role(self, view: PlayerView) -> str:
        return role_of(view.seat, view.dealer, view.table)

    def _question(self, view: PlayerView) -> str:
        """What is being decided, in a sentence."""
        name = self.narrator.seat_name
        partner = view.table.titles[view.table.partner[view.seat]]
        up = Card(view.upcard).pretty(view.rules.joker_card)
        legal = view.legal
        may_pass = Action.PASS in legal
        only_pass = list(legal) == [Action.PASS]
        needs_trump = view.rules.require_trump_to_call == "natural_trump"
        if in_claim_round(view):
            # The claim round before the bidding (RULES.md decision 23).
            if Action.FARMERS_HAND in legal:
                return "Before the bidding: you may claim a farmer's hand (your three nines or tens for the kitty's three)."
            if Action.THROW_IN in legal:
                return "Before the bidding: you may show your hand and have it thrown in for a new deal."
            return "Before the bidding: any claims of the dealt hand? You have none to make."
        if view.phase == Phase.BID_ROUND_1:
            text = f"Round one: {suit_text(view.upcard >> 3)} as trump, with the {up} to the dealer?"
            if only_pass:
                why = ("the dealer's partner may not assist under these rules"
                       if view.seat in view.table.mates[view.dealer] and not view.rules.dealer_partner_may_assist
                       else "a call needs a trump in your hand" if needs_trump else "no other call is allowed")
                return f"{text} You may only pass: {why}."
            if Action.ORDER_UP_ALONE in legal and Action.ORDER_UP not in legal:
                return f"{text} You may accept only by playing alone (Canadian loner)."
            return text
        if view.phase == Phase.BID_ROUND_2:
            if not may_pass:
                if Action.FORFEIT in legal:
                    return (f"You are stuck ({_all_passed(view)}): name a suit, or forfeit "
                            f"{a_point_to_the_opponents(view.table)}.")
                return "You are stuck (stick the dealer): you must name a suit."
            if only_pass:
                why = "a call needs a trump in your hand" if needs_trump else "no suit may be named"
                return f"Round two: you may only pass ({why})."
            return "Round two: name a trump suit, or pass."
        if view.phase == Phase.BLIND_NAME:
            return (f"The {joker_word(view.rules)} was turned up: as dealer you must name trump before looking at your "
                    "cards.")
        if view.phase == Phase.TAKEOVER:
            what = " and plays alone" if view.alone == view.table.partner[view.seat] else ""
            return f"Your partner {partner} called {suit_text(view.trump)}{what}. You may play alone instead: {partner} would sit out."
        if view.phase == Phase.ALONE_DECISION:
            return self._alone_question(view)
        if view.phase == Phase.REVOKE_CLAIMS:
            fine = view.rules.false_claim_penalty
            cost = f"costs {fine} point{'s' if fine != 1 else ''}" if fine else "costs nothing under these rules"
            return (f"The last trick is played. {another_side(view.table).capitalize()} failed to follow suit: claim "
                    f"a revoke (renege), or make no claim? (The tricks are searched; a claim that fails {cost}.)")
        if view.phase == Phase.REVOKE_CORRECTION:
            mine = view.trick_cards[view.trick_seats.index(view.seat)]
            led = EFFECTIVE_SUIT[view.trump][view.trick_cards[0]]
            pen = view.rules.renege_penalty
            after = ("the other player, if he played after you, may change his card" if view.table.seats == 2
                     else "the opponents who played after you may change their cards")
            return (f"Before the trick is quitted: your {Card(mine).pretty(view.rules.joker_card)} did not follow "
                    f"{suit_text(led)} and you hold one, a revoke. Correct it (the card stays face up, exposed, and "
                    f"may be called at your turn; {after}), or let "
                    f"it stand (if {'the other side claims' if has_partners(view.table) else 'another player claims'} "
                    f"it, the revoke costs {pen} point{'s' if pen != 1 else ''})?")
        if view.phase == Phase.CALL_CARD:
            owner = next(s for s in range(view.table.seats) if s != view.seat and view.exposed and view.exposed[s]
                         and not view.table.same_team(s, view.seat))
            return (f"{name(owner)} is to play and has an exposed card: call it (it must be played now, unless that "
                    "would be a revoke), or make no call?")
        if view.phase == Phase.DEFEND_ALONE:
            makers = f"{name(view.alone)} plays alone" if view.alone != -1 else \
                f"{name(view.maker)} made {suit_text(view.trump)} trump"
            return f"{makers}. You may defend alone: your partner {partner} would sit out."
        return "Your decision:"

    @staticmethod
    def _alone_question(view: PlayerView) -> str:
        """The maker's decision once trump is fixed (``after_bidding``): with a partner,
        alone or with him (who sits out named); at call-ace (X-47), a card that calls a
        secret partner, or alone, naming no seat (RULES.md decision 21; issue 34)."""
        trump = suit_text(view.trump)
        table = view.table
        if table.mates[view.seat]:
            mates = " and ".join(table.titles[m] for m in table.mates[view.seat])
            return f"You made {trump} trump. Play alone ({mates} sitting out), or with your partner?"
        if not any(a.is_call for a in view.legal):
            return f"You made {trump} trump. You play alone."
        return (f"You made {trump} trump. Call the best card of a suit: whoever holds it is your partner for this "
                "hand, known to nobody else until the card is played. Or play alone.")


def _all_passed(view: PlayerView) -> str:
    """"all passed", or "both passed" of two players."""
    return "both passed" if view.table.seats == 2 else "all passed"

