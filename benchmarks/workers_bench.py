"""Warm workers: many small simulations in one session, and the autopilot's trials per minute.

- :func:`warm` times a short ``lab.simulate`` (200 Space Station games by default) on 1 worker
  and on the session's warm pool of 2 workers (started once, before the clock), interleaving
  the two so a busy machine slows both alike, and reports the minimum of each (the least
  disturbed run) and their ratio. The tables are checked identical.
- :func:`tune_rate` runs ``lab.tune`` for a fixed budget on 1 and 2 workers and reports trials
  per minute (the reports are checked identical).
"""

from __future__ import annotations

import os
import time
from typing import Any

import lab
from lab.sim.executors import shutdown_workers, usable_cores, warm_pool


def _timed(fn: Any) -> tuple[float, Any]:
    start = time.perf_counter()
    out = fn()
    return time.perf_counter() - start, out


def _cpu_seconds() -> float:
    """CPU seconds of this process and its live worker processes (psutil), else this process."""
    try:
        import psutil
    except ImportError:
        return time.process_time()
    me = psutil.Process()
    total = 0.0
    for proc in [me, *me.children(recursive=True)]:
        try:
            t = proc.cpu_times()
        except psutil.Error:
            continue
        total += t.user + t.system
    return total


def warm(name: str = "space_station", n_games: int = 200, rounds: int = 7, seed: int = 0) -> dict[str, Any]:
    """Wall time of ``simulate(name, n_games)`` on 1 worker and on 2 warm workers."""
    game = lab.load(name)
    if usable_cores() < 2:
        return {"error": f"{usable_cores()} usable core(s): the 2-worker run needs 2"}
    warm_pool(2)
    lab.simulate(game, n_games=20, seed=seed, workers=2, progress=False)  # workers import lab
    lab.simulate(game, n_games=20, seed=seed, progress=False)
    ones, twos, cpu1, cpu2, same = [], [], [], [], True
    for _ in range(rounds):
        c = _cpu_seconds()
        t1, a = _timed(lambda: lab.simulate(game, n_games=n_games, seed=seed, progress=False))
        c1 = _cpu_seconds()
        t2, b = _timed(lambda: lab.simulate(game, n_games=n_games, seed=seed, workers=2, progress=False))
        c2 = _cpu_seconds()
        ones.append(t1)
        twos.append(t2)
        cpu1.append(c1 - c)
        cpu2.append(c2 - c1)
        same = same and a.equals(b)
    shutdown_workers()
    # cpu_bound_speedup: what an idle 2-core machine would show, 2 * cpu(1) / cpu(2) (parent +
    # workers), counting the pool's own overhead but not the waiting for a busy machine's cores
    return {
        "game": name, "n_games": n_games, "rounds": rounds, "seconds_1": ones, "seconds_2": twos,
        "min_1": min(ones), "min_2": min(twos), "speedup": min(ones) / min(twos), "identical": same,
        "cpu_1": min(cpu1), "cpu_2": min(cpu2), "cpu_bound_speedup": 2 * min(cpu1) / max(min(cpu2), 1e-9),
        "load_average": list(os.getloadavg()),
    }


def tune_rate(
    name: str = "memcel", budget: int = 12, games: int = 40, seed: int = 0, agents: Any = "memory"
) -> dict[str, Any]:
    """Trials per minute of ``lab.tune`` on 1 and 2 workers (same report required)."""
    game = lab.load(name)
    space = {"players": {"choices": [2, 3, 4]}, "board_turn_degrees": {"low": 45, "high": 180, "step": 45}}
    targets = ["minutes=20", "spread<=0.1"]
    out: dict[str, Any] = {"game": name, "budget": budget, "games_per_trial": games, "agents": agents}
    reports = []
    for workers in (1, 2):
        if workers > usable_cores():
            break
        cpu = _cpu_seconds()
        seconds, result = _timed(lambda w=workers: lab.tune(
            game, space, targets, agents=agents, budget=budget, games=games, final_games=games, seed=seed,
            workers=w, progress=False,
        ))
        out[f"trials_per_min_{workers}"] = 60 * result.variants_played / seconds
        # on an idle machine: the CPU time spread over `workers` cores
        out[f"cpu_bound_trials_per_min_{workers}"] = 60 * result.variants_played * workers / (_cpu_seconds() - cpu)
        reports.append(result.report())
    shutdown_workers()
    out["identical"] = len(set(reports)) == 1
    return out
