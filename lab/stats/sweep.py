"""Parameter sweeps and the skill-versus-luck measure, as tidy DataFrames.

Every grid point is played on the same master seed, so neighbouring points share their seeds
(common random numbers) and the curves are smoother than independent runs would give.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any

import numpy as np
import pandas as pd

from lab.agents.catalogue import agent_names
from lab.core.errors import InvalidAgent, InvalidVariant
from lab.core.game import Game
from lab.core.registry import load
from lab.sim.simulate import agent_label, simulate, variant_label
from lab.stats.intervals import Estimate, mean_interval, paired_difference, proportion
from lab.stats.summary import (
    first_mover_wins,
    game_metric_columns,
    n_seats,
    seat_wins,
    win_indicators,
)

TIDY_COLUMNS = ["variant", "metric", "mean", "ci_lo", "ci_hi", "n"]


def _base_game(game: Game | str) -> Game:
    if isinstance(game, Game):
        return game
    if isinstance(game, str):
        return load(game)
    raise ValueError(f"game must be a Game or a registered name, not {type(game).__name__}")


def expand_grid(game: Game | str, grid: Mapping[str, Sequence[Any]] | None) -> list[tuple[dict[str, Any], Game]]:
    """Every combination of the grid's values as ``(point, game)`` pairs, validated up front.

    Raises
    ------
    InvalidVariant
        For an unknown parameter, an empty value list, or a combination the game rejects (the
        message names the grid point).
    """
    base = _base_game(game)
    grid = dict(grid or {})
    specs = {s.name for s in base.parameter_specs()}
    for key, values in grid.items():
        if key not in specs:
            raise InvalidVariant(f"unknown parameter {key!r} in the grid; known parameters: {', '.join(sorted(specs))}")
        if isinstance(values, str | bytes) or not isinstance(values, Sequence) or len(values) == 0:
            raise InvalidVariant(f"grid[{key!r}] must be a non-empty list of values, got {values!r}")
    keys = list(grid)
    out = []
    for combo in itertools.product(*(grid[k] for k in keys)):
        point = dict(zip(keys, combo, strict=True))
        try:
            g = type(base)({**base.params_to_dict(), **point})
        except InvalidVariant as exc:
            shown = ", ".join(f"{k}={v!r}" for k, v in point.items())
            raise InvalidVariant(f"grid point {shown}: {exc}") from None
        out.append((point, g))
    return out


@contextmanager
def shared_pool(workers: int | None, executor: Any) -> Iterator[Any]:
    """One process pool for a series of runs (instead of starting one per run)."""
    if executor is None and workers is not None and not isinstance(workers, bool) and isinstance(workers, int) and workers > 1:
        pool = ProcessPoolExecutor(max_workers=workers)
        try:
            yield pool
        finally:
            pool.shutdown()
    else:
        yield executor


def run_metrics(df: pd.DataFrame) -> list[tuple[str, Estimate]]:
    """The per-run estimates a sweep reports: lengths, time, outcome rates, lead, game metrics."""
    n = len(df)
    out: list[tuple[str, Estimate]] = []
    for col in ("length_actions", "length_decisions", "turns", "rounds", "minutes"):
        if col in df and pd.api.types.is_numeric_dtype(df[col]) and df[col].notna().any():
            out.append((col, mean_interval(df[col].to_numpy(dtype=float))))
    out.append(("draw", proportion(int(df["draw"].astype(bool).sum()), n)))
    if "unfinished" in df:
        out.append(("unfinished", proportion(int(df["unfinished"].astype(bool).sum()), n)))
    if "timeout" in df:
        out.append(("timeout", proportion(int(df["timeout"].astype(bool).sum()), n)))
    for p, w in enumerate(seat_wins(df, n_seats(df))):
        out.append((f"win_{p}", proportion(w, n)))
    if n_seats(df) > 1 and "first_player" in df:
        fm = first_mover_wins(df)
        fm = fm[~np.isnan(fm)]
        if len(fm):
            out.append(("first_mover_win", proportion(int(fm.sum()), len(fm))))
    for col in ("lead_changes", "decided_at", "margin"):
        if col in df and df[col].notna().any():
            out.append((col, mean_interval(df[col].to_numpy(dtype=float))))
    for col in game_metric_columns(df):
        if col not in ("turns", "rounds"):
            out.append((col, mean_interval(pd.to_numeric(df[col], errors="coerce").to_numpy(dtype=float))))
    return out


def sweep(
    game: Game | str,
    grid: Mapping[str, Sequence[Any]],
    agents: Any = None,
    n_games: int = 200,
    seed: int = 0,
    workers: int | None = None,
    executor: Any = None,
    *,
    progress: bool | None = None,
) -> pd.DataFrame:
    """Simulate every point of a parameter grid; return a tidy table of estimates.

    Parameters
    ----------
    game : Game or str
        The base variant (or a registered name: the defaults); the grid overrides it.
    grid : dict
        Parameter name -> list of values, e.g. ``{"strict": [True, False], "players": [2, 3, 4]}``.
    agents, n_games, seed, workers, executor, progress
        As for :func:`lab.simulate` (every point uses the same master seed).

    Returns
    -------
    pandas.DataFrame
        Tidy: one row per (grid point, metric) with the grid's parameters as columns, then
        ``variant``, ``metric``, ``mean``, ``ci_lo``, ``ci_hi`` (95%: Wilson for rates, normal for
        means) and ``n``. Metrics: ``length_actions``, ``length_decisions``, ``turns`` /
        ``rounds`` / ``minutes`` where defined, ``draw``, ``unfinished``, ``timeout``, ``win_<seat>``,
        ``lead_changes``, ``decided_at``, ``margin`` and the game's own metrics.
        ``attrs["record"]`` holds what reproduces it. Plot with :func:`lab.plot_sweep`.
    """
    from lab._version import VERSION as __version__

    points = expand_grid(game, grid)
    keys = list(grid)
    rows: list[dict[str, Any]] = []
    with shared_pool(workers, executor) as ex:
        for point, g in points:
            df = simulate(g, agents, n_games, seed, workers, ex, progress=progress)
            label = variant_label(g)
            for metric, est in run_metrics(df):
                rows.append({**point, "variant": label, "metric": metric, "mean": est.value, "ci_lo": est.lo, "ci_hi": est.hi, "n": est.n})
    out = pd.DataFrame(rows, columns=[*keys, *TIDY_COLUMNS])
    base = _base_game(game)
    out.attrs["record"] = {
        "game": base.name, "params": base.params_to_dict(), "grid": {k: list(v) for k, v in dict(grid).items()},
        "agents": _plain(agents), "n_games": n_games, "seed": seed, "version": __version__,
    }
    return out


def _plain(agents: Any) -> Any:
    """The agents argument as JSON data (agent objects as their specs)."""
    if agents is None or isinstance(agents, str | Mapping):
        return agents if not isinstance(agents, Mapping) else dict(agents)
    if hasattr(agents, "spec"):
        return agents.spec()
    return [_plain(a) for a in agents]


def default_strong_agent(game: Game) -> str:
    """The game's first own agent (the stronger player in skill-vs-luck runs)."""
    own = [a for a in agent_names(game) if a != "random"]
    if not own:
        raise InvalidAgent(f"{game.name} offers no agent besides 'random'; name a stronger agent")
    return own[0]


