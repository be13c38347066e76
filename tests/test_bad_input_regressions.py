"""Regression tests for bad-input faults found by a tester: each names its fault.

The promise (DEVELOPERS guide): bad input gets a clear EuchreError and loses nothing.
"""

from __future__ import annotations

import json
import random

import pytest

from euchre.core import Action, Card, EuchreError, Game, HandState, IllegalActionError, RecordError, Rules, Suit, preset
from euchre.core.actions import action_text
from euchre.core.cards import CardError, card_code
from euchre.core.errors import RulesError
from euchre.core.game import Setup
from euchre.core.sampling import sample_world
from euchre.core.views import view_of
from euchre.records import dumps, loads
from euchre.records.egn import loads_egn


def _hand() -> HandState:
    return HandState.deal(Rules(), 0, random.Random(0))


def test_apply_refuses_int_valued_enums_that_are_not_actions() -> None:
    """apply(Suit.HEARTS) used to order up alone (code 2), and a Card discarded another card."""
    h = _hand()
    for bad in (Suit.HEARTS, Card.JACK_OF_HEARTS, True, 2.0):
        with pytest.raises(IllegalActionError, match="not an action"):
            h.apply(bad)  # type: ignore[arg-type]
    assert h.history == []
    h.apply(Action.PASS)
    h.apply(0)  # a plain int code is still accepted
    assert len(h.history) == 2


@pytest.mark.parametrize("dealer", [-1, 4, 7, "N", None, 1.5, True])
def test_deal_checks_the_dealer(dealer: object) -> None:
    """HandState.deal accepted dealer -1 or 7 and broke later (negative shift count)."""
    with pytest.raises(EuchreError, match="dealer must be a seat"):
        HandState.deal(Rules(), dealer, random.Random(0))  # type: ignore[arg-type]


def test_deal_checks_rules_and_rng() -> None:
    with pytest.raises(EuchreError, match="rules must be a Rules"):
        HandState.deal("modern-standard", 0, random.Random(0))  # type: ignore[arg-type]
    with pytest.raises(EuchreError, match=r"rng must be a random\.Random"):
        HandState.deal(Rules(), 0, None)  # type: ignore[arg-type]


def test_from_deal_refuses_cards_of_the_wrong_type() -> None:
    """Float cards passed the deck check (2.0 == 2) and failed later in a shift."""
    h = _hand()
    hands = [[c for c in range(33) if h.deal_hands[s] >> c & 1] for s in range(4)]
    stock = list(h.stock)
    bad_hands = [list(x) for x in hands]
    bad_hands[0][0] = float(bad_hands[0][0])
    with pytest.raises(EuchreError, match="card number"):
        HandState.from_deal(Rules(), 0, bad_hands, stock)
    with pytest.raises(EuchreError, match="card number"):
        HandState.from_deal(Rules(), 0, hands, [True, *stock[1:]])
    for bad in (None, "cards", {0: 1}):
        with pytest.raises(EuchreError):
            HandState.from_deal(Rules(), 0, bad, stock)  # type: ignore[arg-type]
        with pytest.raises(EuchreError):
            HandState.from_deal(Rules(), 0, hands, bad)  # type: ignore[arg-type]
    dup = [list(x) for x in hands]
    dup[1][0] = dup[0][0]
    with pytest.raises(EuchreError, match=f"card {card_code(dup[0][0])} appears twice"):
        HandState.from_deal(Rules(), 0, dup, stock)


def test_game_arguments_are_checked() -> None:
    for kwargs in ({"initial_score": 5}, {"initial_score": (1.0, 0)}, {"initial_score": (0, 0, 0)},
                   {"max_hands": 0}, {"max_hands": "x"}, {"setup": (0, 1, 2, 3)}):
        with pytest.raises(EuchreError):
            Game(Rules(), 1, **kwargs)  # type: ignore[arg-type]
    with pytest.raises(EuchreError, match="rules must be a Rules"):
        Game("modern-standard")  # type: ignore[arg-type]
    with pytest.raises(EuchreError, match="dealer must be a seat"):
        Game(Rules(), 1, setup=Setup((0, 1, 2, 3), 7))


def test_a_failing_deal_provider_leaves_the_game_unchanged() -> None:
    """A provider that raised after the last card of a hand left the game stuck: the
    hand counted and scored but no next hand. Now the action is undone."""
    calls = {"n": 0}

    def provider(index: int, dealer: int) -> HandState:
        calls["n"] += 1
        if index >= 1:
            raise EuchreError("no more deals")
        return HandState.deal(Rules(), dealer, random.Random(index))

    game = Game(Rules(), 1, deal_provider=provider)
    rng = random.Random(2)
    with pytest.raises(EuchreError, match="no more deals"):
        while True:
            game.apply(rng.choice(game.legal_actions()))
    assert game.finished_hands == [] and game.score == (0, 0)
    assert not game.hand.is_over and game.hand.legal_actions()


def test_provider_returning_a_non_hand_is_refused() -> None:
    with pytest.raises(EuchreError, match="deal provider"):
        Game(Rules(), 1, deal_provider=lambda i, d: None)  # type: ignore[arg-type, return-value]


