"""How the bidding of one hand ended: its contract (who made which trump, alone or not,
against a lone defender or none), as a duplicate deal records it for each play and
:mod:`euchre.analysis.sources` compares it between the two tables."""

from __future__ import annotations

from dataclasses import dataclass

from euchre.core.cards import NO_TRUMP
from euchre.core.errors import EuchreTypeError, EuchreValueError
from euchre.core.hand import HandResult
from euchre.core.seats import Table


@dataclass(frozen=True)
class Contract:
    """How the bidding of one hand ended.

    Attributes:
        maker: the seat that made trump, or None when nobody did (passed out, thrown in).
        trump: the trump suit (0..3, or 4 for no trump), or None (none made, or not
            recorded: a table-mode referee's result names the maker only).
        alone: the maker's seat (or his partner's) playing a lone hand, or None.
        defender_alone: the seat defending alone, or None.
    """

    maker: int | None
    trump: int | None
    alone: int | None
    defender_alone: int | None

    def __post_init__(self) -> None:
        for name in ("maker", "trump", "alone", "defender_alone"):
            value = getattr(self, name)
            if value is not None and (type(value) is not int or value < 0):
                raise EuchreTypeError(f"a contract's {name} is a whole number >= 0 or None, not {value!r}")
        if self.trump is not None and self.trump > NO_TRUMP:
            raise EuchreValueError(f"a contract's trump is 0..3 or {NO_TRUMP} (no trump), not {self.trump}")
        if self.maker is None and (self.alone, self.defender_alone) != (None, None):
            raise EuchreValueError("a contract without a maker has nobody alone")

    @classmethod
    def of(cls, result: HandResult) -> Contract:
        """The contract a finished hand was played in.

        Raises:
            EuchreTypeError: not a :class:`~euchre.core.hand.HandResult`.
        """
        if not isinstance(result, HandResult):
            raise EuchreTypeError(f"a contract is read from a HandResult, not {type(result).__name__}")
        return cls(result.maker, result.trump, result.alone, result.defender_alone)

    def check(self, table: Table) -> None:
        """Check the contract's seats against ``table``: the maker and the lone hand on
        one side, the lone defender on another.

        Raises:
            EuchreValueError: a seat the table does not have, or on the wrong side.
        """
        if self.maker is None:
            return
        maker = table.seat(self.maker, "the maker")
        if self.alone is not None and table.team[table.seat(self.alone, "the lone hand")] != table.team[maker]:
            raise EuchreValueError(f"the lone hand at seat {self.alone} is not on the maker's side (seat {maker})")
        if (self.defender_alone is not None
                and table.team[table.seat(self.defender_alone, "the lone defender")] == table.team[maker]):
            raise EuchreValueError(f"the lone defender at seat {self.defender_alone} is on the maker's side")