def skill_vs_luck(
    game: Game | str,
    grid: Mapping[str, Sequence[Any]] | None = None,
    strong: Any = None,
    weak: Any = "random",
    n_games: int = 200,
    seed: int = 0,
    workers: int | None = None,
    executor: Any = None,
    *,
    progress: bool | None = None,
) -> pd.DataFrame:
    """Win rate of a stronger agent among weaker ones, per variant: the more skill matters, the higher.

    For each variant and each seat ``s``, ``n_games`` games are played with ``strong`` in seat
    ``s`` and ``weak`` elsewhere, and ``n_games`` on the same seeds with ``weak`` everywhere (the
    luck baseline: what the same seat wins when its player is no better than the others).

    Returns
    -------
    pandas.DataFrame
        One row per variant: the grid's parameters, ``variant``, ``strong``, ``weak``,
        ``games`` (strong seat-games), ``strong_win_rate`` with ``ci_lo``/``ci_hi`` (Wilson),
        ``baseline_win_rate`` (weak in the same seats and seeds), ``skill_gap`` (paired
        difference) with ``gap_lo``/``gap_hi``, and ``skill_share``: the gap as a share of what
        a sure winner would gain, ``(strong − baseline) / (1 − baseline)`` (0: pure luck,
        1: the stronger player always wins).
    """
    points = expand_grid(game, grid)
    rows = []
    with shared_pool(workers, executor) as ex:
        for point, g in points:
            s_spec = strong if strong is not None else default_strong_agent(g)
            n = g.num_players()
            won_strong: list[np.ndarray] = []
            won_base: list[np.ndarray] = []
            base_df = simulate(g, weak, n_games, seed, workers, ex, progress=progress)
            for seat in range(n):
                seats = [weak] * n
                seats[seat] = s_spec
                df = simulate(g, seats, n_games, seed, workers, ex, progress=progress)
                won_strong.append(win_indicators(df, seat))
                won_base.append(win_indicators(base_df, seat))
            xs, xb = np.concatenate(won_strong), np.concatenate(won_base)
            rate = proportion(int(xs.sum()), len(xs))
            gap = paired_difference(xb, xs)
            base_rate = float(xb.mean()) if len(xb) else math.nan
            share = gap.value / (1 - base_rate) if base_rate < 1 else math.nan
            rows.append({
                **point, "variant": variant_label(g), "strong": agent_label(_spec(g, s_spec)), "weak": agent_label(_spec(g, weak)),
                "games": rate.n, "strong_win_rate": rate.value, "ci_lo": rate.lo, "ci_hi": rate.hi,
                "baseline_win_rate": base_rate, "skill_gap": gap.value, "gap_lo": gap.lo, "gap_hi": gap.hi, "skill_share": share,
            })
    return pd.DataFrame(rows)


def _spec(game: Game, spec: Any) -> dict[str, Any]:
    from lab.agents.catalogue import make_agent

    return dict(make_agent(game, spec).spec())
