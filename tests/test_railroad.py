"""Railroad euchre's call for best (``call_for_best``; X-20 Bicycle "Railroad Euchre", X-15c
Keller 1887 ch. 6; RULES.md decision 20): the lone player's partner gives him his best
card face down, the lone player discards one face down; with
``lone_maker_and_lone_defender`` the lone defender gets his partner's best card too.

The fixed deal below is worked by hand: East orders up hearts alone and his partner West
holds the joker; North, the dealer, takes up the 9♥ and defends alone, and his partner
South gives him his one ace.
"""

from __future__ import annotations

import random

import pytest

from euchre.bots.base import RuleBot
from euchre.bots.knowledge import knowledge_of
from euchre.bots.levels import BOT_LEVELS, make_bot
from euchre.core import (
    Action,
    Game,
    HandState,
    IllegalActionError,
    Phase,
    Rules,
    RulesError,
    preset,
    sample_world,
    view_of,
)
from euchre.core.actions import GIVE_BASE, action_text, parse_action
from euchre.core.cards import deck_cards, parse_card
from euchre.core.errors import RecordError
from euchre.core.hand import set_debug_checks
from euchre.core.views import HIDDEN, HIDDEN_GIVE, PlayerView
from euchre.records import dumps, loads
from euchre.records.egn import dumps_egn
from euchre.text.words import card_words, describe

N, E, S, W = 0, 1, 2, 3
RAILROAD = preset("railroad")


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


HANDS = {
    N: cards("QH TH AS KS 8C"),
    E: cards("JH JD AH KH 7C"),
    S: cards("AC QC TC KD QD"),
    W: cards("JK 9S 8S 7S 7D"),
}
UPCARD = parse_card("9H")


def fixed_hand(rules: Rules = RAILROAD) -> HandState:
    dealt = {c for h in HANDS.values() for c in h} | {UPCARD}
    rest = [c for c in deck_cards(rules.deck, rules.joker) if c not in dealt]
    return HandState.from_deal(rules, N, [HANDS[s] for s in (N, E, S, W)], [UPCARD, *rest])


def to_first_give(hand: HandState) -> HandState:
    hand.apply("order-alone")  # East, eldest: hearts, alone
    hand.apply("discard-8C")   # North, the dealer, takes up the 9H
    return hand


def test_the_partner_gives_any_of_his_cards_then_the_lone_player_discards_one_of_six() -> None:
    hand = to_first_give(fixed_hand())
    assert (hand.phase, hand.turn) == (Phase.GIVE_BEST, W)
    assert sorted(a.card for a in hand.legal_actions()) == sorted(HANDS[W])
    assert all(a.is_give for a in hand.legal_actions())
    hand.apply("give-JK")
    assert (hand.phase, hand.turn) == (Phase.BEST_DISCARD, E)
    assert sorted(hand.hand_of(E)) == sorted([*HANDS[E], parse_card("JK")])
    assert sorted(hand.hand_of(W)) == sorted(cards("9S 8S 7S 7D"))
    # any of the six may go, the card just received included
    assert sorted(a.card for a in hand.legal_actions()) == sorted(hand.hand_of(E))
    hand.apply("discard-7C")
    assert sorted(hand.hand_of(E)) == sorted(cards("JK JH JD AH KH"))
    # then the defenders are asked, from the dealer's left: South, then North
    assert (hand.phase, hand.turn) == (Phase.DEFEND_ALONE, S)


def test_the_lone_defender_gets_his_partners_best_card_too() -> None:
    hand = to_first_give(fixed_hand())
    for action in ("give-JK", "discard-7C", "pass", "defend-alone"):
        hand.apply(action)
    assert (hand.phase, hand.turn) == (Phase.GIVE_BEST, S)
    hand.apply("give-AC")
    assert (hand.phase, hand.turn) == (Phase.BEST_DISCARD, N)
    assert sorted(hand.hand_of(N)) == sorted(cards("QH TH 9H AS KS AC"))
    hand.apply("discard-KS")
    assert hand.phase == Phase.PLAY
    assert hand.hand_of(N) == sorted(cards("QH TH 9H AS AC"))
    assert [len(hand.hand_of(s)) for s in (N, E, S, W)] == [5, 5, 4, 4]
    # alone_lead = first_active_left_of_dealer: East, left of the dealer, leads
    assert hand.turn == E


