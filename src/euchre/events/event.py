"""One event: its definition (:class:`EventSpec`) and its log of entries (:class:`Event`).

The log is the truth: the rounds seated (``round`` entries, written when a round's table
assignments are first shown) and the results (``table`` entries of a progressive evening,
``match`` entries of a tournament). Everything else (the next round, the standings) is
computed from it. A result entered again for the same table or match replaces the
earlier one while nothing has been built on it (the next round not yet seated; in a
bracket, no later match of its teams played); the log keeps both.

Every method that changes the event returns the entries to write; the caller writes
them (:mod:`euchre.events.store`, committed) and only then applies and shows them, so
that nothing is shown that a crash could lose.
"""

from __future__ import annotations

import copy
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from euchre.analysis.duplicate import derive_seed
from euchre.bots import PLAYER_LEVELS
from euchre.core.rules import Rules
from euchre.events.errors import EventError
from euchre.events.movements import (
    AS_LISTED,
    BY_RESULTS,
    DRAWN,
    FIXED_ROTATION,
    MOVEMENTS,
    SEATINGS,
    RoundSeating,
    TableSeating,
    check_movement,
    first_round,
    next_round,
    rotation_order,
    seating_draw,
)
from euchre.events.play import play_table
from euchre.events.tally import (
    TIEBREAKS,
    HouseScoring,
    Standing,
    TableResult,
    check_tiebreaks,
    hand_from_result,
    parse_hands,
    standings,
    table_result,
)
from euchre.events.tournament import (
    DEFAULT_TIEBREAKS,
    ELIMINATION,
    FORMATS,
    ROUND_ROBIN,
    SWISS,
    TOURNAMENT_TIEBREAKS,
    BracketState,
    MatchResult,
    TeamStanding,
    TournamentRound,
    bracket,
    bracket_standings,
    match_result,
    resolve,
    round_robin_round,
    round_robin_rounds,
    swiss_round,
    swiss_rounds,
    tournament_standings,
)

PROGRESSIVE = "progressive"
ALL_FORMATS: tuple[str, ...] = (PROGRESSIVE, *FORMATS)
"""A progressive evening, or one of the tournament formats."""

SIDES = {"ns": 0, "n-s": 0, "1": 0, "first": 0, "ew": 1, "e-w": 1, "2": 1, "second": 1}
"""How the winners of a tie are named: N-S (the first team) or E-W (the second)."""


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


