"""Strength of the general search players against each game's best bespoke agent (issue #15 §4).

For each match, ``n`` seeded games with the search agent in one seat (the seat rotates with the
game index) and the rival everywhere else, and on the same seeds the rival in every seat (the
baseline: what that seat wins when its player is the rival too). Solo games compare the two
agents' win rates on the same seeds. Reported: win rates with Wilson intervals, the paired
difference (``gain``, with its interval), and the search agent's CPU seconds per searched
decision (``time.process_time``: the time of this process only, so other work on a shared
machine does not count; decisions with one legal action are free).

Budget. The search is bounded by iterations, never by the clock, so that moves are
reproducible and the budget does not shrink with the machine's load. The iterations of
``MATCHES`` were chosen so that the median searched decision costs well under 1 s of CPU
(``cpu_s_median_decision``; ``iterations_per_cpu_s`` is the calibration, the guiding agent's
time included). CPU time measured on a loaded machine (2 cores, ~10 runnable processes) is an
upper bound of the quiet machine's.

Guidance. Each search agent is guided by a bespoke agent of its game through the general
``prior`` setting of :mod:`lab.agents.mcts` (no per-game code in the search). The prior's choice
is played unless the search's favourite (its most visited root action) is another action and
wins a fresh paired test: ``prior_check`` new determinisations (30; 16 for the two slow games), each played on after both
actions with the same random numbers, the favourite taken only if the mean paired difference
exceeds ``prior_margin`` (2) standard errors. Simulations that carry no information about the
action therefore leave the prior's game intact. (The test of earlier sessions reused the
search's own samples: the favourite is the most visited because its first results were lucky,
and a few equal returns have zero spread, so it left the prior often and lost 0/20 Memcel games
to ``perfect``.) Space Station scores rollouts cut after ``rollout_depth`` actions with its
declared value estimate (``evaluation="value"``), but its paired check plays to the end of the
game (``check_depth=0``): the value model was fitted on positions at the start of a turn, so a
cut in the middle of a turn is a biased judge of two actions (both discordant games of the
session-5 run went to the rival). Space Station's players also replan a route they did not
choose (the rollout policy and the guide were following stale routes after the search moved a
fighter). Fiemme–Cembra's slaps are delegated to the collector's human reaction-time model in
every seat and every simulation; they count among the timed decisions (they have many legal
actions) although they are not searched, so its median understates a searched decision's cost
(its worst does not). ``left_prior`` counts the decisions in which the search played another
action than its prior's: with 0 the match is the prior's game (equality by imitation).

Worst decision. A late Fiemme–Cembra decision cost up to 1.6 s: every determinisation cloned the
true state and made its whole event log read-only again (the log is frozen lazily, when first
read, and the searched state's never was), so the cost grew with the game's length (0.08 s at
the start of a long game, 0.9 s after 1,900 actions). The seat view now freezes the true log
once per decision and the clones inherit it: 0.05 s at any length (50 iterations), so the
match now searches 150.

Target (#15 §4): the search "beats or equals" the rival when the paired gain's point estimate
is >= 0 and the lower bound of its 95% interval (Tango's score interval for paired 0/1
outcomes) is >= -0.15 (non-inferiority at 15 points of win rate); it *beats* it when that lower
bound is > 0.

Run ``python -m benchmarks.search_bench [MATCH ...] [-n N] [--seed S] [--out FILE] [--parts FILE]
[--note TEXT]`` (use ``nice``); ``--out benchmarks/search_results.jsonl`` appends each match's
final row there; ``--parts`` keeps every finished game so that a cut run resumes (the same
command again plays only the missing games) and a longer run extends a shorter one.
``--start K`` plays games K..N-1 only (a run that extends a stored row whose parts file was
lost: the two rows' ``won`` and ``baseline`` lists join into one match).
Rows with ``"commit": "7259571"`` are the guided search of session 4 (old margin test, cut by a
deadline at 3-20 games); rows above them an older search (no guidance); rows with
``prior_check`` in their ``search`` the paired check: Memcel (both rivals) and memm at 40
games (commit 341110e); Fiemme–Cembra and Space Station of session 5 (commit d2f93a9, 8 games
each, before the fixes above); the last three rows are ``MATCHES`` as they stand: Fiemme–Cembra
games 0-19 (session 6), Space Station at 40 games, and Fiemme–Cembra at 40 games (games 0-19
of that row joined with games 20-39 played with ``--start 20`` in session 7: ISMCTS 13/40,
collector 12/40 on the same seats, gain +0.025 [-0.065, 0.129], worst decision 0.38 s CPU).
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from typing import Any

import numpy as np

import lab
from lab.agents.mcts import SearchAgent
from lab.sim.simulate import game_seed
from lab.stats.intervals import paired_difference, proportion

# the search agent (at most about 1 s of CPU per decision on this machine) and the best bespoke
# agent of each game; Fiemme–Cembra's slaps come from the collector's human reaction-time model
MEMCEL_SEARCH = {"name": "ismcts", "iterations": 200, "rollout_depth": 60, "prior": "perfect",
                 "prior_weight": 3.0, "prior_margin": 2.0, "prior_check": 30}  # against both of Memcel's players
MATCHES: dict[str, dict[str, Any]] = {
    "space_station": {
        "game": "space_station",
        "params": {},
        "search": {"name": "mcts", "iterations": 100, "rollout": "greedy", "rollout_depth": 16,
                   "evaluation": "value", "prior": "search", "prior_weight": 3.0, "prior_margin": 2.0,
                   "prior_check": 32, "check_depth": 0},
        "rival": "search",
    },
    "memm": {
        "game": "memm",
        "params": {"players": 2},
        "search": {"name": "mcts", "iterations": 150, "rollout": "greedy", "rollout_depth": 6,
                   "evaluation": "lead", "widening": 0.5, "prior": "lookahead", "prior_weight": 10.0,
                   "prior_margin": 2.0, "prior_check": 30},
        "rival": "lookahead",
    },
    "memcel": {
        "game": "memcel",
        "params": {},
        "search": MEMCEL_SEARCH,
        "rival": "memory",
    },
    "memcel_perfect": {
        "game": "memcel",
        "params": {},
        "search": MEMCEL_SEARCH,
        "rival": "perfect",
    },
    "fiemme_cembra": {
        "game": "fiemme_cembra",
        "params": {},
        "search": {"name": "ismcts", "iterations": 150, "rollout": "collector", "rollout_depth": 40,
                   "delegate": "collector", "delegate_kinds": ["slap"], "prior": "collector",
                   "prior_weight": 3.0, "prior_margin": 2.0, "prior_check": 16},
        "rival": "collector",
    },
}


class _Clock:
    """CPU seconds spent in search decisions (wraps :meth:`SearchAgent.step_with_view`)."""

    def __init__(self) -> None:
        self.times: list[float] = []
        self.left = 0  # decisions in which the search left its prior's choice

    def __enter__(self) -> _Clock:
        self._orig = SearchAgent.step_with_view
        clock, orig = self, self._orig

        def timed(agent: SearchAgent, view: Any, legal: Sequence[Any], rng: np.random.Generator) -> Any:
            t = time.process_time()
            left = agent.left_prior
            out = orig(agent, view, legal, rng)
            if len(legal) > 1:
                clock.times.append(time.process_time() - t)
            clock.left += agent.left_prior - left
            return out

        SearchAgent.step_with_view = timed  # type: ignore[method-assign]
        return self

    def __exit__(self, *exc: object) -> None:
        SearchAgent.step_with_view = self._orig  # type: ignore[method-assign]


def duel(game: lab.Game, search: Any, rival: Any, n_games: int, seed: int, log: Any = None,
         offset: int = 0) -> dict[str, Any]:
    """``search`` against ``rival`` on ``n_games`` paired seeds (see the module docstring);
    game ``i`` is the master seed's game ``offset + i``."""
    n = game.num_players()
    won, base = [], []
    with _Clock() as clock:
        for i in range(offset, offset + n_games):
            s = game_seed(seed, i)
            seat = i % n
            seats = [rival] * n
            seats[seat] = search
            won.append(float(seat in lab.play(game, seats, seed=s).winners()))
            base.append(float(seat in lab.play(game, [rival] * n, seed=s).winners()))
            if log is not None:
                log(f"game {i}: seat {seat} search won {won[-1]:.0f}, rival baseline {base[-1]:.0f}")
    return summary(game, search, rival, seed, won, base, clock.times, clock.left)