def test_a_lone_player_with_the_five_best_trumps_marches_for_four() -> None:
    # East holds JK JH JD AH KH, the five highest hearts: he takes every trick. Keller
    # (X-15c): "If the lone player takes all the tricks, he is entitled to score four points".
    hand = to_first_give(fixed_hand())
    for action in ("give-JK", "discard-7C", "pass", "defend-alone", "give-AC", "discard-KS"):
        hand.apply(action)
    while not hand.is_over:
        hand.apply(hand.legal_actions()[0])
    assert hand.result is not None
    assert hand.result.tricks == (0, 5)
    assert hand.result.points == (0, 4)


def test_with_lone_maker_only_the_defender_gets_no_card() -> None:
    hand = to_first_give(fixed_hand(RAILROAD.replace(call_for_best="lone_maker")))
    for action in ("give-JK", "discard-7C", "pass", "defend-alone"):
        hand.apply(action)
    assert hand.phase == Phase.PLAY


def test_without_the_rule_or_without_a_lone_hand_nobody_gives() -> None:
    plain = to_first_give(fixed_hand(RAILROAD.replace(call_for_best="none")))
    assert plain.phase == Phase.DEFEND_ALONE
    together = fixed_hand()
    together.apply("order")
    together.apply("discard-8C")
    assert together.phase == Phase.PLAY  # no lone maker: no call for best, nor defending alone


def test_a_dealer_going_alone_discards_twice() -> None:
    # East, South and West pass; North takes up the 9H alone: his own discard, then South's
    # best card and a second discard.
    hand = fixed_hand()
    for action in ("pass", "pass", "pass", "order-alone"):
        hand.apply(action)
    assert (hand.phase, hand.turn) == (Phase.DISCARD, N)
    hand.apply("discard-8C")
    assert (hand.phase, hand.turn) == (Phase.GIVE_BEST, S)
    hand.apply("give-AC")
    hand.apply("discard-KS")
    assert hand.phase == Phase.DEFEND_ALONE and hand.hand_of(N) == sorted(cards("QH TH 9H AS AC"))


# ------------------------------------------------------- the upcard stays the dealer's
# RULES.md decision 10 (amended, issue 34): the upcard the dealer took up stays his until
# played, at the second discard and at a give too (S001 L10 "leaves it on the pack until
# it is played"; Leeds & Dwight 1888 s88 "The trump card cannot be discarded", s91 "must
# be left in view till played"; X-15c "discard one card from his own hand").
def _texts(hand: HandState) -> set[str]:
    return {str(a) for a in hand.legal_actions()}


def _dealer_alone_after_his_partners_card(rules: Rules = RAILROAD) -> HandState:
    """North, the dealer, takes up the 9H alone, discards the 8C and gets South's AC:
    he holds QH TH 9H AS KS AC and must discard one."""
    hand = fixed_hand(rules)
    for action in ("pass", "pass", "pass", "order-alone", "discard-8C", "give-AC"):
        hand.apply(action)
    assert (hand.phase, hand.turn) == (Phase.BEST_DISCARD, N)
    return hand


def _dealers_partner_defends_alone(rules: Rules = RAILROAD) -> HandState:
    """East orders up alone, North takes up the 9H (discarding the 8C), West gives East the
    joker and East discards the 7C; South defends alone, so North, the dealer, sits out and
    gives South his best card: he holds QH TH 9H AS KS."""
    hand = to_first_give(fixed_hand(rules))
    for action in ("give-JK", "discard-7C", "defend-alone"):
        hand.apply(action)
    assert (hand.phase, hand.turn) == (Phase.GIVE_BEST, N)
    return hand


