"""The autopilot's pruning (#21): staged trials, fewer games, same optimum, deterministic."""

from __future__ import annotations

import math
from typing import Any

import optuna
import pandas as pd
import pytest

from lab.tune import tune
from lab.tune.study import fresh_seed
from tests.tools.peak_dice import OPTIMUM, PeakDice

SPACE = {"x": {"low": 0, "high": 100}, "y": {"low": 0, "high": 100}}
KW: dict[str, Any] = {"budget": 30, "games": 9, "final_games": 9, "finalists": 1, "progress": False}


def near_optimum(result: Any) -> bool:
    assert result.winner is not None
    return math.dist((result.winner.picked["x"], result.winner.picked["y"]), (OPTIMUM["x"], OPTIMUM["y"])) <= 6


@pytest.mark.parametrize("seed", [0, 1])
def test_a_pruned_study_plays_fewer_games_and_still_finds_the_optimum(seed: int) -> None:
    full = tune(PeakDice(), SPACE, "max:score", seed=seed, **KW)
    cut = tune(PeakDice(), SPACE, "max:score", seed=seed, pruner="median", **KW)
    assert full.pruned == 0 and full.games_played == 30 * 9
    assert cut.variants_played == 30 and cut.pruned >= 5
    assert cut.games_played < 0.8 * full.games_played, (cut.games_played, full.games_played)
    assert near_optimum(full) and near_optimum(cut)
    rows = cut.trials[cut.trials["pruned_at"].notna()]
    assert set(rows["status"]) == {"pruned"} and set(rows["pruned_at"]) <= {3, 6}
    assert f"{cut.pruned} pruned early" in cut.report() and f"{cut.games_played} games" in cut.report()


def test_a_trial_the_pruner_lets_through_measures_what_an_unpruned_one_does() -> None:
    """Stages are the trial's games in order on the same seeds: complete trials agree exactly."""
    never = optuna.pruners.ThresholdPruner(lower=-1e9)  # reports every stage, never prunes
    staged = tune(PeakDice(), SPACE, "max:score", seed=4, pruner=never, **{**KW, "budget": 5})
    plain = tune(PeakDice(), SPACE, "max:score", seed=4, **{**KW, "budget": 5})
    cols = ["x", "y", "max:score", "max:score low", "max:score high"]
    pd.testing.assert_frame_equal(staged.trials[cols], plain.trials[cols])
    assert all(len(t.intermediate_values) == 2 for t in staged.study.trials)


def test_pruning_is_deterministic_on_1_and_2_workers() -> None:
    kw = {**KW, "budget": 16, "seed": 2, "pruner": "median", "startup_trials": 4}
    one = tune(PeakDice(), SPACE, "max:score", **kw)
    two = tune(PeakDice(), SPACE, "max:score", workers=2, **kw)
    assert one.pruned > 0 and one.report() == two.report()
    pd.testing.assert_frame_equal(one.trials, two.trials)


def test_a_multi_objective_study_is_not_pruned() -> None:
    result = tune(PeakDice(), SPACE, ["max:score", "minutes=4±1"], seed=0, pruner="median", **{**KW, "budget": 8})
    assert result.pruned == 0 and result.games_played == 8 * 9
    assert result.settings["pruner"].startswith("none (optuna cannot prune")


def test_a_bad_pruner_is_refused() -> None:
    from lab.core.errors import LabError

    with pytest.raises(LabError, match="pruner 'mean'"):
        tune(PeakDice(), SPACE, "max:score", pruner="mean", **KW)


def test_cli_tune_takes_a_pruner(tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    from lab.cli import main

    spec = tmp_path / "spec.json"
    spec.write_text('{"max_turns": {"low": 10, "high": 60, "step": 10}}')
    args = ["tune", "memcel", "--space", str(spec), "--target", "max:length", "-n", "3",
            "--budget", "5", "--final-games", "3", "--finalists", "1", "--json"]
    assert main([*args, "--pruner", "median"]) == 0
    assert '"pruner": "median"' in capsys.readouterr().out
    assert main([*args, "--pruner", "mean"]) == 2
    assert "--pruner" in capsys.readouterr().err


# ----------------------------------------------------------------- the skill-ladder gap target
def test_the_skill_ladder_gap_is_a_target_with_an_interval() -> None:
    """``gap[greedy>random]`` is one skill-ladder rung per trial, on the trial's paired seeds."""
    import lab

    game = lab.load("memm", players=2)
    result = tune(game, {"max_run": {"low": 2, "high": 5}}, "gap[greedy>random]>=0.2",
                  budget=2, games=4, final_games=6, finalists=1, seed=0, progress=False)
    fin = result.winner
    assert fin is not None and result.trials["gap[greedy>random]>=0.2"].notna().all()
    (gap,) = fin.measures
    assert gap.n_games == 6 * 2  # one paired row per game and seat
    variant = lab.load("memm", players=2, max_run=fin.picked["max_run"])
    seed = fresh_seed(result.seed)  # the finalists' fresh master seed
    rung = lab.skill_ladder(variant, ["random", "greedy"], n_games=6, seed=seed).iloc[0]
    assert gap.estimate == pytest.approx(rung["gain"])  # the ladder's gain on the same seeds
    assert gap.low <= gap.estimate <= gap.high and gap.met == (gap.low >= 0.2)


def test_an_agent_against_itself_has_no_gap() -> None:
    import lab

    result = tune(lab.load("memm", players=2), {"max_run": {"low": 2, "high": 5}}, "min:gap[random>random]",
                  budget=2, games=3, final_games=3, finalists=1, seed=1, progress=False)
    (gap,) = result.winner.measures
    # the same agent in every seat: the same games, a gap of exactly 0 with Tango's interval
    # (never of zero width: 3 games x 2 seats cannot rule out a gap of some size)
    assert gap.estimate == 0.0 and gap.low < 0.0 < gap.high


def test_bad_gap_targets_are_refused_before_any_game() -> None:
    import lab
    from lab.core.errors import InvalidAgent
    from lab.tune import TargetError

    space = {"max_run": {"low": 2, "high": 5}}
    with pytest.raises(TargetError, match="gap\\[UPPER>LOWER\\]"):
        tune(lab.load("memm", players=2), space, "max:gap[greedy]", budget=1, games=2, progress=False)
    with pytest.raises(InvalidAgent):
        tune(lab.load("memm", players=2), space, "max:gap[wizard>random]", budget=1, games=2, progress=False)
