"""The arena's deal log (``euchre arena --deals-out``) and the pooling of runs
(``bench/pool_arena.py``, :mod:`euchre.analysis.deal_log`)."""

from __future__ import annotations

import json
import os
import stat
import sys
from pathlib import Path

import pytest

from euchre.analysis.deal_log import deal_log_lines, pool_deal_logs, read_deal_log, write_deal_log
from euchre.analysis.duplicate import DuplicateDeal, MatchRecord, run_matches
from euchre.cli.arena import parse_bots, summarize
from euchre.core import preset
from euchre.core.errors import EuchreError

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

import pool_arena
from test_cli import assert_one_line_error, run

RULES_ARGV = ["--preset", "modern-standard"]


def write(path: Path, seed: int, deals: list[DuplicateDeal], protocol: str = "table") -> Path:
    lines = deal_log_lines(["euchre", "arena"], RULES_ARGV, preset("modern-standard"), seed,
                           [("A", "B", protocol, MatchRecord(tuple(deals), ()))])
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


def test_pooled_figures_are_those_of_all_the_deals_worked_by_hand(tmp_path: Path) -> None:
    # Seed 1: A 2+0 and B 0+1 on deal 0, A 1+0 and B 0+2 on deal 1; seed 2: A 4, B 0.
    one = write(tmp_path / "one.jsonl", 1, [DuplicateDeal(0, 0, ((2, 0), (0, 1))), DuplicateDeal(1, 1, ((1, 0), (0, 2)))])
    two = write(tmp_path / "two.jsonl", 2, [DuplicateDeal(0, 0, ((4, 0), (0, 0)))])
    (p,) = pool_deal_logs([one, two])
    assert (p.key.a, p.key.b, p.key.protocol, p.rules) == ("A", "B", "table", tuple(RULES_ARGV))
    assert p.seeds == (1, 2) and p.repeated == 0
    s = summarize("A", "B", p.record)
    # A scored 2 + 1 + 4 = 7 points, B 1 + 2 + 0 = 3, over 3 deals of 2 hands each.
    assert s.deals == 3 and s.side_hands == 6
    assert s.share == pytest.approx(7 / 10)
    assert s.margin == pytest.approx((7 - 3) / 6)
    assert s.a_per_hand == pytest.approx(7 / 6) and s.b_per_hand == pytest.approx(3 / 6)


def test_a_deal_in_two_runs_of_one_seed_counts_once(tmp_path: Path) -> None:
    deal = DuplicateDeal(0, 0, ((2, 0), (0, 1)))
    one = write(tmp_path / "one.jsonl", 1, [deal])
    again = write(tmp_path / "again.jsonl", 1, [deal, DuplicateDeal(1, 1, ((0, 2), (1, 0)))])
    (p,) = pool_deal_logs([one, again])
    assert p.repeated == 1 and len(p.record.deals) == 2 and p.seeds == (1,)


def test_a_deal_that_gave_other_points_in_another_run_is_refused(tmp_path: Path) -> None:
    one = write(tmp_path / "one.jsonl", 1, [DuplicateDeal(0, 0, ((2, 0), (0, 1)))])
    other = write(tmp_path / "other.jsonl", 1, [DuplicateDeal(0, 0, ((1, 0), (0, 1)))])
    with pytest.raises(EuchreError, match=r"deal 0 of seed 1 .*points \[\[2, 0\], \[0, 1\]\] in .*one.jsonl.*other seeds"):
        pool_deal_logs([one, other])


def test_other_protocols_and_rules_are_pooled_apart(tmp_path: Path) -> None:
    table = write(tmp_path / "t.jsonl", 1, [DuplicateDeal(0, 0, ((2, 0), (0, 1)))])
    outside = write(tmp_path / "o.jsonl", 1, [DuplicateDeal(0, 0, ((1, 0), (0, 1)))], protocol="outside")
    deal = DuplicateDeal(0, 0, ((0, 1), (1, 0)))
    lines = deal_log_lines([], ["--preset", "openspiel"], preset("openspiel"), 1,
                           [("A", "B", "table", MatchRecord((deal,), ()))])
    other_rules = tmp_path / "r.jsonl"
    other_rules.write_text("\n".join(lines), encoding="utf-8")
    pooled = pool_deal_logs([table, outside, other_rules])
    assert [(p.key.protocol, p.rules[-1], len(p.record.deals)) for p in pooled] == [
        ("table", "modern-standard", 1), ("outside", "modern-standard", 1), ("table", "openspiel", 1)]


