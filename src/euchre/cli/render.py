"""Rendering a game for the terminal with ``rich``: cards, hands, names, sides, scores, results.

Everything here fits 80 columns and never relies on colour alone: suits are shown by
their symbols (red for diamonds and hearts is only a help), and marks such as "(you)"
or "sits out" are words. Players' names are shown with their seat by
:func:`player_label`; records keep plain names. The game told as it happens, line by
line, is :class:`euchre.cli.narrator.Narrator`'s, built from these pieces.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Sequence

from rich.console import Console
from rich.text import Text

from euchre.cli.text import MAX_DELAY as MAX_DELAY  # the longest pause of watch --delay
from euchre.core.cards import JOKER, NO_TRUMP, Card, sort_hand
from euchre.core.game import Setup, bridge_team
from euchre.core.hand import HandResult
from euchre.core.rules import Rules
from euchre.core.seats import FOUR_HANDED, Table
from euchre.text.counters import counters_text
from euchre.text.glosses import goal_words
from euchre.text.words import suit_symbol, suit_word

SEAT_TITLES = FOUR_HANDED.titles
"""The seat titles of the four-hand table; other tables have their own (``Table.titles``)."""


def make_console(*, record_width: int | None = None) -> Console:
    """The console the commands print to: no automatic highlighting, no emoji codes and
    no markup (styles come from Text objects, so card and option texts print as they are)."""
    return Console(highlight=False, emoji=False, markup=False, width=record_width)


def card_text(card: int, joker_card: str = "joker") -> Text:
    """A card as styled text: ``J♥`` (red for ♦ and ♥), ``10♣``, ``Joker`` (or the card
    that stands for it, ``joker_card``: ``2♠``)."""
    label = Card(card).pretty(joker_card)
    if card == JOKER:
        return Text(label, style="bold")
    return Text(label, style="red" if (card >> 3) in (1, 2) else "")


def cards_text(cards: Iterable[int], sep: str = " ", joker_card: str = "joker") -> Text:
    """Several cards, separated by ``sep``."""
    out = Text()
    for i, c in enumerate(cards):
        if i:
            out.append(sep)
        out.append_text(card_text(c, joker_card))
    return out


def played_text(seats: Iterable[int], cards: Iterable[int], seat_name: Callable[[int], str],
                joker_card: str = "joker") -> Text:
    """The cards of a trick with who played each, in the order of play:
    ``North 9♥, East K♥`` (cards styled as :func:`card_text`)."""
    line = Text()
    for i, (seat, card) in enumerate(zip(seats, cards, strict=True)):
        if i:
            line.append(", ")
        line.append(f"{seat_name(seat)} ")
        line.append_text(card_text(card, joker_card))
    return line


def suit_text(suit: int) -> str:
    """A suit for people: ``"♥ hearts"``, or ``"no trump"``."""
    if suit == NO_TRUMP:
        return "no trump"
    return f"{suit_symbol(suit)} {suit_word(suit)}"


def sorted_hand(cards: Iterable[int], trump: int) -> list[int]:
    """Cards in display order: by effective suit with trump first (``cards.sort_hand``);
    by printed suit while trump is not fixed (``trump`` -1); the joker always first."""
    return sort_hand(cards, None if trump == -1 else trump)


def numbered_hand(cards: Sequence[int], playable: set[int] | None = None, joker_card: str = "joker") -> Text:
    """A hand numbered for input: ``1 J♥  2 A♥  3 K♠``. Cards not in ``playable``
    are dimmed and put in brackets, ``(3 K♠)``, so the mark is visible without colour."""
    out = Text()
    for i, c in enumerate(cards, 1):
        if i > 1:
            out.append("  ")
        ok = playable is None or c in playable
        t = card_text(c, joker_card)
        if ok:
            out.append(f"{i} ", style="bold")
            out.append_text(t)
        else:
            t.stylize("dim")
            out.append(f"({i} ", style="dim")
            out.append_text(t)
            out.append(")", style="dim")
    return out


def player_label(seat: int, name: str, table: Table = FOUR_HANDED) -> str:
    """A player's name with the seat's title at ``table``: ``"North  Alice"``,
    ``"Player 2 Bob"``; a name that already starts with the seat's name (``"North (bot:
    intermediate)"``, as older records saved them) is shown as it is, so the seat is
    never said twice."""
    title = table.titles[seat]
    rest = name[len(title):]
    if name[: len(title)].lower() == title.lower() and (not rest or not rest[0].isalnum()):
        return name
    width = max(6, *(len(t) for t in table.titles))
    return f"{title:<{width}} {name}"


def side_names(table: Table, sides: Iterable[int]) -> str:
    """The sides named in words: ``"N-S"``, ``"Player 1 and Player 2"``."""
    names = [table.team_names[t] for t in sides]
    if len(names) <= 2:
        return " and ".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def side_verb(table: Table, side: int, plural: str, singular: str) -> str:
    """``plural`` for a side of several players ("N-S win"), ``singular`` for one
    player on his own ("Player 1 wins")."""
    return singular if len(table.teams[side]) == 1 else plural


def per_side(table: Table, values: Sequence[int], viewer: int | None = None) -> str:
    """One number per side, named: ``"N-S 3, E-W 1"``, ``"Player 1 (you) 2, Player 2 0"``
    (``(you)`` after the viewer's side)."""
    parts = []
    for t, v in enumerate(values):
        mark = " (you)" if viewer is not None and table.team[viewer] == t else ""
        parts.append(f"{table.team_names[t]}{mark} {v}")
    return ", ".join(parts)


_CUT_ORDER = {"ace_low": "ace low", "jack_high": "jack high", "whist": "ace high"}


def setup_lines(setup: Setup, rules: Rules) -> list[str]:
    """How the table was formed, in words: the cards drawn (by seat, in order) for
    partners and the first deal, and who deals first; ``[]`` for a setup that was not
    drawn (a game read from an EGN file, the next game of a match)."""
    parts = setup.method.split("; ")
    if len(parts) != 2:
        return []
    partners, first = parts
    table = rules.table
    titles = table.titles
    seat_of = {p: s for s, p in enumerate(setup.seating)}
    seats = [seat_of.get(p, p % table.seats) for p, _ in setup.draws]
    drawn = ", ".join(f"{titles[s]} {Card(c).pretty()}" for s, (_, c) in zip(seats, setup.draws, strict=True))
    dealer = titles[setup.first_dealer]
    order = _CUT_ORDER.get(rules.cut_rank_order, rules.cut_rank_order)
    if len(set(seats)) < len(seats):
        order += "; tied cards draw again"
    out = []
    if partners == "cut_high_vs_low":
        what = "partners and the first deal" if first in ("lowest_cut", "highest_cut") else "partners"
        out += [f"Drawing for {what} ({order}):", f"  {drawn}.",
                "The two highest play the two lowest: North and South against East and West."]
    elif partners == "random":
        out.append("Partners are seated at random.")
    if first in ("lowest_cut", "highest_cut"):
        if partners != "cut_high_vs_low":
            out += [f"Drawing for the first deal ({order}):", f"  {drawn}."]
        out.append(f"The {'lowest' if first == 'lowest_cut' else 'highest'} card deals first: {dealer}.")
    elif first in ("first_jack", "first_black_jack"):
        jack = "jack" if first == "first_jack" else "black jack"
        start = seats[0] if seats else setup.first_dealer
        shuffler = titles[table.right[start]]
        out += [f"For the first deal, {shuffler} deals cards face up one at a time, from {titles[start]},",
                f"until a {jack}:", f"  {drawn}.", f"The first {jack} deals first: {dealer}."]
    else:
        out.append(f"The first dealer is chosen at random: {dealer}.")
    return out


def score_line(rules: Rules, score: Sequence[int], viewer: int | None = None) -> str:
    """``"Score: N-S 3, E-W 1 (game to 10)"`` (one entry per side of ``rules.table``:
    ``"Score: Player 1 (you) 3, Player 2 1 (game to 5)"`` at the two-handed table),
    with "(you)" after the viewer's side and the bridge (REFERENCE 1I I6) when a side
    is at it."""
    table = rules.table
    text = f"Score: {per_side(table, score, viewer)} ({goal_words(rules)})"
    bridge = bridge_team(rules, score) if len(table.teams) == 2 else None
    if bridge is not None:
        text += f"; {table.team_names[bridge]} at the bridge"
    return text


def counters_line(rules: Rules, score: Sequence[int]) -> str | None:
    """Under a counter ``score_display`` (S000 L147-149; X-54), each side's counters as
    they lie: ``"Counters: N-S deuce up / tray down; E-W deuce down / tray up"``; None
    for ``numeric``."""
    if rules.score_display == "numeric":
        return None
    laid = []
    for t, points in enumerate(score):
        shown = counters_text(rules.score_display, points)
        laid.append(f"{rules.table.team_names[t]} {shown if shown is not None else 'beyond the counters'}")
    return "Counters: " + "; ".join(laid)


def turned_down_text(rules: Rules) -> str:
    """Where the turned-down upcard lies (``turn_down_display``): ``"face up under the
    stock"`` (S001 L12) or ``"face down on the stock"`` (S000 L123)."""
    return "face down on the stock" if rules.turn_down_display == "face_down_on_stock" else "face up under the stock"


def result_line(result: HandResult, table: Table = FOUR_HANDED) -> str:
    """One hand's outcome in words: who scored, how many points, and why; sides named
    as ``table`` names them (``"N-S (makers) took 3 tricks"``, ``"Player 2 (maker)
    took 3 tricks"``)."""
    if result.label == "renege":  # a proved revoke ended the hand (RULES.md decision 27)
        teams = result.scoring_teams
        pts = result.points[teams[0]] if teams else 0
        each = " each" if len(teams) > 1 else ""
        return (f"A proved revoke ends the hand: {pts} point{'s' if pts != 1 else ''}{each} to "
                f"{side_names(table, teams) if teams else 'nobody'}.")
    if result.penalties:
        base = result_line(dataclasses.replace(
            result, penalties=(), revokes=(), label=result.label.removesuffix(", revoke penalty"),
            points=tuple(p - q for p, q in zip(result.points, result.penalties, strict=True))), table)
        paid = [t for t, p in enumerate(result.penalties) if p]
        fines = ", ".join(f"{result.penalties[t]} to {side_names(table, [t])}" for t in paid)
        return f"{base} Penalties (scored first): {fines}."
    if result.revokes and not result.penalties:  # table mode: revokes on both sides, cancelled
        plain = result_line(dataclasses.replace(result, revokes=(), label=result.label.removesuffix(", revoke penalty")),
                            table)
        return f"{plain} The revokes on both sides cancel (Leeds & Dwight 1888 s71)."
    if result.passed_out and not result.forfeit:
        if result.thrown_in:  # by a claim of the dealt hand (RULES.md decision 23)
            again = "the same dealer deals again" if result.dealer_deals_again else "the deal passes to the left"
            return f"{result.label[0].upper()}{result.label[1:]}. No score; {again}."
        return "All passed: the hand is thrown in. No score."
    teams = result.scoring_teams
    if result.forfeit:
        each = " each" if len(teams) > 1 else ""
        return f"The stuck dealer forfeits: 1 point{each} to {side_names(table, teams) if teams else 'nobody'}."
    team = result.scoring_team
    pts = result.points[team] if team is not None else 0
    maker = result.maker if result.maker is not None else 0
    side = table.team[maker]
    makers = f"{table.team_names[side]} ({'maker' if len(table.teams[side]) == 1 else 'makers'})"
    made = result.tricks[side]
    if result.partner is not None:  # call-ace: the maker's partner, known now the hand is over
        makers += f" and {table.team_names[table.team[result.partner]]} (partner)"
        made += result.tricks[table.team[result.partner]]
    who = side_names(table, teams) if teams else "nobody"
    plural = "s" if pts != 1 else ""
    each = " each" if len(teams) > 1 else ""
    return (f"{makers} took {made} trick{'s' if made != 1 else ''}: "
            f"{result.label}. {pts} point{plural}{each} to {who}.")

