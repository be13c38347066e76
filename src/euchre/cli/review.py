"""``euchre review FILE [--seat S] [--threshold P] [--plot FILE.png]``: the decisions of a
saved game (our JSON record, EGN, or each game of an EMN match) that the expert values
below the best choice by more than a threshold, with the better choice.

The method is :mod:`euchre.analysis.review` (values from :mod:`euchre.bots.advice`).
A decision is listed with the action taken, the best action by the expert's estimate,
both values (expected points of the hand for the deciding side) and the difference.

A record that goes on after its game was won (:class:`euchre.core.egn.AfterTheEnd`) is
reviewed to the hand that won the game, as ``euchre replay`` shows it: the hands after
are not part of the game (no score rides on them), and one line says which they are.
"""

from __future__ import annotations

import argparse
import math
import re
from pathlib import Path
from typing import TypeVar

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from euchre.analysis.plot import check_plot_path, plot_losses
from euchre.analysis.review import DEFAULT_THRESHOLD, Decision, Review, game_hands, review_game
from euchre.cli.render import player_label
from euchre.cli.replay import MAX_NAME, games_chosen, left_out_text
from euchre.cli.text import clean, int_arg, quoted
from euchre.core.errors import EuchreError
from euchre.core.hand import Phase
from euchre.core.seats import Table as SeatTable
from euchre.core.side_words import has_partners, plural, relative_value_words
from euchre.core.words import describe_pending

PHASE_WORDS = {
    Phase.BID_ROUND_1: "bidding, round 1",
    Phase.BID_ROUND_2: "bidding, round 2",
    Phase.BLIND_NAME: "naming blind",
    Phase.TAKEOVER: "taking over alone",
    Phase.DISCARD: "the discard",
    Phase.ALONE_DECISION: "going alone",
    Phase.DEFEND_ALONE: "defending alone",
    Phase.PLAY: "",
    Phase.DONE: "",
    Phase.GIVE_BEST: "giving the best card",
    Phase.BEST_DISCARD: "the lone player's discard",
    Phase.REVOKE_CLAIMS: "claiming a revoke",
    Phase.REVOKE_CORRECTION: "correcting a revoke",
    Phase.CALL_CARD: "calling an exposed card",
}
"""How each kind of decision is named in the list, for every phase (cards: by the
trick; no decision is made once the hand is done). At the call-ace table the decision
after the bidding is the maker's call (:data:`CALL_ACE_CHOICE`)."""
CALL_ACE_CHOICE = "calling a card or going alone"
"""The maker's decision after the bidding at the call-ace table (RULES.md decision 21)."""
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")
"""A plain decimal number (no exponent, no underscores, ASCII digits only)."""
MAX_THRESHOLD = 24.0
"""The largest threshold accepted (a hand is worth at most a few points)."""


def threshold_arg(text: str) -> float:
    """An argparse ``type`` for the loss threshold: a number of points from 0 to
    :data:`MAX_THRESHOLD`."""
    t = text.strip()
    value = float(t) if _DECIMAL.fullmatch(t) else math.nan
    if not math.isfinite(value) or not 0 <= value <= MAX_THRESHOLD:
        raise argparse.ArgumentTypeError(f"{quoted(text, 20)} is not a number of points from 0 to {MAX_THRESHOLD:g}")
    return value + 0.0  # -0 is 0


ALL_SEATS = ("all",)
"""``--seat all``: every seat of the game's table."""


def seats_arg(text: str) -> tuple[str, ...]:
    """An argparse ``type`` for ``--seat``: ``all``, or seats separated by commas, each
    named as the table shows it (``S``, ``N,S``, ``west``; at a table of another size
    ``1``, ``2`` or ``Player 2``: :meth:`~euchre.core.seats.Table.seat_named`). Which
    seats they are is known once the game's table is (:func:`seats_at`)."""
    t = text.strip()
    if t.lower() == "all":
        return ALL_SEATS
    parts = tuple(part.strip() for part in t.split(","))
    if not all(parts):
        raise argparse.ArgumentTypeError(f"{quoted(text, 20)}: a seat is missing between the commas (or give all)")
    return parts