HEAD = json.loads(deal_log_lines([], RULES_ARGV, preset("modern-standard"), 1, [])[0])
DEAL = {"a": "A", "b": "B", "protocol": "table", "index": 0, "dealer": 0, "points": [[1, 0], [0, 2]], "held": [1, 1]}


def log_text(head: dict[str, object] | None = None, *rows: dict[str, object]) -> str:
    return "".join(json.dumps(r) + "\n" for r in (HEAD | (head or {}), *rows))


@pytest.mark.parametrize(("text", "needle"), [
    ("", "it is empty"),
    ("\n\n", "it is empty"),
    ('{"format": "other"}\n', "not a deal log"),
    (log_text({"version": 9}), "line 1: version 9"),
    (log_text({"version": True}), "line 1: version True"),
    (log_text({"seed": "1"}), "line 1: 'seed'"),
    (log_text({"rules": "modern"}), "line 1: 'rules'"),
    (log_text({"options": {"no_such_option": 1}}), "line 1: 'options'"),
    (log_text({"seats": 6}), "line 1: 'seats' and 'sides'"),
    (log_text() + '{"a": \n', "line 2: not a line of a deal log"),
    (log_text() + "[" * 100_000 + "\n", "line 2: not a line of a deal log"),
    (log_text() + '{"index": ' + "9" * 5000 + "}\n", "line 2: not a line of a deal log"),
    (log_text() + "[1]\n", "line 2: not a JSON object"),
    (log_text(None, DEAL | {"points": [[1]]}), "line 2: 'points'"),
    (log_text(None, DEAL | {"points": [[1, 0], [0, 2], [0, 0]], "held": [1, 1, 1]}), "line 2: 'points' must be 2 plays"),
    (log_text(None, DEAL | {"points": [[10**300, 0], [0, 0]]}), "line 2: 'points'"),
    (log_text(None, DEAL | {"points": [[True, 0], [0, 0]]}), "line 2: 'points'"),
    (log_text(None, DEAL | {"index": -1}), "line 2: 'index'"),
    (log_text(None, DEAL | {"dealer": 99}), "line 2: 'dealer' must be a seat 0..3"),
    (log_text(None, DEAL | {"held": [7, 9]}), r"line 2: 'held' must be .* \[1, 1\]"),
    (log_text(None, DEAL | {"a": ""}), "line 2: 'a' and 'b'"),
    (log_text(None, DEAL | {"protocol": "bogus"}), "line 2: 'protocol' must be one of table, outside"),
    (log_text(None, DEAL, HEAD), "line 3: another run's first line"),
])
def test_a_bad_deal_log_is_refused_naming_its_line(tmp_path: Path, text: str, needle: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(EuchreError, match=needle):
        read_deal_log(path)


def test_a_deal_log_with_a_byte_order_mark_crlf_and_blank_lines_is_read(tmp_path: Path) -> None:
    path = tmp_path / "edited.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + log_text(None, DEAL).replace("\n", "\r\n\r\n").encode())
    head, deals = read_deal_log(path)
    assert head["seed"] == 1 and [d.points for _, d in deals] == [((1, 0), (0, 2))]
    with pytest.raises(EuchreError, match="cannot read"):
        read_deal_log(tmp_path / "missing.jsonl")


def test_one_log_named_twice_or_logs_without_deals_are_refused(tmp_path: Path) -> None:
    one = write(tmp_path / "one.jsonl", 1, [DuplicateDeal(0, 0, ((2, 0), (0, 1)))])
    with pytest.raises(EuchreError, match="named twice"):
        pool_deal_logs([one, tmp_path / "." / "one.jsonl"])
    empty = write(tmp_path / "empty.jsonl", 1, [])
    with pytest.raises(EuchreError, match="hold no deal"):
        pool_deal_logs([empty])
    with pytest.raises(EuchreError, match="nothing to pool"):
        pool_deal_logs([])


def test_rules_spelled_otherwise_pool_together(tmp_path: Path) -> None:
    # --target 10 is modern-standard's own target: the same rules, given another way.
    deal = MatchRecord((DuplicateDeal(0, 0, ((1, 0), (0, 1))),), ())
    for name, argv, seed in (("plain", RULES_ARGV, 1), ("target", [*RULES_ARGV, "--target", "10"], 2)):
        lines = deal_log_lines([], argv, preset("modern-standard"), seed, [("A", "B", "table", deal)])
        (tmp_path / f"{name}.jsonl").write_text("\n".join(lines), encoding="utf-8")
    (p,) = pool_deal_logs([tmp_path / "plain.jsonl", tmp_path / "target.jsonl"])
    assert p.seeds == (1, 2) and len(p.record.deals) == 2


def test_the_arena_writes_the_deals_it_played_and_two_seeds_pool_to_both_runs(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rules = preset("modern-standard")
    bots = parse_bots("intermediate,random", rules)
    logs = []
    for seed in (1, 2):
        log = tmp_path / f"s{seed}.jsonl"
        code, out, _ = run(capsys, "arena", "--bots", "intermediate,random", "--deals", "3", "--seed", str(seed),
                           "--deals-out", str(log))
        assert code == 0 and f"--deals-out {log}" in out
        logs.append(log)
    head, _ = read_deal_log(logs[0])
    assert head["seed"] == 1 and head["rules"] == RULES_ARGV and "--deals-out" in head["command"]
    (p,) = pool_deal_logs(logs)
    played = [run_matches(rules, [(bots[0].factory, bots[1].factory)], deals=3, seed=s)[0] for s in (1, 2)]
    # The log keeps each deal's number, dealer, points and sides held (not its contracts).
    assert p.record.deals == tuple(DuplicateDeal(d.index, d.dealer, d.points, d.held) for r in played for d in r.deals)
    code, out, _ = run(capsys, "arena", "--bots", "intermediate,random", "--deals", "2", "--seed", "3",
                       "--protocol", "both", "--deals-out", str(tmp_path / "both.jsonl"))
    assert code == 0
    protocols = [json.loads(line)["protocol"] for line in (tmp_path / "both.jsonl").read_text().splitlines()[1:]]
    assert protocols == ["table", "table", "outside", "outside"]


def test_the_arena_refuses_a_deal_log_it_could_not_write_before_it_plays(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "arena", "--deals", "2", "--deals-out", str(tmp_path / "deals.json"))
    assert_one_line_error(code, err, ".jsonl")
    code, _, err = run(capsys, "arena", "--deals", "2", "--deals-out", str(tmp_path / "no" / "deals.jsonl"))
    assert_one_line_error(code, err, "no directory")
    code, _, err = run(capsys, "arena", "--deals", "0", "--games", "1", "--deals-out", str(tmp_path / "d.jsonl"))
    assert_one_line_error(code, err, "--deals-out", "--deals N")


def test_pool_arena_prints_the_pooled_figures(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    one = write(tmp_path / "one.jsonl", 1, [DuplicateDeal(0, 0, ((2, 0), (0, 1))), DuplicateDeal(1, 1, ((1, 0), (0, 2)))])
    two = write(tmp_path / "two.jsonl", 2, [DuplicateDeal(0, 0, ((4, 0), (0, 0)))])
    assert pool_arena.main([str(one), str(two)]) == 0
    out = capsys.readouterr().out
    assert "protocol table; seeds 1, 2" in out
    assert "A (A) against B (B): 3 duplicate deals = 6 hands" in out
    assert "70.0% of the points" in out and "+0.667 points" in out
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{}\n", encoding="utf-8")
    assert pool_arena.main([str(one), str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "not a deal log" in err and len(err.strip().splitlines()) == 1


def test_a_deal_log_name_the_system_refuses_is_one_line_before_the_run(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for name, needle in (("a" * 300 + ".jsonl", "cannot write the deal log"), (".jsonl", "must end in .jsonl"),
                         ("dir.jsonl/", "must end in .jsonl")):
        code, out, err = run(capsys, "arena", "--deals", "2", "--deals-out", f"{tmp_path}/{name}")
        assert_one_line_error(code, err, needle)
        assert "duplicate deals" not in out  # refused before a deal was played


def test_a_leftover_part_file_or_directory_does_not_stop_the_log(tmp_path: Path) -> None:
    (tmp_path / "p.jsonl.part").mkdir()
    (tmp_path / ".p.jsonl.part").write_text("mine", encoding="utf-8")
    write_deal_log(tmp_path / "p.jsonl", ["x"])
    assert (tmp_path / "p.jsonl").read_text(encoding="utf-8") == "x\n"
    assert (tmp_path / ".p.jsonl.part").read_text(encoding="utf-8") == "mine"
    assert sorted(f.name for f in tmp_path.iterdir()) == [".p.jsonl.part", "p.jsonl", "p.jsonl.part"]


@pytest.mark.parametrize(("umask", "mode"), [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_the_deal_log_gets_the_users_file_mode_not_a_temporary_files(tmp_path: Path, umask: int, mode: int) -> None:
    # Fault: the log was written through tempfile, whose files are always 0o600, so a
    # log written with umask 022 was unreadable to the user's group. A file made by
    # open() under the same umask is the control: both get 0o666 less the umask.
    old = os.umask(umask)
    try:
        write_deal_log(tmp_path / "p.jsonl", ["x"])
        (tmp_path / "control.txt").write_text("x", encoding="utf-8")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "p.jsonl").stat().st_mode) == mode
    assert stat.S_IMODE((tmp_path / "control.txt").stat().st_mode) == mode
    assert sorted(f.name for f in tmp_path.iterdir()) == ["control.txt", "p.jsonl"]  # no part file left


def test_a_table_of_three_players_round_trips_through_the_log(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "c3.jsonl"
    code, out, _ = run(capsys, "arena", "--preset", "cutthroat-3", "--bots", "intermediate,random", "--deals", "2",
                       "--seed", "4", "--deals-out", str(log))
    assert code == 0
    (p,) = pool_deal_logs([log])
    # Three players each for himself: six plays a deal, A alone in each seat, then B alone.
    assert [d.held for d in p.record.deals] == [(1, 1, 1, 2, 2, 2)] * 2
    assert pool_arena.main([str(log)]) == 0
    pooled_out = capsys.readouterr().out
    block = out[out.index("intermediate (A) against random (B)"):out.index("Deals:")]
    assert block.strip() in pooled_out


def test_pool_arena_pairs_the_protocols_and_prints_labels_as_they_are(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    t = [DuplicateDeal(0, 0, ((2, 0), (0, 1))), DuplicateDeal(1, 1, ((1, 0), (0, 1)))]
    o = [DuplicateDeal(0, 0, ((2, 0), (0, 0))), DuplicateDeal(1, 1, ((1, 0), (0, 2)))]
    lines = deal_log_lines([], RULES_ARGV, preset("modern-standard"), 1, [
        ("[bold]x", "B", "table", MatchRecord(tuple(t), ())), ("[bold]x", "B", "outside", MatchRecord(tuple(o), ()))])
    log = tmp_path / "both.jsonl"
    log.write_text("\n".join(lines), encoding="utf-8")
    assert pool_arena.main([str(log)]) == 0
    out = capsys.readouterr().out
    assert "[bold]x (A) against B (B)" in out
    # Margins a hand: table (2-1 + 1-1)/4 = +0.25, outside (2-0 + 1-2)/4 = +0.25; per deal
    # outside less table: deal 0 (2 - 1)/2 = +0.5, deal 1 (-1 - 0)/2 = -0.5: mean 0.
    assert "table +0.250, outside +0.250" in out and "outside less table +0.000" in out
    assert "over the 2 deals played under both" in out
