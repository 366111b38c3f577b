"""Notebook prose states only what the notebook's outputs show (issue 37, item 9).

nbval checks outputs, not markdown: a conclusion written after one run kept claiming its
figures after the code printed others. These notebooks print every conclusion from the cell
that computes it; their markdown may state a number only if an output (or the code, as an
input) shows it, and a verdict word only if an output does (:mod:`tests.tools.prose_check`).
"""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

from tests.tools.prose_check import prose, unsupported_claims

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
CHECKED = ("10_experiments.ipynb", "11_autopilot.ipynb")


@pytest.mark.parametrize("name", CHECKED)
def test_every_number_and_verdict_of_the_prose_is_printed_by_the_notebook(name: str) -> None:
    found = unsupported_claims(nbformat.read(NOTEBOOKS / name, as_version=4))
    assert not found, "\n".join(found)


def _notebook(markdown: str, output: str, source: str = "print(report)") -> nbformat.NotebookNode:
    cell = new_code_cell(source)
    cell.outputs = [new_output("stream", name="stdout", text=output)]
    return new_notebook(cells=[cell, new_markdown_cell(markdown)])


def test_the_check_catches_the_prose_of_an_earlier_run() -> None:
    """The audit's case: notebook 11's conclusion against what its cell printed."""
    printed = ("minutes=20±2                  9.895  95% [9.448, 10.34] NOT met, sure 0%\n"
               "spread<=0.1                    0.15  95% [0.1, 0.5] NOT met, sure 8%\n")
    old = ("**Conclusion (small budget).** The winner plays 19.4 minutes on 20 fresh games — within "
           "20 ± 2 with 92 % of the bootstrap replicates, although its interval [17.6, 21.3] still "
           "reaches below 18. The seat spread is *not* shown to be below 0.1 (sure: 6 %).")
    found = unsupported_claims(_notebook(old, printed, "targets = ['minutes=20±2', 'spread<=0.1']"))
    text = "\n".join(found)
    for claim in ("'19.4'", "'92 %'", "'17.6'", "'21.3'", "'6 %'"):
        assert claim in text, text
    assert "'20'" not in text and "'0.1'" not in text  # shown by the code (the target) and the output


def test_the_check_catches_verdicts_no_output_shows() -> None:
    found = unsupported_claims(_notebook("Win rates move from never to always: a one-in-three variant exists.",
                                         "fighters=7: 0.4 [0.233, 0.567]"))
    assert {f.split("verdict ")[1].split(" ")[0] for f in found if "verdict" in f} == {"'never'", "'always'", "'exists'"}
    printed = "a one-in-three variant exists: fighters=7 wins 0.4 [0.233, 0.567]"
    assert not unsupported_claims(_notebook("The report says whether a one-in-three variant exists.", printed))


def test_code_clause_ids_and_heading_numbers_are_not_numbers_of_the_prose() -> None:
    text = prose("## 2. Fiemme–Cembra\nFC-E2 and MC-2.1.2.2 and AMB-SS-4 with `n_games=400` decide")
    assert not any(ch.isdigit() for ch in text), text
