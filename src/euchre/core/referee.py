"""The referee of a game played with real cards: the score, the deal and the laws of
irregularities, from what one person enters hand by hand (RULES.md decision 28).

Four people play at a real table; the person keeping score enters each hand's result
(the maker, alone or not, the tricks the makers took), or every card of it
(:meth:`Referee.hand_cards`, which the engine replays), and any irregularity found. The
:class:`Referee` keeps the score under the rules (``game_target``, the bridge, laps,
slams, progressive rounds: the same :func:`~euchre.core.game.settle_hand` as a game at
the computer table), the dealer's turn, and the games of the evening, and answers every
entry with a :class:`Ruling`: the law, its source, and what now happens.

The laws, by entry (each with the preset's option where the sources disagree; a ruling
on an option cites the preset's own source of its value, :func:`law_source`, so that
dc-club-1862, whose code (S000) is silent on misdeals and faced cards, cites that
silence and the reading it follows, REFERENCE 5.3, not the modern sheets):

- a misdeal (a wrong number of cards found, before or after the turn-up):
  ``misdeal_policy``: ``deal_passes`` (S002 L13: "the dealer losing his privilege";
  Leeds & Dwight 1888 s41: a misdeal loses the deal) or ``same_dealer`` (X-29, X-36);
- a card faced in the deal: ``faced_card_in_deal``: ``new_deal`` by the same dealer
  (Leeds & Dwight s34) or ``recipient_option`` (S002 L13: the player it belongs to keeps
  it or calls a new deal);
- a deal out of turn: stopped before the trump is turned, the right dealer deals; after,
  the deal stands (Leeds & Dwight s40), and the deal then passes to the left of the
  player who dealt;
- a card exposed, a lead out of turn: no points; the card lies face up and either
  adversary may call it when its owner is to play (New York 1877 s12; Leeds & Dwight
  s46-s52: after a lead out of turn the adversaries may call the card led, or a suit
  from the offender or his partner at their next lead);
- a revoke claimed with the tricks as proof: the preset's ``renege_penalty`` (or
  ``renege_penalty_lone``); with ``renege_ends_hand`` the hand ends and the claimants
  score the penalty instead of it; else the penalty is scored first and the hand's
  result is entered next; a claim the tricks do not prove costs ``false_claim_penalty``
  (RULES.md decision 27);
- a dealer who failed to discard (six cards): the deal stands, the dealer's side scores
  nothing for the hand and the adversaries score 2, or 4 in a lone hand (Leeds & Dwight
  s90).

Entries that cannot be true are refused with a :class:`~euchre.core.errors.RefereeError`
naming what is wrong, and nothing changes: more than five tricks, a seat not at the
table, a lone hand where the rules have none, a defender alone who is a maker, a
revoke claimed against one's own side, a hand entered after the game is over.

The record (:meth:`Referee.to_dict`, :meth:`Referee.from_dict`) holds the rules by value
and the entries in order; reading it enters them again, so it replays exactly.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from euchre.core.actions import PLAY_BASE, Action
from euchre.core.cards import card_code, deck_cards, missing_from_pack, pack_words, parse_card
from euchre.core.errors import EuchreValueError, IllegalActionError, RecordError
from euchre.core.game import GameResult, bridge_team, settle_hand
from euchre.core.hand import HandState, Phase
from euchre.core.presets import nearest_preset, option_source, preset
from euchre.core.records import refuse_unknown
from euchre.core.revokes import false_claim_points, revoke_points
from euchre.core.rules import OPTION_SOURCES, Rules
from euchre.core.scoring import side_points
from euchre.core.seats import Table
from euchre.core.side_words import capital, different_sides, has_partners, the_adversaries, the_makers
from euchre.core.state import HandResult, Revoke
from euchre.core.words import claim_outcome, claim_round_length, history_phases

RECORD_FORMAT = "euchre-referee/1"
"""The ``format`` of a referee's record."""
RECORD_FIELDS = ("format", "rules", "first_dealer", "entries")
"""The fields of a referee's record (:meth:`Referee.to_dict`); reading refuses any other
(:func:`~euchre.core.records.refuse_unknown`), as the game's record does."""


class RefereeError(EuchreValueError):
    """An entry the referee refuses: it cannot be true, or the rules have no place for
    it. Nothing was changed."""


@dataclass(frozen=True)
class Ruling:
    """The referee's answer to one entry.

    Attributes:
        law: what the law says, in a sentence.
        source: the document and section (or the option of the rules and its value).
        outcome: what now happens: points to whom, who deals.
        points: points this entry gave per side (0s for none).
        dealer: who deals next (a seat).
        game_over: the entry ended a game (:attr:`Referee.games` has it).
    """

    law: str
    source: str
    outcome: str
    points: tuple[int, ...]
    dealer: int
    game_over: bool = False


@dataclass
class _Pending:
    """What the laws carry into the hand's result, scored first: the fines of claims
    not proved, the revokes proved under a law that plays the hand out (counted as
    the law counts them, equal numbers cancelling: :func:`~euchre.core.revokes.revoke_points`),
    and the side barred from scoring (a dealer who failed to discard)."""

    points: list[int]
    barred: int = -1
    notes: list[str] = field(default_factory=list)
    revokes: list[int] = field(default_factory=list)
    lone: bool = False

    @property
    def empty(self) -> bool:
        return not any(self.points) and self.barred == -1 and not self.revokes


_VALUE_SOURCES: dict[tuple[str, object], str] = {
    ("misdeal_policy", "deal_passes"): "S002 L13; Leeds & Dwight 1888 s41",
    ("misdeal_policy", "same_dealer"): "X-29, X-36",
    ("faced_card_in_deal", "new_deal"): "Leeds & Dwight 1888 s34",
    ("faced_card_in_deal", "recipient_option"): "S002 L13",
    ("renege_ends_hand", True): "X-29, X-30",
    ("renege_ends_hand", False): "Leeds & Dwight 1888 s70",
}
"""The sources of one value of a law, for a value set over a preset (``--option``)."""


