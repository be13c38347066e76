"""The open-hand solver (euchre.solver) against a plain minimax written here, both backends.

The reference :func:`brute_force` is deliberately simple: it plays every legal card at every
turn (no pruning, no equivalences, no bounds), decides legality and trick winners with the
core's tables and scores with the core's ``score_hand``, and memoises only whole positions at
the start of a trick. It is checked once more against the engine itself (HandState
push/pop, the hand's own result) on a smaller set.

Positions: 1,350 random ones under nine rule sets (24, 28 and 32 cards, the joker, no
trump, super euchre, lone hands with three active seats, a lone defender with two, the
two-handed table of two players), spread over every trick (1 to 5 tricks to go) and every
point of a trick (0 to 3 cards played).
"""

from __future__ import annotations

import random
from functools import cache

import pytest

from euchre.core import EuchreError, HandState, Phase, Rules, preset
from euchre.core.actions import PLAY_BASE
from euchre.core.cards import EFFECTIVE_SUIT, NO_TRUMP, SUIT_MASK, deck_cards, parse_card, trick_winner_index
from euchre.core.scoring import score_hand
from euchre.solver import ENV_VAR, analyse, available_backends, backend_name, numba_available, solve, solve_points
from euchre.solver.backend import get_backend
from euchre.solver.position import layout

RULESETS: dict[str, Rules] = {
    "modern-standard": preset("modern-standard"),
    "uspcc-official (32)": preset("uspcc-official"),
    "british-benny (joker)": preset("british-benny"),
    "dc-club-1862 (32, lone euchred 4)": preset("dc-club-1862"),
    "coteries (32, lone defender, odd trick)": preset("dc-club-1862-coteries"),
    "casual-web-003 (32, march 3)": preset("casual-web-003"),
    "32 + joker, lone defender": preset("uspcc-official").replace(joker=True, defend_alone=True),
    "28, no trump, super euchre": preset("modern-standard").replace(deck=28, no_trump_call=True, super_euchre=True),
    "two-handed (2 seats, 32)": preset("two-handed"),
}
POSITIONS_PER_RULESET = 150
NUMBA = numba_available()

ALONE_CALLS = {2, 8, 9, 10, 11, 12, 13, 15}
"""Action codes that make a lone hand (order/name alone, go alone, take over); 7 and 12
name no trump."""
DEFEND_ALONE = 16


# ======================================================================= positions
def random_position(rules: Rules, rng: random.Random, kind: str, tricks_to_go: int, in_trick: int) -> HandState:
    """A random hand in play: bid at random until the hand's kind is right ("team": four
    seats play; "lone": a lone maker, three seats; "lone_def": a lone maker against a
    lone defender, two seats), then play random cards until ``tricks_to_go`` tricks are
    left and ``in_trick`` cards (capped to the seats playing less one) are on the table."""
    while True:
        st = HandState.deal(rules, rng.randrange(rules.table.seats), rng)
        no_trump = rules.no_trump_call and rng.random() < 0.5
        while st.phase != Phase.PLAY and not st.is_over:
            legal = list(st.legal_codes())
            if no_trump and st.phase in (Phase.BID_ROUND_1, Phase.BID_ROUND_2):
                calls = [c for c in legal if c in ((7,) if kind == "team" else (7, 12))]
                code = rng.choice(calls) if calls else 0
            elif st.phase == Phase.DEFEND_ALONE:
                code = DEFEND_ALONE if kind == "lone_def" and DEFEND_ALONE in legal else 0
            elif st.phase == Phase.TAKEOVER:
                code = 0
            elif kind == "team":
                calls = [c for c in legal if c not in ALONE_CALLS and c != 0]
                plain = [c for c in legal if c not in ALONE_CALLS] or legal  # call-ace may force a lone hand
                code = rng.choice(calls) if calls and rng.random() < 0.4 else (
                    14 if st.phase == Phase.ALONE_DECISION and 14 in legal else rng.choice(plain))
            else:
                calls = [c for c in legal if c in ALONE_CALLS]
                code = rng.choice(calls) if calls and rng.random() < 0.5 else rng.choice(legal)
            st.apply(code)
        if st.phase != Phase.PLAY:
            continue
        lone, lone_def = st.alone != -1, st.defender_alone != -1
        if (kind == "team") != (not lone) or (kind == "lone_def") != lone_def:
            continue
        players = bin(st.active).count("1")
        for _ in range((5 - tricks_to_go) * players + min(in_trick, players - 1)):
            st.apply(rng.choice(st.legal_codes()))
        return st


