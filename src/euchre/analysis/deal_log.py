"""The arena's duplicate deals, one JSON object a line, and the pooling of several runs.

``euchre arena --deals-out FILE.jsonl`` writes every duplicate deal a run played, so that
runs of other seeds (other deals) can later be pooled deal by deal into one figure
(``bench/pool_arena.py``) instead of by hand from their intervals.

The file (JSON Lines, UTF-8; one run a file):

* line 1, the run: ``{"format": "euchre-arena-deals", "version": 1, "command": [...],
  "rules": [...], "options": {...}, "seed": S, "seats": n, "sides": m}``: the command that
  played it (argv), the arguments that rebuild its rules (``--preset``, ``--target``,
  ``--rule``, ``--option``), every option of those rules
  (:meth:`~euchre.core.rules.Rules.to_dict`), the match seed, and the table's seats and
  sides;
* then one line a duplicate deal: ``{"a": A, "b": B, "protocol": P, "index": i,
  "dealer": d, "points": [[a, b], ...], "held": [h, ...]}``: the pairing's labels, the
  protocol it was asked under (``table``, ``outside``), the deal's number in the match
  (from 0), the dealer's seat, per play A's and B's points and the sides A held
  (:class:`~euchre.analysis.duplicate.DuplicateDeal`).

Deals are pooled when their rules (the options, however they were spelled), pairing and
protocol are the same. A deal is named by its seed and index: two runs of one seed play
the same deals, so such a deal is kept once where both gave the same result, and refused
where they differ (runs of other code, or a bot that does not repeat from its seed, such
as OpenSpiel's ISMCTS): pool runs of other seeds.
"""

from __future__ import annotations

import json
import os
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from euchre.analysis.duplicate import DuplicateDeal, MatchRecord, arrangements
from euchre.analysis.out_file import check_out_file
from euchre.analysis.protocols import PROTOCOLS
from euchre.core.errors import EuchreError
from euchre.core.rules import Rules

FORMAT = "euchre-arena-deals"
"""The ``format`` of a deal log's first line."""

VERSION = 1
"""The version of the format this module writes and reads."""

MAX_POINTS = 1000
"""The most points a side may score on one hand in a log read (a hand scores a few; a
larger number is an edit, refused)."""


@dataclass(frozen=True)
class PoolKey:
    """What must be the same for deals to be pooled: the rules (every option, as sorted
    JSON), the pairing (A's and B's labels) and the protocol."""

    options: str
    a: str
    b: str
    protocol: str


@dataclass(frozen=True)
class Pooled:
    """One pairing's deals under one protocol, pooled over runs.

    Attributes:
        key: the rules, pairing and protocol.
        rules: the arguments that rebuild the rules, as the first run pooled gave them.
        record: the deals, by seed then index (no games).
        names: ``(seed, index)`` of each deal of ``record``.
        repeated: deals found in more than one run with the same result, kept once.
    """

    key: PoolKey
    rules: tuple[str, ...]
    record: MatchRecord
    names: tuple[tuple[int, int], ...]
    repeated: int

    @property
    def seeds(self) -> tuple[int, ...]:
        """The match seeds pooled, in order."""
        return tuple(sorted({s for s, _ in self.names}))


def deal_log_lines(command: Sequence[str], rules_argv: Sequence[str], rules: Rules, seed: int,
                   runs: Iterable[tuple[str, str, str, MatchRecord]]) -> list[str]:
    """The lines of a deal log (each without its newline).

    Args:
        command: the argv of the run (for the reader).
        rules_argv: the arguments that rebuild the run's rules.
        rules: those rules.
        seed: the match seed.
        runs: per pairing and protocol, ``(A's label, B's label, protocol, its record)``.
    """
    head = {"format": FORMAT, "version": VERSION, "command": list(command), "rules": list(rules_argv),
            "options": rules.to_dict(), "seed": seed, "seats": rules.table.seats, "sides": len(rules.table.teams)}
    lines = [json.dumps(head)]
    for a, b, protocol, record in runs:
        for d in record.deals:
            lines.append(json.dumps({"a": a, "b": b, "protocol": protocol, "index": d.index, "dealer": d.dealer,
                                     "points": [list(p) for p in d.points], "held": list(d.held)}))
    return lines


