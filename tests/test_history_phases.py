"""Each action of a hand's history carries the phase it was taken in (issue 35): the
hand records it as it applies the action (``HandState.history_phases``, from the runs
of ``phase_runs``), undo restores it, the views carry it, and the text reads it.

The oracle is the phase machine ``text/words.py`` used to run a second time over the
history (``tests/_history_phases_model.py``), which knows nothing of the engine's.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from euchre.core.actions import Action, block_of
from euchre.core.hand import HandState, Phase
from euchre.core.presets import PLAYABLE_PRESETS, preset
from euchre.core.rules import Rules
from euchre.core.state import phases_of
from euchre.core.views import public_view_of, view_of
from euchre.text.words import claim_round_length, describe_history

try:
    from ._history_phases_model import history_phases as told_phases
except ImportError:
    from _history_phases_model import history_phases as told_phases  # type: ignore[no-redef]

_MODERN = preset("modern-standard")
_EXTRA = {
    "table mode": _MODERN.replace(renege_mode="penalize_on_claim"),
    "call for best": _MODERN.replace(call_for_best="lone_maker_and_lone_defender"),
    "claims": _MODERN.replace(farmers_hand=True),
}


def _rules(name: str) -> Rules:
    return _EXTRA[name] if name in _EXTRA else preset(name)


def _told(hand: HandState) -> list[Phase]:
    return told_phases(hand.history, hand.table, claim_round_length(hand.history, hand.rules, hand.upcard))


@pytest.mark.parametrize("name", [*PLAYABLE_PRESETS, *_EXTRA])
def test_the_recorded_phases_are_those_the_history_tells(name: str) -> None:
    """At every state of random hands, applied or pushed: one phase per action, the
    phase the hand was in when it took it, and the oracle agrees."""
    rules = _rules(name)
    seen: set[Phase] = set()
    for seed in range(12):
        rng = random.Random(seed)
        hand = HandState.deal(rules, seed % rules.table.seats, rng)
        while not hand.is_over:
            before = hand.phase
            code = rng.choice(hand.legal_codes())
            hand.push(code) if seed % 2 else hand.apply(code)
            phases = hand.history_phases
            assert len(phases) == len(hand.history) and phases[-1] == before
            assert before.name in block_of(code).phases, (code, before)  # the table of blocks agrees
            assert list(phases) == _told(hand), (name, seed)
            seen.add(before)
    assert Phase.PLAY in seen and Phase.BID_ROUND_1 in seen


def test_undo_restores_the_phases() -> None:
    rules = _EXTRA["table mode"]
    for seed in range(20):
        rng = random.Random(seed)
        hand = HandState.deal(rules, 0, rng)
        states = []
        while not hand.is_over:
            states.append((hand.history_phases, list(hand.phase_runs)))
            hand.push(rng.choice(hand.legal_codes()))
        while states:
            hand.pop()
            assert (hand.history_phases, hand.phase_runs) == states.pop()
        assert hand.phase_runs == [(0, hand.phase)]


def test_the_view_carries_the_phases() -> None:
    rules = preset("railroad") if "railroad" in PLAYABLE_PRESETS else _EXTRA["call for best"]
    rng = random.Random(3)
    hand = HandState.deal(rules, 0, rng)
    while not hand.is_over:
        for seat in range(hand.table.seats):
            view = view_of(hand, seat)
            assert view.history_phases == hand.history_phases and len(view.history) == len(view.history_phases)
        assert public_view_of(hand).history_phases == hand.history_phases
        hand.apply(rng.choice(hand.legal_codes()))


def test_phases_of_by_hand() -> None:
    runs = [(0, Phase.BID_ROUND_1), (4, Phase.BID_ROUND_2), (6, Phase.DEFEND_ALONE), (9, Phase.PLAY)]
    assert phases_of(runs, 0) == ()
    assert phases_of(runs, 5) == (Phase.BID_ROUND_1,) * 4 + (Phase.BID_ROUND_2,)
    assert phases_of(runs, 11) == ((Phase.BID_ROUND_1,) * 4 + (Phase.BID_ROUND_2,) * 2 + (Phase.DEFEND_ALONE,) * 3
                                   + (Phase.PLAY,) * 2)


def test_the_words_read_the_recorded_phases() -> None:
    """describe_history words each action by the phase the hand recorded, not by one it
    works out again: the dealer's pass in round one is "I turn it down." in the 1862
    words, and the same pass recorded in round two is "I pass the making." (a view
    with its recorded phases changed is the control)."""
    rules = preset("dc-1862") if "dc-1862" in PLAYABLE_PRESETS else _MODERN.replace(call_words="dc_1862")
    rules = rules.replace(call_words="dc_1862")
    hand = HandState.deal(rules, 0, random.Random(5))
    for _ in range(rules.table.seats):
        hand.apply(Action.PASS)
    view = view_of(hand, 0)
    assert view.history_phases == (Phase.BID_ROUND_1,) * rules.table.seats
    assert describe_history(view)[-1][2] == "I turn it down."
    changed = dataclasses.replace(view, history_phases=(*view.history_phases[:-1], Phase.BID_ROUND_2))
    assert describe_history(changed)[-1][2] == "I pass the making."
