"""Where a duplicate margin comes from (:mod:`euchre.analysis.sources`): each class of
deal worked by hand from its two contracts, the classes' parts of a hand-made match's
margin, the contracts a duplicate deal records, and ``euchre arena --sources``."""

from __future__ import annotations

import functools
import re

import pytest

from euchre.analysis.duplicate import DuplicateDeal, play_duplicate_deal, run_matches
from euchre.analysis.sources import (
    A_BOTH,
    A_CALLED,
    B_BOTH,
    B_CALLED,
    PASSED_OUT,
    SAME_CONTRACT,
    SAME_MAKERS,
    SOURCES,
    Contract,
    margin_sources,
    source_of,
)
from euchre.bots import make_bot
from euchre.core.errors import EuchreError
from euchre.core.presets import preset
from euchre.core.seats import FOUR_HANDED
from test_cli import assert_fits, assert_one_line_error, run

N, E, S, W = range(4)
HEARTS, SPADES = 1, 3
NOBODY = Contract(None, None, None, None)


def made(seat: int, trump: int = HEARTS, alone: int | None = None, defender_alone: int | None = None) -> Contract:
    return Contract(seat, trump, alone, defender_alone)


# A holds North-South in the first play and East-West in the second.
@pytest.mark.parametrize(("first", "second", "source"), [
    (made(N), made(N), SAME_CONTRACT),
    (made(W, SPADES, alone=W), made(W, SPADES, alone=W), SAME_CONTRACT),
    (NOBODY, NOBODY, PASSED_OUT),
    (made(N), made(S), SAME_MAKERS),                      # the partner made it the second time
    (made(N), made(N, SPADES), SAME_MAKERS),              # another trump
    (made(N), made(N, alone=N), SAME_MAKERS),             # alone the second time
    (made(E), made(E, defender_alone=N), SAME_MAKERS),    # a lone defender the second time
    (made(N), NOBODY, A_CALLED),      # A made it with North's cards; B held them and passed
    (NOBODY, made(E), A_CALLED),      # B passed with East's cards; A held them and made it
    (NOBODY, made(S), B_CALLED),      # A passed with South's cards; B made it with them
    (made(W), NOBODY, B_CALLED),
    (made(N), made(E), A_BOTH),       # A made trump holding either side's cards
    (made(S), made(W, SPADES), A_BOTH),
    (made(E), made(N), B_BOTH),
])
def test_each_class_from_the_two_contracts(first: Contract, second: Contract, source: str) -> None:
    assert source_of((first, second), FOUR_HANDED) == source


def test_the_two_handed_table_has_one_player_a_side() -> None:
    table = preset("two-handed").table
    assert source_of((made(0), made(1)), table) == A_BOTH
    assert source_of((made(1), NOBODY), table) == B_CALLED


@pytest.mark.parametrize(("contracts", "table", "needle"), [
    ((made(N),), FOUR_HANDED, "not 1 plays"),
    ((made(N), made(N), made(N)), FOUR_HANDED, "not 3 plays"),
    ((made(N), made(N)), preset("cutthroat-3").table, "not 3"),
    ((made(7), made(N)), FOUR_HANDED, "not 7"),
    ((made(N, alone=E), made(N)), FOUR_HANDED, "not on the maker's side"),
    ((made(N, defender_alone=S), made(N)), FOUR_HANDED, "on the maker's side"),
    ((made(2), made(0)), preset("two-handed").table, "not 2"),
    (None, FOUR_HANDED, "list or tuple of Contract"),
    ("ab", FOUR_HANDED, "list or tuple of Contract"),
    ((made(N), None), FOUR_HANDED, "list or tuple of Contract"),
    (((0, 1, None, None),) * 2, FOUR_HANDED, "list or tuple of Contract"),
    ((made(N), made(N)), preset("modern-standard"), "a Table"),
    ((made(N), made(N)), None, "a Table"),
])
def test_bad_input_is_refused(contracts: object, table: object, needle: str) -> None:
    with pytest.raises(EuchreError, match=needle):
        source_of(contracts, table)  # type: ignore[arg-type]


