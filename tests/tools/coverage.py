"""Coverage of the lab's printed intervals and verdicts against exact answers (issue 37).

Every experiment here is played on the toy dice race of ``tests/test_experiments_toy.py``, whose
win rates, draw rate and expected lengths are known exactly (:mod:`tests.tools.toy_exact`,
dynamic programming over every reachable state; checked against simulation by the test suite).
Variant pairs, all on paired seeds:

- ``sparse``: a trap square (``trap=5``) sends a player back to the start; about 1 pair of games
  in 5 differs at all (the audit's case: sparse, skewed paired differences of lengths);
- ``rare``: ``trap=3``, about 1 pair in 7 differs;
- ``dense``: ``strict`` (a roll of 1 loses the turn) changes nearly every game.

Cells (each replication is an independent block of games; truths from the exact solution):

- ``compare``: the intervals :func:`lab.compare` prints (``compare_frames`` on the two runs: the
  same table, here of these five metrics with the default primary ones), for 0/1 measures (first
  mover's win — of the player who made the first decision, seat 1 under ``strict`` when seat 0
  first rolls a 1 — and draws), counts (turns, actions) and a non-integer mean (minutes, in
  half-minute steps), at n = 10, 30, 100: coverage of the printed interval (at its corrected
  level) and of the same method at 95 %, zero-width share;
- ``margin``: false equivalence — ``margin=`` set 10 % inside the true difference, so every
  "equivalent" verdict is wrong;
- ``a_vs_a``: a variant against itself on independent seeds — tables with any flag;
- ``until``: ``compare(..., until=± d)`` from pilots of 10, 30, 100: coverage of the printed
  interval, whether it reached ± d, games played against the games the true spread needs;
- ``plan``: :func:`lab.plan` from pilots of 10, 30, 100, then a fresh run of the planned size:
  how often it reaches ± d (the plan promises 90 %), coverage, size against the true need;
- ``spread``: the autopilot's ``spread`` on a fair three-seat race (a die picks the starter:
  the true spread is exactly 0) and on an unfair one: coverage, and how often ``spread<=0.03``
  is called "not met" on the fair game (wrongly);
- ``tune``: whole :func:`lab.tune` runs on the race's ``goal`` and ``max_turns``: each finalist's
  verdict against its exact value (false "met", false "not met", coverage).

Run ``python -m tests.tools.coverage`` (about an hour and a half of CPU for 1,000 replications,
measured per cell: compare 330 s, a_vs_a 130 s, spread 75 s, tune 150 s; ``until`` and ``plan``
play hundreds of games per replication, about 0.7 s and 1.5 s of CPU each, and give the audit's
case — lengths on the sparse pair — 1,000 replications and the other cases 300; ``--reps`` and
``--cells`` for less). The figures measured for issue 37 are summarised in benchmarks/README.md
("Coverage of the printed intervals and verdicts against exact answers").
It prints the table and writes it to ``--out``. The test suite runs
a smaller version (``tests/test_stats_coverage.py``, marked slow).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

import lab
from lab.stats import compare_frames
from lab.stats.intervals import paired_difference
from lab.stats.plan import DESIGN_LEVEL, plan_from, play_until, until_estimate
from lab.tune.targets import measure, parse_target
from tests.tools.toy_exact import exact_race

BASE: dict[str, Any] = {"goal": 8, "max_turns": 8}
PAIRS: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "sparse": (BASE, {**BASE, "trap": 5}),
    "rare": (BASE, {**BASE, "trap": 3}),
    "dense": (BASE, {**BASE, "strict": True}),
}
#: kind -> the table's metrics and the exact quantity each one estimates
METRICS: dict[str, dict[str, str]] = {
    "0/1": {"first_mover_win": "first_mover_win", "draw": "draw"},
    "count": {"turns": "turns", "length_actions": "length_actions"},
    "non-integer": {"minutes": "minutes"},
}
SIZES = (10, 30, 100)
PILOTS = (10, 30, 100)
FAIR3: dict[str, Any] = {"goal": 8, "max_turns": 12, "players": 3, "random_start": True}
UNFAIR3: dict[str, Any] = {"goal": 8, "max_turns": 12, "players": 3}
TUNE_SPACE = {"goal": {"low": 5, "high": 14}, "max_turns": {"low": 5, "high": 16}}
TUNE_TARGETS = ("minutes=3±0.25", "spread<=0.15")
RESULTS = Path(__file__).resolve().parents[2] / "benchmarks" / "coverage.json"


def _toy(params: dict[str, Any]) -> lab.Game:
    tests = str(Path(__file__).resolve().parents[1])
    if tests not in sys.path:
        sys.path.insert(0, tests)
    from test_experiments_toy import toy

    return toy(**params)


class Pool:
    """Paired runs of two variants, grown on demand in chunks (master seeds ``seed``, ``seed+1``,
    ...): ``rows(start, n)`` are games ``start..start+n-1`` of both, on the same seeds."""

    def __init__(self, a: dict[str, Any], b: dict[str, Any] | None, seed: int, chunk: int = 20_000) -> None:
        self.games = (_toy(a), _toy(b) if b is not None else None)
        self.seed, self.chunk = seed, chunk
        self.a = pd.DataFrame()
        self.b = pd.DataFrame()
        self.cursor = 0

    def _grow(self, size: int) -> None:
        while len(self.a) < size:
            master = self.seed + len(self.a) // self.chunk
            ga, gb = self.games
            parts = [lab.simulate(ga, n_games=self.chunk, seed=master, progress=False)]
            if gb is not None:
                parts.append(lab.simulate(gb, n_games=self.chunk, seed=master, progress=False))
            self.a = pd.concat([self.a, parts[0]], ignore_index=True)
            if gb is not None:
                self.b = pd.concat([self.b, parts[1]], ignore_index=True)

    def rows(self, start: int, n: int) -> tuple[pd.DataFrame, pd.DataFrame]:
        self._grow(start + n)
        a = self.a.iloc[start:start + n].reset_index(drop=True)
        b = self.b.iloc[start:start + n].reset_index(drop=True) if len(self.b) else a
        return a, b

    def take(self, n: int) -> tuple[pd.DataFrame, pd.DataFrame]:
        out = self.rows(self.cursor, n)
        self.cursor += n
        return out


def _chunk(games: int) -> int:
    """Games simulated at a time for a cell that needs ``games`` (at most 20,000)."""
    return max(2000, min(20_000, games))


def _truth(pair: str, quantity: str) -> float:
    a, b = PAIRS[pair]
    return exact_race(b)[quantity] - exact_race(a)[quantity]


def _binomial_note(hits: int, reps: int) -> float:
    """The normal-approximation standard error of a share (for the table)."""
    p = hits / reps if reps else math.nan
    return math.sqrt(p * (1 - p) / reps) if reps else math.nan


# ---------------------------------------------------------------------- fixed-n comparisons
def compare_cells(reps: int, seed: int = 0, pairs: Sequence[str] = tuple(PAIRS)) -> list[dict[str, Any]]:
    """Coverage of printed intervals, and false equivalence, per (pair, n, metric)."""
    rows = []
    for pair in pairs:
        pool = Pool(*PAIRS[pair], seed=seed + 1000 * list(PAIRS).index(pair), chunk=_chunk(reps * max(SIZES)))
        for n in SIZES:
            hits: dict[str, list[bool]] = {}
            hits95: dict[str, list[bool]] = {}
            zero: dict[str, list[bool]] = {}
            width: dict[str, list[float]] = {}
            equiv: dict[str, list[bool]] = {}
            levels: dict[str, list[float]] = {}
            for k in range(reps):
                da, db = pool.rows(k * n, n)
                margins = {m: 0.9 * abs(_truth(pair, q)) for kind in METRICS.values() for m, q in kind.items()}
                table = compare_frames(da, db, metrics=list(margins), margin=margins).set_index("metric")
                for kind in METRICS.values():
                    for m, q in kind.items():
                        truth = _truth(pair, q)
                        r = table.loc[m]
                        hits.setdefault(m, []).append(bool(r["diff_lo"] <= truth <= r["diff_hi"]))
                        zero.setdefault(m, []).append(bool(r["diff_hi"] - r["diff_lo"] == 0))
                        width.setdefault(m, []).append(float(r["diff_hi"] - r["diff_lo"]))
                        levels.setdefault(m, []).append(float(r["level"]))
                        equiv.setdefault(m, []).append(bool(r["equivalent"]))
                        est = paired_difference(_col(da, m), _col(db, m), 0.95)
                        hits95.setdefault(m, []).append(bool(est.lo <= truth <= est.hi))
            for kind, ms in METRICS.items():
                for m, q in ms.items():
                    rows.append({
                        "cell": "compare", "pair": pair, "kind": kind, "metric": m, "n": n, "reps": reps,
                        "truth": _truth(pair, q), "level": float(np.mean(levels[m])),
                        "coverage": float(np.mean(hits[m])), "coverage_95": float(np.mean(hits95[m])),
                        "zero_width": float(np.mean(zero[m])), "mean_width": float(np.mean(width[m])),
                    })
                    rows.append({
                        "cell": "margin", "pair": pair, "kind": kind, "metric": m, "n": n, "reps": reps,
                        "truth": _truth(pair, q), "margin": 0.9 * abs(_truth(pair, q)),
                        "false_equivalence": float(np.mean(equiv[m])),
                    })
    return rows


def _col(df: pd.DataFrame, metric: str) -> np.ndarray:
    if metric == "win_0":
        return (df["winner"].to_numpy() == 0).astype(float)
    if metric == "first_mover_win":
        return (df["winner"].to_numpy() == df["first_player"].to_numpy()).astype(float)
    return df[metric].to_numpy(dtype=float)


def a_vs_a_cells(reps: int, seed: int = 0) -> list[dict[str, Any]]:
    """A variant against itself (independent seeds relabelled as paired): tables with any flag."""
    pool_a = Pool(BASE, None, seed=seed + 7000, chunk=_chunk(reps * max(SIZES)))
    pool_b = Pool(BASE, None, seed=seed + 8000, chunk=_chunk(reps * max(SIZES)))
    rows = []
    for n in SIZES:
        flagged = []
        for k in range(reps):
            da, _ = pool_a.rows(k * n, n)
            db, _ = pool_b.rows(k * n, n)
            db = db.copy()
            db["seed"] = da["seed"].to_numpy()
            flagged.append(bool(compare_frames(da, db)["significant"].any()))
        rows.append({"cell": "a_vs_a", "pair": "A vs A", "kind": "table", "metric": "any flag", "n": n, "reps": reps,
                     "flagged": float(np.mean(flagged))})
    return rows


# ---------------------------------------------------------------------- until and plan
def _true_spread(pair: str, metric: str, seed: int) -> float:
    pool = Pool(*PAIRS[pair], seed=seed + 9000, chunk=10_000)
    a, b = pool.rows(0, 10_000)
    return float(np.std(_col(b, metric) - _col(a, metric), ddof=1))


def _needed(sigma: float, precision: float) -> float:
    from scipy import stats

    return (float(stats.norm.ppf(0.5 + DESIGN_LEVEL / 2)) * sigma / precision) ** 2


UNTIL_CASES = (("sparse", "length_actions", "count"), ("dense", "length_actions", "count"),
               ("sparse", "win_0", "0/1"), ("sparse", "minutes", "non-integer"))


def _case_reps(reps: int, case: int) -> int:
    """The first case (lengths on the sparse pair: the audit's) gets ``reps``, the others
    :data:`SIDE_SHARE` of them (at least 100)."""
    return reps if case == 0 else max(100, round(reps * SIDE_SHARE))


SIDE_SHARE = 0.3


def until_cells(reps: int, seed: int = 0, need: int = 200) -> list[dict[str, Any]]:
    """``compare(..., until=)`` from pilots of 10, 30 and 100 (precision set so that the true
    spread needs about ``need`` games). The interval is the one the table prints for its lone
    primary metric after the stop (:func:`lab.stats.plan.until_estimate`: claimed 96 %, computed
    at 98 % to allow for the stopping rule)."""
    rows = []
    for case, (pair, metric, kind) in enumerate(UNTIL_CASES):
        reps_here = min(reps, _case_reps(reps, case))
        sigma = _true_spread(pair, metric, seed)
        precision = float(f"{_needed(sigma, 1.0) ** 0.5 / need ** 0.5:.3g}")
        truth = _truth(pair, "win_0" if metric == "win_0" else metric)
        pool = Pool(*PAIRS[pair], seed=seed + 20_000 + 1000 * case, chunk=_chunk(reps_here * (max(PILOTS) + 2 * need)))
        for pilot in PILOTS:
            hits, reached, played, widths = [], [], [], []
            for _ in range(reps_here):
                start = pool.cursor
                used = [pilot]

                def play(n: int, start: int = start, used: list[int] = used, pool: Pool = pool) -> tuple[pd.DataFrame, pd.DataFrame]:
                    used.append(n)
                    return pool.rows(start, n)

                run = play_until(play, metric, precision, pilot, level=DESIGN_LEVEL, max_games=200_000)
                pool.cursor = start + max(used)
                est = until_estimate(_col(run.a, metric), _col(run.b, metric))(DESIGN_LEVEL)
                hits.append(bool(est.lo <= truth <= est.hi))
                reached.append(bool(est.half_width <= precision + 1e-12))
                played.append(len(run.a))
                widths.append(est.half_width)
            rows.append({
                "cell": "until", "pair": pair, "kind": kind, "metric": metric, "n": pilot, "reps": reps_here,
                "truth": truth, "precision": precision, "coverage": float(np.mean(hits)),
                "reached": float(np.mean(reached)), "games": float(np.mean(played)),
                "games_needed": _needed(sigma, precision), "mean_half_width": float(np.mean(widths)),
            })
    return rows


def plan_cells(reps: int, seed: int = 0, need: int = 200) -> list[dict[str, Any]]:
    """:func:`lab.plan` from pilots of 10, 30, 100, then a fresh run of the planned size (its
    lone primary metric's 96 % interval, as in :func:`until_cells`)."""
    rows = []
    for case, (pair, metric, kind) in enumerate(UNTIL_CASES):
        reps_here = min(reps, _case_reps(reps, case))
        sigma = _true_spread(pair, metric, seed)
        precision = float(f"{_needed(sigma, 1.0) ** 0.5 / need ** 0.5:.3g}")
        truth = _truth(pair, "win_0" if metric == "win_0" else metric)
        pool = Pool(*PAIRS[pair], seed=seed + 40_000 + 1000 * case, chunk=_chunk(reps_here * (max(PILOTS) + 3 * need)))
        for pilot in PILOTS:
            hits, reached, sizes, evens = [], [], [], []
            for _ in range(reps_here):
                pa, pb = pool.take(pilot)
                p = plan_from(pa, pb, metric, precision)
                fa, fb = pool.take(p.n_games)
                est = paired_difference(_col(fa, metric), _col(fb, metric), DESIGN_LEVEL)
                hits.append(bool(est.lo <= truth <= est.hi))
                reached.append(bool(est.half_width <= precision + 1e-12))
                sizes.append(p.n_games)
                evens.append(p.n_even)
            rows.append({
                "cell": "plan", "pair": pair, "kind": kind, "metric": metric, "n": pilot, "reps": reps_here,
                "truth": truth, "precision": precision, "coverage": float(np.mean(hits)),
                "reached": float(np.mean(reached)), "promised": 0.9, "games": float(np.mean(sizes)),
                "games_even": float(np.mean(evens)), "games_needed": _needed(sigma, precision),
            })
    return rows


# ---------------------------------------------------------------------- the autopilot
def spread_cells(reps: int, seed: int = 0) -> list[dict[str, Any]]:
    """``spread`` on a fair three-seat race (true spread 0) and an unfair one."""
    rows = []
    for label, params in (("fair (3 seats, a die picks the starter)", FAIR3), ("unfair (3 seats, seat 0 starts)", UNFAIR3)):
        truth = exact_race(params)["spread"]
        pool = Pool(params, None, seed=seed + (60_000 if params is FAIR3 else 61_000), chunk=_chunk(reps * max(SIZES)))
        target = parse_target("spread<=0.03")
        for n in SIZES:
            hits, verdicts, lows = [], [], []
            for k in range(reps):
                df, _ = pool.rows(k * n, n)
                m = measure(df, target)
                hits.append(bool(m.low <= truth <= m.high))
                verdicts.append(m.verdict)
                lows.append(m.low)
            v = pd.Series(verdicts)
            rows.append({
                "cell": "spread", "pair": label, "kind": "spread", "metric": "spread<=0.03", "n": n, "reps": reps,
                "truth": truth, "coverage": float(np.mean(hits)), "met": float((v == "met").mean()),
                "not_met": float((v == "not met").mean()), "undecided": float((v == "undecided").mean()),
                "wrong_verdict": float(((v == "not met") if truth <= 0.03 else (v == "met")).mean()),
            })
    return rows


def tune_cells(reps: int, seed: int = 0, budget: int = 6, games: int = 20, final_games: int = 80) -> list[dict[str, Any]]:
    """Whole autopilot runs on the race: each finalist's verdicts against its exact values."""
    targets = [parse_target(t) for t in TUNE_TARGETS]
    per: dict[str, dict[str, list[bool]]] = {t.text: {"cover": [], "false_met": [], "false_not": [], "inside": [],
                                                      "met": [], "not": []} for t in targets}
    base = _toy({})
    for r in range(reps):
        result = lab.tune(base, TUNE_SPACE, list(TUNE_TARGETS), budget=budget, games=games, final_games=final_games,
                          finalists=2, seed=seed + r, progress=False)
        for fin in result.finalists:
            exact = exact_race({**{k: v for k, v in fin.picked.items()}})
            for m in fin.measures:
                truth = exact[m.target.metric if m.target.metric != "minutes" else "minutes"]
                lo, hi = m.target.band
                inside = lo <= truth <= hi
                d = per[m.target.text]
                d["cover"].append(m.low <= truth <= m.high)
                d["inside"].append(inside)
                d["met"].append(m.verdict == "met")
                d["not"].append(m.verdict == "not met")
                d["false_met"].append(m.verdict == "met" and not inside)
                d["false_not"].append(m.verdict == "not met" and inside)
    rows = []
    for t in targets:
        d = per[t.text]
        inside = np.array(d["inside"])
        rows.append({
            "cell": "tune", "pair": "toy race: goal, max_turns", "kind": t.metric, "metric": t.text, "n": final_games,
            "reps": reps, "finalists": len(inside), "truly_inside": float(inside.mean()),
            "coverage": float(np.mean(d["cover"])), "met": float(np.mean(d["met"])),
            "false_met": float(np.mean(d["false_met"])),
            "false_met_given_outside": float(np.array(d["met"])[~inside].mean()) if (~inside).any() else math.nan,
            "false_not_met_given_inside": float(np.array(d["not"])[inside].mean()) if inside.any() else math.nan,
        })
    return rows


CELLS: dict[str, Callable[..., list[dict[str, Any]]]] = {
    "compare": compare_cells, "a_vs_a": a_vs_a_cells, "until": until_cells, "plan": plan_cells,
    "spread": spread_cells, "tune": tune_cells,
}


def run(cells: Sequence[str], reps: int, seed: int = 0, log: Callable[[str], None] = print) -> pd.DataFrame:
    """The named cells with ``reps`` replications each; one row per figure."""
    rows: list[dict[str, Any]] = []
    for name in cells:
        start = time.process_time()
        rows += CELLS[name](reps, seed)
        log(f"{name}: {time.process_time() - start:.0f} s CPU")
    return pd.DataFrame(rows)


def format_table(table: pd.DataFrame) -> str:
    """The figures as one text table per cell."""
    out = []
    for cell, grp in table.groupby("cell", sort=False):
        cols = [c for c in grp.columns if grp[c].notna().any()]
        out.append(f"== {cell}")
        out.append(grp[cols].to_string(index=False, float_format=lambda v: f"{v:.3f}"))
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--reps", type=int, default=1000, help="replications per cell (default 1000)")
    ap.add_argument("--cells", default=",".join(CELLS), help=f"comma list of {', '.join(CELLS)}")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", default=str(RESULTS), help="JSON file for the figures ('' for none)")
    args = ap.parse_args(argv)
    cells = [c.strip() for c in args.cells.split(",") if c.strip()]
    unknown = [c for c in cells if c not in CELLS]
    if unknown:
        ap.error(f"unknown cells {unknown}; choose from {', '.join(CELLS)}")
    table = run(cells, args.reps, args.seed, log=lambda s: print(s, file=sys.stderr, flush=True))
    print(format_table(table))
    if args.out:
        record = {"command": "python -m tests.tools.coverage " + " ".join(argv if argv is not None else sys.argv[1:]),
                  "reps": args.reps, "seed": args.seed, "rows": json.loads(table.to_json(orient="records"))}
        out = Path(args.out)  # written whole, then renamed: an interrupted run leaves no torn file
        tmp = out.with_name(out.name + ".tmp")
        tmp.write_text(json.dumps(record, indent=1) + "\n")
        tmp.replace(out)


if __name__ == "__main__":
    main()
