"""What the page is told of a finished hand (issue 34: "the phone page shows the game
first"): how the hand ended, the play's own points apart from what revoke claims gave,
and for each claim when it was made and its own points (table mode, RULES.md decision
27), in ``state.game.previous`` (``euchre.server.serialize``).

The page's headline was decided by the number of tricks: a hand ended by a claim upheld
in its first trick read "Everyone passed: no points."; "Makers take the point: E-W +5."
was 1 for the makers and two failed claims at 2 each; two failed claims read alike, and
the claim's outcome wrote "E-W" where the page writes "E–W".

The values asserted come from the laws (modern-tournament: a renege costs 2, 4 against a
lone hand, and ends the hand, X-29, X-30; a false claim costs 2) and from a count of the
tricks kept by the test itself at the moment each claim is made.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from euchre.bots import make_bot
from euchre.core import Game, preset
from euchre.core.actions import Action
from euchre.core.hand import Phase
from euchre.core.state import HandResult, Revoke
from euchre.core.views import view_of
from euchre.server.serialize import game_json
from euchre.server.state_parts import result_json
from euchre.text.revoke_words import claim_outcome

TOURNAMENT = preset("modern-tournament").replace(renege_mode="penalize_on_claim")
"""modern-tournament with the house rule "revokes" (table mode): a renege 2 points, 4
against a lone hand, the hand ends at the claim; a claim not upheld 2 to the other side."""


def played_hands(seed: int, claim_rate: float = 0.7) -> Iterator[tuple[Game, list[int | None]]]:
    """A game of careless bots (who revoke now and then) whose players claim a revoke
    when they may, with probability ``claim_rate``. Yields the game after each hand
    ends, with the trick (1-based) during which each of its revoke claims was made, as
    counted here when it was made (None: in the claims after the last trick)."""
    game = Game(TOURNAMENT, seed)
    bots = [make_bot("careless", s) for s in range(4)]
    rng = random.Random(seed)
    moments: list[int | None] = []
    while not game.is_over:
        hand = game.hand
        if Action.CLAIM_REVOKE in hand.legal_actions() and rng.random() < claim_rate:
            moments.append(None if hand.phase == Phase.REVOKE_CLAIMS else len(hand.tricks) + 1)
            game.apply(Action.CLAIM_REVOKE)
        else:
            game.apply(bots[hand.turn].choose(view_of(hand, hand.turn, game.score)))
        if hand.is_over:
            yield game, moments
            moments = []


def claims_of(previous: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for c in previous["calls"] if "claim" in c]


def test_regression_a_claim_upheld_in_the_first_trick_was_told_as_a_hand_passed_out() -> None:
    """A revoke claimed and upheld during the first trick ends the hand (X-29, X-30)
    before any trick is finished: the page is told it ended by a renege (it showed
    "Everyone passed: no points."), the play scores nothing, and the claim's 2 points
    go to the claimant's side, the side that did not revoke."""
    for seed in range(200):
        for game, moments in played_hands(seed):
            hand = game.finished_hands[-1]
            if moments != [1] or hand.result is None or not hand.result.revokes:
                continue
            previous = game_json(game, 0)["previous"]
            assert not previous["tricks"]  # nothing to tell it by but the server's word
            result = previous["result"]
            assert result["kind"] == "renege" and result["hand_points"] == [0, 0]
            revoker = hand.table.team[hand.result.revokes[0].seat]
            by_law = [0 if t == revoker else 2 for t in range(2)]
            assert result["points"] == by_law
            [claim] = claims_of(previous)
            assert claim["claim"] == {"upheld": True, "trick": 1, "points": by_law}
            assert claim["outcome"].startswith("Upheld. ")
            return
    raise AssertionError("no hand ended by a claim upheld in its first trick")


