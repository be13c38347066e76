"""Our engine as an OpenSpiel Python game (euchre.interop.openspiel_game, ``python_euchre``):
OpenSpiel's own checks for Python games (``pyspiel.random_sim_test``, the simulation,
cloning and serialization checks of ``games_sim_test.py``, the resampling check of
``ResampleInfostateTest``) under every playable preset (read from the core, so a new preset
is covered), one deal and a game; the deal, the returns and the game's course worked by
hand or compared with the core's ``Game`` and with OpenSpiel's own C++ ``euchre``; shown
voids kept by resampling (with a positive control). Every table's seats and returns, and
the tensors: tests/test_openspiel_tables.py; ISMCTS and DQN: test_openspiel_algorithms.py."""

from __future__ import annotations

import itertools
import pickle
import random
from collections.abc import Callable
from typing import Any

import pyspiel
import pytest

from euchre.core.actions import Action
from euchre.core.cards import EFFECTIVE_SUIT, JOKER, cards_of, deck_cards, parse_card
from euchre.core.errors import EuchreTypeError, EuchreValueError, IllegalActionError, RulesError
from euchre.core.game import Game, Setup
from euchre.core.hand import HandState
from euchre.core.presets import PLAYABLE_PRESETS, preset
from euchre.core.views import view_of
from euchre.interop import openspiel as osp
from euchre.interop import openspiel_game as og

N, E, S, W = 0, 1, 2, 3

ENV_PRESETS = list(PLAYABLE_PRESETS)
"""Every playable preset: the game takes them all."""


def cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