def test_the_upcard_stays_the_dealers_at_his_second_discard_and_at_his_give() -> None:
    """Decision 10 (S001 L10; Leeds & Dwight s88, s91; X-15c): the legal sets worked by
    hand. A lone dealer's second discard: his six but the 9H; a dealer defending alone the
    same; a sitting-out dealer's give: his five but the 9H."""
    lone = _dealer_alone_after_his_partners_card()
    assert _texts(lone) == {f"discard-{c}" for c in ("QH", "TH", "AS", "KS", "AC")}
    defending = to_first_give(fixed_hand())
    for action in ("give-JK", "discard-7C", "pass", "defend-alone", "give-AC"):
        defending.apply(action)
    assert (defending.phase, defending.turn) == (Phase.BEST_DISCARD, N)
    assert _texts(defending) == {f"discard-{c}" for c in ("QH", "TH", "AS", "KS", "AC")}
    sitting_out = _dealers_partner_defends_alone()
    assert _texts(sitting_out) == {f"give-{c}" for c in ("QH", "TH", "AS", "KS")}


def test_regression_a_lone_dealer_was_offered_the_upcard_at_his_second_discard() -> None:
    hand = _dealer_alone_after_his_partners_card()
    assert "discard-9H" not in _texts(hand)
    with pytest.raises(IllegalActionError):
        hand.apply("discard-9H")
    assert parse_card("9H") in hand.hand_of(N)  # the refused action changed nothing


def test_regression_a_sitting_out_dealer_could_give_the_upcard_face_down() -> None:
    hand = _dealers_partner_defends_alone()
    assert "give-9H" not in _texts(hand)
    with pytest.raises(IllegalActionError):
        hand.apply("give-9H")


def test_regression_the_joker_named_blind_was_offered_at_the_second_discard() -> None:
    # RULES.md decision 10: the joker turned up and named blind is the upcard; the dealer
    # may discard it at neither discard. North names hearts blind, alone.
    hands = {N: cards("QH TH AS KS 8C"), E: cards("JH JD AH KH 7C"), S: cards("AC QC TC KD QD"),
             W: cards("9H 9S 8S 7S 7D")}
    joker = parse_card("JK")
    dealt = {c for h in hands.values() for c in h} | {joker}
    rest = [c for c in deck_cards(RAILROAD.deck, RAILROAD.joker) if c not in dealt]
    hand = HandState.from_deal(RAILROAD, N, [hands[s] for s in (N, E, S, W)], [joker, *rest])
    assert hand.phase == Phase.BLIND_NAME
    hand.apply("name-H-alone")
    assert "discard-JK" not in _texts(hand)
    hand.apply("discard-8C")
    hand.apply("give-AC")
    assert (hand.phase, hand.turn) == (Phase.BEST_DISCARD, N)
    assert _texts(hand) == {f"discard-{c}" for c in ("QH", "TH", "AS", "KS", "AC")}


def test_with_dealer_may_discard_upcard_it_may_go_at_either_discard_or_be_given() -> None:
    # The house rule makes the upcard one of the dealer's cards like the others (decision 10).
    rules = RAILROAD.replace(dealer_may_discard_upcard=True)
    lone = _dealer_alone_after_his_partners_card(rules)
    assert _texts(lone) == {f"discard-{c}" for c in ("QH", "TH", "9H", "AS", "KS", "AC")}
    sitting_out = _dealers_partner_defends_alone(rules)
    assert _texts(sitting_out) == {f"give-{c}" for c in ("QH", "TH", "9H", "AS", "KS")}


def _replays(world: HandState) -> bool:
    """Whether ``world``'s history is legal, action by action, on its own deal."""
    again = world.as_dealt()
    try:
        for _, code in world.history:
            again.apply(code)
    except IllegalActionError:
        return False
    return True


def _agrees(world: HandState, seat: int, view: PlayerView) -> bool:
    """The consistency check of a world against a seat's view: the same view, and a
    history that the rules allow on the world's deal."""
    return view_of(world, seat) == view and _replays(world)


