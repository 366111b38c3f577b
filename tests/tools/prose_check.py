"""Does a notebook's prose state only what its outputs show?

nbval compares a notebook's outputs with the stored ones, never its markdown: a sentence
written after one run ("plays 19.4 minutes ... with 92 %") goes on claiming it after the code
prints something else. :func:`unsupported_claims` lists, per markdown cell, what the prose
states that no output shows:

- **numbers**: every number in the prose (``19.4``, ``92 %``, ``0.75``, ``1/3``) must appear in
  a code cell's output, or in a code cell's source (an input the reader can see: a budget, a
  target, a seed). Clause IDs (``FC-E2``, ``MC-2.1.2.2``), section numbers of headings and
  anything in backticks are not numbers of the prose;
- **verdicts**: every verdict word or phrase of :data:`VERDICTS` (``met``, ``equivalent``,
  ``no clear effect``, ``exists``, ``never``, ``holds``, ...) must appear in some output.

It cannot tell whether a sentence *means* what an output says; it catches the common failure —
prose that quotes figures or verdicts of an earlier run — and keeps conclusions where they
belong: printed by the cell that computes them. ``python -m tests.tools.prose_check NB ...``
prints the findings.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable
from pathlib import Path

import nbformat

#: Words and phrases that state a finding; prose may use one only if an output shows it too.
VERDICTS = (
    "not met", "met", "undecided", "equivalent", "no clear effect", "significant", "flagged",
    "exists", "holds", "never", "always", "clearly", "practically", "raises", "lowers", "lengthens",
    "shortens", "more wins", "fewer wins", "advantage", "disadvantage", "unreachable", "decides",
    "doubles", "halves", "fair", "unfair", "winnable",
)

_CODE_SPAN = re.compile(r"`[^`]*`")
_FENCE = re.compile(r"```.*?```", re.S)
_LINK = re.compile(r"\]\([^)]*\)|https?://\S+")
_HEADING_NUMBER = re.compile(r"^(#+\s*)(?:\d+(?:\.\d+)*\.?)\s*", re.M)
_CLAUSE = re.compile(r"\b[A-Z]{1,6}(?:-[A-Z]{1,6})*-[A-Z]{0,3}\d+(?:\.\d+)*\b")
_NUMBER = re.compile(r"(?<![\w.])[-+−]?\d+(?:[.,]\d+)*(?:\s?%)?(?![\w])")
_SPACE = re.compile(r"\s+")


def _normal(text: str) -> str:
    return _SPACE.sub(" ", text.replace("−", "-").replace("\u202f", " ").replace("\xa0", " ")).lower()


def _outputs(nb: nbformat.NotebookNode) -> str:
    parts: list[str] = []
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        for out in cell.get("outputs", []):
            if "text" in out:
                parts.append(str(out["text"]))
            data = out.get("data", {})
            for kind in ("text/plain", "text/markdown", "text/html"):
                if kind in data:
                    parts.append(str(data[kind]))
    return _normal("\n".join(parts))


def _sources(nb: nbformat.NotebookNode) -> str:
    return _normal("\n".join(c.source for c in nb.cells if c.cell_type == "code"))


def prose(text: str) -> str:
    """A markdown cell's text without code, links, heading numbers and clause IDs."""
    text = _FENCE.sub(" ", text)
    text = _CODE_SPAN.sub(" ", text)
    text = _LINK.sub(" ", text)
    text = _HEADING_NUMBER.sub(r"\1", text)
    return _CLAUSE.sub(" ", text)


def _forms(number: str) -> set[str]:
    """How a number of the prose may be printed: ``92 %`` as ``92%``, ``−0.5`` as ``-0.5``."""
    n = _normal(number).strip()
    bare = n.replace(" ", "")
    forms = {n, bare, bare.lstrip("+")}
    if bare.endswith("%"):
        forms.add(bare[:-1] + " %")
    return forms


def _shown(number: str, haystack: str) -> bool:
    for form in _forms(number):
        if re.search(r"(?<![\d.])" + re.escape(form) + r"(?![\d])", haystack):
            return True
    return False


def unsupported_claims(nb: nbformat.NotebookNode, verdicts: Iterable[str] = VERDICTS) -> list[str]:
    """What the markdown cells state that no output shows, as ``"cell N: ..."`` lines."""
    outputs, sources = _outputs(nb), _sources(nb)
    found = []
    for index, cell in enumerate(nb.cells):
        if cell.cell_type != "markdown":
            continue
        text = prose(cell.source)
        numbers = [m.group(0) for m in _NUMBER.finditer(text)]
        for number in numbers:
            if not (_shown(number, outputs) or _shown(number, sources)):
                found.append(f"cell {index}: the number {number.strip()!r} is in no output or code of the notebook")
        plain = _normal(text)
        for word in verdicts:
            pattern = r"\b" + re.escape(word) + r"\b"
            if re.search(pattern, plain) and not re.search(pattern, outputs):
                found.append(f"cell {index}: the verdict {word!r} is in no output of the notebook")
    return found


def main(argv: list[str]) -> int:
    bad = 0
    for path in argv:
        for line in unsupported_claims(nbformat.read(Path(path), as_version=4)):
            print(f"{path}: {line}")
            bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
