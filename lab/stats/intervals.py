"""Confidence intervals and the tests they invert (95% unless a level is given).

Every interval here is the inversion of one test, and the test's p-value travels with it
(``Estimate.p``), so "significant at level a" and "the (1 − a) interval excludes 0" always agree.

- proportions: the Wilson score interval (``statsmodels``);
- means: the Student t interval and one-sample t test (``scipy.stats``);
- paired differences of 0/1 outcomes (common random numbers): Tango's score interval, the
  inversion of the score (McNemar) test. It never has zero width and never leaves [−1, 1];
- paired differences of other measures: the t interval of the per-game differences (for
  whole-number measures with the spread of one extra pair differing by 1 each way, so pairs
  that all agree do not give a zero-width interval);
- relative change ``mean(b)/mean(a) − 1`` of paired samples: Fieller's interval, the inversion
  of the same paired t test at ratio 1 (unbounded — reported as NaN — when A's mean is not
  clearly away from 0).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

import numpy as np
from scipy import optimize, stats
from statsmodels.stats.contingency_tables import mcnemar
from statsmodels.stats.proportion import proportion_confint

Z95 = 1.959963984540054
LEVEL = 0.95


class Estimate(NamedTuple):
    """A point estimate with its confidence interval, sample size, p-value and level.

    ``p`` is the p-value of the test whose inversion the interval is (for a difference: "no
    difference"; NaN where no test applies) and ``level`` the interval's confidence.
    """

    value: float
    lo: float
    hi: float
    n: int
    p: float = math.nan
    level: float = LEVEL

    @property
    def half_width(self) -> float:
        return (self.hi - self.lo) / 2

    def excludes(self, value: float = 0.0) -> bool:
        """Whether the interval lies entirely on one side of ``value`` (False if undefined)."""
        return self.lo > value or self.hi < value


NAN_ESTIMATE = Estimate(math.nan, math.nan, math.nan, 0)


def _check_level(level: float) -> float:
    if not 0 < level < 1:
        raise ValueError(f"a confidence level lies strictly between 0 and 1, got {level!r}")
    return float(level)


def wilson_interval(successes: int, n: int, level: float = LEVEL) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion; ``(nan, nan)`` when ``n == 0``."""
    if n <= 0:
        return (math.nan, math.nan)
    lo, hi = proportion_confint(successes, n, alpha=1 - _check_level(level), method="wilson")
    lo = 0.0 if successes <= 0 else max(0.0, float(lo))
    hi = 1.0 if successes >= n else min(1.0, float(hi))
    return (lo, hi)


def proportion(successes: int, n: int, level: float = LEVEL) -> Estimate:
    """A proportion with its Wilson interval."""
    if n <= 0:
        return NAN_ESTIMATE
    lo, hi = wilson_interval(successes, n, level)
    return Estimate(successes / n, lo, hi, n, math.nan, level)


def _clean(x: Sequence[float] | np.ndarray) -> np.ndarray:
    arr = np.asarray(x, dtype=float)
    return arr[~np.isnan(arr)]


@lru_cache(maxsize=4096)
def t_quantile(level: float, df: int) -> float:
    """The two-sided Student t critical value for ``level`` with ``df`` degrees of freedom."""
    return float(stats.t.ppf(0.5 + _check_level(level) / 2, df))


def mean_interval(x: Sequence[float] | np.ndarray, level: float = LEVEL) -> Estimate:
    """Mean with the Student t interval and the t test of mean 0 (NaNs are dropped)."""
    arr = _clean(x)
    n = len(arr)
    if n == 0:
        return NAN_ESTIMATE
    m = float(arr.mean())
    if n == 1:
        return Estimate(m, math.nan, math.nan, 1, math.nan, level)
    sd = float(arr.std(ddof=1))
    if sd == 0:  # every value the same: the data pin the mean down exactly
        return Estimate(m, m, m, n, 1.0 if m == 0 else 0.0, level)
    se = sd / math.sqrt(n)
    half = t_quantile(level, n - 1) * se
    p = float(2 * stats.t.sf(abs(m) / se, n - 1))  # the one-sample t test of mean 0
    return Estimate(m, m - half, m + half, n, p, level)


def _paired(a: Sequence[float] | np.ndarray, b: Sequence[float] | np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    x = np.asarray(a, dtype=float)
    y = np.asarray(b, dtype=float)
    if x.shape != y.shape:
        raise ValueError(f"paired samples must have the same length, got {x.shape} and {y.shape}")
    keep = ~(np.isnan(x) | np.isnan(y))
    return x[keep], y[keep]


def is_binary(*arrays: np.ndarray) -> bool:
    """Whether every non-NaN value is 0 or 1."""
    both = np.concatenate([_clean(a) for a in arrays]) if arrays else np.array([])
    return bool(len(both)) and bool(np.isin(both, (0.0, 1.0)).all())


def _tango_z(delta: float, up: int, down: int, n: int) -> float:
    """Tango's score statistic for a paired difference ``delta`` of proportions (B − A).

    ``up``: pairs where only B is 1; ``down``: pairs where only A is 1.
    """
    w = -up - down + (2 * n - up + down) * delta
    q = (math.sqrt(max(w * w + 8 * n * down * delta * (1 - delta), 0.0)) - w) / (4 * n)
    var = n * (2 * q + delta * (1 - delta))
    num = up - down - n * delta
    if var <= 0:
        return math.copysign(math.inf, num) if num else 0.0
    return num / math.sqrt(var)


def tango_interval(up: int, down: int, n: int, level: float = LEVEL) -> tuple[float, float]:
    """Tango's (1998) score interval for the difference of paired proportions (B − A).

    Parameters
    ----------
    up, down : int
        Discordant pairs: B is 1 and A is 0 (``up``), A is 1 and B is 0 (``down``).
    n : int
        All pairs.
    """
    z = stats.norm.ppf(0.5 + _check_level(level) / 2)
    est = (up - down) / n
    eps = 1e-12

    def root(target: float, left: float, right: float) -> float:
        return float(optimize.brentq(lambda d: _tango_z(d, up, down, n) - target, left, right, xtol=1e-12))

    lo = -1.0 if est <= -1 + eps or _tango_z(-1 + eps, up, down, n) <= z else root(z, -1 + eps, est)
    hi = 1.0 if est >= 1 - eps or _tango_z(1 - eps, up, down, n) >= -z else root(-z, est, 1 - eps)
    return (lo, hi)


def paired_binary_difference(a: Sequence[float] | np.ndarray, b: Sequence[float] | np.ndarray, level: float = LEVEL) -> Estimate:
    """``mean(b − a)`` of paired 0/1 outcomes with Tango's interval and the McNemar score test."""
    x, y = _paired(a, b)
    n = len(x)
    if n == 0:
        return NAN_ESTIMATE
    up = int(((y == 1) & (x == 0)).sum())
    down = int(((x == 1) & (y == 0)).sum())
    lo, hi = tango_interval(up, down, n, level)
    if up + down == 0:
        p = 1.0
    else:
        table = [[0, down], [up, 0]]
        p = float(mcnemar(table, exact=False, correction=False).pvalue)
    return Estimate((up - down) / n, lo, hi, n, p, level)


def paired_difference(a: Sequence[float] | np.ndarray, b: Sequence[float] | np.ndarray, level: float = LEVEL) -> Estimate:
    """``mean(b − a)`` over the pairs where both are defined.

    0/1 outcomes: Tango's score interval (:func:`paired_binary_difference`); other measures:
    the t interval of the differences.
    """
    x, y = _paired(a, b)
    if is_binary(x, y):
        return paired_binary_difference(x, y, level)
    d = y - x
    step = _resolution(x, y)
    if len(d) < 2 or step == 0:
        return mean_interval(d, level)
    # Counts such as turns often agree in every pair of a small sample: the plain t interval
    # would then have zero width. Its spread is taken with one more pair differing by one
    # step each way (the measure's resolution), as Agresti-Min-type intervals add counts.
    n, m = len(d), float(d.mean())
    ss = float(((d - m) ** 2).sum()) + 2 * step * step
    se = math.sqrt(ss / (n + 1) / n)
    half = t_quantile(level, n - 1) * se
    p = float(2 * stats.t.sf(abs(m) / se, n - 1))
    return Estimate(m, m - half, m + half, n, p, level)


def _resolution(x: np.ndarray, y: np.ndarray) -> float:
    """The step of a whole-number measure (1), else 0 (a continuous measure has none)."""
    both = np.concatenate([x, y])
    if len(both) and np.array_equal(both, np.round(both)):
        return 1.0
    return 0.0


def paired_ratio_change(a: Sequence[float] | np.ndarray, b: Sequence[float] | np.ndarray, level: float = LEVEL) -> Estimate:
    """Relative change ``mean(b)/mean(a) − 1`` of paired samples with Fieller's interval.

    The interval holds the ratios ``r`` that the paired t test of ``b − r·a`` does not reject,
    so it excludes 0 exactly when the paired t test of ``b − a`` is significant. Its bounds are
    NaN when that set is not a bounded interval (A's mean is not clearly away from 0); the value
    is NaN when ``mean(a)`` is 0.
    """
    x, y = _paired(a, b)
    n = len(x)
    if n == 0:
        return NAN_ESTIMATE
    ma, mb = float(x.mean()), float(y.mean())
    if ma == 0:
        return Estimate(math.nan, math.nan, math.nan, n, math.nan, level)
    r = mb / ma
    if n == 1:
        return Estimate(r - 1, math.nan, math.nan, 1, math.nan, level)
    diff = mean_interval(y - x, level)
    cov = np.cov(x, y, ddof=1)
    t2 = t_quantile(level, n - 1) ** 2 / n
    qa = ma * ma - t2 * cov[0, 0]
    qb = ma * mb - t2 * cov[0, 1]
    qc = mb * mb - t2 * cov[1, 1]
    if qa <= 0:  # A's mean is not clearly away from 0: the set of ratios is unbounded
        return Estimate(r - 1, math.nan, math.nan, n, diff.p, level)
    root = math.sqrt(max(qb * qb - qa * qc, 0.0))  # r = mean(b)/mean(a) is always inside
    lo, hi = (qb - root) / qa, (qb + root) / qa
    return Estimate(r - 1, lo - 1, hi - 1, n, diff.p, level)


def baseline_far_from_zero(a: Sequence[float] | np.ndarray, level: float = LEVEL, tolerance: float = 0.25) -> bool:
    """Whether A's mean is known to within ``± tolerance`` of itself (its interval) and A ≥ 0.

    Relative changes are only reported against such a baseline: near 0 a tiny absolute change
    is a huge, meaningless percentage.
    """
    arr = _clean(a)
    if len(arr) < 2 or (arr < 0).any():
        return False
    est = mean_interval(arr, level)
    return est.value > 0 and est.half_width <= tolerance * est.value
