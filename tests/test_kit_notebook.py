"""notebooks/20_design_a_game.ipynb: Pig in at most 30 lines, Goofspiel and Kuhn poker in at most
40 (without comments and blank lines), and the games those cells define are the shipped ones
(lab.kit.examples): the same seeds give the same games."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import nbformat
import pytest

import lab
from lab.kit.examples import Goofspiel, Kuhn, Pig

NOTEBOOK = Path(__file__).resolve().parents[1] / "notebooks" / "20_design_a_game.ipynb"
LIMITS = {"# Pig in one cell": 30, "# Goofspiel in one cell": 40, "# Kuhn poker in one cell": 40}


def _cell(marker: str) -> str:
    nb = nbformat.read(NOTEBOOK, as_version=4)
    found = [c.source for c in nb.cells if c.cell_type == "code" and c.source.startswith(marker)]
    assert len(found) == 1, f"one code cell of {NOTEBOOK.name} must start with {marker!r}"
    return found[0]


def code_lines(source: str) -> int:
    """Lines that are neither blank nor only a comment."""
    return sum(1 for line in source.splitlines() if line.strip() and not line.strip().startswith("#"))


def test_code_lines_counts_neither_comments_nor_blank_lines() -> None:
    assert code_lines("# title\n\nx = 1  # note\n    # indented comment\ny = 2\n") == 2


@pytest.mark.parametrize("marker", list(LIMITS))
def test_the_game_fits_in_its_line_budget(marker: str) -> None:
    n = code_lines(_cell(marker))
    assert 0 < n <= LIMITS[marker], f"{marker!r}: {n} lines of code, at most {LIMITS[marker]}"


def _defined(marker: str, name: str) -> Any:
    namespace: dict[str, Any] = {"lab": lab}
    exec(compile(_cell(marker), str(NOTEBOOK), "exec"), namespace)  # the repository's own notebook
    return namespace[name]


@pytest.mark.parametrize(
    ("marker", "name", "shipped", "params"),
    [
        ("# Pig in one cell", "Pig", Pig, {"target": 30}),
        ("# Goofspiel in one cell", "Goofspiel", Goofspiel, {"cards": 6}),
        ("# Kuhn poker in one cell", "Kuhn", Kuhn, {}),
    ],
)
def test_the_notebook_game_plays_as_the_shipped_one(marker: str, name: str, shipped: Any, params: dict[str, Any]) -> None:
    inline = _defined(marker, name)
    for seed in range(5):
        a, b = lab.play(inline(**params), seed=seed), lab.play(shipped(**params), seed=seed)
        assert a.history() == b.history() and a.returns() == b.returns()
