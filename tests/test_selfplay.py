"""``euchre selfplay`` and its data set: the feature layout on a hand worked by hand, no
hidden card in a row (with a leaky positive control), rows that replay to the recorded
outcomes, the search's values, the same rows on any backend, the file's size per
decision, and bad arguments."""

from __future__ import annotations

import dataclasses
import functools
import random
from collections.abc import Callable
from pathlib import Path

import pytest

from euchre.analysis.features import FEATURE_NAMES, FOUR_HAND, WIDTH, encode_view, layout
from euchre.analysis.parallel import Backend
from euchre.analysis.selfplay import COLUMNS, concat_columns, play_recorded_game, run_selfplay, view_fields
from euchre.bots import make_bot
from euchre.bots.inference import BIDDING_PHASES
from euchre.bots.rollout import RolloutBot
from euchre.bots.rollout_settings import RolloutSettings
from euchre.core.actions import Action
from euchre.core.cards import EFFECTIVE_SUIT, parse_card
from euchre.core.errors import EuchreTypeError, EuchreValueError
from euchre.core.game import Game
from euchre.core.hand import HandState, Phase
from euchre.core.presets import PLAYABLE_PRESETS, preset
from euchre.core.rules import Rules
from euchre.core.sampling import sample_world
from euchre.core.views import view_of
from euchre.interop.parquet import DecisionFileError, DecisionWriter, feature_matrix, read_decisions
from test_cli import assert_one_line_error, run

RULES = preset("modern-standard")


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def nonzero(features: bytes) -> dict[str, int]:
    return {FEATURE_NAMES[i]: v for i, v in enumerate(features) if v}


# ---------------------------------------------------------------- the layout
def test_layout_names_every_element_once() -> None:
    # 5 card blocks, 3 x 4 seats of cards, 14 phases, 6 trumps, 14 rows of 4 + 26 calls,
    # 4 x 5 voids, 2 + 4 + 2 + 1 counts and 4 + 8 x 4 + 2 one-element flags and seats
    assert len(FEATURE_NAMES) == WIDTH == sum(w for _, w in FOUR_HAND.sections) == FOUR_HAND.size
    assert WIDTH == 5 * 33 + 3 * 4 * 33 + 4 + 14 + 6 + 7 * 4 + 2 + 14 * 30 + 20 + 2 + 4 + 2 + 1 == 1064
    assert len(set(FEATURE_NAMES)) == WIDTH
    assert FEATURE_NAMES[FOUR_HAND.offset["hand"] + 20] == "hand.JH"  # card 20 = hearts (2) * 8 + jack (4)
    assert FEATURE_NAMES[FOUR_HAND.offset["calls"] + 30 + 4 + 1] == "calls.1.order"
    # the void block's five suits cover every effective suit of every trump
    assert max(s for row in EFFECTIVE_SUIT for s in row) == 4


