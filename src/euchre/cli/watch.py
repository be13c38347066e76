"""``euchre watch``: bots play a game (one a seat of the preset's table), narrated with
every hand's cards."""

from __future__ import annotations

import argparse

from rich.console import Console

from euchre.bots import make_bot
from euchre.cli.narrator import Narrator
from euchre.cli.saving import EXIT_INTERRUPTED, EXIT_OK, RecordSaver, check_save_path
from euchre.cli.table import Chooser, bot_levels, bot_name, check_delay, levels_by_seat, random_seed, rules_of_flags, rules_title, run_table
from euchre.core.game import Game
from euchre.text.glosses import goal_words


def cmd_watch(args: argparse.Namespace, console: Console) -> int:
    """Run ``euchre watch``: four bots play a game, narrated. Returns the exit code (0;
    130 after Ctrl-C; 2 when the record could not be saved at the end).

    Raises:
        EuchreError: a bad preset, bot level, delay or save path (also one that cannot
            be written before play).
    """
    check_delay(args.delay)
    rules = rules_of_flags(args.preset, args.target, args.option, args.rule)
    table = rules.table
    levels = levels_by_seat(bot_levels(args.bots, tuple(sorted({1, len(table.teams), table.seats}))), table)
    save = check_save_path(args.save)
    seed = random_seed(args.seed)
    game = Game(rules, seed)
    names = [bot_name(levels[s]) for s in range(table.seats)]
    players: list[Chooser] = [make_bot(levels[s], seed * 4 + s) for s in range(table.seats)]
    narrator = Narrator(console, viewer=None, delay=args.delay, show_deal=True)
    saver = RecordSaver(save, names, console, rules, "watch")
    saver.start(game)
    if len(set(levels)) == 1:
        desc = f"all {levels[0]}"
    elif not table.individual and all(levels[s] == levels[t[0]] for t in table.teams for s in t):
        desc = ", ".join(f"{table.team_names[i]} {levels[t[0]]}" for i, t in enumerate(table.teams))
    else:
        desc = ", ".join(f"{table.titles[s] if table.individual else table.titles[s][0]} {levels[s]}"
                         for s in range(table.seats))
    console.print(f"Euchre: {rules_title(args)}, {goal_words(rules)}. Seed {seed}.")
    console.print(f"Bots: {desc}.")
    try:
        run_table(game, players, narrator, after_hand=saver)
    except KeyboardInterrupt:
        console.print()
        console.print("Interrupted.")
        return saver.exit_code(game, EXIT_INTERRUPTED)
    return saver.exit_code(game, EXIT_OK)