def law_source(rules: Rules, option: str) -> str:
    """``option = value (where it comes from)`` for one of the laws the referee applies:
    the source of the preset ``rules`` are, or were set over (:func:`nearest_preset`),
    naming the preset it inherits the value from, if any (:func:`option_source`), so
    that a preset cites its own code, never another's (dc-club-1862's misdeal law is
    not modern practice's: its code, S000, is silent). A value changed over the preset
    says so, with the sources of that value.

    Raises:
        RulesError: an unknown option.
    """
    value = getattr(rules, option)
    shown = str(value).lower() if isinstance(value, bool) else str(value)
    base = nearest_preset(rules)
    if getattr(preset(base), option) == value:
        setter, source = option_source(base, option)
        where = f"{base}{'' if setter == base else ', as ' + setter}: {source}"
    else:
        where = f"set over {base}: {_VALUE_SOURCES.get((option, value), OPTION_SOURCES[option])}"
    return f"{option} = {shown} ({where})"


def _flag(value: object, what: str) -> bool:
    """A yes-or-no argument, checked: only True or False (a record edited by hand must
    not turn "false" into a yes)."""
    if type(value) is not bool:
        raise RefereeError(f"{what} is true or false, not {value!r}")
    return value


class Referee:
    """The score and the laws for a game of real cards (see the module docstring).

    Args:
        rules: the rules played (a preset, with house rules or options).
        first_dealer: the seat of the first dealer.

    Attributes (read only): ``rules``, ``table``, ``score`` (per side, this game),
    ``dealer`` (the seat to deal now), ``hand_number`` (of this game, from 1),
    ``games`` (the finished games' results), ``entries`` (every entry so far, as
    ``(kind, arguments)``).

    Raises:
        RefereeError: call-ace (its sides are known only once the called card is played:
            enter the hands at the computer table instead), or a dealer not at the table.
    """

    def __init__(self, rules: Rules, first_dealer: int = 0) -> None:
        if not isinstance(rules, Rules):
            raise RefereeError(f"rules must be a Rules value, not {type(rules).__name__}")
        if rules.variant == "call_ace":
            raise RefereeError("call-ace is not refereed: the referee keeps fixed sides, and at call-ace the maker's "
                               "partner is known only when the called card falls; play it at the computer table")
        self.rules = rules
        self.table = rules.table
        self._seat(first_dealer, "the first dealer")
        self.first_dealer = first_dealer
        self.score: list[int] = [0] * len(self.table.teams)
        self.dealer = first_dealer
        self.hand_number = 1
        self.hands_counted = 0
        self.games: list[GameResult] = []
        self.entries: list[tuple[str, dict[str, Any]]] = []
        self._pending = _Pending([0] * len(self.table.teams))
        self._out_of_turn = -1

    # ------------------------------------------------------------------ helpers
    def _seat(self, seat: object, what: str) -> int:
        if type(seat) is not int or not 0 <= seat < self.table.seats:
            raise RefereeError(f"{what} must be a seat of the table ({', '.join(self.table.letters)}), not {seat!r}")
        return seat

    def _name(self, seat: int) -> str:
        return self.table.titles[seat]

    def _side(self, team: int) -> str:
        return self.table.team_names[team]

    def _open(self) -> None:
        if self.is_over:
            raise RefereeError("the game is over; begin the next game before entering more")

    @property
    def is_over(self) -> bool:
        """True when the last entry ended a game and the next has not begun."""
        return bool(self.games) and self.hand_number == 0

    @property
    def bridge(self) -> int | None:
        """The side at the bridge now, or None (:func:`~euchre.core.game.bridge_team`)."""
        return bridge_team(self.rules, self.score)

    def _record(self, kind: str, args: dict[str, Any]) -> None:
        self.entries.append((kind, args))

    def _settle(self, result: HandResult, law: str, source: str, said: str) -> Ruling:
        settled = settle_hand(self.rules, self.score, self.dealer, self.hands_counted, result)
        self.hands_counted += result.played
        self.score = list(settled.score)
        dealer = settled.dealer
        if self._out_of_turn != -1 and dealer != self.dealer:
            dealer = self.table.left[self._out_of_turn]  # the deal out of turn stood: it passes from its dealer
        self._out_of_turn = -1
        self.dealer = dealer
        self._pending = _Pending([0] * len(self.table.teams))
        over = settled.result is not None
        if settled.result is not None:
            self.games.append(settled.result)
            self.hand_number = 0
            winner = settled.result.winner
            if winner is None:
                said += " The round ends in a tie."
            else:
                final = settled.result.score
                rest = ", ".join(str(p) for t, p in enumerate(final) if t != winner)
                if final[winner] < max(final):
                    said += (f" {self._plural(winner, 'reach')} the target first, by the penalty scored first, and "
                             f"{'win' if len(self.table.teams[winner]) > 1 else 'wins'} the game "
                             f"(Leeds & Dwight 1888 s4); final score {final[winner]} to {rest}.")
                else:
                    said += f" {self._plural(winner, 'win')} the game, {final[winner]} to {rest}."
        else:
            self.hand_number += 1
            said += f" {self._name(dealer)} deals next."
        return Ruling(law, source, said, result.points, dealer, over)

    def _pending_points(self) -> tuple[int, ...]:
        """The points the laws entered in this deal give, to be scored first with the hand."""
        pending = self._pending
        law = revoke_points(self.rules, self.table, [Revoke(s, 0, 0, 0) for s in pending.revokes], pending.lone) \
            if pending.revokes else (0,) * len(self.table.teams)
        return tuple(a + b for a, b in zip(law, pending.points, strict=True))

    @property
    def pending(self) -> tuple[int, ...]:
        """Points the laws gave in this deal so far (revokes, claims not proved, a dealer
        who failed to discard), per side: they are scored, first, with the hand's result."""
        return self._pending_points()

    @property
    def dealt_by(self) -> int:
        """Who deals (or dealt) this hand: the dealer, or a player whose deal out of turn
        stood (Leeds & Dwight 1888 s40)."""
        return self._out_of_turn if self._out_of_turn != -1 else self.dealer

    def _no_lone_hands(self) -> str:
        """The refusal of a lone hand, lone revoke or lone fine where the rules have none."""
        if has_partners(self.table):
            return "nobody plays alone under these rules (see alone_allowed in euchre rules)"
        return "every player plays for himself at this table: there is no lone hand to enter"

    def _makers_take(self) -> str:
        """"the makers take" at a partnership table, "the maker takes" where he plays for himself."""
        return "the makers take" if has_partners(self.table) else "the maker takes"

    def _claimants_score(self) -> str:
        """Who scores a proved revoke's penalty: the claimants' side, or every player but the
        offender where each plays for himself (:func:`~euchre.core.revokes.revoke_points`)."""
        if has_partners(self.table):
            return "the claimants score"
        return "his adversary scores" if self.table.seats == 2 else "each other player scores"

    def _plural(self, team: int, verb: str) -> str:
        """``verb`` for a side: "N-S score", "Player 1 scores"."""
        return f"{self._side(team)} {verb if len(self.table.teams[team]) > 1 else verb + 's'}"

    def _no_pending(self, what: str) -> None:
        if not self._pending.empty:
            raise RefereeError(f"a {what} ends the deal, but laws were entered for it already (a revoke, a claim or a "
                               "dealer's discard): enter the hand's result instead")

    def _score_words(self, points: Sequence[int]) -> str:
        given = [f"{p} to {self._side(t)}" for t, p in enumerate(points) if p]
        return ("Points: " + ", ".join(given) + ".") if given else "No points."

    # ------------------------------------------------------------------ entries
    def hand_result(self, maker: int, tricks: int, *, alone: bool = False, defender_alone: int | None = None) -> Ruling:
        """A hand played: the maker's seat, the tricks (0..5) his side took, whether he
        played alone, and the seat that defended alone, if any.

        Raises:
            RefereeError: a seat not at the table, tricks outside 0..5, a lone hand or a
                lone defence the rules do not have, a lone defender on the makers' side.
        """
        self._open()
        maker = self._seat(maker, "the maker")
        if type(tricks) is not int or not 0 <= tricks <= 5:
            raise RefereeError(f"{self._makers_take()} 0 to 5 tricks, not {tricks!r}")
        alone = _flag(alone, "alone")
        if self._pending.lone and not alone and defender_alone is None:
            raise RefereeError("a revoke was entered as made in a lone hand; this hand was not played alone")
        if alone and not self.rules.alone_allowed:
            raise RefereeError(self._no_lone_hands())
        if defender_alone is not None:
            defender_alone = self._seat(defender_alone, "the lone defender")
            if not self.rules.defend_alone:
                raise RefereeError("nobody defends alone under these rules (see defend_alone in euchre rules)")
            if self.table.same_team(defender_alone, maker):
                where = "on the makers' side" if has_partners(self.table) else "the maker"
                raise RefereeError(f"{self._name(defender_alone)} is {where} and cannot defend alone")
            if not alone and self.rules.defend_alone_against == "lone_maker":
                raise RefereeError("under these rules a defender may defend alone only against a maker who plays "
                                   "alone (see defend_alone_against in euchre rules)")
        own, label = side_points(self.rules, self.table, maker, tricks, alone, defender_alone is not None)
        pending = self._pending
        if pending.barred != -1:
            own = tuple(0 if t == pending.barred else p for t, p in enumerate(own))
        first = self._pending_points()
        points = tuple(p + q for p, q in zip(own, first, strict=True))
        penalties = first if any(first) else ()
        if pending.revokes and all(f == p for f, p in zip(first, pending.points, strict=True)):
            pending.notes.append(f"The revokes {different_sides(self.table)} cancel (Leeds & Dwight 1888 s71).")
        result = HandResult(False, False, maker, None, maker if alone else None, defender_alone,
                            tuple(tricks if t == self.table.team[maker] else 5 - tricks
                                  for t in range(len(self.table.teams))),
                            points, label, penalties=penalties)
        self._record("hand", {"maker": maker, "tricks": tricks, "alone": alone, "defender_alone": defender_alone})
        notes = " ".join(pending.notes)
        return self._settle(result, f"{capital(the_makers(self.rules))} took {tricks} trick{'s' if tricks != 1 else ''}"
                                    f": {label}.",
                            "the rules' scoring (REFERENCE 6.1; euchre rules PRESET)",
                            (notes + " " if notes else "") + self._score_words(points))

    def hand_cards(self, hands: Sequence[Sequence[str]], upcard: str, actions: Sequence[str]) -> Ruling:
        """A hand entered card by card: each seat's five cards as dealt (card codes such
        as ``"JH"``, seats in table order), the upcard, and every action in order (text
        forms: ``order``, ``discard-JC``, ``play-KS``, ``renege``, ``pass``...). The
        engine replays it in table mode (any card may be played, revokes are claimed with
        ``renege``: RULES.md decision 27), so its laws decide the hand; the cards never
        seen (the kitty under the upcard) are filled in from the rest of the pack. A card
        that did not follow suit stands unless ``correct`` is entered after the trick's
        last card, and an exposed card is not called unless ``call-XX`` is entered before
        its owner's play. A revoke is claimed by ``renege-SEAT`` (the claimant named; a
        bare ``renege`` claims for the seat the engine asks now), after the last card or,
        where a proved revoke ends the hand, at the claimant's turn in the play; once the
        actions end, nobody else claims (the seats still to be asked pass), so a hand
        ends with its last card or its claims, never with entries for the seats that
        claim nothing. The ruling explains each claim as :meth:`revoke` does a typed one
        (:meth:`_claims_heard`): who claimed and when, upheld or not, the law, its source
        and the penalty.

        Raises:
            RefereeError: a card that is no card or not in the pack, a card entered twice,
                a hand of other than five cards, an action that is not legal at its
                point (the message names the legal ones), or a hand left unfinished.
        """
        self._open()
        rules = self.rules if self.rules.revokes_possible else self.rules.replace(renege_mode="penalize_on_claim")
        table = self.table
        if not isinstance(hands, (list, tuple)) or len(hands) != table.seats:
            raise RefereeError(f"give the cards of all {table.seats} seats, in the order {', '.join(table.letters)}")
        typed = [(c, self._name(s)) for s, hand in enumerate(hands) if isinstance(hand, (list, tuple)) for c in hand]
        for text, where in [*typed, (upcard, "the upcard")]:
            absent = missing_from_pack(text, rules.deck, rules.joker, rules.joker_card) if isinstance(text, str) else None
            if absent is not None:  # "7S" in the 24-card pack: the pack says why, not "no card"
                raise RefereeError(f"{absent.rstrip('.')} ({text.strip()}, {where})")
        try:
            dealt = [[parse_card(c, rules.joker_card) for c in hand] for hand in hands]
            up = parse_card(upcard, rules.joker_card)
        except (EuchreValueError, TypeError, AttributeError) as exc:
            raise RefereeError(f"a card: {exc}") from None
        for s, hand in enumerate(dealt):
            if len(hand) != 5:
                raise RefereeError(f"{self._name(s)} holds {len(hand)} cards; a hand is dealt five")
        seen = [c for h in dealt for c in h] + [up]
        twice = sorted({card_code(c) for c in seen if seen.count(c) > 1})
        if twice:
            raise RefereeError(f"card(s) entered twice: {', '.join(twice)}")
        pack = deck_cards(rules.deck, rules.joker)
        outside = [card_code(c) for c in seen if c not in pack]
        if outside:  # pragma: no cover - missing_from_pack refused them above
            raise RefereeError(f"not in this game's pack ({pack_words(rules.deck, rules.joker, rules.joker_card)}): "
                               f"{', '.join(outside)}")
        stock = [up] + [c for c in pack if c not in seen]
        try:
            state = HandState.from_deal(rules, self.dealer, dealt, stock)
            for i, action in enumerate(actions):
                card_text = action.partition("-")[2] if isinstance(action, str) else ""
                absent = missing_from_pack(card_text, rules.deck, rules.joker, rules.joker_card) if card_text else None
                if absent is not None:
                    raise RefereeError(f"action {i + 1} ({action!r}): {absent}")
                try:
                    _unasked(state, action)
                    claimant = _claimant(table, action)
                    if claimant is None:
                        state.apply(action)
                    else:
                        _claim_by(state, claimant)
                except IllegalActionError as exc:
                    raise RefereeError(f"action {i + 1} ({action!r}): {_not_now(state, exc)}") from None
            _unasked(state, None)
        except (EuchreValueError, TypeError) as exc:
            raise RefereeError(str(exc)) from None
        if state.result is None:
            raise RefereeError(f"the hand is not finished: {table.titles[state.turn]} is still to act "
                               f"({', '.join(str(a) for a in state.legal_actions())})")
        self._record("cards", {"hands": [list(h) for h in hands], "upcard": upcard, "actions": list(actions)})
        played = result = state.result
        pending = self._pending
        notes = list(pending.notes)  # what the laws entered before the cards give, said as with a typed hand
        if not pending.empty:  # laws entered before the hand's cards
            first = self._pending_points()
            own = tuple(0 if t == pending.barred else p for t, p in enumerate(result.points))
            points = tuple(p + q for p, q in zip(own, first, strict=True))
            before = result.penalties or (0,) * len(points)
            result = dataclasses.replace(result, points=points, penalties=tuple(
                p + q for p, q in zip(before, first, strict=True)))
        heard, laws, sources = self._claims_heard(state)
        said = [*heard, *notes, self._score_words(result.points)]
        if heard and any(played.penalties) and played.penalties != played.points:
            said.append("Of these, by the claims' laws: "
                        f"{', '.join(f'{p} to {self._side(t)}' for t, p in enumerate(played.penalties) if p)}.")
        return self._settle(result, " ".join([f"The hand as entered: {result.label}.", *laws]),
                            "; ".join(["the engine's replay of the cards (REFERENCE 6.1; RULES.md decision 27 for "
                                       "revokes)", *sources]),
                            " ".join(said))

    def _claims_heard(self, state: HandState) -> tuple[list[str], list[str], list[str]]:
        """The revoke claims of a hand entered card by card (``renege``,
        ``renege-SEAT``: RULES.md decision 27), ruled as the typed entry ``renege`` rules
        one (:meth:`revoke`), so that a claim scored is never a claim unexplained.

        Returns:
            ``(heard, laws, sources)``: a sentence a claim, in order (who claimed, in the
            play or after the last trick, upheld with the revoke, its proof and its
            penalty, or not upheld with the fine of a claim not proved, if any); the laws
            applied and their sources (the preset's options: :func:`law_source`), each
            once. All empty for a hand without a claim.
        """
        rules = self.rules
        if not state.claim_log:
            return [], [], []
        claims = claim_round_length(state.history, rules, state.upcard)
        playing = sum(1 for s in range(self.table.seats) if not self.table.sits_out(s, state.active))
        when: list[str] = []  # when each claim was made
        played: list[int] = []  # the seats of the cards played, those a correction took back left out
        for (seat, code), phase in zip(state.history, history_phases(state.history, self.table, claims), strict=True):
            if code == Action.CORRECT_REVOKE:  # the corrected card and those played after it are taken back
                del played[max(k for k, s in enumerate(played) if s == seat):]
            elif PLAY_BASE <= code <= PLAY_BASE + 32:
                played.append(seat)
            elif code == Action.CLAIM_REVOKE:
                when.append("after the last trick" if phase == Phase.REVOKE_CLAIMS
                            else f"in trick {len(played) // playing + 1}")
        revokes = [state.revokes[i] for i in state.established]
        lone = state.alone != -1 or state.defender_alone != -1
        heard: list[str] = []
        laws: list[str] = []
        sources: list[str] = []
        before = 0
        for k, (seat, made) in enumerate(state.claim_log):
            words = [f"{self._name(seat)} claimed a revoke {when[k]}.",
                     *claim_outcome(rules, state.claim_log, revokes, state.proofs, k, self._name)]
            if made:
                penalty = revoke_points(rules, self.table, revokes[before:before + made], lone)
                words.append(f"The penalty: {', '.join(f'{p} to {self._side(t)}' for t, p in enumerate(penalty) if p)}.")
                law = (f"A proved revoke ends the hand; {self._claimants_score()} the penalty instead of the hand."
                       if rules.renege_ends_hand else "A proved revoke: its penalty is scored with the hand, which is "
                       f"played out; equal numbers of revokes {different_sides(self.table)} cancel.")
                source = (f"New York 1877 s10; {law_source(rules, 'renege_penalty_lone' if lone else 'renege_penalty')}"
                          f", {law_source(rules, 'renege_ends_hand')}")
            else:
                law = "A revoke not proved by the tricks is no revoke."
                source = f"New York 1877 s10; {law_source(rules, 'false_claim_penalty')}"
            before += made
            heard.append(" ".join(words))
            if law not in laws:
                laws.append(law)
            if source not in sources:
                sources.append(source)
        return heard, laws, sources

    def passed_out(self) -> Ruling:
        """Every player passed twice: nobody scores; the deal passes left, or the same
        dealer deals again (``all_pass_round2``).

        Raises:
            RefereeError: the rules stick the dealer (a hand can never be passed out).
        """
        self._open()
        if self.rules.all_pass_round2 in ("stick_the_dealer", "dealer_forfeit_or_call"):
            must = ("name trump" if self.rules.all_pass_round2 == "stick_the_dealer"
                    else "name trump or forfeit the hand")
            raise RefereeError(f"under these rules the dealer must {must} when every player passes twice, so a hand "
                               "cannot be passed out (see all_pass_round2 in euchre rules)")
        result = HandResult(True, False, None, None, None, None, (0,) * len(self.table.teams),
                            (0,) * len(self.table.teams), "passed out")
        self._record("passed", {})
        every = "Both" if self.table.seats == 2 else "All"
        return self._settle(result, f"{every} passed twice: the hand is thrown in.",
                            law_source(self.rules, "all_pass_round2"),
                            "No points.")

    def misdeal(self, after_turn: bool) -> Ruling:
        """A wrong number of cards found in a hand (a misdeal), before or after the
        trump card was turned: no points; who deals by ``misdeal_policy``."""
        self._open()
        after_turn = _flag(after_turn, "after_turn")
        self._no_pending("misdeal")
        self._record("misdeal", {"after_turn": after_turn})
        policy = self.rules.misdeal_policy
        when = "after" if after_turn else "before"
        source = f"{law_source(self.rules, 'misdeal_policy')}; RULES.md decision 28"
        if policy == "deal_passes":
            return self._redeal(self.table.left[self.dealer], f"A misdeal (cards found wrong {when} the turn-up) "
                                "loses the deal.", source)
        return self._redeal(self.dealer, f"A misdeal (cards found wrong {when} the turn-up): the same dealer deals "
                            "again.", source)

    def _redeal(self, dealer: int, law: str, source: str) -> Ruling:
        self.dealer = dealer
        self._out_of_turn = -1
        self._pending = _Pending([0] * len(self.table.teams))
        return Ruling(law, source, f"No points. {self._name(dealer)} deals.", (0,) * len(self.table.teams), dealer)

    def faced_card(self, receiver: int, keep: bool = False) -> Ruling:
        """A card faced (turned face up) in the deal, dealt to ``receiver``; ``keep``: the
        receiver keeps it (where ``faced_card_in_deal = recipient_option`` lets him).

        Raises:
            RefereeError: ``keep`` where the rules give no option (``new_deal``).
        """
        self._open()
        receiver = self._seat(receiver, "the receiver")
        keep = _flag(keep, "keep")
        if not keep:
            self._no_pending("new deal")
        option = self.rules.faced_card_in_deal
        if keep and option == "new_deal":
            raise RefereeError("under these rules a card faced in the deal means a new deal; the receiver has no "
                               "option to keep it (see faced_card_in_deal in euchre rules)")
        self._record("faced", {"receiver": receiver, "keep": keep})
        source = law_source(self.rules, "faced_card_in_deal")
        if option == "recipient_option" and keep:
            return Ruling(f"A card faced in the deal: {self._name(receiver)} keeps it, and the hand is played.",
                          source, "Play on; enter the hand's result.", (0,) * len(self.table.teams), self.dealer)
        law = ("A card faced in the deal: the receiver calls a new deal, which the same dealer deals."
               if option == "recipient_option" else "A card faced in the deal: a new deal by the same dealer.")
        return self._redeal(self.dealer, law, source)

    def deal_out_of_turn(self, dealt_by: int, trump_turned: bool) -> Ruling:
        """A player dealt out of turn; found before or after the trump card was turned."""
        self._open()
        dealt_by = self._seat(dealt_by, "the player who dealt")
        trump_turned = _flag(trump_turned, "trump_turned")
        if not trump_turned:
            self._no_pending("deal stopped")
        if dealt_by == self.dealer:
            raise RefereeError(f"{self._name(dealt_by)} is the dealer: that deal was in turn")
        self._record("out_of_turn", {"dealt_by": dealt_by, "trump_turned": trump_turned})
        if not trump_turned:
            return self._redeal(self.dealer, "A deal out of turn stopped before the trump card is turned: the "
                                "right dealer deals.", "Leeds & Dwight 1888 s40")
        self._out_of_turn = dealt_by
        return Ruling("A deal out of turn stands once the trump card is turned.", "Leeds & Dwight 1888 s40",
                      f"Play on; enter the hand's result. The deal then passes to the left of {self._name(dealt_by)}.",
                      (0,) * len(self.table.teams), dealt_by)

    def exposed_card(self, seat: int) -> Ruling:
        """A card exposed by a player (dropped face up, shown): no points."""
        self._open()
        seat = self._seat(seat, "the player")
        self._record("exposed", {"seat": seat})
        who = "his adversary" if self.table.seats == 2 else "either adversary" if self.table.seats - len(
            self.table.teams[self.table.team[seat]]) == 2 else "any adversary"
        return Ruling(f"An exposed card lies face up on the table; {who} may call it when its owner is to "
                      "play (against a lone player an exposed card is no penalty).",
                      "New York 1877 s12; Leeds & Dwight 1888 s46-s51", "No points; play on.",
                      (0,) * len(self.table.teams), self.dealer)

    def lead_out_of_turn(self, seat: int) -> Ruling:
        """A player led out of turn: no points."""
        self._open()
        seat = self._seat(seat, "the player")
        self._record("lead_out_of_turn", {"seat": seat})
        offender = "the offender or his partner" if has_partners(self.table) else "the offender"
        return Ruling(f"After a lead out of turn {the_adversaries(self.table)} may call the card led as an exposed "
                      f"card, or, when {offender} next has the lead, call a suit from him.",
                      "Leeds & Dwight 1888 s52", "No points; play on.", (0,) * len(self.table.teams), self.dealer)

    def revoke(self, offender: int, claimant: int, proved: bool, lone: bool = False) -> Ruling:
        """A revoke claimed by ``claimant`` against ``offender``, ``proved`` by the tricks
        (the revoke's trick and the later one showing the suit: New York 1877 s10) or not;
        ``lone``: a lone hand was played.

        Raises:
            RefereeError: the two are on the same side, or a lone hand where the rules
                have none.
        """
        self._open()
        offender = self._seat(offender, "the offender")
        claimant = self._seat(claimant, "the claimant")
        proved = _flag(proved, "proved")
        lone = _flag(lone, "lone")
        if offender == claimant:
            raise RefereeError(f"{self._name(claimant)} cannot claim his own revoke: a revoke is claimed by an adversary")
        if self.table.same_team(offender, claimant):
            raise RefereeError(f"{self._name(claimant)} and {self._name(offender)} are on the same side: a revoke is "
                               "claimed by an adversary")
        if lone and not self.rules.alone_allowed:
            raise RefereeError(self._no_lone_hands())
        rules = self.rules
        teams = len(self.table.teams)
        self._record("revoke", {"offender": offender, "claimant": claimant, "proved": proved, "lone": lone})
        if not proved:
            fine = rules.false_claim_penalty
            points = list(false_claim_points(rules, self.table, claimant))
            self._pending.points = [a + b for a, b in zip(self._pending.points, points, strict=True)]
            if fine:
                self._pending.notes.append(f"A revoke claimed but not proved cost {fine}.")
            said = f"To be scored first with the hand: {self._score_words(points)}" if fine else "No points."
            return Ruling("A revoke not proved by the tricks is no revoke.",
                          f"New York 1877 s10; {law_source(rules, 'false_claim_penalty')}",
                          f"{said} Play on; enter the hand's result.", tuple(points), self.dealer)
        pen = rules.renege_penalty_lone if lone else rules.renege_penalty
        bad = self.table.team[offender]
        points = [0 if t == bad else pen for t in range(teams)]
        source = (f"{law_source(rules, 'renege_penalty_lone' if lone else 'renege_penalty')}, "
                  f"{law_source(rules, 'renege_ends_hand')}; RULES.md decision 27")
        if rules.renege_ends_hand:
            total = [a + b for a, b in zip(points, self._pending_points(), strict=True)]
            result = HandResult(False, False, None, None, None, None, (0,) * teams, tuple(total), "renege",
                                penalties=tuple(total))
            return self._settle(result, f"A proved revoke by {self._name(offender)} ends the hand; "
                                f"{self._claimants_score()} the penalty instead of the hand.", source, self._score_words(total))
        self._pending.revokes.append(offender)
        self._pending.lone = self._pending.lone or lone
        self._pending.notes.append(f"The revoke by {self._name(offender)} was scored first.")
        return Ruling(f"A proved revoke by {self._name(offender)}: the penalty is scored first, and the hand is played "
                      f"out; equal numbers of revokes {different_sides(self.table)} cancel.", source,
                      f"To be scored first with the hand: {self._score_words(points)} Play on; enter the hand's result.",
                      tuple(points), self.dealer)

    def dealer_failed_to_discard(self, lone: bool = False) -> Ruling:
        """The dealer took up the trump card and played with six cards (failed to
        discard): the deal stands; his side scores nothing for the hand and the
        adversaries score 2, or 4 in a lone hand (Leeds & Dwight 1888 s90). Enter the
        hand's result next."""
        self._open()
        lone = _flag(lone, "lone")
        if lone and not self.rules.alone_allowed:
            raise RefereeError(self._no_lone_hands())
        if self._pending.barred != -1:
            raise RefereeError("the dealer's failure to discard is entered for this hand already")
        teams = len(self.table.teams)
        bad = self.table.team[self.dealt_by]
        fine = 4 if lone else 2
        points = [0 if t == bad else fine for t in range(teams)]
        self._pending.points = [a + b for a, b in zip(self._pending.points, points, strict=True)]
        self._pending.barred = bad
        self._pending.notes.append(f"{self._plural(bad, 'score')} nothing for this hand (the dealer failed to discard).")
        self._record("no_discard", {"lone": lone})
        his = "his side scores" if has_partners(self.table) else "he scores"
        each = (f"{the_adversaries(self.table)} {'scores' if self.table.seats == 2 else 'score'} {fine}"
                if has_partners(self.table) or self.table.seats == 2 else f"each adversary scores {fine}")
        return Ruling(f"A dealer who failed to discard: the deal stands, {his} nothing for the hand, and "
                      f"{each}.", "Leeds & Dwight 1888 s90",
                      f"To be scored first with the hand: {self._score_words(points)} Play on; enter the hand's result.",
                      tuple(points), self.dealer)

    def next_game(self) -> None:
        """Begin the next game of the evening after one has ended: the score starts
        again (from the points carried with ``laps``), and the deal passes on to the
        left of the last game's last dealer (the rotation continues: RULES.md decision 28).

        Raises:
            RefereeError: the game is not over.
        """
        if not self.is_over:
            raise RefereeError("the game is not over yet")
        self.score = list(self.games[-1].carry)
        self.dealer = self.table.left[self.dealer]
        self.hand_number = 1
        self.hands_counted = 0
        self._record("next_game", {})

    # ------------------------------------------------------------------ record
    def to_dict(self) -> dict[str, Any]:
        """The evening's record: ``{"format", "rules" (every option), "first_dealer",
        "entries": [{"kind": ..., **arguments}]}``."""
        return {"format": RECORD_FORMAT, "rules": self.rules.to_dict(), "first_dealer": self.first_dealer,
                "entries": [{"kind": kind, **args} for kind, args in self.entries]}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Referee:
        """Replay a record of :meth:`to_dict`: every entry is entered again.

        Raises:
            RecordError: not a referee's record, a field it does not hold (named), unknown
                rules, an entry unknown or refused.
        """
        if not isinstance(data, Mapping) or data.get("format") != RECORD_FORMAT:
            raise RecordError("format", f"not a referee's record (format {RECORD_FORMAT!r})")
        refuse_unknown(data, RECORD_FIELDS, "", "a referee's record")
        if not isinstance(data.get("rules"), Mapping):
            raise RecordError("rules", "the record must hold its rules (every option, as written)")
        try:
            rules = Rules.from_stored(data["rules"])
        except (EuchreValueError, TypeError) as exc:
            raise RecordError("rules", str(exc)) from None
        try:
            ref = cls(rules, data.get("first_dealer", 0))
        except RefereeError as exc:
            raise RecordError("first_dealer", str(exc)) from None
        entries = data.get("entries")
        if not isinstance(entries, list):
            raise RecordError("entries", "the entries must be a list")
        for i, entry in enumerate(entries):
            kind = entry.get("kind") if isinstance(entry, Mapping) else None
            if not isinstance(kind, str) or kind not in _ENTRIES:
                raise RecordError(f"entries[{i}]", f"unknown entry {str(entry)[:80]!r}; the kinds are {', '.join(_ENTRIES)}")
            args = {k: v for k, v in entry.items() if k != "kind"}
            try:
                _ENTRIES[kind](ref, **args)
            except EuchreValueError as exc:
                raise RecordError(f"entries[{i}]", str(exc)) from None
            except TypeError:
                raise RecordError(f"entries[{i}]", f"the fields {', '.join(sorted(map(str, args)))[:120]} are not those "
                                  f"of a {kind!r} entry") from None
        return ref


