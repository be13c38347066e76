"""An event's exports for people and spreadsheets: the standings as CSV, and the event,
its results and standings as JSON, every player and team by name.

The event's log numbers its players (their place in the list of names) and its teams;
an export names them instead, so that a file read without the event still says who
played where: a table's seats N, E, S, W as names, a lone hand's player by his seat
letter, a table's winners as ``N-S`` or ``E-W``, a match's teams and winner by the
team's name (``"Ann & Bob"``). ``euchre event export`` and the server's downloads
(``standings.csv``, ``event.json``) both write these.
"""

from __future__ import annotations

from typing import Any

from euchre.events.event import Event
from euchre.events.hand_tally import SEATS
from euchre.events.spec import PROGRESSIVE
from euchre.events.spreadsheet import to_csv, to_json

SIDE_NAMES = ("N-S", "E-W")
"""A table's sides by number (0, 1), as the exports name them."""


def named_results(event: Event) -> list[dict[str, Any]]:
    """Every result in force (:meth:`Event.results`), in round and table (match) order,
    with names for numbers.

    A progressive table: ``round``, ``table``, ``seats`` (the four players' names, N, E,
    S, W), ``hands`` (each ``points`` per seat N, E, S, W, ``loner``: the seat letter of
    a lone hand made, or None, and ``label``), ``totals`` (per seat), ``winner``
    (``N-S`` or ``E-W``), ``decided_by``, ``source``. A tournament's match: ``key``,
    ``teams`` (the two teams' names, the first North-South), ``score``, ``winner`` (the
    winning team's name, or None for a tie), ``source``.
    """
    players = event.spec.players
    out: list[dict[str, Any]] = []
    if event.spec.format == PROGRESSIVE:
        for key in sorted(event.tables):
            r = event.tables[key]
            out.append({
                "round": r.round, "table": r.table, "seats": [players[p] for p in r.seats],
                "hands": [{"points": list(h.points), "loner": None if h.loner is None else SEATS[h.loner],
                           "label": h.label} for h in r.hands],
                "totals": list(r.totals), "winner": SIDE_NAMES[r.winner], "decided_by": r.decided_by,
                "source": r.source})
        return out
    teams = event.spec.team_names
    for m in event.matches.values():
        out.append({"key": m.key, "teams": [teams[t] for t in m.teams], "score": list(m.score),
                    "winner": None if m.winning_team is None else teams[m.winning_team], "source": m.source})
    return out


def standings_csv(event: Event) -> str:
    """The standings as CSV (:func:`euchre.events.tally.to_csv`: each player or team by
    name)."""
    return to_csv(event.standings())


def event_json(event: Event) -> str:
    """The event as JSON: ``event`` (its definition, :meth:`EventSpec.to_dict`),
    ``results`` (:func:`named_results`) and ``standings`` (each player or team by name,
    :func:`euchre.events.tally.to_json`)."""
    return to_json(event.standings(), event=event.spec.to_dict(), results=named_results(event))
