"""``POST /api/referee``: the referee of real cards for the page ``/referee``
(:mod:`euchre.referee`; RULES.md decision 28).

Stateless: the page keeps the evening's record (in the browser's storage, and as a
download) and sends it with each entry; the server replays it, applies the entry and
answers with the new record, the ruling and the state. Nothing is stored on the server,
so nothing there can be lost; a bad record or entry changes nothing.

Request (JSON object; every field optional)::

    {"rules": {"preset": ..., "target": ..., "house_rules": {...}, "options": {...}},
                       (a new evening's rules: these four fields only, as in
                        POST /api/tables; a table's other fields, bots, seed, host,
                        timer, hints, are refused, named: hub.RULES_FIELDS)
     "dealer": "N",    (a new evening's first dealer, as the table names its seats:
                        N, E, S, W or North...; 1, 2, ... at another table; default
                        the first seat: Table.seat_named)
     "record": RECORD | null,   (the record this endpoint answered last; it holds its
                        rules and first dealer, so rules and dealer with it are refused)
     "entry": "hand N 3" | null}   (one entry as ``euchre referee`` reads it)

Answer 200::

    {"record": RECORD, "ruling": {"law", "source", "outcome", "game_over"} | null,
     "state": {"seats": ["N", "E", "S", "W"], "sides": ["N-S", "E-W"], "score": [1, 0],
               "dealer": "N", "hand_number": 2, "over": false, "bridge": "N-S" | null,
               "counters": ["deuce up ...", ...] | null, "pending": [0, 1],  (scored first with the hand)
               "games": [{"winner": "N-S" | null, "score": [5, 3]}]},
     "rules": "hoyle-1857 with ...", "help": ENTRY_HELP}

Errors (``{"error": {"code", "message"}}``): 400 ``bad_request`` (shape), ``bad_rules``,
``bad_record``, ``bad_entry`` (the entry cannot be true; the message says why); 413 for a
body over the limit.
"""

from __future__ import annotations

from typing import Any

from euchre.core.errors import EuchreError, RecordError
from euchre.core.house_rules import in_effect
from euchre.core.presets import preset_of
from euchre.referee import ENTRY_HELP, Referee, RefereeError, enter
from euchre.server.table_requests import RULES_FIELDS, CreateError, rules_of_request
from euchre.text.counters import counters_text

MAX_ENTRIES = 2000
"""The most entries a record may hold (an evening is a few dozen)."""
MAX_ENTRY_CHARS = 400
"""The longest entry line (a hand card by card is about 300 characters)."""
FIELDS = ("rules", "dealer", "record", "entry")


class RefereeRequestError(Exception):
    """A request refused: its error code and message."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def answer(body: Any, max_target: int) -> dict[str, Any]:
    """The answer to one request (see the module docstring).

    Raises:
        RefereeRequestError: the request is refused; nothing is changed.
    """
    if not isinstance(body, dict):
        raise RefereeRequestError("bad_request", "the body must be a JSON object")
    extra = sorted(str(k)[:40] for k in set(body) - set(FIELDS))
    if extra:
        raise RefereeRequestError("bad_request", f"unknown field(s): {', '.join(extra[:5])}; fields: {', '.join(FIELDS)}")
    record = body.get("record")
    entry = body.get("entry")
    if entry is not None and (not isinstance(entry, str) or len(entry) > MAX_ENTRY_CHARS):
        raise RefereeRequestError("bad_request", f"entry must be a text of at most {MAX_ENTRY_CHARS} characters")
    if record is not None:
        beside = [k for k in ("rules", "dealer") if body.get(k) is not None]
        if beside:
            raise RefereeRequestError("bad_request", f"{' and '.join(beside)} begin a new evening; a record holds its "
                                      "own rules and first dealer: send the record without them, or them without it")
        if not isinstance(record, dict) or not isinstance(record.get("entries"), list) \
                or len(record["entries"]) > MAX_ENTRIES:
            raise RefereeRequestError("bad_record", f"record must be a referee's record of at most {MAX_ENTRIES} entries")
        try:
            ref = Referee.from_dict(record)
        except (RecordError, RefereeError) as exc:
            raise RefereeRequestError("bad_record", str(exc)) from None
    else:
        try:
            given = body.get("rules")
            rules = rules_of_request({} if given is None else given, max_target, field="rules", fields=RULES_FIELDS)[0]
        except CreateError as exc:
            raise RefereeRequestError("bad_rules", exc.message) from None
        dealer = body.get("dealer")
        try:
            first = 0 if dealer is None else rules.table.seat_named(dealer, "dealer")
        except EuchreError as exc:
            raise RefereeRequestError("bad_request", str(exc)) from None
        try:
            ref = Referee(rules, first)
        except RefereeError as exc:
            raise RefereeRequestError("bad_rules", str(exc)) from None
    ruling = None
    if entry is not None:
        if len(ref.entries) >= MAX_ENTRIES:
            raise RefereeRequestError("bad_entry", f"the record holds {MAX_ENTRIES} entries, the most it may")
        try:
            made = enter(ref, entry)
        except EuchreError as exc:
            raise RefereeRequestError("bad_entry", str(exc)) from None
        ruling = {"law": made.law, "source": made.source, "outcome": made.outcome, "game_over": made.game_over} \
            if made is not None else {"law": "", "source": "", "outcome": "The next game begins.", "game_over": False}
    return {"record": ref.to_dict(), "ruling": ruling, "state": _state(ref), "rules": _title(ref), "help": ENTRY_HELP}


def _title(ref: Referee) -> str:
    name = preset_of(ref.rules)
    if name is not None:
        return name
    house = in_effect(ref.rules)
    return "a preset with changed options" + (f" (house rules on: {'; '.join(house)})" if house else "")


def _state(ref: Referee) -> dict[str, Any]:
    table = ref.table
    rules = ref.rules
    bridge = ref.bridge
    shown = None
    if rules.score_display != "numeric":
        shown = [counters_text(rules.score_display, p) or "beyond the counters" for p in ref.score]
    return {
        "seats": list(table.letters), "sides": list(table.team_names), "score": list(ref.score),
        "dealer": table.letters[ref.dealer], "hand_number": ref.hand_number, "over": ref.is_over,
        "bridge": table.team_names[bridge] if bridge is not None else None, "counters": shown,
        "pending": list(ref.pending),
        "target": rules.game_target if rules.plays_to_target else None,
        "games": [{"winner": table.team_names[g.winner] if g.winner is not None else None, "score": list(g.score)}
                  for g in ref.games],
    }
