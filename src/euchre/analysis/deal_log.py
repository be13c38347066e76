"""The arena's duplicate deals, one JSON object a line, and the pooling of several runs.

``euchre arena --deals-out FILE.jsonl`` writes every duplicate deal a run played, so that
runs of other seeds (other deals) can later be pooled deal by deal into one figure
(``bench/pool_arena.py``) instead of by hand from their intervals.

The file (JSON Lines, UTF-8):

* line 1, the run: ``{"format": "euchre-arena-deals", "version": 1, "command": [...],
  "rules": [...], "seed": S}``: the command that played it (argv), the arguments that
  rebuild its rules (``--preset``, ``--target``, ``--rule``, ``--option``) and the match
  seed;
* then one line a duplicate deal: ``{"a": A, "b": B, "protocol": P, "index": i,
  "dealer": d, "points": [[a, b], ...], "held": [h, ...]}``: the pairing's labels, the
  protocol it was asked under (``table``, ``outside``), the deal's number in the match
  (from 0), the dealer's seat, per play A's and B's points and the sides A held
  (:class:`~euchre.analysis.duplicate.DuplicateDeal`).

A deal is named by its run's rules, seed and index: two runs of one seed play the same
deals. Pooling keeps such a deal once where both gave the same points, and refuses it
where they differ (runs of other code, or a bot that does not repeat from its seed, such
as OpenSpiel's ISMCTS): pool runs of other seeds.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from euchre.analysis.duplicate import DuplicateDeal, MatchRecord
from euchre.core.errors import EuchreError

FORMAT = "euchre-arena-deals"
"""The ``format`` of a deal log's first line."""

VERSION = 1
"""The version of the format this module writes and reads."""


@dataclass(frozen=True)
class PoolKey:
    """What must be the same for deals to be pooled: the rules (as the arguments that
    rebuild them), the pairing (A's and B's labels) and the protocol."""

    rules: tuple[str, ...]
    a: str
    b: str
    protocol: str


@dataclass(frozen=True)
class Pooled:
    """One pairing's deals pooled over runs.

    Attributes:
        key: the rules, pairing and protocol.
        record: the deals, by seed then index (no games).
        seeds: the match seeds pooled, in order.
        repeated: deals found in more than one run with the same points, kept once.
    """

    key: PoolKey
    record: MatchRecord
    seeds: tuple[int, ...]
    repeated: int


def deal_log_lines(command: Sequence[str], rules: Sequence[str], seed: int,
                   runs: Iterable[tuple[str, str, str, MatchRecord]]) -> list[str]:
    """The lines of a deal log (each without its newline).

    Args:
        command: the argv of the run (for the reader).
        rules: the arguments that rebuild the run's rules.
        seed: the match seed.
        runs: per pairing and protocol, ``(A's label, B's label, protocol, its record)``.
    """
    head = {"format": FORMAT, "version": VERSION, "command": list(command), "rules": list(rules), "seed": seed}
    lines = [json.dumps(head)]
    for a, b, protocol, record in runs:
        for d in record.deals:
            lines.append(json.dumps({"a": a, "b": b, "protocol": protocol, "index": d.index, "dealer": d.dealer,
                                     "points": [list(p) for p in d.points], "held": list(d.held)}))
    return lines


def check_log_path(path: str | Path) -> Path:
    """Check, before a long run, that a deal log can be written to ``path``.

    Raises:
        EuchreError: the name does not end in ``.jsonl``, its directory does not exist,
            or the name is taken by something other than a file.
    """
    out = Path(path)
    if out.suffix.lower() != ".jsonl":
        raise EuchreError(f"the deal log is a JSON Lines file; its name must end in .jsonl, not {str(out)!r}")
    if not out.parent.is_dir():
        raise EuchreError(f"cannot write the deal log {str(out)!r}: there is no directory {str(out.parent)!r}")
    if out.exists() and not out.is_file():
        raise EuchreError(f"cannot write the deal log {str(out)!r}: it exists and is not a regular file")
    return out


def write_deal_log(path: str | Path, lines: Sequence[str]) -> Path:
    """Write ``lines`` to ``path`` (replaced whole: written beside it, then renamed).

    Raises:
        EuchreError: as :func:`check_log_path`, or the write failed (nothing replaced).
    """
    out = check_log_path(path)
    part = out.with_name(out.name + ".part")
    try:
        part.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
        part.replace(out)
    except OSError as exc:
        part.unlink(missing_ok=True)
        raise EuchreError(f"cannot write the deal log {str(out)!r}: {exc.strerror or exc}") from None
    return out


def _fail(path: Path, line: int, what: str) -> EuchreError:
    return EuchreError(f"{path}, line {line}: {what}")