def summary(game: lab.Game, search: Any, rival: Any, seed: int, won: list[float], base: list[float],
            times: list[float], left: int | None = None) -> dict[str, Any]:
    rate = proportion(int(sum(won)), len(won))
    rival_rate = proportion(int(sum(base)), len(base))
    gain = paired_difference(base, won)
    return {
        "game": repr(game), "search": search,
        "rival": rival, "n_games": len(won), "seed": seed,
        "search_win_rate": [rate.value, rate.lo, rate.hi],
        "rival_win_rate_same_seats": [rival_rate.value, rival_rate.lo, rival_rate.hi],
        "gain": [gain.value, gain.lo, gain.hi],
        "cpu_s_per_decision": float(np.mean(times)) if times else 0.0,
        "cpu_s_median_decision": float(np.median(times)) if times else 0.0,
        # the calibration: iterations per CPU second of a median decision (prior's time included)
        "iterations_per_cpu_s": (search["iterations"] / float(np.median(times))
                                 if times and isinstance(search, dict) and "iterations" in search else None),
        "cpu_s_worst_decision": max(times, default=0.0),
        "searched_decisions": len(times), "left_prior": left, "won": won, "baseline": base, "decision_times": times,
    }


def merge(game: lab.Game, parts: list[dict[str, Any]]) -> dict[str, Any]:
    """One summary of several :func:`duel` results of the same match."""
    first = parts[0]
    won = [w for p in parts for w in p["won"]]
    base = [b for p in parts for b in p["baseline"]]
    times = [t for p in parts for t in p["decision_times"]]
    lefts = [p.get("left_prior") for p in parts]
    left = None if None in lefts else sum(lefts)  # type: ignore[arg-type]
    return summary(game, first["search"], first["rival"], first["seed"], won, base, times, left)


