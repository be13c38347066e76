"""Card play with the bot's next decision postponed (:mod:`euchre.bots.postponed`): one
next card for all the worlds the bot cannot tell apart, where plain PIMC takes the best
card of each world (strategy fusion)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

import pytest

from euchre.bots import postponed
from euchre.bots.heuristic import HeuristicBot
from euchre.bots.postponed import postponed_values
from euchre.bots.rollout import RolloutBot
from euchre.bots.rollout_settings import EXPERT_SETTINGS
from euchre.core import EuchreError, HandState, Phase, preset
from euchre.core.actions import PLAY_BASE
from euchre.core.sampling import sample_world
from euchre.core.views import view_of
from euchre.solver import solve_points


def _lowest_line(hand: HandState, seat: int, card: int) -> int:
    """How many legal cards ``seat`` holds at its next turn after playing ``card``, the
    others each playing their lowest legal card (the fake solver's line); 0 when the
    play ends first. ``hand`` is left as it was."""
    hand.push(PLAY_BASE + card)
    pushed = 1
    while hand.phase == Phase.PLAY and hand.turn != seat:
        hand.push(PLAY_BASE + min(a.card for a in hand.legal_actions()))
        pushed += 1
    choices = len(hand.legal_actions()) if hand.phase == Phase.PLAY else 0
    for _ in range(pushed):
        hand.pop()
    return choices


def _exchanged(hand: HandState) -> HandState:
    """A copy of ``hand`` in which the two seats after the seat to play hold each
    other's cards."""
    other = hand.copy()
    after, far = (hand.turn + 1) % 4, (hand.turn + 2) % 4
    other.hands[after], other.hands[far] = hand.hands[far], hand.hands[after]
    other._legal = None
    return other


def _fusable_hand(seed: int) -> HandState:
    """A modern-standard hand dealt by a seed from ``seed`` on and bid by the heuristic,
    at the first card of the play, where the seat to play has two or more legal cards
    at its next turn whichever card it plays now (the others playing their lowest), in
    the hand and in :func:`_exchanged` of it."""
    for s in range(seed, seed + 200):
        hand = HandState.deal(preset("modern-standard"), 0, random.Random(s))
        bots = [HeuristicBot(i) for i in range(4)]
        while hand.phase != Phase.PLAY and not hand.is_over:
            hand.apply(bots[hand.turn].choose(view_of(hand, hand.turn)))
        if hand.is_over or hand.alone != -1:
            continue
        if all(_lowest_line(h, hand.turn, a.card) >= 2 for h in (hand, _exchanged(hand)) for a in hand.legal_actions()):
            return hand
    raise AssertionError("no such hand in 200 deals")


def _fake_solver(next_values: dict[int, dict[int, int]], root_seat: int) -> Callable[[HandState], dict[int, int]]:
    """A stand-in for the open-hand solver: at the others' turns every card is worth 0
    (so each plays its lowest legal card); at ``root_seat``'s turn the values
    ``next_values[id(world)]`` give, by the rank of the card among its legal cards
    (rank 2 and on: worth -9)."""
    def solve(world: HandState) -> dict[int, int]:
        cards = sorted(a.card for a in world.legal_actions() if a.is_play)
        if world.turn != root_seat:
            return {card: 0 for card in cards}
        by_rank = next_values[id(world)]
        return {card: by_rank.get(i, -9) for i, card in enumerate(cards)}
    return solve


def test_worlds_the_bot_cannot_tell_apart_share_its_next_card(monkeypatch: pytest.MonkeyPatch) -> None:
    # Two worlds in which the others play the same cards up to the bot's next turn, and
    # there its lowest card is worth +2 in one and -1 in the other, its second card the
    # reverse. PIMC counts the best of each: 2 in both, mean 2. Postponed, one card for
    # both worlds: (2 - 1) / 2 = 0.5 whichever it keeps.
    hand = _fusable_hand(5)
    seat = hand.turn
    one, twin = hand.copy(), hand.copy()
    monkeypatch.setattr(postponed, "solve_points", _fake_solver({id(one): {0: 2, 1: -1}, id(twin): {0: -1, 1: 2}}, seat))
    root = {a.card: 2 for a in hand.legal_actions()}
    assert postponed_values([(one, 1.0, root), (twin, 1.0, root)], seat) == {card: 0.5 for card in root}
    # The first world three times as likely: (3 * 2 - 1) / 4 = 1.25.
    assert postponed_values([(one, 3.0, root), (twin, 1.0, root)], seat) == {card: 1.25 for card in root}
    # The worlds are left as they were.
    assert one.history == twin.history == hand.history and one.hands == hand.hands


def test_worlds_the_bot_can_tell_apart_keep_their_own_next_card(monkeypatch: pytest.MonkeyPatch) -> None:
    # The same values, but in the second world the seat after the bot holds the cards
    # of the seat after that (the two hands exchanged), so it plays another card: the
    # bot sees which world it is in and takes the best card of each, as PIMC does: 2.
    hand = _fusable_hand(5)
    seat = hand.turn
    one, swapped = hand.copy(), _exchanged(hand)
    monkeypatch.setattr(postponed, "solve_points",
                        _fake_solver({id(one): {0: 2, 1: -1}, id(swapped): {0: -1, 1: 2}}, seat))
    root = {a.card: 2 for a in hand.legal_actions()}
    assert postponed_values([(one, 1.0, root), (swapped, 1.0, root)], seat) == {card: 2.0 for card in root}


def _sampled(name: str, seed: int, worlds: int, decisions: int = 12) -> list[list[tuple[HandState, float, dict[int, int]]]]:
    """``worlds`` worlds sampled from the view of the seat to play, solved, at every card
    decision with a choice in hands of ``name`` played by the heuristic, until there are
    ``decisions`` or more."""
    rules = preset(name)
    seats = rules.table.seats
    rng = random.Random(seed)
    out = []
    for _ in range(4 * decisions):
        hand = HandState.deal(rules, rng.randrange(seats), rng)
        bots = [HeuristicBot(i) for i in range(seats)]
        while not hand.is_over:
            view = view_of(hand, hand.turn)
            if hand.phase == Phase.PLAY and len(view.legal) > 1:
                drawn = [sample_world(view, rng) for _ in range(worlds)]
                out.append([(w, 1.0, solve_points(w)) for w in drawn])
            hand.apply(bots[hand.turn].choose(view))
        if len(out) >= decisions:
            return out
    return out


@pytest.mark.parametrize("name", ["modern-standard", "openspiel", "cutthroat-3", "two-handed"])
def test_one_world_alone_keeps_its_open_hand_values(name: str) -> None:
    # Nothing to fuse: the solver's line to the bot's next turn and its best card there
    # give back the value the solver found for each card at the root.
    for decision in _sampled(name, 3, 1):
        world, _, values = decision[0]
        assert postponed_values(decision, world.turn) == {card: float(v) for card, v in values.items()}


def test_postponing_never_raises_a_value_and_lowers_some() -> None:
    # One card for the worlds the bot cannot tell apart is never worth more than the
    # best card of each (a maximum of sums is at most the sum of maxima); over these
    # decisions it is worth less somewhere (the positive control: fusion was found).
    lowered = 0
    for decision in _sampled("modern-standard", 4, 20, 40):
        seat = decision[0][0].turn
        pimc = {card: sum(v[card] for _, _, v in decision) / len(decision) for card in decision[0][2]}
        values = postponed_values(decision, seat)
        assert all(values[card] <= pimc[card] + 1e-9 for card in pimc)
        lowered += any(values[card] < pimc[card] - 1e-9 for card in pimc)
    assert lowered > 0


def test_bad_worlds_are_refused_with_a_clear_error() -> None:
    decision = _sampled("modern-standard", 3, 2)[0]
    seat = decision[0][0].turn
    with pytest.raises(EuchreError, match="at least one world"):
        postponed_values([], seat)
    with pytest.raises(EuchreError, match="weight"):
        postponed_values([(decision[0][0], 0.0, decision[0][2])], seat)
    with pytest.raises(EuchreError, match="legal cards"):
        postponed_values([decision[0], (decision[1][0], 1.0, {99: 0})], seat)
    with pytest.raises(EuchreError, match="finite"):
        postponed_values([(decision[0][0], float("inf"), decision[0][2])], seat)
    with pytest.raises(EuchreError, match="to play"):
        postponed_values([decision[0]], seat + 1)
    world, _, values = decision[0]
    wrong = dict.fromkeys([*values, *(c for c in range(24) if c not in values)][:len(values) + 1], 0)
    with pytest.raises(EuchreError, match="legal cards"):
        postponed_values([(world, 1.0, wrong)], seat)


def test_the_setting_needs_the_card_play_and_a_bool() -> None:
    with pytest.raises(EuchreError, match="postpone"):
        RolloutBot(0, dataclasses.replace(EXPERT_SETTINGS, postpone=True), play_worlds=0, learned=True)
    with pytest.raises(EuchreError, match="postpone must be True or False"):
        dataclasses.replace(EXPERT_SETTINGS, postpone=1)


def test_the_bot_chooses_by_the_postponed_values() -> None:
    hand = _fusable_hand(5)
    view = view_of(hand, hand.turn)
    bot = RolloutBot(2, dataclasses.replace(EXPERT_SETTINGS, postpone=True), play_worlds=6, learned=True)
    action = bot.choose(view)
    assert action in view.legal
    search = bot.last_search
    assert search is not None and search.method == "pimc"
    # The same worlds (same seed, same draws) valued by postponed_values directly.
    twin = RolloutBot(2, EXPERT_SETTINGS, play_worlds=6, learned=True)
    twin.choose(view)
    assert twin.last_search is not None
    pimc = {a.card: v for a, v in twin.last_search.values.items()}
    assert all(search.values[a] <= pimc[a.card] + 1e-9 for a in search.values)
    assert search.values[action] == max(search.values.values())


def test_a_card_below_the_best_postponed_value_keeps_its_bound_and_the_choice_is_the_same() -> None:
    # A card whose PIMC value is below a postponed value already found cannot be the
    # best (postponing only lowers values): it is not valued again, and the best card is
    # the one that valuing every card finds.
    kept = 0
    for decision in _sampled("modern-standard", 4, 20, 40):
        seat = decision[0][0].turn
        pimc = {card: sum(v[card] for _, _, v in decision) / len(decision) for card in decision[0][2]}
        full = postponed_values(decision, seat, every_card=True)
        quick = postponed_values(decision, seat)
        best = max(full.values())
        assert {c for c, v in quick.items() if v >= best - 1e-9} == {c for c, v in full.items() if v >= best - 1e-9}
        for card, value in quick.items():
            assert value == pytest.approx(full[card]) or (value == pimc[card] and value < best - 1e-9)
        kept += any(quick[c] != full[c] for c in quick)
    assert kept > 0  # the shortcut was taken
