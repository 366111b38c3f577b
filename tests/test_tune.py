"""The variant autopilot (#21): space checks, targets, house rules, determinism, resume, optimum."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pandas as pd
import pytest
import test_experiments_simulate

import lab
from lab.core.errors import InvalidVariant
from lab.tune import Target, TargetError, TuneEvent, parse_target, tune
from lab.tune import study as study_module
from lab.tune.targets import measure
from tests.tools.peak_dice import OPTIMUM, PeakDice

dask_client = test_experiments_simulate.dask_client  # the shared module-scoped Dask fixture
SPACE = {"x": {"low": 0, "high": 100}, "y": {"low": 0, "high": 100}}


def big_bonus(roll: int) -> float:
    """A house rule: every roll scores a 50-point bonus."""
    return 50.0


@pytest.mark.parametrize(
    ("space", "names"),
    [
        ({"z": {"low": 1, "high": 2}}, ["'z'", "neither a parameter nor a rule point", "noise", "PD-3"]),
        ({"x": {"low": 0, "high": 101}}, ["'x'", "100"]),
        ({"x": {"choices": [1, "two"]}}, ["'x'"]),
        ({"x": {"low": 5, "high": 5}}, ["'x'", "below"]),
        ({"x": {"low": 1, "high": 9, "step": 0.5}}, ["'x'", "step"]),
        ({"x": {"from": 1}}, ["'x'", "low"]),
        ({"PD-3": {"choices": {"none": 3}}}, ["'PD-3'", "function"]),
        ({"x": 40}, ["fixes every entry"]),
    ],
)
def test_the_space_is_checked_before_any_game_is_played(space: dict[str, Any], names: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    def no_games(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("a game was played")

    monkeypatch.setattr(study_module, "simulate", no_games)
    with pytest.raises(InvalidVariant) as err:
        tune(PeakDice(), space, "max:score", budget=2, games=2, progress=False)
    for name in names:
        assert name in str(err.value)


def test_memcel_space_entries_are_checked_against_its_parameters() -> None:
    with pytest.raises(InvalidVariant, match="'reveal_limit': a range needs an int or float"):
        tune("memcel", {"reveal_limit": {"low": 1, "high": 3}}, "minutes=20", budget=1, progress=False)
    with pytest.raises(InvalidVariant, match="'players'"):
        tune("memcel", {"players": {"choices": [2, 9]}}, "minutes=20", budget=1, progress=False)


@pytest.mark.parametrize(
    ("text", "target"),
    [
        ("minutes=20", Target("minutes", "about", 20.0)),
        ("minutes ≈ 20 ± 2", Target("minutes", "about", 20.0, 2.0)),
        ("spread<=0.03", Target("spread", "at_most", 0.03)),
        ("win≥0.3", Target("win", "at_least", 0.3)),
        ("max:n[FC-E2]", Target("n[FC-E2]", "maximise")),
        ("min:length", Target("length", "minimise")),
    ],
)
def test_targets_are_read_from_text(text: str, target: Target) -> None:
    assert parse_target(text) == target


@pytest.mark.parametrize("text", ["minutes", "minutes=abc", "spread<=0.1±2", "x=nan", "max:", 3])
def test_bad_targets_are_refused(text: Any) -> None:
    with pytest.raises(TargetError):
        parse_target(text)


def test_metrics_and_intervals_on_a_known_table() -> None:
    df = pd.DataFrame({
        "winner": [0, 0, 0, 1] * 25, "first_player": [0, 1, 0, 1] * 25, "return_0": 0.0, "return_1": 0.0,
        "minutes": [10.0, 20.0, np.nan, 30.0] * 25, "length_decisions": [4, 6, 4, 6] * 25, "n[X-1]": [0, 2, 0, 0] * 25,
    })
    spread = measure(df, parse_target("spread<=0.7"))
    assert spread.estimate == pytest.approx(0.5) and 0 < spread.low < 0.5 < spread.high < 0.7
    assert spread.met and spread.verdict == "met"
    assert measure(df, parse_target("spread<=0.6")).verdict == "undecided"  # the interval reaches past 0.6
    assert measure(df, parse_target("spread<=0.2")).verdict == "not met"
    assert measure(df, parse_target("first_mover=0")).estimate == pytest.approx(0.75 - 0.5)
    assert measure(df, parse_target("minutes=20")).estimate == pytest.approx(20.0)  # NaN games left out
    assert measure(df, parse_target("length=5")).estimate == pytest.approx(5.0)
    assert measure(df, parse_target("max:n[X-1]")).estimate == pytest.approx(0.5)
    assert measure(df, parse_target("max:fired[X-1]")).estimate == pytest.approx(0.25)
    assert measure(df, parse_target("max:n[NEVER-1]")).estimate == 0.0  # a clause that never fired
    with pytest.raises(TargetError, match="no metric 'colour'"):
        measure(df, parse_target("max:colour"))


def test_house_rules_are_categorical_choices() -> None:
    space = {**SPACE, "PD-3": {"choices": {"printed": None, "big": big_bonus}}}
    result = tune(PeakDice(), space, "max:score", budget=14, games=6, final_games=12, seed=1, progress=False)
    assert result.winner is not None and result.winner.picked["PD-3"] == "big"
    assert "PD-3:big" in result.winner.variant
    assert result.winner.measures[0].estimate > 60  # the bonus reached the games


def test_a_finalist_report_carries_fresh_intervals_and_verdicts() -> None:
    result = tune(PeakDice(), SPACE, ["max:score", "minutes=4.5±0.5"], budget=10, games=6, final_games=24, seed=2, progress=False)
    assert result.finalists and len(result.study.directions) == 2
    for fin in result.finalists:
        score, minutes = fin.measures
        assert score.n_games == 24 and score.low <= score.estimate <= score.high and score.verdict == ""
        inside = minutes.low >= 4.0 and minutes.high <= 5.0
        outside = minutes.high < 4.0 or minutes.low > 5.0
        assert minutes.verdict == ("met" if inside else "not met" if outside else "undecided")
        assert minutes.met == inside
    text = result.report()
    assert "95% [" in text and ", sure " not in text and "fresh seeds" in text
    assert any(v in text for v in (" met\n", " not met", " undecided"))
    assert result.to_dict()["finalists"][0]["measures"][0]["target"] == "max:score"


def test_same_seed_same_trials_and_report_on_1_2_workers_and_dask(dask_client: Any) -> None:
    kw: dict[str, Any] = {"budget": 6, "games": 10, "final_games": 10, "seed": 3, "finalists": 2, "progress": False}
    space = {**SPACE, "noise": {"choices": [2, 6, 20]}}
    one = tune(PeakDice(), space, ["max:score", "spread<=0.2"], **kw)
    two = tune(PeakDice(), space, ["max:score", "spread<=0.2"], workers=2, **kw)
    dask = tune(PeakDice(), space, ["max:score", "spread<=0.2"], executor=dask_client, **kw)
    assert one.report() == two.report() == dask.report()
    pd.testing.assert_frame_equal(one.trials, two.trials)
    pd.testing.assert_frame_equal(one.trials, dask.trials)


def test_a_study_in_sqlite_resumes_after_a_restart(tmp_path: Any) -> None:
    storage = f"sqlite:///{tmp_path / 'studies.db'}"
    first = tune(PeakDice(), SPACE, "max:score", budget=4, games=4, seed=5, storage=storage, progress=False)
    assert len(first.trials) == 4
    events: list[TuneEvent] = []
    again = tune(PeakDice(), SPACE, "max:score", budget=7, games=4, seed=5, storage=storage, progress=events.append)
    assert len(again.trials) == 7 and [e.done for e in events] == [5, 6, 7]
    assert again.trials.iloc[:4].equals(first.trials)
    assert all(e.budget == 7 and "max:score" in e.best for e in events)


def test_the_autopilot_finds_a_known_optimum_more_often_than_random_search() -> None:
    """PeakDice's score peaks at x=37, y=71 (plus dice noise): 30 trials of 8 games each.

    Found = the reported winner within distance 6 of the optimum (1.1 % of the 101 x 101 grid).
    """

    def found(sampler: str, seed: int) -> bool:
        r = tune(PeakDice(), SPACE, "max:score", budget=30, games=8, final_games=8, finalists=1,
                 seed=seed, sampler=sampler, progress=False)
        assert r.winner is not None
        return math.dist((r.winner.picked["x"], r.winner.picked["y"]), (OPTIMUM["x"], OPTIMUM["y"])) <= 6

    tpe = sum(found("tpe", s) for s in range(5))
    random = sum(found("random", s) for s in range(5))
    assert tpe >= 4 and tpe > random, (tpe, random)


def test_an_inconsistent_combination_is_pruned_not_fatal() -> None:
    space = {"players": {"choices": [2, 3, 4]}, "tile_counts": {"choices": [
        {"red": 10, "green": 10, "blue": 10, "orange": 10, "imprevisto": 8},
        {"red": 1, "green": 1, "blue": 1, "orange": 1, "imprevisto": 1},
    ]}}
    result = tune(lab.load("memcel"), space, "max:length", budget=5, games=2, final_games=2, seed=0, progress=False)
    assert set(result.trials["status"]) <= {"complete", "pruned"}


def test_cli_tune_runs_resumes_and_refuses_bad_input_in_one_line(tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    from lab.cli import main

    spec = tmp_path / "spec.json"
    spec.write_text('{"max_turns": {"low": 10, "high": 60, "step": 10}, "players": {"choices": [2, 3]}}')
    db = f"sqlite:///{tmp_path / 'studies.db'}"
    common = ["tune", "memcel", "--space", str(spec), "--target", "minutes=20", "--target", "spread<=0.03",
              "-n", "3", "--final-games", "3", "--finalists", "1", "--storage", db]
    assert main([*common, "--budget", "2"]) == 0
    assert "2 variants played" in capsys.readouterr().out
    assert main([*common, "--budget", "3", "--json"]) == 0
    out = capsys.readouterr().out
    assert "\"budget\": 3" in out and "\"variants_played\": 3" in out and '"finalists"' in out  # resumed: 2 + 1
    bad = tmp_path / "bad.json"
    for content, args, words in [
        ('{"colour": {"low": 1, "high": 2}}', ["--target", "minutes=20"], "'colour'"),
        ("{not json", ["--target", "minutes=20"], "not valid JSON"),
        ('{"max_turns": {"low": 10, "high": 60}}', ["--target", "minutes"], "write METRIC=X"),
        ('{"max_turns": {"low": 10, "high": 60}}', [], "at least one --target"),
        ('{"max_turns": {"low": 10, "high": 60}}', ["--target", "x=1", "--storage", "sqlite:////no/such/dir/s.db"], "does not exist"),
    ]:
        bad.write_text(content)
        assert main(["tune", "memcel", "--space", str(bad), *args]) == 2
        err = capsys.readouterr().err.strip()
        assert len(err.splitlines()) == 1 and words in err, err


def test_the_notebook_progress_view_follows_the_trials() -> None:
    pytest.importorskip("IPython")
    from widgets.tune_progress import TuneProgress

    view = TuneProgress(plot_every=2)
    tune(PeakDice(), SPACE, ["max:score", "minutes=4±1"], budget=3, games=3, final_games=3, seed=0, progress=view)
    data = view.figure_data()
    assert len(data) == 3 and all(set(d) == {"max:score", "minutes=4±1"} for d in data)
    assert [d["max:score"] for d in data] == sorted(d["max:score"] for d in data)  # best so far only grows


@pytest.mark.parametrize(
    ("game", "target", "kwargs", "words"),
    [
        ("memcel", "win_rate[99]>=0.3", {}, ["win_rate[99]", "seat 99 does not exist", "at most 4 players"]),
        ("memcel", "max:n[ZZ-9]", {}, ["ZZ-9 is not a clause of memcel", "MC-"]),
        ("fiemme_cembra", "max:decided[FC-Z9]", {}, ["FC-Z9 is not a clause of fiemme_cembra", "names it"]),
        ("memcel", "max:fired[not a clause]", {}, ["'not a clause' is not a clause ID"]),
        ("memcel", "minutes=20", {"finalists": 10**6}, ["finalists=1000000", "at most the budget (4)"]),
        ("memcel", "minutes=20", {"startup_trials": -5}, ["startup_trials", "from 0 to the budget (4)", "-5"]),
        ("memcel", "minutes=20", {"startup_trials": 2.5}, ["startup_trials", "2.5"]),
    ],
)
def test_targets_and_settings_that_no_study_can_use_are_refused_before_any_game(
        game: str, target: str, kwargs: dict[str, Any], words: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 40, item 6: a target naming no column of the game's tables, absurd settings."""
    from lab.core.errors import LabError

    def no_games(*args: Any, **kw: Any) -> None:
        raise AssertionError("a game was played")

    monkeypatch.setattr(study_module, "simulate", no_games)
    monkeypatch.setattr(study_module, "play_range", no_games)
    space = {"players": {"choices": [3, 4]}} if game == "memcel" else {"rounds": {"low": 1, "high": 3}}
    with pytest.raises(LabError) as err:
        tune(game, space, target, budget=4, games=2, progress=False, **kwargs)
    text = str(err.value)
    assert len(text.splitlines()) == 1, text
    for w in words:
        assert w in text, text


def test_a_clause_the_game_names_is_a_valid_target_even_where_it_never_fires() -> None:
    from lab.tune.study import max_players
    from lab.tune.targets import check_targets

    game = lab.load("fiemme_cembra")
    check_targets(game, [parse_target("max:decided[FC-E2]"), parse_target("max:n[FC-P7]")],
                  max_players(game, ()))