ENTRY_HELP = """\
Entries (seats by letter: N E S W; 1, 2, ... at a table of another size):
  hand MAKER TRICKS [alone] [defender SEAT]
      a hand played, e.g. "hand N 3", "hand E 5 alone"
  cards N:C,C,C,C,C E:... S:... W:... up:C ACTION ...
      a hand card by card: the cards dealt, the upcard, every action
      (order, pass, name-H, discard-JC, play-KS); a revoke claimed
      after the last card: renege-SEAT (nothing more if none is)
  passed
      everyone passed twice
  misdeal before|after
      a wrong number of cards, found before/after the turn-up
  faced SEAT [keep]
      a card faced in the deal, dealt to SEAT (keep: he keeps it)
  outofturn SEAT before|after
      SEAT dealt out of turn; found before/after the turn-up
  exposed SEAT
      a card exposed by SEAT
  lead SEAT
      SEAT led out of turn
  renege OFFENDER CLAIMANT proved|unproved [lone]
      a revoke claimed (proved by the tricks or not)
  nodiscard [lone]
      the dealer played with six cards (failed to discard)
  next
      begin the next game, once one is over"""
"""The entries :func:`enter` reads, as the terminal and the page show them."""


class EntryError(RefereeError):
    """A line that is no entry."""


PLAIN_NUMBER = re.compile(r"[0-9]{1,4}")
"""A number typed in an entry (the makers' tricks): the ASCII digits 0-9, as every number
a person types (README, "Commands": a command's ``--target 07``, a choice ``01`` at the
table); a leading zero changes nothing (``03`` is 3), another script's digits (``３``,
``٣``) are refused, the message saying so. A value out of range is refused by the
entry, naming it; more than four digits is no count of tricks."""