def seats_at(table: SeatTable, parts: tuple[str, ...]) -> tuple[int, ...]:
    """The seats of ``table`` that ``--seat`` names (:func:`seats_arg`), in order.

    Raises:
        EuchreError: a name is no seat of this table, or a bare number at the four-hand
            table (the message lists its seats: :meth:`~euchre.core.seats.Table.seat_named`).
    """
    if parts == ALL_SEATS:
        return tuple(range(table.seats))
    return tuple(sorted({table.seat_named(p, "--seat") for p in parts}))


P = TypeVar("P", bound=argparse.ArgumentParser)


def add_review_parser(sub: argparse._SubParsersAction[P]) -> None:
    """Add the ``review`` sub-command to ``euchre``'s parser."""
    p = sub.add_parser("review", help="the decisions of a saved game that fell short of the best",
                       description="Value every decision of a saved game with the expert and list those whose "
                                   "expected value fell short of the best by more than a threshold.")
    p.add_argument("file", metavar="FILE", help="our game record (JSON), an EGN file or an EMN match file")
    p.add_argument("--seat", type=seats_arg, default=ALL_SEATS, metavar="S[,S...]|all",
                   help="the seats to review, comma-separated, as the table names them: N, E, S, W (or North, "
                        "...) at the four-hand table, 1, 2, ... (or Player 1, ...) at another; or all (default all)")
    p.add_argument("--threshold", type=threshold_arg, default=DEFAULT_THRESHOLD, metavar="POINTS",
                   help=f"list decisions losing more than this many points of expected value (default {DEFAULT_THRESHOLD:g})")
    p.add_argument("--game", type=_positive, default=None, metavar="N", help="review only game N of a match (from 1)")
    p.add_argument("--seed", type=int_arg, default=0, help="seed of the sampled worlds (default 0)")
    p.add_argument("--plot", default=None, metavar="FILE.png", help="draw the points lost per hand to a PNG file")