def deal_actions(dealer: int, hands: dict[int, list[int]], turned: list[int]) -> list[int]:
    """The chance outcomes of a deal: the dealer, card k to the k-th seat clockwise from the
    dealer himself, then the card(s) turned up."""
    order = [(dealer + i) % 4 for i in range(4)]
    return [dealer] + [hands[order[k % 4]][k // 4] for k in range(20)] + turned


# dc-club-1862 (32 cards): North holds the five best hearts, 7H is turned, West deals.
# North orders it up alone (S000 L171): he takes every trick, a lone march, 4 points (S000 L175).
LONE_MARCH = deal_actions(W, {N: cards("JH JD AH KH QH"), E: cards("7C 8C 9C TC JC"),
                              S: cards("QC KC AC 7D 8D"), W: cards("9D TD QD KD AD")}, cards("7H"))


def random_play(state: Any, rng: random.Random, steps: int = 10_000) -> None:
    for _ in range(steps):
        if state.is_terminal():
            return
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def play_lone_march(state: Any) -> None:
    """North orders alone and leads his trumps; everyone else takes the first legal action."""
    for a in LONE_MARCH:
        state.apply_action(a)
    state.apply_action(int(Action.ORDER_UP_ALONE))
    leads = iter(cards("JH JD AH KH QH"))
    while not state.progress.dealing and not state.is_terminal():
        if state.current_player() == N and state.progress.hand.phase.name == "PLAY":
            state.apply_action(int(Action.play(next(leads))))
        else:
            state.apply_action(state.legal_actions()[0])


# ---------------------------------------------------------------------------- OpenSpiel's checks
@pytest.mark.parametrize("name", ENV_PRESETS)
def test_random_sim_test_one_deal(name: str) -> None:
    game = pyspiel.load_game(og.GAME_NAME, {"preset": name})
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize("name", ENV_PRESETS)
def test_random_sim_test_game_mode(name: str) -> None:
    """Game mode under every preset, a few hands each (kept short for CI: a game that
    reaches max_hands ends drawn)."""
    game = pyspiel.load_game(og.GAME_NAME, {"preset": name, "mode": "game", "max_hands": 3})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("name", ["dc-club-1862", "cutthroat-3"])
def test_random_sim_test_a_game_to_the_target(name: str) -> None:
    game = pyspiel.load_game(og.GAME_NAME, {"preset": name, "mode": "game"})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("params", [{"preset": "dc-club-1862"}, {"preset": "british-benny", "mode": "game", "game_target": 3},
                                    {"preset": "call-ace-5"}, {"preset": "railroad"}])
def test_games_sim_test_checks(params: dict[str, Any]) -> None:
    """What open_spiel/python/tests/games_sim_test.py checks of every registered game:
    pickling of the game, its type and its states, OpenSpiel's serialization, clones that
    stay equal, no legal actions at the end, returns within the utilities."""
    game = pyspiel.load_game(og.GAME_NAME, params)
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    assert pickle.loads(pickle.dumps(game.get_type())) == game.get_type()
    assert game.min_utility() < game.max_utility()
    rng = random.Random(7)
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if moves & (moves - 1) == 0:  # powers of two, as games_sim_test does
            new_game, new_state = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
            assert str(new_game) == str(game) and str(new_state) == str(state)
            assert str(pickle.loads(pickle.dumps(state))) == str(state)
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            assert sum(probs) == pytest.approx(1.0)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            action = rng.choice(state.legal_actions())
            clone = state.clone()
            assert str(clone) == str(state) and clone.history() == state.history()
            state.apply_action(action)
            clone.apply_action(action)
            assert str(clone) == str(state) and clone.history() == state.history()
        moves += 1
    players = range(game.num_players())
    assert state.legal_actions() == [] and all(state.legal_actions(p) == [] for p in players)
    assert all(game.min_utility() <= r <= game.max_utility() for r in state.returns())
    assert [state.player_return(p) for p in players] == state.returns()


def test_resample_from_infostate_keeps_every_information_state() -> None:
    """ResampleInfostateTest (open_spiel/tests/basic_tests.cc), which pyspiel does not
    expose: at every decision, for every player, the resampled state has the same
    information state string and tensor and the same player to act."""
    sampler = random.Random(11).random
    resampled = moved = 0
    for name, mode in (("dc-club-1862", "hand"), ("british-benny", "hand"), ("casual-web-003", "game"),
                       ("cutthroat-3", "hand"), ("call-ace-5", "hand"), ("railroad", "hand"), ("two-handed", "hand")):
        params = {"preset": name, "mode": mode} if mode == "hand" else {"preset": name, "mode": mode, "game_target": 2}
        game = pyspiel.load_game(og.GAME_NAME, params)
        rng = random.Random(3)
        state = game.new_initial_state()
        while not state.is_terminal():
            if not state.is_chance_node():
                for p in range(game.num_players()):
                    other = state.resample_from_infostate(p, sampler)
                    assert other.information_state_string(p) == state.information_state_string(p)
                    assert other.information_state_tensor(p) == state.information_state_tensor(p)
                    assert other.current_player() == state.current_player()
                    resampled += 1
                    moved += str(other) != str(state)
            random_play(state, rng, steps=1)
    assert resampled > 200 and moved > resampled // 2  # the hidden cards really moved


def void_violations(hand: HandState, seat: int, world_hands: list[int]) -> int:
    """Cards in ``world_hands`` (a mask per seat) of a suit their holder has shown void in,
    as ``seat`` sees the hand."""
    view = view_of(hand, seat)
    if view.trump < 0:
        return 0
    eff = EFFECTIVE_SUIT[view.trump]
    return sum(1 for s, void in enumerate(view.voids()) for c in cards_of(world_hands[s]) if eff[c] in void)


def resample_voids(resample: Callable[[Any, int], list[int]], games: int) -> tuple[int, int]:
    """Play random deals of dc-club-1862; after each trick with a void shown, resample for
    every player and count the cards put against a shown void. Returns (violations, voids
    shown)."""
    game = pyspiel.load_game(og.GAME_NAME, {"preset": "dc-club-1862"})
    violations = shown = 0
    for g in range(games):
        rng = random.Random(g)
        state = game.new_initial_state()
        while not state.is_terminal():
            hand = state.progress.hand
            if hand is not None and not state.is_chance_node():
                for p in range(4):
                    voids = view_of(hand, p).voids()
                    if any(voids):
                        shown += 1
                        violations += void_violations(hand, p, resample(state, p))
            random_play(state, rng, steps=1)
    return violations, shown


def test_resampling_respects_every_shown_void() -> None:
    sampler = random.Random(5).random

    def ours(state: Any, player: int) -> list[int]:
        return list(state.resample_from_infostate(player, sampler).progress.hand.hands)

    violations, shown = resample_voids(ours, games=12)
    assert shown > 50 and violations == 0


def test_positive_control_a_resampler_that_ignores_voids_is_caught() -> None:
    """The check above can fail: dealing the unseen cards anyhow among the other seats
    (their counts kept) puts cards against shown voids."""
    rng = random.Random(5)

    def naive(state: Any, player: int) -> list[int]:
        hand = state.progress.hand
        hands = list(hand.hands)
        others = [s for s in range(4) if s != player]
        pool = [c for s in others for c in cards_of(hands[s])]
        rng.shuffle(pool)
        for s in others:
            n = hands[s].bit_count()
            hands[s] = sum(1 << c for c in pool[:n])
            pool = pool[n:]
        return hands

    violations, _ = resample_voids(naive, games=12)
    assert violations > 0


def test_an_algorithm_that_resamples_repeats_from_its_seed() -> None:
    state = pyspiel.load_game(og.GAME_NAME, {"preset": "hoyle-1857"}).new_initial_state()
    random_play(state, random.Random(2), steps=40)
    a = state.resample_from_infostate(1, random.Random(9).random)
    b = state.resample_from_infostate(1, random.Random(9).random)
    assert str(a) == str(b) and a.history() == b.history()
    with pytest.raises(EuchreValueError, match=r"player_id must be 0\.\.3"):
        state.resample_from_infostate(4, random.Random(9).random)


# ---------------------------------------------------------------------------- the deal
def test_chance_deals_the_dealer_then_each_card_of_the_deck() -> None:
    for name, size in (("dc-club-1862", 32), ("modern-standard", 24), ("british-benny", 25)):
        state = pyspiel.load_game(og.GAME_NAME, {"preset": name}).new_initial_state()
        assert state.chance_outcomes() == [(s, 0.25) for s in range(4)]
        state.apply_action(E)
        outcomes = state.chance_outcomes()
        assert [a for a, _ in outcomes] == sorted(deck_cards(preset(name).deck, preset(name).joker))
        assert len(outcomes) == size and all(p == pytest.approx(1 / size) for _, p in outcomes)
        state.apply_action(outcomes[0][0])
        assert len(state.chance_outcomes()) == size - 1


def test_card_k_goes_to_the_kth_seat_from_the_dealer() -> None:
    state = pyspiel.load_game(og.GAME_NAME, {"preset": "dc-club-1862"}).new_initial_state()
    for a in LONE_MARCH:
        state.apply_action(a)
    hand = state.progress.hand
    assert hand.dealer == W and hand.upcard == parse_card("7H")
    assert sorted(hand.hand_of(N)) == sorted(cards("JH JD AH KH QH"))
    assert sorted(hand.hand_of(W)) == sorted(cards("9D TD QD KD AD"))
    assert state.current_player() == N  # the eldest bids first
    assert state.legal_actions() == [0, 1, 2]  # pass, order up, order up alone


def test_a_joker_turned_up_is_set_aside_and_the_next_card_turned() -> None:
    """joker_turned_up = turn_next_card (S003 L12): a 21st chance node turns the next card."""
    params = {"preset": "casual-web-003", "joker": 1}
    state = pyspiel.load_game(og.GAME_NAME, params).new_initial_state()
    rest = [c for c in deck_cards(32, True) if c != JOKER]
    hands = {s: rest[5 * s:5 * s + 5] for s in range(4)}
    for a in deal_actions(N, hands, [JOKER]):
        state.apply_action(a)
    assert state.is_chance_node() and JOKER not in [a for a, _ in state.chance_outcomes()]
    state.apply_action(rest[20])
    hand = state.progress.hand
    assert hand.joker_aside and hand.upcard == rest[20] and not state.is_chance_node()


# ---------------------------------------------------------------------------- returns
def test_one_deal_returns_the_points_of_a_lone_march() -> None:
    state = pyspiel.load_game(og.GAME_NAME, {"preset": "dc-club-1862"}).new_initial_state()
    play_lone_march(state)
    assert state.is_terminal()
    assert state.returns() == [4.0, -4.0, 4.0, -4.0]  # S000 L175: a lone march counts 4


def test_a_game_returns_one_to_the_winners_and_two_for_a_slam() -> None:
    game = pyspiel.load_game(og.GAME_NAME, {"preset": "dc-club-1862", "mode": "game", "game_target": 4})
    state = game.new_initial_state()
    play_lone_march(state)  # 4 points reach the target of 4
    assert state.is_terminal() and state.returns() == [1.0, -1.0, 1.0, -1.0]
    slams = pyspiel.load_game(og.GAME_NAME, {"preset": "dc-club-1862", "mode": "game", "game_target": 4, "slams": 1})
    state = slams.new_initial_state()
    play_lone_march(state)  # E-W on 0: a slam counts two games (X-15a)
    assert state.returns() == [2.0, -2.0, 2.0, -2.0]
    assert (slams.min_utility(), slams.max_utility()) == (-2.0, 2.0)


def test_a_game_goes_on_to_the_next_deal_by_the_next_dealer() -> None:
    state = pyspiel.load_game(og.GAME_NAME, {"preset": "dc-club-1862", "mode": "game"}).new_initial_state()
    play_lone_march(state)  # 4 of 5 points: the game goes on
    assert not state.is_terminal() and state.is_chance_node()
    assert state.progress.score == [4, 0] and state.progress.dealer == N  # the deal passes left from West
    assert state.returns() == [0.0] * 4


def test_a_game_with_no_winner_after_max_hands_is_drawn() -> None:
    state = pyspiel.load_game(og.GAME_NAME, {"preset": "dc-club-1862", "mode": "game", "max_hands": 1}).new_initial_state()
    play_lone_march(state)
    assert state.is_terminal() and state.returns() == [0.0] * 4


def game_course(progress_cls: type[og.Progress], name: str, seed: int) -> tuple[list[Any], list[Any]]:
    """A random game played in our OpenSpiel game and in the core's Game on the same deals
    and actions (passing 90% of the time when it may, so that many hands are thrown in):
    (dealer, score after) per hand in each, and the winner's returns."""
    game = pyspiel.load_game(og.GAME_NAME, {"preset": name, "mode": "game"})
    state = game.new_initial_state()
    state.progress.__class__ = progress_cls
    rng = random.Random(seed)
    ours: list[Any] = []
    deals: list[HandState] = []
    codes: list[list[int]] = []
    while not state.is_terminal():
        before = len(state.progress.finished)
        if not state.is_chance_node() and 0 in state.legal_actions() and rng.random() < 0.9:
            state.apply_action(0)  # pass often, so that hands are thrown in
        else:
            random_play(state, rng, steps=1)
        p = state.progress
        if len(p.finished) > before:
            h = p.finished[-1]
            ours.append((h.dealer, tuple(p.score)))
            deals.append(h.as_dealt())
            codes.append([c for _, c in h.history])
    ours.append(("winner", state.returns()))
    core = Game(preset(name), setup=Setup((0, 1, 2, 3), deals[0].dealer),
                deal_provider=lambda i, dealer: HandState.from_deal(
                    preset(name), dealer, [list(cards_of(m)) for m in deals[i].deal_hands], list(deals[i].stock)))
    theirs: list[Any] = []
    for i, hand_codes in enumerate(codes):
        dealer = core.hand.dealer
        try:
            for c in hand_codes:
                core.apply(c)
        except IllegalActionError:  # the core deals this hand from another seat
            theirs.append(("refused", i))
            break
        theirs.append((dealer, tuple(core.score)))
        if core.is_over:
            break
        assert i + 1 < len(codes)
    winner = core.result.winner if core.result else -1
    theirs.append(("winner", [1.0 if preset(name).table.team[s] == winner else -1.0 for s in range(4)]))
    return ours, theirs


@pytest.mark.parametrize("name", ["casual-web-003", "dc-club-1862", "modern-tournament"])
def test_a_game_follows_the_core_games_course(name: str) -> None:
    """Dealers (passing left, or the same dealer again after a pass-out under
    same_dealer_redeals), scores and the winner agree with euchre.core.game.Game."""
    thrown_in = 0
    for seed in range(3):
        ours, theirs = game_course(og.Progress, name, seed)
        assert ours == theirs
        thrown_in += sum(1 for (_, a), (_, b) in itertools.pairwise(ours) if a == b)
    assert thrown_in > 2 or name == "modern-tournament"  # stick the dealer: no hand is thrown in


class AlwaysPassLeft(og.Progress):
    """Positive control: the deal always passes left, even after a pass-out that the same
    dealer deals again (casual-web-003, S003 L19)."""

    def _end_hand(self) -> None:
        hand = self.hand
        assert hand is not None and hand.result is not None
        passed = hand.result.passed_out
        super()._end_hand()
        if passed and not self.over and self.rules.all_pass_round2 == "same_dealer_redeals":
            self.dealer = self.rules.table.left[self.dealer]


def test_positive_control_the_course_comparison_catches_a_wrong_rotation() -> None:
    differ = 0
    for seed in range(3):
        ours, theirs = game_course(AlwaysPassLeft, "casual-web-003", seed)
        differ += ours != theirs
    assert differ > 0


# ---------------------------------------------------------------------------- against OpenSpiel's euchre
def test_the_openspiel_preset_plays_as_openspiels_own_euchre() -> None:
    """The same chance outcomes (mapped by euchre.interop.openspiel) and the same random
    actions in python_euchre(preset=openspiel) and OpenSpiel's C++ euchre: the same player
    to act, the same legal actions, the same returns."""
    ours_game = pyspiel.load_game(og.GAME_NAME, {"preset": "openspiel"})
    theirs_game = pyspiel.load_game("euchre")
    rng = random.Random(1)
    for deal in range(150):
        ours, theirs = ours_game.new_initial_state(), theirs_game.new_initial_state()
        while ours.is_chance_node():
            a = rng.choice([x for x, _ in ours.chance_outcomes()])
            theirs.apply_action(a if ours.progress.dealer == -1 else osp.card_to_openspiel(a))
            ours.apply_action(a)
        assert not theirs.is_chance_node()
        while not ours.is_terminal():
            hand = ours.progress.hand
            assert ours.current_player() == theirs.current_player(), deal
            assert sorted(osp.action_to_openspiel(hand, a) for a in ours.legal_actions()) == theirs.legal_actions(), deal
            a = rng.choice(ours.legal_actions())
            theirs.apply_action(osp.action_to_openspiel(hand, a))
            ours.apply_action(a)
        assert theirs.is_terminal() and ours.returns() == theirs.returns(), deal


# ---------------------------------------------------------------------------- parameters
def test_parameters_select_the_preset_and_options() -> None:
    game = pyspiel.load_game("python_euchre(preset=dc-club-1862,defend_alone=1,game_target=7,deal_packets=3_2)")
    assert game.rules == preset("dc-club-1862").replace(defend_alone=True, game_target=7, deal_packets="3-2")
    assert str(game) == "python_euchre(deal_packets=3_2,defend_alone=1,game_target=7,preset=dc-club-1862)"
    assert pyspiel.load_game(str(game)).rules == game.rules
    assert og.load_game(game.rules).rules == game.rules
    assert og.parameters_of(preset("hoyle-1857").replace(slams=True)) == {"preset": "hoyle-1857", "slams": 1}
    assert og.load_game("openspiel", mode="game").mode == "game"


def test_bad_parameters_get_clear_errors() -> None:
    with pytest.raises(RulesError, match="not playable"):
        pyspiel.load_game(og.GAME_NAME, {"preset": "no-such-preset"})
    with pytest.raises(RulesError, match="renege_mode = penalize_on_claim cannot be encoded"):
        pyspiel.load_game(og.GAME_NAME, {"renege_mode": "penalize_on_claim"})
    with pytest.raises(RulesError, match=r"defend_alone is 0 \(false\), 1 \(true\) or -1"):
        pyspiel.load_game(og.GAME_NAME, {"defend_alone": 2})
    with pytest.raises(RulesError, match="deck = 36 is not allowed"):
        pyspiel.load_game(og.GAME_NAME, {"deck": 36})
    with pytest.raises(EuchreValueError, match="mode is one of hand, game"):
        pyspiel.load_game(og.GAME_NAME, {"mode": "rubber"})
    with pytest.raises(EuchreValueError, match="max_hands must be at least 1"):
        pyspiel.load_game(og.GAME_NAME, {"max_hands": 0})
    with pytest.raises(pyspiel.SpielError, match="Wrong type for parameter defend_alone"):
        pyspiel.load_game("python_euchre(defend_alone=true)")  # OpenSpiel's own check of the type
    with pytest.raises(EuchreTypeError, match="parameter game_target takes a int"):
        og.EuchreGame({"game_target": "7"})
    with pytest.raises(RulesError, match="unknown parameter"):
        og.EuchreGame({"target": 7})
    state = pyspiel.load_game(og.GAME_NAME).new_initial_state()
    with pytest.raises(IllegalActionError, match="chance outcome 9 is not one"):
        state.progress.apply(9)
