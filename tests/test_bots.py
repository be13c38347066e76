"""Tests of the bots (src/euchre/bots): legality in every phase under every playable
preset, determinism, view-only play, measured strength, and hand-computed situations
that follow the seeds' advice (REFERENCE 1K; seed lines cited in each test).
"""

from __future__ import annotations

import random
from collections.abc import Mapping

import pytest

from euchre.bots import (
    BOT_LEVELS,
    BeginnerBot,
    Bot,
    HeuristicBot,
    RandomBot,
    make_bot,
    play_game,
    play_match,
)
from euchre.core.actions import Action
from euchre.core.cards import Card, deck_cards
from euchre.core.errors import EuchreError
from euchre.core.hand import HandState, Phase
from euchre.core.presets import PLAYABLE_PRESETS, preset
from euchre.core.rules import Rules
from euchre.core.views import PlayerView, view_of

N, E, S, W = 0, 1, 2, 3


def _variants() -> dict[str, Rules]:
    """Every playable preset, plus option mixes no preset has (forfeit, no trump,
    natural trump, Canadian loner, discarding the upcard, other alone rules)."""
    out = {name: preset(name) for name in PLAYABLE_PRESETS}
    base = preset("modern-standard")
    out["forfeit+no-trump"] = base.replace(all_pass_round2="dealer_forfeit_or_call", no_trump_call=True)
    out["natural+canadian"] = base.replace(
        require_trump_to_call="natural_trump", canadian_loner=True, dealer_may_discard_upcard=True,
        round2_may_name_turned_down=True)
    out["lone-lead+defend-any"] = base.replace(
        alone_lead="lone_player", alone_who="maker_or_partner", defend_alone=True, defend_alone_against="any_maker")
    out["after-bidding+assisted+joker"] = base.replace(
        alone_declare_timing="after_bidding", alone_who="maker_or_dealer_when_assisted", joker=True,
        all_pass_round2="stick_the_dealer", stuck_dealer_may_name_turned_down=True, alone_lead="left_of_lone_player")
    return out


VARIANTS = _variants()


def _reachable_phases(rules: Rules) -> set[Phase]:
    """The decision phases a hand under ``rules`` can reach (hand.py, RULES.md 9)."""
    phases = {Phase.BID_ROUND_1, Phase.BID_ROUND_2, Phase.DISCARD, Phase.PLAY}
    if rules.joker and rules.joker_turned_up == "dealer_names_trump_blind":
        phases.add(Phase.BLIND_NAME)
    if rules.alone_allowed and rules.alone_who != "maker_only":
        phases.add(Phase.TAKEOVER)
    if (rules.alone_allowed and rules.alone_declare_timing == "after_bidding") or rules.calls_partner:
        phases.add(Phase.ALONE_DECISION)  # at call-ace: the maker's call (RULES.md decision 21)
    if rules.defend_alone:
        phases.add(Phase.DEFEND_ALONE)
    if rules.alone_allowed and rules.call_for_best != "none":
        phases |= {Phase.GIVE_BEST, Phase.BEST_DISCARD}
    return phases


def _collect_views(rules: Rules, seed: int, per_phase: int = 25, max_hands: int = 3000) -> dict[Phase, list[PlayerView]]:
    """Views of the seat to act, from hands played with uniformly random legal actions
    and random scores, until every reachable phase has ``per_phase`` of them."""
    rng = random.Random(seed)
    wanted = _reachable_phases(rules)
    views: dict[Phase, list[PlayerView]] = {p: [] for p in wanted}
    target = rules.game_target
    for _ in range(max_hands):
        if all(len(views[p]) >= per_phase for p in wanted):
            break
        state = HandState.deal(rules, rng.randrange(rules.table.seats), rng)
        score = tuple(rng.randrange(target) for _ in rules.table.teams)
        while not state.is_over:
            view = view_of(state, state.turn, score)
            bucket = views.setdefault(view.phase, [])
            if len(bucket) < per_phase or rng.random() < 0.02:
                bucket.append(view)
            state.apply(rng.choice(view.legal))
    return views


