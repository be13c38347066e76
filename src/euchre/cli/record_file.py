"""Reading a record file for ``replay`` and ``review``: our JSON record, an EGN game or an EMN match.

JSON that is none of these is refused with an error naming the three. A bad file gives
a one-line error naming the place in the file (RecordError's path, in words by
:func:`place_words`): also one that is not a regular file (``/dev/zero``, a pipe),
larger than :data:`MAX_FILE_BYTES`, or that the JSON reader cannot take (a number of
more than 4300 digits, nesting too deep).

Hands (deals) are counted from 1 in every line, errors included: a fault at the JSON path
``deals[9].phases[1].tricks[2][1]`` is reported as "hand 10, trick 3, card 2 (at
deals[9].phases[1].tricks[2][1] in the file)".
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from euchre.cli.text import clean
from euchre.core.errors import EuchreError, RecordError
from euchre.core.game import Game
from euchre.records import FORMAT, load_record

if TYPE_CHECKING:
    from euchre.records.egn import EgnGame


EGN_FILE_TYPE = "Euchre Game Notation"
EMN_FILE_TYPE = "Euchre Match Notation"
ACCEPTED = (f'our game record ("format": "{FORMAT}"), EGN ("fileType": "{EGN_FILE_TYPE}") '
            f'or EMN ("fileType": "{EMN_FILE_TYPE}")')
"""The formats ``replay`` reads, for the error about a file that is none of them."""
MAX_FILE_BYTES = 50 * 1024 * 1024
"""The largest record file read (50 MB; a long game's record is well under 1 MB)."""
MAX_NAME = 40
"""The most characters of a player's name shown."""
MAX_NOTE = 1200
"""The most characters of an annotation shown (EGN allows 1024)."""
MAX_FIELD = 200
"""The most characters of a title, date, description or game id shown."""


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
        details: for an EGN or EMN file, each game as :func:`euchre.records.egn.read_egn`
            reads it (title, date, annotations, alternative lines, the deals after the
            game was won); None for each game of our record.
    """

    def __init__(self, kind: str, games: list[tuple[Game, list[str]]], titles: list[str],
                 details: Sequence[EgnGame | None] | None = None) -> None:
        self.kind = kind
        self.games = games
        self.titles = titles
        self.details: list[EgnGame | None] = list(details) if details is not None else [None] * len(games)


def _titles(data: dict[str, Any]) -> list[str]:
    """The ``gameData.metadata.title`` of each game of an EMN match ("" when absent)."""
    out = []
    for g in data.get("games") or []:
        meta = g.get("gameData", {}).get("metadata", {}) if isinstance(g, dict) else {}
        title = meta.get("title") if isinstance(meta, dict) else None
        out.append(title if isinstance(title, str) else "")
    return out


def load_games_file(path: Path) -> GameFile:
    """Read our JSON record, an EGN file or an EMN match file and replay its games (an
    EGN game with its title, date, annotations and alternative lines:
    :func:`euchre.records.egn.read_egn`).

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
            from euchre.records.egn import read_egn

            record = read_egn(data)
            return GameFile("EGN", [(record.game, record.names)], [record.title], [record])
        if file_type == EMN_FILE_TYPE:
            from euchre.records.egn import read_emn

            records = read_emn(data)
            titles = _titles(data)
            return GameFile("EMN", [(r.game, r.names) for r in records],
                            [*titles, *[""] * len(records)][: len(records)], records)
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


_PLACES = re.compile(r"(games|deals|hands|alternativeLines|calls|tricks|actions)\[(\d+)\](?:\[(\d+)\])?")

_PLACE_WORDS = {"games": "game", "deals": "hand", "hands": "hand", "alternativeLines": "alternative line",
                "calls": "call", "tricks": "trick", "actions": "action"}


_PATH_IN_TEXT = re.compile(r"\b(?:games\[\d+\]\.gameData\.)?(?:deals|hands)\[\d+\](?:\.[A-Za-z_]+|\[\d+\])*")
"""A record's JSON path quoted inside an error's reason (``... already played at
deals[9].phases[1].tricks[0][0]``)."""


def place_words(where: str) -> str:
    """A record's JSON path for people, counting from 1 as the display does, with the
    path itself for finding the place in the file: ``deals[9].phases[1].tricks[2][1]``
    -> ``"hand 10, trick 3, card 2 (at deals[9].phases[1].tricks[2][1] in the file)"``;
    a path with no counted step (``metadata.finalScore``) is returned as it is."""
    words = []
    for m in _PLACES.finditer(where):
        words.append(f"{_PLACE_WORDS[m.group(1)]} {int(m.group(2)) + 1}")
        if m.group(3) is not None:
            words.append(f"card {int(m.group(3)) + 1}")
    if not words:
        return where
    return f"{', '.join(words)} (at {where} in the file)"

