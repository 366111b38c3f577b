"""How well paired seeds pair: variance reduction and shared chance draws, per game.

For each game a variant that changes a component (a deck's composition, a die threshold or a
rule) is compared with the seed rules on the same seeds (paired) and on independent seeds. It
prints, per metric, ``var(unpaired difference) / var(paired difference)`` — how many times fewer
games a paired comparison needs, **the figure a user gets** (it is how much narrower
``lab.compare``'s intervals are than unpaired runs') — and, over a few games replayed move by
move, three measures of the chance draws the two games share:

- *by kind and position*: the i-th draw of each kind of outcome (deal, conquest-deck draw, die)
  is the same in both games. This is what the chance streams promise (one stream per deck or
  die, draws keyed by card identity): a variant that changes a deck leaves the other streams
  and the shared cards' numbers alone;
- *at the same step*: the draw at step k of game A is the draw at step k of game B;
- *identical opening*: the share of A's actions played before the two games first differ.

The last two fall as soon as the games diverge — a different card conquered, a pass more —
after which the same draws come at other steps and meet other decisions. So a high share by
kind (the streams working) can sit beside a tiny identical opening and no variance reduction:
in Fiemme–Cembra with ``leftover_lodging="conquest"`` the conquest deck differs from its first
draw, the games part within a few dozen actions of 1,400, and a length's paired difference is
nearly as variable as an unpaired one (benchmarks/README.md, "Paired seeds: what a user gets").

Run: ``python -m benchmarks.pairing [-n 200] [--games fiemme_cembra]`` (works on any version of the lab, so the same
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


def shared_draws(a: lab.Game, b: lab.Game, agents: Any, seeds: Sequence[int]) -> dict[str, float]:
    """The three shares of A's chance draws (and actions) that B shares (see the module doc)."""
    by_kind = [0, 0]
    by_step = [0, 0]
    opening = []
    for s in seeds:
        sa, sb = lab.play(a, agents, seed=s), lab.play(b, agents, seed=s)
        da, db = _draws(sa), _draws(sb)
        for kind, xs in da.items():
            ys = db.get(kind, [])
            by_kind[1] += len(xs)
            by_kind[0] += sum(1 for x, y in zip(xs, ys, strict=False) if x == y)
        ha, hb = sa.history(), sb.history()
        steps_b = {k: h.action for k, h in enumerate(hb) if h.player == CHANCE}
        for k, h in enumerate(ha):
            if h.player == CHANCE:
                by_step[1] += 1
                by_step[0] += steps_b.get(k) == h.action
        same = 0
        while same < min(len(ha), len(hb)) and ha[same] == hb[same]:
            same += 1
        opening.append(same / max(1, len(ha)))
    share = lambda pair: pair[0] / pair[1] if pair[1] else float("nan")  # noqa: E731
    return {"by kind and position": share(by_kind), "at the same step": share(by_step),
            "identical opening": float(np.mean(opening))}


def measure(n: int, replays: int, games: Sequence[str] = ()) -> list[dict[str, Any]]:
    rows = []
    for name, base, change, agents, metrics in CASES:
        if games and name not in games:
            continue
        a, b = _variant(name, base, change)
        df_a = lab.simulate(a, agents, n, seed=1)
        df_b = lab.simulate(b, agents, n, seed=1)
        df_u = lab.simulate(b, agents, n, seed=2)
        for m in metrics:
            xa, xb, xu = (df[m].to_numpy(dtype=float) for df in (df_a, df_b, df_u))
            paired, unpaired = np.var(xb - xa, ddof=1), np.var(xu - xa, ddof=1)
            rows.append({"game": name, "change": str(change), "metric": m, "paired_var": paired, "unpaired_var": unpaired,
                         "reduction": unpaired / paired if paired > 0 else float("inf")})
        for label, share in shared_draws(a, b, agents, range(replays)).items():
            rows.append({"game": name, "change": str(change), "metric": f"shared: {label}", "reduction": share})
    return rows


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=200, help="games per run")
    ap.add_argument("--replays", type=int, default=10, help="games replayed to count shared draws")
    ap.add_argument("--games", default="", help="comma list of games (default: all four)")
    args = ap.parse_args(argv)
    for r in measure(args.n, args.replays, [g for g in args.games.split(",") if g]):
        if r["metric"].startswith("shared: "):
            print(f"{r['game']:<14} {r['change']:<34} {r['metric']}: {r['reduction']:.1%}")
        else:
            print(f"{r['game']:<14} {r['change']:<34} {r['metric']:<16} variance paired {r['paired_var']:.4g} "
                  f"unpaired {r['unpaired_var']:.4g}  reduction {r['reduction']:.2f}x")


if __name__ == "__main__":
    main()
