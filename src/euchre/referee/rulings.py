"""The answers of the referee of real cards: a :class:`Ruling` (the law, its source,
what now happens), the :class:`RefereeError` of an entry refused, and where each law's
value comes from for a preset (:func:`law_source`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from euchre.core.errors import EuchreValueError
from euchre.core.presets import nearest_preset, option_source, preset
from euchre.core.rules import OPTION_SOURCES, Rules

RECORD_FORMAT = "euchre-referee/1"
"""The ``format`` of a referee's record."""
RECORD_FIELDS = ("format", "rules", "first_dealer", "entries")
"""The fields of a referee's record (:meth:`Referee.to_dict`); reading refuses any other
(:func:`~euchre.records.refuse_unknown`), as the game's record does."""


class RefereeError(EuchreValueError):
    """An entry the referee refuses: it cannot be true, or the rules have no place for
    it. Nothing was changed."""


@dataclass(frozen=True)
class Ruling:
    """The referee's answer to one entry.

    Attributes:
        law: what the law says, in a sentence.
        source: the document and section (or the option of the rules and its value).
        outcome: what now happens: points to whom, who deals.
        points: points this entry gave per side (0s for none).
        dealer: who deals next (a seat).
        game_over: the entry ended a game (:attr:`Referee.games` has it).
    """

    law: str
    source: str
    outcome: str
    points: tuple[int, ...]
    dealer: int
    game_over: bool = False


@dataclass
class _Pending:
    """What the laws carry into the hand's result, scored first: the fines of claims
    not proved, the revokes proved under a law that plays the hand out (counted as
    the law counts them, equal numbers cancelling: :func:`~euchre.core.revokes.revoke_points`),
    and the side barred from scoring (a dealer who failed to discard)."""

    points: list[int]
    barred: int = -1
    notes: list[str] = field(default_factory=list)
    revokes: list[int] = field(default_factory=list)
    lone: bool = False

    @property
    def empty(self) -> bool:
        return not any(self.points) and self.barred == -1 and not self.revokes


_VALUE_SOURCES: dict[tuple[str, object], str] = {
    ("misdeal_policy", "deal_passes"): "S002 L13; Leeds & Dwight 1888 s41",
    ("misdeal_policy", "same_dealer"): "X-29, X-36",
    ("faced_card_in_deal", "new_deal"): "Leeds & Dwight 1888 s34",
    ("faced_card_in_deal", "recipient_option"): "S002 L13",
    ("renege_ends_hand", True): "X-29, X-30",
    ("renege_ends_hand", False): "Leeds & Dwight 1888 s70",
}
"""The sources of one value of a law, for a value set over a preset (``--option``)."""


def law_source(rules: Rules, option: str) -> str:
    """``option = value (where it comes from)`` for one of the laws the referee applies:
    the source of the preset ``rules`` are, or were set over (:func:`nearest_preset`),
    naming the preset it inherits the value from, if any (:func:`option_source`), so
    that a preset cites its own code, never another's (dc-club-1862's misdeal law is
    not modern practice's: its code, S000, is silent). A value changed over the preset
    says so, with the sources of that value.

    Raises:
        RulesError: an unknown option.
    """
    value = getattr(rules, option)
    shown = str(value).lower() if isinstance(value, bool) else str(value)
    base = nearest_preset(rules)
    if getattr(preset(base), option) == value:
        setter, source = option_source(base, option)
        where = f"{base}{'' if setter == base else ', as ' + setter}: {source}"
    else:
        where = f"set over {base}: {_VALUE_SOURCES.get((option, value), OPTION_SOURCES[option])}"
    return f"{option} = {shown} ({where})"


def _flag(value: object, what: str) -> bool:
    """A yes-or-no argument, checked: only True or False (a record edited by hand must
    not turn "false" into a yes)."""
    if type(value) is not bool:
        raise RefereeError(f"{what} is true or false, not {value!r}")
    return value
