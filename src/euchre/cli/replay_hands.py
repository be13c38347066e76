"""One recorded hand shown line by line, with the file's annotations and alternative lines.

Each annotation is printed on the line after the call or card it annotates (its label
tag in words: ``Note (?? blunder): ...``), and each alternative line indented under the
call or card it replaces, followed through the engine to its result
(:mod:`euchre.records.egn.notes`). Text from the file is printed only through
:func:`euchre.cli.text.clean`, so escape sequences in it cannot reach the terminal.
"""

from __future__ import annotations

import functools
import io
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.text import Text

from euchre.cli.narrator import Narrator
from euchre.cli.record_file import MAX_NOTE
from euchre.cli.render import played_text, result_line
from euchre.cli.text import clean
from euchre.core.actions import Action
from euchre.core.cards import Card
from euchre.core.hand import HandState, Phase

if TYPE_CHECKING:
    from euchre.records.egn import AlternativeLine


class NotedNarrator(Narrator):
    """A :class:`Narrator` that prints, right after the line of a call or a card, what
    was queued for it (its annotations, the alternative lines that branch there): before
    the gloss of a call's words or the winner of a trick, else when :meth:`flush` is
    called after the action."""

    def __init__(self, console: Console, **options: Any) -> None:
        super().__init__(console, **options)
        self.queued: list[Callable[[], None]] = []

    def flush(self) -> None:
        """Print what was queued, in order, and forget it."""
        queued, self.queued = self.queued, []
        for show in queued:
            show()

    def gloss(self, text: str) -> None:
        """Print the queued lines, then explain the jargon in ``text`` (see
        :meth:`Narrator.gloss`)."""
        self.flush()
        super().gloss(text)

    def _trick_won(self, hand: HandState) -> None:
        self.flush()
        super()._trick_won(hand)


_BIDDING = (Phase.BID_ROUND_1, Phase.BID_ROUND_2)

NOTE_INDENT = {"call": 4, "play": 6}
"""How far an annotation (and an alternative line) is indented under a call (whose
line starts at 2) and under a card (at 4)."""


def _decision(phase: Phase, counts: list[int]) -> tuple[str, int] | None:
    """The EGN decision an action taken in ``phase`` is: ``("call", i)`` or ``("play",
    i)``, counting in ``counts`` ([calls, cards] so far); None for the other actions
    (the dealer's discard, a lone defence), which EGN does not count."""
    if phase in _BIDDING:
        counts[0] += 1
        return "call", counts[0] - 1
    if phase == Phase.PLAY:
        counts[1] += 1
        return "play", counts[1] - 1
    return None


def note_text(text: str) -> Text:
    """One annotation for the terminal: ``Note: ...``, or with its label tag in words,
    ``Note (?? blunder): ...`` (EGN docs/annotations.md); the text cleaned, each of its
    lines kept."""
    from euchre.records.egn import annotation_label

    tag, meaning, rest = annotation_label(text)
    head = f"Note ({tag} {meaning}): " if tag else "Note: "
    body = "\n".join(clean(line, MAX_NOTE) for line in rest.splitlines() or [""])
    out = Text(head, style="bold")
    out.append(body)
    return out


def print_indented(console: Console, text: Text | str, indent: int) -> None:
    """Print ``text`` with every line, the wrapped ones too, ``indent`` columns in, and
    no spaces at the ends of the lines."""
    body = text if isinstance(text, Text) else Text(text)
    width = max(20, console.width - indent)
    for line in body.wrap(console, width):
        line.rstrip()
        console.print(Text(" " * indent) + line, no_wrap=True, crop=False)


def _print_notes(console: Console, texts: Sequence[str], indent: int) -> None:
    for text in texts:
        print_indented(console, note_text(text), indent)


def _queue(narrator: Narrator, show: Callable[[], None]) -> None:
    """Print ``show`` after the action's own line (queued on a :class:`NotedNarrator`),
    or at once for another narrator."""
    if isinstance(narrator, NotedNarrator):
        narrator.queued.append(show)
    else:
        show()


def replay_hand(narrator: Narrator, hand: HandState, number: int, score_before: list[int],
                notes: dict[tuple[str, int], tuple[str, ...]] | None = None,
                lines: Sequence[AlternativeLine] = ()) -> list[int]:
    """Narrate one recorded hand. Returns the score after it.

    Args:
        narrator: where to narrate (a :class:`NotedNarrator` puts the notes and lines
            right under their call or card).
        hand: the recorded hand.
        number: its number in the game, from 1.
        score_before: the score per side before it.
        notes: its annotations by ``("call", i)`` / ``("play", i)`` (EGN indexes from 0).
        lines: its alternative lines, each shown under the call or card it replaces.
    """
    fresh = hand.as_dealt()
    narrator.hand_start(fresh, number, score_before)
    counts = [0, 0]
    for seat, code in hand.history:
        phase = fresh.phase
        fresh.apply(code)
        decision = _decision(phase, counts)
        if decision is not None:
            indent = NOTE_INDENT[decision[0]]
            texts = (notes or {}).get(decision, ())
            if texts:
                _queue(narrator, functools.partial(_print_notes, narrator.console, texts, indent))
            for line in lines:
                if (line.kind, line.index) == decision:
                    instead = _what_was_done(narrator, fresh, seat, code, decision[0])
                    _queue(narrator, functools.partial(show_line, narrator, line, indent, instead))
        narrator.action(fresh, seat, code, phase)
        if isinstance(narrator, NotedNarrator):
            narrator.flush()
    score = list(score_before)
    if fresh.result is not None:
        score = [s + p for s, p in zip(score, fresh.result.points, strict=True)]
        narrator.hand_end(fresh, score)
    else:
        narrator.console.print("  (the record stops here, in the middle of the hand)")
    return score


