"""The requests that make a table: its rules (a preset, house rules, options, the
target), its bots' level and seed, and its settings (host, timer, hints), checked and
built; and the invite tokens' hashing.

Used by :mod:`euchre.server.hub` (``POST /api/tables``), the referee's API (its
``rules``) and the events' online tables.
"""

from __future__ import annotations

import hashlib
from typing import Any

from euchre.bots import PLAYER_LEVELS
from euchre.core.errors import EuchreError
from euchre.core.house_rules import BY_KEY
from euchre.core.presets import DEFAULT_PRESET, PLAYABLE_PRESETS, build_rules
from euchre.core.rules import OPTION_NAMES, Rules
from euchre.server.protocol import check_timer

TOKEN_BYTES = 18
"""Random bytes in an invite token (144 bits; 24 URL-safe characters)."""

TABLE_ID_BYTES = 9
"""Random bytes in a table id (72 bits; 12 URL-safe characters)."""

MAX_SEED = 2**62
RULES_FIELDS = ("preset", "target", "house_rules", "options")
"""The fields that make a table's rules (:func:`rules_of_request`): the whole of the
referee's ``rules`` object (``POST /api/referee``)."""
CREATE_FIELDS = ("preset", "target", "bots", "house_rules", "options", "seed", "host", "timer", "hints")
"""The fields of a table creation request: the rules', the bots' level, the seed and the
table's settings."""


def settings_from_request(body: dict[str, Any], rules: Rules) -> dict[str, Any]:
    """The table's first ``settings`` event from a creation request: ``host`` (a seat
    of the table, named as the table names it: ``N`` or ``North``, ``2`` or ``Player 2``
    at another table, a bare number refused at the four-hand table (Table.seat_named);
    who alone may start, change the settings and ask for a rematch;
    absent: any seated player may), ``timer`` (seconds a person has for each move before
    a bot plays it for him: 0, the default, for none), ``hints`` (true, the default, or
    false: nobody at the table gets hints), and ``seeded``: whether the creator chose
    the seed (then he can know every hand, and every seat is told so).

    Raises:
        CreateError: ``bad_request`` for a value of the wrong shape."""
    shape = rules.table
    host = body.get("host")
    if host is not None:
        try:
            host = shape.seat_named(host, "host")  # "NE" is no seat, nor "2" at the four-hand table
        except EuchreError as exc:
            raise CreateError("bad_request", str(exc)) from None
    try:
        timer = check_timer(body.get("timer", 0))
    except ValueError as exc:
        raise CreateError("bad_request", str(exc)) from None
    hints = body.get("hints", True)
    if type(hints) is not bool:
        raise CreateError("bad_request", "hints must be true or false")
    return {"host": host, "timer": timer, "hints": hints,
            "seeded": body.get("seed") is not None}


class CreateError(Exception):
    """A table creation request refused: ``code`` (``bad_request``, ``bad_rules``,
    ``storage_error``) and a message saying what was wrong and what is allowed."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def token_hash(token: str) -> str:
    """The SHA-256 (hex) under which an invite token is stored."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def rules_of_request(body: Any, max_target: int, *, field: str | None = None,
                     fields: tuple[str, ...] = RULES_FIELDS) -> tuple[Rules, str | None]:
    """Check the rules of a request and build them.

    Args:
        body: a parsed JSON object with the optional fields ``preset`` (one of
            ``PLAYABLE_PRESETS``, default ``modern-standard``), ``target`` (points to win,
            1..``max_target``, default the preset's), ``house_rules`` (a house rule's key
            to true or false, :mod:`euchre.core.house_rules`, over the preset) and
            ``options`` (option name to value, applied over the preset and the house
            rules); the rules built and checked by the core's one builder,
            :func:`euchre.core.presets.build_rules`.
        max_target: the largest target allowed.
        field: the name of the field that holds ``body`` in the request (the referee's
            ``"rules"``), or None for the request's body itself: the messages name it
            (``rules must be a JSON object``, ``unknown field(s) in rules: bots``,
            ``rules.target must be ...``).
        fields: the fields ``body`` may hold (others are refused, named, with the list
            of these): :data:`RULES_FIELDS`, or more where the caller reads the rest.

    Returns:
        ``(rules, the preset's name (also under house rules) or None when options were
        given)``.

    Raises:
        CreateError: ``bad_request`` (shape or value, a game target above
            ``max_target``) or ``bad_rules`` (the core refused the rules: house rules or
            options that cannot be played, a target in progressive play or one that
            disagrees with ``options.game_target``).
    """
    where = "the body" if field is None else field
    key = "" if field is None else f"{field}."
    if not isinstance(body, dict):
        raise CreateError("bad_request", f"{where} must be a JSON object")
    extra = sorted(str(e)[:40] for e in set(body) - set(fields))
    if extra:
        raise CreateError("bad_request", f"unknown field(s){'' if field is None else ' in ' + field}: "
                          f"{', '.join(extra[:5])}; {'fields' if field is None else field + ' holds'}: "
                          f"{', '.join(fields)}")
    name = body.get("preset", DEFAULT_PRESET)
    if not isinstance(name, str) or name not in PLAYABLE_PRESETS:
        raise CreateError("bad_request", f"{key}preset must be one of {', '.join(PLAYABLE_PRESETS)}")
    target = body.get("target")
    if target is not None and (type(target) is not int or not 1 <= target <= max_target):
        raise CreateError("bad_request", f"{key}target must be a whole number 1..{max_target} or null")
    options = body.get("options", {})
    if not isinstance(options, dict) or len(options) > len(OPTION_NAMES):
        raise CreateError("bad_request", f"{key}options must be an object of option names and values")
    house = body.get("house_rules", {})
    if not isinstance(house, dict) or not all(k in BY_KEY and type(v) is bool for k, v in house.items()):
        raise CreateError("bad_request", f"{key}house_rules must be an object of {', '.join(BY_KEY)} to true or false")
    try:
        rules = build_rules(name, house_rules=house, options=options, target=target,
                            field_name=lambda f: key + f)  # the core builds and checks them
    except EuchreError as exc:
        raise CreateError("bad_rules", str(exc)) from None
    if rules.game_target > max_target:
        raise CreateError("bad_request", f"the game target may be at most {max_target}")
    return rules, (None if options else name)


def rules_from_request(body: Any, max_target: int) -> tuple[Rules, str | None, str, int | None]:
    """Check a table creation request and build its rules.

    Args:
        body: the parsed JSON body: an object of :data:`CREATE_FIELDS`, all optional:
            the rules' (:func:`rules_of_request`), ``bots`` (one of ``PLAYER_LEVELS``,
            default ``intermediate``) and ``seed`` (0..2**62, default random); ``host``,
            ``timer`` and ``hints`` are the table's settings
            (:func:`settings_from_request`).
        max_target: the largest target allowed.

    Returns:
        ``(rules, the preset's name (also under house rules) or None when options were
        given, bot level, seed or None)``.

    Raises:
        CreateError: ``bad_request`` (shape or value) or ``bad_rules`` (the core refused
            the options).
    """
    rules, name = rules_of_request(body, max_target, fields=CREATE_FIELDS)
    level = body.get("bots", "intermediate")
    if not isinstance(level, str) or level not in PLAYER_LEVELS:
        raise CreateError("bad_request", f"bots must be one of {', '.join(PLAYER_LEVELS)}")
    seed = body.get("seed")
    if seed is not None and (type(seed) is not int or not 0 <= seed < MAX_SEED):
        raise CreateError("bad_request", "seed must be a whole number 0..2**62 or null")
    return rules, name, level, seed