def check_log_path(path: str | Path) -> Path:
    """Check, before a long run, that a deal log can be written to ``path``.

    Raises:
        EuchreError: as :func:`~euchre.analysis.out_file.check_out_file` (a name not
            ending in ``.jsonl``, a directory missing or not writable, ...).
    """
    return check_out_file(path, what="the deal log", kind="a JSON Lines file", suffix=".jsonl")


def write_deal_log(path: str | Path, lines: Sequence[str]) -> Path:
    """Write ``lines`` to ``path``, replacing it whole (written to a new file beside it,
    then renamed over it). The file gets the permissions any new file of the user gets
    (``0o666`` less the umask), as if ``open(path, "w")`` had made it.

    Raises:
        EuchreError: as :func:`check_log_path`, or the write failed (nothing replaced).
    """
    out = check_log_path(path)
    part = out.parent / f".{out.name}.{os.getpid()}.{secrets.token_hex(6)}.part"
    made = False
    try:
        # os.open with 0o666 lets the umask decide the mode, where a temporary file
        # (tempfile) is always 0o600, unreadable to the user's group.
        fd = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        made = True
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write("".join(line + "\n" for line in lines))
        os.replace(part, out)
    except OSError as exc:
        if made and part.is_file():
            part.unlink()
        raise EuchreError(f"cannot write the deal log {str(path)!r}: {exc.strerror or exc}") from None
    return out


def _fail(path: Path, line: int, what: str) -> EuchreError:
    return EuchreError(f"{path}, line {line}: {what}")


