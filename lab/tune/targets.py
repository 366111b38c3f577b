"""Targets of the autopilot: a metric of the simulation table and a goal for it.

Target text (``lab.tune(..., targets=[...])`` and ``rules-lab tune --target``)::

    minutes=20        minutes≈20       minutes=20±2     (about: within ± tolerance, default 5 %)
    spread<=0.03      spread≤0.03      win>=0.3         (at most / at least)
    max:n[FC-E2]      min:length                         (as high / as low as possible)

Metrics (each a function of per-game columns, with a 95 % interval):

- any numeric column of the table, as its mean over games: ``minutes``, ``turns``, ``timeout``,
  ``win``, ``decided_at``, ``lead_changes``, ... (NaN rows are left out);
- ``length`` (player decisions per game; ``actions`` counts chance outcomes too);
- ``n[CLAUSE]``: mean firings of a rule clause per game; ``fired[CLAUSE]``: the share of games
  in which it fired at all (at any moment: in a game of several rounds a clause may fire in a
  round and still not decide the game); ``decided[CLAUSE]``: the share of games whose result the
  clause decided (the table's ``decided_by``, where the game reports it — e.g. Fiemme–Cembra's
  ``decided[FC-E2]``, matches won by a complete set);
- ``spread``: the seat win-rate spread, highest minus lowest seat win rate (sole winners);
- ``first_mover``: the first player's win rate minus 1/players;
- ``win_rate[p]``: seat ``p``'s win rate (as sole winner); ``draw_rate``: games without a winner.
- ``gap[UPPER>LOWER]``, e.g. ``gap[greedy>random]``: the skill-ladder gap, the win-rate gain of
  agent ``UPPER`` over agent ``LOWER`` on paired seeds (one rung of a skill ladder, played on the
  trial's seeds in addition to its games; see :mod:`lab.tune.stages`).

What each interval is, and how a goal is judged
-----------------------------------------------
Every interval is a 95 % confidence interval of the metric's true value for the variant (the
expectation over games): Wilson's interval for a share of games (``win_rate``, ``fired``,
``decided``, ``draw_rate``, a 0/1 column; ``first_mover`` shifted by ``1/players``); Tango's
interval for the paired ``gap``; the t interval for other means (never of zero width: a column
that is the same in every game is taken as if one more pair of games had been one unit away). ``spread``'s
interval holds every ``max − min`` that simultaneous intervals of all seat-pair differences
allow (Tango's interval for each pair, Bonferroni over the pairs), so its lower end is 0
whenever the seats could all be equal — a percentile bootstrap of ``max − min`` is biased
upwards and covered the true 0 of a fair game in only 10.5 % of runs in an independent audit.

A goal is judged by the interval, not by the estimate: **met** when the whole interval lies
inside the goal (``about``: within ``value ± tolerance``; ``at_most``: at or below), **not met**
when the whole interval lies outside it, and **undecided** when it reaches both sides (more
games would tell). So a "met" is wrong at most about 2.5 % of the time for a variant just
outside the goal, and a "not met" as rarely for one just inside.
"""

from __future__ import annotations

import math
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from lab.core.errors import LabError, cut
from lab.stats.intervals import mean_interval, proportion, t_quantile, tango_interval

GOALS = ("about", "at_most", "at_least", "maximise", "minimise")
_SYMBOLS = {"<=": "at_most", "≤": "at_most", ">=": "at_least", "≥": "at_least", "=": "about", "≈": "about", "~": "about"}
_PATTERN = re.compile(r"^\s*(?P<metric>(?:[^<>=≈≤≥~\[]|\[[^\]]*\])+?)\s*(?P<op><=|>=|≤|≥|=|≈|~)\s*(?P<value>[^±]+?)\s*(?:±\s*(?P<tol>.+?))?\s*$")
LEVEL = 0.95
VERDICTS = ("met", "not met", "undecided")


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

    @property
    def band(self) -> tuple[float, float]:
        """The values that meet the goal, ``(low, high)`` (infinite for maximise/minimise)."""
        if self.goal == "about":
            assert self.value is not None
            return (self.value - self.tol, self.value + self.tol)
        if self.goal == "at_most":
            return (-math.inf, float(self.value or 0.0))
        if self.goal == "at_least":
            return (float(self.value or 0.0), math.inf)
        return (-math.inf, math.inf)

    def verdict(self, low: float, high: float) -> str:
        """``"met"`` (the interval ``[low, high]`` lies inside the goal), ``"not met"`` (it lies
        outside), ``"undecided"`` (it reaches both sides); ``""`` for maximise/minimise."""
        if self.value is None:
            return ""
        if math.isnan(low) or math.isnan(high):
            return "undecided"
        lo, hi = self.band
        if lo <= low and high <= hi:
            return "met"
        if high < lo or low > hi:
            return "not met"
        return "undecided"


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
_CLAUSE = re.compile(r"(n|fired|decided)\[(.+)\]")
_SEAT = re.compile(r"win_rate(?:\[(\d+)\])?")
_ALIASES = {"length": "length_decisions", "actions": "length_actions", "draw_rate": "draw"}


