"""Actions are validated once, at the boundary, whatever their type (issue 20, item 2).

An :class:`~lab.Action` whose arguments are ``0.0``, ``False`` or ``numpy.int64(0)`` compares
equal to a legal one. The checked ``apply_action`` / ``apply_actions`` must either convert it to
the exact legal action (NumPy scalars) or refuse it with ``IllegalAction`` *before anything is
recorded*, leaving the state exactly as it was. A hypothesis property test drives every game to
random points of a real game and offers such look-alikes of its legal actions.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import lab
from lab import Action
from lab.core.state import SIMULTANEOUS, State

GAMES = lab.game_names()


def _lookalikes(value: Any) -> list[tuple[Any, bool]]:
    """Values equal (``==``) to ``value`` but of another type, and whether each is convertible."""
    out: list[tuple[Any, bool]] = []
    if isinstance(value, bool):
        out += [(int(value), False), (float(value), False), (np.bool_(value), True), (np.int64(value), False)]
    elif isinstance(value, int):
        out += [(float(value), False), (np.int64(value), True), (np.int32(value), True), (np.float64(value), False)]
        if value in (0, 1):
            out += [(bool(value), False), (np.bool_(value), False)]
    else:
        out += [(np.str_(value), True)]
    return out


def _states(name: str, seed: int) -> list[State]:
    """States along one random game of ``name`` (every few steps)."""
    game = lab.load(name)
    final = lab.play(game, seed=seed)
    history = final.history()
    return [lab.replay(game, history[:k]) for k in range(0, len(history), max(1, len(history) // 12))]


_CACHE: dict[tuple[str, int], list[State]] = {}


def _cached_states(name: str, seed: int) -> list[State]:
    key = (name, seed)
    if key not in _CACHE:
        _CACHE[key] = _states(name, seed)
    return _CACHE[key]


def _apply(state: State, player: int, action: Any) -> None:
    if state.current_player() == SIMULTANEOUS:
        joint = {p: state.legal_actions(p)[0] for p in state.acting_players()}
        joint[player] = action
        state.apply_actions(joint)
    else:
        state.apply_action(action)


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_lookalike_arguments_are_converted_or_refused_with_the_state_unchanged(name: str, data: st.DataObject) -> None:
    states = _cached_states(name, data.draw(st.integers(0, 2), label="seed"))
    state = data.draw(st.sampled_from([s for s in states if not s.is_terminal()]), label="state").clone()
    cur = state.current_player()
    player = data.draw(st.sampled_from(state.acting_players()), label="player") if cur == SIMULTANEOUS else cur
    legal = state.legal_actions(player) if cur == SIMULTANEOUS else state.legal_actions()
    action = data.draw(st.sampled_from(legal), label="legal action")
    if not action.args:
        return
    i = data.draw(st.integers(0, len(action.args) - 1), label="argument")
    fake, convertible = data.draw(st.sampled_from(_lookalikes(action.args[i])), label="look-alike")
    forged = Action(action.kind, (*action.args[:i], fake, *action.args[i + 1:]))
    assert forged == action  # the danger: it compares equal to the legal action
    before, history = state.to_json(), state.history()
    if convertible:
        expected = state.clone()
        _apply(expected, player, action)
        _apply(state, player, forged)
        assert state == expected
        assert all(type(a) in (int, str, bool) for h in state.history() for a in _args(h))
        assert lab.state_from_json(state.to_json()) == state  # and the game can still be saved
    else:
        with pytest.raises(lab.IllegalAction):
            _apply(state, player, forged)
        assert state.to_json() == before and state.history() == history


def _args(item: Any) -> list[Any]:
    actions = item.action if item.player == SIMULTANEOUS else (item.action,)
    return [a for act in actions if act is not None for a in act.args]


def test_memcel_place_with_a_float_slot_is_refused_before_it_is_recorded() -> None:
    """The issue's reproduction: ``place("red", 0.0)`` appended to the history, then TypeError."""
    game = lab.load("memcel")
    state = game.new_initial_state()
    while state.current_player() < 0:
        state.apply_action(state.legal_actions()[0])
    legal = state.legal_actions()[0]
    before = state.to_json()
    for args in ((legal.args[0], float(legal.args[1])), (legal.args[0], False), (legal.args[0], None), (legal.args[0],)):
        with pytest.raises(lab.IllegalAction):
            state.apply_action(Action("place", args))
        assert state.to_json() == before
    state.apply_action(Action("place", (np.str_(legal.args[0]), np.int64(legal.args[1]))))
    assert state.history()[-1].action == legal and type(state.history()[-1].action.args[1]) is int
    state.to_json()  # used to raise: numpy integers are not JSON


def test_a_custom_agent_returning_numpy_integers_plays_a_savable_game(game_name: str) -> None:
    """An agent returning look-alike actions gets them converted (NumPy) or refused (floats)."""

    class NumpyAgent(lab.agents.RandomAgent):
        def step(self, observation: Any, legal: Any, rng: np.random.Generator) -> Action:
            a = legal[int(rng.integers(len(legal)))]
            return Action(a.kind, tuple(np.int64(x) if type(x) is int else x for x in a.args))

    class FloatAgent(lab.agents.RandomAgent):
        def step(self, observation: Any, legal: Any, rng: np.random.Generator) -> Action:
            for a in legal:
                if any(type(x) is int for x in a.args):
                    return Action(a.kind, tuple(float(x) if type(x) is int else x for x in a.args))
            return legal[0]

    game = lab.load(game_name)
    seats = game.num_players()
    state = lab.play(game, [NumpyAgent() for _ in range(seats)], seed=1)
    assert lab.state_from_json(state.to_json()) == state
    assert state == lab.play(game, [lab.agents.RandomAgent() for _ in range(seats)], seed=1)
    with pytest.raises(lab.IllegalAction, match="float"):
        lab.play(game, [FloatAgent() for _ in range(seats)], seed=1)
