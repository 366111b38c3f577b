"""Summaries of one simulation table: lengths, play time, win rates, first-player advantage,
draws and timeouts, lead changes and decisiveness, and which rules fire how often.
"""

from __future__ import annotations

import json
import math
from typing import Any

import numpy as np
import pandas as pd

from lab.stats.intervals import mean_interval, proportion, wilson_interval

__all__ = [
    "clause_frequencies",
    "first_mover_wins",
    "first_player_advantage",
    "format_summary",
    "is_categorical",
    "n_seats",
    "seat_wins",
    "summarize",
    "win_indicators",
    "wilson_interval",
]

QUANTILES = (0.1, 0.25, 0.5, 0.75, 0.9)
#: Columns that are identifiers or already summarised separately (not "game metrics").
NOT_METRICS = {
    "game_index", "seed", "variant", "agents", "winners", "winner", "draw", "length_actions",
    "length_decisions", "minutes", "lead_changes", "decided_at", "margin", "timeout", "first_player",
    "unfinished", "stopped_by",
}


#: Columns that name a seat or a category: never averaged or compared as numbers.
CATEGORICAL = {"start_player", "first_player", "winner", "winner_seat_after_start", "game_index", "seed"}


def is_categorical(column: str) -> bool:
    """Whether a column holds seat indices or categories rather than quantities."""
    return column in CATEGORICAL or column.endswith(("_player", "_seat")) or "_seat_" in column


def n_seats(df: pd.DataFrame) -> int:
    """Number of players in a simulation table (its ``return_<p>`` columns)."""
    return sum(1 for c in df.columns if c.startswith("return_"))


def win_indicators(df: pd.DataFrame, seat: int) -> np.ndarray:
    """1.0 for each game that ``seat`` won (alone or shared), else 0.0."""
    return np.array([1.0 if seat in json.loads(t) else 0.0 for t in df["winners"]])


def first_mover_wins(df: pd.DataFrame) -> np.ndarray:
    """1.0 where the player who made the first decision won, 0.0 where not, NaN if unknown."""
    if "first_player" not in df:
        return np.full(len(df), np.nan)
    return np.array([
        math.nan if f < 0 else (1.0 if int(f) in json.loads(t) else 0.0)
        for f, t in zip(df["first_player"], df["winners"], strict=True)
    ])


def seat_wins(df: pd.DataFrame, n_players: int) -> list[int]:
    """How many games each seat won (a shared win counts for every winner)."""
    wins = [0] * n_players
    for text in df["winners"]:
        for p in json.loads(text):
            wins[int(p)] += 1
    return wins


def _spread(series: pd.Series) -> dict[str, Any]:
    values = pd.to_numeric(series, errors="coerce").dropna()
    est = mean_interval(values.to_numpy())
    out: dict[str, Any] = {"mean": est.value, "ci95": [est.lo, est.hi], "sd": float(values.std(ddof=1)) if len(values) > 1 else math.nan}
    out["quantiles"] = {str(q): float(values.quantile(q)) for q in QUANTILES} if len(values) else {}
    out["min"] = float(values.min()) if len(values) else math.nan
    out["max"] = float(values.max()) if len(values) else math.nan
    return out


def first_player_advantage(df: pd.DataFrame) -> dict[str, Any]:
    """The win rate of the player who made the first decision against a fair share.

    The first mover is read from each game's ``first_player`` column (the seat of the first
    non-chance action; seat 0 when the column is missing), so games that draw or rotate the
    starting player are handled. The fair share is ``(1 − draw rate) / players``;
    ``advantage`` is the difference (positive: moving first helps) and ``ci95`` its Wilson
    interval shifted by the fair share. Meaningful when every seat has the same kind of agent
    (``same_agents``).
    """
    n = len(df)
    players = n_seats(df)
    if n == 0 or players < 2:
        return {}
    won = first_mover_wins(df) if "first_player" in df else win_indicators(df, 0)
    won = won[~np.isnan(won)]
    if not len(won):
        return {}
    wins, m = int(won.sum()), len(won)
    decided = float((~df["draw"].astype(bool)).mean())
    fair = decided / players
    lo, hi = wilson_interval(wins, m)
    return {
        "first_mover_win_rate": wins / m,
        "games": m,
        "fair_share": fair,
        "advantage": wins / m - fair,
        "ci95": [lo - fair, hi - fair],
        "same_agents": len(set(str(df["agents"].iloc[0]).split("|"))) == 1 if "agents" in df else None,
    }


