"""Property tests (hypothesis) over random legal play, for every playable preset and some
option mixes (DESIGN.md "Tests we keep").

Each example deals a hand from a seed and plays it out by choosing uniformly among the
legal actions. The properties: the play follows an independent model of the rules
(legal actions, trick winners, leaders), five tricks with every card played once, the
score from REFERENCE 6.1's table, push/pop restores the state exactly, copies are
independent, game records round-trip, views hide other seats' cards and the discard,
and sampled worlds agree with the view they were sampled from.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from euchre.core import Game, HandState, Phase, PlayerView, Rules, preset, sample_world, view_of
from euchre.core.presets import PLAYABLE_PRESETS
from euchre.core.views import HIDDEN, HIDDEN_GIVE

try:
    from . import _naive_euchre as kit
    from ._naive_call_ace import NaiveCallAceHand
    from ._naive_individual import NaiveIndividualHand
except ImportError:
    import _naive_euchre as kit  # type: ignore[no-redef]
    from _naive_call_ace import NaiveCallAceHand  # type: ignore[no-redef]
    from _naive_individual import NaiveIndividualHand  # type: ignore[no-redef]

from euchre import records

MS = preset("modern-standard")
RULESETS: dict[str, Rules] = {name: preset(name) for name in PLAYABLE_PRESETS}
RULESETS.update({
    "mix-defend-alone": MS.replace(defend_alone=True),
    "mix-defend-any-maker": preset("openspiel").replace(defend_alone=True),
    "mix-after-bidding": MS.replace(alone_declare_timing="after_bidding", alone_who="maker_or_partner", defend_alone=True),
    "mix-after-bidding-hoyle": preset("hoyle-1857").replace(alone_declare_timing="after_bidding", alone_lead="lone_player"),
    "mix-joker": MS.replace(joker=True, dealer_may_discard_upcard=True, defend_alone=True),
    "mix-joker-after-bidding": MS.replace(joker=True, alone_declare_timing="after_bidding",
                                          alone_who="maker_or_dealer_when_assisted", defend_alone=True,
                                          defend_alone_against="any_maker"),
    "mix-joker-next-card": preset("casual-web-003").replace(joker=True, super_euchre=True),
    "mix-discard-upcard": preset("dc-club-1862").replace(dealer_may_discard_upcard=True),
    "mix-no-trump": MS.replace(no_trump_call=True, super_euchre=True, alone_lead="left_of_lone_player"),
    "mix-natural-stuck": MS.replace(require_trump_to_call="natural_trump", all_pass_round2="stick_the_dealer",
                                    stuck_dealer_may_name_turned_down=True),
    "mix-forfeit": MS.replace(all_pass_round2="dealer_forfeit_or_call", round2_may_name_turned_down=True),
    "mix-canadian-after": MS.replace(canadian_loner=True, alone_declare_timing="after_bidding", alone_who="maker_or_partner"),
    "mix-no-alone-28": MS.replace(alone_allowed=False, deck=28, dealer_partner_may_assist=False),
    "mix-claims": MS.replace(farmers_hand=True, nines_tens_redeal=True, ace_no_face_redeal=True),
    "mix-claims-joker-next-card": MS.replace(joker=True, joker_turned_up="turn_next_card", nines_tens_redeal=True,
                                             ace_no_face_redeal=True, alone_declare_timing="after_bidding"),
    "mix-farmer-after-bidding": MS.replace(farmers_hand=True, nines_tens_redeal=True, alone_declare_timing="after_bidding",
                                           dealer_may_discard_upcard=True),
    "mix-claims-joker-blind-32": MS.replace(joker=True, deck=32, nines_tens_redeal=True, ace_no_face_redeal=True),
    # call_for_best with a dealer who took up and then sits out and gives (after_bidding),
    # and with a dealer who may discard the upcard at either discard or give it (RULES.md 10)
    "mix-railroad-after-bidding": preset("railroad").replace(alone_declare_timing="after_bidding"),
    "mix-railroad-discard-upcard": preset("railroad").replace(dealer_may_discard_upcard=True),
})
TABLE_MODE: dict[str, Rules] = {
    # Table mode (RULES.md decision 27): revokes, claims, corrections and exposed cards.
    # Its own tests of following suit are in test_table_mode*.py; here the state's
    # mechanics and what views hide.
    "table-mode-dc": preset("dc-club-1862").replace(renege_mode="penalize_on_claim"),
    "table-mode-tournament": preset("modern-tournament").replace(renege_mode="penalize_on_claim"),
}
NAMES = sorted(RULESETS)
WITH_TABLE_MODE = NAMES + sorted(TABLE_MODE)
RULESETS.update(TABLE_MODE)

SETTINGS = settings(max_examples=50, deadline=None, database=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def trump_letter(trump: int) -> str:
    return "CDHS"[trump] if trump < 4 else kit.NT


def new_hand(rules: Rules, seed: int) -> tuple[HandState, random.Random]:
    rng = random.Random(seed)
    return HandState.deal(rules, rng.randrange(rules.table.seats), rng), rng


def walk(state: HandState, rng: random.Random) -> Iterator[HandState]:
    """Yield the state before each action (then play a random legal one), and the end."""
    while not state.is_over:
        yield state
        state.apply(rng.choice(state.legal_codes()))
    yield state


def to_naive(state: HandState) -> kit.NaiveHand | NaiveIndividualHand:
    """The naive model of the state's table: the partnership model, or the model of
    players each for himself (tests/_naive_individual.py)."""
    stock = kit.codes(list(state.stock))
    if state.joker_aside:
        stock = [stock[-1], *stock[:-1]]
    hands = [kit.codes([c for c in range(33) if state.deal_hands[s] >> c & 1]) for s in range(state.table.seats)]
    if state.rules.calls_partner:
        return NaiveCallAceHand(state.rules.to_dict(), state.dealer, hands, stock)
    if state.table.individual:
        return NaiveIndividualHand(state.rules.to_dict(), state.dealer, hands, stock)
    return kit.NaiveHand(state.rules.to_dict(), state.dealer, hands, stock)


def bits(mask: int) -> set[int]:
    return {c for c in range(33) if mask >> c & 1}


# ============================================================== the rules are followed
@pytest.mark.parametrize("name", NAMES)
@SETTINGS
@given(seed=SEEDS)
def test_play_follows_the_rules(name: str, seed: int) -> None:
    """At every step the legal actions and the seat to act agree with the naive model;
    a played hand has five tricks, each with one card from each active seat clockwise
    from its leader, the winner by REFERENCE 6.1 leading the next; every card held is
    played exactly once; the score is the table's. Source: REFERENCE 6.1."""
    state, rng = new_hand(RULESETS[name], seed)
    model = to_naive(state)
    while not state.is_over:
        assert state.turn == model.turn
        assert sorted(str(a) for a in state.legal_actions()) == sorted(model.legal())
        code = rng.choice(state.legal_codes())
        model.apply(str(state.legal_actions()[state.legal_codes().index(code)]))
        state.apply(code)
    assert model.phase == "done"
    result = state.result
    assert result is not None
    table = state.table
    n = table.seats
    sides = len(table.teams)
    if result.passed_out:
        assert state.tricks == [] and result.tricks == (0,) * sides
        if result.forfeit:  # a point to every side but the dealer's
            assert result.points == tuple(0 if t == table.team[state.dealer] else 1 for t in range(sides))
        else:
            assert result.points == (0,) * sides
        return
    rules = state.rules
    trump = trump_letter(state.trump)
    active = [s for s in range(n) if state.is_active(s)]
    assert len(state.tricks) == 5
    assert state.leader == -1 and state.turn == -1
    played: dict[int, list[int]] = {s: [] for s in range(n)}
    won = [0] * sides
    leader = model.tricks[0][0][0][0]
    for trick in state.tricks:
        assert trick.leader == leader
        order = [(leader + k) % n for k in range(n) if (leader + k) % n in active]
        assert list(trick.seats) == order
        cards = kit.codes(list(trick.cards))
        winner = trick.seats[kit.trick_winner(cards, trump)]
        assert trick.winner == winner
        won[table.team[winner]] += 1
        for s, c in zip(trick.seats, trick.cards, strict=True):
            played[s].append(c)
        leader = winner
    all_played = [c for t in state.tricks for c in t.cards]
    assert len(all_played) == len(set(all_played)) == 5 * len(active)
    # Each active seat played exactly what it held after the dealer's exchange.
    for s in range(n):
        held = bits(state.deal_hands[s])
        for farmer, shown_mask in state.shown:  # a played hand has one farmer's hand at most
            if s == farmer:  # he gave the three shown for the kitty's three face down (RULES.md decision 23)
                held = (held - bits(shown_mask)) | set(state.stock[1:4])
        if s == state.dealer and state.discarded != -1:
            held = (held | {state.upcard}) - {state.discarded}
        for giver, code in state.history:  # call_for_best: a card given, then a discard
            if code >= 100:
                held = held - {code - 100} if s == giver else held | {code - 100} if s == table.partner[giver] else held
        for i, (seat, code) in enumerate(state.history):
            if i and state.history[i - 1][1] >= 100 and seat == s:
                held = held - {code - 20}
        if s in active:
            assert set(played[s]) == held and state.hands[s] == 0
        else:
            assert played[s] == [] and bits(state.hands[s]) == held
    assert result.tricks == tuple(won)
    if isinstance(model, NaiveCallAceHand):
        # Call-ace: the maker and the holder of the called card score together, and a
        # maker with no partner as a lone hand (RULES.md decision 21).
        makers = {state.maker} | ({model.partner} if model.partner is not None else set())
        side, points = kit.table_score(rules.to_dict(), sum(won[s] for s in makers), model.lone, False)
        assert result.points == tuple(points if (t in makers) == (side == "makers") else 0 for t in range(sides))
    else:
        maker_team = table.team[state.maker]
        side, points = kit.table_score(rules.to_dict(), won[maker_team], state.alone != -1, state.defender_alone != -1)
        # The makers score, or every other side does (one at the four-hand table).
        assert result.points == tuple(points if (t == maker_team) == (side == "makers") else 0 for t in range(sides))
    assert result.points == model.points