def test_after_the_dealers_second_discard_every_view_and_world_keep_the_upcard_with_him() -> None:
    """Decision 10: the views are right as they stand (the 9H went to the dealer, and it is
    still his), and every world sampled for every other seat agrees and has it in his hand."""
    up = parse_card("9H")
    lone = _dealer_alone_after_his_partners_card()
    lone.apply("discard-KS")
    sitting_out = _dealers_partner_defends_alone()
    sitting_out.apply("give-KS")
    sitting_out.apply("discard-QD")
    assert lone.phase == Phase.DEFEND_ALONE and sitting_out.phase == Phase.PLAY
    for hand in (lone, sitting_out):
        for seat in (E, S, W):
            view = view_of(hand, seat)
            assert view.upcard_to_dealer and view.upcard == up
            for k in range(60):
                world = sample_world(view, random.Random(k))
                assert _agrees(world, seat, view)
                assert up in world.hand_of(N)


def test_positive_control_a_world_where_the_dealer_discarded_the_upcard_fails_the_check() -> None:
    # The discard is face down: East's view of a world where North put out the 9H at his
    # second discard is East's view of the real hand. Only the rules tell them apart, and
    # the check above replays them: such a world is caught.
    hand = _dealer_alone_after_his_partners_card()
    hand.apply("discard-KS")
    view = view_of(hand, E)
    contrary = _dealer_alone_after_his_partners_card()
    checks = set_debug_checks(False)  # push does not check then, as in search
    try:
        contrary.push(int(Action.discard(parse_card("9H"))))
    finally:
        set_debug_checks(checks)
    assert parse_card("9H") not in contrary.hand_of(N)
    assert view_of(contrary, E) == view
    assert not _agrees(contrary, E, view)
    assert _agrees(hand, E, view)


def _places(worlds: int, hand: HandState, seat: int) -> dict[str, int]:
    """Where the 9H lies in ``worlds`` worlds sampled for ``seat``: North's hand, North's
    first discard, North's second, South's hand, South's discard."""
    up = parse_card("9H")
    count = dict.fromkeys(("N hand", "N first", "N second", "S hand", "S discard"), 0)
    view = view_of(hand, seat)
    for k in range(worlds):
        world = sample_world(view, random.Random(k))
        assert _agrees(world, seat, view)
        discards = [(s, code - 20) for s, code in world.history if 20 <= code < 53]
        if up in world.hand_of(N):
            count["N hand"] += 1
        elif up in world.hand_of(S):
            count["S hand"] += 1
        elif discards[0] == (N, up):
            count["N first"] += 1
        elif (N, up) in discards:
            count["N second"] += 1
        else:
            assert (S, up) in discards
            count["S discard"] += 1
    return count


def _near(count: int, worlds: int, chance: float) -> bool:
    """``count`` of ``worlds`` is within four standard deviations of ``chance``."""
    sd = (worlds * chance * (1 - chance)) ** 0.5
    return abs(count - worlds * chance) <= 4 * sd + 1


def test_regression_worlds_kept_the_upcard_with_a_dealer_who_may_have_discarded_it_twice() -> None:
    """With dealer_may_discard_upcard a lone dealer may put the upcard out at either
    discard: the worlds drawn for East hold both, with the weights of decision 10's model
    (each discard a uniform choice among six: first 1/6, second 5/6 * 1/6 = 5/36, kept
    25/36). They were always in his hand after the second discard."""
    rules = RAILROAD.replace(dealer_may_discard_upcard=True)
    hand = _dealer_alone_after_his_partners_card(rules)
    hand.apply("discard-KS")
    worlds = 2000
    count = _places(worlds, hand, E)
    assert count["S hand"] == count["S discard"] == 0
    for place, chance in (("N first", 1 / 6), ("N second", 5 / 36), ("N hand", 25 / 36)):
        assert _near(count[place], worlds, chance), (place, count)


