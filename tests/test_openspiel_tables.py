"""python_euchre (euchre.interop.openspiel_game) at every table: the players are the
table's seats, five cards to each, returns per seat from the engine's points (a cutthroat
deal worked by hand, game returns where each plays for himself), and the tensors and
strings made from the player's view, relative to him."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest

from euchre.core.actions import Action
from euchre.core.presets import PLAYABLE_PRESETS, preset
from euchre.core.views import view_of
from euchre.interop import features
from euchre.interop import openspiel_game as og
from euchre.interop.rewards import game_values, seat_rewards
from test_openspiel_game import LONE_MARCH, E, N, cards, random_play

ENV_PRESETS = list(PLAYABLE_PRESETS)
"""Every playable preset: the game takes them all."""


# ---------------------------------------------------------------------------- tensors and strings
def test_tensors_and_strings_are_the_views_features() -> None:
    state = pyspiel.load_game(og.GAME_NAME, {"preset": "dc-club-1862"}).new_initial_state()
    random_play(state, random.Random(4), steps=35)
    hand = state.progress.hand
    for p in range(4):
        view = view_of(hand, p)
        assert state.observation_tensor(p) == features.observation(view).tolist()
        assert state.information_state_tensor(p) == features.information_state(view).tolist()
        assert state.observation_string(p) == features.observation_text(view)
        assert state.information_state_string(p) == "hand 1: " + features.information_state_text(view)
    game = state.get_game()
    # the observation (1,064 elements, euchre.analysis.features) then 5 tricks of 4 cards,
    # each 4 relative seats + 33 cards
    assert game.observation_tensor_shape() == [1064] and game.information_state_tensor_shape() == [1064 + 5 * 4 * 37]
    assert game.num_distinct_actions() == 93 and game.max_chance_outcomes() == 33


def test_a_seat_sees_its_own_cards_while_they_are_dealt() -> None:
    state = pyspiel.load_game(og.GAME_NAME, {"preset": "dc-club-1862"}).new_initial_state()
    for a in LONE_MARCH[:7]:  # West deals six cards: W, N, E, S, W, N
        state.apply_action(a)
    lay = features.layout(preset("dc-club-1862"))
    north = np.array(state.observation_tensor(N))
    east = np.array(state.observation_tensor(E))
    assert sorted(np.flatnonzero(north[lay.section("hand")]).tolist()) == sorted(cards("JH JD"))
    assert np.flatnonzero(east[lay.section("hand")]).tolist() == cards("7C")
    assert north[lay.section("dealer")].tolist() == [0, 0, 0, 1]  # West: North's relative seat 3
    assert east[lay.section("dealer")].tolist() == [0, 0, 1, 0]  # West: East's relative seat 2
    assert north[lay.section("target")].tolist() == pytest.approx([5 / 127])
    assert state.information_state_string(N) == "hand 1: seat N dealer W score 0-0 dealing, cards JD JH"


# ---------------------------------------------------------------------------- every table
@pytest.mark.parametrize("name", ENV_PRESETS)
def test_the_players_are_the_tables_seats(name: str) -> None:
    rules = preset(name)
    seats = rules.table.seats
    game = pyspiel.load_game(og.GAME_NAME, {"preset": name})
    assert game.num_players() == seats
    # railroad gives a card face down for best: codes 100..132
    assert game.num_distinct_actions() == (133 if rules.call_for_best != "none" else 93)
    assert game.observation_tensor_shape() == [features.layout(rules).size]
    state = game.new_initial_state()
    assert state.chance_outcomes() == [(s, pytest.approx(1 / seats)) for s in range(seats)]  # the dealer
    random_play(state, random.Random(1))
    assert state.is_terminal() and sum(state.returns()) == pytest.approx(0.0)
    hand = state.progress.finished[-1]
    assert hand.result is not None
    assert state.returns() == seat_rewards(rules.table, hand.result.points)
    assert all(h.bit_count() == 5 for h in hand.deal_hands)  # five cards to each seat


def test_a_cutthroat_deal_worked_by_hand() -> None:
    """cutthroat-3 (24 cards, three players each for himself): seat 1 holds the five best
    hearts, 9H is turned, seat 0 deals. Seat 1 orders it up and takes every trick, a march:
    3 points to him alone (X-55 "C makes a march, 3 points"; REFERENCE 2, three-handed), so
    he gets 3 - (0 + 0) / 2 = 3 and the others 0 - (3 + 0) / 2 = -1.5 each."""
    game = pyspiel.load_game(og.GAME_NAME, {"preset": "cutthroat-3"})
    state = game.new_initial_state()
    hands = {0: cards("9C TC JC QC KC"), 1: cards("JH JD AH KH QH"), 2: cards("AC 9D TD QD KD")}
    for a in [0] + [hands[k % 3][k // 3] for k in range(15)] + cards("9H"):
        state.apply_action(a)
    assert state.current_player() == 1  # the eldest hand, the dealer's left
    state.apply_action(int(Action.ORDER_UP))
    leads = iter(cards("JH JD AH KH QH"))
    while not state.is_terminal():
        hand = state.progress.hand
        if state.current_player() == 1 and hand.phase.name == "PLAY":
            state.apply_action(int(Action.play(next(leads))))
        else:
            state.apply_action(state.legal_actions()[0])
    assert state.progress.finished[-1].result.points == (0, 3, 0)
    assert state.returns() == [-1.5, 3.0, -1.5]


def test_game_returns_are_the_seats_share_of_the_games_won() -> None:
    """Game mode at a table of players each for himself: the winner gets the games won,
    the others share the loss (seat_rewards of game_values)."""
    game = pyspiel.load_game(og.GAME_NAME, {"preset": "cutthroat-3", "mode": "game", "game_target": 3})
    state = game.new_initial_state()
    random_play(state, random.Random(5))
    result = state.progress.result
    assert result is not None and result.winner is not None
    expected = [1.0 if s == result.winner else -0.5 for s in range(3)]
    assert state.returns() == expected == seat_rewards(preset("cutthroat-3").table, game_values(preset("cutthroat-3").table, result))
