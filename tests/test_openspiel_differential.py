"""Differential tests: our engine under the ``openspiel`` preset against OpenSpiel's
``euchre`` game (an independent implementation of the same rules; RULES.md decision 8).

Both engines are given the same deal and the same random legal actions. At every decision
the player to act and the SET of legal actions must agree (through
:mod:`euchre.interop.openspiel`), each chosen action must mean the same in both (checked
against OpenSpiel's own action names), and at the end OpenSpiel's per-player returns must
equal our hand's points per team. Two configurations: OpenSpiel's defaults against the
preset, and ``allow_lone_defender=True`` against the preset with ``defend_alone=True``.

The play is random but seeded (deterministic). Passing is biased on some deals so that
the rare paths (round two, the stuck dealer) occur often; the coverage counters at the
end of each run check that every path of the phase machine was really compared.
"""

from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter
from typing import Any

import pyspiel
import pytest

from euchre.core import Action, CardError, HandState, Phase, Rules, RulesError, preset
from euchre.core.actions import DISCARD_BASE, PLAY_BASE
from euchre.core.cards import card_code, deck_cards
from euchre.interop import openspiel as osp

DEALS_PER_CONFIG = 2500
OPENSPIEL_DEALT = 500

CONFIGS = {
    # name: (our defend_alone, OpenSpiel parameters)
    "openspiel-defaults": (False, {}),
    "lone-defender": (True, {"allow_lone_defender": True}),
}


def _rules(defend_alone: bool) -> Rules:
    return preset("openspiel").replace(defend_alone=defend_alone)


def _openspiel_name(hand: HandState, code: int) -> str:
    """What OpenSpiel's ``action_to_string`` must say for our action ``code`` now."""
    if code >= PLAY_BASE or DISCARD_BASE <= code < PLAY_BASE:
        text = card_code(code - (PLAY_BASE if code >= PLAY_BASE else DISCARD_BASE))
        return text[1] + text[0]  # OpenSpiel writes suit then rank: "HJ"
    if code == Action.PASS:
        return "Partner" if hand.phase == Phase.DEFEND_ALONE else "Pass"
    if code == Action.ORDER_UP:
        return ("Clubs", "Diamonds", "Hearts", "Spades")[hand.upcard >> 3]
    if Action.NAME_C <= code <= Action.NAME_S:
        return ("Clubs", "Diamonds", "Hearts", "Spades")[code - Action.NAME_C]
    if code in (Action.GO_ALONE, Action.DEFEND_ALONE):
        return "Alone"
    if code == Action.PLAY_WITH_PARTNER:
        return "Partner"
    raise AssertionError(f"action {code} cannot occur under the openspiel preset")


def _play_both(hand: HandState, state: Any, rng: random.Random, seen: Counter[str], where: str) -> None:
    """Play one hand to the end in both engines with random legal actions, comparing
    at every step. ``where`` names the deal in failure messages."""
    pass_bias = rng.choice((None, 0.75, 0.9))
    history: list[str] = []
    while True:
        ours = osp.legal_openspiel_actions(hand)
        if state.is_terminal():
            assert hand.is_over, f"{where}: OpenSpiel ended, ours goes on in {hand.phase.name}; {history}"
            break
        assert not hand.is_over, f"{where}: ours ended, OpenSpiel goes on; {history}"
        theirs = sorted(state.legal_actions())
        assert state.current_player() == hand.turn, f"{where}: to act {state.current_player()} vs {hand.turn}; {history}"
        assert ours == theirs, f"{where}: legal actions in {hand.phase.name} ours {ours} vs OpenSpiel {theirs}; {history}"
        seen[f"phase {hand.phase.name}"] += 1
        if len(theirs) == 1:
            seen["forced"] += 1

        # Choose: sometimes from our list, sometimes from OpenSpiel's, mapping across.
        codes = hand.legal_codes()
        if pass_bias is not None and hand.phase in (Phase.BID_ROUND_1, Phase.BID_ROUND_2) and Action.PASS in codes:
            calls = [c for c in codes if c != Action.PASS]
            code = Action.PASS if rng.random() < pass_bias else rng.choice(calls)
            os_action = osp.action_to_openspiel(hand, code)
        elif rng.random() < 0.5:
            code = rng.choice(codes)
            os_action = osp.action_to_openspiel(hand, code)
        else:
            os_action = rng.choice(theirs)
            code = int(osp.action_from_openspiel(hand, os_action))
        assert osp.action_from_openspiel(hand, os_action) == code
        assert osp.action_to_openspiel(hand, code) == os_action
        name = state.action_to_string(state.current_player(), os_action)
        assert name == _openspiel_name(hand, code), f"{where}: {Action(code)} sent as {name}"
        history.append(str(Action(code)))
        if hand.phase == Phase.BID_ROUND_2 and hand.turn == hand.dealer and hand.passes == 3:
            seen["stuck dealer names trump"] += 1
        state.apply_action(os_action)
        hand.apply(code)

    result = hand.result
    assert result is not None
    returns = list(state.returns())
    assert returns == osp.openspiel_returns(result), f"{where}: returns {returns} vs ours {result}; {history}"
    assert osp.points_from_openspiel_returns(returns) == result.points
    seen[result.label] += 1
    if result.alone is not None and result.defender_alone is not None:
        seen["lone maker against lone defender"] += 1
    if result.defender_alone is not None and result.defender_alone == hand.dealer:
        seen["dealer defends alone"] += 1
    seen["round one" if hand.upcard_to_dealer else "round two"] += 1


