"""The PettingZoo environment (euchre.interop.pettingzoo): PettingZoo's own API and seed
tests under every playable preset, rewards per hand and per game on a deal worked by hand,
the classic illegal-move convention, the observation layout, and observations that no
exchange of hidden cards consistent with the view can change (with a positive control)."""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from euchre.core.actions import Action
from euchre.core.cards import cards_of, parse_card
from euchre.core.errors import ActionTypeError, EuchreTypeError, EuchreValueError, IllegalActionError, RulesError
from euchre.core.game import Game, Setup
from euchre.core.hand import HandState, Phase
from euchre.core.presets import FOUR_HAND_PRESETS, preset
from euchre.core.sampling import sample_world
from euchre.core.views import view_of
from euchre.interop import features
from euchre.interop import pettingzoo as ep

MODES = [{"reward": "hand"}, {"reward": "game"}, {"episode": "hand"}]
N, E, S, W = 0, 1, 2, 3

ENV_PRESETS = [name for name in FOUR_HAND_PRESETS if preset(name).call_for_best == "none"]
"""The playable presets these vectors describe (a card given for best is refused:
features.check_rules)."""


def cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


# A deal worked by hand (modern-standard, 24 cards, West deals, North is eldest): North
# holds the five best hearts (JH the right bower, JD the left, AH, KH, QH), 9H is turned.
# North orders it up alone and leads his trumps: nobody can take a trick, a lone march,
# 4 points (S001 L21).
LONE_MARCH_HANDS = [cards("JH JD AH KH QH"), cards("9C TC JC QC KC"), cards("AC 9D TD QD KD"), cards("AD 9S TS JS QS")]
LONE_MARCH_STOCK = cards("9H KS AS TH")


def lone_march_game(initial_score: tuple[int, int] = (0, 0), max_hands: int = 100) -> Game:
    rules = preset("modern-standard")

    def deal(index: int, dealer: int) -> HandState:
        if index == 0:
            return HandState.from_deal(rules, dealer, LONE_MARCH_HANDS, LONE_MARCH_STOCK)
        return HandState.deal(rules, dealer, random.Random(index))

    return Game(rules, setup=Setup((0, 1, 2, 3), W), deal_provider=deal, initial_score=initial_score,
                max_hands=max_hands)


def play_lone_march(environment: ep.raw_env) -> None:
    """North orders up alone and plays his trumps high to low; the others take their first
    legal action (West, the dealer, discards first). Stops when the hand is over."""
    game = environment.game
    assert environment.agent_selection == "player_0"
    environment.step(int(Action.ORDER_UP_ALONE))
    leads = iter(cards("JH JD AH KH QH"))
    while not game.finished_hands:
        agent = environment.agent_selection
        if agent == "player_0" and game.hand.phase == Phase.PLAY:
            environment.step(int(Action.play(next(leads))))
        else:
            environment.step(int(np.flatnonzero(environment.observe(agent)["action_mask"])[0]))
    assert game.finished_hands[0].result is not None and game.finished_hands[0].result.label == "lone march"


# ---------------------------------------------------------------------------- PettingZoo's checks
@pytest.mark.parametrize("name", ENV_PRESETS)
@pytest.mark.parametrize("mode", MODES, ids=["reward-hand", "reward-game", "one-hand"])
def test_pettingzoo_api_test_passes(name: str, mode: dict[str, str]) -> None:
    with warnings.catch_warnings():
        # PettingZoo warns about dict observations for environments not on its own list
        # of classic names; its classic card games get the same warning.
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        api_test(ep.env(name, **mode), num_cycles=300)


@pytest.mark.parametrize("name", ENV_PRESETS)
def test_pettingzoo_seed_test_passes(name: str) -> None:
    seed_test(lambda: ep.env(name), num_cycles=300)


class UnseededEnv(ep.raw_env):
    """Positive control for the seed test: reset ignores the seed."""

    def reset(self, seed: int | None = None, options: dict[str, object] | None = None) -> None:
        super().reset(seed=None, options=options)


def test_positive_control_the_seed_test_catches_an_unseeded_reset() -> None:
    with pytest.raises(AssertionError):
        seed_test(lambda: UnseededEnv("modern-standard"), num_cycles=300)


