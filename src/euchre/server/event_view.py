"""What the event pages show (:meth:`euchre.server.event_web.EventWeb.view`): the
event's definition in words, the round's tables with their seats, first dealers,
results and online tables (with their seat links for the organiser only), the bracket,
the standings and the round's clock, as JSON."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from euchre.core.house_rules import in_effect
from euchre.events.event import Event
from euchre.events.movements import SEATS
from euchre.events.spec import PROGRESSIVE
from euchre.events.tally import TableResult
from euchre.events.tournament import ELIMINATION

if TYPE_CHECKING:
    from euchre.server.event_request import TableSettings


def _json_row(row: object) -> dict[str, Any]:
    out: dict[str, Any] = asdict(row)  # type: ignore[call-overload]
    return out


def event_view(event: Event, open_tables: Sequence[tuple[str, tuple[int, int, int, int], int | None]],
               online: dict[str, tuple[str, tuple[int, int, int, int], bool]], status: dict[str, str | None],
               minutes: int | None, started: float | None, now: float, organiser: str | None,
               base: str, settings: TableSettings) -> dict[str, Any]:
    """The event as JSON for its pages.

    Args:
        event: the event with its log.
        open_tables: ``(key, players by seat, first dealer)`` of the open tables.
        online: per key, the online table ``(table id, players by seat, collected)``.
        status: per key of ``online``, its table's status when loaded (else None).
        minutes: the minutes per round, or None.
        started: when the round was seated (seconds since the epoch), or None.
        now: the server's clock.
        organiser: the organiser token (the seat links are shown), or None.
        base: the start of the links (``--public-url``) or "".
        settings: the hints and timer of the online tables (shown as ``hints``, ``timer``).
    """
    from euchre.server.event_tokens import seat_token

    ordered = [k for k, _, _ in open_tables]
    open_keys = set(ordered)
    spec = event.spec
    bots = set(spec.bots)
    n = event.rounds_seated

    def player(p: int) -> dict[str, Any]:
        return {"name": spec.players[p], "bot": spec.players[p] in bots}

    def online_json(key: str) -> dict[str, Any] | None:
        if key not in online:
            return None
        table_id = online[key][0]
        out: dict[str, Any] = {"status": status[key], "collected": online[key][2]}
        if organiser is not None:  # the table's id opens its records and replays: the organiser's only
            out["table"] = table_id
            out["links"] = {s: f"{base}/play#{seat_token(organiser, table_id, s)}" for s in (*SEATS, "spectator")}
        return out

    tables: list[dict[str, Any]] = []
    if spec.format == PROGRESSIVE and n:
        for t in event.seatings[-1].tables:
            key = f"{n}.{t.table}"
            done: TableResult | None = event.tables.get((n, t.table))
            tables.append({"key": key, "table": str(t.table), "label": f"Table {t.table}",
                           "seats": [{"seat": SEATS[s], **player(p)} for s, p in enumerate(t.seats)],
                           "dealer": SEATS[t.dealer], "open": key in open_keys,
                           "result": None if done is None else {
                               "totals": list(done.totals), "winner": ["N-S", "E-W"][done.winner],
                               "decided_by": done.decided_by, "source": done.source, "hands": len(done.hands)},
                           "online": online_json(key)})
    elif spec.format != PROGRESSIVE:
        keys = ordered
        if spec.format not in ELIMINATION and n:
            keys = [f"{n}.{p.table}" for p in event.pairings[-1].pairings]
        for key in keys:
            a, b = event.match_teams(key)
            (a0, a1), (b0, b1) = spec.team_players(a), spec.team_players(b)
            m = event.matches.get(key)
            tables.append({"key": key, "table": key, "label": f"Match {key}",
                           "seats": [{"seat": s, **player(p)} for s, p in zip(SEATS, (a0, b0, a1, b1), strict=True)],
                           "dealer": None, "open": key in open_keys,
                           "teams": [spec.team_names[a], spec.team_names[b]],
                           "result": None if m is None else {"score": list(m.score), "winner": m.winner,
                                                             "source": m.source},
                           "online": online_json(key)})
    bracket = []
    if spec.format in ELIMINATION:
        state = event.bracket_state()
        for bm in event.bracket:
            teams = state.teams.get(bm.id, (None, None))
            res = event.matches.get(bm.id)
            bracket.append({"id": bm.id, "round": bm.round_name,
                            "teams": [None if t is None else "bye" if t < 0 else spec.team_names[t] for t in teams],
                            "score": None if res is None else list(res.score),
                            "winner": None if bm.id not in state.winners or state.winners[bm.id] < 0
                            else spec.team_names[state.winners[bm.id]]})
    rules = event.rules
    return {
        "event": spec.name, "title": spec.title or spec.name, "format": spec.format,
        "players": [player(p) for p in range(len(spec.players))],
        "teams": spec.team_names if spec.format != PROGRESSIVE else [],
        "rounds": spec.rounds, "round": n, "movement": spec.movement if spec.format == PROGRESSIVE else None,
        "preset": spec.preset, "house_rules": in_effect(rules), "house_scoring": spec.house.describe(),
        "hands": None if rules.plays_to_target else rules.progressive_hands,
        "target": rules.game_target if rules.plays_to_target else None, "bot_level": spec.bot_level,
        "minutes": minutes, "round_started": started,
        "round_ends": None if not minutes or started is None or not n else started + 60 * minutes,
        "now": now, "tiebreaks": list(spec.breaks),
        "tables": tables, "open": sorted(open_keys), "can_next": event.next_round_entry() is not None,
        "is_over": event.is_over, "standings": [_json_row(s) for s in event.standings()],
        "bracket": bracket, "results": event.results(), "duplicate": spec.duplicate,
        "hints": settings.hints, "timer": settings.timer,
    }