# ================================================================== push / pop / copy
@pytest.mark.parametrize("name", WITH_TABLE_MODE)
@SETTINGS
@given(seed=SEEDS)
def test_push_pop_restores_the_state_exactly(name: str, seed: int) -> None:
    """push(action) then pop() restores every field; a whole random line pushed and then
    popped returns to the start. Source: DESIGN.md "The core in one page"."""
    state, rng = new_hand(RULESETS[name], seed)
    start = kit.snapshot(state)
    for _ in walk(state, rng):
        if state.is_over:
            break
        before = kit.snapshot(state)
        for code in list(state.legal_codes()):
            state.push(code)
            state.pop()
            assert kit.snapshot(state) == before
    end = kit.snapshot(state)
    # Replay the same hand with push only, then unwind it completely.
    replay, _ = new_hand(RULESETS[name], seed)
    for _, code in state.history:
        replay.push(code)
    assert kit.snapshot(replay) == end
    for _ in state.history:
        replay.pop()
    assert kit.snapshot(replay) == start


@pytest.mark.parametrize("name", WITH_TABLE_MODE)
@SETTINGS
@given(seed=SEEDS, cut=st.integers(min_value=0, max_value=40))
def test_copy_is_independent(name: str, seed: int, cut: int) -> None:
    """A copy and its original do not share state: playing either leaves the other as
    it was. Source: DESIGN.md (HandState is mutable; copy for search)."""
    state, rng = new_hand(RULESETS[name], seed)
    for i, _ in enumerate(walk(state, rng)):
        if i == cut:
            break
    copy = state.copy()
    frozen = kit.snapshot(copy)
    while not state.is_over:
        state.push(rng.choice(state.legal_codes()))
    assert kit.snapshot(copy) == frozen
    finished = kit.snapshot(state)
    other = random.Random(seed + 1)
    while not copy.is_over:
        copy.apply(other.choice(copy.legal_codes()))
    assert kit.snapshot(state) == finished


