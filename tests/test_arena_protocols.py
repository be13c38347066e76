"""The arena's two protocols (issue 37): the table's (one bot per seat and play) and the
outside program's (a fresh bot for every decision, shown only its view at 0-0)."""

from __future__ import annotations

import functools
import math
import random
from typing import ClassVar

import pytest

from euchre.analysis.duplicate import (
    DuplicateDeal,
    MatchRecord,
    deal_for,
    play_duplicate_deal,
    play_hand,
    run_match,
)
from euchre.analysis.protocols import (
    OutsideBot,
    at_love,
    decision_seed,
    outside_factory,
    protocol_gap,
    protocols_of,
    under_protocol,
)
from euchre.bots import make_bot
from euchre.core.actions import Action
from euchre.core.errors import EuchreTypeError, EuchreValueError
from euchre.core.presets import preset
from euchre.core.views import PlayerView, view_of
from test_cli import assert_one_line_error, run

RULES = preset("modern-standard")


class CountingBot:
    """A test double that carries something between decisions: it counts its calls and
    takes ``legal[calls % len(legal)]``. Asked once (a fresh bot) it always takes
    ``legal[0]``."""

    made: ClassVar[list[int]] = []
    """The seed of every bot made, in order."""

    def __init__(self, seed: int) -> None:
        CountingBot.made.append(seed)
        self.calls = 0

    @property
    def name(self) -> str:
        return "counting"

    def choose(self, view: PlayerView) -> Action:
        action = view.legal[self.calls % len(view.legal)]
        self.calls += 1
        return action


class ScoreSpy:
    """Notes the score of every view it is shown; plays the first legal action."""

    scores: ClassVar[list[tuple[int, ...]]] = []

    def __init__(self, seed: int) -> None:
        self.seed = seed

    @property
    def name(self) -> str:
        return "score-spy"

    def choose(self, view: PlayerView) -> Action:
        ScoreSpy.scores.append(view.score)
        return view.legal[0]


def _chosen(hand_history: tuple[tuple[int, int], ...]) -> list[int]:
    return [code for _, code in hand_history]


def test_a_bot_that_carries_its_count_plays_otherwise_under_the_outside_protocol() -> None:
    # Positive control: the double's choices depend on what it carried. Under the table
    # protocol (one bot per seat for the hand) some choice is not the first legal action;
    # under the outside protocol every bot is asked once and takes legal[0] every time.
    table_hand = deal_for(RULES, 1, 0)
    play_hand(table_hand, [CountingBot(s) for s in range(4)])
    outside_hand = deal_for(RULES, 1, 0)
    bots = [OutsideBot(CountingBot, s) for s in range(4)]
    play_hand(outside_hand, bots)
    replay = deal_for(RULES, 1, 0)
    first_legal = []
    while not replay.is_over:
        action = view_of(replay, replay.turn).legal[0]
        first_legal.append(int(action))
        replay.apply(action)
    assert _chosen(outside_hand.history) == first_legal
    assert _chosen(table_hand.history) != first_legal


def test_the_outside_protocol_makes_a_fresh_bot_for_every_decision() -> None:
    CountingBot.made.clear()
    hand = deal_for(RULES, 1, 2)
    seat_seeds = [11, 12, 13, 14]
    bots = [OutsideBot(CountingBot, s) for s in seat_seeds]
    play_hand(hand, bots)
    decisions = len(hand.history)
    assert sum(b.made for b in bots) == decisions
    assert len(CountingBot.made) == decisions
    # Each bot was made from the seed drawn for its decision, and no two decisions share one.
    replay = deal_for(RULES, 1, 2)
    expected = []
    for seat, code in hand.history:
        expected.append(decision_seed(seat_seeds[seat], view_of(replay, seat)))
        replay.apply(Action(code))
    assert CountingBot.made == expected
    assert len(set(expected)) == decisions


