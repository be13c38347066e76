"""The batch kernel (euchre.batch) against the checked engine, step by step.

Differential: the kernel plays recorded hands (its deal, each decision's seat, legal set
and action, the trick winners, the result); each hand is dealt again as a ``HandState``
from the recorded cards and replayed through ``apply``. At every decision the seat to act
and the SET of legal actions must agree, and at the end the hand must be over in both,
with the same trick winners, tricks, points, maker, trump, lone players and pass-out.
Configurations: every playable preset and option mixes that reach the rarer paths (a
policy mix makes the seats pass more often, so that round two, the stuck dealer, the
forfeit and the pass-out occur); a coverage check at the end of each group names the
phases and scoring lines that must have been compared.

Positive controls: kernels given a deliberately wrong table (the left bower following its
printed suit, super euchre scored, the lone player leading, the upcard discardable) and
corrupted records are caught by the same comparison.

The random policy is checked against probabilities computed from the rules (every legal
action equally likely, every deal equally likely), with a control that the check fails on
a policy that is not uniform.
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from euchre.batch import BatchBackendError, BatchRulesError, HandBatch, backend_name, numba_available, play_hands, tables
from euchre.batch import layout as k
from euchre.batch import play as play_module
from euchre.batch import policy as pol
from euchre.batch.backend import ENV_VAR
from euchre.core import HandState, Phase, Rules, preset
from euchre.core.actions import Action, block_of
from euchre.core.cards import NO_TRUMP, SAME_COLOUR, parse_card
from euchre.core.errors import EuchreTypeError, EuchreValueError, RulesTypeError
from euchre.core.presets import PLAYABLE_PRESETS
from euchre.core.scoring import MAKER_MAKES
from euchre.core.seats import Table

BACKEND = "numba"
"""numba is in the `test` extra: these tests run the compiled kernel (the Python fallback
is compared with it in test_numba_and_python_backends_play_the_same_hands)."""


# ======================================================================= the comparison
def compare_hand(batch: HandBatch, i: int, seen: Counter[str] | None = None) -> str | None:
    """The first disagreement between the kernel's hand ``i`` and the engine replaying it,
    or None. ``seen`` counts the phases and scoring lines compared."""
    state = batch.hand_state(i)
    if state.upcard != batch.upcard[i]:
        return f"upcard {state.upcard} vs kernel {batch.upcard[i]}"
    if seen is not None and state.joker_aside:
        seen["joker set aside"] += 1
    for step in range(int(batch.decisions[i])):
        if state.is_over:
            return f"step {step}: the engine's hand is over, the kernel goes on"
        if state.turn != batch.seats[i, step]:
            return f"step {step} ({state.phase.name}): to act {state.turn} vs kernel {batch.seats[i, step]}"
        engine = tuple(sorted(state.legal_codes()))
        kernel = batch.legal_codes(i, step)
        if engine != kernel:
            return f"step {step} ({state.phase.name}): legal {engine} vs kernel {kernel}"
        if seen is not None:
            seen[state.phase.name] += 1
            if state.phase == Phase.BID_ROUND_2 and state.turn == state.dealer and not {Action.PASS, Action.FORFEIT} & set(engine):
                seen["stuck dealer"] += 1
        code = int(batch.actions[i, step])
        if state.phase.name not in block_of(code).phases:  # the kernel's codes, checked against the core's blocks
            return f"step {step} ({state.phase.name}): kernel code {code} of block {block_of(code).name}"
        state.apply(code)
    if not state.is_over:
        return f"the kernel's hand ended, the engine's goes on in {state.phase.name}"
    res = state.result
    assert res is not None
    winners = [t.winner for t in state.tricks] + [-1] * (5 - len(state.tricks))
    expected = {
        "points": (list(res.points), list(batch.points[i])),
        "tricks": (list(res.tricks), list(batch.tricks[i])),
        "passed out": (res.passed_out, bool(batch.passed_out[i])),
        "forfeit": (res.forfeit, bool(batch.forfeit[i])),
        "maker": (-1 if res.maker is None else res.maker, batch.maker[i]),
        "trump": (-1 if res.trump is None else res.trump, batch.trump[i]),
        "alone": (-1 if res.alone is None else res.alone, batch.alone[i]),
        "defender alone": (-1 if res.defender_alone is None else res.defender_alone, batch.defender_alone[i]),
        "trick winners": (winners, list(batch.trick_winners[i])),
        "partner": (-1 if res.partner is None else res.partner, batch.partner[i]),
    }
    for what, (ours, theirs) in expected.items():
        if ours != theirs:
            return f"{what}: engine {ours} vs kernel {theirs}"
    if seen is not None:
        seen[res.label] += 1
        if res.partner is not None:
            seen["secret partner"] += 1
    return None


def disagreements(batch: HandBatch, seen: Counter[str] | None = None) -> list[str]:
    """Every hand of a batch that disagrees with the engine, with why."""
    out = []
    for i in range(len(batch)):
        why = compare_hand(batch, i, seen)
        if why is not None:
            out.append(f"hand {batch.start + i} (seed {batch.seed}): {why}")
    return out


# ======================================================================= the configurations
MIX = ("simple", "simple", "simple", "random")
"""Three seats that pass unless they hold three trumps, one that plays at random: round
two, the stuck dealer and the pass-outs come often."""


def mix(rules: Rules) -> tuple[str, ...]:
    """:data:`MIX` for a table of any size: every seat simple but the last, random."""
    return ("simple",) * (rules.table.seats - 1) + ("random",)


S = preset("modern-standard")

GROUPS: dict[str, list[tuple[str, Rules, Any, int | None, int]]] = {
    # name: (label, rules, policy, dealer, hands)
    "bidding options": [
        ("natural trump, no trump, turned-down suit", S.replace(require_trump_to_call="natural_trump", no_trump_call=True,
                                                               round2_may_name_turned_down=True), MIX, 3, 500),
        ("forfeit or call, natural trump", S.replace(all_pass_round2="dealer_forfeit_or_call",
                                                     require_trump_to_call="natural_trump"), MIX, 3, 600),
        ("forfeit or call", S.replace(all_pass_round2="dealer_forfeit_or_call", alone_allowed=False), MIX, 3, 500),
        ("stuck dealer may name the turned-down suit, natural trump",
         preset("modern-tournament").replace(stuck_dealer_may_name_turned_down=True, require_trump_to_call="natural_trump"),
         MIX, 3, 500),
        ("dealer's partner may not assist", S.replace(dealer_partner_may_assist=False), "random", None, 400),
        ("upcard discardable, the lone player leads", S.replace(dealer_may_discard_upcard=True, alone_lead="lone_player"),
         "random", None, 500),
    ],
    "alone options": [
        ("left of the lone player leads, defend alone against any maker",
         S.replace(alone_lead="left_of_lone_player", defend_alone=True, defend_alone_against="any_maker"), "random", None, 600),
        ("no alone, defend alone against any maker", S.replace(alone_allowed=False, defend_alone=True,
                                                               defend_alone_against="any_maker"), "random", None, 400),
        ("maker or partner, after bidding", preset("dc-club-1862").replace(alone_declare_timing="after_bidding"),
         "random", None, 500),
        ("dealer when assisted, after bidding", preset("hoyle-1857").replace(alone_declare_timing="after_bidding"),
         "random", None, 500),
        ("Canadian loner, after bidding", S.replace(canadian_loner=True, alone_declare_timing="after_bidding"),
         "random", None, 400),
        ("32 cards and joker turned next, defend alone",
         preset("british-benny").replace(deck=32, joker_turned_up="turn_next_card", defend_alone=True), "random", None, 500),
        ("joker named blind, after bidding, defend alone", preset("british-benny").replace(
            alone_declare_timing="after_bidding", defend_alone=True, defend_alone_against="any_maker"), "random", None, 700),
        ("28 cards, super euchre, march 3, lone march 5",
         S.replace(deck=28, super_euchre=True, points_march=3, points_lone_march=5), "random", None, 400),
    ],
}

COVERAGE: dict[str, set[str]] = {
    "bidding options": {"BID_ROUND_2", "DISCARD", "PLAY", "passed out", "the dealer forfeits a point", "stuck dealer",
                        "march", "euchre"},
    "alone options": {
        "TAKEOVER", "ALONE_DECISION", "DEFEND_ALONE", "BLIND_NAME", "euchred by a lone defender", "super euchre",
        "lone march", "lone hand euchred", "joker set aside",
    },
}
"""What each group must have compared: phases (decisions made in them) and result labels."""


def expected_coverage(rules: Rules) -> set[str]:
    """The phases and result labels that the hands of one preset must reach, read from
    its rules: every table bids in two rounds, discards, plays, marches and euchres; the
    words of three or four tricks follow the makers' side (one player or more: scoring
    ``score_hand``); lone hands, the takeover, defending alone, the call for best (both
    its decisions), the blind call, the stuck dealer, the pass-out and call-ace's call of
    a partner where the rules have them."""
    table = rules.table
    call_ace = rules.calls_partner
    out = {"BID_ROUND_1", "BID_ROUND_2", "DISCARD", "PLAY", "march", "euchre"}
    out.add("makers take the point" if call_ace or not table.individual else MAKER_MAKES)
    if rules.alone_allowed:
        out |= {"lone hand euchred", "lone hand makes its point"}
    if call_ace:
        out |= {"ALONE_DECISION", "secret partner"}
    elif rules.alone_allowed and rules.alone_declare_timing == "after_bidding":
        out.add("ALONE_DECISION")
    if rules.alone_allowed and rules.alone_who != "maker_only" and not table.individual:
        out.add("TAKEOVER")
    if rules.defend_alone:
        out.add("DEFEND_ALONE")
    if rules.call_for_best != "none" and rules.alone_allowed:
        out |= {"GIVE_BEST", "BEST_DISCARD"}
    if rules.joker and rules.joker_turned_up == "dealer_names_trump_blind":
        out.add("BLIND_NAME")
    out.add("stuck dealer" if rules.all_pass_round2 == "stick_the_dealer" else "passed out")
    return out


@pytest.mark.parametrize("name", PLAYABLE_PRESETS)
def test_kernel_agrees_with_the_engine_on_every_preset(name: str) -> None:
    """Every playable preset of the core (a new one is covered by this parametrisation),
    whatever its table: the kernel's recorded hands (random play, a mix of the simple and
    the random policy that passes often, the simple policy) replay through
    HandState.apply with the same seat to act and the same set of legal actions at every
    decision, and end at the same moment with the same trick winners, tricks, points per
    side, maker, trump, lone players and call-ace partner; the phases and endings of
    :func:`expected_coverage` were all compared."""
    rules = preset(name)
    seen: Counter[str] = Counter()
    seed = 1000 + PLAYABLE_PRESETS.index(name)
    for policy, dealer, hands in (("random", None, 400), (mix(rules), rules.table.seats - 1, 200), ("simple", None, 100)):
        batch = play_hands(rules, hands, seed=seed, dealer=dealer, policy=policy, record=True, backend=BACKEND)
        found = disagreements(batch, seen)
        assert found == [], f"{name}, {policy}: {len(found)} disagreements, first: {found[:3]}"
    missing = expected_coverage(rules) - set(seen)
    assert not missing, f"{name}: never compared: {sorted(missing)}; seen: {dict(seen)}"


def test_positive_control_the_coverage_is_read_from_the_rules() -> None:
    """The coverage asked of a preset follows its rules: railroad asks for the card given
    for best and its discard, call-ace for the call of a partner, cutthroat for the words
    of a maker playing for himself and the stuck dealer; the four-hand game for none of
    these."""
    assert {"GIVE_BEST", "BEST_DISCARD", "DEFEND_ALONE", "BLIND_NAME"} <= expected_coverage(preset("railroad"))
    assert {"ALONE_DECISION", "secret partner"} <= expected_coverage(preset("call-ace-5"))
    assert {MAKER_MAKES, "stuck dealer"} <= expected_coverage(preset("cutthroat-3"))
    plain = expected_coverage(S)
    assert not {"GIVE_BEST", "secret partner", MAKER_MAKES, "TAKEOVER", "ALONE_DECISION"} & plain


@pytest.mark.parametrize("group", list(GROUPS))
def test_kernel_agrees_with_the_engine_at_every_step(group: str) -> None:
    """Every recorded hand replays through HandState.apply with the same seat to act and
    the same set of legal actions at every decision, and ends at the same moment with the
    same trick winners, tricks, points, maker, trump and lone players."""
    seen: Counter[str] = Counter()
    for seed, (label, rules, policy, dealer, hands) in enumerate(GROUPS[group]):
        batch = play_hands(rules, hands, seed=1000 + seed, dealer=dealer, policy=policy, record=True, backend=BACKEND)
        found = disagreements(batch, seen)
        assert found == [], f"{label}: {len(found)} disagreements, first: {found[:3]}"
    missing = COVERAGE[group] - set(seen)
    assert not missing, f"never compared: {sorted(missing)}; seen: {dict(seen)}"


# ======================================================================= the other tables, by the rules' text
def test_cutthroat_points_go_to_each_opponent_on_a_euchre() -> None:
    """Cutthroat (X-56: "both adversaries count two"; X-55: a march 3; X-44: one point
    for three or four tricks): each played hand scores 1 or 3 to the maker alone, or 2 to
    each of the two other players; a pass-out nothing (the stuck dealer never passes)."""
    batch = play_hands("cutthroat-3", 600, seed=41, backend=BACKEND)
    kinds = Counter()
    for i in range(len(batch)):
        maker = int(batch.maker[i])
        tricks = int(batch.tricks[i, maker])
        expected = [0, 0, 0]
        if tricks <= 2:
            expected = [2 if s != maker else 0 for s in range(3)]
        else:
            expected[maker] = 3 if tricks == 5 else 1
        kinds[tricks <= 2] += 1
        assert list(batch.points[i]) == expected, (i, maker, list(batch.tricks[i]), list(batch.points[i]))
    assert kinds[True] > 0 and kinds[False] > 0


def test_call_ace_points_go_to_the_maker_and_his_secret_partner() -> None:
    """Call-ace (X-47, RULES.md decision 21): the maker and the holder of the called card
    take one point each for three or four tricks, two each for five; a euchre gives two
    to each other player; a maker without a partner (alone, or the card not dealt) plays
    a lone hand: five for a march, one for three or four, two to each other on a euchre."""
    batch = play_hands("call-ace-5", 800, seed=42, backend=BACKEND)
    seen = Counter()
    for i in range(len(batch)):
        if batch.passed_out[i]:
            assert list(batch.points[i]) == [0] * 5
            continue
        maker, partner = int(batch.maker[i]), int(batch.partner[i])
        makers = {maker} if partner == -1 else {maker, partner}
        tricks = sum(int(batch.tricks[i, s]) for s in makers)
        lone = partner == -1
        if tricks <= 2:
            expected = [0 if s in makers else 2 for s in range(5)]
        else:
            won = (5 if lone else 2) if tricks == 5 else 1
            expected = [won if s in makers else 0 for s in range(5)]
        seen[(lone, tricks <= 2)] += 1
        assert list(batch.points[i]) == expected, (i, maker, partner, list(batch.tricks[i]), list(batch.points[i]))
    assert len(seen) == 4, seen


def test_the_stuck_dealers_forfeit_scores_every_other_player() -> None:
    """dealer_forfeit_or_call at the cutthroat table: the dealer's forfeit scores a point
    to each other player (every side but the dealer's), not to one."""
    rules = preset("cutthroat-3").replace(all_pass_round2="dealer_forfeit_or_call")
    batch = play_hands(rules, 600, seed=43, policy=mix(rules), record=True, backend=BACKEND)
    forfeits = [i for i in range(len(batch)) if batch.forfeit[i]]
    assert forfeits
    for i in forfeits:
        dealer = int(batch.dealer[i])
        assert list(batch.points[i]) == [0 if s == dealer else 1 for s in range(3)]
    assert disagreements(batch) == []


# ======================================================================= positive controls
def _corrupt(rules: Rules, change: Callable[[list[int]], None]) -> tuple[int, ...]:
    ctx = list(tables.context(rules))
    change(ctx)
    return tuple(ctx)


def _left_bower_follows_printed_suit(ctx: list[int]) -> None:
    for trump in range(4):
        left = (SAME_COLOUR[trump] << 3) | 4
        ctx[k.C_SUIT_MASK + trump * 4 + trump] &= ~(1 << left)
        ctx[k.C_SUIT_MASK + trump * 4 + SAME_COLOUR[trump]] |= 1 << left


def _super_euchre(ctx: list[int]) -> None:
    ctx[k.C_SCORE + (0 * 4 + 0 * 2 + 0) * 2 + 1] = 4


def _lone_player_leads(ctx: list[int]) -> None:
    for dealer in range(4):
        for active in range(1, 16):
            for alone in range(4):
                ctx[k.C_OPENING + (dealer * k.ACTIVE_MASKS + active) * k.SEAT_SLOTS + alone + 1] = alone


def _euchre_scores_one_opponent(ctx: list[int]) -> None:
    ctx[k.C_SIDES] = 2  # the third player's side is never scored


def _kings_called(ctx: list[int]) -> None:
    for trump in range(5):
        for suit in range(4):
            if ctx[k.C_BEST_CARD + trump * 4 + suit] & 7 == 7:  # an ace
                ctx[k.C_BEST_CARD + trump * 4 + suit] -= 1


def _no_call_for_best(ctx: list[int]) -> None:
    ctx[k.C_CALL_FOR_BEST] = k.BEST_NONE


def _upcard_discardable(ctx: list[int]) -> None:
    ctx[k.C_DISCARD_UPCARD] = 1


@pytest.mark.parametrize(("name", "change"), [
    ("modern-standard", _left_bower_follows_printed_suit), ("modern-standard", _super_euchre),
    ("modern-standard", _lone_player_leads), ("modern-standard", _upcard_discardable),
    ("cutthroat-3", _euchre_scores_one_opponent), ("call-ace-5", _kings_called), ("railroad", _no_call_for_best),
])
def test_positive_control_a_wrong_kernel_is_caught(monkeypatch: pytest.MonkeyPatch, name: str,
                                                   change: Callable[[list[int]], None]) -> None:
    """A kernel given a deliberately wrong table disagrees with the engine within 400
    hands; with the right table (the differential test above) it never does."""
    rules = preset(name)
    wrong = _corrupt(rules, change)
    monkeypatch.setattr(play_module, "context", lambda r: wrong)
    batch = play_hands(rules, 400, seed=5, record=True, backend=BACKEND)
    assert disagreements(batch) != []


def _replace(batch: HandBatch, **arrays: Any) -> HandBatch:
    return dataclasses.replace(batch, **arrays)


def test_positive_control_a_corrupted_record_is_caught() -> None:
    """The comparison finds a changed trick winner, a legal action dropped from a
    recorded legal set, changed points and a card played changed to another legal card,
    each in the one hand changed."""
    batch = play_hands(S, 40, seed=9, record=True, backend=BACKEND)
    assert disagreements(batch) == []
    played = next(i for i in range(len(batch)) if not batch.passed_out[i])
    winners = batch.trick_winners.copy()
    winners[played, 2] = (winners[played, 2] + 1) % 4
    legal = batch.legal.copy()
    wide = next(s for s in range(int(batch.decisions[played])) if bin(int(legal[played, s])).count("1") > 1)
    legal[played, wide] &= legal[played, wide] - 1  # drop the lowest legal action
    points = batch.points.copy()
    points[played] = points[played][::-1]
    actions = batch.actions.copy()
    # The first card played from a choice of two or more replaced by another legal card:
    # the seat later plays the card it no longer holds.
    step = next(s for s in range(int(batch.decisions[played]))
                if batch.actions[played, s] >= Action.PLAY_7C and len(batch.legal_codes(played, s)) > 1)
    actions[played, step] = next(c for c in batch.legal_codes(played, step) if c != batch.actions[played, step])
    for changed in (dict(trick_winners=winners), dict(legal=legal), dict(points=points), dict(actions=actions)):
        found = disagreements(_replace(batch, **changed))
        assert len(found) == 1 and f"hand {played} " in found[0], (changed.keys(), found)


# ======================================================================= backends, seeds
@pytest.mark.parametrize("name", ["openspiel", "british-benny", "dc-club-1862-coteries", "casual-web-003", "railroad",
                                  "two-handed", "cutthroat-3", "call-ace-6"])
def test_numba_and_python_backends_play_the_same_hands(name: str) -> None:
    """The compiled kernel and the Python fallback give the same hands, decisions and
    results for a seed (the same functions; all values are ints below 2**49)."""
    for policy in ("random", mix(preset(name))):
        nb = play_hands(name, 150, seed=3, policy=policy, record=True, backend="numba")
        py = play_hands(name, 150, seed=3, policy=policy, record=True, backend="python")
        assert (nb.backend, py.backend) == ("numba", "python")
        for field in ("dealer", "upcard", "trump", "maker", "alone", "defender_alone", "tricks", "points", "passed_out",
                      "forfeit", "decisions", "partner", "actions", "seats", "legal", "trick_winners", "deal_hands", "stock_top"):
            assert np.array_equal(getattr(nb, field), getattr(py, field)), (name, policy, field)


def test_a_changed_layout_is_not_read_from_a_stale_numba_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    """numba's disk cache checks only a function's own source file; the kernel's
    functions read the offsets of batch/layout.py and call functions of other files. Each
    compiled copy is named with a digest of every kernel file, so a change to the layout
    alone (or to any kernel file) names new cache entries instead of loading code compiled
    for the old offsets (which read the arrays out of bounds)."""
    import inspect

    from euchre.batch import backend, layout

    be = backend.get_backend("numba")
    stamp = backend.kernel_fingerprint()
    assert be.play_hands.py_func.__qualname__ == f"play_hands_{stamp}"
    assert backend.kernel_fingerprint() == stamp  # the same sources, the same names
    real = inspect.getsource
    monkeypatch.setattr(inspect, "getsource",
                        lambda obj: real(obj).replace("MAX_SEATS = 6", "MAX_SEATS = 7") if obj is layout else real(obj))
    assert backend.kernel_fingerprint() != stamp


def test_hand_i_of_a_seed_is_the_same_in_any_batch() -> None:
    """Hand ``start + i`` depends only on the rules, the seed and its index: two halves
    played apart equal the whole, with or without recording; another seed differs."""
    whole = play_hands("modern-standard", 200, seed=11, record=True, backend=BACKEND)
    first = play_hands("modern-standard", 120, seed=11, backend=BACKEND)
    second = play_hands("modern-standard", 80, seed=11, start=120, record=True, backend=BACKEND)
    assert second.start == 120
    for field in ("dealer", "upcard", "points", "tricks", "decisions", "maker"):
        joined = np.concatenate([getattr(first, field), getattr(second, field)])
        assert np.array_equal(joined, getattr(whole, field)), field
    assert np.array_equal(second.actions, whole.actions[120:])
    other = play_hands("modern-standard", 200, seed=12, backend=BACKEND)
    assert not np.array_equal(other.upcard, whole.upcard)
    assert disagreements(second) == []


def test_fixed_dealer() -> None:
    """``dealer=`` deals every hand from that seat; the eldest (the dealer's left) speaks
    first."""
    batch = play_hands("openspiel", 50, seed=2, dealer=2, record=True, backend=BACKEND)
    assert set(batch.dealer.tolist()) == {2}
    assert set(batch.seats[:, 0].tolist()) == {3}
    assert disagreements(batch) == []


# ======================================================================= the random policy
def _within(count: int, n: int, p: float, what: str) -> None:
    """``count`` of ``n`` within five standard deviations of ``n * p``."""
    sigma = (n * p * (1 - p)) ** 0.5
    assert abs(count - n * p) <= 5 * sigma, f"{what}: {count} of {n}, expected {n * p:.0f} +- {5 * sigma:.0f}"


def check_uniform_play(batch: HandBatch) -> None:
    """The frequencies a uniform random policy and a uniform deal give under the
    ``openspiel`` preset (alone decided after the bidding: each seat's first call is
    pass or order up):

    - each dealer 1/4 (a uniform draw);
    - each card of the 24 turned up 1/24, and in a given seat's hand 5/24;
    - the eldest's first call is order up 1/2 (two legal calls);
    - all four pass in round one: (1/2)**4 = 1/16.
    """
    n = len(batch)
    for seat in range(4):
        _within(int((batch.dealer == seat).sum()), n, 1 / 4, f"dealer {seat}")
    cards = [c for s in range(4) for c in range(s * 8 + 2, s * 8 + 8)]
    for c in cards:
        _within(int((batch.upcard == c).sum()), n, 1 / 24, f"upcard {c}")
        _within(int(((batch.deal_hands[:, 0] >> c) & 1).sum()), n, 5 / 24, f"card {c} dealt to N")
    _within(int((batch.actions[:, 0] == Action.ORDER_UP).sum()), n, 1 / 2, "eldest orders up")
    all_pass = (batch.actions[:, :4] == Action.PASS).all(axis=1)
    _within(int(all_pass.sum()), n, 1 / 16, "all pass in round one")


def test_random_policy_and_deal_are_uniform() -> None:
    """The random policy draws every legal action with equal probability and the deal
    every card with equal probability: the frequencies of :func:`check_uniform_play`
    (computed from the rules) over 20,000 hands; and a seat with three legal calls
    (pass, order up, order up alone under modern-standard) draws each 1/3."""
    check_uniform_play(play_hands("openspiel", 20_000, seed=21, record=True))
    batch = play_hands("modern-standard", 20_000, seed=22, record=True)
    for code in (Action.PASS, Action.ORDER_UP, Action.ORDER_UP_ALONE):
        _within(int((batch.actions[:, 0] == code).sum()), 20_000, 1 / 3, f"eldest's first call {code.name}")


def test_positive_control_the_uniformity_check_fails_on_a_biased_policy() -> None:
    """The same check fails on hands where the eldest plays the simple policy (it orders
    up only with three trumps, far less often than half the time)."""
    batch = play_hands("openspiel", 20_000, seed=21, dealer=None, policy=("simple",) * 4, record=True)
    with pytest.raises(AssertionError, match="orders up"):
        check_uniform_play(batch)


# ======================================================================= the simple policy
def _ctx(rules: Rules) -> list[int]:
    return list(tables.context(rules))


def _ws(*codes: int) -> list[int]:
    ws = [0] * k.WS_LEN
    for i, code in enumerate(codes):
        ws[k.W_CALLS + i] = code
    ws[k.W_NCALLS] = len(codes)
    return ws


def _mask(text: str) -> int:
    m = 0
    for code in text.split():
        m |= 1 << parse_card(code)
    return m


ROUND1 = (Action.PASS, Action.ORDER_UP, Action.ORDER_UP_ALONE)


@pytest.mark.parametrize(("seat", "hand", "upcard", "expected"), [
    (1, "JH JD AH 9C TC", "9H", Action.ORDER_UP),       # right, left and ace: three trumps
    (1, "JH AD KC 9C TC", "9H", Action.PASS),           # one trump
    (0, "JH AH 9C TC QS", "9H", Action.ORDER_UP),       # the dealer: two and the upcard
    (2, "JH AH 9C TC QS", "9H", Action.PASS),           # the same cards, not the dealer
])
def test_simple_policy_round_one(seat: int, hand: str, upcard: str, expected: Action) -> None:
    """Round one (dealer North): order up with three trumps counting the left bower, the
    dealer counting the upcard; never alone."""
    got = pol.simple_call(_ctx(S), _ws(*ROUND1), k.PH_ROUND_1, seat, 0, _mask(hand), parse_card(upcard))
    assert got == expected


def test_simple_policy_round_two_and_the_rest() -> None:
    """Round two names the suit with most trumps (three or more; the stuck dealer names
    it whatever the count); the alone decision plays with the partner; the defender and
    the partner who could take over pass; the canadian partner orders alone with four."""
    ctx = _ctx(S)
    names = [Action.PASS, *(Action.name_trump(s) for s in (0, 1, 3))]  # hearts turned down
    got = pol.simple_call(ctx, _ws(*names), k.PH_ROUND_2, 1, 0, _mask("JS JC AS 9D TD"), parse_card("9H"))
    assert got == Action.NAME_S
    got = pol.simple_call(ctx, _ws(*names), k.PH_ROUND_2, 1, 0, _mask("JS AC AD 9D TC"), parse_card("9H"))
    assert got == Action.NAME_C  # clubs: JS (the left bower), AC, TC
    got = pol.simple_call(ctx, _ws(*names), k.PH_ROUND_2, 1, 0, _mask("AS KC AD 9D TC"), parse_card("9H"))
    assert got == Action.PASS  # two clubs, two diamonds, one spade
    stuck = [Action.name_trump(s) for s in (0, 1, 3)]
    got = pol.simple_call(ctx, _ws(*stuck), k.PH_ROUND_2, 0, 0, _mask("AS KC AD 9D TC"), parse_card("9H"))
    assert got == Action.NAME_C  # stuck: two clubs and two diamonds, the lower suit
    assert pol.simple_call(ctx, _ws(Action.GO_ALONE, Action.PLAY_WITH_PARTNER), k.PH_ALONE, 1, 0, 0, 0) == Action.PLAY_WITH_PARTNER
    assert pol.simple_call(ctx, _ws(Action.PASS, Action.DEFEND_ALONE), k.PH_DEFEND, 1, 0, 0, 0) == Action.PASS
    assert pol.simple_call(ctx, _ws(Action.PASS, Action.TAKE_OVER_ALONE), k.PH_TAKEOVER, 1, 0, 0, 0) == Action.PASS
    canadian = (Action.PASS, Action.ORDER_UP_ALONE)
    assert pol.simple_call(ctx, _ws(*canadian), k.PH_ROUND_1, 2, 0, _mask("JH JD AH KH 9C"), parse_card("9H")) == \
        Action.ORDER_UP_ALONE
    assert pol.simple_call(ctx, _ws(*canadian), k.PH_ROUND_1, 2, 0, _mask("JH JD AH 9C TC"), parse_card("9H")) == Action.PASS


HEARTS = 2
SPADES = 3


def _power(rules: Rules, trump: int, led: int, card: str) -> int:
    return _ctx(rules)[k.C_POWER + (trump * 4 + led) * 33 + parse_card(card)]


@pytest.mark.parametrize(("legal", "nplayed", "best", "partner_winning", "discard", "expected"), [
    ("JH AS 9C", 0, None, False, False, "JH"),      # lead the highest: the right bower
    ("AS 9C KD", 0, None, False, False, "AS"),      # no trump: an ace (rank 7 of its suit)
    ("KS 9S", 1, "AS", False, False, "9S"),         # cannot beat the ace: the lowest
    ("AS QS", 1, "KS", False, False, "AS"),         # the only card that beats the king
    ("KS AS", 1, "QS", False, False, "KS"),         # the lowest card that beats the queen
    ("KS 9S", 2, "QS", True, False, "9S"),          # the partner wins: the lowest
    ("9H TD", 1, "AS", False, False, "9H"),         # void in spades: trump in with the nine
    ("JH AH 9C AS KS 9H", 0, None, False, True, "9C"),  # discard the lowest plain card
])
def test_simple_policy_cards(legal: str, nplayed: int, best: str | None, partner_winning: bool, discard: bool,
                             expected: str) -> None:
    """Hearts trump, spades led when a card has been played: lead the highest, follow with
    the lowest card that wins unless the partner is winning, else the lowest; discard the
    lowest (a trump ranks above every plain card)."""
    best_power = 0 if best is None else _power(S, HEARTS, SPADES, best)
    got = pol.simple_card(_ctx(S), _mask(legal), HEARTS, nplayed, SPADES, best_power, partner_winning, discard, False)
    assert got == parse_card(expected)


def test_simple_policy_gives_the_highest_card_for_best() -> None:
    """Railroad's card for best (hearts trump): the highest ranked, the right bower above
    the ace of trump; the lone player's discard after it: the lowest ranked."""
    got = pol.simple_card(_ctx(S), _mask("AH JH 9C KS"), HEARTS, 0, 0, 0, False, False, True)
    assert got == parse_card("JH")
    got = pol.simple_card(_ctx(S), _mask("AH JH 9C KS 9S TH"), HEARTS, 0, 0, 0, False, True, False)
    assert got == parse_card("9C")


def test_simple_policy_calls_the_first_suit_it_may_call_at_call_ace() -> None:
    """The call-ace maker's call (phase ALONE_DECISION): the best card of the first suit
    offered (clubs before diamonds...), going alone only when no suit may be called."""
    rules = preset("call-ace-5")
    calls = (Action.call(1), Action.call(3), Action.GO_ALONE)
    assert pol.simple_call(_ctx(rules), _ws(*calls), k.PH_ALONE, 2, 0, 0, 0) == Action.call(1)
    assert pol.simple_call(_ctx(rules), _ws(Action.GO_ALONE), k.PH_ALONE, 2, 0, 0, 0) == Action.GO_ALONE


def test_simple_policy_decides_from_the_view_only() -> None:
    """The simple policy's functions take only what the seat to act sees: its cards (or
    legal cards), the dealer, the upcard, the trump and the trick so far; the kernel
    hands them nothing else (no other seat's cards)."""
    import inspect

    assert list(inspect.signature(pol.simple_call).parameters) == ["ctx", "ws", "phase", "seat", "dealer", "hand", "upcard"]
    assert list(inspect.signature(pol.simple_card).parameters) == [
        "ctx", "legal", "trump", "nplayed", "led", "best", "partner_winning", "discard", "give"]


def test_simple_policy_beats_random_play() -> None:
    """A side playing the simple policy scores more points per hand than a side playing
    at random (over 20,000 hands, each side in both seat pairs: far outside the noise)."""
    for policy, team in ((("simple", "random") * 2, 0), (("random", "simple") * 2, 1)):
        batch = play_hands("modern-standard", 20_000, seed=31, policy=policy)
        mean = batch.points.mean(axis=0)
        assert mean[team] > mean[1 - team] + 0.2, (policy, mean)


# ======================================================================= rules and errors
def test_every_playable_preset_is_accepted_by_name_and_value() -> None:
    """Every preset of the core's list, by its name and as a Rules value, whatever its
    table: one policy name per seat, a dealer among its seats, one column per side."""
    for name in PLAYABLE_PRESETS:
        rules = preset(name)
        batch = play_hands(name, 3, backend=BACKEND, dealer=rules.table.seats - 1)
        assert batch.rules == rules and play_hands(rules, 3, backend=BACKEND).rules == rules
        assert batch.policies == ("random",) * rules.table.seats
        assert batch.points.shape == batch.tricks.shape == (3, len(rules.table.teams))
        assert set(batch.dealer.tolist()) == {rules.table.seats - 1}


def test_the_decisions_no_preset_has_are_refused_naming_why() -> None:
    """The claims of the dealt hand and table mode (options no preset sets) are refused,
    naming the option; the call for best, which railroad sets, is played."""
    with pytest.raises(BatchRulesError, match="farmers_hand = true"):
        play_hands(S.replace(farmers_hand=True), 1)
    with pytest.raises(BatchRulesError, match="renege_mode = penalize_on_claim"):
        play_hands(S.replace(renege_mode="penalize_on_claim"), 1)
    assert play_hands(S.replace(call_for_best="lone_maker"), 2).rules.call_for_best == "lone_maker"


@pytest.mark.parametrize(("call", "error", "words"), [
    (lambda: play_hands("no-such-preset", 1), BatchRulesError, "playable presets"),
    (lambda: play_hands(42, 1), RulesTypeError, "Rules value or a preset name"),  # type: ignore[arg-type]
    (lambda: play_hands("openspiel", -1), EuchreValueError, "n must be"),
    (lambda: play_hands("openspiel", 1.5), EuchreTypeError, "n must be a whole number"),  # type: ignore[arg-type]
    (lambda: play_hands("openspiel", 1, seed=-1), EuchreValueError, "seed must be"),
    (lambda: play_hands("openspiel", 1, seed=1 << 62), EuchreValueError, "seed must be"),
    (lambda: play_hands("openspiel", 10, start=(1 << 62) - 5), EuchreValueError, "start must be"),
    (lambda: play_hands("openspiel", 1, dealer=4), EuchreValueError, "dealer must be a seat"),
    (lambda: play_hands("openspiel", 1, dealer="N"), EuchreTypeError, "dealer must be a seat"),  # type: ignore[arg-type]
    (lambda: play_hands("openspiel", 1, policy="greedy"), EuchreValueError, "unknown policy 'greedy'"),
    (lambda: play_hands("openspiel", 1, policy=("random",) * 3), EuchreValueError, "one name per seat"),
    (lambda: play_hands("openspiel", 1, policy=7), EuchreTypeError, "policy must be"),  # type: ignore[arg-type]
    (lambda: play_hands("openspiel", 1, record=1), EuchreTypeError, "record must be"),  # type: ignore[arg-type]
    (lambda: play_hands("openspiel", 1, backend="gpu"), BatchBackendError, "not a batch backend"),
    (lambda: play_hands("openspiel", 1, backend=3), EuchreTypeError, "backend must be"),  # type: ignore[arg-type]
    (lambda: play_hands("openspiel", 2).replay(0), EuchreValueError, "without record=True"),
    (lambda: play_hands("openspiel", 2, record=True).replay(2), EuchreValueError, "hand must be"),
    (lambda: play_hands("openspiel", 2, record=True).legal_codes(0, 99), EuchreValueError, "step must be"),
])
def test_bad_input_gets_a_clear_error(call: Callable[[], Any], error: type[Exception], words: str) -> None:
    with pytest.raises(error, match=words):
        call()


def test_a_table_beyond_the_kernels_seats_is_refused() -> None:
    """A table of seven seats (a Table the core can describe, no rules deal it) is
    refused, naming the seats the kernel plays."""
    odd = S.replace()
    object.__setattr__(odd, "_table", Table(7, tuple((s,) for s in range(7))))
    with pytest.raises(BatchRulesError, match="tables of 2 to 6 seats"):
        play_hands(odd, 1)


def test_an_option_value_the_kernel_does_not_know_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """A new value of an option the kernel reads as a number is refused, not misread."""
    choices = dict(tables.OPTION_CHOICES)
    choices["all_pass_round2"] = (*choices["all_pass_round2"], "dealer_redeals_blind")  # type: ignore[misc]
    monkeypatch.setattr(tables, "OPTION_CHOICES", choices)
    tables.context.cache_clear()
    try:
        with pytest.raises(BatchRulesError, match="all_pass_round2"):
            tables.context(preset("hoyle-1857"))
    finally:
        tables.context.cache_clear()


def test_backend_selection(monkeypatch: pytest.MonkeyPatch) -> None:
    """The argument wins over the environment variable; auto picks numba when installed."""
    monkeypatch.setenv(ENV_VAR, "python")
    assert backend_name() == "python"
    assert play_hands("openspiel", 2).backend == "python"
    assert backend_name("auto") == ("numba" if numba_available() else "python")
    monkeypatch.setenv(ENV_VAR, "quantum")
    with pytest.raises(BatchBackendError, match=ENV_VAR):
        backend_name()


def test_no_trump_is_a_trump_index_of_the_tables() -> None:
    """No trump (index 4 of the core's tables) is played like any trump: a named
    no-trump hand replays in the engine."""
    rules = S.replace(no_trump_call=True)
    batch = play_hands(rules, 600, seed=4, record=True, backend=BACKEND)
    assert (batch.trump == NO_TRUMP).any()
    assert disagreements(batch) == []


def test_replay_gives_the_engines_hand() -> None:
    """``replay`` plays a recorded hand through the checked ``apply``: its result is the
    kernel's."""
    batch = play_hands("dc-club-1862", 20, seed=8, record=True, backend=BACKEND)
    for i in range(20):
        state = batch.replay(i)
        assert isinstance(state, HandState) and state.is_over
        assert state.result is not None and list(state.result.points) == list(batch.points[i])


def test_the_research_example_runs_as_written(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/research.md, "The batch kernel": its Python block runs as written and prints
    what the page says it prints."""
    text = (Path(__file__).resolve().parents[1] / "docs" / "research.md").read_text(encoding="utf-8")
    section = text.split("## The batch kernel", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```(\w*)\n(.*?)```", section, flags=re.S)
    code = [body for lang, body in blocks if lang == "python"]
    shown = [body for lang, body in blocks if lang == ""]
    assert len(code) == 1 and len(shown) == 1
    exec(compile(code[0], "docs/research.md", "exec"), {})
    assert capsys.readouterr().out == shown[0]