def _deal(rules: Rules, dealer: int, hands: Mapping[int, str], upcard: str, stock: str = "") -> HandState:
    """A hand with the given cards for some seats (codes such as ``"JH JD AH 9C TS"``),
    the upcard, optionally the next stock cards; the other cards fill the other seats
    in deck order."""
    fixed = {seat: [int(Card.parse(c)) for c in text.split()] for seat, text in hands.items()}
    up = int(Card.parse(upcard))
    top = [int(Card.parse(c)) for c in stock.split()]
    used = {c for cards in fixed.values() for c in cards} | {up} | set(top)
    rest = [c for c in deck_cards(rules.deck, rules.joker) if c not in used]
    dealt = []
    for seat in range(rules.table.seats):
        if seat in fixed:
            dealt.append(fixed[seat])
        else:
            dealt.append(rest[:5])
            rest = rest[5:]
    return HandState.from_deal(rules, dealer, dealt, [up, *top, *rest])


def _act(state: HandState, *actions: str) -> None:
    for a in actions:
        state.apply(a)


def _choose(bot: Bot, state: HandState, score: tuple[int, int] = (0, 0)) -> str:
    return str(bot.choose(view_of(state, state.turn, score)))


# ---------------------------------------------------------------------------- levels


def test_levels_are_listed_weakest_first() -> None:
    assert BOT_LEVELS[:3] == ("random", "beginner", "intermediate")


@pytest.mark.parametrize("level", BOT_LEVELS)
def test_make_bot_gives_a_bot_of_that_level(level: str) -> None:
    bot = make_bot(level, seed=3)
    assert isinstance(bot, Bot)
    assert bot.name == level
    assert make_bot(f"  {level.upper()} ").name == level


def test_unknown_level_names_the_levels() -> None:
    with pytest.raises(EuchreError) as err:
        make_bot("grandmaster")
    for level in BOT_LEVELS:
        assert level in str(err.value)


def test_seed_must_be_an_int() -> None:
    with pytest.raises(EuchreError):
        make_bot("random", seed="7")  # type: ignore[arg-type]
    with pytest.raises(EuchreError):
        RandomBot(True)


def test_a_bot_asked_out_of_turn_says_so() -> None:
    state = _deal(preset("modern-standard"), N, {}, "9H")
    with pytest.raises(EuchreError):
        HeuristicBot().choose(view_of(state, S))


# ------------------------------------------------------------------ legality


@pytest.mark.parametrize("name", list(VARIANTS))
def test_every_bot_answers_legally_in_every_phase(name: str) -> None:
    rules = VARIANTS[name]
    views = _collect_views(rules, seed=sum(map(ord, name)))
    expected = _reachable_phases(rules)
    assert {p for p, vs in views.items() if vs} == expected
    # The search levels (advanced, expert) have their own legality tests with few worlds
    # (tests/test_search_bot.py, tests/test_rollout.py); at full strength they are slow.
    for level in ("random", "beginner", "intermediate"):
        bot = make_bot(level, seed=11)
        for phase, batch in views.items():
            for view in batch:
                action = bot.choose(view)
                assert action in view.legal, (name, level, phase, view)
                if isinstance(bot, HeuristicBot | BeginnerBot):
                    # The bot's own answer, not only the guarded one, is legal.
                    assert bot.preferred(view) in view.legal, (name, level, phase, view)


@pytest.mark.parametrize("name", list(VARIANTS))
def test_whole_games_between_levels_are_legal(name: str) -> None:
    rules = VARIANTS[name]
    for g in range(3):
        levels = [BOT_LEVELS[(g + seat) % 3] for seat in range(rules.table.seats)]
        game = play_game(rules, [make_bot(lv, 100 * g + seat) for seat, lv in enumerate(levels)], seed=g)
        assert game.result is not None
        if rules.plays_to_target:
            assert max(game.score) >= rules.game_target
        else:  # a progressive round: its hands are played (RULES.md decision 24)
            assert game.hands_counted == rules.progressive_hands


def test_play_game_needs_four_bots() -> None:
    with pytest.raises(EuchreError):
        play_game(preset("modern-standard"), [RandomBot(0)] * 3, seed=1)


def test_play_game_refuses_an_illegal_bot() -> None:
    class Cheat(RandomBot):
        def choose(self, view: PlayerView) -> Action:
            return Action.play(int(Card.parse("JK")))

    with pytest.raises(EuchreError, match="bot random"):
        play_game(preset("modern-standard"), [Cheat(0)] * 4, seed=1)


# ---------------------------------------------------------------- determinism


