"""The learned bidding: its features, its training data, the shipped model and the bot
that uses it (:mod:`euchre.bots.learned`, :mod:`euchre.analysis.bidding_data`)."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import random
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from euchre.analysis.bidding_data import deal_rows, make_data
from euchre.bots import learned
from euchre.bots.advice import action_values, how_valued
from euchre.bots.heuristic import HeuristicBot
from euchre.bots.learned import (
    FEATURE_NAMES,
    MODEL_SHA256,
    ROUND_OUTPUTS,
    features,
    model_for,
    parse_model,
    shipped_bytes,
    shipped_model,
)
from euchre.bots.levels import make_bot
from euchre.bots.rollout import RolloutBot
from euchre.bots.rollout_settings import RolloutSettings
from euchre.core import EuchreError, HandState, Phase, preset
from euchre.core.actions import Action
from euchre.core.cards import parse_card
from euchre.core.sampling import sample_world
from euchre.core.views import PlayerView, view_of

ROOT = Path(__file__).resolve().parent.parent
SMALL = ROOT / "tests" / "data" / "learned-bidding-small.json"
SMALL_ARGS = {"preset_name": "modern-standard", "deals": 60, "round2_deals": 100, "seed": 3}


def cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


def _deal(hands: dict[str, str], upcard: str, dealer: int = 0, preset_name: str = "modern-standard",
          target: int | None = None) -> HandState:
    """A hand (modern-standard unless named, its own game target unless given): ``hands``
    by seat letter N E S W (five cards each), the upcard, the rest of the 24 cards in
    the stock in a fixed order."""
    rules = preset(preset_name)
    if target is not None:
        rules = rules.replace(game_target=target)
    by_seat = [cards(hands[s]) for s in "NESW"]
    used = {c for h in by_seat for c in h} | {parse_card(upcard)}
    rest = [c for c in range(32) if (c & 7) >= 2 and c not in used]
    return HandState.from_deal(rules, dealer, by_seat, [parse_card(upcard), *rest])


def _feature(row: np.ndarray, name: str) -> float:
    return float(row[FEATURE_NAMES.index(name)])


def _eldest_view(state: HandState) -> PlayerView:
    assert state.turn == state.table.eldest(state.dealer)
    return view_of(state, state.turn, (0, 0))


LONE = {"N": "9C TC QC KC AC", "E": "JH JD AH KH QH", "S": "9D TD QD KD AD", "W": "9S TS QS KS AS"}
NO_HEART_SOUTH = {"N": "JH JD AH KH QH", "E": "9C TC QC KC AC", "S": "9D TD QD 9S TS", "W": "KD AD QS KS AS"}
"""With the 9H turned: South holds no heart and no jack (the model passes there)."""
"""East, the eldest hand of North's deal, holds the five highest hearts; the upcard is a heart."""


# ---------------------------------------------------------------- features

def test_features_of_a_hand_worked_by_hand() -> None:
    state = _deal({"N": "9C TC QC KC AC", "E": "JH JD AH KS 9D", "S": "TD QD KD AD 9S",
                   "W": "TS QS AS JC JS"}, "QH")
    view = _eldest_view(state)
    row, order = features(view)
    hearts, diamonds = 2, 1
    assert order[:2] == (hearts, diamonds)
    assert _feature(row, "role.eldest") == 1 and sum(row[:4]) == 1
    assert _feature(row, "upcard.Q") == 1 and sum(row[4:10]) == 1
    # East holds JH JD AH KS 9D. Hearts as trump: the right (JH), the left (JD) and the
    # ace; three trumps; no off-suit ace; clubs void (diamonds keep the nine, spades the king).
    expected_up = {"right": 1, "left": 1, "A": 1, "K": 0, "Q": 0, "T": 0, "9": 0, "trumps": 3, "off_aces": 0, "voids": 1}
    for field, value in expected_up.items():
        assert _feature(row, f"up.{field}") == value, field
    # Diamonds as trump: the right (JD), the left (JH), the nine; three trumps; the ace
    # of hearts an off-suit ace; clubs void.
    expected_next = {"right": 1, "left": 1, "A": 0, "K": 0, "Q": 0, "T": 0, "9": 1, "trumps": 3, "off_aces": 1, "voids": 1}
    for field, value in expected_next.items():
        assert _feature(row, f"next.{field}") == value, field
    assert _feature(row, "up.upcard_help") == 0  # only a dealer's partner counts the upcard's help
    assert _feature(row, "up.own") > _feature(row, "cross1.own")


