"""One event's log of entries (:class:`Event`), over its definition (:class:`~euchre.events.spec.EventSpec`).

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
from collections.abc import Sequence
from typing import Any

from euchre.analysis.duplicate import derive_seed
from euchre.events.bracket import BracketState, bracket, bracket_standings, resolve
from euchre.events.errors import EventError
from euchre.events.hand_tally import hand_from_result, parse_hands
from euchre.events.movements import (
    BY_RESULTS,
    DRAWN,
    FIXED_ROTATION,
    RoundSeating,
    TableSeating,
    first_round,
    next_round,
    rotation_order,
    seating_draw,
)
from euchre.events.pairings import TournamentRound, round_robin_round, swiss_round
from euchre.events.play import play_table
from euchre.events.spec import PROGRESSIVE, EventSpec
from euchre.events.standings import Standing, standings
from euchre.events.tally import TableResult, table_result
from euchre.events.tournament import (
    ELIMINATION,
    ROUND_ROBIN,
    SWISS,
    MatchResult,
    TeamStanding,
    match_result,
    tournament_standings,
)

SIDES = {"ns": 0, "n-s": 0, "1": 0, "first": 0, "ew": 1, "e-w": 1, "2": 1, "second": 1}
"""How the winners of a tie are named: N-S (the first team) or E-W (the second)."""


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

