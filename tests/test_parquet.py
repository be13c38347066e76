"""The decision file of ``euchre selfplay`` (``euchre.interop.parquet``) at every table:
each playable preset written by the command and read back (its features as wide as the
preset's layout, which the metadata describes; every row replayed against the game),
action codes past int8 (railroad's cards given for best), files of the earlier four-hand
format (written here with that format's schema) still read, and rows of other rules
refused by a writer."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from euchre.analysis.features import FOUR_HAND, encode_view, layout
from euchre.analysis.selfplay import COLUMNS, play_recorded_game
from euchre.bots import make_bot
from euchre.core.actions import GIVE_BASE
from euchre.core.errors import EuchreValueError
from euchre.core.game import Game
from euchre.core.presets import PLAYABLE_PRESETS, preset
from euchre.core.rules import Rules
from euchre.core.views import view_of
from euchre.interop.parquet import DecisionFileError, DecisionWriter, feature_matrix, read_decisions
from test_cli import run


def selfplay(capsys: pytest.CaptureFixture[str], out: Path, name: str, seed: int) -> str:
    """Run ``euchre selfplay`` for one game of one hand of random bots; its output."""
    code, text, err = run(capsys, "selfplay", "--out", str(out), "--preset", name, "--bots", "random",
                          "--games", "1", "--max-hands", "1", "--seed", str(seed))
    assert code == 0, err
    return text


def replay(rules: Rules, rows: list[dict[str, object]]) -> None:
    """Replay one hand's rows from the game's seed: each row's seat, phase, features
    (``encode_view`` of the seat's view) and legal codes are the game's."""
    game = Game(rules, rows[0]["game_seed"], max_hands=1)  # type: ignore[arg-type]
    for row in rows:
        hand = game.hand
        view = view_of(hand, hand.turn, tuple(game.score))
        assert (row["seat"], row["phase"], row["step"]) == (hand.turn, int(hand.phase), len(hand.history))
        assert row["features"] == encode_view(view)
        assert row["legal"] == [int(a) for a in view.legal]
        game.apply(row["action"])  # type: ignore[arg-type]
    assert game.is_over


@pytest.mark.parametrize("name", PLAYABLE_PRESETS)
def test_selfplay_writes_and_reads_back_every_preset(name: str, tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """Regression (issue 35): the command refused two-handed, cutthroat-3, call-ace-4/5/6
    and railroad, its file having the four-hand table's features width."""
    rules = preset(name)
    lay = layout(rules)
    seats = rules.table.seats
    out = tmp_path / "d.parquet"
    text = selfplay(capsys, out, name, 3)
    table, meta = read_decisions(out)
    rows = table.to_pylist()
    assert f"1 game, 1 hands, {len(rows)} decisions" in text and len(rows) > 0
    assert meta["format"] == 2 and meta["preset"] == name and Rules.from_dict(meta["rules"]) == rules
    assert meta["levels"] == ["random"] * seats and meta["seed"] == 3
    assert meta["layout"]["size"] == lay.size == len(meta["feature_names"]) == sum(s for _, s in meta["layout"]["sections"])
    assert meta["layout"]["seats"] == seats and meta["feature_names"] == list(lay.names)
    assert [tuple(s) for s in meta["layout"]["sections"]] == list(lay.sections)
    assert table.schema.field("features").type == pa.binary(lay.size)
    assert table.schema.field("action").type == pa.int16()
    assert table.schema.field("legal").type == table.schema.field("history").type == pa.list_(pa.int16())
    replay(rules, rows)
    # the first decision, by hand: the eldest hand (the dealer's left) bids first in round
    # one, holding his five dealt cards; the dealer sits on his right (relative seat
    # n - 1); no score yet; the target is the preset's
    x = feature_matrix(table)
    assert x.shape == (len(rows), lay.size)
    first = x[0]
    assert rows[0]["step"] == 0 and rows[0]["phase"] == 0
    assert first[lay.section("hand")].sum() == 5 and first[lay.offset["hand_sizes"]] == 5
    assert first[lay.section("dealer")].tolist() == [0] * (seats - 1) + [1]
    assert first[lay.section("turn")].tolist() == [1] + [0] * (seats - 1)
    assert first[lay.section("score")].sum() == 0
    assert first[lay.offset["target"]] == min(rules.game_target, 127)


def test_regression_a_give_best_code_past_127_survives_the_round_trip(tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """Railroad (call_for_best): seed 0's hand has the lone maker's partner give a card of
    code 130 = GIVE_BASE + 30 (spades (3) * 8 + king (6): the king of spades). One byte
    a code held 127 at most; the file holds it, in the row's action and in the next
    rows' history."""
    out = tmp_path / "r.parquet"
    selfplay(capsys, out, "railroad", 0)
    table, _ = read_decisions(out)
    rows = table.to_pylist()
    given = [i for i, r in enumerate(rows) if r["action"] > 127]
    assert [rows[i]["action"] for i in given] == [130] == [GIVE_BASE + 3 * 8 + 6]
    i = given[0]
    assert 130 in rows[i]["legal"]
    later = [r for r in rows[i + 1:] if r["hand"] == rows[i]["hand"]]
    # the give is seen by the two partners only; another seat's history has -2 in its place
    assert later and all(130 in r["history"] or -2 in r["history"] for r in later)
    replay(preset("railroad"), rows)


def old_schema(width: int) -> pa.Schema:
    """The schema of format 1 (the earlier four-hand file): features of ``width`` bytes,
    action codes as int8."""
    return pa.schema([
        pa.field("game", pa.int32(), nullable=False), pa.field("game_seed", pa.int64(), nullable=False),
        pa.field("hand", pa.int16(), nullable=False), pa.field("step", pa.int16(), nullable=False),
        pa.field("seat", pa.int8(), nullable=False),
        pa.field("level", pa.dictionary(pa.int8(), pa.string()), nullable=False),
        pa.field("phase", pa.int8(), nullable=False), pa.field("features", pa.binary(width), nullable=False),
        pa.field("history", pa.list_(pa.int8()), nullable=False),
        pa.field("history_seat", pa.list_(pa.int8()), nullable=False),
        pa.field("legal", pa.list_(pa.int8()), nullable=False), pa.field("action", pa.int8(), nullable=False),
        pa.field("values", pa.list_(pa.float32())), pa.field("value_method", pa.dictionary(pa.int8(), pa.string())),
        pa.field("value_worlds", pa.int16()), pa.field("hand_points", pa.int8(), nullable=False),
        pa.field("hand_points_against", pa.int8(), nullable=False),
        pa.field("game_points", pa.int16(), nullable=False), pa.field("game_points_against", pa.int16(), nullable=False),
        pa.field("game_won", pa.bool_()),
    ])


def write_old_file(path: Path, width: int, names: list[str], fmt: int = 1) -> list[dict[str, object]]:
    """Two rows written as format 1 wrote them (pyarrow, that schema and metadata); the rows."""
    rules = preset("modern-standard")
    rows: list[dict[str, object]] = [
        {"game": 0, "game_seed": 11, "hand": 0, "step": 0, "seat": 1, "level": "random", "phase": 0,
         "features": bytes([1, 0, 5] + [0] * (width - 3)), "history": [], "history_seat": [], "legal": [0, 1, 2],
         "action": 1, "values": None, "value_method": None, "value_worlds": None, "hand_points": 1,
         "hand_points_against": 0, "game_points": 10, "game_points_against": 4, "game_won": True},
        {"game": 0, "game_seed": 11, "hand": 0, "step": 2, "seat": 0, "level": "random", "phase": 4,
         "features": bytes([0] * (width - 1) + [10]), "history": [1, -1], "history_seat": [3, 0],
         "legal": [20, 21, 92], "action": 92, "values": [0.5, -1.0, 2.0], "value_method": "pimc",
         "value_worlds": 3, "hand_points": 0, "hand_points_against": 1, "game_points": 4,
         "game_points_against": 10, "game_won": False},
    ]
    meta = {"euchre.format": fmt, "euchre.rules": rules.to_dict(), "euchre.preset": "modern-standard",
            "euchre.levels": ["random"] * 4, "euchre.seed": 7, "euchre.feature_names": names,
            "euchre.command": "euchre selfplay --out old.parquet"}
    schema = old_schema(width).with_metadata({k.encode(): json.dumps(v).encode() for k, v in meta.items()})
    pq.write_table(pa.Table.from_pylist(rows, schema=schema), path)
    return rows


def test_a_file_of_the_earlier_four_hand_format_still_reads(tmp_path: Path) -> None:
    path = tmp_path / "old.parquet"
    rows = write_old_file(path, FOUR_HAND.size, list(FOUR_HAND.names))
    table, meta = read_decisions(path)
    assert meta["format"] == 1 and meta["seed"] == 7 and meta["preset"] == "modern-standard"
    assert meta["layout"]["size"] == 1064 and [tuple(s) for s in meta["layout"]["sections"]] == list(FOUR_HAND.sections)
    # the codes come back as int16, as the current format stores them, with the same values
    assert table.schema.field("action").type == pa.int16()
    assert table.schema.field("legal").type == pa.list_(pa.int16())
    assert table.to_pylist() == rows
    x = feature_matrix(table)
    assert x.shape == (2, 1064) and x[0, :3].tolist() == [1, 0, 5] and x[1, -1] == 10 and x.sum() == 16


def test_a_file_of_format_1_with_an_older_layout_reads_without_a_layout(tmp_path: Path) -> None:
    """Format 1 files were written with 701 elements before the one layout of every table:
    their feature names still name each element; no layout is made up for them."""
    path = tmp_path / "old701.parquet"
    names = [f"x.{i}" for i in range(701)]
    write_old_file(path, 701, names)
    table, meta = read_decisions(path)
    assert meta["layout"] is None and meta["feature_names"] == names
    assert feature_matrix(table).shape == (2, 701)


@pytest.mark.parametrize(("width", "names", "fmt"), [
    (1064, [f"x.{i}" for i in range(701)], 1),  # the features are not as wide as the names
    (1064, list(FOUR_HAND.names), 3),           # a format not known
])
def test_a_file_that_is_not_one_of_ours_is_refused(tmp_path: Path, width: int, names: list[str], fmt: int) -> None:
    path = tmp_path / "bad.parquet"
    write_old_file(path, width, names, fmt)
    with pytest.raises(DecisionFileError, match="not a decision file of layout 1 or 2"):
        read_decisions(path)


def test_a_writer_refuses_rows_of_another_table(tmp_path: Path) -> None:
    """Rows of two-handed (642 elements) given to a writer of the four-hand table: a
    clear error, and the rows already written stay whole."""
    four = play_recorded_game(preset("modern-standard").replace(game_target=2),
                              [functools.partial(make_bot, "random")] * 4, ["random"] * 4, 1, 0)
    two = play_recorded_game(preset("two-handed").replace(game_target=2),
                             [functools.partial(make_bot, "random")] * 2, ["random"] * 2, 1, 0)
    path = tmp_path / "mixed.parquet"
    with DecisionWriter(path, preset("modern-standard"), ["random"] * 4, 1) as writer:
        writer.write(four.columns)
        with pytest.raises(EuchreValueError, match=r"\[642\] bytes; this file's rows hold 1064"):
            writer.write(two.columns)
    table, _ = read_decisions(path)
    assert table.num_rows == four.decisions and table.column("features").to_pylist() == four.columns["features"]
    assert tuple(table.schema.names) == COLUMNS