def _players(df: pd.DataFrame) -> int:
    return sum(1 for c in df.columns if c.startswith("return_"))


def _binary(x: np.ndarray) -> bool:
    ok = x[~np.isnan(x)]
    return bool(len(ok)) and bool(np.isin(ok, (0.0, 1.0)).all())


def _share(x: np.ndarray, shift: float = 0.0) -> tuple[float, float, float]:
    """A share of games (0/1 values, NaN left out) with its Wilson interval, minus ``shift``."""
    ok = x[~np.isnan(x)]
    if not len(ok):
        return math.nan, math.nan, math.nan
    est = proportion(int(ok.sum()), len(ok), LEVEL)
    return est.value - shift, est.lo - shift, est.hi - shift


def _mean(x: np.ndarray) -> tuple[float, float, float]:
    """A mean over games with its t interval (a constant column: as if one more pair of games
    had differed from it by one unit each way)."""
    ok = x[~np.isnan(x)]
    if not len(ok):
        return math.nan, math.nan, math.nan
    if _binary(ok):
        return _share(ok)
    est = mean_interval(ok, LEVEL)
    if len(ok) > 1 and est.lo == est.hi:  # the same value in every game: one more game a unit away
        sd = math.sqrt(2.0 / (len(ok) + 1))
        half = t_quantile(LEVEL, len(ok) - 1) * sd / math.sqrt(len(ok))
        return est.value, est.value - half, est.value + half
    return est.value, est.lo, est.hi


def spread_interval(winner: np.ndarray, players: int) -> tuple[float, float, float]:
    """Highest minus lowest seat win rate (sole winners) with its simultaneous interval.

    Every seat pair ``(p, q)`` gets Tango's interval of ``win_p − win_q`` (two 0/1 outcomes of
    the same game: a game won by ``p`` is a pair where only ``p`` is 1) at ``1 − 5 % / pairs``;
    all hold at once with probability at least 95 %, and then ``max − min`` lies between the
    largest lower end (at least 0) and the largest upper end of the pairs' intervals.
    """
    n = len(winner)
    wins = [int((winner == p).sum()) for p in range(players)]
    rates = [w / n for w in wins]
    pairs = players * (players - 1) // 2
    level = 1 - (1 - LEVEL) / pairs
    low, high = 0.0, 0.0
    for p in range(players):
        for q in range(p + 1, players):
            lo, hi = tango_interval(wins[p], wins[q], n, level)  # win_p − win_q ... (up = p wins)
            low = max(low, lo, -hi)
            high = max(high, hi, -lo)
    return max(rates) - min(rates), low, high


def metric_columns(df: pd.DataFrame, metric: str) -> np.ndarray:
    """The per-game values of a plain metric (not ``spread``, ``first_mover`` or ``gap``).

    Raises
    ------
    TargetError
        If the table has no such metric (the message lists some it has).
    """
    winner = df["winner"].to_numpy() if "winner" in df.columns else None
    m = _CLAUSE.fullmatch(metric)
    if m:
        if m[1] == "decided":
            return (df["decided_by"].astype(str) == m[2]).to_numpy(dtype=float) if "decided_by" in df.columns else np.zeros(len(df))
        col = f"n[{m[2]}]"
        counts = df[col].to_numpy(float) if col in df.columns else np.zeros(len(df))
        return counts if m[1] == "n" else (counts > 0).astype(float)
    m = _SEAT.fullmatch(metric)
    if m and winner is not None:
        seat = int(m[1] or 0)
        if seat >= _players(df):
            msg = f"target win_rate[{seat}]: this variant has {_players(df)} seats (0..{_players(df) - 1})"
            raise TargetError(msg)
        return (winner == seat).astype(float)
    col = _ALIASES.get(metric, metric)
    if col in df.columns and col not in ("game_index", "seed") and (
        pd.api.types.is_numeric_dtype(df[col]) or pd.api.types.is_bool_dtype(df[col])
    ):
        return df[col].to_numpy(float)
    numeric = [c for c in df.columns if pd.api.types.is_numeric_dtype(df[c]) and not c.startswith("n[")]
    known = ", ".join(["length", "spread", "first_mover", "win_rate[p]", "n[CLAUSE]", "fired[CLAUSE]", "decided[CLAUSE]",
                       "gap[UPPER>LOWER]", *numeric[:20]])
    raise TargetError(f"no metric {cut(metric, 60)!r} in this simulation table; metrics: {known}")


