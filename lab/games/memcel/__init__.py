"""Memcel (RULES.md §1): a memory game on a board of rotating rings, for 2-4 players.

``lab.load("memcel", players=3)`` gives a :class:`MemcelGame`; its agents are ``"perfect"``
(perfect memory) and ``"memory"`` (human-like memory), besides the built-in ``"random"``.
"""

from __future__ import annotations

from lab.games.memcel.game import MemcelGame
from lab.games.memcel.state import MemcelState

__all__ = ["MemcelGame", "MemcelState"]
