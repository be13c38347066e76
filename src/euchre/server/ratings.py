"""Ratings (OpenSkill) and the record of every finished game played by an account.

**Which games.** Every finished game of a table at which at least one seat is an
account's (:meth:`euchre.server.accounts.Accounts.record_seat`) is recorded once
(``euchre_finished_game``, key table and game number), with each seat's statistics. It is
**rated** when every seat is an account or a bot (no guest) and the rules are a preset's
for everyone (the table was created from a preset, with at most its house rules
switched, which every seat is shown; a table of custom ``options`` is not rated). The
ratings are kept per preset (one leaderboard each).

**The update.** OpenSkill's Plackett-Luce model with the library's defaults
(``openskill.models.PlackettLuce()``: mu 25, sigma 25/3, beta 25/6, tau 25/300): each
side of the table is a team of its seats' ratings, ranked by the game's final score
(a tie shares the rank; a progressive round may tie). A bot has a rating per level
(``bot:intermediate``), updated like a player's. When one subject holds several seats
(two bots of one level), each seat enters with the subject's rating and the subject's new
mu and sigma are the means over its seats' updated values (#interp: the library rates
players, not one player in two seats).

**Statistics per seat** (:func:`seat_stats`): hands played (passed-out hands are not),
the points his side scored, calls (he fixed trump) and calls made (his side scored on
them), euchred (his calls that failed), euchres (the other side's calls that his side
defeated), lone hands and lone hands made, the game won.

Every function here blocks (SQL, or the plot); call it from a worker thread.
"""

from __future__ import annotations

import io
import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import Engine

from euchre.core.game import Game
from euchre.core.house_rules import in_effect
from euchre.core.rules import Rules
from euchre.storage.ratings import FinishedGame, RatingStore

GUEST = "guest"
STAT_KEYS = ("hands", "points", "calls", "calls_made", "euchred", "euchres", "lone", "lone_made")


def model() -> PlackettLuce:
    """The rating model: Plackett-Luce with the library's default parameters."""
    return PlackettLuce()


def bot_subject(level: str) -> str:
    """The rating key of a bot level."""
    return f"bot:{level}"


def account_subject(account_id: str) -> str:
    """The rating key of an account."""
    return f"account:{account_id}"


def ordinal(mu: float, sigma: float) -> float:
    """The rating shown and sorted by: ``mu - 3 sigma`` (OpenSkill's ``ordinal()``)."""
    return mu - 3.0 * sigma


def seat_stats(game: Game, seat: int) -> dict[str, int]:
    """A seat's statistics over a finished game (module docstring)."""
    team = game.rules.table.team
    side = team[seat]
    out = dict.fromkeys(STAT_KEYS, 0)
    for hand in game.finished_hands:
        r = hand.result
        if r is None or not r.played:
            continue
        out["hands"] += 1
        out["points"] += r.points[side] if side < len(r.points) else 0
        if r.maker is None:
            continue
        makers = team[r.maker]
        made = r.points[makers] > 0
        if r.maker == seat or r.alone == seat:
            if r.alone == seat:
                out["lone"] += 1
                out["lone_made"] += made
            if r.maker == seat:
                out["calls"] += 1
                out["calls_made"] += made
                out["euchred"] += not made
        elif makers != side and not made and r.points[side] > 0:
            out["euchres"] += 1
    return out


def team_ranks(score: Sequence[int]) -> list[int]:
    """Each side's rank from the final score: 1 + the sides with more points (a tie
    shares the rank)."""
    return [1 + sum(1 for other in score if other > mine) for mine in score]


def rate(teams: Sequence[Sequence[str]], score: Sequence[int],
         current: dict[str, tuple[float, float]]) -> dict[str, tuple[float, float]]:
    """The new (mu, sigma) of every subject after one game.

    Args:
        teams: per side, the subject of each of its seats.
        score: per side, the final score (higher is better).
        current: the subjects' ratings before the game (a missing one starts at the
            model's defaults).

    Returns:
        Per subject, the mean over its seats of the library's updated values.
    """
    m = model()
    entered = [[m.rating(*current[s]) if s in current else m.rating() for s in side] for side in teams]
    updated = m.rate(entered, ranks=[float(r) for r in team_ranks(score)])
    sums: dict[str, list[float]] = {}
    for side, new in zip(teams, updated, strict=True):
        for subject, r in zip(side, new, strict=True):
            acc = sums.setdefault(subject, [0.0, 0.0, 0.0])
            acc[0] += r.mu
            acc[1] += r.sigma
            acc[2] += 1
    return {s: (v[0] / v[2], v[1] / v[2]) for s, v in sums.items()}


def is_rateable(rules: Rules, preset: str | None, subjects: Sequence[str]) -> bool:
    """True when a game of these rules and seats is rated: a preset's rules, every
    seat an account or a bot, at least one account, at least two sides."""
    return (preset is not None and len(rules.table.teams) >= 2 and GUEST not in subjects
            and any(s.startswith("account:") for s in subjects))


