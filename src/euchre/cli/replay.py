"""``euchre replay FILE [--hand N]``: show a recorded game hand by hand: the deal, the
calls in the preset's words, the tricks with their winners, and the score.

The file is our JSON record (:mod:`euchre.records`, ``"format": "euchre-record"``),
an EGN file (Euchre Game Notation, ``"fileType": "Euchre Game Notation"``) or an EMN
match file (Euchre Match Notation, ``"fileType": "Euchre Match Notation"``), whose games
are shown one after the other, each under its own header. JSON that is none of these is
refused with an error naming the three. A bad file gives
a one-line error naming the place in the file (RecordError's path): also one that is
not a regular file (``/dev/zero``, a pipe), larger than :data:`MAX_FILE_BYTES`, or that
the JSON reader cannot take (a number of more than 4300 digits, nesting too deep).

An EGN game (and each game of an EMN match) is shown with what the file says about it:
the title, date and description at the top with the players, each annotation on the line
after the call or card it annotates (its label tag in words: ``Note (?? blunder): ...``),
and each alternative line indented under the call or card it replaces, followed through
the engine to its result (:mod:`euchre.records.egn.notes`). A record that goes on after its
game was won is shown to the hand that won it: its header counts the hands shown of those
the file holds and says that the others were played after the game was won, and one line
at the end says which hands are left out and why (:class:`euchre.records.egn.AfterTheEnd`).
A game that starts from a score other than 0-0 says so in its header; each hand's line
gives the running score from it.

Hands (deals) are counted from 1 in every line, errors included: a fault at the JSON path
``deals[9].phases[1].tricks[2][1]`` is reported as "hand 10, trick 3, card 2 (at
deals[9].phases[1].tricks[2][1] in the file)" (:func:`place_words`).

Text from the file (the players' names, the file's name, the title, the annotations) is
printed only through :func:`euchre.cli.text.clean`, so escape sequences in it cannot reach
the terminal.
"""

from __future__ import annotations

import argparse
import functools
import io
import json
import os
import re
import stat
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.text import Text

from euchre.cli.render import Narrator, per_side, played_text, player_label, result_line
from euchre.cli.text import clean
from euchre.core.actions import Action
from euchre.core.cards import Card
from euchre.core.errors import EuchreError, RecordError
from euchre.core.game import Game
from euchre.core.hand import HandState, Phase
from euchre.records import FORMAT, load_record
from euchre.text.side_words import plural
from euchre.text.words import goal_words

if TYPE_CHECKING:
    from euchre.records.egn import AfterTheEnd, AlternativeLine, EgnGame

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


def games_chosen(path: Path, game: int | None) -> tuple[GameFile, list[int]]:
    """Read a record file (:func:`load_games_file`) and the numbers (from 1) of the games
    to show: ``game`` alone, or all of them when it is None.

    Raises:
        EuchreError: the file cannot be read or is corrupt (the message names the file
            and the place, hands counted from 1: :func:`place_words`), or ``game`` is
            not one of the file's games.
    """
    try:
        loaded = load_games_file(path)
    except RecordError as exc:
        place = f"{place_words(exc.where)}: " if exc.where else ""
        why = _PATH_IN_TEXT.sub(lambda m: place_words(m.group(0)), exc.why)
        raise EuchreError(f"{clean(path, 200)}: {place}{why}") from None
    count = len(loaded.games)
    if game is None:
        return loaded, list(range(1, count + 1))
    if not 1 <= game <= count:
        raise EuchreError(f"--game {game}: the file has game{'s 1 to' if count > 1 else ''} {count}"
                          if count else f"--game {game}: the file has no games")
    return loaded, [game]


