"""Refit the search player's win model (:data:`lab.games.space_station.value.WEIGHTS`).

A tool, not part of play: :func:`fit_weights` plays the greedy player
(:mod:`lab.games.space_station.agents`) and fits a logistic regression of "the game was won" on
:func:`lab.games.space_station.value.features`.
"""

from __future__ import annotations

import numpy as np

from lab.core.chance import sample_outcome
from lab.core.state import CHANCE
from lab.games.space_station.agents import greedy_action
from lab.games.space_station.value import features


def fit_weights(game: object, n_games: int = 3000, seed: int = 11) -> tuple[float, ...]:
    """Fit :data:`~lab.games.space_station.value.WEIGHTS` by logistic regression (Newton steps) on greedy self-play.

    Every game is recorded at the first moment of each turn; the label is whether that game was
    won. Regenerate with::

        from lab.games.space_station.game import SpaceStationGame
        from lab.games.space_station.value_fit import fit_weights
        print(fit_weights(SpaceStationGame(), 3000, 11))
    """
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
