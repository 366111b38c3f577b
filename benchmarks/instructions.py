"""Instructions per random-play action, counted by callgrind: a speed measure the machine's load
does not move.

On a shared machine the paired timings of :mod:`benchmarks.ab` swing by 10-30% from one round to
the next; valgrind's callgrind counts the instructions a process executes, which is the same
number on every run of the same code and input (to about 0.1% here: the allocator and hash
seeds aside, so ``PYTHONHASHSEED`` is fixed). Instructions are not seconds (a numpy call and a
dict lookup cost different times per instruction), so this complements the timings, it does not
replace them: the speed target of issue #15 is still judged on ``make bench``'s paired times.

Only the games are counted: the worker imports the tree and plays one warm-up game with
callgrind's instrumentation off (``--instr-atstart=no``), then this script switches it on
(``callgrind_control -i on``) for ``n`` seeded games and off again.

    python -m benchmarks.instructions memcel --tree /tmp/base --games 5 --set max_turns=500

prints the instructions, the actions and their ratio. Needs valgrind (Debian's package).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

_WORKER = """
import os, sys, time
import lab
game, n, flags = sys.argv[1], int(sys.argv[2]), sys.argv[3]
params = dict(a.split("=", 1) for a in sys.argv[4:])
params = {k: (int(v) if v.lstrip("-").isdigit() else v) for k, v in params.items()}
g = lab.load(game, **params)
lab.play(g, seed=10_000)  # warm-up, not counted: tables and caches built once per process
open(os.path.join(flags, "ready"), "w").close()
while not os.path.exists(os.path.join(flags, "go")):
    time.sleep(0.02)
actions = sum(lab.play(g, seed=s).move_number() for s in range(n))
with open(os.path.join(flags, "done"), "w") as f:
    f.write(str(actions))
while os.path.exists(os.path.join(flags, "go")):
    time.sleep(0.02)
"""


def _wait_for(path: Path, proc: subprocess.Popen[Any], what: str) -> None:
    while not path.exists():
        if proc.poll() is not None:
            msg = f"the worker ended before {what} (exit code {proc.returncode}): see its output above"
            raise RuntimeError(msg)
        time.sleep(0.05)


def count(game: str, tree: str | Path = ROOT, games: int = 5, params: dict[str, str] | None = None) -> dict[str, Any]:
    """Instructions callgrind counts while ``tree`` plays ``games`` seeded random games of ``game``."""
    for tool in ("valgrind", "callgrind_control"):
        if shutil.which(tool) is None:
            msg = f"{tool} is not installed (Debian: apt-get install valgrind)"
            raise RuntimeError(msg)
    tree = Path(tree).resolve()
    with tempfile.TemporaryDirectory(prefix="rules-lab-callgrind-") as tmp:
        flags, out = Path(tmp), Path(tmp) / "callgrind.out"
        worker = flags / "worker.py"
        worker.write_text(_WORKER)
        env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
        cmd = ["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={out}",
               sys.executable, str(worker), game, str(games), str(flags),
               *(f"{k}={v}" for k, v in (params or {}).items())]
        proc = subprocess.Popen(cmd, cwd=tmp, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        try:
            _wait_for(flags / "ready", proc, "its warm-up game")
            subprocess.run(["callgrind_control", "-i", "on", str(proc.pid)], check=True, capture_output=True)
            (flags / "go").touch()
            _wait_for(flags / "done", proc, "its games")
            subprocess.run(["callgrind_control", "-i", "off", str(proc.pid)], check=True, capture_output=True)
            (flags / "go").unlink()
            _, err = proc.communicate(timeout=600)
        finally:
            if proc.poll() is None:
                proc.kill()
        if proc.returncode != 0:
            msg = f"valgrind exited with {proc.returncode}:\n{err[-2000:]}"
            raise RuntimeError(msg)
        totals = [line.split()[1] for line in out.read_text().splitlines() if line.startswith("totals:")]
        instructions = int(totals[0])
        actions = int((flags / "done").read_text())
    return {"game": game, "tree": str(tree), "games": games, "params": params or {},
            "instructions": instructions, "actions": actions, "per_action": instructions / actions}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.instructions", description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("--tree", action="append", default=[], help="source tree (repeatable; default: this one)")
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", help="a game parameter")
    args = parser.parse_args(argv)
    params = dict(kv.split("=", 1) for kv in args.set)
    rows = [count(args.game, tree, args.games, params) for tree in (args.tree or [str(ROOT)])]
    first = rows[0]["per_action"]
    for row in rows:
        print(f"{row['game']} {row['tree']}: {row['instructions']:,} instructions for {row['actions']:,} actions "
              f"= {row['per_action']:,.0f} an action ({first / row['per_action']:.2f}x the first tree's speed)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
