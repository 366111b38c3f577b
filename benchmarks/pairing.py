"""How well paired seeds pair: variance reduction and shared chance draws, per game.

For each game a variant that changes a component (a deck's composition, a die threshold or a
rule) is compared with the seed rules on the same seeds (paired) and on independent seeds. It
prints, per metric, ``var(unpaired difference) / var(paired difference)`` (how many times fewer
games a paired comparison needs) and, over a few games replayed move by move, the share of
chance draws that agree (the i-th draw of each kind of outcome is the same in both games).

Run: ``python -m benchmarks.pairing [-n 200]`` (works on any version of the lab, so the same
command measures the figures before and after a change of the chance driver).
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

import numpy as np

import lab
from lab.core.state import CHANCE

CASES: list[tuple[str, dict[str, Any], dict[str, Any], Any, tuple[str, ...]]] = [
    ("memcel", {"players": 3}, {"deck": "swap=3,peek=9"}, None, ("length_actions", "cards")),
    ("fiemme_cembra", {"players": 4}, {"leftover_lodging": "conquest"}, "collector", ("length_actions", "hands_per_round")),
    ("space_station", {}, {"hit_on": 4}, "greedy", ("length_actions", "turns")),
    ("memm", {"players": 3}, {"attach": "any"}, "greedy", ("length_actions", "placements")),
]


def _variant(name: str, base: dict[str, Any], change: dict[str, Any]) -> tuple[lab.Game, lab.Game]:
    a = lab.load(name, **base)
    params = dict(change)
    if params.get("deck") == "swap=3,peek=9":  # a deck with a changed composition, same size
        deck = dict(a.params_to_dict()["deck"])
        deck["swap"], deck["peek"] = 3, 9
        params["deck"] = deck
    return a, lab.load(name, **{**base, **params})


def _draws(state: lab.State) -> dict[str, list[Any]]:
    out: dict[str, list[Any]] = defaultdict(list)
    for h in state.history():
        if h.player == CHANCE:
            out[h.action.kind].append(h.action)
    return out


def shared_draws(a: lab.Game, b: lab.Game, agents: Any, seeds: Sequence[int]) -> float:
    """Share of A's chance draws that B made too (same kind, same position among that kind)."""
    same = total = 0
    for s in seeds:
        da, db = _draws(lab.play(a, agents, seed=s)), _draws(lab.play(b, agents, seed=s))
        for kind, xs in da.items():
            ys = db.get(kind, [])
            total += len(xs)
            same += sum(1 for x, y in zip(xs, ys, strict=False) if x == y)
    return same / total if total else float("nan")


def measure(n: int, replays: int) -> list[dict[str, Any]]:
    rows = []
    for name, base, change, agents, metrics in CASES:
        a, b = _variant(name, base, change)
        df_a = lab.simulate(a, agents, n, seed=1)
        df_b = lab.simulate(b, agents, n, seed=1)
        df_u = lab.simulate(b, agents, n, seed=2)
        for m in metrics:
            xa, xb, xu = (df[m].to_numpy(dtype=float) for df in (df_a, df_b, df_u))
            paired, unpaired = np.var(xb - xa, ddof=1), np.var(xu - xa, ddof=1)
            rows.append({"game": name, "change": str(change), "metric": m, "paired_var": paired, "unpaired_var": unpaired,
                         "reduction": unpaired / paired if paired > 0 else float("inf")})
        rows.append({"game": name, "change": str(change), "metric": "shared chance draws",
                     "reduction": shared_draws(a, b, agents, range(replays))})
    return rows


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=200, help="games per run")
    ap.add_argument("--replays", type=int, default=10, help="games replayed to count shared draws")
    args = ap.parse_args(argv)
    for r in measure(args.n, args.replays):
        if r["metric"] == "shared chance draws":
            print(f"{r['game']:<14} {r['change']:<34} shared chance draws: {r['reduction']:.1%}")
        else:
            print(f"{r['game']:<14} {r['change']:<34} {r['metric']:<16} variance paired {r['paired_var']:.4g} "
                  f"unpaired {r['unpaired_var']:.4g}  reduction {r['reduction']:.2f}x")


if __name__ == "__main__":
    main()
