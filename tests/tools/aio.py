"""Run a coroutine to its end from synchronous test code, whatever else runs in the thread.

Playwright's sync API (the browser tests' session-wide fixture) keeps an event loop running in
the main thread of the pytest worker that started it; ``asyncio.run`` refuses to start there
("cannot be called from a running event loop"), so which tests failed depended on which worker
xdist had given them.  A coroutine run here gets a thread and an event loop of its own.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable
from typing import Any


def run_coroutine(coro: Awaitable[Any] | Callable[[], Awaitable[Any]]) -> Any:
    """Run ``coro`` (a coroutine, or a function making one) on a fresh thread and return its value.

    An exception raised by the coroutine is raised here, with its own traceback.
    """
    out: dict[str, Any] = {}

    async def main() -> Any:
        return await (coro() if callable(coro) else coro)

    def target() -> None:
        try:
            out["value"] = asyncio.run(main())
        except BaseException as exc:  # noqa: BLE001 - handed back to the caller
            out["error"] = exc

    thread = threading.Thread(target=target, name="run_coroutine")
    thread.start()
    thread.join()
    if "error" in out:
        raise out["error"]
    return out["value"]
