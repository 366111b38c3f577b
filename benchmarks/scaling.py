"""Scaling over workers, peak memory of long runs, and Space Station's precomputed routes.

- :func:`workers` times one ``lab.simulate`` of ``n_games`` on 1 and 2 local worker processes
  and on a Dask ``LocalCluster`` of 1 and 2 single-threaded worker processes (wall-clock time:
  this is what a designer waits for). The Dask clusters are started and warmed up before the
  clock starts.
- :func:`peak_rss` runs ``lab.simulate`` in a fresh subprocess per size and reads the
  subprocess's peak resident memory (``VmHWM`` on Linux, else ``ru_maxrss``).
- :func:`space_station_routes` answers the same shortest-route queries from the game's
  precomputed tables and with ``networkx.shortest_path`` on its movement graph.
"""

from __future__ import annotations

import json
import logging
import os
import random
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import lab

ROOT = Path(__file__).resolve().parent.parent


def _wall(fn: Any) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def _cpu() -> float:
    """CPU seconds used by this process and its reaped children (finished workers)."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def _timed(fn: Any) -> tuple[float, float]:
    """(wall seconds, CPU seconds of this process and the workers it reaped) of ``fn()``."""
    cpu, start = _cpu(), time.perf_counter()
    fn()
    return time.perf_counter() - start, _cpu() - cpu


def _entry(w1: float, c1: float, w2: float, c2: float) -> dict[str, float]:
    # ``cpu_bound_speedup``: what an idle two-core machine would show if the CPU work were
    # split evenly, 2 * cpu(1 worker) / cpu(2 workers); it counts the pool's or cluster's own
    # overhead (start-up, pickling, scheduling) but not the waiting for a busy machine's cores.
    return {
        "seconds_1": w1, "seconds_2": w2, "speedup": w1 / w2,
        "cpu_seconds_1": c1, "cpu_seconds_2": c2, "cpu_bound_speedup": 2 * c1 / max(c2, 1e-9),
    }


def workers(name: str, n_games: int, agents: Any = None, seed: int = 0) -> dict[str, Any]:
    """Wall-clock time of ``simulate(name, n_games)`` on 1 and 2 workers, local and Dask.

    The CPU time of each run (this process plus the worker processes, counted when they are
    reaped) is recorded too, so a run on a busy machine still says what the split costs.
    """
    game = lab.load(name)
    out: dict[str, Any] = {"game": name, "n_games": n_games, "cpu_count": os.cpu_count()}
    lab.simulate(game, agents, n_games=min(50, n_games), seed=seed, progress=False)  # warm
    w1, c1 = _timed(lambda: lab.simulate(game, agents, n_games=n_games, seed=seed, progress=False))
    w2, c2 = _timed(
        lambda: lab.simulate(game, agents, n_games=n_games, seed=seed, workers=2, progress=False)
    )
    out["local"] = _entry(w1, c1, w2, c2)
    try:
        out["dask"] = _dask(game, agents, n_games, seed)
    except ImportError as exc:
        out["dask"] = {"error": f"dask.distributed is not installed ({exc})"}
    return out


def _dask(game: lab.Game, agents: Any, n_games: int, seed: int) -> dict[str, Any]:
    from dask.distributed import Client, LocalCluster

    times: dict[int, float] = {}
    cpus: dict[int, float] = {}
    for n_workers in (1, 2):
        cpu = _cpu()  # the cluster's whole life: its workers are reaped when it closes
        with (
            LocalCluster(
                n_workers=n_workers,
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
                silence_logs=logging.ERROR,
            ) as cluster,
            Client(cluster) as client,
        ):
            lab.simulate(game, agents, n_games=min(50, n_games), seed=seed, executor=client, progress=False)
            times[n_workers] = _wall(
                lambda c=client: lab.simulate(
                    game, agents, n_games=n_games, seed=seed, executor=c, progress=False
                )
            )
        cpus[n_workers] = _cpu() - cpu
    return _entry(times[1], cpus[1], times[2], cpus[2])


# Linux keeps ``ru_maxrss`` across exec, so a child started from a big parent reports at
# least the parent's size; the high-water mark of the child's own memory (``VmHWM``) does not
# have that flaw and is used where it exists (``ru_maxrss`` is recorded beside it).
_RSS_SCRIPT = """
import json, resource, sys, time
import lab
name, n = sys.argv[1], int(sys.argv[2])
t = time.perf_counter()
df = lab.simulate(name, n_games=n, seed=0, progress=False)
dt = time.perf_counter() - t
maxrss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
hwm = None
try:
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            hwm = int(line.split()[1]) / 1024
except OSError:
    pass
print(json.dumps({"n_games": n, "rows": len(df), "columns": df.shape[1],
                  "peak_rss_mib": maxrss if hwm is None else hwm, "ru_maxrss_mib": maxrss,
                  "table_mib": df.memory_usage(deep=True).sum() / 2**20, "seconds": dt}))