def test_regression_worlds_kept_the_upcard_with_a_sitting_out_dealer_who_may_have_given_it() -> None:
    """With dealer_may_discard_upcard a sitting-out dealer may give the upcard to his
    partner defending alone, who may discard it: East's worlds (he sees neither) hold every
    place, weighed by decision 10's model: North's discard 1/6; given 5/6 * 1/5 = 1/6, of
    which South discards it 1/6 (1/36) and keeps it 5/36; still North's 2/3."""
    rules = RAILROAD.replace(dealer_may_discard_upcard=True)
    hand = _dealers_partner_defends_alone(rules)
    hand.apply("give-KS")
    hand.apply("discard-QD")
    worlds = 3000
    count = _places(worlds, hand, E)
    assert count["N second"] == 0
    for place, chance in (("N first", 1 / 6), ("N hand", 2 / 3), ("S hand", 5 / 36), ("S discard", 1 / 36)):
        assert _near(count[place], worlds, chance), (place, count)


def test_positive_control_the_weights_check_catches_a_sampler_that_never_discards_the_upcard() -> None:
    # Before the fix every world had the upcard in the lone dealer's hand: such counts
    # fail the check on each discard.
    worlds = 2000
    assert not _near(0, worlds, 1 / 6) and not _near(0, worlds, 5 / 36)
    assert not _near(worlds, worlds, 25 / 36)


def test_regression_the_givers_worlds_never_had_the_lone_player_discard_the_card_given() -> None:
    """The same fault for the card given for best: West gave East the joker and sees
    East's discard face down; East may have discarded it (one of six: 1/6 by decision
    10's model), so West's worlds hold both."""
    hand = to_first_give(fixed_hand())
    hand.apply("give-JK")
    hand.apply("discard-7C")
    view = view_of(hand, W)
    joker = parse_card("JK")
    worlds = 1200
    discarded = 0
    for k in range(worlds):
        world = sample_world(view, random.Random(k))
        assert _agrees(world, W, view)
        discarded += joker not in world.hand_of(E)
    assert 0 < discarded and _near(discarded, worlds, 1 / 6), discarded


def test_after_bidding_timing_gives_the_card_after_the_alone_decision() -> None:
    hand = fixed_hand(RAILROAD.replace(alone_declare_timing="after_bidding"))
    hand.apply("order")
    hand.apply("discard-8C")
    assert hand.phase == Phase.ALONE_DECISION
    hand.apply("alone")
    assert (hand.phase, hand.turn) == (Phase.GIVE_BEST, W)


def test_push_and_pop_undo_a_give_and_a_discard() -> None:
    hand = to_first_give(fixed_hand())
    before = (list(hand.hands), hand.phase, hand.turn, hand.best_done, list(hand.history))
    hand.push(int(Action.give(parse_card("JK"))))
    hand.push(int(Action.discard(parse_card("7C"))))
    assert hand.best_done == 1
    hand.pop()
    hand.pop()
    assert (list(hand.hands), hand.phase, hand.turn, hand.best_done, list(hand.history)) == before


def test_the_give_action_reads_and_writes_as_text() -> None:
    code = int(Action.give(parse_card("JK")))
    assert code == GIVE_BASE + 32 == 132
    assert action_text(code) == "give-JK" and parse_action("give-jh") == GIVE_BASE + parse_card("JH")
    assert Action(code).is_give and not Action(code).is_play and Action(code).card == 32
    assert not Action.play(parse_card("JH")).is_give


# ---------------------------------------------------------------------------- views
def _card_seen(seat: int, hand: HandState, card: int) -> bool:
    """Whether ``card`` appears in what ``seat`` is shown of the calls (its view's history)."""
    return any(code == GIVE_BASE + card or code == 20 + card for _, code in view_of(hand, seat).history)


def test_the_card_given_is_seen_by_the_two_partners_only() -> None:
    hand = to_first_give(fixed_hand())
    hand.apply("give-JK")
    joker = parse_card("JK")
    assert [_card_seen(s, hand, joker) for s in (N, E, S, W)] == [False, True, False, True]
    assert view_of(hand, N).history[-1] == (W, HIDDEN_GIVE)
    # positive control: the check finds the card in the full history
    assert any(code == GIVE_BASE + joker for _, code in hand.history)


