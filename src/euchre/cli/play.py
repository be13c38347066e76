"""``euchre play``: a person against the bots (three at the four-hand table) in the
terminal (the questions are in :mod:`euchre.cli.prompts`, the commands beside the answers
in :mod:`euchre.cli.commands`, saving in :mod:`euchre.cli.saving`). ``--save FILE``
keeps the record, also when the person quits, presses Ctrl-C or ends the input. At the
end of a game: a summary, the game kept in the statistics (``euchre stats``), and "play
again?" with the same rules, seat and bots."""

from __future__ import annotations

import argparse
import signal
from collections.abc import Callable
from pathlib import Path

from rich.console import Console

from euchre.bots import make_bot
from euchre.cli.choices import ChoiceError, check_line, command_of
from euchre.cli.commands import last_trick, save_now, summary_lines
from euchre.cli.keyboard import Hangup, QuitGame, make_reader, on_signal
from euchre.cli.narrator import Narrator
from euchre.cli.prompts import HumanPlayer
from euchre.cli.render import side_names
from euchre.cli.saving import EXIT_INTERRUPTED, EXIT_OK, RecordSaver, check_save_path
from euchre.cli.table import Chooser, bot_levels, bot_name, parse_seat, random_seed, rules_of_flags, rules_title, run_table
from euchre.core.errors import EuchreError
from euchre.core.game import Game
from euchre.core.rules import Rules
from euchre.text.glosses import goal_words


def next_path(path: Path | None, number: int) -> Path | None:
    """The record file of the ``number``-th game of a session (from 1): ``FILE`` for the
    first, ``FILE-2.json`` (the same suffix) for the second, and so on."""
    if path is None or number == 1:
        return path
    return path.with_name(f"{path.stem}-{number}{path.suffix}")


def _introduce(console: Console, game: Game, seat: int, level: str, title: str) -> None:
    rules, table = game.rules, game.table
    console.print(f"Euchre: {title}, {goal_words(rules)}. Seed {game.seed}.")
    mates = table.mates[seat]
    if mates:
        console.print(f"You sit {table.titles[seat]}; your partner is {' and '.join(table.titles[m] for m in mates)}. "
                      f"Bots: {level}.")
    else:
        others = side_names(table, [table.team[s] for s in table.opponents(seat)])  # "Player 2, Player 3 and Player 4"
        console.print(f"You are {table.titles[seat]}, playing for yourself against {others}. Bots: {level}.")
    console.print("Type ? for help, rules for the rules, undo to take back, quit to stop.")


def _one_game(args: argparse.Namespace, console: Console, rules: Rules, seat: int, level: str, seed: int,
              save: Path | None, read: Callable[[str], str]) -> tuple[int | None, Game, list[str]]:
    """Play one game. Returns ``(exit code to stop with, or None when the game ended,
    the game, the players' names)``."""
    title = rules_title(args)
    table = rules.table
    game = Game(rules, seed)
    names = [bot_name(level) for _ in range(table.seats)]  # plain names: the renderer adds the seat
    names[seat] = "You"
    saver = RecordSaver(save, names, console, rules, "play")
    saver.start(game)
    narrator = Narrator(console, viewer=seat)
    human = HumanPlayer(game, console, narrator, read, hint_seed=seed,
                        auto_play=args.auto_play, rules_title=title,
                        save=lambda path: save_now(game, names, console, path))
    players: list[Chooser] = [make_bot(level, seed * 4 + s) for s in range(table.seats)]
    players[seat] = human
    _introduce(console, game, seat, level, title)
    old = {s: signal.signal(s, on_signal) for s in (signal.SIGTERM, signal.SIGHUP)}
    try:
        run_table(game, players, narrator, after_hand=saver, undo_seat=seat)
    except QuitGame as exc:
        console.print()
        console.print("Game stopped (end of input)." if exc.reason == "end of input" else "Game stopped.")
        return saver.exit_code(game, EXIT_OK), game, names
    except KeyboardInterrupt:
        console.print()
        console.print("Interrupted.")
        return saver.exit_code(game, EXIT_INTERRUPTED), game, names
    except Hangup as exc:
        return saver.exit_code(game, 128 + exc.signum), game, names
    except Exception:
        saver.final(game)  # keep the game played so far, then report the fault
        raise
    finally:
        for s, h in old.items():
            signal.signal(s, h)
    code = saver.exit_code(game, EXIT_OK)
    return (code if code != EXIT_OK else None), game, names


