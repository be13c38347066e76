"""Progressive play, one table's round (RULES.md decision 24; X-32: eight hands, "each
player deals twice", points recorded per player; a hand passed out is redealt by the same
dealer; X-49: the winners move up).

Most checks hold for every game whatever the cards, so they run over many seeded games of
random bots; the expected values come from the rule's text (the round's end, who deals,
the tally), never from the engine's own figures.
"""

from __future__ import annotations

import io
import random
from collections import Counter

import pytest

from euchre.bots import make_bot
from euchre.bots.bidding import NO_TARGET, target_of
from euchre.core import preset, view_of
from euchre.core.errors import RecordError, RulesError
from euchre.core.game import Game, bridge_team
from euchre.records import dumps, loads
from euchre.text.glosses import goal_words

try:
    from . import _naive_euchre as kit
except ImportError:
    import _naive_euchre as kit  # type: ignore[no-redef]

N, E, S, W = 0, 1, 2, 3
PP = preset("progressive-party")


def play(rules: object, seed: int) -> Game:
    game = Game(rules, seed)  # type: ignore[arg-type]
    bots = [make_bot("random", seed * 4 + s) for s in range(game.table.seats)]
    while not game.is_over:
        game.apply(bots[game.hand.turn].choose(view_of(game.hand, game.hand.turn, game.score)))
    return game


def counted(game: Game) -> list[int]:
    """Indexes of the finished hands that were played (not passed out)."""
    return [i for i, h in enumerate(game.finished_hands)
            if h.result is not None and not (h.result.passed_out and not h.result.forfeit)]


def test_the_preset_is_playable_and_counts_hands() -> None:
    assert PP.match_format == "progressive_fixed_hands" and PP.progressive_hands == 8
    assert not PP.plays_to_target and preset("modern-standard").plays_to_target
    assert goal_words(PP) == "a round of 8 hands"
    assert goal_words(preset("modern-standard")) == "game to 10"


@pytest.mark.parametrize("seed", range(12))
def test_a_round_is_eight_played_hands_and_each_player_deals_twice(seed: int) -> None:
    game = play(PP, seed)
    played = counted(game)
    assert len(played) == 8 and game.hands_counted == 8
    assert played[-1] == len(game.finished_hands) - 1  # the round ends with its eighth played hand
    # A hand passed out is dealt again by the same dealer, so the eight are dealt two by each seat.
    assert Counter(game.finished_hands[i].dealer for i in played) == {N: 2, E: 2, S: 2, W: 2}
    for i, h in enumerate(game.finished_hands):
        if i not in played:
            assert game.finished_hands[i + 1].dealer == h.dealer
    result = game.result
    assert result is not None
    total = [sum(h.result.points[t] for h in game.finished_hands if h.result is not None) for t in (0, 1)]
    assert list(result.score) == total == list(game.score)
    # Every player records his side's points on his tally.
    assert result.player_points == (total[0], total[1], total[0], total[1])
    best = max(total)
    assert result.winner == (None if total.count(best) == 2 else total.index(best))
    assert result.games == 1 and result.carry == (0, 0)


def test_a_tie_has_no_winner_and_a_lead_wins() -> None:
    ties = winners = 0
    for seed in range(60):
        result = play(PP.replace(progressive_hands=2), seed).result
        assert result is not None
        if result.score[0] == result.score[1]:
            assert result.winner is None
            ties += 1
        else:
            assert result.winner == (0 if result.score[0] > result.score[1] else 1)
            winners += 1
    assert ties and winners  # both cases were met


def test_the_round_goes_on_past_the_target() -> None:
    """No target ends a progressive round: a side may pass ten points (the preset's dormant
    game_target), and the same seed plays the same game whatever game_target says."""
    passed = False
    for seed in range(40):
        game = play(PP.replace(progressive_hands=12), seed)
        assert game.hands_counted == 12
        passed |= max(game.score) > PP.game_target
        if seed < 5:
            other = play(PP.replace(progressive_hands=12, game_target=3), seed)
            assert [h.history for h in other.finished_hands] == [h.history for h in game.finished_hands]
    assert passed
    assert not PP.takes_effect("game_target") and not PP.takes_effect("laps") and not PP.takes_effect("slams")
    assert bridge_team(PP, [9, 0]) is None  # no bridge without a target
    assert bridge_team(preset("modern-standard"), [9, 0]) == 0


def test_a_passed_out_hand_is_not_counted() -> None:
    rules = PP.replace(progressive_hands=1)
    game = kit.game_with_first_hand(rules, W, kit.make_state(rules, W, [None] * 4, upcard="9H"))
    for _ in range(8):
        game.apply("pass")
    assert game.result is None and game.hands_counted == 0 and len(game.finished_hands) == 1
    assert game.hand.dealer == W  # the same dealer deals again


