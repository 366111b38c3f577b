"""Paired inference of comparisons: intervals and the tests they invert, multiplicity, equivalence,
planning, chance streams that keep variants paired, and run records in every output format."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from scipy import stats
from statsmodels.stats.multitest import multipletests
from test_experiments_toy import toy

import lab
from lab.cli import main
from lab.sim.simulate import read_table, record_path, write_table
from lab.sim.streams import ChanceStreams, race
from lab.stats import (
    compare_frames,
    graphical_holm,
    paired_binary_difference,
    paired_difference,
    tango_interval,
)
from lab.stats.intervals import baseline_far_from_zero, paired_ratio_change
from lab.stats.plan import parse_precision


# ---------------------------------------------------------------------------- intervals
def test_tango_interval_never_has_zero_width_nor_leaves_the_possible_range() -> None:
    for n in (1, 3, 10, 30):
        for up in range(n + 1):
            for down in range(n + 1 - up):
                lo, hi = tango_interval(up, down, n)
                est = (up - down) / n
                assert -1 <= lo <= est <= hi <= 1 and hi - lo > 0, (up, down, n, lo, hi)


def test_a_paired_rate_is_significant_exactly_when_its_interval_excludes_0() -> None:
    rng = np.random.default_rng(3)
    for _ in range(300):
        n = int(rng.integers(10, 80))
        a = (rng.random(n) < rng.random()).astype(float)
        b = np.where(rng.random(n) < 0.3, 1 - a, a)
        for level in (0.95, 0.99):
            est = paired_binary_difference(a, b, level)
            assert (est.p < 1 - level) == est.excludes(0.0), (est, level)


def _prior_pair_t(a: np.ndarray, b: np.ndarray) -> tuple[float, float]:
    """The documented test, computed here from its formula: (t statistic, p)."""
    d = b - a
    n, k = len(d), np.count_nonzero(d)
    w = 1 / (1 + k) ** 2
    values = np.unique(np.r_[a, b])
    step = np.diff(values).min() if len(values) > 1 else 1.0
    u2 = max(a.var(ddof=1) + b.var(ddof=1), step**2)
    if k >= 4:
        u2 = min(u2, max(3 * np.abs(d).max(), step) ** 2)
    m2 = ((d - d.mean()) ** 2).sum()
    s2 = max((m2 + 2 * w * u2) / (n - 1 + 2 * w), 2 * step**2 / (n + 1))
    kurt = n * ((d - d.mean()) ** 4).sum() / m2**2
    df = min(n - 1, max(1, 2 / ((kurt - 1) / n + 2 / (n * (n - 1)))))
    t = d.mean() / np.sqrt(s2 / n)
    return float(t), float(2 * stats.t.sf(abs(t), df))


def test_a_paired_mean_is_significant_exactly_when_its_interval_excludes_0() -> None:
    rng = np.random.default_rng(4)
    for _ in range(200):
        n = int(rng.integers(10, 60))
        a = rng.normal(10, 3, n)
        b = a + rng.normal(rng.normal(0, 0.5), 2, n)
        est = paired_difference(a, b)
        assert (est.p < 0.05) == est.excludes(0.0)
        assert est.p == pytest.approx(_prior_pair_t(a, b)[1], rel=1e-9)
        rel = paired_ratio_change(a, b)
        assert (rel.lo > 0 or rel.hi < 0) == est.excludes(0.0)  # Fieller inverts the same test


def test_pairs_that_all_agree_on_a_count_still_get_an_interval() -> None:
    est = paired_difference(np.full(12, 7.0), np.full(12, 7.0))
    assert est.lo < 0 < est.hi and not est.excludes(0.0)


def test_pairs_that_all_agree_on_a_measure_in_halves_get_an_interval_as_wide_as_unpaired_games_allow() -> None:
    """Issue 37 item 2: minutes (half-minute steps) that agree in all 10 pairs gave [0, 0]."""
    a = np.array([2.5, 4.0, 3.5, 6.0, 3.0, 4.5, 5.0, 2.0, 3.5, 4.0])
    est = paired_difference(a, a.copy())
    unpaired = np.sqrt(2 * a.var(ddof=1))  # no pair differs: a whole prior pair at ± unpaired
    half = stats.t.ppf(0.975, 9) * np.sqrt(2 * unpaired**2 / 11 / 10)
    assert est.value == 0 and est.hi == pytest.approx(half) and est.lo == pytest.approx(-half)
    assert half > 0.5 * unpaired / np.sqrt(10)
    # the weight fades as pairs differ: with every pair differing, about the paired t interval
    rng = np.random.default_rng(2)
    b = a + rng.normal(0.3, 0.5, 10)
    t_half = stats.t.ppf(0.975, 9) * (b - a).std(ddof=1) / np.sqrt(10)
    assert paired_difference(a, b).half_width < 1.3 * t_half


def test_a_sparse_skewed_difference_is_covered_where_the_plain_t_interval_is_not() -> None:
    """Game lengths that a rule changes in one pair in five, always shorter, by 1 + Poisson(4.5)
    actions (true mean difference -1.1; the audit's case): 2,000 experiments of 10 pairs."""
    rng = np.random.default_rng(11)
    covered = plain = 0
    for _ in range(2000):
        a = 6 + rng.negative_binomial(3, 0.3, 10).astype(float)
        b = a - (1 + rng.poisson(4.5, 10)) * (rng.random(10) < 0.2)
        est = paired_difference(a, b)
        covered += est.lo <= -1.1 <= est.hi
        d = b - a
        h = stats.t.ppf(0.975, 9) * d.std(ddof=1) / np.sqrt(10)
        plain += d.mean() - h <= -1.1 <= d.mean() + h
    assert covered / 2000 >= 0.95 > plain / 2000, (covered, plain)


def test_a_baseline_near_0_gets_no_relative_change() -> None:
    near_zero = np.r_[np.zeros(95), np.ones(5)] * 0.01
    assert not baseline_far_from_zero(near_zero)
    assert baseline_far_from_zero(np.full(40, 20.0) + np.arange(40) % 3)


# ---------------------------------------------------------------------------- tables
def synthetic(values: dict[str, np.ndarray], n: int) -> pd.DataFrame:
    """A minimal run table (two seats, seat 0 always wins) with extra metric columns."""
    df = pd.DataFrame({"seed": np.arange(n), "winners": ["[0]"] * n, "draw": [False] * n,
                       "return_0": 1.0, "return_1": -1.0})
    for k, v in values.items():
        df[k] = v
    return df


def test_an_absolute_change_from_near_0_is_reported_in_units_not_percent() -> None:
    rng = np.random.default_rng(1)
    a = (rng.random(400) < 0.01).astype(float) * 0.5
    b = a + 0.14 + rng.normal(0, 0.4, 400)
    t = compare_frames(synthetic({"m": a}, 400), synthetic({"m": b}, 400), metrics=["m"]).set_index("metric")
    assert t.loc["m", "scale"] == "absolute" and t.loc["m", "significant"]
    assert "%" not in t.loc["m", "verdict"].split("(")[0] and "raises m by 0.1" in t.loc["m", "verdict"]


def test_seat_indices_are_never_compared_and_duplicates_are_left_out() -> None:
    a = lab.simulate(toy(goal=12, max_turns=8), n_games=20, seed=1)  # some games time out
    b = lab.simulate(toy(goal=12, max_turns=9), n_games=20, seed=1)
    for df in (a, b):
        df["start_player"] = 0
    t = compare_frames(a, b)
    assert "start_player" not in set(t["metric"]) and "first_player" not in set(t["metric"])
    assert "timeout" not in set(t["metric"]) and t.attrs["dropped"]["timeout"] == "the same values as draw"
    with pytest.raises(ValueError, match="seat index or category"):
        compare_frames(a, b, metrics=["start_player"])


def test_too_few_games_give_no_verdict() -> None:
    c = lab.compare(toy(), {"strict": True}, n_games=3, seed=2)
    assert not c.table["significant"].any()
    assert all("too little data" in v and "3 paired games" in v for v in c.verdicts())
    assert not any("includes 0" in v or "nan" in v for v in c.verdicts())


def test_every_flag_is_its_printed_interval_excluding_0_and_the_table_counts_them() -> None:
    c = lab.compare(toy(), {"strict": True}, n_games=300, seed=1)
    t = c.table
    assert ((t["diff_lo"] > 0) | (t["diff_hi"] < 0)).eq(t["significant"]).all(), t
    assert (t["level"] >= 0.95).all() and set(t["role"]) == {"primary", "secondary"}
    assert c.summary.startswith(f"{int(t['significant'].sum())} of {len(t)} metrics flagged")
    assert f"about {len(t)} × 5% = {len(t) * 0.05:.1f}" in c.summary and c.summary in str(c)


def test_graphical_holm_is_holm_without_primary_metrics_and_spends_at_most_alpha() -> None:
    rng = np.random.default_rng(0)
    for i in range(200):
        p = rng.random(8) ** 3
        flagged, levels = graphical_holm(p, [False] * 8)
        if i < 20:  # statsmodels' multipletests is slow to call
            assert (flagged == multipletests(p, 0.05, method="holm")[0]).all()
        assert ((p <= levels) == flagged).all()
        prim = rng.random(8) < 0.3
        flagged, levels = graphical_holm(p, prim)
        assert ((p <= levels) == flagged).all()
        if not flagged.any():
            assert levels.sum() == pytest.approx(0.05)


def test_an_unchanged_variant_is_equivalent_within_a_margin() -> None:
    c = lab.compare(toy(), toy(), n_games=60, seed=0, metrics=["win_0", "length_actions"],
                    margin={"win_0": 0.25, "length_actions": 2.0}, primary="win_0")
    t = c.table.set_index("metric")
    assert t["equivalent"].all() and not t["significant"].any()
    assert "win rate equivalent within ± 25.0 points" in t.loc["win_0", "verdict"]
    narrow = lab.compare(toy(), toy(), n_games=60, seed=0, metrics=["win_0"], margin=0.01).table.iloc[0]
    assert not narrow["equivalent"] and "not shown to lie within ± 1.0 points" in narrow["verdict"]
    assert "the data allow anything from -" in narrow["verdict"]


# ---------------------------------------------------------------------------- planning
def test_plan_sizes_an_experiment_from_a_pilot() -> None:
    p = lab.plan(toy(), {"strict": True}, "length_actions", precision=0.5, pilot=40, seed=3)
    assert p.n_games > p.n_even > 40 and p.spread_upper > p.spread > 0 and p.assurance == 0.9
    text = str(p)
    assert f"{p.n_games} paired games per variant give its 96% interval" in text and "in 90% of runs" in text
    assert "primary='length_actions'" in text
    wide = lab.plan(toy(), {"strict": True}, "length_actions", precision=5.0, pilot=40, seed=3)
    assert 10 <= wide.n_games < 40  # fewer than the pilot would do (never fewer than a verdict needs)
    sure = lab.plan(toy(), {"strict": True}, "length_actions", precision=0.5, pilot=40, seed=3, assurance=0.99)
    assert sure.n_games > p.n_games
    with pytest.raises(ValueError, match="assurance"):
        lab.plan(toy(), {"strict": True}, "length_actions", precision=0.5, pilot=40, assurance=1.0)
    assert parse_precision("± 2 points", True) == pytest.approx(0.02)
    with pytest.raises(ValueError, match="not a rate"):
        parse_precision("± 2 points", False)
    with pytest.raises(ValueError, match="pilot"):
        lab.plan(toy(), {"strict": True}, "length_actions", precision=1.0, pilot=3)


def test_until_plays_until_the_primary_interval_is_narrow_enough() -> None:
    c = lab.compare(toy(), {"strict": True}, n_games=30, seed=4, primary="length_actions", until=1.0)
    row = c.table.set_index("metric").loc["length_actions"]
    assert row["diff_hi"] - row["diff_lo"] <= 2.0 and c.record["until"]["pilot"] == 30
    assert len(c.a) == c.record["until"]["n_games"] > 30 and row["level"] >= 0.96 - 1e-12
    assert c.record["until"]["steps"][0] == 30 and c.record["until"]["steps"][-1] == len(c.a)
    # a pilot whose pairs all agree on the metric cannot stop at the pilot with a zero width
    same = lab.compare(toy(), toy(), n_games=10, seed=4, primary="length_actions", until=0.5)
    row = same.table.set_index("metric").loc["length_actions"]
    assert len(same.a) > 10 and 0 < row["diff_hi"] - row["diff_lo"] <= 1.0
    with pytest.raises(ValueError, match="exactly one primary"):
        lab.compare(toy(), {"strict": True}, n_games=30, until=1.0)


def test_an_until_run_prints_an_interval_that_allows_for_its_stop() -> None:
    """The stopped metric's printed 96 % interval is the fixed-sample one at 98 % (half the
    error allowance spent on the stop) with its p doubled, so flag and interval still agree."""
    c = lab.compare(toy(), {"strict": True}, n_games=30, seed=4, primary="length_actions", until=1.0)
    row = c.table.set_index("metric").loc["length_actions"]
    x, y = c.a["length_actions"].to_numpy(float), c.b["length_actions"].to_numpy(float)
    wide = paired_difference(x, y, 0.98)
    assert row["level"] == pytest.approx(0.96) and c.record["until"]["computed_at"] == pytest.approx(0.98)
    assert (row["diff_lo"], row["diff_hi"]) == pytest.approx((wide.lo, wide.hi))
    assert row["p"] == pytest.approx(min(1.0, 2 * wide.p))
    assert bool(row["significant"]) == (row["diff_lo"] > 0 or row["diff_hi"] < 0)
    # the same games without the stop print the narrower fixed-sample interval
    fixed = compare_frames(c.a, c.b, primary="length_actions").set_index("metric").loc["length_actions"]
    assert fixed["diff_hi"] - fixed["diff_lo"] < row["diff_hi"] - row["diff_lo"]


# ---------------------------------------------------------------------------- chance streams
def test_the_exponential_race_draws_each_outcome_with_its_probability() -> None:
    outcomes = [(lab.Action("card", (c,)), w) for c, w in enumerate((0.1, 0.2, 0.3, 0.4))]
    counts = np.zeros(4)
    for key in range(20000):
        counts[race(outcomes, key * 7919).args[0]] += 1
    assert stats.chisquare(counts, np.array([0.1, 0.2, 0.3, 0.4]) * 20000).pvalue > 1e-3


def test_removing_a_card_changes_no_draw_of_another_card() -> None:
    deck = [(lab.Action("card", (c,)), 1 / 10) for c in range(10)]
    smaller = [(a, 1 / 9) for a, _ in deck if a.args[0] != 3]
    same = sum(race(deck, k) == race(smaller, k) for k in range(3000) if race(deck, k).args[0] != 3)
    assert same == sum(1 for k in range(3000) if race(deck, k).args[0] != 3)


def test_streams_are_independent_of_each_other() -> None:
    one = ChanceStreams(np.random.SeedSequence(5).spawn(1)[0])
    two = ChanceStreams(np.random.SeedSequence(5).spawn(1)[0])
    die = [(lab.Action("roll", (f,)), 1 / 6) for f in range(1, 7)]
    deck = [(lab.Action("card", (c,)), 1 / 20) for c in range(20)]
    for _ in range(7):
        one.draw(deck, "deck")  # only the first driver draws cards
    assert [one.draw(die, "d6") for _ in range(30)] == [two.draw(die, "d6") for _ in range(30)]


def test_each_seed_game_names_its_chance_streams(game_name: str) -> None:
    seen: set[str] = set()

    def note(state: lab.State) -> None:
        if state.is_chance_node():
            seen.add(state.chance_stream())

    lab.play(lab.load(game_name), seed=1, on_step=note)
    assert seen and "chance" not in seen, seen  # every chance node names its deck or die


# ---------------------------------------------------------------------------- records
def test_every_output_format_keeps_the_run_record(tmp_path: Path) -> None:
    df = lab.simulate("memm", n_games=4, seed=3)
    for name in ("runs.csv", "runs.parquet"):
        write_table(df, tmp_path / name)
        back = read_table(tmp_path / name)
        assert back.attrs["record"] == json.loads(json.dumps(df.attrs["record"]))
        pd.testing.assert_frame_equal(lab.rerun(tmp_path / name), df)
    assert record_path(tmp_path / "runs.csv").exists()
    (tmp_path / "record.json").write_text(json.dumps(df.attrs["record"]))
    pd.testing.assert_frame_equal(lab.rerun(str(tmp_path / "record.json")), df)
    tidy = lab.sweep("memm", {"players": [2]}, n_games=2, seed=1)
    write_table(tidy, tmp_path / "sweep.csv")
    assert read_table(tmp_path / "sweep.csv").attrs["record"]["grid"] == {"players": [2]}
    with pytest.raises(ValueError, match="sweep's record"):
        lab.rerun(tmp_path / "sweep.csv")


def test_cli_compare_out_keeps_both_records_and_says_too_little_data(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "cmp.csv"
    assert main(["compare", "memm", "--b", "attach=any", "-n", "3", "--seed", "2", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "too little data" in text and "100.0 ± 0.0" not in text and "nan" not in text.lower()
    again = lab.rerun(out)
    stored = pd.read_csv(out)
    assert len(again) == len(stored) == 6
    assert (again["length_actions"].to_numpy() == stored["length_actions"].to_numpy()).all()
    assert math.isfinite(float(again["length_actions"].mean()))
