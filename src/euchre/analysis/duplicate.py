"""Duplicate matches: every deal is played several times with the sides' seats exchanged.

At a table of two sides (the four-hand partnerships; the two-handed game) side A first
sits at the first side (North-South, or player 1) and B at the other; then the same cards
are dealt again by the same dealer and the sides change seats, so A holds the cards B
held. Whatever the cards were worth, each bot held both halves of them: the luck of the
deal cancels and what remains is the play (the method of duplicate bridge).

At a table of more than two sides (cutthroat, call-ace: every player for himself), each
deal is played ``2 m`` times for ``m`` players: A alone against ``m - 1`` B's, once in each
seat, then B alone against ``m - 1`` A's, once in each seat. Over those plays each bot
holds every seat's cards ``m`` times (``m**2`` seat-hands of A and as many of B), so the
luck of the cards cancels again, and so does the luck of sitting among one's own kind.

Units: a *hand* is one deal played once; a *duplicate deal* is the set of plays on the
same cards (two at a table of two sides). A *side-hand* is one side's part of one hand
(two per duplicate deal of two sides, ``m**2`` per side at a table of ``m`` players each
for himself): points per hand are per side-hand, i.e. per player where each plays for
himself. Points are those the rules score for the hand (1, 2 or 4 under most presets; a
thrown-in hand scores nothing). The duplicate deal is the independent unit for
statistics.

Determinism: deal ``i`` of a match is shuffled from ``derive_seed("deal", seed, i)`` and
dealt by seat ``i % seats`` (``i % 4`` at the four-hand table); the bot in seat ``s`` is made
with ``derive_seed("bot", deal seed, s)`` in every play, so the bots holding a given
hand's cards start from the same seed whichever side they belong to. Results therefore
depend on the match seed and the index only, never on the number of worker processes or
the order in which deals finish; and two identical bots (same level) cancel exactly on
every duplicate deal.

Optionally whole *duplicate games* are played the same way: game ``g`` is set up from
``derive_seed("game", seed, g)`` and its ``k``-th hand is dealt from ``derive_seed("hand",
game seed, k)`` by whichever seat deals it; each play of the game repeats the first with
the sides' seats exchanged as for the deals (the same cards for the same hand number, as
long as the games last).
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from euchre.analysis.contract import Contract
from euchre.analysis.parallel import Backend, BackendError, open_pool
from euchre.bots.base import Bot
from euchre.core.actions import Action
from euchre.core.errors import EuchreError, IllegalActionError
from euchre.core.game import TIE, Game, outcome_of
from euchre.core.hand import HandResult, HandState
from euchre.core.rules import Rules
from euchre.core.seats import FOUR_HANDED, Table
from euchre.core.views import PlayerView, view_of

BotFactory = Callable[[int], Bot]
"""Makes a bot from an int seed. To be used with several worker processes it must be
picklable: a module-level function or class, or a ``functools.partial`` of one (e.g.
``functools.partial(make_bot, "beginner")``); not a lambda."""

ProgressCallback = Callable[[int], None]
"""Called with the number of duplicate deals or games just finished (for a progress bar)."""


def derive_seed(*parts: int | str) -> int:
    """A 63-bit seed from a tuple of ints and strings (SHA-256 of their text form).

    Independent of ``PYTHONHASHSEED``, the platform and the process, so that a worker
    derives the same seed as the parent.
    """
    text = ":".join(str(p) for p in parts).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big") >> 1


def deal_for(rules: Rules, seed: int, index: int) -> HandState:
    """The hand of duplicate deal ``index`` of a match with seed ``seed``: dealt by seat
    ``index % seats`` (``index % 4`` at the four-hand table) from ``derive_seed("deal", seed, index)`` (before any action)."""
    return HandState.deal(rules, index % rules.table.seats, random.Random(derive_seed("deal", seed, index)))


def arrangements(table: Table) -> tuple[frozenset[int], ...]:
    """The plays of a duplicate deal on ``table``: for each play, the sides (indices into
    ``table.teams``) that side A holds, B holding the others (see the module docstring).

    Two sides: ``({0}, {1})``. ``m`` sides (``m`` > 2): A alone at side 0 .. m-1, then A at
    every side but 0 .. m-1 (B alone there).
    """
    m = len(table.teams)
    if m == 2:
        return frozenset({0}), frozenset({1})
    everyone = frozenset(range(m))
    return (*(frozenset({i}) for i in range(m)), *(everyone - {i} for i in range(m)))


def seats_of(a_sides: int | frozenset[int], make_a: BotFactory, make_b: BotFactory, seeds: Sequence[int],
             table: Table = FOUR_HANDED) -> list[Bot]:
    """The bots by seat of ``table`` (N, E, S, W at the four-hand table) with side A at
    ``a_sides``.

    Args:
        a_sides: the sides A plays (indices into ``table.teams``: 0 N-S, 1 E-W at the
            four-hand table; at the two-handed table the player in seat ``a_sides``), one
            side as an int or several as a set.
        make_a, make_b: the sides' bot factories.
        seeds: the bots' seeds, by seat.
        table: the table's shape (``rules.table``).

    Raises:
        EuchreError: a side that the table does not have, or not one seed per seat.
    """
    sides = frozenset({a_sides}) if isinstance(a_sides, int) else a_sides
    if not sides <= frozenset(range(len(table.teams))):
        raise EuchreError(f"the table has sides 0..{len(table.teams) - 1}, not {sorted(sides)}")
    if len(seeds) != table.seats:
        raise EuchreError(f"one seed per seat: {table.seats}, not {len(seeds)}")
    return [(make_a if table.team[seat] in sides else make_b)(seeds[seat]) for seat in range(table.seats)]


def play_hand(hand: HandState, bots_by_seat: Sequence[Bot], score: Sequence[int] | None = None) -> HandResult:
    """Play ``hand`` to its end (in place), showing each bot only its view.

    Args:
        hand: a hand in progress (it is changed).
        bots_by_seat: one bot per seat of ``hand.table`` (N, E, S, W at the four-hand
            table).
        score: the game score per side shown in the views (None: 0 for every side).

    Returns:
        The hand's result (points per team N-S, E-W).

    Raises:
        EuchreError: not one bot per seat.
        IllegalActionError: a bot chose an action its view did not offer (the message
            names the bot and the seat).
    """
    table = hand.table
    if score is None:
        score = (0,) * len(table.teams)
    if len(bots_by_seat) != table.seats:
        raise EuchreError(f"a hand needs {table.seats} bots ({', '.join(table.letters)}), not {len(bots_by_seat)}")
    while not hand.is_over:
        seat = hand.turn
        hand.apply(checked_choice(bots_by_seat[seat], view_of(hand, seat, score)))
    if hand.result is None:  # pragma: no cover - the phase machine sets it at DONE
        raise EuchreError("internal error: a finished hand has no result")
    return hand.result


def checked_choice(bot: Bot, view: PlayerView) -> Action:
    """The bot's choice for ``view``, checked against ``view.legal``.

    Raises:
        IllegalActionError: the bot chose an action the view did not offer (the message
            names the bot, the seat and the legal actions).
    """
    action = bot.choose(view)
    if action not in view.legal:
        raise IllegalActionError(
            f"bot {bot.name} at {view.table.letters[view.seat]} chose {action!s} in {view.phase.name.lower()}",
            str(action), [str(a) for a in view.legal])
    return action


def play_out(game: Game, bots: Sequence[Bot]) -> Game:
    """Play ``game`` to its end, ``bots[seat]`` choosing for each seat from its view
    (:func:`~euchre.core.views.view_of`, nothing hidden), every choice checked
    (:func:`checked_choice`). Returns the same game, over.

    Raises:
        IllegalActionError: a bot chose an action its view did not offer.
    """
    while not game.is_over:
        seat = game.turn
        game.apply(checked_choice(bots[seat], view_of(game.hand, seat, game.score)))
    return game


@dataclass(frozen=True)
class DuplicateDeal:
    """One deal played once for each arrangement of the sides (:func:`arrangements`).

    Attributes:
        index: the deal's number in the match (from 0).
        dealer: the dealer's seat in every play.
        points: per play, ``(A's points, B's points)`` of that hand, each summed over the
            sides the bot holds in that play; at a table of two sides play 0 has A at the
            first side (N-S), play 1 at the second (holding the cards B held in play 0).
        held: per play, the number of sides A holds (B holds the others); at a table of
            two sides ``(1, 1)``.
        contracts: per play, how its bidding ended (:class:`~euchre.analysis.contract.Contract`;
            :func:`~euchre.analysis.sources.margin_sources` reads them); empty for a
            deal made by hand without them.
    """

    index: int
    dealer: int
    points: tuple[tuple[int, int], ...]
    held: tuple[int, ...] = (1, 1)
    contracts: tuple[Contract, ...] = ()

    @property
    def a_points(self) -> int:
        """A's points over every play."""
        return sum(a for a, _ in self.points)

    @property
    def b_points(self) -> int:
        """B's points over every play."""
        return sum(b for _, b in self.points)

    @property
    def side_hands(self) -> int:
        """The side-hands each bot played in this deal (A's equal B's): 2 at a table of
        two sides, ``m**2`` at a table of ``m`` players each for himself."""
        return sum(self.held)

    @property
    def margin(self) -> float:
        """A's points less B's per side-hand on this deal (the unit of the match's margin
        and of its interval)."""
        return (self.a_points - self.b_points) / self.side_hands


