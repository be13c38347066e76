"""``euchre referee``: keep the score and the laws for a game played with real cards
(:mod:`euchre.referee`). One person types what happened, hand by hand; each entry
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

from euchre.cli.keyboard import make_reader
from euchre.cli.record_file import read_record_text
from euchre.cli.render import counters_line, score_line
from euchre.cli.saving import check_save_path
from euchre.cli.table import rules_of_flags, rules_title
from euchre.cli.text import clean
from euchre.core.errors import EuchreError, RecordError
from euchre.core.presets import DEFAULT_PRESET, preset_of
from euchre.referee import ENTRY_HELP, Referee, RefereeError, enter
from euchre.text.glosses import goal_words

HELP = ENTRY_HELP + "\n  score, help, quit"
MAX_RECORD_BYTES = 16 * 1024 * 1024
"""The largest record ``--load`` reads (an evening with every hand card by card is well
under 1 MB)."""
REFEREE_SUFFIXES = (".json",)
"""The ending of the referee's record (``--save``): our JSON record only."""
REFEREE_CONTENTS = ("the referee's record is JSON (EGN records the cards of every hand; a refereed game of results "
                    "and laws has none)")
"""What ``--save`` holds, in words, for the message refusing another ending."""


def _show(console: Console, ref: Referee) -> None:
    console.print(score_line(ref.rules, ref.score), markup=False)
    counters = counters_line(ref.rules, ref.score)
    if counters:
        console.print(counters, markup=False)
    pending = ref.pending
    if any(pending):
        given = ", ".join(f"{p} to {ref.table.team_names[t]}" for t, p in enumerate(pending) if p)
        console.print(f"To be scored first with this hand: {given}.", markup=False)
    if not ref.is_over:
        rules = ref.rules
        number = (f"Hand {ref.hands_counted + 1} of {rules.progressive_hands}" if not rules.plays_to_target
                  else f"Hand {ref.hand_number}")
        who = ref.table.titles[ref.dealt_by]
        how = " deals (out of turn; the deal stands)." if ref.dealt_by != ref.dealer else " deals."
        console.print(f"{number}: {who}{how}", markup=False)


def _save(console: Console, path: Path | None, ref: Referee) -> bool:
    """Write the record to ``path`` (through a temporary file beside it); False, with a
    message, when it cannot be written (the evening goes on in memory)."""
    if path is None:
        return True
    try:
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(json.dumps(ref.to_dict(), indent=1))
        tmp.replace(path)
    except OSError as exc:
        console.print(f"  Could not save the record to {path}: {exc.strerror or exc}. The evening goes on; "
                      "it is saved again after the next entry.", markup=False, style="bold")
        return False
    return True


def load_record(path_text: str) -> Referee:
    """The evening of a referee's record file (``--load``), replayed.

    Raises:
        EuchreError: the file is missing or unreadable (not a regular file, too large,
            not UTF-8), is not JSON, or is no referee's record or a corrupt one; the
            message, one line, names the file and what is wrong (no raw system error).
    """
    shown = clean(path_text, 200)
    try:
        text = read_record_text(Path(path_text), MAX_RECORD_BYTES)
    except EuchreError as exc:
        raise EuchreError(f"--load: {exc}") from None
    try:
        data = json.loads(text)
    except ValueError as exc:
        where = f" (line {exc.lineno}, column {exc.colno})" if isinstance(exc, json.JSONDecodeError) else ""
        raise EuchreError(f"--load: cannot read {shown}: not JSON{where}") from None
    except RecursionError:
        raise EuchreError(f"--load: cannot read {shown}: nested too deeply to be a referee's record") from None
    try:
        return Referee.from_dict(data)
    except RecordError as exc:
        raise EuchreError(f"--load: {shown} is no referee's record we can go on from: {exc}") from None


def cmd_referee(args: argparse.Namespace, console: Console) -> int:
    """Run ``euchre referee``. Returns 0.

    Raises:
        EuchreError: bad rules, a bad first dealer, a record that cannot be read.
    """
    save = check_save_path(args.save, suffixes=REFEREE_SUFFIXES, contents=REFEREE_CONTENTS)
    if args.load is not None:
        given = [flag for flag, value in (("--preset", args.preset), ("--target", args.target), ("--rule", args.rule),
                                          ("--option", args.option), ("--dealer", args.dealer)) if value is not None]
        if given:
            raise RefereeError(f"--load goes on with the rules and dealer of the record; do not give {', '.join(given)}")
        ref = load_record(args.load)
        if save is None:
            save = Path(args.load)  # the evening goes on in the file it came from
        name = preset_of(ref.rules)
        count = f"{len(ref.entries)} entr{'y' if len(ref.entries) == 1 else 'ies'}"  # not "1 entries"
        console.print(f"Read {count} from {clean(args.load, 200)}. Refereeing: "
                      f"{name if name is not None else 'a preset with changed options'}, {goal_words(ref.rules)}.",
                      markup=False)
    else:
        if args.preset is None:
            args.preset = DEFAULT_PRESET
        rules = rules_of_flags(args.preset, args.target, args.option, args.rule)
        dealer = 0 if args.dealer is None else rules.table.seat_named(args.dealer, "--dealer")
        ref = Referee(rules, dealer)
        console.print(f"Refereeing: {rules_title(args)}, {goal_words(rules)}.", markup=False)
    console.print("Type an entry after each hand (help lists them); quit to stop.", markup=False)
    if not _save(console, save, ref):
        raise RecordError("--save", f"{save} cannot be written")
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
        _save(console, save, ref)
        _show(console, ref)
    if save is not None:
        console.print(f"Record saved to {save}.", markup=False)
    return 0
