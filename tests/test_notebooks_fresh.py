"""Stored notebooks are fresh: executed from top to bottom after their last edit, no widget state."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from tests.tools.run_notebooks import META_KEY, NOTEBOOKS, source_hash

PATHS = sorted(NOTEBOOKS.glob("*.ipynb"))


@pytest.mark.parametrize("path", PATHS, ids=[p.name for p in PATHS])
def test_notebook_outputs_are_not_stale(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    stored = nb.metadata.get(META_KEY, {}).get("source_hash")
    assert stored == source_hash(nb), f"{path.name} was edited without re-running: run `make notebooks`"
    counts = [c.execution_count for c in nb.cells if c.cell_type == "code" and c.source.strip()]
    assert counts == list(range(1, len(counts) + 1)), f"{path.name} was not run top to bottom"


@pytest.mark.parametrize("path", PATHS, ids=[p.name for p in PATHS])
def test_notebook_carries_no_widget_state_and_stays_small(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    assert "widgets" not in nb.metadata
    assert path.stat().st_size < 2_000_000, f"{path.name} is {path.stat().st_size} bytes"


def test_the_notebook_set_is_complete() -> None:
    names = {p.name for p in PATHS}
    expected = {"00_tour.ipynb", "01_memcel.ipynb", "02_fiemme_cembra.ipynb", "03_space_station.ipynb", "04_memm.ipynb"}
    missing = expected - names
    assert not missing, f"missing notebooks: {sorted(missing)}"
    assert any(n.startswith("1") for n in names), "an experiments notebook (10_...) is missing"
