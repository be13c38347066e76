"""Perft-style counts: the number of legal action sequences from fixed deals.

A change to legality anywhere (bidding, the dealer's exchange, lone hands, following
suit, trick winners that decide the next leader) changes a count. The expected numbers
never come from the engine: each is counted by hand (explained next to it), or by the
independent naive model in ``_naive_euchre`` (written from REFERENCE 6.1), and for the
``openspiel`` preset also by OpenSpiel's own ``euchre`` game on the same deal.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from euchre.core import HandState, Phase, Rules, preset

try:
    from . import _naive_euchre as kit
except ImportError:
    import _naive_euchre as kit

N, E, S, W = 0, 1, 2, 3
MS = preset("modern-standard")
CASUAL_JOKER = preset("casual-web-003").replace(joker=True)
OPENSPIEL_DEFEND = preset("openspiel").replace(defend_alone=True)

# Fixed deals: hands by seat N, E, S, W, and the upcard (the rest of the stock is the
# unused cards). N deals every one of them.
D24A = (["9C QC 9H JH TS", "AC QD 9S QS KS", "KC KD QH KH AS", "TC JC JD TH JS"], "AH")
D24B = (["TC TD QD 9S QS", "9C QC JH KH AS", "AC JD AD QH JS", "JC TH AH TS KS"], "KD")
D32A = (["KC 9D JD KH AH", "7C TC 8D AD TS", "9C QC 7D TH 7S", "JC QD JH 9S AS"], "QS")
D33 = (["AC TD 9H JH 7S", "TC 8D QH 8S TS", "JC JD AD 7H JK", "8C KC 7D 9S JS"], "KH")
D33_JOKER_UP = (["AC TD 9H JH 7S", "TC 8D QH 8S TS", "JC JD AD 7H 8H", "8C KC 7D 9S JS"], "JK KH")
D25_JOKER_UP = (["9C TC QC KC AC", "9D TD QD KD AD", "9H TH QH KH AH", "9S TS QS KS AS"], "JK")
# Every player holds one effective suit under hearts: nobody can ever follow suit.
VOIDS = (["JH AH KH QH TH", "9D TD QD KD AD", "9C TC JC QC KC", "9S TS JS QS KS"], "AC")


def deal(rules: Rules, d: tuple[list[str], str]) -> HandState:
    hands, up = d
    upcard, *rest = up.split()
    return kit.make_state(rules, N, list(hands), upcard=upcard, rest=" ".join(rest) if rest else None)


def naive(state: HandState) -> kit.NaiveHand:
    """The naive model's hand for the engine's deal (cards passed as codes)."""
    stock = kit.codes(list(state.stock))
    if state.joker_aside:  # the engine keeps the set-aside joker at the stock's end
        stock = [stock[-1], *stock[:-1]]
    return kit.NaiveHand(state.rules.to_dict(), state.dealer,
                         [kit.codes([c for c in range(33) if state.deal_hands[s] >> c & 1]) for s in range(4)],
                         stock)


def engine_perft(state: HandState, depth: int | None = None,
                 stop: Callable[[HandState], bool] | None = None) -> int:
    """Sequences from ``state`` (push/pop): to ``depth`` actions, until ``stop``, or to the end."""
    if state.is_over or depth == 0 or (stop is not None and stop(state)):
        return 1
    total = 0
    nxt = None if depth is None else depth - 1
    for code in list(state.legal_codes()):
        state.push(code)
        total += engine_perft(state, nxt, stop)
        state.pop()
    return total


def bidding_over(state: HandState) -> bool:
    return state.phase in (Phase.PLAY, Phase.DONE)


def naive_bidding_over(state: kit.NaiveHand) -> bool:
    return state.phase in ("play", "done")


# ----------------------------------------------------------- to the end of bidding
# Counted by hand. With no natural-trump rule the counts do not depend on the cards.
#  modern-standard (maker_only, with_call, deal passes): round one, each seat may order
#   or order alone: eldest 2x5 discards = 10; dealer's partner: order 5 + alone 1 (the
#   dealer sits out, no discard) = 6; third hand 10; dealer 10 -> 36. Round two: each
#   seat names one of 3 suits, alone or not (6); the dealer may also pass (passed out):
#   6+6+6+7 = 25. Total 61.
#  modern-tournament (stick the dealer): the dealer cannot pass in round two: 36+24 = 60.
#  uspcc-official: as modern-standard (32 cards change nothing here): 61.
#  dc-club-1862 (maker_or_partner): eldest (order/alone) x third hand takeover (2) x 5 = 20;
#   dealer's partner: order -> dealer takeover or not, then 5 discards = 10; alone -> dealer
#   passes (sits out, 1) or takes over (discards 5) = 6: 16; third hand 10; dealer 10:
#   56. Round two as modern-standard, 25. Total 81.
#  hoyle-1857 (maker_or_dealer_when_assisted): dealer's partner: order -> dealer may take
#   over: 2x5 = 10; alone -> 1: 11. Round one 10+11+10+10 = 41; total 41+25 = 66.
#  casual-web-003 with the joker (maker_only, same dealer redeals): 61, also when the
#   joker is turned up (it is set aside and the next card turned: S003 L12).
#  modern-canadian: the dealer's partner may only pass or order alone (1): 10+1+10+10 = 31,
#   plus 25: 56.
#  openspiel (after_bidding, stick the dealer): round one each seat orders, the dealer
#   discards (5), the maker goes alone or not (2): 4x10 = 40; round two 3 suits x 2 per
#   seat, dealer stuck: 4x6 = 24. Total 64.
#  openspiel + defend alone against any maker: every line above then asks the two
#   defenders in turn (first defends | second defends | both pass = 3): 64x3 = 192.
#  dc-club-1862-coteries (maker_or_partner, defend alone against a lone maker, 3 ways):
#   eldest: order -> (no takeover: 5) + (takeover: 5x3) = 20; alone -> (5x3) + (5x3) = 30;
#   dealer's partner: order -> 5 + 5x3 = 20; alone -> (dealer out: 3) + (takeover: 5x3) = 18;
#   third hand 5 + 15 = 20; dealer 20: 128. Round two 3 suits x (1 + 3) per seat = 12, the
#   dealer 13: 49. Total 177.
#  british-benny with the joker turned up: the dealer names one of 4 suits alone or not
#   and discards one of his 5 cards (not the joker): 4x2x5 = 40.
BIDDING_COUNTS = [
    ("modern-standard", MS, D24A, 61),
    ("modern-tournament", preset("modern-tournament"), D24B, 60),
    ("uspcc-official", preset("uspcc-official"), D32A, 61),
    ("dc-club-1862", preset("dc-club-1862"), D32A, 81),
    ("hoyle-1857", preset("hoyle-1857"), D32A, 66),
    ("casual-web-003+joker", CASUAL_JOKER, D33, 61),
    ("casual-web-003+joker-up", CASUAL_JOKER, D33_JOKER_UP, 61),
    ("modern-canadian", preset("modern-canadian"), D24B, 56),
    ("openspiel", preset("openspiel"), D24A, 64),
    ("openspiel+defend", OPENSPIEL_DEFEND, D24A, 192),
    ("dc-club-1862-coteries", preset("dc-club-1862-coteries"), D32A, 177),
    ("british-benny-joker-up", preset("british-benny"), D25_JOKER_UP, 40),
]


@pytest.mark.parametrize(("rules", "d", "expected"), [c[1:] for c in BIDDING_COUNTS], ids=[c[0] for c in BIDDING_COUNTS])
def test_bidding_perft(rules: Rules, d: tuple[list[str], str], expected: int) -> None:
    """Sequences from the deal to the first lead (or a pass-out): counted by hand, and by
    the naive model. Source: REFERENCE 6.1 "Bidding state machine", RULES.md 9-10."""
    state = deal(rules, d)
    assert kit.naive_perft(naive(state), stop=naive_bidding_over) == expected
    assert engine_perft(state, stop=bidding_over) == expected


# Counted by hand for D24A under modern-standard: depth 1 = pass / order / order alone (3).
# Depth 2: after a pass the dealer's partner has 3; after order or order alone the dealer
# discards one of 5: 3+5+5 = 13. Depth 3: pass-pass-(3) + pass-order-discard(5) +
# pass-alone-lead(5: the dealer sits out, the eldest leads any of 5) + order-discard-lead
# (25) + alone-discard-lead (25) = 63.
def test_perft_shallow_by_hand() -> None:
    state = deal(MS, D24A)
    assert [engine_perft(state, d) for d in (1, 2, 3)] == [3, 13, 63]


DEPTH_CASES = [
    ("modern-standard", MS, D24A, 9),
    ("modern-standard-B", MS, D24B, 9),
    ("modern-tournament", preset("modern-tournament"), D24B, 9),
    ("dc-club-1862", preset("dc-club-1862"), D32A, 8),
    ("hoyle-1857", preset("hoyle-1857"), D32A, 8),
    ("casual-web-003+joker", CASUAL_JOKER, D33, 8),
    ("casual-web-003+joker-up", CASUAL_JOKER, D33_JOKER_UP, 8),
    ("openspiel", preset("openspiel"), D24A, 9),
    ("openspiel+defend", OPENSPIEL_DEFEND, D24B, 8),
    ("british-benny-joker-up", preset("british-benny"), D25_JOKER_UP, 6),
    ("natural-trump-stuck", MS.replace(require_trump_to_call="natural_trump", all_pass_round2="stick_the_dealer"),
     D24B, 10),
    ("no-trump-call", MS.replace(no_trump_call=True), D24A, 10),
    ("dealer-may-discard-upcard", MS.replace(dealer_may_discard_upcard=True), D24A, 8),
]


@pytest.mark.parametrize(("rules", "d", "depth"), [c[1:] for c in DEPTH_CASES], ids=[c[0] for c in DEPTH_CASES])
def test_perft_to_depth(rules: Rules, d: tuple[list[str], str], depth: int) -> None:
    """Sequences of 1..depth actions from the deal (a finished hand counts as a leaf):
    the engine against the naive model. Source: REFERENCE 6.1."""
    state = deal(rules, d)
    model = naive(state)
    assert [engine_perft(state, k) for k in range(1, depth + 1)] == [kit.naive_perft(model, k) for k in range(1, depth + 1)]


# -------------------------------------------------- play from a fixed position
PLAY_CASES: list[tuple[str, Rules, tuple[list[str], str], list[str]]] = [
    ("modern-standard-lone", MS, D24A, ["order-alone", "discard-9C"]),
    ("modern-standard-B-dealer-alone", MS, D24B, ["pass", "pass", "pass", "order-alone", "discard-TC"]),
    ("modern-tournament-stuck-alone", preset("modern-tournament"), D24B, ["pass"] * 7 + ["name-S-alone"]),
    ("dc-club-1862-takeover", preset("dc-club-1862"), D32A, ["order", "take-over", "discard-9D"]),
    ("hoyle-1857-dealer-alone-on-assist", preset("hoyle-1857"), D32A, ["pass", "order", "take-over", "discard-9D"]),
    ("casual-web-003+joker-lone", CASUAL_JOKER, D33, ["order-alone", "discard-7S"]),
    ("openspiel-lone", preset("openspiel"), D24A, ["order", "discard-9C", "alone"]),
    ("openspiel-lone-defender", OPENSPIEL_DEFEND, D24A, ["order", "discard-9C", "partner", "defend-alone"]),
    ("coteries-lone-v-lone", preset("dc-club-1862-coteries"), D32A, ["order-alone", "pass", "discard-9D", "defend-alone"]),
]


def _position(rules: Rules, d: tuple[list[str], str], line: list[str]) -> HandState:
    state = deal(rules, d)
    for a in line:
        state.apply(a)
    assert state.phase == Phase.PLAY
    return state


@pytest.mark.parametrize(("rules", "d", "line"), [c[1:] for c in PLAY_CASES], ids=[c[0] for c in PLAY_CASES])
def test_play_perft_to_the_end(rules: Rules, d: tuple[list[str], str], line: list[str]) -> None:
    """Every play sequence to the end of the hand from a fixed post-bidding position:
    the engine against a plain recursive enumerator (follow suit by effective suit, the
    highest trump or led card wins, the winner leads). Source: REFERENCE 6.1."""
    state = _position(rules, d, line)
    out = {s for s in range(4) if not state.is_active(s)}
    hands = [kit.codes(state.hand_of(s)) for s in range(4)]
    trump = "CDHS"[state.trump]
    expected = kit.naive_play_count(hands, trump, out, state.turn)
    assert engine_perft(state) == expected
    # and the naive model's own bidding reaches the same position
    model = naive(state)
    for a in line:
        model.apply(a)
    assert model.phase == "play" and model.turn == state.turn and model.out == out


def test_play_perft_voids_by_hand() -> None:
    """No player can ever follow suit (each holds one effective suit under hearts), so
    every card in hand is legal: trick 1 gives 5^4 = 625 sequences; the first lead of
    trick 2 (by N, who won with a trump) 625x4 = 2500; two tricks 625x4^4 = 160000.
    Lone hand (S sits out): 5^3 = 125 and 125x4^3 = 8000. Source: REFERENCE 6.1."""
    state = deal(MS, VOIDS)
    for _ in range(4):
        state.apply("pass")
    state.apply("pass")  # E
    state.apply("pass")  # S
    state.apply("pass")  # W
    state.apply("name-H")  # the dealer names hearts
    assert state.phase == Phase.PLAY and state.turn == E
    assert [engine_perft(state, d) for d in (4, 5, 8)] == [625, 2500, 160000]
    lone = deal(MS, VOIDS)
    for a in ["pass"] * 7 + ["name-H-alone"]:
        lone.apply(a)
    assert [engine_perft(lone, d) for d in (3, 6)] == [125, 8000]


# ----------------------------------------------------------------- OpenSpiel
RANKS24 = "9TJQKA"


def _os_card(code: str) -> int:
    """OpenSpiel's card number: rank * 4 + suit, suits C D H S, ranks 9 T J Q K A
    (checked below against ActionToString)."""
    return RANKS24.index(code[0]) * 4 + "CDHS".index(code[1])


def _os_deal(game: Any, hands: list[str], upcard: str, dealer: int = N) -> Any:
    """OpenSpiel state after its chance moves: the dealer, then 20 cards dealt one at a
    time, card k to seat (dealer + k) % 4, then the upcard (euchre.cc ApplyDealAction)."""
    st = game.new_initial_state()
    st.apply_action(dealer)
    queues = [kit.split(h) for h in hands]
    for k in range(20):
        st.apply_action(_os_card(queues[(dealer + k) % 4].pop(0)))
    st.apply_action(_os_card(upcard))
    return st


def _os_perft(st: Any, depth: int | None = None) -> int:
    if st.is_terminal() or depth == 0:
        return 1
    nxt = None if depth is None else depth - 1
    return sum(_os_perft(st.child(a), nxt) for a in st.legal_actions())


def _os_bidding_perft(st: Any, decisions: int, lone_defender: bool) -> int:
    """OpenSpiel sequences to the first lead: bidding ends with the maker's Alone/Partner
    decision (actions 29/30), then, with lone defenders, each defender's in turn."""
    if st.is_terminal():
        return 1
    total = 0
    for a in st.legal_actions():
        if a in (29, 30):
            seen = decisions + 1
            done = (not lone_defender) or (seen >= 2 and a == 29) or seen == 3
            total += 1 if done else _os_bidding_perft(st.child(a), seen, lone_defender)
        else:
            total += _os_bidding_perft(st.child(a), decisions, lone_defender)
    return total