def clause_frequencies(df: pd.DataFrame) -> pd.DataFrame:
    """Per clause ID: mean firings per game and the share of games in which it fired.

    Sorted by mean firings, most frequent first ("which rules matter").
    """
    cols = [c for c in df.columns if c.startswith("n[")]
    rows = [
        {"clause": c[2:-1], "per_game": float(df[c].mean()), "games_fired": float((df[c] > 0).mean())}
        for c in cols
    ]
    out = pd.DataFrame(rows, columns=["clause", "per_game", "games_fired"])
    return out.sort_values(["per_game", "clause"], ascending=[False, True], kind="stable").reset_index(drop=True)


def game_metric_columns(df: pd.DataFrame) -> list[str]:
    """Numeric game-specific columns (the game's ``metrics()``)."""
    return [
        c for c in df.columns
        if c not in NOT_METRICS and not is_categorical(c) and not c.startswith(("return_", "progress_", "n["))
        and (pd.api.types.is_numeric_dtype(df[c]) or pd.api.types.is_bool_dtype(df[c]))
    ]


def summarize(df: pd.DataFrame) -> dict[str, Any]:
    """Headline numbers of a run as JSON-ready data.

    Keys: ``game``, ``variant``, ``games``; ``length`` (actions: mean with 95% interval, sd,
    quantiles), ``mean_length_actions``, ``length_quantiles``, ``decisions``, ``turns`` /
    ``rounds`` where the game counts them, ``minutes`` and ``mean_minutes`` (time model),
    ``draw_rate`` with ``draw_ci95`` (no winner in a game the rules ended), ``unfinished_rate``
    with ``unfinished_ci95`` and ``stopped_by`` (games a safety limit cut, by limit), ``timeout_rate``,
    ``seats`` (wins, win rate and 95% Wilson interval per seat), ``first_player_advantage``,
    ``lead`` (mean lead changes, decisiveness, margin), ``clauses`` (firings per game and share
    of games per clause ID) and ``metrics`` (mean of every other game measure).
    """
    record = df.attrs.get("record", {})
    n = len(df)
    players = n_seats(df)
    out: dict[str, Any] = {"game": record.get("game"), "variant": record.get("variant"), "games": n}
    if n == 0:
        return out
    out["length"] = _spread(df["length_actions"])
    out["mean_length_actions"] = out["length"]["mean"]
    out["length_quantiles"] = {q: out["length"]["quantiles"][q] for q in ("0.1", "0.5", "0.9")}
    if "length_decisions" in df:
        out["decisions"] = _spread(df["length_decisions"])
    for key in ("turns", "rounds"):
        if key in df and pd.api.types.is_numeric_dtype(df[key]):
            out[key] = _spread(df[key])
    if "minutes" in df and df["minutes"].notna().any():
        out["minutes"] = _spread(df["minutes"])
        out["mean_minutes"] = out["minutes"]["mean"]
    draws = int(df["draw"].astype(bool).sum())
    out["draw_rate"] = draws / n
    out["draw_ci95"] = list(wilson_interval(draws, n))
    if "unfinished" in df:
        u = proportion(int(df["unfinished"].astype(bool).sum()), n)
        out["unfinished_rate"] = u.value
        out["unfinished_ci95"] = [u.lo, u.hi]
        if "stopped_by" in df:
            limits = df.loc[df["unfinished"].astype(bool), "stopped_by"].astype(str).value_counts()
            out["stopped_by"] = {str(k): int(v) for k, v in limits.items()}
    if "timeout" in df:
        t = proportion(int(df["timeout"].astype(bool).sum()), n)
        out["timeout_rate"] = t.value
        out["timeout_ci95"] = [t.lo, t.hi]
    wins = seat_wins(df, players)
    agents = record.get("agents") or [None] * players
    out["seats"] = []
    for p in range(players):
        lo, hi = wilson_interval(wins[p], n)
        out["seats"].append(
            {"seat": p, "agent": agents[p] if p < len(agents) else None, "wins": wins[p], "win_rate": wins[p] / n, "ci95": [lo, hi]}
        )
    fpa = first_player_advantage(df)
    if fpa:
        out["first_player_advantage"] = fpa
    if "lead_changes" in df and df["lead_changes"].notna().any():
        out["lead"] = {
            "lead_changes_mean": float(df["lead_changes"].mean()),
            "decided_at_mean": float(df["decided_at"].mean()) if df["decided_at"].notna().any() else math.nan,
            "decided_at_median": float(df["decided_at"].median()) if df["decided_at"].notna().any() else math.nan,
            "margin_mean": float(df["margin"].mean()),
        }
    freq = clause_frequencies(df)
    out["clauses"] = {r.clause: {"per_game": r.per_game, "games_fired": r.games_fired} for r in freq.itertuples()}
    out["metrics"] = {c: float(pd.to_numeric(df[c], errors="coerce").astype(float).mean()) for c in game_metric_columns(df)}
    return out


