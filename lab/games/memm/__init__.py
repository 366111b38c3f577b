"""memm: 36 colour cubes joined face to face in 3D (RULES.md section 4)."""

from __future__ import annotations

from lab.games.memm.rules import MemmGame
from lab.games.memm.state import MemmState

__all__ = ["MemmGame", "MemmState"]