def _expected_labels(defend_alone: bool) -> set[str]:
    labels = {"makers take the point", "march", "euchre", "lone hand makes its point",
              "lone march", "lone hand euchred", "round one", "round two", "stuck dealer names trump",
              "phase BID_ROUND_1", "phase BID_ROUND_2", "phase DISCARD", "phase ALONE_DECISION", "phase PLAY"}
    if defend_alone:
        labels |= {"euchred by a lone defender", "lone maker against lone defender", "dealer defends alone",
                   "phase DEFEND_ALONE"}
    return labels


@pytest.mark.parametrize("config", sorted(CONFIGS))
def test_random_deals_agree_with_openspiel(config: str) -> None:
    """Our deals (HandState.deal), random legal play: legal sets, actions and points agree."""
    defend_alone, params = CONFIGS[config]
    rules = _rules(defend_alone)
    game = pyspiel.load_game(osp.GAME_NAME, params)
    assert osp.openspiel_parameters(rules) == {"allow_lone_defender": defend_alone, "stick_the_dealer": True}
    rng = random.Random(f"openspiel-differential/{config}")
    seen: Counter[str] = Counter()
    for i in range(DEALS_PER_CONFIG):
        hand = HandState.deal(rules, rng.randrange(4), rng)
        state = osp.new_openspiel_state(hand, game)
        assert state.history() == osp.chance_actions(hand)
        _play_both(hand, state, rng, seen, f"{config} deal {i} {hand!r}")
    missing = _expected_labels(defend_alone) - set(seen)
    assert not missing, f"paths never compared: {sorted(missing)}; seen {dict(seen)}"
    if not defend_alone:
        assert seen["phase DEFEND_ALONE"] == 0 and seen["euchred by a lone defender"] == 0


@pytest.mark.parametrize("config", sorted(CONFIGS))
def test_openspiel_deals_agree_with_ours(config: str) -> None:
    """OpenSpiel's own chance sampling, converted to our hand: play agrees the same way."""
    defend_alone, params = CONFIGS[config]
    rules = _rules(defend_alone)
    game = pyspiel.load_game(osp.GAME_NAME, params)
    rng = random.Random(f"openspiel-dealt/{config}")
    seen: Counter[str] = Counter()
    for i in range(OPENSPIEL_DEALT):
        state = game.new_initial_state()
        while state.is_chance_node():
            outcomes = [a for a, _ in state.chance_outcomes()]
            state.apply_action(rng.choice(outcomes))
        chance = list(state.history())
        hand = osp.hand_from_chance_actions(rules, chance)
        assert hand.dealer == chance[0]
        assert osp.chance_actions(hand)[0] == chance[0]
        assert sorted(osp.chance_actions(hand)[1:]) == sorted(chance[1:])
        assert osp.card_to_openspiel(hand.upcard) == chance[-1]
        _play_both(hand, state, rng, seen, f"{config} OpenSpiel deal {i} {chance}")
    assert seen["phase PLAY"] > 0