def estimate(df: pd.DataFrame, metric: str) -> tuple[float, float, float]:
    """``(estimate, low, high)`` of ``metric`` on ``df``, the interval at 95 % (module doc)."""
    players = _players(df)
    winner = df["winner"].to_numpy() if "winner" in df.columns else None
    if metric == "spread" and winner is not None and players >= 2:
        return spread_interval(winner, players)
    if metric == "first_mover" and winner is not None and players >= 2:
        first = df["first_player"].to_numpy()
        won = np.where(first >= 0, (winner == first).astype(float), np.nan)
        return _share(won, 1.0 / players)
    if metric.startswith("gap["):  # a gap table: win(UPPER) − win(LOWER) per (game, seat) row
        x = df[metric].to_numpy(float)
        x = x[~np.isnan(x)]
        up, down = int((x > 0).sum()), int((x < 0).sum())
        lo, hi = tango_interval(up, down, len(x), LEVEL)
        return (up - down) / len(x), lo, hi
    return _mean(metric_columns(df, metric))


@dataclass(frozen=True)
class Measure:
    """A target's measurement on one table: estimate, 95 % interval, the goal's verdict
    (``met`` / ``not met`` / ``undecided``, from the interval; ``""`` for maximise/minimise)
    and the search score."""

    target: Target
    estimate: float
    low: float
    high: float
    verdict: str
    score: float
    n_games: int

    @property
    def met(self) -> bool:
        """The interval lies inside the goal (always False for maximise/minimise)."""
        return self.verdict == "met"

    def to_dict(self) -> dict[str, Any]:
        return {
            "target": self.target.text, "estimate": self.estimate, "low": self.low, "high": self.high,
            "level": LEVEL, "verdict": self.verdict, "met": self.met, "n_games": self.n_games,
        }


def measure(df: pd.DataFrame, target: Target) -> Measure:
    """The target's metric on ``df`` with its 95 % interval and the goal's verdict."""
    if len(df) == 0:
        raise TargetError("the simulation table is empty: play at least one game per trial")
    value, low, high = estimate(df, target.metric)
    return Measure(target, value, low, high, target.verdict(low, high), target.score(value), len(df))


# ---------------------------------------------------------------------- checks before any game
_CLAUSE_ID = re.compile(r"[A-Z][A-Z0-9]*(?:-[A-Z0-9.]+)+")
_QUOTED = re.compile(r"[\"']([A-Z][A-Z0-9]*(?:-[A-Z0-9.]+)+)[\"']")


def known_clauses(game: Any) -> set[str]:
    """Clause IDs the game names: its parameters' and rule points' clauses, and the clause IDs
    quoted in its rules code (the source files of its package, where it has one; read as text,
    never imported)."""
    found: set[str] = set()
    for spec in game.parameter_specs():
        found.update(str(c) for c in getattr(spec, "clauses", ()) or ())
    points = getattr(game, "rule_points", None)
    if points is not None:
        for point in points():
            found.add(str(getattr(point, "name", point)))
            found.update(str(c) for c in getattr(point, "clauses", ()) or ())
    module = sys.modules.get(type(game).__module__)
    source = getattr(module, "__file__", None)
    if source and type(game).__module__.count("."):  # a package's module: read its sibling sources
        for path in sorted(Path(source).parent.glob("*.py"))[:200]:
            try:
                found.update(_QUOTED.findall(path.read_text(encoding="utf-8", errors="replace")[:2_000_000]))
            except OSError:
                continue
    return {c for c in found if c}


def _namespace(clause: str) -> str:
    """``MC-2.1.2.2`` -> ``MC``; ``AMB-FC-1`` -> ``FC``; ``INC-SS-3`` -> ``SS``."""
    parts = clause.split("-")
    if parts[0] in ("AMB", "INC") and len(parts) > 1:
        return parts[1]
    return parts[0]


def check_targets(game: Any, targets: Sequence[Target], max_players: int) -> None:
    """Refuse, before any game is played, targets that name no column of the game's tables:
    a seat beyond the players the space allows (``win_rate[99]``), or a clause the game does not
    name anywhere (``n[ZZ-9]``; for a game whose rules code cannot be read, a clause outside the
    namespaces of the clauses it declares)."""
    known = known_clauses(game)
    spaces = sorted({_namespace(c) for c in known})
    for t in targets:
        seat = _SEAT.fullmatch(t.metric)
        if seat and int(seat[1] or 0) >= max_players:
            msg = (f"target {t.text}: seat {int(seat[1] or 0)} does not exist; {game.name} has at most {max_players} "
                   f"players in this space (seats 0..{max_players - 1})")
            raise TargetError(msg)
        m = _CLAUSE.fullmatch(t.metric)
        if m is None or not known:
            continue
        clause = m[2].strip()
        if clause in known:
            continue
        if not _CLAUSE_ID.fullmatch(clause):
            raise TargetError(f"target {t.text}: {clause!r} is not a clause ID (such as {min(known)})")
        where = f"clause IDs begin {', '.join(s + '-' for s in spaces)}" if _namespace(clause) not in spaces else \
            "no parameter, rule point or rule of its code names it"
        raise TargetError(f"target {t.text}: {clause} is not a clause of {game.name} ({where})")