def _whole(value: object, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


@dataclass(frozen=True)
class _Head:
    rules: tuple[str, ...]
    options: str
    seed: int
    seats: int
    held: tuple[int, ...]


def _head(row: dict[str, Any], path: Path) -> _Head:
    if row.get("format") != FORMAT:
        raise EuchreError(f"{path} is not a deal log of euchre arena (its first line names no format {FORMAT!r})")
    if not (type(row.get("version")) is int and row["version"] == VERSION):
        raise _fail(path, 1, f"version {row.get('version')!r} is not {VERSION}, the version this euchre reads")
    rules = row.get("rules")
    if not (isinstance(rules, list) and all(isinstance(r, str) for r in rules)):
        raise _fail(path, 1, f"'rules' must be a list of arguments, not {rules!r}")
    if type(row.get("seed")) is not int:
        raise _fail(path, 1, f"'seed' must be a whole number, not {row.get('seed')!r}")
    options = row.get("options")
    if not isinstance(options, dict):
        raise _fail(path, 1, f"'options' must be the options of rules by name, not {options!r}")
    try:
        parsed = Rules.from_dict(options)
    except (EuchreError, TypeError, ValueError) as exc:
        raise _fail(path, 1, f"'options' are not the options of rules ({exc})") from None
    table = parsed.table
    if row.get("seats") != table.seats or row.get("sides") != len(table.teams):
        raise _fail(path, 1, f"'seats' and 'sides' must be those of its rules ({table.seats} and {len(table.teams)})")
    held = tuple(len(a) for a in arrangements(table))
    return _Head(tuple(rules), json.dumps(parsed.to_dict(), sort_keys=True), row["seed"], table.seats, held)


def _deal(row: dict[str, Any], head: _Head, path: Path, line: int) -> tuple[PoolKey, DuplicateDeal]:
    if "format" in row:
        raise _fail(path, line, "another run's first line: a deal log holds one run (name each run's file)")
    a, b, protocol = (row.get(k) for k in ("a", "b", "protocol"))
    if not (isinstance(a, str) and a and isinstance(b, str) and b):
        raise _fail(path, line, "'a' and 'b' must be the pairing's names")
    if protocol not in PROTOCOLS:
        raise _fail(path, line, f"'protocol' must be one of {', '.join(PROTOCOLS)}, not {protocol!r}")
    if not _whole(row.get("index"), 0, 10**12):
        raise _fail(path, line, f"'index' must be a deal's number (0 or more), not {row.get('index')!r}")
    if not _whole(row.get("dealer"), 0, head.seats - 1):
        raise _fail(path, line, f"'dealer' must be a seat 0..{head.seats - 1}, not {row.get('dealer')!r}")
    points = row.get("points")
    plays = len(head.held)
    if not (isinstance(points, list) and len(points) == plays and all(
            isinstance(p, list) and len(p) == 2 and all(_whole(x, -MAX_POINTS, MAX_POINTS) for x in p)
            for p in points)):
        raise _fail(path, line, f"'points' must be {plays} plays' [A, B] points at this table, not {points!r}")
    held = row.get("held")
    if held != list(head.held):
        raise _fail(path, line, f"'held' must be the sides A holds in each play at this table, "
                                f"{list(head.held)}, not {held!r}")
    deal = DuplicateDeal(row["index"], row["dealer"], tuple((p[0], p[1]) for p in points), head.held)
    return PoolKey(head.options, a, b, protocol), deal


def read_deal_log(path: str | Path) -> tuple[dict[str, Any], list[tuple[PoolKey, DuplicateDeal]]]:
    """Read a deal log: its first line and its deals, each with its pool key. Blank lines
    are passed over; a UTF-8 byte order mark and CRLF line ends are taken.

    Raises:
        EuchreError: the file cannot be read, is not a deal log of this version, or a
            line is not what :func:`deal_log_lines` writes (the file and line named).
    """
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise EuchreError(f"cannot read the deal log {str(p)!r}: {getattr(exc, 'strerror', None) or exc}") from None
    head: _Head | None = None
    first: dict[str, Any] = {}
    deals = []
    for number, line in enumerate(text.split("\n"), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except (ValueError, RecursionError) as exc:  # JSONDecodeError, or a number or nesting past the limits
            raise _fail(p, number, f"not a line of a deal log ({getattr(exc, 'msg', None) or exc})") from None
        if not isinstance(row, dict):
            raise _fail(p, number, "not a JSON object")
        if head is None:
            head, first = _head(row, p), row
        else:
            deals.append(_deal(row, head, p, number))
    if head is None:
        raise EuchreError(f"{p} is not a deal log of euchre arena (it is empty)")
    return first, deals


def pool_deal_logs(paths: Sequence[str | Path]) -> list[Pooled]:
    """Pool the deals of several deal logs by rules, pairing and protocol.

    Returns:
        one :class:`Pooled` per key, in the order first met.

    Raises:
        EuchreError: as :func:`read_deal_log`; no path, one file named twice, or no
            deal in any; or one deal (seed and index, rules, pairing and protocol) found
            twice with another result (runs of other code, or a bot that does not repeat:
            pool runs of other seeds).
    """
    if not paths:
        raise EuchreError("nothing to pool: name one deal log or more")
    seen: dict[Path, str] = {}
    for path in paths:
        real = Path(path).resolve()
        if real in seen:
            raise EuchreError(f"{path} is named twice (as {seen[real]}): name each run's log once")
        seen[real] = str(path)
    found: dict[PoolKey, dict[tuple[int, int], tuple[DuplicateDeal, str]]] = {}
    rules: dict[PoolKey, tuple[str, ...]] = {}
    repeated: dict[PoolKey, int] = {}
    for path in paths:
        first, deals = read_deal_log(path)
        seed = first["seed"]
        argv = tuple(first["rules"])
        for key, deal in deals:
            by_deal = found.setdefault(key, {})
            rules.setdefault(key, argv)
            repeated.setdefault(key, 0)
            name = (seed, deal.index)
            if name in by_deal:
                before, where = by_deal[name]
                if (before.dealer, before.points) != (deal.dealer, deal.points):
                    raise EuchreError(
                        f"deal {deal.index} of seed {seed} ({key.a} against {key.b}, {key.protocol}): "
                        f"dealer {before.dealer}, points {[list(x) for x in before.points]} in {where}, but "
                        f"dealer {deal.dealer}, points {[list(x) for x in deal.points]} in {path}: runs of other "
                        "code, or a bot that does not repeat from its seed; pool runs of other seeds")
                repeated[key] += 1
                continue
            by_deal[name] = (deal, str(path))
    if not found:
        raise EuchreError("the deal logs hold no deal")
    out = []
    for key, by_deal in found.items():
        names = tuple(sorted(by_deal))
        out.append(Pooled(key, rules[key], MatchRecord(tuple(by_deal[n][0] for n in names), ()), names,
                          repeated[key]))
    return out
