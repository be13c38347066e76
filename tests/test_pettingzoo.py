"""The PettingZoo environment (euchre.interop.pettingzoo): PettingZoo's own API and seed
tests under every playable preset (read from the core, so a new preset is covered), one
agent per seat, rewards per hand and per game on a deal worked by hand and per seat at the
tables where each plays for himself, the classic illegal-move convention, the observation
layout (relative to the agent), and observations that no exchange of hidden cards
consistent with the view can change under any preset (with a positive control)."""

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
from euchre.core.presets import PLAYABLE_PRESETS, preset
from euchre.core.sampling import sample_world
from euchre.core.views import view_of
from euchre.interop import features
from euchre.interop import pettingzoo as ep
from euchre.interop.rewards import seat_rewards

MODES = [{"reward": "hand"}, {"reward": "game"}, {"episode": "hand"}]
N, E, S, W = 0, 1, 2, 3

ENV_PRESETS = list(PLAYABLE_PRESETS)
"""Every playable preset: the environment takes them all."""


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
    assert environment.game.score == (4, 0)
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
    assert environment.game.score == (4, 0)
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
    lay = features.layout(environment.rules)
    assert obs[lay.section("tricks_won")].tolist() == [1.0, 0.0]  # North's own side: 5 of 5 tricks
    assert obs[lay.section("phase")].tolist() == [float(p == Phase.DONE) for p in Phase]


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
    with pytest.raises(RulesError, match="renege_mode = penalize_on_claim cannot be encoded"):
        ep.env("modern-standard", options={"renege_mode": "penalize_on_claim"})
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
    lay = features.layout(environment.rules)
    assert vec.shape == (1064,) and vec.dtype == np.float32 and mask.shape == (93,) and mask.dtype == np.int8
    # Seats relative to North: North 0, East 1, South 2, West 3 (turn order)
    assert vec[lay.section("dealer")].tolist() == [0, 0, 0, 1]  # West deals
    assert vec[lay.section("turn")].tolist() == [1, 0, 0, 0]  # North, the eldest hand, bids
    assert np.flatnonzero(vec[lay.section("phase")]).tolist() == [int(Phase.BID_ROUND_1)]
    assert sorted(np.flatnonzero(vec[lay.section("hand")]).tolist()) == sorted(cards("JH JD AH KH QH"))
    assert np.flatnonzero(vec[lay.section("upcard")]).tolist() == cards("9H")
    assert np.flatnonzero(vec[lay.section("trump")]).tolist() == [5]  # not fixed yet
    assert vec[lay.section("active")].tolist() == [1, 1, 1, 1]
    assert vec[lay.section("hand_sizes")].tolist() == pytest.approx([5 / 6] * 4)  # five cards of at most six
    assert vec[lay.section("target")].tolist() == pytest.approx([10 / 127])
    for name in ("discard", "given", "called", "maker", "alone", "partner", "calls", "played", "trick", "void",
                 "tricks_won", "score"):
        assert not vec[lay.section(name)].any(), name
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
    lay = features.layout(environment.rules)
    east = environment.observe("player_1")["observation"]
    west = environment.observe("player_3")["observation"]
    # Seats relative to East: East 0, South 1, West 2, North 3; sides: E-W 0, N-S 1
    width = 4 + len(features.CALL_KINDS)
    rows = east[lay.section("calls")].reshape(lay.calls, width)
    # Row 0: North (relative 3) called order-alone (kind 2); row 1: West (relative 2)
    # discarded (kind 20, "discard"), which card East does not see.
    assert features.CALL_KINDS[2] == "order-alone" and features.CALL_KINDS[20] == "discard"
    assert np.flatnonzero(rows[0]).tolist() == [3, 4 + 2]
    assert np.flatnonzero(rows[1]).tolist() == [2, 4 + 20]
    assert not rows[2:].any()
    assert np.flatnonzero(east[lay.section("trump")]).tolist() == [2]  # hearts
    assert east[lay.section("maker")].tolist() == [0, 0, 0, 1] and east[lay.section("alone")].tolist() == [0, 0, 0, 1]
    assert east[lay.section("active")].tolist() == [1, 0, 1, 1]  # South, North's partner, sits out
    assert east[lay.section("upcard_to_dealer")].tolist() == [1]
    assert east[lay.section("trick_leader")].tolist() == [0, 0, 0, 1]
    assert np.flatnonzero(east[lay.section("trick")]).tolist() == [3 * 33 + parse_card("JH")]
    assert not east[lay.section("played")].any()  # no trick finished yet
    assert east[lay.section("score")].tolist() == pytest.approx([0.5, 0.3])  # E-W 5, N-S 3 of 10
    assert np.flatnonzero(east[lay.section("turn")]).tolist() == [0]
    assert east[lay.section("hand_sizes")].tolist() == pytest.approx([5 / 6, 5 / 6, 5 / 6, 4 / 6])
    # Only West, the dealer, sees his discard; East sees that he discarded, not what.
    assert not east[lay.section("discard")].any()
    assert np.flatnonzero(west[lay.section("discard")]).tolist() == [west_discard]
    assert parse_card("9H") in np.flatnonzero(west[lay.section("hand")]).tolist()


# ---------------------------------------------------------------------------- no hidden card leaks
Observe = Callable[[HandState, int, tuple[int, ...]], dict[str, np.ndarray]]


