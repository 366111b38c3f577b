"""``import lab`` loads nothing heavy; a first use pays its own import (issue #36, defect 10).

The start-up time itself is a benchmark (``python -m benchmarks.import_time``, target <= 1 s of
CPU), never a timed test. These tests check what makes it small, in fresh interpreters: which
modules ``import lab`` loads (before the fix: pandas, scipy.stats and statsmodels, eagerly), and
that each public name still resolves and loads what it needs when first used.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import lab

HEAVY = ("pandas", "scipy", "scipy.stats", "statsmodels", "networkx", "numpy", "ipywidgets", "IPython", "pyspiel")


def _loaded_after(statement: str) -> list[str]:
    """The modules of ``HEAVY`` loaded after ``import lab`` and ``statement`` in a fresh interpreter."""
    code = (
        "import sys, json, lab\n"
        f"{statement}\n"
        f"print(json.dumps([m for m in {HEAVY!r} if m in sys.modules]))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return list(json.loads(done.stdout.strip().splitlines()[-1]))


def test_import_lab_loads_no_statistics_tables_graphs_or_notebook_modules() -> None:
    assert _loaded_after("pass") == []


@pytest.mark.parametrize(
    ("statement", "needs", "spared"),
    [
        ("lab.play(lab.load('memcel'), seed=1)", {"numpy", "networkx"}, {"pandas", "scipy.stats", "statsmodels"}),
        ("lab.simulate", {"pandas"}, {"scipy.stats", "statsmodels"}),
        ("lab.compare", {"pandas", "scipy.stats", "statsmodels"}, set()),
    ],
)
def test_the_first_use_of_a_name_pays_its_own_import(statement: str, needs: set[str], spared: set[str]) -> None:
    loaded = set(_loaded_after(statement))
    assert needs <= loaded, f"{statement} did not load {needs - loaded}"
    assert not (spared & loaded), f"{statement} loaded {spared & loaded}, which it does not use"


def test_every_public_name_resolves_and_is_listed() -> None:
    for name in lab.__all__:
        assert getattr(lab, name) is not None, name
    assert set(lab.__all__) <= set(dir(lab))
