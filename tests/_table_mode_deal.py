"""A deal worked by hand for the tests of table mode (``renege_mode =
penalize_on_claim``; RULES.md decision 27), and the steps that play it.

Not a test module. The deal (dealer W, so N is the eldest; the upcard 9H):

    N: JH AH KS QS AC      E: 9S TS AD KD 9C      S: JD KH AS QD TC      W: QH TH KC QC JC

N orders up hearts and W discards JC. In the first trick N leads KS and E, who holds
9S and TS, plays 9C: a revoke (Leeds & Dwight 1888 s62). W, who holds no spade, plays KC
(no revoke). Played out with every other card following suit (worked by hand):

    1. N KS  E 9C  S AS  W KC   spades led: AS wins (S)
    2. S TC  W QC  N AC  E AD   clubs: AC wins (N)       E has no club: no revoke
    3. N JH  E KD  S KH  W 9H   hearts (trump): JH wins (N)
    4. N AH  E TS  S JD  W QH   trump: JD, the left bower, wins (S); E shows spades here
    5. S QD  W TH  N QS  E 9S   diamonds led: TH, a trump, wins (W)

N-S take four tricks: the makers' point. The proof of E's revoke is trick 4 (index 3),
where E played TS (New York 1877 s10).

The "honest" deal gives E the stock's 9D and TD instead of 9S and TS: the same cards are
seen by N up to his turn in trick 2, but E's 9C in trick 1 is then no revoke.
"""

from __future__ import annotations

from euchre.core.actions import Action
from euchre.core.hand import HandState, Phase
from euchre.core.rules import Rules
from euchre.core.state import HandResult

try:
    from . import _naive_euchre as kit
except ImportError:  # pragma: no cover - run from the tests folder
    import _naive_euchre as kit  # type: ignore[no-redef]

N, E, S, W = 0, 1, 2, 3

HANDS = ["JH AH KS QS AC", "9S TS AD KD 9C", "JD KH AS QD TC", "QH TH KC QC JC"]
HONEST_HANDS = ["JH AH KS QS AC", "9D TD AD KD 9C", "JD KH AS QD TC", "QH TH KC QC JC"]

TRICKS = [
    ["play-KS", "play-9C", "play-AS", "play-KC"],
    ["play-TC", "play-QC", "play-AC", "play-AD"],
    ["play-JH", "play-KD", "play-KH", "play-9H"],
    ["play-AH", "play-TS", "play-JD", "play-QH"],
    ["play-QD", "play-TH", "play-QS", "play-9S"],
]
"""The plays of the hand above, trick by trick, in the order of play."""


def deal(rules: Rules, honest: bool = False) -> HandState:
    """The deal above (or the honest one) under ``rules``, W dealing."""
    if honest:
        return kit.make_state(rules, W, HONEST_HANDS, "9H", rest="JS 9S TS")
    return kit.make_state(rules, W, HANDS, "9H", rest="JS 9D TD")


def bid(state: HandState, alone: bool = False, discard: str = "JC") -> None:
    """N orders up (alone if ``alone``), W takes up and discards ``discard``; every other
    question the rules ask before the play (a takeover, defending alone) is declined."""
    state.apply("order-alone" if alone else "order")
    while state.phase != Phase.PLAY:
        legal = state.legal_actions()
        if Action.discard(kit.cards(discard)[0]) in legal:
            state.apply("discard-" + discard)
        elif Action.PASS in legal:
            state.apply("pass")
        elif Action.PLAY_WITH_PARTNER in legal:
            state.apply("partner")
        else:  # pragma: no cover - the deal's rules ask nothing else
            raise AssertionError(f"unexpected decision: {legal}")


def stand(state: HandState) -> None:
    """Let every card that did not follow suit in the trick just completed stand (the
    question before the trick is quitted: RULES.md decision 27)."""
    while state.phase == Phase.REVOKE_CORRECTION:
        state.apply("stand")


def play(state: HandState, plays: list[str]) -> None:
    """Apply the plays in order (checked), every card that did not follow suit standing."""
    for p in plays:
        stand(state)
        state.apply(p)
    stand(state)


def play_out_with_revoke(rules: Rules) -> HandResult:
    """The whole hand above under ``rules`` (table mode without ``renege_ends_hand``):
    five tricks, then N claims the revoke and every other seat asked passes."""
    state = deal(rules)
    bid(state)
    for trick in TRICKS:
        play(state, trick)
    while state.phase == Phase.REVOKE_CLAIMS:
        state.apply("renege" if state.turn == N else "pass")
    if state.result is None:  # pragma: no cover
        raise AssertionError("the hand did not end")
    return state.result


MARCH_HANDS = ["JH JD AH KH QH", "7C 8C 9C TC JC", "9H AC AS AD KC", "7S 8S 9S TS JS"]
"""A second deal (32 cards, W dealing, upcard 7H, W discards 7S): N holds the five top
trumps and marches; S, holding 9H, plays AC to N's lead of JH in trick 1 (a revoke) and
shows 9H in trick 2."""

MARCH_TRICKS = [
    ["play-JH", "play-7C", "play-AC", "play-7H"],
    ["play-JD", "play-8C", "play-9H", "play-8S"],
    ["play-AH", "play-9C", "play-AS", "play-9S"],
    ["play-KH", "play-TC", "play-AD", "play-TS"],
    ["play-QH", "play-JC", "play-KC", "play-JS"],
]
