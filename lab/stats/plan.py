"""Planning experiments: how many paired games a question needs, and playing until it is answered.

Both answer "how many paired games give this metric an interval of ± d?" from a *pilot* run,
for the interval :func:`lab.compare` prints for that metric when it is the one primary metric
(``primary=metric``): 96 % by default (a lone primary metric is tested with 4 % of the table's
5 %; see :mod:`lab.stats.multiplicity`), Tango's interval for a 0/1 measure and the t interval
with a prior pair otherwise (:mod:`lab.stats.intervals`).

**The size.** The interval's half-width after ``N`` games is about ``t · σ / √N`` with ``σ``
the spread of one paired difference, which the pilot only estimates. A size from the pilot's
estimate itself reaches ± d in about half of the runs (an independent audit measured 47 %).
:func:`plan_size` sizes for a stated probability ``assurance`` (default 90 %) that a fresh run
of ``N`` games reaches ± d, allowing for both the pilot's error (its spread's degrees of
freedom: few when few pairs differ; for a 0/1 measure the binomial error of the share of pairs
that disagree) and the run's own (the differences' kurtosis). :class:`Plan` states that
probability, and the size for an even chance beside it.

**Until.** ``lab.compare(..., until="± d")`` plays the pilot, then the size for an even chance,
and computes the metric's interval over all the games played; when that interval is still
wider than ± d it plays on, sized again from all the games so far (at least 10 % more), until it
is not (or ``max_games`` says stop). A run that stops when its interval *looks* narrow enough
stops more often when its spread happens to look small, so the fixed-sample interval of the games
played misses more often than its level says (the exact toy: 92.2 % for a 96 % interval from a
100-game pilot). The stop therefore spends half of the interval's error allowance: the interval
checked against ± d and printed for a 96 % claim is the fixed-sample interval at 98 %
(:func:`stopped_level`), and its test's p-value is doubled (Bonferroni over the two uses of the
data, looking and reporting), so a flag and an interval that excludes 0 still agree. Its
half-width is at most ``d`` by construction; its coverage and the games it plays against the
games the true spread needs are measured on the exact toy (``python -m tests.tools.coverage``,
figures in benchmarks/README.md). (Stein's
two-stage interval, used before, keeps the pilot's spread for the final interval: exact for
normal differences, it missed when a pilot of sparse differences happened to show few
disagreements — 80 % coverage from a pilot of 10 — and its ``t`` with the pilot's degrees of
freedom and a pseudo-disagreement played 3–6 times the games a rate needed.)
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd
from scipy import stats

from lab.sim.simulate import simulate
from lab.stats.intervals import (
    Estimate,
    is_binary,
    paired_arrays,
    paired_difference,
    paired_spread,
)
from lab.stats.metrics import as_game, check_metric, metric_columns, metric_values
from lab.stats.verdicts import MIN_GAMES

#: The confidence of the printed interval of a lone primary metric (4 % of the table's 5 %).
DESIGN_LEVEL = 0.96
#: Plans promise this probability that a fresh run of their size reaches ± d.
ASSURANCE = 0.9
_PRECISION = re.compile(r"^\s*(?:±|\+/-|\+-)?\s*([0-9]*\.?[0-9]+)\s*(points?|pts?)?\s*$")


def stopped_level(level: float) -> float:
    """The confidence at which a run stopped by ``until=`` computes the interval it prints for
    a ``level`` claim: half the error allowance goes to the stopping rule (96 % -> 98 %)."""
    return 1 - (1 - level) / 2


def until_estimate(a: np.ndarray, b: np.ndarray) -> Callable[[float], Estimate]:
    """The interval a run stopped by ``until=`` prints, as a function of the claimed level.

    The fixed-sample interval of :func:`lab.stats.intervals.paired_difference` at
    :func:`stopped_level`, labelled with the claimed level, and its test's p-value doubled (the
    interval at the stopped level excludes 0 exactly when ``2 p`` is below the claimed error).
    """

    def at(level: float) -> Estimate:
        est = paired_difference(a, b, stopped_level(level))
        p = est.p if math.isnan(est.p) else min(1.0, 2 * est.p)
        return est._replace(p=p, level=level)

    return at


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
    if not value > 0 or not math.isfinite(value):
        raise ValueError(f"precision must be a positive half-width, got {text!r}")
    return value


def _check_probability(name: str, value: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0.5 <= value < 1:
        raise ValueError(f"{name} must be a probability from 0.5 up to (not including) 1, got {value!r}")
    return float(value)


@dataclass(frozen=True)
class Spread:
    """What a pilot says about the spread ``σ`` of one paired difference."""

    estimate: float  # the pilot's spread (the interval's own, prior pair included)
    pilot_var: float  # relative variance of the pilot's estimate of σ² (how far off it may be)
    kurtosis: float  # of a difference (how much a run's own spread varies about σ)
    score: bool = False  # the interval is a score interval (0/1 measures: normal, not t)

    def upper(self, confidence: float) -> float:
        """An upper confidence bound on σ (log-normal approximation)."""
        return self.estimate * math.exp(float(stats.norm.ppf(confidence)) * math.sqrt(self.pilot_var / 4))


def pilot_spread(a: np.ndarray, b: np.ndarray) -> Spread:
    """The spread of one paired difference ``b − a`` from a pilot, and how well it is known.

    0/1 measures: ``σ² ≈ q``, the share of pairs that disagree, estimated as ``(k + 1)/(n + 2)``
    (never 0: a pilot in which no pair disagrees still allows some), relative variance
    ``(1 − q)/(n q)``. Other measures: the spread of :func:`lab.stats.intervals.paired_spread`
    with relative variance ``(κ − 1)/n``, ``κ`` the differences' kurtosis, taken at least
    ``3/π`` for a share ``π`` of differing pairs (a pilot that saw few of them cannot know how
    heavy their tail is).
    """
    x, y = paired_arrays(a, b)
    n = len(x)
    if n < 2:
        raise ValueError("a pilot needs at least 2 paired games")
    if is_binary(x, y):
        q = (float(np.count_nonzero(y != x)) + 1) / (n + 2)
        # a difference of ±1 with probability q: its square has relative variance (1 − q) / q
        return Spread(math.sqrt(q), (1 - q) / (n * q), 1.0 / q, score=True)
    spread = paired_spread(x, y)
    d = y - x
    centred = d - d.mean()
    m2 = float((centred**2).mean())
    kurt = float((centred**4).mean()) / (m2 * m2) if m2 > 0 else 3.0
    # a pilot sees few of the pairs that differ: the kurtosis of a difference that is 0 in a
    # share 1 − π of pairs is at least 3 / π, with π from the pilot as (k + 1) / (n + 2)
    share = (np.count_nonzero(d) + 1) / (n + 2)
    kurt = max(kurt, 3.0 / share)
    return Spread(spread.sd, (kurt - 1) / n + 2 / (n * (n - 1)), kurt)


def plan_size(spread: Spread, precision: float, *, level: float = DESIGN_LEVEL, assurance: float = ASSURANCE) -> int:
    """Paired games for a half-width of at most ``precision`` with probability ``assurance``.

    After ``N`` games the half-width is ``t · σ_N / √N``, ``σ_N`` the run's own spread. Its
    ratio to the pilot's estimate is taken as log-normal, its log's variance a quarter of the
    relative variances of the two squared spreads: the pilot's (:class:`Spread`) and the run's,
    ``(κ − 1)/N``. ``N`` is the smallest size whose half-width is at most ``precision`` at the
    ``assurance`` quantile of that ratio (``assurance = 0.5``: the size for an even chance).
    """
    z = float(stats.norm.ppf(assurance))
    quantile = float(stats.norm.ppf(0.5 + level / 2))
    excess = max(spread.kurtosis - 1.0, 0.0)
    sigma = spread.estimate

    def half(n: int) -> float:
        grow = math.exp(z * math.sqrt((spread.pilot_var + excess / n) / 4))
        if spread.score:
            return quantile * sigma * grow / math.sqrt(n)
        df = min(n - 1.0, max(1.0, 2 / (excess / n + 2 / (n * (n - 1))))) if n > 1 else 1.0
        return float(stats.t.ppf(0.5 + level / 2, df)) * sigma * grow / math.sqrt(n)

    if sigma <= 0 or half(2) <= precision:
        return 2
    low, high = 2, 4  # half(n) falls as n grows: the smallest n with half(n) <= precision
    while half(high) > precision:
        low, high = high, 2 * high
    while high - low > 1:
        mid = (low + high) // 2
        low, high = (mid, high) if half(mid) > precision else (low, mid)
    return high


@dataclass
class UntilRun:
    """What :func:`play_until` played: both runs, the pilot and the steps."""

    a: pd.DataFrame
    b: pd.DataFrame
    record: dict[str, Any] = field(default_factory=dict)


def play_until(
    play: Callable[[int], tuple[pd.DataFrame, pd.DataFrame]],
    metric: str,
    precision: str | float,
    pilot: int,
    *,
    level: float = DESIGN_LEVEL,
    max_games: int = 20_000,
) -> UntilRun:
    """Play until ``metric``'s printed interval for a ``level`` claim (:func:`until_estimate`)
    is at most ``± precision`` (see the module doc).

    ``play(n)`` returns both variants' runs of games ``0..n-1`` (the same seeds as a smaller
    ``n``, extended). Raises ValueError when the games needed exceed ``max_games``.
    """
    df_a, df_b = play(pilot)
    check_metric(metric, metric_columns(df_a, df_b, clauses=True))
    xa, xb = metric_values(df_a, metric), metric_values(df_b, metric)
    binary = is_binary(xa, xb)
    d = parse_precision(precision, binary)
    steps = [pilot]
    n = pilot
    checked = stopped_level(level)
    target = plan_size(pilot_spread(xa, xb), d, level=checked, assurance=0.5)
    while True:
        if target > max_games:
            msg = (f"reaching ± {precision} on {metric} needs about {target} games per variant, more than "
                   f"max_games={max_games}")
            raise ValueError(msg)
        if target > n:
            df_a, df_b = play(target)
            n = target
            steps.append(n)
        xa, xb = metric_values(df_a, metric), metric_values(df_b, metric)
        est = until_estimate(xa, xb)(level)
        if est.half_width <= d + 1e-12:
            break
        # still wider: size again from every game so far, and at least 10 % more
        target = max(plan_size(pilot_spread(xa, xb), d, level=checked, assurance=0.5), math.ceil(n * 1.1), n + 1)
    record = {"metric": metric, "until": precision, "pilot": pilot, "n_games": n, "steps": steps, "level": level,
              "computed_at": checked, "half_width": est.half_width}
    return UntilRun(df_a, df_b, record)


@dataclass(frozen=True)
class Plan:
    """The answer of :func:`plan`: paired games per variant for an interval of ``± precision``."""

    metric: str
    precision: float
    pilot: int
    spread: float
    n_games: int
    kind: str
    pilot_diff: float
    record: Mapping[str, Any]
    level: float = DESIGN_LEVEL
    assurance: float = ASSURANCE
    n_even: int = 0
    spread_upper: float = math.nan

    def __str__(self) -> str:
        unit = " points" if self.kind == "rate" else ""
        scale = 100 if self.kind == "rate" else 1
        shown = f"{self.level * 100:.2f}".rstrip("0").rstrip(".")
        until = f"'± {self.precision * scale:g}{unit}'"
        return (f"{self.metric}: {self.n_games} paired games per variant give its {shown}% interval a half-width "
                f"of at most ± {self.precision * scale:g}{unit} in {self.assurance:.0%} of runs (about "
                f"{self.n_even} in half of them). Pilot of {self.pilot}: spread of one paired difference "
                f"{self.spread * scale:.3g}{unit} (at most {self.spread_upper * scale:.3g}{unit} at the plan's "
                f"confidence), difference {self.pilot_diff * scale:+.3g}{unit}. That interval is the one "
                f"lab.compare prints with primary={self.metric!r}: play the games on another seed, or "
                f"lab.compare(..., n_games={self.pilot}, primary={self.metric!r}, until={until}) to reuse the "
                "pilot and play on until the width is reached (more games than a fixed run: its interval allows "
                "for the stop).")


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
    *,
    assurance: float = ASSURANCE,
    level: float = DESIGN_LEVEL,
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
        As for :func:`lab.compare` (play the real run on another ``seed``, or use
        ``lab.compare(..., until=precision)``, which reuses the pilot).
    assurance : float
        The probability that a fresh run of the planned size reaches ``± precision``
        (default 90 %).
    level : float
        The confidence of the interval (default 96 %: what :func:`lab.compare` prints for a
        lone primary metric).

    Returns
    -------
    Plan
        ``n_games`` (for ``assurance``), ``n_even`` (for an even chance), the pilot's
        ``spread`` and difference; ``str(plan)`` says it in a sentence.
    """
    if isinstance(pilot, bool) or not isinstance(pilot, int) or pilot < 10:
        raise ValueError(f"pilot must be a whole number of at least 10 games, got {pilot!r}")
    assurance = _check_probability("assurance", assurance)
    a = as_game(game)
    b = as_game(change, base=a)
    df_a = simulate(a, agents, pilot, seed, workers, executor)
    df_b = simulate(b, agents, pilot, seed, workers, executor)
    return plan_from(df_a, df_b, metric, precision, assurance=assurance, level=level)


def plan_from(df_a: pd.DataFrame, df_b: pd.DataFrame, metric: str, precision: str | float, *,
              assurance: float = ASSURANCE, level: float = DESIGN_LEVEL) -> Plan:
    """:func:`plan` on pilot runs already played (two tables on the same seeds)."""
    check_metric(metric, metric_columns(df_a, df_b, clauses=True))
    xa, xb = metric_values(df_a, metric), metric_values(df_b, metric)
    binary = is_binary(xa, xb)
    d = parse_precision(precision, binary)
    spread = pilot_spread(xa, xb)
    n = max(MIN_GAMES, plan_size(spread, d, level=level, assurance=assurance))
    even = max(MIN_GAMES, plan_size(spread, d, level=level, assurance=0.5))
    record = {"a": df_a.attrs.get("record"), "b": df_b.attrs.get("record"), "metric": metric, "precision": precision,
              "assurance": assurance, "level": level}
    return Plan(metric, d, len(df_a), spread.estimate, n, "rate" if binary else "mean", float(np.nanmean(xb - xa)),
                record, level, assurance, even, spread.upper(assurance))
