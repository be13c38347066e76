"""The plots the commands draw (euchre.analysis.plot: ``stats --plot``, ``review --plot``,
``arena --plot``): counts of games, hands and deals are whole numbers on their axis, over
a range that holds the first and the last, and every title lies inside the figure
(measured by matplotlib's renderer on the figure as written)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("matplotlib")

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

from euchre.analysis.plot import ShareBar, lay_out, plot_losses, plot_results, plot_shares

LONG_NAME = "Club_final_2026_table_three_second_game_with_the_annotations_of_the_coach.egn"


@pytest.fixture
def figures(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Any]]:
    """The figures the plot functions close, kept open to be measured (each as written:
    laid out and saved)."""
    kept: list[Any] = []
    close = plt.close
    monkeypatch.setattr(plt, "close", kept.append)
    yield kept
    for fig in kept:
        close(fig)


def visible_x_labels(ax: Any) -> list[str]:
    """The x tick labels drawn: those whose tick lies within the axis's view."""
    ax.figure.canvas.draw()
    low, high = ax.get_xlim()
    return [t.get_text() for t in ax.get_xticklabels() if low <= t.get_position()[0] <= high]


def visible_y_labels(ax: Any) -> list[str]:
    ax.figure.canvas.draw()
    low, high = ax.get_ylim()
    return [t.get_text() for t in ax.get_yticklabels() if low <= t.get_position()[1] <= high]


def whole(labels: list[str]) -> bool:
    """Every label a whole number (matplotlib writes minus as U+2212)."""
    return bool(labels) and all(label.replace("\u2212", "-").lstrip("-").isdigit() for label in labels)


def titles_inside(fig: Any) -> bool:
    """Every title (each axes' and the suptitle) lies inside the figure: its box, as the
    renderer draws it, within the figure's width and height."""
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    texts = [ax.title for ax in fig.axes if ax.title.get_text()]
    if fig._suptitle is not None:
        texts.append(fig._suptitle)
    assert texts, "no title to measure"
    for text in texts:
        box = text.get_window_extent(renderer)
        if box.x0 < 0 or box.x1 > fig.bbox.width or box.y0 < 0 or box.y1 > fig.bbox.height:
            return False
    return True


def letters(text: str) -> str:
    """``text`` without its spaces and line breaks (a word longer than a line is broken)."""
    return "".join(text.split())


def words(fig: Any) -> str:
    """The titles' letters, the lines joined again (:func:`letters`)."""
    texts = [ax.title.get_text() for ax in fig.axes if ax.title.get_text()]
    if fig._suptitle is not None:
        texts.append(fig._suptitle.get_text())
    return letters(" ".join(texts))


def test_regression_stats_plot_of_one_game_labelled_its_axis_0_945_to_1_050(tmp_path: Path,
                                                                           figures: list[Any]) -> None:
    """``stats --plot`` with one game per rule set labelled the games' axis 0.945, 0.960,
    ..., 1.050 (matplotlib's ticks around a single x even with an integer locator): the
    axis shows game 1 alone, from 0.5 to 1.5, and the margins (3 and -2 points) whole
    numbers. Positive control: matplotlib's own ticks of that figure are fractions."""
    plot_results(tmp_path / "one.png", {"modern-standard, intermediate": [3], "progressive-party, beginner": [-2]},
                 title="euchre play: running margin per game")
    (fig,) = figures
    ax = fig.axes[0]
    assert visible_x_labels(ax) == ["1"] and ax.get_xlim() == (0.5, 1.5)
    assert whole(visible_y_labels(ax)) and "3" in visible_y_labels(ax) and "\u22122" in visible_y_labels(ax)
    control, cax = plt.subplots()
    cax.plot([1], [3], marker="o")
    assert not whole(visible_x_labels(cax))
    figures.append(control)