def leaks(observe: Observe, presets: tuple[str, ...], games: int, max_hands: int = 100) -> tuple[int, int]:
    """Play random games; at every decision, for every seat, exchange the hidden cards
    consistently with the seat's view (sample_world) and compare the observations of the
    real hand and the exchanged one. Returns (states whose observation changed, exchanges
    that moved at least one hidden card)."""
    changed = moved = 0
    for name in presets:
        for g in range(games):
            game = Game(preset(name), seed=g, max_hands=max_hands)
            rng = random.Random(g)
            while not game.is_over:
                hand = game.hand
                score = tuple(game.score)
                for seat in range(hand.table.seats):
                    view = view_of(hand, seat, score)
                    world = sample_world(view, rng)
                    assert view_of(world, seat, score) == view  # the same view: the exchange is consistent
                    if world.hands != hand.hands or world.deal_hands != hand.deal_hands:
                        moved += 1
                    a, b = observe(hand, seat, score), observe(world, seat, score)
                    if any(not np.array_equal(a[k], b[k]) for k in a):
                        changed += 1
                game.apply(rng.choice(game.legal_actions()))
    return changed, moved


@pytest.mark.parametrize("name", ENV_PRESETS)
def test_no_observation_element_changes_when_hidden_cards_are_exchanged(name: str) -> None:
    """The same view (sample_world keeps it) gives the same observation, at every table."""
    changed, moved = leaks(ep.observation_of, (name,), games=1, max_hands=3)
    assert moved > 20  # the exchanges really moved hidden cards
    assert changed == 0


def cheating_observation(hand: HandState, seat: int, score: tuple[int, ...]) -> dict[str, np.ndarray]:
    """Positive control: the fair observation plus the real cards of the next seat, whose
    hand the agent may not see."""
    obs = ep.observation_of(hand, seat, score)
    peek = np.zeros(33, dtype=np.float32)
    for c in cards_of(hand.hands[hand.table.left[seat]]):
        peek[c] = 1
    return {"observation": np.concatenate([obs["observation"], peek]), "action_mask": obs["action_mask"]}


@pytest.mark.parametrize("name", ["dc-club-1862", "cutthroat-3", "call-ace-5"])
def test_positive_control_the_exchange_catches_an_observation_of_the_real_state(name: str) -> None:
    changed, _ = leaks(cheating_observation, (name,), games=1, max_hands=3)
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


# ---------------------------------------------------------------------------- every table
@pytest.mark.parametrize("name", ENV_PRESETS)
def test_the_agents_are_the_tables_seats(name: str) -> None:
    rules = preset(name)
    environment = ep.raw_env(name)
    seats = rules.table.seats
    assert environment.possible_agents == [f"player_{s}" for s in range(seats)]
    # a card given face down for best (railroad) is an action code 100..132
    codes = 133 if rules.call_for_best != "none" else 93
    assert environment.action_space("player_0").n == codes
    assert environment.observation_space("player_0")["observation"].shape == (features.layout(rules).size,)
    environment.reset(seed=1)
    assert environment.agent_selection == f"player_{environment.game.turn}"


def test_seat_rewards_worked_by_hand() -> None:
    """A side's value less the mean of the seats of the other sides."""
    four = preset("modern-standard").table
    assert seat_rewards(four, (4, 0)) == [4.0, -4.0, 4.0, -4.0]  # a lone march for N-S
    # cutthroat: the maker euchred, each of the two defenders scores 2: each
    # defender 2 - (0 + 2) / 2 = 1, the maker 0 - (2 + 2) / 2 = -2
    assert seat_rewards(preset("cutthroat-3").table, (0, 2, 2)) == [-2.0, 1.0, 1.0]
    # call-ace at five: the maker (seat 0) and his partner (seat 3) make the point, 1 each:
    # they get 1 - (0 + 0 + 0 + 1) / 4 = 0.75, the others 0 - 2 / 4 = -0.5
    assert seat_rewards(preset("call-ace-5").table, (1, 0, 0, 1, 0)) == [0.75, -0.5, -0.5, 0.75, -0.5]
    with pytest.raises(EuchreValueError, match="one value per side"):
        seat_rewards(four, (1, 2, 3))


@pytest.mark.parametrize("name", ["two-handed", "cutthroat-3", "call-ace-4", "call-ace-6", "railroad"])
def test_each_hands_rewards_are_the_seats_share_of_the_engines_points(name: str) -> None:
    """Random hands: after each, every agent's reward is seat_rewards of the points the
    engine scored per side (at call-ace the hidden partner scores with the maker); the
    rewards add up to 0."""
    environment = ep.raw_env(name, reward="hand")
    environment.reset(seed=4)
    rng = random.Random(4)
    hands = 0
    while hands < 4 and not all(environment.terminations.values()):
        mask = environment.observe(environment.agent_selection)["action_mask"]
        environment.step(int(rng.choice(np.flatnonzero(mask))))
        if len(environment.game.finished_hands) > hands:
            hands += 1
            result = environment.game.finished_hands[-1].result
            assert result is not None
            want = seat_rewards(environment.rules.table, result.points)
            assert [environment.rewards[a] for a in environment.possible_agents] == want
            assert sum(want) == pytest.approx(0.0)
    assert hands == 4