def _typed_seat(ref: Referee, text: str) -> int:
    """The seat an entry names, by the one convention of every command
    (:meth:`~euchre.core.seats.Table.seat_named`: N, E, S, W at the four-hand table,
    1, 2, ... at another)."""
    try:
        return ref.table.seat_named(text)
    except EuchreValueError as exc:
        raise EntryError(str(exc)) from None


def _typed_when(text: str) -> bool:
    if text not in ("before", "after"):
        raise EntryError(f"say before or after (the turn-up), not {text!r}")
    return text == "after"


def _unasked(state: HandState, action: str | None) -> None:
    """Answer the engine's questions of table mode that the entries leave out before
    ``action`` (None: the end of the entries): a card that did not follow suit stands
    unless the entry is ``stand``, or ``correct`` and the card is a revoke; no exposed card is called unless the
    entry is a call (``call-XX``) or ``no-call`` (RULES.md decision 27); and once the
    entries end, nobody claims a revoke after the last trick (each seat the engine would
    ask says ``pass``): a claim is entered (``renege``, ``renege-SEAT``), never a
    seat's silence."""
    text = action.strip().lower() if isinstance(action, str) else ""
    while True:
        if state.phase == Phase.REVOKE_CORRECTION and (text not in ("correct", "stand") or (
                text == "correct" and Action.CORRECT_REVOKE not in state.legal_actions())):
            state.apply(Action.LET_STAND)
        elif state.phase == Phase.CALL_CARD and not (text.startswith("call-") or text == "no-call"):
            state.apply(Action.DECLINE_CALL)
        elif state.phase == Phase.REVOKE_CLAIMS and action is None:
            state.apply(Action.PASS)
        else:
            return


