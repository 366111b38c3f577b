"""Compare two variants on paired seeds (common random numbers) with plain-language verdicts.

Both variants play game ``i`` on the same seed, and the driver keeps chance and each agent on
separate random streams, so the two games see the same dice and shuffles for as long as the
rules let them agree. The per-game differences then have a far smaller spread than two
independent runs, and every metric is reported as a paired difference with an interval.

The metrics and their per-game values come from :mod:`lab.stats.metrics` (every table's
measures plus per-seat returns, ranks and losses and the rules that decided), the intervals
and tests from :mod:`lab.stats.intervals` (Tango's score interval for 0/1 outcomes; for other
measures the t interval of the mean difference with a prior pair), the flags from
:mod:`lab.stats.multiplicity` (the chance of any false flag in a table is 5%), the sentences
from :mod:`lab.stats.verdicts` and ``until=`` from :mod:`lab.stats.plan`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from lab.core.game import Game
from lab.sim.simulate import simulate, variant_label
from lab.stats.intervals import (
    Estimate,
    baseline_far_from_zero,
    is_binary,
    paired_difference,
    paired_ratio_change,
)
from lab.stats.metrics import as_game, check_metric, metric_columns, metric_values, named_by_rule
from lab.stats.multiplicity import ALPHA, graphical_holm
from lab.stats.plan import DESIGN_LEVEL, play_until, until_estimate
from lab.stats.verdicts import MIN_GAMES, Row, sentence

#: The default primary metrics of a comparison (those present): how long games take, whether
#: moving first is an advantage, and how often games end with no winner.
DEFAULT_PRIMARY = ("length_actions", "first_mover_win", "draw")


def difference_label(a: Game, b: Game) -> tuple[str, str]:
    """Short labels for two variants: the parameters in which they differ."""
    if a.name != b.name:
        return f"{a.name}:{variant_label(a)}", f"{b.name}:{variant_label(b)}"
    pa, pb = a.params_to_dict(), b.params_to_dict()
    keys = [k for k in pa if pa[k] != pb.get(k)]
    ra, rb = a.house_rule_record(), b.house_rule_record()
    points = sorted(p for p in {*ra, *rb} if ra.get(p) != rb.get(p))
    if not keys and not points:
        return "A", "B"
    fmt = lambda params: [f"{k}={_text(params[k])}" for k in keys]  # noqa: E731
    rule = lambda rec, p: f"{p}={rec[p]['function'] if p in rec else 'seed'}"  # noqa: E731
    return (",".join(fmt(pa) + [rule(ra, p) for p in points]),
            ",".join(fmt(pb) + [rule(rb, p) for p in points]))


def _text(v: Any) -> str:
    if isinstance(v, bool):
        return str(v).lower()
    return str(v)


def _bare(df: pd.DataFrame) -> pd.DataFrame:
    """The table without its attrs (pandas copies them on every column access)."""
    out = df.copy(deep=False)
    out.attrs = {}
    return out


def _duplicates(cols: Sequence[str], values: Mapping[str, tuple[np.ndarray, np.ndarray]],
                first: Sequence[str] = ()) -> dict[str, str]:
    """Metrics that repeat another one in both runs: the same values, or an exact affine
    function of them (``1 − win_1``, ``2·win_0 − 1``): the same information, the same test.

    The metrics in ``first`` (the primary ones) are kept before any other, so a primary metric
    is never left out as the duplicate of a secondary one. A metric that is constant in both
    runs is never called a duplicate: two columns of zeros agree by coincidence.
    """
    dropped: dict[str, str] = {}
    kept: list[str] = []
    for m in sorted(cols, key=lambda c: (c not in first, cols.index(c))):
        xa, xb = values[m]
        x = np.concatenate([xa, xb])
        if len(np.unique(x[~np.isnan(x)])) < 2:
            kept.append(m)
            continue
        for k in kept:
            relation = _affine(np.concatenate(values[k]), x)
            if relation is not None:
                dropped[m] = relation.format(k)
                break
        else:
            kept.append(m)
    return dropped


def _affine(k: np.ndarray, x: np.ndarray) -> str | None:
    """How ``x`` is an exact affine function of ``k`` (a format string for k's name), or None."""
    if not np.array_equal(np.isnan(k), np.isnan(x)):
        return None
    ok = ~np.isnan(k)
    k, x = k[ok], x[ok]
    if len(k) < 2 or np.ptp(k) == 0:
        return None
    slope = float(np.ptp(x) / np.ptp(k)) * (1.0 if np.corrcoef(k, x)[0, 1] >= 0 else -1.0)
    shift = float(np.mean(x - slope * k))
    if not np.allclose(x, shift + slope * k, rtol=1e-12, atol=1e-12 * max(1.0, float(np.abs(x).max()))):
        return None
    if slope == 1 and shift == 0:
        return "the same values as {}"
    if slope == -1 and shift == 1:
        return "1 − {}"
    term = "{}" if abs(slope) == 1 else f"{abs(slope):.4g} × {{}}"
    if shift == 0:
        return term if slope > 0 else "−" + term
    return f"{shift:.4g} {'−' if slope < 0 else '+'} {term}"


def _margin_of(margin: float | Mapping[str, float] | None, metric: str) -> float | None:
    if margin is None:
        return None
    if isinstance(margin, Mapping):
        value = margin.get(metric)
        return None if value is None else float(value)
    return float(margin)


TABLE_COLUMNS = [
    "metric", "role", "kind", "a", "b", "diff", "diff_lo", "diff_hi", "level", "p", "scale", "rel", "rel_lo",
    "rel_hi", "n", "significant", "equivalent", "verdict",
]


def compare_frames(
    df_a: pd.DataFrame,
    df_b: pd.DataFrame,
    label_a: str = "A",
    label_b: str = "B",
    *,
    metrics: Sequence[str] | None = None,
    clauses: bool = False,
    primary: Sequence[str] | str | None = None,
    margin: float | Mapping[str, float] | None = None,
    alpha: float = ALPHA,
    estimates: Mapping[str, Callable[[float], Estimate]] | None = None,
) -> pd.DataFrame:
    """The per-metric comparison table of two runs played on the same seeds.

    Parameters
    ----------
    df_a, df_b : DataFrame
        Two runs of :func:`lab.simulate` on the same master seed and number of games.
    label_a, label_b : str
        Names of the variants in the verdicts.
    metrics : list of str, optional
        Metrics to compare (default: lengths, time, draw rate, win rate per seat, first mover's
        win rate, each seat's return, place and loss rate, the share of games each rule decided,
        lead statistics and the game's own quantities — see :mod:`lab.stats.metrics`; seat
        indices and other categorical columns are never compared, and a metric that repeats
        another — such as a timeout rate equal to the draw rate, or a return that is ``2 × win
        − 1`` — is left out, a primary metric never: ``attrs["dropped"]`` and the summary say
        which and why). ``n[CLAUSE]`` and ``decided[CLAUSE]`` may be named even if neither run
        has them (0 in every game).
    clauses : bool
        Also compare how often each rule clause fires.
    primary : str or list of str, optional
        The metrics the experiment is about (default :data:`DEFAULT_PRIMARY`, those present).
        They share 4% of the 5% error budget, the other metrics 1% (see
        :mod:`lab.stats.multiplicity`); ``primary=()`` corrects all metrics alike (Holm).
    margin : float or dict, optional
        Equivalence margin in the metric's units (a rate's in proportions: 0.05 = 5 points), or
        one per metric. A metric whose interval lies inside ``± margin`` is reported as
        "equivalent within ± margin" (two one-sided tests at 2.5% each).
    alpha : float
        Chance of any false flag in the whole table (default 5%).
    estimates : dict, optional
        Metric -> function of the confidence level giving that metric's interval, computed
        elsewhere (a design of your own); it replaces the fixed-sample interval.

    Returns
    -------
    pandas.DataFrame
        One row per metric: ``role`` (primary/secondary), ``kind`` (rate: a 0/1 measure, in
        points; or mean), means ``a`` and ``b``, the difference B − A with the interval
        ``diff_lo``/``diff_hi`` at confidence ``level``, the test's ``p``, ``scale`` (absolute, or
        relative when A's mean is far from 0: then ``rel`` with ``rel_lo``/``rel_hi``), ``n``,
        ``significant`` (after correction: the printed interval excludes 0), ``equivalent`` and
        ``verdict`` (which names what its interval is an interval of: the difference in rate, or
        the mean difference per game). ``attrs["summary"]`` says how many metrics were flagged
        and which were left out as duplicates, ``attrs["dropped"]`` the same as a dict.

    Raises
    ------
    ValueError
        If the runs were not played on the same seeds, or a metric is unknown or categorical.
    """
    if len(df_a) != len(df_b) or not (df_a["seed"].to_numpy() == df_b["seed"].to_numpy()).all():
        raise ValueError("paired comparison needs two runs on the same seeds (same n_games and master seed)")
    df_a, df_b = _bare(df_a), _bare(df_b)
    available = metric_columns(df_a, df_b, clauses=True)
    if metrics is not None:
        cols = list(metrics)
        for m in cols:
            check_metric(m, available)
    else:
        cols = metric_columns(df_a, df_b, clauses)
    wanted = DEFAULT_PRIMARY if primary is None else ((primary,) if isinstance(primary, str) else tuple(primary))
    if primary is not None:
        for m in wanted:
            if m not in cols and metrics is None and (m in available or named_by_rule(m)):
                cols.append(m)  # a primary metric is always compared (a clause's firings, say)
        unknown = [m for m in wanted if m not in cols]
        if unknown:
            raise ValueError(f"primary metric {unknown[0]!r} is not among the compared metrics: {', '.join(cols)}")
    values = {m: (metric_values(df_a, m), metric_values(df_b, m)) for m in cols}
    dropped = _duplicates(cols, values, first=[m for m in wanted if m in cols]) if metrics is None else {}
    cols = [m for m in cols if m not in dropped]
    is_primary = [m in wanted for m in cols]
    estimates = dict(estimates or {})
    first = {m: estimates[m](1 - alpha) if m in estimates else paired_difference(*values[m]) for m in cols}
    pvals = [first[m].p if first[m].n >= MIN_GAMES else math.nan for m in cols]
    flagged, levels = graphical_holm(pvals, is_primary, alpha)
    rows = []
    for j, m in enumerate(cols):
        xa, xb = values[m]
        kind = "rate" if is_binary(xa, xb) else "mean"
        level = 1 - levels[j] if not math.isnan(levels[j]) else 1 - alpha
        est = estimates[m](level) if m in estimates else paired_difference(xa, xb, level)
        rel = paired_ratio_change(xa, xb, level)
        relative = (kind == "mean" and not m.startswith("n[") and baseline_far_from_zero(xa, level)
                    and not math.isnan(rel.lo) and m not in estimates)
        ma = float(np.nanmean(xa)) if np.isfinite(xa).any() else math.nan
        mb = float(np.nanmean(xb)) if np.isfinite(xb).any() else math.nan
        mg = _margin_of(margin, m)
        equivalent = bool(mg is not None and est.n >= MIN_GAMES and -mg < est.lo and est.hi < mg)
        row = Row(m, kind, ma, mb, est.value, est.lo, est.hi, level, est.n, bool(flagged[j]), relative,
                  rel.value, rel.lo, rel.hi, mg, equivalent)
        rows.append({
            "metric": m, "role": "primary" if is_primary[j] else "secondary", "kind": kind, "a": ma, "b": mb,
            "diff": est.value, "diff_lo": est.lo, "diff_hi": est.hi, "level": level, "p": est.p,
            "scale": "relative" if relative else "absolute", "rel": rel.value, "rel_lo": rel.lo, "rel_hi": rel.hi,
            "n": est.n, "significant": bool(flagged[j]), "equivalent": equivalent, "verdict": sentence(row, label_b),
        })
    table = pd.DataFrame(rows, columns=TABLE_COLUMNS)
    table.attrs["summary"] = flag_summary(table, alpha, dropped)
    table.attrs["dropped"] = dropped
    return table


def flag_summary(table: pd.DataFrame, alpha: float = ALPHA, dropped: Mapping[str, str] | None = None) -> str:
    """"k of m flagged; about m × 5% expected by chance" for a comparison table (and which
    metrics were left out as duplicates of others)."""
    m = len(table)
    k = int(table["significant"].sum())
    n_primary = int((table["role"] == "primary").sum())
    chance = m * alpha
    text = (f"{k} of {m} metrics flagged ({n_primary} primary; the chance of any false flag in this table is held "
            f"at {alpha:.0%}). Tested one by one at {alpha:.0%}, about {m} × {alpha:.0%} = {chance:.1f} would be "
            "flagged by chance alone.")
    if dropped:
        text += " Left out as duplicates: " + "; ".join(f"{k} ({why})" for k, why in dropped.items()) + "."
    return text


@dataclass
class Comparison:
    """The result of :func:`compare`: both tables, the per-metric table and the verdicts."""

    label_a: str
    label_b: str
    a: pd.DataFrame
    b: pd.DataFrame
    table: pd.DataFrame
    record: dict[str, Any] = field(default_factory=dict)

    @property
    def summary(self) -> str:
        """How many metrics were flagged, against what chance alone would flag."""
        return str(self.table.attrs.get("summary", ""))

    def verdicts(self, significant_only: bool = False) -> list[str]:
        """One sentence per metric (only the clear effects with ``significant_only``)."""
        rows = self.table[self.table["significant"]] if significant_only else self.table
        return list(rows["verdict"])

    def __str__(self) -> str:
        head = f"A: {self.label_a}   B: {self.label_b}   ({self.record.get('n_games')} paired games, seed {self.record.get('seed')})"
        return "\n".join([head, *("  " + v for v in self.verdicts()), self.summary])

    def _repr_html_(self) -> str:
        cols = ["metric", "role", "a", "b", "diff", "diff_lo", "diff_hi", "level", "significant", "verdict"]
        table = self.table[cols].to_html(index=False, float_format=lambda v: f"{v:.4g}")
        return f"<p><b>A</b>: {self.label_a} &nbsp; <b>B</b>: {self.label_b}</p>{table}<p>{self.summary}</p>"

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data (the command line prints it with ``--json``)."""
        rows = self.table.astype(object).where(self.table.notna(), None).to_dict(orient="records")
        return {"a": self.label_a, "b": self.label_b, "record": self.record, "metrics": rows, "summary": self.summary}


def compare(
    game_a: Game | str,
    game_b: Game | str | Mapping[str, Any],
    agents: Any = None,
    n_games: int = 1000,
    seed: int = 0,
    workers: int | None = None,
    executor: Any = None,
    *,
    metrics: Sequence[str] | None = None,
    clauses: bool = False,
    labels: tuple[str, str] | None = None,
    progress: bool | None = None,
    primary: Sequence[str] | str | None = None,
    margin: float | Mapping[str, float] | None = None,
    until: str | float | None = None,
    max_games: int = 20_000,
) -> Comparison:
    """Play both variants on the same ``n_games`` seeds and compare every metric.

    Parameters
    ----------
    game_a, game_b : Game or str
        The two variants (``lab.load(...)``). ``game_b`` may also be a dict of parameter
        changes applied to ``game_a`` (``compare(lab.load("memcel"), {"strict": False})``).
    agents : None, str, dict or list
        The same agents play both variants (``None``: the game's default agents).
    n_games, seed : int
        Games per variant and the master seed (game ``i`` uses the same seed in both). With
        ``until``, ``n_games`` is the pilot.
    workers, executor
        As for :func:`lab.simulate`.
    metrics : list of str, optional
        Columns to compare (see :func:`compare_frames`).
    clauses : bool
        Also compare how often each rule clause fires (``n[<clause>]``).
    labels : (str, str), optional
        Names of the variants in the verdicts (default: the parameters in which they differ).
    progress : bool, optional
        Progress bars, as for :func:`lab.simulate`.
    primary, margin
        The experiment's primary metrics and equivalence margins (see :func:`compare_frames`).
    until : str or float, optional
        Play until the printed interval of the (single) primary metric is this narrow, e.g.
        ``"± 2 points"`` for a rate or ``0.5`` for a mean: a pilot of ``n_games``, then as many
        games as the pilot's spread asks for, and more if the interval is still wider (see
        :func:`lab.stats.plan.play_until`). ``record["until"]`` says how many were played.
    max_games : int
        Upper limit on the games ``until`` may ask for (an error beyond it).

    Returns
    -------
    Comparison
        ``.table`` (one row per metric, see :func:`compare_frames`), ``.verdicts()``,
        ``.summary``, ``.a`` and ``.b`` (the per-game tables), ``.record``.
    """
    a = as_game(game_a)
    b = as_game(game_b, base=a)
    la, lb = labels if labels is not None else difference_label(a, b)
    own_pool = None
    if executor is None and workers is not None and workers > 1:
        from concurrent.futures import ProcessPoolExecutor

        own_pool = executor = ProcessPoolExecutor(max_workers=workers)

    def run(n: int) -> tuple[pd.DataFrame, pd.DataFrame]:
        return (simulate(a, agents, n, seed, workers, executor, progress=progress, variant=la, announce_games=2 * n),
                simulate(b, agents, n, seed, workers, executor, progress=progress, variant=lb))

    plan_record: dict[str, Any] | None = None
    try:
        if until is None:
            df_a, df_b = run(n_games)
        else:
            done = play_until(run, _until_target(primary), until, n_games, level=DESIGN_LEVEL, max_games=max_games)
            df_a, df_b, plan_record = done.a, done.b, done.record
    finally:
        if own_pool is not None:
            own_pool.shutdown()
    estimates = None
    if plan_record is not None:  # the stopped metric's interval allows for the stop (lab.stats.plan)
        m = plan_record["metric"]
        estimates = {m: until_estimate(metric_values(df_a, m), metric_values(df_b, m))}
    table = compare_frames(df_a, df_b, la, lb, metrics=metrics, clauses=clauses, primary=primary, margin=margin,
                           estimates=estimates)
    record = {"a": df_a.attrs["record"], "b": df_b.attrs["record"], "n_games": len(df_a), "seed": seed}
    if plan_record is not None:
        record["until"] = plan_record
    return Comparison(la, lb, df_a, df_b, table, record)


def _until_target(primary: Sequence[str] | str | None) -> str:
    names = (primary,) if isinstance(primary, str) else tuple(primary or ())
    if len(names) != 1:
        raise ValueError("until= needs exactly one primary metric, e.g. primary='win_0', until='± 2 points'")
    return names[0]
