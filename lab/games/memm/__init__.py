"""memm: 36 colour cubes joined face to face in 3D (RULES.md section 4).

The package's modules, bottom up (each imports only those below it; pyproject.toml's import
contract ``memm-order`` checks it): ``components`` (the cubes), ``variant`` / ``rules`` /
``words`` (parameters and tables, rule points, vocabulary), ``position`` -> ``outcome`` ->
``turns`` -> ``state`` (the state, one concern per module), ``agents`` / ``render`` (players,
the presentation), and ``game``, which assembles them.
"""

from __future__ import annotations

from lab.games.memm.game import MemmGame
from lab.games.memm.state import MemmState

__all__ = ["MemmGame", "MemmState"]
