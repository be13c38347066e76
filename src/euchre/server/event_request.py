"""An event's creation request (the organiser's form) read into the event's definition.

:func:`spec_from_request` checks each field's shape and leaves the rules to the core
(:func:`euchre.core.presets.build_rules`) and the event to :mod:`euchre.events`;
:class:`TableSettings` are what the organiser sets for the online tables, and
:class:`EventWebError` is how a request about an event is refused.
"""

from __future__ import annotations

import dataclasses
import secrets
from typing import Any

from euchre.bots import PLAYER_LEVELS
from euchre.core.errors import EuchreError
from euchre.core.house_rules import BY_KEY
from euchre.core.presets import FOUR_HAND_PRESETS, build_rules
from euchre.events.hand_tally import HouseScoring
from euchre.events.movements import MOVEMENTS, SEATINGS
from euchre.events.spec import ALL_FORMATS, PROGRESSIVE, EventSpec, default_rounds
from euchre.server.names import BLANKS, mixes_scripts, passes_for, same_name
from euchre.server.protocol import MAX_TIMER, MIN_TIMER, check_timer

MAX_PLAYERS = 128


MAX_MINUTES = 240


CREATE_FIELDS = ("title", "format", "players", "bots", "bot_level", "tables", "rounds", "hands", "minutes",
                 "movement", "preset", "target", "house_rules", "lone_march", "lone_euchred", "tiebreaks",
                 "duplicate", "seed", "hints", "timer", "seating")


@dataclasses.dataclass(frozen=True)
class TableSettings:
    """What an event's organiser sets for all its online tables, and nobody seated may
    change (:attr:`euchre.server.table.LiveTable.organised`).

    Attributes:
        hints: whether a player may ask for the expert's values of his choices. Default
            on at a progressive evening, off at a tournament (a hint is the engine's
            advice: no help a player at a tournament table may have).
        timer: seconds each person present has for a move before a bot plays it (0: no
            timer; else :data:`euchre.server.protocol.MIN_TIMER` to ``MAX_TIMER``).
    """

    hints: bool
    timer: int

    @staticmethod
    def stored(hints: int | None, timer: int | None) -> TableSettings:
        """The settings from their columns; null (an event created before the organiser
        could set them) is what its tables had: hints on, no timer."""
        return TableSettings(True if hints is None else bool(hints), 0 if timer is None else int(timer))


