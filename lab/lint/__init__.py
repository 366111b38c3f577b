"""The rules linter: component accounting, reachability and cycles of play, from each game's own tables.

``lab.lint(game)`` runs the checks the game declares in :meth:`Game.accounting`
(:mod:`lab.lint.checks`) and returns the :class:`~lab.lint.checks.Finding` s, errors first.
"""

from __future__ import annotations

from typing import Any

from lab.lint.checks import (
    Conservation,
    CycleWitness,
    Divisible,
    Enough,
    Finding,
    NoProgress,
    Note,
    Reachable,
    StatedTotal,
)

_ORDER = {"error": 0, "warning": 1, "info": 2}


def lint(game: Any) -> list[Finding]:
    """Findings for ``game`` (a :class:`~lab.core.game.Game`), errors first."""
    findings: list[Finding] = []
    for check in game.accounting():
        findings.extend(check.run())
    return sorted(findings, key=lambda f: (_ORDER.get(f.severity, 3), f.id))


__all__ = [
    "Conservation", "CycleWitness", "Divisible", "Enough", "Finding", "NoProgress", "Note", "Reachable",
    "StatedTotal", "lint",
]
