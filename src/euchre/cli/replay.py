"""``euchre replay FILE [--hand N]``: show a recorded game hand by hand: the deal, the
calls in the preset's words, the tricks with their winners, and the score.

The file is our JSON record (:mod:`euchre.core.records`) or an EGN file (Euchre Game
Notation, recognised by its ``"fileType": "Euchre Game Notation"``). A bad file gives
a one-line error naming the place in the file (RecordError's path): also one that is
not a regular file (``/dev/zero``, a pipe), larger than :data:`MAX_FILE_BYTES`, or that
the JSON reader cannot take (a number of more than 4300 digits, nesting too deep).

Text from the file (the players' names, the file's name) is printed only through
:func:`euchre.cli.text.clean`, so escape sequences in it cannot reach the terminal.
"""

from __future__ import annotations

import argparse
import json
import os
import stat
from pathlib import Path
from typing import Any

from rich.console import Console

from euchre.cli.render import SEAT_TITLES, Narrator
from euchre.cli.text import clean
from euchre.core.cards import JOKER, cards_of
from euchre.core.errors import EuchreError, RecordError
from euchre.core.game import Game
from euchre.core.hand import HandState
from euchre.core.records import load_record

EGN_FILE_TYPE = "Euchre Game Notation"
MAX_FILE_BYTES = 50 * 1024 * 1024
"""The largest record file read (50 MB; a long game's record is well under 1 MB)."""
MAX_NAME = 40
"""The most characters of a player's name shown."""


def read_record_text(path: Path, limit: int | None = None) -> str:
    """The text of a record file: a regular file of at most ``limit`` bytes (default
    :data:`MAX_FILE_BYTES`), in UTF-8.

    Raises:
        EuchreError: the file cannot be opened, is not a regular file (a directory, a
            device such as ``/dev/zero``, a pipe), is larger than ``limit``, or is not
            UTF-8 text. The message names the file.
    """
    if limit is None:
        limit = MAX_FILE_BYTES
    shown = clean(path, 200)
    try:
        # O_NONBLOCK: opening a pipe must not wait for a writer (it is refused below).
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as exc:
        raise EuchreError(f"cannot read {shown}: {clean(exc.strerror or exc, 200)}") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise EuchreError(f"cannot read {shown}: it is a directory")
        if not stat.S_ISREG(info.st_mode):
            raise EuchreError(f"cannot read {shown}: not a regular file")
        if info.st_size > limit:
            raise EuchreError(f"cannot read {shown}: larger than {_size(limit)} ({_size(info.st_size)})")
        with os.fdopen(fd, "rb", closefd=False) as f:
            data = f.read(limit + 1)
    except OSError as exc:
        raise EuchreError(f"cannot read {shown}: {clean(exc.strerror or exc, 200)}") from None
    finally:
        os.close(fd)
    if len(data) > limit:  # the file grew while we looked
        raise EuchreError(f"cannot read {shown}: larger than {_size(limit)}")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise EuchreError(f"cannot read {shown}: not UTF-8 text (byte {exc.start})") from None


def _size(n: int) -> str:
    return f"{n / (1024 * 1024):.0f} MB" if n >= 1024 * 1024 else f"{n} bytes"


def load_game_file(path: Path) -> tuple[Game, list[str]]:
    """Read a JSON record or an EGN file and replay it.

    Returns:
        ``(game, names)``: the replayed game and the players' names by seat.

    Raises:
        EuchreError: the file cannot be read (the message names it), or RecordError:
            the file is not JSON, or the record is corrupt (the message says where).
            Any ValueError, RecursionError or MemoryError of the JSON parser or of the
            readers becomes a RecordError.
    """
    text = read_record_text(path)
    try:
        data: Any = json.loads(text)
    except (ValueError, RecursionError, MemoryError) as exc:  # JSONDecodeError, the int digit limit, ...
        raise RecordError("", f"not JSON: {_reason(exc)}") from None
    del text
    try:
        if isinstance(data, dict) and data.get("fileType") == EGN_FILE_TYPE:
            from euchre.core.egn import load_egn

            return load_egn(data)
        return load_record(data)
    except RecordError:
        raise
    except (ValueError, RecursionError, MemoryError) as exc:
        raise RecordError("", f"cannot read the record: {_reason(exc)}") from None


def _reason(exc: BaseException) -> str:
    if isinstance(exc, RecursionError):
        return "nested too deeply"
    if isinstance(exc, MemoryError):
        return "too large to hold in memory"
    text = str(exc)
    if "integer string conversion" in text:  # Python's int digit limit (sys.set_int_max_str_digits)
        return "a number in it has too many digits"
    return text or type(exc).__name__


def _fresh(hand: HandState) -> HandState:
    """The hand as dealt, to step through its history again."""
    stock = list(hand.stock)
    if hand.joker_aside:  # from_deal moved the set-aside joker to the end
        stock = [JOKER, *stock[:-1]]
    return HandState.from_deal(hand.rules, hand.dealer, [list(cards_of(m)) for m in hand.deal_hands], stock)


def replay_hand(narrator: Narrator, hand: HandState, number: int, score_before: list[int]) -> list[int]:
    """Narrate one recorded hand. Returns the score after it."""
    fresh = _fresh(hand)
    narrator.hand_start(fresh, number, score_before)
    for seat, code in hand.history:
        phase = fresh.phase
        fresh.apply(code)
        narrator.action(fresh, seat, code, phase)
    score = list(score_before)
    if fresh.result is not None:
        score = [score[0] + fresh.result.points[0], score[1] + fresh.result.points[1]]
        narrator.hand_end(fresh, score)
    else:
        narrator.console.print("  (the record stops here, in the middle of the hand)")
    return score


def cmd_replay(args: argparse.Namespace, console: Console) -> int:
    """Run ``euchre replay``. Returns the exit code.

    Raises:
        EuchreError: the file cannot be read, is corrupt, or ``--hand`` is out of range.
    """
    path = Path(args.file)
    try:
        game, names = load_game_file(path)
    except RecordError as exc:
        raise EuchreError(f"{clean(path, 200)}: {exc}") from None
    names = [clean(n, MAX_NAME) for n in names]
    hands = list(game.finished_hands)
    if not game.is_over and game.hand.history:
        hands.append(game.hand)
    if args.hand is not None and not 1 <= args.hand <= len(hands):
        raise EuchreError(f"--hand {args.hand}: the record has hands 1 to {len(hands)}" if hands
                          else f"--hand {args.hand}: the record has no hands")
    console.print(f"{clean(path.name, 60)}: {len(hands)} hand(s), game to {game.rules.game_target}.")
    console.print("Players: " + ", ".join(f"{SEAT_TITLES[s]} {names[s]}" for s in range(4)) + ".")
    narrator = Narrator(console, viewer=None, show_deal=True)
    score = list(game.initial_score)
    for i, hand in enumerate(hands, 1):
        if args.hand is None or args.hand == i:
            score = replay_hand(narrator, hand, i, score)
        elif hand.result is not None:
            score = [score[0] + hand.result.points[0], score[1] + hand.result.points[1]]
    if args.hand is None:
        narrator.game_end(game)
    return 0
