"""A long run says what it will cost before it starts; a table of mostly unfinished games says
so (issue #36, defect 11). The first games are played and timed in this process
(:mod:`lab.sim.cost`); they are the run's own rows, so the table does not change."""

from __future__ import annotations

import warnings

import pytest

import lab
from lab.kit.examples import Pig
from lab.sim import cost
from lab.sim.simulate import run_chunk


def test_a_long_run_is_announced_with_games_seconds_per_game_and_the_total(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(cost, "LONG_RUN_SECONDS", 0.0)  # every run is long
    df = lab.simulate(Pig(target=20), n_games=12, seed=3)
    err = capsys.readouterr().err
    assert "simulate: 12 games × " in err and "s/game ≈ " in err and "on 1 worker" in err
    assert "CPU time measured on the first" in err
    assert "simulate (≈ " in err  # the progress bar, labelled with the estimate
    assert err.index("simulate: 12 games") < err.index("simulate (≈ ")  # said before the games run
    again = lab.simulate(Pig(target=20), n_games=12, seed=3, progress=False)
    assert df.equals(again)


def test_a_short_run_says_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    lab.simulate(Pig(target=20), n_games=12, seed=3)
    assert capsys.readouterr().err == ""


def test_the_pilot_games_are_the_runs_own_rows() -> None:
    game = Pig(target=20)
    rows, per_game = cost.pilot(lambda a, b: run_chunk(game, [{"name": "random"}] * 2, 5, a, b, "v", "a"), 10)
    assert 1 <= len(rows) <= cost.PILOT_GAMES and per_game > 0
    table = lab.simulate(game, n_games=10, seed=5)
    assert [r["seed"] for r in rows] == table["seed"].tolist()[: len(rows)]
    assert cost.pilot(lambda a, b: [], 3) == ([], pytest.approx(float("nan"), nan_ok=True))


def test_compare_announces_both_variants_games(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(cost, "LONG_RUN_SECONDS", 0.0)
    lab.compare(Pig(target=20), {"target": 25}, n_games=10, progress=False)
    err = capsys.readouterr().err
    assert "simulate: 20 games × " in err  # the first announcement counts variant B's games too


def test_the_estimate_reads_as_a_designer_would_say_it() -> None:
    est = cost.Estimate(games=100, seconds_per_game=8.6, measured=1, workers=1)
    assert est.long and est.text() == "100 games × 8.6 s/game ≈ 14 min on 1 worker"
    assert cost.Estimate(1000, 0.01, 3, 2).text() == "1,000 games × 0.01 s/game ≈ 5 s on 2 workers"
    assert cost.duration(3 * 3600) == "3.0 h"


def _endless() -> type:
    def setup(ctx: lab.kit.Ctx) -> dict:
        return {"n": 0}

    def step(s: dict, ctx: lab.kit.Ctx) -> None:
        s["n"] += 1
        ctx.end_turn()

    return lab.define_game("endless", setup=setup, moves=[step], end=lambda s, ctx: 0 if s["n"] > 30 else None,
                           max_length=20)


def test_a_table_of_mostly_unfinished_games_says_so() -> None:
    with pytest.warns(cost.UnfinishedWarning, match=r"8 of 8 games \(100%\) were unfinished \(stopped by max_length=20\)"):
        df = lab.simulate(_endless()(), n_games=8)
    assert df["unfinished"].all()


def test_a_table_of_finished_games_says_nothing() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error", cost.UnfinishedWarning)
        lab.simulate(Pig(target=20), n_games=8)
    assert cost.unfinished_note([1, 0, 1, 0]) is None  # half is not most
    assert "3 of 4 games (75%)" in cost.unfinished_note([1, 1, 1, 0])
