"""The referee's entries typed as one line each (``hand N 3``, ``misdeal after``,
``renege E N proved``...), as the terminal and the page take them: :func:`enter` and the
list of entries :data:`ENTRY_HELP`."""

from __future__ import annotations

import re

from euchre.core.errors import EuchreValueError
from euchre.referee.laws import Referee
from euchre.referee.rulings import RefereeError, Ruling

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