class Event:
    """An event and its log (see the module docstring).

    Args:
        spec: the definition.
        entries: the log so far, oldest first (each a dict with ``kind``).

    Raises:
        EventError: an entry that does not fit.
    """

    def __init__(self, spec: EventSpec, entries: Sequence[dict[str, Any]] = ()) -> None:
        self.spec = spec
        self.rules = spec.get_rules()
        self.entries: list[dict[str, Any]] = []
        self.seatings: list[RoundSeating] = []
        self.pairings: list[TournamentRound] = []
        self.tables: dict[tuple[int, int], TableResult] = {}
        self.matches: dict[str, MatchResult] = {}
        self.bracket = bracket(spec.format, len(spec.players) // 2) if spec.format in ELIMINATION else ()
        for entry in entries:
            self.apply(entry)

    # ------------------------------------------------------------------ the log
    def apply(self, entry: dict[str, Any]) -> None:
        """Add one entry of the log (already written).

        Raises:
            EventError: an unknown kind, or a round out of order.
        """
        kind = entry.get("kind")
        if kind == "round":
            number = int(entry["round"])
            if number != self.rounds_seated + 1:
                raise EventError(f"round {number} entered after round {self.rounds_seated}")
            if self.spec.format == PROGRESSIVE:
                self.seatings.append(RoundSeating(number, tuple(
                    TableSeating(int(t), (int(s[0]), int(s[1]), int(s[2]), int(s[3])), int(d))
                    for t, s, d in entry["tables"])))
            else:
                self.pairings.append(TournamentRound.from_dict(entry))
        elif kind == "table":
            r = TableResult.from_dict(entry)
            self.tables[(r.round, r.table)] = r
        elif kind == "match":
            m = MatchResult.from_dict(entry)
            self.matches[m.key] = m
        else:
            raise EventError(f"unknown entry kind {kind!r}")
        self.entries.append(copy.deepcopy(entry))

    @property
    def rounds_seated(self) -> int:
        """Rounds whose tables have been assigned."""
        return len(self.seatings) if self.spec.format == PROGRESSIVE else len(self.pairings)

    # ------------------------------------------------------------------ rounds
    def round_done(self, number: int) -> bool:
        """True when every table (match) of round ``number`` has its result."""
        if self.spec.format == PROGRESSIVE:
            return all((number, t.table) in self.tables for t in self.seatings[number - 1].tables)
        return all(f"{number}.{p.table}" in self.matches for p in self.pairings[number - 1].pairings)

    @property
    def is_over(self) -> bool:
        """True when every round is played (a bracket: when it has a champion)."""
        if self.spec.format in ELIMINATION:
            return self.bracket_state().champion is not None
        n = self.rounds_seated
        return n == self.spec.rounds and self.round_done(n)

    def next_round_entry(self) -> dict[str, Any] | None:
        """The ``round`` entry that seats the next round, or None when the current round
        is still being played, every round is seated, or the format has no rounds (a
        bracket). A progressive evening's round 1 is drawn from the event's seed
        (:func:`euchre.events.movements.seating_draw`) unless its seating is
        ``as_listed``; the entry keeps the seating, so the log holds it once drawn."""
        spec = self.spec
        n = self.rounds_seated
        if spec.format in ELIMINATION or n >= spec.rounds or (n and not self.round_done(n)):
            return None
        if spec.format == PROGRESSIVE:
            if n == 0:
                drawn = seating_draw(len(spec.players), spec.seed) if spec.seating == DRAWN else None
                seating = first_round(spec.movement, len(spec.players), spec.seed, spec.duplicate, drawn)
            else:
                previous = self.seatings[-1]
                winners = [self.tables[(n, t.table)].winner for t in previous.tables] if spec.movement in BY_RESULTS else []
                partnered = set().union(*(s.partnerships() for s in self.seatings))
                numbers = rotation_order(self.seatings[0]) if spec.movement == FIXED_ROTATION else None
                seating = next_round(spec.movement, previous, winners, partnered, spec.seed, spec.duplicate, numbers)
            return {"kind": "round", "round": seating.round,
                    "tables": [[t.table, list(t.seats), t.dealer] for t in seating.tables]}
        teams = len(spec.players) // 2
        if spec.format == ROUND_ROBIN:
            r = round_robin_round(teams, n + 1)
        else:
            order = list(range(teams)) if n == 0 else [s.team for s in self._tournament_standings(seeding_last=True)]
            met = [frozenset(m.teams) for m in self.matches.values()]
            r = swiss_round(n + 1, order, met, [p.bye for p in self.pairings if p.bye is not None])
        return {"kind": "round", **r.to_dict()}

    def current_round(self) -> int:
        """The latest round seated (0 before the first)."""
        return self.rounds_seated

    def open_tables(self) -> list[str]:
        """The keys of the tables (matches) waiting for a result: ``"3"`` (table 3 of the
        current round) in a progressive evening, ``"ROUND.TABLE"`` in a round robin or a
        Swiss, the match ids ready to play in a bracket."""
        n = self.rounds_seated
        if self.spec.format in ELIMINATION:
            return list(self.bracket_state().ready)
        if n == 0:
            return []
        if self.spec.format == PROGRESSIVE:
            return [str(t.table) for t in self.seatings[-1].tables if (n, t.table) not in self.tables]
        return [f"{n}.{p.table}" for p in self.pairings[-1].pairings if f"{n}.{p.table}" not in self.matches]

    def match_teams(self, key: str) -> tuple[int, int]:
        """The two teams of a tournament match (``"ROUND.TABLE"`` or a bracket id).

        Raises:
            EventError: no such match, or its teams not yet known.
        """
        if self.spec.format in ELIMINATION:
            state = self.bracket_state()
            a, b = state.teams.get(key, (None, None))
            if a is None or b is None or a < 0 or b < 0:
                ids = ", ".join(state.ready) or "none"
                raise EventError(f"match {key!r} cannot be played now; ready: {ids}")
            return a, b
        round_text, _, table_text = key.partition(".")
        try:
            r, t = int(round_text), int(table_text)
            pairing = next(p for p in self.pairings[r - 1].pairings if p.table == t) if r >= 1 else None
        except (ValueError, IndexError, StopIteration):
            pairing = None
        if pairing is None:
            raise EventError(f"no match {key!r}; matches are ROUND.TABLE, e.g. 1.2")
        return pairing.teams

    def bracket_state(self) -> BracketState:
        """The bracket's state (:func:`euchre.events.tournament.resolve`) with the results."""
        return resolve(self.bracket, len(self.spec.players) // 2,
                       {k: m.winning_team for k, m in self.matches.items() if m.winning_team is not None})

    # ------------------------------------------------------------------ results
    def _table_key(self, table: str) -> tuple[int, TableSeating]:
        n = self.rounds_seated
        if n == 0:
            raise EventError("no round is seated yet: show the next round first ('euchre event next')")
        try:
            number = int(table)
        except ValueError:
            raise EventError(f"tables are numbered 1..{self.spec.tables}, not {table!r}") from None
        seating = next((t for t in self.seatings[-1].tables if t.table == number), None)
        if seating is None:
            raise EventError(f"tables are numbered 1..{self.spec.tables}, not {table!r}")
        return n, seating

    def result_entry(self, table: str, hands: str | None = None, score: str | None = None,
                     winners: str | None = None) -> dict[str, Any]:
        """The entry of a table's (match's) result typed by the organiser.

        Args:
            table: the table of the current round (progressive), or the match (``1.2``,
                ``W1.3``).
            hands: the hands, separated by ``;`` (:func:`euchre.events.tally.parse_hands`),
                progressive only.
            score: the totals per side ``NS-EW`` (``7-5``; a match's ``10-6``).
            winners: ``NS`` or ``EW`` (the first or second team) for a tie.

        Raises:
            EventError: no such table, both or neither of ``hands`` and ``score``, hands
                that are not the round's number, a score or winners that cannot be read,
                or a result that can no longer be changed.
        """
        if (hands is None) == (score is None):
            raise EventError("give the table's hands (--hands) or its score per side (--score), one of them")
        side = None
        if winners is not None:
            side = SIDES.get(winners.strip().lower())
            if side is None:
                raise EventError(f"name the winners as NS or EW (the first or the second team), not {winners!r}")
        if self.spec.format != PROGRESSIVE:
            if hands is not None:
                raise EventError("a tournament match is entered by its final score: --score 10-6")
            teams = self.match_teams(table)
            self._check_match_open(table)
            return {"kind": "match", **match_result(table, teams, _score(score or ""), side,
                                                    self.spec.format in ELIMINATION).to_dict()}
        number, seating = self._table_key(table)
        if hands is not None:
            tallies = parse_hands(hands, self.rules, self.spec.house)
            if not self.rules.plays_to_target and len(tallies) != self.rules.progressive_hands:
                raise EventError(f"a round is {self.rules.progressive_hands} hands; {len(tallies)} given")
            totals = [sum(h.points[s] for h in tallies) for s in range(4)]
        else:
            ns, ew = _score(score or "")
            tallies, totals = [], [ns, ew, ns, ew]
        result = table_result(number, seating.table, seating.seats, totals, tallies, side, self.spec.seed)
        return {"kind": "table", **result.to_dict()}

    def _check_match_open(self, key: str) -> None:
        """Refuse to change a match's result once something was built on it."""
        if key not in self.matches:
            return
        if self.spec.format in ELIMINATION:
            later = [m.id for m in self.bracket if m.id in self.matches and m.id != key
                     and any(src in (("winner", key), ("loser", key)) for src in m.sources)]
            if later:
                raise EventError(f"match {key} fed match {later[0]}, already played: its result stays as it is")
        elif int(key.partition(".")[0]) < self.rounds_seated:
            raise EventError(f"round {key.partition('.')[0]} is over and the next is seated: its results stay as they are")

    def play_entries(self, fill: bool = False) -> list[dict[str, Any]]:
        """The results of the open tables (matches) played by bots: those whose every
        player is a bot, or, with ``fill``, every open table, bots standing in for the
        people.

        Raises:
            EventError: no open table that bots may play.
            IllegalActionError: a bot chose an action its view did not offer.
        """
        spec = self.spec
        if self.is_over:
            raise EventError("the event is over: every table has its result (see the standings)")
        bots = set(spec.bots)
        out = []
        for key in self.open_tables():
            players = self._players_of(key)
            if not fill and not all(spec.players[p] in bots for p in players):
                continue
            out.append(self._played(key))
        if not out:
            open_keys = ", ".join(self.open_tables()) or "none"
            raise EventError(f"no open table has only bots (open: {open_keys}); enter their scores, "
                             "or let bots stand in for the people with --fill")
        return out

    def _players_of(self, key: str) -> tuple[int, int, int, int]:
        if self.spec.format == PROGRESSIVE:
            return self._table_key(key)[1].seats
        a, b = self.match_teams(key)
        (a0, a1), (b0, b1) = self.spec.team_players(a), self.spec.team_players(b)
        return a0, b0, a1, b1

    def deal_key(self, key: str) -> int | str | None:
        """The key of the duplicate deals an open table (match) ``key`` plays: its
        round's number (a progressive round, a round robin's or Swiss round) or its
        bracket round's name (``W1``, ...); None when the event is not of duplicate
        deals (:class:`euchre.events.play.DuplicateDeals`).

        Raises:
            EventError: no such table or match.
        """
        if not self.spec.duplicate:
            return None
        if self.spec.format == PROGRESSIVE:
            return self._table_key(key)[0]
        self.match_teams(key)  # refuses an unknown match
        if self.spec.format in ELIMINATION:
            return next(m.round_name for m in self.bracket if m.id == key)
        return key.partition(".")[0]

    def _played(self, key: str) -> dict[str, Any]:
        spec = self.spec
        levels = [spec.bot_level] * 4
        if spec.format == PROGRESSIVE:
            number, seating = self._table_key(key)
            game = play_table(self.rules, levels, seating.dealer, derive_seed("table", spec.seed, number, seating.table),
                              self.deal_key(key), spec.seed)
            tallies = [t for t in (hand_from_result(h.result, self.rules, spec.house)
                                   for h in game.finished_hands if h.result is not None) if t is not None]
            totals = [sum(h.points[s] for h in tallies) for s in range(4)]
            result = table_result(number, seating.table, seating.seats, totals, tallies, None, spec.seed, "bots")
            return {"kind": "table", **result.to_dict()}
        teams = self.match_teams(key)
        game = play_table(self.rules, levels, 0, derive_seed("match", spec.seed, key), self.deal_key(key), spec.seed)
        score = game.score
        winner = None if game.result is None else game.result.winner
        if winner is None and spec.format in ELIMINATION:  # pragma: no cover - games to a target have a winner
            winner = 0 if score[0] >= score[1] else 1
        return {"kind": "match", **MatchResult(key, teams, (score[0], score[1]), winner, "bots").to_dict()}

    # ------------------------------------------------------------------ standings
    def _tournament_standings(self, seeding_last: bool = False) -> list[TeamStanding]:
        spec = self.spec
        names = spec.team_names
        results = list(self.matches.values())
        if spec.format in ELIMINATION:
            return bracket_standings(names, self.bracket, results)
        byes = [p.bye for p in self.pairings if p.bye is not None]
        if spec.format == ROUND_ROBIN:
            byes = [p.bye for p in self.pairings if p.bye is not None and self.round_done(p.round)]
        return tournament_standings(names, results, byes, spec.breaks, 2 if spec.format == SWISS else 0, seeding_last)

    def standings(self) -> list[Standing] | list[TeamStanding]:
        """The standings so far (:func:`euchre.events.tally.standings` for a progressive
        evening, the tournament's otherwise)."""
        if self.spec.format == PROGRESSIVE:
            return standings(self.spec.players, self.tables.values(), self.spec.rounds, self.spec.breaks)
        return self._tournament_standings()

    def results(self) -> list[dict[str, Any]]:
        """Every result in force (JSON), in round and table (match) order."""
        if self.spec.format == PROGRESSIVE:
            return [self.tables[k].to_dict() for k in sorted(self.tables)]
        return [m.to_dict() for m in self.matches.values()]


def _score(text: str) -> tuple[int, int]:
    """``"7-5"`` as (7, 5).

    Raises:
        EventError: not two whole numbers of at most four ASCII digits joined by ``-``.
    """
    a, sep, b = text.strip().partition("-")
    try:
        if not sep or not re.fullmatch(r"[0-9]{1,4}", a.strip(), re.ASCII) or not re.fullmatch(r"[0-9]{1,4}", b.strip(), re.ASCII):
            raise ValueError
        return int(a), int(b)
    except ValueError:
        raise EventError(f"a score is two numbers of points joined by '-', first N-S (the first team): "
                         f"'7-5', not {text.strip()[:20]!r}") from None


def default_tiebreaks(format_name: str) -> tuple[str, ...]:
    """The tie-breaks of a format when the organiser names none."""
    if format_name == PROGRESSIVE:
        return TIEBREAKS
    return DEFAULT_TIEBREAKS.get(format_name, ())