def test_decision_seed_is_a_function_of_the_seat_seed_and_the_view() -> None:
    hand = deal_for(RULES, 4, 1)
    view = view_of(hand, hand.turn)
    assert decision_seed(5, view) == decision_seed(5, view_of(hand, hand.turn))
    assert decision_seed(5, view) != decision_seed(6, view)
    with pytest.raises(EuchreTypeError, match="PlayerView"):
        decision_seed(5, hand)  # type: ignore[arg-type]
    with pytest.raises(EuchreTypeError, match="int"):
        decision_seed("5", view)  # type: ignore[arg-type]


def test_the_outside_protocol_shows_the_score_at_love() -> None:
    hand = deal_for(RULES, 1, 3)
    view = view_of(hand, hand.turn, (7, 3))
    assert at_love(view).score == (0, 0)
    assert at_love(view).hand == view.hand and at_love(view).legal == view.legal
    ScoreSpy.scores.clear()
    OutsideBot(ScoreSpy, 1).choose(view)
    ScoreSpy(1).choose(view)
    assert ScoreSpy.scores == [(0, 0), (7, 3)]


def test_outside_bot_refuses_what_is_not_a_factory_or_a_seed() -> None:
    with pytest.raises(EuchreTypeError, match="factory"):
        OutsideBot("expert")  # type: ignore[arg-type]
    with pytest.raises(EuchreTypeError, match="int"):
        OutsideBot(CountingBot, 1.5)  # type: ignore[arg-type]
    with pytest.raises(EuchreValueError, match="table, outside"):
        under_protocol(CountingBot, "inside")
    with pytest.raises(EuchreValueError, match="both"):
        protocols_of("all")
    assert protocols_of("both") == ("table", "outside")
    assert under_protocol(CountingBot, "table") is CountingBot


def test_two_copies_of_one_level_still_cancel_under_the_outside_protocol() -> None:
    # The same seat's bot gets the same decision seed in both plays of a deal.
    make = outside_factory(functools.partial(make_bot, "intermediate"))
    for index in range(6):
        deal = play_duplicate_deal(RULES, make, make, 7, index)
        assert deal.a_points == deal.b_points


def test_expert_carries_nothing_between_decisions_but_its_generator() -> None:
    # What an ExpertBot object holds after a hand, its random generator and the record of
    # its last search aside, is what it held before: nothing it learnt in one decision
    # reaches the next but the generator's position. The counting double fails the same
    # check (positive control).
    def carried(bot: object) -> dict[str, object]:
        return {k: v for k, v in vars(bot).items() if k not in ("rng", "last_search")}

    bots = [make_bot("expert", s) for s in range(4)]
    before = [carried(b) for b in bots]
    play_hand(deal_for(preset("openspiel"), 1, 0), bots)
    assert [carried(b) for b in bots] == before
    doubles = [CountingBot(s) for s in range(4)]
    counted = [carried(b) for b in doubles]
    play_hand(deal_for(RULES, 1, 0), doubles)
    assert [carried(b) for b in doubles] != counted


class Reseeded:
    """The table protocol's one bot per seat, its generator set before each decision to
    the outside protocol's seed of that decision, and shown the view at 0-0."""

    def __init__(self, bot: object, seed: int) -> None:
        self.bot = bot
        self.seed = seed

    @property
    def name(self) -> str:
        return "reseeded"

    def choose(self, view: PlayerView) -> Action:
        self.bot.rng = random.Random(decision_seed(self.seed, view))  # type: ignore[attr-defined]
        return self.bot.choose(at_love(view))  # type: ignore[attr-defined]


