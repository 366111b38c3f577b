"""Matplotlib plots of experiments: length distributions, win rates with error bars, sweep
curves, skill gaps and rule-firing frequencies.

Every function draws on ``ax`` (a new figure when ``None``) and returns the Axes; matplotlib is
imported only when a plot is asked for, and the backend is left to the caller (inline in a
notebook, ``Agg`` in tests and scripts).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import pandas as pd

from lab.stats.intervals import wilson_interval
from lab.stats.summary import clause_frequencies, n_seats, seat_wins


def _axes(ax: Any) -> Any:
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    _, ax = plt.subplots(figsize=(7, 4))
    return ax


def _runs(runs: Any) -> dict[str, pd.DataFrame]:
    """A table, a dict label -> table, or a :class:`~lab.stats.compare.Comparison`."""
    if isinstance(runs, pd.DataFrame):
        label = runs.attrs.get("record", {}).get("variant") or "run"
        return {str(label): runs}
    if isinstance(runs, Mapping):
        return {str(k): v for k, v in runs.items()}
    if hasattr(runs, "a") and hasattr(runs, "b") and hasattr(runs, "label_a"):
        return {f"A: {runs.label_a}": runs.a, f"B: {runs.label_b}": runs.b}
    raise ValueError("expected a simulation table, a dict of tables or a Comparison")


def plot_lengths(runs: Any, column: str = "length_actions", *, ax: Any = None, bins: int | None = None) -> Any:
    """Distribution of game length (or of another numeric column) for one or several runs."""
    tables = _runs(runs)
    ax = _axes(ax)
    values = {k: pd.to_numeric(df[column], errors="coerce").dropna().to_numpy() for k, df in tables.items() if column in df}
    if not values:
        raise ValueError(f"no run has a column {column!r}")
    allv = np.concatenate(list(values.values()))
    if bins is None:
        span = float(allv.max() - allv.min()) if len(allv) else 0.0
        bins = int(min(60, max(5, span + 1))) if span else 5
    edges = np.histogram_bin_edges(allv, bins=bins) if len(allv) else bins
    for label, v in values.items():
        ax.hist(v, bins=edges, histtype="step", linewidth=1.6, density=True, label=f"{label} (mean {v.mean():.1f})" if len(v) else label)
        if len(v):
            ax.axvline(v.mean(), linestyle=":", linewidth=1, color=ax.lines[-1].get_color() if ax.lines else None)
    ax.set_xlabel(column.replace("_", " "))
    ax.set_ylabel("share of games")
    ax.set_title(f"distribution of {column.replace('_', ' ')}")
    ax.legend(fontsize="small")
    return ax


def plot_win_rates(runs: Any, *, ax: Any = None) -> Any:
    """Win rate per seat with 95% Wilson intervals, one group of bars per run."""
    tables = _runs(runs)
    ax = _axes(ax)
    players = max(n_seats(df) for df in tables.values())
    width = 0.8 / max(1, len(tables))
    for j, (label, df) in enumerate(tables.items()):
        n = len(df)
        wins = seat_wins(df, n_seats(df))
        rates = np.array([w / n for w in wins]) if n else np.zeros(len(wins))
        ci = np.array([wilson_interval(w, n) for w in wins]).reshape(-1, 2)
        err = np.vstack([rates - ci[:, 0], ci[:, 1] - rates])
        x = np.arange(len(wins)) + (j - (len(tables) - 1) / 2) * width
        ax.bar(x, rates, width=width, yerr=err, capsize=3, label=label)
    if players > 1:
        ax.axhline(1 / players, color="grey", linestyle="--", linewidth=1, label="equal share")
    ax.set_xticks(range(players), [f"seat {p}" for p in range(players)])
    ax.set_ylabel("win rate (95% interval)")
    ax.set_ylim(0, 1)
    ax.legend(fontsize="small")
    return ax


def plot_sweep(tidy: pd.DataFrame, metric: str = "length_actions", x: str | None = None, hue: str | None = None, *, ax: Any = None) -> Any:
    """A sweep curve: ``metric`` against the parameter ``x`` with 95% error bars, one line per ``hue``.

    ``x`` defaults to the first grid parameter and ``hue`` to the second (if any).
    """
    params = [c for c in tidy.columns if c not in ("variant", "metric", "mean", "ci_lo", "ci_hi", "n")]
    if metric not in set(tidy["metric"]):
        raise ValueError(f"metric {metric!r} is not in the sweep; available: {', '.join(dict.fromkeys(tidy['metric']))}")
    if not params:
        raise ValueError("the sweep table has no parameter columns")
    x = x or params[0]
    if hue is None and len(params) > 1:
        hue = next(p for p in params if p != x)
    for name in (x, hue):
        if name is not None and name not in params:
            raise ValueError(f"{name!r} is not a swept parameter; swept: {', '.join(params)}")
    data = tidy[tidy["metric"] == metric]
    ax = _axes(ax)
    groups = data.groupby(hue, sort=False) if hue else [(None, data)]
    for key, part in groups:
        xs = [str(v) if not isinstance(v, int | float) or isinstance(v, bool) else v for v in part[x]]
        err = np.vstack([part["mean"] - part["ci_lo"], part["ci_hi"] - part["mean"]])
        ax.errorbar(xs, part["mean"], yerr=np.nan_to_num(err), marker="o", capsize=3, label=None if hue is None else f"{hue}={key}")
    ax.set_xlabel(x)
    ax.set_ylabel(f"{metric} (95% interval)")
    ax.set_title(f"{metric} across {x}")
    if hue is not None:
        ax.legend(fontsize="small")
    return ax


def plot_skill(skill: pd.DataFrame, *, ax: Any = None) -> Any:
    """Skill gap per variant (from :func:`lab.skill_vs_luck`) with 95% error bars."""
    ax = _axes(ax)
    err = np.vstack([skill["skill_gap"] - skill["gap_lo"], skill["gap_hi"] - skill["skill_gap"]])
    ax.bar(skill["variant"].astype(str), skill["skill_gap"], yerr=np.nan_to_num(err), capsize=3)
    ax.axhline(0, color="grey", linewidth=1)
    ax.set_ylabel("strong − baseline win rate")
    ax.set_title("skill vs luck: how much a stronger player gains")
    ax.tick_params(axis="x", labelrotation=30)
    return ax


def plot_clauses(df: pd.DataFrame, top: int = 15, *, ax: Any = None) -> Any:
    """Mean firings per game of the ``top`` most frequent rule clauses."""
    freq = clause_frequencies(df).head(top)
    ax = _axes(ax)
    ax.barh(freq["clause"][::-1], freq["per_game"][::-1])
    ax.set_xlabel("firings per game")
    ax.set_title("which rules fire")
    return ax