def _int(obj: dict[str, Any], name: str, path: Path, line: int, least: int = 0) -> int:
    value = obj.get(name)
    if type(value) is not int or value < least:
        raise _fail(path, line, f"{name!r} must be a whole number >= {least}, not {value!r}")
    return value


def _pairs(value: object, path: Path, line: int) -> tuple[tuple[int, int], ...]:
    if not isinstance(value, list) or not value:
        raise _fail(path, line, f"'points' must be a list of [A, B] points, not {value!r}")
    out = []
    for p in value:
        if not (isinstance(p, list) and len(p) == 2 and all(type(x) is int for x in p)):
            raise _fail(path, line, f"'points' must be a list of [A, B] points, not {value!r}")
        out.append((p[0], p[1]))
    return tuple(out)


def read_deal_log(path: str | Path) -> tuple[dict[str, Any], list[tuple[PoolKey, DuplicateDeal]]]:
    """Read a deal log: its first line and its deals, each with its pool key.

    Raises:
        EuchreError: the file cannot be read, is not a deal log of this version, or a
            line is not what :mod:`this module <euchre.analysis.deal_log>` writes (the
            file and line named).
    """
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise EuchreError(f"cannot read the deal log {str(p)!r}: {getattr(exc, 'strerror', None) or exc}") from None
    rows: list[Any] = []
    for number, line in enumerate(text.splitlines(), 1):
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError as exc:
            raise _fail(p, number, f"not JSON ({exc.msg})") from None
        if not isinstance(rows[-1], dict):
            raise _fail(p, number, "not a JSON object")
    if not rows or rows[0].get("format") != FORMAT:
        raise EuchreError(f"{p} is not a deal log of euchre arena (its first line names no format {FORMAT!r})")
    head = rows[0]
    if head.get("version") != VERSION:
        raise _fail(p, 1, f"version {head.get('version')!r} is not {VERSION}, the version this euchre reads")
    rules = head.get("rules")
    if not (isinstance(rules, list) and all(isinstance(r, str) for r in rules)):
        raise _fail(p, 1, f"'rules' must be a list of arguments, not {rules!r}")
    if type(head.get("seed")) is not int:
        raise _fail(p, 1, f"'seed' must be a whole number, not {head.get('seed')!r}")
    deals = []
    for number, row in enumerate(rows[1:], 2):
        labels = [row.get(k) for k in ("a", "b", "protocol")]
        if not all(isinstance(x, str) and x for x in labels):
            raise _fail(p, number, "'a', 'b' and 'protocol' must be names")
        points = _pairs(row.get("points"), p, number)
        held = row.get("held")
        if not (isinstance(held, list) and len(held) == len(points) and all(type(h) is int and h >= 1 for h in held)):
            raise _fail(p, number, f"'held' must give the sides A held in each play, not {held!r}")
        deal = DuplicateDeal(_int(row, "index", p, number), _int(row, "dealer", p, number), points, tuple(held))
        deals.append((PoolKey(tuple(rules), *labels), deal))
    return head, deals


def pool_deal_logs(paths: Sequence[str | Path]) -> list[Pooled]:
    """Pool the deals of several deal logs by rules, pairing and protocol.

    Returns:
        one :class:`Pooled` per key, in the order first met.

    Raises:
        EuchreError: as :func:`read_deal_log`; no path; or one deal (rules, seed, index,
            pairing and protocol) found twice with other points or dealer (runs of other
            code, or a bot that does not repeat: pool runs of other seeds).
    """
    if not paths:
        raise EuchreError("nothing to pool: name one deal log or more")
    found: dict[PoolKey, dict[tuple[int, int], tuple[DuplicateDeal, str]]] = {}
    repeated: dict[PoolKey, int] = {}
    for path in paths:
        head, deals = read_deal_log(path)
        seed = head["seed"]
        for key, deal in deals:
            by_deal = found.setdefault(key, {})
            repeated.setdefault(key, 0)
            name = (seed, deal.index)
            if name in by_deal:
                first, where = by_deal[name]
                if (first.dealer, first.points, first.held) != (deal.dealer, deal.points, deal.held):
                    raise EuchreError(
                        f"deal {deal.index} of seed {seed} ({key.a} against {key.b}, {key.protocol}) gave "
                        f"{list(first.points)} in {where} and {list(deal.points)} in {path}: runs of other code, "
                        "or a bot that does not repeat from its seed; pool runs of other seeds")
                repeated[key] += 1
                continue
            by_deal[name] = (deal, str(path))
    out = []
    for key, by_deal in found.items():
        names = sorted(by_deal)
        record = MatchRecord(tuple(by_deal[n][0] for n in names), ())
        out.append(Pooled(key, record, tuple(sorted({s for s, _ in names})), repeated[key]))
    return out