"""


def peak_rss(name: str, sizes: list[int]) -> dict[str, Any]:
    """Peak resident memory of a one-worker ``simulate`` of each size, each in a new process.

    ``table_mib`` is the size of the returned table itself (``memory_usage(deep=True)``): the
    part of the peak that has to grow with the number of games.
    """
    runs = []
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for n in [0, *sizes]:
        proc = subprocess.run(
            [sys.executable, "-c", _RSS_SCRIPT, name, str(n)],
            capture_output=True,
            text=True,
            cwd=ROOT,
            env=env,
            check=False,
        )
        if proc.returncode != 0:
            return {"game": name, "error": proc.stderr.strip().splitlines()[-1:]}
        runs.append(json.loads(proc.stdout.strip().splitlines()[-1]))
    base = runs[0]["peak_rss_mib"]
    for r in runs[1:]:
        r["growth_mib"] = r["peak_rss_mib"] - base
        r["growth_kib_per_game"] = 1024 * r["growth_mib"] / r["n_games"]
    small, big = runs[1], runs[-1]
    return {
        "game": name,
        "baseline_mib": base,
        "runs": runs[1:],
        "ratio_largest_to_smallest": big["peak_rss_mib"] / small["peak_rss_mib"],
    }


def space_station_largest_board(repeats: int = 3) -> dict[str, Any]:
    """CPU seconds and traced peak bytes of loading Space Station on the largest board its
    budget allows (``MAX_HEXES``: a square board), from empty caches, and of a second variant
    of the same board (another ``earth_row``: it shares the distance table). Medians of
    ``repeats`` runs (issue 40 item 13: the target is under 1 s)."""
    import math
    import statistics
    import tracemalloc

    from lab.games.space_station import board

    side = math.isqrt(board.MAX_HEXES)
    lab.load("space_station")  # the package imported outside the timing
    first, second, peaks = [], [], []
    for _ in range(repeats):
        board._CACHE.clear()
        board._DISTANCES.clear()
        tracemalloc.start()
        started = time.process_time()
        lab.load("space_station", columns=side, rows=side, earth_row=side // 2)
        first.append(time.process_time() - started)
        peaks.append(tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
        started = time.process_time()
        lab.load("space_station", columns=side, rows=side, earth_row=side // 2 + 1)
        second.append(time.process_time() - started)
    return {"columns": side, "rows": side, "hexes": side * side, "load_s": statistics.median(first),
            "another_earth_row_s": statistics.median(second), "peak_mb": statistics.median(peaks) / 1e6}


def space_station_routes(n_queries: int, seed: int = 0) -> dict[str, Any]:
    """Shortest-route queries: Space Station's tables against ``networkx.shortest_path``.

    Queries are random (hex, orbit hex) pairs over the hexes pieces may stand on, the same list
    for both. Two kinds are timed: the route *length* (one table read against
    ``shortest_path``), and a whole *route* (walking the table downhill, one step per hex,
    against ``shortest_path``). Every answer is checked against networkx.
    """
    import networkx as nx

    from lab.games.space_station import geometry_for

    game = lab.load("space_station")
    geo = geometry_for(game.params)
    graph = geo.movement_graph()  # built once, outside the timing (as the tables are)
    hexes = [i for i in range(len(geo.nodes)) if i not in geo.forbidden]
    rng = random.Random(seed)
    queries = [(rng.choice(hexes), rng.randrange(len(geo.orbit))) for _ in range(n_queries)]
    orbit, to_orbit, step = geo.orbit, geo.to_orbit, geo.step

    def table_lengths() -> list[int]:
        return [geo.route_length(src, k) for src, k in queries]

    def table_routes() -> list[list[int]]:
        out = []
        for src, k in queries:
            table = to_orbit[k]
            path = [src]
            i = src
            while table[i] > 0:
                d = table[i] - 1
                for j in step[i]:
                    if j >= 0 and table[j] == d:
                        i = j
                        break
                path.append(i)
            out.append(path)
        return out

    def nx_routes() -> list[list[int]]:
        return [nx.shortest_path(graph, src, orbit[k]) for src, k in queries]

    t_nx = _best(nx_routes)
    t_len = _best(table_lengths)
    t_route = _best(table_routes)
    want = [len(p) - 1 for p in nx_routes()]
    paths = table_routes()
    valid = all(
        p[-1] == orbit[k] and all(b in step[a] for a, b in zip(p, p[1:], strict=False))
        for p, (_, k) in zip(paths, queries, strict=True)
    )
    agree = table_lengths() == want and [len(p) - 1 for p in paths] == want and valid
    return {
        "queries": n_queries,
        "hexes": len(hexes),
        "orbit_hexes": len(orbit),
        "agree_with_networkx": agree,
        "networkx_us_per_query": 1e6 * t_nx / n_queries,
        "table_length_us_per_query": 1e6 * t_len / n_queries,
        "table_route_us_per_query": 1e6 * t_route / n_queries,
        "speedup_length": t_nx / t_len,
        "speedup_route": t_nx / t_route,
    }


def _best(fn: Any, repeat: int = 3) -> float:
    """The fastest of ``repeat`` CPU-time measurements of ``fn()``."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        fn()
        best = min(best, time.process_time() - start)
    return max(best, 1e-9)