@pytest.fixture(scope="module")
def pyspiel() -> Any:
    return pytest.importorskip("pyspiel")


def test_openspiel_card_mapping(pyspiel: Any) -> None:
    game = pyspiel.load_game("euchre")
    st = game.new_initial_state()
    st.apply_action(0)
    texts = {a: st.action_to_string(a) for a, _ in st.chance_outcomes()}
    assert all(texts[_os_card(r + s)] == s + r for r in RANKS24 for s in "CDHS")
    st = _os_deal(game, *D24A)
    # N is the dealer and player 0; E (player 1) speaks first; the upcard is the A♥.
    assert st.current_player() == E
    assert "Upcard: HA" in str(st)


@pytest.mark.parametrize(("lone_defender", "rules", "expected"), [(False, preset("openspiel"), 64), (True, OPENSPIEL_DEFEND, 192)])
def test_openspiel_bidding_count(pyspiel: Any, lone_defender: bool, rules: Rules, expected: int) -> None:
    """OpenSpiel counts the same bidding sequences as the openspiel preset (64; 192
    with allow_lone_defender / defend alone against any maker)."""
    game = pyspiel.load_game("euchre", {"allow_lone_defender": lone_defender})
    assert _os_bidding_perft(_os_deal(game, *D24A), 0, lone_defender) == expected
    assert engine_perft(deal(rules, D24A), stop=bidding_over) == expected


