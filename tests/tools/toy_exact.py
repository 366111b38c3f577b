"""Exact answers for the toy dice race of ``tests/test_experiments_toy.py``, by dynamic programming.

The race is small enough to follow every reachable state with its probability, so its win
rates, timeout rate and expected lengths are known exactly: the coverage suite checks the
lab's intervals against these numbers instead of against another simulation.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from typing import Any

DEFAULTS = {"players": 2, "goal": 12, "sides": 6, "max_turns": 60, "strict": False, "random_start": False}


def exact_race(params: Mapping[str, Any] | None = None, agent: str = "random") -> dict[str, float]:
    """Exact expectations of one game of the toy race with the same ``agent`` in every seat.

    Parameters
    ----------
    params : dict, optional
        The race's parameters (``random_start`` must be False).
    agent : {"random", "greedy"}
        ``random`` moves the full roll or one step with probability 1/2 each; ``greedy`` always
        moves the full roll.

    Returns
    -------
    dict
        ``win_<p>`` (probability that seat ``p`` wins), ``draw`` and ``timeout`` (no winner),
        ``turns``, ``length_actions`` and ``length_decisions`` (expected values), ``minutes``.
    """
    p = {**DEFAULTS, **dict(params or {})}
    if p["random_start"]:
        raise ValueError("exact_race covers games with a fixed starting player")
    n, goal, sides, limit = p["players"], p["goal"], p["sides"], p["max_turns"]
    full_prob = 1.0 if agent == "greedy" else 0.5
    live: dict[tuple[tuple[int, ...], int], float] = {(tuple([0] * n), 0): 1.0}
    out = defaultdict(float)
    for turn in range(limit):
        nxt: dict[tuple[tuple[int, ...], int], float] = defaultdict(float)
        for (pos, player), prob in live.items():
            out["turns"] += prob  # this turn is played
            out["length_actions"] += prob  # its roll
            for roll in range(1, sides + 1):
                pr = prob / sides
                if p["strict"] and roll == 1:
                    nxt[(pos, (player + 1) % n)] += pr
                    continue
                out["length_actions"] += pr
                out["length_decisions"] += pr
                moves = [(roll, full_prob), (1, 1.0 - full_prob)] if roll != 1 else [(1, 1.0)]
                for step, w in moves:
                    if w == 0.0:
                        continue
                    new = list(pos)
                    new[player] += step
                    if new[player] >= goal:
                        out[f"win_{player}"] += pr * w
                    else:
                        nxt[(tuple(new), (player + 1) % n)] += pr * w
        live = nxt
        if turn == limit - 1:
            out["timeout"] += sum(live.values())
    result = {f"win_{q}": out[f"win_{q}"] for q in range(n)}
    result["timeout"] = out["timeout"]
    result["draw"] = out["timeout"] if n > 1 else 0.0
    for key in ("turns", "length_actions", "length_decisions"):
        result[key] = out[key]
    result["minutes"] = 0.5 * out["turns"]
    return result
