"""The parameters of OpenSpiel's ``python_euchre`` (:mod:`euchre.interop.openspiel_game`):
which rules, which episode, and the game string's spelling of them.

- ``preset`` (str, default ``modern-standard``): a playable preset (``euchre rules``), any
  table: the four-hand partnerships, two-handed, cutthroat, call-ace of four to six.
- ``mode`` (str): ``hand`` (default; an episode is one deal, returned as points) or
  ``game`` (a game to the rules' target; the games won, :mod:`euchre.interop.rewards`).
- ``max_hands`` (int, default 100): in ``game`` mode a game that has no winner after this
  many hands ends drawn (all returns 0).
- every option of :class:`~euchre.core.rules.Rules` by its name: a bool or int option
  takes an int (-1, the default, keeps the preset's value; 0 and 1 are false and true for a
  bool), a str option takes a str ("" keeps the preset's; a ``_`` may stand for a ``-`` in
  a value, since OpenSpiel's game strings read ``2-3`` as a number). For example
  ``python_euchre(preset=dc-club-1862,defend_alone=1,game_target=7)``.

Nothing here imports OpenSpiel.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from euchre.core.errors import EuchreTypeError, EuchreValueError, RulesError
from euchre.core.presets import DEFAULT_PRESET, PLAYABLE_PRESETS, preset, preset_of
from euchre.core.rules import OPTION_NAMES, Rules
from euchre.interop import features

GAME_NAME = "python_euchre"
"""The game's short name in OpenSpiel's registry."""

MODES = ("hand", "game")
"""An episode is one deal (``hand``) or a game to the target (``game``)."""

DEFAULT_MAX_HANDS = 100
"""In ``game`` mode, hands after which a game with no winner ends drawn."""

_UNSET_INT = -1
_UNSET_STR = ""
_FIELDS = {f.name: f for f in dataclasses.fields(Rules)}


def _unset(name: str) -> int | str:
    return _UNSET_STR if isinstance(_FIELDS[name].default, str) else _UNSET_INT


PARAMETERS: dict[str, Any] = {
    "preset": DEFAULT_PRESET,
    "mode": "hand",
    "max_hands": DEFAULT_MAX_HANDS,
    **{name: _unset(name) for name in OPTION_NAMES},
}
"""The game's parameters and their defaults (see the module docstring)."""


def _option_value(name: str, value: Any) -> Any:
    """A parameter's value as the option's own value (bool, int or str)."""
    default = _FIELDS[name].default
    if isinstance(default, bool):
        if value not in (0, 1) or isinstance(value, bool):
            raise RulesError(f"parameter {name} is 0 (false), 1 (true) or -1 (the preset's), not {value!r}")
        return bool(value)
    if isinstance(default, int):
        return value
    choices = _FIELDS[name].metadata["choices"]
    if choices is not None and value not in choices and value.replace("_", "-") in choices:
        return value.replace("_", "-")
    return value


def rules_from_parameters(params: Mapping[str, Any]) -> tuple[Rules, str, int]:
    """The rules, mode and hand limit that game parameters ask for.

    Args:
        params: a mapping of parameter names (see :data:`PARAMETERS`) to values; missing
            ones take their defaults.

    Returns:
        ``(rules, mode, max_hands)``.

    Raises:
        RulesError: an unknown parameter, a preset that is not playable, or an option value
            the rules refuse (the message names it).
        EuchreTypeError: a value of the wrong type.
        EuchreValueError: a mode or hand limit that is not allowed.
    """
    if not isinstance(params, Mapping):
        raise EuchreTypeError(f"game parameters are a mapping of names to values, not {type(params).__name__}")
    unknown = sorted(set(params) - set(PARAMETERS))
    if unknown:
        raise RulesError(f"unknown parameter(s) of {GAME_NAME}: {', '.join(unknown)}")
    given = {**PARAMETERS, **params}
    for name, value in given.items():
        if type(value) is not type(PARAMETERS[name]):
            raise EuchreTypeError(f"parameter {name} takes a {type(PARAMETERS[name]).__name__}, not {value!r}")
    name = given["preset"]
    if name not in PLAYABLE_PRESETS:
        raise RulesError(f"preset {name!r} is not playable; playable presets: {', '.join(PLAYABLE_PRESETS)}")
    if given["mode"] not in MODES:
        raise EuchreValueError(f"mode is one of {', '.join(MODES)}, not {given['mode']!r}")
    if given["max_hands"] < 1:
        raise EuchreValueError(f"max_hands must be at least 1, not {given['max_hands']}")
    changes = {opt: _option_value(opt, given[opt]) for opt in OPTION_NAMES if given[opt] != _unset(opt)}
    return features.check_rules(preset(name).replace(**changes)), given["mode"], given["max_hands"]


def parameters_of(rules: Rules, mode: str = "hand", max_hands: int = DEFAULT_MAX_HANDS) -> dict[str, Any]:
    """Game parameters that play ``rules`` (the inverse of :func:`rules_from_parameters`):
    the playable preset that differs from ``rules`` in the fewest options, and each option
    that differs; ``mode`` and ``max_hands`` when they are not the defaults.

    Raises:
        RulesTypeError: ``rules`` is not a Rules.
    """
    name = preset_of(rules) or min(PLAYABLE_PRESETS, key=lambda p: sum(
        getattr(rules, opt) != getattr(preset(p), opt) for opt in OPTION_NAMES))
    base = preset(name)
    out: dict[str, Any] = {"preset": name}
    if mode != "hand":
        out["mode"] = mode
    if max_hands != DEFAULT_MAX_HANDS:
        out["max_hands"] = max_hands
    for opt in OPTION_NAMES:
        value = getattr(rules, opt)
        if value != getattr(base, opt):
            out[opt] = int(value) if isinstance(value, bool) else value
    return out


def string_safe(params: Mapping[str, Any]) -> dict[str, Any]:
    """Parameters as OpenSpiel writes them in a game string, which must read back the same:
    a text of digits and ``-`` (a packet pattern such as ``2-3``) would read as a number,
    so its ``-`` are written ``_`` (:func:`rules_from_parameters` reads them back)."""
    out = dict(params)
    for k, v in out.items():
        if isinstance(v, str) and v and set(v) <= set("+-0123456789."):
            out[k] = v.replace("-", "_")
    return out
