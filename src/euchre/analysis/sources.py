"""Where a duplicate margin comes from: the bidding or the card play.

At a table of two sides each duplicate deal is played twice, the sides' seats exchanged
(:mod:`euchre.analysis.duplicate`). When both plays end in the same contract (the same
seat makes the same trump, alone or not, against the same lone defender or none), the
bidding was the same at both tables and the deal's margin is the card play's (the
dealer's discard included). Otherwise the bidding differed, and the deal's margin is
the bidding's and the play that followed it, by what differed:

========================== ==================================================================
``same contract``          the same contract at both tables: the card play
``same makers, other``     the same side's cards made trump at both tables, another maker,
                           trump or lone call
``A called, B passed``     A made trump at one table; at the other B held those cards and
                           passed, and nobody made trump
``B called, A passed``     the same the other way round
``A made at both``         A's side made trump at both tables, holding either side's cards
``B made at both``         the same for B
``passed out at both``     nobody made trump at either table (passed out or thrown in; a stuck
                           dealer's forfeit scores a point)
========================== ==================================================================

Each deal falls in one class, so the classes' contributions (the deal's margin where the
deal is in the class, 0 elsewhere, averaged over every deal) add up to the whole margin
per hand. Sides are named as in the duplicate match: A holds the first side (North-South,
or player 1) in the first play and the second in the second.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from euchre.analysis.contract import Contract as Contract
from euchre.analysis.duplicate import DuplicateDeal
from euchre.analysis.stats import mean_interval
from euchre.core.errors import EuchreTypeError, EuchreValueError
from euchre.core.seats import Table

SAME_CONTRACT = "same contract"
SAME_MAKERS = "same makers, other"
A_CALLED = "A called, B passed"
B_CALLED = "B called, A passed"
A_BOTH = "A made at both"
B_BOTH = "B made at both"
PASSED_OUT = "passed out at both"

SOURCES: tuple[str, ...] = (SAME_CONTRACT, SAME_MAKERS, A_CALLED, B_CALLED, A_BOTH, B_BOTH, PASSED_OUT)
"""The classes of a duplicate deal, in the order they are reported (module docstring)."""


def source_of(contracts: Sequence[Contract], table: Table) -> str:
    """The class of a duplicate deal (one of :data:`SOURCES`) from its two plays'
    contracts, A holding side 0 in the first and side 1 in the second.

    Raises:
        EuchreTypeError: ``table`` not a :class:`~euchre.core.seats.Table`, or
            ``contracts`` not a list or tuple of :class:`Contract`.
        EuchreValueError: not two contracts, a table of more than two sides, or a seat
            the table does not have (:meth:`Contract.check`).
    """
    if not isinstance(table, Table):
        raise EuchreTypeError(f"the table is a Table (rules.table), not {type(table).__name__}")
    if not isinstance(contracts, (list, tuple)) or not all(isinstance(c, Contract) for c in contracts):
        raise EuchreTypeError(f"the contracts are a list or tuple of Contract, not {contracts!r}")
    if len(table.teams) != 2:
        raise EuchreValueError(f"the sources of a margin are for tables of two sides, not {len(table.teams)}")
    if len(contracts) != 2:
        raise EuchreValueError(f"a duplicate deal at a table of two sides is played twice, not {len(contracts)} plays")
    makers: list[int | None] = []
    for contract in contracts:
        contract.check(table)
        makers.append(None if contract.maker is None else table.team[contract.maker])
    first, second = makers
    if first is None and second is None:
        return PASSED_OUT
    if contracts[0] == contracts[1]:
        return SAME_CONTRACT
    if first == second:
        return SAME_MAKERS
    # A's side was side 0 in the first play and side 1 in the second.
    a_made = (first == 0, second == 1)
    b_made = (first == 1, second == 0)
    if all(a_made):
        return A_BOTH
    if all(b_made):
        return B_BOTH
    return A_CALLED if any(a_made) else B_CALLED


@dataclass(frozen=True)
class SourceFigure:
    """One class's part of a pairing's margin.

    Attributes:
        source: the class (one of :data:`SOURCES`).
        deals: the duplicate deals in it; ``share`` their part of all the deals (0..1).
        mean: A's margin per hand over those deals alone (points; 0.0 when there are
            none).
        contribution: its part of A's whole margin per hand (points per hand over every
            deal; the classes' contributions add up to the margin).
        contribution_ci: the 95% interval of ``contribution`` (points per hand), None
            with fewer than two deals.
    """

    source: str
    deals: int
    share: float
    mean: float
    contribution: float
    contribution_ci: tuple[float, float] | None


def margin_sources(deals: Sequence[DuplicateDeal], table: Table) -> list[SourceFigure]:
    """Each class's part of A's margin over ``deals`` (played with their contracts kept,
    :func:`euchre.analysis.duplicate.play_duplicate_deal`), in the order of
    :data:`SOURCES`.

    Raises:
        EuchreTypeError: ``deals`` not a list or tuple of duplicate deals (a
            :class:`~euchre.analysis.duplicate.MatchRecord` holds them as ``.deals``).
        EuchreValueError: no deals, a deal without its contracts or not of two plays
            with A holding one side in each, or a table of more than two sides.
    """
    if not isinstance(deals, (list, tuple)) or not all(isinstance(d, DuplicateDeal) for d in deals):
        raise EuchreTypeError(f"the deals are a list or tuple of DuplicateDeal (a MatchRecord's .deals), not "
                              f"{type(deals).__name__}")
    if not deals:
        raise EuchreValueError("the sources of a margin need at least one duplicate deal")
    classes = []
    for deal in deals:
        if not deal.contracts:
            raise EuchreValueError(f"duplicate deal {deal.index} was recorded without its contracts")
        if len(deal.points) != 2 or len(deal.contracts) != 2 or tuple(deal.held) != (1, 1):
            raise EuchreValueError(f"duplicate deal {deal.index} is not two plays with A holding one side in each "
                                   f"(held {deal.held}, {len(deal.points)} plays, {len(deal.contracts)} contracts)")
        classes.append(source_of(deal.contracts, table))
    margins = [d.margin for d in deals]
    figures = []
    for source in SOURCES:
        inside = [m for m, c in zip(margins, classes, strict=True) if c == source]
        parts = [m if c == source else 0.0 for m, c in zip(margins, classes, strict=True)]
        ci = mean_interval(parts)
        figures.append(SourceFigure(source, len(inside), len(inside) / len(deals),
                                    sum(inside) / len(inside) if inside else 0.0, sum(parts) / len(parts),
                                    None if ci is None else (ci[1], ci[2])))
    return figures
