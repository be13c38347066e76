"""Saving the game record while a person plays or watches (``--save FILE``).

The file is written once before play (so an unwritable one is refused at the start),
after each hand and at the end; a write that fails during the game is reported once and
play goes on. EGN when the file name ends in ``.egn``, our JSON record when it ends in
``.json``; a name with another ending is refused (:mod:`euchre.cli.outputs`); a game EGN
cannot hold goes on in our JSON record beside it.
"""

from __future__ import annotations

import sys
from pathlib import Path

from rich.console import Console

from euchre.cli.outputs import check_output
from euchre.cli.text import clean, has_unsafe_chars
from euchre.core.errors import EuchreError, RecordError
from euchre.core.game import Game
from euchre.core.rules import Rules
from euchre.records import dumps
from euchre.records.egn import dumps_egn, ruleset_from_rules

SAVE_SUFFIXES = (".json", ".egn")
"""The endings of a saved game's file: our JSON record, or EGN."""
EXIT_OK = 0
EXIT_SAVE_FAILED = 2
EXIT_INTERRUPTED = 130


def check_save_path(save: str | None, what: str = "--save", suffixes: tuple[str, ...] = SAVE_SUFFIXES,
                    contents: str = "a game record is our JSON record or EGN") -> Path | None:
    """The file named by ``save`` (``~`` expanded), or None when there is none.

    Args:
        what: how the person gave it, for the messages (``--save``, or ``save`` typed
            during the game).
        suffixes: the endings the command writes (a game's record: .json or .egn; the
            referee's: .json only); the message lists these and no other.
        contents: what the file holds, in words, for the message.

    Raises:
        EuchreError: the name is empty or holds a control character, does not end in
            one of ``suffixes`` (:mod:`euchre.cli.outputs`: a file's name says its
            format), names a directory, or its directory does not exist.
    """
    if save is None:
        return None
    if not save.strip():
        raise EuchreError(f"{what}: the file name is empty")
    if has_unsafe_chars(save):
        raise EuchreError(f"{what}: the file name holds a control or escape character")
    shown = clean(save, 100)
    path = check_output(save, suffixes, contents, what)
    try:
        if path.is_dir():
            raise EuchreError(f"{what} {shown}: is a directory")
        if not path.parent.is_dir():
            raise EuchreError(f"{what} {shown}: the directory {clean(path.parent, 100)} does not exist")
    except OSError as exc:  # a name too long for the system, and the like
        raise EuchreError(f"{what} {shown}: {os_reason(exc)}") from None
    return path


def os_reason(exc: OSError) -> str:
    return clean(exc.strerror or exc, 200)


class RecordSaver:
    """Writes the game record to the --save file: once before play (:meth:`start`, which
    fails loudly, so an unwritable file stops nothing but the start), after each hand
    (a failure is reported once on standard error and play goes on) and at the end
    (:meth:`final`). EGN when the file name ends in ``.egn``, else our JSON record.

    Args:
        command: the sub-command's name, for the messages (``euchre play: ...``).
    """

    def __init__(self, path: Path | None, names: list[str], console: Console, rules: Rules,
                 command: str = "play", what: str = "--save") -> None:
        self.path = path
        self.names = names
        self.console = console
        self.command = command
        self.failed = False  # the last write failed
        self.warned = False  # a failure was reported during the game
        self.egn = path is not None and path.suffix.lower() == ".egn"
        if self.egn:
            try:
                ruleset_from_rules(rules)  # fail before play when EGN cannot hold these rules
            except RecordError as exc:
                raise EuchreError(f"{what} {clean(path, 100)}: EGN cannot record these rules ({exc}); "
                                  "use a .json file") from None

    def _write(self, game: Game) -> str | None:
        """Write the record; None on success, else why it failed."""
        if self.path is None:
            return None
        try:
            text = self._text(game)
            self.path.write_text(text, encoding="utf-8")
        except OSError as exc:
            self.failed = True
            return f"cannot write the record to {clean(self.path, 100)}: {os_reason(exc)}"
        self.failed = False
        return None

    def _text(self, game: Game) -> str:
        """The record's text. When EGN cannot hold what was played (a joker named blind)
        the record goes on as our JSON record in ``NAME.json`` beside the EGN file (which
        keeps the hands before), and that is said once on standard error."""
        if not self.egn:
            return dumps(game, self.names)
        try:
            return dumps_egn(game, self.names)
        except RecordError as exc:
            assert self.path is not None  # only called with a path
            fallback = self.path.with_name(self.path.name + ".json")
            sys.stderr.write(f"euchre {self.command}: warning: EGN cannot record this game ({clean(exc, 200)}); "
                             f"the whole record goes to {clean(fallback, 100)} (our JSON record) from now on, and "
                             f"{clean(self.path, 100)} keeps the hands before\n")
            sys.stderr.flush()
            self.egn = False
            self.path = fallback
            return dumps(game, self.names)

    def start(self, game: Game) -> None:
        """Write the record of the game not yet played, to find an unwritable file
        before play.

        Raises:
            EuchreError: the file cannot be written.
        """
        error = self._write(game)
        if error is not None:
            raise EuchreError(error)

    def __call__(self, game: Game) -> None:
        """Write the record after a hand; on failure warn once and let play go on."""
        error = self._write(game)
        if error is not None and not self.warned:
            self.warned = True
            sys.stderr.write(f"euchre {self.command}: warning: {error}; the game goes on, "
                             "and the record will be written again after each hand\n")
            sys.stderr.flush()

    def final(self, game: Game) -> bool:
        """Write the record one last time and say where it is (or, on standard error,
        that it could not be written). Never raises. Returns True when the record is
        saved (or there is no --save)."""
        if self.path is None:
            return True
        error = self._write(game)
        if error is not None:
            sys.stderr.write(f"euchre {self.command}: error: {error}\n")
            sys.stderr.flush()
            return False
        note = " (an earlier write had failed; this one succeeded)" if self.warned else ""
        self.console.print(f"Record saved to {clean(self.path, 100)}.{note}", markup=False)
        return True

    def exit_code(self, game: Game, code: int) -> int:
        """Save the record one last time: ``code``, or :data:`EXIT_SAVE_FAILED` when the
        final write failed and ``code`` would have said success."""
        saved = self.final(game)
        return EXIT_SAVE_FAILED if not saved and code == EXIT_OK else code
