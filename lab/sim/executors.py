"""Where simulation chunks run: in this process, a warm local process pool, or a Dask cluster.

Every backend gets the same tasks (a function and plain-data arguments) and hands results back
keyed by chunk index, so the caller can reassemble them in a fixed order: the table never
depends on which worker finished first. Tasks are drawn from an iterator as workers free up (at
most a few per worker in flight), so a run of any length never builds its task list up front.

Supported executors
-------------------
- ``None`` with ``workers`` in (None, 1): run in this process (no set-up, no pickling).
- ``None`` with ``workers > 1``: the session's *warm pool*, a
  :class:`concurrent.futures.ProcessPoolExecutor` started on first use and kept alive across
  ``simulate``/``compare``/``sweep``/``tune`` calls (start-up is paid once per session). It is
  shut down by :func:`shutdown_workers`, at interpreter exit, or at the end of a
  :func:`worker_pool` block. ``workers`` is capped at the machine's usable cores (with a
  warning); pass an executor to use more.
- any :class:`concurrent.futures.Executor` (process or thread pool, any start method) the
  caller owns.
- a Dask ``distributed.Client`` (anything with ``submit`` and ``scheduler_info``): tasks are
  submitted with ``pure=False`` and collected with ``distributed.as_completed``.

Structured shutdown
-------------------
Warm-pool workers watch their parent: a worker whose parent process is gone (killed by SIGTERM,
SIGHUP or SIGKILL, or exited without cleaning up) exits within a fraction of a second instead of
lingering as an orphan holding the parent's terminal open.
"""

from __future__ import annotations

import atexit
import multiprocessing
import os
import threading
import time
import warnings
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from typing import Any

Task = tuple[Any, ...]

#: Tasks kept in flight per worker: enough to keep every worker busy, few enough to stay lazy.
IN_FLIGHT_PER_WORKER = 4
#: How often (seconds) a warm-pool worker checks that its parent is still alive.
PARENT_POLL_SECONDS = 0.2


