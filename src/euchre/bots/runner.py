"""Running bots: one game (:func:`play_game`) and a seat-balanced match (:func:`play_match`).

Each bot is shown only ``view_of(game.hand, seat, game.score)``; the game applies its
action with the checked entry point, so a bot cannot make an illegal move unnoticed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from euchre.bots.base import Bot
from euchre.core.errors import EuchreError, IllegalActionError
from euchre.core.game import Game
from euchre.core.rules import Rules
from euchre.core.views import view_of


def play_game(rules: Rules, bots_by_seat: Sequence[Bot], seed: int | None = None, *,
              max_hands: int = 10_000) -> Game:
    """Play a whole game with bots and return it (``game.result`` holds the winner).

    Args:
        rules: the rule set.
        bots_by_seat: one bot per seat of ``rules.table``: four for N, E, S, W at the
            four-hand table (N-S are team 0, E-W team 1), two in the two-handed game.
        seed: seeds the game's shuffles and table setup (the bots have their own seeds).
        max_hands: stop after this many hands (see :class:`~euchre.core.game.Game`).

    Raises:
        EuchreError: not four bots.
        IllegalActionError: a bot chose an action not in its view's legal actions (the
            message names the bot and the seat).
    """
    table = rules.table
    if len(bots_by_seat) != table.seats:
        raise EuchreError(f"play_game needs {table.seats} bots, one per seat ({', '.join(table.letters)}), "
                          f"not {len(bots_by_seat)}")
    game = Game(rules, seed, max_hands=max_hands)
    while not game.is_over:
        seat = game.hand.turn
        view = view_of(game.hand, seat, game.score)
        bot = bots_by_seat[seat]
        action = bot.choose(view)
        if action not in view.legal:
            raise IllegalActionError(
                f"bot {bot.name} at {table.letters[seat]} chose {action!s} in {view.phase.name.lower()}",
                str(action), [str(a) for a in view.legal])
        game.apply(action)
    return game


@dataclass(frozen=True)
class MatchResult:
    """Totals of a match between side A and side B.

    Attributes:
        games: games played.
        wins: games won by (A, B).
        points: points scored by (A, B) over all games.
    """

    games: int
    wins: tuple[int, int]
    points: tuple[int, int]

    @property
    def points_share(self) -> float:
        """A's share of all points scored (0..1); 0.5 when none were scored."""
        total = self.points[0] + self.points[1]
        return self.points[0] / total if total else 0.5

    @property
    def win_rate(self) -> float:
        """A's share of the games won (0..1)."""
        decided = self.wins[0] + self.wins[1]
        return self.wins[0] / decided if decided else 0.5


def play_match(rules: Rules, make_a: Callable[[int], Bot], make_b: Callable[[int], Bot],
               games: int, seed: int = 0) -> MatchResult:
    """Play ``games`` games of side A against side B, swapping seats every game.

    Game ``i`` uses game seed ``seed + i``; A sits N-S in even games and E-W in odd
    ones. Each bot is made with a seed derived from the game seed and its seat.

    Args:
        rules: the rule set.
        make_a, make_b: make a bot from a seed (e.g. ``lambda s: make_bot("beginner", s)``).
        games: how many games.
        seed: the first game seed.

    Raises:
        EuchreValueError: the table has more than two sides (cutthroat, call-ace), where
            there is no side B to swap with (:meth:`Table.other_team`).
    """
    wins = [0, 0]
    points = [0, 0]
    for i in range(games):
        game_seed = seed + i
        table = rules.table
        a_team = i % len(table.teams)
        b_team = table.other_team(a_team)  # a table of two sides (a clear error at cutthroat)
        bots = [(make_a if table.team[seat] == a_team else make_b)(game_seed * 4 + seat) for seat in range(table.seats)]
        game = play_game(rules, bots, game_seed)
        points[0] += game.score[a_team] - game.initial_score[a_team]
        points[1] += game.score[b_team] - game.initial_score[b_team]
        if game.result is not None:
            wins[0 if game.result.winner == a_team else 1] += 1
    return MatchResult(games, (wins[0], wins[1]), (points[0], points[1]))
