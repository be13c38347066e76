"""Table mode: a revoke corrected before the trick is quitted, and the exposed card it
leaves (RULES.md decision 27; New York 1877 s11-s12, Leeds & Dwight 1888 s46, s69).

On the deal of ``_table_mode_deal`` (W deals, N orders up hearts, W discards JC):

    N: JH AH KS QS AC      E: 9S TS AD KD 9C      S: JD KH AS QD TC      W: QH TH KC QC 9H

In trick 1 N leads KS, E plays 9C holding 9S and TS (a revoke), S plays AS, W (no spade)
plays KC. Before the trick is quitted E and W, who failed to follow suit, are asked in
play order; W, holding no spade, may only let his card stand.
"""

from __future__ import annotations

import random

from euchre.core import preset
from euchre.core.actions import Action
from euchre.core.cards import parse_card
from euchre.core.game import Game, Setup
from euchre.core.hand import HandState, Phase
from euchre.core.sampling import sample_world
from euchre.core.state import Revoke
from euchre.core.views import view_of
from euchre.records import dumps, loads

try:
    from . import _table_mode_deal as deal_kit
except ImportError:  # pragma: no cover
    import _table_mode_deal as deal_kit  # type: ignore[no-redef]

N, E, S, W = deal_kit.N, deal_kit.E, deal_kit.S, deal_kit.W
C = parse_card
DC = preset("dc-club-1862").replace(renege_mode="penalize_on_claim")
TOURNAMENT = preset("modern-tournament").replace(renege_mode="penalize_on_claim")


def _trick_one(rules=DC, alone: bool = False) -> HandState:  # type: ignore[no-untyped-def]
    """The deal with trick 1's four cards played: the trick waits to be quitted."""
    state = deal_kit.deal(rules)
    deal_kit.bid(state, alone)
    for p in ("play-KS", "play-9C", "play-AS", "play-KC"):
        state.apply(p)
    return state


def _call_at_trick_two() -> HandState:
    """E corrects in trick 1 (plays TS; S plays AS again, W KC: S wins); in trick 2 S leads
    TC, W plays QC, N AC: E is to play, holding his exposed 9C, and S is asked to call it."""
    state = _trick_one()
    state.apply("correct")
    deal_kit.play(state, ["play-TS", "play-AS", "play-KC", "play-TC", "play-QC", "play-AC"])
    return state


def _cards(text: str) -> set[int]:
    return {C(c) for c in text.split()}


def test_before_the_trick_is_quitted_each_card_that_failed_to_follow_is_asked_about_in_play_order() -> None:
    """s69: the revoker may correct before the trick is quitted. E (revoked, holds spades)
    may correct or let stand; W, asked next though out of spades (so the question tells
    nothing), may only let his card stand. The trick is quitted after both."""
    state = _trick_one()
    assert state.phase == Phase.REVOKE_CORRECTION and state.turn == E
    assert set(state.legal_actions()) == {Action.LET_STAND, Action.CORRECT_REVOKE}
    assert not state.tricks and len(state.trick_cards) == 4  # not quitted yet
    state.apply("stand")
    assert state.phase == Phase.REVOKE_CORRECTION and state.turn == W
    assert state.legal_actions() == (Action.LET_STAND,)
    state.apply("stand")
    assert state.phase == Phase.PLAY and len(state.tricks) == 1 and state.tricks[0].winner == S
    assert state.revokes == (Revoke(E, 0, C("9C"), 3),)  # left standing: still a revoke