@dataclass(frozen=True)
class FinishedSeat:
    """What is known of one seat of a finished game before it is recorded."""

    subject: str
    account_id: str | None


class Ratings:
    """The record of finished games and the ratings, in the server's database (their
    rows: :class:`euchre.storage.ratings.RatingStore`).

    Args:
        engine: the server's SQLAlchemy engine.
        clock: seconds since the epoch.
    """

    def __init__(self, engine: Engine, clock: Any = time.time) -> None:
        self.engine = engine
        self.store = RatingStore(engine)
        self.clock = clock

    def is_recorded(self, table_id: str, number: int) -> bool:
        """True when game ``number`` of the table is recorded already."""
        return self.store.is_recorded(table_id, number)

    def recorded_games(self, table_id: str) -> set[int]:
        """The game numbers of a table recorded already."""
        return self.store.recorded_games(table_id)

    def record(self, table_id: str, number: int, game: Game, preset: str | None,
               seats: Sequence[FinishedSeat], *, undone: bool = False) -> bool:
        """Record a finished game, and rate it when it is rateable, in one transaction.
        Returns False when it was recorded before (nothing is changed).

        Args:
            undone: a decision was taken back in the game (``undo``,
                :mod:`euchre.server.undo`): it is recorded but not rated.
        """
        rules = game.rules
        subjects = [s.subject for s in seats]
        rated = not undone and is_rateable(rules, preset, subjects)
        score = list(game.score)
        winner = None if game.result is None else game.result.winner
        teams = [[subjects[s] for s in side] for side in rules.table.teams]
        rows = [{"subject": who.subject, "account_id": who.account_id, "won": int(winner == rules.table.team[seat]),
                 "stats": json.dumps(seat_stats(game, seat))} for seat, who in enumerate(seats)]
        finished = FinishedGame(table_id, number, preset, json.dumps(in_effect(rules)),
                                json.dumps({"score": score, "winner": winner}), self.clock(), rows)
        m = model()
        return self.store.record(finished, (lambda before: rate(teams, score, before)) if rated else None,
                                 (m.mu, m.sigma))

    def rate_bots(self, preset: str, teams: Sequence[Sequence[str]], score: Sequence[int]) -> None:
        """Rate one game played by bots only (:func:`measure_bots`): the bots' ratings
        under ``preset`` move as in any rated game; no game is recorded (a bot has no
        player's page).

        Raises:
            ValueError: a subject that is not a bot's.
        """
        if not all(s.startswith("bot:") for side in teams for s in side):
            raise ValueError("rate_bots rates games of bots only")
        self.store.rate(preset, {s for side in teams for s in side}, lambda before: rate(teams, score, before),
                        self.clock())

    # ------------------------------------------------------------------ reading
    def rating(self, subject: str, preset: str) -> tuple[float, float, int] | None:
        """``(mu, sigma, games)`` of a subject in a preset's pool, or None."""
        return self.store.rating(subject, preset)

    def leaderboard(self, preset: str) -> list[dict[str, Any]]:
        """Every rated subject of a preset, best ordinal first: ``{"subject", "mu",
        "sigma", "rating" (the ordinal), "games"}``."""
        out: list[dict[str, Any]] = [{"subject": subject, "mu": mu, "sigma": sigma, "rating": ordinal(mu, sigma),
                                      "games": games} for subject, mu, sigma, games in self.store.pool(preset)]
        out.sort(key=lambda x: (-float(x["rating"]), str(x["subject"])))
        return out

    def presets_rated(self) -> list[str]:
        """The presets with at least one rating."""
        return self.store.presets_rated()

    def player(self, account_id: str) -> dict[str, Any]:
        """A player's page: totals, ratings per preset, and every finished game (newest
        first) with its record and replay links."""
        rows = self.store.seats_of(account_id)
        ratings = self.store.ratings_of(account_subject(account_id))
        events = self.store.events_of({str(r.table_id) for r in rows})
        totals = dict.fromkeys(STAT_KEYS, 0)
        games = []
        for r in rows:
            stats = json.loads(r.stats)
            for k in STAT_KEYS:
                totals[k] += int(stats.get(k, 0))
            score = json.loads(r.score)
            base = f"/api/tables/{r.table_id}"
            games.append({"table": str(r.table_id), "game": int(r.game), "seat": int(r.seat), "preset": r.preset,
                          "house_rules": json.loads(r.house_rules), "rated": bool(r.rated), "won": bool(r.won),
                          "score": score["score"], "finished_at": float(r.finished_at), "stats": stats,
                          "rating_after": None if r.mu_after is None else ordinal(float(r.mu_after), float(r.sigma_after)),
                          "replay": f"{base}/replay.json?game={int(r.game)}", "record": f"{base}/record.json?game={int(r.game)}",
                          "event": events.get(str(r.table_id))})
        played = len(games)
        wins = sum(1 for g in games if g["won"])
        return {
            "games": played, "wins": wins, **totals,
            "points_per_hand": round(totals["points"] / totals["hands"], 3) if totals["hands"] else None,
            "made_share": round(totals["calls_made"] / totals["calls"], 3) if totals["calls"] else None,
            "ratings": sorted(({"preset": preset, "mu": mu, "sigma": sigma, "rating": ordinal(mu, sigma), "games": games}
                               for preset, mu, sigma, games in ratings), key=lambda x: x["preset"]),
            "finished": games,
        }

    def history(self, account_id: str, preset: str) -> list[tuple[float, float, float]]:
        """A player's rating in a preset's pool after each rated game, oldest first:
        ``(finished_at, mu, sigma)``."""
        return self.store.history(account_id, preset)


