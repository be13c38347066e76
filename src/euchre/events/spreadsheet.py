"""Rows of an event (standings, results) as CSV and JSON, and read back.

A text cell a spreadsheet would run as a formula is written with a leading apostrophe
(OWASP's CSV injection list), taken off again when read; a row's player or team is
written as its name.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Sequence
from dataclasses import asdict, fields
from typing import Any, TypeVar

from euchre.events.errors import EventError

Row = TypeVar("Row")


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
"""What a spreadsheet reads as the start of a formula (OWASP's CSV injection list)."""


def _cell(value: Any) -> Any:
    """A text cell that a spreadsheet would run as a formula (``=HYPERLINK(...)`` as a
    player's name) gets a leading apostrophe, which spreadsheets show as text;
    :func:`from_csv` takes it off again. Numbers stay numbers."""
    if isinstance(value, str) and value.startswith((*_FORMULA_START, "'")):
        return "'" + value
    return value


_BY_NAME = ("player", "team")
"""The fields of a standings row that number a player or a team: an export shows the
row's ``name`` there instead (a person reads a name, not an index into the event's list)."""


def _named(row: object) -> dict[str, Any]:
    """A standings row as its export shows it: the field that numbers the player (or the
    team) holds his name, and there is no separate ``name``."""
    values: dict[str, Any] = asdict(row)  # type: ignore[call-overload]
    key = next((k for k in _BY_NAME if k in values), None)
    if key is not None and "name" in values:
        values[key] = values.pop("name")
    return values


def _unnamed(values: dict[str, Any], cls: type[Row], names: Sequence[str]) -> dict[str, Any]:
    """The row's values with its name given back as its number (:func:`_named` undone).

    Raises:
        EventError: a name that is not one of ``names``.
    """
    known = {f.name for f in fields(cls)}  # type: ignore[arg-type]
    key = next((k for k in _BY_NAME if k in known), None)
    if key is None or "name" not in known:
        return values
    name = values[key]
    if name not in names:
        raise EventError(f"not a standings export of this event: {str(name)[:40]!r} is none of its "
                         f"{'players' if key == 'player' else 'teams'}")
    return {**values, key: list(names).index(name), "name": name}


def _column_values(row: object) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, value in _named(row).items():
        if isinstance(value, (tuple, list)):
            for i, v in enumerate(value):
                out[f"{name}_{i + 1}"] = "" if v is None else _cell(v)
        else:
            out[name] = _cell(value)
    return out


def to_csv(rows: Sequence[object]) -> str:
    """Rows of a standings dataclass (:class:`Standing`, or a tournament's) as CSV text:
    a header of the field names, the player's (team's) name in the ``player`` (``team``)
    column and no separate ``name`` column, a tuple field spread over ``NAME_1``,
    ``NAME_2``, ... columns, an unknown value (None) empty, a text that starts like a
    formula (or with an apostrophe) behind an apostrophe (:func:`_cell`)."""
    if not rows:
        return ""
    columns = list(_column_values(rows[0]))
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=columns, lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow(_column_values(row))
    return buf.getvalue()


def _convert(text: str, kind: str) -> Any:
    """A CSV cell as the field's type (``int``, ``float``, either ``| None``, or text)."""
    optional = kind.endswith(" | None")
    base = kind.removesuffix(" | None")
    if optional and text == "":
        return None
    if base == "int":
        return int(text)
    if base == "float":
        return float(text)
    return text[1:] if text.startswith("'") else text  # the apostrophe of _cell


def from_csv(text: str, cls: type[Row], names: Sequence[str]) -> list[Row]:
    """The rows written by :func:`to_csv`, read back as ``cls``.

    Args:
        text: the CSV.
        cls: the row's dataclass.
        names: the event's players (for :class:`Standing`) or teams' names (for a
            tournament's rows), in order: a row's name gives back its number.

    Raises:
        EventError: a column missing, a value that is not of its field's type, or a name
            that is none of ``names``.
    """
    out = []
    for line in csv.DictReader(io.StringIO(text)):
        values: dict[str, Any] = {}
        try:
            for f in fields(cls):  # type: ignore[arg-type]
                kind = str(f.type)
                if f.name in _BY_NAME:
                    kind = "str"
                elif f.name == "name" and any(k in line for k in _BY_NAME):
                    continue
                if kind.startswith("tuple["):
                    inner = kind[len("tuple["):].split(",")[0].strip()
                    keys = sorted((k for k in line if re.fullmatch(rf"{f.name}_\d+", k)), key=lambda k: int(k.rpartition("_")[2]))
                    values[f.name] = tuple(_convert(line[k], inner) for k in keys)
                else:
                    values[f.name] = _convert(line[f.name], kind)
        except (KeyError, ValueError) as exc:
            raise EventError(f"not a standings CSV of {cls.__name__}: {exc}") from None
        out.append(cls(**_unnamed(values, cls, names)))
    return out


def to_json(rows: Sequence[object], **about: Any) -> str:
    """Rows of a standings dataclass as JSON text: ``{"standings": [...], **about}``
    (``about`` adds the event's name, its results, ...), keys sorted, indented; each
    row's ``player`` (``team``) is its name, as in :func:`to_csv`."""
    return json.dumps({**about, "standings": [_named(r) for r in rows]},
                      indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def from_json(text: str, cls: type[Row], names: Sequence[str]) -> list[Row]:
    """The rows of :func:`to_json`, read back as ``cls`` (lists become tuples; names
    given back as numbers, as :func:`from_csv` does).

    Raises:
        EventError: not JSON of standings, or a name that is none of ``names``.
    """
    try:
        data = json.loads(text)
        return [cls(**_unnamed({k: tuple(v) if isinstance(v, list) else v for k, v in row.items()}, cls, names))
                for row in data["standings"]]
    except (ValueError, KeyError, TypeError) as exc:
        raise EventError(f"not a standings JSON of {cls.__name__}: {exc}") from None

