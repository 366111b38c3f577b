"""Fiemme–Cembra, the speed card game (RULES.md §2): rules, agents, rendering, linter checks."""

from __future__ import annotations

from lab.games.fiemme_cembra.game import FiemmeCembraGame
from lab.games.fiemme_cembra.state import FiemmeCembraState

__all__ = ["FiemmeCembraGame", "FiemmeCembraState"]
