"""Property tests of table mode (``renege_mode = penalize_on_claim``; RULES.md decision
27) over random play in which every legal action is equally likely, revokes and claims
included: checked against a second reading of the law written here from its text, with
the effective suit of the naive model (``_naive_euchre``), not the engine's tables.

- a claim is upheld exactly when a player of another side revoked (held a card of the
  suit led and played another) and no claim has established that revoke yet, and it
  establishes exactly those;
- a hand's points are its trick score (the naive scoring table) plus the penalties the
  law gives, or, where a proved renege ends the hand, the penalty alone;
- a game's score is the sum of its hands' points: nothing is scored twice;
- a revoke corrected before the trick is quitted is no revoke, and the cards taken back
  with it are judged again when they are played again.
"""

from __future__ import annotations

import random

import pytest

from euchre.core import preset
from euchre.core.cards import card_code
from euchre.core.game import Game
from euchre.core.hand import HandState, Phase

try:
    from . import _naive_euchre as kit
except ImportError:  # pragma: no cover
    import _naive_euchre as kit  # type: ignore[no-redef]

PRESETS = ["modern-tournament", "dc-club-1862", "hoyle-1857", "uspcc-official", "two-handed", "cutthroat-3"]
SUITS = "CDHS"


def _suit(card: int, trump: int) -> str:
    return kit.eff_suit(card_code(card), "NT" if trump == 4 else SUITS[trump])


def _expected_law(rules, team, revokes, lone):  # type: ignore[no-untyped-def]
    """The law's points per side for established revokes (decision 27, from the text)."""
    sides = max(team) + 1
    pen = rules.renege_penalty_lone if lone and rules.alone_allowed else rules.renege_penalty
    by_side = [0] * sides
    for seat in revokes:
        by_side[team[seat]] += 1
    if rules.renege_ends_hand:
        by_side = [min(1, n) for n in by_side]
    points = [sum(pen * by_side[o] for o in range(sides) if o != t) for t in range(sides)]
    if not rules.renege_ends_hand:  # equal numbers cancel (Leeds & Dwight s71)
        low = min(points)
        points = [p - low for p in points]
    return points


def _play_hand(state: HandState, rng: random.Random) -> int:
    """Play the hand at random, checking the law; the number of revokes corrected."""
    rules = state.rules
    team = [state.table.team[s] for s in range(state.table.seats)]
    revokes: list[tuple[int, int, int]] = []  # (seat, trick, place in the trick), in order
    established: list[int] = []
    corrected = 0
    fines = [0] * (max(team) + 1)
    while not state.is_over:
        seat = state.turn
        code = rng.choice(state.legal_codes())
        if code == 57:
            new = [i for i, (s, _, _) in enumerate(revokes) if i not in established and team[s] != team[seat]]
            state.apply(code)
            assert state.claim_log[-1] == (seat, len(new))
            established += new
            if not new:
                for t in range(len(fines)):
                    fines[t] += rules.false_claim_penalty if t != team[seat] else 0
            continue
        trick = len(state.tricks)
        if state.phase == Phase.PLAY and state.trick_cards and code != 57:
            card = code - 60
            led = _suit(state.trick_cards[0], state.trump)
            held = state.hand_of(seat)
            if _suit(card, state.trump) != led and any(_suit(c, state.trump) == led for c in held):
                revokes.append((seat, trick, len(state.trick_cards)))
        if code == 58:
            # A revoke corrected before the trick is quitted is no revoke, and the cards
            # played after it are taken back (New York 1877 s11, Leeds & Dwight s69): the
            # ones played again are judged again.
            place = state.trick_seats.index(seat)
            assert (seat, trick, place) in revokes
            assert not established
            revokes = [r for r in revokes if not (r[1] == trick and r[2] >= place)]
            corrected += 1
        state.apply(code)
    result = state.result
    assert result is not None
    if result.passed_out:
        assert not revokes and not established
        return corrected
    law = _expected_law(rules, team, [revokes[i][0] for i in established], result.alone is not None
                        or result.defender_alone is not None)
    expected_penalties = [a + b for a, b in zip(law, fines, strict=True)]
    assert list(result.penalties or (0,) * len(fines)) == expected_penalties
    if established and rules.renege_ends_hand:
        assert list(result.points) == expected_penalties and result.label == "renege"
        return corrected
    assert len(state.tricks) == 5
    maker_side = team[result.maker]
    if rules.variant == "partnership" or rules.variant == "two_handed":
        opts = rules.to_dict()
        who, pts = kit.table_score(opts, result.tricks[maker_side], result.alone is not None,
                                   result.defender_alone is not None)
        own = [pts if (t == maker_side) == (who == "makers") else 0 for t in range(len(fines))]
        assert [p - q for p, q in zip(result.points, expected_penalties, strict=True)] == own
    return corrected


@pytest.mark.parametrize("name", PRESETS)
def test_claims_and_scores_follow_the_law_over_random_play(name: str) -> None:
    rules = preset(name).replace(renege_mode="penalize_on_claim")
    corrected = 0
    for seed in range(300):
        rng = random.Random(seed)
        state = HandState.deal(rules, seed % rules.table.seats, rng)
        corrected += _play_hand(state, rng)
    assert corrected > 0  # the random play corrected revokes too


@pytest.mark.parametrize("name", ["modern-tournament", "dc-club-1862", "cutthroat-3"])
def test_a_games_score_is_the_sum_of_its_hands(name: str) -> None:
    rules = preset(name).replace(renege_mode="penalize_on_claim")
    for seed in range(30):
        rng = random.Random(seed)
        game = Game(rules, seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_codes()))
        total = [0] * len(game.score)
        for hand in game.finished_hands:
            assert hand.result is not None
            total = [a + b for a, b in zip(total, hand.result.points, strict=True)]
        assert total == list(game.score)


def test_positive_control_a_wrong_penalty_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check can fail: with the engine's penalty table broken (no points for a
    revoke), the random hands above show it."""
    import euchre.core.tricks as tricks

    monkeypatch.setattr(tricks, "revoke_points", lambda rules, table, revokes, lone: (0,) * len(table.teams))
    rules = preset("dc-club-1862").replace(renege_mode="penalize_on_claim")
    with pytest.raises(AssertionError):
        for seed in range(300):
            rng = random.Random(seed)
            _play_hand(HandState.deal(rules, seed % 4, rng), rng)
