"""Plain PIMC, the baseline of the strength issue (:mod:`euchre.bots.pimc`): legal at
every decision, values worked by hand, and plain (worlds from the view alone, no
inference from the calls)."""

from __future__ import annotations

import random

import pytest

from euchre.bots.pimc import PlainPimcBot, open_values, parse_pimc
from euchre.core import HandState, preset, view_of
from euchre.core.actions import Action
from euchre.core.cards import deck_cards, parse_card
from euchre.core.errors import EuchreError
from euchre.core.hand import Phase
from euchre.core.sampling import sample_world

OPENSPIEL = preset("openspiel")


@pytest.mark.parametrize("name", ["openspiel", "modern-standard", "dc-club-1862"])
def test_plain_pimc_answers_legally_at_every_decision(name: str) -> None:
    rules = preset(name)
    rng = random.Random(5)
    bots = [PlainPimcBot(s, worlds=3) for s in range(4)]
    phases = set()
    for i in range(6):
        hand = HandState.deal(rules, i % 4, rng)
        while not hand.is_over:
            view = view_of(hand, hand.turn)
            action = bots[hand.turn].choose(view)
            assert action in hand.legal_actions()
            phases.add(hand.phase)
            hand.apply(action)
    assert {Phase.BID_ROUND_1, Phase.PLAY} <= phases


def _five_top_hearts() -> HandState:
    """openspiel rules, North deals and turns the 9 of hearts; East (eldest) holds the
    five highest hearts (right and left bowers, A, K, Q)."""
    east = [parse_card(c) for c in "JH JD AH KH QH".split()]
    others = [c for c in deck_cards(OPENSPIEL.deck, OPENSPIEL.joker) if c not in east and c != parse_card("9H")]
    hands = [others[0:5], east, others[5:10], others[10:15]]
    return HandState.from_deal(OPENSPIEL, 0, hands, [parse_card("9H"), *others[15:]])


def test_the_open_hand_value_of_going_alone_with_the_five_highest_trumps() -> None:
    """Worked by hand. East orders hearts up and North discards; East, holding the five
    highest trumps, wins every trick whoever leads (he follows a heart lead with a higher
    one and ruffs anything else): alone it is a lone march, 4 points; with his partner a
    march, 2 (openspiel's scores). Open-handed those are exactly the values, for E-W."""
    hand = _five_top_hearts()
    hand.apply("order")
    hand.apply(hand.legal_codes()[0])  # North's discard
    assert hand.phase == Phase.ALONE_DECISION and hand.turn == 1
    values = open_values(hand.copy(), team=1)
    assert values == {int(Action.GO_ALONE): 4.0, int(Action.PLAY_WITH_PARTNER): 2.0}
    assert open_values(hand.copy(), team=0) == {int(Action.GO_ALONE): -4.0, int(Action.PLAY_WITH_PARTNER): -2.0}
    assert PlainPimcBot(1, worlds=2).choose(view_of(hand, 1)) == Action.GO_ALONE


def test_plain_pimc_draws_its_worlds_from_the_view_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """Plain: every world comes from sample_world (the deals consistent with the view),
    never from the expert's inference (worlds that agree with what the calls suggest);
    and two games whose views of the seat to act are equal get the same choice with the
    same seed, whatever the hidden cards are."""
    import euchre.bots.inference as inference
    import euchre.bots.rollout as rollout

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("plain PIMC used the bidding inference")

    monkeypatch.setattr(inference, "inferred_world", refuse)
    monkeypatch.setattr(inference, "inferred_worlds", refuse)
    monkeypatch.setattr(inference, "iter_inferred_worlds", refuse)
    monkeypatch.setattr(rollout, "inferred_worlds", refuse)
    monkeypatch.setattr(rollout, "iter_inferred_worlds", refuse)
    rng = random.Random(9)
    for i in range(4):
        hand = HandState.deal(OPENSPIEL, i, rng)
        while not hand.is_over:
            view = view_of(hand, hand.turn)
            first = PlainPimcBot(7, worlds=4).choose(view)
            # The same view in another game: the cards the seat cannot see dealt otherwise.
            other = sample_world(view, random.Random(len(hand.history)))
            assert view_of(other, hand.turn) == view
            assert PlainPimcBot(7, worlds=4).choose(view_of(other, hand.turn)) == first
            hand.apply(first)


def test_pimc_names_and_tables() -> None:
    assert parse_pimc("pimc") == 50 and parse_pimc("PIMC:12") == 12 and parse_pimc("expert") is None
    for bad in ("pimc:0", "pimc:x", "pimc:-3", "pimc:100001"):
        with pytest.raises(EuchreError, match="pimc:N"):
            parse_pimc(bad)
    hand = HandState.deal(preset("cutthroat-3"), 0, random.Random(1))
    with pytest.raises(EuchreError, match="partnership"):
        PlainPimcBot(1, worlds=1).choose(view_of(hand, hand.turn))
    with pytest.raises(EuchreError, match="worlds"):
        PlainPimcBot(1, worlds=0)
