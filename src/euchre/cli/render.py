"""Rendering a game for the terminal with ``rich``: cards, hands, calls, tricks, scores.

Everything here fits 80 columns and never relies on colour alone: suits are shown by
their symbols (red for diamonds and hearts is only a help), and marks such as "(you)"
or "sits out" are words. :class:`Narrator` turns the steps of a game into lines of text;
``play``, ``watch`` and ``replay`` all use it, so they look alike: the draw for partners
and the first deal, each hand, and a one-line gloss the first time in a game that a
historic or jargon phrase appears (:data:`euchre.text.words.GLOSSES`). Players' names
are shown with their seat by :func:`player_label`; records keep plain names.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Iterable, Sequence

from rich.console import Console
from rich.text import Text

from euchre.cli.text import MAX_DELAY as MAX_DELAY  # the longest pause of watch --delay
from euchre.core.actions import Action
from euchre.core.cards import JOKER, NO_TRUMP, Card, cards_of, sort_hand
from euchre.core.game import Game, GameResult, Setup, bridge_team
from euchre.core.hand import HandResult, HandState, Phase
from euchre.core.rules import Rules
from euchre.core.seats import FOUR_HANDED, Table
from euchre.text.counters import counters_text
from euchre.text.words import (
    claim_outcome,
    claim_round_length,
    describe,
    glosses_in,
    goal_words,
    is_spoken,
    joker_word,
    role_of,
    suit_symbol,
    suit_word,
)

SEAT_TITLES = FOUR_HANDED.titles
"""The seat titles of the four-hand table; other tables have their own (``Table.titles``)."""


def make_console(*, record_width: int | None = None) -> Console:
    """The console the commands print to: no automatic highlighting, no emoji codes and
    no markup (styles come from Text objects, so card and option texts print as they are)."""
    return Console(highlight=False, emoji=False, markup=False, width=record_width)


def card_text(card: int, joker_card: str = "joker") -> Text:
    """A card as styled text: ``J♥`` (red for ♦ and ♥), ``10♣``, ``Joker`` (or the card
    that stands for it, ``joker_card``: ``2♠``)."""
    label = Card(card).pretty(joker_card)
    if card == JOKER:
        return Text(label, style="bold")
    return Text(label, style="red" if (card >> 3) in (1, 2) else "")


def cards_text(cards: Iterable[int], sep: str = " ", joker_card: str = "joker") -> Text:
    """Several cards, separated by ``sep``."""
    out = Text()
    for i, c in enumerate(cards):
        if i:
            out.append(sep)
        out.append_text(card_text(c, joker_card))
    return out


def played_text(seats: Iterable[int], cards: Iterable[int], seat_name: Callable[[int], str],
                joker_card: str = "joker") -> Text:
    """The cards of a trick with who played each, in the order of play:
    ``North 9♥, East K♥`` (cards styled as :func:`card_text`)."""
    line = Text()
    for i, (seat, card) in enumerate(zip(seats, cards, strict=True)):
        if i:
            line.append(", ")
        line.append(f"{seat_name(seat)} ")
        line.append_text(card_text(card, joker_card))
    return line


def suit_text(suit: int) -> str:
    """A suit for people: ``"♥ hearts"``, or ``"no trump"``."""
    if suit == NO_TRUMP:
        return "no trump"
    return f"{suit_symbol(suit)} {suit_word(suit)}"


def sorted_hand(cards: Iterable[int], trump: int) -> list[int]:
    """Cards in display order: by effective suit with trump first (``cards.sort_hand``);
    by printed suit while trump is not fixed (``trump`` -1); the joker always first."""
    return sort_hand(cards, None if trump == -1 else trump)


def numbered_hand(cards: Sequence[int], playable: set[int] | None = None, joker_card: str = "joker") -> Text:
    """A hand numbered for input: ``1 J♥  2 A♥  3 K♠``. Cards not in ``playable``
    are dimmed and put in brackets, ``(3 K♠)``, so the mark is visible without colour."""
    out = Text()
    for i, c in enumerate(cards, 1):
        if i > 1:
            out.append("  ")
        ok = playable is None or c in playable
        t = card_text(c, joker_card)
        if ok:
            out.append(f"{i} ", style="bold")
            out.append_text(t)
        else:
            t.stylize("dim")
            out.append(f"({i} ", style="dim")
            out.append_text(t)
            out.append(")", style="dim")
    return out


def player_label(seat: int, name: str, table: Table = FOUR_HANDED) -> str:
    """A player's name with the seat's title at ``table``: ``"North  Alice"``,
    ``"Player 2 Bob"``; a name that already starts with the seat's name (``"North (bot:
    intermediate)"``, as older records saved them) is shown as it is, so the seat is
    never said twice."""
    title = table.titles[seat]
    rest = name[len(title):]
    if name[: len(title)].lower() == title.lower() and (not rest or not rest[0].isalnum()):
        return name
    width = max(6, *(len(t) for t in table.titles))
    return f"{title:<{width}} {name}"


def side_names(table: Table, sides: Iterable[int]) -> str:
    """The sides named in words: ``"N-S"``, ``"Player 1 and Player 2"``."""
    names = [table.team_names[t] for t in sides]
    if len(names) <= 2:
        return " and ".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def side_verb(table: Table, side: int, plural: str, singular: str) -> str:
    """``plural`` for a side of several players ("N-S win"), ``singular`` for one
    player on his own ("Player 1 wins")."""
    return singular if len(table.teams[side]) == 1 else plural


def per_side(table: Table, values: Sequence[int], viewer: int | None = None) -> str:
    """One number per side, named: ``"N-S 3, E-W 1"``, ``"Player 1 (you) 2, Player 2 0"``
    (``(you)`` after the viewer's side)."""
    parts = []
    for t, v in enumerate(values):
        mark = " (you)" if viewer is not None and table.team[viewer] == t else ""
        parts.append(f"{table.team_names[t]}{mark} {v}")
    return ", ".join(parts)


_CUT_ORDER = {"ace_low": "ace low", "jack_high": "jack high", "whist": "ace high"}


def setup_lines(setup: Setup, rules: Rules) -> list[str]:
    """How the table was formed, in words: the cards drawn (by seat, in order) for
    partners and the first deal, and who deals first; ``[]`` for a setup that was not
    drawn (a game read from an EGN file, the next game of a match)."""
    parts = setup.method.split("; ")
    if len(parts) != 2:
        return []
    partners, first = parts
    table = rules.table
    titles = table.titles
    seat_of = {p: s for s, p in enumerate(setup.seating)}
    seats = [seat_of.get(p, p % table.seats) for p, _ in setup.draws]
    drawn = ", ".join(f"{titles[s]} {Card(c).pretty()}" for s, (_, c) in zip(seats, setup.draws, strict=True))
    dealer = titles[setup.first_dealer]
    order = _CUT_ORDER.get(rules.cut_rank_order, rules.cut_rank_order)
    if len(set(seats)) < len(seats):
        order += "; tied cards draw again"
    out = []
    if partners == "cut_high_vs_low":
        what = "partners and the first deal" if first in ("lowest_cut", "highest_cut") else "partners"
        out += [f"Drawing for {what} ({order}):", f"  {drawn}.",
                "The two highest play the two lowest: North and South against East and West."]
    elif partners == "random":
        out.append("Partners are seated at random.")
    if first in ("lowest_cut", "highest_cut"):
        if partners != "cut_high_vs_low":
            out += [f"Drawing for the first deal ({order}):", f"  {drawn}."]
        out.append(f"The {'lowest' if first == 'lowest_cut' else 'highest'} card deals first: {dealer}.")
    elif first in ("first_jack", "first_black_jack"):
        jack = "jack" if first == "first_jack" else "black jack"
        start = seats[0] if seats else setup.first_dealer
        shuffler = titles[table.right[start]]
        out += [f"For the first deal, {shuffler} deals cards face up one at a time, from {titles[start]},",
                f"until a {jack}:", f"  {drawn}.", f"The first {jack} deals first: {dealer}."]
    else:
        out.append(f"The first dealer is chosen at random: {dealer}.")
    return out


def score_line(rules: Rules, score: Sequence[int], viewer: int | None = None) -> str:
    """``"Score: N-S 3, E-W 1 (game to 10)"`` (one entry per side of ``rules.table``:
    ``"Score: Player 1 (you) 3, Player 2 1 (game to 5)"`` at the two-handed table),
    with "(you)" after the viewer's side and the bridge (REFERENCE 1I I6) when a side
    is at it."""
    table = rules.table
    text = f"Score: {per_side(table, score, viewer)} ({goal_words(rules)})"
    bridge = bridge_team(rules, score) if len(table.teams) == 2 else None
    if bridge is not None:
        text += f"; {table.team_names[bridge]} at the bridge"
    return text


def counters_line(rules: Rules, score: Sequence[int]) -> str | None:
    """Under a counter ``score_display`` (S000 L147-149; X-54), each side's counters as
    they lie: ``"Counters: N-S deuce up / tray down; E-W deuce down / tray up"``; None
    for ``numeric``."""
    if rules.score_display == "numeric":
        return None
    laid = []
    for t, points in enumerate(score):
        shown = counters_text(rules.score_display, points)
        laid.append(f"{rules.table.team_names[t]} {shown if shown is not None else 'beyond the counters'}")
    return "Counters: " + "; ".join(laid)


def turned_down_text(rules: Rules) -> str:
    """Where the turned-down upcard lies (``turn_down_display``): ``"face up under the
    stock"`` (S001 L12) or ``"face down on the stock"`` (S000 L123)."""
    return "face down on the stock" if rules.turn_down_display == "face_down_on_stock" else "face up under the stock"


def result_line(result: HandResult, table: Table = FOUR_HANDED) -> str:
    """One hand's outcome in words: who scored, how many points, and why; sides named
    as ``table`` names them (``"N-S (makers) took 3 tricks"``, ``"Player 2 (maker)
    took 3 tricks"``)."""
    if result.label == "renege":  # a proved revoke ended the hand (RULES.md decision 27)
        teams = result.scoring_teams
        pts = result.points[teams[0]] if teams else 0
        each = " each" if len(teams) > 1 else ""
        return (f"A proved revoke ends the hand: {pts} point{'s' if pts != 1 else ''}{each} to "
                f"{side_names(table, teams) if teams else 'nobody'}.")
    if result.penalties:
        base = result_line(dataclasses.replace(
            result, penalties=(), revokes=(), label=result.label.removesuffix(", revoke penalty"),
            points=tuple(p - q for p, q in zip(result.points, result.penalties, strict=True))), table)
        paid = [t for t, p in enumerate(result.penalties) if p]
        fines = ", ".join(f"{result.penalties[t]} to {side_names(table, [t])}" for t in paid)
        return f"{base} Penalties (scored first): {fines}."
    if result.revokes and not result.penalties:  # table mode: revokes on both sides, cancelled
        plain = result_line(dataclasses.replace(result, revokes=(), label=result.label.removesuffix(", revoke penalty")),
                            table)
        return f"{plain} The revokes on both sides cancel (Leeds & Dwight 1888 s71)."
    if result.passed_out and not result.forfeit:
        if result.thrown_in:  # by a claim of the dealt hand (RULES.md decision 23)
            again = "the same dealer deals again" if result.dealer_deals_again else "the deal passes to the left"
            return f"{result.label[0].upper()}{result.label[1:]}. No score; {again}."
        return "All passed: the hand is thrown in. No score."
    teams = result.scoring_teams
    if result.forfeit:
        each = " each" if len(teams) > 1 else ""
        return f"The stuck dealer forfeits: 1 point{each} to {side_names(table, teams) if teams else 'nobody'}."
    team = result.scoring_team
    pts = result.points[team] if team is not None else 0
    maker = result.maker if result.maker is not None else 0
    side = table.team[maker]
    makers = f"{table.team_names[side]} ({'maker' if len(table.teams[side]) == 1 else 'makers'})"
    made = result.tricks[side]
    if result.partner is not None:  # call-ace: the maker's partner, known now the hand is over
        makers += f" and {table.team_names[table.team[result.partner]]} (partner)"
        made += result.tricks[table.team[result.partner]]
    who = side_names(table, teams) if teams else "nobody"
    plural = "s" if pts != 1 else ""
    each = " each" if len(teams) > 1 else ""
    return (f"{makers} took {made} trick{'s' if made != 1 else ''}: "
            f"{result.label}. {pts} point{plural}{each} to {who}.")


class Narrator:
    """Prints a game as it happens (or as it is replayed), one short line per event.

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
        are worded for its table (:func:`euchre.text.words.gloss_for`)."""
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
        if code >= 20 and phase == Phase.DISCARD:
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

    def _name_width(self) -> int:
        """The width of the seat column in a trick: the longest seat name with a mark."""
        return max(16, max(len(t) for t in self.table.titles) + 10)

    @staticmethod
    def _may_name_turned_down(hand: HandState) -> bool:
        """Whether the seat to act may name the turned-down suit in round two (a stuck
        dealer may, under some rules, where the others may not)."""
        down = hand.upcard >> 3
        if hand.turn != -1:
            return any(Action(a).is_naming and Action(a).named_suit == down for a in hand.legal_actions())
        return hand.rules.round2_may_name_turned_down
