"""``euchre replay FILE [--hand N]``: show a recorded game hand by hand: the deal, the
calls in the preset's words, the tricks with their winners, and the score.

The file is our JSON record (:mod:`euchre.core.records`, ``"format": "euchre-record"``),
an EGN file (Euchre Game Notation, ``"fileType": "Euchre Game Notation"``) or an EMN
match file (Euchre Match Notation, ``"fileType": "Euchre Match Notation"``), whose games
are shown one after the other, each under its own header. JSON that is none of these is
refused with an error naming the three. A bad file gives
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

from euchre.cli.render import Narrator, player_label
from euchre.cli.text import clean
from euchre.core.errors import EuchreError, RecordError
from euchre.core.game import Game
from euchre.core.hand import HandState
from euchre.core.records import FORMAT, load_record
from euchre.core.words import goal_words

EGN_FILE_TYPE = "Euchre Game Notation"
EMN_FILE_TYPE = "Euchre Match Notation"
ACCEPTED = (f'our game record ("format": "{FORMAT}"), EGN ("fileType": "{EGN_FILE_TYPE}") '
            f'or EMN ("fileType": "{EMN_FILE_TYPE}")')
"""The formats ``replay`` reads, for the error about a file that is none of them."""
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


class GameFile:
    """The games of a record file, in order: one for our record or an EGN file, each
    game of the match for an EMN file.

    Attributes:
        kind: "record", "EGN" or "EMN".
        games: ``(game, names by seat)`` for each game.
        titles: each game's title from the file ("" when it has none).
    """

    def __init__(self, kind: str, games: list[tuple[Game, list[str]]], titles: list[str]) -> None:
        self.kind = kind
        self.games = games
        self.titles = titles


def _titles(data: dict[str, Any]) -> list[str]:
    """The ``gameData.metadata.title`` of each game of an EMN match ("" when absent)."""
    out = []
    for g in data.get("games") or []:
        meta = g.get("gameData", {}).get("metadata", {}) if isinstance(g, dict) else {}
        title = meta.get("title") if isinstance(meta, dict) else None
        out.append(title if isinstance(title, str) else "")
    return out


def load_games_file(path: Path) -> GameFile:
    """Read our JSON record, an EGN file or an EMN match file and replay its games.

    Raises:
        EuchreError: the file cannot be read (the message names it), or RecordError:
            the file is not JSON, not one of the three formats (the message names
            them), or is corrupt (the message says where). Any ValueError,
            RecursionError or MemoryError of the JSON parser or of the readers becomes
            a RecordError.
    """
    text = read_record_text(path)
    try:
        data: Any = json.loads(text)
    except (ValueError, RecursionError, MemoryError) as exc:  # JSONDecodeError, the int digit limit, ...
        raise RecordError("", f"not JSON: {_reason(exc)}") from None
    del text
    try:
        file_type = data.get("fileType") if isinstance(data, dict) else None
        if file_type == EGN_FILE_TYPE:
            from euchre.core.egn import load_egn

            return GameFile("EGN", [load_egn(data)], [""])
        if file_type == EMN_FILE_TYPE:
            from euchre.core.egn import load_emn

            games = load_emn(data)
            titles = _titles(data)
            return GameFile("EMN", games, [*titles, *[""] * len(games)][: len(games)])
        if not isinstance(data, dict) or ("format" not in data and "fileType" not in data):
            raise RecordError("", f"not a game record: expected {ACCEPTED}")
        if data.get("format") != FORMAT:
            key = "format" if "format" in data else "fileType"
            raise RecordError(key, f"not a game record this reader knows: found {data.get(key)!r}; "
                                   f"expected {ACCEPTED}")
        return GameFile("record", [load_record(data)], [""])
    except RecordError:
        raise
    except (ValueError, RecursionError, MemoryError) as exc:
        raise RecordError("", f"cannot read the record: {_reason(exc)}") from None


def load_game_file(path: Path) -> tuple[Game, list[str]]:
    """Read a JSON record or an EGN file (or the first game of an EMN match) and replay
    it. See :func:`load_games_file`.

    Returns:
        ``(game, names)``: the replayed game and the players' names by seat.
    """
    return load_games_file(path).games[0]


def _reason(exc: BaseException) -> str:
    if isinstance(exc, RecursionError):
        return "nested too deeply"
    if isinstance(exc, MemoryError):
        return "too large to hold in memory"
    text = str(exc)
    if "integer string conversion" in text:  # Python's int digit limit (sys.set_int_max_str_digits)
        return "a number in it has too many digits"
    return text or type(exc).__name__


def replay_hand(narrator: Narrator, hand: HandState, number: int, score_before: list[int]) -> list[int]:
    """Narrate one recorded hand. Returns the score after it."""
    fresh = hand.as_dealt()
    narrator.hand_start(fresh, number, score_before)
    for seat, code in hand.history:
        phase = fresh.phase
        fresh.apply(code)
        narrator.action(fresh, seat, code, phase)
    score = list(score_before)
    if fresh.result is not None:
        score = [s + p for s, p in zip(score, fresh.result.points, strict=True)]
        narrator.hand_end(fresh, score)
    else:
        narrator.console.print("  (the record stops here, in the middle of the hand)")
    return score


def games_chosen(path: Path, game: int | None) -> tuple[GameFile, list[int]]:
    """Read a record file (:func:`load_games_file`) and the numbers (from 1) of the games
    to show: ``game`` alone, or all of them when it is None.

    Raises:
        EuchreError: the file cannot be read or is corrupt (the message names the file),
            or ``game`` is not one of the file's games.
    """
    try:
        loaded = load_games_file(path)
    except RecordError as exc:
        raise EuchreError(f"{clean(path, 200)}: {exc}") from None
    count = len(loaded.games)
    if game is None:
        return loaded, list(range(1, count + 1))
    if not 1 <= game <= count:
        raise EuchreError(f"--game {game}: the file has game{'s 1 to' if count > 1 else ''} {count}"
                          if count else f"--game {game}: the file has no games")
    return loaded, [game]


def cmd_replay(args: argparse.Namespace, console: Console) -> int:
    """Run ``euchre replay``. Returns the exit code.

    Raises:
        EuchreError: the file cannot be read, is corrupt, or ``--game``/``--hand`` is
            out of range.
    """
    path = Path(args.file)
    loaded, chosen = games_chosen(path, getattr(args, "game", None))
    count = len(loaded.games)
    if args.hand is not None and len(chosen) > 1:
        raise EuchreError(f"--hand {args.hand}: the match has {count} games; choose one with --game N")
    name = clean(path.name, 60)
    if loaded.kind == "EMN":
        console.print(f"{name}: a match of {count} game(s).")
    for number in chosen:
        game, names = loaded.games[number - 1]
        title = clean(loaded.titles[number - 1], 60)
        header = f"Game {number} of {count}" + (f": {title}" if title else "")
        if loaded.kind == "EMN":
            console.print()
            console.rule(header, style="bold")
        _replay_game(console, game, names, name if loaded.kind != "EMN" else "", args.hand)
    return 0


def _replay_game(console: Console, game: Game, names: list[str], label: str, hand_number: int | None) -> None:
    """Narrate one game of the file (or only its hand ``hand_number``), after a line
    starting with ``label`` (the file's name; "" for a game of a match, which has its
    own header).

    Raises:
        EuchreError: ``hand_number`` is out of range.
    """
    names = [clean(n, MAX_NAME) for n in names]
    hands = list(game.finished_hands)
    if not game.is_over and game.hand.history:
        hands.append(game.hand)
    if hand_number is not None and not 1 <= hand_number <= len(hands):
        raise EuchreError(f"--hand {hand_number}: the record has hands 1 to {len(hands)}" if hands
                          else f"--hand {hand_number}: the record has no hands")
    prefix = f"{label}: " if label else ""
    console.print(f"{prefix}{len(hands)} hand(s), {goal_words(game.rules)}.")
    console.print("Players:")
    for s in range(game.table.seats):
        console.print(f"  {player_label(s, names[s], game.table)}", markup=False)
    narrator = Narrator(console, viewer=None, show_deal=True)
    narrator.game_start(game, setup=hand_number is None)
    score = list(game.initial_score)
    for i, hand in enumerate(hands, 1):
        if hand_number is None or hand_number == i:
            score = replay_hand(narrator, hand, i, score)
        elif hand.result is not None:
            score = [s + p for s, p in zip(score, hand.result.points, strict=True)]
    if hand_number is None:
        narrator.game_end(game)
