"""Playwright's sync API, stopped so that a forked process cannot hang the stop.

Playwright stops its driver (a Node process) by closing the driver's standard input and waiting
for it to exit. A process forked after the driver started inherits the write end of that pipe:
lab's warm pool (:mod:`lab.sim.executors`, kept alive across runs and started with ``fork``) is
one. While such a process lives, the driver never sees the end of its input and the stop waits
for ever; the pool's workers wait for their parent, which waits in the stop. That is how a whole
``make test`` sat idle at its very end, on a quiet machine and under load, whenever the worker
that had run the browser tests went on to a test that started a warm pool.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from lab.sim.executors import shutdown_workers


@contextmanager
def playwright_session() -> Iterator[Any]:
    """``sync_playwright()`` whose exit first shuts down the warm pool forked while it ran."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        try:
            yield pw
        finally:
            shutdown_workers()  # its workers hold the driver's stdin open: the stop would wait for ever


def main(argv: list[str]) -> None:
    """``python -m tests.tools.playwright_session [--plain]``: start Playwright, fork a warm
    pool, stop (``--plain``: with ``sync_playwright()`` as it is, which hangs)."""
    from playwright.sync_api import sync_playwright

    import lab

    session = sync_playwright if "--plain" in argv else playwright_session
    with session():
        lab.simulate(lab.load("memm"), n_games=2, seed=0, workers=2, agents="random")
        print("stopping", file=sys.stderr, flush=True)
    print("stopped", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