def _history(game_seed: int, bot_seed: int, levels: tuple[str, ...]) -> list[list[tuple[int, int]]]:
    rules = preset("modern-standard")
    game = play_game(rules, [make_bot(lv, bot_seed + seat) for seat, lv in enumerate(levels)], game_seed)
    return [list(h.history) for h in game.finished_hands]


@pytest.mark.parametrize("levels", [("intermediate",) * 4, ("random", "beginner", "intermediate", "random")])
def test_same_seeds_give_the_same_game(levels: tuple[str, ...]) -> None:
    assert _history(5, 40, levels) == _history(5, 40, levels)


def test_random_bot_seed_changes_its_choices() -> None:
    levels = ("random",) * 4
    assert _history(5, 40, levels) != _history(5, 41, levels)


def test_blind_call_is_seeded() -> None:
    rules = preset("british-benny")
    state = _deal(rules, N, {}, "JK")
    assert state.phase == Phase.BLIND_NAME
    view = view_of(state, N)
    assert view.hand == ()
    picks = {str(HeuristicBot(seed).choose(view)) for seed in range(20)}
    assert all(p.startswith("name-") and not p.endswith("alone") for p in picks)
    assert len(picks) > 1
    assert str(HeuristicBot(4).choose(view)) == str(HeuristicBot(4).choose(view))


# -------------------------------------------------------------- views only
# In test_bots_see_only_views.py: a bot's choice in two different real states its view
# cannot tell apart, asked through the program's own input paths, with a positive control.


# ------------------------------------------------------------------- strength


def _share(rules: Rules, a: str, b: str, games: int, seed: int) -> float:
    result = play_match(rules, lambda s: make_bot(a, s), lambda s: make_bot(b, s), games, seed)
    assert result.games == games
    return result.points_share


def test_intermediate_beats_random_by_a_wide_margin() -> None:
    # Measured 0.86 (seat-balanced, 300 games of modern-standard).
    assert _share(preset("modern-standard"), "intermediate", "random", 300, seed=0) > 0.75


def test_beginner_beats_random() -> None:
    # Measured 0.80.
    assert _share(preset("modern-standard"), "beginner", "random", 300, seed=0) > 0.65


def test_intermediate_beats_beginner() -> None:
    # Measured about 0.6.
    assert _share(preset("modern-standard"), "intermediate", "beginner", 300, seed=0) > 0.54


def test_intermediate_beats_random_under_a_historic_preset() -> None:
    assert _share(preset("dc-club-1862"), "intermediate", "random", 150, seed=0) > 0.7


# ------------------------------------------------------ situations, by hand

STD = preset("modern-standard")


def test_eldest_with_both_bowers_and_the_ace_orders_up() -> None:
    # S000 L119 (three tricks), S002 L23 ("the two bowers and ace or king").
    state = _deal(STD, N, {E: "JH JD AH 9C TS"}, "KH")
    assert _choose(HeuristicBot(), state) == "order"


def test_four_high_trumps_and_a_side_ace_go_alone() -> None:
    # S000 L191: "Four high trumps and an Ace of a lay suit constitute a good lone hand."
    state = _deal(STD, N, {E: "JH JD AH KH AC"}, "9H")
    assert _choose(HeuristicBot(), state) == "order-alone"


@pytest.mark.parametrize("hand", ["JH JD AH KH AC", "JH JD AH AC 7C", "JD AH KH AC AS"])
@pytest.mark.parametrize(("seat", "before"), [(E, ()), (W, ("pass", "pass"))])
def test_the_seeds_lone_hands_go_alone(hand: str, seat: int, before: tuple[str, ...]) -> None:
    # S000 L191: four high trumps and a side ace; three high trumps with an ace and the
    # seven of its suit; left bower, ace and king of trumps with commanding side cards.
    state = _deal(preset("dc-club-1862"), N, {seat: hand}, "QH")
    _act(state, *before)
    assert _choose(HeuristicBot(), state) == "order-alone"


@pytest.mark.parametrize("hand", ["JH JD AH 9C TS", "JD AH KH AC 9S", "JH 9H AC AS AD"])
def test_good_but_not_lone_hands_order_up_with_the_partner(hand: str) -> None:
    state = _deal(preset("dc-club-1862"), N, {E: hand}, "QH")
    assert _choose(HeuristicBot(), state) == "order"


