"""A hostile-input test module's tally: the cases it saw refused and the ones it accepts on
purpose, printed at the module's end (shown with ``pytest -s``)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
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
