"""The commands a person may type in ``euchre play`` besides an answer: ``last`` (the
last trick), ``rules`` (the rules in plain words), ``undo`` (take back to the last
decision), ``save FILE`` (the record now), ``quit`` (after a confirmation), and the
summary of a finished game with "play again?".

Everything here reads the public game (tricks played, results); nothing shows a card a
player may not see.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from dataclasses import dataclass

from rich.console import Console
from rich.text import Text

from euchre.cli.render import played_text
from euchre.cli.saving import RecordSaver, check_save_path
from euchre.cli.text import clean
from euchre.core.errors import EuchreError
from euchre.core.game import Game
from euchre.core.rules import Rules
from euchre.text.explain import rules_in_words
from euchre.text.side_words import capital, has_partners, how_often, times


class TakeBack(Exception):
    """The person asked to take back his last decision (``undo``)."""


YES = ("y", "yes", "quit", "q")
"""Answers that confirm leaving the game."""


def confirm_quit(read: Callable[[str], str]) -> bool:
    """Ask whether to leave the game; True for yes (or the end of the input)."""
    try:
        answer = read("Leave this game? Type y to quit, Enter to go on: ")
    except EOFError:
        return True
    return answer.strip().lower() in YES


def last_trick(game: Game, seat_name: Callable[[int], str]) -> Text:
    """The last trick played: in this hand, else the last hand's last one; each card with
    its player, and who won it."""
    hand = game.hand
    number = len(game.finished_hands) + 1
    tricks = hand.tricks
    if not tricks and game.finished_hands:
        number -= 1
        tricks = game.finished_hands[-1].tricks
        hand = game.finished_hands[-1]
    if not tricks:
        return Text("No trick has been played yet.")
    trick = tricks[-1]
    line = Text(f"Last trick (hand {number}, trick {len(tricks)}): ")
    line.append_text(played_text(trick.seats, trick.cards, seat_name, hand.rules.joker_card))
    line.append(f"; {seat_name(trick.winner)} won it.")
    return line


def print_rules(console: Console, rules: Rules, title: str) -> None:
    """The rules in use, in plain words (no source tags; ``euchre rules PRESET`` has them)."""
    console.print(f"The rules of this game ({title}):")
    width = max(40, min(console.width, 100) - 1)
    for paragraph in [*rules_in_words(rules), f"(Every option with its source: euchre rules {title.split()[0]})"]:
        console.print(textwrap.fill(paragraph, width, initial_indent="  ", subsequent_indent="    "), markup=False)


def save_now(game: Game, names: list[str], console: Console, path_text: str) -> None:
    """Write the record of the game so far to ``path_text`` (EGN when it ends in
    ``.egn``, else our JSON record) and say where, or why not; never raises."""
    try:
        path = check_save_path(path_text.strip(), "save")
        saver = RecordSaver(path, names, console, game.rules, "play", "save")
    except EuchreError as exc:
        console.print(f"  Not saved: {clean(exc, 200)}", markup=False, style="bold")
        return
    saver.final(game)


@dataclass
class SideRecord:
    """One player's side over a game, for the summary and the statistics.

    Attributes:
        points_for, points_against: points scored by the player's side, by the others
            (all of them together where every player is for himself: the statistics
            divide them among the other players, :func:`points_by_side` gives each
            his own).
        called, made: hands the player made trump in, and those of them his side made
            (three tricks or more).
        euchred: hands his side made trump in and was euchred.
        euchres: hands the other side (or another player) made trump in and was
            euchred while the player defended.
        alone, alone_made, alone_marched: the player's lone hands, those that took three
            tricks or more, and those that took all five.
        hands: hands played (not passed out or thrown in).
    """

    points_for: int = 0
    points_against: int = 0
    called: int = 0
    made: int = 0
    euchred: int = 0
    euchres: int = 0
    alone: int = 0
    alone_made: int = 0
    alone_marched: int = 0
    hands: int = 0


def side_record(game: Game, seat: int) -> SideRecord:
    """What the player at ``seat`` and his side did over the finished hands of ``game``."""
    table = game.table
    mine = table.team[seat]
    out = SideRecord()
    for hand in game.finished_hands:
        result = hand.result
        if result is None or not result.played:
            continue
        out.hands += 1
        out.points_for += result.points[mine]
        out.points_against += sum(p for t, p in enumerate(result.points) if t != mine)
        if result.maker is None or result.forfeit:
            continue
        maker_team = table.team[result.maker]
        makers = {maker_team} | ({table.team[result.partner]} if result.partner is not None else set())
        made = any(result.points[t] for t in makers)
        if mine in makers:
            out.called += result.maker == seat
            out.made += made and result.maker == seat
            out.euchred += not made
        elif not made:
            out.euchres += 1
        if result.alone == seat:
            out.alone += 1
            out.alone_made += made
            out.alone_marched += made and result.tricks[mine] == 5
    return out


def points_by_side(game: Game) -> list[int]:
    """The points each side of ``game.table`` scored over the finished hands (one entry
    per side: per player where every player plays for himself), as :func:`side_record`
    counts them."""
    points = [0] * len(game.table.teams)
    for hand in game.finished_hands:
        if hand.result is not None and hand.result.played:
            for t, p in enumerate(hand.result.points):
                points[t] += p
    return points


def summary_lines(game: Game, seat: int) -> list[str]:
    """The end-of-game summary for the person at ``seat``: hands, points, calls made
    and euchred, euchres as a defender, lone hands; worded by the table's shape (issue
    34): at a partnership table his side against the opponents, where every player
    plays for himself each player's own points and who won (never the others' points
    added up as if they were a side)."""
    table = game.table
    r = side_record(game, seat)
    if has_partners(table):
        lines = [f"Hands played: {r.hands}. Points: your side {r.points_for}, the opponents {r.points_against}."]
        euchred = f"; your side was euchred {times(r.euchred)} as makers" if r.euchred else ""
        lines.append(f"Your calls: {r.called}, made {r.made}{euchred}. "
                     f"{capital(how_often(r.euchres, 'you', 'euchred the makers'))}.")
    else:
        mine = table.team[seat]
        points = points_by_side(game)
        each = ", ".join(f"{table.team_names[t]}{' (you)' if t == mine else ''} {p}" for t, p in enumerate(points))
        result = game.result
        won = "" if result is None else "; a tie" if result.winner is None else \
            "; you won" if result.winner == mine else f"; {table.team_names[result.winner]} won"
        lines = [f"Hands played: {r.hands}. Points: {each}{won}."]
        as_maker = "as the maker or the partner he called" if game.rules.calls_partner else "as the maker"
        euchred = f"; you were euchred {times(r.euchred)} {as_maker}" if r.euchred else ""
        lines.append(f"Your calls: {r.called}, made {r.made}{euchred}. As a defender "
                     f"{how_often(r.euchres, 'you', 'euchred the maker')}.")
    if r.alone:
        lines.append(f"Your lone hands: {r.alone}, made {r.alone_made}, all five tricks {r.alone_marched}.")
    return lines