def usable_cores() -> int:
    """The CPU cores this process may run on (its affinity mask where the OS has one)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


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

    Without an executor, ``workers`` above the machine's usable cores is capped at the cores
    with a :class:`UserWarning` (more processes than cores only add start-up and memory).

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
    n = 1 if workers is None else workers
    if executor is None and n > usable_cores():
        cores = usable_cores()
        warnings.warn(
            f"workers={n} capped at {cores}, the machine's usable cores; pass executor= "
            "(a process pool or a Dask client) to run more processes",
            UserWarning,
            stacklevel=3,
        )
        n = cores
    return n


def chunk_ranges(n: int, size: int) -> Iterator[range]:
    """``range(n)`` cut into consecutive ranges of at most ``size`` items, made one at a time."""
    size = max(1, int(size))
    start = 0
    while start < n:
        yield range(start, min(n, start + size))
        start += size


def default_chunk_size(n_items: int, width: int, *, per_worker: int = 4, cap: int = 500) -> int:
    """About ``per_worker`` tasks per worker, at most ``cap`` items per task, at least 1.

    Chunks keep the scheduler overhead small (Dask handles a few hundred tiny tasks per second)
    while leaving enough tasks to balance uneven game lengths and to move a progress bar.
    """
    if width <= 1:
        return max(1, min(cap, n_items))
    return max(1, min(cap, -(-n_items // (per_worker * width))))


# ---------------------------------------------------------------------- the warm pool
_LOCK = threading.Lock()
_WARM: dict[str, Any] = {"pool": None, "key": None}


def _watch_parent(parent: int) -> None:
    while True:
        time.sleep(PARENT_POLL_SECONDS)
        if os.getppid() != parent:
            os._exit(0)  # the parent is gone: an orphan worker serves nobody


def _worker_init() -> None:
    """Warm-pool worker start-up: exit when the parent process dies (SIGTERM, SIGHUP, SIGKILL)."""
    threading.Thread(target=_watch_parent, args=(os.getppid(),), daemon=True, name="lab-parent-watch").start()


def _context(name: str | None) -> Any:
    if name is None:
        return None
    if name not in multiprocessing.get_all_start_methods():
        allowed = ", ".join(multiprocessing.get_all_start_methods())
        raise ValueError(f"start method {name!r} is not available here; choose one of {allowed}")
    return multiprocessing.get_context(name)


def new_pool(workers: int, context: str | None = None) -> ProcessPoolExecutor:
    """A process pool of ``workers`` processes whose workers die with this process."""
    return ProcessPoolExecutor(max_workers=workers, mp_context=_context(context), initializer=_worker_init)


def warm_pool(workers: int, context: str | None = None) -> ProcessPoolExecutor:
    """The session's process pool of ``workers`` processes (started on first use, then reused).

    Asking for another size or start method replaces the warm pool.
    """
    key = (workers, context)
    with _LOCK:
        pool = _WARM["pool"]
        if pool is not None and (_WARM["key"] != key or getattr(pool, "_broken", False)):
            _stop(pool)
            pool = None
        if pool is None:
            pool = new_pool(workers, context)
            _WARM["pool"], _WARM["key"] = pool, key
        return pool


def _stop(pool: ProcessPoolExecutor, *, kill: bool = False) -> None:
    if kill:
        for proc in list((getattr(pool, "_processes", None) or {}).values()):
            proc.terminate()
    pool.shutdown(wait=True, cancel_futures=True)


def shutdown_workers(*, kill: bool = False) -> None:
    """Shut down the session's warm worker pool (a later parallel run starts a new one).

    ``kill=True`` terminates running tasks instead of waiting for them.
    """
    with _LOCK:
        pool, _WARM["pool"], _WARM["key"] = _WARM["pool"], None, None
    if pool is not None:
        _stop(pool, kill=kill)


atexit.register(shutdown_workers)


@contextmanager
def worker_pool(workers: int, context: str | None = None) -> Iterator[ProcessPoolExecutor]:
    """The warm pool of ``workers`` processes for the block, shut down when it ends.

    Inside the block, ``simulate(..., workers=workers)`` (and ``compare``, ``sweep``, ``tune``)
    reuse the pool; ``context`` picks the start method ("fork", "spawn", "forkserver").
    """
    workers = check_executor(None, workers)
    pool = warm_pool(workers, context)
    try:
        yield pool
    finally:
        shutdown_workers()


def active_context() -> str | None:
    """The start method of the current warm pool (None: no pool or the platform default)."""
    key = _WARM["key"]
    return None if key is None else key[1]


# ---------------------------------------------------------------------- running tasks
def run_tasks(
    fn: Callable[..., Any],
    tasks: Iterable[Task],
    *,
    executor: Any = None,
    workers: int | None = None,
) -> Iterator[tuple[int, Any]]:
    """Run ``fn(*task)`` for every task; yield ``(task_index, result)`` as tasks finish.

    ``tasks`` may be a lazy iterator: at most :data:`IN_FLIGHT_PER_WORKER` tasks per worker are
    submitted ahead. The order of the yielded pairs may vary between runs and backends; callers
    that need a deterministic result sort by the index. An exception raised by a task is
    re-raised here (tasks not yet started are cancelled).
    """
    n_workers = check_executor(executor, workers)
    if executor is None and n_workers == 1:
        for i, task in enumerate(tasks):
            yield i, fn(*task)
        return
    window = IN_FLIGHT_PER_WORKER * executor_width(executor, n_workers)
    if executor is None:
        pool = warm_pool(n_workers, active_context())
        try:
            yield from _run_futures(pool, fn, tasks, window)
        except BaseException as exc:
            if not isinstance(exc, Exception | GeneratorExit):
                shutdown_workers(kill=True)  # interrupted: stop the work, not only the queue
            elif getattr(pool, "_broken", False):
                shutdown_workers()
            raise
        return
    if is_dask_client(executor):
        yield from _run_dask(executor, fn, tasks, window)
        return
    yield from _run_futures(executor, fn, tasks, window)


def _run_futures(
    pool: Executor, fn: Callable[..., Any], tasks: Iterable[Task], window: int
) -> Iterator[tuple[int, Any]]:
    source = enumerate(tasks)
    pending: dict[Future[Any], int] = {}

    def fill() -> None:
        for i, task in source:
            pending[pool.submit(fn, *task)] = i
            if len(pending) >= window:
                return

    try:
        fill()
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for fut in done:
                i = pending.pop(fut)
                yield i, fut.result()
            fill()
    finally:
        for fut in pending:
            fut.cancel()


def _run_dask(client: Any, fn: Callable[..., Any], tasks: Iterable[Task], window: int) -> Iterator[tuple[int, Any]]:
    from distributed import as_completed as dask_as_completed

    source = enumerate(tasks)
    index: dict[str, int] = {}
    started = []
    for i, task in source:
        fut = client.submit(fn, *task, pure=False)
        index[fut.key] = i
        started.append(fut)
        if len(started) >= window:
            break
    queue = dask_as_completed(started)
    live = {fut.key: fut for fut in started}
    try:
        for fut in queue:
            live.pop(fut.key, None)
            yield index.pop(fut.key), fut.result()
            nxt = next(source, None)
            if nxt is not None:
                new = client.submit(fn, *nxt[1], pure=False)
                index[new.key] = nxt[0]
                live[new.key] = new
                queue.add(new)
    finally:
        for fut in live.values():
            fut.cancel()
