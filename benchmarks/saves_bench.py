"""Saves: size and save/load time of long Fiemme–Cembra matches (issue 20 item 7).

Target: a 10-round match saves and loads in under 1 s. The compact save (format 2, integer
codes) is compared with the JSON-actions save (format 1) of the same game, and the largest
save any Fiemme–Cembra variant allows is bounded by its budget (``save codes``).

Run alone::

    python -m benchmarks.run --sections saves
"""

from __future__ import annotations

import time
import tracemalloc
from typing import Any

import lab
from lab.core.save_write import MAX_BYTES, state_to_json

TARGET_SECONDS = 1.0


def _best(fn: Any, repeats: int) -> tuple[float, Any]:
    best, out = float("inf"), None
    for _ in range(repeats):
        started = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - started)
    return best, out


def measure(players: int, agents: str, rounds: int = 10, seed: int = 1, repeats: int = 3) -> dict[str, Any]:
    """Save and load times (best of ``repeats``), sizes and the load's peak traced memory."""
    game = lab.load("fiemme_cembra", players=players, rounds=rounds)
    state = lab.play(game, agents=agents, seed=seed)
    save_s, text = _best(state.to_json, repeats)
    load_s, loaded = _best(lambda: lab.state_from_json(text), repeats)
    assert loaded == state
    tracemalloc.start()
    lab.state_from_json(text)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    budget = next(b for b in game.budget() if b.what.startswith("save codes"))
    return {
        "players": players, "agents": agents, "rounds": rounds, "steps": len(state.history()),
        "bytes": len(text), "bytes_format_1": len(state_to_json(state, format_version=1)),
        "save_s": save_s, "load_s": load_s, "load_peak_mib": peak / 2**20,
        "codes_bound": budget.size, "bytes_bound": budget.size * (len(str(game.num_distinct_actions())) + 1),
    }


def run(repeats: int = 3) -> dict[str, Any]:
    """The default 4-player match (collectors) and the longest setting (6 players, reaction agents)."""
    return {"max_bytes": MAX_BYTES, "matches": [measure(4, "collector", repeats=repeats),
                                                measure(6, "random_rt", repeats=repeats)]}


def table_rows(results: dict[str, Any] | None) -> list[tuple[str, str, str, str, str]]:
    """Rows of the benchmark table (see :func:`benchmarks.run.table_rows`)."""
    rows: list[tuple[str, str, str, str, str]] = []
    for m in (results or {}).get("matches", []):
        took = m["save_s"] + m["load_s"]
        rows.append((
            "saves", f"fiemme_cembra {m['rounds']} rounds, {m['players']} {m['agents']} ({m['steps']:,} steps)",
            f"save {m['save_s'] * 1000:.0f} ms + load {m['load_s'] * 1000:.0f} ms, {m['bytes'] / 1000:.0f} KB "
            f"(format 1: {m['bytes_format_1'] / 1000:.0f} KB), load peak {m['load_peak_mib']:.0f} MiB",
            f"< {TARGET_SECONDS:.0f} s", "ok" if took < TARGET_SECONDS else "SLOW",
        ))
        rows.append((
            "saves", "  longest game this variant allows (budget)",
            f"{m['codes_bound']:,} codes <= {m['bytes_bound'] / 1e6:.1f} MB",
            f"<= {results['max_bytes'] / 1e6:.0f} MB",  # type: ignore[index]
            "ok" if m["bytes_bound"] <= results["max_bytes"] else "TOO BIG",  # type: ignore[index]
        ))
    return rows
