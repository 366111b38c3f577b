"""Tools of the hostile-input test modules: a module's tally of the cases it saw refused and the
ones it accepts on purpose, printed at its end (shown with ``pytest -s``), and a refusal
measured in CPU time and memory."""

from __future__ import annotations

import contextlib
import time
import tracemalloc
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from typing import Any

import pytest


def refusals(what: str) -> tuple[dict[str, int], dict[str, str], Callable[..., None], Any]:
    """``(COUNTS, ACCEPTED, _count, _print_counts)`` for a test module: ``_count(key, n=1)``
    adds ``n`` refused cases under ``key``; ``_print_counts``, bound to a name in the module,
    is the autouse fixture that prints "``<what>`` refused: ..." when the module ends."""
    counts: dict[str, int] = {}
    accepted: dict[str, str] = {}

    @pytest.fixture(autouse=True, scope="module")
    def _print_counts() -> Iterator[None]:
        yield
        print(f"\n{what} refused: {counts} (total {sum(counts.values())}); accepted on purpose: {accepted}")

    def count(key: str, n: int = 1) -> None:
        counts[key] = counts.get(key, 0) + n

    return counts, accepted, count, _print_counts


def measured_refusal(call: Callable[[], Any], error: type[Exception] | tuple[type[Exception], ...],
                     guard: AbstractContextManager[Any] | None = None) -> tuple[str, float, int]:
    """Run ``call`` (inside ``guard``, if given); it must raise ``error``. Returns the error's
    message, the CPU seconds the call took and its peak of traced memory in bytes."""
    tracemalloc.start()
    started = time.process_time()
    try:
        with guard or contextlib.nullcontext(), pytest.raises(error) as info:
            call()
    finally:
        took = time.process_time() - started
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    return str(info.value), took, peak