@pytest.mark.parametrize("fields", [
    (True, HEARTS, None, None), (1.0, HEARTS, None, None), ("0", HEARTS, None, None), (-1, HEARTS, None, None),
    (N, 5, None, None), (N, HEARTS, 1.5, None), (None, None, N, None), (None, None, None, E),
])
def test_a_contract_of_wrong_fields_is_refused(fields: tuple[object, ...]) -> None:
    with pytest.raises(EuchreError):
        Contract(*fields)  # type: ignore[arg-type]
    with pytest.raises(EuchreError, match="HandResult"):
        Contract.of(None)  # type: ignore[arg-type]


def deal(index: int, points: tuple[tuple[int, int], ...], contracts: tuple[Contract, ...]) -> DuplicateDeal:
    return DuplicateDeal(index, index % 4, points, (1, 1), contracts)


def test_the_parts_of_a_hand_made_margin() -> None:
    deals = [
        deal(0, ((2, 0), (0, 1)), (made(N), made(N))),   # same contract: A +2, B +1 -> (2 - 1) / 2 = +0.5 a hand
        deal(1, ((1, 0), (0, 0)), (made(N), NOBODY)),    # A called: +0.5
        deal(2, ((0, 1), (0, 2)), (made(E), made(N))),   # B made at both: (0 - 3) / 2 = -1.5
        deal(3, ((0, 0), (0, 0)), (NOBODY, NOBODY)),     # passed out: 0
        deal(4, ((4, 0), (0, 2)), (made(S, alone=S), made(S))),  # same makers: (4 - 2) / 2 = +1.0
    ]
    assert [d.margin for d in deals] == [0.5, 0.5, -1.5, 0.0, 1.0]
    figures = {f.source: f for f in margin_sources(deals, FOUR_HANDED)}
    assert list(figures) == list(SOURCES)
    expected = {SAME_CONTRACT: (1, 0.5), A_CALLED: (1, 0.5), B_BOTH: (1, -1.5), PASSED_OUT: (1, 0.0),
                SAME_MAKERS: (1, 1.0), B_CALLED: (0, 0.0), A_BOTH: (0, 0.0)}
    for source, (count, mean) in expected.items():
        f = figures[source]
        assert (f.deals, f.share, f.mean) == (count, count / 5, mean), source
        assert f.contribution == pytest.approx(count * mean / 5), source
    # The whole margin: (0.5 + 0.5 - 1.5 + 0 + 1.0) / 5 = +0.1 a hand.
    assert sum(f.contribution for f in figures.values()) == pytest.approx(0.1)
    # A class with one deal of five: the parts are (0.5, 0, 0, 0, 0); their mean 0.1, s = sqrt(0.05).
    low, high = figures[SAME_CONTRACT].contribution_ci or (0.0, 0.0)
    assert (high - low) / 2 == pytest.approx(1.96 * 0.05 ** 0.5 / 5 ** 0.5, rel=1e-4)  # z = 1.95996


@pytest.mark.parametrize(("deals", "needle"), [
    ([DuplicateDeal(0, 0, ((1, 0), (0, 1)))], "without its contracts"),
    ([], "at least one"),
    ([DuplicateDeal(0, 0, ((1, 0), (0, 1)), (2, 2), (made(N), made(N)))], "held"),  # would halve every margin
    ([DuplicateDeal(0, 0, ((1, 0), (0, 1)), (0, 0), (made(N), made(N)))], "held"),  # would divide by 0
    ([DuplicateDeal(0, 0, ((1, 0),), (1,), (made(N),))], "held"),
    (iter([DuplicateDeal(0, 0, ((1, 0), (0, 1)), (1, 1), (made(N), made(N)))]), "list or tuple"),
    (DuplicateDeal(0, 0, ((1, 0), (0, 1)), (1, 1), (made(N), made(N))), "list or tuple"),
    ([None], "list or tuple"),
])
def test_bad_deals_are_refused(deals: object, needle: str) -> None:
    with pytest.raises(EuchreError, match=needle):
        margin_sources(deals, FOUR_HANDED)  # type: ignore[arg-type]