def test_a_stats_plot_of_many_games_counts_them_in_whole_numbers(tmp_path: Path, figures: list[Any]) -> None:
    """Twelve games and three: the axis runs from 0.5 to 12.5, every label whole."""
    plot_results(tmp_path / "many.png", {"a": [1, -2, 2, 1, 1, -1, 2, 2, -4, 1, 1, 1], "b": [2, 2, -1]})
    ax = figures[0].axes[0]
    assert ax.get_xlim() == (0.5, 12.5) and whole(visible_x_labels(ax)) and "12" in visible_x_labels(ax)


def test_regression_review_plot_cut_its_title(tmp_path: Path, figures: list[Any]) -> None:
    """``review --plot`` of a file with a long name cut the title at the figure's edges:
    it is wrapped onto lines that lie inside the figure, every letter kept; the hands are
    whole numbers 1 and 2. Positive control: the same title on one line, laid out alone,
    runs past the edges."""
    title = f"Points of expected value lost per hand: {LONG_NAME}"
    plot_losses(tmp_path / "review.png", {"North Ann": [0.1, 0.2], "East Bob": [0.0, 0.5]}, title=title)
    (fig,) = figures
    assert titles_inside(fig) and words(fig) == letters(title) and "\n" in fig.axes[0].title.get_text()
    assert visible_x_labels(fig.axes[0]) == ["1", "2"]
    control, cax = plt.subplots(figsize=(6.0, 3.6))
    cax.set_title(title, fontsize=10)
    control.tight_layout()
    assert not titles_inside(control)
    lay_out(control)
    assert titles_inside(control) and words(control) == letters(title)
    figures.append(control)


def test_arena_plot_titles_inside_and_deals_whole(tmp_path: Path, figures: list[Any]) -> None:
    """The arena's figure title (a suptitle over one or two panels) lies inside the
    figure; the running share's axis counts two duplicate deals as 1 and 2."""
    title = ("Duplicate arena, modern-standard-with-a-long-house-rule-name, 2 duplicate deals per pairing, "
             "seed 123456789")
    plot_shares(tmp_path / "two.png", [ShareBar("expert vs intermediate", 0.55, 0.5, 0.6, (0.5, 0.6))], title=title)
    plot_shares(tmp_path / "one.png", [ShareBar("expert vs intermediate", 0.55, 0.5, 0.6, (0.5,))], title=title)
    two, one = figures
    assert titles_inside(two) and titles_inside(one) and words(one) == letters(title)
    assert visible_x_labels(two.axes[1]) == ["1", "2"] and two.axes[1].get_xlim() == (0.5, 2.5)


def test_the_rating_plot_counts_rated_games_from_0_and_fits_its_title(monkeypatch: pytest.MonkeyPatch) -> None:
    """A player's rating over his rated games (the server's /players page): with none yet
    only the start, game 0, was labelled -0.055 to 0.055; it is 0 alone, and two games
    are 0, 1, 2. A long name and preset wrap inside the figure."""
    pytest.importorskip("openskill")
    from matplotlib.figure import Figure

    from euchre.server.ratings import plot_png

    drawn: list[Any] = []
    save = Figure.savefig

    def keep(fig: Any, *args: Any, **kwargs: Any) -> Any:
        drawn.append(fig)
        return save(fig, *args, **kwargs)

    monkeypatch.setattr(Figure, "savefig", keep)
    name = "A rather long player name, Esq."
    assert plot_png(name, "modern-standard with farmers_hand=true and stick the dealer", [])[:4] == b"\x89PNG"
    plot_png("Ann", "modern-standard", [(1.0, 26.0, 7.5), (2.0, 27.0, 7.0)])
    none, two = drawn
    assert visible_x_labels(none.axes[0]) == ["0"] and none.axes[0].get_xlim() == (-0.5, 0.5)
    assert titles_inside(none) and words(none) == letters(f"{name}: modern-standard with farmers_hand=true and stick "
                                                             "the dealer")
    assert visible_x_labels(two.axes[0]) == ["0", "1", "2"]
