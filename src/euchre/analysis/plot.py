"""A PNG of duplicate-match results: each pairing's point share with its 95% interval,
and the running share as the duplicate deals accumulate.

matplotlib is imported inside :func:`plot_shares` with the non-interactive ``Agg``
backend, so the rest of the package works without it and no display is needed.

Every plot counts its games, hands or deals in whole numbers from the first to the last
(:func:`count_axis`), and wraps its titles to lie inside the figure (:func:`lay_out`).
"""

from __future__ import annotations

import importlib.util
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from euchre.analysis.out_file import check_out_file
from euchre.core.errors import EuchreError, MissingExtraError


@dataclass(frozen=True)
class ShareBar:
    """One pairing's figures for the plot.

    Attributes:
        label: e.g. ``"intermediate vs beginner"``.
        share: side A's share of all points (0..1).
        low, high: the 95% interval of the share (0..1), or None when there is none.
        running: A's share of the points after each duplicate deal (0..1; deals with no
            points so far count as 0.5); may be empty.
    """

    label: str
    share: float
    low: float | None = None
    high: float | None = None
    running: Sequence[float] = field(default_factory=tuple)


DPI = 110
"""The PNG's dots per inch."""


def check_plot_path(path: str | Path) -> Path:
    """Check, before a long run, that a plot can be written to ``path``.

    Returns:
        ``path`` as a :class:`Path`.

    Raises:
        EuchreError: the name does not end in ``.png``, its directory does not exist or
            cannot be written, or the name is taken by something other than a file one
            can write (:func:`~euchre.analysis.out_file.check_out_file`);
            :class:`~euchre.core.errors.MissingExtraError` (one) when matplotlib, the
            plots extra, is not installed.
    """
    out = check_out_file(path, what="the plot", kind="a PNG file", suffix=".png")
    if importlib.util.find_spec("matplotlib") is None:
        raise MissingExtraError("a plot", "plots", "matplotlib")
    return out


def count_axis(axis: Any, last: int, first: int = 1) -> None:
    """Make ``axis`` (a matplotlib ``XAxis``) an axis of counts from ``first`` to ``last``
    (games, duplicate deals, hands, rated games): whole-number ticks only, at least one
    even when there is one count (matplotlib's default shows 0.945 to 1.050 around a
    single game), and a view half a count beyond each end, so the first and the last are
    inside it."""
    from matplotlib.ticker import MaxNLocator

    axis.set_major_locator(MaxNLocator(integer=True, min_n_ticks=1))
    axis.axes.set_xlim(first - 0.5, max(last, first) + 0.5)


TITLE_MARGIN = 6.0
"""Pixels kept free between a title and the figure's left and right edges."""


def fit_titles(fig: Any) -> None:
    """Wrap every title of ``fig`` (each axes' title and the figure's suptitle) onto as
    many lines as it needs to lie inside the figure, :data:`TITLE_MARGIN` pixels from
    each side, measured by the renderer where the title is centred (an axes' title over
    its axes, which may sit off the figure's centre): a long file name or preset cut the
    title at the figure's edges. Call it again after the layout moves the axes."""
    import textwrap

    from matplotlib.backends.backend_agg import FigureCanvasAgg

    if not isinstance(fig.canvas, FigureCanvasAgg):  # a Figure made without pyplot has no renderer
        FigureCanvasAgg(fig)
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    right = fig.bbox.width - TITLE_MARGIN
    titles = [ax.title for ax in fig.axes]
    if getattr(fig, "_suptitle", None) is not None:
        titles.append(fig._suptitle)
    for title in titles:
        text = " ".join(title.get_text().split())
        if not text:
            continue
        box = title.get_window_extent(renderer)
        centre = (box.x0 + box.x1) / 2
        room = 2 * min(centre - TITLE_MARGIN, right - centre)
        columns = len(text)
        while True:
            title.set_text(textwrap.fill(text, columns, break_long_words=True))
            box = title.get_window_extent(renderer)
            if box.width <= room or columns <= 8:
                break
            columns = max(8, min(columns - 1, int(columns * room / box.width)))


def lay_out(fig: Any) -> None:
    """Lay ``fig`` out (``tight_layout``) with its titles wrapped to fit
    (:func:`fit_titles`), before and after the layout moves the axes."""
    fit_titles(fig)
    fig.tight_layout()
    fit_titles(fig)
    fig.tight_layout()


def _save(fig: Any, out: Path) -> Path:
    """Lay out (:func:`lay_out`: titles wrapped to fit), write as PNG and close a
    matplotlib figure.

    Raises:
        EuchreError: the file cannot be written (the message gives the system's reason).
    """
    import matplotlib.pyplot as plt

    try:
        lay_out(fig)
        fig.savefig(out, format="png", dpi=DPI)
    except (OSError, ValueError) as exc:  # io.UnsupportedOperation (a pipe) is both
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise EuchreError(f"cannot write the plot {str(out)!r}: {reason}") from None
    finally:
        plt.close(fig)
    return out


