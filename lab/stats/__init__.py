"""Metrics and comparisons over simulation tables: summaries, paired comparisons, sweeps,
skill versus luck, and plots."""

from __future__ import annotations

from lab.stats.compare import Comparison, compare, compare_frames
from lab.stats.intervals import (
    Estimate,
    mean_interval,
    paired_binary_difference,
    paired_difference,
    paired_mean_difference,
    paired_ratio_change,
    proportion,
    tango_interval,
    wilson_interval,
)
from lab.stats.multiplicity import graphical_holm
from lab.stats.plan import Plan, plan
from lab.stats.plots import plot_clauses, plot_lengths, plot_skill, plot_sweep, plot_win_rates
from lab.stats.summary import clause_frequencies, first_player_advantage, format_summary, summarize
from lab.stats.sweep import expand_grid, skill_vs_luck, sweep

__all__ = [
    "Comparison",
    "Estimate",
    "Plan",
    "clause_frequencies",
    "compare",
    "compare_frames",
    "expand_grid",
    "first_player_advantage",
    "format_summary",
    "graphical_holm",
    "mean_interval",
    "paired_binary_difference",
    "paired_difference",
    "paired_mean_difference",
    "paired_ratio_change",
    "plot_clauses",
    "plot_lengths",
    "plot_skill",
    "plot_sweep",
    "plan",
    "plot_win_rates",
    "proportion",
    "skill_vs_luck",
    "summarize",
    "sweep",
    "tango_interval",
    "wilson_interval",
]
