"""Simulation tables: identical on 1 worker, 2 workers and a Dask cluster; records and rerun."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pandas as pd
import pytest
from test_experiments_toy import toy

import lab
from lab.sim.executors import chunk_ranges, default_chunk_size, executor_width, run_tasks
from lab.sim.simulate import game_seed


@pytest.fixture(scope="module")
def dask_client() -> Iterator[Any]:
    distributed = pytest.importorskip("distributed")
    cluster = distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
    )
    client = distributed.Client(cluster)
    try:
        yield client
    finally:
        client.close()
        cluster.close()


def test_game_seeds_come_from_the_master_seed_and_index_only() -> None:
    assert game_seed(7, 3) == game_seed(7, 3)
    assert len({game_seed(7, i) for i in range(1000)}) == 1000
    assert game_seed(7, 3) != game_seed(8, 3)


def test_chunks_cover_every_game_once_in_order() -> None:
    ranges = chunk_ranges(1003, 100)
    assert [i for r in ranges for i in r] == list(range(1003))
    assert default_chunk_size(10_000, 2) == 500
    assert default_chunk_size(100, 2) == 13
    assert default_chunk_size(100, 1) == 100


def test_toy_table_is_identical_on_1_and_2_workers_and_on_dask(dask_client: Any) -> None:
    game = toy(players=3)
    one = lab.simulate(game, n_games=120, seed=5)
    two = lab.simulate(game, n_games=120, seed=5, workers=2)
    small_chunks = lab.simulate(game, n_games=120, seed=5, workers=2, chunk_size=7)
    on_dask = lab.simulate(game, n_games=120, seed=5, executor=dask_client, chunk_size=11)
    with ThreadPoolExecutor(3) as pool:
        threads = lab.simulate(game, n_games=120, seed=5, executor=pool)
    for other in (two, small_chunks, on_dask, threads):
        pd.testing.assert_frame_equal(one, other, check_exact=True)
        assert other.attrs["record"] == one.attrs["record"]
    assert not one.equals(lab.simulate(game, n_games=120, seed=6))


def test_registered_game_table_is_identical_on_1_and_2_workers_and_on_dask(game_name: str, dask_client: Any) -> None:
    one = lab.simulate(game_name, n_games=8, seed=11)
    two = lab.simulate(game_name, n_games=8, seed=11, workers=2, chunk_size=3)
    on_dask = lab.simulate(game_name, n_games=8, seed=11, executor=dask_client, chunk_size=3)
    pd.testing.assert_frame_equal(one, two, check_exact=True)
    pd.testing.assert_frame_equal(one, on_dask, check_exact=True)


def test_registered_game_rows_hold_the_documented_columns(game_name: str) -> None:
    df = lab.simulate(game_name, n_games=6, seed=2)
    game = lab.load(game_name)
    n = game.num_players()
    for col in ("seed", "variant", "agents", "winners", "winner", "draw", "length_actions",
                "length_decisions", "minutes", "lead_changes", "decided_at", "margin"):
        assert col in df.columns, col
    assert [f"return_{p}" for p in range(n)] == [c for c in df.columns if c.startswith("return_")]
    assert any(c.startswith("n[") for c in df.columns), "no clause ever fired"
    assert (df["length_actions"] > 0).all()
    for col in df.columns:
        assert not df[col].map(lambda v: isinstance(v, list | dict | tuple)).any(), col


def test_record_reruns_to_the_same_table_even_on_other_workers() -> None:
    df = lab.simulate(toy(goal=20, strict=True), agents=["greedy", "random"], n_games=40, seed=3)
    record = df.attrs["record"]
    assert record["params"]["strict"] is True and record["agents"] == [{"name": "greedy"}, {"name": "random"}]
    assert record["seed"] == 3 and record["version"] == lab.__version__
    assert record["variant"] == "goal=20,strict=true"
    pd.testing.assert_frame_equal(lab.rerun(record), df)
    pd.testing.assert_frame_equal(lab.rerun(record, workers=2), df)


def test_registered_game_record_reruns(game_name: str) -> None:
    df = lab.simulate(game_name, n_games=4, seed=21)
    assert df.attrs["record"]["game"] == game_name and df.attrs["record"]["game_class"] is None
    pd.testing.assert_frame_equal(lab.rerun(df.attrs["record"]), df)


def test_rerun_rejects_what_is_not_a_record() -> None:
    with pytest.raises(ValueError, match="record"):
        lab.rerun({"nonsense": 1})
    record = dict(lab.simulate(toy(), n_games=2).attrs["record"])
    record["game_class"] = "not_a_loaded_module:Game"
    with pytest.raises(lab.InvalidRecord, match="not a game defined in this session"):
        lab.rerun(record)


def test_run_tasks_reraises_a_failing_chunk() -> None:
    def boom(x: int) -> int:
        if x == 2:
            raise RuntimeError("chunk 2 failed")
        return x

    with ThreadPoolExecutor(2) as pool, pytest.raises(RuntimeError, match="chunk 2"):
        list(run_tasks(boom, [(i,) for i in range(5)], executor=pool))
    assert sorted(run_tasks(boom, [(0,), (1,)])) == [(0, 0), (1, 1)]


def test_executor_width(dask_client: Any) -> None:
    assert executor_width(None, 3) == 3
    assert executor_width(dask_client) == 2
    with ThreadPoolExecutor(4) as pool:
        assert executor_width(pool) == 4


def test_progress_bar_counts_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    lab.simulate(toy(), n_games=30, seed=0, progress=True, chunk_size=10, workers=2)
    err = capsys.readouterr().err
    assert "30/30" in err


@pytest.mark.parametrize("size", [1, 2, 3])
def test_chunked_frames_equal_one_frame_when_some_games_lack_a_measure(size: int) -> None:
    from lab.sim.simulate import frame_from_parts, frame_from_rows

    rows = [{"a": 1, "b": True}, {"a": 2}, {"a": 3, "c": 1.5, "n[X-1]": 2}, {"a": 4, "b": False}]
    whole = frame_from_rows(rows)
    parts = [pd.DataFrame(rows[i:i + size]) for i in range(0, len(rows), size)]
    pd.testing.assert_frame_equal(frame_from_parts(parts), whole)
    assert list(whole["n[X-1]"]) == [0, 0, 2, 0]