def test_features_put_the_stronger_cross_suit_first() -> None:
    # Cross suits of a heart upcard: clubs and spades. East holds the king and queen of
    # spades and the nine of clubs: spades as trump are the stronger, so they are cross1.
    state = _deal({"N": "TC QC KC AC JC", "E": "JH AH KS QS 9C", "S": "TD QD KD AD 9S",
                   "W": "TS 9D AS JS JD"}, "QH")
    row, order = features(_eldest_view(state))
    assert order[2:] == (3, 0)
    assert _feature(row, "cross1.K") == 1 and _feature(row, "cross1.Q") == 1 and _feature(row, "cross1.trumps") == 2
    assert _feature(row, "cross2.9") == 1 and _feature(row, "cross2.trumps") == 1


def test_features_of_the_dealer_count_the_upcard_after_his_discard() -> None:
    # North deals and turns up the right bower; he holds A K Q of spades and two clubs.
    # Taking up, he holds four trumps after discarding a club.
    state = _deal({"N": "AS KS QS 9C TC", "E": "JH JD AH KH QH", "S": "9D TD QD KD AD", "W": "9H TH TS 9S QC"}, "JS")
    state.apply(Action.PASS)  # East
    state.apply(Action.PASS)  # South
    state.apply(Action.PASS)  # West
    view = view_of(state, 0, (0, 0))
    row, _ = features(view)
    assert _feature(row, "role.dealer") == 1
    assert _feature(row, "up.right") == 1 and _feature(row, "up.trumps") == 4
    assert _feature(row, "up.A") == 1 and _feature(row, "up.K") == 1 and _feature(row, "up.Q") == 1


def _random_bidding_views(n: int, seed: int) -> list[tuple[HandState, PlayerView]]:
    rules = preset("modern-standard")
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        state = HandState.deal(rules, rng.randrange(4), rng)
        while state.phase in (Phase.BID_ROUND_1, Phase.BID_ROUND_2):
            out.append((state.copy(), view_of(state, state.turn, (0, 0))))
            legal = state.legal_actions()
            state.apply(Action.PASS if Action.PASS in legal and rng.random() < 0.8 else rng.choice(legal))
    return out


def test_features_read_only_the_view() -> None:
    """The hidden cards exchanged consistently with the view change no feature; the
    positive control, a feature reading the next seat's hand, is caught."""
    rng = random.Random(5)
    caught = 0
    for state, view in _random_bidding_views(150, 4):
        world = sample_world(view, rng)
        other = view_of(world, view.seat, (0, 0))
        assert np.array_equal(features(view)[0], features(other)[0])
        left = (view.seat + 1) % 4
        caught += state.hands[left] != world.hands[left]
    assert caught > 100  # the control: the hidden hands did change


def test_features_refuse_views_they_are_not_for() -> None:
    state = _deal(LONE, "TH")
    state.apply(Action.ORDER_UP)
    with pytest.raises(EuchreError, match="rounds one and two"):
        features(view_of(state, state.turn, (0, 0)))
    rules = preset("two-handed")
    two = HandState.deal(rules, 0, random.Random(1))
    with pytest.raises(EuchreError, match="four-hand"):
        features(view_of(two, two.turn, (0, 0)))


# ---------------------------------------------------------------- data

def test_data_of_a_sure_march_worked_by_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    """East, eldest, holds the five highest hearts with a heart turned up: ordering up
    with his partner takes all five tricks (a march, 2 points), alone a lone march (4),
    whatever the others hold or play."""
    state = _deal(LONE, "TH")
    monkeypatch.setattr(HandState, "deal", classmethod(lambda cls, rules, dealer, rng, **kw: state.copy()))
    rows = deal_rows("modern-standard", 0, 0)
    first = rows[1]
    east = first.y[0]
    outputs = ROUND_OUTPUTS[1]
    assert east[outputs.index("order")] == 2
    assert east[outputs.index("order-alone")] == 4
    assert first.mask[0] == [1, 1, 1]