class EventWebError(Exception):
    """A request about an event refused: HTTP ``status``, ``code`` and a message."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


def _int(body: dict[str, Any], key: str, low: int, high: int) -> int | None:
    value = body.get(key)
    if value is None:
        return None
    if type(value) is not int or not low <= value <= high:
        raise EventWebError(400, "bad_request", f"{key} must be a whole number {low}..{high} or null")
    return value


def spec_from_request(body: Any, name: str) -> tuple[EventSpec, int | None, TableSettings]:
    """An event's definition from the organiser's form, its minutes per round, and the
    settings of its online tables.

    Fields (all optional but ``players``): ``title``; ``format`` (``progressive``, the
    default, or a tournament format); ``players`` (names; in a tournament two by two into
    teams); ``bots`` (names of ``players`` that bots play, or ``"all"``); ``tables``
    (with fewer players than four a table, bots named ``Bot 1``, ... fill the seats);
    ``bot_level``; ``rounds``; ``hands`` (per progressive round) or ``minutes`` (a time
    per round instead: any number of hands is then entered); ``movement``; ``preset``
    (a four-hand partnership preset); ``target``; ``house_rules`` (key to true or false);
    ``lone_march`` ([loner, partner]); ``lone_euchred``; ``tiebreaks``; ``duplicate``;
    ``seed``; ``hints`` and ``timer`` of the online tables (:class:`TableSettings`);
    ``seating`` (``drawn``, a progressive evening's default: round 1's places drawn from
    the seed; or ``as_listed``; null the format's default).

    Raises:
        EventWebError: ``bad_request`` (a field's shape), ``bad_event`` (the events
            package or the core refused it; the message says why).
    """
    if not isinstance(body, dict):
        raise EventWebError(400, "bad_request", "the body must be a JSON object")
    extra = sorted(set(body) - set(CREATE_FIELDS))
    if extra:
        raise EventWebError(400, "bad_request", f"unknown field(s): {', '.join(str(e)[:30] for e in extra[:5])}")
    fmt = body.get("format", PROGRESSIVE)
    if fmt not in ALL_FORMATS:
        raise EventWebError(400, "bad_request", f"format must be one of {', '.join(ALL_FORMATS)}")
    players = body.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) and 0 < len(p.strip()) <= 24 for p in players) \
            or len(players) > MAX_PLAYERS:
        raise EventWebError(400, "bad_request", f"players must be a list of names of 1 to 24 characters (at most {MAX_PLAYERS})")
    names = [" ".join(p.split()) for p in players]
    tables = _int(body, "tables", 1, MAX_PLAYERS // 4)
    bots_field = body.get("bots", [])
    if bots_field == "all":
        bots = list(names)
    elif isinstance(bots_field, list) and all(isinstance(b, str) for b in bots_field):
        bots = [" ".join(b.split()) for b in bots_field]
    else:
        raise EventWebError(400, "bad_request", "bots must be a list of the players' names, or \"all\"")
    people = [n for n in names if n not in bots]
    blank = next((n for n in names if any(ch in BLANKS for ch in n)), None)
    if blank is not None:
        raise EventWebError(400, "bad_event", f"{blank[:24]!r} holds characters that show nothing; write a name that shows")
    alike = next(((a, b) for i, a in enumerate(names) for b in names[i + 1:] if same_name(a, b)), None)
    if alike is not None:
        raise EventWebError(400, "bad_event", f"{alike[0][:24]!r} and {alike[1][:24]!r} read as the same name")
    mixed = next((n for n in names if mixes_scripts(n)), None)
    if mixed is not None:
        raise EventWebError(400, "bad_event", f"{mixed[:24]!r} mixes letters of scripts that look alike; write it in one script")
    posing = next((n for n in people if passes_for(n)), None)
    if posing is not None:
        raise EventWebError(400, "bad_event", f"{posing[:24]!r} reads as a bot's name: a person needs another "
                                              "(or list the name among the bots)")
    if tables is not None:
        seats = 4 * tables
        if len(names) > seats:
            raise EventWebError(400, "bad_event", f"{tables} tables seat {seats}; {len(names)} players are named")
        fill = [f"Bot {i + 1}" for i in range(seats - len(names))]
        names += fill
        bots += fill
    level = body.get("bot_level", "intermediate")
    if level not in PLAYER_LEVELS:
        raise EventWebError(400, "bad_request", f"bot_level must be one of {', '.join(PLAYER_LEVELS)}")
    movement = body.get("movement", MOVEMENTS[0])
    if movement not in MOVEMENTS:
        raise EventWebError(400, "bad_request", f"movement must be one of {', '.join(MOVEMENTS)}")
    preset_name = body.get("preset")
    if preset_name is None:  # absent or null: the format's own preset
        preset_name = "progressive-party" if fmt == PROGRESSIVE else "modern-tournament"
    if preset_name not in FOUR_HAND_PRESETS:
        raise EventWebError(400, "bad_request", f"preset must be a four-hand partnership preset: {', '.join(FOUR_HAND_PRESETS)}")
    house = body.get("house_rules", {})
    if not isinstance(house, dict) or not all(k in BY_KEY and type(v) is bool for k, v in house.items()):
        raise EventWebError(400, "bad_request", f"house_rules must be an object of {', '.join(BY_KEY)} to true or false")
    hands, minutes = _int(body, "hands", 1, 50), _int(body, "minutes", 1, MAX_MINUTES)
    if hands is not None and minutes is not None:
        raise EventWebError(400, "bad_request", "give hands per round or minutes per round, not both")
    target, rounds, seed = _int(body, "target", 1, 50), _int(body, "rounds", 1, 64), _int(body, "seed", 0, 2**31)
    lone_euchred = _int(body, "lone_euchred", 0, 99)
    march = body.get("lone_march")
    if march is not None and (not isinstance(march, list) or len(march) != 2 or not all(type(v) is int for v in march)):
        raise EventWebError(400, "bad_request", "lone_march must be [points of the loner, points of his partner] or null")
    tiebreaks = body.get("tiebreaks")
    if tiebreaks is not None and (not isinstance(tiebreaks, list) or not all(isinstance(t, str) for t in tiebreaks)):
        raise EventWebError(400, "bad_request", "tiebreaks must be a list of tie-break names or null")
    duplicate = body.get("duplicate", False)
    title = body.get("title", "")
    if type(duplicate) is not bool or not isinstance(title, str) or len(title) > 80:
        raise EventWebError(400, "bad_request", "duplicate must be true or false, and title text of at most 80 characters")
    seating = body.get("seating")
    if seating is not None and seating not in SEATINGS:
        raise EventWebError(400, "bad_request", f"seating must be one of {', '.join(SEATINGS)} (or null)")
    hints = body.get("hints")
    if hints is None:  # as for the other optional fields, null is the default
        hints = fmt == PROGRESSIVE
    if type(hints) is not bool:
        raise EventWebError(400, "bad_request", "hints must be true or false (or null: on at an evening, off at a "
                                                "tournament)")
    timer = body.get("timer")
    try:
        if timer is not None and type(timer) is not int:
            raise ValueError("whole seconds")
        timer = int(check_timer(timer or 0))
    except ValueError:
        raise EventWebError(400, "bad_request", f"timer must be whole seconds: 0 (off) or {MIN_TIMER} to "
                                                f"{MAX_TIMER}, or null") from None
    rule_args = tuple(f"{k}={'on' if v else 'off'}" for k, v in sorted(house.items()))
    option_args = (f"progressive_hands={hands}",) if hands is not None else ()
    try:
        rules = build_rules(preset_name, house_rules=house, target=target,
                            options={"progressive_hands": hands} if hands is not None else None,
                            field_name=lambda f: {"options.progressive_hands": "hands"}.get(f, f))
        spec = EventSpec(
            name, fmt, tuple(names), tuple(bots), level,
            rounds if rounds is not None else default_rounds(fmt, len(names), movement), movement, preset_name,
            rule_args, option_args, target, rules.to_dict(),
            HouseScoring(march[0] if march else None, march[1] if march else None, lone_euchred),
            None if tiebreaks is None else tuple(tiebreaks), duplicate,
            seed if seed is not None else secrets.randbelow(1_000_000),
            " ".join(title.split()) or ("Euchre evening" if fmt == PROGRESSIVE else "Euchre tournament"), seating)
    except EuchreError as exc:
        raise EventWebError(400, "bad_event", str(exc)) from None
    return spec, minutes, TableSettings(hints, timer)

