"""benchmarks.contract_cost still finds every piece of the aliasing contract's run-time work (#16)."""

from __future__ import annotations

from pathlib import Path

from benchmarks.contract_cost import EDITS, write_variant

ROOT = Path(__file__).resolve().parents[1]


def test_every_edit_applies_to_this_tree(tmp_path: Path) -> None:
    write_variant(ROOT, tmp_path)  # exits with a message when an edit's text is not found once
    for name, old, new in EDITS:
        text = (tmp_path / name).read_text()
        assert old not in text and (not new or new in text), name
    assert "freeze(" not in (tmp_path / "lab/core/state.py").read_text()
