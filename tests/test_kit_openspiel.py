"""Kit Pig and Goofspiel against OpenSpiel's ``pig`` and ``goofspiel`` under uniform random play.

Both implementations are configured alike (OpenSpiel's parameter names in brackets):
Pig with 2 players, a d6 [diceoutcomes=6], target 30 [winscore=30] and no binding limit
[horizon=100000; the kit's safety limit, 10 000 steps, is never reached at this target];
Goofspiel with 2 players, 13 cards [num_cards=13], prizes in random order [points_order=random],
bids revealed [imp_info=false], a tied prize discarded and +1/-1/0 returns
[returns_type=win_loss]. Game lengths are compared in player decisions (OpenSpiel's history
also counts chance steps; its last Goofspiel round is played automatically).

Each statistic (a mean or a rate) must agree within the 99% interval of the difference of two
independent means, and a game-length quantile bin within the same interval.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable

import numpy as np
import pytest

import lab
from lab.kit.examples import Goofspiel, Pig

pyspiel = pytest.importorskip("pyspiel")

N = 400
Z99 = 2.5758


def _agree(a: list[float], b: list[float], what: str) -> None:
    ma, mb = float(np.mean(a)), float(np.mean(b))
    se = math.sqrt(np.var(a, ddof=1) / len(a) + np.var(b, ddof=1) / len(b))
    assert abs(ma - mb) <= Z99 * se + 1e-12, f"{what}: kit {ma:.3f} vs OpenSpiel {mb:.3f} (99% half-width {Z99 * se:.3f})"


def _openspiel_games(name: str, params: dict, n: int, seed: int, summary: Callable) -> list[tuple[float, ...]]:
    game = pyspiel.load_game(name, params)
    rng = np.random.default_rng(seed)
    rows = []
    for _ in range(n):
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(outcomes[rng.choice(len(outcomes), p=probs)]))
            elif state.is_simultaneous_node():
                state.apply_actions([int(rng.choice(state.legal_actions(p))) for p in range(game.num_players())])
                decisions += 1
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
                decisions += 1
        rows.append(summary(state, decisions))
    return rows


def test_kit_pig_matches_openspiel_pig_under_random_play() -> None:
    theirs = _openspiel_games(
        "pig", {"players": 2, "winscore": 30, "diceoutcomes": 6, "horizon": 100_000}, N, 1,
        lambda s, d: (float(d), float(s.returns()[0] > 0)),
    )
    df = lab.simulate(Pig(target=30, die=6), n_games=N, seed=2)
    assert (df["unfinished"] == 0).all()
    ours = list(zip(df["length_decisions"].astype(float), (df["winner"] == 0).astype(float), strict=True))
    _agree([r[0] for r in ours], [r[0] for r in theirs], "Pig game length (decisions)")
    _agree([r[1] for r in ours], [r[1] for r in theirs], "Pig first-seat win rate")
    median = float(np.median([r[0] for r in ours + theirs]))
    _agree([r[0] <= median for r in ours], [r[0] <= median for r in theirs], "Pig share of games at most the median length")


def _goofspiel_points(state: object, decisions: int) -> tuple[float, ...]:
    points = re.search(r"Points: (\d+) (\d+)", str(state))
    assert points is not None, str(state)
    returns = state.returns()  # type: ignore[attr-defined]
    return (float(points.group(1)), float(returns[0] > 0), float(returns[0] == 0))


def test_kit_goofspiel_matches_openspiel_goofspiel_under_random_play() -> None:
    theirs = _openspiel_games(
        "goofspiel",
        {"players": 2, "num_cards": 13, "points_order": "random", "imp_info": False, "returns_type": "win_loss"},
        N, 3, _goofspiel_points,
    )
    game = Goofspiel(cards=13)
    ours = []
    for seed in range(N):
        state = lab.play(game, seed=seed)
        data = state.full_state()["data"]
        assert len(data["played"]) == 13  # the length: 13 rounds, as OpenSpiel's 13 point cards
        r = state.returns()
        ours.append((float(data["scores"][0]), float(r[0] > 0), float(r[0] == 0)))
    _agree([r[0] for r in ours], [r[0] for r in theirs], "Goofspiel seat-0 points")
    _agree([r[1] for r in ours], [r[1] for r in theirs], "Goofspiel first-seat win rate")
    _agree([r[2] for r in ours], [r[2] for r in theirs], "Goofspiel draw rate")
