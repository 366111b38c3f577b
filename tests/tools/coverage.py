"""Coverage of the lab's intervals and false positives of its verdict table, on the exact toy race.

Two variants of the toy race are simulated once on a pool of paired seeds; the pool is cut into
disjoint blocks of ``n`` games and every block is one experiment whose intervals are checked
against the exact answers of :func:`tests.tools.toy_exact.exact_race`. The A-vs-A check
compares a block of variant A with an independent block of the same variant (relabelled to
the same seeds) and counts comparisons in which the verdict table flags anything.

Run ``python -m tests.tools.coverage`` for the full figures (the test suite runs a smaller pool).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

import lab
from lab.stats import compare_frames, mean_interval, paired_difference, proportion
from tests.tools.toy_exact import exact_race

A_PARAMS: dict[str, Any] = {"goal": 8, "max_turns": 8}
B_PARAMS: dict[str, Any] = {"goal": 8, "max_turns": 8, "strict": True}
RATES = ("win_0", "win_1", "draw")
MEANS = ("turns", "length_actions")


def _toy(params: dict[str, Any]) -> lab.Game:
    sys.path.insert(0, "tests")
    from test_experiments_toy import toy

    return toy(**params)


def pools(n_games: int, seed: int = 0) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """Variant A and B on the same seeds, and variant A again on independent seeds."""
    a = lab.simulate(_toy(A_PARAMS), n_games=n_games, seed=seed)
    b = lab.simulate(_toy(B_PARAMS), n_games=n_games, seed=seed)
    a2 = lab.simulate(_toy(A_PARAMS), n_games=n_games, seed=seed + 1)
    return a, b, a2


def _value(df: pd.DataFrame, metric: str) -> np.ndarray:
    if metric.startswith("win_"):
        return (df["winner"].to_numpy() == int(metric[4:])).astype(float)
    return df[metric].to_numpy(dtype=float)


def coverage(a: pd.DataFrame, b: pd.DataFrame, a2: pd.DataFrame, sizes: Sequence[int] = (10, 30, 100)) -> pd.DataFrame:
    """One row per (n, kind, metric): coverage of the 95% intervals over the pool's blocks.

    Kinds: ``rate`` (one variant's win or draw rate), ``mean`` (one variant's mean),
    ``paired`` (the 95% interval of the B − A difference, ``paired_difference``: the method
    ``compare_frames`` prints), and ``a_vs_a`` (share of A-vs-A verdict tables with at least one
    flagged metric, in the ``coverage`` column as 1 − that share).
    """
    ex_a, ex_b = exact_race(A_PARAMS), exact_race(B_PARAMS)
    metrics = [*RATES, *MEANS]
    rows = []
    for n in sizes:
        blocks = len(a) // n
        hits: dict[tuple[str, str], list[bool]] = {}
        widths: dict[tuple[str, str], list[float]] = {}
        flagged = []
        for k in range(blocks):
            sl = slice(k * n, (k + 1) * n)
            da, db, da2 = a.iloc[sl], b.iloc[sl], a2.iloc[sl].copy()
            for m in RATES:
                x = _value(da, m)
                est = proportion(int(x.sum()), n)
                hits.setdefault(("rate", m), []).append(est.lo <= ex_a[m] <= est.hi)
                widths.setdefault(("rate", m), []).append(est.hi - est.lo)
            for m in MEANS:
                est = mean_interval(_value(da, m))
                hits.setdefault(("mean", m), []).append(bool(est.lo <= ex_a[m] <= est.hi))
                widths.setdefault(("mean", m), []).append(est.hi - est.lo)
            for m in metrics:
                truth = ex_b[m] - ex_a[m]
                _, lo, hi, *_ = paired_difference(_value(da, m), _value(db, m))
                hits.setdefault(("paired", m), []).append(bool(lo <= truth <= hi))
                widths.setdefault(("paired", m), []).append(hi - lo)
            da2["seed"] = da["seed"].to_numpy()
            same = compare_frames(da, da2)
            flagged.append(bool(same["significant"].any()))
        for (kind, m), h in hits.items():
            w = np.asarray(widths[(kind, m)], dtype=float)
            rows.append({"n": n, "kind": kind, "metric": m, "blocks": blocks, "coverage": float(np.mean(h)),
                         "zero_width": float(np.mean(w == 0)), "mean_width": float(np.nanmean(w))})
        rows.append({"n": n, "kind": "a_vs_a", "metric": "any flagged", "blocks": blocks,
                     "coverage": 1 - float(np.mean(flagged)), "zero_width": np.nan, "mean_width": np.nan})
    return pd.DataFrame(rows)


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pool", type=int, default=20000, help="games per variant")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    table = coverage(*pools(args.pool, args.seed))
    with pd.option_context("display.max_rows", 200, "display.width", 160):
        print(table.to_string(index=False, float_format=lambda v: f"{v:.3f}"))
    paired = table[table["kind"] == "paired"]
    for n, grp in paired.groupby("n"):
        print(f"n={n}: paired coverage min {grp['coverage'].min():.3f} mean {grp['coverage'].mean():.3f}")
    for _, r in table[table["kind"] == "a_vs_a"].iterrows():
        print(f"n={r['n']}: A-vs-A comparisons with >= 1 flagged metric: {1 - r['coverage']:.3f} ({r['blocks']} comparisons)")


if __name__ == "__main__":
    main()
