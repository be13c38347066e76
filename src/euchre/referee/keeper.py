"""The score keeper of a game of real cards: the score, the dealer's turn, the hand's
result entered in one line or card by card, a hand passed out, the games of an evening
(RULES.md decision 28). The laws of irregularities build on it
(:class:`~euchre.referee.laws.Referee`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from euchre.core.actions import Action, is_play_code
from euchre.core.cards import card_code, deck_cards, missing_from_pack, pack_words, parse_card
from euchre.core.errors import EuchreValueError, IllegalActionError
from euchre.core.game import GameResult, bridge_team, settle_hand
from euchre.core.hand import HandState, Phase
from euchre.core.revokes import revoke_points
from euchre.core.rules import Rules
from euchre.core.scoring import side_points
from euchre.core.state import HandResult, Revoke
from euchre.referee.card_checks import _claim_by, _claimant, _not_now, _unasked
from euchre.referee.rulings import RefereeError, Ruling, _flag, _Pending, law_source
from euchre.text.revoke_words import claim_outcome
from euchre.text.side_words import capital, different_sides, has_partners, the_makers


class ScoreKeeper:
    """The score, the dealer's turn and the hands of a game of real cards, without the
    laws of irregularities: the base of :class:`~euchre.referee.laws.Referee`, whose
    docstring gives the arguments, attributes and errors.
    """

    def __init__(self, rules: Rules, first_dealer: int = 0) -> None:
        if not isinstance(rules, Rules):
            raise RefereeError(f"rules must be a Rules value, not {type(rules).__name__}")
        if rules.calls_partner:
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
        playing = sum(1 for s in range(self.table.seats) if not self.table.sits_out(s, state.active))
        when: list[str] = []  # when each claim was made
        played: list[int] = []  # the seats of the cards played, those a correction took back left out
        for (seat, code), phase in zip(state.history, state.history_phases, strict=True):
            if code == Action.CORRECT_REVOKE:  # the corrected card and those played after it are taken back
                del played[max(k for k, s in enumerate(played) if s == seat):]
            elif is_play_code(code):
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