# ============================================================================ records
@pytest.mark.parametrize("name", WITH_TABLE_MODE)
@settings(max_examples=10, deadline=None, database=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, stop=st.integers(min_value=1, max_value=400))
def test_records_round_trip(name: str, seed: int, stop: int) -> None:
    """A game record (records.dumps) read back (records.loads) replays to the same game:
    same hands, actions, results, score and winner; writing it again gives the same text.
    Games are cut at a random action (a record of a game in progress).
    Source: RULES.md decision 6; DESIGN.md "Every value has one text form"."""
    game = Game(RULESETS[name], seed)
    rng = random.Random(seed)
    for _ in range(stop):
        if game.is_over:
            break
        game.apply(rng.choice(game.hand.legal_codes()))
    names = ["A", "B", "C", "D", "E", "F"][:game.table.seats]
    text = records.dumps(game, names)
    loaded, players = records.loads(text)
    assert players == names
    assert records.dumps(loaded, players) == text
    assert loaded.rules == game.rules
    assert loaded.score == game.score and loaded.result == game.result
    assert len(loaded.finished_hands) == len(game.finished_hands)
    for a, b in zip(loaded.finished_hands, game.finished_hands, strict=True):
        assert (a.dealer, a.deal_hands, a.stock, a.history, a.result) == (b.dealer, b.deal_hands, b.stock, b.history, b.result)
    if not game.is_over and game.hand.history:
        assert loaded.hand.history == game.hand.history
        assert kit.snapshot(loaded.hand) == kit.snapshot(game.hand)