def _checked_targets(preset_name: str, seed: int, deals: int, players: Callable[[int], list[HeuristicBot]],
                     play_worlds: int = 0) -> int:
    """Replays each of ``deals`` deals of ``deal_rows`` independently with ``players`` in
    every seat, asserts every played-out target is that action's outcome, and returns how
    many targets it checked."""
    from euchre.analysis.bidding_data import deal_seed

    def outcome(state: HandState, action: Action, team: int, bots_seed: int) -> float:
        world = state.copy()
        world.apply(action)
        bots = players(bots_seed)
        while not world.is_over:
            world.apply(bots[world.turn].choose(view_of(world, world.turn, (0, 0))))
        points = world.result.points
        return points[team] - points[1 - team]

    rules = preset(preset_name)
    checked = 0
    for index in range(deals):
        rows = deal_rows(preset_name, seed, index, play_worlds=play_worlds)
        rng = random.Random(deal_seed(seed, index))
        state = HandState.deal(rules, index % 4, rng)
        bots_seed = rng.getrandbits(32)
        bots = players(bots_seed)
        seen = {1: 0, 2: 0}
        while state.phase in (Phase.BID_ROUND_1, Phase.BID_ROUND_2) and not state.is_over:
            view = view_of(state, state.turn, (0, 0))
            round_no = 1 if state.phase == Phase.BID_ROUND_1 else 2
            if len(view.legal) > 1:
                _, order = features(view)
                actions = learned.output_actions(view, order)
                target, mask = rows[round_no].y[seen[round_no]], rows[round_no].mask[seen[round_no]]
                for action, value, known in zip(actions, target, mask, strict=True):
                    if known:
                        assert value == outcome(state, action, view.table.team[view.seat], bots_seed), (index, action)
                        checked += 1
                seen[round_no] += 1
            state.apply(bots[state.turn].choose(view))
        assert seen == {r: len(rows[r].y) for r in (1, 2)}
    return checked


def test_data_targets_are_the_outcomes_of_each_action() -> None:
    """Each recorded target is the hand's outcome after that action with the heuristic
    in every seat: replayed here independently for a few deals."""
    assert _checked_targets("modern-standard", 7, 12, lambda seed: [HeuristicBot(seed * 4 + s) for s in range(4)]) > 40


def test_data_with_searching_players_targets_are_their_outcomes() -> None:
    """``play_worlds`` N: every seat bids as the heuristic does and plays its cards by
    PIMC over N worlds; each target is the hand's outcome after that action with those
    players in every seat, replayed here independently (under OpenSpiel's rules, whose
    dealer is stuck)."""
    from euchre.bots.search import PimcBot

    def players(seed: int) -> list[HeuristicBot]:
        return [PimcBot(seed * 4 + s, worlds=4) for s in range(4)]

    assert _checked_targets("openspiel", 5, 4, players, play_worlds=4) >= 8


def test_data_with_searching_players_differs_from_the_heuristics() -> None:
    """The positive control of the test above: the searching players' targets are not
    the heuristic's (the same deals, other card play, so some outcome differs)."""
    plain = [deal_rows("openspiel", 5, i) for i in range(4)]
    searched = [deal_rows("openspiel", 5, i, play_worlds=4) for i in range(4)]
    assert [r[1].x for r in plain] == [r[1].x for r in searched]  # the bidding is the heuristic's in both
    assert [r[1].y for r in plain] != [r[1].y for r in searched]


def test_data_of_a_sure_march_with_searching_players(monkeypatch: pytest.MonkeyPatch) -> None:
    """The five highest hearts make a march whoever plays the cards: 2 points ordered
    up with the partner, 4 alone, with PIMC in every seat as with the heuristic."""
    state = _deal(LONE, "TH")
    monkeypatch.setattr(HandState, "deal", classmethod(lambda cls, rules, dealer, rng, **kw: state.copy()))
    first = deal_rows("modern-standard", 0, 0, play_worlds=3)[1]
    outputs = ROUND_OUTPUTS[1]
    assert first.y[0][outputs.index("order")] == 2
    assert first.y[0][outputs.index("order-alone")] == 4


@pytest.mark.parametrize("worlds", [-1, 1.5, True, "10"])
def test_data_refuses_play_worlds_that_are_no_count(worlds: object) -> None:
    with pytest.raises(EuchreError, match="play_worlds"):
        deal_rows("openspiel", 0, 0, play_worlds=worlds)  # type: ignore[arg-type]
    with pytest.raises(EuchreError, match="play_worlds"):
        make_data("openspiel", 0, 5, 1, play_worlds=worlds)  # type: ignore[arg-type]


