"""The error of the events package: an event, a round or an entry that cannot be what was
asked (a table that does not exist, scores that do not add up, a round not yet seated).

It is a :class:`~euchre.core.errors.EuchreValueError`, so ``euchre event`` reports it on
one line like every other error a user can cause.
"""

from __future__ import annotations

from euchre.core.errors import EuchreValueError


class EventError(EuchreValueError):
    """An event, a round or an entry that cannot be what was asked; the message says what
    was wrong and what would have been right."""