def test_the_same_seed_gives_the_same_game_and_another_seed_another() -> None:
    def deals(seed: int) -> list[tuple[int, ...]]:
        environment = ep.raw_env("dc-club-1862", episode="game")
        environment.reset(seed=seed)
        rng = random.Random(0)
        while not all(environment.terminations.values()) and not all(environment.truncations.values()):
            mask = environment.observe(environment.agent_selection)["action_mask"]
            environment.step(int(rng.choice(np.flatnonzero(mask))))
        return [h.deal_hands for h in environment.game.finished_hands]

    assert deals(5) == deals(5)
    assert deals(5) != deals(6)


# ---------------------------------------------------------------------------- rewards
def test_rewards_per_hand_give_each_side_its_points_difference() -> None:
    environment = ep.raw_env("modern-standard", reward="hand")
    environment.reset(options={"game": lone_march_game()})
    play_lone_march(environment)
    # The lone march scores 4 for N-S (S001 L21): +4 to North and South, -4 to East and West.
    assert environment.rewards == {"player_0": 4.0, "player_1": -4.0, "player_2": 4.0, "player_3": -4.0}
    assert environment.game.score == [4, 0]
    assert not any(environment.terminations.values())  # the game goes on to 10


def test_rewards_per_game_come_only_with_the_result() -> None:
    environment = ep.raw_env("modern-standard", reward="game")
    environment.reset(options={"game": lone_march_game(initial_score=(7, 0))})
    play_lone_march(environment)
    # 7 + 4 = 11 reaches the target of 10: N-S win the game, +1 each, E-W -1.
    assert environment.game.result is not None and environment.game.result.winner == 0
    assert environment.rewards == {"player_0": 1.0, "player_1": -1.0, "player_2": 1.0, "player_3": -1.0}
    assert all(environment.terminations.values())


def test_rewards_per_game_are_zero_after_a_hand_that_does_not_end_it() -> None:
    environment = ep.raw_env("modern-standard", reward="game")
    environment.reset(options={"game": lone_march_game()})
    play_lone_march(environment)
    assert environment.game.score == [4, 0]
    assert environment.rewards == dict.fromkeys(ep.AGENTS, 0.0)
    assert not any(environment.terminations.values())


def test_an_episode_of_one_hand_ends_after_it() -> None:
    environment = ep.raw_env("modern-standard", episode="hand")
    environment.reset(options={"game": lone_march_game()})
    play_lone_march(environment)
    assert all(environment.terminations.values()) and not any(environment.truncations.values())
    assert environment.rewards["player_0"] == 4.0
    # The last observation shows the finished hand: five tricks to N-S.
    obs = environment.observe("player_0")["observation"]
    assert obs[features.OBSERVATION_LAYOUT["tricks_won"]].tolist() == [1.0, 0.0]
    assert obs[features.OBSERVATION_LAYOUT["phase"]].tolist() == [float(p == Phase.DONE) for p in Phase if p <= Phase.DONE]


def test_a_game_that_reaches_max_hands_is_truncated() -> None:
    environment = ep.raw_env("modern-standard")
    environment.reset(options={"game": lone_march_game(max_hands=1)})
    play_lone_march(environment)
    assert all(environment.truncations.values()) and not any(environment.terminations.values())
    assert environment.rewards["player_1"] == -4.0


# ---------------------------------------------------------------------------- illegal moves
def test_an_illegal_move_ends_the_episode_with_minus_one_for_its_agent(caplog: pytest.LogCaptureFixture) -> None:
    environment = ep.env("modern-standard")
    environment.reset(options={"game": lone_march_game()})
    assert environment.agent_selection == "player_0"
    environment.step(int(Action.play(parse_card("JH"))))  # a card in the bidding
    assert "Illegal move made" in caplog.text
    assert all(environment.terminations.values())
    assert environment.rewards == {"player_0": -1.0, "player_1": 0.0, "player_2": 0.0, "player_3": 0.0}


def test_the_raw_environment_refuses_an_illegal_move_and_changes_nothing() -> None:
    environment = ep.raw_env("modern-standard")
    environment.reset(options={"game": lone_march_game()})
    before = environment.observe("player_0")
    with pytest.raises(IllegalActionError, match="legal: pass, order, order-alone"):
        environment.step(int(Action.NAME_H))
    after = environment.observe("player_0")
    assert np.array_equal(before["observation"], after["observation"])
    assert environment.agent_selection == "player_0"


@pytest.mark.parametrize("action", ["pass", 1.0, True, None])
def test_the_raw_environment_refuses_what_is_no_action(action: object) -> None:
    environment = ep.raw_env("modern-standard")
    environment.reset(seed=1)
    with pytest.raises(ActionTypeError):
        environment.step(action)  # type: ignore[arg-type]


