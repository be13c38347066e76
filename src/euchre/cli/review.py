"""``euchre review FILE [--seat S] [--threshold P] [--plot FILE.png]``: the decisions of a
saved game (our JSON record, EGN, or each game of an EMN match) that the expert values
below the best choice by more than a threshold, with the better choice.

The method is :mod:`euchre.analysis.review` (values from :mod:`euchre.bots.advice`).
A decision is listed with the action taken, the best action by the expert's estimate,
both values (expected points of the hand for the deciding side) and the difference.

A record that goes on after its game was won (:class:`euchre.records.egn.AfterTheEnd`) is
reviewed to the hand that won the game, as ``euchre replay`` shows it: the hands after
are not part of the game (no score rides on them), and one line says which they are.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.console import Console
from rich.table import Table

from euchre.analysis.plot import check_plot_path, plot_losses
from euchre.analysis.review import Decision, Review, game_hands, review_game
from euchre.cli.progress import progress
from euchre.cli.record_file import MAX_NAME
from euchre.cli.render import player_label
from euchre.cli.replay import games_chosen, left_out_text
from euchre.cli.review_args import ALL_SEATS, add_review_parser, seats_arg, threshold_arg  # noqa: F401 - the old names
from euchre.cli.text import clean
from euchre.core.errors import EuchreError
from euchre.core.hand import Phase
from euchre.core.seats import Table as SeatTable
from euchre.text.side_words import has_partners, plural, relative_value_words
from euchre.text.words import describe_pending

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


def seats_at(table: SeatTable, parts: tuple[str, ...]) -> tuple[int, ...]:
    """The seats of ``table`` that ``--seat`` names (:func:`seats_arg`), in order.

    Raises:
        EuchreError: a name is no seat of this table, or a bare number at the four-hand
            table (the message lists its seats: :meth:`~euchre.core.seats.Table.seat_named`).
    """
    if parts == ALL_SEATS:
        return tuple(range(table.seats))
    return tuple(sorted({table.seat_named(p, "--seat") for p in parts}))


def _action_words(d: Decision, action: int) -> str:
    return describe_pending(d.state, action, viewer=d.seat)


def _where(d: Decision) -> str:
    if d.phase == Phase.PLAY:
        trick = len(d.state.tricks) + 1
        return f"trick {trick}, {'leads' if not d.state.trick_cards else 'card ' + str(len(d.state.trick_cards) + 1)}"
    if d.phase == Phase.ALONE_DECISION and d.state.rules.calls_partner:
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
    for number in chosen:
        game, raw_names = loaded.games[number - 1]
        names = [clean(n, MAX_NAME) for n in raw_names]
        seats = seats_at(game.table, args.seat)
        with progress(console, "Valuing decisions", None) as ticker:
            review = review_game(game, seats, threshold=args.threshold, seed=args.seed,
                                 game_index=number - 1, progress=ticker.update)
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
