"""The scoring of ``bench/bench_bidding_calibration.py`` (docs/strength.md, "Bidding values
from searching players"): the action each model would choose, and the refitted output
layer, on values worked by hand."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

from bench_bidding_calibration import chosen_outcomes, fit_head, hidden_of
from euchre.bots.learned import Layer


def test_chosen_outcomes_take_the_played_out_action_of_highest_value() -> None:
    predicted = np.array([[1.0, 2.0, 9.0], [3.0, 0.0, 0.0], [5.0, 5.0, 0.0], [7.0, 1.0, 0.0]])
    outcomes = np.array([[10.0, 20.0, 99.0], [30.0, 40.0, 0.0], [50.0, 60.0, 0.0], [70.0, 80.0, 0.0]])
    mask = np.array([[1, 1, 0], [1, 1, 1], [1, 1, 0], [1, 0, 0]])
    # row 0: output 2 was not played out, so 1 (20); row 1: output 0 (30); row 2: a tie
    # goes to the earlier output (50); row 3: one action played out, left out
    assert chosen_outcomes(predicted, outcomes, mask).tolist() == [20.0, 30.0, 50.0]


def test_fit_head_recovers_an_output_layer_that_fits_exactly() -> None:
    rng = np.random.default_rng(1)
    width, hidden = 5, 4
    layer = Layer(mean=np.zeros(width), scale=np.ones(width), w1=rng.normal(size=(width, hidden)),
                  b1=np.full(hidden, 0.5), w2=np.zeros((hidden, 2)), b2=np.zeros(2), outputs=("pass", "order"))
    x = rng.normal(size=(400, width))
    true_w2 = np.array([[1.0, -2.0], [0.5, 0.0], [0.0, 3.0], [-1.0, 1.0]])
    true_b2 = np.array([0.25, -0.75])
    y = hidden_of(layer, x) @ true_w2 + true_b2
    mask = np.ones_like(y, dtype=np.int8)
    w2, b2 = fit_head(layer, x, y, mask, ridge=0.0)
    assert np.allclose(w2, true_w2, atol=1e-8) and np.allclose(b2, true_b2, atol=1e-8)
    # rows where an action was not played out do not count towards its fit
    y_noisy = y.copy()
    y_noisy[:100, 1] += 50.0
    mask[:100, 1] = 0
    w2, b2 = fit_head(layer, x, y_noisy, mask, ridge=0.0)
    assert np.allclose(w2[:, 1], true_w2[:, 1], atol=1e-8) and np.isclose(b2[1], true_b2[1])