def test_the_expert_under_the_outside_protocol_is_the_table_bot_reseeded() -> None:
    # The one thing an expert object carries between decisions is its generator's
    # position: the same object, reseeded before each decision with the outside seed,
    # plays the hand exactly as a fresh expert per decision does. The counting double,
    # reseeded alike, does not (positive control: it carries its count).
    rules = preset("openspiel")
    for index in (0, 1):
        outside_hand = deal_for(rules, 2, index)
        play_hand(outside_hand, [OutsideBot(functools.partial(make_bot, "expert"), 20 + s) for s in range(4)])
        table_hand = deal_for(rules, 2, index)
        play_hand(table_hand, [Reseeded(make_bot("expert", 99), 20 + s) for s in range(4)])
        assert table_hand.history == outside_hand.history
    outside_hand = deal_for(RULES, 1, 0)
    play_hand(outside_hand, [OutsideBot(CountingBot, s) for s in range(4)])
    table_hand = deal_for(RULES, 1, 0)
    play_hand(table_hand, [Reseeded(CountingBot(s), s) for s in range(4)])
    assert table_hand.history != outside_hand.history


def _deal(index: int, *plays: tuple[int, int]) -> DuplicateDeal:
    return DuplicateDeal(index, index % 4, tuple(plays))


def test_protocol_gap_by_hand() -> None:
    # Table: deal 0 A 2 B 1 (margin +0.5), deal 1 A 1 B 1 (0): +1 over 4 side-hands, +0.25.
    # Outside: deal 0 A 2 B 0 (+1.0), deal 1 A 1 B 1 (0): +0.5. Differences 0.5 and 0:
    # mean 0.25, s = 0.3536, s/sqrt(2) = 0.25, 95% CI 0.25 -+ 1.96 * 0.25.
    table = MatchRecord((_deal(0, (2, 0), (0, 1)), _deal(1, (1, 0), (0, 1))), ())
    outside = MatchRecord((_deal(0, (2, 0), (0, 0)), _deal(1, (0, 1), (1, 0))), ())
    gap = protocol_gap(table, outside)
    assert gap.deals == 2
    assert gap.table_margin == pytest.approx(0.25)
    assert gap.outside_margin == pytest.approx(0.5)
    assert gap.difference == pytest.approx(0.25)
    assert gap.difference_ci is not None
    half = 1.959964 * 0.25
    assert gap.difference_ci[0] == pytest.approx(0.25 - half, abs=1e-4)
    assert gap.difference_ci[1] == pytest.approx(0.25 + half, abs=1e-4)
    with pytest.raises(EuchreValueError, match="same deals"):
        protocol_gap(table, MatchRecord((_deal(0, (2, 0), (0, 0)),), ()))
    assert math.isclose(protocol_gap(MatchRecord((), ()), MatchRecord((), ())).difference, 0.0)


def test_run_match_under_the_outside_protocol_repeats_from_its_seed() -> None:
    make = outside_factory(functools.partial(make_bot, "beginner"))
    rand = outside_factory(functools.partial(make_bot, "random"))
    first = run_match(RULES, make, rand, deals=4, seed=9)
    assert first == run_match(RULES, make, rand, deals=4, seed=9)


def test_arena_reports_both_protocols_side_by_side(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "arena", "--bots", "intermediate,random", "--deals", "12", "--seed", "3",
                       "--protocol", "both")
    assert code == 0
    assert out.count("intermediate (A) against random (B): 12 duplicate deals") == 2
    assert "Protocol table:" in out and "Protocol outside:" in out
    assert "outside less table" in out and "95% CI" in out.split("outside less table")[1]
    assert "--protocol both" in out
    code, out, _ = run(capsys, "arena", "--bots", "intermediate,random", "--deals", "2", "--seed", "3")
    assert "Protocol" not in out and "--protocol" not in out


def test_arena_refuses_an_unknown_protocol(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "arena", "--bots", "intermediate,random", "--deals", "2", "--protocol", "inside")
    assert_one_line_error(code, err, "--protocol")


def test_the_outside_factory_travels_to_worker_processes() -> None:
    # Worker processes receive the factories pickled; the copy must play as the original.
    import pickle

    make = outside_factory(functools.partial(make_bot, "beginner"))
    copy = pickle.loads(pickle.dumps(make))
    hand = deal_for(RULES, 4, 0)
    view = view_of(hand, hand.turn)
    assert copy(5).choose(view) == make(5).choose(view)
    assert isinstance(copy(5), OutsideBot)