def test_bad_arguments_get_clear_errors() -> None:
    with pytest.raises(RulesError, match="not playable"):
        ep.env("no-such-preset")
    with pytest.raises(RulesError, match="call_for_best = lone_maker_and_lone_defender cannot be played here"):
        ep.env("railroad")
    with pytest.raises(RulesError, match="call_for_best = lone_maker cannot"):
        ep.env("modern-standard", options={"call_for_best": "lone_maker"})
    with pytest.raises(RulesError, match="unknown option"):
        ep.env("modern-standard", options={"no_such_option": 1})
    with pytest.raises(EuchreValueError, match="reward must be one of hand, game"):
        ep.env("modern-standard", reward="trick")
    with pytest.raises(EuchreValueError, match="one hand has no game result"):
        ep.env("modern-standard", reward="game", episode="hand")
    with pytest.raises(EuchreValueError, match="at least 1"):
        ep.env("modern-standard", max_hands=0)
    with pytest.raises(EuchreTypeError, match="seed must be a whole number"):
        ep.raw_env().reset(seed="7")  # type: ignore[arg-type]
    with pytest.raises(EuchreValueError, match="before reset"):
        ep.raw_env().observe("player_0")


def test_options_change_the_preset() -> None:
    environment = ep.raw_env("dc-club-1862", options={"game_target": 7, "defend_alone": True})
    assert environment.rules.game_target == 7 and environment.rules.defend_alone
    assert environment.rules.deck == 32


# ---------------------------------------------------------------------------- the layout
def test_the_observation_at_the_first_bid_worked_by_hand() -> None:
    environment = ep.raw_env("modern-standard")
    environment.reset(options={"game": lone_march_game()})
    obs = environment.observe("player_0")
    vec, mask = obs["observation"], obs["action_mask"]
    lay = features.OBSERVATION_LAYOUT
    assert vec.shape == (787,) and vec.dtype == np.float32 and mask.shape == (93,) and mask.dtype == np.int8
    assert vec[lay["seat"]].tolist() == [1, 0, 0, 0]
    assert vec[lay["dealer"]].tolist() == [0, 0, 0, 1]
    assert vec[lay["turn"]].tolist() == [1, 0, 0, 0]
    assert np.flatnonzero(vec[lay["phase"]]).tolist() == [int(Phase.BID_ROUND_1)]
    assert sorted(np.flatnonzero(vec[lay["hand"]]).tolist()) == sorted(cards("JH JD AH KH QH"))
    assert np.flatnonzero(vec[lay["upcard"]]).tolist() == cards("9H")
    assert vec[lay["active"]].tolist() == [1, 1, 1, 1]
    assert vec[lay["hand_sizes"]].tolist() == pytest.approx([5 / 6] * 4)
    for name in ("discard", "trump", "maker", "alone", "calls", "played", "trick", "tricks_won", "score"):
        assert not vec[lay[name]].any(), name
    # North may pass, order up or order up alone (with_call timing, S001 L15); East may nothing.
    assert np.flatnonzero(mask).tolist() == [0, 1, 2]
    assert not environment.observe("player_1")["action_mask"].any()


def test_the_observation_after_the_calls_and_a_lead_worked_by_hand() -> None:
    environment = ep.raw_env("modern-standard")
    environment.reset(options={"game": lone_march_game(initial_score=(3, 5))})
    environment.step(int(Action.ORDER_UP_ALONE))  # North orders up alone
    west_discard = parse_card("9S")
    environment.step(int(Action.discard(west_discard)))  # West takes up 9H and discards 9S
    environment.step(int(Action.play(parse_card("JH"))))  # North leads the right bower
    lay = features.OBSERVATION_LAYOUT
    east = environment.observe("player_1")["observation"]
    west = environment.observe("player_3")["observation"]
    rows = east[lay["calls"]].reshape(features.MAX_CALLS, features.CALL_WIDTH)
    # Row 0: North (seat 0) called order-alone (code 2); row 1: West (3) discarded (slot 4 + 18).
    assert np.flatnonzero(rows[0]).tolist() == [0, 4 + 2]
    assert np.flatnonzero(rows[1]).tolist() == [3, 4 + 18]
    assert not rows[2:].any()
    assert np.flatnonzero(east[lay["trump"]]).tolist() == [2]  # hearts
    assert east[lay["maker"]].tolist() == [1, 0, 0, 0] and east[lay["alone"]].tolist() == [1, 0, 0, 0]
    assert east[lay["active"]].tolist() == [1, 1, 0, 1]  # South sits out
    assert east[lay["upcard_taken"]].tolist() == [1]
    assert east[lay["trick_leader"]].tolist() == [1, 0, 0, 0]
    assert np.flatnonzero(east[lay["trick"]]).tolist() == [0 * 33 + parse_card("JH")]
    assert np.flatnonzero(east[lay["played"]]).tolist() == [0 * 33 + parse_card("JH")]
    assert east[lay["score"]].tolist() == pytest.approx([0.3, 0.5])
    assert np.flatnonzero(east[lay["turn"]]).tolist() == [1]
    # Only West, the dealer, sees his discard; East sees that he discarded, not what.
    assert not east[lay["discard"]].any()
    assert np.flatnonzero(west[lay["discard"]]).tolist() == [west_discard]
    assert parse_card("9H") in np.flatnonzero(west[lay["hand"]]).tolist()