def _record() -> dict[str, object]:
    game = Game(preset("modern-standard"), seed=4)
    rng = random.Random(4)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    data: dict[str, object] = json.loads(dumps(game))
    return data


def test_record_readers_turn_huge_integers_into_record_errors() -> None:
    """json.loads raises ValueError past 4300 digits; the readers let it through."""
    text = '{"format":"euchre-record","version":' + "9" * 5000 + "}"
    with pytest.raises(RecordError, match="not JSON"):
        loads(text)
    with pytest.raises(RecordError, match="not JSON"):
        loads_egn('{"fileType": ' + "9" * 5000 + "}")
    with pytest.raises(RecordError):
        loads(None)  # type: ignore[arg-type]


@pytest.mark.parametrize(("key", "value", "where"), [
    ("winner", "Martians", "winner"),
    ("version", True, "version"),
    ("version", 1.0, "version"),
    ("preset", 5, "preset"),
])
def test_record_checks_stored_fields(key: str, value: object, where: str) -> None:
    """winner, version and preset were not checked."""
    data = _record()
    data[key] = value
    with pytest.raises(RecordError) as err:
        loads(json.dumps(data))
    assert err.value.where == where


def test_record_winner_must_match_the_replay() -> None:
    data = _record()
    data["winner"] = "E-W" if data["winner"] == "N-S" else "N-S"
    with pytest.raises(RecordError, match="the replay gives"):
        loads(json.dumps(data))


@pytest.mark.parametrize("seating", [["x", 0, 1, 2], [True, 0, 2, 3], [0, 1, 2]])
def test_record_seating_must_be_the_four_players(seating: list[object]) -> None:
    data = _record()
    data["setup"]["seating"] = seating  # type: ignore[index]
    with pytest.raises(RecordError) as err:
        loads(json.dumps(data))
    assert err.value.where == "setup.seating"


def test_record_errors_name_the_right_place() -> None:
    """A bad dealer of hand 2 was reported at hands[0].actions[..] with the path doubled;
    a missing rules key said 'rules: rules: missing'; a target already reached said hands[0]."""
    data = _record()
    hands = data["hands"]
    assert isinstance(hands, list) and len(hands) > 1
    hands[1]["dealer"] = "NESW"[("NESW".index(hands[1]["dealer"]) + 1) % 4]
    with pytest.raises(RecordError) as err:
        loads(json.dumps(data))
    assert err.value.where == "hands[1].dealer"
    assert str(err.value).count("hands[") == 1
    data = _record()
    del data["rules"]
    with pytest.raises(RecordError) as err:
        loads(json.dumps(data))
    assert str(err.value) == "rules: missing"
    data = _record()
    data["initial_score"] = [10, 0]
    with pytest.raises(RecordError) as err:
        loads(json.dumps(data))
    assert err.value.where == "initial_score"


def test_record_card_errors_name_the_card() -> None:
    """'7C' in a 24-card record was reported as 'card 0'."""
    data = _record()
    data["hands"][0]["hands"]["N"][0] = "7C"  # type: ignore[index]
    with pytest.raises(RecordError, match="card 7C is not in the 24-card deck"):
        loads(json.dumps(data))


def test_parsers_raise_euchre_errors_on_wrong_types() -> None:
    for bad in (None, 3):
        with pytest.raises(CardError):
            Suit.parse(bad)  # type: ignore[arg-type]
    for bad_card in (-1, 33, "JH", None, True):
        with pytest.raises(CardError):
            Action.play(bad_card)  # type: ignore[arg-type]
        with pytest.raises(CardError):
            Action.discard(bad_card)  # type: ignore[arg-type]
    for bad_suit in (5, -1, None):
        with pytest.raises(EuchreError):
            Action.name_trump(bad_suit)  # type: ignore[arg-type]
    with pytest.raises(EuchreError):
        action_text(None)  # type: ignore[arg-type]
    for bad in (1.5, None):
        with pytest.raises(CardError):
            card_code(bad)  # type: ignore[arg-type]
    with pytest.raises(RulesError):
        preset(["x"])  # type: ignore[arg-type]


def test_view_of_checks_score_and_seat() -> None:
    h = _hand()
    for score in ((1,), ("a", "b"), "12", (0, 0, 0)):  # None means the start of a game: no points
        with pytest.raises(EuchreError, match="score"):
            view_of(h, 0, score)  # type: ignore[arg-type]
    with pytest.raises(EuchreError, match="seat"):
        view_of(h, True)  # type: ignore[arg-type]


def test_sample_world_raises_euchre_error_on_a_malformed_view() -> None:
    """A malformed view raised IndexError/KeyError, not the documented EuchreError."""
    import dataclasses

    h = _hand()
    v = view_of(h, 0)
    for change in ({"seat": 4}, {"dealer": -1}, {"trick_seats": (1,)}):
        bad = dataclasses.replace(v, **change)
        with pytest.raises(EuchreError):
            sample_world(bad, random.Random(0))
    with pytest.raises(EuchreError):
        sample_world(v, None)  # type: ignore[arg-type]
