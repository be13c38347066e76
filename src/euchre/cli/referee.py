"""``euchre referee``: keep the score and the laws for a game played with real cards
(:mod:`euchre.core.referee`). One person types what happened, hand by hand; each entry
is answered with the law, its source and what now happens, and the score.

The entries (seats by letter, N E S W at the four-hand table; 1, 2, ... at others)::

    hand MAKER TRICKS [alone] [defender SEAT]   a hand played: "hand N 3", "hand E 5 alone"
    cards N:JH,AH,KS,QS,AC E:... up:9H order discard-JC play-KS ...   a hand card by card
    passed                                      everyone passed twice
    misdeal before|after                        a wrong number of cards, found before/after the turn-up
    faced SEAT [keep]                           a card faced in the deal, dealt to SEAT
    outofturn SEAT before|after                 SEAT dealt out of turn; found before/after the turn-up
    exposed SEAT / lead SEAT                    a card exposed; a lead out of turn
    renege OFFENDER CLAIMANT proved|unproved [lone]   a revoke claimed, proved by the tricks or not
    nodiscard [lone]                            the dealer played with six cards
    next                                        the next game, once one is over
    score, help, quit
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from rich.console import Console

from euchre.cli.prompts import make_reader
from euchre.cli.render import counters_line, score_line
from euchre.cli.saving import check_save_path
from euchre.cli.table import build_rules, rules_title
from euchre.core.errors import EuchreError, RecordError
from euchre.core.referee import Referee, RefereeError, Ruling
from euchre.core.words import goal_words

HELP = """\
Entries (seats by letter: N E S W; 1, 2, ... at a table of another size):
  hand MAKER TRICKS [alone] [defender SEAT]   a hand played, e.g. "hand N 3", "hand E 5 alone"
  cards N:C,C,C,C,C E:... S:... W:... up:C ACTION ...
                                              a hand card by card: the cards dealt, the upcard, every
                                              action (order, pass, name-H, discard-JC, play-KS, renege)
  passed                                      everyone passed twice
  misdeal before|after                        a wrong number of cards, found before/after the turn-up
  faced SEAT [keep]                           a card faced in the deal, dealt to SEAT (keep: he keeps it)
  outofturn SEAT before|after                 SEAT dealt out of turn; found before/after the turn-up
  exposed SEAT                                a card exposed by SEAT
  lead SEAT                                   SEAT led out of turn
  renege OFFENDER CLAIMANT proved|unproved [lone]   a revoke claimed (proved by the tricks or not)
  nodiscard [lone]                            the dealer played with six cards (failed to discard)
  next                                        begin the next game, once one is over
  score, help, quit"""


class EntryError(EuchreError):
    """A line that is no entry."""


def _seat(ref: Referee, text: str) -> int:
    letters = [x.upper() for x in ref.table.letters]
    if text.upper() not in letters:
        raise EntryError(f"{text!r} is no seat; the seats are {', '.join(ref.table.letters)}")
    return letters.index(text.upper())


def _when(text: str) -> bool:
    if text not in ("before", "after"):
        raise EntryError(f"say before or after (the turn-up), not {text!r}")
    return text == "after"


def enter(ref: Referee, line: str) -> Ruling | None:
    """Apply one typed entry to ``ref``; None for ``next`` (a new game begins).

    Raises:
        EntryError: the line is no entry (the message says how to write it).
        RefereeError: an entry that cannot be true; nothing changed.
    """
    words = line.lower().split()
    if not words:
        raise EntryError("type an entry (help lists them)")
    kind, rest = words[0], words[1:]
    if kind == "hand":
        if len(rest) < 2 or not rest[1].isdigit() or not rest[1].isascii():
            raise EntryError("write: hand MAKER TRICKS [alone] [defender SEAT], e.g. hand N 3")
        maker, tricks = _seat(ref, rest[0]), int(rest[1])
        extra = rest[2:]
        alone = "alone" in extra
        defender = None
        if "defender" in extra:
            at = extra.index("defender")
            if at + 1 >= len(extra):
                raise EntryError("write the lone defender's seat after 'defender'")
            defender = _seat(ref, extra[at + 1])
        unknown = [w for w in extra if w not in ("alone", "defender") and (defender is None or
                                                                          w != extra[extra.index("defender") + 1])]
        if unknown:
            raise EntryError(f"unknown word(s) {' '.join(unknown)!r}; write: hand MAKER TRICKS [alone] [defender SEAT]")
        return ref.hand_result(maker, tricks, alone=alone, defender_alone=defender)
    if kind == "cards":
        hands: dict[str, list[str]] = {}
        upcard = None
        actions = []
        for w in rest:
            head, sep, tail = w.partition(":")
            if sep and head == "up":
                upcard = tail.upper()
            elif sep:
                hands[head.upper()] = [c.upper() for c in tail.split(",") if c]
            else:
                actions.append(w)
        letters = [x.upper() for x in ref.table.letters]
        if upcard is None or set(hands) != set(letters):
            raise EntryError(f"write: cards {' '.join(x + ':C,C,C,C,C' for x in letters)} up:C ACTION ..., "
                             "e.g. cards N:JH,AH,KS,QS,AC ... up:9H order discard-JC play-KS ...")
        return ref.hand_cards([hands[x] for x in letters], upcard, actions)
    if kind == "passed" and not rest:
        return ref.passed_out()
    if kind == "misdeal" and len(rest) == 1:
        return ref.misdeal(_when(rest[0]))
    if kind == "faced" and len(rest) in (1, 2) and (len(rest) == 1 or rest[1] == "keep"):
        return ref.faced_card(_seat(ref, rest[0]), keep=len(rest) == 2)
    if kind == "outofturn" and len(rest) == 2:
        return ref.deal_out_of_turn(_seat(ref, rest[0]), _when(rest[1]))
    if kind == "exposed" and len(rest) == 1:
        return ref.exposed_card(_seat(ref, rest[0]))
    if kind == "lead" and len(rest) == 1:
        return ref.lead_out_of_turn(_seat(ref, rest[0]))
    if kind == "renege" and len(rest) in (3, 4) and rest[2] in ("proved", "unproved") and rest[3:] in ([], ["lone"]):
        return ref.revoke(_seat(ref, rest[0]), _seat(ref, rest[1]), rest[2] == "proved", lone=rest[3:] == ["lone"])
    if kind == "nodiscard" and rest in ([], ["lone"]):
        return ref.dealer_failed_to_discard(lone=bool(rest))
    if kind == "next" and not rest:
        ref.next_game()
        return None
    raise EntryError(f"{line.strip()!r} is no entry; type help for the list")


def _show(console: Console, ref: Referee) -> None:
    console.print(score_line(ref.rules, ref.score), markup=False)
    counters = counters_line(ref.rules, ref.score)
    if counters:
        console.print(counters, markup=False)
    if not ref.is_over:
        console.print(f"Hand {ref.hand_number}: {ref.table.titles[ref.dealer]} deals.", markup=False)


def _save(path: Path | None, ref: Referee) -> None:
    if path is not None:
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(json.dumps(ref.to_dict(), indent=1))
        tmp.replace(path)


def cmd_referee(args: argparse.Namespace, console: Console) -> int:
    """Run ``euchre referee``. Returns 0.

    Raises:
        EuchreError: bad rules, a bad first dealer, a record that cannot be read.
    """
    save = check_save_path(args.save)
    if save is not None and save.suffix.lower() == ".egn":
        raise RecordError("--save", "EGN records the cards of every hand; a refereed game of results and laws has "
                          "none: save it as JSON")
    if args.load is not None:
        try:
            data = json.loads(Path(args.load).read_text())
        except (OSError, ValueError) as exc:
            raise RecordError("", f"cannot read {args.load}: {exc}") from None
        ref = Referee.from_dict(data)
        console.print(f"Read {len(ref.entries)} entries from {args.load}.", markup=False)
    else:
        rules = build_rules(args.preset, args.target, args.option, args.rule)
        table = rules.table
        letters = [x.upper() for x in table.letters]
        if args.dealer.upper() not in letters:
            raise RefereeError(f"--dealer must be a seat: {', '.join(table.letters)}")
        ref = Referee(rules, letters.index(args.dealer.upper()))
        console.print(f"Refereeing: {rules_title(args)}, {goal_words(rules)}.", markup=False)
    console.print("Type an entry after each hand (help lists them); quit to stop.", markup=False)
    _save(save, ref)
    _show(console, ref)
    read = make_reader(console)
    while True:
        try:
            line = read("> ")
        except EOFError:
            break
        text = line.strip().lower()
        if text in ("quit", "exit"):
            break
        if text in ("help", "?"):
            console.print(HELP, markup=False)
            continue
        if text == "score":
            _show(console, ref)
            continue
        try:
            ruling = enter(ref, line)
        except EuchreError as exc:
            console.print(f"  {exc} (nothing changed)", markup=False, style="bold")
            continue
        if ruling is None:
            console.print("  The next game begins.", markup=False)
        else:
            console.print(f"  Law: {ruling.law}", markup=False)
            console.print(f"  Source: {ruling.source}", markup=False)
            console.print(f"  Now: {ruling.outcome}", markup=False, style="bold")
            if ruling.game_over:
                console.print("  Type next for the next game, or quit.", markup=False)
        _save(save, ref)
        _show(console, ref)
    if save is not None:
        console.print(f"Record saved to {save}.", markup=False)
    return 0
