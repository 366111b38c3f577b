"""The import contracts (ARCHITECTURE.md, ``[tool.importlinter]`` in pyproject.toml) hold, the
import graph has no cycle at all, and a planted import back up is caught.

Every import statement counts: at the top of a module, inside a function (a "lazy" import) and
under ``if TYPE_CHECKING:`` (``exclude_type_checking_imports = false``).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import grimp
import networkx as nx
import pytest

from tests.tools import patience

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("lab", "widgets", "playtable")
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


def _lint_imports(cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return patience.run([str(LINT_IMPORTS), "--no-cache"], cpu=300, cwd=cwd, env=env)


def test_every_import_contract_is_kept() -> None:
    run = _lint_imports(ROOT)
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    assert "0 broken" in run.stdout or "broken" not in run.stdout.split("Contracts:")[-1], run.stdout[-3000:]


def test_the_contracts_have_no_escape_hatch() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    assert config["exclude_type_checking_imports"] is False  # type-only imports count
    assert [c["id"] for c in config["contracts"] if "ignore_imports" in c] == []
    assert {"layers", "games-independent", "acyclic"} <= {c["id"] for c in config["contracts"]}


def test_the_import_graph_has_no_cycle_at_all() -> None:
    """Module to module, packages' ``__init__`` included (the contracts check siblings; this
    checks the whole graph: a submodule importing its own package is a cycle too)."""
    graph = grimp.build_graph(*PACKAGES, exclude_type_checking_imports=False, cache_dir=None)
    g = nx.DiGraph()
    for module in graph.modules:
        for imported in graph.find_modules_directly_imported_by(module):
            g.add_edge(module, imported)
    cycles = [sorted(c) for c in nx.strongly_connected_components(g) if len(c) > 1]
    assert cycles == [], f"import cycles: {cycles}"


@pytest.mark.parametrize(
    ("module", "planted", "broken"),
    [
        # the core reaching up to the driver (a lazy import inside a function counts)
        ("lab/core/errors.py", "def _planted():\n    from lab.sim.play import play\n    return play\n", "Layers"),
        # a game importing another game
        ("lab/games/memm/components.py", "import lab.games.memcel\n", "Games never import each other"),
        # a type-only import back up
        ("lab/core/frozen.py", "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from lab.core.state import State\n", "No import cycles"),
    ],
)
def test_a_planted_import_back_up_is_caught(tmp_path: Path, module: str, planted: str, broken: str) -> None:
    for package in PACKAGES:
        shutil.copytree(ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("*.so", "static", "__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    target = tmp_path / module
    target.write_text(target.read_text() + "\n\n" + planted)
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}  # the copy comes first on the path
    run = _lint_imports(tmp_path, env)
    assert run.returncode != 0, run.stdout[-3000:]
    assert f"{broken}" in run.stdout.split("Broken contracts")[-1], run.stdout[-3000:]
