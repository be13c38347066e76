"""The person at the keyboard in ``euchre play``: the questions, the answers, ``hint``.

The person sees their hand (during the bidding sorted by suit, without numbers, so that
the numbers typed are those of the call menu; from the first card choice on sorted by
effective suit, trump first, and numbered), the upcard, every call in the preset's words
(jargon explained once per game), each card as it is played, tricks, score, the dealer
and "at the bridge". Cards are chosen by number or code, calls by number or words.
``hint`` shows the expert's value of each legal action, calls and cards alike
(:func:`euchre.bots.advice.action_values`, over the worlds the ``expert`` level uses). A
wrong entry gets a message and a new prompt.

Line editing (arrow keys, history) comes from :mod:`readline` where the platform has it;
without it an arrow key arrives as an escape sequence, which is refused, not read.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from types import FrameType

from rich.console import Console
from rich.text import Text

from euchre.analysis.duplicate import derive_seed
from euchre.cli.choices import ChoiceError, check_line, choose_card, command_of, read_call
from euchre.cli.commands import TakeBack, confirm_quit, last_trick, print_rules
from euchre.cli.not_now import CARD_PHASES, is_revoke_claim, why_not_now
from euchre.cli.render import Narrator, card_text, cards_text, numbered_hand, sorted_hand, suit_text
from euchre.cli.text import quoted
from euchre.core.actions import GIVE_BASE, Action, is_give_code
from euchre.core.cards import EFFECTIVE_SUIT, NO_TRUMP, Card
from euchre.core.game import Game
from euchre.core.hand import Phase
from euchre.core.rules import Rules
from euchre.core.views import PlayerView
from euchre.text.side_words import (
    a_point_to_the_opponents,
    another_side,
    calls_partner,
    capital,
    has_partners,
    relative_value_words,
)
from euchre.text.words import describe_pending, in_claim_round, joker_word, plain, role_of

HELP = """\
How to answer:
  a card    its number as shown (1 is the first card of your hand) or its code:
            JH or j♥ (jack of hearts), 10c or TC, AS, JK (the joker).
  a call    its number in the menu (the surest way), or whole words: pass,
            order / pick it up / assist / take it up, a suit (hearts, ♥, nt),
            alone (e.g. "hearts alone", "order alone"), partner, take over,
            defend, forfeit; renege (claim a revoke, in table mode).
  shortcuts one letter typed alone on the line: p (pass); c, d, h, s (name that
            suit, not alone; you are asked to confirm it with y).
            Going alone needs the word "alone" or the number.
A call read from part of its words (a bare "alone" when that means ordering
up alone, "up" or "yes" for ordering up, a suit's letter) is shown in full
and made only when you confirm it with y; the number, the menu's words, or
whole words ("order alone", "hearts") make it at once.
Numbers are typed with the digits 0-9. Lines with control characters (an arrow
key where line editing is not available) are refused, never read as a call.
Commands:   show (the table again), last (the last trick), rules (the rules
            of this game in plain words), undo (take back your last decision),
            save FILE (the record of the game so far), help or ?, quit, and
            hint: each choice you have now (a call, the discard or a card)
            with the expert's estimate of its value (the average points of
            the hand for your side).