def measure_bots(ratings: Ratings, preset: str, levels: Sequence[str], games: int, seed: int,
                 progress: Any = None) -> list[tuple[str, float, float, int]]:
    """Measure the bots' ratings under ``preset`` by games among them: for game ``g``
    the levels are dealt to the sides in turn (with two sides, every ordered pair of
    levels; each side's seats one level), a fresh game of the preset's rules is played to
    its end by bots that see only their views, and :meth:`Ratings.rate_bots` rates it.
    Bots meet people with these ratings, so a new player's first games are measured
    against bots whose ratings mean something.

    Args:
        levels: two or more bot levels (``BOT_LEVELS``).
        games: games to play (1..100,000).
        seed: seeds the games and the bots (the same seed plays the same games).
        progress: called with no argument after each game, or None.

    Returns:
        ``(level, mu, sigma, rated games)`` of each level after the games, best first.

    Raises:
        EuchreError: an unknown preset or level, fewer than two levels, or a count out
            of range.
    """
    from euchre.analysis.duplicate import derive_seed, play_out
    from euchre.bots import BOT_LEVELS, make_bot
    from euchre.core.errors import EuchreValueError
    from euchre.core.presets import preset as preset_rules

    rules = preset_rules(preset)
    unknown = [lv for lv in levels if lv not in BOT_LEVELS]
    if unknown or len(set(levels)) < 2:
        raise EuchreValueError(f"give two or more bot levels of {', '.join(BOT_LEVELS)}; not {', '.join(levels)}")
    if not 1 <= games <= 100_000:
        raise EuchreValueError(f"games must be 1..100,000, not {games}")
    sides = rules.table.teams
    pairs = [(a, b) for a in levels for b in levels if a != b]
    for g in range(games):
        first, second = pairs[g % len(pairs)]
        order = [first, second, *[lv for lv in levels if lv not in (first, second)]]
        side_level = [order[i % len(order)] for i in range(len(sides))]
        seat_level = {seat: side_level[i] for i, side in enumerate(sides) for seat in side}
        bots = {seat: make_bot(level, derive_seed("rate bots bot", seed, g, seat)) for seat, level in seat_level.items()}
        game = play_out(Game(rules, derive_seed("rate bots game", seed, g)), [bots[s] for s in range(rules.table.seats)])
        teams = [[bot_subject(seat_level[seat]) for seat in side] for side in sides]
        ratings.rate_bots(preset, teams, list(game.score))
        if progress is not None:
            progress()
    out = []
    for level in dict.fromkeys(levels):
        found = ratings.rating(bot_subject(level), preset)
        if found is not None:
            out.append((level, *found))
    return sorted(out, key=lambda r: -ordinal(r[1], r[2]))


def plot_png(name: str, preset: str, history: Sequence[tuple[float, float, float]]) -> bytes:
    """The rating over time as a PNG: the ordinal (mu - 3 sigma) and mu after each
    rated game, the start (25, 0) first."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    from euchre.analysis.plot import count_axis, lay_out

    m = model()
    mus = [m.mu, *(h[1] for h in history)]
    ords = [ordinal(m.mu, m.sigma), *(ordinal(h[1], h[2]) for h in history)]
    xs = list(range(len(mus)))
    fig = Figure(figsize=(6.4, 3.6), dpi=100)
    ax = fig.add_subplot()
    ax.plot(xs, ords, marker="o", label="rating (mu - 3 sigma)")
    ax.plot(xs, mus, linestyle="--", label="mu")
    ax.set_xlabel("rated games")
    count_axis(ax.xaxis, len(history), first=0)  # 0: the start, before any rated game
    ax.set_ylabel("OpenSkill")
    ax.set_title(f"{name}: {preset}")
    ax.grid(True, alpha=0.3)
    ax.legend(loc="best")
    lay_out(fig)
    out = io.BytesIO()
    fig.savefig(out, format="png")
    return out.getvalue()
