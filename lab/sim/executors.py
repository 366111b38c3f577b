"""Where simulation chunks run: in this process, a local process pool, or a Dask cluster.

Every backend gets the same tasks (a function and plain-data arguments) and hands results back
keyed by chunk index, so the caller can reassemble them in a fixed order: the table never
depends on which worker finished first.

Supported executors
-------------------
- ``None`` with ``workers`` in (None, 1): run in this process (no set-up, no pickling).
- ``None`` with ``workers > 1``: a :class:`concurrent.futures.ProcessPoolExecutor` owned by the
  call and shut down at the end.
- any :class:`concurrent.futures.Executor` (process or thread pool) the caller owns.
- a Dask ``distributed.Client`` (anything with ``submit`` and ``scheduler_info``): tasks are
  submitted with ``pure=False`` and collected with ``distributed.as_completed``.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from typing import Any

Task = tuple[Any, ...]


def is_dask_client(executor: Any) -> bool:
    """Whether ``executor`` looks like a ``dask.distributed.Client`` (duck-typed, no import)."""
    return hasattr(executor, "scheduler_info") and hasattr(executor, "submit") and hasattr(
        executor, "gather"
    )


def executor_width(executor: Any, workers: int | None = None) -> int:
    """How many tasks can run at once on ``executor`` (or with ``workers`` local processes)."""
    if executor is None:
        return max(1, int(workers or 1))
    if is_dask_client(executor):
        try:
            return max(1, sum(executor.nthreads().values()))
        except (AttributeError, TypeError, ValueError, OSError):
            return 1
    width = getattr(executor, "_max_workers", None)
    return max(1, int(width or os.cpu_count() or 1))


def check_executor(executor: Any, workers: int | None) -> int:
    """Validate ``workers`` / ``executor``; return the number of local workers (1 if remote).

    Raises
    ------
    ValueError
        If ``workers`` is not a whole number >= 1, or ``executor`` cannot run tasks.
    """
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int) or workers < 1):
        raise ValueError(f"workers must be a whole number >= 1 (or None), got {workers!r}")
    if executor is not None and not (isinstance(executor, Executor) or is_dask_client(executor)):
        msg = (
            "executor must be a concurrent.futures.Executor or a dask.distributed.Client, "
            f"not {type(executor).__name__}"
        )
        raise ValueError(msg)
    return 1 if workers is None else workers


def chunk_ranges(n: int, size: int) -> list[range]:
    """``range(n)`` cut into consecutive ranges of at most ``size`` items."""
    size = max(1, int(size))
    return [range(start, min(n, start + size)) for start in range(0, n, size)]


def default_chunk_size(n_items: int, width: int, *, per_worker: int = 4, cap: int = 500) -> int:
    """About ``per_worker`` tasks per worker, at most ``cap`` items per task, at least 1.

    Chunks keep the scheduler overhead small (Dask handles a few hundred tiny tasks per second)
    while leaving enough tasks to balance uneven game lengths and to move a progress bar.
    """
    if width <= 1:
        return max(1, min(cap, n_items))
    return max(1, min(cap, -(-n_items // (per_worker * width))))


def run_tasks(
    fn: Callable[..., Any],
    tasks: Sequence[Task],
    *,
    executor: Any = None,
    workers: int | None = None,
) -> Iterator[tuple[int, Any]]:
    """Run ``fn(*task)`` for every task; yield ``(task_index, result)`` as tasks finish.

    The order of the yielded pairs may vary between runs and backends; callers that need a
    deterministic result sort by the index. An exception raised by a task is re-raised here
    (remaining tasks are cancelled).
    """
    n_workers = check_executor(executor, workers)
    if executor is None and n_workers == 1:
        for i, task in enumerate(tasks):
            yield i, fn(*task)
        return
    if executor is None:
        with ProcessPoolExecutor(max_workers=min(n_workers, max(1, len(tasks)))) as pool:
            yield from _run_futures(pool, fn, tasks)
        return
    if is_dask_client(executor):
        yield from _run_dask(executor, fn, tasks)
        return
    yield from _run_futures(executor, fn, tasks)


def _run_futures(pool: Executor, fn: Callable[..., Any], tasks: Sequence[Task]) -> Iterator[tuple[int, Any]]:
    futures = {pool.submit(fn, *task): i for i, task in enumerate(tasks)}
    try:
        for fut in as_completed(futures):
            yield futures[fut], fut.result()
    finally:
        for fut in futures:
            fut.cancel()


def _run_dask(client: Any, fn: Callable[..., Any], tasks: Sequence[Task]) -> Iterator[tuple[int, Any]]:
    from distributed import as_completed as dask_as_completed

    futures = [client.submit(fn, *task, pure=False) for task in tasks]
    index = {fut.key: i for i, fut in enumerate(futures)}
    try:
        for fut in dask_as_completed(futures):
            yield index[fut.key], fut.result()
    finally:
        for fut in futures:
            fut.cancel()