def test_features_of_a_hand_worked_by_hand() -> None:
    """Dealer North turns up the 9 of hearts; East passes, South (the dealer's partner)
    orders it up, North discards the 9 of clubs; East leads the ace of diamonds and South,
    with no diamond (his jack of diamonds is the left bower, a heart), trumps with the
    right bower. West, to play, sees (seats relative to West: North is on his left (1),
    East his partner (2), South on his right (3))..."""
    hand = HandState.from_deal(RULES, 0, [cards("9C TC QC KC AC"), cards("9D TD QD KD AD"),
                                          cards("JH JD AH KH QH"), cards("9S TS JS QS KS")],
                               cards("9H TH AS JC"))
    for action in ("pass", "order", "discard-9C", "play-AD", "play-JH"):
        hand.apply(action)
    assert hand.turn == 3 and hand.phase == Phase.PLAY
    view = view_of(hand, 3, (3, 7))
    expected = {f"hand.{c}": 1 for c in ("9S", "TS", "JS", "QS", "KS")}
    expected |= {
        "upcard.9H": 1,
        "trick.2.AD": 1, "trick.3.JH": 1, "trick_leader.2": 1,
        "phase.PLAY": 1, "trump.H": 1, "dealer.1": 1, "maker.3": 1,
        "active.0": 1, "active.1": 1, "active.2": 1, "active.3": 1, "turn.0": 1, "upcard_to_dealer": 1,
        "calls.0.seat.2": 1, "calls.0.pass": 1,  # East passed
        "calls.1.seat.3": 1, "calls.1.order": 1,  # South ordered up
        "calls.2.seat.1": 1, "calls.2.discard": 1,  # North discarded, West does not see what
        "void.3.D": 1,  # South did not follow diamonds
        "hand_sizes.0": 5, "hand_sizes.1": 5, "hand_sizes.2": 4, "hand_sizes.3": 4,
        "score.0": 7, "score.1": 3,  # West is E-W (relative side 0), who have 7
        "target": 10,
    }
    assert nonzero(encode_view(view)) == expected
    # the dealer sees his own discard; West never does
    north = nonzero(encode_view(view_of(hand, 0, (3, 7))))
    assert north["discard.9C"] == 1 and north["calls.0.seat.1"] == 1 and north["score.0"] == 3
    assert not any(name.startswith("discard.") for name in expected)
    features, history, history_seat, legal = view_fields(view)
    assert features == encode_view(view)
    assert history == [0, 1, -1, int(Action.PLAY_AD), int(Action.PLAY_JH)]  # North's discard hidden
    assert history_seat == [2, 3, 1, 2, 3]
    assert legal == [int(Action.play(c)) for c in cards("9S TS JS QS KS")]


def test_more_calls_than_the_slots_is_an_error() -> None:
    hand = HandState.deal(RULES, 0, random.Random(1))
    view = view_of(hand, 1)
    crowded = dataclasses.replace(view, history=((1, 0),) * (FOUR_HAND.calls + 1))
    with pytest.raises(EuchreValueError, match="calls"):
        encode_view(crowded)
    with pytest.raises(EuchreTypeError, match="PlayerView"):
        encode_view(hand)  # type: ignore[arg-type]


# ---------------------------------------------------------------- no hidden card
LEAK_PRESETS = ("modern-standard", "dc-club-1862-coteries", "british-benny", "hoyle-1857", "openspiel",
                "casual-web-003")


def decision_states(games: int = 2) -> list[tuple[HandState, int, tuple[int, int]]]:
    """States at every fifth decision of seeded random games under several presets."""
    out = []
    for name in LEAK_PRESETS:
        for g in range(games):
            rng = random.Random(g)
            game = Game(preset(name), g, max_hands=4)
            step = 0
            while not game.is_over:
                if step % 5 == 0:
                    out.append((game.hand.copy(), game.turn, (game.score[0], game.score[1])))
                game.apply(rng.choice(game.legal_codes()))
                step += 1
    return out


Encoder = Callable[[HandState, int, tuple[int, int]], object]


def changes_with_hidden_cards(encoder: Encoder, states: list[tuple[HandState, int, tuple[int, int]]]) -> tuple[int, int]:
    """(states whose encoding changed in a world exchanging the hidden cards consistently
    with the seat's view, states where some world put a hidden card elsewhere)."""
    changed = moved = 0
    rng = random.Random(5)
    for state, seat, score in states:
        view = view_of(state, seat, score)
        before = encoder(state, seat, score)
        differs = False
        for _ in range(3):
            world = sample_world(view, rng)
            moved_here = [world.hands[s] for s in range(4) if s != seat] != [state.hands[s] for s in range(4) if s != seat]
            moved += moved_here
            differs |= encoder(world, seat, score) != before
        changed += differs
    return changed, moved


def row_fields(state: HandState, seat: int, score: tuple[int, int]) -> object:
    return view_fields(view_of(state, seat, score))


def test_no_element_changes_when_the_hidden_cards_are_exchanged() -> None:
    states = decision_states()
    changed, moved = changes_with_hidden_cards(row_fields, states)
    assert changed == 0
    assert moved > len(states)  # the worlds did move hidden cards around


