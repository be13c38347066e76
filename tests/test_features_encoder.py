"""The one feature encoder (euchre.analysis.features) at every table: the layout's size from
its sections counted by hand for every playable preset, seats and sides relative to the
observer worked by hand at cutthroat and call-ace, call-ace's hidden partner known only to
whom the rules let know it, every element within its ``high`` (with a control that the
check can fail), and table mode refused by name."""

from __future__ import annotations

import dataclasses
import random

import pytest

from euchre.analysis.features import (
    CALL_KINDS,
    call_rows,
    check_rules,
    encode,
    encode_view,
    layout,
    relative_seats,
    relative_sides,
)
from euchre.core.cards import parse_card
from euchre.core.errors import EuchreTypeError, RulesError
from euchre.core.game import Game
from euchre.core.hand import HandState
from euchre.core.presets import PLAYABLE_PRESETS, preset
from euchre.core.views import PlayerView, view_of


def cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


@pytest.mark.parametrize("name", PLAYABLE_PRESETS)
def test_the_layout_size_is_its_sections_counted_by_hand(name: str) -> None:
    rules = preset(name)
    n, m = rules.table.seats, len(rules.table.teams)
    rows = 3 * n + 2 + (4 if rules.call_for_best != "none" else 0)
    lay = layout(rules)
    assert (lay.seats, lay.sides, lay.calls) == (n, m, rows) == (n, m, call_rows(rules))
    # five card blocks; shown, played and trick per seat; trick_leader, dealer, maker,
    # alone, defender_alone, partner, active, turn (8 x n); 14 phases, 6 trumps, two
    # flags; the calls; five voids per seat; tricks and score per side, sizes per seat,
    # the target
    assert lay.size == 5 * 33 + 3 * n * 33 + 8 * n + 14 + 6 + 2 + rows * (n + 26) + 5 * n + m + n + m + 1
    assert len(lay.names) == len(set(lay.names)) == len(lay.high) == lay.size
    assert len(CALL_KINDS) == 26


def test_relative_seats_start_with_the_observer_then_turn_order() -> None:
    hand = HandState.deal(preset("call-ace-5"), 0, random.Random(1))
    # seat 3 of five: itself 0, seat 4 (its left) 1, then 0, 1, 2
    assert relative_seats(view_of(hand, 3)) == (2, 3, 4, 0, 1)
    assert relative_sides(view_of(hand, 3)) == (2, 3, 4, 0, 1)  # each plays for himself
    four = HandState.deal(preset("modern-standard"), 0, random.Random(1))
    assert relative_seats(view_of(four, 1)) == (3, 0, 1, 2)  # East: South 1, West (partner) 2, North 3
    assert relative_sides(view_of(four, 1)) == (1, 0)  # E-W own, N-S the other
    with pytest.raises(EuchreTypeError, match="PlayerView"):
        relative_seats(four)  # type: ignore[arg-type]


def test_a_cutthroat_view_worked_by_hand() -> None:
    """cutthroat-3, seat 0 deals, 9H turned; seat 1 (the eldest hand) sees the score 2, 5, 7
    of seats 0, 1, 2 as own 5, then seat 2's 7, then the dealer's 2; the dealer is its
    relative seat 2, and it is to bid (relative 0)."""
    rules = preset("cutthroat-3")
    hands = [cards("9C TC JC QC KC"), cards("JH JD AH KH QH"), cards("AC 9D TD QD KD")]
    hand = HandState.from_deal(rules, 0, hands, cards("9H TH AD 9S TS JS QS KS AS"))
    view = view_of(hand, 1, (2, 5, 7))
    lay = layout(rules)
    values = encode_view(view)

    def section(name: str) -> list[int]:
        return list(values[lay.section(name)])

    assert section("score") == [5, 7, 2]
    assert section("dealer") == [0, 0, 1]
    assert section("turn") == [1, 0, 0]
    assert section("hand_sizes") == [5, 5, 5]
    assert section("tricks_won") == [0, 0, 0]
    assert section("target") == [10]
    assert [k for k in range(33) if values[k]] == sorted(cards("JH JD AH KH QH"))
    assert encode(view) == [float(x) for x in values]


def test_call_ace_partner_is_known_to_the_holder_of_the_called_card_only() -> None:
    """Call-ace (RULES.md decision 21): once the maker calls, the holder of the called card
    knows he is the partner (``partner`` marks his relative seat 0); the others, the maker
    included, do not until the card is played; then everyone does."""
    rules = preset("call-ace-4")
    lay = layout(rules)
    at = lay.offset["partner"]
    checked_before = checked_after = 0
    for seed in range(40):
        game = Game(rules, seed=seed, max_hands=1)
        rng = random.Random(seed)
        while not game.is_over:
            hand = game.hand
            partner = hand.partner  # the truth, hidden from the others
            if partner != -1 and hand.phase.name == "PLAY":
                played = view_of(hand, 0).revealed_partner() != -1
                for seat in range(4):
                    rel = relative_seats(view_of(hand, seat))
                    marks = list(encode_view(view_of(hand, seat))[at:at + 4])
                    if played:
                        assert marks == [int(r == rel[partner]) for r in range(4)]
                        checked_after += 1
                    elif seat == partner:
                        assert marks == [1, 0, 0, 0]
                        checked_before += 1
                    else:
                        assert marks == [0, 0, 0, 0]
            game.apply(rng.choice(game.legal_actions()))
    assert checked_before > 20 and checked_after > 20


def out_of_bounds(view: PlayerView) -> int:
    """Elements of ``view``'s encoding above their ``high``."""
    lay = layout(view.rules)
    return sum(1 for v, h in zip(encode_view(view), lay.high, strict=True) if v > h)


@pytest.mark.parametrize("name", PLAYABLE_PRESETS)
def test_every_element_stays_within_its_high(name: str) -> None:
    game = Game(preset(name), seed=3, max_hands=3)
    rng = random.Random(3)
    seen = 0
    while not game.is_over:
        for seat in range(game.table.seats):
            assert out_of_bounds(view_of(game.hand, seat, tuple(game.score))) == 0
            seen += 1
        game.apply(rng.choice(game.legal_actions()))
    assert seen > 50


def test_positive_control_a_count_above_its_high_is_caught() -> None:
    """The check above can fail: a view claiming a seat holds seven cards exceeds the
    ``hand_sizes`` high of six."""
    view = view_of(HandState.deal(preset("modern-standard"), 0, random.Random(2)), 1)
    assert out_of_bounds(dataclasses.replace(view, hand_sizes=(7, 5, 5, 5))) == 1


def test_table_mode_is_refused_naming_the_option() -> None:
    with pytest.raises(RulesError, match="renege_mode = penalize_on_claim cannot be encoded"):
        check_rules(preset("modern-standard").replace(renege_mode="penalize_on_claim"))
    with pytest.raises(RulesError, match="renege_mode = penalize_on_claim"):
        layout(preset("dc-club-1862").replace(renege_mode="penalize_on_claim"))
