"""Every registered game: complete games per second and actions per second on one core.

Each game is played with its default variant through :func:`lab.play` (the product's driver)
with random players and with each heuristic agent it offers (``agent_factories()``, the same
agent in every seat). Each measurement plays seeded games for about ``seconds`` of this
process's CPU time (at least one game), ``runs`` times; the table reports the medians.
``actions`` counts every history entry, chance outcomes included.
"""

from __future__ import annotations

import statistics
import time
import traceback
from typing import Any

import lab

_clock = time.process_time


def measure(game: lab.Game, agents: Any, seconds: float, runs: int, seed: int = 0) -> dict[str, Any]:
    """Median games/s and actions/s of ``runs`` runs of about ``seconds`` each."""
    gps: list[float] = []
    aps: list[float] = []
    lengths: list[int] = []
    index = seed * 1_000_000
    for _ in range(runs):
        games = actions = 0
        start = _clock()
        end = start + seconds
        while True:
            state = lab.play(game, agents, seed=index)
            index += 1
            games += 1
            n = state.move_number()
            actions += n
            lengths.append(n)
            now = _clock()
            if now >= end:
                break
        dt = max(now - start, 1e-9)
        gps.append(games / dt)
        aps.append(actions / dt)
    return {
        "games_per_s": statistics.median(gps),
        "actions_per_s": statistics.median(aps),
        "runs_games_per_s": gps,
        "games": len(lengths),
        "mean_length": statistics.fmean(lengths),
    }


def run(seconds: float, runs: int, names: list[str] | None = None) -> dict[str, Any]:
    """Measure every registered game (or ``names``) with every agent it offers.

    A game that fails to load or to play is reported with its error instead of numbers, so
    one unfinished game does not stop the benchmark.
    """
    out: dict[str, Any] = {}
    for name in names or lab.game_names():
        entry: dict[str, Any] = {}
        try:
            game = lab.load(name)
            entry["variant"] = game.params_to_dict()
            agent_names = ["random", *type(game).agent_factories()]
        except Exception as exc:  # a game package still being written
            out[name] = {"error": f"{type(exc).__name__}: {exc}"}
            continue
        results: dict[str, Any] = {}
        for agent in agent_names:
            try:
                results[agent] = measure(game, agent, seconds, runs)
            except Exception as exc:
                results[agent] = {
                    "error": f"{type(exc).__name__}: {exc}",
                    "where": traceback.format_exc(limit=3).splitlines()[-3:],
                }
        entry["agents"] = results
        out[name] = entry
    return out


def profile(name: str, agents: Any = None, seconds: float = 3.0) -> str:
    """A pyinstrument text profile of ``seconds`` of playouts of game ``name``."""
    from pyinstrument import Profiler

    game = lab.load(name)
    profiler = Profiler(interval=0.0005)
    profiler.start()
    end = time.perf_counter() + seconds
    seed = 0
    while time.perf_counter() < end:
        lab.play(game, agents, seed=seed)
        seed += 1
    profiler.stop()
    head = f"{name} ({agents or type(game).default_agents or 'random'}): {seed} games in {seconds:g} s\n"
    return head + profiler.output_text(unicode=False, color=False, show_all=False)
