"""The scoring of ``bench/bench_card_worlds.py`` (docs/strength.md, "The sampling noise of
the card play"): schemes, the race's test of a close choice, the card chosen and its loss
against the oracle, on values worked by hand."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

from bench_card_worlds import (
    Scheme,
    card_choices,
    chosen,
    main,
    oracle_loss,
    parse_scheme,
    scheme_choice,
    world_values,
)
from euchre.core.actions import Action


def test_schemes_parse_and_bad_ones_are_refused() -> None:
    assert parse_scheme("100") == Scheme(100, 100, 0.0)
    assert parse_scheme("100-300/2") == Scheme(100, 300, 2.0)
    assert parse_scheme("100-300/2").label == "100-300/2" and parse_scheme("40").label == "40"
    for bad in ("0", "x", "100-50/2", "100-300/0", "100-300", "-5"):
        with pytest.raises(ValueError, match="scheme"):
            parse_scheme(bad)


def test_the_card_chosen_is_the_best_mean_and_its_loss_is_the_oracles_shortfall() -> None:
    cards = [4, 9, 13]
    rows = [[1.0, 2.0, 0.0], [1.0, 0.0, 0.0], [1.0, 2.0, 0.0]]  # means 1, 4/3, 0
    assert chosen(cards, rows, Action.play(4)) == 1
    # a tie (card 4 and card 9 both 1.0) goes to the heuristic's card, else the lowest
    tied = [[1.0, 1.0, 0.0]]
    assert chosen(cards, tied, Action.play(9)) == 1
    assert chosen(cards, tied, Action.play(13)) == 0
    assert oracle_loss([0.5, 0.25, -1.0], 1) == 0.25
    assert oracle_loss([0.5, 0.25, -1.0], 0) == 0.0


def test_a_race_draws_more_worlds_only_when_the_lead_is_within_z_standard_errors() -> None:
    # card 0 leads card 1 by 1, -1, 1, -1, 2, 2 a world: 1.31 standard errors
    # (tests/test_play_race.py works the test of a close choice by hand)
    rows = [[1.0, 0.0], [0.0, 1.0], [1.0, 0.0], [0.0, 1.0], [2.0, 0.0], [2.0, 0.0]]
    # the race: the first two worlds tie (difference 1, -1: close), so all eight decide,
    # where card 1 leads; a fixed scheme of two worlds keeps the tie's lowest card
    more = [*rows, [0.0, 3.0], [0.0, 3.0]]
    assert scheme_choice(Scheme(2, 8, 2.0), [6, 7], more, Action.PASS) == (1, 8)
    assert scheme_choice(Scheme(2, 2, 0.0), [6, 7], more, Action.PASS) == (0, 2)
    # not close: the first worlds alone decide
    clear = [[3.0, 0.0]] * 4 + [[0.0, 9.0]] * 4
    assert scheme_choice(Scheme(4, 8, 2.0), [6, 7], clear, Action.PASS) == (0, 4)


def test_the_choices_are_the_card_decisions_with_a_choice_and_the_worlds_agree_with_the_view() -> None:
    views = card_choices("openspiel", 1, 3)
    assert views and all(sum(a.is_play for a in v.legal) > 1 for v in views)
    cards, rows = world_values(views[0], 5, random.Random(1))
    assert cards == [a.card for a in views[0].legal if a.is_play]
    assert len(rows) == 5 and all(len(r) == len(cards) for r in rows)


def test_the_bench_runs_and_refuses_bad_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--hands", "1", "--oracle", "8", "--repeats", "1", "--schemes", "2,4,2-4/1", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "card choices in 1 hands" in out and "2-4/1 less loss than 2" in out
    # the first scheme plays the first scheme's card every time: 0.0% other cards
    assert "other card than 2" in out
    first_row = next(line for line in out.splitlines() if line.split() and line.split()[0] == "2")
    assert first_row.split()[-1] == "0.0%"
    for bad in (["--schemes", "4-2/1"], ["--hands", "0"], ["--preset", "nope"], ["--schemes", ","]):
        with pytest.raises(SystemExit):
            main(bad)


def test_a_heuristic_scheme_plays_the_heuristics_card_within_z_standard_errors() -> None:
    assert parse_scheme("100h1") == Scheme(100, 100, 0.0, 1.0)
    assert parse_scheme("100-300/2h0.5") == Scheme(100, 300, 2.0, 0.5)
    assert parse_scheme("100h1").label == "100h1" and parse_scheme("100-300/2h0.5").label == "100-300/2h0.5"
    for bad in ("100h", "100h0", "100h-1", "100hx", "100hnan"):
        with pytest.raises(ValueError, match="scheme"):
            parse_scheme(bad)
    # card 0 leads card 1 by 1, 1, 0 a world: 2.45 standard errors (tests/test_heuristic_z.py)
    rows = [[1.0, 0.0], [1.0, 0.0], [0.0, 0.0]]
    assert scheme_choice(Scheme(3, 3, 0.0, 3.0), [6, 7], rows, Action.play(7)) == (1, 3)
    assert scheme_choice(Scheme(3, 3, 0.0, 2.0), [6, 7], rows, Action.play(7)) == (0, 3)
    # the heuristic's card is the best already, or not a card: nothing changes
    assert scheme_choice(Scheme(3, 3, 0.0, 3.0), [6, 7], rows, Action.play(6)) == (0, 3)
    assert scheme_choice(Scheme(3, 3, 0.0, 3.0), [6, 7], rows, Action.PASS) == (0, 3)