def _sides_points(points: Sequence[int], sides: frozenset[int]) -> tuple[int, int]:
    """``(A's, B's)`` points from points per side, A holding ``sides``."""
    return (sum(p for i, p in enumerate(points) if i in sides), sum(p for i, p in enumerate(points) if i not in sides))


def play_duplicate_deal(rules: Rules, make_a: BotFactory, make_b: BotFactory, seed: int, index: int) -> DuplicateDeal:
    """Play duplicate deal ``index`` of a match: its hand once for each arrangement of the
    sides (:func:`arrangements`). Each seat's bot has the same seed in every play.

    Raises:
        IllegalActionError: a bot chose an action its view did not offer.
    """
    hand = deal_for(rules, seed, index)
    deal_seed = derive_seed("deal", seed, index)
    table = rules.table
    seeds = [derive_seed("bot", deal_seed, s) for s in range(table.seats)]
    plays: list[tuple[int, int]] = []
    held: list[int] = []
    contracts: list[Contract] = []
    for sides in arrangements(table):
        result = play_hand(hand.copy(), seats_of(sides, make_a, make_b, seeds, table))
        plays.append(_sides_points(result.points, sides))
        held.append(len(sides))
        contracts.append(Contract.of(result))
    return DuplicateDeal(index, hand.dealer, tuple(plays), tuple(held), tuple(contracts))


