"""memm MM-4.2 / AMB-MM-7: the two texts' column rules, each as its text says (issue #39).

Spanish ("must"): "el mismo jugador (en caso de unión de 2 o más caras) o el siguiente jugador
(en caso de unión de una sola cara) deberá colocar su cubo de tal manera que haga contacto con
la vertical sobre la que descansa ese cubo" -- the next placement, whoever makes it, must touch
the column.

English ("may"): "When a player places a cube on top of another, the player will have, on his
next turn, the possibility of you can also put it in one of the free sides of any of the cubes
that are in the same vertical" -- the same player, on their next turn, may also attach to the
column; nobody else gets it.

A corridor without gravity (so a cube may hang beside the one on top) and ``match="one"`` with
six-colour cubes (anything fits): player 0 puts a cube on top of the red centre, joining one
face; player 1 places beside that top cube; then player 0 again.
"""

from __future__ import annotations

import pytest
from test_memm_rule_details import at, kinds
from test_memm_rules import R, position

import lab
from lab.core.actions import Action


def corridor(rule: str):
    game = lab.load("memm", players=2, match="one", gravity=False, column_rule=rule)
    state = position(game, [(0, 0, 0, R, {})], [[30, 31, 32, 33], [34, 35, 24, 25]])
    state.apply_action(at(state, (0, 0, 1)))  # player 0: on top of the centre, one face joined
    assert state.current_player() == 1 and not state.repeat
    return state


def cells(state) -> set[tuple[int, int, int]]:
    return set(state.candidate_cells())


def test_MM_4_2_must_the_next_placement_whoever_makes_it_touches_the_column() -> None:
    state = corridor("must")
    assert kinds(state, "column") == [{"column": [0, 0], "rule": "must"}]
    assert state.column == (0, 0)
    assert (1, 0, 0) in cells(state)  # beside the centre: the column's foot, for player 1
    state.apply_action(at(state, (1, 0, 1)))  # player 1, beside the top cube: not on top
    assert state.current_player() == 0 and state.column is None
    assert (0, 1, 0) not in cells(state)  # player 0's turn: the last cube only (attach='last')


def test_MM_4_2_may_is_the_same_players_option_on_their_next_turn() -> None:
    state = corridor("may")
    assert kinds(state, "column") == [{"column": [0, 0], "rule": "may", "player": 0}]
    assert state.column is None  # not player 1's
    assert (1, 0, 0) not in cells(state) and (1, 0, 1) in cells(state)  # player 1: the last cube only
    assert state.observation(None)["next_turn_columns"] == [[0, 0], None]
    state.apply_action(at(state, (1, 0, 1)))  # player 1
    assert state.current_player() == 0 and state.column == (0, 0)
    got = cells(state)
    assert (0, 1, 0) in got and (0, -1, 0) in got  # beside the column's foot: player 0 may
    assert (2, 0, 1) in got  # and beside the last cube, as always
    assert state.observation(None)["next_turn_columns"] == [None, None]
    state.apply_action(at(state, (0, 1, 0)))  # player 0 uses it
    assert state.current_player() == 1 and state.column is None
    assert (0, -1, 0) not in cells(state)  # used up: player 1 has the last cube only


def test_MM_4_2_may_is_used_up_by_a_pass_on_that_turn() -> None:
    state = corridor("may")
    state.apply_action(at(state, (1, 0, 1)))
    obs = state.observation(None)
    obs["hands"][0] = []  # player 0 has nothing to place: passes on the turn the column was for
    state = type(state).from_observation(state.game, obs)
    assert state.column == (0, 0) and state.legal_actions() == [Action("pass", ())]
    state.apply_action(Action("pass", ()))
    assert state.column is None and state.observation(None)["next_turn_columns"] == [None, None]


@pytest.mark.parametrize("rule", ["must", "may"])
def test_MM_4_2_a_repeat_is_the_same_players_next_turn_under_both_readings(rule: str) -> None:
    """Joining two faces on top (a repeat, MM-3): the column is in force for that repeat."""
    game = lab.load("memm", players=2, match="one", gravity=False, column_rule=rule)
    state = position(game, [(0, 0, 0, R, {}), (1, 0, 1, 12, {1: R})], [[6, 31, 32], [34, 35, 24]])
    here = [a for a in state.legal_actions() if a.kind == "place" and tuple(a.args[1:4]) == (0, 0, 1)]
    two = next(a for a in here if state.joined_faces(a.args[0], (0, 0, 1), a.args[4]) == 2)
    state.apply_action(two)  # touches the centre and the cube at (1, 0, 1), both faces matching
    assert state.current_player() == 0 and state.repeat
    assert state.column == (0, 0) and (0, 1, 0) in cells(state)
    assert state.observation(None)["next_turn_columns"] == [None, None]


def test_MM_4_2_off_gives_nobody_a_column() -> None:
    state = corridor("off")
    assert kinds(state, "column") == [] and state.column is None
    state.apply_action(at(state, (1, 0, 1)))
    assert state.column is None and (0, 1, 0) not in cells(state)


def test_MM_4_2_may_a_kept_column_survives_a_rebuild_from_the_observation() -> None:
    """The column player 0 keeps for their next turn is public (memm hides nothing): a state
    rebuilt from the observation (what the search agents plan on) keeps it, column (1, 0) and
    all, and gives player 0 the same cells on that turn."""
    game = lab.load("memm", players=2, match="one", gravity=False, column_rule="may")
    state = position(game, [(0, 0, 0, R, {}), (1, 0, 0, 1, {})], [[30, 31, 32, 33], [34, 35, 24, 25]])
    state.apply_action(at(state, (1, 0, 1)))  # player 0: on top of the cube at (1, 0, 0)
    assert state.observation(None)["next_turn_columns"] == [[1, 0], None]
    twin = type(state).from_observation(game, state.observation(None))
    assert twin.observation(None) == state.observation(None)
    for s in (state, twin):
        s.apply_action(at(s, (2, 0, 1)))  # player 1, beside the last cube
    assert state.column == (1, 0) and twin.column == (1, 0)
    assert cells(twin) == cells(state) and (1, 1, 0) in cells(state)  # beside the column's foot


def test_MM_4_2_may_a_column_for_a_turn_that_never_comes_leaves_the_ended_game_without_one() -> None:
    """Player 1, the last of the round, places their last cube on top: they are out and the
    round is complete (MM-5), so the game ends with no column in force for anyone."""
    game = lab.load("memm", players=2, match="one", gravity=False, column_rule="may")
    state = position(game, [(0, 0, 0, R, {})], [[30, 31], [32]], to_move=1)
    state.apply_action(at(state, (0, 0, 1)))
    assert state.is_terminal() and state.returns()[1] > state.returns()[0]
    assert kinds(state, "column") == [{"column": [0, 0], "rule": "may", "player": 1}]
    assert state.observation(None)["column"] is None
