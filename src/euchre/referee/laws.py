"""The laws of irregularities at a game of real cards, as each code rules them: a
misdeal, a card faced in the deal, a deal out of turn, a card exposed, a lead out of
turn, a revoke claimed, a dealer who failed to discard; and the referee's record, which
enters every entry again (RULES.md decision 28; the laws and their sources in
:mod:`euchre.referee`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from euchre.core.errors import EuchreValueError, RecordError
from euchre.core.revokes import false_claim_points
from euchre.core.rules import Rules
from euchre.core.state import HandResult
from euchre.records import refuse_unknown
from euchre.referee.keeper import ScoreKeeper
from euchre.referee.rulings import RECORD_FIELDS, RECORD_FORMAT, RefereeError, Ruling, _flag, _Pending, law_source
from euchre.text.side_words import different_sides, has_partners, the_adversaries


class Referee(ScoreKeeper):
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