# ============================================================================== views
VIEW_FIELDS = {
    "seat", "rules", "dealer", "phase", "turn", "upcard", "joker_aside", "hand", "discard", "history", "trump",
    "maker", "alone", "defender_alone", "active", "upcard_to_dealer", "tricks", "trick_seats", "trick_cards",
    "tricks_won", "hand_sizes", "score", "legal", "shown", "revokes", "proofs", "claim_log", "exposed",
    "history_phases",  # reviewed (issue 35): phases only, no card; every seat sees when each action was taken
}


def test_view_fields_are_known() -> None:
    """Guard: a new PlayerView field must be reviewed for leaks (and added here)."""
    assert {f.name for f in dataclasses.fields(PlayerView)} == VIEW_FIELDS


def visible_cards(view: PlayerView) -> set[int]:
    """Every card a view shows, in any field that can hold a card."""
    seen = set(view.hand) | {view.upcard} | set(view.trick_cards)
    if view.discard != -1:
        seen.add(view.discard)
    for t in view.tricks:
        seen |= set(t.cards)
    for _, code in view.history:
        if 20 <= code <= 52:  # a discard (53-56 are call-ace calls, which show no card)
            seen.add(code - 20)
        elif 60 <= code < 100:
            seen.add(code - 60)
        elif 100 <= code <= 132:
            seen.add(code - 100)  # a card given for best
        elif 140 <= code <= 172:
            seen.add(code - 140)  # an exposed card called (table mode)
    for a in view.legal:
        if a.is_play or a.is_discard or a.is_give:
            seen.add(a.card)
    for _, cards in view.shown:
        seen |= set(cards)
    seen |= {r.card for r in view.revokes}  # played cards, established revokes only
    seen |= {card for _, card in view.proofs if card >= 0}  # the proof lays a held card on the table
    for cards in view.exposed:
        seen |= set(cards)  # table mode: a corrected revoke's card lies face up
    return seen