def test_no_lone_hand_when_a_march_wins_the_game() -> None:
    # A march with the partner (2) already reaches 10 from 8: going alone adds only risk.
    state = _deal(STD, N, {E: "JH JD AH KH AC"}, "9H")
    assert _choose(HeuristicBot(), state, score=(0, 8)) == "order"


def test_weak_eldest_passes() -> None:
    state = _deal(STD, N, {E: "9C TC QD KS 9S"}, "9H")
    assert _choose(HeuristicBot(), state) == "pass"


def test_eldest_strong_in_next_passes_to_set_up_a_euchre() -> None:
    # S000 L187: strong in the upcard's suit and "at next in suit", the eldest passes.
    # Hearts turned: JH JD are both bowers; in diamonds (next) he holds JD JH AD KD.
    state = _deal(STD, N, {E: "JH JD AD KD QC"}, "9H")
    assert _choose(HeuristicBot(), state) == "pass"


def test_at_the_bridge_the_eldest_orders_up_without_a_sure_trick() -> None:
    # S002 L49-51, X-05: E-W have 4 of 5, N-S 1; N deals; E (eldest) orders up.
    rules = preset("dc-club-1862")
    state = _deal(rules, N, {E: "9C TC QD KS 9S"}, "9H")
    assert _choose(HeuristicBot(), state, score=(1, 4)) == "order"
    # Not at the bridge, the same hand passes.
    assert _choose(HeuristicBot(), state, score=(1, 3)) == "pass"


def test_at_the_bridge_the_eldest_with_the_right_bower_passes() -> None:
    # S002 L51: "If, however, the player to the left holds the right or left bower
    # guarded, then there is no necessity for ordering up."
    rules = preset("hoyle-1857")
    state = _deal(rules, N, {E: "JH TC QD KS 9S"}, "9H")
    assert _choose(HeuristicBot(), state, score=(1, 4)) == "pass"


def test_dealer_keeps_the_upcard_and_voids_a_suit() -> None:
    # S002 L43: discard a single suit (not an ace), keep the suit with a commanding card.
    rules = STD.replace(dealer_may_discard_upcard=True)
    state = _deal(rules, N, {N: "JH AH 9C AS KS"}, "TH")
    _act(state, "order")  # E orders up; N holds six cards
    assert state.phase == Phase.DISCARD
    view = view_of(state, N)
    assert Action.discard(int(Card.parse("TH"))) in view.legal
    assert str(HeuristicBot().choose(view)) == "discard-9C"


def test_dealer_keeps_a_singleton_ace() -> None:
    # S002 L43 "except an ace": A-C stays; spades hold no commanding card: the 9 goes.
    state = _deal(STD, N, {N: "JH AH AC KS 9S"}, "TH")
    _act(state, "order")
    assert _choose(HeuristicBot(), state) == "discard-9S"


def _trick_one(dealer_hand: str, partner_hand: str) -> HandState:
    """N deals and takes up 9H after E orders up; E leads 9S, S plays AS, W plays TS,
    and N (dealer, last to play) is to act."""
    state = _deal(STD, N, {N: dealer_hand, E: "9S JC QC KC AC", S: partner_hand, W: "TS JS 9D TD JD"}, "9H")
    _act(state, "order", "discard-" + dealer_hand.split()[-1], "play-9S", "play-AS", "play-TS")
    return state


def test_plays_low_on_the_partners_winning_card_in_last_seat() -> None:
    # Hoyle (REFERENCE 1K K5): "Play low on partner's winning lead".
    state = _trick_one("KS QS TH QH 9C", "AS KH AD KD QD")
    assert _choose(HeuristicBot(), state) == "play-QS"


def test_never_trumps_the_partners_winning_card() -> None:
    state = _trick_one("TH QH KD QD 9C", "AS KH AD KS TC")
    assert _choose(HeuristicBot(), state) == "play-QD"


def test_takes_an_opponents_trick_with_the_cheapest_trump_in_last_seat() -> None:
    # "Never let a trick go that you can win": N ruffs E's king with his lowest trump.
    state = _deal(STD, N, {N: "TH JH QC KD QD", E: "KS JC 9C TC AC", S: "9S AD 9D TD JD", W: "TS AS QS AH KH"}, "9H")
    _act(state, "order", "discard-QD", "play-KS", "play-9S", "play-TS")
    assert _choose(HeuristicBot(), state) == "play-9H"


