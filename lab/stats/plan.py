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
of ``N`` games reaches ± d: ``σ`` is replaced by an upper confidence bound from the pilot (a
chi-square bound on the spread of a measure; the Wilson bound on the share of pairs that
disagree for a 0/1 measure) and the run's own spread is allowed to come out above ``σ`` by the
amount its kurtosis gives, each side at ``√assurance``. :class:`Plan` states that probability
and the size for an even chance beside it.

**Until.** ``lab.compare(..., until="± d")`` plays the pilot, then :func:`plan_size`'s ``N``
at 80 % assurance, and prints the metric's ordinary interval over all the games played; in the
runs (about one in five) whose interval is still wider than ± d it plays on, sized again from
all the games so far, until it is not (or ``max_games`` says stop). The printed interval is the
fixed-sample interval of the games played: its coverage after such a stop is measured on the
exact toy (``python -m tests.tools.coverage``), and its half-width is at most ``d`` by
construction. (Stein's two-stage interval, used before, keeps the pilot's spread for the final
interval: exact for normal differences, it misses when a pilot of sparse differences happens
to show few disagreements, and its ``t`` with the pilot's degrees of freedom played 3–6 times
the games a rate needed.)
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
    is_binary,
    paired_arrays,
    paired_difference,
    paired_spread,
    t_quantile,
)
from lab.stats.metrics import as_game, check_metric, metric_columns, metric_values
from lab.stats.verdicts import MIN_GAMES

#: The confidence of the printed interval of a lone primary metric (4 % of the table's 5 %).
DESIGN_LEVEL = 0.96
#: Plans promise this probability that a fresh run of their size reaches ± d.
ASSURANCE = 0.9
#: ``until`` sizes its first step at this probability (it plays on when it falls short).
UNTIL_ASSURANCE = 0.8
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
    upper: float  # an upper confidence bound on σ at the plan's pilot confidence
    kurtosis: float  # of a difference (how much a run's spread itself varies)


def pilot_spread(a: np.ndarray, b: np.ndarray, confidence: float) -> Spread:
    """The spread of one paired difference ``b − a`` from a pilot, with an upper bound.

    0/1 measures: the share ``q`` of pairs that disagree, bounded above by its one-sided
    Wilson bound (never 0: a pilot in which no pair disagrees still allows some), ``σ² ≤ q``.
    Other measures: the spread of :func:`lab.stats.intervals.paired_spread` with its
    chi-square upper bound on its own degrees of freedom.
    """
    x, y = paired_arrays(a, b)
    n = len(x)
    if n < 2:
        raise ValueError("a pilot needs at least 2 paired games")
    z = float(stats.norm.ppf(confidence))
    if is_binary(x, y):
        q = float(np.count_nonzero(y != x)) / n
        upper_q = (q + z * z / (2 * n) + z * math.sqrt(q * (1 - q) / n + z * z / (4 * n * n))) / (1 + z * z / n)
        upper_q = min(1.0, upper_q)
        # a difference of ±1 with probability q: its square has relative variance (1 − q) / q
        return Spread(math.sqrt(q), math.sqrt(upper_q), 1.0 / max(upper_q, 1e-12))
    spread = paired_spread(x, y)
    df = spread.df  # (few when few pairs differ: then the bound is high)
    upper = spread.sd * math.sqrt(df / float(stats.chi2.ppf(1 - confidence, df)))
    d = y - x
    centred = d - d.mean()
    m2 = float((centred**2).mean())
    kurt = float((centred**4).mean()) / (m2 * m2) if m2 > 0 else 3.0
    return Spread(spread.sd, upper, max(kurt, 3.0) if m2 > 0 else 3.0)


def plan_size(spread: Spread, precision: float, *, level: float = DESIGN_LEVEL, assurance: float = ASSURANCE,
              pilot_bound: bool = True) -> int:
    """Paired games for a half-width of at most ``precision`` with probability ``assurance``.

    ``spread.upper`` (held at ``√assurance``) stands for σ when ``pilot_bound``, else the
    pilot's estimate; the run's own spread may exceed σ by ``z · sqrt((κ − 1) / N) / 2`` of it
    (``κ`` the kurtosis of a difference), also at ``√assurance``.
    """
    sigma = spread.upper if pilot_bound else spread.estimate
    z = float(stats.norm.ppf(math.sqrt(assurance))) if pilot_bound else float(stats.norm.ppf(assurance))
    excess = max(spread.kurtosis - 1.0, 0.0)

    def half(n: int) -> float:
        grow = 1 + max(z, 0.0) * math.sqrt(excess / n) / 2
        return t_quantile(level, max(n - 1, 1)) * sigma * grow / math.sqrt(n)

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
    """Play until ``metric``'s interval at ``level`` is at most ``± precision`` (see the module doc).

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
    spread = pilot_spread(xa, xb, math.sqrt(UNTIL_ASSURANCE))
    target = plan_size(spread, d, level=level, assurance=UNTIL_ASSURANCE)
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
        est = paired_difference(xa, xb, level)
        if est.half_width <= d + 1e-12:
            break
        # still wider: size again from every game so far (an even chance, then at least 10 % more)
        again = plan_size(pilot_spread(xa, xb, 0.5), d, level=level, assurance=0.5, pilot_bound=False)
        target = max(again, math.ceil(n * 1.1), n + 1)
    record = {"metric": metric, "until": precision, "pilot": pilot, "n_games": n, "steps": steps, "level": level,
              "half_width": est.half_width}
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
                "pilot and play on until the width is reached.")


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
    spread = pilot_spread(xa, xb, math.sqrt(assurance))
    n = max(MIN_GAMES, plan_size(spread, d, level=level, assurance=assurance))
    even = max(MIN_GAMES, plan_size(spread, d, level=level, assurance=0.5, pilot_bound=False))
    record = {"a": df_a.attrs.get("record"), "b": df_b.attrs.get("record"), "metric": metric, "precision": precision,
              "assurance": assurance, "level": level}
    return Plan(metric, d, len(df_a), spread.estimate, n, "rate" if binary else "mean", float(np.nanmean(xb - xa)),
                record, level, assurance, even, spread.upper)