def test_the_lone_players_discard_is_seen_by_him_only() -> None:
    hand = to_first_give(fixed_hand())
    hand.apply("give-JK")
    hand.apply("discard-7C")
    seven = parse_card("7C")
    assert [_card_seen(s, hand, seven) for s in (N, E, S, W)] == [False, True, False, False]
    assert view_of(hand, W).history[-1] == (E, HIDDEN)
    assert any(code == 20 + seven for _, code in hand.history)  # positive control


def test_the_words_say_face_down_to_the_opponents() -> None:
    hand = to_first_give(fixed_hand())
    hand.apply("give-JK")
    code = GIVE_BASE + parse_card("JK")
    words = {v: describe(code, W, dealer=N, phase=Phase.GIVE_BEST, viewer=v) for v in (N, E, S, W)}
    assert words[E] == words[W] == f"gives his partner {card_words(parse_card('JK'))} face down"
    assert words[N] == words[S] == "gives his partner a card face down"
    assert hand.history_phases[-1] == Phase.GIVE_BEST
    hand.apply("discard-7C")
    assert hand.history_phases[-2:] == (Phase.GIVE_BEST, Phase.BEST_DISCARD)
    assert hand.history_phases[1] == Phase.DISCARD


def _railroad_states(seed: int) -> list[HandState]:
    """Every state of a random hand where lone hands are taken whenever offered."""
    rng = random.Random(seed)
    hand = HandState.deal(RAILROAD, seed % 4, rng)
    out = []
    while not hand.is_over:
        out.append(hand.copy())
        legal = hand.legal_actions()
        lone = [a for a in legal if a in (Action.ORDER_UP_ALONE, Action.DEFEND_ALONE) or (a.is_naming and a.is_alone)]
        hand.apply(lone[0] if lone and rng.random() < 0.8 else rng.choice(legal))
    return out


def test_sampled_worlds_agree_with_every_seats_view() -> None:
    gives = 0
    for seed in range(40):
        for state in _railroad_states(seed):
            gives += state.phase == Phase.BEST_DISCARD
            for seat in (N, E, S, W):
                view = view_of(state, seat)
                world = sample_world(view, random.Random(seed * 4 + seat))
                assert view_of(world, seat) == view
    assert gives > 20  # the seeds do reach the call for best


def test_positive_control_a_world_with_the_given_card_elsewhere_shows_another_view() -> None:
    # The giver knows where his card went: a world where East did not get the joker is
    # told apart by West's view (the check above would catch a sampler that misplaced it).
    hand = to_first_give(fixed_hand())
    hand.apply("give-JK")
    other = to_first_give(fixed_hand())
    other.apply("give-9S")
    assert view_of(hand, W) != view_of(other, W)
    assert view_of(hand, N).history == view_of(other, N).history  # the opponents cannot tell


# ---------------------------------------------------------------------------- bots
@pytest.mark.parametrize("level", BOT_LEVELS)
def test_every_bot_level_answers_the_new_decisions_legally(level: str) -> None:
    hand = to_first_give(fixed_hand())
    give = make_bot(level, 1).choose(view_of(hand, W))
    assert give in hand.legal_actions()
    hand.apply("give-JK")
    discard = make_bot(level, 2).choose(view_of(hand, E))
    assert discard in hand.legal_actions()


@pytest.mark.parametrize("level", ["beginner", "intermediate"])
def test_the_rule_bots_give_the_highest_trump_and_discard_the_lowest_card(level: str) -> None:
    hand = to_first_give(fixed_hand())
    assert make_bot(level, 1).choose(view_of(hand, W)) == Action.give(parse_card("JK"))
    hand.apply("give-JK")
    # East's only plain card is the 7C
    assert make_bot(level, 1).choose(view_of(hand, E)) == Action.discard(parse_card("7C"))
    hand.apply("discard-7C")
    hand.apply("pass")
    hand.apply("defend-alone")
    # South holds no trump: his highest card, the AC, his only ace
    assert make_bot(level, 1).choose(view_of(hand, S)) == Action.give(parse_card("AC"))


