"""A trial's games in stages, and the paired tables of skill-ladder-gap targets.

A trial plays games ``0..games-1`` of its master seed (game ``i`` on ``game_seed(seed, i)``, as
:func:`lab.simulate` does). With pruning the games are cut into consecutive stages; the stages
joined are the same table :func:`lab.simulate` gives for all the games, so a trial that is not
pruned measures exactly what it would have measured without a pruner.

``gap[UPPER>LOWER]`` (e.g. ``gap[greedy>random]``) is the win-rate gain of agent ``UPPER`` over
agent ``LOWER`` on paired seeds, measured as one rung of :func:`lab.stats.ladder.skill_ladder`:
for every seat ``s`` and game ``i``, ``UPPER`` in seat ``s`` with ``LOWER`` in the other seats,
against ``LOWER`` in every seat on the same seed. Each (game, seat) pair is one row of the gap
table holding ``win(UPPER) - win(LOWER)``; the target's estimate is their mean (the ladder's
``gain``) and its interval Tango's interval over those paired rows (:mod:`lab.tune.targets`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

from lab.agents.catalogue import make_agent
from lab.core.game import Game
from lab.sim.executors import default_chunk_size, executor_width, run_tasks
from lab.sim.simulate import (
    agent_label,
    agent_specs,
    chunk_tasks,
    frame_from_parts,
    run_chunk,
    variant_label,
)
from lab.stats.summary import win_indicators
from lab.tune.targets import Measure, Target, TargetError, measure

_GAP = re.compile(r"gap\[\s*(?P<upper>[^>\]]+?)\s*>\s*(?P<lower>[^>\]]+?)\s*\]")


def stage_ranges(games: int, stages: int) -> list[range]:
    """``range(games)`` cut into ``stages`` consecutive, nearly equal ranges (fewer if games < stages)."""
    k = max(1, min(stages, games))
    cuts = [round(games * j / k) for j in range(k + 1)]
    return [range(a, b) for a, b in zip(cuts, cuts[1:], strict=False) if b > a]


def play_range(variant: Game, agents: Any, games: range, seed: int, workers: int | None, executor: Any) -> pd.DataFrame:
    """The rows of games ``games`` of a run with master ``seed`` (the rows :func:`lab.simulate` makes)."""
    specs = agent_specs(variant, agents)
    label = variant_label(variant)
    text = "|".join(agent_label(s) for s in specs)
    local = executor is None and (workers or 1) == 1
    size = default_chunk_size(len(games), executor_width(executor, workers))
    tasks = chunk_tasks(variant, specs, seed, games, size, label, text, local=local)
    parts = dict(run_tasks(run_chunk, tasks, executor=executor, workers=workers))
    return frame_from_parts([pd.DataFrame(parts[i]) for i in sorted(parts)])


def gap_agents(target: Target) -> tuple[str, str] | None:
    """``(upper, lower)`` of a ``gap[UPPER>LOWER]`` target, else None."""
    m = _GAP.fullmatch(target.metric.strip())
    if m is None:
        if target.metric.strip().startswith("gap["):
            msg = f"target {target.text}: write gap[UPPER>LOWER], e.g. gap[greedy>random]"
            raise TargetError(msg)
        return None
    return m["upper"], m["lower"]


def check_gap_agents(game: Game, targets: Sequence[Target]) -> None:
    """Build every gap target's agents once (an unknown agent fails before any game is played)."""
    for t in targets:
        pair = gap_agents(t)
        if pair is not None:
            for name in pair:
                make_agent(game, name)


def gap_table(
    variant: Game, target: Target, games: range, seed: int, workers: int | None, executor: Any,
) -> pd.DataFrame:
    """One row per (game, seat): column ``target.metric`` = win(UPPER) − win(LOWER) on that seed."""
    pair = gap_agents(target)
    if pair is None:
        msg = f"target {target.text} is not a gap[UPPER>LOWER] target"
        raise TargetError(msg)
    upper, lower = (dict(make_agent(variant, a).spec()) for a in pair)
    n = variant.num_players()
    base = play_range(variant, [lower] * n, games, seed, workers, executor)
    gains = []
    for seat in range(n):
        seats = [lower] * n
        seats[seat] = upper
        df = play_range(variant, seats, games, seed, workers, executor)
        gains.append(win_indicators(df, seat) - win_indicators(base, seat))
    # game-major rows (game i: seat 0, 1, ...): the stages of a trial joined give the same table
    return pd.DataFrame({target.metric: np.stack(gains, axis=1).reshape(-1)})


def measure_all(
    variant: Game, targets: Sequence[Target], table: pd.DataFrame, gaps: dict[str, list[pd.DataFrame]],
    games: range, seed: int, workers: int | None, executor: Any,
) -> tuple[Measure, ...]:
    """Every target measured on the games played so far (``table``) and, for gap targets, on
    their paired tables: the gap games of ``games`` are played and added to ``gaps``."""
    out = []
    for t in targets:
        if gap_agents(t) is None:
            out.append(measure(table, t))
            continue
        parts = gaps.setdefault(t.metric, [])
        parts.append(gap_table(variant, t, games, seed, workers, executor))
        out.append(measure(pd.concat(parts, ignore_index=True), t))
    return tuple(out)
