"""Worker processes: capped at the cores, fed lazily, warm across calls, never orphaned (#20 item 4)."""

from __future__ import annotations

import itertools
import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pandas as pd
import pytest
from test_experiments_toy import toy

import lab
from lab.sim import executors
from lab.sim.executors import run_tasks, shutdown_workers, usable_cores, warm_pool, worker_pool
from lab.sim.simulate import chunk_tasks
from tests.tools import patience

ROOT = Path(__file__).resolve().parent.parent


def _alive(pid: int) -> bool:
    """Whether ``pid`` is a live process (a zombie waiting to be reaped counts as dead)."""
    try:
        import psutil
    except ImportError:  # pragma: no cover - /proc fallback
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            return False
        return stat.rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    try:
        return psutil.Process(pid).status() not in (psutil.STATUS_ZOMBIE, psutil.STATUS_DEAD)
    except psutil.NoSuchProcess:
        return False


def _wait_dead(pids: list[int], seconds: float = 10.0) -> list[int]:
    deadline = time.monotonic() + patience.scaled(seconds)
    while time.monotonic() < deadline:
        left = [p for p in pids if _alive(p)]
        if not left:
            return []
        time.sleep(0.1)
    return [p for p in pids if _alive(p)]


def test_workers_beyond_the_cores_are_capped_with_a_warning() -> None:
    want = usable_cores() + 30
    with pytest.warns(UserWarning, match=rf"workers={want} capped at {usable_cores()}"):
        df = lab.simulate(toy(), n_games=6, seed=1, workers=want)
    pool = executors._WARM["pool"]
    assert pool is None or pool._max_workers <= usable_cores()
    pd.testing.assert_frame_equal(df, lab.simulate(toy(), n_games=6, seed=1))
    with ThreadPoolExecutor(usable_cores() + 2) as pool:  # an executor passed in is not capped
        assert len(list(run_tasks(abs, [(-i,) for i in range(9)], executor=pool))) == 9


def test_chunks_are_made_lazily_for_a_huge_run() -> None:
    tasks = chunk_tasks(toy(), [{"name": "random"}] * 2, 0, 10**30, 500, "default", "random|random", local=True)
    first = next(tasks)
    assert first[3:5] == (0, 500) and next(tasks)[3:5] == (500, 1000)
    endless = ((i,) for i in itertools.count())  # run_tasks never lists its tasks
    with ThreadPoolExecutor(2) as pool:
        got = list(itertools.islice(run_tasks(abs, endless, executor=pool), 20))
    indices = [i for i, _ in got]
    assert len(set(indices)) == 20 and max(indices) < 20 + 2 * executors.IN_FLIGHT_PER_WORKER
    got = list(itertools.islice(run_tasks(abs, ((-i,) for i in itertools.count())), 5))
    assert got == [(i, i) for i in range(5)]


def test_the_warm_pool_is_reused_across_calls_and_shut_down_explicitly() -> None:
    workers = min(2, usable_cores())
    if workers < 2:
        pytest.skip("needs two cores")
    shutdown_workers()
    one = lab.simulate(toy(), n_games=20, seed=3)
    a = lab.simulate(toy(), n_games=20, seed=3, workers=2)
    pool = executors._WARM["pool"]
    pids = sorted(pool._processes)
    b = lab.compare(toy(), {"goal": 10}, n_games=20, seed=3, workers=2)
    assert executors._WARM["pool"] is pool and sorted(pool._processes) == pids
    pd.testing.assert_frame_equal(a, one)
    assert b is not None
    shutdown_workers()
    assert executors._WARM["pool"] is None and _wait_dead(pids) == []
    with worker_pool(2) as pool:
        assert warm_pool(2) is pool
        pd.testing.assert_frame_equal(lab.simulate(toy(), n_games=20, seed=3, workers=2), one)
    assert executors._WARM["pool"] is None