def _label(agent: Any) -> str:
    if not isinstance(agent, dict):
        return str(agent)
    extra = {k: v for k, v in agent.items() if k != "name"}
    label = str(agent.get("name", "?"))
    return label + (" " + ",".join(f"{k}={v}" for k, v in extra.items()) if extra else "")


def format_summary(summary: dict[str, Any], *, top_clauses: int = 12) -> str:
    """The summary as a plain-text report for the terminal."""
    head = f"game: {summary.get('game')}   games: {summary['games']}"
    if summary.get("variant"):
        head += f"   variant: {summary['variant']}"
    lines = [head]
    if summary["games"] == 0:
        return "\n".join(lines)
    q = summary["length"]["quantiles"]
    lines.append(
        f"length (actions): mean {summary['length']['mean']:.1f}   "
        f"10/50/90%: {q['0.1']:.0f} / {q['0.5']:.0f} / {q['0.9']:.0f}"
    )
    for key in ("turns", "rounds"):
        if key in summary:
            s = summary[key]
            lines.append(f"{key}: mean {s['mean']:.1f}   10/50/90%: {s['quantiles']['0.1']:.0f} / {s['quantiles']['0.5']:.0f} / {s['quantiles']['0.9']:.0f}")
    if "minutes" in summary:
        m = summary["minutes"]
        lines.append(f"estimated minutes: mean {m['mean']:.1f}   10/90%: {m['quantiles']['0.1']:.1f} / {m['quantiles']['0.9']:.1f}")
    line = f"draw rate: {summary['draw_rate']:.1%}"
    if "timeout_rate" in summary:
        line += f"   (timeouts {summary['timeout_rate']:.1%})"
    lines.append(line)
    if summary.get("unfinished_rate"):
        limits = ", ".join(f"{k} ({v})" for k, v in summary.get("stopped_by", {}).items())
        lines.append(f"unfinished (a safety limit, not the rules, ended the game): "
                     f"{summary['unfinished_rate']:.1%}   stopped by {limits}")
    lines.append("seat  agent                          wins   win rate   95% interval")
    for s in summary["seats"]:
        lo, hi = s["ci95"]
        lines.append(f"{s['seat']:>4}  {_label(s['agent'])[:30]:<30} {s['wins']:>5}   {s['win_rate']:>7.1%}   [{lo:.1%}, {hi:.1%}]")
    fpa = summary.get("first_player_advantage")
    if fpa:
        lo, hi = fpa["ci95"]
        lines.append(f"first-player advantage: {fpa['advantage']:+.1%} vs a fair share of {fpa['fair_share']:.1%}   [{lo:+.1%}, {hi:+.1%}]")
    lead = summary.get("lead")
    if lead:
        lines.append(
            f"lead changes: {lead['lead_changes_mean']:.2f} per game   decided at {lead['decided_at_mean']:.0%} of the game "
            f"(median {lead['decided_at_median']:.0%})   final margin {lead['margin_mean']:.2f}"
        )
    if summary.get("clauses"):
        lines.append("rules fired (clause: per game, share of games):")
        for clause, c in list(summary["clauses"].items())[:top_clauses]:
            lines.append(f"  {clause:<20} {c['per_game']:>9.2f}   {c['games_fired']:>6.1%}")
    if summary.get("metrics"):
        lines.append("metrics (mean per game):")
        for k, v in summary["metrics"].items():
            lines.append(f"  {k:<28} {v:.3f}")
    return "\n".join(lines)
