"""Experiment plots draw what they claim (Agg backend, no display)."""

from __future__ import annotations

from collections.abc import Iterator

import matplotlib
import numpy as np
import pytest
from test_experiments_toy import toy

import lab

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


@pytest.fixture(autouse=True)
def _close_figures() -> Iterator[None]:
    yield
    plt.close("all")


def test_length_distribution_of_a_comparison_draws_both_variants() -> None:
    c = lab.compare(toy(), {"goal": 20}, n_games=200, seed=1)
    ax = lab.plot_lengths(c)
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert len(labels) == 2 and labels[0].startswith("A: goal=12") and labels[1].startswith("B: goal=20")
    assert len(ax.patches) == 2  # one step histogram per run
    ax2 = lab.plot_lengths({"x": c.a}, column="turns")
    assert ax2.get_xlabel() == "turns"
    with pytest.raises(ValueError, match="no run has a column"):
        lab.plot_lengths(c.a, column="nothing")


def test_win_rate_bars_carry_wilson_error_bars() -> None:
    df = lab.simulate(toy(players=3), n_games=300, seed=0)
    ax = lab.plot_win_rates(df)
    bars = [p for p in ax.patches]
    assert len(bars) == 3
    heights = np.array([b.get_height() for b in bars])
    wins = lab.summarize(df)["seats"]
    assert np.allclose(heights, [s["win_rate"] for s in wins])
    caps = [c for c in ax.containers if hasattr(c, "errorbar") and c.errorbar is not None]
    assert caps, "no error bars"


def test_sweep_curve_has_one_line_per_hue_and_saves() -> None:
    tidy = lab.sweep(toy(), {"goal": [6, 12], "strict": [False, True]}, n_games=60, seed=0)
    ax = lab.plot_sweep(tidy, "length_actions")
    assert ax.get_xlabel() == "goal" and len(ax.get_legend().get_texts()) == 2
    with pytest.raises(ValueError, match="not in the sweep"):
        lab.plot_sweep(tidy, "nonsense")
    with pytest.raises(ValueError, match="not a swept parameter"):
        lab.plot_sweep(tidy, "length_actions", x="players")


def test_skill_and_clause_plots() -> None:
    table = lab.skill_vs_luck(toy(), {"goal": [4, 20]}, n_games=60, seed=0)
    ax = lab.plot_skill(table)
    assert len(ax.patches) == 2
    ax = lab.plot_clauses(lab.simulate(toy(strict=True), n_games=50, seed=0), top=3)
    assert [t.get_text() for t in ax.get_yticklabels()][-1] in {"TOY-1", "TOY-2"}


def test_plots_of_registered_game(game_name: str) -> None:
    df = lab.simulate(game_name, n_games=5, seed=0)
    lab.plot_lengths(df)
    lab.plot_win_rates(df)
    lab.plot_clauses(df)