def _public(row: dict[str, Any]) -> dict[str, Any]:
    """A summary without the per-decision times (what is printed and stored)."""
    return {k: v for k, v in row.items() if k != "decision_times"}


def _load_parts(path: str, seed: int) -> dict[tuple[str, str, int], dict[str, Any]]:
    """Finished games of ``--parts`` (a missing file: none), keyed by match, settings and index."""
    try:
        with open(path, encoding="utf-8") as fh:
            lines = [json.loads(line) for line in fh if line.strip()]
    except FileNotFoundError:
        return {}
    return {(p["match"], json.dumps(p["search"], sort_keys=True), p["index"]): p
            for p in lines if p["seed"] == seed}


def _commit() -> str:
    """The short id of the checked-out commit ("" outside a git work tree)."""
    import subprocess

    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return ""
    return out.stdout.strip()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("matches", nargs="*", default=list(MATCHES), help=f"of {', '.join(MATCHES)}")
    parser.add_argument("-n", type=int, default=20, help="games per match")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default="", help="append each match's final row to this JSONL file")
    parser.add_argument("--parts", default="",
                        help="JSONL file of finished games (decision times included): each game is "
                             "appended when it ends, and games already there for the same match, "
                             "settings and seed are not played again (a cut run resumes)")
    parser.add_argument("--start", type=int, default=0,
                        help="first game index played (games START..N-1: a run that extends a "
                             "stored row whose parts were lost)")
    parser.add_argument("--note", default="",
                        help="a note stored in each --out row, with the commit it was run at")
    args = parser.parse_args(argv)
    kept = _load_parts(args.parts, args.seed) if args.parts else {}
    # round robin, one game of each match at a time: a run cut short still has figures for all
    done: dict[str, list[dict[str, Any]]] = {label: [] for label in args.matches}
    rows: dict[str, dict[str, Any]] = {}
    for i in range(args.start, args.n):
        for label in args.matches:
            m = MATCHES[label]
            game = lab.load(m["game"], **m["params"])
            one = kept.get((label, json.dumps(m["search"], sort_keys=True), i))
            if one is None:
                one = duel(game, m["search"], m["rival"], 1, args.seed, offset=i)
                if args.parts:
                    with open(args.parts, "a", encoding="utf-8") as fh:
                        fh.write(json.dumps({"match": label, "index": i, **one}) + "\n")
            done[label].append(one)
            rows[label] = {"match": label, **_public(merge(game, done[label]))}
            print(json.dumps(rows[label]), flush=True)
    if args.out:
        with open(args.out, "a", encoding="utf-8") as fh:
            for row in rows.values():
                if args.note:
                    row.update(commit=_commit(), note=args.note)
                fh.write(json.dumps(row) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