def plot_shares(path: str | Path, bars: Sequence[ShareBar], title: str = "") -> Path:
    """Draw the pairings' point shares (and running shares, when given) to a PNG file.

    Args:
        path: the file to write (``.png``; overwritten).
        bars: one entry per pairing, drawn top to bottom in this order.
        title: the figure's title.

    Returns:
        The path written.

    Raises:
        EuchreError: no pairing, a path not ending in ``.png``, a missing directory, or
            matplotlib not installed.
    """
    if not bars:
        raise EuchreError("nothing to plot: no pairing")
    out = check_plot_path(path)
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    with_running = any(len(b.running) > 1 for b in bars)
    ncols = 2 if with_running else 1
    fig, axes = plt.subplots(1, ncols, figsize=(6.0 * ncols, max(3.2, 1.4 + 0.6 * len(bars))), squeeze=False)
    ax = axes[0][0]
    ys = list(range(len(bars)))[::-1]
    for y, bar in zip(ys, bars, strict=True):
        pct = 100 * bar.share
        if bar.low is not None and bar.high is not None:
            err = [[pct - 100 * bar.low], [100 * bar.high - pct]]
            ax.errorbar([pct], [y], xerr=err, fmt="o", capsize=4, color="tab:blue")
            text = f"{pct:.1f}% ({100 * bar.low:.1f}-{100 * bar.high:.1f})"
        else:
            ax.plot([pct], [y], "o", color="tab:blue")
            text = f"{pct:.1f}%"
        ax.annotate(text, (pct, y), textcoords="offset points", xytext=(0, 7), ha="center", fontsize=8)
    ax.axvline(50, color="grey", linestyle="--", linewidth=1)
    ax.set_yticks(ys, [b.label for b in bars])
    ax.set_ylim(-0.7, len(bars) - 0.3)
    ax.set_xlabel("side A's share of the points (%), 95% interval")
    lows = [100 * (b.low if b.low is not None else b.share) for b in bars]
    highs = [100 * (b.high if b.high is not None else b.share) for b in bars]
    ax.set_xlim(min(40.0, min(lows) - 8), max(60.0, max(highs) + 8))
    if with_running:
        ax2 = axes[0][1]
        for bar in bars:
            if len(bar.running) > 1:
                ax2.plot(range(1, len(bar.running) + 1), [100 * v for v in bar.running], label=bar.label, linewidth=1)
        ax2.axhline(50, color="grey", linestyle="--", linewidth=1)
        ax2.set_xlabel("duplicate deals")
        count_axis(ax2.xaxis, max(len(b.running) for b in bars))  # counts: no tick at 1.2 deals
        ax2.set_ylabel("A's running share (%)")
        ax2.legend(fontsize=7)
    if title:
        fig.suptitle(title, fontsize=10)
    return _save(fig, out)


def plot_losses(path: str | Path, losses: Mapping[str, Sequence[float]], title: str = "") -> Path:
    """Draw the points of expected value lost per hand, one group of bars per hand and
    one bar per player, to a PNG file (for ``euchre review --plot``).

    Args:
        path: the file to write (``.png``; overwritten).
        losses: ``{player label: [points lost in hand 1, hand 2, ...]}``, every list of
            the same length (the number of hands).
        title: the figure's title.

    Returns:
        The path written.

    Raises:
        EuchreError: nothing to plot, lists of different lengths, a path not ending in
            ``.png``, a missing directory, or matplotlib not installed.
    """
    if not losses:
        raise EuchreError("nothing to plot: no player")
    lengths = {len(v) for v in losses.values()}
    if len(lengths) != 1 or 0 in lengths:
        raise EuchreError("every player needs one loss per hand, and there must be at least one hand")
    out = check_plot_path(path)
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    hands = lengths.pop()
    width = 0.8 / len(losses)
    fig, ax = plt.subplots(figsize=(max(6.0, 0.45 * hands * max(1, len(losses)) / 2 + 2), 3.6))
    for i, (label, values) in enumerate(losses.items()):
        xs = [h + 1 - 0.4 + width * (i + 0.5) for h in range(hands)]
        ax.bar(xs, list(values), width=width, label=f"{label} ({sum(values):.2f} in all)")
    count_axis(ax.xaxis, hands)
    ax.set_xlabel("hand")
    ax.set_ylabel("points of expected value lost")
    ax.legend(fontsize=7)
    if title:
        ax.set_title(title, fontsize=10)
    return _save(fig, out)


def plot_results(path: str | Path, series: Mapping[str, Sequence[float]], title: str = "",
                 ylabel: str = "points won minus points lost, running total") -> Path:
    """Draw each series' running total over its games, one line per series (for
    ``euchre stats --plot``: points won minus points lost, game by game, per preset and
    bot level).

    Args:
        path: the file to write (``.png``; overwritten).
        series: ``{label: [the margin of game 1, game 2, ...]}`` (points for minus
            against, or what ``ylabel`` says); every list at least one long.
        title: the figure's title.
        ylabel: what the margin is, for the y axis.

    Returns:
        The path written.

    Raises:
        EuchreError: nothing to plot, an empty series, a path not ending in ``.png``, a
            missing directory, or matplotlib not installed.
    """
    if not series or any(not v for v in series.values()):
        raise EuchreError("nothing to plot: no finished game")
    out = check_plot_path(path)
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    fig, ax = plt.subplots(figsize=(7.0, 3.8))
    for label, values in series.items():
        running = []
        total = 0.0
        for v in values:
            total += v
            running.append(total)
        ax.plot(range(1, len(running) + 1), running, marker="o" if len(running) < 30 else None, label=label)
    ax.axhline(0, color="grey", linestyle="--", linewidth=1)
    ax.set_xlabel("games")
    count_axis(ax.xaxis, max(len(v) for v in series.values()))
    ax.yaxis.set_major_locator(MaxNLocator(integer=True, min_n_ticks=1))  # whole points
    ax.set_ylabel(ylabel, fontsize=8 if len(ylabel) > 45 else None)
    ax.legend(fontsize=7)
    if title:
        ax.set_title(title, fontsize=10 if "\n" not in title else 8)
    return _save(fig, out)
