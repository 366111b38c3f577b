"""The test suite's waits: a CPU budget that load does not change, and an allowance for stalls."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.tools import patience


def test_a_child_within_its_budget_returns_its_output_and_exit_code() -> None:
    done = patience.run([sys.executable, "-c", "import sys; print('x' * 200000); sys.exit(3)"],
                        cpu=30)
    assert done.returncode == 3 and done.stdout.strip() == "x" * 200000


def test_input_reaches_the_child() -> None:
    done = patience.run([sys.executable, "-c", "print(input()[::-1])"], cpu=30, input="abc\n")
    assert done.stdout.strip() == "cba"


def test_a_runaway_child_is_stopped_by_its_cpu_budget() -> None:
    with pytest.raises(patience.Exhausted, match="of CPU"):
        patience.run([sys.executable, "-c", "while True: pass"], cpu=1.0, idle=1000)


def test_a_stalled_child_is_stopped_by_the_load_adjusted_allowance() -> None:
    with pytest.raises(patience.Exhausted, match="too little progress"):
        patience.run([sys.executable, "-c", "import time; time.sleep(600)"], cpu=0.5, idle=2)


def test_wait_stops_a_stalled_child() -> None:
    proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
    with pytest.raises(patience.Exhausted):
        patience.wait(proc, cpu=0.5, idle=2)
    assert proc.poll() is not None


def test_scaled_never_shortens_a_wait() -> None:
    assert patience.load_factor() >= 1.0 and patience.scaled(10) >= 10
