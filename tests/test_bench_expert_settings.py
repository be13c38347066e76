"""The expert variants of ``bench/bench_expert_settings.py`` (docs/strength.md, "Tables of
three to six players"): ``rollout_play`` plays the cards at call-ace by rollouts every
time (``always``) or only while the called card is unplayed (``hidden``)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

from bench_expert_settings import ExpertWith, Variant, parse_variant
from euchre.analysis.duplicate import deal_for
from euchre.bots.heuristic import HeuristicBot
from euchre.core import preset
from euchre.core.hand import Phase
from euchre.core.views import view_of


def test_rollout_play_parses_and_a_bad_value_is_refused_naming_it() -> None:
    assert parse_variant("rollout_play=hidden") == Variant(rollout_play="hidden")
    assert parse_variant("rollout_play=always+play_worlds=50") == Variant(play_worlds=50, rollout_play="always")
    assert parse_variant("base") == Variant()
    with pytest.raises(ValueError, match="rollout_play"):
        parse_variant("rollout_play=sometimes")


def test_hidden_rollout_play_stops_when_the_called_card_falls() -> None:
    # A call-ace-4 hand played by the heuristic: at every play decision with a choice,
    # "always" plays by rollouts, "hidden" only while the called card is unplayed, and
    # the level (no rollout_play) never. The check needs hands where the card falls.
    rules = preset("call-ace-4")
    bots = {name: ExpertWith(parse_variant(text)) for name, text in
            (("always", "rollout_play=always"), ("hidden", "rollout_play=hidden"), ("level", "base"))}
    seen = {True: 0, False: 0}
    for index in range(12):
        state = deal_for(rules, 5, index)
        heuristic = [HeuristicBot(s) for s in range(rules.table.seats)]
        while not state.is_over:
            seat = state.turn
            view = view_of(state, seat, (0,) * rules.table.seats)
            if view.phase == Phase.PLAY and sum(a.is_play for a in view.legal) > 1:
                called = view.called
                fallen = called != -1 and (any(called in t.cards for t in view.tricks) or called in view.trick_cards)
                assert bots["always"]._plays_by_rollouts(view)
                assert bots["hidden"]._plays_by_rollouts(view) is (not fallen)
                assert not bots["level"]._plays_by_rollouts(view)
                seen[fallen] += 1
            state.apply(heuristic[seat].choose(view))
    assert seen[True] and seen[False]


def test_rollout_play_leaves_tables_without_a_secret_partner_alone() -> None:
    rules = preset("modern-standard")
    bot = ExpertWith(parse_variant("rollout_play=always"))
    state = deal_for(rules, 5, 0)
    heuristic = [HeuristicBot(s) for s in range(4)]
    checked = 0
    while not state.is_over:
        view = view_of(state, state.turn, (0, 0))
        if view.phase == Phase.PLAY:
            assert not bot._plays_by_rollouts(view)
            checked += 1
        state.apply(heuristic[state.turn].choose(view))
    assert checked
