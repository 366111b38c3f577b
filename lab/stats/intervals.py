"""Confidence intervals used by summaries, comparisons and sweeps (95% by default).

- proportions: the Wilson score interval (good coverage even near 0 and 1 and for small n);
- means: the normal interval ``mean ± z·sd/√n`` (simulation runs have hundreds of games);
- paired differences (common random numbers): the normal interval of the per-game differences;
- relative change ``mean(b)/mean(a) − 1`` of paired samples: the delta method on the paired
  residuals ``b_i − r·a_i``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

Z95 = 1.959963984540054


class Estimate(NamedTuple):
    """A point estimate with its confidence interval and the sample size behind it."""

    value: float
    lo: float
    hi: float
    n: int

    @property
    def half_width(self) -> float:
        return (self.hi - self.lo) / 2

    def excludes(self, value: float = 0.0) -> bool:
        """Whether the interval lies entirely on one side of ``value``."""
        return self.lo > value or self.hi < value


NAN_ESTIMATE = Estimate(math.nan, math.nan, math.nan, 0)


def wilson_interval(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion (95% by default).

    Returns ``(nan, nan)`` when ``n == 0``.
    """
    if n <= 0:
        return (math.nan, math.nan)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    lo = 0.0 if successes <= 0 else max(0.0, centre - half)
    hi = 1.0 if successes >= n else min(1.0, centre + half)
    return (lo, hi)


def proportion(successes: int, n: int, z: float = Z95) -> Estimate:
    """A proportion with its Wilson interval."""
    if n <= 0:
        return NAN_ESTIMATE
    lo, hi = wilson_interval(successes, n, z)
    return Estimate(successes / n, lo, hi, n)


def _clean(x: Sequence[float] | np.ndarray) -> np.ndarray:
    arr = np.asarray(x, dtype=float)
    return arr[~np.isnan(arr)]


def mean_interval(x: Sequence[float] | np.ndarray, z: float = Z95) -> Estimate:
    """Mean with the normal interval (NaNs are dropped)."""
    arr = _clean(x)
    n = len(arr)
    if n == 0:
        return NAN_ESTIMATE
    m = float(arr.mean())
    if n == 1:
        return Estimate(m, math.nan, math.nan, 1)
    half = z * float(arr.std(ddof=1)) / math.sqrt(n)
    return Estimate(m, m - half, m + half, n)


def _paired(a: Sequence[float] | np.ndarray, b: Sequence[float] | np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    x = np.asarray(a, dtype=float)
    y = np.asarray(b, dtype=float)
    if x.shape != y.shape:
        raise ValueError(f"paired samples must have the same length, got {x.shape} and {y.shape}")
    keep = ~(np.isnan(x) | np.isnan(y))
    return x[keep], y[keep]


def paired_difference(a: Sequence[float] | np.ndarray, b: Sequence[float] | np.ndarray, z: float = Z95) -> Estimate:
    """``mean(b − a)`` over the pairs where both are defined, with the normal interval."""
    x, y = _paired(a, b)
    return mean_interval(y - x, z)


def paired_ratio_change(a: Sequence[float] | np.ndarray, b: Sequence[float] | np.ndarray, z: float = Z95) -> Estimate:
    """Relative change ``mean(b)/mean(a) − 1`` of paired samples (delta-method interval).

    NaN when ``mean(a)`` is 0.
    """
    x, y = _paired(a, b)
    n = len(x)
    if n == 0:
        return NAN_ESTIMATE
    ma, mb = float(x.mean()), float(y.mean())
    if ma == 0:
        return Estimate(math.nan, math.nan, math.nan, n)
    r = mb / ma
    if n == 1:
        return Estimate(r - 1, math.nan, math.nan, 1)
    resid = y - r * x
    half = z * float(resid.std(ddof=1)) / math.sqrt(n) / abs(ma)
    return Estimate(r - 1, r - 1 - half, r - 1 + half, n)
