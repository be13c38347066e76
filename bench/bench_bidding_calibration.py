"""Benchmark: how well a learned bidding model predicts the outcomes of hands played by
other players than those of its data (issue 37: bidding values from searching players).

Reads rows written by ``scripts/train_bidding.py --save-data`` (an ``.npz``: the
features, every action's outcome and which outcomes were played out, by round) and
scores bidding models on them, on the last tenth of the rows (the tenth the script holds
out of its fit):

- each model file given, as it is, and with the ``expert`` level's call bias
  (:data:`euchre.bots.rollout_settings.EXPERT_CALL_BIAS` added to every call);
- ``offset``: the first model with each output moved by its mean error on the other nine
  tenths (one number per action);
- ``head``: the first model's hidden layer kept, its output layer fitted again to the
  other nine tenths by ridge regression (``--ridge``), each action on the rows where it
  was played out; ``--write-head PATH`` writes that model as a model file.

Prints, per round and action, the rows played out, the mean outcome, each model's mean
error (prediction less outcome: above 0 the model values the action more than the
outcomes do) and its mean squared error; then each model's mean squared error over all
played-out outcomes of the round, and the worth of its choices: every legal action of a
row was played out, so the mean outcome of the action each model would choose (the
legal output of highest value) is what its bidding makes of those rows, and its
difference from the first model's, row by row, has a standard error (the choices' worth
with the heuristic bidding the seats after it and the data's players playing the
cards)::

    .venv/bin/python bench/bench_bidding_calibration.py --data rows.npz --preset openspiel \\
        --models src/euchre/data/bidding-openspiel.json,new.json
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from euchre.bots.learned import ROUND_OUTPUTS, Layer, parse_model
from euchre.bots.rollout_settings import EXPERT_CALL_BIAS

Array = NDArray[np.float64]


def hidden_of(layer: Layer, x: Array) -> Array:
    """The hidden units of ``layer`` for features ``x`` (N, WIDTH): shape (N, H)."""
    out: Array = np.maximum((x - layer.mean) / layer.scale @ layer.w1 + layer.b1, 0.0)
    return out


def fit_head(layer: Layer, x: Array, y: Array, mask: Array, ridge: float) -> tuple[Array, Array]:
    """The output layer ``(w2, b2)`` refitted on ``layer``'s hidden units: per output, ridge
    regression on the rows where that output's action was played out (an output with no
    such row keeps its weights)."""
    hidden = hidden_of(layer, x)
    design = np.hstack([hidden, np.ones((len(hidden), 1))])
    w2, b2 = layer.w2.copy(), layer.b2.copy()
    penalty = ridge * np.eye(design.shape[1])
    penalty[-1, -1] = 0.0  # the bias is not shrunk
    for j in range(y.shape[1]):
        rows = mask[:, j] == 1
        if rows.sum() < design.shape[1]:
            continue
        a = design[rows]
        coef = np.linalg.solve(a.T @ a + penalty * rows.sum(), a.T @ y[rows, j])
        w2[:, j], b2[j] = coef[:-1], coef[-1]
    return w2, b2


def chosen_outcomes(predicted: Array, outcomes: Array, mask: Array) -> Array:
    """Per row, the outcome of the played-out action of highest predicted value (the
    earlier output on a tie); rows with fewer than two played-out actions are left out."""
    rows = mask.sum(axis=1) >= 2
    values = np.where(mask == 1, predicted, -np.inf)[rows]
    choice = values.argmax(axis=1)
    out: Array = outcomes[rows][np.arange(len(choice)), choice]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--preset", default="openspiel", help="the rules of the data: every model must be of them")
    parser.add_argument("--models", required=True, help="comma-separated model files; the first is refitted")
    parser.add_argument("--ridge", type=float, default=1e-3)
    parser.add_argument("--write-head", type=Path)
    args = parser.parse_args(argv)
    data = np.load(args.data)
    paths = args.models.split(",")
    models = [parse_model(Path(p).read_text(encoding="utf-8")) for p in paths]
    for path, model in zip(paths, models, strict=True):
        if model.preset != args.preset:
            parser.error(f"{path} is a model of {model.preset}, not of --preset {args.preset}")
    first_text = json.loads(Path(paths[0]).read_text(encoding="utf-8"))
    for round_no, outputs in ROUND_OUTPUTS.items():
        x, y, mask = data[f"x{round_no}"], data[f"y{round_no}"], data[f"mask{round_no}"]
        cut = len(x) - len(x) // 10
        calls = np.array([0.0 if name == "pass" else 1.0 for name in outputs])
        base = models[0].rounds[round_no]
        predictions: dict[str, Array] = {}
        for path, model in zip(paths, models, strict=True):
            layer = model.rounds[round_no]
            predictions[Path(path).name] = layer.predict(x[cut:])
            predictions[Path(path).name + f" {EXPERT_CALL_BIAS:+}"] = layer.predict(x[cut:]) + EXPERT_CALL_BIAS * calls
        fitted = base.predict(x[:cut])
        offset = np.array([np.mean((fitted - y[:cut])[mask[:cut, j] == 1, j]) if (mask[:cut, j] == 1).any() else 0.0
                           for j in range(len(outputs))])
        predictions["offset"] = base.predict(x[cut:]) - offset
        w2, b2 = fit_head(base, x[:cut], y[:cut], mask[:cut], args.ridge)
        predictions["head"] = hidden_of(base, x[cut:]) @ w2 + b2
        if args.write_head is not None:
            first_text["rounds"][str(round_no)]["w2"] = [[float(f"{v:.7g}") for v in row] for row in w2]
            first_text["rounds"][str(round_no)]["b2"] = [float(f"{v:.7g}") for v in b2]
        held_y, held_mask = y[cut:], mask[cut:]
        print(f"round {round_no}: {len(x)} rows, {len(x) - cut} held out")
        for j, name in enumerate(outputs):
            rows = held_mask[:, j] == 1
            if not rows.any():
                continue
            cells = ", ".join(f"{key} {np.mean(p[rows, j] - held_y[rows, j]):+.3f}/{np.mean((p[rows, j] - held_y[rows, j]) ** 2):.3f}"
                              for key, p in predictions.items())
            print(f"  {name}: {int(rows.sum())} played out, mean outcome {held_y[rows, j].mean():+.3f}; error/squared: {cells}")
        first_worth: Array | None = None
        for key, p in predictions.items():
            err = (p - held_y)[held_mask == 1]
            worth = chosen_outcomes(p, held_y, held_mask)
            if first_worth is None:
                first_worth = worth
            diff = worth - first_worth
            se = diff.std(ddof=1) / np.sqrt(len(diff)) if len(diff) > 1 else 0.0
            print(f"  all actions, {key}: mean error {err.mean():+.4f}, mean squared error {np.mean(err ** 2):.4f}; "
                  f"its choices' outcome {worth.mean():+.4f}, less the first's {diff.mean():+.4f} (+/- {1.96 * se:.4f})")
    if args.write_head is not None:
        first_text.setdefault("meta", {})["head_refit"] = {"data": str(args.data), "ridge": args.ridge}
        text = json.dumps(first_text, separators=(",", ":"), sort_keys=True) + "\n"
        parse_model(text)
        args.write_head.write_text(text, encoding="utf-8")
        print(f"wrote {args.write_head}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
