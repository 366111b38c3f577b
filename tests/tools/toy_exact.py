"""Exact answers for the toy dice race of ``tests/test_experiments_toy.py``, by dynamic programming.

The race is small enough to follow every reachable state with its probability, so its win
rates, timeout rate and expected lengths are known exactly: the coverage suite checks the
lab's intervals against these numbers instead of against another simulation.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

DEFAULTS = {"players": 2, "goal": 12, "sides": 6, "max_turns": 60, "strict": False, "random_start": False, "trap": 0}


def exact_race(params: Mapping[str, Any] | None = None, agent: str = "random") -> dict[str, float]:
    """Exact expectations of one game of the toy race with the same ``agent`` in every seat.

    Parameters
    ----------
    params : dict, optional
        The race's parameters.
    agent : {"random", "greedy"}
        ``random`` moves the full roll or one step with probability 1/2 each; ``greedy`` always
        moves the full roll.

    Returns
    -------
    dict
        ``win_<p>`` (probability that seat ``p`` wins), ``draw`` and ``timeout`` (no winner),
        ``turns``, ``length_actions`` and ``length_decisions`` (expected values), ``minutes``,
        ``spread`` (highest minus lowest seat win rate), ``first_mover`` (the first player's
        win rate minus 1/players) and ``first_mover_win`` (the probability that the player who
        made the game's first decision wins: the table's ``first_player``, which under
        ``strict`` is not the starter when the starter's first roll is a 1).
    """
    p = {**DEFAULTS, **dict(params or {})}
    key = tuple(sorted(p.items()))
    return dict(_exact(key, agent))


@lru_cache(maxsize=512)
def _exact(key: tuple[tuple[str, Any], ...], agent: str) -> tuple[tuple[str, float], ...]:
    p = dict(key)
    n = p["players"]
    if not p["random_start"]:
        out = _fixed_start(p, agent, 0)
    else:  # a die picks the starter (one more chance action); seats are otherwise alike
        starts = [_fixed_start(p, agent, s) for s in range(n)]
        out = {k: sum(s[k] for s in starts) / n for k in starts[0]}
        out["length_actions"] += 1.0
        out["first_mover"] = sum(s[f"win_{i}"] for i, s in enumerate(starts)) / n - 1.0 / n
    rates = [out[f"win_{q}"] for q in range(n)]
    out["spread"] = max(rates) - min(rates) if n > 1 else 0.0
    if "first_mover" not in out:
        out["first_mover"] = out["win_0"] - 1.0 / n
    return tuple(sorted(out.items()))


def _fixed_start(p: Mapping[str, Any], agent: str, start: int) -> dict[str, float]:
    n, goal, sides, limit, trap = p["players"], p["goal"], p["sides"], p["max_turns"], p["trap"]
    full_prob = 1.0 if agent == "greedy" else 0.5
    # a state: positions, the player to roll, and who made the first decision (-1: nobody yet)
    live: dict[tuple[tuple[int, ...], int, int], float] = {(tuple([0] * n), start, -1): 1.0}
    out: dict[str, float] = defaultdict(float)
    for turn in range(limit):
        nxt: dict[tuple[tuple[int, ...], int, int], float] = defaultdict(float)
        for (pos, player, first), prob in live.items():
            out["turns"] += prob  # this turn is played
            out["length_actions"] += prob  # its roll
            for roll in range(1, sides + 1):
                pr = prob / sides
                if p["strict"] and roll == 1:
                    nxt[(pos, (player + 1) % n, first)] += pr
                    continue
                decider = first if first >= 0 else player
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
                        if player == decider:
                            out["first_mover_win"] += pr * w
                        continue
                    if trap and new[player] == trap:
                        new[player] = 0
                    nxt[(tuple(new), (player + 1) % n, decider)] += pr * w
        live = nxt
        if turn == limit - 1:
            out["timeout"] += sum(live.values())
    result = {f"win_{q}": out[f"win_{q}"] for q in range(n)}
    result["first_mover_win"] = out["first_mover_win"]
    result["timeout"] = out["timeout"]
    result["draw"] = out["timeout"] if n > 1 else 0.0
    for k in ("turns", "length_actions", "length_decisions"):
        result[k] = out[k]
    result["minutes"] = 0.5 * out["turns"]
    return result