def test_each_claim_says_when_it_came_and_its_own_points_and_the_hand_its_own() -> None:
    """A played hand with claims not upheld: each claim's entry has the trick during
    which it came (or null after the last trick), as counted when it was made, and the
    2 points of a false claim to the other side; the hand's own points are its points
    less those, and its label has no ", revoke penalty" (the page's "Makers take the
    point: E–W +5." was 1 for the makers and two false claims)."""
    seen = 0
    after_last = 0
    for seed in range(40):
        for game, moments in played_hands(seed):
            hand = game.finished_hands[-1]
            r = hand.result
            if r is None or not moments or r.passed_out:
                continue
            previous = game_json(game, 0)["previous"]
            claims = claims_of(previous)
            assert [c["claim"]["trick"] for c in claims] == moments
            after_last += moments.count(None)
            if any(c["claim"]["upheld"] for c in claims):
                continue
            fines = [0, 0]
            for c in claims:
                claimant = hand.table.team[hand.table.letters.index(c["seat"])]
                mine = [0 if t == claimant else 2 for t in range(2)]
                assert c["claim"] == {"upheld": False, "trick": c["claim"]["trick"], "points": mine}
                other = "E–W" if claimant == 0 else "N–S"
                assert c["outcome"].endswith(f"2 points to {other}, scored with the hand."), c["outcome"]
                fines = [a + b for a, b in zip(fines, mine, strict=True)]
            result = previous["result"]
            assert result["kind"] == "played"
            assert result["hand_points"] == [p - f for p, f in zip(r.points, fines, strict=True)]
            assert result["hand_label"] == r.label  # no revoke established: no penalty in the label
            assert sum(result["hand_points"]) in (1, 2, 4)  # the play's own: a point, a march, a lone march or euchre
            seen += 1
    assert seen >= 5 and after_last >= 1, (seen, after_last)


def test_the_result_says_how_the_hand_ended() -> None:
    """``result_json`` by hand: passed out in the bidding, a deal thrown in by a claim
    of the dealt hand (dealt again by the same dealer, decision 23), the stuck dealer's
    forfeit (every other side a point), a played hand with a revoke penalty (its own
    points and label apart), and a hand ended by a proved revoke."""
    zero = (0, 0)
    passed = HandResult(True, False, None, None, None, None, zero, zero, "passed out")
    assert result_json(passed, TOURNAMENT) == {
        "points": [0, 0], "tricks": [0, 0], "label": "passed out", "kind": "passed_out",
        "hand_points": [0, 0], "hand_label": "passed out", "same_dealer": False}
    thrown = HandResult(True, False, None, None, None, None, zero, zero, "thrown in: a hand of nines and tens",
                        dealer_deals_again=True, thrown_in=True)
    made = result_json(thrown, TOURNAMENT)
    assert (made["kind"], made["same_dealer"]) == ("thrown_in", True)
    forfeit = HandResult(True, True, None, None, None, None, zero, (0, 1), "the dealer forfeits a point")
    assert result_json(forfeit, TOURNAMENT)["kind"] == "forfeit"
    assert result_json(forfeit, TOURNAMENT)["hand_points"] == [0, 1]
    revoke = Revoke(1, 2, 9, 0)
    penalised = HandResult(False, False, 0, 3, None, None, (3, 2), (3, 0), "makers take the point, revoke penalty",
                           revokes=(revoke,), penalties=(2, 0))
    kept_on = result_json(penalised, TOURNAMENT.replace(renege_ends_hand=False))
    assert (kept_on["kind"], kept_on["hand_points"], kept_on["hand_label"]) == ("played", [1, 0], "makers take the point")
    ended = HandResult(False, False, 0, 3, None, None, (1, 0), (2, 0), "renege", revokes=(revoke,), penalties=(2, 0))
    assert (result_json(ended, TOURNAMENT)["kind"], result_json(ended, TOURNAMENT)["hand_points"]) == ("renege", [0, 0])


def test_regression_a_false_claims_outcome_wrote_the_side_with_a_hyphen_on_the_page() -> None:
    """One way to write a side on the page ("E–W", as its score chips and results do):
    the claim's outcome is told with the page's; the terminal keeps the table's name."""
    log = ((0, 0),)
    assert claim_outcome(TOURNAMENT, log, (), (), 0, str) == [
        "Not upheld: no player of another side revoked. 2 points to E-W, scored with the hand."]
    assert claim_outcome(TOURNAMENT, log, (), (), 0, str, side=lambda t: ("N–S", "E–W")[t]) == [
        "Not upheld: no player of another side revoked. 2 points to E–W, scored with the hand."]