def _kinds(rules: Rules) -> list[str]:
    """The kinds of hand a rule set can give (no lone hands at the two-handed table)."""
    if not rules.alone_allowed:
        return ["team"]
    return ["team", "lone", "lone_def"] if rules.defend_alone else ["team", "lone"]


@cache
def positions(name: str) -> tuple[HandState, ...]:
    """The test positions of a rule set (fixed by a seed)."""
    rules = RULESETS[name]
    rng = random.Random(f"solver {name}")
    kinds = _kinds(rules)
    opening = list(RULESETS).index(name) % 2 == 0
    out = []
    for i in range(POSITIONS_PER_RULESET):
        tricks_to_go, in_trick, kind = 1 + i % 5, (i // 5) % 4, kinds[i % len(kinds)]
        if tricks_to_go == 5 and in_trick < 3 and not (i == 4 and opening) and len(kinds) > 1:
            # The plain minimax of a four-seat hand from the opening lead takes about a
            # second in Python: one such position in every other rule set; lone hands (far
            # fewer lines of play) for the other early positions of the first trick.
            kind = kinds[1 + i % (len(kinds) - 1)]
        out.append(random_position(rules, rng, kind, tricks_to_go, in_trick))
    return tuple(out)


# ======================================================================= the reference
def reference_makers(state: HandState) -> tuple[set[int], bool]:
    """The makers' seats and whether they are scored as a lone hand, read from the rules'
    text rather than the engine: the maker's partnership (a lone maker when he went
    alone); where every player is for himself the maker, and at call-ace also whoever
    was dealt the called card, found where it is now (in a hand, or played by him to a
    trick); a call-ace maker without a partner counts as a lone hand (X-47, RULES.md
    decision 21)."""
    table = state.table
    if state.rules.calls_partner:
        if state.called == -1:  # went alone instead of calling
            return {state.maker}, state.rules.alone_allowed
        holder = [s for s in range(table.seats) if state.hands[s] >> state.called & 1]
        holder += [seat for t in state.tricks for seat, card in zip(t.seats, t.cards, strict=True) if card == state.called]
        holder += [seat for seat, card in zip(state.trick_seats, state.trick_cards, strict=True) if card == state.called]
        if not holder or holder[0] == state.maker:
            return {state.maker}, state.rules.alone_allowed
        return {state.maker, holder[0]}, False
    return set(table.teams[table.team[state.maker]]), state.alone != -1


def brute_force(state: HandState) -> dict[int, tuple[int, int]]:
    """For each legal card of the seat to play, ``(tricks, points)`` for its side with
    every card tried at every turn after: the side's tricks at the end of the hand, and
    the hand's points for the side (negative when the other side scores). The sides are
    the makers and the defenders (:func:`reference_makers`; the defenders' tricks count
    together where more than two sides sit, as the scoring counts them). Each side
    maximises its own value; the two objectives are minimaxed separately (component by
    component) over the same tree."""
    trump = state.trump
    table = state.table
    n = table.seats
    makers, lone = reference_makers(state)
    side_of = [0 if s in makers else 1 for s in range(n)]
    side = side_of[state.turn]
    active = [s for s in range(n) if state.active >> s & 1]
    following = {s: active[(active.index(s) + 1) % len(active)] for s in active}
    rules = state.rules
    Value = tuple[int, int]

    def outcome(won: tuple[int, int]) -> Value:
        makers_score, points, _ = score_hand(rules, won[0], lone, state.defender_alone != -1)
        return won[side], (points if makers_score == (side == 0) else -points)

    def legal_cards(hand: int, cards: tuple[int, ...]) -> list[int]:
        if cards:
            follow = hand & SUIT_MASK[trump][EFFECTIVE_SUIT[trump][cards[0]]]
            if follow:
                hand = follow
        out = []
        while hand:
            low = hand & -hand
            out.append(low.bit_length() - 1)
            hand ^= low
        return out

    memo: dict[tuple[tuple[int, ...], int, tuple[int, int]], Value] = {}

    def value_after(hands: tuple[int, ...], leader: int, cards: tuple[int, ...], seats: tuple[int, ...],
                    won: tuple[int, int], seat: int, card: int) -> Value:
        """The value once ``seat`` has played ``card``."""
        hands = tuple(h & ~(1 << card) if s == seat else h for s, h in enumerate(hands))
        cards, seats = (*cards, card), (*seats, seat)
        if len(cards) < len(active):
            return value(hands, leader, cards, seats, won)
        winner = seats[trick_winner_index(list(cards), trump)]
        won = (won[0] + (side_of[winner] == 0), won[1] + (side_of[winner] == 1))
        if all(hands[s] == 0 for s in active):
            return outcome(won)
        key = (hands, winner, won)
        if key not in memo:
            memo[key] = value(hands, winner, (), (), won)
        return memo[key]

    def value(hands: tuple[int, ...], leader: int, cards: tuple[int, ...], seats: tuple[int, ...], won: tuple[int, int]) -> Value:
        seat = following[seats[-1]] if cards else leader
        results = [value_after(hands, leader, cards, seats, won, seat, c) for c in legal_cards(hands[seat], cards)]
        pick = max if side_of[seat] == side else min
        return pick(r[0] for r in results), pick(r[1] for r in results)

    hands = tuple(state.hands[s] if s in active else 0 for s in range(n))
    cards, seats = tuple(state.trick_cards), tuple(state.trick_seats)
    won_by = [sum(1 for t in state.tricks if side_of[t.winner] == k) for k in (0, 1)]
    return {c: value_after(hands, state.leader, cards, seats, (won_by[0], won_by[1]), state.turn, c)
            for c in legal_cards(hands[state.turn], cards)}


def engine_minimax(state: HandState) -> dict[int, int]:
    """Points for the side to play of each legal card, by minimax through the engine itself
    (push/pop, legal_codes, the hand's scored result), memoised at trick starts."""
    team = state.table.team
    side = team[state.turn]
    st = state.copy()
    memo: dict[tuple[object, ...], int] = {}

    def value() -> int:
        if st.is_over:
            assert st.result is not None
            return st.result.points[side] - st.result.points[1 - side]  # two sides
        key = (tuple(st.hands), st.leader, tuple(st.tricks_won)) if not st.trick_cards else None
        if key is not None and key in memo:
            return memo[key]
        results = []
        for code in list(st.legal_codes()):
            st.push(code)
            results.append(value())
            st.pop()
        v = max(results) if team[st.turn] == side else min(results)
        if key is not None:
            memo[key] = v
        return v

    out = {}
    for code in list(st.legal_codes()):
        st.push(code)
        out[code - PLAY_BASE] = value()
        st.pop()
    return out


# ======================================================================= exactness
@pytest.mark.parametrize("name", list(RULESETS))
def test_solver_is_exact_against_brute_force(name: str) -> None:
    """On every position, both backends give, for every legal card, the tricks and the
    points of the plain minimax; the numba kernel and the Python fallback agree to the
    node count (they are the same code)."""
    kinds_seen = set()
    for st in positions(name):
        kinds_seen.add((5 - len(st.tricks), len(st.trick_cards), bin(st.active).count("1")))
        before = repr(st), list(st.hands), list(st.trick_cards), list(st.tricks_won), len(st.history)
        py = analyse(st, backend="python")
        assert (repr(st), list(st.hands), list(st.trick_cards), list(st.tricks_won), len(st.history)) == before
        assert set(py.tricks) == {c - PLAY_BASE for c in st.legal_codes()}
        reference = brute_force(st)
        assert py.tricks == {c: v[0] for c, v in reference.items()}, st
        assert py.points == {c: v[1] for c, v in reference.items()}, st
        if NUMBA:
            nb = analyse(st, backend="numba")
            assert (nb.tricks, nb.points, nb.groups, nb.nodes) == (py.tricks, py.points, py.groups, py.nodes), st
    # The positions cover every trick and every point of a trick.
    assert {k[0] for k in kinds_seen} == {1, 2, 3, 4, 5}
    assert {k[1] for k in kinds_seen} == {0, 1, 2, 3} or max(k[2] for k in kinds_seen) < 4


def test_position_mix() -> None:
    """At least 1,000 positions, with lone hands (3 seats), lone defenders (2 seats), no
    trump and the joker among them."""
    all_positions = [st for name in RULESETS for st in positions(name)]
    assert len(all_positions) >= 1000
    players = {bin(st.active).count("1") for st in all_positions}
    assert players == {2, 3, 4}
    assert any(st.trump == NO_TRUMP for st in all_positions)
    assert any(any(h >> 32 & 1 for h in st.hands) for st in all_positions)


def test_brute_force_agrees_with_the_engine() -> None:
    """The reference minimax (core tables) and a minimax through HandState push/pop give
    the same points (1 to 4 tricks to go in every rule set, and a lone hand from the
    opening lead)."""
    rng = random.Random(7)
    for rules in RULESETS.values():
        kinds = _kinds(rules)
        for i in range(6):
            st = random_position(rules, rng, kinds[i % len(kinds)], 1 + i % 4, i % 3)
            assert {c: v[1] for c, v in brute_force(st).items()} == engine_minimax(st)
    st = random_position(RULESETS["modern-standard"], rng, "lone", 5, 0)
    assert {c: v[1] for c, v in brute_force(st).items()} == engine_minimax(st) == solve_points(st, backend="python")


# ======================================================================= values and API
def hand_from(rules: Rules, hands: list[str], *, dealer: int, maker: int, trump: int) -> HandState:
    """A hand in play from card codes per seat N, E, S, W: the upcard (a card of another
    suit than ``trump``) is turned down, then ``maker`` names ``trump`` in round two, so
    the hands stay as given."""
    cards = [[parse_card(c) for c in h.split()] for h in hands]
    used = {c for h in cards for c in h}
    stock = [c for c in deck_cards(rules.deck, rules.joker) if c not in used]
    stock.sort(key=lambda c: c == 32 or c >> 3 == trump)
    st = HandState.from_deal(rules, dealer, cards, stock)
    for _ in range(4):
        st.apply("pass")
    while st.turn != maker:
        st.apply("pass")
    st.apply(f"name-{'CDHS'[trump]}")
    while st.phase != Phase.PLAY:
        st.apply("pass")
    return st


def codes(text: str) -> tuple[int, ...]:
    """Card numbers of space-separated card codes, sorted."""
    return tuple(sorted(parse_card(c) for c in text.split()))


def test_five_top_trumps_take_every_trick() -> None:
    """East holds the five highest hearts (right, left, A, K, Q) against makers N-S under
    hearts: East's side takes all five tricks whatever it leads, and the makers are
    euchred (2 points to the defenders). The five touching trumps are one group."""
    rules = RULESETS["modern-standard"]
    st = hand_from(rules, ["9C TC QC KC AC", "JH JD AH KH QH", "9D TD QD KD AD", "9S TS QS KS AS"],
                   dealer=0, maker=0, trump=2)
    assert st.turn == 1
    sol = analyse(st, backend="python")
    assert sol.team == 1
    assert set(sol.tricks.values()) == {5}
    assert set(sol.points.values()) == {2}
    assert sol.groups == (codes("JH JD AH KH QH"),)
    assert sol.best_cards == list(codes("JH JD AH KH QH"))


def test_groups_follow_the_gaps() -> None:
    """Cards of one suit in one hand are equivalent when only cards of finished tricks or
    cards never dealt lie between them; a card of the trick in progress splits them.
    Spades are trump, so the jack of clubs is a spade and the plain clubs run A K Q 10 9."""
    rules = RULESETS["modern-standard"]
    st = hand_from(rules, ["QC 9D TD 9H TH", "AC KC 9C AD KD", "JS AS KS QS TS", "9S JD QD AH KH"],
                   dealer=3, maker=0, trump=3)
    st.apply("play-QC")
    # The queen of clubs is on the table: AC and KC both beat it, 9C does not.
    assert set(analyse(st, backend="python").groups) == {codes("AC KC"), codes("9C")}
    # South ruffs the first trick and leads the king of spades; West follows, North
    # discards. The queen of clubs is gone and the ten never dealt: KC and 9C now touch.
    for card in ["AC", "AS", "AH", "KS", "9S", "9D"]:
        st.apply(f"play-{card}")
    assert st.turn == 1
    sol = analyse(st, backend="python")
    assert set(sol.groups) == {codes("KC 9C"), codes("AD KD")}
    assert sol.tricks[parse_card("KC")] == sol.tricks[parse_card("9C")]


def test_points_table_is_monotone_for_every_rule_set() -> None:
    """Points for a side never drop with more tricks (the premise of deriving points from
    tricks), for each side, lone hands and lone defenders, in every rule set tested."""
    from euchre.solver import points_table

    for rules in RULESETS.values():
        for maker_team in (0, 1):
            for team in (0, 1):
                for alone in (False, True):
                    for defender in (False, True):
                        table = points_table(rules, maker_team, team, alone, defender)
                        assert list(table) == sorted(table)
                        assert all(p != 0 for p in table)


def test_equivalent_cards_share_values() -> None:
    """Every card of a group gets the same tricks and points."""
    for st in positions("uspcc-official (32)")[:60]:
        sol = analyse(st, backend="python")
        for group in sol.groups:
            assert len({(sol.tricks[c], sol.points[c]) for c in group}) == 1


def test_solve_refuses_a_hand_not_in_play() -> None:
    rules = RULESETS["modern-standard"]
    st = HandState.deal(rules, 0, random.Random(1))
    with pytest.raises(EuchreError, match="play phase"):
        solve(st, backend="python")


def test_backend_selection(monkeypatch: pytest.MonkeyPatch) -> None:
    """The argument wins over the environment variable; auto picks numba when installed."""
    st = positions("modern-standard")[0]
    monkeypatch.setenv(ENV_VAR, "python")
    assert backend_name() == "python"
    assert analyse(st).backend == "python"
    if NUMBA:
        assert analyse(st, backend="numba").backend == "numba"
    assert backend_name("auto") == ("numba" if NUMBA else "python")
    monkeypatch.setenv(ENV_VAR, "auto")
    assert backend_name() == ("numba" if NUMBA else "python")
    monkeypatch.setenv(ENV_VAR, "fortran")
    with pytest.raises(EuchreError, match="not a solver backend"):
        backend_name()
    monkeypatch.delenv(ENV_VAR)
    assert backend_name("python") == "python"
    assert available_backends() == (("numba", "python") if NUMBA else ("python",))
    if not NUMBA:
        with pytest.raises(EuchreError, match="needs numba"):
            get_backend("numba")


def test_solver_backend_name_refuses_a_name_that_is_not_a_string_by_name() -> None:
    """Regression: the solver's backend_name(5) failed inside with AttributeError ('int'
    object has no attribute 'strip'), where the batch kernel's refused it by name; both
    now choose by one function (euchre.compiled.choose_backend)."""
    from euchre.core.errors import EuchreTypeError

    for bad in (5, b"python", ["numba"]):
        with pytest.raises(EuchreTypeError, match="backend must be 'numba', 'python', 'auto' or None"):
            backend_name(bad)  # type: ignore[arg-type]
        with pytest.raises(EuchreTypeError, match="backend must be"):
            analyse(positions("modern-standard")[0], backend=bad)  # type: ignore[arg-type]
    assert backend_name(" Python ") == "python"  # case and spaces do not count


@pytest.mark.skipif(not NUMBA, reason="numba is not installed")
def test_numba_backend_full_hands_match_python() -> None:
    """Full five-trick solves from the opening lead: the compiled kernel and the Python
    fallback agree on values and node counts (250 deals, five rule sets, and ten of
    call-ace at five and six seats)."""
    rng = random.Random(11)
    for name in ["modern-standard", "uspcc-official (32)", "british-benny (joker)", "28, no trump, super euchre",
                 "two-handed (2 seats, 32)"]:
        kinds = _kinds(RULESETS[name])
        for i in range(50):
            st = random_position(RULESETS[name], rng, kinds[i % len(kinds)], 5, 0)
            nb, py = analyse(st, backend="numba"), analyse(st, backend="python")
            assert (nb.tricks, nb.points, nb.nodes) == (py.tricks, py.points, py.nodes)
    # Six seats from the opening lead: 30 plies deep, the kernel's deepest stack yet.
    for name in ("call-ace-5", "call-ace-6"):
        for _ in range(5):
            st = random_position(preset(name), rng, "team", 5, 0)
            nb, py = analyse(st, backend="numba"), analyse(st, backend="python")
            assert (nb.tricks, nb.points, nb.nodes) == (py.tricks, py.points, py.nodes)


def test_layout_puts_the_bowers_and_joker_in_trump() -> None:
    """The kernel's card layout follows the core: under hearts the trump run is joker,
    right bower, left bower, A, K, Q, 10, 9, 8, 7 (strongest at bit 0)."""
    lay = layout(2)
    trump_cards = lay.to_cards(lay.trump_mask)
    assert trump_cards == [32, parse_card("JH"), parse_card("JD")] + [parse_card(r + "H") for r in "AKQT987"]
    assert lay.to_cards(lay.suit_masks[1]) == [parse_card(r + "D") for r in "AKQT987"]
    assert layout(NO_TRUMP).trump_mask == 0


# ======================================================================= two-handed
def _two_handed_end() -> HandState:
    """A two-handed hand (Keller 1887 ch. 7, X-15b) three tricks in. Player 2 (seat 1,
    the non-dealer) named hearts in round two over a turned-down club and has led and won
    three diamond tricks (AD KD QD over 9D TD 8D). Left: seat 1 (to lead) AH 9S, the
    dealer (seat 0) KH AC, void in spades."""
    two = preset("two-handed")
    hands = [[parse_card(c) for c in "9D TD 8D KH AC".split()], [parse_card(c) for c in "AD KD QD AH 9S".split()]]
    used = {c for h in hands for c in h}
    up = parse_card("7C")
    stock = [up, *(c for c in deck_cards(two.deck, two.joker) if c not in used and c != up)]
    st = HandState.from_deal(two, 0, hands, stock)
    for action in ("pass", "pass", "name-H", "play-AD", "play-9D", "play-KD", "play-TD", "play-QD", "play-8D"):
        st.apply(action)
    assert st.phase == Phase.PLAY and st.turn == 1 and st.tricks_won == [0, 3] and st.maker == 1
    return st


def test_two_handed_end_position_worked_by_hand() -> None:
    """Worked by hand. Seat 1 leads with 3 tricks in. The ace of hearts first: the dealer
    must follow with the king (his only heart), then the 9 of spades wins the last trick
    (the dealer, void, can only throw the club ace of a third suit): 5 tricks, a march, 2
    points (X-15b: 'he is entitled to score but two points'). The 9 of spades first: the
    dealer ruffs with the king and leads the club ace, which the ace of hearts ruffs: 4
    tricks, 1 point ('three or four tricks only count one'). Both backends; the plain
    minimax and the engine's own minimax agree."""
    st = _two_handed_end()
    ah, s9, kh, ac = (parse_card(c) for c in ("AH", "9S", "KH", "AC"))
    backends = ["python", "numba"] if NUMBA else ["python"]
    for backend in backends:
        sol = analyse(st, backend=backend)
        assert (sol.seat, sol.team) == (1, 1)
        assert sol.tricks == {ah: 5, s9: 4}
        assert sol.points == {ah: 2, s9: 1}
        assert sol.best_cards == [ah]
    assert brute_force(st) == {ah: (5, 2), s9: (4, 1)}
    assert engine_minimax(st) == {ah: 2, s9: 1}
    # After the 9 of spades the dealer, void, may ruff (1 trick for him, the maker makes
    # 1 point against him) or throw the club ace (none; the maker marches: -2).
    st.apply("play-9S")
    for backend in backends:
        sol = analyse(st, backend=backend)
        assert (sol.seat, sol.team) == (0, 0)
        assert sol.tricks == {kh: 1, ac: 0}
        assert sol.points == {kh: -1, ac: -2}
    assert brute_force(st) == {kh: (1, -1), ac: (0, -2)}


def test_two_handed_kernel_slots_are_the_seats() -> None:
    """At the two-handed table the kernel's slots are the seats (player 1 counted,
    player 2 the other side), and its next-seat row alternates the two."""
    from euchre.solver.kernel import C_NEXT, C_OTHER, C_PLAYERS, C_SLOTS
    from euchre.solver.position import position_of

    pos = position_of(_two_handed_end())
    assert pos.hands[0] and pos.hands[1] and not any(pos.hands[2:])
    assert pos.ctx[C_NEXT:C_NEXT + 2] == (1, 0) and pos.ctx[C_PLAYERS] == 2 and pos.ctx[C_SLOTS] == 2
    assert pos.other == pos.ctx[C_OTHER] == 0b10
    assert pos.seat == 1 and pos.leader == 1 and not pos.counted


# ======================================================================= cutthroat
def _cutthroat_end() -> HandState:
    """A cutthroat hand (RULES.md decision 19) three tricks in. Player 2 (seat 1) named
    spades in round two over a turned-down heart and won three tricks (the right and left
    bowers, then the diamond ace). Left: seat 1 (to lead) AS 9H; seat 2 KS 9C; the dealer
    (seat 0) QC TC."""
    cut = preset("cutthroat-3")
    hands = [[parse_card(c) for c in h.split()] for h in ("QC TC KD QD TD", "JS JC AD AS 9H", "QS TS KS 9C 9D")]
    used = {c for h in hands for c in h}
    up = parse_card("AH")
    stock = [up, *(c for c in deck_cards(cut.deck, cut.joker) if c not in used and c != up)]
    st = HandState.from_deal(cut, 0, hands, stock)
    for action in ("pass", "pass", "pass", "name-S", "play-JS", "play-QS", "play-QD", "play-JC", "play-TS",
                   "play-TD", "play-AD", "play-9D", "play-KD"):
        st.apply(action)
    assert st.phase == Phase.PLAY and st.turn == 1 and st.tricks_won == [0, 3, 0] and st.maker == 1
    return st


def test_cutthroat_end_position_worked_by_hand() -> None:
    """Worked by hand. The maker leads with 3 tricks in. The ace of spades first: seat 2
    must follow with the king, the dealer throws a club; then the 9 of hearts, the only
    heart and no trump left against it, wins: 5 tricks, a march, 3 points (X-55). The 9 of
    hearts first: seat 2, void, ruffs with the king and leads the 9 of clubs, which the ace
    of spades ruffs: 4 tricks, 1 point. The solver counts the two defenders' tricks
    together (they score together on a euchre); it used to refuse three sides."""
    st = _cutthroat_end()
    as_, h9, ks, c9 = (parse_card(c) for c in ("AS", "9H", "KS", "9C"))
    backends = ["python", "numba"] if NUMBA else ["python"]
    for backend in backends:
        sol = analyse(st, backend=backend)
        assert (sol.seat, sol.team) == (1, 1)
        assert sol.tricks == {as_: 5, h9: 4} and sol.points == {as_: 3, h9: 1}
    # After the 9 of hearts seat 2 may ruff (the defenders take 1 trick; the maker scores
    # 1, against them) or throw the club (none: the maker marches, 3 against them).
    st.apply("play-9H")
    for backend in backends:
        sol = analyse(st, backend=backend)
        assert (sol.seat, sol.team) == (2, 2)
        assert sol.tricks == {ks: 1, c9: 0} and sol.points == {ks: -1, c9: -3}


# ======================================================================= more than two sides
MANY_SIDES = ("cutthroat-3", "call-ace-4", "call-ace-5", "call-ace-6")


@pytest.mark.parametrize("name", MANY_SIDES)
def test_solver_is_exact_at_tables_of_more_than_two_sides(name: str) -> None:
    """At cutthroat and call-ace (four to six seats) the solver plays the maker's side
    against the defenders, whose tricks count together; at call-ace the maker's side is
    found in the world itself (the holder of the called card, or nobody when it lies in
    the stock or the maker went alone). Both backends give the plain minimax's tricks and
    points on random positions one to four tricks from the end at three and four seats,
    one to three at five and six (the plain minimax of six seats from the opening lead is
    too slow for a test), and agree to the node count."""
    rules = preset(name)
    rng = random.Random(f"many sides {name}")
    partners = set()
    deepest = 4 if rules.table.seats <= 4 else 3
    for i in range(45):
        kind = "lone" if i % 5 == 4 and rules.alone_allowed else "team"
        st = random_position(rules, rng, kind, 1 + i % deepest, (i // deepest) % rules.table.seats)
        makers, lone = reference_makers(st)
        partners.add((len(makers), lone))
        py = analyse(st, backend="python")
        reference = brute_force(st)
        assert py.tricks == {c: v[0] for c, v in reference.items()}, (name, i)
        assert py.points == {c: v[1] for c, v in reference.items()}, (name, i)
        if NUMBA:
            nb = analyse(st, backend="numba")
            assert (nb.tricks, nb.points, nb.groups, nb.nodes) == (py.tricks, py.points, py.groups, py.nodes)
    if name.startswith("call-ace"):
        # A partner found (two makers) and a maker alone, scored as a lone hand.
        assert (2, False) in partners and (1, True) in partners
