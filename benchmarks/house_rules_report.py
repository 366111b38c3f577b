"""Report figures: one house rule per game vs the seed's rule on paired seeds (95% intervals).

Usage: ``python -m benchmarks.house_rules_report`` (about 20 s; the figures of the closing note);
``python -m benchmarks.house_rules_report --overhead`` (about 2 minutes): what installing a house
rule costs in speed — each game's seed rule against a house rule that calls the seed's function
(so both play the very same games), random play through ``lab.play``, the two interleaved and
timed on this process's CPU time; the median ratio of speeds (target >= 0.9).
"""

from __future__ import annotations

import statistics
import sys
import time
from typing import Any

import lab
from lab.core.rulepoints import spec_of


def gentler_misses(x: int, found: int) -> int:
    return 1 if x - found > 1 else 0


def no_penalty(order: list[int]) -> int:
    return -1


def sharper_lasers(face: int, hit_on: int) -> bool:
    return face >= hit_on - 1


def gifts_from_two(joined: int) -> tuple[bool, int]:
    return joined >= 2, min(3, max(0, joined - 1))


CASES = [  # (game, rule point, house rule, agents, paired games, metric)
    (lab.load("memcel", players=3), "MC-2.1.2.2", gentler_misses, None, 200, "length_actions"),
    (lab.load("fiemme_cembra", players=4), "FC-P7", no_penalty, None, 100, "length_actions"),
    (lab.load("space_station"), "SS-G2", sharper_lasers, "greedy", 200, "win_0"),
    (lab.load("memm", players=3), "MM-3", gifts_from_two, "greedy", 200, "placements"),
]


def _passthrough(game: lab.Game, point: str) -> Any:
    """A house rule that is the seed's rule (called through one more function)."""
    default = next(f for f in type(game).RULE_POINTS if spec_of(f).name == point)

    def same(*args: Any) -> Any:
        return default(*args)

    return same


def _timed(game: lab.Game, n: int) -> float:
    start = time.process_time()
    for seed in range(n):
        lab.play(game, None, seed=seed)
    return time.process_time() - start


def overhead(rounds: int = 5, seconds: float = 2.0) -> dict[str, float]:
    """Per game: median speed with a pass-through house rule / speed with the seed's rule."""
    out = {}
    for game, point, _, _, _, _ in CASES:
        house = game.with_rules({point: _passthrough(game, point)})
        n = 1  # games per timing: doubled until a timing takes about ``seconds``
        while _timed(game, n) < seconds / 4:
            n *= 2
        n *= 4
        ratios = []
        for r in range(rounds):
            first, second = (game, house) if r % 2 == 0 else (house, game)
            a, b = _timed(first, n), _timed(second, n)
            ratios.append(a / b if first is game else b / a)
        out[game.name] = statistics.median(ratios)
        print(f"{game.name:14s} {point:11s} speed with a house rule / seed rule: {out[game.name]:.3f} "
              f"(rounds: {', '.join(f'{x:.2f}' for x in ratios)}; {n} games each)", flush=True)
    return out


def main() -> None:
    if "--overhead" in sys.argv[1:]:
        overhead()
        return
    for game, point, fn, agents, n, metric in CASES:
        cmp = lab.compare(game, game.with_rules({point: fn}), agents=agents, n_games=n, seed=0)
        print(cmp.table.set_index("metric").loc[metric]["verdict"])


if __name__ == "__main__":
    main()