def _positive(text: str) -> int:
    value = int_arg(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{quoted(text, 20)} is not a number from 1")
    return value


def _action_words(d: Decision, action: int) -> str:
    return describe_pending(d.state, action, viewer=d.seat)


def _where(d: Decision) -> str:
    if d.phase == Phase.PLAY:
        trick = len(d.state.tricks) + 1
        return f"trick {trick}, {'leads' if not d.state.trick_cards else 'card ' + str(len(d.state.trick_cards) + 1)}"
    if d.phase == Phase.ALONE_DECISION and d.state.rules.variant == "call_ace":
        return CALL_ACE_CHOICE
    return PHASE_WORDS[d.phase]


def _longest_word(texts: list[str]) -> int:
    """The width of the longest word in ``texts``: a column at least this wide wraps
    between words and never cuts one short with an ellipsis."""
    return max((len(w) for t in texts for w in t.split()), default=1)


def _name_only(name: str, title: str) -> str:
    """A player's name without his seat's title where an older record saved it with the
    name ("North (bot: intermediate)" under North: "(bot: intermediate)"), so that the
    seat is not said twice."""
    rest = name[len(title):]
    if name[: len(title)].lower() == title.lower() and (not rest or not rest[0].isalnum()):
        return rest.strip()
    return name


def _mistake_table(review: Review, names: list[str], seating: SeatTable) -> Table:
    """The listed decisions; the player by his seat's title only ("North", "Player 5"),
    whose name the summary table gives (eight columns leave no room for both at 80
    columns)."""
    table = Table(title=None, show_lines=False)
    titles = [seating.titles[d.seat] for d in review.mistakes]
    for heading, justify in (("hand", "right"), ("player", "left"), ("decision", "left"), ("played", "left"),
                             ("value", "right"), ("better", "left"), ("value", "right"), ("lost", "right")):
        width = _longest_word(titles) if heading == "player" else None
        table.add_column(heading, justify=justify, min_width=width)  # type: ignore[arg-type]
    for d, title in zip(review.mistakes, titles, strict=True):
        best = d.best
        table.add_row(str(d.hand), title, _where(d), _action_words(d, d.action),
                      f"{d.values[d.action]:+.2f}", _action_words(d, best), f"{d.values[best]:+.2f}", f"{d.loss:.2f}")
    return table


def _summary_table(review: Review, names: list[str], seating: SeatTable) -> Table:
    """Each reviewed player's decisions and points lost: his seat's title and his name
    in columns of their own, each wide enough for its longest word (no name is cut
    short: "intermed… bot", "Player 1 You" read badly)."""
    table = Table()
    shown = [_name_only(names[seat], seating.titles[seat]) for seat in review.seats]
    titles = [seating.titles[seat] for seat in review.seats]
    for heading, justify, width in (("player", "left", _longest_word(titles)), ("name", "left", _longest_word(shown)),
                                    ("decisions", "right", None), ("listed", "right", None),
                                    ("points lost", "right", None), ("per hand", "right", None)):
        table.add_column(heading, justify=justify, min_width=width)  # type: ignore[arg-type]
    losses = review.loss_per_hand()
    for seat, title, name in zip(review.seats, titles, shown, strict=True):
        mine = [d for d in review.decisions if d.seat == seat]
        listed = [d for d in review.mistakes if d.seat == seat]
        total = sum(losses[seat])
        table.add_row(title, name, str(len(mine)), str(len(listed)), f"{total:.2f}",
                      f"{total / max(review.hands, 1):.2f}")
    return table


def cmd_review(args: argparse.Namespace, console: Console) -> int:
    """Run ``euchre review``. Returns the exit code.

    Raises:
        EuchreError: the file cannot be read or is corrupt, ``--game`` is out of range,
            or the plot cannot be written.
    """
    path = Path(args.file)
    if args.plot is not None:
        check_plot_path(args.plot)
    loaded, chosen = games_chosen(path, args.game)
    count = len(loaded.games)
    if not count:
        raise EuchreError(f"{clean(path, 200)}: the match has no games to review")
    if args.plot is not None and len(chosen) > 1:
        raise EuchreError(f"--plot draws one game and the match has {count}: choose one with --game N")
    if args.plot is not None and not game_hands(loaded.games[chosen[0] - 1][0]):
        raise EuchreError("--plot: the game has no hands to plot")
    first_table = loaded.games[chosen[0] - 1][0].table
    seats_text = ", ".join(first_table.titles[s] for s in seats_at(first_table, args.seat))
    console.print(f"Review of {clean(path.name, 60)} ({loaded.kind}) for {seats_text}: decisions losing more than "
                  f"{args.threshold:g} points of expected value, by the expert's estimate.")
    if has_partners(first_table):
        console.print("Values are the expected points of the hand for the deciding player's side "
                      "(below 0: the other side is expected to score).")
    else:  # each for himself (issue 34): his points less the other players' mean (bots.advice)
        console.print(f"Values are {relative_value_words(first_table, 'the deciding player')}.")
    losses: dict[str, list[float]] = {}
    columns = (TextColumn("Valuing decisions"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
               TimeRemainingColumn())
    for number in chosen:
        game, raw_names = loaded.games[number - 1]
        names = [clean(n, MAX_NAME) for n in raw_names]
        seats = seats_at(game.table, args.seat)
        with Progress(*columns, console=console, transient=True) as progress:
            task = progress.add_task("review", total=None)

            def advance(done: int, total: int) -> None:
                progress.update(task, completed=done, total=total)  # noqa: B023 - used inside this loop pass only

            review = review_game(game, seats, threshold=args.threshold, seed=args.seed,
                                 game_index=number - 1, progress=advance)
        console.print()
        if count > 1:
            console.rule(f"Game {number} of {count}", style="bold")
        if review.mistakes:
            console.print(_mistake_table(review, names, game.table))
        else:
            console.print(f"No decision lost more than {args.threshold:g} points.")
        console.print(_summary_table(review, names, game.table))
        if review.skipped:
            console.print(f"{plural(review.skipped, 'decision')} not reviewed: the player held cards the record does "
                          "not give (the file omits unplayed cards or the discard).")
        if review.unvalued:
            console.print(f"{plural(review.unvalued, 'revoke or claim', 'revokes or claims')} in the play not valued: "
                          "the expert values only the cards that follow suit (table mode, RULES.md decision 27).")
        details = loaded.details[number - 1]
        if details is not None and details.after_end is not None:
            console.print(left_out_text(details.after_end, "reviewed"), markup=False)
        for seat, values in review.loss_per_hand().items():
            label = player_label(seat, names[seat], game.table)
            losses[label if count == 1 else f"{label}, game {number}"] = values
    if args.plot is not None and losses:
        out = plot_losses(args.plot, losses, title=f"Points of expected value lost per hand: {clean(path.name, 60)}")
        console.print(f"Plot: {clean(out, 200)}")
    return 0
