"""The analysis of an EGN deal: its annotations and its alternative lines.

EGN keeps comments on each phase (docs/annotations.md of the specification):
``callAnnotations`` on a bidding phase, keyed by the index of a call in its ``calls``
(from ``"0"``), and ``playAnnotations`` on a play phase, keyed by the index of a card
among all the cards of its ``tricks`` (from ``"0"``); each key holds a list of texts,
each of which may begin with a label tag (``[??]`` blunder ... ``[!!]`` brilliant, see
:func:`annotation_label`). Older files spell them ``calls_annotations`` and
``tricks_annotations``.

An alternative line (``alternativeLines``, docs/replayer-logic.md) is another way the
deal could have gone from one decision on: ``branchIndex`` counts the deal's decisions
from 0, the calls first and then the cards (the dealer's discard is not counted), and
the line's ``phases`` hold the actions from that decision on: a bidding phase whose
``calls`` start at the branch (and the play after it), or, for a branch in the play, a
play phase whose first trick holds only the cards from the branch on. The annotations
of a line are keyed by the indexes in the line's own ``calls`` and ``tricks``.

A line is followed through our engine as a deal of its own (:func:`follow_line`): the
main line's decisions before the branch, then the line's, rebuilt and checked as the
reader checks a deal of the file. A line the engine cannot follow (an illegal call or
card, a card the seat cannot hold) is kept with the reason, never an error of the file:
the lines are analysis and are never part of the game.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from euchre.core.cards import cards_of
from euchre.core.errors import EuchreError, RecordError
from euchre.core.hand import HandState, Phase
from euchre.core.rules import Rules
from euchre.records.egn.cards import card_to_egn
from euchre.records.egn.deals import _drive, _read_deal
from euchre.records.egn.notation import _get, _int, _join, _list, _obj
from euchre.records.egn.rebuild import _deal_hand

LABELS = (
    ("[??]", "blunder"),
    ("[?!]", "dubious"),
    ("[!?]", "interesting"),
    ("[!!]", "brilliant"),
    ("[?]", "mistake"),
    ("[!]", "great play"),
)
"""The label tags of an annotation and what each means (docs/annotations.md), the
longer tags first so that ``[??]`` is not read as ``[?]``."""

_NOTE_KEYS = (("call", ("callAnnotations", "calls_annotations")),
              ("play", ("playAnnotations", "tricks_annotations")))

Notes = dict[tuple[str, int], tuple[str, ...]]
"""Annotations keyed by ``(kind, index)``: ``("call", i)`` the i-th call (from 0),
``("play", i)`` the i-th card played (from 0); each holds its texts in file order."""


def annotation_label(text: str) -> tuple[str, str, str]:
    """An annotation's label tag, its meaning and the commentary after it:
    ``"[??]Lost the hand."`` -> ``("??", "blunder", "Lost the hand.")``; a text with no
    tag -> ``("", "", text)``. The commentary loses the spaces after the tag."""
    for tag, meaning in LABELS:
        if text.startswith(tag):
            return tag[1:-1], meaning, text[len(tag):].lstrip()
    return "", "", text


def phase_notes(phase: Mapping[str, Any], where: str) -> Notes:
    """The annotations of one phase (``callAnnotations`` or ``playAnnotations``, or the
    older spellings), by ``(kind, index)``.

    Raises:
        RecordError: the annotations are not an object of index keys (``"0"``, ``"12"``)
            to lists of texts; the path names the bad key.
    """
    out: Notes = {}
    for kind, names in _NOTE_KEYS:
        raw, nw = _get(phase, where, *names, required=False)
        if raw is None:
            continue
        for key, texts_raw in _obj(raw, nw).items():
            kw = _join(nw, str(key))
            if not isinstance(key, str) or not (key.isascii() and key.isdigit()) or len(key) > 6:
                raise RecordError(kw, "annotation keys are action indexes such as '0'")
            texts = _list(texts_raw, kw)
            if not all(isinstance(t, str) for t in texts):
                raise RecordError(kw, "expected a list of texts")
            out[(kind, int(key))] = (*out.get((kind, int(key)), ()), *texts)
    return out


def check_notes_fit(notes: Notes, calls: int, cards: int, where: str) -> None:
    """Refuse an annotation of a call or card the phase does not have.

    Args:
        notes: a phase's annotations (:func:`phase_notes`).
        calls, cards: how many calls and cards the phases hold.
        where: the path of the phases, for the error.

    Raises:
        RecordError: a key beyond the calls or cards; the message quotes the key.
    """
    for (kind, index) in sorted(notes):
        count, what = (calls, "call") if kind == "call" else (cards, "card")
        if index >= count:
            name = "callAnnotations" if kind == "call" else "playAnnotations"
            has = f"keys '0' to '{count - 1}'" if count > 1 else ("key '0'" if count else "no key")
            raise RecordError(_join(where, name), f"key '{index}' annotates a {what} that is not there: "
                                                  f"{count} {what}{'s' if count != 1 else ''} here ({has})")


def _phases_by_type(phases: list[Any], where: str) -> tuple[tuple[Mapping[str, Any], str] | None,
                                                             tuple[Mapping[str, Any], str] | None]:
    """The bidding phase and the play phase of a list of phases (None when absent)."""
    bidding = play = None
    for k, ph_raw in enumerate(phases):
        phw = _join(where, k)
        ph = _obj(ph_raw, phw)
        kind, _ = _get(ph, phw, "type")
        if kind == "EUCHRE_BIDDING" and bidding is None:
            bidding = (ph, phw)
        elif kind == "TRICK_PLAY" and play is None:
            play = (ph, phw)
    return bidding, play


def deal_notes(raw_deal: Mapping[str, Any], where: str) -> tuple[Notes, int, int]:
    """The annotations of a deal's main line, with the number of its calls and cards.

    Raises:
        RecordError: the annotations are malformed or name a call or card the deal does
            not have (:func:`check_notes_fit`).
    """
    phases_raw, pw = _get(raw_deal, where, "phases")
    phases = _list(phases_raw, pw)
    notes: Notes = {}
    calls = cards = 0
    bidding, play = _phases_by_type(phases, pw)
    if bidding is not None:
        calls = len(_list(_get(bidding[0], bidding[1], "calls")[0], _join(bidding[1], "calls")))
        found = phase_notes(*bidding)
        check_notes_fit({k: v for k, v in found.items() if k[0] == "call"}, calls, 0, bidding[1])
        _refuse_other_kind(found, "play", bidding[1])
        notes.update(found)
    if play is not None:
        cards = _card_count(play[0], play[1])
        found = phase_notes(*play)
        check_notes_fit({k: v for k, v in found.items() if k[0] == "play"}, 0, cards, play[1])
        _refuse_other_kind(found, "call", play[1])
        notes.update(found)
    return notes, calls, cards


def _refuse_other_kind(notes: Notes, kind: str, where: str) -> None:
    """A bidding phase annotates calls and a play phase cards, never the other."""
    if any(k == kind for k, _ in notes):
        name = "playAnnotations" if kind == "play" else "callAnnotations"
        phase = "bidding" if kind == "play" else "play"
        raise RecordError(_join(where, name), f"a {phase} phase has no {'cards' if kind == 'play' else 'calls'} to annotate")


def _card_count(play: Mapping[str, Any], where: str) -> int:
    tricks_raw, tw = _get(play, where, "tricks")
    return sum(len(_list(t, _join(tw, i))) for i, t in enumerate(_list(tricks_raw, tw)))


@dataclass
class AlternativeLine:
    """One of a deal's ``alternativeLines``, followed through the engine when it can be.

    Attributes:
        deal: the deal's index in ``deals`` (from 0).
        number: the line's index in the deal's ``alternativeLines`` (from 0).
        where: the line's path (``deals[3].alternativeLines[0]``).
        kind: ``"call"`` when the line replaces one of the main line's calls,
            ``"play"`` when it replaces a card.
        index: which call or card of the main line (from 0) it replaces.
        hand: the deal as the line plays it, from the deal's start (a possible deal,
            rebuilt like the file's deals), or None when the line cannot be followed.
        start: how many actions of ``hand.history`` come before the line's first
            (the main line's; the dealer's discard included when it came first).
        offsets: where the line's own calls and cards start among the calls and the
            cards of ``hand`` (the notes are keyed by the line's own indexes).
        notes: the line's annotations, keyed by its own indexes.
        problem: why the line cannot be followed ("" when it can).
        calls: the line's calls as written.
        tricks: the line's tricks as written (each a tuple of card texts).
    """

    deal: int
    number: int
    where: str
    kind: str
    index: int
    hand: HandState | None = None
    start: int = 0
    offsets: tuple[int, int] = (0, 0)
    notes: Notes = field(default_factory=dict)
    problem: str = ""
    calls: tuple[str, ...] = ()
    tricks: tuple[tuple[str, ...], ...] = ()


def deal_lines(raw_deal: Mapping[str, Any], where: str, deal_index: int, rules: Rules, main: HandState,
               deck: frozenset[int]) -> list[AlternativeLine]:
    """The alternative lines of one deal of the file (its main line read and replayed
    already), each followed through the engine when it can be (:func:`follow_line`).

    Args:
        raw_deal: the deal's JSON object.
        where: its path (``deals[3]``).
        deal_index: its index in ``deals``.
        rules, deck: the game's rules and the rules' deck.
        main: the deal as the game plays it (its dealer, and the dealt hands a line is
            tried on first).

    Raises:
        RecordError: ``alternativeLines`` is not a list of objects, a ``branchIndex`` is
            not a whole number naming one of the main line's calls or cards, a line's
            ``phases`` are not a list of phases, or its annotations are malformed or
            name a call or card the line does not have.
    """
    lines_raw, lw = _get(raw_deal, where, "alternativeLines", required=False)
    if lines_raw is None:
        return []
    phases_raw, pw = _get(raw_deal, where, "phases")
    bidding, play = _phases_by_type(_list(phases_raw, pw), pw)
    main_calls = list(_list(_get(bidding[0], bidding[1], "calls")[0], _join(bidding[1], "calls"))) if bidding else []
    main_tricks: list[list[Any]] = []
    if play is not None:
        tricks_raw, tw = _get(play[0], play[1], "tricks")
        main_tricks = [_list(t, _join(tw, i)) for i, t in enumerate(_list(tricks_raw, tw))]
    decisions = len(main_calls) + sum(len(t) for t in main_tricks)
    out = []
    for k, line_raw in enumerate(_list(lines_raw, lw)):
        line_where = _join(lw, k)
        line = _obj(line_raw, line_where)
        branch_raw, bw = _get(line, line_where, "branchIndex", "branch_index")
        branch = _int(branch_raw, bw)
        if not 0 <= branch < decisions:
            raise RecordError(bw, f"{branch} names no call or card of this deal: it has {len(main_calls)} call(s) "
                                  f"and {decisions - len(main_calls)} card(s), counted together from 0")
        alt_raw, aw = _get(line, line_where, "phases")
        alt_phases = _list(alt_raw, aw)
        alt_bidding, alt_play = _phases_by_type(alt_phases, aw)
        kind = "call" if branch < len(main_calls) else "play"
        alt = AlternativeLine(deal_index, k, line_where, kind, branch if kind == "call" else branch - len(main_calls))
        notes: Notes = {}
        alt_calls: list[Any] = []
        alt_tricks: list[list[Any]] = []
        if alt_bidding is not None:
            alt_calls = list(_list(_get(alt_bidding[0], alt_bidding[1], "calls")[0], _join(alt_bidding[1], "calls")))
            found = phase_notes(*alt_bidding)
            check_notes_fit({n: v for n, v in found.items() if n[0] == "call"}, len(alt_calls), 0, alt_bidding[1])
            _refuse_other_kind(found, "play", alt_bidding[1])
            notes.update(found)
        if alt_play is not None:
            tricks_raw, tw = _get(alt_play[0], alt_play[1], "tricks")
            alt_tricks = [_list(t, _join(tw, i)) for i, t in enumerate(_list(tricks_raw, tw))]
            found = phase_notes(*alt_play)
            check_notes_fit({n: v for n, v in found.items() if n[0] == "play"}, 0,
                            sum(len(t) for t in alt_tricks), alt_play[1])
            _refuse_other_kind(found, "call", alt_play[1])
            notes.update(found)
        alt.notes = notes
        alt.calls = tuple(str(c) for c in alt_calls)
        alt.tricks = tuple(tuple(str(c) for c in t) for t in alt_tricks)
        follow_line(alt, rules, main, deck, raw_deal, where, (bidding, play), (alt_bidding, alt_play),
                    main_calls, main_tricks, branch)
        out.append(alt)
    return out


Phases = tuple[tuple[Mapping[str, Any], str] | None, tuple[Mapping[str, Any], str] | None]


def follow_line(alt: AlternativeLine, rules: Rules, hand_played: HandState, deck: frozenset[int],
                raw_deal: Mapping[str, Any], where: str, main: Phases, line: Phases, main_calls: list[Any],
                main_tricks: list[list[Any]], branch: int) -> None:
    """Follow an alternative line through the engine: the main line's decisions before
    ``branch``, then the line's, as one deal checked like the file's deals (a partial
    last trick allowed: a line may stop anywhere). It is played first on the dealt hands
    of ``hand_played`` (the deal the game shows), and when the line does not fit them
    (they hold cards put there by guess), on a deal rebuilt from the file alone. Sets
    ``alt.hand``, ``alt.start`` and ``alt.offsets``, or ``alt.problem`` when it cannot be
    followed; never raises for the line's content."""
    (bidding, play), (alt_bidding, alt_play) = main, line
    phases: list[dict[str, Any]] = []
    if alt.kind == "call":
        if alt_bidding is None:
            alt.problem = "it replaces a call but holds no bidding phase"
            return
        bid = dict(alt_bidding[0])
        bid["calls"] = [*main_calls[:branch], *_list(alt_bidding[0]["calls"], _join(alt_bidding[1], "calls"))]
        phases.append(bid)
        if alt_play is not None:
            phases.append(dict(alt_play[0]))
        offsets = (branch, 0)
    else:
        if alt_bidding is not None:
            alt.problem = "it replaces a card but holds a bidding phase"
            return
        if alt_play is None:
            alt.problem = "it holds no play phase"
            return
        if bidding is not None:
            phases.append(dict(bidding[0]))
        played = branch - len(main_calls)
        merged: list[list[Any]] = []
        for trick in main_tricks:
            if played <= 0:
                break
            merged.append(list(trick[:played]))
            played -= len(trick)
        line_tricks = [list(_list(t, _join(alt_play[1], f"tricks[{i}]")))
                       for i, t in enumerate(_list(alt_play[0].get("tricks"), _join(alt_play[1], "tricks")))]
        if merged and played < 0 and line_tricks:  # the branch falls inside a trick
            merged[-1].extend(line_tricks.pop(0))
        merged.extend(line_tricks)
        base = dict(play[0]) if play is not None else {}
        base.update({k: v for k, v in alt_play[0].items() if k not in ("tricks", "phaseNumber")})
        base["type"], base["tricks"] = "TRICK_PLAY", merged
        phases.append(base)
        offsets = (0, branch - len(main_calls))
    state_raw, sw = _get(raw_deal, where, "initialState", "initial_state")
    as_shown = dict(_obj(state_raw, sw))
    as_shown.pop("player_cards", None)
    as_shown["playerCards"] = [[card_to_egn(c) for c in cards_of(mask)] for mask in hand_played.deal_hands]
    for state in (as_shown, state_raw):
        try:
            hand = _play_line(rules, hand_played.dealer, deck, {"initialState": state, "phases": phases}, alt.where)
        except EuchreError as exc:
            why = exc.why if isinstance(exc, RecordError) else str(exc)
            # A path into the merged deal names no place of the file: the card was earlier in the line.
            alt.problem = re.sub(" at " + re.escape(alt.where) + r"[\w.\[\]]*", " earlier in the line", why)
            continue
        alt.problem = ""
        break
    else:
        return
    start = _decision_position(hand, branch)
    if start is None:
        alt.problem = "it holds no call or card"
        return
    alt.hand, alt.start, alt.offsets = hand, start, offsets


def _play_line(rules: Rules, dealer: int, deck: frozenset[int], synthetic: Mapping[str, Any], where: str) -> HandState:
    """One deal written as the file writes deals (``synthetic``), rebuilt and played with
    every action checked.

    Raises:
        EuchreError: the deal cannot be played (a RecordError names the fault)."""
    deal = _read_deal(synthetic, where, deck, True)
    hand, discard, _ = _deal_hand(rules, dealer, deal)

    def step(code: int, at: str) -> None:
        try:
            hand.apply(code)
        except EuchreError as exc:
            raise RecordError(at, str(exc)) from None

    _drive(hand, deal, step, discard)
    return hand


def _decision_position(hand: HandState, decision: int) -> int | None:
    """The position in ``hand.history`` of its decision number ``decision`` (from 0,
    calls then cards, as ``branchIndex`` counts), or None when it has fewer."""
    fresh = hand.as_dealt()
    seen = 0
    for k, (_, code) in enumerate(hand.history):
        phase = fresh.phase
        if phase in (Phase.BID_ROUND_1, Phase.BID_ROUND_2, Phase.PLAY):
            if seen == decision:
                return k
            seen += 1
        fresh.apply(code)
    return None