def test_wins_cheaply_when_following_suit() -> None:
    state = _deal(STD, N, {N: "AS KS TH QC KD", E: "TS JC 9C TC AC", S: "9S AD 9D TD JD", W: "QS JS AH KH QH"}, "9H")
    _act(state, "order", "discard-KD", "play-TS", "play-9S", "play-QS")
    assert _choose(HeuristicBot(), state) == "play-KS"


def test_leads_a_small_trump_when_the_partner_made_it() -> None:
    # Hoyle (REFERENCE 1K K5): lead trumps to the partner who made them.
    state = _deal(STD, N, {E: "9H QH AC KS TD", W: "JH JD AH KH 9S"}, "TH")
    _act(state, "pass", "pass", "order", "discard-" + str(Card(state.hand_of(N)[0])))
    assert state.phase == Phase.PLAY and state.turn == E
    assert _choose(HeuristicBot(), state) == "play-9H"


def test_maker_leads_his_winning_trump() -> None:
    state = _deal(STD, N, {E: "JH JD 9H AC 9S"}, "TH")
    _act(state, "order", "discard-" + str(Card(state.hand_of(N)[0])))
    assert _choose(HeuristicBot(), state) == "play-JH"


def test_takes_over_a_lone_hand_with_a_lone_hand() -> None:
    # S000 L183-185: the eldest's partner may take it over, and must then play alone.
    rules = preset("dc-club-1862")
    state = _deal(rules, N, {E: "9C TC QD KS 9S", W: "JH JD AH KH AC"}, "9H")
    _act(state, "order")
    assert state.phase == Phase.TAKEOVER and state.turn == W
    assert _choose(HeuristicBot(), state) == "take-over"
    weak = _deal(rules, N, {E: "JH JD AH KH AC", W: "9C TC QD KS 9S"}, "9H")
    _act(weak, "order-alone")
    assert _choose(HeuristicBot(), weak) == "pass"


def test_defends_alone_with_high_trumps_only() -> None:
    # S000 L179: an opponent "holding high cards in the trump suit" may play alone.
    rules = preset("dc-club-1862-coteries")
    strong = _deal(rules, N, {E: "KH QH TH AC AD", S: "JH JD AH AS KS"}, "9H")
    _act(strong, "order-alone", "pass", "discard-7C")  # W does not take it over (S000 L185)
    assert strong.phase == Phase.DEFEND_ALONE and strong.turn == S
    assert _choose(HeuristicBot(), strong) == "defend-alone"
    weak = _deal(rules, N, {E: "JH JD AH KH AC", S: "9C TC QD KS 9S"}, "9H")
    _act(weak, "order-alone", "pass", "discard-7C")
    assert weak.phase == Phase.DEFEND_ALONE
    assert _choose(HeuristicBot(), weak) == "pass"


def test_goes_alone_after_bidding_with_a_lone_hand() -> None:
    rules = preset("openspiel")
    state = _deal(rules, N, {E: "JH JD AH KH AC"}, "9H")
    _act(state, "order", "discard-" + str(Card(state.hand_of(N)[0])))
    assert state.phase == Phase.ALONE_DECISION
    assert _choose(HeuristicBot(), state) == "alone"


def test_stuck_dealer_names_a_suit_or_forfeits() -> None:
    junk = {N: "9C TC 9D KS 9S"}
    for rules_name, allowed in (("modern-tournament", "name-"), ("forfeit+no-trump", "forfeit")):
        state = _deal(VARIANTS[rules_name], N, junk, "9H")
        _act(state, *["pass"] * 7)
        assert state.turn == N and state.phase == Phase.BID_ROUND_2
        assert _choose(HeuristicBot(), state).startswith(allowed)


def test_round_two_names_the_strong_suit() -> None:
    state = _deal(STD, N, {E: "JS JC AS KS 9D"}, "9H")
    _act(state, *["pass"] * 4)
    assert _choose(HeuristicBot(), state) in ("name-S", "name-S-alone")


def test_beginner_orders_with_three_trumps() -> None:
    three = _deal(STD, N, {E: "9H TH QH 9C TC"}, "KH")
    assert _choose(BeginnerBot(), three) == "order"
    two = _deal(STD, N, {E: "9H TH 9S 9C TC"}, "KH")
    assert _choose(BeginnerBot(), two) == "pass"
    left = _deal(STD, N, {E: "9H TH JD 9C TC"}, "KH")  # the left bower is a trump
    assert _choose(BeginnerBot(), left) == "order"
