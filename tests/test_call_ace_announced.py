"""Call-ace in the terminal (issue 34, a new user's report): when the called card falls
the table is told whose partner its holder is, and ``show`` says which card was called;
before the card falls no line names its holder (RULES.md decision 21: "nobody else
learns it until the card is played", X-35, X-47)."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

from euchre.bots import make_bot
from euchre.cli.narrator import Narrator
from euchre.core import Game, preset
from euchre.core.views import view_of


def _narrated(name: str, seed: int) -> list[tuple[str, int, int, int, int]]:
    """Plays hands of ``name`` by random bots until a hand in which a called card was
    played by another seat than the maker; returns, for each narrated event of that
    hand, (the text printed, maker, called card, holder, number of the event)."""
    rules = preset(name)
    rng = random.Random(seed)
    game = Game(rules, seed=seed)
    bots = [make_bot("random", seed=rng.randrange(1 << 30)) for _ in range(rules.table.seats)]
    while not game.is_over:
        buffer = io.StringIO()
        narrator = Narrator(Console(file=buffer, width=400, highlight=False, emoji=False, markup=False))
        narrator.game_start(game, setup=False)
        hands_before = len(game.finished_hands)
        events: list[tuple[str, int, int, int, int]] = []
        while not game.is_over and len(game.finished_hands) == hands_before:
            hand = game.hand
            seat, phase = hand.turn, hand.phase
            code = int(bots[seat].choose(view_of(hand, seat, game.score)))
            game.apply(code)
            shown = game.finished_hands[-1] if len(game.finished_hands) > hands_before else game.hand
            start = buffer.tell()
            narrator.action(shown, seat, code, phase)
            events.append((buffer.getvalue()[start:], shown.maker, shown.called, shown.partner, len(events)))
        done = game.finished_hands[-1] if len(game.finished_hands) > hands_before else None
        if done is not None and done.called != -1 and done.partner not in (-1, done.maker):
            return events
    pytest.fail(f"{name} seed {seed}: no hand with a called card played by a partner")


@pytest.mark.parametrize("name", ["call-ace-4", "call-ace-5", "call-ace-6"])
def test_regression_nothing_was_said_when_the_called_card_fell(name: str) -> None:
    """The partner is named exactly once, in the line after his card, and no earlier
    line names him as the partner."""
    events = _narrated(name, 3)
    _, maker, _called, holder, _ = events[-1]
    table = preset(name).table
    said = [k for k, (text, *_rest) in enumerate(events) if "That is the called card" in text]
    assert len(said) == 1
    text = events[said[0]][0]
    assert f"{table.titles[holder]} is {table.titles[maker]}'s partner" in text
    assert "partner" not in "".join(e[0] for e in events[:said[0]])


def test_show_names_the_called_card_and_its_holder_only_once_played() -> None:
    """``show`` (the narrator's full status): "Called: A♥ (... not played yet)" before the
    card falls, "played by Player N: Player M's partner" after; no line of a four-hand
    game says Called (positive control of the absence)."""
    from euchre.core.actions import Action

    rules = preset("call-ace-5")
    game = Game(rules, seed=5)
    rng = random.Random(5)
    bots = [make_bot("random", seed=rng.randrange(1 << 30)) for _ in range(5)]
    seen_before = seen_after = False
    while not game.is_over and not (seen_before and seen_after):
        hand = game.hand
        if hand.called != -1 and hand.phase.name == "PLAY":
            buffer = io.StringIO()
            shower = Narrator(Console(file=buffer, width=400, highlight=False, emoji=False, markup=False))
            shower.game_start(game, setup=False)
            start = buffer.tell()
            shower.status(hand, game.score, full=True)
            text = buffer.getvalue()[start:]
            fallen = any(c == hand.called for t in hand.tricks for c in t.cards) or hand.called in hand.trick_cards
            titles = rules.table.titles
            if fallen:
                assert f"played by {titles[hand.partner]}: {titles[hand.maker]}'s partner" in text
                seen_after = True
            else:
                assert "Called: " in text and "not played yet: whoever holds it is" in text
                assert all(f"played by {t}" not in text for t in titles)
                seen_before = True
        seat = hand.turn
        game.apply(Action(int(bots[seat].choose(view_of(hand, seat, game.score)))))
    assert seen_before and seen_after
    four = Game(preset("modern-standard"), seed=1)
    buffer = io.StringIO()
    shower = Narrator(Console(file=buffer, width=400))
    shower.game_start(four, setup=False)
    shower.status(four.hand, four.score, full=True)
    assert "Called" not in buffer.getvalue()
