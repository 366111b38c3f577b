"""memm's claims checked over many positions: the seed's "two faces only from the fourth turn"
(exhaustive over the first placements) and MM-4.1 / AMB-MM-6 over random games.

These take seconds, so they are not part of the mutation run (mutants/memm/config.toml); the
rules they rest on are tested position by position in test_memm_rules and test_memm_rule_details.
"""

from __future__ import annotations

from typing import Any

import pytest

import lab
from lab.games.memm import MemmState


# ================================================================== MM-4.1, AMB-MM-6
def _placement_directions(state: MemmState) -> list[str | None]:
    return [e.data["direction"] for e in state.events if e.kind == "place"]


@pytest.mark.parametrize("params", [{}, {"attach": "any"}, {"gravity": False, "match": "one"},
                                    {"max_run": 2, "column_rule": "off"}])
def test_MM_4_1_and_AMB_MM_6_hold_in_random_games(params: dict[str, Any]) -> None:
    game = lab.load("memm", players=3, **params)
    limit = game.params["max_run"]
    opposite = {"+x": "-x", "-x": "+x", "+y": "-y", "-y": "+y", "+z": "-z", "-z": "+z"}
    for seed in range(40):
        dirs = _placement_directions(lab.play(game, seed=seed))
        for i in range(len(dirs) - limit):
            window = dirs[i: i + limit + 1]
            assert not (window[0] is not None and len(set(window)) == 1), (seed, i, window)
        # AMB-MM-6: a placement never goes back the opposite way of the one before, so
        # counting an axis (+x with -x) instead of a side would change nothing
        for a, b in zip(dirs, dirs[1:], strict=False):
            assert a is None or b is None or b != opposite[a]


# ================================================================== the seed's claim
def _placements_so_far(state: MemmState) -> int:
    return len(state.order)


def _advance_to_placement(state: MemmState) -> MemmState:
    """Resolve gifts and passes (first legal choice) until a placement is due or the end."""
    while not state.is_terminal() and state.legal_actions()[0].kind != "place":
        state.apply_action(state.legal_actions()[0])
    return state


@pytest.mark.parametrize("params", [{}, {"attach": "any", "match": "one", "gravity": False,
                                         "column_rule": "off"}])
def test_MM_3_joining_two_faces_only_from_the_fourth_placement(params: dict[str, Any]) -> None:
    """Exhaustive over every legal 2nd and 3rd placement after several deals: none joins two
    faces (the 1st is the centre cube); a legal 4th placement that joins two exists."""
    found_fourth = False
    for seed in range(3):
        game = lab.load("memm", players=2, **params)
        start = lab.play(game, seed=seed, on_step=None, state=None)  # any deal; replay its chance
        state = game.new_initial_state()
        for _, action in start.history()[:37]:
            state.apply_action(action)
        assert _placements_so_far(state) == 1
        for second in state.legal_actions():
            cube, x, y, z, rot = second.args
            assert state.joined_faces(cube, (x, y, z), rot) == 1
            s2 = _advance_to_placement(state.child(second))
            if s2.is_terminal():
                continue
            for third in s2.legal_actions():
                cube, x, y, z, rot = third.args
                assert s2.joined_faces(cube, (x, y, z), rot) == 1, (seed, second, third)
                if found_fourth:
                    continue
                s3 = _advance_to_placement(s2.child(third))
                if s3.is_terminal():
                    continue
                for fourth in s3.legal_actions():
                    cube, x, y, z, rot = fourth.args
                    if s3.joined_faces(cube, (x, y, z), rot) == 2:
                        found_fourth = True
                        break
    assert found_fourth
