"""Memcel's kept counts (face-down tiles, face-up own tiles, cards left) equal a recount.

The state keeps these counts up to date where a tile turns or a card is drawn, instead of
scanning the board each time it asks; :meth:`MemcelState.recount` computes them afresh. Quick
checks (short seeded games, at every step) that the mutation tests run; the long playthroughs
over many variants, clones, resamples and saves are in ``test_memcel_incremental.py``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import lab
from lab.core.state import CHANCE
from lab.games.memcel.state import MemcelState


def _check(state: MemcelState) -> None:
    assert state.kept_counts() == state.recount(), f"kept counts wrong at move {state.move_number()}"


def _walk(game: lab.Game, seed: int) -> MemcelState:
    """A seeded random game, checked at every step; a clone checked and played on now and then."""
    state = game.new_initial_state()
    rng = np.random.default_rng(seed)
    while not state.is_terminal():
        _check(state)
        cur = state.current_player()
        if cur == CHANCE:
            outcomes = state.chance_outcomes()
            action = outcomes[int(rng.integers(len(outcomes)))][0]
        else:
            legal = state.legal_actions()
            action = legal[int(rng.integers(len(legal)))]
        if state.move_number() % 37 == 0:
            twin = state.clone()
            twin.apply_action(action)
            _check(twin)
        state.apply_action(action)
    _check(state)
    return state


@pytest.mark.parametrize("params", [
    {"players": 2, "max_turns": 40},
    {"players": 3, "max_turns": 40, "revealed_by_other_counts": False, "cover_scope": "turn",
     "deck": {"cover": 20, "peek": 10, "swap": 10, "lose_turn": 5, "extra_turn": 5}},
])
def test_kept_counts_in_short_games(params: dict[str, Any]) -> None:
    game = lab.load("memcel", **params)
    for seed in range(2):
        _walk(game, seed)


def test_a_wrong_kept_count_is_caught() -> None:
    """The check fails when a kept count is off (it would not pass a broken cache)."""
    state = _walk(lab.load("memcel", players=2, max_turns=20), 0)
    state.down += 1
    with pytest.raises(AssertionError, match="kept counts wrong"):
        _check(state)
