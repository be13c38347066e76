"""Self-play between chosen bots, recording every decision: the rows of a data set.

Game ``i`` of a run with seed ``seed`` is ``Game(rules, game_seed)`` with ``game_seed =
derive_seed("selfplay", seed, i)`` (its table setup and shuffles come from that seed), and
the bot in seat ``s`` is made with ``derive_seed("bot", game_seed, s)``. A game's rows
therefore depend on the run's seed and the game's index only, never on the backend
(:mod:`euchre.analysis.parallel`) or the order in which games finish; :func:`run_selfplay`
hands the games on in index order.

Every decision of every seat is one row (:data:`COLUMNS`, in play order): who decided and
in which state (its :class:`~euchre.core.views.PlayerView` encoded by
:func:`euchre.analysis.features.encode_view`, and its history), what it could do, what it
did, what its search thought of each action when it searched (a bot with a
``last_search`` attribute: :class:`euchre.bots.rollout.SearchValues`, the ``advanced`` and
``expert`` levels), and how the hand and the game ended for the deciding seat's side.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from euchre.analysis.duplicate import BotFactory, checked_choice, derive_seed
from euchre.analysis.features import check_rules, encode_view, relative_seats
from euchre.analysis.parallel import Backend, open_pool
from euchre.bots.base import Bot
from euchre.bots.rollout import SearchValues
from euchre.core.errors import EuchreTypeError, EuchreValueError
from euchre.core.game import Game, outcome_of
from euchre.core.rules import Rules
from euchre.core.views import PlayerView, view_of

COLUMNS: tuple[str, ...] = (
    "game", "game_seed", "hand", "step", "seat", "level", "phase", "features", "history", "history_seat",
    "legal", "action", "values", "value_method", "value_worlds",
    "hand_points", "hand_points_against", "game_points", "game_points_against", "game_won",
)
"""The fields of a decision row, in order (their types and meaning:
:data:`euchre.interop.parquet.SCHEMA` and ``docs/research.md``)."""

Columns = dict[str, list[Any]]
"""Decision rows as one list per column of :data:`COLUMNS` (all of one length)."""

GAME_CHUNK = 8
"""The most games in one task of a worker process or of Ray."""


def new_columns() -> Columns:
    """Empty :data:`Columns`."""
    return {name: [] for name in COLUMNS}


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a self-play run with seed ``seed`` (see the module
    docstring)."""
    return derive_seed("selfplay", seed, index)


def view_fields(view: PlayerView) -> tuple[bytes, list[int], list[int], list[int]]:
    """The columns of a row that come from the deciding seat's view alone: ``features``
    (:func:`~euchre.analysis.features.encode_view`), ``history`` (the action codes of the
    hand so far as the seat saw them, another seat's discard as -1), ``history_seat``
    (who took each, as a seat relative to the viewer) and ``legal`` (the legal codes).

    Raises:
        EuchreError: as :func:`~euchre.analysis.features.encode_view`.
    """
    rel = relative_seats(view)
    return (encode_view(view), [code for _, code in view.history], [rel[s] for s, _ in view.history],
            [int(a) for a in view.legal])


@dataclass(frozen=True)
class SelfPlayGame:
    """The rows of one game and its summary.

    Attributes:
        index: the game's number in the run (from 0).
        seed: its ``game_seed``.
        columns: its decision rows (:data:`COLUMNS`).
        hands: hands played.
        winner: the winning team (0 N-S, 1 E-W), ``TIE`` for a progressive round with
            equal scores, None if the hand limit stopped it.
    """

    index: int
    seed: int
    columns: Columns
    hands: int
    winner: int | None

    @property
    def decisions(self) -> int:
        """The number of rows."""
        return len(self.columns["game"])


