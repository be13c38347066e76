"""EGN/EMN file identifiers and the JSON helpers shared by this package's modules:
paths such as ``deals[3].phases[1]`` for errors, seat names, and typed field access."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from euchre.core.errors import RecordError

FILE_TYPE = "Euchre Game Notation"
MATCH_FILE_TYPE = "Euchre Match Notation"
VERSION = "1.4"
"""The EGN version :func:`game_to_egn` writes."""

_SEAT_NAMES = ("0 (N)", "1 (E)", "2 (S)", "3 (W)")


def _join(where: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{where}[{key}]"
    return f"{where}.{key}" if where else key


def _seat_text(seat: int) -> str:
    return "seat " + _SEAT_NAMES[seat]


def _get(obj: Mapping[str, Any], where: str, *names: str, required: bool = True) -> tuple[Any, str]:
    """The value of the first key of ``names`` present in ``obj`` (EGN spellings first,
    then legacy ones), and its path. Missing: RecordError when required, else None."""
    for name in names:
        if name in obj:
            return obj[name], _join(where, name)
    if required:
        raise RecordError(_join(where, names[0]), "missing")
    return None, _join(where, names[0])


def _obj(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise RecordError(where, f"expected an object, found {type(value).__name__}")
    return value


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise RecordError(where, f"expected a list, found {type(value).__name__}")
    return value


def _int(value: Any, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise RecordError(where, f"expected a whole number, found {value!r}")
    return value


def _bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise RecordError(where, f"expected true or false, found {value!r}")
    return value
