"""What an event is, fixed when it is created: :class:`EventSpec`, its formats and defaults.

A progressive evening or one of the tournament formats (:data:`ALL_FORMATS`), its
players and bots, its rules, its movement, tie-breaks and seed; :func:`name_key` says
when two players' names are one. The event's log is :class:`euchre.events.event.Event`'s.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field, fields
from typing import Any

from euchre.bots import PLAYER_LEVELS
from euchre.core.rules import Rules
from euchre.events.errors import EventError
from euchre.events.hand_tally import HouseScoring
from euchre.events.movements import (
    AS_LISTED,
    DRAWN,
    MOVEMENTS,
    SEATINGS,
    check_movement,
)
from euchre.events.pairings import round_robin_rounds, swiss_rounds
from euchre.events.standings import TIEBREAKS, check_tiebreaks
from euchre.events.tournament import DEFAULT_TIEBREAKS, ELIMINATION, FORMATS, ROUND_ROBIN, SWISS, TOURNAMENT_TIEBREAKS

PROGRESSIVE = "progressive"


ALL_FORMATS: tuple[str, ...] = (PROGRESSIVE, *FORMATS)
"""A progressive evening, or one of the tournament formats."""


_INVISIBLE = frozenset({"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"})
"""Unicode categories a player's name may not hold: controls, formats (zero-width and
bidirectional marks), private use, surrogates, unassigned, line and paragraph breaks."""


def name_key(name: str) -> str:
    """What makes two players' names the same: NFKC form, case folded, spaces collapsed
    (``"Ann"``, ``"ANN"`` and ``"Ａｎｎ"`` are one name)."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