def test_a_corrected_revoke_is_no_revoke_and_the_card_lies_exposed() -> None:
    """New York 1877 s11: the wrong card becomes an exposed card; the revoker must follow
    suit. Leeds & Dwight s69: the players after him may withdraw their cards; only the
    adversaries (here S) may change theirs, his partner W plays his again."""
    state = _trick_one()
    state.apply("correct")
    assert state.revokes == ()
    assert state.exposed[E] == 1 << C("9C") and state.hand_of(E) == sorted(_cards("9S TS AD KD 9C"))
    assert state.trick_cards == [C("KS")] and state.turn == E
    assert {a.card for a in state.legal_actions()} == _cards("9S TS")  # he must follow suit
    state.apply("play-TS")
    # S, an adversary, took AS back and may play any card he holds.
    assert state.turn == S and {a.card for a in state.legal_actions() if a.is_play} == _cards("JD KH AS QD TC")
    state.apply("play-AS")
    # W, E's partner, must play KC again.
    assert state.turn == W and state.legal_actions() == (Action.play(C("KC")),)
    state.apply("play-KC")
    # W's KC still fails to follow: asked again (E, now following, is not).
    assert state.phase == Phase.REVOKE_CORRECTION and state.turn == W
    state.apply("stand")
    assert state.tricks[0].cards == (C("KS"), C("TS"), C("AS"), C("KC")) and state.tricks[0].winner == S


def test_the_adversaries_may_change_the_cards_they_played_after_the_revoke() -> None:
    """s69: "any player or players who have played after him may withdraw their cards and
    substitute others": S plays TC instead of AS; KS then wins for N."""
    state = _trick_one()
    state.apply("correct")
    state.apply("play-9S")
    state.apply("play-TC")  # S revokes now (holds AS): recorded as a revoke of his
    state.apply("play-KC")
    assert state.revokes == (Revoke(S, 0, C("TC"), 3),)
    while state.phase == Phase.REVOKE_CORRECTION:
        state.apply("stand")
    assert state.tricks[0].winner == N


def test_an_adversary_may_call_the_exposed_card_at_its_owners_turn() -> None:
    """New York 1877 s12: an exposed card can be called by either adversary when it is
    the owner's turn. After the correction S wins trick 1 and leads TC; W plays QC, N AC;
    at E's turn S (the first adversary at E's left) is asked, calls 9C, and E must play it."""
    state = _call_at_trick_two()
    assert state.phase == Phase.CALL_CARD and state.turn == S
    assert set(state.legal_actions()) == {Action.DECLINE_CALL, Action.CALL_CARD_9C}
    state.apply("call-9C")
    assert state.phase == Phase.PLAY and state.turn == E and state.legal_actions() == (Action.play(C("9C")),)
    state.apply("play-9C")
    assert state.exposed[E] == 0
    assert state.tricks[1].winner == N


def test_the_call_is_declined_and_the_owner_plays_freely() -> None:
    state = _call_at_trick_two()
    state.apply("no-call")
    assert state.turn == E and {a.card for a in state.legal_actions()} == _cards("9S AD KD 9C")
    state.apply("play-AD")  # E may keep 9C back: a revoke (he holds it), recorded
    assert state.revokes == (Revoke(E, 1, C("AD"), 0),)


def test_a_call_that_would_force_a_revoke_has_no_effect() -> None:
    """s46: an exposed card may be called only where it may lawfully be played. At E's
    lead, were he holding a club... here: N leads AH (trump) in trick 2 (after N wins
    trick 1) and E, holding no trump, may be called on for 9C: lawful, he must play it.
    A call made while E holds the suit led and 9C is not of it leaves him free."""
    state = _trick_one()
    state.apply("correct")
    for p in ("play-9S", "play-JD", "play-KC"):  # S plays JD (a trump) this time: he wins
        state.apply(p)
    deal_kit.stand(state)
    assert state.tricks[0].winner == S
    state.apply("play-AS")  # S leads spades; W has none
    state.apply("play-QH")
    state.apply("play-QS")
    assert state.phase == Phase.CALL_CARD and state.turn == S  # E holds TS: 9C would be a revoke
    state.apply("call-9C")
    assert state.turn == E and {a.card for a in state.legal_actions()} == _cards("TS AD KD 9C")


