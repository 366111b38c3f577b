"""Report figures: one house rule per game vs the seed's rule on paired seeds (95% intervals).

Usage: ``python -m benchmarks.house_rules_report`` (about 20 s; the figures of the closing note)
"""

from __future__ import annotations

import lab


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


def main() -> None:
    for game, point, fn, agents, n, metric in CASES:
        cmp = lab.compare(game, game.with_rules({point: fn}), agents=agents, n_games=n, seed=0)
        print(cmp.table.set_index("metric").loc[metric]["verdict"])


if __name__ == "__main__":
    main()
