"""The metrics of a paired comparison: which columns two runs share, and their per-game values.

A comparison's metrics are the simulation table's measures (lengths, time, outcome rates, lead
statistics, the game's own metrics, clause firings) and these per-seat and per-rule measures,
computed from every table's columns:

- ``win_<p>``: 1 when seat ``p`` won (alone or shared);
- ``first_mover_win``: 1 when the player who made the first decision won;
- ``return_<p>``: seat ``p``'s return (the game's payoff);
- ``rank_<p>``: seat ``p``'s place by return (1 = best; tied seats share the better place);
- ``lost_<p>``: 1 when seat ``p`` finished last by return while some seat did better (in memm,
  MM-5: a player still holding cubes; in a two-player game, the seat that did not win);
- ``decided[<clause>]``: 1 when the rule ``<clause>`` decided the result (the table's
  ``decided_by`` column, where the game reports it: Fiemme–Cembra's FC-E2 is a match won by a
  complete set, FC-E3 one decided by the tie-break).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import numpy as np
import pandas as pd

from lab.core.game import Game
from lab.core.registry import load
from lab.stats.summary import (
    first_mover_wins,
    game_metric_columns,
    is_categorical,
    n_seats,
    win_indicators,
)

_SEAT = re.compile(r"(return|rank|lost)_(\d+)")
_DECIDED = re.compile(r"decided\[(.+)\]")

#: Metrics in the order a table lists them (those present in both runs).
ORDER = ("length_actions", "length_decisions", "turns", "rounds", "minutes", "draw", "unfinished", "timeout")


def as_game(game: Game | str | Mapping[str, Any], base: Game | None = None) -> Game:
    """A variant: a Game, a registered name, or (``base`` given) a dict of changes to ``base``."""
    if isinstance(game, Game):
        return game
    if isinstance(game, str):
        return load(game)
    if isinstance(game, Mapping):
        if base is None:
            raise ValueError("game_a must be a Game or a registered name; only game_b may be a dict of changes")
        changed = type(base)({**base.params_to_dict(), **dict(game)})
        return changed.with_rules(base._house) if base._house else changed
    raise ValueError(f"expected a Game, a registered name or a dict of parameter changes, not {type(game).__name__}")


def _present(df_a: pd.DataFrame, df_b: pd.DataFrame, column: str) -> bool:
    return column in df_a and column in df_b and bool(df_a[column].notna().any()) and bool(df_b[column].notna().any())


def decided_clauses(df_a: pd.DataFrame, df_b: pd.DataFrame) -> list[str]:
    """The clauses that decided some game of either run (their ``decided_by`` column), sorted."""
    found: set[str] = set()
    for df in (df_a, df_b):
        if "decided_by" in df:
            found |= {str(v) for v in df["decided_by"].dropna() if str(v)}
    return sorted(found)


def metric_columns(df_a: pd.DataFrame, df_b: pd.DataFrame, clauses: bool = False) -> list[str]:
    """Metrics of both runs, in a fixed order: lengths, time, outcomes, per-seat wins, returns,
    ranks and losses, first mover, rules that decided, lead, the game's own, clause firings."""
    cols = [c for c in ORDER if _present(df_a, df_b, c)]
    seats = min(n_seats(df_a), n_seats(df_b))
    cols += [f"win_{p}" for p in range(seats)]
    if seats > 1 and all("first_player" in df and (df["first_player"] >= 0).any() for df in (df_a, df_b)):
        cols.append("first_mover_win")
    cols += [f"{kind}_{p}" for kind in ("return", "rank", "lost") for p in range(seats)]
    cols += [f"decided[{c}]" for c in decided_clauses(df_a, df_b)]
    cols += [c for c in ("lead_changes", "decided_at", "margin") if _present(df_a, df_b, c)]
    cols += [c for c in game_metric_columns(df_a) if c in set(game_metric_columns(df_b)) and c not in cols]
    if clauses:
        cols += sorted({c for c in df_a.columns if c.startswith("n[")} | {c for c in df_b.columns if c.startswith("n[")})
    return cols


def _returns(df: pd.DataFrame) -> np.ndarray:
    seats = n_seats(df)
    return np.stack([pd.to_numeric(df[f"return_{p}"], errors="coerce").to_numpy(dtype=float) for p in range(seats)], axis=1)


def metric_values(df: pd.DataFrame, metric: str) -> np.ndarray:
    """The per-game values of ``metric`` in one run (NaN where a game does not define it)."""
    if metric.startswith("win_") and metric[4:].isdigit():
        return win_indicators(df, int(metric[4:]))
    if metric == "first_mover_win":
        return first_mover_wins(df)
    seat = _SEAT.fullmatch(metric)
    if seat and seat[1] != "return":
        r = _returns(df)
        p = int(seat[2])
        mine = r[:, p]
        if seat[1] == "rank":
            return 1.0 + (r > mine[:, None]).sum(axis=1)
        low, high = r.min(axis=1), r.max(axis=1)
        return ((mine == low) & (high > low)).astype(float)
    decided = _DECIDED.fullmatch(metric)
    if decided:
        if "decided_by" not in df:
            return np.zeros(len(df))
        return (df["decided_by"].astype(str) == decided[1]).to_numpy(dtype=float)
    if metric not in df:
        return np.zeros(len(df))  # a clause that never fired in this variant
    return pd.to_numeric(df[metric], errors="coerce").astype(float).to_numpy()


def named_by_rule(metric: str) -> bool:
    """``n[CLAUSE]`` or ``decided[CLAUSE]``: a rule's metric, 0 in a run where the rule never
    fired (or never decided), so it may be named even when neither run has it."""
    return _DECIDED.fullmatch(metric) is not None or (metric.startswith("n[") and metric.endswith("]"))


def check_metric(metric: str, available: list[str]) -> None:
    """Refuse a metric that is a category or that the runs do not have (ValueError)."""
    if is_categorical(metric) or metric == "decided_by":
        raise ValueError(f"{metric!r} is a seat index or category, not a quantity: it cannot be compared as a number")
    if metric not in available and not named_by_rule(metric):
        shown = ", ".join(available)
        raise ValueError(f"unknown metric {metric!r}; available: {shown}")
