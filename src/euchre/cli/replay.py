"""``euchre replay FILE [--hand N]``: show a recorded game hand by hand: the deal, the
calls in the preset's words, the tricks with their winners, and the score.

The file is our JSON record (:mod:`euchre.core.records`) or an EGN file (Euchre Game
Notation, recognised by its ``"fileType": "Euchre Game Notation"``). A bad file gives
a one-line error naming the place in the file (RecordError's path).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from rich.console import Console

from euchre.cli.render import SEAT_TITLES, Narrator
from euchre.core.cards import JOKER, cards_of
from euchre.core.errors import EuchreError, RecordError
from euchre.core.game import Game
from euchre.core.hand import HandState
from euchre.core.records import load_record

EGN_FILE_TYPE = "Euchre Game Notation"


def load_game_file(path: Path) -> tuple[Game, list[str]]:
    """Read a JSON record or an EGN file and replay it.

    Returns:
        ``(game, names)``: the replayed game and the players' names by seat.

    Raises:
        EuchreError: the file cannot be read (the message names it), or RecordError
            from the readers: the record is corrupt (the message says where).
    """
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise EuchreError(f"cannot read {path}: {exc.strerror if isinstance(exc, OSError) else exc}") from None
    try:
        data: Any = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as exc:
        raise RecordError("", f"not JSON: {exc}") from None
    if isinstance(data, dict) and data.get("fileType") == EGN_FILE_TYPE:
        from euchre.core.egn import load_egn

        return load_egn(data)
    return load_record(data)


def _fresh(hand: HandState) -> HandState:
    """The hand as dealt, to step through its history again."""
    stock = list(hand.stock)
    if hand.joker_aside:  # from_deal moved the set-aside joker to the end
        stock = [JOKER, *stock[:-1]]
    return HandState.from_deal(hand.rules, hand.dealer, [list(cards_of(m)) for m in hand.deal_hands], stock)


def replay_hand(narrator: Narrator, hand: HandState, number: int, score_before: list[int]) -> list[int]:
    """Narrate one recorded hand. Returns the score after it."""
    fresh = _fresh(hand)
    narrator.hand_start(fresh, number, score_before)
    for seat, code in hand.history:
        phase = fresh.phase
        fresh.apply(code)
        narrator.action(fresh, seat, code, phase)
    score = list(score_before)
    if fresh.result is not None:
        score = [score[0] + fresh.result.points[0], score[1] + fresh.result.points[1]]
        narrator.hand_end(fresh, score)
    else:
        narrator.console.print("  (the record stops here, in the middle of the hand)")
    return score


def cmd_replay(args: argparse.Namespace, console: Console) -> int:
    """Run ``euchre replay``. Returns the exit code.

    Raises:
        EuchreError: the file cannot be read, is corrupt, or ``--hand`` is out of range.
    """
    path = Path(args.file)
    try:
        game, names = load_game_file(path)
    except RecordError as exc:
        raise EuchreError(f"{path}: {exc}") from None
    hands = list(game.finished_hands)
    if not game.is_over and game.hand.history:
        hands.append(game.hand)
    if args.hand is not None and not 1 <= args.hand <= len(hands):
        raise EuchreError(f"--hand {args.hand}: the record has hands 1 to {len(hands)}" if hands
                          else f"--hand {args.hand}: the record has no hands")
    console.print(f"{path.name}: {len(hands)} hand(s), game to {game.rules.game_target}.")
    console.print("Players: " + ", ".join(f"{SEAT_TITLES[s]} {names[s]}" for s in range(4)) + ".")
    narrator = Narrator(console, viewer=None, show_deal=True)
    score = list(game.initial_score)
    for i, hand in enumerate(hands, 1):
        if args.hand is None or args.hand == i:
            score = replay_hand(narrator, hand, i, score)
        elif hand.result is not None:
            score = [score[0] + hand.result.points[0], score[1] + hand.result.points[1]]
    if args.hand is None:
        narrator.game_end(game)
    return 0
