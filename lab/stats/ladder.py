"""A skill ladder: each rung's win rate against the rung below, on paired seeds.

The anchor is Ludii's *skill trace*: a game in which ever stronger players keep beating the
player one step weaker has room for skill (depth); a game where the ladder flattens early does
not. :func:`skill_ladder` plays, for every pair of neighbouring rungs ``(lower, upper)`` and
every seat ``s``, ``n_games`` games with ``upper`` in seat ``s`` and ``lower`` in every other
seat; and, on the same seeds, ``lower`` in every seat (the *baseline*: what seat ``s`` wins when
its player is no better than the others). A solo game compares the two agents' own win rates on
the same seeds. Every rung uses the same master seed, so its games are dealt the same chance
streams as the rung below (common random numbers).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

from lab.agents.catalogue import make_agent
from lab.core.errors import InvalidAgent
from lab.core.game import Game
from lab.sim.simulate import _as_game, agent_label, simulate
from lab.stats.intervals import paired_difference, proportion
from lab.stats.summary import win_indicators
from lab.stats.sweep import shared_pool


def skill_ladder(
    game: Game | str,
    ladder: Sequence[Any] = ("random", "mcts"),
    n_games: int = 100,
    seed: int = 0,
    workers: int | None = None,
    executor: Any = None,
    *,
    progress: bool | None = None,
) -> pd.DataFrame:
    """Win rate of each rung against the rung below, with 95% intervals (see the module doc).

    Parameters
    ----------
    game : Game or str
        The game and variant.
    ladder : sequence of agent specs
        Names or spec dicts, weakest first, e.g. ``["random", "greedy", {"name": "mcts",
        "iterations": 400}]``; at least two.
    n_games : int
        Games per seat and rung (a rung plays ``players * n_games`` games, plus as many for the
        baseline of its lower agent).
    seed, workers, executor, progress
        As for :func:`lab.simulate`.

    Returns
    -------
    pandas.DataFrame
        One row per rung above the first: ``rung`` (1, 2, ...), ``upper``, ``lower``, ``games``
        (seat-games of ``upper``), ``win_rate`` with ``ci_lo``/``ci_hi`` (Wilson), ``baseline``
        (the lower agent's win rate in the same seats and seeds), ``gain`` = win_rate − baseline
        with ``gain_lo``/``gain_hi`` (paired interval), ``equal_share`` (1 / players: the win
        rate of equals when nobody draws) and ``beats_lower`` (the gain's interval lies above 0).
    """
    g = _as_game(game)
    rungs = list(ladder)
    if len(rungs) < 2:
        msg = f"a skill ladder needs at least two rungs, weakest first; got {len(rungs)}"
        raise InvalidAgent(msg)
    specs = [dict(make_agent(g, r).spec()) for r in rungs]
    n = g.num_players()
    rows = []
    baselines: dict[str, np.ndarray] = {}
    with shared_pool(workers, executor) as ex:

        def wins(seats: list[dict[str, Any]], seat: int) -> np.ndarray:
            df = simulate(g, seats, n_games, seed, workers, ex, progress=progress)
            return win_indicators(df, seat)

        for k in range(1, len(specs)):
            lower, upper = specs[k - 1], specs[k]
            key = agent_label(lower)
            if key not in baselines:
                everywhere = simulate(g, [lower] * n, n_games, seed, workers, ex, progress=progress)
                baselines[key] = np.concatenate([win_indicators(everywhere, s) for s in range(n)])
            base = baselines[key]
            won = []
            for seat in range(n):
                seats = [lower] * n
                seats[seat] = upper
                won.append(wins(seats, seat))
            x = np.concatenate(won)
            rate = proportion(int(x.sum()), len(x))
            gain = paired_difference(base, x)
            rows.append({
                "game": g.name, "rung": k, "upper": agent_label(upper), "lower": agent_label(lower),
                "games": rate.n, "win_rate": rate.value, "ci_lo": rate.lo, "ci_hi": rate.hi,
                "baseline": float(base.mean()) if len(base) else math.nan,
                "gain": gain.value, "gain_lo": gain.lo, "gain_hi": gain.hi, "equal_share": 1.0 / n,
                "beats_lower": bool(gain.lo > 0),
            })
    return pd.DataFrame(rows)


def plot_ladder(ladder: pd.DataFrame, *, ax: Any = None) -> Any:
    """Each rung's win rate against the rung below (95% error bars) and the lower agent's own
    baseline on the same seats and seeds."""
    if ax is None:
        import matplotlib.pyplot as plt

        _, ax = plt.subplots(figsize=(7, 4))
    labels = [f"{u}\nvs {lo}" for u, lo in zip(ladder["upper"], ladder["lower"], strict=True)]
    x = np.arange(len(ladder))
    err = np.vstack([ladder["win_rate"] - ladder["ci_lo"], ladder["ci_hi"] - ladder["win_rate"]])
    ax.bar(x, ladder["win_rate"], yerr=np.nan_to_num(err), capsize=3, label="upper rung's win rate")
    ax.scatter(x, ladder["baseline"], color="black", marker="_", s=400, zorder=3,
               label="lower agent in the same seats")
    ax.set_xticks(x, labels)
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate")
    title = ladder["game"].iloc[0] if len(ladder) else ""
    ax.set_title(f"skill ladder {title}".strip())
    ax.legend(loc="upper left", fontsize="small")
    return ax