def test_the_corrector_can_be_called_only_for_a_card_of_the_suit_led() -> None:
    """Public knowledge only: the corrector is known to hold the suit led, so calling his
    off-suit exposed card right after the correction could not bind him; no call is offered."""
    state = _trick_one()
    state.apply("correct")
    assert state.phase == Phase.PLAY and state.turn == E


def test_in_a_lone_hand_the_adversary_asked_is_one_that_plays() -> None:
    """N plays alone (S sits out); E corrects in trick 1, N wins it; at E's turn in trick 2
    the call is asked of N, the only adversary playing."""
    state = deal_kit.deal(TOURNAMENT)
    deal_kit.bid(state, alone=True)
    for p in ("play-KS", "play-9C", "play-KC"):
        state.apply(p)
    assert state.phase == Phase.REVOKE_CORRECTION and state.turn == E
    state.apply("correct")
    state.apply("play-9S")
    assert state.legal_actions()[0] == Action.play(C("KC"))  # W replays his card
    state.apply("play-KC")
    deal_kit.stand(state)
    assert state.tricks[0].winner == N
    state.apply("play-AC")  # N leads clubs
    assert state.phase == Phase.CALL_CARD and state.turn == N


def test_a_view_shows_the_exposed_card_and_worlds_put_it_in_its_owners_hand() -> None:
    """The exposed card is public: every view shows it; a world sampled for N holds it in
    E's hand, with the cards taken back back in their hands (they were seen)."""
    state = _trick_one()
    state.apply("correct")
    state.apply("play-TS")
    view = view_of(state, N)
    assert view.exposed[E] == (C("9C"),)
    rng = random.Random(3)
    for _ in range(20):
        world = sample_world(view, rng)
        assert C("9C") in world.hand_of(E) and C("AS") in world.hand_of(S) and C("KC") in world.hand_of(W)
        assert world.turn == S and world.exposed[E] == 1 << C("9C")


def test_the_history_gives_each_action_its_phase() -> None:
    state = _trick_one()
    state.apply("correct")
    for p in ("play-TS", "play-AS", "play-KC"):
        state.apply(p)
    deal_kit.stand(state)
    phases = list(state.history_phases)
    assert phases[-6:] == [Phase.PLAY, Phase.REVOKE_CORRECTION, Phase.PLAY, Phase.PLAY, Phase.PLAY,
                           Phase.REVOKE_CORRECTION]
    # Played out (each seat following suit where it can): the claims after the last trick
    # are told from a claim at a turn in the play, though the corrected card and the
    # cards taken back make more plays in the history than cards in the tricks.
    while state.phase != Phase.REVOKE_CLAIMS:
        if state.phase == Phase.PLAY:
            state.apply(state.following_mask().bit_length() - 1 + 60)
        else:
            state.apply(state.legal_codes()[0])
    state.apply("renege" if state.turn == N else "pass")
    assert state.history_phases[-1] == Phase.REVOKE_CLAIMS


def test_a_game_with_a_correction_and_a_call_replays_from_its_record() -> None:
    game = Game(DC, seed=1, setup=Setup((0, 1, 2, 3), W, (), "given"),
                deal_provider=lambda index, dealer: deal_kit.deal(DC), max_hands=1)
    game.apply("order")
    while game.hand.phase != Phase.PLAY:
        game.apply("discard-JC" if Action.discard(C("JC")) in game.hand.legal_actions() else "pass")
    for p in ("play-KS", "play-9C", "play-AS", "play-KC", "correct", "play-TS", "play-AS", "play-KC", "stand",
              "play-TC", "play-QC", "play-AC", "call-9C", "play-9C"):
        game.apply(p)
    text = dumps(game)
    again, _ = loads(text)
    assert again.hand.history == game.hand.history and again.hand.exposed == game.hand.exposed
    assert again.hand.tricks == game.hand.tricks


def test_under_prevent_nothing_is_asked_before_a_trick_is_quitted() -> None:
    """Decision 3: outside table mode no card can fail to follow while the suit is held,
    and no trick waits: W's KC completes trick 1 at once."""
    state = deal_kit.deal(preset("dc-club-1862"))
    deal_kit.bid(state)
    for p in ("play-KS", "play-9S", "play-AS", "play-KC"):
        state.apply(p)
    assert state.phase == Phase.PLAY and len(state.tricks) == 1


