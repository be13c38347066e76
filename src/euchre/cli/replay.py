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
import re
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Console

from euchre.cli.record_file import (
    _PATH_IN_TEXT,
    MAX_FIELD,
    MAX_NAME,
    GameFile,
    load_games_file,
    place_words,
)
from euchre.cli.render import per_side, player_label
from euchre.cli.replay_hands import NotedNarrator, replay_hand
from euchre.cli.text import clean
from euchre.core.errors import EuchreError, RecordError
from euchre.core.game import Game
from euchre.text.glosses import goal_words
from euchre.text.side_words import plural

if TYPE_CHECKING:
    from euchre.records.egn import AfterTheEnd, EgnGame


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

