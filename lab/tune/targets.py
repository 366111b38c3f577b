"""Targets of the autopilot: a metric of the simulation table and a goal for it.

Target text (``lab.tune(..., targets=[...])`` and ``rules-lab tune --target``)::

    minutes=20        minutes≈20       minutes=20±2     (about: within ± tolerance, default 5 %)
    spread<=0.03      spread≤0.03      win>=0.3         (at most / at least)
    max:n[FC-E2]      min:length                         (as high / as low as possible)

Metrics (every one is a function of per-game columns, so each has a bootstrap interval):

- any numeric column of the table, as its mean over games: ``minutes``, ``turns``, ``timeout``,
  ``win``, ``decided_at``, ``lead_changes``, ... (NaN rows are left out);
- ``length`` (player decisions per game; ``actions`` counts chance outcomes too);
- ``n[CLAUSE]``: mean firings of a rule clause per game; ``fired[CLAUSE]``: the share of games
  in which it fired at all;
- ``spread``: the seat win-rate spread, highest minus lowest seat win rate (sole winners);
- ``first_mover``: the first player's win rate minus 1/players;
- ``win_rate[p]``: seat ``p``'s win rate; ``draw_rate``: games without a winner.
- ``gap[UPPER>LOWER]``, e.g. ``gap[greedy>random]``: the skill-ladder gap, the win-rate gain of
  agent ``UPPER`` over agent ``LOWER`` on paired seeds (one rung of a skill ladder, played on the
  trial's seeds in addition to its games; see :mod:`lab.tune.stages`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from lab.core.errors import LabError, cut

GOALS = ("about", "at_most", "at_least", "maximise", "minimise")
_SYMBOLS = {"<=": "at_most", "≤": "at_most", ">=": "at_least", "≥": "at_least", "=": "about", "≈": "about", "~": "about"}
_PATTERN = re.compile(r"^\s*(?P<metric>(?:[^<>=≈≤≥~\[]|\[[^\]]*\])+?)\s*(?P<op><=|>=|≤|≥|=|≈|~)\s*(?P<value>[^±]+?)\s*(?:±\s*(?P<tol>.+?))?\s*$")
BOOTSTRAP = 400
LEVEL = 0.95


class TargetError(LabError, ValueError):
    """A target that cannot be read or a metric the simulation table does not have."""


@dataclass(frozen=True)
class Target:
    """A metric and a goal (``about``/``at_most``/``at_least`` need ``value``)."""

    metric: str
    goal: str
    value: float | None = None
    tolerance: float | None = None

    def __post_init__(self) -> None:
        if not self.metric.strip():
            raise TargetError("a target needs a metric name, e.g. 'minutes=20'")
        if self.goal not in GOALS:
            raise TargetError(f"target goal {self.goal!r}: choose one of {', '.join(GOALS)}")
        if (self.value is None) != (self.goal in ("maximise", "minimise")):
            raise TargetError(f"target {self.metric}: goal {self.goal} {'needs' if self.value is None else 'takes no'} value")
        for x in (self.value, self.tolerance):
            if x is not None and not math.isfinite(x):
                raise TargetError(f"target {self.metric}: values must be finite numbers")
        if self.tolerance is not None and self.tolerance <= 0:
            raise TargetError(f"target {self.metric}: the tolerance must be > 0")

    @property
    def tol(self) -> float:
        """The ± band of an ``about`` goal (default 5 % of the value, at least 0.01)."""
        if self.tolerance is not None:
            return self.tolerance
        return max(0.01, 0.05 * abs(self.value or 0.0))

    @property
    def text(self) -> str:
        if self.goal == "maximise":
            return f"max:{self.metric}"
        if self.goal == "minimise":
            return f"min:{self.metric}"
        if self.goal == "about":
            return f"{self.metric}={self.value:g}±{self.tol:g}"
        return f"{self.metric}{'<=' if self.goal == 'at_most' else '>='}{self.value:g}"

    @property
    def direction(self) -> str:
        """optuna's direction for :meth:`score`."""
        return "maximize" if self.goal == "maximise" else "minimize"

    def score(self, estimate: float) -> float:
        """What the search optimises: the distance outside the goal, in tolerance units for
        ``about`` (0 = met), or the estimate itself for ``maximise``/``minimise``."""
        if math.isnan(estimate):
            return math.inf if self.direction == "minimize" else -math.inf
        if self.goal == "about":
            return abs(estimate - self.value) / self.tol
        if self.goal == "at_most":
            return max(0.0, estimate - self.value)
        if self.goal == "at_least":
            return max(0.0, self.value - estimate)
        return estimate

    def met(self, estimate: np.ndarray | float) -> np.ndarray | bool:
        """Whether ``estimate`` meets the goal (None-like for maximise/minimise: always True)."""
        x = np.asarray(estimate, dtype=float)
        if self.goal == "about":
            return np.abs(x - self.value) <= self.tol
        if self.goal == "at_most":
            return x <= self.value
        if self.goal == "at_least":
            return x >= self.value
        return np.ones_like(x, dtype=bool)


