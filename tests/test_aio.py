"""tests.tools.aio: a coroutine runs to its end even where an event loop already runs (the
browser tests' Playwright keeps one running in the pytest worker's main thread)."""

from __future__ import annotations

import asyncio

import pytest

from tests.tools.aio import run_coroutine


async def _double(x: int) -> int:
    await asyncio.sleep(0)
    return 2 * x


async def _fail() -> None:
    msg = "from the coroutine"
    raise ValueError(msg)


def test_run_coroutine_inside_a_running_loop() -> None:
    async def outer() -> int:  # runs in a loop of its own thread: this worker may hold Playwright's
        refused = _double(1)
        with pytest.raises(RuntimeError, match="running event loop"):
            asyncio.run(refused)  # what the playtable tests hit under xdist
        refused.close()
        return run_coroutine(_double(21))

    assert run_coroutine(outer) == 42


def test_run_coroutine_takes_a_factory_and_raises_the_coroutines_error() -> None:
    assert run_coroutine(lambda: _double(4)) == 8
    with pytest.raises(ValueError, match="from the coroutine"):
        run_coroutine(_fail())