_PHASE_WORDS = {
    Phase.BID_ROUND_1: "the first round of bidding", Phase.BID_ROUND_2: "the second round of bidding",
    Phase.BLIND_NAME: "the dealer's naming of trump blind", Phase.TAKEOVER: "the partner's takeover of the lone hand",
    Phase.DISCARD: "the dealer's discard", Phase.ALONE_DECISION: "the maker's decision to go alone",
    Phase.DEFEND_ALONE: "the defenders' decision to defend alone", Phase.PLAY: "the play",
    Phase.GIVE_BEST: "the partner's gift of his best card", Phase.BEST_DISCARD: "the lone player's discard",
    Phase.REVOKE_CLAIMS: "the claims of revokes after the last trick",
    Phase.REVOKE_CORRECTION: "the correction of a card that did not follow suit",
    Phase.CALL_CARD: "the call of an exposed card",
}
"""Each phase of a hand as a person says it (the referee's messages)."""


def _not_now(state: HandState, exc: IllegalActionError) -> str:
    """Why an entry of ``cards`` is refused, in the entries' words: who acts, in which
    part of the hand, and the entries he may type there (a claim is ``renege-SEAT``,
    never the engine's bare ``renege``); the engine's own words where the hand is over."""
    if state.phase == Phase.DONE or not exc.legal:
        return str(exc)
    letter = state.table.letters[state.turn]
    entries = [f"renege-{letter}" if text == "renege" else text for text in exc.legal]
    return (f"{exc.action or 'that'} is not an entry for {state.table.titles[state.turn]} now, in "
            f"{_PHASE_WORDS.get(state.phase, 'this part of the hand')}; the entries there: {', '.join(entries)}")


