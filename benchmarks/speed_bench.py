"""Engine speed against the baseline of issue #15 section 5: each seed game's random play.

The issue asked for every seed game's random play at 3x or more of "today's" actions per
second, today being commit ``92d1e2a`` (the commit behind the first ``results.json``). A ratio
to a number stored from another day measures the machine's load as much as the engine, so this
section measures both trees now, side by side: the baseline is taken out of git
(``git archive``) into a temporary directory and :func:`benchmarks.ab.compare` alternates the
same seeded games between a worker process per tree (CPU time, median of the per-round ratios).

Both trees play the same rules: where today's defaults differ from the baseline's, the case
names the parameters that make the two play the same game (Memcel's ``max_turns`` was 40 by
default then; Fiemme–Cembra's FC-P7 penalty was settled per hand and the round stopped by
``hand_limit`` where today's match ends). A checkout without the baseline commit (a shallow
clone, a source archive) reports the section as skipped, with the reason.
"""

from __future__ import annotations

import io
import subprocess
import tarfile
import tempfile
from pathlib import Path
from typing import Any

from benchmarks import ab

BASELINE = "92d1e2a"
ROOT = Path(__file__).resolve().parent.parent

#: game -> the paired case (``game@param=value:agent:games``, see :mod:`benchmarks.ab`)
CASES = {
    "memcel": "memcel@max_turns=500:random:100",
    "memm": "memm:random:100",
    "fiemme_cembra": "fiemme_cembra@penalty_timing=each_hand@hand_limit=3000:random:10",
    "space_station": "space_station:random:200",
}


def _extract(commit: str, into: str) -> str | None:
    """Write ``commit``'s tree into ``into``; the reason it could not be done, or None."""
    try:
        out = subprocess.run(["git", "-C", str(ROOT), "archive", commit], capture_output=True, check=False)
    except OSError as exc:
        return f"git is not available ({exc})"
    if out.returncode != 0:
        return f"commit {commit} is not in this checkout ({out.stderr.decode(errors='replace').strip()})"
    with tarfile.open(fileobj=io.BytesIO(out.stdout)) as tar:
        tar.extractall(into, filter="data")
    return None


def run(rounds: int, games: list[str] | None = None, baseline: str = BASELINE) -> dict[str, Any]:
    """Paired random-play speed of this tree against ``baseline``, per game of :data:`CASES`."""
    names = [g for g in CASES if games is None or g in games]
    with tempfile.TemporaryDirectory(prefix="rules-lab-baseline-") as tmp:
        reason = _extract(baseline, tmp)
        if reason is not None:
            return {"baseline": baseline, "error": reason}
        rows = ab.compare(tmp, str(ROOT), [CASES[g] for g in names], rounds)
        return {"baseline": baseline, "rounds": rounds, "games": dict(zip(names, rows, strict=True))}
