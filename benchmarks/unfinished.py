"""Unfinished games of each game's default experiment, before and after issue #39.

A game is *unfinished* when a lab safety bound (Memcel's ``max_turns``, Fiemme–Cembra's
``hand_limit``, memm's and Space Station's own bounds), not the rules, ended it
(``simulate``'s ``unfinished`` column). Issue #39 changed what a run naming no players plays:

- **before**: random players in every seat (``agents=None`` meant random), and Memcel's
  ``max_turns`` was 500;
- **after**: the game's ``default_agents`` (Memcel: the memory model; Fiemme–Cembra: the
  collectors; memm and Space Station: still random) and Memcel's ``max_turns`` 3000.

The rules the "before" rows play are today's: the default variants' rules did not change in
#39 for random play (Memcel's change was the bound; Fiemme–Cembra's default penalty timing,
``per_hand``, is unchanged; only ``end_of_round`` and memm's ``column_rule='may'``, neither a
default, were corrected), so the "before" rows reproduce the old default experiment.

Usage::

    python -m benchmarks.unfinished                       # every game, 100 games per row
    python -m benchmarks.unfinished memcel --games 400    # one game, more games
    python -m benchmarks.unfinished --workers 2

Prints one line per (game, players, when): unfinished games / games, the rate, the median and
longest game (in actions) and the bound that stopped the unfinished ones. ``when`` is
``before``, ``after``, or, for a game whose bound changed too (Memcel), ``agents``: today's
default players under the old bound, which separates what the players changed from what the
bound changed. Memcel has two more rows, ``mixed``: a memory player against a random one (2
players), under the old bound and the new.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

import lab

GAMES = ("memcel", "fiemme_cembra", "memm", "space_station")
#: the variant each game's "before" rows change back (the old defaults), by game
BEFORE_PARAMS: dict[str, dict[str, Any]] = {"memcel": {"max_turns": 500}}
#: player counts measured, by game (the default count first)
PLAYER_COUNTS: dict[str, tuple[int, ...]] = {"memcel": (4, 3, 2), "fiemme_cembra": (4,)}
#: further rows: (label, agents, parameters), by game (the issue's "memory vs random" table)
EXTRA: dict[str, list[tuple[str, Any, dict[str, Any]]]] = {
    "memcel": [("mixed", ["memory", "random"], {"players": 2, "max_turns": 500}),
               ("mixed", ["memory", "random"], {"players": 2})],
}


def rows(name: str, n_games: int, seed: int, workers: int) -> list[dict[str, Any]]:
    """The before/after rows of one game."""
    out: list[dict[str, Any]] = []
    cls = lab.game_class(name)
    counts = PLAYER_COUNTS.get(name) or (None,)
    for players in counts:
        size = {} if players is None else {"players": players}
        old = {**size, **BEFORE_PARAMS.get(name, {})}
        cases = [("before", "random", old), ("after", None, size)]
        if name in BEFORE_PARAMS:  # today's default players under the old bound: the agents' share
            cases.insert(1, ("agents", None, old))
        if players == counts[-1]:
            cases += EXTRA.get(name, [])
        for when, agents, params in cases:
            game = lab.load(name, **params)
            df = lab.simulate(game, agents=agents, n_games=n_games, seed=seed, workers=workers)
            unfinished = int(df["unfinished"].sum())
            stopped = sorted(set(df.loc[df["unfinished"] == 1, "stopped_by"]))
            out.append({
                "game": name,
                "players": game.num_players(),
                "when": when,
                "agents": ("/".join(agents) if isinstance(agents, list) else agents or cls.default_agents or "random"),
                "bounds": ", ".join(f"{k}={v}" for k, v in params.items() if k != "players") or "defaults",
                "unfinished": unfinished,
                "games": len(df),
                "median": int(df["length_actions"].median()),
                "longest": int(df["length_actions"].max()),
                "stopped_by": ", ".join(stopped) or "-",
            })
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.unfinished", description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", metavar="GAME",
                        help=f"games to measure (default: all of {', '.join(GAMES)})")
    parser.add_argument("--games", dest="n_games", type=int, default=100, help="games per row (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="master seed (default 0)")
    parser.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    args = parser.parse_args(argv)
    names = args.games or list(GAMES)
    unknown = [n for n in names if n not in GAMES]
    if unknown:
        print(f"unfinished: unknown game(s) {', '.join(unknown)}; known: {', '.join(GAMES)}", file=sys.stderr)
        return 2
    print(f"{'game':<14} {'p':>1} {'when':<6} {'agents':<13} {'bounds':<14} {'unfinished':>12} {'rate':>6} "
          f"{'median':>7} {'longest':>8}  stopped by")
    for name in names:
        for r in rows(name, args.n_games, args.seed, args.workers):
            rate = r["unfinished"] / r["games"] if r["games"] else 0.0
            print(f"{r['game']:<14} {r['players']:>1} {r['when']:<6} {r['agents']:<13} {r['bounds']:<14} "
                  f"{r['unfinished']:>5} / {r['games']:<4} {rate:>6.0%} {r['median']:>7} {r['longest']:>8}  "
                  f"{r['stopped_by']}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
