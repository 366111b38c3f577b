"""Paired speed comparison of two source trees (say main and a branch) on the same games.

On a shared machine the load drifts by more than the few per cent a change costs, so two
separate ``benchmarks.run`` tables cannot resolve it. This runs one persistent worker process
per tree and alternates the same seeded workload between them (A then B, then B then A, ...),
timing each with process CPU time; drifts hit both alike and the median ratio survives::

    git archive main | tar -x -C /tmp/main-tree
    python -m benchmarks.ab /tmp/main-tree . memcel:random:100,fiemme_cembra:collector:20 --rounds 6

A game may carry parameters, ``memcel@max_turns=500:random:100`` (values read as JSON, else as
text), so that two trees whose defaults differ play the same variant.

prints, per ``game:agent:games``, each tree's best time and actions per second and the median
speed ratio B/A in actions per second (1.0: no change; 0.95: B is 5% slower), with its spread
over the rounds (lowest-highest and quartiles). Actions per second, not time, so that two trees
whose rules play different games from the same seeds (a rule changed in between) still compare.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

WORKER = "worker"


def _worker() -> None:
    """Read ``game agent n`` lines; play n seeded games; print the CPU seconds taken."""
    import json

    import lab

    games: dict[str, lab.Game] = {}
    for line in sys.stdin:
        name, agent, n = line.split()
        if name not in games:
            game_name, *settings = name.split("@")
            params: dict[str, object] = {}
            for setting in settings:
                key, _, text = setting.partition("=")
                try:
                    params[key] = json.loads(text)
                except json.JSONDecodeError:
                    params[key] = text
            games[name] = lab.load(game_name, **params)
        game = games[name]
        actions = 0
        start = time.process_time()
        for seed in range(int(n)):
            actions += lab.play(game, None if agent == "random" else agent, seed=seed).move_number()
        print(time.process_time() - start, actions, flush=True)


def _start(root: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": os.path.abspath(root)}
    # this file runs the worker; ``lab`` is imported from ``root`` (PYTHONPATH comes first)
    return subprocess.Popen([sys.executable, os.path.abspath(__file__), WORKER], cwd=os.path.abspath(root),
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)


def _ask(proc: subprocess.Popen[str], command: str) -> tuple[float, int]:
    """CPU seconds and actions (history entries) of one run of ``command``."""
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(command + "\n")
    proc.stdin.flush()
    seconds, actions = proc.stdout.readline().split()
    return float(seconds), int(actions)


def compare(tree_a: str, tree_b: str, cases: list[str], rounds: int) -> Iterator[dict[str, Any]]:
    """Paired rounds of each ``game:agent:games`` case in two trees; per case, a dict of the
    case, each tree's best time and actions per second, and the sorted per-round ratios B/A
    (actions per second) with their median."""
    a, b = _start(tree_a), _start(tree_b)
    try:
        for case in cases:
            name, agent, n = case.split(":")
            command = f"{name} {agent} {n}"
            _ask(a, command), _ask(b, command)  # warm-up: imports, tables, caches
            ta, tb = [], []
            for i in range(rounds):
                first, second = (a, b) if i % 2 == 0 else (b, a)
                (t1, n1), (t2, n2) = _ask(first, command), _ask(second, command)
                ta.append(t1 if first is a else t2)
                tb.append(t2 if first is a else t1)
                na, nb = (n1, n2) if first is a else (n2, n1)
            # actions per second: the trees may play different games (a rule changed in between)
            ratios = sorted((nb / y) / (na / x) for x, y in zip(ta, tb, strict=True))
            yield {"case": case, "seconds_a": min(ta), "seconds_b": min(tb),
                   "actions_per_s_a": na / min(ta), "actions_per_s_b": nb / min(tb),
                   "ratios": ratios, "ratio": statistics.median(ratios)}
    finally:
        for proc in (a, b):
            if proc.stdin is not None:
                proc.stdin.close()
            proc.wait()


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == [WORKER]:
        _worker()
        return 0
    parser = argparse.ArgumentParser(prog="python -m benchmarks.ab", description=__doc__.split("\n")[0])
    parser.add_argument("tree_a", help="source tree A (holds lab/ and benchmarks/)")
    parser.add_argument("tree_b", help="source tree B")
    parser.add_argument("cases", help="comma list of game:agent:games")
    parser.add_argument("--rounds", type=int, default=6)
    args = parser.parse_args(argv)
    for row in compare(args.tree_a, args.tree_b, args.cases.split(","), args.rounds):
        ratios = row["ratios"]
        spread = f"rounds {ratios[0]:.3f}-{ratios[-1]:.3f}"
        if len(ratios) >= 4:
            q1, _, q3 = statistics.quantiles(ratios, n=4)
            spread += f", quartiles {q1:.3f}-{q3:.3f}"
        name, agent, n = row["case"].split(":")
        print(f"{name}/{agent} x{n}: A {row['seconds_a']:.3f}s {row['actions_per_s_a']:,.0f} actions/s  "
              f"B {row['seconds_b']:.3f}s {row['actions_per_s_b']:,.0f} actions/s  "
              f"speed B/A {row['ratio']:.3f} ({spread})", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