@pytest.mark.parametrize("name", WITH_TABLE_MODE)
@SETTINGS
@given(seed=SEEDS)
def test_views_never_show_hidden_cards(name: str, seed: int) -> None:
    """A seat's view holds its own cards and the public record only: never another
    seat's unplayed card (the upcard the dealer took is public), never the dealer's
    discard unless it is the dealer's own view, never the undealt cards; the dealer
    naming trump blind sees no hand. Source: DESIGN.md "Bots ... see only a PlayerView"."""
    state, rng = new_hand(RULESETS[name], seed)
    for _ in walk(state, rng):
        kitty = set(state.stock[1:]) - ({state.upcard} | ({32} if state.joker_aside else set()))
        # A farmer's hand takes the kitty's three face-down cards (RULES.md decision 23):
        # those are then the farmer's, or played.
        kitty -= set().union(*(bits(h) for h in state.hands), state.trick_cards, *(t.cards for t in state.tricks))
        public = {c for _, m in state.shown for c in bits(m)}
        for seat in range(state.table.seats):
            view = view_of(state, seat)
            own = () if (state.phase == Phase.BLIND_NAME and seat == state.dealer) else tuple(state.hand_of(seat))
            assert view.hand == own
            hidden = set(kitty)
            for other in range(state.table.seats):
                if other != seat:
                    hidden |= bits(state.hands[other])
            if state.upcard_to_dealer and seat != state.dealer:
                hidden.discard(state.upcard)  # everyone saw the upcard taken up
            if state.discarded != -1 and seat != state.dealer:
                hidden.add(state.discarded)
                assert view.discard == -1
            elif state.discarded != -1:
                hidden.discard(state.discarded)  # the dealer's own discard (a farmer's dealer may discard a kitty card)
            partner = state.table.partner
            for s, code in state.history:
                if 20 <= code <= 52 and s != seat and code - 20 != state.discarded:
                    hidden.add(code - 20)  # a lone player's discard after his partner's best card
            hidden.discard(state.upcard)  # the upcard is public (its fate may not be)
            for s, code in state.history:
                if 100 <= code <= 132 and seat in (s, partner[s]):
                    hidden.discard(code - 100)  # the two partners saw the card given (X-15c)
                elif 60 <= code <= 92:
                    hidden.discard(code - 60)  # table mode: a card played and taken back was seen
            hidden -= public  # cards shown by a claim are public
            hidden -= {card for _, card in state.proofs}  # a revoke's proof laid on the table (decision 27)
            assert {c for _, cards in view.shown for c in cards} == public
            assert len(view.history) == len(state.history)
            for (s, code), shown in zip(state.history, view.history, strict=True):
                is_discard = 20 <= code <= 52
                is_give = 100 <= code <= 132
                if is_discard:
                    assert shown == ((s, HIDDEN) if seat != s else (s, code))
                elif is_give:
                    assert shown == ((s, HIDDEN_GIVE) if seat not in (s, partner[s]) else (s, code))
                else:
                    assert shown == (s, code)
            assert not (visible_cards(view) & hidden), (seat, visible_cards(view) & hidden)
            assert view.legal == (tuple(state.legal_actions()) if state.turn == seat else ())
            assert view.hand_sizes == tuple(len(bits(h)) for h in state.hands)


def test_a_discard_is_hidden_even_where_the_state_does_not_record_it() -> None:
    # view_of hides a discard by what the history holds, not by state.discarded: a
    # discard the state does not name (a state built by hand, say) is hidden too.
    rules = preset("modern-standard")
    for seed in range(200):
        state = HandState.deal(rules, 0, random.Random(seed))
        state.apply("order")  # eldest hand orders the dealer (seat 0) up
        if state.phase == Phase.ALONE_DECISION:
            state.apply(state.legal_actions()[0])
        if state.phase != Phase.DISCARD:
            continue
        state.apply(state.legal_actions()[0])
        discard = state.history[-1]
        for recorded in (state.discarded, -1):
            state.discarded = recorded
            for seat in (1, 2, 3):
                view = view_of(state, seat)
                assert (0, HIDDEN) in view.history and discard not in view.history
                assert view.history.count((0, HIDDEN)) == 1
            assert discard in view_of(state, 0).history
        return
    raise AssertionError("no deal of 200 reached the dealer's discard")