def parse_target(spec: Any) -> Target:
    """A :class:`Target` from its text, a ``Target``, or a ``(metric, goal[, value])`` tuple."""
    if isinstance(spec, Target):
        return spec
    if isinstance(spec, tuple | list) and 2 <= len(spec) <= 3:
        return Target(str(spec[0]), str(spec[1]), None if len(spec) == 2 else float(spec[2]))
    if not isinstance(spec, str):
        raise TargetError(f"a target is text such as 'minutes=20' or 'spread<=0.03', not {type(spec).__name__}")
    text = spec.strip()
    for prefix, goal in (("max:", "maximise"), ("min:", "minimise"), ("maximise ", "maximise"), ("minimise ", "minimise")):
        if text.lower().startswith(prefix):
            return Target(text[len(prefix):].strip(), goal)
    m = _PATTERN.match(text)
    if not m:
        raise TargetError(f"target {spec!r}: write METRIC=X, METRIC=X±T, METRIC<=X, METRIC>=X, max:METRIC or min:METRIC")
    try:
        value = float(m["value"])
        tol = None if m["tol"] is None else float(m["tol"])
    except ValueError:
        raise TargetError(f"target {spec!r}: {m['value']!r} is not a number") from None
    if tol is not None and _SYMBOLS[m["op"]] != "about":
        raise TargetError(f"target {spec!r}: ± goes with = (about)")
    return Target(m["metric"].strip(), _SYMBOLS[m["op"]], value, tol)


# ---------------------------------------------------------------------- metrics
Combine = Callable[[np.ndarray], np.ndarray]


def _mean(means: np.ndarray) -> np.ndarray:
    return means[..., 0]


def metric_columns(df: pd.DataFrame, metric: str) -> tuple[np.ndarray, Combine]:
    """Per-game columns (games x k, NaN = no value) and how their means make the metric.

    Raises
    ------
    TargetError
        If the table has no such metric (the message lists some it has).
    """
    n_players = sum(1 for c in df.columns if c.startswith("return_"))
    winner = df["winner"].to_numpy() if "winner" in df.columns else None
    m = re.fullmatch(r"(n|fired)\[(.+)\]", metric)
    if m:
        col = f"n[{m[2]}]"
        counts = df[col].to_numpy(float) if col in df.columns else np.zeros(len(df))
        x = counts if m[1] == "n" else (counts > 0).astype(float)
        return x[:, None], _mean
    if metric == "spread" and winner is not None and n_players >= 2:
        x = np.stack([(winner == p).astype(float) for p in range(n_players)], axis=1)
        return x, lambda means: means.max(axis=-1) - means.min(axis=-1)
    if metric == "first_mover" and winner is not None and n_players >= 2:
        x = (winner == df["first_player"].to_numpy()).astype(float)[:, None]
        return x, lambda means: means[..., 0] - 1.0 / n_players
    m = re.fullmatch(r"win_rate(?:\[(\d+)\])?", metric)
    if m and winner is not None:
        seat = int(m[1] or 0)
        if seat >= max(n_players, 1):  # a seat the game does not have: not a rate of 0
            raise TargetError(f"no metric {cut(metric, 60)!r}: seats are 0..{max(n_players, 1) - 1} in this simulation table")
        return (winner == seat).astype(float)[:, None], _mean
    aliases = {"length": "length_decisions", "actions": "length_actions", "draw_rate": "draw"}
    col = aliases.get(metric, metric)
    if col in df.columns and col not in ("game_index", "seed") and (
        pd.api.types.is_numeric_dtype(df[col]) or pd.api.types.is_bool_dtype(df[col])
    ):
        return df[col].to_numpy(float)[:, None], _mean
    numeric = [c for c in df.columns if pd.api.types.is_numeric_dtype(df[c]) and not c.startswith("n[")]
    known = ", ".join(["length", "spread", "first_mover", "win_rate[p]", "n[CLAUSE]", "fired[CLAUSE]", "gap[UPPER>LOWER]", *numeric[:20]])
    raise TargetError(f"no metric {cut(metric, 60)!r} in this simulation table; metrics: {known}")


def _nanmeans(x: np.ndarray, idx: np.ndarray | None = None) -> np.ndarray:
    """Column means ignoring NaN (over all rows, or over each row-index set of ``idx``)."""
    ok = ~np.isnan(x)
    vals = np.where(ok, x, 0.0)
    if idx is None:
        with np.errstate(invalid="ignore", divide="ignore"):
            return vals.sum(axis=0) / ok.sum(axis=0)
    with np.errstate(invalid="ignore", divide="ignore"):
        return vals[idx].sum(axis=1) / ok[idx].sum(axis=1)


@dataclass(frozen=True)
class Measure:
    """A target's measurement on one table: estimate, 95 % interval, share of bootstrap
    replicates meeting the goal (``sure``), and the search score."""

    target: Target
    estimate: float
    low: float
    high: float
    sure: float
    score: float
    n_games: int

    @property
    def met(self) -> bool:
        return bool(self.target.met(self.estimate))

    def to_dict(self) -> dict[str, Any]:
        return {
            "target": self.target.text, "estimate": self.estimate, "low": self.low, "high": self.high,
            "met": self.met, "sure": self.sure, "n_games": self.n_games,
        }


def measure(df: pd.DataFrame, target: Target, *, seed: int = 0, reps: int = BOOTSTRAP) -> Measure:
    """The target's metric on ``df`` with a seeded percentile-bootstrap 95 % interval."""
    x, combine = metric_columns(df, target.metric)
    n = len(x)
    if n == 0:
        raise TargetError("the simulation table is empty: play at least one game per trial")
    estimate = float(combine(_nanmeans(x)))
    rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(7,)))
    reps_values = combine(_nanmeans(x, rng.integers(0, n, size=(reps, n))))
    finite = reps_values[~np.isnan(reps_values)]
    alpha = (1 - LEVEL) / 2
    if len(finite):
        low, high = (float(v) for v in np.quantile(finite, [alpha, 1 - alpha]))
        sure = float(np.mean(target.met(finite))) if target.value is not None else math.nan
    else:
        low = high = sure = math.nan
    return Measure(target, estimate, low, high, sure, target.score(estimate), n)
