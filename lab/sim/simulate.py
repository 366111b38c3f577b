"""Batch simulation: many seeded games -> one pandas DataFrame, one row per game.

Each game's seed is derived from the master seed and the game's index with
``numpy.random.SeedSequence(master, spawn_key=(index,))``, so the table is identical whatever the
number of workers or the executor. Games are sent to workers in chunks; each worker rebuilds the
game from its name and parameters and the agents from their specs (nothing is pickled but plain
data).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

import numpy as np
import pandas as pd

from lab.agents.base import make_agents
from lab.core.game import Game
from lab.core.registry import load
from lab.sim.play import play


def game_seed(master: int, index: int) -> int:
    """The seed of game ``index`` in a run with master seed ``master``."""
    ss = np.random.SeedSequence(master, spawn_key=(index,))
    return int(ss.generate_state(1, np.uint32)[0])


def game_row(game: Game, agents: Any, seed: int, index: int) -> dict[str, Any]:
    """Play one game and summarise it as a table row."""
    state = play(game, agents, seed=seed)
    n = game.num_players()
    returns = state.returns()
    winners = state.winners()
    row: dict[str, Any] = {
        "game_index": index,
        "seed": seed,
        "winners": json.dumps(winners),
        "winner": winners[0] if len(winners) == 1 else -1,
        "draw": len(winners) == 0,
        "length_actions": len(state.history()),
    }
    for p in range(n):
        row[f"return_{p}"] = returns[p]
    minutes = state.estimated_minutes()
    if minutes is not None:
        row["minutes"] = float(minutes)
    for key, value in state.metrics().items():
        row[key] = value
    progress = state.progress()
    if progress is not None:
        for p, v in enumerate(progress):
            row[f"progress_{p}"] = float(v)
    for clause, count in state.clause_counts().items():
        row[f"n[{clause}]"] = count
    return row


def _run_chunk(name: str, params: dict[str, Any], agent_specs: list[Any], master: int, indices: Sequence[int]) -> list[dict[str, Any]]:
    game = load(name, **params)
    rows = []
    for i in indices:
        rows.append(game_row(game, agent_specs, game_seed(master, i), i))
    return rows


def _chunks(n: int, size: int) -> list[range]:
    return [range(start, min(n, start + size)) for start in range(0, n, size)]


def agent_specs(game: Game, agents: Any) -> list[dict[str, Any]]:
    """Agents as JSON specs (one per seat), the form a run record stores."""
    return [a.spec() for a in make_agents(game, agents)]


def simulate(
    game: Game | str,
    agents: Any = None,
    n_games: int = 100,
    seed: int = 0,
    workers: int | None = None,
    executor: Any = None,
    *,
    chunk_size: int | None = None,
    progress: bool = False,
) -> pd.DataFrame:
    """Play ``n_games`` games and return one row per game.

    Parameters
    ----------
    game : Game or str
        The game (with its variant) or a registered name (defaults).
    agents : None, str, dict or list
        As for :func:`lab.play`; stored in the record as specs.
    n_games : int
        Number of games.
    seed : int
        Master seed; game ``i`` gets ``game_seed(seed, i)``.
    workers : int, optional
        Worker processes (default: 1, in this process). Ignored when ``executor`` is given.
    executor : concurrent.futures.Executor or dask.distributed.Client, optional
        Where to run the chunks.
    chunk_size : int, optional
        Games per task (default: about 4 tasks per worker, at most 500 games).
    progress : bool
        Show a tqdm progress bar (a widget in notebooks, text in a terminal).

    Returns
    -------
    pandas.DataFrame
        Sorted by ``game_index``; ``df.attrs["record"]`` is the run record for :func:`lab.rerun`.
    """
    from lab import __version__

    if isinstance(game, str):
        game = load(game)
    if not isinstance(n_games, int) or isinstance(n_games, bool) or n_games < 0:
        raise ValueError(f"n_games must be a whole number >= 0, got {n_games!r}")
    specs = agent_specs(game, agents)
    params = game.params_to_dict()
    n_workers = 1 if workers is None else int(workers)
    if n_workers < 1:
        raise ValueError(f"workers must be >= 1, got {workers!r}")
    parallel = executor is not None or n_workers > 1
    slots = n_workers if executor is None else max(1, _executor_width(executor))
    size = chunk_size or max(1, min(500, -(-n_games // (4 * slots)))) if parallel else max(1, n_games)
    chunks = _chunks(n_games, size)
    rows: list[dict[str, Any]] = []
    bar = _progress_bar(n_games) if progress else None
    if not parallel:
        g = game
        for idx in chunks:
            for i in idx:
                rows.append(game_row(g, specs, game_seed(seed, i), i))
                if bar is not None:
                    bar.update(1)
    else:
        own = executor is None
        ex = ProcessPoolExecutor(max_workers=n_workers) if own else executor
        try:
            for part in _map_chunks(ex, game.name, params, specs, seed, chunks):
                rows.extend(part)
                if bar is not None:
                    bar.update(len(part))
        finally:
            if own:
                ex.shutdown()
    if bar is not None:
        bar.close()
    df = pd.DataFrame(rows)
    if len(df):
        df = df.sort_values("game_index", kind="stable").reset_index(drop=True)
        clause_cols = [c for c in df.columns if c.startswith("n[")]
        df[clause_cols] = df[clause_cols].fillna(0).astype(int)
        df = df[[c for c in df.columns if not c.startswith("n[")] + sorted(clause_cols)]
    df.attrs["record"] = {
        "game": game.name,
        "params": params,
        "agents": specs,
        "n_games": n_games,
        "seed": seed,
        "version": __version__,
        "rules_version": game.rules_version,
    }
    return df


def _executor_width(executor: Any) -> int:
    try:  # dask.distributed.Client
        return sum(executor.nthreads().values())
    except AttributeError:
        return getattr(executor, "_max_workers", None) or os.cpu_count() or 1


def _map_chunks(ex: Executor | Any, name: str, params: dict[str, Any], specs: list[Any], seed: int, chunks: list[range]) -> Iterable[list[dict[str, Any]]]:
    futures = [ex.submit(_run_chunk, name, params, specs, seed, list(c)) for c in chunks]
    for f in futures:
        yield f.result()


def _progress_bar(total: int) -> Any:
    from tqdm.auto import tqdm

    return tqdm(total=total, unit="game")


def rerun(record: dict[str, Any], **overrides: Any) -> pd.DataFrame:
    """Reproduce a run from its record (``df.attrs["record"]``)."""
    game = load(record["game"], **record["params"])
    kwargs = {"agents": record["agents"], "n_games": record["n_games"], "seed": record["seed"]}
    kwargs.update(overrides)
    return simulate(game, **kwargs)