def test_card_numbers_match_openspiel_names() -> None:
    """Each OpenSpiel card 0..23 is the card our mapping says, by OpenSpiel's own name."""
    state = pyspiel.load_game(osp.GAME_NAME).new_initial_state()
    state.apply_action(0)  # choose the dealer, so that action names are card names
    ours = []
    for a in range(osp.NUM_CARDS):
        card = osp.card_from_openspiel(a)
        suit_rank = state.action_to_string(0, a)
        assert card_code(card) == suit_rank[1] + suit_rank[0]
        assert osp.card_to_openspiel(card) == a
        ours.append(card)
    assert sorted(ours) == deck_cards(24, False)


def test_cards_outside_openspiel_deck_are_refused() -> None:
    for card in (0, 1, 8, 25, 32, -1):  # sevens, eights, the joker, not a card
        with pytest.raises(CardError, match="24-card deck"):
            osp.card_to_openspiel(card)
    for a in (-1, 24, 31):
        with pytest.raises(CardError, match=r"0\.\.23"):
            osp.card_from_openspiel(a)


def test_rules_openspiel_cannot_play_are_refused() -> None:
    with pytest.raises(RulesError, match="alone_declare_timing"):
        osp.openspiel_parameters(preset("modern-standard"))
    with pytest.raises(RulesError, match="defend_alone_against"):
        osp.openspiel_parameters(_rules(True).replace(defend_alone_against="lone_maker"))
    relaxed = preset("openspiel").replace(all_pass_round2="deal_passes_left")
    assert osp.openspiel_parameters(relaxed) == {"allow_lone_defender": False, "stick_the_dealer": False}


def test_thrown_in_hand_without_stick_the_dealer() -> None:
    """Without stick the dealer, eight passes end both hands unscored (returns all 0)."""
    rules = preset("openspiel").replace(all_pass_round2="deal_passes_left")
    game = osp.load_openspiel_game(rules)
    hand = HandState.deal(rules, 2, random.Random(7))
    state = osp.new_openspiel_state(hand, game)
    for _ in range(8):
        assert osp.legal_openspiel_actions(hand) == sorted(state.legal_actions())
        state.apply_action(osp.action_to_openspiel(hand, Action.PASS))
        hand.apply(Action.PASS)
    assert state.is_terminal() and hand.is_over
    assert hand.result is not None
    assert list(state.returns()) == osp.openspiel_returns(hand.result) == [0.0] * 4


def test_adapter_does_not_import_pyspiel() -> None:
    """The adapter imports pyspiel only when a game is loaded (DESIGN.md: interop)."""
    code = "import sys, euchre.interop.openspiel; print('pyspiel' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


ALTERED = {
    "super euchre": {"super_euchre": True},
    "the dealer may discard the upcard": {"dealer_may_discard_upcard": True},
    "a lone maker euchred gives 4": {"points_lone_euchred": 4},
    "the lone player leads": {"alone_lead": "lone_player"},
}


def _first_disagreement(changes: dict[str, object], deals: int = 300) -> int | None:
    """The first deal (of ``deals``) on which our engine under the openspiel preset with
    ``changes``, dealt the cards OpenSpiel deals, disagrees with OpenSpiel; None if none."""
    rules = _rules(False).replace(**changes)
    game = pyspiel.load_game(osp.GAME_NAME, {})
    rng = random.Random("openspiel-control")
    seen: Counter[str] = Counter()
    for i in range(deals):
        standard = HandState.deal(_rules(False), rng.randrange(4), rng)
        state = osp.new_openspiel_state(standard, game)
        hand = HandState.from_deal(rules, standard.dealer, [standard.hand_of(s) for s in range(4)], list(standard.stock))
        try:
            _play_both(hand, state, rng, seen, f"deal {i}")
        except AssertionError:
            return i
    return None


@pytest.mark.parametrize("change", sorted(ALTERED))
def test_positive_control_the_comparison_finds_a_changed_rule(change: str) -> None:
    """The differential test can fail: our engine under a rule changed from OpenSpiel's,
    on the same cards, disagrees with OpenSpiel within the first 300 deals; unchanged, the
    same run agrees on all 300."""
    assert _first_disagreement(ALTERED[change]) is not None, f"with {change} no disagreement in 300 deals"


def test_the_control_run_agrees_without_a_change() -> None:
    assert _first_disagreement({}) is None
