"""Compare two variants on paired seeds (common random numbers) with plain-language verdicts.

Both variants play game ``i`` on the same seed, and the driver keeps chance and each agent on
separate random streams, so the two games see the same dice and shuffles for as long as the
rules let them agree. The per-game differences then have a far smaller spread than two
independent runs, and every metric is reported as a paired difference with a 95% interval.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from lab.core.game import Game
from lab.core.registry import load
from lab.sim.simulate import simulate, variant_label
from lab.stats.intervals import Estimate, paired_difference, paired_ratio_change
from lab.stats.summary import first_mover_wins, game_metric_columns, n_seats, win_indicators

#: metric -> (plain name, word when B is higher, word when B is lower, kind)
#: kind "relative": the change is reported in % of A's mean; "rate": in percentage points.
PHRASES: dict[str, tuple[str, str, str, str]] = {
    "length_actions": ("game length (actions)", "lengthens games", "shortens games", "relative"),
    "length_decisions": ("player decisions per game", "raises player decisions per game", "lowers player decisions per game", "relative"),
    "turns": ("turns per game", "lengthens games in turns", "shortens games in turns", "relative"),
    "rounds": ("rounds per game", "lengthens games in rounds", "shortens games in rounds", "relative"),
    "minutes": ("estimated play time", "lengthens play time", "shortens play time", "relative"),
    "first_mover_win": ("first mover's win rate", "raises the first mover's win rate", "lowers the first mover's win rate", "rate"),
    "draw": ("draw / timeout rate", "raises the draw / timeout rate", "lowers the draw / timeout rate", "rate"),
    "timeout": ("timeout rate", "raises the timeout rate", "lowers the timeout rate", "rate"),
    "lead_changes": ("lead changes per game", "raises lead changes per game", "lowers lead changes per game", "relative"),
    "decided_at": ("point where the game is decided", "decides games later", "decides games earlier", "rate"),
    "margin": ("final progress margin", "widens the final margin", "narrows the final margin", "relative"),
}


def _phrase(metric: str) -> tuple[str, str, str, str]:
    if metric in PHRASES:
        return PHRASES[metric]
    if metric.startswith("win_"):
        seat = metric[4:]
        return (f"seat {seat}'s win rate", f"raises seat {seat}'s win rate", f"lowers seat {seat}'s win rate", "rate")
    if metric.startswith("n["):
        return (f"firings of {metric[2:-1]}", f"makes {metric[2:-1]} fire more", f"makes {metric[2:-1]} fire less", "relative")
    return (metric, f"raises {metric}", f"lowers {metric}", "relative")


def _as_game(game: Game | str | Mapping[str, Any], base: Game | None = None) -> Game:
    if isinstance(game, Game):
        return game
    if isinstance(game, str):
        return load(game)
    if isinstance(game, Mapping):
        if base is None:
            raise ValueError("game_a must be a Game or a registered name; only game_b may be a dict of changes")
        changed = type(base)({**base.params_to_dict(), **dict(game)})
        return changed.with_rules(base._house) if base._house else changed
    raise ValueError(f"expected a Game, a registered name or a dict of parameter changes, not {type(game).__name__}")


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


def metric_columns(df_a: pd.DataFrame, df_b: pd.DataFrame, clauses: bool = False) -> list[str]:
    """Metrics present in both tables, in a fixed order (lengths, time, outcomes, lead, game's)."""
    order = ["length_actions", "length_decisions", "turns", "rounds", "minutes", "draw", "timeout"]
    cols = [c for c in order if c in df_a and c in df_b and df_a[c].notna().any() and df_b[c].notna().any()]
    cols += [f"win_{p}" for p in range(min(n_seats(df_a), n_seats(df_b)))]
    if min(n_seats(df_a), n_seats(df_b)) > 1 and all(
        "first_player" in df and (df["first_player"] >= 0).any() for df in (df_a, df_b)
    ):
        cols.append("first_mover_win")
    cols += [c for c in ("lead_changes", "decided_at", "margin") if c in df_a and c in df_b and df_a[c].notna().any() and df_b[c].notna().any()]
    extra = [c for c in game_metric_columns(df_a) if c in set(game_metric_columns(df_b)) and c not in cols]
    cols += extra
    if clauses:
        cols += sorted(set(c for c in df_a.columns if c.startswith("n[")) | set(c for c in df_b.columns if c.startswith("n[")))
    return cols


def _values(df: pd.DataFrame, metric: str) -> np.ndarray:
    if metric.startswith("win_"):
        return win_indicators(df, int(metric[4:]))
    if metric == "first_mover_win":
        return first_mover_wins(df)
    if metric not in df:
        return np.zeros(len(df))  # a clause that never fired in this variant
    return pd.to_numeric(df[metric], errors="coerce").astype(float).to_numpy()


def _kind(metric: str, xa: np.ndarray, xb: np.ndarray) -> str:
    """``rate`` for 0/1 measures (reported in percentage points), else the metric's own kind."""
    both = np.concatenate([xa, xb])
    both = both[~np.isnan(both)]
    if len(both) and np.isin(both, (0.0, 1.0)).all():
        return "rate"
    return _phrase(metric)[3]


def _use_relative(kind: str, diff: Estimate, rel: Estimate) -> bool:
    """Report a relative change unless it is undefined or degenerate (B constant at 0)."""
    if kind != "relative" or math.isnan(rel.value) or math.isnan(rel.lo):
        return False
    return not (rel.half_width == 0 and diff.half_width > 0)


def verdict(
    metric: str, label_b: str, mean_a: float, mean_b: float, diff: Estimate, rel: Estimate, n: int,
    kind: str | None = None,
) -> str:
    """One plain-language sentence about the effect of B (relative to A) on ``metric``."""
    name, up, down, own_kind = _phrase(metric)
    kind = kind or own_kind
    if math.isnan(diff.value):
        return f"{label_b}: {name} cannot be compared (no games where both variants define it)"
    if diff.lo == diff.hi == 0.0:
        shown = f"{mean_a:.1%}" if kind == "rate" else f"{mean_a:.3g}"
        return f"{label_b}: the same {name} in every paired game ({shown}; {n} paired games)"
    relative = _use_relative(kind, diff, rel)
    if kind == "rate":
        size = f"{abs(diff.value) * 100:.1f} ± {diff.half_width * 100:.1f} points ({mean_a:.1%} → {mean_b:.1%})"
        sig = diff.excludes(0.0)
    elif relative:
        size = f"{abs(rel.value):.0%} ± {rel.half_width:.0%} ({mean_a:.3g} → {mean_b:.3g})"
        sig = rel.excludes(0.0)
    else:
        size = f"{abs(diff.value):.3g} ± {diff.half_width:.3g} ({mean_a:.3g} → {mean_b:.3g})"
        sig = diff.excludes(0.0)
    if math.isnan(diff.lo):
        sig = False
    if not sig:
        change = diff.value if not relative else rel.value
        sign = "+" if change >= 0 else "−"
        return f"{label_b}: no clear effect on {name} ({sign}{size}; 95% interval includes 0, {n} paired games)"
    word = up if diff.value > 0 else down
    return f"{label_b} {word} by {size} (95% interval, {n} paired games)"


@dataclass
class Comparison:
    """The result of :func:`compare`: both tables, the per-metric table and the verdicts."""

    label_a: str
    label_b: str
    a: pd.DataFrame
    b: pd.DataFrame
    table: pd.DataFrame
    record: dict[str, Any] = field(default_factory=dict)

    def verdicts(self, significant_only: bool = False) -> list[str]:
        """One sentence per metric (only the clear effects with ``significant_only``)."""
        rows = self.table[self.table["significant"]] if significant_only else self.table
        return list(rows["verdict"])

    def __str__(self) -> str:
        head = f"A: {self.label_a}   B: {self.label_b}   ({self.record.get('n_games')} paired games, seed {self.record.get('seed')})"
        return "\n".join([head, *("  " + v for v in self.verdicts())])

    def _repr_html_(self) -> str:
        cols = ["metric", "a", "b", "diff", "diff_lo", "diff_hi", "rel", "verdict"]
        return f"<p><b>A</b>: {self.label_a} &nbsp; <b>B</b>: {self.label_b}</p>" + self.table[cols].to_html(index=False, float_format=lambda v: f"{v:.4g}")

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data (the command line prints it with ``--json``)."""
        rows = self.table.replace({np.nan: None}).to_dict(orient="records")
        return {"a": self.label_a, "b": self.label_b, "record": self.record, "metrics": rows}


def compare_frames(df_a: pd.DataFrame, df_b: pd.DataFrame, label_a: str = "A", label_b: str = "B", *, metrics: Sequence[str] | None = None, clauses: bool = False) -> pd.DataFrame:
    """The per-metric comparison table of two runs played on the same seeds.

    Raises
    ------
    ValueError
        If the runs were not played on the same seeds (pairing needs the same games).
    """
    if len(df_a) != len(df_b) or not (df_a["seed"].to_numpy() == df_b["seed"].to_numpy()).all():
        raise ValueError("paired comparison needs two runs on the same seeds (same n_games and master seed)")
    available = metric_columns(df_a, df_b, clauses=True)
    cols = list(metrics) if metrics is not None else metric_columns(df_a, df_b, clauses)
    unknown = [m for m in cols if m not in available]
    if unknown:
        raise ValueError(f"unknown metric {unknown[0]!r}; available: {', '.join(available)}")
    rows = []
    for m in cols:
        xa, xb = _values(df_a, m), _values(df_b, m)
        diff = paired_difference(xa, xb)
        rel = paired_ratio_change(xa, xb)
        ma = float(np.nanmean(xa)) if np.isfinite(xa).any() else math.nan
        mb = float(np.nanmean(xb)) if np.isfinite(xb).any() else math.nan
        kind = _kind(m, xa, xb)
        text = verdict(m, label_b, ma, mb, diff, rel, diff.n, kind)
        sig = (rel if _use_relative(kind, diff, rel) else diff).excludes(0.0)
        rows.append({
            "metric": m, "a": ma, "b": mb, "diff": diff.value, "diff_lo": diff.lo, "diff_hi": diff.hi,
            "rel": rel.value, "rel_lo": rel.lo, "rel_hi": rel.hi, "n": diff.n,
            "significant": bool(sig), "verdict": text,
        })
    return pd.DataFrame(rows, columns=["metric", "a", "b", "diff", "diff_lo", "diff_hi", "rel", "rel_lo", "rel_hi", "n", "significant", "verdict"])


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
) -> Comparison:
    """Play both variants on the same ``n_games`` seeds and compare every metric.

    Parameters
    ----------
    game_a, game_b : Game or str
        The two variants (``lab.load(...)``). ``game_b`` may also be a dict of parameter
        changes applied to ``game_a`` (``compare(lab.load("memcel"), {"strict": False})``).
    agents : None, str, dict or list
        The same agents play both variants (``None``: random agents).
    n_games, seed : int
        Games per variant and the master seed (game ``i`` uses the same seed in both).
    workers, executor
        As for :func:`lab.simulate`.
    metrics : list of str, optional
        Columns to compare (default: lengths, time, draw/timeout rate, win rate per seat
        ``win_<p>``, lead statistics and the game's own metrics).
    clauses : bool
        Also compare how often each rule clause fires (``n[<clause>]``).
    labels : (str, str), optional
        Names of the variants in the verdicts (default: the parameters in which they differ).
    progress : bool, optional
        Progress bars, as for :func:`lab.simulate`.

    Returns
    -------
    Comparison
        ``.table`` (one row per metric: means, paired difference and relative change with 95%
        intervals, ``significant``, ``verdict``), ``.verdicts()``, ``.a`` and ``.b`` (the
        per-game tables).
    """
    a = _as_game(game_a)
    b = _as_game(game_b, base=a)
    la, lb = labels if labels is not None else difference_label(a, b)
    own_pool = None
    if executor is None and workers is not None and workers > 1:
        from concurrent.futures import ProcessPoolExecutor

        own_pool = executor = ProcessPoolExecutor(max_workers=workers)
    try:
        df_a = simulate(a, agents, n_games, seed, workers, executor, progress=progress, variant=la)
        df_b = simulate(b, agents, n_games, seed, workers, executor, progress=progress, variant=lb)
    finally:
        if own_pool is not None:
            own_pool.shutdown()
    table = compare_frames(df_a, df_b, la, lb, metrics=metrics, clauses=clauses)
    record = {"a": df_a.attrs["record"], "b": df_b.attrs["record"], "n_games": n_games, "seed": seed}
    return Comparison(la, lb, df_a, df_b, table, record)
