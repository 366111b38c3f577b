"""The lab's own games, by name: where each lives (module, class). Pure data, at the bottom of
the core: the registry imports them on first use (:mod:`lab.core.registry`), and the save
writer (:mod:`lab.core.save_write`) asks whether a game is one of them.
"""

from __future__ import annotations

# name -> (module, class). A game is registered once its package exists.
_BUILTIN: dict[str, tuple[str, str]] = {
    "memcel": ("lab.games.memcel.game", "MemcelGame"),
    "fiemme_cembra": ("lab.games.fiemme_cembra", "FiemmeCembraGame"),
    "space_station": ("lab.games.space_station", "SpaceStationGame"),
    "memm": ("lab.games.memm.game", "MemmGame"),
}


def built_in(name: str) -> bool:
    """Whether ``name`` is one of the lab's own games (always found by name)."""
    return name in _BUILTIN
