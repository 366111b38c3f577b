"""``make notebooks``: re-execute every notebook in notebooks/ and store it with its outputs.

Each stored notebook records, in its metadata, a hash of its code cells' sources; the test
``tests/test_notebooks_fresh.py`` fails when a notebook was edited without being re-run. Widget
state is never stored (``store_widget_state=False``), so notebooks stay small.

Usage: ``python -m tests.tools.run_notebooks [NAME.ipynb | notebooks/NAME.ipynb ...]`` (no name: all)
"""

from __future__ import annotations

import hashlib
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
META_KEY = "rules_lab"


def source_hash(nb: nbformat.NotebookNode) -> str:
    """Hash of the code cells' sources, in order (what the outputs were computed from)."""
    h = hashlib.sha256()
    for cell in nb.cells:
        if cell.cell_type == "code":
            h.update(cell.source.encode())
            h.update(b"\0")
    return h.hexdigest()


def run_notebook(path: Path, timeout: int = 600) -> float:
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
            cell.metadata.pop("execution", None)
    start = time.perf_counter()
    client = NotebookClient(
        nb,
        timeout=timeout,
        kernel_name="python3",
        resources={"metadata": {"path": str(NOTEBOOKS)}},
        store_widget_state=False,
        record_timing=False,
    )
    client.execute()
    nb.metadata.pop("widgets", None)
    nb.metadata[META_KEY] = {"source_hash": source_hash(nb)}
    partial = path.with_name(f".{path.name}.partial")
    nbformat.write(nb, partial)
    partial.replace(path)  # a run interrupted while writing leaves the stored notebook whole
    return time.perf_counter() - start


def main(argv: list[str]) -> int:
    if any(a in ("-h", "--help") for a in argv):
        print(__doc__)
        return 0
    paths = [Path(a) if Path(a).is_file() else NOTEBOOKS / a for a in argv] or sorted(NOTEBOOKS.glob("*.ipynb"))
    missing = [str(p) for p in paths if not p.is_file()]
    if missing:
        print(f"run_notebooks: no such notebook: {', '.join(missing)} (names in {NOTEBOOKS})", file=sys.stderr)
        return 2
    for path in paths:
        took = run_notebook(path)
        print(f"{path.name}: executed in {took:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
