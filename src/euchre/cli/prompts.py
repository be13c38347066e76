"""The person at the keyboard in ``euchre play``: the questions, the answers, ``hint``.

What the person sees before each decision is :mod:`euchre.cli.questions`'; the help
:mod:`euchre.cli.help_text`'; the reading of lines :mod:`euchre.cli.keyboard`'. Cards are
chosen by number or code, calls by number or words.
``hint`` shows the expert's value of each legal action, calls and cards alike
(:func:`euchre.bots.advice.action_values`, over the worlds the ``expert`` level uses). A
wrong entry gets a message and a new prompt.
"""

from __future__ import annotations

import random

from rich.text import Text

from euchre.analysis.duplicate import derive_seed
from euchre.cli.choices import ChoiceError, check_line, choose_card, command_of, read_call
from euchre.cli.commands import TakeBack, confirm_quit, last_trick, print_rules
from euchre.cli.help_text import help_text
from euchre.cli.keyboard import QuitGame
from euchre.cli.not_now import is_revoke_claim, why_not_now
from euchre.cli.questions import Questions, _all_passed
from euchre.cli.render import card_text
from euchre.cli.text import quoted
from euchre.core.actions import Action
from euchre.core.cards import Card
from euchre.core.hand import Phase
from euchre.core.views import PlayerView
from euchre.text.side_words import (
    a_point_to_the_opponents,
    capital,
    relative_value_words,
)
from euchre.text.words import describe_pending, plain


def hint_rng(seed: int, hand: int, step: int) -> random.Random:
    """The generator of the hint at one decision: seeded by the game's hint seed, the
    hand's index and the number of actions taken in it, so asking again at the same
    decision gives the same figures."""
    return random.Random(derive_seed("hint", seed, hand, step))


class HumanPlayer(Questions):
    """A person choosing at the keyboard: the answers read, checked and confirmed, and
    ``hint`` (arguments: :class:`~euchre.cli.questions.Questions`').
    """

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


def span(n: int) -> str:
    return "1" if n == 1 else f"1-{n}"

