"""The table shared by ``euchre play`` and ``euchre watch``: the rules, the bots and the
seed, and the loop that asks the seat to act for an action (a bot, or a person through
:mod:`euchre.cli.prompts`), applies it and narrates it.

Every chooser sees only a :class:`~euchre.core.views.PlayerView` (DESIGN.md); the
engine checks every action.
"""

from __future__ import annotations

import argparse
import copy
import math
import random
from collections.abc import Callable, Sequence
from typing import Protocol

from euchre.cli.commands import TakeBack
from euchre.cli.narrator import Narrator
from euchre.cli.render import MAX_DELAY
from euchre.core.actions import Action
from euchre.core.errors import EuchreError, RulesError
from euchre.core.game import Game
from euchre.core.house_rules import parse_rule
from euchre.core.options import parse_option
from euchre.core.presets import build_rules
from euchre.core.rules import Rules
from euchre.core.seats import FOUR_HANDED, Table
from euchre.core.views import PlayerView, view_of


class Chooser(Protocol):
    """Anything that picks an action from a view (a bot, or a person at the keyboard)."""

    def choose(self, view: PlayerView) -> Action:
        """One of ``view.legal``."""


CLI_FIELDS: dict[str, str] = {"target": "--target", "options.game_target": "--option game_target",
                              "options.progressive_hands": "--option progressive_hands=N"}
"""How the flags name the fields of :func:`euchre.core.presets.build_rules`'s messages."""


def rules_of_flags(preset_name: str, target: int | None, options: Sequence[str] | None = None,
                   house: Sequence[str] | None = None) -> Rules:
    """The rules of ``--preset``, ``--target``, ``--option NAME=VALUE`` (``options``) and
    ``--rule KEY=on|off`` (``house``): the texts read (:func:`parse_option`,
    :func:`parse_rule`) and the rules built by the core's one builder,
    :func:`euchre.core.presets.build_rules` (the preset, then the house rules, then the
    options, then the target), its messages naming the flags.

    Raises:
        RulesError: a text that is no option or house rule, and everything
            :func:`~euchre.core.presets.build_rules` refuses (unknown or unplayable
            preset, house rules or options that cannot be played, a target in
            progressive play or one that disagrees with ``--option game_target``).
    """
    wanted = dict(parse_rule(text) for text in house or ())
    changes = dict(parse_option(text) for text in options or ())
    return build_rules(preset_name, house_rules=wanted, options=changes, target=target,
                       field_name=CLI_FIELDS.__getitem__)


def rules_title(args: argparse.Namespace) -> str:
    """The preset's name and the options given over it, for a heading
    (``modern-standard with farmers_hand=true``)."""
    rules = []
    for text in args.rule or ():
        try:
            key, on = parse_rule(text)
            rules.append(f"{key}={'on' if on else 'off'}")  # as the README writes it, whatever word was typed
        except RulesError:
            rules.append(text.strip())
    options = [*rules, *(text.strip() for text in args.option or ())]
    return str(args.preset) + (f" with {', '.join(options)}" if options else "")


def rules_argv(args: argparse.Namespace) -> list[str]:
    """The ``--preset``, ``--target`` and ``--option`` arguments that rebuild the rules
    of ``args`` (for the command a report prints, so that it can be run again)."""
    argv = ["--preset", args.preset]
    if args.target is not None:
        argv += ["--target", str(args.target)]
    for text in args.rule or ():
        argv += ["--rule", text]
    for text in args.option or ():
        argv += ["--option", text]
    return argv


DEFAULT_SEAT = "S"
"""The person's seat at the four-hand table when ``--seat`` is not given; at any other
table it is the first seat (``1``, "Player 1")."""


def parse_seat(table: Table, text: str | None) -> int:
    """The seat of ``table`` named by ``text`` (``--seat``), by the one convention of
    every command (:meth:`Table.seat_named`): at the four-hand table N, E, S, W or a
    title (``south``), a bare number refused; at another table its number from 1
    (``2``) or title (``Player 2``). None gives the default seat (:data:`DEFAULT_SEAT`,
    or the first seat).

    Raises:
        EuchreError: no seat of this table has that name (the message lists them).
    """
    if text is None:
        return table.seat_named(DEFAULT_SEAT) if table == FOUR_HANDED else 0
    return table.seat_named(text, "--seat")