# ---------------------------------------------------------------------------- no hidden card leaks
Observe = Callable[[HandState, int, tuple[int, int]], dict[str, np.ndarray]]


def leaks(observe: Observe, presets: tuple[str, ...], games: int) -> tuple[int, int]:
    """Play random games; at every decision, for every seat, exchange the hidden cards
    consistently with the seat's view (sample_world) and compare the observations of the
    real hand and the exchanged one. Returns (states whose observation changed, exchanges
    that moved at least one hidden card)."""
    changed = moved = 0
    for name in presets:
        for g in range(games):
            game = Game(preset(name), seed=g)
            rng = random.Random(g)
            while not game.is_over:
                hand = game.hand
                score = (game.score[0], game.score[1])
                for seat in range(4):
                    world = sample_world(view_of(hand, seat, score), rng)
                    if world.hands != hand.hands or world.deal_hands != hand.deal_hands:
                        moved += 1
                    a, b = observe(hand, seat, score), observe(world, seat, score)
                    if any(not np.array_equal(a[k], b[k]) for k in a):
                        changed += 1
                game.apply(rng.choice(game.legal_actions()))
    return changed, moved


def test_no_observation_element_changes_when_hidden_cards_are_exchanged() -> None:
    changed, moved = leaks(ep.observation_of, ("dc-club-1862", "british-benny", "modern-tournament"), games=2)
    assert moved > 500  # the exchanges really moved hidden cards
    assert changed == 0


def cheating_observation(hand: HandState, seat: int, score: tuple[int, int]) -> dict[str, np.ndarray]:
    """Positive control: the fair observation plus the partner's real cards."""
    obs = ep.observation_of(hand, seat, score)
    partner = np.zeros(33, dtype=np.float32)
    for c in cards_of(hand.hands[hand.table.partner[seat]]):
        partner[c] = 1
    return {"observation": np.concatenate([obs["observation"], partner]), "action_mask": obs["action_mask"]}


def test_positive_control_the_exchange_catches_an_observation_of_the_real_state() -> None:
    changed, _ = leaks(cheating_observation, ("dc-club-1862",), games=1)
    assert changed > 0


def test_the_environment_observes_through_observation_of() -> None:
    environment = ep.raw_env("hoyle-1857")
    environment.reset(seed=3)
    rng = random.Random(3)
    for _ in range(25):
        game = environment.game
        for seat, agent in enumerate(ep.AGENTS):
            got, want = environment.observe(agent), ep.observation_of(game.hand, seat, (game.score[0], game.score[1]))
            assert all(np.array_equal(got[k], want[k]) for k in want)
        mask = environment.observe(environment.agent_selection)["action_mask"]
        environment.step(int(rng.choice(np.flatnonzero(mask))))


def test_render_shows_the_table_as_text() -> None:
    environment = ep.raw_env("modern-standard", render_mode="ansi")
    environment.reset(options={"game": lone_march_game()})
    text = environment.render()
    assert text is not None and "N:JD,JH,QH,KH,AH" in text and "score N-S 0 E-W 0" in text
    assert ep.raw_env("modern-standard").render() is None


@pytest.mark.parametrize("name", ["two-handed", "cutthroat-3"])
def test_a_table_of_players_each_for_himself_is_refused_naming_it(name: str) -> None:
    """The observation layout describes the four-hand partnership table (four seats, two
    sides): the two- and three-player tables are refused with a RulesError that says so,
    by preset and by rules, not failed in the middle of an episode."""
    with pytest.raises(RulesError, match=r"four-hand partnership table only.*each for himself"):
        ep.env(name)
    with pytest.raises(RulesError, match="four-hand partnership table only"):
        ep.raw_env(rules=preset(name))