@dataclass(frozen=True)
class EventSpec:
    """What an event is, fixed when it is created.

    Attributes:
        name: the event's short name (its key in the store).
        format: ``progressive`` or a tournament format (:data:`ALL_FORMATS`).
        players: every player's name; in a tournament two by two, each pair a team.
        bots: the names (of ``players``) that bots play.
        bot_level: the bots' level (:data:`euchre.bots.PLAYER_LEVELS`).
        rounds: the rounds planned (progressive, round robin, Swiss; 0 in a bracket).
        movement: a progressive evening's movement (:data:`MOVEMENTS`).
        preset: the preset the rules start from.
        rule_args: house rules over it (``KEY=on|off``, as ``euchre play --rule``).
        option_args: options over it (``NAME=VALUE``).
        target: the game target given, or None.
        rules: every option (``Rules.to_dict()``).
        house: the organiser's scoring twists (:class:`HouseScoring`).
        tiebreaks: the standings' tie-breaks, in order (None: the format's default,
            :func:`default_tiebreaks`; read them as :attr:`breaks`).
        duplicate: every table of a round plays the same cards (:mod:`euchre.events.play`).
        seed: seeds the draws (round 1's places, first dealers, cuts) and the bots'
            tables.
        title: a title for the printed cards (default: the name).
        seating: how round 1 is seated (:data:`euchre.events.movements.SEATINGS`): a
            progressive evening's players ``drawn`` for their places (the default) or
            seated ``as_listed``; a tournament is seeded in the order of its teams
            (``as_listed``, the only choice: see docs/events.md). None: the format's
            default.
    """

    name: str
    format: str
    players: tuple[str, ...]
    bots: tuple[str, ...] = ()
    bot_level: str = "intermediate"
    rounds: int = 0
    movement: str = MOVEMENTS[0]
    preset: str = "progressive-party"
    rule_args: tuple[str, ...] = ()
    option_args: tuple[str, ...] = ()
    target: int | None = None
    rules: dict[str, Any] = field(default_factory=dict)
    house: HouseScoring = field(default_factory=HouseScoring)
    tiebreaks: tuple[str, ...] | None = None
    duplicate: bool = False
    seed: int = 0
    title: str = ""
    seating: str | None = None

    def __post_init__(self) -> None:
        if not self.name or len(self.name) > 64 or any(c.isspace() for c in self.name):
            raise EventError(f"an event's name is 1 to 64 characters without spaces, not {self.name!r}")
        if self.format not in ALL_FORMATS:
            raise EventError(f"unknown format {self.format!r}; formats: {', '.join(ALL_FORMATS)}")
        names = [p.strip() for p in self.players]
        if any(unicodedata.category(c) in _INVISIBLE for n in names for c in n):
            raise EventError("a player's name may not hold control or invisible characters")
        if any(not n for n in names) or len(set(map(name_key, names))) != len(names):
            raise EventError("every player needs a name, each different from the others (however it is written)")
        unknown = [b for b in self.bots if b not in names]
        if unknown:
            raise EventError(f"bots play only players of the event; not among them: {', '.join(unknown)}")
        if self.bot_level not in PLAYER_LEVELS:
            raise EventError(f"unknown bot level {self.bot_level!r}; levels: {', '.join(PLAYER_LEVELS)}")
        rules = self.get_rules()
        if rules.table.seats != 4 or len(rules.table.teams) != 2:
            raise EventError(f"events are played by four at partnership tables; preset {self.preset} is not")
        object.__setattr__(self, "tiebreaks", tuple(self.tiebreaks) if self.tiebreaks is not None
                           else default_tiebreaks(self.format))
        if self.format == PROGRESSIVE:
            seats = rules.table.seats
            if len(names) < seats or len(names) % seats:
                raise EventError(f"a progressive evening seats four a table: give a multiple of {seats} players, "
                                 f"not {len(names)}")
            check_movement(self.movement, len(names) // seats)
            check_tiebreaks(self.breaks)
        else:
            if len(names) < 4 or len(names) % 2:
                raise EventError(f"a tournament pairs the players two by two into at least two teams: "
                                 f"give an even number of players, 4 or more, not {len(names)}")
            check_tiebreaks(self.breaks, TOURNAMENT_TIEBREAKS)
            if self.format in ELIMINATION and not rules.plays_to_target:
                raise EventError("an elimination needs a winner of every match: play games to a target "
                                 "(not a round of fixed hands, which can tie)")
        seating = self.seating if self.seating is not None else DRAWN if self.format == PROGRESSIVE else AS_LISTED
        if seating not in SEATINGS:
            raise EventError(f"unknown seating {seating!r}; seatings: {', '.join(SEATINGS)}")
        if self.format != PROGRESSIVE and seating != AS_LISTED:
            raise EventError("a tournament is seeded in the order its teams are given (the first team seeded "
                             "first): to draw, list the teams in the order drawn")
        object.__setattr__(self, "seating", seating)
        if self.format not in ELIMINATION and self.rounds < 1:
            raise EventError(f"an event plays at least one round, not {self.rounds}")
        object.__setattr__(self, "players", tuple(names))

    @property
    def breaks(self) -> tuple[str, ...]:
        """The standings' tie-breaks, in order."""
        return self.tiebreaks if self.tiebreaks is not None else default_tiebreaks(self.format)

    def get_rules(self) -> Rules:
        """The event's rules."""
        return Rules.from_dict(self.rules)

    @property
    def tables(self) -> int:
        """Tables of a progressive evening (players / 4); matches of a full tournament
        round (teams / 2)."""
        return len(self.players) // 4

    @property
    def team_names(self) -> list[str]:
        """Each team's name, ``"A & B"`` (tournaments)."""
        p = self.players
        return [f"{p[2 * i]} & {p[2 * i + 1]}" for i in range(len(p) // 2)]

    def team_players(self, team: int) -> tuple[int, int]:
        """The two players of a team."""
        return 2 * team, 2 * team + 1

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        out["house"] = self.house.to_dict()
        for key in ("players", "bots", "rule_args", "option_args", "tiebreaks"):
            out[key] = None if out[key] is None else list(out[key])
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> EventSpec:
        """From :meth:`to_dict`.

        Raises:
            EventError: a field missing or wrong.
        """
        values = dict(data)
        try:
            values["house"] = HouseScoring.from_dict(values.get("house", {}))
            for key in ("players", "bots", "rule_args", "option_args", "tiebreaks"):
                values[key] = tuple(values[key]) if values.get(key) is not None else (None if key == "tiebreaks" else ())
            return cls(**values)
        except TypeError as exc:
            raise EventError(f"not an event: {exc}") from None


def default_rounds(format_name: str, players: int, movement: str = MOVEMENTS[0]) -> int:
    """The rounds of an event when the organiser gives none: a round robin's (every team
    meets every other), ``ceil(log2 teams)`` for a Swiss, 0 for a bracket (it has its
    own), and for a progressive evening as many as the fixed rotation needs for every
    player to partner every other (``players - 1``) up to 8, X-32's and X-51's usual
    evening (8 to 10 rounds)."""
    if format_name == ROUND_ROBIN:
        return round_robin_rounds(players // 2)
    if format_name == SWISS:
        return swiss_rounds(players // 2)
    if format_name in ELIMINATION:
        return 0
    return min(players - 1, 8)


def default_tiebreaks(format_name: str) -> tuple[str, ...]:
    """The tie-breaks of a format when the organiser names none."""
    if format_name == PROGRESSIVE:
        return TIEBREAKS
    return DEFAULT_TIEBREAKS.get(format_name, ())

