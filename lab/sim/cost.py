"""What a run will cost, said before it starts; a table of mostly unfinished games, said after.

:func:`lab.simulate` plays its first games here, in this process, before handing the rest to
the workers (:func:`pilot`; their rows are the run's own, so nothing is played twice and the
table is unchanged). Their CPU time per game gives the estimate: games × seconds/game ÷ workers.
A run estimated at :data:`LONG_RUN_SECONDS` or more is announced before the rest starts (games,
measured seconds per game, the total) and gets a progress bar showing the estimate; ``lab.compare``
counts both variants' games in the first announcement. CPU time, not wall time: on a machine
busy with other work the run takes longer than announced, never less, and the estimate does not
change with the load (the notebooks' stored outputs stay the same).

After a run, a table whose games mostly (more than :data:`MOSTLY_UNFINISHED`) ended by a safety
limit rather than by the rules gets an :class:`UnfinishedWarning`: its win rates and lengths
describe games cut short.
"""

from __future__ import annotations

import math
import sys
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

#: Runs estimated to take at least this many CPU seconds are announced before they start.
LONG_RUN_SECONDS = 120.0
#: The pilot plays games until this many CPU seconds have passed (or :data:`PILOT_GAMES`).
PILOT_SECONDS = 1.0
PILOT_GAMES = 3
#: A table with more than this share of unfinished games is said to be one.
MOSTLY_UNFINISHED = 0.5


class UnfinishedWarning(UserWarning):
    """A simulation table most of whose games a safety limit ended, not the rules."""


@dataclass(frozen=True)
class Estimate:
    """A run's cost: ``games`` to play at ``seconds_per_game`` (CPU, measured on ``measured``
    games) on ``workers`` workers."""

    games: int
    seconds_per_game: float
    measured: int
    workers: int

    @property
    def seconds(self) -> float:
        """The estimated CPU seconds of the run on its workers (the wall time of an idle machine)."""
        return self.games * self.seconds_per_game / max(1, self.workers)

    @property
    def long(self) -> bool:
        """Whether the run is worth announcing (:data:`LONG_RUN_SECONDS`)."""
        return self.seconds >= LONG_RUN_SECONDS

    def text(self) -> str:
        """``"100 games × 8.6 s/game ≈ 14 min on 1 worker"``."""
        per = f"{self.seconds_per_game:.2g} s" if self.seconds_per_game < 10 else f"{self.seconds_per_game:.0f} s"
        workers = f"{self.workers} worker" + ("s" if self.workers != 1 else "")
        return f"{self.games:,} games × {per}/game ≈ {duration(self.seconds)} on {workers}"


def duration(seconds: float) -> str:
    """``42 s``, ``14 min``, ``2.5 h``."""
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 90 * 60:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


def pilot(play: Callable[[int, int], list[dict[str, Any]]], n_games: int) -> tuple[list[dict[str, Any]], float]:
    """Play the first games of a run with ``play(start, stop)`` (rows of games ``start..stop-1``)
    until :data:`PILOT_SECONDS` of CPU time or :data:`PILOT_GAMES` games: ``(rows, CPU seconds
    per game)``. Runs of :data:`PILOT_GAMES` games or fewer are not measured: ``([], nan)``."""
    if n_games <= PILOT_GAMES:
        return [], math.nan
    rows: list[dict[str, Any]] = []
    start = time.process_time()
    while len(rows) < PILOT_GAMES:
        rows += play(len(rows), len(rows) + 1)
        if time.process_time() - start >= PILOT_SECONDS:
            break
    return rows, (time.process_time() - start) / len(rows)


def announce(estimate: Estimate, what: str = "simulate") -> None:
    """Say a long run's estimate on stderr before it starts."""
    print(
        f"{what}: {estimate.text()} (CPU time measured on the first {estimate.measured} game(s)); "
        "interrupt to stop",
        file=sys.stderr,
        flush=True,
    )


def bar_label(estimate: Estimate | None, what: str = "simulate") -> str:
    """The progress bar's label: ``simulate (≈ 14 min)`` for a long run."""
    if estimate is None or not estimate.long:
        return what
    return f"{what} (≈ {duration(estimate.seconds)})"


def unfinished_note(unfinished: Any, stopped_by: Any = None) -> str | None:
    """What to say of a table whose ``unfinished`` column is mostly 1 (``None``: nothing)."""
    total = len(unfinished)
    if total == 0:
        return None
    cut = int(sum(int(u) for u in unfinished))
    if cut / total <= MOSTLY_UNFINISHED:
        return None
    why = ""
    if stopped_by is not None:
        reasons = [r for r in stopped_by if r]
        if reasons:
            common = max(set(reasons), key=reasons.count)
            why = f" (stopped by {common})"
    return (
        f"{cut} of {total} games ({cut / total:.0%}) were unfinished{why}: a safety limit ended "
        "them, not the rules, so this table describes games cut short; agents or a variant whose "
        "games finish, or a higher limit, measure the game itself"
    )


def warn_unfinished(table: Any, where: str = "lab.simulate") -> None:
    """An :class:`UnfinishedWarning` for a table that is mostly unfinished games, every time
    (not once per place), attributed to ``where`` rather than to a file and line: a notebook
    cell's file name changes from run to run, and the stored outputs must not."""
    if "unfinished" not in getattr(table, "columns", ()):
        return
    stopped = table["stopped_by"].tolist() if "stopped_by" in table.columns else None
    note = unfinished_note(table["unfinished"].tolist(), stopped)
    if note is not None:
        warnings.warn_explicit(note, UnfinishedWarning, where, 1, module="lab.sim.simulate")
