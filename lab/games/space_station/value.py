"""A fitted value function for the search player: P(win) from a few board features.

:func:`features` describes a state at the start of a turn (after the station's move); the
weights in :data:`WEIGHTS` are a logistic regression of "the game was won" on those features,
fitted by :func:`fit_weights` on games of the greedy player (the command that regenerates
them is in its docstring). The fit is plain data, not rules: a different variant may deserve a
refit, and the search player still plays legally with any weights.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from lab.core.chance import sample_outcome
from lab.core.state import CHANCE

if TYPE_CHECKING:
    from lab.games.space_station.rules import SpaceStationState

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


def features(state: SpaceStationState) -> np.ndarray:
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


def win_probability(state: SpaceStationState, weights: tuple[float, ...] = WEIGHTS) -> float:
    """Terminal: 1 for a win, 0 otherwise; else the logistic model's P(win)."""
    if state.outcome != 0:
        return 1.0 if state.outcome == 1 else 0.0
    z = float(np.dot(features(state), np.asarray(weights)))
    return 1.0 / (1.0 + np.exp(-z))


def fit_weights(game: object, n_games: int = 3000, seed: int = 11) -> tuple[float, ...]:
    """Fit :data:`WEIGHTS` by logistic regression (Newton steps) on greedy self-play.

    Every game is recorded at the first moment of each turn; the label is whether that game was
    won. Regenerate with::

        from lab.games.space_station import SpaceStationGame
        from lab.games.space_station.value import fit_weights
        print(fit_weights(SpaceStationGame(), 3000, 11))
    """
    from lab.games.space_station.agents import greedy_action

    rows: list[np.ndarray] = []
    labels: list[float] = []
    for i in range(n_games):
        rng = np.random.default_rng([seed, i])
        state = game.new_initial_state()  # type: ignore[attr-defined]
        plan: list[int] = []
        seen_turn = 0
        game_rows: list[np.ndarray] = []
        while state.outcome == 0:
            if state.turn != seen_turn:
                seen_turn = state.turn
                game_rows.append(features(state))
            if state.current_player() == CHANCE:
                state._apply_action(sample_outcome(state._chance_outcomes(), rng))
            else:
                action, plan = greedy_action(state, plan)
                state._apply_action(action)
        rows.extend(game_rows)
        labels.extend([1.0 if state.outcome == 1 else 0.0] * len(game_rows))
    x = np.array(rows)
    y = np.array(labels)
    w = np.zeros(x.shape[1])
    ridge = 1e-3 * np.eye(x.shape[1])
    for _ in range(25):
        p = 1.0 / (1.0 + np.exp(-(x @ w)))
        grad = x.T @ (p - y) + ridge @ w
        hess = (x * (p * (1 - p))[:, None]).T @ x + ridge
        w -= np.linalg.solve(hess, grad)
    return tuple(round(float(v), 4) for v in w)
