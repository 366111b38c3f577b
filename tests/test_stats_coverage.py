"""Coverage of the lab's printed intervals and verdicts against exact answers (issue 37): a smaller
run of ``python -m tests.tools.coverage`` (1,000 replications per cell; the figures measured for
issue 37 are in ``benchmarks/coverage.json``, summarised in benchmarks/README.md).

The toy race's exact answers come from dynamic programming (:mod:`tests.tools.toy_exact`); the
first test checks them against simulation. The others are marked slow: each checks a cell of the
suite with a binomial test, so that a method that under-covers (or over-claims) fails while the
noise of a few hundred replications does not.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from scipy import stats

import lab
from tests.tools import coverage as cov
from tests.tools.toy_exact import exact_race


def _too_low(share: float, reps: int, floor: float) -> bool:
    """Whether ``share`` of ``reps`` is clearly below ``floor`` (exact binomial test, p < 0.001)."""
    return stats.binomtest(round(share * reps), reps, floor, alternative="less").pvalue < 0.001


def _too_high(share: float, reps: int, ceiling: float) -> bool:
    return stats.binomtest(round(share * reps), reps, ceiling, alternative="greater").pvalue < 0.001


@pytest.mark.parametrize("params", [cov.BASE, cov.PAIRS["sparse"][1], cov.PAIRS["dense"][1], cov.FAIR3])
def test_the_exact_race_matches_a_long_simulation(params: dict) -> None:
    df = lab.simulate(cov._toy(params), n_games=3000, seed=5, progress=False)
    exact = exact_race(params)
    for metric, values in (("win_0", (df["winner"] == 0).to_numpy(float)), ("draw", df["draw"].to_numpy(float)),
                           ("first_mover_win", (df["winner"] == df["first_player"]).to_numpy(float)),
                           ("turns", df["turns"].to_numpy(float)), ("length_actions", df["length_actions"].to_numpy(float)),
                           ("minutes", df["minutes"].to_numpy(float))):
        se = values.std(ddof=1) / np.sqrt(len(values))
        assert abs(values.mean() - exact[metric]) < 4 * se + 1e-9, (params, metric, values.mean(), exact[metric])


def test_a_trap_makes_most_paired_games_agree() -> None:
    """The sparse pair is what the audit measured: most paired differences of a length are 0."""
    pool = cov.Pool(*cov.PAIRS["sparse"], seed=3, chunk=2000)
    a, b = pool.rows(0, 2000)
    differ = np.mean(a["length_actions"].to_numpy() != b["length_actions"].to_numpy())
    assert 0.1 < differ < 0.35


@pytest.fixture(scope="module")
def compare_rows() -> pd.DataFrame:
    return pd.DataFrame(cov.compare_cells(80, seed=11, pairs=("sparse", "dense")))


@pytest.mark.slow
@pytest.mark.parametrize("kind", list(cov.METRICS))
def test_printed_intervals_cover_for_rates_counts_and_non_integer_means(compare_rows: pd.DataFrame, kind: str) -> None:
    rows = compare_rows[(compare_rows["cell"] == "compare") & (compare_rows["kind"] == kind)]
    for _, r in rows.iterrows():
        floor = 0.93 if r["n"] == 10 else 0.94
        assert not _too_low(r["coverage"], r["reps"], floor), r.to_dict()
        assert not _too_low(r["coverage_95"], r["reps"], floor), r.to_dict()
        assert r["zero_width"] == 0, r.to_dict()


@pytest.mark.slow
def test_a_margin_just_inside_the_truth_rarely_says_equivalent(compare_rows: pd.DataFrame) -> None:
    rows = compare_rows[compare_rows["cell"] == "margin"]
    for _, r in rows.iterrows():
        assert not _too_high(r["false_equivalence"], r["reps"], 0.05), r.to_dict()


@pytest.mark.slow
def test_a_variant_against_itself_flags_a_table_at_most_5_percent_of_the_time() -> None:
    rows = pd.DataFrame(cov.a_vs_a_cells(80, seed=12))
    flagged = float((rows["flagged"] * rows["reps"]).sum())
    assert not _too_high(flagged / rows["reps"].sum(), int(rows["reps"].sum()), 0.05), rows.to_string()


@pytest.mark.slow
def test_until_reaches_its_width_and_covers_and_a_plan_keeps_its_promise(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cov, "UNTIL_CASES", (("sparse", "length_actions", "count"),))
    monkeypatch.setattr(cov, "PILOTS", (10, 30))
    until = pd.DataFrame(cov.until_cells(30, seed=13, need=120))
    assert (until["reached"] == 1.0).all(), until.to_string()
    for _, r in until.iterrows():
        assert not _too_low(r["coverage"], r["reps"], 0.93), r.to_dict()
        assert r["games"] < 4 * r["games_needed"], r.to_dict()
    plans = pd.DataFrame(cov.plan_cells(30, seed=14, need=120))
    for _, r in plans.iterrows():
        assert not _too_low(r["reached"], r["reps"], r["promised"]), r.to_dict()
        assert not _too_low(r["coverage"], r["reps"], 0.93), r.to_dict()


@pytest.mark.slow
def test_spread_covers_a_fair_game_and_never_calls_it_unfair() -> None:
    rows = pd.DataFrame(cov.spread_cells(100, seed=15))
    for _, r in rows.iterrows():
        assert not _too_low(r["coverage"], r["reps"], 0.94), r.to_dict()
        assert not _too_high(r["wrong_verdict"], r["reps"], 0.025), r.to_dict()


@pytest.mark.slow
def test_the_autopilot_rarely_calls_a_target_met_that_is_not() -> None:
    rows = pd.DataFrame(cov.tune_cells(12, seed=16))
    for _, r in rows.iterrows():
        assert not _too_low(r["coverage"], r["finalists"], 0.94), r.to_dict()
        assert not _too_high(r["false_met"], r["finalists"], 0.05), r.to_dict()
