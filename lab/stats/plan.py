"""Planning experiments: how many paired games a question needs, and a two-stage design.

``lab.plan`` plays a pilot, measures the spread of the paired differences of one metric and
answers "how many games for an interval of ± d?". ``lab.compare(..., until="± 2 points")``
goes one step further with **Stein's two-stage design** (Stein 1945): from a pilot of ``n0``
paired games with spread ``s0`` it fixes the total

    N = max(n0, ⌈(t · s0 / d)²⌉),   t = the Student t quantile with n0 − 1 degrees of freedom,

plays the remaining games and reports ``mean of all N differences ± t · s0 / √N``. The interval
uses the pilot's spread only (not the spread of the later games), which is what makes it valid:
for normal differences its coverage is exact, and its half-width is at most ``d`` by
construction. A naive "stop as soon as the interval is narrow" rule, by contrast, stops more
often when the spread happens to look small and under-covers. For 0/1 outcomes the pilot's
spread is computed with one extra disagreement each way (so a pilot without any disagreement
cannot promise a zero-width interval); the coverage suite checks the result on the exact toy.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from scipy import stats

from lab.sim.simulate import simulate
from lab.stats.compare import _as_game, _values, metric_columns
from lab.stats.intervals import LEVEL, Estimate, is_binary, t_quantile

#: Designs are sized at the level the primary metric is tested at in a table (4% of 5%).
DESIGN_LEVEL = 0.96
_PRECISION = re.compile(r"^\s*(?:±|\+/-|\+-)?\s*([0-9]*\.?[0-9]+)\s*(points?|pts?)?\s*$")


def parse_precision(text: str | float, binary: bool) -> float:
    """``"± 2 points"`` -> 0.02 (for a rate); ``"± 0.5"`` or ``0.5`` -> 0.5 (in the metric's units).

    Raises
    ------
    ValueError
        For text that is not a positive half-width, or points for a metric that is no rate.
    """
    if isinstance(text, int | float) and not isinstance(text, bool):
        value, points = float(text), False
    else:
        match = _PRECISION.match(str(text))
        if not match:
            raise ValueError(f"precision {text!r}: write a half-width such as '± 2 points' (rates) or '± 0.5' (means)")
        value, points = float(match.group(1)), bool(match.group(2))
    if points and not binary:
        raise ValueError(f"precision {text!r} is in points, but the metric is not a rate: give it in the metric's units")
    if points:
        value /= 100
    if not value > 0:
        raise ValueError(f"precision must be a positive half-width, got {text!r}")
    return value


def pilot_spread(diffs: Sequence[float] | np.ndarray, binary: bool) -> float:
    """Standard deviation of a pilot's paired differences (0/1 outcomes: with one disagreement
    added each way)."""
    d = np.asarray(diffs, dtype=float)
    d = d[~np.isnan(d)]
    if binary:
        d = np.concatenate([d, [1.0, -1.0]])
    if len(d) < 2:
        raise ValueError("a pilot needs at least 2 paired games")
    return float(d.std(ddof=1))


def stein_size(pilot: Sequence[float] | np.ndarray, precision: float, *, binary: bool, level: float = DESIGN_LEVEL) -> int:
    """Total paired games Stein's design plays for a half-width of at most ``precision``."""
    n0 = int(np.sum(~np.isnan(np.asarray(pilot, dtype=float))))
    s0 = pilot_spread(pilot, binary)
    t = t_quantile(level, max(n0 - 1, 1))
    return max(n0, math.ceil((t * s0 / precision) ** 2))


def stein_interval(pilot: Sequence[float] | np.ndarray, full: Sequence[float] | np.ndarray, level: float = LEVEL, *, binary: bool) -> Estimate:
    """The two-stage interval: mean of all differences ``± t(n0 − 1) · s0 / √N``, with its p-value."""
    p0 = np.asarray(pilot, dtype=float)
    n0 = int(np.sum(~np.isnan(p0)))
    s0 = pilot_spread(p0, binary)
    d = np.asarray(full, dtype=float)
    d = d[~np.isnan(d)]
    n = len(d)
    m = float(d.mean())
    se = s0 / math.sqrt(n)
    half = t_quantile(level, max(n0 - 1, 1)) * se
    lo, hi = m - half, m + half
    if binary:
        lo, hi = max(lo, -1.0), min(hi, 1.0)
    p = float(2 * stats.t.sf(abs(m) / se, max(n0 - 1, 1))) if se > 0 else (1.0 if m == 0 else 0.0)
    return Estimate(m, lo, hi, n, p, level)


@dataclass(frozen=True)
class Plan:
    """The answer of :func:`plan`: games needed per variant for an interval of ``± precision``."""

    metric: str
    precision: float
    pilot: int
    spread: float
    n_games: int
    kind: str
    pilot_diff: float
    record: Mapping[str, Any]

    def __str__(self) -> str:
        unit = " points" if self.kind == "rate" else ""
        scale = 100 if self.kind == "rate" else 1
        return (f"{self.metric}: about {self.n_games} paired games per variant for a 95% interval of "
                f"± {self.precision * scale:g}{unit} (pilot of {self.pilot}: spread of the paired differences "
                f"{self.spread * scale:.3g}{unit}, difference {self.pilot_diff * scale:+.3g}{unit}). Run "
                f"lab.compare(..., n_games={self.pilot}, primary={self.metric!r}, until={self.precision!r}) "
                "for a guaranteed width.")


def plan(
    game: Any,
    change: Any,
    metric: str,
    precision: str | float,
    pilot: int = 100,
    agents: Any = None,
    seed: int = 0,
    workers: int | None = None,
    executor: Any = None,
) -> Plan:
    """How many paired games per variant give ``metric`` an interval of ``± precision``?

    Parameters
    ----------
    game, change
        As ``game_a`` and ``game_b`` of :func:`lab.compare` (``change`` may be a dict of
        parameter changes).
    metric : str
        A column of the comparison table (``"win_0"``, ``"length_actions"``, ...).
    precision : str or float
        Target half-width: ``"± 2 points"`` for a rate, a number in the metric's units otherwise.
    pilot : int
        Paired games of the pilot run (at least 10).
    agents, seed, workers, executor
        As for :func:`lab.compare` (use a different ``seed`` for the real run, or
        ``lab.compare(..., until=precision)`` which reuses the pilot validly).

    Returns
    -------
    Plan
        ``n_games`` (Stein's formula at the level a primary metric is tested at), the pilot's
        ``spread`` and difference; ``str(plan)`` says it in a sentence.
    """
    if isinstance(pilot, bool) or not isinstance(pilot, int) or pilot < 10:
        raise ValueError(f"pilot must be a whole number of at least 10 games, got {pilot!r}")
    a = _as_game(game)
    b = _as_game(change, base=a)
    df_a = simulate(a, agents, pilot, seed, workers, executor)
    df_b = simulate(b, agents, pilot, seed, workers, executor)
    if metric not in metric_columns(df_a, df_b, clauses=True):
        raise ValueError(f"unknown metric {metric!r}; available: {', '.join(metric_columns(df_a, df_b, clauses=True))}")
    xa, xb = _values(df_a, metric), _values(df_b, metric)
    binary = is_binary(xa, xb)
    d = parse_precision(precision, binary)
    diffs = xb - xa
    n = stein_size(diffs, d, binary=binary)
    record = {"a": df_a.attrs["record"], "b": df_b.attrs["record"], "metric": metric, "precision": precision}
    return Plan(metric, d, pilot, pilot_spread(diffs, binary), n, "rate" if binary else "mean",
                float(np.nanmean(diffs)), record)