def test_the_other_table_shapes_play_rounds_too() -> None:
    for name in ("two-handed", "cutthroat-3", "call-ace-5"):
        rules = preset(name).replace(match_format="progressive_fixed_hands", progressive_hands=3)
        game = play(rules, 3)
        assert game.hands_counted == 3 and game.result is not None
        table = game.table
        assert game.result.player_points == tuple(game.score[table.team[s]] for s in range(table.seats))


def test_the_movement_belongs_to_the_event_and_is_refused() -> None:
    with pytest.raises(RulesError, match="progressive_movement"):
        PP.replace(progressive_movement="fixed_rotation")


def test_records_replay_a_round_and_egn_refuses_it() -> None:
    game = play(PP, 5)
    back, _ = loads(dumps(game))
    assert back.score == game.score and back.result == game.result
    from euchre.records.egn import game_to_egn

    with pytest.raises(RecordError, match="match_format"):
        game_to_egn(game)


def test_bots_reckon_with_no_target() -> None:
    game = Game(PP, 1)
    view = view_of(game.hand, game.hand.turn, game.score)
    assert target_of(view) == NO_TARGET
    assert target_of(view_of(Game(preset("modern-standard"), 1).hand, 0)) == 10


def test_the_terminal_tells_the_round_and_the_tally() -> None:
    from rich.console import Console

    from euchre.cli.narrator import Narrator
    from euchre.cli.table import run_table

    game = Game(PP, 2)
    out = io.StringIO()
    narrator = Narrator(Console(file=out, width=100, color_system=None, highlight=False), viewer=None)
    run_table(game, [make_bot("beginner", 8 + s) for s in range(4)], narrator)
    text = out.getvalue()
    assert "(a round of 8 hands)" in text and "game to" not in text
    result = game.result
    assert result is not None
    p = result.player_points
    assert f"Points for each player's tally: North {p[0]}, East {p[1]}, South {p[2]}, West {p[3]}." in text
    assert "Round over" in text and "Game over" not in text


def test_the_page_shows_the_hands_played_and_the_tally() -> None:
    from euchre.server.serialize import game_json

    game = Game(PP, 4)
    bots = [make_bot("random", s) for s in range(4)]
    first = game_json(game, N)
    assert first["target"] is None and first["round_hands"] == 8 and first["hands_counted"] == 0
    while not game.is_over:
        game.apply(bots[game.hand.turn].choose(view_of(game.hand, game.hand.turn, game.score)))
    last = game_json(game, N)
    assert last["hands_counted"] == 8
    result = game.result
    assert result is not None
    assert last["result"]["player_points"] == list(result.player_points)
    assert last["result"]["winner"] == (None if result.winner is None else game.table.team_names[result.winner])


def test_openspiel_and_pettingzoo_end_the_round() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from euchre.interop import openspiel_game as og

    g = pyspiel.load_game(og.GAME_NAME, {"preset": "progressive-party", "mode": "game"})
    rng = random.Random(3)
    state = g.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    returns = state.returns()
    assert sum(returns) == 0 and all(r in (-1.0, 0.0, 1.0) for r in returns)


def test_regression_tools_count_a_tied_round_as_a_tie_not_a_win_nor_unfinished(
        capsys: pytest.CaptureFixture[str]) -> None:
    """A progressive round that ends level has no winner. The duplicate arena counted it a
    win for side B, ``euchre sim`` and ``euchre selfplay`` as a game cut off by the hand
    limit. Each now says which games tied, and counts them in neither side's wins."""
    from euchre.analysis.duplicate import play_duplicate_game
    from euchre.cli.main import main
    from euchre.cli.sim import play_one
    from euchre.core.game import TIE

    rules = PP.replace(progressive_hands=2)
    outcomes = [play_one(rules, ("random", "random"), seed) for seed in range(30)]
    for o in outcomes:
        a, b = o.points
        assert o.winner == (TIE if a == b else 0 if a > b else 1)
    ties = sum(o.winner == TIE for o in outcomes)
    assert ties  # some rounds tied
    first_tie = next(o.seed for o in outcomes if o.winner == TIE)
    assert main(["sim", "--preset", "progressive-party", "--option", "progressive_hands=2", "--bots", "random,random",
                 "--games", "1", "--seed", str(first_tie)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "1 game tied" in out and "did not finish" not in out and "Games won by N-S 0 of 0" in out

    import functools

    from euchre.bots import make_bot as bot

    seen = set()
    for index in range(30):
        game = play_duplicate_game(rules, functools.partial(bot, "random"), functools.partial(bot, "random"),
                                   seed=0, index=index)
        for winner, (pa, pb) in zip(game.winners, game.points, strict=True):
            assert winner == (TIE if pa == pb else 0 if pa > pb else 1)
            seen.add(winner)
    assert TIE in seen and None not in seen