def _upcard_is_the_dealers_best() -> HandState:
    """The right bower turned up: East orders up hearts alone, North takes the JH up
    (discarding the 8C), West gives the joker, East discards the 7C, South defends alone;
    North, sitting out, holds JH 9H TH AS KS and must give South a card."""
    hands = [cards("9H TH AS KS 8C"), cards("JD AH KH QH 7C"), cards("AC QC TC KD QD"), cards("JK 9S 8S 7S 7D")]
    up = parse_card("JH")
    dealt = {c for h in hands for c in h} | {up}
    rest = [c for c in deck_cards(RAILROAD.deck, RAILROAD.joker) if c not in dealt]
    hand = HandState.from_deal(RAILROAD, N, hands, [up, *rest])
    for action in ("order-alone", "discard-8C", "give-JK", "discard-7C", "defend-alone"):
        hand.apply(action)
    assert (hand.phase, hand.turn) == (Phase.GIVE_BEST, N)
    return hand


@pytest.mark.parametrize("level", BOT_LEVELS)
def test_regression_a_bot_gave_the_upcard_it_must_keep(level: str) -> None:
    # The heuristic chose its highest trump from its whole hand: the JH, the upcard a
    # sitting-out dealer keeps (RULES.md decision 10), which the guard of RuleBot.choose
    # then swapped for the first legal card. Every level gives a legal card, and a rule
    # bot's own answer is legal, not only the guarded one.
    hand = _upcard_is_the_dealers_best()
    bot = make_bot(level, 1)
    view = view_of(hand, N)
    give = bot.choose(view)
    assert give in hand.legal_actions() and give != Action.give(parse_card("JH"))
    if isinstance(bot, RuleBot):
        assert bot.preferred(view) in view.legal


@pytest.mark.parametrize("level", ["beginner", "intermediate"])
def test_the_rule_bots_give_their_highest_trump_but_the_upcard(level: str) -> None:
    hand = _upcard_is_the_dealers_best()
    assert make_bot(level, 1).choose(view_of(hand, N)) == Action.give(parse_card("TH"))


def test_regression_bots_held_the_upcard_with_a_dealer_who_may_have_discarded_it() -> None:
    """The bots' card knowledge: a dealer who may not part with the upcard holds it, as
    every other seat knows; under dealer_may_discard_upcard, once he has discarded face
    down (at his own discard and his second), the others cannot tell where it is
    (RULES.md decision 10). The knowledge said "North holds it" either way."""
    up = 1 << parse_card("9H")
    kept = _dealer_alone_after_his_partners_card()
    kept.apply("discard-KS")
    assert knowledge_of(view_of(kept, E)).held[N] & up
    free = _dealer_alone_after_his_partners_card(RAILROAD.replace(dealer_may_discard_upcard=True))
    free.apply("discard-KS")
    for seat in (E, S, W):
        kn = knowledge_of(view_of(free, seat))
        assert not kn.held[N] & up and kn.unknown & up, seat
    # the first discard alone, without calling for best, is the same case
    plain = fixed_hand(RAILROAD.replace(dealer_may_discard_upcard=True, call_for_best="none"))
    plain.apply("order")
    plain.apply("discard-8C")
    kn = knowledge_of(view_of(plain, E))
    assert not kn.held[N] & up and kn.unknown & up
    # a sitting-out dealer who gave a card face down to his lone partner may have given it
    sitting_out = _dealers_partner_defends_alone(RAILROAD.replace(dealer_may_discard_upcard=True))
    sitting_out.apply("give-KS")
    kn = knowledge_of(view_of(sitting_out, E))
    assert not kn.held[N] & up and not kn.dead & up and kn.unknown & up
    # the dealer's partner saw the card given: not the 9H, so it is out of play with North
    assert knowledge_of(view_of(sitting_out, S)).dead & up


