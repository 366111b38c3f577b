"""Metrics and comparisons over simulation tables: summaries, paired comparisons, sweeps,
skill versus luck, and plots."""

from __future__ import annotations

from lab.stats.compare import Comparison, compare, compare_frames
from lab.stats.intervals import (
    Estimate,
    mean_interval,
    paired_difference,
    paired_ratio_change,
    proportion,
    wilson_interval,
)
from lab.stats.plots import plot_clauses, plot_lengths, plot_skill, plot_sweep, plot_win_rates
from lab.stats.summary import clause_frequencies, first_player_advantage, format_summary, summarize
from lab.stats.sweep import expand_grid, skill_vs_luck, sweep

__all__ = [
    "Comparison",
    "Estimate",
    "clause_frequencies",
    "compare",
    "compare_frames",
    "expand_grid",
    "first_player_advantage",
    "format_summary",
    "mean_interval",
    "paired_difference",
    "paired_ratio_change",
    "plot_clauses",
    "plot_lengths",
    "plot_skill",
    "plot_sweep",
    "plot_win_rates",
    "proportion",
    "skill_vs_luck",
    "summarize",
    "sweep",
    "wilson_interval",
]