def test_make_data_is_the_same_whatever_the_workers() -> None:
    one = make_data("modern-standard", 0, 30, 9, workers=1)
    two = make_data("modern-standard", 0, 30, 9, workers=2)
    for r in ROUND_OUTPUTS:
        assert one[r].x == two[r].x and one[r].y == two[r].y


def test_make_data_refuses_bad_counts() -> None:
    with pytest.raises(EuchreError, match="start"):
        make_data("modern-standard", 5, 5, 1)
    with pytest.raises(EuchreError):
        make_data("no-such-preset", 0, 5, 1)


# ---------------------------------------------------------------- the model files

def test_shipped_model_matches_its_recorded_checksum() -> None:
    assert MODEL_SHA256, "no model is shipped"
    for name, digest in MODEL_SHA256.items():
        raw = shipped_bytes(name)
        assert raw is not None, name
        assert hashlib.sha256(raw).hexdigest() == digest
        model = shipped_model(name)
        assert model is not None and model.rules == preset(name)
        assert model.meta["command"].startswith("scripts/train_bidding.py")


def _train_script():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("train_bidding", ROOT / "scripts" / "train_bidding.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["train_bidding"] = module
    spec.loader.exec_module(module)
    return module


def test_the_script_reproduces_the_small_model() -> None:
    """scripts/train_bidding.py on a small seed gives the model file kept in tests/data
    (the data exactly; the fitted weights to 1e-4, as numpy's arithmetic may differ in the
    last digits between machines)."""
    script = _train_script()
    text, _ = script.train(**SMALL_ARGS, workers=1, command="small")
    made, kept = json.loads(text), json.loads(SMALL.read_text())
    assert made["meta"] == kept["meta"]
    for r in ("1", "2"):
        for key in ("mean", "scale", "w1", "b1", "w2", "b2"):
            assert np.allclose(made["rounds"][r][key], kept["rounds"][r][key], atol=1e-4), (r, key)


# ---------------------------------------------------------------- the model's answers

def test_the_model_goes_alone_with_a_sure_lone_march() -> None:
    model = model_for(preset("modern-standard"))
    assert model is not None
    view = _eldest_view(_deal(LONE, "TH"))
    values = model.values(view)
    assert model.choose(view) == Action.ORDER_UP_ALONE
    assert values[Action.ORDER_UP_ALONE] > 3.0  # a sure 4 points


def test_the_model_passes_a_hand_without_trumps() -> None:
    # South, the dealer's partner, holds no heart and no jack, a heart (the nine) turned up.
    state = _deal(NO_HEART_SOUTH, "9H")
    state.apply(Action.PASS)  # East
    view = view_of(state, state.turn, (0, 0))
    assert view.seat == 2
    values = learned.model_for(preset("modern-standard")).values(view)  # type: ignore[union-attr]
    assert values[Action.PASS] > values[Action.ORDER_UP] > values[Action.ORDER_UP_ALONE]


def test_no_model_for_other_rules() -> None:
    for name in ("two-handed", "cutthroat-3", "dc-club-1862", "modern-tournament"):
        assert model_for(preset(name)) is None, name
    standard = preset("modern-standard")
    assert model_for(standard.replace(all_pass_round2="stick_the_dealer")) is None  # another bidding
    assert model_for(standard.replace(points_lone_march=5)) is None  # other points


def test_a_model_serves_its_rules_at_any_game_target() -> None:
    # The model values one hand's points; the target only says when the rollouts take over.
    for name in ("modern-standard", "openspiel"):
        model = model_for(preset(name).replace(game_target=5))
        assert model is not None and model.preset == name
    short = _deal(LONE, "TH", target=5)
    assert make_bot("expert").choose(view_of(short, short.turn, (0, 0))) == Action.ORDER_UP_ALONE
    assert learned.model_for_view(view_of(short, short.turn, (0, 0))) is not None
    assert learned.model_for_view(view_of(short, short.turn, (3, 0))) is None  # 2 short of 5: a march wins


@pytest.mark.parametrize("change", ["not json", "features", "outputs", "shape", "nan", "scale"])
def test_a_corrupt_model_file_is_refused(change: str) -> None:
    data = json.loads(SMALL.read_text())
    if change == "not json":
        text = "{not json"
    else:
        if change == "features":
            data["features"] = data["features"][:-1]
        elif change == "outputs":
            data["rounds"]["2"]["outputs"] = ["pass"]
        elif change == "shape":
            data["rounds"]["1"]["w1"] = data["rounds"]["1"]["w1"][:-1]
        elif change == "nan":
            data["rounds"]["1"]["b2"][0] = float("nan")
        elif change == "scale":
            data["rounds"]["1"]["scale"][0] = 0.0
        text = json.dumps(data)
    with pytest.raises(EuchreError, match="bidding model"):
        parse_model(text)


# ---------------------------------------------------------------- the bot

def test_learned_bot_bids_by_the_model_and_leaves_the_end_of_the_game_to_rollouts() -> None:
    state = _deal(LONE, "TH")
    bot = RolloutBot(1, play_worlds=0, learned=True)
    view = view_of(state, state.turn, (0, 0))
    assert bot.choose(view) == Action.ORDER_UP_ALONE
    assert bot.last_search is not None and bot.last_search.method == "learned"
    near_the_end = view_of(state, state.turn, (8, 3))  # a march gives North-South the game
    bot.choose(near_the_end)
    assert bot.last_search is not None and bot.last_search.method == "rollout"


def test_learned_bot_plays_legal_hands() -> None:
    rules = preset("modern-standard")
    rng = random.Random(11)
    bots = [RolloutBot(s, play_worlds=0, learned=True) for s in range(4)]
    methods = set()
    for i in range(40):
        state = HandState.deal(rules, i % 4, rng)
        while not state.is_over:
            view = view_of(state, state.turn, (0, 0))
            action = bots[state.turn].choose(view)
            assert action in view.legal
            if state.phase in (Phase.BID_ROUND_1, Phase.BID_ROUND_2) and bots[state.turn].last_search:
                methods.add(bots[state.turn].last_search.method)  # type: ignore[union-attr]
            state.apply(action)
    assert methods == {"learned"}


# ---------------------------------------------------------------- the expert and its hint

def test_the_expert_bids_by_the_learned_model_where_one_was_trained() -> None:
    expert = make_bot("expert")
    state = _deal(LONE, "TH")
    assert expert.choose(view_of(state, state.turn, (0, 0))) == Action.ORDER_UP_ALONE
    assert expert.last_search is not None and expert.last_search.method == "learned"  # type: ignore[attr-defined]
    expert.choose(view_of(state, state.turn, (3, 8)))  # a march gives East-West the game: rollouts value it
    assert expert.last_search is not None and expert.last_search.method == "rollout"  # type: ignore[attr-defined]
    other = _deal(LONE, "TH", preset_name="modern-tournament")
    expert.choose(view_of(other, other.turn, (0, 0)))  # no model trained under these rules
    assert expert.last_search is not None and expert.last_search.method == "rollout"  # type: ignore[attr-defined]


def test_the_hint_in_rounds_one_and_two_gives_the_models_values() -> None:
    state = _deal(LONE, "TH")
    view = view_of(state, state.turn, (0, 0))
    model = shipped_model("modern-standard")
    assert model is not None
    raw = model.values(view)
    hint = action_values(view, random.Random(1))
    assert set(hint) == set(raw)
    for action, value in raw.items():  # the expert's values: every call 0.15 points less
        assert hint[action] == pytest.approx(value if action == Action.PASS else value - 0.15)
    assert "bidding model" in how_valued(view)
    late = view_of(state, state.turn, (3, 8))
    assert "over 32 sampled deals" in how_valued(late)
    late_values = action_values(late, random.Random(1), worlds=4)
    assert set(late_values) == set(late.legal) and late_values != model.values(late)


def test_regression_the_model_valued_a_lone_march_above_the_four_points_it_scores() -> None:
    state = _deal(LONE, "TH")
    view = view_of(state, state.turn, (0, 0))
    model = shipped_model("modern-standard")
    assert model is not None
    x, _ = features(view)
    raw = model.rounds[1].predict(x)
    assert raw[ROUND_OUTPUTS[1].index("order-alone")] > 4.0  # the network alone strays past the rules
    values = model.values(view)
    assert values[Action.ORDER_UP_ALONE] == 4.0  # a lone march: 4 points (modern-standard), no more
    rules = preset("modern-standard")
    # modern-standard: a march 2, a lone march 4, the most any hand scores 4
    assert learned.value_bounds(rules, Action.ORDER_UP) == (-4.0, 2.0)
    assert learned.value_bounds(rules, Action.ORDER_UP_ALONE) == (-4.0, 4.0)
    assert learned.value_bounds(rules, Action.PASS) == (-4.0, 4.0)
    five = rules.replace(points_lone_march=5)  # a lone march for 5: the most a hand scores
    assert learned.value_bounds(five, Action.ORDER_UP) == (-5.0, 2.0)
    assert learned.value_bounds(five, Action.name_trump(0, True)) == (-5.0, 5.0)
    assert learned.value_bounds(five, Action.PASS) == (-5.0, 5.0)
    for action, value in values.items():
        low, high = learned.value_bounds(rules, action)
        assert low <= value <= high


def test_under_openspiel_the_model_orders_up_and_rollouts_decide_alone_after_the_bidding() -> None:
    # OpenSpiel's euchre: a maker declares alone after the bidding, so round one offers
    # pass and order up only; the model values those, the rollouts the alone decision.
    state = _deal(LONE, "TH", preset_name="openspiel")
    expert = make_bot("expert")
    view = view_of(state, state.turn, (0, 0))
    assert set(view.legal) == {Action.PASS, Action.ORDER_UP}
    assert expert.choose(view) == Action.ORDER_UP
    assert expert.last_search is not None and expert.last_search.method == "learned"  # type: ignore[attr-defined]
    state.apply(Action.ORDER_UP)
    while state.phase == Phase.DISCARD:
        state.apply(make_bot("intermediate").choose(view_of(state, state.turn, (0, 0))))
    assert state.phase not in (Phase.BID_ROUND_1, Phase.BID_ROUND_2, Phase.PLAY) and state.turn == 1
    alone = view_of(state, state.turn, (0, 0))
    assert expert.choose(alone).is_alone  # five top trumps: a sure lone march
    assert expert.last_search is not None and expert.last_search.method == "rollout"  # type: ignore[attr-defined]


def test_call_bias_adds_to_every_call_and_not_to_the_pass() -> None:
    # South holds no heart and no jack: the model passes, by more than 0.3 points.
    state = _deal(NO_HEART_SOUTH, "9H")
    state.apply(Action.PASS)  # East
    view = view_of(state, state.turn, (0, 0))
    values = learned.model_for(preset("modern-standard")).values(view)  # type: ignore[union-attr]
    gap = values[Action.PASS] - values[Action.ORDER_UP]
    assert gap > 0.3
    bot = RolloutBot(0, RolloutSettings(call_bias=gap + 0.5), play_worlds=0, learned=True)
    assert bot.choose(view) == Action.ORDER_UP
    assert bot.last_search is not None
    assert bot.last_search.values == pytest.approx(
        {a: v if a == Action.PASS else v + gap + 0.5 for a, v in values.items()})
    # The positive control: without the bias it passes, by the model's own values.
    plain = RolloutBot(0, RolloutSettings(), play_worlds=0, learned=True)
    assert plain.choose(view) == Action.PASS
    assert plain.last_search is not None and plain.last_search.values == pytest.approx(values)


def test_the_expert_values_every_call_of_the_model_015_points_less() -> None:
    # The expert level's bias (rollout.EXPERT_CALL_BIAS, docs/strength.md): the same
    # hand as above, South after East's pass; the hint shows the values it decides by.
    state = _deal(NO_HEART_SOUTH, "9H")
    state.apply(Action.PASS)  # East
    view = view_of(state, state.turn, (0, 0))
    values = learned.model_for(preset("modern-standard")).values(view)  # type: ignore[union-attr]
    expert = make_bot("expert")
    assert expert.choose(view) == Action.PASS
    search = expert.last_search  # type: ignore[attr-defined]
    assert search is not None and search.method == "learned"
    expected = {a: v if a == Action.PASS else v - 0.15 for a, v in values.items()}
    assert search.values == pytest.approx(expected)
    assert action_values(view, random.Random(1)) == pytest.approx(expected)
