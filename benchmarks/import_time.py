"""Start-up cost: the CPU time of ``python -c "import lab"`` (issue #36, target <= 1 s).

Each statement runs in a fresh interpreter (the same ``sys.executable``), ``rounds`` times; the
CPU time (user + system) of each child is read with ``resource.getrusage(RUSAGE_CHILDREN)``
around its run, and the median is reported. ``import lab`` itself loads only :mod:`lab.native`
(every public name is imported on first use, PEP 562); the other rows show what a first use
costs on top (loading a game, the first statistic), for reference::

    python -m benchmarks.import_time            # the table
    python -m benchmarks.run --sections import  # the same, in the benchmark table
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
from typing import Any

TARGET_SECONDS = 1.0
STATEMENTS = {
    "import lab": "import lab",
    "import lab; lab.load('memcel')": "import lab; lab.load('memcel')",
    "import lab; lab.define_game": "import lab; lab.define_game",
    "import lab; lab.simulate": "import lab; lab.simulate",
    "import lab; lab.compare": "import lab; lab.compare",
}


def cpu_seconds(statement: str) -> float:
    """CPU time (user + system) of a fresh interpreter running ``statement``."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONSTARTUP"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-c", statement], check=True, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def run(rounds: int = 5) -> dict[str, Any]:
    """Median CPU seconds of each statement over ``rounds`` fresh interpreters (interleaved)."""
    times: dict[str, list[float]] = {label: [] for label in STATEMENTS}
    for _ in range(rounds):
        for label, statement in STATEMENTS.items():
            times[label].append(cpu_seconds(statement))
    baseline = [cpu_seconds("pass") for _ in range(rounds)]
    return {
        "target": TARGET_SECONDS,
        "rounds": rounds,
        "python_alone": statistics.median(baseline),
        "median_cpu_seconds": {label: statistics.median(v) for label, v in times.items()},
        "all_cpu_seconds": times,
    }


def table_rows(result: dict[str, Any] | None) -> list[tuple[str, str, str, str, str]]:
    """Rows of the benchmark table for the ``import`` section."""
    if not result:
        return []
    rows = []
    for label, seconds in result["median_cpu_seconds"].items():
        if label == "import lab":
            status = "ok" if seconds <= result["target"] else "ABOVE"
            rows.append(("import", f'python -c "{label}" (CPU, median of {result["rounds"]})',
                         f"{seconds:.2f} s", f"<= {result['target']:.0f} s", status))
        else:
            rows.append(("import", f'python -c "{label}" (first use, reference)', f"{seconds:.2f} s", "", ""))
    rows.append(("import", "python -c pass (the interpreter alone)", f"{result['python_alone']:.2f} s", "", ""))
    return rows


if __name__ == "__main__":
    res = run()
    for row in table_rows(res):
        print(f"{row[1]:<62} {row[2]:>8}  {row[3]:>8}  {row[4]}")