def _keep_stats(args: argparse.Namespace, console: Console, game: Game, seat: int, level: str) -> None:
    if args.no_stats:
        return
    from euchre.cli.stats import record_game

    try:
        record_game(game, seat, rules_title(args), level)
    except EuchreError as exc:
        console.print(f"(Statistics not kept: {exc})", markup=False)


MISUNDERSTOOD = 3
"""Answers to "play again?" asked again before the program stops."""


def _play_again(console: Console, read: Callable[[str], str], game: Game, names: list[str]) -> bool:
    """Ask "play again?"; ``save FILE`` saves the game just ended first. True for yes,
    False for no (or quit) and at the end of the input; anything else is asked again,
    up to :data:`MISUNDERSTOOD` times (input piped from a script ends there)."""
    misunderstood = 0
    while True:
        try:
            answer = check_line(read("Play again with the same rules? (y/n, or save FILE): "))
        except EOFError:
            return False
        except ChoiceError as exc:
            console.print(f"  {exc}", markup=False, style="bold")
            continue
        if answer.lower().startswith("save ") and answer[5:].strip():
            save_now(game, names, console, answer[5:].strip())
            continue
        if answer.lower() in ("y", "yes"):
            return True
        if answer.lower() in ("n", "no", "q", "quit"):
            return False
        command = command_of(answer)
        if command == "quit":  # "exit"
            return False
        if command is not None:
            console.print(f"  {_after_the_game(command, game)}", markup=False)
            continue
        misunderstood += 1
        if misunderstood > MISUNDERSTOOD:
            console.print("  No answer understood: stopping.", markup=False)
            return False
        console.print("  Answer y to play again, n to stop, or save FILE to keep the game just played.", markup=False)


def _after_the_game(command: str, game: Game) -> str:
    """The answer to a game's command typed at "play again?", once the game is over."""
    again = "Answer y to play again, n to stop, or save FILE to keep the game just played."
    if command == "undo":
        return f"The game is over: a finished game cannot be taken back. {again}"
    if command == "hint":
        return f"The game is over: there is no choice left to hint at. {again}"
    if command == "last":
        return f"{last_trick(game, lambda s: game.table.titles[s]).plain} {again}"
    if command == "help":
        return again
    return f"The game is over: {command} is for a game in play. {again}"


def cmd_play(args: argparse.Namespace, console: Console) -> int:
    """Run ``euchre play``. Returns the exit code (0; 130 after Ctrl-C; 2 when the
    record could not be saved at the end).

    Raises:
        EuchreError: a bad preset, seat, bot level or save path (also one that cannot
            be written before play).
    """
    rules = rules_of_flags(args.preset, args.target, args.option, args.rule)
    seat = parse_seat(rules.table, args.seat)
    level = bot_levels(args.bots, (1,))[0]
    save = check_save_path(args.save)
    seed = random_seed(args.seed)
    read = make_reader(console)
    number = 1
    while True:
        code, game, names = _one_game(args, console, rules, seat, level, seed, next_path(save, number), read)
        if code is not None:
            return code
        console.print()
        for line in summary_lines(game, seat):
            console.print(line, markup=False)
        _keep_stats(args, console, game, seat, level)
        if not _play_again(console, read, game, names):
            return EXIT_OK
        number += 1
        seed = seed + 1 if args.seed is not None else random_seed(None)
        console.print()
