"""``euchre play``: a person against the bots (three at the four-hand table) in the terminal (the questions are in
:mod:`euchre.cli.prompts`, saving in :mod:`euchre.cli.saving`). ``--save FILE`` keeps the
record, also when the person quits, presses Ctrl-C or ends the input."""

from __future__ import annotations

import argparse
import signal

from rich.console import Console

from euchre.bots import make_bot
from euchre.cli.prompts import Hangup, HumanPlayer, QuitGame, make_reader, on_signal
from euchre.cli.render import Narrator
from euchre.cli.saving import EXIT_INTERRUPTED, EXIT_OK, RecordSaver, check_save_path
from euchre.cli.table import Chooser, bot_levels, bot_name, build_rules, parse_seat, random_seed, rules_title, run_table
from euchre.core.game import Game
from euchre.core.words import goal_words


def cmd_play(args: argparse.Namespace, console: Console) -> int:
    """Run ``euchre play``. Returns the exit code (0; 130 after Ctrl-C; 2 when the
    record could not be saved at the end).

    Raises:
        EuchreError: a bad preset, seat, bot level or save path (also one that cannot
            be written before play).
    """
    rules = build_rules(args.preset, args.target, args.option, args.rule)
    table = rules.table
    seat = parse_seat(table, args.seat)
    level = bot_levels(args.bots, (1,))[0]
    save = check_save_path(args.save)
    seed = random_seed(args.seed)
    game = Game(rules, seed)
    names = [bot_name(level) for _ in range(table.seats)]  # plain names: the renderer adds the seat
    names[seat] = "You"
    saver = RecordSaver(save, names, console, rules, "play")
    saver.start(game)
    narrator = Narrator(console, viewer=seat)
    human = HumanPlayer(game, console, narrator, make_reader(console), hint_seed=seed)
    players: list[Chooser] = [make_bot(level, seed * 4 + s) for s in range(table.seats)]
    players[seat] = human
    console.print(f"Euchre: {rules_title(args)}, {goal_words(rules)}. Seed {seed}.")
    mates = table.mates[seat]
    if mates:
        console.print(f"You sit {table.titles[seat]}; your partner is {' and '.join(table.titles[m] for m in mates)}. "
                      f"Bots: {level}.")
    else:
        others = [table.titles[s] for s in table.opponents(seat)]
        console.print(f"You are {table.titles[seat]}, playing for yourself against {' and '.join(others)}. Bots: {level}.")
    console.print("Type ? for help, quit to stop.")
    old = {s: signal.signal(s, on_signal) for s in (signal.SIGTERM, signal.SIGHUP)}
    try:
        run_table(game, players, narrator, after_hand=saver)
    except QuitGame as exc:
        console.print()
        console.print("Game stopped (end of input)." if exc.reason == "end of input" else "Game stopped.")
        return saver.exit_code(game, EXIT_OK)
    except KeyboardInterrupt:
        console.print()
        console.print("Interrupted.")
        return saver.exit_code(game, EXIT_INTERRUPTED)
    except Hangup as exc:
        return saver.exit_code(game, 128 + exc.signum)
    except Exception:
        saver.final(game)  # keep the game played so far, then report the fault
        raise
    finally:
        for s, h in old.items():
            signal.signal(s, h)
    return saver.exit_code(game, EXIT_OK)