def test_positive_control_a_leaky_encoder_is_caught() -> None:
    """Encoding the partner's view (his hand is hidden from the seat) changes with the
    worlds: the check above can fail."""
    states = decision_states()

    def leaky(state: HandState, seat: int, score: tuple[int, int]) -> object:
        return encode_view(view_of(state, state.table.partner[seat], score))

    changed, _ = changes_with_hidden_cards(leaky, states)
    assert changed > len(states) // 2


# ---------------------------------------------------------------- the file
def replay_and_check(rules: Rules, rows: list[dict[str, object]]) -> int:
    """Replay the rows of one game from its seed, checking every recorded field against
    the game; the number of hands."""
    game = Game(rules, rows[0]["game_seed"])  # type: ignore[arg-type]
    hand_rows: list[dict[str, object]] = []
    for row in rows:
        hand = game.hand
        seat = hand.turn
        assert (row["seat"], row["hand"], row["step"]) == (seat, len(game.finished_hands), len(hand.history))
        assert row["phase"] == int(hand.phase) and row["legal"] == list(hand.legal_codes())
        view = view_of(hand, seat, (game.score[0], game.score[1]))
        assert row["features"] == encode_view(view)
        # the hand block is the seat's cards, read from the state itself
        assert [c for c in range(33) if row["features"][c]] == [c for c in range(33) if hand.hands[seat] >> c & 1]  # type: ignore[index]
        hand_rows.append(row)
        result = game.apply(row["action"])  # type: ignore[arg-type]
        if result is not None:
            for r in hand_rows:
                team = r["seat"] % 2  # type: ignore[operator]
                assert (r["hand_points"], r["hand_points_against"]) == (result.points[team], result.points[1 - team])
            hand_rows = []
    assert game.is_over and not hand_rows
    for r in rows:
        team = r["seat"] % 2  # type: ignore[operator]
        assert (r["game_points"], r["game_points_against"]) == (game.score[team], game.score[1 - team])
        assert r["game_won"] == (game.result is not None and game.result.winner == team)
    return len(game.finished_hands)


def test_a_selfplay_file_replays_to_its_outcomes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "d.parquet"
    code, text, _ = run(capsys, "selfplay", "--out", str(out), "--games", "3", "--bots", "random,intermediate",
                        "--target", "4", "--seed", "2", "--preset", "dc-club-1862")
    assert code == 0
    table, meta = read_decisions(out)
    rules = Rules.from_dict(meta["rules"])
    assert rules == preset("dc-club-1862").replace(game_target=4) and meta["preset"] is None
    assert meta["levels"] == ["random", "intermediate", "random", "intermediate"] and meta["seed"] == 2
    assert meta["feature_names"] == list(FEATURE_NAMES) and "euchre selfplay" in meta["command"]
    assert table.schema.names == list(COLUMNS)
    rows = table.to_pylist()
    games = sorted({r["game"] for r in rows})
    assert games == [0, 1, 2]
    hands = sum(replay_and_check(rules, [r for r in rows if r["game"] == g]) for g in games)
    assert f"3 games, {hands} hands, {len(rows)} decisions" in text
    assert all(r["level"] == ("random" if r["seat"] % 2 == 0 else "intermediate") for r in rows)
    assert all(r["values"] is None and r["value_method"] is None for r in rows)  # no search at these levels
    assert feature_matrix(table).shape == (len(rows), WIDTH)
    assert feature_matrix(table)[5].tolist() == list(rows[5]["features"])
    assert feature_matrix(table.slice(7))[0].tolist() == list(rows[7]["features"])


