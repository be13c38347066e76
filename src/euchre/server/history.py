"""A table's score history and the face-up replay of a finished game, as JSON for the page.

The score history (every seat sees it: results are public) is one entry per finished hand
of the game in play::

    {"hand": 3, "dealer": "S", "maker": "E" | null, "trump": "H" | "NT" | null,
     "alone": "E" | null, "label": "march", "points": [0, 2], "score": [4, 6]}

(``points`` and ``score`` per side of the table; ``score`` after the hand.)

The replay is for a game that is over, when nothing is hidden any more: every step of every
hand with every seat's cards face up, computed by the core replaying the game::

    {"hands": [{"hand": 1, "dealer": "N", "upcard": CARD, "score_before": [0, 0],
                "start": {"N": [CARD, ...], ...},       (every seat's cards as dealt)
                "steps": [{"seat": "E", "action": "pass", "words": "Pass.",
                           "cards": {"N": [CARD, ...], ...},    (every seat's hand after the step)
                           "trick": [{"seat": "E", "card": CARD}],   (the trick on the table)
                           "tricks_won": [0, 0], "trump": "H" | null}],
                "result": {"label": "march", "points": [2, 0], "score": [2, 0]}}]}

A CARD is :func:`euchre.server.state_parts.card_json`'s.
"""

from __future__ import annotations

from typing import Any

from euchre.core.actions import action_text, is_play_code
from euchre.core.cards import cards_of
from euchre.core.game import Game
from euchre.core.hand import HandState
from euchre.server.state_parts import _trump_text, card_json, seat_text
from euchre.text.words import describe


def hand_history(game: Game) -> list[dict[str, Any]]:
    """The score history of ``game``: one entry per finished hand (see the module
    docstring)."""
    table = game.table
    score = list(game.initial_score)
    out = []
    for i, hand in enumerate(game.finished_hands):
        r = hand.result
        if r is None:  # pragma: no cover - a finished hand has a result
            continue
        score = [s + p for s, p in zip(score, r.points, strict=True)]
        out.append({"hand": i + 1, "dealer": seat_text(hand.dealer, table),
                    "maker": None if r.maker is None else seat_text(r.maker, table),
                    "trump": None if r.trump is None else _trump_text(r.trump),
                    "alone": None if r.alone is None else seat_text(r.alone, table),
                    "label": r.label, "points": list(r.points), "score": list(score)})
    return out


def _cards(hand: HandState) -> dict[str, list[dict[str, str]]]:
    jk = hand.rules.joker_card
    return {hand.table.letters[s]: [card_json(c, jk) for c in cards_of(hand.hands[s])]
            for s in range(hand.table.seats)}


def replay_json(game: Game) -> dict[str, Any]:
    """The face-up replay of a finished game (see the module docstring): its hands are
    replayed from their deals by the core, step by step.

    Raises:
        EuchreError: a hand that does not replay (the game was not played by the core).
    """
    table = game.table
    jk = game.rules.joker_card
    score = list(game.initial_score)
    hands = []
    for i, finished in enumerate(game.finished_hands):
        replay = finished.as_dealt()
        start = _cards(replay)
        phases = finished.history_phases
        steps = []
        for (seat, code), phase in zip(finished.history, phases, strict=True):
            replay.apply(code)
            words = "" if is_play_code(code) else describe(
                code, seat, dealer=finished.dealer, phase=phase, style=game.rules.call_words, upcard=finished.upcard,
                table=table, joker_card=jk)
            trick = list(zip(replay.trick_seats, replay.trick_cards, strict=True)) or (
                list(zip(replay.tricks[-1].seats, replay.tricks[-1].cards, strict=True))
                if replay.tricks and is_play_code(code) else [])
            steps.append({"seat": seat_text(seat, table), "action": action_text(code), "words": words,
                          "cards": _cards(replay),
                          "trick": [{"seat": seat_text(s, table), "card": card_json(c, jk)} for s, c in trick],
                          "tricks_won": list(replay.tricks_won), "trump": _trump_text(replay.trump)})
        r = finished.result
        before = list(score)
        if r is not None:
            score = [s + p for s, p in zip(score, r.points, strict=True)]
        hands.append({"hand": i + 1, "dealer": seat_text(finished.dealer, table),
                      "upcard": card_json(finished.upcard, jk), "score_before": before,
                      "start": start,
                      "steps": steps,
                      "result": None if r is None else {"label": r.label, "points": list(r.points),
                                                        "score": list(score)}})
    return {"hands": hands}