@dataclass(frozen=True)
class DuplicateGame:
    """One game played once for each arrangement of the sides (:func:`arrangements`),
    the same cards hand by hand.

    Attributes:
        index: the game's number in the match (from 0).
        winners: per play, who won: 0 A (a side A held), 1 B, ``TIE`` (-1) for a
            progressive round with equal scores, or None when the game did not end
            within the hand limit.
        points: per play, ``(A's points, B's points)`` over the game (summed over the
            sides each holds).
        hands: per play, the number of hands played.
    """

    index: int
    winners: tuple[int | None, ...]
    points: tuple[tuple[int, int], ...]
    hands: tuple[int, ...]


class _GameDeals:
    """The deal provider of a duplicate game: hand ``k`` from ``derive_seed("hand",
    game seed, k)``, dealt by the seat the game says deals it. Picklable."""

    def __init__(self, rules: Rules, game_seed: int) -> None:
        self.rules = rules
        self.game_seed = game_seed

    def __call__(self, index: int, dealer: int) -> HandState:
        return HandState.deal(self.rules, dealer, random.Random(derive_seed("hand", self.game_seed, index)))


def play_duplicate_game(rules: Rules, make_a: BotFactory, make_b: BotFactory, seed: int, index: int,
                        max_hands: int = 1000) -> DuplicateGame:
    """Play duplicate game ``index`` of a match (see the module docstring).

    Raises:
        IllegalActionError: a bot chose an action its view did not offer.
    """
    game_seed = derive_seed("game", seed, index)
    table = rules.table
    seeds = [derive_seed("bot", game_seed, s) for s in range(table.seats)]
    winners: list[int | None] = []
    points: list[tuple[int, int]] = []
    hands: list[int] = []
    for sides in arrangements(table):
        bots = seats_of(sides, make_a, make_b, seeds, table)
        game = play_out(Game(rules, game_seed, deal_provider=_GameDeals(rules, game_seed), max_hands=max_hands), bots)
        points.append(_sides_points([now - before for now, before in zip(game.score, game.initial_score, strict=True)],
                                    sides))
        won = outcome_of(game)
        winners.append(None if won is None else TIE if won == TIE else (0 if won in sides else 1))
        hands.append(len(game.finished_hands))
    return DuplicateGame(index, tuple(winners), tuple(points), tuple(hands))


@dataclass(frozen=True)
class MatchRecord:
    """Everything one pairing (side A against side B) gave, in index order.

    Attributes:
        deals: the duplicate deals (each is two hands).
        games: the duplicate games (each is two games); empty when none were played.
    """

    deals: tuple[DuplicateDeal, ...]
    games: tuple[DuplicateGame, ...]

    @property
    def hands(self) -> int:
        """Hands played in the duplicate deals (two per deal at a table of two sides)."""
        return sum(len(d.points) for d in self.deals)


