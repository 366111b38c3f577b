"""Summaries of simulation tables: win rates with Wilson intervals, lengths, draw rates."""

from __future__ import annotations

import json
import math
from typing import Any

import pandas as pd


def wilson_interval(successes: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion (95% by default).

    Returns ``(nan, nan)`` when ``n == 0``.
    """
    if n <= 0:
        return (math.nan, math.nan)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def seat_wins(df: pd.DataFrame, n_players: int) -> list[int]:
    """How many games each seat won (a shared win counts for every winner)."""
    wins = [0] * n_players
    for text in df["winners"]:
        for p in json.loads(text):
            wins[int(p)] += 1
    return wins


def summarize(df: pd.DataFrame) -> dict[str, Any]:
    """Headline numbers of a run: games, lengths, win rate per seat with 95% intervals, draws."""
    record = df.attrs.get("record", {})
    n = len(df)
    players = sum(1 for c in df.columns if c.startswith("return_"))
    out: dict[str, Any] = {"game": record.get("game"), "games": n}
    if n == 0:
        return out
    out["mean_length_actions"] = float(df["length_actions"].mean())
    out["length_quantiles"] = {str(q): float(df["length_actions"].quantile(q)) for q in (0.1, 0.5, 0.9)}
    if "minutes" in df:
        out["mean_minutes"] = float(df["minutes"].mean())
    out["draw_rate"] = float(df["draw"].mean())
    wins = seat_wins(df, players)
    agents = record.get("agents") or [None] * players
    out["seats"] = []
    for p in range(players):
        lo, hi = wilson_interval(wins[p], n)
        out["seats"].append(
            {"seat": p, "agent": agents[p], "wins": wins[p], "win_rate": wins[p] / n, "ci95": [lo, hi]}
        )
    metric_cols = [
        c for c in df.columns
        if c not in {"game_index", "seed", "winners", "winner", "draw", "length_actions", "minutes"}
        and not c.startswith(("return_", "progress_", "n["))
        and pd.api.types.is_numeric_dtype(df[c])
    ]
    out["metrics"] = {c: float(df[c].mean()) for c in metric_cols}
    return out


def format_summary(summary: dict[str, Any]) -> str:
    """The summary as a plain-text table for the terminal."""
    lines = [f"game: {summary.get('game')}   games: {summary['games']}"]
    if summary["games"] == 0:
        return "\n".join(lines)
    q = summary["length_quantiles"]
    lines.append(
        f"length (actions): mean {summary['mean_length_actions']:.1f}   "
        f"10/50/90%: {q['0.1']:.0f} / {q['0.5']:.0f} / {q['0.9']:.0f}"
    )
    if "mean_minutes" in summary:
        lines.append(f"estimated minutes: mean {summary['mean_minutes']:.1f}")
    lines.append(f"draw / timeout rate: {summary['draw_rate']:.1%}")
    lines.append("seat  agent                          wins   win rate   95% interval")
    for s in summary["seats"]:
        agent = s["agent"]
        label = agent.get("name", "?") if isinstance(agent, dict) else str(agent)
        extra = {k: v for k, v in agent.items() if k != "name"} if isinstance(agent, dict) else {}
        if extra:
            label += " " + ",".join(f"{k}={v}" for k, v in extra.items())
        lo, hi = s["ci95"]
        lines.append(f"{s['seat']:>4}  {label[:30]:<30} {s['wins']:>5}   {s['win_rate']:>7.1%}   [{lo:.1%}, {hi:.1%}]")
    if summary.get("metrics"):
        lines.append("metrics (mean per game):")
        for k, v in summary["metrics"].items():
            lines.append(f"  {k:<28} {v:.3f}")
    return "\n".join(lines)
