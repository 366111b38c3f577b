"""A fitted value function for the search player: P(win) from a few board features.

:func:`features` describes a state at the start of a turn (after the station's move); the
weights in :data:`WEIGHTS` are a logistic regression of "the game was won" on those features,
fitted by :func:`lab.games.space_station.value_fit.fit_weights` on games of the greedy player
(the command that regenerates them is in its docstring). The fit is plain data, not rules: a different variant may deserve a
refit, and the search player still plays legally with any weights.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from lab.games.space_station.position import StationPosition

FEATURES = (
    "bias",
    "droid_hits_left",
    "droids_alive",
    "near_droid_hits_left",
    "near_droid_closeness",
    "far_droid_closeness",
    "missiles_alive",
    "missile_closeness",
    "fighters_in_play",
    "fighters_waiting",
)

# Fitted with fit_weights(SpaceStationGame(), n_games=1500, seed=11) (see its docstring).
WEIGHTS: tuple[float, ...] = (
    -1.1416, -0.8948, 0.3488, -0.401, -0.0679, -2.6986, -1.4364, 1.4843, 1.5746, 1.6651,
)


def features(state: StationPosition) -> np.ndarray:
    """The :data:`FEATURES` of ``state`` (distances are shortest routes to the station)."""
    g, geo = state.game, state.geo
    table = geo.to_orbit[state.station_k]
    droids = []
    for d in range(g.first_droid, g.first_missile):
        if state.status[d] == 1:
            droids.append((table[state.hexes[d]], state.hp[d]))
        elif state.status[d] == 0:
            droids.append((40, state.hp[d]))
    droids.sort()
    missiles = [table[state.hexes[m]] for m in range(g.first_missile, g.n_pieces) if state.status[m] == 1]
    missiles += [40 for m in range(g.first_missile, g.n_pieces) if state.status[m] == 0]
    near = droids[0] if droids else (99, 0)
    far = droids[1] if len(droids) > 1 else (99, 0)
    fighters = state.status[1:g.first_droid]
    return np.array([
        1.0,
        float(sum(hp for _, hp in droids)),
        float(len(droids)),
        float(near[1]),
        4.0 / (1.0 + near[0]) if droids else 0.0,
        4.0 / (1.0 + far[0]) if len(droids) > 1 else 0.0,
        float(len(missiles)),
        6.0 / (1.0 + min(missiles)) if missiles else 0.0,
        float(sum(1 for s in fighters if s == 1)),
        float(sum(1 for s in fighters if s == 0)),
    ])


def win_probability(state: StationPosition, weights: tuple[float, ...] = WEIGHTS) -> float:
    """Terminal: 1 for a win, 0 otherwise; else the logistic model's P(win)."""
    if state.outcome != 0:
        return 1.0 if state.outcome == 1 else 0.0
    z = float(np.dot(features(state), np.asarray(weights)))
    return 1.0 / (1.0 + np.exp(-z))