def run_table(game: Game, players: list[Chooser], narrator: Narrator,
              after_hand: Callable[[Game], None] | None = None, undo_seat: int | None = None) -> None:
    """Play ``game`` to its end with ``players[seat]`` choosing for each seat. A game not
    yet begun opens with its setup (the draw for partners and the first deal).

    Args:
        game: the game (may already be in progress).
        players: one chooser per seat of ``game.table`` (N, E, S, W at the four-hand
            table); the bots among them are put back as they were when a decision is
            taken back.
        narrator: prints each event.
        after_hand: called after each finished hand (e.g. to save the record).
        undo_seat: the seat of a person who may take back his last decision (his
            chooser raises :class:`~euchre.cli.commands.TakeBack`): the game and the
            other choosers go back to the moment of that decision (``Game.restore``),
            so the bots choose again as they did. None: no undo.

    Raises:
        IllegalActionError: a chooser returned an action that is not legal.
    """
    narrator.game_start(game, setup=not game.finished_hands and not game.hand.history)
    started = -1
    checkpoints: list[tuple[Game, list[Chooser]]] = []  # before each of the person's decisions
    while not game.is_over:
        hand = game.hand
        index = len(game.finished_hands)
        if index != started:
            narrator.hand_start(hand, index + 1, game.score)
            started = index
        seat = hand.turn
        view = view_of(hand, seat, game.score)
        if seat == undo_seat and _asks(players[seat], view):
            checkpoints.append((game.copy(), [p if s == seat else copy.deepcopy(p) for s, p in enumerate(players)]))
        try:
            action = players[seat].choose(view)
        except TakeBack:
            checkpoints.pop()  # this decision, not made
            if not checkpoints:
                narrator.console.print("  Nothing to take back: this is your first decision.")
                continue
            snapshot, kept = checkpoints.pop()
            game.restore(snapshot)
            players[:] = kept
            started = len(game.finished_hands)
            narrator.console.print(f"  Taken back to your last decision (hand {started + 1}).", style="bold")
            continue
        phase = hand.phase
        result = game.apply(action)
        narrator.action(hand, seat, int(action), phase)
        if result is not None:
            narrator.hand_end(hand, game.score)
            if after_hand is not None:
                after_hand(game)
    narrator.game_end(game)


def _asks(chooser: Chooser, view: PlayerView) -> bool:
    """Whether ``chooser`` asks its person for this decision (a chooser without an
    ``asks`` method always does); a decision taken for him is no point to take back to."""
    asks = getattr(chooser, "asks", None)
    return True if asks is None else bool(asks(view))


def bot_name(level: str) -> str:
    """The name saved in a record for a bot: ``"intermediate bot"`` (the seat is not part
    of the name; whoever shows the record adds it)."""
    return f"{level} bot"


def bot_levels(text: str, count_ok: tuple[int, ...]) -> list[str]:
    """The bot levels of a ``--bots`` list, checked: each a known level, and as many as
    one of ``count_ok``.

    Raises:
        EuchreError: an unknown level, or a wrong number of them.
    """
    from euchre.bots import PLAYER_LEVELS

    levels = [t.strip() for t in text.split(",")]
    for lv in levels:
        if lv not in PLAYER_LEVELS:
            raise EuchreError(f"unknown bot level {lv!r}; levels: {', '.join(PLAYER_LEVELS)}")
    if len(levels) not in count_ok:
        raise EuchreError(f"give {' or '.join(str(n) for n in count_ok)} bot level(s), not {len(levels)}")
    return levels


def levels_by_seat(levels: list[str], table: Table = FOUR_HANDED) -> list[str]:
    """The level of each seat of ``table`` from a ``--bots`` list: one level for every
    seat, one per side (each seat gets its side's), or one per seat.

    Raises:
        EuchreError: the list has another length.
    """
    if len(levels) == 1:
        return levels * table.seats
    if len(levels) == len(table.teams):
        return [levels[table.team[s]] for s in range(table.seats)]
    if len(levels) == table.seats:
        return levels
    counts = sorted({1, len(table.teams), table.seats})
    raise EuchreError(f"give {' or '.join(str(n) for n in counts)} bot level(s) for this table of {table.seats}, "
                      f"not {len(levels)}")


def random_seed(seed: int | None) -> int:
    return seed if seed is not None else random.SystemRandom().randrange(1_000_000)


def check_delay(delay: float) -> None:
    if not math.isfinite(delay) or not 0 <= delay <= MAX_DELAY:
        raise EuchreError(f"--delay must be a number of seconds from 0 to {MAX_DELAY:g}, not {delay}")
