"""The arena's deal log (``euchre arena --deals-out``) and the pooling of runs
(``bench/pool_arena.py``, :mod:`euchre.analysis.deal_log`)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from euchre.analysis.deal_log import deal_log_lines, pool_deal_logs, read_deal_log
from euchre.analysis.duplicate import DuplicateDeal, MatchRecord, run_matches
from euchre.cli.arena import parse_bots, summarize
from euchre.core import preset
from euchre.core.errors import EuchreError

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

import pool_arena
from test_cli import assert_one_line_error, run

RULES_ARGV = ["--preset", "modern-standard"]


def write(path: Path, seed: int, deals: list[DuplicateDeal], protocol: str = "table") -> Path:
    lines = deal_log_lines(["euchre", "arena"], RULES_ARGV, seed, [("A", "B", protocol, MatchRecord(tuple(deals), ()))])
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


def test_pooled_figures_are_those_of_all_the_deals_worked_by_hand(tmp_path: Path) -> None:
    # Seed 1: A 2+0 and B 0+1 on deal 0, A 1+0 and B 0+2 on deal 1; seed 2: A 4, B 0.
    one = write(tmp_path / "one.jsonl", 1, [DuplicateDeal(0, 0, ((2, 0), (0, 1))), DuplicateDeal(1, 1, ((1, 0), (0, 2)))])
    two = write(tmp_path / "two.jsonl", 2, [DuplicateDeal(0, 0, ((4, 0), (0, 0)))])
    (p,) = pool_deal_logs([one, two])
    assert (p.key.a, p.key.b, p.key.protocol, p.key.rules) == ("A", "B", "table", tuple(RULES_ARGV))
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
    with pytest.raises(EuchreError, match=r"deal 0 of seed 1 .* other seeds"):
        pool_deal_logs([one, other])


def test_other_protocols_and_rules_are_pooled_apart(tmp_path: Path) -> None:
    table = write(tmp_path / "t.jsonl", 1, [DuplicateDeal(0, 0, ((2, 0), (0, 1)))])
    outside = write(tmp_path / "o.jsonl", 1, [DuplicateDeal(0, 0, ((1, 0), (0, 1)))], protocol="outside")
    deal = DuplicateDeal(0, 0, ((0, 1), (1, 0)))
    lines = deal_log_lines([], ["--preset", "openspiel"], 1, [("A", "B", "table", MatchRecord((deal,), ()))])
    other_rules = tmp_path / "r.jsonl"
    other_rules.write_text("\n".join(lines), encoding="utf-8")
    pooled = pool_deal_logs([table, outside, other_rules])
    assert [(p.key.protocol, p.key.rules[-1], len(p.record.deals)) for p in pooled] == [
        ("table", "modern-standard", 1), ("outside", "modern-standard", 1), ("table", "openspiel", 1)]


@pytest.mark.parametrize(("text", "needle"), [
    ("", "not a deal log"),
    ('{"format": "other"}\n', "not a deal log"),
    ('{"format": "euchre-arena-deals", "version": 9, "rules": [], "seed": 1}\n', "line 1: version 9"),
    ('{"format": "euchre-arena-deals", "version": 1, "rules": [], "seed": "1"}\n', "line 1: 'seed'"),
    ('{"format": "euchre-arena-deals", "version": 1, "rules": [], "seed": 1}\n{"a": \n', "line 2: not JSON"),
    ('{"format": "euchre-arena-deals", "version": 1, "rules": [], "seed": 1}\n[1]\n', "line 2: not a JSON object"),
    ('{"format": "euchre-arena-deals", "version": 1, "rules": [], "seed": 1}\n'
     '{"a": "A", "b": "B", "protocol": "table", "index": 0, "dealer": 0, "points": [[1]], "held": [1]}\n',
     "line 2: 'points'"),
    ('{"format": "euchre-arena-deals", "version": 1, "rules": [], "seed": 1}\n'
     '{"a": "A", "b": "B", "protocol": "table", "index": -1, "dealer": 0, "points": [[1, 0]], "held": [1]}\n',
     "line 2: 'index'"),
    ('{"format": "euchre-arena-deals", "version": 1, "rules": [], "seed": 1}\n'
     '{"a": "A", "b": "B", "protocol": "table", "index": 0, "dealer": 0, "points": [[1, 0]], "held": [1, 1]}\n',
     "line 2: 'held'"),
    ('{"format": "euchre-arena-deals", "version": 1, "rules": [], "seed": 1}\n'
     '{"a": "", "b": "B", "protocol": "table", "index": 0, "dealer": 0, "points": [[1, 0]], "held": [1]}\n',
     "line 2: 'a', 'b'"),
])
def test_a_bad_deal_log_is_refused_naming_its_line(tmp_path: Path, text: str, needle: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(EuchreError, match=needle):
        read_deal_log(path)
    with pytest.raises(EuchreError, match="cannot read"):
        read_deal_log(tmp_path / "missing.jsonl")


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