Cards you may not play now are shown in brackets, e.g. (3 K♠). During the
bidding your hand is shown without numbers: numbers then choose from the menu."""

_PARTNERSHIP_CALLS = """\
            alone (e.g. "hearts alone", "order alone"), partner, take over,
            defend, forfeit; renege (claim a revoke, in table mode)."""
_OWN_CALLS = """\
            alone (e.g. "hearts alone", "order alone"), forfeit; renege (claim
            a revoke, in table mode)."""
_OWN_CALLS_NONE_ALONE = """\
            forfeit; renege (claim a revoke, in table mode)."""
_CALL_ACE_CALLS = """\
            alone, forfeit; the card that calls your partner, by its suit:
            hearts, heart, best heart, call hearts or ♥ (the best heart)."""


def help_text(rules: Rules) -> str:
    """:data:`HELP` worded for the table of ``rules`` (issue 34): at a table where every
    player plays for himself there is no partner to play with, no lone hand to take
    over or defend against, no dealer's partner to assist, and the hint's value is the
    player's own; at call-ace the calls of a partner's card are named."""
    if has_partners(rules.table):
        return HELP
    own = _OWN_CALLS if rules.alone_allowed else _OWN_CALLS_NONE_ALONE
    text = HELP.replace(_PARTNERSHIP_CALLS, _CALL_ACE_CALLS if calls_partner(rules) else own)
    text = text.replace("order / pick it up / assist / take it up", "order / pick it up / take it up")
    if not rules.alone_allowed:  # no lone hand at this table: no word of one
        text = text.replace("""(name that
            suit, not alone; you are asked to confirm it with y).
            Going alone needs the word "alone" or the number.""", """(name that
            suit; you are asked to confirm it with y).""")
    mean = "the other player's" if rules.table.seats == 2 else "the other players' mean"
    return text.replace("""(the average points of
            the hand for your side).""", f"""(your average points in
            the hand, less {mean}).""")


class QuitGame(Exception):
    """The person asked to stop ("quit" or the end of the input)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Hangup(Exception):
    """The terminal went away or the process was asked to stop (SIGHUP, SIGTERM)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def hint_rng(seed: int, hand: int, step: int) -> random.Random:
    """The generator of the hint at one decision: seeded by the game's hint seed, the
    hand's index and the number of actions taken in it, so asking again at the same
    decision gives the same figures."""
    return random.Random(derive_seed("hint", seed, hand, step))


class HumanPlayer:
    """A person choosing at the keyboard.

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

    def automatic(self, view: PlayerView) -> Action | None:
        """The action taken for the person without asking him, or None when he is asked.

        In table mode a card that did not follow suit is asked about before the trick is
        quitted (so the question tells nothing); holding none of the suit, his card can
        only stand, and nobody needs to ask him. With ``--auto-play`` a card he must play
        (the only legal one, the last card included) is played for him.
        """
        if view.phase == Phase.REVOKE_CORRECTION and view.legal == (Action.LET_STAND,):
            return Action.LET_STAND
        if self.auto_play and view.phase == Phase.PLAY and len(view.legal) == 1 and view.legal[0].is_play:
            return view.legal[0]
        return None

    def asks(self, view: PlayerView) -> bool:
        """Whether :meth:`choose` will ask the person (the table keeps a point to take
        back to only before a decision he makes himself)."""
        return self.automatic(view) is None

    def choose(self, view: PlayerView) -> Action:
        """Ask for an action until a legal one is given.

        Raises:
            QuitGame: the person typed "quit" and confirmed it, or the input ended.
            TakeBack: the person typed "undo" (the table takes the game back).
        """
        automatic = self.automatic(view)
        if automatic is not None:
            if automatic.is_play:
                line = Text("You can play only ")
                line.append_text(card_text(automatic.card, view.rules.joker_card))
                line.append(": played for you (--auto-play).")
                self.console.print(line)
            return automatic
        self._show(view, full=self.show_full)
        self.show_full = False
        while True:
            try:
                text = self.read(self._prompt(view))
            except EOFError:
                raise QuitGame("end of input") from None
            try:
                text = check_line(text)
            except ChoiceError as exc:
                self.console.print(f"  {exc}", markup=False, style="bold")
                continue
            command = command_of(text)
            if command == "quit":
                if confirm_quit(self.read):
                    raise QuitGame("quit")
                continue
            if command == "undo":
                self.show_full = True
                raise TakeBack()
            if command == "last":
                self.console.print(last_trick(self.game, self.narrator.seat_name))
                continue
            if command == "rules":
                print_rules(self.console, self.game.rules, self.rules_title)
                continue
            if text.lower().startswith("save ") or text.lower() == "save":
                name = text[4:].strip()
                if not name:
                    self.console.print("  Type save and a file name, e.g. save game.json (or game.egn).")
                elif self.save is None:
                    self.console.print("  Saving is not available here.")
                else:
                    self.save(name)
                continue
            if command == "help":
                self.console.print(help_text(self.game.rules), markup=False)
                continue
            if command == "hint":
                self._hint(view)
                continue
            if command == "show":
                self._show(view, full=True)
                continue
            try:
                action, in_full = self._parse(view, text)
            except ChoiceError as exc:
                self.console.print(f"  {exc}", markup=False, style="bold")
                continue
            if in_full or self._confirm(view, action, text):
                return action

    # -------------------------------------------------------------- helpers
    def _shown(self, view: PlayerView) -> list[int]:
        return sorted_hand(view.hand, view.trump)

    def _is_card_phase(self, view: PlayerView) -> bool:
        return view.phase in CARD_PHASES

    def _confirm(self, view: PlayerView, action: Action, text: str) -> bool:
        """Show the whole call that a shortened answer was read as, and ask whether to
        make it; True for y or yes, False (and a new question) for anything else.

        Raises:
            QuitGame: the input ended.
        """
        words = describe_pending(view, action, viewer=view.seat)
        gloss = plain(action, upcard=view.upcard, joker_card=view.rules.joker_card, table=view.table)
        extra = "" if gloss.lower().rstrip(".") in words.lower() else f" ({gloss})"
        self.console.print(f"  {quoted(text)} is read as \"{words}\"{extra}.", markup=False)
        try:
            answer = self.read("Make this call? Type y to make it, Enter to choose again [y/N]: ")
        except EOFError:
            raise QuitGame("end of input") from None
        if answer.strip().lower() in ("y", "yes"):
            return True
        self.console.print("  Not made: choose again.", markup=False)
        return False

    def _menu(self, view: PlayerView) -> tuple[list[Action], list[str]]:
        menu = list(view.legal)
        words = [describe_pending(view, a, viewer=view.seat) for a in menu]
        return menu, words

    def _led(self, view: PlayerView) -> int | None:
        if not view.trick_cards or view.trump == -1:
            return None
        return EFFECTIVE_SUIT[view.trump][view.trick_cards[0]]

    def _hint(self, view: PlayerView) -> None:
        """The expert's value of each legal action (best first): cards by their number in
        the hand shown, calls by their menu number (:func:`euchre.bots.advice.action_values`)."""
        from euchre.bots.advice import NOT_VALUED, NOT_VALUED_PHASES, action_values, how_valued

        c = self.console
        if len(view.legal) == 1:
            only = view.legal[0]
            what = Card(only.card).pretty(view.rules.joker_card) if only.is_play or only.is_discard or only.is_give \
                else describe_pending(view, only, viewer=view.seat)
            c.print(f"Hint: you have only one choice here: {what.rstrip('.')}.", markup=False)
            return
        if view.phase in NOT_VALUED_PHASES:
            c.print(f"Hint: {NOT_VALUED}.", markup=False)
            return
        c.print("Thinking ...")
        values = action_values(view, hint_rng(self.hint_seed, len(self.game.finished_hands), len(self.game.hand.history)))
        table = view.table
        c.print(f"Hint: the expert's value of each choice, {how_valued(view)}:")
        if table.mates[view.seat]:
            c.print(f"the average points of this hand for your side ({table.team_names[table.team[view.seat]]}) "
                    "after it")
            c.print("(below 0: the other side is expected to score). Best first:")
        else:  # his points less the others' mean (bots.advice), as review says (issue 34 follow-up)
            c.print(f"{capital(relative_value_words(table, 'you'))}. Best first:")
        if self._is_card_phase(view):
            shown = self._shown(view)
            for action in sorted(values, key=lambda a: (-values[a], shown.index(a.card))):
                line = Text(f"  {shown.index(action.card) + 1:>2} ")
                label = card_text(action.card, view.rules.joker_card)
                label.pad_right(6 - len(label.plain))
                line.append_text(label)
                line.append(f" {values[action]:+.2f}")
                c.print(line)
            return
        menu, words = self._menu(view)
        for action in sorted(values, key=lambda a: (-values[a], menu.index(a))):
            i = menu.index(action)
            c.print(Text(f"  {i + 1:>2} {values[action]:+.2f}  {words[i]}"))

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

    def _prompt(self, view: PlayerView) -> str:
        n = len(view.hand)
        if view.phase == Phase.PLAY:
            return f"Your card ({span(n)} or e.g. JH): "
        if view.phase == Phase.DISCARD or view.phase == Phase.BEST_DISCARD:
            return f"Discard ({span(n)} or e.g. 9C): "
        if view.phase == Phase.GIVE_BEST:
            return f"Give ({span(n)} or e.g. JH): "
        return f"Your call ({span(len(view.legal))}): "

    def _parse(self, view: PlayerView, text: str) -> tuple[Action, bool]:
        """The action ``text`` names, and whether it names it in full (else the person
        is asked to confirm it: :func:`euchre.cli.choices.read_call`).

        Raises:
            ChoiceError: no legal action; an action word that does not apply now says
                why (:func:`euchre.cli.not_now.why_not_now`).
        """
        if is_revoke_claim(text) and Action.CLAIM_REVOKE in view.legal:
            return Action.CLAIM_REVOKE, text.strip().lower() != "claim"  # "claim" what? asked to confirm
        why = why_not_now(view, text)
        if why is not None:
            raise ChoiceError(why)
        if self._is_card_phase(view):
            cards = [a for a in view.legal if a.is_play or a.is_discard or a.is_give]
            rules = view.rules
            return choose_card(text, self._shown(view), cards, trump=view.trump, led=self._led(view),
                               discard=view.phase in (Phase.DISCARD, Phase.BEST_DISCARD), upcard=view.upcard,
                               give=view.phase == Phase.GIVE_BEST, joker_card=rules.joker_card, deck=rules.deck,
                               has_joker=rules.joker), True
        menu, words = self._menu(view)
        return read_call(text, menu, words, no_pass=self._no_pass(view))

    def _no_pass(self, view: PlayerView) -> str | None:
        """Why passing is not allowed now, for the message when a pass is typed."""
        if Action.PASS in view.legal:
            return None
        if view.phase == Phase.BID_ROUND_2:
            if Action.FORFEIT in view.legal:
                return f"You are stuck ({_all_passed(view)}): name a suit, or forfeit {a_point_to_the_opponents(view.table)}"
            return "You are stuck (stick the dealer): you must name a suit"
        if view.phase == Phase.BLIND_NAME:
            return "As dealer you must name trump"
        if view.phase == Phase.ALONE_DECISION:
            if any(a.is_call for a in view.legal):
                return "Call a card for your partner, or play alone"
            return "Choose to play alone or with your partner"
        return None


def _all_passed(view: PlayerView) -> str:
    """"all passed", or "both passed" of two players."""
    return "both passed" if view.table.seats == 2 else "all passed"


def span(n: int) -> str:
    return "1" if n == 1 else f"1-{n}"


def on_signal(signum: int, frame: FrameType | None) -> None:
    raise Hangup(signum)


def line_editing() -> bool:
    """Load :mod:`readline` for line editing and history when the platform has it and
    both ends are a terminal. Returns True when it is in use."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return False
    try:
        import readline
    except ImportError:  # e.g. Windows: arrow keys then arrive raw and are refused
        return False
    if hasattr(readline, "set_completer"):  # some readline replacements lack it
        readline.set_completer(lambda text, state: None)  # Tab completes nothing (no file names)
    return True


def make_reader(console: Console) -> Callable[[str], str]:
    """Reads one line after a prompt. With readline the prompt goes to :func:`input`,
    so that editing and history redraw the line without erasing the prompt."""
    if line_editing():
        def read(prompt: str) -> str:
            console.file.flush()
            return input(prompt)

        return read
    return lambda prompt: console.input(prompt, markup=False)
