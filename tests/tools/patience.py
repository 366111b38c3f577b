"""Waiting in tests without wall-clock guesses.

A test that runs a subprocess must not hang CI for ever, yet a fixed ``timeout=120`` is a guess
that a loaded machine breaks (a run that needs 40 s of CPU takes 300 s at load 16 on 2 cores).
Here a child is judged by the CPU time it uses, which load does not change:

* ``cpu`` seconds: the budget of CPU time of the child and all its descendants; exceeding it
  means a runaway (an endless loop), whatever the load.
* A child that makes no progress at all (a deadlock uses no CPU) is caught by a wall-clock
  allowance that grows with the load seen while waiting: ``idle`` seconds of wall time per
  second of CPU the machine could have given it. On a quiet machine a child with ``cpu=60``
  gets about ``60 * idle`` seconds; at load 16 on 2 cores, eight times that.

:func:`scaled` stretches an in-process wait (a Playwright timeout, an event wait) by the same
load factor.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import time
from collections.abc import Sequence
from typing import Any

import psutil

POLL = 0.25  # seconds between two looks at the child


def cores() -> int:
    """The cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def load_factor() -> float:
    """How many times slower than on a quiet machine a CPU-bound task runs now (>= 1)."""
    try:
        one_minute = os.getloadavg()[0]
    except OSError:  # pragma: no cover - no load average on this platform
        return 1.0
    return max(1.0, one_minute / cores())


def scaled(seconds: float) -> float:
    """``seconds`` of a quiet machine, stretched by the current load."""
    return seconds * load_factor()


def wait_ms(seconds: float) -> int:
    """A Playwright timeout (milliseconds): ``seconds`` of a quiet machine, stretched by the load."""
    return int(scaled(seconds) * 1000)


def _tree_cpu(proc: psutil.Process, seen: dict[int, float]) -> float:
    """CPU seconds used so far by ``proc`` and its descendants (the dead ones remembered)."""
    try:
        members = [proc, *proc.children(recursive=True)]
    except psutil.Error:
        members = [proc]
    for member in members:
        try:
            times = member.cpu_times()
        except psutil.Error:
            continue
        seen[member.pid] = times.user + times.system + times.children_user + times.children_system
    return sum(seen.values())


class Exhausted(AssertionError):
    """A child used up its CPU budget or stalled; its output so far is in the message."""


def run(
    args: Sequence[str], *, cpu: float, idle: float = 3.0, check: bool = False, **kwargs: Any
) -> subprocess.CompletedProcess[str]:
    """``subprocess.run(args, capture_output=True, text=True, **kwargs)`` with a CPU budget.

    Parameters
    ----------
    cpu : float
        CPU seconds the child (and its descendants) may use in all.
    idle : float
        Wall seconds allowed per CPU second of budget on a quiet machine; the allowance grows
        with the load observed while waiting.
    """
    kwargs.setdefault("text", True)
    stdin_text = kwargs.pop("input", None)
    if stdin_text is not None:
        kwargs["stdin"] = subprocess.PIPE
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kwargs)
    meter = _Meter(proc, cpu, idle)
    # communicate() drains the pipes in slices (a chatty child never blocks); a retry after
    # its timeout loses no output, and the last call returns all of it
    first = True
    while True:
        try:
            stdout, stderr = proc.communicate(input=stdin_text if first else None, timeout=POLL)
            break
        except subprocess.TimeoutExpired:
            first = False
        if meter.spent():
            used, allowance = meter.used, meter.allowance
            _, err = proc.communicate()
            why = (f"used {used:.0f} s of CPU (budget {cpu:.0f} s)" if used > cpu
                   else f"made too little progress ({used:.0f} s of CPU in {allowance:.0f} s "
                        f"of load-adjusted waiting)")
            msg = f"{' '.join(map(str, args))[:200]} {why}; stderr: {(err or '')[-2000:]}"
            raise Exhausted(msg)
    done = subprocess.CompletedProcess(args, proc.returncode, stdout, stderr)
    if check:
        done.check_returncode()
    return done


def wait(proc: subprocess.Popen[Any], *, cpu: float, idle: float = 3.0) -> int:
    """Wait for a running child as :func:`run` does; returns its exit code."""
    meter = _Meter(proc, cpu, idle)
    while True:
        try:
            return proc.wait(timeout=POLL)
        except subprocess.TimeoutExpired:
            pass
        if meter.spent():
            proc.wait()
            msg = f"pid {proc.pid}: {meter.used:.0f} s of CPU, {meter.allowance:.0f} s of load-adjusted waiting"
            raise Exhausted(msg)


class _Meter:
    """A running child's budget (see :func:`run`): the CPU its process tree has used and the
    load-adjusted wall time it has been waited for."""

    def __init__(self, proc: subprocess.Popen[Any], cpu: float, idle: float) -> None:
        self.watched = psutil.Process(proc.pid)
        self.seen: dict[int, float] = {}
        self.cpu = cpu
        self.idle = idle
        self.allowance = 0.0
        self.used = 0.0
        self.last = time.monotonic()

    def spent(self) -> bool:
        """After a wait: count it and read the CPU used; ``True``, with the tree killed, when
        the budget is spent."""
        now = time.monotonic()
        self.allowance += (now - self.last) / load_factor()
        self.last = now
        self.used = _tree_cpu(self.watched, self.seen)
        if self.used > self.cpu or self.allowance > self.cpu * self.idle:
            _kill_tree(self.watched)
            return True
        return False


def _kill_tree(proc: psutil.Process) -> None:
    try:
        members = [*proc.children(recursive=True), proc]
    except psutil.Error:
        members = [proc]
    for member in members:
        with contextlib.suppress(psutil.Error):
            member.kill()