def test_a_duplicate_deal_records_each_plays_contract() -> None:
    rules = preset("modern-standard")
    one = play_duplicate_deal(rules, functools.partial(make_bot, "intermediate"),
                              functools.partial(make_bot, "beginner"), 5, 0)
    assert len(one.contracts) == 2
    for (a, b), contract in zip(one.points, one.contracts, strict=True):
        if contract.maker is None:  # nobody made trump: no points (no stick the dealer)
            assert (a, b, contract.trump, contract.alone) == (0, 0, None, None)
        else:
            assert a + b > 0 and contract.trump is not None


def test_the_same_bot_on_both_sides_bids_every_deal_alike() -> None:
    # Each seat's bot has the same seed in both plays, so the same level on both sides
    # reaches the same contract at both tables: every deal is the card play's or passed
    # out, and the margin is 0. The positive control: a weaker side differs somewhere.
    rules = preset("modern-standard")
    same, other = run_matches(rules, [(functools.partial(make_bot, "intermediate"),) * 2,
                                      (functools.partial(make_bot, "intermediate"), functools.partial(make_bot, "random"))],
                              deals=30, seed=2)
    figures = {f.source: f for f in margin_sources(same.deals, rules.table)}
    assert figures[SAME_CONTRACT].deals + figures[PASSED_OUT].deals == 30
    assert all(f.contribution == 0 for f in figures.values())
    differing = {f.source: f.deals for f in margin_sources(other.deals, rules.table)}
    assert differing[SAME_CONTRACT] + differing[PASSED_OUT] < 30


def test_arena_sources_prints_the_parts_adding_up_to_the_margin(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "arena", "--bots", "intermediate,random", "--deals", "30", "--seed", "4", "--sources")
    assert code == 0, err
    margin = re.search(r"A's margin per hand\s+([+-]\d\.\d{3}) points", out)
    assert margin is not None, out
    rows = {}
    for line in out.splitlines():
        m = re.match(r"\s+(\S.*?\S)\s+(\d+)\s+([\d.]+)%\s+([+-]\d\.\d{3}|-)\s+([+-]\d\.\d{3}|-)", line)
        if m:  # an empty class shows "-" for its part
            rows[m.group(1)] = (int(m.group(2)), 0.0 if m.group(5) == "-" else float(m.group(5)))
    assert list(rows) == [*SOURCES, "all"], out
    assert sum(n for n, _ in list(rows.values())[:-1]) == 30 == rows["all"][0]
    assert sum(part for _, part in list(rows.values())[:-1]) == pytest.approx(float(margin.group(1)), abs=0.004)
    assert rows["all"][1] == float(margin.group(1))
    assert "--sources" in out.splitlines()[-1]
    assert_fits(out.rsplit("Command:", 1)[0])  # the command line is one line, to copy
    assert re.search(r"[+-]\d\.\d{3} to [+-]\d\.\d{3}", out.split("Where", 1)[1])  # 30 deals: intervals


def test_arena_sources_shows_no_interval_over_fewer_than_ten_deals(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "arena", "--bots", "intermediate,random", "--deals", "4", "--seed", "4", "--sources")
    assert code == 0, err
    table = out.split("Where", 1)[1]
    assert " to " not in table.split("Command:")[0]
    assert "no interval: fewer than 10 duplicate deals" in table


@pytest.mark.parametrize(("argv", "needle"), [
    (("--preset", "cutthroat-3", "--bots", "intermediate,random", "--deals", "2"), "tables of two sides"),
    (("--bots", "intermediate,random", "--deals", "0", "--games", "1"), "give --deals"),
])
def test_arena_sources_refused_where_it_cannot_split(capsys: pytest.CaptureFixture[str], argv: tuple[str, ...],
                                                     needle: str) -> None:
    code, _, err = run(capsys, "arena", *argv, "--sources")
    assert_one_line_error(code, err, "--sources", needle)
