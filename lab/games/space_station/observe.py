"""Rebuild a state from an observation (for search agents).

Save the Space Station is a perfect-information solo game, so ``observation(0)`` carries the
whole public state. A search agent, which only ever sees observations, calls
:func:`state_from_observation` to get a :class:`SpaceStationState` it may clone and play forward
(with its own sampled dice); the rebuilt state has an empty history and event log.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lab.core.errors import InvalidSave
from lab.games.space_station.state import SpaceStationState
from lab.games.space_station.tables import SpaceStationTables


def _tuple(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuple(v) for v in value)
    return value


def state_from_observation(game: SpaceStationTables, obs: Mapping[str, Any]) -> SpaceStationState:
    """A state equal (in :meth:`~SpaceStationState.full_state`) to the observed one.

    Raises
    ------
    InvalidSave
        If the observation lacks a field or does not fit ``game`` (piece count).
    """
    try:
        state = SpaceStationState(game, start=False)
        n = game.n_pieces
        if len(obs["hexes"]) != n or len(obs["status"]) != n or len(obs["hp"]) != n:
            msg = f"observation has {len(obs['hexes'])} pieces; this variant has {n}"
            raise InvalidSave(msg)
        state.turn = int(obs["turn"])
        state.station_k = int(obs["station_k"])
        state.hexes = [int(h) for h in obs["hexes"]]
        state.status = [int(s) for s in obs["status"]]
        state.hp = [int(h) for h in obs["hp"]]
        state.entry_used = [int(e) for e in obs["entry_used"]]
        state.queue = [_tuple(s) for s in obs["queue"]]
        state.pending = _tuple(obs["pending"])
        state.decision = _tuple(obs["decision"])
        state.active = int(obs["active"])
        state.steps_left = int(obs["steps_left"])
        state.acted = int(obs["acted"])
        state.fired = int(obs["fired"])
        state.launched_now = int(obs["launched_now"])
        state.outcome = int(obs["outcome"])
        stopped = obs.get("stopped_by")
        state.stopped_by = None if stopped is None else str(stopped)
        state.stats = {str(k): int(v) for k, v in obs["stats"].items()}
    except (KeyError, TypeError, ValueError) as exc:
        msg = f"not a space_station observation: {exc!r}"
        raise InvalidSave(msg) from None
    return state