def test_replay_check_has_teeth() -> None:
    """A row changed in one field fails the replay check (positive control)."""
    game = play_recorded_game(RULES.replace(game_target=3), [functools.partial(make_bot, "random")] * 4, ["random"] * 4, 1, 0)
    rows = [dict(zip(COLUMNS, values, strict=True)) for values in zip(*game.columns.values(), strict=True)]
    replay_and_check(RULES.replace(game_target=3), rows)
    for field, value in (("hand_points", 9), ("game_won", None), ("features", bytes(WIDTH))):
        broken = [dict(r) for r in rows]
        broken[len(rows) // 2][field] = value
        with pytest.raises(AssertionError):
            replay_and_check(RULES.replace(game_target=3), broken)


def quick_searcher(seed: int) -> RolloutBot:
    """A RolloutBot with very few worlds (the expert's methods, cheaply)."""
    return RolloutBot(seed, RolloutSettings(worlds=4, bid_tries=2, play_tries=1, screen=0), play_worlds=3)


def test_search_values_are_recorded_for_the_searching_seats() -> None:
    rules = RULES.replace(game_target=1)
    factories = [quick_searcher, functools.partial(make_bot, "intermediate"), quick_searcher, quick_searcher]
    game = play_recorded_game(rules, factories, ["quick", "intermediate", "quick", "quick"], 4, 0)
    rows = [dict(zip(COLUMNS, values, strict=True)) for values in zip(*game.columns.values(), strict=True)]
    methods = set()
    for row in rows:
        legal = row["legal"]
        searched = row["phase"] in {int(p) for p in BIDDING_PHASES} | {int(Phase.PLAY)}  # not the discard
        if row["seat"] == 1 or len(legal) == 1 or not searched:  # type: ignore[operator, arg-type]
            assert row["values"] is None and row["value_method"] is None and row["value_worlds"] is None
            continue
        values = row["values"]
        assert len(values) == len(legal)  # type: ignore[arg-type]
        assert all(abs(v) <= 4 for v in values)  # type: ignore[union-attr]  # no hand is worth more than 4 points
        methods.add(row["value_method"])
        if row["value_method"] == "pimc":
            assert row["value_worlds"] == 3 and row["phase"] == int(Phase.PLAY)
            best = max(values)  # type: ignore[type-var, arg-type]
            assert values[legal.index(row["action"])] >= best - 1e-9  # type: ignore[index, union-attr]  # it plays a best card
        else:
            assert row["value_method"] == "rollout" and row["value_worlds"] == 4
            assert row["phase"] != int(Phase.PLAY)
    assert methods == {"pimc", "rollout"}


def test_rows_are_the_same_on_any_backend() -> None:
    rules = RULES.replace(game_target=4)
    factories = [functools.partial(make_bot, lv) for lv in ("beginner", "random", "beginner", "random")]
    labels = ["beginner", "random"] * 2
    one = list(run_selfplay(rules, factories, labels, games=5, seed=9))
    two = list(run_selfplay(rules, factories, labels, games=5, seed=9, backend=Backend(2)))
    assert [g.index for g in two] == list(range(5))
    assert concat_columns([g.columns for g in one]) == concat_columns([g.columns for g in two])
    other = list(run_selfplay(rules, factories, labels, games=5, seed=10))
    assert concat_columns([g.columns for g in other]) != concat_columns([g.columns for g in one])


def test_a_million_decisions_fit_in_a_few_hundred_megabytes(tmp_path: Path) -> None:
    """The bytes per decision of a sample of 30 games, file metadata included: below 300
    (300 MB a million)."""
    rules = RULES
    factories = [functools.partial(make_bot, "intermediate")] * 4
    out = tmp_path / "size.parquet"
    decisions = 0
    with DecisionWriter(out, rules, ["intermediate"] * 4, 1) as writer:
        for game in run_selfplay(rules, factories, ["intermediate"] * 4, games=30, seed=1):
            writer.write(game.columns)
            decisions += game.decisions
    assert writer.rows == decisions > 3000
    assert out.stat().st_size / decisions < 300


def test_run_selfplay_checks_its_arguments(tmp_path: Path) -> None:
    make = functools.partial(make_bot, "random")
    with pytest.raises(EuchreValueError, match="one bot and one label per seat of the table"):
        list(run_selfplay(RULES, [make] * 3, ["random"] * 3, games=1))
    with pytest.raises(EuchreValueError, match="at least 1"):
        list(run_selfplay(RULES, [make] * 4, ["random"] * 4, games=0))
    with pytest.raises(EuchreTypeError, match="seed"):
        list(run_selfplay(RULES, [make] * 4, ["random"] * 4, games=1, seed="x"))  # type: ignore[arg-type]
    not_parquet = tmp_path / "x.parquet"
    not_parquet.write_text("hello")
    with pytest.raises(DecisionFileError, match="Parquet"):
        read_decisions(not_parquet)


@pytest.mark.parametrize("name", PLAYABLE_PRESETS)
def test_run_selfplay_records_every_preset(name: str) -> None:
    """Every playable preset of the core, whatever its table: one bot per seat, every
    row's seat a seat of the table, its features the width of the preset's layout, and
    each row's side's points and the other sides' points together adding up to the
    points its hand scored."""
    rules = preset(name)
    seats = rules.table.seats
    game = next(run_selfplay(rules, [functools.partial(make_bot, "random")] * seats, ["random"] * seats, games=1,
                             seed=5, max_hands=2))
    cols = game.columns
    assert game.decisions > 0 and set(cols["seat"]) <= set(range(seats))
    assert {len(f) for f in cols["features"]} == {layout(rules).size}
    totals: dict[int, set[int]] = {}
    for hand, ours, theirs in zip(cols["hand"], cols["hand_points"], cols["hand_points_against"], strict=True):
        totals.setdefault(hand, set()).add(ours + theirs)
    assert all(len(t) == 1 for t in totals.values()), totals


def test_cutthroat_rows_score_each_opponent() -> None:
    """Cutthroat (X-44, X-55, X-56): a row's (own points, the others' together) is the
    maker's (1, 0), (3, 0) or, euchred, (0, 4) (two to each of the two others); a
    defender's (0, 1), (0, 3) or (2, 2). Counting one opponent only would give the
    euchred maker (0, 2), which is not among them."""
    rules = preset("cutthroat-3")
    game = next(run_selfplay(rules, [functools.partial(make_bot, "random")] * 3, ["random"] * 3, games=1, seed=8,
                             max_hands=6))
    pairs = set(zip(game.columns["hand_points"], game.columns["hand_points_against"], strict=True))
    assert pairs and pairs <= {(1, 0), (3, 0), (0, 4), (0, 1), (0, 3), (2, 2)}, pairs
    assert (0, 2) not in pairs


@pytest.mark.parametrize(("argv", "needle"), [
    (["--out", "x.csv"], ".parquet"),
    (["--out", "/no/such/dir/x.parquet"], "no directory"),
    (["--out", "OUT", "--games", "0"], "--games"),
    (["--out", "OUT", "--bots", "grandmaster"], "grandmaster"),
    (["--out", "OUT", "--bots", "random,random,random"], "level(s)"),
    (["--out", "OUT", "--max-hands", "0"], "--max-hands"),
    (["--out", "OUT", "--workers", "0"], "--workers"),
    (["--out", "OUT", "--preset", "nowhere"], "nowhere"),
    (["--out", "OUT", "--preset", "call-ace-5", "--bots", "random,random"], "give 1 or 5 bot level(s), not 2"),
])
def test_selfplay_bad_arguments(tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], needle: str) -> None:
    argv = [str(tmp_path / "d.parquet") if a == "OUT" else a for a in argv]
    code, _, err = run(capsys, "selfplay", *argv)
    assert_one_line_error(code, err, needle)
    assert not (tmp_path / "d.parquet").exists()


def test_selfplay_without_pyarrow_says_what_to_install(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "pyarrow" else real(name, *a))
    code, _, err = run(capsys, "selfplay", "--out", str(tmp_path / "d.parquet"))
    assert_one_line_error(code, err, "euchre selfplay needs the parquet extra: pip install 'euchre[parquet]'")