def test_regression_the_giver_held_his_card_with_the_lone_player_after_his_discard() -> None:
    # West gave East the joker: East holds it until he discards one of six face down,
    # which may be the joker; from then on West cannot tell.
    joker = 1 << parse_card("JK")
    hand = to_first_give(fixed_hand())
    hand.apply("give-JK")
    assert knowledge_of(view_of(hand, W)).held[E] & joker
    hand.apply("discard-7C")
    kn = knowledge_of(view_of(hand, W))
    assert not kn.held[E] & joker and kn.unknown & joker


def test_bots_play_whole_railroad_games_and_the_record_replays() -> None:
    from euchre.bots.runner import play_game

    game = play_game(RAILROAD, [make_bot("random", s) for s in range(4)], seed=3)
    assert game.result is not None
    assert any(code >= GIVE_BASE for h in game.finished_hands for _, code in h.history)
    again, _ = loads(dumps(game))
    assert [h.history for h in again.finished_hands] == [h.history for h in game.finished_hands]


def test_egn_refuses_the_call_for_best_naming_it() -> None:
    with pytest.raises(RecordError, match="call_for_best = lone_maker_and_lone_defender"):
        dumps_egn(Game(RAILROAD, 1))


def test_the_railroad_preset_is_playable_with_its_sources() -> None:
    from euchre.core.presets import PLAYABLE_PRESETS, PRESET_SOURCES

    assert "railroad" in PLAYABLE_PRESETS
    assert RAILROAD.call_for_best == "lone_maker_and_lone_defender" and RAILROAD.joker and RAILROAD.defend_alone
    assert "X-20" in PRESET_SOURCES["railroad"]["call_for_best"]
    with pytest.raises(RulesError, match="call_for_best = sometimes is not allowed"):
        RAILROAD.replace(call_for_best="sometimes")



# ---------------------------------------------------------------------------- the terminal
def _human(seat: int, hand: HandState, answers: list[str]) -> tuple[Action, str]:
    import io

    from rich.console import Console

    from euchre.cli.narrator import Narrator
    from euchre.cli.prompts import HumanPlayer

    game = Game(RAILROAD, 1)
    game.hand = hand
    buf = io.StringIO()
    console = Console(file=buf, width=100, highlight=False, emoji=False, markup=False, color_system=None)
    it = iter(answers)
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return next(it)

    action = HumanPlayer(game, console, Narrator(console, viewer=seat), read).choose(view_of(hand, seat))
    return action, buf.getvalue() + "".join(prompts)


def test_the_terminal_asks_the_partner_for_a_card_and_the_lone_player_for_a_discard() -> None:
    hand = to_first_give(fixed_hand())
    action, out = _human(W, hand, ["QH", "9s"])  # a card West does not hold, then one he does
    assert action == Action.give(parse_card("9S"))
    assert "calls for your best card" in out and "You do not hold" in out and "Give (" in out
    hand.apply(action)
    action, out = _human(E, hand, ["7c"])
    assert action == Action.discard(parse_card("7C"))
    assert "gave you" in out and "Discard (" in out


def test_regression_the_terminal_told_a_dealer_giving_the_upcard_to_play_a_card() -> None:
    # A sitting-out dealer who types the upcard when he gives his best card is told why it
    # cannot go (RULES.md decision 10); the message said "You may play ..." at a give.
    hand = _dealers_partner_defends_alone()
    action, out = _human(N, hand, ["9H", "QH"])
    assert action == Action.give(parse_card("QH"))
    assert "You may not give the upcard" in out and "You may play" not in out
    lone = _dealer_alone_after_his_partners_card()
    action, out = _human(N, lone, ["9h", "ks"])
    assert action == Action.discard(parse_card("KS"))
    assert "You may not discard the upcard" in out


def test_the_rules_in_words_say_the_dealer_keeps_the_upcard() -> None:
    # `euchre rules` and the table's words tell the players RULES.md decision 10.
    from euchre.text.explain import rules_in_words

    said = " ".join(rules_in_words(RAILROAD))
    assert "The dealer keeps the upcard he picked up: he never gives it or discards it." in said
    free = " ".join(rules_in_words(RAILROAD.replace(dealer_may_discard_upcard=True)))
    assert "keeps the upcard" not in free and "may discard it again" in free
