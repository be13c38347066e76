"""The exceptions of the euchre engine.

Every error the engine raises for bad input derives from :class:`EuchreError`, so a
caller can catch one type. Each message says what was wrong and, where it can, what
would have been right.
"""

from __future__ import annotations

from collections.abc import Iterable


class EuchreError(Exception):
    """Base class of every error raised by the euchre package for bad input."""


class CardError(EuchreError, ValueError):
    """A card text could not be read, or a card is not in the deck in use."""


class RulesError(EuchreError, ValueError):
    """An option has a value it may not take, a combination of options clashes,
    or an option names a capability the engine does not support yet."""


class IllegalActionError(EuchreError, ValueError):
    """An action was offered that the rules do not allow in this state.

    Attributes:
        action: the text of the refused action.
        legal: the texts of the actions that were legal.
    """

    def __init__(self, message: str, action: str = "", legal: Iterable[str] = ()) -> None:
        self.action = action
        self.legal = tuple(legal)
        if self.legal:
            message = f"{message}; legal: {', '.join(self.legal)}"
        super().__init__(message)


class RecordError(EuchreError, ValueError):
    """A game record (JSON or EGN) is corrupt or inconsistent.

    Attributes:
        where: a path into the record such as ``hands[3].actions[12]``.
    """

    def __init__(self, where: str, why: str) -> None:
        self.where = where
        self.why = why
        super().__init__(f"{where}: {why}" if where else why)
