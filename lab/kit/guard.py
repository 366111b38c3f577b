"""A CPU-time guard for kit games: a step that runs on and on is stopped with a clear error.

The kit's steps (a move with its ``after`` and ``end``, the setup, a legality test) run the
designer's Python functions; a loop that never ends would hang a notebook or a simulation. The
kit notes in :data:`STEP` when a step starts and ends (two counter updates, cheap enough for the
hot path), and one watchdog thread per process looks a few times a second: when the same step
has been running for more than its game's limit of *CPU time* of the thread running it
(``define_game(max_seconds=...)``, :data:`DEFAULT_SECONDS` by default; a busy machine does not
count against it), it raises :class:`StepTimeout` in that thread. The kit restores the state
as it was before the step and raises :class:`~lab.core.errors.InvalidGame` naming the part.

``StepTimeout`` is a ``BaseException``: a designer's ``except Exception`` inside the loop does
not swallow it. It reaches Python code only: a step stuck inside one long C call (a huge
``sum(range(...))``) is stopped when that call returns.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import sys
import threading
import time

DEFAULT_SECONDS = 10.0
"""A kit step's CPU-time limit unless its definition sets ``max_seconds``."""
INTERVAL = 0.1
"""Seconds between the watchdog's looks."""

STEP: list[int] = [0, 0, 0, 0]
"""``[steps started + ended, steps running, thread id of the last started, its limit in ms]``."""


class StepTimeout(BaseException):  # noqa: N818 - a signal to the kit, turned into InvalidGame there
    """Raised asynchronously in a thread whose kit step ran past its CPU-time limit."""


_started = False
_lock = threading.Lock()


def _cpu_seconds(ident: int) -> float | None:
    """CPU seconds used so far by the thread ``ident`` (``None`` where the system cannot say,
    or when no thread of this process runs Python under that id: a thread that ended is never
    asked, its id may name freed memory)."""
    if ident not in sys._current_frames():
        return None
    try:
        return time.clock_gettime(time.pthread_getcpuclockid(ident))
    except (AttributeError, OSError, OverflowError, ValueError):
        return None


def _fire(ident: int) -> None:
    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(ident), ctypes.py_object(StepTimeout))


def _watch() -> None:
    seen = -1  # the step being timed (its counter value) and when timing started
    since_cpu: float | None = None
    since_wall = 0.0
    while True:
        time.sleep(INTERVAL)
        count, running, ident, limit_ms = STEP
        if running <= 0 or count != seen:
            seen = count if running > 0 else -1
            since_cpu = _cpu_seconds(ident) if running > 0 else None
            since_wall = time.monotonic()
            continue
        now = _cpu_seconds(ident)
        if now is not None and since_cpu is not None:
            used = now - since_cpu
        elif ident in sys._current_frames():  # no CPU clock here: wall time, a weaker bound
            used = time.monotonic() - since_wall
        else:
            continue  # the thread is gone
        if used * 1000.0 >= limit_ms and STEP[0] == count:
            _fire(ident)
            seen = -1  # time it again from now if it keeps running (a long C call)


def watch() -> None:
    """Start the watchdog thread of this process (once; again in a forked child)."""
    global _started
    if _started:
        return
    with _lock:
        if not _started:
            threading.Thread(target=_watch, name="rules-lab kit step guard", daemon=True).start()
            _started = True


def _forked() -> None:
    global _started, _lock
    _started = False  # the thread did not come along: the next kit game starts one
    _lock = threading.Lock()
    STEP[1] = 0


with contextlib.suppress(AttributeError):  # not on Windows
    os.register_at_fork(after_in_child=_forked)