PARENT = """
import json, os, signal, sys, time
# a parent as a terminal starts it: a test runner launched under nohup would pass on SIGHUP ignored
signal.signal(signal.SIGHUP, signal.SIG_DFL)
signal.signal(signal.SIGTERM, signal.SIG_DFL)
import lab
from lab.sim import executors
game = lab.load("memcel")
mode = sys.argv[1]
if mode == "dask":
    import logging
    from distributed import Client, LocalCluster
    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                           dashboard_address=None, silence_logs=logging.ERROR)
    client = Client(cluster)
    lab.simulate(game, n_games=8, seed=0, executor=client)
    pids = sorted(client.run(os.getpid).values())
    kw = {"executor": client}
else:
    lab.simulate(game, n_games=8, seed=0, workers=2)
    pids = sorted(executors._WARM["pool"]._processes)
    kw = {"workers": 2}
print(json.dumps(pids), flush=True)
sys.stdin.readline()  # start the long run when told
lab.simulate(game, n_games=10**6, seed=1, **kw)
"""


def test_no_worker_survives_its_parent() -> None:
    """SIGTERM or SIGHUP to a parent running a long simulation: its workers exit with it.

    Warm-pool workers (and Dask LocalCluster workers) of four parents, started together.
    """
    cases = [("pool", signal.SIGTERM), ("pool", signal.SIGHUP)]
    if usable_cores() < 2:
        cases = []
    try:
        import distributed  # noqa: F401

        cases += [("dask", signal.SIGTERM), ("dask", signal.SIGHUP)]
    except ImportError:
        pass
    if not cases:
        pytest.skip("needs two cores or dask.distributed")
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", textwrap.dedent(PARENT), mode], cwd=ROOT, stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        )
        for mode, _ in cases
    ]
    try:
        workers = []
        for proc in procs:
            line = proc.stdout.readline() if proc.stdout else ""
            pids = json.loads(line)
            assert len(pids) == 2 and os.getpid() not in pids and all(_alive(p) for p in pids)
            workers.append(pids)
        for proc in procs:
            proc.stdin.write("go\n")
            proc.stdin.flush()
        time.sleep(0.5)  # the long runs are under way
        for proc, (_, sig) in zip(procs, cases, strict=True):
            os.kill(proc.pid, sig)
        for proc, pids, (mode, sig) in zip(procs, workers, cases, strict=True):
            patience.wait(proc, cpu=60)
            assert _wait_dead(pids) == [], f"{mode} workers {pids} outlived their parent ({sig.name})"
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
                proc.wait()


NOTEBOOK_GAME = """
import json, sys
from concurrent.futures import ProcessPoolExecutor
import multiprocessing as mp
import lab
from lab.sim.executors import worker_pool
from tests.tools.peak_dice import PeakDice

class Lucky(PeakDice):  # a notebook's house variant: defined in __main__, unknown to workers
    def new_initial_state(self):
        state = super().new_initial_state()
        state.roll = 6  # the die is loaded
        return state

def triple(roll):  # a house rule written in the notebook
    return 3.0 * roll

games = [Lucky(x=40), PeakDice(y=3).with_rules({"PD-3": triple})]
out = []
for game in games:
    one = lab.simulate(game, n_games=12, seed=4)
    with ProcessPoolExecutor(2, mp_context=mp.get_context("spawn")) as pool:
        spawned = lab.simulate(game, n_games=12, seed=4, executor=pool, chunk_size=5)
    with worker_pool(2, "forkserver"):
        forked = lab.simulate(game, n_games=12, seed=4, workers=2, chunk_size=5)
    out.append([one.equals(spawned), one.equals(forked), float(one["score"].mean())])
print(json.dumps(out))
"""


def test_a_main_defined_game_and_house_rule_run_on_spawn_and_forkserver_pools() -> None:
    # about 15 s of CPU on a quiet machine (spawned and forkserver workers import lab twice)
    done = patience.run([sys.executable, "-c", textwrap.dedent(NOTEBOOK_GAME)], cwd=ROOT, cpu=240)
    assert done.returncode == 0, done.stderr[-2000:]
    (lucky_spawn, lucky_fork, lucky_score), (rule_spawn, rule_fork, rule_score) = json.loads(done.stdout)
    assert lucky_spawn and lucky_fork and rule_spawn and rule_fork
    assert lucky_score == 100 - (3**2 + 21**2) / 25 + 2.5  # the loaded die reached the workers
    assert rule_score > 100 - (13**2 + 68**2) / 25 + 3.0  # the notebook's rule did too
