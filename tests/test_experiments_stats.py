"""Statistics of runs: intervals, summaries, paired comparisons with verdicts, sweeps, skill."""

from __future__ import annotations

import json
import math
import re

import numpy as np
import pandas as pd
import pytest
from test_experiments_toy import toy

import lab
from lab.stats import (
    clause_frequencies,
    compare_frames,
    expand_grid,
    mean_interval,
    paired_difference,
    paired_ratio_change,
    proportion,
    wilson_interval,
)


def flipped_parameter(game_name: str) -> tuple[str, object]:
    """A non-default value of the game's first variant parameter (not the player count)."""
    for spec in lab.game_class(game_name).parameter_specs():
        if spec.name != "players" and spec.coverage_values():
            return spec.name, spec.coverage_values()[0]
    pytest.skip(f"{game_name} has no variant parameter besides players")


def player_counts(game_name: str) -> list[int]:
    spec = next(s for s in lab.game_class(game_name).parameter_specs() if s.name == "players")
    values = [spec.default, *spec.coverage_values()]
    return sorted(set(values))[:2]


# ---------------------------------------------------------------------------- intervals
def test_wilson_interval_matches_the_textbook_values() -> None:
    lo, hi = wilson_interval(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == 1.0
    assert all(math.isnan(v) for v in wilson_interval(0, 0))
    est = proportion(30, 100)
    assert est.value == 0.3 and est.lo < 0.3 < est.hi and est.n == 100


def test_mean_interval_covers_the_true_mean_about_95_percent_of_the_time() -> None:
    rng = np.random.default_rng(0)
    covered = 0
    for _ in range(400):
        est = mean_interval(rng.normal(3.0, 2.0, 200))
        covered += est.lo <= 3.0 <= est.hi
    assert 0.92 <= covered / 400 <= 0.98


def test_paired_change_of_an_exact_scaling_is_exact() -> None:
    a = np.array([10.0, 20.0, 30.0, 40.0])
    rel = paired_ratio_change(a, 0.88 * a)
    # the estimate is exact; 4 pairs cannot rule out other ratios (the prior pair), 40 narrow it
    assert rel.value == pytest.approx(-0.12) and rel.lo < -0.12 < rel.hi
    many = np.tile(a, 10)
    assert paired_ratio_change(many, 0.88 * many).half_width < rel.half_width / 3
    twelve = np.arange(1.0, 13.0) * 10
    diff = paired_difference(twelve, twelve + 1)  # every pair differs by 1: clear with 12 pairs
    assert diff.value == 1.0 and diff.excludes(0.0) and diff.half_width > 0
    assert math.isnan(paired_ratio_change(np.zeros(3), np.ones(3)).value)
    with pytest.raises(ValueError, match="same length"):
        paired_difference([1.0], [1.0, 2.0])


# ---------------------------------------------------------------------------- summaries
def test_toy_summary_shows_the_first_player_advantage_of_a_race() -> None:
    df = lab.simulate(toy(), n_games=1500, seed=2)
    s = lab.summarize(df)
    assert s["games"] == 1500 and s["draw_rate"] == 0.0 and s["timeout_rate"] == 0.0
    assert sum(seat["win_rate"] for seat in s["seats"]) == pytest.approx(1.0)
    fpa = s["first_player_advantage"]
    assert fpa["fair_share"] == 0.5 and fpa["ci95"][0] > 0, fpa  # moving first helps in a race
    assert s["turns"]["mean"] == pytest.approx(df["turns"].mean())
    assert s["minutes"]["mean"] == pytest.approx(0.5 * df["turns"].mean())
    q = s["length"]["quantiles"]
    assert q["0.1"] <= q["0.5"] <= q["0.9"]
    assert s["lead"]["lead_changes_mean"] > 0 and 0 <= s["lead"]["decided_at_mean"] <= 1
    assert s["clauses"]["TOY-3"] == {"per_game": 1.0, "games_fired": 1.0}
    # the same holds when a die picks the starter: the advantage follows the first mover
    rot = lab.summarize(lab.simulate(toy(random_start=True), n_games=1500, seed=2))
    assert rot["first_player_advantage"]["ci95"][0] > 0
    assert abs(rot["seats"][0]["win_rate"] - 0.5) < 0.05
    text = lab.format_summary(s)
    assert "first-player advantage" in text and "TOY-1" in text and "lead changes" in text


def test_clause_frequencies_rank_the_rules_that_fire_most() -> None:
    df = lab.simulate(toy(strict=True), n_games=300, seed=1)
    freq = clause_frequencies(df)
    assert list(freq["clause"][:2]) == ["TOY-1", "TOY-2"]
    row = freq.set_index("clause").loc["TOY-4"]
    assert 0 < row["per_game"] < 3 and 0 < row["games_fired"] < 1


def test_summary_of_registered_game(game_name: str) -> None:
    df = lab.simulate(game_name, n_games=6, seed=3)
    s = lab.summarize(df)
    n = lab.load(game_name).num_players()
    assert len(s["seats"]) == n and s["games"] == 6
    assert s["clauses"], "no rule fired"
    json.dumps(s)  # JSON-ready
    assert "win rate" in lab.format_summary(s)


# ---------------------------------------------------------------------------- compare
def test_compare_strict_toy_variant_gives_clear_verdicts() -> None:
    c = lab.compare(toy(), {"strict": True}, n_games=1500, seed=1)
    t = c.table.set_index("metric")
    assert (c.label_a, c.label_b) == ("strict=false", "strict=true")
    # a roll of 1 loses the turn: fewer decisions, more turns - both clear on 1500 paired games
    assert t.loc["length_decisions", "rel_hi"] < 0 and t.loc["turns", "rel_lo"] > 0
    assert t.loc["length_decisions", "significant"] and t.loc["turns", "significant"]
    assert re.match(r"strict=true lowers player decisions per game by \d+% \(-\d+% to -\d+%; absolute ", t.loc["length_decisions", "verdict"])
    assert re.match(r"strict=true lengthens games in turns by \d+% \(\+\d+% to \+\d+%", t.loc["turns", "verdict"])
    # no game ends without a winner in either variant: the interval is narrow but not empty
    assert t.loc["draw", "verdict"].startswith("strict=true: no clear effect on draw rate: the data allow anything from -")
    assert 0 < t.loc["draw", "diff_hi"] < 0.01 and not t.loc["draw", "significant"]
    assert set(c.a["variant"]) == {"strict=false"} and set(c.b["variant"]) == {"strict=true"}
    assert "strict=true" in str(c) and "<table" in c._repr_html_()
    json.dumps(c.to_dict())


def test_compare_shortening_variant_reports_a_relative_length_drop() -> None:
    c = lab.compare(toy(goal=24), toy(goal=12), n_games=800, seed=4, metrics=["length_actions"])
    row = c.table.iloc[0]
    assert -0.6 < row["rel"] < -0.4 and row["rel_hi"] < 0  # half the goal, about half the length
    assert re.match(r"goal=12 shortens games by \d+% \(-\d+% to -\d+%; absolute ", row["verdict"])


def test_common_random_numbers_narrow_the_interval() -> None:
    paired = lab.compare(toy(goal=12), {"goal": 13}, n_games=600, seed=7, metrics=["length_actions"]).table.iloc[0]
    a = lab.simulate(toy(goal=12), n_games=600, seed=7)["length_actions"].to_numpy(float)
    b = lab.simulate(toy(goal=13), n_games=600, seed=8)["length_actions"].to_numpy(float)
    unpaired_half = 1.96 * math.sqrt(a.var(ddof=1) / 600 + b.var(ddof=1) / 600)
    assert (paired["diff_hi"] - paired["diff_lo"]) / 2 < 0.7 * unpaired_half


def test_compare_of_a_variant_with_itself_finds_no_effect() -> None:
    c = lab.compare(toy(), toy(), n_games=50, seed=0, labels=("A", "A again"))
    assert not c.table["significant"].any()
    assert (c.table["diff"] == 0).all()


def test_compare_refuses_unpaired_runs_and_unknown_metrics() -> None:
    a = lab.simulate(toy(), n_games=20, seed=1)
    with pytest.raises(ValueError, match="same seeds"):
        compare_frames(a, lab.simulate(toy(), n_games=20, seed=2))
    with pytest.raises(ValueError, match="unknown metric 'speed'"):
        compare_frames(a, a, metrics=["speed"])
    with pytest.raises(lab.InvalidVariant):
        lab.compare(toy(), {"goal": -5}, n_games=5)


def test_compare_counts_clause_firings_when_asked() -> None:
    c = lab.compare(toy(), {"strict": True}, n_games=300, seed=2, clauses=True)
    t = c.table.set_index("metric")
    assert t.loc["n[TOY-4]", "a"] == 0 and t.loc["n[TOY-4]", "b"] > 0


def test_compare_registered_game_variants(game_name: str) -> None:
    key, value = flipped_parameter(game_name)
    c = lab.compare(game_name, {key: value}, n_games=6, seed=5, workers=2)
    assert {"length_actions", "win_0", "draw"} <= set(c.table["metric"])
    assert c.label_b.startswith(key) and all(isinstance(v, str) and v for v in c.verdicts())
    assert (c.a["seed"].to_numpy() == c.b["seed"].to_numpy()).all()


# ---------------------------------------------------------------------------- sweep
def test_sweep_is_tidy_and_tracks_the_goal() -> None:
    tidy = lab.sweep(toy(), {"goal": [6, 12, 24], "players": [2, 3]}, n_games=150, seed=1)
    assert list(tidy.columns[:2]) == ["goal", "players"] and {"variant", "metric", "mean", "ci_lo", "ci_hi", "n"} <= set(tidy.columns)
    lengths = tidy[(tidy["metric"] == "length_actions") & (tidy["players"] == 2)]
    assert list(lengths["goal"]) == [6, 12, 24] and lengths["mean"].is_monotonic_increasing
    three = tidy[tidy["players"] == 3]
    assert "win_2" in set(three["metric"]) and "win_2" not in set(tidy[tidy["players"] == 2]["metric"])
    assert (tidy["ci_lo"].fillna(-np.inf) <= tidy["mean"]).all() and (tidy["mean"] <= tidy["ci_hi"].fillna(np.inf)).all()
    assert tidy.attrs["record"]["grid"] == {"goal": [6, 12, 24], "players": [2, 3]}
    again = lab.sweep(toy(), {"goal": [6, 12, 24], "players": [2, 3]}, n_games=150, seed=1, workers=2)
    pd.testing.assert_frame_equal(tidy, again)


def test_sweep_grid_errors_name_the_bad_point() -> None:
    with pytest.raises(lab.InvalidVariant, match="unknown parameter 'speed'"):
        expand_grid(toy(), {"speed": [1]})
    with pytest.raises(lab.InvalidVariant, match=r"grid point goal=0"):
        expand_grid(toy(), {"goal": [5, 0]})
    with pytest.raises(lab.InvalidVariant, match="non-empty list"):
        expand_grid(toy(), {"goal": []})


def test_sweep_registered_game_over_player_counts(game_name: str) -> None:
    counts = player_counts(game_name)
    tidy = lab.sweep(game_name, {"players": counts}, n_games=4, seed=2)
    assert list(dict.fromkeys(tidy["players"])) == counts
    assert set(tidy[tidy["metric"] == "length_actions"]["n"]) == {4}


# ---------------------------------------------------------------------------- skill vs luck
def test_skill_gap_grows_when_the_race_is_longer() -> None:
    table = lab.skill_vs_luck(toy(), {"goal": [4, 30]}, n_games=200, seed=3)
    short, long_ = table.iloc[0], table.iloc[1]
    assert short["strong"] == "greedy" and short["weak"] == "random" and short["games"] == 400
    assert short["baseline_win_rate"] == pytest.approx(0.5)
    assert long_["gap_lo"] > short["gap_hi"], table  # a long race rewards the better choice more
    assert long_["strong_win_rate"] > 0.85


def test_skill_needs_a_stronger_agent() -> None:
    table = lab.skill_vs_luck(toy(), strong="random", n_games=100, seed=0)
    assert table.iloc[0]["gap_lo"] <= 0 <= table.iloc[0]["gap_hi"]  # random vs random: luck only


def test_skill_of_registered_game(game_name: str) -> None:
    own = [a for a in lab.game_class(game_name).agent_factories()]
    if not own:
        pytest.skip(f"{game_name} has no agent besides random")
    table = lab.skill_vs_luck(game_name, n_games=3, seed=1)
    assert len(table) == 1 and table.iloc[0]["strong"].startswith(own[0])
    assert 0 <= table.iloc[0]["strong_win_rate"] <= 1


def test_zero_one_measures_are_compared_in_points_not_percent() -> None:
    c = lab.compare(toy(goal=40, max_turns=14), {"max_turns": 40}, n_games=400, seed=3, metrics=["timeout", "turns"])
    t = c.table.set_index("metric")
    assert t.loc["timeout", "a"] > 0.3 and t.loc["timeout", "b"] < t.loc["timeout", "a"]
    assert re.match(r"max_turns=40 lowers the timeout rate by \d+\.\d points \(-\d+\.\d to -\d+\.\d points; ", t.loc["timeout", "verdict"])
    assert re.match(r"max_turns=40 lengthens games in turns by \d+% \(", t.loc["turns", "verdict"])


def test_a_game_that_names_its_starting_player_sets_first_player() -> None:
    from test_experiments_toy import ToyRaceGame, ToyRaceState

    class StartState(ToyRaceState):
        def metrics(self) -> dict[str, float]:
            return {**super().metrics(), "start_player": 1.0}

    class StartGame(ToyRaceGame):
        def new_initial_state(self) -> StartState:
            return StartState(self)

    from lab.sim.simulate import game_row

    row = game_row(StartGame({}), None, seed=1, index=0)
    assert row["first_player"] == 1 and row["start_player"] == 1.0