def _chunk(rules: Rules, make_a: BotFactory, make_b: BotFactory, seed: int, kind: str, start: int,
           stop: int) -> list[DuplicateDeal | DuplicateGame]:
    """Duplicate deals (``kind == "deal"``) or games ``start..stop-1`` of a match (a task
    of a worker process)."""
    play = play_duplicate_deal if kind == "deal" else play_duplicate_game
    return [play(rules, make_a, make_b, seed, i) for i in range(start, stop)]


def _count(name: str, value: object, least: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < least:
        raise EuchreError(f"{name} must be a whole number >= {least}, not {value!r}")
    return value


def run_matches(rules: Rules, pairings: Sequence[tuple[BotFactory, BotFactory]], *, deals: int, games: int = 0,
                seed: int = 0, workers: int = 1, progress: ProgressCallback | None = None,
                backend: Backend | None = None) -> list[MatchRecord]:
    """Play duplicate matches for several pairings (e.g. a round robin) with one pool.

    Every pairing plays the same deals and games (the same match seed), so pairings are
    compared on the same cards.

    Args:
        rules: the rule set.
        pairings: ``(make_a, make_b)`` per pairing (see :data:`BotFactory`; picklable when
            ``workers > 1`` or on Ray).
        deals: duplicate deals per pairing (each is two hands); >= 0.
        games: duplicate games per pairing (each is two games); >= 0.
        seed: the match seed (any int).
        workers: processes to use; 1 plays in this process. Any number gives the same
            results.
        progress: called with the number of duplicate deals or games just finished.
        backend: where to play instead (:class:`~euchre.analysis.parallel.Backend`:
            processes or Ray, local or a cluster); then ``workers`` stays 1. Any backend
            gives the same results.

    Returns:
        One :class:`MatchRecord` per pairing, in the order given.

    Raises:
        EuchreError: no pairing, a count that is not a whole number in range, nothing to
            play, or a seed that is not an int; IllegalActionError when a bot chose an action
            its view did not offer; BackendError when the backend cannot be had, or both
            ``workers`` and ``backend`` are given.
    """
    if not pairings:
        raise EuchreError("a match needs at least one pairing of bots")
    _count("deals", deals, 0)
    _count("games", games, 0)
    _count("workers", workers, 1)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise EuchreError(f"the match seed must be an int, not {seed!r}")
    if deals + games == 0:
        raise EuchreError("a match needs at least one duplicate deal or game")
    if backend is not None and workers != 1:
        raise BackendError(f"give the workers in the backend, not both workers={workers} and a backend")
    found_deals: list[dict[int, DuplicateDeal]] = [{} for _ in pairings]
    found_games: list[dict[int, DuplicateGame]] = [{} for _ in pairings]
    with open_pool(backend if backend is not None else Backend(workers)) as pool:
        # Tasks: (pairing, kind, start, stop); chunks keep worker overhead small.
        n = pool.workers
        deal_step = 1 if n == 1 else max(1, min(100, math.ceil(deals / (8 * n))))
        game_step = 1 if n == 1 else max(1, min(10, math.ceil(games / (8 * n))))
        tasks = [(p, "deal", i, min(deals, i + deal_step)) for p in range(len(pairings)) for i in range(0, deals, deal_step)]
        tasks += [(p, "game", i, min(games, i + game_step)) for p in range(len(pairings))
                  for i in range(0, games, game_step)]
        args = [(rules, *pairings[p], seed, kind, start, stop) for p, kind, start, stop in tasks]
        for index, results in pool.run(_chunk, args):
            p = tasks[index][0]
            for r in results:
                if isinstance(r, DuplicateDeal):
                    found_deals[p][r.index] = r
                else:
                    found_games[p][r.index] = r
            if progress is not None:
                progress(len(results))
    return [MatchRecord(tuple(d[i] for i in range(deals)), tuple(g[i] for i in range(games)))
            for d, g in zip(found_deals, found_games, strict=True)]


def run_match(rules: Rules, make_a: BotFactory, make_b: BotFactory, *, deals: int, games: int = 0, seed: int = 0,
              workers: int = 1, progress: ProgressCallback | None = None, backend: Backend | None = None) -> MatchRecord:
    """Play a duplicate match of side A against side B (see :func:`run_matches`).

    Raises:
        EuchreError: as :func:`run_matches`.
    """
    return run_matches(rules, [(make_a, make_b)], deals=deals, games=games, seed=seed, workers=workers,
                       progress=progress, backend=backend)[0]
