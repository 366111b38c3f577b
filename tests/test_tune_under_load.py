"""The autopilot proposes and reports the same under load (issue 38, "the suite under load").

nbval once printed "5 variants ... 50 games" for notebook 11's first study where the stored output
said 3 and 30 on a machine at load 12–16. A study's proposals may depend only on its seeds: not on
how busy the machine is, which worker finishes first, or how long anything takes. These tests run
a study with its worker pool while other processes keep every core busy, and compare everything
it produced — the trials table, the report and the finalists' measures — with a run on a calm
machine. Nothing here waits on a clock: the hogs run until the study is done and are then stopped.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pandas as pd
import pytest

import lab
from lab.tune import tune
from tests.tools.peak_dice import PeakDice

HOG = "while True:\n    pass\n"


@contextmanager
def cpu_hogs(count: int) -> Iterator[list[subprocess.Popen[bytes]]]:
    """``count`` processes that spin on a CPU until the block ends (then they are stopped)."""
    procs = [subprocess.Popen([sys.executable, "-c", HOG]) for _ in range(count)]
    try:
        yield procs
    finally:
        for p in procs:
            p.kill()
        for p in procs:
            p.wait()


def _study(game: Any, space: dict[str, Any], targets: Any, **kw: Any) -> tuple[pd.DataFrame, str, list[Any]]:
    result = tune(game, space, targets, progress=False, **kw)
    measures = [(f.trial, f.variant, [m.to_dict() for m in f.measures]) for f in result.finalists]
    return result.trials, result.report(), measures


def _same(calm: tuple[pd.DataFrame, str, list[Any]], busy: tuple[pd.DataFrame, str, list[Any]]) -> None:
    pd.testing.assert_frame_equal(calm[0], busy[0])
    assert calm[1] == busy[1]
    assert calm[2] == busy[2]


def test_a_study_with_a_worker_pool_proposes_the_same_under_a_cpu_hog() -> None:
    space = {"x": {"low": 0, "high": 100}, "y": {"low": 0, "high": 100}, "noise": {"choices": [2, 6, 20]}}
    kw: dict[str, Any] = {"budget": 8, "games": 24, "final_games": 24, "finalists": 2, "seed": 7, "workers": 2}
    calm = _study(PeakDice(), space, ["max:score", "spread<=0.2"], **kw)
    with cpu_hogs(2 * (os.cpu_count() or 2)):
        busy = _study(PeakDice(), space, ["max:score", "spread<=0.2"], **kw)
    _same(calm, busy)


def test_notebook_11s_memcel_study_is_the_same_under_a_cpu_hog_with_and_without_workers() -> None:
    """The notebook's first study (smaller: 12 proposals), on 1 and on 2 workers, calm and busy."""
    rings = [[{"colour": c, "sectors": s} for c in ("red", "green", "blue")] for s in (16, 20, 24)]
    tiles = [{"red": k, "green": k, "blue": k, "orange": k, "imprevisto": 8} for k in (10, 13, 16)]
    space = {"players": {"choices": [3, 4]}, "ring_layout": {"choices": rings}, "tile_counts": {"choices": tiles},
             "card_after_success": {"choices": [True, False]}}
    game = lab.load("memcel", max_turns=120)
    kw: dict[str, Any] = {"agents": "memory", "budget": 3, "games": 6, "final_games": 6, "finalists": 1, "seed": 1}
    calm = _study(game, space, ["minutes=20±2", "spread<=0.1"], **kw)
    with cpu_hogs(2 * (os.cpu_count() or 2)):
        busy = _study(game, space, ["minutes=20±2", "spread<=0.1"], **kw)
        busy_workers = _study(game, space, ["minutes=20±2", "spread<=0.1"], workers=2, **kw)
    _same(calm, busy)
    _same(calm, busy_workers)


@pytest.mark.parametrize("workers", [1, 2])
def test_a_hog_started_mid_study_changes_nothing(workers: int) -> None:
    """The hog starts after the third trial (a progress callback), so the study's first trials are
    calm and the rest busy: the proposals after it must not notice."""
    space = {"x": {"low": 0, "high": 100}, "y": {"low": 0, "high": 100}}
    kw: dict[str, Any] = {"budget": 7, "games": 16, "final_games": 16, "finalists": 2, "seed": 3, "workers": workers}
    calm = _study(PeakDice(), space, "max:score", **kw)
    started: list[subprocess.Popen[bytes]] = []

    def start_hog(event: Any) -> None:
        if event.done == 3 and not started:
            started.extend(subprocess.Popen([sys.executable, "-c", HOG]) for _ in range(2 * (os.cpu_count() or 2)))

    try:
        result = tune(PeakDice(), space, "max:score", progress=start_hog, **kw)
    finally:
        for p in started:
            p.kill()
            p.wait()
    assert started, "the hog never started"
    busy = (result.trials, result.report(), [(f.trial, f.variant, [m.to_dict() for m in f.measures])
                                              for f in result.finalists])
    _same(calm, busy)