def _claimant(table: Table, action: object) -> int | None:
    """The seat of a ``renege-SEAT`` entry (``renege-n``, ``renege-2``), or None for any
    other action.

    Raises:
        IllegalActionError: the seat is no seat of the table (the message lists them)."""
    if not isinstance(action, str):
        return None
    head, sep, seat = action.strip().partition("-")  # the seat as typed, for the message
    if head.lower() != "renege" or not sep:
        return None
    try:
        return table.seat_named(seat, "renege-SEAT:")
    except EuchreValueError as exc:
        raise IllegalActionError(str(exc)) from None


def _claim_by(state: HandState, seat: int) -> None:
    """``renege-SEAT``: ``seat`` claims a revoke. In the claims after the last trick the
    seats the engine asks before him let it by (``pass``); in the play (where a proved
    revoke ends the hand: ``renege_ends_hand``) it must be his turn.

    Raises:
        IllegalActionError: ``seat`` may not claim here (no adversary of his failed to
            follow suit since his side last claimed, or it is not his turn)."""
    while state.phase == Phase.REVOKE_CLAIMS and state.turn != seat:
        state.apply(Action.PASS)
    if state.phase in (Phase.REVOKE_CLAIMS, Phase.PLAY) and state.turn == seat \
            and Action.CLAIM_REVOKE in state.legal_actions():
        state.apply(Action.CLAIM_REVOKE)
        return
    since = "his side" if has_partners(state.table) else "he"
    raise IllegalActionError(f"{state.table.titles[seat]} may not claim a revoke here: a claim is heard after the "
                             "last trick, or in the play at the claimant's turn where a proved revoke ends the hand "
                             "(see renege_ends_hand in euchre rules), and only from a player one of whose adversaries "
                             f"has failed to follow suit since {since} last claimed")


