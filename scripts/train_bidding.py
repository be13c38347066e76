"""Train the learned bidding (:mod:`euchre.bots.learned`) and write its model file.

Data: :func:`euchre.analysis.bidding_data.make_data`, deals ``0 .. deals-1`` with rounds
one and two recorded, then deals ``deals .. deals+round2_deals-1`` with round two only
(few hands reach round two, and its decisions are cheap to find); the heuristic plays
the cards in every seat, or with ``--play-worlds N`` PIMC over N worlds (searching
players, :func:`euchre.analysis.bidding_data.deal_rows`). Model per round:
scikit-learn's ``MLPRegressor`` (one hidden layer of rectified units, Adam, early
stopping on a tenth of the rows, ``random_state`` from the seed) on standardised
features; the weights are written rounded to 7 significant digits. The same command
makes the same file (the data exactly; the fit on the same versions of numpy and
scikit-learn)::

    .venv/bin/python scripts/train_bidding.py --preset modern-standard --deals 60000 \\
        --round2-deals 200000 --seed 1 --workers 2 --out src/euchre/data/bidding-modern-standard.json

Prints each round's rows, the mean squared error of the fit on held-out rows against
predicting each action's mean, and the file's SHA-256 (to record in
:data:`euchre.bots.learned.MODEL_SHA256`).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from euchre.analysis.bidding_data import make_data
from euchre.bots.learned import FEATURE_NAMES, ROUND_OUTPUTS

HIDDEN = 48
"""Units of the hidden layer."""


def _round(values: Any) -> Any:
    """Nested lists of floats at 7 significant digits."""
    array = np.asarray(values, dtype=np.float64)
    return [float(f"{v:.7g}") for v in array.ravel()] if array.ndim == 1 else [_round(r) for r in array]


def fit_round(x: np.ndarray, y: np.ndarray, seed: int, hidden: int = HIDDEN) -> tuple[dict[str, Any], dict[str, float]]:
    """One round's network and its held-out errors (the last tenth of the rows)."""
    from sklearn.neural_network import MLPRegressor  # only training needs scikit-learn
    from sklearn.preprocessing import StandardScaler

    cut = len(x) - len(x) // 10  # the last tenth held out; of the rest, a tenth for early stopping
    scaler = StandardScaler().fit(x[:cut])
    scale = np.where(scaler.scale_ > 0, scaler.scale_, 1.0)
    net = MLPRegressor(hidden_layer_sizes=(hidden,), alpha=1e-3, batch_size=min(256, cut - math.ceil(cut / 10)), learning_rate_init=1e-3,
                       max_iter=200, early_stopping=True, validation_fraction=0.1, n_iter_no_change=8,
                       random_state=seed)
    net.fit((x[:cut] - scaler.mean_) / scale, y[:cut])
    layer = {"mean": _round(scaler.mean_), "scale": _round(scale),
             "w1": _round(net.coefs_[0]), "b1": _round(net.intercepts_[0]),
             "w2": _round(net.coefs_[1]), "b2": _round(net.intercepts_[1])}
    held_x, held_y = x[cut:], y[cut:]
    pred = net.predict((held_x - scaler.mean_) / scale).reshape(held_y.shape)
    errors = {"model": float(np.mean((pred - held_y) ** 2)),
              "means": float(np.mean((y[:cut].mean(axis=0) - held_y) ** 2)),
              "iterations": float(net.n_iter_)}
    return layer, errors


def train(preset_name: str, deals: int, round2_deals: int, seed: int, workers: int = 1,
          command: str = "", hidden: int = HIDDEN, play_worlds: int = 0,
          save_data: Path | None = None) -> tuple[str, dict[int, dict[str, float]]]:
    """The model file's text and each round's rows and errors; with ``save_data`` the rows
    are also written there (numpy ``.npz``: ``x1, y1, mask1, x2, y2, mask2``)."""
    data = make_data(preset_name, 0, deals, seed, (1, 2), workers, play_worlds=play_worlds)
    if round2_deals:
        extra = make_data(preset_name, deals, deals + round2_deals, seed, (2,), workers, play_worlds=play_worlds)
        data[2].extend(extra[2])
    if save_data is not None:
        arrays = {f"{name}{r}": a for r in ROUND_OUTPUTS for name, a in zip(("x", "y", "mask"), data[r].arrays(), strict=True)}
        np.savez_compressed(save_data, **arrays)  # type: ignore[arg-type]
    rounds: dict[str, Any] = {}
    report: dict[int, dict[str, float]] = {}
    for round_no, outputs in ROUND_OUTPUTS.items():
        x, y, _ = data[round_no].arrays()
        layer, errors = fit_round(x, y, seed + round_no, hidden)
        rounds[str(round_no)] = {"outputs": list(outputs), **layer}
        report[round_no] = {"rows": float(len(x)), **errors}
    meta = {"deals": deals, "round2_deals": round2_deals, "seed": seed, "hidden": hidden, "command": command,
            **({"play_worlds": play_worlds} if play_worlds else {}),
            "rows": {str(r): int(v["rows"]) for r, v in report.items()}}
    text = json.dumps({"preset": preset_name, "features": list(FEATURE_NAMES), "rounds": rounds, "meta": meta},
                      separators=(",", ":"), sort_keys=True) + "\n"
    return text, report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--preset", default="modern-standard")
    parser.add_argument("--deals", type=int, default=60000)
    parser.add_argument("--round2-deals", type=int, default=200000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--hidden", type=int, default=HIDDEN)
    parser.add_argument("--play-worlds", type=int, default=0, help="0: the heuristic plays the cards; N: PIMC over N worlds")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--save-data", type=Path, help="also write the rows here (.npz)")
    args = parser.parse_args(argv)
    if args.play_worlds < 0:
        parser.error(f"--play-worlds is a whole number >= 0 (0: the heuristic plays the cards), not {args.play_worlds}")
    command = (f"scripts/train_bidding.py --preset {args.preset} --deals {args.deals} --round2-deals {args.round2_deals} "
               f"--seed {args.seed} --hidden {args.hidden}" + (f" --play-worlds {args.play_worlds}" if args.play_worlds else ""))
    start = time.perf_counter()
    text, report = train(args.preset, args.deals, args.round2_deals, args.seed, args.workers, command, args.hidden,
                         args.play_worlds, args.save_data)
    args.out.write_text(text, encoding="utf-8")
    for round_no, r in report.items():
        print(f"round {round_no}: {int(r['rows'])} rows, held-out mean squared error {r['model']:.4f} "
              f"(each action's mean: {r['means']:.4f}), {int(r['iterations'])} epochs")
    print(f"{args.out}: {len(text.encode())} bytes, SHA-256 {hashlib.sha256(text.encode()).hexdigest()}")
    print(f"{time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
