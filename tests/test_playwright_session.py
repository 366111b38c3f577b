"""The browser tests' Playwright stops even when a warm pool was forked after it started.

A whole ``make test`` once sat idle at its end: the worker that had run the browser tests went
on to a test that started lab's warm pool (forked), and at the session's end Playwright's stop
waited for its driver to see the end of its input, which the pool's workers held open
(:mod:`tests.tools.playwright_session`). The fixture now shuts the pool down first.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.tools import patience

ROOT = Path(__file__).resolve().parents[1]


def _stop(*extra: str, cpu: float, idle: float = 3.0) -> subprocess.CompletedProcess[str]:
    return patience.run([sys.executable, "-m", "tests.tools.playwright_session", *extra], cpu=cpu, idle=idle, cwd=ROOT)


def test_the_browser_fixtures_playwright_stops_with_a_warm_pool_forked_while_it_ran() -> None:
    done = _stop(cpu=60)
    assert done.returncode == 0 and done.stdout.strip() == "stopped" and "stopping" in done.stderr, done.stderr[-2000:]


def test_a_plain_sync_playwright_waits_for_ever_in_the_same_place() -> None:
    """The planted fault: the same run with ``sync_playwright()`` as it is never stops (a
    deadlock uses no CPU: the load-adjusted wait runs out)."""
    with pytest.raises(patience.Exhausted, match="made too little progress") as caught:
        _stop("--plain", cpu=5, idle=2.0)
    assert "stopping" in str(caught.value)  # it hung in the stop, not before
