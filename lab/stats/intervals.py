"""Confidence intervals and the tests they invert (95% unless a level is given).

Every interval here is the inversion of one test, and the test's p-value travels with it
(``Estimate.p``), so "significant at level a" and "the (1 − a) interval excludes 0" always agree.

- proportions: the Wilson score interval (``statsmodels``);
- means: the Student t interval and one-sample t test (``scipy.stats``);
- paired differences of 0/1 outcomes (common random numbers): Tango's score interval, the
  inversion of the score (McNemar) test. It never has zero width and never leaves [−1, 1];
- paired differences of other measures (counts, times, scores): the t interval of the mean
  per-game difference with a *prior pair* (:func:`paired_mean_difference`): its spread is
  taken as if one more pair of games had been played whose difference was as large as two
  unpaired games usually differ, with a weight that fades as more pairs differ. It holds where
  paired differences are sparse (most pairs agree exactly, as when a rule rarely fires) and
  skewed, and never has zero width (see that function for the reasons and the figures);
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


def paired_arrays(a: Sequence[float] | np.ndarray, b: Sequence[float] | np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Two paired samples as float arrays, keeping the pairs where both are defined."""
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
    x, y = paired_arrays(a, b)
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
    the t interval with a prior pair (:func:`paired_mean_difference`).
    """
    x, y = paired_arrays(a, b)
    if is_binary(x, y):
        return paired_binary_difference(x, y, level)
    return paired_mean_difference(x, y, level)


#: Once this many pairs differ, the prior pair's difference is at most PRIOR_CAP times the
#: largest difference seen (see :func:`paired_mean_difference`).
PRIOR_CAP_FROM = 4
PRIOR_CAP = 3.0


class PairedSpread(NamedTuple):
    """The pieces of :func:`paired_mean_difference`'s interval (also used to plan experiments)."""

    mean: float  # mean difference
    sd: float  # spread of one difference, prior pair and floor included
    n: int  # pairs
    df: float  # degrees of freedom of that spread (from the differences' kurtosis)
    weight: float  # weight of the prior pair (a share of one pair)
    unpaired: float  # the prior pair's difference: the spread of an unpaired difference


def paired_spread(x: np.ndarray, y: np.ndarray) -> PairedSpread:
    """Mean and spread of the differences ``y − x`` as :func:`paired_mean_difference` takes
    them; ``x`` and ``y`` hold no NaN and have the same length >= 2."""
    d = y - x
    n = len(d)
    m = float(d.mean())
    step = _resolution(x, y)
    unpaired = max(math.sqrt(float(x.var(ddof=1)) + float(y.var(ddof=1))), step)
    differ = int(np.count_nonzero(d))
    if differ >= PRIOR_CAP_FROM:  # the differences seen bound how large one may be
        unpaired = min(unpaired, max(PRIOR_CAP * float(np.abs(d).max()), step))
    w = 1.0 / (1 + differ) ** 2
    centred = d - m
    m2 = float((centred**2).sum())
    var = max((m2 + 2 * w * unpaired * unpaired) / (n - 1 + 2 * w), 2 * step * step / (n + 1))
    df = float(n - 1)
    if m2 > 0:  # the spread's own degrees of freedom, 2 / its relative variance (kurtosis κ)
        kurtosis = n * float((centred**4).sum()) / (m2 * m2)
        df = min(float(n - 1), max(1.0, 2 / ((kurtosis - 1) / n + 2 / (n * (n - 1)))))
    return PairedSpread(m, math.sqrt(var), n, df, w, unpaired)


