"""Coverage of the lab's intervals against exact answers (the toy race solved by dynamic
programming), and the false-positive rate of its verdict table, at n = 10, 30 and 100.

One seeded pool of paired games is cut into disjoint blocks; every block is one experiment.
``python -m tests.tools.coverage`` prints the same figures on a larger pool.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from lab.stats.plan import stein_interval, stein_size
from tests.tools.coverage import A_PARAMS, B_PARAMS, _value, coverage, pools
from tests.tools.toy_exact import exact_race

POOL = 2000


@pytest.fixture(scope="module")
def pool() -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    return pools(POOL, seed=5)


@pytest.fixture(scope="module")
def figures(pool: tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]) -> pd.DataFrame:
    table = coverage(*pool)
    print("\n" + table.to_string(index=False, float_format=lambda v: f"{v:.3f}"))
    return table


def test_exact_race_matches_a_long_simulation(pool: tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]) -> None:
    a, b, _ = pool
    for df, params in ((a, A_PARAMS), (b, B_PARAMS)):
        exact = exact_race(params)
        for m in ("win_0", "draw", "turns", "length_actions"):
            x = _value(df, m)
            se = x.std(ddof=1) / np.sqrt(len(x))
            assert abs(x.mean() - exact[m]) < 4 * se + 1e-9, (m, x.mean(), exact[m])


@pytest.mark.slow
@pytest.mark.parametrize("n", [10, 30, 100])
def test_intervals_cover_about_95_percent(figures: pd.DataFrame, n: int) -> None:
    rows = figures[(figures["n"] == n) & (figures["kind"] != "a_vs_a")]
    blocks = int(rows["blocks"].iloc[0])
    # a coverage this low would happen with probability < 0.1% if the interval covered 95%
    # (exact binomial test over the blocks; the old normal intervals fail it at n = 10 and 30)
    p_low = [stats.binomtest(round(c * blocks), blocks, 0.95, alternative="less").pvalue for c in rows["coverage"]]
    low = rows[np.array(p_low) < 0.001]
    assert low.empty, low.to_string()
    assert (rows["zero_width"] == 0).all(), rows.to_string()


@pytest.mark.slow
def test_a_variant_compared_with_itself_is_flagged_at_most_5_percent_of_the_time(figures: pd.DataFrame) -> None:
    rows = figures[figures["kind"] == "a_vs_a"]
    flagged = (1 - rows["coverage"]) * rows["blocks"]
    overall = flagged.sum() / rows["blocks"].sum()
    assert overall <= 0.05, rows.to_string()


@pytest.mark.slow
def test_two_stage_design_reaches_its_width_and_covers(pool: tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]) -> None:
    """Stein's design: pilot of 20, then as many paired games as the pilot's spread asks."""
    a, b, _ = pool
    truth = {m: exact_race(B_PARAMS)[m] - exact_race(A_PARAMS)[m] for m in ("win_0", "length_actions")}
    for metric, width, binary in (("win_0", 0.2, True), ("length_actions", 1.0, False)):
        d = _value(b, metric) - _value(a, metric)
        start, hits, runs = 0, 0, 0
        while True:
            pilot = d[start:start + 20]
            n = stein_size(pilot, width, binary=binary, level=0.95)
            if start + n > len(d):
                break
            est = stein_interval(pilot, d[start:start + n], binary=binary)
            assert est.half_width <= width + 1e-12
            hits += est.lo <= truth[metric] <= est.hi
            runs += 1
            start += n
        assert runs >= 15, runs
        assert hits / runs >= 0.95 - 3 * np.sqrt(0.05 * 0.95 / runs), (metric, hits, runs)