# ====================================================================== sampled worlds
def _seen_by(seat: int, s: int, code: int, partner: tuple[int, ...]) -> bool:
    """Whether ``seat`` sees the action ``code`` of seat ``s``: a discard only his own, a
    card given for best only between partners (RULES.md decision 20)."""
    return (s == seat or not 20 <= code < 60) and (code < 100 or seat in (s, partner[s]))


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=25, deadline=None, database=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, every=st.integers(min_value=1, max_value=7))
def test_sampled_worlds_agree_with_the_view(name: str, seed: int, every: int) -> None:
    """sample_world(view) is a full, legal deal that gives the same view back: same
    history, the viewer's own hand, the voids shown in play respected, the upcard with
    the dealer while he must keep it; it can be played on to the end.
    Source: views.py contract; DESIGN.md (hidden worlds consistent with a view)."""
    state, rng = new_hand(RULESETS[name], seed)
    for i, _ in enumerate(walk(state, rng)):
        if i % every:
            continue
        seat = rng.randrange(state.table.seats)
        view = view_of(state, seat)
        world = sample_world(view, random.Random(seed + i))
        assert view_of(world, seat) == view
        blind = state.phase == Phase.BLIND_NAME and seat == state.dealer
        if not blind:  # a dealer naming trump blind has not seen his cards
            assert world.hand_of(seat) == state.hand_of(seat)
        assert [s for s, _ in world.history] == [s for s, _ in state.history]
        partner = state.table.partner
        assert [c for s, c in world.history if _seen_by(seat, s, c, partner)] == \
            [c for s, c in state.history if _seen_by(seat, s, c, partner)]
        if view.trump != -1:
            trump = trump_letter(view.trump)
            for other, void in enumerate(view.voids()):
                for card in kit.codes(world.hand_of(other)):
                    assert kit.eff_suit(card, trump) not in {"CDHS"[v] for v in void}, (other, card, void)
        # The dealer keeps the upcard he took up until played, lone or sitting out, through
        # a second discard or a give for best (RULES.md decision 10).
        must_keep = state.upcard_to_dealer and not state.rules.dealer_may_discard_upcard
        if must_keep and (state.discarded != -1 or state.phase == Phase.DISCARD):
            played = {c for t in state.tricks for c in t.cards} | set(state.trick_cards)
            if state.upcard not in played:
                assert state.upcard in world.hand_of(state.dealer)
        cards = [c for s in range(state.table.seats) for c in world.hand_of(s)]
        assert len(cards) == len(set(cards))
        other_rng = random.Random(i)
        while not world.is_over:
            world.apply(other_rng.choice(world.legal_codes()))


def test_sample_world_respects_natural_trump_calls() -> None:
    """Under require_trump_to_call = natural_trump a call is legal only for a player who
    holds a natural trump of the suit, so every sampled world must give him one: the
    view's history must replay legally in the world (RULES.md decision 10; views.py:
    "sample_world ... the same history"). N deals; E orders up the 10 of hearts holding
    the 9 of hearts; S samples worlds."""
    rules = MS.replace(require_trump_to_call="natural_trump")
    state = kit.make_state(rules, 0, ["9C TC QC KC AC", "9H 9D TD QD KD", None, None], upcard="TH")
    state.apply("order")
    view = view_of(state, 2)
    for seed in range(40):
        world = sample_world(view, random.Random(seed))
        assert view_of(world, 2) == view
        hearts = [c for c in kit.codes(world.hand_of(1)) if kit.eff_suit(c, "H") == "H" and c != "JD"]
        assert hearts, "E ordered up hearts, so E holds a natural heart"
