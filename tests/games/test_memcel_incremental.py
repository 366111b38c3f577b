"""Memcel's incremental state over many games: kept counts and the driver's random pick.

The state keeps counts (face-down tiles, face-up own tiles, cards left) up to date where a tile
turns or a card is drawn instead of scanning the board each time it asks
(:meth:`MemcelState.recount` computes them afresh). These tests play seeded random games under
several variants and check, at every step, that the kept counts equal the recount, in the state,
its clones, resampled states and states rebuilt from a save; and that the driver's pick for a
random seat (``_pick_action``) is the legal list's. (The quick checks the mutation tests run are
in ``test_memcel_kept_counts.py``.)
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from test_memcel_kept_counts import _check, _walk

import lab
from lab.core.save import state_from_json
from lab.core.state import CHANCE
from lab.games.memcel.state import MemcelState

VARIANTS: list[dict[str, Any]] = [
    {"players": 4, "max_turns": 60},
    {"players": 2, "max_turns": 60},
    {"players": 3, "max_turns": 60, "cover_scope": "turn", "revealed_by_other_counts": False},
    {"players": 2, "max_turns": 60, "revealed_by_other_counts": False, "reveal_limit": "inclusive",
     "deck": {"cover": 20, "peek": 10, "swap": 10, "extra_turn": 10}},
    {"players": 4, "max_turns": 40, "imprevisto_cards": 1, "void_attack": "pass", "ring_step": 2,
     "board_turn_degrees": 180, "card_after_success": False, "sitout_clears_defence": False},
]


@pytest.mark.parametrize("params", VARIANTS)
def test_kept_counts_equal_a_recount_at_every_step(params: dict[str, Any]) -> None:
    game = lab.load("memcel", **params)
    for seed in range(6):
        _walk(game, seed)


def test_kept_counts_survive_the_driver_clone_resample_and_save() -> None:
    game = lab.load("memcel", players=3, max_turns=80)
    rng = np.random.default_rng(5)
    for seed in range(8):
        seen: list[MemcelState] = []

        def keep(s: MemcelState, seen: list[MemcelState] = seen) -> None:
            if s.move_number() % 29 == 0:
                seen.append(s.clone())

        lab.play(game, "random", seed=seed, on_step=keep)
        for s in seen:
            _check(s)
            if not s.is_terminal():
                _check(s.resample_hidden(int(rng.integers(3)), rng))
            _check(state_from_json(s.to_json()))


@pytest.mark.parametrize("params", VARIANTS[:3])
def test_the_random_pick_is_the_legal_lists(params: dict[str, Any]) -> None:
    """``_pick_action`` asks once, with the number of legal actions, and gives ``legal[i]``."""
    game = lab.load("memcel", **params)
    for seed in range(3):
        state = game.new_initial_state()
        rng = np.random.default_rng(seed)
        while not state.is_terminal():
            cur = state.current_player()
            if cur == CHANCE:
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
                continue
            legal = state.legal_actions()
            for i in {0, len(legal) // 2, len(legal) - 1, int(rng.integers(len(legal)))}:
                asked: list[int] = []
                got = state._pick_action(cur, lambda n, i=i, asked=asked: asked.append(n) or i)
                assert asked == [len(legal)] and got == legal[i]
            state.apply_action(legal[int(rng.integers(len(legal)))])