def paired_mean_difference(a: Sequence[float] | np.ndarray, b: Sequence[float] | np.ndarray, level: float = LEVEL) -> Estimate:
    """``mean(b − a)`` of a paired measure (not 0/1) with a t interval that holds for sparse,
    skewed differences: the estimate is the mean per-game difference, the interval is an
    interval *of that mean* (of the expected difference per game), and ``p`` is its test of 0.

    Method: the t interval of the differences ``d = b − a``, ``mean d ± t(ν) · s / √n``, with
    three changes that matter only where pairs often agree exactly:

    - a *prior pair*: ``s²`` counts one more pair whose difference is ``± u``, ``u`` the spread
      of an *unpaired* difference (``sqrt(var a + var b)``; once 4 or more pairs differ, at most
      3 times the largest difference seen), weighted ``1 / (1 + k)²`` of a pair when ``k``
      pairs differ (a whole pair when none does, a quarter when one does, 1 % when nine do):
      ``s² = (Σ (d − mean d)² + 2 w u²) / (n − 1 + 2 w)``;
    - the degrees of freedom ``ν`` are those the spread has: ``2 / var(s²/σ²)`` from the
      differences' kurtosis ``κ``, ``ν = 2 / ((κ − 1)/n + 2/(n(n − 1)))`` (at most ``n − 1``,
      normal differences; at least 1) — with few differing pairs, few;
    - ``s²`` is at least that of one more pair differing by the measure's resolution each way
      (1 for whole numbers): never a zero width.

    Why: on paired seeds most pairs of a count often agree exactly (a rule that rarely fires
    leaves most games unchanged). The plain t interval then rests its spread on the few pairs
    that differ while claiming ``n − 1`` degrees of freedom, and misses when by chance few
    differ (83.7 % coverage at n = 10 for game lengths in an independent audit; zero width when
    all pairs agree, 13 % of comparisons of play times at n = 10). Dense differences (every
    pair differs) give ``κ ≈ 3``, ``ν ≈ n − 1`` and a negligible prior: the ordinary paired t
    interval. Coverage on exact toy games: ``python -m tests.tools.coverage``.

    Methods tried and not used, on the same sparse, skewed differences: the studentised
    bootstrap (0.73 at n = 10: a resample of a sample with few differing pairs has fewer
    still), percentile and BCa bootstraps (worse than the t interval below n = 30), empirical
    likelihood (0.90 at n = 10 on dense skewed differences), Hall's skewness-corrected t (no
    better on sparse differences, worse on dense ones), the sign-flip permutation interval
    (assumes differences symmetric about the mean), and the sign test / Hodges–Lehmann
    interval (an interval of the *median* difference, which is 0 whenever most pairs agree: it
    says nothing about the mean change a designer asks about).
    """
    x, y = paired_arrays(a, b)
    n = len(x)
    if n < 2:
        return mean_interval(y - x, level)
    spread = paired_spread(x, y)
    m = spread.mean
    se = spread.sd / math.sqrt(n)
    half = _t(level, spread.df) * se
    p = float(2 * stats.t.sf(abs(m) / se, spread.df))
    return Estimate(m, m - half, m + half, n, p, level)


def _t(level: float, df: float) -> float:
    """The t quantile for a possibly fractional number of degrees of freedom."""
    if float(df).is_integer():
        return t_quantile(level, int(df))
    return float(stats.t.ppf(0.5 + _check_level(level) / 2, df))


def _resolution(x: np.ndarray, y: np.ndarray) -> float:
    """The measure's step: the smallest gap between two of its values (1 for a constant)."""
    values = np.unique(np.concatenate([x, y]))
    if len(values) < 2:
        return 1.0
    return float(np.diff(values).min())


def paired_ratio_change(a: Sequence[float] | np.ndarray, b: Sequence[float] | np.ndarray, level: float = LEVEL) -> Estimate:
    """Relative change ``mean(b)/mean(a) − 1`` of paired samples with Fieller's interval.

    The interval holds the ratios ``r`` that the paired test of ``b − r·a`` does not reject —
    the test of :func:`paired_mean_difference`, its prior pair scaled to ``b − r·a`` — so at
    ``r = 1`` it is that function's test of ``b − a``, and the relative interval excludes 0
    exactly when the absolute one does. Its bounds are NaN when that set is not a bounded
    interval (A's mean is not clearly away from 0); the value is NaN when ``mean(a)`` is 0.
    """
    x, y = paired_arrays(a, b)
    n = len(x)
    if n == 0:
        return NAN_ESTIMATE
    ma, mb = float(x.mean()), float(y.mean())
    if ma == 0:
        return Estimate(math.nan, math.nan, math.nan, n, math.nan, level)
    r = mb / ma
    if n == 1:
        return Estimate(r - 1, math.nan, math.nan, 1, math.nan, level)
    diff = paired_difference(x, y, level)
    spread = paired_spread(x, y)
    w = spread.weight
    # centred sums of squares, and the prior pair's share for b − r·a: 2w(var b + r² var a),
    # (the resolution floor of the prior pair, when both samples are constant, goes with b)
    sxx = float(((x - ma) ** 2).sum())
    syy = float(((y - mb) ** 2).sum())
    sxy = float(((x - ma) * (y - mb)).sum())
    # the prior pair of b − r·a: ±sqrt(var b + r² var a), scaled to ±u at r = 1
    va, vb = float(x.var(ddof=1)), float(y.var(ddof=1))
    if va + vb > 0:
        scale = spread.unpaired**2 / (va + vb)
        pa, pb = scale * va, scale * vb
    else:
        pa, pb = 0.0, spread.unpaired**2
    # the floor of the spread (the measure's resolution), where it holds, split between a and b
    extra = max(0.0, spread.sd**2 * (n - 1 + 2 * w) - (sxx - 2 * sxy + syy + 2 * w * (pa + pb))) / 2
    c = _t(level, spread.df) ** 2 / (n * (n - 1 + 2 * w))
    qa = ma * ma - c * (sxx + 2 * w * pa + extra)
    qb = ma * mb - c * sxy
    qc = mb * mb - c * (syy + 2 * w * pb + extra)
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