@pytest.mark.parametrize("d", [D24A, D24B], ids=["D24A", "D24B"])
@pytest.mark.parametrize("lone_defender", [False, True])
def test_openspiel_depth_perft(pyspiel: Any, d: tuple[list[str], str], lone_defender: bool) -> None:
    """Sequences of 1..9 actions from the deal: OpenSpiel against the openspiel preset."""
    game = pyspiel.load_game("euchre", {"allow_lone_defender": lone_defender})
    rules = OPENSPIEL_DEFEND if lone_defender else preset("openspiel")
    st, state = _os_deal(game, *d), deal(rules, d)
    assert [engine_perft(state, k) for k in range(1, 10)] == [_os_perft(st, k) for k in range(1, 10)]


OS_PLAY_LINES = [
    ("lone", False, ["order", "discard-9C", "alone"], [27, _os_card("9C"), 29]),
    ("lone-defender", True, ["order", "discard-9C", "partner", "defend-alone"], [27, _os_card("9C"), 30, 29]),
    ("together", False, ["order", "discard-9C", "partner"], [27, _os_card("9C"), 30]),
]


@pytest.mark.parametrize(("lone_defender", "line", "os_line"), [c[1:] for c in OS_PLAY_LINES], ids=[c[0] for c in OS_PLAY_LINES])
def test_openspiel_play_perft_to_the_end(pyspiel: Any, lone_defender: bool, line: list[str], os_line: list[int]) -> None:
    """The whole play tree after the same bidding (E orders up the A♥, N discards 9♣):
    OpenSpiel, the engine and the naive enumerator count the same sequences."""
    game = pyspiel.load_game("euchre", {"allow_lone_defender": lone_defender})
    st = _os_deal(game, *D24A)
    for a in os_line:
        st.apply_action(a)
    state = _position(OPENSPIEL_DEFEND if lone_defender else preset("openspiel"), D24A, line)
    out = {s for s in range(4) if not state.is_active(s)}
    expected = kit.naive_play_count([kit.codes(state.hand_of(s)) for s in range(4)], "H", out, state.turn)
    assert st.current_player() == state.turn
    assert _os_perft(st) == expected
    assert engine_perft(state) == expected


def test_openspiel_voids_by_hand(pyspiel: Any) -> None:
    """The hand-counted voids position (625 / 2500) in OpenSpiel, stuck dealer naming hearts."""
    game = pyspiel.load_game("euchre")
    st = _os_deal(game, *VOIDS)
    for _ in range(7):
        st.apply_action(24)
    st.apply_action(27)  # hearts
    st.apply_action(30)  # with partner
    assert [_os_perft(st, d) for d in (4, 5)] == [625, 2500]
