"""Save the Space Station: the solo hex wargame (RULES.md section 3)."""

from __future__ import annotations

from lab.games.space_station.board import Geometry, default_entry_points, geometry_for
from lab.games.space_station.game import SpaceStationGame
from lab.games.space_station.observe import state_from_observation
from lab.games.space_station.state import SpaceStationState

__all__ = [
    "Geometry",
    "SpaceStationGame",
    "SpaceStationState",
    "default_entry_points",
    "geometry_for",
    "state_from_observation",
]