def _worlds_agree_over_random_play(seeds: range) -> int:
    """Random table-mode play. Before each action once a correction or a call can come,
    a world is drawn from the acting seat's view alone and the same action applied to it:
    the phase and the seat to act that follow must be the same as in the real hand, so
    neither question depends on a card hidden from that seat. Returns how many
    corrections were seen."""
    corrected = 0
    for seed in seeds:
        rng = random.Random(seed)
        state = HandState.deal(DC, seed % 4, rng)
        while not state.is_over:
            code = rng.choice(state.legal_codes())
            world = None
            if state.phase != Phase.DONE and (any(state.exposed) or state.trick_cards):
                world = sample_world(view_of(state, state.turn), rng)
            state.apply(code)
            corrected += code == Action.CORRECT_REVOKE
            if world is not None:
                world.apply(code)
                assert (world.phase, world.turn) == (state.phase, state.turn), (seed, code)
    return corrected


def test_the_questions_of_a_correction_and_a_call_tell_nothing_hidden() -> None:
    assert _worlds_agree_over_random_play(range(60)) > 0


def test_positive_control_a_call_offered_on_a_hidden_condition_is_caught(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The check can fail: were the call offered only for exposed cards the owner may
    lawfully play (which depends on his hidden cards), worlds would disagree."""
    import pytest

    from euchre.core.cards import follow_mask
    from euchre.core.corrections import CorrectionLaw

    def hidden(self, seat):  # type: ignore[no-untyped-def]
        led = self.trick_cards[0] if self.trick_cards else -1
        return self.exposed[seat] & follow_mask(self.hands[seat], self.trump, led)

    monkeypatch.setattr(CorrectionLaw, "_callable", hidden)
    with pytest.raises((AssertionError, ValueError)):
        _worlds_agree_over_random_play(range(60))


def _ever_exposed(state: HandState) -> list[int]:
    """Per seat, every card it exposed by a correction (the card it played last before
    each of its ``correct``), read from the history."""
    out = [0] * state.table.seats
    last = [-1] * state.table.seats
    for seat, code in state.history:
        if code == Action.CORRECT_REVOKE:
            out[seat] |= 1 << last[seat]
        elif Action(code).is_play:
            last[seat] = Action(code).card
    return out


def test_regression_exposed_cards_stay_exposed_and_taken_back_cards_stay_bound() -> None:
    """Found by a tester: an exposed card played and then taken back by a later correction
    was no longer exposed, and a partner's card taken back could be overridden by a call
    of another exposed card of his. Over random table-mode play: a seat's exposed cards
    are exactly the cards it exposed that it still holds; a seat that took back its card
    as the corrector's partner may only play that card, and no call is asked at its turn."""
    bound = retaken = 0
    for seed in range(400):
        rng = random.Random(seed)
        state = HandState.deal(DC, seed % 4, rng)
        while not state.is_over:
            ever = _ever_exposed(state)
            for seat in range(4):
                assert state.exposed[seat] == ever[seat] & state.hands[seat], (seed, seat)
            if state.phase == Phase.CALL_CARD:
                assert state.kept[state.call_asked] == -1
            if state.phase == Phase.PLAY and state.kept[state.turn] != -1:
                assert [a for a in state.legal_actions() if a.is_play] == [Action.play(state.kept[state.turn])]
                bound += 1
            code = rng.choice(state.legal_codes())
            if code == Action.CORRECT_REVOKE:
                k = state.trick_seats.index(state.turn)
                retaken += any(ever[s] >> c & 1 for s, c in zip(state.trick_seats[k + 1:], state.trick_cards[k + 1:],
                                                                 strict=True))
            state.apply(code)
    assert bound > 0 and retaken > 0  # both cases came up