def enter(ref: Referee, line: str) -> Ruling | None:
    """Apply one typed entry to ``ref``; None for ``next`` (a new game begins).

    Raises:
        EntryError: the line is no entry (the message says how to write it).
        RefereeError: an entry that cannot be true; nothing changed.
    """
    if not isinstance(line, str):
        raise EntryError(f"an entry is a line of text, not {type(line).__name__}")
    typed = line.split()  # as typed: a seat or a card is echoed so in a message
    words = [w.lower() for w in typed]
    if not words:
        raise EntryError("type an entry (help lists them)")
    kind, rest, said = words[0], words[1:], typed[1:]
    if kind == "hand":
        if len(rest) < 2 or not PLAIN_NUMBER.fullmatch(rest[1]):
            given = f", not {rest[1][:12]!r}" if len(rest) >= 2 else ""
            raise EntryError(f"write: hand MAKER TRICKS [alone] [defender SEAT], e.g. hand N 3; TRICKS in the digits "
                             f"0-9{given}")
        maker, tricks = _typed_seat(ref, said[0]), int(rest[1])
        extra = rest[2:]
        alone = False
        defender = None
        k = 0
        while k < len(extra):
            if extra[k] == "alone" and not alone:
                alone = True
                k += 1
            elif extra[k] == "defender" and defender is None and k + 1 < len(extra):
                defender = _typed_seat(ref, said[k + 3])
                k += 2
            else:
                raise EntryError(f"{said[k + 2]!r} does not belong here; write: hand MAKER TRICKS [alone] [defender SEAT]")
        return ref.hand_result(maker, tricks, alone=alone, defender_alone=defender)
    if kind == "cards":
        hands: dict[int, list[str]] = {}
        upcard = None
        actions = []
        letters = ref.table.letters
        how = (f"write: cards {' '.join(x + ':C,C,C,C,C' for x in letters)} up:C ACTION ..., "
               "e.g. cards N:JH,AH,KS,QS,AC ... up:9H order discard-JC play-KS ...")
        for w, as_typed in zip(rest, said, strict=True):
            head, sep, tail = w.partition(":")
            if sep and head == "up":
                upcard = tail.upper()
            elif sep:
                seat = _typed_seat(ref, as_typed.partition(":")[0])
                if seat in hands:
                    raise EntryError(f"the cards of {ref.table.titles[seat]} are given twice; {how}")
                hands[seat] = [c.upper() for c in tail.split(",") if c]
            else:
                actions.append(as_typed)
        if upcard is None or len(hands) != ref.table.seats:
            raise EntryError(how)
        return ref.hand_cards([hands[s] for s in range(ref.table.seats)], upcard, actions)
    if kind == "passed" and not rest:
        return ref.passed_out()
    if kind == "misdeal" and len(rest) == 1:
        return ref.misdeal(_typed_when(rest[0]))
    if kind == "faced" and len(rest) in (1, 2) and (len(rest) == 1 or rest[1] == "keep"):
        return ref.faced_card(_typed_seat(ref, said[0]), keep=len(rest) == 2)
    if kind == "outofturn" and len(rest) == 2:
        return ref.deal_out_of_turn(_typed_seat(ref, said[0]), _typed_when(rest[1]))
    if kind == "exposed" and len(rest) == 1:
        return ref.exposed_card(_typed_seat(ref, said[0]))
    if kind == "lead" and len(rest) == 1:
        return ref.lead_out_of_turn(_typed_seat(ref, said[0]))
    if kind == "renege" and len(rest) in (3, 4) and rest[2] in ("proved", "unproved") and rest[3:] in ([], ["lone"]):
        return ref.revoke(_typed_seat(ref, said[0]), _typed_seat(ref, said[1]), rest[2] == "proved",
                          lone=rest[3:] == ["lone"])
    if kind == "nodiscard" and rest in ([], ["lone"]):
        return ref.dealer_failed_to_discard(lone=bool(rest))
    if kind == "next" and not rest:
        ref.next_game()
        return None
    raise EntryError(f"{line.strip()!r} is no entry; type help for the list")



_ENTRIES: dict[str, Callable[..., Any]] = {
    "hand": Referee.hand_result,
    "cards": Referee.hand_cards,
    "passed": Referee.passed_out,
    "misdeal": Referee.misdeal,
    "faced": Referee.faced_card,
    "out_of_turn": Referee.deal_out_of_turn,
    "exposed": Referee.exposed_card,
    "lead_out_of_turn": Referee.lead_out_of_turn,
    "revoke": Referee.revoke,
    "no_discard": Referee.dealer_failed_to_discard,
    "next_game": Referee.next_game,
}
