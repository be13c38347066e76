"""The exceptions of the euchre engine.

Every error the engine raises for bad input derives from :class:`EuchreError`, so a
caller can catch one type. Each message says what was wrong and, where it can, what
would have been right.

The contract of every public entry point (DESIGN.md, "Contracts of the public API"): an
argument of the wrong *type* raises an error that is also a :class:`TypeError`
(:class:`EuchreTypeError`, or a family's own ``...TypeError`` such as
:class:`RulesTypeError`); an argument of the right type but a wrong *value* raises one
that is also a :class:`ValueError` (:class:`EuchreValueError`, :class:`CardError`,
:class:`RulesError`, :class:`IllegalActionError`, :class:`RecordError`). So
``except TypeError``, ``except ValueError`` and ``except EuchreError`` all work. A family's
own type error (``RulesTypeError``, ``CardTypeError``, ``ActionTypeError``,
``RecordTypeError``) is also a member of its family, so ``except RulesError`` catches a
wrong type of option too; being in the family, it is a ``ValueError`` as well.
"""

from __future__ import annotations

import math
from collections.abc import Iterable


class EuchreError(Exception):
    """Base class of every error raised by the euchre package for bad input."""


class EuchreTypeError(EuchreError, TypeError):
    """An argument of the wrong type (a seat given as a float, rules given as a dict)."""


class EuchreValueError(EuchreError, ValueError):
    """An argument of the right type with a value it may not take (seat 5, a stock of
    no cards, a pop() with nothing pushed)."""


class CardError(EuchreValueError):
    """A card text could not be read, or a card is not in the deck in use."""


class CardTypeError(CardError, TypeError):
    """A card was given as something that is no card number or card text."""


class RulesError(EuchreValueError):
    """An option has a value it may not take, a combination of options clashes,
    or an option names a capability the engine does not support yet."""


class RulesTypeError(RulesError, TypeError):
    """An option was given a value of the wrong type, or rules were not a Rules."""


class IllegalActionError(EuchreValueError):
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


class ActionTypeError(IllegalActionError, TypeError):
    """Something that is no action at all (a float, a Card, a bool) was offered."""


class RecordError(EuchreValueError):
    """A game record (JSON or EGN) is corrupt or inconsistent.

    Attributes:
        where: a path into the record such as ``hands[3].actions[12]``.
    """

    def __init__(self, where: str, why: str) -> None:
        self.where = where
        self.why = why
        super().__init__(f"{where}: {why}" if where else why)


class RecordTypeError(RecordError, TypeError):
    """A record reader was given something that is no record text or object."""


class MissingExtraError(EuchreError, ImportError):
    """A surface was asked for whose packages are not installed: the base install is the
    standard library only, and each surface names its packages in an extra of the
    distribution (pyproject.toml, docs/install.md).

    The message says what needs what, and the one line to install it, e.g. ``the expert
    bot's learned bidding needs numpy, in the bots extra: pip install 'euchre[bots]'``.
    It is an :class:`ImportError` too (``except ImportError`` keeps working where a
    module was documented to raise one), and a :class:`EuchreError`, which ``euchre``'s
    commands report on one line (exit code 2).

    Attributes:
        what: what needs it (``"euchre serve"``, ``"a plot"``).
        extra: the extra to install (``"bots"``, ``"plots"``, ...).
        package: the package of the extra that is missing, where one is named (``"numpy"``).
    """

    def __init__(self, what: str, extra: str, package: str | None = None) -> None:
        """``what`` needs the extra ``extra`` (and within it ``package``, when named)."""
        self.what = what
        self.extra = extra
        self.package = package
        needs = f"{package}, in the {extra} extra" if package else f"the {extra} extra"
        super().__init__(f"{what} needs {needs}: pip install 'euchre[{extra}]'", name=package)

    def __reduce__(self) -> tuple[type[MissingExtraError], tuple[str, str, str | None]]:
        """Pickled by its arguments (raised in a worker process, it reaches the parent)."""
        return (type(self), (self.what, self.extra, self.package))


def type_name(value: object) -> str:
    """The name of a value's type, for messages: ``"float"``, ``"NoneType"``."""
    return type(value).__name__


def is_finite_number(value: object) -> bool:
    """Whether ``value`` is a plain int or float (a bool is not a number here) that is
    finite as a float: not NaN, not infinite, not an int too large for a float
    (``10 ** 400``, which ``math.isfinite`` cannot even convert)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    try:
        return math.isfinite(value)
    except OverflowError:
        return False


def require_int(value: object, what: str, low: int | None = None, high: int | None = None) -> int:
    """``value`` as a plain int, checked (a bool is not a number here).

    Args:
        value: the argument.
        what: its name in the message (``"seat"``).
        low, high: the allowed range, inclusive, when given.

    Raises:
        EuchreTypeError: not an int.
        EuchreValueError: outside ``low..high``.
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise EuchreTypeError(f"{what} must be a whole number, not {type_name(value)} {value!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        span = f"{low}..{high}" if low is not None and high is not None else (f">= {low}" if low is not None else f"<= {high}")
        raise EuchreValueError(f"{what} must be {span}, not {value}")
    return int(value)