def _what_was_done(narrator: Narrator, hand: HandState, seat: int, code: int, kind: str) -> str:
    """The main line's decision an alternative line replaces, for its header: ``"West's
    call"``, ``"North's 9♥"``."""
    who = narrator.seat_name(seat)
    if kind == "call":
        return f"{who}'s call"
    return f"{who}'s {Card(Action(code).card).pretty(hand.rules.joker_card)}"


def show_line(narrator: Narrator, line: AlternativeLine, indent: int, instead: str = "") -> None:
    """Print an alternative line under the call or card it replaces (``instead``, in
    words: ``"North's 9♥"``): a header at ``indent``, then the line's calls and cards
    (with their annotations) narrated as the main line is (so two columns further in
    than the header), and the hand's result when the line goes to the end; a line the
    engine could not follow is shown as written, with the reason."""
    c = narrator.console
    what = instead or ("this call" if line.kind == "call" else "this card")
    if line.hand is None:
        head = f"Alternative line {line.number + 1}, instead of {what} (it cannot be followed: {clean(line.problem, 300)}):"
        print_indented(c, Text(head), indent)
        _print_as_written(c, line, indent + 2)
        return
    print_indented(c, Text(f"Alternative line {line.number + 1}, instead of {what}:"), indent)
    inner = Console(width=max(30, c.width - indent), record=True, highlight=False, emoji=False, markup=False,
                    file=io.StringIO())
    sub = NotedNarrator(inner, viewer=None)
    sub.table = line.hand.table
    sub.glossed = narrator.glossed  # a phrase explained once in the game, lines included
    fresh = line.hand.as_dealt()
    counts = [0, 0]
    for k, (seat, code) in enumerate(line.hand.history):
        phase = fresh.phase
        if k == line.start and phase == Phase.PLAY and fresh.trick_cards:
            _trick_so_far(inner, sub, fresh)
        fresh.apply(code)
        decision = _decision(phase, counts)
        if k < line.start:
            continue
        if decision is not None:
            kind, index = decision
            own = index - line.offsets[0 if kind == "call" else 1]
            texts = line.notes.get((kind, own), ())
            if texts:
                sub.queued.append(functools.partial(_print_notes, inner, texts, NOTE_INDENT[kind]))
        sub.action(fresh, seat, code, phase)
        sub.flush()
    if fresh.result is not None:
        inner.print(Text("  " + result_line(fresh.result, fresh.table), style="bold"))
    else:
        inner.print("  (the line stops here)")
    text = Text.from_ansi(inner.export_text(styles=True).rstrip("\n"))
    print_indented(c, text, indent)


def _trick_so_far(console: Console, narrator: Narrator, hand: HandState) -> None:
    """The trick a line starts inside of: ``Trick 2, after North 9♥, East K♥:``."""
    line = Text(f"  Trick {len(hand.tricks) + 1}, after ")
    line.append_text(played_text(hand.trick_seats, hand.trick_cards, narrator.seat_name, hand.rules.joker_card))
    line.append(":")
    console.print(line)


def _print_as_written(console: Console, line: AlternativeLine, indent: int) -> None:
    """A line the engine could not follow: its calls and tricks as the file writes
    them, each annotation after the call or card it annotates."""
    if line.calls:
        print_indented(console, Text("Calls: " + ", ".join(clean(c, 20) for c in line.calls)), indent)
        for i, call in enumerate(line.calls):
            texts = line.notes.get(("call", i), ())
            if texts:
                print_indented(console, Text(f"On call {i + 1} ({clean(call, 20)}):"), indent)
                _print_notes(console, texts, indent + 2)
    if line.tricks:
        print_indented(console, Text("Cards: " + " | ".join(" ".join(clean(c, 8) for c in t) for t in line.tricks)),
                       indent)
    cards = [card for trick in line.tricks for card in trick]
    for i, card in enumerate(cards):
        texts = line.notes.get(("play", i), ())
        if texts:
            print_indented(console, Text(f"On card {i + 1} ({clean(card, 8)}):"), indent)
            _print_notes(console, texts, indent + 2)