def play_recorded_game(rules: Rules, factories: Sequence[BotFactory], labels: Sequence[str], seed: int, index: int,
                       max_hands: int = 1000) -> SelfPlayGame:
    """Play game ``index`` of a self-play run and record every decision.

    Args:
        rules: the rule set (any table: :func:`check_table`).
        factories: the bots' factories by seat, in seat order.
        labels: the bots' labels by seat (the ``level`` column).
        seed: the run's seed.
        index: the game's number.
        max_hands: stop a game after this many hands (``game_won`` is then null).

    Raises:
        IllegalActionError: a bot chose an action its view did not offer.
    """
    gseed = game_seed(seed, index)
    bots: list[Bot] = [factories[s](derive_seed("bot", gseed, s)) for s in range(rules.table.seats)]
    game = Game(rules, gseed, max_hands=max_hands)
    team = rules.table.team
    rows: list[tuple[Any, ...]] = []  # the columns up to value_worlds, one tuple a row
    outcomes: list[tuple[int, tuple[int, ...]]] = []  # per row: its side, its hand's points per side
    hand_start = 0  # the first row of the hand in progress
    hand_index = 0
    while not game.is_over:
        hand = game.hand
        seat = hand.turn
        view = view_of(hand, seat, tuple(game.score))
        bot = bots[seat]
        action = checked_choice(bot, view)
        search = getattr(bot, "last_search", None)
        features, history, history_seat, legal = view_fields(view)
        if isinstance(search, SearchValues):
            found = search.values
            searched: tuple[Any, ...] = ([found.get(a) for a in view.legal], search.method, search.worlds)
        else:
            searched = (None, None, None)
        rows.append((index, gseed, hand_index, len(history), seat, labels[seat], int(view.phase), features, history,
                     history_seat, legal, int(action), *searched))
        result = game.apply(action)
        if result is not None:  # the hand is over: its outcome for each row's side
            points = result.points
            outcomes.extend((team[r[4]], points) for r in rows[hand_start:])
            hand_start = len(rows)
            hand_index += 1
    # a hand cut short by the hand limit cannot happen: the limit is checked between hands
    winner = outcome_of(game)
    gained = [game.score[t] - game.initial_score[t] for t in range(len(rules.table.teams))]
    cols = new_columns()
    if rows:
        for name, values in zip(COLUMNS, zip(*rows, strict=True), strict=False):
            cols[name] = list(values)
    cols["hand_points"] = [p[t] for t, p in outcomes]
    cols["hand_points_against"] = [sum(p) - p[t] for t, p in outcomes]
    cols["game_points"] = [gained[t] for t, _ in outcomes]
    cols["game_points_against"] = [sum(gained) - gained[t] for t, _ in outcomes]
    cols["game_won"] = [None if winner is None else winner == t for t, _ in outcomes]  # a tie: False for both
    return SelfPlayGame(index, gseed, cols, len(game.finished_hands), winner)


def _chunk(rules: Rules, factories: Sequence[BotFactory], labels: Sequence[str], seed: int, start: int, stop: int,
           max_hands: int) -> list[SelfPlayGame]:
    """Games ``start..stop-1`` of a run (a task of a worker process or of Ray)."""
    return [play_recorded_game(rules, factories, labels, seed, i, max_hands) for i in range(start, stop)]


def check_table(rules: Rules) -> Rules:
    """``rules`` when self-play can record their games: every rule set the feature layout
    describes (:mod:`euchre.analysis.features`: every playable preset, whatever its
    table). The rows' outcome columns are per side: the deciding seat's side's points,
    and the other sides' points together (at the four-hand table, the other
    partnership's; where each plays for himself, every other player's).

    Raises:
        RulesError: rules the feature layout does not describe
            (:func:`euchre.analysis.features.check_rules`: table mode).
    """
    check_rules(rules)
    return rules


def run_selfplay(rules: Rules, factories: Sequence[BotFactory], labels: Sequence[str], *, games: int, seed: int = 0,
                 backend: Backend | None = None, max_hands: int = 1000) -> Iterator[SelfPlayGame]:
    """Play ``games`` recorded games and yield them in index order (as soon as every
    game before one has come back), whatever the backend.

    Args:
        rules: the rule set.
        factories: one bot factory per seat of the rules' table, in seat order;
            picklable for processes or Ray (e.g. ``functools.partial(make_bot, "expert")``).
        labels: one label per seat (the ``level`` column).
        games: how many games (>= 1).
        seed: the run's seed.
        backend: where to play (default: this process).
        max_hands: the hand limit of each game.

    Raises:
        EuchreTypeError: a count or the seed is not a whole number.
        EuchreValueError: not one factory and one label per seat, or a count below 1.
        BackendError: the backend cannot be had.
        IllegalActionError: a bot chose an action its view did not offer.
        RulesError: rules self-play does not record (:func:`check_table`).
    """
    check_table(rules)
    for name, value in (("games", games), ("seed", seed), ("max_hands", max_hands)):
        if type(value) is not int:
            raise EuchreTypeError(f"{name} must be a whole number, not {value!r}")
    if games < 1 or max_hands < 1:
        raise EuchreValueError(f"games and max_hands must be at least 1, not {games} and {max_hands}")
    seats = rules.table.seats
    if len(factories) != seats or len(labels) != seats:
        raise EuchreValueError(f"self-play needs one bot and one label per seat of the table ({seats}), not "
                               f"{len(factories)} and {len(labels)}")
    with open_pool(backend if backend is not None else Backend(1), games) as pool:
        step = 1 if pool.workers == 1 else max(1, min(GAME_CHUNK, math.ceil(games / (4 * pool.workers))))
        tasks = [(rules, tuple(factories), tuple(labels), seed, start, min(games, start + step), max_hands)
                 for start in range(0, games, step)]
        waiting: dict[int, list[SelfPlayGame]] = {}
        next_task = 0
        for index, found in pool.run(_chunk, tasks):
            waiting[index] = found
            while next_task in waiting:
                yield from waiting.pop(next_task)
                next_task += 1


def concat_columns(parts: Sequence[Columns]) -> Columns:
    """Rows of several games one after the other."""
    out = new_columns()
    for part in parts:
        for name in COLUMNS:
            out[name].extend(part[name])
    return out