def cmd_replay(args: argparse.Namespace, console: Console) -> int:
    """Run ``euchre replay``. Returns the exit code (0; also for a record that goes on
    after its game was won, shown to the hand that won it).

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
        console.print(f"{name}: a match of {plural(count, 'game')}.")
    for number in chosen:
        game, names = loaded.games[number - 1]
        title = clean(loaded.titles[number - 1], 60)
        header = f"Game {number} of {count}" + (f": {title}" if title else "")
        if loaded.kind == "EMN":
            console.print()
            console.rule(header, style="bold")
        _replay_game(console, game, names, name if loaded.kind != "EMN" else "", args.hand,
                     loaded.details[number - 1], show_title=loaded.kind != "EMN")
    return 0


_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}")


def _date_words(date: str) -> str:
    """An EGN date as written, with the ``T`` of ``2026-07-06T16:48`` a space."""
    if _ISO_DATE.match(date):
        date = date[:10] + " " + date[11:]
    return clean(date, MAX_FIELD)


def _about_lines(details: EgnGame, show_title: bool) -> list[str]:
    """What an EGN file says about its game, one line each: the title (unless a match's
    header shows it), the date, the description and the game id, where the file has
    them."""
    out = []
    if show_title and details.title:
        out.append(f"Title: {clean(details.title, MAX_FIELD)}")
    if details.date:
        out.append(f"Date: {_date_words(details.date)}")
    if details.description:
        out.append(f"Description: {clean(details.description, MAX_FIELD)}")
    if details.game_id:
        out.append(f"Game id: {clean(details.game_id, MAX_FIELD)}")
    return out


def hands_words(played: int, after: AfterTheEnd | None) -> str:
    """How many hands a game's record holds, for its header: ``"9 hands"`` (``"1 hand"``), or for a
    record that goes on after the game was won ``"11 hands, 9 in the game"`` (every deal
    of the file counted, those after the game's end included)."""
    return plural(played, "hand") if after is None else f"{after.last} hands, {played} in the game"


def after_the_end_words(after: AfterTheEnd) -> str:
    """The header's line about the hands after the game was won: ``"Hands 10-11 were
    played after the game was won; they are not shown."``."""
    return (f"Hand {after.first} was" if after.first == after.last
            else f"Hands {after.first}-{after.last} were") + " played after the game was won; " + \
        ("it is" if after.first == after.last else "they are") + " not shown."


def left_out_text(after: AfterTheEnd, verb: str = "shown") -> str:
    """The line that says which hands after the game's end are left out and why
    (:attr:`AfterTheEnd.text`), with ``verb`` for what is not done to them: "Hands 10-11
    are not reviewed: the record goes on after N-S reached 10 in hand 9."."""
    return after.text.replace(" not shown:", f" not {verb}:", 1)


def _replay_game(console: Console, game: Game, names: list[str], label: str, hand_number: int | None,
                 details: EgnGame | None = None, show_title: bool = True) -> None:
    """Narrate one game of the file (or only its hand ``hand_number``), after a line
    starting with ``label`` (the file's name; "" for a game of a match, which has its
    own header), with what an EGN file says about it (``details``: the title unless
    ``show_title`` is False, the date, the annotations and alternative lines, and the
    line about the deals left out after the game was won).

    Raises:
        EuchreError: ``hand_number`` is out of range (the message says which hands
            the record holds, and why those after the game's end are not shown).
    """
    names = [clean(n, MAX_NAME) for n in names]
    hands = list(game.finished_hands)
    if not game.is_over and game.hand.history:
        hands.append(game.hand)
    after = details.after_end if details is not None else None
    if hand_number is not None and not 1 <= hand_number <= len(hands):
        left_out = ""
        if after is not None and after.first <= hand_number <= after.last:
            left_out = f"; {after.text[0].lower()}{after.text[1:]}"
        raise EuchreError((f"--hand {hand_number}: the record has hands 1 to {len(hands)}" if hands
                           else f"--hand {hand_number}: the record has no hands") + left_out)
    prefix = f"{label}: " if label else ""
    console.print(f"{prefix}{hands_words(len(hands), after)}, {goal_words(game.rules)}.", markup=False)
    if after is not None:
        console.print(after_the_end_words(after), markup=False)
    if details is not None:
        for line in _about_lines(details, show_title):
            console.print(line, markup=False)
    if any(game.initial_score):
        console.print(f"Starting score: {per_side(game.table, game.initial_score)} (not 0-0).", markup=False)
    console.print("Players:")
    for s in range(game.table.seats):
        console.print(f"  {player_label(s, names[s], game.table)}", markup=False)
    narrator = NotedNarrator(console, viewer=None, show_deal=True)
    narrator.game_start(game, setup=hand_number is None)
    score = list(game.initial_score)
    for i, hand in enumerate(hands, 1):
        if hand_number is None or hand_number == i:
            notes = details.notes.get(i - 1) if details is not None else None
            lines = details.lines.get(i - 1, []) if details is not None else []
            score = replay_hand(narrator, hand, i, score, notes, lines)
        elif hand.result is not None:
            score = [s + p for s, p in zip(score, hand.result.points, strict=True)]
    if hand_number is None:
        narrator.game_end(game)
        if after is not None:
            console.print(after.text, style="bold", markup=False, soft_wrap=True)
